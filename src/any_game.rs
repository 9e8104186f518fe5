//! A runtime choice of game, for programs that pick the game by name.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, IllegalMove, ParseError, PositionError};
// Every game's type, as the table of shipped games names them.
use crate::data::{BoardSize, DeclaredKind, Dynamic};
#[allow(clippy::wildcard_imports)]
use crate::games::*;
use crate::moves::{Move, MoveSet};
use crate::outcome::{EndReason, MoveReport, Outcome, Status};
use crate::position::{Board, Player};
use crate::ruleset::Ruleset;
use crate::AgreementPolicy;
use crate::{AutomatedStop, Game, Rules};

/// The table of shipped games: kind, ruleset type, name, description. One
/// place from which [`GameKind`], [`AnyGame`] and their dispatch are made.
macro_rules! shipped {
    ($($kind:ident: $rules:ty = $value:expr, $name:literal, [$($alias:literal),*], $table:expr, $doc:literal;)*
     @sizes $(($size:ident, $pits:literal)),*) => {
        /// Every game and variant the crate ships, by name ([`GameKind::ALL`]),
        /// and the games declared at run time ([`GameKind::Declared`]).
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
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameKind {
            $(
                #[doc = $doc]
                $kind,
            )*
            /// A game declared at run time ([`RulesData::load`](crate::RulesData::load)),
            /// played through the same pipeline, its rules read at run time.
            Declared(DeclaredKind),
        }

        /// A game of any kind the crate ships, chosen at run time: one
        /// variant per [`GameKind`], each a [`Game`] of that kind's rules.
        /// Positions are seen as plain slices; moves and results are the same
        /// types as for [`Game`].
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
            $($kind(Game<$rules>),)*
            $(#[doc = concat!("A game declared at run time on ", stringify!($pits), " pits.")] $size(Game<Dynamic<$pits>>),)*
        }

        /// Runs the same expression on whichever game is inside.
        macro_rules! each {
            ($any:expr, $game:ident => $body:expr) => {
                match $any {
                    $(AnyGame::$kind($game) => $body,)*
                    $(AnyGame::$size($game) => $body,)*
                }
            };
        }

        impl GameKind {
            /// Every game and variant: the four games of the sources, their
            /// variants, then the reference games and Kalah's options.
            pub const ALL: [GameKind; [$($name),*].len()] = [$(GameKind::$kind),*];

            /// The name, as the replay protocol spells it (the rules'
            /// [`Ruleset::name`]).
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $(GameKind::$kind => $name,)*
                    GameKind::Declared(declared) => declared.rules().name,
                }
            }

            /// Pits on the game's board, in all.
            ///
            /// ```
            /// use mancala_rules::GameKind;
            ///
            /// assert_eq!((GameKind::Tihbat.pits(), GameKind::AlManqala.pits()), (4, 14));
            /// ```
            #[must_use]
            pub const fn pits(self) -> usize {
                match self {
                    $(GameKind::$kind => <<$rules as Ruleset>::Position as Board>::PITS,)*
                    GameKind::Declared(declared) => declared.pits(),
                }
            }

            /// The other names the game answers to ([`FromStr`]): the
            /// common names its sources give, and the names a reader may
            /// expect (`kalah-4`, OpenSpiel's `mancala`).
            ///
            /// ```
            /// use mancala_rules::GameKind;
            ///
            /// assert!(GameKind::Kalah.aliases().contains(&"mancala"));
            /// assert_eq!("kalah-4".parse::<GameKind>()?, GameKind::Kalah);
            /// assert_eq!("Baltic Bohnenspiel".parse::<GameKind>()?, GameKind::Bohnenspiel);
            /// # Ok::<(), mancala_rules::ParseError>(())
            /// ```
            #[must_use]
            pub const fn aliases(self) -> &'static [&'static str] {
                match self {
                    $(GameKind::$kind => &[$($alias),*],)*
                    GameKind::Declared(declared) => declared.aliases(),
                }
            }

            /// The endgame tables the solver builds for the game (seeds on
            /// the board), `None` for a game it cannot solve (Oware: its
            /// end reads the scores).
            ///
            /// ```
            /// use mancala_rules::GameKind;
            ///
            /// assert_eq!(GameKind::Kalah.table_seeds().map(|t| t.max), Some(24));
            /// assert_eq!(GameKind::Oware.table_seeds(), None);
            /// ```
            #[must_use]
            pub const fn table_seeds(self) -> Option<TableSeeds> {
                match self {
                    $(GameKind::$kind => $table,)*
                    // A declared game's tables: the 12-pit games' sizes
                    // where its board is no larger.
                    GameKind::Declared(declared) => TableSeeds::for_board(declared.pits()),
                }
            }

            /// Every game's name: what an unknown name's error lists.
            const NAMES: &'static [&'static str] = &[$($name),*];

            /// Runs `work` with this kind's rules: how a program that picks
            /// the game at run time reaches generic code (search, perft,
            /// playouts) for every shipped game at once. Each kind's rules
            /// are their own type, so `work` runs fully specialised.
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
                match self {
                    $(GameKind::$kind => work.run::<$rules>($value),)*
                    GameKind::Declared(declared) => match declared.0.size {
                        $(BoardSize::$size => work.run(Dynamic::<$pits>(declared)),)*
                    },
                }
            }

            /// The kind's declaration: its rules as data.
            ///
            /// ```
            /// use mancala_rules::GameKind;
            ///
            /// assert!(GameKind::Kalah.rules().has_stores);
            /// assert_eq!(GameKind::DjenonAboure.rules().play.min_seeds, 2);
            /// ```
            #[must_use]
            pub const fn rules(self) -> &'static Rules {
                match self {
                    $(GameKind::$kind => <$rules>::RULES,)*
                    GameKind::Declared(declared) => declared.rules(),
                }
            }

            /// The game's numbered rules, in Markdown, as its rustdoc page
            /// shows them (a variant's are its game's, the variant
            /// included).
            ///
            /// ```
            /// use mancala_rules::GameKind;
            ///
            /// assert!(GameKind::Tihbat.rules_text().contains("2, 4, 6 or 8"));
            /// ```
            #[must_use]
            pub const fn rules_text(self) -> &'static str {
                match self {
                    $(GameKind::$kind => <$rules>::RULES_TEXT,)*
                    GameKind::Declared(declared) => declared.rules_text(),
                }
            }

            /// A new game of this kind, from the opening.
            #[must_use]
            pub fn new_game(self) -> AnyGame {
                match self {
                    $(GameKind::$kind => AnyGame::$kind(Game::new($value)),)*
                    GameKind::Declared(declared) => match declared.0.size {
                        $(BoardSize::$size => AnyGame::$size(Game::new(Dynamic::<$pits>(declared))),)*
                    },
                }
            }

            /// A game of this kind from a position given as plain parts
            /// (pits in standard-notation order, captures `[south, north]`,
            /// the player to move), checked against the rules.
            pub fn game_from(self, pits: &[u8], scores: [u8; 2], to_move: Player) -> Result<AnyGame, PositionError> {
                let to_move = to_move.index() as u8;
                fn build<R: Ruleset>(
                    rules: R,
                    pits: &[u8],
                    scores: [u8; 2],
                    to_move: u8,
                ) -> Result<Game<R>, PositionError> {
                    Game::from_position(rules, R::Position::from_parts(pits, scores, to_move)?)
                }
                Ok(match self {
                    $(GameKind::$kind => AnyGame::$kind(build($value, pits, scores, to_move)?),)*
                    GameKind::Declared(declared) => match declared.0.size {
                        $(BoardSize::$size => AnyGame::$size(build(Dynamic::<$pits>(declared), pits, scores, to_move)?),)*
                    },
                })
            }
        }

        impl GameKind {
            /// A game of this kind from its JSON record.
            #[cfg(feature = "protocol")]
            fn game_from_record_json(self, json: &str) -> Result<AnyGame, Error> {
                let read = |e: serde_json::Error| ParseError::Record(e.to_string());
                Ok(match self {
                    $(GameKind::$kind => AnyGame::$kind(Game::from_record(
                        $value,
                        &serde_json::from_str(json).map_err(read)?,
                    )?),)*
                    GameKind::Declared(declared) => match declared.0.size {
                        $(BoardSize::$size => AnyGame::$size(Game::from_record(
                            Dynamic::<$pits>(declared),
                            &serde_json::from_str(json).map_err(read)?,
                        )?),)*
                    },
                })
            }
        }

        impl AnyGame {
            /// Which game this is.
            #[must_use]
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyGame::$kind(_) => GameKind::$kind,)*
                    $(AnyGame::$size(game) => GameKind::Declared(game.rules().0),)*
                }
            }
        }
    };
}

/// The table of shipped games, handed to `$callback`: kind, ruleset type,
/// value, name, other names (common names the sources give), endgame table
/// sizes (`None`: no solver), description. The one list of the shipped
/// games: [`GameKind`], [`AnyGame`], the names a game answers to, the
/// error that lists them, the solver's games and their table sizes are
/// made from it here, the engines' dispatch in `any_engine`. Adding a game
/// is its file in `games/` and one row here.
macro_rules! shipped_table {
    ($callback:ident) => {
        $callback! {
            Bohnenspiel: Bohnenspiel = Bohnenspiel, "bohnenspiel",
                ["baltic-bohnenspiel", "baltisches-bohnenspiel", "kardis-bohnenspiel", "bean-game"],
                Some(TableSeeds { default: 12, max: 24 }), "[`Bohnenspiel`].";
            DjenonAboure: DjenonAboure = DjenonAboure, "djenon-aboure", [],
                Some(TableSeeds { default: 12, max: 24 }), "[`DjenonAboure`].";
            Tihbat: Tihbat = Tihbat, "tihbat", [],
                Some(TableSeeds { default: 28, max: 28 }), "[`Tihbat`].";
            AlManqala: AlManqala = AlManqala, "al-manqala", ["manqala"],
                Some(TableSeeds { default: 10, max: 20 }), "[`AlManqala`].";
            BohnenspielHemprich: Hemprich = Bohnenspiel::hemprich(), "bohnenspiel-hemprich", ["hemprich"],
                Some(TableSeeds { default: 12, max: 24 }),
                "Hemprich's Bohnenspiel ([`Bohnenspiel::hemprich`]).";
            TihbatChain: TihbatChain = Tihbat::own_side_chain(), "tihbat-chain", [],
                Some(TableSeeds { default: 28, max: 28 }),
                "Tihbat's own-side chain reading ([`Tihbat::own_side_chain`]).";
            Oware: Oware = Oware, "oware", ["oware-abapa", "abapa"], None,
                "[`Oware`], as OpenSpiel plays it.";
            Kalah: Kalah = Kalah, "kalah", ["kalah-4", "kalaha", "mancala"],
                Some(TableSeeds { default: 12, max: 24 }),
                "[`Kalah`], as OpenSpiel plays it (OpenSpiel's `mancala`): 4 seeds a pit.";
            Kalah3: KalahVariant<3, false> = KalahVariant::<3, false>, "kalah-3", [],
                Some(TableSeeds { default: 12, max: 24 }), "Kalah with 3 seeds a pit.";
            Kalah5: KalahVariant<5, false> = KalahVariant::<5, false>, "kalah-5", [],
                Some(TableSeeds { default: 12, max: 24 }), "Kalah with 5 seeds a pit.";
            Kalah6: KalahVariant<6, false> = KalahVariant::<6, false>, "kalah-6", [],
                Some(TableSeeds { default: 12, max: 24 }), "Kalah with 6 seeds a pit.";
            KalahEmptyCapture: KalahVariant<4, true> = Kalah.empty_capture(), "kalah-empty-capture",
                ["kalah-4-empty-capture"], Some(TableSeeds { default: 12, max: 24 }),
                "Kalah with the \"empty capture\" reading ([`Kalah::empty_capture`]).";
            Kalah3EmptyCapture: KalahVariant<3, true> = KalahVariant::<3, true>, "kalah-3-empty-capture", [],
                Some(TableSeeds { default: 12, max: 24 }), "Kalah, 3 seeds a pit, \"empty capture\".";
            Kalah5EmptyCapture: KalahVariant<5, true> = KalahVariant::<5, true>, "kalah-5-empty-capture", [],
                Some(TableSeeds { default: 12, max: 24 }), "Kalah, 5 seeds a pit, \"empty capture\".";
            Kalah6EmptyCapture: KalahVariant<6, true> = KalahVariant::<6, true>, "kalah-6-empty-capture", [],
                Some(TableSeeds { default: 12, max: 24 }), "Kalah, 6 seeds a pit, \"empty capture\".";
            // The board sizes a game declared at run time may have.
            @sizes (Pits2, 2), (Pits4, 4), (Pits6, 6), (Pits8, 8), (Pits10, 10), (Pits12, 12), (Pits14, 14),
                (Pits16, 16), (Pits18, 18), (Pits20, 20), (Pits22, 22), (Pits24, 24), (Pits26, 26),
                (Pits28, 28), (Pits30, 30)
        }
    };
}
pub(crate) use shipped_table;

shipped_table!(shipped);

/// Generic code to run with a ruleset chosen at run time
/// ([`GameKind::with_ruleset`]).
///
/// `run` may count on [`Solvable`](crate::solve::Solvable) (so on
/// [`Ruleset`]), which every shipped game implements: the work may build or
/// open an endgame table ([`Table`](crate::solve::Table),
/// [`DiskTable`](crate::solve::DiskTable)) for the game it is given. Oware's
/// rules refuse one at run time ([`Solvable::unsolvable`](crate::solve::Solvable::unsolvable)).
/// An implementation may ask for less and write `fn run<R: Ruleset>`, as the
/// example on [`GameKind::with_ruleset`] does.
pub trait WithRuleset {
    /// What the work gives.
    type Output;
    /// Runs with `rules`.
    fn run<R: crate::solve::Solvable>(self, rules: R) -> Self::Output;
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The sizes of a game's endgame tables: every board of up to `default`
/// seeds unless asked otherwise, at most `max` (what a 24 GB machine
/// builds, written to disk as it goes; see the README's Solving section).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableSeeds {
    /// Seeds on the board of the table built by default.
    pub default: u32,
    /// The largest table that may be asked for.
    pub max: u32,
}

impl TableSeeds {
    /// The tables of a declared game of `pits` pits: every board of up to
    /// 28 seeds on 4 pits or fewer, the 12-pit games' sizes up to 12 pits,
    /// Al-manqala's on 14; none above (the index of larger boards grows past
    /// what a level may hold long before a useful table).
    #[must_use]
    pub const fn for_board(pits: usize) -> Option<TableSeeds> {
        match pits {
            0..=4 => Some(TableSeeds { default: 28, max: 28 }),
            5..=12 => Some(TableSeeds { default: 12, max: 24 }),
            13..=14 => Some(TableSeeds { default: 10, max: 20 }),
            _ => None,
        }
    }
}

impl GameKind {
    /// Whether the solver builds endgame tables and proofs for the game
    /// ([`table_seeds`](GameKind::table_seeds) is some).
    #[must_use]
    pub const fn solvable(self) -> bool {
        self.table_seeds().is_some()
    }
}

impl AnyGame {
    /// A new game of `kind`, from the opening.
    ///
    /// ```
    /// use mancala_rules::{AnyGame, GameKind};
    ///
    /// let game = AnyGame::new(GameKind::Oware);
    /// assert_eq!(game, AnyGame::from(GameKind::Oware));
    /// assert_eq!(game.legal_moves().to_string(), "1 2 3 4 5 6");
    /// ```
    #[must_use]
    pub fn new(kind: GameKind) -> AnyGame {
        kind.new_game()
    }
}

impl From<GameKind> for AnyGame {
    fn from(kind: GameKind) -> AnyGame {
        kind.new_game()
    }
}

impl ParseError {
    /// The error for a game name the crate does not know: it lists the
    /// games.
    pub(crate) fn unknown_game(name: &str) -> ParseError {
        ParseError::UnknownGame {
            name: name.to_string(),
            games: GameKind::NAMES,
        }
    }
}

impl FromStr for GameKind {
    type Err = ParseError;
    /// A game name or one of its [`aliases`](GameKind::aliases),
    /// case-insensitive; `_` and spaces may stand for `-`.
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
            .find(|kind| kind.name() == normal || kind.aliases().contains(&normal.as_str()))
            .or_else(|| GameKind::from_catalogue(&normal))
            .ok_or_else(|| ParseError::unknown_game(name))
    }
}

impl AnyGame {
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

    /// How many times the current position has occurred in this game,
    /// counting itself ([`Game::occurrences`]).
    #[must_use]
    pub fn occurrences(&self) -> u32 {
        each!(self, g => g.occurrences())
    }

    /// Ends the game by agreement (Al-manqala only).
    pub fn agree_to_split(&mut self) -> Result<Outcome, Error> {
        each!(self, g => g.agree_to_split().map_err(Error::from))
    }

    /// The outcome if the game stopped now for `reason` with the seeds on
    /// the board split equally ([`Outcome::split`]): what a program applies
    /// when a game whose rules have no end for endless play goes round in a
    /// loop.
    #[must_use]
    pub fn split(&self, reason: EndReason) -> Outcome {
        each!(self, g => Outcome::split(g.position(), reason))
    }

    /// Applies an agreement policy; returns whether it agreed.
    pub fn apply_policy(&mut self, policy: AgreementPolicy) -> bool {
        each!(self, g => g.apply_policy(policy))
    }

    /// Where automated play stops, checked before each move
    /// ([`Game::automated_stop`]): over, endless, or at `max_moves`.
    pub fn automated_stop(&mut self, policy: AgreementPolicy, max_moves: usize) -> Option<AutomatedStop> {
        each!(self, g => g.automated_stop(policy, max_moves))
    }

    /// The current position in the crate's notation.
    #[must_use]
    pub fn position_notation(&self) -> String {
        each!(self, g => g.position().to_string())
    }

    /// A two-row terminal drawing of the current position.
    #[must_use]
    pub fn diagram(&self) -> String {
        each!(self, g => g.diagram().to_string())
    }

    /// The game's declaration: its rules as data ([`GameKind::rules`]).
    #[must_use]
    pub fn rules(&self) -> &'static Rules {
        self.kind().rules()
    }

    /// The game's numbered rules, in Markdown ([`GameKind::rules_text`]).
    #[must_use]
    pub fn rules_text(&self) -> &'static str {
        self.kind().rules_text()
    }

    /// The game as portable JSON: a [`GameRecord`](crate::GameRecord)
    /// (name, start, moves, agreement, outcome).
    ///
    /// ```
    /// use mancala_rules::{AnyGame, GameKind};
    ///
    /// let mut game = GameKind::TihbatChain.new_game();
    /// game.play("2".parse()?)?;
    /// let json = game.record_json();
    /// assert_eq!(AnyGame::from_record_json(&json)?, game);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "protocol")]
    #[cfg_attr(docsrs, doc(cfg(feature = "protocol")))]
    #[must_use]
    pub fn record_json(&self) -> String {
        each!(self, g => serde_json::to_string(&g.record()).unwrap_or_default())
    }

    /// A game from its JSON record: the record's `game` name picks the
    /// rules, then the start is validated and every move checked
    /// ([`Game::from_record`]).
    #[cfg(feature = "protocol")]
    #[cfg_attr(docsrs, doc(cfg(feature = "protocol")))]
    pub fn from_record_json(json: &str) -> Result<AnyGame, Error> {
        #[derive(serde::Deserialize)]
        struct Name {
            game: String,
        }
        let name: Name = serde_json::from_str(json).map_err(|e| ParseError::Record(e.to_string()))?;
        let kind: GameKind = name.game.parse()?;
        kind.game_from_record_json(json)
    }
}

/// A kind serialises as its name.
#[cfg(feature = "serde")]
impl serde::Serialize for GameKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// A kind deserialises from a name it answers to ([`FromStr`]).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for GameKind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<GameKind, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}
