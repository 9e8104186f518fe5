//! Tables as exact-value oracles for the search engine.

use super::{Solvable, Table};
use crate::search::Oracle;

/// A table answers [`Oracle`] queries with [`Table::value`]: the exact final
/// margin for the mover, for every position with at most
/// [`max_seeds`](Table::max_seeds) seeds on the board.
///
/// The search asks only where no earlier position can repeat, so the value
/// of the position as the first of a game is the one it needs; there the
/// table's treatment of endless play as a split is exact for Tihbat (and for
/// Al-manqala under the default agreement policy), and is the solver's
/// definition for the games whose rules never end such play.
///
/// ```
/// use mancala_rules::games::Bohnenspiel;
/// use mancala_rules::search::{proven_margin, AlphaBeta, Limits};
/// use mancala_rules::solve::Table;
///
/// let table = Table::build(Bohnenspiel, 6)?;
/// let pos = "0 0 1 0 0 2 | 1 0 0 1 0 1 33-33 S".parse()?;
/// let exact = table.value(&pos);
/// let mut engine = AlphaBeta::new(Bohnenspiel).with_oracle(&table);
/// let result = engine.search(&pos, &[], Limits::depth(1));
/// assert!(result.resolved);
/// assert_eq!(proven_margin(result.score).or(Some(0)), exact);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<R: Solvable> Oracle<R> for Table<R> {
    #[inline]
    fn value(&self, pos: &R::Position) -> Option<i32> {
        Table::value(self, pos)
    }
}

/// A borrowed table is an oracle too (see the impl for [`Table`]).
impl<R: Solvable> Oracle<R> for &Table<R> {
    #[inline]
    fn value(&self, pos: &R::Position) -> Option<i32> {
        Table::value(self, pos)
    }
}
