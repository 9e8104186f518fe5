//! Random playouts: whole games with uniformly random legal moves, the work
//! horse of Monte-Carlo search and of speed comparisons between engines.

use crate::history::PositionCounts;
pub use crate::rng::{mix64, SplitMix64};
use crate::ruleset::{EndReason, Outcome, Ruleset};
use crate::{AgreementPolicy, Board};

/// The end of one playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// How the game ended.
    pub outcome: Outcome,
    /// Moves played (passes count).
    pub plies: u32,
}

/// How many games [`Playouts::play_many`] plays side by side.
///
/// A random game is one long chain of dependent steps (the move drawn depends
/// on the board, the next board on the move), so a single game leaves most of
/// a modern core idle however few instructions a ply takes: on the machine of
/// the README a ply waits about 30 ns on that chain. Two independent games
/// interleaved fill the gaps, and the out-of-order core runs them at once.
/// More lanes gained nothing there (see the README's speed section).
pub const LANES: usize = 2;

/// Plays random games to the end under rules `R`, exactly as [`Game`](crate::Game)
/// would: repetition rules apply, and games with an agreement to split use
/// the given [`AgreementPolicy`].
///
/// [`play`](Playouts::play) plays one game; [`play_many`](Playouts::play_many)
/// plays many, [`LANES`] at a time side by side, which is how to get the most
/// games out of one core.
///
/// Where a history rule applies, the positions of each game are counted in
/// buffers that are reused from one playout to the next, so after the first
/// few playouts no heap allocation happens.
///
/// ```
/// use mancala_rules::games::AlManqala;
/// use mancala_rules::playout::{Playouts, SplitMix64};
/// use mancala_rules::{AgreementPolicy, Ruleset};
///
/// let mut playouts = Playouts::new(AlManqala, AgreementPolicy::default());
/// let mut rng = SplitMix64::new(1);
/// let result = playouts.play(&AlManqala.start(), &mut rng);
/// assert_eq!(result.outcome.totals[0] + result.outcome.totals[1], 98);
///
/// let mut plies = 0;
/// playouts.play_many(&AlManqala.start(), 100, &mut rng, |game| plies += game.plies);
/// assert!(plies >= 100 * 7); // no game of Al-manqala ends in fewer than 7 moves
/// ```
#[derive(Clone, Debug)]
pub struct Playouts<R: Ruleset> {
    rules: R,
    policy: AgreementPolicy,
    /// Occurrences of each position of the games in progress, one count per lane.
    seen: [PositionCounts<R::Position>; LANES],
}

/// What the rules ask of a playout from a given start, decided once.
#[derive(Clone, Copy)]
struct Plan {
    /// A repeated position ends the game.
    repetition: bool,
    /// The players agree to split on this occurrence of a position.
    agree_at: Option<u32>,
    /// Positions must be counted (one of the two above holds).
    count_positions: bool,
}

/// One game in progress.
struct Lane<B> {
    pos: B,
    plies: u32,
    /// Occurrences of `pos` so far (1 when positions are not counted).
    occurrences: u32,
    rng: SplitMix64,
}

impl<R: Ruleset> Playouts<R> {
    /// A playout runner.
    #[must_use]
    pub fn new(rules: R, policy: AgreementPolicy) -> Playouts<R> {
        Playouts {
            rules,
            policy,
            seen: std::array::from_fn(|_| PositionCounts::new(rules.start())),
        }
    }

    /// Plays one random game from `start` to its end.
    pub fn play(&mut self, start: &R::Position, rng: &mut SplitMix64) -> Playout {
        let plan = self.plan(start);
        let seen = &mut self.seen[0];
        let mut lane = Self::begin(&plan, start, seen, rng.clone());
        let outcome = Self::play_out(self.rules, &plan, &mut lane, seen);
        *rng = lane.rng;
        Playout {
            outcome,
            plies: lane.plies,
        }
    }

    /// Plays `count` random games from `start`, [`LANES`] at a time side by
    /// side, and hands each to `each` as it ends (so not in the order they
    /// began). Each lane draws from its own generator, seeded from `rng`: the
    /// games are the same for the same seed, but not the games that
    /// [`play`](Playouts::play) would play.
    pub fn play_many(
        &mut self,
        start: &R::Position,
        count: u64,
        rng: &mut SplitMix64,
        mut each: impl FnMut(Playout),
    ) {
        let plan = self.plan(start);
        let rules = self.rules;
        let seen = &mut self.seen;
        let mut lanes: [Lane<R::Position>; LANES] =
            std::array::from_fn(|i| Self::begin(&plan, start, &mut seen[i], SplitMix64::new(rng.next_u64())));
        let mut active: [bool; LANES] = std::array::from_fn(|i| (i as u64) < count);
        let mut started = count.min(LANES as u64);
        let mut finish = |lane: &Lane<R::Position>, outcome| {
            each(Playout {
                outcome,
                plies: lane.plies,
            });
        };
        if started == LANES as u64 {
            // Every lane busy: step each in turn, restarting the ones that end.
            'all_busy: loop {
                for (i, lane) in lanes.iter_mut().enumerate() {
                    if let Some(outcome) = Self::step(rules, &plan, lane, &mut seen[i]) {
                        finish(lane, outcome);
                        if started == count {
                            active[i] = false;
                            break 'all_busy;
                        }
                        started += 1;
                        *lane = Self::begin(&plan, start, &mut seen[i], lane.rng.clone());
                    }
                }
            }
        }
        // The last games, one by one.
        for (i, lane) in lanes.iter_mut().enumerate().filter(|&(i, _)| active[i]) {
            let outcome = Self::play_out(rules, &plan, lane, &mut seen[i]);
            finish(lane, outcome);
        }
    }

    /// Plays the game in `lane` to its end.
    fn play_out(
        rules: R,
        plan: &Plan,
        lane: &mut Lane<R::Position>,
        seen: &mut PositionCounts<R::Position>,
    ) -> Outcome {
        loop {
            if let Some(outcome) = Self::step(rules, plan, lane, seen) {
                return outcome;
            }
        }
    }

    fn plan(&self, start: &R::Position) -> Plan {
        let repetition = self.rules.repetition().outcome(start).is_some();
        let agree_at = match self.policy {
            AgreementPolicy::OnOccurrence(n) if self.rules.agreement() => Some(n),
            _ => None,
        };
        Plan {
            repetition,
            agree_at,
            // Positions need counting only under a history rule.
            count_positions: repetition || agree_at.is_some(),
        }
    }

    /// A new game from `start` in a lane whose counts are `seen`.
    fn begin(
        plan: &Plan,
        start: &R::Position,
        seen: &mut PositionCounts<R::Position>,
        rng: SplitMix64,
    ) -> Lane<R::Position> {
        seen.clear();
        Lane {
            pos: *start,
            plies: 0,
            occurrences: if plan.count_positions { seen.add(start) } else { 1 },
            rng,
        }
    }

    /// Plays one random move in `lane`, or returns the outcome if its game is
    /// over.
    #[inline(always)]
    fn step(
        rules: R,
        plan: &Plan,
        lane: &mut Lane<R::Position>,
        seen: &mut PositionCounts<R::Position>,
    ) -> Option<Outcome> {
        if plan.agree_at.is_some_and(|n| lane.occurrences >= n) {
            return Some(Outcome::split(&lane.pos, EndReason::Agreement));
        }
        let before = lane.pos.scores();
        if let Err(outcome) = rules.play_random(&mut lane.pos, &mut lane.rng) {
            return Some(outcome);
        }
        lane.plies += 1;
        if plan.count_positions {
            // After a capture no earlier position can come back (captures
            // only grow): forget them, so that the table stays sparse.
            seen.forget_all_if(lane.pos.scores() != before);
            lane.occurrences = seen.add(&lane.pos);
            if plan.repetition && lane.occurrences > 1 {
                return rules.repetition().outcome(&lane.pos);
            }
        }
        None
    }
}
