//! The command line of the `selfplay` example: its usage text and its parser
//! (a pure function of the argument list, which `tests/examples_cli.rs` runs
//! on arbitrary lists).

use std::ops::RangeInclusive;
use std::time::Duration;

use mancala_rules::GameKind;

use mancala_rules::search::Limits;

use crate::common::{
    all_games, count, game_or_rules, limits_usage, search_limits, small, Spec, DEPTHS, MOVE_TIMES, SEEDS,
};

pub fn usage() -> String {
    format!(
        "\
usage: selfplay [--game] GAME [--games] N [--depth D] [--time MS] [--seed S]
                [--random-plies K] [--table FILE]
       selfplay [--game] GAME --table FILE --compare [--depth D] [--time MS]

Plays N engine-against-engine games and prints statistics; with --compare,
the engine with an endgame table against the engine without, from every
two-ply opening with either colour, and prints a markdown table.
  --game GAME         {}
  --rules FILE        a game declared as data (JSON, see mancala_rules::RulesData)
  --games N           1 to 1000000 (not with --compare)
{}
  --seed S            0 to 18446744073709551615 (default 1)
  --random-plies K    random opening moves, 0 to 1000 (default: 2 to 4)
  --table FILE        an endgame table of GAME (solve --out FILE), read from
                      disk as the engines search
  --compare           with --table: the engine with it against the engine
                      without, from every two-ply opening, both colours
  -h, --help          this text",
        all_games(22),
        limits_usage("6", 22),
    )
}

pub const SELFPLAY_GAMES: RangeInclusive<u64> = 1..=1_000_000;
/// Games still going after this many moves are stopped.
pub const SELFPLAY_MAX_MOVES: usize = 1000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub kind: GameKind,
    /// The games to play; 0 with `--compare` (one a two-ply opening and
    /// colour).
    pub games: usize,
    /// `--depth`, if given (see [`Options::limits`]).
    pub depth: Option<u32>,
    /// `--time`, if given.
    pub time: Option<Duration>,
    pub seed: u64,
    pub random_plies: Option<usize>,
    /// An endgame table file for `kind`.
    pub table: Option<String>,
    /// The engine with the table against the engine without.
    pub compare: bool,
}

pub fn parse(args: &[String]) -> Result<Option<Options>, String> {
    let spec = Spec {
        valued: &["game", "games", "depth", "time", "seed", "random-plies", "table"],
        switches: &["compare"],
        positional: &["game", "games"],
    };
    let Some(m) = spec.scan(args)? else {
        return Ok(None);
    };
    let kind = game_or_rules(&m, None)?;
    let games = m.number("games", SELFPLAY_GAMES)?;
    let depth = m.number("depth", DEPTHS)?.map(small);
    let time = m.number("time", MOVE_TIMES)?.map(Duration::from_millis);
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
    Ok(Some(Options {
        kind,
        games: if compare {
            0
        } else {
            count(games.ok_or("N is missing (--games)")?)
        },
        depth,
        time,
        seed: seed.unwrap_or(1),
        random_plies,
        table,
        compare,
    }))
}

/// The depth when neither `--depth` nor `--time` is given.
pub const DEFAULT_DEPTH: u32 = 6;

impl Options {
    /// Each engine's limits a move: `--depth` and `--time` as in every
    /// example (both: the depth at most within the time).
    pub fn limits(&self) -> Limits {
        search_limits(self.depth, DEFAULT_DEPTH, self.time)
    }

    /// The limits in words, for the reports: `depth D`, `MS ms a move` or
    /// `depth D within MS ms a move`.
    pub fn limits_text(&self) -> String {
        match (self.depth, self.time) {
            (depth, None) => format!("depth {}", depth.unwrap_or(DEFAULT_DEPTH)),
            (None, Some(time)) => format!("{} ms a move", time.as_millis()),
            (Some(depth), Some(time)) => format!("depth {depth} within {} ms a move", time.as_millis()),
        }
    }
}
