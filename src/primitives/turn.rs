use serde::{Deserialize, Serialize};

use super::{relay_sow, CaptureRule, Counts, Sowing};
use crate::moves::{Move, PitSet};
use crate::position::Position;
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

/// One whole sowing turn: sow from the move's pit (one lap or relay laps),
/// capture from the last pit by `capture` within `scope`, add the capture to
/// the mover's score and hand the turn to the opponent. `Move::Pass` only
/// hands the turn over.
///
/// This is the step every game of the crate applies; the games differ in the
/// arguments. It assumes a legal move: for a pit out of range or empty it
/// sows nothing, and an endless relay stops where its cycle is found (legal
/// move generation refuses those moves, see [`relay_sow`]). It never panics.
pub fn sow_and_capture<const P: usize>(
    pos: &mut Position<P>,
    mv: Move,
    lap: Lap,
    capture: CaptureRule,
    scope: PitSet,
) -> MoveReport {
    let player = pos.to_move;
    let mut report = MoveReport::pass(player);
    report.mv = mv;
    if let Some(origin) = mv.index().filter(|&pit| pit < P) {
        let (last, laps) = match lap {
            Lap::Single(sowing) => (Some(sowing.sow(&mut pos.pits, origin)), 1),
            Lap::Relay { sowing, relay_on } => match relay_sow(&mut pos.pits, origin, sowing, relay_on) {
                Ok(relay) => (Some(relay.last), relay.laps),
                Err(endless) => (None, endless.laps),
            },
        };
        report.laps = laps;
        if let Some(last) = last {
            let captured = capture.find(&pos.pits, last, scope);
            let seeds = captured.take(&mut pos.pits);
            let score = &mut pos.scores[player.index()];
            *score = score.wrapping_add(seeds);
            report.last_pit = Some(last as u8 + 1);
            report.captured = captured.pits;
            report.seeds_captured = seeds;
        }
    }
    pos.pass_turn();
    report
}
