//! A search engine for a game chosen at run time: [`AnyEngine`].
//!
//! Programs that pick the game by name ([`GameKind`]) hold an [`AnyGame`];
//! an [`AnyEngine`] searches it without any generic code on the caller's
//! side, so a program that serves every shipped game compiles the engines
//! once, here, rather than once per game in its own crate.

use std::fmt;
use std::path::Path;

use thiserror::Error;

use crate::any_game::{shipped_table, AnyGame, GameKind};
// Every game's type, as the table of shipped games names them.
use crate::data::{BoardSize, Dynamic};
#[allow(clippy::wildcard_imports)]
use crate::games::*;
use crate::moves::Move;
use crate::search::{
    proven_margin, AlphaBeta, CaptureDifference, Limits, Mcts, MctsLimits, MctsResult, SearchResult,
};
use crate::solve::{DiskTable, Solvable, SolveError};
use crate::Game;

/// An engine asked to search a game of another kind than its own.
#[cfg_attr(docsrs, doc(cfg(feature = "search")))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[error("an engine for {engine} cannot search a game of {game}")]
pub struct KindMismatch {
    /// The engine's game.
    pub engine: GameKind,
    /// The game it was given.
    pub game: GameKind,
}

/// What an [`AnyEngine`] found: the result of whichever search it runs.
#[cfg_attr(docsrs, doc(cfg(feature = "search")))]
#[derive(Clone, Debug, PartialEq)]
pub enum Thought {
    /// An alpha-beta search's result.
    AlphaBeta(SearchResult),
    /// A Monte-Carlo tree search's result.
    Mcts(MctsResult),
}

impl Thought {
    /// The move chosen, `None` once the game is over.
    #[must_use]
    pub fn best(&self) -> Option<Move> {
        match self {
            Thought::AlphaBeta(r) => r.best,
            Thought::Mcts(r) => r.best,
        }
    }

    /// The expected line, the chosen move first.
    #[must_use]
    pub fn pv(&self) -> &[Move] {
        match self {
            Thought::AlphaBeta(r) => &r.pv,
            Thought::Mcts(r) => &r.pv,
        }
    }
}

/// One line on how the engine saw the position: depth, score (a proven
/// result in words), nodes and line for alpha-beta; playouts, expected
/// result and the first eight moves of the line for MCTS.
///
/// ```
/// use mancala_rules::search::Limits;
/// use mancala_rules::{AnyEngine, GameKind};
///
/// let game = GameKind::Tihbat.game_from(&[2, 0, 1, 1], [10, 14], mancala_rules::Player::South)?;
/// let mut engine = AnyEngine::alpha_beta(GameKind::Tihbat, Limits::depth(20));
/// let thought = engine.think(&game)?;
/// assert!(thought.to_string().starts_with("depth "));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Display for Thought {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = |moves: &[Move], most: usize| {
            moves
                .iter()
                .take(most)
                .map(Move::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        match self {
            Thought::AlphaBeta(r) => {
                write!(f, "depth {}, score ", r.depth)?;
                match proven_margin(r.score) {
                    Some(m) if m > 0 => write!(f, "wins by {m}")?,
                    Some(m) => write!(f, "loses by {}", -m)?,
                    None => write!(f, "{:+}", r.score)?,
                }
                write!(f, ", {} nodes, line {}", r.nodes, line(&r.pv, usize::MAX))
            }
            Thought::Mcts(r) => write!(
                f,
                "{} playouts, expected result {:.2}, line {}",
                r.iterations,
                r.score,
                line(&r.pv, 8)
            ),
        }
    }
}

/// The oracle of an [`AnyEngine`]'s alpha-beta: an endgame table file, if
/// one was given.
type TableOracle<R> = Option<DiskTable<R>>;

/// One kind's engine.
#[derive(Debug)]
enum KindEngine<R: Solvable> {
    AlphaBeta(AlphaBeta<R, CaptureDifference, TableOracle<R>>, Limits),
    Mcts(Mcts<R>, MctsLimits),
}

impl<R: Solvable> KindEngine<R> {
    fn rules(&self) -> &R {
        match self {
            KindEngine::AlphaBeta(engine, _) => engine.rules(),
            KindEngine::Mcts(engine, _) => engine.rules(),
        }
    }

    fn think(&mut self, game: &Game<R>) -> Thought {
        match self {
            KindEngine::AlphaBeta(engine, limits) => Thought::AlphaBeta(engine.search_game(game, *limits)),
            KindEngine::Mcts(engine, limits) => Thought::Mcts(engine.search_game(game, *limits)),
        }
    }

    fn clear(&mut self) {
        match self {
            KindEngine::AlphaBeta(engine, _) => engine.clear(),
            // A search builds its tree afresh; only the playouts' generator
            // goes on.
            KindEngine::Mcts(..) => {}
        }
    }
}

impl<R: Solvable> KindEngine<R> {
    fn alpha_beta(rules: R, limits: Limits) -> KindEngine<R> {
        KindEngine::AlphaBeta(AlphaBeta::new(rules).with_oracle(None), limits)
    }

    fn mcts(rules: R, limits: MctsLimits, seed: u64) -> KindEngine<R> {
        KindEngine::Mcts(Mcts::new(rules).with_seed(seed), limits)
    }

    /// The same engine asking the table file at `path`: alpha-beta only.
    fn with_table(self, path: &Path) -> Result<KindEngine<R>, SolveError> {
        match self {
            KindEngine::AlphaBeta(engine, limits) => {
                let table = DiskTable::open(*engine.rules(), path)?;
                Ok(KindEngine::AlphaBeta(engine.with_oracle(Some(table)), limits))
            }
            KindEngine::Mcts(..) => Err(SolveError::Rules(
                "Monte-Carlo tree search asks no endgame table".into(),
            )),
        }
    }
}

macro_rules! engines {
    ($($kind:ident: $rules:ty = $value:expr, $name:literal, [$($alias:literal),*], $table:expr, $doc:literal;)*
     @sizes $(($size:ident, $pits:literal)),*) => {
        /// One engine per kind, boxed: the enum stays a pointer wide.
        #[derive(Debug)]
        enum Engines {
            $($kind(Box<KindEngine<$rules>>),)*
            $($size(Box<KindEngine<Dynamic<$pits>>>),)*
        }

        impl Engines {
            fn alpha_beta(kind: GameKind, limits: Limits) -> Engines {
                match kind {
                    $(GameKind::$kind => Engines::$kind(Box::new(KindEngine::alpha_beta($value, limits))),)*
                    GameKind::Declared(declared) => match declared.0.size {
                        $(BoardSize::$size => Engines::$size(Box::new(KindEngine::alpha_beta(Dynamic::<$pits>(declared), limits))),)*
                    },
                }
            }

            fn mcts(kind: GameKind, limits: MctsLimits, seed: u64) -> Engines {
                match kind {
                    $(GameKind::$kind => Engines::$kind(Box::new(KindEngine::mcts($value, limits, seed))),)*
                    GameKind::Declared(declared) => match declared.0.size {
                        $(BoardSize::$size => Engines::$size(Box::new(KindEngine::mcts(Dynamic::<$pits>(declared), limits, seed))),)*
                    },
                }
            }

            fn with_table(self, path: &Path) -> Result<Engines, SolveError> {
                Ok(match self {
                    $(Engines::$kind(engine) => Engines::$kind(Box::new(engine.with_table(path)?)),)*
                    $(Engines::$size(engine) => Engines::$size(Box::new(engine.with_table(path)?)),)*
                })
            }

            fn clear(&mut self) {
                match self {
                    $(Engines::$kind(engine) => engine.clear(),)*
                    $(Engines::$size(engine) => engine.clear(),)*
                }
            }

            fn think(&mut self, game: &AnyGame) -> Option<Thought> {
                match (self, game) {
                    $((Engines::$kind(engine), AnyGame::$kind(game)) => Some(engine.think(game)),)*
                    // A declared game's engine searches only games of its declaration.
                    $((Engines::$size(engine), AnyGame::$size(game)) if engine.rules() == game.rules() => {
                        Some(engine.think(game))
                    })*
                    _ => None,
                }
            }
        }
    };
}

shipped_table!(engines);

/// A search engine for any shipped game, chosen at run time: alpha-beta
/// ([`AlphaBeta`], optionally with an endgame table file as its oracle) or
/// Monte-Carlo tree search ([`Mcts`]), with its limits.
///
/// Alpha-beta keeps what it learnt (its transposition table) from one
/// [`think`](AnyEngine::think) to the next, until
/// [`clear`](AnyEngine::clear); MCTS builds a new tree each time. Memory:
/// the engine's own default (alpha-beta 4 MiB, MCTS at most
/// [`MCTS_DEFAULT_MEMORY`](crate::search::MCTS_DEFAULT_MEMORY)); a table
/// file is read a byte per lookup ([`DiskTable`]), never loaded.
///
/// ```
/// use mancala_rules::search::Limits;
/// use mancala_rules::{AnyEngine, GameKind};
///
/// let kind: GameKind = "djenon-aboure".parse()?;
/// let mut game = kind.new_game();
/// let mut engine = AnyEngine::alpha_beta(kind, Limits::depth(6));
/// let thought = engine.think(&game)?;
/// game.play(thought.best().expect("the game goes on"))?;
/// assert_eq!(game.moves().len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "search")))]
#[derive(Debug)]
pub struct AnyEngine {
    kind: GameKind,
    engines: Engines,
}

impl AnyEngine {
    /// An alpha-beta engine for `kind`, searching within `limits`.
    #[must_use]
    pub fn alpha_beta(kind: GameKind, limits: Limits) -> AnyEngine {
        AnyEngine {
            kind,
            engines: Engines::alpha_beta(kind, limits),
        }
    }

    /// An alpha-beta engine for `kind` that asks the endgame table in the
    /// file at `table` (the format of
    /// [`FORMAT_MAGIC`](crate::solve::FORMAT_MAGIC)) for the exact value of
    /// every position it covers. The whole file is checked here
    /// ([`DiskTable::open`]: the rules' fingerprint, the checksum, every
    /// value's range): a table of other rules, a bad file (the error names
    /// it), or a game the solver refuses (Oware) is an error.
    pub fn alpha_beta_with_table(
        kind: GameKind,
        limits: Limits,
        table: impl AsRef<Path>,
    ) -> Result<AnyEngine, SolveError> {
        let engines = Engines::alpha_beta(kind, limits).with_table(table.as_ref())?;
        Ok(AnyEngine { kind, engines })
    }

    /// A Monte-Carlo tree search engine for `kind`, within `limits`, its
    /// playouts drawn from a generator seeded by `seed`.
    #[must_use]
    pub fn mcts(kind: GameKind, limits: MctsLimits, seed: u64) -> AnyEngine {
        AnyEngine {
            kind,
            engines: Engines::mcts(kind, limits, seed),
        }
    }

    /// The game this engine plays.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// Forgets what the engine learnt, as a new engine would (see
    /// [`AlphaBeta::clear`]): for a new game, or to make the next search
    /// independent of the ones before. MCTS keeps nothing between searches
    /// but its random generator, which goes on.
    ///
    /// ```
    /// use mancala_rules::search::Limits;
    /// use mancala_rules::{AnyEngine, GameKind};
    ///
    /// let game = GameKind::Bohnenspiel.new_game();
    /// let mut engine = AnyEngine::alpha_beta(GameKind::Bohnenspiel, Limits::depth(5));
    /// let first = engine.think(&game)?.to_string();
    /// engine.clear();
    /// assert_eq!(engine.think(&game)?.to_string(), first); // the same nodes too
    /// # Ok::<(), mancala_rules::KindMismatch>(())
    /// ```
    pub fn clear(&mut self) {
        self.engines.clear();
    }

    /// Searches `game`'s current position, its history and rules included
    /// (an agreement to split is not a move: see
    /// [`AnyGame::apply_policy`]). The result's
    /// [`best`](Thought::best) is `None` once the game is over; a game of
    /// another kind is an error.
    pub fn think(&mut self, game: &AnyGame) -> Result<Thought, KindMismatch> {
        self.engines.think(game).ok_or(KindMismatch {
            engine: self.kind,
            game: game.kind(),
        })
    }
}

/// The engine's choice in a position ([`AnyGame::best_move`]): the move,
/// its score for the player to move, the depth searched and the expected
/// line.
#[cfg_attr(docsrs, doc(cfg(feature = "search")))]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    /// The move to play.
    pub mv: Move,
    /// Its score for the player to move: the capture difference expected,
    /// or a proven result ([`proven_margin`] reads it).
    pub score: i32,
    /// The depth of the last completed iteration, in plies.
    pub depth: u32,
    /// The expected line, `mv` first.
    pub line: Vec<Move>,
    /// Positions visited.
    pub nodes: u64,
}

/// `MOVE (depth D, score S, line ...)`, the score of a proven result in
/// words.
impl fmt::Display for BestMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (depth {}, score ", self.mv, self.depth)?;
        match proven_margin(self.score) {
            Some(m) if m > 0 => write!(f, "wins by {m}")?,
            Some(m) => write!(f, "loses by {}", -m)?,
            None => write!(f, "{:+}", self.score)?,
        }
        let line: Vec<String> = self.line.iter().map(Move::to_string).collect();
        write!(f, ", line {})", line.join(" "))
    }
}

impl AnyGame {
    /// The engine's move for the current position, with its score, depth
    /// and line: alpha-beta ([`AnyEngine::alpha_beta`]) within `limits`,
    /// the game's history and its rules included (an agreement to split is
    /// not a move: see [`apply_policy`](AnyGame::apply_policy)). `None` once
    /// the game is over. Memory: the engine's default table (see
    /// [`AlphaBeta::new`]), freed on return; keep an [`AnyEngine`] to
    /// search move after move with the table kept. (With the `search`
    /// feature, on by default.)
    ///
    /// A whole program, in ten lines: pick a game by name, let the engine
    /// play it out, print the result.
    ///
    /// ```
    /// use mancala_rules::search::Limits;
    /// use mancala_rules::{GameKind, Move};
    ///
    /// let mut game = "kalah".parse::<GameKind>()?.new_game();
    /// let first = game.best_move(Limits::depth(4)).expect("a move");
    /// assert_eq!((first.depth, first.line.first()), (4, Some(&first.mv)));
    /// while let Some(best) = game.best_move(Limits::depth(4)) {
    ///     game.play(best.mv)?;
    /// }
    /// let outcome = game.outcome().expect("the game is over");
    /// println!("{}: {outcome}", game.kind());
    /// assert_eq!(outcome.to_string(), "South 30, North 18: South wins (a row is empty)");
    /// # Ok::<(), mancala_rules::Error>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "search")))]
    #[must_use]
    pub fn best_move(&self, limits: Limits) -> Option<BestMove> {
        let mut engine = AnyEngine::alpha_beta(self.kind(), limits);
        // An alpha-beta engine thinks in alpha-beta results.
        let Thought::AlphaBeta(result) = engine.think(self).ok()? else {
            return None;
        };
        Some(BestMove {
            mv: result.best?,
            score: result.score,
            depth: result.depth,
            line: result.pv,
            nodes: result.nodes,
        })
    }
}
