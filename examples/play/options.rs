//! The command line of the `play` example: its usage text and its parser
//! (a pure function of the argument list, which `tests/examples_cli.rs` runs
//! on arbitrary lists).

use std::ops::RangeInclusive;
use std::time::Duration;

use mancala_rules::search::MctsLimits;

use mancala_rules::GameKind;

use crate::common::{all_games, game_or_rules, limits_usage, small, Spec, DEPTHS, MOVE_TIMES, SEEDS};

pub fn usage() -> String {
    format!(
        "\
usage: play [[--game] GAME] [--south human|engine] [--north human|engine]
            [--depth D] [--time MS] [--mcts [--iterations N] [--seed S]]
            [--table FILE] [--auto] [--match]

Plays a game in the terminal.
  --game GAME         the game (default bohnenspiel), one of:
  --rules FILE        a game declared as data (JSON, see mancala_rules::RulesData)
                      {}
  --south, --north    human or engine (default: you play South)
  --auto              engine against engine
{}
  --mcts              Monte-Carlo tree search instead of alpha-beta
  --iterations N      MCTS playouts a move, 1 to 10000000 (default 20000);
                      with --time, N at most within MS ms
  --seed S            0 to 18446744073709551615 (default 1)
  --table FILE        an endgame table of the game (solve --out) for the
                      alpha-beta engine
  --match             a Bohnenspiel Partie to 100 points (bohnenspiel and
                      bohnenspiel-hemprich)
  -h, --help          this text",
        all_games(22),
        limits_usage("by game, 10 to 40", 22),
    )
}

pub const MCTS_ITERATIONS: RangeInclusive<u64> = 1..=10_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Human,
    Engine,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub kind: GameKind,
    pub sides: [Side; 2],
    pub depth: Option<u32>,
    pub time: Option<Duration>,
    pub mcts: bool,
    /// MCTS playouts a move, if given (20000 when no `--time` is either).
    pub iterations: Option<u64>,
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

pub fn parse(args: &[String]) -> Result<Option<Options>, String> {
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
        positional: &["game"],
    };
    let Some(m) = spec.scan(args)? else {
        return Ok(None);
    };
    let mut opts = Options {
        kind: game_or_rules(&m, Some(GameKind::Bohnenspiel))?,
        sides: [
            m.value("south")?.map_or(Ok(Side::Human), side)?,
            m.value("north")?.map_or(Ok(Side::Engine), side)?,
        ],
        depth: m.number("depth", DEPTHS)?.map(small),
        time: m.number("time", MOVE_TIMES)?.map(Duration::from_millis),
        mcts: m.switch("mcts"),
        iterations: m.number("iterations", MCTS_ITERATIONS)?,
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
        return Err("--match is Bohnenspiel's Partie: use it with bohnenspiel".into());
    }
    Ok(Some(opts))
}

/// MCTS playouts a move when neither `--iterations` nor `--time` is given.
pub const DEFAULT_ITERATIONS: u64 = 20_000;

/// The MCTS limits of `--iterations` and `--time`, in the sense of
/// `--depth` and `--time`: alone each bounds the search, both are N
/// playouts at most within MS ms.
pub fn mcts_limits(opts: &Options) -> MctsLimits {
    match (opts.iterations, opts.time) {
        (iterations, None) => MctsLimits::iterations(iterations.unwrap_or(DEFAULT_ITERATIONS)),
        (None, Some(time)) => MctsLimits::time(time),
        (Some(iterations), Some(time)) => MctsLimits {
            iterations,
            time: Some(time),
        },
    }
}
