use super::sowing::{
    next_lap, relay_laps, relay_sow_pits, relay_sow_pits_first_to_store, relay_sow_stores, AtMaxLaps,
    LapCapture, LapCaptureGoesOn, LapStop, RelayRule, Stores,
};
use super::sowing::{sow_skipping_out_of_play, sow_with_stores, Landing};
use super::{
    BeforeSowing, Capture, CaptureRule, ChainAgainst, Children, Counts, EnPassant, EndlessRelay, Pick,
    RowHalves, Sowing, StorePass, Sweep,
};
use crate::kernel::Packed;
use crate::moves::{Move, PitSet};
use crate::outcome::{EndReason, MoveReport};
use crate::position::{Player, Position};
use crate::Leftover;

/// How the seeds of a move are sown: one lap, or relay laps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Lap {
    /// One lap (Bohnenspiel, Tihbat, Al-manqala, Oware, Kalah).
    Single(Sowing),
    /// Relay sowing with its readings as parameters: where the next lap
    /// starts, whether a capturing count stops the relay, and after how many
    /// laps it counts as endless (Djenon-aboure: while the last pit then
    /// holds 3, or 5 and more, it is picked up and sown again, from itself,
    /// [`RelayRule::new`]). See [`RelayRule`].
    #[cfg_attr(feature = "serde", serde(rename = "relay"))]
    RelayWith(RelayRule),
}

impl Lap {
    /// The sowing of each lap.
    #[must_use]
    pub const fn sowing(self) -> Sowing {
        match self {
            Lap::Single(sowing) => sowing,
            Lap::RelayWith(rule) => rule.sowing,
        }
    }

    /// The relay rule, for relay laps.
    #[must_use]
    pub const fn relay(self) -> Option<RelayRule> {
        match self {
            Lap::Single(_) => None,
            Lap::RelayWith(rule) => Some(rule),
        }
    }
}

/// The direction of sowing.
///
/// Pits are numbered counterclockwise in every game (standard notation), so
/// a clockwise game sows to lower numbers: from pit 3 of a 2x6 board, to 2,
/// 1, 12, 11, ... Capture chains run "backward" against the direction of
/// sowing in both.
///
/// ```
/// use mancala_rules::primitives::{Direction, SowingTurn};
/// use mancala_rules::{Move, Position};
///
/// let turn = SowingTurn { direction: Direction::Clockwise, ..SowingTurn::DEFAULT };
/// let mut pos: Position<12> = "4 4 4 4 4 4 | 4 4 4 4 4 4 0-0 S".parse()?;
/// turn.play(&mut pos, Move::Pit(3));
/// assert_eq!(pos.to_string(), "5 5 0 4 4 4 | 4 4 4 4 5 5 0-0 N");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Direction {
    /// To higher pit numbers, `2N` wrapping to 1 (most games of Africa and
    /// the Middle East).
    CounterClockwise,
    /// To lower pit numbers, 1 wrapping to `2N` (many games of Asia).
    Clockwise,
    /// Chosen by each move's seed count: a pit of odd count sows
    /// counterclockwise, one of even count clockwise (William Daniel
    /// Troyka's Cross-Wari and Cross-Kalah, 2001). See
    /// [`Direction::sows_clockwise`].
    ///
    /// The stores stay where they are: South's after pit `N`, North's after
    /// pit `2N`, counterclockwise. So an even count sown clockwise from
    /// South's row passes through North's row before it reaches South's
    /// store (between pits `N + 1` and `N`), unlike a
    /// [`Clockwise`](Direction::Clockwise) game, whose stores lie by
    /// default at the other ends of the rows (it is the counterclockwise
    /// game seen in a mirror). It is the default [`StorePlace`]'s reading
    /// for this direction ([`SowingTurn::stores_at_counterclockwise_ends`],
    /// which a clockwise game may ask for too). Capture
    /// chains run backward against each move's own direction.
    ///
    /// Here South's pit 2 holds 3 (odd) and sows 3, 4, 5; pit 5 holds 4
    /// (even) and sows 4, 3, 2, 1. With Kalah's stores, pit 1's two seeds
    /// (even, clockwise) go into North's pits 12 and 11, and pit 12's three
    /// (odd, counterclockwise) into North's store and pits 1 and 2.
    ///
    /// ```
    /// use mancala_rules::primitives::{Direction, SowingTurn, Stores};
    /// use mancala_rules::{Move, Position};
    ///
    /// let turn = SowingTurn { direction: Direction::ByParity, ..SowingTurn::DEFAULT };
    /// let mut odd: Position<12> = "1 3 1 1 4 1 | 1 1 1 1 1 1 0-0 S".parse()?;
    /// turn.play(&mut odd, Move::Pit(2));
    /// assert_eq!(odd.to_string(), "1 0 2 2 5 1 | 1 1 1 1 1 1 0-0 N");
    /// let mut even: Position<12> = "1 3 1 1 4 1 | 1 1 1 1 1 1 0-0 S".parse()?;
    /// turn.play(&mut even, Move::Pit(5));
    /// assert_eq!(even.to_string(), "2 4 2 2 0 1 | 1 1 1 1 1 1 0-0 N");
    ///
    /// let kalah = SowingTurn { direction: Direction::ByParity, stores: Stores::Own, ..SowingTurn::DEFAULT };
    /// let mut pos: Position<12> = "2 0 0 0 0 0 | 0 0 0 0 0 0 0-0 S".parse()?;
    /// kalah.play(&mut pos, Move::Pit(1));
    /// assert_eq!(pos.to_string(), "0 0 0 0 0 0 | 0 0 0 0 1 1 0-0 N");
    /// let mut pos: Position<12> = "0 0 0 0 0 0 | 0 0 0 0 0 3 0-0 N".parse()?;
    /// kalah.play(&mut pos, Move::Pit(12));
    /// assert_eq!(pos.to_string(), "1 1 0 0 0 0 | 0 0 0 0 0 0 0-1 S");
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    ByParity,
}

impl Direction {
    /// Whether the move from pit `pit` (0-based) of `pos` sows clockwise:
    /// for [`ByParity`](Direction::ByParity), when the pit holds an even
    /// count (an empty pit or a pass: clockwise, and nothing is sown).
    ///
    /// ```
    /// use mancala_rules::primitives::Direction;
    /// use mancala_rules::Position;
    ///
    /// let pos: Position<4> = "3 2 | 0 1 0-0 S".parse()?;
    /// assert!(!Direction::ByParity.sows_clockwise(&pos, 0));
    /// assert!(Direction::ByParity.sows_clockwise(&pos, 1));
    /// assert!(Direction::Clockwise.sows_clockwise(&pos, 0));
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn sows_clockwise<const P: usize>(self, pos: &Position<P>, pit: usize) -> bool {
        match self {
            Direction::CounterClockwise => false,
            Direction::Clockwise => true,
            Direction::ByParity => !matches!(pos.pits.get(pit), Some(&seeds) if seeds % 2 == 1),
        }
    }
}

/// Where a move sown clockwise finds the stores
/// ([`SowingTurn::store_place`]).
///
/// A move sown counterclockwise finds South's store after pit `N` and
/// North's after pit `2N`, in every game. A clockwise move (a game sown
/// [`Clockwise`](Direction::Clockwise), the even counts of
/// [`ByParity`](Direction::ByParity), a direction the player chooses,
/// [`SowingTurn::chosen_direction`], or a half of a row sowing clockwise,
/// [`RowHalves`]) finds them:
///
/// - with [`ByDirection`](StorePlace::ByDirection) (the default), where
///   the turn's direction puts them. For a direction by the seed count's
///   parity, at the rows' counterclockwise ends (Troyka's board: the stores
///   do not move, see [`Direction::ByParity`]). Otherwise at the other
///   ends: each player's store lies after their own row in clockwise order
///   (South's between pit 1 and pit `2N`), the counterclockwise game seen
///   in a mirror, so that a clockwise game plays as its counterclockwise
///   twin. This is the crate's choice for a clockwise game and for the
///   clockwise moves of a direction not fixed: sources of clockwise games
///   draw the store at the end of the row the sowing leaves.
/// - with [`CounterclockwiseEnds`](StorePlace::CounterclockwiseEnds), at
///   the rows' counterclockwise ends, whatever the move's direction: the
///   board is a board, its stores do not move. A clockwise move from
///   South's row then passes through North's whole row before it reaches
///   South's store (between pits `N + 1` and `N`). MancalaGames' board
///   (its store cycle is fixed, a clockwise move walks it backward):
///   Lagerung, GoEmpty_Two.
///
/// [`SowingTurn::stores_at_counterclockwise_ends`] reads it with the
/// direction: the one reading the sowing asks. Where it could change
/// nothing (no store sown, every move sown counterclockwise, or a
/// direction by parity, which puts the stores there already),
/// `CounterclockwiseEnds` is refused
/// ([`RulesProblem::StorePlaceWithoutEffect`](crate::RulesProblem::StorePlaceWithoutEffect)),
/// so that a game has one declaration. Data form: `"store_place":
/// "counterclockwise-ends"` (default `"by-direction"`, left out).
///
/// Here on a 2x3 board sown clockwise through the mover's store, South's
/// pit 1 holds 4 seeds. In the mirror (the default) South's store comes
/// first, after pit 1: the seeds go into the store and North's pits 6, 5
/// and 4. With the stores at the counterclockwise ends they go into pits
/// 6, 5 and 4 first, and the last reaches South's store after North's
/// row: another turn.
///
/// ```
/// use mancala_rules::primitives::{Direction, ExtraTurn, SowingTurn, StorePlace, Stores};
/// use mancala_rules::{Move, Position};
///
/// let turn = |store_place| SowingTurn {
///     direction: Direction::Clockwise,
///     stores: Stores::Own,
///     extra_turn: ExtraTurn::IN_OWN_STORE,
///     store_place,
///     ..SowingTurn::DEFAULT
/// };
/// let start: Position<6> = "4 1 1 | 1 1 1 0-0 S".parse()?;
/// let mut mirrored = start;
/// turn(StorePlace::ByDirection).play(&mut mirrored, Move::Pit(1));
/// assert_eq!(mirrored.to_string(), "0 1 1 | 2 2 2 1-0 N");
/// let mut fixed = start;
/// turn(StorePlace::CounterclockwiseEnds).play(&mut fixed, Move::Pit(1));
/// assert_eq!(fixed.to_string(), "0 1 1 | 2 2 2 1-0 S");
/// // North's pit 5 holds 2, sown clockwise into pit 4, then: North's
/// // store in the mirror; South's pit 3 when North's store lies after
/// // pit 6 (before pit 1).
/// let start: Position<6> = "0 0 0 | 0 2 0 0-0 N".parse()?;
/// let mut mirrored = start;
/// turn(StorePlace::ByDirection).play(&mut mirrored, Move::Pit(5));
/// assert_eq!(mirrored.to_string(), "0 0 0 | 1 0 0 0-1 N");
/// let mut fixed = start;
/// turn(StorePlace::CounterclockwiseEnds).play(&mut fixed, Move::Pit(5));
/// assert_eq!(fixed.to_string(), "0 0 1 | 1 0 0 0-0 S");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum StorePlace {
    /// Where the turn's direction puts them: a clockwise move finds each
    /// store after its owner's row in clockwise order (the mirror of the
    /// counterclockwise game), except with a direction by parity, whose
    /// stores stay at the counterclockwise ends (the crate's games).
    #[default]
    ByDirection,
    /// At the rows' counterclockwise ends for every move (MancalaGames).
    CounterclockwiseEnds,
}

impl StorePlace {
    /// Whether this is the default, [`StorePlace::ByDirection`] (the data
    /// form leaves it out).
    #[must_use]
    pub const fn is_by_direction(&self) -> bool {
        matches!(self, StorePlace::ByDirection)
    }
}

/// The pits a capture may visit, seen from the mover.
///
/// ```
/// use mancala_rules::primitives::{CaptureRule, CaptureScope, Counts, SowingTurn};
/// use mancala_rules::{Move, Position};
///
/// // Pit 2's two seeds make North's pits 3 and 4 hold 2.
/// let pos: Position<4> = "0 2 | 1 1 5-5 S".parse()?;
/// let turn = |scope| SowingTurn { capture: CaptureRule::chain(Counts::of(&[2])), scope, ..SowingTurn::DEFAULT };
/// let mut anywhere = pos;
/// turn(CaptureScope::Anywhere).play(&mut anywhere, Move::Pit(2));
/// assert_eq!(anywhere.to_string(), "0 0 | 0 0 9-5 N");
/// let mut own = pos;
/// turn(CaptureScope::OwnRow).play(&mut own, Move::Pit(2));
/// assert_eq!(own.to_string(), "0 0 | 2 2 5-5 N"); // South may take only South's pits
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum CaptureScope {
    /// Either row (Bohnenspiel, Djenon-aboure, Al-manqala).
    Anywhere,
    /// The mover's own row only (Tihbat: own-side-only captures).
    OwnRow,
    /// The opponent's row only (Oware).
    OpponentRow,
    /// A capture starts only in the opponent's row; a chain from it then
    /// runs on into either row (MancalaGames' `OPP_CONT`, its reading of
    /// Kale and Achochodi). See [`CaptureScope::capture_pits`].
    ///
    /// Here (a 2x3 board, captures of 2 or 3 chained backward) South's pit
    /// 2 sows into pits 3 and 4, which then hold 2 each: the capture starts
    /// in North's pit 4 and its chain runs on into South's pit 3 (pit 2,
    /// emptied, stops it); with [`OpponentRow`](CaptureScope::OpponentRow)
    /// it would take pit 4 only. A last seed in South's own row captures
    /// nothing, whatever the count.
    ///
    /// ```
    /// use mancala_rules::primitives::{CaptureRule, CaptureScope, Counts, SowingTurn};
    /// use mancala_rules::{Move, Position};
    ///
    /// let turn = |scope| SowingTurn { capture: CaptureRule::chain(Counts::of(&[2, 3])), scope, ..SowingTurn::DEFAULT };
    /// let mut on: Position<6> = "1 2 1 | 1 1 0 0-0 S".parse()?;
    /// turn(CaptureScope::StartsInOpponentRow).play(&mut on, Move::Pit(2));
    /// assert_eq!(on.to_string(), "1 0 0 | 0 1 0 4-0 N");
    /// let mut opponent_row: Position<6> = "1 2 1 | 1 1 0 0-0 S".parse()?;
    /// turn(CaptureScope::OpponentRow).play(&mut opponent_row, Move::Pit(2));
    /// assert_eq!(opponent_row.to_string(), "1 0 2 | 0 1 0 2-0 N");
    /// let mut own: Position<6> = "1 1 0 | 1 1 0 0-0 S".parse()?;
    /// turn(CaptureScope::StartsInOpponentRow).play(&mut own, Move::Pit(1));
    /// assert_eq!(own.to_string(), "0 2 0 | 1 1 0 0-0 N");
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    StartsInOpponentRow,
}

impl CaptureScope {
    /// The pits of a `P`-pit board this scope allows when `mover` moves;
    /// for [`StartsInOpponentRow`](CaptureScope::StartsInOpponentRow), the
    /// pits where a capture may start (the opponent's row).
    #[inline]
    #[must_use]
    pub const fn pits<const P: usize>(self, mover: Player) -> PitSet {
        match self {
            CaptureScope::Anywhere => PitSet::first(P),
            CaptureScope::OwnRow => Position::<P>::row(mover),
            CaptureScope::OpponentRow | CaptureScope::StartsInOpponentRow => {
                Position::<P>::row(mover.opponent())
            }
        }
    }

    /// The pits a capture may visit when `mover`'s last seed fell in `last`
    /// (0-based): [`pits`](CaptureScope::pits), except that
    /// [`StartsInOpponentRow`](CaptureScope::StartsInOpponentRow) gives the
    /// whole board when `last` is in the opponent's row and no pit when it
    /// is not.
    #[inline(always)]
    #[must_use]
    pub const fn capture_pits<const P: usize>(self, mover: Player, last: usize) -> PitSet {
        match self {
            CaptureScope::StartsInOpponentRow => {
                if Position::<P>::row(mover.opponent()).contains(last) {
                    PitSet::first(P)
                } else {
                    PitSet::EMPTY
                }
            }
            scope => scope.pits::<P>(mover),
        }
    }
}

/// What happens to a capture that would take every seed of the opponent's
/// row (a "grand slam").
///
/// ```
/// use mancala_rules::primitives::{CaptureRule, Counts, GrandSlam, SowingTurn};
/// use mancala_rules::{Move, Position};
///
/// // Pit 2's seeds make North's only seeds, pits 3 and 4, hold 2: a grand slam.
/// let pos: Position<4> = "3 2 | 1 1 5-4 S".parse()?;
/// let turn = |grand_slam| SowingTurn { capture: CaptureRule::chain(Counts::of(&[2])), grand_slam, ..SowingTurn::DEFAULT };
/// let mut taken = pos;
/// turn(GrandSlam::Captures).play(&mut taken, Move::Pit(2));
/// assert_eq!(taken.to_string(), "3 0 | 0 0 9-4 N");
/// let mut kept = pos;
/// turn(GrandSlam::CapturesNothing).play(&mut kept, Move::Pit(2));
/// assert_eq!(kept.to_string(), "3 0 | 2 2 5-4 N");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum GrandSlam {
    /// It is made like any other.
    Captures,
    /// The move is played but captures nothing (Oware Abapa).
    CapturesNothing,
    /// The move is illegal while another move exists
    /// ([`IllegalMove::GrandSlam`](crate::IllegalMove::GrandSlam)); if every
    /// move would be one, they are played and capture nothing, or none is
    /// legal, as [`Playable::slams_only`](crate::Playable::slams_only)
    /// says.
    Illegal,
    /// The capture is made except for the opponent's rightmost pit holding
    /// seeds (seen from the mover: the first pit of the opponent's row in
    /// counterclockwise order, pit `N + 1` for South, pit 1 for North);
    /// when only one of the opponent's pits holds seeds, it is captured.
    /// Only the opponent's pits are taken then. MancalaGames' reading of
    /// Olowuka (`LEAVE_RIGHT`); see [`GrandSlam::leaves`].
    ///
    /// ```
    /// use mancala_rules::primitives::{CaptureRule, CaptureScope, Counts, GrandSlam, SowingTurn};
    /// use mancala_rules::{Move, Position};
    ///
    /// let turn = |grand_slam| SowingTurn {
    ///     capture: CaptureRule::chain(Counts::of(&[2, 3])),
    ///     scope: CaptureScope::OpponentRow,
    ///     grand_slam,
    ///     ..SowingTurn::DEFAULT
    /// };
    /// // South's pit 3 sows into North's pits 4, 5 and 6, which then hold
    /// // 2, 2 and 3: every seed of North's row. Pit 4 is North's rightmost
    /// // seen from South, pit 6 its leftmost.
    /// let mut right: Position<6> = "1 0 3 | 1 1 2 0-0 S".parse()?;
    /// turn(GrandSlam::LeavesRightmost).play(&mut right, Move::Pit(3));
    /// assert_eq!(right.to_string(), "1 0 0 | 2 0 0 5-0 N");
    /// let mut left: Position<6> = "1 0 3 | 1 1 2 0-0 S".parse()?;
    /// turn(GrandSlam::LeavesLeftmost).play(&mut left, Move::Pit(3));
    /// assert_eq!(left.to_string(), "1 0 0 | 0 0 3 4-0 N");
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    LeavesRightmost,
    /// Like [`LeavesRightmost`](GrandSlam::LeavesRightmost), but the
    /// opponent's leftmost pit holding seeds is left (the last of their row
    /// in counterclockwise order); MancalaGames' `LEAVE_LEFT`.
    LeavesLeftmost,
    /// The capture is made and the mover plays again (then, with
    /// [`Playable::must_feed`](crate::Playable::must_feed), they must feed
    /// the row they emptied, or the game ends). MancalaGames' reading of
    /// Ouri (`LEGAL_SHARE`).
    ///
    /// ```
    /// use mancala_rules::primitives::{CaptureRule, CaptureScope, Counts, GrandSlam, SowingTurn};
    /// use mancala_rules::{Move, Player, Position};
    ///
    /// let turn = SowingTurn {
    ///     capture: CaptureRule::chain(Counts::of(&[2, 3])),
    ///     scope: CaptureScope::OpponentRow,
    ///     grand_slam: GrandSlam::CapturesAndPlaysAgain,
    ///     ..SowingTurn::DEFAULT
    /// };
    /// let mut pos: Position<6> = "1 0 3 | 1 1 2 0-0 S".parse()?;
    /// turn.play(&mut pos, Move::Pit(3));
    /// assert_eq!(pos.to_string(), "1 0 0 | 0 0 0 7-0 S"); // South again
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    CapturesAndPlaysAgain,
}

impl GrandSlam {
    /// For [`LeavesRightmost`](GrandSlam::LeavesRightmost) and
    /// [`LeavesLeftmost`](GrandSlam::LeavesLeftmost): whether the pit left
    /// is the rightmost (seen from the mover); `None` for the others.
    #[must_use]
    pub const fn leaves(self) -> Option<bool> {
        match self {
            GrandSlam::LeavesRightmost => Some(true),
            GrandSlam::LeavesLeftmost => Some(false),
            _ => None,
        }
    }

    /// The same rule on the board with each row reversed (how a clockwise
    /// game is played): right and left swap.
    #[inline(always)]
    const fn mirrored(self) -> GrandSlam {
        match self {
            GrandSlam::LeavesRightmost => GrandSlam::LeavesLeftmost,
            GrandSlam::LeavesLeftmost => GrandSlam::LeavesRightmost,
            other => other,
        }
    }
}

/// Which board the grand slam rule ([`SowingTurn::grand_slam`]) looks at:
/// a capture that leaves the opponent's row empty is a grand slam when
/// the row holds seeds after the sowing ([`AfterSowing`](SlamJudged::AfterSowing),
/// the default), or only when it held seeds before the move, too
/// ([`BeforeMove`](SlamJudged::BeforeMove)): a capture of every seed a
/// move has just fed into an empty row is then an ordinary capture.
///
/// Here North's row is empty; South's pit 2 sows its 5 seeds into 3, 4, 1,
/// 3, 4 (the origin skipped), and pits 3 and 4 hold 2 each: captured, they
/// would leave North's row empty. Judged after the sowing it is a grand
/// slam (captures nothing); judged before the move it is not (North had no
/// seed to lose).
///
/// ```
/// use mancala_rules::primitives::{CaptureRule, CaptureScope, Counts, GrandSlam, Lap, SlamJudged, Sowing, SowingTurn};
/// use mancala_rules::{Move, Position};
///
/// let turn = |grand_slam_judged| SowingTurn {
///     lap: Lap::Single(Sowing::NextPitSkippingOrigin),
///     capture: CaptureRule::chain(Counts::of(&[2, 3])),
///     scope: CaptureScope::OpponentRow,
///     grand_slam: GrandSlam::CapturesNothing,
///     grand_slam_judged,
///     ..SowingTurn::DEFAULT
/// };
/// let mut after_sowing: Position<4> = "2 5 | 0 0 9-0 S".parse()?;
/// turn(SlamJudged::AfterSowing).play(&mut after_sowing, Move::Pit(2));
/// assert_eq!(after_sowing.to_string(), "3 0 | 2 2 9-0 N");
/// let mut before_move: Position<4> = "2 5 | 0 0 9-0 S".parse()?;
/// turn(SlamJudged::BeforeMove).play(&mut before_move, Move::Pit(2));
/// assert_eq!(before_move.to_string(), "3 0 | 0 0 13-0 N");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum SlamJudged {
    /// A grand slam is a capture that empties the opponent's row, as the
    /// sowing left it (the crate's games).
    #[default]
    AfterSowing,
    /// Only a capture that empties a row which held seeds before the move
    /// (MancalaGames' reading).
    BeforeMove,
}

impl SlamJudged {
    /// Whether this is the default, [`SlamJudged::AfterSowing`] (the data
    /// form leaves it out).
    #[must_use]
    pub const fn is_after_sowing(&self) -> bool {
        matches!(self, SlamJudged::AfterSowing)
    }
}

/// The capture by the pit facing the last one: the last seed falls into an
/// empty pit of the mover's own row (it then holds 1), and the seeds of the
/// facing pit (pit `k` faces `2N + 1 - k`) are taken.
///
/// ```
/// use mancala_rules::primitives::{Opposite, SowingTurn};
/// use mancala_rules::{Move, Position};
///
/// let turn = SowingTurn { opposite: Some(Opposite::KALAH), ..SowingTurn::DEFAULT };
/// // South's pit 1 sows 2 and 3; pit 3 was empty and faces pit 10 (5 seeds).
/// let mut pos: Position<12> = "2 1 0 4 4 4 | 4 4 4 5 4 4 0-0 S".parse()?;
/// let report = turn.play(&mut pos, Move::Pit(1));
/// assert_eq!(pos.to_string(), "0 2 0 4 4 4 | 4 4 4 0 4 4 6-0 N");
/// assert_eq!(report.captured.to_string(), "3 10");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Opposite {
    /// The landing seed is taken too (else it stays in its pit).
    pub with_landing_seed: bool,
    /// The capture is made even when the facing pit is empty (then only the
    /// landing seed is taken, if `with_landing_seed`).
    pub when_facing_empty: bool,
    /// The last seed may fall in an empty pit of either row, the
    /// opponent's too (MancalaGames' cross capture with `capt_side` BOTH:
    /// Depouiller): the facing pit, then in the mover's own row, is taken
    /// by the mover all the same. Else (the default) only a pit of the
    /// mover's own row captures. Played on the pits alone, in a single lap
    /// or a relay from the last pit (Sadeqa_IV), with no other capture
    /// ([`RulesProblem::OppositeEitherRowCombination`](crate::RulesProblem::OppositeEitherRowCombination)).
    /// Data form: `"from_either_row": true` (default `false`, left out).
    ///
    /// ```
    /// use mancala_rules::primitives::{Opposite, SowingTurn};
    /// use mancala_rules::{Move, Position};
    ///
    /// let turn = SowingTurn {
    ///     opposite: Some(Opposite { with_landing_seed: false, when_facing_empty: false, from_either_row: true }),
    ///     ..SowingTurn::DEFAULT
    /// };
    /// // South's pit 5 sows 6 and 7; North's pit 7 was empty and faces
    /// // South's own pit 6, whose 5 seeds (with the one just sown) South takes.
    /// let mut pos: Position<12> = "4 4 4 4 2 4 | 0 4 4 4 4 4 0-0 S".parse()?;
    /// let report = turn.play(&mut pos, Move::Pit(5));
    /// assert_eq!(pos.to_string(), "4 4 4 4 0 0 | 1 4 4 4 4 4 5-0 N");
    /// assert_eq!(report.captured.to_string(), "6");
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_false"))]
    pub from_either_row: bool,
}

impl Opposite {
    /// Kalah (as OpenSpiel plays it): the landing seed and the facing pit's
    /// seeds, only when the facing pit holds seeds.
    pub const KALAH: Opposite = Opposite {
        with_landing_seed: true,
        when_facing_empty: false,
        from_either_row: false,
    };
    /// Kalah's "empty capture" reading: the landing seed is taken even when
    /// the facing pit is empty.
    pub const EMPTY_CAPTURE: Opposite = Opposite {
        with_landing_seed: true,
        when_facing_empty: true,
        from_either_row: false,
    };
}

/// Who moves next: the other player, unless the rules give the mover
/// another turn.
///
/// ```
/// use mancala_rules::primitives::{ExtraTurn, Stores, SowingTurn};
/// use mancala_rules::{Move, Player, Position};
///
/// let turn = SowingTurn { stores: Stores::Own, extra_turn: ExtraTurn::IN_OWN_STORE, ..SowingTurn::DEFAULT };
/// let mut pos: Position<12> = "4 4 4 4 4 4 | 4 4 4 4 4 4 0-0 S".parse()?;
/// turn.play(&mut pos, Move::Pit(3)); // the last seed falls in South's store
/// assert_eq!(pos.to_move, Player::South);
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields, default))]
pub struct ExtraTurn {
    /// The mover plays again when the last seed falls in their own store.
    pub in_own_store: bool,
    /// The mover plays again after a capture.
    pub after_capture: bool,
    /// The mover plays again when the last seed falls in the opponent's
    /// store, which a turn sowing both stores
    /// ([`Stores::Both`](super::Stores::Both)) reaches (MancalaGames'
    /// `sow_stores` BOTH, its reading of GoEmpty_Two: "repeat turn if the
    /// last seed is sown into either store"). Only with both stores sown
    /// ([`RulesProblem::ExtraTurnWithoutOpponentStore`](crate::RulesProblem::ExtraTurnWithoutOpponentStore)).
    /// Data form: `"in_opponent_store": true` (default `false`, left out).
    ///
    /// Here on a 2x3 board sown through both stores, South's pit 3 holds
    /// 5: into South's store, North's pits 4, 5 and 6, and North's store.
    /// South plays again only where the opponent's store gives a turn.
    ///
    /// ```
    /// use mancala_rules::primitives::{ExtraTurn, SowingTurn, Stores};
    /// use mancala_rules::{Move, Position};
    ///
    /// let turn = |extra_turn| SowingTurn { stores: Stores::Both, extra_turn, ..SowingTurn::DEFAULT };
    /// let start: Position<6> = "0 0 5 | 0 0 0 0-0 S".parse()?;
    /// let mut own = start;
    /// turn(ExtraTurn::IN_OWN_STORE).play(&mut own, Move::Pit(3));
    /// assert_eq!(own.to_string(), "0 0 0 | 1 1 1 1-1 N");
    /// let mut either = start;
    /// turn(ExtraTurn::IN_EITHER_STORE).play(&mut either, Move::Pit(3));
    /// assert_eq!(either.to_string(), "0 0 0 | 1 1 1 1-1 S");
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "is_false"))]
    pub in_opponent_store: bool,
}

impl Default for ExtraTurn {
    /// No extra turn.
    fn default() -> Self {
        ExtraTurn::NEVER
    }
}

impl ExtraTurn {
    /// The players alternate.
    pub const NEVER: ExtraTurn = ExtraTurn {
        in_own_store: false,
        after_capture: false,
        in_opponent_store: false,
    };
    /// Again after the last seed falls in the mover's store (Kalah).
    pub const IN_OWN_STORE: ExtraTurn = ExtraTurn {
        in_own_store: true,
        after_capture: false,
        in_opponent_store: false,
    };
    /// Again after the last seed falls in either store (MancalaGames'
    /// `sow_stores` BOTH: GoEmpty_Two), for a turn sowing both.
    pub const IN_EITHER_STORE: ExtraTurn = ExtraTurn {
        in_own_store: true,
        after_capture: false,
        in_opponent_store: true,
    };
}

/// One whole sowing turn, as data: how to sow, what to capture, where, and
/// who moves next.
///
/// [`play`](SowingTurn::play) sows from the move's pit (one lap or relay
/// laps, in `direction`, through the `stores` it names), captures from the
/// last pit by `capture` within `scope` and by `opposite` (unless it is a
/// grand slam that `grand_slam` forbids), adds the capture to the mover's
/// score and hands the turn to the opponent unless `extra_turn` keeps it;
/// `Move::Pass` only hands the turn over. It is the middle of a
/// [`Rules`](crate::Rules) declaration: every game of the crate is one of
/// these plus its rules for which moves are legal and when the game ends.
///
/// ```
/// use mancala_rules::primitives::{CaptureRule, Counts, Lap, Sowing, SowingTurn};
/// use mancala_rules::{Move, Position};
///
/// // Bohnenspiel's turn.
/// const TURN: SowingTurn = SowingTurn {
///     lap: Lap::Single(Sowing::NextPit),
///     capture: CaptureRule::chain(Counts::of(&[2, 4, 6])),
///     ..SowingTurn::DEFAULT
/// };
/// let mut pos: Position<12> = "6 6 6 6 6 2 | 1 3 5 5 5 5 0-16 S".parse()?;
/// let report = TURN.play(&mut pos, Move::Pit(6));
/// assert_eq!(pos.to_string(), "6 6 6 6 6 0 | 0 0 5 5 5 5 6-16 N");
/// assert_eq!(report.seeds_captured, 6);
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields, default))]
pub struct SowingTurn {
    /// How the seeds are sown.
    pub lap: Lap,
    /// The direction of sowing.
    pub direction: Direction,
    /// The stores sown into.
    pub stores: Stores,
    /// Where a move sown clockwise finds the stores: where the direction
    /// puts them (the default), or at the rows' counterclockwise ends for
    /// every move (MancalaGames). See [`StorePlace`].
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "StorePlace::is_by_direction"))]
    pub store_place: StorePlace,
    /// What the last pit captures by its count.
    pub capture: CaptureRule,
    /// Where a capture by count may be made.
    pub scope: CaptureScope,
    /// The capture of the facing pit, if the game has it.
    pub opposite: Option<Opposite>,
    /// Whether a capture may empty the opponent's row.
    pub grand_slam: GrandSlam,
    /// Which board the grand slam rule looks at: after the sowing, or
    /// before the move.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "SlamJudged::is_after_sowing"))]
    pub grand_slam_judged: SlamJudged,
    /// Who moves next.
    pub extra_turn: ExtraTurn,
    /// Pits out of play: sowing skips them, so they stay empty and are
    /// never moves. Empty in every game but a round of a game played in
    /// rounds ([`Rounds`](crate::Rounds)), where the pits a player could not
    /// fill are out of play until a later round fills them again. See
    /// [`SowingTurn::with_out_of_play`].
    #[cfg_attr(
        feature = "serde",
        serde(
            default,
            skip_serializing_if = "crate::rounds::pit_numbers::is_empty",
            with = "crate::rounds::pit_numbers"
        )
    )]
    pub out_of_play: PitSet,
    /// A move of a single seed captures nothing (MancalaGames'
    /// `nosinglecapt`, its reading of Kale): neither by count, nor by the
    /// facing pit, nor by a sweep.
    ///
    /// ```
    /// use mancala_rules::primitives::{CaptureRule, Counts, SowingTurn};
    /// use mancala_rules::{Move, Position};
    ///
    /// let turn = |no_single_seed_capture| SowingTurn {
    ///     capture: CaptureRule::single(Counts::of(&[2, 3])),
    ///     no_single_seed_capture,
    ///     ..SowingTurn::DEFAULT
    /// };
    /// // Pit 2's single seed makes pit 3 hold 2.
    /// let mut pos: Position<4> = "0 1 | 1 3 0-0 S".parse()?;
    /// turn(false).play(&mut pos, Move::Pit(2));
    /// assert_eq!(pos.to_string(), "0 0 | 0 3 2-0 N");
    /// let mut pos: Position<4> = "0 1 | 1 3 0-0 S".parse()?;
    /// turn(true).play(&mut pos, Move::Pit(2));
    /// assert_eq!(pos.to_string(), "0 0 | 2 3 0-0 N");
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "is_false"))]
    pub no_single_seed_capture: bool,
    /// A sweep of the opponent's row instead of the capture from the last
    /// pit. See [`Sweep`].
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Sweep::is_never"))]
    pub sweep: Sweep,
    /// A capture made before the sowing. See [`BeforeSowing`].
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "BeforeSowing::is_nothing"))]
    pub before_sowing: BeforeSowing,
    /// Captures made during the sowing, if the game has them (none: the
    /// crate's games).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub en_passant: Option<EnPassant>,
    /// Whether each half of a row sows its own way (see [`RowHalves`]);
    /// by default every pit sows in `direction`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "RowHalves::is_together"))]
    pub halves: RowHalves,
    /// The places of each row (bit `i`: the `i + 1`-th pit from its
    /// owner's left, as they see it; see [`RowHalves`]) from which the
    /// player chooses the direction of each move: such a pit's moves are
    /// [`Move::Directed`], one each way, and it sows the way chosen (its
    /// capture chain then runs back against that way). Empty by default.
    /// Data form: the places from 1, `"chosen_direction": [3]`.
    ///
    /// Here on a 2x5 board (Mbangbi's, every place chosen), South's pit 2
    /// sown clockwise drops its seeds into 1, 10, 9; counterclockwise into
    /// 3, 4, 5.
    ///
    /// ```
    /// use mancala_rules::primitives::{Direction, SowingTurn};
    /// use mancala_rules::{Move, PitSet, Player, Position, Rotation};
    ///
    /// let turn = SowingTurn { chosen_direction: PitSet::first(5), ..SowingTurn::DEFAULT };
    /// let start: Position<10> = "0 3 0 0 0 | 0 0 0 0 0 0-0 S".parse()?;
    /// let mut cw = start;
    /// turn.play(&mut cw, Move::Directed(2, Rotation::Clockwise));
    /// assert_eq!(cw.to_string(), "1 0 0 0 0 | 0 0 0 1 1 0-0 N");
    /// let mut ccw = start;
    /// turn.play(&mut ccw, Move::Directed(2, Rotation::CounterClockwise));
    /// assert_eq!(ccw.to_string(), "0 0 1 1 1 | 0 0 0 0 0 0-0 N");
    /// // North's places are its pits 6 to 10 (6 on North's left).
    /// assert_eq!(turn.chosen_pits::<10>(Player::North).to_string(), "6 7 8 9 10");
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    #[cfg_attr(
        feature = "serde",
        serde(
            with = "super::direction::places",
            skip_serializing_if = "super::direction::places::is_empty"
        )
    )]
    pub chosen_direction: PitSet,
    /// Which way a chain of captures runs after a move sown in a direction
    /// other than `direction` (see [`ChainAgainst`]); by default back
    /// against the move's sowing.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "ChainAgainst::is_against_sowing")
    )]
    pub chain_against: ChainAgainst,
    /// Whether a last seed falling into an empty pit of the mover's own row
    /// pulls the seeds of the facing pit (the opponent's) across into it.
    /// They stay on the board, now in the mover's row: nothing is captured
    /// (MancalaGames' capture type `PULL_ACROSS` with captures on the
    /// opponent's row: CrossCapt_Seven). A last seed in a store, in a pit
    /// that held seeds or in the opponent's row pulls nothing. Single laps
    /// only, with no other capture and no pit out of play
    /// ([`RulesProblem::PullAcrossCombination`](crate::RulesProblem::PullAcrossCombination)).
    /// Data form: `"pull_across": true` (default `false`).
    ///
    /// Here on a 2x3 board with Kalah's store, South's pit 1 sows its seed
    /// into the empty pit 2: the 3 seeds of pit 5, facing it, come across
    /// into pit 2 (4 seeds now), and North is to move. South's pit 3 ends
    /// in the store instead (an extra turn), pulling nothing.
    ///
    /// ```
    /// use mancala_rules::primitives::{ExtraTurn, SowingTurn, Stores};
    /// use mancala_rules::{Move, Position};
    ///
    /// let turn = SowingTurn {
    ///     stores: Stores::Own,
    ///     extra_turn: ExtraTurn::IN_OWN_STORE,
    ///     pull_across: true,
    ///     ..SowingTurn::DEFAULT
    /// };
    /// let start: Position<6> = "1 0 1 | 2 3 1 4-4 S".parse()?;
    /// let mut pos = start;
    /// turn.play(&mut pos, Move::Pit(1));
    /// assert_eq!(pos.to_string(), "0 4 1 | 2 0 1 4-4 N");
    /// let mut pos = start;
    /// turn.play(&mut pos, Move::Pit(3));
    /// assert_eq!(pos.to_string(), "1 0 0 | 2 3 1 5-4 S");
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "is_false"))]
    pub pull_across: bool,
    /// Whether a last seed falling into the opponent's store captures
    /// every seed there, the one just sown too (MancalaGames' capture type
    /// `END_OPP_STORE_CAPT`: CrossCapt_Nine). The seeds go from the
    /// opponent's score to the mover's; a last seed in a pit captures as
    /// the turn's other rules say. Only in a turn that sows both stores
    /// ([`RulesProblem::TakesOpponentStoreNotSown`](crate::RulesProblem::TakesOpponentStoreNotSown)).
    /// The capture reads the opponent's score, so the solver refuses such a
    /// game ([`Solvable`](crate::solve::Solvable)). Data form:
    /// `"takes_opponent_store": true` (default `false`).
    ///
    /// Here on a 2x3 board sown through both stores, South's pit 3 holds
    /// 5: into South's store, North's pits 4, 5 and 6, and North's store,
    /// which then holds 8: South takes them.
    ///
    /// ```
    /// use mancala_rules::primitives::{SowingTurn, Stores};
    /// use mancala_rules::{Move, Position};
    ///
    /// let turn = SowingTurn { stores: Stores::Both, takes_opponent_store: true, ..SowingTurn::DEFAULT };
    /// let mut pos: Position<6> = "0 0 5 | 0 0 0 2-7 S".parse()?;
    /// let report = turn.play(&mut pos, Move::Pit(3));
    /// assert_eq!(pos.to_string(), "0 0 0 | 1 1 1 11-0 N");
    /// assert_eq!(report.seeds_captured, 8);
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "is_false"))]
    pub takes_opponent_store: bool,
    /// The pits South owns, when ownership is not the usual rows: empty
    /// (every game but a later round of a territory game) means each
    /// player owns their own row. Set by a round of a game played in
    /// rounds for territory ([`RoundFill::Territory`](crate::RoundFill::Territory)
    /// and its kin), where the pits each player owns change between
    /// rounds; North owns the other pits. The owner's pits are the ones
    /// they may play, the "opponent's row" of a capture
    /// ([`CaptureScope::OpponentRow`]) is the opponent's pits, a stuck
    /// player is one with no playable pit of their own, a feeding move
    /// ([`Playable::must_feed`](crate::Playable::must_feed)) is one that
    /// leaves seeds in the opponent's pits, and a capture during the
    /// sowing ([`EnPassant`]) and the seeds left to their owners
    /// ([`Leftover::Owners`]) go to each pit's owner
    /// ([`SowingTurn::owner_of`]). See
    /// [`SowingTurn::with_territory`]. Data form: the pit numbers,
    /// `"territory": [1, 2, 3, 4, 5, 6, 7]` (default `[]`).
    #[cfg_attr(
        feature = "serde",
        serde(
            default,
            skip_serializing_if = "crate::rounds::pit_numbers::is_empty",
            with = "crate::rounds::pit_numbers"
        )
    )]
    pub territory: PitSet,
    /// What the mover takes after the capture besides (see [`Pick`]);
    /// nothing by default.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Pick::is_nothing"))]
    pub pick: Pick,
    /// Who started the round: South (the first mover) but in a later round
    /// of a match that North started, and then only for a turn that reads
    /// it, the pick of the last seeds by the round's starter
    /// ([`Pick::LastSeedsToStarter`]); set by the round, like the
    /// [`territory`](SowingTurn::territory) (see
    /// [`SowingTurn::with_round_starter`]). Data form: `"round_starter": 1`
    /// (North; default 0, South).
    #[cfg_attr(feature = "serde", serde(default = "south", skip_serializing_if = "is_south"))]
    pub round_starter: Player,
    /// The children of the game, if it has them (see [`Children`]): a pit
    /// of the opponent's row that the last seed brings to
    /// [`Children::made_on`] seeds becomes the mover's, instead of any
    /// capture. `None` (the default): no children.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub children: Option<Children>,
    /// Whether a last seed in an empty pit of the opponent's row hands the
    /// mover's store to the opponent (see [`StorePass`]); never by
    /// default.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "StorePass::is_never"))]
    pub store_pass: StorePass,
}

#[cfg(feature = "serde")]
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's signature
fn is_false(value: &bool) -> bool {
    !*value
}

#[cfg(feature = "serde")]
fn is_south(player: &Player) -> bool {
    *player == Player::South
}

#[cfg(feature = "serde")]
fn south() -> Player {
    Player::South
}

impl Default for SowingTurn {
    fn default() -> Self {
        SowingTurn::DEFAULT
    }
}

impl SowingTurn {
    /// Counterclockwise from the next pit, one lap, no store, no capture,
    /// players alternating: the base that declarations change.
    pub const DEFAULT: SowingTurn = SowingTurn {
        lap: Lap::Single(Sowing::NextPit),
        direction: Direction::CounterClockwise,
        stores: Stores::None,
        store_place: StorePlace::ByDirection,
        capture: CaptureRule::NONE,
        scope: CaptureScope::Anywhere,
        opposite: None,
        grand_slam: GrandSlam::Captures,
        grand_slam_judged: SlamJudged::AfterSowing,
        extra_turn: ExtraTurn::NEVER,
        out_of_play: PitSet::EMPTY,
        no_single_seed_capture: false,
        sweep: Sweep::Never,
        before_sowing: BeforeSowing::Nothing,
        en_passant: None,
        halves: RowHalves::Together,
        chosen_direction: PitSet::EMPTY,
        chain_against: ChainAgainst::AgainstSowing,
        pull_across: false,
        takes_opponent_store: false,
        territory: PitSet::EMPTY,
        pick: Pick::Nothing,
        round_starter: Player::South,
        children: None,
        store_pass: StorePass::Never,
    };

    /// This turn with the pits of `pits` out of play (0-based indices;
    /// those past the board are ignored by sowing).
    ///
    /// On a 2x3 board with Kalah's store, pits 2 and 5 are out of play:
    /// South's pit 1 sows its 4 seeds into 3, the store, 4 and 6, skipping 2
    /// and 5.
    ///
    /// ```
    /// use mancala_rules::primitives::{SowingTurn, Stores};
    /// use mancala_rules::{Move, PitSet, Position};
    ///
    /// let turn = SowingTurn { stores: Stores::Own, ..SowingTurn::DEFAULT }
    ///     .with_out_of_play(PitSet::single(1).with(4));
    /// let mut pos: Position<6> = "4 0 3 | 3 0 3 0-0 S".parse()?;
    /// turn.play(&mut pos, Move::Pit(1));
    /// assert_eq!(pos.to_string(), "0 0 4 | 4 0 4 1-0 N");
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    #[must_use]
    pub const fn with_out_of_play(self, pits: PitSet) -> SowingTurn {
        SowingTurn {
            out_of_play: pits,
            ..self
        }
    }

    /// This turn with South owning the pits of `south` (0-based) and North
    /// the others ([`SowingTurn::territory`]); the usual rows (South's pits
    /// 1 to `N`) or an empty set give the turn of the usual rows.
    ///
    /// On a 2x3 board South owns its own row and North's pit 4: South may
    /// play pit 4, North only pits 5 and 6, and a capture in "the
    /// opponent's row" is one in the opponent's pits.
    ///
    /// ```
    /// use mancala_rules::primitives::{CaptureRule, CaptureScope, Counts, SowingTurn};
    /// use mancala_rules::{Move, PitSet, Player, Position};
    ///
    /// let turn = SowingTurn {
    ///     capture: CaptureRule::single(Counts::of(&[2])),
    ///     scope: CaptureScope::OpponentRow,
    ///     ..SowingTurn::DEFAULT
    /// }
    /// .with_territory::<6>(PitSet::first(4));
    /// assert_eq!(turn.pits_of::<6>(Player::South).to_string(), "1 2 3 4");
    /// assert_eq!(turn.pits_of::<6>(Player::North).to_string(), "5 6");
    /// // South's pit 4 sows into 5 (now 2, North's): captured.
    /// let mut pos: Position<6> = "0 0 0 | 1 1 0 0-0 S".parse()?;
    /// turn.play(&mut pos, Move::Pit(4));
    /// assert_eq!(pos.to_string(), "0 0 0 | 0 0 0 2-0 N");
    /// // North's pit 6 sows into 1 (now 2, South's): captured too.
    /// let mut pos: Position<6> = "1 0 0 | 0 0 1 0-0 N".parse()?;
    /// turn.play(&mut pos, Move::Pit(6));
    /// assert_eq!(pos.to_string(), "0 0 0 | 0 0 0 0-2 S");
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    #[must_use]
    pub const fn with_territory<const P: usize>(self, south: PitSet) -> SowingTurn {
        let south = south.intersection(PitSet::first(P));
        let usual = south.bits() == PitSet::first(P / 2).bits();
        SowingTurn {
            territory: if usual { PitSet::EMPTY } else { south },
            ..self
        }
    }

    /// This turn in a round `starter` started: the round's starter is kept
    /// only by a turn that reads it ([`Pick::LastSeedsToStarter`]), so
    /// that every other turn stays the same in every round.
    ///
    /// ```
    /// use mancala_rules::primitives::{Pick, SowingTurn};
    /// use mancala_rules::Player;
    ///
    /// let picks = SowingTurn { pick: Pick::LastSeedsToStarter(8), ..SowingTurn::DEFAULT };
    /// assert_eq!(picks.with_round_starter(Player::North).round_starter, Player::North);
    /// assert_eq!(SowingTurn::DEFAULT.with_round_starter(Player::North), SowingTurn::DEFAULT);
    /// ```
    #[must_use]
    pub const fn with_round_starter(self, starter: Player) -> SowingTurn {
        SowingTurn {
            round_starter: if matches!(self.pick, Pick::LastSeedsToStarter(_)) {
                starter
            } else {
                Player::South
            },
            ..self
        }
    }

    /// Whether a move sown clockwise finds the stores at the rows'
    /// counterclockwise ends (South's after pit `N`, North's after pit
    /// `2N`, as a counterclockwise move does), rather than in the mirror
    /// (each after its owner's row in clockwise order): the
    /// [`store_place`](SowingTurn::store_place) read with the
    /// [`direction`](SowingTurn::direction). True for
    /// [`StorePlace::CounterclockwiseEnds`], and for the default with a
    /// direction by the seed count's parity ([`Direction::ByParity`]). The
    /// one place the sowing asks where the stores are; a `const`
    /// declaration folds it away.
    ///
    /// ```
    /// use mancala_rules::primitives::{Direction, SowingTurn, StorePlace};
    ///
    /// let turn = |direction, store_place| SowingTurn { direction, store_place, ..SowingTurn::DEFAULT };
    /// assert!(!turn(Direction::Clockwise, StorePlace::ByDirection).stores_at_counterclockwise_ends());
    /// assert!(turn(Direction::ByParity, StorePlace::ByDirection).stores_at_counterclockwise_ends());
    /// assert!(turn(Direction::Clockwise, StorePlace::CounterclockwiseEnds).stores_at_counterclockwise_ends());
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn stores_at_counterclockwise_ends(&self) -> bool {
        match self.store_place {
            StorePlace::CounterclockwiseEnds => true,
            StorePlace::ByDirection => matches!(self.direction, Direction::ByParity),
        }
    }

    /// The pits `player` owns on a `P`-pit board: their row, or their
    /// part of the [`territory`](SowingTurn::territory).
    #[inline(always)]
    #[must_use]
    pub const fn pits_of<const P: usize>(&self, player: Player) -> PitSet {
        super::territory::pits_of::<P>(self.territory, player)
    }

    /// The owner of pit `pit` (0-based, below `P`): the owner of its row,
    /// or under the [`territory`](SowingTurn::territory) when there is
    /// one. The owner whose store a capture during the sowing
    /// ([`EnPassant`]) fills, and who takes the seeds left to their owners
    /// ([`Leftover::Owners`]).
    ///
    /// ```
    /// use mancala_rules::primitives::SowingTurn;
    /// use mancala_rules::{PitSet, Player};
    ///
    /// let rows = SowingTurn::DEFAULT;
    /// assert_eq!(rows.owner_of::<6>(3), Player::North);
    /// // South owns pits 1 to 4: pit 4 (index 3) is South's.
    /// let territory = rows.with_territory::<6>(PitSet::first(4));
    /// assert_eq!(territory.owner_of::<6>(3), Player::South);
    /// assert_eq!(territory.owner_of::<6>(4), Player::North);
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn owner_of<const P: usize>(&self, pit: usize) -> Player {
        super::territory::owner_of::<P>(self.territory, pit)
    }

    /// The pits of the capture's scope when `player` moves, read on the
    /// territory when there is one.
    #[inline(always)]
    const fn scope_pits<const P: usize>(&self, player: Player) -> PitSet {
        if self.territory.is_empty() {
            self.scope.pits::<P>(player)
        } else {
            super::territory::scope_pits::<P>(self.scope, self.territory, player)
        }
    }

    /// [`CaptureScope::capture_pits`], read on the territory when there is
    /// one.
    #[inline(always)]
    const fn capture_pits<const P: usize>(&self, player: Player, last: usize) -> PitSet {
        if self.territory.is_empty() {
            self.scope.capture_pits::<P>(player, last)
        } else {
            super::territory::scope_pits::<P>(self.scope, self.territory, player)
        }
    }

    /// This turn with every capture off: what a move of a declared opening
    /// that bars captures plays ([`Opening`](crate::Opening)). No capture
    /// by count, across or by sweep, none during the sowing, no pick, no
    /// grand slam, no store taken; a relay that stops on a capture sows on.
    pub(crate) const fn without_captures(self) -> SowingTurn {
        let lap = match self.lap {
            Lap::RelayWith(relay) => Lap::RelayWith(RelayRule {
                stop_on_capture: false,
                ..relay
            }),
            lap => lap,
        };
        let en_passant = match self.en_passant {
            Some(en_passant) => Some(EnPassant {
                counts: Counts::NONE,
                ..en_passant
            }),
            None => None,
        };
        SowingTurn {
            lap,
            capture: CaptureRule {
                counts: Counts::NONE,
                ..self.capture
            },
            opposite: None,
            sweep: Sweep::Never,
            en_passant,
            pick: Pick::Nothing,
            grand_slam: GrandSlam::Captures,
            takes_opponent_store: false,
            ..self
        }
    }

    /// Plays `mv` on `pos` and reports what happened.
    ///
    /// It assumes a legal move: for a pit out of range or empty it sows
    /// nothing, and for a relay that never ends (which legal move generation
    /// refuses, see [`relay_sow`](super::relay_sow)) it only hands the turn
    /// over. It never panics.
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
    /// use mancala_rules::primitives::{CaptureRule, Counts, Lap, RelayRule, Sowing, SowingTurn};
    /// use mancala_rules::{Move, Position};
    ///
    /// // Djenon-aboure's turn.
    /// const TURN: SowingTurn = SowingTurn {
    ///     lap: Lap::RelayWith(RelayRule::new(Sowing::OriginFirst, Counts::of(&[3]).union(Counts::at_least(5)))),
    ///     capture: CaptureRule::chain(Counts::of(&[2, 4])),
    ///     ..SowingTurn::DEFAULT
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
        self.try_play_as(pos, mv, self.grand_slam)
    }

    /// [`try_play`](SowingTurn::try_play) with the grand slam rule read as
    /// `grand_slam` (an illegal grand slam is played as one that captures
    /// nothing: legal move generation has refused it before).
    #[inline(always)]
    pub(crate) fn try_play_as<const P: usize>(
        &self,
        pos: &mut Position<P>,
        mv: Move,
        grand_slam: GrandSlam,
    ) -> Result<MoveReport, EndlessRelay> {
        // Judged before the move: a row empty before it has no slam to fear.
        let grand_slam = if self.grand_slam_judged == SlamJudged::BeforeMove
            && grand_slam != GrandSlam::Captures
            && pos.nonempty_pits(pos.to_move.opponent()).is_empty()
        {
            GrandSlam::Captures
        } else {
            grand_slam
        };
        let direction = self.direction_of::<P>(mv);
        // A chain run against the turn's direction, after a move sown the
        // other way, runs on in the direction of the sowing.
        let flip = self.chain_against == ChainAgainst::AgainstTurnDirection && direction != self.direction;
        let capture = if flip {
            CaptureRule {
                forward: !self.capture.forward,
                ..self.capture
            }
        } else {
            self.capture
        };
        // A move of a game whose direction the seed count chooses sows
        // the way its count says.
        if direction.sows_clockwise(pos, mv.index().unwrap_or(P)) {
            // A clockwise move is the counterclockwise one on the board with
            // each row reversed (rows, facing pits and stores stay in place).
            let mut mirrored = pos.mirrored();
            let turn = SowingTurn {
                direction: Direction::CounterClockwise,
                out_of_play: mirror_set::<P>(self.out_of_play),
                territory: mirror_set::<P>(self.territory),
                // Children made by place: the places seen in the mirror.
                children: match self.children {
                    Some(
                        children @ Children {
                            places: Some(places), ..
                        },
                    ) => Some(Children {
                        places: Some(places.mirrored(P / 2)),
                        ..children
                    }),
                    children => children,
                },
                halves: RowHalves::Together,
                chosen_direction: PitSet::EMPTY,
                chain_against: ChainAgainst::AgainstSowing,
                capture,
                ..*self
            };
            let mirrored_mv = mirror_move::<P>(mv);
            // Stores kept where the counterclockwise moves find them (a
            // direction by parity, or MancalaGames' board): in the mirror,
            // each lies after the other player's row.
            let mut report = if self.stores_at_counterclockwise_ends() {
                turn.try_play_ccw::<P, true>(&mut mirrored, mirrored_mv, grand_slam.mirrored())?
            } else {
                turn.try_play_ccw::<P, false>(&mut mirrored, mirrored_mv, grand_slam.mirrored())?
            };
            *pos = mirrored.mirrored();
            report.mv = mv;
            report.last_pit = report
                .last_pit
                .map(|pit| mirror::<P>(usize::from(pit) - 1) as u8 + 1);
            report.captured = mirror_set::<P>(report.captured);
            return Ok(report);
        }
        if flip {
            let turn = SowingTurn { capture, ..*self };
            return turn.try_play_ccw::<P, false>(pos, mv, grand_slam);
        }
        self.try_play_ccw::<P, false>(pos, mv, grand_slam)
    }

    /// The turn sown counterclockwise; with `STORES_SWAPPED` each store lies
    /// after the other player's row (South's after pit `2N`): a clockwise
    /// move whose stores stay at the counterclockwise ends
    /// ([`SowingTurn::stores_at_counterclockwise_ends`]) seen in the mirror.
    #[inline(always)]
    fn try_play_ccw<const P: usize, const STORES_SWAPPED: bool>(
        &self,
        pos: &mut Position<P>,
        mv: Move,
        grand_slam: GrandSlam,
    ) -> Result<MoveReport, EndlessRelay> {
        let player = pos.to_move;
        let mut report = MoveReport::pass(player);
        report.mv = mv;
        let Some(origin) = mv.index().filter(|&pit| pit < P) else {
            pos.pass_turn();
            return Ok(report);
        };
        report.laps = 1;
        // Whether the last seed falls in the opponent's store (and takes
        // it: a capture with no pit).
        let mut in_opponent_store = false;
        let mut store_taken = false;
        // Seeds the move takes up (a single seed may capture nothing).
        let single_seed = pos.pits[origin] == 1;
        let first_to_store = self.before_sowing == BeforeSowing::FirstSeedToStore;
        let mut before = if first_to_store && self.lap.relay().is_some() {
            Capture::NONE // taken lap by lap in the relay
        } else {
            self.before_sowing.take(&mut pos.pits, origin)
        };
        let captured = match self.lap {
            _ if self.en_passant.is_some() => match self.sow_en_passant(pos, origin, player) {
                Ok((last, laps)) => {
                    report.laps = laps;
                    report.last_pit = Some(last as u8 + 1);
                    let captured = self.capture_on(Packed::load(&pos.pits), last, player, grand_slam);
                    captured.take(&mut pos.pits);
                    captured
                }
                Err(endless) => {
                    let at_max_laps = self.lap.relay().map_or(AtMaxLaps::Refused, |r| r.at_max_laps);
                    return self.end_at_cap(pos, at_max_laps, endless, report, 0, |_| {});
                }
            },
            Lap::RelayWith(
                relay @ RelayRule {
                    lap_capture: Some(lap_capture),
                    ..
                },
            ) => {
                let (sown, taken) =
                    self.sow_capturing_laps(pos, origin, relay, lap_capture, player, grand_slam);
                match sown {
                    Ok((last, laps)) => {
                        report.laps = laps;
                        report.last_pit = Some(last as u8 + 1);
                        let captured = self.capture_on(Packed::load(&pos.pits), last, player, grand_slam);
                        captured.take(&mut pos.pits);
                        captured.union(taken)
                    }
                    // The laps' captures are the mover's.
                    Err(endless) => {
                        return self.end_at_cap(pos, relay.at_max_laps, endless, report, taken.seeds, |_| {})
                    }
                }
            }
            Lap::Single(sowing) if self.children.is_some() => {
                self.single_lap_with_children(pos, origin, sowing, player, single_seed, &mut report)
            }
            Lap::Single(sowing)
                if self.stores == Stores::None
                    && self.out_of_play.is_empty()
                    && matches!(self.store_pass, StorePass::Never) =>
            {
                // The whole turn on the packed board, loaded once, stored once.
                let (board, last) = sowing.lap(Packed::load(&pos.pits), origin, pos.pits[origin]);
                let captured = if self.no_single_seed_capture && single_seed {
                    Capture::NONE
                } else {
                    self.capture_on(board, last, player, grand_slam)
                };
                board.without(captured.pits.bits()).store(&mut pos.pits);
                report.last_pit = Some(last as u8 + 1);
                captured
            }
            lap => {
                let landing = match lap.relay() {
                    None if self.out_of_play.is_empty() => {
                        sow_with_stores::<P, STORES_SWAPPED>(pos, origin, lap.sowing(), self.stores)
                    }
                    None => sow_skipping_out_of_play::<P, STORES_SWAPPED>(
                        pos,
                        origin,
                        lap.sowing(),
                        self.stores,
                        self.out_of_play,
                    ),
                    Some(relay) => {
                        let stop = self.stop_on_capture::<P>(relay, player);
                        if self.stores == Stores::None && self.out_of_play.is_empty() {
                            let mut pits = pos.pits;
                            let sown = if first_to_store {
                                let (sown, taken) =
                                    relay_sow_pits_first_to_store(&mut pits, origin, relay, stop);
                                before.seeds += taken;
                                sown
                            } else {
                                relay_sow_pits(&mut pits, origin, relay, stop)
                            };
                            match sown {
                                Ok(end) => {
                                    pos.pits = pits;
                                    report.laps = end.laps;
                                    Landing::Pit(end.last)
                                }
                                // Seeds taken before each lap are the mover's.
                                Err(endless) => {
                                    let taken = before.seeds;
                                    return self.end_at_cap(
                                        pos,
                                        relay.at_max_laps,
                                        endless,
                                        report,
                                        taken,
                                        |pos| {
                                            pos.pits = pits;
                                        },
                                    );
                                }
                            }
                        } else {
                            let mut board = *pos;
                            match relay_sow_stores::<P, STORES_SWAPPED>(
                                &mut board,
                                origin,
                                relay,
                                self.stores,
                                stop,
                                self.out_of_play,
                            ) {
                                Ok((landing, laps)) => {
                                    *pos = board;
                                    report.laps = laps;
                                    landing
                                }
                                Err(endless) => {
                                    return self.end_at_cap(
                                        pos,
                                        relay.at_max_laps,
                                        endless,
                                        report,
                                        0,
                                        |pos| {
                                            *pos = board;
                                        },
                                    );
                                }
                            }
                        }
                    }
                };
                match landing {
                    Landing::Pit(last) => {
                        report.last_pit = Some(last as u8 + 1);
                        if self.no_single_seed_capture && single_seed {
                            Capture::NONE
                        } else if self.store_pass.passes::<P>(&pos.pits, last, player) {
                            // The store handed over instead of a capture.
                            StorePass::pass(pos, player);
                            Capture::NONE
                        } else {
                            let captured = self.capture_on(Packed::load(&pos.pits), last, player, grand_slam);
                            captured.take(&mut pos.pits);
                            captured
                        }
                    }
                    Landing::Store(owner) => {
                        report.in_store = owner == player;
                        in_opponent_store = owner != player;
                        if in_opponent_store && self.takes_opponent_store {
                            // The opponent's store, the seed just sown in
                            // it too, taken from their score.
                            store_taken = true;
                            let seeds = core::mem::take(&mut pos.scores[owner.index()]);
                            Capture {
                                pits: PitSet::EMPTY,
                                seeds: u32::from(seeds),
                            }
                        } else {
                            Capture::NONE
                        }
                    }
                }
            }
        };
        if self.pull_across {
            if let Some(last) = report.last_pit {
                super::pull_across::pull_across(pos, usize::from(last) - 1, player);
            }
        }
        let again = (self.extra_turn.in_own_store && report.in_store)
            || (self.extra_turn.in_opponent_store && in_opponent_store)
            || (self.extra_turn.after_capture && (!captured.is_empty() || store_taken))
            || (grand_slam == GrandSlam::CapturesAndPlaysAgain
                && !captured.is_empty()
                && pos.nonempty_pits(player.opponent()).is_empty());
        // The pick after the capture scores with it, not for an extra turn.
        let mut picked = match (self.pick, report.last_pit) {
            (Pick::Nothing, _) | (_, None) => Capture::NONE,
            (pick, Some(last)) => pick.take(
                pos,
                usize::from(last) - 1,
                self.scope_pits::<P>(player),
                !captured.is_empty(),
            ),
        };
        if let Pick::LastSeedsToStarter(_) = self.pick {
            // The round's starter's, not the mover's capture.
            // At most 255 seeds in a valid position: the sum fits a byte.
            let score = &mut pos.scores[self.round_starter.index()];
            *score = score.wrapping_add(picked.seeds as u8);
            picked = Capture::NONE;
        }
        // The capture before the sowing counts in the score, not for an
        // extra turn.
        let captured = captured.union(before).union(picked);
        report.captured = captured.pits;
        // At most 255 seeds in a valid position: the sum fits a byte.
        report.seeds_captured = captured.seeds as u8;
        let score = &mut pos.scores[player.index()];
        *score = score.wrapping_add(report.seeds_captured);
        if !again {
            pos.pass_turn();
        }
        Ok(report)
    }

    /// One lap of a game with children ([`SowingTurn::children`]; no store
    /// sown, no pit out of play, a capture by count only): the last pit
    /// becomes the mover's child if it may, else it captures, never from a
    /// child. Returns the capture, taken from the board.
    #[inline(never)]
    fn single_lap_with_children<const P: usize>(
        &self,
        pos: &mut Position<P>,
        origin: usize,
        sowing: Sowing,
        player: Player,
        single_seed: bool,
        report: &mut MoveReport,
    ) -> Capture {
        let (board, last) = sowing.lap(Packed::load(&pos.pits), origin, pos.pits[origin]);
        board.store(&mut pos.pits);
        report.last_pit = Some(last as u8 + 1);
        if let Some(children) = self.children {
            if children.made(pos.children, &pos.pits, last, player) {
                pos.children = pos.children.with(last);
                return Capture::NONE;
            }
        }
        if self.no_single_seed_capture && single_seed {
            return Capture::NONE;
        }
        let scope = self
            .scope
            .capture_pits::<P>(player, last)
            .difference(pos.children);
        let captured = self.capture.find_on(board, last, scope);
        captured.take(&mut pos.pits);
        captured
    }

    /// The sowing of a turn with captures during the sowing
    /// ([`SowingTurn::en_passant`]; no store is sown): every lap, on `pos`
    /// (left holding the board at the cap, for a relay that has not ended).
    /// Returns the pit where the last seed fell and the laps sown.
    #[inline(never)]
    fn sow_en_passant<const P: usize>(
        &self,
        pos: &mut Position<P>,
        origin: usize,
        player: Player,
    ) -> Result<(usize, u32), EndlessRelay> {
        let Some(en_passant) = self.en_passant else {
            return Ok((origin, 1));
        };
        let scope = self.scope_pits::<P>(player);
        let sowing = self.lap.sowing();
        let Some(relay) = self.lap.relay() else {
            return Ok((en_passant.lap(pos, origin, sowing, scope, self.territory), 1));
        };
        let stop = self.stop_on_capture::<P>(relay, player);
        let territory = self.territory;
        let mut state = (*pos, origin);
        let laps = relay_laps(
            &mut state,
            origin,
            relay.max_laps,
            relay.at_max_laps.is_refused(),
            |(pos, last): &mut (Position<P>, usize), start: usize| {
                *last = en_passant.lap(pos, start, sowing, scope, territory);
                next_lap(&pos.pits, *last, relay, stop)
            },
            |(pos, _)| pos.seeds_on_board(),
        );
        *pos = state.0;
        Ok((state.1, laps?))
    }

    /// The turn at its relay's lap cap: refused (`Err`, `pos` as it was)
    /// unless the relay ends the game there ([`AtMaxLaps::EndsGame`]). Then
    /// `at_cap` puts the board at the cap into `pos`, the mover scores the
    /// `taken` seeds its laps took, and the game ends by the leftover rule
    /// ([`end_at_lap_cap`]). The one place every sowing's cap ends.
    #[cold]
    #[inline(never)]
    fn end_at_cap<const P: usize>(
        &self,
        pos: &mut Position<P>,
        at_max_laps: AtMaxLaps,
        endless: EndlessRelay,
        report: MoveReport,
        taken: u32,
        at_cap: impl FnOnce(&mut Position<P>),
    ) -> Result<MoveReport, EndlessRelay> {
        let AtMaxLaps::EndsGame(leftover) = at_max_laps else {
            return Err(endless);
        };
        at_cap(pos);
        let score = &mut pos.scores[report.player.index()];
        *score = score.wrapping_add(taken as u8);
        Ok(end_at_lap_cap(
            pos,
            leftover,
            report,
            endless.laps,
            self.territory,
        ))
    }

    /// The relay of a turn whose laps capture ([`RelayRule::lap_capture`];
    /// no store sown), on `pos`: every lap, and the captures of the laps
    /// (taken from the board, not yet scored). On `Err`, `pos` holds the
    /// board at the cap for a relay that ends the game there (its laps'
    /// captures still to score), and is as it was for one refused. Returns the last pit of the last lap and
    /// the laps sown.
    #[inline(never)]
    fn sow_capturing_laps<const P: usize>(
        &self,
        pos: &mut Position<P>,
        origin: usize,
        relay: RelayRule,
        lap_capture: LapCapture,
        player: Player,
        grand_slam: GrandSlam,
    ) -> (Result<(usize, u32), EndlessRelay>, Capture) {
        let stop = self.stop_on_capture::<P>(relay, player);
        let mut state = (*pos, origin, Capture::NONE);
        let laps = relay_laps(
            &mut state,
            origin,
            relay.max_laps,
            relay.at_max_laps.is_refused(),
            |(pos, last, taken): &mut (Position<P>, usize, Capture), start: usize| {
                *last = self.capturing_lap(pos, start, relay.sowing, lap_capture, player);
                let relays = match lap_capture.goes_on {
                    LapCaptureGoesOn::NextPit if self.captures_at(&pos.pits, *last, player) => None,
                    LapCaptureGoesOn::NextPit => return next_lap(&pos.pits, *last, relay, stop),
                    // Only a lap that relays captures here: the last lap's
                    // capture is the turn's.
                    LapCaptureGoesOn::AsRelay => Some(next_lap(&pos.pits, *last, relay, stop)?),
                };
                let captured = self.capture_on(Packed::load(&pos.pits), *last, player, grand_slam);
                captured.take(&mut pos.pits);
                *taken = taken.union(captured);
                if let Some(next) = relays {
                    return Some(next);
                }
                // A capturing lap of `NextPit`: on from the pit after it,
                // whose emptiness ends the relay there.
                let mut after = (*last + 1) % P;
                while self.out_of_play.contains(after) && after != *last {
                    after = (after + 1) % P;
                }
                *last = after;
                (pos.pits[after] > 0).then_some(after)
            },
            |(pos, _, _)| pos.seeds_on_board(),
        );
        if laps.is_ok() || !relay.at_max_laps.is_refused() {
            *pos = state.0;
        }
        (laps.map(|laps| (state.1, laps)), state.2)
    }

    /// One lap of [`sow_capturing_laps`](SowingTurn::sow_capturing_laps)
    /// from `start`: the seeds sown into the opponent's row go to the
    /// opponent when the board holds few enough seeds
    /// ([`LapCapture::opponent_takes_at_most`]). Returns the last pit sown.
    #[inline(always)]
    fn capturing_lap<const P: usize>(
        &self,
        pos: &mut Position<P>,
        start: usize,
        sowing: Sowing,
        lap_capture: LapCapture,
        player: Player,
    ) -> usize {
        let in_hand = pos.pits[start];
        let few = u32::from(lap_capture.opponent_takes_at_most);
        if few > 0 && pos.seeds_on_board() - u32::from(in_hand) <= few {
            // Seed by seed, each into the next pit (`Sowing::NextPit`, all
            // pits in play: the check sees to it).
            let opponent = player.opponent();
            let row = Position::<P>::row(opponent);
            pos.pits[start] = 0;
            let mut pit = start;
            for left in (0..in_hand).rev() {
                pit = (pit + 1) % P;
                pos.pits[pit] += 1;
                if row.contains(pit) && (left > 0 || !self.captures_at(&pos.pits, pit, player)) {
                    pos.pits[pit] -= 1;
                    let score = &mut pos.scores[opponent.index()];
                    *score = score.wrapping_add(1);
                }
            }
            return pit;
        }
        if self.out_of_play.is_empty() {
            return sowing.sow(&mut pos.pits, start);
        }
        match sow_skipping_out_of_play::<P, false>(pos, start, sowing, Stores::None, self.out_of_play) {
            Landing::Pit(last) => last,
            // No store is sown (the check sees to it).
            Landing::Store(_) => start,
        }
    }

    /// Whether the last seed's pit `last` captures by count for `player`:
    /// it holds a count the capture takes, within the capture's scope.
    #[inline(always)]
    fn captures_at<const P: usize>(&self, pits: &[u8; P], last: usize, player: Player) -> bool {
        self.capture.counts.contains(pits[last]) && self.capture_pits::<P>(player, last).contains(last)
    }

    /// What ends a relay of `player`'s at a lap's last pit besides its
    /// counts: a capture by count within the capture's scope and the
    /// facing capture, for [`RelayRule::stop_on_capture`]; the pits it
    /// goes on from, for [`RelayRule::continues`].
    #[inline(always)]
    fn stop_on_capture<const P: usize>(&self, relay: RelayRule, player: Player) -> LapStop {
        let row = Position::<P>::row(player);
        let mut stop = LapStop {
            from: row,
            ..LapStop::NONE
        };
        if relay.stop_on_capture {
            stop.counts = self.capture.counts;
            stop.pits = self.scope_pits::<P>(player);
            if let Some(opposite) = self.opposite {
                stop.facing = if opposite.from_either_row {
                    PitSet::first(P)
                } else {
                    row
                };
            }
        }
        stop
    }

    /// The capture from `last` (below `P`) on the packed board, after the
    /// grand slam rule.
    #[inline(always)]
    fn capture_on<const P: usize>(
        &self,
        board: Packed<P>,
        last: usize,
        player: Player,
        grand_slam: GrandSlam,
    ) -> Capture {
        let mut captured = match self.sweep {
            Sweep::Never => self
                .capture
                .find_on(board, last, self.capture_pits::<P>(player, last)),
            sweep => sweep.find(board, self.capture.counts.pits_of(board), last, player),
        };
        if let Some(opposite) = self.opposite {
            captured = captured.union(opposite.find(&board.array(), last, player));
        }
        Self::unless_grand_slam::<P>(captured, board, player, grand_slam)
    }

    /// `captured`, or what the grand slam rule makes of it when it would
    /// leave none of the opponent's pits non-empty on `board` (the board
    /// before the capture).
    #[inline(always)]
    fn unless_grand_slam<const P: usize>(
        captured: Capture,
        board: Packed<P>,
        player: Player,
        grand_slam: GrandSlam,
    ) -> Capture {
        if matches!(grand_slam, GrandSlam::Captures | GrandSlam::CapturesAndPlaysAgain)
            || !is_grand_slam::<P>(captured, board.at_least(1), player)
        {
            return captured;
        }
        match grand_slam.leaves() {
            Some(rightmost) => leave_one::<P>(board, player, rightmost).unwrap_or(captured),
            None => Capture::NONE,
        }
    }

    /// Whether the relay sowing from `pit` (0-based) ends, or may be played
    /// though it does not (true for a single lap, and for a relay that ends
    /// the game at its cap, [`AtMaxLaps::EndsGame`]): what legal move
    /// generation asks of relay games. Sows on a copy, without capturing.
    #[inline(always)]
    pub(crate) fn relay_ends<const P: usize>(&self, pos: &Position<P>, pit: usize) -> bool {
        match self.lap.relay() {
            None => true,
            Some(relay) if !relay.at_max_laps.is_refused() => true,
            Some(_) => self.sown(pos, pit).is_some(),
        }
    }

    /// The position after sowing from `pit` (0-based; every lap of a relay,
    /// in the direction and through the stores of the turn), before any
    /// capture and with the turn not handed over; `None` for an endless
    /// relay. What the feeding rule looks at.
    #[inline(always)]
    pub(crate) fn sown<const P: usize>(&self, pos: &Position<P>, pit: usize) -> Option<Position<P>> {
        let pit = pit % P;
        // A pit whose direction is chosen sows here in its half's, or the
        // turn's, direction: the check refuses such pits with the rules
        // that ask this (relays, feeding).
        let direction = self.direction_of::<P>(Move::from_index(pit));
        let clockwise = direction.sows_clockwise(pos, pit);
        let swapped = clockwise && self.stores_at_counterclockwise_ends();
        let (mut board, origin, out_of_play) = if clockwise {
            (
                pos.mirrored(),
                mirror::<P>(pit),
                mirror_set::<P>(self.out_of_play),
            )
        } else {
            (*pos, pit, self.out_of_play)
        };
        let sowing = self.lap.sowing();
        let packed = self.stores == Stores::None && out_of_play.is_empty();
        if let Some(
            relay @ RelayRule {
                lap_capture: Some(lap_capture),
                ..
            },
        ) = self.lap.relay()
        {
            // The laps' captures are part of the sowing; in the mirror, the
            // turn's pits are mirrored too.
            let turn = SowingTurn {
                out_of_play,
                territory: if clockwise {
                    mirror_set::<P>(self.territory)
                } else {
                    self.territory
                },
                ..*self
            };
            let mut sown = board;
            sown.to_move = pos.to_move;
            let (ended, _) = turn.sow_capturing_laps(
                &mut sown,
                origin,
                relay,
                lap_capture,
                pos.to_move,
                self.grand_slam,
            );
            ended.ok()?;
            return Some(if clockwise { sown.mirrored() } else { sown });
        }
        if self.en_passant.is_some() {
            // The passing captures are part of the sowing.
            let mut sown = board;
            sown.to_move = pos.to_move;
            self.sow_en_passant(&mut sown, origin, pos.to_move).ok()?;
            return Some(if clockwise { sown.mirrored() } else { sown });
        }
        match self.lap.relay() {
            None if packed => {
                sowing.sow(&mut board.pits, origin);
            }
            None if !out_of_play.is_empty() && swapped => {
                sow_skipping_out_of_play::<P, true>(&mut board, origin, sowing, self.stores, out_of_play);
            }
            None if !out_of_play.is_empty() => {
                sow_skipping_out_of_play::<P, false>(&mut board, origin, sowing, self.stores, out_of_play);
            }
            None if swapped => {
                sow_with_stores::<P, true>(&mut board, origin, sowing, self.stores);
            }
            None => {
                sow_with_stores::<P, false>(&mut board, origin, sowing, self.stores);
            }
            Some(relay) => {
                let stop = self.stop_on_capture::<P>(relay, pos.to_move);
                let ended = if packed {
                    relay_sow_pits(&mut board.pits, origin, relay, stop).is_ok()
                } else if swapped {
                    relay_sow_stores::<P, true>(&mut board, origin, relay, self.stores, stop, out_of_play)
                        .is_ok()
                } else {
                    relay_sow_stores::<P, false>(&mut board, origin, relay, self.stores, stop, out_of_play)
                        .is_ok()
                };
                if !ended {
                    return None;
                }
            }
        }
        Some(if clockwise { board.mirrored() } else { board })
    }

    /// Whether `mv` would capture every seed of the opponent's row: what
    /// [`GrandSlam::Illegal`] refuses. Plays the move on a copy.
    #[inline]
    pub(crate) fn is_grand_slam<const P: usize>(&self, pos: &Position<P>, mv: Move) -> bool {
        let mut after = *pos;
        let player = pos.to_move;
        if self.grand_slam_judged == SlamJudged::BeforeMove && pos.nonempty_pits(player.opponent()).is_empty()
        {
            return false;
        }
        match self.try_play_as(&mut after, mv, GrandSlam::Captures) {
            Ok(report) => {
                let opponents = Position::<P>::row(player.opponent());
                !report.captured.intersection(opponents).is_empty()
                    && after.nonempty_pits(player.opponent()).is_empty()
            }
            Err(_) => false,
        }
    }
}

impl Opposite {
    /// The capture when the last seed fell in pit `last` of `pits` (after
    /// the sowing) and `player` moved.
    #[inline(always)]
    #[must_use]
    pub fn find<const P: usize>(self, pits: &[u8; P], last: usize, player: Player) -> Capture {
        let facing = P - 1 - (last % P);
        let own = self.from_either_row || Position::<P>::row(player).contains(last);
        let facing_seeds = u32::from(pits[facing]);
        if !own || pits[last % P] != 1 || (facing_seeds == 0 && !self.when_facing_empty) {
            return Capture::NONE;
        }
        let mut taken = PitSet::EMPTY;
        let mut seeds = 0;
        if facing_seeds > 0 {
            taken = taken.with(facing);
            seeds += facing_seeds;
        }
        if self.with_landing_seed {
            taken = taken.with(last);
            seeds += 1;
        }
        Capture { pits: taken, seeds }
    }
}

/// The end of a relay that has not ended after its `max_laps` laps
/// ([`AtMaxLaps::EndsGame`]): `pos` holds the board after them; the turn is
/// handed over, then every seed on the board goes into the stores as
/// `leftover` says (read in that position; [`Leftover::Split`] and
/// [`Leftover::SplitOddToBehind`] alike give an odd
/// seed to the player behind, North on equal scores; [`Leftover::Nobody`]
/// splits them so that they change nobody's standing, an odd seed to the
/// player ahead), and the board is left empty.
#[inline(never)]
#[cold]
fn end_at_lap_cap<const P: usize>(
    pos: &mut Position<P>,
    leftover: Leftover,
    report: MoveReport,
    laps: u32,
    territory: PitSet,
) -> MoveReport {
    pos.pass_turn();
    let board = pos.seeds_on_board();
    let [south, north] = pos.scores.map(u32::from);
    let totals = match leftover {
        // At the cap both splits give an odd seed to the player behind.
        Leftover::Split | Leftover::SplitOddToBehind => {
            let (half, odd) = (board / 2, board % 2);
            if north > south {
                [south + half + odd, north + half]
            } else {
                [south + half, north + half + odd]
            }
        }
        // The board changes nobody's standing: halves, an odd seed to the
        // player ahead (on equal scores the board is even: every board
        // holds an even number of pits of equal seeds).
        Leftover::Nobody => {
            let (half, odd) = (board / 2, board % 2);
            if south > north {
                [south + half + odd, north + half]
            } else {
                [south + half, north + half + odd]
            }
        }
        Leftover::Owners => super::territory::owners_outcome(pos, territory, EndReason::NoMoves).totals,
        other => other.outcome(pos, EndReason::NoMoves).totals,
    };
    // At most 255 seeds in a valid position: each total fits a byte.
    pos.scores = totals.map(|total| total as u8);
    pos.pits = [0; P];
    MoveReport {
        laps,
        last_pit: None,
        relay_limit: true,
        ..report
    }
}

/// The grand slam capture of [`GrandSlam::LeavesRightmost`] (or leftmost):
/// every non-empty pit of the opponent's row on `board` but its rightmost
/// (or leftmost) one, seen from `player`; `None` when only one holds seeds
/// (the capture is then made as it is).
#[inline(never)]
#[cold]
fn leave_one<const P: usize>(board: Packed<P>, player: Player, rightmost: bool) -> Option<Capture> {
    let row = board.at_least(1) & Position::<P>::row(player.opponent()).bits();
    if row.count_ones() <= 1 {
        return None;
    }
    // The opponent's row runs counterclockwise from their rightmost pit (as
    // the mover sees it) to their leftmost: the lowest bit is the rightmost.
    let kept = if rightmost {
        row & row.wrapping_neg()
    } else {
        1 << (31 - row.leading_zeros())
    };
    let pits = row & !kept;
    Some(Capture {
        pits: PitSet::from_bits(pits),
        seeds: board.sum(pits),
    })
}

/// Whether `captured` takes seeds of the opponent's row and leaves it empty
/// (`nonempty`: the non-empty pits before the capture).
#[inline(always)]
fn is_grand_slam<const P: usize>(captured: Capture, nonempty: u32, player: Player) -> bool {
    let row = Position::<P>::row(player.opponent()).bits();
    let left_in_row = nonempty & row & !captured.pits.bits();
    !captured.is_empty() && left_in_row == 0
}

/// The pit that takes pit `pit`'s place when each row is reversed: sowing
/// clockwise on a board is sowing counterclockwise on its mirror image.
#[inline(always)]
pub(crate) const fn mirror<const P: usize>(pit: usize) -> usize {
    let n = P / 2;
    if pit < n {
        n - 1 - pit
    } else {
        P + n - 1 - pit
    }
}

#[inline(always)]
fn mirror_move<const P: usize>(mv: Move) -> Move {
    match mv.index() {
        Some(pit) if pit < P => Move::from_index(mirror::<P>(pit)),
        _ => mv,
    }
}

/// [`mirror`] of every pit of a set (pits past the board are dropped).
#[inline]
pub(crate) fn mirror_set<const P: usize>(pits: PitSet) -> PitSet {
    pits.intersection(PitSet::first(P))
        .fold(PitSet::EMPTY, |set, pit| set.with(mirror::<P>(pit)))
}
