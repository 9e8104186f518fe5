//! Oware Abapa, assembled from the public [`primitives`](crate::primitives)
//! exactly as a user of the crate would assemble a game it does not ship.
//!
//! It is not one of the crate's four games (it is not in
//! [`GameKind`](crate::GameKind)); it is here so that the speed of the engine
//! can be compared with other engines, which all implement Oware. The rules
//! are those of OpenSpiel's `oware`:
//!
//! - 2x6 pits, 4 seeds each; a move sows a non-empty pit of the mover's row
//!   from the next pit, skipping the origin on every round.
//! - The last pit is captured if it lies in the opponent's row and then holds
//!   2 or 3, with a backward chain of such pits in the opponent's row; a
//!   capture that would take every seed of the opponent's row (a grand slam)
//!   captures nothing.
//! - If the opponent's row is empty the mover must feed it; if no move can,
//!   the game ends and each player keeps the seeds of their own row.
//! - A position (board, captures, player to move) repeated since the last
//!   capture ends the game the same way.
//! - A player who has captured more than 24 seeds wins at once (the totals
//!   still count each row's seeds for its owner, which cannot change the
//!   winner).
//!
//! ```
//! use mancala_rules::oware::Oware;
//! use mancala_rules::{perft, Ruleset};
//!
//! let rules = Oware;
//! assert_eq!(perft(&rules, &rules.start(), 4), 1014);
//! ```

use serde::{Deserialize, Serialize};

use crate::primitives::{
    feeding_moves, is_starved, CaptureRule, CaptureScope, Counts, GrandSlam, Lap, Sowing, SowingTurn,
};
use crate::{EndReason, Move, MoveReport, MoveSet, Outcome, Position, Repetition, Ruleset, Turn};

const SOWING: Sowing = Sowing::NextPitSkippingOrigin;
const TURN: SowingTurn = SowingTurn {
    lap: Lap::Single(SOWING),
    capture: CaptureRule::chain(Counts::of(&[2, 3])),
    scope: CaptureScope::OpponentRow,
    grand_slam: GrandSlam::CapturesNothing,
};
/// More than half of the 48 seeds wins.
const MAJORITY: u8 = 25;

/// The rules of Oware Abapa (OpenSpiel's `oware`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Oware;

impl Ruleset for Oware {
    type Position = Position<12>;

    fn name(&self) -> &'static str {
        "oware"
    }

    fn seeds_per_pit(&self) -> u8 {
        4
    }

    #[inline(always)]
    fn turn(&self, pos: &Position<12>) -> Turn {
        if pos.scores[0] >= MAJORITY || pos.scores[1] >= MAJORITY {
            return Turn::Over(Outcome::own_rows(pos).because(EndReason::Majority));
        }
        let own = pos.nonempty_pits(pos.to_move);
        let moves = if is_starved(pos, pos.to_move.opponent()) {
            feeding_moves(pos, own, SOWING)
        } else {
            own
        };
        if moves.is_empty() {
            Turn::Over(Outcome::own_rows(pos).because(EndReason::Starvation))
        } else {
            Turn::Moves(MoveSet::pits(moves))
        }
    }

    #[inline(always)]
    fn apply(&self, pos: &mut Position<12>, mv: Move) -> MoveReport {
        TURN.play(pos, mv)
    }

    fn repetition(&self) -> Repetition {
        Repetition::EndsKeepingRows
    }
}
