//! Counting positions since the last capture in constant time per ply, for
//! the repetition and agreement rules on hot paths (playouts).

use crate::position::Board;

/// A multiset of positions: how many times each was added since the last
/// [`clear`](PositionCounts::clear). Open addressing over a power-of-two
/// table; clearing is O(1) (a generation stamp), so a capture costs nothing.
/// The table grows (allocates) only when it fills past half, which stops
/// happening once it has room for the longest stretch between two clears
/// seen (for [`Playouts`](crate::playout::Playouts), the longest game).
#[derive(Clone, Debug)]
pub(crate) struct PositionCounts<B: Board> {
    slots: Vec<Slot<B>>,
    generation: u32,
    /// Positions added since the table was last emptied or rebuilt: at least
    /// the slots in use (more after [`forget_all_if`](Self::forget_all_if)).
    len: usize,
}

#[derive(Clone, Copy, Debug)]
struct Slot<B> {
    pos: B,
    /// The slot is in use only if this equals the table's generation.
    generation: u32,
    count: u32,
}

impl<B: Board> PositionCounts<B> {
    /// An empty multiset; `filler` only fills unused slots.
    pub(crate) fn new(filler: B) -> Self {
        PositionCounts {
            slots: vec![
                Slot {
                    pos: filler,
                    generation: 0,
                    count: 0
                };
                256
            ],
            generation: 1,
            len: 0,
        }
    }

    /// Forgets every position.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.forget_all_if(true);
    }

    /// Forgets every position if `condition` holds, without a branch on it
    /// (in play, whether a move captured is as good as random). The slots
    /// stay counted in `len`, so the table may grow a little early.
    #[inline(always)]
    pub(crate) fn forget_all_if(&mut self, condition: bool) {
        self.generation = self.generation.wrapping_add(u32::from(condition));
        if self.generation == 0 {
            // After 2^32 clears, stamps from long ago could match again.
            self.slots.iter_mut().for_each(|slot| slot.generation = 0);
            self.generation = 1;
        }
    }

    #[inline(always)]
    pub(crate) fn add(&mut self, pos: &B) -> u32 {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut index = pos.fingerprint() as usize & mask;
        loop {
            let slot = &mut self.slots[index];
            if slot.generation != self.generation {
                *slot = Slot {
                    pos: *pos,
                    generation: self.generation,
                    count: 1,
                };
                self.len += 1;
                return 1;
            }
            if slot.pos == *pos {
                slot.count += 1;
                return slot.count;
            }
            index = (index + 1) & mask;
        }
    }

    #[cold]
    fn grow(&mut self) {
        let in_use = self
            .slots
            .iter()
            .filter(|slot| slot.generation == self.generation)
            .count();
        if 4 * (in_use + 1) <= self.slots.len() {
            // Most of `len` was forgotten: a recount, not a larger table (the
            // next recount is at least a quarter of the table away).
            self.len = in_use;
            return;
        }
        let live: Vec<Slot<B>> = self
            .slots
            .iter()
            .filter(|slot| slot.generation == self.generation)
            .copied()
            .collect();
        let filler = self.slots[0];
        self.slots = vec![
            Slot {
                generation: 0,
                ..filler
            };
            self.slots.len() * 2
        ];
        self.generation = 1;
        self.len = 0;
        for slot in live {
            for _ in 0..slot.count {
                self.add(&slot.pos);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    #[test]
    fn counts_positions_and_forgets_them_on_clear() {
        let a: Position<4> = "1 2 | 3 4 0-0 S".parse().unwrap();
        let b: Position<4> = "1 2 | 3 4 0-0 N".parse().unwrap();
        let mut counts = PositionCounts::new(a);
        assert_eq!(counts.add(&a), 1);
        assert_eq!(counts.add(&b), 1);
        assert_eq!(counts.add(&a), 2);
        counts.clear();
        assert_eq!(counts.add(&a), 1);
    }

    #[test]
    fn grows_past_its_first_size_and_keeps_counts() {
        let mut counts = PositionCounts::new(Position::<12>::filled(0));
        let positions: Vec<Position<12>> = (0..1000u32)
            .map(|i| {
                Position::new(
                    [(i % 200) as u8, (i / 200) as u8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
                    [0, 0],
                    crate::Player::South,
                )
            })
            .collect();
        for pos in &positions {
            assert_eq!(counts.add(pos), 1);
        }
        for pos in &positions {
            assert_eq!(counts.add(pos), 2);
        }
    }
}
