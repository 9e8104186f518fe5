//! Djenon-aboure: 2x6 pits, 4 seeds each, no stores (seed 002).
//!
//! 1. A move takes a pit of the mover's row holding at least two seeds
//!    (singletons may not move).
//! 2. Origin-first sowing: the first seed goes back into the emptied origin,
//!    the rest one each into the following pits.
//! 3. The last pit, counted after the drop: 1 ends the turn; 2 or 4 is
//!    captured with a backward chain of pits holding 2 or 4 (either row); 3,
//!    or 5 and more, is picked up and sown as a new lap (relay), origin first.
//! 4. A move whose relay never ends is not legal. The source is silent;
//!    **our choice**, detected as a lap starting from the same pit on the
//!    same board, or, to bound the work, a relay past 65,536 laps (no finite
//!    relay comes near that): see [`relay_sow`](crate::primitives::relay_sow).
//! 5. A player with no legal move passes while the opponent can move.
//! 6. When neither player can move, each adds the seeds of their own row.

use serde::{Deserialize, Serialize};

use crate::playout::SplitMix64;
use crate::primitives::{relay_sow, CaptureRule, CaptureScope, Counts, GrandSlam, Lap, Sowing, SowingTurn};
use crate::{IllegalMove, Move, MoveReport, MoveSet, Outcome, PitSet, Player, Position, Ruleset, Turn};

/// A Djenon-aboure position: 12 pits.
pub type DjenonAbourePosition = Position<12>;

const SOWING: Sowing = Sowing::OriginFirst;
/// Rule 3: a last pit holding 3, or 5 and more, is sown again.
const RELAY_ON: Counts = Counts::of(&[3]).union(Counts::at_least(5));
/// Rules 2 and 3: origin-first relay laps, then 2 or 4 captured and chained
/// backward over both rows (a last pit holding 1 captures nothing).
const TURN: SowingTurn = SowingTurn {
    lap: Lap::Relay {
        sowing: SOWING,
        relay_on: RELAY_ON,
    },
    capture: CaptureRule::chain(Counts::of(&[2, 4])),
    scope: CaptureScope::Anywhere,
    grand_slam: GrandSlam::Captures,
};

/// The rules of Djenon-aboure.
///
/// ```
/// use mancala_rules::games::DjenonAboure;
/// use mancala_rules::{IllegalMove, Move, Ruleset};
///
/// let rules = DjenonAboure;
/// // Pit 1's two seeds: one back into pit 1, one into pit 2, which reaches 3
/// // and relays: 1 into pit 2, 1 into 3 (now 2), 1 into 4 (now 2), captured
/// // with pit 3 behind it.
/// let pos = "2 2 1 1 0 0 | 4 4 4 4 4 22 0-0 S".parse()?;
/// let (after, report) = rules.play(&pos, Move::Pit(1))?;
/// assert_eq!(after.to_string(), "1 1 0 0 0 0 | 4 4 4 4 4 22 4-0 N");
/// assert_eq!((report.laps, report.captured.to_string()), (2, "3 4".to_string()));
/// // A singleton may not move.
/// assert_eq!(rules.check(&pos, Move::Pit(3)), Err(IllegalMove::SingletonMayNotMove { pit: 3 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DjenonAboure;

impl DjenonAboure {
    /// The pits `player` may move: at least two seeds and a sowing that ends.
    #[inline]
    fn movable(pos: &DjenonAbourePosition, player: Player) -> PitSet {
        pos.pits_holding(player, 2)
            .filter(|pit| relay_sow(&mut pos.pits.clone(), pit, SOWING, RELAY_ON).is_ok())
    }
}

impl Ruleset for DjenonAboure {
    type Position = DjenonAbourePosition;

    fn name(&self) -> &'static str {
        "djenon-aboure"
    }

    fn seeds_per_pit(&self) -> u8 {
        4
    }

    #[inline(always)]
    fn turn(&self, pos: &DjenonAbourePosition) -> Turn {
        let own = Self::movable(pos, pos.to_move);
        if !own.is_empty() {
            Turn::Moves(MoveSet::pits(own))
        } else if !Self::movable(pos, pos.to_move.opponent()).is_empty() {
            Turn::Moves(MoveSet::PASS)
        } else {
            Turn::Over(Outcome::own_rows(pos))
        }
    }

    #[inline(always)]
    fn apply(&self, pos: &mut DjenonAbourePosition, mv: Move) -> MoveReport {
        TURN.play(pos, mv)
    }

    /// Draws among the pits that may move and sows only the one drawn; one
    /// whose relay never ends is dropped and another drawn (uniform over the
    /// legal moves, as each is equally likely to be the first legal one drawn).
    #[inline(always)]
    fn play_random(
        &self,
        pos: &mut DjenonAbourePosition,
        rng: &mut SplitMix64,
    ) -> Result<MoveReport, Outcome> {
        let mut candidates = pos.pits_holding(pos.to_move, 2);
        while let Some(mv) = rng.choose(MoveSet::pits(candidates)) {
            match TURN.try_play(pos, mv) {
                Ok(report) => return Ok(report),
                Err(_) => {
                    candidates = candidates.difference(mv.index().map_or(PitSet::EMPTY, PitSet::single))
                }
            }
        }
        // No pit may move: a pass, or the end.
        match self.turn(pos) {
            Turn::Moves(_) => Ok(TURN.play(pos, Move::Pass)),
            Turn::Over(outcome) => Err(outcome),
        }
    }

    fn refusal(&self, pos: &DjenonAbourePosition, pit: usize, _legal: MoveSet) -> IllegalMove {
        let number = (pit as u8).wrapping_add(1);
        match pos.pits.get(pit).copied().unwrap_or(0) {
            0 => IllegalMove::EmptyPit { pit: number },
            1 => IllegalMove::SingletonMayNotMove { pit: number },
            _ => IllegalMove::EndlessRelay { pit: number },
        }
    }
}
