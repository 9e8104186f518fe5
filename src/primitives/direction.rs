//! Sowing directions that are not the same for every move: each half of a
//! row sowing its own way ([`RowHalves`]), and pits from which the player
//! chooses the direction of each move ([`SowingTurn::chosen_direction`]).
//!
//! A pit of a row is named here by its place in the row as its owner sees
//! it, from their left: place 1 is South's pit 1 and North's pit `N + 1`
//! (North sits facing South, so the pit opposite South's pit `N` is on
//! North's left), place `N` is South's pit `N` and North's pit `2N`. The
//! same places, read this way, are every game's: the rule is the same for
//! both players.

use super::{Direction, SowingTurn};
use crate::moves::{Move, MoveSet, PitSet, Rotation};
use crate::position::Player;

/// Which way each half of a row sows, where the direction depends on the
/// pit played.
///
/// With [`Outward`](RowHalves::Outward), the half of a row on its owner's
/// left sows clockwise and the half on their right counterclockwise: each
/// toward its own end of the row, and on into the opponent's row (the
/// reading of MancalaGames' "split" sowing: Goat, Cow, Alemungula).
/// [`Inward`](RowHalves::Inward) is the other way round, each half toward
/// the centre of the row. The centre pit of an odd row belongs to neither
/// half: the player chooses its direction, so it must be one of the
/// [`chosen_direction`](SowingTurn::chosen_direction) places
/// ([`RulesProblem::CentreWithoutDirection`](crate::RulesProblem::CentreWithoutDirection)).
///
/// Here on a 2x3 board (Goat's), South's pit 1 (the left half) sows
/// clockwise, into North's pits 6 and 5; pit 3 (the right half)
/// counterclockwise, into North's 4 and 5; the centre pit 2 sows the way
/// the player says.
///
/// ```
/// use mancala_rules::primitives::{Direction, RowHalves, SowingTurn};
/// use mancala_rules::{Move, MoveSet, PitSet, Player, Position, Rotation};
///
/// let turn = SowingTurn {
///     halves: RowHalves::Outward,
///     chosen_direction: PitSet::single(1), // place 2: the centre
///     ..SowingTurn::DEFAULT
/// };
/// let start: Position<6> = "2 2 2 | 0 0 0 0-0 S".parse()?;
/// let mut left = start;
/// turn.play(&mut left, Move::Pit(1));
/// assert_eq!(left.to_string(), "0 2 2 | 0 1 1 0-0 N");
/// let mut right = start;
/// turn.play(&mut right, Move::Pit(3));
/// assert_eq!(right.to_string(), "2 2 0 | 1 1 0 0-0 N");
/// let mut centre = start;
/// turn.play(&mut centre, Move::Directed(2, Rotation::Clockwise));
/// assert_eq!(centre.to_string(), "3 0 2 | 0 0 1 0-0 N");
/// // The moves of South's row: pit 1, pit 2 either way, pit 3.
/// assert_eq!(turn.moves_from::<6>(PitSet::first(3), Player::South).to_string(), "1 2ccw 2cw 3");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum RowHalves {
    /// Every pit sows in the turn's [`direction`](SowingTurn::direction)
    /// (the crate's games).
    #[default]
    Together,
    /// The owner's left half of a row sows clockwise, the right half
    /// counterclockwise: each toward its own end (MancalaGames' SPLIT).
    Outward,
    /// The owner's left half sows counterclockwise, the right half
    /// clockwise: each toward the centre of the row (MancalaGames'
    /// TOCENTER).
    Inward,
}

impl RowHalves {
    /// Whether this is the default, [`RowHalves::Together`] (the data form
    /// leaves it out).
    #[must_use]
    pub const fn is_together(&self) -> bool {
        matches!(self, RowHalves::Together)
    }
}

/// Which way a chain of captures ([`CaptureRule::chain`](super::CaptureRule::chain))
/// runs after a move that sowed in a direction other than the turn's
/// [`direction`](SowingTurn::direction): a pit whose direction the player
/// chose, or a half of a row sowing its own way.
///
/// By default ([`AgainstSowing`](ChainAgainst::AgainstSowing)) a chain
/// runs back against the move's own sowing, as it does in every game.
/// [`AgainstTurnDirection`](ChainAgainst::AgainstTurnDirection) is
/// MancalaGames' reading of a game whose direction is counterclockwise (or
/// clockwise) but whose players choose the direction of their moves
/// (Mbangbi): its chain always runs against the game's direction, so after
/// a move sown the other way it runs on in the direction of the sowing.
/// The sources of Mbangbi say only that the pits before the last one are
/// taken too; the crate's reading of "before" is the default.
///
/// Here South's pit 1 sows its 2 seeds clockwise, into North's pits 10
/// and 9 (each now 2): the chain runs back to pit 10 by default (4 taken);
/// against the turn's counterclockwise direction it runs on to pit 8, which
/// holds 1: only pit 9 is taken.
///
/// ```
/// use mancala_rules::primitives::{CaptureRule, CaptureScope, ChainAgainst, Counts, Direction, SowingTurn};
/// use mancala_rules::{Move, PitSet, Position, Rotation};
///
/// let turn = |chain_against| SowingTurn {
///     capture: CaptureRule::chain(Counts::of(&[2, 4])),
///     scope: CaptureScope::OpponentRow,
///     chosen_direction: PitSet::first(5),
///     chain_against,
///     ..SowingTurn::DEFAULT
/// };
/// let start: Position<10> = "2 0 0 0 0 | 0 0 1 1 1 0-0 S".parse()?;
/// let mut back = start;
/// turn(ChainAgainst::AgainstSowing).play(&mut back, Move::Directed(1, Rotation::Clockwise));
/// assert_eq!(back.to_string(), "0 0 0 0 0 | 0 0 1 0 0 4-0 N");
/// let mut on = start;
/// turn(ChainAgainst::AgainstTurnDirection).play(&mut on, Move::Directed(1, Rotation::Clockwise));
/// assert_eq!(on.to_string(), "0 0 0 0 0 | 0 0 1 0 2 2-0 N");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum ChainAgainst {
    /// Back against the move's own sowing (the crate's reading).
    #[default]
    AgainstSowing,
    /// Against the turn's [`direction`](SowingTurn::direction), whichever
    /// way the move sowed (MancalaGames' reading of Mbangbi).
    AgainstTurnDirection,
}

impl ChainAgainst {
    /// Whether this is the default, [`ChainAgainst::AgainstSowing`] (the
    /// data form leaves it out).
    #[must_use]
    pub const fn is_against_sowing(&self) -> bool {
        matches!(self, ChainAgainst::AgainstSowing)
    }
}

impl SowingTurn {
    /// Whether every move sows in [`direction`](SowingTurn::direction):
    /// no halves of their own, no direction to choose (every game of the
    /// crate; a `const` declaration folds the other branches away).
    #[inline(always)]
    #[must_use]
    pub const fn fixed_direction(&self) -> bool {
        self.halves.is_together() && self.chosen_direction.is_empty()
    }

    /// The direction in which `mv`, played by `mover`, sows: the one the
    /// move names where the game lets the player choose (a
    /// [`Move::Directed`]), else its pit's half's, else the turn's
    /// [`direction`](SowingTurn::direction).
    #[inline(always)]
    #[must_use]
    pub fn direction_of<const P: usize>(&self, mv: Move) -> Direction {
        if self.fixed_direction() {
            return self.direction;
        }
        if let (false, Some(direction)) = (self.chosen_direction.is_empty(), mv.direction()) {
            return direction.into();
        }
        let (Some(pit), n) = (mv.index(), P / 2) else {
            return self.direction;
        };
        if n == 0 {
            return self.direction;
        }
        // The place in its row from the owner's left (see the module).
        let place = pit % n;
        let (left, right) = if place < n / 2 {
            (true, false)
        } else {
            (false, place >= n - n / 2)
        };
        match self.halves {
            RowHalves::Outward if left => Direction::Clockwise,
            RowHalves::Outward if right => Direction::CounterClockwise,
            RowHalves::Inward if left => Direction::CounterClockwise,
            RowHalves::Inward if right => Direction::Clockwise,
            // The centre of an odd row (whose direction is chosen), and
            // every pit of a row sown together.
            _ => self.direction,
        }
    }

    /// The pits of `mover`'s row whose direction the player chooses
    /// (0-based pit indices, from the places of
    /// [`chosen_direction`](SowingTurn::chosen_direction)).
    #[inline]
    #[must_use]
    pub const fn chosen_pits<const P: usize>(&self, mover: Player) -> PitSet {
        let n = P / 2;
        let places = self.chosen_direction.intersection(PitSet::first(n)).bits();
        PitSet::from_bits(places << (mover.index() * n))
    }

    /// The moves of `pits` (pits of `mover`'s row that may be played): a
    /// plain pit each, or both directions from a pit whose direction the
    /// player chooses.
    #[inline(always)]
    #[must_use]
    pub const fn moves_from<const P: usize>(&self, pits: PitSet, mover: Player) -> MoveSet {
        if self.chosen_direction.is_empty() {
            return MoveSet::pits(pits);
        }
        let chosen = self.chosen_pits::<P>(mover).intersection(pits);
        MoveSet::pits(pits.difference(chosen))
            .with_directed(chosen, Rotation::CounterClockwise)
            .with_directed(chosen, Rotation::Clockwise)
    }
}

/// The pit beside `pit` (0-based) round an end of the board: pit 1 and
/// pit `2N` face each other round one end, pit `N` and pit `N + 1` round
/// the other (where a sowing passes from one row into the other). `P`
/// (no pit) for a pit that is not at an end of its row.
#[inline]
#[must_use]
pub(crate) const fn round_the_end<const P: usize>(pit: usize) -> usize {
    let n = P / 2;
    if pit == 0 {
        P - 1
    } else if pit == P - 1 {
        0
    } else if pit + 1 == n {
        n
    } else if pit == n {
        n - 1
    } else {
        P
    }
}

/// The data form of [`SowingTurn::chosen_direction`]: the places, 1-based,
/// ascending (`[3]` for the centre of a 5-pit row).
#[cfg(feature = "serde")]
pub(crate) mod places {
    use crate::moves::PitSet;

    pub(crate) fn serialize<S: serde::Serializer>(set: &PitSet, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(set.map(|place| place + 1))
    }

    pub(crate) fn deserialize<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<PitSet, D::Error> {
        use serde::de::Error;
        let places: Vec<u8> = serde::Deserialize::deserialize(deserializer)?;
        places.into_iter().try_fold(PitSet::EMPTY, |set, place| {
            if (1..=15).contains(&place) {
                Ok(set.with(usize::from(place) - 1))
            } else {
                Err(D::Error::custom(format_args!(
                    "chosen_direction: a place in a row is 1 to 15, not {place}"
                )))
            }
        })
    }

    pub(crate) fn is_empty(set: &PitSet) -> bool {
        PitSet::is_empty(*set)
    }
}
