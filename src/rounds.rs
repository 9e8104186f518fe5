//! Games played in rounds: [`Rounds`] (the declaration), [`Round`] (one
//! round's rules, its out-of-play pits included) and [`Match`] (the rounds
//! played one after another).
//!
//! In many games of Southeast Asia and the Indian Ocean (Dakon, Congkak,
//! Ohvulhu, ...) a game is a match of rounds. A round is played like a whole
//! game of the declaration's other rules. When it ends, each player takes
//! the seeds they won and refills the pits of their own row with the
//! opening's count, in the order of the [`RoundFill`], for as many pits as
//! the seeds fill completely; the seeds left over stay in their store. The
//! pits a player cannot fill stay empty and, with
//! [`out_of_play`](Rounds::out_of_play), are out of play for the next round:
//! sowing skips them ([`SowingTurn::out_of_play`](crate::primitives::SowingTurn::out_of_play)),
//! so they are never moves and never receive a seed. The match ends when a
//! player has too few seeds to fill [`min_pits`](Rounds::min_pits) pits;
//! its winner is the winner of that last round.
//!
//! Where the out-of-play pits live is the design's choice: in a round's
//! declaration ([`Round`], a [`Rules`] value with its
//! [`SowingTurn::out_of_play`](crate::primitives::SowingTurn::out_of_play)
//! set), not in [`Position`]. A position stays the same small `Copy` value
//! for every game, and every shipped game's `const` rules, whose
//! out-of-play set is the constant empty set, fold the new branches away.
//! A round's declaration is a value, built when the round starts, never
//! interned: a match makes no declaration of [`DeclaredKind`](crate::DeclaredKind)'s
//! bounded store.

use std::fmt;

use crate::declaration::{Declared, Rules};
use crate::error::IllegalMove;
use crate::game::Game;
use crate::moves::{Move, PitSet};
use crate::outcome::Outcome;
use crate::position::{Player, Position};
use crate::primitives::territory;

/// How a game is played in rounds ([`Rules::rounds`]): how the next round's
/// board is filled, who starts it, and when the match ends.
///
/// Dakon (Russ 1984, p. 62; MancalaGames' `Dakon`): seven pits a row, seven
/// seeds a pit; each player fills seven seeds a pit from their rightmost
/// pit, the last mover of a round starts the next one, and the match ends
/// when a player cannot fill four pits. A round that ended 60 to 38:
/// South fills all seven pits and keeps 11 in the store, North fills five
/// (from the right, pits 10 to 14) and keeps 3; North's pits 8 and 9 are
/// out of play.
///
/// ```
/// use mancala_rules::{Player, RoundFill, RoundStarter, Rounds};
///
/// let rounds = Rounds { fill: RoundFill::Right, starter: RoundStarter::LastMover, min_pits: 4, out_of_play: true };
/// let (pos, out) = rounds.fill::<14>(7, [60, 38], Player::North).expect("both fill 4 pits");
/// assert_eq!(pos.to_string(), "7 7 7 7 7 7 7 | 0 0 7 7 7 7 7 11-3 N");
/// assert_eq!(out.to_string(), "8 9");
/// assert!(rounds.fill::<14>(7, [71, 27], Player::North).is_none()); // North cannot fill 4 pits
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Rounds {
    /// Which pits of a row are filled first.
    pub fill: RoundFill,
    /// Who starts the next round.
    pub starter: RoundStarter,
    /// The match ends when a player has fewer seeds than fill this many
    /// pits (MancalaGames' `goal_param`); 0 is read as 1.
    pub min_pits: u8,
    /// Whether the pits a player cannot fill are out of play for the round
    /// (MancalaGames' `blocks`), or only empty.
    pub out_of_play: bool,
}

/// Which pits of each row a new round fills first ([`Rounds::fill`]).
/// Seen from each player's side of the board; the rule does not follow the
/// direction of sowing (MancalaGames' reading, also for its clockwise
/// Lagerung).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum RoundFill {
    /// From each player's leftmost pit: South's pit 1 onwards, North's pit
    /// `N + 1` onwards (MancalaGames' `LEFT_FILL`).
    Left,
    /// From each player's rightmost pit: South's pit `N` backwards, North's
    /// pit `2N` backwards (MancalaGames' `RIGHT_FILL`).
    Right,
    /// A game for territory: every pit is refilled with the opening's
    /// count, and the round's winner owns as many pits as their seeds
    /// fill, and one more they fill more than half; the loser owns the
    /// rest ([`SowingTurn::territory`](crate::primitives::SowingTurn::territory)).
    /// The winner's pits run counterclockwise from their own first pit
    /// (South's pit 1, North's pit `N + 1`) into the loser's row. After a
    /// drawn round each player owns their row. With this fill
    /// [`min_pits`](Rounds::min_pits) is the pits that win the match: it
    /// ends once a player has fewer seeds than the board's less those
    /// that win `min_pits` pits, plus half a pit (MancalaGames' `UCHOWN`,
    /// the winner not choosing, and `TERR_EX_RANDOM` with an odd count).
    ///
    /// On a 2x3 board of 4 seeds a pit (24 seeds) South won a round 14 to
    /// 10: three pits and 2 seeds, at most half the fourth: South owns its
    /// row; with 15, more than half: South also owns North's first pit, 4.
    ///
    /// ```
    /// use mancala_rules::{Player, RoundFill, RoundStarter, Rounds};
    ///
    /// let rounds = Rounds { fill: RoundFill::Territory, starter: RoundStarter::Winner, min_pits: 5, out_of_play: false };
    /// let (pos, south) = rounds.fill_territory::<6>(4, [14, 10], Player::South).expect("the match goes on");
    /// assert_eq!(pos.to_string(), "4 4 4 | 4 4 4 0-0 S");
    /// assert!(south.is_empty()); // the usual rows
    /// let (_, south) = rounds.fill_territory::<6>(4, [15, 9], Player::South).expect("the match goes on");
    /// assert_eq!(south.to_string(), "1 2 3 4");
    /// // 5 pits win: 24 - (4 * 4 + 3) + 2 = 7 seeds go on.
    /// assert!(rounds.fill_territory::<6>(4, [18, 6], Player::South).is_none());
    /// ```
    Territory,
    /// [`Territory`](RoundFill::Territory), except that the winner owns only
    /// the pits their seeds fill completely; a pit partly filled is the
    /// loser's. The match ends once a player has fewer seeds than the
    /// board's less those that fill `min_pits` pits, plus one
    /// (MancalaGames' `TERR_EX_LOSER`).
    TerritoryToLoser,
    /// [`TerritoryToLoser`](RoundFill::TerritoryToLoser), and what each
    /// player's seeds leave over whole pits stays in their store, the
    /// loser's first pit left empty to make up for it (MancalaGames'
    /// `TERR_EX_EMPTY`).
    TerritoryEmptied,
}

impl RoundFill {
    /// Whether this fill is for territory (the pits change owners between
    /// rounds).
    #[must_use]
    pub const fn is_territory(self) -> bool {
        matches!(
            self,
            RoundFill::Territory | RoundFill::TerritoryToLoser | RoundFill::TerritoryEmptied
        )
    }
}

/// Who starts the next round ([`Rounds::starter`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum RoundStarter {
    /// The player who did not start the round just played.
    Alternate,
    /// The loser of the round; after a drawn round, the player who would
    /// not have moved next.
    Loser,
    /// The winner of the round; after a drawn round, the player who would
    /// have moved next.
    Winner,
    /// The player who made the round's last move.
    LastMover,
}

impl Rounds {
    /// The seeds each player takes into the next round from a round that
    /// ended in `end` with `outcome`: their total, plus the seeds of their
    /// own row when the end awarded the board to nobody (a majority end
    /// leaves the board where it is; each row's seeds are then its owner's).
    #[must_use]
    pub fn claims<const P: usize>(end: &Position<P>, outcome: &Outcome) -> [u32; 2] {
        claims_of(&end.pits, end.scores, outcome)
    }

    /// The next round's start when the players take `claims` seeds into
    /// it (seeds a pit: `seeds`) and `starter` starts: the board, the stores
    /// holding what the filled pits leave over, and the pits out of play.
    /// `None` when a player has fewer seeds than fill
    /// [`min_pits`](Rounds::min_pits) pits: the match is over.
    #[must_use]
    pub fn fill<const P: usize>(
        &self,
        seeds: u8,
        claims: [u32; 2],
        starter: Player,
    ) -> Option<(Position<P>, PitSet)> {
        let mut pits = [0u8; P];
        let mut scores = [0u8; 2];
        let out = self.fill_into(seeds, claims, &mut pits, &mut scores)?;
        Some((Position::new(pits, scores, starter), out))
    }

    /// The next round's start of a territory game ([`RoundFill::is_territory`])
    /// when the players take `claims` seeds into it and `starter`
    /// starts: the board, the stores, and the pits South owns (empty: the
    /// usual rows, see [`SowingTurn::with_territory`](crate::primitives::SowingTurn::with_territory)).
    /// `None` when the match is over. For another fill, the pits South owns
    /// are always the usual rows.
    #[must_use]
    pub fn fill_territory<const P: usize>(
        &self,
        seeds: u8,
        claims: [u32; 2],
        starter: Player,
    ) -> Option<(Position<P>, PitSet)> {
        let mut pits = [0u8; P];
        let mut scores = [0u8; 2];
        let (_, territory) = self.fill_round_into(seeds, claims, &mut pits, &mut scores)?;
        Some((Position::new(pits, scores, starter), territory))
    }

    /// [`fill`](Rounds::fill) on a board of any size (`pits.len()` pits).
    pub(crate) fn fill_into(
        &self,
        seeds: u8,
        claims: [u32; 2],
        pits: &mut [u8],
        scores: &mut [u8; 2],
    ) -> Option<PitSet> {
        self.fill_round_into(seeds, claims, pits, scores)
            .map(|(out, _)| out)
    }

    /// The next round on a board of any size: its out-of-play pits and
    /// South's territory (empty: the usual rows).
    pub(crate) fn fill_round_into(
        &self,
        seeds: u8,
        claims: [u32; 2],
        pits: &mut [u8],
        scores: &mut [u8; 2],
    ) -> Option<(PitSet, PitSet)> {
        if self.fill.is_territory() {
            let south = territory::fill_into(self.fill, self.min_pits, seeds, claims, pits, scores)?;
            let size = pits.len();
            let usual = PitSet::first(size / 2);
            let south = if south == usual { PitSet::EMPTY } else { south };
            return Some((PitSet::EMPTY, south));
        }
        let n = pits.len() / 2;
        let seeds = u32::from(seeds.max(1));
        let needed = u32::from(self.min_pits.max(1)) * seeds;
        if claims.iter().any(|&claim| claim < needed) {
            return None;
        }
        let mut out = PitSet::EMPTY;
        for player in Player::BOTH {
            let claim = claims[player.index()];
            let filled = ((claim / seeds) as usize).min(n);
            // At most 255 seeds in a valid game: the rest fits a byte.
            scores[player.index()] = (claim - filled as u32 * seeds) as u8;
            let first = player.index() * n;
            for k in 0..n {
                let pit = match self.fill {
                    RoundFill::Right => first + n - 1 - k,
                    _ => first + k,
                };
                if k < filled {
                    pits[pit] = seeds as u8;
                } else {
                    pits[pit] = 0;
                    if self.out_of_play {
                        out = out.with(pit);
                    }
                }
            }
        }
        Some((out, PitSet::EMPTY))
    }

    /// Who starts the round after one that `starter` started, that ended
    /// with `outcome` and `end_to_move` to move (who would have moved
    /// next), and whose last move `last_mover` made.
    #[must_use]
    pub fn next_starter(
        &self,
        starter: Player,
        end_to_move: Player,
        outcome: &Outcome,
        last_mover: Player,
    ) -> Player {
        match (self.starter, outcome.winner()) {
            (RoundStarter::Alternate, _) => starter.opponent(),
            (RoundStarter::Loser, Some(winner)) => winner.opponent(),
            (RoundStarter::Loser, None) => end_to_move.opponent(),
            (RoundStarter::Winner, Some(winner)) => winner,
            (RoundStarter::Winner, None) => end_to_move,
            (RoundStarter::LastMover, _) => last_mover,
        }
    }

    /// The next round after one that `starter` started and that ended in
    /// `end` with `outcome`, its last move made by `last_mover`: its start
    /// and out-of-play pits, or `None` when the match is over.
    #[must_use]
    pub fn next_round<const P: usize>(
        &self,
        seeds: u8,
        starter: Player,
        end: &Position<P>,
        outcome: &Outcome,
        last_mover: Player,
    ) -> Option<(Position<P>, PitSet)> {
        let next = self.next_starter(starter, end.to_move, outcome, last_mover);
        self.fill(seeds, Self::claims(end, outcome), next)
    }
}

/// [`Rounds::claims`] on a board of any size.
pub(crate) fn claims_of(pits: &[u8], scores: [u8; 2], outcome: &Outcome) -> [u32; 2] {
    let [south, north] = outcome.totals;
    let n = pits.len() / 2;
    let row = |range: std::ops::Range<usize>| pits[range].iter().map(|&s| u32::from(s)).sum::<u32>();
    let total = row(0..2 * n) + u32::from(scores[0]) + u32::from(scores[1]);
    if south + north >= total {
        [south, north]
    } else {
        [south + row(0..n), north + row(n..2 * n)]
    }
}

/// One round of a game played in rounds: the game's rules with the
/// round's out-of-play pits ([`SowingTurn::out_of_play`](crate::primitives::SowingTurn::out_of_play)),
/// on a board of `P` pits. A [`Declared`] value (so a [`Ruleset`](crate::Ruleset)): built
/// for each round, never interned.
///
/// ```
/// use mancala_rules::primitives::{SowingTurn, Stores};
/// use mancala_rules::{Move, PitSet, Round, Rules, Ruleset};
///
/// const RULES: Rules = Rules { has_stores: true, turn: SowingTurn { stores: Stores::Own, ..SowingTurn::DEFAULT }, ..Rules::DEFAULT };
/// // Pit 2 (South's) is out of play: it is never a move, and sowing skips it.
/// let round = Round::<6>::new(RULES, PitSet::single(1));
/// let pos = "4 0 3 | 3 2 0 0-0 S".parse()?;
/// assert_eq!(round.legal_moves(&pos).to_string(), "1 3");
/// let (pos, _) = round.play(&pos, Move::Pit(1))?;
/// assert_eq!(pos.to_string(), "0 0 4 | 4 3 0 1-0 N");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Round<const P: usize> {
    rules: Rules,
}

impl<const P: usize> Round<P> {
    /// The round of `rules` with the pits of `out_of_play` (0-based) out of
    /// play, in addition to any the rules already have.
    #[must_use]
    pub const fn new(rules: Rules, out_of_play: PitSet) -> Round<P> {
        let out_of_play = rules.turn.out_of_play.union(out_of_play);
        Round {
            rules: Rules {
                turn: rules.turn.with_out_of_play(out_of_play),
                ..rules
            },
        }
    }

    /// The round's out-of-play pits (0-based).
    #[must_use]
    pub const fn out_of_play(&self) -> PitSet {
        self.rules.turn.out_of_play
    }

    /// This round with South owning the pits of `south` (0-based) and North
    /// the others: a round of a territory game
    /// ([`SowingTurn::with_territory`](crate::primitives::SowingTurn::with_territory);
    /// empty, or South's row: the usual rows).
    #[must_use]
    pub const fn with_territory(self, south: PitSet) -> Round<P> {
        Round {
            rules: Rules {
                turn: self.rules.turn.with_territory::<P>(south),
                ..self.rules
            },
        }
    }

    /// The pits South owns in this round (0-based; empty: the usual rows).
    #[must_use]
    pub const fn territory(&self) -> PitSet {
        self.rules.turn.territory
    }

    /// This round as one that `starter` started: what a pick of the last
    /// seeds by the round's starter reads
    /// ([`SowingTurn::with_round_starter`](crate::primitives::SowingTurn::with_round_starter);
    /// every other round is unchanged).
    #[must_use]
    pub const fn with_round_starter(self, starter: Player) -> Round<P> {
        Round {
            rules: Rules {
                turn: self.rules.turn.with_round_starter(starter),
                ..self.rules
            },
        }
    }

    /// Who started this round, as its turn reads it (South but for a turn
    /// that picks the last seeds for the round's starter, see
    /// [`Round::with_round_starter`]).
    #[must_use]
    pub const fn round_starter(&self) -> Player {
        self.rules.turn.round_starter
    }
}

impl<const P: usize> Declared for Round<P> {
    type Position = Position<P>;

    #[inline]
    fn rules(&self) -> &Rules {
        &self.rules
    }
}

/// Why a [`Match`] refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatchError {
    /// The rules are not played in rounds ([`Rules::rounds`] is `None`).
    #[error("{0} is not played in rounds")]
    NotInRounds(&'static str),
    /// The rules cannot be played exactly on this board.
    #[error("the rules cannot be played on {pits} pits: {problem}")]
    Problems {
        /// Pits in all.
        pits: usize,
        /// The first problem, in words.
        problem: &'static str,
    },
    /// A move the round refuses.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// The match is over.
    #[error("the match is over")]
    MatchOver,
}

/// A match of rounds of a game declared with [`Rules::rounds`]: the
/// current round ([`Game`] of a [`Round`]), who started it, and, once a
/// round ends, the next round's start by the fill rule, or the match's end.
///
/// A 2x2 match (one pit a row, 2 seeds a pit, Kalah's store) in which a
/// round ends as soon as a row is empty and a player who cannot fill 1 pit
/// loses the match:
///
/// ```
/// use mancala_rules::primitives::{ExtraTurn, SowingTurn, Stores};
/// use mancala_rules::{Ending, Leftover, Match, Player, RoundFill, RoundStarter, Rounds, Rules};
///
/// const RULES: Rules = Rules {
///     seeds: 2,
///     has_stores: true,
///     turn: SowingTurn { stores: Stores::Own, ..SowingTurn::DEFAULT },
///     end: Ending { row_empty: Some(Leftover::Owners), ..Ending::DEFAULT },
///     rounds: Some(Rounds { fill: RoundFill::Left, starter: RoundStarter::Loser, min_pits: 1, out_of_play: true }),
///     ..Rules::DEFAULT
/// };
/// let mut game = Match::<2>::new(RULES)?;
/// game.play("1".parse()?)?; // one seed to South's store, one to pit 2
/// assert!(game.round_outcome().is_some()); // South's row is empty: 1 to 3
/// assert!(game.next_round().is_none()); // South cannot fill a pit of 2
/// assert_eq!(game.winner(), Some(Player::North));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Match<const P: usize> {
    #[cfg_attr(feature = "serde", serde(skip))]
    rules: Rules,
    #[cfg_attr(feature = "serde", serde(skip))]
    round: Game<Round<P>>,
    /// Rounds played so far, the current one included (from 1).
    rounds: u32,
    /// Who started the current round.
    starter: Player,
    /// Who made the current round's last move (not a pass).
    last_mover: Option<Player>,
    /// The match is over: no round follows the current one.
    over: bool,
}

impl<const P: usize> Match<P> {
    /// The first round of a match of `rules`, from the opening, South
    /// first.
    ///
    /// # Errors
    ///
    /// [`MatchError::NotInRounds`] or [`MatchError::Problems`].
    pub fn new(rules: Rules) -> Result<Match<P>, MatchError> {
        if rules.rounds.is_none() {
            return Err(MatchError::NotInRounds(rules.name));
        }
        if let Some(problem) = rules.problems(P).first() {
            return Err(MatchError::Problems {
                pits: P,
                problem: problem.summary(),
            });
        }
        Ok(Match {
            rules,
            round: Game::new(Round::new(rules, PitSet::EMPTY)),
            rounds: 1,
            starter: Player::South,
            last_mover: None,
            over: false,
        })
    }

    /// The current round's game.
    #[must_use]
    pub fn round(&self) -> &Game<Round<P>> {
        &self.round
    }

    /// The current round's number (from 1).
    #[must_use]
    pub fn round_number(&self) -> u32 {
        self.rounds
    }

    /// The current round's out-of-play pits (0-based).
    #[must_use]
    pub fn out_of_play(&self) -> PitSet {
        self.round.rules().out_of_play()
    }

    /// The pits South owns in the current round (0-based; empty: the
    /// usual rows).
    #[must_use]
    pub fn territory(&self) -> PitSet {
        self.round.rules().territory()
    }

    /// How the current round ended, if it has.
    #[must_use]
    pub fn round_outcome(&self) -> Option<Outcome> {
        self.round.outcome()
    }

    /// Plays `mv` in the current round.
    ///
    /// # Errors
    ///
    /// [`MatchError::MatchOver`] once the match is over; the round's
    /// refusal otherwise.
    pub fn play(&mut self, mv: Move) -> Result<(), MatchError> {
        if self.over {
            return Err(MatchError::MatchOver);
        }
        let mover = self.round.position().to_move;
        self.round.play(mv)?;
        if mv != Move::Pass {
            self.last_mover = Some(mover);
        }
        Ok(())
    }

    /// Once the current round is over, starts the next one and returns its
    /// number, or ends the match and returns `None` (also while the round
    /// goes on, and once the match is over).
    pub fn next_round(&mut self) -> Option<u32> {
        let outcome = self.round.outcome()?;
        if self.over {
            return None;
        }
        let end = *self.round.position();
        let rounds = self.rules.rounds?;
        let last = self.last_mover.unwrap_or(end.to_move.opponent());
        let next = rounds.next_starter(self.starter, end.to_move, &outcome, last);
        let territory = self.round.rules().territory();
        let claims = territory::claims(&end.pits, end.scores, &outcome, territory);
        let mut pits = [0u8; P];
        let mut scores = [0u8; 2];
        let filled = rounds.fill_round_into(self.rules.seeds, claims, &mut pits, &mut scores);
        let opening = self.rules.opening_moves();
        // A valid declaration's opening fits (RulesProblem::OpeningTooLong).
        let start = |pits, scores| {
            let pos = Position::new(pits, scores, next);
            pos.with_opening_left(opening).unwrap_or(pos)
        };
        match filled.map(|(out, south)| (start(pits, scores), out, south)) {
            Some((start, out, south)) => {
                // The fill conserves the seeds: the start is valid.
                let round = Round::new(self.rules, out)
                    .with_territory(south)
                    .with_round_starter(start.to_move);
                self.round = Game::from_position(round, start).ok()?;
                self.starter = start.to_move;
                self.last_mover = None;
                self.rounds += 1;
                Some(self.rounds)
            }
            None => {
                self.over = true;
                None
            }
        }
    }

    /// Whether the match is over (set by [`next_round`](Match::next_round)).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The match's winner: the winner of its last round, once it is over
    /// (`None` before, or for a drawn last round).
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        if self.over {
            self.round.outcome()?.winner()
        } else {
            None
        }
    }
}

impl<const P: usize> fmt::Display for Match<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "round {}: {}", self.rounds, self.round.position())?;
        if !self.out_of_play().is_empty() {
            write!(f, " (out of play: {})", self.out_of_play())?;
        }
        Ok(())
    }
}

/// The data form of a set of pits: the pit numbers (from 1), ascending.
#[cfg(feature = "serde")]
pub(crate) mod pit_numbers {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::moves::PitSet;

    /// Whether the set is empty (the data form then leaves it out).
    #[allow(clippy::trivially_copy_pass_by_ref)] // serde's signature
    pub(crate) fn is_empty(pits: &PitSet) -> bool {
        pits.bits() == 0
    }

    pub(crate) fn serialize<S: Serializer>(pits: &PitSet, serializer: S) -> Result<S::Ok, S::Error> {
        pits.map(|pit| pit + 1).collect::<Vec<_>>().serialize(serializer)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<PitSet, D::Error> {
        let numbers = Vec::<u8>::deserialize(deserializer)?;
        let mut pits = PitSet::EMPTY;
        for number in numbers {
            if !(1..=30).contains(&number) {
                return Err(serde::de::Error::custom(format!(
                    "pit {number} is not on a board of at most 30 pits"
                )));
            }
            pits = pits.with(usize::from(number) - 1);
        }
        Ok(pits)
    }
}
