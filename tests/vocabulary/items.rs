//! One named test per item of the declaration vocabulary (issue 11), each on
//! a concrete board in standard notation, worked out by hand in a comment.
//!
//! Boards: South's pits 1..N, `|`, North's N+1..2N (counterclockwise), then
//! captures or stores South-North and the player to move. Pit k faces pit
//! 2N+1-k. Where a test compares two readings, each reading's board differs
//! from the other's, so a feature read the wrong way fails the test.

use crate::common::boards::{legal, outcome, pit, refusal, sow};
use mancala_rules::declare;
use mancala_rules::primitives::{
    AtMaxLaps, CaptureRule, CaptureScope, Counts, Direction, ExtraTurn, GrandSlam, Lap, Opposite,
    RelayContinues, RelayFrom, RelayRule, SlamJudged, Sowing, SowingTurn, Stores, RELAY_LAP_LIMIT,
};
use mancala_rules::{
    AgreementError, AgreementPolicy, Declared, EndReason, Ending, FewSeeds, Game, HistoryRules, IllegalMove,
    Leftover, Move, Outcome, Playable, Player, PositionError, Repetition, Rules, Ruleset, Status, Stuck,
};

/// When feeding is judged (the game `Feeding` below is another thing).
use mancala_rules::Feeding as FeedingJudged;

/// `Rules::DEFAULT` with this turn.
const fn with_turn(turn: SowingTurn) -> Rules {
    Rules {
        turn,
        ..Rules::DEFAULT
    }
}

fn over(totals: [u32; 2], reason: EndReason) -> Option<Outcome> {
    Some(Outcome { totals, reason })
}

// ---------------------------------------------------------------- geometry

declare!(
    Tiny,
    4,
    Rules {
        seeds: 3,
        ..Rules::DEFAULT
    }
);
declare!(
    Long,
    30,
    Rules {
        seeds: 2,
        ..Rules::DEFAULT
    }
);
declare!(
    Fives,
    8,
    Rules {
        seeds: 5,
        ..Rules::DEFAULT
    }
);

#[test]
fn geometry_a_2x2_board() {
    assert_eq!(Tiny.start().to_string(), "3 3 | 3 3 0-0 S");
    assert_eq!((Tiny.pits_per_side(), Tiny.total_seeds()), (2, 12));
    assert_eq!(legal(Tiny, "3 3 | 3 3 0-0 S"), "1 2");
    // Pit 2's three seeds: 3, 4, then round to 1.
    assert_eq!(pit(Tiny, "3 3 | 3 3 0-0 S", 2).0, "4 0 | 4 4 0-0 N");
    assert_eq!(
        refusal(Tiny, "3 3 | 3 3 0-0 S", Move::Pit(3)),
        IllegalMove::NotYourPit {
            pit: 3,
            player: Player::South,
            first: 1,
            last: 2
        }
    );
    assert_eq!(
        refusal(Tiny, "3 3 | 3 3 0-0 S", Move::Pit(5)),
        IllegalMove::PitOutOfRange { pit: 5, pits: 4 }
    );
}

#[test]
fn geometry_a_2x15_board() {
    let start = Long.start();
    let row = ["2"; 15].join(" ");
    assert_eq!(start.to_string(), format!("{row} | {row} 0-0 S"));
    assert_eq!((Long.pits_per_side(), Long.total_seeds()), (15, 60));
    assert_eq!(Long.legal_moves(&start).len(), 15);
    // Pit 15's two seeds cross into North's row: pits 16 and 17.
    let (after, report) = Long.play(&start, Move::Pit(15)).unwrap();
    assert_eq!(&after.pits[13..18], &[2, 0, 3, 3, 2]);
    assert_eq!(report.last_pit, Some(17));
    assert_eq!(
        Long.legal_moves(&after).to_string(),
        (16..=30).map(|p| p.to_string()).collect::<Vec<_>>().join(" ")
    );
    assert_eq!(
        Long.check(&start, Move::Pit(31)),
        Err(IllegalMove::PitOutOfRange { pit: 31, pits: 30 })
    );
}

#[test]
fn geometry_seeds_a_pit() {
    assert_eq!(Fives.start().to_string(), "5 5 5 5 | 5 5 5 5 0-0 S");
    assert_eq!(Fives.total_seeds(), 40);
    assert_eq!(
        Fives.validate(&"5 5 5 5 | 5 5 5 4 0-0 S".parse().unwrap()),
        Err(PositionError::SeedsDoNotAddUp {
            expected: 40,
            found: 39
        })
    );
    assert_eq!(
        Fives.validate(&"5 5 5 5 | 5 5 5 4 1-0 S".parse().unwrap()),
        Ok(())
    );
}

declare!(
    OwnStore,
    4,
    Rules {
        has_stores: true,
        turn: SowingTurn {
            stores: Stores::Own,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
);

#[test]
fn geometry_stores_are_shown_in_the_scores() {
    // Pit 2 is South's last: its seed falls in South's store, shown as the
    // first score. Without a store it would fall in pit 3 ("2 0 | 2 1 0-0 N").
    let (after, report) = pit(OwnStore, "2 1 | 1 1 0-0 S", 2);
    assert_eq!(after, "2 0 | 1 1 1-0 N");
    assert!(report.in_store);
    assert_eq!(report.last_pit, None);
    assert_eq!(pit(Tiny, "2 1 | 1 1 0-0 S", 2).0, "2 0 | 2 1 0-0 N");
}

// ------------------------------------------------------------ may be played

declare!(
    Pairs,
    4,
    Rules {
        play: Playable {
            min_seeds: 2,
            ..Playable::DEFAULT
        },
        ..Rules::DEFAULT
    }
);
declare!(
    Triples,
    4,
    Rules {
        play: Playable {
            min_seeds: 3,
            ..Playable::DEFAULT
        },
        ..Rules::DEFAULT
    }
);

#[test]
fn playable_at_least_one_seed() {
    assert_eq!(legal(Tiny, "1 0 | 2 2 0-0 S"), "1");
    assert_eq!(
        refusal(Tiny, "1 0 | 2 2 0-0 S", Move::Pit(2)),
        IllegalMove::EmptyPit { pit: 2 }
    );
}

#[test]
fn playable_at_least_two_seeds() {
    // Pit 1 holds a single seed: only pit 2 (3 seeds) may move.
    assert_eq!(legal(Pairs, "1 3 | 0 2 0-0 S"), "2");
    assert_eq!(legal(Tiny, "1 3 | 0 2 0-0 S"), "1 2");
    assert_eq!(
        refusal(Pairs, "1 3 | 0 2 0-0 S", Move::Pit(1)),
        IllegalMove::SingletonMayNotMove { pit: 1 }
    );
    assert_eq!(
        refusal(Triples, "2 3 | 0 2 0-0 S", Move::Pit(1)),
        IllegalMove::TooFewSeeds { pit: 1, min: 3 }
    );
}

declare!(
    Feeding,
    8,
    Rules {
        play: Playable {
            must_feed: true,
            ..Playable::DEFAULT
        },
        ..Rules::DEFAULT
    }
);

#[test]
fn playable_must_feed() {
    // North's row is empty: pit 1's seed stays in South's row (pit 2);
    // pit 4's two reach pits 5 and 6.
    assert_eq!(legal(Feeding, "1 0 0 2 | 0 0 0 0 0-0 S"), "4");
    assert_eq!(legal(Fives, "1 0 0 2 | 0 0 0 0 0-0 S"), "1 4");
    assert_eq!(
        refusal(Feeding, "1 0 0 2 | 0 0 0 0 0-0 S", Move::Pit(1)),
        IllegalMove::MustFeed { pit: 1 }
    );
    assert_eq!(
        pit(Feeding, "1 0 0 2 | 0 0 0 0 0-0 S", 4).0,
        "1 0 0 0 | 1 1 0 0 0-0 N"
    );
}

declare!(
    FeedingRelay,
    8,
    Rules {
        play: Playable {
            must_feed: true,
            ..Playable::DEFAULT
        },
        turn: SowingTurn {
            lap: Lap::RelayWith(RelayRule::new(Sowing::NextPit, Counts::at_least(2))),
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
);

#[test]
fn playable_must_feed_counts_the_whole_relay() {
    // North's row is empty. Pit 1's seed makes pit 2 hold 2: relay into 3
    // and 4 (now 2): relay into 5 and 6, North's. The move feeds North.
    // Pit 2's seed stops in 3; pit 4's falls in 5.
    let pos = "1 1 0 1 | 0 0 0 0 0-0 S";
    assert_eq!(pit(RelayLegacy, pos, 1).0, "0 0 1 0 | 1 1 0 0 0-0 N");
    assert_eq!(legal(FeedingRelay, pos), "1 4");
}

/// Chains of 2 from the last pit, with the grand slam rule given.
const fn slam(grand_slam: GrandSlam) -> Rules {
    with_turn(SowingTurn {
        capture: CaptureRule::chain(Counts::of(&[2])),
        grand_slam,
        ..SowingTurn::DEFAULT
    })
}
declare!(SlamIllegal, 4, slam(GrandSlam::Illegal));
declare!(SlamCaptures, 4, slam(GrandSlam::Captures));
declare!(SlamNothing, 4, slam(GrandSlam::CapturesNothing));

// In "1 2 | 1 1 0-0 S", pit 2 sows 3 and 4, which then hold 2 and 2: the
// chain from 4 back to 3 takes North's whole row (pit 2, emptied, stops it).
// Pit 1 sows pit 2 (3 seeds): no capture.
const SLAM: &str = "1 2 | 1 1 0-0 S";

#[test]
fn grand_slam_illegal() {
    assert_eq!(legal(SlamIllegal, SLAM), "1");
    assert_eq!(
        refusal(SlamIllegal, SLAM, Move::Pit(2)),
        IllegalMove::GrandSlam { pit: 2 }
    );
    assert_eq!(legal(SlamCaptures, SLAM), "1 2");
}

#[test]
fn grand_slam_illegal_when_every_move_is_one_is_played_capturing_nothing() {
    // Pit 2 is the only move, and a grand slam: it is played, captures nothing.
    let pos = "0 2 | 1 1 0-0 S";
    assert_eq!(legal(SlamIllegal, pos), "2");
    let (after, report) = pit(SlamIllegal, pos, 2);
    assert_eq!(after, "0 0 | 2 2 0-0 N");
    assert_eq!(
        (report.seeds_captured, report.captured.to_string()),
        (0, String::new())
    );
}

#[test]
fn grand_slam_captures() {
    let (after, report) = pit(SlamCaptures, SLAM, 2);
    assert_eq!(after, "1 0 | 0 0 4-0 N");
    assert_eq!(report.captured.to_string(), "3 4");
}

#[test]
fn grand_slam_captures_nothing() {
    assert_eq!(legal(SlamNothing, SLAM), "1 2");
    let (after, report) = pit(SlamNothing, SLAM, 2);
    assert_eq!(after, "1 0 | 2 2 0-0 N");
    assert_eq!(report.seeds_captured, 0);
    // A capture that leaves North a seed is made: pit 2's seed makes pit 3
    // hold 2 (taken); pit 4 keeps its 3.
    let (after, _) = pit(SlamNothing, "0 1 | 1 3 0-0 S", 2);
    assert_eq!(after, "0 0 | 0 3 2-0 N");
}

declare!(
    Passes,
    4,
    Rules {
        end: Ending {
            stuck: Stuck::Passes(Leftover::Owners),
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    }
);
declare!(
    PairsPass,
    4,
    Rules {
        play: Playable {
            min_seeds: 2,
            ..Playable::DEFAULT
        },
        end: Ending {
            stuck: Stuck::Passes(Leftover::Opponent),
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    }
);

#[test]
fn stuck_player_passes() {
    // South has no seed; North has moves: South must pass.
    let pos = "0 0 | 1 2 3-6 S";
    assert_eq!(legal(Passes, pos), "pass");
    let (after, report) = sow(Passes, pos, Move::Pass);
    assert_eq!(after, "0 0 | 1 2 3-6 N");
    assert_eq!((report.mv, report.laps, report.last_pit), (Move::Pass, 0, None));
    // Pass only when it is the only move.
    assert_eq!(
        refusal(Passes, "1 0 | 1 2 3-5 S", Move::Pass),
        IllegalMove::PassNotAllowed {
            player: Player::South
        }
    );
    // Neither can move: every seed captured, or (pairs only) the rest to
    // the opponent of the player to move.
    assert_eq!(
        outcome(Passes, "0 0 | 0 0 6-6 S"),
        over([6, 6], EndReason::AllCaptured)
    );
    assert_eq!(
        outcome(PairsPass, "1 0 | 0 1 5-5 S"),
        over([5, 7], EndReason::NoMoves)
    );
}

#[test]
fn stuck_player_ends_the_game() {
    // The default: South, stuck, ends the game; each keeps their own row.
    let pos = "0 0 | 1 2 3-6 S";
    assert_eq!(outcome(Tiny, pos), over([3, 9], EndReason::MoverRowEmpty));
    assert_eq!(legal(Tiny, pos), "");
    assert_eq!(refusal(Tiny, pos, Move::Pass), IllegalMove::GameOver);
    assert_eq!(outcome(Passes, pos), None);
}

// ------------------------------------------------------------------ sowing

declare!(
    Clockwise,
    8,
    with_turn(SowingTurn {
        direction: Direction::Clockwise,
        ..SowingTurn::DEFAULT
    })
);

#[test]
fn sowing_counterclockwise() {
    // Pit 2's two seeds: 3 and 4.
    let (after, report) = pit(Fives, "1 2 0 0 | 0 0 0 0 0-0 S", 2);
    assert_eq!(after, "1 0 1 1 | 0 0 0 0 0-0 N");
    assert_eq!(report.last_pit, Some(4));
}

#[test]
fn sowing_clockwise() {
    // Pit 2's two seeds: 1, then round to 8.
    let (after, report) = pit(Clockwise, "1 2 0 0 | 0 0 0 0 0-0 S", 2);
    assert_eq!(after, "2 0 0 0 | 0 0 0 1 0-0 N");
    assert_eq!(report.last_pit, Some(8));
}

declare!(
    ClockwiseKalah,
    8,
    Rules {
        has_stores: true,
        turn: SowingTurn {
            direction: Direction::Clockwise,
            stores: Stores::Own,
            opposite: Some(Opposite::KALAH),
            extra_turn: ExtraTurn::IN_OWN_STORE,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
);

#[test]
fn sowing_clockwise_through_the_stores() {
    // Clockwise, South's store follows pit 1 and North's follows pit 5.
    let (after, report) = pit(ClockwiseKalah, "1 0 0 0 | 2 0 0 0 0-0 S", 1);
    assert_eq!(after, "0 0 0 0 | 2 0 0 0 1-0 S");
    assert!(report.in_store);
    // North's pit 5: North's store, then South's pit 4 (no capture there).
    assert_eq!(
        pit(ClockwiseKalah, "0 0 0 0 | 2 0 0 0 0-0 N", 5).0,
        "0 0 0 1 | 0 0 0 0 0-1 S"
    );
    // Pit 2's seed lands in pit 1, empty, facing pit 8: both taken.
    let (after, report) = pit(ClockwiseKalah, "0 1 0 0 | 0 0 0 3 0-0 S", 2);
    assert_eq!(after, "0 0 0 0 | 0 0 0 0 4-0 N");
    assert_eq!(report.captured.to_string(), "1 8");
}

declare!(
    OriginFirst,
    8,
    with_turn(SowingTurn {
        lap: Lap::Single(Sowing::OriginFirst),
        ..SowingTurn::DEFAULT
    })
);
declare!(
    SkipOrigin,
    4,
    with_turn(SowingTurn {
        lap: Lap::Single(Sowing::NextPitSkippingOrigin),
        ..SowingTurn::DEFAULT
    })
);

#[test]
fn sowing_from_the_next_pit() {
    // Pit 1's three seeds: 2, 3, 4.
    let (after, report) = pit(Fives, "3 0 0 0 | 0 0 0 0 0-0 S", 1);
    assert_eq!(
        (after.as_str(), report.last_pit),
        ("0 1 1 1 | 0 0 0 0 0-0 N", Some(4))
    );
}

#[test]
fn sowing_origin_first() {
    // Pit 1's three seeds: back into 1, then 2, 3.
    let (after, report) = pit(OriginFirst, "3 0 0 0 | 0 0 0 0 0-0 S", 1);
    assert_eq!(
        (after.as_str(), report.last_pit),
        ("1 1 1 0 | 0 0 0 0 0-0 N", Some(3))
    );
}

#[test]
fn sowing_a_long_lap_into_the_origin() {
    // Pit 1's five seeds on a ring of four: 2, 3, 4, 1 (the origin), 2.
    let (after, report) = pit(Tiny, "5 0 | 0 0 0-0 S", 1);
    assert_eq!((after.as_str(), report.last_pit), ("1 2 | 1 1 0-0 N", Some(2)));
}

#[test]
fn sowing_a_long_lap_skipping_the_origin() {
    // Pit 1's five seeds: 2, 3, 4, (1 skipped) 2, 3.
    let (after, report) = pit(SkipOrigin, "5 0 | 0 0 0-0 S", 1);
    assert_eq!((after.as_str(), report.last_pit), ("0 2 | 2 1 0-0 N", Some(3)));
}

declare!(
    BothStores,
    4,
    Rules {
        has_stores: true,
        turn: SowingTurn {
            stores: Stores::Both,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
);

// Pit 2's four seeds. The places, counterclockwise: 1, 2, South's store,
// 3, 4, North's store.
const FOUR: &str = "0 4 | 0 0 0-0 S";

#[test]
fn sowing_into_no_store() {
    // 3, 4, 1, then the origin 2.
    let (after, report) = pit(Tiny, FOUR, 2);
    assert_eq!((after.as_str(), report.last_pit), ("1 1 | 1 1 0-0 N", Some(2)));
}

#[test]
fn sowing_into_the_movers_store() {
    // South's store, 3, 4, (North's store skipped) 1.
    let (after, report) = pit(OwnStore, FOUR, 2);
    assert_eq!((after.as_str(), report.last_pit), ("1 0 | 1 1 1-0 N", Some(1)));
    assert!(!report.in_store);
    // North's pit 4: North's store, then 1 and 2 (South's store is after 2).
    let (after, _) = pit(OwnStore, "0 0 | 0 3 0-0 N", 4);
    assert_eq!(after, "1 1 | 0 0 0-1 S");
}

#[test]
fn sowing_into_both_stores() {
    // South's store, 3, 4, North's store: that seed is North's, and the last
    // seed in the opponent's store is not "in store" for the mover.
    let (after, report) = pit(BothStores, FOUR, 2);
    assert_eq!(after, "0 0 | 1 1 1-1 N");
    assert_eq!((report.last_pit, report.in_store), (None, false));
}

/// Relay laps of the given reading, sown from the next pit, on counts of 2
/// or more.
const fn relay(from: RelayFrom, stop_on_capture: bool, capture: CaptureRule) -> Rules {
    with_turn(SowingTurn {
        lap: Lap::RelayWith(RelayRule {
            sowing: Sowing::NextPit,
            relay_on: Counts::at_least(2),
            from,
            stop_on_capture,
            max_laps: RELAY_LAP_LIMIT,
            at_max_laps: AtMaxLaps::Refused,
            lap_capture: None,
            continues: RelayContinues::Anywhere,
        }),
        capture,
        ..SowingTurn::DEFAULT
    })
}
declare!(RelayLast, 8, relay(RelayFrom::LastPit, false, CaptureRule::NONE));
declare!(RelayNext, 8, relay(RelayFrom::NextPit, false, CaptureRule::NONE));
declare!(
    RelayCapturing,
    8,
    relay(RelayFrom::LastPit, false, CaptureRule::single(Counts::of(&[2])))
);
declare!(
    RelayStopped,
    8,
    relay(RelayFrom::LastPit, true, CaptureRule::single(Counts::of(&[2])))
);
declare!(
    RelayLegacy,
    8,
    with_turn(SowingTurn {
        lap: Lap::RelayWith(RelayRule::new(Sowing::NextPit, Counts::at_least(2))),
        ..SowingTurn::DEFAULT
    })
);

// Pit 1's two seeds fall in 2 and 3; pit 3 then holds 2.
const RELAY: &str = "2 0 1 1 | 0 0 0 0 0-0 S";

#[test]
fn lap_single() {
    let (after, report) = pit(Fives, RELAY, 1);
    assert_eq!(
        (after.as_str(), report.laps, report.last_pit),
        ("0 1 2 1 | 0 0 0 0 0-0 N", 1, Some(3))
    );
}

#[test]
fn lap_relay_from_the_last_pit() {
    // Pit 3's two seeds go on: 4 (now 2) and 5 (now 1): the relay ends.
    let (after, report) = pit(RelayLast, RELAY, 1);
    assert_eq!(
        (after.as_str(), report.laps, report.last_pit),
        ("0 1 0 2 | 1 0 0 0 0-0 N", 2, Some(5))
    );
    // `RelayRule::new` is this reading.
    assert_eq!(pit(RelayLegacy, RELAY, 1), (after, report));
}

#[test]
fn lap_relay_from_the_next_pit() {
    // Pit 3 holds 2: the seed of the pit after it, 4, goes on into 5 (now
    // 1): the relay ends.
    let (after, report) = pit(RelayNext, RELAY, 1);
    assert_eq!(
        (after.as_str(), report.laps, report.last_pit),
        ("0 1 2 0 | 1 0 0 0 0-0 N", 2, Some(5))
    );
    // An empty pit after the last one ends the relay: pit 4 is empty here.
    let (after, report) = pit(RelayNext, "2 0 1 0 | 0 0 0 0 0-0 S", 1);
    assert_eq!((after.as_str(), report.laps), ("0 1 2 0 | 0 0 0 0 0-0 N", 1));
}

#[test]
fn lap_relay_stopped_by_a_capturing_count() {
    // Pit 3 reaches 2, a capturing count: the relay stops and takes it.
    let (after, report) = pit(RelayStopped, RELAY, 1);
    assert_eq!((after.as_str(), report.laps), ("0 1 0 1 | 0 0 0 0 2-0 N", 1));
    assert_eq!(report.captured.to_string(), "3");
    // Without the stop, the relay goes on from pit 3 (4 now 2, 5 now 1) and
    // pit 5's single seed captures nothing.
    let (after, report) = pit(RelayCapturing, RELAY, 1);
    assert_eq!((after.as_str(), report.laps), ("0 1 0 2 | 1 0 0 0 0-0 N", 2));
}

declare!(
    Endless,
    4,
    with_turn(SowingTurn {
        lap: Lap::RelayWith(RelayRule::new(Sowing::NextPit, Counts::at_least(2))),
        ..SowingTurn::DEFAULT
    })
);

#[test]
fn lap_an_endless_relay_is_refused() {
    // Pit 2 of "1 2 | 0 2": laps from 2 [1 0 1 3], 4 [2 1 2 0], 3 [3 1 0 1],
    // 1 [0 2 1 2], 4 [1 3 1 0], 2 [2 0 2 1], 1 [0 1 3 1], 3 [1 2 0 2]: pit 2
    // again with the board it started from, forever.
    // Pit 1: its seed makes pit 2 hold 3; those fall in 3, 4, 1, which holds
    // 1: the relay ends after 2 laps.
    let pos = "1 2 | 0 2 0-0 S";
    assert_eq!(legal(Endless, pos), "1");
    assert_eq!(
        refusal(Endless, pos, Move::Pit(2)),
        IllegalMove::EndlessRelay { pit: 2 }
    );
    let (after, report) = pit(Endless, pos, 1);
    assert_eq!(
        (after.as_str(), report.laps, report.last_pit),
        ("1 0 | 1 3 0-0 N", 2, Some(1))
    );
}

// ----------------------------------------------------------------- capture

const fn counting(capture: CaptureRule, scope: CaptureScope) -> Rules {
    with_turn(SowingTurn {
        capture,
        scope,
        ..SowingTurn::DEFAULT
    })
}
declare!(
    Single,
    8,
    counting(CaptureRule::single(Counts::of(&[2, 3])), CaptureScope::Anywhere)
);
declare!(
    Backward,
    8,
    counting(CaptureRule::chain(Counts::of(&[2, 3])), CaptureScope::Anywhere)
);
declare!(
    Forward,
    8,
    counting(
        CaptureRule::forward_chain(Counts::of(&[2, 3])),
        CaptureScope::Anywhere
    )
);

// Pit 4's two seeds fall in 5 and 6, which then hold 2 and 2; pit 7 holds 2,
// pit 8 none, pit 4 (emptied) none.
const CHAIN: &str = "1 1 1 2 | 1 1 2 0 0-0 S";

#[test]
fn capture_by_count_single() {
    let (after, report) = pit(Single, CHAIN, 4);
    assert_eq!(after, "1 1 1 0 | 2 0 2 0 2-0 N");
    assert_eq!(
        (report.captured.to_string(), report.seeds_captured),
        ("6".to_string(), 2)
    );
}

#[test]
fn capture_by_count_chain_backward() {
    // 6, then back to 5; 4 is empty.
    let (after, report) = pit(Backward, CHAIN, 4);
    assert_eq!(after, "1 1 1 0 | 0 0 2 0 4-0 N");
    assert_eq!(report.captured.to_string(), "5 6");
}

#[test]
fn capture_by_count_chain_forward() {
    // 6, then on to 7; 8 is empty.
    let (after, report) = pit(Forward, CHAIN, 4);
    assert_eq!(after, "1 1 1 0 | 2 0 0 0 4-0 N");
    assert_eq!(report.captured.to_string(), "6 7");
}

declare!(
    Anywhere,
    8,
    counting(CaptureRule::chain(Counts::of(&[2])), CaptureScope::Anywhere)
);
declare!(
    OwnRow,
    8,
    counting(CaptureRule::chain(Counts::of(&[2])), CaptureScope::OwnRow)
);
declare!(
    OpponentRow,
    8,
    counting(CaptureRule::chain(Counts::of(&[2])), CaptureScope::OpponentRow)
);

// Pit 3's two seeds fall in 4 (South's, now 2) and 5 (North's, now 2); the
// chain back from 5 would take 5 and 4, and stop at 3 (emptied).
const ACROSS: &str = "0 1 2 1 | 1 0 0 0 0-0 S";

#[test]
fn capture_anywhere() {
    let (after, report) = pit(Anywhere, ACROSS, 3);
    assert_eq!(after, "0 1 0 0 | 0 0 0 0 4-0 N");
    assert_eq!(report.captured.to_string(), "4 5");
}

#[test]
fn capture_limited_to_own_row() {
    // The last pit, 5, is North's: nothing.
    assert_eq!(pit(OwnRow, ACROSS, 3).0, "0 1 0 2 | 2 0 0 0 0-0 N");
    // Pit 2's seed makes pit 3 (South's) hold 2: taken.
    let (after, report) = pit(OwnRow, "0 1 1 0 | 1 1 1 1 0-0 S", 2);
    assert_eq!(
        (after.as_str(), report.seeds_captured),
        ("0 0 0 0 | 1 1 1 1 2-0 N", 2)
    );
}

#[test]
fn capture_limited_to_opponent_row() {
    // 5 is taken; the chain stops at 4, South's own.
    let (after, report) = pit(OpponentRow, ACROSS, 3);
    assert_eq!(after, "0 1 0 2 | 0 0 0 0 2-0 N");
    assert_eq!(report.captured.to_string(), "5");
    // Pit 3 (South's) reaching 2 is not taken.
    assert_eq!(
        pit(OpponentRow, "0 1 1 0 | 1 1 1 1 0-0 S", 2).0,
        "0 0 2 0 | 1 1 1 1 0-0 N"
    );
}

const fn opposite(opposite: Opposite) -> Rules {
    with_turn(SowingTurn {
        opposite: Some(opposite),
        ..SowingTurn::DEFAULT
    })
}
declare!(
    WithLanding,
    8,
    opposite(Opposite {
        with_landing_seed: true,
        when_facing_empty: false,
        from_either_row: false,
    })
);
declare!(
    WithoutLanding,
    8,
    opposite(Opposite {
        with_landing_seed: false,
        when_facing_empty: false,
        from_either_row: false,
    })
);
declare!(
    FacingEmpty,
    8,
    opposite(Opposite {
        with_landing_seed: true,
        when_facing_empty: true,
        from_either_row: false,
    })
);

// Pit 1's seed lands in pit 2, empty, which faces pit 7 (3 seeds).
const FACING: &str = "1 0 0 0 | 0 0 3 0 0-0 S";
// The same with pit 7 empty (its seeds in 8).
const FACING_EMPTY: &str = "1 0 0 0 | 0 0 0 3 0-0 S";

#[test]
fn opposite_capture_with_the_landing_seed() {
    let (after, report) = pit(WithLanding, FACING, 1);
    assert_eq!(after, "0 0 0 0 | 0 0 0 0 4-0 N");
    assert_eq!(report.captured.to_string(), "2 7");
    // Landing in a pit that held seeds captures nothing.
    assert_eq!(
        pit(WithLanding, "1 1 0 0 | 0 0 3 0 0-0 S", 1).0,
        "0 2 0 0 | 0 0 3 0 0-0 N"
    );
}

#[test]
fn opposite_capture_without_the_landing_seed() {
    let (after, report) = pit(WithoutLanding, FACING, 1);
    assert_eq!(after, "0 1 0 0 | 0 0 0 0 3-0 N");
    assert_eq!(report.captured.to_string(), "7");
}

#[test]
fn opposite_capture_only_when_the_facing_pit_holds_seeds() {
    assert_eq!(pit(WithLanding, FACING_EMPTY, 1).0, "0 1 0 0 | 0 0 0 3 0-0 N");
    assert_eq!(pit(FacingEmpty, FACING, 1).0, "0 0 0 0 | 0 0 0 0 4-0 N");
}

#[test]
fn opposite_capture_also_when_the_facing_pit_is_empty() {
    // The landing seed alone is taken.
    let (after, report) = pit(FacingEmpty, FACING_EMPTY, 1);
    assert_eq!(after, "0 0 0 0 | 0 0 0 3 1-0 N");
    assert_eq!(report.captured.to_string(), "2");
    // Only in the mover's own row: pit 4's seed lands in North's empty pit 5.
    assert_eq!(
        pit(FacingEmpty, "0 0 0 1 | 0 0 0 3 0-0 S", 4).0,
        "0 0 0 0 | 1 0 0 3 0-0 N"
    );
}

// ------------------------------------------------------- who moves next

declare!(
    StoreAgain,
    4,
    Rules {
        has_stores: true,
        turn: SowingTurn {
            stores: Stores::Own,
            extra_turn: ExtraTurn::IN_OWN_STORE,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
);
declare!(
    CaptureAgain,
    4,
    with_turn(SowingTurn {
        capture: CaptureRule::single(Counts::of(&[2])),
        extra_turn: ExtraTurn {
            in_own_store: false,
            after_capture: true,
            in_opponent_store: false,
        },
        ..SowingTurn::DEFAULT
    })
);
declare!(
    CaptureOnly,
    4,
    with_turn(SowingTurn {
        capture: CaptureRule::single(Counts::of(&[2])),
        ..SowingTurn::DEFAULT
    })
);

#[test]
fn next_player_alternates() {
    assert_eq!(pit(Tiny, "3 3 | 3 3 0-0 S", 1).0, "0 4 | 4 4 0-0 N");
    // North's pit 3: 4, 1, 2 and (four seeds, four pits) back into 3.
    assert_eq!(pit(Tiny, "0 4 | 4 4 0-0 N", 3).0, "1 5 | 1 5 0-0 S");
    // With a store but no extra turn, the last seed in it hands over.
    assert_eq!(pit(OwnStore, "0 1 | 1 1 0-0 S", 2).0, "0 0 | 1 1 1-0 N");
}

#[test]
fn extra_turn_in_own_store() {
    // Pit 2's seed falls in South's store: South again.
    let (after, report) = pit(StoreAgain, "0 1 | 1 1 0-0 S", 2);
    assert_eq!(after, "0 0 | 1 1 1-0 S");
    assert!(report.in_store);
    // Pit 1's seed falls in pit 2: North.
    assert_eq!(pit(StoreAgain, "1 1 | 1 1 0-0 S", 1).0, "0 2 | 1 1 0-0 N");
}

#[test]
fn extra_turn_after_a_capture() {
    // Pit 1's seed makes pit 2 hold 2: taken, South again.
    assert_eq!(pit(CaptureAgain, "1 1 | 1 1 0-0 S", 1).0, "0 0 | 1 1 2-0 S");
    assert_eq!(pit(CaptureOnly, "1 1 | 1 1 0-0 S", 1).0, "0 0 | 1 1 2-0 N");
    // No capture: North.
    assert_eq!(pit(CaptureAgain, "1 0 | 1 1 0-0 S", 1).0, "0 1 | 1 1 0-0 N");
}

// ------------------------------------------------------ the end, scoring

const fn stuck_ends(leftover: Leftover) -> Rules {
    Rules {
        play: Playable {
            min_seeds: 2,
            ..Playable::DEFAULT
        },
        end: Ending {
            stuck: Stuck::Ends(leftover),
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    }
}
declare!(ToOwners, 4, stuck_ends(Leftover::Owners));
declare!(ToMover, 4, stuck_ends(Leftover::PlayerToMove));
declare!(ToOpponent, 4, stuck_ends(Leftover::Opponent));
declare!(ToNobody, 4, stuck_ends(Leftover::Nobody));
declare!(ToSplit, 4, stuck_ends(Leftover::Split));

// South (to move) has a single seed and may move only pairs: stuck. South's
// row holds 1, North's 5, the stores 4 and 4.
const STUCK: &str = "1 0 | 2 3 4-4 S";

#[test]
fn leftover_to_owners() {
    assert_eq!(outcome(ToOwners, STUCK), over([5, 9], EndReason::MoverRowEmpty));
}

#[test]
fn leftover_to_the_player_to_move() {
    assert_eq!(outcome(ToMover, STUCK), over([10, 4], EndReason::MoverRowEmpty));
}

#[test]
fn leftover_to_the_opponent() {
    assert_eq!(
        outcome(ToOpponent, STUCK),
        over([4, 10], EndReason::MoverRowEmpty)
    );
}

#[test]
fn leftover_to_nobody() {
    assert_eq!(outcome(ToNobody, STUCK), over([4, 4], EndReason::MoverRowEmpty));
}

#[test]
fn leftover_split() {
    assert_eq!(outcome(ToSplit, STUCK), over([7, 7], EndReason::MoverRowEmpty));
}

declare!(
    Majority,
    4,
    Rules {
        end: Ending {
            majority: Some(Leftover::Owners),
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    }
);

#[test]
fn majority_ends_the_game() {
    // 16 seeds: 9 captured is more than half; the rows go to their owners.
    assert_eq!(
        outcome(Majority, "1 1 | 2 3 9-0 N"),
        over([11, 5], EndReason::Majority)
    );
    // 8 is only half.
    assert_eq!(outcome(Majority, "2 1 | 2 3 8-0 N"), None);
    assert_eq!(outcome(Tiny, "1 1 | 2 3 9-0 N"), None);
}

declare!(
    Starving,
    8,
    Rules {
        play: Playable {
            must_feed: true,
            ..Playable::DEFAULT
        },
        end: Ending {
            starvation: Leftover::Opponent,
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    }
);

#[test]
fn starvation_ends_the_game() {
    // North's row is empty and neither pit 1 (into 2) nor pit 2 (into 3)
    // feeds it: the starved North takes the board.
    let pos = "1 1 0 0 | 0 0 0 0 5-5 S";
    assert_eq!(outcome(Starving, pos), over([5, 7], EndReason::Starvation));
    // `Feeding` leaves the seeds to their owners.
    assert_eq!(outcome(Feeding, pos), over([7, 5], EndReason::Starvation));
    // Without must-feed, play goes on.
    assert_eq!(legal(Fives, pos), "1 2");
}

declare!(
    RowEmpty,
    4,
    Rules {
        end: Ending {
            row_empty: Some(Leftover::Owners),
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    }
);

#[test]
fn either_row_empty_ends_the_game() {
    // South's row is empty though North is to move and can (Kalah's end).
    let pos = "0 0 | 1 2 5-3 N";
    assert_eq!(outcome(RowEmpty, pos), over([5, 6], EndReason::RowEmpty));
    assert_eq!(outcome(Tiny, pos), None);
    assert_eq!(legal(Tiny, pos), "3 4");
}

const fn origin_first(repetition: Repetition, agreement: bool) -> Rules {
    Rules {
        seeds: 6,
        turn: SowingTurn {
            lap: Lap::Single(Sowing::OriginFirst),
            ..SowingTurn::DEFAULT
        },
        history: HistoryRules {
            repetition,
            agreement,
        },
        ..Rules::DEFAULT
    }
}
declare!(RepeatSplit, 4, origin_first(Repetition::EndsWithSplit, false));
declare!(RepeatRows, 4, origin_first(Repetition::EndsKeepingRows, false));
declare!(RepeatGoesOn, 4, origin_first(Repetition::Continues, true));

// Pit 1's single seed goes back into pit 1 (origin first); so does pit 3's:
// after two moves the start is back. South's row holds 3, North's 1.
const CYCLE: &str = "1 2 | 1 0 10-10 S";

fn after_cycle<R: Ruleset>(rules: R) -> Game<R> {
    let mut game = Game::from_position(rules, CYCLE.parse().unwrap()).unwrap();
    game.play(Move::Pit(1)).unwrap();
    assert_eq!(game.position().to_string(), "1 2 | 1 0 10-10 N");
    game.play(Move::Pit(3)).unwrap();
    game
}

#[test]
fn repetition_ends_with_a_split() {
    let game = after_cycle(RepeatSplit);
    assert_eq!(game.outcome(), over([12, 12], EndReason::Repetition));
    assert_eq!(game.legal_moves().to_string(), "");
}

#[test]
fn repetition_ends_keeping_rows() {
    let game = after_cycle(RepeatRows);
    assert_eq!(game.outcome(), over([13, 11], EndReason::Repetition));
}

#[test]
fn repetition_continues() {
    let mut game = after_cycle(RepeatGoesOn);
    assert_eq!(game.status(), Status::Ongoing);
    assert_eq!(game.occurrences(), 2);
    assert_eq!(game.legal_moves().to_string(), "1 2");
    game.play(Move::Pit(1)).unwrap();
}

#[test]
fn agreement_to_split() {
    // Not in the rules: refused.
    let mut game = Game::from_position(RepeatSplit, CYCLE.parse().unwrap()).unwrap();
    assert_eq!(game.agree_to_split(), Err(AgreementError::NotInRules("custom")));
    // In the rules: the board (4 seeds) is split.
    let mut game = Game::from_position(RepeatGoesOn, CYCLE.parse().unwrap()).unwrap();
    assert_eq!(
        game.agree_to_split(),
        Ok(Outcome {
            totals: [12, 12],
            reason: EndReason::Agreement
        })
    );
    assert!(game.is_over());
    assert_eq!(game.agree_to_split(), Err(AgreementError::GameOver));
    assert!(game.record().agreed_to_split);
}

#[test]
fn agreement_policy_on_occurrence() {
    // The policy agrees when the position occurs the second time: not at the
    // start, nor after one move, but once the start is back.
    let policy = AgreementPolicy::OnOccurrence(2);
    let mut game = Game::from_position(RepeatGoesOn, CYCLE.parse().unwrap()).unwrap();
    assert!(!game.apply_policy(policy));
    game.play(Move::Pit(1)).unwrap();
    assert!(!game.apply_policy(policy));
    game.play(Move::Pit(3)).unwrap();
    assert!(game.apply_policy(policy));
    assert_eq!(game.outcome(), over([12, 12], EndReason::Agreement));
    // A game whose rules have no agreement never agrees.
    let mut game = Game::from_position(RepeatRows, CYCLE.parse().unwrap()).unwrap();
    assert!(!game.apply_policy(AgreementPolicy::OnOccurrence(1)));
    assert_eq!(game.status(), Status::Ongoing);
}

// ------------------------------------ the four readings of issue 21, item 1

/// Oware's turn on a 2x2 board (the origin skipped, 2 or 3 captured and
/// chained backward in the opponent's row) with feeding, read as given.
const fn oware_2x2(feeding: FeedingJudged, grand_slam: GrandSlam, grand_slam_judged: SlamJudged) -> Rules {
    Rules {
        play: Playable {
            must_feed: true,
            feeding,
            ..Playable::DEFAULT
        },
        turn: SowingTurn {
            lap: Lap::Single(Sowing::NextPitSkippingOrigin),
            capture: CaptureRule::chain(Counts::of(&[2, 3])),
            scope: CaptureScope::OpponentRow,
            grand_slam,
            grand_slam_judged,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
}
declare!(
    FedAfterSowing,
    4,
    oware_2x2(
        FeedingJudged::AfterSowing,
        GrandSlam::Captures,
        SlamJudged::AfterSowing
    )
);
declare!(
    FedAfterCapture,
    4,
    oware_2x2(
        FeedingJudged::AfterCapture,
        GrandSlam::Captures,
        SlamJudged::AfterSowing
    )
);

#[test]
fn feeding_judged_after_the_capture() {
    // North's row is empty. Pit 1's 2 seeds go to 2 and 3 (3 holds 1: no
    // capture): North is fed either way. Pit 2's 5 go to 3, 4, 1, 3, 4
    // (the origin skipped): 3 and 4 hold 2 each, and both are captured.
    // After the sowing North is fed; after the captures North is empty.
    let pos = "2 5 | 0 0 9-0 S";
    assert_eq!(legal(FedAfterSowing, pos), "1 2");
    assert_eq!(legal(FedAfterCapture, pos), "1");
    assert_eq!(
        refusal(FedAfterCapture, pos, Move::Pit(2)),
        IllegalMove::MustFeed { pit: 2 }
    );
    assert_eq!(pit(FedAfterSowing, pos, 2).0, "3 0 | 0 0 13-0 N");
    // With pit 2 the only move that sows into North, no move feeds after
    // the captures: the game ends by starvation (each keeps their row).
    let pos = "1 5 | 0 0 10-0 S";
    assert_eq!(legal(FedAfterSowing, pos), "2");
    assert_eq!(outcome(FedAfterSowing, pos), None);
    assert_eq!(
        outcome(FedAfterCapture, pos),
        over([16, 0], EndReason::Starvation)
    );
}

declare!(
    SlamAfterSowing,
    4,
    oware_2x2(
        FeedingJudged::AfterSowing,
        GrandSlam::CapturesNothing,
        SlamJudged::AfterSowing
    )
);
declare!(
    SlamBeforeMove,
    4,
    oware_2x2(
        FeedingJudged::AfterSowing,
        GrandSlam::CapturesNothing,
        SlamJudged::BeforeMove
    )
);
declare!(
    IllegalSlamAfterSowing,
    4,
    oware_2x2(
        FeedingJudged::AfterSowing,
        GrandSlam::Illegal,
        SlamJudged::AfterSowing
    )
);
declare!(
    IllegalSlamBeforeMove,
    4,
    oware_2x2(
        FeedingJudged::AfterSowing,
        GrandSlam::Illegal,
        SlamJudged::BeforeMove
    )
);

#[test]
fn grand_slam_judged_before_the_move() {
    // North's row is empty: pit 2's 5 seeds make pits 3 and 4 hold 2 each,
    // and taking both would leave North empty. Judged after the sowing it
    // is a grand slam (captures nothing; illegal while pit 1 may move);
    // judged before the move it is not: North had no seed to lose.
    let pos = "2 5 | 0 0 9-0 S";
    assert_eq!(pit(SlamAfterSowing, pos, 2).0, "3 0 | 2 2 9-0 N");
    assert_eq!(pit(SlamBeforeMove, pos, 2).0, "3 0 | 0 0 13-0 N");
    assert_eq!(legal(IllegalSlamAfterSowing, pos), "1");
    assert_eq!(
        refusal(IllegalSlamAfterSowing, pos, Move::Pit(2)),
        IllegalMove::GrandSlam { pit: 2 }
    );
    assert_eq!(legal(IllegalSlamBeforeMove, pos), "1 2");
    assert_eq!(pit(IllegalSlamBeforeMove, pos, 2).0, "3 0 | 0 0 13-0 N");
    // North holds seeds before the move: pit 2's 2 seeds make 3 and 4 hold
    // 2 each, a grand slam under both readings.
    let pos = "0 2 | 1 1 12-0 S";
    assert_eq!(pit(SlamAfterSowing, pos, 2).0, "0 0 | 2 2 12-0 N");
    assert_eq!(pit(SlamBeforeMove, pos, 2).0, "0 0 | 2 2 12-0 N");
    assert_eq!(
        refusal(IllegalSlamBeforeMove, "1 2 | 1 1 11-0 S", Move::Pit(2)),
        IllegalMove::GrandSlam { pit: 2 }
    );
}

/// Djenon-aboure's relay (origin first, relaying from a last pit of 3, or 5
/// and more) capped at 75 laps, reaching the cap as given; no capture.
const fn relay_cap(at_max_laps: AtMaxLaps) -> Rules {
    with_turn(SowingTurn {
        lap: Lap::RelayWith(RelayRule {
            at_max_laps,
            ..RelayRule::new(Sowing::OriginFirst, Counts::of(&[3]).union(Counts::at_least(5)))
                .with_max_laps(75)
        }),
        ..SowingTurn::DEFAULT
    })
}
declare!(CapRefused, 12, relay_cap(AtMaxLaps::Refused));
declare!(CapSplits, 12, relay_cap(AtMaxLaps::EndsGame(Leftover::Split)));
declare!(CapToOwners, 12, relay_cap(AtMaxLaps::EndsGame(Leftover::Owners)));

/// The board after exactly `laps` laps of Djenon-aboure's relay from pit
/// `origin` (0-based), sown lap by lap: the model the cap is checked on.
fn after_laps(mut pits: [u8; 12], origin: usize, laps: u32) -> [u8; 12] {
    let mut start = origin;
    for lap in 1..=laps {
        let last = Sowing::OriginFirst.sow(&mut pits, start);
        let relays = pits[last] == 3 || pits[last] >= 5;
        assert!(relays || lap == laps, "the relay ended after {lap} laps");
        start = last;
    }
    pits
}

#[test]
fn relay_past_its_lap_cap_ends_the_game() {
    // South's pit 1 on this board relays forever (a cycle, see
    // `SowingTurn::try_play`). Refused at the cap, it is not legal; ending
    // the game at the cap, it is: the board after 75 laps goes into the
    // stores, the turn to North, and the game is over.
    let pos = "6 6 5 4 3 4 | 5 2 1 2 1 9 0-0 S";
    assert_eq!(legal(CapRefused, pos), "2 3 4 5 6");
    assert_eq!(
        refusal(CapRefused, pos, Move::Pit(1)),
        IllegalMove::EndlessRelay { pit: 1 }
    );
    assert_eq!(legal(CapSplits, pos), "1 2 3 4 5 6");
    let (after, report) = pit(CapSplits, pos, 1);
    assert_eq!(after, "0 0 0 0 0 0 | 0 0 0 0 0 0 24-24 N");
    assert!(report.relay_limit);
    assert_eq!(
        (report.laps, report.last_pit, report.seeds_captured),
        (75, None, 0)
    );
    assert_eq!(
        outcome(CapSplits, &after),
        over([24, 24], EndReason::MoverRowEmpty)
    );
    // Each keeping their own row: the rows after exactly 75 laps.
    let board = after_laps([6, 6, 5, 4, 3, 4, 5, 2, 1, 2, 1, 9], 0, 75);
    let south: u32 = board[..6].iter().map(|&s| u32::from(s)).sum();
    assert_ne!(south, 24, "the test needs rows that differ from a split");
    let (after, report) = pit(CapToOwners, pos, 1);
    assert_eq!(
        after,
        format!("0 0 0 0 0 0 | 0 0 0 0 0 0 {}-{} N", south, 48 - south)
    );
    assert!(report.relay_limit);
    // A relay that ends is played as before, and says nothing of a cap.
    let (after, report) = pit(CapSplits, pos, 2);
    assert_eq!(after, pit(CapRefused, pos, 2).0);
    assert!(!report.relay_limit);
}

/// A single capture of 2 in the last pit, ending with fewer than 4 seeds
/// left, the seeds going as given.
const fn few_seeds(leftover: Leftover) -> Rules {
    Rules {
        seeds: 3,
        turn: SowingTurn {
            capture: CaptureRule::single(Counts::of(&[2])),
            ..SowingTurn::DEFAULT
        },
        end: Ending {
            few_seeds: Some(FewSeeds {
                fewer_than: 4,
                leftover,
            }),
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    }
}
declare!(FewToOwners, 6, few_seeds(Leftover::Owners));
declare!(FewToOpponent, 6, few_seeds(Leftover::Opponent));
declare!(
    FewNotCounted,
    6,
    Rules {
        end: Ending::DEFAULT,
        ..few_seeds(Leftover::Owners)
    }
);

#[test]
fn too_few_seeds_left_end_the_game() {
    // 4 seeds on the board: the game goes on. South's pit 1 sows pit 2,
    // which holds 2 and is captured: 2 seeds left (North's pits 4 and 5),
    // fewer than 4: over.
    let pos = "1 1 0 | 1 1 0 7-7 S";
    assert_eq!(outcome(FewToOwners, pos), None);
    let (after, _) = pit(FewToOwners, pos, 1);
    assert_eq!(after, "0 0 0 | 1 1 0 9-7 N");
    // Each keeps their row: North the 2; or the player to move's opponent
    // (South) takes them.
    assert_eq!(outcome(FewToOwners, &after), over([9, 9], EndReason::FewSeeds));
    assert_eq!(outcome(FewToOpponent, &after), over([11, 7], EndReason::FewSeeds));
    // Without the rule North moves on.
    assert_eq!(outcome(FewNotCounted, &after), None);
    // It comes before the stuck player's end (South has no move).
    assert_eq!(
        outcome(FewToOwners, "0 0 0 | 0 3 0 9-6 S"),
        over([9, 9], EndReason::FewSeeds)
    );
}

#[test]
fn the_four_readings_are_checked() {
    let fields = |rules: Rules, pits: usize| -> Vec<&'static str> {
        rules.problems(pits).iter().map(|p| p.field()).collect()
    };
    // Feeding judged after the capture, without a feeding rule.
    let no_feeding = Rules {
        play: Playable {
            feeding: FeedingJudged::AfterCapture,
            ..Playable::DEFAULT
        },
        ..Rules::DEFAULT
    };
    assert_eq!(fields(no_feeding, 4), ["play.feeding"]);
    // The grand slam judged before the move, where a grand slam captures.
    let no_slam = with_turn(SowingTurn {
        grand_slam_judged: SlamJudged::BeforeMove,
        ..SowingTurn::DEFAULT
    });
    assert_eq!(fields(no_slam, 4), ["turn.grand_slam_judged"]);
    // A relay ending the game with its seeds to nobody is fine: the cap
    // splits them so that they change nobody's standing
    // (tests/vocabulary/picks.rs).
    assert!(fields(relay_cap(AtMaxLaps::EndsGame(Leftover::Nobody)), 12).is_empty());
    // Fewer than 0 seeds (never), or than more than the game has (always).
    for fewer_than in [0, 17] {
        let rules = Rules {
            end: Ending {
                few_seeds: Some(FewSeeds {
                    fewer_than,
                    leftover: Leftover::Owners,
                }),
                ..Ending::DEFAULT
            },
            ..Rules::DEFAULT
        };
        assert_eq!(
            fields(rules, 4),
            ["end.few_seeds.fewer_than"],
            "fewer than {fewer_than}"
        );
    }
    // All at once, and the declarations above are fine.
    let all = Rules {
        play: no_feeding.play,
        turn: SowingTurn {
            grand_slam_judged: SlamJudged::BeforeMove,
            ..relay_cap(AtMaxLaps::EndsGame(Leftover::Nobody)).turn
        },
        end: Ending {
            few_seeds: Some(FewSeeds {
                fewer_than: 0,
                leftover: Leftover::Owners,
            }),
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    };
    assert_eq!(fields(all, 12).len(), 3);
    for (rules, pits) in [
        (*FedAfterCapture.rules(), 4),
        (*SlamBeforeMove.rules(), 4),
        (*IllegalSlamBeforeMove.rules(), 4),
        (*CapSplits.rules(), 12),
        (*CapToOwners.rules(), 12),
        (*FewToOwners.rules(), 6),
    ] {
        assert!(rules.problems(pits).is_empty(), "{}", rules.problems(pits));
    }
}

#[cfg(feature = "protocol")]
#[test]
fn the_four_readings_in_the_data_form() {
    use mancala_rules::RulesData;
    let data = |fields: &str| {
        RulesData::from_json(&format!(
            r#"{{"format": 1, "name": "t", "pits": 12, "seeds": 4, {fields}}}"#
        ))
        .unwrap_or_else(|err| panic!("{fields}: {err}"))
        .rules()
    };
    let rules = data(r#""play": {"must_feed": true, "feeding": "after-capture"}"#);
    assert_eq!(rules.play.feeding, FeedingJudged::AfterCapture);
    let rules = data(r#""turn": {"grand_slam": "captures-nothing", "grand_slam_judged": "before-move"}"#);
    assert_eq!(rules.turn.grand_slam_judged, SlamJudged::BeforeMove);
    let rules = data(
        r#""turn": {"lap": {"relay": {"sowing": "next-pit", "relay_on": [{"from": 2}], "max_laps": 75, "at_max_laps": {"ends-game": "split"}}}}"#,
    );
    assert_eq!(
        rules
            .turn
            .lap
            .relay()
            .map(|relay| (relay.max_laps, relay.at_max_laps)),
        Some((75, AtMaxLaps::EndsGame(Leftover::Split)))
    );
    let rules = data(r#""end": {"few_seeds": {"fewer_than": 4, "leftover": "owners"}}"#);
    assert_eq!(
        rules.end.few_seeds,
        Some(FewSeeds {
            fewer_than: 4,
            leftover: Leftover::Owners
        })
    );
    // The defaults are left out of the written form, so that every data
    // file written before reads and writes as it did.
    let json = RulesData::of(&Rules::DEFAULT, 12).to_json();
    for field in ["feeding", "grand_slam_judged", "at_max_laps", "few_seeds"] {
        assert!(!json.contains(field), "{field} in {json}");
    }
    let json = RulesData::of(&Rules { name: "t", ..rules }, 12).to_json();
    assert!(json.contains(r#""few_seeds""#), "{json}");
    // (`rules()` leaves the name to the catalogue: compare the rest.)
    assert_eq!(
        RulesData::from_json(&json).map(|d| d.rules()),
        Ok(Rules { name: "", ..rules })
    );
}
