//! What the examples share: one command-line style, and output that ends
//! quietly when its reader goes away.
//!
//! Every example takes `--name VALUE` (or `--name=VALUE`) options, switches
//! such as `--auto`, and the positional shorthands its documentation shows
//! (`perft GAME DEPTH` is `perft --game GAME --depth DEPTH`). `--help` or
//! `-h` prints the usage on standard output and exits 0; a bad argument
//! prints the error and the usage on standard error and exits 2. Every
//! number is checked against a range, and the error names it.
//!
//! The parsers are pure functions of the argument list (`tests/examples_cli.rs`
//! runs them on arbitrary lists), and each example calls one through
//! [`parse_or_exit`].

// Each example uses only its own parser.
#![allow(dead_code)]

use std::fmt;
use std::io::{self, BufRead, Write};
use std::ops::RangeInclusive;
use std::time::Duration;

use mancala_rules::search::MAX_DEPTH;
use mancala_rules::GameKind;

// ---------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------

/// Writes to standard output; a closed pipe ends the program quietly (status
/// 0), any other write error with a message (status 1).
pub fn write_out(args: fmt::Arguments<'_>, newline: bool) {
    let mut out = io::stdout().lock();
    let written = out.write_fmt(args).and_then(|()| {
        if newline {
            out.write_all(b"\n")
        } else {
            out.flush()
        }
    });
    if let Err(e) = written {
        exit_on_output_error(&e);
    }
}

/// Ends the program after a failed write to standard output.
pub fn exit_on_output_error(e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    write_err(format_args!("cannot write the output: {e}"), true);
    std::process::exit(1);
}

/// Writes to standard error, ignoring failures (there is nowhere left to
/// report them).
pub fn write_err(args: fmt::Arguments<'_>, newline: bool) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| {
        if newline {
            err.write_all(b"\n")
        } else {
            err.flush()
        }
    });
}

/// `println!` that ends quietly on a closed pipe.
#[allow(unused_macros)]
macro_rules! outln {
    () => { $crate::common::write_out(format_args!(""), true) };
    ($($arg:tt)*) => { $crate::common::write_out(format_args!($($arg)*), true) };
}

/// `print!` (flushed) that ends quietly on a closed pipe.
#[allow(unused_macros)]
macro_rules! out {
    ($($arg:tt)*) => { $crate::common::write_out(format_args!($($arg)*), false) };
}

/// `eprintln!` that never panics.
#[allow(unused_macros)]
macro_rules! errln {
    () => { $crate::common::write_err(format_args!(""), true) };
    ($($arg:tt)*) => { $crate::common::write_err(format_args!($($arg)*), true) };
}

/// `eprint!` (flushed) that never panics.
#[allow(unused_macros)]
macro_rules! err {
    ($($arg:tt)*) => { $crate::common::write_err(format_args!($($arg)*), false) };
}

/// Reads one line of at most `max` bytes (the rest of a longer line is
/// dropped), without its line end, invalid UTF-8 replaced. `None` at the end
/// of the input.
pub fn read_line_bounded(input: &mut impl BufRead, max: usize) -> io::Result<Option<String>> {
    let mut line = Vec::new();
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, used, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        let room = max.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        input.consume(used);
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(String::from_utf8_lossy(&line).into_owned()))
}

// ---------------------------------------------------------------------------
// Arguments
// ---------------------------------------------------------------------------

/// The arguments of this process; ones that are not UTF-8 are converted
/// lossily rather than aborting.
pub fn process_args() -> Vec<String> {
    std::env::args_os()
        .skip(1)
        .map(|arg| arg.to_string_lossy().into_owned())
        .collect()
}

/// Parses this process's arguments with `parse`; prints the usage and exits
/// 0 on `--help` (`Ok(None)`), prints the error and the usage and exits 2 on
/// a bad argument.
pub fn parse_or_exit<T>(name: &str, usage: &str, parse: fn(&[String]) -> Result<Option<T>, String>) -> T {
    match parse(&process_args()) {
        Ok(Some(options)) => options,
        Ok(None) => {
            outln!("{usage}");
            std::process::exit(0);
        }
        Err(e) => {
            errln!("{name}: {e}\n\n{usage}");
            std::process::exit(2);
        }
    }
}

/// The options found, by name (`--depth 6` and a positional DEPTH alike are
/// `("depth", "6")`).
#[derive(Debug, Default)]
pub struct Matches {
    values: Vec<(&'static str, String)>,
    switches: Vec<&'static str>,
}

/// What a command accepts: options that take a value, switches, and the
/// names given to positional arguments in order.
pub struct Spec {
    pub valued: &'static [&'static str],
    pub switches: &'static [&'static str],
    pub positional: &'static [&'static str],
}

impl Spec {
    /// Sorts `args` into options; `Ok(None)` when help is asked for.
    pub fn scan(&self, args: &[String]) -> Result<Option<Matches>, String> {
        if args.iter().any(|a| a == "--help" || a == "-h") {
            return Ok(None);
        }
        let mut matches = Matches::default();
        let mut positional = self.positional.iter();
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            if let Some(flag) = arg.strip_prefix("--") {
                let (name, inline) = match flag.split_once('=') {
                    Some((name, value)) => (name, Some(value)),
                    None => (flag, None),
                };
                if let Some(&name) = self.valued.iter().find(|&&v| v == name) {
                    let value = match inline {
                        Some(value) => value.to_string(),
                        None => args
                            .next()
                            .ok_or_else(|| format!("--{name} needs a value"))?
                            .clone(),
                    };
                    matches.values.push((name, value));
                } else if let Some(&name) = self.switches.iter().find(|&&s| s == name) {
                    if inline.is_some() {
                        return Err(format!("--{name} takes no value"));
                    }
                    matches.switches.push(name);
                } else {
                    return Err(format!("unknown option '{arg}'"));
                }
            } else {
                let name = positional
                    .next()
                    .ok_or_else(|| format!("unexpected argument '{arg}'"))?;
                matches.values.push((name, arg.clone()));
            }
        }
        Ok(Some(matches))
    }
}

impl Matches {
    /// The value of `name`, if given (once).
    pub fn value(&self, name: &str) -> Result<Option<&str>, String> {
        let mut given = self.values.iter().filter(|(n, _)| *n == name);
        let first = given.next().map(|(_, v)| v.as_str());
        if given.next().is_some() {
            return Err(format!("{} given twice", name.to_uppercase()));
        }
        Ok(first)
    }

    /// The value of `name`, which must be given.
    pub fn required(&self, name: &str) -> Result<&str, String> {
        self.value(name)?
            .ok_or_else(|| format!("{} is missing", name.to_uppercase()))
    }

    /// Every value of a repeatable option, in order.
    pub fn values(&self, name: &str) -> Vec<String> {
        self.values
            .iter()
            .filter(|(n, _)| *n == name)
            .map(|(_, v)| v.clone())
            .collect()
    }

    /// Whether a switch was given.
    pub fn switch(&self, name: &str) -> bool {
        self.switches.contains(&name)
    }

    /// The whole number `name`, if given, within `range`.
    pub fn number(&self, name: &str, range: RangeInclusive<u64>) -> Result<Option<u64>, String> {
        self.value(name)?
            .map(|text| number(name, text, &range))
            .transpose()
    }
}

/// `text` as a whole number within `range`, or an error naming the range.
pub fn number(name: &str, text: &str, range: &RangeInclusive<u64>) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| {
            format!(
                "--{name} must be a whole number from {} to {}, not '{text}'",
                range.start(),
                range.end()
            )
        })
}

/// A number known to fit (it was range-checked).
fn small(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn count(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// A shipped game or variant, by name (the error lists them all).
pub fn game(text: &str) -> Result<GameKind, String> {
    text.parse::<GameKind>().map_err(|e| e.to_string())
}

/// The games perft and playouts take: every shipped game and variant.
pub type AnyRules = GameKind;

fn any_rules(text: &str) -> Result<AnyRules, String> {
    game(text)
}

/// The names of `kinds`, comma-separated, wrapped to 80 columns with
/// continuation lines indented by `indent` (the column the list starts at).
pub fn game_list(kinds: impl IntoIterator<Item = GameKind>, indent: usize) -> String {
    const WIDTH: usize = 80;
    let names: Vec<&str> = kinds.into_iter().map(GameKind::name).collect();
    let mut text = String::new();
    let mut column = indent;
    for (i, name) in names.iter().enumerate() {
        let word = if i + 1 < names.len() {
            format!("{name},")
        } else {
            (*name).to_string()
        };
        if i > 0 {
            if column + 1 + word.len() > WIDTH {
                text.push('\n');
                text.push_str(&" ".repeat(indent));
                column = indent;
            } else {
                text.push(' ');
                column += 1;
            }
        }
        text.push_str(&word);
        column += word.len();
    }
    text
}

/// Every shipped game and variant, for the usage texts.
fn all_games(indent: usize) -> String {
    game_list(GameKind::ALL, indent)
}

/// Alpha-beta depths: the search's own ceiling.
pub const DEPTHS: RangeInclusive<u64> = 1..=MAX_DEPTH as u64;
/// Seeds: any 64-bit number.
pub const SEEDS: RangeInclusive<u64> = 0..=u64::MAX;

/// Worker threads: 0 (every core) up to the machine's cores.
pub fn threads_range() -> RangeInclusive<u64> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    0..=cores as u64
}

// ---------------------------------------------------------------------------
// perft
// ---------------------------------------------------------------------------

pub fn perft_usage() -> String {
    format!(
        "\
usage: perft [--game] GAME [--depth] DEPTH

Counts the move paths from the opening, depth 1 to DEPTH.
  --game GAME     {}
  --depth DEPTH   1 to 64
  -h, --help      this text",
        all_games(18)
    )
}

/// Perft depths: beyond the reach of any machine long before the limit.
pub const PERFT_DEPTHS: RangeInclusive<u64> = 1..=64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftOptions {
    pub rules: AnyRules,
    pub depth: u32,
}

pub fn parse_perft(args: &[String]) -> Result<Option<PerftOptions>, String> {
    let spec = Spec {
        valued: &["game", "depth"],
        switches: &[],
        positional: &["game", "depth"],
    };
    let Some(m) = spec.scan(args)? else {
        return Ok(None);
    };
    let rules = any_rules(m.required("game")?)?;
    let depth = m.number("depth", PERFT_DEPTHS)?.ok_or("DEPTH is missing")?;
    Ok(Some(PerftOptions {
        rules,
        depth: small(depth),
    }))
}

// ---------------------------------------------------------------------------
// playouts
// ---------------------------------------------------------------------------

pub fn playouts_usage() -> String {
    format!(
        "\
usage: playouts [--game] GAME [--count] N [[--seed] SEED]

Plays N random games from the opening on one thread.
  --game GAME   {}
  --count N     1 to 1000000000000
  --seed SEED   0 to 18446744073709551615 (default 1)
  -h, --help    this text",
        all_games(16)
    )
}

pub const PLAYOUT_COUNTS: RangeInclusive<u64> = 1..=1_000_000_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutsOptions {
    pub rules: AnyRules,
    pub count: u64,
    pub seed: u64,
}

pub fn parse_playouts(args: &[String]) -> Result<Option<PlayoutsOptions>, String> {
    let spec = Spec {
        valued: &["game", "count", "seed"],
        switches: &[],
        positional: &["game", "count", "seed"],
    };
    let Some(m) = spec.scan(args)? else {
        return Ok(None);
    };
    Ok(Some(PlayoutsOptions {
        rules: any_rules(m.required("game")?)?,
        count: m
            .number("count", PLAYOUT_COUNTS)?
            .ok_or("N is missing (--count)")?,
        seed: m.number("seed", SEEDS)?.unwrap_or(1),
    }))
}

// ---------------------------------------------------------------------------
// selfplay
// ---------------------------------------------------------------------------

pub fn selfplay_usage() -> String {
    format!(
        "\
usage: selfplay [--game] GAME [--games] N [--depth D] [--seed S]
                [--random-plies K] [--table FILE]
       selfplay [--game] GAME --table FILE --compare [--depth D]

Plays N engine-against-engine games and prints statistics; with --compare,
the engine with an endgame table against the engine without, from every
two-ply opening with either colour, and prints a markdown table.
  --game GAME         {}
  --games N           1 to 1000000 (not with --compare)
  --depth D           alpha-beta depth, 1 to 120 (default 6)
  --seed S            0 to 18446744073709551615 (default 1)
  --random-plies K    random opening moves, 0 to 1000 (default: 2 to 4)
  --table FILE        an endgame table of GAME (solve --out FILE), read from
                      disk as the engines search
  --compare           with --table: the engine with it against the engine
                      without, from every two-ply opening, both colours
  -h, --help          this text",
        all_games(22)
    )
}

pub const SELFPLAY_GAMES: RangeInclusive<u64> = 1..=1_000_000;
/// Games still going after this many moves are stopped.
pub const SELFPLAY_MAX_MOVES: usize = 1000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfplayOptions {
    pub kind: GameKind,
    /// The games to play; 0 with `--compare` (one a two-ply opening and
    /// colour).
    pub games: usize,
    pub depth: u32,
    pub seed: u64,
    pub random_plies: Option<usize>,
    /// An endgame table file for `kind`.
    pub table: Option<String>,
    /// The engine with the table against the engine without.
    pub compare: bool,
}

pub fn parse_selfplay(args: &[String]) -> Result<Option<SelfplayOptions>, String> {
    let spec = Spec {
        valued: &["game", "games", "depth", "seed", "random-plies", "table"],
        switches: &["compare"],
        positional: &["game", "games"],
    };
    let Some(m) = spec.scan(args)? else {
        return Ok(None);
    };
    let kind = game(m.required("game")?)?;
    let games = m.number("games", SELFPLAY_GAMES)?;
    let depth = small(m.number("depth", DEPTHS)?.unwrap_or(6));
    let seed = m.number("seed", SEEDS)?;
    let random_plies = m
        .number("random-plies", 0..=SELFPLAY_MAX_MOVES as u64)?
        .map(count);
    let table = m.value("table")?.map(str::to_string);
    let compare = m.switch("compare");
    if compare {
        if table.is_none() {
            return Err("--compare needs --table FILE".into());
        }
        for (given, name) in [
            (games.is_some(), "N (--games)"),
            (seed.is_some(), "--seed"),
            (random_plies.is_some(), "--random-plies"),
        ] {
            if given {
                return Err(format!(
                    "--compare plays every two-ply opening, no random moves: no {name}"
                ));
            }
        }
    }
    Ok(Some(SelfplayOptions {
        kind,
        games: if compare {
            0
        } else {
            count(games.ok_or("N is missing (--games)")?)
        },
        depth,
        seed: seed.unwrap_or(1),
        random_plies,
        table,
        compare,
    }))
}

// ---------------------------------------------------------------------------
// play
// ---------------------------------------------------------------------------

pub fn play_usage() -> String {
    format!(
        "\
usage: play [--game NAME] [--south human|engine] [--north human|engine]
            [--depth N | --time MS] [--mcts [--iterations N] [--seed S]]
            [--table FILE] [--auto] [--match]

Plays a game in the terminal.
  --game NAME        the game (default bohnenspiel), one of:
                     {}
  --south, --north   human or engine (default: you play South)
  --auto             engine against engine
  --depth N          alpha-beta depth, 1 to 120 (default: by game, 10 to 40)
  --time MS          thinking time a move, 1 to 3600000 ms
  --mcts             Monte-Carlo tree search instead of alpha-beta
  --iterations N     MCTS playouts a move, 1 to 10000000 (default 20000)
  --seed S           0 to 18446744073709551615 (default 1)
  --table FILE       an endgame table of the game (solve --out) for the
                     alpha-beta engine
  --match            a Bohnenspiel Partie to 100 points (bohnenspiel and
                     bohnenspiel-hemprich)
  -h, --help         this text",
        all_games(21)
    )
}

pub const PLAY_TIMES_MS: RangeInclusive<u64> = 1..=3_600_000;
pub const MCTS_ITERATIONS: RangeInclusive<u64> = 1..=10_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Human,
    Engine,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayOptions {
    pub kind: GameKind,
    pub sides: [Side; 2],
    pub depth: Option<u32>,
    pub time: Option<Duration>,
    pub mcts: bool,
    pub iterations: u64,
    pub seed: u64,
    pub auto: bool,
    pub partie: bool,
    pub table: Option<String>,
}

fn side(text: &str) -> Result<Side, String> {
    match text.to_ascii_lowercase().as_str() {
        "human" | "h" => Ok(Side::Human),
        "engine" | "e" | "computer" => Ok(Side::Engine),
        _ => Err(format!("a side is 'human' or 'engine', not '{text}'")),
    }
}

pub fn parse_play(args: &[String]) -> Result<Option<PlayOptions>, String> {
    let spec = Spec {
        valued: &[
            "game",
            "south",
            "north",
            "depth",
            "time",
            "iterations",
            "seed",
            "table",
        ],
        switches: &["mcts", "auto", "match"],
        positional: &[],
    };
    let Some(m) = spec.scan(args)? else {
        return Ok(None);
    };
    let mut opts = PlayOptions {
        kind: m.value("game")?.map_or(Ok(GameKind::Bohnenspiel), game)?,
        sides: [
            m.value("south")?.map_or(Ok(Side::Human), side)?,
            m.value("north")?.map_or(Ok(Side::Engine), side)?,
        ],
        depth: m.number("depth", DEPTHS)?.map(small),
        time: m.number("time", PLAY_TIMES_MS)?.map(Duration::from_millis),
        mcts: m.switch("mcts"),
        iterations: m.number("iterations", MCTS_ITERATIONS)?.unwrap_or(20_000),
        seed: m.number("seed", SEEDS)?.unwrap_or(1),
        auto: m.switch("auto"),
        partie: m.switch("match"),
        table: m.value("table")?.map(str::to_string),
    };
    if opts.mcts && opts.table.is_some() {
        return Err("--table is for the alpha-beta engine, not --mcts".into());
    }
    if opts.auto {
        opts.sides = [Side::Engine, Side::Engine];
    }
    let bohnenspiel = matches!(opts.kind, GameKind::Bohnenspiel | GameKind::BohnenspielHemprich);
    if opts.partie && !bohnenspiel {
        return Err("--match is Bohnenspiel's Partie: use it with --game bohnenspiel".into());
    }
    Ok(Some(opts))
}

// ---------------------------------------------------------------------------
// solve
// ---------------------------------------------------------------------------

pub fn solve_usage() -> String {
    format!(
        "\
usage: solve [--game] GAME [--seeds K | --max-seeds K] [--out FILE | --in FILE]
             [--position POS]... [--stdin] [--threads N] [--chain] [--hemprich]

Solves Tihbat, builds endgame tables, answers positions.
  --game GAME       {}
  --seeds K         Tihbat: the start with K counters a pit, 1 to 7
  --max-seeds K     the table's largest board: tihbat 1 to 28,
                    bohnenspiel and djenon-aboure 1 to 24, al-manqala 1 to 20
                    (default: tihbat 28, 4K with --seeds; 12, 12, 10)
  --out FILE        save the table (written as it is built, without keeping
                    it in memory, when no --position or --stdin follows)
  --in FILE         load a table instead of building one
  --position POS    a position to answer, in standard notation (repeatable)
  --stdin           answer positions from standard input, one a line
  --threads N       0 (every core, the default) up to this machine's cores
  --chain           tihbat: Tihbat's own-side chain variant (tihbat-chain)
  --hemprich        bohnenspiel: Hemprich's Bohnenspiel (bohnenspiel-hemprich)
  -h, --help        this text",
        solvable_games(20)
    )
}

/// The games `solve` builds tables for (those implementing
/// `mancala_rules::solve::Solvable`).
pub fn solvable(kind: GameKind) -> bool {
    matches!(
        kind,
        GameKind::Tihbat
            | GameKind::TihbatChain
            | GameKind::Bohnenspiel
            | GameKind::BohnenspielHemprich
            | GameKind::DjenonAboure
            | GameKind::AlManqala
    )
}

/// The names of the games `solve` takes, in `GameKind::ALL`'s order.
pub fn solvable_games(indent: usize) -> String {
    game_list(GameKind::ALL.into_iter().filter(|&kind| solvable(kind)), indent)
}

/// The largest table `--max-seeds` may ask for: every board of the game for
/// Tihbat; 24 seeds for the 12-pit games (834,451,800 positions at the top
/// level) and 20 for Al-manqala (1,146,332,880), whose largest levels are
/// solved in about 6 bytes a position plus 4 a non-capturing move: the
/// tables of a large machine, written to disk as they are built.
pub fn max_seeds_range(kind: GameKind) -> RangeInclusive<u64> {
    match kind {
        GameKind::Tihbat | GameKind::TihbatChain => 1..=28,
        GameKind::Bohnenspiel | GameKind::BohnenspielHemprich | GameKind::DjenonAboure => 1..=24,
        // Al-manqala; the games without a solver are refused before.
        _ => 1..=20,
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveOptions {
    pub game: Option<GameKind>,
    pub seeds: Option<u8>,
    pub max_seeds: Option<u32>,
    pub out: Option<String>,
    pub input: Option<String>,
    pub positions: Vec<String>,
    pub stdin: bool,
    pub threads: usize,
    pub chain: bool,
    pub hemprich: bool,
}

pub fn parse_solve(args: &[String]) -> Result<Option<SolveOptions>, String> {
    let spec = Spec {
        valued: &["game", "seeds", "max-seeds", "out", "in", "position", "threads"],
        switches: &["stdin", "chain", "hemprich"],
        positional: &["game"],
    };
    let Some(m) = spec.scan(args)? else {
        return Ok(None);
    };
    let mut kind = game(m.required("game")?)?;
    // --chain and --hemprich: the variants' names before they had names.
    let (chain, hemprich) = (m.switch("chain"), m.switch("hemprich"));
    if chain {
        kind = match kind {
            GameKind::Tihbat | GameKind::TihbatChain => GameKind::TihbatChain,
            _ => return Err("--chain is Tihbat's variant: use it with tihbat".into()),
        };
    }
    if hemprich {
        kind = match kind {
            GameKind::Bohnenspiel | GameKind::BohnenspielHemprich => GameKind::BohnenspielHemprich,
            _ => return Err("--hemprich is Bohnenspiel's variant: use it with bohnenspiel".into()),
        };
    }
    if !solvable(kind) {
        return Err(format!(
            "{kind} has no solver; solve takes {}",
            solvable_games(0).replace('\n', " ")
        ));
    }
    let seeds = m.number("seeds", 1..=7)?;
    if seeds.is_some() && !matches!(kind, GameKind::Tihbat | GameKind::TihbatChain) {
        return Err("--seeds is for tihbat".into());
    }
    Ok(Some(SolveOptions {
        game: Some(kind),
        seeds: seeds.and_then(|k| u8::try_from(k).ok()),
        max_seeds: m.number("max-seeds", max_seeds_range(kind))?.map(small),
        out: m.value("out")?.map(str::to_string),
        input: m.value("in")?.map(str::to_string),
        positions: m.values("position"),
        stdin: m.switch("stdin"),
        threads: count(m.number("threads", threads_range())?.unwrap_or(0)),
        chain: kind == GameKind::TihbatChain,
        hemprich: kind == GameKind::BohnenspielHemprich,
    }))
}

// ---------------------------------------------------------------------------
// replay
// ---------------------------------------------------------------------------

pub fn replay_usage() -> String {
    format!(
        "\
usage: replay [--max-line BYTES]

Answers replay requests (JSON Lines, see the mancala_rules::protocol docs)
from standard input on standard output, one line each. A request's \"game\"
is one of:
  {}
  --max-line BYTES   the longest request line, 1 to 1073741824
                     (default 16777216); longer lines get an error line
  -h, --help         this text",
        all_games(2)
    )
}

pub const MAX_LINE_RANGE: RangeInclusive<u64> = 1..=1 << 30;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayOptions {
    pub max_line: usize,
}

pub fn parse_replay(args: &[String]) -> Result<Option<ReplayOptions>, String> {
    let spec = Spec {
        valued: &["max-line"],
        switches: &[],
        positional: &[],
    };
    let Some(m) = spec.scan(args)? else {
        return Ok(None);
    };
    Ok(Some(ReplayOptions {
        max_line: count(m.number("max-line", MAX_LINE_RANGE)?.unwrap_or(16 << 20)),
    }))
}

// ---------------------------------------------------------------------------
// custom
// ---------------------------------------------------------------------------

pub const CUSTOM_USAGE: &str = "\
usage: custom [[--depth] D] [--time MS]

Plays out a game the crate does not ship, declared in examples/custom.rs,
between two alpha-beta engines, the board drawn after each move.
  --depth D    alpha-beta depth, 1 to 120 (default 10)
  --time MS    the most a move may take, in milliseconds, 1 to 600000
               (default 5000): a deep --depth is searched as deep as it allows
  -h, --help   this text";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CustomOptions {
    pub depth: u32,
    pub time_ms: u64,
}

/// Milliseconds a move may take: up to ten minutes.
pub const MOVE_TIMES: RangeInclusive<u64> = 1..=600_000;

pub fn parse_custom(args: &[String]) -> Result<Option<CustomOptions>, String> {
    let spec = Spec {
        valued: &["depth", "time"],
        switches: &[],
        positional: &["depth"],
    };
    let Some(m) = spec.scan(args)? else {
        return Ok(None);
    };
    Ok(Some(CustomOptions {
        depth: small(m.number("depth", DEPTHS)?.unwrap_or(10)),
        time_ms: m.number("time", MOVE_TIMES)?.unwrap_or(5000),
    }))
}
