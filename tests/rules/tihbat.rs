//! Tihbat, rule by rule (RULES.md, "Tihbat" rules 1-5).
//!
//! Board: South owns pits 1-2, North owns pits 3-4; pit 4 is followed by pit 1.
//! Every expected position below is worked out by hand from RULES.md: sowing is
//! origin-first (the first counter goes back into the emptied pit, the next
//! ones into pit+1, pit+2, ... wrapping 4 -> 1).

use crate::common::rules::{check, game, legal, outcome, over, play, status, step};
use mancala_rules::games::Tihbat;
use mancala_rules::{
    AgreementError, AgreementPolicy, EndReason, Game, IllegalMove, Move, Player, Ruleset, Status,
};

// ---------------------------------------------------------------------------
// Rule 1: pick up all counters from either of your two pits (any non-empty
// pit; a single counter goes straight back into its pit).
// ---------------------------------------------------------------------------

#[test]
fn rule_1_any_nonempty_own_pit_may_move() {
    // Singletons may move (unlike Djenon-aboure): both South pits hold 1.
    assert_eq!(legal(Tihbat, "1 1 | 6 6 7-7 S"), "1 2");
    // North's singletons too.
    assert_eq!(legal(Tihbat, "6 6 | 1 1 7-7 N"), "3 4");
    // Start position: both of South's pits.
    assert_eq!(legal(Tihbat, "7 7 | 7 7 0-0 S"), "1 2");
    // An empty own pit is not a move.
    assert_eq!(legal(Tihbat, "0 5 | 7 11 5-0 S"), "2");
    assert_eq!(legal(Tihbat, "3 7 | 0 11 7-0 N"), "4");
}

#[test]
fn rule_1_single_counter_goes_back_into_its_pit() {
    // South's pit 1 holds one counter: it goes back into pit 1 (now 1, odd: no
    // capture) and the turn passes to North.
    let (after, report) = play(Tihbat, "1 5 | 6 8 4-4 S", Move::Pit(1));
    assert_eq!(after.to_string(), "1 5 | 6 8 4-4 N");
    assert_eq!(report.last_pit, Some(1));
    assert_eq!(report.laps, 1);
    assert_eq!(report.captured.to_string(), "");
    assert_eq!(report.seeds_captured, 0);
    assert_eq!(report.player, Player::South);

    // North's pit 3 holds one counter: back into pit 3.
    let (after, report) = play(Tihbat, "2 5 | 1 8 6-6 N", Move::Pit(3));
    assert_eq!(after.to_string(), "2 5 | 1 8 6-6 S");
    assert_eq!(report.last_pit, Some(3));
    assert_eq!(report.captured.to_string(), "");
}

#[test]
fn rule_1_only_own_nonempty_pits_with_typed_errors() {
    assert_eq!(
        check(Tihbat, "0 5 | 7 11 5-0 S", Move::Pit(1)),
        Err(IllegalMove::EmptyPit { pit: 1 })
    );
    assert_eq!(
        check(Tihbat, "0 5 | 7 11 5-0 S", Move::Pit(3)),
        Err(IllegalMove::NotYourPit {
            pit: 3,
            player: Player::South,
            first: 1,
            last: 2
        })
    );
    assert_eq!(
        check(Tihbat, "3 7 | 7 11 0-0 N", Move::Pit(2)),
        Err(IllegalMove::NotYourPit {
            pit: 2,
            player: Player::North,
            first: 3,
            last: 4
        })
    );
    assert_eq!(
        check(Tihbat, "3 7 | 7 11 0-0 S", Move::Pit(5)),
        Err(IllegalMove::PitOutOfRange { pit: 5, pits: 4 })
    );
    assert_eq!(
        check(Tihbat, "3 7 | 7 11 0-0 S", Move::Pit(0)),
        Err(IllegalMove::PitOutOfRange { pit: 0, pits: 4 })
    );
}

// ---------------------------------------------------------------------------
// Rule 2: origin-first sowing, single lap, no relay.
// ---------------------------------------------------------------------------

#[test]
fn rule_2_origin_first_sowing_puts_first_counter_back_in_origin() {
    // Pit 1's 4 counters: pit 1 (origin) 0+1=1, pit 2 3+1=4, pit 3 8+1=9,
    // pit 4 5+1=6. Last on North's pit 4: no capture (pit 2's 4 is not last).
    let (after, report) = play(Tihbat, "4 3 | 8 5 4-4 S", Move::Pit(1));
    assert_eq!(after.to_string(), "1 4 | 9 6 4-4 N");
    assert_eq!(report.last_pit, Some(4));
    assert_eq!(report.captured.to_string(), "");
}

#[test]
fn rule_2_sowing_wraps_from_pit_4_to_pit_1() {
    // North's pit 4, 3 counters: pit 4 (origin) 1, pit 1 3+1=4, pit 2 2+1=3.
    // Last on South's pit 2 (3): no capture.
    let (after, report) = play(Tihbat, "3 2 | 6 3 7-7 N", Move::Pit(4));
    assert_eq!(after.to_string(), "4 3 | 6 1 7-7 S");
    assert_eq!(report.last_pit, Some(2));
    assert_eq!(report.captured.to_string(), "");
}

#[test]
fn rule_2_origin_receives_again_when_sowing_wraps_round() {
    // Pit 2's 6 counters go to pits 2,3,4,1,2,3: pit 2 0+2=2, pit 3 6+2=8,
    // pit 4 6+1=7, pit 1 2+1=3. Last on North's pit 3: no capture.
    let (after, report) = play(Tihbat, "2 6 | 6 6 4-4 S", Move::Pit(2));
    assert_eq!(after.to_string(), "3 2 | 8 7 4-4 N");
    assert_eq!(report.last_pit, Some(3));
    assert_eq!(report.captured.to_string(), "");
}

#[test]
fn rule_2_start_move_with_seven_counters_goes_round_through_origin() {
    // Start, pit 1's 7 counters: 1,2,3,4,1,2,3. Pit 1 0+2=2, pit 2 7+2=9,
    // pit 3 7+2=9, pit 4 7+1=8. Last on pit 3 (North's): no capture.
    let (after, report) = play(Tihbat, "7 7 | 7 7 0-0 S", Move::Pit(1));
    assert_eq!(after.to_string(), "2 9 | 9 8 0-0 N");
    assert_eq!(report.last_pit, Some(3));
    assert_eq!(report.laps, 1);
    // North's pit 4, 8 counters: 4,1,2,3,4,1,2,3. Pit 4 0+2=2, pit 1 2+2=4,
    // pit 2 9+2=11, pit 3 9+2=11. Last on North's own pit 3 with 11 (odd).
    let (after, report) = play(Tihbat, "2 9 | 9 8 0-0 N", Move::Pit(4));
    assert_eq!(after.to_string(), "4 11 | 11 2 0-0 S");
    assert_eq!(report.last_pit, Some(3));
    assert_eq!(report.captured.to_string(), "");
}

#[test]
fn rule_2_single_lap_no_relay() {
    // Pit 2's 9 counters: 2,3,4,1,2,3,4,1,2. Pit 2 gets 3, pits 3, 4, 1 get 2
    // each: pit 1 1+2=3, pit 2 3, pit 3 11, pit 4 11. The last lands in pit 2
    // holding 3: in Djenon-aboure that would relay; in Tihbat the turn ends.
    let (after, report) = play(Tihbat, "1 9 | 9 9 0-0 S", Move::Pit(2));
    assert_eq!(after.to_string(), "3 3 | 11 11 0-0 N");
    assert_eq!(report.laps, 1);
    assert_eq!(report.last_pit, Some(2));
    assert_eq!(report.captured.to_string(), "");
}

// ---------------------------------------------------------------------------
// Rule 3: capture only in the mover's own pit holding 2, 4, 6 or 8.
// ---------------------------------------------------------------------------

#[test]
fn rule_3_capture_own_pit_holding_2_4_6_or_8() {
    // South plays pit 1 with 2 counters: pit 1 gets 1, pit 2 gets the last.
    // (before, after, captured seeds)
    let cases = [
        // pit 2: 1 -> 2, captured
        ("2 1 | 6 7 6-6 S", "1 0 | 6 7 8-6 N", 2),
        // pit 2: 3 -> 4, captured
        ("2 3 | 5 6 6-6 S", "1 0 | 5 6 10-6 N", 4),
        // pit 2: 5 -> 6, captured
        ("2 5 | 5 4 6-6 S", "1 0 | 5 4 12-6 N", 6),
        // pit 2: 7 -> 8, captured
        ("2 7 | 5 6 4-4 S", "1 0 | 5 6 12-4 N", 8),
    ];
    for (before, expected, seeds) in cases {
        let (after, report) = play(Tihbat, before, Move::Pit(1));
        assert_eq!(after.to_string(), expected, "pit 1 in {before}");
        assert_eq!(report.captured.to_string(), "2", "pit 1 in {before}");
        assert_eq!(report.seeds_captured, seeds, "pit 1 in {before}");
        assert_eq!(report.last_pit, Some(2));
    }
}

#[test]
fn rule_3_eight_captures_ten_does_not() {
    // 7 -> 8: captured.
    let (after, report) = play(Tihbat, "2 7 | 5 6 4-4 S", Move::Pit(1));
    assert_eq!(after.to_string(), "1 0 | 5 6 12-4 N");
    assert_eq!(report.captured.to_string(), "2");
    assert_eq!(report.seeds_captured, 8);
    // 9 -> 10: even, but above 8: no capture.
    let (after, report) = play(Tihbat, "2 9 | 5 4 4-4 S", Move::Pit(1));
    assert_eq!(after.to_string(), "1 10 | 5 4 4-4 N");
    assert_eq!(report.captured.to_string(), "");
    assert_eq!(report.seeds_captured, 0);
}

#[test]
fn rule_3_odd_count_in_own_pit_does_not_capture() {
    // pit 2: 2 -> 3.
    let (after, report) = play(Tihbat, "2 2 | 6 6 6-6 S", Move::Pit(1));
    assert_eq!(after.to_string(), "1 3 | 6 6 6-6 N");
    assert_eq!(report.captured.to_string(), "");
    // pit 2: 6 -> 7.
    let (after, report) = play(Tihbat, "2 6 | 5 7 4-4 S", Move::Pit(1));
    assert_eq!(after.to_string(), "1 7 | 5 7 4-4 N");
    assert_eq!(report.captured.to_string(), "");
}

#[test]
fn rule_3_landing_on_opponents_side_never_captures() {
    // South's pit 2, 2 counters: pit 2 1, pit 3 3+1=4 (North's, even): no capture.
    let (after, report) = play(Tihbat, "5 2 | 3 8 5-5 S", Move::Pit(2));
    assert_eq!(after.to_string(), "5 1 | 4 8 5-5 N");
    assert_eq!(report.last_pit, Some(3));
    assert_eq!(report.captured.to_string(), "");
    // Same with 7 -> 8 in North's pit 3.
    let (after, report) = play(Tihbat, "5 2 | 7 4 5-5 S", Move::Pit(2));
    assert_eq!(after.to_string(), "5 1 | 8 4 5-5 N");
    assert_eq!(report.captured.to_string(), "");
    // North's pit 4, 2 counters: pit 4 1, pit 1 3+1=4 (South's): no capture.
    let (after, report) = play(Tihbat, "3 5 | 8 2 5-5 N", Move::Pit(4));
    assert_eq!(after.to_string(), "4 5 | 8 1 5-5 S");
    assert_eq!(report.last_pit, Some(1));
    assert_eq!(report.captured.to_string(), "");
    // Not in the own-side chain variant either.
    let (after, report) = play(Tihbat::own_side_chain(), "5 2 | 3 8 5-5 S", Move::Pit(2));
    assert_eq!(after.to_string(), "5 1 | 4 8 5-5 N");
    assert_eq!(report.captured.to_string(), "");
}

#[test]
fn rule_3_north_captures_in_own_pits() {
    // North's pit 3, 2 counters: pit 3 1, pit 4 5+1=6: captured.
    let (after, report) = play(Tihbat, "4 4 | 2 5 6-7 N", Move::Pit(3));
    assert_eq!(after.to_string(), "4 4 | 1 0 6-13 S");
    assert_eq!(report.captured.to_string(), "4");
    assert_eq!(report.seeds_captured, 6);
    // North's pit 4, 5 counters: 4,1,2,3,4. Pit 4 0+2=2 (the origin itself
    // holds the last counter): captured. Pit 1 4, pit 2 4, pit 3 7.
    let (after, report) = play(Tihbat, "3 3 | 6 5 5-6 N", Move::Pit(4));
    assert_eq!(after.to_string(), "4 4 | 7 0 5-8 S");
    assert_eq!(report.last_pit, Some(4));
    assert_eq!(report.captured.to_string(), "4");
    assert_eq!(report.seeds_captured, 2);
}

#[test]
fn rule_3_default_captures_landing_pit_only_chain_variant_captures_both_own_pits() {
    // South's pit 1, 6 counters: 1,2,3,4,1,2. Pit 1 0+2=2, pit 2 2+2=4,
    // pit 3 5+1=6, pit 4 5+1=6. Last in pit 2 (4): captured.
    let before = "6 2 | 5 5 5-5 S";
    // Default: pit 2 only; pit 1 keeps its 2.
    let (after, report) = play(Tihbat, before, Move::Pit(1));
    assert_eq!(after.to_string(), "2 0 | 6 6 9-5 N");
    assert_eq!(report.captured.to_string(), "2");
    assert_eq!(report.seeds_captured, 4);
    // Own-side chain: backward from pit 2 is pit 1 (2): captured too. The next
    // pit back is North's pit 4 (6): never captured, it is not South's.
    let (after, report) = play(Tihbat::own_side_chain(), before, Move::Pit(1));
    assert_eq!(after.to_string(), "0 0 | 6 6 11-5 N");
    assert_eq!(report.captured.to_string(), "1 2");
    assert_eq!(report.seeds_captured, 6);
}

#[test]
fn rule_3_chain_variant_for_north_stays_on_norths_side() {
    // North's pit 3, 6 counters: 3,4,1,2,3,4. Pit 3 0+2=2, pit 4 2+2=4,
    // pit 1 3+1=4, pit 2 5+1=6. Last in pit 4 (4): captured.
    let before = "3 5 | 6 2 6-6 N";
    let (after, report) = play(Tihbat, before, Move::Pit(3));
    assert_eq!(after.to_string(), "4 6 | 2 0 6-10 S");
    assert_eq!(report.captured.to_string(), "4");
    // Chain: pit 3 (2) too; then pit 2 (6) is South's: the chain stops.
    let (after, report) = play(Tihbat::own_side_chain(), before, Move::Pit(3));
    assert_eq!(after.to_string(), "4 6 | 0 0 6-12 S");
    assert_eq!(report.captured.to_string(), "3 4");
    assert_eq!(report.seeds_captured, 6);
}

#[test]
fn rule_3_chain_variant_from_pit_1_does_not_wrap_to_opponent() {
    // South's pit 2, 4 counters: 2,3,4,1. Pit 2 1, pit 3 5+1=6, pit 4 3+1=4,
    // pit 1 3+1=4. Last in pit 1 (4): captured. Backward from pit 1 is North's
    // pit 4 (4): not South's, so not captured even in the chain variant.
    let before = "3 4 | 5 3 6-7 S";
    // Both readings (each its own type).
    let results = [
        play(Tihbat, before, Move::Pit(2)),
        play(Tihbat::own_side_chain(), before, Move::Pit(2)),
    ];
    for (rules, (after, report)) in ["tihbat", "tihbat-chain"].into_iter().zip(results) {
        assert_eq!(after.to_string(), "0 1 | 6 4 10-7 N", "{rules:?}");
        assert_eq!(report.last_pit, Some(1));
        assert_eq!(report.captured.to_string(), "1", "{rules:?}");
        assert_eq!(report.seeds_captured, 4);
    }
}

#[test]
fn rule_3_chain_variant_stops_at_odd_own_pit() {
    // South's pit 1, 2 counters: pit 1 1, pit 2 3+1=4: captured; pit 1 holds
    // 1 (odd), so the chain adds nothing.
    let (after, report) = play(Tihbat::own_side_chain(), "2 3 | 5 6 6-6 S", Move::Pit(1));
    assert_eq!(after.to_string(), "1 0 | 5 6 10-6 N");
    assert_eq!(report.captured.to_string(), "2");
}

// ---------------------------------------------------------------------------
// Rule 4: a player whose two pits are both empty passes.
// ---------------------------------------------------------------------------

#[test]
fn rule_4_pass_is_the_only_move_when_both_own_pits_are_empty() {
    assert_eq!(legal(Tihbat, "0 0 | 3 5 10-10 S"), "pass");
    assert_eq!(legal(Tihbat, "2 6 | 0 0 10-10 N"), "pass");
    // One own pit empty is not enough to pass.
    assert_eq!(legal(Tihbat, "0 8 | 0 0 10-10 N"), "pass");
    assert_eq!(legal(Tihbat, "0 8 | 0 0 10-10 S"), "2");
}

#[test]
fn rule_4_pit_moves_refused_when_player_must_pass() {
    let text = "0 0 | 3 5 10-10 S";
    assert_eq!(
        check(Tihbat, text, Move::Pit(1)),
        Err(IllegalMove::EmptyPit { pit: 1 })
    );
    assert_eq!(
        check(Tihbat, text, Move::Pit(2)),
        Err(IllegalMove::EmptyPit { pit: 2 })
    );
    assert_eq!(
        check(Tihbat, text, Move::Pit(3)),
        Err(IllegalMove::NotYourPit {
            pit: 3,
            player: Player::South,
            first: 1,
            last: 2
        })
    );
    assert_eq!(check(Tihbat, text, Move::Pass), Ok(()));
}

#[test]
fn rule_4_pass_hands_the_turn_over_with_the_board_unchanged() {
    let (after, report) = play(Tihbat, "0 0 | 3 5 10-10 S", Move::Pass);
    assert_eq!(after.to_string(), "0 0 | 3 5 10-10 N");
    assert_eq!(report.mv, Move::Pass);
    assert_eq!(report.player, Player::South);
    assert_eq!(report.laps, 0);
    assert_eq!(report.last_pit, None);
    assert_eq!(report.captured.to_string(), "");
    assert_eq!(Tihbat.legal_moves(&after).to_string(), "3 4");

    let (after, _) = play(Tihbat, "2 6 | 0 0 10-10 N", Move::Pass);
    assert_eq!(after.to_string(), "2 6 | 0 0 10-10 S");
}

#[test]
fn rule_4_pass_refused_when_not_forced() {
    assert_eq!(
        check(Tihbat, "1 0 | 3 5 9-10 S", Move::Pass),
        Err(IllegalMove::PassNotAllowed {
            player: Player::South
        })
    );
    assert_eq!(
        check(Tihbat, "7 7 | 7 7 0-0 S", Move::Pass),
        Err(IllegalMove::PassNotAllowed {
            player: Player::South
        })
    );
    assert_eq!(
        check(Tihbat, "0 0 | 0 8 10-10 N", Move::Pass),
        Err(IllegalMove::PassNotAllowed {
            player: Player::North
        })
    );
}

// ---------------------------------------------------------------------------
// Rule 5: end when every counter is captured, or on a repeated position
// (board and player to move), the board then split equally.
// ---------------------------------------------------------------------------

#[test]
fn rule_5_game_ends_when_all_counters_captured() {
    let done = "0 0 | 0 0 12-16 N";
    let expected = outcome([12, 16], EndReason::AllCaptured);
    assert_eq!(status(Tihbat, done), Status::Over(expected));
    assert_eq!(expected.winner(), Some(Player::North));
    assert_eq!(legal(Tihbat, done), "");
    assert_eq!(check(Tihbat, done, Move::Pass), Err(IllegalMove::GameOver));
    assert_eq!(check(Tihbat, done, Move::Pit(3)), Err(IllegalMove::GameOver));

    let draw = status(Tihbat, "0 0 | 0 0 14-14 S");
    assert_eq!(draw, over([14, 14], EndReason::AllCaptured));
    assert_eq!(draw.outcome().and_then(|o| o.winner()), None);

    // Through Game as well.
    let mut g = game(Tihbat, done);
    assert!(g.is_over());
    assert_eq!(g.outcome(), Some(expected));
    assert_eq!(g.play(Move::Pass), Err(IllegalMove::GameOver));
}

#[test]
fn rule_5_game_goes_on_while_counters_remain() {
    // The opponent's pits are empty but the mover has counters: no end.
    assert_eq!(status(Tihbat, "3 5 | 0 0 10-10 S"), Status::Ongoing);
    assert_eq!(legal(Tihbat, "3 5 | 0 0 10-10 S"), "1 2");
}

#[test]
fn rule_5_repetition_ends_game_and_splits_board() {
    // South 2 counters from pit 1: pit 1 1, pit 2 1 (odd): "1 1 | 2 0 10-14 N".
    // North 2 from pit 3: pit 3 1, pit 4 1:               "1 1 | 1 1 10-14 S".
    // South pit 1 (single):                              "1 1 | 1 1 10-14 N".
    // North pit 3 (single):                              "1 1 | 1 1 10-14 S" = after ply 2.
    // Board 4 split: South 10+2=12, North 14+2=16.
    let mut g = game(Tihbat, "2 0 | 2 0 10-14 S");
    let expected = ["1 1 | 2 0 10-14 N", "1 1 | 1 1 10-14 S", "1 1 | 1 1 10-14 N"];
    for (mv, after) in [Move::Pit(1), Move::Pit(3), Move::Pit(1)]
        .into_iter()
        .zip(expected)
    {
        assert_eq!(step(&mut g, mv), after);
        assert!(!g.is_over(), "no repetition yet at {after}");
        assert_eq!(g.occurrences(), 1);
    }
    assert_eq!(step(&mut g, Move::Pit(3)), "1 1 | 1 1 10-14 S");
    assert_eq!(g.occurrences(), 2);
    let split = outcome([12, 16], EndReason::Repetition);
    assert_eq!(g.outcome(), Some(split), "repetition ends the game");
    assert_eq!(split.winner(), Some(Player::North));
    assert!(g.is_over());
    assert_eq!(g.legal_moves().to_string(), "");
    assert_eq!(g.play(Move::Pit(1)), Err(IllegalMove::GameOver));
}

#[test]
fn rule_5_repetition_counts_from_the_first_position() {
    // "1 0 | 1 0 12-14 S": South's single counter back (same board, North to
    // move: not a repetition), then North's: the first position is back.
    let mut g = game(Tihbat, "1 0 | 1 0 12-14 S");
    assert_eq!(step(&mut g, Move::Pit(1)), "1 0 | 1 0 12-14 N");
    assert!(
        !g.is_over(),
        "same board with the other player to move is no repetition"
    );
    assert_eq!(step(&mut g, Move::Pit(3)), "1 0 | 1 0 12-14 S");
    assert_eq!(g.outcome(), Some(outcome([13, 15], EndReason::Repetition)));
}

#[test]
fn rule_5_repetition_involving_a_pass() {
    // North 2 from pit 3: pit 3 1, pit 4 1 (odd, own pit): "0 0 | 1 1 12-14 S".
    // South has no counter: pass:                          "0 0 | 1 1 12-14 N".
    // North single from pit 3:                             "0 0 | 1 1 12-14 S" = after ply 1.
    // Board 2 split: 13-15.
    let mut g = game(Tihbat, "0 0 | 2 0 12-14 N");
    assert_eq!(step(&mut g, Move::Pit(3)), "0 0 | 1 1 12-14 S");
    assert_eq!(g.legal_moves().to_string(), "pass");
    assert_eq!(step(&mut g, Move::Pass), "0 0 | 1 1 12-14 N");
    assert!(!g.is_over());
    assert_eq!(step(&mut g, Move::Pit(3)), "0 0 | 1 1 12-14 S");
    assert_eq!(g.outcome(), Some(outcome([13, 15], EndReason::Repetition)));
}

#[test]
fn rule_5_repetition_of_the_position_after_a_pass() {
    // The start "0 0 | 1 1 12-14 N" has South with no counters. North's pit 4
    // single goes back: "0 0 | 1 1 12-14 S"; South passes: the start position
    // is back (a position reached by a pass counts).
    let mut g = game(Tihbat, "0 0 | 1 1 12-14 N");
    assert_eq!(step(&mut g, Move::Pit(4)), "0 0 | 1 1 12-14 S");
    assert!(!g.is_over());
    assert_eq!(step(&mut g, Move::Pass), "0 0 | 1 1 12-14 N");
    assert_eq!(g.outcome(), Some(outcome([13, 15], EndReason::Repetition)));
}

#[test]
fn rule_5_undo_after_repetition_reopens_the_game() {
    let mut g = game(Tihbat, "1 0 | 1 0 12-14 S");
    step(&mut g, Move::Pit(1));
    step(&mut g, Move::Pit(3));
    assert!(g.is_over());
    assert_eq!(g.undo(), Some(Move::Pit(3)));
    assert!(!g.is_over());
    assert_eq!(g.status(), Status::Ongoing);
    assert_eq!(g.position().to_string(), "1 0 | 1 0 12-14 N");
    assert_eq!(g.legal_moves().to_string(), "3");
    // Replaying the same move ends it again, the same way.
    step(&mut g, Move::Pit(3));
    assert_eq!(g.outcome(), Some(outcome([13, 15], EndReason::Repetition)));
}

#[test]
fn rule_5_no_agreement_in_tihbat() {
    // The split in Tihbat comes from repetition only; there is no agreement.
    let mut g = Game::new(Tihbat);
    assert_eq!(g.agree_to_split(), Err(AgreementError::NotInRules("tihbat")));
    assert!(!g.apply_policy(AgreementPolicy::OnOccurrence(1)));
    assert!(!g.is_over());
}
