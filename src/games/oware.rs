//! Oware Abapa, as OpenSpiel plays it (a reference game).

use serde::{Deserialize, Serialize};

use crate::primitives::{CaptureRule, CaptureScope, Counts, GrandSlam, Lap, Sowing, SowingTurn};
use crate::{Declared, Ending, HistoryRules, Leftover, Playable, Position, Repetition, Rules, Stuck};

/// Oware Abapa, as declared (OpenSpiel's `oware`).
pub const OWARE: Rules = Rules {
    name: "oware",
    seeds: 4,
    stores: false,
    // Rules 1, 4 and 5: any non-empty pit; the mover must feed an empty row;
    // a player with no move ends the game, each keeping their own row.
    play: Playable {
        min_seeds: 1,
        must_feed: true,
        stuck: Stuck::Ends(Leftover::Owners),
    },
    // Rules 1-3: from the next pit, skipping the origin; 2 or 3 captured,
    // chained backward within the opponent's row; a grand slam captures
    // nothing.
    turn: SowingTurn {
        lap: Lap::Single(Sowing::NextPitSkippingOrigin),
        capture: CaptureRule::chain(Counts::of(&[2, 3])),
        scope: CaptureScope::OpponentRow,
        grand_slam: GrandSlam::CapturesNothing,
        ..SowingTurn::DEFAULT
    },
    // Rule 5: more than half captured, or no move feeds: each keeps their row.
    end: Ending {
        majority: Some(Leftover::Owners),
        row_empty: None,
        starvation: Leftover::Owners,
    },
    // Rule 5: a position repeated since the last capture ends the game.
    history: HistoryRules {
        repetition: Repetition::EndsKeepingRows,
        agreement: false,
    },
};

/// The rules of Oware Abapa exactly as OpenSpiel (2.0.2) plays its `oware`:
/// the reference game that other engines implement, so that this crate can
/// be checked against them position by position.
///
/// 1. A move picks up all seeds of a non-empty pit of the mover's row and
///    sows them counterclockwise from the next pit, skipping the emptied
///    origin on every lap (12 seeds or more).
/// 2. If the last seed lands in the opponent's row and makes its pit hold 2
///    or 3, it is captured, then the pits behind it while they hold 2 or 3,
///    never leaving the opponent's row.
/// 3. Grand slam: a move whose capture would take every seed of the
///    opponent's row is legal but captures nothing.
/// 4. Feeding: if the opponent's row is empty, only the moves that reach it
///    are legal.
/// 5. The game ends when a player has captured more than 24 (or both 24);
///    when the player to move has no legal move (an empty row, or no move
///    feeds); or when a position (board, captures, player to move) repeats
///    one seen since the last capture. At every end each player adds the
///    seeds left in their own row to their captures.
///
/// The declaration is [`OWARE`].
///
/// ```
/// use mancala_rules::games::Oware;
/// use mancala_rules::{perft, Ruleset};
///
/// let rules = Oware;
/// assert_eq!(perft(&rules, &rules.start(), 4), 1014);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Oware;

impl Oware {
    /// The declaration.
    pub const RULES: &'static Rules = &OWARE;
}

impl Declared for Oware {
    type Position = Position<12>;

    #[inline(always)]
    fn rules(&self) -> &Rules {
        Self::RULES
    }
}
