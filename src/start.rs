//! A declared opening board that is not uniform ([`Rules::start`](crate::Rules::start)),
//! and an opening dealt at random ([`Rules::deal`](crate::Rules::deal)).

use std::fmt;

use crate::rng::SplitMix64;
use crate::validation::{MAX_PITS, MAX_TOTAL_SEEDS};

/// The opening board of a game whose pits do not all start with the same
/// count ([`Rules::start`](crate::Rules::start)): one count a pit, in
/// standard order (South's row from South's left, then North's from
/// North's left), nothing captured, South to move. A small `Copy` value:
/// up to 30 (`MAX_PITS`) counts of a byte each.
///
/// [`Ruleset::start`](crate::Ruleset::start) and
/// [`Ruleset::total_seeds`](crate::Ruleset::total_seeds) read it; the
/// declaration's check ([`Rules::problems`](crate::Rules::problems)) refuses
/// one whose length is not the board's, that holds no seed, or more than
/// [`MAX_TOTAL_SEEDS`](crate::MAX_TOTAL_SEEDS)
/// ([`RulesProblem::StartBoard`](crate::RulesProblem::StartBoard)). Its
/// data form is the list of counts, `"start": [0, 3, 3, 0, 3, 3]`; a count
/// over 255 or a list longer than 30 does not read.
///
/// MancalaGames' "clipped triples" on 2x3 with 3 seeds (Boola's pattern):
/// each row `0 3 3`.
///
/// ```
/// use mancala_rules::{declare, Player, Rules, Ruleset, StartBoard};
///
/// const START: StartBoard = match StartBoard::new(&[0, 3, 3, 0, 3, 3]) {
///     Some(board) => board,
///     None => panic!("at most 30 pits"),
/// };
/// declare!(Clipped, 6, Rules { seeds: 3, start: Some(START), ..Rules::DEFAULT });
/// let opening = Clipped.start();
/// assert_eq!(opening.to_string(), "0 3 3 | 0 3 3 0-0 S");
/// assert_eq!(Clipped.total_seeds(), 12);
/// assert_eq!(START.counts(), [0, 3, 3, 0, 3, 3]);
/// assert!(StartBoard::new(&[1; 31]).is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Vec<u32>", into = "Vec<u8>"))]
pub struct StartBoard {
    counts: [u8; MAX_PITS],
    len: u8,
}

impl StartBoard {
    /// The board of these counts, or `None` for more than
    /// 30 (`MAX_PITS`) of them.
    #[must_use]
    pub const fn new(counts: &[u8]) -> Option<StartBoard> {
        if counts.len() > MAX_PITS {
            return None;
        }
        let mut board = StartBoard {
            counts: [0; MAX_PITS],
            len: counts.len() as u8,
        };
        let mut i = 0;
        while i < counts.len() {
            board.counts[i] = counts[i];
            i += 1;
        }
        Some(board)
    }

    /// The counts, one a pit.
    #[must_use]
    pub fn counts(&self) -> &[u8] {
        &self.counts[..usize::from(self.len)]
    }

    /// How many pits it fills.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether it has no pit.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Seeds on the board.
    #[must_use]
    pub const fn total(&self) -> u32 {
        let mut total = 0;
        let mut i = 0;
        while i < self.len as usize {
            total += self.counts[i] as u32;
            i += 1;
        }
        total
    }

    /// Whether the board holds at least one seed and at most
    /// [`MAX_TOTAL_SEEDS`](crate::MAX_TOTAL_SEEDS), in `pits` pits.
    pub(crate) const fn fits(&self, pits: usize) -> bool {
        let total = self.total();
        self.len() == pits && total >= 1 && total <= MAX_TOTAL_SEEDS
    }
}

impl fmt::Debug for StartBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("StartBoard").field(&self.counts()).finish()
    }
}

/// Why a list of counts is not a [`StartBoard`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartBoardError {
    /// More counts than the largest board has pits.
    #[error("start: {len} counts, but a board has at most {MAX_PITS} pits")]
    TooLong {
        /// The counts given.
        len: usize,
    },
    /// A count that is not a byte.
    #[error("start: pit {pit} holds {count} seeds, but a pit holds at most 255")]
    NotAByte {
        /// The pit, from 1 in standard order.
        pit: usize,
        /// The count given.
        count: u32,
    },
}

impl TryFrom<Vec<u32>> for StartBoard {
    type Error = StartBoardError;

    fn try_from(counts: Vec<u32>) -> Result<StartBoard, StartBoardError> {
        if counts.len() > MAX_PITS {
            return Err(StartBoardError::TooLong { len: counts.len() });
        }
        let mut bytes = [0; MAX_PITS];
        for (i, &count) in counts.iter().enumerate() {
            bytes[i] = u8::try_from(count).map_err(|_| StartBoardError::NotAByte { pit: i + 1, count })?;
        }
        StartBoard::new(&bytes[..counts.len()]).ok_or(StartBoardError::TooLong { len: counts.len() })
    }
}

impl From<StartBoard> for Vec<u8> {
    fn from(board: StartBoard) -> Vec<u8> {
        board.counts().to_vec()
    }
}

/// An opening dealt at random ([`Rules::deal`](crate::Rules::deal)): the
/// game's seeds ([`Ruleset::total_seeds`](crate::Ruleset::total_seeds))
/// spread over the board by chance, at least [`at_least`](Deal::at_least)
/// in every pit, South to move.
///
/// The rules of play do not change: a dealt game is played from whatever
/// board the deal gives. [`Ruleset::start`](crate::Ruleset::start) stays
/// the declared board (every pit `seeds`, or the
/// [`StartBoard`]), one of the deals, for programs that need one fixed
/// opening (perft, the solver, the replay protocol's default start);
/// [`Ruleset::dealt_start`](crate::Ruleset::dealt_start) deals one.
///
/// Our choice, not the sources': every spread with at least `at_least` a
/// pit is equally likely (the sources say only that the seeds are thrown
/// into the pits at random; MancalaGames cuts the seeds at random
/// fractions and rounds). A deal draws exactly `pits - 1` numbers (Floyd's
/// sampling of the cut points among at most 284 places): bounded work, no
/// allocation.
///
/// Mangala IV's deal, 98 seeds on 2x7, at least 2 a pit:
///
/// ```
/// use mancala_rules::playout::SplitMix64;
/// use mancala_rules::{declare, Deal, Declared, Rules, Ruleset};
///
/// declare!(Dealt, 14, Rules { seeds: 7, deal: Some(Deal { at_least: 2 }), ..Rules::DEFAULT });
/// let mut rng = SplitMix64::new(1);
/// let dealt = Dealt.dealt_start(&mut rng);
/// assert_eq!(dealt.pits.iter().map(|&n| u32::from(n)).sum::<u32>(), 98);
/// assert!(dealt.pits.iter().all(|&n| n >= 2));
/// assert_eq!(Dealt.start().pits, [7; 14]); // the declared board, one deal among others
/// assert!(Dealt.rules().problems(14).is_empty());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Deal {
    /// The fewest seeds a pit is dealt.
    pub at_least: u8,
}

impl Deal {
    /// `total` seeds dealt over `P` pits, at least [`at_least`](Deal::at_least)
    /// each, every such spread equally likely; `None` if they do not fit
    /// (`at_least * P > total`, or `total` above
    /// [`MAX_TOTAL_SEEDS`](crate::MAX_TOTAL_SEEDS), so every count is a
    /// byte).
    ///
    /// ```
    /// use mancala_rules::playout::SplitMix64;
    /// use mancala_rules::Deal;
    ///
    /// let mut rng = SplitMix64::new(7);
    /// let counts: [u8; 4] = Deal { at_least: 1 }.counts(10, &mut rng).expect("fits");
    /// assert_eq!(counts.iter().map(|&n| u32::from(n)).sum::<u32>(), 10);
    /// assert!(Deal { at_least: 3 }.counts::<4>(10, &mut rng).is_none());
    /// ```
    #[must_use]
    pub fn counts<const P: usize>(self, total: u32, rng: &mut SplitMix64) -> Option<[u8; P]> {
        let mut counts = [0; P];
        self.fill(total, &mut counts, rng).then_some(counts)
    }

    /// [`counts`](Deal::counts) into `counts`, one a pit; `false` (and
    /// `counts` untouched) if they do not fit.
    pub(crate) fn fill(self, total: u32, counts: &mut [u8], rng: &mut SplitMix64) -> bool {
        let pits = counts.len();
        if pits == 0 || pits > MAX_PITS || total > MAX_TOTAL_SEEDS {
            return false;
        }
        let floor = u32::from(self.at_least) * pits as u32;
        if floor > total {
            return false;
        }
        // Stars and bars: the free seeds and P - 1 bars in a row of
        // `places`; a uniform choice of the bars' places is a uniform
        // spread, drawn by Floyd's sampling (one draw a bar). `places` is
        // at most 255 + 29.
        let free = total - floor;
        let places = free as usize + pits - 1;
        let mut bars = [false; MAX_TOTAL_SEEDS as usize + MAX_PITS];
        for last in free as usize..places {
            let at = rng.below(last + 1);
            bars[if bars[at] { last } else { at }] = true;
        }
        counts.fill(self.at_least);
        let mut pit = 0;
        for &bar in &bars[..places] {
            if bar {
                pit += 1;
            } else {
                // At most `total` (a byte) in one pit.
                counts[pit] += 1;
            }
        }
        true
    }
}

impl crate::Rules {
    /// The prescribed first move's problems ([`Rules::first_move`](crate::Rules::first_move)):
    /// a pit of South's row that the opening board lets South move, under
    /// rules with which nothing else decides whether it is legal (one slot).
    const fn first_move_problems(&self, pits: usize, problems: crate::Problems) -> crate::Problems {
        let Some(pit) = self.first_move else {
            return problems;
        };
        let why = if pit == 0 || pit as usize > pits / 2 {
            Some("a pit off South's row")
        } else if self.deal.is_some() {
            Some("a dealt opening (deal)")
        } else if self.rounds.is_some() {
            Some("rounds")
        } else if self.opening.is_some() {
            Some("no capture in the first moves (opening)")
        } else if !matches!(self.play.restriction, crate::primitives::MoveRestriction::Free)
            || self.play.must_feed
        {
            Some("a move restriction or feeding (play)")
        } else if !self.turn.chosen_direction.is_empty()
            || !self.turn.out_of_play.is_empty()
            || !self.turn.territory.is_empty()
            || self.turn.children.is_some()
        {
            Some("a chosen direction, pits out of play, territory or children (turn)")
        } else {
            let count = match self.start {
                Some(board) if board.len() == pits => board.counts[pit as usize - 1],
                Some(_) => return problems, // the board's own problem
                None => self.seeds,
            };
            let least = if self.play.min_seeds > 1 {
                self.play.min_seeds
            } else {
                1
            };
            if count < least {
                Some("a pit the opening board leaves too few seeds to move")
            } else {
                None
            }
        };
        match why {
            Some(why) => problems.with(crate::RulesProblem::FirstMove { pit, why }),
            None => problems,
        }
    }

    /// The opening's problems: at least one move, and no rule whose
    /// captures its reading does not bar; and a chain cap's: it needs a
    /// chain from the last pit.
    pub(crate) const fn opening_problems(&self, mut problems: crate::Problems) -> crate::Problems {
        if let Some(opening) = self.opening {
            let turn = &self.turn;
            let lap_capture = match turn.lap.relay() {
                Some(relay) => relay.lap_capture.is_some(),
                None => false,
            };
            let with = if turn.children.is_some() {
                Some("turn.children")
            } else if lap_capture {
                Some("turn.lap.relay.lap_capture")
            } else if !matches!(turn.before_sowing, crate::primitives::BeforeSowing::Nothing) {
                Some("turn.before_sowing")
            } else if turn.pull_across {
                Some("turn.pull_across")
            } else {
                None
            };
            if opening.no_captures_for == 0 {
                problems = problems.with(crate::RulesProblem::OpeningWithoutMoves);
            } else if opening.no_captures_for > crate::position::MAX_OPENING_LEFT {
                problems = problems.with(crate::RulesProblem::OpeningTooLong {
                    moves: opening.no_captures_for,
                });
            } else if let Some(with) = with {
                problems = problems.with(crate::RulesProblem::OpeningCombination { with });
            }
        }
        let capture = self.turn.capture;
        if capture.max_chain > 0
            && (!capture.chain
                || !matches!(capture.at, crate::primitives::CaptureAt::LastPit)
                || !matches!(self.turn.sweep, crate::primitives::Sweep::Never))
        {
            problems = problems.with(crate::RulesProblem::ChainCapWithoutChain);
        }
        problems
    }

    /// The start board's problems: its length and total, and rounds; and
    /// the deal's: it must fit the game's seeds, and is not played in
    /// rounds.
    pub(crate) const fn start_problems(&self, pits: usize, mut problems: crate::Problems) -> crate::Problems {
        problems = self.first_move_problems(pits, problems);
        if let Some(deal) = self.deal {
            let total = self.total_seeds(pits);
            if (deal.at_least as u64) * (pits as u64) > total as u64 {
                problems = problems.with(crate::RulesProblem::DealTooLarge {
                    at_least: deal.at_least,
                    pits,
                    total,
                });
            } else if self.rounds.is_some() {
                problems = problems.with(crate::RulesProblem::DealWithRounds);
            }
        }
        if let Some(board) = self.start {
            if !board.fits(pits) {
                problems = problems.with(crate::RulesProblem::StartBoard {
                    len: board.len(),
                    pits,
                    total: board.total(),
                });
            } else if self.rounds.is_some() {
                problems = problems.with(crate::RulesProblem::StartWithRounds);
            }
        }
        problems
    }
}

/// Rules of a game's opening ([`Rules::opening`](crate::Rules::opening)):
/// no capture in the first [`no_captures_for`](Opening::no_captures_for)
/// moves (MancalaGames' `nocaptmoves`).
///
/// The position holds what is left of the opening
/// ([`Position::opening_left`](crate::Position::opening_left)):
/// [`Ruleset::start`](crate::Ruleset::start) (and every round's start)
/// sets it to `no_captures_for`. While it is above 0 nothing is captured:
/// no capture by count or across, no capture during the sowing, no pick; a
/// relay that stops on a capture sows on, and with no capture no extra turn
/// for one. A move counts when it hands the turn over: the sowings of a
/// player's extra turns are one move (MancalaGames counts `movers` so). A
/// pass counts too, but the opening then ends only with the move after it
/// (MancalaGames lifts its bar at the end of a sowing move only): a pass
/// leaves at least 1. After the opening the byte is 0 and the game plays
/// as if it had no opening rule.
///
/// Modiar's opening: South's first move may not capture, North's may.
///
/// ```
/// use mancala_rules::primitives::{CaptureRule, Counts, SowingTurn};
/// use mancala_rules::{declare, Move, Opening, Rules, Ruleset};
///
/// declare!(NoFirstCapture, 6, Rules {
///     seeds: 2,
///     opening: Some(Opening { no_captures_for: 1 }),
///     turn: SowingTurn { capture: CaptureRule::single(Counts::of(&[3])), ..SowingTurn::DEFAULT },
///     ..Rules::DEFAULT
/// });
/// let start = NoFirstCapture.start();
/// assert_eq!(start.to_string(), "2 2 2 | 2 2 2 0-0 S o1");
/// // Pit 3's two seeds bring pits 4 and 5 to 3: no capture in move 1.
/// let (after, report) = NoFirstCapture.play(&start, Move::Pit(3))?;
/// assert_eq!(report.seeds_captured, 0);
/// assert_eq!(after.to_string(), "2 2 0 | 3 3 2 0-0 N");
/// // North's pit 5 (3 seeds) ends in pit 2, which holds 3: captured.
/// let (after, report) = NoFirstCapture.play(&after, Move::Pit(5))?;
/// assert_eq!(report.seeds_captured, 3);
/// assert_eq!(after.to_string(), "3 0 0 | 3 0 3 0-3 S");
/// # Ok::<(), mancala_rules::IllegalMove>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Opening {
    /// The moves at the start of the game (of each round) in which nothing
    /// is captured; at least 1.
    pub no_captures_for: u8,
}
