//! Named tests for the rules of the opening ([`Opening`], MancalaGames'
//! `nocaptmoves`: no capture in the first moves, counted down in
//! [`Position::opening_left`]) and the cap on a chain's length
//! ([`CaptureRule::max_chain`], MancalaGames' `multicapt` above 1), each on
//! a concrete board in standard notation, worked out by hand in a comment.
//!
//! Boards: South's pits 1..N, `|`, North's N+1..2N (counterclockwise), then
//! captures South-North, the player to move and, while the opening lasts,
//! `oK`: the moves of the opening left.

use crate::common::boards::{board, legal, pit, sow};
use mancala_rules::primitives::{Apart, CaptureRule, Children, Counts, ExtraTurn, SowingTurn, Stores};
use mancala_rules::{
    declare, Declared, Leftover, Move, Opening, Position, PositionError, Rules, RulesProblem, Ruleset, Stuck,
};

/// A capture of the last pit when it holds 3, on any row.
const THREES: SowingTurn = SowingTurn {
    capture: CaptureRule::single(Counts::of(&[3])),
    ..SowingTurn::DEFAULT
};

const fn opening(moves: u8, turn: SowingTurn) -> Rules {
    Rules {
        seeds: 2,
        opening: Some(Opening {
            no_captures_for: moves,
        }),
        turn,
        end: mancala_rules::Ending {
            stuck: Stuck::Passes(Leftover::Owners),
            ..mancala_rules::Ending::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

declare!(OneMove, 6, opening(1, THREES));
declare!(TwoMoves, 6, opening(2, THREES));
declare!(
    NoOpening,
    6,
    Rules {
        seeds: 2,
        turn: THREES,
        ..Rules::DEFAULT
    }
);
// Kalah-like: South's store after pit 3, an extra turn there.
declare!(
    WithStores,
    6,
    Rules {
        has_stores: true,
        turn: SowingTurn {
            stores: Stores::Own,
            extra_turn: ExtraTurn {
                in_own_store: true,
                after_capture: false,
                in_opponent_store: false,
            },
            ..THREES
        },
        ..opening(1, THREES)
    }
);
// A chain of pits holding 2, backward, at most 2 pits.
declare!(
    CappedChain,
    6,
    Rules {
        seeds: 2,
        turn: SowingTurn {
            capture: CaptureRule {
                max_chain: 2,
                ..CaptureRule::chain(Counts::of(&[2]))
            },
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    }
);

#[test]
fn the_start_holds_the_whole_opening() {
    assert_eq!(OneMove.start().to_string(), "2 2 2 | 2 2 2 0-0 S o1");
    assert_eq!(TwoMoves.start().opening_left(), 2);
    // A game without the rule: the byte stays 0, the notation as before.
    assert_eq!(NoOpening.start().to_string(), "2 2 2 | 2 2 2 0-0 S");
}

#[test]
fn a_capture_is_barred_in_move_1() {
    // Pit 3's two seeds: pits 4 and 5 hold 3; pit 5 would be captured.
    let (after, report) = pit(OneMove, "2 2 2 | 2 2 2 0-0 S o1", 3);
    assert_eq!(after, "2 2 0 | 3 3 2 0-0 N");
    assert_eq!(report.seeds_captured, 0);
    // The same move after the opening captures.
    assert_eq!(pit(OneMove, "2 2 2 | 2 2 2 0-0 S", 3).0, "2 2 0 | 3 0 2 3-0 N");
    assert_eq!(pit(NoOpening, "2 2 2 | 2 2 2 0-0 S", 3).0, "2 2 0 | 3 0 2 3-0 N");
}

#[test]
fn a_capture_is_allowed_in_move_n_plus_1() {
    // One move barred: North's pit 5 (3 seeds: pits 6, 1, 2) ends in pit 2,
    // which holds 3: captured in move 2.
    let (after, report) = pit(OneMove, "2 2 0 | 3 3 2 0-0 N", 5);
    assert_eq!(after, "3 0 0 | 3 0 3 0-3 S");
    assert_eq!(report.seeds_captured, 3);
    // Two moves barred: move 2 captures nothing, move 3 does.
    let (after, report) = pit(TwoMoves, "2 2 0 | 3 3 2 0-0 N o1", 5);
    assert_eq!(after, "3 3 0 | 3 0 3 0-0 S");
    assert_eq!(report.seeds_captured, 0);
    // Move 3: pit 1's three seeds (pits 2, 3, 4) end in pit 4, which
    // holds 3: captured.
    let (after, report) = pit(TwoMoves, "3 3 0 | 2 0 3 0-0 S", 1);
    assert_eq!(after, "0 4 1 | 0 0 3 3-0 N");
    assert_eq!(report.seeds_captured, 3);
}

#[test]
fn the_sowings_of_an_extra_turn_are_one_move() {
    // Pit 3's seed falls in South's store: an extra turn, the opening's
    // move not over (MancalaGames counts movers, not sowings).
    let (after, report) = pit(WithStores, "1 2 1 | 1 1 1 0-0 S o1", 3);
    assert_eq!(after, "1 2 0 | 1 1 1 1-0 S o1");
    assert!(report.in_store);
    // Still barred: pit 1's seed brings pit 2 to 3, not captured; the
    // turn is handed over and the opening is over.
    let (after, report) = pit(WithStores, &after, 1);
    assert_eq!(after, "0 3 0 | 1 1 1 1-0 N");
    assert_eq!(report.seeds_captured, 0);
    // After the opening the same sowing captures.
    assert_eq!(pit(WithStores, "1 2 0 | 1 1 1 1-0 S", 1).0, "0 0 0 | 1 1 1 4-0 N");
}

#[test]
fn a_pass_counts_but_the_bar_lifts_only_after_a_sowing() {
    // South cannot move and passes. MancalaGames counts the pass among its
    // movers but lifts the bar only at the end of a sowing move: North's
    // move still captures nothing.
    assert_eq!(legal(OneMove, "0 0 0 | 2 1 2 0-0 S o1"), "pass");
    let (after, _) = sow(OneMove, "0 0 0 | 2 1 2 0-0 S o1", Move::Pass);
    assert_eq!(after, "0 0 0 | 2 1 2 0-0 N o1");
    // Pit 4's two seeds: pits 5 and 6; pit 6 holds 3, not captured.
    let (after, report) = pit(OneMove, &after, 4);
    assert_eq!(after, "0 0 0 | 0 2 3 0-0 S");
    assert_eq!(report.seeds_captured, 0);
    // Two moves: the pass counts (2 to 1), then North's move ends it.
    let (after, _) = sow(TwoMoves, "0 0 0 | 2 1 2 0-0 S o2", Move::Pass);
    assert_eq!(after, "0 0 0 | 2 1 2 0-0 N o1");
    assert_eq!(pit(TwoMoves, &after, 4).0, "0 0 0 | 0 2 3 0-0 S");
}

#[test]
fn a_chain_takes_at_most_max_chain_pits() {
    // Pit 1's three seeds: pits 2, 3, 4 hold 2. The chain back from pit
    // 4 would take 4, 3, 2; capped at 2 it takes pits 4 and 3.
    let (after, report) = pit(CappedChain, "3 1 1 | 1 0 0 0-0 S", 1);
    assert_eq!(after, "0 2 0 | 0 0 0 4-0 N");
    assert_eq!(report.seeds_captured, 4);
}

#[test]
fn the_notation_shows_the_opening_left_and_reads_it_back() {
    let pos = board(TwoMoves, "2 2 2 | 2 2 2 0-0 S o2");
    assert_eq!(pos.opening_left(), 2);
    assert_eq!(pos, Position::<6>::filled(2).with_opening_left(2).unwrap());
    // With children: the opening comes after them.
    let pos: Position<6> = "2 2 2 | 2 2 2 0-0 N c4 o1".parse().expect("notation");
    assert_eq!(pos.to_string(), "2 2 2 | 2 2 2 0-0 N c4 o1");
    // `o0` is never written.
    assert!("2 2 2 | 2 2 2 0-0 S o0".parse::<Position<6>>().is_err());
    assert!("2 2 2 | 2 2 2 0-0 S o2 o1".parse::<Position<6>>().is_err());
}

#[cfg(feature = "serde")]
#[test]
fn the_serde_form_carries_the_opening_left_only_when_nonzero() {
    let pos = Position::<6>::filled(2).with_opening_left(1).unwrap();
    let json = serde_json::to_string(&pos).expect("serialize");
    assert_eq!(
        json,
        r#"{"pits":[2,2,2,2,2,2],"scores":[0,0],"to_move":0,"opening_left":1}"#
    );
    assert_eq!(serde_json::from_str::<Position<6>>(&json).expect("read"), pos);
    let json = serde_json::to_string(&Position::<6>::filled(2)).expect("serialize");
    assert!(!json.contains("opening_left"), "{json}");
}

#[test]
fn a_position_in_an_opening_the_game_does_not_have_is_refused() {
    let pos = Position::<6>::filled(2).with_opening_left(1).unwrap();
    assert_eq!(
        NoOpening.validate(&pos),
        Err(PositionError::OpeningNotInGame { left: 1, declared: 0 })
    );
    assert_eq!(OneMove.validate(&pos), Ok(()));
    assert_eq!(
        OneMove.validate(&pos.with_opening_left(2).unwrap()),
        Err(PositionError::OpeningNotInGame { left: 2, declared: 1 })
    );
}

#[test]
fn the_position_is_no_larger_for_the_opening() {
    // The byte fits in the padding before `children` (a u32); it holds
    // the barred pit too (tests/vocabulary/barred_return.rs).
    assert_eq!(std::mem::size_of::<Position<12>>(), 20);
    assert_eq!(std::mem::size_of::<Position<14>>(), 24);
    assert_eq!(std::mem::size_of::<Position<2>>(), 12);
}

#[test]
fn an_opening_of_no_move_or_with_children_is_a_problem() {
    let none = opening(0, THREES);
    assert!(matches!(
        none.problems(6).first(),
        Some(RulesProblem::OpeningWithoutMoves)
    ));
    let children = opening(
        1,
        SowingTurn {
            children: Some(Children {
                made_on: 3,
                one_each: true,
                not_last_pit: true,
                apart: Apart::SameNumber,
                places: None,
            }),
            ..THREES
        },
    );
    assert!(children.problems(6).iter().any(|p| matches!(
        p,
        RulesProblem::OpeningCombination {
            with: "turn.children"
        }
    )));
    assert!(OneMove.rules().problems(6).is_empty());
}

#[test]
fn a_chain_cap_without_a_chain_is_a_problem() {
    let rules = Rules {
        turn: SowingTurn {
            capture: CaptureRule {
                max_chain: 2,
                ..CaptureRule::single(Counts::of(&[2]))
            },
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    };
    assert!(matches!(
        rules.problems(6).first(),
        Some(RulesProblem::ChainCapWithoutChain)
    ));
    assert!(CappedChain.rules().problems(6).is_empty());
}
