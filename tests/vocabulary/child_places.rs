//! Named tests for children made by place and owned by their maker
//! ([`Children::places`], [`ChildPlaces`]: MancalaGames' child locations
//! with no rule on the row, Andot's), each on a concrete board worked out
//! by hand in a comment.
//!
//! Boards (2x6): South's pits 1..6, `|`, North's 7..12 (counterclockwise),
//! then captures South-North, the player to move and the children (`c5`).
//! The halves sow outward: South's pits 1-3 and North's 7-9 clockwise,
//! South's 4-6 and North's 10-12 counterclockwise. A row's places are
//! counted from its owner's left: South's pit 1 and North's pit 7 are
//! place 1.

use crate::common::boards::{board, ended, legal, pit};
use mancala_rules::primitives::{Apart, ChildPlaces, Children, RowHalves, SowingTurn};
use mancala_rules::{
    declare, Declared, Ending, Leftover, Move, PitSet, Playable, Player, Rules, RulesProblem, Ruleset, Stuck,
};

/// Andot's places (MancalaGames' `INV_ENDS_PLUS_MID`): the four middle
/// pits of one's own row, the two end pits of the opponent's.
const ANDOT_PLACES: ChildPlaces = ChildPlaces {
    own: PitSet::from_bits(0b01_1110),
    opponent: PitSet::from_bits(0b10_0001),
};

const fn by_place(places: ChildPlaces) -> Children {
    Children {
        made_on: 4,
        one_each: false,
        not_last_pit: false,
        apart: Apart::Any,
        places: Some(places),
    }
}

const fn andot(places: ChildPlaces) -> Rules {
    Rules {
        seeds: 4,
        play: Playable {
            barred_return: true,
            ..Playable::DEFAULT
        },
        turn: SowingTurn {
            halves: RowHalves::Outward,
            children: Some(by_place(places)),
            ..SowingTurn::DEFAULT
        },
        end: Ending {
            stuck: Stuck::Passes(Leftover::Nobody),
            majority: Some(Leftover::Nobody),
            starvation: Leftover::Nobody,
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

declare!(Andot, 12, andot(ANDOT_PLACES));
// Only place 2 of one's own row: not the same seen in the mirror.
declare!(
    LeftOnly,
    12,
    andot(ChildPlaces {
        own: PitSet::from_bits(0b10),
        opponent: PitSet::EMPTY,
    })
);

#[test]
fn a_child_in_the_middle_of_ones_own_row() {
    // South's pit 4 (counterclockwise) sows its seed into pit 5, which
    // then holds 4: place 5 of South's own row, South's child.
    let (after, _) = pit(Andot, "0 0 0 1 3 0 | 0 0 0 0 0 2 0-0 S", 4);
    assert_eq!(after, "0 0 0 0 4 0 | 0 0 0 0 0 2 0-0 N c5");
    assert_eq!(
        Andot.rules().turn.children.map(|c| c.owner_of::<12>(4)),
        Some(Player::South)
    );
}

#[test]
fn a_child_in_an_end_pit_of_the_opponents_row() {
    // South's pit 6 sows its seed round the end into North's pit 7, which
    // then holds 4: place 1 of the opponent's row, South's child (and no
    // bar: the pit holds more than the seed sown).
    let (after, _) = pit(Andot, "0 0 0 0 0 1 | 3 0 0 0 0 2 0-0 S", 6);
    assert_eq!(after, "0 0 0 0 0 0 | 4 0 0 0 0 2 0-0 N c7");
    assert_eq!(
        Andot.rules().turn.children.map(|c| c.owner_of::<12>(6)),
        Some(Player::South)
    );
}

#[test]
fn no_child_where_the_places_say_none() {
    // South's pit 2 (clockwise) into pit 1: 4 seeds at an end of South's
    // own row, not a place of one's own.
    assert_eq!(
        pit(Andot, "3 1 0 0 0 0 | 0 0 0 0 0 2 0-0 S", 2).0,
        "4 0 0 0 0 0 | 0 0 0 0 0 2 0-0 N"
    );
    // South's pit 6's two seeds into North's 7 and 8: 4 in pit 8, place 2
    // of the opponent's row, not one of theirs.
    assert_eq!(
        pit(Andot, "0 0 0 0 0 2 | 0 3 0 0 0 2 0-0 S", 6).0,
        "0 0 0 0 0 0 | 1 4 0 0 0 2 0-0 N"
    );
}

#[test]
fn a_clockwise_move_reads_the_places_unmirrored() {
    // Place 2 only. South's pit 3 (clockwise) into pit 2, which holds 4:
    // a child; played in the mirror, where pit 2 is place 5.
    assert_eq!(
        pit(LeftOnly, "0 3 1 0 0 0 | 0 0 0 0 0 2 0-0 S", 3).0,
        "0 4 0 0 0 0 | 0 0 0 0 0 2 0-0 N c2"
    );
    // Pit 4 (counterclockwise) into pit 5 (place 5): no child.
    assert_eq!(
        pit(LeftOnly, "0 0 0 1 3 0 | 0 0 0 0 0 2 0-0 S", 4).0,
        "0 0 0 0 4 0 | 0 0 0 0 0 2 0-0 N"
    );
    // North's pit 9 (place 3, clockwise) into pit 8, North's place 2.
    assert_eq!(
        pit(LeftOnly, "0 0 0 0 0 2 | 0 3 1 0 0 0 0-0 N", 9).0,
        "0 0 0 0 0 2 | 0 4 0 0 0 0 0-0 S c8"
    );
}

#[test]
fn a_child_is_never_played() {
    // South's own child, pit 5, holds seeds but is not a move.
    assert_eq!(legal(Andot, "0 0 1 0 4 0 | 0 0 0 0 0 2 0-0 S c5"), "3");
}

#[test]
fn a_childs_seeds_are_its_makers_at_the_end() {
    // Nothing left to play: pit 5 (South's own place) is South's, pit 1
    // (an end of South's row) North's.
    let outcome = ended(Andot, "9 0 0 0 4 0 | 0 0 0 0 0 0 0-0 S c1,5");
    assert_eq!(outcome.totals, [4, 9]);
}

#[test]
fn a_child_counts_for_its_maker_in_the_majority() {
    // Pit 2, a child in the middle of South's row, is South's own: its 25
    // seeds of 48 are more than half, and the game is over, the seeds left
    // for nobody (read as the player facing it, it would be North's).
    let pos = board(Andot, "0 25 0 0 0 0 | 0 0 0 0 0 23 0-0 N c2");
    assert_eq!(Andot.validate(&pos), Ok(()));
    assert_eq!(
        ended(Andot, "0 25 0 0 0 0 | 0 0 0 0 0 23 0-0 N c2").totals,
        [25, 0]
    );
}

#[test]
fn a_player_whose_only_pit_is_barred_passes() {
    // South's pit 1 sows its seed round the end into North's pit 12:
    // North's only seed, barred; South can move, North passes.
    let (after, _) = pit(Andot, "1 0 5 0 0 0 | 0 0 0 0 0 0 0-0 S", 1);
    assert_eq!(after, "0 0 5 0 0 0 | 0 0 0 0 0 1 0-0 N b12");
    assert_eq!(legal(Andot, &after), "pass");
    let (after, _) = crate::common::boards::sow(Andot, &after, Move::Pass);
    assert_eq!(after, "0 0 5 0 0 0 | 0 0 0 0 0 1 0-0 S");
    assert_eq!(legal(Andot, &after), "3");
}

#[test]
fn neither_player_able_to_move_ends_it_for_nobody() {
    // South's only seeds are in its child (pit 3), North's only seed is
    // barred: the game ends, the child's seeds South's, the barred seed
    // nobody's.
    assert_eq!(
        ended(Andot, "0 0 4 0 0 0 | 0 0 0 0 0 1 0-0 N c3 b12").totals,
        [4, 0]
    );
}

#[test]
fn places_the_position_cannot_say_are_problems() {
    let problem = |places: ChildPlaces, children: fn(Children) -> Children| {
        let rules = Rules {
            turn: SowingTurn {
                children: Some(children(by_place(places))),
                ..Andot.rules().turn
            },
            ..*Andot.rules()
        };
        rules.problems(12).iter().find_map(|p| match p {
            RulesProblem::ChildrenCombination { with } => Some(with),
            _ => None,
        })
    };
    assert_eq!(problem(ANDOT_PLACES, |c| c), None);
    // A place both players may take: its child's owner is not fixed.
    let both = ChildPlaces {
        own: PitSet::from_bits(0b11),
        opponent: PitSet::from_bits(0b10),
    };
    assert!(problem(both, |c| c).is_some_and(|why| why.contains("both players")));
    // A place off the row, or none.
    let off = ChildPlaces {
        own: PitSet::from_bits(1 << 6),
        opponent: PitSet::EMPTY,
    };
    assert!(problem(off, |c| c).is_some_and(|why| why.contains("off the row")));
    let none = ChildPlaces {
        own: PitSet::EMPTY,
        opponent: PitSet::EMPTY,
    };
    assert!(problem(none, |c| c).is_some_and(|why| why.contains("off the row")));
    // The readings of the opponent's row beside places.
    assert!(problem(ANDOT_PLACES, |c| Children { one_each: true, ..c })
        .is_some_and(|why| why.contains("one each")));
    assert!(problem(ANDOT_PLACES, |c| Children {
        apart: Apart::Facing,
        ..c
    })
    .is_some());
}

#[test]
fn halves_with_the_last_pit_kept_are_a_problem() {
    let rules = Rules {
        turn: SowingTurn {
            children: Some(Children {
                made_on: 3,
                one_each: false,
                not_last_pit: true,
                apart: Apart::Any,
                places: None,
            }),
            ..Andot.rules().turn
        },
        ..*Andot.rules()
    };
    assert!(rules
        .problems(12)
        .iter()
        .any(|p| matches!(p, RulesProblem::ChildrenCombination { with } if with.contains("not_last_pit"))));
}

#[test]
fn the_fingerprint_says_the_places() {
    assert_ne!(Andot.rules().fingerprint(12), LeftOnly.rules().fingerprint(12));
}

#[cfg(all(feature = "serde", feature = "protocol"))]
#[test]
fn the_data_form_writes_the_places_from_1() {
    let data = mancala_rules::RulesData::of(Andot.rules(), 12);
    let json = serde_json::to_string(&data).expect("serialize");
    assert!(
        json.contains(r#""places":{"own":[2,3,4,5],"opponent":[1,6]}"#),
        "{json}"
    );
    let read = mancala_rules::RulesData::from_json(&json).expect("read");
    assert_eq!(read.rules().fingerprint(12), Andot.rules().fingerprint(12));
    // The catalogue's Andot is this game.
    let andot: mancala_rules::GameKind = "andot".parse().expect("catalogue");
    assert_eq!(andot.rules().fingerprint(12), Andot.rules().fingerprint(12));
}
