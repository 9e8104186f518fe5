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
//! | 8 | `b"MNCLPRF2"` |
//! | 8 | the rules' fingerprint, as above |
//! | 1 + `L` | the game's name, as above |
//! | 1, 1 | `P`, pits; `K`, the table's largest seed count |
//! | `P` + 3 | the root position |
//! | 1 | `C`, claims; then per claim: the move (255: the root itself), `u32` the lower-bound node, `u32` the upper-bound node |
//! | 4 | `N`, nodes; then per node (ids `0..N`, in order): |
//! | 1 | 0 for a lower bound (South's margin `>=` the bound), 1 for an upper bound (`<=`) |
//! | 2 | the bound, `i16` |
//! | `P` + 3 | the node's position |
//! | 1 | `m`, children (0: a leaf); then per child: the move, and `u32` the child's id, which is smaller than the node's |
//! | 8 | the checksum of every byte before it |
//!
//! **Extra turns** (Kalah's last seed in the own store, any rule where a
//! player moves again) need no field of their own: every node's position
//! carries its player to move (the last byte of the position), and nothing
//! assumes that players alternate. A node of an extra turn is a node whose
//! child's position has the same player to move as its own; which player
//! chooses at a node is read from that node's own mover, never from its
//! parent's, and the child must be exactly the position after the move,
//! mover included, so a child of an extra turn that names the other player
//! is refuted. Bounds are South's margins, so they are not negated there
//! either.
//!
//! Reading checks the format (format 1, `b"MNCLPRF1"` and `b"MNCLTBO1"`,
//! is [`SolveError::OldFormat`]: prove again), the fingerprint, the length,
//! the checksum and the range of what the file holds (a table value within
//! its seed count, a bound within the seeds of its position); the verifier
//! then checks what the values mean.
//!
//! A claim says: the position after its move (or the root) has the value of
//! its two nodes' bounds, which must be equal, in nodes of the right kinds
//! at that position. The verifier checks every node, so every node's claim
//! holds: at a leaf the game is over and its margin satisfies the bound, or
//! the board holds at most `K` seeds and the table's value does; at a node
//! where the bound's side chooses (South for a lower bound, North for an
//! upper) one legal move whose child (the position after it, the same kind
//! of bound) has a bound at least as strong; at the other player's nodes,
//! every legal move, once each, likewise.

use std::collections::HashMap;
use std::fs::File;
use std::io::{BufReader, Read, Write};
use std::path::Path;

use super::file::{Sink, Source};
use super::table::{check_values, read_header};
use super::{BoardIndex, FileKind, Solvable, SolveError, Table};
use crate::{Board, Move, Player, Turn};

/// The first eight bytes of a checked table file, format 2 (see the
/// [module docs](self)).
pub const CHECKED_TABLE_MAGIC: [u8; 8] = *b"MNCLTBO2";
/// The first eight bytes of a certificate file, format 2 (see the
/// [module docs](self)).
pub const CERTIFICATE_MAGIC: [u8; 8] = *b"MNCLPRF2";

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
    let (pits, rest) = bytes.split_at(B::PITS);
    B::from_parts(pits, [rest[0], rest[1]], rest[2]).map_err(|e| SolveError::Format {
        kind: source.kind,
        reason: format!("a position that cannot be: {e}"),
    })
}

/// `len` bytes, read as they come (a header that promises much costs no
/// memory until the bytes arrive).
fn read_growing(
    source: &mut Source<impl Read>,
    len: usize,
    expected: &dyn Fn() -> String,
) -> Result<Vec<u8>, SolveError> {
    let mut bytes = Vec::new();
    while bytes.len() < len {
        let start = bytes.len();
        bytes.resize(start + (len - start).min(1 << 16), 0);
        source.exact(&mut bytes[start..], expected)?;
    }
    Ok(bytes)
}

// ---------------------------------------------------------------- the checked table

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
        let mut source = Source::new(FileKind::CheckedTable, input);
        let max_seeds = read_header(&rules, &mut source)?;
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
            let at = source.position();
            let bytes = read_growing(&mut source, n, &expected)?;
            check_values(FileKind::CheckedTable, seeds, &bytes, at)?;
            values.push(bytes.into_iter().map(|b| b as i8).collect());
            let bytes = read_growing(&mut source, n * 4, &expected)?;
            order.push(
                bytes
                    .chunks_exact(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect(),
            );
        }
        source.finish()?;
        Ok(CheckedTable {
            rules,
            max_seeds,
            index,
            values,
            order,
            verified: false,
        })
    }

    /// [`read_from`](Self::read_from) the file at `path`; every error names
    /// the file ([`SolveError::File`]).
    pub fn read_file(rules: R, path: impl AsRef<Path>) -> Result<CheckedTable<R>, SolveError> {
        let path = path.as_ref();
        let read = || CheckedTable::read_from(rules, BufReader::with_capacity(1 << 20, File::open(path)?));
        read().map_err(|e| e.in_file(path))
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
        let (board, _) = self.stored(pos)?;
        let mover = pos.to_move().index();
        let scores = pos.scores().map(i32::from);
        Some(scores[mover] - scores[1 - mover] + board)
    }

    /// Checks one entry: `seeds`, `node` (mover and rank) against its
    /// successors.
    fn check_entry(&self, seeds: u32, node: usize, board: &mut [u8]) -> Result<(), String> {
        let count = self.index.count(seeds).ok_or("no count")? as usize;
        let (mover, rank) = (node / count, node % count);
        // The index must be a bijection: every rank unranks to a board of
        // `seeds` seeds that ranks back to it (`count` is the number of such
        // boards, so the ranks of the children below find their entries).
        if !self.index.unrank(seeds, rank as u64, board)
            || self.index.rank(board) != Some(rank as u64)
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
                let mut best = i32::MIN;
                let mut progress = false;
                for mv in moves {
                    let mut child = pos;
                    self.rules.play_unchecked(&mut child, mv);
                    let child_seeds = seeds_of(&child);
                    let scores = child.scores().map(i64::from);
                    if child_seeds > seeds || scores[0] + scores[1] != i64::from(seeds - child_seeds) {
                        return Err(format!("{pos}: move {mv} does not keep the seeds"));
                    }
                    let (child_value, child_order) = self
                        .stored(&child)
                        .ok_or_else(|| format!("{pos}: {child} not in the table"))?;
                    let captured = (scores[mover] - scores[1 - mover]) as i32;
                    let move_value = if child.to_move() == pos.to_move() {
                        captured + child_value
                    } else {
                        captured - child_value
                    };
                    let stays = child_seeds == seeds;
                    if move_value == value && (!stays || child_order < order) {
                        progress = true;
                    }
                    if value < 0 && stays && child_order >= order {
                        return Err(format!(
                            "{pos}: a losing position whose move {mv} does not progress"
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
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let total = self.len();
        let mut on_progress = on_progress;
        let mut done = 0u64;
        const CHUNK: usize = 1 << 16;
        for seeds in 0..=self.max_seeds {
            let n = self.values[seeds as usize].len();
            let next = std::sync::atomic::AtomicUsize::new(0);
            let this = &*self;
            let failure: Option<String> = std::thread::scope(|scope| {
                let workers: Vec<_> = (0..threads.max(1))
                    .map(|_| {
                        scope.spawn(|| {
                            let mut board = vec![0u8; R::Position::PITS];
                            loop {
                                let first = next.fetch_add(CHUNK, std::sync::atomic::Ordering::Relaxed);
                                if first >= n {
                                    return None;
                                }
                                for node in first..(first + CHUNK).min(n) {
                                    if let Err(e) = this.check_entry(seeds, node, &mut board) {
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
        self.verified = true;
        Ok(())
    }
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
    /// it (smaller than this node's id); empty at a leaf.
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
        let too_many = |what: &str| SolveError::Format {
            kind: FileKind::Certificate,
            reason: format!("too many {what} to write"),
        };
        let mut out = Sink::new(out);
        out.header(FileKind::Certificate, self.fingerprint, &self.game)?;
        out.write(&[P::PITS as u8, self.max_seeds as u8])?;
        write_position(&mut out, &self.root)?;
        let claims = u8::try_from(self.claims.len()).map_err(|_| too_many("claims"))?;
        out.write(&[claims])?;
        for claim in &self.claims {
            out.write(&[claim.first_move.map_or(ROOT_CLAIM, move_byte)])?;
            out.write(&claim.lower.to_le_bytes())?;
            out.write(&claim.upper.to_le_bytes())?;
        }
        let nodes = u32::try_from(self.nodes.len()).map_err(|_| too_many("nodes"))?;
        out.write(&nodes.to_le_bytes())?;
        for node in &self.nodes {
            let children = u8::try_from(node.children.len()).map_err(|_| too_many("children"))?;
            out.write(&[u8::from(node.upper)])?;
            out.write(&node.bound.to_le_bytes())?;
            write_position(&mut out, &node.position)?;
            out.write(&[children])?;
            for &(mv, child) in &node.children {
                out.write(&[move_byte(mv)])?;
                out.write(&child.to_le_bytes())?;
            }
        }
        out.finish()?;
        Ok(())
    }

    /// Reads a certificate for `rules`: its format, fingerprint, length and
    /// checksum are checked here, and that every bound is within the seeds
    /// of its position; [`verify_certificate`] checks what it claims.
    pub fn read_from<R: Solvable<Position = P>>(
        rules: &R,
        input: impl Read,
    ) -> Result<Certificate<P>, SolveError> {
        let kind = FileKind::Certificate;
        let mut source = Source::new(kind, input);
        let max_seeds = read_header(rules, &mut source)?;
        let root = read_position(&mut source, &|| {
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
        let mut nodes = Vec::new();
        for id in 0..count {
            let expected = || format!("node {id} of the {count} the certificate's header gives is cut short");
            let upper = match source.u8(&expected)? {
                0 => false,
                1 => true,
                k => {
                    return Err(SolveError::Format {
                        kind,
                        reason: format!("node {id} is of kind {k}, not 0 (lower bound) or 1 (upper)"),
                    })
                }
            };
            let mut bound = [0u8; 2];
            source.exact(&mut bound, &expected)?;
            let bound = i16::from_le_bytes(bound);
            let position: P = read_position(&mut source, &expected)?;
            // A margin cannot exceed every seed of the game, captured or not.
            let seeds = seeds_of(&position) + position.scores().iter().map(|&s| u32::from(s)).sum::<u32>();
            if u32::from(bound.unsigned_abs()) > seeds {
                return Err(SolveError::Corrupt {
                    kind,
                    reason: format!(
                        "node {id} bounds the margin by {bound}, but its position {position} holds {seeds} seeds"
                    ),
                });
            }
            let mut children = Vec::new();
            for _ in 0..source.u8(&expected)? {
                let mv = byte_move(source.u8(&expected)?);
                children.push((mv, source.u32(&expected)?));
            }
            nodes.push(ProofNode {
                upper,
                bound,
                position,
                children,
            });
        }
        source.finish()?;
        Ok(Certificate {
            game: rules.name().to_string(),
            fingerprint: rules.fingerprint(),
            max_seeds,
            root,
            claims,
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
    if !table.verified {
        return Err(bad("the table is not verified"));
    }
    if certificate.fingerprint != rules.fingerprint() {
        return Err(SolveError::WrongRules {
            kind: FileKind::Certificate,
            file_game: certificate.game.clone(),
            rules_game: rules.name().to_string(),
            file_fingerprint: certificate.fingerprint,
            rules_fingerprint: rules.fingerprint(),
        });
    }
    if certificate.max_seeds > table.max_seeds {
        return Err(bad(format!(
            "the certificate needs a table of {} seeds, the table has {}",
            certificate.max_seeds, table.max_seeds
        )));
    }
    let nodes = &certificate.nodes;
    for (id, node) in nodes.iter().enumerate() {
        if id % 65_536 == 0 {
            on_node(id);
        }
        check_node(rules, nodes, id, node, table).map_err(|e| bad(format!("node {id}: {e}")))?;
    }
    on_node(nodes.len());
    let mut value = None;
    let mut moves = Vec::new();
    for claim in &certificate.claims {
        let position = match claim.first_move {
            None => certificate.root,
            Some(mv) => {
                if !rules.legal_moves(&certificate.root).contains(mv) {
                    return Err(bad(format!("claim: {mv} is not legal at the root")));
                }
                let mut child = certificate.root;
                rules.play_unchecked(&mut child, mv);
                child
            }
        };
        let (Some(lower), Some(upper)) = (nodes.get(claim.lower as usize), nodes.get(claim.upper as usize))
        else {
            return Err(bad("claim: no such node"));
        };
        if lower.upper || !upper.upper || lower.position != position || upper.position != position {
            return Err(bad("claim: the nodes are not the two bounds of the position"));
        }
        if lower.bound != upper.bound {
            return Err(bad(format!(
                "claim: the bounds {} and {} differ",
                lower.bound, upper.bound
            )));
        }
        match claim.first_move {
            None => value = Some(i32::from(lower.bound)),
            Some(mv) => moves.push((mv, i32::from(lower.bound))),
        }
    }
    let value = value.ok_or_else(|| bad("no claim about the root"))?;
    Ok(Verified {
        value,
        moves,
        nodes: nodes.len(),
    })
}

/// Checks one node of a certificate (see the [module docs](self)).
fn check_node<R: Solvable>(
    rules: &R,
    nodes: &[ProofNode<R::Position>],
    id: usize,
    node: &ProofNode<R::Position>,
    table: &CheckedTable<R>,
) -> Result<(), String> {
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
        if seeds_of(&pos) > table.max_seeds() {
            return Err(format!("{pos}: a leaf neither finished nor in the table"));
        }
        let value = table
            .value(&pos)
            .ok_or_else(|| format!("{pos}: not in the table"))?;
        let margin = for_south(&pos, value);
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
    let mut seen = crate::MoveSet::NONE;
    for &(mv, child_id) in &node.children {
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
        if child_id as usize >= id {
            return Err(format!("{pos}: child {child_id} does not come before its parent"));
        }
        let child = &nodes[child_id as usize];
        let mut after = pos;
        rules.play_unchecked(&mut after, mv);
        if child.position != after || child.upper != node.upper || !holds(i32::from(child.bound)) {
            return Err(format!(
                "{pos}: the node after {mv} is not a bound as strong at {after}"
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- the prover

/// Progress of a [`Prover`]: positions searched, certificate nodes so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProveProgress {
    /// Positions searched.
    pub searched: u64,
    /// Certificate nodes written so far.
    pub nodes: usize,
}

/// Finds the exact value of positions above an endgame table, and their
/// certificates (see the [module docs](self)).
///
/// Its search is an alpha-beta over South's final margin, unbounded in
/// depth, with a transposition table of bounds, whose leaves are finished
/// games and table positions. A position repeated along a line is scored as
/// the table scores endless play (an equal split of the board); such values
/// never reach a certificate, whose DAG must be acyclic: if the proof needs
/// one, [`certificate`](Prover::certificate) fails.
pub struct Prover<'t, R: Solvable, F: FnMut(ProveProgress)> {
    rules: R,
    table: &'t Table<R>,
    /// South-view bounds (lower, upper) of positions searched.
    bounds: FastMap<Keyed<R::Position>, (i16, i16)>,
    path: Vec<R::Position>,
    /// One buffer of children per depth of the search, reused.
    buffers: Vec<Vec<Child<R::Position>>>,
    searched: u64,
    /// Repetitions met by the search.
    repetitions: u64,
    nodes: Vec<ProofNode<R::Position>>,
    /// The strongest node proved for (position, upper).
    proved: ProvedNodes<R::Position>,
    on_progress: F,
}

/// A position keyed by its [`Board::fingerprint`], a hash already mixed, so
/// that the prover's maps need not hash the position again.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Keyed<P>(P);

impl<P: Board> std::hash::Hash for Keyed<P> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.fingerprint());
    }
}

/// The hasher of the prover's maps: the word it is given (a fingerprint,
/// with the `bool` of a proved node folded in).
#[derive(Default)]
struct PassThrough(u64);

impl std::hash::Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x517C_C1B7_2722_0A95);
        }
    }
    fn write_u64(&mut self, word: u64) {
        self.0 ^= word;
    }
    fn write_u8(&mut self, byte: u8) {
        self.0 ^= u64::from(byte).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type FastMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<PassThrough>>;

/// The strongest node proved for each (position, upper): its bound and id.
type ProvedNodes<P> = FastMap<(Keyed<P>, bool), (i16, u32)>;

/// A child of a searched node: its position, its value if it is a leaf,
/// and its place in the order (smaller first).
#[derive(Clone, Copy)]
struct Child<P> {
    mv: Move,
    pos: P,
    /// Its value if it is a leaf, else its legal moves.
    turn: Result<i32, crate::MoveSet>,
    order: i32,
}

impl<'t, R: Solvable, F: FnMut(ProveProgress)> Prover<'t, R, F> {
    /// A prover over `table`, calling `on_progress` every 65,536 positions
    /// searched.
    pub fn new(table: &'t Table<R>, on_progress: F) -> Self {
        Prover {
            rules: *table.rules(),
            table,
            bounds: FastMap::default(),
            path: Vec::new(),
            buffers: Vec::new(),
            searched: 0,
            repetitions: 0,
            nodes: Vec::new(),
            proved: FastMap::default(),
            on_progress,
        }
    }

    /// Positions searched so far.
    pub fn searched(&self) -> u64 {
        self.searched
    }

    /// Repeated positions met by the search so far.
    pub fn repetitions(&self) -> u64 {
        self.repetitions
    }

    /// South's margin at a leaf: a finished game or a table position.
    fn leaf(&self, pos: &R::Position) -> Option<i32> {
        if let Turn::Over(outcome) = self.rules.turn(pos) {
            return Some(outcome.margin() as i32);
        }
        self.table.value(pos).map(|v| for_south(pos, v))
    }

    /// Whether `child` repeats a position of the current line. Seeds never
    /// return to the board (the table solves boards by seed count), so only
    /// the end of the line that holds as many seeds as `child` can hold it.
    fn repeats(&self, child: &R::Position) -> bool {
        let seeds = seeds_of(child);
        self.path
            .iter()
            .rev()
            .take_while(|earlier| seeds_of(*earlier) == seeds)
            .any(|earlier| earlier == child)
    }

    fn children(&self, pos: &R::Position) -> Vec<(Move, R::Position)> {
        match self.rules.turn(pos) {
            Turn::Over(_) => Vec::new(),
            Turn::Moves(moves) => moves
                .into_iter()
                .map(|mv| {
                    let mut child = *pos;
                    self.rules.play_unchecked(&mut child, mv);
                    (mv, child)
                })
                .collect(),
        }
    }

    /// A guess of a child's value for move ordering (South's view): its
    /// value if it is a leaf, the middle of its bounds if it was searched,
    /// else its captures, a move that keeps the turn counted one seed better
    /// for its mover.
    fn guess(&self, mover: Player, child: &R::Position, leaf: Option<i32>) -> i32 {
        if let Some(v) = leaf {
            return v;
        }
        match self.bounds.get(&Keyed(*child)) {
            Some(&(lo, hi)) => (i32::from(lo) + i32::from(hi)) / 2,
            None => {
                let again = i32::from(child.to_move() == mover);
                south_scores(child)
                    + match mover {
                        Player::South => again,
                        Player::North => -again,
                    }
            }
        }
    }

    /// The children of `pos`, ordered best first for their mover (see
    /// [`expand`](Self::expand)); none at a leaf.
    fn ordered(&self, pos: &R::Position) -> Vec<Child<R::Position>> {
        let mut children = Vec::new();
        if let Turn::Moves(moves) = self.rules.turn(pos) {
            self.expand(pos, moves, &mut children);
        }
        children
    }

    /// Puts into `out` the children of `pos`, whose legal moves are
    /// `moves`: each with its value if it is a leaf, else its legal moves,
    /// ordered best first for the mover by [`guess`](Self::guess) (stable,
    /// so that equal guesses keep the moves' order). The one child builder
    /// of the search and the proof.
    fn expand(&self, pos: &R::Position, moves: crate::MoveSet, out: &mut Vec<Child<R::Position>>) {
        let mover = pos.to_move();
        out.clear();
        for mv in moves {
            let mut child = *pos;
            self.rules.play_unchecked(&mut child, mv);
            let turn = match self.rules.turn(&child) {
                Turn::Over(outcome) => Ok(outcome.margin() as i32),
                Turn::Moves(moves) => match self.table.value(&child) {
                    Some(v) => Ok(for_south(&child, v)),
                    None => Err(moves),
                },
            };
            let g = self.guess(mover, &child, turn.ok());
            out.push(Child {
                mv,
                pos: child,
                turn,
                order: if mover == Player::South { -g } else { g },
            });
        }
        out.sort_by_key(|c| c.order);
    }

    /// Fail-soft alpha-beta: South's margin at `pos`, exact inside
    /// `(alpha, beta)`, a bound outside.
    fn search(&mut self, pos: &R::Position, alpha: i32, beta: i32) -> i32 {
        let moves = match self.rules.turn(pos) {
            Turn::Over(outcome) => return outcome.margin() as i32,
            Turn::Moves(moves) => moves,
        };
        if let Some(v) = self.table.value(pos) {
            return for_south(pos, v);
        }
        self.search_inner(pos, moves, alpha, beta)
    }

    /// [`search`](Self::search) at a position that is not a leaf, whose
    /// legal moves are `moves`.
    fn search_inner(&mut self, pos: &R::Position, moves: crate::MoveSet, alpha: i32, beta: i32) -> i32 {
        self.searched += 1;
        if self.searched % 65_536 == 0 {
            (self.on_progress)(ProveProgress {
                searched: self.searched,
                nodes: self.nodes.len(),
            });
        }
        let reach = seeds_of(pos) as i32;
        let (lo, hi) = match self.bounds.get(&Keyed(*pos)) {
            Some(&(lo, hi)) => (i32::from(lo), i32::from(hi)),
            None => (south_scores(pos) - reach, south_scores(pos) + reach),
        };
        if lo >= beta || lo == hi {
            return lo;
        }
        if hi <= alpha {
            return hi;
        }
        let (mut a, mut b) = (alpha.max(lo), beta.min(hi));
        let (a0, b0) = (a, b);
        let south = pos.to_move() == Player::South;
        let depth = self.path.len();
        if self.buffers.len() <= depth {
            self.buffers.push(Vec::new());
        }
        let mut children = std::mem::take(&mut self.buffers[depth]);
        self.expand(pos, moves, &mut children);
        let mut best = if south { i32::MIN } else { i32::MAX };
        self.path.push(*pos);
        for c in &children {
            let v = match c.turn {
                Ok(v) => v,
                Err(_) if self.repeats(&c.pos) => {
                    self.repetitions += 1;
                    south_scores(&c.pos)
                }
                Err(moves) => self.search_inner(&c.pos, moves, a, b),
            };
            if south {
                best = best.max(v);
                a = a.max(best);
            } else {
                best = best.min(v);
                b = b.min(best);
            }
            if a >= b {
                break;
            }
        }
        self.path.pop();
        self.buffers[depth] = children;
        let (mut lo, mut hi) = (lo, hi);
        if best <= a0 {
            hi = hi.min(best);
        } else if best >= b0 {
            lo = lo.max(best);
        } else {
            lo = best;
            hi = best;
        }
        self.bounds.insert(Keyed(*pos), (lo as i16, hi as i16));
        best
    }

    /// The exact value of `pos`, South's final margin (MTD(f) over the
    /// search's null windows).
    pub fn value(&mut self, pos: &R::Position) -> i32 {
        let (mut lo, mut hi) = (i32::MIN, i32::MAX);
        let mut guess = south_scores(pos);
        while lo < hi {
            let beta = if guess == lo { guess + 1 } else { guess };
            guess = self.search(pos, beta - 1, beta);
            if guess < beta {
                hi = guess;
            } else {
                lo = guess;
            }
        }
        guess
    }

    /// A node proving `bound` (a lower bound unless `upper`) at `pos`.
    fn prove(&mut self, pos: &R::Position, upper: bool, bound: i32) -> Result<u32, SolveError> {
        let holds = |v: i32| if upper { v <= bound } else { v >= bound };
        if let Some(&(b, id)) = self.proved.get(&(Keyed(*pos), upper)) {
            if holds(i32::from(b)) {
                return Ok(id);
            }
        }
        let (children, node_bound) = if let Some(v) = self.leaf(pos) {
            if !holds(v) {
                return Err(SolveError::Rules(format!("{pos}: a leaf worth {v}, not {bound}")));
            }
            (Vec::new(), v)
        } else {
            if self.repeats(pos) {
                return Err(SolveError::Rules(format!(
                    "{pos} repeats along a line of the proof: no acyclic certificate"
                )));
            }
            self.path.push(*pos);
            let chooser = if upper { Player::North } else { Player::South };
            let result = if pos.to_move() == chooser {
                self.prove_one(pos, upper, bound)
            } else {
                self.prove_all(pos, upper, bound)
            };
            self.path.pop();
            result?
        };
        let id = u32::try_from(self.nodes.len()).map_err(|_| SolveError::Rules("too many nodes".into()))?;
        self.nodes.push(ProofNode {
            upper,
            bound: node_bound as i16,
            position: *pos,
            children,
        });
        self.proved.insert((Keyed(*pos), upper), (node_bound as i16, id));
        Ok(id)
    }

    /// The chooser's move: one child whose value meets the bound.
    fn prove_one(
        &mut self,
        pos: &R::Position,
        upper: bool,
        bound: i32,
    ) -> Result<(Vec<(Move, u32)>, i32), SolveError> {
        let holds = |v: i32| if upper { v <= bound } else { v >= bound };
        let children = self.ordered(pos);
        // A child already proved first, then the first that the search
        // shows to meet the bound.
        let ready = children.iter().find(|c| {
            self.proved
                .get(&(Keyed(c.pos), upper))
                .is_some_and(|&(b, _)| holds(i32::from(b)))
        });
        let chosen = match ready {
            Some(c) => Some((c.mv, c.pos)),
            None => {
                let mut chosen = None;
                for &Child { mv, pos: child, .. } in &children {
                    if self.repeats(&child) {
                        continue;
                    }
                    let v = if upper {
                        self.search(&child, bound, bound + 1)
                    } else {
                        self.search(&child, bound - 1, bound)
                    };
                    if holds(v) {
                        chosen = Some((mv, child));
                        break;
                    }
                }
                chosen
            }
        };
        let (mv, child) =
            chosen.ok_or_else(|| SolveError::Rules(format!("{pos}: no move meets the bound {bound}")))?;
        let id = self.prove(&child, upper, bound)?;
        let child_bound = i32::from(self.nodes[id as usize].bound);
        Ok((vec![(mv, id)], child_bound))
    }

    /// Every move of the other player, each child meeting the bound.
    fn prove_all(
        &mut self,
        pos: &R::Position,
        upper: bool,
        bound: i32,
    ) -> Result<(Vec<(Move, u32)>, i32), SolveError> {
        let mut given = Vec::new();
        let mut weakest = bound;
        let mut first = true;
        for (mv, child) in self.children(pos) {
            let id = self.prove(&child, upper, bound)?;
            let b = i32::from(self.nodes[id as usize].bound);
            weakest = match (first, upper) {
                (true, _) => b,
                (false, false) => weakest.min(b),
                (false, true) => weakest.max(b),
            };
            first = false;
            given.push((mv, id));
        }
        Ok((given, weakest))
    }

    /// Solves `root` and each of its moves, and proves every value: a
    /// certificate whose claims are the root and each legal move there.
    pub fn certificate(&mut self, root: &R::Position) -> Result<Certificate<R::Position>, SolveError> {
        let mut claims = Vec::new();
        let value = self.value(root);
        let lower = self.prove(root, false, value)?;
        let upper = self.prove(root, true, value)?;
        claims.push(Claim {
            first_move: None,
            lower,
            upper,
        });
        for (mv, child) in self.children(root) {
            let v = self.value(&child);
            let lower = self.prove(&child, false, v)?;
            let upper = self.prove(&child, true, v)?;
            claims.push(Claim {
                first_move: Some(mv),
                lower,
                upper,
            });
        }
        (self.on_progress)(ProveProgress {
            searched: self.searched,
            nodes: self.nodes.len(),
        });
        Ok(Certificate {
            game: self.rules.name().to_string(),
            fingerprint: self.rules.fingerprint(),
            max_seeds: self.table.max_seeds(),
            root: *root,
            claims,
            nodes: self.nodes.clone(),
        })
    }
}
