//! A whole game as one declaration: [`Rules`], the stages of a turn as data,
//! and [`Declared`], which makes a declaration a [`Ruleset`].

use std::fmt::Debug;

use crate::error::IllegalMove;
use crate::moves::{Move, MoveSet, PitSet};
use crate::outcome::{EndReason, MoveReport, Outcome, Repetition, Turn};
use crate::position::{Board, Player, Position};
use crate::primitives::{
    feeding_moves, BeforeSowing, CaptureAt, GrandSlam, Lap, LapCaptureGoesOn, MoveRestriction,
    RelayContinues, RelayFrom, RelayRule, SlamJudged, SowingTurn, Stores, Sweep,
};
use crate::rng::SplitMix64;
use crate::rounds::Rounds;
use crate::ruleset::Ruleset;
use crate::validation::{Problems, RulesProblem};

/// A game, declared: the stages of a turn, each a small value, read by one
/// piece of code (this module and [`primitives`](crate::primitives)).
///
/// | stage | field |
/// |---|---|
/// | geometry: two rows of `N` pits (`N` from the position type), seeds a pit, stores | [`seeds`](Rules::seeds), [`has_stores`](Rules::has_stores) |
/// | which pits may be played, and a player with no move | [`play`](Rules::play): [`Playable`] |
/// | sowing, capture, who moves next | [`turn`](Rules::turn): [`SowingTurn`] |
/// | the end and its scoring | [`end`](Rules::end): [`Ending`] |
/// | the rules that look at the game's history | [`history`](Rules::history): [`HistoryRules`] |
///
/// A type that returns its `Rules` from [`Declared::rules`] is a
/// [`Ruleset`]: legal moves, the refusal reasons, applying a move, the end,
/// perft, playouts, the search engines and [`Game`](crate::Game) all follow
/// from the declaration. Declared as a `const`, it costs nothing at run time:
/// the compiler sees every stage as a constant and keeps only the code the
/// game uses.
///
/// Here is a game the crate does not ship, in a dozen lines ([`declare!`](crate::declare)
/// makes the unit type and its [`Declared`] impl): Kalah's stores and extra
/// turns on a 2x4 board, sown clockwise, with Oware's captures.
///
/// ```
/// use mancala_rules::primitives::{CaptureRule, Counts, Direction, ExtraTurn, SowingTurn, Stores};
/// use mancala_rules::{declare, Game, Rules};
///
/// declare!(pub Clockwise, 8, Rules {
///     name: "clockwise",
///     seeds: 3,
///     has_stores: true,
///     turn: SowingTurn {
///         direction: Direction::Clockwise,
///         stores: Stores::Own,
///         capture: CaptureRule::chain(Counts::of(&[2, 3])),
///         extra_turn: ExtraTurn::IN_OWN_STORE,
///         ..SowingTurn::DEFAULT
///     },
///     ..Rules::DEFAULT
/// });
///
/// let mut game = Game::new(Clockwise);
/// game.play("1".parse()?)?; // pit 1's three seeds: South's store, then pits 8 and 7
/// assert_eq!(game.position().to_string(), "0 3 3 3 | 3 3 4 4 1-0 N");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Rules {
    /// The game's name, as the replay protocol and [`GameKind`](crate::GameKind) spell it.
    pub name: &'static str,
    /// Seeds in each pit at the opening.
    pub seeds: u8,
    /// Whether each player has a store (the captures are kept there; shown
    /// as "store" rather than "captured"). Sowing into stores is
    /// [`SowingTurn::stores`].
    pub has_stores: bool,
    /// Which pits may be played.
    pub play: Playable,
    /// Sowing, capture and who moves next.
    pub turn: SowingTurn,
    /// When the game ends before a player is stuck, and how it is scored.
    pub end: Ending,
    /// The rules that look at the game's history.
    pub history: HistoryRules,
    /// Whether the game is a match of rounds, and how a round follows
    /// another ([`Rounds`]; `None`: one game). These rules are then one
    /// round's; [`Match`](crate::Match) plays the rounds.
    pub rounds: Option<Rounds>,
    /// The opening board, when its pits do not all hold
    /// [`seeds`](Rules::seeds) ([`StartBoard`](crate::StartBoard); `None`:
    /// every pit holds `seeds`). The game's seeds are then the board's.
    pub start: Option<crate::StartBoard>,
    /// Whether the opening is dealt at random ([`Deal`](crate::Deal);
    /// `None`: the opening is [`start`](Rules::start)'s board, or `seeds`
    /// in every pit). The game's seeds are still those of that board;
    /// [`Ruleset::dealt_start`](crate::Ruleset::dealt_start) spreads them.
    pub deal: Option<crate::Deal>,
    /// The starter's first move, when the rules prescribe it: South sows
    /// from this pit (its number, 1 to the row's length) before the game
    /// begins, and [`Ruleset::start`](crate::Ruleset::start) is the
    /// position after it (`None`: the opening is the board, South to move).
    /// A move without a choice is no decision, so records, searches and
    /// the protocol start after it. MancalaGames' start pattern
    /// `MOVE_RIGHTMOST` (Sadeqa IV) is `Some(row's length)`.
    ///
    /// Played with the game's own rules; the declaration's check refuses
    /// a pit off the row, a pit the start board leaves too few seeds to
    /// move, and the rules that could make the move illegal or not one
    /// move ([`RulesProblem::FirstMove`](crate::RulesProblem::FirstMove)).
    ///
    /// ```
    /// use mancala_rules::{declare, Declared, Rules, Ruleset};
    ///
    /// declare!(Rightmost, 6, Rules { seeds: 3, first_move: Some(3), ..Rules::DEFAULT });
    /// // South's pit 3 sowed into North's 4, 5 and 6; North moves first.
    /// assert_eq!(Rightmost.start().to_string(), "3 3 0 | 4 4 4 0-0 N");
    /// assert!(Rightmost.rules().problems(6).is_empty());
    /// assert!(!Rules { first_move: Some(4), ..*Rightmost.rules() }.problems(6).is_empty());
    /// ```
    pub first_move: Option<u8>,
    /// The rules of the opening ([`Opening`](crate::Opening): no capture in
    /// the first moves; `None`: the game plays the same from its first
    /// move). Its positions then hold the moves of the opening left
    /// ([`Position::opening_left`]).
    pub opening: Option<crate::Opening>,
}

impl Rules {
    /// Four seeds a pit, no store, any non-empty pit may move, the turn of
    /// [`SowingTurn::DEFAULT`], a player with no move ends the game and each
    /// keeps their own row: the base that declarations change.
    pub const DEFAULT: Rules = Rules {
        name: "custom",
        seeds: 4,
        has_stores: false,
        play: Playable::DEFAULT,
        turn: SowingTurn::DEFAULT,
        end: Ending::DEFAULT,
        history: HistoryRules::DEFAULT,
        rounds: None,
        start: None,
        deal: None,
        first_move: None,
        opening: None,
    };
}

impl Default for Rules {
    fn default() -> Self {
        Rules::DEFAULT
    }
}

/// Which pits may be played (what a player with no move does is
/// [`Ending::stuck`]).
///
/// A pit of the mover's row may be played when it holds at least
/// `min_seeds` seeds, its relay sowing (if the game has one) ends, it is not
/// an illegal grand slam ([`GrandSlam::Illegal`]), and, with `must_feed`,
/// when the opponent's row is empty, it drops a seed there.
///
/// ```
/// use mancala_rules::{Declared, Ending, Playable, Position, Rules, Ruleset, Stuck, Leftover};
///
/// #[derive(Clone, Copy, Debug)]
/// struct Pairs;
/// impl Declared for Pairs {
///     type Position = Position<4>;
///     fn rules(&self) -> &Rules {
///         const RULES: Rules = Rules {
///             play: Playable { min_seeds: 2, ..Playable::DEFAULT },
///             end: Ending { stuck: Stuck::Passes(Leftover::Owners), ..Ending::DEFAULT },
///             ..Rules::DEFAULT
///         };
///         &RULES
///     }
/// }
/// let pos: Position<4> = "1 3 | 0 12 0-0 S".parse()?;
/// assert_eq!(Pairs.legal_moves(&pos).to_string(), "2"); // pit 1 holds a single seed
/// let pos: Position<4> = "1 1 | 0 14 0-0 S".parse()?;
/// assert_eq!(Pairs.legal_moves(&pos).to_string(), "pass"); // North can move
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields, default))]
pub struct Playable {
    /// Seeds a pit must hold to be played (Djenon-aboure: 2).
    pub min_seeds: u8,
    /// When the opponent's row is empty, only moves that drop a seed into it
    /// are legal; if none does, the game ends ([`Ending::starvation`]).
    pub must_feed: bool,
    /// With `must_feed`: whether a move feeds the empty row by the board
    /// after its sowing ([`Feeding::AfterSowing`], the default) or after its
    /// captures too ([`Feeding::AfterCapture`]).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Feeding::is_after_sowing"))]
    pub feeding: Feeding,
    /// Which of the pits holding enough seeds may be played (judged before
    /// the feeding rule and the grand slam rule). See [`MoveRestriction`].
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "MoveRestriction::is_free"))]
    pub restriction: MoveRestriction,
    /// Whether a single seed just sown round an end of the board may not
    /// be sown straight back: after a move that sowed one seed from an end
    /// pit of the mover's row into the facing end pit of the opponent's
    /// (round the end of the board: pit 1 and `2N`, or pit `N` and
    /// `N + 1`), which then holds that one seed, the opponent may not play
    /// that pit in the next move (MancalaGames' `DontUndoMoveOne`, in its
    /// games whose halves sow outward: Alemungula, Andot, Qelat). The
    /// position holds the pit barred ([`Position::barred`]).
    ///
    /// The bar is judged after the whole move: a pit the capture emptied
    /// is not barred, nor one that became a child; a move that gives the
    /// mover another turn bars nothing (the pit barred would be the
    /// mover's own, which the seed has just left empty), nor does a pass.
    /// Only in a game whose halves sow outward ([`RowHalves::Outward`](crate::primitives::RowHalves::Outward),
    /// where an end pit's seeds go round the end) and singletons move
    /// ([`RulesProblem::BarredReturnCombination`]).
    ///
    /// Here, on a 2x3 board whose halves sow outward (the centre chosen),
    /// South's pit 1 sows its single seed round the end into North's pit
    /// 6: North may not sow it straight back.
    ///
    /// ```
    /// use mancala_rules::primitives::{RowHalves, SowingTurn};
    /// use mancala_rules::{declare, IllegalMove, Move, PitSet, Playable, Rules, Ruleset};
    ///
    /// declare!(NoReturn, 6, Rules {
    ///     seeds: 2,
    ///     play: Playable { barred_return: true, ..Playable::DEFAULT },
    ///     turn: SowingTurn { halves: RowHalves::Outward, chosen_direction: PitSet::single(1), ..SowingTurn::DEFAULT },
    ///     ..Rules::DEFAULT
    /// });
    /// let pos = "1 2 2 | 2 2 0 0-0 S".parse()?;
    /// let (after, _) = NoReturn.play(&pos, Move::Pit(1))?;
    /// assert_eq!(after.to_string(), "0 2 2 | 2 2 1 0-0 N b6");
    /// assert_eq!(NoReturn.legal_moves(&after).to_string(), "4 5ccw 5cw");
    /// assert_eq!(NoReturn.play(&after, Move::Pit(6)), Err(IllegalMove::BarredReturn { pit: 6 }));
    /// // North plays 4; the bar is lifted after one move.
    /// let (after, _) = NoReturn.play(&after, Move::Pit(4))?;
    /// assert_eq!(after.barred(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "is_false"))]
    pub barred_return: bool,
    /// With an illegal grand slam ([`GrandSlam::Illegal`]): what a player
    /// whose every move would be a grand slam does. See [`SlamsOnly`].
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "SlamsOnly::is_played"))]
    pub slams_only: SlamsOnly,
}

/// With an illegal grand slam ([`GrandSlam::Illegal`]), what a player
/// whose every move (of those [`Playable`] allows otherwise) would capture
/// every seed of the opponent's row does: the moves are played anyway,
/// capturing nothing ([`Played`](SlamsOnly::Played), the default), or the
/// player has no move ([`NoMove`](SlamsOnly::NoMove)), and the stuck
/// player's rule ([`Ending::stuck`]) applies, or the eliminating goal's.
///
/// Here on a 2x3 board (Modiar's turn: sown from the origin first, 2, 4 or
/// 6 captured and chained backward anywhere, grand slams illegal) North's
/// only pits that may move are 4 (6 seeds) and 6 (16 seeds), and each
/// would make South's pits 1 to 3 hold 2 (or 4) seeds each and capture
/// them all. With [`Played`](SlamsOnly::Played) both are legal and capture
/// nothing; with [`NoMove`](SlamsOnly::NoMove) (MancalaGames' reading of
/// its `NOT_LEGAL` grand slam: no move is left) North is stuck, and the
/// game ends, each player keeping the seeds of their own row.
///
/// ```
/// use mancala_rules::primitives::{CaptureRule, Counts, GrandSlam, Lap, Sowing, SowingTurn};
/// use mancala_rules::{declare, EndReason, Playable, Rules, Ruleset, SlamsOnly};
///
/// const fn modiar(slams_only: SlamsOnly) -> Rules {
///     Rules {
///         seeds: 7,
///         play: Playable { min_seeds: 2, slams_only, ..Playable::DEFAULT },
///         turn: SowingTurn {
///             lap: Lap::Single(Sowing::OriginFirst),
///             capture: CaptureRule::chain(Counts::of(&[2, 4, 6])),
///             grand_slam: GrandSlam::Illegal,
///             ..SowingTurn::DEFAULT
///         },
///         ..Rules::DEFAULT
///     }
/// }
/// declare!(Played, 6, modiar(SlamsOnly::Played));
/// declare!(NoMove, 6, modiar(SlamsOnly::NoMove));
/// let pos = "1 1 1 | 6 1 16 4-12 N".parse()?;
/// assert_eq!(Played.legal_moves(&pos).to_string(), "4 6");
/// let (after, report) = Played.play(&pos, mancala_rules::Move::Pit(4))?;
/// assert_eq!((after.to_string(), report.seeds_captured), ("2 2 2 | 1 2 17 4-12 S".to_string(), 0));
/// assert!(NoMove.legal_moves(&pos).is_empty());
/// let outcome = NoMove.status(&pos).outcome().expect("North is stuck");
/// assert_eq!((outcome.totals, outcome.reason), ([7, 35], EndReason::MoverRowEmpty));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum SlamsOnly {
    /// The grand slams are played, and capture nothing (the crate's
    /// reading where a source says only that a grand slam is illegal).
    #[default]
    Played,
    /// None is legal: the player has no move (MancalaGames' `NOT_LEGAL`
    /// grand slam, whose filter leaves no move).
    NoMove,
}

impl SlamsOnly {
    /// Whether this is the default, [`SlamsOnly::Played`] (the data form
    /// leaves it out).
    #[must_use]
    pub const fn is_played(&self) -> bool {
        matches!(self, SlamsOnly::Played)
    }
}

/// serde's `skip_serializing_if` for a flag left out when false.
#[cfg(feature = "serde")]
#[allow(clippy::trivially_copy_pass_by_ref)] // serde passes a reference
fn is_false(flag: &bool) -> bool {
    !*flag
}

/// When [`Playable::must_feed`] judges whether a move feeds the opponent's
/// empty row: on the board after the move's sowing, or after its captures.
///
/// Here, on a 2x2 board with Oware's turn (captures of 2 or 3 chained
/// backward in the opponent's row, the origin skipped) but grand slams
/// allowed, North's row is empty. South's pit 1 sows its 2 seeds into pits
/// 2 and 3: pit 3 holds 1, nothing is captured, North is fed. Pit 2 sows
/// its 5 seeds into 3, 4, 1, 3, 4: pits 3 and 4 hold 2 each, and both are
/// captured: the sowing fed North, the captures took it all back.
///
/// ```
/// use mancala_rules::primitives::{CaptureRule, CaptureScope, Counts, Lap, Sowing, SowingTurn};
/// use mancala_rules::{declare, Feeding, Playable, Rules, Ruleset};
///
/// const fn feeding(feeding: Feeding) -> Rules {
///     Rules {
///         play: Playable { must_feed: true, feeding, ..Playable::DEFAULT },
///         turn: SowingTurn {
///             lap: Lap::Single(Sowing::NextPitSkippingOrigin),
///             capture: CaptureRule::chain(Counts::of(&[2, 3])),
///             scope: CaptureScope::OpponentRow,
///             ..SowingTurn::DEFAULT
///         },
///         ..Rules::DEFAULT
///     }
/// }
/// declare!(AfterSowing, 4, feeding(Feeding::AfterSowing));
/// declare!(AfterCapture, 4, feeding(Feeding::AfterCapture));
/// let pos = "2 5 | 0 0 9-0 S".parse()?;
/// assert_eq!(AfterSowing.legal_moves(&pos).to_string(), "1 2");
/// assert_eq!(AfterCapture.legal_moves(&pos).to_string(), "1");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Feeding {
    /// A move feeds the row if its sowing (every lap of a relay) leaves
    /// seeds there, whatever it then captures (Oware, Al-manqala).
    #[default]
    AfterSowing,
    /// A move feeds the row only if seeds are still there after its
    /// captures (MancalaGames' reading of its "must share" games).
    AfterCapture,
}

impl Feeding {
    /// Whether this is the default, [`Feeding::AfterSowing`] (the data
    /// form leaves it out).
    #[must_use]
    pub const fn is_after_sowing(&self) -> bool {
        matches!(self, Feeding::AfterSowing)
    }
}

impl Default for Playable {
    /// [`Playable::DEFAULT`].
    fn default() -> Self {
        Playable::DEFAULT
    }
}

impl Playable {
    /// Any non-empty pit; no feeding rule.
    pub const DEFAULT: Playable = Playable {
        min_seeds: 1,
        must_feed: false,
        feeding: Feeding::AfterSowing,
        restriction: MoveRestriction::Free,
        barred_return: false,
        slams_only: SlamsOnly::Played,
    };
}

/// What a player with no legal move does.
///
/// ```
/// use mancala_rules::{declare, Ending, Leftover, Rules, Ruleset, Stuck};
///
/// declare!(Ends, 4, Rules { end: Ending { stuck: Stuck::Ends(Leftover::Opponent), ..Ending::DEFAULT }, ..Rules::DEFAULT });
/// declare!(Passes, 4, Rules { end: Ending { stuck: Stuck::Passes(Leftover::Owners), ..Ending::DEFAULT }, ..Rules::DEFAULT });
/// let pos = "0 0 | 2 3 6-5 S".parse()?; // South has no seed
/// assert_eq!(Ends.status(&pos).outcome().map(|o| o.totals), Some([6, 10]));
/// assert_eq!(Passes.legal_moves(&pos).to_string(), "pass");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Stuck {
    /// The game ends ([`EndReason::MoverRowEmpty`]) and the seeds left go as
    /// the [`Leftover`] says (Bohnenspiel: to the opponent; Oware: to their
    /// owners).
    Ends(Leftover),
    /// The player passes, while the opponent has a move; when neither has,
    /// the game ends: all captured if the board is empty
    /// ([`EndReason::AllCaptured`]), else ([`EndReason::NoMoves`]) the seeds
    /// left go as the [`Leftover`] says (Djenon-aboure: to their owners).
    Passes(Leftover),
}

/// Where the seeds left on the board go when a game ends.
///
/// "Player to move" and "opponent" are seen from the position where the
/// game ends: in Bohnenspiel, the player to move has an empty row and the
/// opponent (who made the last move) takes the board.
///
/// ```
/// use mancala_rules::{EndReason, Leftover, Position};
///
/// let pos: Position<4> = "0 0 | 3 1 10-10 S".parse()?;
/// assert_eq!(Leftover::Opponent.outcome(&pos, EndReason::MoverRowEmpty).totals, [10, 14]);
/// assert_eq!(Leftover::Split.outcome(&pos, EndReason::Repetition).totals, [12, 12]);
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Leftover {
    /// Each player takes the seeds of their own row.
    Owners,
    /// The player to move takes them all.
    PlayerToMove,
    /// The player to move's opponent takes them all.
    Opponent,
    /// Nobody: they are not counted.
    Nobody,
    /// They are split equally (see [`Outcome::split`]).
    Split,
    /// They are split equally, and an odd seed goes to the player behind
    /// (North on equal scores), judged on the scores of the position where
    /// the game ends (see [`Outcome::split_odd_to_behind`]):
    /// MancalaGames' "divvied" leftovers. [`Split`](Leftover::Split) leaves
    /// an odd seed unassigned; on an even board the two read alike.
    ///
    /// ```
    /// use mancala_rules::{EndReason, Leftover, Position};
    ///
    /// // 3 seeds left: 1 each, and the odd one to North, who is behind.
    /// let pos: Position<4> = "2 0 | 1 0 11-10 S".parse()?;
    /// assert_eq!(Leftover::SplitOddToBehind.outcome(&pos, EndReason::NoMoves).totals, [12, 12]);
    /// assert_eq!(Leftover::Split.outcome(&pos, EndReason::NoMoves).totals, [12, 11]);
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    SplitOddToBehind,
}

impl Leftover {
    /// The outcome of a game ending in `pos` for `reason`.
    #[must_use]
    pub fn outcome<B: Board>(self, pos: &B, reason: EndReason) -> Outcome {
        match self {
            Leftover::Owners => Outcome::own_rows(pos).because(reason),
            Leftover::PlayerToMove => Outcome::sweep(pos, pos.to_move(), reason),
            Leftover::Opponent => Outcome::sweep(pos, pos.to_move().opponent(), reason),
            Leftover::Nobody => Outcome::all_captured(pos).because(reason),
            Leftover::Split => Outcome::split(pos, reason),
            Leftover::SplitOddToBehind => Outcome::split_odd_to_behind(pos, reason),
        }
    }
}

/// When a game ends, and how it is scored: a player with no move
/// ([`stuck`](Ending::stuck)), and the ends that come before it.
///
/// ```
/// use mancala_rules::{Declared, EndReason, Ending, Leftover, Position, Rules, Ruleset};
///
/// #[derive(Clone, Copy, Debug)]
/// struct FirstToHalf;
/// impl Declared for FirstToHalf {
///     type Position = Position<4>;
///     fn rules(&self) -> &Rules {
///         const RULES: Rules = Rules {
///             end: Ending { majority: Some(Leftover::Owners), ..Ending::DEFAULT },
///             ..Rules::DEFAULT
///         };
///         &RULES
///     }
/// }
/// let pos: Position<4> = "2 3 | 1 1 9-0 N".parse()?; // 9 of 16 captured
/// let outcome = FirstToHalf.status(&pos).outcome().unwrap();
/// assert_eq!((outcome.totals, outcome.reason), ([14, 2], EndReason::Majority));
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields, default))]
pub struct Ending {
    /// What a player with no legal move does: the game ends, or the player
    /// passes.
    pub stuck: Stuck,
    /// A player who has captured more than half of the seeds ends the game
    /// ([`EndReason::Majority`]); the seeds left go as said (Oware: to
    /// their owners).
    pub majority: Option<Leftover>,
    /// The game ends as soon as either row is empty, whoever is to move
    /// ([`EndReason::RowEmpty`]); the seeds left go as said (Kalah: to
    /// their owners).
    pub row_empty: Option<Leftover>,
    /// With [`Playable::must_feed`]: where the seeds go when the opponent's
    /// row is empty and no move feeds it ([`EndReason::Starvation`];
    /// Al-manqala: to the starved opponent; Oware: to their owners).
    pub starvation: Leftover,
    /// The game ends when fewer seeds than this are left on the board,
    /// whoever is to move ([`EndReason::FewSeeds`]); the seeds left go as
    /// said. See [`FewSeeds`].
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub few_seeds: Option<FewSeeds>,
    /// The game ends as soon as a player's row is empty, whoever is to
    /// move, before every other end rule; the player whose row is empty
    /// takes the seeds left, or wins. See [`Cleared`].
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub cleared: Option<Cleared>,
    /// With [`majority`](Ending::majority): the captures a player must
    /// exceed to end the game; `None` (the default): half of all seeds.
    /// A game in rounds ends its round once a player has so many that the
    /// other cannot fill [`Rounds::min_pits`] pits (MancalaGames' Dakon:
    /// more than 98 - 4 x 7 = 70).
    ///
    /// ```
    /// use mancala_rules::{declare, EndReason, Ending, Leftover, Rules, Ruleset};
    ///
    /// declare!(AboveTwelve, 4, Rules {
    ///     end: Ending { majority: Some(Leftover::Nobody), majority_above: Some(12), ..Ending::DEFAULT },
    ///     ..Rules::DEFAULT
    /// });
    /// // 9 of 16 captured: more than half, not more than 12.
    /// assert!(!AboveTwelve.status(&"2 3 | 1 1 9-0 N".parse()?).is_over());
    /// let outcome = AboveTwelve.status(&"1 1 | 1 0 13-0 N".parse()?).outcome().unwrap();
    /// assert_eq!((outcome.totals, outcome.reason), ([13, 0], EndReason::Majority));
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub majority_above: Option<u8>,
    /// The game is won by leaving the opponent without seeds or without a
    /// move, whatever the totals; judged before every other end rule but
    /// a cleared row, and in place of the stuck player's rule. See
    /// [`Eliminate`](crate::Eliminate).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub eliminate: Option<crate::Eliminate>,
}

/// The end by a cleared row ([`Ending::cleared`]): as soon as either row
/// is empty, whoever is to move, the game ends, before any other end rule
/// is looked at (the majority, too few seeds, an empty row, a stuck
/// player). It is read on the position, which does not say who moved
/// last: the player whose row is empty is taken to be the one who
/// cleared it.
///
/// MancalaGames ends these games after the move of the player who cleared
/// their own row ("cleared own" with the board to the last mover, goal
/// "clear"). The two readings agree on every position its games reach
/// where only a player's own moves can empty their row (no capture takes
/// from the opponent's row): then the empty row is the last mover's,
/// after an extra turn or not. Where a capture can empty the opponent's
/// row they part (the last mover may then have either row empty), and the
/// vocabulary cannot say those games.
///
/// A relay that ends the game at its lap cap ([`AtMaxLaps::EndsGame`](crate::primitives::AtMaxLaps::EndsGame))
/// leaves the board empty: both rows are cleared, so with
/// [`Wins`](Cleared::Wins) the game is a draw, as MancalaGames ends its
/// "clear" games at its cap.
///
/// On a 2x2 board with Kalah's stores and extra turns, South's pit 2 sows
/// its seed into South's store: South's row is empty and South plays
/// again. With [`TakesTheRest`](Cleared::TakesTheRest) South takes North's
/// 3 seeds; with [`Wins`](Cleared::Wins) South wins, though behind.
///
/// ```
/// use mancala_rules::primitives::{ExtraTurn, SowingTurn, Stores};
/// use mancala_rules::{declare, Cleared, EndReason, Ending, Player, Rules, Ruleset};
///
/// const fn cleared(cleared: Cleared) -> Rules {
///     Rules {
///         has_stores: true,
///         turn: SowingTurn { stores: Stores::Own, extra_turn: ExtraTurn::IN_OWN_STORE, ..SowingTurn::DEFAULT },
///         end: Ending { cleared: Some(cleared), ..Ending::DEFAULT },
///         ..Rules::DEFAULT
///     }
/// }
/// declare!(TakesTheRest, 4, cleared(Cleared::TakesTheRest));
/// declare!(Wins, 4, cleared(Cleared::Wins));
/// let pos = "0 1 | 2 1 3-9 S".parse()?;
/// let (after, _) = TakesTheRest.play(&pos, "2".parse()?)?;
/// assert_eq!(after.to_string(), "0 0 | 2 1 4-9 S");
/// let outcome = TakesTheRest.status(&after).outcome().unwrap();
/// assert_eq!((outcome.totals, outcome.reason), ([7, 9], EndReason::RowEmpty));
/// let outcome = Wins.status(&after).outcome().unwrap();
/// assert_eq!((outcome.totals, outcome.reason), ([4, 9], EndReason::Cleared(Some(Player::South))));
/// assert_eq!(outcome.winner(), Some(Player::South));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Cleared {
    /// The player whose row is empty takes the seeds left (the other
    /// row's; [`EndReason::RowEmpty`]); the player with more seeds wins
    /// (MancalaGames' "cleared own" end with its leftovers to the last
    /// mover: SimpleCapt).
    TakesTheRest,
    /// The player whose row is empty wins, whatever the totals
    /// ([`EndReason::Cleared`]); the seeds left count for nobody; both rows
    /// empty is a draw (MancalaGames' goal "clear": Waurie).
    Wins,
    /// The game ends after a move that leaves the mover's own row empty,
    /// and the mover takes the seeds left ([`EndReason::RowEmpty`];
    /// MancalaGames' "cleared own" end with its leftovers to the last
    /// mover, in games whose captures can empty the opponent's row:
    /// CrossCapt). Who moved last decides, which a position does not show,
    /// so the rule is judged where the mover is known: by the
    /// game-with-history ([`Game`](crate::Game), the replay protocol,
    /// playouts) and by the searches and perft, which know the line
    /// played. A position read alone ([`Ruleset::status`]) is read as one
    /// no move has led to: the rule does not apply there. See
    /// [`Cleared::after_move`].
    MoverTakesTheRest,
    /// The game ends after a move that leaves the mover's opponent's row
    /// empty, each player taking the seeds of their own row
    /// ([`EndReason::RowEmpty`]; MancalaGames' "cleared opponent" end with
    /// its leftovers to their owners: CrossCapt_Seven). Judged on the last
    /// mover, like [`MoverTakesTheRest`](Cleared::MoverTakesTheRest): after
    /// an extra turn the mover's opponent is the player not to move.
    OpponentRowToOwners,
}

impl Cleared {
    /// How the game ends in `pos`, if a row is empty.
    #[inline]
    #[must_use]
    pub fn outcome<const P: usize>(self, pos: &Position<P>) -> Option<Outcome> {
        let empty = Player::BOTH.map(|player| pos.nonempty_pits(player).is_empty());
        let clearer = match empty {
            [false, false] => return None,
            [true, false] => Some(Player::South),
            [false, true] => Some(Player::North),
            [true, true] => None,
        };
        Some(match (self, clearer) {
            // Judged on the last mover (see `after_move`), not here.
            (Cleared::MoverTakesTheRest | Cleared::OpponentRowToOwners, _) => return None,
            (Cleared::TakesTheRest, Some(clearer)) => Outcome::sweep(pos, clearer, EndReason::RowEmpty),
            (Cleared::TakesTheRest, None) => Outcome::all_captured(pos).because(EndReason::RowEmpty),
            (Cleared::Wins, clearer) => Outcome::all_captured(pos).because(EndReason::Cleared(clearer)),
        })
    }

    /// How the game ends in `pos`, reached by a move of `mover`, by an end
    /// judged on the last mover: with [`Cleared::MoverTakesTheRest`], if the
    /// mover's row is empty, the mover takes the seeds left; with
    /// [`Cleared::OpponentRowToOwners`], if the mover's opponent's row is
    /// empty, each player takes their own row. `None` for the other ends
    /// (read on the position alone: [`outcome`](Cleared::outcome)) and
    /// while the row looked at holds seeds.
    ///
    /// On a 2x2 board with Kalah's store and extra turns, South's pit 2
    /// ends in South's store: South's row is empty after South's own move,
    /// and South takes North's 3 seeds, though South would move again. In
    /// the same position reached by a move of North (North's capture
    /// emptied South's row), the rule does not apply: South, to move, is
    /// stuck.
    ///
    /// ```
    /// use mancala_rules::{Cleared, EndReason, Player, Position};
    ///
    /// let pos: Position<4> = "0 0 | 2 1 4-9 S".parse()?;
    /// let outcome = Cleared::MoverTakesTheRest.after_move(&pos, Player::South).unwrap();
    /// assert_eq!((outcome.totals, outcome.reason), ([7, 9], EndReason::RowEmpty));
    /// assert_eq!(Cleared::MoverTakesTheRest.after_move(&pos, Player::North), None);
    /// // Read alone, the position does not say who moved: the rule waits.
    /// assert_eq!(Cleared::MoverTakesTheRest.outcome(&pos), None);
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn after_move<B: Board>(self, pos: &B, mover: Player) -> Option<Outcome> {
        let looked_at = match self {
            Cleared::MoverTakesTheRest => mover,
            Cleared::OpponentRowToOwners => mover.opponent(),
            Cleared::TakesTheRest | Cleared::Wins => return None,
        };
        let n = B::PITS / 2;
        let row = match looked_at {
            Player::South => &pos.pits()[..n],
            Player::North => &pos.pits()[n..],
        };
        if row.iter().any(|&seeds| seeds != 0) {
            return None;
        }
        Some(match self {
            Cleared::OpponentRowToOwners => Leftover::Owners.outcome(pos, EndReason::RowEmpty),
            _ => Outcome::sweep(pos, mover, EndReason::RowEmpty),
        })
    }

    /// Whether the end is judged on the last mover
    /// ([`after_move`](Cleared::after_move)) rather than on the position.
    #[inline]
    #[must_use]
    pub const fn judges_the_mover(self) -> bool {
        matches!(self, Cleared::MoverTakesTheRest | Cleared::OpponentRowToOwners)
    }
}

/// The end by too few seeds left ([`Ending::few_seeds`]): when fewer than
/// [`fewer_than`](FewSeeds::fewer_than) seeds are on the board (not
/// counting captures or stores), the game ends ([`EndReason::FewSeeds`])
/// and the seeds left go as the [`Leftover`] says. It is judged after the
/// majority end and before an empty row (see [`Rules`]'s end rules).
/// MancalaGames' "seeds limit" of `k` (the game ends with `k` or fewer
/// seeds left) is `fewer_than: k + 1`.
///
/// On a 2x2 board ending below 3 seeds: `1 1 | 0 0` (2 left) is over, each
/// player keeping their own row; `1 1 | 1 0` (3 left) goes on.
///
/// ```
/// use mancala_rules::{declare, EndReason, Ending, FewSeeds, Leftover, Rules, Ruleset};
///
/// declare!(BelowThree, 4, Rules {
///     end: Ending { few_seeds: Some(FewSeeds { fewer_than: 3, leftover: Leftover::Owners }), ..Ending::DEFAULT },
///     ..Rules::DEFAULT
/// });
/// let outcome = BelowThree.status(&"1 1 | 0 0 8-6 N".parse()?).outcome().unwrap();
/// assert_eq!((outcome.totals, outcome.reason), ([10, 6], EndReason::FewSeeds));
/// assert!(!BelowThree.status(&"1 1 | 1 0 8-5 N".parse()?).is_over());
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct FewSeeds {
    /// The game ends when fewer seeds than this are on the board (from 1:
    /// 0 would never end it, [`RulesProblem::FewSeedsOutOfRange`](crate::RulesProblem::FewSeedsOutOfRange)).
    pub fewer_than: u8,
    /// Where the seeds left go.
    pub leftover: Leftover,
}

impl Default for Ending {
    /// [`Ending::DEFAULT`].
    fn default() -> Self {
        Ending::DEFAULT
    }
}

impl Ending {
    /// Nothing ends the game but a stuck player, and that ends it with
    /// each player keeping their own row.
    pub const DEFAULT: Ending = Ending {
        stuck: Stuck::Ends(Leftover::Owners),
        majority: None,
        row_empty: None,
        starvation: Leftover::Owners,
        few_seeds: None,
        cleared: None,
        majority_above: None,
        eliminate: None,
    };
}

/// The rules that look at the game's history, which a position alone does
/// not show. [`Game`](crate::Game), perft, playouts and the search engines
/// carry them out, all in one order of checks.
///
/// ```
/// use mancala_rules::primitives::{Lap, Sowing, SowingTurn};
/// use mancala_rules::{declare, EndReason, Game, HistoryRules, Repetition, Rules};
///
/// declare!(Splits, 4, Rules {
///     turn: SowingTurn { lap: Lap::Single(Sowing::OriginFirst), ..SowingTurn::DEFAULT },
///     history: HistoryRules { repetition: Repetition::EndsWithSplit, agreement: false },
///     ..Rules::DEFAULT
/// });
/// // A single seed sown origin first goes back into its pit: after two
/// // moves the start is back, and the board is split.
/// let mut game = Game::from_position(Splits, "1 0 | 1 0 7-7 S".parse()?)?;
/// game.play("1".parse()?)?;
/// game.play("3".parse()?)?;
/// let outcome = game.outcome().unwrap();
/// assert_eq!((outcome.totals, outcome.reason), ([8, 8], EndReason::Repetition));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields, default))]
pub struct HistoryRules {
    /// What a repeated position (board, captures, player to move) does.
    pub repetition: Repetition,
    /// Whether the players may agree to end the game and split the board
    /// ([`Game::agree_to_split`](crate::Game::agree_to_split)).
    pub agreement: bool,
}

impl Default for HistoryRules {
    /// [`HistoryRules::DEFAULT`].
    fn default() -> Self {
        HistoryRules::DEFAULT
    }
}

impl HistoryRules {
    /// Repetitions change nothing; no agreement.
    pub const DEFAULT: HistoryRules = HistoryRules {
        repetition: Repetition::Continues,
        agreement: false,
    };
}

/// Declares a game: a unit type named `$name` whose rules are the `const`
/// [`Rules`] given, on a board of `$pits` pits in all (two rows of
/// `$pits / 2`): a [`Ruleset`] like the crate's own games, specialised by
/// the compiler. Attributes (doc comments) before the name go on the type.
///
/// A declaration the engine cannot play exactly ([`Rules::problems`]) is a
/// compile error, naming its first problem's field:
///
/// ```compile_fail
/// use mancala_rules::{declare, Rules};
///
/// // 2 x 255 seeds: more than a byte counts.
/// declare!(pub S, 2, Rules { seeds: 255, ..Rules::DEFAULT });
/// ```
///
/// ```compile_fail
/// use mancala_rules::{declare, Rules};
///
/// // Rows of unequal length.
/// declare!(G, 17, Rules { seeds: 1, ..Rules::DEFAULT });
/// ```
///
/// ```compile_fail
/// use mancala_rules::primitives::{SowingTurn, Stores};
/// use mancala_rules::{declare, Rules};
///
/// // Kalah's store sowing in a game without stores.
/// declare!(G, 12, Rules { turn: SowingTurn { stores: Stores::Own, ..SowingTurn::DEFAULT }, ..Rules::DEFAULT });
/// ```
///
/// ```
/// use mancala_rules::primitives::{CaptureRule, Counts};
/// use mancala_rules::{declare, perft, Rules, Ruleset};
///
/// declare!(
///     /// Bohnenspiel's captures on a 2x4 board of 3 seeds.
///     pub Small, 8, Rules { seeds: 3, turn: mancala_rules::primitives::SowingTurn {
///         capture: CaptureRule::chain(Counts::of(&[2, 4, 6])),
///         ..mancala_rules::primitives::SowingTurn::DEFAULT
///     }, ..Rules::DEFAULT }
/// );
/// assert_eq!(Small.total_seeds(), 24);
/// assert_eq!(perft(&Small, &Small.start(), 1), 4);
/// ```
#[macro_export]
macro_rules! declare {
    ($(#[$meta:meta])* $vis:vis $name:ident, $pits:expr, $rules:expr $(,)?) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        $vis struct $name;

        impl $name {
            /// The declaration.
            pub const RULES: &'static $crate::Rules = &$rules;
        }

        // A declaration the engine cannot play exactly does not compile.
        const _: () = $name::RULES.assert_exact($pits);

        impl $crate::Declared for $name {
            type Position = $crate::Position<{ $pits }>;

            #[inline(always)]
            fn rules(&self) -> &$crate::Rules {
                Self::RULES
            }
        }
    };
}

/// A type whose rules are a [`Rules`] declaration: it is a [`Ruleset`].
///
/// `rules` should return a reference to a `const` (as every game of the
/// crate does), so that the compiler specialises every stage; a declaration
/// built at run time works too, for a little speed. [`declare!`](crate::declare)
/// checks the declaration at compile time; an impl written by hand should
/// do the same with `const _: () = RULES.assert_exact(PITS);` (or check
/// [`Rules::problems`] at run time): the engine plays only declarations
/// without problems exactly.
pub trait Declared: Copy + Debug + Send + Sync + 'static {
    /// The position type: [`Position<P>`](crate::Position), with `P / 2`
    /// pits a side.
    type Position: Pipeline;

    /// The declaration.
    fn rules(&self) -> &Rules;
}

/// The board operations a [`Rules`] declaration runs on: implemented for
/// every [`Position<P>`]. Sealed.
pub trait Pipeline: Board + sealed::Sealed {
    /// The state of play under `rules`.
    #[doc(hidden)]
    fn turn_under(&self, rules: &Rules) -> Turn;
    /// Plays `mv` without checking it.
    #[doc(hidden)]
    fn play_under(&mut self, rules: &Rules, mv: Move) -> MoveReport;
    /// Plays a uniformly random legal move.
    #[doc(hidden)]
    fn play_random_under(&mut self, rules: &Rules, rng: &mut SplitMix64) -> Result<MoveReport, Outcome>;
    /// Why pit `pit` (0-based, of the mover's row, not among `legal`) may not move.
    #[doc(hidden)]
    fn refusal_under(&self, rules: &Rules, pit: usize, legal: MoveSet) -> IllegalMove;
}

mod sealed {
    pub trait Sealed {}
    impl<const P: usize> Sealed for crate::Position<P> {}
}

impl<const P: usize> Pipeline for Position<P> {
    #[inline(always)]
    fn turn_under(&self, rules: &Rules) -> Turn {
        if rules.opening.is_some() && self.opening_left() > 0 {
            return rules.turn_in_opening(self);
        }
        rules.turn_in(self)
    }

    #[inline(always)]
    fn play_under(&mut self, rules: &Rules, mv: Move) -> MoveReport {
        if rules.play.barred_return {
            return rules.play_barring(self, mv);
        }
        if rules.opening.is_some() && self.opening_left() > 0 {
            return rules.play_in_opening(self, mv);
        }
        rules.turn.play(self, mv)
    }

    #[inline(always)]
    fn play_random_under(&mut self, rules: &Rules, rng: &mut SplitMix64) -> Result<MoveReport, Outcome> {
        if rules.play.barred_return || (rules.opening.is_some() && self.opening_left() > 0) {
            return match self.turn_under(rules) {
                Turn::Moves(moves) => Ok(self.play_under(rules, rng.choose(moves).unwrap_or(Move::Pass))),
                Turn::Over(outcome) => Err(outcome),
            };
        }
        rules.play_random_in(self, rng)
    }

    fn refusal_under(&self, rules: &Rules, pit: usize, legal: MoveSet) -> IllegalMove {
        if rules.opening.is_some() && self.opening_left() > 0 {
            return rules.in_opening().refusal_in(self, pit, legal);
        }
        rules.refusal_in(self, pit, legal)
    }
}

/// The opening's prescribed first move ([`Rules::first_move`]), in one
/// place for the declared and the dealt start.
trait FirstMove: Ruleset {
    /// `board` after the prescribed first move, if the rules prescribe one.
    fn after_first_move(&self, board: Self::Position) -> Self::Position;
}

impl<D: Declared> FirstMove for D {
    fn after_first_move(&self, board: Self::Position) -> Self::Position {
        let Some(pit) = self.rules().first_move else {
            return board;
        };
        // Legal whenever the declaration passes its check
        // (RulesProblem::FirstMove); a declaration that fails it is never
        // played.
        match self.play(&board, Move::Pit(pit)) {
            Ok((after, _)) => after,
            Err(_) => board,
        }
    }
}

impl<D: Declared> Ruleset for D {
    type Position = D::Position;

    #[inline]
    fn name(&self) -> &'static str {
        self.rules().name
    }

    #[inline]
    fn seeds_per_pit(&self) -> u8 {
        self.rules().seeds
    }

    fn total_seeds(&self) -> u32 {
        self.rules().total_seeds(D::Position::PITS)
    }

    fn start(&self) -> Self::Position {
        let rules = self.rules();
        let board = match rules.start {
            // A board of another length is a problem of the declaration
            // (RulesProblem::StartBoard), never played.
            Some(board) => D::Position::from_parts(board.counts(), [0, 0], 0)
                .unwrap_or_else(|_| D::Position::filled(rules.seeds)),
            None => D::Position::filled(rules.seeds),
        }
        .with_opening_left(rules.opening_moves())
        // An opening too long to hold is a problem of the declaration
        // (RulesProblem::OpeningTooLong), never played.
        .unwrap_or_else(|_| D::Position::filled(rules.seeds));
        self.after_first_move(board)
    }

    fn dealt_start(&self, rng: &mut crate::playout::SplitMix64) -> Self::Position {
        let rules = self.rules();
        let pits = D::Position::PITS;
        let mut counts = [0; crate::validation::MAX_PITS];
        match rules.deal {
            // A deal that does not fit is a problem of the declaration
            // (RulesProblem::DealTooLarge), never played.
            Some(deal) if deal.fill(rules.total_seeds(pits), &mut counts[..pits], rng) => {
                match D::Position::from_parts(&counts[..pits], [0, 0], 0)
                    .and_then(|board| board.with_opening_left(rules.opening_moves()))
                {
                    Ok(board) => self.after_first_move(board),
                    Err(_) => self.start(),
                }
            }
            _ => self.start(),
        }
    }

    // Inlined in optimised builds; in debug builds a call of its own, so
    // that a caller's frame (a recursive search) stays small.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline(never))]
    fn turn(&self, pos: &Self::Position) -> Turn {
        pos.turn_under(self.rules())
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline(never))]
    fn play_unchecked(&self, pos: &mut Self::Position, mv: Move) -> MoveReport {
        pos.play_under(self.rules(), mv)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline(never))]
    fn play_random(&self, pos: &mut Self::Position, rng: &mut SplitMix64) -> Result<MoveReport, Outcome> {
        pos.play_random_under(self.rules(), rng)
    }

    fn refusal(&self, pos: &Self::Position, pit: usize, legal: MoveSet) -> IllegalMove {
        pos.refusal_under(self.rules(), pit, legal)
    }

    fn repetition(&self) -> Repetition {
        self.rules().history.repetition
    }

    fn agreement(&self) -> bool {
        self.rules().history.agreement
    }

    fn problems(&self) -> Problems {
        self.rules().problems(D::Position::PITS)
    }

    fn has_stores(&self) -> bool {
        self.rules().has_stores
    }

    fn has_children(&self) -> bool {
        self.rules().turn.children.is_some()
    }

    fn opening_moves(&self) -> u8 {
        self.rules().opening_moves()
    }

    fn bars_returns(&self) -> bool {
        self.rules().play.barred_return
    }

    fn chooses_directions(&self) -> bool {
        !self.rules().turn.chosen_direction.is_empty()
    }

    #[inline(always)]
    fn judges_the_mover(&self) -> bool {
        matches!(self.rules().end.cleared, Some(cleared) if cleared.judges_the_mover())
    }

    #[inline(always)]
    fn ended_by_mover(&self, pos: &Self::Position, mover: Player) -> Option<Outcome> {
        self.rules().end.cleared?.after_move(pos, mover)
    }
}

impl Rules {
    /// The moves of the declared opening ([`Rules::opening`]): what
    /// [`Position::opening_left`] starts at; 0 without an opening.
    #[must_use]
    pub const fn opening_moves(&self) -> u8 {
        match self.opening {
            Some(opening) => opening.no_captures_for,
            None => 0,
        }
    }

    /// These rules as they hold in the opening: the turn without captures
    /// ([`Opening`](crate::Opening)).
    #[cold]
    #[inline(never)]
    fn in_opening(&self) -> Rules {
        Rules {
            turn: self.turn.without_captures(),
            ..*self
        }
    }

    /// [`turn_in`](Rules::turn_in) of a position in the opening.
    #[cold]
    #[inline(never)]
    fn turn_in_opening<const P: usize>(&self, pos: &Position<P>) -> Turn {
        self.in_opening().turn_in(pos)
    }

    /// A move of the opening: played without captures, then counted. A move
    /// that hands the turn over is one of the opening's; a pass counts but
    /// leaves at least 1 (the opening ends with the next sowing move:
    /// MancalaGames lifts its bar only at the end of one).
    #[cold]
    #[inline(never)]
    fn play_in_opening<const P: usize>(&self, pos: &mut Position<P>, mv: Move) -> MoveReport {
        let mover = pos.to_move;
        let report = self.in_opening().turn.play(pos, mv);
        let left = pos.opening_left();
        pos.set_opening_left(if mv == Move::Pass {
            left.saturating_sub(1).max(1)
        } else if pos.to_move != mover {
            left - 1
        } else {
            left
        });
        report
    }

    /// A move of a game that bars a return ([`Playable::barred_return`]):
    /// played (by the opening's rules while it lasts), then the pit it
    /// bars for the next move set, or the bar lifted.
    #[inline(never)]
    fn play_barring<const P: usize>(&self, pos: &mut Position<P>, mv: Move) -> MoveReport {
        let mover = pos.to_move;
        let origin = mv.index().filter(|&pit| pit < P);
        let single = origin.is_some_and(|pit| pos.pits[pit] == 1);
        let report = if self.opening.is_some() && pos.opening_left() > 0 {
            self.play_in_opening(pos, mv)
        } else {
            self.turn.play(pos, mv)
        };
        let barred = match (origin, report.last_pit) {
            (Some(origin), Some(last)) if single && pos.to_move != mover => {
                let last = usize::from(last) - 1;
                // Round an end of the board: pit 1 and 2N, or N and N + 1;
                // the seed still alone there, the pit not a child.
                let round_end = last == crate::primitives::round_the_end::<P>(origin);
                (round_end && last < P && pos.pits[last] == 1 && !pos.children.contains(last)).then_some(last)
            }
            _ => None,
        };
        pos.set_barred(barred);
        report
    }

    /// Seeds in the whole game on a board of `pits` pits: the declared
    /// start board's ([`Rules::start`]), or `seeds` in every pit.
    #[must_use]
    pub const fn total_seeds(&self, pits: usize) -> u32 {
        match self.start {
            Some(board) => board.total(),
            None => self.seeds as u32 * pits as u32,
        }
    }

    /// The state of play: the end rules in their order (a cleared row,
    /// an eliminated player, majority, too few seeds, an empty row,
    /// starvation), then the legal moves, then the stuck player's rule
    /// (the eliminating goal's, if any).
    #[inline(always)]
    fn turn_in<const P: usize>(&self, pos: &Position<P>) -> Turn {
        if self.turn.children.is_some() && !pos.children.is_empty() {
            return self.turn_with_children(pos);
        }
        self.turn_on(pos, false)
    }

    /// [`turn_in`](Rules::turn_in) for a position with children: the end
    /// rules and the moves read the board as its players own it (each
    /// child's seeds its owner's, see [`Children`](crate::primitives::Children));
    /// too few seeds never end a game with children (seeds are still sown
    /// into them: MancalaGames' reading).
    #[inline(never)]
    fn turn_with_children<const P: usize>(&self, pos: &Position<P>) -> Turn {
        match self.turn.children {
            Some(children) => self.turn_on(&crate::primitives::claimed(pos, children), true),
            None => self.turn_on(pos, false),
        }
    }

    /// The state of play of `pos` (see [`turn_in`](Rules::turn_in)), with
    /// the end by too few seeds off when `has_children`.
    #[inline(always)]
    fn turn_on<const P: usize>(&self, pos: &Position<P>, has_children: bool) -> Turn {
        if let Some(cleared) = self.end.cleared {
            if let Some(outcome) = cleared.outcome(pos) {
                return Turn::Over(outcome);
            }
        }
        if let Some(eliminate) = self.end.eliminate {
            if let Some(outcome) = eliminate.outcome(pos) {
                return Turn::Over(outcome);
            }
        }
        if let Some(leftover) = self.end.majority {
            let total = self.total_seeds(P);
            let decided = |score: u8| match self.end.majority_above {
                None => 2 * u32::from(score) > total,
                Some(above) => score > above,
            };
            if pos.scores.iter().any(|&score| decided(score)) {
                return Turn::Over(self.leftover_outcome(leftover, pos, EndReason::Majority));
            }
        }
        if let (Some(FewSeeds { fewer_than, leftover }), false) = (self.end.few_seeds, has_children) {
            if pos.seeds_on_board() < u32::from(fewer_than) {
                return Turn::Over(self.leftover_outcome(leftover, pos, EndReason::FewSeeds));
            }
        }
        if let Some(leftover) = self.end.row_empty {
            if Player::BOTH
                .iter()
                .any(|&player| pos.nonempty_pits(player).is_empty())
            {
                return Turn::Over(leftover.outcome(pos, EndReason::RowEmpty));
            }
        }
        let mover = pos.to_move;
        let mut own = self.playable(pos, mover);
        if self.play.barred_return {
            if let Some(pit) = pos.barred() {
                own = own.difference(PitSet::single(pit));
            }
        }
        if self.play.must_feed && self.nonempty_pits(pos, mover.opponent()).is_empty() {
            if !own.is_empty() {
                let feeding = self.feeding(pos, own);
                return if feeding.is_empty() {
                    Turn::Over(self.leftover_outcome(self.end.starvation, pos, EndReason::Starvation))
                } else {
                    Turn::Moves(self.turn.moves_from::<P>(feeding, mover))
                };
            }
        } else if !own.is_empty() {
            return Turn::Moves(self.turn.moves_from::<P>(own, mover));
        }
        if let Some(eliminate) = self.end.eliminate {
            return Turn::Over(eliminate.stuck(pos));
        }
        match self.end.stuck {
            Stuck::Ends(leftover) => {
                Turn::Over(self.leftover_outcome(leftover, pos, EndReason::MoverRowEmpty))
            }
            Stuck::Passes(_) if !self.playable(pos, mover.opponent()).is_empty() => {
                Turn::Moves(MoveSet::PASS)
            }
            Stuck::Passes(_) if pos.seeds_on_board() == 0 => Turn::Over(Outcome::all_captured(pos)),
            Stuck::Passes(leftover) => Turn::Over(self.leftover_outcome(leftover, pos, EndReason::NoMoves)),
        }
    }

    /// `leftover`'s outcome in `pos`, the seeds left to their owners read
    /// on the turn's territory when it has one.
    #[inline(always)]
    fn leftover_outcome<const P: usize>(
        &self,
        leftover: Leftover,
        pos: &Position<P>,
        reason: EndReason,
    ) -> Outcome {
        if leftover == Leftover::Owners && !self.turn.territory.is_empty() {
            crate::primitives::territory::owners_outcome(pos, self.turn.territory, reason)
        } else {
            leftover.outcome(pos, reason)
        }
    }

    /// The pits of `player`'s own holding seeds: their row, or their part of
    /// the territory when there is one (the opponent's pits a feeding move
    /// must reach).
    #[inline(always)]
    fn nonempty_pits<const P: usize>(&self, pos: &Position<P>, player: Player) -> PitSet {
        crate::primitives::territory::pits_holding(pos, self.turn.territory, player, 1)
    }

    /// The pits `player` could play if it were their turn, before the
    /// feeding rule.
    #[inline(always)]
    fn playable<const P: usize>(&self, pos: &Position<P>, player: Player) -> PitSet {
        let mut pits = if self.turn.territory.is_empty() {
            pos.pits_holding(player, self.play.min_seeds.max(1))
        } else {
            crate::primitives::territory::pits_holding(
                pos,
                self.turn.territory,
                player,
                self.play.min_seeds.max(1),
            )
        };
        if !self.play.restriction.is_free() {
            pits =
                self.play
                    .restriction
                    .filter(pos, pits, player, self.turn.lap.sowing(), self.turn.direction);
        }
        let relay = self.turn.lap.relay().is_some();
        let illegal_slam = self.turn.grand_slam == GrandSlam::Illegal;
        if relay || illegal_slam {
            let mut as_mover = *pos;
            as_mover.to_move = player;
            if relay {
                pits = pits.filter(|pit| self.turn.relay_ends(&as_mover, pit));
            }
            if illegal_slam {
                let fair = pits.filter(|pit| !self.turn.is_grand_slam(&as_mover, Move::from_index(pit)));
                // If every move is a grand slam, they are all played (and
                // capture nothing), unless the declaration leaves no move.
                if !fair.is_empty() || matches!(self.play.slams_only, SlamsOnly::NoMove) {
                    pits = fair;
                }
            }
        }
        pits
    }

    /// Those of `candidates` that drop a seed into the opponent's (empty) row.
    #[inline(always)]
    fn feeding<const P: usize>(&self, pos: &Position<P>, candidates: PitSet) -> PitSet {
        let sowing = self.turn.lap.sowing();
        // Every move sows one fixed way: the fast path of the feeding rule.
        let counterclockwise = self.turn.fixed_direction()
            && self.turn.direction == crate::primitives::Direction::CounterClockwise;
        let relay = self.turn.lap.relay().is_some();
        let opponent = pos.to_move.opponent();
        if self.play.feeding == Feeding::AfterCapture {
            // A move feeds the row if seeds are still there after the whole
            // move, captures included (an illegal grand slam, were it
            // played, captures nothing).
            return candidates.filter(|pit| {
                let mut after = *pos;
                self.turn.try_play(&mut after, Move::from_index(pit)).is_ok()
                    && !self.nonempty_pits(&after, opponent).is_empty()
            });
        }
        if self.turn.stores == Stores::None
            && counterclockwise
            && !relay
            && self.turn.out_of_play.is_empty()
            && self.turn.territory.is_empty()
        {
            return feeding_moves(pos, candidates, sowing);
        }
        // The opponent's row is empty: a move feeds it if its sowing (every
        // lap of a relay) leaves seeds there, before any capture.
        candidates.filter(|pit| {
            self.turn
                .sown(pos, pit)
                .is_some_and(|after| !self.nonempty_pits(&after, opponent).is_empty())
        })
    }

    /// A uniformly random legal move, played; or the outcome.
    #[inline(always)]
    fn play_random_in<const P: usize>(
        &self,
        pos: &mut Position<P>,
        rng: &mut SplitMix64,
    ) -> Result<MoveReport, Outcome> {
        let screened = self.turn.lap.relay().is_some()
            && self.turn.grand_slam != GrandSlam::Illegal
            && !self.play.must_feed
            && self.end.majority.is_none()
            && self.end.few_seeds.is_none()
            && self.end.row_empty.is_none();
        if screened {
            // Draw among the pits that hold enough seeds and sow only the one
            // drawn; one whose relay never ends is dropped and another drawn
            // (uniform over the legal moves: each is equally likely to be the
            // first legal one drawn). Cheaper than sowing every candidate to
            // list the legal moves.
            let mut candidates = crate::primitives::territory::pits_holding(
                pos,
                self.turn.territory,
                pos.to_move,
                self.play.min_seeds.max(1),
            );
            while let Some(mv) = rng.choose(MoveSet::pits(candidates)) {
                match self.turn.try_play(pos, mv) {
                    Ok(report) => return Ok(report),
                    Err(_) => {
                        candidates = candidates.difference(mv.index().map_or(PitSet::EMPTY, PitSet::single))
                    }
                }
            }
        }
        match self.turn_in(pos) {
            // Plain pits drawn as such, so that the move played is known to
            // be a pit where the turn is inlined (its match folds away).
            Turn::Moves(moves) if !moves.is_pass() && !moves.has_directed() => {
                Ok(match rng.choose_pit(moves.pit_set()) {
                    Some(pit) => self.turn.play(pos, Move::from_index(pit)),
                    None => self.turn.play(pos, Move::Pass),
                })
            }
            Turn::Moves(moves) => Ok(self.turn.play(pos, rng.choose(moves).unwrap_or(Move::Pass))),
            Turn::Over(outcome) => Err(outcome),
        }
    }

    /// Why pit `pit` (0-based, of the mover's row, not among `legal`) may
    /// not be played, in this order: empty, too few seeds, an endless relay,
    /// not feeding, an illegal grand slam, a player who must pass.
    fn refusal_in<const P: usize>(&self, pos: &Position<P>, pit: usize, legal: MoveSet) -> IllegalMove {
        let number = (pit as u8).wrapping_add(1);
        let seeds = pos.pits.get(pit).copied().unwrap_or(0);
        let mv = Move::from_index(pit);
        if seeds == 0 {
            IllegalMove::EmptyPit { pit: number }
        } else if seeds < self.play.min_seeds {
            if seeds == 1 {
                IllegalMove::SingletonMayNotMove { pit: number }
            } else {
                IllegalMove::TooFewSeeds {
                    pit: number,
                    min: self.play.min_seeds,
                }
            }
        } else if self.play.barred_return && pos.barred() == Some(pit) {
            IllegalMove::BarredReturn { pit: number }
        } else if !self.turn.relay_ends(pos, pit) {
            IllegalMove::EndlessRelay { pit: number }
        } else if self.play.must_feed
            && self.nonempty_pits(pos, pos.to_move.opponent()).is_empty()
            && self.feeding(pos, PitSet::single(pit)).is_empty()
        {
            IllegalMove::MustFeed { pit: number }
        } else if self.turn.grand_slam == GrandSlam::Illegal && self.turn.is_grand_slam(pos, mv) {
            IllegalMove::GrandSlam { pit: number }
        } else if legal.is_pass() {
            IllegalMove::MustPass {
                pit: number,
                player: pos.to_move,
            }
        } else {
            IllegalMove::NotPlayable { pit: number }
        }
    }
}

impl Rules {
    /// Every combination of fields the engine cannot play exactly on a
    /// board of `pits` pits in all, found at once (see [`Problems`]):
    /// the board size, a total of seeds over [`MAX_TOTAL_SEEDS`](crate::MAX_TOTAL_SEEDS), stores
    /// sown that the game does not have, an extra turn in a store that is
    /// never sown, a relay capped at 0 laps or ending the game with its
    /// seeds to nobody, a feeding reading or a grand slam reading without
    /// its rule, a few-seeds end that never or always applies, a single
    /// seed capturing nothing in a relay, a sweep or a capture before the
    /// sowing with an item it does not cover, a move restriction looking at
    /// a pit that could be a store. [`declare!`](crate::declare) refuses a declaration with
    /// any at compile time; the [`harness`](crate::harness) checks it
    /// first.
    #[must_use]
    pub const fn problems(&self, pits: usize) -> Problems {
        let mut problems = Problems::of_board(pits, self.seeds);
        let sows_stores = !matches!(self.turn.stores, Stores::None);
        if sows_stores && !self.has_stores {
            problems = problems.with(RulesProblem::SownStoresWithoutStores {
                sown: self.turn.stores,
            });
        }
        if self.turn.extra_turn.in_own_store && !sows_stores {
            problems = problems.with(RulesProblem::ExtraTurnWithoutStore);
        }
        if self.turn.extra_turn.in_opponent_store && !matches!(self.turn.stores, Stores::Both) {
            problems = problems.with(RulesProblem::ExtraTurnWithoutOpponentStore {
                sown: self.turn.stores,
            });
        }
        if self.turn.takes_opponent_store && !matches!(self.turn.stores, Stores::Both) {
            problems = problems.with(RulesProblem::TakesOpponentStoreNotSown {
                sown: self.turn.stores,
            });
        }
        if matches!(
            self.turn.store_place,
            crate::primitives::StorePlace::CounterclockwiseEnds
        ) {
            // Where no clockwise move meets a store, the reading could
            // never apply (one declaration a game, one fingerprint).
            let why = if !sows_stores {
                Some("no store is sown (turn.stores: None)")
            } else if matches!(self.turn.direction, crate::primitives::Direction::ByParity) {
                Some("a direction by the seed count's parity keeps them there already (turn.direction)")
            } else if matches!(
                self.turn.direction,
                crate::primitives::Direction::CounterClockwise
            ) && self.turn.fixed_direction()
            {
                Some("every move sows counterclockwise (turn.direction, no turn.halves or turn.chosen_direction)")
            } else {
                None
            };
            if let Some(why) = why {
                problems = problems.with(RulesProblem::StorePlaceWithoutEffect { why });
            }
        }
        if let Some(relay) = self.turn.lap.relay() {
            if relay.max_laps == 0 {
                problems = problems.with(RulesProblem::RelayWithoutLaps);
            }
        }
        if matches!(self.play.feeding, Feeding::AfterCapture) && !self.play.must_feed {
            problems = problems.with(RulesProblem::FeedingWithoutMustFeed);
        }
        if matches!(self.turn.grand_slam_judged, SlamJudged::BeforeMove)
            && matches!(self.turn.grand_slam, GrandSlam::Captures)
        {
            problems = problems.with(RulesProblem::SlamJudgedWithoutRule);
        }
        if matches!(self.play.slams_only, SlamsOnly::NoMove)
            && !matches!(self.turn.grand_slam, GrandSlam::Illegal)
        {
            problems = problems.with(RulesProblem::SlamsOnlyWithoutIllegalSlam);
        }
        if self.turn.no_single_seed_capture && self.turn.lap.relay().is_some() {
            problems = problems.with(RulesProblem::SingleSeedCaptureInRelay);
        }
        if !matches!(self.turn.sweep, Sweep::Never) {
            // The sweep's trigger (the opponent's row or the mover's last
            // pit before it) is MancalaGames' reading for counterclockwise
            // single laps; the rest would need readings nobody has given.
            let with = if self.turn.capture.chain {
                Some("a capture chain (turn.capture.chain)")
            } else if self.turn.opposite.is_some() {
                Some("the capture of the facing pit (turn.opposite)")
            } else if self.turn.lap.relay().is_some() {
                Some("relay laps (turn.lap: relay)")
            } else if matches!(self.turn.direction, crate::primitives::Direction::Clockwise) {
                Some("clockwise sowing (turn.direction)")
            } else if !matches!(self.turn.scope, crate::primitives::CaptureScope::OpponentRow) {
                Some("a capture scope other than the opponent's row (turn.scope)")
            } else {
                None
            };
            if let Some(with) = with {
                problems = problems.with(RulesProblem::SweepCombination { with });
            }
        }
        if matches!(self.turn.before_sowing, BeforeSowing::FirstSeedToStore) {
            // Every lap must take up 2 seeds or more; the relay is sown
            // lap by lap with its taking, which the feeding rule's and the
            // endless relay's looks at the sowing do not do.
            let relay = self.turn.lap.relay();
            let with = if self.play.min_seeds < 2 {
                Some("fewer than 2 seeds a move (play.min_seeds)")
            } else if relay.is_some() && sows_stores {
                Some("relay laps through the stores (turn.stores)")
            } else if matches!(relay, Some(r) if !matches!(r.from, crate::primitives::RelayFrom::LastPit)
                || r.relay_on.contains(0) || r.relay_on.contains(1))
            {
                Some("a relay lap of fewer than 2 seeds (turn.lap.relay)")
            } else if matches!(relay, Some(r) if r.at_max_laps.is_refused()) {
                Some("endless relays refused (turn.lap.at_max_laps)")
            } else if self.play.must_feed && matches!(self.play.feeding, Feeding::AfterSowing) {
                Some("feeding judged after the sowing (play.feeding)")
            } else {
                None
            };
            if let Some(with) = with {
                problems = problems.with(RulesProblem::BeforeSowingCombination { with });
            }
        } else if !matches!(self.turn.before_sowing, BeforeSowing::Nothing) {
            // MancalaGames makes it before every relay lap; from the origin
            // first, the single seed would fall back where it came from.
            let with = if self.turn.lap.relay().is_some() {
                Some("relay laps (turn.lap: relay)")
            } else if matches!(self.turn.lap, Lap::Single(crate::primitives::Sowing::OriginFirst)) {
                Some("sowing from the origin first (turn.lap)")
            } else {
                None
            };
            if let Some(with) = with {
                problems = problems.with(RulesProblem::BeforeSowingCombination { with });
            }
        }
        if !matches!(
            self.play.restriction,
            MoveRestriction::Free | MoveRestriction::SingletonsOnlyWhenAll
        ) && sows_stores
        {
            problems = problems.with(RulesProblem::RestrictionWithSownStores);
        }
        if matches!(self.turn.capture.at, CaptureAt::AcrossGap)
            && (sows_stores
                || (self.turn.capture.chain && !self.turn.capture.forward)
                || matches!(
                    self.turn.lap,
                    Lap::RelayWith(RelayRule {
                        stop_on_capture: true,
                        ..
                    })
                ))
        {
            problems = problems.with(RulesProblem::AcrossGapUnsupported);
        }
        if self.turn.en_passant.is_some() && sows_stores {
            problems = problems.with(RulesProblem::EnPassantWithStores);
        }
        // The sowing with passing captures is a path of its own, which the
        // capture readings below were not written for.
        let with = if self.turn.no_single_seed_capture {
            Some("no capture by a single seed (turn.no_single_seed_capture)")
        } else if !matches!(self.turn.sweep, Sweep::Never) {
            Some("a sweep of the opponent's row (turn.sweep)")
        } else if !matches!(self.turn.before_sowing, BeforeSowing::Nothing) {
            Some("a capture before the sowing (turn.before_sowing)")
        } else {
            None
        };
        if let (true, Some(with)) = (self.turn.en_passant.is_some(), with) {
            problems = problems.with(RulesProblem::EnPassantCombination { with });
        }
        problems = self.direction_problems(pits, problems);
        problems = self.pick_problems(problems);
        problems = self.lap_capture_problems(problems);
        problems = self.opposite_either_row_problems(problems);
        problems = self.relay_continues_problems(problems);
        problems = self.store_pass_problems(problems);
        if let Some(few) = self.end.few_seeds {
            // Saturating like the board check: an absurd pit count still gives a figure.
            let total = (self.seeds as u32).saturating_mul(if pits > u32::MAX as usize {
                u32::MAX
            } else {
                pits as u32
            });
            if few.fewer_than == 0 || few.fewer_than as u32 > total {
                problems = problems.with(RulesProblem::FewSeedsOutOfRange {
                    fewer_than: few.fewer_than,
                    total,
                });
            }
        }
        problems = self.rounds_problems(pits, problems);
        problems = self.start_problems(pits, problems);
        problems = self.opening_problems(problems);
        problems = self.barred_return_problems(pits, problems);
        problems = self.eliminate_problems(problems);
        problems = self.mover_and_pull_problems(problems);
        problems = crate::primitives::territory::problems(self, pits, problems);
        problems = self.children_problems(pits, problems);
        problems
    }

    /// The check of the barred return ([`Playable::barred_return`]): one
    /// slot, the first clash found. It is read (and checked against
    /// MancalaGames) for halves sowing outward, where an end pit's seeds go
    /// round the end, singletons moving, in single laps from the next pit
    /// (skipping the origin or not), no store sown; the other rules below
    /// would change what a single seed does or where it lands.
    const fn barred_return_problems(&self, pits: usize, problems: Problems) -> Problems {
        if !self.play.barred_return {
            return problems;
        }
        let turn = &self.turn;
        // The places at the ends of a row (1 and N, from the owner's left).
        let n = pits / 2;
        let end_chosen =
            turn.chosen_direction.contains(0) || (n > 0 && turn.chosen_direction.contains(n - 1));
        let with = if !matches!(turn.halves, crate::primitives::RowHalves::Outward) {
            Some("halves not sowing outward (turn.halves)")
        } else if end_chosen {
            Some("a direction chosen at an end of a row (turn.chosen_direction)")
        } else if self.play.min_seeds != 1 {
            Some("singletons that may not move (play.min_seeds)")
        } else if !matches!(
            turn.lap,
            Lap::Single(
                crate::primitives::Sowing::NextPit | crate::primitives::Sowing::NextPitSkippingOrigin
            )
        ) {
            Some("relay laps or sowing from the origin (turn.lap)")
        } else if !matches!(turn.stores, Stores::None) {
            Some("stores sown (turn.stores)")
        } else if self.play.must_feed {
            Some("feeding (play.must_feed)")
        } else if matches!(turn.grand_slam, GrandSlam::Illegal) {
            Some("an illegal grand slam (turn.grand_slam)")
        } else if !matches!(self.play.restriction, MoveRestriction::Free) {
            Some("a move restriction (play.restriction)")
        } else if !matches!(turn.before_sowing, BeforeSowing::Nothing) {
            Some("a capture before the sowing (turn.before_sowing)")
        } else if turn.en_passant.is_some() {
            Some("captures during the sowing (turn.en_passant)")
        } else if turn.pull_across {
            Some("the pull across (turn.pull_across)")
        } else if !turn.territory.is_empty() || !turn.out_of_play.is_empty() || self.rounds.is_some() {
            Some("territory, pits out of play or rounds (turn.territory, turn.out_of_play, rounds)")
        } else {
            None
        };
        match with {
            Some(with) => problems.with(RulesProblem::BarredReturnCombination { with }),
            None => problems,
        }
    }

    /// The checks of the end judged on the last mover and of the pull
    /// across (one slot each).
    const fn mover_and_pull_problems(&self, mut problems: Problems) -> Problems {
        if let (Some(cleared), Some(_)) = (self.end.cleared, self.rounds) {
            if cleared.judges_the_mover() {
                problems = problems.with(RulesProblem::ClearedByMoverInRounds);
            }
        }
        if !self.turn.pull_across {
            return problems;
        }
        let with = if self.turn.lap.relay().is_some() {
            Some("relay laps (turn.lap)")
        } else if !self.turn.capture.counts.is_empty() || self.turn.opposite.is_some() {
            Some("a capture (turn.capture, turn.opposite)")
        } else if !matches!(self.turn.sweep, Sweep::Never) {
            Some("a sweep of the opponent's row (turn.sweep)")
        } else if !matches!(self.turn.before_sowing, BeforeSowing::Nothing) {
            Some("a capture before the sowing (turn.before_sowing)")
        } else if self.turn.en_passant.is_some() {
            Some("captures during the sowing (turn.en_passant)")
        } else if !self.turn.out_of_play.is_empty() || self.rounds.is_some() {
            Some("pits out of play (turn.out_of_play, rounds)")
        } else if self.turn.extra_turn.after_capture {
            Some("an extra turn after a capture (turn.extra_turn.after_capture)")
        } else {
            None
        };
        if let Some(with) = with {
            problems = problems.with(RulesProblem::PullAcrossCombination { with });
        }
        problems
    }

    /// The check of the capture of the facing pit from either row
    /// ([`Opposite::from_either_row`](crate::primitives::Opposite::from_either_row)):
    /// one slot, the first clash found. It was read from MancalaGames (and
    /// checked against it) on the pits alone, in single laps or a relay
    /// from the last pit (it ends on an empty pit, made 1: Sadeqa_IV), with
    /// no other capture, no grand slam rule, no feeding, no chosen
    /// direction, no children and no rounds.
    const fn opposite_either_row_problems(&self, problems: Problems) -> Problems {
        let turn = &self.turn;
        let Some(crate::primitives::Opposite {
            from_either_row: true,
            ..
        }) = turn.opposite
        else {
            return problems;
        };
        let with = if !matches!(turn.stores, Stores::None) {
            Some("stores sown (turn.stores)")
        } else if matches!(turn.lap.relay(), Some(relay) if !matches!(relay.from, crate::primitives::RelayFrom::LastPit)
            || relay.stop_on_capture
            || relay.lap_capture.is_some())
        {
            Some("relay laps other than from the last pit, without stops or captures on the laps (turn.lap: relay)")
        } else if !turn.capture.counts.is_empty() {
            Some("a capture by count (turn.capture)")
        } else if !matches!(turn.sweep, Sweep::Never) {
            Some("a sweep of the opponent's row (turn.sweep)")
        } else if !matches!(turn.before_sowing, BeforeSowing::Nothing) {
            Some("a capture before the sowing (turn.before_sowing)")
        } else if turn.en_passant.is_some() {
            Some("captures during the sowing (turn.en_passant)")
        } else if turn.pull_across {
            Some("the pull across (turn.pull_across)")
        } else if !matches!(turn.pick, crate::primitives::Pick::Nothing) {
            Some("a pick after the capture (turn.pick)")
        } else if turn.no_single_seed_capture {
            Some("no capture by a single seed (turn.no_single_seed_capture)")
        } else if !matches!(turn.grand_slam, GrandSlam::Captures) {
            Some("a grand slam rule other than captures (turn.grand_slam)")
        } else if turn.children.is_some() {
            Some("children (turn.children)")
        } else if !turn.chosen_direction.is_empty() {
            Some("a chosen direction (turn.chosen_direction)")
        } else if self.play.must_feed {
            Some("feeding (play.must_feed)")
        } else if self.rounds.is_some() || !turn.out_of_play.is_empty() || !turn.territory.is_empty() {
            Some("rounds (rounds, turn.out_of_play, turn.territory)")
        } else {
            None
        };
        if let Some(with) = with {
            return problems.with(RulesProblem::OppositeEitherRowCombination { with });
        }
        problems
    }

    /// The checks of a relay's continuation ([`RelayRule::continues`]) and
    /// of its stop for the facing capture (one slot each).
    const fn relay_continues_problems(&self, mut problems: Problems) -> Problems {
        let turn = &self.turn;
        let Lap::RelayWith(relay) = turn.lap else {
            return problems;
        };
        if let (
            true,
            Some(crate::primitives::Opposite {
                when_facing_empty: true,
                ..
            }),
        ) = (relay.stop_on_capture, turn.opposite)
        {
            problems = problems.with(RulesProblem::StopOnFacingEmpty);
        }
        let with = match relay.continues {
            RelayContinues::Anywhere => None,
            RelayContinues::FromOwnRow => {
                if relay.lap_capture.is_some() {
                    Some("captures on each lap (turn.lap.relay.lap_capture)")
                } else {
                    None
                }
            }
            RelayContinues::ThroughOwnStore => {
                if !matches!(relay.from, RelayFrom::NextPit) {
                    Some("a relay that is not from the next pit (turn.lap.relay.from)")
                } else if !matches!(relay.sowing, crate::primitives::Sowing::NextPit) {
                    Some("laps not sown from the next pit (turn.lap.relay.sowing)")
                } else if !matches!(turn.stores, Stores::Own) {
                    Some("stores other than the mover's own sown (turn.stores)")
                } else if !turn.fixed_direction()
                    || matches!(turn.direction, crate::primitives::Direction::ByParity)
                {
                    Some("a direction that is not fixed (turn.direction, turn.halves, turn.chosen_direction)")
                } else if !turn.out_of_play.is_empty() || self.rounds.is_some() || !turn.territory.is_empty()
                {
                    Some("pits out of play or rounds (turn.out_of_play, rounds, turn.territory)")
                } else {
                    None
                }
            }
        };
        if let Some(with) = with {
            problems = problems.with(RulesProblem::RelayContinuesCombination { with });
        }
        problems
    }

    /// The check of the store pass ([`StorePass`](crate::primitives::StorePass)):
    /// one slot, the first clash found. It is written as the turn's only
    /// capture, as MancalaGames plays it, with none of the rules that read
    /// whether a capture was made.
    const fn store_pass_problems(&self, problems: Problems) -> Problems {
        let turn = &self.turn;
        if matches!(turn.store_pass, crate::primitives::StorePass::Never) {
            return problems;
        }
        let lap_capture = matches!(
            turn.lap,
            Lap::RelayWith(RelayRule {
                lap_capture: Some(_),
                ..
            })
        );
        let with = if !turn.capture.counts.is_empty()
            || turn.opposite.is_some()
            || !matches!(turn.sweep, Sweep::Never)
            || !matches!(turn.before_sowing, BeforeSowing::Nothing)
            || turn.en_passant.is_some()
            || turn.pull_across
            || !matches!(turn.pick, crate::primitives::Pick::Nothing)
            || turn.children.is_some()
            || lap_capture
        {
            Some("another capture (turn.capture, turn.opposite, turn.sweep, turn.before_sowing, ...)")
        } else if turn.no_single_seed_capture {
            Some("no capture by a single seed (turn.no_single_seed_capture)")
        } else if !matches!(turn.grand_slam, GrandSlam::Captures) {
            Some("a grand slam rule other than captures (turn.grand_slam)")
        } else if turn.extra_turn.after_capture {
            Some("an extra turn after a capture (turn.extra_turn.after_capture)")
        } else if self.opening.is_some() {
            Some("an opening without captures (opening)")
        } else if !turn.out_of_play.is_empty() || self.rounds.is_some() || !turn.territory.is_empty() {
            Some("pits out of play or rounds (turn.out_of_play, rounds, turn.territory)")
        } else {
            None
        };
        if let Some(with) = with {
            return problems.with(RulesProblem::StorePassCombination { with });
        }
        problems
    }

    /// The check of the captures at the end of each relay lap
    /// ([`RelayRule::lap_capture`]): one slot, the first clash found. The
    /// laps are sown on the pits alone and capture by count only, each
    /// capture made and scored as it comes.
    const fn lap_capture_problems(&self, problems: Problems) -> Problems {
        let turn = &self.turn;
        let Lap::RelayWith(RelayRule {
            lap_capture: Some(lap_capture),
            from,
            sowing,
            ..
        }) = turn.lap
        else {
            return problems;
        };
        let with = if !matches!(turn.stores, Stores::None) {
            Some("stores sown (turn.stores)")
        } else if turn.en_passant.is_some() {
            Some("captures during the sowing (turn.en_passant)")
        } else if turn.children.is_some() {
            Some("children (turn.children)")
        } else if turn.opposite.is_some() {
            Some("the capture of the facing pit (turn.opposite)")
        } else if !matches!(turn.sweep, Sweep::Never) {
            Some("a sweep of the opponent's row (turn.sweep)")
        } else if !matches!(turn.pick, crate::primitives::Pick::Nothing) {
            Some("a pick after the capture (turn.pick)")
        } else if !matches!(turn.before_sowing, BeforeSowing::Nothing) {
            Some("a capture before the sowing (turn.before_sowing)")
        } else if turn.pull_across {
            Some("the pull across (turn.pull_across)")
        } else if !matches!(turn.grand_slam, GrandSlam::Captures) {
            Some("a grand slam rule other than captures (turn.grand_slam)")
        } else if turn.extra_turn.after_capture {
            Some("an extra turn after a capture (turn.extra_turn.after_capture)")
        } else if matches!(lap_capture.goes_on, LapCaptureGoesOn::NextPit)
            && matches!(turn.capture.at, CaptureAt::AcrossGap)
        {
            Some("a capture across the gap, with laps going on from the next pit (turn.capture.at)")
        } else if matches!(lap_capture.goes_on, LapCaptureGoesOn::AsRelay)
            && !matches!(from, RelayFrom::LastPit)
        {
            Some("a relay from the next pit, with laps capturing as they relay (turn.lap.relay.from)")
        } else if lap_capture.opponent_takes_at_most > 0
            && (!matches!(sowing, crate::primitives::Sowing::NextPit)
                || !turn.out_of_play.is_empty()
                || self.rounds.is_some()
                || !turn.territory.is_empty())
        {
            Some("seeds to the opponent without the next-pit sowing on the usual rows, all pits in play")
        } else {
            None
        };
        if let Some(with) = with {
            return problems.with(RulesProblem::LapCaptureCombination { with });
        }
        problems
    }

    /// The checks of the children ([`SowingTurn::children`]) and of the
    /// sowing from the origin first with a single seed on
    /// ([`Sowing::OriginFirstOrNext`](crate::primitives::Sowing::OriginFirstOrNext)):
    /// one slot each, the first clash found.
    const fn children_problems(&self, pits: usize, mut problems: Problems) -> Problems {
        let turn = &self.turn;
        let or_next = matches!(turn.lap.sowing(), crate::primitives::Sowing::OriginFirstOrNext);
        let clash = if !or_next {
            None
        } else if turn.lap.relay().is_some() {
            Some("relay laps (turn.lap: relay)")
        } else if !matches!(turn.stores, Stores::None) {
            Some("stores sown (turn.stores)")
        } else if turn.en_passant.is_some() {
            Some("captures during the sowing (turn.en_passant)")
        } else if !turn.out_of_play.is_empty() || self.rounds.is_some() {
            Some("pits out of play or rounds (turn.out_of_play, rounds)")
        } else if !matches!(turn.before_sowing, BeforeSowing::Nothing) {
            Some("a capture before the sowing (turn.before_sowing)")
        } else if !matches!(self.play.restriction, MoveRestriction::Free) {
            Some("a move restriction (play.restriction)")
        } else {
            None
        };
        if let Some(with) = clash {
            problems = problems.with(RulesProblem::OriginFirstOrNextCombination { with });
        }
        let Some(children) = turn.children else {
            return problems;
        };
        let clash = if turn.lap.relay().is_some() {
            Some("relay laps (turn.lap: relay)")
        } else if !matches!(turn.stores, Stores::None) {
            Some("stores sown (turn.stores)")
        } else if children.made_on == 0 {
            Some("a child made on 0 seeds (turn.children.made_on)")
        } else if !turn.chosen_direction.is_empty()
            || matches!(turn.direction, crate::primitives::Direction::ByParity)
            || (!turn.halves.is_together() && children.not_last_pit)
        {
            // Halves sowing their own way are played in the mirror, which
            // keeps every reading but the last pit before the mover's
            // row (MancalaGames' fixed location, the crate's by direction).
            Some("a direction chosen, by parity, or by halves with not_last_pit (turn.direction, turn.halves, turn.chosen_direction)")
        } else if let Some(why) = places_problem(children, pits) {
            Some(why)
        } else if turn.capture.chain {
            Some("a chained capture (turn.capture.chain)")
        } else if !matches!(turn.capture.at, CaptureAt::LastPit) {
            Some("a capture across the gap (turn.capture.at)")
        } else if turn.opposite.is_some() {
            Some("a capture of the facing pit (turn.opposite)")
        } else if !matches!(turn.sweep, Sweep::Never) {
            Some("a sweep (turn.sweep)")
        } else if !matches!(turn.before_sowing, BeforeSowing::Nothing) {
            Some("a capture before the sowing (turn.before_sowing)")
        } else if turn.en_passant.is_some() {
            Some("captures during the sowing (turn.en_passant)")
        } else if !matches!(turn.grand_slam, GrandSlam::Captures) {
            Some("a grand slam rule (turn.grand_slam)")
        } else if turn.extra_turn.after_capture {
            Some("an extra turn after a capture (turn.extra_turn)")
        } else if !turn.out_of_play.is_empty() || self.rounds.is_some() {
            Some("pits out of play or rounds (turn.out_of_play, rounds)")
        } else if self.play.must_feed {
            Some("feeding (play.must_feed)")
        } else if !matches!(self.play.restriction, MoveRestriction::Free) {
            Some("a move restriction (play.restriction)")
        } else if self.end.row_empty.is_some() || self.end.cleared.is_some() {
            Some("an end by an empty row (end.row_empty, end.cleared)")
        } else if self.end.majority_above.is_some() {
            Some("a majority threshold (end.majority_above)")
        } else {
            None
        };
        if let Some(with) = clash {
            problems = problems.with(RulesProblem::ChildrenCombination { with });
        }
        problems
    }

    /// The checks of the rounds vocabulary: out-of-play pits, the majority
    /// threshold, [`Rounds`].
    const fn rounds_problems(&self, pits: usize, mut problems: Problems) -> Problems {
        let out = self.turn.out_of_play;
        let board = if pits >= 32 { u32::MAX } else { (1u32 << pits) - 1 };
        if out.bits() & !board != 0 {
            problems = problems.with(RulesProblem::OutOfPlayOffBoard { pits });
        }
        let makes_out_of_play = !out.is_empty()
            || matches!(
                self.rounds,
                Some(Rounds {
                    out_of_play: true,
                    ..
                })
            );
        let next_pit = matches!(
            self.turn.lap,
            Lap::RelayWith(RelayRule {
                from: RelayFrom::NextPit,
                ..
            })
        );
        if makes_out_of_play && (next_pit || self.turn.capture.chain) {
            problems = problems.with(RulesProblem::OutOfPlayWithNextPit);
        }
        // The readings that look at a pit next to another, or at a row's
        // end pit, were checked against MancalaGames on boards without
        // pits out of play only.
        let beside = if !matches!(self.turn.before_sowing, BeforeSowing::Nothing) {
            Some("a capture before the sowing (turn.before_sowing)")
        } else if !matches!(self.turn.sweep, Sweep::Never) {
            Some("a sweep of the opponent's row (turn.sweep)")
        } else if !matches!(self.play.restriction, MoveRestriction::Free) {
            Some("a move restriction (play.restriction)")
        } else if matches!(
            self.turn.grand_slam,
            GrandSlam::LeavesRightmost | GrandSlam::LeavesLeftmost
        ) {
            Some("a grand slam that leaves a pit (turn.grand_slam)")
        } else if matches!(self.turn.direction, crate::primitives::Direction::ByParity) {
            Some("a direction chosen by the seed count (turn.direction)")
        } else if self.turn.en_passant.is_some() {
            Some("captures during the sowing (turn.en_passant)")
        } else if matches!(self.turn.capture.at, CaptureAt::AcrossGap) {
            Some("a capture across the gap (turn.capture.at)")
        } else {
            None
        };
        if let (true, Some(with)) = (makes_out_of_play, beside) {
            problems = problems.with(RulesProblem::OutOfPlayCombination { with });
        }
        if let Some(above) = self.end.majority_above {
            let total = (self.seeds as u32).saturating_mul(if pits > 255 { 255 } else { pits as u32 });
            if self.end.majority.is_none() || above as u32 >= total {
                problems = problems.with(RulesProblem::MajorityAboveOutOfRange { total });
            }
        }
        if let Some(rounds) = self.rounds {
            // Rounds for territory read min_pits as the pits that win
            // (checked with the territory), and need no stores of their own
            // (with their own stores or not: every pit is refilled).
            let territory = rounds.fill.is_territory();
            let short = !territory && rounds.min_pits as usize > pits / 2;
            if (!self.has_stores && !territory) || short {
                problems = problems.with(RulesProblem::RoundsNotPlayable { row: pits / 2 });
            }
        }
        problems
    }

    /// The first problem of directions that are not fixed (one check, one
    /// slot): a chosen place beyond the row, a chosen direction with a rule
    /// judged by pit, a chain's reading that could never apply, an odd
    /// row's centre in neither half without a chosen direction.
    const fn direction_problems(&self, pits: usize, problems: Problems) -> Problems {
        let row = pits / 2;
        let chosen = self.turn.chosen_direction.bits();
        let beyond = if row >= 32 { 0 } else { chosen >> row };
        let clash = if chosen == 0 {
            None
        } else if self.turn.lap.relay().is_some() {
            Some("relay laps (turn.lap)")
        } else if self.play.must_feed {
            Some("feeding (play.must_feed)")
        } else if matches!(self.turn.grand_slam, GrandSlam::Illegal) {
            Some("an illegal grand slam (turn.grand_slam)")
        } else {
            None
        };
        // Directions not fixed beside readings that were written, and
        // checked against MancalaGames, for games sown one way.
        let other = if self.turn.fixed_direction() {
            None
        } else if matches!(self.turn.direction, crate::primitives::Direction::ByParity) {
            Some("a direction chosen by the seed count (turn.direction)")
        } else if !self.turn.out_of_play.is_empty()
            || matches!(
                self.rounds,
                Some(Rounds {
                    out_of_play: true,
                    ..
                })
            )
        {
            Some("pits out of play (turn.out_of_play, rounds)")
        } else if self.turn.en_passant.is_some() {
            Some("captures during the sowing (turn.en_passant)")
        } else if !matches!(self.turn.before_sowing, BeforeSowing::Nothing) {
            Some("a capture before the sowing (turn.before_sowing)")
        } else if !matches!(self.turn.sweep, Sweep::Never) {
            Some("a sweep of the opponent's row (turn.sweep)")
        } else if !matches!(self.play.restriction, MoveRestriction::Free) {
            Some("a move restriction (play.restriction)")
        } else if matches!(self.turn.capture.at, CaptureAt::AcrossGap) {
            Some("a capture across the gap (turn.capture.at)")
        } else if matches!(
            self.turn.grand_slam,
            GrandSlam::LeavesRightmost | GrandSlam::LeavesLeftmost
        ) {
            Some("a grand slam that leaves a pit (turn.grand_slam)")
        } else {
            None
        };
        let clash = if clash.is_none() { other } else { clash };
        let problem = if beyond != 0 {
            Some(RulesProblem::ChosenDirectionOffRow {
                place: (row as u32 + beyond.trailing_zeros() + 1) as u8,
                row: row as u8,
            })
        } else if let Some(rule) = clash {
            Some(RulesProblem::ChosenDirectionWith { rule })
        } else if !self.turn.chain_against.is_against_sowing() && self.turn.fixed_direction() {
            Some(RulesProblem::ChainAgainstWithoutChoice)
        } else if !self.turn.halves.is_together() && row % 2 == 1 && row < 32 && chosen >> (row / 2) & 1 == 0
        {
            Some(RulesProblem::CentreWithoutDirection {
                centre: (row / 2 + 1) as u8,
            })
        } else {
            None
        };
        match problem {
            Some(problem) => problems.with(problem),
            None => problems,
        }
    }

    /// Stops compilation (in a `const`) with the first of
    /// [`problems`](Rules::problems), if any; what [`declare!`](crate::declare)
    /// runs. At run time it panics: use [`problems`](Rules::problems) there.
    ///
    /// ```compile_fail
    /// use mancala_rules::Rules;
    ///
    /// // 255 seeds in each of 2 pits: the total does not fit a byte.
    /// const _: () = Rules { seeds: 255, ..Rules::DEFAULT }.assert_exact(2);
    /// ```
    pub const fn assert_exact(&self, pits: usize) {
        if let Some(problem) = self.problems(pits).first() {
            panic!("{}", problem.summary());
        }
    }
}

/// What [`ChildPlaces`](crate::primitives::ChildPlaces) cannot say, on a
/// board of `pits` pits: a place off the row or none at all, a place both
/// players may take (its child's owner the position would have to hold),
/// or a reading of the opponent's row beside them (one each, the last pit,
/// apart).
const fn places_problem(children: crate::primitives::Children, pits: usize) -> Option<&'static str> {
    let Some(places) = children.places else {
        return None;
    };
    let row = PitSet::first(if pits / 2 < 15 { pits / 2 } else { 15 });
    let all = places.own.union(places.opponent);
    if all.difference(row).bits() != 0 || all.is_empty() {
        Some("places off the row, or none (turn.children.places)")
    } else if !places.own.intersection(places.opponent).is_empty() {
        Some("a place both players may take: its child's owner is not fixed (turn.children.places)")
    } else if children.one_each
        || children.not_last_pit
        || !matches!(children.apart, crate::primitives::Apart::Any)
    {
        Some("one each, not the last pit or apart beside places (turn.children)")
    } else {
        None
    }
}
