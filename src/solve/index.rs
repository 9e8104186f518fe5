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
    /// `binomial[n * pits + k] = C(n, k)` for `n <= max_seeds + pits - 1`,
    /// `k < pits`, saturating at `u64::MAX`.
    binomial: Vec<u64>,
}

impl BoardIndex {
    /// The most pits an index handles.
    pub const MAX_PITS: usize = 64;

    /// An index of the boards of `pits` pits holding up to `max_seeds` seeds,
    /// the arguments cut to the index's limits: `pits` is taken between 1
    /// and [`MAX_PITS`](Self::MAX_PITS), and `max_seeds` at most 255 a pit (a
    /// pit holds a `u8`), so that the binomial table stays small (at most
    /// 8 MiB) whatever the arguments. Seed counts with more boards than a
    /// `u64` counts are then refused by [`count`](Self::count) and
    /// [`rank`](Self::rank); [`try_new`](Self::try_new) refuses such an
    /// index instead.
    #[must_use]
    pub fn new(pits: usize, max_seeds: u32) -> BoardIndex {
        let pits = pits.clamp(1, Self::MAX_PITS);
        let max_seeds = max_seeds.min(255 * pits as u32);
        let rows = max_seeds as usize + pits;
        Self::with_table(pits, max_seeds, vec![0u64; rows * pits])
    }

    /// An index of the boards of `pits` pits holding up to `max_seeds`
    /// seeds, or an error if `pits` is not between 1 and
    /// [`MAX_PITS`](Self::MAX_PITS), a pit would need more than 255 seeds, or
    /// the boards of `max_seeds` seeds are too many to count in a `u64` (so
    /// that every count and rank of the index is exact). Its table is
    /// allocated fallibly.
    ///
    /// ```
    /// use mancala_rules::solve::{BoardIndex, SolveError};
    ///
    /// let index = BoardIndex::try_new(12, 30)?;
    /// assert_eq!(index.count(30), Some(3_159_461_968)); // C(41, 11)
    /// assert!(matches!(BoardIndex::try_new(64, 16_000), Err(SolveError::Index { .. })));
    /// assert!(matches!(BoardIndex::try_new(0, 4), Err(SolveError::Index { .. })));
    /// # Ok::<(), SolveError>(())
    /// ```
    pub fn try_new(pits: usize, max_seeds: u32) -> Result<BoardIndex, super::SolveError> {
        let refuse = |reason| super::SolveError::Index {
            pits,
            max_seeds,
            reason,
        };
        if !(1..=Self::MAX_PITS).contains(&pits) {
            return Err(refuse("an index has 1 to 64 pits"));
        }
        if u64::from(max_seeds) > 255 * pits as u64 {
            return Err(refuse("a pit holds at most 255 seeds"));
        }
        let rows = max_seeds as usize + pits;
        let table = crate::error::try_filled(rows * pits, 0u64, "board index")?;
        let index = Self::with_table(pits, max_seeds, table);
        if index.count(max_seeds).is_none() {
            return Err(refuse("the boards are too many to count in 64 bits"));
        }
        Ok(index)
    }

    /// Fills `binomial` (`rows * pits` zeros) with Pascal's triangle.
    fn with_table(pits: usize, max_seeds: u32, mut binomial: Vec<u64>) -> BoardIndex {
        let rows = max_seeds as usize + pits;
        for n in 0..rows {
            binomial[n * pits] = 1;
            for k in 1..pits.min(n + 1) {
                binomial[n * pits + k] =
                    binomial[(n - 1) * pits + k - 1].saturating_add(binomial[(n - 1) * pits + k]);
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

    #[inline]
    fn choose(&self, n: usize, k: usize) -> u64 {
        if k >= self.pits {
            return 0;
        }
        self.binomial.get(n * self.pits + k).copied().unwrap_or(0)
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
    /// if it has the wrong number of pits, more than
    /// [`max_seeds`](Self::max_seeds) seeds, or its seed count has too many
    /// boards to count ([`count`](Self::count) is `None`).
    #[inline]
    #[must_use]
    pub fn rank(&self, board: &[u8]) -> Option<u64> {
        self.seeds_and_rank(board).map(|(_, rank)| rank)
    }

    /// The seeds on a board and its rank, in one pass; `None` as for
    /// [`rank`](Self::rank).
    #[inline]
    #[must_use]
    pub fn seeds_and_rank(&self, board: &[u8]) -> Option<(u32, u64)> {
        let (last, rest) = board.split_last()?;
        if board.len() != self.pits {
            return None;
        }
        let mut rank = 0u64;
        let mut bar = 0usize;
        for (j, &seeds) in rest.iter().enumerate() {
            bar += usize::from(seeds);
            rank = rank.saturating_add(self.choose(bar, j + 1));
            bar += 1;
        }
        let seeds = (bar + usize::from(*last) + 1 - self.pits) as u32;
        // A count that fits means every term above fitted too.
        self.count(seeds).map(|_| (seeds, rank))
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

    /// Steps `board` to the board of the next rank with the same seeds;
    /// returns `false` (leaving `board` unchanged) after the last one.
    ///
    /// ```
    /// use mancala_rules::solve::BoardIndex;
    ///
    /// let index = BoardIndex::new(3, 2);
    /// let mut board = [0, 0, 2]; // rank 0
    /// let mut ranks = vec![index.rank(&board).unwrap()];
    /// while index.next_board(&mut board) {
    ///     ranks.push(index.rank(&board).unwrap());
    /// }
    /// assert_eq!(ranks, [0, 1, 2, 3, 4, 5]);
    /// ```
    #[inline]
    pub fn next_board(&self, board: &mut [u8]) -> bool {
        // The ranks count up like an odometer: the first non-empty pit after
        // pit 0 gives one seed to the pit before it, which also takes pit 0's.
        let Some(i) = (1..board.len()).find(|&i| board[i] > 0) else {
            return false;
        };
        let Some(moved) = board[0].checked_add(1) else {
            return false;
        };
        board[i] -= 1;
        board[0] = 0;
        board[i - 1] = moved;
        true
    }
}
