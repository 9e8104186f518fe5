//! Game-playing engines over any [`Ruleset`]: alpha-beta and Monte-Carlo
//! tree search.
//!
//! - [`AlphaBeta`]: negamax alpha-beta with iterative deepening, a
//!   transposition table allocated once per engine, move ordering (the table's
//!   move first, then captures), depth, time and node limits, a pluggable
//!   [`Evaluator`] (default [`CaptureDifference`]) and a pluggable exact-value
//!   [`Oracle`] (an endgame table; default [`NoOracle`]).
//! - [`Mcts`]: UCT with seeded random playouts, for games that are hard to
//!   evaluate statically (Djenon-aboure's relay sowing).
//!
//! Both play the game exactly, history included. The rules that depend on the
//! game's history, Tihbat's [`Repetition`](crate::Repetition) ending and
//! Al-manqala's agreement (automated play agrees as an
//! [`AgreementPolicy`] says, by default when a position occurs for the third
//! time), apply against the positions of the game already played (passed as
//! a slice, as [`Game::positions`](crate::Game::positions) gives them) **and**
//! along each line searched, exactly as [`Game`](crate::Game) would apply them.
//!
//! # Scores
//!
//! Scores are from the point of view of the player to move. A position
//! evaluated at the horizon scores what the [`Evaluator`] says (clamped to
//! `±`[`EVAL_LIMIT`]). A finished game scores its final margin (the mover's
//! total minus the opponent's) times 256, pushed beyond [`WIN`] for a win,
//! below `-WIN` for a loss, and `0` for a draw, so that every proven win
//! outranks every evaluation; a win found sooner scores a little more
//! ([`terminal_score`]); [`proven_margin`] reads the margin back.
//!
//! ```
//! use mancala_rules::games::Bohnenspiel;
//! use mancala_rules::search::{AlphaBeta, Limits};
//! use mancala_rules::{Move, Ruleset};
//!
//! // Pit 6 would capture 6 beans (pits 7 and 8 reach 2 and 4), but pit 5
//! // sows 6 to 11, which then hold 2, 4, 6, 6, 6: a chain of 24 beans.
//! let pos = "6 6 6 6 6 2 | 1 3 5 5 5 5 0-16 S".parse()?;
//! let mut engine = AlphaBeta::new(Bohnenspiel);
//! let result = engine.search(&pos, &[], Limits::depth(4));
//! assert_eq!(result.best, Some(Move::Pit(5)));
//! assert_eq!(result.depth, 4);
//! assert_eq!(result.pv.first(), Some(&Move::Pit(5)));
//! # Ok::<(), mancala_rules::ParseError>(())
//! ```

mod alphabeta;
mod earlier;
mod mcts;

use std::time::Duration;

use crate::{Board, Move, Outcome, Player, Ruleset};

pub use alphabeta::{AlphaBeta, SearchResult, MAX_TABLE_BITS};
pub use mcts::{
    Mcts, MctsLimits, MctsResult, MCTS_DEFAULT_MEMORY, MCTS_MAX_NODES, MCTS_MIN_NODES, MCTS_NODE_BYTES,
};

#[doc(no_inline)]
pub use crate::AgreementPolicy;

/// The score of a won game is `WIN` plus the margin; a lost one `-WIN` plus
/// the (negative) margin.
pub const WIN: i32 = 100_000;

/// Evaluations are clamped to `-EVAL_LIMIT..=EVAL_LIMIT`, far from [`WIN`].
pub const EVAL_LIMIT: i32 = WIN / 4;

/// The deepest search, in plies; deeper limits are cut to this.
pub const MAX_DEPTH: u32 = 120;

/// The score of a finished game whose final margin for the mover is `margin`,
/// found `ply` plies ahead: `WIN + 256 * margin - ply` for a win, `-WIN +
/// 256 * margin + ply` for a loss, `0` for a draw. The margin comes first; among
/// equal margins the engine takes the shortest win and the longest loss (so
/// that a won game is brought to its end). `ply` is capped at 255.
///
/// ```
/// use mancala_rules::search::{proven_margin, terminal_score, WIN};
///
/// assert_eq!(terminal_score(4, 0), WIN + 1024);
/// assert!(terminal_score(4, 3) < terminal_score(4, 1));
/// assert!(terminal_score(5, 9) > terminal_score(4, 1));
/// assert_eq!(terminal_score(0, 7), 0);
/// assert_eq!(proven_margin(terminal_score(-6, 5)), Some(-6));
/// assert_eq!(proven_margin(terminal_score(6, 5)), Some(6));
/// assert_eq!(proven_margin(12), None); // an evaluation
/// ```
#[must_use]
pub const fn terminal_score(margin: i32, ply: u32) -> i32 {
    let margin = if margin > MAX_MARGIN {
        MAX_MARGIN
    } else if margin < -MAX_MARGIN {
        -MAX_MARGIN
    } else {
        margin
    };
    let ply = if ply > 255 { 255 } else { ply as i32 };
    if margin > 0 {
        WIN + 256 * margin - ply
    } else if margin < 0 {
        -WIN + 256 * margin + ply
    } else {
        0
    }
}

/// Margins beyond this (only invalid positions have them) count as this.
const MAX_MARGIN: i32 = 1 << 16;

/// The final margin a score proves (a won or lost game), or `None` for an
/// evaluation. A proven draw scores `0` like an even evaluation, so it reads
/// as `None`.
#[must_use]
pub const fn proven_margin(score: i32) -> Option<i32> {
    if score > EVAL_LIMIT {
        Some((score - WIN + 255) / 256)
    } else if score < -EVAL_LIMIT {
        Some((score + WIN).div_euclid(256))
    } else {
        None
    }
}

/// The final margin of `outcome` for `player`: their total minus the other's.
#[must_use]
pub fn margin_for(outcome: &Outcome, player: Player) -> i32 {
    let limit = i64::from(MAX_MARGIN);
    let margin = outcome.margin().clamp(-limit, limit) as i32;
    match player {
        Player::South => margin,
        Player::North => -margin,
    }
}

/// A static evaluation: how good `pos` is for the player to move, in seeds.
///
/// The search clamps the value to `±`[`EVAL_LIMIT`]. Any
/// `Fn(&R::Position) -> i32` closure is an evaluator too.
///
/// ```
/// use mancala_rules::games::{Tihbat, TihbatPosition};
/// use mancala_rules::search::{AlphaBeta, Limits};
/// use mancala_rules::{Board, Ruleset};
///
/// // Counts the seeds in the mover's row instead of the captures.
/// let own_row = |pos: &TihbatPosition| {
///     let n = TihbatPosition::PITS / 2;
///     let start = pos.to_move().index() * n;
///     pos.pits()[start..start + n].iter().map(|&s| i32::from(s)).sum::<i32>()
/// };
/// let mut engine = AlphaBeta::new(Tihbat).with_evaluator(own_row);
/// let result = engine.search(&Tihbat.start(), &[], Limits::depth(3));
/// assert!(result.best.is_some());
/// ```
pub trait Evaluator<R: Ruleset> {
    /// The value of `pos` for the player to move (positive: good for them).
    fn evaluate(&self, pos: &R::Position) -> i32;
}

/// The default evaluation: the mover's captures minus the opponent's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CaptureDifference;

impl<R: Ruleset> Evaluator<R> for CaptureDifference {
    #[inline]
    fn evaluate(&self, pos: &R::Position) -> i32 {
        capture_difference(pos)
    }
}

/// The margin if the game ended now with each player keeping the seeds of
/// their own row: captures plus own row, the mover's minus the opponent's.
/// That is Djenon-aboure's end rule, where it guides a shallow search much
/// better than the captures alone (relay sowing moves many seeds at once).
///
/// ```
/// use mancala_rules::games::{DjenonAboure, DjenonAbourePosition};
/// use mancala_rules::search::{CapturesAndOwnRows, Evaluator};
///
/// let pos: DjenonAbourePosition = "1 1 0 0 0 0 | 4 4 4 4 4 22 4-0 N".parse()?;
/// // North: 0 captured + 42 in its row; South: 4 + 2.
/// assert_eq!(Evaluator::<DjenonAboure>::evaluate(&CapturesAndOwnRows, &pos), 36);
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CapturesAndOwnRows;

impl<R: Ruleset> Evaluator<R> for CapturesAndOwnRows {
    #[inline]
    fn evaluate(&self, pos: &R::Position) -> i32 {
        let (south, north) = pos.pits().split_at(R::Position::PITS / 2);
        let row = |pits: &[u8]| pits.iter().map(|&s| i32::from(s)).sum::<i32>();
        let rows = [row(south), row(north)];
        let me = pos.to_move().index();
        capture_difference(pos) + rows[me] - rows[1 - me]
    }
}

impl<R: Ruleset, F: Fn(&R::Position) -> i32> Evaluator<R> for F {
    fn evaluate(&self, pos: &R::Position) -> i32 {
        self(pos)
    }
}

/// The mover's captures minus the opponent's.
#[inline]
pub(crate) fn capture_difference<B: Board>(pos: &B) -> i32 {
    let scores = pos.scores().map(i32::from);
    let me = pos.to_move().index();
    scores[me] - scores[1 - me]
}

/// Exact values from outside the search, such as an endgame table.
///
/// `value` returns the exact final margin (the mover's final total minus the
/// opponent's) with best play from `pos` **as the first position of a game**
/// under the same rules (and, for Al-manqala, the same agreement policy), or
/// `None` when it does not know. The search asks only where that is the true
/// value: at positions no earlier position of the game or line can repeat
/// (none since the last capture), so history-dependent rules cannot change it.
/// Any `Fn(&R::Position) -> Option<i32>` closure is an oracle too.
///
/// ```
/// use mancala_rules::games::{Tihbat, TihbatPosition};
/// use mancala_rules::search::{proven_margin, AlphaBeta, Limits};
///
/// // A made-up table that knows the positions with 26 counters captured:
/// // it says the mover ends 2 counters better than the captures so far.
/// let table = |pos: &TihbatPosition| {
///     let [s, n] = pos.scores.map(i32::from);
///     let lead = if pos.to_move.index() == 0 { s - n } else { n - s };
///     (s + n == 26).then_some(lead + 2)
/// };
/// let mut engine = AlphaBeta::new(Tihbat).with_oracle(table);
/// // South's pit 1: one counter back into pit 1, one into pit 2, which then
/// // holds 2 and is captured: 16-10, North to move, and the table says North
/// // ends at -6 + 2: South wins by 4.
/// let result = engine.search(&"2 1 | 1 0 14-10 S".parse()?, &[], Limits::depth(3));
/// assert_eq!(result.best.map(|m| m.to_string()).as_deref(), Some("1"));
/// assert_eq!(proven_margin(result.score), Some(4));
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
pub trait Oracle<R: Ruleset> {
    /// The exact final margin for the mover with best play, if known.
    fn value(&self, pos: &R::Position) -> Option<i32>;
}

/// No oracle: the search finds every value itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoOracle;

impl<R: Ruleset> Oracle<R> for NoOracle {
    #[inline]
    fn value(&self, _pos: &R::Position) -> Option<i32> {
        None
    }
}

/// An optional oracle: `None` knows nothing (as [`NoOracle`]), so one
/// engine type serves with and without an endgame table.
impl<R: Ruleset, O: Oracle<R>> Oracle<R> for Option<O> {
    #[inline]
    fn value(&self, pos: &R::Position) -> Option<i32> {
        self.as_ref().and_then(|oracle| oracle.value(pos))
    }
}

impl<R: Ruleset, F: Fn(&R::Position) -> Option<i32>> Oracle<R> for F {
    fn value(&self, pos: &R::Position) -> Option<i32> {
        self(pos)
    }
}

/// How far an [`AlphaBeta`] search may go: a depth, and optionally a time and
/// a node budget. Iterative deepening stops at the first limit reached and
/// returns the last completed depth (depth 1 always completes).
///
/// ```
/// use std::time::Duration;
/// use mancala_rules::search::Limits;
///
/// let limits = Limits::time(Duration::from_millis(200)).with_depth(12);
/// assert_eq!(limits.depth, 12);
/// assert_eq!(limits.time, Some(Duration::from_millis(200)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies (at most [`MAX_DEPTH`]).
    pub depth: u32,
    /// Wall-clock budget.
    pub time: Option<Duration>,
    /// Node budget (deterministic, unlike time).
    pub nodes: Option<u64>,
}

impl Limits {
    /// Search to `depth` plies, no time or node limit.
    #[must_use]
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            time: None,
            nodes: None,
        }
    }

    /// Search as deep as `time` allows (up to [`MAX_DEPTH`]).
    #[must_use]
    pub const fn time(time: Duration) -> Limits {
        Limits {
            depth: MAX_DEPTH,
            time: Some(time),
            nodes: None,
        }
    }

    /// The same limits with another depth.
    #[must_use]
    pub const fn with_depth(self, depth: u32) -> Limits {
        Limits { depth, ..self }
    }

    /// The same limits with a node budget.
    #[must_use]
    pub const fn with_nodes(self, nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..self
        }
    }
}

impl Default for Limits {
    /// Depth 12: well under a second a move for the crate's games on a laptop.
    fn default() -> Self {
        Limits::depth(12)
    }
}

/// Something that picks moves: both engines, so that programs can hold either.
pub trait Engine<R: Ruleset> {
    /// A move for `pos` after the game's earlier positions `history` (oldest
    /// first; it may end with `pos` itself, as
    /// [`Game::positions`](crate::Game::positions) does), or `None` if the
    /// game is over.
    fn choose(&mut self, pos: &R::Position, history: &[R::Position]) -> Option<Move>;
}
