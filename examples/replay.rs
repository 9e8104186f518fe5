//! The replay protocol (`shared/PROTOCOL.md`): JSON Lines in, one JSON line
//! out per request, in order.
//!
//! ```text
//! echo '{"game":"tihbat","moves":["1","3"]}' | cargo run --release --example replay
//! ```

use std::io::{self, BufRead, BufWriter, Write};

use mancala_rules::{AnyGame, GameKind, Move};
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Deserialize)]
struct Request {
    game: String,
    #[serde(default)]
    start: Option<Start>,
    /// Kept as JSON values so that a move of the wrong type is refused at its
    /// own ply, after the positions before it.
    #[serde(default)]
    moves: Vec<Value>,
}

/// A move exactly as the protocol writes it: the string `"pass"` or a pit
/// number in plain decimal. (The library's parser is more forgiving, for people.)
fn parse_move(value: &Value) -> Result<Move, String> {
    let Value::String(text) = value else {
        return Err(format!(
            "{value} is not a move: moves are strings such as \"7\" or \"pass\""
        ));
    };
    let mv: Move = text
        .parse()
        .map_err(|e: mancala_rules::ParseError| e.to_string())?;
    if mv.to_string() == *text {
        Ok(mv)
    } else {
        Err(format!(
            "'{text}' is not a move in standard notation: write a pit number such as 7, or pass"
        ))
    }
}

/// A start position; missing captures default to `[0, 0]` and a missing
/// player to South.
#[derive(Deserialize)]
struct Start {
    pits: Vec<u8>,
    #[serde(default)]
    scores: [u8; 2],
    #[serde(default)]
    to_move: u8,
}

/// One position of the response.
fn position(game: &AnyGame) -> Value {
    let outcome = game.outcome();
    json!({
        "pits": game.pits(),
        "scores": game.scores(),
        "to_move": u8::from(game.to_move()),
        "legal": game.legal_moves().into_iter().map(|mv| mv.to_string()).collect::<Vec<_>>(),
        "over": outcome.is_some(),
        "final": outcome.map(|o| o.totals),
        "winner": outcome.and_then(|o| o.winner()).map(u8::from),
    })
}

fn error(ply: usize, message: impl ToString) -> Value {
    json!({"ply": ply, "message": message.to_string()})
}

/// The response to one request line.
fn respond(line: &str) -> Value {
    // A request is a JSON object (serde would also fill a struct from an array).
    let request: Request = match serde_json::from_str::<Value>(line) {
        Ok(value @ Value::Object(_)) => match serde_json::from_value(value) {
            Ok(request) => request,
            Err(e) => return json!({"error": error(0, format!("unreadable request: {e}"))}),
        },
        Ok(_) => return json!({"error": error(0, "unreadable request: not a JSON object")}),
        Err(e) => return json!({"error": error(0, format!("unreadable request: {e}"))}),
    };
    // Names are case-insensitive, and otherwise exact.
    let kind = GameKind::ALL
        .into_iter()
        .find(|kind| kind.name().eq_ignore_ascii_case(&request.game));
    let Some(kind) = kind else {
        let e = mancala_rules::ParseError::UnknownGame(request.game.clone());
        return json!({"game": request.game, "error": error(0, e)});
    };
    let game = match &request.start {
        None => Ok(kind.new_game()),
        Some(start) => kind.game_from(&start.pits, start.scores, start.to_move),
    };
    let mut game = match game {
        Ok(game) => game,
        Err(e) => return json!({"game": kind.name(), "error": error(0, format!("invalid start: {e}"))}),
    };
    let mut positions = vec![position(&game)];
    for (i, text) in request.moves.iter().enumerate() {
        let played = parse_move(text).and_then(|mv| game.play(mv).map_err(|e| e.to_string()));
        if let Err(message) = played {
            return json!({"game": kind.name(), "positions": positions, "error": error(i + 1, message)});
        }
        positions.push(position(&game));
    }
    json!({"game": kind.name(), "positions": positions})
}

fn main() {
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let response = match line {
            // One output line per input line, blank ones included.
            Ok(line) if line.trim().is_empty() => json!({"error": error(0, "empty request")}),
            Ok(line) => respond(&line),
            Err(e) => json!({"error": error(0, format!("unreadable input: {e}"))}),
        };
        // A closed stdout ends the program quietly rather than with a panic.
        if writeln!(out, "{response}").and_then(|()| out.flush()).is_err() {
            return;
        }
    }
}
