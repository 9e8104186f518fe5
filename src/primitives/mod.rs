//! The shared mechanics every game is built from.
//!
//! Each rule step of a sowing game is a small, public, allocation-free piece:
//!
//! | step | primitive |
//! |---|---|
//! | which seed counts trigger something | [`Counts`] |
//! | how a lap is sown (next pit, skipping the origin, origin first) | [`Sowing`] |
//! | relay (multi-lap) sowing with exact endless detection | [`relay_sow`] |
//! | backward capture chains, limited to a set of pits | [`CaptureRule`], [`Capture`] |
//! | the capture across the empty pit after the last ("two out") | [`CaptureAt`] |
//! | captures during the sowing (en passant) | [`EnPassant`] |
//! | an extra pick after the capture (the last seeds, the facing pit, the last pit) | [`Pick`] |
//! | the feeding filter | [`feeding_moves`] |
//! | which pits may be played beyond their count | [`MoveRestriction`] |
//! | one whole sowing turn: lap(s), capture, score, hand the turn over | [`SowingTurn`] |
//! | where captures may be made (own-side only, opponent's row only) | [`CaptureScope`] |
//! | where a clockwise move finds the stores | [`StorePlace`] |
//! | Oware's grand slam, and the board it is judged on | [`GrandSlam`], [`SlamJudged`] |
//! | a sweep of the opponent's row, a capture before the sowing | [`Sweep`], [`BeforeSowing`] |
//! | end-of-game distributions (sweep, own rows, equal split) | [`Outcome`](crate::Outcome) constructors |
//!
//! The four games of the crate are short compositions of these, and so can a
//! game the crate does not ship be. Here is Oware-style play on a 2x6 board:
//! sow skipping the origin, capture 2 or 3 chained backward on the opponent's
//! row only.
//!
//! ```
//! use mancala_rules::primitives::{CaptureRule, CaptureScope, Counts, GrandSlam, Lap, Sowing, SowingTurn};
//! use mancala_rules::{Move, MoveReport, MoveSet, Outcome, Position, Ruleset, Turn};
//!
//! #[derive(Clone, Copy, Debug, Default)]
//! struct MiniOware;
//!
//! impl Ruleset for MiniOware {
//!     type Position = Position<12>;
//!     fn name(&self) -> &'static str { "mini-oware" }
//!     fn seeds_per_pit(&self) -> u8 { 4 }
//!     fn turn(&self, pos: &Position<12>) -> Turn {
//!         let own = pos.nonempty_pits(pos.to_move);
//!         if own.is_empty() {
//!             // The opponent keeps what is left in their row.
//!             Turn::Over(Outcome::own_rows(pos))
//!         } else {
//!             Turn::Moves(MoveSet::pits(own))
//!         }
//!     }
//!     fn play_unchecked(&self, pos: &mut Position<12>, mv: Move) -> MoveReport {
//!         SowingTurn {
//!             lap: Lap::Single(Sowing::NextPitSkippingOrigin),
//!             capture: CaptureRule::chain(Counts::of(&[2, 3])),
//!             scope: CaptureScope::OpponentRow,
//!             grand_slam: GrandSlam::Captures,
//!             ..SowingTurn::DEFAULT
//!         }
//!         .play(pos, mv)
//!     }
//! }
//!
//! let rules = MiniOware;
//! let pos: Position<12> = "4 4 4 4 4 4 | 1 2 4 4 4 4 0-0 S".parse()?;
//! let (after, report) = rules.play(&pos, Move::Pit(4))?;
//! // Pit 4's four seeds go to 5, 6, 7, 8: pits 8 (now 3) and 7 (now 2) are
//! // captured; pit 6 is South's own, so the chain stops there.
//! assert_eq!(after.to_string(), "4 4 4 0 5 5 | 0 0 4 4 4 4 5-0 N");
//! assert_eq!(report.captured.to_string(), "7 8");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod capture;
mod captures;
mod children;
mod counts;
mod direction;
mod en_passant;
mod feeding;
mod pick;
mod pull_across;
mod restriction;
mod sowing;
pub(crate) mod territory;
mod turn;

pub use capture::{Capture, CaptureAt, CaptureRule};
pub use captures::{BeforeSowing, StorePass, Sweep};
pub(crate) use children::claimed;
pub use children::{Apart, ChildPlaces, Children};
pub use counts::Counts;
pub(crate) use direction::round_the_end;
pub use direction::{ChainAgainst, RowHalves};
pub use en_passant::{EnPassant, EnPassantLast};
pub use feeding::feeding_moves;
pub use pick::Pick;
pub use restriction::MoveRestriction;
pub use sowing::{
    relay_sow, AtMaxLaps, EndlessRelay, LapCapture, LapCaptureGoesOn, Relay, RelayContinues, RelayFrom,
    RelayRule, Sowing, Stores, RELAY_LAP_LIMIT,
};
pub(crate) use turn::mirror_set;
pub use turn::{
    CaptureScope, Direction, ExtraTurn, GrandSlam, Lap, Opposite, SlamJudged, SowingTurn, StorePlace,
};
