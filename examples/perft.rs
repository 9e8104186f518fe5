//! Perft from the opening:
//! `cargo run --release --example perft -- [--game] GAME [--depth] DEPTH`
//!
//! Prints `depth D nodes N` for D = 1..DEPTH, then
//! `perft DEPTH: N nodes in S s (R nodes/s)` for the deepest count alone.
//! GAME is any shipped game or variant (`bohnenspiel`, ..., `oware`, `kalah`);
//! DEPTH is 1 to 64. `--help` for the options.

#[macro_use]
mod common;
#[path = "perft/options.rs"]
mod options;

use std::time::Instant;

use mancala_rules::{perft, Ruleset, WithRuleset};

struct Run(u32);

impl WithRuleset for Run {
    type Output = ();
    fn run<R: Ruleset>(self, rules: R) {
        run(rules, self.0);
    }
}

// Its own function for each game, not inlined into the dispatch over every
// game (one huge function optimises worse).
#[inline(never)]
fn run<R: Ruleset>(rules: R, depth: u32) {
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
    let opts = common::parse_or_exit("perft", &options::usage(), options::parse);
    opts.rules.with_ruleset(Run(opts.depth));
}
