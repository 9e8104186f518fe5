use crate::moves::PitSet;
use crate::wide::Wide;

/// A set of seed counts (0 to 126, plus "127 or more"), as a 128-bit mask: which
/// counts capture, which relay. `const`, `Copy`, one instruction to test.
///
/// ```
/// use mancala_rules::primitives::Counts;
///
/// let relay = Counts::of(&[3]).union(Counts::at_least(5));
/// assert!(relay.contains(3) && relay.contains(5) && relay.contains(200));
/// assert!(!relay.contains(4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Counts([u64; 2]);

impl Counts {
    /// No count.
    pub const NONE: Counts = Counts([0, 0]);

    /// Exactly these counts (each below 127).
    #[must_use]
    pub const fn of(counts: &[u8]) -> Counts {
        let mut mask = 0u128;
        let mut i = 0;
        while i < counts.len() {
            mask |= 1u128 << Counts::bit(counts[i]);
            i += 1;
        }
        Counts::from_mask(mask)
    }

    /// Every count from `min` up, without limit. Counts of 127 and more are
    /// one value to the set, so a `min` above 127 acts as 127.
    #[must_use]
    pub const fn at_least(min: u8) -> Counts {
        Counts::from_mask(u128::MAX << Counts::bit(min))
    }

    /// Counts in either set.
    #[must_use]
    pub const fn union(self, other: Counts) -> Counts {
        Counts([self.0[0] | other.0[0], self.0[1] | other.0[1]])
    }

    /// Whether `count` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, count: u8) -> bool {
        let bit = Counts::bit(count);
        self.0[(bit >> 6) as usize] >> (bit & 63) & 1 == 1
    }

    /// The pits of `pits` (0-based) holding a count in the set.
    ///
    /// Without a branch that depends on the board: on boards of up to 16
    /// pits each count of the set is compared with every pit at once, and the
    /// counts from the set's open end up (`at_least`) with one comparison more.
    ///
    /// ```
    /// use mancala_rules::primitives::Counts;
    ///
    /// let relay = Counts::of(&[3]).union(Counts::at_least(5));
    /// assert_eq!(relay.pits_in(&[3, 4, 5, 0, 200, 1]).to_string(), "1 3 5");
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn pits_in<const P: usize>(self, pits: &[u8; P]) -> PitSet {
        let bits = if P <= 16 {
            self.pits_in_wide(Wide::load(pits))
        } else {
            (0..P).fold(0, |bits, pit| bits | u32::from(self.contains(pits[pit])) << pit)
        };
        PitSet::from_bits(bits).intersection(PitSet::first(P))
    }

    /// [`pits_in`](Counts::pits_in) on a wide board; the padding bytes above
    /// the board may be marked too.
    #[inline(always)]
    pub(crate) fn pits_in_wide(self, board: Wide) -> u32 {
        let mask = u128::from(self.0[0]) | u128::from(self.0[1]) << 64;
        // Every count from `open_end` up is in the set (bit 127 stands for 127 and more).
        let open_end = 128 - mask.leading_ones();
        let (mut bits, mut below) = if open_end < 128 {
            (board.at_least(open_end as u8), mask & !(u128::MAX << open_end))
        } else {
            (0, mask)
        };
        // Each count below it, one comparison each.
        while below != 0 {
            bits |= board.equal(below.trailing_zeros() as u8);
            below &= below - 1;
        }
        bits
    }

    /// The set as two 64-bit words (counts 0 to 63, then 64 to 127), for
    /// [`Rules::fingerprint`](crate::Rules::fingerprint).
    pub(crate) const fn words(self) -> [u64; 2] {
        self.0
    }

    /// Two 64-bit halves: testing a bit is then one load and one shift.
    const fn from_mask(mask: u128) -> Counts {
        Counts([mask as u64, (mask >> 64) as u64])
    }

    /// Bit 127 stands for every count from 127 up.
    #[inline]
    const fn bit(count: u8) -> u32 {
        // `min` is const and compiles to a conditional move.
        let count = if count > 127 { 127 } else { count };
        count as u32
    }
}
