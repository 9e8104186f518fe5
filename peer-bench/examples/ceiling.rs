//! The ceiling: how fast one core of this machine can play random Bohnenspiel
//! games at all. A loop written for Bohnenspiel alone and for speed alone (no
//! generality, no checks, no history, the capture chain without a branch, the
//! row and capture tests by SSE2), to compare `mancala-rules`' generic engine
//! with: `cargo run --release -p mancala-peer-bench --example ceiling [N]`.
//!
//! It plays N games (default 400 000) one at a time, then N games two side by
//! side, and prints plies per second for each. Not a rule engine: it is here
//! only as a measuring stick (see the README's speed section).

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod ceiling {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_set_epi64x,
        _mm_setzero_si128,
    };

    use mancala_rules::playout::SplitMix64;

    /// For each 6-bit row mask: how many pits, and the n-th one.
    struct Select {
        count: [u8; 64],
        nth: [[u8; 8]; 64],
    }

    const SELECT: Select = {
        let mut table = Select {
            count: [0; 64],
            nth: [[0; 8]; 64],
        };
        let mut mask = 0;
        while mask < 64 {
            let mut pit = 0;
            while pit < 6 {
                if mask >> pit & 1 == 1 {
                    table.nth[mask][table.count[mask] as usize] = pit as u8;
                    table.count[mask] += 1;
                }
                pit += 1;
            }
            mask += 1;
        }
        table
    };

    const fn ones(count: usize) -> u128 {
        let mut word = 0u128;
        let mut i = 0;
        while i < count {
            word |= 1 << (8 * i);
            i += 1;
        }
        word
    }

    /// `RUN[first][count]`: one seed in `count` pits from `first`, wrapping at 12.
    const RUN: [[u128; 12]; 12] = {
        let mut table = [[0u128; 12]; 12];
        let mut first = 0;
        while first < 12 {
            let mut count = 0;
            while count < 12 {
                let mut i = 0;
                while i < count {
                    table[first][count] |= 1 << (8 * ((first + i) % 12));
                    i += 1;
                }
                count += 1;
            }
            first += 1;
        }
        table
    };

    /// `0xFF` in the bytes of an 8-bit pit mask.
    const SPREAD: [u64; 256] = {
        let mut table = [0u64; 256];
        let mut mask = 0;
        while mask < 256 {
            let mut pit = 0;
            while pit < 8 {
                if mask >> pit & 1 == 1 {
                    table[mask] |= 0xFF << (8 * pit);
                }
                pit += 1;
            }
            mask += 1;
        }
        table
    };

    fn vector(board: u128) -> __m128i {
        // SAFETY: SSE2 is part of every x86-64 processor.
        unsafe { _mm_set_epi64x((board >> 64) as i64, board as i64) }
    }

    fn nonempty(board: u128) -> u32 {
        // SAFETY: SSE2 is part of every x86-64 processor.
        let empty = unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(vector(board), _mm_setzero_si128())) };
        !(empty as u32) & 0xFFF
    }

    fn holding_2_4_or_6(board: u128) -> u32 {
        let board = vector(board);
        // SAFETY: SSE2 is part of every x86-64 processor.
        let hits = unsafe {
            let two = _mm_cmpeq_epi8(board, _mm_set1_epi8(2));
            let four = _mm_cmpeq_epi8(board, _mm_set1_epi8(4));
            let six = _mm_cmpeq_epi8(board, _mm_set1_epi8(6));
            _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(two, four), six))
        };
        hits as u32 & 0xFFF
    }

    /// A game in progress: the board (one byte a pit), the mover (0 or 1).
    #[derive(Clone, Copy)]
    pub struct Game {
        board: u128,
        mover: usize,
        pub plies: u64,
    }

    impl Game {
        pub fn new() -> Game {
            Game {
                board: ones(12) * 6,
                mover: 0,
                plies: 0,
            }
        }

        /// One random move; false if the mover has no bean (the game is over).
        #[inline(always)]
        pub fn step(&mut self, rng: &mut SplitMix64) -> bool {
            let own = (nonempty(self.board) >> (6 * self.mover)) & 0x3F;
            if own == 0 {
                return false;
            }
            let choice = rng.below(usize::from(SELECT.count[own as usize]));
            let pit = 6 * self.mover + usize::from(SELECT.nth[own as usize][choice]);
            let seeds = (self.board >> (8 * pit)) as u8 as usize;
            let mut board = self.board & !(0xFF << (8 * pit));
            let first = if pit == 11 { 0 } else { pit + 1 };
            let (rounds, rest) = (seeds / 12, seeds % 12);
            board = board
                .wrapping_add(ones(12).wrapping_mul(rounds as u128))
                .wrapping_add(RUN[first][rest]);
            let last = (first + if rest == 0 { 11 } else { rest - 1 }) % 12;
            // The run of capturable pits ending at `last`, on the ring doubled.
            let capturable = holding_2_4_or_6(board);
            let doubled = u64::from(capturable | capturable << 12);
            let up_to_last = (2u64 << (last + 12)) - 1;
            let run_start = 64 - (!doubled & up_to_last).leading_zeros();
            let run = up_to_last & u64::MAX.checked_shl(run_start).unwrap_or(0);
            let chain = ((run | run >> 12) & 0xFFF) as usize;
            let taken = u128::from(SPREAD[chain & 0xFF]) | u128::from(SPREAD[chain >> 8]) << 64;
            self.board = board & !taken;
            self.mover ^= 1;
            self.plies += 1;
            true
        }
    }
}

#[cfg(target_arch = "x86_64")]
fn main() {
    use std::time::Instant;

    use ceiling::Game;
    use mancala_rules::playout::SplitMix64;

    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(400_000);

    let mut rng = SplitMix64::new(1);
    let clock = Instant::now();
    let mut plies = 0;
    for _ in 0..games {
        let mut game = Game::new();
        while game.step(&mut rng) {}
        plies += game.plies;
    }
    let seconds = clock.elapsed().as_secs_f64();
    println!(
        "one at a time: {games} playouts, {plies} plies in {seconds:.3} s ({:.0} plies/s)",
        plies as f64 / seconds
    );

    let mut lanes = [
        (Game::new(), SplitMix64::new(2)),
        (Game::new(), SplitMix64::new(3)),
    ];
    let clock = Instant::now();
    let (mut finished, mut plies) = (0, 0);
    while finished < games {
        for (game, rng) in &mut lanes {
            if !game.step(rng) {
                plies += game.plies;
                finished += 1;
                *game = Game::new();
            }
        }
    }
    let seconds = clock.elapsed().as_secs_f64();
    println!(
        "two side by side: {finished} playouts, {plies} plies in {seconds:.3} s ({:.0} plies/s)",
        plies as f64 / seconds
    );
}

#[cfg(not(target_arch = "x86_64"))]
fn main() {
    eprintln!("the ceiling loop uses SSE2: x86-64 only");
}
