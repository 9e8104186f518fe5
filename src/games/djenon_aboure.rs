//! Djenon-aboure: 2x6 pits, 4 seeds each, no stores (the crate's source: a Vietnamese account).

use crate::primitives::{
    AtMaxLaps, CaptureRule, Counts, Lap, RelayContinues, RelayFrom, RelayRule, Sowing, SowingTurn,
};
use crate::{Ending, Leftover, Playable, Position, Rules, Stuck};

/// A Djenon-aboure position: 12 pits.
pub type DjenonAbourePosition = Position<12>;

/// Djenon-aboure, as declared.
pub const DJENON_ABOURE: Rules = Rules {
    name: "djenon-aboure",
    seeds: 4,
    has_stores: false,
    // Rules 1, 5 and 6: at least two seeds; a player with no move passes
    // while the opponent can move; when neither can, each keeps their row.
    play: Playable {
        min_seeds: 2,
        must_feed: false,
        ..Playable::DEFAULT
    },
    end: Ending {
        stuck: Stuck::Passes(Leftover::Owners),
        ..Ending::DEFAULT
    },
    // Rules 2-4: origin-first laps, relaying from a last pit holding 3, or 5
    // and more; a relay not ended after 4,096 laps is endless (our choice:
    // no finite relay measured took more than 810, BENCHMARKS.md); 2 or 4
    // captured and chained backward over both rows.
    turn: SowingTurn {
        lap: Lap::RelayWith(RelayRule {
            sowing: Sowing::OriginFirst,
            relay_on: Counts::of(&[3]).union(Counts::at_least(5)),
            from: RelayFrom::LastPit,
            stop_on_capture: false,
            max_laps: 4096,
            at_max_laps: AtMaxLaps::Refused,
            lap_capture: None,
            continues: RelayContinues::Anywhere,
        }),
        capture: CaptureRule::chain(Counts::of(&[2, 4])),
        ..SowingTurn::DEFAULT
    },
    ..crate::Rules::DEFAULT
};

crate::declare!(
    #[doc = include_str!("rules/djenon_aboure.md")]
    ///
    ///
    /// The declaration is [`DJENON_ABOURE`].
    ///
    /// ```
    /// use mancala_rules::games::DjenonAboure;
    /// use mancala_rules::{IllegalMove, Move, Ruleset};
    ///
    /// let rules = DjenonAboure;
    /// // Pit 1's two seeds: one back into pit 1, one into pit 2, which reaches 3
    /// // and relays: 1 into pit 2, 1 into 3 (now 2), 1 into 4 (now 2), captured
    /// // with pit 3 behind it.
    /// let pos = "2 2 1 1 0 0 | 4 4 4 4 4 22 0-0 S".parse()?;
    /// let (after, report) = rules.play(&pos, Move::Pit(1))?;
    /// assert_eq!(after.to_string(), "1 1 0 0 0 0 | 4 4 4 4 4 22 4-0 N");
    /// assert_eq!((report.laps, report.captured.to_string()), (2, "3 4".to_string()));
    /// // A singleton may not move.
    /// assert_eq!(rules.check(&pos, Move::Pit(3)), Err(IllegalMove::SingletonMayNotMove { pit: 3 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub DjenonAboure,
    12,
    DJENON_ABOURE
);

impl DjenonAboure {
    /// The game's numbered rules, as on this page (Markdown).
    pub const RULES_TEXT: &'static str = include_str!("rules/djenon_aboure.md");
}
