use super::Sowing;
use crate::moves::PitSet;
use crate::position::Position;

/// The feeding filter: those of `candidates` (pits of the player to move)
/// whose sowing drops at least one seed into the opponent's row.
///
/// Games with a feeding rule apply it when the opponent's row is empty
/// ([`Position::nonempty_pits`] is empty); an empty result there is the
/// starvation end.
///
/// ```
/// use mancala_rules::primitives::{feeding_moves, Sowing};
/// use mancala_rules::Position;
///
/// let pos: Position<6> = "2 2 0 | 0 0 0 0-0 S".parse()?;
/// let feeding = feeding_moves(&pos, pos.nonempty_pits(pos.to_move), Sowing::NextPit);
/// // Pit 1's two seeds stop at pit 3; pit 2's reach pit 4.
/// assert_eq!(feeding.to_string(), "2");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[inline]
#[must_use]
pub fn feeding_moves<const P: usize>(pos: &Position<P>, candidates: PitSet, sowing: Sowing) -> PitSet {
    let opponents_row = Position::<P>::row(pos.to_move.opponent());
    candidates.filter(|pit| {
        pos.pits.get(pit).is_some_and(|&seeds| {
            !sowing
                .reached(P, pit, seeds)
                .intersection(opponents_row)
                .is_empty()
        })
    })
}
