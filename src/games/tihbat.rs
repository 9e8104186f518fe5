//! Tihbat: 2x2 pits, 7 counters each, no stores (the crate's source: a Vietnamese account).

use crate::primitives::{CaptureRule, CaptureScope, Counts, Lap, Sowing, SowingTurn};
use crate::{Ending, HistoryRules, Leftover, Position, Repetition, Rules, Stuck};

/// A Tihbat position: 4 pits (South 1-2, North 3-4).
pub type TihbatPosition = Position<4>;

/// Tihbat, as declared.
pub const TIHBAT: Rules = Rules {
    name: "tihbat",
    seeds: 7,
    has_stores: false,
    // Rules 1 and 4: any non-empty pit; a player with both pits empty passes.
    end: Ending {
        stuck: Stuck::Passes(Leftover::Owners),
        ..Ending::DEFAULT
    },
    // Rules 2 and 3: origin-first single lap; the landing pit captured if it
    // is the mover's own and holds 2, 4, 6 or 8.
    turn: SowingTurn {
        lap: Lap::Single(Sowing::OriginFirst),
        capture: CaptureRule::single(Counts::of(&[2, 4, 6, 8])),
        scope: CaptureScope::OwnRow,
        ..SowingTurn::DEFAULT
    },
    // Rule 5: a repeated position ends the game, the board split.
    history: HistoryRules {
        repetition: Repetition::EndsWithSplit,
        agreement: false,
    },
    rounds: None,
    ..Rules::DEFAULT
};

/// The own-side chain reading of rule 3, as declared.
pub const TIHBAT_CHAIN: Rules = Rules {
    name: "tihbat-chain",
    turn: SowingTurn {
        capture: CaptureRule::chain(Counts::of(&[2, 4, 6, 8])),
        ..TIHBAT.turn
    },
    ..TIHBAT
};

crate::declare!(
    #[doc = include_str!("rules/tihbat.md")]
    ///
    ///
    /// The declaration is [`TIHBAT`] ([`TIHBAT_CHAIN`] for the chain reading).
    ///
    /// ```
    /// use mancala_rules::games::Tihbat;
    /// use mancala_rules::{Move, Ruleset};
    ///
    /// // Pit 1's three counters: 1 back into pit 1, then pit 2 (now 8), pit 3.
    /// // The last lands on North's pit 3: no capture.
    /// let pos = "3 7 | 7 11 0-0 S".parse()?;
    /// let (after, report) = Tihbat.play(&pos, Move::Pit(1))?;
    /// assert_eq!(after.to_string(), "1 8 | 8 11 0-0 N");
    /// assert!(report.captured.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub Tihbat,
    4,
    TIHBAT
);

crate::declare!(
    /// Tihbat with the own-side chain reading of rule 3: after the landing pit,
    /// the mover's other pit behind it (backward) is captured too if it holds
    /// 2, 4, 6 or 8 ([`Tihbat::own_side_chain`]). Its own type, so that the
    /// compiler sees its declaration, [`TIHBAT_CHAIN`], as a constant.
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub TihbatChain,
    4,
    TIHBAT_CHAIN
);

impl Tihbat {
    /// The game's numbered rules, as on this page (Markdown).
    pub const RULES_TEXT: &'static str = include_str!("rules/tihbat.md");

    /// The own-side chain variant of rule 3.
    #[must_use]
    pub const fn own_side_chain() -> TihbatChain {
        TihbatChain
    }
}

impl TihbatChain {
    /// The game's numbered rules (Markdown), the variant included.
    pub const RULES_TEXT: &'static str = Tihbat::RULES_TEXT;
}
