//! Named tests for the extra pick after the capture ([`Pick`]), each on a
//! concrete board in standard notation, worked out by hand in a comment.
//!
//! Boards: South's pits 1..N, `|`, North's N+1..2N (counterclockwise), then
//! captures South-North and the player to move. Pit k faces pit 2N+1-k.

use crate::common::boards::pit;
use mancala_rules::declare;
use mancala_rules::primitives::{
    AtMaxLaps, CaptureRule, CaptureScope, Counts, EnPassant, EnPassantLast, ExtraTurn, Lap, Opposite, Pick,
    RelayRule, Sowing, SowingTurn, Stores,
};
use mancala_rules::{Declared, Leftover, Position, Rules, RulesProblem, Ruleset};

const fn picking(pick: Pick, scope: CaptureScope, after_capture: bool) -> Rules {
    Rules {
        seeds: 4,
        turn: SowingTurn {
            capture: CaptureRule::single(Counts::of(&[2])),
            scope,
            extra_turn: ExtraTurn {
                in_own_store: false,
                after_capture,
                in_opponent_store: false,
            },
            pick,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

// A 2x3 board of 24 seeds, a capture on 2 anywhere, and the last 3 seeds
// taken.
declare!(
    LastThree,
    6,
    picking(Pick::LastSeeds(3), CaptureScope::Anywhere, false)
);
// The same game without the pick.
declare!(NoPick, 6, picking(Pick::Nothing, CaptureScope::Anywhere, false));
// The last 3 seeds, counted in the opponent's row only; an extra turn
// after a capture.
declare!(
    LastThreeOpponent,
    6,
    picking(Pick::LastSeeds(3), CaptureScope::OpponentRow, true)
);
// The facing pit picked after a capture on 2 anywhere.
declare!(Facing, 6, picking(Pick::Facing, CaptureScope::Anywhere, false));
// The facing pit picked after a capture on 2 in the opponent's row only.
declare!(
    FacingOpponent,
    6,
    picking(Pick::Facing, CaptureScope::OpponentRow, false)
);

#[test]
fn last_seeds_pick_takes_every_seed_left_when_few_remain() {
    // 1 0 1 | 1 0 2, South plays pit 3: its seed makes pit 4 hold 2, which
    // is captured (2 seeds). Left: pit 1 (1) and pit 6 (2), 3 seeds, not
    // more than 3: South takes them too. Without the pick they stay.
    let start = "1 0 1 | 1 0 2 9-10 S";
    let (after, report) = pit(LastThree, start, 3);
    assert_eq!(after, "0 0 0 | 0 0 0 14-10 N");
    assert_eq!(report.captured.to_string(), "1 4 6");
    assert_eq!(report.seeds_captured, 5);
    assert_eq!(pit(NoPick, start, 3).0, "1 0 0 | 0 0 2 11-10 N");
}

#[test]
fn last_seeds_pick_leaves_the_board_when_more_remain() {
    // 2 0 1 | 1 0 2, pit 3 captures pit 4 (2): 4 seeds are left (pits 1
    // and 6), more than 3, so nothing more is taken.
    let (after, report) = pit(LastThree, "2 0 1 | 1 0 2 8-10 S", 3);
    assert_eq!(after, "2 0 0 | 0 0 2 10-10 N");
    assert_eq!(report.seeds_captured, 2);
}

#[test]
fn last_seeds_pick_applies_without_a_capture() {
    // 1 0 1 | 0 0 1, pit 3 sows into pit 4 (now 1): no capture, but only 3
    // seeds are on the board: South takes them all.
    let (after, report) = pit(LastThree, "1 0 1 | 0 0 1 11-10 S", 3);
    assert_eq!(after, "0 0 0 | 0 0 0 14-10 N");
    assert_eq!(report.captured.to_string(), "1 4 6");
}

#[test]
fn last_seeds_counted_in_the_scope_are_taken_from_both_rows() {
    // Counted in North's row only: 3 0 1 | 1 0 1, pit 3 captures pit 4
    // (2, and an extra turn); North's row then holds 1 seed (pit 6):
    // South takes every seed on the board, pit 1's 3 as well, and is to
    // move again (the capture's extra turn).
    let (after, _) = pit(LastThreeOpponent, "3 0 1 | 1 0 1 8-10 S", 3);
    assert_eq!(after, "0 0 0 | 0 0 0 14-10 S");
    // Counted on the whole board, the same 4 seeds are too many.
    let (whole, _) = pit(LastThree, "3 0 1 | 1 0 1 8-10 S", 3);
    assert_eq!(whole, "3 0 0 | 0 0 1 10-10 N");
}

#[test]
fn last_seeds_pick_gives_no_extra_turn_by_itself() {
    // 1 0 1 | 0 0 1 with an extra turn after a capture: pit 3 captures
    // nothing (pit 4 then holds 1), North's row holds 2 seeds (pits 4 and
    // 6), so South takes the board, but the turn passes to North.
    let (after, report) = pit(LastThreeOpponent, "1 0 1 | 0 0 1 11-10 S", 3);
    assert_eq!(after, "0 0 0 | 0 0 0 14-10 N");
    assert_eq!(report.seeds_captured, 3);
}

#[test]
fn last_seeds_pick_after_captures_during_the_sowing() {
    // A 2x3 board, captures during the sowing on 3 to the owner (the last
    // seed left to the capture, on 3), the last 4 seeds taken. 0 2 0 |
    // 2 1 0: South's pit 2 sows pits 3 and 4; pit 4 reaches 3 with the
    // last seed and is captured by South (3). Left: pit 3 (1) and pit 5
    // (1): 2 seeds, which South takes.
    declare!(
        Threes,
        6,
        Rules {
            seeds: 4,
            turn: SowingTurn {
                capture: CaptureRule::single(Counts::of(&[3])),
                en_passant: Some(EnPassant {
                    counts: Counts::of(&[3]),
                    last_seed: EnPassantLast::LeftToCapture,
                }),
                pick: Pick::LastSeeds(4),
                ..SowingTurn::DEFAULT
            },
            ..Rules::DEFAULT
        }
    );
    let (after, _) = pit(Threes, "0 2 0 | 2 1 0 10-9 S", 2);
    assert_eq!(after, "0 0 0 | 0 0 0 15-9 N");
}

#[test]
fn facing_pick_takes_the_pit_facing_the_last_after_a_capture() {
    // 2 0 1 | 1 3 1: pit 1 sows pits 2 and 3; pit 3 reaches 2 and is
    // captured; it faces pit 4, whose seed South picks too.
    let (after, report) = pit(Facing, "2 0 1 | 1 3 1 6-10 S", 1);
    assert_eq!(after, "0 1 0 | 0 3 1 9-10 N");
    assert_eq!(report.captured.to_string(), "3 4");
    // Without a capture there is no pick: 1 0 2 | 1 3 1, pit 1 sows pit 2
    // (now 1).
    let (plain, _) = pit(Facing, "1 0 2 | 1 3 1 6-10 S", 1);
    assert_eq!(plain, "0 1 2 | 1 3 1 6-10 N");
}

#[test]
fn facing_pick_only_within_the_scope() {
    // Captures in North's row only: 2 2 0 | 1 3 1, pit 2 sows pits 3 and
    // 4; pit 4 reaches 2 and is captured; the pit facing it, pit 3 (1
    // seed), is South's own: it stays.
    let (after, _) = pit(FacingOpponent, "2 2 0 | 1 3 1 5-10 S", 2);
    assert_eq!(after, "2 0 1 | 0 3 1 7-10 N");
    // Read anywhere, pit 3's seed is picked too.
    let (anywhere, _) = pit(Facing, "2 2 0 | 1 3 1 5-10 S", 2);
    assert_eq!(anywhere, "2 0 0 | 0 3 1 8-10 N");
}

#[test]
fn pick_is_refused_with_stores_sown_or_an_opposite_capture() {
    let with_stores = Rules {
        has_stores: true,
        turn: SowingTurn {
            stores: Stores::Own,
            pick: Pick::LastSeeds(4),
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    };
    assert!(with_stores
        .problems(12)
        .iter()
        .any(|p| matches!(p, RulesProblem::PickCombination { .. })));
    let facing_opposite = Rules {
        turn: SowingTurn {
            opposite: Some(Opposite::KALAH),
            pick: Pick::Facing,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    };
    assert!(facing_opposite
        .problems(12)
        .iter()
        .any(|p| matches!(p, RulesProblem::PickCombination { .. })));
    // The last seeds with an opposite capture are fine.
    let last_opposite = Rules {
        turn: SowingTurn {
            pick: Pick::LastSeeds(4),
            ..facing_opposite.turn
        },
        ..facing_opposite
    };
    assert!(
        last_opposite.problems(12).is_empty(),
        "{}",
        last_opposite.problems(12)
    );
    assert!(LastThree.rules().problems(6).is_empty());
}

#[test]
fn pick_enters_the_fingerprint_only_when_declared() {
    assert_ne!(LastThree.rules().fingerprint(6), NoPick.rules().fingerprint(6));
    assert_ne!(Facing.rules().fingerprint(6), NoPick.rules().fingerprint(6));
    assert_ne!(
        LastThree.rules().fingerprint(6),
        Rules {
            turn: SowingTurn {
                pick: Pick::LastSeeds(4),
                ..LastThree.rules().turn
            },
            ..*LastThree.rules()
        }
        .fingerprint(6)
    );
    let without = Rules {
        turn: SowingTurn {
            pick: Pick::Nothing,
            ..LastThree.rules().turn
        },
        ..*LastThree.rules()
    };
    assert_eq!(without.fingerprint(6), NoPick.rules().fingerprint(6));
}

#[cfg(feature = "protocol")]
#[test]
fn pick_in_the_data_form() {
    use mancala_rules::RulesData;
    let read = |turn: &str| {
        RulesData::from_json(&format!(
            r#"{{"format": 1, "name": "t", "pits": 12, "seeds": 4, "turn": {turn}}}"#
        ))
        .expect("the data form reads the pick")
        .rules()
        .turn
        .pick
    };
    assert_eq!(read(r#"{"pick": {"last-seeds": 4}}"#), Pick::LastSeeds(4));
    assert_eq!(read(r#"{"pick": "facing"}"#), Pick::Facing);
    assert_eq!(read("{}"), Pick::Nothing);
    let json = RulesData::of(&Rules::DEFAULT, 12).to_json();
    assert!(!json.contains("pick"), "{json}");
    let json = RulesData::of(LastThree.rules(), 6).to_json();
    assert!(json.contains("last-seeds"), "{json}");
}

// -- A relay's lap cap with the board counted for nobody

/// A 2x2 board whose relay goes on from any last pit holding a seed,
/// capped at 3 laps, ending the game there with `leftover`.
const fn capped(leftover: Leftover) -> Rules {
    Rules {
        seeds: 4,
        turn: SowingTurn {
            lap: Lap::RelayWith(RelayRule {
                at_max_laps: AtMaxLaps::EndsGame(leftover),
                ..RelayRule::new(Sowing::NextPit, Counts::at_least(1)).with_max_laps(3)
            }),
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

declare!(CappedNobody, 4, capped(Leftover::Nobody));
declare!(CappedSplit, 4, capped(Leftover::Split));

#[test]
fn lap_cap_to_nobody_splits_the_board_without_changing_the_standing() {
    // 2 1 | 0 0, South 8 to North 5: pit 1 sows pits 2 (now 2) and 3 (1);
    // pit 3 relays into 4, pit 4 into 1 (now 1), which would relay again:
    // the cap. Left: pit 1 (1) and pit 2 (2), 3 seeds. To nobody: half
    // each and the odd seed to South, who is ahead (10-6); the split
    // gives it to North, who is behind (9-7).
    assert!(
        CappedNobody.rules().problems(4).is_empty(),
        "{}",
        CappedNobody.rules().problems(4)
    );
    let start = "2 1 | 0 0 8-5 S";
    let (after, report) = pit(CappedNobody, start, 1);
    assert!(report.relay_limit);
    assert_eq!(after, "0 0 | 0 0 10-6 N");
    let pos: Position<4> = after.parse().expect("a board");
    assert_eq!(
        CappedNobody.status(&pos).outcome().map(|o| o.totals),
        Some([10, 6])
    );
    assert_eq!(pit(CappedSplit, start, 1).0, "0 0 | 0 0 9-7 N");
    // North ahead: 2 1 | 0 0, South 5 to North 8: the odd seed is North's.
    assert_eq!(pit(CappedNobody, "2 1 | 0 0 5-8 S", 1).0, "0 0 | 0 0 6-10 N");
}
