//! Random playouts of two games declared on a 2x10 board (20 pits): the
//! boards above 16 pits, which no shipped game has, for the speed of the
//! board's two-word form (BENCHMARKS.md):
//! `cargo run --release --example big_board -- [--game] GAME [--count] N`
//!
//! GAME is `oware-20` (Oware's rules, 4 seeds a pit) or `djenon-aboure-20`
//! (Djenon-aboure's relays, 3 seeds a pit); N is 1 to 10^12. Ends with
//! `N playouts, P plies in S s`. `--help` for the options.

#[macro_use]
mod common;

use std::time::Instant;

use mancala_rules::games::{DJENON_ABOURE, OWARE};
use mancala_rules::playout::{Playouts, SplitMix64};
use mancala_rules::{declare, AgreementPolicy, Rules, Ruleset};

declare!(
    Oware20,
    20,
    Rules {
        name: "oware-20",
        ..OWARE
    }
);
declare!(
    DjenonAboure20,
    20,
    Rules {
        name: "djenon-aboure-20",
        seeds: 3,
        ..DJENON_ABOURE
    }
);

#[inline(never)]
fn run<R: Ruleset>(rules: R, count: u64) {
    let start = rules.start();
    let mut playouts = Playouts::new(rules, AgreementPolicy::default());
    let mut rng = SplitMix64::new(1);
    let mut plies = 0u64;
    let clock = Instant::now();
    playouts.play_many(&start, count, &mut rng, |result| plies += u64::from(result.plies));
    let seconds = clock.elapsed().as_secs_f64();
    outln!("{count} playouts, {plies} plies in {seconds:.3} s");
}

const USAGE: &str = "\
usage: big_board [--game] GAME [--count] N

Plays N random games from the opening on one thread, on a 2x10 board.
  --game GAME   oware-20, djenon-aboure-20
  --count N     1 to 1000000000000
  -h, --help    this text";

/// The game and count of the command line, or the exit status to stop with.
fn parse(args: &[String]) -> Result<(String, u64), i32> {
    if args.iter().any(|arg| arg == "-h" || arg == "--help") {
        return Err(0);
    }
    let (mut game, mut count, mut positional) = (None, None, Vec::new());
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let (name, value) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value.to_string())),
            _ => (arg.as_str(), None),
        };
        match name {
            "--game" => game = value.or_else(|| args.next().cloned()),
            "--count" => count = value.or_else(|| args.next().cloned()),
            _ if name.starts_with('-') => return Err(2),
            _ => positional.push(arg.clone()),
        }
    }
    let mut positional = positional.into_iter();
    let game = game.or_else(|| positional.next()).ok_or(2)?;
    let count = count.or_else(|| positional.next()).ok_or(2)?;
    let count = count
        .parse()
        .ok()
        .filter(|n| (1..=1_000_000_000_000).contains(n))
        .ok_or(2)?;
    if positional.next().is_some() {
        return Err(2);
    }
    Ok((game, count))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let status = match parse(&args) {
        Ok((game, count)) => match game.as_str() {
            "oware-20" => return run(Oware20, count),
            "djenon-aboure-20" => return run(DjenonAboure20, count),
            _ => 2,
        },
        Err(status) => status,
    };
    if status == 0 {
        outln!("{USAGE}");
    } else {
        errln!("{USAGE}");
    }
    std::process::exit(status);
}
