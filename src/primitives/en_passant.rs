use super::{Counts, Sowing};
use crate::moves::PitSet;
use crate::position::Position;

/// Captures during the sowing ("en passant", passing captures): each pit a
/// seed falls into that then holds a count in `counts`, and lies in the
/// turn's [`scope`](super::SowingTurn::scope), is emptied at once into the
/// store of the pit's owner (whoever sows; with a
/// [`territory`](super::SowingTurn::territory), the owner under it,
/// [`SowingTurn::owner_of`](super::SowingTurn::owner_of)), and the sowing
/// goes on. The
/// last seed of each lap is taken so too, or left to the turn's
/// [`capture`](super::SowingTurn::capture) (made by the mover, from the pit
/// where the sowing ends), as [`last_seed`](EnPassant::last_seed) says.
///
/// Games of West and East Africa played with 4 as the count (Obridjie,
/// Bule perga, Anywoli, and the Nigerian and Ghanaian games of "fours").
/// Each lap of a relay is sown so; a pit emptied by a passing capture
/// holds nothing, so a relay that needs a full last pit stops there (a
/// relay from the next pit that looks at the next pit only, MancalaGames'
/// `LAPPER_NEXT`, declares `relay_on` from 0). The
/// passing captures are not in the move's report
/// ([`MoveReport::captured`](crate::MoveReport::captured) and
/// `seeds_captured` are the turn's capture only), and they give no extra
/// turn ([`ExtraTurn::after_capture`](super::ExtraTurn::after_capture)
/// looks at the turn's capture only: MancalaGames' reading). No store may
/// be sown with it ([`RulesProblem::EnPassantWithStores`](crate::RulesProblem::EnPassantWithStores)).
///
/// Here South sows pit 1's five seeds into 2 to 6: pit 3 reaches 4 and
/// goes to South (its owner), pit 6 reaches 4 too and goes to North; the
/// last seed, in pit 6, is taken by its owner as well
/// ([`EnPassantLast::ToOwner`]). Left to the capture
/// ([`EnPassantLast::LeftToCapture`]), the last pit is the mover's to take
/// by the turn's capture.
///
/// ```
/// use mancala_rules::primitives::{CaptureRule, Counts, EnPassant, EnPassantLast, SowingTurn};
/// use mancala_rules::{Move, Position};
///
/// let turn = |last_seed| SowingTurn {
///     capture: CaptureRule::single(Counts::of(&[4])),
///     en_passant: Some(EnPassant { counts: Counts::of(&[4]), last_seed }),
///     ..SowingTurn::DEFAULT
/// };
/// let mut to_owner: Position<10> = "5 0 3 0 1 | 3 1 1 1 1 0-0 S".parse()?;
/// turn(EnPassantLast::ToOwner).play(&mut to_owner, Move::Pit(1));
/// assert_eq!(to_owner.to_string(), "0 1 0 1 2 | 0 1 1 1 1 4-4 N");
/// let mut to_capture: Position<10> = "5 0 3 0 1 | 3 1 1 1 1 0-0 S".parse()?;
/// turn(EnPassantLast::LeftToCapture).play(&mut to_capture, Move::Pit(1));
/// assert_eq!(to_capture.to_string(), "0 1 0 1 2 | 0 1 1 1 1 8-0 N");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct EnPassant {
    /// Counts (after the drop) that are taken during the sowing.
    pub counts: Counts,
    /// Who takes the last seed's pit of each lap.
    pub last_seed: EnPassantLast,
}

/// Who takes a pit that the last seed of a lap brings to an
/// [`EnPassant`] count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum EnPassantLast {
    /// Its owner, like every other pit sown (MancalaGames'
    /// `ENPAS_ALL_OWNER_OWN`).
    ToOwner,
    /// Nobody during the sowing: it is the turn's capture's to take, by the
    /// mover (MancalaGames' `ENPAS_ALL_OWNER_SOW`).
    LeftToCapture,
}

impl EnPassant {
    /// Sows one lap from pit `origin` (0-based, below `P`) by `sowing`,
    /// seed by seed, taking the pits of `scope` that reach a count into
    /// their owner's store (the owner under `territory`, South's pits;
    /// empty: the usual rows); returns the pit where the last seed fell. An
    /// empty origin sows nothing and returns `origin`.
    pub(crate) fn lap<const P: usize>(
        self,
        pos: &mut Position<P>,
        origin: usize,
        sowing: Sowing,
        scope: PitSet,
        territory: PitSet,
    ) -> usize {
        let origin = origin % P;
        let seeds = pos.pits[origin];
        pos.pits[origin] = 0;
        if seeds == 0 {
            return origin;
        }
        let next = |pit: usize| {
            let after = (pit + 1) % P;
            if sowing == Sowing::NextPitSkippingOrigin && after == origin {
                (after + 1) % P
            } else {
                after
            }
        };
        let mut place = if sowing == Sowing::OriginFirst || (sowing == Sowing::OriginFirstOrNext && seeds > 1)
        {
            origin
        } else {
            next(origin)
        };
        for left in (0..seeds).rev() {
            // At most 255 seeds in a valid position: a pit's count fits.
            let count = pos.pits[place].wrapping_add(1);
            pos.pits[place] = count;
            let taken = left > 0 || self.last_seed == EnPassantLast::ToOwner;
            if taken && self.counts.contains(count) && scope.contains(place) {
                let owner = super::territory::owner_of::<P>(territory, place).index();
                pos.scores[owner] = pos.scores[owner].wrapping_add(count);
                pos.pits[place] = 0;
            }
            if left == 0 {
                break;
            }
            place = next(place);
        }
        place
    }
}
