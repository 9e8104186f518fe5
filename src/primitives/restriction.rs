//! Restrictions on which pits may be played ([`MoveRestriction`]), beyond
//! a pit's count ([`Playable::min_seeds`](crate::Playable::min_seeds)).

use super::{Direction, Sowing};
use crate::moves::PitSet;
use crate::position::{Player, Position};

/// A rule on which of the mover's pits may be played, judged on the board
/// before the move, before the feeding rule and the grand slam rule
/// ([`Playable::restriction`](crate::Playable::restriction)). None of the
/// crate's documented games has one; each is a reading of MancalaGames'
/// `allow_rule`, named after it below.
///
/// On a 2x4 board sown counterclockwise from the next pit:
///
/// ```
/// use mancala_rules::primitives::MoveRestriction;
/// use mancala_rules::{declare, Playable, Rules, Ruleset};
///
/// const fn restricted(restriction: MoveRestriction) -> Rules {
///     Rules { play: Playable { restriction, ..Playable::DEFAULT }, ..Rules::DEFAULT }
/// }
/// declare!(OppOrEmpty, 8, restricted(MoveRestriction::EndsInOpponentRowOrEmpty));
/// declare!(SingleToEmpty, 8, restricted(MoveRestriction::SingletonToEmptyNext));
/// declare!(SinglesLast, 8, restricted(MoveRestriction::SingletonsOnlyWhenAll));
///
/// // Pit 1's seed would fall in pit 2 (not empty), pit 2's in pit 3
/// // (empty), pit 4's three seeds end in North's pit 7.
/// let pos = "1 1 0 3 | 1 1 1 1 0-0 S".parse()?;
/// assert_eq!(OppOrEmpty.legal_moves(&pos).to_string(), "2 4");
/// assert_eq!(SingleToEmpty.legal_moves(&pos).to_string(), "2 4");
/// assert_eq!(SinglesLast.legal_moves(&pos).to_string(), "4");
/// let pos = "1 0 1 0 | 1 1 1 1 0-0 S".parse()?;
/// assert_eq!(SinglesLast.legal_moves(&pos).to_string(), "1 3"); // only singletons left
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum MoveRestriction {
    /// Any pit holding enough seeds (the crate's games).
    #[default]
    Free,
    /// A pit may be played only if the first lap of its sowing ends in the
    /// opponent's row, or in a pit of the mover's row that was empty before
    /// the move; a pit holding more seeds than a row has pits may always be
    /// played (MancalaGames' `OPP_OR_EMPTY`, its reading of Dabuda: a relay
    /// is judged by its first lap only).
    EndsInOpponentRowOrEmpty,
    /// A pit holding a single seed may be played only if the next pit (in
    /// the direction of sowing) is empty (MancalaGames' `SINGLE_TO_ZERO`,
    /// Ndoto).
    SingletonToEmptyNext,
    /// A pit holding a single seed may be played only if every pit the
    /// mover could play holds a single seed (MancalaGames'
    /// `SINGLE_ONLY_ALL`, Ouri).
    SingletonsOnlyWhenAll,
}

impl MoveRestriction {
    /// Whether this is the default, [`MoveRestriction::Free`] (the data
    /// form leaves it out).
    #[must_use]
    pub const fn is_free(&self) -> bool {
        matches!(self, MoveRestriction::Free)
    }

    /// Those of `pits` (of `player`'s row, each holding seeds) that this
    /// restriction lets `player` play on `pos`, the game sowing `sowing` in
    /// `direction` (no store sown: the check refuses a restriction with
    /// one).
    #[inline(always)]
    pub(crate) fn filter<const P: usize>(
        self,
        pos: &Position<P>,
        pits: PitSet,
        player: Player,
        sowing: Sowing,
        direction: Direction,
    ) -> PitSet {
        // The pit `steps` pits on from the origin `pit` in the direction
        // its move sows.
        let on = |pit: usize, steps: usize| {
            if direction.sows_clockwise(pos, pit) {
                (pit + P - steps % P) % P
            } else {
                (pit + steps) % P
            }
        };
        match self {
            MoveRestriction::Free => pits,
            MoveRestriction::EndsInOpponentRowOrEmpty => {
                let own = Position::<P>::row(player);
                pits.filter(|pit| {
                    let seeds = usize::from(pos.pits[pit]);
                    if seeds > P / 2 {
                        return true;
                    }
                    // At most a row's seeds: the lap does not come round
                    // to its origin, so no pit is skipped.
                    let last = match sowing {
                        Sowing::OriginFirst => on(pit, seeds - 1),
                        Sowing::OriginFirstOrNext => on(pit, seeds.saturating_sub(1).max(1)),
                        Sowing::NextPit | Sowing::NextPitSkippingOrigin => on(pit, seeds),
                    };
                    !own.contains(last) || pos.pits[last] == 0
                })
            }
            MoveRestriction::SingletonToEmptyNext => {
                pits.filter(|pit| pos.pits[pit] != 1 || pos.pits[on(pit, 1)] == 0)
            }
            MoveRestriction::SingletonsOnlyWhenAll => {
                let singles = pits.filter(|pit| pos.pits[pit] == 1);
                if singles.len() == pits.len() {
                    pits
                } else {
                    pits.difference(singles)
                }
            }
        }
    }
}
