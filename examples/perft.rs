//! Perft from the opening:
//! `cargo run --release --example perft -- [--game] GAME [--depth] DEPTH`
//!
//! Prints `depth D nodes N` for D = 1..DEPTH, then
//! `perft DEPTH: N nodes in S s (R nodes/s)` for the deepest count alone.
//! GAME is `bohnenspiel`, `djenon-aboure`, `tihbat`, `al-manqala` or `oware`;
//! DEPTH is 1 to 64. `--help` for the options.

#[macro_use]
mod common;

use std::time::Instant;

use common::AnyRules;
use mancala_rules::games::{AlManqala, Bohnenspiel, DjenonAboure, Tihbat};
use mancala_rules::oware::Oware;
use mancala_rules::{perft, GameKind, Ruleset};

fn run<R: Ruleset + Default>(depth: u32) {
    let rules = R::default();
    let start = rules.start();
    for d in 1..depth {
        outln!("depth {d} nodes {}", perft(&rules, &start, d));
    }
    let clock = Instant::now();
    let nodes = perft(&rules, &start, depth);
    let seconds = clock.elapsed().as_secs_f64();
    outln!("depth {depth} nodes {nodes}");
    outln!(
        "perft {depth}: {nodes} nodes in {seconds:.3} s ({:.0} nodes/s)",
        nodes as f64 / seconds.max(1e-9)
    );
}

fn main() {
    let opts = common::parse_or_exit("perft", common::PERFT_USAGE, common::parse_perft);
    match opts.rules {
        AnyRules::Oware => run::<Oware>(opts.depth),
        AnyRules::Game(GameKind::Bohnenspiel) => run::<Bohnenspiel>(opts.depth),
        AnyRules::Game(GameKind::DjenonAboure) => run::<DjenonAboure>(opts.depth),
        AnyRules::Game(GameKind::Tihbat) => run::<Tihbat>(opts.depth),
        AnyRules::Game(GameKind::AlManqala) => run::<AlManqala>(opts.depth),
    }
}
