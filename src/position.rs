//! Positions: the pits, the captures so far and the player to move.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use crate::error::{ParseError, PositionError};
use crate::kernel::Packed;
use crate::moves::PitSet;
pub use crate::player::Player;

/// The bits of [`Position`]'s history byte that count the moves of the
/// opening left.
const OPENING_BITS: u8 = 0x1F;
/// The most moves of an opening a position holds
/// ([`Position::MAX_OPENING_LEFT`]).
pub(crate) const MAX_OPENING_LEFT: u8 = OPENING_BITS;
/// Where the code of the barred pit starts in the history byte (3 bits:
/// 0 none; 1 pit 1, 2 pit `N`, 3 pit `N + 1`, 4 pit `2N`).
const BARRED_SHIFT: u32 = 5;

/// A position of a two-row game with `P` pits in all (`P / 2` a side).
///
/// Pits are stored in standard-notation order: `pits[0]` is pit 1 (South's
/// leftmost), `pits[P - 1]` is pit `P` (North's, facing pit 1). `scores` are
/// the seeds each player has captured so far. The fields are public plain
/// data: [`Ruleset::validate`](crate::Ruleset::validate) checks a position
/// against a game (seed total), and everything that takes a position copes with
/// any field values without panicking.
///
/// # Notation
///
/// `Display` and `FromStr` use the crate's position notation: the South row
/// (pits `1..=N`), a `|`, the North row (pits `N+1..=2N`), then the captures as
/// `south-north` and the player to move as `S` or `N`. Captures and player may
/// be left out (they default to `0-0 S`).
///
/// ```
/// use mancala_rules::{Player, Position};
///
/// let pos: Position<4> = "3 0 | 1 4 20-0 N".parse()?;
/// assert_eq!(pos.pits, [3, 0, 1, 4]);
/// assert_eq!(pos.scores, [20, 0]);
/// assert_eq!(pos.to_move, Player::North);
/// assert_eq!(pos.to_string(), "3 0 | 1 4 20-0 N");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        into = "PositionRepr",
        try_from = "PositionRepr",
        bound(serialize = "", deserialize = "")
    )
)]
// Pits first, in declaration order: the hot path reads the pits as whole
// words right after a position was copied, and a load that lines up with
// the copy's stores is forwarded from them instead of waiting (measured: Oware
// perft 69 M leaves/s with the compiler's own field order, see the README).
#[repr(C)]
pub struct Position<const P: usize> {
    /// Seeds in each pit, in standard-notation order (pit 1 first).
    pub pits: [u8; P],
    /// Seeds captured so far: `[south, north]`.
    pub scores: [u8; 2],
    /// The player whose turn it is.
    pub to_move: Player,
    /// The state the rules read from the game's history, in one byte (in
    /// the padding before `children`, so the position is no larger for
    /// it): the moves of the opening left (bits 0-4, see
    /// [`opening_left`](Position::opening_left)) and the pit barred by a
    /// return (bits 5-7, see [`barred`](Position::barred)). 0 in every
    /// game without those rules.
    history: u8,
    /// The pits that are children (a Kazakh tuzdyk: a pit that became a
    /// house during play, see [`Children`](crate::primitives::Children)),
    /// each owned by the player facing its row (a child in South's row is
    /// North's), or, in a game whose children are made by place
    /// ([`ChildPlaces`](crate::primitives::ChildPlaces)), by the player
    /// its place says. Empty in every game without children, and then not shown
    /// in the notation or the serde form.
    ///
    /// ```
    /// use mancala_rules::{PitSet, Position};
    ///
    /// let pos: Position<4> = "3 0 | 1 4 2-0 N c1".parse()?;
    /// assert_eq!(pos.children, PitSet::single(0));
    /// assert_eq!(pos.to_string(), "3 0 | 1 4 2-0 N c1");
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    pub children: PitSet,
}

// Equality field by field, as a derive would, but with the bytes after
// the pits (captures, player to move, history byte: contiguous in this
// `repr(C)` layout) compared as one word, after the pits: a repetition scan
// compares many positions that differ in their pits and nothing else
// should be paid for them.
impl<const P: usize> PartialEq for Position<P> {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        self.pits == other.pits && self.tail() == other.tail() && self.children == other.children
    }
}

// The same fields, in the same order, as a derive would hash (consistent
// with `PartialEq`).
impl<const P: usize> Hash for Position<P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.pits.hash(state);
        self.scores.hash(state);
        self.to_move.hash(state);
        self.history.hash(state);
        self.children.hash(state);
    }
}

impl<const P: usize> Position<P> {
    /// The captures, the player to move and the history byte as one word
    /// (for [`PartialEq`] and the fingerprint).
    #[inline(always)]
    const fn tail(&self) -> u32 {
        u32::from_le_bytes([self.scores[0], self.scores[1], self.to_move as u8, self.history])
    }

    /// Compile-time check of the board size: an even number of pits, 2 to 30,
    /// so that a [`PitSet`] (a `u32` bitmask) can hold any set of pits.
    const SIZE_OK: () = assert!(
        P >= 2 && P <= 30 && P % 2 == 0,
        "a board has 2 to 30 pits, an even number"
    );

    /// Pits a side (`N`).
    pub const PITS_PER_SIDE: usize = P / 2;

    /// A position from its parts.
    #[must_use]
    pub const fn new(pits: [u8; P], scores: [u8; 2], to_move: Player) -> Self {
        let () = Self::SIZE_OK;
        Position {
            pits,
            scores,
            to_move,
            children: PitSet::EMPTY,
            history: 0,
        }
    }

    /// This position with the pits of `children` (0-based) as children.
    #[must_use]
    pub const fn with_children(self, children: PitSet) -> Self {
        Position { children, ..self }
    }

    /// The most moves of an opening a position holds
    /// ([`opening_left`](Position::opening_left)); a longer opening is a
    /// problem of its declaration
    /// ([`RulesProblem::OpeningTooLong`](crate::RulesProblem::OpeningTooLong)).
    pub const MAX_OPENING_LEFT: u8 = MAX_OPENING_LEFT;

    /// The moves of the game's declared opening still to play: while it is
    /// above 0, the rules of the opening hold ([`Opening`](crate::Opening):
    /// no capture in the first moves). 0 after the opening and always in a
    /// game without one, and then not shown in the notation or the serde
    /// form. At most [`MAX_OPENING_LEFT`](Position::MAX_OPENING_LEFT).
    ///
    /// ```
    /// use mancala_rules::Position;
    ///
    /// let pos: Position<6> = "1 2 3 | 4 5 6 0-0 N o2".parse()?;
    /// assert_eq!(pos.opening_left(), 2);
    /// assert_eq!(pos.to_string(), "1 2 3 | 4 5 6 0-0 N o2");
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn opening_left(&self) -> u8 {
        self.history & OPENING_BITS
    }

    /// This position with `moves` moves of the opening left
    /// ([`opening_left`](Position::opening_left)), or
    /// [`PositionError::OpeningTooLong`] for more than
    /// [`MAX_OPENING_LEFT`](Position::MAX_OPENING_LEFT).
    ///
    /// ```
    /// use mancala_rules::{Position, PositionError};
    ///
    /// let pos = Position::<6>::filled(3).with_opening_left(1)?;
    /// assert_eq!(pos.to_string(), "3 3 3 | 3 3 3 0-0 S o1");
    /// assert_eq!(pos.with_opening_left(40), Err(PositionError::OpeningTooLong { left: 40 }));
    /// # Ok::<(), PositionError>(())
    /// ```
    pub const fn with_opening_left(self, moves: u8) -> Result<Self, PositionError> {
        if moves > OPENING_BITS {
            return Err(PositionError::OpeningTooLong { left: moves });
        }
        let mut pos = self;
        pos.set_opening_left(moves);
        Ok(pos)
    }

    /// Sets the moves of the opening left: `moves` at most
    /// [`MAX_OPENING_LEFT`](Position::MAX_OPENING_LEFT) (the bits above
    /// are dropped; the rules' check keeps every declared opening within).
    #[inline(always)]
    pub(crate) const fn set_opening_left(&mut self, moves: u8) {
        self.history = (self.history & !OPENING_BITS) | (moves & OPENING_BITS);
    }

    /// The pit (0-based) the player to move may not play this turn: the
    /// pit into which the opponent has just sown a single seed round an
    /// end of the board, which may not be sown straight back
    /// ([`Playable::barred_return`](crate::Playable::barred_return)).
    /// `None` after every other move and always in a game without the
    /// rule, and then not shown in the notation or the serde form. Only
    /// an end pit of a row can be barred: pit 1, `N`, `N + 1` or `2N`.
    ///
    /// ```
    /// use mancala_rules::Position;
    ///
    /// // South's pit 1 has just sown its single seed round the end into
    /// // North's pit 6, which North may not sow straight back.
    /// let pos: Position<6> = "0 2 2 | 2 2 1 0-0 N b6".parse()?;
    /// assert_eq!(pos.barred(), Some(5));
    /// assert_eq!(pos.to_string(), "0 2 2 | 2 2 1 0-0 N b6");
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn barred(&self) -> Option<usize> {
        let n = P / 2;
        match self.history >> BARRED_SHIFT {
            1 => Some(0),
            2 => Some(n - 1),
            3 => Some(n),
            4 => Some(P - 1),
            _ => None,
        }
    }

    /// This position with pit `pit` (0-based) barred
    /// ([`barred`](Position::barred); `None`: no pit), or
    /// [`PositionError::BadBarred`] for a pit that is not an end pit of a
    /// row (pit 1, `N`, `N + 1` or `2N`). Whether the game has the rule,
    /// and whether the pit is one a return could have barred, is for
    /// [`Ruleset::validate`](crate::Ruleset::validate) to say.
    ///
    /// ```
    /// use mancala_rules::{Position, PositionError};
    ///
    /// let pos: Position<6> = "2 2 1 | 0 2 2 0-0 S".parse()?;
    /// assert_eq!(pos.with_barred(Some(2))?.to_string(), "2 2 1 | 0 2 2 0-0 S b3");
    /// assert_eq!(pos.with_barred(Some(1)), Err(PositionError::BadBarred { pit: 2 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn with_barred(self, pit: Option<usize>) -> Result<Self, PositionError> {
        let code = match pit {
            None => 0,
            Some(pit) => match Self::barred_code(pit) {
                Some(code) => code,
                None => {
                    return Err(PositionError::BadBarred {
                        pit: if pit < 255 { pit as u8 + 1 } else { 255 },
                    })
                }
            },
        };
        let mut pos = self;
        pos.history = (pos.history & OPENING_BITS) | code << BARRED_SHIFT;
        Ok(pos)
    }

    /// The code of an end pit of a row in the history byte (1 to 4), or
    /// `None` for another pit.
    const fn barred_code(pit: usize) -> Option<u8> {
        let n = P / 2;
        if pit == 0 {
            Some(1)
        } else if pit == n - 1 {
            Some(2)
        } else if pit == n {
            Some(3)
        } else if pit == P - 1 {
            Some(4)
        } else {
            None
        }
    }

    /// Sets the barred pit ([`barred`](Position::barred)): an end pit of
    /// a row, or none (any other pit is read as none).
    #[inline(always)]
    pub(crate) const fn set_barred(&mut self, pit: Option<usize>) {
        let code = match pit {
            Some(pit) => match Self::barred_code(pit) {
                Some(code) => code,
                None => 0,
            },
            None => 0,
        };
        self.history = (self.history & OPENING_BITS) | code << BARRED_SHIFT;
    }

    /// The opening position: every pit holds `seeds`, nothing captured, South to move.
    #[must_use]
    pub const fn filled(seeds: u8) -> Self {
        Self::new([seeds; P], [0, 0], Player::South)
    }

    /// The pits (as indices `0..P`) of `player`'s row.
    #[inline]
    #[must_use]
    pub const fn row(player: Player) -> PitSet {
        let () = Self::SIZE_OK;
        let side = PitSet::first(P / 2);
        match player {
            Player::South => side,
            Player::North => PitSet::from_bits(side.bits() << (P / 2)),
        }
    }

    /// The player who owns pit `index` (0-based).
    #[inline]
    #[must_use]
    pub const fn owner(index: usize) -> Player {
        if index < P / 2 {
            Player::South
        } else {
            Player::North
        }
    }

    /// Seeds on the board (captures not counted).
    #[must_use]
    pub fn seeds_on_board(&self) -> u32 {
        self.pits.iter().map(|&s| u32::from(s)).sum()
    }

    /// Seeds in `player`'s row.
    #[must_use]
    pub fn seeds_in_row(&self, player: Player) -> u32 {
        let n = P / 2;
        let start = player.index() * n;
        self.pits[start..start + n].iter().map(|&s| u32::from(s)).sum()
    }

    /// All seeds: on the board plus captured.
    #[must_use]
    pub fn total_seeds(&self) -> u32 {
        self.seeds_on_board() + u32::from(self.scores[0]) + u32::from(self.scores[1])
    }

    /// The non-empty pits of `player`'s row.
    #[inline]
    #[must_use]
    pub fn nonempty_pits(&self, player: Player) -> PitSet {
        self.pits_holding(player, 1)
    }

    /// The pits of `player`'s row holding at least `min` seeds.
    #[inline]
    #[must_use]
    pub fn pits_holding(&self, player: Player, min: u8) -> PitSet {
        PitSet::from_bits(Packed::load(&self.pits).at_least(min)).intersection(Self::row(player))
    }

    /// The same board with the turn handed to the other player (a pass).
    #[inline]
    pub fn pass_turn(&mut self) {
        self.to_move = self.to_move.opponent();
    }

    /// The position with each row reversed (pit `k` of a row trades places
    /// with pit `N + 1 - k` of the same row): rows, facing pits and stores
    /// stay where they are, and sowing clockwise here is sowing
    /// counterclockwise there.
    ///
    /// ```
    /// use mancala_rules::Position;
    ///
    /// let pos: Position<6> = "1 2 3 | 4 5 6 7-8 N".parse()?;
    /// assert_eq!(pos.mirrored().to_string(), "3 2 1 | 6 5 4 7-8 N");
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn mirrored(&self) -> Self {
        let mut pits = self.pits;
        let n = P / 2;
        pits[..n].reverse();
        pits[n..].reverse();
        let children = if self.children.is_empty() {
            self.children
        } else {
            crate::primitives::mirror_set::<P>(self.children)
        };
        let mut mirrored = Position {
            pits,
            children,
            ..*self
        };
        if let Some(pit) = self.barred() {
            // Each end pit trades places with the other end of its row.
            let row_start = if pit < n { 0 } else { n };
            mirrored.set_barred(Some(row_start + (row_start + n - 1 - pit)));
        }
        mirrored
    }

    /// Checks the shape of a position given as plain parts (pits in standard
    /// order, captures, player index), as read from JSON or a user.
    pub fn from_parts(pits: &[u8], scores: [u8; 2], to_move: u8) -> Result<Self, PositionError> {
        let pits: [u8; P] = pits.try_into().map_err(|_| PositionError::WrongPitCount {
            expected: P,
            found: pits.len(),
        })?;
        Ok(Self::new(pits, scores, Player::from_index(to_move)?))
    }

    /// A two-row diagram for terminals: North's row on top, right to left (pit
    /// `2N` faces pit 1), South's row below, with pit numbers and captures
    /// (labelled "store" with [`Diagram::with_stores`], as
    /// [`Game::diagram`](crate::Game::diagram) does for a game with stores).
    #[must_use]
    pub fn diagram(&self) -> Diagram<'_, P> {
        Diagram {
            pos: self,
            stores: false,
        }
    }
}

impl<const P: usize> fmt::Display for Position<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, seeds) in self.pits.iter().enumerate() {
            if i == P / 2 {
                f.write_str(" |")?;
            }
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{seeds}")?;
        }
        let mover = match self.to_move {
            Player::South => 'S',
            Player::North => 'N',
        };
        write!(f, " {}-{} {mover}", self.scores[0], self.scores[1])?;
        // The children, if any: `c` and their pit numbers, `c3,12`.
        for (i, pit) in self.children.enumerate() {
            write!(f, "{}{}", if i == 0 { " c" } else { "," }, pit + 1)?;
        }
        // The moves of the opening left, if any: `o2`.
        if self.opening_left() > 0 {
            write!(f, " o{}", self.opening_left())?;
        }
        // The pit barred by a return, if any: `b6`.
        if let Some(pit) = self.barred() {
            write!(f, " b{}", pit + 1)?;
        }
        Ok(())
    }
}

impl<const P: usize> FromStr for Position<P> {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        let mut pits = [0u8; P];
        let mut count = 0usize;
        let mut scores = [0u8; 2];
        let mut to_move = Player::South;
        // 1 after the captures, 2 after the player, 3 after the children, 4
        // after the opening, 5 after the barred pit
        let mut tail_seen = 0u8;
        let mut children = PitSet::EMPTY;
        let mut opening_left = 0u8;
        let mut barred = None;
        let mut bar_seen = false;
        for token in text.split_whitespace() {
            if token == "|" {
                if bar_seen {
                    return Err(ParseError::Position(
                        "the rows are parted by one '|', not two".to_string(),
                    ));
                }
                bar_seen = true;
                if count != P / 2 {
                    return Err(ParseError::Position(format!(
                        "the '|' must follow the {} pits of South's row",
                        P / 2
                    )));
                }
                continue;
            }
            if count < P && tail_seen == 0 {
                pits[count] = parse_count(token)?;
                count += 1;
            } else if tail_seen == 0 {
                let (south, north) = token.split_once('-').ok_or_else(|| {
                    ParseError::Position(format!(
                        "expected {P} pits, then captures like '0-0', found '{token}'"
                    ))
                })?;
                scores = [parse_count(south)?, parse_count(north)?];
                tail_seen = 1;
            } else if tail_seen == 1 {
                to_move = token.parse().map_err(|_| {
                    ParseError::Position(format!("expected the player to move (S or N), found '{token}'"))
                })?;
                tail_seen = 2;
            } else if let (2, Some(list)) = (tail_seen, token.strip_prefix('c')) {
                for number in list.split(',') {
                    let pit = usize::from(parse_count(number)?);
                    if pit == 0 || pit > P || children.contains(pit - 1) {
                        return Err(ParseError::Position(format!(
                            "'{number}' is not a child's pit: pit numbers 1-{P}, each once"
                        )));
                    }
                    children = children.with(pit - 1);
                }
                tail_seen = 3;
            } else if let (2 | 3, Some(moves)) = (tail_seen, token.strip_prefix('o')) {
                opening_left = parse_count(moves)?;
                if opening_left == 0 {
                    return Err(ParseError::Position(
                        "'o0' is not written: the opening's moves left are shown only when there are some"
                            .to_string(),
                    ));
                }
                tail_seen = 4;
            } else if let (2..=4, Some(number)) = (tail_seen, token.strip_prefix('b')) {
                let pit = usize::from(parse_count(number)?);
                if pit == 0 || pit > P {
                    return Err(ParseError::Position(format!(
                        "'{number}' is not a barred pit: pit numbers 1-{P}"
                    )));
                }
                barred = Some(pit - 1);
                tail_seen = 5;
            } else {
                return Err(ParseError::Position(format!(
                    "unexpected '{token}' after the player to move"
                )));
            }
        }
        if count != P {
            return Err(ParseError::Position(format!("expected {P} pits, found {count}")));
        }
        let pos = Self::new(pits, scores, to_move).with_children(children);
        pos.with_opening_left(opening_left)
            .and_then(|pos| pos.with_barred(barred))
            .map_err(|error| ParseError::Position(error.to_string()))
    }
}

/// A seed count in plain decimal: digits only, no sign, no leading zero.
fn parse_count(token: &str) -> Result<u8, ParseError> {
    let plain = !token.is_empty()
        && token.bytes().all(|b| b.is_ascii_digit())
        && (token.len() == 1 || !token.starts_with('0'));
    plain
        .then(|| token.parse::<u8>().ok())
        .flatten()
        .ok_or_else(|| ParseError::Position(format!("'{token}' is not a seed count (0-255, plain decimal)")))
}

/// Serde form of a position: `{"pits": [...], "scores": [s, n], "to_move": 0}`,
/// the shape of the replay protocol. Strict: an unknown field or a field
/// given twice is an error.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionRepr {
    pits: Vec<u8>,
    scores: [u8; 2],
    to_move: Player,
    /// The children's pit numbers (from 1), absent when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    children: Vec<u8>,
    /// The moves of the opening left, absent when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    opening_left: u8,
    /// The pit barred by a return (its number, from 1), absent when none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    barred: Option<u8>,
}

#[cfg(feature = "serde")]
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero(value: &u8) -> bool {
    *value == 0
}

#[cfg(feature = "serde")]
impl<const P: usize> From<Position<P>> for PositionRepr {
    fn from(pos: Position<P>) -> Self {
        PositionRepr {
            pits: pos.pits.to_vec(),
            scores: pos.scores,
            to_move: pos.to_move,
            children: pos.children.map(|pit| pit as u8 + 1).collect(),
            opening_left: pos.opening_left(),
            barred: pos.barred().map(|pit| pit as u8 + 1),
        }
    }
}

#[cfg(feature = "serde")]
impl<const P: usize> TryFrom<PositionRepr> for Position<P> {
    type Error = PositionError;
    fn try_from(repr: PositionRepr) -> Result<Self, PositionError> {
        let pos = Self::from_parts(&repr.pits, repr.scores, repr.to_move.into())?;
        let barred = match repr.barred {
            None => None,
            Some(0) => return Err(PositionError::BadBarred { pit: 0 }),
            Some(pit) => Some(usize::from(pit) - 1),
        };
        pos.with_children(children_of::<P>(&repr.children)?)
            .with_opening_left(repr.opening_left)?
            .with_barred(barred)
    }
}

/// The pit set of a list of pit numbers (from 1, each once, at most `P`).
#[cfg(feature = "serde")]
fn children_of<const P: usize>(numbers: &[u8]) -> Result<PitSet, PositionError> {
    numbers.iter().try_fold(PitSet::EMPTY, |set, &number| {
        let pit = usize::from(number);
        if pit == 0 || pit > P || set.contains(pit - 1) {
            Err(PositionError::BadChild { pit: number })
        } else {
            Ok(set.with(pit - 1))
        }
    })
}

/// What every position type offers to generic code (search, perft, [`Game`](crate::Game)).
///
/// Implemented by [`Position<P>`] for every board size; sealed, so that the
/// crate can add methods without breaking anyone. With the `serde` feature
/// (on by default), every board is also `serde::Serialize` and
/// `serde::de::DeserializeOwned` (the `sealed::Serde` bound).
pub trait Board:
    Copy
    + Eq
    + Hash
    + fmt::Debug
    + fmt::Display
    + FromStr<Err = ParseError>
    + sealed::Serde
    + Send
    + Sync
    + sealed::Sealed
    + 'static
{
    /// Pits on the board (`2N`).
    const PITS: usize;
    /// The pits in standard-notation order.
    fn pits(&self) -> &[u8];
    /// Seeds captured so far, `[south, north]`.
    fn scores(&self) -> [u8; 2];
    /// The player to move.
    fn to_move(&self) -> Player;
    /// A position of this size from plain parts, checking the pit count and player.
    fn from_parts(pits: &[u8], scores: [u8; 2], to_move: u8) -> Result<Self, PositionError>;
    /// A position with every pit holding `seeds`, South to move.
    fn filled(seeds: u8) -> Self;
    /// A fast 64-bit hash of the whole position (pits, captures, player to
    /// move), for hash tables on hot paths. Equal positions hash equally;
    /// not for use against adversarial input.
    fn fingerprint(&self) -> u64;
    /// The pits that are children (see [`Position::children`]).
    fn children(&self) -> PitSet;
    /// This position with `children` (0-based pits) as its children.
    #[must_use]
    fn with_children(self, children: PitSet) -> Self;
    /// The moves of the opening left (see [`Position::opening_left`]).
    fn opening_left(&self) -> u8;
    /// This position with `moves` moves of the opening left (see
    /// [`Position::with_opening_left`]).
    fn with_opening_left(self, moves: u8) -> Result<Self, PositionError>;
    /// The pit the player to move may not play, barred by a return (see
    /// [`Position::barred`]).
    fn barred(&self) -> Option<usize>;
    /// This position with `pit` barred (see [`Position::with_barred`]).
    fn with_barred(self, pit: Option<usize>) -> Result<Self, PositionError>;
}

mod sealed {
    pub trait Sealed {}
    impl<const P: usize> Sealed for super::Position<P> {}

    /// The bounds the `serde` feature adds to [`Board`](super::Board):
    /// `Serialize + DeserializeOwned` with it, nothing without.
    #[cfg(feature = "serde")]
    pub trait Serde: serde::Serialize + serde::de::DeserializeOwned {}
    #[cfg(feature = "serde")]
    impl<T: serde::Serialize + serde::de::DeserializeOwned> Serde for T {}

    /// The bounds the `serde` feature adds to [`Board`](super::Board):
    /// `Serialize + DeserializeOwned` with it, nothing without.
    #[cfg(not(feature = "serde"))]
    pub trait Serde {}
    #[cfg(not(feature = "serde"))]
    impl<T> Serde for T {}
}

impl<const P: usize> Board for Position<P> {
    const PITS: usize = P;
    #[inline]
    fn pits(&self) -> &[u8] {
        &self.pits
    }
    #[inline]
    fn scores(&self) -> [u8; 2] {
        self.scores
    }
    #[inline]
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn from_parts(pits: &[u8], scores: [u8; 2], to_move: u8) -> Result<Self, PositionError> {
        Position::from_parts(pits, scores, to_move)
    }
    fn filled(seeds: u8) -> Self {
        Position::filled(seeds)
    }
    #[inline]
    fn children(&self) -> PitSet {
        self.children
    }
    fn with_children(self, children: PitSet) -> Self {
        Position::with_children(self, children)
    }
    #[inline]
    fn opening_left(&self) -> u8 {
        Position::opening_left(self)
    }
    fn with_opening_left(self, moves: u8) -> Result<Self, PositionError> {
        Position::with_opening_left(self, moves)
    }
    #[inline]
    fn barred(&self) -> Option<usize> {
        Position::barred(self)
    }
    fn with_barred(self, pit: Option<usize>) -> Result<Self, PositionError> {
        Position::with_barred(self, pit)
    }
    #[inline(always)]
    fn fingerprint(&self) -> u64 {
        // FxHash-style rounds, one 64-bit word each (the captures and mover,
        // then the pits eight at a time), so that no two inputs share a
        // round's bits; the last step folds the high bits into the low ones,
        // which hash tables index by.
        const K: u64 = 0x517C_C1B7_2722_0A95;
        let round = |hash: u64, word: u64| (hash.rotate_left(5) ^ word).wrapping_mul(K);
        // The captures, mover and history byte are one word in this
        // layout (one load), the children the high half.
        let head = u64::from(self.tail()) | u64::from(self.children.bits()) << 32;
        let hash = Packed::load(&self.pits).fold_words(round(0, head), round);
        hash ^ hash >> 32
    }
}

/// A terminal drawing of a position; see [`Position::diagram`].
#[derive(Debug)]
pub struct Diagram<'a, const P: usize> {
    pos: &'a Position<P>,
    stores: bool,
}

impl<const P: usize> Diagram<'_, P> {
    /// The captures labelled "store" (a game with stores, such as Kalah)
    /// or "captured" (the default).
    ///
    /// ```
    /// use mancala_rules::Position;
    ///
    /// let pos: Position<4> = "1 2 | 3 4 5-6 S".parse()?;
    /// assert!(pos.diagram().to_string().contains("captured 5"));
    /// assert!(pos.diagram().with_stores(true).to_string().contains("store 5"));
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    #[must_use]
    pub fn with_stores(self, stores: bool) -> Self {
        Diagram { stores, ..self }
    }
}

impl<const P: usize> fmt::Display for Diagram<'_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = self.pos;
        let label = if self.stores { "store" } else { "captured" };
        let n = P / 2;
        let cell = |f: &mut fmt::Formatter<'_>, v: String| write!(f, "{v:>4}");
        let mark = |player: Player| if pos.to_move == player { '>' } else { ' ' };
        write!(f, "{} North ", mark(Player::North))?;
        for i in (n..P).rev() {
            cell(f, format!("({})", i + 1))?;
        }
        writeln!(f)?;
        write!(f, "        ")?;
        for i in (n..P).rev() {
            cell(f, pos.pits[i].to_string())?;
        }
        writeln!(f, "   {label} {}", pos.scores[1])?;
        write!(f, "        ")?;
        for i in 0..n {
            cell(f, pos.pits[i].to_string())?;
        }
        writeln!(f, "   {label} {}", pos.scores[0])?;
        write!(f, "{} South ", mark(Player::South))?;
        for i in 0..n {
            cell(f, format!("({})", i + 1))?;
        }
        Ok(())
    }
}
