//! Bohnenspiel: 2x6 pits, 6 beans each, two stores (the crate's sources: a Vietnamese and a Croatian account).

use crate::primitives::{CaptureRule, Counts, Lap, Sowing, SowingTurn};
use crate::{Ending, HistoryRules, Leftover, Player, Position, Repetition, Rules, Stuck};

/// A Bohnenspiel position: 12 pits.
pub type BohnenspielPosition = Position<12>;

/// Bohnenspiel, as declared: rules 1-4.
pub const BOHNENSPIEL: Rules = Rules {
    name: "bohnenspiel",
    seeds: 6,
    // The Schatzhöhlen: they keep the captures and are never sown.
    has_stores: true,
    // Rules 1 and 4: any non-empty pit; a player with an empty row ends the
    // game, and the other player takes every bean left.
    end: Ending {
        stuck: Stuck::Ends(Leftover::Opponent),
        ..Ending::DEFAULT
    },
    // Rules 2 and 3: from the next pit, single lap, the origin not skipped;
    // 2, 4 or 6 captured and chained backward over both rows.
    turn: SowingTurn {
        lap: Lap::Single(Sowing::NextPit),
        capture: CaptureRule::chain(Counts::of(&[2, 4, 6])),
        ..SowingTurn::DEFAULT
    },
    ..Rules::DEFAULT
};

/// Hemprich's 1926 variant, as declared: rule 6.
pub const BOHNENSPIEL_HEMPRICH: Rules = Rules {
    name: "bohnenspiel-hemprich",
    // A player with an empty row passes; the game goes on until every bean
    // is captured.
    end: Ending {
        stuck: Stuck::Passes(Leftover::Owners),
        ..BOHNENSPIEL.end
    },
    // Our choice: a repeated position ends the game, the board split.
    history: HistoryRules {
        repetition: Repetition::EndsWithSplit,
        agreement: false,
    },
    rounds: None,
    ..BOHNENSPIEL
};

crate::declare!(
    #[doc = include_str!("rules/bohnenspiel.md")]
    ///
    ///
    /// The declaration is [`BOHNENSPIEL`] ([`BOHNENSPIEL_HEMPRICH`] for rule 6).
    ///
    /// ```
    /// use mancala_rules::games::Bohnenspiel;
    /// use mancala_rules::{Move, Ruleset};
    ///
    /// // Pit 6's two beans land in 7 and 8: 8 holds 4, 7 holds 2, 6 is empty.
    /// let pos = "6 6 6 6 6 2 | 1 3 5 5 5 5 0-16 S".parse()?;
    /// let (after, report) = Bohnenspiel.play(&pos, Move::Pit(6))?;
    /// assert_eq!(after.to_string(), "6 6 6 6 6 0 | 0 0 5 5 5 5 6-16 N");
    /// assert_eq!(report.captured.to_string(), "7 8");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub Bohnenspiel,
    12,
    BOHNENSPIEL
);

crate::declare!(
    /// Hemprich's 1926 Bohnenspiel (rule 6 of [`Bohnenspiel`]), its own type so
    /// that the compiler sees its declaration, [`BOHNENSPIEL_HEMPRICH`], as a
    /// constant.
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub Hemprich,
    12,
    BOHNENSPIEL_HEMPRICH
);

impl Bohnenspiel {
    /// The game's numbered rules, as on this page (Markdown).
    pub const RULES_TEXT: &'static str = include_str!("rules/bohnenspiel.md");

    /// Hemprich's 1926 variant (rule 6).
    #[must_use]
    pub const fn hemprich() -> Hemprich {
        Hemprich
    }
}

impl Hemprich {
    /// The game's numbered rules (Markdown), the variant included.
    pub const RULES_TEXT: &'static str = Bohnenspiel::RULES_TEXT;
}

/// Match play (rule 5): games are played until a player's cumulative total
/// reaches 100 points.
///
/// The source is silent on who starts the next game; **our choice**: the
/// starting player alternates, South starting the first game. If both reach
/// 100 after the same game, the higher total wins the match; if the totals
/// are equal, another game is played.
///
/// ```
/// use mancala_rules::games::Partie;
/// use mancala_rules::Player;
///
/// let mut partie = Partie::new();
/// assert_eq!(partie.next_starter(), Player::South);
/// partie.record([40, 32]);
/// partie.record([50, 22]);
/// assert_eq!(partie.totals(), [90, 54]);
/// assert_eq!(partie.winner(), None);
/// assert_eq!(partie.next_starter(), Player::South); // third game: South again
/// partie.record([30, 42]);
/// assert_eq!(partie.winner(), Some(Player::South));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Partie {
    /// Final totals of each game played, `[south, north]`.
    pub games: Vec<[u32; 2]>,
}

impl Partie {
    /// Points that win the match.
    pub const TARGET: u32 = 100;

    /// A match before its first game.
    #[must_use]
    pub fn new() -> Partie {
        Partie::default()
    }

    /// Records the final totals of a game.
    pub fn record(&mut self, totals: [u32; 2]) {
        self.games.push(totals);
    }

    /// Cumulative totals, `[south, north]`.
    #[must_use]
    pub fn totals(&self) -> [u32; 2] {
        self.games.iter().fold([0, 0], |[s, n], [gs, gn]| {
            [s.saturating_add(*gs), n.saturating_add(*gn)]
        })
    }

    /// The winner of the match, once decided.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        let [south, north] = self.totals();
        if south.max(north) < Self::TARGET || south == north {
            None
        } else if south > north {
            Some(Player::South)
        } else {
            Some(Player::North)
        }
    }

    /// Who starts the next game: South, then alternating.
    #[must_use]
    pub fn next_starter(&self) -> Player {
        if self.games.len() % 2 == 0 {
            Player::South
        } else {
            Player::North
        }
    }

    /// The opening position of the next game.
    #[must_use]
    pub fn next_start(&self) -> BohnenspielPosition {
        let mut start = BohnenspielPosition::filled(BOHNENSPIEL.seeds);
        start.to_move = self.next_starter();
        start
    }
}
