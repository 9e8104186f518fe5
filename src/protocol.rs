//! The replay protocol: JSON Lines in, one JSON line out per line in.
//!
//! This is how programs in any language check and drive the rule engines:
//! each request names a game, an optional start and a list of moves, and the
//! answer lists every position of the replay, or says which move was illegal.
//! [`serve`] answers a whole stream of requests; the `replay` example is a
//! thin wrapper around it that reads standard input and writes standard
//! output. The shape below is a stable contract: fields may be added, never
//! removed or changed.
//!
//! # Request
//!
//! One JSON object on one line:
//!
//! ```json
//! {"game": "djenon-aboure", "start": {"pits": [4,4,4,4,4,4,4,4,4,4,4,4], "scores": [0,0], "to_move": 0}, "moves": ["3", "9", "pass"]}
//! ```
//!
//! - `game` (required): `bohnenspiel`, `djenon-aboure`, `tihbat`,
//!   `al-manqala`, the reference games `oware` and `kalah`, or a shipped
//!   variant under its own name: `bohnenspiel-hemprich`, `tihbat-chain`,
//!   `kalah-3`, `kalah-5`, `kalah-6`, `kalah-empty-capture`,
//!   `kalah-3-empty-capture`, `kalah-5-empty-capture`,
//!   `kalah-6-empty-capture` ([`GameKind::ALL`]), or a game of the
//!   catalogue ([`GameKind::catalogue`]: every data file of `src/games/`,
//!   e.g. `mangala-ii`); in any letter case but otherwise exactly
//!   ([`GameKind::name`]: aliases are not read here).
//! - `rules` (in place of `game`; added to the contract, nothing before it
//!   changed): a game declared as data, the JSON form of
//!   [`RulesData`], for a game the crate does not ship:
//!   `{"rules": {"format": 1, "name": "my-game", "pits": 8, "seeds": 3}, "moves": ["1"]}`.
//!   It is checked as [`RulesData::from_json`](crate::RulesData::from_json)
//!   checks a file; a data form that does not read or that the engine
//!   cannot play exactly is refused at ply 0 with `invalid rules: ` and the
//!   field at fault. The response's `game` is the declaration's name. A
//!   declaration under a shipped game's name must be that game's. Each
//!   distinct declaration stays loaded for the program's life, at most
//!   [`MAX_DECLARATIONS`](crate::MAX_DECLARATIONS).
//! - `start` (optional; missing or `null`: the game's opening): `pits`, the
//!   board in standard notation order `1..2N`; `scores`, the seeds captured
//!   so far `[south, north]` (default `[0, 0]`); `to_move`, 0 for South or 1
//!   for North (default 0). The seeds must add up to the game's total.
//! - `moves` (optional, default none): moves in standard notation, each a
//!   JSON string: a pit number `"1"` to `"2N"` in plain decimal, or `"pass"`.
//!   Anything else (`"01"`, `" 1"`, `"Pass"`, the number `1`) is an illegal
//!   move at its own ply.
//!   In a game where the player chooses the direction of some moves
//!   ([`SowingTurn::chosen_direction`](crate::primitives::SowingTurn::chosen_direction):
//!   Goat, Cow, Alemungula, Mbangbi of the catalogue), such a move is the
//!   pit number followed by `ccw` (counterclockwise, to higher pit
//!   numbers) or `cw` (clockwise): `"3ccw"`, `"3cw"`, and a plain pit
//!   number there is illegal. This is an addition: in every other game a
//!   move with a direction is refused at its ply with the message a move
//!   that is not one gets (`'3cw' is not a move: ...`), as it was before
//!   directions existed, so no earlier request's answer changes.
//!
//! Keys may come in any order. A key that appears twice, `game` and `rules`
//! together, or a key other than these (in the request or in `start`),
//! makes the request unreadable.
//! So does a value that does not decode, anywhere in the line (in `moves`
//! too, after an illegal move or inside an array given as a move): a string
//! with a lone surrogate escape (`"\ud800"`), a number beyond a 64-bit
//! float's range (`1e999999`), nesting deeper than 128 levels.
//!
//! # Response
//!
//! ```json
//! {"game": "djenon-aboure", "positions": [P0, P1, P2, P3]}
//! ```
//!
//! `positions[0]` is the start and `positions[i]` the position after the
//! `i`-th move. Each position is
//!
//! ```json
//! {"pits": [..], "scores": [s, n], "to_move": 0, "legal": ["1","4"], "over": false, "final": null, "winner": null}
//! ```
//!
//! - `pits`: the board as the last move left it (end-of-game sweeps and
//!   splits show only in `final`);
//! - `scores`: seeds captured so far, South then North (in games with
//!   stores such as Kalah: the stores' contents);
//! - `to_move`: whose turn it is (for a finished game, who would move next;
//!   after a Kalah move that ends in the mover's store, the mover again);
//! - `legal`: the legal moves in ascending pit order, `["pass"]` when passing
//!   is the only move, `[]` once the game is over; a pit whose direction
//!   the player chooses is listed twice, `"3ccw"` then `"3cw"`, in its
//!   place;
//! - `over`; `final`: the end totals `[south, north]` (captures plus sweep
//!   or split) once over, else `null`; `winner`: 0, 1, or `null` for a draw
//!   or an unfinished game.
//!
//! The game's own history rules apply: a Tihbat position that repeats one
//! seen earlier in the replay ends the game with the board split.
//!
//! # Games in rounds
//!
//! A game declared with [`Rules::rounds`](crate::Rules::rounds) (Dakon,
//! Ohvulhu: a match of rounds, see [`Rounds`]) is
//! replayed one round a request. Its `start` may say two more keys, which
//! no other game's start may have (its request is then refused as an
//! invalid start):
//!
//! - `out_of_play`: the round's out-of-play pits, as pit numbers (default
//!   `[]`); they must be empty;
//! - `starter`: who started the round, 0 or 1 (default `to_move`), which
//!   [`RoundStarter::Alternate`](crate::RoundStarter::Alternate) reads, and
//!   a pick of the last seeds by the round's starter
//!   ([`Pick::LastSeedsToStarter`](crate::primitives::Pick::LastSeedsToStarter)).
//!
//! Each of its positions has two more fields after `winner`:
//! `out_of_play`, the round's out-of-play pits, and `next_round`: `null`,
//! except on a position where the round is over and the match goes on,
//! where it is the next round's start: `{"pits", "scores", "to_move",
//! "out_of_play"}`, which a request can send as its `start` as it is. The
//! next round's starter under [`RoundStarter::LastMover`](crate::RoundStarter::LastMover)
//! is the mover of the request's last move that was not a pass (with no
//! such move, the opponent of the player to move). Every other game's
//! answers are as they were.
//!
//! A game in rounds for territory ([`RoundFill::is_territory`](crate::RoundFill::is_territory):
//! the pits change owners between rounds) also says the round's
//! territory: its `start` may have a third key, `territory`, the pit
//! numbers South owns (default: South's row; only such a game's start may
//! have it), each of its positions has a field `territory` after
//! `next_round` (the pits South owns, always listed), and its
//! `next_round` says the next round's `territory` after its
//! `out_of_play`.
//!
//! ```json
//! {"pits": [..], "scores": [6, 8], "to_move": 0, "legal": ["3"], "over": false, "final": null, "winner": null, "out_of_play": [1, 2], "next_round": null}
//! ```
//!
//! # Games with children
//!
//! A game with children ([`SowingTurn::children`](crate::primitives::SowingTurn::children):
//! Toguz Kumalak's tuzdyk, a pit that becomes a player's house during
//! play) has one more field in each of its positions, after `winner`:
//! `children`, the pit numbers of the pits that are children, ascending
//! (`[]` before the first is made). Each is owned by the player facing its
//! row (a child in South's row, pits `1..=N`, is North's). Its start may say
//! them, as pit numbers, `"children": [4, 12]` (default `[]`); a start of
//! a game without children that names any is refused as an invalid start
//! ("pit 4 cannot be a child in this game"). A child's seeds stay in its
//! pit (in `pits`) and are its owner's: `final` counts them with the
//! owner's captures. Every other game's answers are as they were: no
//! `children` field.
//!
//! ```json
//! {"pits": [..], "scores": [10, 12], "to_move": 1, "legal": ["10","11"], "over": false, "final": null, "winner": null, "children": [4, 12]}
//! ```
//!
//! # Games with an opening rule
//!
//! An addition: a game whose first moves bar captures
//! ([`Opening`](crate::Opening), MancalaGames' `nocaptmoves`) counts them
//! down in its positions ([`Position::opening_left`](crate::Position::opening_left)).
//! While moves of the opening are left, a position has one more field,
//! last: `"opening_left": 2`; once the opening is over (0) the field is
//! absent, as in every position of every other game, whose answers are as
//! they were. A start may say it, `"opening_left": 1` (default 0: the
//! opening is over; the game's default start, with no `start`, opens with
//! the whole opening); a start of a game without an opening, or one that
//! names more moves than the game's opening has, is refused as an invalid
//! start ("1 moves of the opening left, but the game's opening has 0"). A
//! game in rounds opens each round with its opening: its `next_round`
//! start carries `"opening_left"` (after `territory`).
//!
//! ```json
//! {"pits": [..], "scores": [0, 0], "to_move": 1, "legal": ["4","5","6"], "over": false, "final": null, "winner": null, "opening_left": 1}
//! ```
//!
//! # Games that bar a return
//!
//! An addition: a game in which a single seed just sown round an end of
//! the board may not be sown straight back
//! ([`Playable::barred_return`](crate::Playable::barred_return),
//! MancalaGames' `DontUndoMoveOne`) holds the pit barred for the next move
//! in its positions ([`Position::barred`](crate::Position::barred)). While
//! a pit is barred, a position has one more field, last: `"barred": 6`
//! (the pit's number); after any other move the field is absent, as in
//! every position of every other game, whose answers are as they were. A
//! start may say it, `"barred": 6` (default none); a start of a game
//! without the rule, or one naming a pit no return could have barred (not
//! an end pit of the mover's row holding one seed, the pit round the end
//! from it empty), is refused as an invalid start ("pit 6 is barred, but
//! the game bars no return").
//!
//! ```json
//! {"pits": [..], "scores": [0, 0], "to_move": 1, "legal": ["7","8ccw","8cw","9"], "over": false, "final": null, "winner": null, "barred": 10}
//! ```
//!
//! # Errors
//!
//! A request that cannot be read, names an unknown game, holds an invalid
//! start, or makes an illegal move gets an `error` object `{"ply", "message"}`
//! instead of (or, for an illegal move, after) the positions, and the next
//! line is answered as usual:
//!
//! ```json
//! {"game": "tihbat", "positions": [P0], "error": {"ply": 1, "message": "pit 3 is not yours: South owns pits 1-2"}}
//! ```
//!
//! `ply` is the index of the failing move in `moves` plus one, or 0 when the
//! request as a whole is refused; moves after an illegal one are not looked
//! at. A refused request's line is `{"error": ..}` when it cannot be read
//! (not JSON, not an object, a missing or duplicate key, an unknown key, a
//! value of the wrong type), or `{"game": .., "error": ..}` for an unknown
//! game or an invalid start. Messages are for people and may change; the
//! shape and `ply` are the contract.
//!
//! # The stream
//!
//! - Lines end with `\n` (a `\r` before it is dropped); the last line needs
//!   no line end. Every line gets exactly one answer line, in order: a blank
//!   line gets an "empty request" error, a line that is not UTF-8 an
//!   "unreadable input" error.
//! - A UTF-8 byte order mark (`EF BB BF`) at the very start of the stream is
//!   skipped, since some editors and Windows tools write one; anywhere else
//!   it is just a character, and makes its line unreadable JSON.
//! - A line longer than [`Limits::max_line`] bytes (not counting its line
//!   end; [`DEFAULT_MAX_LINE`], 16 MiB, unless set) gets an error with ply 0,
//!   and is skipped without being stored.
//! - Each request is read in full before anything is written: its syntax,
//!   keys and types, and its moves, each kept as a two-byte value up to the
//!   first element that is not a move (a move takes at least four bytes of
//!   the line, `"7",`). Only then are the moves played, each position
//!   written as it is reached. So a request is refused as a whole (ply 0)
//!   before its first position is written, or not at all, and the
//!   one-line-per-request shape holds for every input. Memory for a request
//!   is the line itself, its `start`, its moves (at most half the line, a
//!   whole line's worth while the list grows) and, for games that end on a
//!   repetition, the positions since the last capture; never a value tree,
//!   nor one value per position written.
//! - The work for a request is bounded (see below).
//! - The end of the input ends [`serve`]. A read error on the input, or a
//!   write error on the output, ends it with a [`ProtocolError`].
//!
//! # Work per request
//!
//! A request of `m` moves writes at most `m + 1` positions, and a move
//! takes at least four bytes of the line, so at most
//! [`Limits::max_line`]` / 4 + 1` positions (about 4.2 million for the
//! default 16 MiB). For each position the legal moves are found once (they
//! are also what checks the next move): at most one sowing from each of
//! the `2N` pits (the mover's, and the opponent's when the mover has none,
//! to tell a pass from the end), plus the move played. A sowing is one lap,
//! or for a relay at most the game's
//! [`RelayRule::max_laps`](crate::primitives::RelayRule::max_laps) laps
//! (Djenon-aboure: 4,096; the only shipped game with relays). So a request
//! costs at most `(max_line / 4 + 1) × (2N + 1) × max_laps` laps: for
//! Djenon-aboure, about 49,000 laps a position, 0.7 ms on the development
//! machine (BENCHMARKS.md), whereas a position without a relay to the cap
//! takes about a microsecond. Memory does not grow with the laps.
//!
//! ```
//! use mancala_rules::protocol::{serve, Limits};
//!
//! let input = b"{\"game\":\"tihbat\",\"moves\":[\"1\"]}\n{\"game\":\"chess\"}\n";
//! let mut output = Vec::new();
//! let summary = serve(&input[..], &mut output, &Limits::default())?;
//! assert_eq!((summary.requests, summary.errors), (2, 1));
//! let output = String::from_utf8(output).unwrap();
//! let lines: Vec<&str> = output.lines().collect();
//! assert!(lines[0].starts_with(r#"{"game":"tihbat","positions":[{"pits":[7,7,7,7],"#));
//! assert!(lines[0].contains(r#"{"pits":[2,9,9,8],"scores":[0,0],"to_move":1,"legal":["3","4"]"#));
//! assert!(lines[1].starts_with(r#"{"game":"chess","error":{"ply":0,"#));
//! # Ok::<(), mancala_rules::protocol::ProtocolError>(())
//! ```

use std::fmt;
use std::io::{self, BufRead, BufWriter, Write};

use serde::de::{self, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;

use crate::history::{SinceCapture, Tracked};
use crate::{
    AgreementPolicy, Board, Escaped, GameKind, IllegalMove, Move, Outcome, ParseError, PitSet, Player,
    Position, PositionError, Round, Rounds, RulesData, Ruleset, Turn, WithRuleset,
};

/// The stateful mode: one game kept open between lines ([`serve_session`]).
pub mod session;
pub use session::{serve_session, Session, MAX_SESSION_MOVES, MAX_TIME_MS};

/// The default [`Limits::max_line`]: 16 MiB.
///
/// A move takes at least four bytes of a line (`"7",`), so this is room for
/// about four million moves, thousands of times longer than any real game,
/// while a request's memory (about twice its line, plus a constant) stays
/// small enough for any machine that runs the engines.
pub const DEFAULT_MAX_LINE: usize = 16 << 20;

/// Limits on the work [`serve`] takes on for one request.
///
/// ```
/// use mancala_rules::protocol::{Limits, DEFAULT_MAX_LINE};
///
/// assert_eq!(Limits::default().max_line, DEFAULT_MAX_LINE);
/// assert_eq!(Limits::new().with_max_line(1000).max_line, 1000);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Limits {
    /// The longest request line, in bytes, not counting its line end. A
    /// longer line gets an error (ply 0) and is skipped without being stored.
    pub max_line: usize,
}

impl Limits {
    /// The defaults: lines up to [`DEFAULT_MAX_LINE`] bytes.
    #[must_use]
    pub const fn new() -> Limits {
        Limits {
            max_line: DEFAULT_MAX_LINE,
        }
    }

    /// The same limits with lines up to `bytes` bytes.
    #[must_use]
    pub const fn with_max_line(self, bytes: usize) -> Limits {
        Limits { max_line: bytes }
    }
}

impl Default for Limits {
    /// [`Limits::new`].
    fn default() -> Self {
        Limits::new()
    }
}

/// What [`serve`] did: requests answered, and how many of the answers carry
/// an error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Summary {
    /// Lines answered (one response line each).
    pub requests: u64,
    /// Responses with an `error` field.
    pub errors: u64,
}

/// Why [`serve`] stopped before the end of its input.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ProtocolError {
    /// Reading the requests failed.
    #[error("cannot read the requests: {0}")]
    Read(#[source] io::Error),
    /// Writing a response failed.
    #[error("cannot write the responses: {0}")]
    Write(#[source] io::Error),
}

impl ProtocolError {
    /// Whether the output was closed by its reader (a broken pipe): for a
    /// command-line program, a reason to end quietly.
    #[must_use]
    pub fn is_closed_output(&self) -> bool {
        matches!(self, ProtocolError::Write(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

/// The UTF-8 byte order mark, skipped at the very start of the stream.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Answers every request line of `input` on `output`, one line each, until
/// the end of the input. See the [module documentation](self) for the
/// protocol.
///
/// `output` is buffered here and flushed after each response, so that a
/// program at the other end of a pipe gets each answer as soon as it is
/// ready.
///
/// ```
/// use mancala_rules::protocol::{serve, Limits};
///
/// let input = "{\"moves\": [\"1\", \"3\"], \"game\": \"Tihbat\"}\n\n";
/// let mut output = Vec::new();
/// serve(input.as_bytes(), &mut output, &Limits::default())?;
/// let output = String::from_utf8(output).unwrap();
/// let mut lines = output.lines();
/// let replay: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
/// assert_eq!(replay["game"], "tihbat");
/// assert_eq!(replay["positions"][2]["pits"], serde_json::json!([4, 11, 3, 10]));
/// assert_eq!(lines.next(), Some(r#"{"error":{"ply":0,"message":"empty request"}}"#));
/// # Ok::<(), mancala_rules::protocol::ProtocolError>(())
/// ```
///
/// # Errors
///
/// [`ProtocolError::Read`] when reading the input fails (an interrupted read
/// is retried), [`ProtocolError::Write`] when writing a response fails. A
/// bad request is never an error here: it is answered with an error line.
pub fn serve<R: BufRead, W: Write>(input: R, output: W, limits: &Limits) -> Result<Summary, ProtocolError> {
    serve_lines(input, output, limits, respond)
}

/// The stream of either mode: every line read in bounded memory and
/// answered by one line, `answer` writing the answer of a readable one.
fn serve_lines<R: BufRead, W: Write>(
    mut input: R,
    output: W,
    limits: &Limits,
    mut answer: impl FnMut(&str, &mut BufWriter<W>) -> io::Result<bool>,
) -> Result<Summary, ProtocolError> {
    let mut out = BufWriter::new(output);
    let mut line = Vec::new();
    let mut summary = Summary::default();
    loop {
        let read = read_line(&mut input, &mut line, limits.max_line).map_err(ProtocolError::Read)?;
        let errored = match read {
            Line::End => break,
            Line::TooLong => write_refusal(
                &mut out,
                None,
                &format!(
                    "request line longer than {} bytes: the limit is {} bytes",
                    limits.max_line, limits.max_line
                ),
            ),
            Line::Complete => {
                let mut text: &[u8] = &line;
                if summary.requests == 0 {
                    text = text.strip_prefix(BOM).unwrap_or(text);
                }
                // `\r\n` ends a line too (a lone `\r` at the end of the
                // input is JSON whitespace, answered alike).
                let text = text.strip_suffix(b"\r").unwrap_or(text);
                match std::str::from_utf8(text) {
                    Err(_) => write_refusal(
                        &mut out,
                        None,
                        "unreadable input: stream did not contain valid UTF-8",
                    ),
                    Ok(text) if text.trim().is_empty() => write_refusal(&mut out, None, "empty request"),
                    Ok(text) => answer(text, &mut out),
                }
            }
        }
        .and_then(|errored| out.flush().map(|()| errored))
        .map_err(ProtocolError::Write)?;
        summary.requests += 1;
        summary.errors += u64::from(errored);
    }
    out.flush().map_err(ProtocolError::Write)?;
    Ok(summary)
}

/// Answers one request (a line without its line end) with one response line,
/// `\n` included. Returns whether the response carries an error.
///
/// ```
/// use mancala_rules::protocol::respond;
///
/// let mut out = Vec::new();
/// let errored = respond(r#"{"game":"tihbat","start":{"pits":[7,7,7,7]},"moves":["3"]}"#, &mut out)?;
/// assert!(errored);
/// assert!(out.ends_with(br#"],"error":{"ply":1,"message":"pit 3 is not yours: South owns pits 1-2"}}
/// "#));
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
///
/// Only an error writing to `out`.
pub fn respond(request: &str, out: &mut impl Write) -> io::Result<bool> {
    // The one pass over the text: the whole line's syntax and shape, and its
    // moves, so that a bad request is refused before any position is written.
    let mut de = serde_json::Deserializer::from_str(request);
    let request = match Request::deserialize(&mut de).and_then(|request| de.end().map(|()| request)) {
        Ok(request) => request,
        Err(e) => return write_refusal(out, None, &format!("unreadable request: {e}")),
    };
    let kind = match &request.game {
        // Names are case-insensitive, and otherwise exact.
        // The shipped kinds first, then the catalogue's games (by their
        // names, not their aliases).
        Named::Game(name) => match GameKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(name))
            .or_else(|| {
                name.parse::<GameKind>()
                    .ok()
                    .filter(|kind| kind.name().eq_ignore_ascii_case(name))
            }) {
            Some(kind) => kind,
            None => {
                let e = ParseError::unknown_game(name);
                return write_refusal(out, Some(name), &e.to_string());
            }
        },
        // A declaration, checked (every problem named by its field) and loaded.
        Named::Rules(rules) => match RulesData::from_value(rules.clone()).and_then(|data| data.load()) {
            Ok(kind) => kind,
            Err(e) => return write_refusal(out, None, &format!("invalid rules: {e}")),
        },
    };
    // A game in rounds: the request is one round (see the module's
    // documentation); only such a game's start may say its out-of-play
    // pits and its starter.
    if let Some(rounds) = kind.rules().rounds {
        return respond_round(kind, rounds, request.start.as_ref(), &request.moves, out);
    }
    if request.start.as_ref().is_some_and(|start| {
        start.out_of_play.is_some() || start.starter.is_some() || start.territory.is_some()
    }) {
        return write_refusal(
            out,
            Some(kind.name()),
            "invalid start: out_of_play and starter are for games played in rounds",
        );
    }
    // Then the replay, under the kind's own rules type: nothing left to read.
    kind.with_ruleset(Respond {
        kind,
        start: request.start.as_ref(),
        moves: &request.moves,
        out,
    })
}

/// The replay of one request already read (see [`respond`]).
struct Respond<'a, W: Write> {
    kind: GameKind,
    start: Option<&'a Start>,
    moves: &'a Moves,
    out: &'a mut W,
}

impl<W: Write> WithRuleset for Respond<'_, W> {
    type Output = io::Result<bool>;

    fn run<R: Ruleset>(self, rules: R) -> io::Result<bool> {
        let start = match self.start {
            None => Ok(rules.start()),
            Some(start) => R::Position::from_parts(&start.pits, start.scores, start.to_move)
                .and_then(|pos| children_of(start.children.as_deref(), pos))
                .and_then(|pos| pos.with_opening_left(start.opening_left))
                .and_then(|pos| pos.with_barred(start.barred_pit()?))
                .and_then(|pos| rules.validate(&pos).map(|()| pos)),
        };
        match start {
            Ok(start) => replay(rules, start, self.kind, self.moves, None, self.out),
            Err(e) => write_refusal(self.out, Some(self.kind.name()), &format!("invalid start: {e}")),
        }
    }
}

/// `pos` with the children a start names (pit numbers), each a pit of the
/// board given once; whether the game has children is
/// [`Ruleset::validate`]'s check.
fn children_of<B: Board>(numbers: Option<&[u8]>, pos: B) -> Result<B, PositionError> {
    let mut children = PitSet::EMPTY;
    for &number in numbers.unwrap_or(&[]) {
        let pit = usize::from(number);
        if pit == 0 || pit > B::PITS || children.contains(pit - 1) {
            return Err(PositionError::BadChild { pit: number });
        }
        children = children.with(pit - 1);
    }
    Ok(pos.with_children(children))
}

/// The round of a game in rounds that a request's start describes.
#[derive(Clone, Copy)]
struct RoundInfo {
    rounds: Rounds,
    seeds: u8,
    out_of_play: PitSet,
    starter: Player,
    /// South's pits in a game in rounds for territory (empty: the usual
    /// rows).
    territory: PitSet,
}

/// One round of a game in rounds: its rules with the start's out-of-play
/// pits ([`Round`]), replayed like any game; each position also says the
/// out-of-play pits and, once the round is over, the next round's start.
fn respond_round(
    kind: GameKind,
    rounds: Rounds,
    start: Option<&Start>,
    moves: &Moves,
    out: &mut impl Write,
) -> io::Result<bool> {
    let pits = kind.pits();
    let mut out_of_play = PitSet::EMPTY;
    for &number in start
        .and_then(|start| start.out_of_play.as_ref())
        .into_iter()
        .flatten()
    {
        if number == 0 || usize::from(number) > pits {
            let message =
                format!("invalid start: out-of-play pit {number} is not on the board of {pits} pits");
            return write_refusal(out, Some(kind.name()), &message);
        }
        out_of_play = out_of_play.with(usize::from(number) - 1);
    }
    let mut territory = PitSet::EMPTY;
    let numbers = start.and_then(|start| start.territory.as_ref());
    if numbers.is_some() && !rounds.fill.is_territory() {
        return write_refusal(
            out,
            Some(kind.name()),
            "invalid start: territory is for games in rounds for territory",
        );
    }
    for &number in numbers.into_iter().flatten() {
        if number == 0 || usize::from(number) > pits {
            let message = format!("invalid start: territory pit {number} is not on the board of {pits} pits");
            return write_refusal(out, Some(kind.name()), &message);
        }
        territory = territory.with(usize::from(number) - 1);
    }
    let starter = match start.map(|start| start.starter.unwrap_or(start.to_move)) {
        None | Some(0) => Player::South,
        Some(1) => Player::North,
        Some(other) => {
            let message = format!("invalid start: starter {other} is neither 0 (South) nor 1 (North)");
            return write_refusal(out, Some(kind.name()), &message);
        }
    };
    let round = RoundInfo {
        rounds,
        seeds: kind.rules().seeds,
        out_of_play,
        starter,
        territory,
    };
    macro_rules! sizes {
        ($($pits:literal)*) => {
            match pits {
                $($pits => replay_round::<$pits>(kind, round, start, moves, out),)*
                _ => write_refusal(out, Some(kind.name()), "invalid start: no such board"),
            }
        };
    }
    sizes!(2 4 6 8 10 12 14 16 18 20 22 24 26 28 30)
}

fn replay_round<const P: usize>(
    kind: GameKind,
    info: RoundInfo,
    start: Option<&Start>,
    moves: &Moves,
    out: &mut impl Write,
) -> io::Result<bool> {
    let rules = Round::<P>::new(*kind.rules(), info.out_of_play)
        .with_territory(info.territory)
        .with_round_starter(info.starter);
    let position = match start {
        None => Ok(rules.start()),
        Some(start) => Position::<P>::from_parts(&start.pits, start.scores, start.to_move)
            .and_then(|pos| children_of(start.children.as_deref(), pos))
            .and_then(|pos| pos.with_opening_left(start.opening_left))
            .and_then(|pos| pos.with_barred(start.barred_pit()?))
            .and_then(|pos| rules.validate(&pos).map(|()| pos)),
    };
    match position {
        Ok(position) => {
            if let Some(pit) = info.out_of_play.into_iter().find(|&pit| position.pits[pit] > 0) {
                let message = format!("invalid start: out-of-play pit {} holds seeds", pit + 1);
                return write_refusal(out, Some(kind.name()), &message);
            }
            replay(rules, position, kind, moves, Some(info), out)
        }
        Err(e) => write_refusal(out, Some(kind.name()), &format!("invalid start: {e}")),
    }
}

// ---------------------------------------------------------------------------
// Reading lines in bounded memory
// ---------------------------------------------------------------------------

enum Line {
    /// The end of the input, no bytes read.
    End,
    /// A line (maybe the last, without a line end) is in the buffer.
    Complete,
    /// The line was longer than the limit; it was read and dropped.
    TooLong,
}

/// Reads one line into `line` (without its `\n`; a `\r` before it is kept
/// for the caller to drop), storing at most `max` bytes of it, not counting
/// its line end.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>, max: usize) -> io::Result<Line> {
    line.clear();
    // Room for the `\r` of a `\r\n`, which the limit does not count.
    let room = max.saturating_add(1);
    let mut length: usize = 0;
    let mut any = false;
    let too_long =
        |length: usize, line: &[u8]| length > room || (length == room && line.last() != Some(&b'\r'));
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            // The last line, without a line end: a `\r` counts.
            return Ok(match (any, length > max) {
                (false, _) => Line::End,
                (true, false) => Line::Complete,
                (true, true) => Line::TooLong,
            });
        }
        any = true;
        let (chunk, used, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        length = length.saturating_add(chunk.len());
        if length <= room {
            line.extend_from_slice(chunk);
        } else {
            line.clear();
        }
        input.consume(used);
        if done {
            return Ok(if too_long(length, line) {
                Line::TooLong
            } else {
                Line::Complete
            });
        }
    }
}

// ---------------------------------------------------------------------------
// Writing responses
// ---------------------------------------------------------------------------

fn write_str(out: &mut impl Write, text: &str) -> io::Result<()> {
    serde_json::to_writer(&mut *out, text).map_err(io::Error::from)
}

fn write_error(out: &mut impl Write, ply: u64, message: &str) -> io::Result<()> {
    write!(out, "\"error\":{{\"ply\":{ply},\"message\":")?;
    write_str(out, message)?;
    out.write_all(b"}")
}

/// A request refused as a whole: `{"error": ..}` or `{"game": .., "error": ..}`.
fn write_refusal(out: &mut impl Write, game: Option<&str>, message: &str) -> io::Result<bool> {
    out.write_all(b"{")?;
    if let Some(game) = game {
        out.write_all(b"\"game\":")?;
        write_str(out, game)?;
        out.write_all(b",")?;
    }
    write_error(out, 0, message)?;
    out.write_all(b"}\n")?;
    Ok(true)
}

/// A pit set as a JSON list of pit numbers.
fn write_pits(out: &mut impl Write, pits: PitSet) -> io::Result<()> {
    out.write_all(b"[")?;
    for (i, pit) in pits.enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write!(out, "{}", pit + 1)?;
    }
    out.write_all(b"]")
}

/// A round's fields after a position's own: its out-of-play pits, and the
/// next round's start once the round is over (`null` before, and when the
/// match is over).
fn write_round_fields<R: Ruleset>(
    out: &mut impl Write,
    replay: &Replay<R>,
    info: &RoundInfo,
    last_mover: Option<Player>,
) -> io::Result<()> {
    out.write_all(b",\"out_of_play\":")?;
    write_pits(out, info.out_of_play)?;
    out.write_all(b",\"next_round\":")?;
    let pos = replay.current();
    let next = replay.outcome().and_then(|outcome| {
        let to_move = pos.to_move();
        let last = last_mover.unwrap_or(to_move.opponent());
        let starter = info.rounds.next_starter(info.starter, to_move, &outcome, last);
        let claims = crate::primitives::territory::claims(pos.pits(), pos.scores(), &outcome, info.territory);
        let mut pits = pos.pits().to_vec();
        let mut scores = [0u8; 2];
        let (out_of_play, south) = info
            .rounds
            .fill_round_into(info.seeds, claims, &mut pits, &mut scores)?;
        Some((pits, scores, starter, out_of_play, south))
    });
    // A game for territory: the pits South owns, always listed.
    let listed = |south: PitSet| {
        if south.is_empty() {
            PitSet::first(pos.pits().len() / 2)
        } else {
            south
        }
    };
    let territory = info.rounds.fill.is_territory();
    match next {
        None => out.write_all(b"null")?,
        Some((pits, [south, north], starter, out_of_play, owned)) => {
            out.write_all(b"{\"pits\":[")?;
            for (i, seeds) in pits.iter().enumerate() {
                if i > 0 {
                    out.write_all(b",")?;
                }
                write!(out, "{seeds}")?;
            }
            write!(
                out,
                "],\"scores\":[{south},{north}],\"to_move\":{},\"out_of_play\":",
                starter.index()
            )?;
            write_pits(out, out_of_play)?;
            if territory {
                out.write_all(b",\"territory\":")?;
                write_pits(out, listed(owned))?;
            }
            // A game with an opening rule: every round opens with it.
            let opening = replay.tracked.rules().opening_moves();
            if opening > 0 {
                write!(out, ",\"opening_left\":{opening}")?;
            }
            out.write_all(b"}")?;
        }
    }
    if territory {
        out.write_all(b",\"territory\":")?;
        write_pits(
            out,
            listed(info.territory.intersection(PitSet::first(pos.pits().len()))),
        )?;
    }
    Ok(())
}

fn write_position<R: Ruleset>(out: &mut impl Write, replay: &Replay<R>) -> io::Result<()> {
    write_position_fields(out, replay)?;
    // A game with children: the position's children, after every other
    // field (no other game's answer changes).
    if replay.tracked.rules().has_children() {
        out.write_all(b",\"children\":")?;
        write_pits(out, replay.current().children())?;
    }
    // A position in a game's opening: the moves of it left, last, only
    // while there are some (no other position's answer changes).
    let left = replay.current().opening_left();
    if left > 0 {
        write!(out, ",\"opening_left\":{left}")?;
    }
    // A position whose mover may not play a pit barred by a return: its
    // number, last, only then (no other position's answer changes).
    if let Some(pit) = replay.current().barred() {
        write!(out, ",\"barred\":{}", pit + 1)?;
    }
    out.write_all(b"}")
}

/// A position's fields, without its closing brace.
fn write_position_fields<R: Ruleset>(out: &mut impl Write, replay: &Replay<R>) -> io::Result<()> {
    let pos = replay.current();
    out.write_all(b"{\"pits\":[")?;
    for (i, seeds) in pos.pits().iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write!(out, "{seeds}")?;
    }
    let [south, north] = pos.scores();
    write!(
        out,
        "],\"scores\":[{south},{north}],\"to_move\":{},\"legal\":[",
        pos.to_move().index()
    )?;
    let outcome = replay.outcome();
    let legal = match (outcome, replay.turn) {
        (None, Turn::Moves(legal)) => legal,
        _ => crate::MoveSet::NONE,
    };
    for (i, mv) in legal.into_iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write!(out, "\"{mv}\"")?;
    }
    match outcome {
        None => out.write_all(b"],\"over\":false,\"final\":null,\"winner\":null"),
        Some(outcome) => {
            let [south, north] = outcome.totals;
            write!(out, "],\"over\":true,\"final\":[{south},{north}],\"winner\":")?;
            match outcome.winner() {
                Some(winner) => write!(out, "{}", winner.index()),
                None => out.write_all(b"null"),
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The replay itself, in bounded memory
// ---------------------------------------------------------------------------

/// A game being replayed: the crate's game-with-history ([`Tracked`]) with
/// only the positions since the last capture kept, and the turn of the
/// current position computed once, for its line and the check of the next
/// move (so a ply sows each relay once).
struct Replay<R: Ruleset> {
    tracked: Tracked<R, SinceCapture<R::Position>>,
    turn: Turn,
}

impl<R: Ruleset> Replay<R> {
    fn new(rules: R, start: R::Position) -> Replay<R> {
        // The protocol makes no agreement: only a repetition rule looks back.
        Replay {
            turn: rules.turn(&start),
            tracked: Tracked::new(rules, AgreementPolicy::Never, start, SinceCapture::new()),
        }
    }

    fn current(&self) -> &R::Position {
        self.tracked.position()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.tracked.ended().or(match self.turn {
            Turn::Over(outcome) => Some(outcome),
            Turn::Moves(_) => None,
        })
    }

    /// The same checks and ends as [`Game::play`](crate::Game::play).
    fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.tracked.ended().is_some() {
            return Err(IllegalMove::GameOver);
        }
        let rules = *self.tracked.rules();
        let current = *self.current();
        // What `Ruleset::play` does, with the legal moves already known.
        match self.turn {
            Turn::Moves(legal) if legal.contains(mv) => {}
            _ => rules.check(&current, mv)?,
        }
        let mut next = current;
        rules.play_unchecked(&mut next, mv);
        self.tracked.advance(next);
        self.turn = rules.turn(&next);
        Ok(())
    }
}

/// Writes the positions of a request already read: the start, then one per
/// move, up to the first move that is not legal or not a move.
fn replay<R: Ruleset, W: Write>(
    rules: R,
    start: R::Position,
    kind: GameKind,
    moves: &Moves,
    round: Option<RoundInfo>,
    out: &mut W,
) -> io::Result<bool> {
    out.write_all(b"{\"game\":")?;
    write_str(out, kind.name())?;
    out.write_all(b",\"positions\":[")?;
    let mut replay = Replay::new(rules, start);
    // The mover of the last move that was not a pass (who starts the next
    // round under `RoundStarter::LastMover`).
    let mut last_mover = None;
    let write = |out: &mut W, replay: &Replay<R>, last_mover: Option<Player>| match &round {
        None => write_position(out, replay),
        Some(info) => {
            write_position_fields(out, replay)?;
            write_round_fields(out, replay, info, last_mover)?;
            out.write_all(b"}")
        }
    };
    write(out, &replay, last_mover)?;
    let mut failure = None;
    for (ply, &mv) in (1u64..).zip(&moves.read) {
        let mover = replay.current().to_move();
        if mv.direction().is_some() && !rules.chooses_directions() {
            // Before moves had directions, such a move was not read at all:
            // the same answer, so that no request's answer changes.
            failure = Some((ply, ParseError::Move(mv.to_string()).to_string()));
            break;
        }
        if let Err(e) = replay.play(mv) {
            failure = Some((ply, e.to_string()));
            break;
        }
        if mv != Move::Pass {
            last_mover = Some(mover);
        }
        out.write_all(b",")?;
        write(out, &replay, last_mover)?;
    }
    if failure.is_none() {
        // Every move before it was played: the token that is not a move is
        // the next ply.
        failure = moves
            .not_a_move
            .as_ref()
            .map(|message| (moves.read.len() as u64 + 1, message.clone()));
    }
    out.write_all(b"]")?;
    let errored = match &failure {
        Some((ply, message)) => {
            out.write_all(b",")?;
            write_error(out, *ply, message)?;
            true
        }
        None => false,
    };
    out.write_all(b"}\n")?;
    Ok(errored)
}

// ---------------------------------------------------------------------------
// Deserialising: the request, its moves included, in one pass
// ---------------------------------------------------------------------------

/// A request's keys.
enum Field {
    Game,
    Rules,
    Start,
    Moves,
}

const FIELDS: &[&str] = &["game", "rules", "start", "moves"];

impl<'de> Deserialize<'de> for Field {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Field, D::Error> {
        struct FieldVisitor;
        impl Visitor<'_> for FieldVisitor {
            type Value = Field;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a request field: game, rules, start or moves")
            }
            fn visit_str<E: de::Error>(self, key: &str) -> Result<Field, E> {
                match key {
                    "game" => Ok(Field::Game),
                    "rules" => Ok(Field::Rules),
                    "start" => Ok(Field::Start),
                    "moves" => Ok(Field::Moves),
                    other => Err(E::unknown_field(other, FIELDS)),
                }
            }
        }
        deserializer.deserialize_identifier(FieldVisitor)
    }
}

/// A request as read: its game, start and moves.
struct Request {
    /// The game named, or its declaration as data (`"rules"`).
    game: Named,
    start: Option<Start>,
    moves: Moves,
}

/// How a request says its game.
enum Named {
    /// By name.
    Game(String),
    /// By its declaration ([`RulesData`]'s JSON form).
    Rules(serde_json::Value),
}

/// A start position; missing captures default to `[0, 0]` and a missing
/// player to South.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Start {
    pits: Vec<u8>,
    #[serde(default, deserialize_with = "two_scores")]
    scores: [u8; 2],
    #[serde(default)]
    to_move: u8,
    /// A game in rounds: the round's out-of-play pits (pit numbers).
    #[serde(default)]
    out_of_play: Option<Vec<u8>>,
    /// A game in rounds: who started the round (default: `to_move`).
    #[serde(default)]
    starter: Option<u8>,
    /// A game in rounds for territory: the pits South owns (pit numbers;
    /// default: South's row).
    #[serde(default)]
    territory: Option<Vec<u8>>,
    /// A game with children: the children's pit numbers (default `[]`).
    #[serde(default)]
    children: Option<Vec<u8>>,
    /// A game with an opening rule: the moves of the opening left
    /// (default 0: the opening is over).
    #[serde(default)]
    opening_left: u8,
    /// A game that bars a return: the pit the mover may not play (its
    /// number; default none).
    #[serde(default)]
    barred: Option<u8>,
}

impl Start {
    /// The barred pit (0-based), or `BadBarred` for pit 0.
    fn barred_pit(&self) -> Result<Option<usize>, PositionError> {
        match self.barred {
            None => Ok(None),
            Some(0) => Err(PositionError::BadBarred { pit: 0 }),
            Some(pit) => Ok(Some(usize::from(pit) - 1)),
        }
    }
}

/// `[south, north]`. (Read as a list first: serde_json streaming into an
/// array of two calls a third element "trailing characters".)
fn two_scores<'de, D: de::Deserializer<'de>>(deserializer: D) -> Result<[u8; 2], D::Error> {
    let scores = Vec::<u8>::deserialize(deserializer)?;
    <[u8; 2]>::try_from(scores.as_slice())
        .map_err(|_| de::Error::invalid_length(scores.len(), &"two captures, [south, north]"))
}

impl<'de> Deserialize<'de> for Request {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Request, D::Error> {
        struct RequestVisitor;
        impl<'de> Visitor<'de> for RequestVisitor {
            type Value = Request;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a request object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Request, A::Error> {
                let mut game: Option<String> = None;
                let mut rules: Option<serde_json::Value> = None;
                let mut start: Option<Option<Start>> = None;
                let mut moves: Option<Moves> = None;
                while let Some(field) = map.next_key::<Field>()? {
                    match field {
                        Field::Game if game.is_some() => return Err(de::Error::duplicate_field("game")),
                        Field::Game => game = Some(map.next_value()?),
                        Field::Rules if rules.is_some() => return Err(de::Error::duplicate_field("rules")),
                        Field::Rules => rules = Some(map.next_value()?),
                        Field::Start if start.is_some() => return Err(de::Error::duplicate_field("start")),
                        Field::Start => start = Some(map.next_value()?),
                        Field::Moves if moves.is_some() => return Err(de::Error::duplicate_field("moves")),
                        Field::Moves => moves = Some(map.next_value()?),
                    }
                }
                let game = match (game, rules) {
                    (Some(name), None) => Named::Game(name),
                    (None, Some(rules)) => Named::Rules(rules),
                    (Some(_), Some(_)) => {
                        return Err(de::Error::custom(
                            "a request names a game or gives its rules, not both",
                        ))
                    }
                    (None, None) => return Err(de::Error::missing_field("game")),
                };
                Ok(Request {
                    game,
                    start: start.flatten(),
                    moves: moves.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_map(RequestVisitor)
    }
}

/// A request's `moves` as read: the moves up to the first element that is
/// not a move, and why that one is not.
///
/// Two bytes a move, and a move takes at least four bytes of the line (`"7",`),
/// so this is at most half the line (a whole line's worth while the list
/// grows), and the replay that follows has nothing left to read: it cannot
/// find the request unreadable after writing a position.
#[derive(Default)]
struct Moves {
    read: Vec<Move>,
    /// The message for the element after `read`, if it is not a move.
    /// Elements after it are read (they must be well-formed) but not kept.
    not_a_move: Option<String>,
}

impl<'de> Deserialize<'de> for Moves {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Moves, D::Error> {
        struct MovesVisitor;
        impl<'de> Visitor<'de> for MovesVisitor {
            type Value = Moves;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an array of moves")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Moves, A::Error> {
                let mut moves = Moves::default();
                while let Some(MoveToken(token)) = seq.next_element()? {
                    match token {
                        Ok(mv) => moves.read.push(mv),
                        Err(message) => {
                            moves.not_a_move = Some(message);
                            break;
                        }
                    }
                }
                // Moves after one that is not a move are not looked at, but
                // must be readable.
                while seq.next_element::<Decoded>()?.is_some() {}
                Ok(moves)
            }
        }
        deserializer.deserialize_seq(MovesVisitor)
    }
}

/// Any JSON value, decoded in full and dropped. Unlike [`IgnoredAny`](serde::de::IgnoredAny), which
/// skips strings and numbers without decoding them, this refuses what a move
/// would: a string with a lone surrogate escape (`"\ud800"`), a number out
/// of a float's range (`1e999999`). So the request is unreadable wherever in
/// `moves` such a value stands.
struct Decoded;

impl<'de> Deserialize<'de> for Decoded {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Decoded, D::Error> {
        struct DecodedVisitor;
        impl<'de> Visitor<'de> for DecodedVisitor {
            type Value = Decoded;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<Decoded, E> {
                Ok(Decoded)
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<Decoded, E> {
                Ok(Decoded)
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<Decoded, E> {
                Ok(Decoded)
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<Decoded, E> {
                Ok(Decoded)
            }
            fn visit_str<E: de::Error>(self, _: &str) -> Result<Decoded, E> {
                Ok(Decoded)
            }
            fn visit_unit<E: de::Error>(self) -> Result<Decoded, E> {
                Ok(Decoded)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Decoded, A::Error> {
                while seq.next_element::<Decoded>()?.is_some() {}
                Ok(Decoded)
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Decoded, A::Error> {
                while map.next_entry::<Decoded, Decoded>()?.is_some() {}
                Ok(Decoded)
            }
        }
        deserializer.deserialize_any(DecodedVisitor)
    }
}

/// One element of `moves`: a move, or why it is not one.
struct MoveToken(Result<Move, String>);

/// A move exactly as the protocol writes it: the string `"pass"` or a pit
/// number in plain decimal, with `ccw` or `cw` after it for a chosen
/// direction. (The library's parser is more forgiving, for people.)
fn parse_move(text: &str) -> Result<Move, String> {
    let mv: Move = text.parse().map_err(|e: ParseError| {
        // Letters after a number (`999cw`) were refused as not a move
        // before directions existed: the same words.
        let trimmed = text.trim();
        if trimmed.bytes().any(|b| b.is_ascii_alphabetic()) {
            ParseError::Move(trimmed.to_string()).to_string()
        } else {
            e.to_string()
        }
    })?;
    if mv.to_string() == text {
        Ok(mv)
    } else if mv.direction().is_some() {
        // A direction written loosely (`3CW`, ` 3cw`): refused in the words
        // used before directions existed, which read no direction at all.
        Err(ParseError::Move(text.trim().to_string()).to_string())
    } else {
        Err(format!(
            "'{}' is not a move in standard notation: write a pit number such as 7, or pass",
            Escaped(text)
        ))
    }
}

fn not_a_move(what: impl fmt::Display) -> MoveToken {
    MoveToken(Err(format!(
        "{what} is not a move: moves are strings such as \"7\" or \"pass\""
    )))
}

impl<'de> Deserialize<'de> for MoveToken {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<MoveToken, D::Error> {
        struct TokenVisitor;
        impl<'de> Visitor<'de> for TokenVisitor {
            type Value = MoveToken;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a move")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<MoveToken, E> {
                Ok(MoveToken(parse_move(text)))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<MoveToken, E> {
                Ok(not_a_move(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<MoveToken, E> {
                Ok(not_a_move(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<MoveToken, E> {
                Ok(not_a_move(v))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<MoveToken, E> {
                Ok(not_a_move(serde_json::Value::from(v)))
            }
            fn visit_unit<E: de::Error>(self) -> Result<MoveToken, E> {
                Ok(not_a_move("null"))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<MoveToken, A::Error> {
                while seq.next_element::<Decoded>()?.is_some() {}
                Ok(not_a_move("an array"))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<MoveToken, A::Error> {
                while map.next_entry::<Decoded, Decoded>()?.is_some() {}
                Ok(not_a_move("an object"))
            }
        }
        deserializer.deserialize_any(TokenVisitor)
    }
}
