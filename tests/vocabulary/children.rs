//! Children (Kazakh and Kyrgyz tuzdyk, MancalaGames' `child`): pits that
//! become a player's house during play, and the sowing from the origin
//! first with a single seed on (Toguz Kumalak's). One named test per
//! reading, on concrete boards worked out by hand.
//!
//! Boards: South's pits 1..N, `|`, North's N+1..2N (counterclockwise), then
//! captures South-North, the player to move and the children (`c4`: pit 4
//! is a child; a child in North's row is South's, one in South's row
//! North's).

use crate::common::rules::{play, pos};
use mancala_rules::declare;
use mancala_rules::primitives::{
    Apart, CaptureRule, CaptureScope, Children, Counts, Direction, Lap, Sowing, SowingTurn,
};
use mancala_rules::{
    EndReason, Ending, Leftover, Move, MoveSet, PitSet, Position, PositionError, Rules, RulesProblem,
    Ruleset, Stuck,
};

const TOGUZ_CHILDREN: Children = Children {
    made_on: 3,
    one_each: true,
    not_last_pit: true,
    apart: Apart::SameNumber,
    places: None,
};

/// Toguz Kumalak's turn on 2x3 (3 seeds a pit, 18 in all): origin first
/// with a single seed on, evens captured in the opponent's row, children
/// made on 3.
const fn toguz(children: Children, direction: Direction) -> Rules {
    Rules {
        seeds: 3,
        turn: SowingTurn {
            lap: Lap::Single(Sowing::OriginFirstOrNext),
            direction,
            capture: CaptureRule::single(Counts::of(&[2, 4, 6, 8, 10, 12, 14, 16, 18])),
            scope: CaptureScope::OpponentRow,
            children: Some(children),
            ..SowingTurn::DEFAULT
        },
        end: Ending {
            stuck: Stuck::Ends(Leftover::Owners),
            majority: Some(Leftover::Nobody),
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

declare!(Toguz, 6, toguz(TOGUZ_CHILDREN, Direction::CounterClockwise));
declare!(
    ManyChildren,
    6,
    toguz(
        Children {
            one_each: false,
            ..TOGUZ_CHILDREN
        },
        Direction::CounterClockwise
    )
);
declare!(
    AnyPit,
    6,
    toguz(
        Children {
            not_last_pit: false,
            apart: Apart::Any,
            places: None,
            ..TOGUZ_CHILDREN
        },
        Direction::CounterClockwise
    )
);
declare!(
    Xorgol,
    6,
    toguz(
        Children {
            apart: Apart::Facing,
            places: None,
            ..TOGUZ_CHILDREN
        },
        Direction::Clockwise
    )
);
declare!(
    XorgolAnyPit,
    6,
    toguz(
        Children {
            not_last_pit: false,
            apart: Apart::Any,
            places: None,
            ..TOGUZ_CHILDREN
        },
        Direction::Clockwise
    )
);

// The same turn without children.
declare!(
    NoChildren,
    6,
    Rules {
        turn: SowingTurn {
            children: None,
            ..toguz(TOGUZ_CHILDREN, Direction::CounterClockwise).turn
        },
        ..toguz(TOGUZ_CHILDREN, Direction::CounterClockwise)
    }
);

/// The position after pit `number` in `before`, a position of the game
/// (checked valid before and after), as notation.
fn after<R: Ruleset>(rules: R, before: &str, number: u8) -> String {
    play(rules, before, Move::Pit(number)).0.to_string()
}

#[test]
fn child_made_when_the_last_seed_makes_three_in_the_opponents_row() {
    // Pit 3's two seeds: one back into 3, one into 4, which then holds 3.
    assert_eq!(after(Toguz, "1 1 2 | 2 1 1 5-5 S", 3), "1 1 1 | 3 1 1 5-5 N c4");
    // Without children the 3 is only an odd count: nothing happens.
    assert_eq!(after(NoChildren, "1 1 2 | 2 1 1 5-5 S", 3), "1 1 1 | 3 1 1 5-5 N");
}

#[test]
fn one_child_each() {
    // South already has a child (pit 5): pit 4 stays an ordinary pit.
    assert_eq!(
        after(Toguz, "1 1 2 | 2 1 1 5-5 S c5", 3),
        "1 1 1 | 3 1 1 5-5 N c5"
    );
    assert_eq!(
        after(ManyChildren, "1 1 2 | 2 1 1 5-5 S c5", 3),
        "1 1 1 | 3 1 1 5-5 N c4,5"
    );
}

#[test]
fn no_child_in_the_opponents_pit_sown_last_before_the_movers_row() {
    // Pit 3's four seeds: 3, 4, 5, 6; pit 6 holds 3 but is North's last.
    assert_eq!(after(Toguz, "3 3 4 | 1 1 2 2-2 S", 3), "3 3 1 | 2 2 3 2-2 N");
    assert_eq!(after(AnyPit, "3 3 4 | 1 1 2 2-2 S", 3), "3 3 1 | 2 2 3 2-2 N c6");
}

#[test]
fn no_child_on_the_same_number_as_the_opponents() {
    // North's child is pit 1, the same number in South's row as pit 4.
    assert_eq!(
        after(Toguz, "1 1 2 | 2 1 1 5-5 S c1", 3),
        "1 1 1 | 3 1 1 5-5 N c1"
    );
    assert_eq!(
        after(AnyPit, "1 1 2 | 2 1 1 5-5 S c1", 3),
        "1 1 1 | 3 1 1 5-5 N c1,4"
    );
}

#[test]
fn clockwise_children_not_facing_and_not_the_last_pit_before_the_movers_row() {
    // Clockwise, pit 1's two seeds go into 1 and 6: pit 6 holds 3.
    assert_eq!(after(Xorgol, "2 1 1 | 1 1 2 5-5 S", 1), "1 1 1 | 1 1 3 5-5 N c6");
    // Pit 1's four seeds: 1, 6, 5, 4; pit 4 is sown last before South's
    // row (clockwise).
    assert_eq!(after(Xorgol, "4 1 1 | 2 1 1 4-4 S", 1), "1 1 1 | 3 2 2 4-4 N");
    assert_eq!(
        after(XorgolAnyPit, "4 1 1 | 2 1 1 4-4 S", 1),
        "1 1 1 | 3 2 2 4-4 N c4"
    );
    // Pit 2's three seeds: 2, 1 (North's child) and 6, which faces it.
    assert_eq!(
        after(Xorgol, "1 3 1 | 1 1 2 4-5 S c1", 2),
        "2 1 1 | 1 1 3 4-5 N c1"
    );
    assert_eq!(
        after(XorgolAnyPit, "1 3 1 | 1 1 2 4-5 S c1", 2),
        "2 1 1 | 1 1 3 4-5 N c1,6"
    );
}

#[test]
fn a_child_is_never_played() {
    // South's child is pit 5, in North's row: North may play 4 and 6 only.
    let position = pos(Toguz, "1 1 1 | 3 1 1 5-5 N c5");
    assert_eq!(
        Toguz.legal_moves(&position),
        MoveSet::pits(PitSet::single(3).with(5))
    );
}

#[test]
fn a_child_is_never_captured_from() {
    // Pit 3's single seed goes on into pit 4, South's own child: 2 seeds,
    // an even count, but a child is not captured.
    assert_eq!(
        after(Toguz, "1 0 1 | 1 2 2 5-6 S c4", 3),
        "1 0 0 | 2 2 2 5-6 N c4"
    );
    assert_eq!(after(NoChildren, "1 0 1 | 1 2 2 5-6 S", 3), "1 0 0 | 0 2 2 7-6 N");
}

#[test]
fn a_single_seed_goes_on_into_the_next_pit() {
    let mut pits = [1, 0, 0, 0];
    assert_eq!(Sowing::OriginFirstOrNext.sow(&mut pits, 0), 1);
    assert_eq!(pits, [0, 1, 0, 0]);
    let mut pits = [1, 0, 0, 0];
    assert_eq!(Sowing::OriginFirst.sow(&mut pits, 0), 0);
    assert_eq!(pits, [1, 0, 0, 0]);
    let mut pits = [2, 0, 0, 0];
    assert_eq!(Sowing::OriginFirstOrNext.sow(&mut pits, 0), 1);
    assert_eq!(pits, [1, 1, 0, 0]);
}

#[test]
fn a_childs_seeds_are_its_owners_at_the_end() {
    // South cannot move: each keeps their own row, but pit 4's 3 seeds are
    // South's child's.
    let outcome = Toguz.status(&pos(Toguz, "0 0 0 | 3 1 1 5-8 S c4")).outcome();
    let outcome = outcome.expect("South is stuck");
    assert_eq!(
        (outcome.totals, outcome.reason),
        ([8, 10], EndReason::MoverRowEmpty)
    );
    let outcome = NoChildren
        .status(&pos(NoChildren, "0 0 0 | 3 1 1 5-8 S"))
        .outcome();
    assert_eq!(outcome.map(|o| o.totals), Some([5, 13]));
}

#[test]
fn a_childs_seeds_count_for_the_majority() {
    // South has 4 captured and 6 in its child: 10 of 18.
    let outcome = Toguz.status(&pos(Toguz, "1 1 1 | 6 1 1 4-3 N c4")).outcome();
    let outcome = outcome.expect("South has a majority");
    assert_eq!((outcome.totals, outcome.reason), ([10, 3], EndReason::Majority));
    assert!(!NoChildren
        .status(&pos(NoChildren, "1 1 1 | 6 1 1 4-3 N"))
        .is_over());
}

#[test]
fn notation_carries_the_children() {
    let position: Position<6> = "1 1 1 | 3 1 1 5-5 N c1,4".parse().expect("notation");
    assert_eq!(position.children, PitSet::single(0).with(3));
    assert_eq!(position.to_string(), "1 1 1 | 3 1 1 5-5 N c1,4");
    assert!("1 1 1 | 3 1 1 5-5 N c7".parse::<Position<6>>().is_err());
    assert!("1 1 1 | 3 1 1 5-5 N c4,4".parse::<Position<6>>().is_err());
    let plain = Position::<6>::new([1, 1, 1, 3, 1, 1], [5, 5], mancala_rules::Player::North);
    assert_eq!(plain.to_string(), "1 1 1 | 3 1 1 5-5 N");
    assert_ne!(plain, position);
}

#[cfg(feature = "serde")]
#[test]
fn serde_carries_the_children() {
    let position: Position<6> = "1 1 1 | 3 1 1 5-5 N c1,4".parse().expect("notation");
    let json = serde_json::to_string(&position).expect("serialize");
    assert_eq!(
        json,
        r#"{"pits":[1,1,1,3,1,1],"scores":[5,5],"to_move":1,"children":[1,4]}"#
    );
    let back: Position<6> = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, position);
    // No children: the form of every game before them.
    let plain = Position::<6>::new([1, 1, 1, 3, 1, 1], [5, 5], mancala_rules::Player::North);
    assert_eq!(
        serde_json::to_string(&plain).expect("serialize"),
        r#"{"pits":[1,1,1,3,1,1],"scores":[5,5],"to_move":1}"#
    );
}

#[test]
fn children_in_a_game_without_them_are_refused() {
    let position: Position<6> = "1 1 1 | 3 1 1 5-5 N c4".parse().expect("notation");
    assert_eq!(
        NoChildren.validate(&position),
        Err(PositionError::ChildNotInGame { pit: 4 })
    );
}

#[test]
fn children_beside_a_chained_capture_are_a_named_problem() {
    let rules = Rules {
        turn: SowingTurn {
            capture: CaptureRule::chain(Counts::of(&[2, 4])),
            ..toguz(TOGUZ_CHILDREN, Direction::CounterClockwise).turn
        },
        ..toguz(TOGUZ_CHILDREN, Direction::CounterClockwise)
    };
    assert!(matches!(
        rules.problems(6).first(),
        Some(RulesProblem::ChildrenCombination { .. })
    ));
    assert!(toguz(TOGUZ_CHILDREN, Direction::CounterClockwise)
        .problems(6)
        .is_empty());
    let relay = Rules {
        turn: SowingTurn {
            lap: Lap::RelayWith(mancala_rules::primitives::RelayRule::new(
                Sowing::OriginFirstOrNext,
                Counts::at_least(2),
            )),
            children: None,
            ..SowingTurn::DEFAULT
        },
        ..Rules::DEFAULT
    };
    assert!(matches!(
        relay.problems(6).first(),
        Some(RulesProblem::OriginFirstOrNextCombination { .. })
    ));
}

#[test]
fn the_solver_refuses_children() {
    assert!(matches!(
        mancala_rules::solve::Table::build(Toguz, 2),
        Err(mancala_rules::solve::SolveError::Rules(_))
    ));
}

#[cfg(feature = "protocol")]
#[test]
fn the_protocol_lists_the_children_of_a_game_with_them_only() {
    let answer = |request: &str| {
        let mut out = Vec::new();
        mancala_rules::protocol::respond(request, &mut out).expect("answer");
        String::from_utf8(out).expect("utf-8")
    };
    let start = r#""start":{"pits":[9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9],"scores":[0,0],"to_move":0}"#;
    let line = answer(&format!(r#"{{"game":"toguz-kumalak",{start},"moves":[]}}"#));
    assert!(line.contains(r#""winner":null,"children":[]}"#), "{line}");
    // A start with children, sent back as it is.
    let start_with = r#""start":{"pits":[9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9],"scores":[0,0],"to_move":0,"children":[3,12]}"#;
    let line = answer(&format!(
        r#"{{"game":"toguz-kumalak",{start_with},"moves":["1"]}}"#
    ));
    assert!(line.contains(r#""children":[3,12]}"#), "{line}");
    assert!(!line.contains("error"), "{line}");
    // Oware: no children field, and a start with children refused.
    let line = answer(r#"{"game":"oware","moves":[]}"#);
    assert!(!line.contains("children"), "{line}");
    let oware = r#"{"game":"oware","start":{"pits":[4,4,4,4,4,4,4,4,4,4,4,4],"scores":[0,0],"to_move":0,"children":[3]},"moves":[]}"#;
    assert!(answer(oware).contains("cannot be a child"));
}
