//! Oware Abapa, as OpenSpiel plays it (a reference game).

use crate::primitives::{CaptureRule, CaptureScope, Counts, GrandSlam, Lap, Sowing, SowingTurn};
use crate::{Ending, HistoryRules, Leftover, Playable, Repetition, Rules, Stuck};

/// Oware Abapa, as declared (OpenSpiel's `oware`).
pub const OWARE: Rules = Rules {
    name: "oware",
    seeds: 4,
    has_stores: false,
    // Rules 1, 4 and 5: any non-empty pit; the mover must feed an empty row;
    // a player with no move ends the game, each keeping their own row.
    play: Playable {
        min_seeds: 1,
        must_feed: true,
        ..Playable::DEFAULT
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
        stuck: Stuck::Ends(Leftover::Owners),
        majority: Some(Leftover::Owners),
        row_empty: None,
        starvation: Leftover::Owners,
        few_seeds: None,
        cleared: None,
        majority_above: None,
        eliminate: None,
    },
    // Rule 5: a position repeated since the last capture ends the game.
    history: HistoryRules {
        repetition: Repetition::EndsKeepingRows,
        agreement: false,
    },
    rounds: None,
    start: None,
    deal: None,
    first_move: None,
};

crate::declare!(
    #[doc = include_str!("rules/oware.md")]
    ///
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
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub Oware,
    12,
    OWARE
);

impl Oware {
    /// The game's numbered rules, as on this page (Markdown).
    pub const RULES_TEXT: &'static str = include_str!("rules/oware.md");
}
