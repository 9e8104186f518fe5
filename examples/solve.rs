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
//! # Written level by level as it is built when no question follows (no
//! # --position, no --stdin): no table is held in memory.
//! cargo run --release --example solve -- bohnenspiel --max-seeds 18 --out bohnenspiel-18.tbl
//! # Questions: the value and best moves of positions in standard notation.
//! cargo run --release --example solve -- bohnenspiel --in bohnenspiel-18.tbl \
//!     --position "0 0 0 0 1 2 | 1 0 3 0 0 1 30-10 S"
//! echo "1 2 | 3 0 10-12 N" | cargo run --release --example solve -- tihbat --stdin
//! ```
//!
//! The opening of any solvable game (Djenon-aboure, the six Kalah games of
//! 3 to 5 seeds a pit under both capture readings, ...), solved with a proof
//! certificate (see `mancala_rules::solve::proof`):
//!
//! ```sh
//! cargo run --release --example solve -- djenon-aboure --opening --proof dj.proof
//! cargo run --release --example solve -- djenon-aboure --verify dj.proof
//! # Kalah(6,4): a 22-seed table; about 43 minutes and 18 GB on two cores
//! cargo run --release --example solve -- kalah --opening --max-seeds 22 --threads 2 \
//!     --tt-memory 4096 --proof kalah.proof --verify kalah.proof
//! ```
//!
//! A build ends with a line on stderr: positions, bytes written, seconds and
//! the process's peak resident memory (`VmHWM` on Linux; "peak memory
//! unknown" elsewhere).
//!
//! For each position asked about it prints the position, `value V` (South's
//! final total minus North's under perfect play), `mover V` (the same for the
//! player to move), `best` (the best moves) and `moves` (each legal move with
//! its value for the player to move).
//!
//! Options: `--game GAME` (or GAME first), `--seeds K` (Tihbat: the start
//! with K counters a pit, 1 to 7), `--max-seeds K` (the table's largest
//! board: Tihbat 1 to 28, Bohnenspiel and Djenon-aboure 1 to 24, Al-manqala 1
//! to 20), `--out FILE` / `--in FILE` (save or load a table), `--position POS`
//! (repeatable), `--stdin` (one position a line), `--threads N` (0, every
//! core, up to the machine's cores), `--chain` (Tihbat's own-side chain
//! variant: the same as GAME `tihbat-chain`), `--hemprich` (Hemprich's
//! Bohnenspiel: the same as `bohnenspiel-hemprich`). `--help` prints them.
//! The other games (Oware) have no solver yet: their names exit 2 with the
//! list of the games solve takes.

#[macro_use]
mod common;
#[path = "solve/options.rs"]
mod options;

use std::error::Error;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use common::progress::{Progress, Ticker};
use mancala_rules::games::Tihbat;
use mancala_rules::solve::proof::{self, CheckedTable, ProofSettings, ProveProgress};
use mancala_rules::solve::{BuildOptions, LevelProgress, Solvable, Table};
use mancala_rules::{Board, Escaped, GameKind, Player, Position, Ruleset, WithRuleset};
use options::Options as Args;

/// The opening's options (any solvable game), beside the common ones.
const OPENING_USAGE: &str = "\
The opening (any game solve takes: djenon-aboure, kalah, kalah-3, ...),
solved with a proof certificate:
  --opening         solve the opening (with an endgame table of --max-seeds,
                    default 16): prints `value V` and `best M ...`; with
                    --in FILE, over the checked table FILE (one that an
                    earlier --proof wrote), not built again
  --proof FILE      with --opening: write the certificate to FILE and its
                    checked table to FILE.table
  --verify FILE     check FILE and FILE.table with the rules alone: prints
                    `verified value V`
  --tt-memory MB    with --opening: the transposition table the provers
                    share, in MiB (default 1024; a setting of speed, never
                    of the values); --threads N provers share the work
  --probe-above K   with --opening: children of more than K seeds on the
                    board have their table entries probed for the move
                    order (default: --max-seeds + 4; speed only)";

/// The longest position line read from `--stdin` (longer ones are cut).
const MAX_QUESTION: usize = 4096;

/// The build's progress on stderr (a bar on a terminal, a line every few
/// seconds elsewhere), updated once a seed count and redrawn in between, so
/// that a long level shows its clock.
fn progress_bar(label: &str) -> impl FnMut(LevelProgress) {
    let mut ticker = Ticker::new(Progress::new(format!("solve {label}")));
    move |p: LevelProgress| {
        let text = if p.seeds == p.max_seeds {
            format!("positions, {} seeds", p.max_seeds)
        } else {
            format!(
                "positions, {} of {} seeds, level {} running",
                p.seeds,
                p.max_seeds,
                p.seeds + 1
            )
        };
        if p.seeds == p.max_seeds {
            ticker.finish(p.done, Some(p.total), text);
        } else {
            ticker.update(p.done, Some(p.total), text);
        }
    }
}

/// The process's peak resident memory (`VmHWM`), where the system tells it.
fn peak_memory() -> String {
    let status = if cfg!(target_os = "linux") {
        std::fs::read_to_string("/proc/self/status").ok()
    } else {
        None
    };
    let kib = status.as_deref().and_then(|status| {
        let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse::<u64>().ok()
    });
    match kib {
        Some(kib) => format!("peak memory {:.1} MB", kib as f64 * 1024.0 / 1e6),
        None => "peak memory unknown".to_string(),
    }
}

/// The line that ends a build: positions, bytes written, time, peak memory.
fn build_summary(name: &str, positions: u64, bytes: Option<u64>, seconds: f64) {
    let bytes = bytes.map_or_else(|| "not saved".to_string(), |b| format!("{b} bytes written"));
    errln!(
        "built {name}: {positions} positions, {bytes}, {seconds:.3} s, {}",
        peak_memory()
    );
}

/// Builds the table, saving it with `--out`, or loads it with `--in`.
fn build<R: Solvable>(rules: R, args: &Args, max_seeds: u32) -> Result<Table<R>, Box<dyn Error>> {
    if let Some(path) = &args.input {
        let started = Instant::now();
        let table = Table::read_file(rules, path)?;
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
    let mut bytes = None;
    if let Some(path) = &args.out {
        let mut out = BufWriter::new(File::create(path)?);
        table.write_to(&mut out)?;
        out.flush()?;
        drop(out);
        bytes = Some(std::fs::metadata(path)?.len());
        errln!("saved {path} ({} bytes of values)", table.len());
    }
    build_summary(rules.name(), table.len(), bytes, started.elapsed().as_secs_f64());
    Ok(table)
}

/// Builds the table straight into the `--out` file, level by level, keeping
/// no table in memory (nothing is asked of it afterwards).
fn build_to_file<R: Solvable>(
    rules: R,
    args: &Args,
    max_seeds: u32,
    path: &str,
) -> Result<(), Box<dyn Error>> {
    let options = BuildOptions {
        threads: args.threads,
        progress: false,
    };
    let started = Instant::now();
    let out = BufWriter::new(File::create(path)?);
    let stats = match Table::build_to_writer(rules, max_seeds, options, out, progress_bar(rules.name())) {
        Ok(stats) => stats,
        Err(e) => {
            // A table cut short is no table: not left behind.
            let _ = std::fs::remove_file(path);
            return Err(e.into());
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    errln!(
        "solved {}: {} positions (every board of up to {max_seeds} seeds, either player to move) in {seconds:.3} s, written as built",
        rules.name(),
        stats.positions,
    );
    errln!("saved {path} ({} bytes of values)", stats.positions);
    build_summary(rules.name(), stats.positions, Some(stats.bytes), seconds);
    Ok(())
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
    let mut refused = 0usize;
    let asked = questions.len();
    for text in questions {
        // A position is answered only if it can belong to the game.
        let parsed = text
            .parse::<R::Position>()
            .map_err(|e| e.to_string())
            .and_then(|pos| {
                table
                    .rules()
                    .validate(&pos)
                    .map(|()| pos)
                    .map_err(|e| e.to_string())
            });
        match parsed {
            Err(e) => {
                outln!("{}: {e}", Escaped(&text));
                refused += 1;
            }
            Ok(pos) => match (table.value(&pos), table.move_values(&pos)) {
                (Some(value), Some(moves)) => {
                    let moves: Vec<String> = moves.iter().map(|(m, v)| format!("{m}:{v}")).collect();
                    let south = if pos.to_move().index() == 0 { value } else { -value };
                    outln!("{pos}");
                    outln!("value {south}");
                    outln!("mover {value}");
                    // A finished game has no best move.
                    match table.best_moves(&pos) {
                        Some(best) => outln!("best {best}"),
                        None => outln!("best none: the game is over"),
                    }
                    outln!("moves {}", moves.join(" "));
                }
                _ => outln!(
                    "{pos}: more than {} seeds on the board: not in the table",
                    table.max_seeds()
                ),
            },
        }
    }
    if refused > 0 {
        // Every other position was answered; the exit status says some were not.
        return Err(format!("{refused} of {asked} positions refused").into());
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

/// An endgame table of any solvable game: built, saved, loaded, asked.
struct Endgame<'a> {
    args: &'a Args,
    default_max: u32,
}

impl WithRuleset for Endgame<'_> {
    type Output = Result<(), Box<dyn Error>>;

    fn run<R: Solvable>(self, rules: R) -> Self::Output {
        endgame(rules, self.args, self.default_max)
    }
}

fn endgame<R: Solvable>(rules: R, args: &Args, default_max: u32) -> Result<(), Box<dyn Error>> {
    let max_seeds = args.max_seeds.unwrap_or(default_max);
    // Saved and not questioned: written as it is built, never held whole.
    if let (Some(path), None, true, false) = (&args.out, &args.input, args.positions.is_empty(), args.stdin) {
        return build_to_file(rules, args, max_seeds, path);
    }
    let table = build(rules, args, max_seeds)?;
    answer(&table, args)
}

/// The opening's options, taken out of the command line before the common
/// parser sees it: `--opening`, `--proof FILE`, `--verify FILE`,
/// `--tt-memory MB`, `--probe-above K`.
#[derive(Debug, Default)]
struct Opening {
    opening: bool,
    proof: Option<String>,
    verify: Option<String>,
    /// The prover's transposition table, in MiB.
    tt_memory: Option<usize>,
    /// The prover's children probed above this many seeds.
    probe_above: Option<u32>,
}

fn split_opening(args: Vec<String>) -> Result<(Vec<String>, Opening), String> {
    let mut rest = Vec::new();
    let mut opening = Opening::default();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--opening" => opening.opening = true,
            "--proof" | "--verify" => {
                let file = args.next().ok_or(format!("{arg} needs a FILE"))?;
                if arg == "--proof" {
                    opening.proof = Some(file);
                } else {
                    opening.verify = Some(file);
                }
            }
            "--tt-memory" | "--probe-above" => {
                let n = args.next().ok_or(format!("{arg} needs a number"))?;
                let bad = || format!("{arg}: {} is not a number", Escaped(&n));
                if arg == "--tt-memory" {
                    let mb: usize = n.parse().map_err(|_| bad())?;
                    if mb == 0 || mb > 1 << 20 {
                        return Err(format!("{arg}: {mb} MiB is not from 1 to 1048576"));
                    }
                    opening.tt_memory = Some(mb);
                } else {
                    opening.probe_above = Some(n.parse().map_err(|_| bad())?);
                }
            }
            _ => rest.push(arg),
        }
    }
    if opening.proof.is_some() && !opening.opening {
        return Err("--proof goes with --opening".into());
    }
    if (opening.tt_memory.is_some() || opening.probe_above.is_some()) && !opening.opening {
        return Err("--tt-memory and --probe-above go with --opening".into());
    }
    Ok((rest, opening))
}

/// The opening of any solvable game proved (`--opening`, `--proof`) and a
/// certificate checked (`--verify`), in that order when both are asked.
struct Proof<'a> {
    args: &'a Args,
    opening: &'a Opening,
}

impl WithRuleset for Proof<'_> {
    type Output = Result<(), Box<dyn Error>>;

    fn run<R: Solvable>(self, rules: R) -> Self::Output {
        if self.opening.opening {
            opening(rules, self.args, self.opening)?;
        }
        match &self.opening.verify {
            Some(path) => verify(rules, path),
            None => Ok(()),
        }
    }
}

/// The checked table that goes with a certificate file.
fn table_path(certificate: &str) -> String {
    format!("{certificate}.table")
}

/// The largest board of the table under the opening's proof.
const OPENING_TABLE: u32 = 16;

/// The prover's transposition table when `--tt-memory` is not given, MiB.
const OPENING_TT_MIB: usize = 1024;

/// A game's opening solved and proved: the table, the search, the
/// certificate (streamed to its file as it is written) and its checked
/// table, the values printed.
fn opening<R: Solvable>(rules: R, args: &Args, opening: &Opening) -> Result<(), Box<dyn Error>> {
    let started = Instant::now();
    let mut table = match &args.input {
        // A checked table written by an earlier --proof: no build.
        Some(path) => {
            // The settling order only to write another checked table.
            let kept = match opening.proof.as_deref() {
                Some(proof) => same_file(path, &table_path(proof)),
                None => true,
            };
            let table = if kept {
                CheckedTable::read_values_file(rules, path)?
            } else {
                CheckedTable::read_file(rules, path)?.into_table()
            };
            if args.max_seeds.is_some_and(|k| k != table.max_seeds()) {
                return Err(format!(
                    "{path} holds boards of up to {} seeds, not --max-seeds",
                    table.max_seeds()
                )
                .into());
            }
            errln!(
                "table: {} positions, up to {} seeds, read from {path} in {:.1} s",
                table.len(),
                table.max_seeds(),
                started.elapsed().as_secs_f64()
            );
            table
        }
        None => {
            let max_seeds = args.max_seeds.unwrap_or(OPENING_TABLE);
            // The settling order (four bytes a position) only for the
            // checked table.
            let options = BuildOptions {
                threads: args.threads,
                progress: opening.proof.is_some(),
            };
            let table = Table::build_with(rules, max_seeds, options, progress_bar(rules.name()))?;
            errln!(
                "table: {} positions, up to {max_seeds} seeds, in {:.1} s",
                table.len(),
                started.elapsed().as_secs_f64()
            );
            table
        }
    };
    // The checked table first, its order then freed for the search.
    if let Some(path) = &opening.proof {
        let tables = table_path(path);
        if args
            .input
            .as_deref()
            .is_some_and(|input| same_file(input, &tables))
        {
            errln!("{tables} is the table read: kept as it is");
        } else {
            let mut out = BufWriter::new(File::create(&tables)?);
            proof::write_checked_table(&table, &mut out)?;
            out.flush()?;
            drop(out);
            errln!("wrote {tables} ({} bytes)", std::fs::metadata(&tables)?.len());
        }
    }
    table.drop_settled_order();
    let searching = Instant::now();
    // Borrowed by the prover's callback while the prover lives.
    let progress = Mutex::new(Progress::new("proving"));
    let tt = opening.tt_memory.unwrap_or(OPENING_TT_MIB) << 20;
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let settings = ProofSettings::default()
        .with_threads(threads)
        .with_memory(tt)
        .with_probe_above(opening.probe_above);
    let report = |p: ProveProgress| {
        if let Ok(mut progress) = progress.try_lock() {
            progress.message(|| format!("{} positions searched, {} nodes", p.searched, p.nodes));
        }
    };
    let start = rules.start();
    let (written, stats) = match &opening.proof {
        Some(path) => {
            let mut out = WriterThread::create(path)?;
            let proved = proof::prove_opening(&table, &start, settings, report, &mut out)?;
            out.finish()?;
            proved
        }
        None => proof::prove_opening(&table, &start, settings, report, std::io::sink())?,
    };
    progress.lock().map_err(|_| "progress lock poisoned")?.end();
    errln!(
        "proved: {} positions searched, {} null-window tests, {} repetitions met, {} certificate nodes ({} bytes), in {:.1} s",
        stats.searched,
        stats.tests,
        stats.repetitions,
        written.nodes,
        written.bytes,
        searching.elapsed().as_secs_f64()
    );
    errln!(
        "transposition table: {} slots ({} MiB), {} probes, {} hits, {} replaced",
        stats.slots,
        tt >> 20,
        stats.probes,
        stats.hits,
        stats.replaced
    );
    if let Some(path) = &opening.proof {
        errln!("wrote {path} ({} bytes)", written.bytes);
    }
    let mut best = Vec::new();
    let mut each = Vec::new();
    for &(mv, v) in &written.moves {
        each.push(format!("{mv}: {v:+}"));
        if v == written.value {
            best.push(mv.to_string());
        }
    }
    debug_assert_eq!(start.to_move(), Player::South);
    errln!(
        "total {:.1} s, {}",
        started.elapsed().as_secs_f64(),
        peak_memory()
    );
    outln!("moves {}", each.join(", "));
    outln!("value {}", written.value);
    outln!("best {}", best.join(" "));
    Ok(())
}

/// A file written on a thread of its own, in blocks: the system's copy of
/// one block into the file runs beside the making of the next (the
/// certificate of Kalah(6,4) is 6 GB, written after the search).
struct WriterThread {
    block: Vec<u8>,
    blocks: Option<std::sync::mpsc::SyncSender<Vec<u8>>>,
    thread: Option<std::thread::JoinHandle<std::io::Result<()>>>,
}

impl WriterThread {
    /// The bytes of a block.
    const BLOCK: usize = 1 << 20;

    fn create(path: &str) -> std::io::Result<WriterThread> {
        let mut file = File::create(path)?;
        let (blocks, received) = std::sync::mpsc::sync_channel::<Vec<u8>>(4);
        let thread = std::thread::Builder::new().name("writer".into()).spawn(move || {
            for block in received {
                file.write_all(&block)?;
            }
            file.flush()
        })?;
        Ok(WriterThread {
            block: Vec::with_capacity(Self::BLOCK),
            blocks: Some(blocks),
            thread: Some(thread),
        })
    }

    /// Hands the block over; the thread's own error if it has stopped.
    fn send(&mut self) -> std::io::Result<()> {
        let block = std::mem::replace(&mut self.block, Vec::with_capacity(Self::BLOCK));
        let sent = self
            .blocks
            .as_ref()
            .is_some_and(|blocks| blocks.send(block).is_ok());
        if sent {
            return Ok(());
        }
        // The thread ends early only on an error.
        self.join()?;
        Err(std::io::Error::other("the writer thread has stopped"))
    }

    /// Waits for the thread: what it met, or an error if it stopped early.
    fn join(&mut self) -> std::io::Result<()> {
        self.blocks = None;
        let ended = self.thread.take().map(|thread| thread.join());
        match ended {
            Some(Ok(result)) => result,
            Some(Err(_)) => Err(std::io::Error::other("the writer thread panicked")),
            None => Err(std::io::Error::other("the writer thread has stopped")),
        }
    }

    /// Writes what is left and waits until every byte is written.
    fn finish(mut self) -> std::io::Result<()> {
        self.flush()?;
        self.join()
    }
}

impl Write for WriterThread {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.block.extend_from_slice(bytes);
        if self.block.len() >= Self::BLOCK {
            self.send()?;
        }
        Ok(bytes.len())
    }

    /// Hands the bytes so far over to the thread, without waiting for
    /// them: [`finish`](WriterThread::finish) waits.
    fn flush(&mut self) -> std::io::Result<()> {
        if self.block.is_empty() {
            return Ok(());
        }
        self.send()
    }
}

/// Whether two paths name one file: both exist and resolve to the same
/// canonical path.
fn same_file(a: &str, b: &str) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Checks a certificate and its table with the rules alone, the certificate
/// read node by node as it is checked.
fn verify<R: Solvable>(rules: R, path: &str) -> Result<(), Box<dyn Error>> {
    let started = Instant::now();
    let tables = table_path(path);
    let mut table = CheckedTable::read_file(rules, &tables)?;
    errln!(
        "read {tables}: {} positions, up to {} seeds, in {:.1} s",
        table.len(),
        table.max_seeds(),
        started.elapsed().as_secs_f64()
    );
    // The table and the certificate are checked at once, the certificate
    // on a thread of its own; its verdict counts once the table passes.
    let mut progress = Progress::new("checking the table and the certificate");
    let (root, verified) = proof::verify_certificate_and_table_file(&rules, path, &mut table, 0, |p| {
        progress.update(p.table.done, Some(p.table.total), || {
            format!("positions, {} certificate nodes", p.nodes)
        })
    })?;
    progress.end();
    if root != rules.start() {
        return Err(format!("the certificate is about {root}, not the opening").into());
    }
    errln!(
        "certificate checked: {} nodes, in {:.1} s in all, {}",
        verified.nodes,
        started.elapsed().as_secs_f64(),
        peak_memory()
    );
    for (mv, v) in &verified.moves {
        outln!("verified move {mv} value {v}");
    }
    outln!("verified value {}", verified.value);
    Ok(())
}

fn main() -> ExitCode {
    // The parser maps --chain and --hemprich to the variants' names and
    // refuses the games without a solver.
    let usage = options::usage();
    let (rest, opening_options) = match split_opening(common::process_args()) {
        Ok(split) => split,
        Err(e) => {
            errln!("solve: {e}\n\n{}", usage);
            return ExitCode::from(2);
        }
    };
    let args = match options::parse(&rest) {
        Ok(Some(args)) => args,
        Ok(None) => {
            outln!("{}", usage);
            outln!("{OPENING_USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            errln!("solve: {e}\n\n{}", usage);
            return ExitCode::from(2);
        }
    };
    let proving = opening_options.opening || opening_options.verify.is_some();
    let result = match args.game {
        // Any solvable game's opening: Djenon-aboure, Kalah and the rest.
        Some(kind) if proving && kind.solvable() => kind.with_ruleset(Proof {
            args: &args,
            opening: &opening_options,
        }),
        Some(GameKind::Tihbat) => tihbat(Tihbat, &args),
        Some(GameKind::TihbatChain) => tihbat(Tihbat::own_side_chain(), &args),
        // Every other game with table sizes, Kalah included.
        Some(kind) if kind.solvable() => kind.with_ruleset(Endgame {
            args: &args,
            default_max: kind.table_seeds().map_or(0, |seeds| seeds.default),
        }),
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
