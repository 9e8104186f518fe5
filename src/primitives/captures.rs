//! Capture readings beyond the last pit's count: a sweep of the opponent's
//! row ([`Sweep`]), a capture made before the sowing ([`BeforeSowing`]),
//! the store handed to the opponent ([`StorePass`]).
//! The other readings of this round are variants of the existing items:
//! [`GrandSlam::LeavesRightmost`](super::GrandSlam::LeavesRightmost) and
//! its kin, [`CaptureScope::StartsInOpponentRow`](super::CaptureScope::StartsInOpponentRow),
//! and [`SowingTurn::no_single_seed_capture`](super::SowingTurn::no_single_seed_capture).

use super::Capture;
use crate::kernel::Packed;
use crate::position::{Player, Position};

/// A capture of the whole opponent's row at once: when the last seed falls
/// in a pit that triggers it, every pit of the opponent's row holding one
/// of the capture's counts ([`CaptureRule::counts`](super::CaptureRule::counts))
/// is taken, wherever it lies and whether or not the last pit itself holds
/// such a count. It replaces the capture from the last pit (and its chain).
///
/// Here (a 2x3 board, counts 2, 4 and 6) South's pit 2 sows its 2 seeds into
/// pits 3 and 4: the last seed falls in North's row, so North's pits
/// holding 2, 4 or 6 are all taken: pit 4 (now 2) and pit 6 (4); pit 5
/// (3) stays.
///
/// ```
/// use mancala_rules::primitives::{CaptureRule, CaptureScope, Counts, SowingTurn, Sweep};
/// use mancala_rules::{Move, Position};
///
/// let turn = SowingTurn {
///     capture: CaptureRule::single(Counts::of(&[2, 4, 6])),
///     scope: CaptureScope::OpponentRow,
///     sweep: Sweep::OpponentRowOrLastOwnPit,
///     ..SowingTurn::DEFAULT
/// };
/// let mut pos: Position<6> = "1 2 0 | 1 3 4 0-0 S".parse()?;
/// turn.play(&mut pos, Move::Pit(2));
/// assert_eq!(pos.to_string(), "1 0 1 | 0 3 0 6-0 N");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
///
/// None of the crate's documented games sweeps; it is MancalaGames' reading
/// of Kara (its "capture type" `CAPT_OPP_1CCW` with the extra pick
/// `PICKOPPBASIC`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Sweep {
    /// No sweep: the capture is made from the last pit (the crate's games).
    #[default]
    Never,
    /// A last seed in the opponent's row, or in the mover's own last pit
    /// before it (South's pit `N`, North's pit `2N`, in counterclockwise
    /// sowing), sweeps the opponent's row.
    OpponentRowOrLastOwnPit,
}

impl Sweep {
    /// Whether this is the default, [`Sweep::Never`] (the data form leaves
    /// it out).
    #[must_use]
    pub const fn is_never(&self) -> bool {
        matches!(self, Sweep::Never)
    }

    /// The sweep when `player`'s last seed fell in `last` (0-based, below
    /// `P`, counterclockwise sowing): the opponent's pits among `takeable`
    /// (a bit set of the pits holding a capturing count), or nothing.
    #[inline(always)]
    pub(crate) fn find<const P: usize>(
        self,
        board: Packed<P>,
        takeable: u32,
        last: usize,
        player: Player,
    ) -> Capture {
        let opponents = Position::<P>::row(player.opponent());
        let own_last = match player {
            Player::South => P / 2 - 1,
            Player::North => P - 1,
        };
        if !(opponents.contains(last) || last == own_last) {
            return Capture::NONE;
        }
        let pits = takeable & opponents.bits();
        Capture {
            pits: crate::PitSet::from_bits(pits),
            seeds: board.sum(pits),
        }
    }
}

/// A capture made before the sowing, from the board as the move finds it.
///
/// Here (a 2x3 board) South's pit 3 holds a single seed and faces North's
/// pit 4 (5 seeds): those are taken first, then the seed is sown into pit 4.
///
/// ```
/// use mancala_rules::primitives::{BeforeSowing, SowingTurn};
/// use mancala_rules::{Move, Position};
///
/// let turn = SowingTurn { before_sowing: BeforeSowing::SingletonTakesFacing, ..SowingTurn::DEFAULT };
/// let mut pos: Position<6> = "2 2 1 | 5 1 1 0-0 S".parse()?;
/// turn.play(&mut pos, Move::Pit(3));
/// assert_eq!(pos.to_string(), "2 2 0 | 1 1 1 5-0 N");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
///
/// None of the crate's documented games has it; it is MancalaGames'
/// reading of Achochodi (`presowcapt = DRAW_1_XCAPT`). That capture gives
/// no extra turn ([`ExtraTurn::after_capture`](super::ExtraTurn::after_capture)
/// looks only at the capture after the sowing), as in MancalaGames.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum BeforeSowing {
    /// Nothing is captured before the sowing (the crate's games).
    #[default]
    Nothing,
    /// A move of a single seed first takes every seed of the pit facing
    /// its origin (pit `k` faces `2N + 1 - k`), if any.
    SingletonTakesFacing,
    /// Each lap (every lap of a relay) puts the first of the seeds it takes
    /// up in the mover's store, counted as captured, and sows the rest
    /// (MancalaGames' `presowcapt = CAPT_ONE`, its reading of Sokusowo).
    /// Every lap must then take up at least 2 seeds: the check asks for
    /// [`Playable::min_seeds`](crate::Playable::min_seeds) of 2 and relays
    /// from the last pit on 2 or more.
    ///
    /// Here South's pit 1 (3 seeds) puts one in the store and sows 2, into
    /// pits 2 and 3; pit 3 then holds 2, so a relay takes them up, puts one
    /// in the store and sows the other into pit 4, empty before: the relay
    /// ends.
    ///
    /// ```
    /// use mancala_rules::primitives::{BeforeSowing, Counts, Lap, RelayRule, Sowing, SowingTurn};
    /// use mancala_rules::{Move, Position};
    ///
    /// let turn = SowingTurn {
    ///     lap: Lap::RelayWith(RelayRule::new(Sowing::NextPit, Counts::at_least(2))),
    ///     before_sowing: BeforeSowing::FirstSeedToStore,
    ///     ..SowingTurn::DEFAULT
    /// };
    /// let mut pos: Position<6> = "3 0 1 | 0 2 2 0-0 S".parse()?;
    /// turn.play(&mut pos, Move::Pit(1));
    /// assert_eq!(pos.to_string(), "0 1 0 | 1 2 2 2-0 N");
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    FirstSeedToStore,
}

impl BeforeSowing {
    /// Whether this is the default, [`BeforeSowing::Nothing`] (the data
    /// form leaves it out).
    #[must_use]
    pub const fn is_nothing(&self) -> bool {
        matches!(self, BeforeSowing::Nothing)
    }

    /// Makes the capture on `pits` for a move from `origin` (0-based, below
    /// `P`) and returns it (for [`FirstSeedToStore`](BeforeSowing::FirstSeedToStore),
    /// that of the first lap: a relay takes the others lap by lap).
    #[inline(always)]
    pub(crate) fn take<const P: usize>(self, pits: &mut [u8; P], origin: usize) -> Capture {
        match self {
            BeforeSowing::Nothing => Capture::NONE,
            BeforeSowing::SingletonTakesFacing => {
                let facing = P - 1 - origin;
                if pits[origin] != 1 || pits[facing] == 0 {
                    return Capture::NONE;
                }
                let seeds = u32::from(std::mem::take(&mut pits[facing]));
                Capture {
                    pits: crate::PitSet::single(facing),
                    seeds,
                }
            }
            BeforeSowing::FirstSeedToStore => {
                if pits[origin] == 0 {
                    return Capture::NONE;
                }
                pits[origin] -= 1;
                // A seed taken from the mover's own pit: no pit is captured.
                Capture {
                    pits: crate::PitSet::EMPTY,
                    seeds: 1,
                }
            }
        }
    }
}

/// The store pass (MancalaGames' "passive capture", its capture type
/// `PASS_STORE_CAPT`): a mover whose last seed falls into an empty pit of
/// the opponent's row (it then holds 1) hands every seed of their store to
/// the opponent's store, instead of any capture; a last seed anywhere else
/// passes nothing. The seeds change stores, not the board: the move's
/// report shows no capture. Only with no other capture, no grand slam rule,
/// no extra turn for a capture, no opening and the usual rows
/// ([`RulesProblem::StorePassCombination`](crate::RulesProblem::StorePassCombination)).
/// The solver refuses such a game: a move's worth then reads the scores.
///
/// Here (SimpleCapt_PCapt's reading, a 2x3 board with Kalah's store) South's
/// pit 3 sows its 2 seeds into South's store (now 6) and pit 4, which was
/// empty: South's 6 seeds go to North's store. Pit 2's seed falls into
/// pit 3, South's own: nothing passes.
///
/// ```
/// use mancala_rules::primitives::{SowingTurn, StorePass, Stores};
/// use mancala_rules::{Move, Position};
///
/// let turn = SowingTurn { stores: Stores::Own, store_pass: StorePass::OnEmptyOpponentPit, ..SowingTurn::DEFAULT };
/// let start: Position<6> = "0 1 2 | 0 1 1 5-3 S".parse()?;
/// let mut pos = start;
/// let report = turn.play(&mut pos, Move::Pit(3));
/// assert_eq!(pos.to_string(), "0 1 0 | 1 1 1 0-9 N");
/// assert_eq!(report.seeds_captured, 0);
/// let mut pos = start;
/// turn.play(&mut pos, Move::Pit(2));
/// assert_eq!(pos.to_string(), "0 0 3 | 0 1 1 5-3 N");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum StorePass {
    /// No store is ever handed over (the crate's games).
    #[default]
    Never,
    /// A last seed that makes an empty pit of the opponent's row hold 1
    /// hands the mover's store to the opponent (MancalaGames' capture type
    /// `PASS_STORE_CAPT` with `capt_side` `OPP_SIDE`: SimpleCapt_PCapt).
    OnEmptyOpponentPit,
}

impl StorePass {
    /// Whether this is the default, [`StorePass::Never`] (the data form
    /// leaves it out).
    #[must_use]
    pub const fn is_never(&self) -> bool {
        matches!(self, StorePass::Never)
    }

    /// Whether `player`'s last seed, fallen into pit `last` (0-based, below
    /// `P`) of `pits` (after the sowing), hands their store over.
    #[inline(always)]
    pub(crate) fn passes<const P: usize>(self, pits: &[u8; P], last: usize, player: Player) -> bool {
        match self {
            StorePass::Never => false,
            StorePass::OnEmptyOpponentPit => {
                pits[last] == 1 && Position::<P>::row(player.opponent()).contains(last)
            }
        }
    }

    /// Hands `player`'s store to the opponent's in `pos` (scores are
    /// bytes: at most 255 seeds in a valid position).
    #[inline(never)]
    pub(crate) fn pass<const P: usize>(pos: &mut Position<P>, player: Player) {
        let seeds = std::mem::take(&mut pos.scores[player.index()]);
        let opponent = &mut pos.scores[player.opponent().index()];
        *opponent = opponent.wrapping_add(seeds);
    }
}
