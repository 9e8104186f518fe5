//! Retrograde analysis from the command line: Tihbat solved, endgame tables
//! built, positions looked up.
//!
//! ```sh
//! # Tihbat solved for every start, 1 to 7 counters a pit: a markdown table.
//! cargo run --release --example solve -- tihbat
//! # One start: `value V` (South's total minus North's), then the best first moves.
//! cargo run --release --example solve -- tihbat --seeds 7
//! # An endgame table: every position with up to 18 seeds on the board (the
//! # default: 18 for Bohnenspiel and Djenon-aboure, 15 for Al-manqala), saved.
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
//! Options: `--seeds K` (Tihbat: the start with K counters a pit),
//! `--max-seeds K` (the table's largest board), `--out FILE` / `--in FILE`
//! (save or load a table), `--position POS` (repeatable), `--stdin` (one
//! position a line), `--threads N`, `--chain` (Tihbat's own-side chain
//! variant), `--hemprich` (Hemprich's Bohnenspiel).

use std::error::Error;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::time::Instant;

use mancala_rules::games::{AlManqala, Bohnenspiel, DjenonAboure, Tihbat};
use mancala_rules::solve::{BuildOptions, LevelProgress, Solvable, Table};
use mancala_rules::{Board, Ruleset};

#[derive(Debug, Default)]
struct Args {
    game: String,
    seeds: Option<u8>,
    max_seeds: Option<u32>,
    out: Option<String>,
    input: Option<String>,
    positions: Vec<String>,
    stdin: bool,
    threads: usize,
    chain: bool,
    hemprich: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args::default();
    let mut it = std::env::args().skip(1);
    let value = |it: &mut dyn Iterator<Item = String>, flag: &str| {
        it.next().ok_or_else(|| format!("{flag} needs a value"))
    };
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--seeds" => args.seeds = Some(value(&mut it, &arg)?.parse().map_err(|e| format!("{arg}: {e}"))?),
            "--max-seeds" => {
                args.max_seeds = Some(value(&mut it, &arg)?.parse().map_err(|e| format!("{arg}: {e}"))?)
            }
            "--threads" => args.threads = value(&mut it, &arg)?.parse().map_err(|e| format!("{arg}: {e}"))?,
            "--out" => args.out = Some(value(&mut it, &arg)?),
            "--in" => args.input = Some(value(&mut it, &arg)?),
            "--position" => args.positions.push(value(&mut it, &arg)?),
            "--stdin" => args.stdin = true,
            "--chain" => args.chain = true,
            "--hemprich" => args.hemprich = true,
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            game if args.game.is_empty() => args.game = game.to_string(),
            other => return Err(format!("unexpected argument '{other}'")),
        }
    }
    if args.game.is_empty() {
        return Err(
            "usage: solve GAME [--seeds K | --max-seeds K] [--out FILE | --in FILE] \
                    [--position POS]... [--stdin] [--threads N] [--chain] [--hemprich]\n\
                    GAME is tihbat, bohnenspiel, djenon-aboure or al-manqala"
                .into(),
        );
    }
    Ok(args)
}

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
        eprint!(
            "\r{label} [{}{}] {:>3} of {} seeds, {:>12} positions, {:>7.1} s",
            "#".repeat(filled),
            ".".repeat(width - filled.min(width)),
            p.seeds,
            p.max_seeds,
            p.done,
            started.elapsed().as_secs_f64()
        );
        if p.seeds == p.max_seeds {
            eprintln!();
        }
    }
}

fn build<R: Solvable>(rules: R, args: &Args, max_seeds: u32) -> Result<Table<R>, Box<dyn Error>> {
    if let Some(path) = &args.input {
        let started = Instant::now();
        let table = Table::read_from(rules, BufReader::new(File::open(path)?))?;
        eprintln!(
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
    eprintln!(
        "solved {}: {} positions (every board of up to {max_seeds} seeds, either player to move) in {:.3} s",
        rules.name(),
        table.len(),
        started.elapsed().as_secs_f64()
    );
    if let Some(path) = &args.out {
        let mut out = BufWriter::new(File::create(path)?);
        table.write_to(&mut out)?;
        out.flush()?;
        eprintln!("saved {path} ({} bytes of values)", table.len());
    }
    Ok(table)
}

/// Answers the questions: each position's value and best moves.
fn answer<R: Solvable>(table: &Table<R>, args: &Args) -> Result<(), Box<dyn Error>> {
    let mut questions = args.positions.clone();
    if args.stdin {
        for line in std::io::stdin().lock().lines() {
            let line = line?;
            if !line.trim().is_empty() {
                questions.push(line);
            }
        }
    }
    for text in questions {
        match text.parse::<R::Position>() {
            Err(e) => println!("{text}: {e}"),
            Ok(pos) => match (table.value(&pos), table.best_moves(&pos), table.move_values(&pos)) {
                (Some(value), Some(best), Some(moves)) => {
                    let moves: Vec<String> = moves.iter().map(|(m, v)| format!("{m}:{v}")).collect();
                    let south = if pos.to_move().index() == 0 { value } else { -value };
                    println!("{pos}");
                    println!("value {south}");
                    println!("mover {value}");
                    println!("best {best}");
                    println!("moves {}", moves.join(" "));
                }
                _ => println!(
                    "{pos}: more than {} seeds on the board: not in the table",
                    table.max_seeds()
                ),
            },
        }
    }
    Ok(())
}

fn tihbat(args: &Args) -> Result<(), Box<dyn Error>> {
    let rules = if args.chain {
        Tihbat::own_side_chain()
    } else {
        Tihbat::default()
    };
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
        let start = <Tihbat as Ruleset>::Position::filled(k);
        let (value, best) = table
            .value(&start)
            .zip(table.best_moves(&start))
            .ok_or("the start is not in the table")?;
        println!("value {value}");
        println!("best {best}");
    } else if !starts.is_empty() {
        println!("| counters a pit | counters | value (South − North) | best first moves | value of each first move |");
        println!("|---|---|---|---|---|");
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
            println!(
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

fn main() {
    let result = parse_args()
        .map_err(Box::<dyn Error>::from)
        .and_then(|args| match args.game.as_str() {
            "tihbat" => tihbat(&args),
            "bohnenspiel" => endgame(
                Bohnenspiel {
                    hemprich: args.hemprich,
                },
                &args,
                12,
            ),
            "djenon-aboure" => endgame(DjenonAboure, &args, 12),
            "al-manqala" => endgame(AlManqala, &args, 10),
            other => Err(format!("unknown game '{other}'").into()),
        });
    if let Err(e) = result {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}
