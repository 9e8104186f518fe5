//! Al-manqala: 2x7 houses, 7 seeds each, no stores (the crate's source: a Vietnamese account).

use crate::primitives::{CaptureRule, Counts, Lap, Sowing, SowingTurn};
use crate::{Ending, HistoryRules, Leftover, Playable, Position, Repetition, Rules, Stuck};

/// An Al-manqala position: 14 houses.
pub type AlManqalaPosition = Position<14>;

/// Al-manqala, as declared.
pub const AL_MANQALA: Rules = Rules {
    name: "al-manqala",
    seeds: 7,
    has_stores: false,
    // Rules 2 and 5: the mover must feed an empty row; a player whose own
    // row is empty passes.
    play: Playable {
        min_seeds: 1,
        must_feed: true,
        ..Playable::DEFAULT
    },
    // Rules 1 and 3: next-house single lap; 2 or 4 captured and chained
    // backward over both rows.
    turn: SowingTurn {
        lap: Lap::Single(Sowing::NextPit),
        capture: CaptureRule::chain(Counts::of(&[2, 4])),
        ..SowingTurn::DEFAULT
    },
    // Rule 4: no move feeds: the starved opponent takes the board.
    end: Ending {
        stuck: Stuck::Passes(Leftover::Owners),
        starvation: Leftover::Opponent,
        ..Ending::DEFAULT
    },
    // Rule 7: the players may agree to split.
    history: HistoryRules {
        repetition: Repetition::Continues,
        agreement: true,
    },
    rounds: None,
    start: None,
    deal: None,
    first_move: None,
};

crate::declare!(
    #[doc = include_str!("rules/al_manqala.md")]
    ///
    ///
    /// The declaration is [`AL_MANQALA`].
    ///
    /// ```
    /// use mancala_rules::games::AlManqala;
    /// use mancala_rules::{IllegalMove, Move, Ruleset};
    ///
    /// // North's row is empty: South must feed. Pit 7 feeds; pit 1 does not.
    /// let pos = "3 0 0 0 0 0 2 | 0 0 0 0 0 0 0 40-53 S".parse()?;
    /// let rules = AlManqala;
    /// assert_eq!(rules.legal_moves(&pos).to_string(), "7");
    /// assert_eq!(rules.check(&pos, Move::Pit(1)), Err(IllegalMove::MustFeed { pit: 1 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub AlManqala,
    14,
    AL_MANQALA
);

impl AlManqala {
    /// The game's numbered rules, as on this page (Markdown).
    pub const RULES_TEXT: &'static str = include_str!("rules/al_manqala.md");
}
