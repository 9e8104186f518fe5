//! The command line of the `custom` example: its usage text and its parser
//! (a pure function of the argument list, which `tests/examples_cli.rs` runs
//! on arbitrary lists).

use mancala_rules::search::MAX_DEPTH;

use crate::common::{small, Spec, DEPTHS, MOVE_TIMES};

pub fn usage() -> String {
    format!(
        "\
usage: custom [[--depth] D] [--time MS]

Plays out a game the crate does not ship, declared in examples/custom.rs,
between two alpha-beta engines, the board drawn after each move.
  --depth D    alpha-beta depth, 1 to {MAX_DEPTH} (default 10)
  --time MS    the most a move may take, 1 to 3600000 ms (default 5000):
               D plies at most within MS ms, as --depth and --time mean in
               every example (here both have a default)
  -h, --help   this text"
    )
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub depth: u32,
    pub time_ms: u64,
}

pub fn parse(args: &[String]) -> Result<Option<Options>, String> {
    let spec = Spec {
        valued: &["depth", "time"],
        switches: &[],
        positional: &["depth"],
    };
    let Some(m) = spec.scan(args)? else {
        return Ok(None);
    };
    Ok(Some(Options {
        depth: small(m.number("depth", DEPTHS)?.unwrap_or(10)),
        time_ms: m.number("time", MOVE_TIMES)?.unwrap_or(5000),
    }))
}
