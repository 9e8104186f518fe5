//! The `Ruleset` trait every game implements, and what it reports.

use std::fmt::{self, Debug};

use crate::error::{IllegalMove, PositionError};
use crate::moves::{Move, MoveSet, PitSet};
use crate::position::{Board, Player};
use crate::rng::SplitMix64;
use crate::validation::Problems;

/// The rules of one game: geometry, opening, legal moves, applying a move and
/// the end.
///
/// A ruleset is a small `Copy` value (a unit struct, or a few option flags for
/// a variant); positions are separate `Copy` values of type
/// [`Self::Position`](Ruleset::Position). Everything here depends on the
/// position alone; rules that depend on the game's history (a repeated
/// position ending the game, an agreement to split) are declared by
/// [`repetition`](Ruleset::repetition) and
/// [`agreement`](Ruleset::agreement) and carried out by
/// [`Game`](crate::Game).
///
/// Implement [`turn`](Ruleset::turn) and [`play_unchecked`](Ruleset::play_unchecked) (usually
/// with the [`primitives`](crate::primitives)); everything else has a default.
///
/// ```
/// use mancala_rules::games::Bohnenspiel;
/// use mancala_rules::{Move, Ruleset, Status};
///
/// let rules = Bohnenspiel;
/// let start = rules.start();
/// assert_eq!(rules.legal_moves(&start).len(), 6);
/// let (after, report) = rules.play(&start, Move::Pit(3))?;
/// assert_eq!(after.to_string(), "6 6 0 7 7 7 | 7 7 7 6 6 6 0-0 N");
/// assert_eq!(report.last_pit, Some(9));
/// assert_eq!(rules.status(&after), Status::Ongoing);
/// # Ok::<(), mancala_rules::IllegalMove>(())
/// ```
pub trait Ruleset: Copy + Debug + Send + Sync + 'static {
    /// The position type: [`Position<P>`](crate::Position) with `P` pits in all.
    type Position: Board;

    /// The game's name, as the replay protocol and [`GameKind`](crate::GameKind) spell it.
    fn name(&self) -> &'static str;

    /// Seeds in each pit at the opening.
    fn seeds_per_pit(&self) -> u8;

    /// The state of play in `pos`: the legal moves, or the end and its totals.
    /// A position whose game goes on always has at least one move (`pass` if
    /// nothing else).
    fn turn(&self, pos: &Self::Position) -> Turn;

    /// Plays `mv` on `pos` without checking it and reports what happened.
    ///
    /// `mv` should be one of [`legal_moves`](Ruleset::legal_moves); otherwise
    /// the resulting position is unspecified, but this never panics. Use
    /// [`play`](Ruleset::play) for checked play.
    fn play_unchecked(&self, pos: &mut Self::Position, mv: Move) -> MoveReport;

    /// Plays a uniformly random legal move on `pos` and reports it, or, when
    /// the game is over, leaves `pos` as it is and returns the outcome: the
    /// step of random playouts ([`Playouts`](crate::playout::Playouts)).
    ///
    /// The default draws from [`turn`](Ruleset::turn)'s moves with
    /// [`SplitMix64::choose`]. Rules may override it with anything that draws
    /// from the same distribution for less: Djenon-aboure draws among the pits
    /// that may move and sows only the one drawn, dropping it and drawing
    /// again if its relay never ends, instead of sowing every candidate to
    /// list the legal moves.
    ///
    /// ```
    /// use mancala_rules::games::DjenonAboure;
    /// use mancala_rules::playout::SplitMix64;
    /// use mancala_rules::Ruleset;
    ///
    /// let mut pos = DjenonAboure.start();
    /// let mut rng = SplitMix64::new(3);
    /// let mut plies = 0;
    /// let outcome = loop {
    ///     match DjenonAboure.play_random(&mut pos, &mut rng) {
    ///         Ok(_) => plies += 1,
    ///         Err(outcome) => break outcome,
    ///     }
    /// };
    /// assert_eq!(outcome.totals[0] + outcome.totals[1], 48);
    /// assert!(plies > 0);
    /// ```
    ///
    /// Repetition and agreement rules need the positions before, which `pos`
    /// alone does not show: [`Playouts`](crate::playout::Playouts) and
    /// [`Game`](crate::Game) apply them.
    #[inline(always)]
    fn play_random(&self, pos: &mut Self::Position, rng: &mut SplitMix64) -> Result<MoveReport, Outcome> {
        match self.turn(pos) {
            Turn::Moves(moves) => Ok(self.play_unchecked(pos, rng.choose(moves).unwrap_or(Move::Pass))),
            Turn::Over(outcome) => Err(outcome),
        }
    }

    /// Pits a side (`N`).
    fn pits_per_side(&self) -> usize {
        Self::Position::PITS / 2
    }

    /// Seeds in the whole game.
    fn total_seeds(&self) -> u32 {
        Self::Position::PITS as u32 * u32::from(self.seeds_per_pit())
    }

    /// The opening position: every pit full, South to move.
    fn start(&self) -> Self::Position {
        Self::Position::filled(self.seeds_per_pit())
    }

    /// The legal moves (none when the game is over). No heap allocation.
    #[inline]
    fn legal_moves(&self, pos: &Self::Position) -> MoveSet {
        match self.turn(pos) {
            Turn::Moves(moves) => moves,
            Turn::Over(_) => MoveSet::NONE,
        }
    }

    /// Whether the game goes on, or how it ended.
    fn status(&self, pos: &Self::Position) -> Status {
        match self.turn(pos) {
            Turn::Moves(_) => Status::Ongoing,
            Turn::Over(outcome) => Status::Over(outcome),
        }
    }

    /// Why pit `pit` (0-based, in the mover's row, not among `legal`) may not
    /// be moved. The default says empty, or must pass; games with other
    /// restrictions override it.
    fn refusal(&self, pos: &Self::Position, pit: usize, legal: MoveSet) -> IllegalMove {
        let number = (pit as u8).wrapping_add(1);
        if pos.pits().get(pit) == Some(&0) {
            IllegalMove::EmptyPit { pit: number }
        } else if legal.is_pass() {
            IllegalMove::MustPass {
                pit: number,
                player: pos.to_move(),
            }
        } else {
            IllegalMove::NotPlayable { pit: number }
        }
    }

    /// Checks that `mv` is legal in `pos`, or says exactly why not.
    fn check(&self, pos: &Self::Position, mv: Move) -> Result<(), IllegalMove> {
        let legal = match self.turn(pos) {
            Turn::Over(_) => return Err(IllegalMove::GameOver),
            Turn::Moves(moves) => moves,
        };
        if legal.contains(mv) {
            return Ok(());
        }
        let player = pos.to_move();
        let pits = Self::Position::PITS;
        match mv {
            Move::Pass => Err(IllegalMove::PassNotAllowed { player }),
            Move::Pit(number) if number == 0 || usize::from(number) > pits => {
                Err(IllegalMove::PitOutOfRange {
                    pit: number,
                    pits: pits as u8,
                })
            }
            Move::Pit(number) => {
                let n = pits / 2;
                let first = player.index() * n + 1;
                let pit = usize::from(number) - 1;
                if (first..first + n).contains(&usize::from(number)) {
                    Err(self.refusal(pos, pit, legal))
                } else {
                    Err(IllegalMove::NotYourPit {
                        pit: number,
                        player,
                        first: first as u8,
                        last: (first + n - 1) as u8,
                    })
                }
            }
        }
    }

    /// Checked play: the position after `mv` and the report, or why `mv` is
    /// illegal (the position given is untouched).
    fn play(&self, pos: &Self::Position, mv: Move) -> Result<(Self::Position, MoveReport), IllegalMove> {
        self.check(pos, mv)?;
        let mut next = *pos;
        let report = self.play_unchecked(&mut next, mv);
        Ok((next, report))
    }

    /// Checks that `pos` can belong to this game: the game is one the
    /// engine plays exactly ([`problems`](Ruleset::problems)) and the
    /// position's seeds add up to the game's total. (The pit count and
    /// player are checked by the position type itself.)
    fn validate(&self, pos: &Self::Position) -> Result<(), PositionError> {
        self.problems()
            .into_result()
            .map_err(|problems| PositionError::Declaration(Box::new(problems)))?;
        let found = pos.pits().iter().map(|&s| u32::from(s)).sum::<u32>()
            + pos.scores().iter().map(|&s| u32::from(s)).sum::<u32>();
        let expected = self.total_seeds();
        if found == expected {
            Ok(())
        } else {
            Err(PositionError::SeedsDoNotAddUp { expected, found })
        }
    }

    /// Every reason the engine cannot play this game exactly (see
    /// [`Rules::problems`](crate::Rules::problems)); empty for every game the
    /// crate ships and every [`declare!`](crate::declare)d one. Default: the
    /// board size and the total of seeds ([`Problems::of_board`]).
    fn problems(&self) -> Problems {
        Problems::of_board(Self::Position::PITS, self.seeds_per_pit())
    }

    /// Whether each player has a store, where the captures are kept (shown
    /// as "store" rather than "captured"). Default: no.
    fn has_stores(&self) -> bool {
        false
    }

    /// What a repeated position (board, captures and player to move) does.
    /// [`Game`](crate::Game) carries it out. Default: nothing.
    fn repetition(&self) -> Repetition {
        Repetition::Continues
    }

    /// Whether the players may agree to end the game and split the board
    /// equally ([`Game::agree_to_split`](crate::Game::agree_to_split)).
    /// Default: no.
    fn agreement(&self) -> bool {
        false
    }
}

/// What a position offers: moves, or the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// The game goes on with these moves (never empty).
    Moves(MoveSet),
    /// The game is over.
    Over(Outcome),
}

/// Whether a game goes on, or how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The game is over.
    Over(Outcome),
}

impl Status {
    /// The outcome, if the game is over.
    #[must_use]
    pub const fn outcome(self) -> Option<Outcome> {
        match self {
            Status::Ongoing => None,
            Status::Over(outcome) => Some(outcome),
        }
    }

    /// Whether the game is over.
    #[must_use]
    pub const fn is_over(self) -> bool {
        matches!(self, Status::Over(_))
    }
}

/// What a repeated position does in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Repetition {
    /// Nothing: play goes on.
    Continues,
    /// The game ends at once and the seeds on the board are split equally
    /// (Tihbat, Hemprich's Bohnenspiel).
    EndsWithSplit,
    /// The game ends at once and each player keeps the seeds of their own
    /// row (Oware Abapa).
    EndsKeepingRows,
}

impl Repetition {
    /// How a game ends when `pos` repeats an earlier position; `None` if it
    /// goes on.
    #[must_use]
    pub fn outcome<B: Board>(self, pos: &B) -> Option<Outcome> {
        match self {
            Repetition::Continues => None,
            Repetition::EndsWithSplit => Some(Outcome::split(pos, EndReason::Repetition)),
            Repetition::EndsKeepingRows => Some(Outcome::own_rows(pos).because(EndReason::Repetition)),
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum EndReason {
    /// Every seed has been captured.
    AllCaptured,
    /// The player to move has no move (an empty row): the board goes as the
    /// rules say (Bohnenspiel: to the other player).
    MoverRowEmpty,
    /// Neither player can move; each keeps the seeds of their own row
    /// (Djenon-aboure).
    NoMoves,
    /// The opponent's row is empty and no move feeds it; the starved player
    /// takes the board (Al-manqala).
    Starvation,
    /// A position repeated; the board is split equally.
    Repetition,
    /// The players agreed to split the board equally.
    Agreement,
    /// A player has captured more than half of the seeds (Oware).
    Majority,
    /// A row is empty, whoever is to move; each keeps the seeds of their
    /// own row (Kalah).
    RowEmpty,
}

impl fmt::Display for EndReason {
    /// A phrase for people: "every seed captured", "a repeated position", ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::AllCaptured => "every seed captured",
            EndReason::MoverRowEmpty => "the player to move has no move",
            EndReason::NoMoves => "neither player can move",
            EndReason::Starvation => "no move feeds the empty row",
            EndReason::Repetition => "a repeated position",
            EndReason::Agreement => "the players agreed to split",
            EndReason::Majority => "more than half captured",
            EndReason::RowEmpty => "a row is empty",
        })
    }
}

/// The end of a game: each player's final total (captures plus whatever the
/// end rule gives them) and why it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Outcome {
    /// Final totals, `[south, north]`.
    pub totals: [u32; 2],
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// The player with more seeds, or `None` for a draw.
    #[must_use]
    pub const fn winner(&self) -> Option<Player> {
        let [south, north] = self.totals;
        if south > north {
            Some(Player::South)
        } else if north > south {
            Some(Player::North)
        } else {
            None
        }
    }

    fn with_board<B: Board>(pos: &B, reason: EndReason, share: impl Fn(usize, u32) -> [u32; 2]) -> Outcome {
        let [south, north] = pos.scores().map(u32::from);
        let mut totals = [south, north];
        for (pit, &seeds) in pos.pits().iter().enumerate() {
            let [to_south, to_north] = share(pit, u32::from(seeds));
            totals[0] += to_south;
            totals[1] += to_north;
        }
        Outcome { totals, reason }
    }

    /// The same totals with another reason.
    #[must_use]
    pub const fn because(self, reason: EndReason) -> Outcome {
        Outcome { reason, ..self }
    }

    /// Captures only: every seed has been captured.
    #[must_use]
    pub fn all_captured<B: Board>(pos: &B) -> Outcome {
        Outcome::with_board(pos, EndReason::AllCaptured, |_, _| [0, 0])
    }

    /// Every seed on the board goes to `taker`.
    #[must_use]
    pub fn sweep<B: Board>(pos: &B, taker: Player, reason: EndReason) -> Outcome {
        Outcome::with_board(pos, reason, |_, seeds| match taker {
            Player::South => [seeds, 0],
            Player::North => [0, seeds],
        })
    }

    /// Each player adds the seeds of their own row (reason: no moves; see
    /// [`because`](Outcome::because) for others).
    #[must_use]
    pub fn own_rows<B: Board>(pos: &B) -> Outcome {
        let n = B::PITS / 2;
        Outcome::with_board(pos, EndReason::NoMoves, |pit, seeds| {
            if pit < n {
                [seeds, 0]
            } else {
                [0, seeds]
            }
        })
    }

    /// The seeds on the board are split equally.
    ///
    /// In the crate's games the board total is even whenever a split can
    /// happen (every capture takes an even count). Only a hand-made position
    /// with odd captures can leave an odd board: each player then gets half
    /// rounded down and the odd seed is left unassigned (the sources never
    /// meet this case; this is our choice).
    #[must_use]
    pub fn split<B: Board>(pos: &B, reason: EndReason) -> Outcome {
        let board: u32 = pos.pits().iter().map(|&s| u32::from(s)).sum();
        let [south, north] = pos.scores().map(u32::from);
        Outcome {
            totals: [south + board / 2, north + board / 2],
            reason,
        }
    }
}

impl fmt::Display for Outcome {
    /// For example `South 25, North 23: South wins (neither player can move)`.
    ///
    /// ```
    /// use mancala_rules::{EndReason, Outcome};
    ///
    /// let outcome = Outcome { totals: [25, 23], reason: EndReason::NoMoves };
    /// assert_eq!(outcome.to_string(), "South 25, North 23: South wins (neither player can move)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [south, north] = self.totals;
        write!(f, "South {south}, North {north}: ")?;
        match self.winner() {
            Some(winner) => write!(f, "{winner} wins")?,
            None => f.write_str("a draw")?,
        }
        write!(f, " ({})", self.reason)
    }
}

impl fmt::Display for Status {
    /// `the game goes on`, or the outcome.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing => f.write_str("the game goes on"),
            Status::Over(outcome) => write!(f, "over: {outcome}"),
        }
    }
}

/// What a move did, for interfaces that animate it and tests that assert it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReport {
    /// The move played.
    pub mv: Move,
    /// Who played it.
    pub player: Player,
    /// Laps sown: 1 for a plain sowing, more for a relay, 0 for a pass.
    pub laps: u32,
    /// Standard-notation number of the pit where the last seed fell (`None`
    /// for a pass).
    pub last_pit: Option<u8>,
    /// Captured pits.
    #[cfg_attr(feature = "serde", serde(with = "pit_numbers"))]
    pub captured: PitSet,
    /// Seeds captured.
    pub seeds_captured: u8,
    /// Whether the last seed fell in the mover's own store.
    #[cfg_attr(feature = "serde", serde(default))]
    pub in_store: bool,
}

impl MoveReport {
    /// The report of a pass by `player`.
    #[must_use]
    pub const fn pass(player: Player) -> MoveReport {
        MoveReport {
            mv: Move::Pass,
            player,
            laps: 0,
            last_pit: None,
            captured: PitSet::EMPTY,
            seeds_captured: 0,
            in_store: false,
        }
    }
}

/// Serde for a [`PitSet`] as a list of standard-notation pit numbers.
#[cfg(feature = "serde")]
mod pit_numbers {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::moves::PitSet;

    pub fn serialize<S: Serializer>(pits: &PitSet, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(pits.map(|pit| pit + 1))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<PitSet, D::Error> {
        let numbers = Vec::<u8>::deserialize(deserializer)?;
        let mut pits = PitSet::EMPTY;
        for number in numbers {
            if !(1..=32).contains(&number) {
                return Err(serde::de::Error::custom(format!("pit {number} is out of range")));
            }
            pits = pits.with(usize::from(number) - 1);
        }
        Ok(pits)
    }
}
