//! Named tests for the openings that are not a board with South to move:
//! an opening dealt at random ([`Deal`], MancalaGames' start pattern
//! `RANDOM`), the game's seeds spread over the board by chance, at least a
//! floor in every pit, the rules of play unchanged; and a prescribed first
//! move ([`Rules::first_move`], MancalaGames' `MOVE_RIGHTMOST`), played
//! before the game begins.

use mancala_rules::playout::SplitMix64;
use mancala_rules::{
    declare, Deal, Declared, RoundFill, RoundStarter, Rounds, Rules, RulesProblem, Ruleset, StartBoard,
};

// Mangala IV's deal: 98 seeds on 2x7, at least 2 a pit.
declare!(
    Dealt,
    14,
    Rules {
        seeds: 7,
        deal: Some(Deal { at_least: 2 }),
        ..Rules::DEFAULT
    }
);
declare!(
    Undealt,
    14,
    Rules {
        seeds: 7,
        ..Rules::DEFAULT
    }
);

fn total(pits: &[u8]) -> u32 {
    pits.iter().map(|&n| u32::from(n)).sum()
}

#[test]
fn a_deal_spreads_the_games_seeds_with_the_floor_in_every_pit() {
    let mut rng = SplitMix64::new(3);
    let mut uneven = 0;
    for _ in 0..500 {
        let dealt = Dealt.dealt_start(&mut rng);
        assert_eq!(total(&dealt.pits), 98, "{dealt}");
        assert!(dealt.pits.iter().all(|&n| n >= 2), "{dealt}");
        assert_eq!(dealt.scores, [0, 0]);
        assert_eq!(dealt.to_move, mancala_rules::Player::South);
        uneven += usize::from(dealt.pits != [7; 14]);
    }
    // A deal that always gave the declared board would not be a deal.
    assert!(uneven > 490, "{uneven} of 500 deals differ from the even board");
}

#[test]
fn every_spread_is_equally_likely() {
    // 4 seeds on 2 pits, no floor: the five spreads 0-4 .. 4-0, a fifth each.
    let mut rng = SplitMix64::new(11);
    let mut seen = [0u32; 5];
    for _ in 0..10_000 {
        let [south, north] = Deal { at_least: 0 }.counts::<2>(4, &mut rng).expect("fits");
        assert_eq!(south + north, 4);
        seen[usize::from(south)] += 1;
    }
    for (south, &times) in seen.iter().enumerate() {
        assert!(
            (1_800..2_200).contains(&times),
            "{south} seeds in pit 1: {times} of 10,000"
        );
    }
    // With a floor of 1, only 1-3, 2-2 and 3-1, a third each.
    let mut seen = [0u32; 5];
    for _ in 0..9_000 {
        let [south, _] = Deal { at_least: 1 }.counts::<2>(4, &mut rng).expect("fits");
        seen[usize::from(south)] += 1;
    }
    assert_eq!((seen[0], seen[4]), (0, 0));
    for times in &seen[1..4] {
        assert!((2_800..3_200).contains(times), "{seen:?}");
    }
}

#[test]
fn a_deal_of_exactly_the_floor_fills_every_pit_with_it() {
    let mut rng = SplitMix64::new(5);
    assert_eq!(Deal { at_least: 3 }.counts::<6>(18, &mut rng), Some([3; 6]));
    assert_eq!(Deal { at_least: 4 }.counts::<6>(18, &mut rng), None);
    assert_eq!(Deal { at_least: 0 }.counts::<6>(256, &mut rng), None);
    // All of the game's seeds may fall in one pit: a byte holds 255.
    let counts = Deal { at_least: 0 }.counts::<2>(255, &mut rng).expect("fits");
    assert_eq!(u32::from(counts[0]) + u32::from(counts[1]), 255);
}

#[test]
fn the_same_seed_deals_the_same_board() {
    let a = Dealt.dealt_start(&mut SplitMix64::new(42));
    let b = Dealt.dealt_start(&mut SplitMix64::new(42));
    assert_eq!(a, b);
}

#[test]
fn a_game_without_a_deal_starts_from_its_declared_board() {
    let mut rng = SplitMix64::new(9);
    assert_eq!(Undealt.dealt_start(&mut rng), Undealt.start());
    // A dealt game's fixed opening is its declared board, one deal among others.
    assert_eq!(Dealt.start().pits, [7; 14]);
    assert_eq!(Dealt.total_seeds(), 98);
}

#[test]
fn a_deal_spreads_a_declared_start_boards_seeds() {
    const BOARD: StartBoard = match StartBoard::new(&[0, 3, 3, 0, 3, 3]) {
        Some(board) => board,
        None => panic!("six pits"),
    };
    declare!(
        DealtBoard,
        6,
        Rules {
            start: Some(BOARD),
            deal: Some(Deal { at_least: 1 }),
            ..Rules::DEFAULT
        }
    );
    let mut rng = SplitMix64::new(1);
    for _ in 0..100 {
        let dealt = DealtBoard.dealt_start(&mut rng);
        assert_eq!(total(&dealt.pits), 12, "{dealt}");
        assert!(dealt.pits.iter().all(|&n| n >= 1), "{dealt}");
    }
}

#[test]
fn a_deal_that_does_not_fit_or_comes_with_rounds_is_refused() {
    let rules = Rules {
        seeds: 2,
        deal: Some(Deal { at_least: 3 }),
        ..Rules::DEFAULT
    };
    assert!(rules.problems(12).iter().any(|p| p
        == RulesProblem::DealTooLarge {
            at_least: 3,
            pits: 12,
            total: 24
        }));
    assert!(Rules {
        deal: Some(Deal { at_least: 2 }),
        ..rules
    }
    .problems(12)
    .is_empty());
    let in_rounds = Rules {
        rounds: Some(Rounds {
            fill: RoundFill::Right,
            starter: RoundStarter::LastMover,
            min_pits: 4,
            out_of_play: true,
        }),
        ..rules
    };
    let in_rounds = Rules {
        deal: Some(Deal { at_least: 2 }),
        ..in_rounds
    };
    assert!(in_rounds
        .problems(12)
        .iter()
        .any(|p| p == RulesProblem::DealWithRounds));
}

#[test]
fn the_deal_enters_the_fingerprint_only_when_declared() {
    assert_ne!(Dealt.rules().fingerprint(14), Undealt.rules().fingerprint(14));
    let other_floor = Rules {
        deal: Some(Deal { at_least: 0 }),
        ..*Dealt.rules()
    };
    assert_ne!(other_floor.fingerprint(14), Dealt.rules().fingerprint(14));
    let without = Rules {
        deal: None,
        ..*Dealt.rules()
    };
    assert_eq!(without.fingerprint(14), Undealt.rules().fingerprint(14));
}

#[cfg(feature = "protocol")]
#[test]
fn the_data_form_says_the_deal_and_mangala_iv_declares_it() {
    use mancala_rules::RulesData;
    let read = |deal: &str| {
        RulesData::from_json(&format!(
            r#"{{"format": 1, "name": "t", "pits": 14, "seeds": 7, "deal": {deal}}}"#
        ))
    };
    assert_eq!(
        read(r#"{"at_least": 2}"#).expect("reads").rules().deal,
        Some(Deal { at_least: 2 })
    );
    assert!(read(r#"{"at_least": 8}"#).is_err(), "more than the game's seeds");
    assert!(read(r#"{"at_least": 2, "most": 9}"#).is_err(), "an unknown key");
    let undealt = serde_json::to_value(RulesData::of(Undealt.rules(), 14)).expect("serialisable");
    assert!(undealt.get("deal").is_none());
    let text = std::fs::read_to_string(format!(
        "{}/src/games/mangala-iv.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("the catalogue file");
    let data = RulesData::from_json(&text).expect("a valid data form");
    assert_eq!(data.rules().deal, Some(Deal { at_least: 2 }));
    assert_eq!(data.rules().total_seeds(14), 98);
}

// 2x3, 3 seeds a pit, South's first move prescribed from pit 3.
declare!(
    Rightmost,
    6,
    Rules {
        seeds: 3,
        first_move: Some(3),
        ..Rules::DEFAULT
    }
);

#[test]
fn the_prescribed_first_move_is_played_before_the_game_begins() {
    // Pit 3's three seeds fall in North's 4, 5 and 6; North moves first.
    assert_eq!(Rightmost.start().to_string(), "3 3 0 | 4 4 4 0-0 N");
    assert_eq!(Rightmost.total_seeds(), 18);
    // The dealt start of a game without a deal is the same opening.
    assert_eq!(Rightmost.dealt_start(&mut SplitMix64::new(1)), Rightmost.start());
}

#[test]
fn the_prescribed_first_move_is_sown_by_the_games_rules() {
    use mancala_rules::primitives::{ExtraTurn, SowingTurn, Stores};
    // With stores and an extra turn in one's own store: pit 1's three
    // seeds go to pits 2, 3 and South's store, and South moves again.
    declare!(
        IntoStore,
        6,
        Rules {
            seeds: 3,
            has_stores: true,
            first_move: Some(1),
            turn: SowingTurn {
                stores: Stores::Own,
                extra_turn: ExtraTurn {
                    in_own_store: true,
                    after_capture: false,
                    in_opponent_store: false,
                },
                ..SowingTurn::DEFAULT
            },
            ..Rules::DEFAULT
        }
    );
    assert!(IntoStore.rules().problems(6).is_empty());
    assert_eq!(IntoStore.start().to_string(), "0 4 4 | 3 3 3 1-0 S");
}

#[test]
fn a_first_move_the_engine_cannot_be_sure_to_play_is_refused() {
    let refused = |rules: Rules| {
        rules
            .problems(6)
            .iter()
            .any(|p| matches!(p, RulesProblem::FirstMove { .. }))
    };
    let rightmost = *Rightmost.rules();
    assert!(!refused(rightmost));
    for pit in [0, 4, 7] {
        assert!(
            refused(Rules {
                first_move: Some(pit),
                ..rightmost
            }),
            "pit {pit}"
        );
    }
    assert!(refused(Rules {
        deal: Some(Deal { at_least: 1 }),
        ..rightmost
    }));
    const HOLED: StartBoard = match StartBoard::new(&[3, 3, 0, 3, 3, 3]) {
        Some(board) => board,
        None => panic!("six pits"),
    };
    assert!(
        refused(Rules {
            start: Some(HOLED),
            ..rightmost
        }),
        "an empty pit"
    );
    assert!(!refused(Rules {
        start: Some(HOLED),
        first_move: Some(2),
        ..rightmost
    }));
    let two_needed = mancala_rules::Playable {
        min_seeds: 4,
        ..rightmost.play
    };
    assert!(
        refused(Rules {
            play: two_needed,
            ..rightmost
        }),
        "fewer than the least a move takes"
    );
    let feeding = mancala_rules::Playable {
        must_feed: true,
        ..rightmost.play
    };
    assert!(refused(Rules {
        play: feeding,
        ..rightmost
    }));
}

#[test]
fn the_first_move_enters_the_fingerprint_only_when_declared() {
    let rightmost = *Rightmost.rules();
    assert_ne!(
        rightmost.fingerprint(6),
        Rules {
            first_move: Some(2),
            ..rightmost
        }
        .fingerprint(6)
    );
    assert_eq!(
        Rules {
            first_move: None,
            ..rightmost
        }
        .fingerprint(6),
        Rules {
            seeds: 3,
            ..Rules::DEFAULT
        }
        .fingerprint(6)
    );
}

#[cfg(feature = "protocol")]
#[test]
fn the_data_form_says_the_first_move() {
    use mancala_rules::RulesData;
    let data = RulesData::from_json(r#"{"format": 1, "name": "t", "pits": 6, "seeds": 3, "first_move": 3}"#)
        .expect("reads");
    assert_eq!(data.rules().first_move, Some(3));
    assert!(
        RulesData::from_json(r#"{"format": 1, "name": "t", "pits": 6, "seeds": 3, "first_move": 4}"#)
            .is_err()
    );
    let plain = serde_json::to_value(RulesData::of(Undealt.rules(), 14)).expect("serialisable");
    assert!(plain.get("first_move").is_none());
}
