//! A runtime choice of game, for programs that pick the game by name.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::{Error, IllegalMove, ParseError, PositionError};
use crate::games::{AlManqala, Bohnenspiel, DjenonAboure, Tihbat};
use crate::moves::{Move, MoveSet};
use crate::position::{Board, Player};
use crate::ruleset::{MoveReport, Outcome, Ruleset, Status};
use crate::AgreementPolicy;
use crate::Game;

/// One of the crate's four games, by name.
///
/// ```
/// use mancala_rules::GameKind;
///
/// let kind: GameKind = "Djenon-Aboure".parse()?;
/// assert_eq!(kind, GameKind::DjenonAboure);
/// assert_eq!(kind.to_string(), "djenon-aboure");
/// assert!("oware".parse::<GameKind>().is_err());
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    /// [`Bohnenspiel`].
    Bohnenspiel,
    /// [`DjenonAboure`].
    DjenonAboure,
    /// [`Tihbat`].
    Tihbat,
    /// [`AlManqala`].
    AlManqala,
}

impl GameKind {
    /// All four, in the order of RULES.md.
    pub const ALL: [GameKind; 4] = [
        GameKind::Bohnenspiel,
        GameKind::DjenonAboure,
        GameKind::Tihbat,
        GameKind::AlManqala,
    ];

    /// The name, as the replay protocol spells it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Bohnenspiel => "bohnenspiel",
            GameKind::DjenonAboure => "djenon-aboure",
            GameKind::Tihbat => "tihbat",
            GameKind::AlManqala => "al-manqala",
        }
    }

    /// A new game of this kind, from the opening.
    #[must_use]
    pub fn new_game(self) -> AnyGame {
        match self {
            GameKind::Bohnenspiel => AnyGame::Bohnenspiel(Game::default()),
            GameKind::DjenonAboure => AnyGame::DjenonAboure(Game::default()),
            GameKind::Tihbat => AnyGame::Tihbat(Game::default()),
            GameKind::AlManqala => AnyGame::AlManqala(Game::default()),
        }
    }

    /// A game of this kind from a position given as plain parts (pits in
    /// standard-notation order, captures `[south, north]`, player index).
    pub fn game_from(self, pits: &[u8], scores: [u8; 2], to_move: u8) -> Result<AnyGame, PositionError> {
        fn build<R: Ruleset + Default>(
            pits: &[u8],
            scores: [u8; 2],
            to_move: u8,
        ) -> Result<Game<R>, PositionError> {
            Game::from_position(R::default(), R::Position::from_parts(pits, scores, to_move)?)
        }
        Ok(match self {
            GameKind::Bohnenspiel => AnyGame::Bohnenspiel(build(pits, scores, to_move)?),
            GameKind::DjenonAboure => AnyGame::DjenonAboure(build(pits, scores, to_move)?),
            GameKind::Tihbat => AnyGame::Tihbat(build(pits, scores, to_move)?),
            GameKind::AlManqala => AnyGame::AlManqala(build(pits, scores, to_move)?),
        })
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = ParseError;
    /// A game name, case-insensitive; `_` and spaces may stand for `-`.
    fn from_str(name: &str) -> Result<GameKind, ParseError> {
        let normal: String = name
            .trim()
            .chars()
            .map(|c| {
                if c == '_' || c == ' ' {
                    '-'
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .collect();
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name() == normal)
            .ok_or_else(|| ParseError::UnknownGame(name.to_string()))
    }
}

/// A game of any of the four kinds, chosen at run time. Positions are seen as
/// plain slices; moves and results are the same types as for [`Game`].
///
/// ```
/// use mancala_rules::{AnyGame, GameKind, Move};
///
/// let mut game: AnyGame = "tihbat".parse::<GameKind>()?.new_game();
/// game.play("1".parse()?)?;
/// assert_eq!(game.pits(), [2, 9, 9, 8]); // 7 counters: pits 1 2 3 4 1 2 3
/// assert_eq!(game.legal_moves().to_string(), "3 4");
/// # Ok::<(), mancala_rules::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum AnyGame {
    Bohnenspiel(Game<Bohnenspiel>),
    DjenonAboure(Game<DjenonAboure>),
    Tihbat(Game<Tihbat>),
    AlManqala(Game<AlManqala>),
}

/// Runs the same expression on whichever game is inside.
macro_rules! each {
    ($any:expr, $game:ident => $body:expr) => {
        match $any {
            AnyGame::Bohnenspiel($game) => $body,
            AnyGame::DjenonAboure($game) => $body,
            AnyGame::Tihbat($game) => $body,
            AnyGame::AlManqala($game) => $body,
        }
    };
}

impl AnyGame {
    /// Which game this is.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Bohnenspiel(_) => GameKind::Bohnenspiel,
            AnyGame::DjenonAboure(_) => GameKind::DjenonAboure,
            AnyGame::Tihbat(_) => GameKind::Tihbat,
            AnyGame::AlManqala(_) => GameKind::AlManqala,
        }
    }

    /// The pits of the current position, in standard-notation order.
    #[must_use]
    pub fn pits(&self) -> &[u8] {
        each!(self, g => g.position().pits())
    }

    /// Captures so far, `[south, north]`.
    #[must_use]
    pub fn scores(&self) -> [u8; 2] {
        each!(self, g => g.position().scores())
    }

    /// The player to move (for a finished game: who would move next).
    #[must_use]
    pub fn to_move(&self) -> Player {
        each!(self, g => g.position().to_move())
    }

    /// The legal moves now.
    #[must_use]
    pub fn legal_moves(&self) -> MoveSet {
        each!(self, g => g.legal_moves())
    }

    /// Whether the game goes on or how it ended.
    #[must_use]
    pub fn status(&self) -> Status {
        each!(self, g => g.status())
    }

    /// The outcome, once over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.status().outcome()
    }

    /// Plays a move.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, IllegalMove> {
        each!(self, g => g.play(mv))
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        each!(self, g => g.undo())
    }

    /// The moves played.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        each!(self, g => g.moves())
    }

    /// Ends the game by agreement (Al-manqala only).
    pub fn agree_to_split(&mut self) -> Result<Outcome, Error> {
        each!(self, g => g.agree_to_split().map_err(Error::from))
    }

    /// Applies an agreement policy; returns whether it agreed.
    pub fn apply_policy(&mut self, policy: AgreementPolicy) -> bool {
        each!(self, g => g.apply_policy(policy))
    }

    /// The current position in the crate's notation.
    #[must_use]
    pub fn position_notation(&self) -> String {
        each!(self, g => g.position().to_string())
    }

    /// A two-row terminal drawing of the current position.
    #[must_use]
    pub fn diagram(&self) -> String {
        each!(self, g => g.position().diagram().to_string())
    }
}
