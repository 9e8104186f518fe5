//! Rule engines for mancala (sowing) games.
//!
//! Four documented games, [`Bohnenspiel`](games::Bohnenspiel),
//! [`DjenonAboure`](games::DjenonAboure), [`Tihbat`](games::Tihbat) and
//! [`AlManqala`](games::AlManqala), and the two reference games other
//! engines play, [`Oware`](games::Oware) and [`Kalah`](games::Kalah) (checked
//! against OpenSpiel position by position), all behind one [`Ruleset`]
//! trait. Every one is a declaration: a [`Rules`] value that composes the
//! stages of a turn (which pits may be played, sowing, capture, who moves
//! next, the end, the history rules), each evaluated by the shared, public
//! [`primitives`]. A game the crate does not ship is declared the same way
//! in a dozen lines ([`declare!`]), runs as fast as the crate's own, and can
//! be checked with the [`harness`].
//!
//! Positions ([`Position`]) are small `Copy` values; legal moves
//! ([`MoveSet`]) and move application allocate nothing. [`Game`] adds the
//! history: undo, and the rules that depend on it (Tihbat's repetition,
//! Al-manqala's agreement). [`AnyGame`] picks a game at run time by name,
//! or from its declaration as data ([`RulesData`]: a JSON file, checked
//! field by field, played by the same pipeline).
//! Positions, moves and records serialise with serde (the `serde` feature);
//! every failure is a typed error ([`Error`]).
//!
//! # Quick start
//!
//! ```
//! use mancala_rules::games::Bohnenspiel;
//! use mancala_rules::{Game, Move, Player};
//!
//! let mut game = Game::new(Bohnenspiel);
//! let report = game.play(Move::Pit(3))?;
//! assert_eq!(report.last_pit, Some(9));
//! assert_eq!(game.position().to_string(), "6 6 0 7 7 7 | 7 7 7 6 6 6 0-0 N");
//! // North may not sow from South's pits, and says why.
//! let err = game.play(Move::Pit(2)).unwrap_err();
//! assert_eq!(err.to_string(), "pit 2 is not yours: North owns pits 7-12");
//! // Play on with the first legal move until the game ends.
//! while let Some(mv) = game.legal_moves().into_iter().next() {
//!     game.play(mv)?;
//! }
//! let outcome = game.outcome().expect("over");
//! assert_eq!(outcome.totals[0] + outcome.totals[1], 72);
//! # let _ = outcome.winner().unwrap_or(Player::South);
//! # Ok::<(), mancala_rules::IllegalMove>(())
//! ```
//!
//! # Limits
//!
//! Nothing in the crate hangs or aborts on what a user passes it: every loop
//! has a defined end and every size has a documented limit, with a typed
//! error ([`CapacityError`], [`solve::SolveError`]) where a size is refused.
//! Nor does it give a plausible wrong figure: a declaration it could not
//! play exactly ([`Rules::problems`]: more than [`MAX_TOTAL_SEEDS`] seeds,
//! an odd board, contradictory stores) is a compile error in [`declare!`]
//! and refused by [`Ruleset::validate`] and the [`harness`]; text it is
//! given is read strictly and echoed through [`Escaped`].
//!
//! - [`search::Mcts`]: a node budget (default 64 MiB of 16-byte nodes); the
//!   search ends at its iteration or time limit, or once the root is proven.
//! - [`search::AlphaBeta`]: a table of at most 2^26 entries (1 GiB); depth at
//!   most [`search::MAX_DEPTH`].
//! - [`playout::Playouts`]: a ply cap (default 10,000); a game stopped there
//!   is reported unfinished.
//! - [`solve::Table`]: levels of fewer than 2^32 positions, allocated
//!   fallibly; files are read as their data arrives.
//! - [`Game::from_record`] and the serde forms are strict: another game's
//!   record, an outcome the moves do not reach, unknown or repeated fields
//!   are errors.
//!
//! Each game's page ([`games`]) gives its numbered rules, the crate's
//! reading of its (Vietnamese and Croatian) sources; where the sources are
//! silent, the page says "our choice".
//!
//! # Feature flags
//!
//! - `serde` (default): `Serialize` and `Deserialize` for positions, moves,
//!   [`GameRecord`], [`Outcome`], [`MoveReport`], [`GameKind`], the rule
//!   declarations ([`Rules`] serialises only) and the other data types, and
//!   the `Serialize + DeserializeOwned` bounds of [`Board`].
//! - `protocol` (default): the replay protocol (the `protocol` module),
//!   [`AnyGame`]'s JSON records and games as data ([`RulesData::from_json`],
//!   the catalogue of `src/games/*.json`, `GameKind`'s lookup of its
//!   file-only games), with `serde_json`; implies `serde`.
//! - `search` (default): [`AnyEngine`] and [`AnyGame::best_move`], the
//!   alpha-beta and MCTS engines of every game chosen at run time, compiled
//!   in the library. Without it those two are absent (the generic engines of
//!   [`search`] are always there).
//!
//! With `default-features = false` the crate builds without serde,
//! serde_derive and serde_json: everything else (the games, [`Game`] and
//! [`GameRecord`], search, the solver, the harness) is there, and a
//! record's parts (its start position, its moves) keep their text notation.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
// Unsafe code is allowed in two places: the SSE2 comparisons of `kernel`
// and the huge pages' system call of `huge_pages`.
#![deny(unsafe_code)]
// A declaration's problems (`Problems`, nine slots: one a check) are kept
// inline in the errors that carry them, a cold path: a larger `Err` costs
// nothing that matters, and a box would allocate in `const` checks.
#![allow(clippy::result_large_err)]

#[cfg(feature = "search")]
mod any_engine;
mod any_game;
mod data;
mod declaration;
mod eliminate;
mod error;
mod fingerprint;
mod game;
pub mod games;
pub mod harness;
mod history;
mod huge_pages;
mod kernel;
mod moves;
mod outcome;
mod perft;
mod player;
pub mod playout;
mod position;
pub mod primitives;
#[cfg(feature = "protocol")]
#[cfg_attr(docsrs, doc(cfg(feature = "protocol")))]
pub mod protocol;
mod rng;
mod rounds;
mod ruleset;
pub mod search;
pub mod solve;
mod start;
mod validation;

#[cfg(feature = "search")]
pub use any_engine::{AnyEngine, BestMove, KindMismatch, Thought};
pub use any_game::{AnyGame, GameKind, TableSeeds, WithRuleset};
pub use data::{
    DeclaredKind, Dynamic, RulesData, RulesError, MAX_DECLARATIONS, MAX_RULES_BYTES, RULES_FORMAT,
};
pub use declaration::{
    Cleared, Declared, Ending, Feeding, FewSeeds, HistoryRules, Leftover, Pipeline, Playable, Rules,
    SlamsOnly, Stuck,
};
pub use eliminate::Eliminate;
pub use error::{
    AgreementError, CapacityError, Error, Escaped, IllegalMove, ParseError, PlayError, PositionError,
    RecordError,
};
pub use game::{AutomatedStop, Game, GameRecord};
pub use history::AgreementPolicy;
pub use moves::{Move, MoveIter, MoveSet, PitSet, Rotation};
pub use outcome::{EndReason, MoveReport, Outcome, Repetition, Status, Turn};
pub use perft::perft;
pub use position::{Board, Diagram, Player, Position};
pub use rounds::{Match, MatchError, Round, RoundFill, RoundStarter, Rounds};
pub use ruleset::Ruleset;
pub use start::{Deal, Opening, StartBoard, StartBoardError};
pub use validation::{Problems, RulesProblem, MAX_TOTAL_SEEDS};

/// The README's examples run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
