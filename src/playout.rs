//! Random playouts: whole games with uniformly random legal moves, the work
//! horse of Monte-Carlo search and of speed comparisons between engines.

use crate::history::PositionCounts;
use crate::moves::{Move, MoveSet};
use crate::ruleset::{EndReason, Outcome, Ruleset, Turn};
use crate::{AgreementPolicy, Board};

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
    #[inline]
    pub fn choose(&mut self, moves: MoveSet) -> Option<Move> {
        if moves.is_pass() {
            return Some(Move::Pass);
        }
        let bits = moves.pit_set().bits();
        if bits == 0 {
            return None;
        }
        let first = bits.trailing_zeros();
        let window = bits >> first;
        let index = if window < 256 {
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
        };
        Some(Move::from_index(index))
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

/// The end of one playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// How the game ended.
    pub outcome: Outcome,
    /// Moves played (passes count).
    pub plies: u32,
}

/// Plays random games to the end under rules `R`, exactly as [`Game`](crate::Game)
/// would: repetition rules apply, and games with an agreement to split use
/// the given [`AgreementPolicy`].
///
/// The positions since the last capture are kept in a buffer that is reused
/// from one playout to the next, so after the first few playouts no heap
/// allocation happens.
///
/// ```
/// use mancala_rules::games::AlManqala;
/// use mancala_rules::playout::{Playouts, SplitMix64};
/// use mancala_rules::{AgreementPolicy, Ruleset};
///
/// let mut playouts = Playouts::new(AlManqala, AgreementPolicy::default());
/// let mut rng = SplitMix64::new(1);
/// let result = playouts.play(&AlManqala.start(), &mut rng);
/// assert_eq!(result.outcome.totals[0] + result.outcome.totals[1], 98);
/// ```
#[derive(Clone, Debug)]
pub struct Playouts<R: Ruleset> {
    rules: R,
    policy: AgreementPolicy,
    /// Occurrences of each position since the last capture.
    seen: PositionCounts<R::Position>,
}

impl<R: Ruleset> Playouts<R> {
    /// A playout runner.
    #[must_use]
    pub fn new(rules: R, policy: AgreementPolicy) -> Playouts<R> {
        Playouts {
            rules,
            policy,
            seen: PositionCounts::new(rules.start()),
        }
    }

    /// Plays one random game from `start` to its end.
    pub fn play(&mut self, start: &R::Position, rng: &mut SplitMix64) -> Playout {
        let rules = self.rules;
        let repetition = rules.repetition().outcome(start).is_some();
        let agree_at = match self.policy {
            AgreementPolicy::OnOccurrence(n) if rules.agreement() => Some(n),
            _ => None,
        };
        // Positions need counting only under a history rule.
        let count_positions = repetition || agree_at.is_some();
        let mut pos = *start;
        let mut plies = 0;
        self.seen.clear();
        let mut occurrences = if count_positions { self.seen.add(&pos) } else { 1 };
        loop {
            if agree_at.is_some_and(|n| occurrences >= n) {
                let outcome = Outcome::split(&pos, EndReason::Agreement);
                return Playout { outcome, plies };
            }
            let moves = match rules.turn(&pos) {
                Turn::Moves(moves) => moves,
                Turn::Over(outcome) => return Playout { outcome, plies },
            };
            let before = pos.scores();
            rules.apply(&mut pos, rng.choose(moves).unwrap_or(Move::Pass));
            plies += 1;
            if !count_positions {
                continue;
            }
            if pos.scores() != before {
                // Captures only grow: no earlier position can come back.
                self.seen.clear();
            }
            occurrences = self.seen.add(&pos);
            if repetition && occurrences > 1 {
                if let Some(outcome) = rules.repetition().outcome(&pos) {
                    return Playout { outcome, plies };
                }
            }
        }
    }
}
