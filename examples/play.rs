//! Play a game in the terminal, against the engine, a friend, or watch two
//! engines.
//!
//! ```text
//! cargo run --release --example play -- [--game NAME] [--south human|engine] [--north human|engine]
//!     [--depth N | --time MS] [--mcts [--iterations N] [--seed S]] [--auto] [--match]
//! ```
//!
//! - `--game`: `bohnenspiel` (default), `djenon-aboure`, `tihbat`, `al-manqala`.
//! - `--south`, `--north`: who plays each side (default: you play South
//!   against the engine).
//! - `--auto`: engine against engine, the whole game printed move by move.
//! - `--depth N`: alpha-beta depth (default: Bohnenspiel 12, Djenon-aboure
//!   16, Tihbat 40, Al-manqala 10);
//!   `--time MS`: think that long per move instead.
//! - `--mcts`: Monte-Carlo tree search instead of alpha-beta, `--iterations`
//!   playouts a move (default 20000) or `--time`, seeded by `--seed`.
//! - `--match`: a Bohnenspiel Partie, games until a player reaches 100 points,
//!   the starting player alternating.
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
use mancala_rules::games::{AlManqala, Bohnenspiel, DjenonAboure, Partie, Tihbat};
use mancala_rules::playout::SplitMix64;
use mancala_rules::search::{AlphaBeta, Limits, Mcts, MctsLimits};
use mancala_rules::{
    AgreementPolicy, EndReason, Game, GameKind, Move, MoveReport, Outcome, Player, Position, Repetition,
    Ruleset,
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
        // Each well under a second a move on a laptop.
        match self.kind {
            GameKind::Bohnenspiel => 12,
            GameKind::DjenonAboure => 16,
            GameKind::Tihbat => 40,
            GameKind::AlManqala => 10,
            _ => 12,
        }
    }
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
    boards: bool,
    /// Engine moves chosen at random at the start (varied match games).
    random_plies: usize,
    rng: SplitMix64,
}

impl<R, B, const P: usize> Table<'_, R, B>
where
    R: Ruleset<Position = Position<P>>,
    B: BufRead,
{
    fn show(&self) {
        if self.boards {
            outln!("{}\n", self.game.position().diagram());
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
            let player = self.game.position().to_move;
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
                "help" | "?" => outln!("{}", help(P)),
                "hint" => self.hint(player),
                "undo" => {
                    self.undo();
                    return true;
                }
                text => match text.parse::<Move>() {
                    Err(_) => outln!(
                        "'{text}' is not a move: type a pit number (1-{P}), pass, undo, hint, help or quit"
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
        while self.opts.side(self.game.position().to_move) == Side::Engine && !self.game.moves().is_empty() {
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
    let [south, north] = outcome.totals;
    let result = match outcome.winner() {
        Some(winner) => format!("{winner} wins"),
        None => "a draw".to_string(),
    };
    outln!(
        "Game over after {moves} moves ({:?}): South {south}, North {north}: {result}.",
        outcome.reason
    );
}

fn bots<R: Ruleset>(rules: R, opts: &Options) -> [Bot<R>; 2] {
    [
        Bot::new(rules, opts, opts.seed),
        Bot::new(rules, opts, opts.seed ^ 0x5EED),
    ]
}

/// Plays one game; `false` when the input failed.
fn run<R, const P: usize>(opts: &Options) -> bool
where
    R: Ruleset<Position = Position<P>> + Default,
{
    let rules = R::default();
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

/// A Bohnenspiel Partie to 100 points. Engine-only matches print each game
/// as one line of moves, and open each game with two random moves (seeded by
/// `--seed`): deterministic engines would otherwise replay the same drawn
/// game forever. With a human the boards are drawn.
/// `false` when the input failed.
fn run_match(opts: &Options) -> bool {
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
        let Ok(game) = Game::from_position(Bohnenspiel::default(), partie.next_start()) else {
            return true;
        };
        let mut table = Table {
            game,
            opts,
            bots: bots(Bohnenspiel::default(), opts),
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
    let opts = common::parse_or_exit("play", common::PLAY_USAGE, common::parse_play);
    let ok = if opts.partie {
        run_match(&opts)
    } else {
        match opts.kind {
            GameKind::Bohnenspiel => run::<Bohnenspiel, 12>(&opts),
            GameKind::DjenonAboure => run::<DjenonAboure, 12>(&opts),
            GameKind::Tihbat => run::<Tihbat, 4>(&opts),
            GameKind::AlManqala => run::<AlManqala, 14>(&opts),
            _ => run::<mancala_rules::games::Kalah, 12>(&opts),
        }
    };
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
