//! The solver and its tables: one signed byte per position.

use std::fs::File;
use std::io::{BufReader, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::file::{Sink, Source};
use super::{BoardIndex, FileKind, Solvable, SolveError};
use crate::error::{try_filled, try_push, try_reserve_exact, CapacityError};
use crate::{Board, Move, MoveSet, Turn};

/// The first eight bytes of a table file, format 2: `b"MNCLSOL2"`.
///
/// # File format
///
/// Integers little-endian.
///
/// | bytes | content |
/// |---|---|
/// | 8 | `FORMAT_MAGIC`, `b"MNCLSOL2"` |
/// | 8 | the rules' fingerprint, [`Solvable::fingerprint`] (a `u64`) |
/// | 1 | length `L` of the game's name, at most 64 |
/// | `L` | the game's name, [`Ruleset::name`](crate::Ruleset::name) (UTF-8, cut to 64 bytes), e.g. `bohnenspiel` |
/// | 1 | `P`, pits on the board |
/// | 1 | `K`, the largest seed count on the board (at most 127) |
/// | … | for each seed count `s` from 0 to `K`: `2·C(s+P−1, P−1)` board values |
/// | 8 | the checksum of every byte before it (a `u64`) |
///
/// A level `s` holds first the boards with South to move, then those with
/// North to move, each in [`BoardIndex`] rank order; each value is one byte,
/// a two's-complement `i8`: the board value for the player to move (see the
/// [module docs](super)), at most `s` in magnitude. The header is at least
/// 19 bytes.
///
/// The fingerprint decides which rules may read the file (a file for other
/// rules is [`SolveError::WrongRules`], whatever the names); the name is
/// only shown in messages. The checksum hashes the bytes from the magic to
/// the last value as little-endian 64-bit words (the last one padded with
/// zeros): `h` starts at `M = 0x9e3779b97f4a7c15` and each word `w` makes
/// `h = (rotl(h, 23) ^ w)·M` (wrapping), then the byte count is mixed in the
/// same way and SplitMix64's finalizer gives the value. A file that differs
/// in one 8-byte word always fails it.
///
/// Reading checks everything: the magic (format 1, `b"MNCLSOL1"`, is
/// [`SolveError::OldFormat`]: rebuild it), the fingerprint, the board size,
/// the length ([`SolveError::Truncated`] says where a short file ends), every
/// value's range and the checksum ([`SolveError::Corrupt`]).
pub const FORMAT_MAGIC: [u8; 8] = *b"MNCLSOL2";

/// The smallest table header: magic, fingerprint, an empty name, pits, seeds.
pub(super) const MIN_HEADER: u64 = 8 + 8 + 1 + 2;

/// The largest board seed count a table can hold (values are `i8`).
const MAX_SEEDS: u32 = 127;
/// "No exit": below every value.
const NO_EXIT: i8 = i8::MIN;
/// Nodes handed to a worker at a time.
const CHUNK: usize = 1 << 14;
/// Nodes the attractor's scans look at at a time.
const SCAN: usize = 64;

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

/// Where a board's value is in a [`Table`] (see `Table::entry`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct TableEntry {
    seeds: usize,
    at: usize,
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

/// What [`Table::build_to_writer`] wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BuildStats {
    /// Positions solved and written (both players to move, every level).
    pub positions: u64,
    /// Bytes written: the header, one byte per position and the checksum.
    pub bytes: u64,
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
    ///
    /// # Memory
    ///
    /// The table keeps one byte per position (and four more with
    /// [`BuildOptions::progress`]). Solving a level of `n` positions with `E`
    /// non-capturing moves a position on average takes, besides the levels
    /// below it, about `(6 + 4·E)·n` bytes at its peak (the best exit and a
    /// move counter, one byte each; a `u32` per position that counts and then
    /// ends its list of predecessors; a `u32` per non-capturing move, the
    /// predecessor lists), plus `4·n` for the settling order with `progress`
    /// and a work stack that the attractor grows as needed. The largest level
    /// sets the peak: for example 834,451,800 positions for 12 pits and 24
    /// seeds, 1,146,332,880 for 14 pits and 20. To build a table larger than
    /// memory allows to keep, write it as it is built with
    /// [`build_to_writer`](Table::build_to_writer).
    pub fn build_with(
        rules: R,
        max_seeds: u32,
        options: BuildOptions,
        mut on_level: impl FnMut(LevelProgress),
    ) -> Result<Table<R>, SolveError> {
        let plan = Plan::new(rules, max_seeds, options)?;
        let mut levels = Vec::new();
        let mut all_settled = Vec::new();
        let mut done = 0;
        for seeds in 0..=max_seeds {
            let (values, settled) = plan.solve_level(seeds, &mut levels, false, options.progress)?;
            let positions = values.len() as u64;
            levels.push(values);
            all_settled.extend(settled);
            done += positions;
            on_level(plan.progress(seeds, positions, done));
        }
        Ok(Table {
            rules,
            max_seeds,
            index: plan.index,
            levels,
            settled: options.progress.then_some(all_settled),
        })
    }

    /// Solves every position with at most `max_seeds` seeds on the board and
    /// writes the table to `out` as it is built, in the format of
    /// [`FORMAT_MAGIC`]: the header first, then each level as soon as it is
    /// solved. The bytes are exactly those that
    /// [`build_with`](Table::build_with) then [`write_to`](Table::write_to)
    /// write; [`DiskTable`](super::DiskTable) serves the file, and
    /// [`read_from`](Table::read_from) loads it.
    ///
    /// No table is kept: the levels below the one being solved are kept only
    /// while they are needed, and the last level's are freed as soon as its
    /// exits are known, before its predecessor lists are built. So the peak
    /// is the largest of: the last level's exit pass, `6` bytes a position of
    /// that level plus every lower level (one byte a position), and its
    /// solve, about `(6 + 4·E)` bytes a position of that level alone (see
    /// [`build_with`](Table::build_with) for `E`). The settling order is not
    /// kept (the file does not hold it), whatever
    /// [`BuildOptions::progress`] says. `on_level` is called after each level
    /// is written; `out` is flushed at the end.
    ///
    /// ```
    /// use mancala_rules::games::DjenonAboure;
    /// use mancala_rules::solve::{BuildOptions, DiskTable, Table};
    ///
    /// let options = BuildOptions { threads: 2, progress: false };
    /// let mut file = Vec::new();
    /// let stats = Table::build_to_writer(DjenonAboure, 6, options, &mut file, |_| {})?;
    /// assert_eq!(stats.bytes, file.len() as u64);
    /// // The same bytes as a table built in memory, then written.
    /// let table = Table::build_with(DjenonAboure, 6, options, |_| {})?;
    /// assert_eq!(stats.positions, table.len());
    /// let mut written = Vec::new();
    /// table.write_to(&mut written)?;
    /// assert_eq!(file, written);
    ///
    /// // Straight to a file, served from disk.
    /// let path = std::env::temp_dir().join(format!("djenon-6-stream-{}.tbl", std::process::id()));
    /// let out = std::io::BufWriter::new(std::fs::File::create(&path)?);
    /// Table::build_to_writer(DjenonAboure, 6, options, out, |_| {})?;
    /// let disk = DiskTable::open(DjenonAboure, &path)?;
    /// let pos = "0 0 0 0 0 2 | 1 0 0 0 0 0 0-0 S".parse()?;
    /// assert_eq!(disk.value(&pos)?, table.value(&pos));
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build_to_writer(
        rules: R,
        max_seeds: u32,
        options: BuildOptions,
        out: impl Write,
        mut on_level: impl FnMut(LevelProgress),
    ) -> Result<BuildStats, SolveError> {
        let plan = Plan::new(rules, max_seeds, options)?;
        let mut out = Sink::new(out);
        write_header(&rules, max_seeds, &mut out)?;
        let mut levels = Vec::new();
        let mut done = 0;
        for seeds in 0..=max_seeds {
            let last = seeds == max_seeds;
            let (values, _) = plan.solve_level(seeds, &mut levels, last, false)?;
            write_level(&mut out, &values)?;
            let positions = values.len() as u64;
            done += positions;
            if !last {
                levels.push(values);
            }
            on_level(plan.progress(seeds, positions, done));
        }
        let bytes = out.finish()?;
        Ok(BuildStats {
            positions: done,
            bytes,
        })
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

    /// Frees the settling order ([`settled_order`](Table::settled_order)),
    /// four bytes a position, once it is no longer needed: for example
    /// after [`write_checked_table`](super::proof::write_checked_table),
    /// before a long search over the table. The values stay;
    /// [`best_moves`](Table::best_moves) no longer steers by the order, and
    /// the table can no longer be written as a checked table.
    pub fn drop_settled_order(&mut self) {
        self.settled = None;
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

    /// Where `pos`'s board value is, to be read later by
    /// [`board_value_at`](Self::board_value_at): the prover reads its
    /// children's entries together, so that their cache misses overlap.
    pub(crate) fn entry(&self, pos: &R::Position) -> Option<TableEntry> {
        self.locate(pos).map(|(seeds, at)| TableEntry { seeds, at })
    }

    /// The board value at an [`entry`](Self::entry) of this table.
    #[inline]
    pub(crate) fn board_value_at(&self, entry: TableEntry) -> Option<i32> {
        self.levels.get(entry.seeds)?.get(entry.at).map(|&v| i32::from(v))
    }

    /// The board value of `pos` for the player to move: the margin that the
    /// seeds on the board bring under perfect play, whatever the scores.
    /// `None` if the board holds more seeds than the table covers.
    pub fn board_value(&self, pos: &R::Position) -> Option<i32> {
        self.board_value_at(self.entry(pos)?)
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
    /// not in the table, and `None` once the game is over (a finished
    /// position has no moves, best or not: [`value`](Table::value) still
    /// gives its final margin).
    ///
    /// When the table keeps the progress order ([`BuildOptions::progress`])
    /// and the mover is winning (positive board value), only the moves that
    /// also make progress are given: always playing one of them realises the
    /// value. Without it, a winner who plays moves that merely keep the value
    /// may go round a cycle (which the solver scores as a split) instead.
    pub fn best_moves(&self, pos: &R::Position) -> Option<MoveSet> {
        if let Turn::Over(_) = self.rules.turn(pos) {
            return None;
        }
        let (seeds, at) = self.locate(pos)?;
        let board_value = self.board_value(pos)?;
        let value = self.value(pos)?;
        let own_order = self.settled.as_ref().and_then(|s| s.get(seeds)?.get(at).copied());
        let mut best = MoveSet::NONE;
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
            best = best.with(mv);
        }
        Some(best)
    }

    /// Writes the table in the binary format of [`FORMAT_MAGIC`].
    pub fn write_to(&self, out: impl Write) -> Result<(), SolveError> {
        let mut out = Sink::new(out);
        write_header(&self.rules, self.max_seeds, &mut out)?;
        for level in &self.levels {
            write_level(&mut out, level)?;
        }
        out.finish()?;
        Ok(())
    }

    /// Reads a table written by [`write_to`](Table::write_to) for these
    /// rules, checking everything (see [`FORMAT_MAGIC`]): the format, the
    /// rules' fingerprint, the board size, the length, each value's range
    /// and the checksum. A corrupt file is an error, never a table.
    ///
    /// Memory follows the data read, not the header: a header that promises
    /// huge levels costs nothing until their bytes arrive, and a file cut
    /// short is [`SolveError::Truncated`].
    ///
    /// ```
    /// use mancala_rules::games::Bohnenspiel;
    /// use mancala_rules::solve::{Solvable, SolveError, Table, FORMAT_MAGIC};
    ///
    /// // A header promising every board of up to 127 seeds, and no data.
    /// let mut file = FORMAT_MAGIC.to_vec();
    /// file.extend_from_slice(&Bohnenspiel.fingerprint().to_le_bytes());
    /// file.push(11);
    /// file.extend_from_slice(b"bohnenspiel");
    /// file.extend_from_slice(&[12, 127]);
    /// let err = Table::read_from(Bohnenspiel, &file[..]).unwrap_err();
    /// assert!(matches!(err, SolveError::LevelTooLarge { .. }));
    /// // An empty file says so.
    /// let err = Table::read_from(Bohnenspiel, &[][..]).unwrap_err();
    /// assert_eq!(err.to_string(), "the file ends after 0 bytes; a table header is at least 19 bytes");
    /// ```
    pub fn read_from(rules: R, input: impl Read) -> Result<Table<R>, SolveError> {
        let mut source = Source::new(FileKind::Table, input);
        let max_seeds = read_header(&rules, &mut source)?;
        let index = BoardIndex::new(R::Position::PITS, max_seeds);
        let mut levels: Vec<Vec<i8>> = Vec::new();
        read_levels(&mut source, &index, max_seeds, |seeds, chunk| {
            if levels.len() <= seeds as usize {
                levels.push(Vec::new());
            }
            if let Some(level) = levels.last_mut() {
                // Grown as the data comes, not allocated from the header: a
                // hostile header costs no more memory than the bytes that
                // follow.
                level.extend(chunk.iter().map(|&b| b as i8));
            }
        })?;
        source.finish()?;
        Ok(Table {
            rules,
            max_seeds,
            index,
            levels,
            settled: None,
        })
    }

    /// A table of these parts (a checked table's, see
    /// `CheckedTable::into_table`).
    pub(crate) fn from_parts(
        rules: R,
        max_seeds: u32,
        index: BoardIndex,
        levels: Vec<Vec<i8>>,
        settled: Option<Vec<Vec<u32>>>,
    ) -> Table<R> {
        Table {
            rules,
            max_seeds,
            index,
            levels,
            settled,
        }
    }

    /// [`read_from`](Table::read_from) the file at `path`; every error names
    /// the file ([`SolveError::File`]).
    pub fn read_file(rules: R, path: impl AsRef<Path>) -> Result<Table<R>, SolveError> {
        let path = path.as_ref();
        let read = || {
            // Rules the solver refuses, whatever the file.
            if let Some(reason) = rules.unsolvable() {
                return Err(SolveError::Rules(reason));
            }
            let file = File::open(path)?;
            Table::read_from(rules, BufReader::with_capacity(1 << 20, file))
        };
        read().map_err(|e| e.in_file(path))
    }
}

/// Writes a table file's header.
fn write_header<R: Solvable>(
    rules: &R,
    max_seeds: u32,
    out: &mut Sink<impl Write>,
) -> Result<(), SolveError> {
    out.header(FileKind::Table, rules.fingerprint(), rules.name())?;
    out.write(&[R::Position::PITS as u8, max_seeds as u8])
}

/// Writes a level's values, one byte each, through a small buffer.
fn write_level(out: &mut Sink<impl Write>, values: &[i8]) -> Result<(), SolveError> {
    let mut buffer = [0u8; 1 << 16];
    for chunk in values.chunks(buffer.len()) {
        let bytes = &mut buffer[..chunk.len()];
        for (byte, &value) in bytes.iter_mut().zip(chunk) {
            *byte = value as u8;
        }
        out.write(bytes)?;
    }
    Ok(())
}

/// A build's checked parameters, shared by the in-memory and the streaming
/// builds.
struct Plan<R: Solvable> {
    rules: R,
    max_seeds: u32,
    index: BoardIndex,
    /// Positions in the whole table.
    total: u64,
    threads: usize,
}

impl<R: Solvable> Plan<R> {
    /// Checks the rules and the size (every level's) before anything is
    /// solved.
    fn new(rules: R, max_seeds: u32, options: BuildOptions) -> Result<Plan<R>, SolveError> {
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
        Ok(Plan {
            rules,
            max_seeds,
            index,
            total,
            threads,
        })
    }

    /// Solves level `seeds` from the solved `lower` levels; with
    /// `free_lower`, empties `lower` as soon as the level's exits are known.
    fn solve_level(
        &self,
        seeds: u32,
        lower: &mut Vec<Vec<i8>>,
        free_lower: bool,
        keep_order: bool,
    ) -> Result<(Vec<i8>, Option<Vec<u32>>), SolveError> {
        let level = Level::new(self.rules, &self.index, seeds)?;
        let exits = level.exits(self.threads, lower)?;
        if free_lower {
            *lower = Vec::new();
        }
        level.solve(self.threads, exits, keep_order)
    }

    /// The progress report after level `seeds` of `positions`, `done` so far.
    fn progress(&self, seeds: u32, positions: u64, done: u64) -> LevelProgress {
        LevelProgress {
            seeds,
            max_seeds: self.max_seeds,
            positions,
            done,
            total: self.total,
        }
    }
}

/// Reads and checks a table file's header (magic, fingerprint, name, board
/// size) for `rules`; returns the table's seed limit, and leaves `source` at
/// the first level.
pub(super) fn read_header<R: Solvable>(rules: &R, source: &mut Source<impl Read>) -> Result<u32, SolveError> {
    if let Some(reason) = rules.unsolvable() {
        return Err(SolveError::Rules(reason));
    }
    let kind = source.kind;
    let expected = || format!("a {kind} header is at least {MIN_HEADER} bytes");
    source.magic(MIN_HEADER)?;
    let fingerprint = source.u64(&expected)?;
    let name = source.name(MIN_HEADER)?;
    check_fingerprint(kind, rules, fingerprint, name)?;
    let pits = source.u8(&expected)?;
    let max_seeds = u32::from(source.u8(&expected)?);
    if usize::from(pits) != R::Position::PITS {
        return Err(SolveError::Format {
            kind,
            reason: format!(
                "it is for boards of {pits} pits, the rules have {}",
                R::Position::PITS
            ),
        });
    }
    if max_seeds > MAX_SEEDS {
        return Err(SolveError::Format {
            kind,
            reason: format!("its header says {max_seeds} seeds, at most {MAX_SEEDS}"),
        });
    }
    Ok(max_seeds)
}

/// Checks a file's fingerprint against the rules'.
pub(super) fn check_fingerprint<R: Solvable>(
    kind: FileKind,
    rules: &R,
    fingerprint: u64,
    name: String,
) -> Result<(), SolveError> {
    let rules_fingerprint = rules.fingerprint();
    if fingerprint == rules_fingerprint {
        return Ok(());
    }
    Err(SolveError::WrongRules {
        kind,
        file_game: name,
        rules_game: rules.name().to_string(),
        file_fingerprint: fingerprint,
        rules_fingerprint,
    })
}

/// The bytes of a table file after its header: every level, then the
/// checksum.
pub(super) fn body_len(index: &BoardIndex, max_seeds: u32) -> Result<u64, SolveError> {
    let mut len = 8;
    for seeds in 0..=max_seeds {
        len += level_len(index, seeds)?;
    }
    Ok(len)
}

/// Reads every level after a table header, each value checked against its
/// level's range, giving `keep` each level's bytes a chunk at a time (in
/// order); leaves `source` at the checksum.
pub(super) fn read_levels(
    source: &mut Source<impl Read>,
    index: &BoardIndex,
    max_seeds: u32,
    mut keep: impl FnMut(u32, &[u8]),
) -> Result<(), SolveError> {
    // Every level's size is checked before any is read.
    let total = source.position() + body_len(index, max_seeds)?;
    let kind = source.kind;
    let expected = || format!("the {kind}'s header promises {total} bytes (its levels and the checksum)");
    let mut buffer = vec![0u8; 1 << 16];
    for seeds in 0..=max_seeds {
        let mut left = level_len(index, seeds)?;
        // An empty chunk first, so that `keep` sees every level.
        keep(seeds, &[]);
        while left > 0 {
            let chunk = &mut buffer[..left.min(1 << 16) as usize];
            let at = source.position();
            source.exact(chunk, &expected)?;
            check_values(source.kind, seeds, chunk, at)?;
            keep(seeds, chunk);
            left -= chunk.len() as u64;
        }
    }
    Ok(())
}

/// Checks that every value of `bytes` (of a level of `seeds` seeds, from
/// byte `at` of the file) is within `±seeds`: no board brings more than the
/// seeds on it.
pub(super) fn check_values(kind: FileKind, seeds: u32, bytes: &[u8], at: u64) -> Result<(), SolveError> {
    match bytes
        .iter()
        .position(|&b| u32::from((b as i8).unsigned_abs()) > seeds)
    {
        None => Ok(()),
        Some(i) => Err(value_out_of_range(kind, seeds, bytes[i] as i8, at + i as u64)),
    }
}

/// A value that no board of its level can have.
pub(super) fn value_out_of_range(kind: FileKind, seeds: u32, value: i8, at: u64) -> SolveError {
    SolveError::Corrupt {
        kind,
        reason: format!("the value at byte {at} is {value}, but its board holds only {seeds} seeds"),
    }
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
    seeds: u32,
    /// Boards at this count.
    count: u64,
    /// Nodes: `2 * count`.
    nodes: usize,
}

/// A level after its first pass, per node: the best exit (or the end
/// value), the moves that stay in the level, and how many such moves reach
/// the node.
struct Exits {
    best: Vec<i8>,
    pending: Vec<u8>,
    in_degree: Vec<AtomicU32>,
}

impl<'a, R: Solvable> Level<'a, R> {
    fn new(rules: R, index: &'a BoardIndex, seeds: u32) -> Result<Level<'a, R>, SolveError> {
        let nodes = level_len(index, seeds)?;
        Ok(Level {
            rules,
            index,
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
    /// the game is over there, or each of its moves given to `on_step`. With
    /// the solved `lower` levels, the moves that leave the level are given as
    /// exits; without them (`None`), only the moves that stay are given.
    #[inline]
    fn expand(
        &self,
        board: &[u8],
        mover: u8,
        lower: Option<&[Vec<i8>]>,
        mut on_step: impl FnMut(Step),
    ) -> Result<Option<i8>, SolveError> {
        let pos =
            R::Position::from_parts(board, [0, 0], mover).map_err(|e| SolveError::Rules(e.to_string()))?;
        let moves = match self.rules.turn(&pos) {
            Turn::Over(outcome) => {
                let margin = outcome.margin_for(pos.to_move());
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
            } else if let Some(lower) = lower {
                let solved = lower.get(seeds as usize).and_then(|level| level.get(at));
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

    /// Pass 1, the only one that reads the `lower` levels: each node's best
    /// exit (or end value), its moves that stay in the level, and how many
    /// such moves reach each node. Six bytes a node.
    fn exits(&self, threads: usize, lower: &[Vec<i8>]) -> Result<Exits, SolveError> {
        let n = self.nodes;
        let mut best = try_filled(n, NO_EXIT, "solver: best exits")?;
        let mut pending = try_filled(n, 0u8, "solver: move counts")?;
        let in_degree = atomic_zeros(n, "solver: predecessor counts")?;
        self.par_chunks(threads, &mut best, &mut pending, |first, best, pending| {
            self.for_nodes(first..first + best.len(), |node, board, mover| {
                let (best, pending) = (&mut best[node - first], &mut pending[node - first]);
                let end = self.expand(board, mover, Some(lower), |step| match step {
                    Step::Exit(value) => *best = (*best).max(value),
                    Step::Stay(child) => {
                        // At most 32 moves (a `MoveSet`): far below SEEDED.
                        *pending = pending.saturating_add(1).min(SEEDED - 1);
                        in_degree[child as usize].fetch_add(1, Ordering::Relaxed);
                    }
                })?;
                if let Some(value) = end {
                    *best = value;
                }
                Ok(())
            })
        })?;
        Ok(Exits {
            best,
            pending,
            in_degree,
        })
    }

    /// Pass 2 and the attractor: the level's board values (in the array of
    /// best exits), and the settling order if asked.
    fn solve(
        &self,
        threads: usize,
        exits: Exits,
        keep_order: bool,
    ) -> Result<(Vec<i8>, Option<Vec<u32>>), SolveError> {
        let Exits {
            mut best,
            mut pending,
            in_degree,
        } = exits;
        // The in-degrees become, in place, their exclusive prefix sums: each
        // node's first slot in the predecessor lists, which pass 2 moves on
        // as a cursor, one slot per predecessor stored.
        let mut sum = 0u32;
        for cell in &in_degree {
            let degree = cell.load(Ordering::Relaxed);
            cell.store(sum, Ordering::Relaxed);
            sum = sum.checked_add(degree).ok_or(CapacityError::TooLarge {
                what: "solver: non-capturing moves in one level",
                asked: u64::from(sum) + u64::from(degree),
                max: u64::from(u32::MAX),
            })?;
        }
        let edges = atomic_zeros(sum as usize, "solver: predecessors")?;
        // Pass 2: fill the predecessor lists.
        par_ranges(threads, self.nodes, |nodes| {
            self.for_nodes(nodes, |node, board, mover| {
                self.expand(board, mover, None, |step| {
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
        // Each cursor now ends its node's list, where the next one starts:
        // node y's predecessors are `edges[ends[y - 1]..ends[y]]`.
        let ends = into_plain(in_degree);
        let edges = into_plain(edges);
        let mut previous = 0;
        for &end in &ends {
            if end < previous {
                return Err(SolveError::Rules(
                    "the moves differed between the solver's two passes".into(),
                ));
            }
            previous = end;
        }
        if previous != sum {
            return Err(SolveError::Rules(
                "the moves differed between the solver's two passes".into(),
            ));
        }
        let order = attract(&mut best, &mut pending, &ends, &edges, self.seeds, keep_order)?;
        Ok((best, order))
    }
}

/// Marks a settled node in the move counters (a node has at most 32 moves,
/// far below).
const SETTLED: u8 = u8::MAX;
/// Marks a node settled by the scan of a threshold whose predecessors are
/// not yet told.
const SEEDED: u8 = u8::MAX - 1;

/// The attractor's state: the values settled so far (in `best`, which holds
/// each unsettled node's best exit), the counters, the order, the work stack.
struct Attractor<'a> {
    best: &'a mut [i8],
    pending: &'a mut [u8],
    order: Option<Vec<u32>>,
    settled: u32,
    stack: Vec<u32>,
}

impl Attractor<'_> {
    /// Gives `node` its value `value` and its place in the settling order,
    /// marking it `mark` ([`SETTLED`] or [`SEEDED`]).
    #[inline]
    fn settle(&mut self, node: usize, value: i8, mark: u8) {
        self.best[node] = value;
        self.pending[node] = mark;
        if let Some(order) = self.order.as_mut() {
            order[node] = self.settled;
        }
        self.settled = self.settled.wrapping_add(1);
    }

    /// Tells the predecessors of `node`, settled at threshold `t`, and of
    /// every node that this settles in turn, depth first: wins for the
    /// movers that have a good move there, losses for those left without
    /// one.
    fn propagate(&mut self, node: usize, t: i8, ends: &[u32], edges: &[u32]) -> Result<(), CapacityError> {
        // Nodes below `half` have South to move, the others North.
        let half = self.best.len() / 2;
        try_push(&mut self.stack, node as u32, "solver: work stack")?;
        while let Some(y) = self.stack.pop() {
            let y = y as usize;
            let lost = self.best[y] < 0;
            let from = match y {
                0 => 0,
                _ => ends[y - 1] as usize,
            };
            for &x in &edges[from..ends[y] as usize] {
                let x = x as usize;
                if self.pending[x] >= SEEDED {
                    continue;
                }
                // Good for x's mover: a loss for the other player, or a win
                // for the same player moving again (an extra turn).
                let same_player = (x < half) == (y < half);
                if lost != same_player {
                    self.settle(x, t, SETTLED);
                } else {
                    self.pending[x] = self.pending[x].saturating_sub(1);
                    if self.pending[x] > 0 || self.best[x] > -t {
                        continue;
                    }
                    self.settle(x, -t, SETTLED);
                }
                try_push(&mut self.stack, x as u32, "solver: work stack")?;
            }
        }
        Ok(())
    }
}

/// The attractor pass over one level: for each threshold `t` from `seeds`
/// down to 1, the nodes whose mover forces `>= t` ("win", value `t`) and
/// those whose opponent forces `<= -t` ("loss", value `-t`); the rest are 0.
/// `best` holds each node's best exit on entry and its value on return;
/// `pending` counts each node's stays not yet known bad for its mover (and
/// marks the settled nodes); node y's predecessors are
/// `edges[ends[y - 1]..ends[y]]` (from 0 for the first node).
///
/// A move to a node of the other player is good for the mover when that node
/// is a loss; a move to a node of the same player (an extra turn) when it is
/// a win. Nodes `0..n / 2` have South to move, the rest North.
///
/// Each threshold first settles, in one scan, the nodes that its exits
/// decide (the seeds), then tells their predecessors seed after seed, in
/// node order (the predecessor lists read in sequence), each depth first
/// on a stack that holds only the nodes being told, not the seeds. A node
/// is always settled after the node that settled it, which is the order's
/// promise; the sets reached do not depend on the order.
fn attract(
    best: &mut [i8],
    pending: &mut [u8],
    ends: &[u32],
    edges: &[u32],
    seeds: u32,
    keep_order: bool,
) -> Result<Option<Vec<u32>>, SolveError> {
    let n = best.len();
    // No threshold above the largest exit or end value can settle anything.
    let top = best
        .iter()
        .filter(|&&b| b != NO_EXIT)
        .map(|&b| b.unsigned_abs())
        .max()
        .unwrap_or(0);
    let order = match keep_order {
        true => Some(try_filled(n, u32::MAX, "solver: settling order")?),
        false => None,
    };
    let mut at = Attractor {
        best,
        pending,
        order,
        settled: 0,
        stack: Vec::new(),
    };
    for t in (1..=seeds.min(u32::from(top)).min(127) as i8).rev() {
        // Whether the node is settled by its exits alone at `t`: a win, or
        // a loss with every stay known bad (branch-free, to scan fast).
        let seed =
            |pending: u8, best: i8| (pending < SEEDED) & ((best >= t) | ((pending == 0) & (best <= -t)));
        // The seeds, a block at a time: most blocks hold none.
        for start in (0..n).step_by(SCAN) {
            let end = n.min(start + SCAN);
            let block = at.pending[start..end].iter().zip(&at.best[start..end]);
            if !block.fold(false, |any, (&pending, &best)| any | seed(pending, best)) {
                continue;
            }
            for node in start..end {
                if seed(at.pending[node], at.best[node]) {
                    let value = if at.best[node] >= t { t } else { -t };
                    at.settle(node, value, SEEDED);
                }
            }
        }
        // Their predecessors, seed after seed.
        for start in (0..n).step_by(SCAN) {
            let end = n.min(start + SCAN);
            if !at.pending[start..end].contains(&SEEDED) {
                continue;
            }
            for node in start..end {
                if at.pending[node] == SEEDED {
                    at.pending[node] = SETTLED;
                    at.propagate(node, t, ends, edges)?;
                }
            }
        }
    }
    for (value, pending) in at.best.iter_mut().zip(at.pending.iter()) {
        if *pending != SETTLED {
            *value = 0;
        }
    }
    Ok(at.order)
}

/// The plain values of atomics, in the same allocation (collecting a
/// vector's own `into_iter` into a vector of a type of the same size and
/// alignment reuses its buffer).
fn into_plain(atomics: Vec<AtomicU32>) -> Vec<u32> {
    atomics.into_iter().map(AtomicU32::into_inner).collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The atomics of a level become plain `u32` without a second buffer.
    #[test]
    fn atomics_become_plain_in_their_own_allocation() {
        let atomics = atomic_zeros(100_000, "test").unwrap();
        atomics[7].store(7, Ordering::Relaxed);
        let (address, capacity) = (atomics.as_ptr() as usize, atomics.capacity());
        let plain = into_plain(atomics);
        assert_eq!((plain.as_ptr() as usize, plain.capacity()), (address, capacity));
        assert_eq!((plain.len(), plain[7], plain[8]), (100_000, 7, 0));
    }

    /// The work stack grows as needed.
    #[test]
    fn the_stack_grows() {
        let mut stack = Vec::new();
        for i in 0..10_000u32 {
            try_push(&mut stack, i, "test").unwrap();
        }
        assert_eq!(stack.len(), 10_000);
        assert_eq!(stack.pop(), Some(9_999));
    }
}
