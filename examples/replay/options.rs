//! The command line of the `replay` example: its usage text and its parser
//! (a pure function of the argument list, which `tests/examples_cli.rs` runs
//! on arbitrary lists).

use std::ops::RangeInclusive;

use crate::common::{all_games, count, Spec};

pub fn usage() -> String {
    format!(
        "\
usage: replay [--session] [--max-line BYTES]

Answers replay requests (JSON Lines, see the mancala_rules::protocol docs)
from standard input on standard output, one line each. A request's \"game\"
is one of:
  {}
  --session          the stateful mode: one game kept open between lines,
                     each line an op (open, play, undo, agree, best, show)
  --max-line BYTES   the longest request line, 1 to 1073741824
                     (default 16777216); longer lines get an error line
  -h, --help         this text",
        all_games(2)
    )
}

pub const MAX_LINE_RANGE: RangeInclusive<u64> = 1..=1 << 30;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub max_line: usize,
    pub session: bool,
}

pub fn parse(args: &[String]) -> Result<Option<Options>, String> {
    let spec = Spec {
        valued: &["max-line"],
        switches: &["session"],
        positional: &[],
    };
    let Some(m) = spec.scan(args)? else {
        return Ok(None);
    };
    Ok(Some(Options {
        max_line: count(m.number("max-line", MAX_LINE_RANGE)?.unwrap_or(16 << 20)),
        session: m.switch("session"),
    }))
}
