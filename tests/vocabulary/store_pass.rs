//! Named tests for the store handed to the opponent ([`StorePass`],
//! MancalaGames' "passive capture" `PASS_STORE_CAPT`: SimpleCapt_PCapt),
//! each on a concrete board in standard notation, worked out by hand in a
//! comment.
//!
//! Boards: South's pits 1..3, `|`, North's 4..6 (counterclockwise), then
//! the stores South-North and the player to move. Kalah's stores: South's
//! lies after pit 3, North's after pit 6, each sown by its owner only; a
//! last seed in one's own store gives another turn.

use crate::common::boards::pit;
use mancala_rules::primitives::{
    CaptureRule, Counts, ExtraTurn, GrandSlam, Lap, RelayContinues, RelayRule, Sowing, SowingTurn, StorePass,
    Stores,
};
use mancala_rules::{declare, Declared, Opening, Rules, RulesProblem};

const fn passing(lap: Lap) -> Rules {
    Rules {
        has_stores: true,
        turn: SowingTurn {
            lap,
            stores: Stores::Own,
            extra_turn: ExtraTurn::IN_OWN_STORE,
            store_pass: StorePass::OnEmptyOpponentPit,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

declare!(Passing, 6, passing(Lap::Single(Sowing::NextPit)));
// SimpleCapt_PCapt's relay: from the last pit while it holds 2 or more,
// from South's own row only.
declare!(
    PassingRelay,
    6,
    passing(Lap::RelayWith(RelayRule {
        continues: RelayContinues::FromOwnRow,
        ..RelayRule::new(Sowing::NextPit, Counts::at_least(2))
    }))
);
declare!(
    NotPassing,
    6,
    Rules {
        turn: SowingTurn {
            store_pass: StorePass::Never,
            ..passing(Lap::Single(Sowing::NextPit)).turn
        },
        ..passing(Lap::Single(Sowing::NextPit))
    }
);

#[test]
fn a_last_seed_in_an_empty_opponent_pit_hands_the_store_over() {
    // Pit 3's 2 seeds: South's store (now 6) and pit 4, which was empty:
    // South's 6 seeds go to North's store.
    let (after, report) = pit(Passing, "0 1 2 | 0 1 1 5-3 S", 3);
    assert_eq!(after, "0 1 0 | 1 1 1 0-9 N");
    assert_eq!((report.seeds_captured, report.captured.is_empty()), (0, true));
    // Without the rule the seeds stay South's.
    assert_eq!(pit(NotPassing, "0 1 2 | 0 1 1 5-3 S", 3).0, "0 1 0 | 1 1 1 6-3 N");
}

#[test]
fn a_last_seed_in_an_opponent_pit_that_held_seeds_passes_nothing() {
    // Pit 3's 3 seeds: the store, pit 4 and pit 5, which held 1 (now 2).
    let (after, _) = pit(Passing, "0 1 3 | 0 1 1 5-3 S", 3);
    assert_eq!(after, "0 1 0 | 1 2 1 6-3 N");
}

#[test]
fn a_last_seed_in_an_empty_own_pit_passes_nothing() {
    // Pit 1's seed falls into the empty pit 2, South's own.
    let (after, _) = pit(Passing, "1 0 2 | 0 1 1 5-3 S", 1);
    assert_eq!(after, "0 1 2 | 0 1 1 5-3 N");
}

#[test]
fn a_last_seed_in_the_store_passes_nothing() {
    // Pit 3's seed falls into South's store: another turn, nothing passed.
    let (after, report) = pit(Passing, "0 1 1 | 0 1 1 5-3 S", 3);
    assert_eq!(after, "0 1 0 | 0 1 1 6-3 S");
    assert!(report.in_store);
}

#[test]
fn north_hands_its_store_to_south() {
    // North's pit 6's 2 seeds: North's store (now 4) and pit 1, which was
    // empty: North's 4 seeds go to South's store.
    let (after, _) = pit(Passing, "0 1 1 | 1 1 2 5-3 N", 6);
    assert_eq!(after, "1 1 1 | 1 1 0 9-0 S");
}

#[test]
fn the_store_passes_where_the_relay_ends() {
    // Pit 2's seed makes pit 3 hold 2, South's own: the relay goes on, pit
    // 3's seeds into the store (now 6) and pit 4, which was empty: the
    // relay ends there, and South's 6 seeds go to North.
    let (after, report) = pit(PassingRelay, "0 1 1 | 0 1 1 5-3 S", 2);
    assert_eq!(after, "0 0 0 | 1 1 1 0-9 N");
    assert_eq!(report.laps, 2);
    // Pit 3's 3 seeds: the store (6), pit 4 (now 1) and pit 5 (now 2):
    // North's row ends the relay, and pit 5 held seeds: nothing passes
    // (pit 4, empty before, was not the last).
    let (after, report) = pit(PassingRelay, "0 2 3 | 0 1 1 5-3 S", 3);
    assert_eq!(after, "0 2 0 | 1 2 1 6-3 N");
    assert_eq!(report.laps, 1);
}

#[test]
fn the_store_pass_beside_another_capture_is_a_problem() {
    let with = |rules: Rules| match rules
        .problems(6)
        .iter()
        .find(|p| matches!(p, RulesProblem::StorePassCombination { .. }))
    {
        Some(RulesProblem::StorePassCombination { with }) => with,
        _ => "none",
    };
    let base = *Passing.rules();
    let counts = Rules {
        turn: SowingTurn {
            capture: CaptureRule::single(Counts::of(&[2])),
            ..base.turn
        },
        ..base
    };
    assert!(with(counts).starts_with("another capture"));
    let slam = Rules {
        turn: SowingTurn {
            grand_slam: GrandSlam::CapturesNothing,
            ..base.turn
        },
        ..base
    };
    assert_eq!(
        with(slam),
        "a grand slam rule other than captures (turn.grand_slam)"
    );
    let after_capture = Rules {
        turn: SowingTurn {
            extra_turn: ExtraTurn {
                after_capture: true,
                ..ExtraTurn::IN_OWN_STORE
            },
            ..base.turn
        },
        ..base
    };
    assert_eq!(
        with(after_capture),
        "an extra turn after a capture (turn.extra_turn.after_capture)"
    );
    let opening = Rules {
        opening: Some(Opening { no_captures_for: 1 }),
        ..base
    };
    assert_eq!(with(opening), "an opening without captures (opening)");
    assert_eq!(
        RulesProblem::StorePassCombination { with: "x" }.field(),
        "turn.store_pass"
    );
    for game in [Passing.rules(), PassingRelay.rules(), NotPassing.rules()] {
        assert!(game.problems(6).is_empty(), "{}", game.problems(6));
    }
}

#[test]
fn the_store_pass_changes_the_fingerprint() {
    assert_ne!(Passing.rules().fingerprint(6), NotPassing.rules().fingerprint(6));
}

#[test]
fn the_solver_refuses_a_store_pass() {
    use mancala_rules::solve::{Solvable, SolveError, Table};
    assert!(Passing.unsolvable().is_some());
    assert!(NotPassing.unsolvable().is_none());
    assert!(matches!(Table::build(Passing, 2), Err(SolveError::Rules(_))));
}

#[cfg(all(feature = "serde", feature = "protocol"))]
#[test]
fn the_data_form_says_the_store_pass_and_leaves_it_out_when_never() {
    let json = serde_json::to_value(Passing.rules().turn).expect("serialisable");
    assert_eq!(json["store_pass"], "on-empty-opponent-pit");
    let never = serde_json::to_value(NotPassing.rules().turn).expect("serialisable");
    assert!(never.get("store_pass").is_none(), "{never}");
    let read: SowingTurn = serde_json::from_value(json).expect("read back");
    assert_eq!(read, Passing.rules().turn);
}

#[cfg(all(feature = "serde", feature = "protocol"))]
#[test]
fn the_catalogue_file_of_simplecapt_pcapt_declares_it() {
    use mancala_rules::RulesData;
    let text = std::fs::read_to_string(format!(
        "{}/src/games/simplecapt-pcapt.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("the catalogue file");
    let data = RulesData::from_json(&text).expect("a valid data form");
    assert_eq!(data.rules().turn.store_pass, StorePass::OnEmptyOpponentPit);
    assert!(data.rules().problems(12).is_empty());
}
