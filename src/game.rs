//! A game being played: position, history, undo, repetition and agreement.

use crate::error::{AgreementError, IllegalMove, PlayError, PositionError, RecordError};
use crate::history::{AgreementPolicy, Line, Referee, Tracked};
use crate::moves::{Move, MoveSet};
use crate::outcome::{EndReason, MoveReport, Outcome, Repetition, Status};
use crate::position::{Board, Diagram, Position};
use crate::ruleset::Ruleset;

/// A game in progress under rules `R`: the position, the moves played (with
/// undo), and the rules that depend on history.
///
/// - **Repetition** ([`Ruleset::repetition`]): in Tihbat (and Hemprich's
///   Bohnenspiel) a position that repeats one seen earlier in this game ends
///   it at once with the board split equally ([`Repetition`](crate::Repetition) says how). Positions are compared in full
///   (board, captures, player to move); since captures never shrink, only the
///   positions since the last capture are searched.
/// - **Agreement** ([`Ruleset::agreement`]): in Al-manqala the players may
///   agree to split the board ([`agree_to_split`](Game::agree_to_split)).
///   This is an action, not a move; programs that play by themselves use an
///   [`AgreementPolicy`] ([`apply_policy`](Game::apply_policy)).
///
/// ```
/// use mancala_rules::games::Tihbat;
/// use mancala_rules::{EndReason, Game, Move};
///
/// // South's single counter goes back into its pit; so does North's: the
/// // starting position is back, and the game ends with the board split.
/// let mut game = Game::from_position(Tihbat, "1 0 | 1 0 13-13 S".parse()?)?;
/// game.play(Move::Pit(1))?;
/// game.play(Move::Pit(3))?;
/// let outcome = game.outcome().unwrap();
/// assert_eq!((outcome.totals, outcome.reason), ([14, 14], EndReason::Repetition));
/// assert!(game.legal_moves().is_empty());
/// game.undo();
/// assert_eq!(game.legal_moves().to_string(), "3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game<R: Ruleset> {
    /// The position and every one before it (the start first), with the
    /// repetition rule's end: the crate's one game-with-history. Agreements
    /// are made only when asked, so its referee never agrees.
    tracked: Tracked<R, Line<R::Position>>,
    moves: Vec<Move>,
    /// An agreement to split, made after the last move.
    agreed: Option<Outcome>,
}

impl<R: Ruleset + Default> Default for Game<R> {
    fn default() -> Self {
        Game::new(R::default())
    }
}

impl<R: Ruleset> Game<R> {
    /// A game from the opening position.
    #[must_use]
    pub fn new(rules: R) -> Game<R> {
        let start = rules.start();
        Game::starting_at(rules, start)
    }

    /// A game from a given position, checked against the rules.
    pub fn from_position(rules: R, start: R::Position) -> Result<Game<R>, PositionError> {
        rules.validate(&start)?;
        Ok(Game::starting_at(rules, start))
    }

    fn starting_at(rules: R, start: R::Position) -> Game<R> {
        Game {
            tracked: Tracked::new(rules, AgreementPolicy::Never, start, Line(Vec::new())),
            moves: Vec::new(),
            agreed: None,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        self.tracked.rules()
    }

    /// The current position.
    pub fn position(&self) -> &R::Position {
        self.tracked.position()
    }

    /// The position the game started from.
    pub fn start(&self) -> &R::Position {
        &self.tracked.positions()[0]
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position of the game so far, the start first.
    pub fn positions(&self) -> &[R::Position] {
        self.tracked.positions()
    }

    /// An end that the position alone does not show: an agreement or a
    /// repetition.
    fn ended(&self) -> Option<Outcome> {
        self.agreed.or_else(|| self.tracked.ended())
    }

    /// Whether the game goes on or how it ended, history rules included.
    pub fn status(&self) -> Status {
        match self.ended() {
            Some(outcome) => Status::Over(outcome),
            None => self.rules().status(self.position()),
        }
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.status().outcome()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.status().is_over()
    }

    /// The legal moves now (none once the game is over).
    pub fn legal_moves(&self) -> MoveSet {
        if self.ended().is_some() {
            MoveSet::NONE
        } else {
            self.rules().legal_moves(self.position())
        }
    }

    /// Plays a move, or says why it is illegal (the game is then unchanged).
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, IllegalMove> {
        if self.agreed.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let report = self.tracked.play(mv)?;
        self.moves.push(mv);
        Ok(report)
    }

    /// Plays a sequence of moves, stopping at the first illegal one.
    pub fn play_all(&mut self, moves: impl IntoIterator<Item = Move>) -> Result<(), PlayError> {
        for (i, mv) in moves.into_iter().enumerate() {
            self.play(mv).map_err(|reason| PlayError {
                ply: i + 1,
                mv,
                reason,
            })?;
        }
        Ok(())
    }

    /// Takes back the last move (and any end it caused: a repetition, or an
    /// agreement made after it). Returns the move, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        // An agreement made after the last move goes with it (the only end
        // a game with no move played can have).
        self.agreed = None;
        self.tracked.undo();
        self.moves.pop()
    }

    /// How many times the current position has occurred in this game,
    /// counting itself.
    pub fn occurrences(&self) -> u32 {
        self.tracked.occurrences()
    }

    /// Ends the game by the players' agreement: the seeds on the board are
    /// split equally. Only where the rules allow it (Al-manqala).
    pub fn agree_to_split(&mut self) -> Result<Outcome, AgreementError> {
        if !self.rules().agreement() {
            return Err(AgreementError::NotInRules(self.rules().name()));
        }
        if self.is_over() {
            return Err(AgreementError::GameOver);
        }
        let outcome = Outcome::split(self.position(), EndReason::Agreement);
        self.agreed = Some(outcome);
        Ok(outcome)
    }

    /// Applies an agreement policy: agrees to split if the rules allow it, the
    /// game goes on and the policy says so now. Returns whether it agreed.
    pub fn apply_policy(&mut self, policy: AgreementPolicy) -> bool {
        if self.is_over() {
            return false;
        }
        let referee = Referee::new(self.rules(), policy);
        match referee.ended(self.rules(), self.position(), self.occurrences()) {
            Some(outcome) if outcome.reason == EndReason::Agreement => {
                self.agreed = Some(outcome);
                true
            }
            _ => false,
        }
    }

    /// Where a game played by programs stops, checked before each move: the
    /// one order of checks for automated play. Applies `policy` first
    /// ([`apply_policy`](Game::apply_policy)); then the game is
    /// [`Over`](AutomatedStop::Over) if it ended (by the board, a repetition
    /// rule or that agreement); else [`Endless`](AutomatedStop::Endless) if
    /// the current position has occurred a third time and the rules have no
    /// end for endless play (no repetition rule, no agreement: Bohnenspiel and
    /// Djenon-aboure), where players without randomness would go round the
    /// loop for ever; else [`MoveLimit`](AutomatedStop::MoveLimit) once
    /// `max_moves` moves have been played. `None`: the game goes on.
    ///
    /// **The crate's choice**: a third occurrence, as Al-manqala's default
    /// agreement and the solver's valuation of endless play (an equal split
    /// of the board) take it; a program that stops there may score the game
    /// with [`Outcome::split`].
    ///
    /// ```
    /// use mancala_rules::games::Bohnenspiel;
    /// use mancala_rules::{AgreementPolicy, AutomatedStop, Game};
    ///
    /// // A bean each, going round: the position comes back every twelve moves.
    /// let start = "0 0 0 0 0 1 | 0 0 0 0 0 1 30-40 N".parse()?;
    /// let policy = AgreementPolicy::default();
    /// let mut game = Game::from_position(Bohnenspiel, start)?;
    /// assert_eq!(game.automated_stop(policy, 0), Some(AutomatedStop::MoveLimit));
    /// let stop = loop {
    ///     if let Some(stop) = game.automated_stop(policy, 1000) {
    ///         break stop;
    ///     }
    ///     // Each player sows the bean that crosses to the other side.
    ///     let across = game.legal_moves().into_iter().last().expect("the game goes on");
    ///     game.play(across)?;
    /// };
    /// assert_eq!(stop, AutomatedStop::Endless);
    /// assert_eq!((game.moves().len(), game.occurrences()), (24, 3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn automated_stop(&mut self, policy: AgreementPolicy, max_moves: usize) -> Option<AutomatedStop> {
        self.apply_policy(policy);
        if let Some(outcome) = self.outcome() {
            return Some(AutomatedStop::Over(outcome));
        }
        let endless_allowed = self.rules().repetition() == Repetition::Continues && !self.rules().agreement();
        if endless_allowed && self.occurrences() >= 3 {
            return Some(AutomatedStop::Endless);
        }
        (self.moves.len() >= max_moves).then_some(AutomatedStop::MoveLimit)
    }

    /// The game as a portable record (serialisable with the `serde` feature).
    pub fn record(&self) -> GameRecord<R::Position> {
        GameRecord {
            game: self.rules().name().to_string(),
            start: *self.start(),
            moves: self.moves.clone(),
            agreed_to_split: self.agreed.is_some(),
            outcome: self.outcome(),
        }
    }

    /// Replays a record under `rules`, strictly: the record must name these
    /// rules' game ([`Ruleset::name`]), the start is validated, every move
    /// checked, an agreement re-applied, and the recorded outcome must be the
    /// one reached (`None` for a game that goes on).
    ///
    /// ```
    /// use mancala_rules::games::{Bohnenspiel, Tihbat};
    /// use mancala_rules::{Error, Game, Move, RecordError};
    ///
    /// let mut game = Game::new(Tihbat);
    /// game.play(Move::Pit(1))?;
    /// let mut record = game.record();
    /// assert_eq!(Game::from_record(Tihbat, &record)?, game);
    ///
    /// record.game = "bohnenspiel".into();
    /// let err = Game::from_record(Tihbat, &record).unwrap_err();
    /// assert!(matches!(err, Error::Record(RecordError::WrongGame { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_record(rules: R, record: &GameRecord<R::Position>) -> Result<Game<R>, crate::Error> {
        if record.game != rules.name() {
            return Err(RecordError::WrongGame {
                expected: rules.name(),
                found: shortened(&record.game),
            }
            .into());
        }
        let mut game = Game::from_position(rules, record.start)?;
        game.play_all(record.moves.iter().copied())?;
        if record.agreed_to_split {
            game.agree_to_split()?;
        }
        let replayed = game.outcome();
        if replayed != record.outcome {
            return Err(RecordError::WrongOutcome {
                recorded: describe(record.outcome),
                replayed: describe(replayed),
            }
            .into());
        }
        Ok(game)
    }
}

/// A user's text in an error message, cut to a readable length.
fn shortened(text: &str) -> String {
    const MAX_CHARS: usize = 40;
    match text.char_indices().nth(MAX_CHARS) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

/// An outcome in words: `South 40, North 32 (AllCaptured)`, or `none`.
fn describe(outcome: Option<Outcome>) -> String {
    match outcome {
        Some(o) => format!("South {}, North {} ({:?})", o.totals[0], o.totals[1], o.reason),
        None => "none".to_string(),
    }
}

/// Where automated play stops ([`Game::automated_stop`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AutomatedStop {
    /// The game is over: by the board, a repetition rule, or an agreement.
    Over(Outcome),
    /// A position occurred a third time in a game whose rules have no end
    /// for endless play.
    Endless,
    /// The move limit was reached.
    MoveLimit,
}

/// A game as portable data: the game's name, its start, the moves, whether it
/// ended by agreement, and the outcome. With the `serde` feature (on by
/// default) it serialises with serde, for example to
/// JSON: `{"game":"tihbat","start":{"pits":[7,7,7,7],"scores":[0,0],"to_move":0},"moves":["1","pass"],...}`.
///
/// Deserialising is strict: an unknown field or a field given twice is an
/// error (`agreed_to_split` and `outcome` may be left out). What the record
/// says is checked against its moves by [`Game::from_record`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        deny_unknown_fields,
        bound(
            serialize = "B: serde::Serialize",
            deserialize = "B: serde::de::DeserializeOwned"
        )
    )
)]
pub struct GameRecord<B: Board> {
    /// The game's name ([`Ruleset::name`]).
    pub game: String,
    /// The starting position.
    pub start: B,
    /// The moves in order.
    pub moves: Vec<Move>,
    /// Whether the players agreed to split after the last move.
    #[cfg_attr(feature = "serde", serde(default))]
    pub agreed_to_split: bool,
    /// The outcome, if the game is over.
    #[cfg_attr(feature = "serde", serde(default))]
    pub outcome: Option<Outcome>,
}

impl<const P: usize, R: Ruleset<Position = Position<P>>> Game<R> {
    /// A terminal drawing of the current position ([`Position::diagram`]),
    /// the captures labelled "store" where the rules have stores.
    ///
    /// ```
    /// use mancala_rules::games::{Kalah, Oware};
    /// use mancala_rules::Game;
    ///
    /// assert!(Game::new(Kalah).diagram().to_string().contains("store 0"));
    /// assert!(Game::new(Oware).diagram().to_string().contains("captured 0"));
    /// ```
    #[must_use]
    pub fn diagram(&self) -> Diagram<'_, P> {
        self.position().diagram().with_stores(self.rules().has_stores())
    }
}
