//! Named tests for the captures at the end of each relay lap
//! ([`LapCapture`], MancalaGames' `LAP_CAPT` and `LAP_CAPT_OPP_GETS`), each
//! on a concrete board in standard notation, worked out by hand in a
//! comment.
//!
//! Boards: South's pits 1..N, `|`, North's N+1..2N (counterclockwise), then
//! captures South-North and the player to move.

use crate::common::rules::play;
use mancala_rules::declare;
use mancala_rules::primitives::{
    CaptureAt, CaptureRule, Counts, Lap, LapCapture, LapCaptureGoesOn, RelayFrom, RelayRule, Sowing,
    SowingTurn, Stores,
};
use mancala_rules::{Declared, Move, Position, Rules, RulesProblem, Ruleset};

/// A relay from the last pit while it holds 2 or more, its laps capturing
/// as `lap_capture` says, by `capture`.
const fn relaying(lap_capture: Option<LapCapture>, capture: CaptureRule) -> Rules {
    Rules {
        seeds: 4,
        turn: SowingTurn {
            lap: Lap::RelayWith(RelayRule {
                lap_capture,
                ..RelayRule::new(Sowing::NextPit, Counts::at_least(2))
            }),
            capture,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

const fn lap_capture(goes_on: LapCaptureGoesOn, opponent_takes_at_most: u8) -> Option<LapCapture> {
    Some(LapCapture {
        goes_on,
        opponent_takes_at_most,
    })
}

const FOURS: CaptureRule = CaptureRule::single(Counts::of(&[4]));
const EVENS_ACROSS_GAP: CaptureRule = CaptureRule {
    at: CaptureAt::AcrossGap,
    ..CaptureRule::single(Counts::of(&[2, 4, 6, 8, 10, 12, 14, 16]))
};

// Meusueb's reading on a 2x3 board: a last pit of 4 captured, the relay on
// from the next pit.
declare!(
    NextPit,
    6,
    relaying(lap_capture(LapCaptureGoesOn::NextPit, 0), FOURS)
);
// The same, the opponent taking the seeds sown into their row once the
// board holds 8 seeds or fewer.
declare!(
    OpponentTakes,
    6,
    relaying(lap_capture(LapCaptureGoesOn::NextPit, 8), FOURS)
);
// The same relay and capture, captured after the relay only.
declare!(AfterRelay, 6, relaying(None, FOURS));
// Tap-Urdy's reading on a 2x3 board: an even count across the gap,
// captured before each relaying lap goes on.
declare!(
    AsRelay,
    6,
    relaying(lap_capture(LapCaptureGoesOn::AsRelay, 0), EVENS_ACROSS_GAP)
);
// The same, captured after the relay only.
declare!(AcrossGapAfterRelay, 6, relaying(None, EVENS_ACROSS_GAP));

fn after<R: Ruleset>(rules: R, before: &str, pit: u8) -> (String, u32, u8) {
    let (pos, report) = play(rules, before, Move::Pit(pit));
    (pos.to_string(), report.laps, report.seeds_captured)
}

#[test]
fn a_capturing_lap_captures_and_goes_on_from_the_next_pit() {
    // 2 0 3 | 2 0 0, South plays pit 1: 2 seeds into 2 and 3; pit 3 holds 4,
    // captured; the relay goes on from pit 4 (2 seeds) into 5 and 6; pit 6
    // holds 1: the relay ends.
    assert_eq!(
        after(NextPit, "2 0 3 | 2 0 0 9-8 S", 1),
        ("0 1 0 | 0 1 1 13-8 N".to_string(), 2, 4)
    );
    // Captured after the relay only, pit 3's 4 seeds are sown on instead
    // (into 4, 5, 6, 1); pit 1 holds 1: no capture.
    assert_eq!(
        after(AfterRelay, "2 0 3 | 2 0 0 9-8 S", 1),
        ("1 1 0 | 3 1 1 9-8 N".to_string(), 2, 0)
    );
}

#[test]
fn a_capturing_lap_before_an_empty_pit_ends_the_relay() {
    // 2 0 3 | 0 1 0, pit 1 sows 2 and 3; pit 3 (4) is captured; pit 4 is
    // empty: the relay ends there, and nothing more is captured.
    assert_eq!(
        after(NextPit, "2 0 3 | 0 1 0 9-9 S", 1),
        ("0 1 0 | 0 1 0 13-9 N".to_string(), 1, 4)
    );
}

#[test]
fn a_lap_that_does_not_capture_relays_as_the_rule_says() {
    // 2 0 2 | 0 0 0, pit 1 sows 2 and 3; pit 3 holds 3 (no capture): its
    // 3 seeds go on into 4, 5, 6; pit 6 holds 1: the relay ends.
    assert_eq!(
        after(NextPit, "2 0 2 | 0 0 0 10-10 S", 1),
        ("0 1 0 | 1 1 1 10-10 N".to_string(), 2, 0)
    );
    // A first lap that captures goes on the same way: 0 1 3 | 0 0 0, pit
    // 2 sows pit 3 (4): captured; pit 4 is empty: over.
    assert_eq!(
        after(NextPit, "0 1 3 | 0 0 0 10-10 S", 2),
        ("0 0 0 | 0 0 0 14-10 N".to_string(), 1, 4)
    );
}

#[test]
fn the_opponent_takes_the_seeds_sown_into_their_row_when_few_are_left() {
    // 0 3 0 | 0 1 2 (6 seeds, 3 of them in hand: 3 on the board), pit 2
    // sows 3 (kept), 4 (North's: to North's store) and 5 (North's, the last
    // seed: pit 5 would hold 2, which does not capture, so to North too).
    assert_eq!(
        after(OpponentTakes, "0 3 0 | 0 1 2 9-9 S", 2),
        ("0 0 1 | 0 1 2 9-11 N".to_string(), 1, 0)
    );
    // Without the rule the seeds stay: pit 5 holds 2 and relays into 6
    // and 1; pit 1 holds 1.
    assert_eq!(
        after(NextPit, "0 3 0 | 0 1 2 9-9 S", 2),
        ("1 0 1 | 1 0 3 9-9 N".to_string(), 2, 0)
    );
}

#[test]
fn the_opponent_leaves_a_last_seed_that_captures() {
    // 0 2 0 | 3 0 0 (5 seeds, 3 on the board once pit 2's are taken up):
    // pit 2 sows 3 (kept) and 4, the last seed, making 4 there: it stays,
    // and the lap captures pit 4; the relay goes on from pit 5, empty.
    assert_eq!(
        after(OpponentTakes, "0 2 0 | 3 0 0 10-9 S", 2),
        ("0 0 1 | 0 0 0 14-9 N".to_string(), 1, 4)
    );
}

#[test]
fn the_opponent_takes_nothing_while_the_board_holds_more() {
    // 0 3 0 | 0 0 9: 9 seeds on the board once pit 2's 3 are taken up,
    // more than 8: sown as usual, into 3, 4 and 5 (each 1 now).
    assert_eq!(
        after(OpponentTakes, "0 3 0 | 0 0 9 6-6 S", 2),
        ("0 0 1 | 1 1 9 6-6 N".to_string(), 1, 0)
    );
    // At exactly 8 (pit 6 holding 8), North takes the seeds for 4 and 5.
    assert_eq!(
        after(OpponentTakes, "0 3 0 | 0 0 8 7-6 S", 2),
        ("0 0 1 | 0 0 8 7-8 N".to_string(), 1, 0)
    );
}

#[test]
fn a_relaying_lap_first_captures_across_the_gap() {
    // 2 0 1 | 0 2 0, pit 1 sows 2 and 3; pit 3 holds 2 and relays: first,
    // pit 4 being empty, pit 5's 2 are captured; then pit 3's 2 go into 4
    // and 5; pit 5 holds 1: over, and its capture (pit 6 empty, pit 1
    // empty) takes nothing.
    assert_eq!(
        after(AsRelay, "2 0 1 | 0 2 0 10-9 S", 1),
        ("0 1 0 | 1 1 0 12-9 N".to_string(), 2, 2)
    );
    // Captured after the relay only, pit 5's 2 are still there when pit
    // 3's seeds fall into 4 and 5: the relay runs on, from pit 5 (3 seeds:
    // 6, 1, 2), pit 2 (2: 3, 4), pit 4 (2: 5, 6), pit 6 (2: 1, 2), and pit
    // 2, emptied before, now holds 1: over; pit 3 is not empty: nothing
    // captured.
    assert_eq!(
        after(AcrossGapAfterRelay, "2 0 1 | 0 2 0 10-9 S", 1),
        ("2 1 1 | 0 1 0 10-9 N".to_string(), 6, 0)
    );
}

#[test]
fn the_last_lap_of_a_relay_capturing_as_it_relays_captures_too() {
    // 1 0 0 | 0 2 0, pit 1 sows pit 2 (1): the relay ends at once; pit 3 is
    // empty and pit 4 empty: nothing. 0 1 0 | 0 2 0, pit 2 sows pit 3
    // (1): over; pit 4 empty, pit 5 holds 2: captured.
    assert_eq!(
        after(AsRelay, "1 0 0 | 0 2 0 12-9 S", 1),
        ("0 1 0 | 0 2 0 12-9 N".to_string(), 1, 0)
    );
    assert_eq!(
        after(AsRelay, "0 1 0 | 0 2 0 12-9 S", 2),
        ("0 0 1 | 0 0 0 14-9 N".to_string(), 1, 2)
    );
}

#[test]
fn lap_captures_are_refused_beside_what_their_laps_do_not_play() {
    let with_stores = Rules {
        has_stores: true,
        turn: SowingTurn {
            stores: Stores::Own,
            ..NextPit.rules().turn
        },
        ..*NextPit.rules()
    };
    assert!(with_stores
        .problems(6)
        .iter()
        .any(|p| matches!(p, RulesProblem::LapCaptureCombination { .. })));
    let next_pit_relay = Rules {
        turn: SowingTurn {
            lap: Lap::RelayWith(RelayRule {
                from: RelayFrom::NextPit,
                lap_capture: lap_capture(LapCaptureGoesOn::AsRelay, 0),
                ..RelayRule::new(Sowing::NextPit, Counts::at_least(1))
            }),
            ..AsRelay.rules().turn
        },
        ..*AsRelay.rules()
    };
    let problems: Vec<_> = next_pit_relay.problems(6).iter().collect();
    assert!(matches!(
        problems[..],
        [RulesProblem::LapCaptureCombination { .. }]
    ));
    assert_eq!(problems[0].field(), "turn.lap.relay.lap_capture");
    let origin_first = Rules {
        turn: SowingTurn {
            lap: Lap::RelayWith(RelayRule {
                lap_capture: lap_capture(LapCaptureGoesOn::NextPit, 8),
                ..RelayRule::new(Sowing::OriginFirst, Counts::at_least(2))
            }),
            ..OpponentTakes.rules().turn
        },
        ..*OpponentTakes.rules()
    };
    assert!(!origin_first.problems(6).is_empty());
    for game in [NextPit.rules(), OpponentTakes.rules(), AsRelay.rules()] {
        assert!(game.problems(6).is_empty(), "{:?}", game.problems(6));
    }
}

#[test]
fn lap_captures_enter_the_fingerprint_only_when_declared() {
    let fingerprint = |rules: &Rules| rules.fingerprint(6);
    assert_ne!(fingerprint(NextPit.rules()), fingerprint(AfterRelay.rules()));
    assert_ne!(fingerprint(NextPit.rules()), fingerprint(OpponentTakes.rules()));
    assert_ne!(fingerprint(NextPit.rules()), fingerprint(AsRelay.rules()));
}

#[cfg(feature = "serde")]
#[test]
fn the_data_form_says_lap_captures_and_leaves_them_out_when_unset() {
    let relay = RelayRule {
        lap_capture: lap_capture(LapCaptureGoesOn::NextPit, 8),
        ..RelayRule::new(Sowing::NextPit, Counts::at_least(2))
    };
    let json = serde_json::to_value(relay).expect("serialisable");
    assert_eq!(
        json["lap_capture"],
        serde_json::json!({"goes_on": "next-pit", "opponent_takes_at_most": 8})
    );
    let read: RelayRule = serde_json::from_value(json).expect("read back");
    assert_eq!(read, relay);
    let as_relay = serde_json::to_value(lap_capture(LapCaptureGoesOn::AsRelay, 0)).expect("serialisable");
    assert_eq!(as_relay, serde_json::json!({"goes_on": "as-relay"}));
    let unset =
        serde_json::to_value(RelayRule::new(Sowing::NextPit, Counts::at_least(2))).expect("serialisable");
    assert!(unset.get("lap_capture").is_none());
}

#[cfg(feature = "protocol")]
#[test]
fn the_catalogue_files_declare_their_lap_captures() {
    use mancala_rules::RulesData;
    for (name, goes_on, pits) in [
        ("meusueb", LapCaptureGoesOn::NextPit, 12),
        ("tap-urdy", LapCaptureGoesOn::AsRelay, 12),
        ("motiq", LapCaptureGoesOn::NextPit, 14),
    ] {
        let text = std::fs::read_to_string(format!("{}/src/games/{name}.json", env!("CARGO_MANIFEST_DIR")))
            .expect("the catalogue file");
        let data = RulesData::from_json(&text).expect("a valid data form");
        let relay = data.rules().turn.lap.relay().expect("a relay");
        assert_eq!(relay.lap_capture.map(|c| c.goes_on), Some(goes_on), "{name}");
        assert!(data.rules().problems(pits).is_empty(), "{name}");
    }
    // Motiq plays its lap captures in rounds for territory.
    let text = std::fs::read_to_string(format!("{}/src/games/motiq.json", env!("CARGO_MANIFEST_DIR")))
        .expect("the catalogue file");
    assert!(RulesData::from_json(&text)
        .expect("a valid data form")
        .rules()
        .rounds
        .is_some());
}

#[test]
fn a_refused_endless_relay_that_captures_leaves_the_board_as_it_was() {
    // Laps capturing 4s, at most 2 laps, an endless relay refused. South's
    // pit 2 (2 seeds) sows 3 (1->2) and 4 (4->5): 5 is no capture, the
    // relay goes on from pit 4 (5 seeds): 5, 6, 1, 2, 3 (2->3): on from
    // pit 3, a third lap: past the cap, refused.
    let turn = SowingTurn {
        lap: Lap::RelayWith(RelayRule {
            lap_capture: lap_capture(LapCaptureGoesOn::NextPit, 0),
            ..RelayRule::new(Sowing::NextPit, Counts::at_least(2)).with_max_laps(2)
        }),
        capture: FOURS,
        ..SowingTurn::DEFAULT
    };
    let before: Position<6> = "0 2 1 | 4 0 0 0-0 S".parse().unwrap();
    let mut pos = before;
    assert!(turn.try_play(&mut pos, Move::Pit(2)).is_err());
    assert_eq!(pos, before);
}
