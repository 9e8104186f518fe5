//! Named tests for where a relay goes on from ([`RelayContinues`],
//! MancalaGames' `mlap_cont`: only from the mover's own row, SimpleCapt_PCapt;
//! through the mover's store, CrossCapt_Eight) and for a relay from the
//! next pit stopped by the facing capture ([`RelayRule::stop_on_capture`]
//! with an [`Opposite`] capture, MancalaGames' `StopXCapt`), each on a
//! concrete board in standard notation, worked out by hand in a comment.
//!
//! Boards: South's pits 1..3, `|`, North's 4..6 (counterclockwise), then
//! the stores South-North and the player to move. Kalah's stores: South's
//! lies after pit 3, North's after pit 6, each sown by its owner only.

use crate::common::boards::{legal, pit};
use mancala_rules::primitives::{
    CaptureRule, Counts, ExtraTurn, Lap, LapCapture, LapCaptureGoesOn, Opposite, RelayContinues, RelayFrom,
    RelayRule, Sowing, SowingTurn, Stores,
};
use mancala_rules::{declare, Declared, Rules, RulesProblem};

/// A relay from the last pit while it holds 2 or more (SimpleCapt_PCapt's).
const fn from_last(continues: RelayContinues) -> Rules {
    Rules {
        has_stores: true,
        turn: SowingTurn {
            lap: Lap::RelayWith(RelayRule {
                continues,
                ..RelayRule::new(Sowing::NextPit, Counts::at_least(2))
            }),
            stores: Stores::Own,
            extra_turn: ExtraTurn::IN_OWN_STORE,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

/// A relay from the next pit, the facing pit captured with the landing
/// seed (CrossCapt_Eight's), with or without the stop for the capture.
const fn from_next(continues: RelayContinues, stop_on_capture: bool) -> Rules {
    Rules {
        has_stores: true,
        turn: SowingTurn {
            lap: Lap::RelayWith(RelayRule {
                from: RelayFrom::NextPit,
                stop_on_capture,
                continues,
                ..RelayRule::new(Sowing::NextPit, Counts::at_least(1))
            }),
            stores: Stores::Own,
            extra_turn: ExtraTurn::IN_OWN_STORE,
            opposite: Some(Opposite::KALAH),
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

declare!(OwnRow, 6, from_last(RelayContinues::FromOwnRow));
declare!(Anywhere, 6, from_last(RelayContinues::Anywhere));
declare!(ThroughStore, 6, from_next(RelayContinues::ThroughOwnStore, true));
declare!(NextPit, 6, from_next(RelayContinues::Anywhere, true));
declare!(NoStop, 6, from_next(RelayContinues::Anywhere, false));

#[test]
fn from_the_own_row_a_lap_ending_in_the_opponent_row_ends_the_relay() {
    // Pit 1's 2 seeds: pits 2 and 3; pit 3 holds 2 and relays: the store
    // and pit 4, which now holds 2. Pit 4 is North's: the relay ends.
    let (after, report) = pit(OwnRow, "2 0 1 | 1 1 0 0-0 S", 1);
    assert_eq!(after, "0 1 0 | 2 1 0 1-0 N");
    assert_eq!((report.laps, report.last_pit), (2, Some(4)));
    // From anywhere, pit 4's 2 seeds go on into 5 and 6.
    assert_eq!(pit(Anywhere, "2 0 1 | 1 1 0 0-0 S", 1).0, "0 1 0 | 0 2 1 1-0 N");
}

#[test]
fn from_the_own_row_a_lap_ending_in_the_own_row_goes_on() {
    // Pit 1's seed makes pit 2 hold 2: South's own, the relay goes on:
    // pit 2's seeds into 3 (now 1) and the store; an extra turn.
    let (after, report) = pit(OwnRow, "1 1 0 | 1 1 1 0-0 S", 1);
    assert_eq!(after, "0 0 1 | 1 1 1 1-0 S");
    assert!(report.in_store);
    assert_eq!(report.laps, 2);
    assert_eq!(pit(Anywhere, "1 1 0 | 1 1 1 0-0 S", 1).0, after);
}

#[test]
fn from_the_own_row_north_stops_in_south_row() {
    // North's pit 5: its seed makes pit 6 hold 2, North's own: the relay
    // goes on, pit 6's seeds into North's store and pit 1 (now 2). Pit 1
    // is South's: the relay ends.
    let (after, report) = pit(OwnRow, "1 0 0 | 0 1 1 0-0 N", 5);
    assert_eq!(after, "2 0 0 | 0 0 0 0-1 S");
    assert_eq!(report.last_pit, Some(1));
    // From anywhere, pit 1's 2 seeds go on into 2 and 3.
    assert_eq!(pit(Anywhere, "1 0 0 | 0 1 1 0-0 N", 5).0, "0 1 1 | 0 0 0 0-1 S");
}

#[test]
fn through_the_store_its_seeds_are_sown_on() {
    // Pit 2's seed falls into pit 3, South's last (it faces the empty pit
    // 4: no capture): the place after it is South's store, whose 3 seeds
    // are taken out and sown into 4, 5, 6; pit 1 after pit 6 is empty: the
    // relay ends (pit 6 is North's: nothing captured).
    let (after, report) = pit(ThroughStore, "0 1 0 | 0 2 0 3-0 S", 2);
    assert_eq!(after, "0 0 1 | 1 3 1 0-0 N");
    assert_eq!((report.laps, report.last_pit), (2, Some(6)));
    // From the next pit alone, pit 4 after pit 3 is empty: the relay ends.
    assert_eq!(pit(NextPit, "0 1 0 | 0 2 0 3-0 S", 2).0, "0 0 1 | 0 2 0 3-0 N");
}

#[test]
fn through_the_store_an_empty_store_ends_the_relay() {
    // Pit 2's seed makes pit 3 hold 2 (no capture); the place after it,
    // South's store, is empty: the relay ends there, where from the next
    // pit alone it would go on from pit 4 (into 5 and 6).
    let (after, report) = pit(ThroughStore, "0 1 1 | 2 0 0 0-0 S", 2);
    assert_eq!(after, "0 0 2 | 2 0 0 0-0 N");
    assert_eq!(report.laps, 1);
    assert_eq!(pit(NextPit, "0 1 1 | 2 0 0 0-0 S", 2).0, "0 0 2 | 0 1 1 0-0 N");
}

#[test]
fn through_the_store_north_sows_its_own_store() {
    // North's pit 5: its seed falls into pit 6, North's last (facing the
    // empty pit 1); North's store's 3 seeds are sown into 1, 2, 3 (South's
    // store is not North's to sow); pit 4 after pit 3 is empty: the relay
    // ends.
    let (after, report) = pit(ThroughStore, "0 2 0 | 0 1 0 0-3 N", 5);
    assert_eq!(after, "1 3 1 | 0 0 1 0-0 S");
    assert_eq!(report.last_pit, Some(3));
}

#[test]
fn through_the_store_a_lap_from_the_store_ending_there_gives_another_turn() {
    // Pit 2's seed into the empty pit 3 (facing the empty pit 4) sends the
    // store's 7 seeds round: 4, 5, 6, 1, 2, 3 and the store, where the lap
    // ends: another turn.
    let (after, report) = pit(ThroughStore, "0 1 0 | 0 1 1 7-0 S", 2);
    assert_eq!(after, "1 1 2 | 1 2 2 1-0 S");
    assert!(report.in_store);
    assert_eq!(report.laps, 2);
}

#[test]
fn the_facing_capture_stops_a_relay_from_the_next_pit() {
    // Pit 1's seed makes the empty pit 2 hold 1; it faces pit 5 (3
    // seeds): the relay stops, and pit 5's seeds are captured with the
    // landing seed.
    let (after, report) = pit(NextPit, "1 0 2 | 2 3 0 0-0 S", 1);
    assert_eq!(after, "0 0 2 | 2 0 0 4-0 N");
    assert_eq!((report.laps, report.seeds_captured), (1, 4));
    // Without the stop the relay goes on from pit 3: its 2 seeds into the
    // store and pit 4 (now 3); then pit 5's 3 seeds into 6, 1, 2; pit 2
    // now holds 2 and pit 3 is empty: the relay ends, nothing captured.
    let (after, report) = pit(NoStop, "1 0 2 | 2 3 0 0-0 S", 1);
    assert_eq!(after, "1 2 0 | 3 0 1 1-0 N");
    assert_eq!((report.laps, report.seeds_captured), (3, 0));
}

#[test]
fn the_facing_stop_needs_seeds_in_the_facing_pit() {
    // Pit 2, made 1, faces the empty pit 5: no capture, the relay goes on
    // from pit 3 (store, pit 4); pit 5 after pit 4 is empty: it ends.
    let (after, report) = pit(NextPit, "1 0 2 | 2 0 0 0-0 S", 1);
    assert_eq!(after, "0 1 0 | 3 0 0 1-0 N");
    assert_eq!((report.laps, report.seeds_captured), (2, 0));
}

#[test]
fn the_facing_stop_holds_before_the_store() {
    // Pit 2's seed makes the empty pit 3 hold 1, facing pit 4 (2 seeds):
    // the relay stops there rather than going on through the store, and
    // pit 4's seeds are captured with the landing seed.
    let (after, report) = pit(ThroughStore, "0 1 0 | 2 0 0 3-0 S", 2);
    assert_eq!(after, "0 0 0 | 0 0 0 6-0 N");
    assert_eq!((report.laps, report.seeds_captured), (1, 3));
}

#[test]
fn the_moves_of_a_relay_through_the_store_are_legal_moves() {
    assert_eq!(legal(ThroughStore, "0 1 0 | 0 2 0 3-0 S"), "2");
    assert_eq!(legal(OwnRow, "2 0 1 | 1 1 0 0-0 S"), "1 3");
}

#[test]
fn a_continuation_beside_what_it_was_not_written_for_is_a_problem() {
    let with = |rules: Rules| match rules
        .problems(6)
        .iter()
        .find(|p| matches!(p, RulesProblem::RelayContinuesCombination { .. }))
    {
        Some(RulesProblem::RelayContinuesCombination { with }) => with,
        _ => "none",
    };
    let through = *ThroughStore.rules();
    let relay = |rules: &Rules| rules.turn.lap.relay().expect("a relay");
    let from_last = Rules {
        turn: SowingTurn {
            lap: Lap::RelayWith(RelayRule {
                from: RelayFrom::LastPit,
                ..relay(&through)
            }),
            ..through.turn
        },
        ..through
    };
    assert_eq!(
        with(from_last),
        "a relay that is not from the next pit (turn.lap.relay.from)"
    );
    let both = Rules {
        turn: SowingTurn {
            stores: Stores::Both,
            ..through.turn
        },
        ..through
    };
    assert_eq!(with(both), "stores other than the mover's own sown (turn.stores)");
    let origin_first = Rules {
        turn: SowingTurn {
            lap: Lap::RelayWith(RelayRule {
                sowing: Sowing::OriginFirst,
                ..relay(&through)
            }),
            ..through.turn
        },
        ..through
    };
    assert_eq!(
        with(origin_first),
        "laps not sown from the next pit (turn.lap.relay.sowing)"
    );
    let own_row = *OwnRow.rules();
    let lap_captures = Rules {
        has_stores: true,
        turn: SowingTurn {
            lap: Lap::RelayWith(RelayRule {
                lap_capture: Some(LapCapture {
                    goes_on: LapCaptureGoesOn::NextPit,
                    opponent_takes_at_most: 0,
                }),
                ..relay(&own_row)
            }),
            stores: Stores::None,
            extra_turn: ExtraTurn::NEVER,
            capture: CaptureRule::single(Counts::of(&[4])),
            ..own_row.turn
        },
        ..own_row
    };
    assert_eq!(
        with(lap_captures),
        "captures on each lap (turn.lap.relay.lap_capture)"
    );
    for game in [
        OwnRow.rules(),
        ThroughStore.rules(),
        NextPit.rules(),
        NoStop.rules(),
    ] {
        assert!(game.problems(6).is_empty(), "{}", game.problems(6));
    }
}

#[test]
fn a_relay_stopped_by_a_facing_capture_of_an_empty_facing_pit_is_a_problem() {
    let rules = Rules {
        turn: SowingTurn {
            opposite: Some(Opposite {
                when_facing_empty: true,
                ..Opposite::KALAH
            }),
            ..NextPit.rules().turn
        },
        ..*NextPit.rules()
    };
    assert!(rules
        .problems(6)
        .iter()
        .any(|p| p == RulesProblem::StopOnFacingEmpty));
    assert_eq!(
        RulesProblem::StopOnFacingEmpty.field(),
        "turn.lap.relay.stop_on_capture"
    );
}

#[test]
fn the_continuation_and_the_facing_stop_change_the_fingerprint() {
    let fingerprint = |rules: &Rules| rules.fingerprint(6);
    assert_ne!(fingerprint(OwnRow.rules()), fingerprint(Anywhere.rules()));
    assert_ne!(fingerprint(ThroughStore.rules()), fingerprint(NextPit.rules()));
    assert_ne!(fingerprint(NextPit.rules()), fingerprint(NoStop.rules()));
}

#[test]
fn the_solver_refuses_a_relay_through_the_store() {
    use mancala_rules::solve::{Solvable, SolveError, Table};
    assert!(ThroughStore.unsolvable().is_some());
    assert!(OwnRow.unsolvable().is_none());
    assert!(matches!(Table::build(ThroughStore, 2), Err(SolveError::Rules(_))));
}

#[cfg(all(feature = "serde", feature = "protocol"))]
#[test]
fn the_data_form_says_the_continuation_and_leaves_the_default_out() {
    let relay = ThroughStore.rules().turn.lap.relay().expect("a relay");
    let json = serde_json::to_value(relay).expect("serialisable");
    assert_eq!(json["continues"], "through-own-store");
    let own_row =
        serde_json::to_value(OwnRow.rules().turn.lap.relay().expect("a relay")).expect("serialisable");
    assert_eq!(own_row["continues"], "from-own-row");
    let anywhere =
        serde_json::to_value(Anywhere.rules().turn.lap.relay().expect("a relay")).expect("serialisable");
    assert!(anywhere.get("continues").is_none(), "{anywhere}");
    let read: RelayRule = serde_json::from_value(json).expect("read back");
    assert_eq!(read, relay);
}

#[cfg(all(feature = "serde", feature = "protocol"))]
#[test]
fn the_catalogue_files_of_crosscapt_eight_and_simplecapt_pcapt_declare_them() {
    use mancala_rules::RulesData;
    for (name, continues, stop) in [
        ("crosscapt-eight", RelayContinues::ThroughOwnStore, true),
        ("simplecapt-pcapt", RelayContinues::FromOwnRow, false),
    ] {
        let text = std::fs::read_to_string(format!("{}/src/games/{name}.json", env!("CARGO_MANIFEST_DIR")))
            .expect("the catalogue file");
        let data = RulesData::from_json(&text).expect("a valid data form");
        let relay = data.rules().turn.lap.relay().expect("a relay");
        assert_eq!(
            (relay.continues, relay.stop_on_capture),
            (continues, stop),
            "{name}"
        );
        assert!(data.rules().problems(12).is_empty(), "{name}");
    }
}
