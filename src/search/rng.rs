//! A small seeded random number generator, so that playouts and random
//! openings are reproducible without a dependency.

use crate::MoveSet;
use crate::Move;

/// SplitMix64: a tiny, fast, seedable generator (not for cryptography).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed.
    #[must_use]
    pub(crate) const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix64(self.0)
    }

    /// A number in `0..n` (`0` if `n` is 0), without modulo bias worth
    /// mentioning for small `n`.
    #[inline]
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        // Multiply-shift maps 64 random bits onto 0..n.
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A uniformly chosen move of `moves`, or `None` if there is none.
    #[inline]
    pub(crate) fn pick(&mut self, moves: MoveSet) -> Option<Move> {
        let n = moves.len() as u64;
        if n == 0 {
            return None;
        }
        moves.nth_move(self.below(n) as usize)
    }
}

/// The SplitMix64 finaliser: spreads every input bit over the whole word.
#[inline]
pub(crate) const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
