//! The territory vocabulary: pits that change owners between the rounds of
//! a match (the playable pits, the capture's side, the stuck player, the
//! leftovers to their owners), the three territory fills and the match's
//! end; each on a concrete board, with the data form's round trip, the
//! fingerprint and the named problems.

use mancala_rules::primitives::{CaptureRule, CaptureScope, Counts, Direction, SowingTurn, Stores};
use mancala_rules::{
    Ending, FewSeeds, Leftover, Match, Move, PitSet, Player, Position, Round, RoundFill, RoundStarter,
    Rounds, Rules, RulesProblem, Ruleset, Stuck,
};

/// A 2x3 game of 4 seeds a pit, no store sown, a capture on 2 in the
/// opponent's row, a stuck player ending the round with the seeds to their
/// owners, 5 pits to win.
const TERRITORY: Rules = Rules {
    seeds: 4,
    turn: SowingTurn {
        capture: CaptureRule::single(Counts::of(&[2])),
        scope: CaptureScope::OpponentRow,
        ..SowingTurn::DEFAULT
    },
    end: Ending {
        stuck: Stuck::Ends(Leftover::Owners),
        majority: None,
        ..Ending::DEFAULT
    },
    rounds: Some(Rounds {
        fill: RoundFill::Territory,
        starter: RoundStarter::Winner,
        min_pits: 5,
        out_of_play: false,
    }),
    ..Rules::DEFAULT
};

/// How the round ends in `pos`, if it does.
fn over(round: &Round<6>, pos: &Position<6>) -> Option<mancala_rules::Outcome> {
    match round.turn(pos) {
        mancala_rules::Turn::Over(outcome) => Some(outcome),
        mancala_rules::Turn::Moves(_) => None,
    }
}

/// South owns pits 1 to 4, North pits 5 and 6.
fn south_owns_four() -> Round<6> {
    Round::<6>::new(TERRITORY, PitSet::EMPTY).with_territory(PitSet::first(4))
}

#[test]
fn a_player_plays_the_pits_they_own() {
    let round = south_owns_four();
    let pos: Position<6> = "1 1 1 | 1 1 1 0-0 S".parse().unwrap();
    assert_eq!(round.legal_moves(&pos).to_string(), "1 2 3 4");
    let mut north = pos;
    north.to_move = Player::North;
    assert_eq!(round.legal_moves(&north).to_string(), "5 6");
}

#[test]
fn the_usual_rows_are_the_empty_territory() {
    let round = Round::<6>::new(TERRITORY, PitSet::EMPTY).with_territory(PitSet::first(3));
    assert!(round.territory().is_empty());
    let pos: Position<6> = "1 1 1 | 1 1 1 0-0 S".parse().unwrap();
    assert_eq!(round.legal_moves(&pos).to_string(), "1 2 3");
}

#[test]
fn a_capture_in_the_opponents_row_is_in_the_opponents_pits() {
    let round = south_owns_four();
    // South's pit 3 sows into pit 4, South's own: 2 seeds there, no capture.
    let pos: Position<6> = "0 0 1 | 1 0 0 0-0 S".parse().unwrap();
    let (after, _) = round.play(&pos, Move::Pit(3)).unwrap();
    assert_eq!(after.to_string(), "0 0 0 | 2 0 0 0-0 N");
    // North's pit 6 sows into pit 1 (South's): 2 seeds there, captured;
    // North's pit 5 into pit 6, North's own: no capture.
    let pos: Position<6> = "1 0 0 | 1 1 1 0-0 N".parse().unwrap();
    let (after, _) = round.play(&pos, Move::Pit(6)).unwrap();
    assert_eq!(after.to_string(), "0 0 0 | 1 1 0 0-2 S");
    let (after, _) = round.play(&pos, Move::Pit(5)).unwrap();
    assert_eq!(after.to_string(), "1 0 0 | 1 0 2 0-0 S");
}

#[test]
fn a_player_with_no_seeds_in_their_pits_is_stuck_and_the_seeds_go_to_their_owners() {
    let round = south_owns_four();
    // North owns 5 and 6, both empty: North is stuck though pit 4, of
    // North's row, holds seeds; South takes the 3 seeds of its pits.
    let pos: Position<6> = "1 0 0 | 2 0 0 10-9 N".parse().unwrap();
    let outcome = over(&round, &pos).expect("North is stuck");
    assert_eq!(outcome.totals, [13, 9]);
    // In the usual rows North owns pit 4 and may play it.
    let usual = Round::<6>::new(TERRITORY, PitSet::EMPTY);
    assert!(over(&usual, &pos).is_none());
}

#[test]
fn few_seeds_leave_the_seeds_to_the_pits_owners() {
    let rules = Rules {
        end: Ending {
            few_seeds: Some(FewSeeds {
                fewer_than: 4,
                leftover: Leftover::Owners,
            }),
            ..TERRITORY.end
        },
        ..TERRITORY
    };
    let round = Round::<6>::new(rules, PitSet::EMPTY).with_territory(PitSet::first(2));
    // South owns 1 and 2; pit 3 (South's row, North's pit) goes to North.
    let pos: Position<6> = "1 0 1 | 0 0 1 12-9 S".parse().unwrap();
    assert_eq!(over(&round, &pos).map(|o| o.totals), Some([13, 11]));
}

#[test]
fn clockwise_sowing_reads_the_territory_on_the_board() {
    let rules = Rules {
        turn: SowingTurn {
            direction: Direction::Clockwise,
            ..TERRITORY.turn
        },
        ..TERRITORY
    };
    let round = Round::<6>::new(rules, PitSet::EMPTY).with_territory(PitSet::first(4));
    // North's pit 5 sows clockwise into pit 4, South's: 2 there, captured.
    let pos: Position<6> = "0 0 0 | 1 1 0 0-0 N".parse().unwrap();
    let (after, _) = round.play(&pos, Move::Pit(5)).unwrap();
    assert_eq!(after.to_string(), "0 0 0 | 0 0 0 0-2 S");
}

#[test]
fn the_territory_fill_gives_the_winner_a_pit_filled_more_than_half() {
    let rounds = TERRITORY.rounds.unwrap();
    // 14 seeds: 3 pits and 2, half of the fourth: the usual rows.
    let (pos, south) = rounds.fill_territory::<6>(4, [14, 10], Player::South).unwrap();
    assert_eq!(pos.to_string(), "4 4 4 | 4 4 4 0-0 S");
    assert!(south.is_empty());
    // North wins 15: pits 4, 5, 6 and South's first, 1.
    let (_, south) = rounds.fill_territory::<6>(4, [9, 15], Player::North).unwrap();
    assert_eq!(south.to_string(), "2 3");
    // A draw: the usual rows.
    let (_, south) = rounds.fill_territory::<6>(4, [12, 12], Player::North).unwrap();
    assert!(south.is_empty());
}

#[test]
fn the_territory_to_loser_fill_leaves_the_pit_filled_in_part_to_the_loser() {
    let rounds = Rounds {
        fill: RoundFill::TerritoryToLoser,
        ..TERRITORY.rounds.unwrap()
    };
    // South's 15 fill 3 pits; the fourth, 3 seeds, is North's.
    let (_, south) = rounds.fill_territory::<6>(4, [15, 9], Player::South).unwrap();
    assert!(south.is_empty());
    let (_, south) = rounds.fill_territory::<6>(4, [16, 8], Player::South).unwrap();
    assert_eq!(south.to_string(), "1 2 3 4");
    // 5 pits win: a player with fewer than 24 - 20 + 1 = 5 seeds ends it.
    assert!(rounds.fill_territory::<6>(4, [19, 5], Player::South).is_some());
    assert!(rounds.fill_territory::<6>(4, [20, 4], Player::South).is_none());
}

#[test]
fn the_territory_emptied_fill_keeps_the_rest_in_the_stores_and_empties_the_losers_first_pit() {
    let rounds = Rounds {
        fill: RoundFill::TerritoryEmptied,
        ..TERRITORY.rounds.unwrap()
    };
    // South 15 (3 pits, 3 over), North 9 (2 pits, 1 over): South owns 1 to 3,
    // North's first pit, 4, is emptied.
    let (pos, south) = rounds.fill_territory::<6>(4, [15, 9], Player::North).unwrap();
    assert_eq!(pos.to_string(), "4 4 4 | 0 4 4 3-1 N");
    assert!(south.is_empty());
    assert_eq!(pos.total_seeds(), 24);
    // North 17 (4 pits, 1 over): North owns 4, 5, 6 and 1; pit 2 emptied.
    let (pos, south) = rounds.fill_territory::<6>(4, [7, 17], Player::South).unwrap();
    assert_eq!(pos.to_string(), "4 0 4 | 4 4 4 3-1 S");
    assert_eq!(south.to_string(), "2 3");
}

#[test]
fn a_match_hands_the_pits_to_the_rounds_winner() {
    let mut game = Match::<6>::new(TERRITORY).unwrap();
    assert!(game.territory().is_empty());
    let mut rng = mancala_rules::playout::SplitMix64::new(3);
    let mut changed = false;
    for _ in 0..10_000 {
        if game.round_outcome().is_some() {
            if game.next_round().is_none() {
                break;
            }
            let pos = *game.round().position();
            assert_eq!(pos.total_seeds(), 24);
            let south = game.territory();
            changed |= !south.is_empty();
            // The player to move plays only their own pits.
            let own = if south.is_empty() {
                Position::<6>::row(pos.to_move)
            } else if pos.to_move == Player::South {
                south
            } else {
                PitSet::first(6).difference(south)
            };
            for mv in game.round().legal_moves() {
                assert!(mv.index().is_some_and(|pit| own.contains(pit)), "{mv} in {pos}");
            }
            continue;
        }
        let Some(mv) = rng.choose(game.round().legal_moves()) else {
            break;
        };
        game.play(mv).unwrap();
    }
    assert!(game.is_over(), "the match ends");
    assert!(changed, "some round moved the pits");
}

#[test]
fn territory_with_an_item_reading_fixed_rows_is_a_named_problem() {
    assert!(TERRITORY.problems(6).is_empty());
    let row_empty = Rules {
        end: Ending {
            row_empty: Some(Leftover::Owners),
            ..TERRITORY.end
        },
        ..TERRITORY
    };
    let first = row_empty.problems(6).first();
    assert!(
        matches!(first, Some(RulesProblem::TerritoryCombination { with }) if with.contains("empty row")),
        "{first:?}"
    );
    assert_eq!(first.map(|p| p.field()), Some("turn.territory"));
    let sown = Rules {
        has_stores: true,
        turn: SowingTurn {
            stores: Stores::Own,
            ..TERRITORY.turn
        },
        ..TERRITORY
    };
    assert!(matches!(
        sown.problems(6).first(),
        Some(RulesProblem::TerritoryCombination { .. })
    ));
    let out = Rules {
        rounds: Some(Rounds {
            out_of_play: true,
            ..TERRITORY.rounds.unwrap()
        }),
        ..TERRITORY
    };
    assert!(matches!(
        out.problems(6).first(),
        Some(RulesProblem::TerritoryCombination { .. })
    ));
    let too_many = Rules {
        rounds: Some(Rounds {
            min_pits: 7,
            ..TERRITORY.rounds.unwrap()
        }),
        ..TERRITORY
    };
    assert!(matches!(
        too_many.problems(6).first(),
        Some(RulesProblem::TerritoryCombination { .. })
    ));
    assert!(Match::<6>::new(row_empty).is_err());
}

#[test]
fn the_territory_enters_the_fingerprint_only_when_set() {
    let usual = Rules {
        turn: TERRITORY.turn.with_territory::<6>(PitSet::first(3)),
        ..TERRITORY
    };
    assert_eq!(usual.fingerprint(6), TERRITORY.fingerprint(6));
    let four = Rules {
        turn: TERRITORY.turn.with_territory::<6>(PitSet::first(4)),
        ..TERRITORY
    };
    assert_ne!(four.fingerprint(6), TERRITORY.fingerprint(6));
    let to_loser = Rules {
        rounds: Some(Rounds {
            fill: RoundFill::TerritoryToLoser,
            ..TERRITORY.rounds.unwrap()
        }),
        ..TERRITORY
    };
    assert_ne!(to_loser.fingerprint(6), TERRITORY.fingerprint(6));
}

#[cfg(feature = "protocol")]
#[test]
fn the_territory_vocabulary_round_trips_through_the_data_form() {
    use mancala_rules::RulesData;

    let rules = Rules {
        turn: TERRITORY.turn.with_territory::<6>(PitSet::first(4)),
        rounds: Some(Rounds {
            fill: RoundFill::TerritoryEmptied,
            ..TERRITORY.rounds.unwrap()
        }),
        ..TERRITORY
    };
    assert!(rules.problems(6).is_empty());
    let data = RulesData {
        name: "territory".into(),
        ..RulesData::of(&rules, 6)
    };
    let json = data.to_json();
    assert!(json.contains("\"fill\": \"territory-emptied\""), "{json}");
    assert!(
        json.contains("\"territory\": [\n      1,\n      2,\n      3,\n      4\n    ]"),
        "{json}"
    );
    let back = RulesData::from_json(&json).unwrap();
    assert_eq!(back, data);
    assert_eq!(back.rules().fingerprint(6), rules.fingerprint(6));
}

#[cfg(feature = "protocol")]
#[test]
fn the_protocol_says_each_rounds_territory() {
    use mancala_rules::protocol::respond;

    let line = |request: &str| {
        let mut out = Vec::new();
        respond(request, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    // San Yao, North owning pits 1 and 6 to 10: South moves pit 2.
    let answer = line(
        r#"{"game": "san-yao", "start": {"pits": [5,5,5,5,5,5,5,5,5,5], "scores": [0,0], "to_move": 0, "territory": [2,3,4,5]}, "moves": []}"#,
    );
    assert!(answer.contains("\"legal\":[\"2\",\"3\",\"4\",\"5\"]"), "{answer}");
    assert!(answer.contains("\"territory\":[2,3,4,5]"), "{answer}");
    // A game not for territory refuses a territory.
    let refused = line(
        r#"{"game": "dakon", "start": {"pits": [7,7,7,7,7,7,7,7,7,7,7,7,7,7], "territory": [1]}, "moves": []}"#,
    );
    assert!(refused.contains("error"), "{refused}");
}
