//! A perfect index of the boards of `P` pits holding exactly `s` seeds.

/// Ranks and unranks boards: the boards of `pits` pits holding exactly
/// `seeds` seeds, numbered `0..count(seeds)` without gaps.
///
/// A board is a composition of `seeds` into `pits` parts (stars and bars).
/// Writing the seeds as stars and the `pits - 1` pit boundaries as bars, the
/// bars sit at positions `b_j = a_0 + … + a_j + j` (`j < pits - 1`), a set of
/// `pits - 1` distinct slots among `seeds + pits - 1`. The rank is that set's
/// place in the combinatorial number system: `Σ_j C(b_j, j + 1)`. So there are
/// `C(seeds + pits - 1, pits - 1)` boards and every rank below that is one
/// board.
///
/// ```
/// use mancala_rules::solve::BoardIndex;
///
/// let index = BoardIndex::new(4, 28);
/// assert_eq!(index.count(28), Some(4495)); // C(31, 3)
/// let rank = index.rank(&[7, 7, 7, 7]).unwrap();
/// let mut board = [0; 4];
/// assert!(index.unrank(28, rank, &mut board));
/// assert_eq!(board, [7, 7, 7, 7]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardIndex {
    pits: usize,
    max_seeds: u32,
    /// `binomial[n][k] = C(n, k)` for `n <= max_seeds + pits - 1`, `k < pits`,
    /// saturating at `u64::MAX`.
    binomial: Vec<Vec<u64>>,
}

impl BoardIndex {
    /// An index of the boards of `pits` pits holding up to `max_seeds` seeds.
    /// A board of no pit holds nothing: `pits` is taken as at least 1.
    #[must_use]
    pub fn new(pits: usize, max_seeds: u32) -> BoardIndex {
        let pits = pits.max(1);
        let rows = max_seeds as usize + pits;
        let mut binomial = vec![vec![0u64; pits]; rows];
        for n in 0..rows {
            binomial[n][0] = 1;
            for k in 1..pits.min(n + 1) {
                binomial[n][k] = binomial[n - 1][k - 1].saturating_add(binomial[n - 1][k]);
            }
        }
        BoardIndex {
            pits,
            max_seeds,
            binomial,
        }
    }

    /// Pits of the boards.
    #[must_use]
    pub fn pits(&self) -> usize {
        self.pits
    }

    /// The largest seed count indexed.
    #[must_use]
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    fn choose(&self, n: usize, k: usize) -> u64 {
        self.binomial.get(n).and_then(|row| row.get(k)).copied().unwrap_or(0)
    }

    /// Number of boards holding exactly `seeds` seeds,
    /// `C(seeds + pits - 1, pits - 1)`; `None` above [`max_seeds`](Self::max_seeds)
    /// or if it does not fit in a `u64`.
    #[must_use]
    pub fn count(&self, seeds: u32) -> Option<u64> {
        if seeds > self.max_seeds {
            return None;
        }
        let count = self.choose(seeds as usize + self.pits - 1, self.pits - 1);
        (count != u64::MAX).then_some(count)
    }

    /// The rank of a board among those with the same number of seeds; `None`
    /// if it has the wrong number of pits or more than
    /// [`max_seeds`](Self::max_seeds) seeds.
    #[must_use]
    pub fn rank(&self, board: &[u8]) -> Option<u64> {
        if board.len() != self.pits {
            return None;
        }
        let seeds: u32 = board.iter().map(|&s| u32::from(s)).sum();
        if seeds > self.max_seeds {
            return None;
        }
        let mut rank = 0u64;
        let mut bar = 0usize;
        for (j, &seeds) in board[..self.pits - 1].iter().enumerate() {
            bar += usize::from(seeds);
            rank += self.choose(bar, j + 1);
            bar += 1;
        }
        Some(rank)
    }

    /// Writes into `board` the board of `seeds` seeds with rank `rank`.
    /// Returns `false`, leaving `board` unspecified, if `board` does not have
    /// [`pits`](Self::pits) pits, `seeds` is above
    /// [`max_seeds`](Self::max_seeds), a pit would hold more than 255 seeds,
    /// or `rank` is not below [`count(seeds)`](Self::count).
    pub fn unrank(&self, seeds: u32, rank: u64, board: &mut [u8]) -> bool {
        let Some(count) = self.count(seeds) else {
            return false;
        };
        if board.len() != self.pits || rank >= count {
            return false;
        }
        let mut rest = rank;
        // The slot just above the highest bar still to place.
        let mut above = seeds as usize + self.pits - 1;
        let mut last_pit_end = above;
        for j in (0..self.pits - 1).rev() {
            // The largest slot b < above with C(b, j + 1) <= rest.
            let mut slot = above - 1;
            while self.choose(slot, j + 1) > rest {
                slot -= 1;
            }
            rest -= self.choose(slot, j + 1);
            // Pit j + 1 holds the stars between this bar and the one above.
            let Ok(held) = u8::try_from(last_pit_end - slot - 1) else {
                return false;
            };
            board[j + 1] = held;
            last_pit_end = slot;
            above = slot;
        }
        match u8::try_from(last_pit_end) {
            Ok(held) => {
                board[0] = held;
                true
            }
            Err(_) => false,
        }
    }
}
