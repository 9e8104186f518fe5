//! The vocabulary's end judged on the last mover
//! (`Cleared::MoverTakesTheRest`, MancalaGames' "cleared own" end with its
//! leftovers to the last mover, in games whose captures can empty the
//! opponent's row: CrossCapt), each a named test on a concrete board worked
//! out by hand in a comment.
//!
//! Boards: South's pits 1..N, `|`, North's N+1..2N (counterclockwise), then
//! stores South-North and the player to move. The game of these tests is a
//! 2x3 CrossCapt: Kalah's stores and extra turns, the opposite capture with
//! the landing seed, a stuck player's seeds to the last mover, the majority.

use mancala_rules::primitives::{ExtraTurn, Opposite, SowingTurn, Stores};
use mancala_rules::search::{AlphaBeta, Limits};
use mancala_rules::solve::{SolveError, Table};
use mancala_rules::{
    declare, perft, Cleared, EndReason, Ending, Game, Leftover, Move, Player, Position, Rules, Ruleset,
    Status, Stuck,
};

const fn crosscapt(cleared: Cleared) -> Rules {
    Rules {
        has_stores: true,
        turn: SowingTurn {
            stores: Stores::Own,
            extra_turn: ExtraTurn::IN_OWN_STORE,
            opposite: Some(Opposite {
                with_landing_seed: true,
                when_facing_empty: false,
                from_either_row: false,
            }),
            ..SowingTurn::DEFAULT
        },
        end: Ending {
            stuck: Stuck::Ends(Leftover::Opponent),
            majority: Some(Leftover::Nobody),
            cleared: Some(cleared),
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

declare!(MiniCrossCapt, 6, crosscapt(Cleared::MoverTakesTheRest));
declare!(ByThePosition, 6, crosscapt(Cleared::TakesTheRest));

fn game(board: &str) -> Game<MiniCrossCapt> {
    let pos: Position<6> = board.parse().unwrap();
    Game::from_position(MiniCrossCapt, pos).unwrap()
}

fn play(game: &mut Game<MiniCrossCapt>, mv: &str) {
    game.play(mv.parse().unwrap()).unwrap();
}

#[test]
fn mover_takes_the_rest_after_clearing_their_row_with_an_extra_turn() {
    // South's pit 3 sows its seed into South's store: South's row is empty
    // and South would play again. South moved last and cleared their row:
    // the game ends, South takes North's 3 seeds, 10 + 3 = 13 against 11.
    let mut game = game("0 0 1 | 2 1 0 9-11 S");
    play(&mut game, "3");
    assert_eq!(game.position().to_string(), "0 0 0 | 2 1 0 10-11 S");
    let ended = game.outcome().unwrap();
    assert_eq!((ended.totals, ended.reason), ([13, 11], EndReason::RowEmpty));
    assert_eq!(ended.winner(), Some(Player::South));
    assert!(game.legal_moves().is_empty());
    // Read alone, the position does not say who moved: it is read as one no
    // move has led to, South stuck, North taking the 3 seeds.
    let alone = MiniCrossCapt.status(game.position()).outcome().unwrap();
    assert_eq!(alone.totals, [10, 14]);
}

#[test]
fn mover_takes_the_rest_is_not_judged_on_a_row_the_opponent_emptied() {
    // North's pit 4 sows its seed into the empty pit 5 and takes the 2
    // seeds of pit 2 opposite with it: 8 + 3 = 11. South's row is empty,
    // but North moved last and North's row holds 3 seeds: the rule does
    // not apply. South, to move, is stuck and the last mover, North, takes
    // the 3 seeds: 10 against 14, North wins. (Read as "the player whose
    // row is empty takes the rest", South would win, 13 against 11.)
    let mut game = game("0 2 0 | 1 0 3 10-8 N");
    play(&mut game, "4");
    assert_eq!(game.position().to_string(), "0 0 0 | 0 0 3 10-11 S");
    let ended = game.outcome().unwrap();
    assert_eq!((ended.totals, ended.reason), ([10, 14], EndReason::MoverRowEmpty));
    let by_position = ByThePosition.status(game.position()).outcome().unwrap();
    assert_eq!(by_position.totals, [13, 11]);
}

#[test]
fn mover_takes_the_rest_goes_on_when_the_other_row_is_empty_after_an_extra_turn() {
    // South's pit 3 ends in South's store: North's row is empty, South's
    // is not, and South plays again (the position reading would end it:
    // North's row empty, North taking South's seed).
    let mut game = game("1 0 1 | 0 0 0 11-11 S");
    play(&mut game, "3");
    assert_eq!(game.position().to_string(), "1 0 0 | 0 0 0 12-11 S");
    assert_eq!(game.status(), Status::Ongoing);
    assert!(ByThePosition.status(game.position()).is_over());
    // South's pit 1 sows into pit 2: North is to move and stuck; South,
    // the last mover, takes the seed left: 13 against 11.
    play(&mut game, "1");
    let ended = game.outcome().unwrap();
    assert_eq!(ended.totals, [13, 11]);
    // Undone, the extra turn's position goes on again; redone, it ends.
    game.undo();
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "1");
    assert!(game.is_over());
}

#[test]
fn mover_takes_the_rest_in_perft_and_search() {
    // South's pit 3 sows its 2 seeds into South's store and pit 4, no extra
    // turn: South's row is empty after South's move, the game is over (a
    // position read alone would give North its two moves).
    let pos: Position<6> = "0 0 2 | 1 1 0 9-11 S".parse().unwrap();
    assert_eq!(perft(&MiniCrossCapt, &pos, 1), 1);
    assert_eq!(perft(&MiniCrossCapt, &pos, 2), 0);
    assert_eq!(perft(&ByThePosition, &pos, 2), 0);
    // The search sees the end too: after the only move, South has
    // 10 + 3 = 13 against 11, a win of 2.
    let result = AlphaBeta::new(MiniCrossCapt).search(&pos, &[], Limits::depth(4));
    assert_eq!(result.best, Some(Move::Pit(3)));
    assert!(result.resolved);
    // A search from the position after the move, given the line, finds the
    // game over.
    let (after, _) = MiniCrossCapt.play(&pos, Move::Pit(3)).unwrap();
    let over = AlphaBeta::new(MiniCrossCapt).search(&after, &[pos, after], Limits::depth(2));
    assert_eq!(over.best, None);
}

#[test]
fn mover_takes_the_rest_is_refused_by_the_solver() {
    assert!(matches!(
        Table::build(MiniCrossCapt, 2),
        Err(SolveError::Rules(_))
    ));
    assert!(MiniCrossCapt.judges_the_mover());
    assert!(!ByThePosition.judges_the_mover());
}

#[test]
fn mover_takes_the_rest_has_its_own_fingerprint_and_data_form() {
    let rules = crosscapt(Cleared::MoverTakesTheRest);
    assert_ne!(
        rules.fingerprint(6),
        crosscapt(Cleared::TakesTheRest).fingerprint(6)
    );
    assert_ne!(rules.fingerprint(6), crosscapt(Cleared::Wins).fingerprint(6));
    assert!(rules.problems(6).is_empty());
}

#[cfg(feature = "serde")]
#[test]
fn mover_takes_the_rest_is_spelled_in_kebab_case() {
    let json = serde_json::to_string(&Cleared::MoverTakesTheRest).unwrap();
    assert_eq!(json, "\"mover-takes-the-rest\"");
    let read: Cleared = serde_json::from_str("\"mover-takes-the-rest\"").unwrap();
    assert_eq!(read, Cleared::MoverTakesTheRest);
}

/// A 2x3 CrossCapt_Seven: Kalah's stores and extra turns, the pull
/// across, a stuck player's seeds to their owners, the majority, and the
/// end by the opponent's row emptied.
const fn crosscapt_seven() -> Rules {
    Rules {
        has_stores: true,
        turn: SowingTurn {
            stores: Stores::Own,
            extra_turn: ExtraTurn::IN_OWN_STORE,
            pull_across: true,
            ..SowingTurn::DEFAULT
        },
        end: Ending {
            stuck: Stuck::Ends(Leftover::Owners),
            majority: Some(Leftover::Nobody),
            cleared: Some(Cleared::OpponentRowToOwners),
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

declare!(MiniSeven, 6, crosscapt_seven());

#[test]
fn opponent_row_to_owners_ends_after_an_extra_turn_before_the_majority() {
    // South's pit 3 ends in South's store (13 of 24: a majority) and South
    // would play again; North's row is empty after South's move: the game
    // ends, each taking their own row: South 13 + 1 = 14, North 10. Read
    // alone (no mover), the majority would end it first, the board to
    // nobody: 13 against 10.
    let pos: Position<6> = "1 0 1 | 0 0 0 12-10 S".parse().unwrap();
    let mut game = Game::from_position(MiniSeven, pos).unwrap();
    game.play(Move::Pit(3)).unwrap();
    assert_eq!(game.position().to_string(), "1 0 0 | 0 0 0 13-10 S");
    let ended = game.outcome().unwrap();
    assert_eq!((ended.totals, ended.reason), ([14, 10], EndReason::RowEmpty));
    let alone = MiniSeven.status(game.position()).outcome().unwrap();
    assert_eq!((alone.totals, alone.reason), ([13, 10], EndReason::Majority));
    assert!(MiniSeven.judges_the_mover());
}

#[test]
fn opponent_row_to_owners_goes_on_when_the_movers_own_row_is_empty() {
    // South's pit 3 sows into South's store and pit 4: South's row is
    // empty, North's is not, North is to move: the game goes on.
    let pos: Position<6> = "0 0 2 | 1 1 0 10-10 S".parse().unwrap();
    let mut game = Game::from_position(MiniSeven, pos).unwrap();
    game.play(Move::Pit(3)).unwrap();
    assert_eq!(game.position().to_string(), "0 0 0 | 2 1 0 11-10 N");
    assert_eq!(game.status(), Status::Ongoing);
}

#[test]
fn pull_across_moves_the_facing_seeds_into_the_empty_pit() {
    // South's pit 1 sows its seed into the empty pit 2: pit 5's 3 seeds,
    // facing it, come across (nothing is captured).
    let (after, report) = MiniSeven
        .play(&"1 0 1 | 2 3 1 8-8 S".parse().unwrap(), Move::Pit(1))
        .unwrap();
    assert_eq!(after.to_string(), "0 4 1 | 2 0 1 8-8 N");
    assert_eq!(report.seeds_captured, 0);
    // A last seed into a pit that held seeds pulls nothing.
    let (after, _) = MiniSeven
        .play(&"1 1 1 | 2 3 1 7-8 S".parse().unwrap(), Move::Pit(1))
        .unwrap();
    assert_eq!(after.to_string(), "0 2 1 | 2 3 1 7-8 N");
    // Nor does one into an empty pit of the opponent's row: South's pit 3
    // sows into the store and pit 4.
    let (after, _) = MiniSeven
        .play(&"0 0 2 | 0 1 1 10-10 S".parse().unwrap(), Move::Pit(3))
        .unwrap();
    assert_eq!(after.to_string(), "0 0 0 | 1 1 1 11-10 N");
}

#[test]
fn pull_across_with_another_capture_is_a_named_problem() {
    let rules = Rules {
        turn: SowingTurn {
            opposite: Some(Opposite {
                with_landing_seed: false,
                when_facing_empty: false,
                from_either_row: false,
            }),
            ..crosscapt_seven().turn
        },
        ..crosscapt_seven()
    };
    let fields: Vec<_> = rules.problems(6).iter().map(|p| p.field()).collect();
    assert_eq!(fields, ["turn.pull_across"]);
    assert!(crosscapt_seven().problems(6).is_empty());
    assert_ne!(
        crosscapt_seven().fingerprint(6),
        Rules {
            turn: SowingTurn {
                pull_across: false,
                ..crosscapt_seven().turn
            },
            ..crosscapt_seven()
        }
        .fingerprint(6)
    );
}
