//! Random Oware playouts through mancala-rules' `Oware` and through the
//! `board-game` crate's `OwareBoard<6>`, in one criterion run on the same
//! machine: `cargo bench -p mancala-peer-bench`.
//!
//! Both sides play whole games from the opening with uniformly random legal
//! moves drawn from the same SplitMix64 generator. The rule sets differ in two
//! end rules, neither in our favour:
//! - mancala-rules ends a game when a position repeats since the last capture
//!   (OpenSpiel's rule), which costs it a history check on every ply;
//!   board-game has no repetition rule and instead ends a game left with two
//!   lone seeds that can only chase each other.
//! - When the mover cannot feed a starved opponent, board-game ends the game
//!   right after the move that starved them and mancala-rules at the start of
//!   the next turn; the outcome is the same.
//!
//! Games differ in length, so the figures to compare are plies per second
//! (criterion's throughput is set to the plies of each batch, measured first).
//!
//! Each engine is measured twice: one game at a time, and two games side by
//! side (stepped in turn, so that the processor overlaps their dependency
//! chains): mancala-rules through `Playouts::play_many`, board-game through
//! the same two-lane loop written here around its public API.

use std::hint::black_box;

use board_game::board::Board;
use board_game::games::oware::OwareBoard;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mancala_rules::oware::Oware;
use mancala_rules::playout::{Playouts, SplitMix64};
use mancala_rules::{AgreementPolicy, Ruleset};

const GAMES: u64 = 200;

/// One random move on a board-game board; false when its game is over.
#[inline]
fn peer_step(board: &mut OwareBoard<6>, rng: &mut SplitMix64) -> bool {
    if board.is_done() {
        return false;
    }
    // What board-game's own `available_moves` iterator does, collected.
    let mut moves = [0usize; 6];
    let mut count = 0;
    for mv in 0..6 {
        if board.is_available_move(mv) == Ok(true) {
            moves[count] = mv;
            count += 1;
        }
    }
    board.play(moves[rng.below(count)]).expect("available");
    true
}

/// One random game through board-game; returns its plies.
fn peer_playout(rng: &mut SplitMix64) -> u64 {
    let mut board = OwareBoard::<6>::default();
    let mut plies = 0;
    while peer_step(&mut board, rng) {
        plies += 1;
    }
    plies
}

/// `games` random games through board-game, two side by side (the same
/// scheme as `Playouts::play_many`); returns their plies.
fn peer_side_by_side(games: u64, rng: &mut SplitMix64) -> u64 {
    let mut lanes = [(), ()].map(|_| (OwareBoard::<6>::default(), SplitMix64::new(rng.next_u64())));
    let (mut started, mut finished, mut plies) = (2, 0, 0);
    let mut active = [true, true];
    while finished < games {
        for (lane, (board, rng)) in lanes.iter_mut().enumerate() {
            if !active[lane] {
                continue;
            }
            if peer_step(board, rng) {
                plies += 1;
            } else {
                finished += 1;
                if started < games {
                    started += 1;
                    *board = OwareBoard::default();
                } else {
                    active[lane] = false;
                }
            }
        }
    }
    plies
}

fn ours(playouts: &mut Playouts<Oware>, start: &<Oware as Ruleset>::Position, rng: &mut SplitMix64) -> u64 {
    u64::from(playouts.play(start, rng).plies)
}

fn bench(c: &mut Criterion) {
    let start = Oware.start();
    let mut playouts = Playouts::new(Oware, AgreementPolicy::Never);
    // Plies in one batch of GAMES playouts from a fixed seed, for throughput.
    let our_plies: u64 = {
        let mut rng = SplitMix64::new(1);
        (0..GAMES).map(|_| ours(&mut playouts, &start, &mut rng)).sum()
    };
    let peer_plies: u64 = {
        let mut rng = SplitMix64::new(1);
        (0..GAMES).map(|_| peer_playout(&mut rng)).sum()
    };
    println!("plies per {GAMES} playouts: mancala-rules {our_plies}, board-game {peer_plies}");
    let mut group = c.benchmark_group("oware_random_playouts");
    group.throughput(Throughput::Elements(our_plies));
    group.bench_function("mancala-rules Oware", |b| {
        b.iter(|| {
            let mut rng = SplitMix64::new(1);
            for _ in 0..GAMES {
                black_box(ours(&mut playouts, &start, &mut rng));
            }
        })
    });
    group.throughput(Throughput::Elements(peer_plies));
    group.bench_function("board-game OwareBoard<6>", |b| {
        b.iter(|| {
            let mut rng = SplitMix64::new(1);
            for _ in 0..GAMES {
                black_box(peer_playout(&mut rng));
            }
        })
    });

    // Two games side by side, each engine.
    let ours_side_by_side = |playouts: &mut Playouts<Oware>| {
        let mut plies = 0;
        playouts.play_many(&start, GAMES, &mut SplitMix64::new(1), |game| {
            plies += u64::from(game.plies)
        });
        plies
    };
    let our_plies = ours_side_by_side(&mut playouts);
    let peer_plies = peer_side_by_side(GAMES, &mut SplitMix64::new(1));
    println!("plies per {GAMES} side-by-side playouts: mancala-rules {our_plies}, board-game {peer_plies}");
    group.throughput(Throughput::Elements(our_plies));
    group.bench_function("mancala-rules Oware, 2 side by side", |b| {
        b.iter(|| black_box(ours_side_by_side(&mut playouts)))
    });
    group.throughput(Throughput::Elements(peer_plies));
    group.bench_function("board-game OwareBoard<6>, 2 side by side", |b| {
        b.iter(|| black_box(peer_side_by_side(GAMES, &mut SplitMix64::new(1))))
    });
    group.finish();
}

criterion_group!(peer, bench);
criterion_main!(peer);
