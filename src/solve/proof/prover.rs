//! The prover: an exact null-window search over board values with a
//! fixed-size transposition table, and the extraction of a certificate's
//! two trees from what that search learnt.
//!
//! Its workings (board values, the transposition table, the move order,
//! the extraction) are documented on [`Prover`].

use super::{
    for_south, same_board, seeds_of, south_scores, Certificate, CertificateWriter, Claim, ProofNode,
    LEAF_CHILD,
};
use crate::error::{try_filled, CapacityError};
use crate::search::{proven_margin, AlphaBeta, Limits, MAX_DEPTH};
use crate::solve::table::TableEntry;
use crate::solve::{BoardIndex, Solvable, SolveError, Table};
use crate::{Board, Move, MoveSet, Player, Turn};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Progress of a [`Prover`]: positions searched, certificate nodes so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProveProgress {
    /// Positions searched.
    pub searched: u64,
    /// Certificate nodes written so far.
    pub nodes: usize,
}

/// What the prover's transposition table did (see [`Prover::stats`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ProverStats {
    /// Positions searched (each call of the search at a position that is not
    /// a leaf).
    pub searched: u64,
    /// Repeated positions met by the search.
    pub repetitions: u64,
    /// Null-window tests run (by MTD(f) and by the extraction).
    pub tests: u64,
    /// Slots of the transposition table.
    pub slots: u64,
    /// Stores into a slot that held another position.
    pub replaced: u64,
    /// Probes of the transposition table that found the position.
    pub hits: u64,
    /// Probes of the transposition table.
    pub probes: u64,
}

impl ProverStats {
    /// The figures of two provers together.
    fn add(self, other: ProverStats) -> ProverStats {
        ProverStats {
            searched: self.searched + other.searched,
            repetitions: self.repetitions + other.repetitions,
            tests: self.tests + other.tests,
            slots: self.slots + other.slots,
            replaced: self.replaced + other.replaced,
            hits: self.hits + other.hits,
            probes: self.probes + other.probes,
        }
    }
}

/// What a slot of the transposition table holds for its key.
#[derive(Clone, Copy)]
struct Slot {
    /// Positions searched below the entry when it was stored (saturated).
    work: u32,
    /// Lower bound of the board value for the mover.
    lo: i8,
    /// Upper bound.
    hi: i8,
    /// The best move found ([`Move::to_byte`]), [`NO_MOVE`] if none.
    best: u8,
}

impl Slot {
    fn pack(self) -> u64 {
        u64::from(self.work)
            | u64::from(self.lo as u8) << 32
            | u64::from(self.hi as u8) << 40
            | u64::from(self.best) << 48
    }

    fn unpack(data: u64) -> Slot {
        Slot {
            work: data as u32,
            lo: (data >> 32) as u8 as i8,
            hi: (data >> 40) as u8 as i8,
            best: (data >> 48) as u8,
        }
    }
}

/// No best move known (a byte no move writes: both direction bits).
const NO_MOVE: u8 = 0xFF;
/// Slots a bucket.
const BUCKET: usize = 4;
/// The transposition table's size when none is given: 64 MiB.
const DEFAULT_MEMORY: usize = 64 << 20;

/// A bucket of slots, aligned on a cache line: a probe reads one line,
/// never two. Slot `i` is two words: `2 i` holds its key XORed with its
/// data, `2 i + 1` the data ([`Slot::pack`]); both 0 for an empty slot.
#[derive(Default)]
#[repr(C, align(64))]
struct Bucket([AtomicU64; 2 * BUCKET]);

/// The fixed-size transposition table, shared by the provers of one proof
/// without locks: a slot's two words are written apart, and a slot read
/// whose key word does not match its data (another prover wrote between the
/// two reads) is a miss, never a wrong entry. An entry is only a guide:
/// the certificate's check refutes a wrong one.
struct TranspositionTable {
    /// The buckets, in parts of a power of two buckets each, made (their
    /// memory first written) at once on as many threads.
    parts: Vec<Vec<Bucket>>,
    /// `64 - log2(buckets)`: the hash's top bits pick the bucket.
    shift: u32,
    /// `log2` of a part's buckets: a bucket's number shifted by it is its
    /// part's.
    part_shift: u32,
}

impl TranspositionTable {
    /// The largest table of a power of two buckets within `bytes` (at least
    /// one bucket).
    fn new(bytes: usize) -> Result<TranspositionTable, CapacityError> {
        let bucket_bytes = std::mem::size_of::<Bucket>();
        let mut count = 1usize;
        // Checked: an absurd size is refused by the allocation below, never
        // a product that wraps (and a loop that never ends).
        while count
            .checked_mul(2 * bucket_bytes)
            .is_some_and(|next| next <= bytes)
        {
            count *= 2;
        }
        // A part a core, for a table of many huge pages: the system zeroes
        // each fresh page as it is first written, and on Kalah(6,4) 4 GiB
        // of that took seconds on one core, every prover waiting.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let parts = if count * bucket_bytes >= 64 << 20 {
            (1usize << cores.ilog2()).min(count)
        } else {
            1
        };
        let per_part = count / parts;
        let made: Vec<Result<Vec<Bucket>, CapacityError>> = std::thread::scope(|scope| {
            let make = || {
                let mut part = Vec::new();
                crate::error::try_reserve_exact(&mut part, per_part, "prover: transposition table")?;
                part.resize_with(per_part, Bucket::default);
                Ok(part)
            };
            let others: Vec<_> = (1..parts).map(|_| scope.spawn(make)).collect();
            let mut made = vec![make()];
            for other in others {
                made.push(
                    other
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                );
            }
            made
        });
        Ok(TranspositionTable {
            parts: made.into_iter().collect::<Result<_, _>>()?,
            shift: 64 - count.trailing_zeros(),
            part_shift: per_part.trailing_zeros(),
        })
    }

    /// Loads `key`'s bucket into the cache (see [`Prover::order`]).
    fn touch(&self, key: u64) {
        std::hint::black_box(self.bucket(key)[0].load(Ordering::Relaxed));
    }

    fn slots(&self) -> u64 {
        self.parts.iter().map(|part| (part.len() * BUCKET) as u64).sum()
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[AtomicU64; 2 * BUCKET] {
        let hashed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // A shift of 64 (one bucket) would overflow: `checked_shr` gives 0.
        let at = hashed.checked_shr(self.shift).unwrap_or(0) as usize;
        let part = &self.parts[at.checked_shr(self.part_shift).unwrap_or(0)];
        &part[at & ((1usize << self.part_shift) - 1)].0
    }

    #[inline]
    fn probe(&self, key: u64) -> Option<Slot> {
        let bucket = self.bucket(key);
        (0..BUCKET).find_map(|i| {
            let data = bucket[2 * i + 1].load(Ordering::Relaxed);
            (bucket[2 * i].load(Ordering::Relaxed) ^ data == key).then(|| Slot::unpack(data))
        })
    }

    /// Stores the bounds of `key`, into its own slot, an empty one, or the
    /// one of least work; returns whether another position's entry was
    /// replaced.
    #[inline]
    fn store(&self, key: u64, lo: i32, hi: i32, best: u8, work: u64) -> bool {
        let (Ok(lo), Ok(hi)) = (i8::try_from(lo), i8::try_from(hi)) else {
            return false;
        };
        let bucket = self.bucket(key);
        let mut victim = (0, u32::MAX, None);
        for i in 0..BUCKET {
            let data = bucket[2 * i + 1].load(Ordering::Relaxed);
            let check = bucket[2 * i].load(Ordering::Relaxed);
            if check ^ data == key {
                victim = (i, 0, Some(Slot::unpack(data).best));
                break;
            }
            if check == 0 && data == 0 {
                victim = (i, 0, Some(NO_MOVE));
                break;
            }
            let work = Slot::unpack(data).work;
            if work < victim.1 {
                victim = (i, work, None);
            }
        }
        let (i, _, kept) = victim;
        let slot = Slot {
            work: u32::try_from(work).unwrap_or(u32::MAX),
            lo,
            hi,
            best: if best == NO_MOVE {
                kept.unwrap_or(NO_MOVE)
            } else {
                best
            },
        };
        let data = slot.pack();
        bucket[2 * i + 1].store(data, Ordering::Relaxed);
        bucket[2 * i].store(key ^ data, Ordering::Relaxed);
        kept.is_none()
    }
}

/// A prover's view of a transposition table (its own, or one shared by the
/// provers of [`prove_opening`]), with its own figures.
struct Transpositions {
    shared: Arc<TranspositionTable>,
    replaced: u64,
    hits: u64,
    probes: u64,
}

impl Transpositions {
    fn new(shared: Arc<TranspositionTable>) -> Transpositions {
        Transpositions {
            shared,
            replaced: 0,
            hits: 0,
            probes: 0,
        }
    }

    #[inline]
    fn probe(&mut self, key: u64) -> Option<Slot> {
        self.probes += 1;
        let found = self.shared.probe(key);
        self.hits += u64::from(found.is_some());
        found
    }

    #[inline]
    fn touch(&self, key: u64) {
        self.shared.touch(key);
    }

    #[inline]
    fn store(&mut self, key: u64, lo: i32, hi: i32, best: u8, work: u64) {
        self.replaced += u64::from(self.shared.store(key, lo, hi, best, work));
    }
}

/// How positions become keys: exactly (rank, seeds, mover) where that fits
/// in 63 bits, else a hash (whose rare collisions the certificate's check
/// would catch: a wrong bound makes the proof fail, never pass).
struct Keys {
    index: Option<BoardIndex>,
    span: u64,
}

impl Keys {
    fn new(pits: usize, max_seeds: u32) -> Keys {
        let span = u64::from(max_seeds) + 1;
        let index = BoardIndex::try_new(pits, max_seeds).ok().filter(|index| {
            index
                .count(max_seeds)
                .and_then(|c| c.checked_mul(span))
                .and_then(|c| c.checked_mul(2))
                .is_some_and(|c| c < 1 << 63)
        });
        Keys { index, span }
    }

    #[inline]
    fn key<P: Board>(&self, pos: &P) -> u64 {
        let mover = pos.to_move().index() as u64;
        if let Some((seeds, rank)) = self.index.as_ref().and_then(|i| i.seeds_and_rank(pos.pits())) {
            return ((rank * self.span + u64::from(seeds)) * 2 + mover) + 1;
        }
        // Above the index (or no index): a hash, in the top half.
        let mut h = 0x243F_6A88_85A3_08D3u64 ^ mover;
        for &s in pos.pits() {
            h = (h.rotate_left(7) ^ u64::from(s)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        h | 1 << 63
    }
}

/// Whether `value` meets `bound`: at most it for an upper bound, at least
/// it for a lower one.
fn meets(upper: bool, value: i32, bound: i32) -> bool {
    if upper {
        value <= bound
    } else {
        value >= bound
    }
}

/// `pos` with no scores: the position of its certificate node.
pub(super) fn zeroed<B: Board>(pos: &B) -> B {
    let base = B::from_parts(pos.pits(), [0, 0], pos.to_move().index() as u8)
        .and_then(|base| {
            base.with_children(pos.children())
                .with_opening_left(pos.opening_left())
        })
        .and_then(|base| base.with_barred(pos.barred()));
    // Every board, mover and history of a position make one.
    base.unwrap_or(*pos)
}

/// The certificate's nodes as the prover builds them, compactly (about
/// 30 bytes a node and 5 a child for Kalah), with an index from a position
/// and kind to the node proved there.
///
/// Other provers' nodes put in by [`absorb`](Nodes::absorb) stay in their
/// own arrays: they are numbered after this set's nodes of that moment and
/// before the ones pushed since ([`Nodes::at`] maps an id to its arrays).
struct Nodes<P> {
    positions: Vec<P>,
    /// Each node's bound, kind and child count: `bound as u16 | upper << 16
    /// | children << 24`.
    meta: Vec<u32>,
    /// The children of every node, in node order.
    moves: Vec<u8>,
    ids: Vec<u32>,
    /// Open addressing over node ids plus one (0: empty), by position and
    /// kind; the latest node of a position and kind (the strongest bound).
    /// Nodes put in by [`absorb`](Nodes::absorb) are there only if asked.
    index: Vec<u32>,
    /// Slots of `index` in use.
    linked: usize,
    /// The sets absorbed, in id order (none while the provers search).
    absorbed: Vec<Absorbed<P>>,
}

/// The nodes (and children) an absorbing set makes room for in place.
const AFTER_ABSORB: usize = 1 << 16;

/// Room for [`AFTER_ABSORB`] more values in `vec`, by reallocation (the
/// system moves the pages, not the bytes).
fn room_in_place<T>(vec: &mut Vec<T>, what: &'static str) -> Result<(), CapacityError> {
    vec.try_reserve(AFTER_ABSORB)
        .map_err(|_| CapacityError::OutOfMemory {
            what,
            bytes: crate::error::bytes_of::<T>(vec.len().saturating_add(AFTER_ABSORB)),
        })
}

/// A set of nodes absorbed by another ([`Nodes::absorb`]): its nodes, and
/// where their ids start in the whole (its children's ids are its own,
/// moved by `first` when they are read).
struct Absorbed<P> {
    nodes: Nodes<P>,
    first: u32,
}

impl<P: Board> Nodes<P> {
    fn new() -> Nodes<P> {
        Nodes {
            positions: Vec::new(),
            meta: Vec::new(),
            moves: Vec::new(),
            ids: Vec::new(),
            index: Vec::new(),
            linked: 0,
            absorbed: Vec::new(),
        }
    }

    /// Every node, the absorbed ones included.
    fn len(&self) -> usize {
        self.positions.len()
            + self
                .absorbed
                .iter()
                .map(|a| a.nodes.positions.len())
                .sum::<usize>()
    }

    /// The arrays that hold node `id`, and its place in them.
    #[inline(always)]
    fn at(&self, id: u32) -> (&Nodes<P>, usize) {
        let Some(first) = self.absorbed.first() else {
            return (self, id as usize);
        };
        if id < first.first {
            return (self, id as usize);
        }
        let mut end = first.first as usize;
        for set in &self.absorbed {
            end = set.first as usize + set.nodes.positions.len();
            if (id as usize) < end {
                return (&set.nodes, (id - set.first) as usize);
            }
        }
        // Pushed after the absorbed sets: after this set's earlier nodes.
        (self, id as usize - (end - first.first as usize))
    }

    fn meta(&self, id: u32) -> u32 {
        let (nodes, at) = self.at(id);
        nodes.meta[at]
    }

    fn position(&self, id: u32) -> &P {
        let (nodes, at) = self.at(id);
        &nodes.positions[at]
    }

    fn bound(&self, id: u32) -> i16 {
        self.meta(id) as u16 as i16
    }

    fn upper(&self, id: u32) -> bool {
        self.meta(id) >> 16 & 1 == 1
    }

    fn slot(&self, pos: &P, upper: bool) -> usize {
        let h = (pos.fingerprint() ^ u64::from(upper)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 20) as usize & (self.index.len() - 1)
    }

    /// The node proved at `pos` for a bound of this kind, if any.
    fn find(&self, pos: &P, upper: bool) -> Option<u32> {
        if self.index.is_empty() {
            return None;
        }
        let mask = self.index.len() - 1;
        let mut at = self.slot(pos, upper);
        loop {
            let id = self.index[at].checked_sub(1)?;
            if self.upper(id) == upper && self.position(id) == pos {
                return Some(id);
            }
            at = (at + 1) & mask;
        }
    }

    /// Brings into the cache what [`find`](Self::find) will read first for
    /// each of `boards` (positions with no scores) of one kind: the index's
    /// slots, then the node each slot holds. The loads of one round are
    /// independent, so their cache misses overlap; the finds that follow,
    /// one at a time, then mostly hit. Only the cache changes.
    fn touch(&self, boards: impl Iterator<Item = P> + Clone, upper: bool) {
        if self.index.is_empty() {
            return;
        }
        for pos in boards.clone() {
            std::hint::black_box(self.index[self.slot(&pos, upper)]);
        }
        for pos in boards {
            if let Some(id) = self.index[self.slot(&pos, upper)].checked_sub(1) {
                std::hint::black_box(self.meta(id));
                std::hint::black_box(self.position(id).fingerprint());
            }
        }
    }

    /// Points the index at `id` for its position and kind.
    fn link(&mut self, id: u32) {
        let (pos, upper) = (*self.position(id), self.upper(id));
        let mask = self.index.len() - 1;
        let mut at = self.slot(&pos, upper);
        loop {
            match self.index[at].checked_sub(1) {
                None => {
                    self.linked += 1;
                    break;
                }
                Some(old) if self.upper(old) == upper && *self.position(old) == pos => break,
                Some(_) => at = (at + 1) & mask,
            }
        }
        self.index[at] = id + 1;
    }

    /// A new node; it replaces in the index any earlier node of its position
    /// and kind (a node is proved only when the earlier one's bound falls
    /// short, so the new one's is stronger).
    fn push(&mut self, pos: P, upper: bool, bound: i16, children: &[(Move, u32)]) -> Result<u32, SolveError> {
        let id = u32::try_from(self.len())
            .ok()
            .filter(|&id| id < u32::MAX - 1)
            .ok_or_else(|| SolveError::Rules("more certificate nodes than a u32 counts".into()))?;
        let count = u32::try_from(children.len()).unwrap_or(255).min(255);
        crate::error::try_push(&mut self.positions, pos, "prover: certificate nodes")?;
        crate::error::try_push(
            &mut self.meta,
            u32::from(bound as u16) | u32::from(upper) << 16 | count << 24,
            "prover: certificate nodes",
        )?;
        for &(mv, child) in children {
            crate::error::try_push(&mut self.moves, mv.to_byte(), "prover: certificate children")?;
            crate::error::try_push(&mut self.ids, child, "prover: certificate children")?;
        }
        if (self.linked + 1) * 2 > self.index.len() {
            self.relink_all()?;
        } else {
            self.link(id);
        }
        Ok(id)
    }

    /// A new index, at most half full, of every node.
    fn relink_all(&mut self) -> Result<(), SolveError> {
        let size = ((self.len() + 1) * 2)
            .next_power_of_two()
            .max(self.index.len() * 2)
            .max(1 << 10);
        self.index = try_filled(size, 0u32, "prover: certificate index")?;
        self.linked = 0;
        for id in 0..self.len() as u32 {
            self.link(id);
        }
        Ok(())
    }

    /// Takes in every node of `other` (with no set of its own absorbed),
    /// numbered from this set's count on; returns that count, by which
    /// `other`'s ids move. `other`'s nodes stay in their arrays, neither
    /// copied nor renumbered there: on Kalah(6,4) copying them was most of
    /// the serial work after the search, spent on the new memory's pages.
    /// Of `other`'s nodes only those of `find` (ids in `other`'s
    /// numbering) are put in the index: the nodes the caller will look up.
    /// The others are written, never found again. Sets are absorbed before
    /// any node is pushed after them.
    fn absorb(
        &mut self,
        mut other: Nodes<P>,
        find: impl IntoIterator<Item = u32>,
    ) -> Result<u32, SolveError> {
        if !other.absorbed.is_empty() {
            return Err(SolveError::Rules("a set of nodes absorbed twice over".into()));
        }
        if self.positions.len() != self.first_own() {
            return Err(SolveError::Rules("nodes absorbed after nodes pushed".into()));
        }
        let offset = u32::try_from(self.len())
            .ok()
            .filter(|&n| u64::from(n) + (other.len() as u64) < u64::from(u32::MAX - 1))
            .ok_or_else(|| SolveError::Rules("more certificate nodes than a u32 counts".into()))?;
        other.index = Vec::new();
        self.absorbed.push(Absorbed {
            nodes: other,
            first: offset,
        });
        // Room for the nodes still to come (the root's trees, a few), taken
        // in place: a full array would grow by a move onto fresh memory
        // (`huge_pages::grow`), gigabytes copied for a few nodes.
        room_in_place(&mut self.positions, "prover: certificate nodes")?;
        room_in_place(&mut self.meta, "prover: certificate nodes")?;
        room_in_place(&mut self.moves, "prover: certificate children")?;
        room_in_place(&mut self.ids, "prover: certificate children")?;
        for id in find {
            let id = id + offset;
            if (self.linked + 1) * 2 > self.index.len() {
                // Every node indexed: the asked ones among them.
                return self.relink_all().map(|()| offset);
            }
            let before = self.find(self.position(id), self.upper(id));
            self.link(id);
            // The index keeps the stronger of two nodes of one board.
            if let Some(old) = before {
                let (kept, bound) = (self.bound(old), self.bound(id));
                if meets(self.upper(id), kept.into(), bound.into()) {
                    self.link(old);
                }
            }
        }
        Ok(offset)
    }

    /// This set's own nodes numbered before the absorbed ones.
    fn first_own(&self) -> usize {
        self.absorbed
            .first()
            .map_or(self.positions.len(), |a| a.first as usize)
    }

    /// Each node in id order: kind, bound, position, children (ids in the
    /// whole's numbering).
    fn for_each(
        &self,
        mut f: impl FnMut(bool, i16, &P, &[(Move, u32)]) -> Result<(), SolveError>,
    ) -> Result<(), SolveError> {
        let mut children = Vec::new();
        let (next, at) = self.for_each_of(0..self.first_own(), 0, 0, &mut children, &mut f)?;
        for set in &self.absorbed {
            let all = 0..set.nodes.positions.len();
            set.nodes.for_each_of(all, 0, set.first, &mut children, &mut f)?;
        }
        self.for_each_of(next..self.positions.len(), at, 0, &mut children, &mut f)?;
        Ok(())
    }

    /// [`for_each`](Self::for_each) over this set's own nodes `range`,
    /// whose children start at `at`, their ids moved by `shift`; returns
    /// where the next node and its children start.
    fn for_each_of(
        &self,
        range: std::ops::Range<usize>,
        mut at: usize,
        shift: u32,
        children: &mut Vec<(Move, u32)>,
        f: &mut impl FnMut(bool, i16, &P, &[(Move, u32)]) -> Result<(), SolveError>,
    ) -> Result<(usize, usize), SolveError> {
        let end = range.end;
        for id in range {
            let meta = self.meta[id];
            let count = (meta >> 24) as usize;
            children.clear();
            children.extend(
                self.moves[at..at + count]
                    .iter()
                    .zip(&self.ids[at..at + count])
                    // A leaf in place has no id to move.
                    .map(|(&mv, &child)| {
                        let child = if child == LEAF_CHILD { child } else { child + shift };
                        (Move::from_byte(mv), child)
                    }),
            );
            at += count;
            f(
                meta >> 16 & 1 == 1,
                meta as u16 as i16,
                &self.positions[id],
                children,
            )?;
        }
        Ok((end, at))
    }
}

/// What [`Prover::write_certificate`] proved and wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Written {
    /// The root's value: South's final total minus North's.
    pub value: i32,
    /// Each first move with its value (South's margin).
    pub moves: Vec<(Move, i32)>,
    /// Nodes written.
    pub nodes: u64,
    /// Bytes written.
    pub bytes: u64,
}

/// A child of a searched position.
#[derive(Clone, Copy)]
struct Child<P> {
    mv: Move,
    pos: P,
    /// What the move takes off the board for its mover: their gain minus
    /// the opponent's.
    gain: i32,
    /// The mover moves again.
    same: bool,
    /// Where the child's entry is in the endgame table, if it is there.
    entry: Option<TableEntry>,
    /// The move's value for the mover (board terms) if the child is a leaf.
    leaf: Option<i32>,
    /// The child's legal moves (if it is not a leaf).
    moves: MoveSet,
    /// The child's key, 0 if not computed.
    key: u64,
    /// Its place in the order: larger first.
    order: i32,
}

impl<P> Child<P> {
    /// The move's value for the parent's mover, given the child's board
    /// value.
    #[inline]
    fn value(&self, child_board: i32) -> i32 {
        if self.same {
            self.gain + child_board
        } else {
            self.gain - child_board
        }
    }

    /// The window of the child's board value that is the window `(a, b)`
    /// of the move's value.
    #[inline]
    fn window(&self, a: i32, b: i32) -> (i32, i32) {
        if self.same {
            (a - self.gain, b - self.gain)
        } else {
            (self.gain - b, self.gain - a)
        }
    }
}

/// What the extraction of one node works in: the node's children as
/// [`Prover::expand`] gives them, and the moves it gives with their nodes.
struct Scratch<P> {
    children: Vec<Child<P>>,
    given: Vec<(Move, u32)>,
}

impl<P> Default for Scratch<P> {
    fn default() -> Self {
        Scratch {
            children: Vec::new(),
            given: Vec::new(),
        }
    }
}

/// A claim on a position's board value, for its mover.
#[derive(Clone, Copy, Debug)]
enum Need {
    /// At least this.
    AtLeast(i32),
    /// At most this.
    AtMost(i32),
}

impl Need {
    /// The claim on `pos`'s board value that a certificate node's claim on
    /// South's final margin (at least `bound`, or at most with `upper`) is.
    fn of<P: Board>(pos: &P, upper: bool, bound: i32) -> Need {
        let t = bound - south_scores(pos);
        match (pos.to_move(), upper) {
            (Player::South, false) => Need::AtLeast(t),
            (Player::North, false) => Need::AtMost(-t),
            (Player::South, true) => Need::AtMost(t),
            (Player::North, true) => Need::AtLeast(-t),
        }
    }

    /// Whether the bounds `lo..=hi` settle the claim: `Some(true)` if they
    /// prove it, `Some(false)` if they refute it.
    fn settled(self, lo: i32, hi: i32) -> Option<bool> {
        match self {
            Need::AtLeast(t) if lo >= t => Some(true),
            Need::AtLeast(t) if hi < t => Some(false),
            Need::AtMost(t) if hi <= t => Some(true),
            Need::AtMost(t) if lo > t => Some(false),
            _ => None,
        }
    }
}

/// Finds the exact value of positions above an endgame table, and their
/// certificates (see the [module docs](super)).
///
/// Its search is a fail-soft alpha-beta over board values (see below),
/// unbounded in depth, driven by MTD(f), with a
/// fixed-size transposition table, whose leaves are finished games and
/// table positions. A position repeated along a line is scored as the table
/// scores endless play (an equal split of the board); such values never
/// reach a certificate, whose DAG must be acyclic: if the proof needs one,
/// [`certificate`](Prover::certificate) fails. Whatever the search finds, a
/// certificate proves only what the verifier checks: a wrong bound of the
/// search makes the extraction fail, never a certificate of a wrong value.
///
/// # Board values
///
/// The search works on the **board value** of a position (the margin that
/// the seeds on the board will bring its mover, as a table stores it), not
/// on South's final margin: a move's value for its mover is what it takes
/// off the board for them (their gain minus the opponent's) plus the
/// child's board value, negated when the other player moves there. A
/// [`Solvable`] game's play does not read the scores, so one entry of the
/// transposition table serves a board and its mover whatever the scores:
/// the same board reached with other captures is not searched again.
///
/// # The transposition table
///
/// A fixed block of memory ([`Prover::with_memory`]) in buckets of four
/// 16-byte slots (one cache line): a slot holds an exact key of the board
/// and its mover (the board's [`BoardIndex`] rank with its seed count, not a
/// hash, wherever it fits in 63 bits, as it does for every game of the
/// crate), the lower and upper bounds found, the best move found and the
/// work of the search that found them (positions searched below it). A
/// bucket that is full gives up its slot of least work. So memory stays
/// bounded whatever the search's length, and the large subtrees stay known.
/// The provers of [`prove_opening`] share one table without locks: a slot
/// is two words, its key XORed with its data and the data, written one
/// after the other, so a slot read while another prover writes it fails
/// the key's check and is a miss.
///
/// # Move order
///
/// At each position the children that are leaves (a finished game, a board
/// in the endgame table) are valued first, and may cut at once; then the
/// move stored as best in the transposition table, then the others by
/// their known bounds (the children's entries, probed when the child holds
/// enough seeds to be worth it), else by what the move takes off the board,
/// a move that keeps the turn first among equals.
///
/// # Extraction
///
/// The value is found by MTD(f): null-window tests that raise a lower bound
/// or lower an upper one until they meet. The certificate's trees are then
/// read from the transposition table: at a node where the bound's side
/// chooses, the cheapest child known to meet the claim (a leaf that meets
/// it; else a child already proved for it; else one whose stored bound
/// meets it, of the least work, a proxy for the size of its proof), else
/// the first child that a null-window test shows to meet it; at the other
/// player's nodes, every child. Entries that were replaced are searched
/// again, so the extraction never depends on the table's size, only its
/// speed does. Proved nodes are shared (the certificate is a DAG): a node
/// proved for a bound serves every weaker claim at the same position; a
/// child that is a leaf is given in place
/// ([`LEAF_CHILD`](super::LEAF_CHILD)), not as a node. Nodes are written
/// with no scores (see "Scores" in the [module docs](super)), so a node
/// serves its board and mover whatever was captured before it: on
/// Kalah(6,3) this more than halves the certificate.
///
/// # Example
///
/// ```
/// use mancala_rules::Board;
/// use mancala_rules::games::Kalah;
/// use mancala_rules::solve::proof::Prover;
/// use mancala_rules::solve::Table;
///
/// // A late Kalah position above a 6-seed table. South sows pit 6 into the
/// // store and moves again.
/// let table = Table::build(Kalah, 6)?;
/// let pos = "0 0 1 0 2 1 | 1 0 2 0 1 1 20-19 S".parse()?;
/// let mut prover = Prover::new(&table, |_| {});
/// let value = prover.value(&pos);
/// let certificate = prover.certificate(&pos)?;
/// // Nodes are written with no scores: the root's node bounds the margin
/// // still to come from its board, 20 - 19 less than the value.
/// let node = &certificate.nodes[certificate.claims[0].lower as usize];
/// assert_eq!(node.position.scores(), [0, 0]);
/// assert_eq!(i32::from(node.bound) + (20 - 19), value);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Prover<'t, R: Solvable, F: FnMut(ProveProgress)> {
    rules: R,
    table: &'t Table<R>,
    tt: Transpositions,
    keys: Keys,
    /// Children with more seeds than this on the board have their entries
    /// probed for the move order (and a cut-off) before they are searched.
    probe_above: u32,
    path: Vec<R::Position>,
    /// One buffer of children per depth of the search, reused.
    buffers: Vec<Vec<Child<R::Position>>>,
    /// One set of buffers per depth of the extraction, reused.
    scratch: Vec<Scratch<R::Position>>,
    searched: u64,
    /// Repetitions met by the search.
    repetitions: u64,
    tests: u64,
    nodes: Nodes<R::Position>,
    on_progress: F,
}

impl<'t, R: Solvable, F: FnMut(ProveProgress)> Prover<'t, R, F> {
    /// A prover over `table` with a 64 MiB transposition table, calling
    /// `on_progress` every 65,536 positions searched.
    ///
    /// # Panics
    ///
    /// If 64 MiB cannot be allocated (see [`with_memory`](Self::with_memory)
    /// to ask for another size fallibly).
    pub fn new(table: &'t Table<R>, on_progress: F) -> Self {
        match Self::with_memory(table, DEFAULT_MEMORY, on_progress) {
            Ok(prover) => prover,
            Err(e) => panic!("{e}"),
        }
    }

    /// A prover over `table` whose transposition table takes at most
    /// `bytes` (the largest power of two buckets of 64 bytes that fits, at
    /// least one), calling `on_progress` every 65,536 positions searched.
    /// The size changes the speed only, never a value or a certificate's
    /// validity.
    pub fn with_memory(table: &'t Table<R>, bytes: usize, on_progress: F) -> Result<Self, SolveError> {
        let tt = Arc::new(TranspositionTable::new(bytes)?);
        Ok(Self::sharing(table, tt, on_progress))
    }

    /// A prover over `table` whose transposition table is `tt`, which other
    /// provers may share.
    fn sharing(table: &'t Table<R>, tt: Arc<TranspositionTable>, on_progress: F) -> Self {
        let rules = *table.rules();
        let pits = R::Position::PITS;
        let total = rules.total_seeds().max(table.max_seeds());
        Prover {
            rules,
            table,
            tt: Transpositions::new(tt),
            keys: Keys::new(pits, total),
            probe_above: table.max_seeds() + 4,
            path: Vec::new(),
            buffers: Vec::new(),
            scratch: Vec::new(),
            searched: 0,
            repetitions: 0,
            tests: 0,
            nodes: Nodes::new(),
            on_progress,
        }
    }

    /// Children with more than `seeds` seeds on the board have their
    /// transposition entries probed for the move order before they are
    /// searched (by default, the table's largest seed count plus 4). A
    /// setting of speed only.
    pub fn probe_children_above(&mut self, seeds: u32) {
        self.probe_above = seeds;
    }

    /// Positions searched so far.
    pub fn searched(&self) -> u64 {
        self.searched
    }

    /// Repeated positions met by the search so far.
    pub fn repetitions(&self) -> u64 {
        self.repetitions
    }

    /// What the search and its transposition table did so far.
    pub fn stats(&self) -> ProverStats {
        ProverStats {
            searched: self.searched,
            repetitions: self.repetitions,
            tests: self.tests,
            slots: self.tt.shared.slots(),
            replaced: self.tt.replaced,
            hits: self.tt.hits,
            probes: self.tt.probes,
        }
    }

    fn progress(&mut self) {
        (self.on_progress)(ProveProgress {
            searched: self.searched,
            nodes: self.nodes.len(),
        });
    }

    /// South's margin at a leaf: a finished game or a table position.
    fn leaf(&self, pos: &R::Position) -> Option<i32> {
        if seeds_of(pos) > self.table.max_seeds() {
            if let Turn::Over(outcome) = self.rules.turn(pos) {
                return Some(outcome.margin() as i32);
            }
            return None;
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
            .any(|earlier| same_board(earlier, child))
    }

    /// Puts into `out` the children of `pos` (whose legal moves are
    /// `moves`), each valued if it is a leaf, and returns the best leaf
    /// value (`i32::MIN` if none). The one child builder of the search and
    /// the proof. Children are not yet in order.
    fn expand(&mut self, pos: &R::Position, moves: MoveSet, out: &mut Vec<Child<R::Position>>) -> i32 {
        let mover = pos.to_move();
        let me = mover.index();
        let scores = pos.scores().map(i32::from);
        let before = scores[me] - scores[1 - me];
        let max_table = self.table.max_seeds();
        out.clear();
        for mv in moves {
            let mut child = *pos;
            self.rules.play_unchecked(&mut child, mv);
            let after = child.scores().map(i32::from);
            let gain = after[me] - after[1 - me] - before;
            let same = child.to_move() == mover;
            let (entry, leaf, child_moves) = if seeds_of(&child) <= max_table {
                match self.table.entry(&child) {
                    Some(entry) => (Some(entry), None, MoveSet::NONE),
                    // Not a board the table can rank: valued as an even split.
                    None => (None, Some(gain), MoveSet::NONE),
                }
            } else {
                match self.rules.turn(&child) {
                    Turn::Over(outcome) => (
                        None,
                        Some(outcome.margin_for(mover) as i32 - before),
                        MoveSet::NONE,
                    ),
                    Turn::Moves(m) => (None, None, m),
                }
            };
            out.push(Child {
                mv,
                pos: child,
                gain,
                same,
                entry,
                leaf,
                moves: child_moves,
                key: 0,
                order: 0,
            });
        }
        // The table's entries are read apart from the sowing above, one
        // after the other, so that their cache misses overlap.
        let mut best_leaf = i32::MIN;
        for c in out.iter_mut() {
            if let Some(entry) = c.entry {
                let board = self.table.board_value_at(entry).unwrap_or(0);
                c.leaf = Some(if c.same { c.gain + board } else { c.gain - board });
            }
            if let Some(v) = c.leaf {
                best_leaf = best_leaf.max(v);
            }
        }
        best_leaf
    }

    /// Orders the children that are not leaves, best first for the mover:
    /// the stored best move, then by the children's known bounds where
    /// probed, else by what the move takes, a move that keeps the turn first
    /// among equals. Fills each probed child's key.
    ///
    /// A probed child whose stored bound already makes its move worth at
    /// least `beta` cuts at once (an enhanced transposition cutoff): the
    /// best such value and its move are returned, and nothing is ordered.
    fn order(&mut self, children: &mut [Child<R::Position>], best: u8, beta: i32) -> Option<(i32, u8)> {
        // Every child that may be searched has its key made and its bucket
        // loaded first, all together, so that the cache misses of the
        // probes below and of the children's own searches overlap.
        for c in children.iter_mut().filter(|c| c.leaf.is_none()) {
            c.key = self.keys.key(&c.pos);
            self.tt.touch(c.key);
        }
        let mut cut: Option<(i32, u8)> = None;
        for c in children.iter_mut() {
            if c.leaf.is_some() {
                c.order = i32::MIN;
                continue;
            }
            let mut guess = 2 * c.gain + i32::from(c.same);
            if seeds_of(&c.pos) > self.probe_above {
                if let Some(slot) = self.tt.probe(c.key) {
                    let (lo, hi) = (i32::from(slot.lo), i32::from(slot.hi));
                    guess = 2 * c.value((lo + hi) / 2) + i32::from(c.same);
                    // The least the move is worth, whatever the child's
                    // exact value within its bounds.
                    let floor = if c.same { c.value(lo) } else { c.value(hi) };
                    if floor >= beta && cut.map_or(true, |(v, _)| floor > v) {
                        cut = Some((floor, c.mv.to_byte()));
                    }
                }
            }
            c.order = if c.mv.to_byte() == best { i32::MAX } else { guess };
        }
        if cut.is_none() {
            // Stable: equal guesses keep the moves' order.
            children.sort_by_key(|c| std::cmp::Reverse(c.order));
        }
        cut
    }

    /// Fail-soft alpha-beta at `pos`, which is not a leaf (its legal moves
    /// are `moves`, its key `key` or 0): the board value for its mover,
    /// exact inside `(alpha, beta)`, a bound outside.
    fn search(&mut self, pos: &R::Position, moves: MoveSet, key: u64, alpha: i32, beta: i32) -> i32 {
        self.searched += 1;
        if self.searched % 65_536 == 0 {
            self.progress();
        }
        let key = if key == 0 { self.keys.key(pos) } else { key };
        let reach = seeds_of(pos) as i32;
        let (lo, hi, best_move) = match self.tt.probe(key) {
            Some(slot) => (i32::from(slot.lo), i32::from(slot.hi), slot.best),
            None => (-reach, reach, NO_MOVE),
        };
        if lo >= beta || lo == hi {
            return lo;
        }
        if hi <= alpha {
            return hi;
        }
        let (a0, b0) = (alpha.max(lo), beta.min(hi));
        let mut a = a0;
        let start = self.searched;
        let depth = self.path.len();
        if self.buffers.len() <= depth {
            self.buffers.push(Vec::new());
        }
        let mut children = std::mem::take(&mut self.buffers[depth]);
        let mut best = self.expand(pos, moves, &mut children);
        let mut best_byte = NO_MOVE;
        if best >= b0 {
            // A leaf cuts at once.
            best_byte = children
                .iter()
                .find(|c| c.leaf == Some(best))
                .map_or(NO_MOVE, |c| c.mv.to_byte());
        } else if let Some((floor, mv)) = self.order(&mut children, best_move, b0) {
            best = floor;
            best_byte = mv;
        } else {
            a = a.max(best);
            self.path.push(*pos);
            for c in children.iter() {
                if c.leaf.is_some() {
                    // Leaves sort last: none left to search.
                    break;
                }
                let v = if self.repeats(&c.pos) {
                    self.repetitions += 1;
                    // Endless play: the board split, board value 0.
                    c.value(0)
                } else {
                    let (ca, cb) = c.window(a, b0);
                    let child = self.search(&c.pos, c.moves, c.key, ca, cb);
                    c.value(child)
                };
                if v > best {
                    best = v;
                    best_byte = c.mv.to_byte();
                }
                a = a.max(best);
                if a >= b0 {
                    break;
                }
            }
            self.path.pop();
        }
        self.buffers[depth] = children;
        let (mut lo, mut hi) = (lo, hi);
        if best <= a0 {
            hi = hi.min(best);
            // A move that fails low is no better than the others.
            best_byte = NO_MOVE;
        } else if best >= b0 {
            lo = lo.max(best);
        } else {
            lo = best;
            hi = best;
        }
        self.tt.store(key, lo, hi, best_byte, self.searched - start);
        best
    }

    /// Whether `pos` (not a leaf; legal moves `moves`) meets `need`, by a
    /// null-window test unless its entry settles it.
    fn test(&mut self, pos: &R::Position, moves: MoveSet, need: Need) -> bool {
        let key = self.keys.key(pos);
        if let Some(slot) = self.tt.probe(key) {
            if let Some(known) = need.settled(i32::from(slot.lo), i32::from(slot.hi)) {
                return known;
            }
        }
        self.tests += 1;
        match need {
            Need::AtLeast(t) => self.search(pos, moves, key, t - 1, t) >= t,
            Need::AtMost(t) => self.search(pos, moves, key, t, t + 1) <= t,
        }
    }

    /// The board value of `pos` for its mover, which is not a leaf (legal
    /// moves `moves`), by MTD(f) from `guess`.
    fn board_value(&mut self, pos: &R::Position, moves: MoveSet, guess: i32) -> i32 {
        let reach = seeds_of(pos) as i32;
        let key = self.keys.key(pos);
        let (mut lo, mut hi) = (-reach, reach);
        if let Some(slot) = self.tt.probe(key) {
            (lo, hi) = (i32::from(slot.lo), i32::from(slot.hi));
        }
        let mut g = guess.clamp(lo, hi);
        while lo < hi {
            let beta = if g == lo { g + 1 } else { g };
            self.tests += 1;
            g = self.search(pos, moves, key, beta - 1, beta);
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
        }
        lo
    }

    /// The exact value of `pos`, South's final margin (MTD(f) over the
    /// search's null windows, from the value 0 for the mover's board).
    pub fn value(&mut self, pos: &R::Position) -> i32 {
        self.value_near(pos, south_scores(pos))
    }

    /// [`value`](Self::value), its MTD(f) starting from `guess`, a guess of
    /// South's final margin. A close guess (a sibling's value, a shallow
    /// search's) saves null-window tests; any guess gives the same value.
    pub fn value_near(&mut self, pos: &R::Position, guess: i32) -> i32 {
        if let Some(v) = self.leaf(pos) {
            return v;
        }
        let Turn::Moves(moves) = self.rules.turn(pos) else {
            // A finished game is a leaf.
            return south_scores(pos);
        };
        let guess = for_south(pos, guess - south_scores(pos));
        let board = self.board_value(pos, moves, guess);
        south_scores(pos) + for_south(pos, board)
    }

    /// A node proving `bound` (a lower bound unless `upper`) at `pos`: its id
    /// and the strongest bound it proves, in `pos`'s frame (South's final
    /// margin from `pos`, its scores included). The node itself is written
    /// at `pos` with no scores (see [`zeroed`]), so that one node serves
    /// the board and its mover whatever the captures before.
    fn prove(&mut self, pos: &R::Position, upper: bool, bound: i32) -> Result<(u32, i32), SolveError> {
        let shift = south_scores(pos);
        let (id, proved) = self.prove_zeroed(&zeroed(pos), upper, bound - shift)?;
        Ok((id, proved + shift))
    }

    /// [`prove`](Self::prove) at a position with no scores.
    fn prove_zeroed(&mut self, pos: &R::Position, upper: bool, bound: i32) -> Result<(u32, i32), SolveError> {
        if let Some(found) = self.proved(pos, upper, bound) {
            return Ok(found);
        }
        let Some(v) = self.leaf(pos) else {
            return self.prove_inner(pos, upper, bound);
        };
        if !meets(upper, v, bound) {
            return Err(SolveError::Rules(format!("{pos}: a leaf worth {v}, not {bound}")));
        }
        let id = self.nodes.push(*pos, upper, v as i16, &[])?;
        Ok((id, v))
    }

    /// The node already proved at `pos` (no scores) for `bound`, if any,
    /// with the bound it proves.
    fn proved(&self, pos: &R::Position, upper: bool, bound: i32) -> Option<(u32, i32)> {
        let id = self.nodes.find(pos, upper)?;
        let proved = i32::from(self.nodes.bound(id));
        meets(upper, proved, bound).then_some((id, proved))
    }

    /// A new node proving `bound` at `pos`, which has no scores, is not a
    /// leaf and has no node proving `bound` yet: the one place nodes with
    /// children are made.
    fn prove_inner(&mut self, pos: &R::Position, upper: bool, bound: i32) -> Result<(u32, i32), SolveError> {
        if self.repeats(pos) {
            return Err(SolveError::Rules(format!(
                "{pos} repeats along a line of the proof: no acyclic certificate"
            )));
        }
        let Turn::Moves(moves) = self.rules.turn(pos) else {
            return Err(SolveError::Rules(format!("{pos}: neither a leaf nor moves")));
        };
        self.path.push(*pos);
        let depth = self.path.len();
        if self.scratch.len() <= depth {
            self.scratch.resize_with(depth + 1, Scratch::default);
        }
        let mut scratch = std::mem::take(&mut self.scratch[depth]);
        scratch.given.clear();
        self.expand(pos, moves, &mut scratch.children);
        // Every child that is not a leaf is looked up in the nodes next:
        // its lookups begun together (half the extraction's time was these
        // lookups' cache misses, one after the other).
        let lookups = scratch.children.iter().filter(|c| c.leaf.is_none());
        self.nodes.touch(lookups.map(|c| zeroed(&c.pos)), upper);
        let chooser = if upper { Player::North } else { Player::South };
        let result = if pos.to_move() == chooser {
            self.prove_one(pos, upper, bound, &mut scratch)
        } else {
            self.prove_all(pos, upper, bound, &mut scratch)
        };
        self.path.pop();
        let pushed = result.and_then(|node_bound| {
            let id = self.nodes.push(*pos, upper, node_bound as i16, &scratch.given)?;
            Ok((id, node_bound))
        });
        self.scratch[depth] = scratch;
        if self.nodes.len() % 65_536 == 0 {
            self.progress();
        }
        pushed
    }

    /// South's final margin at a child that [`expand`](Self::expand) valued
    /// as a leaf, as [`leaf`](Self::leaf) gives it: `None` if it is not a
    /// leaf, or a board within the table's seeds that the table cannot rank.
    fn leaf_margin(&self, parent: &R::Position, c: &Child<R::Position>) -> Option<i32> {
        let value = c.leaf?;
        if c.entry.is_none() && seeds_of(&c.pos) <= self.table.max_seeds() {
            return None;
        }
        Some(south_scores(parent) + for_south(parent, value))
    }

    /// A child's node proving `bound` (South's margin from the child's
    /// scores), the child not a leaf: one already proved, else a new one.
    fn prove_child(
        &mut self,
        child: &R::Position,
        upper: bool,
        bound: i32,
    ) -> Result<(u32, i32), SolveError> {
        let shift = south_scores(child);
        match self.proved(&zeroed(child), upper, bound - shift) {
            Some((id, proved)) => Ok((id, proved + shift)),
            None => self.prove_new_child(child, upper, bound),
        }
    }

    /// [`prove_child`](Self::prove_child) where no node proves `bound` at
    /// the child yet: a new node.
    fn prove_new_child(
        &mut self,
        child: &R::Position,
        upper: bool,
        bound: i32,
    ) -> Result<(u32, i32), SolveError> {
        let shift = south_scores(child);
        let (id, proved) = self.prove_inner(&zeroed(child), upper, bound - shift)?;
        Ok((id, proved + shift))
    }

    /// The chooser's move at `pos`, whose children are in `scratch`: one
    /// child that meets the bound, into `scratch.given`; returns the bound
    /// it proves. The cheapest first: a leaf, given in place; a child
    /// already proved; a child whose stored bound meets the claim, of least
    /// work; else the first that a null-window test shows to meet it.
    fn prove_one(
        &mut self,
        pos: &R::Position,
        upper: bool,
        bound: i32,
        scratch: &mut Scratch<R::Position>,
    ) -> Result<i32, SolveError> {
        let holds = |v: i32| meets(upper, v, bound);
        let children = &mut scratch.children;
        for c in children.iter() {
            if let Some(v) = self.leaf_margin(pos, c).filter(|&v| holds(v)) {
                scratch.given.push((c.mv, LEAF_CHILD));
                return Ok(v);
            }
        }
        for c in children.iter().filter(|c| c.leaf.is_none()) {
            let shift = south_scores(&c.pos);
            if let Some((id, proved)) = self.proved(&zeroed(&c.pos), upper, bound - shift) {
                scratch.given.push((c.mv, id));
                return Ok(proved + shift);
            }
        }
        let best = self
            .tt
            .probe(self.keys.key(pos))
            .map_or(NO_MOVE, |slot| slot.best);
        // No cut-off: every child is ordered.
        self.order(children, best, i32::MAX);
        let mut chosen: Option<(u64, usize)> = None;
        for (i, c) in children.iter().enumerate() {
            if c.leaf.is_some() || self.repeats(&c.pos) {
                continue;
            }
            let key = if c.key == 0 { self.keys.key(&c.pos) } else { c.key };
            let need = Need::of(&c.pos, upper, bound);
            let Some(slot) = self.tt.probe(key) else { continue };
            if need.settled(i32::from(slot.lo), i32::from(slot.hi)) == Some(true) {
                let cost = u64::from(slot.work);
                if chosen.map_or(true, |(c, _)| cost < c) {
                    chosen = Some((cost, i));
                }
            }
        }
        if chosen.is_none() {
            for (i, c) in children.iter().enumerate() {
                if c.leaf.is_some() || self.repeats(&c.pos) {
                    continue;
                }
                if self.test(&c.pos, c.moves, Need::of(&c.pos, upper, bound)) {
                    chosen = Some((0, i));
                    break;
                }
            }
        }
        let (_, i) =
            chosen.ok_or_else(|| SolveError::Rules(format!("{pos}: no move meets the bound {bound}")))?;
        let (mv, child) = (children[i].mv, children[i].pos);
        // No node proves the bound there: every child was looked up above,
        // and the tests since add no node.
        let (id, proved) = self.prove_new_child(&child, upper, bound)?;
        scratch.given.push((mv, id));
        Ok(proved)
    }

    /// Every move of the other player at `pos`, whose children are in
    /// `scratch`, each child meeting the bound, into `scratch.given`;
    /// returns the weakest bound they prove.
    fn prove_all(
        &mut self,
        pos: &R::Position,
        upper: bool,
        bound: i32,
        scratch: &mut Scratch<R::Position>,
    ) -> Result<i32, SolveError> {
        let mut weakest: Option<i32> = None;
        for c in scratch.children.iter() {
            let (id, proved) = match self.leaf_margin(pos, c) {
                Some(v) if meets(upper, v, bound) => (LEAF_CHILD, v),
                Some(v) => {
                    let after = c.pos;
                    return Err(SolveError::Rules(format!(
                        "{after}: a leaf worth {v}, not {bound}"
                    )));
                }
                None => self.prove_child(&c.pos, upper, bound)?,
            };
            weakest = Some(match weakest {
                None => proved,
                Some(w) if upper => w.max(proved),
                Some(w) => w.min(proved),
            });
            scratch.given.push((c.mv, id));
        }
        Ok(weakest.unwrap_or(bound))
    }

    /// Solves `root` and each of its moves and proves every value: the
    /// claims, each with its value (South's margin). The first moves are
    /// proved first, so that the root's trees reuse their nodes.
    fn prove_claims(&mut self, root: &R::Position) -> Result<Vec<(Claim, i32)>, SolveError> {
        let value = self.value(root);
        let moves = match self.rules.turn(root) {
            Turn::Moves(moves) => moves,
            Turn::Over(_) => MoveSet::NONE,
        };
        let mut claims = Vec::new();
        for mv in moves {
            let mut child = *root;
            self.rules.play_unchecked(&mut child, mv);
            let (v, lower, upper) = self.prove_value(&child, value)?;
            claims.push((
                Claim {
                    first_move: Some(mv),
                    lower,
                    upper,
                },
                v,
            ));
        }
        let (lower, _) = self.prove(root, false, value)?;
        let (upper, _) = self.prove(root, true, value)?;
        claims.insert(
            0,
            (
                Claim {
                    first_move: None,
                    lower,
                    upper,
                },
                value,
            ),
        );
        self.progress();
        Ok(claims)
    }

    /// The value of `pos` (MTD(f) from `guess`, South's margin) and its two
    /// nodes: the lower and the upper bound at that value.
    fn prove_value(&mut self, pos: &R::Position, guess: i32) -> Result<(i32, u32, u32), SolveError> {
        let value = self.value_near(pos, guess);
        let (lower, _) = self.prove(pos, false, value)?;
        let (upper, _) = self.prove(pos, true, value)?;
        Ok((value, lower, upper))
    }

    /// Solves `root` and each of its moves, and proves every value: a
    /// certificate whose claims are the root and each legal move there (see
    /// [`write_certificate`](Self::write_certificate) to write a large one
    /// without holding it as a [`Certificate`]).
    pub fn certificate(&mut self, root: &R::Position) -> Result<Certificate<R::Position>, SolveError> {
        let claims = self.prove_claims(root)?;
        let mut nodes = Vec::with_capacity(self.nodes.len());
        self.nodes.for_each(|upper, bound, position, children| {
            nodes.push(ProofNode {
                upper,
                bound,
                position: *position,
                children: children.to_vec(),
            });
            Ok(())
        })?;
        self.nodes = Nodes::new();
        Ok(Certificate {
            game: self.rules.name().to_string(),
            fingerprint: self.rules.fingerprint(),
            max_seeds: self.table.max_seeds(),
            root: *root,
            claims: claims.into_iter().map(|(claim, _)| claim).collect(),
            nodes,
        })
    }

    /// [`certificate`](Self::certificate), written to `out` in the
    /// certificate format from the prover's compact nodes (never held as a
    /// [`Certificate`]): what was proved and the bytes written.
    pub fn write_certificate(
        &mut self,
        root: &R::Position,
        out: impl std::io::Write,
    ) -> Result<Written, SolveError> {
        let claims = self.prove_claims(root)?;
        self.write_claims(root, &claims, out)
    }

    /// Writes the certificate of `claims` (each with its value, the root's
    /// first) from the prover's nodes, and forgets them.
    fn write_claims(
        &mut self,
        root: &R::Position,
        claims: &[(Claim, i32)],
        out: impl std::io::Write,
    ) -> Result<Written, SolveError> {
        let count = u32::try_from(self.nodes.len())
            .map_err(|_| SolveError::Rules("more certificate nodes than a u32 counts".into()))?;
        let plain: Vec<Claim> = claims.iter().map(|(claim, _)| *claim).collect();
        let mut writer = CertificateWriter::new(
            out,
            self.rules.fingerprint(),
            self.rules.name(),
            self.table.max_seeds(),
            root,
            &plain,
            count,
        )?;
        self.nodes
            .for_each(|upper, bound, position, children| writer.node(upper, bound, position, children))?;
        let bytes = writer.finish()?;
        self.nodes = Nodes::new();
        Ok(Written {
            value: claims[0].1,
            moves: claims
                .iter()
                .filter_map(|(claim, v)| claim.first_move.map(|mv| (mv, *v)))
                .collect(),
            nodes: u64::from(count),
            bytes,
        })
    }
}

/// How [`prove_opening`] shares its work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ProofSettings {
    /// Provers, each on its own thread (at least one).
    pub threads: usize,
    /// Bytes of the transposition table, one table that every prover
    /// shares.
    pub memory: usize,
    /// See [`Prover::probe_children_above`]; `None` for its default.
    pub probe_above: Option<u32>,
}

impl ProofSettings {
    /// With `threads` provers (at least one is used).
    #[must_use]
    pub fn with_threads(self, threads: usize) -> ProofSettings {
        ProofSettings { threads, ..self }
    }

    /// With `bytes` of transposition table in all.
    #[must_use]
    pub fn with_memory(self, bytes: usize) -> ProofSettings {
        ProofSettings {
            memory: bytes,
            ..self
        }
    }

    /// With [`Prover::probe_children_above`] set (`None`: its default).
    #[must_use]
    pub fn with_probe_above(self, seeds: Option<u32>) -> ProofSettings {
        ProofSettings {
            probe_above: seeds,
            ..self
        }
    }
}

impl Default for ProofSettings {
    /// One prover, a 64 MiB transposition table.
    fn default() -> ProofSettings {
        ProofSettings {
            threads: 1,
            memory: DEFAULT_MEMORY,
            probe_above: None,
        }
    }
}

/// Positions the shallow search of [`shallow_guess`] may visit.
const GUESS_NODES: u64 = 1 << 22;

/// A guess of `pos`'s value (South's final margin) for the MTD(f) that
/// finds it: an iteratively deepened heuristic search of at most
/// [`GUESS_NODES`] positions (captures as its evaluation, `table` as its
/// oracle), a second or two. Speed only: MTD(f) finds the same value from
/// any guess, but a close one saves its most costly null-window tests (on
/// Kalah(6,4) the guess comes within a few seeds of each first move's value,
/// and the search of each is up to half as long).
fn shallow_guess<R: Solvable>(table: &Table<R>, pos: &R::Position) -> i32 {
    let limits = Limits::depth(MAX_DEPTH).with_nodes(GUESS_NODES);
    let found = AlphaBeta::new(*table.rules())
        .with_oracle(table)
        .search(pos, &[], limits);
    // A proven margin, else the evaluation, both for the player to move.
    let mover = proven_margin(found.score).unwrap_or(found.score);
    for_south(pos, mover)
}

/// The stack of each of [`prove_opening`]'s threads: the search recurses
/// once a move, and a debug build's frames are large.
const PROVER_STACK: usize = 256 << 20;

/// What a prover's thread returned: a thread that did not start or that
/// panicked is an error.
fn joined<T>(
    spawned: std::io::Result<std::thread::ScopedJoinHandle<'_, Result<T, SolveError>>>,
) -> Result<T, SolveError> {
    match spawned {
        Ok(running) => running
            .join()
            .unwrap_or_else(|_| Err(SolveError::Rules("a prover's thread panicked".into()))),
        Err(e) => Err(SolveError::Rules(format!("a prover's thread did not start: {e}"))),
    }
}

/// One piece of [`prove_opening`]'s work.
#[derive(Clone, Copy)]
enum Task<P> {
    /// The value of the position after the root's `i`-th move.
    Value(usize),
    /// A node proving a bound on South's final margin at a position: a
    /// lower bound, or an upper one with `upper`.
    Prove { pos: P, upper: bool, bound: i32 },
}

/// The work of [`prove_opening`] not yet taken, which its provers share.
struct Queue<P> {
    values: std::collections::VecDeque<usize>,
    proofs: std::collections::VecDeque<Task<P>>,
    /// Values being searched, each of which will add proofs.
    searching: usize,
    /// A prover failed: the others stop.
    failed: bool,
}

/// The queue, and the signal that it changed.
type Shared<P> = (std::sync::Mutex<Queue<P>>, std::sync::Condvar);

/// Marks the queue failed if its prover's thread unwinds, so that the
/// others, waiting for work it would have added, stop instead of waiting
/// forever.
struct FailOnPanic<'q, P>(&'q Shared<P>);

impl<P> Drop for FailOnPanic<'_, P> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let (queue, changed) = self.0;
            queue
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .failed = true;
            changed.notify_all();
        }
    }
}

/// What one of [`prove_opening`]'s provers brings back: itself (its nodes,
/// its figures), the first moves whose values it found (index, value) and
/// the nodes it proved for the queue's proofs.
type Share<'t, R, F> = (Prover<'t, R, F>, Vec<(usize, i32)>, Vec<u32>);

impl<'t, R: Solvable, F: FnMut(ProveProgress)> Prover<'t, R, F> {
    /// The proofs that make the two nodes of `pos`, whose value is `value`
    /// (South's margin): for each bound, the node of `pos` itself where its
    /// mover chooses (or it is a leaf), else one node for each child that
    /// is not a leaf, so that [`prove_opening`]'s provers share the large
    /// trees of the other player's nodes.
    fn split(&self, pos: &R::Position, value: i32) -> Vec<Task<R::Position>> {
        let mut tasks = Vec::new();
        for upper in [false, true] {
            let chooser = if upper { Player::North } else { Player::South };
            let moves = match self.rules.turn(pos) {
                Turn::Moves(moves) if self.leaf(pos).is_none() && pos.to_move() != chooser => moves,
                _ => MoveSet::NONE,
            };
            if moves.is_empty() {
                tasks.push(Task::Prove {
                    pos: *pos,
                    upper,
                    bound: value,
                });
            }
            for mv in moves {
                let mut child = *pos;
                self.rules.play_unchecked(&mut child, mv);
                if self.leaf(&child).is_none() {
                    tasks.push(Task::Prove {
                        pos: child,
                        upper,
                        bound: value,
                    });
                }
            }
        }
        tasks
    }
}

/// [`Prover::write_certificate`] with its work shared among
/// `settings.threads` provers over one table. The work is a queue: each
/// first move's value, then, once it is known, the proofs of its two
/// bounds, those of a node of the other player split into one proof for
/// each child; a prover takes the next proof if there is one, else the
/// next value, so that the provers end together. Their nodes are then put
/// together, each first move's two nodes made over its children's, and
/// the root is proved from its moves' nodes. The certificate proves the
/// same claims (the root and each first move) and is checked the same way.
/// Returns what was written and what the provers did; `on_progress` gets
/// their figures summed.
///
/// The provers share one transposition table of `settings.memory` bytes
/// (without locks: see [`Prover`]), each runs on a thread of its own with
/// a 256 MiB stack (reserved, not used, but for deep searches); a position
/// met in two provers' proofs is proved by both (a certificate may hold a
/// board twice). Each first move's search starts its MTD(f) from a guess:
/// the value of a shallow heuristic search of a few million positions over
/// the same table, a second or two a move. A thread that cannot start, or
/// that panics, is an error.
///
/// # Example
///
/// ```
/// use mancala_rules::games::Kalah;
/// use mancala_rules::solve::proof::{prove_opening, verify_certificate, Certificate, CheckedTable, ProofSettings};
/// use mancala_rules::solve::Table;
/// use mancala_rules::Board;
///
/// let table = Table::build(Kalah, 6)?;
/// let root = "0 0 1 0 2 1 | 1 0 2 0 1 1 20-19 S".parse()?;
/// let settings = ProofSettings::default().with_threads(2);
/// let mut file = Vec::new();
/// let (written, _) = prove_opening(&table, &root, settings, |_| {}, &mut file)?;
/// let certificate = Certificate::read_from(&Kalah, file.as_slice())?;
/// let mut tables = Vec::new();
/// mancala_rules::solve::proof::write_checked_table(&table, &mut tables)?;
/// let mut checked = CheckedTable::read_from(Kalah, tables.as_slice())?;
/// checked.verify(1, |_| {})?;
/// let verified = verify_certificate(&Kalah, &certificate, &checked, |_| {})?;
/// assert_eq!(verified.value, written.value);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn prove_opening<'t, R: Solvable>(
    table: &'t Table<R>,
    root: &R::Position,
    settings: ProofSettings,
    on_progress: impl Fn(ProveProgress) + Sync,
    out: impl std::io::Write,
) -> Result<(Written, ProverStats), SolveError> {
    let rules = *table.rules();
    let threads = settings.threads.max(1);
    let moves: Vec<Move> = match rules.turn(root) {
        Turn::Moves(moves) => moves.into_iter().collect(),
        Turn::Over(_) => Vec::new(),
    };
    let after = |i: usize| {
        let mut child = *root;
        rules.play_unchecked(&mut child, moves[i]);
        child
    };
    let counts: Vec<(AtomicU64, AtomicU64)> = (0..threads)
        .map(|_| (AtomicU64::new(0), AtomicU64::new(0)))
        .collect();
    let report = |me: usize, p: ProveProgress| {
        counts[me].0.store(p.searched, Ordering::Relaxed);
        counts[me].1.store(p.nodes as u64, Ordering::Relaxed);
        let (mut searched, mut nodes) = (0, 0u64);
        for (s, n) in &counts {
            searched += s.load(Ordering::Relaxed);
            nodes += n.load(Ordering::Relaxed);
        }
        on_progress(ProveProgress {
            searched,
            nodes: usize::try_from(nodes).unwrap_or(usize::MAX),
        });
    };
    let tt = Arc::new(TranspositionTable::new(settings.memory)?);
    let shared: Shared<R::Position> = (
        std::sync::Mutex::new(Queue {
            values: (0..moves.len()).collect(),
            proofs: std::collections::VecDeque::new(),
            searching: 0,
            failed: false,
        }),
        std::sync::Condvar::new(),
    );
    let work = |me: usize| -> Result<Share<'t, R, _>, SolveError> {
        let _watch = FailOnPanic(&shared);
        let (queue, changed) = &shared;
        let lock = || queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut prover = Prover::sharing(table, Arc::clone(&tt), move |p| report(me, p));
        if let Some(k) = settings.probe_above {
            prover.probe_children_above(k);
        }
        let (mut values, mut proved) = (Vec::new(), Vec::new());
        loop {
            let task = {
                let mut q = lock();
                loop {
                    if q.failed {
                        break None;
                    }
                    if let Some(task) = q.proofs.pop_front() {
                        break Some(task);
                    }
                    if let Some(i) = q.values.pop_front() {
                        q.searching += 1;
                        break Some(Task::Value(i));
                    }
                    if q.searching == 0 {
                        break None;
                    }
                    q = changed.wait(q).unwrap_or_else(std::sync::PoisonError::into_inner);
                }
            };
            match task {
                None => break,
                Some(Task::Value(i)) => {
                    let child = after(i);
                    let v = prover.value_near(&child, shallow_guess(table, &child));
                    let tasks = prover.split(&child, v);
                    values.push((i, v));
                    let mut q = lock();
                    q.proofs.extend(tasks);
                    q.searching -= 1;
                    changed.notify_all();
                }
                Some(Task::Prove { pos, upper, bound }) => match prover.prove(&pos, upper, bound) {
                    Ok((id, _)) => proved.push(id),
                    Err(e) => {
                        lock().failed = true;
                        changed.notify_all();
                        return Err(e);
                    }
                },
            }
        }
        Ok((prover, values, proved))
    };
    let mut results = std::thread::scope(|scope| {
        let provers: Vec<_> = (0..threads)
            .map(|me| {
                std::thread::Builder::new()
                    .name(format!("prover {me}"))
                    .stack_size(PROVER_STACK)
                    .spawn_scoped(scope, move || work(me))
            })
            .collect();
        provers.into_iter().map(joined).collect::<Vec<_>>()
    })
    .into_iter();
    // The first prover, its transposition table warm, proves the root over
    // every prover's nodes.
    let Some(first) = results.next() else {
        return Err(SolveError::Rules("no prover ran".into()));
    };
    let (mut prover, mut values, _) = first?;
    let mut stats = ProverStats::default();
    for result in results {
        let (other, found, proved) = result?;
        stats = stats.add(other.stats());
        // The first moves' nodes are made over the nodes of the queue's
        // proofs, which alone are looked up.
        prover.nodes.absorb(other.nodes, proved)?;
        values.extend(found);
    }
    values.sort_unstable_by_key(|&(i, _)| i);
    let best = match root.to_move() {
        Player::South => values.iter().map(|&(_, v)| v).max(),
        Player::North => values.iter().map(|&(_, v)| v).min(),
    };
    // On a large stack too: a node not among the first moves' is searched.
    let (value, lower, upper, proved) = std::thread::scope(|scope| {
        let root_proof = std::thread::Builder::new()
            .name("prover".into())
            .stack_size(PROVER_STACK)
            .spawn_scoped(scope, || -> Result<_, SolveError> {
                let mut proved = Vec::new();
                for &(i, v) in &values {
                    let child = after(i);
                    let (lower, _) = prover.prove(&child, false, v)?;
                    let (upper, _) = prover.prove(&child, true, v)?;
                    proved.push((i, v, lower, upper));
                }
                let value = best.unwrap_or_else(|| prover.value(root));
                let (lower, _) = prover.prove(root, false, value)?;
                let (upper, _) = prover.prove(root, true, value)?;
                Ok((value, lower, upper, proved))
            });
        joined(root_proof)
    })?;
    let mut claims = vec![(
        Claim {
            first_move: None,
            lower,
            upper,
        },
        value,
    )];
    for &(i, v, lower, upper) in &proved {
        claims.push((
            Claim {
                first_move: Some(moves[i]),
                lower,
                upper,
            },
            v,
        ));
    }
    let written = prover.write_claims(root, &claims, out)?;
    let stats = ProverStats {
        // One table, shared.
        slots: tt.slots(),
        ..stats.add(prover.stats())
    };
    Ok((written, stats))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of one bucket: every key lands in it.
    fn one_bucket() -> TranspositionTable {
        let tt = TranspositionTable::new(64).unwrap();
        assert_eq!(tt.slots(), BUCKET as u64);
        tt
    }

    #[test]
    fn a_stored_entry_is_found_by_its_key_alone() {
        let tt = one_bucket();
        assert!(!tt.store(7, -3, 5, 2, 100));
        let slot = tt.probe(7).unwrap();
        assert_eq!((slot.lo, slot.hi, slot.best, slot.work), (-3, 5, 2, 100));
        assert!(tt.probe(8).is_none());
        // A later store without a best move keeps the one known.
        tt.store(7, 1, 5, NO_MOVE, 200);
        let slot = tt.probe(7).unwrap();
        assert_eq!((slot.lo, slot.best, slot.work), (1, 2, 200));
    }

    #[test]
    fn a_slot_half_written_is_a_miss() {
        let tt = one_bucket();
        tt.store(7, -3, 5, 2, 100);
        // Another prover's data written over the slot, its key word not yet.
        let other = Slot {
            work: 9,
            lo: 0,
            hi: 0,
            best: NO_MOVE,
        };
        tt.bucket(7)[1].store(other.pack(), Ordering::Relaxed);
        assert!(tt.probe(7).is_none());
    }

    #[test]
    fn an_absurd_size_is_refused_not_wrapped() {
        assert!(TranspositionTable::new(usize::MAX).is_err());
        assert_eq!(TranspositionTable::new(0).unwrap().slots(), BUCKET as u64);
    }

    #[test]
    fn a_full_bucket_gives_up_its_slot_of_least_work() {
        let tt = one_bucket();
        for (key, work) in [(1, 50), (2, 10), (3, 70), (4, 30)] {
            assert!(!tt.store(key, 0, 0, NO_MOVE, work));
        }
        assert!(tt.store(5, 0, 0, NO_MOVE, 1));
        assert!(tt.probe(2).is_none());
        for key in [1, 3, 4, 5] {
            assert!(tt.probe(key).is_some(), "{key}");
        }
    }

    /// Another prover's nodes absorbed stay in their arrays and keep their
    /// places in the numbering: found by the index where asked, written
    /// between this set's earlier nodes and its later ones, their children's
    /// ids moved, a leaf's left as it is.
    #[test]
    fn absorbed_nodes_are_numbered_after_ours_and_written_in_order() {
        use crate::games::Kalah;
        type P = <Kalah as crate::Ruleset>::Position;
        let board = |text: &str| text.parse::<P>().unwrap();
        let (a, b, c, d) = (
            board("1 0 0 0 0 0 | 0 0 0 0 0 1 0-0 S"),
            board("0 1 0 0 0 0 | 0 0 0 0 0 1 0-0 S"),
            board("0 0 1 0 0 0 | 0 0 0 0 0 1 0-0 S"),
            board("0 0 0 1 0 0 | 0 0 0 0 0 1 0-0 N"),
        );
        let (one, three) = (Move::Pit(1), Move::Pit(3));
        let mut ours = Nodes::new();
        assert_eq!(ours.push(a, false, 1, &[]).unwrap(), 0);
        let mut theirs = Nodes::new();
        assert_eq!(theirs.push(b, true, 2, &[]).unwrap(), 0);
        assert_eq!(
            theirs
                .push(c, false, 3, &[(one, 0), (three, LEAF_CHILD)])
                .unwrap(),
            1
        );
        // Only their node 1 is to be found.
        assert_eq!(ours.absorb(theirs, [1]).unwrap(), 1);
        assert_eq!(ours.len(), 3);
        assert_eq!(ours.find(&c, false), Some(2));
        assert_eq!(ours.find(&b, true), None);
        assert_eq!((ours.bound(2), ours.upper(2), *ours.position(2)), (3, false, c));
        assert_eq!((ours.bound(1), ours.upper(1)), (2, true));
        // A node pushed now comes after theirs.
        assert_eq!(ours.push(d, true, -4, &[(one, 2), (three, 0)]).unwrap(), 3);
        assert_eq!(ours.find(&d, true), Some(3));
        assert_eq!((ours.bound(3), *ours.position(3)), (-4, d));
        let mut written = Vec::new();
        ours.for_each(|upper, bound, pos, children| {
            written.push((upper, bound, *pos, children.to_vec()));
            Ok(())
        })
        .unwrap();
        assert_eq!(
            written,
            [
                (false, 1, a, vec![]),
                (true, 2, b, vec![]),
                (false, 3, c, vec![(one, 1), (three, LEAF_CHILD)]),
                (true, -4, d, vec![(one, 2), (three, 0)]),
            ]
        );
        // Another set now would take the ids of the node pushed since.
        assert!(ours.absorb(Nodes::new(), []).is_err());
    }
}
