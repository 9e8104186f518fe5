//! A generic test harness: the invariants every [`Ruleset`] must keep,
//! checked over random games.
//!
//! [`check_ruleset`] first checks the declaration ([`Ruleset::problems`]:
//! a game the engine cannot play exactly is refused before any move), then
//! plays random games from the opening position (through
//! [`Game`], so the history rules apply) and, at every position, checks
//! ([`check_position`]):
//!
//! - the seeds add up ([`Ruleset::validate`]);
//! - the position's notation (`Display`/`FromStr`) and serde form round-trip
//!   (serde through JSON with the `protocol` feature);
//! - a game that goes on lists at least one move, and `pass` only when it is
//!   the only move;
//! - every listed move is accepted by [`Ruleset::check`], and
//!   [`Ruleset::play`] gives the same position and report as
//!   [`Ruleset::play_unchecked`]; the position after it holds the game's seeds;
//! - every move not listed (each pit `0..=2N+1`, and `pass`) is refused by
//!   `check` with the error its kind calls for (out of range, not yours, a
//!   refusal of the mover's own pit, pass not allowed), and by `play`;
//!   once the game is over, every move is refused with
//!   [`IllegalMove::GameOver`].
//!
//! Where the rules allow an agreement, the players agree as
//! [`AgreementPolicy::default`] says. Along each game it also checks that [`Game::play`] reports what
//! `Ruleset::play` does, that [`Game::undo`] restores the position before the
//! move, and at the end that the [`GameRecord`](crate::GameRecord) replays
//! ([`Game::from_record`]) and round-trips (JSON with the `protocol`
//! feature; its parts' notation without it). A game still going after
//! [`MAX_PLIES`] plies is stopped and counted in [`Report::capped`].
//!
//! ```
//! use mancala_rules::harness::check_ruleset;
//! use mancala_rules::primitives::{CaptureRule, Counts, Direction, ExtraTurn, Stores, SowingTurn};
//! use mancala_rules::{Declared, Position, Rules};
//!
//! #[derive(Clone, Copy, Debug)]
//! struct Clockwise;
//! impl Declared for Clockwise {
//!     type Position = Position<8>;
//!     fn rules(&self) -> &Rules {
//!         const RULES: Rules = Rules {
//!             name: "clockwise",
//!             seeds: 3,
//!             has_stores: true,
//!             turn: SowingTurn {
//!                 direction: Direction::Clockwise,
//!                 stores: Stores::Own,
//!                 capture: CaptureRule::chain(Counts::of(&[2, 3])),
//!                 extra_turn: ExtraTurn::IN_OWN_STORE,
//!                 ..SowingTurn::DEFAULT
//!             },
//!             ..Rules::DEFAULT
//!         };
//!         &RULES
//!     }
//! }
//!
//! let report = check_ruleset(&Clockwise, 50, 7)?;
//! assert_eq!(report.games, 50);
//! assert_eq!(report.finished + report.capped, 50);
//! assert!(report.positions > 50);
//! # Ok::<(), mancala_rules::harness::HarnessError>(())
//! ```

use crate::error::{IllegalMove, PositionError};
use crate::game::Game;
use crate::history::AgreementPolicy;
use crate::moves::Move;
use crate::outcome::Turn;
use crate::position::Board;
use crate::rng::SplitMix64;
use crate::ruleset::Ruleset;
use crate::Rotation;

/// Plies after which [`check_ruleset`] stops a random game (counted in
/// [`Report::capped`]): games whose repetitions go on may cycle forever.
pub const MAX_PLIES: u32 = 2_000;

/// What [`check_ruleset`] checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played.
    pub games: u32,
    /// Games played to their end.
    pub finished: u32,
    /// Games stopped at [`MAX_PLIES`].
    pub capped: u32,
    /// Positions checked (the final positions included).
    pub positions: u64,
    /// Moves checked, legal and refused.
    pub moves: u64,
    /// The longest game, in plies.
    pub longest: u32,
}

/// An invariant that a ruleset broke: which game, in which position (in
/// standard notation), with which move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HarnessError {
    /// The declaration has problems the engine cannot play exactly
    /// ([`Ruleset::problems`]): checked before any game is played.
    #[error("{game}: the declaration cannot be played exactly:\n{problems}")]
    Declaration {
        /// The game ([`Ruleset::name`]).
        game: &'static str,
        /// Every problem found (boxed, as in
        /// [`RulesError::Problems`](crate::RulesError::Problems): the list
        /// has a slot for each check).
        problems: Box<crate::Problems>,
    },
    /// The seeds of a position do not add up to the game's.
    #[error("{game}: {position}: {source}")]
    Seeds {
        /// The game ([`Ruleset::name`]).
        game: &'static str,
        /// The position.
        position: String,
        /// What `validate` said.
        source: PositionError,
    },
    /// A game that goes on lists no move.
    #[error("{game}: {position}: the game goes on but lists no move")]
    NoMoves {
        /// The game.
        game: &'static str,
        /// The position.
        position: String,
    },
    /// `pass` is listed beside other moves.
    #[error("{game}: {position}: pass is listed beside other moves ({moves})")]
    PassBesideMoves {
        /// The game.
        game: &'static str,
        /// The position.
        position: String,
        /// The moves listed.
        moves: String,
    },
    /// A listed move is refused.
    #[error("{game}: {position}: move {mv} is listed but refused: {reason}")]
    ListedMoveRefused {
        /// The game.
        game: &'static str,
        /// The position.
        position: String,
        /// The move.
        mv: Move,
        /// Why it was refused.
        reason: IllegalMove,
    },
    /// A move not listed is accepted.
    #[error("{game}: {position}: move {mv} is not listed ({moves}) but accepted")]
    UnlistedMoveAccepted {
        /// The game.
        game: &'static str,
        /// The position.
        position: String,
        /// The move.
        mv: Move,
        /// The moves listed.
        moves: String,
    },
    /// A move not listed is refused with an error that does not fit it.
    #[error("{game}: {position}: move {mv} is refused with the wrong error: {reason}")]
    WrongRefusal {
        /// The game.
        game: &'static str,
        /// The position.
        position: String,
        /// The move.
        mv: Move,
        /// The error given.
        reason: IllegalMove,
    },
    /// Two ways of playing a move disagree (checked and unchecked play, or
    /// `Game` and the ruleset).
    #[error("{game}: {position}: move {mv}: {what} differ: {left} vs {right}")]
    Differs {
        /// The game.
        game: &'static str,
        /// The position.
        position: String,
        /// The move.
        mv: Move,
        /// What was compared.
        what: &'static str,
        /// The first result.
        left: String,
        /// The second result.
        right: String,
    },
    /// A position, move or record did not survive a round trip.
    #[error("{game}: {position}: {what} round trip failed: {detail}")]
    RoundTrip {
        /// The game.
        game: &'static str,
        /// The position (the game's last position, for a record).
        position: String,
        /// What was round-tripped.
        what: &'static str,
        /// What went wrong.
        detail: String,
    },
    /// Undo did not restore the position before the move.
    #[error("{game}: {position}: undoing move {mv} gave {got}")]
    Undo {
        /// The game.
        game: &'static str,
        /// The position before the move.
        position: String,
        /// The move undone.
        mv: Move,
        /// The position after undo.
        got: String,
    },
}

/// Plays `games` random games of `rules` (seeded by `seed`, so a failure
/// repeats) and checks every invariant the [module](self) lists at every
/// position. Returns what was checked, or the first invariant broken.
pub fn check_ruleset<R: Ruleset>(rules: &R, games: u32, seed: u64) -> Result<Report, HarnessError> {
    rules
        .problems()
        .into_result()
        .map_err(|problems| HarnessError::Declaration {
            game: rules.name(),
            problems: Box::new(problems),
        })?;
    let mut report = Report::default();
    let mut rng = SplitMix64::new(seed);
    for _ in 0..games {
        let plies = check_game(rules, &mut rng, &mut report)?;
        report.games += 1;
        report.longest = report.longest.max(plies);
    }
    Ok(report)
}

/// One random game; returns its plies.
fn check_game<R: Ruleset>(rules: &R, rng: &mut SplitMix64, report: &mut Report) -> Result<u32, HarnessError> {
    let name = rules.name();
    let mut game = Game::new(*rules);
    let mut plies = 0;
    loop {
        let pos = *game.position();
        report.moves += check_position(rules, &pos)?;
        report.positions += 1;
        let legal = game.legal_moves();
        let Some(mv) = rng.choose(legal) else {
            report.finished += 1;
            break;
        };
        if plies == MAX_PLIES {
            report.capped += 1;
            break;
        }
        let expected = rules
            .play(&pos, mv)
            .map_err(listed_move_refused(name, &pos, mv))?;
        let played = game.play(mv).map_err(listed_move_refused(name, &pos, mv))?;
        same(
            name,
            &pos,
            mv,
            "Game::play and Ruleset::play reports",
            &played,
            &expected.1,
        )?;
        same(
            name,
            &pos,
            mv,
            "Game::play and Ruleset::play positions",
            game.position(),
            &expected.0,
        )?;
        // Undo, then play again: the game goes on from the same place.
        let after_undo = {
            let mut undone = game.clone();
            undone.undo();
            undone
        };
        if after_undo.position() != &pos || after_undo.moves().len() != plies as usize {
            return Err(HarnessError::Undo {
                game: name,
                position: pos.to_string(),
                mv,
                got: after_undo.position().to_string(),
            });
        }
        plies += 1;
        // Automated play agrees as the default policy says, where the rules
        // allow an agreement (else a game may cycle forever).
        game.apply_policy(AgreementPolicy::default());
    }
    check_record(rules, &game)?;
    Ok(plies)
}

/// `left == right`, or a [`HarnessError::Differs`].
fn same<B: Board, T: PartialEq + std::fmt::Debug>(
    game: &'static str,
    pos: &B,
    mv: Move,
    what: &'static str,
    left: &T,
    right: &T,
) -> Result<(), HarnessError> {
    if left == right {
        Ok(())
    } else {
        Err(HarnessError::Differs {
            game,
            position: pos.to_string(),
            mv,
            what,
            left: format!("{left:?}"),
            right: format!("{right:?}"),
        })
    }
}

/// Checks the invariants of one position (see the [module](self)): seeds,
/// round trips, the listed moves and the refusal of every other move.
/// Returns the number of moves checked.
///
/// ```
/// use mancala_rules::games::Kalah;
/// use mancala_rules::harness::check_position;
///
/// let pos = "0 0 0 0 1 0 | 0 4 4 4 4 0 31-0 S".parse()?;
/// assert!(check_position(&Kalah, &pos).is_ok());
/// // 47 seeds: not a position of Kalah.
/// let pos = "0 0 0 0 1 0 | 0 4 4 4 4 0 30-0 S".parse()?;
/// assert!(check_position(&Kalah, &pos).is_err());
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
pub fn check_position<R: Ruleset>(rules: &R, pos: &R::Position) -> Result<u64, HarnessError> {
    let name = rules.name();
    let position = || pos.to_string();
    rules.validate(pos).map_err(|source| HarnessError::Seeds {
        game: name,
        position: position(),
        source,
    })?;
    check_position_round_trips(name, pos)?;

    let pits = R::Position::PITS;
    // Every pit number a move can name near the board, and pass.
    let candidates = (0..=pits + 1).map(|n| Move::Pit(n as u8)).chain([Move::Pass]);
    let legal = match rules.turn(pos) {
        Turn::Over(_) => {
            let mut checked = 0;
            for mv in candidates {
                match rules.check(pos, mv) {
                    Err(IllegalMove::GameOver) => checked += 1,
                    Ok(()) => {
                        return Err(HarnessError::UnlistedMoveAccepted {
                            game: name,
                            position: position(),
                            mv,
                            moves: "none: the game is over".into(),
                        })
                    }
                    Err(reason) => {
                        return Err(HarnessError::WrongRefusal {
                            game: name,
                            position: position(),
                            mv,
                            reason,
                        })
                    }
                }
            }
            return Ok(checked);
        }
        Turn::Moves(moves) => moves,
    };
    if legal.is_empty() {
        return Err(HarnessError::NoMoves {
            game: name,
            position: position(),
        });
    }
    if legal.contains(Move::Pass) && legal.len() != 1 {
        return Err(HarnessError::PassBesideMoves {
            game: name,
            position: position(),
            moves: legal.to_string(),
        });
    }
    // Where some moves have a chosen direction, every pit number in both
    // directions too.
    let directed = legal.has_directed().then(|| {
        (0..=pits + 1).flat_map(|n| Rotation::BOTH.map(|direction| Move::Directed(n as u8, direction)))
    });
    let mut checked = 0;
    for mv in candidates.chain(directed.into_iter().flatten()) {
        checked += 1;
        if legal.contains(mv) {
            check_listed_move(rules, pos, mv)?;
        } else {
            check_refused_move(rules, pos, mv, &legal.to_string())?;
        }
    }
    Ok(checked)
}

/// A listed move: accepted, checked play equals unchecked play, seeds kept.
fn check_listed_move<R: Ruleset>(rules: &R, pos: &R::Position, mv: Move) -> Result<(), HarnessError> {
    let name = rules.name();
    let (checked, report) = rules.play(pos, mv).map_err(listed_move_refused(name, pos, mv))?;
    let mut unchecked = *pos;
    let unchecked_report = rules.play_unchecked(&mut unchecked, mv);
    same(
        name,
        pos,
        mv,
        "play and play_unchecked positions",
        &checked,
        &unchecked,
    )?;
    same(
        name,
        pos,
        mv,
        "play and play_unchecked reports",
        &report,
        &unchecked_report,
    )?;
    same(name, pos, mv, "the move and its report's move", &mv, &report.mv)?;
    same(
        name,
        pos,
        mv,
        "the mover and its report's player",
        &pos.to_move(),
        &report.player,
    )?;
    rules.validate(&checked).map_err(|source| HarnessError::Seeds {
        game: name,
        position: format!("{checked} (after {mv} in {pos})"),
        source,
    })?;
    let text = mv.to_string();
    if text.parse::<Move>().ok() != Some(mv) {
        return Err(HarnessError::RoundTrip {
            game: name,
            position: pos.to_string(),
            what: "move notation",
            detail: format!("{mv:?} reads back from '{text}' as {:?}", text.parse::<Move>()),
        });
    }
    Ok(())
}

/// A move not listed: refused by `check` and `play`, with an error of its kind.
fn check_refused_move<R: Ruleset>(
    rules: &R,
    pos: &R::Position,
    mv: Move,
    moves: &str,
) -> Result<(), HarnessError> {
    let name = rules.name();
    let reason = match rules.check(pos, mv) {
        Ok(()) => {
            return Err(HarnessError::UnlistedMoveAccepted {
                game: name,
                position: pos.to_string(),
                mv,
                moves: moves.to_string(),
            })
        }
        Err(reason) => reason,
    };
    if let Err(played) = rules.play(pos, mv) {
        same(name, pos, mv, "check and play refusals", &reason, &played)?;
    } else {
        return Err(HarnessError::UnlistedMoveAccepted {
            game: name,
            position: pos.to_string(),
            mv,
            moves: moves.to_string(),
        });
    }
    let pits = R::Position::PITS;
    let n = pits / 2;
    let first = pos.to_move().index() * n + 1;
    let fits = match mv {
        Move::Pass => matches!(reason, IllegalMove::PassNotAllowed { .. }),
        Move::Pit(number) | Move::Directed(number, _) if number == 0 || usize::from(number) > pits => {
            matches!(reason, IllegalMove::PitOutOfRange { pit, .. } if pit == number)
        }
        Move::Pit(number) | Move::Directed(number, _)
            if !(first..first + n).contains(&usize::from(number)) =>
        {
            matches!(reason, IllegalMove::NotYourPit { pit, .. } if pit == number)
        }
        // One of the mover's own pits, legal in the other form.
        Move::Pit(number) if matches!(reason, IllegalMove::DirectionToChoose { .. }) => {
            matches!(reason, IllegalMove::DirectionToChoose { pit } if pit == number)
        }
        Move::Directed(number, _) if matches!(reason, IllegalMove::NoDirectionToChoose { .. }) => {
            matches!(reason, IllegalMove::NoDirectionToChoose { pit } if pit == number)
        }
        // One of the mover's own pits: a refusal naming it.
        Move::Pit(number) | Move::Directed(number, _) => match reason {
            IllegalMove::EmptyPit { pit }
            | IllegalMove::SingletonMayNotMove { pit }
            | IllegalMove::TooFewSeeds { pit, .. }
            | IllegalMove::GrandSlam { pit }
            | IllegalMove::MustFeed { pit }
            | IllegalMove::EndlessRelay { pit }
            | IllegalMove::NotPlayable { pit }
            | IllegalMove::BarredReturn { pit }
            | IllegalMove::MustPass { pit, .. } => {
                pit == number
                    && (pos.pits()[usize::from(number) - 1] == 0)
                        == matches!(reason, IllegalMove::EmptyPit { .. })
            }
            _ => false,
        },
    };
    if fits {
        Ok(())
    } else {
        Err(HarnessError::WrongRefusal {
            game: name,
            position: pos.to_string(),
            mv,
            reason,
        })
    }
}

/// Notation, and serde (JSON, with the `protocol` feature), read back equal.
fn check_position_round_trips<B: Board>(game: &'static str, pos: &B) -> Result<(), HarnessError> {
    let text = pos.to_string();
    match text.parse::<B>() {
        Ok(back) if back == *pos => {}
        other => {
            return Err(HarnessError::RoundTrip {
                game,
                position: text,
                what: "position notation",
                detail: format!("read back as {other:?}"),
            })
        }
    }
    #[cfg(feature = "protocol")]
    {
        let json = serde_json::to_string(pos).map_err(|err| HarnessError::RoundTrip {
            game,
            position: pos.to_string(),
            what: "position serde",
            detail: err.to_string(),
        })?;
        match serde_json::from_str::<B>(&json) {
            Ok(back) if back == *pos => {}
            other => {
                return Err(HarnessError::RoundTrip {
                    game,
                    position: pos.to_string(),
                    what: "position serde",
                    detail: format!("{json} read back as {other:?}"),
                })
            }
        }
    }
    Ok(())
}

/// The game's record replays to the same game, and round-trips.
fn check_record<R: Ruleset>(rules: &R, game: &Game<R>) -> Result<(), HarnessError> {
    let name = rules.name();
    let record = game.record();
    let failed = |what: &'static str, detail: String| HarnessError::RoundTrip {
        game: name,
        position: game.position().to_string(),
        what,
        detail,
    };
    match Game::from_record(*rules, &record) {
        Ok(replayed)
            if replayed.positions() == game.positions()
                && replayed.moves() == game.moves()
                && replayed.status() == game.status() => {}
        Ok(replayed) => {
            return Err(failed(
                "record replay",
                format!("replayed to {} ({:?})", replayed.position(), replayed.status()),
            ))
        }
        Err(err) => return Err(failed("record replay", err.to_string())),
    }
    #[cfg(feature = "protocol")]
    {
        let json = serde_json::to_string(&record).map_err(|err| failed("record serde", err.to_string()))?;
        match serde_json::from_str::<crate::GameRecord<R::Position>>(&json) {
            Ok(back) if back == record => {}
            other => return Err(failed("record serde", format!("{json} read back as {other:?}"))),
        }
    }
    // Serializer-agnostic: the record's parts in notation.
    let start = record.start.to_string().parse::<R::Position>();
    let moves: Result<Vec<Move>, _> = record.moves.iter().map(|mv| mv.to_string().parse()).collect();
    match (start, moves) {
        (Ok(start), Ok(moves)) if start == record.start && moves == record.moves => Ok(()),
        other => Err(failed("record notation", format!("read back as {other:?}"))),
    }
}

/// The error of a listed move that is refused, for `map_err`.
fn listed_move_refused<B: Board>(
    game: &'static str,
    pos: &B,
    mv: Move,
) -> impl FnOnce(IllegalMove) -> HarnessError {
    let position = pos.to_string();
    move |reason| HarnessError::ListedMoveRefused {
        game,
        position,
        mv,
        reason,
    }
}
