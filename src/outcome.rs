//! What a ruleset reports: the state of play ([`Turn`], [`Status`]), how a
//! game ended ([`Outcome`], [`EndReason`]), what a move did ([`MoveReport`])
//! and what a repeated position does ([`Repetition`]).

use std::fmt;

use crate::moves::{Move, MoveSet, PitSet};
use crate::position::{Board, Player};

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
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
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
    /// Fewer seeds are left on the board than the game's
    /// [`FewSeeds::fewer_than`](crate::FewSeeds::fewer_than).
    FewSeeds,
    /// A player's row is empty and that player wins, whatever the totals
    /// ([`Cleared::Wins`](crate::Cleared::Wins), MancalaGames' goal
    /// "clear"); `None` when both rows are empty, a draw. [`Outcome::winner`]
    /// answers this player. Records and the session protocol spell it
    /// `{"Cleared": "South"}` (or `"North"`, `null`).
    Cleared(Option<Player>),
    /// A player was left without seeds or without a move and lost,
    /// whatever the totals ([`Eliminate`](crate::Eliminate), MancalaGames'
    /// goals "deprive" and "immobilize"): the winner, `None` for a draw
    /// (both rows empty). [`Outcome::winner`] answers this player. Records
    /// and the session protocol spell it `{"Eliminated": "South"}` (or
    /// `"North"`, `null`).
    Eliminated(Option<Player>),
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
            EndReason::FewSeeds => "too few seeds left",
            EndReason::Cleared(_) => "a row cleared",
            EndReason::Eliminated(_) => "a player without seeds or moves",
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
    /// The player with more seeds, or `None` for a draw; in a game won by
    /// clearing one's row ([`EndReason::Cleared`]), the player who cleared
    /// it, whatever the totals.
    ///
    /// ```
    /// use mancala_rules::{EndReason, Outcome, Player};
    ///
    /// assert_eq!(Outcome { totals: [20, 28], reason: EndReason::NoMoves }.winner(), Some(Player::North));
    /// let cleared = Outcome { totals: [20, 28], reason: EndReason::Cleared(Some(Player::South)) };
    /// assert_eq!(cleared.winner(), Some(Player::South));
    /// ```
    #[must_use]
    pub const fn winner(&self) -> Option<Player> {
        if let EndReason::Cleared(winner) | EndReason::Eliminated(winner) = self.reason {
            return winner;
        }
        let [south, north] = self.totals;
        if south > north {
            Some(Player::South)
        } else if north > south {
            Some(Player::North)
        } else {
            None
        }
    }

    /// South's margin, as the search and the solver score the end: South's
    /// total minus North's; in a game whose end names its winner whatever
    /// the totals ([`EndReason::Cleared`], [`EndReason::Eliminated`]), a
    /// margin of the winner's sign (the totals' when they agree, else 1),
    /// and 0 for a draw, so that a won game never scores as lost.
    ///
    /// ```
    /// use mancala_rules::{EndReason, Outcome, Player};
    ///
    /// assert_eq!(Outcome { totals: [20, 28], reason: EndReason::NoMoves }.margin(), -8);
    /// let won = Outcome { totals: [20, 28], reason: EndReason::Eliminated(Some(Player::South)) };
    /// assert_eq!(won.margin(), 1);
    /// let drawn = Outcome { totals: [20, 28], reason: EndReason::Eliminated(None) };
    /// assert_eq!(drawn.margin(), 0);
    /// ```
    #[must_use]
    pub const fn margin(&self) -> i64 {
        let diff = self.totals[0] as i64 - self.totals[1] as i64;
        match self.reason {
            EndReason::Cleared(winner) | EndReason::Eliminated(winner) => match winner {
                Some(Player::South) => {
                    if diff > 0 {
                        diff
                    } else {
                        1
                    }
                }
                Some(Player::North) => {
                    if diff < 0 {
                        diff
                    } else {
                        -1
                    }
                }
                None => 0,
            },
            _ => diff,
        }
    }

    /// The margin of [`margin`](Outcome::margin) for `player`.
    #[must_use]
    pub const fn margin_for(&self, player: Player) -> i64 {
        match player {
            Player::South => self.margin(),
            Player::North => -self.margin(),
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

impl Outcome {
    /// The seeds on the board are split equally, and an odd seed goes to
    /// the player with fewer seeds captured, North on equal scores (the
    /// scores of `pos`, where the game ends): MancalaGames' reading of
    /// "divvied" leftovers ([`Leftover::SplitOddToBehind`](crate::Leftover::SplitOddToBehind)).
    ///
    /// ```
    /// use mancala_rules::{EndReason, Outcome, Position};
    ///
    /// let behind: Position<4> = "1 0 | 0 0 10-13 S".parse()?;
    /// assert_eq!(Outcome::split_odd_to_behind(&behind, EndReason::NoMoves).totals, [11, 13]);
    /// let level: Position<4> = "1 0 | 0 0 12-11 S".parse()?;
    /// assert_eq!(Outcome::split_odd_to_behind(&level, EndReason::NoMoves).totals, [12, 12]);
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    #[must_use]
    pub fn split_odd_to_behind<B: Board>(pos: &B, reason: EndReason) -> Outcome {
        let board: u32 = pos.pits().iter().map(|&s| u32::from(s)).sum();
        let [south, north] = pos.scores().map(u32::from);
        let (half, odd) = (board / 2, board % 2);
        let totals = if north > south {
            [south + half + odd, north + half]
        } else {
            [south + half, north + half + odd]
        };
        Outcome { totals, reason }
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
    /// Whether the move was a relay that went on past its lap cap and
    /// ended the game, its board settled into the stores
    /// ([`AtMaxLaps::EndsGame`](crate::primitives::AtMaxLaps::EndsGame)).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_false"))]
    pub relay_limit: bool,
}

#[cfg(feature = "serde")]
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_false(flag: &bool) -> bool {
    !*flag
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
            relay_limit: false,
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
