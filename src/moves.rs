//! Moves in standard notation, and allocation-free sets of pits and moves.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::primitives::Direction;

/// The way a move sows round the board, where the player chooses it
/// ([`Move::Directed`]): one of the two ways a turn's
/// [`Direction`](crate::primitives::Direction) can give (which may also
/// be a rule, such as [`ByParity`](crate::primitives::Direction::ByParity),
/// that no move names).
///
/// ```
/// use mancala_rules::primitives::Direction;
/// use mancala_rules::{Move, Rotation};
///
/// assert_eq!(Move::Directed(3, Rotation::Clockwise).to_string(), "3cw");
/// assert_eq!(Direction::from(Rotation::CounterClockwise), Direction::CounterClockwise);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rotation {
    /// To higher pit numbers (notation suffix `ccw`).
    CounterClockwise,
    /// To lower pit numbers (notation suffix `cw`).
    Clockwise,
}

impl Rotation {
    /// Both ways, counterclockwise first (the order of [`MoveSet`]'s moves).
    pub const BOTH: [Rotation; 2] = [Rotation::CounterClockwise, Rotation::Clockwise];
}

impl From<Rotation> for Direction {
    fn from(rotation: Rotation) -> Direction {
        match rotation {
            Rotation::CounterClockwise => Direction::CounterClockwise,
            Rotation::Clockwise => Direction::Clockwise,
        }
    }
}

/// A move: sow from a pit, sow from a pit in a direction the player
/// chooses, or pass.
///
/// A pit is named by its standard-notation number `1..=2N` (pit 1 is South's
/// leftmost, numbers rise counterclockwise). The notation is `"7"` or `"pass"`,
/// and in games where the player chooses the direction of some moves
/// ([`SowingTurn::chosen_direction`](crate::primitives::SowingTurn::chosen_direction)),
/// the pit number followed by `ccw` (counterclockwise, to higher pit
/// numbers) or `cw` (clockwise, to lower ones): `"3ccw"`, `"3cw"`.
/// `Display` writes it, [`from_notation`](Move::from_notation) and serde read
/// exactly it, and `FromStr` reads it as a person may type it (spaces round
/// it, `PASS`, `CW` in any case, leading zeros). No pit is numbered 0.
///
/// ```
/// use mancala_rules::Rotation;
/// use mancala_rules::Move;
///
/// assert_eq!("7".parse::<Move>()?, Move::Pit(7));
/// assert_eq!(" PASS ".parse::<Move>()?, Move::Pass);
/// assert_eq!(Move::Pit(12).to_string(), "12");
/// assert_eq!("3cw".parse::<Move>()?, Move::Directed(3, Rotation::Clockwise));
/// assert_eq!(Move::Directed(3, Rotation::CounterClockwise).to_string(), "3ccw");
/// assert!("seven".parse::<Move>().is_err());
/// assert!("0".parse::<Move>().is_err());
/// assert!("3 cw".parse::<Move>().is_err());
/// assert!(Move::from_notation(" 7").is_err());
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "String", try_from = "String"))]
pub enum Move {
    /// Sow from the pit with this standard-notation number (1-based).
    Pit(u8),
    /// Pass the turn (legal only where the rules force it).
    Pass,
    /// Sow from the pit with this standard-notation number (1-based) in
    /// the direction given: the move of a pit whose direction the player
    /// chooses ([`SowingTurn::chosen_direction`](crate::primitives::SowingTurn::chosen_direction)).
    /// Notation `"3ccw"`, `"3cw"`.
    Directed(u8, Rotation),
}

impl Move {
    /// The move sowing from pit `index` (0-based): `Move::Pit(index + 1)`
    /// (for an index below 255, as every board has).
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Move {
        Move::Pit((index as u8).wrapping_add(1))
    }

    /// The 0-based pit index of a pit move; `None` for a pass or pit `0`.
    #[inline]
    #[must_use]
    pub const fn index(self) -> Option<usize> {
        match self {
            Move::Pit(0) | Move::Directed(0, _) | Move::Pass => None,
            Move::Pit(number) | Move::Directed(number, _) => Some(number as usize - 1),
        }
    }

    /// The direction the player chose, for a [`Move::Directed`].
    ///
    /// ```
    /// use mancala_rules::Rotation;
    /// use mancala_rules::Move;
    ///
    /// assert_eq!(Move::Directed(2, Rotation::Clockwise).direction(), Some(Rotation::Clockwise));
    /// assert_eq!(Move::Pit(2).direction(), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn direction(self) -> Option<Rotation> {
        match self {
            Move::Directed(_, direction) => Some(direction),
            Move::Pit(_) | Move::Pass => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pit(number) => write!(f, "{number}"),
            Move::Pass => f.write_str("pass"),
            Move::Directed(number, Rotation::CounterClockwise) => write!(f, "{number}ccw"),
            Move::Directed(number, Rotation::Clockwise) => write!(f, "{number}cw"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Move, ParseError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        // A chosen direction is a suffix of the pit number: `3ccw`, `3cw`.
        let digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let direction = match &text[digits.len()..] {
            "" => None,
            suffix if suffix.eq_ignore_ascii_case("ccw") => Some(Rotation::CounterClockwise),
            suffix if suffix.eq_ignore_ascii_case("cw") => Some(Rotation::Clockwise),
            _ => return Err(ParseError::Move(text.to_string())),
        };
        if digits.is_empty()
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.bytes().all(|b| b == b'0')
        {
            return Err(ParseError::Move(text.to_string()));
        }
        let number = digits
            .parse::<u8>()
            .map_err(|_| ParseError::PitNumberTooLarge(text.to_string()))?;
        Ok(match direction {
            None => Move::Pit(number),
            Some(direction) => Move::Directed(number, direction),
        })
    }
}

impl Move {
    /// The move as one byte, the one form in which search tables, trees and
    /// certificates store a move: a pit's number (1 to 30: no board has
    /// more pits), a pass as 0, and a chosen direction
    /// as a high bit over the pit's number: `0x40` counterclockwise, `0x80`
    /// clockwise. A plain pit's byte is its number, as before directions
    /// existed, so every stored table and certificate reads the same.
    ///
    /// ```
    /// use mancala_rules::Rotation;
    /// use mancala_rules::Move;
    ///
    /// assert_eq!((Move::Pit(7).to_byte(), Move::Pass.to_byte()), (7, 0));
    /// assert_eq!(Move::from_byte(0), Move::Pass);
    /// assert_eq!(Move::from_byte(Move::Pit(12).to_byte()), Move::Pit(12));
    /// let cw = Move::Directed(3, Rotation::Clockwise);
    /// assert_eq!((cw.to_byte(), Move::Directed(3, Rotation::CounterClockwise).to_byte()), (0x83, 0x43));
    /// assert_eq!(Move::from_byte(cw.to_byte()), cw);
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_byte(self) -> u8 {
        match self {
            Move::Pit(number) => number,
            Move::Pass => 0,
            Move::Directed(number, Rotation::CounterClockwise) => number | COUNTERCLOCKWISE_BIT,
            Move::Directed(number, Rotation::Clockwise) => number | CLOCKWISE_BIT,
        }
    }

    /// The move of a byte written by [`to_byte`](Move::to_byte). Total: a
    /// byte with both direction bits (no move writes one) reads as a plain
    /// pit of that number.
    #[inline]
    #[must_use]
    pub const fn from_byte(byte: u8) -> Move {
        match (byte, byte & DIRECTION_BITS) {
            (0, _) => Move::Pass,
            (byte, COUNTERCLOCKWISE_BIT) => {
                Move::Directed(byte & !DIRECTION_BITS, Rotation::CounterClockwise)
            }
            (byte, CLOCKWISE_BIT) => Move::Directed(byte & !DIRECTION_BITS, Rotation::Clockwise),
            (number, _) => Move::Pit(number),
        }
    }

    /// Reads a move written exactly as `Display` writes it: `pass`, or a
    /// pit number from 1 in plain decimal (no sign, space or leading zero).
    /// What records and the replay protocol accept.
    ///
    /// ```
    /// use mancala_rules::Move;
    ///
    /// assert_eq!(Move::from_notation("12")?, Move::Pit(12));
    /// assert_eq!(Move::from_notation("pass")?, Move::Pass);
    /// for loose in [" 1 ", "01", "+1", "PASS", "0"] {
    ///     assert!(Move::from_notation(loose).is_err(), "{loose}");
    /// }
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    pub fn from_notation(text: &str) -> Result<Move, ParseError> {
        let mv: Move = text.parse()?;
        if mv.to_string() == text {
            Ok(mv)
        } else {
            Err(ParseError::Move(text.to_string()))
        }
    }
}

/// The bit of [`Move::to_byte`] for a counterclockwise choice.
const COUNTERCLOCKWISE_BIT: u8 = 0x40;
/// The bit of [`Move::to_byte`] for a clockwise choice.
const CLOCKWISE_BIT: u8 = 0x80;
/// Both direction bits.
const DIRECTION_BITS: u8 = COUNTERCLOCKWISE_BIT | CLOCKWISE_BIT;

impl From<Move> for String {
    fn from(mv: Move) -> String {
        mv.to_string()
    }
}

impl TryFrom<String> for Move {
    type Error = ParseError;
    /// Strict: [`Move::from_notation`].
    fn try_from(text: String) -> Result<Move, ParseError> {
        Move::from_notation(&text)
    }
}

/// A set of pits, by 0-based index, as a bitmask: bit `i` is pit `i + 1` in
/// standard notation. `Copy`, no allocation; iterates in ascending order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PitSet(u32);

impl PitSet {
    /// No pit.
    pub const EMPTY: PitSet = PitSet(0);

    /// The set with these bits (bit `i` = pit index `i`).
    #[inline]
    #[must_use]
    pub const fn from_bits(bits: u32) -> PitSet {
        PitSet(bits)
    }

    /// The pits `0..count`.
    #[inline]
    #[must_use]
    pub const fn first(count: usize) -> PitSet {
        if count >= 32 {
            PitSet(u32::MAX)
        } else {
            PitSet((1u32 << count) - 1)
        }
    }

    /// The set holding only pit `index` (empty if `index >= 32`).
    #[inline]
    #[must_use]
    pub const fn single(index: usize) -> PitSet {
        if index >= 32 {
            PitSet(0)
        } else {
            PitSet(1 << index)
        }
    }

    /// The bitmask.
    #[inline]
    #[must_use]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether pit `index` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, index: usize) -> bool {
        index < 32 && self.0 >> index & 1 == 1
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of pits in the set.
    #[inline]
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The set with pit `index` added.
    #[inline]
    #[must_use]
    pub const fn with(self, index: usize) -> PitSet {
        PitSet(self.0 | PitSet::single(index).0)
    }

    /// Pits in both sets.
    #[inline]
    #[must_use]
    pub const fn intersection(self, other: PitSet) -> PitSet {
        PitSet(self.0 & other.0)
    }

    /// Pits in either set.
    #[inline]
    #[must_use]
    pub const fn union(self, other: PitSet) -> PitSet {
        PitSet(self.0 | other.0)
    }

    /// Pits in `self` but not in `other`.
    #[inline]
    #[must_use]
    pub const fn difference(self, other: PitSet) -> PitSet {
        PitSet(self.0 & !other.0)
    }

    /// The pits whose index satisfies `keep`.
    // Always inlined: `keep` is often a game's whole check of a move (a
    // relay sown to its end), which folds only where the game's constant
    // declaration is known.
    #[inline(always)]
    #[must_use]
    pub fn filter(self, mut keep: impl FnMut(usize) -> bool) -> PitSet {
        let mut kept = 0;
        for index in self {
            if keep(index) {
                kept |= 1 << index;
            }
        }
        PitSet(kept)
    }
}

impl Iterator for PitSet {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(index)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        // Not `self.len()`: on `&self` that is `ExactSizeIterator::len`,
        // which calls back here.
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for PitSet {}

impl fmt::Display for PitSet {
    /// Pit numbers in standard notation, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, index) in self.enumerate() {
            if n > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", index + 1)?;
        }
        Ok(())
    }
}

/// The legal moves of a position: a [`PitSet`] of pits to sow from, the
/// pits sown in a direction the player chooses (a set for each direction),
/// or a forced pass. Fixed size, `Copy`, built without heap allocation;
/// iterates the moves in ascending pit order (at one pit: the plain move,
/// then `ccw`, then `cw`), then `pass`.
///
/// ```
/// use mancala_rules::{games::Bohnenspiel, Move, Ruleset};
///
/// let moves = Bohnenspiel.legal_moves(&"0 3 0 0 0 5 | 6 6 6 6 6 6 0-28 S".parse()?);
/// assert_eq!(moves.into_iter().collect::<Vec<_>>(), [Move::Pit(2), Move::Pit(6)]);
/// assert_eq!(moves.to_string(), "2 6");
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveSet {
    pits: PitSet,
    pass: bool,
    /// The pits sown in a chosen direction, in one word: counterclockwise
    /// in the low 32 bits, clockwise in the high 32 (see [`Directed`]). A
    /// set without any is told by one test, so the moves of the games
    /// without chosen directions pay one test a set, not one a move.
    directed: Directed,
}

/// The pits of a [`MoveSet`] sown in a chosen direction: the
/// counterclockwise ones in the low 32 bits, the clockwise ones in the high
/// 32 (each a [`PitSet`]'s bits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Directed(u64);

impl Directed {
    /// None.
    const NONE: Directed = Directed(0);

    /// Whether there is none.
    #[inline(always)]
    const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The pits sown in `direction`.
    #[inline(always)]
    const fn get(self, direction: Rotation) -> PitSet {
        PitSet::from_bits(match direction {
            Rotation::CounterClockwise => self.0 as u32,
            Rotation::Clockwise => (self.0 >> 32) as u32,
        })
    }

    /// These and `pits` sown in `direction`.
    #[inline(always)]
    const fn with(self, pits: PitSet, direction: Rotation) -> Directed {
        let bits = pits.bits() as u64;
        Directed(
            self.0
                | match direction {
                    Rotation::CounterClockwise => bits,
                    Rotation::Clockwise => bits << 32,
                },
        )
    }

    /// These without pit `index` (below 32) sown in `direction`.
    #[inline(always)]
    const fn without(self, index: usize, direction: Rotation) -> Directed {
        let bit = 1u64 << index;
        Directed(
            self.0
                & !match direction {
                    Rotation::CounterClockwise => bit,
                    Rotation::Clockwise => bit << 32,
                },
        )
    }

    /// How many moves.
    #[inline(always)]
    const fn len(self) -> usize {
        self.0.count_ones() as usize
    }
}

impl MoveSet {
    /// No move at all: the game is over.
    pub const NONE: MoveSet = MoveSet {
        pits: PitSet::EMPTY,
        pass: false,
        directed: Directed::NONE,
    };
    /// Only `pass`.
    pub const PASS: MoveSet = MoveSet {
        pits: PitSet::EMPTY,
        pass: true,
        directed: Directed::NONE,
    };

    /// Sowing from each of these pits.
    #[inline]
    #[must_use]
    pub const fn pits(pits: PitSet) -> MoveSet {
        MoveSet {
            pits,
            pass: false,
            directed: Directed::NONE,
        }
    }

    /// The same moves, and sowing from each pit of `pits` in `direction`
    /// ([`Move::Directed`]).
    ///
    /// ```
    /// use mancala_rules::Rotation;
    /// use mancala_rules::{MoveSet, PitSet};
    ///
    /// let moves = MoveSet::pits(PitSet::from_bits(0b101))
    ///     .with_directed(PitSet::single(1), Rotation::CounterClockwise)
    ///     .with_directed(PitSet::single(1), Rotation::Clockwise);
    /// assert_eq!(moves.to_string(), "1 2ccw 2cw 3");
    /// assert_eq!(moves.len(), 4);
    /// ```
    #[inline]
    #[must_use]
    pub const fn with_directed(self, pits: PitSet, direction: Rotation) -> MoveSet {
        MoveSet {
            directed: self.directed.with(pits, direction),
            ..self
        }
    }

    /// The same moves and `mv` (a pit number out of a `PitSet`'s range, or
    /// pit 0, adds nothing).
    ///
    /// ```
    /// use mancala_rules::Rotation;
    /// use mancala_rules::{Move, MoveSet};
    ///
    /// let moves = MoveSet::NONE.with(Move::Pit(4)).with(Move::Directed(2, Rotation::Clockwise));
    /// assert_eq!(moves.to_string(), "2cw 4");
    /// assert!(MoveSet::NONE.with(Move::Pass).is_pass());
    /// ```
    #[inline]
    #[must_use]
    pub const fn with(self, mv: Move) -> MoveSet {
        match (mv, mv.index()) {
            (Move::Pass, _) => MoveSet { pass: true, ..self },
            (_, None) => self,
            (Move::Directed(_, direction), Some(index)) => {
                self.with_directed(PitSet::single(index), direction)
            }
            (_, Some(index)) => MoveSet {
                pits: self.pits.with(index),
                ..self
            },
        }
    }

    /// The pits that may be sown from with no direction to choose.
    #[inline]
    #[must_use]
    pub const fn pit_set(self) -> PitSet {
        self.pits
    }

    /// The pits that may be sown from in `direction`, chosen
    /// ([`Move::Directed`]).
    #[inline]
    #[must_use]
    pub const fn directed(self, direction: Rotation) -> PitSet {
        self.directed.get(direction)
    }

    /// Whether any move has a chosen direction.
    #[inline]
    #[must_use]
    pub const fn has_directed(self) -> bool {
        !self.directed.is_empty()
    }

    /// Whether `pass` is the move (it is then the only one).
    #[inline]
    #[must_use]
    pub const fn is_pass(self) -> bool {
        self.pass
    }

    /// Whether there is no move.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        !self.pass && self.pits.is_empty() && !self.has_directed()
    }

    /// Number of moves.
    #[inline]
    #[must_use]
    pub const fn len(self) -> usize {
        let plain = self.pits.len() + self.pass as usize;
        // One test for the games without chosen directions.
        if self.directed.is_empty() {
            plain
        } else {
            plain + self.directed.len()
        }
    }

    /// Whether `mv` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, mv: Move) -> bool {
        match mv {
            Move::Pass => self.pass,
            Move::Pit(0) | Move::Directed(0, _) => false,
            Move::Pit(number) => self.pits.contains(number as usize - 1),
            Move::Directed(number, direction) => self.directed(direction).contains(number as usize - 1),
        }
    }

    /// The `n`-th move in iteration order, if any (handy for random play).
    #[inline]
    #[must_use]
    pub fn nth_move(self, n: usize) -> Option<Move> {
        self.into_iter().nth(n)
    }

    /// The moves, in ascending pit order (`pass` alone when forced).
    ///
    /// ```
    /// use mancala_rules::{Move, MoveSet, PitSet};
    ///
    /// let moves = MoveSet::pits(PitSet::from_bits(0b101));
    /// assert_eq!(moves.iter().collect::<Vec<_>>(), [Move::Pit(1), Move::Pit(3)]);
    /// ```
    #[inline]
    #[must_use]
    pub fn iter(self) -> MoveIter {
        self.into_iter()
    }
}

impl IntoIterator for &MoveSet {
    type Item = Move;
    type IntoIter = MoveIter;
    #[inline]
    fn into_iter(self) -> MoveIter {
        (*self).into_iter()
    }
}

impl IntoIterator for MoveSet {
    type Item = Move;
    type IntoIter = MoveIter;
    fn into_iter(self) -> MoveIter {
        MoveIter {
            pits: self.pits,
            pass: self.pass,
            directed: self.directed,
        }
    }
}

/// Iterator over a [`MoveSet`].
#[derive(Clone, Debug)]
pub struct MoveIter {
    pits: PitSet,
    pass: bool,
    directed: Directed,
}

impl MoveIter {
    /// The next move when some have a chosen direction: the lowest pit of
    /// the three sets, its plain move first, then `ccw`, then `cw`.
    #[inline(never)]
    fn next_with_directions(&mut self) -> Option<Move> {
        let lowest = |set: PitSet| set.bits().trailing_zeros();
        let counterclockwise = self.directed.get(Rotation::CounterClockwise);
        let clockwise = self.directed.get(Rotation::Clockwise);
        let pit = lowest(self.pits)
            .min(lowest(counterclockwise))
            .min(lowest(clockwise));
        let index = pit as usize;
        let number = (index as u8).wrapping_add(1);
        if self.pits.contains(index) {
            self.pits = self.pits.difference(PitSet::single(index));
            return Some(Move::Pit(number));
        }
        let direction = if counterclockwise.contains(index) {
            Rotation::CounterClockwise
        } else {
            Rotation::Clockwise
        };
        self.directed = self.directed.without(index, direction);
        Some(Move::Directed(number, direction))
    }
}

impl Iterator for MoveIter {
    type Item = Move;
    #[inline]
    fn next(&mut self) -> Option<Move> {
        if !self.directed.is_empty() {
            return self.next_with_directions();
        }
        match self.pits.next() {
            Some(index) => Some(Move::from_index(index)),
            None if self.pass => {
                self.pass = false;
                Some(Move::Pass)
            }
            None => None,
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.pits.bits().count_ones() as usize + self.pass as usize + self.directed.len();
        (n, Some(n))
    }
}

impl ExactSizeIterator for MoveIter {}

impl fmt::Display for MoveSet {
    /// The moves in notation, separated by spaces (`"1 4"`, `"2ccw 2cw"`,
    /// `"pass"`, or empty).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, mv) in self.into_iter().enumerate() {
            if n > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{mv}")?;
        }
        Ok(())
    }
}
