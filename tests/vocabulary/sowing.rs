//! Named tests for the sowing items of the vocabulary's second round (issue
//! 21, slice "sowing"), each on a concrete board in standard notation,
//! worked out by hand in a comment.
//!
//! Boards: South's pits 1..N, `|`, North's N+1..2N (counterclockwise), then
//! captures or stores South-North and the player to move. Pit k faces pit
//! 2N+1-k. Where a test compares two readings, each reading's board differs
//! from the other's, so a rule read the wrong way fails the test.

use crate::common::boards::{legal, pit};
use mancala_rules::declare;
use mancala_rules::primitives::{
    CaptureAt, CaptureRule, CaptureScope, Counts, Direction, EnPassant, EnPassantLast, ExtraTurn, Lap,
    Opposite, RelayFrom, RelayRule, Sowing, SowingTurn, Stores,
};
use mancala_rules::{Declared, Move, Playable, Rules, RulesProblem};

// -- 1. The direction of sowing chosen by the seed count's parity

// Cross-Wari's turn: captures of 2 and 3 chained backward on the opponent's
// row, the direction by the count's parity, feeding.
declare!(
    ParityWari,
    12,
    Rules {
        play: Playable {
            must_feed: true,
            ..Playable::DEFAULT
        },
        turn: SowingTurn {
            direction: Direction::ByParity,
            capture: CaptureRule::chain(Counts::of(&[2, 3])),
            scope: CaptureScope::OpponentRow,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
);

// Cross-Kalah's turn: Kalah's stores, extra turn and facing capture, the
// direction by the count's parity.
declare!(
    ParityKalah,
    12,
    Rules {
        has_stores: true,
        turn: SowingTurn {
            direction: Direction::ByParity,
            stores: Stores::Own,
            opposite: Some(Opposite::KALAH),
            extra_turn: ExtraTurn::IN_OWN_STORE,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
);

#[test]
fn parity_direction_odd_sows_counterclockwise_even_clockwise() {
    let board = "0 4 0 0 0 3 | 1 1 2 1 2 1 0-0 S";
    // Pit 6 holds 3 (odd): counterclockwise into 7, 8, 9 (now 2, 2, 3).
    // Pit 9 captures, and the chain runs backward, to lower numbers: 8, 7;
    // pit 6 is South's own and stops it.
    let (after, report) = pit(ParityWari, board, 6);
    assert_eq!(after, "0 4 0 0 0 0 | 0 0 0 1 2 1 7-0 N");
    assert_eq!(
        (report.last_pit, report.captured.to_string()),
        (Some(9), "7 8 9".to_string())
    );
    // Pit 2 holds 4 (even): clockwise into 1, 12, 11, 10 (now 1, 2, 3, 2).
    // Pit 10 captures, and the chain runs backward against this move's
    // direction, to higher numbers: 11, 12; pit 1 is South's own.
    let (after, report) = pit(ParityWari, board, 2);
    assert_eq!(after, "1 0 0 0 0 3 | 1 1 2 0 0 0 7-0 N");
    assert_eq!(
        (report.last_pit, report.captured.to_string()),
        (Some(10), "10 11 12".to_string())
    );
}

#[test]
fn parity_direction_keeps_the_stores_in_place() {
    // South's pit 2 holds 8 (even): clockwise into 1, then North's row 12
    // down to 7, and only then South's store, which lies between pits 7
    // and 6: the last seed is in the store and South moves again. (Were
    // the store at the other end of the row, as in a clockwise game, the
    // sowing would go 1, store, 12, ..., 7 and end in pit 7.)
    let (after, report) = pit(ParityKalah, "0 8 0 0 0 0 | 0 0 0 0 0 0 0-0 S", 2);
    assert_eq!(after, "1 0 0 0 0 0 | 1 1 1 1 1 1 1-0 S");
    assert!(report.in_store);
    // South's pit 1 holds 2 (even): clockwise into 12 and 11, the store not
    // reached.
    let (after, report) = pit(ParityKalah, "2 0 0 0 0 0 | 0 0 0 0 0 0 0-0 S", 1);
    assert_eq!(after, "0 0 0 0 0 0 | 0 0 0 0 1 1 0-0 N");
    assert!(!report.in_store);
    // North's pit 12 holds 3 (odd): counterclockwise into North's store,
    // then 1, 2.
    let (after, _) = pit(ParityKalah, "0 0 0 0 0 0 | 0 0 0 0 0 3 0-0 N", 12);
    assert_eq!(after, "1 1 0 0 0 0 | 0 0 0 0 0 0 0-1 S");
    // North's pit 7 holds 8 (even): clockwise into 6 down to 1, North's
    // store (between pits 1 and 12), and 12, which was empty: it takes the
    // facing pit 1 (1 seed) with the landing seed.
    let (after, report) = pit(ParityKalah, "0 0 0 0 0 0 | 8 0 0 0 0 0 0-0 N", 7);
    assert_eq!(after, "0 1 1 1 1 1 | 0 0 0 0 0 0 0-3 S");
    assert_eq!(
        (report.last_pit, report.captured.to_string()),
        (Some(12), "1 12".to_string())
    );
}

#[test]
fn parity_direction_facing_capture_after_a_clockwise_move() {
    // South's pit 3 holds 2 (even): clockwise into 2 and 1; pit 1 was empty
    // and faces pit 12 (5 seeds): the landing seed and the 5 are taken.
    let (after, report) = pit(ParityKalah, "0 1 2 0 0 0 | 0 0 0 0 0 5 0-0 S", 3);
    assert_eq!(after, "0 2 0 0 0 0 | 0 0 0 0 0 0 6-0 N");
    assert_eq!(report.captured.to_string(), "1 12");
    assert_eq!(report.mv, Move::Pit(3));
}

#[test]
fn parity_direction_feeding_looks_at_each_moves_direction() {
    // North's row is empty. Pit 1 holds 2 (even): clockwise into 12 and 11,
    // it feeds. Pit 3 holds 1 (odd): into 4. Pit 6 holds 2 (even):
    // clockwise into 5 and 4. Only pit 1 feeds (all counterclockwise, only
    // pit 6 would).
    assert_eq!(legal(ParityWari, "2 0 1 0 0 2 | 0 0 0 0 0 0 0-0 S"), "1");
    let (after, _) = pit(ParityWari, "2 0 1 0 0 2 | 0 0 0 0 0 0 0-0 S", 1);
    assert_eq!(after, "0 0 1 0 0 2 | 0 0 0 0 1 1 0-0 N");
}

#[test]
fn parity_direction_is_declarable_and_fingerprinted() {
    assert!(
        ParityWari.rules().problems(12).is_empty(),
        "{}",
        ParityWari.rules().problems(12)
    );
    assert!(
        ParityKalah.rules().problems(12).is_empty(),
        "{}",
        ParityKalah.rules().problems(12)
    );
    let clockwise = Rules {
        turn: SowingTurn {
            direction: Direction::Clockwise,
            ..ParityKalah.rules().turn
        },
        ..*ParityKalah.rules()
    };
    assert_ne!(clockwise.fingerprint(12), ParityKalah.rules().fingerprint(12));
}

#[cfg(feature = "protocol")]
#[test]
fn parity_direction_in_the_data_form() {
    use mancala_rules::RulesData;
    let rules = RulesData::from_json(
        r#"{"format": 1, "name": "t", "pits": 12, "seeds": 4, "turn": {"direction": "by-parity"}}"#,
    )
    .expect("the data form reads by-parity")
    .rules();
    assert_eq!(rules.turn.direction, Direction::ByParity);
    let json = RulesData::of(
        &Rules {
            name: "t",
            ..*ParityKalah.rules()
        },
        12,
    )
    .to_json();
    assert!(
        json.contains(r#""direction":"by-parity""#) || json.contains(r#""direction": "by-parity""#),
        "{json}"
    );
    assert_eq!(
        RulesData::from_json(&json).map(|d| d.rules()),
        Ok(Rules {
            name: "",
            ..*ParityKalah.rules()
        })
    );
}

// -- 2. The capture across the gap ("two out")

/// Captures of any count across the gap, chained forward.
const ACROSS_GAP: CaptureRule = CaptureRule {
    at: CaptureAt::AcrossGap,
    ..CaptureRule::forward_chain(Counts::at_least(1))
};

declare!(
    GapSingle,
    10,
    Rules {
        turn: SowingTurn {
            capture: ACROSS_GAP,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
);

// Longbeu-a-cha's turn: a relay from the pit after the last one, then the
// capture across the gap.
declare!(
    GapRelay,
    10,
    Rules {
        turn: SowingTurn {
            lap: Lap::RelayWith(RelayRule {
                from: RelayFrom::NextPit,
                ..RelayRule::new(Sowing::NextPit, Counts::at_least(1))
            }),
            capture: ACROSS_GAP,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
);

#[test]
fn across_gap_captures_the_pit_past_an_empty_next_pit_and_chains() {
    // Pit 1's two seeds go to 2 and 3. Pit 4 is empty: pit 5 (2) is taken;
    // pit 6 is empty: pit 7 (1) is taken; pit 8 holds seeds: the chain
    // stops. (Read at the last pit, pit 3's 1 seed would be taken.)
    let (after, report) = pit(GapSingle, "2 1 0 0 2 | 0 1 3 0 4 0-0 S", 1);
    assert_eq!(after, "0 2 1 0 0 | 0 0 3 0 4 3-0 N");
    assert_eq!(report.captured.to_string(), "5 7");
    // The pit after the last holds seeds: no gap, no capture.
    let (after, report) = pit(GapSingle, "2 1 0 1 2 | 0 1 3 0 4 0-0 S", 1);
    assert_eq!(after, "0 2 1 1 2 | 0 1 3 0 4 0-0 N");
    assert!(report.captured.is_empty());
    // The gap, then an empty pit: nothing to take.
    let (_, report) = pit(GapSingle, "2 1 0 0 0 | 0 1 3 0 4 0-0 S", 1);
    assert!(report.captured.is_empty());
}

#[test]
fn across_gap_chain_goes_round_through_the_pits_it_emptied() {
    // South's pit 5 holds 1 and sows pit 6 (now 3). Then: 7 empty, 8 (1)
    // taken; 9 empty, 10 (1) taken; 1 empty, 2 (1) taken; 3 empty, 4 (2)
    // taken; pit 5, emptied by the move, is the gap, and pit 6 (3) is taken;
    // pit 7 is empty, and pit 8, emptied by the capture, ends the chain.
    let (after, report) = pit(GapSingle, "0 1 0 2 1 | 2 0 1 0 1 0-0 S", 5);
    assert_eq!(after, "0 0 0 0 0 | 0 0 0 0 0 8-0 N");
    assert_eq!(report.captured.to_string(), "2 4 6 8 10");
}

#[test]
fn across_gap_after_a_relay_from_the_next_pit() {
    // Pit 1's seed goes to pit 2; pit 3 holds 2: the relay sows them into 4
    // and 5 (now 4); pit 6 is empty: the relay ends in pit 5. Pit 6 is the
    // gap, pit 7 (1) is taken; pits 8 and 9 are empty: the chain stops.
    // (Read at the last pit, pit 5's 4 seeds would be taken.)
    let (after, report) = pit(GapRelay, "1 0 2 0 3 | 0 1 0 0 0 0-0 S", 1);
    assert_eq!(after, "0 1 0 1 4 | 0 0 0 0 0 1-0 N");
    assert_eq!((report.laps, report.last_pit), (2, Some(5)));
    assert_eq!(report.captured.to_string(), "7");
}

#[test]
fn across_gap_problems_name_what_the_engine_does_not_play() {
    assert!(
        GapRelay.rules().problems(10).is_empty(),
        "{}",
        GapRelay.rules().problems(10)
    );
    let with_turn = |turn: SowingTurn| Rules {
        has_stores: true,
        turn,
        ..Rules::DEFAULT
    };
    let problem = |rules: Rules| rules.problems(10).first();
    let stores = with_turn(SowingTurn {
        stores: Stores::Own,
        ..GapSingle.rules().turn
    });
    assert_eq!(problem(stores), Some(RulesProblem::AcrossGapUnsupported));
    let backward = with_turn(SowingTurn {
        capture: CaptureRule {
            at: CaptureAt::AcrossGap,
            ..CaptureRule::chain(Counts::at_least(1))
        },
        ..SowingTurn::DEFAULT
    });
    assert_eq!(problem(backward), Some(RulesProblem::AcrossGapUnsupported));
    let stopped = with_turn(SowingTurn {
        lap: Lap::RelayWith(RelayRule {
            stop_on_capture: true,
            ..RelayRule::new(Sowing::NextPit, Counts::at_least(1))
        }),
        ..GapSingle.rules().turn
    });
    assert_eq!(problem(stopped), Some(RulesProblem::AcrossGapUnsupported));
    assert_eq!(RulesProblem::AcrossGapUnsupported.field(), "turn.capture.at");
    // A different rule, a different fingerprint.
    let at_last = Rules {
        turn: SowingTurn {
            capture: CaptureRule::forward_chain(Counts::at_least(1)),
            ..GapSingle.rules().turn
        },
        ..*GapSingle.rules()
    };
    assert_ne!(at_last.fingerprint(10), GapSingle.rules().fingerprint(10));
}

#[cfg(feature = "protocol")]
#[test]
fn across_gap_in_the_data_form() {
    use mancala_rules::RulesData;
    let rules = RulesData::from_json(
        r#"{"format": 1, "name": "t", "pits": 10, "seeds": 5, "turn": {"capture": {"counts": [{"from": 1}], "chain": true, "forward": true, "at": "across-gap"}}}"#,
    )
    .expect("the data form reads across-gap")
    .rules();
    assert_eq!(rules.turn.capture, ACROSS_GAP);
    let json = RulesData::of(&Rules::DEFAULT, 10).to_json();
    assert!(!json.contains(r#""at""#), "{json}");
    let json = RulesData::of(
        &Rules {
            name: "t",
            ..*GapRelay.rules()
        },
        10,
    )
    .to_json();
    assert!(json.contains("across-gap"), "{json}");
    assert_eq!(
        RulesData::from_json(&json).map(|d| d.rules()),
        Ok(Rules {
            name: "",
            ..*GapRelay.rules()
        })
    );
}

// -- 3. Captures during the sowing (en passant)

/// A turn capturing 4 at the last pit, with passing captures of 4.
const fn fours(lap: Lap, last_seed: EnPassantLast) -> Rules {
    Rules {
        turn: SowingTurn {
            lap,
            capture: CaptureRule::single(Counts::of(&[4])),
            en_passant: Some(EnPassant {
                counts: Counts::of(&[4]),
                last_seed,
            }),
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

declare!(
    FoursToOwner,
    10,
    fours(Lap::Single(Sowing::NextPit), EnPassantLast::ToOwner)
);
declare!(
    FoursToCapture,
    10,
    fours(Lap::Single(Sowing::NextPit), EnPassantLast::LeftToCapture)
);

// Bule perga's turn: a relay from the next pit, stopped by a capture, going
// on whatever the last pit holds (0 too: a pit emptied by a passing capture).
declare!(
    FoursRelay,
    10,
    fours(
        Lap::RelayWith(RelayRule {
            from: RelayFrom::NextPit,
            stop_on_capture: true,
            ..RelayRule::new(Sowing::NextPit, Counts::at_least(0))
        }),
        EnPassantLast::ToOwner
    )
);

#[test]
fn en_passant_pits_reaching_four_go_to_their_owners() {
    // Pit 1's five seeds go to 2..6: pit 3 (now 4) goes to South, its
    // owner; pit 6 (now 4, the last seed) to North, its owner.
    let (after, report) = pit(FoursToOwner, "5 0 3 0 1 | 3 1 1 1 1 0-0 S", 1);
    assert_eq!(after, "0 1 0 1 2 | 0 1 1 1 1 4-4 N");
    assert_eq!((report.last_pit, report.seeds_captured), (Some(6), 0));
    // Left to the capture, the last pit is South's to take.
    let (after, report) = pit(FoursToCapture, "5 0 3 0 1 | 3 1 1 1 1 0-0 S", 1);
    assert_eq!(after, "0 1 0 1 2 | 0 1 1 1 1 8-0 N");
    assert_eq!(
        (report.captured.to_string(), report.seeds_captured),
        ("6".to_string(), 4)
    );
    // North sows pit 9's two seeds: pit 10 (now 4) goes to North, pit 1
    // (now 4, the last seed) to South.
    let (after, _) = pit(FoursToOwner, "3 0 0 0 0 | 3 0 0 2 3 0-0 N", 9);
    assert_eq!(after, "0 0 0 0 0 | 3 0 0 0 0 4-4 S");
}

#[test]
fn en_passant_within_a_relay_from_the_next_pit() {
    // Pit 1's seed makes pit 2 hold 4: South's own, taken by South at once,
    // so the lap ends in an empty pit and no capture stops the relay. Pit 3
    // holds 2: sown into 4 and 5; pit 6 is empty: the relay ends. (Without
    // the passing capture, pit 2's 4 would stop the relay and be captured
    // there: "0 0 2 0 0 | ... 4-0 N".)
    let (after, report) = pit(FoursRelay, "1 3 2 0 0 | 0 0 0 0 0 0-0 S", 1);
    assert_eq!(after, "0 0 0 1 1 | 0 0 0 0 0 4-0 N");
    assert_eq!((report.laps, report.last_pit), (2, Some(5)));
}

#[test]
fn en_passant_problems_and_data_form() {
    assert!(
        FoursRelay.rules().problems(10).is_empty(),
        "{}",
        FoursRelay.rules().problems(10)
    );
    let stores = Rules {
        has_stores: true,
        turn: SowingTurn {
            stores: Stores::Own,
            ..FoursToOwner.rules().turn
        },
        ..*FoursToOwner.rules()
    };
    assert_eq!(
        stores.problems(10).first(),
        Some(RulesProblem::EnPassantWithStores)
    );
    assert_ne!(
        FoursToOwner.rules().fingerprint(10),
        FoursToCapture.rules().fingerprint(10)
    );
    let plain = Rules {
        turn: SowingTurn {
            en_passant: None,
            ..FoursToOwner.rules().turn
        },
        ..*FoursToOwner.rules()
    };
    assert_ne!(plain.fingerprint(10), FoursToOwner.rules().fingerprint(10));
}

#[cfg(feature = "protocol")]
#[test]
fn en_passant_in_the_data_form() {
    use mancala_rules::RulesData;
    let rules = RulesData::from_json(
        r#"{"format": 1, "name": "t", "pits": 10, "seeds": 4, "turn": {"en_passant": {"counts": [4], "last_seed": "left-to-capture"}}}"#,
    )
    .expect("the data form reads en_passant")
    .rules();
    assert_eq!(rules.turn.en_passant, FoursToCapture.rules().turn.en_passant);
    let json = RulesData::of(&Rules::DEFAULT, 10).to_json();
    assert!(!json.contains("en_passant"), "{json}");
    let json = RulesData::of(
        &Rules {
            name: "t",
            ..*FoursRelay.rules()
        },
        10,
    )
    .to_json();
    assert!(json.contains("to-owner"), "{json}");
    assert_eq!(
        RulesData::from_json(&json).map(|d| d.rules()),
        Ok(Rules {
            name: "",
            ..*FoursRelay.rules()
        })
    );
}
