//! The board's fast form, and the one place that knows how big a board is.
//!
//! Its one job: hold the pits of a board in machine words, one byte a pit,
//! and give the primitives (sowing, capture, counts, the turn, a position's
//! queries and hash) the few whole-board operations they are written
//! against: add and subtract runs of seeds, empty a set of pits, sum a set
//! of pits, compare every pit with a count at once. With these a lap is a
//! multiply-add, a capture a few comparisons and a mask, and a whole
//! single-lap turn stays in registers: loaded once, stored once, without a
//! loop or a branch per pit.
//!
//! The form is [`Packed`]: two 128-bit words, pit 0 in the lowest byte of
//! the first, pit 16 in the lowest byte of the second (a board has at most
//! 30 pits, and a [`PitSet`](crate::PitSet) is 32 bits). A board of 16 pits
//! or fewer, as every shipped game's, lives in the first word alone: the
//! size branch is [`Packed::TWO_WORDS`], a constant of the board size, and
//! every operation's work on the second word stands under it, so that the
//! compiler removes it for small boards. Nothing outside this module asks
//! how big a board is to choose a path.
//!
//! A byte never carries into the next: a valid position holds at most 255
//! seeds in all (on an over-full hand-made board the results are wrong but
//! nothing panics). Comparisons of every byte at once use SSE2 on x86-64
//! (the only `unsafe` of the crate: 3 instructions a comparison of a word
//! instead of about 10 with the plain 64-bit arithmetic used elsewhere).

/// The pits of a board of `P` pits (at most 32), one byte each, in two
/// 128-bit words; the bytes above `P` are 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Packed<const P: usize> {
    /// Pits 0 to 15.
    low: u128,
    /// Pits 16 to 31; always 0 on a board of 16 pits or fewer.
    high: u128,
}

impl<const P: usize> Packed<P> {
    /// The size branch: whether the board needs the second word. Every use
    /// of `high` stands under it, so that boards of 16 pits or fewer never
    /// touch it.
    const TWO_WORDS: bool = {
        assert!(P <= 32, "the fast form holds at most 32 pits");
        P > 16
    };

    /// The pits of `pits`.
    #[inline(always)]
    pub(crate) fn load(pits: &[u8; P]) -> Packed<P> {
        if Self::TWO_WORDS {
            let mut bytes = [0u8; 32];
            bytes[..P].copy_from_slice(pits);
            let (low, high) = bytes.split_at(16);
            Packed {
                low: word(low),
                high: word(high),
            }
        } else {
            let mut bytes = [0u8; 16];
            bytes[..P].copy_from_slice(pits);
            Packed {
                low: u128::from_le_bytes(bytes),
                high: 0,
            }
        }
    }

    /// Writes the pits back.
    #[inline(always)]
    pub(crate) fn store(self, pits: &mut [u8; P]) {
        if Self::TWO_WORDS {
            let mut bytes = [0u8; 32];
            bytes[..16].copy_from_slice(&self.low.to_le_bytes());
            bytes[16..].copy_from_slice(&self.high.to_le_bytes());
            pits.copy_from_slice(&bytes[..P]);
        } else {
            pits.copy_from_slice(&self.low.to_le_bytes()[..P]);
        }
    }

    /// The pits as an array.
    #[inline(always)]
    pub(crate) fn array(self) -> [u8; P] {
        let mut pits = [0u8; P];
        self.store(&mut pits);
        pits
    }

    /// One seed in each of the pits `0..count` (`count` at most `P`).
    #[inline(always)]
    pub(crate) fn ones(count: usize) -> Packed<P> {
        Packed {
            low: ones(count),
            high: if Self::TWO_WORDS {
                ones(count.saturating_sub(16))
            } else {
                0
            },
        }
    }

    /// One seed in pit `pit` (below `P`).
    #[inline(always)]
    pub(crate) fn one_in(pit: usize) -> Packed<P> {
        Self::ones(pit + 1).minus(Self::ones(pit))
    }

    /// The two boards added pit by pit.
    #[inline(always)]
    pub(crate) fn plus(self, other: Packed<P>) -> Packed<P> {
        self.each(other, u128::wrapping_add)
    }

    /// `other` taken from this board pit by pit (each of its pits at most
    /// this one's).
    #[inline(always)]
    pub(crate) fn minus(self, other: Packed<P>) -> Packed<P> {
        self.each(other, u128::wrapping_sub)
    }

    /// Every pit times `factor` (the products at most 255).
    #[inline(always)]
    pub(crate) fn times(self, factor: u32) -> Packed<P> {
        let factor = u128::from(factor);
        self.each(
            Packed {
                low: factor,
                high: factor,
            },
            u128::wrapping_mul,
        )
    }

    /// The board with the pits of the bit set `pits` emptied.
    #[inline(always)]
    pub(crate) fn without(self, pits: u32) -> Packed<P> {
        Packed {
            low: self.low & !byte_mask(pits),
            high: if Self::TWO_WORDS {
                self.high & !byte_mask(pits >> 16)
            } else {
                0
            },
        }
    }

    /// Seeds in the pits of the bit set `pits`.
    #[inline(always)]
    pub(crate) fn sum(self, pits: u32) -> u32 {
        let low = simd::sum(self.low & byte_mask(pits));
        if Self::TWO_WORDS {
            low + simd::sum(self.high & byte_mask(pits >> 16))
        } else {
            low
        }
    }

    /// The pits holding exactly `count` seeds, as a bit set; the bits of
    /// the padding above `P` may be set too.
    #[inline(always)]
    pub(crate) fn equal(self, count: u8) -> u32 {
        self.bits(|word| simd::equal(word, count))
    }

    /// The pits holding at least `min` seeds, as a bit set; the bits of the
    /// padding above `P` may be set too.
    #[inline(always)]
    pub(crate) fn at_least(self, min: u8) -> u32 {
        self.bits(|word| simd::at_least(word, min))
    }

    /// Folds the 64-bit words holding the pits, lowest first, into `init`:
    /// two for a board of 16 pits or fewer, one for every 8 pits above.
    #[inline(always)]
    pub(crate) fn fold_words<T>(self, init: T, f: impl FnMut(T, u64) -> T) -> T {
        let words = [
            self.low as u64,
            (self.low >> 64) as u64,
            self.high as u64,
            (self.high >> 64) as u64,
        ];
        let used = if Self::TWO_WORDS { P.div_ceil(8) } else { 2 };
        words[..used].iter().copied().fold(init, f)
    }

    /// `op` on each word of the two boards.
    #[inline(always)]
    fn each(self, other: Packed<P>, op: impl Fn(u128, u128) -> u128) -> Packed<P> {
        Packed {
            low: op(self.low, other.low),
            high: if Self::TWO_WORDS {
                op(self.high, other.high)
            } else {
                0
            },
        }
    }

    /// The 16-bit sets `test` makes of each word, joined.
    #[inline(always)]
    fn bits(self, test: impl Fn(u128) -> u32) -> u32 {
        let low = test(self.low);
        if Self::TWO_WORDS {
            low | test(self.high) << 16
        } else {
            low
        }
    }
}

/// 16 bytes as a word, the first lowest.
#[inline(always)]
fn word(bytes: &[u8]) -> u128 {
    let mut word = [0u8; 16];
    word.copy_from_slice(bytes);
    u128::from_le_bytes(word)
}

/// `0x01` in each of the `count` lowest bytes (all 16 from 16 up).
#[inline(always)]
fn ones(count: usize) -> u128 {
    // Indexed modulo 32, so no bounds check or clamp: entries 16 and up are full.
    const TABLE: [u128; 32] = {
        let mut table = [0u128; 32];
        let mut count = 1;
        while count < 32 {
            table[count] = (table[count - 1] << 8) | 1;
            count += 1;
        }
        table
    };
    TABLE[count % 32]
}

/// `0xFF` in the bytes of the pits of the low 16 bits of `pits`.
#[inline(always)]
fn byte_mask(pits: u32) -> u128 {
    const SPREAD: [u64; 256] = {
        let mut table = [0u64; 256];
        let mut bits = 0;
        while bits < 256 {
            let mut pit = 0;
            while pit < 8 {
                if bits >> pit & 1 == 1 {
                    table[bits] |= 0xFF << (8 * pit);
                }
                pit += 1;
            }
            bits += 1;
        }
        table
    };
    u128::from(SPREAD[(pits & 0xFF) as usize]) | u128::from(SPREAD[(pits >> 8 & 0xFF) as usize]) << 64
}

// SAFETY (the whole module): the intrinsics below only need SSE2, which is
// part of the x86-64 baseline: every x86_64 target enables it, so every
// processor this code is compiled for has it. They take and return values
// (no pointers), so nothing else can go wrong.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod simd {
    use core::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_cvtsi128_si64, _mm_max_epu8, _mm_movemask_epi8, _mm_sad_epu8,
        _mm_set1_epi8, _mm_set_epi64x, _mm_setzero_si128, _mm_unpackhi_epi64,
    };

    #[inline(always)]
    fn vector(board: u128) -> __m128i {
        // SAFETY: SSE2 only (see the module).
        unsafe { _mm_set_epi64x((board >> 64) as i64, board as i64) }
    }

    #[inline(always)]
    pub(super) fn equal(board: u128, count: u8) -> u32 {
        // SAFETY: SSE2 only (see the module).
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(vector(board), _mm_set1_epi8(count as i8))) as u32 }
    }

    #[inline(always)]
    pub(super) fn sum(board: u128) -> u32 {
        // SAFETY: SSE2 only (see the module). The sum of absolute differences
        // with zero adds the bytes of each half into its low 16 bits.
        let halves = unsafe { _mm_sad_epu8(vector(board), _mm_setzero_si128()) };
        // SAFETY: SSE2 only (see the module).
        let halves = unsafe {
            [
                _mm_cvtsi128_si64(halves),
                _mm_cvtsi128_si64(_mm_unpackhi_epi64(halves, halves)),
            ]
        };
        (halves[0] + halves[1]) as u32
    }

    #[inline(always)]
    pub(super) fn at_least(board: u128, min: u8) -> u32 {
        let board = vector(board);
        // max(x, min) == x exactly when x >= min (unsigned).
        // SAFETY: SSE2 only (see the module).
        unsafe {
            _mm_movemask_epi8(_mm_cmpeq_epi8(
                _mm_max_epu8(board, _mm_set1_epi8(min as i8)),
                board,
            )) as u32
        }
    }
}

#[cfg(not(target_arch = "x86_64"))]
use swar as simd;

/// The same comparisons with 64-bit arithmetic (SIMD within a register).
#[cfg(any(test, not(target_arch = "x86_64")))]
mod swar {
    /// `0x01` in every byte.
    const ONES: u128 = u128::MAX / 0xFF;
    const LOW7: u128 = ONES * 0x7F;
    const HIGH: u128 = ONES * 0x80;

    /// The high bit of every byte as a bit set: byte i's lands at bit i.
    #[inline(always)]
    fn gather(high: u128) -> u32 {
        const MAGIC: u64 = 0x0102_0408_1020_4080;
        let low = ((high as u64) >> 7).wrapping_mul(MAGIC) >> 56;
        let top = (((high >> 64) as u64) >> 7).wrapping_mul(MAGIC) >> 56;
        (low | top << 8) as u32
    }

    #[inline(always)]
    pub(super) fn sum(board: u128) -> u32 {
        const EVEN_BYTES: u128 = u128::MAX / 0xFFFF * 0xFF;
        // Pairs of bytes into 16-bit lanes (each at most 510), the two halves
        // added lane by lane (at most 1020), then the four lanes by one multiply.
        let pairs = (board & EVEN_BYTES) + (board >> 8 & EVEN_BYTES);
        let lanes = (pairs as u64) + ((pairs >> 64) as u64);
        (lanes.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u32
    }

    #[inline(always)]
    pub(super) fn equal(board: u128, count: u8) -> u32 {
        let diff = board ^ (ONES * u128::from(count));
        // High bit set in the bytes that are not zero (no carry crosses bytes).
        let nonzero = (((diff & LOW7) + LOW7) | diff) & HIGH;
        gather(!nonzero & HIGH)
    }

    #[inline(always)]
    pub(super) fn at_least(board: u128, min: u8) -> u32 {
        let high = if min <= 128 {
            // Low 7 bits + (128 - min) reach the high bit when >= min.
            (board | ((board & LOW7) + ONES * u128::from(128 - min))) & HIGH
        } else {
            // The high bit set, and the low 7 bits at least min - 128.
            board & ((board & LOW7) + ONES * (256 - u128::from(min))) & HIGH
        };
        gather(high)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every operation against the pit-by-pit reading of `pits`.
    fn check<const P: usize>(pits: [u8; P]) {
        let board = Packed::load(&pits);
        assert_eq!(board.array(), pits);
        let bits = |test: &dyn Fn(u8) -> bool| {
            (0..P).fold(0u32, |bits, pit| bits | u32::from(test(pits[pit])) << pit)
        };
        let first = if P == 32 { u32::MAX } else { (1 << P) - 1 };
        for count in [0u8, 1, 2, 127, 128, 200, 255] {
            assert_eq!(board.equal(count) & first, bits(&|s| s == count), "equal {count}");
            assert_eq!(
                board.at_least(count) & first,
                bits(&|s| s >= count),
                "at least {count}"
            );
        }
        let total: u32 = pits.iter().map(|&s| u32::from(s)).sum();
        assert_eq!(board.sum(u32::MAX), total);
        let some = 0b1010_0110_0010_0100_0110u32 & first;
        let in_some: u32 = (0..P)
            .filter(|&pit| some >> pit & 1 == 1)
            .map(|pit| u32::from(pits[pit]))
            .sum();
        assert_eq!(board.sum(some), in_some);
        let mut emptied = pits;
        for (pit, seeds) in emptied.iter_mut().enumerate() {
            if some >> pit & 1 == 1 {
                *seeds = 0;
            }
        }
        assert_eq!(board.without(some).array(), emptied);
        // Two seeds more in pits 1 to P - 2, then taken back one by one (no
        // pit over 255: a byte never carries).
        let small = Packed::load(&pits.map(|seeds| seeds.min(200)));
        let mut sown = small.array();
        for seeds in &mut sown[1..P - 1] {
            *seeds += 2;
        }
        let run = Packed::<P>::ones(P - 1).minus(Packed::one_in(0));
        assert_eq!(small.plus(run.times(2)).array(), sown);
        assert_eq!(small.plus(run.times(2)).minus(run).minus(run), small);
        // The words the hash reads.
        let mut bytes = pits.to_vec();
        bytes.resize(if P <= 16 { 16 } else { P.div_ceil(8) * 8 }, 0);
        let words: Vec<u64> = bytes
            .chunks(8)
            .map(|chunk| u64::from_le_bytes(chunk.try_into().unwrap()))
            .collect();
        assert_eq!(
            board.fold_words(Vec::new(), |mut all, w| {
                all.push(w);
                all
            }),
            words
        );
    }

    #[test]
    fn every_operation_matches_the_pits_one_by_one() {
        let pits = [0u8, 1, 2, 3, 200, 128, 127, 2, 0, 255, 4, 2, 9, 0, 0, 2];
        check::<4>(pits[..4].try_into().unwrap());
        check::<12>(pits[..12].try_into().unwrap());
        check::<16>(pits);
        let mut wide = [0u8; 30];
        for (pit, seeds) in wide.iter_mut().enumerate() {
            *seeds = pits[pit % 16] ^ (pit as u8 / 16);
        }
        check::<20>(wide[..20].try_into().unwrap());
        check::<30>(wide);
    }

    #[test]
    fn the_portable_comparisons_match_sse2() {
        let pits = [0u8, 1, 2, 3, 200, 128, 127, 2, 0, 255, 4, 2];
        let board = Packed::load(&pits);
        for count in [0u8, 1, 2, 127, 128, 200, 255] {
            assert_eq!(swar::equal(board.low, count), board.equal(count), "equal {count}");
            assert_eq!(
                swar::at_least(board.low, count),
                board.at_least(count),
                "at least {count}"
            );
        }
        assert_eq!(swar::sum(board.low), board.sum(u32::MAX));
    }
}
