//! Perft: counting move sequences, the standard check of a move generator.

use crate::history::{mover_ended, Referee};
use crate::outcome::Repetition;
use crate::ruleset::Ruleset;
use crate::{AgreementPolicy, Move};

/// Path lengths up to this use a stack buffer; deeper perfts use a heap
/// buffer that grows with the line actually played, not with the depth asked.
const STACK_PATH: usize = 128;

/// The number of legal move sequences of exactly `depth` moves from `pos`
/// (the leaves of the game tree cut at `depth`).
///
/// A finished game has no moves, so a path that ends early counts nothing;
/// `pass` is a move. Rules that depend on history apply along each path as
/// in a real game: with a [`Repetition`] rule (Tihbat) a move that
/// repeats a position of the path (from `pos` on) ends the game there. An
/// agreement to split is not a move and is never made. No heap allocation
/// for `depth < 128`; beyond, the line from `pos` is kept in a buffer that
/// grows with the longest line actually played (a finished game returns at
/// once whatever the depth).
///
/// ```
/// use mancala_rules::games::Bohnenspiel;
/// use mancala_rules::{perft, Ruleset};
///
/// let rules = Bohnenspiel;
/// assert_eq!(perft(&rules, &rules.start(), 1), 6);
/// assert_eq!(perft(&rules, &rules.start(), 2), 36);
/// ```
pub fn perft<R: Ruleset>(rules: &R, pos: &R::Position, depth: u32) -> u64 {
    let depth = depth as usize;
    if rules.repetition() == Repetition::Continues {
        return perft_memoryless(rules, pos, depth);
    }
    if depth < STACK_PATH {
        let mut path = [*pos; STACK_PATH];
        perft_with_path(rules, &mut path[..], 0, depth)
    } else {
        let mut path = vec![*pos];
        perft_with_path(rules, &mut path, 0, depth)
    }
}

/// The line being counted, root first: a fixed buffer or a growing one.
trait Path<P> {
    /// The positions `0..=at`.
    fn line(&self, at: usize) -> &[P];
    /// Sets the position at `at` (at most one past the longest line so far).
    fn set(&mut self, at: usize, pos: P);
}

impl<P: Copy> Path<P> for [P] {
    #[inline]
    fn line(&self, at: usize) -> &[P] {
        &self[..=at]
    }
    #[inline]
    fn set(&mut self, at: usize, pos: P) {
        self[at] = pos;
    }
}

impl<P: Copy> Path<P> for Vec<P> {
    #[inline]
    fn line(&self, at: usize) -> &[P] {
        &self[..=at]
    }
    #[inline]
    fn set(&mut self, at: usize, pos: P) {
        if at == self.len() {
            self.push(pos);
        } else {
            self[at] = pos;
        }
    }
}

fn perft_memoryless<R: Ruleset>(rules: &R, pos: &R::Position, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = rules.legal_moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    // Each move counted by a step inlined at each call: the plain pits'
    // moves then known as plain (no chosen direction to look for).
    #[inline(always)]
    fn step<R: Ruleset>(rules: &R, pos: &R::Position, depth: usize, mv: Move) -> u64 {
        let mut next = *pos;
        rules.play_unchecked(&mut next, mv);
        // An end judged on the mover leaves no moves to count.
        if mover_ended(rules, Some(pos), &next).is_some() {
            return 0;
        }
        perft_memoryless(rules, &next, depth - 1)
    }
    let mut count = 0;
    if moves.has_directed() {
        for mv in moves {
            count += step(rules, pos, depth, mv);
        }
    } else {
        for index in moves.pit_set() {
            count += step(rules, pos, depth, Move::from_index(index));
        }
        if moves.is_pass() {
            count += step(rules, pos, depth, Move::Pass);
        }
    }
    count
}

/// `path.line(at)` holds the positions from the root to the current one.
fn perft_with_path<R: Ruleset, B: Path<R::Position> + ?Sized>(
    rules: &R,
    path: &mut B,
    at: usize,
    depth: usize,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let pos = path.line(at)[at];
    let moves = rules.legal_moves(&pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    // Each move counted by a step inlined at each call: the plain pits'
    // moves then known as plain (no chosen direction to look for).
    #[inline(always)]
    fn step<R: Ruleset, B: Path<R::Position> + ?Sized>(
        rules: &R,
        referee: &Referee,
        path: &mut B,
        at: usize,
        depth: usize,
        pos: &R::Position,
        mv: Move,
    ) -> u64 {
        let mut next = *pos;
        rules.play_unchecked(&mut next, mv);
        // A repeated position ends the game: it has no moves to count.
        if referee.repetition_ends_at(path.line(at), &next) || mover_ended(rules, Some(pos), &next).is_some()
        {
            return 0;
        }
        path.set(at + 1, next);
        perft_with_path(rules, path, at + 1, depth - 1)
    }
    let referee = Referee::new(rules, AgreementPolicy::Never);
    let mut count = 0;
    if moves.has_directed() {
        for mv in moves {
            count += step(rules, &referee, path, at, depth, &pos, mv);
        }
    } else {
        for index in moves.pit_set() {
            count += step(rules, &referee, path, at, depth, &pos, Move::from_index(index));
        }
        if moves.is_pass() {
            count += step(rules, &referee, path, at, depth, &pos, Move::Pass);
        }
    }
    count
}
