//! Random playouts from the opening, on one thread:
//! `cargo run --release --example playouts -- GAME N [SEED]`
//!
//! Ends with exactly `N playouts, P plies in S s (R playouts/s, Q plies/s)`.
//! GAME is `bohnenspiel`, `djenon-aboure`, `tihbat`, `al-manqala` or `oware`.
//! Al-manqala's players agree to split on a position's third occurrence.
//! Games run [`LANES`](mancala_rules::playout::LANES) side by side
//! ([`Playouts::play_many`]).

use std::process::ExitCode;
use std::time::Instant;

use mancala_rules::games::{AlManqala, Bohnenspiel, DjenonAboure, Tihbat};
use mancala_rules::oware::Oware;
use mancala_rules::playout::{Playouts, SplitMix64};
use mancala_rules::{AgreementPolicy, GameKind, Ruleset};

fn run<R: Ruleset + Default>(count: u64, seed: u64) {
    let rules = R::default();
    let start = rules.start();
    let mut playouts = Playouts::new(rules, AgreementPolicy::default());
    let mut rng = SplitMix64::new(seed);
    let mut wins = [0u64; 3];
    let clock = Instant::now();
    let mut plies = 0u64;
    playouts.play_many(&start, count, &mut rng, |result| {
        plies += u64::from(result.plies);
        wins[result.outcome.and_then(|o| o.winner()).map_or(2, |w| w.index())] += 1;
    });
    let seconds = clock.elapsed().as_secs_f64().max(1e-9);
    println!("South {} North {} draws {}", wins[0], wins[1], wins[2]);
    println!(
        "{count} playouts, {plies} plies in {seconds:.3} s ({:.0} playouts/s, {:.0} plies/s)",
        count as f64 / seconds,
        plies as f64 / seconds
    );
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(game), Some(count)) = (args.first(), args.get(1)) else {
        eprintln!("usage: playouts GAME N [SEED]");
        return ExitCode::FAILURE;
    };
    let Ok(count) = count.parse::<u64>() else {
        eprintln!("N must be a whole number");
        return ExitCode::FAILURE;
    };
    let seed = match args.get(2).map(|s| s.parse::<u64>()) {
        None => 1,
        Some(Ok(seed)) => seed,
        Some(Err(_)) => {
            eprintln!("SEED must be a whole number");
            return ExitCode::FAILURE;
        }
    };
    if game.eq_ignore_ascii_case("oware") {
        run::<Oware>(count, seed);
        return ExitCode::SUCCESS;
    }
    match game.parse::<GameKind>() {
        Ok(GameKind::Bohnenspiel) => run::<Bohnenspiel>(count, seed),
        Ok(GameKind::DjenonAboure) => run::<DjenonAboure>(count, seed),
        Ok(GameKind::Tihbat) => run::<Tihbat>(count, seed),
        Ok(GameKind::AlManqala) => run::<AlManqala>(count, seed),
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
