//! Kalah, as OpenSpiel plays it (a reference game), with its traditional options.

use crate::primitives::{ExtraTurn, Lap, Opposite, Sowing, SowingTurn, Stores};
use crate::{Declared, Ending, Leftover, Position, Rules, Stuck};

/// Kalah with `seeds` a pit, as declared; `opposite` says when landing in
/// an own empty pit captures.
const fn kalah(name: &'static str, seeds: u8, opposite: Opposite) -> Rules {
    Rules {
        name,
        seeds,
        has_stores: true,
        // Rules 2-4: from the next place through the mover's own store (the
        // opponent's skipped, the origin not); the last seed in the store
        // plays again; the last seed in an own empty pit takes the facing pit.
        turn: SowingTurn {
            lap: Lap::Single(Sowing::NextPit),
            stores: Stores::Own,
            opposite: Some(opposite),
            extra_turn: ExtraTurn::IN_OWN_STORE,
            ..SowingTurn::DEFAULT
        },
        // Rule 5: either row empty ends the game; each keeps their own row
        // (it comes first: a stuck player only happens with an empty row,
        // which has ended the game already).
        end: Ending {
            stuck: Stuck::Ends(Leftover::Owners),
            row_empty: Some(Leftover::Owners),
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

/// Kalah as OpenSpiel plays it, 4 seeds a pit.
pub const KALAH: Rules = kalah("kalah", 4, Opposite::KALAH);

/// Every Kalah the crate ships: 3 to 6 seeds a pit, each with OpenSpiel's
/// capture and with the "empty capture" reading.
const KALAHS: [[Rules; 2]; 4] = [
    [
        kalah("kalah-3", 3, Opposite::KALAH),
        kalah("kalah-3-empty-capture", 3, Opposite::EMPTY_CAPTURE),
    ],
    [KALAH, kalah("kalah-empty-capture", 4, Opposite::EMPTY_CAPTURE)],
    [
        kalah("kalah-5", 5, Opposite::KALAH),
        kalah("kalah-5-empty-capture", 5, Opposite::EMPTY_CAPTURE),
    ],
    [
        kalah("kalah-6", 6, Opposite::KALAH),
        kalah("kalah-6-empty-capture", 6, Opposite::EMPTY_CAPTURE),
    ],
];
const _: () = {
    let mut seeds = 0;
    while seeds < KALAHS.len() {
        KALAHS[seeds][0].assert_exact(12);
        KALAHS[seeds][1].assert_exact(12);
        seeds += 1;
    }
};

crate::declare!(
    #[doc = include_str!("rules/kalah.md")]
    ///
    ///
    /// ```
    /// use mancala_rules::games::Kalah;
    /// use mancala_rules::{Move, Player, Ruleset};
    ///
    /// let rules = Kalah;
    /// // Pit 3's four seeds: 4, 5, 6 and South's store. South moves again.
    /// let (after, report) = rules.play(&rules.start(), Move::Pit(3))?;
    /// assert_eq!(after.to_string(), "4 4 0 5 5 5 | 4 4 4 4 4 4 1-0 S");
    /// assert!(report.in_store);
    /// assert_eq!(after.to_move, Player::South);
    /// # Ok::<(), mancala_rules::IllegalMove>(())
    /// ```
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub Kalah,
    12,
    KALAH
);

/// Kalah with its traditional options: `SEEDS` seeds a pit (3 to 6; other
/// counts do not compile) and, with `EMPTY_CAPTURE`, the "empty capture"
/// reading of rule 4. Each option is its own type, so that the compiler sees
/// its declaration as a constant; `KalahVariant<4, false>` plays as [`Kalah`].
///
/// ```
/// use mancala_rules::games::KalahVariant;
/// use mancala_rules::Ruleset;
///
/// let six = KalahVariant::<6, false>;
/// assert_eq!(six.total_seeds(), 72);
/// assert_eq!(six.name(), "kalah-6");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KalahVariant<const SEEDS: u8, const EMPTY_CAPTURE: bool>;

impl Kalah {
    /// The game's numbered rules, as on this page (Markdown).
    pub const RULES_TEXT: &'static str = include_str!("rules/kalah.md");

    /// The "empty capture" reading of rule 4: the landing seed is captured
    /// even when the facing pit is empty.
    ///
    /// ```
    /// use mancala_rules::games::Kalah;
    /// use mancala_rules::{Move, Ruleset};
    ///
    /// let pos = "0 0 0 0 1 0 | 0 4 4 4 4 0 31-0 S".parse()?;
    /// let (after, _) = Kalah.empty_capture().play(&pos, Move::Pit(5))?;
    /// assert_eq!(after.to_string(), "0 0 0 0 0 0 | 0 4 4 4 4 0 32-0 N");
    /// let (after, _) = Kalah.play(&pos, Move::Pit(5))?;
    /// assert_eq!(after.to_string(), "0 0 0 0 0 1 | 0 4 4 4 4 0 31-0 N");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn empty_capture(self) -> KalahVariant<4, true> {
        KalahVariant
    }
}

impl<const SEEDS: u8, const EMPTY_CAPTURE: bool> KalahVariant<SEEDS, EMPTY_CAPTURE> {
    /// Kalah's numbered rules (Markdown), options included.
    pub const RULES_TEXT: &'static str = Kalah::RULES_TEXT;

    /// Checked when the rules are first used: 3 to 6 seeds a pit.
    const SEEDS_OK: () = assert!(SEEDS >= 3 && SEEDS <= 6, "Kalah has 3 to 6 seeds a pit");

    /// The declaration.
    pub const RULES: &'static Rules = {
        let () = Self::SEEDS_OK;
        &KALAHS[SEEDS as usize - 3][EMPTY_CAPTURE as usize]
    };
}

impl<const SEEDS: u8, const EMPTY_CAPTURE: bool> Declared for KalahVariant<SEEDS, EMPTY_CAPTURE> {
    type Position = Position<12>;

    #[inline(always)]
    fn rules(&self) -> &Rules {
        Self::RULES
    }
}
