//! The engines against exact minimax on small Kalah positions, where the
//! extra turn (a player moving twice) matters.

use std::collections::HashMap;

use mancala_rules::games::Kalah;
use mancala_rules::playout::SplitMix64;
use mancala_rules::search::{margin_for, proven_margin, AlphaBeta, Limits, Mcts, MctsLimits};
use mancala_rules::{Move, Position, Ruleset, Turn};

type KalahPosition = Position<12>;

/// The final margin for the player to move under best play: a plain
/// recursion on `turn` and `play_unchecked`, negating only when the player
/// to move changes (after an extra turn the mover's value is the child's).
/// Kalah cannot cycle (a seed crossing to the other row passes the mover's
/// store), so the recursion ends; memoised, it is quick.
fn minimax(pos: &KalahPosition, memo: &mut HashMap<KalahPosition, i32>) -> i32 {
    if let Some(&value) = memo.get(pos) {
        return value;
    }
    let rules = Kalah;
    let value = match rules.turn(pos) {
        Turn::Over(outcome) => margin_for(&outcome, pos.to_move),
        Turn::Moves(moves) => moves
            .into_iter()
            .map(|mv| child_value(pos, mv, memo))
            .max()
            .expect("a game that goes on has a move"),
    };
    memo.insert(*pos, value);
    value
}

/// The value of `mv` in `pos` for the player to move in `pos`.
fn child_value(pos: &KalahPosition, mv: Move, memo: &mut HashMap<KalahPosition, i32>) -> i32 {
    let mut next = *pos;
    Kalah.play_unchecked(&mut next, mv);
    let value = minimax(&next, memo);
    if next.to_move == pos.to_move {
        value
    } else {
        -value
    }
}

/// The same recursion negating every child, as if the players alternated:
/// wrong for Kalah. Used to show the positions exercise the extra turn.
fn alternating(pos: &KalahPosition, memo: &mut HashMap<KalahPosition, i32>) -> i32 {
    if let Some(&value) = memo.get(pos) {
        return value;
    }
    let rules = Kalah;
    let value = match rules.turn(pos) {
        Turn::Over(outcome) => margin_for(&outcome, pos.to_move),
        Turn::Moves(moves) => moves
            .into_iter()
            .map(|mv| {
                let mut next = *pos;
                rules.play_unchecked(&mut next, mv);
                -alternating(&next, memo)
            })
            .max()
            .expect("a move"),
    };
    memo.insert(*pos, value);
    value
}

/// A random Kalah position with `seeds` seeds on the board (each in a random
/// pit) and the other `48 - seeds` shared at random between the stores.
fn random_position(rng: &mut SplitMix64, seeds: u32) -> KalahPosition {
    let mut pos = KalahPosition::filled(0);
    for _ in 0..seeds {
        pos.pits[rng.below(12)] += 1;
    }
    let stores = 48 - seeds;
    let south = rng.below(stores as usize + 1) as u8;
    pos.scores = [south, stores as u8 - south];
    if rng.below(2) == 1 {
        pos.to_move = pos.to_move.opponent();
    }
    Kalah.validate(&pos).expect("48 seeds");
    pos
}

/// Runs `test` on a thread with a 64 MiB stack: in a debug build each level
/// of a recursion that calls `play_unchecked` takes about 52 KB of stack
/// (its `#[inline(always)]` layers inline into the caller), so the default
/// 2 MiB runs out near 40 plies.
fn with_big_stack(test: fn()) {
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(test)
        .expect("a thread")
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
}

/// `score` is the engine's score of a position whose exact margin is `margin`.
fn assert_score_is(score: i32, margin: i32, what: &str) {
    if margin == 0 {
        assert_eq!(score, 0, "{what}: a draw");
    } else {
        assert_eq!(proven_margin(score), Some(margin), "{what}: score {score}");
    }
}

#[test]
fn alpha_beta_equals_minimax_on_small_positions() {
    with_big_stack(alpha_beta_equals_minimax_on_small_positions_body);
}

fn alpha_beta_equals_minimax_on_small_positions_body() {
    let mut rng = SplitMix64::new(2024);
    let (mut memo, mut wrong) = (HashMap::new(), HashMap::new());
    let (mut ongoing, mut extra_turn_matters) = (0, 0);
    for i in 0..160 {
        let pos = random_position(&mut rng, 4 + i % 5);
        let exact = minimax(&pos, &mut memo);
        if alternating(&pos, &mut wrong) != exact {
            extra_turn_matters += 1;
        }
        // With a table, and without one (plain alpha-beta).
        for bits in [16, 0] {
            let mut engine = AlphaBeta::new(Kalah).with_table_bits(bits);
            let result = engine.search(&pos, &[], Limits::depth(64));
            let what = format!("{pos} (table bits {bits})");
            assert!(result.resolved, "{what}: not resolved at depth 64");
            assert_score_is(result.score, exact, &what);
            match result.best {
                // The move chosen achieves the exact value.
                Some(best) => assert_eq!(child_value(&pos, best, &mut memo), exact, "{what}: best {best}"),
                None => assert!(Kalah.status(&pos).is_over(), "{what}"),
            }
        }
        ongoing += usize::from(!Kalah.status(&pos).is_over());
    }
    // The sample is not vacuous: most games go on, and in many of them the
    // extra turn changes the value.
    assert!(ongoing > 100, "{ongoing}");
    assert!(extra_turn_matters > 50, "{extra_turn_matters}");
}

#[test]
fn alpha_beta_takes_the_extra_turn() {
    with_big_stack(alpha_beta_takes_the_extra_turn_body);
}

fn alpha_beta_takes_the_extra_turn_body() {
    // South's pit 6 (one seed) falls in the store: South moves again, and
    // pit 5's seed then lands in the emptied pit 6, facing North's pit 7
    // (3 seeds): 1 + 1 + 3 = 5 more, South's row empties, North keeps 1.
    // Totals 5 + 20 = 25 against 23: a margin of 2. Pit 5 first would put
    // its seed in pit 6 (2 seeds, no capture) and give North the move.
    let pos: KalahPosition = "0 0 0 0 1 1 | 3 1 0 0 0 0 20-22 S".parse().unwrap();
    let exact = minimax(&pos, &mut HashMap::new());
    assert_eq!(exact, 2);
    assert_ne!(alternating(&pos, &mut HashMap::new()), exact);
    let result = AlphaBeta::new(Kalah).search(&pos, &[], Limits::depth(64));
    assert_eq!(result.best, Some(Move::Pit(6)));
    assert_eq!(result.pv.get(..2), Some(&[Move::Pit(6), Move::Pit(5)][..]));
    assert_score_is(result.score, exact, "extra turn");
}

#[test]
fn mcts_proves_tiny_positions_as_minimax_does() {
    with_big_stack(mcts_proves_tiny_positions_as_minimax_does_body);
}

fn mcts_proves_tiny_positions_as_minimax_does_body() {
    let mut rng = SplitMix64::new(7);
    let mut memo = HashMap::new();
    let mut proven = 0;
    for _ in 0..20 {
        let pos = random_position(&mut rng, 4);
        if Kalah.status(&pos).is_over() {
            continue;
        }
        let exact = minimax(&pos, &mut memo);
        let result = Mcts::new(Kalah)
            .with_seed(3)
            .search(&pos, &[], MctsLimits::iterations(20_000));
        assert!(
            result.proven,
            "{pos}: not proven in {} iterations",
            result.iterations
        );
        proven += 1;
        let expected = match exact.signum() {
            1 => 1.0,
            0 => 0.5,
            _ => 0.0,
        };
        assert_eq!(result.score, expected, "{pos}: minimax margin {exact}");
        let best = result.best.expect("a move");
        assert_eq!(
            child_value(&pos, best, &mut memo).signum(),
            exact.signum(),
            "{pos}: {best}"
        );
    }
    assert!(proven >= 10, "{proven}");
}
