//! The stateful mode of the protocol ([`serve_session`]): one game kept
//! open between requests, driven move by move, in constant work per move.
//!
//! The replay mode answers each line on its own, so a program that drives a
//! game move by move sends the whole game every time (quadratic work), and
//! cannot ask for an agreement or for the engine's move. In a session each
//! line is one operation on the open game, answered with the new position,
//! its end and, for a move, the move's report: the work of a move no longer
//! grows with the moves before it.
//!
//! # Requests
//!
//! One JSON object a line, with an `op` and that op's fields only:
//!
//! ```json
//! {"op": "open", "game": "oware"}
//! {"op": "open", "game": "tihbat", "start": {"pits": [7,7,7,7], "scores": [0,0], "to_move": 0}}
//! {"op": "open", "rules": {"format": 1, "name": "my-game", "pits": 8, "seeds": 3}}
//! {"op": "play", "move": "3"}
//! {"op": "undo"}
//! {"op": "agree"}
//! {"op": "best", "depth": 8, "time_ms": 200, "nodes": 100000}
//! {"op": "show"}
//! ```
//!
//! - `open`: a new game of `game` (a name of [`GameKind::ALL`], in any
//!   letter case but otherwise exactly, as in the replay mode), or of the
//!   game declared by `rules` (the JSON form of [`RulesData`], checked and
//!   loaded as the replay mode's `rules`), from `start` (as in the replay
//!   mode; missing or `null`: the opening). It replaces the open game, if
//!   any.
//! - `play`: plays `move`, in the replay mode's strict notation (`"1"` to
//!   `"2N"` in plain decimal, or `"pass"`).
//! - `undo`: takes back the last move (none at the start: `"undone": null`).
//! - `agree`: ends the game by the players' agreement to split the board
//!   (only where the rules allow it: Al-manqala).
//! - `best`: the engine's move (alpha-beta, the game's history included)
//!   within the limits given: `depth` plies (1 to
//!   [`MAX_DEPTH`](crate::search::MAX_DEPTH); default 12 without a time),
//!   `time_ms` milliseconds (1 to [`MAX_TIME_MS`]), `nodes` positions (at
//!   least 1). The move is not played. Needs the `search` feature.
//! - `show`: the position, unchanged.
//!
//! Unknown keys, a key given twice, a value of the wrong type, a field of
//! another op, or an op before the first `open` (other than `open`) are
//! refused, and the open game is left as it was.
//!
//! # Responses
//!
//! ```json
//! {"op":"play","game":"oware","report":{"move":"3","player":0,"laps":1,"last_pit":7,"captured":[],"seeds_captured":0,"in_store":false},"position":P}
//! ```
//!
//! Every answer has `op` and, once a game is open, `game`; then `undone`
//! (undo), `report` (play), `best` (best: `{"move","score","depth","line",
//! "nodes"}`, `null` once the game is over), and `position`:
//!
//! ```json
//! {"pits":[..],"scores":[s,n],"to_move":1,"legal":["7","8"],"over":false,"final":null,"winner":null,"reason":null,"moves":1}
//! ```
//!
//! as in the replay mode, plus `reason` (why the game ended, as records
//! spell it: `"Majority"`, `"Agreement"`, ...; `null` while it goes on) and
//! `moves` (the moves played). A refused request is answered with an
//! `error` `{"ply", "message"}` in place of the position: `ply` is the
//! number of the move refused for a `play`, 0 otherwise.
//!
//! # The stream and its bounds
//!
//! Lines are read as in the replay mode (the same limit on their length,
//! byte order mark, `\r\n`, empty and non-UTF-8 lines answered with an
//! error). A move's work does not grow with the game: one move played and
//! checked, one position written, and, as for each position of the replay
//! mode, the history rules' look at the positions since the last capture
//! (a few in real games; every move of a game that never captures). A game keeps at most
//! [`MAX_SESSION_MOVES`] moves (a move past it is refused); `best` searches
//! at most [`MAX_TIME_MS`] or the depth given.
//!
//! ```
//! use mancala_rules::protocol::{serve_session, Limits};
//!
//! let input = concat!(
//!     "{\"op\":\"open\",\"game\":\"tihbat\"}\n",
//!     "{\"op\":\"play\",\"move\":\"1\"}\n",
//!     "{\"op\":\"play\",\"move\":\"1\"}\n",
//!     "{\"op\":\"undo\"}\n",
//! );
//! let mut output = Vec::new();
//! let summary = serve_session(input.as_bytes(), &mut output, &Limits::default())?;
//! assert_eq!((summary.requests, summary.errors), (4, 1));
//! let output = String::from_utf8(output).unwrap();
//! let lines: Vec<&str> = output.lines().collect();
//! assert!(lines[1].contains(r#""position":{"pits":[2,9,9,8],"scores":[0,0],"to_move":1,"legal":["3","4"]"#));
//! assert!(lines[2].contains(r#""error":{"ply":2,"message":"pit 1 is not yours: North owns pits 3-4"}"#));
//! assert!(lines[3].starts_with(r#"{"op":"undo","game":"tihbat","undone":"1","position":{"pits":[7,7,7,7]"#));
//! # Ok::<(), mancala_rules::protocol::ProtocolError>(())
//! ```

use std::io::{self, BufRead, Write};

use serde::Deserialize;

use super::{serve_lines, write_error, write_str, Limits, ProtocolError, Start, Summary};
use crate::{AnyGame, GameKind, Move, MoveReport, ParseError, Player, RulesData, Status};

/// The most moves a session's game keeps: a move past it is refused. It
/// bounds a session's memory (a position and a move each, some tens of
/// bytes).
pub const MAX_SESSION_MOVES: usize = 1_000_000;

/// The longest search a `best` request may ask for: 10 minutes.
pub const MAX_TIME_MS: u64 = 600_000;

/// Answers every line of `input` on `output` as an operation on one game
/// kept open between lines (see the [module documentation](self)), until
/// the end of the input.
///
/// # Errors
///
/// As [`serve`](super::serve): [`ProtocolError::Read`] when reading fails,
/// [`ProtocolError::Write`] when writing fails; a bad request is answered
/// with an error line.
pub fn serve_session<R: BufRead, W: Write>(
    input: R,
    output: W,
    limits: &Limits,
) -> Result<Summary, ProtocolError> {
    let mut session = Session::new();
    serve_lines(input, output, limits, |text, out| session.respond(text, out))
}

/// One session of the stateful mode: the open game, if any.
///
/// ```
/// use mancala_rules::protocol::Session;
///
/// let mut session = Session::new();
/// let mut out = Vec::new();
/// assert!(!session.respond(r#"{"op":"open","game":"kalah"}"#, &mut out)?);
/// assert!(!session.respond(r#"{"op":"play","move":"3"}"#, &mut out)?);
/// assert_eq!(session.game().map(|g| g.moves().len()), Some(1));
/// // Kalah: the last seed in the mover's store, South moves again.
/// assert!(String::from_utf8(out).unwrap().contains(r#""in_store":true"#));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Session {
    game: Option<AnyGame>,
}

/// A request of the stateful mode, as read: every op's fields, checked
/// against the op afterwards.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Command {
    op: String,
    game: Option<String>,
    rules: Option<serde_json::Value>,
    start: Option<Start>,
    #[serde(rename = "move")]
    mv: Option<String>,
    depth: Option<u64>,
    time_ms: Option<u64>,
    nodes: Option<u64>,
}

/// Why a request is refused: the ply it names and the message.
struct Refusal(u64, String);

impl Refusal {
    fn whole(message: impl Into<String>) -> Refusal {
        Refusal(0, message.into())
    }
}

/// What an op adds to its answer before the position.
enum Extra {
    None,
    Undone(Option<Move>),
    Report(MoveReport),
    #[cfg(feature = "search")]
    Best(Option<crate::BestMove>),
}

const OPS: &str = "open, play, undo, agree, best, show";

impl Session {
    /// A session with no game open.
    #[must_use]
    pub fn new() -> Session {
        Session::default()
    }

    /// The open game, if any.
    #[must_use]
    pub fn game(&self) -> Option<&AnyGame> {
        self.game.as_ref()
    }

    /// Answers one request (a line without its line end) with one response
    /// line, `\n` included; returns whether the response carries an error.
    /// A refused request leaves the open game as it was.
    ///
    /// # Errors
    ///
    /// Only an error writing to `out`.
    pub fn respond(&mut self, request: &str, out: &mut impl Write) -> io::Result<bool> {
        let mut de = serde_json::Deserializer::from_str(request);
        let command = match Command::deserialize(&mut de).and_then(|c| de.end().map(|()| c)) {
            Ok(command) => command,
            Err(e) => {
                return self.write_refusal(out, None, &Refusal::whole(format!("unreadable request: {e}")))
            }
        };
        match self.run(&command) {
            Ok(extra) => self.write_answer(out, &command.op, &extra).map(|()| false),
            Err(refusal) => self.write_refusal(out, Some(&command.op), &refusal),
        }
    }

    fn run(&mut self, c: &Command) -> Result<Extra, Refusal> {
        let allowed: &[&str] = match c.op.as_str() {
            "open" => &["game", "rules", "start"],
            "play" => &["move"],
            "best" => &["depth", "time_ms", "nodes"],
            "undo" | "agree" | "show" => &[],
            other => {
                return Err(Refusal::whole(format!(
                    "unknown op {}: the ops are {OPS}",
                    serde_json::to_string(other).unwrap_or_default()
                )))
            }
        };
        let given = [
            ("game", c.game.is_some()),
            ("rules", c.rules.is_some()),
            ("start", c.start.is_some()),
            ("move", c.mv.is_some()),
            ("depth", c.depth.is_some()),
            ("time_ms", c.time_ms.is_some()),
            ("nodes", c.nodes.is_some()),
        ];
        if let Some((field, _)) = given.iter().find(|(f, is)| *is && !allowed.contains(f)) {
            return Err(Refusal::whole(format!(
                "field `{field}` is not one of op {}'s",
                c.op
            )));
        }
        if c.op == "open" {
            return self.open(c).map(|()| Extra::None);
        }
        let Some(game) = self.game.as_mut() else {
            return Err(Refusal::whole(
                "no game is open: open one first, {\"op\":\"open\",\"game\":NAME}",
            ));
        };
        match c.op.as_str() {
            "play" => {
                let text =
                    c.mv.as_deref()
                        .ok_or_else(|| Refusal::whole("op play needs a `move`"))?;
                let ply = game.moves().len() as u64 + 1;
                if game.moves().len() >= MAX_SESSION_MOVES {
                    return Err(Refusal(
                        ply,
                        format!("the game has {MAX_SESSION_MOVES} moves, a session's most"),
                    ));
                }
                let mv = Move::from_notation(text).map_err(|e| Refusal(ply, e.to_string()))?;
                game.play(mv)
                    .map(Extra::Report)
                    .map_err(|e| Refusal(ply, e.to_string()))
            }
            "undo" => Ok(Extra::Undone(game.undo())),
            "agree" => game
                .agree_to_split()
                .map(|_| Extra::None)
                .map_err(|e| Refusal::whole(e.to_string())),
            "best" => best(game, c),
            _ => Ok(Extra::None),
        }
    }

    fn open(&mut self, c: &Command) -> Result<(), Refusal> {
        let kind = match (c.game.as_deref(), &c.rules) {
            (Some(name), None) => GameKind::ALL
                .into_iter()
                .find(|k| k.name().eq_ignore_ascii_case(name))
                .ok_or_else(|| Refusal::whole(ParseError::unknown_game(name).to_string()))?,
            // A declaration, checked (every problem named by its field) and loaded.
            (None, Some(rules)) => RulesData::from_value(rules.clone())
                .and_then(|data| data.load())
                .map_err(|e| Refusal::whole(format!("invalid rules: {e}")))?,
            (Some(_), Some(_)) => return Err(Refusal::whole("op open takes a `game` or `rules`, not both")),
            (None, None) => return Err(Refusal::whole("op open needs a `game` or `rules`")),
        };
        let game = match &c.start {
            None => AnyGame::new(kind),
            Some(start) => Player::from_index(start.to_move)
                .and_then(|player| kind.game_from(&start.pits, start.scores, player))
                .map_err(|e| Refusal::whole(format!("invalid start: {e}")))?,
        };
        self.game = Some(game);
        Ok(())
    }

    fn write_refusal(&self, out: &mut impl Write, op: Option<&str>, refusal: &Refusal) -> io::Result<bool> {
        out.write_all(b"{")?;
        if let Some(op) = op {
            out.write_all(b"\"op\":")?;
            write_str(out, op)?;
            out.write_all(b",")?;
        }
        if let Some(game) = &self.game {
            write!(out, "\"game\":\"{}\",", game.kind().name())?;
        }
        write_error(out, refusal.0, &refusal.1)?;
        out.write_all(b"}\n")?;
        Ok(true)
    }

    fn write_answer(&self, out: &mut impl Write, op: &str, extra: &Extra) -> io::Result<()> {
        let Some(game) = &self.game else {
            return Ok(());
        };
        write!(out, "{{\"op\":\"{op}\",\"game\":\"{}\",", game.kind().name())?;
        match extra {
            Extra::None => {}
            Extra::Undone(None) => out.write_all(b"\"undone\":null,")?,
            Extra::Undone(Some(mv)) => write!(out, "\"undone\":\"{mv}\",")?,
            Extra::Report(r) => {
                write!(
                    out,
                    "\"report\":{{\"move\":\"{}\",\"player\":{},\"laps\":{},\"last_pit\":",
                    r.mv,
                    r.player.index(),
                    r.laps
                )?;
                match r.last_pit {
                    Some(pit) => write!(out, "{pit}")?,
                    None => out.write_all(b"null")?,
                }
                out.write_all(b",\"captured\":[")?;
                for (i, pit) in r.captured.into_iter().enumerate() {
                    let comma = if i > 0 { "," } else { "" };
                    write!(out, "{comma}{}", pit + 1)?;
                }
                write!(
                    out,
                    "],\"seeds_captured\":{},\"in_store\":{}}},",
                    r.seeds_captured, r.in_store
                )?;
            }
            #[cfg(feature = "search")]
            Extra::Best(None) => out.write_all(b"\"best\":null,")?,
            #[cfg(feature = "search")]
            Extra::Best(Some(best)) => {
                write!(
                    out,
                    "\"best\":{{\"move\":\"{}\",\"score\":{},\"depth\":{},\"line\":[",
                    best.mv, best.score, best.depth
                )?;
                for (i, mv) in best.line.iter().enumerate() {
                    let comma = if i > 0 { "," } else { "" };
                    write!(out, "{comma}\"{mv}\"")?;
                }
                write!(out, "],\"nodes\":{}}},", best.nodes)?;
            }
        }
        write_position(out, game)?;
        out.write_all(b"}\n")
    }
}

/// The engine's move within the request's limits.
#[cfg(feature = "search")]
fn best(game: &AnyGame, c: &Command) -> Result<Extra, Refusal> {
    use crate::search::{Limits, MAX_DEPTH};
    use std::time::Duration;
    let mut limits = match c.time_ms {
        None => Limits::default(),
        Some(ms @ 1..=MAX_TIME_MS) => Limits::time(Duration::from_millis(ms)),
        Some(ms) => {
            return Err(Refusal::whole(format!(
                "time_ms {ms} is out of range: 1 to {MAX_TIME_MS}"
            )))
        }
    };
    if let Some(depth) = c.depth {
        if !(1..=u64::from(MAX_DEPTH)).contains(&depth) {
            return Err(Refusal::whole(format!(
                "depth {depth} is out of range: 1 to {MAX_DEPTH}"
            )));
        }
        limits = limits.with_depth(depth as u32);
    }
    if let Some(nodes) = c.nodes {
        if nodes == 0 {
            return Err(Refusal::whole("nodes 0 is out of range: at least 1"));
        }
        limits = limits.with_nodes(nodes);
    }
    Ok(Extra::Best(game.best_move(limits)))
}

/// Without the `search` feature: refused.
#[cfg(not(feature = "search"))]
fn best(_game: &AnyGame, _c: &Command) -> Result<Extra, Refusal> {
    Err(Refusal::whole(
        "op best needs the crate's `search` feature, which this build lacks",
    ))
}

fn write_position(out: &mut impl Write, game: &AnyGame) -> io::Result<()> {
    out.write_all(b"\"position\":{\"pits\":[")?;
    for (i, seeds) in game.pits().iter().enumerate() {
        let comma = if i > 0 { "," } else { "" };
        write!(out, "{comma}{seeds}")?;
    }
    let [south, north] = game.scores();
    write!(
        out,
        "],\"scores\":[{south},{north}],\"to_move\":{},\"legal\":[",
        game.to_move().index()
    )?;
    let status = game.status();
    if !status.is_over() {
        for (i, mv) in game.legal_moves().into_iter().enumerate() {
            let comma = if i > 0 { "," } else { "" };
            write!(out, "{comma}\"{mv}\"")?;
        }
    }
    match status {
        Status::Ongoing => {
            out.write_all(b"],\"over\":false,\"final\":null,\"winner\":null,\"reason\":null")?
        }
        Status::Over(outcome) => {
            let [s, n] = outcome.totals;
            write!(out, "],\"over\":true,\"final\":[{s},{n}],\"winner\":")?;
            match outcome.winner() {
                Some(p) => write!(out, "{}", p.index())?,
                None => out.write_all(b"null")?,
            }
            out.write_all(b",\"reason\":")?;
            serde_json::to_writer(&mut *out, &outcome.reason).map_err(io::Error::from)?;
        }
    }
    write!(out, ",\"moves\":{}}}", game.moves().len())
}
