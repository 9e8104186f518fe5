//! The replay protocol ([`mancala_rules::protocol`]) on standard input and
//! output: JSON Lines in, one JSON line out per request, in order.
//!
//! ```text
//! echo '{"game":"tihbat","moves":["1","3"]}' | cargo run --release --example replay
//! cargo run --release --example replay -- --max-line 1000000 < requests.jsonl
//! printf '{"op":"open","game":"oware"}\n{"op":"play","move":"3"}\n' | cargo run --release --example replay -- --session
//! ```
//!
//! Exits 0 at the end of the input, and quietly when the output is closed; a
//! read error on the input ends it with a message and status 1.

#[macro_use]
mod common;
#[path = "replay/options.rs"]
mod options;

use std::io;
use std::process::ExitCode;

use mancala_rules::protocol::{serve, serve_session, Limits};

fn main() -> ExitCode {
    let opts = common::parse_or_exit("replay", &options::usage(), options::parse);
    let limits = Limits::new().with_max_line(opts.max_line);
    let (input, output) = (io::stdin().lock(), io::stdout().lock());
    let served = if opts.session {
        serve_session(input, output, &limits)
    } else {
        serve(input, output, &limits)
    };
    match served {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) if e.is_closed_output() => ExitCode::SUCCESS,
        Err(e) => {
            errln!("replay: {e}");
            ExitCode::FAILURE
        }
    }
}
