//! Named tests for the store placement ([`StorePlace`],
//! [`SowingTurn::stores_at_counterclockwise_ends`]): where a move sown
//! clockwise finds the stores. MancalaGames keeps them at the rows'
//! counterclockwise ends for every move (Lagerung, GoEmpty_Two), as the
//! direction by parity does (Cross-Kalah); the crate's default for a
//! clockwise move is the mirror. With them, the two other readings of
//! MancalaGames' stores sown: another turn for a last seed in the
//! opponent's store ([`ExtraTurn::in_opponent_store`], GoEmpty_Two) and the
//! opponent's store taken by it ([`SowingTurn::takes_opponent_store`],
//! CrossCapt_Nine). One test per rule, each on a concrete board worked out
//! by hand in a comment.
//!
//! Boards: South's pits 1..4, `|`, North's 5..8 (counterclockwise), then
//! the stores South-North and the player to move. Counterclockwise, South's
//! store lies after pit 4 and North's after pit 8. A clockwise move then
//! walks 1, North's store, 8, 7, 6, 5, South's store, 4, 3, 2, 1 with the
//! stores at the counterclockwise ends; in the mirror (the default) it
//! walks 4, 3, 2, 1, South's store, 8, 7, 6, 5, North's store, 4.

use crate::common::boards::{after, legal, pit, sown};
use mancala_rules::declare;
use mancala_rules::primitives::{
    Counts, Direction, ExtraTurn, Lap, RelayRule, Sowing, SowingTurn, StorePlace, Stores,
};
use mancala_rules::{Declared, Move, Opening, PitSet, Playable, Rotation, Rules, RulesProblem};

/// A game of 2x4 sown `direction` through `stores`, with another turn for
/// a last seed in the mover's store, the stores placed by `store_place`.
const fn sown_through(
    direction: Direction,
    stores: Stores,
    store_place: StorePlace,
    chosen_direction: PitSet,
) -> Rules {
    Rules {
        seeds: 2,
        has_stores: true,
        turn: SowingTurn {
            direction,
            stores,
            store_place,
            chosen_direction,
            extra_turn: ExtraTurn::IN_OWN_STORE,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

const CW: Direction = Direction::Clockwise;
const FIXED: StorePlace = StorePlace::CounterclockwiseEnds;
const MIRROR: StorePlace = StorePlace::ByDirection;
const NONE_CHOSEN: PitSet = PitSet::EMPTY;

// Lagerung's sowing (clockwise, the mover's store) on 2x4, and its mirror.
declare!(OwnFixed, 8, sown_through(CW, Stores::Own, FIXED, NONE_CHOSEN));
declare!(OwnMirror, 8, sown_through(CW, Stores::Own, MIRROR, NONE_CHOSEN));
// Both stores sown.
declare!(BothFixed, 8, sown_through(CW, Stores::Both, FIXED, NONE_CHOSEN));
declare!(BothMirror, 8, sown_through(CW, Stores::Both, MIRROR, NONE_CHOSEN));
// GoEmpty_Two's sowing: the direction chosen at every pit, both stores.
declare!(
    ChosenFixed,
    8,
    sown_through(Direction::CounterClockwise, Stores::Both, FIXED, PitSet::first(4))
);
declare!(
    ChosenMirror,
    8,
    sown_through(
        Direction::CounterClockwise,
        Stores::Both,
        MIRROR,
        PitSet::first(4)
    )
);
// Cross-Kalah's sowing: the direction by the count's parity, the default
// placement.
declare!(
    Parity,
    8,
    sown_through(Direction::ByParity, Stores::Own, MIRROR, NONE_CHOSEN)
);

/// GoEmpty_Two's turn: a chosen direction, both stores at the
/// counterclockwise ends, another turn for a last seed in either store.
const fn either_store(extra_turn: ExtraTurn) -> Rules {
    let base = sown_through(Direction::CounterClockwise, Stores::Both, FIXED, PitSet::first(4));
    Rules {
        turn: SowingTurn {
            extra_turn,
            ..base.turn
        },
        ..base
    }
}
declare!(EitherStore, 8, either_store(ExtraTurn::IN_EITHER_STORE));
declare!(
    OpponentStoreOnly,
    8,
    either_store(ExtraTurn {
        in_own_store: false,
        after_capture: false,
        in_opponent_store: true,
    })
);

/// CrossCapt_Nine's stores: both sown counterclockwise, a last seed in
/// the opponent's store takes it (another turn in the mover's own).
const fn takes_store(after_capture: bool, opening: Option<Opening>) -> Rules {
    let base = sown_through(Direction::CounterClockwise, Stores::Both, MIRROR, NONE_CHOSEN);
    Rules {
        turn: SowingTurn {
            takes_opponent_store: true,
            extra_turn: ExtraTurn {
                after_capture,
                ..ExtraTurn::IN_OWN_STORE
            },
            ..base.turn
        },
        opening,
        ..base
    }
}
declare!(TakesStore, 8, takes_store(false, None));
declare!(TakesStoreAndPlays, 8, takes_store(true, None));
declare!(
    TakesStoreAfterOpening,
    8,
    takes_store(false, Some(Opening { no_captures_for: 1 }))
);
declare!(
    BothStores,
    8,
    sown_through(Direction::CounterClockwise, Stores::Both, MIRROR, NONE_CHOSEN)
);

/// Lagerung's relay (on from the last pit while it holds 2 or more) with
/// the stores at the counterclockwise ends, or in the mirror.
const fn relay(store_place: StorePlace) -> Rules {
    let base = sown_through(CW, Stores::Own, store_place, NONE_CHOSEN);
    Rules {
        turn: SowingTurn {
            lap: Lap::RelayWith(RelayRule::new(Sowing::NextPit, Counts::at_least(2))),
            ..base.turn
        },
        ..base
    }
}
declare!(RelayFixed, 8, relay(FIXED));
declare!(RelayMirror, 8, relay(MIRROR));

/// Pits 3 and 7 out of play (a round of Lagerung whose rows were not
/// filled).
const fn out_of_play(store_place: StorePlace) -> Rules {
    let base = sown_through(CW, Stores::Own, store_place, NONE_CHOSEN);
    Rules {
        turn: base.turn.with_out_of_play(PitSet::single(2).with(6)),
        ..base
    }
}
declare!(OutOfPlayFixed, 8, out_of_play(FIXED));
declare!(OutOfPlayMirror, 8, out_of_play(MIRROR));

/// Feeding: a move must leave seeds in an empty opponent's row.
const fn feeding(store_place: StorePlace) -> Rules {
    let base = sown_through(CW, Stores::Own, store_place, NONE_CHOSEN);
    Rules {
        play: Playable {
            must_feed: true,
            ..Playable::DEFAULT
        },
        ..base
    }
}
declare!(FeedingFixed, 8, feeding(FIXED));
declare!(FeedingMirror, 8, feeding(MIRROR));

/// Skipping the origin, both stores: a sowing that goes round.
const fn skipping(store_place: StorePlace) -> Rules {
    let base = sown_through(CW, Stores::Both, store_place, NONE_CHOSEN);
    Rules {
        turn: SowingTurn {
            lap: Lap::Single(Sowing::NextPitSkippingOrigin),
            ..base.turn
        },
        ..base
    }
}
declare!(SkippingFixed, 8, skipping(FIXED));
declare!(SkippingMirror, 8, skipping(MIRROR));

#[test]
fn a_clockwise_move_reaches_the_movers_store_only_after_the_opponents_row() {
    // Pit 1's 3 seeds: into 8, 7, 6 (North's row first); in the mirror
    // into South's store, 8, 7.
    assert_eq!(
        sown(OwnFixed, "3 0 0 0 | 0 0 0 0 0-0 S", 1),
        "0 0 0 0 | 0 1 1 1 0-0 N"
    );
    assert_eq!(
        sown(OwnMirror, "3 0 0 0 | 0 0 0 0 0-0 S", 1),
        "0 0 0 0 | 0 0 1 1 1-0 N"
    );
    // 5 seeds: 8, 7, 6, 5 and South's store, the last: another turn.
    let (fixed, report) = pit(OwnFixed, "5 0 0 0 | 0 0 0 0 0-0 S", 1);
    assert_eq!(fixed, "0 0 0 0 | 1 1 1 1 1-0 S");
    assert!(report.in_store);
    // In the mirror the store comes first, the last seed falls in pit 5.
    assert_eq!(
        sown(OwnMirror, "5 0 0 0 | 0 0 0 0 0-0 S", 1),
        "0 0 0 0 | 1 1 1 1 1-0 N"
    );
}

#[test]
fn north_reaches_its_store_only_after_souths_row() {
    // North's pit 6 holds 3: into 5, then (South's store skipped) South's
    // 4 and 3; in the mirror into 5, North's store and 4.
    assert_eq!(
        sown(OwnFixed, "0 0 0 0 | 0 3 0 0 0-0 N", 6),
        "0 0 1 1 | 1 0 0 0 0-0 S"
    );
    assert_eq!(
        sown(OwnMirror, "0 0 0 0 | 0 3 0 0 0-0 N", 6),
        "0 0 0 1 | 1 0 0 0 0-1 S"
    );
}

#[test]
fn with_both_stores_a_clockwise_move_meets_the_opponents_store_first() {
    // South's pit 2 holds 3: into 1, North's store (after pit 8, before
    // pit 1) and 8; in the mirror into 1, South's store and 8.
    assert_eq!(
        sown(BothFixed, "0 3 0 0 | 0 0 0 0 0-0 S", 2),
        "1 0 0 0 | 0 0 0 1 0-1 N"
    );
    assert_eq!(
        sown(BothMirror, "0 3 0 0 | 0 0 0 0 0-0 S", 2),
        "1 0 0 0 | 0 0 0 1 1-0 N"
    );
}

#[test]
fn a_whole_round_passes_each_store_once() {
    // Pit 1's 12 seeds, the origin skipped: a round of 9 places (7 pits,
    // 2 stores) and 3 more. At the counterclockwise ends the walk is
    // North's store, 8, 7, 6, 5, South's store, 4, 3, 2, then North's
    // store, 8, 7 again; in the mirror South's store, 8, 7, 6, 5, North's
    // store, 4, 3, 2, then South's store, 8, 7.
    assert_eq!(
        sown(SkippingFixed, "12 0 0 0 | 0 0 0 0 0-0 S", 1),
        "0 1 1 1 | 1 1 2 2 1-2 N"
    );
    assert_eq!(
        sown(SkippingMirror, "12 0 0 0 | 0 0 0 0 0-0 S", 1),
        "0 1 1 1 | 1 1 2 2 2-1 N"
    );
}

#[test]
fn a_chosen_clockwise_move_finds_the_stores_where_a_clockwise_game_does() {
    let start = "0 3 0 0 | 0 0 0 0 0-0 S";
    let clockwise = Move::Directed(2, Rotation::Clockwise);
    // As in the clockwise game of both stores: 1, North's store, 8.
    assert_eq!(after(ChosenFixed, start, clockwise), "1 0 0 0 | 0 0 0 1 0-1 N");
    assert_eq!(after(ChosenFixed, start, clockwise), sown(BothFixed, start, 2));
    assert_eq!(after(ChosenMirror, start, clockwise), "1 0 0 0 | 0 0 0 1 1-0 N");
    // Counterclockwise nothing changes: 3, 4, South's store (another turn).
    let counterclockwise = Move::Directed(2, Rotation::CounterClockwise);
    for game in [
        after(ChosenFixed, start, counterclockwise),
        after(ChosenMirror, start, counterclockwise),
    ] {
        assert_eq!(game, "0 0 1 1 | 0 0 0 0 1-0 S");
    }
}

#[test]
fn the_parity_direction_reads_the_same_placement() {
    // Pit 2's 2 seeds (even: clockwise) go into 1 and, North's store
    // skipped, 8: as the clockwise game with the stores at the
    // counterclockwise ends sows them; the mirror puts the second in
    // South's store.
    let start = "0 2 0 0 | 0 0 0 0 0-0 S";
    assert_eq!(sown(Parity, start, 2), "1 0 0 0 | 0 0 0 1 0-0 N");
    assert_eq!(sown(Parity, start, 2), sown(OwnFixed, start, 2));
    assert_eq!(sown(OwnMirror, start, 2), "1 0 0 0 | 0 0 0 0 1-0 S");
    // One reading: the default placement with the parity direction is the
    // stores at the counterclockwise ends.
    assert!(Parity.rules().turn.stores_at_counterclockwise_ends());
    assert!(OwnFixed.rules().turn.stores_at_counterclockwise_ends());
    assert!(!OwnMirror.rules().turn.stores_at_counterclockwise_ends());
    assert!(ChosenFixed.rules().turn.stores_at_counterclockwise_ends());
}

#[test]
fn a_relay_through_the_stores_ends_in_the_store_at_the_counterclockwise_end() {
    // Pit 1's 3 seeds: 8, 7, 6; pit 6 held 1, now 2: relayed into 5 and
    // South's store, which ends the relay and gives another turn.
    let (fixed, report) = pit(RelayFixed, "3 0 0 0 | 0 1 0 0 0-0 S", 1);
    assert_eq!(fixed, "0 0 0 0 | 1 0 1 1 1-0 S");
    assert_eq!((report.laps, report.in_store), (2, true));
    // In the mirror: South's store, 8, 7; pit 7 was empty, the relay ends.
    let (mirror, report) = pit(RelayMirror, "3 0 0 0 | 0 1 0 0 0-0 S", 1);
    assert_eq!(mirror, "0 0 0 0 | 0 1 1 1 1-0 N");
    assert_eq!((report.laps, report.in_store), (1, false));
}

#[test]
fn pits_out_of_play_are_skipped_with_the_stores_at_the_counterclockwise_ends() {
    // Pits 3 and 7 out of play. Pit 1's 3 seeds: 8, (7 skipped) 6, 5; in
    // the mirror South's store, 8, 6.
    assert_eq!(
        sown(OutOfPlayFixed, "3 0 0 1 | 0 0 0 0 0-0 S", 1),
        "0 0 0 1 | 1 1 0 1 0-0 N"
    );
    assert_eq!(
        sown(OutOfPlayMirror, "3 0 0 1 | 0 0 0 0 0-0 S", 1),
        "0 0 0 1 | 0 1 0 1 1-0 N"
    );
    // 4 seeds: 8, 6, 5 and South's store, the last: another turn.
    assert_eq!(
        sown(OutOfPlayFixed, "4 0 0 1 | 0 0 0 0 0-0 S", 1),
        "0 0 0 1 | 1 1 0 1 1-0 S"
    );
    // North's pit 6 holds 3: 5, (South's store skipped) 4, (3 skipped) 2.
    assert_eq!(
        sown(OutOfPlayFixed, "0 0 0 0 | 0 3 0 0 0-0 N", 6),
        "0 1 0 1 | 1 0 0 0 0-0 S"
    );
}

#[test]
fn the_feeding_rule_sees_where_a_clockwise_move_sows() {
    // North's row is empty. Pit 1's seed goes into pit 8 (feeds) at the
    // counterclockwise ends, into South's store in the mirror (does not);
    // pit 4's 5 seeds reach North's row either way (3, 2, 1, then 8, 7; or
    // 3, 2, 1, South's store, 8).
    assert_eq!(legal(FeedingFixed, "1 0 0 5 | 0 0 0 0 2-2 S"), "1 4");
    assert_eq!(legal(FeedingMirror, "1 0 0 5 | 0 0 0 0 2-2 S"), "4");
}

#[test]
fn a_last_seed_in_the_opponents_store_gives_another_turn_when_declared() {
    // South's pit 2 holds 2, sown clockwise: into 1 and North's store.
    let start = "0 2 0 0 | 0 0 0 0 0-0 S";
    let clockwise = Move::Directed(2, Rotation::Clockwise);
    assert_eq!(after(EitherStore, start, clockwise), "1 0 0 0 | 0 0 0 0 0-1 S");
    assert_eq!(
        after(OpponentStoreOnly, start, clockwise),
        "1 0 0 0 | 0 0 0 0 0-1 S"
    );
    assert_eq!(after(ChosenFixed, start, clockwise), "1 0 0 0 | 0 0 0 0 0-1 N");
    // Counterclockwise, pit 4's 6 seeds: South's store, 5, 6, 7, 8 and
    // North's store, the last.
    let start = "0 0 0 6 | 0 0 0 0 0-0 S";
    let counterclockwise = Move::Directed(4, Rotation::CounterClockwise);
    assert_eq!(
        after(EitherStore, start, counterclockwise),
        "0 0 0 0 | 1 1 1 1 1-1 S"
    );
    assert_eq!(
        after(ChosenFixed, start, counterclockwise),
        "0 0 0 0 | 1 1 1 1 1-1 N"
    );
    // In the mover's own store: another turn unless only the opponent's
    // store gives one. Pit 2's 3 seeds counterclockwise: 3, 4, South's
    // store.
    let start = "0 3 0 0 | 0 0 0 0 0-0 S";
    let own = Move::Directed(2, Rotation::CounterClockwise);
    assert_eq!(after(EitherStore, start, own), "0 0 1 1 | 0 0 0 0 1-0 S");
    assert_eq!(after(OpponentStoreOnly, start, own), "0 0 1 1 | 0 0 0 0 1-0 N");
}

#[test]
fn an_extra_turn_in_an_opponents_store_never_sown_is_refused() {
    let own_store = Rules {
        turn: SowingTurn {
            extra_turn: ExtraTurn::IN_EITHER_STORE,
            ..OwnFixed.rules().turn
        },
        ..*OwnFixed.rules()
    };
    let problems: Vec<_> = own_store.problems(8).iter().collect();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(
        problems[0],
        RulesProblem::ExtraTurnWithoutOpponentStore { sown: Stores::Own }
    );
    assert_eq!(problems[0].field(), "turn.extra_turn.in_opponent_store");
    assert!(EitherStore.rules().problems(8).is_empty());
    assert!(OpponentStoreOnly.rules().problems(8).is_empty());
    assert_ne!(
        EitherStore.rules().fingerprint(8),
        ChosenFixed.rules().fingerprint(8)
    );
}

#[test]
fn a_last_seed_in_the_opponents_store_takes_every_seed_there() {
    // Pit 4's 6 seeds: South's store, 5, 6, 7, 8 and North's store, which
    // then holds 4: South takes them (2 + 1 + 4).
    let (taken, report) = pit(TakesStore, "0 0 0 6 | 0 0 0 0 2-3 S", 4);
    assert_eq!(taken, "0 0 0 0 | 1 1 1 1 7-0 N");
    assert_eq!((report.seeds_captured, report.captured.is_empty()), (4, true));
    assert_eq!(
        sown(BothStores, "0 0 0 6 | 0 0 0 0 2-3 S", 4),
        "0 0 0 0 | 1 1 1 1 3-4 N"
    );
    // North's pit 5 holds 4: 6, 7, 8, North's own store: nothing taken,
    // another turn.
    assert_eq!(
        sown(TakesStore, "0 0 0 0 | 4 0 0 0 2-3 N", 5),
        "0 0 0 0 | 0 1 1 1 2-4 N"
    );
    // Taking the store is a capture: another turn where a capture gives one.
    assert_eq!(
        sown(TakesStoreAndPlays, "0 0 0 6 | 0 0 0 0 2-3 S", 4),
        "0 0 0 0 | 1 1 1 1 7-0 S"
    );
    // No capture in the opening: the store stays.
    assert_eq!(
        sown(TakesStoreAfterOpening, "0 0 0 6 | 0 0 0 0 2-3 S o1", 4),
        "0 0 0 0 | 1 1 1 1 3-4 N"
    );
}

#[test]
fn taking_an_opponents_store_never_sown_is_refused_and_not_solved() {
    let own_store = Rules {
        turn: SowingTurn {
            takes_opponent_store: true,
            ..OwnFixed.rules().turn
        },
        ..*OwnFixed.rules()
    };
    let problems: Vec<_> = own_store.problems(8).iter().collect();
    assert_eq!(
        problems,
        [RulesProblem::TakesOpponentStoreNotSown { sown: Stores::Own }]
    );
    assert_eq!(problems[0].field(), "turn.takes_opponent_store");
    assert!(TakesStore.rules().problems(8).is_empty());
    assert_ne!(
        TakesStore.rules().fingerprint(8),
        BothStores.rules().fingerprint(8)
    );
    // The capture reads the opponent's score: the solver refuses the game.
    use mancala_rules::solve::{SolveError, Table};
    assert!(matches!(Table::build(TakesStore, 2), Err(SolveError::Rules(_))));
    assert!(Table::build(BothStores, 2).is_ok());
}

#[test]
fn the_declared_games_keep_every_invariant() {
    use mancala_rules::harness::check_ruleset;
    // Random games, every position checked (seeds conserved, legal moves,
    // refusals, undo, notation).
    check_ruleset(&OwnFixed, 12, 1).expect("every invariant kept");
    check_ruleset(&BothFixed, 12, 2).expect("every invariant kept");
    check_ruleset(&EitherStore, 12, 3).expect("every invariant kept");
    check_ruleset(&RelayFixed, 12, 4).expect("every invariant kept");
    check_ruleset(&OutOfPlayFixed, 12, 5).expect("every invariant kept");
    check_ruleset(&FeedingFixed, 12, 6).expect("every invariant kept");
    check_ruleset(&SkippingFixed, 12, 7).expect("every invariant kept");
    check_ruleset(&TakesStore, 12, 8).expect("every invariant kept");
    check_ruleset(&TakesStoreAndPlays, 12, 9).expect("every invariant kept");
}

#[test]
fn a_placement_that_changes_nothing_is_refused() {
    let fixed = |rules: Rules| Rules {
        turn: SowingTurn {
            store_place: FIXED,
            ..rules.turn
        },
        ..rules
    };
    let no_store = fixed(Rules {
        turn: SowingTurn {
            direction: CW,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    });
    let counterclockwise = fixed(sown_through(
        Direction::CounterClockwise,
        Stores::Own,
        MIRROR,
        NONE_CHOSEN,
    ));
    let parity = fixed(*Parity.rules());
    for rules in [no_store, counterclockwise, parity] {
        let problems: Vec<_> = rules.problems(8).iter().collect();
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(matches!(
            problems[0],
            RulesProblem::StorePlaceWithoutEffect { .. }
        ));
        assert_eq!(problems[0].field(), "turn.store_place");
    }
    // Wherever a clockwise move meets a store, it is a reading of its own.
    for game in [
        OwnFixed.rules(),
        BothFixed.rules(),
        ChosenFixed.rules(),
        RelayFixed.rules(),
        OutOfPlayFixed.rules(),
        FeedingFixed.rules(),
        SkippingFixed.rules(),
    ] {
        assert!(game.problems(8).is_empty(), "{:?}", game.problems(8));
    }
}

#[test]
fn the_placement_enters_the_fingerprint_only_when_declared() {
    assert_ne!(OwnFixed.rules().fingerprint(8), OwnMirror.rules().fingerprint(8));
    assert_ne!(
        ChosenFixed.rules().fingerprint(8),
        ChosenMirror.rules().fingerprint(8)
    );
}

#[cfg(all(feature = "serde", feature = "protocol"))]
#[test]
fn the_parity_games_fingerprints_are_unchanged() {
    // The default placement is written as nothing: a declaration that
    // leaves it out encodes as before. The figures are the parity games'
    // fingerprints computed on the crate before the store placement.
    let kind = |name: &str| name.parse::<mancala_rules::GameKind>().expect("a catalogue game");
    assert_eq!(kind("cross-kalah").rules().fingerprint(12), 0xff63_5637_8d67_0c2f);
    assert_eq!(kind("cross-wari").rules().fingerprint(12), 0x020b_f617_75f3_af24);
}

#[cfg(all(feature = "serde", feature = "protocol"))]
#[test]
fn the_data_form_says_the_placement_and_leaves_the_default_out() {
    let turn = OwnFixed.rules().turn;
    let json = serde_json::to_value(turn).expect("serialisable");
    assert_eq!(json["store_place"], "counterclockwise-ends");
    let read: SowingTurn = serde_json::from_value(json).expect("read back");
    assert_eq!(read, turn);
    let default = serde_json::to_value(OwnMirror.rules().turn).expect("serialisable");
    assert!(default.get("store_place").is_none());
    let old: SowingTurn =
        serde_json::from_value(serde_json::json!({"direction": "clockwise", "stores": "own",
        "extra_turn": {"in_own_store": true, "after_capture": false}}))
        .expect("a form without them reads");
    assert_eq!(old.store_place, StorePlace::ByDirection);
    assert_eq!(old.extra_turn, ExtraTurn::IN_OWN_STORE);
    assert!(default["extra_turn"].get("in_opponent_store").is_none());
    let either = serde_json::to_value(ExtraTurn::IN_EITHER_STORE).expect("serialisable");
    assert_eq!(
        either,
        serde_json::json!({"in_own_store": true, "after_capture": false, "in_opponent_store": true})
    );
    assert!(serde_json::from_value::<SowingTurn>(serde_json::json!({"store_place": "sideways"})).is_err());
}

#[cfg(all(feature = "serde", feature = "protocol"))]
#[test]
fn the_catalogue_files_of_lagerung_goempty_two_and_crosscapt_nine_declare_them() {
    use mancala_rules::RulesData;
    for (name, pits) in [("lagerung", 14), ("goempty-two", 12), ("crosscapt-nine", 12)] {
        let text = std::fs::read_to_string(format!("{}/src/games/{name}.json", env!("CARGO_MANIFEST_DIR")))
            .expect("the catalogue file");
        let data = RulesData::from_json(&text).expect("a valid data form");
        let turn = data.rules().turn;
        let fixed = name != "crosscapt-nine";
        assert_eq!(turn.store_place == FIXED, fixed, "{name}");
        assert_eq!(turn.stores_at_counterclockwise_ends(), fixed, "{name}");
        assert_eq!(turn.extra_turn.in_opponent_store, name == "goempty-two", "{name}");
        assert_eq!(turn.takes_opponent_store, name == "crosscapt-nine", "{name}");
        assert!(data.rules().problems(pits).is_empty(), "{name}");
    }
}
