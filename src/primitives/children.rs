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
/// by the player facing its row, so that a set of pits says them all.
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
///     children: Some(Children { made_on: 3, one_each: true, not_last_pit: true, apart: Apart::SameNumber }),
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
}

impl Children {
    /// Whether the last seed, fallen in pit `last` (0-based) of `pits`
    /// sown counterclockwise by `mover`, makes it a child when `children`
    /// are the children before the move.
    #[must_use]
    pub fn made<const P: usize>(self, children: PitSet, pits: &[u8; P], last: usize, mover: Player) -> bool {
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

/// The position as its players own it: each child's seeds moved into its
/// owner's captures (the child pits left empty, so they are not moves), what
/// the end rules and the end totals read in a game with children.
#[must_use]
pub(crate) fn claimed<const P: usize>(pos: &Position<P>) -> Position<P> {
    let mut view = *pos;
    for pit in pos.children {
        // A child is owned by the player facing its row.
        let owner = Position::<P>::owner(pit).opponent();
        let score = &mut view.scores[owner.index()];
        *score = score.wrapping_add(view.pits[pit]);
        view.pits[pit] = 0;
    }
    view
}
