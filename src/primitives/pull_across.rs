//! The facing pit pulled across ([`SowingTurn::pull_across`]).

use crate::position::{Player, Position};

#[cfg(doc)]
use super::SowingTurn;

/// The pull across of [`SowingTurn::pull_across`]: when the last seed of a
/// move falls into a pit of the mover's own row that was empty, the seeds
/// of the facing pit (the opponent's) are moved into it. They stay on the
/// board, now in the mover's row: nothing is captured (MancalaGames'
/// capture type `PULL_ACROSS` with captures on the opponent's row:
/// CrossCapt_Seven). A last seed in a store, in a pit that held seeds or in
/// the opponent's row pulls nothing.
///
/// Here on a 2x3 board with Kalah's store, South's pit 1 sows its seed into
/// the empty pit 2: the 3 seeds of pit 5, facing it, come across into pit 2
/// (4 seeds now), and North is to move. South's pit 3 would end in the
/// store instead (an extra turn), pulling nothing.
///
/// ```
/// use mancala_rules::primitives::{ExtraTurn, SowingTurn, Stores};
/// use mancala_rules::{Move, Position};
///
/// let turn = SowingTurn {
///     stores: Stores::Own,
///     extra_turn: ExtraTurn::IN_OWN_STORE,
///     pull_across: true,
///     ..SowingTurn::DEFAULT
/// };
/// let mut pos: Position<6> = "1 0 1 | 2 3 1 4-4 S".parse()?;
/// turn.play(&mut pos, Move::Pit(1));
/// assert_eq!(pos.to_string(), "0 4 1 | 2 0 1 4-4 N");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
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
