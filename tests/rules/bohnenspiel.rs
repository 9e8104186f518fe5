//! Bohnenspiel, rule by rule (RULES.md, "Bohnenspiel" 1-6).
//!
//! Every expected position below is computed by hand from RULES.md; the
//! comment above each assertion says which pits receive beans and why the
//! capture chain stops where it does. Pits are numbered 1..12: South owns
//! 1-6, North 7-12, sowing goes to the next higher number, 12 wraps to 1.

use crate::common::rules::{outcome, over, play, pos, summary};
use mancala_rules::games::{Bohnenspiel, Partie};
use mancala_rules::{EndReason, Game, IllegalMove, Move, MoveReport, Player, Ruleset, Status};

// ---------------------------------------------------------------- rule 1

#[test]
fn rule_1_move_takes_all_beans_from_own_nonempty_pit() {
    // South pit 3 (6 beans): pit 3 is emptied, pits 4..9 get one each.
    // Pit 9 ends with 7: no capture.
    let (after, report) = play(Bohnenspiel, "6 6 6 6 6 6 | 6 6 6 6 6 6 0-0 S", Move::Pit(3));
    assert_eq!(after.to_string(), "6 6 0 7 7 7 | 7 7 7 6 6 6 0-0 N");
    assert_eq!(summary(&report), (String::new(), 0, 1, Some(9)));

    // North pit 12 (6 beans): wraps to pits 1..6 (7 7 1 8 8 8); pit 6 holds 8.
    let (after, report) = play(Bohnenspiel, "6 6 0 7 7 7 | 7 7 7 6 6 6 0-0 N", Move::Pit(12));
    assert_eq!(after.to_string(), "7 7 1 8 8 8 | 7 7 7 6 6 0 0-0 S");
    assert_eq!(summary(&report), (String::new(), 0, 1, Some(6)));
}

#[test]
fn rule_1_legal_moves_are_the_nonempty_pits_of_the_mover() {
    let rules = Bohnenspiel;
    assert_eq!(rules.legal_moves(&rules.start()).to_string(), "1 2 3 4 5 6");
    // South: pits 2 and 5 hold beans.
    let south = pos(Bohnenspiel, "0 3 0 0 5 0 | 6 0 6 6 0 6 20-20 S");
    assert_eq!(rules.legal_moves(&south).to_string(), "2 5");
    // Same board, North to move: pits 7, 9, 10, 12.
    let north = pos(Bohnenspiel, "0 3 0 0 5 0 | 6 0 6 6 0 6 20-20 N");
    assert_eq!(rules.legal_moves(&north).to_string(), "7 9 10 12");
    assert_eq!(rules.status(&north), Status::Ongoing);
}

#[test]
fn rule_1_empty_pit_foreign_pit_and_pass_are_refused() {
    let rules = Bohnenspiel;
    let south = pos(Bohnenspiel, "0 3 0 0 5 0 | 6 0 6 6 0 6 20-20 S");
    assert_eq!(
        rules.check(&south, Move::Pit(1)),
        Err(IllegalMove::EmptyPit { pit: 1 })
    );
    assert_eq!(
        rules.check(&south, Move::Pit(6)),
        Err(IllegalMove::EmptyPit { pit: 6 })
    );
    assert_eq!(
        rules.check(&south, Move::Pit(7)),
        Err(IllegalMove::NotYourPit {
            pit: 7,
            player: Player::South,
            first: 1,
            last: 6
        })
    );
    assert_eq!(
        rules.check(&south, Move::Pit(13)),
        Err(IllegalMove::PitOutOfRange { pit: 13, pits: 12 })
    );
    assert_eq!(
        rules.check(&south, Move::Pit(0)),
        Err(IllegalMove::PitOutOfRange { pit: 0, pits: 12 })
    );
    assert_eq!(
        rules.check(&south, Move::Pass),
        Err(IllegalMove::PassNotAllowed {
            player: Player::South
        })
    );
    let north = pos(Bohnenspiel, "0 3 0 0 5 0 | 6 0 6 6 0 6 20-20 N");
    assert_eq!(
        rules.play(&north, Move::Pit(2)),
        Err(IllegalMove::NotYourPit {
            pit: 2,
            player: Player::North,
            first: 7,
            last: 12
        })
    );
    assert_eq!(
        rules.check(&north, Move::Pit(11)),
        Err(IllegalMove::EmptyPit { pit: 11 })
    );
}

// ---------------------------------------------------------------- rule 2

#[test]
fn rule_2_sowing_starts_at_next_pit_and_does_not_skip_origin() {
    // South pit 2 (13 beans): pits 3..12 (10 beans), pit 1 (11th), the emptied
    // origin pit 2 (12th: not skipped), pit 3 (13th, last).
    // Pit 1: 1+1=2, pit 2: 0+1=1, pit 3: 3+2=5, pits 4..12: 1+1=2.
    // Last pit 3 holds 5 (odd): no capture.
    let (after, report) = play(Bohnenspiel, "1 13 3 1 1 1 | 1 1 1 1 1 1 20-26 S", Move::Pit(2));
    assert_eq!(after.to_string(), "2 1 5 2 2 2 | 2 2 2 2 2 2 20-26 N");
    assert_eq!(summary(&report), (String::new(), 0, 1, Some(3)));
}

#[test]
fn rule_2_twelve_beans_end_in_the_emptied_origin() {
    // South pit 4 (12 beans): pits 5..12, 1, 2, 3 and, 12th, pit 4 itself.
    // Pit 4 ends with 1 (odd): no capture, although pits 7..12 now hold 4.
    let (after, report) = play(Bohnenspiel, "0 1 0 12 0 0 | 3 3 3 3 3 3 21-20 S", Move::Pit(4));
    assert_eq!(after.to_string(), "1 2 1 1 1 1 | 4 4 4 4 4 4 21-20 N");
    assert_eq!(summary(&report), (String::new(), 0, 1, Some(4)));
}

#[test]
fn rule_2_two_full_rounds_drop_twice_into_origin_and_chain_wraps() {
    // South pit 1 (25 beans): two full rounds (24 beans) give every pit,
    // origin included, 2; the 25th falls in pit 2.
    // Board: pit 1 = 2, pit 2 = 1+3 = 4, pit 3 = 1+2 = 3, pits 4..12 = 2.
    // Last pit 2 holds 4: capture; backward pit 1 (2), then 12, 11, ..., 4
    // (2 each) are captured; pit 3 (3) stops the chain.
    // Seeds: 4 + 2 + 9*2 = 24.
    let (after, report) = play(Bohnenspiel, "25 1 1 0 0 0 | 0 0 0 0 0 0 20-25 S", Move::Pit(1));
    assert_eq!(after.to_string(), "0 0 3 0 0 0 | 0 0 0 0 0 0 44-25 N");
    assert_eq!(
        summary(&report),
        ("1 2 4 5 6 7 8 9 10 11 12".to_string(), 24, 1, Some(2))
    );
}

// ---------------------------------------------------------------- rule 3

#[test]
fn rule_3_capture_chain_stops_at_odd_pit() {
    // South pit 4 (3 beans): pits 5 (1->2), 6 (2->3), 7 (3->4).
    // Last pit 7 holds 4: captured. Pit 6 holds 3: the chain stops there,
    // and pit 5 (2) behind it is not taken.
    let (after, report) = play(Bohnenspiel, "2 2 2 3 1 2 | 3 2 2 2 2 2 20-27 S", Move::Pit(4));
    assert_eq!(after.to_string(), "2 2 2 0 2 3 | 0 2 2 2 2 2 24-27 N");
    assert_eq!(summary(&report), ("7".to_string(), 4, 1, Some(7)));
}

#[test]
fn rule_3_chain_crosses_from_north_row_into_south_row_and_stops_at_empty_pit() {
    // South pit 4 (4 beans): pits 5 (1->2), 6 (3->4), 7 (5->6), 8 (1->2).
    // Chain: 8 (2), 7 (6) in North's row, then 6 (4), 5 (2) in South's own
    // row; pit 4, just emptied, holds 0 and stops it (pit 3's 2 stays).
    // Seeds: 2 + 6 + 4 + 2 = 14.
    let (after, report) = play(Bohnenspiel, "3 1 2 4 1 3 | 5 1 7 1 1 9 10-24 S", Move::Pit(4));
    assert_eq!(after.to_string(), "3 1 2 0 0 0 | 0 0 7 1 1 9 24-24 N");
    assert_eq!(summary(&report), ("5 6 7 8".to_string(), 14, 1, Some(8)));
}

#[test]
fn rule_3_capture_chain_stops_at_count_above_six() {
    // South pit 1 (3 beans): pits 2 (1->2), 3 (7->8), 4 (5->6).
    // Last pit 4 holds 6: captured. Pit 3 holds 8 (even but above 6): the
    // chain stops; pit 2 (2) is not taken.
    let (after, report) = play(Bohnenspiel, "3 1 7 5 0 0 | 2 2 2 2 2 2 22-22 S", Move::Pit(1));
    assert_eq!(after.to_string(), "0 2 8 0 0 0 | 2 2 2 2 2 2 28-22 N");
    assert_eq!(summary(&report), ("4".to_string(), 6, 1, Some(4)));
}

#[test]
fn rule_3_last_pit_holding_eight_captures_nothing() {
    // South pit 5 (2 beans): pits 6 (1->2), 7 (7->8). The last pit holds 8:
    // no capture at all, even though pit 6 now holds 2.
    let (after, report) = play(Bohnenspiel, "4 4 4 4 2 1 | 7 4 4 4 4 4 10-16 S", Move::Pit(5));
    assert_eq!(after.to_string(), "4 4 4 4 0 2 | 8 4 4 4 4 4 10-16 N");
    assert_eq!(summary(&report), (String::new(), 0, 1, Some(7)));
}

#[test]
fn rule_3_chain_wraps_from_pit_1_to_pit_12() {
    // North pit 10 (3 beans): pits 11 (3->4), 12 (1->2), 1 (5->6).
    // Last pit 1 holds 6: captured; backward from pit 1 is pit 12 (2), then
    // 11 (4); pit 10, emptied, stops it. North takes 6 + 2 + 4 = 12.
    let (after, report) = play(Bohnenspiel, "5 0 3 3 3 3 | 3 3 3 3 3 1 19-20 N", Move::Pit(10));
    assert_eq!(after.to_string(), "0 0 3 3 3 3 | 3 3 3 0 0 0 19-32 S");
    assert_eq!(summary(&report), ("1 11 12".to_string(), 12, 1, Some(1)));
}

#[test]
fn rule_3_capture_in_the_movers_own_row() {
    // North pit 8 (2 beans): pits 9 (1->2), 10 (5->6). Chain 10 (6), 9 (2),
    // pit 8 (0) stops. The capture is in the mover's own row.
    let (after, report) = play(Bohnenspiel, "0 0 0 0 0 0 | 4 2 1 5 0 0 35-25 N", Move::Pit(8));
    assert_eq!(after.to_string(), "0 0 0 0 0 0 | 4 0 0 0 0 0 35-33 S");
    assert_eq!(summary(&report), ("9 10".to_string(), 8, 1, Some(10)));
}

// ---------------------------------------------------------------- rule 4

#[test]
fn rule_4_empty_row_ends_game_and_last_mover_takes_the_board() {
    // South pit 6 (2 beans): pits 7 (1->2), 8 (3->4); chain 8, 7, then pit 6
    // (0) stops. North's row is now empty and North is to move: the game is
    // over and South, who made the last move, takes the 3 beans of pit 1.
    // South: 30 + 6 + 3 = 39, North: 33.
    let rules = Bohnenspiel;
    let (after, report) = play(Bohnenspiel, "3 0 0 0 0 2 | 1 3 0 0 0 0 30-33 S", Move::Pit(6));
    assert_eq!(after.to_string(), "3 0 0 0 0 0 | 0 0 0 0 0 0 36-33 N");
    assert_eq!(summary(&report), ("7 8".to_string(), 6, 1, Some(8)));
    let expected = outcome([39, 33], EndReason::MoverRowEmpty);
    assert_eq!(rules.status(&after), Status::Over(expected));
    assert_eq!(expected.winner(), Some(Player::South));
    assert!(rules.legal_moves(&after).is_empty());
    assert_eq!(rules.legal_moves(&after).to_string(), "");
    assert_eq!(rules.check(&after, Move::Pit(7)), Err(IllegalMove::GameOver));
    assert_eq!(rules.play(&after, Move::Pass), Err(IllegalMove::GameOver));
}

#[test]
fn rule_4_north_making_the_last_move_takes_the_beans_of_its_row() {
    // North pit 8 captures pits 9 and 10 (8 beans); South to move has no
    // bean: North, the last mover, takes the 4 beans of pit 7.
    // South: 35, North: 25 + 8 + 4 = 37.
    let rules = Bohnenspiel;
    let (after, _) = play(Bohnenspiel, "0 0 0 0 0 0 | 4 2 1 5 0 0 35-25 N", Move::Pit(8));
    let end = rules.status(&after);
    assert_eq!(end, over([35, 37], EndReason::MoverRowEmpty));
    assert_eq!(end.outcome().and_then(|o| o.winner()), Some(Player::North));
}

#[test]
fn rule_4_the_sweep_goes_to_the_player_not_to_move() {
    // South to move with an empty row: North takes the 10 beans on the board.
    let rules = Bohnenspiel;
    let p = pos(Bohnenspiel, "0 0 0 0 0 0 | 1 2 3 0 0 4 40-22 S");
    assert_eq!(rules.status(&p), over([40, 32], EndReason::MoverRowEmpty));
    // Equal totals draw: 26 + 10 = 36 against 36.
    let draw = pos(Bohnenspiel, "0 0 0 0 0 0 | 1 2 3 0 0 4 36-26 S");
    let outcome = rules.status(&draw).outcome().expect("over");
    assert_eq!(outcome.totals, [36, 36]);
    assert_eq!(outcome.winner(), None);
    // The same board with North to move goes on.
    let going_on = pos(Bohnenspiel, "0 0 0 0 0 0 | 1 2 3 0 0 4 40-22 N");
    assert_eq!(rules.legal_moves(&going_on).to_string(), "7 8 9 12");
}

// ---------------------------------------------------------------- rule 5

#[test]
fn rule_5_partie_is_won_when_a_cumulative_total_reaches_100() {
    let mut partie = Partie::new();
    partie.record([63, 9]);
    assert_eq!(partie.winner(), None);
    partie.record([36, 36]);
    // 99 is not enough.
    assert_eq!(partie.totals(), [99, 45]);
    assert_eq!(partie.winner(), None);
    partie.record([1, 71]);
    // South reaches exactly 100, North 116: both pass 100, North is higher.
    assert_eq!(partie.totals(), [100, 116]);
    assert_eq!(partie.winner(), Some(Player::North));

    let mut partie = Partie::new();
    partie.record([60, 12]);
    partie.record([40, 32]);
    assert_eq!(partie.totals(), [100, 44]);
    assert_eq!(partie.winner(), Some(Player::South));
}

#[test]
fn rule_5_partie_starter_alternates() {
    let mut partie = Partie::new();
    assert_eq!(partie.next_starter(), Player::South);
    assert_eq!(partie.next_start().to_string(), "6 6 6 6 6 6 | 6 6 6 6 6 6 0-0 S");
    partie.record([40, 32]);
    assert_eq!(partie.next_starter(), Player::North);
    assert_eq!(partie.next_start().to_string(), "6 6 6 6 6 6 | 6 6 6 6 6 6 0-0 N");
    partie.record([30, 42]);
    assert_eq!(partie.next_starter(), Player::South);
    partie.record([20, 52]);
    assert_eq!(partie.next_starter(), Player::North);
    // With North to start, North's pits are the legal moves.
    let start = partie.next_start();
    assert_eq!(Bohnenspiel.legal_moves(&start).to_string(), "7 8 9 10 11 12");
}

#[test]
fn rule_5_partie_tie_above_100_means_another_game() {
    let mut partie = Partie::new();
    partie.record([50, 22]);
    partie.record([22, 50]);
    partie.record([36, 36]);
    // Both at 108 after the same game: no winner yet, another game.
    assert_eq!(partie.totals(), [108, 108]);
    assert_eq!(partie.winner(), None);
    assert_eq!(partie.next_starter(), Player::North);
    partie.record([40, 32]);
    assert_eq!(partie.totals(), [148, 140]);
    assert_eq!(partie.winner(), Some(Player::South));
}

#[test]
fn rule_5_partie_records_game_outcomes() {
    // A finished game (rule 4 example: 39-33) counts in the match.
    let rules = Bohnenspiel;
    let mut game =
        Game::from_position(rules, pos(Bohnenspiel, "3 0 0 0 0 2 | 1 3 0 0 0 0 30-33 S")).expect("valid");
    game.play(Move::Pit(6)).expect("legal");
    let outcome = game.outcome().expect("over");
    let mut partie = Partie::new();
    partie.record(outcome.totals);
    partie.record([70, 2]);
    assert_eq!(partie.totals(), [109, 35]);
    assert_eq!(partie.winner(), Some(Player::South));
}

// ---------------------------------------------------------------- rule 6

#[test]
fn rule_6_hemprich_player_with_empty_row_passes() {
    let standard = Bohnenspiel;
    let hemprich = Bohnenspiel::hemprich();
    let p = pos(Bohnenspiel, "0 0 0 0 0 0 | 1 0 0 0 0 3 34-34 S");
    // Standard rules: over, North takes the 4 beans.
    assert_eq!(standard.status(&p), over([34, 38], EndReason::MoverRowEmpty));
    // Hemprich: South passes, and pass is the only move.
    assert_eq!(hemprich.status(&p), Status::Ongoing);
    assert_eq!(hemprich.legal_moves(&p).to_string(), "pass");
    assert_eq!(
        hemprich.check(&p, Move::Pit(1)),
        Err(IllegalMove::EmptyPit { pit: 1 })
    );
    assert_eq!(
        hemprich.check(&p, Move::Pit(7)),
        Err(IllegalMove::NotYourPit {
            pit: 7,
            player: Player::South,
            first: 1,
            last: 6
        })
    );
    let (after, report) = hemprich.play(&p, Move::Pass).expect("pass is legal");
    assert_eq!(after.to_string(), "0 0 0 0 0 0 | 1 0 0 0 0 3 34-34 N");
    assert_eq!(report, MoveReport::pass(Player::South));
    assert_eq!(report.laps, 0);
    assert_eq!(report.last_pit, None);
    assert_eq!(report.captured.to_string(), "");
    // North, with beans, may not pass.
    assert_eq!(hemprich.legal_moves(&after).to_string(), "7 12");
    assert_eq!(
        hemprich.check(&after, Move::Pass),
        Err(IllegalMove::PassNotAllowed {
            player: Player::North
        })
    );
}

#[test]
fn rule_6_hemprich_game_goes_on_until_all_beans_are_captured() {
    let hemprich = Bohnenspiel::hemprich();
    let start = pos(Bohnenspiel, "0 0 0 0 0 0 | 0 0 0 0 1 1 34-36 S");
    // Standard rules would end here with North taking 2: 34-38.
    assert_eq!(
        Bohnenspiel.status(&start),
        over([34, 38], EndReason::MoverRowEmpty)
    );
    let mut game = Game::from_position(hemprich, start).expect("valid");
    // (move, position after it, worked out bean by bean)
    let line = [
        (Move::Pass, "0 0 0 0 0 0 | 0 0 0 0 1 1 34-36 N"),
        // 12 -> 1 (1 bean: odd, no capture)
        (Move::Pit(12), "1 0 0 0 0 0 | 0 0 0 0 1 0 34-36 S"),
        (Move::Pit(1), "0 1 0 0 0 0 | 0 0 0 0 1 0 34-36 N"),
        (Move::Pit(11), "0 1 0 0 0 0 | 0 0 0 0 0 1 34-36 S"),
        (Move::Pit(2), "0 0 1 0 0 0 | 0 0 0 0 0 1 34-36 N"),
        (Move::Pit(12), "1 0 1 0 0 0 | 0 0 0 0 0 0 34-36 S"),
        (Move::Pit(1), "0 1 1 0 0 0 | 0 0 0 0 0 0 34-36 N"),
        // North's row is empty: North passes.
        (Move::Pass, "0 1 1 0 0 0 | 0 0 0 0 0 0 34-36 S"),
        // 2 -> 3 (1->2): captured; pit 2 (0) stops the chain.
        (Move::Pit(2), "0 0 0 0 0 0 | 0 0 0 0 0 0 36-36 N"),
    ];
    for (mv, expected) in line {
        assert!(!game.is_over(), "over before {mv}");
        if mv == Move::Pass {
            assert_eq!(game.legal_moves().to_string(), "pass");
        }
        game.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        assert_eq!(game.position().to_string(), expected);
    }
    assert_eq!(game.outcome(), Some(outcome([36, 36], EndReason::AllCaptured)));
    assert_eq!(game.outcome().and_then(|o| o.winner()), None);
    assert_eq!(game.play(Move::Pass), Err(IllegalMove::GameOver));
}

/// Twelve single-bean moves that bring "0 0 0 0 0 1 | 0 0 0 0 0 1 30-40 S"
/// back: each player moves its bean one pit on, alternately, and after 12
/// plies both beans are back in pits 6 and 12 with South to move.
const CYCLE: [(u8, &str); 12] = [
    (6, "0 0 0 0 0 0 | 1 0 0 0 0 1 30-40 N"),
    (12, "1 0 0 0 0 0 | 1 0 0 0 0 0 30-40 S"),
    (1, "0 1 0 0 0 0 | 1 0 0 0 0 0 30-40 N"),
    (7, "0 1 0 0 0 0 | 0 1 0 0 0 0 30-40 S"),
    (2, "0 0 1 0 0 0 | 0 1 0 0 0 0 30-40 N"),
    (8, "0 0 1 0 0 0 | 0 0 1 0 0 0 30-40 S"),
    (3, "0 0 0 1 0 0 | 0 0 1 0 0 0 30-40 N"),
    (9, "0 0 0 1 0 0 | 0 0 0 1 0 0 30-40 S"),
    (4, "0 0 0 0 1 0 | 0 0 0 1 0 0 30-40 N"),
    (10, "0 0 0 0 1 0 | 0 0 0 0 1 0 30-40 S"),
    (5, "0 0 0 0 0 1 | 0 0 0 0 1 0 30-40 N"),
    (11, "0 0 0 0 0 1 | 0 0 0 0 0 1 30-40 S"),
];

#[test]
fn rule_6_hemprich_repetition_ends_the_game_and_splits_the_board() {
    let start = pos(Bohnenspiel, "0 0 0 0 0 1 | 0 0 0 0 0 1 30-40 S");
    let mut game = Game::from_position(Bohnenspiel::hemprich(), start).expect("valid");
    for (i, (pit, expected)) in CYCLE.iter().enumerate() {
        assert!(!game.is_over(), "over before ply {}", i + 1);
        let report = game.play(Move::Pit(*pit)).expect("legal");
        assert_eq!(game.position().to_string(), *expected);
        // One bean into an empty pit: no capture.
        assert_eq!(report.captured.to_string(), "");
    }
    // The start position (board, captures, South to move) is back: the game
    // ends, the 2 beans left are split 1-1: 31-41.
    assert_eq!(game.occurrences(), 2);
    assert_eq!(game.status(), over([31, 41], EndReason::Repetition));
    assert_eq!(game.outcome().and_then(|o| o.winner()), Some(Player::North));
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play(Move::Pit(6)), Err(IllegalMove::GameOver));
    // Undo takes the repetition back.
    assert_eq!(game.undo(), Some(Move::Pit(11)));
    assert_eq!(game.status(), Status::Ongoing);
    assert_eq!(game.occurrences(), 1);
    assert_eq!(game.legal_moves().to_string(), "11");
}

#[test]
fn rule_6_standard_rules_ignore_repetition() {
    let start = pos(Bohnenspiel, "0 0 0 0 0 1 | 0 0 0 0 0 1 30-40 S");
    let mut game = Game::from_position(Bohnenspiel, start).expect("valid");
    game.play_all(CYCLE.iter().map(|&(pit, _)| Move::Pit(pit)))
        .expect("all legal");
    assert_eq!(game.position().to_string(), "0 0 0 0 0 1 | 0 0 0 0 0 1 30-40 S");
    assert_eq!(game.occurrences(), 2);
    assert_eq!(game.status(), Status::Ongoing);
    assert_eq!(game.legal_moves().to_string(), "6");
}

#[test]
fn rule_6_hemprich_captures_like_the_standard_game() {
    // Rule 3 example under Hemprich: the same sowing and capture.
    let (after, report) = play(
        Bohnenspiel::hemprich(),
        "3 1 2 4 1 3 | 5 1 7 1 1 9 10-24 S",
        Move::Pit(4),
    );
    assert_eq!(after.to_string(), "3 1 2 0 0 0 | 0 0 7 1 1 9 24-24 N");
    assert_eq!(summary(&report), ("5 6 7 8".to_string(), 14, 1, Some(8)));
    // And an empty board is the end: everything captured.
    let done = pos(Bohnenspiel, "0 0 0 0 0 0 | 0 0 0 0 0 0 40-32 S");
    assert_eq!(
        Bohnenspiel::hemprich().status(&done),
        over([40, 32], EndReason::AllCaptured)
    );
}
