//! Play a game in the terminal, against the engine, a friend, or watch two
//! engines.
//!
//! ```text
//! cargo run --release --example play -- [--game NAME] [--south human|engine] [--north human|engine]
//!     [--depth N | --time MS] [--mcts [--iterations N] [--seed S]] [--auto] [--match]
//! ```
//!
//! - `--game`: any shipped game or variant (`--help` lists them):
//!   `bohnenspiel` (default), `djenon-aboure`, `tihbat`, `al-manqala`,
//!   `oware`, `kalah`, `kalah-6-empty-capture`, ...
//! - `--south`, `--north`: who plays each side (default: you play South
//!   against the engine).
//! - `--auto`: engine against engine, the whole game printed move by move.
//! - `--depth N`: alpha-beta depth (default: Bohnenspiel 12, Djenon-aboure
//!   16, Tihbat 40, Al-manqala 10, Oware 12, Kalah 12);
//!   `--time MS`: think that long per move instead.
//! - `--mcts`: Monte-Carlo tree search instead of alpha-beta, `--iterations`
//!   playouts a move (default 20000) or `--time`, seeded by `--seed`.
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
//! play; **this program's choice**: when a position occurs for the third time
//! the game stops and the seeds on the board are split equally.

#[macro_use]
mod common;

use std::io::BufRead;
use std::process::ExitCode;

use common::{PlayOptions as Options, Side};
use mancala_rules::games::{Bohnenspiel, BohnenspielPosition, Partie};
use mancala_rules::playout::SplitMix64;
use mancala_rules::search::{AlphaBeta, Limits, Mcts, MctsLimits};
use mancala_rules::{
    AgreementPolicy, Board, EndReason, Game, GameKind, Move, MoveReport, Outcome, Player, Repetition,
    Ruleset, WithRuleset,
};

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
        }
    }
}

/// How boards are drawn: the library's diagram, reached through `AnyGame`
/// (the `Board` trait that generic code sees has none), with the captures
/// labelled "store" in games that keep them in stores.
#[derive(Clone, Copy)]
struct Look {
    kind: GameKind,
    stores: bool,
}

impl Look {
    fn new(kind: GameKind) -> Look {
        Look {
            kind,
            stores: has_stores(kind),
        }
    }

    fn draw<B: Board>(self, pos: &B) -> String {
        let to_move = u8::try_from(pos.to_move().index()).unwrap_or(0);
        match self.kind.game_from(pos.pits(), pos.scores(), to_move) {
            Ok(game) if self.stores => game.diagram().replace("captured", "store"),
            Ok(game) => game.diagram(),
            // Only for a position the kind cannot hold: its notation instead.
            Err(_) => pos.to_string(),
        }
    }
}

/// Whether the game declares stores (`Rules::stores`).
fn has_stores(kind: GameKind) -> bool {
    kind.rules().stores
}

/// An engine of either kind, with its limits.
enum Bot<R: Ruleset> {
    AlphaBeta(Box<AlphaBeta<R>>, Limits),
    Mcts(Box<Mcts<R>>, MctsLimits),
}

impl<R: Ruleset> Bot<R> {
    fn new(rules: R, opts: &Options, seed: u64) -> Bot<R> {
        if opts.mcts {
            let limits = match opts.time {
                Some(time) => MctsLimits::time(time),
                None => MctsLimits::iterations(opts.iterations),
            };
            Bot::Mcts(Box::new(Mcts::new(rules).with_seed(seed)), limits)
        } else {
            let limits = match opts.time {
                Some(time) => Limits::time(time),
                None => Limits::depth(opts.depth.unwrap_or(opts.default_depth())),
            };
            Bot::AlphaBeta(Box::new(AlphaBeta::new(rules)), limits)
        }
    }

    /// The engine's move and a line about how it saw the position.
    fn think(&mut self, game: &Game<R>) -> (Option<Move>, String) {
        match self {
            Bot::AlphaBeta(engine, limits) => {
                let r = engine.search_game(game, *limits);
                let pv: Vec<String> = r.pv.iter().map(Move::to_string).collect();
                let note = format!(
                    "depth {}, score {}, {} nodes, line {}",
                    r.depth,
                    describe_score(r.score),
                    r.nodes,
                    pv.join(" ")
                );
                (r.best, note)
            }
            Bot::Mcts(engine, limits) => {
                let r = engine.search_game(game, *limits);
                let pv: Vec<String> = r.pv.iter().take(8).map(Move::to_string).collect();
                let note = format!(
                    "{} playouts, expected result {:.2}, line {}",
                    r.iterations,
                    r.score,
                    pv.join(" ")
                );
                (r.best, note)
            }
        }
    }
}

fn describe_score(score: i32) -> String {
    match mancala_rules::search::proven_margin(score) {
        Some(m) if m > 0 => format!("wins by {m}"),
        Some(m) => format!("loses by {}", -m),
        None => format!("{score:+}"),
    }
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
struct Table<'a, R: Ruleset, B: BufRead> {
    game: Game<R>,
    opts: &'a Options,
    bots: [Bot<R>; 2],
    input: &'a mut Input<B>,
    look: Look,
    boards: bool,
    /// Engine moves chosen at random at the start (varied match games).
    random_plies: usize,
    rng: SplitMix64,
}

impl<R: Ruleset, B: BufRead> Table<'_, R, B> {
    fn show(&self) {
        if self.boards {
            outln!("{}\n", self.look.draw(self.game.position()));
        }
    }

    fn play(&mut self) -> Ending {
        self.show();
        loop {
            if self.game.apply_policy(AgreementPolicy::default()) {
                outln!("The position occurred a third time: the players agree to split the board.");
            }
            if let Some(outcome) = self.game.outcome() {
                return Ending::Over(outcome);
            }
            if let Some(outcome) = self.endless() {
                outln!(
                    "The position occurred a third time and the rules have no end for endless play: \
                     the game stops and the board is split."
                );
                return Ending::Over(outcome);
            }
            let player = self.game.position().to_move();
            let done = match self.opts.side(player) {
                Side::Engine => self.engine_turn(player),
                Side::Human => self.human_turn(player),
            };
            if !done {
                return Ending::Quit;
            }
        }
    }

    /// The split this program applies when a game without a repetition rule
    /// or agreement goes round in a loop.
    fn endless(&self) -> Option<Outcome> {
        let rules = self.game.rules();
        let has_rule = rules.repetition() != Repetition::Continues || rules.agreement();
        (!has_rule && self.game.occurrences() >= 3)
            .then(|| Outcome::split(self.game.position(), EndReason::Repetition))
    }

    fn engine_turn(&mut self, player: Player) -> bool {
        let (mv, note) = if self.game.moves().len() < self.random_plies {
            let moves = self.game.legal_moves();
            (
                moves.nth_move(self.rng.below(moves.len())),
                "random opening move".to_string(),
            )
        } else {
            self.bots[player.index()].think(&self.game)
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
        if self.game.position().to_move() == report.player && self.game.outcome().is_none() {
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
        let prompt = format!("{player} to move ({moves}; or undo, hint, help, quit)> ");
        loop {
            let Some(command) = self.input.ask(&prompt) else {
                outln!();
                return false;
            };
            match command.as_str() {
                "" => continue,
                "quit" | "q" | "exit" => return false,
                "help" | "?" => outln!("{}", help(R::Position::PITS)),
                "hint" => self.hint(player),
                "undo" => {
                    self.undo();
                    return true;
                }
                text => match text.parse::<Move>() {
                    Err(_) => outln!(
                        "'{text}' is not a move: type a pit number (1-{}), pass, undo, hint, help or quit",
                        R::Position::PITS
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
        let (mv, note) = self.bots[player.index()].think(&self.game);
        match mv {
            Some(mv) => outln!("hint: {mv}   [{note}]"),
            None => outln!("no hint: the game is over"),
        }
    }

    /// Takes back moves until it is a human's turn again (at least one move).
    fn undo(&mut self) {
        if self.game.undo().is_none() {
            outln!("nothing to undo");
            return;
        }
        while self.opts.side(self.game.position().to_move()) == Side::Engine && !self.game.moves().is_empty()
        {
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

fn bots<R: Ruleset>(rules: R, opts: &Options) -> [Bot<R>; 2] {
    [
        Bot::new(rules, opts, opts.seed),
        Bot::new(rules, opts, opts.seed ^ 0x5EED),
    ]
}

/// One game with the rules `opts.kind` names.
struct Run<'a>(&'a Options);

impl WithRuleset for Run<'_> {
    type Output = bool;
    fn run<R: Ruleset>(self, rules: R) -> bool {
        run(rules, self.0)
    }
}

/// Plays one game; `false` when the input failed.
fn run<R: Ruleset>(rules: R, opts: &Options) -> bool {
    let engine_note = if opts.mcts {
        "Monte-Carlo tree search"
    } else {
        "alpha-beta"
    };
    outln!(
        "{}: South {:?}, North {:?} ({engine_note})\n",
        rules.name(),
        opts.sides[0],
        opts.sides[1]
    );
    let mut input = Input::new(std::io::stdin().lock());
    let mut table = Table {
        game: Game::new(rules),
        opts,
        bots: bots(rules, opts),
        input: &mut input,
        look: Look::new(opts.kind),
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

/// A Bohnenspiel Partie to 100 points (either reading of the rules). Engine-only matches print each game
/// as one line of moves, and open each game with two random moves (seeded by
/// `--seed`): deterministic engines would otherwise replay the same drawn
/// game forever. With a human the boards are drawn.
/// `false` when the input failed.
fn run_match(opts: &Options) -> bool {
    if opts.kind == GameKind::BohnenspielHemprich {
        run_match_with(Bohnenspiel::hemprich(), opts)
    } else {
        run_match_with(Bohnenspiel, opts)
    }
}

/// A Partie under either reading of Bohnenspiel.
fn run_match_with<R: Ruleset<Position = BohnenspielPosition>>(rules: R, opts: &Options) -> bool {
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
        let Ok(game) = Game::from_position(rules, partie.next_start()) else {
            return true;
        };
        let mut table = Table {
            game,
            opts,
            bots: bots(rules, opts),
            input: &mut input,
            look: Look::new(opts.kind),
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
            let moves: Vec<String> = table.game.moves().iter().map(Move::to_string).collect();
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
    let opts = common::parse_or_exit("play", &common::play_usage(), common::parse_play);
    let ok = if opts.partie {
        run_match(&opts)
    } else {
        opts.kind.with_ruleset(Run(&opts))
    };
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
