//! The rounds vocabulary: out-of-play pits, the majority threshold, the
//! fill of a new round, who starts it, the match's end; each on a concrete
//! board, with the data form's round trip and the protocol's round fields.

use mancala_rules::primitives::{
    CaptureRule, Counts, Direction, Lap, RelayFrom, RelayRule, Sowing, SowingTurn, Stores,
};
use mancala_rules::{
    declare, EndReason, Ending, GameKind, Leftover, Match, Move, Outcome, PitSet, Player, Position, Round,
    RoundFill, RoundStarter, Rounds, Rules, RulesProblem, Ruleset,
};

const KALAH_TURN: SowingTurn = SowingTurn {
    stores: Stores::Own,
    ..SowingTurn::DEFAULT
};

const fn kalah_like(turn: SowingTurn) -> Rules {
    Rules {
        has_stores: true,
        turn,
        ..Rules::DEFAULT
    }
}

#[test]
fn sowing_through_a_store_skips_out_of_play_pits() {
    // 2x3, Kalah's store: pits 2 and 5 out of play. Pit 1's 4 seeds go to
    // 3, the store, 4 and 6.
    let turn = KALAH_TURN.with_out_of_play(PitSet::single(1).with(4));
    let mut pos: Position<6> = "4 0 3 | 3 0 3 0-0 S".parse().unwrap();
    turn.play(&mut pos, Move::Pit(1));
    assert_eq!(pos.to_string(), "0 0 4 | 4 0 4 1-0 N");
}

#[test]
fn whole_rounds_skip_out_of_play_pits() {
    // No store, one lap: 9 seeds from pit 1 on a ring of 3 pits in play
    // (1, 3, 4; 2 is out of play): three rounds, the origin included.
    let turn = SowingTurn::DEFAULT.with_out_of_play(PitSet::single(1));
    let mut pos: Position<4> = "9 0 | 1 1 0-0 S".parse().unwrap();
    turn.play(&mut pos, Move::Pit(1));
    assert_eq!(pos.to_string(), "3 0 | 4 4 0-0 N");
}

#[test]
fn clockwise_sowing_skips_out_of_play_pits() {
    // Clockwise from South's pit 3: 2, then pit 1 is out of play, so 6.
    let turn = SowingTurn {
        direction: Direction::Clockwise,
        ..SowingTurn::DEFAULT
    }
    .with_out_of_play(PitSet::single(0));
    let mut pos: Position<6> = "0 1 2 | 1 1 1 0-0 S".parse().unwrap();
    turn.play(&mut pos, Move::Pit(3));
    assert_eq!(pos.to_string(), "0 2 0 | 1 1 2 0-0 N");
}

#[test]
fn a_relay_skips_out_of_play_pits() {
    // Relay from the last pit while it is not empty, Kalah's store, pit 3
    // out of play: pit 1 (2 seeds) sows 2 and 4 (skipping 3); pit 4 held
    // 1, now 2: its seeds go on into South's store and pit 5.
    let turn = SowingTurn {
        lap: Lap::RelayWith(RelayRule::new(Sowing::NextPit, Counts::at_least(2))),
        ..KALAH_TURN
    }
    .with_out_of_play(PitSet::single(2));
    let mut pos: Position<8> = "2 0 0 1 | 0 0 0 0 0-0 S".parse().unwrap();
    turn.play(&mut pos, Move::Pit(1));
    assert_eq!(pos.to_string(), "0 1 0 0 | 1 0 0 0 1-0 N");
}

#[test]
fn an_out_of_play_pit_is_never_a_move_and_never_sown() {
    let round = Round::<6>::new(kalah_like(KALAH_TURN), PitSet::single(1));
    let pos: Position<6> = "4 0 3 | 3 2 0 0-0 S".parse().unwrap();
    assert_eq!(round.legal_moves(&pos).to_string(), "1 3");
    let (pos, _) = round.play(&pos, Move::Pit(1)).unwrap();
    assert_eq!(pos.to_string(), "0 0 4 | 4 3 0 1-0 N");
    assert_eq!(round.out_of_play().to_string(), "2");
}

#[test]
fn the_majority_ends_the_round_only_above_its_threshold() {
    declare!(
        AboveTwelve,
        4,
        Rules {
            end: Ending {
                majority: Some(Leftover::Nobody),
                majority_above: Some(12),
                ..Ending::DEFAULT
            },
            ..Rules::DEFAULT
        }
    );
    assert!(!AboveTwelve.status(&"2 3 | 1 1 9-0 N".parse().unwrap()).is_over());
    assert!(!AboveTwelve.status(&"1 1 | 1 1 12-0 N".parse().unwrap()).is_over());
    let outcome = AboveTwelve
        .status(&"1 1 | 1 0 13-0 N".parse().unwrap())
        .outcome()
        .unwrap();
    assert_eq!((outcome.totals, outcome.reason), ([13, 0], EndReason::Majority));
}

const DAKON_ROUNDS: Rounds = Rounds {
    fill: RoundFill::Right,
    starter: RoundStarter::LastMover,
    min_pits: 4,
    out_of_play: true,
};

#[test]
fn right_fill_fills_each_row_from_its_right_and_puts_the_rest_out_of_play() {
    let (pos, out) = DAKON_ROUNDS.fill::<14>(7, [60, 38], Player::North).unwrap();
    assert_eq!(pos.to_string(), "7 7 7 7 7 7 7 | 0 0 7 7 7 7 7 11-3 N");
    assert_eq!(out.to_string(), "8 9");
    let (pos, out) = DAKON_ROUNDS.fill::<14>(7, [31, 67], Player::South).unwrap();
    assert_eq!(pos.to_string(), "0 0 0 7 7 7 7 | 7 7 7 7 7 7 7 3-18 S");
    assert_eq!(out.to_string(), "1 2 3");
}

#[test]
fn left_fill_fills_each_row_from_its_left() {
    let rounds = Rounds {
        fill: RoundFill::Left,
        ..DAKON_ROUNDS
    };
    let (pos, out) = rounds.fill::<14>(7, [60, 38], Player::South).unwrap();
    assert_eq!(pos.to_string(), "7 7 7 7 7 7 7 | 7 7 7 7 7 0 0 11-3 S");
    assert_eq!(out.to_string(), "13 14");
    // Without out-of-play pits, the unfilled pits are only empty.
    let open = Rounds {
        out_of_play: false,
        ..rounds
    };
    assert!(open.fill::<14>(7, [60, 38], Player::South).unwrap().1.is_empty());
}

#[test]
fn the_match_ends_when_a_player_cannot_fill_min_pits() {
    assert!(DAKON_ROUNDS.fill::<14>(7, [70, 28], Player::South).is_some());
    assert!(DAKON_ROUNDS.fill::<14>(7, [71, 27], Player::South).is_none());
}

#[test]
fn each_reading_of_the_next_starter() {
    let end: Position<4> = "0 0 | 0 0 10-6 N".parse().unwrap();
    let won = Outcome::all_captured(&end);
    let drawn = Outcome::all_captured(&"0 0 | 0 0 8-8 N".parse::<Position<4>>().unwrap());
    let next = |starter, outcome: &Outcome| {
        Rounds {
            starter,
            ..DAKON_ROUNDS
        }
        .next_starter(Player::South, Player::North, outcome, Player::South)
    };
    assert_eq!(next(RoundStarter::Alternate, &won), Player::North);
    assert_eq!(next(RoundStarter::Loser, &won), Player::North);
    assert_eq!(next(RoundStarter::Winner, &won), Player::South);
    assert_eq!(next(RoundStarter::LastMover, &won), Player::South);
    // A draw: the loser reading goes to who would not have moved next.
    assert_eq!(next(RoundStarter::Loser, &drawn), Player::South);
    assert_eq!(next(RoundStarter::Winner, &drawn), Player::North);
}

#[test]
fn seeds_left_to_nobody_stay_with_their_row() {
    let end: Position<4> = "1 2 | 3 0 10-0 N".parse().unwrap();
    let outcome = Leftover::Nobody.outcome(&end, EndReason::Majority);
    assert_eq!(Rounds::claims(&end, &outcome), [13, 3]);
    let swept = Leftover::Owners.outcome(&end, EndReason::NoMoves);
    assert_eq!(Rounds::claims(&end, &swept), [13, 3]);
}

const TINY: Rules = Rules {
    seeds: 2,
    has_stores: true,
    turn: KALAH_TURN,
    end: Ending {
        row_empty: Some(Leftover::Owners),
        ..Ending::DEFAULT
    },
    rounds: Some(Rounds {
        fill: RoundFill::Left,
        starter: RoundStarter::Loser,
        min_pits: 1,
        out_of_play: true,
    }),
    ..Rules::DEFAULT
};

#[test]
fn a_match_plays_rounds_until_a_player_cannot_fill() {
    let mut game = Match::<2>::new(TINY).unwrap();
    game.play(Move::Pit(1)).unwrap();
    assert_eq!(game.round_outcome().map(|o| o.totals), Some([1, 3]));
    assert_eq!(game.next_round(), None);
    assert!(game.is_over());
    assert_eq!(game.winner(), Some(Player::North));
    assert!(game.play(Move::Pit(2)).is_err());
}

#[cfg(feature = "protocol")]
#[test]
fn a_match_of_dakon_follows_its_rounds() {
    let kind: GameKind = "dakon".parse().unwrap();
    let rules = *kind.rules();
    let mut game = Match::<14>::new(rules).unwrap();
    let mut rng = mancala_rules::playout::SplitMix64::new(7);
    let mut rounds = 1;
    for _ in 0..100_000 {
        if game.round_outcome().is_some() {
            match game.next_round() {
                Some(round) => {
                    rounds = round;
                    // Every out-of-play pit is empty, and never a move.
                    let pos = *game.round().position();
                    for pit in game.out_of_play() {
                        assert_eq!(pos.pits[pit], 0);
                        assert!(!game.round().legal_moves().contains(Move::from_index(pit)));
                    }
                    assert_eq!(pos.total_seeds(), 98);
                    continue;
                }
                None => break,
            }
        }
        let mv = rng.choose(game.round().legal_moves()).unwrap();
        game.play(mv).unwrap();
    }
    assert!(game.is_over(), "the match ends");
    assert!(rounds >= 1);
}

#[test]
fn a_game_not_in_rounds_is_no_match() {
    assert!(Match::<12>::new(*GameKind::Kalah.rules()).is_err());
}

#[cfg(feature = "protocol")]
#[test]
fn the_rounds_vocabulary_round_trips_through_the_data_form() {
    use mancala_rules::primitives::{ExtraTurn, Opposite};
    use mancala_rules::RulesData;

    let rules = Rules {
        seeds: 7,
        has_stores: true,
        turn: SowingTurn {
            lap: Lap::RelayWith(RelayRule::new(Sowing::NextPit, Counts::at_least(2))),
            opposite: Some(Opposite::KALAH),
            extra_turn: ExtraTurn::IN_OWN_STORE,
            ..KALAH_TURN
        }
        .with_out_of_play(PitSet::single(7).with(8)),
        end: Ending {
            majority: Some(Leftover::Nobody),
            majority_above: Some(70),
            ..Ending::DEFAULT
        },
        rounds: Some(DAKON_ROUNDS),
        ..Rules::DEFAULT
    };
    assert!(rules.problems(14).is_empty());
    let data = RulesData {
        name: "dakon-round".into(),
        ..RulesData::of(&rules, 14)
    };
    let json = data.to_json();
    assert!(
        json.contains("\"out_of_play\": [\n      8,\n      9\n    ]"),
        "{json}"
    );
    assert!(json.contains("\"majority_above\": 70"));
    assert!(json.contains("\"starter\": \"last-mover\""));
    let back = RulesData::from_json(&json).unwrap();
    assert_eq!(back, data);
    assert_eq!(back.rules().fingerprint(14), rules.fingerprint(14));
    // Each item changes the fingerprint.
    let without = |change: fn(&mut Rules)| {
        let mut other = rules;
        change(&mut other);
        other.fingerprint(14)
    };
    assert_ne!(without(|r| r.rounds = None), rules.fingerprint(14));
    assert_ne!(without(|r| r.end.majority_above = None), rules.fingerprint(14));
    assert_ne!(
        without(|r| r.turn.out_of_play = PitSet::EMPTY),
        rules.fingerprint(14)
    );
}

#[test]
fn the_combinations_not_played_are_named_problems() {
    let fields = |rules: Rules, pits| rules.problems(pits).iter().map(|p| p.field()).collect::<Vec<_>>();
    // Rounds without stores.
    let no_stores = Rules {
        rounds: Some(DAKON_ROUNDS),
        ..Rules::DEFAULT
    };
    assert_eq!(fields(no_stores, 14), ["rounds"]);
    // More pits to fill than a row has.
    let too_many = Rules {
        rounds: Some(Rounds {
            min_pits: 8,
            ..DAKON_ROUNDS
        }),
        ..kalah_like(KALAH_TURN)
    };
    assert!(matches!(
        too_many.problems(14).first(),
        Some(RulesProblem::RoundsNotPlayable { row: 7 })
    ));
    // A relay from the next pit, or a chained capture, with out-of-play pits.
    let next_pit = Rules {
        rounds: Some(DAKON_ROUNDS),
        turn: SowingTurn {
            lap: Lap::RelayWith(RelayRule {
                from: RelayFrom::NextPit,
                ..RelayRule::new(Sowing::NextPit, Counts::at_least(1))
            }),
            ..KALAH_TURN
        },
        ..kalah_like(KALAH_TURN)
    };
    assert_eq!(fields(next_pit, 14), ["turn.out_of_play"]);
    let chain = Rules {
        turn: SowingTurn {
            capture: CaptureRule::chain(Counts::of(&[2, 3])),
            ..SowingTurn::DEFAULT
        }
        .with_out_of_play(PitSet::single(0)),
        ..Rules::DEFAULT
    };
    assert_eq!(fields(chain, 12), ["turn.out_of_play"]);
    // Out-of-play pits off the board.
    let off = Rules {
        turn: SowingTurn::DEFAULT.with_out_of_play(PitSet::single(12)),
        ..Rules::DEFAULT
    };
    assert!(matches!(
        off.problems(12).first(),
        Some(RulesProblem::OutOfPlayOffBoard { pits: 12 })
    ));
    // A threshold without the majority end, or not below the seeds.
    let threshold = |majority, above| Rules {
        end: Ending {
            majority,
            majority_above: Some(above),
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    };
    assert_eq!(fields(threshold(None, 10), 12), ["end.majority_above"]);
    assert_eq!(
        fields(threshold(Some(Leftover::Nobody), 48), 12),
        ["end.majority_above"]
    );
    assert!(threshold(Some(Leftover::Nobody), 47).problems(12).is_empty());
}

#[test]
fn out_of_play_pits_refuse_the_readings_that_look_beside_a_pit() {
    use mancala_rules::primitives::{BeforeSowing, GrandSlam, MoveRestriction};
    let with_out_of_play = |turn: SowingTurn, play| Rules {
        turn: turn.with_out_of_play(PitSet::single(0)),
        play,
        ..Rules::DEFAULT
    };
    let problem = |rules: Rules| match rules.problems(12).first() {
        Some(RulesProblem::OutOfPlayCombination { with }) => Some(with),
        _ => None,
    };
    let free = Rules::DEFAULT.play;
    let before = SowingTurn {
        before_sowing: BeforeSowing::SingletonTakesFacing,
        ..SowingTurn::DEFAULT
    };
    assert!(problem(with_out_of_play(before, free)).is_some_and(|with| with.contains("turn.before_sowing")));
    let slam = SowingTurn {
        capture: CaptureRule::single(Counts::of(&[2, 3])),
        grand_slam: GrandSlam::LeavesRightmost,
        ..SowingTurn::DEFAULT
    };
    assert!(problem(with_out_of_play(slam, free)).is_some_and(|with| with.contains("turn.grand_slam")));
    let restricted = mancala_rules::Playable {
        restriction: MoveRestriction::SingletonsOnlyWhenAll,
        ..free
    };
    assert!(problem(with_out_of_play(SowingTurn::DEFAULT, restricted))
        .is_some_and(|with| with.contains("play.restriction")));
    // The same readings on a full board, and a plain round, are played.
    assert!(before_rules_without_out_of_play(before).problems(12).is_empty());
    assert!(with_out_of_play(SowingTurn::DEFAULT, free)
        .problems(12)
        .is_empty());
}

fn before_rules_without_out_of_play(turn: SowingTurn) -> Rules {
    Rules {
        turn,
        ..Rules::DEFAULT
    }
}

#[cfg(feature = "protocol")]
mod protocol {
    use mancala_rules::protocol::respond;

    fn answer(request: &str) -> String {
        let mut out = Vec::new();
        respond(request, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_round_says_its_out_of_play_pits_and_the_next_round() {
        // Dakon, a round's start with pits 1 and 2 out of play: the pits
        // are not moves, and the position says them.
        let line = answer(
            r#"{"game":"dakon","start":{"pits":[0,0,7,7,7,7,7,7,7,7,7,7,7,7],"scores":[6,8],"to_move":0,"out_of_play":[1,2]},"moves":[]}"#,
        );
        assert!(line.contains(r#""legal":["3","4","5","6","7"]"#), "{line}");
        assert!(
            line.contains(r#""out_of_play":[1,2],"next_round":null}"#),
            "{line}"
        );
        // A round over at its start (every seed in the stores, 60 to 38):
        // the next round's start, filled from the right.
        let line = answer(
            r#"{"game":"dakon","start":{"pits":[0,0,0,0,0,0,0,0,0,0,0,0,0,0],"scores":[60,38],"to_move":1,"starter":0},"moves":[]}"#,
        );
        assert!(
            line.contains(r#""next_round":{"pits":[7,7,7,7,7,7,7,0,0,7,7,7,7,7],"scores":[11,3],"to_move":0,"out_of_play":[8,9]}"#),
            "{line}"
        );
    }

    #[test]
    fn out_of_play_pits_are_for_games_in_rounds_only() {
        let line = answer(r#"{"game":"kalah","start":{"pits":[4,4,4,4,4,4,4,4,4,4,4,4],"out_of_play":[1]}}"#);
        assert!(line.contains("\"error\""), "{line}");
        let line =
            answer(r#"{"game":"dakon","start":{"pits":[7,7,7,7,7,7,7,7,7,7,7,7,7,7],"out_of_play":[1]}}"#);
        assert!(line.contains("out-of-play pit 1 holds seeds"), "{line}");
    }
}
