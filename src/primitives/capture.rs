use serde::{Deserialize, Serialize};

use super::Counts;
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CaptureRule {
    /// Counts (after the drop) that are captured.
    pub counts: Counts,
    /// Whether the capture chains backward from the last pit.
    pub chain: bool,
}

impl CaptureRule {
    /// No capture at all.
    pub const NONE: CaptureRule = CaptureRule::single(Counts::NONE);

    /// Captures the last pit only.
    #[must_use]
    pub const fn single(counts: Counts) -> CaptureRule {
        CaptureRule { counts, chain: false }
    }

    /// Captures the last pit and chains backward.
    #[must_use]
    pub const fn chain(counts: Counts) -> CaptureRule {
        CaptureRule { counts, chain: true }
    }

    /// The capture made when the last seed fell in pit `last` (0-based),
    /// visiting only pits of `scope`. Reads the board, changes nothing: take
    /// the capture with [`Capture::take`] (after any check such as Oware's
    /// grand slam).
    #[inline(always)]
    #[must_use]
    pub fn find<const P: usize>(&self, pits: &[u8; P], last: usize, scope: PitSet) -> Capture {
        let mut capture = Capture::NONE;
        if last >= P {
            return capture;
        }
        let mut pit = last;
        // A chain visits each pit at most once, so it stops after P pits even
        // on a board where every pit qualifies.
        for _ in 0..P {
            if !scope.contains(pit) || !self.counts.contains(pits[pit]) {
                break;
            }
            capture.pits = capture.pits.with(pit);
            capture.seeds += u32::from(pits[pit]);
            if !self.chain {
                break;
            }
            pit = if pit == 0 { P - 1 } else { pit - 1 };
        }
        capture
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

    /// Whether nothing is captured.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.pits.is_empty()
    }

    /// Whether the capture would leave every pit of `row` empty (Oware's
    /// "grand slam").
    #[must_use]
    pub fn empties<const P: usize>(&self, pits: &[u8; P], row: PitSet) -> bool {
        row.difference(self.pits)
            .all(|pit| !pits.get(pit).is_some_and(|&seeds| seeds != 0))
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
