//! A game the crate does not ship, declared in one `const`, played out
//! between two alpha-beta engines:
//! `cargo run --release --example custom -- [[--depth] D] [--time MS]`
//!
//! The board is drawn after every move, and the last line is the result,
//! `Game over after M moves (REASON): South S, North N: ...`. D is the
//! engines' depth, 1 to 120 (default 10), searched within MS milliseconds a
//! move (default 5000); `--help` for the options.
//!
//! Nothing here is special to the example: any type that returns a
//! [`Rules`] from [`Declared::rules`] is a [`Ruleset`], and the search
//! engines, [`Game`], perft and playouts take it like a shipped game.

#[macro_use]
mod common;
#[path = "custom/options.rs"]
mod options;

use mancala_rules::primitives::{Direction, ExtraTurn, Opposite, SowingTurn, Stores};
use mancala_rules::search::AlphaBeta;
use mancala_rules::{Declared, EndReason, Ending, Game, Leftover, Outcome, Position, Rules, Ruleset};

use std::time::Duration;
/// A small Kalah turned round: 2x5 pits, 5 seeds each, sown clockwise.
#[derive(Clone, Copy, Debug, Default)]
struct Clockwise;

/// The whole game, line by line:
///
/// - `name`: how the game calls itself (in `Ruleset::name`).
/// - `seeds: 5`: five seeds in each pit at the start (50 in all); the
///   board's size, 2x5, is the position type's (`Position<10>`, below).
/// - `has_stores: true`: each player has a store, which holds their captures.
/// - `turn`, one turn as data ([`SowingTurn`]):
///   - `direction: Clockwise`: seeds go to lower pit numbers, from pit 1
///     to South's store, then to pit 10 (North's row, right to left as
///     North sees it).
///   - `stores: Stores::Own`: a lap drops a seed in the mover's own
///     store and skips the opponent's.
///   - `extra_turn: IN_OWN_STORE`: a last seed in the mover's store gives
///     them another move.
///   - `opposite: Some(Opposite::KALAH)`: a last seed in an empty pit of
///     the mover's own row takes the seeds of the pit facing it (pit `k`
///     faces `11 - k`), with itself, when that pit holds any.
///   - `..SowingTurn::DEFAULT`: one lap from the next pit, no capture by
///     count.
/// - `end`: when either row is empty the game ends and each player adds
///   the seeds of their own row to their store (Kalah's end); and a player
///   with more than half the seeds in their store (26) has won, which ends
///   the game at once.
/// - `..Rules::DEFAULT`: any non-empty pit may be played; no rule on
///   repeated positions.
const CLOCKWISE: Rules = Rules {
    name: "clockwise-2x5",
    seeds: 5,
    has_stores: true,
    turn: SowingTurn {
        direction: Direction::Clockwise,
        stores: Stores::Own,
        extra_turn: ExtraTurn::IN_OWN_STORE,
        opposite: Some(Opposite::KALAH),
        ..SowingTurn::DEFAULT
    },
    end: Ending {
        row_empty: Some(Leftover::Owners),
        majority: Some(Leftover::Owners),
        ..Ending::DEFAULT
    },
    ..Rules::DEFAULT
};

// A declaration the engine cannot play exactly stops the build here.
const _: () = CLOCKWISE.assert_exact(10);

impl Declared for Clockwise {
    /// Ten pits: five a side.
    type Position = Position<10>;

    fn rules(&self) -> &Rules {
        &CLOCKWISE
    }
}

/// Games still going after this many moves are stopped (the rules have no
/// end for endless play).
const MAX_MOVES: usize = 1000;

fn main() {
    let opts = common::parse_or_exit("custom", &options::usage(), options::parse);
    let rules = Clockwise;
    let mut game = Game::new(rules);
    let mut engines = [AlphaBeta::new(rules), AlphaBeta::new(rules)];
    // The time bounds a move whatever the depth: iterative deepening keeps
    // the deepest search finished in time.
    let limits = common::search_limits(Some(opts.depth), 10, Some(Duration::from_millis(opts.time_ms)));
    outln!(
        "{}: alpha-beta depth {} on both sides, at most {} ms a move\n",
        rules.name(),
        opts.depth,
        opts.time_ms
    );
    outln!("{}\n", draw(game.position()));
    let outcome = loop {
        if let Some(outcome) = game.outcome() {
            break Some(outcome);
        }
        if game.moves().len() >= MAX_MOVES || game.occurrences() >= 3 {
            break None;
        }
        let mover = game.position().to_move;
        let result = engines[mover.index()].search_game(&game, limits);
        let Some(report) = result.best.and_then(|mv| game.play(mv).ok()) else {
            break None;
        };
        let mut line = format!("{}. {} plays {}", game.moves().len(), report.player, report.mv);
        if report.seeds_captured > 0 {
            line += &format!(", captures {} (pits {})", report.seeds_captured, report.captured);
        }
        if game.position().to_move == mover && game.outcome().is_none() {
            line += ", plays again";
        }
        outln!("{line}");
        outln!("{}\n", draw(game.position()));
    };
    match outcome {
        Some(outcome) => print_result(&outcome, game.moves().len()),
        None => {
            // The engines went round in a loop: split the board, as `play` does.
            let outcome = Outcome::split(game.position(), EndReason::Repetition);
            outln!("The game goes round in a loop: it stops and the board is split.");
            print_result(&outcome, game.moves().len());
        }
    }
}

/// The library's diagram, the captures labelled as the stores they lie in.
fn draw(pos: &Position<10>) -> String {
    pos.diagram().with_stores(true).to_string()
}

fn print_result(outcome: &Outcome, moves: usize) {
    let [south, north] = outcome.totals;
    let result = match outcome.winner() {
        Some(winner) => format!("{winner} wins"),
        None => "a draw".to_string(),
    };
    outln!(
        "Game over after {moves} moves ({}): South {south}, North {north}: {result}.",
        outcome.reason
    );
}
