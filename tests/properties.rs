//! Property-based invariants of every game, over random reachable positions
//! (random legal play from the opening through `Game`, so that the history
//! rules apply) and over arbitrary valid positions.
//!
//! The checks are written once, generic over the ruleset; each game only adds
//! an independent reading of RULES.md ([`Spec`]): which moves are legal, and
//! why an own, non-empty pit is refused.

use std::collections::HashSet;
use std::fmt::Debug;

use mancala_rules::games::{self, AlManqala, Bohnenspiel, DjenonAboure, Tihbat};
#[cfg(feature = "serde")]
use mancala_rules::GameRecord;
use mancala_rules::{
    AgreementPolicy, Board, EndReason, Game, IllegalMove, Move, MoveReport, Outcome, Player, Ruleset, Status,
};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// Plies a random game from the opening may take before it must be over.
const PLY_BOUND: usize = 5000;

// ---------------------------------------------------------------------------
// An independent reading of RULES.md, per game
// ---------------------------------------------------------------------------

/// What RULES.md says a position offers, written without the crate's primitives.
trait Spec: Ruleset + PartialEq {
    /// The legal moves in ascending order (`[Pass]` for a forced pass), or
    /// `None` when the position alone ends the game.
    fn expected_moves(&self, pos: &Self::Position) -> Option<Vec<Move>>;

    /// Why an own, non-empty pit (0-based) that is not legal is refused.
    /// `None`: RULES.md says such a pit is always legal.
    fn expected_own_refusal(&self, pos: &Self::Position, pit: usize) -> Option<IllegalMove>;

    /// Whether a capture may only take the mover's own pits (Tihbat).
    fn captures_own_side_only(&self) -> bool {
        false
    }

    /// Laps of a move are always 1 (no relay).
    fn single_lap(&self) -> bool {
        true
    }
}

fn row<B: Board>(player: Player) -> std::ops::Range<usize> {
    let n = B::PITS / 2;
    player.index() * n..player.index() * n + n
}

fn nonempty<B: Board>(pos: &B, player: Player) -> Vec<usize> {
    row::<B>(player).filter(|&i| pos.pits()[i] > 0).collect()
}

fn pits_to_moves(pits: impl IntoIterator<Item = usize>) -> Vec<Move> {
    pits.into_iter().map(|i| Move::Pit(i as u8 + 1)).collect()
}

/// Bohnenspiel and Tihbat share the move rule: any non-empty own pit; an
/// empty row ends the game (standard Bohnenspiel) or passes (Hemprich,
/// Tihbat) unless the whole board is empty.
fn any_nonempty_pit<B: Board>(pos: &B, pass_on_empty_row: bool) -> Option<Vec<Move>> {
    let own = nonempty(pos, pos.to_move());
    if !own.is_empty() {
        Some(pits_to_moves(own))
    } else if pass_on_empty_row && !nonempty(pos, pos.to_move().opponent()).is_empty() {
        Some(vec![Move::Pass])
    } else {
        None
    }
}

impl Spec for Bohnenspiel {
    fn expected_moves(&self, pos: &Self::Position) -> Option<Vec<Move>> {
        any_nonempty_pit(pos, false)
    }
    fn expected_own_refusal(&self, _: &Self::Position, _: usize) -> Option<IllegalMove> {
        None
    }
}

impl Spec for games::Hemprich {
    fn expected_moves(&self, pos: &Self::Position) -> Option<Vec<Move>> {
        any_nonempty_pit(pos, true)
    }
    fn expected_own_refusal(&self, _: &Self::Position, _: usize) -> Option<IllegalMove> {
        None
    }
}

/// Both readings of rule 3 offer the same moves.
macro_rules! tihbat_spec {
    ($rules:ty) => {
        impl Spec for $rules {
            fn expected_moves(&self, pos: &Self::Position) -> Option<Vec<Move>> {
                any_nonempty_pit(pos, true)
            }
            fn expected_own_refusal(&self, _: &Self::Position, _: usize) -> Option<IllegalMove> {
                None
            }
            fn captures_own_side_only(&self) -> bool {
                true
            }
        }
    };
}
tihbat_spec!(Tihbat);
tihbat_spec!(games::TihbatChain);

/// Djenon-aboure relay sowing seed by seed, with exact endless detection by a
/// set of every (board, lap start) seen in this move. `true` if it never ends.
fn naive_djenon_endless(pits: &[u8], origin: usize) -> bool {
    let p = pits.len();
    let mut pits = pits.to_vec();
    let mut start = origin;
    let mut seen = HashSet::new();
    loop {
        if !seen.insert((pits.clone(), start)) {
            return true;
        }
        let seeds = pits[start];
        pits[start] = 0;
        let mut pit = start;
        for i in 0..seeds {
            if i > 0 {
                pit = (pit + 1) % p;
            }
            pits[pit] += 1;
        }
        let count = pits[pit];
        if count == 3 || count >= 5 {
            start = pit;
        } else {
            return false;
        }
    }
}

fn djenon_movable(pos: &<DjenonAboure as Ruleset>::Position, player: Player) -> Vec<usize> {
    row::<<DjenonAboure as Ruleset>::Position>(player)
        .filter(|&i| pos.pits[i] >= 2 && !naive_djenon_endless(&pos.pits, i))
        .collect()
}

impl Spec for DjenonAboure {
    fn expected_moves(&self, pos: &Self::Position) -> Option<Vec<Move>> {
        let own = djenon_movable(pos, pos.to_move);
        if !own.is_empty() {
            Some(pits_to_moves(own))
        } else if !djenon_movable(pos, pos.to_move.opponent()).is_empty() {
            Some(vec![Move::Pass])
        } else {
            None
        }
    }
    fn expected_own_refusal(&self, pos: &Self::Position, pit: usize) -> Option<IllegalMove> {
        let number = pit as u8 + 1;
        Some(if pos.pits[pit] == 1 {
            IllegalMove::SingletonMayNotMove { pit: number }
        } else {
            assert!(
                naive_djenon_endless(&pos.pits, pit),
                "pit {number} refused but its relay ends"
            );
            IllegalMove::EndlessRelay { pit: number }
        })
    }
    fn single_lap(&self) -> bool {
        false
    }
}

/// Whether sowing (next pit first) from `pit` drops a seed into `player`'s row.
fn manqala_feeds(pos: &<AlManqala as Ruleset>::Position, pit: usize, player: Player) -> bool {
    let target = row::<<AlManqala as Ruleset>::Position>(player);
    (1..=usize::from(pos.pits[pit]).min(14)).any(|j| target.contains(&((pit + j) % 14)))
}

impl Spec for AlManqala {
    fn expected_moves(&self, pos: &Self::Position) -> Option<Vec<Move>> {
        let me = pos.to_move;
        let own = nonempty(pos, me);
        if !nonempty(pos, me.opponent()).is_empty() {
            return Some(if own.is_empty() {
                vec![Move::Pass]
            } else {
                pits_to_moves(own)
            });
        }
        // The opponent is starved: feed, or the game is over.
        let feeding: Vec<usize> = own
            .into_iter()
            .filter(|&i| manqala_feeds(pos, i, me.opponent()))
            .collect();
        if feeding.is_empty() {
            None
        } else {
            Some(pits_to_moves(feeding))
        }
    }
    fn expected_own_refusal(&self, pos: &Self::Position, pit: usize) -> Option<IllegalMove> {
        assert!(
            nonempty(pos, pos.to_move.opponent()).is_empty(),
            "a pit refused while the opponent has seeds"
        );
        assert!(
            !manqala_feeds(pos, pit, pos.to_move.opponent()),
            "a feeding pit refused"
        );
        Some(IllegalMove::MustFeed { pit: pit as u8 + 1 })
    }
}

// ---------------------------------------------------------------------------
// The generic checks
// ---------------------------------------------------------------------------

fn total_of<B: Board>(pos: &B) -> u32 {
    pos.pits().iter().map(|&s| u32::from(s)).sum::<u32>()
        + pos.scores().iter().map(|&s| u32::from(s)).sum::<u32>()
}

fn board_of<B: Board>(pos: &B) -> u32 {
    pos.pits().iter().map(|&s| u32::from(s)).sum()
}

fn row_seeds<B: Board>(pos: &B, player: Player) -> u32 {
    row::<B>(player).map(|i| u32::from(pos.pits()[i])).sum()
}

/// The outcome's totals are what its end reason gives, and add up.
fn check_outcome<R: Ruleset>(rules: &R, pos: &R::Position, outcome: &Outcome) -> Result<(), TestCaseError> {
    let [south, north] = pos.scores().map(u32::from);
    let board = board_of(pos);
    let mover = pos.to_move();
    let expected = match outcome.reason {
        EndReason::AllCaptured => {
            prop_assert_eq!(board, 0, "all captured, but seeds on the board: {}", pos);
            [south, north]
        }
        EndReason::MoverRowEmpty => {
            prop_assert_eq!(row_seeds(pos, mover), 0);
            let mut t = [south, north];
            t[mover.opponent().index()] += board;
            t
        }
        EndReason::FewSeeds => panic!("no game checked here ends by too few seeds: {pos}"),
        EndReason::Cleared(_) => panic!("no game checked here ends by a cleared row: {pos}"),
        EndReason::Eliminated(_) => panic!("no game checked here is won by eliminating: {pos}"),
        EndReason::NoMoves | EndReason::Majority | EndReason::RowEmpty => [
            south + row_seeds(pos, Player::South),
            north + row_seeds(pos, Player::North),
        ],
        EndReason::Starvation => {
            prop_assert_eq!(
                row_seeds(pos, mover.opponent()),
                0,
                "starvation of a player with seeds: {}",
                pos
            );
            let mut t = [south, north];
            t[mover.opponent().index()] += board;
            t
        }
        EndReason::Repetition | EndReason::Agreement => {
            prop_assert_eq!(board % 2, 0, "an odd board split: {}", pos);
            [south + board / 2, north + board / 2]
        }
    };
    prop_assert_eq!(
        outcome.totals,
        expected,
        "totals of {:?} at {}",
        outcome.reason,
        pos
    );
    prop_assert_eq!(outcome.totals[0] + outcome.totals[1], rules.total_seeds());
    let winner = match outcome.totals[0].cmp(&outcome.totals[1]) {
        std::cmp::Ordering::Greater => Some(Player::South),
        std::cmp::Ordering::Less => Some(Player::North),
        std::cmp::Ordering::Equal => None,
    };
    prop_assert_eq!(outcome.winner(), winner);
    Ok(())
}

/// The moves of the current position of `game` against the spec: legal moves
/// play, every other pit number 0..=P+2 and `pass` is refused for the right
/// reason; pass exactly when forced.
fn check_moves<R: Spec + Default>(game: &Game<R>) -> Result<(), TestCaseError> {
    let rules = game.rules();
    let pos = *game.position();
    let pits = R::Position::PITS;
    let legal = game.legal_moves();
    let listed: Vec<Move> = legal.into_iter().collect();
    prop_assert_eq!(listed.len(), legal.len());

    // The position alone against the spec.
    let expected = rules.expected_moves(&pos);
    match (&expected, rules.status(&pos)) {
        (Some(moves), Status::Ongoing) => {
            prop_assert_eq!(
                &rules.legal_moves(&pos).into_iter().collect::<Vec<_>>(),
                moves,
                "at {}",
                pos
            )
        }
        (None, Status::Over(outcome)) => check_outcome(rules, &pos, &outcome)?,
        (e, s) => prop_assert!(false, "at {}: expected {:?}, the crate says {:?}", pos, e, s),
    }

    if let Some(outcome) = game.outcome() {
        prop_assert!(legal.is_empty(), "a finished game lists moves");
        check_outcome(rules, &pos, &outcome)?;
        for mv in (0..=pits as u8 + 2).map(Move::Pit).chain([Move::Pass]) {
            let mut g = game.clone();
            prop_assert_eq!(g.play(mv), Err(IllegalMove::GameOver));
            prop_assert_eq!(&g, game);
        }
        if rules.status(&pos).is_over() {
            for mv in (0..=pits as u8 + 2).map(Move::Pit).chain([Move::Pass]) {
                prop_assert_eq!(rules.check(&pos, mv), Err(IllegalMove::GameOver));
            }
        }
        return Ok(());
    }

    // Ongoing: at least one move; pass exactly when it is the only move.
    prop_assert!(!legal.is_empty(), "an ongoing game with no move at {}", pos);
    if legal.is_pass() {
        prop_assert_eq!(&listed, &vec![Move::Pass]);
    }
    prop_assert_eq!(listed.contains(&Move::Pass), listed == [Move::Pass]);

    let mover = pos.to_move();
    let own = row::<R::Position>(mover);
    for number in 0..=pits as u8 + 2 {
        let mv = Move::Pit(number);
        let result = rules.check(&pos, mv);
        if listed.contains(&mv) {
            prop_assert_eq!(result, Ok(()));
            let (after, report) = rules
                .play(&pos, mv)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            check_report(rules, &pos, &after, &report, mv)?;
            continue;
        }
        let expected = if number == 0 || usize::from(number) > pits {
            IllegalMove::PitOutOfRange {
                pit: number,
                pits: pits as u8,
            }
        } else if !own.contains(&(usize::from(number) - 1)) {
            IllegalMove::NotYourPit {
                pit: number,
                player: mover,
                first: own.start as u8 + 1,
                last: own.end as u8,
            }
        } else if pos.pits()[usize::from(number) - 1] == 0 {
            IllegalMove::EmptyPit { pit: number }
        } else {
            match rules.expected_own_refusal(&pos, usize::from(number) - 1) {
                Some(reason) => reason,
                None => {
                    prop_assert!(
                        false,
                        "own non-empty pit {} refused at {}: {:?}",
                        number,
                        pos,
                        result
                    );
                    unreachable!()
                }
            }
        };
        prop_assert_eq!(result, Err(expected), "pit {} at {}", number, pos);
        prop_assert_eq!(rules.play(&pos, mv), Err(expected));
    }
    if !legal.is_pass() {
        prop_assert_eq!(
            rules.check(&pos, Move::Pass),
            Err(IllegalMove::PassNotAllowed { player: mover })
        );
    }
    Ok(())
}

/// A move report against the positions before and after the move.
fn check_report<R: Spec + Default>(
    rules: &R,
    before: &R::Position,
    after: &R::Position,
    report: &MoveReport,
    mv: Move,
) -> Result<(), TestCaseError> {
    let mover = before.to_move();
    prop_assert_eq!(
        total_of(after),
        rules.total_seeds(),
        "seeds not conserved: {} {} -> {}",
        before,
        mv,
        after
    );
    prop_assert_eq!(report.mv, mv);
    prop_assert_eq!(report.player, mover);
    prop_assert_eq!(
        after.to_move(),
        mover.opponent(),
        "the turn did not pass: {} {}",
        before,
        mv
    );
    let [b, a] = [before.scores(), after.scores()];
    prop_assert_eq!(a[mover.opponent().index()], b[mover.opponent().index()]);
    prop_assert_eq!(
        u32::from(report.seeds_captured),
        u32::from(a[mover.index()]) - u32::from(b[mover.index()]),
        "seeds_captured is not the score increase: {} {}",
        before,
        mv
    );
    prop_assert_eq!(report.seeds_captured % 2, 0, "an odd capture");
    prop_assert_eq!(report.captured.is_empty(), report.seeds_captured == 0);
    for pit in report.captured {
        prop_assert!(pit < R::Position::PITS);
        prop_assert_eq!(
            after.pits()[pit],
            0,
            "captured pit {} not empty after {} {}",
            pit + 1,
            before,
            mv
        );
        if rules.captures_own_side_only() {
            prop_assert!(
                row::<R::Position>(mover).contains(&pit),
                "captured an opponent's pit"
            );
        }
    }
    if mv == Move::Pass {
        prop_assert_eq!(report.laps, 0);
        prop_assert_eq!(report.last_pit, None);
        prop_assert_eq!(after.pits(), before.pits());
    } else {
        let last = report.last_pit.expect("a sowing move has a last pit");
        prop_assert!((1..=R::Position::PITS as u8).contains(&last));
        if !report.captured.is_empty() {
            prop_assert!(
                report.captured.contains(usize::from(last) - 1),
                "the capture did not start at the last pit"
            );
        }
        if rules.single_lap() {
            prop_assert_eq!(report.laps, 1);
        } else {
            prop_assert!(report.laps >= 1);
        }
    }
    Ok(())
}

/// Serde (with the `serde` feature) and notation round trips of the game's
/// current state, and its record's replay.
fn check_round_trips<R: Spec + Default>(game: &Game<R>) -> Result<(), TestCaseError> {
    let pos = *game.position();
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(&pos).unwrap();
        prop_assert_eq!(serde_json::from_str::<R::Position>(&json).unwrap(), pos);
    }
    let text = pos.to_string();
    prop_assert_eq!(text.parse::<R::Position>().unwrap(), pos, "notation '{}'", text);

    for mv in game.moves() {
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(mv).unwrap();
            prop_assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), *mv);
        }
        prop_assert_eq!(mv.to_string().parse::<Move>().unwrap(), *mv);
    }

    #[cfg(feature = "serde")]
    if let Some(outcome) = game.outcome() {
        let json = serde_json::to_string(&outcome).unwrap();
        prop_assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), outcome);
    }

    let record = game.record();
    prop_assert_eq!(record.game.as_str(), game.rules().name());
    prop_assert_eq!(&record.start, game.start());
    prop_assert_eq!(record.moves.as_slice(), game.moves());
    prop_assert_eq!(record.outcome, game.outcome());
    #[cfg(feature = "serde")]
    let record = {
        let json = serde_json::to_string(&record).unwrap();
        let back: GameRecord<R::Position> = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &record);
        back
    };
    let replayed =
        Game::from_record(*game.rules(), &record).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&replayed, game);
    Ok(())
}

/// Plays random legal moves (chosen by `choices`) from the opening through
/// `Game`, checking every ply; then the round trips of the reached state.
fn random_walk<R: Spec + Default>(choices: &[usize]) -> Result<(), TestCaseError> {
    let rules = R::default();
    let mut game = Game::new(rules);
    prop_assert_eq!(game.position(), &rules.start());
    prop_assert_eq!(total_of(game.position()), rules.total_seeds());
    for &choice in choices {
        if rules.agreement() {
            let before = game.clone();
            if game.apply_policy(AgreementPolicy::default()) {
                prop_assert!(before.occurrences() >= 3);
                let outcome = game.outcome().unwrap();
                prop_assert_eq!(outcome.reason, EndReason::Agreement);
            } else {
                prop_assert_eq!(&game, &before);
            }
        }
        check_moves(&game)?;
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal.nth_move(choice % legal.len()).unwrap();
        let before = game.clone();
        let expected = rules
            .play(game.position(), mv)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let report = game.play(mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!((*game.position(), report), expected);
        check_report(&rules, before.position(), game.position(), &report, mv)?;
        // The repetition rule ends the game exactly on a repeated position.
        if rules.repetition() != mancala_rules::Repetition::Continues {
            let repeated = before.positions().contains(game.position());
            prop_assert_eq!(
                repeated,
                game.outcome().is_some_and(|o| o.reason == EndReason::Repetition)
            );
        }
        let mut undone = game.clone();
        prop_assert_eq!(undone.undo(), Some(mv));
        prop_assert_eq!(&undone, &before, "undo of {} did not restore the game", mv);
    }
    check_moves(&game)?;
    check_round_trips(&game)
}

/// A random game from the opening (moves from a seeded generator) must end
/// within `PLY_BOUND` plies.
fn random_game_ends<R: Spec + Default>(seed: u64) -> Result<(), TestCaseError> {
    let rules = R::default();
    let mut game = Game::new(rules);
    let mut state = seed | 1;
    for _ in 0..PLY_BOUND {
        if rules.agreement() {
            game.apply_policy(AgreementPolicy::default());
        }
        let legal = game.legal_moves();
        if legal.is_empty() {
            let outcome = game.outcome().expect("no moves but not over");
            check_outcome(&rules, game.position(), &outcome)?;
            return Ok(());
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = legal.nth_move((state % legal.len() as u64) as usize).unwrap();
        game.play(mv).unwrap();
        prop_assert_eq!(total_of(game.position()), rules.total_seeds());
    }
    prop_assert!(
        false,
        "{} did not end within {} plies (seed {}); now at {}",
        rules.name(),
        PLY_BOUND,
        seed,
        game.position()
    );
    Ok(())
}

/// A valid position given as parts: pits summing, with even captures, to the total.
fn valid_parts(pits: usize, total: u32) -> impl Strategy<Value = (Vec<u8>, [u8; 2], u8)> {
    (
        0..=total / 2,
        any::<u32>(),
        any::<u32>(),
        vec(any::<usize>(), total as usize),
        0u8..2,
    )
        .prop_map(move |(half_captured, split, mask, drops, mover)| {
            let south = 2 * (split % (half_captured + 1));
            let north = 2 * half_captured - south;
            // Seeds fall only into the pits of a random mask, so that empty
            // rows (passes, starvation, endings) are common.
            let mut allowed: Vec<usize> = (0..pits).filter(|i| mask >> i & 1 == 1).collect();
            if allowed.is_empty() {
                allowed = (0..pits).collect();
            }
            let mut board = vec![0u8; pits];
            for d in drops.iter().take((total - 2 * half_captured) as usize) {
                board[allowed[d % allowed.len()]] += 1;
            }
            (board, [south as u8, north as u8], mover)
        })
}

/// An arbitrary valid position: nothing panics, the moves are those of the
/// spec, every legal move (and pass) plays through `Game` and conserves seeds.
fn arbitrary_valid<R: Spec + Default>(
    (pits, scores, mover): (Vec<u8>, [u8; 2], u8),
) -> Result<(), TestCaseError> {
    let rules = R::default();
    let pos = R::Position::from_parts(&pits, scores, mover).unwrap();
    prop_assert_eq!(rules.validate(&pos), Ok(()));
    let game = Game::from_position(rules, pos).unwrap();
    prop_assert_eq!(game.status(), rules.status(&pos));
    check_moves(&game)?;
    for mv in game.legal_moves() {
        let mut g = game.clone();
        let report = g.play(mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
        check_report(&rules, &pos, g.position(), &report, mv)?;
        let _ = g.status();
        let _ = g.legal_moves();
        g.undo();
        prop_assert_eq!(&g, &game);
    }
    check_round_trips(&game)
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Tihbat's own-side chain variant, as a `Default` ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct TihbatChain(games::TihbatChain);

impl Default for TihbatChain {
    fn default() -> Self {
        TihbatChain(Tihbat::own_side_chain())
    }
}

/// Hemprich's Bohnenspiel, as a `Default` ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Hemprich(games::Hemprich);

impl Default for Hemprich {
    fn default() -> Self {
        Hemprich(Bohnenspiel::hemprich())
    }
}

/// Forwards `Ruleset` and `Spec` to the wrapped ruleset.
macro_rules! forward {
    ($wrapper:ident) => {
        impl Ruleset for $wrapper {
            type Position = <<$wrapper as Wrapped>::Inner as Ruleset>::Position;
            fn name(&self) -> &'static str {
                self.0.name()
            }
            fn seeds_per_pit(&self) -> u8 {
                self.0.seeds_per_pit()
            }
            fn turn(&self, pos: &Self::Position) -> mancala_rules::Turn {
                self.0.turn(pos)
            }
            fn play_unchecked(&self, pos: &mut Self::Position, mv: Move) -> MoveReport {
                self.0.play_unchecked(pos, mv)
            }
            fn refusal(
                &self,
                pos: &Self::Position,
                pit: usize,
                legal: mancala_rules::MoveSet,
            ) -> IllegalMove {
                self.0.refusal(pos, pit, legal)
            }
            fn repetition(&self) -> mancala_rules::Repetition {
                self.0.repetition()
            }
            fn agreement(&self) -> bool {
                self.0.agreement()
            }
        }
        impl Spec for $wrapper {
            fn expected_moves(&self, pos: &Self::Position) -> Option<Vec<Move>> {
                self.0.expected_moves(pos)
            }
            fn expected_own_refusal(&self, pos: &Self::Position, pit: usize) -> Option<IllegalMove> {
                self.0.expected_own_refusal(pos, pit)
            }
            fn captures_own_side_only(&self) -> bool {
                self.0.captures_own_side_only()
            }
            fn single_lap(&self) -> bool {
                self.0.single_lap()
            }
        }
    };
}

trait Wrapped {
    type Inner: Ruleset;
}
impl Wrapped for TihbatChain {
    type Inner = games::TihbatChain;
}
impl Wrapped for Hemprich {
    type Inner = games::Hemprich;
}
forward!(TihbatChain);
forward!(Hemprich);

#[test]
fn wrappers_are_the_variants() {
    assert_eq!(Hemprich::default().name(), "bohnenspiel-hemprich");
    assert_eq!(
        Hemprich::default().repetition(),
        mancala_rules::Repetition::EndsWithSplit
    );
    assert_eq!(TihbatChain::default().name(), "tihbat-chain");
}

// ---------------------------------------------------------------------------
// The properties, per game
// ---------------------------------------------------------------------------

fn walk() -> impl Strategy<Value = Vec<usize>> {
    vec(any::<usize>(), 0..200)
}

proptest! {
    #![proptest_config(config(384))]

    #[test]
    fn reachable_bohnenspiel(choices in walk()) { random_walk::<Bohnenspiel>(&choices)?; }
    #[test]
    fn reachable_bohnenspiel_hemprich(choices in walk()) { random_walk::<Hemprich>(&choices)?; }
    #[test]
    fn reachable_djenon_aboure(choices in walk()) { random_walk::<DjenonAboure>(&choices)?; }
    #[test]
    fn reachable_tihbat(choices in walk()) { random_walk::<Tihbat>(&choices)?; }
    #[test]
    fn reachable_tihbat_own_side_chain(choices in walk()) { random_walk::<TihbatChain>(&choices)?; }
    #[test]
    fn reachable_al_manqala(choices in walk()) { random_walk::<AlManqala>(&choices)?; }
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn valid_bohnenspiel(parts in valid_parts(12, 72)) { arbitrary_valid::<Bohnenspiel>(parts)?; }
    #[test]
    fn valid_bohnenspiel_hemprich(parts in valid_parts(12, 72)) { arbitrary_valid::<Hemprich>(parts)?; }
    #[test]
    fn valid_djenon_aboure(parts in prop_oneof![valid_parts(12, 48), djenon_near_endless()]) { arbitrary_valid::<DjenonAboure>(parts)?; }
    #[test]
    fn valid_tihbat(parts in valid_parts(4, 28)) { arbitrary_valid::<Tihbat>(parts)?; }
    #[test]
    fn valid_tihbat_own_side_chain(parts in valid_parts(4, 28)) { arbitrary_valid::<TihbatChain>(parts)?; }
    #[test]
    fn valid_al_manqala(parts in valid_parts(14, 98)) { arbitrary_valid::<AlManqala>(parts)?; }

    #[test]
    fn move_notation_round_trips(number in 1u8.., pass in any::<bool>()) {
        // No pit is numbered 0: `Move::Pit(0)` is no move and reads back as none.
        prop_assert!(Move::Pit(0).to_string().parse::<Move>().is_err());
        let mv = if pass { Move::Pass } else { Move::Pit(number) };
        prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&mv).unwrap();
            prop_assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
        }
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn random_games_end_bohnenspiel(seed in any::<u64>()) { random_game_ends::<Bohnenspiel>(seed)?; }
    #[test]
    fn random_games_end_bohnenspiel_hemprich(seed in any::<u64>()) { random_game_ends::<Hemprich>(seed)?; }
    #[test]
    fn random_games_end_djenon_aboure(seed in any::<u64>()) { random_game_ends::<DjenonAboure>(seed)?; }
    #[test]
    fn random_games_end_tihbat(seed in any::<u64>()) { random_game_ends::<Tihbat>(seed)?; }
    #[test]
    fn random_games_end_tihbat_own_side_chain(seed in any::<u64>()) { random_game_ends::<TihbatChain>(seed)?; }
    #[test]
    fn random_games_end_al_manqala(seed in any::<u64>()) { random_game_ends::<AlManqala>(seed)?; }
}

// ---------------------------------------------------------------------------
// Djenon-aboure's endless relay
// ---------------------------------------------------------------------------

/// Djenon-aboure positions near the endless relay of RULES.md: its board
/// turned by a random number of pits (the relay ignores the rows), then up to
/// two seeds moved. Random positions almost never hold an endless relay; about
/// half of these do.
fn djenon_near_endless() -> impl Strategy<Value = (Vec<u8>, [u8; 2], u8)> {
    const ENDLESS: [u8; 12] = [6, 6, 5, 4, 3, 4, 5, 2, 1, 2, 1, 9];
    (0usize..12, vec((0usize..12, 0usize..12), 0..3), 0u8..2).prop_map(|(turn, transfers, mover)| {
        let mut board: Vec<u8> = (0..12).map(|i| ENDLESS[(i + turn) % 12]).collect();
        for (from, to) in transfers {
            if board[from] > 0 {
                board[from] -= 1;
                board[to] += 1;
            }
        }
        (board, [0, 0], mover)
    })
}

proptest! {
    #![proptest_config(config(256))]

    /// Every legal move's relay ends (against the naive detector) and plays
    /// through `Game`; every own pit of 2+ seeds left out is endless.
    #[test]
    fn djenon_legal_moves_never_relay_forever(parts in prop_oneof![valid_parts(12, 48), djenon_near_endless()]) {
        let rules = DjenonAboure;
        let pos = <DjenonAboure as Ruleset>::Position::from_parts(&parts.0, parts.1, parts.2).unwrap();
        let legal = rules.legal_moves(&pos);
        for pit in row::<<DjenonAboure as Ruleset>::Position>(pos.to_move) {
            let mv = Move::Pit(pit as u8 + 1);
            let endless = naive_djenon_endless(&pos.pits, pit);
            if pos.pits[pit] >= 2 {
                prop_assert_eq!(legal.contains(mv), !endless, "pit {} at {}", pit + 1, pos);
            }
            if legal.contains(mv) {
                let mut game = Game::from_position(rules, pos).unwrap();
                let report = game.play(mv).unwrap();
                check_report(&rules, &pos, game.position(), &report, mv)?;
            } else if pos.pits[pit] >= 2 {
                prop_assert_eq!(rules.check(&pos, mv), Err(IllegalMove::EndlessRelay { pit: pit as u8 + 1 }));
                // Unchecked application stops too, and still conserves seeds.
                let mut after = pos;
                rules.play_unchecked(&mut after, mv);
                prop_assert_eq!(total_of(&after), 48);
            }
        }
    }
}

#[test]
fn djenon_rules_md_endless_relay_is_refused() {
    let rules = DjenonAboure;
    let pos: <DjenonAboure as Ruleset>::Position = "6 6 5 4 3 4 | 5 2 1 2 1 9 0-0 S".parse().unwrap();
    assert!(naive_djenon_endless(&pos.pits, 0));
    assert!(!rules.legal_moves(&pos).contains(Move::Pit(1)));
    assert_eq!(
        rules.check(&pos, Move::Pit(1)),
        Err(IllegalMove::EndlessRelay { pit: 1 })
    );
    let mut game = Game::from_position(rules, pos).unwrap();
    assert_eq!(game.play(Move::Pit(1)), Err(IllegalMove::EndlessRelay { pit: 1 }));
    for mv in game.legal_moves() {
        let mut g = game.clone();
        g.play(mv).unwrap();
        assert_eq!(total_of(g.position()), 48);
    }
}

// ---------------------------------------------------------------------------
// Move reports through serde, and pit sets through iterator adapters
// ---------------------------------------------------------------------------

/// Every report of a random game, through serde_json and back (with the
/// `serde` feature).
fn reports_round_trip<R: Spec + Default>(choices: &[usize]) -> Result<(), TestCaseError> {
    let mut game = Game::new(R::default());
    for &choice in choices {
        let legal = game.legal_moves();
        let Some(mv) = legal.nth_move(choice % legal.len().max(1)) else {
            break;
        };
        let report = game.play(mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&report).unwrap();
            prop_assert_eq!(serde_json::from_str::<MoveReport>(&json).unwrap(), report);
        }
        // The captured pits as a list, by an adapter (collect) and by hand.
        let collected: Vec<usize> = report.captured.collect();
        let mut by_hand = Vec::new();
        for pit in report.captured {
            by_hand.push(pit);
        }
        prop_assert_eq!(collected, by_hand);
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(64))]

    /// Run in a child process by `move_reports_serde_round_trip`: a stack
    /// overflow aborts the whole test process, which would hide every other
    /// property of this file.
    #[test]
    #[ignore = "run in a child process by move_reports_serde_round_trip"]
    fn move_reports_serde_round_trip_inner(choices in walk()) {
        reports_round_trip::<Bohnenspiel>(&choices)?;
        reports_round_trip::<DjenonAboure>(&choices)?;
        reports_round_trip::<Tihbat>(&choices)?;
        reports_round_trip::<AlManqala>(&choices)?;
    }
}

#[test]
fn move_reports_serde_round_trip() {
    let output = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "move_reports_serde_round_trip_inner",
            "--exact",
            "--ignored",
            "--test-threads=1",
        ])
        .output()
        .expect("the test binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.contains("1 passed"),
        "MoveReport serde round trip / PitSet collect failed ({}):\n{}\n{}",
        output.status,
        stdout.trim(),
        stderr
            .lines()
            .rev()
            .take(20)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
