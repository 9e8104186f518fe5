//! The owner of a pit under a territory, read by every stage that gives a
//! pit's seeds to its owner or looks at the opponent's pits: the captures
//! during the sowing (en passant), in either direction, the feeding rule
//! and its starvation end; each on a concrete 2x3 board where the
//! territory and the usual rows disagree about a pit.

use mancala_rules::primitives::{CaptureRule, Counts, Direction, EnPassant, EnPassantLast, Pick, SowingTurn};
use mancala_rules::{
    EndReason, Ending, Feeding, Leftover, Match, Move, Outcome, PitSet, Playable, Player, Position, Round,
    RoundFill, RoundStarter, Rounds, Rules, Ruleset, Stuck, Turn,
};

/// A turn taking every pit a seed brings to 2 during the sowing, the last
/// seed's pit to its owner as well.
const PASSING: SowingTurn = SowingTurn {
    en_passant: Some(EnPassant {
        counts: Counts::of(&[2]),
        last_seed: EnPassantLast::ToOwner,
    }),
    ..SowingTurn::DEFAULT
};

/// A 2x3 match of 4 seeds a pit with a feeding rule (judged after the
/// capture), captures during the sowing, and the seeds of a starved board
/// to their owners.
const FEEDING: Rules = Rules {
    seeds: 4,
    play: Playable {
        must_feed: true,
        feeding: Feeding::AfterCapture,
        ..Playable::DEFAULT
    },
    turn: PASSING,
    end: Ending {
        stuck: Stuck::Ends(Leftover::Owners),
        starvation: Leftover::Owners,
        majority: None,
        ..Ending::DEFAULT
    },
    rounds: Some(Rounds {
        fill: RoundFill::Territory,
        starter: RoundStarter::Loser,
        min_pits: 5,
        out_of_play: false,
    }),
    ..Rules::DEFAULT
};

#[test]
fn the_owner_of_a_pit_is_its_rows_or_its_territorys() {
    assert_eq!(PASSING.owner_of::<6>(3), Player::North);
    let territory = PASSING.with_territory::<6>(PitSet::first(4));
    assert_eq!(territory.owner_of::<6>(2), Player::South);
    assert_eq!(territory.owner_of::<6>(3), Player::South);
    assert_eq!(territory.owner_of::<6>(4), Player::North);
}

#[test]
fn a_capture_during_the_sowing_goes_to_the_territorys_owner() {
    // South's pit 1 sows into 2, 3 and 4: pit 3 reaches 2 (South's either
    // way), pit 4 reaches 2 with the last seed: North's on the usual rows,
    // South's when South owns pits 1 to 4.
    let start: Position<6> = "3 0 1 | 1 1 1 0-0 S".parse().unwrap();
    let mut rows = start;
    PASSING.play(&mut rows, Move::Pit(1));
    assert_eq!(rows.to_string(), "0 1 0 | 0 1 1 2-2 N");
    let mut territory = start;
    PASSING
        .with_territory::<6>(PitSet::first(4))
        .play(&mut territory, Move::Pit(1));
    assert_eq!(territory.to_string(), "0 1 0 | 0 1 1 4-0 N");
}

#[test]
fn a_capture_during_a_clockwise_sowing_goes_to_the_territorys_owner() {
    // North owns pits 3 to 6 (South 1 and 2). North's pit 4 sows clockwise
    // into 3 and 2: pit 3 reaches 2 (South's on the usual rows, North's
    // here), pit 2 reaches 2 too (South's either way).
    let turn = SowingTurn {
        direction: Direction::Clockwise,
        ..PASSING
    };
    let start: Position<6> = "0 1 1 | 2 0 0 0-0 N".parse().unwrap();
    let mut rows = start;
    turn.play(&mut rows, Move::Pit(4));
    assert_eq!(rows.to_string(), "0 0 0 | 0 0 0 4-0 S");
    let mut territory = start;
    turn.with_territory::<6>(PitSet::first(2))
        .play(&mut territory, Move::Pit(4));
    assert_eq!(territory.to_string(), "0 0 0 | 0 0 0 2-2 S");
}

#[test]
fn a_feeding_move_must_reach_the_opponents_pits() {
    // South owns pits 1 to 4; North's pits 5 and 6 are empty. On the usual
    // rows pit 4 is North's and holds a seed: nothing to feed.
    let pos: Position<6> = "1 0 1 | 1 0 0 0-0 S".parse().unwrap();
    let rows = Round::<6>::new(FEEDING, PitSet::EMPTY);
    assert_eq!(rows.legal_moves(&pos).to_string(), "1 3");
    // Here only pit 4 sows into North's pits.
    let territory = rows.with_territory(PitSet::first(4));
    assert_eq!(territory.legal_moves(&pos).to_string(), "4");
}

#[test]
fn a_starved_board_goes_to_the_territorys_owners() {
    // South owns pits 1 to 5, North only pit 6, empty. South's one seed,
    // in pit 4, sows into pit 5 (South's): no move feeds, and pit 4's seed
    // is South's (North's on the usual rows).
    let pos: Position<6> = "0 0 0 | 1 0 0 3-2 S".parse().unwrap();
    let territory = Round::<6>::new(FEEDING, PitSet::EMPTY).with_territory(PitSet::first(5));
    match territory.turn(&pos) {
        Turn::Over(Outcome { totals, reason }) => {
            assert_eq!(totals, [4, 2]);
            assert_eq!(reason, EndReason::Starvation);
        }
        Turn::Moves(moves) => panic!("no move feeds, yet {moves} are legal"),
    }
}

#[test]
fn territory_with_feeding_and_captures_during_the_sowing_is_played() {
    assert!(
        FEEDING.problems(6).is_empty(),
        "{:?}",
        FEEDING.problems(6).first()
    );
    let left_to_capture = Rules {
        turn: SowingTurn {
            capture: CaptureRule::single(Counts::of(&[4])),
            en_passant: Some(EnPassant {
                counts: Counts::of(&[4]),
                last_seed: EnPassantLast::LeftToCapture,
            }),
            ..PASSING
        },
        ..FEEDING
    };
    assert!(left_to_capture.problems(6).is_empty());
}

// -- The last seeds picked by the round's starter (Pick::LastSeedsToStarter)

/// A 2x3 game of 4 seeds a pit with no capture, the last 3 seeds or fewer
/// taken by the round's starter.
const TO_STARTER: Rules = Rules {
    seeds: 4,
    turn: SowingTurn {
        pick: Pick::LastSeedsToStarter(3),
        ..SowingTurn::DEFAULT
    },
    ..Rules::DEFAULT
};

#[test]
fn the_last_seeds_go_to_the_rounds_starter_whoever_moves() {
    // North's pit 6 sows its seed into pit 1: 3 seeds are left, at most 3.
    let pos: Position<6> = "1 0 0 | 0 1 1 9-5 N".parse().unwrap();
    let south_started = Round::<6>::new(TO_STARTER, PitSet::EMPTY);
    let (after, report) = south_started.play(&pos, Move::Pit(6)).unwrap();
    assert_eq!(after.to_string(), "0 0 0 | 0 0 0 12-5 S");
    assert_eq!(report.seeds_captured, 0);
    let north_started = south_started.with_round_starter(Player::North);
    let (after, _) = north_started.play(&pos, Move::Pit(6)).unwrap();
    assert_eq!(after.to_string(), "0 0 0 | 0 0 0 9-8 S");
    // With 4 seeds left nobody picks.
    let pos: Position<6> = "1 0 0 | 1 1 1 9-4 N".parse().unwrap();
    let (after, _) = north_started.play(&pos, Move::Pit(6)).unwrap();
    assert_eq!(after.to_string(), "2 0 0 | 1 1 0 9-4 S");
}

#[test]
fn only_a_turn_that_reads_it_keeps_the_rounds_starter() {
    let reads = TO_STARTER.turn.with_round_starter(Player::North);
    assert_eq!(reads.round_starter, Player::North);
    let mover = SowingTurn {
        pick: Pick::LastSeeds(3),
        ..SowingTurn::DEFAULT
    };
    assert_eq!(mover.with_round_starter(Player::North), mover);
    // The starter enters the fingerprint only when it is North.
    let north = Rules {
        turn: reads,
        ..TO_STARTER
    };
    assert_ne!(north.fingerprint(6), TO_STARTER.fingerprint(6));
    let by_mover = Rules {
        turn: mover,
        ..TO_STARTER
    };
    assert_ne!(by_mover.fingerprint(6), TO_STARTER.fingerprint(6));
}

#[test]
fn a_match_tells_the_next_round_who_started_it() {
    // A 2x1 match of one seed a pit, the whole board to win, rounds that
    // alternate the starter. South's pit 1 sows into pit 2: 2 seeds left,
    // South (the starter) takes them; North, with nothing, ends the round
    // 2 to 0. South owns both pits next round, which North starts.
    let rules = Rules {
        seeds: 1,
        end: Ending {
            stuck: Stuck::Ends(Leftover::Owners),
            majority: None,
            ..Ending::DEFAULT
        },
        rounds: Some(Rounds {
            fill: RoundFill::Territory,
            starter: RoundStarter::Alternate,
            min_pits: 2,
            out_of_play: false,
        }),
        ..TO_STARTER
    };
    let mut game = Match::<2>::new(rules).unwrap();
    assert_eq!(game.round().rules().round_starter(), Player::South);
    game.play(Move::Pit(1)).unwrap();
    assert_eq!(game.round_outcome().map(|outcome| outcome.totals), Some([2, 0]));
    assert!(game.next_round().is_some(), "the match goes on");
    assert_eq!(game.territory(), PitSet::first(2));
    assert_eq!(game.round().position().to_move, Player::North);
    assert_eq!(game.round().rules().round_starter(), Player::North);
}

#[cfg(feature = "protocol")]
#[test]
fn the_pick_by_the_starter_in_the_data_form() {
    use mancala_rules::RulesData;
    let read = |turn: &str| {
        RulesData::from_json(&format!(
            r#"{{"format": 1, "name": "t", "pits": 12, "seeds": 4, "turn": {turn}}}"#
        ))
        .expect("the data form reads the pick")
        .rules()
        .turn
    };
    let turn = read(r#"{"pick": {"last-seeds-to-starter": 8}, "round_starter": 1}"#);
    assert_eq!(turn.pick, Pick::LastSeedsToStarter(8));
    assert_eq!(turn.round_starter, Player::North);
    assert_eq!(read("{}").round_starter, Player::South);
    let json = RulesData::of(&TO_STARTER, 6).to_json();
    assert!(json.contains("last-seeds-to-starter"), "{json}");
    assert!(!json.contains("round_starter"), "{json}");
}
