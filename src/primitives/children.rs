//! Children: pits that become a player's house during play (the Kazakh and
//! Kyrgyz tuzdyk of Toguz Kumalak, MancalaGames' `child`).

use crate::moves::PitSet;
use crate::position::{Player, Position};

/// Which pit may not be a child beside another child (see
/// [`Children::apart`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Apart {
    /// No pit is kept apart.
    #[default]
    Any,
    /// A child may not be made in the pit of the same number in the other
    /// row as the opponent's child (pit `k` of South's row and pit `k` of
    /// North's, each counted from its owner's left: Toguz Kumalak).
    SameNumber,
    /// A child may not be made facing the opponent's child (Toguz
    /// Xorgol).
    Facing,
}

/// The children of a game ([`SowingTurn::children`](super::SowingTurn::children)):
/// when the last seed of a move falls in a pit of the opponent's row that
/// then holds [`made_on`](Children::made_on) seeds, that pit becomes the
/// mover's child, instead of any capture, if the rules below allow it. A
/// child stays its owner's to the end of the game: it is never played and
/// never captured from, seeds are sown into it as into any pit and stay
/// there, and they are its owner's (they count with the owner's captures
/// for a majority and in the end totals; MancalaGames' reading).
///
/// A position holds its children ([`Position::children`]); each is owned
/// by the player facing its row (or, with [`places`](Children::places),
/// by the player the place says), so that a set of pits says them all.
///
/// Here (Toguz Kumalak's children on a 2x3 board) South's pit 3 sows its
/// two seeds into 3 and 4 (origin first): pit 4 holds 3 and becomes South's
/// child. A later seed sown there stays in it and counts for South.
///
/// ```
/// use mancala_rules::primitives::{Apart, Children, Lap, Sowing, SowingTurn};
/// use mancala_rules::{Move, PitSet, Position};
///
/// let turn = SowingTurn {
///     lap: Lap::Single(Sowing::OriginFirst),
///     children: Some(Children { made_on: 3, one_each: true, not_last_pit: true, apart: Apart::SameNumber, places: None }),
///     ..SowingTurn::DEFAULT
/// };
/// let mut pos: Position<6> = "1 1 2 | 2 1 1 0-0 S".parse()?;
/// turn.play(&mut pos, Move::Pit(3));
/// assert_eq!(pos.to_string(), "1 1 1 | 3 1 1 0-0 N c4");
/// assert_eq!(pos.children, PitSet::single(3));
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Children {
    /// The count the last seed must make in the pit (MancalaGames'
    /// `child_cvt`; Toguz Kumalak: 3).
    pub made_on: u8,
    /// Whether a player may make only one child in a game (MancalaGames'
    /// `ONE_CHILD`).
    #[cfg_attr(feature = "serde", serde(default))]
    pub one_each: bool,
    /// Whether the opponent's pit sown last before the mover's own row (in
    /// the direction of the sowing) may not be a child (Toguz Kumalak's
    /// ninth pit).
    #[cfg_attr(feature = "serde", serde(default))]
    pub not_last_pit: bool,
    /// Which pit may not be a child beside the opponent's child.
    #[cfg_attr(feature = "serde", serde(default))]
    pub apart: Apart,
    /// Where a player may make a child, by place, when children are not
    /// made in the opponent's row only ([`ChildPlaces`]; `None`, the
    /// default: anywhere in the opponent's row, each child the player's
    /// facing its row).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub places: Option<ChildPlaces>,
}

/// The places where a player may make a child ([`Children::places`]), in
/// their own row and in the opponent's, each row's places counted from its
/// owner's left, from 1 (place 1 is South's pit 1 and North's pit `N + 1`,
/// as [`SowingTurn::chosen_direction`](super::SowingTurn::chosen_direction)
/// counts them): MancalaGames' child locations (`child_locs`) with no rule
/// on the row (`child_rule` NONE), where the mover owns the child they
/// make. No place may be in both sets: the player who can make a child at a
/// place then owns it, so the position's children (a set of pits) say
/// their owners
/// ([`RulesProblem::ChildrenCombination`](crate::RulesProblem::ChildrenCombination)).
///
/// Andot's (MancalaGames' `INV_ENDS_PLUS_MID`): a child in the four middle
/// pits of one's own row, or in an end pit of the opponent's. Here on a 2x6
/// board whose halves sow outward, South's pit 3 sows its two seeds
/// clockwise into pits 2 and 1: pit 1, an end of South's own row, holds 4
/// but may not be South's child. Pit 4 sows its three seeds
/// counterclockwise into 5, 6 and North's 7: pit 5 holds 4 (not the last
/// pit), and pit 7, an end of North's row, becomes South's child.
///
/// ```
/// use mancala_rules::primitives::{Apart, ChildPlaces, Children, RowHalves, SowingTurn};
/// use mancala_rules::{Move, PitSet, Player, Position};
///
/// let andot = Children {
///     made_on: 4,
///     one_each: false,
///     not_last_pit: false,
///     apart: Apart::Any,
///     places: Some(ChildPlaces {
///         own: PitSet::from_bits(0b01_1110),      // places 2 to 5
///         opponent: PitSet::from_bits(0b10_0001), // places 1 and 6
///     }),
/// };
/// let turn = SowingTurn { halves: RowHalves::Outward, children: Some(andot), ..SowingTurn::DEFAULT };
/// let mut pos: Position<12> = "3 3 2 3 3 1 | 3 1 1 1 1 1 0-0 S".parse()?;
/// turn.play(&mut pos, Move::Pit(3));
/// assert_eq!(pos.to_string(), "4 4 0 3 3 1 | 3 1 1 1 1 1 0-0 N");
/// let mut pos: Position<12> = "3 3 2 3 3 1 | 3 1 1 1 1 1 0-0 S".parse()?;
/// turn.play(&mut pos, Move::Pit(4));
/// assert_eq!(pos.to_string(), "3 3 2 0 4 2 | 4 1 1 1 1 1 0-0 N c7");
/// assert_eq!(andot.owner_of::<12>(6), Player::South);
/// // A child in the middle of South's row is South's own.
/// assert_eq!(andot.owner_of::<12>(2), Player::South);
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct ChildPlaces {
    /// The places of the mover's own row where the mover may make a child
    /// (0-based bits; the data form writes them from 1: `[2, 3, 4, 5]`).
    #[cfg_attr(feature = "serde", serde(with = "super::direction::places"))]
    pub own: PitSet,
    /// The places of the opponent's row where the mover may make a child.
    #[cfg_attr(feature = "serde", serde(with = "super::direction::places"))]
    pub opponent: PitSet,
}

impl ChildPlaces {
    /// These places seen in the mirror (each row reversed: place `k` of
    /// `n` is place `n + 1 - k`), as a clockwise move is played.
    #[must_use]
    pub(crate) const fn mirrored(self, n: usize) -> ChildPlaces {
        ChildPlaces {
            own: mirror_places(self.own, n),
            opponent: mirror_places(self.opponent, n),
        }
    }
}

/// `places` (0-based, of a row of `n`) with each row reversed.
const fn mirror_places(places: PitSet, n: usize) -> PitSet {
    let mut mirrored = PitSet::EMPTY;
    let mut place = 0;
    while place < n {
        if places.contains(place) {
            mirrored = mirrored.with(n - 1 - place);
        }
        place += 1;
    }
    mirrored
}

impl Children {
    /// Whether the last seed, fallen in pit `last` (0-based) of `pits`
    /// sown counterclockwise by `mover`, makes it a child when `children`
    /// are the children before the move.
    #[must_use]
    pub fn made<const P: usize>(self, children: PitSet, pits: &[u8; P], last: usize, mover: Player) -> bool {
        if let Some(places) = self.places {
            // By place: the mover's own row or the opponent's, as the
            // places say (the checks below read rows, and are not
            // combined with places: RulesProblem::ChildrenCombination).
            if last >= P || children.contains(last) || pits[last] != self.made_on {
                return false;
            }
            let place = last % (P / 2);
            return if Position::<P>::owner(last) == mover {
                places.own.contains(place)
            } else {
                places.opponent.contains(place)
            };
        }
        let opponent_row = Position::<P>::row(mover.opponent());
        if last >= P || !opponent_row.contains(last) || children.contains(last) || pits[last] != self.made_on
        {
            return false;
        }
        // The mover's children are in the opponent's row.
        if self.one_each && !children.intersection(opponent_row).is_empty() {
            return false;
        }
        let n = P / 2;
        // Counterclockwise, the opponent's last pit before the mover's row.
        let last_of_row = match mover {
            Player::South => P - 1,
            Player::North => n - 1,
        };
        if self.not_last_pit && last == last_of_row {
            return false;
        }
        match self.apart {
            Apart::Any => true,
            Apart::SameNumber => !children.contains((last + n) % P),
            Apart::Facing => !children.contains(P - 1 - last),
        }
    }
}

impl Children {
    /// The owner of a child in pit `pit` (0-based): the player facing its
    /// row, or, with [`places`](Children::places), the player who may make
    /// a child there (the row's owner for a place of [`ChildPlaces::own`],
    /// else the player facing it).
    #[must_use]
    pub const fn owner_of<const P: usize>(self, pit: usize) -> Player {
        let row = Position::<P>::owner(pit);
        match self.places {
            Some(places) if places.own.contains(pit % (P / 2)) => row,
            _ => row.opponent(),
        }
    }
}

/// The position as its players own it: each child's seeds moved into its
/// owner's captures (the child pits left empty, so they are not moves), what
/// the end rules and the end totals read in a game with children.
#[must_use]
pub(crate) fn claimed<const P: usize>(pos: &Position<P>, children: Children) -> Position<P> {
    let mut view = *pos;
    for pit in pos.children {
        let owner = children.owner_of::<P>(pit);
        let score = &mut view.scores[owner.index()];
        *score = score.wrapping_add(view.pits[pit]);
        view.pits[pit] = 0;
    }
    view
}
