//! Named tests for the capture of the facing pit from either row
//! ([`Opposite::from_either_row`], MancalaGames' cross capture with
//! `capt_side` BOTH: Depouiller), each on a concrete board in standard
//! notation, worked out by hand in a comment.
//!
//! Boards: South's pits 1..N, `|`, North's N+1..2N (counterclockwise), then
//! captures South-North and the player to move. On a 2x4 board pit `k`
//! faces pit `9 - k`.

use crate::common::boards::{pit, sown};
use mancala_rules::declare;
use mancala_rules::primitives::{Counts, Lap, Opposite, RelayFrom, RelayRule, Sowing, SowingTurn, Stores};
use mancala_rules::{Declared, Rules, RulesProblem};

const fn facing(with_landing_seed: bool, when_facing_empty: bool, from_either_row: bool) -> Rules {
    Rules {
        seeds: 2,
        turn: SowingTurn {
            opposite: Some(Opposite {
                with_landing_seed,
                when_facing_empty,
                from_either_row,
            }),
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

// Depouiller's reading: the facing pit only, from either row.
declare!(EitherRow, 8, facing(false, false, true));
// The same, the landing seed taken too (MancalaGames' PICK_ON_CAPT).
declare!(EitherRowWithLanding, 8, facing(true, false, true));
// The same, the landing seed taken even when the facing pit is empty
// (MancalaGames' ALWAYS_PICK).
declare!(EitherRowFacingEmpty, 8, facing(true, true, true));
// Sadeqa_IV's reading: a relay from the last pit while it holds 2 or more,
// the facing pit taken from either row where the relay ends.
declare!(
    LastPitRelay,
    8,
    Rules {
        turn: SowingTurn {
            lap: Lap::RelayWith(RelayRule::new(Sowing::NextPit, Counts::at_least(2))),
            ..facing(false, false, true).turn
        },
        ..facing(false, false, true)
    }
);
// The own row only (the default, MancalaGames' capt_side OPP_SIDE).
declare!(OwnRow, 8, facing(false, false, false));

#[test]
fn a_last_seed_in_an_empty_opponent_pit_takes_the_facing_own_pit() {
    // 0 0 2 1 | 0 3 0 0, South plays pit 3: seeds into 4 (now 2) and 5;
    // pit 5 was empty, it faces pit 4: South takes its 2 seeds, the
    // landing seed stays.
    let (after, report) = pit(EitherRow, "0 0 2 1 | 0 3 0 0 0-0 S", 3);
    assert_eq!(after, "0 0 0 0 | 1 3 0 0 2-0 N");
    assert_eq!(report.captured.to_string(), "4");
    // Read in the own row only, nothing is taken.
    assert_eq!(
        sown(OwnRow, "0 0 2 1 | 0 3 0 0 0-0 S", 3),
        "0 0 0 2 | 1 3 0 0 0-0 N"
    );
}

#[test]
fn a_last_seed_in_an_empty_own_pit_still_takes_the_facing_pit() {
    // 1 0 0 0 | 0 0 3 0, pit 1 sows pit 2 (empty), which faces pit 7 (3).
    assert_eq!(
        sown(EitherRow, "1 0 0 0 | 0 0 3 0 0-0 S", 1),
        "0 1 0 0 | 0 0 0 0 3-0 N"
    );
    assert_eq!(
        sown(OwnRow, "1 0 0 0 | 0 0 3 0 0-0 S", 1),
        "0 1 0 0 | 0 0 0 0 3-0 N"
    );
}

#[test]
fn north_takes_its_own_facing_pit_from_south_row() {
    // 0 3 0 0 | 0 0 2 1, North plays pit 7: seeds into 8 (now 2) and 1;
    // pit 1 was empty, it faces pit 8: North takes its 2 seeds.
    assert_eq!(
        sown(EitherRow, "0 3 0 0 | 0 0 2 1 0-0 N", 7),
        "1 3 0 0 | 0 0 0 0 0-2 S"
    );
    assert_eq!(
        sown(OwnRow, "0 3 0 0 | 0 0 2 1 0-0 N", 7),
        "1 3 0 0 | 0 0 0 2 0-0 S"
    );
}

#[test]
fn a_relay_from_the_last_pit_takes_the_facing_pit_where_it_ends() {
    // 0 2 1 1 | 0 0 0 0, pit 2 sows 3 and 4 (now 2): the relay takes pit
    // 4's 2 seeds into 5 and 6; pit 6 was empty, it faces pit 3 (2 seeds):
    // South takes them.
    let (after, report) = pit(LastPitRelay, "0 2 1 1 | 0 0 0 0 0-0 S", 2);
    assert_eq!(after, "0 0 0 0 | 1 1 0 0 2-0 N");
    assert_eq!((report.laps, report.captured.to_string().as_str()), (2, "3"));
}

#[test]
fn the_landing_seed_in_the_opponent_row_is_taken_when_declared() {
    // As the first test, the landing seed in pit 5 taken as well: 3 seeds.
    let (after, report) = pit(EitherRowWithLanding, "0 0 2 1 | 0 3 0 0 0-0 S", 3);
    assert_eq!(after, "0 0 0 0 | 0 3 0 0 3-0 N");
    assert_eq!(report.captured.to_string(), "4 5");
}

#[test]
fn an_empty_facing_pit_takes_nothing_unless_declared() {
    // 0 0 0 2 | 0 0 0 0, pit 4 sows 5 and 6; pit 6 faces pit 3, empty.
    assert_eq!(
        sown(EitherRow, "0 0 0 2 | 0 0 0 0 1-0 S", 4),
        "0 0 0 0 | 1 1 0 0 1-0 N"
    );
    assert_eq!(
        sown(EitherRowWithLanding, "0 0 0 2 | 0 0 0 0 1-0 S", 4),
        "0 0 0 0 | 1 1 0 0 1-0 N"
    );
    // Taken even when the facing pit is empty: the landing seed alone.
    assert_eq!(
        sown(EitherRowFacingEmpty, "0 0 0 2 | 0 0 0 0 1-0 S", 4),
        "0 0 0 0 | 1 0 0 0 2-0 N"
    );
}

#[test]
fn a_last_seed_in_an_opponent_pit_that_held_seeds_takes_nothing() {
    // 0 0 3 2 | 0 1 0 0, pit 4 sows 5 and 6; pit 6 now holds 2.
    assert_eq!(
        sown(EitherRow, "0 0 3 2 | 0 1 0 0 0-0 S", 4),
        "0 0 3 0 | 1 2 0 0 0-0 N"
    );
}

#[test]
fn the_capture_from_either_row_is_refused_beside_what_it_was_not_checked_with() {
    let base = *EitherRow.rules();
    let relay = Rules {
        turn: SowingTurn {
            lap: Lap::RelayWith(RelayRule {
                from: RelayFrom::NextPit,
                ..RelayRule::new(Sowing::NextPit, Counts::at_least(1))
            }),
            ..base.turn
        },
        ..base
    };
    let stores = Rules {
        has_stores: true,
        turn: SowingTurn {
            stores: Stores::Own,
            ..base.turn
        },
        ..base
    };
    let mut feeding = base;
    feeding.play.must_feed = true;
    for rules in [relay, stores, feeding] {
        let problems: Vec<_> = rules.problems(8).iter().collect();
        assert!(
            problems
                .iter()
                .any(|p| matches!(p, RulesProblem::OppositeEitherRowCombination { .. })),
            "{problems:?}"
        );
        let problem = problems
            .iter()
            .find(|p| matches!(p, RulesProblem::OppositeEitherRowCombination { .. }))
            .expect("named");
        assert_eq!(problem.field(), "turn.opposite.from_either_row");
    }
    // The own-row reading with the same relay is no problem of this kind.
    let own_relay = Rules {
        turn: SowingTurn {
            opposite: OwnRow.rules().turn.opposite,
            ..relay.turn
        },
        ..relay
    };
    assert!(!own_relay
        .problems(8)
        .iter()
        .any(|p| matches!(p, RulesProblem::OppositeEitherRowCombination { .. })));
    for game in [
        EitherRow.rules(),
        EitherRowWithLanding.rules(),
        EitherRowFacingEmpty.rules(),
        LastPitRelay.rules(),
    ] {
        assert!(game.problems(8).is_empty(), "{:?}", game.problems(8));
    }
}

#[test]
fn the_capture_from_either_row_enters_the_fingerprint_only_when_declared() {
    let fingerprint = |rules: &Rules| rules.fingerprint(8);
    assert_ne!(fingerprint(EitherRow.rules()), fingerprint(OwnRow.rules()));
    assert_ne!(
        fingerprint(EitherRowWithLanding.rules()),
        fingerprint(&facing(true, false, false))
    );
}

#[cfg(feature = "serde")]
#[test]
fn the_data_form_says_from_either_row_and_leaves_it_out_when_unset() {
    let either = Opposite {
        with_landing_seed: false,
        when_facing_empty: false,
        from_either_row: true,
    };
    let json = serde_json::to_value(either).expect("serialisable");
    assert_eq!(
        json,
        serde_json::json!({"with_landing_seed": false, "when_facing_empty": false, "from_either_row": true})
    );
    let read: Opposite = serde_json::from_value(json).expect("read back");
    assert_eq!(read, either);
    let unset = serde_json::to_value(Opposite::KALAH).expect("serialisable");
    assert!(unset.get("from_either_row").is_none());
    let old: Opposite =
        serde_json::from_value(serde_json::json!({"with_landing_seed": true, "when_facing_empty": false}))
            .expect("the old form reads");
    assert_eq!(old, Opposite::KALAH);
}

#[cfg(feature = "protocol")]
#[test]
fn the_catalogue_files_of_depouiller_and_sadeqa_iv_declare_it() {
    use mancala_rules::RulesData;
    for (name, pits, relay) in [("depouiller", 10, false), ("sadeqa-iv", 12, true)] {
        let text = std::fs::read_to_string(format!("{}/src/games/{name}.json", env!("CARGO_MANIFEST_DIR")))
            .expect("the catalogue file");
        let data = RulesData::from_json(&text).expect("a valid data form");
        let opposite = data.rules().turn.opposite.expect("a facing-pit capture");
        assert!(opposite.from_either_row, "{name}");
        assert_eq!(data.rules().turn.lap.relay().is_some(), relay, "{name}");
        assert!(data.rules().problems(pits).is_empty(), "{name}");
    }
}
