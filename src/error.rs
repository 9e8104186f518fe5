//! Typed errors: every failure says exactly why, naming pits in standard notation.

use thiserror::Error;

use crate::player::Player;

/// Text that is not valid notation (a move, a position, a game name).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Not a move: a move is a pit number or `pass`.
    #[error("'{}' is not a move: write a pit number such as 7, or pass", Escaped(.0))]
    Move(String),
    /// A pit number too large to name any pit.
    #[error("pit {} is out of range", Escaped(.0))]
    PitNumberTooLarge(String),
    /// Malformed position notation.
    #[error("malformed position: {}", Escaped(.0))]
    Position(String),
    /// A game record (JSON) that cannot be read.
    #[error("unreadable game record: {}", Escaped(.0))]
    Record(String),
    /// A game name the crate does not know.
    #[error("unknown game '{}': the games are {}", Escaped(name), games.join(", "))]
    UnknownGame {
        /// The name given.
        name: String,
        /// The names of the games the crate ships.
        games: &'static [&'static str],
    },
}

/// A position that cannot belong to the game it is given to.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PositionError {
    /// The board has the wrong number of pits.
    #[error("the board must have {expected} pits, not {found}")]
    WrongPitCount {
        /// Pits of the game's board.
        expected: usize,
        /// Pits given.
        found: usize,
    },
    /// A player index other than 0 (South) or 1 (North).
    #[error("player {0} does not exist: 0 is South, 1 is North")]
    NoSuchPlayer(u8),
    /// The game's declaration is one the engine cannot play exactly
    /// ([`Ruleset::problems`](crate::Ruleset::problems)): no position of it
    /// is valid.
    #[error("the game cannot be played exactly: {0}")]
    Declaration(Box<crate::Problems>),
    /// Pits and captures do not add up to the game's total.
    #[error("seeds do not add up: the pits and captures hold {found}, the game has {expected}")]
    SeedsDoNotAddUp {
        /// The game's total.
        expected: u32,
        /// Pits plus captures of the position given.
        found: u32,
    },
    /// A child's pit number that is not a pit of the board, or is given
    /// twice.
    #[error("pit {pit} cannot be a child: pit numbers from 1 to the board's, each once")]
    BadChild {
        /// The pit number given.
        pit: u8,
    },
    /// Children in a position of a game that has none, or a child where
    /// the game's rule could not have made it.
    #[error("pit {pit} cannot be a child in this game")]
    ChildNotInGame {
        /// The pit number (from 1).
        pit: u8,
    },
    /// Moves of an opening left ([`Position::opening_left`](crate::Position::opening_left))
    /// beyond the game's declared opening ([`Opening`](crate::Opening)):
    /// none at all in a game without one.
    #[error("{left} moves of the opening left, but the game's opening has {declared}")]
    OpeningNotInGame {
        /// The moves left the position holds.
        left: u8,
        /// The moves of the game's opening (0: it has none).
        declared: u8,
    },
    /// More moves of an opening left than a position holds
    /// ([`Position::MAX_OPENING_LEFT`](crate::Position::MAX_OPENING_LEFT)).
    #[error("{left} moves of the opening left: a position holds at most 31")]
    OpeningTooLong {
        /// The moves left given.
        left: u8,
    },
    /// A pit barred by a return ([`Position::barred`](crate::Position::barred))
    /// that no return can bar: not an end pit of a row (pit 1, `N`,
    /// `N + 1` or `2N`), or, for a game, not one of the mover's holding
    /// the single seed just sown into it round the end (the pit it came
    /// from then empty).
    #[error("pit {pit} cannot be barred: a return bars an end pit of the mover's row holding the single seed just sown into it round the end of the board")]
    BadBarred {
        /// The pit number given (from 1).
        pit: u8,
    },
    /// A pit barred by a return in a position of a game without the rule
    /// ([`Playable::barred_return`](crate::Playable::barred_return)).
    #[error("pit {pit} is barred, but the game bars no return")]
    BarredNotInGame {
        /// The pit number (from 1).
        pit: u8,
    },
}

/// Why a move may not be played in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game is over: no move may be played.
    #[error("the game is over")]
    GameOver,
    /// No pit has this number.
    #[error("pit {pit} is out of range: the pits are 1-{pits}")]
    PitOutOfRange {
        /// The pit number given.
        pit: u8,
        /// Pits on the board.
        pits: u8,
    },
    /// The pit belongs to the other player.
    #[error("pit {pit} is not yours: {player} owns pits {first}-{last}")]
    NotYourPit {
        /// The pit number given.
        pit: u8,
        /// The player to move.
        player: Player,
        /// First pit of the mover's row.
        first: u8,
        /// Last pit of the mover's row.
        last: u8,
    },
    /// The pit is empty.
    #[error("pit {pit} is empty")]
    EmptyPit {
        /// The pit number given.
        pit: u8,
    },
    /// Djenon-aboure: a pit holding one seed may not be moved.
    #[error("pit {pit} holds a single seed, and singletons may not be moved")]
    SingletonMayNotMove {
        /// The pit number given.
        pit: u8,
    },
    /// The pit holds fewer seeds than the rules ask of a move.
    #[error("pit {pit} holds too few seeds: a move takes at least {min}")]
    TooFewSeeds {
        /// The pit number given.
        pit: u8,
        /// Seeds a pit must hold to be played.
        min: u8,
    },
    /// The move would capture every seed of the opponent's row, which the
    /// rules forbid while another move exists.
    #[error("sowing pit {pit} would capture every seed of the opponent's row (a grand slam)")]
    GrandSlam {
        /// The pit number given.
        pit: u8,
    },
    /// The opponent's row is empty and this move does not put a seed into it.
    #[error("pit {pit} does not feed the opponent, whose row is empty: a feeding move must be played")]
    MustFeed {
        /// The pit number given.
        pit: u8,
    },
    /// The relay sowing from this pit would never end.
    #[error("the relay sowing from pit {pit} would never end")]
    EndlessRelay {
        /// The pit number given.
        pit: u8,
    },
    /// The pit may not be moved in this position (a rule of a user's game).
    #[error("pit {pit} may not be moved in this position")]
    NotPlayable {
        /// The pit number given.
        pit: u8,
    },
    /// The pit's single seed was just sown into it round the end of the
    /// board by the opponent: it may not be sown straight back
    /// ([`Playable::barred_return`](crate::Playable::barred_return)).
    #[error(
        "pit {pit}'s single seed was just sown round the end of the board: it may not be sown straight back"
    )]
    BarredReturn {
        /// The pit number given.
        pit: u8,
    },
    /// The player has no move and must pass.
    #[error("{player} has no move from pit {pit} and must pass")]
    MustPass {
        /// The pit number given.
        pit: u8,
        /// The player to move.
        player: Player,
    },
    /// The player chooses the direction of this pit's move: it is played
    /// as `3ccw` or `3cw` ([`Move::Directed`](crate::Move::Directed)), not
    /// as a plain pit.
    #[error("pit {pit} is sown in the direction you choose: play {pit}ccw or {pit}cw")]
    DirectionToChoose {
        /// The pit number given.
        pit: u8,
    },
    /// A direction was given for a pit whose direction is not the
    /// player's to choose: it is played as the plain pit.
    #[error("pit {pit} has no direction to choose: play {pit}")]
    NoDirectionToChoose {
        /// The pit number given.
        pit: u8,
    },
    /// `pass` is only legal when it is the only move.
    #[error("pass is not allowed: {player} has a move")]
    PassNotAllowed {
        /// The player to move.
        player: Player,
    },
}

/// An illegal move at a given point of a sequence of moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("move {ply} ({mv}): {reason}")]
pub struct PlayError {
    /// 1-based index of the failing move in the sequence.
    pub ply: usize,
    /// The move refused.
    pub mv: crate::Move,
    /// Why.
    pub reason: IllegalMove,
}

/// A split by agreement that is not available.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum AgreementError {
    /// The game's rules have no agreement to split.
    #[error("the rules of {0} have no agreement to split the board")]
    NotInRules(&'static str),
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
}

/// A size asked of a constructor that sizes memory (a table, a search tree,
/// an index) that is beyond its documented limit, or that this machine could
/// not allocate. Returned instead of aborting or panicking.
///
/// ```
/// use mancala_rules::games::Tihbat;
/// use mancala_rules::search::AlphaBeta;
/// use mancala_rules::CapacityError;
///
/// let err = AlphaBeta::new(Tihbat).try_with_table_bits(40).unwrap_err();
/// assert!(matches!(err, CapacityError::TooLarge { asked: 40, .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CapacityError {
    /// The size asked is above the documented limit.
    #[error("{what}: {asked} is above the limit of {max}")]
    TooLarge {
        /// What was being sized.
        what: &'static str,
        /// The size asked.
        asked: u64,
        /// The largest size accepted.
        max: u64,
    },
    /// The size asked is below the documented minimum.
    #[error("{what}: {asked} is below the minimum of {min}")]
    TooSmall {
        /// What was being sized.
        what: &'static str,
        /// The size asked.
        asked: u64,
        /// The smallest size accepted.
        min: u64,
    },
    /// The allocation failed (or its size does not fit in memory at all).
    #[error("{what}: could not allocate {bytes} bytes")]
    OutOfMemory {
        /// What was being allocated.
        what: &'static str,
        /// The bytes asked for (saturated at `u64::MAX`).
        bytes: u64,
    },
}

/// The record of a game that its moves do not bear out, or that belongs to
/// another game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The record names another game than the rules it is replayed under.
    #[error("the record is of '{found}', not '{expected}'")]
    WrongGame {
        /// The name of the rules ([`Ruleset::name`](crate::Ruleset::name)).
        expected: &'static str,
        /// The record's `game`.
        found: String,
    },
    /// The record's outcome is not the one its moves lead to.
    #[error("the record's outcome ({recorded}) is not the one its moves reach ({replayed})")]
    WrongOutcome {
        /// The outcome in the record, `none` if it has none.
        recorded: String,
        /// The outcome the moves (and agreement) lead to, `none` if the game goes on.
        replayed: String,
    },
}

/// Any error of this crate: what programs that take text from users return.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Error {
    /// Malformed notation or an unknown game.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// An invalid position.
    #[error("invalid position: {0}")]
    Position(#[from] PositionError),
    /// An illegal move.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// An unavailable agreement.
    #[error(transparent)]
    Agreement(#[from] AgreementError),
    /// A move sequence with an illegal move, and where.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// A record that disagrees with its own moves or with the rules.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A size beyond a limit, or an allocation that failed.
    #[error(transparent)]
    Capacity(#[from] CapacityError),
}

/// A vector of `len` copies of `value`, allocated fallibly: a typed error
/// naming `what` and the bytes asked instead of an abort.
pub(crate) fn try_filled<T: Clone>(
    len: usize,
    value: T,
    what: &'static str,
) -> Result<Vec<T>, CapacityError> {
    let mut vec = Vec::new();
    try_reserve_exact(&mut vec, len, what)?;
    vec.resize(len, value);
    Ok(vec)
}

/// Reserves room for `additional` more elements of `vec`, fallibly. Like
/// every allocation of these helpers, a large one is asked onto huge pages
/// ([`huge_pages::grow`](crate::huge_pages::grow)).
pub(crate) fn try_reserve_exact<T>(
    vec: &mut Vec<T>,
    additional: usize,
    what: &'static str,
) -> Result<(), CapacityError> {
    let needed = vec.len().saturating_add(additional);
    crate::huge_pages::grow(vec, needed).map_err(|_| CapacityError::OutOfMemory {
        what,
        bytes: bytes_of::<T>(needed),
    })
}

/// Reserves room for `additional` more elements of `vec`, fallibly and
/// amortised (a capacity that grows at least doubles).
pub(crate) fn try_reserve<T>(
    vec: &mut Vec<T>,
    additional: usize,
    what: &'static str,
) -> Result<(), CapacityError> {
    let needed = vec.len().saturating_add(additional);
    if needed <= vec.capacity() {
        return Ok(());
    }
    let capacity = needed.max(vec.capacity().saturating_mul(2));
    crate::huge_pages::grow(vec, capacity).map_err(|_| CapacityError::OutOfMemory {
        what,
        bytes: bytes_of::<T>(capacity),
    })
}

/// Pushes `value` onto `vec`, growing it fallibly (amortised, as `push`).
pub(crate) fn try_push<T>(vec: &mut Vec<T>, value: T, what: &'static str) -> Result<(), CapacityError> {
    if vec.len() == vec.capacity() {
        try_reserve(vec, 1, what)?;
    }
    vec.push(value);
    Ok(())
}

/// The bytes of `len` values of `T`, saturated at `u64::MAX`.
pub(crate) fn bytes_of<T>(len: usize) -> u64 {
    (len as u64).saturating_mul(std::mem::size_of::<T>() as u64)
}

/// Text from outside the program (a file header, a line of input), shown
/// safely: control characters escaped as Rust writes them (`\u{1b}`,
/// `\n`, `\0`), the invisible characters that reorder or hide text as
/// code points (`\u{202e}`), and anything past 80 characters cut
/// with `…`. Every message of the crate that repeats text it was given
/// shows it through this, so a hostile name cannot move the cursor or
/// clear a terminal, and a garbled one cannot fill the screen.
///
/// ```
/// use mancala_rules::Escaped;
///
/// assert_eq!(Escaped("djenon\u{1b}[2J").to_string(), "djenon\\u{1b}[2J");
/// assert_eq!(Escaped(&"x".repeat(100)).to_string(), format!("{}…", "x".repeat(80)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Escaped<'a>(pub &'a str);

impl Escaped<'_> {
    /// Characters shown before the text is cut.
    pub const MAX_CHARS: usize = 80;
}

impl std::fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (shown, c) in self.0.chars().enumerate() {
            if shown == Escaped::MAX_CHARS {
                return f.write_str("…");
            }
            if c.is_control() {
                write!(f, "{}", c.escape_debug())?;
            } else if matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
            {
                // Invisible format characters that reorder or hide text.
                write!(f, "{}", c.escape_unicode())?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}
