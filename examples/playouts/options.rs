//! The command line of the `playouts` example: its usage text and its parser
//! (a pure function of the argument list, which `tests/examples_cli.rs` runs
//! on arbitrary lists).

use std::ops::RangeInclusive;

use mancala_rules::GameKind;

use crate::common::{all_games, game_or_rules, Spec, SEEDS};

pub fn usage() -> String {
    format!(
        "\
usage: playouts [--game] GAME [--count] N [[--seed] SEED]

Plays N random games from the opening on one thread.
  --game GAME   {}
  --rules FILE        a game declared as data (JSON, see mancala_rules::RulesData)
  --count N     1 to 1000000000000
  --seed SEED   0 to 18446744073709551615 (default 1)
  -h, --help    this text",
        all_games(16)
    )
}

pub const PLAYOUT_COUNTS: RangeInclusive<u64> = 1..=1_000_000_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub rules: GameKind,
    pub count: u64,
    pub seed: u64,
}

pub fn parse(args: &[String]) -> Result<Option<Options>, String> {
    let spec = Spec {
        valued: &["game", "count", "seed"],
        switches: &[],
        positional: &["game", "count", "seed"],
    };
    let Some(m) = spec.scan(args)? else {
        return Ok(None);
    };
    Ok(Some(Options {
        rules: game_or_rules(&m, None)?,
        count: m
            .number("count", PLAYOUT_COUNTS)?
            .ok_or("N is missing (--count)")?,
        seed: m.number("seed", SEEDS)?.unwrap_or(1),
    }))
}
