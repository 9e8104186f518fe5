//! What the examples share: one command-line style, and output that ends
//! quietly when its reader goes away.
//!
//! Every example takes `--name VALUE` (or `--name=VALUE`) options, switches
//! such as `--auto`, and the positional shorthands its documentation shows
//! (`perft GAME DEPTH` is `perft --game GAME --depth DEPTH`; positional
//! arguments fill the names not given as options, in order, so `perft
//! --game GAME DEPTH` is the same). `--help` or
//! `-h` prints the usage on standard output and exits 0; a bad argument
//! prints the error and the usage on standard error and exits 2. Every
//! number is checked against a range, and the error names it.
//!
//! Every example takes the game as its first positional argument or as
//! `--game GAME`, and the engines' limits the same way: `--depth D` alone
//! searches D plies, `--time MS` alone as deep as MS milliseconds a move
//! allow, both D plies at most within MS ms ([`search_limits`]).
//!
//! Each example's usage text and parser are beside it
//! (`examples/NAME/options.rs`); they are pure functions of the argument list
//! (`tests/examples_cli.rs` runs them on arbitrary lists), and each example
//! calls its own through [`parse_or_exit`]. Progress on long runs goes
//! through [`progress::Progress`].

// Each example uses only its own parser.
#![allow(dead_code)]

use std::fmt;
use std::io::{self, BufRead, Write};
use std::ops::RangeInclusive;
use std::time::Duration;

use mancala_rules::search::{Limits, MAX_DEPTH};
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

// After the macros, which it uses.
pub mod progress;

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
        let mut positional = Vec::new();
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            if let Some(flag) = arg.strip_prefix("--") {
                let (name, inline) = match flag.split_once('=') {
                    Some((name, value)) => (name, Some(value)),
                    None => (flag, None),
                };
                // `--rules FILE` stands wherever a game is taken.
                let rules = (name == "rules" && self.valued.contains(&"game")).then_some("rules");
                if let Some(name) = rules.or_else(|| self.valued.iter().find(|&&v| v == name).copied()) {
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
                positional.push(arg);
            }
        }
        // The positional arguments fill, in order, the names not given as
        // options: `perft --game oware 3` is `perft oware 3`.
        let mut given: Vec<&str> = matches.values.iter().map(|(name, _)| *name).collect();
        if given.contains(&"rules") {
            given.push("game");
        }
        let mut free = self.positional.iter().filter(|name| !given.contains(name));
        for arg in positional {
            let name = free
                .next()
                .ok_or_else(|| format!("unexpected argument '{arg}'"))?;
            matches.values.push((name, arg.clone()));
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
pub fn small(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A count known to fit (it was range-checked).
pub fn count(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// A shipped game or variant, by name (the error lists them all).
pub fn game(text: &str) -> Result<GameKind, String> {
    text.parse::<GameKind>().map_err(|e| e.to_string())
}

/// The game of a command line: `--rules FILE` (a declaration as data,
/// loaded) or the game named (`--game NAME` or positional), or `default`.
pub fn game_or_rules(m: &Matches, default: Option<GameKind>) -> Result<GameKind, String> {
    match (m.value("rules")?, m.value("game")?) {
        (Some(_), Some(_)) => Err("give a game or --rules FILE, not both".into()),
        (Some(path), None) => rules_file(path),
        (None, Some(name)) => game(name),
        (None, None) => default.ok_or_else(|| "GAME is missing (or --rules FILE)".into()),
    }
}

/// `--rules FILE` without JSON.
#[cfg(not(feature = "protocol"))]
pub fn rules_file(_path: &str) -> Result<GameKind, String> {
    Err("--rules reads JSON: it needs the `protocol` feature".into())
}

/// A declaration read from `path` and loaded: at most
/// `mancala_rules::MAX_RULES_BYTES` bytes.
#[cfg(feature = "protocol")]
pub fn rules_file(path: &str) -> Result<GameKind, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", mancala_rules::Escaped(path)))?;
    let mut text = String::new();
    file.take(mancala_rules::MAX_RULES_BYTES as u64 + 1)
        .read_to_string(&mut text)
        .map_err(|e| format!("{}: {e}", mancala_rules::Escaped(path)))?;
    let data = mancala_rules::RulesData::from_json(&text)
        .map_err(|e| format!("{}: {e}", mancala_rules::Escaped(path)))?;
    data.load()
        .map_err(|e| format!("{}: {e}", mancala_rules::Escaped(path)))
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
pub fn all_games(indent: usize) -> String {
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

/// Milliseconds a move may take: up to an hour.
pub const MOVE_TIMES: RangeInclusive<u64> = 1..=3_600_000;

/// The usage lines of `--depth` and `--time`, the same in every example
/// that searches: `default` is the default depth, in words, and `column`
/// where the descriptions start.
pub fn limits_usage(default: &str, column: usize) -> String {
    let w = column.saturating_sub(2);
    let pad = " ".repeat(column);
    format!(
        "  {:<w$}alpha-beta depth, 1 to {MAX_DEPTH} (default {default})\n  \
         {:<w$}the most a move may take, 1 to 3600000 ms: with --depth,\n\
         {pad}D plies at most within MS ms; alone, as deep as MS allows",
        "--depth D", "--time MS",
    )
}

/// The alpha-beta limits of `--depth` and `--time`: a depth alone (or the
/// default) searches that deep; a time alone as deep as it allows; both, the
/// depth at most within the time (iterative deepening keeps the deepest
/// search finished in time).
pub fn search_limits(depth: Option<u32>, default_depth: u32, time: Option<Duration>) -> Limits {
    match (depth, time) {
        (_, None) => Limits::depth(depth.unwrap_or(default_depth)),
        (None, Some(time)) => Limits::time(time),
        (Some(depth), Some(time)) => Limits::time(time).with_depth(depth),
    }
}

/// The games `solve` builds tables for: those the library's table of
/// games gives table sizes ([`GameKind::solvable`]).
pub fn solvable(kind: GameKind) -> bool {
    kind.solvable()
}

/// The names of the games `solve` takes, in `GameKind::ALL`'s order.
pub fn solvable_games(indent: usize) -> String {
    game_list(GameKind::ALL.into_iter().filter(|&kind| solvable(kind)), indent)
}
