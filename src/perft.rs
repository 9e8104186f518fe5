//! Perft: counting move sequences, the standard check of a move generator.

use crate::game::repeats;
use crate::ruleset::{Repetition, Ruleset};

/// Path lengths up to this use a stack buffer; deeper perfts use one heap buffer.
const STACK_PATH: usize = 128;

/// The number of legal move sequences of exactly `depth` moves from `pos`
/// (the leaves of the game tree cut at `depth`).
///
/// A finished game has no moves, so a path that ends early counts nothing;
/// `pass` is a move. Rules that depend on history apply along each path as
/// in a real game: with a [`Repetition`] rule (Tihbat) a move that
/// repeats a position of the path (from `pos` on) ends the game there. An
/// agreement to split is not a move and is never made. No heap allocation
/// for `depth <= 128`.
///
/// ```
/// use mancala_rules::games::Bohnenspiel;
/// use mancala_rules::{perft, Ruleset};
///
/// let rules = Bohnenspiel::default();
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
        perft_with_path(rules, &mut path, 0, depth)
    } else {
        let mut path = vec![*pos; depth + 1];
        perft_with_path(rules, &mut path, 0, depth)
    }
}

fn perft_memoryless<R: Ruleset>(rules: &R, pos: &R::Position, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = rules.legal_moves(pos);
    match depth {
        1 => moves.len() as u64,
        _ => moves
            .into_iter()
            .map(|mv| {
                let mut next = *pos;
                rules.apply(&mut next, mv);
                perft_memoryless(rules, &next, depth - 1)
            })
            .sum(),
    }
}

/// `path[..=at]` holds the positions from the root to the current one.
fn perft_with_path<R: Ruleset>(rules: &R, path: &mut [R::Position], at: usize, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let pos = path[at];
    let moves = rules.legal_moves(&pos);
    match depth {
        1 => moves.len() as u64,
        _ => {
            let mut count = 0;
            for mv in moves {
                let mut next = pos;
                rules.apply(&mut next, mv);
                // A repeated position ends the game: it has no moves to count.
                if !repeats(&path[..=at], &next) {
                    path[at + 1] = next;
                    count += perft_with_path(rules, path, at + 1, depth - 1);
                }
            }
            count
        }
    }
}
