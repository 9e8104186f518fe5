//! Random playouts from the opening, on one thread:
//! `cargo run --release --example playouts -- [--game] GAME [--count] N [[--seed] SEED]`
//!
//! Ends with exactly `N playouts, P plies in S s (R playouts/s, Q plies/s)`
//! on stdout. A run longer than 3 s shows its progress on stderr (a bar on a
//! terminal, a line every 5 s elsewhere).
//! GAME is any shipped game or variant (`bohnenspiel`, ..., `oware`, `kalah`);
//! N is 1 to 10^12 (the games stream: memory does not grow with N).
//! Al-manqala's players agree to split on a position's third occurrence.
//! Games run [`LANES`](mancala_rules::playout::LANES) side by side
//! ([`Playouts::play_many`]). `--help` for the options.

#[macro_use]
mod common;
#[path = "playouts/options.rs"]
mod options;

use std::time::{Duration, Instant};

use common::progress::Progress;

use mancala_rules::playout::{Playouts, SplitMix64};
use mancala_rules::{AgreementPolicy, Ruleset, WithRuleset};

/// A run shorter than this shows no progress.
const PROGRESS_AFTER: Duration = Duration::from_secs(3);

struct Run {
    count: u64,
    seed: u64,
}

impl WithRuleset for Run {
    type Output = ();
    fn run<R: Ruleset>(self, rules: R) {
        run(rules, self.count, self.seed);
    }
}

// Its own function for each game, not inlined into the dispatch over every
// game (one huge function optimises worse).
#[inline(never)]
fn run<R: Ruleset>(rules: R, count: u64, seed: u64) {
    let start = rules.start();
    let mut playouts = Playouts::new(rules, AgreementPolicy::default());
    let mut rng = SplitMix64::new(seed);
    let mut wins = [0u64; 3];
    let clock = Instant::now();
    let mut plies = 0u64;
    // Only a long run shows its progress (after PROGRESS_AFTER), and the
    // clock is read once every 4096 playouts.
    let mut progress = Progress::new("playouts").after(PROGRESS_AFTER);
    let mut done = 0u64;
    playouts.play_many(&start, count, &mut rng, |result| {
        plies += u64::from(result.plies);
        wins[result.outcome.and_then(|o| o.winner()).map_or(2, |w| w.index())] += 1;
        done += 1;
        if done % 4096 == 0 {
            progress.update(done, Some(count), || format!("playouts, {plies} plies"));
        }
    });
    progress.finish(done, Some(count), || format!("playouts, {plies} plies"));
    let seconds = clock.elapsed().as_secs_f64().max(1e-9);
    outln!("South {} North {} draws {}", wins[0], wins[1], wins[2]);
    outln!(
        "{count} playouts, {plies} plies in {seconds:.3} s ({:.0} playouts/s, {:.0} plies/s)",
        count as f64 / seconds,
        plies as f64 / seconds
    );
}

fn main() {
    let opts = common::parse_or_exit("playouts", &options::usage(), options::parse);
    let (count, seed) = (opts.count, opts.seed);
    opts.rules.with_ruleset(Run { count, seed });
}
