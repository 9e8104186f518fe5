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
    #[serde(default)]
    moves: Vec<MoveText>,
}

/// A move as the protocol writes it (a string); a bare number is taken as a
/// pit number too.
#[derive(Deserialize)]
#[serde(untagged)]
enum MoveText {
    Text(String),
    Number(u64),
}

impl MoveText {
    fn parse(&self) -> Result<Move, String> {
        match self {
            MoveText::Text(text) => text.parse().map_err(|e: mancala_rules::ParseError| e.to_string()),
            MoveText::Number(n) => u8::try_from(*n)
                .map(Move::Pit)
                .map_err(|_| format!("pit {n} is out of range")),
        }
    }
}

#[derive(Deserialize)]
struct Start {
    pits: Vec<u8>,
    scores: [u8; 2],
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
    let request: Request = match serde_json::from_str(line) {
        Ok(request) => request,
        Err(e) => return json!({"error": error(0, format!("unreadable request: {e}"))}),
    };
    let kind: GameKind = match request.game.parse() {
        Ok(kind) => kind,
        Err(e) => return json!({"game": request.game, "error": error(0, e)}),
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
        let played = text
            .parse()
            .and_then(|mv| game.play(mv).map_err(|e| e.to_string()));
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
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => respond(&line),
            Err(e) => json!({"error": error(0, format!("unreadable input: {e}"))}),
        };
        // A closed stdout ends the program quietly rather than with a panic.
        if writeln!(out, "{response}").and_then(|()| out.flush()).is_err() {
            return;
        }
    }
}
