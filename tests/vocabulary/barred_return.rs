//! Named tests for the barred return ([`Playable::barred_return`],
//! MancalaGames' `DontUndoMoveOne`: a single seed just sown round an end
//! of the board may not be sown straight back), held in the position
//! ([`Position::barred`]), each on a concrete board worked out by hand in
//! a comment.
//!
//! Boards: South's pits 1..N, `|`, North's N+1..2N (counterclockwise), then
//! captures South-North, the player to move and, while a pit is barred,
//! `bK`: pit K may not be played. On the 2x5 boards the halves sow outward
//! (South's pits 1-2 and North's 6-7 clockwise, South's 4-5 and North's
//! 9-10 counterclockwise; the centre, 3 and 8, either way): the ends of
//! the board are pits 1 and 10, and pits 5 and 6.

use crate::common::boards::{board, ended, legal, pit, refusal, sow};
use mancala_rules::primitives::{CaptureRule, CaptureScope, Counts, Lap, RowHalves, Sowing, SowingTurn};
use mancala_rules::{
    declare, Declared, Ending, IllegalMove, Leftover, Move, Opening, PitSet, Playable, Position,
    PositionError, Rules, RulesProblem, Ruleset, Stuck,
};

/// Alemungula's turn on 2x5: halves outward, the centre chosen, 2 or 4
/// captured in the opponent's row, chained.
const ALEMUNGULA_TURN: SowingTurn = SowingTurn {
    halves: RowHalves::Outward,
    chosen_direction: PitSet::single(2),
    capture: CaptureRule::chain(Counts::of(&[2, 4])),
    scope: CaptureScope::OpponentRow,
    ..SowingTurn::DEFAULT
};

const BARRED: Playable = Playable {
    barred_return: true,
    ..Playable::DEFAULT
};

const fn barring(turn: SowingTurn, stuck: Stuck) -> Rules {
    Rules {
        seeds: 5,
        play: BARRED,
        turn,
        end: Ending {
            stuck,
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

declare!(Alem, 10, barring(ALEMUNGULA_TURN, Stuck::Ends(Leftover::Owners)));
declare!(
    AlemPasses,
    10,
    barring(ALEMUNGULA_TURN, Stuck::Passes(Leftover::Owners))
);
// The same game without the rule.
declare!(
    Free,
    10,
    Rules {
        play: Playable::DEFAULT,
        ..barring(ALEMUNGULA_TURN, Stuck::Ends(Leftover::Owners))
    }
);
// A single seed captured where it lands (1 in the opponent's row).
declare!(
    TakesOnes,
    10,
    barring(
        SowingTurn {
            capture: CaptureRule::single(Counts::of(&[1])),
            ..ALEMUNGULA_TURN
        },
        Stuck::Ends(Leftover::Owners)
    )
);
// 2x6: rows of even length, no centre (the size of Andot's and Qelat's
// boards).
declare!(
    Even,
    12,
    Rules {
        seeds: 4,
        play: BARRED,
        turn: SowingTurn {
            halves: RowHalves::Outward,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
);
// The rule with an opening rule: both in the position's history byte.
declare!(
    WithOpening,
    10,
    Rules {
        opening: Some(Opening { no_captures_for: 1 }),
        ..barring(ALEMUNGULA_TURN, Stuck::Ends(Leftover::Owners))
    }
);

#[test]
fn a_singleton_sown_round_the_end_bars_the_pit_it_fell_in() {
    // South's pit 1 (left half, clockwise) sows its one seed round the end
    // into North's pit 10, empty before: North may not play pit 10 next.
    let (after, report) = pit(Alem, "1 2 2 2 2 | 2 2 2 2 0 0-0 S", 1);
    assert_eq!(after, "0 2 2 2 2 | 2 2 2 2 1 0-0 N b10");
    assert_eq!(report.seeds_captured, 0);
    assert_eq!(legal(Alem, &after), "6 7 8ccw 8cw 9");
    // Without the rule, pit 10 is North's to play.
    assert_eq!(
        pit(Free, "1 2 2 2 2 | 2 2 2 2 0 0-0 S", 1).0,
        "0 2 2 2 2 | 2 2 2 2 1 0-0 N"
    );
    assert_eq!(legal(Free, "0 2 2 2 2 | 2 2 2 2 1 0-0 N"), "6 7 8ccw 8cw 9 10");
}

#[test]
fn both_ends_of_the_board_and_both_players() {
    // South's pit 5 (right half, counterclockwise) round the end into 6.
    assert_eq!(
        pit(Alem, "2 2 2 2 1 | 0 2 2 2 2 0-0 S", 5).0,
        "2 2 2 2 0 | 1 2 2 2 2 0-0 N b6"
    );
    assert_eq!(legal(Alem, "2 2 2 2 0 | 1 2 2 2 2 0-0 N b6"), "7 8ccw 8cw 9 10");
    // North's pit 10 (its right half, counterclockwise) into South's 1.
    assert_eq!(
        pit(Alem, "0 2 2 2 2 | 2 2 2 2 1 0-0 N", 10).0,
        "1 2 2 2 2 | 2 2 2 2 0 0-0 S b1"
    );
    assert_eq!(legal(Alem, "1 2 2 2 2 | 2 2 2 2 0 0-0 S b1"), "2 3ccw 3cw 4 5");
    // North's pit 6 (its left half, clockwise) into South's 5.
    assert_eq!(
        pit(Alem, "2 2 2 2 0 | 1 2 2 2 2 0-0 N", 6).0,
        "2 2 2 2 1 | 0 2 2 2 2 0-0 S b5"
    );
    assert_eq!(legal(Alem, "2 2 2 2 1 | 0 2 2 2 2 0-0 S b5"), "1 2 3ccw 3cw 4");
}

#[test]
fn the_bar_lasts_one_move() {
    // North plays 6 (two seeds clockwise into 5 and 4): the bar is lifted.
    let (after, _) = pit(Alem, "0 2 2 2 2 | 2 2 2 2 1 0-0 N b10", 6);
    assert_eq!(after, "0 2 2 3 3 | 0 2 2 2 1 0-0 S");
    // South plays 4 (three seeds counterclockwise into 5, 6, 7; pit 7
    // holds 3, no capture); pit 10 is North's to play again.
    let (after, _) = pit(Alem, &after, 4);
    assert_eq!(after, "0 2 2 0 4 | 1 3 2 2 1 0-0 N");
    assert_eq!(legal(Alem, &after), "6 7 8ccw 8cw 9 10");
}

#[test]
fn a_singleton_into_a_pit_that_held_seeds_bars_nothing() {
    // Pit 10 held 2: it now holds 3 (not captured), and may be played.
    let (after, _) = pit(Alem, "1 2 2 2 2 | 2 2 2 2 2 0-0 S", 1);
    assert_eq!(after, "0 2 2 2 2 | 2 2 2 2 3 0-0 N");
    assert_eq!(legal(Alem, &after), "6 7 8ccw 8cw 9 10");
}

#[test]
fn more_than_one_seed_bars_nothing() {
    // Pit 1's two seeds go clockwise into 10 and 9: pit 10 holds a single
    // seed sown round the end, but it came with another.
    let (after, _) = pit(Alem, "2 2 2 2 2 | 2 2 2 2 0 0-0 S", 1);
    assert_eq!(after, "0 2 2 2 2 | 2 2 2 3 1 0-0 N");
    assert_eq!(legal(Alem, &after), "6 7 8ccw 8cw 9 10");
}

#[test]
fn a_pit_the_capture_empties_is_not_barred() {
    // The seed makes 1 in North's pit 10, which is captured: nothing to
    // bar (MancalaGames judges the bar on the board after the capture).
    let (after, report) = pit(TakesOnes, "1 2 2 2 2 | 2 2 2 2 0 0-0 S", 1);
    assert_eq!(after, "0 2 2 2 2 | 2 2 2 2 0 1-0 N");
    assert_eq!(report.seeds_captured, 1);
}

#[test]
fn a_player_whose_only_pit_is_barred_has_no_move() {
    // North's only seed is the one just sown into pit 10: North has no
    // move, and here a player with no move ends the game (each keeps their
    // own row: South 8, North 1).
    let (after, _) = pit(Alem, "1 2 2 2 2 | 0 0 0 0 0 0-0 S", 1);
    assert_eq!(after, "0 2 2 2 2 | 0 0 0 0 1 0-0 N b10");
    assert_eq!(ended(Alem, &after).totals, [8, 1]);
}

#[test]
fn a_pass_lifts_the_bar() {
    // Where a player with no move passes, North passes; the bar does not
    // pass to South (MancalaGames' would fall on pit 1, the pit the seed
    // left, empty).
    let (after, _) = pit(AlemPasses, "1 2 2 2 2 | 0 0 0 0 0 0-0 S", 1);
    assert_eq!(after, "0 2 2 2 2 | 0 0 0 0 1 0-0 N b10");
    assert_eq!(legal(AlemPasses, &after), "pass");
    let (after, _) = sow(AlemPasses, &after, Move::Pass);
    assert_eq!(after, "0 2 2 2 2 | 0 0 0 0 1 0-0 S");
    assert_eq!(legal(AlemPasses, &after), "2 3ccw 3cw 4 5");
}

#[test]
fn the_refusal_names_the_barred_return() {
    assert_eq!(
        refusal(Alem, "0 2 2 2 2 | 2 2 2 2 1 0-0 N b10", Move::Pit(10)),
        IllegalMove::BarredReturn { pit: 10 }
    );
}

#[test]
fn rows_of_even_length_bar_too() {
    // 2x6, pits 1-3 and 7-9 clockwise, 4-6 and 10-12 counterclockwise:
    // South's pit 6 round the end into North's 7.
    let (after, _) = pit(Even, "4 4 4 4 4 1 | 0 4 4 4 4 4 0-0 S", 6);
    assert_eq!(after, "4 4 4 4 4 0 | 1 4 4 4 4 4 0-0 N b7");
    assert_eq!(legal(Even, &after), "8 9 10 11 12");
}

#[test]
fn the_position_is_no_larger_for_the_bar() {
    // The barred pit shares the opening's byte (3 bits of it): a board of
    // 12 pits has no padding left for a byte of its own.
    assert_eq!(std::mem::size_of::<Position<10>>(), 20);
    assert_eq!(std::mem::size_of::<Position<12>>(), 20);
    assert_eq!(std::mem::size_of::<Position<14>>(), 24);
    assert_eq!(std::mem::size_of::<Position<2>>(), 12);
}

#[test]
fn the_opening_and_the_bar_are_held_together() {
    // The opening's move 1 bars the return too.
    let (after, _) = pit(WithOpening, "1 2 2 2 2 | 2 2 2 2 0 0-0 S o1", 1);
    assert_eq!(after, "0 2 2 2 2 | 2 2 2 2 1 0-0 N b10");
    let pos = board(WithOpening, "0 2 2 2 2 | 2 2 2 2 1 0-0 N o1 b10");
    assert_eq!((pos.opening_left(), pos.barred()), (1, Some(9)));
    // At most 31 moves of an opening: a longer one is a problem.
    assert_eq!(
        Position::<10>::filled(1).with_opening_left(32),
        Err(PositionError::OpeningTooLong { left: 32 })
    );
    assert_eq!(
        Position::<10>::filled(1)
            .with_opening_left(31)
            .map(|pos| pos.opening_left()),
        Ok(31)
    );
    let long = Rules {
        opening: Some(Opening { no_captures_for: 32 }),
        ..*WithOpening.rules()
    };
    assert!(long
        .problems(10)
        .iter()
        .any(|p| matches!(p, RulesProblem::OpeningTooLong { moves: 32 })));
}

#[test]
fn the_notation_shows_the_barred_pit_and_reads_it_back() {
    let pos = board(Alem, "0 2 2 2 2 | 2 2 2 2 1 0-0 N b10");
    assert_eq!(pos.barred(), Some(9));
    let built: Position<10> = "0 2 2 2 2 | 2 2 2 2 1 0-0 N".parse().expect("notation");
    assert_eq!(built.with_barred(Some(9)), Ok(pos));
    // Only an end pit of a row can be barred.
    assert!("0 2 2 2 2 | 2 2 2 2 1 0-0 N b8".parse::<Position<10>>().is_err());
    assert_eq!(
        built.with_barred(Some(7)),
        Err(PositionError::BadBarred { pit: 8 })
    );
    assert!("0 2 2 2 2 | 2 2 2 2 1 0-0 N b0".parse::<Position<10>>().is_err());
    assert!("0 2 2 2 2 | 2 2 2 2 1 0-0 N b10 b6"
        .parse::<Position<10>>()
        .is_err());
    // The mirror (each row reversed) bars the mirrored pit.
    assert_eq!(pos.mirrored().to_string(), "2 2 2 2 0 | 1 2 2 2 2 0-0 N b6");
}

#[test]
fn a_barred_pit_the_game_or_the_board_cannot_have_is_refused() {
    // 25 seeds a side: a position of the game.
    let pos = board(Alem, "0 5 5 5 5 | 5 5 5 4 1 10-0 N b10");
    assert_eq!(Alem.validate(&pos), Ok(()));
    assert_eq!(
        Free.validate(&pos),
        Err(PositionError::BarredNotInGame { pit: 10 })
    );
    // Not the mover's pit, not a single seed, or the pit round the end
    // not empty: no return left that.
    for text in [
        "0 5 5 5 5 | 5 5 5 4 1 10-0 S b10",
        "0 5 5 5 5 | 5 5 5 3 2 10-0 N b10",
        "1 5 5 5 5 | 5 5 5 4 1 9-0 N b10",
    ] {
        assert_eq!(
            Alem.validate(&board(Alem, text)),
            Err(PositionError::BadBarred { pit: 10 }),
            "{text}"
        );
    }
}

#[test]
fn combinations_not_read_are_problems() {
    let with = |rules: Rules| {
        rules
            .problems(10)
            .iter()
            .find_map(|p| match p {
                RulesProblem::BarredReturnCombination { with } => Some(with),
                _ => None,
            })
            .unwrap_or("none")
    };
    let alem = *Alem.rules();
    assert_eq!(with(alem), "none");
    // Sown one way: no end pit's seed goes round the end on both sides.
    assert!(with(Rules {
        turn: SowingTurn {
            halves: RowHalves::Together,
            chosen_direction: PitSet::EMPTY,
            ..alem.turn
        },
        ..alem
    })
    .contains("turn.halves"));
    // Singletons that may not move: the rule would never apply.
    assert!(with(Rules {
        play: Playable {
            min_seeds: 2,
            ..BARRED
        },
        ..alem
    })
    .contains("play.min_seeds"));
    // A direction chosen at an end of the row.
    assert!(with(Rules {
        turn: SowingTurn {
            chosen_direction: PitSet::single(2).with(0),
            ..alem.turn
        },
        ..alem
    })
    .contains("turn.chosen_direction"));
    // Relay laps.
    assert!(with(Rules {
        turn: SowingTurn {
            lap: Lap::RelayWith(mancala_rules::primitives::RelayRule::new(
                Sowing::NextPit,
                Counts::at_least(2)
            )),
            ..alem.turn
        },
        ..alem
    })
    .contains("turn.lap"));
    // Feeding.
    assert!(with(Rules {
        play: Playable {
            must_feed: true,
            ..BARRED
        },
        ..alem
    })
    .contains("play.must_feed"));
}

#[test]
fn the_solver_refuses_a_game_that_bars_returns() {
    assert!(matches!(
        mancala_rules::solve::Table::build(Alem, 2),
        Err(mancala_rules::solve::SolveError::Rules(_))
    ));
}

#[test]
fn the_fingerprint_says_the_bar() {
    assert_ne!(Alem.rules().fingerprint(10), Free.rules().fingerprint(10));
}

#[cfg(feature = "serde")]
#[test]
fn the_serde_form_carries_the_barred_pit_only_when_set() {
    let pos = board(Alem, "0 2 2 2 2 | 2 2 2 2 1 0-0 N b10");
    let json = serde_json::to_string(&pos).expect("serialize");
    assert_eq!(
        json,
        r#"{"pits":[0,2,2,2,2,2,2,2,2,1],"scores":[0,0],"to_move":1,"barred":10}"#
    );
    assert_eq!(serde_json::from_str::<Position<10>>(&json).expect("read"), pos);
    let json = serde_json::to_string(&board(Alem, "0 2 2 2 2 | 2 2 2 2 1 0-0 N")).expect("serialize");
    assert!(!json.contains("barred"), "{json}");
    // A pit no return can bar.
    let bad = r#"{"pits":[0,2,2,2,2,2,2,2,2,1],"scores":[0,0],"to_move":1,"barred":8}"#;
    assert!(serde_json::from_str::<Position<10>>(bad).is_err());
}

#[cfg(all(feature = "serde", feature = "protocol"))]
#[test]
fn the_data_form_says_the_rule_only_when_declared() {
    let data = mancala_rules::RulesData::of(Alem.rules(), 10);
    let json = serde_json::to_string(&data).expect("serialize");
    assert!(json.contains(r#""barred_return":true"#), "{json}");
    let free = serde_json::to_string(&mancala_rules::RulesData::of(Free.rules(), 10)).expect("serialize");
    assert!(!free.contains("barred_return"), "{free}");
    let read = mancala_rules::RulesData::from_json(&json).expect("read");
    assert_eq!(read.rules().fingerprint(10), Alem.rules().fingerprint(10));
}

#[cfg(feature = "protocol")]
#[test]
fn the_protocol_sends_the_barred_pit_only_while_there_is_one() {
    let answer = |request: &str| {
        let mut out = Vec::new();
        mancala_rules::protocol::respond(request, &mut out).expect("answer");
        String::from_utf8(out).expect("utf-8")
    };
    // Alemungula: South's pit 1 (one seed) round the end into pit 10.
    let start = r#""start":{"pits":[1,5,5,5,5,5,5,5,5,0],"scores":[9,0],"to_move":0}"#;
    let line = answer(&format!(r#"{{"game":"alemungula",{start},"moves":["1"]}}"#));
    assert!(line.contains(r#""winner":null,"barred":10}"#), "{line}");
    assert!(line.contains(r#""legal":["6","7","8ccw","8cw","9"]"#), "{line}");
    // A start barring pit 10, sent back as it is; the next move lifts it.
    let start = r#""start":{"pits":[0,5,5,5,5,5,5,5,5,1],"scores":[9,0],"to_move":1,"barred":10}"#;
    let line = answer(&format!(r#"{{"game":"alemungula",{start},"moves":["9"]}}"#));
    assert!(!line.contains("error"), "{line}");
    assert_eq!(line.matches("\"barred\":10").count(), 1, "{line}");
    // Oware: no such field, and a start with a barred pit refused.
    let line = answer(r#"{"game":"oware","moves":["1"]}"#);
    assert!(!line.contains("barred"), "{line}");
    let oware = r#"{"game":"oware","start":{"pits":[4,4,4,4,4,4,4,4,4,4,4,4],"scores":[0,0],"to_move":0,"barred":1},"moves":[]}"#;
    assert!(answer(oware).contains("bars no return"), "{}", answer(oware));
}
