//! Sowing directions that are not fixed (issue 21, step 1): moves that
//! carry a direction the player chooses, and rows whose halves sow their
//! own ways. One named test per item, on concrete boards worked out by hand.
//!
//! Boards: South's pits 1..N, `|`, North's N+1..2N (counterclockwise), then
//! captures South-North and the player to move. A row's places count from
//! its owner's left: South's pit 1, North's pit N+1.

use crate::common::boards::{after, legal};
use mancala_rules::declare;
use mancala_rules::primitives::{
    CaptureRule, CaptureScope, ChainAgainst, Counts, GrandSlam, Lap, RelayRule, RowHalves, Sowing, SowingTurn,
};
use mancala_rules::{IllegalMove, Move, MoveSet, PitSet, Playable, Position, Rules, RulesProblem, Ruleset};

use mancala_rules::Rotation;

const CW: Rotation = Rotation::Clockwise;
const CCW: Rotation = Rotation::CounterClockwise;

/// Mbangbi's turn on 2x5 without its skipped origin: every place's
/// direction chosen, captures of 2 and 4 on the opponent's row, chained.
const CHOSEN_EVERYWHERE: SowingTurn = SowingTurn {
    capture: CaptureRule::chain(Counts::of(&[2, 4])),
    scope: CaptureScope::OpponentRow,
    chosen_direction: PitSet::first(5),
    ..SowingTurn::DEFAULT
};
declare!(
    ChosenEverywhere,
    10,
    Rules {
        turn: CHOSEN_EVERYWHERE,
        ..Rules::DEFAULT
    }
);

/// Goat's turn on 2x3: halves outward, the centre (place 2) chosen,
/// captures of 2 on the opponent's row, chained.
const GOAT_TURN: SowingTurn = SowingTurn {
    capture: CaptureRule::chain(Counts::of(&[2])),
    scope: CaptureScope::OpponentRow,
    halves: RowHalves::Outward,
    chosen_direction: PitSet::single(1),
    ..SowingTurn::DEFAULT
};
declare!(
    GoatLike,
    6,
    Rules {
        turn: GOAT_TURN,
        ..Rules::DEFAULT
    }
);

// A game of fixed direction, for the refusals of a direction given.
declare!(Fixed, 10, Rules::DEFAULT);

#[test]
fn a_move_says_its_direction_in_notation_and_in_a_byte() {
    assert_eq!(Move::Directed(3, CW).to_string(), "3cw");
    assert_eq!(Move::Directed(12, CCW).to_string(), "12ccw");
    assert_eq!(Move::from_notation("3cw"), Ok(Move::Directed(3, CW)));
    assert_eq!(Move::from_notation("3ccw"), Ok(Move::Directed(3, CCW)));
    assert_eq!(" 03CCW ".parse::<Move>(), Ok(Move::Directed(3, CCW)));
    for strictly_refused in [
        "3CW", "03cw", "3 cw", " 3cw", "cw", "0cw", "3c", "3cww", "3ccwx", "passcw",
    ] {
        assert!(
            Move::from_notation(strictly_refused).is_err(),
            "{strictly_refused}"
        );
    }
    for loose_refused in ["cw", "0cw", "3 cw", "3x", "ccw3", "3cw cw"] {
        assert!(loose_refused.parse::<Move>().is_err(), "{loose_refused}");
    }
    assert_eq!(Move::Directed(3, CW).index(), Some(2));
    assert_eq!(Move::Directed(3, CW).direction(), Some(CW));
    // One byte each: every plain pit and pass as before, a direction a high bit.
    for number in 1..=30u8 {
        assert_eq!(Move::Pit(number).to_byte(), number);
        for mv in [
            Move::Pit(number),
            Move::Directed(number, CW),
            Move::Directed(number, CCW),
        ] {
            assert_eq!(Move::from_byte(mv.to_byte()), mv, "{mv}");
        }
    }
    assert_eq!(Move::Pass.to_byte(), 0);
    assert_eq!(
        (Move::Directed(5, CCW).to_byte(), Move::Directed(5, CW).to_byte()),
        (0x45, 0x85)
    );
    // Small and Copy.
    assert!(std::mem::size_of::<Move>() <= 2);
}

#[test]
fn a_move_set_lists_both_directions_of_a_chosen_pit_in_order() {
    let moves = MoveSet::pits(PitSet::from_bits(0b1001))
        .with_directed(PitSet::single(1), CCW)
        .with_directed(PitSet::single(1), CW);
    assert_eq!(moves.to_string(), "1 2ccw 2cw 4");
    assert_eq!(moves.len(), 4);
    assert_eq!(moves.iter().len(), 4);
    assert!(moves.contains(Move::Directed(2, CW)));
    assert!(!moves.contains(Move::Pit(2)));
    assert!(!moves.contains(Move::Directed(1, CW)));
    assert_eq!(moves.nth_move(2), Some(Move::Directed(2, CW)));
    assert_eq!(moves.nth_move(4), None);
    // A set without directions is the same value as before.
    assert_eq!(MoveSet::pits(PitSet::single(0)), MoveSet::NONE.with(Move::Pit(1)));
    assert!(!MoveSet::pits(PitSet::single(0)).has_directed());
}

#[test]
fn a_chosen_direction_sows_that_way_and_its_chain_runs_back_against_it() {
    // South's pit 5 (2 seeds) counterclockwise: North's 6 and 7 hold 2,
    // the chain runs back from 7 to 6: 4 captured. Clockwise: into South's
    // own 4 and 3, nothing.
    let pos = "0 0 0 0 2 | 1 1 0 0 0 0-0 S";
    assert_eq!(
        after(ChosenEverywhere, pos, Move::Directed(5, CCW)),
        "0 0 0 0 0 | 0 0 0 0 0 4-0 N"
    );
    assert_eq!(
        after(ChosenEverywhere, pos, Move::Directed(5, CW)),
        "0 0 1 1 0 | 1 1 0 0 0 0-0 N"
    );
    // South's pit 1 (2 seeds) clockwise: into North's 10, then 9, both
    // now 2; the chain runs back against the sowing, from 9 to 10: 4
    // captured (a chain run the counterclockwise way would stop at 8).
    let pos = "2 0 0 0 0 | 0 0 0 1 1 0-0 S";
    assert_eq!(
        after(ChosenEverywhere, pos, Move::Directed(1, CW)),
        "0 0 0 0 0 | 0 0 0 0 0 4-0 N"
    );
    assert_eq!(
        after(ChosenEverywhere, pos, Move::Directed(1, CCW)),
        "0 1 1 0 0 | 0 0 0 1 1 0-0 N"
    );
    // North's places are its pits 6 to 10: North's pit 8 clockwise sows 7, 6.
    let pos = "0 0 0 0 0 | 0 0 2 0 0 0-0 N";
    assert_eq!(
        after(ChosenEverywhere, pos, Move::Directed(8, CW)),
        "0 0 0 0 0 | 1 1 0 0 0 0-0 S"
    );
}

#[test]
fn the_legal_moves_give_both_directions_of_each_chosen_pit() {
    assert_eq!(
        legal(ChosenEverywhere, "1 0 3 0 0 | 0 0 0 0 0 0-0 S"),
        "1ccw 1cw 3ccw 3cw"
    );
    assert_eq!(
        legal(ChosenEverywhere, "0 0 0 0 0 | 4 0 0 0 1 0-0 N"),
        "6ccw 6cw 10ccw 10cw"
    );
    assert_eq!(legal(GoatLike, "1 1 1 | 1 1 1 0-0 S"), "1 2ccw 2cw 3");
    assert_eq!(legal(GoatLike, "1 1 1 | 1 1 1 0-0 N"), "4 5ccw 5cw 6");
}

#[test]
fn a_missing_or_needless_direction_is_refused_by_name() {
    let pos: Position<10> = "1 0 3 0 0 | 0 0 0 0 0 6-0 S".parse().expect("a board");
    assert_eq!(
        ChosenEverywhere.check(&pos, Move::Pit(3)),
        Err(IllegalMove::DirectionToChoose { pit: 3 })
    );
    assert_eq!(
        ChosenEverywhere.check(&pos, Move::Directed(2, CW)),
        Err(IllegalMove::EmptyPit { pit: 2 })
    );
    assert!(matches!(
        ChosenEverywhere.check(&pos, Move::Directed(7, CW)),
        Err(IllegalMove::NotYourPit { pit: 7, .. })
    ));
    assert!(matches!(
        ChosenEverywhere.check(&pos, Move::Directed(11, CW)),
        Err(IllegalMove::PitOutOfRange { pit: 11, .. })
    ));
    assert_eq!(
        Fixed.check(&pos, Move::Directed(3, CW)),
        Err(IllegalMove::NoDirectionToChoose { pit: 3 })
    );
    let goat: Position<6> = "2 2 2 | 3 0 0 0-0 S".parse().expect("a board");
    assert_eq!(
        GoatLike.check(&goat, Move::Directed(1, CCW)),
        Err(IllegalMove::NoDirectionToChoose { pit: 1 })
    );
    assert_eq!(
        GoatLike.check(&goat, Move::Pit(2)),
        Err(IllegalMove::DirectionToChoose { pit: 2 })
    );
}

#[test]
fn halves_sow_outward_and_the_centre_the_way_chosen() {
    // South's pit 1 (left half) clockwise into North's 6 and 5 (now 2 and
    // 2 after 1 each): the chain from 5 back to 6 takes 4. Pit 3 (right
    // half) counterclockwise into 4 and 5: 5 holds 2, 4 holds 1: 2 taken.
    let pos = "2 0 2 | 0 1 1 0-0 S";
    assert_eq!(after(GoatLike, pos, Move::Pit(1)), "0 0 2 | 0 0 0 4-0 N");
    assert_eq!(after(GoatLike, pos, Move::Pit(3)), "2 0 0 | 1 0 1 2-0 N");
    // The centre: either way.
    let pos = "0 2 0 | 0 0 1 0-0 S";
    assert_eq!(after(GoatLike, pos, Move::Directed(2, CW)), "1 0 0 | 0 0 0 2-0 N");
    assert_eq!(
        after(GoatLike, pos, Move::Directed(2, CCW)),
        "0 0 1 | 1 0 1 0-0 N"
    );
    // North: its left half is pit 4 (clockwise, into South's 3 and 2).
    let pos = "0 0 0 | 2 0 0 0-0 N";
    assert_eq!(after(GoatLike, pos, Move::Pit(4)), "0 1 1 | 0 0 0 0-0 S");
}

declare!(
    Inward,
    8,
    Rules {
        turn: SowingTurn {
            halves: RowHalves::Inward,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
);

// Mbangbi as MancalaGames plays it: the chain always runs against the
// game's counterclockwise direction.
declare!(
    ChainAgainstTheGame,
    10,
    Rules {
        turn: SowingTurn {
            chain_against: ChainAgainst::AgainstTurnDirection,
            ..CHOSEN_EVERYWHERE
        },
        ..Rules::DEFAULT
    }
);

#[test]
fn a_chain_against_the_turn_direction_runs_on_after_a_move_sown_the_other_way() {
    // South's pit 1 (2 seeds) clockwise: North's 10 and 9 now hold 2.
    // Against the turn's direction the chain runs from 9 to 8 (1 seed):
    // pit 9 alone is taken; back against the sowing it takes 9 and 10.
    let pos = "2 0 0 0 0 | 0 0 1 1 1 0-0 S";
    assert_eq!(
        after(ChainAgainstTheGame, pos, Move::Directed(1, CW)),
        "0 0 0 0 0 | 0 0 1 0 2 2-0 N"
    );
    assert_eq!(
        after(ChosenEverywhere, pos, Move::Directed(1, CW)),
        "0 0 0 0 0 | 0 0 1 0 0 4-0 N"
    );
    // Sown counterclockwise (the turn's direction) both readings agree:
    // pit 5's 2 seeds make 6 and 7 hold 2, the chain runs back from 7 to 6.
    let pos = "0 0 0 0 2 | 1 1 0 0 0 0-0 S";
    for reading in [
        after(ChainAgainstTheGame, pos, Move::Directed(5, CCW)),
        after(ChosenEverywhere, pos, Move::Directed(5, CCW)),
    ] {
        assert_eq!(reading, "0 0 0 0 0 | 0 0 0 0 0 4-0 N");
    }
}

#[test]
fn halves_sow_inward_toward_the_centre() {
    // 2x4: South's pits 1, 2 sow counterclockwise, 3, 4 clockwise.
    let pos = "0 2 0 2 | 0 0 0 0 0-0 S";
    assert_eq!(after(Inward, pos, Move::Pit(2)), "0 0 1 3 | 0 0 0 0 0-0 N");
    assert_eq!(after(Inward, pos, Move::Pit(4)), "0 3 1 0 | 0 0 0 0 0-0 N");
    // North's pit 8 is its right half: clockwise, into 7 and 6.
    let pos = "0 0 0 0 | 0 0 0 2 0-0 N";
    assert_eq!(after(Inward, pos, Move::Pit(8)), "0 0 0 0 | 0 1 1 0 0-0 S");
}

#[test]
fn the_check_names_what_directions_cannot_be_combined_with() {
    let problems = |turn: SowingTurn, play: Playable, pits: usize| {
        Rules {
            turn,
            play,
            ..Rules::DEFAULT
        }
        .problems(pits)
        .iter()
        .collect::<Vec<_>>()
    };
    let chosen = SowingTurn {
        chosen_direction: PitSet::single(2),
        ..SowingTurn::DEFAULT
    };
    assert_eq!(problems(chosen, Playable::DEFAULT, 6), []);
    assert_eq!(
        problems(chosen, Playable::DEFAULT, 4),
        [RulesProblem::ChosenDirectionOffRow { place: 3, row: 2 }]
    );
    let relay = SowingTurn {
        lap: Lap::RelayWith(RelayRule::new(Sowing::NextPit, Counts::at_least(2))),
        ..chosen
    };
    assert!(matches!(
        problems(relay, Playable::DEFAULT, 6)[..],
        [RulesProblem::ChosenDirectionWith { rule }] if rule.contains("relay")
    ));
    let feeding = Playable {
        must_feed: true,
        ..Playable::DEFAULT
    };
    assert!(matches!(
        problems(chosen, feeding, 6)[..],
        [RulesProblem::ChosenDirectionWith { rule }] if rule.contains("feeding")
    ));
    let slam = SowingTurn {
        grand_slam: GrandSlam::Illegal,
        ..chosen
    };
    assert!(matches!(
        problems(slam, Playable::DEFAULT, 6)[..],
        [RulesProblem::ChosenDirectionWith { rule }] if rule.contains("grand slam")
    ));
    let halves = SowingTurn {
        halves: RowHalves::Outward,
        ..SowingTurn::DEFAULT
    };
    assert_eq!(problems(halves, Playable::DEFAULT, 8), []);
    assert_eq!(
        problems(halves, Playable::DEFAULT, 10),
        [RulesProblem::CentreWithoutDirection { centre: 3 }]
    );
    assert_eq!(
        problems(halves, feeding, 8),
        [],
        "halves are judged by pit: feeding is exact"
    );
    let chain = SowingTurn {
        chain_against: ChainAgainst::AgainstTurnDirection,
        ..SowingTurn::DEFAULT
    };
    assert_eq!(
        problems(chain, Playable::DEFAULT, 8),
        [RulesProblem::ChainAgainstWithoutChoice]
    );
    assert_eq!(
        problems(
            SowingTurn {
                halves: RowHalves::Outward,
                ..chain
            },
            Playable::DEFAULT,
            8
        ),
        []
    );
    assert!(ChainAgainstTheGame.problems().is_empty());
    assert!(GoatLike.problems().is_empty());
    assert!(ChosenEverywhere.problems().is_empty());
}

#[test]
fn directions_change_the_fingerprint_only_when_not_the_defaults() {
    let base = Rules::DEFAULT.fingerprint(10);
    let with = |turn: SowingTurn| {
        Rules {
            turn,
            ..Rules::DEFAULT
        }
        .fingerprint(10)
    };
    assert_eq!(with(SowingTurn::DEFAULT), base);
    let outward = with(SowingTurn {
        halves: RowHalves::Outward,
        chosen_direction: PitSet::single(2),
        ..SowingTurn::DEFAULT
    });
    let inward = with(SowingTurn {
        halves: RowHalves::Inward,
        chosen_direction: PitSet::single(2),
        ..SowingTurn::DEFAULT
    });
    let chosen = with(SowingTurn {
        chosen_direction: PitSet::single(2),
        ..SowingTurn::DEFAULT
    });
    let all = with(CHOSEN_EVERYWHERE);
    let against = with(SowingTurn {
        chain_against: ChainAgainst::AgainstTurnDirection,
        ..CHOSEN_EVERYWHERE
    });
    let mut prints = vec![base, outward, inward, chosen, all, against];
    prints.sort_unstable();
    prints.dedup();
    assert_eq!(prints.len(), 6);
}

#[test]
fn random_play_draws_the_directed_moves_too() {
    use mancala_rules::playout::SplitMix64;
    let moves = ChosenEverywhere.legal_moves(&"1 0 3 0 0 | 0 0 0 0 0 6-0 S".parse().expect("a board"));
    let mut rng = SplitMix64::new(1);
    let mut seen = MoveSet::NONE;
    for _ in 0..200 {
        let mv = rng.choose(moves).expect("a move");
        assert!(moves.contains(mv), "{mv}");
        seen = seen.with(mv);
    }
    assert_eq!(seen, moves);
}

#[cfg(feature = "protocol")]
#[test]
fn directions_in_the_data_form_round_trip() {
    use mancala_rules::RulesData;
    let data = |turn: &str| {
        RulesData::from_json(&format!(
            r#"{{"format": 1, "name": "t", "pits": 10, "seeds": 4, "turn": {turn}}}"#
        ))
        .map(|data| data.rules())
    };
    let rules = data(r#"{"halves": "outward", "chosen_direction": [3]}"#).expect("a form");
    assert_eq!(rules.turn.halves, RowHalves::Outward);
    assert_eq!(rules.turn.chosen_direction, PitSet::single(2));
    let rules = data(r#"{"halves": "inward", "chosen_direction": [1, 2, 3, 4, 5]}"#).expect("a form");
    assert_eq!(
        (rules.turn.halves, rules.turn.chosen_direction),
        (RowHalves::Inward, PitSet::first(5))
    );
    assert!(data(r#"{"chosen_direction": [0]}"#).is_err());
    assert!(data(r#"{"chosen_direction": [16]}"#).is_err());
    assert!(data(r#"{"halves": "sideways"}"#).is_err());
    // Beyond the row: read, then refused by the check.
    assert!(data(r#"{"chosen_direction": [6]}"#).is_err());
    // Written and read back equal; the defaults are left out.
    let goat = Rules {
        name: "t",
        seeds: 3,
        turn: GOAT_TURN,
        ..Rules::DEFAULT
    };
    let json = RulesData::of(&goat, 6).to_json();
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(
        value["turn"]["chosen_direction"],
        serde_json::json!([2]),
        "{json}"
    );
    assert_eq!(value["turn"]["halves"], "outward", "{json}");
    assert_eq!(
        RulesData::from_json(&json).map(|d| d.rules()),
        Ok(Rules { name: "", ..goat })
    );
    let rules = data(r#"{"chosen_direction": [1, 2, 3, 4, 5], "chain_against": "against-turn-direction"}"#)
        .expect("a form");
    assert_eq!(rules.turn.chain_against, ChainAgainst::AgainstTurnDirection);
    let json = RulesData::of(&Rules::DEFAULT, 12).to_json();
    for field in ["halves", "chosen_direction", "chain_against"] {
        assert!(!json.contains(field), "{field} in {json}");
    }
}

#[cfg(feature = "protocol")]
#[test]
fn the_catalogue_games_with_directions_play_and_record_their_moves() {
    use mancala_rules::{AnyGame, GameKind};
    for (name, opening) in [
        ("goat", "1 2ccw 2cw 3"),
        ("cow", "1 2 3ccw 3cw 4 5"),
        ("mbangbi", "1ccw 1cw 2ccw 2cw 3ccw 3cw 4ccw 4cw 5ccw 5cw"),
    ] {
        let kind: GameKind = name.parse().unwrap_or_else(|err| panic!("{name}: {err:?}"));
        let mut game = AnyGame::new(kind);
        assert_eq!(game.legal_moves().to_string(), opening, "{name}");
        let mut rng = mancala_rules::playout::SplitMix64::new(7);
        while game.moves().len() < 40 && !game.status().is_over() {
            let mv = rng.choose(game.legal_moves()).expect("a move");
            game.play(mv).unwrap_or_else(|err| panic!("{name}: {mv}: {err}"));
        }
        assert!(game.moves().iter().any(|mv| mv.direction().is_some()), "{name}");
        let record = game.record_json();
        let read = AnyGame::from_record_json(&record).unwrap_or_else(|err| panic!("{name}: {err}"));
        assert_eq!(read.moves(), game.moves(), "{name}");
        assert_eq!(read.position_notation(), game.position_notation(), "{name}");
    }
}

#[cfg(feature = "protocol")]
#[test]
fn the_replay_protocol_takes_and_lists_directed_moves() {
    let mut out = Vec::new();
    mancala_rules::protocol::respond(
        r#"{"game": "goat", "start": {"pits": [3, 3, 3, 3, 3, 3], "scores": [0, 0], "to_move": 0}, "moves": ["2cw"]}"#,
        &mut out,
    )
    .expect("written");
    let response: serde_json::Value = serde_json::from_slice(&out).expect("JSON");
    let positions = response["positions"].as_array().expect("positions");
    assert_eq!(
        positions[0]["legal"],
        serde_json::json!(["1", "2ccw", "2cw", "3"])
    );
    // 2cw: pit 2's 3 seeds into 1, 6, 5.
    assert_eq!(positions[1]["pits"], serde_json::json!([4, 0, 3, 3, 4, 4]));
    assert_eq!(
        positions[1]["legal"],
        serde_json::json!(["4", "5ccw", "5cw", "6"])
    );
}

#[cfg(feature = "protocol")]
#[test]
fn a_direction_in_a_game_without_one_gets_the_answer_it_got_before_directions() {
    // Before directions existed, a move with letters after its number was
    // not a move: refused at its ply with the parser's words. Every such
    // request keeps that answer, byte for byte.
    let answer = |moves: &str| {
        let mut out = Vec::new();
        mancala_rules::protocol::respond(&format!(r#"{{"game": "tihbat", "moves": {moves}}}"#), &mut out)
            .expect("written");
        let response: serde_json::Value = serde_json::from_slice(&out).expect("JSON");
        (
            response["positions"].as_array().map(Vec::len),
            response["error"].clone(),
        )
    };
    let refused = |ply: u64, text: &str| {
        serde_json::json!({
            "ply": ply,
            "message": format!("'{text}' is not a move: write a pit number such as 7, or pass")
        })
    };
    assert_eq!(answer(r#"["3cw"]"#), (Some(1), refused(1, "3cw")));
    assert_eq!(answer(r#"["1", "3ccw"]"#), (Some(2), refused(2, "3ccw")));
    assert_eq!(answer(r#"["3CW"]"#), (Some(1), refused(1, "3CW")));
    assert_eq!(answer(r#"[" 3cw "]"#), (Some(1), refused(1, "3cw")));
    assert_eq!(answer(r#"["999cw"]"#), (Some(1), refused(1, "999cw")));
    assert_eq!(answer(r#"["3cw", "x"]"#), (Some(1), refused(1, "3cw")));
}
