//! The move-generation hot path: legal moves and move application on
//! mid-game positions of every game, and random playouts from the opening.
//!
//! `cargo bench --bench movegen`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mancala_rules::games::{AlManqala, Bohnenspiel, DjenonAboure, Tihbat};
use mancala_rules::{AgreementPolicy, Game, Move, Ruleset};

/// SplitMix64: a tiny seeded generator, so the benches need no extra crate.
struct SplitMix(u64);

impl SplitMix {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// Mid-game positions: 16 random games, each stopped after 10 to 30 plies.
fn mid_game_positions<R: Ruleset + Default>() -> Vec<R::Position> {
    let mut rng = SplitMix(7);
    let mut positions = Vec::new();
    while positions.len() < 16 {
        let mut game = Game::<R>::default();
        let plies = 10 + rng.below(21);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves.nth_move(rng.below(moves.len())).unwrap_or(Move::Pass);
            let _ = game.play(mv);
        }
        if !game.is_over() {
            positions.push(*game.position());
        }
    }
    positions
}

/// Plays one random game from the opening; returns its plies.
fn playout<R: Ruleset + Default>(rng: &mut SplitMix) -> u64 {
    let mut game = Game::<R>::default();
    let mut plies = 0;
    loop {
        game.apply_policy(AgreementPolicy::default());
        let moves = game.legal_moves();
        if moves.is_empty() || plies >= 10_000 {
            return plies;
        }
        let mv = moves.nth_move(rng.below(moves.len())).unwrap_or(Move::Pass);
        let _ = game.play(mv);
        plies += 1;
    }
}

fn bench_game<R: Ruleset + Default>(c: &mut Criterion) {
    let rules = R::default();
    let positions = mid_game_positions::<R>();
    let mut group = c.benchmark_group(rules.name());
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            for pos in &positions {
                black_box(rules.legal_moves(black_box(pos)));
            }
        })
    });
    group.bench_function("legal_moves+apply", |b| {
        b.iter(|| {
            for pos in &positions {
                for mv in rules.legal_moves(pos) {
                    let mut next = *pos;
                    black_box(rules.apply(&mut next, mv));
                }
            }
        })
    });
    group.throughput(Throughput::Elements(1));
    group.bench_function("random_playout", |b| {
        let mut rng = SplitMix(42);
        b.iter(|| black_box(playout::<R>(&mut rng)))
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_game::<Bohnenspiel>(c);
    bench_game::<DjenonAboure>(c);
    bench_game::<Tihbat>(c);
    bench_game::<AlManqala>(c);
}

criterion_group!(movegen, benches);
criterion_main!(movegen);
