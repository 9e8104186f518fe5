//! The move-generation hot path of every game and of Oware (assembled from
//! the primitives): legal-move generation and move application on a fixed
//! set of mid-game positions, perft from the opening at a fixed depth, and
//! random playouts from the opening.
//!
//! `cargo bench --bench movegen` (criterion reports plies, nodes or
//! playouts per second as "elem/s").

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mancala_rules::games::{AlManqala, Bohnenspiel, DjenonAboure, Tihbat};
use mancala_rules::oware::Oware;
use mancala_rules::playout::{Playouts, SplitMix64};
use mancala_rules::{perft, AgreementPolicy, Game, Ruleset};

/// 64 mid-game positions: random games from the opening, each stopped
/// after 10 to 30 plies (games that end sooner are skipped).
fn mid_game_positions<R: Ruleset + Default>() -> Vec<R::Position> {
    let mut rng = SplitMix64::new(7);
    let mut positions = Vec::new();
    while positions.len() < 64 {
        let mut game = Game::<R>::default();
        let plies = 10 + rng.below(21);
        for _ in 0..plies {
            match rng.choose(game.legal_moves()) {
                Some(mv) => game.play(mv).expect("a listed move is legal"),
                None => break,
            };
        }
        if !game.is_over() {
            positions.push(*game.position());
        }
    }
    positions
}

fn bench_game<R: Ruleset + Default>(c: &mut Criterion, perft_depth: u32) {
    let rules = R::default();
    let positions = mid_game_positions::<R>();
    let moves: u64 = positions
        .iter()
        .map(|pos| rules.legal_moves(pos).len() as u64)
        .sum();
    let mut group = c.benchmark_group(rules.name());

    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves (positions/s)", |b| {
        b.iter(|| {
            for pos in &positions {
                black_box(rules.legal_moves(black_box(pos)));
            }
        })
    });

    group.throughput(Throughput::Elements(moves));
    group.bench_function("apply every legal move (moves/s)", |b| {
        b.iter(|| {
            for pos in &positions {
                for mv in rules.legal_moves(pos) {
                    let mut next = *pos;
                    black_box(rules.play_unchecked(&mut next, mv));
                }
            }
        })
    });

    let start = rules.start();
    group.throughput(Throughput::Elements(perft(&rules, &start, perft_depth)));
    group.bench_function(format!("perft {perft_depth} (leaves/s)"), |b| {
        b.iter(|| black_box(perft(&rules, black_box(&start), perft_depth)))
    });

    // Random playouts: criterion's figure is plies per second (the plies of
    // a fixed batch are counted first); playouts/s = that / mean plies.
    // One game at a time (`play`), then side by side (`play_many`).
    const BATCH: u64 = 100;
    let mut playouts = Playouts::new(rules, AgreementPolicy::default());
    let plies: u64 = {
        let mut rng = SplitMix64::new(42);
        (0..BATCH)
            .map(|_| u64::from(playouts.play(&start, &mut rng).plies))
            .sum()
    };
    group.throughput(Throughput::Elements(plies));
    group.bench_function(format!("{BATCH} random playouts one by one (plies/s)"), |b| {
        b.iter(|| {
            let mut rng = SplitMix64::new(42);
            for _ in 0..BATCH {
                black_box(playouts.play(&start, &mut rng));
            }
        })
    });
    let side_by_side = |playouts: &mut Playouts<R>| {
        let mut plies = 0;
        playouts.play_many(&start, BATCH, &mut SplitMix64::new(42), |game| {
            plies += u64::from(game.plies)
        });
        plies
    };
    let plies_side_by_side = side_by_side(&mut playouts);
    println!(
        "{}: {BATCH} playouts = {plies} plies one by one, {plies_side_by_side} side by side",
        rules.name()
    );
    group.throughput(Throughput::Elements(plies_side_by_side));
    group.bench_function(format!("{BATCH} random playouts side by side (plies/s)"), |b| {
        b.iter(|| black_box(side_by_side(&mut playouts)))
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_game::<Bohnenspiel>(c, 7);
    bench_game::<DjenonAboure>(c, 7);
    bench_game::<Tihbat>(c, 18);
    bench_game::<AlManqala>(c, 6);
    bench_game::<Oware>(c, 7);
}

criterion_group! {
    name = movegen;
    config = Criterion::default().sample_size(30);
    targets = benches
}
criterion_main!(movegen);
