//! Djenon-aboure, rule by rule (RULES.md, "Djenon-aboure" 1-6).
//!
//! Every expected position below is computed by hand from RULES.md; the
//! comment above each assertion says which pits receive seeds, what the last
//! pit holds and what follows (end, capture chain, relay). Pits are numbered
//! 1..12: South owns 1-6, North 7-12, sowing goes to the next higher number,
//! 12 wraps to 1. Sowing is origin first: the first seed goes back into the
//! emptied pit.
//!
//! The endless relays (rule 4) run for hundreds of laps; those were traced
//! lap by lap with a separate reference model written from RULES.md (not
//! from this crate), and the first laps are given in the comments.

use crate::common::rules::{outcome, over, play, pos, summary};
use mancala_rules::games::DjenonAboure;
use mancala_rules::{EndReason, Game, IllegalMove, Move, MoveReport, Player, Ruleset, Status};

// ---------------------------------------------------------------- rule 1

#[test]
fn rule_1_move_needs_a_pit_with_at_least_two_seeds() {
    let p = pos(DjenonAboure, "1 0 2 1 1 1 | 1 1 1 1 1 1 20-16 S");
    // Only pit 3 holds two or more seeds.
    assert_eq!(DjenonAboure.legal_moves(&p).to_string(), "3");
    // Pit 3 (2 seeds): one back into pit 3, one into pit 4 (1->2): captured;
    // pit 3 holds 1 and stops the chain.
    let (after, report) = play(DjenonAboure, "1 0 2 1 1 1 | 1 1 1 1 1 1 20-16 S", Move::Pit(3));
    assert_eq!(after.to_string(), "1 0 1 0 1 1 | 1 1 1 1 1 1 22-16 N");
    assert_eq!(summary(&report), ("4".to_string(), 2, 1, Some(4)));
}

#[test]
fn rule_1_singleton_may_not_move() {
    let p = pos(DjenonAboure, "1 0 2 1 1 1 | 1 1 1 1 1 1 20-16 S");
    assert_eq!(
        DjenonAboure.check(&p, Move::Pit(1)),
        Err(IllegalMove::SingletonMayNotMove { pit: 1 })
    );
    assert_eq!(
        DjenonAboure.play(&p, Move::Pit(6)),
        Err(IllegalMove::SingletonMayNotMove { pit: 6 })
    );
    assert_eq!(
        DjenonAboure.check(&p, Move::Pit(2)),
        Err(IllegalMove::EmptyPit { pit: 2 })
    );
    assert_eq!(
        DjenonAboure.check(&p, Move::Pit(7)),
        Err(IllegalMove::NotYourPit {
            pit: 7,
            player: Player::South,
            first: 1,
            last: 6
        })
    );
    assert_eq!(
        DjenonAboure.check(&p, Move::Pass),
        Err(IllegalMove::PassNotAllowed {
            player: Player::South
        })
    );
    assert_eq!(
        DjenonAboure.check(&p, Move::Pit(13)),
        Err(IllegalMove::PitOutOfRange { pit: 13, pits: 12 })
    );
}

// ---------------------------------------------------------------- rule 2

#[test]
fn rule_2_first_seed_goes_back_into_the_origin() {
    // South pit 2 (3 seeds): pit 2 (0->1), pit 3 (1->2), pit 4 (0->1).
    // The last pit, 4, holds 1: the turn ends (pit 3's 2 is not captured).
    let (after, report) = play(DjenonAboure, "4 3 1 0 0 0 | 4 4 4 4 4 4 8-8 S", Move::Pit(2));
    assert_eq!(after.to_string(), "4 1 2 1 0 0 | 4 4 4 4 4 4 8-8 N");
    assert_eq!(summary(&report), (String::new(), 0, 1, Some(4)));
}

#[test]
fn rule_2_twelve_seeds_end_in_the_pit_before_the_origin() {
    // South pit 1 (12 seeds): pit 1 gets 1, pits 2..12 one each (k-1 = 11):
    // the last falls in pit 12, which then holds 1: the turn ends.
    let (after, report) = play(DjenonAboure, "12 0 0 0 0 0 | 0 0 0 0 0 0 18-18 S", Move::Pit(1));
    assert_eq!(after.to_string(), "1 1 1 1 1 1 | 1 1 1 1 1 1 18-18 N");
    assert_eq!(summary(&report), (String::new(), 0, 1, Some(12)));
    // Every pit now holds 1: nobody can move, each keeps their row: 24-24.
    assert_eq!(DjenonAboure.status(&after), over([24, 24], EndReason::NoMoves));
}

#[test]
fn rule_2_thirteen_seeds_go_round_through_the_origin() {
    // South pit 3 (13 seeds): pit 3 gets the first, then k-1 = 12 seeds go
    // to pits 4..12, 1, 2 and, 12th, pit 3 again: pit 3 holds 2, every other
    // pit one more. Last pit 3 holds 2: captured; pit 2 (0->1) stops it.
    let (after, report) = play(DjenonAboure, "1 0 13 0 2 0 | 0 0 0 0 0 0 16-16 S", Move::Pit(3));
    assert_eq!(after.to_string(), "2 1 0 1 3 1 | 1 1 1 1 1 1 18-16 N");
    assert_eq!(summary(&report), ("3".to_string(), 2, 1, Some(3)));
}

#[test]
fn rule_2_fourteen_seeds_chain_passes_back_through_the_origin() {
    // South pit 6 (14 seeds): pit 6 gets 1, then 13 more: pits 7..12, 1..5,
    // pit 6 again (2), and the 14th in pit 7 (0->2).
    // Board: 1 1 5 4 2 2 | 2 1 1 1 1 1. Last pit 7 holds 2: captured; then
    // backward 6 (2, the origin), 5 (2), 4 (4); pit 3 (5) stops the chain.
    // Seeds: 2 + 2 + 2 + 4 = 10.
    let (after, report) = play(DjenonAboure, "0 0 4 3 1 14 | 0 0 0 0 0 0 12-14 S", Move::Pit(6));
    assert_eq!(after.to_string(), "1 1 5 0 0 0 | 0 1 1 1 1 1 22-14 N");
    assert_eq!(summary(&report), ("4 5 6 7".to_string(), 10, 1, Some(7)));
}

// ---------------------------------------------------------------- rule 3

#[test]
fn rule_3_last_seed_in_empty_pit_ends_the_turn() {
    // South pit 3 (2 seeds): pit 3 (0->1), pit 4 (0->1). Pit 4 holds 1: the
    // turn ends, although pit 2 (2) and pit 5 (4) hold capturable counts.
    let (after, report) = play(DjenonAboure, "0 2 2 0 4 0 | 4 4 4 4 4 4 8-8 S", Move::Pit(3));
    assert_eq!(after.to_string(), "0 2 1 1 4 0 | 4 4 4 4 4 4 8-8 N");
    assert_eq!(summary(&report), (String::new(), 0, 1, Some(4)));
}

#[test]
fn rule_3_two_or_four_captures_with_backward_chain_across_rows() {
    // South pit 5 (3 seeds): pit 5 (0->1), pit 6 (3->4), pit 7 (1->2).
    // Last pit 7 (North's) holds 2: captured; backward pit 6 (South's) holds
    // 4: captured; pit 5 holds 1: stop. South takes 6.
    let (after, report) = play(DjenonAboure, "2 2 2 2 3 3 | 1 2 2 2 2 3 10-12 S", Move::Pit(5));
    assert_eq!(after.to_string(), "2 2 2 2 1 0 | 0 2 2 2 2 3 16-12 N");
    assert_eq!(summary(&report), ("6 7".to_string(), 6, 1, Some(7)));
}

#[test]
fn rule_3_chain_wraps_from_pit_1_to_pit_12() {
    // North pit 11 (3 seeds): pit 11 (0->1), 12 (1->2), 1 (3->4).
    // Last pit 1 holds 4: captured; backward pit 12 (2): captured; pit 11
    // (1): stop. North takes 6.
    let (after, report) = play(DjenonAboure, "3 1 1 1 1 1 | 1 1 1 1 3 1 16-16 N", Move::Pit(11));
    assert_eq!(after.to_string(), "0 1 1 1 1 1 | 1 1 1 1 1 0 16-22 S");
    assert_eq!(summary(&report), ("1 12".to_string(), 6, 1, Some(1)));
    // Only 0s and 1s are left: the game ends, each keeps their row (5 + 5).
    assert_eq!(DjenonAboure.status(&after), over([21, 27], EndReason::NoMoves));
}

#[test]
fn rule_3_capture_chain_stops_at_three() {
    // South pit 1 (4 seeds): pit 1 (0->1), 2 (2->3), 3 (1->2), 4 (3->4).
    // Last pit 4 holds 4: captured; pit 3 (2): captured; pit 2 (3): stop.
    let (after, report) = play(DjenonAboure, "4 2 1 3 0 0 | 4 4 4 4 4 4 7-7 S", Move::Pit(1));
    assert_eq!(after.to_string(), "1 3 0 0 0 0 | 4 4 4 4 4 4 13-7 N");
    assert_eq!(summary(&report), ("3 4".to_string(), 6, 1, Some(4)));
}

#[test]
fn rule_3_capture_chain_stops_at_six() {
    // South pit 1 (3 seeds): pit 1 (0->1), 2 (5->6), 3 (3->4).
    // Last pit 3 holds 4: captured; pit 2 holds 6: not 2 or 4, stop.
    let (after, report) = play(DjenonAboure, "3 5 3 1 0 0 | 4 4 4 4 4 4 6-6 S", Move::Pit(1));
    assert_eq!(after.to_string(), "1 6 0 1 0 0 | 4 4 4 4 4 4 10-6 N");
    assert_eq!(summary(&report), ("3".to_string(), 4, 1, Some(3)));
}

#[test]
fn rule_3_relay_from_pit_reaching_three() {
    // South pit 2 (2 seeds): pit 2 (0->1), pit 3 (2->3): 3, relay.
    // Lap 2 from pit 3 (3 seeds): pit 3 (0->1), 4 (0->1), 5 (0->1).
    // Pit 5 holds 1: the turn ends.
    let (after, report) = play(DjenonAboure, "0 2 2 0 0 4 | 4 4 4 4 4 4 8-8 S", Move::Pit(2));
    assert_eq!(after.to_string(), "0 1 1 1 1 4 | 4 4 4 4 4 4 8-8 N");
    assert_eq!(summary(&report), (String::new(), 0, 2, Some(5)));
}

#[test]
fn rule_3_relay_from_pit_reaching_five_or_more() {
    // South pit 1 (3 seeds): pit 1 (0->1), 2 (0->1), 3 (5->6): 6, relay.
    // Lap 2 from pit 3 (6 seeds): pit 3 (0->1), 4, 5, 6 (0->1 each),
    // 7 (3->4), 8 (1->2). Pit 8 holds 2: captured; 7 (4): captured;
    // 6 (1): stop. South takes 6.
    let (after, report) = play(DjenonAboure, "3 0 5 0 0 0 | 3 1 2 2 2 2 14-14 S", Move::Pit(1));
    assert_eq!(after.to_string(), "1 1 1 1 1 1 | 0 0 2 2 2 2 20-14 N");
    assert_eq!(summary(&report), ("7 8".to_string(), 6, 2, Some(8)));
}

#[test]
fn rule_3_relay_from_five_then_from_three_then_capture() {
    // South pit 5 (2 seeds): pit 5 (0->1), 6 (4->5): 5, relay.
    // Lap 2 from pit 6 (5): 6 (0->1), 7, 8, 9 (0->1 each), 10 (2->3): relay.
    // Lap 3 from pit 10 (3): 10 (0->1), 11 (0->1), 12 (1->2): captured;
    // pit 11 (1) stops the chain.
    let (after, report) = play(DjenonAboure, "1 0 0 0 2 4 | 0 0 0 2 0 1 20-18 S", Move::Pit(5));
    assert_eq!(after.to_string(), "1 0 0 0 1 1 | 1 1 1 1 1 0 22-18 N");
    assert_eq!(summary(&report), ("12".to_string(), 2, 3, Some(12)));
    // Nothing but 0s and 1s: the end, South 22 + 3, North 18 + 5.
    assert_eq!(DjenonAboure.status(&after), over([25, 23], EndReason::NoMoves));
}

// ---------------------------------------------------------------- rule 4

/// RULES.md's example: South pit 1 here relays forever.
const ENDLESS: &str = "6 6 5 4 3 4 | 5 2 1 2 1 9 0-0 S";

#[test]
fn rule_4_endless_relay_is_not_a_legal_move() {
    // Pit 1's laps (reference trace): from 1 (6) ends in 6 (5), from 6 ends
    // in 10 (3), from 10 in 12 (10), from 12 in 9 (3), from 9 in 11 (3),
    // from 11 in 1 (3), ... and after 526 laps the board and the lap's
    // starting pit are those of the first lap again: it never ends.
    let p = pos(DjenonAboure, ENDLESS);
    assert_eq!(
        DjenonAboure.check(&p, Move::Pit(1)),
        Err(IllegalMove::EndlessRelay { pit: 1 })
    );
    assert_eq!(
        DjenonAboure.play(&p, Move::Pit(1)),
        Err(IllegalMove::EndlessRelay { pit: 1 })
    );
    // Pits 2..6 all end (reference trace: 8, 12, 11, 11 and 1 laps).
    assert_eq!(DjenonAboure.legal_moves(&p).to_string(), "2 3 4 5 6");
    assert_eq!(DjenonAboure.status(&p), Status::Ongoing);
}

#[test]
fn rule_4_other_moves_of_the_endless_example_are_played() {
    // South pit 6 (4 seeds): pit 6 (0->1), 7 (5->6), 8 (2->3), 9 (1->2).
    // Pit 9 holds 2: captured; pit 8 (3) stops the chain.
    let (after, report) = play(DjenonAboure, ENDLESS, Move::Pit(6));
    assert_eq!(after.to_string(), "6 6 5 4 3 1 | 6 3 0 2 1 9 2-0 N");
    assert_eq!(summary(&report), ("9".to_string(), 2, 1, Some(9)));
    // Pit 2 (6 seeds): eight laps, ending in pit 2 with 4: pits 1 and 2 taken.
    let (after, report) = play(DjenonAboure, ENDLESS, Move::Pit(2));
    assert_eq!(after.to_string(), "0 0 8 7 6 7 | 3 1 2 5 2 1 6-0 N");
    assert_eq!(summary(&report), ("1 2".to_string(), 6, 8, Some(2)));
}

#[test]
fn rule_4_north_moves_in_the_endless_example_board() {
    // The same board with North to move: pits 9 and 11 are singletons; the
    // others (7, 8, 10, 12) all end (reference trace).
    let p = pos(DjenonAboure, "6 6 5 4 3 4 | 5 2 1 2 1 9 0-0 N");
    assert_eq!(DjenonAboure.legal_moves(&p).to_string(), "7 8 10 12");
    assert_eq!(
        DjenonAboure.check(&p, Move::Pit(9)),
        Err(IllegalMove::SingletonMayNotMove { pit: 9 })
    );
}

// ---------------------------------------------------------------- rule 5

#[test]
fn rule_5_player_without_legal_move_passes() {
    // After the 14-seed move of rule 2: North holds only 0s and 1s, South's
    // pit 3 holds 5, so North passes.
    let start = pos(DjenonAboure, "1 1 5 0 0 0 | 0 1 1 1 1 1 22-14 N");
    assert_eq!(DjenonAboure.legal_moves(&start).to_string(), "pass");
    assert_eq!(DjenonAboure.status(&start), Status::Ongoing);
    assert_eq!(
        DjenonAboure.check(&start, Move::Pit(8)),
        Err(IllegalMove::SingletonMayNotMove { pit: 8 })
    );
    assert_eq!(
        DjenonAboure.check(&start, Move::Pit(7)),
        Err(IllegalMove::EmptyPit { pit: 7 })
    );

    let mut game = Game::from_position(DjenonAboure, start).expect("valid");
    let report = game.play(Move::Pass).expect("pass is legal");
    assert_eq!(report, MoveReport::pass(Player::North));
    assert_eq!(report.laps, 0);
    assert_eq!(report.last_pit, None);
    assert_eq!(game.position().to_string(), "1 1 5 0 0 0 | 0 1 1 1 1 1 22-14 S");
    // South may not pass: it has a move.
    assert_eq!(game.legal_moves().to_string(), "3");
    assert_eq!(
        game.play(Move::Pass),
        Err(IllegalMove::PassNotAllowed {
            player: Player::South
        })
    );
    // Pit 3 (5 seeds): 3 (0->1), 4, 5, 6, 7 (0->1 each): ends in pit 7.
    let report = game.play(Move::Pit(3)).expect("legal");
    assert_eq!(summary(&report), (String::new(), 0, 1, Some(7)));
    assert_eq!(game.position().to_string(), "1 1 1 1 1 1 | 1 1 1 1 1 1 22-14 N");
    // All singletons: the game is over, 22 + 6 against 14 + 6.
    assert_eq!(game.status(), over([28, 20], EndReason::NoMoves));
    assert_eq!(game.outcome().and_then(|o| o.winner()), Some(Player::South));
    assert_eq!(game.play(Move::Pass), Err(IllegalMove::GameOver));
}

/// South's only pit with two or more seeds is pit 1, and its relay never
/// ends. Reference trace: lap 1 from pit 1 (18) gives
/// `2 3 2 3 2 3 | 6 5 4 3 2 1` ending in pit 6 (3); lap 2 from 6 ends in
/// pit 8 (6); lap 3 from 8 ends in pit 1 (3); lap 4 from 1 ends in pit 3
/// (3); ... from lap 2 on, (board, starting pit) repeats every 45 laps.
const ONLY_ENDLESS: &str = "18 1 0 1 0 1 | 5 4 3 2 1 0 6-6 S";

#[test]
fn rule_5_pass_when_the_only_moves_are_endless_relays() {
    let p = pos(DjenonAboure, ONLY_ENDLESS);
    assert_eq!(DjenonAboure.legal_moves(&p).to_string(), "pass");
    assert_eq!(
        DjenonAboure.check(&p, Move::Pit(1)),
        Err(IllegalMove::EndlessRelay { pit: 1 })
    );
    assert_eq!(
        DjenonAboure.check(&p, Move::Pit(2)),
        Err(IllegalMove::SingletonMayNotMove { pit: 2 })
    );
    let (after, report) = DjenonAboure.play(&p, Move::Pass).expect("pass");
    assert_eq!(report, MoveReport::pass(Player::South));
    assert_eq!(after.to_string(), "18 1 0 1 0 1 | 5 4 3 2 1 0 6-6 N");
    // North can move pits 7..10 (11 is a singleton, 12 empty).
    assert_eq!(DjenonAboure.legal_moves(&after).to_string(), "7 8 9 10");
    // North pit 10 (2 seeds): 10 (0->1), 11 (1->2): captured; 10 (1) stops.
    let (after, report) = play(DjenonAboure, "18 1 0 1 0 1 | 5 4 3 2 1 0 6-6 N", Move::Pit(10));
    assert_eq!(after.to_string(), "18 1 0 1 0 1 | 5 4 3 1 0 0 6-8 S");
    assert_eq!(summary(&report), ("11".to_string(), 2, 1, Some(11)));
}

#[test]
fn rule_5_no_pass_when_both_have_no_move() {
    // Neither side has a pit with 2 or more seeds: not a pass, the end.
    let p = pos(DjenonAboure, "1 0 1 0 1 1 | 1 1 1 1 1 1 22-16 N");
    assert_eq!(DjenonAboure.legal_moves(&p).to_string(), "");
    assert_eq!(DjenonAboure.check(&p, Move::Pass), Err(IllegalMove::GameOver));
}

// ---------------------------------------------------------------- rule 6

#[test]
fn rule_6_game_ends_when_neither_player_can_move_each_keeps_own_row() {
    // Rule 1's move leaves only 0s and 1s: South 22 + (1+0+1+0+1+1) = 26,
    // North 16 + 6 = 22.
    let (after, _) = play(DjenonAboure, "1 0 2 1 1 1 | 1 1 1 1 1 1 20-16 S", Move::Pit(3));
    let expected = outcome([26, 22], EndReason::NoMoves);
    assert_eq!(DjenonAboure.status(&after), Status::Over(expected));
    assert_eq!(expected.winner(), Some(Player::South));
    assert!(DjenonAboure.legal_moves(&after).is_empty());
    assert_eq!(
        DjenonAboure.check(&after, Move::Pit(7)),
        Err(IllegalMove::GameOver)
    );
}

#[test]
fn rule_6_end_with_uneven_rows() {
    // South holds 2 seeds, North 4 on the board; the captures decide.
    // South 20 + 2 = 22, North 22 + 4 = 26.
    let p = pos(DjenonAboure, "1 0 0 1 0 0 | 1 1 0 1 1 0 20-22 S");
    assert_eq!(DjenonAboure.status(&p), over([22, 26], EndReason::NoMoves));
    assert_eq!(
        DjenonAboure.status(&p).outcome().and_then(|o| o.winner()),
        Some(Player::North)
    );
    // The same board with North to move ends the same way.
    let p = pos(DjenonAboure, "1 0 0 1 0 0 | 1 1 0 1 1 0 20-22 N");
    assert_eq!(DjenonAboure.status(&p), over([22, 26], EndReason::NoMoves));
}

#[test]
fn rule_6_one_player_with_a_move_keeps_the_game_going() {
    // South cannot move, North can (pit 12 holds 2): South passes, no end.
    let p = pos(DjenonAboure, "1 1 1 1 1 1 | 1 1 1 1 0 2 18-18 S");
    assert_eq!(DjenonAboure.status(&p), Status::Ongoing);
    assert_eq!(DjenonAboure.legal_moves(&p).to_string(), "pass");
    // North pit 12 (2 seeds): 12 (0->1), 1 (1->2): captured; 12 (1) stops.
    // Then all singletons: South 18 + 5, North 20 + 5.
    let (after, report) = play(DjenonAboure, "1 1 1 1 1 1 | 1 1 1 1 0 2 18-18 N", Move::Pit(12));
    assert_eq!(after.to_string(), "0 1 1 1 1 1 | 1 1 1 1 0 1 18-20 S");
    assert_eq!(summary(&report), ("1".to_string(), 2, 1, Some(1)));
    assert_eq!(DjenonAboure.status(&after), over([23, 25], EndReason::NoMoves));
}
