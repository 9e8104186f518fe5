//! A small seeded pseudo-random generator for playouts and search.

use crate::moves::{Move, MoveSet, PitSet};

/// SplitMix64: a small, fast, seeded pseudo-random generator (not for
/// cryptography). Here so that playouts need no dependency.
///
/// ```
/// use mancala_rules::playout::SplitMix64;
///
/// let mut rng = SplitMix64::new(7);
/// assert!(rng.below(6) < 6);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed; equal seeds give equal sequences.
    #[must_use]
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix64(self.0)
    }

    /// A number in `0..n` (0 when `n` is 0), by multiply-and-shift: no
    /// division, bias below 2^-58 for the small `n` of move lists.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A uniformly random move of `moves`, or `None` if there is none.
    ///
    /// Without a branch that depends on the move drawn: the legal pits of a
    /// row lie within 8 consecutive bits, whose count and n-th set bit come
    /// from a table (a loop over the bits would mispredict on every call).
    // Always inlined: in a playout it is most of the work between two
    // sowings, and the move set it takes is then never built in memory.
    #[inline(always)]
    pub fn choose(&mut self, moves: MoveSet) -> Option<Move> {
        if moves.is_pass() {
            return Some(Move::Pass);
        }
        if moves.has_directed() {
            return self.choose_directed(moves);
        }
        self.choose_pit(moves.pit_set()).map(Move::from_index)
    }

    /// A uniformly random pit of `pits` (0-based), or `None` if it is empty:
    /// [`choose`](SplitMix64::choose) among plain moves, drawing the same
    /// numbers.
    #[inline(always)]
    pub(crate) fn choose_pit(&mut self, pits: PitSet) -> Option<usize> {
        let bits = pits.bits();
        if bits == 0 {
            return None;
        }
        let first = bits.trailing_zeros();
        let window = bits >> first;
        Some(if window < 256 {
            let window = window as usize;
            let n = self.below(usize::from(SELECT.count[window]));
            first as usize + usize::from(SELECT.nth[window][n])
        } else {
            // Pits spread over more than 8 positions (not a single row of a
            // crate game): drop a random number of the lowest set bits.
            let mut bits = bits;
            for _ in 0..self.below(bits.count_ones() as usize) {
                bits &= bits - 1;
            }
            bits.trailing_zeros() as usize
        })
    }
}

impl SplitMix64 {
    /// [`choose`](SplitMix64::choose) among moves some of which have a
    /// chosen direction: the `n`-th in iteration order.
    #[cold]
    #[inline(never)]
    fn choose_directed(&mut self, moves: MoveSet) -> Option<Move> {
        let n = self.below(moves.len());
        moves.nth_move(n)
    }
}

/// For every 8-bit set of pits: how many there are, and where the n-th is.
struct SelectTable {
    count: [u8; 256],
    nth: [[u8; 8]; 256],
}

const SELECT: SelectTable = {
    let mut table = SelectTable {
        count: [0; 256],
        nth: [[0; 8]; 256],
    };
    let mut window = 0;
    while window < 256 {
        let mut bit = 0;
        while bit < 8 {
            if window >> bit & 1 == 1 {
                table.nth[window][table.count[window] as usize] = bit as u8;
                table.count[window] += 1;
            }
            bit += 1;
        }
        window += 1;
    }
    table
};

/// The SplitMix64 finaliser: spreads every input bit over the whole word
/// (also a good hash of a 64-bit value).
#[inline]
#[must_use]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
