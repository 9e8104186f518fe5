//! The `Ruleset` trait every game implements (what it reports is in
//! [`outcome`](crate::outcome)).

use std::fmt::Debug;

use crate::error::{IllegalMove, PositionError};
use crate::moves::{Move, MoveSet};
use crate::outcome::{MoveReport, Outcome, Repetition, Status, Turn};
use crate::position::{Board, Player};
use crate::rng::SplitMix64;
use crate::validation::Problems;
use crate::Rotation;

/// The rules of one game: geometry, opening, legal moves, applying a move and
/// the end.
///
/// A ruleset is a small `Copy` value (a unit struct, or a few option flags for
/// a variant); positions are separate `Copy` values of type
/// [`Self::Position`](Ruleset::Position). Everything here depends on the
/// position alone; rules that depend on the game's history (a repeated
/// position ending the game, an agreement to split) are declared by
/// [`repetition`](Ruleset::repetition) and
/// [`agreement`](Ruleset::agreement) and carried out by
/// [`Game`](crate::Game).
///
/// Implement [`turn`](Ruleset::turn) and [`play_unchecked`](Ruleset::play_unchecked) (usually
/// with the [`primitives`](crate::primitives)); everything else has a default.
///
/// ```
/// use mancala_rules::games::Bohnenspiel;
/// use mancala_rules::{Move, Ruleset, Status};
///
/// let rules = Bohnenspiel;
/// let start = rules.start();
/// assert_eq!(rules.legal_moves(&start).len(), 6);
/// let (after, report) = rules.play(&start, Move::Pit(3))?;
/// assert_eq!(after.to_string(), "6 6 0 7 7 7 | 7 7 7 6 6 6 0-0 N");
/// assert_eq!(report.last_pit, Some(9));
/// assert_eq!(rules.status(&after), Status::Ongoing);
/// # Ok::<(), mancala_rules::IllegalMove>(())
/// ```
pub trait Ruleset: Copy + Debug + Send + Sync + 'static {
    /// The position type: [`Position<P>`](crate::Position) with `P` pits in all.
    type Position: Board;

    /// The game's name, as the replay protocol and [`GameKind`](crate::GameKind) spell it.
    fn name(&self) -> &'static str;

    /// Seeds in each pit at the opening.
    fn seeds_per_pit(&self) -> u8;

    /// The state of play in `pos`: the legal moves, or the end and its totals.
    /// A position whose game goes on always has at least one move (`pass` if
    /// nothing else).
    fn turn(&self, pos: &Self::Position) -> Turn;

    /// Plays `mv` on `pos` without checking it and reports what happened.
    ///
    /// `mv` should be one of [`legal_moves`](Ruleset::legal_moves); otherwise
    /// the resulting position is unspecified, but this never panics. Use
    /// [`play`](Ruleset::play) for checked play.
    fn play_unchecked(&self, pos: &mut Self::Position, mv: Move) -> MoveReport;

    /// Plays a uniformly random legal move on `pos` and reports it, or, when
    /// the game is over, leaves `pos` as it is and returns the outcome: the
    /// step of random playouts ([`Playouts`](crate::playout::Playouts)).
    ///
    /// The default draws from [`turn`](Ruleset::turn)'s moves with
    /// [`SplitMix64::choose`]. Rules may override it with anything that draws
    /// from the same distribution for less: Djenon-aboure draws among the pits
    /// that may move and sows only the one drawn, dropping it and drawing
    /// again if its relay never ends, instead of sowing every candidate to
    /// list the legal moves.
    ///
    /// ```
    /// use mancala_rules::games::DjenonAboure;
    /// use mancala_rules::playout::SplitMix64;
    /// use mancala_rules::Ruleset;
    ///
    /// let mut pos = DjenonAboure.start();
    /// let mut rng = SplitMix64::new(3);
    /// let mut plies = 0;
    /// let outcome = loop {
    ///     match DjenonAboure.play_random(&mut pos, &mut rng) {
    ///         Ok(_) => plies += 1,
    ///         Err(outcome) => break outcome,
    ///     }
    /// };
    /// assert_eq!(outcome.totals[0] + outcome.totals[1], 48);
    /// assert!(plies > 0);
    /// ```
    ///
    /// Repetition and agreement rules need the positions before, which `pos`
    /// alone does not show: [`Playouts`](crate::playout::Playouts) and
    /// [`Game`](crate::Game) apply them.
    #[inline(always)]
    fn play_random(&self, pos: &mut Self::Position, rng: &mut SplitMix64) -> Result<MoveReport, Outcome> {
        match self.turn(pos) {
            Turn::Moves(moves) => Ok(self.play_unchecked(pos, rng.choose(moves).unwrap_or(Move::Pass))),
            Turn::Over(outcome) => Err(outcome),
        }
    }

    /// Pits a side (`N`).
    fn pits_per_side(&self) -> usize {
        Self::Position::PITS / 2
    }

    /// Seeds in the whole game.
    fn total_seeds(&self) -> u32 {
        Self::Position::PITS as u32 * u32::from(self.seeds_per_pit())
    }

    /// The opening position: every pit full, South to move.
    fn start(&self) -> Self::Position {
        Self::Position::filled(self.seeds_per_pit())
    }

    /// An opening dealt by `rng`, in a game whose opening is dealt at random
    /// ([`Rules::deal`](crate::Rules::deal)); every other game's is its
    /// [`start`](Ruleset::start), whatever `rng` says. Bounded work, no
    /// heap allocation.
    fn dealt_start(&self, rng: &mut crate::playout::SplitMix64) -> Self::Position {
        let _ = rng;
        self.start()
    }

    /// The legal moves (none when the game is over). No heap allocation.
    #[inline]
    fn legal_moves(&self, pos: &Self::Position) -> MoveSet {
        match self.turn(pos) {
            Turn::Moves(moves) => moves,
            Turn::Over(_) => MoveSet::NONE,
        }
    }

    /// Whether the game goes on, or how it ended.
    fn status(&self, pos: &Self::Position) -> Status {
        match self.turn(pos) {
            Turn::Moves(_) => Status::Ongoing,
            Turn::Over(outcome) => Status::Over(outcome),
        }
    }

    /// Why pit `pit` (0-based, in the mover's row, not among `legal`) may not
    /// be moved. The default says empty, or must pass; games with other
    /// restrictions override it.
    fn refusal(&self, pos: &Self::Position, pit: usize, legal: MoveSet) -> IllegalMove {
        let number = (pit as u8).wrapping_add(1);
        if pos.pits().get(pit) == Some(&0) {
            IllegalMove::EmptyPit { pit: number }
        } else if legal.is_pass() {
            IllegalMove::MustPass {
                pit: number,
                player: pos.to_move(),
            }
        } else {
            IllegalMove::NotPlayable { pit: number }
        }
    }

    /// Checks that `mv` is legal in `pos`, or says exactly why not.
    fn check(&self, pos: &Self::Position, mv: Move) -> Result<(), IllegalMove> {
        let legal = match self.turn(pos) {
            Turn::Over(_) => return Err(IllegalMove::GameOver),
            Turn::Moves(moves) => moves,
        };
        if legal.contains(mv) {
            return Ok(());
        }
        let player = pos.to_move();
        let pits = Self::Position::PITS;
        match mv {
            Move::Pass => Err(IllegalMove::PassNotAllowed { player }),
            Move::Pit(number) | Move::Directed(number, _) if number == 0 || usize::from(number) > pits => {
                Err(IllegalMove::PitOutOfRange {
                    pit: number,
                    pits: pits as u8,
                })
            }
            Move::Pit(number) | Move::Directed(number, _) => {
                let n = pits / 2;
                let first = player.index() * n + 1;
                let pit = usize::from(number) - 1;
                let directed = Rotation::BOTH
                    .into_iter()
                    .any(|direction| legal.contains(Move::Directed(number, direction)));
                if (first..first + n).contains(&usize::from(number)) {
                    // The pit is legal in the other form: the direction is
                    // missing, or not the player's to give.
                    Err(match mv {
                        Move::Pit(_) if directed => IllegalMove::DirectionToChoose { pit: number },
                        Move::Directed(..) if legal.contains(Move::Pit(number)) => {
                            IllegalMove::NoDirectionToChoose { pit: number }
                        }
                        _ => self.refusal(pos, pit, legal),
                    })
                } else {
                    Err(IllegalMove::NotYourPit {
                        pit: number,
                        player,
                        first: first as u8,
                        last: (first + n - 1) as u8,
                    })
                }
            }
        }
    }

    /// Checked play: the position after `mv` and the report, or why `mv` is
    /// illegal (the position given is untouched).
    fn play(&self, pos: &Self::Position, mv: Move) -> Result<(Self::Position, MoveReport), IllegalMove> {
        self.check(pos, mv)?;
        let mut next = *pos;
        let report = self.play_unchecked(&mut next, mv);
        Ok((next, report))
    }

    /// Checks that `pos` can belong to this game: the game is one the
    /// engine plays exactly ([`problems`](Ruleset::problems)) and the
    /// position's seeds add up to the game's total. (The pit count and
    /// player are checked by the position type itself.)
    fn validate(&self, pos: &Self::Position) -> Result<(), PositionError> {
        self.problems()
            .into_result()
            .map_err(|problems| PositionError::Declaration(Box::new(problems)))?;
        let found = pos.pits().iter().map(|&s| u32::from(s)).sum::<u32>()
            + pos.scores().iter().map(|&s| u32::from(s)).sum::<u32>();
        if let (false, Some(pit)) = (self.has_children(), pos.children().into_iter().next()) {
            return Err(PositionError::ChildNotInGame { pit: pit as u8 + 1 });
        }
        let (left, declared) = (pos.opening_left(), self.opening_moves());
        if left > declared {
            return Err(PositionError::OpeningNotInGame { left, declared });
        }
        if let Some(pit) = pos.barred() {
            let number = pit as u8 + 1;
            if !self.bars_returns() {
                return Err(PositionError::BarredNotInGame { pit: number });
            }
            // What a return leaves: the mover's end pit holding the single
            // seed just sown into it round the end, the pit it came from
            // empty, and no child.
            let pits = pos.pits();
            let n = Self::Position::PITS / 2;
            let partner = if pit == 0 {
                Self::Position::PITS - 1
            } else if pit == Self::Position::PITS - 1 {
                0
            } else if pit + 1 == n {
                n
            } else {
                n - 1
            };
            let movers = (pit < n) == (pos.to_move() == Player::South);
            if !movers || pits[pit] != 1 || pits[partner] != 0 || pos.children().contains(pit) {
                return Err(PositionError::BadBarred { pit: number });
            }
        }
        let expected = self.total_seeds();
        if found == expected {
            Ok(())
        } else {
            Err(PositionError::SeedsDoNotAddUp { expected, found })
        }
    }

    /// Every reason the engine cannot play this game exactly (see
    /// [`Rules::problems`](crate::Rules::problems)); empty for every game the
    /// crate ships and every [`declare!`](crate::declare)d one. Default: the
    /// board size and the total of seeds ([`Problems::of_board`]).
    fn problems(&self) -> Problems {
        Problems::of_board(Self::Position::PITS, self.seeds_per_pit())
    }

    /// Whether each player has a store, where the captures are kept (shown
    /// as "store" rather than "captured"). Default: no.
    fn has_stores(&self) -> bool {
        false
    }

    /// Whether the game has children ([`SowingTurn::children`](crate::primitives::SowingTurn::children)),
    /// which its positions then hold. Default: no.
    fn has_children(&self) -> bool {
        false
    }

    /// The moves of the game's declared opening ([`Opening`](crate::Opening)),
    /// which its positions then count down ([`Position::opening_left`](crate::Position::opening_left)).
    /// Default: 0, no opening.
    fn opening_moves(&self) -> u8 {
        0
    }

    /// Whether the game bars a return ([`Playable::barred_return`](crate::Playable::barred_return)),
    /// which its positions then hold ([`Position::barred`](crate::Position::barred)).
    /// Default: no.
    fn bars_returns(&self) -> bool {
        false
    }

    /// Whether some moves of this game carry a direction the player
    /// chooses ([`Move::Directed`]). Default: no.
    fn chooses_directions(&self) -> bool {
        false
    }

    /// What a repeated position (board, captures and player to move) does.
    /// [`Game`](crate::Game) carries it out. Default: nothing.
    fn repetition(&self) -> Repetition {
        Repetition::Continues
    }

    /// Whether the players may agree to end the game and split the board
    /// equally ([`Game::agree_to_split`](crate::Game::agree_to_split)).
    /// Default: no.
    fn agreement(&self) -> bool {
        false
    }

    /// Whether an end rule of this game is judged on who made the last move
    /// ([`Cleared::MoverTakesTheRest`](crate::Cleared::MoverTakesTheRest)),
    /// which a position does not show. [`Game`](crate::Game), the replay
    /// protocol, playouts, perft and the searches carry it out
    /// ([`ended_by_mover`](Ruleset::ended_by_mover)); the solver refuses
    /// such rules. Default: no.
    fn judges_the_mover(&self) -> bool {
        false
    }

    /// The end that the move of `mover` leading to `pos` makes, by a rule
    /// judged on the last mover ([`judges_the_mover`](Ruleset::judges_the_mover)),
    /// before every rule [`turn`](Ruleset::turn) reads on the position.
    /// Default: none.
    fn ended_by_mover(&self, pos: &Self::Position, mover: Player) -> Option<Outcome> {
        let _ = (pos, mover);
        None
    }
}
