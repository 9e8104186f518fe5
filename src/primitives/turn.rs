use serde::{Deserialize, Serialize};

use super::wide::Wide;
use super::{relay_sow, Capture, CaptureRule, Counts, EndlessRelay, Sowing};
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
    /// nothing, and for a relay that never ends (which legal move generation
    /// refuses, see [`relay_sow`]) it only hands the turn over. It never
    /// panics.
    #[inline(always)]
    pub fn play<const P: usize>(&self, pos: &mut Position<P>, mv: Move) -> MoveReport {
        let player = pos.to_move;
        self.try_play(pos, mv).unwrap_or_else(|endless| {
            pos.pass_turn();
            MoveReport {
                mv,
                laps: endless.laps,
                ..MoveReport::pass(player)
            }
        })
    }

    /// Plays `mv` on `pos` like [`play`](SowingTurn::play), or returns the
    /// endless relay it would start and leaves `pos` as it was. The relay is
    /// sown once either way: this is the cheap way to check a single move.
    ///
    /// ```
    /// use mancala_rules::primitives::{CaptureRule, CaptureScope, Counts, GrandSlam, Lap, Sowing, SowingTurn};
    /// use mancala_rules::{Move, Position};
    ///
    /// // Djenon-aboure's turn.
    /// const TURN: SowingTurn = SowingTurn {
    ///     lap: Lap::Relay { sowing: Sowing::OriginFirst, relay_on: Counts::of(&[3]).union(Counts::at_least(5)) },
    ///     capture: CaptureRule::chain(Counts::of(&[2, 4])),
    ///     scope: CaptureScope::Anywhere,
    ///     grand_slam: GrandSlam::Captures,
    /// };
    /// // South's pit 1 here relays forever.
    /// let mut pos: Position<12> = "6 6 5 4 3 4 | 5 2 1 2 1 9 0-0 S".parse()?;
    /// assert!(TURN.try_play(&mut pos, Move::Pit(1)).is_err());
    /// assert_eq!(pos.to_string(), "6 6 5 4 3 4 | 5 2 1 2 1 9 0-0 S");
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    #[inline(always)]
    pub fn try_play<const P: usize>(
        &self,
        pos: &mut Position<P>,
        mv: Move,
    ) -> Result<MoveReport, EndlessRelay> {
        let player = pos.to_move;
        let mut report = MoveReport::pass(player);
        report.mv = mv;
        if let Some(origin) = mv.index().filter(|&pit| pit < P) {
            report.laps = 1;
            let (last, captured) = match self.lap {
                Lap::Single(sowing) if P <= 16 => {
                    // The whole turn on the board in one word, stored once.
                    let (board, last) = sowing.sow_wide::<P>(Wide::load(&pos.pits), origin, pos.pits[origin]);
                    let captured = self.capture_wide::<P>(board, last, player);
                    board.without(captured.pits.bits()).store(&mut pos.pits);
                    (last, captured)
                }
                lap => {
                    let last = match lap {
                        Lap::Single(sowing) => sowing.sow(&mut pos.pits, origin),
                        Lap::Relay { sowing, relay_on } => {
                            let mut pits = pos.pits;
                            let relay = relay_sow(&mut pits, origin, sowing, relay_on)?;
                            pos.pits = pits;
                            report.laps = relay.laps;
                            relay.last
                        }
                    };
                    let captured = if P <= 16 {
                        self.capture_wide::<P>(Wide::load(&pos.pits), last, player)
                    } else {
                        let captured = self.capture.find(&pos.pits, last, self.scope.pits::<P>(player));
                        let nonempty = Counts::at_least(1).pits_in(&pos.pits).bits();
                        self.unless_grand_slam::<P>(captured, nonempty, player)
                    };
                    captured.take(&mut pos.pits);
                    (last, captured)
                }
            };
            report.last_pit = Some(last as u8 + 1);
            report.captured = captured.pits;
            // At most 255 seeds in a valid position: the sum fits a byte.
            report.seeds_captured = captured.seeds as u8;
            let score = &mut pos.scores[player.index()];
            *score = score.wrapping_add(report.seeds_captured);
        }
        pos.pass_turn();
        Ok(report)
    }

    /// The capture from `last` on a board of up to 16 pits, after the grand
    /// slam rule.
    #[inline(always)]
    fn capture_wide<const P: usize>(&self, board: Wide, last: usize, player: Player) -> Capture {
        let captured = self
            .capture
            .find_wide::<P>(board, last, self.scope.pits::<P>(player));
        self.unless_grand_slam::<P>(captured, board.at_least(1), player)
    }

    /// `captured`, or nothing if the grand slam rule forbids it: it would
    /// leave none of the opponent's pits non-empty (`nonempty`, a bit set,
    /// taken before the capture).
    #[inline(always)]
    fn unless_grand_slam<const P: usize>(&self, captured: Capture, nonempty: u32, player: Player) -> Capture {
        let left_in_row = nonempty & Position::<P>::row(player.opponent()).bits() & !captured.pits.bits();
        if self.grand_slam == GrandSlam::CapturesNothing && !captured.is_empty() && left_in_row == 0 {
            Capture::NONE
        } else {
            captured
        }
    }
}
