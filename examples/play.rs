//! Play a game in the terminal, against the engine, a friend, or watch two
//! engines.
//!
//! ```text
//! cargo run --release --example play -- [[--game] GAME] [--south human|engine] [--north human|engine]
//!     [--depth D] [--time MS] [--mcts [--iterations N] [--seed S]] [--table FILE] [--auto] [--match]
//! ```
//!
//! - GAME or `--game GAME`: any shipped game or variant (`--help` lists them):
//!   `bohnenspiel` (default), `djenon-aboure`, `tihbat`, `al-manqala`,
//!   `oware`, `kalah`, `kalah-6-empty-capture`, ...
//! - `--south`, `--north`: who plays each side (default: you play South
//!   against the engine).
//! - `--auto`: engine against engine, the whole game printed move by move.
//! - `--depth D`: alpha-beta depth (default: Bohnenspiel 12, Djenon-aboure
//!   16, Tihbat 40, Al-manqala 10, Oware 12, Kalah 12); `--time MS`: the
//!   most a move may take. Both: D plies at most within MS ms (as in every
//!   example); `--time` alone: as deep as MS allows.
//! - `--mcts`: Monte-Carlo tree search instead of alpha-beta, `--iterations`
//!   playouts a move (default 20000) or `--time`, or N at most within MS ms,
//!   seeded by `--seed`.
//! - `--table FILE`: an endgame table of the game (built by the `solve`
//!   example's `--out`), which the alpha-beta engine asks for the exact
//!   value of every position it covers; read from the file, not loaded.
//! - `--match`: a Bohnenspiel Partie (of `bohnenspiel` or
//!   `bohnenspiel-hemprich`), games until a player reaches 100 points, the
//!   starting player alternating.
//!
//! The move log says when a player plays again (Kalah: the last seed in
//! their store); in games with stores the diagram labels the captures
//! "store".
//!
//! Numbers are range-checked (`--help` lists the ranges). At your turn type a pit number, `pass`, `undo` (take back your last move
//! and the replies), `hint` (the engine's suggestion), `help` or `quit`.
//!
//! Al-manqala's players agree to split the board when a position occurs for
//! the third time. Bohnenspiel and Djenon-aboure have no rule for endless
//! play; **the crate's choice** (`Game::automated_stop`): when a position
//! occurs for the third time the game stops and the seeds on the board are
//! split equally.

//!
//! The program is written against [`AnyGame`] and [`AnyEngine`], with no
//! generic code of its own: the engines of every game are compiled once, in
//! the library.
//!
//! [`AnyGame`]: mancala_rules::AnyGame
//! [`AnyEngine`]: mancala_rules::AnyEngine

#[macro_use]
mod common;
#[path = "play/options.rs"]
mod options;

use std::io::BufRead;
use std::process::ExitCode;

use mancala_rules::games::Partie;
use mancala_rules::playout::SplitMix64;
use mancala_rules::{
    AgreementPolicy, AnyEngine, AnyGame, AutomatedStop, EndReason, GameKind, MoveReport, Outcome, Player,
};
use options::{Options, Side};

/// The longest command line read at a prompt (the rest of a longer one is
/// dropped).
const MAX_COMMAND: usize = 1024;

trait OptionsExt {
    fn side(&self, player: Player) -> Side;
    fn default_depth(&self) -> u32;
}

impl OptionsExt for Options {
    fn side(&self, player: Player) -> Side {
        self.sides[player.index()]
    }

    fn default_depth(&self) -> u32 {
        // Each well under a second a move on a laptop (every kind listed, so
        // that a new one gets a depth of its own).
        match self.kind {
            GameKind::Bohnenspiel | GameKind::BohnenspielHemprich => 12,
            GameKind::DjenonAboure => 16,
            GameKind::Tihbat | GameKind::TihbatChain => 40,
            GameKind::AlManqala => 10,
            GameKind::Oware => 12,
            GameKind::Kalah
            | GameKind::Kalah3
            | GameKind::Kalah5
            | GameKind::Kalah6
            | GameKind::KalahEmptyCapture
            | GameKind::Kalah3EmptyCapture
            | GameKind::Kalah5EmptyCapture
            | GameKind::Kalah6EmptyCapture => 12,
            // A declared game: by its board's size.
            GameKind::Declared(declared) if declared.pits() <= 4 => 30,
            GameKind::Declared(_) => 10,
        }
    }
}

/// The board drawn, with the captures labelled "store" in games that keep
/// them in stores (`Rules::stores`).
fn draw(game: &AnyGame) -> String {
    game.diagram()
}

/// An engine as the options ask: alpha-beta (with the table file, if
/// given) or MCTS.
fn engine(opts: &Options, seed: u64) -> Result<AnyEngine, String> {
    if opts.mcts {
        return Ok(AnyEngine::mcts(opts.kind, options::mcts_limits(opts), seed));
    }
    let limits = common::search_limits(opts.depth, opts.default_depth(), opts.time);
    match &opts.table {
        Some(path) => AnyEngine::alpha_beta_with_table(opts.kind, limits, path)
            .map_err(|e| format!("cannot use the table: {e}")),
        None => Ok(AnyEngine::alpha_beta(opts.kind, limits)),
    }
}

/// South's engine and North's.
fn engines(opts: &Options) -> Result<[AnyEngine; 2], String> {
    Ok([engine(opts, opts.seed)?, engine(opts, opts.seed ^ 0x5EED)?])
}

/// How a game came to an end in this program.
enum Ending {
    Over(Outcome),
    Quit,
}

/// Reads commands from stdin; `None` at the end of input, or after a read
/// error (reported on stderr, and the program's exit status becomes 1).
struct Input<B: BufRead> {
    reader: B,
    failed: bool,
}

impl<B: BufRead> Input<B> {
    fn new(reader: B) -> Self {
        Input {
            reader,
            failed: false,
        }
    }

    fn ask(&mut self, prompt: &str) -> Option<String> {
        if self.failed {
            return None;
        }
        out!("{prompt}");
        match common::read_line_bounded(&mut self.reader, MAX_COMMAND) {
            Ok(line) => line.map(|line| line.trim().to_ascii_lowercase()),
            Err(e) => {
                errln!("\nplay: cannot read the input: {e}");
                self.failed = true;
                None
            }
        }
    }
}

/// One game from `game`'s position to its end.
struct Table<'a, B: BufRead> {
    game: AnyGame,
    opts: &'a Options,
    engines: &'a mut [AnyEngine; 2],
    input: &'a mut Input<B>,
    boards: bool,
    /// Engine moves chosen at random at the start (varied match games).
    random_plies: usize,
    rng: SplitMix64,
}

impl<B: BufRead> Table<'_, B> {
    fn show(&self) {
        if self.boards {
            outln!("{}\n", draw(&self.game));
        }
    }

    fn play(&mut self) -> Ending {
        self.show();
        loop {
            // No move limit: a game that goes round stops at a third occurrence.
            match self.game.automated_stop(AgreementPolicy::default(), usize::MAX) {
                Some(AutomatedStop::Over(outcome)) => {
                    if outcome.reason == EndReason::Agreement {
                        outln!("The position occurred a third time: the players agree to split the board.");
                    }
                    return Ending::Over(outcome);
                }
                Some(AutomatedStop::Endless) => {
                    outln!(
                        "The position occurred a third time and the rules have no end for endless play: \
                         the game stops and the board is split."
                    );
                    return Ending::Over(self.game.split(EndReason::Repetition));
                }
                Some(AutomatedStop::MoveLimit) | None => {}
            }
            let player = self.game.to_move();
            let done = match self.opts.side(player) {
                Side::Engine => self.engine_turn(player),
                Side::Human => self.human_turn(player),
            };
            if !done {
                return Ending::Quit;
            }
        }
    }

    /// The engine's move and a line about how it saw the position.
    fn think(&mut self, player: Player) -> (Option<mancala_rules::Move>, String) {
        match self.engines[player.index()].think(&self.game) {
            Ok(thought) => (thought.best(), thought.to_string()),
            Err(e) => (None, e.to_string()),
        }
    }

    fn engine_turn(&mut self, player: Player) -> bool {
        let (mv, note) = if self.game.moves().len() < self.random_plies {
            let moves = self.game.legal_moves();
            (
                moves.nth_move(self.rng.below(moves.len())),
                "random opening move".to_string(),
            )
        } else {
            self.think(player)
        };
        let Some(mv) = mv else { return false };
        match self.game.play(mv) {
            Ok(report) => {
                self.announce(&report, Some(&note));
                true
            }
            Err(e) => {
                outln!("the engine chose an illegal move ({e}); stopping");
                false
            }
        }
    }

    fn announce(&self, report: &MoveReport, note: Option<&str>) {
        let mut line = format!(
            "{}. {} plays {}",
            self.game.moves().len(),
            report.player,
            report.mv
        );
        if report.laps > 1 {
            line += &format!(", {} laps", report.laps);
        }
        if report.seeds_captured > 0 {
            line += &format!(", captures {} (pits {})", report.seeds_captured, report.captured);
        }
        // The mover keeps the turn (Kalah: the last seed in their store).
        if self.game.to_move() == report.player && self.game.outcome().is_none() {
            line += ", plays again";
        }
        if self.boards {
            match note {
                Some(note) => outln!("{line}   [{note}]"),
                None => outln!("{line}"),
            }
        }
        self.show();
    }

    /// Reads commands until a move is played (`true`) or the player quits.
    fn human_turn(&mut self, player: Player) -> bool {
        let moves = self.game.legal_moves();
        let pits = self.game.pits().len();
        let prompt = format!("{player} to move ({moves}; or undo, hint, help, quit)> ");
        loop {
            let Some(command) = self.input.ask(&prompt) else {
                outln!();
                return false;
            };
            match command.as_str() {
                "" => continue,
                "quit" | "q" | "exit" => return false,
                "help" | "?" => outln!("{}", help(pits)),
                "hint" => self.hint(player),
                "undo" => {
                    self.undo();
                    return true;
                }
                text => match text.parse::<mancala_rules::Move>() {
                    Err(_) => outln!(
                        "'{text}' is not a move: type a pit number (1-{pits}), pass, undo, hint, help or quit"
                    ),
                    Ok(mv) => match self.game.play(mv) {
                        Err(e) => outln!("{e}; legal moves: {moves}"),
                        Ok(report) => {
                            self.announce(&report, None);
                            return true;
                        }
                    },
                },
            }
        }
    }

    fn hint(&mut self, player: Player) {
        match self.think(player) {
            (Some(mv), note) => outln!("hint: {mv}   [{note}]"),
            (None, _) => outln!("no hint: the game is over"),
        }
    }

    /// Takes back moves until it is a human's turn again (at least one move).
    fn undo(&mut self) {
        if self.game.undo().is_none() {
            outln!("nothing to undo");
            return;
        }
        while self.opts.side(self.game.to_move()) == Side::Engine && !self.game.moves().is_empty() {
            self.game.undo();
        }
        outln!("taken back: {} moves played", self.game.moves().len());
        self.show();
    }
}

fn help(pits: usize) -> String {
    format!(
        "Pits are numbered 1-{pits} counterclockwise from South's leftmost pit: South owns 1-{}, \
         North {}-{pits}.\nType a pit number to sow it, 'pass' when you must pass, 'undo' to take back \
         your last move, 'hint' for the engine's suggestion, 'quit' to stop.",
        pits / 2,
        pits / 2 + 1
    )
}

fn print_result(outcome: &Outcome, moves: usize) {
    outln!("Game over after {moves} moves: {outcome}.");
}

/// Plays one game; `false` when the input failed.
fn run(opts: &Options, engines: &mut [AnyEngine; 2]) -> bool {
    let engine_note = match (opts.mcts, &opts.table) {
        (true, _) => "Monte-Carlo tree search".to_string(),
        (false, None) => "alpha-beta".to_string(),
        (false, Some(path)) => format!("alpha-beta, endgame table {path}"),
    };
    outln!(
        "{}: South {:?}, North {:?} ({engine_note})\n",
        opts.kind,
        opts.sides[0],
        opts.sides[1]
    );
    let mut input = Input::new(std::io::stdin().lock());
    let mut table = Table {
        game: opts.kind.new_game(),
        opts,
        engines,
        input: &mut input,
        boards: true,
        random_plies: 0,
        rng: SplitMix64::new(opts.seed),
    };
    match table.play() {
        Ending::Over(outcome) => print_result(&outcome, table.game.moves().len()),
        Ending::Quit => outln!("Game abandoned after {} moves.", table.game.moves().len()),
    }
    !input.failed
}

/// A Bohnenspiel Partie to 100 points (of `bohnenspiel` or
/// `bohnenspiel-hemprich`: the options allow `--match` for no other game).
/// Engine-only matches print each game as one line of moves, and open each
/// game with two random moves (seeded by `--seed`): deterministic engines
/// would otherwise replay the same drawn game forever. With a human the
/// boards are drawn. `false` when the input failed.
fn run_match(opts: &Options, engines: &mut [AnyEngine; 2]) -> bool {
    const MAX_GAMES: usize = 50;
    let mut partie = Partie::new();
    let mut input = Input::new(std::io::stdin().lock());
    let boards = opts.sides.contains(&Side::Human);
    let mut rng = SplitMix64::new(opts.seed);
    while partie.winner().is_none() {
        if partie.games.len() >= MAX_GAMES {
            outln!("No winner after {MAX_GAMES} games: the match is abandoned.");
            return true;
        }
        let number = partie.games.len() + 1;
        let starter = partie.next_starter();
        outln!("Game {number}: {starter} starts.");
        let start = partie.next_start();
        let Ok(game) = opts.kind.game_from(&start.pits, start.scores, start.to_move) else {
            return true;
        };
        let mut table = Table {
            game,
            opts,
            engines: &mut *engines,
            input: &mut input,
            boards,
            random_plies: if boards { 0 } else { 2 },
            rng: SplitMix64::new(rng.next_u64()),
        };
        let outcome = match table.play() {
            Ending::Over(outcome) => outcome,
            Ending::Quit => {
                outln!("Match abandoned.");
                return !input.failed;
            }
        };
        if !boards {
            let moves: Vec<String> = table.game.moves().iter().map(ToString::to_string).collect();
            outln!("  {}", moves.join(" "));
        }
        print_result(&outcome, table.game.moves().len());
        partie.record(outcome.totals);
        let [south, north] = partie.totals();
        outln!("Match score: South {south}, North {north}.\n");
    }
    if let Some(winner) = partie.winner() {
        outln!("{winner} wins the match after {} games.", partie.games.len());
    }
    true
}

fn main() -> ExitCode {
    let opts = common::parse_or_exit("play", &options::usage(), options::parse);
    let mut engines = match engines(&opts) {
        Ok(engines) => engines,
        Err(e) => {
            errln!("play: {e}");
            return ExitCode::from(2);
        }
    };
    let ok = if opts.partie {
        run_match(&opts, &mut engines)
    } else {
        run(&opts, &mut engines)
    };
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
