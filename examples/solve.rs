//! Retrograde analysis from the command line: Tihbat solved, endgame tables
//! built, positions looked up.
//!
//! ```sh
//! # Tihbat solved for every start, 1 to 7 counters a pit: a markdown table.
//! cargo run --release --example solve -- tihbat
//! # One start: `value V` (South's total minus North's), then the best first moves.
//! cargo run --release --example solve -- tihbat --seeds 7
//! # An endgame table: every position with up to 18 seeds on the board (the
//! # default: 12 for Bohnenspiel and Djenon-aboure, 10 for Al-manqala), saved.
//! cargo run --release --example solve -- bohnenspiel --max-seeds 18 --out bohnenspiel-18.tbl
//! # Questions: the value and best moves of positions in standard notation.
//! cargo run --release --example solve -- bohnenspiel --in bohnenspiel-18.tbl \
//!     --position "0 0 0 0 1 2 | 1 0 3 0 0 1 30-34 S"
//! echo "1 2 | 3 0 10-12 N" | cargo run --release --example solve -- tihbat --stdin
//! ```
//!
//! For each position asked about it prints the position, `value V` (South's
//! final total minus North's under perfect play), `mover V` (the same for the
//! player to move), `best` (the best moves) and `moves` (each legal move with
//! its value for the player to move).
//!
//! Options: `--game GAME` (or GAME first), `--seeds K` (Tihbat: the start
//! with K counters a pit, 1 to 7), `--max-seeds K` (the table's largest
//! board: Tihbat 1 to 28, Bohnenspiel and Djenon-aboure 1 to 20, Al-manqala 1
//! to 16), `--out FILE` / `--in FILE` (save or load a table), `--position POS`
//! (repeatable), `--stdin` (one position a line), `--threads N` (0, every
//! core, up to the machine's cores), `--chain` (Tihbat's own-side chain
//! variant: the same as GAME `tihbat-chain`), `--hemprich` (Hemprich's
//! Bohnenspiel: the same as `bohnenspiel-hemprich`). `--help` prints them.
//! The other games (Oware, Kalah) have no solver yet: their names exit 2 with
//! the list of the games solve takes.

#[macro_use]
mod common;

use std::error::Error;
use std::fs::File;
use std::io::{BufReader, BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use common::SolveOptions as Args;
use mancala_rules::games::{AlManqala, Bohnenspiel, DjenonAboure, Tihbat};
use mancala_rules::solve::{BuildOptions, LevelProgress, Solvable, Table};
use mancala_rules::{Board, GameKind, Position, Ruleset};

/// The longest position line read from `--stdin` (longer ones are cut).
const MAX_QUESTION: usize = 4096;

/// A progress bar on stderr, one update per seed count (only on a terminal).
fn progress_bar(label: &str) -> impl FnMut(LevelProgress) + '_ {
    let started = Instant::now();
    let terminal = std::io::stderr().is_terminal();
    move |p: LevelProgress| {
        if !terminal {
            return;
        }
        let width = 40;
        let filled = (p.done as f64 / p.total.max(1) as f64 * width as f64) as usize;
        err!(
            "\r{label} [{}{}] {:>3} of {} seeds, {:>12} positions, {:>7.1} s",
            "#".repeat(filled),
            ".".repeat(width - filled.min(width)),
            p.seeds,
            p.max_seeds,
            p.done,
            started.elapsed().as_secs_f64()
        );
        if p.seeds == p.max_seeds {
            errln!();
        }
    }
}

fn build<R: Solvable>(rules: R, args: &Args, max_seeds: u32) -> Result<Table<R>, Box<dyn Error>> {
    if let Some(path) = &args.input {
        let started = Instant::now();
        let table = Table::read_from(rules, BufReader::new(File::open(path)?))?;
        errln!(
            "loaded {path}: {} positions, up to {} seeds, in {:.2} s",
            table.len(),
            table.max_seeds(),
            started.elapsed().as_secs_f64()
        );
        return Ok(table);
    }
    let options = BuildOptions {
        threads: args.threads,
        progress: rules.name().starts_with("tihbat"),
    };
    let started = Instant::now();
    let table = Table::build_with(rules, max_seeds, options, progress_bar(rules.name()))?;
    errln!(
        "solved {}: {} positions (every board of up to {max_seeds} seeds, either player to move) in {:.3} s",
        rules.name(),
        table.len(),
        started.elapsed().as_secs_f64()
    );
    if let Some(path) = &args.out {
        let mut out = BufWriter::new(File::create(path)?);
        table.write_to(&mut out)?;
        out.flush()?;
        errln!("saved {path} ({} bytes of values)", table.len());
    }
    Ok(table)
}

/// Answers the questions: each position's value and best moves.
fn answer<R: Solvable>(table: &Table<R>, args: &Args) -> Result<(), Box<dyn Error>> {
    let mut questions = args.positions.clone();
    if args.stdin {
        let mut stdin = std::io::stdin().lock();
        while let Some(line) = common::read_line_bounded(&mut stdin, MAX_QUESTION)? {
            if !line.trim().is_empty() {
                questions.push(line);
            }
        }
    }
    for text in questions {
        match text.parse::<R::Position>() {
            Err(e) => outln!("{text}: {e}"),
            Ok(pos) => match (table.value(&pos), table.best_moves(&pos), table.move_values(&pos)) {
                (Some(value), Some(best), Some(moves)) => {
                    let moves: Vec<String> = moves.iter().map(|(m, v)| format!("{m}:{v}")).collect();
                    let south = if pos.to_move().index() == 0 { value } else { -value };
                    outln!("{pos}");
                    outln!("value {south}");
                    outln!("mover {value}");
                    outln!("best {best}");
                    outln!("moves {}", moves.join(" "));
                }
                _ => outln!(
                    "{pos}: more than {} seeds on the board: not in the table",
                    table.max_seeds()
                ),
            },
        }
    }
    Ok(())
}

fn tihbat<R: Solvable<Position = Position<4>>>(rules: R, args: &Args) -> Result<(), Box<dyn Error>> {
    let max_seeds = args.max_seeds.unwrap_or(match args.seeds {
        Some(k) => 4 * u32::from(k),
        None => 28,
    });
    let table = build(rules, args, max_seeds)?;
    let starts: Vec<u8> = match args.seeds {
        Some(k) => vec![k],
        None if args.positions.is_empty() && !args.stdin => (1..=7).collect(),
        None => Vec::new(),
    };
    if let (Some(k), [_]) = (args.seeds, starts.as_slice()) {
        let start = Position::<4>::filled(k);
        let (value, best) = table
            .value(&start)
            .zip(table.best_moves(&start))
            .ok_or("the start is not in the table")?;
        outln!("value {value}");
        outln!("best {best}");
    } else if !starts.is_empty() {
        outln!("| counters a pit | counters | value (South − North) | best first moves | value of each first move |");
        outln!("|---|---|---|---|---|");
        for k in starts {
            let start = <Tihbat as Ruleset>::Position::filled(k);
            let (Some(value), Some(best), Some(moves)) = (
                table.value(&start),
                table.best_moves(&start),
                table.move_values(&start),
            ) else {
                continue;
            };
            let moves: Vec<String> = moves.iter().map(|(m, v)| format!("{m}: {v:+}")).collect();
            outln!(
                "| {k} | {} | {value:+} | {best} | {} |",
                4 * u32::from(k),
                moves.join(", ")
            );
        }
    }
    answer(&table, args)
}

fn endgame<R: Solvable>(rules: R, args: &Args, default_max: u32) -> Result<(), Box<dyn Error>> {
    let table = build(rules, args, args.max_seeds.unwrap_or(default_max))?;
    answer(&table, args)
}

fn main() -> ExitCode {
    let args = common::parse_or_exit("solve", &common::solve_usage(), common::parse_solve);
    // The parser has mapped --chain and --hemprich to the variants' names
    // and refused the games without a solver.
    let result = match args.game {
        Some(GameKind::Tihbat) => tihbat(Tihbat, &args),
        Some(GameKind::TihbatChain) => tihbat(Tihbat::own_side_chain(), &args),
        Some(GameKind::Bohnenspiel) => endgame(Bohnenspiel, &args, 12),
        Some(GameKind::BohnenspielHemprich) => endgame(Bohnenspiel::hemprich(), &args, 12),
        Some(GameKind::DjenonAboure) => endgame(DjenonAboure, &args, 12),
        Some(GameKind::AlManqala) => endgame(AlManqala, &args, 10),
        Some(_) | None => {
            errln!(
                "solve: no solver for this game; solve takes {}",
                common::solvable_games(0).replace('\n', " ")
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("solve: {e}");
            ExitCode::FAILURE
        }
    }
}
