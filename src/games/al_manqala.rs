//! Al-manqala: 2x7 houses, 7 seeds each, no stores (seed 004).
//!
//! 1. A move picks up all seeds of a non-empty house of the mover's row and
//!    sows them one per house counterclockwise from the next house, single
//!    lap; with 14 or more seeds the origin is not skipped.
//! 2. Feeding: if the opponent's row is empty at the start of the turn, the
//!    mover must play a move that drops at least one seed into it, when one
//!    exists (a feeding move may capture what it fed).
//! 3. If the last seed makes its house (either row) hold 2 or 4, it is
//!    captured, then the houses behind it while they hold 2 or 4.
//! 4. Starvation: if the opponent's row is empty and no move feeds it, the
//!    game ends at once and the starved opponent takes every seed left.
//! 5. A player whose own row is empty (while the opponent's is not) passes.
//! 6. The game also ends when every seed is captured.
//! 7. The players may agree that the seeds chase each other forever and split
//!    the board equally: an explicit action, not a move
//!    ([`Game::agree_to_split`](crate::Game::agree_to_split)); automated play
//!    uses an [`AgreementPolicy`](crate::AgreementPolicy), by default agreeing
//!    when a position occurs for the third time.

use serde::{Deserialize, Serialize};

use crate::primitives::{
    feeding_moves, is_starved, CaptureRule, CaptureScope, Counts, GrandSlam, Lap, Sowing, SowingTurn,
};
use crate::{EndReason, IllegalMove, Move, MoveReport, MoveSet, Outcome, Position, Ruleset, Turn};

/// An Al-manqala position: 14 houses.
pub type AlManqalaPosition = Position<14>;

const SOWING: Sowing = Sowing::NextPit;
/// Rules 1 and 3: next-house single lap, 2 or 4 captured and chained
/// backward over both rows.
const TURN: SowingTurn = SowingTurn {
    lap: Lap::Single(SOWING),
    capture: CaptureRule::chain(Counts::of(&[2, 4])),
    scope: CaptureScope::Anywhere,
    grand_slam: GrandSlam::Captures,
};

/// The rules of Al-manqala.
///
/// ```
/// use mancala_rules::games::AlManqala;
/// use mancala_rules::{IllegalMove, Move, Ruleset};
///
/// // North's row is empty: South must feed. Pit 7 feeds; pit 1 does not.
/// let pos = "3 0 0 0 0 0 2 | 0 0 0 0 0 0 0 40-53 S".parse()?;
/// let rules = AlManqala;
/// assert_eq!(rules.legal_moves(&pos).to_string(), "7");
/// assert_eq!(rules.check(&pos, Move::Pit(1)), Err(IllegalMove::MustFeed { pit: 1 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AlManqala;

impl Ruleset for AlManqala {
    type Position = AlManqalaPosition;

    fn name(&self) -> &'static str {
        "al-manqala"
    }

    fn seeds_per_pit(&self) -> u8 {
        7
    }

    #[inline(always)]
    fn turn(&self, pos: &AlManqalaPosition) -> Turn {
        let own = pos.nonempty_pits(pos.to_move);
        let opponent = pos.to_move.opponent();
        if !is_starved(pos, opponent) {
            return if own.is_empty() {
                Turn::Moves(MoveSet::PASS)
            } else {
                Turn::Moves(MoveSet::pits(own))
            };
        }
        if own.is_empty() {
            return Turn::Over(Outcome::all_captured(pos));
        }
        let feeding = feeding_moves(pos, own, SOWING);
        if feeding.is_empty() {
            Turn::Over(Outcome::sweep(pos, opponent, EndReason::Starvation))
        } else {
            Turn::Moves(MoveSet::pits(feeding))
        }
    }

    #[inline(always)]
    fn apply(&self, pos: &mut AlManqalaPosition, mv: Move) -> MoveReport {
        TURN.play(pos, mv)
    }

    fn refusal(&self, pos: &AlManqalaPosition, pit: usize, _legal: MoveSet) -> IllegalMove {
        let number = (pit as u8).wrapping_add(1);
        if pos.pits.get(pit) == Some(&0) {
            IllegalMove::EmptyPit { pit: number }
        } else {
            IllegalMove::MustFeed { pit: number }
        }
    }

    fn agreement(&self) -> bool {
        true
    }
}
