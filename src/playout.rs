//! Random playouts: whole games with uniformly random legal moves, the work
//! horse of Monte-Carlo search and of speed comparisons between engines.

use crate::history::{PositionCounts, Referee};
pub use crate::rng::{mix64, SplitMix64};
use crate::ruleset::{Outcome, Ruleset};
use crate::{AgreementPolicy, Board};

/// The end of one playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// How the game ended; `None` if it had not ended after the ply cap
    /// ([`Playouts::with_max_plies`]).
    pub outcome: Option<Outcome>,
    /// Moves played (passes count).
    pub plies: u32,
}

impl Playout {
    /// Whether the game stopped at the ply cap without an end.
    #[must_use]
    pub fn is_unfinished(&self) -> bool {
        self.outcome.is_none()
    }
}

/// The default ply cap of [`Playouts`]: 10,000 plies.
///
/// Random games of the crate's games under their own rules end long before
/// (the longest of 100,000 random games of each, measured for this cap:
/// Bohnenspiel 243 plies, Djenon-aboure 32, Tihbat 93, Al-manqala 250); a game that reaches it is one that can go on forever
/// (Al-manqala's chases with [`AgreementPolicy::Never`], a user's endless
/// rules). 10,000 plies cost a few hundred microseconds.
pub const DEFAULT_MAX_PLIES: u32 = 10_000;

/// The largest ply cap [`Playouts::with_max_plies`] takes: 1,000,000 plies.
/// It bounds the memory of the position counts kept under a history rule:
/// at most 2^21 slots of a position and 8 bytes (about 60 MB for
/// Al-manqala; at the default cap, 2^15 slots, under 1 MB).
pub const MAX_PLIES: u32 = 1_000_000;

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
/// Every playout ends: a game still going after the ply cap
/// ([`DEFAULT_MAX_PLIES`], set with [`with_max_plies`](Playouts::with_max_plies))
/// is stopped and reported unfinished (its [`Playout::outcome`] is `None`).
///
/// ```
/// use mancala_rules::games::AlManqala;
/// use mancala_rules::playout::{Playouts, SplitMix64};
/// use mancala_rules::{AgreementPolicy, Ruleset};
///
/// let mut playouts = Playouts::new(AlManqala, AgreementPolicy::default());
/// let mut rng = SplitMix64::new(1);
/// let result = playouts.play(&AlManqala.start(), &mut rng);
/// let outcome = result.outcome.expect("Al-manqala's agreement ends every game");
/// assert_eq!(outcome.totals[0] + outcome.totals[1], 98);
///
/// let mut plies = 0;
/// playouts.play_many(&AlManqala.start(), 100, &mut rng, |game| plies += game.plies);
/// assert!(plies >= 100 * 7); // no game of Al-manqala ends in fewer than 7 moves
/// ```
#[derive(Clone, Debug)]
pub struct Playouts<R: Ruleset> {
    rules: R,
    policy: AgreementPolicy,
    max_plies: u32,
    /// Occurrences of each position of the games in progress, one count per lane.
    seen: [PositionCounts<R::Position>; LANES],
}

/// What the rules ask of a playout from a given start, decided once.
#[derive(Clone, Copy)]
struct Plan {
    /// The history rules under the agreement policy.
    referee: Referee,
    /// The occurrence of a position from which a history rule may end the
    /// game (`u32::MAX`: never), so that a ply tests one number.
    history_from: u32,
    /// Positions must be counted (a history rule applies).
    count_positions: bool,
    /// The ply cap.
    max_plies: u32,
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
    /// A playout runner, with the ply cap [`DEFAULT_MAX_PLIES`].
    #[must_use]
    pub fn new(rules: R, policy: AgreementPolicy) -> Playouts<R> {
        Playouts {
            rules,
            policy,
            max_plies: DEFAULT_MAX_PLIES,
            seen: std::array::from_fn(|_| PositionCounts::new(rules.start())),
        }
    }

    /// The same runner with another ply cap, taken between 1 and
    /// [`MAX_PLIES`]: a game still going after `plies` plies is stopped and
    /// reported unfinished.
    ///
    /// ```
    /// use mancala_rules::games::AlManqala;
    /// use mancala_rules::playout::{Playouts, SplitMix64};
    /// use mancala_rules::{AgreementPolicy, Ruleset};
    ///
    /// let mut playouts = Playouts::new(AlManqala, AgreementPolicy::Never).with_max_plies(5);
    /// let result = playouts.play(&AlManqala.start(), &mut SplitMix64::new(1));
    /// // No game of Al-manqala ends in fewer than 7 moves.
    /// assert!(result.is_unfinished());
    /// assert_eq!(result.plies, 5);
    /// ```
    #[must_use]
    pub fn with_max_plies(mut self, plies: u32) -> Self {
        self.max_plies = plies.clamp(1, MAX_PLIES);
        self
    }

    /// The ply cap.
    #[must_use]
    pub fn max_plies(&self) -> u32 {
        self.max_plies
    }

    /// Plays one random game from `start` to its end, or to the ply cap.
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

    /// Plays `count` random games from `start` (each to its end or to the
    /// ply cap), [`LANES`] at a time side by
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

    /// Plays the game in `lane` to its end or to the ply cap.
    fn play_out(
        rules: R,
        plan: &Plan,
        lane: &mut Lane<R::Position>,
        seen: &mut PositionCounts<R::Position>,
    ) -> Option<Outcome> {
        loop {
            if let Some(outcome) = Self::step(rules, plan, lane, seen) {
                return outcome;
            }
        }
    }

    fn plan(&self, start: &R::Position) -> Plan {
        let referee = Referee::new(&self.rules, self.policy);
        let repetition = self.rules.repetition().outcome(start).is_some();
        let agree_at = match self.policy {
            AgreementPolicy::OnOccurrence(n) if self.rules.agreement() => n,
            _ => u32::MAX,
        };
        let history_from = if repetition { agree_at.min(2) } else { agree_at };
        Plan {
            referee,
            history_from,
            count_positions: referee.any(),
            max_plies: self.max_plies,
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

    /// Plays one random move in `lane`, or returns how its game stopped: its
    /// outcome if over, `None` at the ply cap.
    #[inline(always)]
    fn step(
        rules: R,
        plan: &Plan,
        lane: &mut Lane<R::Position>,
        seen: &mut PositionCounts<R::Position>,
    ) -> Option<Option<Outcome>> {
        if lane.occurrences >= plan.history_from {
            // A position seen before: the history rules, in their one order.
            if let Some(outcome) = plan.referee.ended(&rules, &lane.pos, lane.occurrences) {
                return Some(Some(outcome));
            }
        }
        if lane.plies >= plan.max_plies {
            return Some(Self::at_cap(rules, &lane.pos));
        }
        let before = lane.pos.scores();
        if let Err(outcome) = rules.play_random(&mut lane.pos, &mut lane.rng) {
            return Some(Some(outcome));
        }
        lane.plies += 1;
        if plan.count_positions {
            // After a capture no earlier position can come back (captures
            // only grow): forget them, so that the table stays sparse.
            seen.forget_all_if(lane.pos.scores() != before);
            lane.occurrences = seen.add(&lane.pos);
        }
        None
    }

    /// How a game at the ply cap stands: over if its last move ended it,
    /// unfinished otherwise.
    #[cold]
    fn at_cap(rules: R, pos: &R::Position) -> Option<Outcome> {
        match rules.turn(pos) {
            crate::Turn::Over(outcome) => Some(outcome),
            crate::Turn::Moves(_) => None,
        }
    }
}
