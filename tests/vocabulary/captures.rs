//! One named test per capture and move-restriction reading of the second
//! round (issue 21, slice "captures"), each on a concrete board in standard
//! notation, worked out by hand in a comment.
//!
//! Boards: South's pits 1..N, `|`, North's N+1..2N (counterclockwise), then
//! captures South-North and the player to move. Pit k faces pit 2N+1-k.

use crate::common::boards::{legal, sown};
use mancala_rules::declare;
use mancala_rules::primitives::{
    AtMaxLaps, BeforeSowing, CaptureRule, CaptureScope, Counts, Direction, ExtraTurn, GrandSlam, Lap,
    MoveRestriction, Opposite, RelayRule, SlamJudged, Sowing, SowingTurn, Stores, Sweep,
};
use mancala_rules::{Declared, Leftover, Playable, Rules, RulesProblem};

const fn with_turn(turn: SowingTurn) -> Rules {
    Rules {
        turn,
        ..Rules::DEFAULT
    }
}

/// Captures of 2 or 3, chained backward on the opponent's row, with this
/// grand slam rule and direction.
const fn slam(grand_slam: GrandSlam, direction: Direction) -> Rules {
    with_turn(SowingTurn {
        direction,
        capture: CaptureRule::chain(Counts::of(&[2, 3])),
        scope: CaptureScope::OpponentRow,
        grand_slam,
        ..SowingTurn::DEFAULT
    })
}

declare!(
    LeavesRight,
    6,
    slam(GrandSlam::LeavesRightmost, Direction::CounterClockwise)
);
declare!(
    LeavesLeft,
    6,
    slam(GrandSlam::LeavesLeftmost, Direction::CounterClockwise)
);
declare!(
    LeavesRightCw,
    6,
    slam(GrandSlam::LeavesRightmost, Direction::Clockwise)
);
declare!(
    LeavesLeftCw,
    6,
    slam(GrandSlam::LeavesLeftmost, Direction::Clockwise)
);
declare!(
    SlamAgain,
    6,
    slam(GrandSlam::CapturesAndPlaysAgain, Direction::CounterClockwise)
);
/// The slam rules on a 2x2 board sown skipping the origin, judged as said.
const fn skipping(judged: SlamJudged) -> Rules {
    with_turn(SowingTurn {
        lap: Lap::Single(Sowing::NextPitSkippingOrigin),
        grand_slam_judged: judged,
        ..slam(GrandSlam::LeavesRightmost, Direction::CounterClockwise).turn
    })
}
declare!(LeavesRightSkipping, 4, skipping(SlamJudged::AfterSowing));
declare!(LeavesRightBefore, 4, skipping(SlamJudged::BeforeMove));

#[test]
fn grand_slam_leaves_the_rightmost_pit() {
    // Pit 3's three seeds make North's 4, 5, 6 hold 2, 2, 3: every seed of
    // North's row. Seen from South, pit 4 is North's rightmost: it stays.
    assert_eq!(sown(LeavesRight, "1 0 3 | 1 1 2 0-0 S", 3), "1 0 0 | 2 0 0 5-0 N");
    // The leftmost reading keeps pit 6 instead.
    assert_eq!(sown(LeavesLeft, "1 0 3 | 1 1 2 0-0 S", 3), "1 0 0 | 0 0 3 4-0 N");
    // North moving: South's pit 1 is North's rightmost. North's pit 6
    // sows into 1, 2, 3, which hold 2, 3, 2.
    assert_eq!(sown(LeavesRight, "1 2 1 | 1 0 3 0-0 N", 6), "2 0 0 | 1 0 0 0-5 S");
    // Not a grand slam (pit 1 keeps a seed elsewhere): taken as usual.
    assert_eq!(sown(LeavesRight, "1 0 2 | 1 1 2 0-0 S", 3), "1 0 0 | 0 0 2 4-0 N");
}

#[test]
fn grand_slam_leaves_nothing_when_one_pit_holds_seeds() {
    // Pit 3's seed makes pit 4 hold 2, North's only seeds: captured.
    assert_eq!(sown(LeavesRight, "1 0 1 | 1 0 0 0-0 S", 3), "1 0 0 | 0 0 0 2-0 N");
    assert_eq!(sown(LeavesLeft, "1 0 1 | 1 0 0 0-0 S", 3), "1 0 0 | 0 0 0 2-0 N");
}

#[test]
fn grand_slam_leaves_the_rightmost_pit_when_sown_clockwise() {
    // Clockwise, pit 1's three seeds go to 6, 5, 4 (3, 2, 2); the chain
    // runs back 4, 5, 6. North's rightmost seen from South is still pit 4.
    assert_eq!(
        sown(LeavesRightCw, "3 0 0 | 1 1 2 0-0 S", 1),
        "0 0 0 | 2 0 0 5-0 N"
    );
    assert_eq!(
        sown(LeavesLeftCw, "3 0 0 | 1 1 2 0-0 S", 1),
        "0 0 0 | 0 0 3 4-0 N"
    );
}

#[test]
fn grand_slam_leaves_judged_before_the_move() {
    // North's row is empty. Pit 2's five seeds go to 3, 4, 1, 3, 4 (the
    // origin skipped): 3 and 4 hold 2 each, both captured, North's row
    // emptied. Judged after the sowing it is a grand slam and North's
    // rightmost, pit 3, stays; judged before the move it is not (North
    // had nothing to lose) and both are taken.
    assert_eq!(
        sown(LeavesRightSkipping, "2 5 | 0 0 9-0 S", 2),
        "3 0 | 2 0 11-0 N"
    );
    assert_eq!(sown(LeavesRightBefore, "2 5 | 0 0 9-0 S", 2), "3 0 | 0 0 13-0 N");
}

#[test]
fn grand_slam_captures_and_plays_again() {
    // The grand slam of the first test: all taken, and South moves again.
    assert_eq!(sown(SlamAgain, "1 0 3 | 1 1 2 0-0 S", 3), "1 0 0 | 0 0 0 7-0 S");
    // An ordinary capture hands the turn over.
    assert_eq!(sown(SlamAgain, "1 0 2 | 1 1 2 0-0 S", 3), "1 0 0 | 0 0 2 4-0 N");
}

declare!(
    StartsInOpponentRow,
    6,
    with_turn(SowingTurn {
        capture: CaptureRule::chain(Counts::of(&[2, 3])),
        scope: CaptureScope::StartsInOpponentRow,
        ..SowingTurn::DEFAULT
    })
);
declare!(
    OpponentRowOnly,
    6,
    with_turn(SowingTurn {
        capture: CaptureRule::chain(Counts::of(&[2, 3])),
        scope: CaptureScope::OpponentRow,
        ..SowingTurn::DEFAULT
    })
);

#[test]
fn capture_starts_in_the_opponents_row_and_chains_on_into_the_own() {
    // Pit 2's two seeds make 3 and 4 hold 2: the chain from North's pit 4
    // runs on into South's pit 3; pit 2, emptied, stops it.
    assert_eq!(
        sown(StartsInOpponentRow, "1 2 1 | 1 1 0 0-0 S", 2),
        "1 0 0 | 0 1 0 4-0 N"
    );
    assert_eq!(
        sown(OpponentRowOnly, "1 2 1 | 1 1 0 0-0 S", 2),
        "1 0 2 | 0 1 0 2-0 N"
    );
    // A last seed in South's own row (pit 2, now 2) captures nothing.
    assert_eq!(
        sown(StartsInOpponentRow, "1 1 0 | 1 1 0 0-0 S", 1),
        "0 2 0 | 1 1 0 0-0 N"
    );
    // North: pit 5's two seeds make 6 and 1 hold 3 and 2; the chain from
    // South's pit 1 runs back into North's pit 6 and stops at pit 5.
    assert_eq!(
        sown(StartsInOpponentRow, "1 1 1 | 1 2 2 0-0 N", 5),
        "0 1 1 | 1 0 0 0-5 S"
    );
}

declare!(
    NoSingle,
    4,
    with_turn(SowingTurn {
        capture: CaptureRule::single(Counts::of(&[2, 3])),
        no_single_seed_capture: true,
        ..SowingTurn::DEFAULT
    })
);
declare!(
    NoSingleOpposite,
    6,
    with_turn(SowingTurn {
        opposite: Some(Opposite::KALAH),
        no_single_seed_capture: true,
        ..SowingTurn::DEFAULT
    })
);

#[test]
fn a_single_seed_captures_nothing() {
    // Pit 2's single seed makes pit 3 hold 2: not captured.
    assert_eq!(sown(NoSingle, "0 1 | 1 3 0-0 S", 2), "0 0 | 2 3 0-0 N");
    // Pit 1's two seeds make pit 3 hold 2: captured.
    assert_eq!(sown(NoSingle, "2 0 | 1 3 0-0 S", 1), "0 1 | 0 3 2-0 N");
    // Nor by the facing pit: pit 1's seed into empty pit 2 (facing 5).
    assert_eq!(
        sown(NoSingleOpposite, "1 0 4 | 1 3 1 0-0 S", 1),
        "0 1 4 | 1 3 1 0-0 N"
    );
    assert_eq!(
        sown(NoSingleOpposite, "2 0 0 | 1 3 1 0-0 S", 1),
        "0 1 0 | 0 3 1 2-0 N"
    );
}

declare!(
    Sweeps,
    6,
    with_turn(SowingTurn {
        capture: CaptureRule::single(Counts::of(&[2, 4, 6])),
        scope: CaptureScope::OpponentRow,
        sweep: Sweep::OpponentRowOrLastOwnPit,
        ..SowingTurn::DEFAULT
    })
);

#[test]
fn sweep_takes_every_capturing_pit_of_the_opponents_row() {
    // Last seed in North's pit 4 (now 2): pits 4 (2) and 6 (4) taken, 5 (3)
    // stays, wherever the chain would stop.
    assert_eq!(sown(Sweeps, "1 2 0 | 1 3 4 0-0 S", 2), "1 0 1 | 0 3 0 6-0 N");
    // Last seed in South's own last pit, 3: the sweep too, though pit 3
    // holds 1.
    assert_eq!(sown(Sweeps, "1 1 0 | 2 3 4 0-0 S", 2), "1 0 1 | 0 3 0 6-0 N");
    // Last seed in South's pit 2: nothing.
    assert_eq!(sown(Sweeps, "1 0 0 | 2 3 4 0-0 S", 1), "0 1 0 | 2 3 4 0-0 N");
    // North: its last own pit is 6; a last seed there sweeps South's row.
    assert_eq!(sown(Sweeps, "2 3 4 | 0 1 0 0-0 N", 5), "0 3 0 | 0 0 1 0-6 S");
}

declare!(
    TakesFacing,
    6,
    with_turn(SowingTurn {
        capture: CaptureRule::single(Counts::of(&[2])),
        before_sowing: BeforeSowing::SingletonTakesFacing,
        extra_turn: ExtraTurn {
            in_own_store: false,
            after_capture: true,
            in_opponent_store: false,
        },
        ..SowingTurn::DEFAULT
    })
);

#[test]
fn a_single_seed_first_takes_the_facing_pit() {
    // Pit 3's single seed faces pit 4 (5 seeds): taken, then the seed
    // falls into the emptied pit 4 (1: no capture, no extra turn).
    assert_eq!(sown(TakesFacing, "2 2 1 | 5 1 1 0-0 S", 3), "2 2 0 | 1 1 1 5-0 N");
    // Then the capture after the sowing too: pit 1 faces 6 (3 seeds);
    // the seed makes pit 2 hold 2, captured, another turn.
    assert_eq!(sown(TakesFacing, "1 1 0 | 1 1 3 0-0 S", 1), "0 0 0 | 1 1 0 5-0 S");
    // Two seeds take nothing first.
    assert_eq!(sown(TakesFacing, "2 0 0 | 1 1 3 0-0 S", 1), "0 1 1 | 1 1 3 0-0 N");
}

declare!(
    FirstToStore,
    8,
    Rules {
        play: Playable {
            min_seeds: 2,
            ..Playable::DEFAULT
        },
        turn: SowingTurn {
            lap: Lap::RelayWith(RelayRule {
                at_max_laps: AtMaxLaps::EndsGame(Leftover::Split),
                max_laps: 75,
                ..RelayRule::new(Sowing::NextPit, Counts::at_least(2))
            }),
            before_sowing: BeforeSowing::FirstSeedToStore,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
);
declare!(
    FirstToStoreSingle,
    8,
    Rules {
        play: Playable {
            min_seeds: 2,
            ..Playable::DEFAULT
        },
        turn: SowingTurn {
            before_sowing: BeforeSowing::FirstSeedToStore,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
);

#[test]
fn each_lap_puts_its_first_seed_in_the_store() {
    // Pit 1's 4 seeds: 1 to the store, 3 to 2, 3, 4. Pit 4 then holds 3: a
    // relay takes them, 1 to the store, 2 to 5, 6; pit 6 held 1, now 2:
    // again, 1 to the store, 1 to pit 7 (empty before): the relay ends.
    assert_eq!(
        sown(FirstToStore, "4 0 0 2 | 0 1 0 0 0-0 S", 1),
        "0 1 1 0 | 1 0 1 0 3-0 N"
    );
    // One lap: 1 to the store, 3 to 2, 3, 4.
    assert_eq!(
        sown(FirstToStoreSingle, "4 0 0 2 | 0 1 0 0 0-0 S", 1),
        "0 1 1 3 | 0 1 0 0 1-0 N"
    );
}

const fn restricted(restriction: MoveRestriction, lap: Lap) -> Rules {
    Rules {
        play: Playable {
            restriction,
            ..Playable::DEFAULT
        },
        turn: SowingTurn {
            lap,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

declare!(
    OppOrEmpty,
    8,
    restricted(
        MoveRestriction::EndsInOpponentRowOrEmpty,
        Lap::Single(Sowing::NextPit)
    )
);
declare!(
    OppOrEmptyRelay,
    8,
    restricted(
        MoveRestriction::EndsInOpponentRowOrEmpty,
        Lap::RelayWith(RelayRule::new(Sowing::NextPit, Counts::at_least(2)))
    )
);
declare!(
    SingleToEmpty,
    8,
    restricted(
        MoveRestriction::SingletonToEmptyNext,
        Lap::Single(Sowing::NextPit)
    )
);
declare!(
    SinglesLast,
    8,
    restricted(
        MoveRestriction::SingletonsOnlyWhenAll,
        Lap::Single(Sowing::NextPit)
    )
);

#[test]
fn restriction_ends_in_the_opponents_row_or_an_empty_pit() {
    // Pit 1 -> 2 (holds 2): no. Pit 2 (2) -> 3, 4: pit 4 empty: yes.
    // Pit 3 (1) -> 4 empty: yes. Pit 4 empty. North's row: all free.
    assert_eq!(legal(OppOrEmpty, "1 2 1 0 | 1 1 1 1 0-0 S"), "2 3");
    // Pit 1 (3) -> 2, 3, 4 (4 holds 1): no; pit 2 (3) ends in North's 5:
    // yes; pit 4 (5 > 4 pits a row): always.
    assert_eq!(legal(OppOrEmpty, "3 3 0 5 | 1 1 1 1 0-0 S"), "2 4");
    // North: pit 5 -> 6 (holds 1): no; pit 6 -> 7 (empty): yes; pit 8's
    // seed ends in South's pit 1: yes.
    assert_eq!(legal(OppOrEmpty, "1 1 1 1 | 1 1 0 1 0-0 N"), "6 8");
    // A relay is judged by its first lap: pit 1's seed ends in pit 2
    // (holding 2), refused, though the relay from there (3 seeds to 3, 4,
    // 5, and on) would end in North's row.
    assert_eq!(legal(OppOrEmptyRelay, "1 2 1 0 | 1 1 1 1 0-0 S"), "2 3");
}

#[test]
fn restriction_a_singleton_moves_only_into_an_empty_pit() {
    // Pit 1's seed -> 2 (holds 2): no; pit 2 (2 seeds): yes; pit 3's seed
    // -> 4 (empty): yes.
    assert_eq!(legal(SingleToEmpty, "1 2 1 0 | 1 1 1 1 0-0 S"), "2 3");
    // North's pit 7 -> 8 (holds 1): no; pit 8's next pit is South's
    // pit 1 (empty): yes.
    assert_eq!(legal(SingleToEmpty, "0 2 1 0 | 0 0 1 1 0-0 N"), "8");
}

#[test]
fn restriction_singletons_only_when_every_pit_is_one() {
    assert_eq!(legal(SinglesLast, "1 2 1 0 | 1 1 1 1 0-0 S"), "2");
    assert_eq!(legal(SinglesLast, "1 0 1 0 | 1 1 1 1 0-0 S"), "1 3");
}

#[test]
fn the_checks_name_what_the_engine_cannot_play() {
    let relay = Lap::RelayWith(RelayRule::new(Sowing::NextPit, Counts::at_least(2)));
    let turn = |turn: SowingTurn| with_turn(turn).problems(12);
    let fields = |rules: Rules| {
        rules
            .problems(12)
            .iter()
            .map(|problem| problem.field())
            .collect::<Vec<_>>()
    };
    assert!(matches!(
        turn(SowingTurn {
            no_single_seed_capture: true,
            lap: relay,
            ..SowingTurn::DEFAULT
        })
        .first(),
        Some(RulesProblem::SingleSeedCaptureInRelay)
    ));
    let sweep = SowingTurn {
        capture: CaptureRule::single(Counts::of(&[2])),
        scope: CaptureScope::OpponentRow,
        sweep: Sweep::OpponentRowOrLastOwnPit,
        ..SowingTurn::DEFAULT
    };
    assert!(turn(sweep).is_empty());
    for bad in [
        SowingTurn {
            capture: CaptureRule::chain(Counts::of(&[2])),
            ..sweep
        },
        SowingTurn {
            opposite: Some(Opposite::KALAH),
            ..sweep
        },
        SowingTurn { lap: relay, ..sweep },
        SowingTurn {
            direction: Direction::Clockwise,
            ..sweep
        },
        SowingTurn {
            scope: CaptureScope::Anywhere,
            ..sweep
        },
    ] {
        assert!(
            matches!(turn(bad).first(), Some(RulesProblem::SweepCombination { .. })),
            "{bad:?}"
        );
    }
    let before = SowingTurn {
        before_sowing: BeforeSowing::SingletonTakesFacing,
        ..SowingTurn::DEFAULT
    };
    assert!(turn(before).is_empty());
    for bad in [
        SowingTurn { lap: relay, ..before },
        SowingTurn {
            lap: Lap::Single(Sowing::OriginFirst),
            ..before
        },
    ] {
        assert!(matches!(
            turn(bad).first(),
            Some(RulesProblem::BeforeSowingCombination { .. })
        ));
    }
    let first = Rules {
        play: Playable {
            min_seeds: 2,
            ..Playable::DEFAULT
        },
        ..*FirstToStore.rules()
    };
    assert!(first.problems(12).is_empty());
    for bad in [
        Rules {
            play: Playable::DEFAULT,
            ..first
        },
        Rules {
            turn: SowingTurn {
                lap: Lap::RelayWith(RelayRule::new(Sowing::NextPit, Counts::at_least(2))),
                ..first.turn
            },
            ..first
        },
        Rules {
            turn: SowingTurn {
                lap: Lap::RelayWith(RelayRule {
                    at_max_laps: AtMaxLaps::EndsGame(Leftover::Split),
                    ..RelayRule::new(Sowing::NextPit, Counts::at_least(1))
                }),
                ..first.turn
            },
            ..first
        },
        Rules {
            play: Playable {
                min_seeds: 2,
                must_feed: true,
                ..Playable::DEFAULT
            },
            ..first
        },
    ] {
        assert!(
            matches!(
                bad.problems(12).first(),
                Some(RulesProblem::BeforeSowingCombination { .. })
            ),
            "{bad:?}"
        );
    }
    let with_stores = |restriction| Rules {
        has_stores: true,
        play: Playable {
            restriction,
            ..Playable::DEFAULT
        },
        turn: SowingTurn {
            stores: Stores::Own,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    };
    assert_eq!(
        fields(with_stores(MoveRestriction::EndsInOpponentRowOrEmpty)),
        ["play.restriction"]
    );
    assert_eq!(
        fields(with_stores(MoveRestriction::SingletonToEmptyNext)),
        ["play.restriction"]
    );
    assert!(fields(with_stores(MoveRestriction::SingletonsOnlyWhenAll)).is_empty());
    for rules in [
        *LeavesRight.rules(),
        *LeavesRightBefore.rules(),
        *LeavesLeftCw.rules(),
        *SlamAgain.rules(),
        *StartsInOpponentRow.rules(),
        *NoSingle.rules(),
        *Sweeps.rules(),
        *TakesFacing.rules(),
        *FirstToStore.rules(),
        *FirstToStoreSingle.rules(),
        *OppOrEmptyRelay.rules(),
        *SingleToEmpty.rules(),
        *SinglesLast.rules(),
    ] {
        assert!(rules.problems(12).is_empty(), "{}", rules.problems(12));
    }
}

#[cfg(feature = "protocol")]
#[test]
fn the_capture_readings_in_the_data_form() {
    use mancala_rules::RulesData;
    let data = |fields: &str| {
        RulesData::from_json(&format!(
            r#"{{"format": 1, "name": "t", "pits": 12, "seeds": 4, {fields}}}"#
        ))
        .unwrap_or_else(|err| panic!("{fields}: {err}"))
        .rules()
    };
    for (word, grand_slam) in [
        ("leaves-rightmost", GrandSlam::LeavesRightmost),
        ("leaves-leftmost", GrandSlam::LeavesLeftmost),
        ("captures-and-plays-again", GrandSlam::CapturesAndPlaysAgain),
    ] {
        let rules = data(&format!(r#""turn": {{"grand_slam": "{word}"}}"#));
        assert_eq!(rules.turn.grand_slam, grand_slam);
    }
    let rules = data(r#""turn": {"scope": "starts-in-opponent-row"}"#);
    assert_eq!(rules.turn.scope, CaptureScope::StartsInOpponentRow);
    let rules = data(r#""turn": {"no_single_seed_capture": true}"#);
    assert!(rules.turn.no_single_seed_capture);
    let rules = data(r#""turn": {"sweep": "opponent-row-or-last-own-pit", "scope": "opponent-row"}"#);
    assert_eq!(rules.turn.sweep, Sweep::OpponentRowOrLastOwnPit);
    let rules = data(r#""turn": {"before_sowing": "singleton-takes-facing"}"#);
    assert_eq!(rules.turn.before_sowing, BeforeSowing::SingletonTakesFacing);
    let rules = data(r#""play": {"min_seeds": 2}, "turn": {"before_sowing": "first-seed-to-store"}"#);
    assert_eq!(rules.turn.before_sowing, BeforeSowing::FirstSeedToStore);
    for (word, restriction) in [
        (
            "ends-in-opponent-row-or-empty",
            MoveRestriction::EndsInOpponentRowOrEmpty,
        ),
        ("singleton-to-empty-next", MoveRestriction::SingletonToEmptyNext),
        ("singletons-only-when-all", MoveRestriction::SingletonsOnlyWhenAll),
    ] {
        let rules = data(&format!(r#""play": {{"restriction": "{word}"}}"#));
        assert_eq!(rules.play.restriction, restriction);
    }
    // The defaults are left out of the written form, so that every data
    // file written before reads and writes as it did.
    let json = RulesData::of(&Rules::DEFAULT, 12).to_json();
    for field in ["no_single_seed_capture", "sweep", "before_sowing", "restriction"] {
        assert!(!json.contains(field), "{field} in {json}");
    }
    // Every new item written and read back.
    let all = Rules {
        name: "t",
        play: Playable {
            restriction: MoveRestriction::SingletonsOnlyWhenAll,
            ..Playable::DEFAULT
        },
        turn: SowingTurn {
            capture: CaptureRule::single(Counts::of(&[2, 4])),
            scope: CaptureScope::OpponentRow,
            grand_slam: GrandSlam::LeavesRightmost,
            no_single_seed_capture: true,
            sweep: Sweep::OpponentRowOrLastOwnPit,
            before_sowing: BeforeSowing::SingletonTakesFacing,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    };
    let json = RulesData::of(&all, 12).to_json();
    assert_eq!(
        RulesData::from_json(&json).map(|d| d.rules()),
        Ok(Rules { name: "", ..all })
    );
    // And the fingerprint tells each apart from the default.
    let base = Rules::DEFAULT.fingerprint(12);
    assert_ne!(all.fingerprint(12), base);
    for turn in [
        SowingTurn {
            scope: CaptureScope::StartsInOpponentRow,
            ..SowingTurn::DEFAULT
        },
        SowingTurn {
            grand_slam: GrandSlam::CapturesAndPlaysAgain,
            ..SowingTurn::DEFAULT
        },
        SowingTurn {
            no_single_seed_capture: true,
            ..SowingTurn::DEFAULT
        },
        SowingTurn {
            before_sowing: BeforeSowing::SingletonTakesFacing,
            ..SowingTurn::DEFAULT
        },
        SowingTurn {
            before_sowing: BeforeSowing::FirstSeedToStore,
            ..SowingTurn::DEFAULT
        },
    ] {
        assert_ne!(with_turn(turn).fingerprint(12), base, "{turn:?}");
    }
}
