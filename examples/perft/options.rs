//! The command line of the `perft` example: its usage text and its parser
//! (a pure function of the argument list, which `tests/examples_cli.rs` runs
//! on arbitrary lists).

use std::ops::RangeInclusive;

use mancala_rules::GameKind;

use crate::common::{all_games, game_or_rules, small, Spec};

pub fn usage() -> String {
    format!(
        "\
usage: perft [--game] GAME [--depth] DEPTH

Counts the move paths from the opening, depth 1 to DEPTH.
  --game GAME     {}
  --rules FILE        a game declared as data (JSON, see mancala_rules::RulesData)
  --depth DEPTH   1 to 64
  -h, --help      this text",
        all_games(18)
    )
}

/// Perft depths: beyond the reach of any machine long before the limit.
pub const PERFT_DEPTHS: RangeInclusive<u64> = 1..=64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub rules: GameKind,
    pub depth: u32,
}

pub fn parse(args: &[String]) -> Result<Option<Options>, String> {
    let spec = Spec {
        valued: &["game", "depth"],
        switches: &[],
        positional: &["game", "depth"],
    };
    let Some(m) = spec.scan(args)? else {
        return Ok(None);
    };
    let rules = game_or_rules(&m, None)?;
    let depth = m.number("depth", PERFT_DEPTHS)?.ok_or("DEPTH is missing")?;
    Ok(Some(Options {
        rules,
        depth: small(depth),
    }))
}
