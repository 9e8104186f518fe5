use super::Counts;
use crate::kernel::Packed;
use crate::moves::PitSet;

/// When the pit where the last seed fell is captured, and whether the capture
/// chains backward.
///
/// A capture starts at the last pit if it lies in the given scope and holds a
/// count in `counts`. A chain then looks at the previous pit (backward: pit
/// `k - 1`, wrapping from 1 to `2N`) and takes it too while it lies in the
/// scope and holds a count in `counts`; the first pit that does not stops it.
/// The scope is the set of pits the capture may visit: the whole board, the
/// mover's own row (own-side-only captures), the opponent's row (Oware).
///
/// ```
/// use mancala_rules::primitives::{CaptureRule, Counts};
/// use mancala_rules::PitSet;
///
/// let rule = CaptureRule::chain(Counts::of(&[2, 4, 6]));
/// let pits = [1, 4, 2, 6, 0, 0];
/// let capture = rule.find(&pits, 3, PitSet::first(6));
/// assert_eq!(capture.pits.to_string(), "2 3 4"); // pit 1 holds 1: the chain stops
/// assert_eq!(capture.seeds, 12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields, default))]
pub struct CaptureRule {
    /// Counts (after the drop) that are captured.
    pub counts: Counts,
    /// Whether the capture chains from the last pit.
    pub chain: bool,
    /// Whether the chain runs forward (on in the direction of sowing)
    /// instead of backward.
    pub forward: bool,
    /// Which pit the capture looks at: the last pit (the default), or the
    /// pit across the empty one after it ([`CaptureAt::AcrossGap`]).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "CaptureAt::is_last_pit"))]
    pub at: CaptureAt,
    /// The most pits a chain takes, the last pit's included (0: no cap;
    /// MancalaGames' `multicapt` above 1). Only on a chain from the last
    /// pit ([`chain`](CaptureRule::chain), [`CaptureAt::LastPit`]).
    ///
    /// A chain of at most 2 pits: pits 4 and 3 are taken, pit 2 would go
    /// on the chain but the cap stops it.
    ///
    /// ```
    /// use mancala_rules::primitives::{CaptureRule, Counts};
    /// use mancala_rules::PitSet;
    ///
    /// let rule = CaptureRule { max_chain: 2, ..CaptureRule::chain(Counts::of(&[2, 4, 6])) };
    /// let capture = rule.find(&[1, 4, 2, 6, 0, 0], 3, PitSet::first(6));
    /// assert_eq!(capture.pits.to_string(), "3 4");
    /// assert_eq!(capture.seeds, 8);
    /// ```
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "is_zero"))]
    pub max_chain: u8,
}

#[cfg(feature = "serde")]
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero(value: &u8) -> bool {
    *value == 0
}

/// Which pit a capture by count looks at when the sowing ends.
///
/// With [`AcrossGap`](CaptureAt::AcrossGap) ("two out", the capture of many
/// South Indian and Sri Lankan games, and of Longbeu-a-cha): when the pit
/// after the last one (in the direction of sowing) is empty, the pit after
/// that is captured if it lies in the scope and holds a count in `counts`
/// (for "any seeds": `Counts::at_least(1)`). A chain (`chain`, which runs
/// forward: `forward` must be set) goes on from the captured pit the same
/// way: while the next pit is empty and the one after it captures, it is
/// taken, the pits emptied by the capture counting as empty. With a relay
/// from the next pit ([`RelayFrom::NextPit`](super::RelayFrom::NextPit))
/// every sowing ends before an empty pit, so the relay's end is where the
/// capture looks.
///
/// The crate's readings of it: the capture applies whatever the last pit
/// held, and only on the pits' ring (no store sown: stores sown, a
/// backward chain or a relay stopped by a capture are refused,
/// [`RulesProblem::AcrossGapUnsupported`](crate::RulesProblem::AcrossGapUnsupported)).
/// MancalaGames (`capt_type=TWO_OUT`) reads it so after relay sowing; after
/// a single lap it captures only when the last pit was not empty before
/// the drop, a reading this does not declare.
///
/// Here the sowing of pit 1 ends in pit 3; pit 4 is empty, pit 5 holds 2
/// and is taken; pit 6 is empty and pit 7 holds 1: taken too; pit 8 holds
/// seeds, so the chain stops (pit 9 is not looked at).
///
/// ```
/// use mancala_rules::primitives::{CaptureAt, CaptureRule, Counts, SowingTurn};
/// use mancala_rules::{Move, Position};
///
/// let turn = SowingTurn {
///     capture: CaptureRule { at: CaptureAt::AcrossGap, ..CaptureRule::forward_chain(Counts::at_least(1)) },
///     ..SowingTurn::DEFAULT
/// };
/// let mut pos: Position<10> = "2 1 0 0 2 | 0 1 3 0 4 0-0 S".parse()?;
/// let report = turn.play(&mut pos, Move::Pit(1));
/// assert_eq!(pos.to_string(), "0 2 1 0 0 | 0 0 3 0 4 3-0 N");
/// assert_eq!(report.captured.to_string(), "5 7");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum CaptureAt {
    /// The pit where the last seed fell (every game of the crate).
    #[default]
    LastPit,
    /// The pit after the next one, when the next one is empty ("two out").
    AcrossGap,
}

impl CaptureAt {
    /// Whether this is the default, [`CaptureAt::LastPit`] (the data form
    /// leaves it out).
    #[must_use]
    pub const fn is_last_pit(&self) -> bool {
        matches!(self, CaptureAt::LastPit)
    }
}

impl Default for CaptureRule {
    /// No capture.
    fn default() -> Self {
        CaptureRule::NONE
    }
}

impl CaptureRule {
    /// No capture at all.
    pub const NONE: CaptureRule = CaptureRule::single(Counts::NONE);

    /// Captures the last pit only.
    #[must_use]
    pub const fn single(counts: Counts) -> CaptureRule {
        CaptureRule {
            counts,
            chain: false,
            forward: false,
            at: CaptureAt::LastPit,
            max_chain: 0,
        }
    }

    /// Captures the last pit and chains backward.
    #[must_use]
    pub const fn chain(counts: Counts) -> CaptureRule {
        CaptureRule {
            counts,
            chain: true,
            forward: false,
            at: CaptureAt::LastPit,
            max_chain: 0,
        }
    }

    /// Captures the last pit and chains forward (the pits after it, in the
    /// direction of sowing).
    ///
    /// ```
    /// use mancala_rules::primitives::{CaptureRule, Counts};
    /// use mancala_rules::PitSet;
    ///
    /// let rule = CaptureRule::forward_chain(Counts::of(&[2, 3]));
    /// let capture = rule.find(&[2, 3, 1, 2, 2, 2], 4, PitSet::first(6));
    /// assert_eq!(capture.pits.to_string(), "1 2 5 6"); // on past pit 6 to 1, 2; pit 3 stops it
    /// ```
    #[must_use]
    pub const fn forward_chain(counts: Counts) -> CaptureRule {
        CaptureRule {
            counts,
            chain: true,
            forward: true,
            at: CaptureAt::LastPit,
            max_chain: 0,
        }
    }

    /// The capture made when the last seed fell in pit `last` (0-based),
    /// visiting only pits of `scope`. Reads the board, changes nothing: take
    /// the capture with [`Capture::take`] (after any check such as Oware's
    /// grand slam).
    #[inline(always)]
    #[must_use]
    pub fn find<const P: usize>(&self, pits: &[u8; P], last: usize, scope: PitSet) -> Capture {
        if last >= P {
            return Capture::NONE;
        }
        self.find_on(Packed::load(pits), last, scope)
    }

    /// [`find`](CaptureRule::find) on the packed board (`last` below `P`).
    #[inline(always)]
    pub(crate) fn find_on<const P: usize>(&self, board: Packed<P>, last: usize, scope: PitSet) -> Capture {
        if self.at == CaptureAt::AcrossGap {
            return self.across_gap(board.array(), last, scope);
        }
        let takeable = self.counts.pits_of(board) & scope.bits();
        let mut pits = self.chain_from::<P>(takeable, last);
        if self.max_chain > 0 {
            pits = self.capped::<P>(pits, last);
        }
        Capture {
            pits: PitSet::from_bits(pits),
            seeds: board.sum(pits),
        }
    }

    /// The capture across the gap ([`CaptureAt::AcrossGap`]) after the
    /// sowing ended in `last` (below `P`): pit by pit, on a copy of the
    /// board whose captured pits are emptied as they are taken, so that a
    /// chain going round the ring finds them empty.
    #[inline(never)]
    fn across_gap<const P: usize>(&self, mut pits: [u8; P], last: usize, scope: PitSet) -> Capture {
        let mut captured = Capture::NONE;
        let mut from = last;
        loop {
            let gap = (from + 1) % P;
            let target = (from + 2) % P;
            let seeds = pits[target];
            if pits[gap] != 0 || seeds == 0 || !self.counts.contains(seeds) || !scope.contains(target) {
                return captured;
            }
            pits[target] = 0;
            captured = captured.union(Capture {
                pits: PitSet::single(target),
                seeds: u32::from(seeds),
            });
            if !self.chain {
                return captured;
            }
            from = target;
        }
    }

    /// The pits taken when the last seed fell in `last`, given the pits that
    /// could be taken.
    ///
    /// Without a branch on the board (whether a pit captures is as good as
    /// random in play, and a mispredicted branch costs more than all this).
    #[inline(always)]
    fn chain_from<const P: usize>(&self, takeable: u32, last: usize) -> u32 {
        if !self.chain || P > 32 {
            return takeable & 1 << (last & 31);
        }
        if self.forward {
            // Forward is backward on the ring numbered the other way round.
            let reverse = |bits: u32| bits.reverse_bits() >> (32 - P);
            return reverse(Self::chain_backward::<P>(reverse(takeable), P - 1 - last % P));
        }
        Self::chain_backward::<P>(takeable, last)
    }

    /// The first [`max_chain`](CaptureRule::max_chain) pits of the chain
    /// `pits` from `last` on, in the chain's direction.
    #[cold]
    #[inline(never)]
    fn capped<const P: usize>(&self, pits: u32, last: usize) -> u32 {
        let mut kept = 0u32;
        let mut pit = last % P;
        for _ in 0..usize::from(self.max_chain).min(P) {
            if pits & 1 << pit == 0 {
                break;
            }
            kept |= 1 << pit;
            pit = if self.forward {
                (pit + 1) % P
            } else {
                (pit + P - 1) % P
            };
        }
        kept
    }

    /// The run of `takeable` pits that ends at `last`, going backward.
    #[inline(always)]
    fn chain_backward<const P: usize>(takeable: u32, last: usize) -> u32 {
        // On the ring doubled, the run of takeable pits that ends at
        // `last + P` starts after the nearest pit below it that is not.
        let takeable = u64::from(takeable) & (u64::MAX >> (64 - P));
        let doubled = takeable | takeable << P;
        let up_to_last = u64::MAX >> (63 - (last + P));
        let run_start = 64 - (!doubled & up_to_last).leading_zeros();
        let run = up_to_last & u64::MAX.checked_shl(run_start).unwrap_or(0);
        // Folded back onto the ring (a chain round the whole ring takes all).
        (run as u32 | (run >> P) as u32) & PitSet::first(P).bits()
    }
}

/// The pits a move captures and their seeds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Capture {
    /// The captured pits.
    pub pits: PitSet,
    /// Seeds in them.
    pub seeds: u32,
}

impl Capture {
    /// Nothing captured.
    pub const NONE: Capture = Capture {
        pits: PitSet::EMPTY,
        seeds: 0,
    };

    /// Both captures together (they take different pits).
    #[inline(always)]
    #[must_use]
    pub const fn union(self, other: Capture) -> Capture {
        Capture {
            pits: self.pits.union(other.pits),
            seeds: self.seeds + other.seeds,
        }
    }

    /// Whether nothing is captured.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.pits.is_empty()
    }

    /// Empties the captured pits and returns the seeds taken.
    #[inline]
    pub fn take<const P: usize>(&self, pits: &mut [u8; P]) -> u8 {
        for pit in self.pits {
            if let Some(seeds) = pits.get_mut(pit) {
                *seeds = 0;
            }
        }
        self.seeds as u8
    }
}
