//! Games won by leaving the opponent without seeds or without a move
//! ([`Ending::eliminate`](crate::Ending::eliminate)): MancalaGames' goals
//! "deprive" and "immobilize".

use crate::outcome::{EndReason, Outcome};
use crate::position::{Player, Position};

/// A game won by eliminating the opponent ([`Ending::eliminate`](crate::Ending::eliminate)):
/// the totals do not decide it. The player who wins is named by the
/// outcome ([`EndReason::Eliminated`]), whose totals are the captures as
/// they stand (the seeds left on the board count for nobody).
///
/// Both readings are judged on the position, before the legal moves:
///
/// - [`Deprive`](Eliminate::Deprive): a player whose row is empty loses.
///   The player to move is looked at first: with their row empty they
///   lose; else with the opponent's row empty they win. With both rows
///   still holding seeds, a player to move with no legal move (a move
///   restriction, a seed minimum) loses too.
/// - [`Immobilize`](Eliminate::Immobilize): the player to move with no
///   legal move loses, seeds or not.
///
/// With both rows empty (a relay that ends the game at its cap settles
/// the board into the stores) the game is a draw, as MancalaGames ends
/// these games at its lap cap.
///
/// MancalaGames judges them after the move of the player who made it
/// (its "deprive": the opponent's row, then the mover's, then whether the
/// next player can move; its "immobilize": whether the opponent can
/// move). Without extra turns the last mover is the opponent of the
/// player to move, and the two readings agree; with extra turns they may
/// not, and the survey does not map such games.
///
/// On a 2x2 board, a player to move whose row is empty loses under both
/// readings, whatever the totals; a player to move facing an empty row
/// wins at once under [`Deprive`](Eliminate::Deprive) and plays on under
/// [`Immobilize`](Eliminate::Immobilize):
///
/// ```
/// use mancala_rules::{declare, EndReason, Eliminate, Ending, Player, Rules, Ruleset};
///
/// const fn goal(eliminate: Eliminate) -> Rules {
///     Rules { end: Ending { eliminate: Some(eliminate), ..Ending::DEFAULT }, ..Rules::DEFAULT }
/// }
/// declare!(Deprive, 4, goal(Eliminate::Deprive));
/// declare!(Immobilize, 4, goal(Eliminate::Immobilize));
/// // South to move, South's row empty: North wins though behind.
/// let pos = "0 0 | 0 2 10-2 S".parse()?;
/// for outcome in [Deprive.status(&pos).outcome().unwrap(), Immobilize.status(&pos).outcome().unwrap()] {
///     assert_eq!(outcome.reason, EndReason::Eliminated(Some(Player::North)));
///     assert_eq!((outcome.totals, outcome.winner()), ([10, 2], Some(Player::North)));
/// }
/// // North to move with seeds, South's row empty: under Deprive North wins
/// // at once; under Immobilize North plays on.
/// let pos = "0 0 | 0 2 10-2 N".parse()?;
/// assert_eq!(Deprive.status(&pos).outcome().unwrap().winner(), Some(Player::North));
/// assert!(!Immobilize.status(&pos).is_over());
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Eliminate {
    /// A player left with no seeds in their row loses (and the player to
    /// move with no legal move): MancalaGames' goal "deprive".
    Deprive,
    /// The player to move with no legal move loses: MancalaGames' goal
    /// "immobilize".
    Immobilize,
}

impl Eliminate {
    /// How the game ends in `pos` before its moves are looked at, if it
    /// does: both rows empty (a draw), or under
    /// [`Deprive`](Eliminate::Deprive) a row empty.
    #[inline]
    #[must_use]
    pub fn outcome<const P: usize>(self, pos: &Position<P>) -> Option<Outcome> {
        let mover = pos.to_move;
        let own_empty = pos.nonempty_pits(mover).is_empty();
        let other_empty = pos.nonempty_pits(mover.opponent()).is_empty();
        let winner = match (self, own_empty, other_empty) {
            (_, true, true) => None,
            (Eliminate::Deprive, true, false) => Some(mover.opponent()),
            (Eliminate::Deprive, false, true) => Some(mover),
            _ => return None,
        };
        Some(Eliminate::won_by(pos, winner))
    }

    /// The end when the player to move has no legal move: they lose.
    #[inline]
    #[must_use]
    pub fn stuck<const P: usize>(self, pos: &Position<P>) -> Outcome {
        Eliminate::won_by(pos, Some(pos.to_move.opponent()))
    }

    fn won_by<const P: usize>(pos: &Position<P>, winner: Option<Player>) -> Outcome {
        Outcome::all_captured(pos).because(EndReason::Eliminated(winner))
    }
}

impl crate::Rules {
    /// The eliminating goal's problems: the rules it does not cover.
    pub(crate) const fn eliminate_problems(&self, mut problems: crate::Problems) -> crate::Problems {
        if self.end.eliminate.is_some() {
            let with = if self.play.must_feed {
                Some("feeding (play.must_feed)")
            } else if self.end.cleared.is_some() {
                Some("a cleared row (end.cleared)")
            } else if self.rounds.is_some() {
                Some("rounds (rounds)")
            } else {
                None
            };
            if let Some(with) = with {
                problems = problems.with(crate::RulesProblem::EliminateCombination { with });
            }
        }
        problems
    }
}
