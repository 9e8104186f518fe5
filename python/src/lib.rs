//! `mancala_rules._core`: the crate's [`AnyGame`] for Python, and a batch
//! of games stepped together in Rust ([`VectorGame`]) for the vector
//! environment. The Python modules (`mancala_rules/*.py`) build PettingZoo
//! and OpenSpiel on these.
//!
//! No input from Python panics: every bad argument is a typed Python
//! exception (a `ValueError` subclass) carrying the crate's reason.

use std::time::Duration;

use mancala_rules::playout::{Playouts, SplitMix64};
use mancala_rules::search::{Limits, MAX_DEPTH};
use mancala_rules::{
    AgreementPolicy, AnyGame, AutomatedStop, EndReason, Error, GameKind, Move, MoveReport, MoveSet, Outcome,
    ParseError, PitSet, Player, WithRuleset,
};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

create_exception!(
    _core,
    MancalaError,
    PyValueError,
    "Base class of every error of mancala_rules (a ValueError)."
);
create_exception!(
    _core,
    IllegalMoveError,
    MancalaError,
    "A move that may not be played, or that is not a move; the message is the crate's reason."
);
create_exception!(
    _core,
    RulesError,
    MancalaError,
    "Rules that cannot be played, or a game the crate does not know."
);
create_exception!(
    _core,
    UnknownGameError,
    RulesError,
    "A game name the crate does not know."
);
create_exception!(
    _core,
    PositionError,
    MancalaError,
    "A position that cannot belong to its game."
);
create_exception!(
    _core,
    RecordError,
    MancalaError,
    "A game record that cannot be read or that disagrees with its moves."
);
create_exception!(
    _core,
    AgreementError,
    MancalaError,
    "An agreement to split that the game does not allow now."
);

/// The Python exception for a crate error, with the crate's message.
fn error(e: &Error) -> PyErr {
    let text = e.to_string();
    match e {
        Error::Parse(ParseError::UnknownGame { .. }) => UnknownGameError::new_err(text),
        Error::Parse(ParseError::Record(_)) | Error::Record(_) | Error::Play(_) => RecordError::new_err(text),
        Error::Parse(_) | Error::Illegal(_) => IllegalMoveError::new_err(text),
        Error::Position(_) => PositionError::new_err(text),
        Error::Agreement(_) => AgreementError::new_err(text),
        _ => MancalaError::new_err(text),
    }
}

fn kind_of(name: &str) -> PyResult<GameKind> {
    name.parse::<GameKind>().map_err(|e| error(&Error::from(e)))
}

/// A game from Python: a name, or a `Game`.
#[derive(FromPyObject)]
enum GameArg {
    Name(String),
    Game(Game),
}

/// A move from Python: a pit number (int, 1-based; 0 is pass) or the crate's
/// notation (`"7"`, `"pass"`).
#[derive(FromPyObject)]
enum MoveArg {
    Int(i64),
    Text(String),
}

impl MoveArg {
    fn to_move(&self) -> PyResult<Move> {
        let text = match self {
            MoveArg::Int(0) => return Ok(Move::Pass),
            // The common case without the text: a pit number.
            &MoveArg::Int(n @ 1..=255) => return Ok(Move::from_byte(n as u8)),
            MoveArg::Int(n) => n.to_string(),
            MoveArg::Text(t) => t.clone(),
        };
        text.parse::<Move>().map_err(|e| error(&Error::from(e)))
    }
}

/// A move as Python sees it: the pit number, 0 for pass, and for a move
/// in a direction the player chooses the crate's byte of it
/// (`Move::to_byte`: the pit number plus 64 counterclockwise, plus 128
/// clockwise).
fn move_number(mv: Move) -> u8 {
    mv.to_byte()
}

/// The snake-case name of an end reason (`"majority"`, `"row_empty"`, ...).
fn reason_name(reason: EndReason) -> &'static str {
    match reason {
        EndReason::AllCaptured => "all_captured",
        EndReason::MoverRowEmpty => "mover_row_empty",
        EndReason::NoMoves => "no_moves",
        EndReason::Starvation => "starvation",
        EndReason::Repetition => "repetition",
        EndReason::Agreement => "agreement",
        EndReason::Majority => "majority",
        EndReason::RowEmpty => "row_empty",
        EndReason::FewSeeds => "few_seeds",
        EndReason::Cleared(_) => "cleared",
        EndReason::Eliminated(_) => "eliminated",
    }
}

/// How a game ended: each player's final total and why.
#[pyclass(module = "mancala_rules._core", name = "Outcome", frozen, eq)]
#[derive(Clone, PartialEq)]
struct GameOutcome {
    /// Final totals, `[south, north]`.
    #[pyo3(get)]
    totals: (u32, u32),
    /// Why the game ended, a snake-case name (`"majority"`, `"row_empty"`, ...).
    #[pyo3(get)]
    reason: &'static str,
    /// Why the game ended, in the crate's words.
    #[pyo3(get)]
    reason_text: String,
    /// The winner, 0 (South) or 1 (North), or None for a draw.
    #[pyo3(get)]
    winner: Option<u8>,
}

impl From<Outcome> for GameOutcome {
    fn from(o: Outcome) -> Self {
        GameOutcome {
            totals: (o.totals[0], o.totals[1]),
            reason: reason_name(o.reason),
            reason_text: o.reason.to_string(),
            winner: o.winner().map(|p| p.index() as u8),
        }
    }
}

#[pymethods]
impl GameOutcome {
    fn __repr__(&self) -> String {
        let winner = self.winner.map_or_else(|| "None".to_string(), |w| w.to_string());
        format!(
            "Outcome(totals={:?}, reason={:?}, winner={winner})",
            self.totals, self.reason
        )
    }
}

/// What a move did: who played it, where the last seed fell, what it captured.
#[pyclass(module = "mancala_rules._core", name = "MoveReport", frozen, eq)]
#[derive(Clone, PartialEq)]
struct Report {
    /// The move played: its pit number, 0 for pass.
    #[pyo3(get, name = "move")]
    mv: u8,
    /// Who played it: 0 (South) or 1 (North).
    #[pyo3(get)]
    player: u8,
    /// Laps sown: 1 for a plain sowing, more for a relay, 0 for a pass.
    #[pyo3(get)]
    laps: u32,
    /// The pit where the last seed fell (None for a pass).
    #[pyo3(get)]
    last_pit: Option<u8>,
    /// The pits captured (read as a list by the `captured` getter).
    captured: PitSet,
    /// Seeds captured.
    #[pyo3(get)]
    seeds_captured: u8,
    /// Whether the last seed fell in the mover's own store.
    #[pyo3(get)]
    in_store: bool,
}

impl From<MoveReport> for Report {
    fn from(r: MoveReport) -> Self {
        Report {
            mv: move_number(r.mv),
            player: r.player.index() as u8,
            laps: r.laps,
            last_pit: r.last_pit,
            captured: r.captured,
            seeds_captured: r.seeds_captured,
            in_store: r.in_store,
        }
    }
}

#[pymethods]
impl Report {
    /// The pits captured, ascending pit numbers.
    #[getter]
    fn captured(&self) -> Vec<u32> {
        self.captured.into_iter().map(|i| i as u32 + 1).collect()
    }

    fn __repr__(&self) -> String {
        let last = self
            .last_pit
            .map_or_else(|| "None".to_string(), |p| p.to_string());
        format!(
            "MoveReport(move={}, player={}, last_pit={last}, captured={:?}, seeds_captured={})",
            self.mv,
            self.player,
            self.captured(),
            self.seeds_captured
        )
    }
}

/// The engine's choice: the move, its score for the player to move, the
/// depth searched, the expected line and the positions visited.
#[pyclass(module = "mancala_rules._core", name = "BestMove", frozen)]
struct Best {
    /// The move to play (pit number, 0 for pass).
    #[pyo3(get, name = "move")]
    mv: u8,
    /// Its score for the player to move: the capture difference expected, or
    /// a proven result (see `proven`).
    #[pyo3(get)]
    score: i32,
    /// The depth of the last completed iteration, in plies.
    #[pyo3(get)]
    depth: u32,
    /// The expected line, `move` first.
    #[pyo3(get)]
    line: Vec<u32>,
    /// Positions visited.
    #[pyo3(get)]
    nodes: u64,
    /// The proven margin for the player to move, or None if not proven.
    #[pyo3(get)]
    proven: Option<i32>,
    text: String,
}

#[pymethods]
impl Best {
    fn __repr__(&self) -> String {
        format!("BestMove({})", self.text)
    }
    fn __str__(&self) -> String {
        self.text.clone()
    }
}

/// The limits of a search from Python's keywords, checked.
fn limits(depth: Option<i64>, time_ms: Option<f64>, nodes: Option<i64>) -> PyResult<Limits> {
    let mut limits = match time_ms {
        None => Limits::default(),
        Some(ms) if ms.is_finite() && ms > 0.0 && ms <= 86_400_000.0 => {
            Limits::time(Duration::from_secs_f64(ms / 1000.0))
        }
        Some(ms) => {
            return Err(MancalaError::new_err(format!(
                "time_ms {ms} is not a time: give milliseconds above 0 and at most a day (86400000)"
            )))
        }
    };
    if let Some(d) = depth {
        if !(1..=i64::from(MAX_DEPTH)).contains(&d) {
            return Err(MancalaError::new_err(format!(
                "depth {d} is out of range: the search goes 1 to {MAX_DEPTH} plies deep"
            )));
        }
        limits = limits.with_depth(d as u32);
    }
    if let Some(n) = nodes {
        if n < 1 {
            return Err(MancalaError::new_err(format!(
                "nodes {n} is not a budget: give 1 or more"
            )));
        }
        limits = limits.with_nodes(n as u64);
    }
    Ok(limits)
}

fn policy(agree_at: Option<u32>) -> PyResult<AgreementPolicy> {
    match agree_at {
        None => Ok(AgreementPolicy::Never),
        Some(n) if n >= 1 => Ok(AgreementPolicy::OnOccurrence(n)),
        Some(n) => Err(MancalaError::new_err(format!(
            "agree_at {n} is not a count: a position occurs at least once"
        ))),
    }
}

/// Columns of an observation: the pits, two captures, the mover flag.
const EXTRA: usize = 3;

/// `viewer`'s view of the board, written to `out` (length pits + 3): the
/// pits from the viewer's first pit on in sowing order (the viewer's row,
/// then the opponent's), the viewer's captures, the opponent's, and 1 if
/// the viewer is to move (else 0).
fn observe(game: &AnyGame, viewer: usize, out: &mut [f32]) {
    let pits = game.pits();
    let p = pits.len();
    let offset = if viewer == 0 { 0 } else { p / 2 };
    for (i, slot) in out[..p].iter_mut().enumerate() {
        *slot = f32::from(pits[(i + offset) % p]);
    }
    let scores = game.scores();
    out[p] = f32::from(scores[viewer]);
    out[p + 1] = f32::from(scores[1 - viewer]);
    out[p + 2] = if game.to_move().index() == viewer {
        1.0
    } else {
        0.0
    };
}

/// The legal actions as a mask (length pits + 1): action `a < pits` is the
/// `a`-th pit from the mover's first pit on (the mover's view), action
/// `pits` is pass.
fn mask(game: &AnyGame, out: &mut [i8]) {
    mask_of(game, game.legal_moves(), out);
}

/// [`mask`] of the legal moves `legal` of `game`.
fn mask_of(game: &AnyGame, legal: MoveSet, out: &mut [i8]) {
    out.fill(0);
    let p = game.pits().len();
    let offset = if game.to_move().index() == 0 { 0 } else { p / 2 };
    // None once the game is over.
    for mv in legal {
        match mv.index() {
            Some(i) => out[(i + p - offset) % p] = 1,
            None => out[p] = 1,
        }
    }
}

/// The action of a legal move `mv` of `game` (see [`mask`]).
fn move_action(game: &AnyGame, mv: Move) -> usize {
    let p = game.pits().len();
    let offset = if game.to_move().index() == 0 { 0 } else { p / 2 };
    match mv.index() {
        Some(i) => (i + p - offset) % p,
        None => p,
    }
}

/// The move of action `a` (see [`mask`]).
fn action_move(game: &AnyGame, action: i64) -> PyResult<Move> {
    let p = game.pits().len();
    let offset = if game.to_move().index() == 0 { 0 } else { p / 2 };
    match usize::try_from(action) {
        Ok(a) if a < p => Ok(Move::from_index((a + offset) % p)),
        Ok(a) if a == p => Ok(Move::Pass),
        _ => Err(IllegalMoveError::new_err(format!(
            "action {action} is out of range: the actions are 0-{p} (pits from the mover's first, then pass)"
        ))),
    }
}

/// How automated play stops before the next move, as a word: `"over"`,
/// `"endless"` (a position occurred a third time in a game whose rules do
/// not end it), `"move_limit"`, or None.
fn stop_word(stop: Option<AutomatedStop>) -> Option<&'static str> {
    match stop? {
        AutomatedStop::Over(_) => Some("over"),
        AutomatedStop::Endless => Some("endless"),
        AutomatedStop::MoveLimit => Some("move_limit"),
    }
}

/// A game of any shipped kind, with its history: moves, undo, the end and
/// its reason, records, the engine and the rules.
///
/// Moves are pit numbers in standard notation (1 to the number of pits,
/// South's row first, counterclockwise), 0 for pass; `play` also takes the
/// crate's notation as a string ("7", "pass", "3cw"). In a game where the
/// player chooses the direction of a move, that move is its pit number plus
/// 64 (counterclockwise, "3ccw" is 67) or plus 128 (clockwise, "3cw" is 131).
#[pyclass(module = "mancala_rules._core")]
#[derive(Clone)]
struct Game {
    game: AnyGame,
}

#[pymethods]
impl Game {
    /// A new game from the opening; `name` is a game name or alias
    /// (`games()`), case-insensitive. Raises `UnknownGameError`.
    #[new]
    fn new(name: &str) -> PyResult<Self> {
        Ok(Game {
            game: AnyGame::new(kind_of(name)?),
        })
    }

    /// A game of `name` from a position: pits in standard notation, captures
    /// `[south, north]`, the player to move (0 South, 1 North). Raises
    /// `PositionError` if the position cannot belong to the game.
    #[staticmethod]
    fn from_position(name: &str, pits: Vec<u8>, scores: (u8, u8), to_move: u8) -> PyResult<Self> {
        let kind = kind_of(name)?;
        let player = match to_move {
            0 => Player::South,
            1 => Player::North,
            n => {
                return Err(error(&Error::Position(
                    mancala_rules::PositionError::NoSuchPlayer(n),
                )))
            }
        };
        let game = kind
            .game_from(&pits, [scores.0, scores.1], player)
            .map_err(|e| error(&Error::from(e)))?;
        Ok(Game { game })
    }

    /// A new game, from the opening, of the game declared by `rules`: the
    /// data form of a declaration (the crate's `RulesData`), as a dict or
    /// a JSON string. Raises `RulesError` with the crate's reason (the field
    /// at fault) for rules that do not read or cannot be played exactly.
    #[staticmethod]
    fn from_rules(py: Python<'_>, rules: &Bound<'_, PyAny>) -> PyResult<Self> {
        let json: String = match rules.extract::<String>() {
            Ok(text) => text,
            Err(_) => py.import("json")?.call_method1("dumps", (rules,))?.extract()?,
        };
        let kind = mancala_rules::RulesData::from_json(&json)
            .and_then(|data| data.load())
            .map_err(|e| RulesError::new_err(format!("invalid rules: {e}")))?;
        Ok(Game {
            game: AnyGame::new(kind),
        })
    }

    /// A new game of the same kind, from the opening.
    fn opening(&self) -> Self {
        Game {
            game: AnyGame::new(self.game.kind()),
        }
    }

    /// A game from its JSON record (`record_json`): the record's name picks
    /// the rules, then the start and every move are checked. Raises
    /// `RecordError` (or another `MancalaError`) with the crate's reason.
    #[staticmethod]
    fn from_record_json(json: &str) -> PyResult<Self> {
        Ok(Game {
            game: AnyGame::from_record_json(json).map_err(|e| error(&e))?,
        })
    }

    /// The game as portable JSON: name, start, moves, agreement, outcome.
    fn record_json(&self) -> String {
        self.game.record_json()
    }

    /// The game's name (`"oware"`, `"kalah"`, ...).
    #[getter]
    fn name(&self) -> &'static str {
        self.game.kind().name()
    }

    /// Pits on the board (both rows).
    #[getter]
    fn num_pits(&self) -> usize {
        self.game.pits().len()
    }

    /// Seeds in the game.
    #[getter]
    fn total_seeds(&self) -> u32 {
        struct Total;
        impl WithRuleset for Total {
            type Output = u32;
            fn run<R: mancala_rules::solve::Solvable>(self, rules: R) -> u32 {
                rules.total_seeds()
            }
        }
        self.game.kind().with_ruleset(Total)
    }

    /// The legal moves now, ascending pit numbers (0 for pass); empty once
    /// the game is over.
    fn legal_moves(&self) -> Vec<u32> {
        // None once the game is over.
        self.game
            .legal_moves()
            .into_iter()
            .map(|m| u32::from(move_number(m)))
            .collect()
    }

    /// Plays a move and returns its report. Raises `IllegalMoveError` with
    /// the crate's reason for a move that may not be played.
    #[pyo3(name = "play", signature = (move_))]
    fn play(&mut self, move_: MoveArg) -> PyResult<Report> {
        let mv = move_.to_move()?;
        self.game
            .play(mv)
            .map(Report::from)
            .map_err(|e| error(&Error::from(e)))
    }

    /// Takes back the last move and returns it (None at the start).
    fn undo(&mut self) -> Option<u8> {
        self.game.undo().map(move_number)
    }

    /// An independent copy of the game, history included.
    fn clone(&self) -> Self {
        Clone::clone(self)
    }

    fn __copy__(&self) -> Self {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        Clone::clone(self)
    }

    /// The moves played so far.
    fn moves(&self) -> Vec<u32> {
        self.game
            .moves()
            .iter()
            .map(|&m| u32::from(move_number(m)))
            .collect()
    }

    /// The pits, in standard-notation order.
    #[getter]
    fn pits(&self) -> Vec<u32> {
        self.game.pits().iter().map(|&p| u32::from(p)).collect()
    }

    /// Captures so far, `(south, north)` (the stores, in games with stores).
    #[getter]
    fn scores(&self) -> (u8, u8) {
        let [s, n] = self.game.scores();
        (s, n)
    }

    /// The player to move: 0 South, 1 North (for a finished game, who would
    /// move next).
    #[getter]
    fn to_move(&self) -> u8 {
        self.game.to_move().index() as u8
    }

    /// The position as a dict: `pits`, `scores`, `to_move`.
    fn position<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("pits", self.pits())?;
        d.set_item("scores", self.scores())?;
        d.set_item("to_move", self.to_move())?;
        Ok(d)
    }

    /// The position as a numpy array (uint8): the pits, then the captures
    /// of South and North, then the player to move.
    fn to_array<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        let mut v = self.game.pits().to_vec();
        v.extend(self.game.scores());
        v.push(self.to_move());
        PyArray1::from_vec(py, v)
    }

    /// A player's view as a float32 array (length pits + 3): the pits from
    /// the player's first pit on in sowing order (own row, then the
    /// opponent's), the player's captures, the opponent's, and 1.0 if the
    /// player is to move (else 0.0). `player` is 0 (South) or 1 (North),
    /// by default the player to move.
    #[pyo3(signature = (player = None))]
    fn observation<'py>(&self, py: Python<'py>, player: Option<u8>) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let viewer = match player {
            None => self.game.to_move().index(),
            Some(p @ (0 | 1)) => usize::from(p),
            Some(n) => {
                return Err(error(&Error::Position(
                    mancala_rules::PositionError::NoSuchPlayer(n),
                )))
            }
        };
        let mut v = vec![0.0; self.game.pits().len() + EXTRA];
        observe(&self.game, viewer, &mut v);
        Ok(PyArray1::from_vec(py, v))
    }

    /// The legal actions of the mover's view (length pits + 1, int8):
    /// action `a` below the number of pits is the `a`-th pit from the
    /// mover's first pit on, the last action is pass.
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let mut v = vec![0; self.game.pits().len() + 1];
        mask(&self.game, &mut v);
        PyArray1::from_vec(py, v)
    }

    /// The legal actions of the mover's view (see `action_mask`), ascending;
    /// empty once the game is over.
    fn legal_actions(&self) -> Vec<usize> {
        let mut actions: Vec<usize> = self
            .game
            .legal_moves()
            .into_iter()
            .map(|mv| move_action(&self.game, mv))
            .collect();
        actions.sort_unstable();
        actions
    }

    /// The move (pit number, 0 for pass) of an action of the mover's view.
    fn action_to_move(&self, action: i64) -> PyResult<u8> {
        action_move(&self.game, action).map(move_number)
    }

    /// The action of the mover's view for a move (pit number, 0 for pass).
    fn move_to_action(&self, move_: MoveArg) -> PyResult<usize> {
        let p = self.game.pits().len();
        let offset = if self.game.to_move().index() == 0 {
            0
        } else {
            p / 2
        };
        match move_.to_move()? {
            Move::Pass => Ok(p),
            Move::Pit(n) if (1..=p).contains(&usize::from(n)) => Ok((usize::from(n) - 1 + p - offset) % p),
            Move::Pit(n) => Err(IllegalMoveError::new_err(format!(
                "pit {n} is out of range: the pits are 1-{p}"
            ))),
            directed @ Move::Directed(..) => Err(IllegalMoveError::new_err(format!(
                "{directed}: a move with a chosen direction has no action (actions are pits)"
            ))),
        }
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.status().is_over()
    }

    /// The outcome once over (totals, reason, winner), else None.
    fn outcome(&self) -> Option<GameOutcome> {
        self.game.outcome().map(GameOutcome::from)
    }

    /// How many times the current position has occurred, counting itself.
    fn occurrences(&self) -> u32 {
        self.game.occurrences()
    }

    /// Ends the game by agreement (Al-manqala only) and returns the outcome.
    /// Raises `AgreementError` where the rules have none or the game is over.
    fn agree_to_split(&mut self) -> PyResult<GameOutcome> {
        self.game
            .agree_to_split()
            .map(GameOutcome::from)
            .map_err(|e| error(&e))
    }

    /// Agrees to split if the current position has occurred `agree_at`
    /// times (in games whose rules allow an agreement); returns whether it
    /// agreed.
    fn apply_policy(&mut self, agree_at: u32) -> PyResult<bool> {
        Ok(self.game.apply_policy(policy(Some(agree_at))?))
    }

    /// Where automated play stops before the next move: `"over"`,
    /// `"endless"` (a position occurred a third time in a game whose rules
    /// have no end for it), `"move_limit"` (`max_moves` moves played), or
    /// None to go on. Agrees to split first where the rules allow it and the
    /// position has occurred `agree_at` times (None: never).
    #[pyo3(signature = (max_moves, agree_at = Some(3)))]
    fn automated_stop(&mut self, max_moves: usize, agree_at: Option<u32>) -> PyResult<Option<&'static str>> {
        let policy = policy(agree_at)?;
        Ok(stop_word(self.game.automated_stop(policy, max_moves)))
    }

    /// The outcome if the game stopped now with the seeds on the board split
    /// equally (the crate's valuation of endless play), reason "repetition".
    fn split_outcome(&self) -> GameOutcome {
        self.game.split(EndReason::Repetition).into()
    }

    /// The engine's move (alpha-beta) within the limits: `depth` plies
    /// (1-120, default 12 without a time), `time_ms` milliseconds, `nodes`
    /// positions. None once the game is over. Raises `MancalaError` for a
    /// limit out of range.
    #[pyo3(signature = (depth = None, time_ms = None, nodes = None))]
    fn best_move(
        &self,
        py: Python<'_>,
        depth: Option<i64>,
        time_ms: Option<f64>,
        nodes: Option<i64>,
    ) -> PyResult<Option<Best>> {
        let limits = limits(depth, time_ms, nodes)?;
        let game = self.game.clone();
        let best = py.detach(move || game.best_move(limits));
        Ok(best.map(|b| Best {
            mv: move_number(b.mv),
            score: b.score,
            depth: b.depth,
            line: b.line.iter().map(|&m| u32::from(move_number(m))).collect(),
            nodes: b.nodes,
            proven: mancala_rules::search::proven_margin(b.score),
            text: b.to_string(),
        }))
    }

    /// The game's numbered rules, in Markdown.
    fn rules_text(&self) -> &'static str {
        self.game.rules_text()
    }

    /// The game's declaration (its rules as data), as JSON.
    fn rules_json(&self) -> PyResult<String> {
        serde_json::to_string(self.game.rules()).map_err(|e| RulesError::new_err(e.to_string()))
    }

    /// A two-row drawing of the position.
    fn diagram(&self) -> String {
        self.game.diagram()
    }

    /// The position in the crate's notation.
    fn __str__(&self) -> String {
        self.game.position_notation()
    }

    fn __repr__(&self) -> String {
        format!("Game({:?}: {})", self.name(), self.game.position_notation())
    }

    fn __eq__(&self, other: &Game) -> bool {
        self.game == other.game
    }
}

/// The names of every shipped game.
#[pyfunction]
fn games() -> Vec<&'static str> {
    GameKind::ALL.iter().map(|k| k.name()).collect()
}

/// The other names a game answers to.
#[pyfunction]
fn aliases(name: &str) -> PyResult<Vec<&'static str>> {
    Ok(kind_of(name)?.aliases().to_vec())
}

/// The game's canonical name for a name or alias.
#[pyfunction]
fn canonical_name(name: &str) -> PyResult<&'static str> {
    Ok(kind_of(name)?.name())
}

/// Answers one request of the crate's replay protocol (a JSON line) with its
/// response line, exactly as the `replay` example does.
#[pyfunction]
fn replay(request: &str) -> PyResult<String> {
    let mut out = Vec::new();
    mancala_rules::protocol::respond(request, &mut out).map_err(|e| MancalaError::new_err(e.to_string()))?;
    String::from_utf8(out)
        .map(|s| s.trim_end().to_string())
        .map_err(|e| MancalaError::new_err(e.to_string()))
}

/// N random playouts of one game, all in Rust, two games stepped side by
/// side (the crate's `Playouts::play_many`).
struct RandomPlayouts {
    count: u64,
    seed: u64,
    agree_at: Option<u32>,
}

impl WithRuleset for RandomPlayouts {
    type Output = (u64, u64, u64);
    fn run<R: mancala_rules::solve::Solvable>(self, rules: R) -> (u64, u64, u64) {
        let policy = self
            .agree_at
            .map_or(AgreementPolicy::Never, AgreementPolicy::OnOccurrence);
        let mut playouts = Playouts::new(rules, policy);
        let mut rng = SplitMix64::new(self.seed);
        let (mut plies, mut unfinished, mut south) = (0, 0, 0);
        playouts.play_many(&rules.start(), self.count, &mut rng, |p| {
            plies += u64::from(p.plies);
            match p.outcome {
                None => unfinished += 1,
                Some(o) if o.winner() == Some(Player::South) => south += 1,
                Some(_) => {}
            }
        });
        (plies, unfinished, south)
    }
}

/// The most random games or batch steps one call plays: a billion.
const MAX_RUN: u64 = 1_000_000_000;

fn check_run(what: &str, n: u64) -> PyResult<()> {
    if n > MAX_RUN {
        return Err(MancalaError::new_err(format!(
            "{what} {n} is out of range: one call plays at most {MAX_RUN}"
        )));
    }
    Ok(())
}

/// Plays `n` random games of `name` from the opening entirely in Rust (the
/// GIL released) and returns `(plies, unfinished, south_wins)`. Each game
/// stops at 10,000 plies at most (then it counts as unfinished); `n` is at
/// most a billion.
#[pyfunction]
#[pyo3(signature = (name, n, seed = 1, agree_at = Some(3)))]
fn random_playouts(
    py: Python<'_>,
    name: &str,
    n: u64,
    seed: u64,
    agree_at: Option<u32>,
) -> PyResult<(u64, u64, u64)> {
    let kind = kind_of(name)?;
    policy(agree_at)?;
    check_run("n", n)?;
    Ok(py.detach(move || {
        kind.with_ruleset(RandomPlayouts {
            count: n,
            seed,
            agree_at,
        })
    }))
}

/// What a game's rules say of history: whether the players may agree to
/// split, and whether play may go round for ever (no repetition rule, no
/// agreement).
#[derive(Clone, Copy)]
struct HistoryFlags {
    agreement: bool,
    endless_allowed: bool,
}

impl WithRuleset for HistoryFlags {
    type Output = HistoryFlags;
    fn run<R: mancala_rules::solve::Solvable>(self, rules: R) -> HistoryFlags {
        HistoryFlags {
            agreement: rules.agreement(),
            endless_allowed: rules.repetition() == mancala_rules::Repetition::Continues && !rules.agreement(),
        }
    }
}

impl HistoryFlags {
    /// `AnyGame::automated_stop`, with the legal moves it reads: the same
    /// checks in the same order, each position's moves worked out once
    /// (the agreement is asked only in a game that has one).
    fn stop(
        self,
        game: &mut AnyGame,
        policy: AgreementPolicy,
        max_moves: usize,
    ) -> (Option<AutomatedStop>, MoveSet) {
        if self.agreement && policy != AgreementPolicy::Never && game.apply_policy(policy) {
            return (game.outcome().map(AutomatedStop::Over), MoveSet::NONE);
        }
        let legal = game.legal_moves();
        if legal.is_empty() {
            return (game.outcome().map(AutomatedStop::Over), legal);
        }
        if self.endless_allowed && game.occurrences() >= 3 {
            return (Some(AutomatedStop::Endless), legal);
        }
        (
            (game.moves().len() >= max_moves).then_some(AutomatedStop::MoveLimit),
            legal,
        )
    }
}

/// A batch of games of one kind stepped together in Rust: actions in (the
/// mover's view, as `Game.action_mask`), observations, masks, rewards and
/// done flags out, finished games reset at once.
#[pyclass(module = "mancala_rules._core")]
struct VectorGame {
    kind: GameKind,
    /// Where every game starts, and starts again once over.
    start: AnyGame,
    games: Vec<AnyGame>,
    /// Each game's legal moves, kept with it (the batch's games never stay
    /// over: they are reset as they end).
    legal: Vec<MoveSet>,
    pits: usize,
    flags: HistoryFlags,
    max_moves: usize,
    policy: AgreementPolicy,
    margin: bool,
    rng: SplitMix64,
}

impl VectorGame {
    /// Rewards `[south, north]` of an ended game.
    fn rewards(&self, outcome: Outcome) -> [f32; 2] {
        let [s, n] = outcome.totals;
        let diff = if self.margin {
            s as f32 - n as f32
        } else {
            match outcome.winner() {
                Some(Player::South) => 1.0,
                Some(Player::North) => -1.0,
                None => 0.0,
            }
        };
        [diff, -diff]
    }

    fn observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let w = self.pits + EXTRA;
        let mut v = vec![0.0; self.games.len() * w];
        for (game, out) in self.games.iter().zip(v.chunks_exact_mut(w)) {
            observe(game, game.to_move().index(), out);
        }
        PyArray1::from_vec(py, v).reshape([self.games.len(), w])
    }

    fn masks_array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
        let w = self.pits + 1;
        let mut v = vec![0; self.games.len() * w];
        for ((game, &legal), out) in self.games.iter().zip(&self.legal).zip(v.chunks_exact_mut(w)) {
            mask_of(game, legal, out);
        }
        PyArray1::from_vec(py, v).reshape([self.games.len(), w])
    }
}

#[pymethods]
impl VectorGame {
    /// `n` games of `game` (1 to 1,000,000): a game name, or a `Game`
    /// (declared by `Game.from_rules`, or from a position), whose current
    /// position every game starts from. A game stops after `max_moves`
    /// moves (truncated), where a position occurs a third time in a game
    /// whose rules do not end it (terminated, the board split equally), or
    /// at its end; Al-manqala's players agree to split when a position
    /// occurs `agree_at` times (None: never). Rewards are +1/-1/0, or the
    /// margin of the totals with `reward="margin"`.
    #[new]
    #[pyo3(signature = (game, n, max_moves = 1000, agree_at = Some(3), reward = "win", seed = 0))]
    fn new(
        game: GameArg,
        n: usize,
        max_moves: usize,
        agree_at: Option<u32>,
        reward: &str,
        seed: u64,
    ) -> PyResult<Self> {
        let start = match game {
            GameArg::Name(name) => AnyGame::new(kind_of(&name)?),
            GameArg::Game(game) => game.game,
        };
        let kind = start.kind();
        if !(1..=1_000_000).contains(&n) {
            return Err(MancalaError::new_err(format!(
                "n {n} is out of range: a batch has 1 to 1000000 games"
            )));
        }
        let margin = match reward {
            "win" => false,
            "margin" => true,
            other => {
                return Err(MancalaError::new_err(format!(
                    "reward '{other}' is not a reward: give \"win\" or \"margin\""
                )))
            }
        };
        let pits = start.pits().len();
        if start.legal_moves().is_empty() {
            return Err(MancalaError::new_err(
                "the start is over: a batch's games start where play goes on",
            ));
        }
        Ok(VectorGame {
            kind,
            legal: vec![start.legal_moves(); n],
            games: vec![start.clone(); n],
            start,
            pits,
            flags: kind.with_ruleset(HistoryFlags {
                agreement: false,
                endless_allowed: false,
            }),
            max_moves,
            policy: policy(agree_at)?,
            margin,
            rng: SplitMix64::new(seed),
        })
    }

    /// Games in the batch.
    #[getter]
    fn num_envs(&self) -> usize {
        self.games.len()
    }

    /// Pits on the board: observations have pits + 3 columns, masks pits + 1.
    #[getter]
    fn num_pits(&self) -> usize {
        self.pits
    }

    /// The game's name.
    #[getter]
    fn name(&self) -> &'static str {
        self.kind.name()
    }

    /// Every game back to the opening; returns the observations.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        self.legal.fill(self.start.legal_moves());
        self.games.fill(self.start.clone());
        self.observations(py)
    }

    /// The mover's view of every game, float32 `(n, pits + 3)`.
    #[pyo3(name = "observations")]
    fn py_observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        self.observations(py)
    }

    /// The legal actions of every game, int8 `(n, pits + 1)`.
    fn action_masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
        self.masks_array(py)
    }

    /// The player to move in every game (0 South, 1 North), int8 `(n,)`.
    fn to_move<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        PyArray1::from_vec(py, self.games.iter().map(|g| g.to_move().index() as i8).collect())
    }

    /// A copy of game `i`.
    fn game(&self, i: usize) -> PyResult<Game> {
        self.games
            .get(i)
            .map(|g| Game { game: g.clone() })
            .ok_or_else(|| {
                MancalaError::new_err(format!(
                    "game {i} is out of range: the batch has {}",
                    self.games.len()
                ))
            })
    }

    /// A uniformly random legal action for every game, int64 `(n,)`, from
    /// the batch's own generator (seeded by `seed`).
    fn random_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let mut v = Vec::with_capacity(self.games.len());
        for (g, &legal) in self.games.iter().zip(&self.legal) {
            let count = legal.len() as u64;
            let pick = if count == 0 {
                None
            } else {
                legal.into_iter().nth((self.rng.next_u64() % count) as usize)
            };
            v.push(pick.map_or(0, |mv| move_action(g, mv)) as i64);
        }
        PyArray1::from_vec(py, v)
    }

    /// Plays one action in every game (int `(n,)`, the mover's view).
    /// Returns `(observations, rewards, terminated, truncated, to_move,
    /// action_masks)`:
    /// rewards float32 `(n, 2)` for South and North (non-zero only at an
    /// end), done flags bool `(n,)`. A game that ended is reset to the
    /// opening, and its observation is the new game's. Raises
    /// `IllegalMoveError` (naming the game) for an illegal action, before
    /// any game is played.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<(
        Bound<'py, PyArray2<f32>>,
        Bound<'py, PyArray2<f32>>,
        Bound<'py, PyArray1<bool>>,
        Bound<'py, PyArray1<bool>>,
        Bound<'py, PyArray1<i8>>,
        Bound<'py, PyArray2<i8>>,
    )> {
        let actions = actions.as_slice()?;
        if actions.len() != self.games.len() {
            return Err(MancalaError::new_err(format!(
                "{} actions for {} games: give one action a game",
                actions.len(),
                self.games.len()
            )));
        }
        let mut moves = Vec::with_capacity(actions.len());
        for (i, ((game, &legal), &a)) in self.games.iter().zip(&self.legal).zip(actions).enumerate() {
            let mv = action_move(game, a)
                .map_err(|e| IllegalMoveError::new_err(format!("game {i}: {}", e.value(py))))?;
            if !legal.contains(mv) {
                let reason = game
                    .clone()
                    .play(mv)
                    .err()
                    .map_or_else(|| "not legal".to_string(), |e| e.to_string());
                return Err(IllegalMoveError::new_err(format!(
                    "game {i}: action {a}: {reason}"
                )));
            }
            moves.push(mv);
        }
        let n = self.games.len();
        let mut rewards = vec![0.0f32; 2 * n];
        let mut terminated = vec![false; n];
        let mut truncated = vec![false; n];
        for i in 0..n {
            let game = &mut self.games[i];
            // Checked above: the move is legal.
            if let Err(e) = game.play(moves[i]) {
                return Err(IllegalMoveError::new_err(format!("game {i}: {e}")));
            }
            let (stop, legal) = self.flags.stop(game, self.policy, self.max_moves);
            self.legal[i] = legal;
            let ended = match stop {
                None => None,
                Some(AutomatedStop::Over(o)) => Some(Some(o)),
                Some(AutomatedStop::Endless) => Some(Some(game.split(EndReason::Repetition))),
                Some(AutomatedStop::MoveLimit) => Some(None),
            };
            if let Some(outcome) = ended {
                match outcome {
                    Some(o) => {
                        let r = self.rewards(o);
                        rewards[2 * i] = r[0];
                        rewards[2 * i + 1] = r[1];
                        terminated[i] = true;
                    }
                    None => truncated[i] = true,
                }
                self.games[i] = self.start.clone();
                self.legal[i] = self.games[i].legal_moves();
            }
        }
        Ok((
            self.observations(py)?,
            PyArray1::from_vec(py, rewards).reshape([n, 2])?,
            PyArray1::from_vec(py, terminated),
            PyArray1::from_vec(py, truncated),
            self.to_move(py),
            self.masks_array(py)?,
        ))
    }

    /// Steps every game with uniformly random legal actions `steps` times
    /// (at most a billion), entirely in Rust (no arrays made), the GIL
    /// released; returns `(steps played, games ended)`. How fast the batch
    /// itself runs.
    fn random_steps(&mut self, py: Python<'_>, steps: u64) -> PyResult<(u64, u64)> {
        check_run("steps", steps)?;
        let (policy, max_moves, flags) = (self.policy, self.max_moves, self.flags);
        let start = &self.start;
        let (games, all_legal) = (&mut self.games, &mut self.legal);
        let rng = &mut self.rng;
        Ok(py.detach(move || {
            let (mut played, mut ended) = (0u64, 0u64);
            for _ in 0..steps {
                for (game, legal) in games.iter_mut().zip(all_legal.iter_mut()) {
                    let count = legal.len() as u64;
                    let pick = (rng.next_u64() % count.max(1)) as usize;
                    if let Some(mv) = (*legal).into_iter().nth(pick) {
                        if game.play(mv).is_ok() {
                            played += 1;
                        }
                    }
                    let (stop, moves) = flags.stop(game, policy, max_moves);
                    *legal = moves;
                    if stop.is_some() {
                        ended += 1;
                        *game = start.clone();
                        *legal = game.legal_moves();
                    }
                }
            }
            (played, ended)
        }))
    }
}

/// The crate's rule engines for Python.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Game>()?;
    m.add_class::<GameOutcome>()?;
    m.add_class::<Report>()?;
    m.add_class::<Best>()?;
    m.add_class::<VectorGame>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(aliases, m)?)?;
    m.add_function(wrap_pyfunction!(canonical_name, m)?)?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    m.add_function(wrap_pyfunction!(random_playouts, m)?)?;
    m.add("MancalaError", py.get_type::<MancalaError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("UnknownGameError", py.get_type::<UnknownGameError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("AgreementError", py.get_type::<AgreementError>())?;
    m.add("MAX_DEPTH", MAX_DEPTH)?;
    Ok(())
}
