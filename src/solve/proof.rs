//! Proof certificates: a weak solution that someone who distrusts the search
//! can check.
//!
//! A [`Certificate`] proves the value of a position (the opening) and of each
//! of its moves by two trees of positions, stored as one DAG:
//!
//! - a **lower-bound tree** for the claim "South's final margin is at least
//!   `b`": at each node where South moves it gives one move, at each node where
//!   North moves it gives every legal move;
//! - an **upper-bound tree** for "South's final margin is at most `b`", the
//!   dual (one North move, every South move).
//!
//! Its leaves are finished games (the rules' outcome gives the margin) and
//! positions with at most `K` seeds on the board, settled by an endgame table.
//! Every bound is **South's final total minus North's**, captures included,
//! so a node's bound never changes sign with the player to move: an extra
//! turn or a pass needs no special case.
//!
//! [`Prover`] finds the value with an exact alpha-beta search over the
//! positions above the table, then extracts the two trees.
//! [`verify_certificate`] checks a certificate with the rules alone
//! ([`turn`](crate::Ruleset::turn): the legal moves or the end;
//! [`apply`](crate::Ruleset::play_unchecked)) and a [`CheckedTable`], a table read from
//! a file and checked by [`CheckedTable::verify`] in a single pass, never
//! trusted: it uses neither the search, nor the solver, nor [`Table`]; only
//! the board numbering [`BoardIndex`], whose ranks the pass checks to be a
//! bijection onto each level.
//!
//! # Endless play
//!
//! The table's valuation: a play that never ends is worth an equal split of
//! the seeds left on the board (see the [module docs](super), "Endless
//! play"). A certificate's DAG is acyclic (children come before their
//! parents in the file), so its own leaves are finished games and table
//! positions only; endless play enters the proof only through the table.
//!
//! # Why the table carries a settling order
//!
//! That each entry agrees with its successors (its value is the best over its
//! moves) does not pin the values down where positions form cycles: two
//! positions that only lead to each other could both claim a win, and be
//! consistent. So the checked table also stores, for every position, the
//! order in which the solver settled it within its seed count (`u32`,
//! `u32::MAX` for value 0), and the single pass checks, besides agreement:
//! a position of positive value has a best move that leaves its seed count
//! or reaches a position settled earlier; every move of a position of
//! negative value that stays at its seed count reaches a position settled
//! earlier. Then the values are exact: against any play, the player whose
//! value is positive can keep it, and the settling order, falling at every
//! move, forbids them from circling forever.
//!
//! # The checked table file ([`CHECKED_TABLE_MAGIC`]), format 2
//!
//! Integers little-endian. The header and the trailer are those of a table
//! file (see [`FORMAT_MAGIC`](super::FORMAT_MAGIC): the fingerprint decides
//! which rules may read it, the checksum is the same hash).
//!
//! | bytes | content |
//! |---|---|
//! | 8 | `b"MNCLTBO2"` |
//! | 8 | the rules' fingerprint, [`Solvable::fingerprint`] |
//! | 1 | length `L` of the game's name (at most 64); then `L` bytes, the name (UTF-8) |
//! | 1 | `P`, pits; 1: `K`, the largest seed count |
//! | … | for each seed count `s` from 0 to `K`, with `n = 2·C(s+P−1, P−1)`: `n` values (`i8`, board value for the mover, as in a table file, at most `s` in magnitude), then `n` settling orders (`u32`) |
//! | 8 | the checksum of every byte before it |
//!
//! Positions in a level: South to move first, then North, each in
//! [`BoardIndex`] rank order.
//!
//! # The certificate file ([`CERTIFICATE_MAGIC`])
//!
//! Integers little-endian; a position is `P` pit counts (bytes, pit 1
//! first), the two scores (South, North; bytes) and the player to move (0
//! South, 1 North); a move is one byte, its pit number (1-based) or 0 for a
//! pass.
//!
//! | bytes | content |
//! |---|---|
//! | 8 | `b"MNCLPRF3"` |
//! | 8 | the rules' fingerprint, as above |
//! | 1 + `L` | the game's name, as above |
//! | 1, 1 | `P`, pits; `K`, the table's largest seed count |
//! | `P` + 3 | the root position |
//! | 1 | `C`, claims; then per claim: the move (255: the root itself), `u32` the lower-bound node, `u32` the upper-bound node |
//! | 4 | `N`, nodes; then per node (ids `0..N`, in order): |
//! | 1 | 0 for a lower bound (South's margin `>=` the bound), 1 for an upper bound (`<=`) |
//! | 2 | the bound, `i16` |
//! | `P` + 3 | the node's position |
//! | 1 | `m`, children (0: a leaf); then per child: the move, and `u32` the child's id, which is smaller than the node's, or [`LEAF_CHILD`] (`0xFFFF_FFFF`): the position after the move is a leaf, valued by the verifier itself |
//! | 8 | the checksum of every byte before it |
//!
//! **Extra turns** (Kalah's last seed in the own store, any rule where a
//! player moves again) need no field of their own: every node's position
//! carries its player to move (the last byte of the position), and nothing
//! assumes that players alternate. A node of an extra turn is a node whose
//! child's position has the same player to move as its own; which player
//! chooses at a node is read from that node's own mover, never from its
//! parent's, and the child must have exactly the board and the mover of the
//! position after the move, so a child of an extra turn that names the other
//! player is refuted. Bounds are South's margins, so they are not negated
//! there either.
//!
//! **Scores.** A [`Solvable`] game's play reads the board and the mover,
//! never the scores (the premise of its tables), so the same board reached
//! with other captures has the same future: its final margin is its scores'
//! margin plus what the board brings, the same for both. A node's bound is
//! therefore about the position as the node writes it, scores included, and
//! a parent may point at a node whose position has the board, the mover (and
//! any other state of the position but the scores) of the position after
//! its move with other scores: the child's bound is then read from the
//! position after the move, moved by the difference of South's margins of
//! the two scores. The prover writes every node with no scores (0-0), so
//! one node serves a board whatever the captures before it; a claim's
//! nodes likewise, their bounds read from the claimed position's scores.
//!
//! **Leaves in place.** A child that is a leaf (a finished game, or a board
//! of at most `K` seeds) is not a node of its own: its parent gives the move
//! with the id [`LEAF_CHILD`], and the verifier values the position after
//! the move directly, as it values a leaf node (the rules' outcome, or the
//! table), its own scores included. A leaf shared by many parents costs five
//! bytes a parent instead of a node; on Kalah, about a third of a format 2
//! certificate's nodes were leaves. Leaf nodes remain valid (a claim about a
//! position that is itself a leaf names one).
//!
//! Format 2 (`b"MNCLPRF2"`) is format 3 with no leaf in place, and is still
//! read. Reading checks the format (format 1, `b"MNCLPRF1"` and
//! `b"MNCLTBO1"`, is [`SolveError::OldFormat`]: prove again), the
//! fingerprint, the length,
//! the checksum and the range of what the file holds (a table value within
//! its seed count, a bound within the seeds of its position); the verifier
//! then checks what the values mean.
//!
//! A claim says: the position after its move (or the root) has the value of
//! its two nodes' bounds (read from that position's scores, as above),
//! which must be equal, in nodes of the right kinds at that board. The verifier checks every node, so every node's claim
//! holds: at a leaf the game is over and its margin satisfies the bound, or
//! the board holds at most `K` seeds and the table's value does; at a node
//! where the bound's side chooses (South for a lower bound, North for an
//! upper) one legal move whose child (the board after it, the same kind
//! of bound) has a bound at least as strong, read from the scores after the
//! move; at the other player's nodes, every legal move, once each, likewise.

use std::fs::File;
use std::io::{BufReader, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::file::{Sink, Source};
use super::table::{check_values, read_header};
use super::{BoardIndex, FileKind, Solvable, SolveError, Table};
use crate::error::{try_reserve, try_reserve_exact};
use crate::{Board, Move, Player, Turn};

/// The first eight bytes of a checked table file, format 2 (see the
/// [module docs](self)).
pub const CHECKED_TABLE_MAGIC: [u8; 8] = *b"MNCLTBO2";
/// The first eight bytes of a certificate file, format 3 (see the
/// [module docs](self)).
pub const CERTIFICATE_MAGIC: [u8; 8] = *b"MNCLPRF3";

/// The child id of a leaf given in place: the position after the move is a
/// finished game or a table position, which the verifier values itself
/// (see "Leaves in place" in the [module docs](self)).
pub const LEAF_CHILD: u32 = u32::MAX;

/// The move byte of a claim about the root itself.
const ROOT_CLAIM: u8 = 255;

fn move_byte(mv: Move) -> u8 {
    mv.to_byte()
}

fn byte_move(byte: u8) -> Move {
    Move::from_byte(byte)
}

fn seeds_of<B: Board>(pos: &B) -> u32 {
    pos.pits().iter().map(|&s| u32::from(s)).sum()
}

/// South's captures minus North's.
fn south_scores<B: Board>(pos: &B) -> i32 {
    let [south, north] = pos.scores().map(i32::from);
    south - north
}

/// Whether two positions have the same board and mover (their scores
/// aside): the same play follows from both.
fn same_board<B: Board>(a: &B, b: &B) -> bool {
    a.pits() == b.pits()
        && a.to_move() == b.to_move()
        && a.children() == b.children()
        && a.opening_left() == b.opening_left()
}

/// A value for the player to move, seen from South.
fn for_south<B: Board>(pos: &B, value: i32) -> i32 {
    match pos.to_move() {
        Player::South => value,
        Player::North => -value,
    }
}

fn bad(message: impl Into<String>) -> SolveError {
    SolveError::Certificate(message.into())
}

fn write_position<B: Board>(out: &mut Sink<impl Write>, pos: &B) -> Result<(), SolveError> {
    out.write(pos.pits())?;
    out.write(&pos.scores())?;
    out.write(&[pos.to_move().index() as u8])
}

fn read_position<B: Board>(
    source: &mut Source<impl Read>,
    expected: &dyn Fn() -> String,
) -> Result<B, SolveError> {
    let mut bytes = [0u8; 64 + 3];
    let bytes = &mut bytes[..B::PITS + 3];
    source.exact(bytes, expected)?;
    position_from(source.kind, bytes)
}

/// The position written in `bytes` (pits, both scores, mover), or why it
/// cannot be one.
fn position_from<B: Board>(kind: FileKind, bytes: &[u8]) -> Result<B, SolveError> {
    let (pits, rest) = bytes.split_at(B::PITS);
    B::from_parts(pits, [rest[0], rest[1]], rest[2]).map_err(|e| SolveError::Format {
        kind,
        reason: format!("a position that cannot be: {e}"),
    })
}

/// `len` values of `width` bytes each (at most 8), `decode`d, with
/// `check` given each chunk of bytes as it is read and the offset where it
/// starts. Room for the values is taken at once when the input is known to
/// hold their bytes (a file's size), so that a large table lands on huge
/// pages; else as they come (a header that promises much costs no memory
/// until the bytes arrive).
fn read_values<T>(
    source: &mut Source<impl Read>,
    len: usize,
    width: usize,
    expected: &dyn Fn() -> String,
    mut check: impl FnMut(&[u8], u64) -> Result<(), SolveError>,
    decode: impl Fn(&[u8]) -> T,
    what: &'static str,
) -> Result<Vec<T>, SolveError> {
    let mut values = Vec::new();
    let bytes = (len as u64).saturating_mul(width as u64);
    if source.holds(bytes) {
        try_reserve_exact(&mut values, len, what)?;
    }
    let mut chunk = [0u8; 1 << 16];
    let per_chunk = chunk.len() / width;
    while values.len() < len {
        let count = (len - values.len()).min(per_chunk);
        let bytes = &mut chunk[..count * width];
        let at = source.position();
        source.exact(bytes, expected)?;
        check(bytes, at)?;
        try_reserve(&mut values, count, what)?;
        values.extend(bytes.chunks_exact(width).map(&decode));
    }
    Ok(values)
}

// ---------------------------------------------------------------- the checked table

/// `read` over the checked table file at `path`, a source that knows the
/// file's size (so that each level's room is taken at once); every error
/// names the file ([`SolveError::File`]).
fn read_sized_file<T>(
    path: &Path,
    read: impl FnOnce(Source<BufReader<File>>) -> Result<T, SolveError>,
) -> Result<T, SolveError> {
    let open = || {
        let file = File::open(path)?;
        let size = file.metadata()?.len();
        let input = BufReader::with_capacity(1 << 20, file);
        read(Source::sized(FileKind::CheckedTable, input, size))
    };
    open().map_err(|e| e.in_file(path))
}

/// Writes `table` with its settling order, in the checked table format (see
/// the [module docs](self)), for [`CheckedTable::read_from`]. The table must
/// have been built keeping the order ([`BuildOptions::progress`](super::BuildOptions::progress)).
pub fn write_checked_table<R: Solvable>(table: &Table<R>, out: impl Write) -> Result<(), SolveError> {
    let mut out = Sink::new(out);
    out.header(
        FileKind::CheckedTable,
        table.rules().fingerprint(),
        table.rules().name(),
    )?;
    out.write(&[R::Position::PITS as u8, table.max_seeds() as u8])?;
    for seeds in 0..=table.max_seeds() {
        let (Some(values), Some(order)) = (table.level(seeds), table.settled_order(seeds)) else {
            return Err(SolveError::Format {
                kind: FileKind::CheckedTable,
                reason: "the table was built without its settling order".into(),
            });
        };
        let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
        out.write(&bytes)?;
        let mut bytes = Vec::with_capacity(order.len() * 4);
        for o in order {
            bytes.extend_from_slice(&o.to_le_bytes());
        }
        out.write(&bytes)?;
    }
    out.finish()?;
    Ok(())
}

/// Progress of [`CheckedTable::verify`]: positions checked so far, of all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckProgress {
    /// Positions checked.
    pub done: u64,
    /// Positions in the table.
    pub total: u64,
}

/// An endgame table read from a checked table file, for the verifier: its
/// values are used only after [`verify`](CheckedTable::verify) has checked
/// every entry against its successors.
#[derive(Clone, Debug)]
pub struct CheckedTable<R: Solvable> {
    rules: R,
    max_seeds: u32,
    index: BoardIndex,
    values: Vec<Vec<i8>>,
    order: Vec<Vec<u32>>,
    verified: bool,
}

impl<R: Solvable> CheckedTable<R> {
    /// Reads a checked table file for `rules` (see the [module docs](self)):
    /// its format, fingerprint, length, checksum and every value's range
    /// are checked here, what the values mean by [`verify`](Self::verify).
    pub fn read_from(rules: R, input: impl Read) -> Result<CheckedTable<R>, SolveError> {
        Self::read_source(rules, Source::new(FileKind::CheckedTable, input))
    }

    /// [`read_from`](Self::read_from) a source, sized or not.
    fn read_source(rules: R, source: Source<impl Read>) -> Result<CheckedTable<R>, SolveError> {
        let (max_seeds, index, values, order) = Self::read_levels(&rules, source, true)?;
        Ok(CheckedTable {
            rules,
            max_seeds,
            index,
            values,
            order,
            verified: false,
        })
    }

    /// The table a checked table file holds, without its settling order:
    /// what [`read_from`](Self::read_from), [`into_table`](Self::into_table)
    /// and [`Table::drop_settled_order`] give, the order never held (four
    /// bytes a position: 4.4 GB of Kalah(6,4)'s 22-seed table, and most of
    /// its reading's time on fresh memory). Its bytes are read all the
    /// same, through the checksum: the file is checked as `read_from`
    /// checks it. For a proof whose checked table is the file itself.
    pub fn read_values_from(rules: R, input: impl Read) -> Result<Table<R>, SolveError> {
        Self::values_of_source(rules, Source::new(FileKind::CheckedTable, input))
    }

    /// [`read_values_from`](Self::read_values_from) the file at `path`;
    /// every error names the file ([`SolveError::File`]).
    pub fn read_values_file(rules: R, path: impl AsRef<Path>) -> Result<Table<R>, SolveError> {
        read_sized_file(path.as_ref(), |source| Self::values_of_source(rules, source))
    }

    /// [`read_values_from`](Self::read_values_from) a source, sized or not.
    fn values_of_source(rules: R, source: Source<impl Read>) -> Result<Table<R>, SolveError> {
        let (max_seeds, index, values, _) = Self::read_levels(&rules, source, false)?;
        Ok(Table::from_parts(rules, max_seeds, index, values, None))
    }

    /// The levels of a checked table: values, and the settling order if
    /// `keep_order` (else read through the checksum and let go).
    #[allow(clippy::type_complexity)]
    fn read_levels(
        rules: &R,
        mut source: Source<impl Read>,
        keep_order: bool,
    ) -> Result<(u32, BoardIndex, Vec<Vec<i8>>, Vec<Vec<u32>>), SolveError> {
        let max_seeds = read_header(rules, &mut source)?;
        let index = BoardIndex::try_new(R::Position::PITS, max_seeds)?;
        let (mut values, mut order) = (Vec::new(), Vec::new());
        for seeds in 0..=max_seeds {
            let n = index
                .count(seeds)
                .and_then(|c| c.checked_mul(2))
                .and_then(|n| usize::try_from(n).ok())
                .filter(|n| n.checked_mul(5).is_some())
                .ok_or(SolveError::LevelTooLarge {
                    seeds,
                    positions: None,
                })?;
            let expected = || format!("level {seeds} of the checked table holds {} bytes", n * 5);
            values.push(read_values(
                &mut source,
                n,
                1,
                &expected,
                |bytes, at| check_values(FileKind::CheckedTable, seeds, bytes, at),
                |b| b[0] as i8,
                "checked table: values",
            )?);
            if keep_order {
                order.push(read_values(
                    &mut source,
                    n,
                    4,
                    &expected,
                    |_, _| Ok(()),
                    |c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]),
                    "checked table: settling order",
                )?);
            } else {
                source.skip(n as u64 * 4, &expected)?;
            }
        }
        source.finish()?;
        Ok((max_seeds, index, values, order))
    }

    /// [`read_from`](Self::read_from) the file at `path`; every error names
    /// the file ([`SolveError::File`]).
    pub fn read_file(rules: R, path: impl AsRef<Path>) -> Result<CheckedTable<R>, SolveError> {
        read_sized_file(path.as_ref(), |source| Self::read_source(rules, source))
    }

    /// The table it holds, as a [`Table`] with its settling order, so that
    /// a checked table written once serves later proofs without building
    /// the table again: [`prove_opening`]
    /// searches over it and [`write_checked_table`] writes it back. Its
    /// values are the file's, exact only if [`verify`](Self::verify) passed;
    /// a wrong one makes a certificate proved over it fail the verifier,
    /// which checks the table again.
    ///
    /// ```
    /// use mancala_rules::games::Kalah;
    /// use mancala_rules::solve::proof::{write_checked_table, CheckedTable};
    /// use mancala_rules::solve::Table;
    ///
    /// let built = Table::build(Kalah, 6)?;
    /// let mut file = Vec::new();
    /// write_checked_table(&built, &mut file)?;
    /// let table = CheckedTable::read_from(Kalah, file.as_slice())?.into_table();
    /// let pos = "0 0 1 0 2 1 | 1 0 0 0 1 1 21-21 S".parse()?;
    /// assert_eq!(table.value(&pos), built.value(&pos));
    /// let mut again = Vec::new();
    /// write_checked_table(&table, &mut again)?;
    /// assert_eq!(again, file);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn into_table(self) -> Table<R> {
        Table::from_parts(
            self.rules,
            self.max_seeds,
            self.index,
            self.values,
            Some(self.order),
        )
    }

    /// The largest seed count covered.
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// Positions in the table.
    pub fn len(&self) -> u64 {
        self.values.iter().map(|l| l.len() as u64).sum()
    }

    /// Whether the table holds no position (never, once read).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Changes one stored value (for tests of the verifier: a table changed
    /// anywhere must fail [`verify`](CheckedTable::verify)).
    #[doc(hidden)]
    pub fn tamper(&mut self, seeds: u32, at: usize, value: i8) {
        if let Some(v) = self.values.get_mut(seeds as usize).and_then(|l| l.get_mut(at)) {
            *v = value;
        }
        self.verified = false;
    }

    /// Changes one stored settling order (for tests of the verifier, as
    /// [`tamper`](CheckedTable::tamper)).
    #[doc(hidden)]
    pub fn tamper_order(&mut self, seeds: u32, at: usize, order: u32) {
        if let Some(o) = self.order.get_mut(seeds as usize).and_then(|l| l.get_mut(at)) {
            *o = order;
        }
        self.verified = false;
    }

    /// The entry of `pos`: (seeds, place), checking that the index maps it
    /// back to the same board.
    fn locate(&self, pos: &R::Position) -> Option<(usize, usize)> {
        let (seeds, rank) = self.index.seeds_and_rank(pos.pits())?;
        if seeds > self.max_seeds {
            return None;
        }
        let count = self.index.count(seeds)?;
        let at = pos.to_move().index() as u64 * count + rank;
        Some((seeds as usize, usize::try_from(at).ok()?))
    }

    /// Loads the entry of `pos`, if it has one, into the cache; only the
    /// cache changes.
    fn touch(&self, pos: &R::Position) {
        if let Some((seeds, at)) = self.locate(pos) {
            if let Some(value) = self.values.get(seeds).and_then(|level| level.get(at)) {
                std::hint::black_box(*value);
            }
        }
    }

    /// The stored board value of `pos` for its mover, unchecked.
    fn stored(&self, pos: &R::Position) -> Option<(i32, u32)> {
        let (seeds, at) = self.locate(pos)?;
        Some((
            i32::from(*self.values.get(seeds)?.get(at)?),
            *self.order.get(seeds)?.get(at)?,
        ))
    }

    /// The value of `pos` for the player to move (captures plus board
    /// value), once the table is verified; `None` before, or if the board
    /// holds more than [`max_seeds`](Self::max_seeds) seeds.
    pub fn value(&self, pos: &R::Position) -> Option<i32> {
        if !self.verified {
            return None;
        }
        self.stored_value(pos)
    }

    /// [`value`](Self::value) from the stored values, verified or not: for
    /// the certificate's checker, which is made only over a verified table or
    /// one checked beside it.
    fn stored_value(&self, pos: &R::Position) -> Option<i32> {
        let (board, _) = self.stored(pos)?;
        let mover = pos.to_move().index();
        let scores = pos.scores().map(i32::from);
        Some(scores[mover] - scores[1 - mover] + board)
    }

    /// Checks one entry: `seeds`, `node` (mover and rank), whose board is
    /// `board`, against its successors (`kids`: the caller's buffer).
    fn check_entry(
        &self,
        seeds: u32,
        node: usize,
        board: &[u8],
        kids: &mut Vec<Kid<R::Position>>,
    ) -> Result<(), String> {
        let count = self.index.count(seeds).ok_or("no count")? as usize;
        let (mover, rank) = (node / count, node % count);
        // The index must be a bijection: the board of every rank ranks back
        // to it and holds `seeds` seeds (`count` is the number of such
        // boards, so the ranks of the children below find their entries).
        if self.index.rank(board) != Some(rank as u64)
            || board.iter().map(|&s| u32::from(s)).sum::<u32>() != seeds
        {
            return Err(format!(
                "the index does not round-trip at {seeds} seeds, rank {rank}"
            ));
        }
        let pos = R::Position::from_parts(board, [0, 0], mover as u8).map_err(|e| e.to_string())?;
        let value = i32::from(self.values[seeds as usize][node]);
        let order = self.order[seeds as usize][node];
        match self.rules.turn(&pos) {
            Turn::Over(outcome) => {
                let margin = outcome.margin_for(pos.to_move());
                if i64::from(value) != margin {
                    return Err(format!(
                        "{pos}: stored {value}, but the game is over with margin {margin}"
                    ));
                }
            }
            Turn::Moves(moves) => {
                // Every move is played first, then every child located, then
                // every child's value read, each in a loop of its own: a
                // child's board is read only once the sowing's byte stores
                // are behind it (read right after them, the loads stalled),
                // and the value loads' cache misses overlap. A child's
                // settling order is read only where it is needed, when the
                // move keeps the seeds on the board.
                kids.clear();
                for mv in moves {
                    kids.push(Kid {
                        mv,
                        child: pos,
                        same: false,
                        level: 0,
                        at: 0,
                        captured: 0,
                        value: 0,
                    });
                    // Played where it is kept: no copy read right back.
                    if let Some(kid) = kids.last_mut() {
                        self.rules.play_unchecked(&mut kid.child, mv);
                    }
                }
                for kid in kids.iter_mut() {
                    let child = &kid.child;
                    let child_seeds = seeds_of(child);
                    let scores = child.scores().map(i64::from);
                    if child_seeds > seeds || scores[0] + scores[1] != i64::from(seeds - child_seeds) {
                        return Err(format!("{pos}: move {} does not keep the seeds", kid.mv));
                    }
                    let (level, at) = self
                        .locate(child)
                        .filter(|&(level, at)| at < self.values[level].len())
                        .ok_or_else(|| format!("{pos}: {child} not in the table"))?;
                    kid.same = child.to_move() == pos.to_move();
                    kid.level = level;
                    kid.at = at;
                    kid.captured = (scores[mover] - scores[1 - mover]) as i32;
                }
                for kid in kids.iter_mut() {
                    kid.value = i32::from(self.values[kid.level][kid.at]);
                }
                let mut best = i32::MIN;
                let mut progress = false;
                for kid in kids.iter() {
                    let move_value = if kid.same {
                        kid.captured + kid.value
                    } else {
                        kid.captured - kid.value
                    };
                    let stays = kid.level == seeds as usize;
                    let settles_first = || self.order[kid.level][kid.at] < order;
                    if move_value == value && (!stays || settles_first()) {
                        progress = true;
                    }
                    if value < 0 && stays && !settles_first() {
                        return Err(format!(
                            "{pos}: a losing position whose move {} does not progress",
                            kid.mv
                        ));
                    }
                    best = best.max(move_value);
                }
                if best != value {
                    return Err(format!("{pos}: stored {value}, but its best move gives {best}"));
                }
                if value > 0 && !progress {
                    return Err(format!(
                        "{pos}: a winning position without a progressing best move"
                    ));
                }
            }
        }
        Ok(())
    }

    /// Checks every entry against its successors, in a single pass over the
    /// table on `threads` threads (0: every core), calling `on_progress` now
    /// and then (see the [module docs](self) for what is checked and why
    /// that makes the values exact). Only then does
    /// [`value`](Self::value) answer.
    pub fn verify(
        &mut self,
        threads: usize,
        on_progress: impl FnMut(CheckProgress),
    ) -> Result<(), SolveError> {
        self.check(threads, on_progress)?;
        self.verified = true;
        Ok(())
    }

    /// What [`verify`](Self::verify) checks, without marking the table
    /// verified; `on_progress` is called at each level's end.
    fn check(&self, threads: usize, mut on_progress: impl FnMut(CheckProgress)) -> Result<(), SolveError> {
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let total = self.len();
        let mut done = 0u64;
        const CHUNK: usize = 1 << 16;
        for seeds in 0..=self.max_seeds {
            let n = self.values[seeds as usize].len();
            let count = self
                .index
                .count(seeds)
                .filter(|&c| c > 0)
                .ok_or_else(|| bad(format!("the index counts no board of {seeds} seeds")))?;
            let next = AtomicUsize::new(0);
            let failure: Option<String> = std::thread::scope(|scope| {
                let workers: Vec<_> = (0..threads.max(1))
                    .map(|_| {
                        scope.spawn(|| {
                            let mut board = vec![0u8; R::Position::PITS];
                            let mut kids = Vec::new();
                            loop {
                                let first = next.fetch_add(CHUNK, Ordering::Relaxed);
                                if first >= n {
                                    return None;
                                }
                                for node in first..(first + CHUNK).min(n) {
                                    // The boards of a chunk come in rank order: the
                                    // first unranked, each next one an odometer step
                                    // (the entry's check ranks it back).
                                    let rank = node as u64 % count;
                                    let placed = if node == first || rank == 0 {
                                        self.index.unrank(seeds, rank, &mut board)
                                    } else {
                                        self.index.next_board(&mut board)
                                    };
                                    let checked = if placed {
                                        self.check_entry(seeds, node, &board, &mut kids)
                                    } else {
                                        Err(format!("the index has no board of rank {rank} at {seeds} seeds"))
                                    };
                                    if let Err(e) = checked {
                                        return Some(e);
                                    }
                                }
                            }
                        })
                    })
                    .collect();
                workers
                    .into_iter()
                    .filter_map(|w| w.join().unwrap_or_else(|_| Some("a worker panicked".into())))
                    .next()
            });
            if let Some(e) = failure {
                return Err(bad(format!("table entry refuted: {e}")));
            }
            done += n as u64;
            on_progress(CheckProgress { done, total });
        }
        Ok(())
    }
}

/// A successor of a table entry under check: its position, where its
/// entry is, and what the move captured for its mover.
struct Kid<P> {
    mv: Move,
    child: P,
    /// The mover moves again.
    same: bool,
    level: usize,
    at: usize,
    captured: i32,
    value: i32,
}

// ---------------------------------------------------------------- the certificate

/// One node of a certificate: a bound on South's final margin at a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofNode<P> {
    /// `false`: South's final margin is at least `bound`; `true`: at most.
    pub upper: bool,
    /// The bound: South's final total minus North's.
    pub bound: i16,
    /// The position.
    pub position: P,
    /// The moves given, each with the id of the node of the position after
    /// it (smaller than this node's id), or [`LEAF_CHILD`] where that
    /// position is a leaf; empty at a leaf.
    pub children: Vec<(Move, u32)>,
}

/// One claim of a certificate: the value of the root, or of the position
/// after one of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claim {
    /// The root's move, or `None` for the root itself.
    pub first_move: Option<Move>,
    /// The lower-bound node of the position.
    pub lower: u32,
    /// The upper-bound node of the position.
    pub upper: u32,
}

/// A proof of the values of a position and of its moves (see the
/// [module docs](self) for the trees and the file format).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate<P> {
    /// The game's name.
    pub game: String,
    /// The fingerprint of the rules proved under ([`Solvable::fingerprint`]).
    pub fingerprint: u64,
    /// The largest seed count of the table that settles the leaves.
    pub max_seeds: u32,
    /// The position solved.
    pub root: P,
    /// The values claimed.
    pub claims: Vec<Claim>,
    /// The nodes, children first.
    pub nodes: Vec<ProofNode<P>>,
}

impl<P: Board> Certificate<P> {
    /// Writes the certificate (see the [module docs](self)).
    pub fn write_to(&self, out: impl Write) -> Result<(), SolveError> {
        let count = u32::try_from(self.nodes.len()).map_err(|_| too_many("nodes"))?;
        let mut writer = CertificateWriter::new(
            out,
            self.fingerprint,
            &self.game,
            self.max_seeds,
            &self.root,
            &self.claims,
            count,
        )?;
        for node in &self.nodes {
            writer.node(node.upper, node.bound, &node.position, &node.children)?;
        }
        writer.finish()?;
        Ok(())
    }

    /// Reads a certificate for `rules`: its format, fingerprint, length and
    /// checksum are checked here, and that every bound is within the seeds
    /// of its position; [`verify_certificate`] checks what it claims.
    pub fn read_from<R: Solvable<Position = P>>(
        rules: &R,
        input: impl Read,
    ) -> Result<Certificate<P>, SolveError> {
        let mut nodes = Vec::new();
        let head = read_nodes(rules, input, |_, _, node| {
            nodes.push(node.clone());
            Ok(())
        })?;
        Ok(Certificate {
            game: rules.name().to_string(),
            fingerprint: rules.fingerprint(),
            max_seeds: head.max_seeds,
            root: head.root,
            claims: head.claims,
            nodes,
        })
    }

    /// [`read_from`](Self::read_from) the file at `path`; every error names
    /// the file ([`SolveError::File`]).
    pub fn read_file<R: Solvable<Position = P>>(
        rules: &R,
        path: impl AsRef<Path>,
    ) -> Result<Certificate<P>, SolveError> {
        let path = path.as_ref();
        let read = || Certificate::read_from(rules, BufReader::with_capacity(1 << 20, File::open(path)?));
        read().map_err(|e| e.in_file(path))
    }
}

fn too_many(what: &str) -> SolveError {
    SolveError::Format {
        kind: FileKind::Certificate,
        reason: format!("too many {what} to write"),
    }
}

/// A certificate file written as its nodes come (see the [module
/// docs](self)): the header, the claims and the node count first, then each
/// node, then the checksum. What [`Certificate::write_to`] and
/// [`Prover::write_certificate`] write.
pub(crate) struct CertificateWriter<W: Write> {
    out: Sink<W>,
    /// Nodes' bytes not yet written: written [`BATCH`] bytes or more at a
    /// time, so that the sink and its checksum see long runs, not one call
    /// a node (Kalah(6,4) writes 212 M nodes).
    buf: Vec<u8>,
    /// Nodes still to come.
    remaining: u32,
}

impl<W: Write> CertificateWriter<W> {
    /// Writes everything before the nodes.
    pub(crate) fn new<P: Board>(
        out: W,
        fingerprint: u64,
        game: &str,
        max_seeds: u32,
        root: &P,
        claims: &[Claim],
        count: u32,
    ) -> Result<Self, SolveError> {
        let mut out = Sink::new(out);
        out.header(FileKind::Certificate, fingerprint, game)?;
        out.write(&[P::PITS as u8, max_seeds as u8])?;
        write_position(&mut out, root)?;
        let n = u8::try_from(claims.len()).map_err(|_| too_many("claims"))?;
        out.write(&[n])?;
        for claim in claims {
            out.write(&[claim.first_move.map_or(ROOT_CLAIM, move_byte)])?;
            out.write(&claim.lower.to_le_bytes())?;
            out.write(&claim.upper.to_le_bytes())?;
        }
        out.write(&count.to_le_bytes())?;
        Ok(CertificateWriter {
            out,
            buf: Vec::new(),
            remaining: count,
        })
    }

    /// Writes the next node.
    pub(crate) fn node<P: Board>(
        &mut self,
        upper: bool,
        bound: i16,
        position: &P,
        children: &[(Move, u32)],
    ) -> Result<(), SolveError> {
        self.remaining = self.remaining.checked_sub(1).ok_or_else(|| too_many("nodes"))?;
        let count = u8::try_from(children.len()).map_err(|_| too_many("children"))?;
        let buf = &mut self.buf;
        buf.push(u8::from(upper));
        buf.extend_from_slice(&bound.to_le_bytes());
        buf.extend_from_slice(position.pits());
        buf.extend_from_slice(&position.scores());
        buf.push(position.to_move().index() as u8);
        buf.push(count);
        for &(mv, child) in children {
            buf.push(move_byte(mv));
            buf.extend_from_slice(&child.to_le_bytes());
        }
        if buf.len() >= BATCH {
            self.out.write(buf)?;
            buf.clear();
        }
        Ok(())
    }

    /// Writes the checksum, once every node is written: the bytes written.
    pub(crate) fn finish(mut self) -> Result<u64, SolveError> {
        if self.remaining != 0 {
            return Err(SolveError::Format {
                kind: FileKind::Certificate,
                reason: format!("{} nodes promised were not written", self.remaining),
            });
        }
        self.out.write(&self.buf)?;
        self.out.finish()
    }
}

/// The bytes of nodes [`CertificateWriter`] gathers before it writes them.
const BATCH: usize = 1 << 16;

/// A certificate's header: what comes before its nodes.
struct Head<P> {
    max_seeds: u32,
    root: P,
    claims: Vec<Claim>,
}

/// Reads a certificate for `rules` node by node, handing each to `on_node`
/// with the table's seed count and its id as it is read (the format,
/// fingerprint, length and checksum are checked, and every bound's range);
/// returns the header once the whole file, checksum included, is read.
fn read_nodes<R: Solvable>(
    rules: &R,
    input: impl Read,
    mut on_node: impl FnMut(u32, u32, &ProofNode<R::Position>) -> Result<(), SolveError>,
) -> Result<Head<R::Position>, SolveError> {
    let kind = FileKind::Certificate;
    let mut source = Source::new(kind, input);
    let max_seeds = read_header(rules, &mut source)?;
    let root: R::Position = read_position(&mut source, &|| {
        "the certificate's root position is cut short".into()
    })?;
    let claims_expected = || "the certificate's claims are cut short".to_string();
    let mut claims = Vec::new();
    for _ in 0..source.u8(&claims_expected)? {
        let mv = source.u8(&claims_expected)?;
        claims.push(Claim {
            first_move: (mv != ROOT_CLAIM).then(|| byte_move(mv)),
            lower: source.u32(&claims_expected)?,
            upper: source.u32(&claims_expected)?,
        });
    }
    let count = source.u32(&|| "the certificate's node count is cut short".into())?;
    // A node is read in two reads, its fixed part (kind, bound, position,
    // child count) and its children, into buffers kept for the whole file:
    // no allocation a node (on Kalah(6,4), 190 M nodes).
    let fixed = R::Position::PITS + 7;
    let mut bytes = [0u8; 64 + 7];
    let mut child_bytes = [0u8; 5 * 255];
    let mut node = ProofNode {
        upper: false,
        bound: 0,
        position: root,
        children: Vec::new(),
    };
    for id in 0..count {
        let expected = || format!("node {id} of the {count} the certificate's header gives is cut short");
        let bytes = &mut bytes[..fixed];
        source.exact(bytes, &expected)?;
        node.upper = match bytes[0] {
            0 => false,
            1 => true,
            k => {
                return Err(SolveError::Format {
                    kind,
                    reason: format!("node {id} is of kind {k}, not 0 (lower bound) or 1 (upper)"),
                })
            }
        };
        node.bound = i16::from_le_bytes([bytes[1], bytes[2]]);
        node.position = position_from(kind, &bytes[3..fixed - 1])?;
        // A margin cannot exceed every seed of the game, captured or not.
        let position = &node.position;
        let seeds = seeds_of(position) + position.scores().iter().map(|&s| u32::from(s)).sum::<u32>();
        if u32::from(node.bound.unsigned_abs()) > seeds {
            return Err(SolveError::Corrupt {
                kind,
                reason: format!(
                    "node {id} bounds the margin by {}, but its position {position} holds {seeds} seeds",
                    node.bound
                ),
            });
        }
        let children = &mut child_bytes[..5 * usize::from(bytes[fixed - 1])];
        source.exact(children, &expected)?;
        node.children.clear();
        node.children.extend(
            children
                .chunks_exact(5)
                .map(|c| (byte_move(c[0]), u32::from_le_bytes([c[1], c[2], c[3], c[4]]))),
        );
        on_node(max_seeds, id, &node)?;
    }
    source.finish()?;
    Ok(Head {
        max_seeds,
        root,
        claims,
    })
}

/// What a verified certificate proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The root's value: South's final total minus North's under perfect play.
    pub value: i32,
    /// Each claimed first move with its value (South's margin).
    pub moves: Vec<(Move, i32)>,
    /// Nodes checked.
    pub nodes: usize,
}

/// Checks a certificate with the rules and a verified table alone (see the
/// [module docs](self)): every node, then every claim. `on_node` is called
/// with the count of nodes checked, now and then.
pub fn verify_certificate<R: Solvable>(
    rules: &R,
    certificate: &Certificate<R::Position>,
    table: &CheckedTable<R>,
    mut on_node: impl FnMut(usize),
) -> Result<Verified, SolveError> {
    if certificate.fingerprint != rules.fingerprint() {
        return Err(SolveError::WrongRules {
            kind: FileKind::Certificate,
            file_game: certificate.game.clone(),
            rules_game: rules.name().to_string(),
            file_fingerprint: certificate.fingerprint,
            rules_fingerprint: rules.fingerprint(),
        });
    }
    let mut checker = Checker::new(rules, table, certificate.max_seeds, false)?;
    for node in &certificate.nodes {
        checker.node(node, &mut on_node)?;
    }
    on_node(certificate.nodes.len());
    checker.claims(&certificate.root, &certificate.claims)
}

/// [`verify_certificate`] of a certificate file read as it is checked,
/// node by node: what it keeps of each node is its position, kind and
/// bound (for the nodes above it), never its children, so a certificate
/// larger than memory as a [`Certificate`] can be checked. Reading checks
/// what [`Certificate::read_from`] checks. Returns the certificate's root
/// (the position it is about; the caller says whether it is the one
/// asked about) and what it proves there.
pub fn verify_certificate_from<R: Solvable>(
    rules: &R,
    input: impl Read,
    table: &CheckedTable<R>,
    on_node: impl FnMut(usize),
) -> Result<(R::Position, Verified), SolveError> {
    check_certificate(rules, input, table, false, &AtomicBool::new(false), on_node)
}

/// [`verify_certificate_from`], over a table verified already or, with
/// `beside`, whose check runs beside this one (the caller then trusts the
/// result only if that check passes); stops with an error once `stop` is
/// set.
fn check_certificate<R: Solvable>(
    rules: &R,
    input: impl Read,
    table: &CheckedTable<R>,
    beside: bool,
    stop: &AtomicBool,
    mut on_node: impl FnMut(usize),
) -> Result<(R::Position, Verified), SolveError> {
    let mut checker: Option<Checker<'_, R>> = None;
    let head = read_nodes(rules, input, |max_seeds, _, node| {
        if stop.load(Ordering::Relaxed) {
            return Err(bad("stopped: the table's check failed"));
        }
        let checker = match &mut checker {
            Some(checker) => checker,
            None => checker.insert(Checker::new(rules, table, max_seeds, beside)?),
        };
        checker.node(node, &mut on_node)
    })?;
    let checker = match checker {
        Some(checker) => checker,
        None => Checker::new(rules, table, head.max_seeds, beside)?,
    };
    on_node(checker.known.len());
    Ok((head.root, checker.claims(&head.root, &head.claims)?))
}

/// [`verify_certificate_from`] the file at `path`; every error names the
/// file ([`SolveError::File`]).
pub fn verify_certificate_file<R: Solvable>(
    rules: &R,
    path: impl AsRef<Path>,
    table: &CheckedTable<R>,
    on_node: impl FnMut(usize),
) -> Result<(R::Position, Verified), SolveError> {
    let path = path.as_ref();
    let input = File::open(path).map_err(|e| SolveError::from(e).in_file(path))?;
    verify_certificate_from(rules, BufReader::with_capacity(1 << 20, input), table, on_node)
        .map_err(|e| e.in_file(path))
}

/// Progress of [`verify_certificate_and_table_file`]: the table's entries
/// checked so far and the certificate's nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct VerifyProgress {
    /// The table's entries checked, of all.
    pub table: CheckProgress,
    /// Certificate nodes checked.
    pub nodes: usize,
}

/// [`CheckedTable::verify`] and [`verify_certificate_file`] at once: the
/// certificate is read and checked on a thread of its own while the table is
/// checked on `threads` threads (0: every core), so that on two cores the
/// two checks share the time instead of following each other (on
/// Kalah(6,4), BENCHMARKS.md). The certificate's leaves are read from the
/// table's values before their check is over; its verdict counts only once
/// the table has passed:
///
/// - the table refuted: that error, whatever the certificate gave (its
///   check stops at once);
/// - the table verified, the certificate refuted: the certificate's error
///   (the table is then marked verified);
/// - both passed: the root and what the certificate proves, as
///   [`verify_certificate_file`] returns them.
///
/// A table verified already is not checked again. `on_progress` is called on
/// the calling thread at each level of the table, then about four times a
/// second until the certificate is checked. Memory: the certificate's check
/// keeps what [`verify_certificate_from`] keeps.
///
/// # Example
///
/// ```
/// use mancala_rules::games::Kalah;
/// use mancala_rules::solve::proof::{
///     prove_opening, verify_certificate_and_table_file, write_checked_table, CheckedTable, ProofSettings,
/// };
/// use mancala_rules::solve::Table;
///
/// let table = Table::build(Kalah, 6)?;
/// let root = "0 0 1 0 2 1 | 1 0 2 0 1 1 20-19 S".parse()?;
/// let dir = std::env::temp_dir().join(format!("mancala-verify-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let path = dir.join("late.proof");
/// let (written, _) = prove_opening(&table, &root, ProofSettings::default(), |_| {}, std::fs::File::create(&path)?)?;
/// let mut tables = Vec::new();
/// write_checked_table(&table, &mut tables)?;
/// let mut checked = CheckedTable::read_from(Kalah, tables.as_slice())?;
/// let (proved_root, verified) = verify_certificate_and_table_file(&Kalah, &path, &mut checked, 1, |_| {})?;
/// assert_eq!((proved_root, verified.value), (root, written.value));
/// // The table is verified too: its values answer.
/// assert!(checked.value(&"0 0 0 0 0 1 | 0 0 0 0 0 1 23-23 S".parse()?).is_some());
/// std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn verify_certificate_and_table_file<R: Solvable>(
    rules: &R,
    path: impl AsRef<Path>,
    table: &mut CheckedTable<R>,
    threads: usize,
    mut on_progress: impl FnMut(VerifyProgress),
) -> Result<(R::Position, Verified), SolveError> {
    let path = path.as_ref();
    let input = File::open(path).map_err(|e| SolveError::from(e).in_file(path))?;
    let input = BufReader::with_capacity(1 << 20, input);
    let nodes = AtomicUsize::new(0);
    let table_failed = AtomicBool::new(false);
    let shared = &*table;
    let beside = !shared.verified;
    let (table_result, certificate) = std::thread::scope(|scope| {
        let certificate = std::thread::Builder::new()
            .name("certificate".into())
            .spawn_scoped(scope, || {
                check_certificate(rules, input, shared, beside, &table_failed, |n| {
                    nodes.store(n, Ordering::Relaxed);
                })
                .map_err(|e| e.in_file(path))
            });
        let total = shared.len();
        let mut last = CheckProgress { done: 0, total };
        let mut report = |table: Option<CheckProgress>| {
            last = table.unwrap_or(last);
            on_progress(VerifyProgress {
                table: last,
                nodes: nodes.load(Ordering::Relaxed),
            });
        };
        let table_result = if beside {
            shared.check(threads, |p| report(Some(p)))
        } else {
            report(Some(CheckProgress { done: total, total }));
            Ok(())
        };
        if table_result.is_err() {
            table_failed.store(true, Ordering::Relaxed);
        }
        let certificate = match certificate {
            Ok(running) => {
                while !running.is_finished() {
                    std::thread::sleep(std::time::Duration::from_millis(250));
                    report(None);
                }
                running
                    .join()
                    .unwrap_or_else(|_| Err(bad("the certificate's thread panicked")))
            }
            Err(e) => Err(bad(format!("the certificate's thread did not start: {e}"))),
        };
        (table_result, certificate)
    });
    table_result?;
    table.verified = true;
    certificate
}

/// What the verifier keeps of a node checked: enough to check its parents.
#[derive(Clone, Copy)]
struct Known<P> {
    position: P,
    upper: bool,
    bound: i16,
}

/// The verifier's state: the nodes checked so far.
struct Checker<'a, R: Solvable> {
    rules: &'a R,
    table: &'a CheckedTable<R>,
    known: Vec<Known<R::Position>>,
    /// The positions after a node's moves ([`check_node`]'s buffer).
    after: Vec<R::Position>,
}

impl<'a, R: Solvable> Checker<'a, R> {
    /// A checker over `table`, verified already or, with `beside`, checked
    /// beside it.
    fn new(
        rules: &'a R,
        table: &'a CheckedTable<R>,
        max_seeds: u32,
        beside: bool,
    ) -> Result<Self, SolveError> {
        if !table.verified && !beside {
            return Err(bad("the table is not verified"));
        }
        if max_seeds > table.max_seeds {
            return Err(bad(format!(
                "the certificate needs a table of {max_seeds} seeds, the table has {}",
                table.max_seeds
            )));
        }
        Ok(Checker {
            rules,
            table,
            known: Vec::new(),
            after: Vec::new(),
        })
    }

    /// Checks the next node, and keeps what its parents need.
    fn node(
        &mut self,
        node: &ProofNode<R::Position>,
        on_node: &mut impl FnMut(usize),
    ) -> Result<(), SolveError> {
        let id = self.known.len();
        if id % 65_536 == 0 {
            on_node(id);
        }
        check_node(self.rules, &self.known, node, self.table, &mut self.after)
            .map_err(|e| bad(format!("node {id}: {e}")))?;
        crate::error::try_push(
            &mut self.known,
            Known {
                position: node.position,
                upper: node.upper,
                bound: node.bound,
            },
            "verifier: nodes",
        )?;
        Ok(())
    }

    /// Checks the claims, once every node is checked.
    fn claims(&self, root: &R::Position, claims: &[Claim]) -> Result<Verified, SolveError> {
        let (rules, nodes) = (self.rules, &self.known);
        let mut value = None;
        let mut moves = Vec::new();
        for claim in claims {
            let position = match claim.first_move {
                None => *root,
                Some(mv) => {
                    if !rules.legal_moves(root).contains(mv) {
                        return Err(bad(format!("claim: {mv} is not legal at the root")));
                    }
                    let mut child = *root;
                    rules.play_unchecked(&mut child, mv);
                    child
                }
            };
            let (Some(lower), Some(upper)) =
                (nodes.get(claim.lower as usize), nodes.get(claim.upper as usize))
            else {
                return Err(bad("claim: no such node"));
            };
            if lower.upper
                || !upper.upper
                || !same_board(&lower.position, &position)
                || !same_board(&upper.position, &position)
            {
                return Err(bad("claim: the nodes are not the two bounds of the position"));
            }
            // Each bound from the claimed position's scores.
            let at = |node: &Known<R::Position>| {
                i32::from(node.bound) + south_scores(&position) - south_scores(&node.position)
            };
            let (low, high) = (at(lower), at(upper));
            if low != high {
                return Err(bad(format!("claim: the bounds {low} and {high} differ")));
            }
            match claim.first_move {
                None => value = Some(low),
                Some(mv) => moves.push((mv, low)),
            }
        }
        let value = value.ok_or_else(|| bad("no claim about the root"))?;
        Ok(Verified {
            value,
            moves,
            nodes: nodes.len(),
        })
    }
}

/// South's final margin at a position of the table (a leaf that is not a
/// finished game), from its scores.
fn table_margin<R: Solvable>(pos: &R::Position, table: &CheckedTable<R>) -> Result<i32, String> {
    if seeds_of(pos) > table.max_seeds() {
        return Err(format!("{pos}: a leaf neither finished nor in the table"));
    }
    let value = table
        .stored_value(pos)
        .ok_or_else(|| format!("{pos}: not in the table"))?;
    Ok(for_south(pos, value))
}

/// Checks one node of a certificate (see the [module docs](self)) against
/// the nodes before it (`nodes`, checked already); `after` is the caller's
/// buffer.
fn check_node<R: Solvable>(
    rules: &R,
    nodes: &[Known<R::Position>],
    node: &ProofNode<R::Position>,
    table: &CheckedTable<R>,
    after: &mut Vec<R::Position>,
) -> Result<(), String> {
    let id = nodes.len();
    let pos = node.position;
    let bound = i32::from(node.bound);
    let holds = |margin: i32| {
        if node.upper {
            margin <= bound
        } else {
            margin >= bound
        }
    };
    let moves = match rules.turn(&pos) {
        Turn::Over(outcome) => {
            let margin = outcome.margin() as i32;
            if !node.children.is_empty() || !holds(margin) {
                return Err(format!(
                    "{pos}: the game is over with margin {margin}, not bound {bound}"
                ));
            }
            return Ok(());
        }
        Turn::Moves(moves) => moves,
    };
    if node.children.is_empty() {
        let margin = table_margin(&pos, table)?;
        if !holds(margin) {
            return Err(format!("{pos}: the table gives {margin}, not bound {bound}"));
        }
        return Ok(());
    }
    let chooser = if node.upper { Player::North } else { Player::South };
    let expected = if pos.to_move() == chooser { 1 } else { moves.len() };
    if node.children.len() != expected {
        return Err(format!(
            "{pos}: {} moves given, {expected} needed",
            node.children.len()
        ));
    }
    // Every move is played first and what its check reads (a table entry,
    // a node) loaded, in a loop of its own: the loads' cache misses overlap
    // instead of coming one after the other.
    after.clear();
    for &(mv, child_id) in &node.children {
        let mut child = pos;
        if moves.contains(mv) {
            rules.play_unchecked(&mut child, mv);
        }
        if child_id == LEAF_CHILD {
            table.touch(&child);
        } else if let Some(known) = nodes.get(child_id as usize) {
            std::hint::black_box(known.bound);
        }
        after.push(child);
    }
    let mut seen = crate::MoveSet::NONE;
    for (&(mv, child_id), &after) in node.children.iter().zip(after.iter()) {
        if !moves.contains(mv) {
            return Err(format!("{pos}: {mv} is not legal"));
        }
        if seen.contains(mv) {
            return Err(format!(
                "{pos}: {} given twice",
                if mv == Move::Pass {
                    "a pass".to_string()
                } else {
                    mv.to_string()
                }
            ));
        }
        seen = seen.with(mv);
        if child_id == LEAF_CHILD {
            let margin = match rules.turn(&after) {
                Turn::Over(outcome) => outcome.margin() as i32,
                Turn::Moves(_) => table_margin(&after, table)?,
            };
            if !holds(margin) {
                return Err(format!(
                    "{pos}: the leaf after {mv}, {after}, is worth {margin}, not bound {bound}"
                ));
            }
            continue;
        }
        if child_id as usize >= id {
            return Err(format!("{pos}: child {child_id} does not come before its parent"));
        }
        let child = &nodes[child_id as usize];
        // The child's bound is on the margin from its own scores: from
        // `after`'s, it moves by the difference (the play never reads them).
        let shift = south_scores(&after) - south_scores(&child.position);
        if !same_board(&child.position, &after)
            || child.upper != node.upper
            || !holds(i32::from(child.bound) + shift)
        {
            return Err(format!(
                "{pos}: the node after {mv} is not a bound as strong at {after}"
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- the prover

mod prover;

pub use prover::{prove_opening, ProofSettings, ProveProgress, Prover, ProverStats, Written};
