//! Games as data: a declaration read at run time ([`RulesData`], its JSON
//! form), checked ([`Rules::problems`]), and played through the same
//! pipeline as the shipped games ([`DeclaredKind`], a [`GameKind`]).
//!
//! The engine is the shipped games' own: a declared game is a
//! [`Declared`] type, `Dynamic<P>`, for each board size, whose rules are
//! read at run time instead of being compile-time constants. There is no
//! second interpreter of the rules.

use std::fmt;
use std::sync::Mutex;

use crate::declaration::{Declared, Ending, HistoryRules, Playable, Rules};
use crate::error::Escaped;
use crate::primitives::SowingTurn;
use crate::rounds::Rounds;
use crate::validation::Problems;
use crate::{GameKind, Position};

/// The version of the data form this crate reads and writes.
pub const RULES_FORMAT: u32 = 1;

/// The longest data form read (bytes): a declaration is a few hundred, its
/// rules text a few thousand.
pub const MAX_RULES_BYTES: usize = 64 * 1024;

/// The most distinct declarations one program may load. Each is kept for the
/// program's life (games, engines and tables hold it by reference, and a
/// [`GameKind`] is `Copy`), so their number is bounded: about 100 KB at most
/// in all for typical declarations, far more than any catalogue.
pub const MAX_DECLARATIONS: usize = 4096;

/// Longest game name and longest alias, in bytes.
pub const MAX_NAME_BYTES: usize = 64;

/// A declaration as data, written for people: the fields of [`Rules`],
/// with words for the readings (`"next-pit"`, `"owners"`), counts as lists
/// (`[2, 3]`, `[3, {"from": 5}]`), the name an owned string, the board
/// size, and a format version. Reading is strict: unknown fields are
/// refused; a field left out takes the value of [`Rules::DEFAULT`] (the
/// format, name, pits and seeds must be given).
///
/// The whole form of Kalah (OpenSpiel's, 4 seeds a pit on 2x6):
///
/// ```
/// use mancala_rules::{GameKind, RulesData};
///
/// let kalah = r#"{
///   "format": 1,
///   "name": "my-kalah",
///   "pits": 12,
///   "seeds": 4,
///   "has_stores": true,
///   "play": { "min_seeds": 1, "must_feed": false },
///   "turn": {
///     "lap": { "single": "next-pit" },
///     "direction": "counter-clockwise",
///     "stores": "own",
///     "capture": { "counts": [], "chain": false, "forward": false },
///     "scope": "anywhere",
///     "opposite": { "with_landing_seed": true, "when_facing_empty": false },
///     "grand_slam": "captures",
///     "extra_turn": { "in_own_store": true, "after_capture": false }
///   },
///   "end": { "stuck": { "ends": "owners" }, "majority": null, "row_empty": "owners", "starvation": "owners" },
///   "history": { "repetition": "continues", "agreement": false }
/// }"#;
/// let data = RulesData::from_json(kalah)?;
/// assert_eq!(data.rules().fingerprint(12), GameKind::Kalah.rules().fingerprint(12));
/// # Ok::<(), mancala_rules::RulesError>(())
/// ```
///
/// Each item of the vocabulary, in the form:
///
/// | item | data form |
/// |---|---|
/// | single lap from the next pit / the origin / skipping the origin | `"lap": {"single": "next-pit"}`, `"origin-first"`, `"next-pit-skipping-origin"` |
/// | relay laps (Djenon-aboure) | `"lap": {"relay": {"sowing": "origin-first", "relay_on": [3, {"from": 5}], "max_laps": 4096}}` (also `"from": "next-pit"`, `"stop_on_capture": true`) |
/// | clockwise sowing | `"direction": "clockwise"` |
/// | the direction by the seed count's parity, odd counterclockwise ([`Direction::ByParity`](crate::primitives::Direction::ByParity)) | `"direction": "by-parity"` |
/// | stores sown | `"stores": "own"` or `"both"` (with `"has_stores": true`) |
/// | the stores at the rows' counterclockwise ends for a clockwise move too, MancalaGames' board ([`StorePlace`](crate::primitives::StorePlace)) | `"turn": {"store_place": "counterclockwise-ends"}` (default `"by-direction"`) |
/// | capture by count, chained backward | `"capture": {"counts": [2, 3], "chain": true}` (`"forward": true` for a forward chain) |
/// | capture across the empty pit after the last, "two out" ([`CaptureAt`](crate::primitives::CaptureAt)) | `"capture": {"counts": [{"from": 1}], "chain": true, "forward": true, "at": "across-gap"}` (default `"last-pit"`) |
/// | captures on one row only | `"scope": "own-row"` or `"opponent-row"` |
/// | captures during the sowing, by the pit's owner ([`EnPassant`](crate::primitives::EnPassant)) | `"turn": {"en_passant": {"counts": [4], "last_seed": "to-owner"}}` (or `"left-to-capture"`; default `null`) |
/// | the facing pit captured | `"opposite": {"with_landing_seed": true, "when_facing_empty": false}` |
/// | the opponent's store taken by a last seed in it ([`SowingTurn::takes_opponent_store`]) | `"turn": {"takes_opponent_store": true}` (with `"stores": "both"`; default `false`) |
/// | grand slam | `"grand_slam": "captures-nothing"` or `"illegal"` |
/// | extra turns | `"extra_turn": {"in_own_store": true, "after_capture": false}` (and `"in_opponent_store": true` for a last seed in the opponent's store, [`ExtraTurn::in_opponent_store`](crate::primitives::ExtraTurn::in_opponent_store), default `false`) |
/// | no move when every move is an illegal grand slam ([`SlamsOnly`](crate::SlamsOnly)) | `"play": {"slams_only": "no-move"}` (default `"played"`: they are played, capturing nothing) |
/// | singletons may not move | `"play": {"min_seeds": 2}` |
/// | feeding | `"play": {"must_feed": true}`, `"end": {"starvation": "opponent"}` |
/// | feeding judged after the capture ([`Feeding`](crate::Feeding)) | `"play": {"must_feed": true, "feeding": "after-capture"}` (default `"after-sowing"`) |
/// | grand slam judged against the board before the move ([`SlamJudged`](crate::primitives::SlamJudged)) | `"turn": {"grand_slam": "captures-nothing", "grand_slam_judged": "before-move"}` (default `"after-sowing"`) |
/// | a relay past its lap cap ends the game ([`AtMaxLaps`](crate::primitives::AtMaxLaps)) | `"lap": {"relay": {..., "max_laps": 75, "at_max_laps": {"ends-game": "split"}}}` (default `"refused"`) |
/// | captures at the end of each relay lap ([`LapCapture`](crate::primitives::LapCapture)) | `"lap": {"relay": {..., "lap_capture": {"goes_on": "next-pit", "opponent_takes_at_most": 8}}}` (`"goes_on"`: `"next-pit"` or `"as-relay"`; `"opponent_takes_at_most"` defaults to 0, never; default `null`: the turn captures after the relay only) |
/// | where a relay goes on from ([`RelayContinues`](crate::primitives::RelayContinues)) | `"lap": {"relay": {..., "continues": "from-own-row"}}` or `"through-own-store"` (default `"anywhere"`) |
/// | a relay stopped by a capture, by count or of the facing pit ([`RelayRule::stop_on_capture`](crate::primitives::RelayRule::stop_on_capture)) | `"lap": {"relay": {..., "stop_on_capture": true}}` with `"capture"` or `"opposite"` |
/// | the mover's store handed to the opponent ([`StorePass`](crate::primitives::StorePass)) | `"turn": {"store_pass": "on-empty-opponent-pit"}` (default `"never"`) |
/// | the facing pit captured from either row ([`Opposite::from_either_row`](crate::primitives::Opposite::from_either_row)) | `"opposite": {..., "from_either_row": true}` (default `false`) |
/// | too few seeds left ([`FewSeeds`](crate::FewSeeds)) | `"end": {"few_seeds": {"fewer_than": 4, "leftover": "owners"}}` (default `null`) |
/// | a cleared row ends the game ([`Cleared`](crate::Cleared)) | `"end": {"cleared": "takes-the-rest"}`, `"wins"` or `"mover-takes-the-rest"` (default `null`) |
/// | a grand slam leaves the opponent's rightmost (leftmost) pit, or captures and plays again ([`GrandSlam`](crate::primitives::GrandSlam)) | `"grand_slam": "leaves-rightmost"`, `"leaves-leftmost"`, `"captures-and-plays-again"` |
/// | a capture that starts in the opponent's row and chains on into either ([`CaptureScope::StartsInOpponentRow`](crate::primitives::CaptureScope::StartsInOpponentRow)) | `"scope": "starts-in-opponent-row"` |
/// | a single seed captures nothing ([`SowingTurn::no_single_seed_capture`]) | `"turn": {"no_single_seed_capture": true}` (default `false`) |
/// | a sweep of the opponent's row ([`Sweep`](crate::primitives::Sweep)) | `"turn": {"sweep": "opponent-row-or-last-own-pit"}` (default `"never"`) |
/// | a capture before the sowing ([`BeforeSowing`](crate::primitives::BeforeSowing)) | `"turn": {"before_sowing": "singleton-takes-facing"}` or `"first-seed-to-store"` (default `"nothing"`) |
/// | which pits may be played ([`MoveRestriction`](crate::primitives::MoveRestriction)) | `"play": {"restriction": "ends-in-opponent-row-or-empty"}`, `"singleton-to-empty-next"`, `"singletons-only-when-all"` (default `"free"`) |
/// | each half of a row sowing its own way ([`RowHalves`](crate::primitives::RowHalves)) | `"turn": {"halves": "outward"}` or `"inward"` (default `"together"`) |
/// | a direction the player chooses ([`SowingTurn::chosen_direction`]) | `"turn": {"chosen_direction": [3]}`: places in each row from its owner's left, from 1 (default `[]`) |
/// | a chain after a move sown the other way ([`ChainAgainst`](crate::primitives::ChainAgainst)) | `"turn": {"chain_against": "against-turn-direction"}` (default `"against-sowing"`) |
/// | an extra pick after the capture ([`Pick`](crate::primitives::Pick)) | `"turn": {"pick": {"last-seeds": 4}}`, `{"last-seeds-to-starter": 8}` (taken by the round's starter; a round North started: `"turn": {"round_starter": 1}`, default `0`) or `"facing"` (default `"nothing"`) |
/// | a single seed on from the origin-first sowing ([`Sowing::OriginFirstOrNext`](crate::primitives::Sowing::OriginFirstOrNext)) | `"lap": {"single": "origin-first-or-next"}` |
/// | children ([`Children`](crate::primitives::Children)) | `"turn": {"children": {"made_on": 3, "one_each": true, "not_last_pit": true, "apart": "same-number"}}` (`"apart"`: `"any"`, `"same-number"`, `"facing"`; the flags default to `false`, `"apart"` to `"any"`; default `null`: no children); a position's children: `"children": [4, 12]` (pit numbers) |
/// | children made by place, each its maker's ([`ChildPlaces`](crate::primitives::ChildPlaces)) | `"children": {"made_on": 4, "places": {"own": [2, 3, 4, 5], "opponent": [1, 6]}}`: places from each row's owner's left, from 1 (default `null`: anywhere in the opponent's row, each child the player's facing its row) |
/// | a stuck player passes | `"end": {"stuck": {"passes": "owners"}}` |
/// | majority, an empty row | `"end": {"majority": "owners", "row_empty": "owners"}` |
/// | played in rounds ([`Rounds`](crate::Rounds)) | `"rounds": {"fill": "right", "starter": "last-mover", "min_pits": 4, "out_of_play": true}` (default `null`); a round's out-of-play pits: `"turn": {"out_of_play": [8, 9]}` (default `[]`) |
/// | played in rounds for territory ([`RoundFill::Territory`](crate::RoundFill::Territory)) | `"rounds": {"fill": "territory", "starter": "winner", "min_pits": 9, "out_of_play": false}`, or `"territory-to-loser"`, `"territory-emptied"`; `min_pits` is then the pits that win; a round's territory, the pits South owns: `"turn": {"territory": [1, 2, 3, 4, 5, 6, 7]}` (default `[]`: the usual rows) |
/// | majority above a count ([`Ending::majority_above`](crate::Ending::majority_above)) | `"end": {"majority": "nobody", "majority_above": 70}` (default `null`: half) |
/// | repetition, agreement | `"history": {"repetition": "ends-with-split", "agreement": true}` |
/// | a start board not uniform ([`StartBoard`](crate::StartBoard)) | `"start": [0, 3, 3, 0, 3, 3]`: one count a pit, in standard order (default `null`: `seeds` in every pit) |
/// | an opening dealt at random ([`Deal`](crate::Deal)) | `"deal": {"at_least": 2}` (default `null`: the declared board) |
/// | a prescribed first move ([`Rules::first_move`](crate::Rules::first_move)) | `"first_move": 6`, a pit of South's row (default `null`) |
/// | no capture in the first moves ([`Opening`](crate::Opening)) | `"opening": {"no_captures_for": 2}` (default `null`: no opening rule) |
/// | a single seed sown round an end of the board not sown straight back ([`Playable::barred_return`](crate::Playable::barred_return)) | `"play": {"barred_return": true}` (default `false`); a position's barred pit: `"barred": 6` (its number) |
/// | a cap on a chain's length ([`CaptureRule::max_chain`](crate::primitives::CaptureRule::max_chain)) | `"turn": {"capture": {"counts": ..., "chain": true, "max_chain": 2}}` (default 0: no cap) |
/// | won by eliminating the opponent ([`Eliminate`](crate::Eliminate)) | `"end": {"eliminate": "deprive"}` or `"immobilize"` (default `null`) |
/// | leftovers | `"owners"`, `"player-to-move"`, `"opponent"`, `"nobody"`, `"split"`, `"split-odd-to-behind"` ([`Leftover::SplitOddToBehind`](crate::Leftover::SplitOddToBehind)) |
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesData {
    /// The version of the form: [`RULES_FORMAT`].
    pub format: u32,
    /// The game's name, as games, records and the protocol spell it.
    pub name: String,
    /// Other names the game answers to.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub aliases: Vec<String>,
    /// Pits in all: two rows of `pits / 2`.
    pub pits: usize,
    /// Seeds in each pit at the opening.
    pub seeds: u8,
    /// [`Rules::has_stores`].
    #[cfg_attr(feature = "serde", serde(default))]
    pub has_stores: bool,
    /// [`Rules::play`].
    #[cfg_attr(feature = "serde", serde(default))]
    pub play: Playable,
    /// [`Rules::turn`].
    #[cfg_attr(feature = "serde", serde(default))]
    pub turn: SowingTurn,
    /// [`Rules::end`].
    #[cfg_attr(feature = "serde", serde(default))]
    pub end: Ending,
    /// [`Rules::history`].
    #[cfg_attr(feature = "serde", serde(default))]
    pub history: HistoryRules,
    /// [`Rules::rounds`]: a match of rounds (absent: one game).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub rounds: Option<Rounds>,
    /// The game's numbered rules, in Markdown.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "String::is_empty"))]
    pub rules_text: String,
    /// Where the rules come from.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub sources: Vec<String>,
    /// [`Rules::start`]: the opening board when its pits do not all hold
    /// `seeds` (absent: every pit holds `seeds`).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub start: Option<crate::StartBoard>,
    /// [`Rules::deal`]: the opening dealt at random, `{"at_least": 2}`
    /// (absent: not dealt).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub deal: Option<crate::Deal>,
    /// [`Rules::first_move`]: the starter's prescribed first move, a pit
    /// of South's row, `"first_move": 6` (absent: none).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub first_move: Option<u8>,
    /// [`Rules::opening`]: no capture in the first moves,
    /// `{"no_captures_for": 1}` (absent: no opening rule).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub opening: Option<crate::Opening>,
}

/// Why a data form was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// Not the JSON of a data form: the field at fault and what is wrong.
    #[error("unreadable rules: {}", Escaped(.0))]
    Unreadable(String),
    /// A format this crate does not read.
    #[error("format: this crate reads rules of format {RULES_FORMAT}, not {found}")]
    Format {
        /// The format given.
        found: u32,
    },
    /// A name or alias that is empty, too long, or not lower-case words
    /// joined by `-`.
    #[error(
        "{field}: '{}' is not a game name: 1 to {MAX_NAME_BYTES} lower-case letters, digits and '-'",
        Escaped(name)
    )]
    Name {
        /// `name` or `aliases`.
        field: &'static str,
        /// The name given.
        name: String,
    },
    /// Combinations the engine cannot play exactly, every one named by its
    /// field.
    #[error("the rules cannot be played exactly:\n{0}")]
    Problems(Box<Problems>),
    /// More bytes than [`MAX_RULES_BYTES`].
    #[error("rules of {bytes} bytes: at most {MAX_RULES_BYTES} are read")]
    TooLarge {
        /// The bytes given.
        bytes: usize,
    },
    /// More distinct declarations than [`MAX_DECLARATIONS`] loaded.
    #[error("more than {MAX_DECLARATIONS} distinct declarations loaded")]
    TooMany,
    /// A declaration whose name is a shipped game's, or one already loaded,
    /// with other rules.
    #[error("name: '{}' names another game (a shipped one, or one loaded before) with other rules", Escaped(.0))]
    NameTaken(String),
}

impl RulesData {
    /// The data form of `rules` on a board of `pits` pits.
    #[must_use]
    pub fn of(rules: &Rules, pits: usize) -> RulesData {
        let Rules {
            name,
            seeds,
            has_stores,
            play,
            turn,
            end,
            history,
            rounds,
            start,
            deal,
            first_move,
            opening,
        } = *rules;
        RulesData {
            format: RULES_FORMAT,
            name: name.to_string(),
            aliases: Vec::new(),
            pits,
            seeds,
            has_stores,
            play,
            turn,
            end,
            history,
            rounds,
            start,
            deal,
            first_move,
            opening,
            rules_text: String::new(),
            sources: Vec::new(),
        }
    }

    /// Reads and checks a data form: strict JSON of at most
    /// [`MAX_RULES_BYTES`], the format, the names, then every problem of
    /// the rules at once ([`Rules::problems`]).
    ///
    /// ```
    /// use mancala_rules::{RulesData, RulesError};
    ///
    /// let err = RulesData::from_json(r#"{"format": 1, "name": "big", "pits": 12, "seeds": 50, "colour": "red"}"#);
    /// assert!(err.unwrap_err().to_string().contains("unknown field `colour`"));
    /// let err = RulesData::from_json(r#"{"format": 1, "name": "big", "pits": 13, "seeds": 50}"#).unwrap_err();
    /// let RulesError::Problems(problems) = err else { panic!() };
    /// let fields: Vec<_> = problems.iter().map(|p| p.field()).collect();
    /// assert_eq!(fields, ["pits", "seeds"]);
    /// ```
    #[cfg(feature = "protocol")]
    #[cfg_attr(docsrs, doc(cfg(feature = "protocol")))]
    pub fn from_json(json: &str) -> Result<RulesData, RulesError> {
        if json.len() > MAX_RULES_BYTES {
            return Err(RulesError::TooLarge { bytes: json.len() });
        }
        let mut de = serde_json::Deserializer::from_str(json);
        let data: RulesData = serde_path_to_error::deserialize(&mut de).map_err(unreadable)?;
        de.end().map_err(|e| RulesError::Unreadable(e.to_string()))?;
        data.check()?;
        Ok(data)
    }

    /// Reads and checks a data form already parsed as JSON (the replay
    /// protocol's `"rules"`), as [`from_json`](RulesData::from_json) does.
    #[cfg(feature = "protocol")]
    #[cfg_attr(docsrs, doc(cfg(feature = "protocol")))]
    pub fn from_value(value: serde_json::Value) -> Result<RulesData, RulesError> {
        let data: RulesData = serde_path_to_error::deserialize(value).map_err(unreadable)?;
        data.check()?;
        Ok(data)
    }

    /// The data form as pretty JSON (what [`from_json`](RulesData::from_json) reads back).
    #[cfg(feature = "protocol")]
    #[cfg_attr(docsrs, doc(cfg(feature = "protocol")))]
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Checks the format, the names and the rules ([`Rules::problems`]).
    pub fn check(&self) -> Result<(), RulesError> {
        if self.format != RULES_FORMAT {
            return Err(RulesError::Format { found: self.format });
        }
        check_name("name", &self.name)?;
        for alias in &self.aliases {
            check_name("aliases", alias)?;
        }
        self.rules()
            .problems(self.pits)
            .into_result()
            .map_err(|problems| RulesError::Problems(Box::new(problems)))
    }

    /// The declaration, its name borrowed from this value.
    #[must_use]
    pub fn rules(&self) -> Rules {
        Rules {
            name: "",
            seeds: self.seeds,
            has_stores: self.has_stores,
            play: self.play,
            turn: self.turn,
            end: self.end,
            history: self.history,
            rounds: self.rounds,
            start: self.start,
            deal: self.deal,
            first_move: self.first_move,
            opening: self.opening,
        }
    }

    /// The game these rules declare, loaded (kept for the program's life:
    /// see [`MAX_DECLARATIONS`]; loading the same declaration twice gives
    /// the same game).
    ///
    /// A declaration that bears a shipped game's name (or alias) must be
    /// that game's: it then is that game ([`GameKind::Kalah`], with its
    /// compile-time speed); other rules under its name are refused, so that
    /// a name never stands for two games.
    pub fn load(&self) -> Result<GameKind, RulesError> {
        self.check()?;
        let fingerprint = self.rules().fingerprint(self.pits);
        let taken = |kind: &GameKind| {
            kind.name() == self.name
                || kind.aliases().contains(&self.name.as_str())
                || self.aliases.iter().any(|alias| kind.name() == alias)
        };
        if let Some(&kind) = GameKind::ALL.iter().find(|kind| taken(kind)) {
            let same = kind.name() == self.name
                && self.pits == kind.pits()
                && kind.rules().fingerprint(kind.pits()) == fingerprint;
            return if same {
                Ok(kind)
            } else {
                Err(RulesError::NameTaken(self.name.clone()))
            };
        }
        DeclaredKind::load(self).map(GameKind::Declared)
    }
}

/// A form that does not read: the path of the field at fault, then why.
#[cfg(feature = "protocol")]
fn unreadable(e: serde_path_to_error::Error<serde_json::Error>) -> RulesError {
    let path = e.path().to_string();
    let inner = e.into_inner();
    RulesError::Unreadable(if path == "." {
        inner.to_string()
    } else {
        format!("{path}: {inner}")
    })
}

fn check_name(field: &'static str, name: &str) -> Result<(), RulesError> {
    let fine = !name.is_empty()
        && name.len() <= MAX_NAME_BYTES
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if fine {
        Ok(())
    } else {
        Err(RulesError::Name {
            field,
            name: name.chars().take(MAX_NAME_BYTES + 1).collect(),
        })
    }
}

/// The board sizes a declared game may have (every even pit count from 2
/// to 30), from the table of shipped games.
macro_rules! board_size_enum {
    ($($kind:ident: $rules:ty = $value:expr, $name:literal, [$($alias:literal),*], $table:expr, $doc:literal;)*
     @sizes $(($size:ident, $pits:literal)),*) => {
        /// A board size a declared game may have.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub(crate) enum BoardSize {
            $($size,)*
        }

        impl BoardSize {
            pub(crate) const fn of(pits: usize) -> Option<BoardSize> {
                match pits {
                    $($pits => Some(BoardSize::$size),)*
                    _ => None,
                }
            }

            pub(crate) const fn pits(self) -> usize {
                match self {
                    $(BoardSize::$size => $pits,)*
                }
            }
        }
    };
}
crate::any_game::shipped_table!(board_size_enum);

/// A loaded declaration: kept for the program's life.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) rules: Rules,
    pub(crate) size: BoardSize,
    pub(crate) aliases: &'static [&'static str],
    pub(crate) rules_text: &'static str,
}

/// Every declaration loaded, each once.
static LOADED: Mutex<Vec<&'static Entry>> = Mutex::new(Vec::new());

/// A game declared at run time ([`RulesData::load`]): what
/// [`GameKind::Declared`] holds. `Copy`; equal declarations (same name,
/// rules and board) are one game.
#[derive(Clone, Copy)]
pub struct DeclaredKind(pub(crate) &'static Entry);

impl DeclaredKind {
    fn load(data: &RulesData) -> Result<DeclaredKind, RulesError> {
        let size = BoardSize::of(data.pits)
            .ok_or(RulesError::Problems(Box::new(data.rules().problems(data.pits))))?;
        let mut loaded = LOADED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let same = |entry: &&&'static Entry| {
            entry.size == size
                && entry.rules.name == data.name
                && entry.rules.fingerprint(size.pits()) == data.rules().fingerprint(data.pits)
        };
        if let Some(entry) = loaded.iter().find(same) {
            return Ok(DeclaredKind(entry));
        }
        // A name stands for one game: records name their game.
        if loaded.iter().any(|entry| entry.rules.name == data.name) {
            return Err(RulesError::NameTaken(data.name.clone()));
        }
        if loaded.len() >= MAX_DECLARATIONS {
            return Err(RulesError::TooMany);
        }
        let leak = |text: &str| -> &'static str { Box::leak(text.to_string().into_boxed_str()) };
        let entry: &'static Entry = Box::leak(Box::new(Entry {
            rules: Rules {
                name: leak(&data.name),
                ..data.rules()
            },
            size,
            aliases: Box::leak(
                data.aliases
                    .iter()
                    .map(|alias| leak(alias))
                    .collect::<Vec<_>>()
                    .into_boxed_slice(),
            ),
            rules_text: leak(&data.rules_text),
        }));
        loaded.push(entry);
        Ok(DeclaredKind(entry))
    }

    /// The declaration.
    #[must_use]
    pub const fn rules(self) -> &'static Rules {
        &self.0.rules
    }

    /// Pits in all.
    #[must_use]
    pub const fn pits(self) -> usize {
        self.0.size.pits()
    }

    /// The other names the game answers to.
    #[must_use]
    pub const fn aliases(self) -> &'static [&'static str] {
        self.0.aliases
    }

    /// The game's numbered rules, in Markdown (empty if the data gave none).
    #[must_use]
    pub const fn rules_text(self) -> &'static str {
        self.0.rules_text
    }

    /// The data form of the game.
    #[must_use]
    pub fn data(self) -> RulesData {
        RulesData {
            aliases: self.aliases().iter().map(|alias| alias.to_string()).collect(),
            rules_text: self.rules_text().to_string(),
            ..RulesData::of(self.rules(), self.pits())
        }
    }

    /// The stable digest of the declaration ([`Rules::fingerprint`]).
    #[must_use]
    pub fn fingerprint(self) -> u64 {
        self.rules().fingerprint(self.pits())
    }
}

impl fmt::Debug for DeclaredKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DeclaredKind({:?}, {} pits)", self.rules().name, self.pits())
    }
}

impl PartialEq for DeclaredKind {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0) || self.0 == other.0
    }
}

impl Eq for DeclaredKind {}

impl std::hash::Hash for DeclaredKind {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.rules().name.hash(state);
        self.fingerprint().hash(state);
    }
}

impl PartialOrd for DeclaredKind {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for DeclaredKind {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.rules().name, self.pits(), self.fingerprint()).cmp(&(
            other.rules().name,
            other.pits(),
            other.fingerprint(),
        ))
    }
}

/// A declared game's rules on a board of `P` pits: the [`Declared`] type
/// through which the shipped games' pipeline plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dynamic<const P: usize>(pub(crate) DeclaredKind);

impl<const P: usize> Declared for Dynamic<P> {
    type Position = Position<P>;

    #[inline]
    fn rules(&self) -> &Rules {
        &self.0 .0.rules
    }
}

// The catalogue's data files (`src/games/*.json`), embedded by the build
// script (read with the `protocol` feature's JSON).
#[cfg(feature = "protocol")]
include!(concat!(env!("OUT_DIR"), "/catalogue.rs"));

/// The catalogue: every data file of `src/games/`, read (a file that does
/// not read is left out; the crate's tests read every one).
#[cfg(feature = "protocol")]
fn catalogue_files() -> impl Iterator<Item = RulesData> {
    CATALOGUE
        .iter()
        .filter_map(|(_, json)| RulesData::from_json(json).ok())
}

impl GameKind {
    /// Every game of the catalogue: the shipped kinds ([`GameKind::ALL`]),
    /// then the games that only a data file of `src/games/` declares
    /// (loaded: see [`MAX_DECLARATIONS`]). Each answers to its name and
    /// aliases ([`FromStr`](std::str::FromStr)) wherever a game is named.
    #[must_use]
    pub fn catalogue() -> Vec<GameKind> {
        #[allow(unused_mut)] // without the `protocol` feature, the shipped kinds alone
        let mut kinds = GameKind::ALL.to_vec();
        #[cfg(feature = "protocol")]
        for data in catalogue_files() {
            if !GameKind::ALL.iter().any(|kind| kind.name() == data.name) {
                if let Ok(kind) = data.load() {
                    kinds.push(kind);
                }
            }
        }
        kinds
    }

    /// The catalogue game (not a shipped kind) answering to `name`, or else
    /// a declaration this program has loaded under that name (so that its
    /// records read back).
    pub(crate) fn from_catalogue(name: &str) -> Option<GameKind> {
        #[cfg(feature = "protocol")]
        for data in catalogue_files() {
            if data.name == name || data.aliases.iter().any(|alias| alias == name) {
                return data.load().ok();
            }
        }
        let loaded = LOADED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        loaded
            .iter()
            .find(|entry| entry.rules.name == name || entry.aliases.contains(&name))
            .map(|&entry| GameKind::Declared(DeclaredKind(entry)))
    }
}
