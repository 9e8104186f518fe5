use super::Counts;
use crate::kernel::Packed;
use crate::moves::PitSet;
use crate::position::{Player, Position};

/// Relay (multi-lap) sowing, with every traditional reading a parameter.
///
/// After a lap, if the pit where the last seed fell holds a count in
/// `relay_on` (for "it was not empty before the drop": `Counts::at_least(2)`),
/// the relay goes on: from that pit itself (Djenon-aboure), or from the pit
/// after it (the reading of many Indian and Indonesian games), whose seeds
/// are picked up and sown as the next lap; an empty pit after it ends the
/// relay. With `stop_on_capture`, a last pit that would be captured ends the
/// relay instead (the capture is then made). [`continues`](RelayRule::continues)
/// limits where a relay goes on from. A relay that never ends, or
/// has not ended after [`max_laps`](RelayRule::max_laps) laps, is endless;
/// legal move generation refuses such a move
/// ([`IllegalMove::EndlessRelay`](crate::IllegalMove::EndlessRelay)).
///
/// ```
/// use mancala_rules::primitives::{
///     AtMaxLaps, Counts, Lap, RelayContinues, RelayFrom, RelayRule, Sowing, SowingTurn, RELAY_LAP_LIMIT,
/// };
/// use mancala_rules::{Move, Position};
///
/// // Relay from the pit after the last one while the last pit was not empty.
/// let turn = SowingTurn {
///     lap: Lap::RelayWith(RelayRule {
///         sowing: Sowing::NextPit,
///         relay_on: Counts::at_least(2),
///         from: RelayFrom::NextPit,
///         stop_on_capture: false,
///         max_laps: RELAY_LAP_LIMIT,
///         at_max_laps: AtMaxLaps::Refused,
///         lap_capture: None,
///         continues: RelayContinues::Anywhere,
///     }),
///     ..SowingTurn::DEFAULT
/// };
/// let mut pos: Position<4> = "2 0 | 1 3 0-0 S".parse()?;
/// // Pit 1's seeds land in 2 and 3; pit 3 now holds 2: pit 4's three seeds
/// // are sown next, into 1, 2 and 3; pit 3 now holds 3: pit 4 is empty, the
/// // relay ends.
/// let report = turn.play(&mut pos, Move::Pit(1));
/// assert_eq!(pos.to_string(), "1 2 | 3 0 0-0 N");
/// assert_eq!((report.laps, report.last_pit), (2, Some(3)));
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct RelayRule {
    /// How each lap is sown.
    pub sowing: Sowing,
    /// Counts of the last pit (after the drop) that continue the relay.
    pub relay_on: Counts,
    /// Which pit the next lap sows.
    #[cfg_attr(feature = "serde", serde(default = "RelayFrom::last_pit"))]
    pub from: RelayFrom,
    /// Whether a last pit that captures ends the relay: by its count (the
    /// turn's [`capture`](super::SowingTurn::capture), within its scope),
    /// or by the facing pit (the turn's
    /// [`opposite`](super::SowingTurn::opposite): a last seed that makes an
    /// empty pit of the mover's row hold 1, facing a pit that holds seeds;
    /// MancalaGames' `StopXCapt`, CrossCapt_Eight).
    #[cfg_attr(feature = "serde", serde(default))]
    pub stop_on_capture: bool,
    /// A relay that has not ended after this many laps counts as endless,
    /// and its move is not legal: a rule of the declaration, and the
    /// crate's choice where a source says only that an endless relay is
    /// illegal (a relay on a finite board either ends or repeats a state,
    /// but a repetition can take hundreds of thousands of laps to show, see
    /// [`relay_sow`]). It bounds the work of every move: one relay is at most
    /// this many laps.
    ///
    /// Valid from 1 (a relay may not go past its first lap: every lap that
    /// would relay counts as endless) to `u32::MAX`; pick a figure well
    /// above the longest finite relay the game's boards can make. 0 is
    /// played as 1. [`RELAY_LAP_LIMIT`] (65,536) is the figure for a
    /// declaration with no evidence of its own; Djenon-aboure declares
    /// 4,096 ([`DJENON_ABOURE`](crate::games::DJENON_ABOURE)).
    #[cfg_attr(feature = "serde", serde(default = "default_max_laps"))]
    pub max_laps: u32,
    /// What a relay that has not ended after `max_laps` laps does: its move
    /// is refused ([`AtMaxLaps::Refused`], the default), or it is played
    /// and ends the game ([`AtMaxLaps::EndsGame`]).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "AtMaxLaps::is_refused")
    )]
    pub at_max_laps: AtMaxLaps,
    /// Captures at the end of each lap, not only after the last
    /// (MancalaGames' `LAP_CAPT`, `LAP_CAPT_OPP_GETS`): see
    /// [`LapCapture`]. `None` (the default): the turn captures once, after
    /// the relay.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub lap_capture: Option<LapCapture>,
    /// Where the relay goes on from, beyond the counts of `relay_on`
    /// (MancalaGames' `mlap_cont`): see [`RelayContinues`]. By default
    /// from any last pit.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "RelayContinues::is_anywhere")
    )]
    pub continues: RelayContinues,
}

/// Where a relay goes on from ([`RelayRule::continues`]), beyond the counts
/// of its [`relay_on`](RelayRule::relay_on) (MancalaGames' `mlap_cont`).
///
/// Here (SimpleCapt_PCapt's reading, [`FromOwnRow`](RelayContinues::FromOwnRow):
/// a relay from the last pit while it holds 2 or more, Kalah's store sown)
/// South's pit 1 sows its 2 seeds into 2 and 3; pit 3 now holds 2 and
/// relays: its seeds go into the store and pit 4, which now holds 2. It is
/// North's: the relay ends there. From anywhere it would go on, pit 4's
/// seeds into 5 and 6.
///
/// ```
/// use mancala_rules::primitives::{Counts, Lap, RelayContinues, RelayRule, Sowing, SowingTurn, Stores};
/// use mancala_rules::{Move, Position};
///
/// let turn = |continues| SowingTurn {
///     lap: Lap::RelayWith(RelayRule { continues, ..RelayRule::new(Sowing::NextPit, Counts::at_least(2)) }),
///     stores: Stores::Own,
///     ..SowingTurn::DEFAULT
/// };
/// let start: Position<6> = "2 0 1 | 1 1 0 0-0 S".parse()?;
/// let mut own_row = start;
/// turn(RelayContinues::FromOwnRow).play(&mut own_row, Move::Pit(1));
/// assert_eq!(own_row.to_string(), "0 1 0 | 2 1 0 1-0 N");
/// let mut anywhere = start;
/// turn(RelayContinues::Anywhere).play(&mut anywhere, Move::Pit(1));
/// assert_eq!(anywhere.to_string(), "0 1 0 | 0 2 1 1-0 N");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
///
/// And ([`ThroughOwnStore`](RelayContinues::ThroughOwnStore),
/// CrossCapt_Eight's reading: a relay from the next pit, Kalah's store
/// sown) South's pit 2 sows its seed into pit 3, the last of South's row:
/// the place after it is South's store, whose 3 seeds are taken up and sown
/// into 4, 5 and 6. Pit 1, after pit 6 (North's store is not sown by
/// South), is empty: the relay ends. From the next pit alone, the relay
/// would go on from pit 4.
///
/// ```
/// use mancala_rules::primitives::{Counts, Lap, RelayContinues, RelayFrom, RelayRule, Sowing, SowingTurn, Stores};
/// use mancala_rules::{Move, Position};
///
/// let turn = |continues| SowingTurn {
///     lap: Lap::RelayWith(RelayRule {
///         from: RelayFrom::NextPit,
///         continues,
///         ..RelayRule::new(Sowing::NextPit, Counts::at_least(1))
///     }),
///     stores: Stores::Own,
///     ..SowingTurn::DEFAULT
/// };
/// let start: Position<6> = "0 1 0 | 2 0 0 3-0 S".parse()?;
/// let mut through = start;
/// let report = turn(RelayContinues::ThroughOwnStore).play(&mut through, Move::Pit(2));
/// assert_eq!(through.to_string(), "0 0 1 | 3 1 1 0-0 N");
/// assert_eq!((report.laps, report.last_pit), (2, Some(6)));
/// let mut next_pit = start;
/// turn(RelayContinues::Anywhere).play(&mut next_pit, Move::Pit(2));
/// assert_eq!(next_pit.to_string(), "0 0 1 | 0 1 1 3-0 N");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum RelayContinues {
    /// From any last pit whose count relays (the default).
    #[default]
    Anywhere,
    /// Only from a last pit of the mover's own row (the board's row, not a
    /// territory): a lap that ends in the opponent's row ends the relay
    /// (MancalaGames' `OWN_SIDE`: SimpleCapt_PCapt).
    FromOwnRow,
    /// A relay from the next pit ([`RelayFrom::NextPit`]) goes on through
    /// the mover's store: after a lap whose last seed fell into the last pit
    /// of the mover's row, the place after it is their store (sown, Kalah's
    /// [`Stores::Own`]); if it holds seeds they are taken up (the mover's
    /// score falls by as many) and sown as the next lap, from the place
    /// after the store (the opponent's first pit) on; an empty store ends
    /// the relay. A lap that ends in the store ends the relay, as always
    /// (MancalaGames' `LAPPER_NEXT` with its own store sown and `mlap_cont`
    /// `STOP_STORE`: CrossCapt_Eight). Only with a relay from the next pit,
    /// laps sown from the next pit, the mover's store alone sown, one fixed
    /// direction and every pit in play
    /// ([`RulesProblem::RelayContinuesCombination`](crate::RulesProblem::RelayContinuesCombination)).
    /// The solver refuses such a game: a move puts seeds of the score back
    /// on the board.
    ThroughOwnStore,
}

impl RelayContinues {
    /// Whether this is the default, [`RelayContinues::Anywhere`] (the data
    /// form leaves it out).
    #[must_use]
    pub const fn is_anywhere(&self) -> bool {
        matches!(self, RelayContinues::Anywhere)
    }
}

/// Captures made at the end of each lap of a relay
/// ([`RelayRule::lap_capture`]), by the turn's own capture rule
/// ([`SowingTurn::capture`](super::SowingTurn::capture) within its scope),
/// and where the relay goes on after one. The turn's capture after the
/// relay is still made from the last lap's last pit.
///
/// Only in a turn that sows no store, captures by count and nothing else
/// (no facing pit, sweep, pick, children, passing captures, capture before
/// the sowing, pull across), makes every grand slam, and gives no extra
/// turn for a capture
/// ([`RulesProblem::LapCaptureCombination`](crate::RulesProblem::LapCaptureCombination)).
///
/// Here (Meusueb's reading: a last pit of 4 is captured, the relay goes on
/// from the next pit) South's pit 1 sows its 2 seeds into 2 and 3; pit 3
/// now holds 4: captured, and the relay goes on from pit 4, whose 2 seeds
/// fall into 5 and 6; pit 6 then holds 1: the relay ends.
///
/// ```
/// use mancala_rules::primitives::{
///     CaptureRule, Counts, Lap, LapCapture, LapCaptureGoesOn, RelayRule, Sowing, SowingTurn,
/// };
/// use mancala_rules::{Move, Position};
///
/// let turn = SowingTurn {
///     lap: Lap::RelayWith(RelayRule {
///         lap_capture: Some(LapCapture { goes_on: LapCaptureGoesOn::NextPit, opponent_takes_at_most: 0 }),
///         ..RelayRule::new(Sowing::NextPit, Counts::at_least(2))
///     }),
///     capture: CaptureRule::single(Counts::of(&[4])),
///     ..SowingTurn::DEFAULT
/// };
/// let mut pos: Position<6> = "2 0 3 | 2 0 0 0-0 S".parse()?;
/// let report = turn.play(&mut pos, Move::Pit(1));
/// assert_eq!(pos.to_string(), "0 1 0 | 0 1 1 4-0 N");
/// assert_eq!((report.laps, report.seeds_captured), (2, 4));
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct LapCapture {
    /// Which laps capture, and where the relay goes on after a capture.
    pub goes_on: LapCaptureGoesOn,
    /// When the board holds this many seeds or fewer at a lap's start (the
    /// seeds the lap takes up not counted), each seed the lap sows into the
    /// opponent's row goes to the opponent's store instead, except a last
    /// seed that makes its pit capture (MancalaGames' `LAP_CAPT_OPP_GETS`
    /// with its `sow_param`, Meusueb's 8). 0 (the default): never. Only
    /// with [`Sowing::NextPit`], no pit out of play and the usual rows
    /// (no territory).
    ///
    /// Here at most 8 seeds: South's pit 2 sows 3 seeds into 3, 4 and 5;
    /// the seed for 4 goes to North's store, and the last, for 5, too (pit
    /// 5 would hold 2, which does not capture). Pit 5 still holds 1: the
    /// relay ends.
    ///
    /// ```
    /// use mancala_rules::primitives::{
    ///     CaptureRule, Counts, Lap, LapCapture, LapCaptureGoesOn, RelayRule, Sowing, SowingTurn,
    /// };
    /// use mancala_rules::{Move, Position};
    ///
    /// let turn = SowingTurn {
    ///     lap: Lap::RelayWith(RelayRule {
    ///         lap_capture: Some(LapCapture { goes_on: LapCaptureGoesOn::NextPit, opponent_takes_at_most: 8 }),
    ///         ..RelayRule::new(Sowing::NextPit, Counts::at_least(2))
    ///     }),
    ///     capture: CaptureRule::single(Counts::of(&[4])),
    ///     ..SowingTurn::DEFAULT
    /// };
    /// let mut pos: Position<6> = "0 3 0 | 0 1 2 20-20 S".parse()?;
    /// turn.play(&mut pos, Move::Pit(2));
    /// assert_eq!(pos.to_string(), "0 0 1 | 0 1 2 20-22 N");
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub opponent_takes_at_most: u8,
}

#[cfg(feature = "serde")]
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's signature
fn is_zero(value: &u8) -> bool {
    *value == 0
}

/// Which laps of a relay capture ([`LapCapture::goes_on`]), and where the
/// relay goes on after a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum LapCaptureGoesOn {
    /// A lap whose last pit captures (its count, after the drop, one the
    /// capture takes, within the capture's scope) makes the capture, and
    /// the relay goes on from the pit after it whatever its count; that
    /// pit empty, the relay ends there (and the turn's capture after the
    /// relay looks at it). A lap whose last pit does not capture relays as
    /// the rule says. MancalaGames' reading with a capture by count
    /// (`ContIfBasicCapt`): Meusueb.
    NextPit,
    /// Every lap that relays (the rule goes on from its last pit) first
    /// makes the capture from its last pit, then the relay goes on as the
    /// rule says; the last lap's capture is the turn's. MancalaGames'
    /// reading with a capture across the gap (`GapNextCapt`): Tap-Urdy.
    /// Only with a relay from the last pit.
    ///
    /// Here (captures of an even count across the gap) South's pit 1 sows
    /// 2 seeds into 2 and 3; pit 3 now holds 2 and relays; first, pit 4
    /// being empty, pit 5's 2 seeds are captured; then pit 3's 2 seeds fall
    /// into 4 and 5; pit 5 holds 1: the relay ends, and its capture (pit 6
    /// empty, pit 1 empty) takes nothing.
    ///
    /// ```
    /// use mancala_rules::primitives::{
    ///     CaptureAt, CaptureRule, Counts, Lap, LapCapture, LapCaptureGoesOn, RelayRule, Sowing, SowingTurn,
    /// };
    /// use mancala_rules::{Move, Position};
    ///
    /// let turn = SowingTurn {
    ///     lap: Lap::RelayWith(RelayRule {
    ///         lap_capture: Some(LapCapture { goes_on: LapCaptureGoesOn::AsRelay, opponent_takes_at_most: 0 }),
    ///         ..RelayRule::new(Sowing::NextPit, Counts::at_least(2))
    ///     }),
    ///     capture: CaptureRule { at: CaptureAt::AcrossGap, ..CaptureRule::single(Counts::of(&[2, 4, 6])) },
    ///     ..SowingTurn::DEFAULT
    /// };
    /// let mut pos: Position<6> = "2 0 1 | 0 2 0 0-0 S".parse()?;
    /// let report = turn.play(&mut pos, Move::Pit(1));
    /// assert_eq!(pos.to_string(), "0 1 0 | 1 1 0 2-0 N");
    /// assert_eq!((report.laps, report.seeds_captured), (2, 2));
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    AsRelay,
}

/// What a relay that has not ended after its rule's
/// [`max_laps`](RelayRule::max_laps) laps does.
///
/// With [`Refused`](AtMaxLaps::Refused) (the default) it counts as endless
/// and its move is not legal
/// ([`IllegalMove::EndlessRelay`](crate::IllegalMove::EndlessRelay));
/// a repetition of the relay's board found before (Brent's detection, see
/// [`relay_sow`]) refuses it too. With [`EndsGame`](AtMaxLaps::EndsGame)
/// the move is legal: its relay is sown for exactly `max_laps` laps (no
/// repetition is looked for), then the game ends: the turn is handed
/// over, every seed left on the board goes into the stores as the
/// [`Leftover`](crate::Leftover) says (read in that position), and the
/// board is left empty, so the game is over by its own end rules (the
/// stuck player's, or every seed captured). The move's report says it:
/// [`MoveReport::relay_limit`](crate::MoveReport::relay_limit), with
/// `laps` = `max_laps` and no last pit. MancalaGames: `max_laps` 75, the
/// game's "quitter" as the leftover ([`Leftover::Split`](crate::Leftover::Split)
/// for its DIVVIED; an odd seed then goes to the player behind, North on
/// equal scores, as MancalaGames gives it). [`Leftover::Nobody`](crate::Leftover::Nobody)
/// (MancalaGames' DONT_SCORE, which leaves the board out of the count)
/// keeps every seed too: the board is split so that it changes nobody's
/// standing, half each and an odd seed to the player ahead (on equal
/// scores the board holds an even number of seeds, every board having an
/// even number of pits of equal seeds): whoever was ahead in the stores
/// wins, equal stores draw, as when the board counts for nobody; only the
/// totals differ.
///
/// Here a relay goes on from any last pit that holds a seed (so it never
/// ends): on `1 1 | 0 0`, pit 1 sows pit 2 (now 2), which sows 3 and 4,
/// pit 4 sows pit 1. Capped at 3 laps, the game ends there: the turn goes
/// to North, and the 2 seeds then on the board (pits 1 and 3) are split,
/// one each.
///
/// ```
/// use mancala_rules::primitives::{AtMaxLaps, Counts, Lap, RelayRule, Sowing, SowingTurn};
/// use mancala_rules::{declare, EndReason, Leftover, Move, Rules, Ruleset};
///
/// declare!(Capped, 4, Rules {
///     turn: SowingTurn {
///         lap: Lap::RelayWith(RelayRule {
///             at_max_laps: AtMaxLaps::EndsGame(Leftover::Split),
///             ..RelayRule::new(Sowing::NextPit, Counts::at_least(1)).with_max_laps(3)
///         }),
///         ..SowingTurn::DEFAULT
///     },
///     ..Rules::DEFAULT
/// });
/// let pos = "1 1 | 0 0 7-7 S".parse()?;
/// assert_eq!(Capped.legal_moves(&pos).to_string(), "1 2");
/// let (after, report) = Capped.play(&pos, Move::Pit(1))?;
/// assert_eq!(after.to_string(), "0 0 | 0 0 8-8 N");
/// assert!(report.relay_limit);
/// assert_eq!((report.laps, report.last_pit), (3, None));
/// assert_eq!(Capped.status(&after).outcome().map(|o| o.totals), Some([8, 8]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum AtMaxLaps {
    /// The relay counts as endless and its move is refused (the crate's
    /// games).
    #[default]
    Refused,
    /// The move is played and ends the game, the board going into the
    /// stores as the leftover says (MancalaGames: a split of the board
    /// after 75 laps).
    EndsGame(crate::Leftover),
}

impl AtMaxLaps {
    /// Whether this is the default, [`AtMaxLaps::Refused`] (the data form
    /// leaves it out).
    #[must_use]
    pub const fn is_refused(&self) -> bool {
        matches!(self, AtMaxLaps::Refused)
    }
}

#[cfg(feature = "serde")]
fn default_max_laps() -> u32 {
    RELAY_LAP_LIMIT
}

#[cfg(feature = "serde")]
impl RelayFrom {
    fn last_pit() -> RelayFrom {
        RelayFrom::LastPit
    }
}

impl RelayRule {
    /// The relay of Djenon-aboure's reading: each lap sown by `sowing`,
    /// going on from the last pit while it holds a count in `relay_on`, no
    /// capture stopping it, endless after [`RELAY_LAP_LIMIT`] laps.
    ///
    /// ```
    /// use mancala_rules::primitives::{Counts, RelayFrom, RelayRule, Sowing, RELAY_LAP_LIMIT};
    ///
    /// let rule = RelayRule::new(Sowing::OriginFirst, Counts::at_least(3)).with_max_laps(100);
    /// assert_eq!((rule.from, rule.stop_on_capture, rule.max_laps), (RelayFrom::LastPit, false, 100));
    /// assert_eq!(RelayRule::new(Sowing::OriginFirst, Counts::at_least(3)).max_laps, RELAY_LAP_LIMIT);
    /// ```
    #[must_use]
    pub const fn new(sowing: Sowing, relay_on: Counts) -> RelayRule {
        RelayRule {
            sowing,
            relay_on,
            from: RelayFrom::LastPit,
            stop_on_capture: false,
            max_laps: RELAY_LAP_LIMIT,
            at_max_laps: AtMaxLaps::Refused,
            lap_capture: None,
            continues: RelayContinues::Anywhere,
        }
    }

    /// The same rule, endless after `laps` laps (see
    /// [`max_laps`](RelayRule::max_laps)).
    #[must_use]
    pub const fn with_max_laps(self, laps: u32) -> RelayRule {
        RelayRule {
            max_laps: laps,
            ..self
        }
    }
}

/// Which pit a relay's next lap sows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum RelayFrom {
    /// The pit where the last seed fell.
    LastPit,
    /// The pit after it (in the direction of sowing).
    NextPit,
}

/// Which stores a sowing drops seeds into. A store holds the player's
/// captures ([`Position::scores`](crate::Position::scores)); South's lies
/// after pit `N`, North's after pit `2N` (in the direction of sowing).
///
/// ```
/// use mancala_rules::primitives::{Stores, SowingTurn};
/// use mancala_rules::{Move, Position};
///
/// // Kalah's sowing: South's pit 3 sows 4, 5, 6 and the store.
/// let turn = SowingTurn { stores: Stores::Own, ..SowingTurn::DEFAULT };
/// let mut pos: Position<12> = "4 4 4 4 4 4 | 4 4 4 4 4 4 0-0 S".parse()?;
/// let report = turn.play(&mut pos, Move::Pit(3));
/// assert_eq!(pos.to_string(), "4 4 0 5 5 5 | 4 4 4 4 4 4 1-0 N");
/// assert!(report.in_store);
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Stores {
    /// No store is sown (the seeds go round the pits only).
    None,
    /// The mover's own store is sown, the opponent's skipped (Kalah).
    Own,
    /// Both stores are sown; a seed in the opponent's store is theirs.
    Both,
}

/// How one lap is sown from a pit: all its seeds are picked up and dropped one
/// per pit, counterclockwise (to higher pit numbers, `2N` wrapping to 1).
///
/// Sowing is arithmetic, not seed by seed: with `k` seeds on a ring of `r`
/// pits, every pit gets `k / r` and the first `k % r` one more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Sowing {
    /// The first seed goes into the next pit. A lap of `2N` seeds or more goes
    /// round the board and drops into the emptied origin too (Bohnenspiel,
    /// Al-manqala).
    NextPit,
    /// The first seed goes into the next pit and the origin is skipped on
    /// every round (Oware Abapa).
    NextPitSkippingOrigin,
    /// The first seed goes back into the emptied origin, the rest into the
    /// following pits (Djenon-aboure, Tihbat).
    OriginFirst,
    /// As [`OriginFirst`](Sowing::OriginFirst), except that a single seed
    /// goes on into the next pit (Toguz Kumalak; MancalaGames' `sow_start`
    /// with `move_one`). Only a single lap without stores sown
    /// ([`RulesProblem::OriginFirstOrNextCombination`](crate::RulesProblem::OriginFirstOrNextCombination)).
    ///
    /// ```
    /// use mancala_rules::primitives::Sowing;
    ///
    /// let mut pits = [3, 0, 0, 0];
    /// assert_eq!(Sowing::OriginFirstOrNext.sow(&mut pits, 0), 2);
    /// assert_eq!(pits, [1, 1, 1, 0]);
    /// let mut pits = [1, 0, 0, 0];
    /// assert_eq!(Sowing::OriginFirstOrNext.sow(&mut pits, 0), 1);
    /// assert_eq!(pits, [0, 1, 0, 0]);
    /// ```
    OriginFirstOrNext,
}

impl Sowing {
    /// Sows one lap from pit `origin` (0-based, taken modulo `P`) and returns
    /// the pit where the last seed fell. An empty origin sows nothing and
    /// returns `origin`.
    ///
    /// ```
    /// use mancala_rules::primitives::Sowing;
    ///
    /// let mut pits = [3, 0, 0, 0];
    /// assert_eq!(Sowing::OriginFirst.sow(&mut pits, 0), 2);
    /// assert_eq!(pits, [1, 1, 1, 0]);
    /// let mut pits = [5, 0, 0, 0];
    /// assert_eq!(Sowing::NextPitSkippingOrigin.sow(&mut pits, 0), 2);
    /// assert_eq!(pits, [0, 2, 2, 1]);
    /// ```
    #[inline(always)]
    pub fn sow<const P: usize>(self, pits: &mut [u8; P], origin: usize) -> usize {
        let origin = wrap::<P>(origin);
        let (board, last) = self.lap(Packed::load(pits), origin, pits[origin]);
        board.store(pits);
        last
    }

    /// [`sow`](Sowing::sow) on the packed board: every pit of the ring gets
    /// `seeds / ring` (one multiply-add of the whole board), the next
    /// `seeds % ring` pits one more (one addition of a run of ones).
    /// `origin` (below `P`) holds `seeds` (read from the array by the
    /// caller: cheaper than from the board). Returns the board and the last
    /// pit sown.
    #[inline(always)]
    pub(crate) fn lap<const P: usize>(
        self,
        board: Packed<P>,
        origin: usize,
        seeds: u8,
    ) -> (Packed<P>, usize) {
        // One seed in the origin: the origin is emptied, and skipped.
        let origin_pit = Packed::<P>::one_in(origin);
        let mut board = board.minus(origin_pit.times(u32::from(seeds)));
        if seeds == 0 {
            return (board, origin);
        }
        let (first, ring) = if self == Sowing::OriginFirstOrNext && seeds == 1 {
            (wrap::<P>(origin + 1), P)
        } else {
            self.ring::<P>(origin)
        };
        // 32-bit division by the constant ring: cheaper than 64-bit.
        let (rounds, rest) = (u32::from(seeds) / ring as u32, u32::from(seeds) % ring as u32);
        let rest = rest as usize;
        // Full rounds: one seed in every pit of the ring, `rounds` times (no
        // branch on `rounds`: on small boards it is 0 or not at random).
        let mut round = Packed::<P>::ones(P);
        if self == Sowing::NextPitSkippingOrigin {
            round = round.minus(origin_pit);
        }
        board = board.plus(round.times(rounds));
        // The rest: one seed in each pit of `first..first + rest`, wrapping past
        // pit P. `rest < ring`, so this never reaches a skipped origin.
        let end = first + rest;
        let run = Packed::<P>::ones(end.min(P))
            .minus(Packed::ones(first))
            .plus(Packed::ones(end.saturating_sub(P)));
        (board.plus(run), last_pit::<P>(first, ring, rest))
    }

    /// The first pit sown from `origin`, and how many pits a round covers.
    #[inline(always)]
    pub(crate) fn ring<const P: usize>(self, origin: usize) -> (usize, usize) {
        match self {
            Sowing::NextPit => (wrap::<P>(origin + 1), P),
            Sowing::OriginFirst | Sowing::OriginFirstOrNext => (origin, P),
            Sowing::NextPitSkippingOrigin => (wrap::<P>(origin + 1), P - 1),
        }
    }

    /// The pits that receive at least one seed when `seeds` seeds are sown
    /// from `origin` on a board of `pits` pits: what the feeding rule asks.
    #[inline]
    #[must_use]
    pub fn reached(self, pits: usize, origin: usize, seeds: u8) -> PitSet {
        if pits == 0 || pits > 32 {
            return PitSet::EMPTY; // no board of that size exists
        }
        let seeds = usize::from(seeds);
        let origin = origin % pits;
        let (first, ring) = match self {
            Sowing::NextPit => (origin + 1, pits),
            Sowing::OriginFirst => (origin, pits),
            Sowing::OriginFirstOrNext if seeds == 1 => (origin + 1, pits),
            Sowing::OriginFirstOrNext => (origin, pits),
            Sowing::NextPitSkippingOrigin => (origin + 1, pits - 1),
        };
        let reached = ring_range(pits, first % pits, seeds.min(ring));
        match self {
            Sowing::NextPitSkippingOrigin => reached.difference(PitSet::single(origin)),
            _ => reached,
        }
    }
}

/// `index` modulo `P`, with the common in-range case a single comparison.
#[inline(always)]
fn wrap<const P: usize>(index: usize) -> usize {
    if index < P {
        index
    } else {
        index % P
    }
}

/// `count` consecutive pits from `first`, wrapping at `pits`.
fn ring_range(pits: usize, first: usize, count: usize) -> PitSet {
    let all = (1u64 << pits) - 1;
    let run = if count >= 64 {
        u64::MAX
    } else {
        (1u64 << count) - 1
    };
    let shifted = run << first;
    PitSet::from_bits(((shifted | shifted >> pits) & all) as u32)
}

/// The pit where the last of the seeds fell, when `rest` seeds were left
/// over after whole rounds of `ring` pits from `first`.
#[inline(always)]
fn last_pit<const P: usize>(first: usize, ring: usize, rest: usize) -> usize {
    // The last seed lies `(seeds - 1) % ring` pits after `first`.
    let last = first + if rest == 0 { ring - 1 } else { rest - 1 };
    if last >= P {
        last - P
    } else {
        last
    }
}

/// How a relay sowing ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Relay {
    /// The pit where the last seed of the last lap fell.
    pub last: usize,
    /// Laps sown (1 when there was no relay).
    pub laps: u32,
}

/// A relay sowing that would go on forever, or has not ended after its
/// rule's [`max_laps`](RelayRule::max_laps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("the relay sowing never ends (given up after {laps} laps)")]
pub struct EndlessRelay {
    /// Laps sown when the relay was found endless: a repetition seen, or
    /// the rule's `max_laps` reached (at least 1).
    pub laps: u32,
}

/// The [`max_laps`](RelayRule::max_laps) of [`relay_sow`] and
/// [`RelayRule::new`]: a relay still going after 65,536 laps counts as
/// endless. Generous, for a declaration that has no figure of its own: the
/// longest finite relay measured on 2x6 boards took 810 laps (see
/// [`relay_sow`]).
pub const RELAY_LAP_LIMIT: u32 = 1 << 16;

/// The lap limit on a board of more than 255 seeds, which no valid position
/// has and on which a lap is no longer exact (a pit's byte overflows).
const OVERFULL_LAP_LIMIT: u32 = 256;

/// Relay (multi-lap) sowing: sow a lap from `origin`; while the pit where the
/// last seed fell then holds a count in `relay_on`, pick it up and sow a new
/// lap from it.
///
/// A lap is determined by the board and the pit it starts from, so the relay
/// is endless exactly when a (board, start) pair repeats. Brent's cycle
/// detection finds the first repetition with one saved board and no
/// allocation, one comparison per lap, nothing when there is no relay. But a
/// cycle shows only after about as many laps as it is long, and cycles can be
/// long: on 12 million random boards of up to 48 seeds (Djenon-aboure's
/// counts), most of the 847 endless relays showed within a few hundred laps,
/// yet one took 845,252; with up to 100 seeds, one took 1.8 billion. So a
/// relay also counts as endless once it has gone on for its rule's
/// [`max_laps`](RelayRule::max_laps) laps ([`RELAY_LAP_LIMIT`], 65,536,
/// here). Of the 77 million relays on those boards that ended, the longest
/// took 482 laps (273 with up to 100 seeds); of 266 million on 40 million
/// more such boards, 810 (2 over 512 laps, 31 over 256: each doubling of
/// the length about a quarter as many); BENCHMARKS.md has the figures.
/// On a board of more than 255 seeds (invalid) the limit is 256 laps. On
/// `Err` the pits hold some board of the relay: work on a copy.
///
/// ```
/// use mancala_rules::primitives::{relay_sow, Counts, Sowing};
///
/// let relay_on = Counts::of(&[3]).union(Counts::at_least(5));
/// // Djenon-aboure: South's pit 1 in `6 6 5 4 3 4 | 5 2 1 2 1 9` never ends.
/// let mut pits = [6, 6, 5, 4, 3, 4, 5, 2, 1, 2, 1, 9];
/// assert!(relay_sow(&mut pits, 0, Sowing::OriginFirst, relay_on).is_err());
/// ```
#[inline(always)]
pub fn relay_sow<const P: usize>(
    pits: &mut [u8; P],
    origin: usize,
    sowing: Sowing,
    relay_on: Counts,
) -> Result<Relay, EndlessRelay> {
    relay_sow_pits(pits, origin, RelayRule::new(sowing, relay_on), LapStop::NONE)
}

/// Where the last seed of a sowing fell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Landing {
    /// In this pit (0-based).
    Pit(usize),
    /// In this player's store.
    Store(Player),
}

/// What ends a relay at a lap's last pit besides the counts of its rule,
/// made once a move from the turn ([`SowingTurn`](super::SowingTurn)'s
/// `lap_stop`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LapStop {
    /// A last pit of `pits` holding one of `counts` captures by count: the
    /// relay ends ([`RelayRule::stop_on_capture`]).
    pub(crate) counts: Counts,
    /// Where the capture by count may be made.
    pub(crate) pits: PitSet,
    /// A last pit of `facing` (the mover's row) holding 1, whose facing pit
    /// holds seeds, makes the facing capture: the relay ends
    /// ([`RelayRule::stop_on_capture`] with the turn's opposite capture).
    /// Empty otherwise.
    pub(crate) facing: PitSet,
    /// The pits a relay goes on from ([`RelayContinues::FromOwnRow`]: the
    /// mover's row; read only then).
    pub(crate) from: PitSet,
}

impl LapStop {
    /// Nothing but the rule's counts ends the relay.
    pub(crate) const NONE: LapStop = LapStop {
        counts: Counts::NONE,
        pits: PitSet::EMPTY,
        facing: PitSet::EMPTY,
        from: PitSet::EMPTY,
    };
}

/// Whether the relay ends at the lap's last pit `last`: its count does not
/// relay, it captures (`stop`), or the relay may not go on from it
/// ([`RelayRule::continues`]).
#[inline(always)]
pub(crate) fn lap_ends<const P: usize>(pits: &[u8; P], last: usize, rule: RelayRule, stop: LapStop) -> bool {
    let count = pits[last];
    !rule.relay_on.contains(count)
        || (stop.counts.contains(count) && stop.pits.contains(last))
        // The facing capture and the row: read only when declared (the
        // rule's fields are constants in a compiled game).
        || (rule.stop_on_capture && count == 1 && stop.facing.contains(last) && pits[P - 1 - last] > 0)
        || (matches!(rule.continues, RelayContinues::FromOwnRow) && !stop.from.contains(last))
}

/// The pit the relay's next lap sows after a lap ended in `last`, if it goes
/// on (see [`lap_ends`]).
#[inline(always)]
pub(crate) fn next_lap<const P: usize>(
    pits: &[u8; P],
    last: usize,
    rule: RelayRule,
    stop: LapStop,
) -> Option<usize> {
    if lap_ends(pits, last, rule, stop) {
        return None;
    }
    match rule.from {
        RelayFrom::LastPit => Some(last),
        RelayFrom::NextPit => {
            let after = wrap::<P>(last + 1);
            (pits[after] > 0).then_some(after)
        }
    }
}

/// One lap of a relay on its state, for [`relay_laps`]: sows from `start`
/// and says which pit the next lap sows, if any. Closures are laps.
pub(crate) trait RelayLap<S> {
    /// Sows the lap from `start`.
    fn lap(&mut self, state: &mut S, start: usize) -> Option<usize>;
}

impl<S, F: FnMut(&mut S, usize) -> Option<usize>> RelayLap<S> for F {
    #[inline(always)]
    fn lap(&mut self, state: &mut S, start: usize) -> Option<usize> {
        self(state, start)
    }
}

/// The lap of [`relay_sow_pits`], the relay of the games that sow no store.
/// A type rather than a closure so that it can be inlined always: every
/// place that sows a relay shares one closure type, which the compiler kept
/// as a function (its rule read at run time, not folded from the game's
/// constant declaration).
struct PitsLap {
    rule: RelayRule,
    stop: LapStop,
}

impl<const P: usize> RelayLap<([u8; P], usize)> for PitsLap {
    #[inline(always)]
    fn lap(&mut self, (pits, last): &mut ([u8; P], usize), start: usize) -> Option<usize> {
        *last = self.rule.sowing.sow(pits, start);
        next_lap(pits, *last, self.rule, self.stop)
    }
}

/// Relay sowing by a [`RelayRule`] on the pits alone (no store is sown).
#[inline(always)]
pub(crate) fn relay_sow_pits<const P: usize>(
    pits: &mut [u8; P],
    origin: usize,
    rule: RelayRule,
    stop: LapStop,
) -> Result<Relay, EndlessRelay> {
    // The state is the board and the last pit, so that the lap keeps
    // nothing outside it.
    let mut state = (*pits, 0usize);
    let laps = relay_laps(
        &mut state,
        wrap::<P>(origin),
        rule.max_laps,
        rule.at_max_laps.is_refused(),
        PitsLap { rule, stop },
        |(pits, _)| pits.iter().map(|&seeds| u32::from(seeds)).sum(),
    );
    *pits = state.0;
    Ok(Relay {
        last: state.1,
        laps: laps?,
    })
}

/// [`relay_sow_pits`] where each lap first puts one seed of those it takes
/// up in the mover's store
/// ([`BeforeSowing::FirstSeedToStore`](super::BeforeSowing::FirstSeedToStore)):
/// the relay, and the seeds so taken (also when it is endless, for the
/// board it then leaves in `pits`). Every lap must take up at least 2
/// seeds (the check sees to it).
#[inline(never)]
pub(crate) fn relay_sow_pits_first_to_store<const P: usize>(
    pits: &mut [u8; P],
    origin: usize,
    rule: RelayRule,
    stop: LapStop,
) -> (Result<Relay, EndlessRelay>, u32) {
    let mut state = (*pits, 0usize, 0u32);
    let laps = relay_laps(
        &mut state,
        wrap::<P>(origin),
        rule.max_laps,
        rule.at_max_laps.is_refused(),
        |(pits, last, taken): &mut ([u8; P], usize, u32), start: usize| {
            pits[start] = pits[start].saturating_sub(1);
            *taken += 1;
            *last = rule.sowing.sow(pits, start);
            next_lap(pits, *last, rule, stop)
        },
        |(pits, _, _)| pits.iter().map(|&seeds| u32::from(seeds)).sum(),
    );
    *pits = state.0;
    (laps.map(|laps| Relay { last: state.1, laps }), state.2)
}

/// Relay sowing by a [`RelayRule`] through the `stores` given (the mover's
/// is `pos.to_move`'s): a lap that ends in a store ends the relay; with
/// [`RelayContinues::ThroughOwnStore`] a lap may start from the mover's
/// store (the lap's start `P`). On `Err` `pos` holds some board of the
/// relay.
pub(crate) fn relay_sow_stores<const P: usize, const STORES_SWAPPED: bool>(
    pos: &mut Position<P>,
    origin: usize,
    rule: RelayRule,
    stores: Stores,
    stop: LapStop,
    out_of_play: PitSet,
) -> Result<(Landing, u32), EndlessRelay> {
    let mut landing = Landing::Pit(origin);
    let laps = relay_laps(
        pos,
        wrap::<P>(origin),
        rule.max_laps,
        rule.at_max_laps.is_refused(),
        |pos: &mut Position<P>, start: usize| {
            let through_store = matches!(rule.continues, RelayContinues::ThroughOwnStore);
            landing = if through_store && start == P {
                sow_from_store::<P, STORES_SWAPPED>(pos, stores)
            } else if out_of_play.is_empty() {
                sow_with_stores::<P, STORES_SWAPPED>(pos, start, rule.sowing, stores)
            } else {
                sow_skipping_out_of_play::<P, STORES_SWAPPED>(pos, start, rule.sowing, stores, out_of_play)
            };
            match landing {
                Landing::Pit(last) if through_store => {
                    next_through_store::<P, STORES_SWAPPED>(pos, last, rule, stores, stop)
                }
                Landing::Pit(last) => next_lap(&pos.pits, last, rule, stop),
                Landing::Store(_) => None,
            }
        },
        |pos| pos.seeds_on_board(),
    )?;
    Ok((landing, laps))
}

/// The owner of the store that lies after pit `N` (0-based `N - 1`): South,
/// or North with `STORES_SWAPPED`.
const fn middle_store<const SWAPPED: bool>() -> Player {
    if SWAPPED {
        Player::North
    } else {
        Player::South
    }
}

/// The place after `place` (counterclockwise) in a ring of the pits and
/// the stores in `ring`, South's store after pit `N` (North's with
/// `STORES_SWAPPED`), the other after pit `2N`.
#[inline(always)]
fn place_after<const P: usize, const STORES_SWAPPED: bool>(place: Landing, ring: [bool; 2]) -> Landing {
    let n = P / 2;
    let middle = middle_store::<STORES_SWAPPED>();
    match place {
        Landing::Pit(pit) if pit == n - 1 && ring[middle.index()] => Landing::Store(middle),
        Landing::Pit(pit) if pit == P - 1 && ring[middle.opponent().index()] => {
            Landing::Store(middle.opponent())
        }
        Landing::Pit(pit) => Landing::Pit(wrap::<P>(pit + 1)),
        Landing::Store(owner) if owner == middle => Landing::Pit(n),
        Landing::Store(_) => Landing::Pit(0),
    }
}

/// Which stores a lap of `mover` sows: South's, North's.
const fn stores_in_ring(stores: Stores, mover: Player) -> [bool; 2] {
    match stores {
        Stores::None => [false, false],
        Stores::Own => [matches!(mover, Player::South), matches!(mover, Player::North)],
        Stores::Both => [true, true],
    }
}

/// One lap of a relay going on through the mover's store
/// ([`RelayContinues::ThroughOwnStore`]): its seeds are taken up (the
/// mover's score falls to 0) and sown one a place from the place after the
/// store on, through the pits and the `stores` sown. Seed by seed: such a
/// lap is rare (its store must be reached by the lap before).
#[inline(never)]
pub(crate) fn sow_from_store<const P: usize, const STORES_SWAPPED: bool>(
    pos: &mut Position<P>,
    stores: Stores,
) -> Landing {
    let mover = pos.to_move;
    let ring = stores_in_ring(stores, mover);
    let seeds = pos.scores[mover.index()];
    pos.scores[mover.index()] = 0;
    let mut place = Landing::Store(mover);
    for _ in 0..seeds {
        place = place_after::<P, STORES_SWAPPED>(place, ring);
        match place {
            Landing::Pit(pit) => pos.pits[pit] = pos.pits[pit].wrapping_add(1),
            Landing::Store(owner) => {
                pos.scores[owner.index()] = pos.scores[owner.index()].wrapping_add(1);
            }
        }
    }
    place
}

/// The start of the relay's next lap after a lap ended in pit `last`, with
/// [`RelayContinues::ThroughOwnStore`]: after the last pit of the mover's
/// row, their store (`P`) when it is sown and holds seeds, unless the lap
/// ends there ([`lap_ends`]); elsewhere as [`next_lap`] says.
#[inline(never)]
fn next_through_store<const P: usize, const STORES_SWAPPED: bool>(
    pos: &Position<P>,
    last: usize,
    rule: RelayRule,
    stores: Stores,
    stop: LapStop,
) -> Option<usize> {
    let mover = pos.to_move;
    let before_store = if mover == middle_store::<STORES_SWAPPED>() {
        P / 2 - 1
    } else {
        P - 1
    };
    if last != before_store || !stores_in_ring(stores, mover)[mover.index()] {
        return next_lap(&pos.pits, last, rule, stop);
    }
    if lap_ends(&pos.pits, last, rule, stop) || pos.scores[mover.index()] == 0 {
        return None;
    }
    Some(P)
}

/// The laps of a relay on `state`: `lap` sows one from the pit given and
/// says which pit the next sows, if any. Returns the laps sown, at most
/// `max_laps` (at least 1): a relay still going after `max_laps` laps is
/// endless. Without `detect_cycles` (a relay that ends the game at its cap,
/// [`AtMaxLaps::EndsGame`]) only the lap limits stop it, so that the board
/// at the cap is the one after exactly `max_laps` laps.
///
/// A lap is determined by the board and the pit it starts from, so the relay
/// is endless exactly when a (state, start) pair repeats: Brent's cycle
/// detection compares each lap start with a saved one, saving anew at powers
/// of two (one saved board, no allocation, nothing when there is no relay).
/// With stores, equal pits mean equal stores (seeds are conserved). The lap
/// limits bound the work (see [`relay_sow`]); `seeds` counts the board for
/// the over-full one.
#[inline(always)]
pub(crate) fn relay_laps<S: Copy + PartialEq>(
    state: &mut S,
    origin: usize,
    max_laps: u32,
    detect_cycles: bool,
    mut lap: impl RelayLap<S>,
    seeds: impl Fn(&S) -> u32,
) -> Result<u32, EndlessRelay> {
    // `lap` is called in one place only (the first lap is the loop's first
    // pass), so that a lap inlined here is inlined once.
    let mut laps = 0u32;
    let mut start = origin;
    // The limits are checked only from `check_from` on (the board's total
    // is looked at then, not on every relay): the lower of the two.
    let check_from = max_laps.min(OVERFULL_LAP_LIMIT);
    let mut saved = (*state, start);
    let mut power = 1u32;
    let mut since_saved = 0u32;
    loop {
        let next = lap.lap(state, start);
        laps += 1;
        match next {
            None => return Ok(laps),
            Some(pit) => start = pit,
        }
        if laps == 1 {
            // The first lap relays: the cycle search starts from here.
            if max_laps <= 1 {
                return Err(EndlessRelay { laps });
            }
            saved = (*state, start);
            continue;
        }
        if detect_cycles && (*state, start) == saved {
            return Err(EndlessRelay { laps });
        }
        // `laps` laps are sown and the relay goes on.
        if laps >= check_from && (laps >= max_laps || seeds(state) > 255) {
            return Err(EndlessRelay { laps });
        }
        since_saved += 1;
        if since_saved == power {
            saved = (*state, start);
            power = power.saturating_mul(2);
            since_saved = 0;
        }
    }
}

/// One lap from `origin` through the pits and the `stores` given: South's
/// store lies after pit `N`, North's after pit `2N` (with `STORES_SWAPPED`,
/// North's after pit `N` and South's after pit `2N`: a clockwise move of
/// [`Direction::ByParity`](super::Direction::ByParity) seen in the mirror).
/// Whole rounds are added at once; the rest (fewer than a round, at most 31
/// places) seed by seed.
#[inline]
pub(crate) fn sow_with_stores<const P: usize, const STORES_SWAPPED: bool>(
    pos: &mut Position<P>,
    origin: usize,
    sowing: Sowing,
    stores: Stores,
) -> Landing {
    let origin = wrap::<P>(origin);
    let seeds = usize::from(pos.pits[origin]);
    pos.pits[origin] = 0;
    if seeds == 0 {
        return Landing::Pit(origin);
    }
    let in_ring = stores_in_ring(stores, pos.to_move);
    let skip = sowing == Sowing::NextPitSkippingOrigin;
    let skipped = skip.then_some(origin);
    let ring = P - usize::from(skip) + usize::from(in_ring[0]) + usize::from(in_ring[1]);
    let (mut rounds, mut rest) = (seeds / ring, seeds % ring);
    if rest == 0 {
        // The last round is walked, to find where it ends.
        rounds -= 1;
        rest = ring;
    }
    if rounds > 0 {
        // At most 255 seeds in a valid position: `rounds` fits a byte.
        let rounds = rounds as u8;
        for pit in pos.pits.iter_mut() {
            *pit = pit.wrapping_add(rounds);
        }
        if skip {
            pos.pits[origin] = pos.pits[origin].wrapping_sub(rounds);
        }
        for player in Player::BOTH {
            if in_ring[player.index()] {
                pos.scores[player.index()] = pos.scores[player.index()].wrapping_add(rounds);
            }
        }
    }
    let mut place = if sowing == Sowing::OriginFirst || (sowing == Sowing::OriginFirstOrNext && seeds > 1) {
        Landing::Pit(origin)
    } else {
        next_place::<P, STORES_SWAPPED>(Landing::Pit(origin), in_ring, skipped)
    };
    for left in (0..rest).rev() {
        match place {
            Landing::Pit(pit) => pos.pits[pit] = pos.pits[pit].wrapping_add(1),
            Landing::Store(player) => {
                pos.scores[player.index()] = pos.scores[player.index()].wrapping_add(1);
            }
        }
        if left == 0 {
            break;
        }
        place = next_place::<P, STORES_SWAPPED>(place, in_ring, skipped);
    }
    place
}

/// The place after `place` on the ring of `sow_with_stores`: the pits and
/// the stores of `ring` (South's, North's: [`stores_in_ring`]), `skipped`
/// (the origin, if the sowing skips it) left out. A function always
/// inlined, not a closure: called, it returned its place through memory,
/// and reading it back stalled the walk (a third of the sowing's time in a
/// profile of the table's check).
#[inline(always)]
fn next_place<const P: usize, const STORES_SWAPPED: bool>(
    place: Landing,
    ring: [bool; 2],
    skipped: Option<usize>,
) -> Landing {
    let place = place_after::<P, STORES_SWAPPED>(place, ring);
    match skipped {
        Some(origin) if place == Landing::Pit(origin) => place_after::<P, STORES_SWAPPED>(place, ring),
        _ => place,
    }
}

/// [`sow_with_stores`] with the pits of `out_of_play` (a round's unfilled
/// pits, see [`SowingTurn::out_of_play`](super::SowingTurn::out_of_play))
/// skipped like a skipped origin: they get no seed. A function of its own,
/// so that the games without out-of-play pits keep `sow_with_stores` as it
/// was (its walk is Kalah's hot loop). `STORES_SWAPPED` as there (a
/// clockwise move seen in the mirror, its stores at the counterclockwise
/// ends: Lagerung).
pub(crate) fn sow_skipping_out_of_play<const P: usize, const STORES_SWAPPED: bool>(
    pos: &mut Position<P>,
    origin: usize,
    sowing: Sowing,
    stores: Stores,
    out_of_play: PitSet,
) -> Landing {
    let origin = wrap::<P>(origin);
    let seeds = usize::from(pos.pits[origin]);
    pos.pits[origin] = 0;
    if seeds == 0 {
        return Landing::Pit(origin);
    }
    let in_ring = stores_in_ring(stores, pos.to_move);
    let skip = sowing == Sowing::NextPitSkippingOrigin;
    let skipped = skip.then_some(origin);
    // The step of `sow_with_stores`, and on past out-of-play pits.
    let after = |place: Landing| {
        let mut place = next_place::<P, STORES_SWAPPED>(place, in_ring, skipped);
        while let Landing::Pit(pit) = place {
            if !out_of_play.contains(pit) {
                break;
            }
            place = next_place::<P, STORES_SWAPPED>(place, in_ring, skipped);
        }
        place
    };
    // The origin holds seeds, so it is never out of play.
    let out_of_play = out_of_play
        .intersection(PitSet::first(P))
        .difference(PitSet::single(origin));
    let ring = P - usize::from(skip) - out_of_play.len() + usize::from(in_ring[0]) + usize::from(in_ring[1]);
    if ring == 0 {
        // Nowhere to sow (every other pit out of play): nothing moves.
        pos.pits[origin] = seeds as u8;
        return Landing::Pit(origin);
    }
    let (mut rounds, mut rest) = (seeds / ring, seeds % ring);
    if rest == 0 {
        // The last round is walked, to find where it ends.
        rounds -= 1;
        rest = ring;
    }
    if rounds > 0 {
        // At most 255 seeds in a valid position: `rounds` fits a byte.
        let rounds = rounds as u8;
        for pit in pos.pits.iter_mut() {
            *pit = pit.wrapping_add(rounds);
        }
        if skip {
            pos.pits[origin] = pos.pits[origin].wrapping_sub(rounds);
        }
        for pit in out_of_play {
            pos.pits[pit] = pos.pits[pit].wrapping_sub(rounds);
        }
        for player in Player::BOTH {
            if in_ring[player.index()] {
                pos.scores[player.index()] = pos.scores[player.index()].wrapping_add(rounds);
            }
        }
    }
    let mut place = if sowing == Sowing::OriginFirst || (sowing == Sowing::OriginFirstOrNext && seeds > 1) {
        Landing::Pit(origin)
    } else {
        after(Landing::Pit(origin))
    };
    for left in (0..rest).rev() {
        match place {
            Landing::Pit(pit) => pos.pits[pit] = pos.pits[pit].wrapping_add(1),
            Landing::Store(player) => {
                pos.scores[player.index()] = pos.scores[player.index()].wrapping_add(1);
            }
        }
        if left == 0 {
            break;
        }
        place = after(place);
    }
    place
}
