//! The solver and its tables: one signed byte per position.

use std::io::{Read, Write};
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::{BoardIndex, Solvable, SolveError};
use crate::error::{try_filled, try_reserve_exact, CapacityError};
use crate::{Board, Move, MoveSet, Turn};

/// The first eight bytes of a table file.
///
/// # File format
///
/// All integers are single bytes.
///
/// | bytes | content |
/// |---|---|
/// | 8 | `FORMAT_MAGIC`, `b"MNCLSOL1"` |
/// | 1 | length `L` of the game's name |
/// | `L` | the game's name, [`Ruleset::name`](crate::Ruleset::name) (UTF-8), e.g. `bohnenspiel` |
/// | 1 | `P`, pits on the board |
/// | 1 | `K`, the largest seed count on the board (at most 127) |
/// | … | for each seed count `s` from 0 to `K`: `2·C(s+P−1, P−1)` board values |
///
/// A level `s` holds first the boards with South to move, then those with
/// North to move, each in [`BoardIndex`] rank order; each value is one byte,
/// a two's-complement `i8`: the board value for the player to move (see the
/// [module docs](super)). Nothing follows the last level.
pub const FORMAT_MAGIC: [u8; 8] = *b"MNCLSOL1";

/// The largest board seed count a table can hold (values are `i8`).
const MAX_SEEDS: u32 = 127;
/// "No exit": below every value.
const NO_EXIT: i8 = i8::MIN;
/// "Not yet assigned" during a level's solve.
const UNSET: i8 = i8::MIN;
/// Nodes handed to a worker at a time.
const CHUNK: usize = 1 << 14;

/// Reported after each seed count is solved, for progress bars.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelProgress {
    /// The seed count just solved.
    pub seeds: u32,
    /// The table's largest seed count.
    pub max_seeds: u32,
    /// Positions at this seed count (both players to move).
    pub positions: u64,
    /// Positions solved so far, this level included.
    pub done: u64,
    /// Positions in the whole table.
    pub total: u64,
}

/// Exact values of every position with at most `K` seeds on the board, for
/// a [`Solvable`] game: one `i8` board value per position (see the
/// [module docs](super) for the definition and the algorithm).
///
/// Built by [`build`](Table::build) (or [`build_with`](Table::build_with) for
/// a progress report and the thread count), saved and loaded in a compact
/// binary format ([`write_to`](Table::write_to), [`read_from`](Table::read_from),
/// see [`FORMAT_MAGIC`]).
///
/// ```
/// use mancala_rules::games::Bohnenspiel;
/// use mancala_rules::solve::Table;
/// use mancala_rules::Ruleset;
///
/// let table = Table::build(Bohnenspiel, 4)?;
/// // South sows pit 6 into pit 7, which then holds 2: captured, and North,
/// // with an empty row, ends the game. South wins by 2 beyond the 35-35.
/// let pos = "0 0 0 0 0 1 | 1 0 0 0 0 0 35-35 S".parse()?;
/// assert_eq!(table.value(&pos), Some(2));
/// assert_eq!(table.board_value(&pos), Some(2));
/// assert_eq!(table.best_moves(&pos).map(|m| m.to_string()), Some("6".to_string()));
/// // Positions with more than 4 seeds on the board are not in the table.
/// assert_eq!(table.value(&Bohnenspiel.start()), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Table<R: Solvable> {
    rules: R,
    max_seeds: u32,
    index: BoardIndex,
    /// `levels[s][mover * count(s) + rank]`: board values.
    levels: Vec<Vec<i8>>,
    /// The order in which each position's value was settled within its level
    /// (kept on request): winning moves that make progress go to positions
    /// settled earlier.
    settled: Option<Vec<Vec<u32>>>,
}

/// How to build a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildOptions {
    /// Worker threads for move generation; 0 means every available core.
    pub threads: usize,
    /// Keep, for each position, when the solver settled it (four more bytes
    /// per position, not saved in files), so that
    /// [`best_moves`](Table::best_moves) gives winning moves that make
    /// progress rather than every move that keeps the value.
    pub progress: bool,
}

impl Default for BuildOptions {
    /// Every core, progress kept.
    fn default() -> Self {
        BuildOptions {
            threads: 0,
            progress: true,
        }
    }
}

impl<R: Solvable> Table<R> {
    /// Solves every position with at most `max_seeds` seeds on the board,
    /// using every core and keeping the progress order (see
    /// [`BuildOptions`]).
    pub fn build(rules: R, max_seeds: u32) -> Result<Table<R>, SolveError> {
        Table::build_with(rules, max_seeds, BuildOptions::default(), |_| {})
    }

    /// Solves every position with at most `max_seeds` seeds on the board,
    /// calling `on_level` after each seed count.
    pub fn build_with(
        rules: R,
        max_seeds: u32,
        options: BuildOptions,
        mut on_level: impl FnMut(LevelProgress),
    ) -> Result<Table<R>, SolveError> {
        if let Some(reason) = rules.unsolvable() {
            return Err(SolveError::Rules(reason));
        }
        if max_seeds > MAX_SEEDS {
            return Err(SolveError::TooManySeeds {
                asked: max_seeds,
                max: MAX_SEEDS,
            });
        }
        let index = BoardIndex::new(R::Position::PITS, max_seeds);
        let mut total = 0u64;
        for seeds in 0..=max_seeds {
            total = total.saturating_add(level_len(&index, seeds)?);
        }
        let threads = match options.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let mut table = Table {
            rules,
            max_seeds,
            index,
            levels: Vec::new(),
            settled: options.progress.then(Vec::new),
        };
        let mut done = 0;
        for seeds in 0..=max_seeds {
            let level = Level::new(&table, seeds)?;
            let (values, settled) = level.solve(threads, options.progress)?;
            let positions = values.len() as u64;
            table.levels.push(values);
            if let (Some(all), Some(settled)) = (table.settled.as_mut(), settled) {
                all.push(settled);
            }
            done += positions;
            on_level(LevelProgress {
                seeds,
                max_seeds,
                positions,
                done,
                total,
            });
        }
        Ok(table)
    }

    /// The rules the table was built for.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The largest seed count on the board that the table covers.
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// Positions in the table (one byte each).
    pub fn len(&self) -> u64 {
        self.levels.iter().map(|level| level.len() as u64).sum()
    }

    /// Whether the table holds no position (never: the empty board is in
    /// every table).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The board values of the positions with `seeds` seeds on the board:
    /// South to move first, then North, each in [`BoardIndex`] rank order.
    pub fn level(&self, seeds: u32) -> Option<&[i8]> {
        self.levels.get(seeds as usize).map(Vec::as_slice)
    }

    /// The order in which the solver settled each position of a level (in
    /// the layout of [`level`](Table::level); `u32::MAX` for the positions
    /// of value 0, never settled), if the table keeps it
    /// ([`BuildOptions::progress`]).
    pub fn settled_order(&self, seeds: u32) -> Option<&[u32]> {
        self.settled.as_ref()?.get(seeds as usize).map(Vec::as_slice)
    }

    /// The index that numbers the boards of each level.
    pub fn index(&self) -> &BoardIndex {
        &self.index
    }

    /// Where `pos` lives: its seed count and its place in that level.
    fn locate(&self, pos: &R::Position) -> Option<(usize, usize)> {
        let seeds: u32 = pos.pits().iter().map(|&s| u32::from(s)).sum();
        if seeds > self.max_seeds {
            return None;
        }
        let rank = self.index.rank(pos.pits())?;
        let count = self.index.count(seeds)?;
        let at = pos.to_move().index() as u64 * count + rank;
        Some((seeds as usize, usize::try_from(at).ok()?))
    }

    /// The board value of `pos` for the player to move: the margin that the
    /// seeds on the board bring under perfect play, whatever the scores.
    /// `None` if the board holds more seeds than the table covers.
    pub fn board_value(&self, pos: &R::Position) -> Option<i32> {
        let (seeds, at) = self.locate(pos)?;
        self.levels.get(seeds)?.get(at).map(|&v| i32::from(v))
    }

    /// The value of `pos` for the player to move: their final total minus the
    /// opponent's under perfect play (captures so far plus
    /// [`board_value`](Table::board_value)). `None` if the board holds more
    /// seeds than the table covers.
    pub fn value(&self, pos: &R::Position) -> Option<i32> {
        let mover = pos.to_move().index();
        let scores = pos.scores().map(i32::from);
        Some(scores[mover] - scores[1 - mover] + self.board_value(pos)?)
    }

    /// The legal moves of `pos`, each with its value for the player to move
    /// (their final margin if they play it and both play perfectly after).
    /// Empty when the game is over; `None` if `pos` is not in the table.
    pub fn move_values(&self, pos: &R::Position) -> Option<Vec<(Move, i32)>> {
        self.locate(pos)?;
        let mover = pos.to_move();
        let mut values = Vec::new();
        for mv in self.rules.legal_moves(pos) {
            let mut child = *pos;
            self.rules.play_unchecked(&mut child, mv);
            let value = self.value(&child)?;
            values.push((mv, if child.to_move() == mover { value } else { -value }));
        }
        Some(values)
    }

    /// The best moves of `pos`: those that keep its value. `None` if `pos` is
    /// not in the table; no move once the game is over.
    ///
    /// When the table keeps the progress order ([`BuildOptions::progress`])
    /// and the mover is winning (positive board value), only the moves that
    /// also make progress are given: always playing one of them realises the
    /// value. Without it, a winner who plays moves that merely keep the value
    /// may go round a cycle (which the solver scores as a split) instead.
    pub fn best_moves(&self, pos: &R::Position) -> Option<MoveSet> {
        let (seeds, at) = self.locate(pos)?;
        let board_value = self.board_value(pos)?;
        let value = self.value(pos)?;
        let own_order = self.settled.as_ref().and_then(|s| s.get(seeds)?.get(at).copied());
        let mut best = crate::PitSet::EMPTY;
        let mut pass = false;
        for (mv, move_value) in self.move_values(pos)? {
            if move_value != value {
                continue;
            }
            if let (Some(own), true) = (own_order, board_value > 0) {
                let mut child = *pos;
                self.rules.play_unchecked(&mut child, mv);
                if let Some((child_seeds, child_at)) = self.locate(&child) {
                    let child_order = self
                        .settled
                        .as_ref()
                        .and_then(|s| s.get(child_seeds)?.get(child_at).copied());
                    if child_seeds == seeds && child_order.is_some_and(|c| c >= own) {
                        continue;
                    }
                }
            }
            match mv.index() {
                Some(pit) => best = best.with(pit),
                None => pass = true,
            }
        }
        Some(if pass { MoveSet::PASS } else { MoveSet::pits(best) })
    }

    /// Writes the table in the binary format of [`FORMAT_MAGIC`].
    pub fn write_to(&self, mut out: impl Write) -> Result<(), SolveError> {
        let name = self.rules.name().as_bytes();
        let name_len = u8::try_from(name.len()).map_err(|_| SolveError::Format("name too long".into()))?;
        out.write_all(&FORMAT_MAGIC)?;
        out.write_all(&[name_len])?;
        out.write_all(name)?;
        out.write_all(&[R::Position::PITS as u8, self.max_seeds as u8])?;
        for level in &self.levels {
            let bytes: Vec<u8> = level.iter().map(|&v| v as u8).collect();
            out.write_all(&bytes)?;
        }
        out.flush()?;
        Ok(())
    }

    /// Reads a table written by [`write_to`](Table::write_to) for these
    /// rules, checking the game's name, the board size and the length.
    ///
    /// Memory follows the data read, not the header: a header that promises
    /// huge levels costs nothing until their bytes arrive, and a file cut
    /// short is a [`SolveError::Io`] error (unexpected end of file).
    ///
    /// ```
    /// use mancala_rules::games::Bohnenspiel;
    /// use mancala_rules::solve::{SolveError, Table, FORMAT_MAGIC};
    ///
    /// // A header promising every board of up to 127 seeds, and no data.
    /// let mut file = FORMAT_MAGIC.to_vec();
    /// file.push(11);
    /// file.extend_from_slice(b"bohnenspiel");
    /// file.extend_from_slice(&[12, 127]);
    /// let err = Table::read_from(Bohnenspiel, &file[..]).unwrap_err();
    /// assert!(matches!(err, SolveError::LevelTooLarge { .. }));
    /// ```
    pub fn read_from(rules: R, mut input: impl Read) -> Result<Table<R>, SolveError> {
        let max_seeds = read_header(&rules, &mut input)?;
        let index = BoardIndex::new(R::Position::PITS, max_seeds);
        // Every level's size is checked before any is read.
        for seeds in 0..=max_seeds {
            level_len(&index, seeds)?;
        }
        let mut levels = Vec::new();
        for seeds in 0..=max_seeds {
            let len = level_len(&index, seeds)?;
            // Read as the data comes, not allocated from the header: a
            // hostile header costs no more memory than the bytes that follow.
            let mut bytes = Vec::new();
            let read = input.by_ref().take(len).read_to_end(&mut bytes)?;
            if read as u64 != len {
                return Err(SolveError::Io(std::io::Error::new(
                    std::io::ErrorKind::UnexpectedEof,
                    format!("level {seeds} holds {read} of its {len} bytes: the file is cut short"),
                )));
            }
            levels.push(bytes.into_iter().map(|b| b as i8).collect());
        }
        if input.read(&mut [0u8; 1])? != 0 {
            return Err(SolveError::Format("data after the last level".into()));
        }
        Ok(Table {
            rules,
            max_seeds,
            index,
            levels,
            settled: None,
        })
    }
}

/// Reads and checks a table file's header (magic, game, board size) for
/// `rules`; returns the table's seed limit, and leaves `input` at the first
/// level.
pub(super) fn read_header<R: Solvable>(rules: &R, input: &mut impl Read) -> Result<u32, SolveError> {
    if let Some(reason) = rules.unsolvable() {
        return Err(SolveError::Rules(reason));
    }
    let mut magic = [0u8; 8];
    input.read_exact(&mut magic)?;
    if magic != FORMAT_MAGIC {
        return Err(SolveError::Format("bad magic".into()));
    }
    let mut len = [0u8; 1];
    input.read_exact(&mut len)?;
    let mut name = vec![0u8; usize::from(len[0])];
    input.read_exact(&mut name)?;
    if name != rules.name().as_bytes() {
        return Err(SolveError::Format(format!(
            "the table is for '{}', not '{}'",
            String::from_utf8_lossy(&name),
            rules.name()
        )));
    }
    let mut sizes = [0u8; 2];
    input.read_exact(&mut sizes)?;
    let [pits, max_seeds] = sizes.map(u32::from);
    if pits as usize != R::Position::PITS || max_seeds > MAX_SEEDS {
        return Err(SolveError::Format(format!("{pits} pits and {max_seeds} seeds")));
    }
    Ok(max_seeds)
}

/// Positions at one seed count: twice the boards (either player to move),
/// fewer than `u32::MAX` (nodes are `u32`).
pub(super) fn level_len(index: &BoardIndex, seeds: u32) -> Result<u64, SolveError> {
    let positions = index.count(seeds).and_then(|count| count.checked_mul(2));
    positions
        .filter(|&len| len < u64::from(u32::MAX))
        .ok_or(SolveError::LevelTooLarge { seeds, positions })
}

/// What a move leads to, seen from the level being solved.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// Seeds left the board (a capture, or sown into a store): a smaller,
    /// solved count; the move's board value for the mover.
    Exit(i8),
    /// Nothing left the board: this node of the same level (either player
    /// to move there).
    Stay(u32),
}

/// One seed count being solved: the lower levels are done.
struct Level<'a, R: Solvable> {
    rules: R,
    index: &'a BoardIndex,
    lower: &'a [Vec<i8>],
    seeds: u32,
    /// Boards at this count.
    count: u64,
    /// Nodes: `2 * count`.
    nodes: usize,
}

impl<'a, R: Solvable> Level<'a, R> {
    fn new(table: &'a Table<R>, seeds: u32) -> Result<Level<'a, R>, SolveError> {
        let nodes = level_len(&table.index, seeds)?;
        Ok(Level {
            rules: table.rules,
            index: &table.index,
            lower: &table.levels,
            seeds,
            count: nodes / 2,
            nodes: nodes as usize,
        })
    }

    /// The node of a position of this level or a lower one: (seeds, node).
    fn node_of(&self, pos: &R::Position) -> Result<(u32, usize), SolveError> {
        let seeds: u32 = pos.pits().iter().map(|&s| u32::from(s)).sum();
        let rank = self.index.rank(pos.pits());
        let count = self.index.count(seeds);
        match (rank, count) {
            (Some(rank), Some(count)) if seeds <= self.seeds => {
                Ok((seeds, (pos.to_move().index() as u64 * count + rank) as usize))
            }
            _ => Err(SolveError::Rules(format!(
                "a move from a {}-seed board led to {pos}",
                self.seeds
            ))),
        }
    }

    /// Calls `visit(node, board, mover)` for each node of `nodes`, in order,
    /// stepping the board from one rank to the next.
    fn for_nodes(
        &self,
        nodes: std::ops::Range<usize>,
        mut visit: impl FnMut(usize, &[u8], u8) -> Result<(), SolveError>,
    ) -> Result<(), SolveError> {
        let pits = R::Position::PITS;
        let mut board = [0u8; 32];
        let board = &mut board[..pits];
        let count = self.count.max(1);
        let first = nodes.start;
        for node in nodes {
            let rank = node as u64 % count;
            let stepped = node != first && rank != 0 && self.index.next_board(board);
            if !stepped && !self.index.unrank(self.seeds, rank, board) {
                return Err(SolveError::Rules(format!("no board of rank {rank}")));
            }
            visit(node, board, (node as u64 / count) as u8)?;
        }
        Ok(())
    }

    /// Expands the position of `board` with `mover` to move: its end value if
    /// the game is over there, or each of its moves given to `on_step`.
    #[inline]
    fn expand(
        &self,
        board: &[u8],
        mover: u8,
        mut on_step: impl FnMut(Step),
    ) -> Result<Option<i8>, SolveError> {
        let pos =
            R::Position::from_parts(board, [0, 0], mover).map_err(|e| SolveError::Rules(e.to_string()))?;
        let moves = match self.rules.turn(&pos) {
            Turn::Over(outcome) => {
                let mover = usize::from(mover);
                let margin = i64::from(outcome.totals[mover]) - i64::from(outcome.totals[1 - mover]);
                return Ok(Some(to_value(margin, &pos)?));
            }
            Turn::Moves(moves) => moves,
        };
        for mv in moves {
            let mut child = pos;
            self.rules.play_unchecked(&mut child, mv);
            let (seeds, at) = self.node_of(&child)?;
            if seeds == self.seeds {
                if child.scores() != [0, 0] {
                    return Err(SolveError::Rules(format!(
                        "move {mv} in {pos} changed the scores but not the board's seeds"
                    )));
                }
                on_step(Step::Stay(at as u32));
            } else {
                let solved = self.lower.get(seeds as usize).and_then(|level| level.get(at));
                let child_value = solved.ok_or_else(|| SolveError::Rules(format!("{child} unsolved")))?;
                // What left the board went to the scores (from 0-0): the
                // mover's share minus the opponent's, then the child's board
                // value, negated when the other player moves there.
                let scores = child.scores().map(i64::from);
                if scores[0] + scores[1] != i64::from(self.seeds - seeds) {
                    return Err(SolveError::Rules(format!(
                        "move {mv} in {pos} did not keep the seeds: board and scores after it are {child}"
                    )));
                }
                let me = usize::from(mover);
                let captured = scores[me] - scores[1 - me];
                let child_value = i64::from(*child_value);
                let margin = if child.to_move() == pos.to_move() {
                    captured + child_value
                } else {
                    captured - child_value
                };
                on_step(Step::Exit(to_value(margin, &pos)?));
            }
        }
        Ok(None)
    }

    /// Runs `work(first_node, chunk_a, chunk_b)` over matching chunks of two
    /// per-node arrays, on `threads` threads.
    fn par_chunks<A: Send, B: Send>(
        &self,
        threads: usize,
        a: &mut [A],
        b: &mut [B],
        work: impl Fn(usize, &mut [A], &mut [B]) -> Result<(), SolveError> + Sync,
    ) -> Result<(), SolveError> {
        let chunks = Mutex::new(a.chunks_mut(CHUNK).zip(b.chunks_mut(CHUNK)).enumerate());
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads.max(1))
                .map(|_| {
                    scope.spawn(|| loop {
                        let next = chunks
                            .lock()
                            .map_err(|_| SolveError::Rules("a worker panicked".into()))?
                            .next();
                        match next {
                            Some((i, (a, b))) => work(i * CHUNK, a, b)?,
                            None => return Ok(()),
                        }
                    })
                })
                .collect();
            join_all(workers)
        })
    }

    /// Solves the level: board values, and the settling order if asked.
    fn solve(&self, threads: usize, keep_order: bool) -> Result<(Vec<i8>, Option<Vec<u32>>), SolveError> {
        let n = self.nodes;
        // Pass 1: best exit (or end value), moves staying in the level, and
        // how many such moves reach each node.
        let mut best = try_filled(n, NO_EXIT, "solver: best exits")?;
        let mut pending = try_filled(n, 0u8, "solver: move counts")?;
        let in_degree = atomic_zeros(n, "solver: predecessor counts")?;
        self.par_chunks(threads, &mut best, &mut pending, |first, best, pending| {
            self.for_nodes(first..first + best.len(), |node, board, mover| {
                let (best, pending) = (&mut best[node - first], &mut pending[node - first]);
                let end = self.expand(board, mover, |step| match step {
                    Step::Exit(value) => *best = (*best).max(value),
                    Step::Stay(child) => {
                        *pending = pending.saturating_add(1);
                        in_degree[child as usize].fetch_add(1, Ordering::Relaxed);
                    }
                })?;
                if let Some(value) = end {
                    *best = value;
                }
                Ok(())
            })
        })?;
        // Predecessor lists (compressed rows): `starts[y]..starts[y + 1]`.
        let mut starts = Vec::new();
        try_reserve_exact(&mut starts, n + 1, "solver: predecessor lists")?;
        let mut sum = 0u32;
        starts.push(0u32);
        for degree in &in_degree {
            let degree = degree.load(Ordering::Relaxed);
            sum = sum.checked_add(degree).ok_or(CapacityError::TooLarge {
                what: "solver: non-capturing moves in one level",
                asked: u64::from(sum) + u64::from(degree),
                max: u64::from(u32::MAX),
            })?;
            starts.push(sum);
        }
        // Cursors: each node's next free slot, from its start.
        for (cursor, &start) in in_degree.iter().zip(&starts) {
            cursor.store(start, Ordering::Relaxed);
        }
        let edges = atomic_zeros(sum as usize, "solver: predecessors")?;
        // Pass 2: fill the predecessor lists.
        par_ranges(threads, n, |nodes| {
            self.for_nodes(nodes, |node, board, mover| {
                self.expand(board, mover, |step| {
                    if let Step::Stay(child) = step {
                        let slot = in_degree[child as usize].fetch_add(1, Ordering::Relaxed);
                        if let Some(edge) = edges.get(slot as usize) {
                            edge.store(node as u32, Ordering::Relaxed);
                        }
                    }
                })?;
                Ok(())
            })
        })?;
        drop(in_degree);
        let edges: Vec<u32> = edges.into_iter().map(AtomicU32::into_inner).collect();
        attract(&best, &mut pending, &starts, &edges, self.seeds, keep_order)
    }
}

/// The attractor pass over one level: for each threshold `t` from `seeds`
/// down to 1, the nodes whose mover forces `>= t` ("win", value `t`) and
/// those whose opponent forces `<= -t` ("loss", value `-t`); the rest are 0.
///
/// A move to a node of the other player is good for the mover when that node
/// is a loss; a move to a node of the same player (an extra turn) when it is
/// a win. Nodes `0..n / 2` have South to move, the rest North.
fn attract(
    best: &[i8],
    pending: &mut [u8],
    starts: &[u32],
    edges: &[u32],
    seeds: u32,
    keep_order: bool,
) -> Result<(Vec<i8>, Option<Vec<u32>>), SolveError> {
    let n = best.len();
    // Nodes below `half` have South to move, the others North.
    let half = n / 2;
    let mut value = try_filled(n, UNSET, "solver: values")?;
    let mut order = match keep_order {
        true => Some(try_filled(n, u32::MAX, "solver: settling order")?),
        false => None,
    };
    let mut settled = 0u32;
    // Each node is settled at most once a threshold: the queue never grows.
    let mut queue: Vec<u32> = Vec::new();
    try_reserve_exact(&mut queue, n, "solver: queue")?;
    let mut settle = |node: usize, v: i8, queue: &mut Vec<u32>, value: &mut [i8]| {
        value[node] = v;
        if let Some(order) = order.as_mut() {
            order[node] = settled;
        }
        settled = settled.wrapping_add(1);
        queue.push(node as u32);
    };
    // No threshold above the largest exit or end value can settle anything.
    let top = best
        .iter()
        .filter(|&&b| b != NO_EXIT)
        .map(|&b| b.unsigned_abs())
        .max()
        .unwrap_or(0);
    for t in (1..=seeds.min(u32::from(top)).min(127) as i8).rev() {
        queue.clear();
        for node in 0..n {
            if value[node] != UNSET {
                continue;
            }
            if best[node] >= t {
                settle(node, t, &mut queue, &mut value);
            } else if pending[node] == 0 && best[node] <= -t {
                settle(node, -t, &mut queue, &mut value);
            }
        }
        let mut head = 0;
        while let Some(&settled_node) = queue.get(head) {
            head += 1;
            let y = settled_node as usize;
            let lost = value[y] < 0;
            let (from, to) = (starts[y] as usize, starts[y + 1] as usize);
            for &x in &edges[from..to] {
                let x = x as usize;
                if value[x] != UNSET {
                    continue;
                }
                // Good for x's mover: a loss for the other player, or a win
                // for the same player moving again (an extra turn).
                let same_player = (x < half) == (y < half);
                if lost != same_player {
                    settle(x, t, &mut queue, &mut value);
                } else {
                    pending[x] = pending[x].saturating_sub(1);
                    if pending[x] == 0 && best[x] <= -t {
                        settle(x, -t, &mut queue, &mut value);
                    }
                }
            }
        }
    }
    for v in &mut value {
        if *v == UNSET {
            *v = 0;
        }
    }
    Ok((value, order))
}

/// `n` atomic zeros, allocated fallibly.
fn atomic_zeros(n: usize, what: &'static str) -> Result<Vec<AtomicU32>, CapacityError> {
    let mut vec = Vec::new();
    try_reserve_exact(&mut vec, n, what)?;
    vec.extend((0..n).map(|_| AtomicU32::new(0)));
    Ok(vec)
}

/// Runs `work` over the ranges of `0..n`, CHUNK at a time, on `threads` threads.
fn par_ranges(
    threads: usize,
    n: usize,
    work: impl Fn(std::ops::Range<usize>) -> Result<(), SolveError> + Sync,
) -> Result<(), SolveError> {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| loop {
                    let first = next.fetch_add(CHUNK, Ordering::Relaxed);
                    if first >= n {
                        return Ok(());
                    }
                    work(first..(first + CHUNK).min(n))?;
                })
            })
            .collect();
        join_all(workers)
    })
}

/// Joins the workers, keeping the first error.
fn join_all(
    workers: Vec<std::thread::ScopedJoinHandle<'_, Result<(), SolveError>>>,
) -> Result<(), SolveError> {
    let mut result = Ok(());
    for worker in workers {
        let joined = worker
            .join()
            .unwrap_or_else(|_| Err(SolveError::Rules("a worker panicked".into())));
        if result.is_ok() {
            result = joined;
        }
    }
    result
}

/// A margin as a stored value.
fn to_value<B: Board>(margin: i64, pos: &B) -> Result<i8, SolveError> {
    i8::try_from(margin)
        .ok()
        .filter(|&v| v != i8::MIN)
        .ok_or_else(|| SolveError::Rules(format!("margin {margin} out of range in {pos}")))
}
