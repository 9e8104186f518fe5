//! Negamax alpha-beta (a child's score negated only when the player to move
//! changes) with iterative deepening and a transposition table.

use std::time::Instant;

use crate::error::{try_filled, CapacityError};
use crate::{AgreementPolicy, Board, Game, Move, Ruleset, Turn};

use super::earlier::{hash_position, Earlier};
use super::{margin_for, terminal_score, CaptureDifference, Engine, Evaluator, Limits, NoOracle, Oracle};
use super::{EVAL_LIMIT, MAX_DEPTH};
use crate::history::{relevant_tail, Referee};

/// Above every real score.
const INFINITY: i32 = i32::MAX / 2;
/// Table depth of a value the horizon never touched: good at any depth.
const RESOLVED: u8 = u8::MAX;
/// Nodes between two looks at the clock.
const CLOCK_EVERY: u64 = 1024;
/// Default table size: 2^18 entries of 16 bytes (4 MiB).
const DEFAULT_TABLE_BITS: u32 = 18;

/// The largest transposition table: 2^26 entries of 16 bytes, 1 GiB.
///
/// Far more than a mancala search fills in minutes (a table larger than the
/// nodes searched gains nothing), and as much as a small machine should
/// give one engine.
pub const MAX_TABLE_BITS: u32 = 26;

/// What an [`AlphaBeta`] search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The best move, `None` if the game is over.
    pub best: Option<Move>,
    /// Its score for the player to move (see the [module docs](super) for
    /// the scale).
    pub score: i32,
    /// The principal variation: the best move and the expected replies.
    pub pv: Vec<Move>,
    /// Positions visited, over all iterations.
    pub nodes: u64,
    /// The last completed iteration's depth, in plies.
    pub depth: u32,
    /// Whether the score is exact to the end of the game (no line was cut at
    /// the horizon), so deeper search cannot change it.
    pub resolved: bool,
}

/// A negamax value and whether it is exact to the end of the game.
#[derive(Clone, Copy, Debug)]
struct Value {
    score: i32,
    resolved: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// A transposition-table entry: 16 bytes.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    score: i32,
    depth: u8,
    bound: Bound,
    /// [`Move::to_byte`], or [`NO_MOVE`] (no board has a pit 255).
    mv: u8,
    generation: u8,
}

const EMPTY_ENTRY: Entry = Entry {
    key: 0,
    score: 0,
    depth: 0,
    bound: Bound::Upper,
    mv: NO_MOVE,
    generation: 0,
};

/// An entry's move byte when it holds no move.
const NO_MOVE: u8 = u8::MAX;

/// A table of `2^bits` empty entries (`bits <= MAX_TABLE_BITS`), fallibly.
fn allocate_table(bits: u32) -> Result<Vec<Entry>, CapacityError> {
    try_filled(1 << bits.min(MAX_TABLE_BITS), EMPTY_ENTRY, "transposition table")
}

fn pack(mv: Move) -> u8 {
    mv.to_byte()
}

fn unpack(code: u8) -> Option<Move> {
    (code != NO_MOVE).then(|| Move::from_byte(code))
}

/// A child of a node, generated once and ordered before it is searched.
#[derive(Clone, Copy, Debug)]
struct Child<P> {
    mv: Move,
    pos: P,
    gain: u8,
}

/// Negamax alpha-beta search with iterative deepening over any [`Ruleset`]:
/// scores are the player to move's, and a child's is negated only when the
/// player changes (after an extra turn, as in Kalah, it is not).
///
/// - **Transposition table**: a fixed-size table allocated once when the
///   engine is built, kept across searches. Its key is the position **and
///   the multiset of earlier positions it can still repeat**: those of the
///   game and of the line since the last capture (captures never shrink, so
///   older positions can never come back). A position's value depends on
///   exactly that much history under a repetition rule (which asks whether a
///   position occurred) and an agreement policy (which counts occurrences), so
///   an entry is reused only where the value is the same. Right after a
///   capture the multiset is empty and every path to a position shares one
///   entry; in games without such rules the multiset is ignored.
/// - **Move ordering**: the table's move first, then moves by seeds captured,
///   then pit order.
/// - **Exactness**: lines the horizon never cuts are marked resolved, stored
///   as valid at any depth, and a resolved root ends the deepening early.
/// - **Oracle**: consulted (below the root) only where no earlier position
///   can repeat, where the rules that depend on history cannot change a
///   value.
///
/// ```
/// use mancala_rules::games::Tihbat;
/// use mancala_rules::search::{proven_margin, AlphaBeta, Limits};
/// use mancala_rules::{Game, Move};
///
/// // Four counters left: South solves the ending.
/// let game = Game::from_position(Tihbat, "2 0 | 1 1 10-14 S".parse()?)?;
/// let mut engine = AlphaBeta::new(Tihbat);
/// let result = engine.search_game(&game, Limits::depth(40));
/// assert!(result.resolved);
/// assert!(proven_margin(result.score).is_some() || result.score == 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct AlphaBeta<R: Ruleset, E = CaptureDifference, O = NoOracle> {
    rules: R,
    evaluator: E,
    oracle: O,
    history_rules: Referee,
    table: Vec<Entry>,
    generation: u8,
    /// The relevant earlier positions of the game, the root, then the line.
    line: Vec<R::Position>,
    /// The index of the root in `line`.
    root: usize,
    children: Vec<Vec<Child<R::Position>>>,
    pv: Vec<Vec<Move>>,
    nodes: u64,
    limits: Limits,
    /// The limits of [`Engine::choose`].
    default_limits: Limits,
    clock: Option<Instant>,
    aborted: bool,
}

impl<R: Ruleset> AlphaBeta<R> {
    /// An engine with the default evaluation (capture difference), no oracle,
    /// the default agreement policy and a 4 MiB table.
    #[must_use]
    pub fn new(rules: R) -> AlphaBeta<R> {
        AlphaBeta {
            rules,
            evaluator: CaptureDifference,
            oracle: NoOracle,
            history_rules: Referee::new(&rules, AgreementPolicy::default()),
            table: vec![EMPTY_ENTRY; 1 << DEFAULT_TABLE_BITS],
            generation: 0,
            line: Vec::new(),
            root: 0,
            children: Vec::new(),
            pv: Vec::new(),
            nodes: 0,
            limits: Limits::depth(1),
            default_limits: Limits::depth(6),
            clock: None,
            aborted: false,
        }
    }
}

impl<R: Ruleset, E: Evaluator<R>, O: Oracle<R>> AlphaBeta<R, E, O> {
    /// The same engine with another evaluation.
    #[must_use]
    pub fn with_evaluator<E2: Evaluator<R>>(self, evaluator: E2) -> AlphaBeta<R, E2, O> {
        self.rebuild(|_, oracle| (evaluator, oracle))
    }

    /// The same engine with an exact-value oracle (an endgame table).
    #[must_use]
    pub fn with_oracle<O2: Oracle<R>>(self, oracle: O2) -> AlphaBeta<R, E, O2> {
        self.rebuild(|evaluator, _| (evaluator, oracle))
    }

    /// The same engine with the evaluator and oracle replaced by `replace`.
    fn rebuild<E2, O2>(self, replace: impl FnOnce(E, O) -> (E2, O2)) -> AlphaBeta<R, E2, O2> {
        let AlphaBeta {
            rules,
            evaluator,
            oracle,
            history_rules,
            table,
            generation,
            line,
            root,
            children,
            pv,
            limits,
            default_limits,
            ..
        } = self;
        let (evaluator, oracle) = replace(evaluator, oracle);
        AlphaBeta {
            rules,
            evaluator,
            oracle,
            history_rules,
            table,
            generation,
            line,
            root,
            children,
            pv,
            nodes: 0,
            limits,
            default_limits,
            clock: None,
            aborted: false,
        }
    }

    /// The same engine with a table of `2^bits` entries (16 bytes each),
    /// `bits` cut to [`MAX_TABLE_BITS`] (26, 1 GiB). `0` gives one entry: in
    /// effect no table, and a plain depth-limited alpha-beta. If the machine
    /// cannot allocate the table, the engine keeps the one it had; use
    /// [`try_with_table_bits`](Self::try_with_table_bits) to be told.
    #[must_use]
    pub fn with_table_bits(self, bits: u32) -> Self {
        let bits = bits.min(MAX_TABLE_BITS);
        match allocate_table(bits) {
            Ok(table) => AlphaBeta { table, ..self },
            Err(_) => self,
        }
    }

    /// The same engine with a table of `2^bits` entries (16 bytes each), or
    /// an error if `bits` is above [`MAX_TABLE_BITS`] (26, 1 GiB) or the
    /// machine cannot allocate the table.
    ///
    /// ```
    /// use mancala_rules::games::Bohnenspiel;
    /// use mancala_rules::search::{AlphaBeta, MAX_TABLE_BITS};
    /// use mancala_rules::CapacityError;
    ///
    /// let engine = AlphaBeta::new(Bohnenspiel).try_with_table_bits(12)?;
    /// let err = engine.try_with_table_bits(MAX_TABLE_BITS + 1).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "transposition table bits: 27 is above the limit of 26"
    /// );
    /// # Ok::<(), CapacityError>(())
    /// ```
    pub fn try_with_table_bits(self, bits: u32) -> Result<Self, CapacityError> {
        if bits > MAX_TABLE_BITS {
            return Err(CapacityError::TooLarge {
                what: "transposition table bits",
                asked: u64::from(bits),
                max: u64::from(MAX_TABLE_BITS),
            });
        }
        let table = allocate_table(bits)?;
        Ok(AlphaBeta { table, ..self })
    }

    /// The same engine assuming this agreement policy for both players, in
    /// games whose rules allow an agreement (default:
    /// [`AgreementPolicy::default`], agree on a third occurrence).
    #[must_use]
    pub fn with_policy(mut self, policy: AgreementPolicy) -> Self {
        self.history_rules = Referee::new(&self.rules, policy);
        self
    }

    /// The same engine with these limits for [`Engine::choose`] (default:
    /// depth 6).
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.default_limits = limits;
        self
    }

    /// The rules searched.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// Forgets every stored result, as a new engine would (the table keeps
    /// its size): for a new game, or to make the next search independent of
    /// the ones before it. Without it the table carries results from one
    /// search to the next, which is what makes searching move after move of
    /// one game cheap, and which can change the move chosen at a given depth
    /// (a deeper result found earlier is used).
    ///
    /// ```
    /// use mancala_rules::games::Bohnenspiel;
    /// use mancala_rules::search::{AlphaBeta, Limits};
    /// use mancala_rules::Ruleset;
    ///
    /// let start = Bohnenspiel.start();
    /// let mut engine = AlphaBeta::new(Bohnenspiel).with_table_bits(12);
    /// let first = engine.search(&start, &[], Limits::depth(5));
    /// engine.clear();
    /// let again = engine.search(&start, &[], Limits::depth(5));
    /// assert_eq!((first.best, first.score, first.nodes), (again.best, again.score, again.nodes));
    /// ```
    pub fn clear(&mut self) {
        self.table.fill(EMPTY_ENTRY);
        self.generation = 0;
    }

    /// Searches the position of `game`, its history included. A game already
    /// over (even by agreement) gives no move.
    pub fn search_game(&mut self, game: &Game<R>, limits: Limits) -> SearchResult {
        if let Some(outcome) = game.outcome() {
            let score = terminal_score(margin_for(&outcome, game.position().to_move()), 0);
            return SearchResult {
                best: None,
                score,
                pv: Vec::new(),
                nodes: 0,
                depth: 0,
                resolved: true,
            };
        }
        self.search(game.position(), game.positions(), limits)
    }

    /// Searches `pos`, reached after the game's positions `history` (oldest
    /// first; it may end with `pos` itself, as
    /// [`Game::positions`](crate::Game::positions) does; `&[]` for a fresh
    /// start), within `limits`.
    ///
    /// If the game is over at `pos` (by the board, a repetition of `history`,
    /// or the agreement policy) the result has no move and the final score.
    pub fn search(&mut self, pos: &R::Position, history: &[R::Position], limits: Limits) -> SearchResult {
        self.start(pos, history, limits);
        let earlier = Earlier::of(&self.line[..self.line.len() - 1]);
        let mut result = SearchResult {
            best: None,
            score: 0,
            pv: Vec::new(),
            nodes: 0,
            depth: 0,
            resolved: false,
        };
        for depth in 1..=limits.depth.clamp(1, MAX_DEPTH) {
            let value = self.negamax(depth, -INFINITY, INFINITY, earlier);
            if self.aborted {
                break;
            }
            result.score = value.score;
            result.pv = self.principal_variation(depth as usize);
            result.best = result.pv.first().copied();
            result.depth = depth;
            result.resolved = value.resolved;
            if value.resolved {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    fn start(&mut self, pos: &R::Position, history: &[R::Position], limits: Limits) {
        self.line.clear();
        if self.history_rules.any() {
            self.line.extend_from_slice(relevant_tail(history, pos));
        }
        if self.rules.judges_the_mover() && self.line.is_empty() {
            // The position before the root: who moved last decides an end.
            self.line.extend(crate::history::before(history, pos));
        }
        self.line.push(*pos);
        self.root = self.line.len() - 1;
        self.generation = self.generation.wrapping_add(1);
        self.nodes = 0;
        self.limits = limits;
        self.clock = limits.time.map(|_| Instant::now());
        self.aborted = false;
        let plies = MAX_DEPTH as usize + 2;
        self.children.resize_with(plies, Vec::new);
        self.pv.resize_with(plies, Vec::new);
    }

    /// Whether a limit has run out. Depth 1 always completes, so that there is
    /// a move to return.
    fn out_of_budget(&mut self, depth_of_iteration: bool) -> bool {
        if depth_of_iteration {
            return false;
        }
        if self.limits.nodes.is_some_and(|max| self.nodes > max) {
            return true;
        }
        match (self.limits.time, self.clock) {
            (Some(budget), Some(started)) if self.nodes % CLOCK_EVERY == 0 => started.elapsed() >= budget,
            _ => false,
        }
    }

    /// The negamax value of the last position of `self.line`, whose earlier
    /// repeatable positions are `earlier`.
    fn negamax(&mut self, depth: u32, alpha: i32, beta: i32, earlier: Earlier) -> Value {
        let at = self.line.len() - 1;
        let ply = at.saturating_sub(self.root);
        let pos = self.line[at];
        self.nodes += 1;
        self.pv[ply].clear();
        let first_iteration = ply as u32 + depth <= 1;
        if self.out_of_budget(first_iteration) {
            self.aborted = true;
            return Value {
                score: 0,
                resolved: false,
            };
        }
        let moves = match self.history_rules.turn_after(&self.rules, &self.line[..at], &pos) {
            Turn::Over(outcome) => {
                return Value {
                    score: terminal_score(margin_for(&outcome, pos.to_move()), ply as u32),
                    resolved: true,
                }
            }
            Turn::Moves(moves) => moves,
        };
        if ply > 0 && (earlier.count == 0 || !self.history_rules.any()) {
            if let Some(margin) = self.oracle.value(&pos) {
                return Value {
                    score: terminal_score(margin, ply as u32),
                    resolved: true,
                };
            }
        }
        if depth == 0 {
            let score = self.evaluator.evaluate(&pos).clamp(-EVAL_LIMIT, EVAL_LIMIT);
            return Value {
                score,
                resolved: false,
            };
        }
        let hash = hash_position(&pos);
        let key = self.key(hash, earlier);
        let entry = self.probe(key);
        if ply > 0 {
            if let Some(value) = entry.and_then(|e| cutoff(&e, ply, depth, alpha, beta)) {
                return value;
            }
        }
        let tt_move = entry.and_then(|e| unpack(e.mv)).filter(|&mv| moves.contains(mv));
        let mut children = std::mem::take(&mut self.children[ply]);
        order_children(&self.rules, &pos, moves, tt_move, &mut children);
        let value = self.search_children(&children, ply, depth, alpha, beta, (hash, earlier));
        self.children[ply] = children;
        if !self.aborted {
            let bound = if value.score <= alpha {
                Bound::Upper
            } else if value.score >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let stored_depth = if value.resolved {
                RESOLVED
            } else {
                depth.min(200) as u8
            };
            let best = self.pv[ply].first().copied().or(tt_move);
            self.store(key, to_table(value.score, ply), stored_depth, bound, best);
        }
        value
    }

    /// Searches the ordered children of the node at `ply`; the node's own
    /// hash and multiset of earlier positions give the children's.
    fn search_children(
        &mut self,
        children: &[Child<R::Position>],
        ply: usize,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        (hash, earlier): (u64, Earlier),
    ) -> Value {
        let pos = self.line[self.line.len() - 1];
        let mut best = Value {
            score: -INFINITY,
            resolved: true,
        };
        for child in children {
            self.line.push(child.pos);
            let child_earlier = earlier.after(&pos, hash, &child.pos);
            // Scores are the player to move's: a child where the same player
            // moves again (an extra turn) keeps its sign and the window.
            let again = child.pos.to_move() == pos.to_move();
            let value = if again {
                self.negamax(depth - 1, alpha, beta, child_earlier)
            } else {
                self.negamax(depth - 1, -beta, -alpha, child_earlier)
            };
            self.line.pop();
            if self.aborted {
                return best;
            }
            let score = if again { value.score } else { -value.score };
            best.resolved &= value.resolved;
            if score > best.score {
                best.score = score;
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, child.mv);
                }
            }
            if alpha >= beta {
                break;
            }
        }
        // A node whose every move fails low keeps a move for the table and PV.
        if self.pv[ply].is_empty() {
            if let Some(child) = children.first() {
                self.pv[ply].push(child.mv);
            }
        }
        best
    }

    /// The root's line of best moves, up to `depth` long: the line the
    /// search brought back, then (where table cutoffs cut it short) the
    /// table's moves.
    fn principal_variation(&mut self, depth: usize) -> Vec<Move> {
        let mut pv = self.pv[0].clone();
        pv.truncate(depth);
        let root_len = self.line.len();
        let mut earlier = Earlier::of(&self.line[..root_len - 1]);
        let mut checked = 0;
        for i in 0..depth {
            let at = self.line.len() - 1;
            let pos = self.line[at];
            let Turn::Moves(moves) = self.history_rules.turn_after(&self.rules, &self.line[..at], &pos)
            else {
                break;
            };
            let hash = hash_position(&pos);
            let table_move = || self.probe(self.key(hash, earlier)).and_then(|e| unpack(e.mv));
            let Some(mv) = pv
                .get(i)
                .copied()
                .or_else(table_move)
                .filter(|&mv| moves.contains(mv))
            else {
                break;
            };
            if i == pv.len() {
                pv.push(mv);
            }
            let mut next = pos;
            self.rules.play_unchecked(&mut next, mv);
            earlier = earlier.after(&pos, hash, &next);
            self.line.push(next);
            checked += 1;
        }
        self.line.truncate(root_len);
        pv.truncate(checked);
        pv
    }

    fn set_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        if let Some(below) = tail.first() {
            line.extend_from_slice(below);
        }
    }

    fn key(&self, hash: u64, earlier: Earlier) -> u64 {
        if self.history_rules.any() {
            crate::playout::mix64(hash ^ earlier.sum.rotate_left(29) ^ u64::from(earlier.count))
        } else {
            hash
        }
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let entry = self.table[key as usize & (self.table.len() - 1)];
        (entry.key == key && entry.mv != NO_MOVE).then_some(entry)
    }

    fn store(&mut self, key: u64, score: i32, depth: u8, bound: Bound, best: Option<Move>) {
        let slot = key as usize & (self.table.len() - 1);
        let old = self.table[slot];
        if old.key == key || old.generation != self.generation || depth >= old.depth {
            self.table[slot] = Entry {
                key,
                score,
                depth,
                bound,
                mv: best.map_or(NO_MOVE, pack),
                generation: self.generation,
            };
        }
    }
}

/// A table value usable at `ply` and `depth` within `alpha..beta`, if any.
fn cutoff(entry: &Entry, ply: usize, depth: u32, alpha: i32, beta: i32) -> Option<Value> {
    if u32::from(entry.depth) < depth {
        return None;
    }
    let score = from_table(entry.score, ply);
    let usable = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    usable.then_some(Value {
        score,
        resolved: entry.depth == RESOLVED,
    })
}

/// A game-end score counts plies from the root; the table keeps it counted
/// from the node, so that it holds wherever the node is met again.
fn to_table(score: i32, ply: usize) -> i32 {
    let ply = ply.min(255) as i32;
    if score > EVAL_LIMIT {
        score + ply
    } else if score < -EVAL_LIMIT {
        score - ply
    } else {
        score
    }
}

/// The inverse of [`to_table`].
fn from_table(score: i32, ply: usize) -> i32 {
    let ply = ply.min(255) as i32;
    if score > EVAL_LIMIT {
        score - ply
    } else if score < -EVAL_LIMIT {
        score + ply
    } else {
        score
    }
}

/// Fills `children` with the moves of `pos`, the table's move first, then by
/// seeds captured (a cheap try of each move), then in pit order.
fn order_children<R: Ruleset>(
    rules: &R,
    pos: &R::Position,
    moves: crate::MoveSet,
    tt_move: Option<Move>,
    children: &mut Vec<Child<R::Position>>,
) {
    children.clear();
    for mv in moves {
        let mut next = *pos;
        let report = rules.play_unchecked(&mut next, mv);
        children.push(Child {
            mv,
            pos: next,
            gain: report.seeds_captured,
        });
    }
    // Stable: equal keys keep pit order. Short slices sort without allocating.
    children.sort_by_key(|c| (Some(c.mv) != tt_move, std::cmp::Reverse(c.gain)));
}

impl<R: Ruleset, E: Evaluator<R>, O: Oracle<R>> Engine<R> for AlphaBeta<R, E, O> {
    /// Searches with the limits of [`AlphaBeta::with_limits`].
    fn choose(&mut self, pos: &R::Position, history: &[R::Position]) -> Option<Move> {
        let limits = self.default_limits;
        self.search(pos, history, limits).best
    }
}
