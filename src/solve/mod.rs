//! Retrograde analysis: exact values of every position up to a seed count.
//!
//! [`Table::build`] solves every position of a game that has at most `K`
//! seeds on the board, for either player to move, and stores one byte per
//! position. It serves as Tihbat's complete solution (`K = 28`, the whole
//! game) and as endgame tables for the larger games (Bohnenspiel,
//! Djenon-aboure, Al-manqala), which the search engine consults: a table is a
//! [`search::Oracle`](crate::search::Oracle). `examples/solve.rs` solves,
//! saves, loads and answers questions from the command line.
//!
//! ```
//! use mancala_rules::games::Tihbat;
//! use mancala_rules::solve::Table;
//!
//! // Tihbat with 2 counters a pit: every board of up to 8 counters.
//! let table = Table::build(Tihbat, 8)?;
//! let start = "2 2 | 2 2 0-0 S".parse()?;
//! assert_eq!(table.value(&start), Some(0)); // a draw under perfect play
//! assert_eq!(table.best_moves(&start).map(|m| m.to_string()), Some("1 2".to_string()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What a value is
//!
//! The **value** of a position is the final margin under perfect play: the
//! final total of the player to move minus the opponent's. It splits into
//! the captures already made and the **board value**, the margin that the
//! seeds still on the board will bring:
//!
//! `value = (mover's captures − opponent's captures) + board value`.
//!
//! The tables store board values only, so one table serves every score. This
//! holds for the games that implement [`Solvable`]: a move's effect on the
//! board and its capture never depend on the scores, a capture only adds to
//! the mover's score, and the end of the game (which moves are legal, when it
//! ends and how the board is shared) depends on the board and the player to
//! move alone. Checked for each game in `src/games`: Bohnenspiel (empty row:
//! the other player takes the board), Djenon-aboure (no moves: each keeps
//! their row), Tihbat (all captured), Al-manqala (starvation, all captured).
//! Oware does not qualify (a player with more than 24 captures wins at once),
//! and does not implement [`Solvable`].
//!
//! # Endless play
//!
//! A capture removes seeds from the board, so there are finitely many
//! captures; after the last one, play either ends or goes on forever among
//! boards of the same seed count. **The solver's definition**: a play that
//! never ends is worth an equal split of the seeds left on the board (board
//! value 0, the captures made stand). It is a definition of the solver, and
//! agrees with the rules where they have one:
//!
//! - **Tihbat** (and Hemprich's Bohnenspiel): a repeated position ends the
//!   game with the board split. The solver treats any cycle as that split,
//!   and this gives exactly the value of the real, history-dependent game
//!   from any position reached with no history (the opening, for example):
//!   an optimal strategy of the table depends on the position only, and
//!   against it every play of the real game either ends as in the table or
//!   closes a cycle, which the real game scores as the split and the table
//!   scores as that cycle repeated forever, the same margin. (Positional
//!   strategies make the first-cycle game and the endless game agree; the
//!   tests check it against a search that carries the history.)
//! - **Al-manqala**: the players may agree to split the board; the solver
//!   scores endless chasing as that agreement.
//! - **Bohnenspiel** and **Djenon-aboure**: the rules have no end for endless
//!   play; the solver scores it as an even split of the board.
//!
//! # The algorithm
//!
//! Boards are numbered by [`BoardIndex`] (ranking of the compositions of `s`
//! seeds into the pits) and solved by increasing seed count `s`. A move that
//! takes seeds off the board (a capture, or a seed sown into a store)
//! reaches a smaller count, already solved: it is an *exit* of known value,
//! `captured − value(child)` (or `captured + value(child)` when the mover
//! moves again; `captured` is the mover's share minus the opponent's). Moves
//! that take nothing off stay at `s` and may form cycles. For each threshold `t` from `s` down to 1 the solver
//! grows two sets, the positions whose mover can force a value `>= t`
//! ("win") and those whose opponent can force `<= −t` ("loss"), as
//! attractors with successor counters: a position wins if an exit gives `t`
//! or a move leads to a loss (or, the same player moving again, to a win);
//! it loses once every move leads to a win (or the same player's loss) and
//! every exit gives at most `−t`. A position first reached at threshold `t`
//! is worth `±t`; one never reached is worth 0 (it can keep the game going
//! or draw). Both sets only grow as `t` falls, so one pass of counters
//! serves every threshold. The moves are generated twice per level, in
//! parallel (once to count, once to store predecessors), and the attractor
//! runs on the stored predecessor lists.
//!
//! # Results
//!
//! Tihbat, solved (`cargo run --release --example solve -- tihbat`: every one
//! of the 71,920 positions of up to 28 counters, either player to move, in
//! about 0.05 s). The value is South's final total minus North's under
//! perfect play from the opening with `k` counters a pit:
//!
//! | counters a pit | 1 | 2 | 3 | 4 | 5 | 6 | 7 |
//! |---|---|---|---|---|---|---|---|
//! | value | 0 | 0 | +6 | +2 | −6 | +6 | −2 |
//! | best first moves | 1, 2 | 1, 2 | 1 | 2 | 1, 2 | 1 | 1, 2 |
//!
//! Endgame tables (`--max-seeds K`): a level of `n` positions needs about
//! `6n` bytes plus 4 a non-capturing move while it is solved (see
//! [`Table::build_with`]), so the largest level sets the memory;
//! [`Table::build_to_writer`] writes a table to disk as it is built, without
//! keeping it. Measured on two cores (the `solve` example, `--out`):
//!
//! | game | K | positions (bytes of values) | peak memory | build |
//! |---|---|---|---|---|
//! | Bohnenspiel | 24 | 2,503,355,400 | 13.6 GB | 1,278 s |
//! | Djenon-aboure | 24 | 2,503,355,400 | 9.5 GB | 1,630 s |
//! | Al-manqala | 20 | 2,783,951,280 | 19.8 GB | 1,583 s |
//! | Bohnenspiel | 16 | 60,843,510 | 0.44 GB | 26 s |
//! | Djenon-aboure | 16 | 60,843,510 | 0.28 GB | 17 s |
//! | Al-manqala | 12 | 19,315,400 | 0.17 GB | 9 s |
//!
//! A file (format 2, see [`FORMAT_MAGIC`]) adds a header of about 35 bytes
//! and an 8-byte checksum to the values. The README gives
//! the commands, the checks made on the large files and what they add to
//! the search engine.
//!
//! Djenon-aboure, weakly solved with a proof certificate ([`proof`], its
//! files in format 2 as tables are; `cargo
//! run --release --example solve -- djenon-aboure --opening --proof FILE`,
//! then `--verify FILE`): South wins by 4 under perfect play, with 5 the only
//! best first move (first moves 1 to 6: −10, −10, −6, −2, +4, +2), endless
//! play valued as the split defined above.

mod disk;
mod file;
mod index;
mod oracle;
pub mod proof;
mod table;

pub use disk::DiskTable;
#[doc(hidden)]
pub use file::reseal;
pub use index::BoardIndex;
pub use table::{BuildOptions, BuildStats, LevelProgress, Table, FORMAT_MAGIC};

use thiserror::Error;

use std::path::PathBuf;

use crate::{Board, Declared, Escaped, Ruleset};

/// A [`Ruleset`] whose positions the retrograde solver may solve.
///
/// Implementing it promises, beyond [`Ruleset`]: [`turn`](Ruleset::turn) and
/// [`play_unchecked`](Ruleset::play_unchecked) give the same moves, boards and captures
/// whatever the scores; a move never adds seeds to the board, and the seeds
/// it takes off the board go to the scores (to either player: a store sown
/// into or a capture); and an [`Outcome`](crate::Outcome)'s totals are the
/// scores plus a share of the board that depends on the board and the player
/// to move alone. Who moves next may be either player (an extra turn keeps
/// the mover). History rules ([`Ruleset::repetition`],
/// [`Ruleset::agreement`]) are not consulted: see the [module docs](self)
/// for how the solver scores endless play.
///
/// Every [`Declared`] game is `Solvable` (a blanket impl), under one
/// condition, checked when a table is built or read: its declaration has no
/// [`Ending::majority`](crate::Ending::majority) (a capture total above half
/// that ends the game reads the scores). So the crate's games Tihbat,
/// Bohnenspiel, Djenon-aboure, Al-manqala and Kalah (every variant) can be
/// solved, and [`Oware`](crate::games::Oware) is refused with
/// [`SolveError::Rules`]. So is a game with children
/// ([`SowingTurn::children`](crate::primitives::SowingTurn::children)):
/// the solver's board index does not hold them; a game whose last seed
/// takes the opponent's store
/// ([`SowingTurn::takes_opponent_store`](crate::primitives::SowingTurn::takes_opponent_store)),
/// a capture that reads the scores; and a game whose relay goes
/// on through the mover's store
/// ([`RelayContinues::ThroughOwnStore`](crate::primitives::RelayContinues::ThroughOwnStore))
/// or that hands a store over ([`StorePass`](crate::primitives::StorePass)):
/// its moves read the scores. A hand-written [`Ruleset`] that keeps the promises
/// may implement it too (the default [`unsolvable`](Solvable::unsolvable)
/// says `None`).
///
/// ```
/// use mancala_rules::games::{Kalah, Oware};
/// use mancala_rules::solve::{SolveError, Table};
///
/// // Kalah: a seed sown into the mover's store leaves the board for their
/// // score, and the last seed there plays again.
/// let table = Table::build(Kalah, 3)?;
/// let pos = "0 0 0 0 1 1 | 1 0 0 0 0 0 20-25 S".parse()?;
/// // Pit 6 into the store, and South moves again: pit 5 into the empty pit
/// // 6 takes it with the seed of pit 7 opposite. All three seeds are South's.
/// assert_eq!(table.board_value(&pos), Some(3));
/// assert_eq!(table.value(&pos), Some(-2));
/// assert_eq!(table.best_moves(&pos).map(|m| m.to_string()), Some("6".to_string()));
/// assert!(matches!(Table::build(Oware, 2), Err(SolveError::Rules(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Solvable: Ruleset {
    /// A stable digest of how these rules play (see
    /// [`Rules::fingerprint`](crate::Rules::fingerprint)), which table and
    /// certificate files carry: a file is read only by rules of the same
    /// fingerprint. Two rulesets that play alike may share one; two that
    /// differ must not.
    fn fingerprint(&self) -> u64;

    /// Why these rules break a promise of [`Solvable`] that the rules
    /// themselves tell, or `None` when the solver may solve them.
    fn unsolvable(&self) -> Option<String> {
        None
    }
}

impl<D: Declared> Solvable for D {
    fn fingerprint(&self) -> u64 {
        self.rules().fingerprint(D::Position::PITS)
    }

    fn unsolvable(&self) -> Option<String> {
        let rules = self.rules();
        if self.judges_the_mover() {
            return Some(format!(
                "{}'s game ends by a rule judged on who moved last, which a position does not show",
                rules.name
            ));
        }
        if rules.opening.is_some() {
            // The board index holds pits, scores and the mover, not the
            // moves of the opening left.
            return Some(format!(
                "{}'s game has an opening rule (opening), whose moves left the solver's board index does not hold",
                rules.name
            ));
        }
        if rules.turn.takes_opponent_store {
            // A capture of the opponent's store takes their score: the
            // move's capture reads the scores.
            return Some(format!(
                "{}'s game takes the opponent's store (turn.takes_opponent_store): a capture that reads the scores",
                rules.name
            ));
        }
        if rules.play.barred_return {
            // The board index holds pits, scores and the mover, not the
            // pit a return bars.
            return Some(format!(
                "{}'s game bars a return (play.barred_return), whose barred pit the solver's board index does not hold",
                rules.name
            ));
        }
        if rules.turn.children.is_some() {
            // The board index holds pits, scores and the mover, not children.
            return Some(format!(
                "{}'s game has children (turn.children), which the solver's board index does not hold",
                rules.name
            ));
        }
        if matches!(
            rules.turn.lap.relay(),
            Some(crate::primitives::RelayRule {
                continues: crate::primitives::RelayContinues::ThroughOwnStore,
                ..
            })
        ) {
            // A relay through the store sows the score's seeds back onto
            // the board: the board depends on the scores.
            return Some(format!(
                "{}'s relay goes on through the mover's store (turn.lap.relay.continues), which puts seeds of the score back on the board",
                rules.name
            ));
        }
        if !rules.turn.store_pass.is_never() {
            // What a move is worth then depends on the mover's score.
            return Some(format!(
                "{}'s game hands a store to the opponent (turn.store_pass): a move's worth reads the scores",
                rules.name
            ));
        }
        rules.end.majority.map(|_| {
            format!(
                "{}'s game ends when a player captures more than half: the end reads the scores",
                rules.name
            )
        })
    }
}

/// A position count in words: the number, or "more than 2^64".
fn count_text(positions: Option<u64>) -> String {
    positions.map_or_else(|| "more than 2^64".to_string(), |n| n.to_string())
}

/// Why a table could not be built, read or written.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SolveError {
    /// Values are stored in one signed byte: at most 127 seeds on the board.
    #[error("at most {max} seeds on the board can be solved, not {asked}")]
    TooManySeeds {
        /// Seeds asked for.
        asked: u32,
        /// The largest count supported.
        max: u32,
    },
    /// A level has too many positions to solve: a level holds fewer than
    /// 2^32 − 1 positions (its nodes are `u32`).
    #[error("{seeds} seeds on the board make {} positions, more than the {} a level may hold", count_text(*.positions), u32::MAX - 1)]
    LevelTooLarge {
        /// The seed count.
        seeds: u32,
        /// Positions at that count (both players to move), `None` if more
        /// than a `u64` counts.
        positions: Option<u64>,
    },
    /// A board index that cannot be built: pits outside
    /// `1..=`[`BoardIndex::MAX_PITS`], more than 255 seeds a pit, or more
    /// boards at the largest seed count than a `u64` counts.
    #[error("no index of {pits}-pit boards with up to {max_seeds} seeds: {reason}")]
    Index {
        /// Pits asked for.
        pits: usize,
        /// Seeds asked for.
        max_seeds: u32,
        /// What is wrong.
        reason: &'static str,
    },
    /// Memory that could not be allocated (the message says how much).
    #[error(transparent)]
    Capacity(#[from] crate::CapacityError),
    /// The rules broke a promise of [`Solvable`] (a move added seeds, or a
    /// position could not be built).
    #[error("the rules broke the solver's assumptions: {0}")]
    Rules(String),
    /// Reading or writing failed (the operating system's error).
    #[error("reading or writing: {0}")]
    Io(#[from] std::io::Error),
    /// An error about a file, with the file's path: what the `read_file`
    /// and `open` functions return, whatever went wrong.
    #[error("{}: {source}", Escaped(&path.to_string_lossy()))]
    File {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: Box<SolveError>,
    },
    /// The file ends before what its format (or its header) promises.
    #[error("the file ends after {len} bytes; {expected}")]
    Truncated {
        /// Bytes the file holds (read before it ended).
        len: u64,
        /// What should have been there, e.g. "a table header is at least
        /// 19 bytes".
        expected: String,
    },
    /// A file in an older format, which this version no longer reads.
    #[error(
        "this {kind} file is in format {version}, which this version no longer reads \
         (the current format carries the rules' fingerprint and a checksum): {}",
        kind.rebuild()
    )]
    OldFormat {
        /// What kind of file.
        kind: FileKind,
        /// Its format (the last byte of its magic).
        version: u8,
    },
    /// A file built for other rules: its fingerprint (see
    /// [`Solvable::fingerprint`]) is not the rules'.
    #[error(
        "this {kind} is for the rules of '{}' (fingerprint {file_fingerprint:016x}), not those of '{}' \
         ({rules_fingerprint:016x}): the declarations differ",
        Escaped(.file_game),
        Escaped(.rules_game)
    )]
    WrongRules {
        /// What kind of file.
        kind: FileKind,
        /// The game's name in the file (untrusted text).
        file_game: String,
        /// The rules' name.
        rules_game: String,
        /// The fingerprint in the file.
        file_fingerprint: u64,
        /// The rules' fingerprint.
        rules_fingerprint: u64,
    },
    /// A file whose contents do not match its checksum, or hold a value
    /// that cannot be (a board value larger than the seeds on its board).
    #[error("the {kind} file is corrupt: {reason}")]
    Corrupt {
        /// What kind of file.
        kind: FileKind,
        /// What is wrong, and where.
        reason: String,
    },
    /// A file that is not of the kind expected, or not for boards of these
    /// rules, or that cannot be written in the format.
    #[error("not a {kind} file for these rules: {reason}")]
    Format {
        /// What kind of file.
        kind: FileKind,
        /// What is wrong.
        reason: String,
    },
    /// A certificate or a checked table that the verifier refutes (see
    /// [`proof`]).
    #[error("refuted: {0}")]
    Certificate(String),
}

impl SolveError {
    /// This error, naming the file at `path` (unless it already names one,
    /// or is about the rules rather than the file).
    pub(crate) fn in_file(self, path: &std::path::Path) -> SolveError {
        match self {
            // Rules the solver refuses are no fault of the file.
            SolveError::File { .. } | SolveError::Rules(_) => self,
            other => SolveError::File {
                path: path.to_path_buf(),
                source: Box::new(other),
            },
        }
    }
}

/// The kinds of file the solver reads and writes, as errors name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FileKind {
    /// A table file ([`FORMAT_MAGIC`]).
    Table,
    /// A checked table file ([`proof::CHECKED_TABLE_MAGIC`]).
    CheckedTable,
    /// A certificate file ([`proof::CERTIFICATE_MAGIC`]).
    Certificate,
}

/// The magic of certificates of format 2, which format 3 reads.
const CERTIFICATE_FORMAT_2: [u8; 8] = *b"MNCLPRF2";

impl FileKind {
    /// The first eight bytes of a file of this kind.
    #[must_use]
    pub const fn magic(self) -> [u8; 8] {
        match self {
            FileKind::Table => FORMAT_MAGIC,
            FileKind::CheckedTable => proof::CHECKED_TABLE_MAGIC,
            FileKind::Certificate => proof::CERTIFICATE_MAGIC,
        }
    }

    /// The earlier formats of this kind that are still read: each is a
    /// subset of the current one (a format 2 certificate is one of format 3
    /// with no leaf given in place).
    const fn still_read(self) -> &'static [[u8; 8]] {
        match self {
            FileKind::Certificate => &[CERTIFICATE_FORMAT_2],
            FileKind::Table | FileKind::CheckedTable => &[],
        }
    }

    /// Whether a file starting with `magic` is read as this kind.
    pub(crate) fn reads(self, magic: &[u8; 8]) -> bool {
        *magic == self.magic() || self.still_read().contains(magic)
    }

    /// How to make a file of this kind again, in the current format.
    fn rebuild(self) -> &'static str {
        match self {
            FileKind::Table => {
                "rebuild it with `cargo run --release --example solve -- GAME --max-seeds K --out FILE` \
                 (or `Table::build_to_writer`)"
            }
            FileKind::CheckedTable | FileKind::Certificate => {
                "rebuild the certificate and its checked table with \
                 `cargo run --release --example solve -- djenon-aboure --opening --proof FILE`"
            }
        }
    }
}

impl std::fmt::Display for FileKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FileKind::Table => "table",
            FileKind::CheckedTable => "checked table",
            FileKind::Certificate => "certificate",
        })
    }
}
