//! Issue 18: declarations the engine cannot play exactly are refused, with
//! every problem named by its field; the text forms are strict. (The
//! compile-time refusals are `compile_fail` doctests on `declare!`,
//! `Rules::assert_exact`.)

use mancala_rules::games::{Kalah, Tihbat, KALAH};
use mancala_rules::harness::{check_ruleset, HarnessError};
use mancala_rules::primitives::{Counts, ExtraTurn, SowingTurn, Stores};
use mancala_rules::search::Mcts;
use mancala_rules::{
    CapacityError, Declared, Game, GameRecord, Move, Position, Problems, Rules, RulesProblem, Ruleset,
    MAX_TOTAL_SEEDS,
};

/// A declaration made at run time, so that a broken one compiles.
#[derive(Clone, Copy, Debug)]
struct Runtime<const P: usize>(&'static Rules);

impl<const P: usize> Declared for Runtime<P> {
    type Position = Position<P>;
    fn rules(&self) -> &Rules {
        self.0
    }
}

fn leak(rules: Rules) -> &'static Rules {
    Box::leak(Box::new(rules))
}

/// Item 1: 50 seeds a pit on 12 pits (600) is refused by its count, with
/// the field named; so is 22 a pit (264), which the harness used to pass.
#[test]
fn more_than_255_seeds_is_refused_naming_the_seeds_field() {
    let fifty = Rules {
        seeds: 50,
        ..Rules::DEFAULT
    };
    let problems = fifty.problems(12);
    assert_eq!(
        problems.iter().collect::<Vec<_>>(),
        [RulesProblem::TooManySeeds {
            seeds: 50,
            pits: 12,
            total: 600
        }]
    );
    assert!(problems
        .to_string()
        .starts_with("seeds: 50 seeds in each of 12 pits make 600"));
    assert_eq!(problems.first().map(|p| p.field()), Some("seeds"));

    let game = Runtime::<12>(leak(Rules {
        seeds: 22,
        ..Rules::DEFAULT
    }));
    assert_eq!(game.total_seeds(), 264);
    match check_ruleset(&game, 20, 1) {
        Err(HarnessError::Declaration { problems, .. }) => {
            assert!(matches!(
                problems.first(),
                Some(RulesProblem::TooManySeeds { total: 264, .. })
            ))
        }
        other => panic!("the harness played a 264-seed game: {other:?}"),
    }
    // The largest total that fits is accepted.
    assert!(Rules {
        seeds: 21,
        ..Rules::DEFAULT
    }
    .problems(12)
    .is_empty());
    assert_eq!(MAX_TOTAL_SEEDS, 255);
}

/// Item 1: Kalah with 15 seeds a pit on a 2x10 board (300 seeds) is refused:
/// its store would wrap from 254 to 0.
#[test]
fn kalah_with_fifteen_seeds_on_twenty_pits_is_refused() {
    let big = Rules { seeds: 15, ..KALAH };
    let problems = big.problems(20);
    assert!(
        matches!(
            problems.first(),
            Some(RulesProblem::TooManySeeds { total: 300, .. })
        ),
        "{problems}"
    );
    assert!(KALAH.problems(12).is_empty());
    assert!(Kalah.problems().is_empty());
}

/// Item 1: every problem at once, in field order, each naming its field.
#[test]
fn every_problem_of_a_declaration_is_listed_at_once() {
    let rules = Rules {
        seeds: 200,
        has_stores: false,
        turn: SowingTurn {
            stores: Stores::Both,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    };
    let fields: Vec<_> = rules.problems(7).iter().map(|p| p.field()).collect();
    assert_eq!(fields, ["pits", "seeds", "turn.stores"]);
    let message = rules.problems(7).to_string();
    assert_eq!(message.lines().count(), 3, "{message}");
    assert!(message.lines().next().unwrap().contains("not 7"), "{message}");
}

/// Item 8: `Rules.stores` and `SowingTurn.stores` may not contradict each
/// other, and an extra turn in a store that is never sown is refused.
#[test]
fn store_settings_that_contradict_each_other_are_refused() {
    let sown_without_stores = Rules {
        turn: SowingTurn {
            stores: Stores::Own,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    };
    assert_eq!(
        sown_without_stores.problems(12).first(),
        Some(RulesProblem::SownStoresWithoutStores { sown: Stores::Own })
    );
    let extra_turn_without_store = Rules {
        has_stores: true,
        turn: SowingTurn {
            extra_turn: ExtraTurn::IN_OWN_STORE,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    };
    assert_eq!(
        extra_turn_without_store.problems(12).first(),
        Some(RulesProblem::ExtraTurnWithoutStore)
    );
    // A store that is shown but not sown is a game the crate plays.
    assert!(Rules {
        has_stores: true,
        ..Rules::DEFAULT
    }
    .problems(12)
    .is_empty());
}

/// Item 8: an odd pit count is refused by the check (and by `declare!` at
/// compile time: a doctest).
#[test]
fn an_odd_or_out_of_range_pit_count_is_refused() {
    for pits in [0, 1, 17, 32] {
        assert_eq!(
            Rules::DEFAULT.problems(pits).first(),
            Some(RulesProblem::PitCount { pits }),
            "{pits}"
        );
    }
    assert!(Rules::DEFAULT.problems(30).is_empty());
    assert_eq!(Problems::NONE.len(), 0);
}

/// Item 8: `Counts::of(&[200])` is the count 200 alone, not "127 or more".
#[test]
fn counts_above_126_are_exact() {
    let two_hundred = Counts::of(&[200]);
    assert!(two_hundred.contains(200));
    assert!(!two_hundred.contains(127) && !two_hundred.contains(201) && !two_hundred.contains(255));
    assert_eq!(two_hundred.pits_in(&[200, 127, 201, 0]).to_string(), "1");
    let from_200 = Counts::at_least(200);
    assert!(!from_200.contains(199) && from_200.contains(200) && from_200.contains(255));
    assert_eq!(from_200.pits_in(&[127, 200, 199, 255]).to_string(), "2 4");
}

/// Item 8: the position notation is strict: one `|`, counts in plain
/// decimal (no sign, no leading zero).
#[test]
fn position_notation_is_strict() {
    for loose in [
        "4 4 | | 4 4",
        "+4 4 | 4 4",
        "04 4 | 4 4",
        "4 4 | 4 4 +0-0 S",
        "4 4 | 4 4 00-0 S",
    ] {
        assert!(loose.parse::<Position<4>>().is_err(), "{loose}");
    }
    assert!("4 4 | 4 4 0-0 S".parse::<Position<4>>().is_ok());
    assert!("10 0 | 4 0 0-0 S".parse::<Position<4>>().is_ok());
}

/// Item 8: no pit is numbered 0; records read moves in the notation
/// exactly (as the protocol does), where `FromStr` forgives spaces and case.
#[test]
fn move_zero_is_not_a_move_and_records_read_moves_strictly() {
    assert!("0".parse::<Move>().is_err());
    assert!("00".parse::<Move>().is_err());
    assert_eq!(" 1 ".parse::<Move>(), Ok(Move::Pit(1)));
    assert!(Move::from_notation(" 1 ").is_err());
    let mut game = Game::new(Tihbat);
    game.play(Move::Pit(1)).unwrap();
    let json = serde_json::to_string(&game.record()).unwrap();
    assert!(json.contains(r#""moves":["1"]"#), "{json}");
    assert!(serde_json::from_str::<GameRecord<Position<4>>>(&json).is_ok());
    for loose in [r#"[" 1 "]"#, r#"["01"]"#, r#"["PASS"]"#, r#"["0"]"#] {
        let bad = json.replace(r#"["1"]"#, loose);
        assert!(
            serde_json::from_str::<GameRecord<Position<4>>>(&bad).is_err(),
            "{bad}"
        );
    }
}

/// Item 8: `Mcts::try_with_max_nodes(0)` is the error its doc promises.
#[test]
fn mcts_with_no_nodes_is_refused() {
    assert!(matches!(
        Mcts::new(Tihbat).try_with_max_nodes(0),
        Err(CapacityError::TooSmall { asked: 0, .. })
    ));
}

/// Item 1: a declaration written by hand (so not refused at compile time)
/// with 600 seeds has no valid position: `Game::from_position` and
/// `validate` refuse it instead of playing bytes that wrap.
#[test]
fn a_hand_written_declaration_with_too_many_seeds_has_no_valid_position() {
    let game = Runtime::<12>(leak(Rules {
        seeds: 50,
        ..Rules::DEFAULT
    }));
    let start = game.start();
    let err = game.validate(&start).unwrap_err();
    assert!(
        err.to_string()
            .contains("seeds: 50 seeds in each of 12 pits make 600"),
        "{err}"
    );
    assert!(Game::from_position(game, start).is_err());
}

/// A relay capped at 0 laps could sow nothing: refused, naming the field.
#[test]
fn a_relay_capped_at_zero_laps_is_refused() {
    use mancala_rules::primitives::{Lap, RelayRule, Sowing};
    let lap = Lap::RelayWith(RelayRule::new(Sowing::OriginFirst, Counts::of(&[3])).with_max_laps(0));
    let rules = Rules {
        turn: SowingTurn {
            lap,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    };
    assert_eq!(rules.problems(12).first(), Some(RulesProblem::RelayWithoutLaps));
    assert_eq!(
        rules.problems(12).first().map(|p| p.field()),
        Some("turn.lap.max_laps")
    );
}
