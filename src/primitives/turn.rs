use serde::{Deserialize, Serialize};

use super::{relay_sow, CaptureRule, Counts, Sowing};
use crate::moves::{Move, PitSet};
use crate::position::{Player, Position};
use crate::ruleset::MoveReport;

/// How the seeds of a move are sown: one lap, or relay laps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lap {
    /// One lap (Bohnenspiel, Tihbat, Al-manqala).
    Single(Sowing),
    /// Relay sowing: while the last pit then holds a count in `relay_on`, sow
    /// it again as a new lap (Djenon-aboure). See [`relay_sow`].
    Relay {
        /// How each lap is sown.
        sowing: Sowing,
        /// Counts of the last pit that start another lap.
        relay_on: Counts,
    },
}

/// The pits a capture may visit, seen from the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CaptureScope {
    /// Either row (Bohnenspiel, Djenon-aboure, Al-manqala).
    Anywhere,
    /// The mover's own row only (Tihbat: own-side-only captures).
    OwnRow,
    /// The opponent's row only (Oware).
    OpponentRow,
}

impl CaptureScope {
    /// The pits of a `P`-pit board this scope allows when `mover` moves.
    #[inline]
    #[must_use]
    pub const fn pits<const P: usize>(self, mover: Player) -> PitSet {
        match self {
            CaptureScope::Anywhere => PitSet::first(P),
            CaptureScope::OwnRow => Position::<P>::row(mover),
            CaptureScope::OpponentRow => Position::<P>::row(mover.opponent()),
        }
    }
}

/// What happens to a capture that would take every seed of the opponent's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GrandSlam {
    /// It is made like any other.
    Captures,
    /// It captures nothing (Oware Abapa).
    CapturesNothing,
}

/// One whole sowing turn, as data: how to sow, what to capture, where.
///
/// [`play`](SowingTurn::play) sows from the move's pit (one lap or relay
/// laps), captures from the last pit by `capture` within `scope` (unless it
/// is a grand slam that `grand_slam` forbids), adds the capture to the mover's
/// score and hands the turn to the opponent; `Move::Pass` only hands the turn
/// over. Every game of the crate is one of these plus its rules for which
/// moves are legal and when the game ends.
///
/// ```
/// use mancala_rules::primitives::{CaptureRule, CaptureScope, Counts, GrandSlam, Lap, Sowing, SowingTurn};
/// use mancala_rules::{Move, Position};
///
/// // Bohnenspiel's turn.
/// const TURN: SowingTurn = SowingTurn {
///     lap: Lap::Single(Sowing::NextPit),
///     capture: CaptureRule::chain(Counts::of(&[2, 4, 6])),
///     scope: CaptureScope::Anywhere,
///     grand_slam: GrandSlam::Captures,
/// };
/// let mut pos: Position<12> = "6 6 6 6 6 2 | 1 3 5 5 5 5 0-16 S".parse()?;
/// let report = TURN.play(&mut pos, Move::Pit(6));
/// assert_eq!(pos.to_string(), "6 6 6 6 6 0 | 0 0 5 5 5 5 6-16 N");
/// assert_eq!(report.seeds_captured, 6);
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SowingTurn {
    /// How the seeds are sown.
    pub lap: Lap,
    /// What the last pit captures.
    pub capture: CaptureRule,
    /// Where a capture may be made.
    pub scope: CaptureScope,
    /// Whether a capture may empty the opponent's row.
    pub grand_slam: GrandSlam,
}

impl SowingTurn {
    /// Plays `mv` on `pos` and reports what happened.
    ///
    /// It assumes a legal move: for a pit out of range or empty it sows
    /// nothing, and an endless relay stops where its cycle is found (legal
    /// move generation refuses those moves, see [`relay_sow`]). It never
    /// panics.
    #[inline(always)]
    pub fn play<const P: usize>(&self, pos: &mut Position<P>, mv: Move) -> MoveReport {
        let player = pos.to_move;
        let mut report = MoveReport::pass(player);
        report.mv = mv;
        if let Some(origin) = mv.index().filter(|&pit| pit < P) {
            let (last, laps) = match self.lap {
                Lap::Single(sowing) => (Some(sowing.sow(&mut pos.pits, origin)), 1),
                Lap::Relay { sowing, relay_on } => match relay_sow(&mut pos.pits, origin, sowing, relay_on) {
                    Ok(relay) => (Some(relay.last), relay.laps),
                    Err(endless) => (None, endless.laps),
                },
            };
            report.laps = laps;
            if let Some(last) = last {
                report.last_pit = Some(last as u8 + 1);
                let mut captured = self.capture.find(&pos.pits, last, self.scope.pits::<P>(player));
                if self.grand_slam == GrandSlam::CapturesNothing
                    && !captured.is_empty()
                    && captured.empties(&pos.pits, Position::<P>::row(player.opponent()))
                {
                    captured = super::Capture::NONE;
                }
                let seeds = captured.take(&mut pos.pits);
                let score = &mut pos.scores[player.index()];
                *score = score.wrapping_add(seeds);
                report.captured = captured.pits;
                report.seeds_captured = seeds;
            }
        }
        pos.pass_turn();
        report
    }
}
