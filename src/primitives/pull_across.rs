//! The facing pit pulled across ([`SowingTurn::pull_across`]).

use crate::position::{Player, Position};

#[cfg(doc)]
use super::SowingTurn;

/// The pull across of [`SowingTurn::pull_across`] after a lap that ended
/// in pit `last` (0-based): if it lies in `player`'s row and holds only the
/// last seed, the facing pit's seeds move into it (see the field's worked
/// example).
#[inline(never)]
pub(super) fn pull_across<const P: usize>(pos: &mut Position<P>, last: usize, player: Player) {
    let n = P / 2;
    let own = match player {
        Player::South => 0..n,
        Player::North => n..P,
    };
    if !own.contains(&last) || pos.pits[last] != 1 {
        return;
    }
    let facing = P - 1 - last;
    pos.pits[last] = pos.pits[last].wrapping_add(pos.pits[facing]);
    pos.pits[facing] = 0;
}
