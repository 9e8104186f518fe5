//! Perft from the opening: `cargo run --release --example perft -- GAME DEPTH`
//!
//! Prints `depth D nodes N` for D = 1..DEPTH, then
//! `perft DEPTH: N nodes in S s (R nodes/s)` for the deepest count alone.
//! GAME is `bohnenspiel`, `djenon-aboure`, `tihbat`, `al-manqala` or `oware`.

use std::process::ExitCode;
use std::time::Instant;

use mancala_rules::games::{AlManqala, Bohnenspiel, DjenonAboure, Tihbat};
use mancala_rules::oware::Oware;
use mancala_rules::{perft, GameKind, Ruleset};

fn run<R: Ruleset + Default>(depth: u32) {
    let rules = R::default();
    let start = rules.start();
    for d in 1..depth {
        println!("depth {d} nodes {}", perft(&rules, &start, d));
    }
    let clock = Instant::now();
    let nodes = perft(&rules, &start, depth);
    let seconds = clock.elapsed().as_secs_f64();
    println!("depth {depth} nodes {nodes}");
    println!(
        "perft {depth}: {nodes} nodes in {seconds:.3} s ({:.0} nodes/s)",
        nodes as f64 / seconds.max(1e-9)
    );
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(game), Some(depth)) = (args.first(), args.get(1)) else {
        eprintln!("usage: perft GAME DEPTH");
        return ExitCode::FAILURE;
    };
    let depth: u32 = match depth.parse() {
        Ok(depth) if depth >= 1 => depth,
        _ => {
            eprintln!("DEPTH must be a whole number from 1");
            return ExitCode::FAILURE;
        }
    };
    if game.eq_ignore_ascii_case("oware") {
        run::<Oware>(depth);
        return ExitCode::SUCCESS;
    }
    match game.parse::<GameKind>() {
        Ok(GameKind::Bohnenspiel) => run::<Bohnenspiel>(depth),
        Ok(GameKind::DjenonAboure) => run::<DjenonAboure>(depth),
        Ok(GameKind::Tihbat) => run::<Tihbat>(depth),
        Ok(GameKind::AlManqala) => run::<AlManqala>(depth),
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
