//! An extra pick after the turn's capture ([`Pick`]): the last seeds left
//! on the board, or the pit facing the last pit.

use super::{Capture, CaptureAt, Stores, Sweep};
use crate::moves::PitSet;
use crate::position::Position;
use crate::{Rules, RulesProblem};

/// What the mover takes after the turn's capture (MancalaGames'
/// `pickextra`), beyond what the capture took.
///
/// The pick is made on the board left by the sowing and the capture, from
/// the turn's [`capture`](super::SowingTurn::capture) stage: after a
/// relay, after captures during the sowing
/// ([`en_passant`](super::SowingTurn::en_passant)), after the grand slam
/// rule. Its pits are in the move's report and score with the capture's,
/// but they give no extra turn by themselves
/// ([`ExtraTurn::after_capture`](super::ExtraTurn::after_capture) looks
/// at the capture only). A move whose relay reaches its lap cap and ends
/// the game ([`AtMaxLaps::EndsGame`](super::AtMaxLaps::EndsGame)) picks
/// nothing.
///
/// Here on a 2x3 board South's pit 3 sows its seed into pit 4, which then
/// holds 2 and is captured (a capture on 2 from the opponent's row);
/// afterwards only 3 seeds are left on the board: with
/// [`LastSeeds(3)`](Pick::LastSeeds) South takes them too, and the board
/// is empty.
///
/// ```
/// use mancala_rules::primitives::{CaptureRule, Counts, Pick, SowingTurn};
/// use mancala_rules::{Move, Position};
///
/// let turn = |pick| SowingTurn { capture: CaptureRule::single(Counts::of(&[2])), pick, ..SowingTurn::DEFAULT };
/// let start: Position<6> = "1 0 1 | 1 0 2 9-5 S".parse()?;
/// let mut plain = start;
/// turn(Pick::Nothing).play(&mut plain, Move::Pit(3));
/// assert_eq!(plain.to_string(), "1 0 0 | 0 0 2 11-5 N");
/// let mut picked = start;
/// let report = turn(Pick::LastSeeds(3)).play(&mut picked, Move::Pit(3));
/// assert_eq!(picked.to_string(), "0 0 0 | 0 0 0 14-5 N");
/// assert_eq!((report.captured.to_string().as_str(), report.seeds_captured), ("1 4 6", 5));
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Pick {
    /// No pick (the crate's games).
    #[default]
    Nothing,
    /// After every move, captured or not: when the seeds left on the board
    /// in the pits of the turn's [`scope`](super::SowingTurn::scope)
    /// ([`CaptureScope::pits`](super::CaptureScope::pits)) are at least 1
    /// and at most this many, the mover takes every seed on the board,
    /// in either row (MancalaGames' `PICKLASTSEEDS`, with its starting
    /// count per pit as the figure).
    LastSeeds(u8),
    /// Like [`LastSeeds`](Pick::LastSeeds), but the player who started the
    /// round ([`SowingTurn::round_starter`](super::SowingTurn::round_starter);
    /// South, outside a match of rounds) takes the seeds, whoever moved
    /// (MancalaGames' `PICK2XLASTSEEDS`, with twice its starting count per
    /// pit as the figure). The seeds picked score for the starter and are
    /// not in the move's report (our reading: they are not the mover's
    /// capture).
    ///
    /// Here North moves in a round South started: pit 6's seed ends in
    /// pit 1, and 3 seeds are left on the board; with
    /// `LastSeedsToStarter(3)` South takes them.
    ///
    /// ```
    /// use mancala_rules::primitives::{Pick, SowingTurn};
    /// use mancala_rules::{Move, Player, Position};
    ///
    /// let turn = SowingTurn { pick: Pick::LastSeedsToStarter(3), ..SowingTurn::DEFAULT };
    /// let mut pos: Position<6> = "1 0 0 | 0 1 1 9-5 N".parse()?;
    /// let report = turn.play(&mut pos, Move::Pit(6));
    /// assert_eq!(pos.to_string(), "0 0 0 | 0 0 0 12-5 S");
    /// assert_eq!(report.seeds_captured, 0);
    /// // In a round North started, North takes them.
    /// let turn = turn.with_round_starter(Player::North);
    /// let mut pos: Position<6> = "1 0 0 | 0 1 1 9-5 N".parse()?;
    /// turn.play(&mut pos, Move::Pit(6));
    /// assert_eq!(pos.to_string(), "0 0 0 | 0 0 0 9-8 S");
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    LastSeedsToStarter(u8),
    /// After a capture, the mover also takes the seeds of the pit facing
    /// the last pit (the one the last seed fell in), if that pit is in
    /// the turn's scope (MancalaGames' `PICKCROSS`, with a capture from
    /// the last pit).
    Facing,
}

impl Pick {
    /// Whether this is the default, [`Pick::Nothing`] (the data form
    /// leaves it out).
    #[must_use]
    pub const fn is_nothing(&self) -> bool {
        matches!(self, Pick::Nothing)
    }

    /// The pick on `pos`'s board after the capture: `last` is the pit
    /// (0-based, below `P`) where the last seed fell, `scope` the turn's
    /// scope for the mover, `captured` whether the turn's capture took
    /// anything. Empties the pits picked and returns them (the caller
    /// scores them).
    #[inline(never)]
    pub(crate) fn take<const P: usize>(
        self,
        pos: &mut Position<P>,
        last: usize,
        scope: PitSet,
        captured: bool,
    ) -> Capture {
        let pit = match self {
            Pick::Nothing => return Capture::NONE,
            Pick::LastSeeds(at_most) | Pick::LastSeedsToStarter(at_most) => {
                let counted: u32 = scope.map(|pit| u32::from(pos.pits[pit])).sum();
                if counted == 0 || counted > u32::from(at_most) {
                    return Capture::NONE;
                }
                let mut taken = Capture::NONE;
                for (pit, seeds) in pos.pits.iter_mut().enumerate() {
                    if *seeds > 0 {
                        taken = taken.union(Capture {
                            pits: PitSet::single(pit),
                            seeds: u32::from(*seeds),
                        });
                        *seeds = 0;
                    }
                }
                return taken;
            }
            Pick::Facing if captured => P - 1 - last,
            Pick::Facing => return Capture::NONE,
        };
        let seeds = pos.pits[pit];
        if seeds == 0 || !scope.contains(pit) {
            return Capture::NONE;
        }
        pos.pits[pit] = 0;
        Capture {
            pits: PitSet::single(pit),
            seeds: u32::from(seeds),
        }
    }
}

impl Rules {
    /// The pick's problem ([`RulesProblem::PickCombination`]): a pick with
    /// stores sown (the last seed may fall in one), with pits out of play,
    /// or a pick of the facing pit after a capture that is not
    /// made from the last pit (an opposite capture, one across the gap, a
    /// sweep).
    pub(crate) const fn pick_problems(&self, problems: crate::Problems) -> crate::Problems {
        let turn = &self.turn;
        if matches!(turn.pick, Pick::Nothing) {
            return problems;
        }
        let by_pit = matches!(turn.pick, Pick::Facing);
        let with = if !matches!(turn.stores, Stores::None) {
            Some("stores sown (turn.stores)")
        } else if !turn.out_of_play.is_empty() {
            Some("pits out of play (turn.out_of_play)")
        } else if by_pit && turn.opposite.is_some() {
            Some("an opposite capture (turn.opposite)")
        } else if by_pit && matches!(turn.capture.at, CaptureAt::AcrossGap) {
            Some("a capture across the gap (turn.capture.at)")
        } else if by_pit && !matches!(turn.sweep, Sweep::Never) {
            Some("a sweep of the opponent's row (turn.sweep)")
        } else {
            None
        };
        match with {
            Some(with) => problems.with(RulesProblem::PickCombination { with }),
            None => problems,
        }
    }
}
