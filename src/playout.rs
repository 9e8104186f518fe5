//! Random playouts: whole games with uniformly random legal moves, the work
//! horse of Monte-Carlo search and of speed comparisons between engines.

use crate::history::{PositionCounts, Tracked};
use crate::outcome::Outcome;
pub use crate::rng::{mix64, SplitMix64};
use crate::ruleset::Ruleset;
use crate::AgreementPolicy;

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
    max_plies: u32,
    /// The games in progress, one a lane: the crate's game-with-history,
    /// its positions counted in a table reused from one playout to the next.
    games: [Tracked<R, PositionCounts<R::Position>>; LANES],
}

/// One game in progress in a lane.
struct Lane {
    plies: u32,
    rng: SplitMix64,
}

impl<R: Ruleset> Playouts<R> {
    /// A playout runner, with the ply cap [`DEFAULT_MAX_PLIES`].
    #[must_use]
    pub fn new(rules: R, policy: AgreementPolicy) -> Playouts<R> {
        let start = rules.start();
        Playouts {
            rules,
            max_plies: DEFAULT_MAX_PLIES,
            games: std::array::from_fn(|_| Tracked::new(rules, policy, start, PositionCounts::new(start))),
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
        let (rules, max_plies) = (self.rules, self.max_plies);
        let game = &mut self.games[0];
        let mut lane = Self::begin(game, start, rng.clone());
        let outcome = Self::play_out(rules, max_plies, game, &mut lane);
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
        let (rules, max_plies) = (self.rules, self.max_plies);
        let games = &mut self.games;
        let mut lanes: [Lane; LANES] = std::array::from_fn(|_| Lane {
            plies: 0,
            rng: SplitMix64::new(rng.next_u64()),
        });
        for (game, lane) in games.iter_mut().zip(&mut lanes) {
            *lane = Self::begin(game, start, lane.rng.clone());
        }
        let mut active: [bool; LANES] = std::array::from_fn(|i| (i as u64) < count);
        let mut started = count.min(LANES as u64);
        let mut finish = |lane: &Lane, outcome| {
            each(Playout {
                outcome,
                plies: lane.plies,
            });
        };
        if started == LANES as u64 {
            // Every lane busy: step each in turn, restarting the ones that end.
            'all_busy: loop {
                for i in 0..LANES {
                    let (game, lane) = (&mut games[i], &mut lanes[i]);
                    if let Some(outcome) = Self::step(rules, max_plies, game, lane) {
                        finish(lane, outcome);
                        if started == count {
                            active[i] = false;
                            break 'all_busy;
                        }
                        started += 1;
                        *lane = Self::begin(game, start, lane.rng.clone());
                    }
                }
            }
        }
        // The last games, one by one.
        for (i, (game, lane)) in games.iter_mut().zip(&mut lanes).enumerate() {
            if active[i] {
                let outcome = Self::play_out(rules, max_plies, game, lane);
                finish(lane, outcome);
            }
        }
    }

    /// Plays the game in `lane` to its end or to the ply cap.
    fn play_out(
        rules: R,
        max_plies: u32,
        game: &mut Tracked<R, PositionCounts<R::Position>>,
        lane: &mut Lane,
    ) -> Option<Outcome> {
        loop {
            if let Some(outcome) = Self::step(rules, max_plies, game, lane) {
                return outcome;
            }
        }
    }

    /// A new game from `start` in `game`'s lane.
    fn begin(
        game: &mut Tracked<R, PositionCounts<R::Position>>,
        start: &R::Position,
        rng: SplitMix64,
    ) -> Lane {
        game.restart(*start);
        Lane { plies: 0, rng }
    }

    /// Plays one random move in `lane`, or returns how its game stopped: its
    /// outcome if over, `None` at the ply cap.
    #[inline(always)]
    fn step(
        rules: R,
        max_plies: u32,
        game: &mut Tracked<R, PositionCounts<R::Position>>,
        lane: &mut Lane,
    ) -> Option<Option<Outcome>> {
        // The history's end first (a position seen before), in its one order.
        if let Some(outcome) = game.ended() {
            return Some(Some(outcome));
        }
        if lane.plies >= max_plies {
            return Some(Self::at_cap(rules, game.position()));
        }
        if let Err(outcome) = game.play_random(&mut lane.rng) {
            return Some(Some(outcome));
        }
        lane.plies += 1;
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
