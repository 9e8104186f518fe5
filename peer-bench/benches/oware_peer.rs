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

use std::hint::black_box;

use board_game::board::Board;
use board_game::games::oware::OwareBoard;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mancala_rules::oware::Oware;
use mancala_rules::playout::{Playouts, SplitMix64};
use mancala_rules::{AgreementPolicy, Ruleset};

const GAMES: u64 = 200;

/// One random game through board-game; returns its plies.
fn peer_playout(rng: &mut SplitMix64) -> u64 {
    let mut board = OwareBoard::<6>::default();
    let mut plies = 0;
    let mut moves = [0usize; 6];
    while !board.is_done() {
        let mut count = 0;
        // What board-game's own `available_moves` iterator does, collected.
        for mv in 0..6 {
            if board.is_available_move(mv) == Ok(true) {
                moves[count] = mv;
                count += 1;
            }
        }
        board.play(moves[rng.below(count)]).expect("available");
        plies += 1;
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
    group.finish();
}

criterion_group!(peer, bench);
criterion_main!(peer);
