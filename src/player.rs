//! The two players.

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseError, PositionError};

/// One of the two players. South (player 0) moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "u8", try_from = "u8"))]
pub enum Player {
    /// Player 0: owns pits `1..=N` and moves first.
    South,
    /// Player 1: owns pits `N+1..=2N`.
    North,
}

impl Player {
    /// Both players, South first.
    pub const BOTH: [Player; 2] = [Player::South, Player::North];

    /// The other player.
    #[inline]
    #[must_use]
    pub const fn opponent(self) -> Player {
        match self {
            Player::South => Player::North,
            Player::North => Player::South,
        }
    }

    /// 0 for South, 1 for North: the index into `scores` and `final` arrays.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl From<Player> for u8 {
    fn from(player: Player) -> u8 {
        player as u8
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::South => "South",
            Player::North => "North",
        })
    }
}

impl Player {
    /// The player with the given index (0 = South, 1 = North).
    pub const fn from_index(index: u8) -> Result<Player, PositionError> {
        match index {
            0 => Ok(Player::South),
            1 => Ok(Player::North),
            _ => Err(PositionError::NoSuchPlayer(index)),
        }
    }
}

impl TryFrom<u8> for Player {
    type Error = PositionError;
    fn try_from(index: u8) -> Result<Player, PositionError> {
        Player::from_index(index)
    }
}

impl FromStr for Player {
    type Err = ParseError;

    /// `S`, `South`, `0`, `N`, `North` or `1`, in any letter case.
    ///
    /// ```
    /// use mancala_rules::Player;
    ///
    /// assert_eq!("north".parse::<Player>()?, Player::North);
    /// assert_eq!("S".parse::<Player>()?, Player::South);
    /// assert!("east".parse::<Player>().is_err());
    /// # Ok::<(), mancala_rules::ParseError>(())
    /// ```
    fn from_str(text: &str) -> Result<Player, ParseError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "s" | "south" | "0" => Ok(Player::South),
            "n" | "north" | "1" => Ok(Player::North),
            _ => Err(ParseError::Position(format!(
                "'{text}' is not a player: S (South, 0) or N (North, 1)"
            ))),
        }
    }
}
