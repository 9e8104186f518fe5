//! Al-manqala: 2x7 houses, 7 seeds each, no stores (seed 004).

use serde::{Deserialize, Serialize};

use crate::primitives::{CaptureRule, Counts, Lap, Sowing, SowingTurn};
use crate::{Declared, Ending, HistoryRules, Leftover, Playable, Position, Repetition, Rules, Stuck};

/// An Al-manqala position: 14 houses.
pub type AlManqalaPosition = Position<14>;

/// Al-manqala, as declared.
pub const AL_MANQALA: Rules = Rules {
    name: "al-manqala",
    seeds: 7,
    stores: false,
    // Rules 2 and 5: the mover must feed an empty row; a player whose own
    // row is empty passes.
    play: Playable {
        min_seeds: 1,
        must_feed: true,
        stuck: Stuck::Passes(Leftover::Owners),
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
        starvation: Leftover::Opponent,
        ..Ending::DEFAULT
    },
    // Rule 7: the players may agree to split.
    history: HistoryRules {
        repetition: Repetition::Continues,
        agreement: true,
    },
};

/// The rules of Al-manqala (seed 004).
///
/// 1. A move picks up all seeds of a non-empty house of the mover's row and
///    sows them one per house counterclockwise from the next house, single
///    lap; with 14 or more seeds the origin is not skipped.
/// 2. Feeding: if the opponent's row is empty at the start of the turn, the
///    mover must play a move that drops at least one seed into it, when one
///    exists (a feeding move may capture what it fed).
/// 3. If the last seed makes its house (either row) hold 2 or 4, it is
///    captured, then the houses behind it while they hold 2 or 4.
/// 4. Starvation: if the opponent's row is empty and no move feeds it, the
///    game ends at once and the starved opponent takes every seed left.
/// 5. A player whose own row is empty (while the opponent's is not) passes.
/// 6. The game also ends when every seed is captured.
/// 7. The players may agree that the seeds chase each other forever and
///    split the board equally: an explicit action, not a move
///    ([`Game::agree_to_split`](crate::Game::agree_to_split)); automated play
///    uses an [`AgreementPolicy`](crate::AgreementPolicy), by default
///    agreeing when a position occurs for the third time (**our choice**: the
///    source leaves it to the players).
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AlManqala;

impl AlManqala {
    /// The declaration.
    pub const RULES: &'static Rules = &AL_MANQALA;
}

impl Declared for AlManqala {
    type Position = AlManqalaPosition;

    #[inline(always)]
    fn rules(&self) -> &Rules {
        Self::RULES
    }
}
