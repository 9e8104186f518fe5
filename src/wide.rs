//! A board of up to 16 pits as one 128-bit word, one byte a pit (pit 0 in
//! the lowest byte): the form in which the primitives sow, test and capture
//! without a loop or a branch per pit.
//!
//! A byte never carries into the next: a valid position holds at most 255
//! seeds in all (on an over-full hand-made board the results are wrong but
//! nothing panics). Comparisons of every byte at once use SSE2 on x86-64
//! (the only `unsafe` of the crate: 3 instructions a comparison of all pits
//! instead of about 10 with the plain 64-bit arithmetic used elsewhere).

/// Up to 16 pits, one byte each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Wide(pub(crate) u128);

impl Wide {
    /// The pits of a board of `P <= 16` pits; the bytes above `P` are 0.
    #[inline(always)]
    pub(crate) fn load<const P: usize>(pits: &[u8; P]) -> Wide {
        let mut bytes = [0u8; 16];
        bytes[..P].copy_from_slice(pits);
        Wide(u128::from_le_bytes(bytes))
    }

    /// The first `P` pits as an array.
    #[inline(always)]
    pub(crate) fn array<const P: usize>(self) -> [u8; P] {
        let mut pits = [0u8; P];
        self.store(&mut pits);
        pits
    }

    /// Writes the first `P` pits back.
    #[inline(always)]
    pub(crate) fn store<const P: usize>(self, pits: &mut [u8; P]) {
        pits.copy_from_slice(&self.0.to_le_bytes()[..P]);
    }

    /// The board with the pits of the bit set `pits` emptied.
    #[inline(always)]
    pub(crate) fn without(self, pits: u32) -> Wide {
        Wide(self.0 & !byte_mask(pits))
    }

    /// Seeds in the pits of the bit set `pits`.
    #[inline(always)]
    pub(crate) fn sum(self, pits: u32) -> u32 {
        simd::sum(self.0 & byte_mask(pits))
    }

    /// The pits holding exactly `count` seeds, as a bit set (16 bits).
    #[inline(always)]
    pub(crate) fn equal(self, count: u8) -> u32 {
        simd::equal(self.0, count)
    }

    /// The pits holding at least `min` seeds, as a bit set (16 bits).
    #[inline(always)]
    pub(crate) fn at_least(self, min: u8) -> u32 {
        simd::at_least(self.0, min)
    }
}

/// `0xFF` in the bytes of the pits of the bit set `pits` (16 bits).
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

    #[test]
    fn compares_sums_and_empties_every_byte() {
        let pits = [0u8, 1, 2, 3, 200, 128, 127, 2, 0, 255, 4, 2];
        let board = Wide::load(&pits);
        for count in [0u8, 1, 2, 127, 128, 200, 255] {
            let expected = (0..16).fold(0, |bits, pit| {
                bits | u32::from(pits.get(pit).copied().unwrap_or(0) == count) << pit
            });
            assert_eq!(board.equal(count), expected, "equal {count}");
            assert_eq!(swar::equal(board.0, count), expected, "portable equal {count}");
            let expected = (0..16).fold(0, |bits, pit| {
                bits | u32::from(pits.get(pit).copied().unwrap_or(0) >= count) << pit
            });
            assert_eq!(board.at_least(count), expected, "at least {count}");
            assert_eq!(
                swar::at_least(board.0, count),
                expected,
                "portable at least {count}"
            );
        }
        assert_eq!(
            board.sum(0b1111_1111_1111),
            pits.iter().map(|&s| u32::from(s)).sum::<u32>()
        );
        assert_eq!(
            swar::sum(board.0),
            pits.iter().map(|&s| u32::from(s)).sum::<u32>()
        );
        assert_eq!(board.sum(0b0010_0010_0100), 2 + 128 + 255);
        let mut emptied = pits;
        board.without(0b10_0000_0100).store(&mut emptied);
        assert_eq!(emptied, [0, 1, 0, 3, 200, 128, 127, 2, 0, 0, 4, 2]);
    }
}
