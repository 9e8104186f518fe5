//! A runtime choice of game, for programs that pick the game by name.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::{Error, IllegalMove, ParseError, PositionError};
use crate::games::{AlManqala, Bohnenspiel, DjenonAboure, Kalah, Oware, Tihbat};
use crate::moves::{Move, MoveSet};
use crate::position::{Board, Player};
use crate::ruleset::{MoveReport, Outcome, Ruleset, Status};
use crate::AgreementPolicy;
use crate::Game;

/// Every game and variant the crate ships, by name.
///
/// ```
/// use mancala_rules::GameKind;
///
/// let kind: GameKind = "Djenon-Aboure".parse()?;
/// assert_eq!(kind, GameKind::DjenonAboure);
/// assert_eq!(kind.to_string(), "djenon-aboure");
/// assert_eq!("kalah".parse::<GameKind>()?, GameKind::Kalah);
/// assert!("awale".parse::<GameKind>().is_err());
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameKind {
    /// [`Bohnenspiel`].
    #[serde(rename = "bohnenspiel")]
    Bohnenspiel,
    /// Hemprich's Bohnenspiel ([`Bohnenspiel::hemprich`]).
    #[serde(rename = "bohnenspiel-hemprich")]
    BohnenspielHemprich,
    /// [`DjenonAboure`].
    #[serde(rename = "djenon-aboure")]
    DjenonAboure,
    /// [`Tihbat`].
    #[serde(rename = "tihbat")]
    Tihbat,
    /// Tihbat's own-side chain reading ([`Tihbat::own_side_chain`]).
    #[serde(rename = "tihbat-chain")]
    TihbatChain,
    /// [`AlManqala`].
    #[serde(rename = "al-manqala")]
    AlManqala,
    /// [`Oware`], as OpenSpiel plays it.
    #[serde(rename = "oware")]
    Oware,
    /// [`Kalah`], as OpenSpiel plays it: 4 seeds a pit.
    #[serde(rename = "kalah")]
    Kalah,
    /// Kalah with 3 seeds a pit.
    #[serde(rename = "kalah-3")]
    Kalah3,
    /// Kalah with 5 seeds a pit.
    #[serde(rename = "kalah-5")]
    Kalah5,
    /// Kalah with 6 seeds a pit.
    #[serde(rename = "kalah-6")]
    Kalah6,
    /// Kalah with the "empty capture" reading ([`Kalah::empty_capture`]).
    #[serde(rename = "kalah-empty-capture")]
    KalahEmptyCapture,
    /// Kalah, 3 seeds a pit, "empty capture".
    #[serde(rename = "kalah-3-empty-capture")]
    Kalah3EmptyCapture,
    /// Kalah, 5 seeds a pit, "empty capture".
    #[serde(rename = "kalah-5-empty-capture")]
    Kalah5EmptyCapture,
    /// Kalah, 6 seeds a pit, "empty capture".
    #[serde(rename = "kalah-6-empty-capture")]
    Kalah6EmptyCapture,
}

/// Generic code to run with a ruleset chosen at run time
/// ([`GameKind::with_ruleset`]).
pub trait WithRuleset {
    /// What the work gives.
    type Output;
    /// Runs with `rules`.
    fn run<R: Ruleset>(self, rules: R) -> Self::Output;
}

/// A ruleset of the given kind: which `Game` it makes.
enum Made {
    Bohnenspiel(Bohnenspiel),
    DjenonAboure(DjenonAboure),
    Tihbat(Tihbat),
    AlManqala(AlManqala),
    Oware(Oware),
    Kalah(Kalah),
}

impl GameKind {
    /// Every game and variant, the four games of the sources first.
    pub const ALL: [GameKind; 15] = [
        GameKind::Bohnenspiel,
        GameKind::DjenonAboure,
        GameKind::Tihbat,
        GameKind::AlManqala,
        GameKind::BohnenspielHemprich,
        GameKind::TihbatChain,
        GameKind::Oware,
        GameKind::Kalah,
        GameKind::Kalah3,
        GameKind::Kalah5,
        GameKind::Kalah6,
        GameKind::KalahEmptyCapture,
        GameKind::Kalah3EmptyCapture,
        GameKind::Kalah5EmptyCapture,
        GameKind::Kalah6EmptyCapture,
    ];

    /// The name, as the replay protocol spells it (the rules' [`Ruleset::name`]).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self.made() {
            Made::Bohnenspiel(r) => r.name(),
            Made::DjenonAboure(r) => r.name(),
            Made::Tihbat(r) => r.name(),
            Made::AlManqala(r) => r.name(),
            Made::Oware(r) => r.name(),
            Made::Kalah(r) => r.name(),
        }
    }

    fn made(self) -> Made {
        let kalah = |seeds: u8, empty: bool| {
            let rules = Kalah::with_seeds(seeds).unwrap_or_default();
            Made::Kalah(if empty { rules.empty_capture() } else { rules })
        };
        match self {
            GameKind::Bohnenspiel => Made::Bohnenspiel(Bohnenspiel::default()),
            GameKind::BohnenspielHemprich => Made::Bohnenspiel(Bohnenspiel::hemprich()),
            GameKind::DjenonAboure => Made::DjenonAboure(DjenonAboure),
            GameKind::Tihbat => Made::Tihbat(Tihbat::default()),
            GameKind::TihbatChain => Made::Tihbat(Tihbat::own_side_chain()),
            GameKind::AlManqala => Made::AlManqala(AlManqala),
            GameKind::Oware => Made::Oware(Oware),
            GameKind::Kalah => kalah(4, false),
            GameKind::Kalah3 => kalah(3, false),
            GameKind::Kalah5 => kalah(5, false),
            GameKind::Kalah6 => kalah(6, false),
            GameKind::KalahEmptyCapture => kalah(4, true),
            GameKind::Kalah3EmptyCapture => kalah(3, true),
            GameKind::Kalah5EmptyCapture => kalah(5, true),
            GameKind::Kalah6EmptyCapture => kalah(6, true),
        }
    }

    /// Runs `work` with this kind's rules: how a program that picks the
    /// game at run time reaches generic code (search, perft, playouts) for
    /// every shipped game at once.
    ///
    /// ```
    /// use mancala_rules::{perft, GameKind, Ruleset, WithRuleset};
    ///
    /// struct Perft(u32);
    /// impl WithRuleset for Perft {
    ///     type Output = u64;
    ///     fn run<R: Ruleset>(self, rules: R) -> u64 {
    ///         perft(&rules, &rules.start(), self.0)
    ///     }
    /// }
    /// assert_eq!(GameKind::Kalah.with_ruleset(Perft(1)), 6);
    /// assert_eq!(GameKind::Oware.with_ruleset(Perft(4)), 1014);
    /// ```
    pub fn with_ruleset<W: WithRuleset>(self, work: W) -> W::Output {
        match self.made() {
            Made::Bohnenspiel(r) => work.run(r),
            Made::DjenonAboure(r) => work.run(r),
            Made::Tihbat(r) => work.run(r),
            Made::AlManqala(r) => work.run(r),
            Made::Oware(r) => work.run(r),
            Made::Kalah(r) => work.run(r),
        }
    }

    /// A new game of this kind, from the opening.
    #[must_use]
    pub fn new_game(self) -> AnyGame {
        match self.made() {
            Made::Bohnenspiel(r) => AnyGame::Bohnenspiel(Game::new(r)),
            Made::DjenonAboure(r) => AnyGame::DjenonAboure(Game::new(r)),
            Made::Tihbat(r) => AnyGame::Tihbat(Game::new(r)),
            Made::AlManqala(r) => AnyGame::AlManqala(Game::new(r)),
            Made::Oware(r) => AnyGame::Oware(Game::new(r)),
            Made::Kalah(r) => AnyGame::Kalah(Game::new(r)),
        }
    }

    /// A game of this kind from a position given as plain parts (pits in
    /// standard-notation order, captures `[south, north]`, player index).
    pub fn game_from(self, pits: &[u8], scores: [u8; 2], to_move: u8) -> Result<AnyGame, PositionError> {
        fn build<R: Ruleset>(
            rules: R,
            pits: &[u8],
            scores: [u8; 2],
            to_move: u8,
        ) -> Result<Game<R>, PositionError> {
            Game::from_position(rules, R::Position::from_parts(pits, scores, to_move)?)
        }
        Ok(match self.made() {
            Made::Bohnenspiel(r) => AnyGame::Bohnenspiel(build(r, pits, scores, to_move)?),
            Made::DjenonAboure(r) => AnyGame::DjenonAboure(build(r, pits, scores, to_move)?),
            Made::Tihbat(r) => AnyGame::Tihbat(build(r, pits, scores, to_move)?),
            Made::AlManqala(r) => AnyGame::AlManqala(build(r, pits, scores, to_move)?),
            Made::Oware(r) => AnyGame::Oware(build(r, pits, scores, to_move)?),
            Made::Kalah(r) => AnyGame::Kalah(build(r, pits, scores, to_move)?),
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

/// A game of any kind the crate ships, chosen at run time. Positions are seen as
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
    Oware(Game<Oware>),
    Kalah(Game<Kalah>),
}

/// Runs the same expression on whichever game is inside.
macro_rules! each {
    ($any:expr, $game:ident => $body:expr) => {
        match $any {
            AnyGame::Bohnenspiel($game) => $body,
            AnyGame::DjenonAboure($game) => $body,
            AnyGame::Tihbat($game) => $body,
            AnyGame::AlManqala($game) => $body,
            AnyGame::Oware($game) => $body,
            AnyGame::Kalah($game) => $body,
        }
    };
}

impl AnyGame {
    /// Which game this is.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        let name = each!(self, g => g.rules().name());
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name() == name)
            .unwrap_or(GameKind::Bohnenspiel)
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
