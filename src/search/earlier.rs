//! Hashing positions and the multiset of earlier positions, for the
//! transposition table (the history rules themselves are
//! [`crate::history`]'s).

use crate::Board;

use crate::playout::mix64;

/// A 64-bit hash of a position: its fingerprint, mixed so that the low bits
/// (the table index) depend on every input.
#[inline]
pub(crate) fn hash_position<B: Board>(pos: &B) -> u64 {
    mix64(pos.fingerprint())
}

/// The multiset of earlier positions that a position can still repeat (those
/// since the last capture), as an order-independent hash: the wrapping sum of
/// their hashes (a sum, not a xor, so that a position seen twice differs from
/// one seen never, as the agreement count needs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Earlier {
    pub(crate) sum: u64,
    pub(crate) count: u32,
}

impl Earlier {
    pub(crate) const NONE: Earlier = Earlier { sum: 0, count: 0 };

    pub(crate) fn of<B: Board>(positions: &[B]) -> Earlier {
        positions
            .iter()
            .fold(Earlier::NONE, |e, p| e.with(hash_position(p)))
    }

    #[inline]
    pub(crate) fn with(self, hash: u64) -> Earlier {
        Earlier {
            sum: self.sum.wrapping_add(hash),
            count: self.count + 1,
        }
    }

    /// The multiset for the child `next` of `pos` (hash `hash`): `pos` joins
    /// it, unless the move captured, after which nothing earlier can repeat.
    #[inline]
    pub(crate) fn after<B: Board>(self, pos: &B, hash: u64, next: &B) -> Earlier {
        if next.scores() == pos.scores() {
            self.with(hash)
        } else {
            Earlier::NONE
        }
    }
}
