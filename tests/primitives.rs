//! The optimised primitives against naive, seed-by-seed reference models.
//!
//! The primitives hold the whole board in 128-bit words, one byte a pit
//! (sowing by multiply-add, comparisons with SSE2): one word on boards of up
//! to 16 pits, two above. Every property here compares a primitive with a
//! model written the slow, obvious way from the rustdoc (one seed, one pit at
//! a time), on boards of 4, 12, 14 and 16 pits (one word; 16 fills it) and 20
//! and 30 pits (two words; 30 is the largest board). The models use none of the crate's
//! code, only its plain data types; `models_reproduce_the_rustdoc_examples`
//! checks them against the documented examples.
//!
//! Boards keep all their seeds plus the scores at most 255, as a valid
//! position does (the word path relies on bytes never overflowing); the
//! read-only primitives (`Counts::pits_in`, `CaptureRule::find`) also get
//! arbitrary bytes.

use std::collections::HashSet;

use mancala_rules::primitives::{
    relay_sow, CaptureRule, CaptureScope, Counts, GrandSlam, Lap, Relay, RelayRule, Sowing, SowingTurn,
};
use mancala_rules::{Move, MoveReport, PitSet, Player, Position};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;

/// Laps after which the relay model gives up (the relay may still end).
const LAP_CAP: u32 = 10_000;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // No regression files: a failure is reported, not saved next to the tests.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------
// Models
// ---------------------------------------------------------------------------

/// The pit after `pit` counterclockwise.
fn next<const P: usize>(pit: usize) -> usize {
    if pit == P - 1 {
        0
    } else {
        pit + 1
    }
}

/// The pit before `pit` (a capture chain's direction).
fn previous<const P: usize>(pit: usize) -> usize {
    if pit == 0 {
        P - 1
    } else {
        pit - 1
    }
}

fn opponent(player: Player) -> Player {
    match player {
        Player::South => Player::North,
        Player::North => Player::South,
    }
}

/// The pits of `player`'s row: South `0..P/2`, North `P/2..P`.
fn row_model<const P: usize>(player: Player) -> Vec<usize> {
    match player {
        Player::South => (0..P / 2).collect(),
        Player::North => (P / 2..P).collect(),
    }
}

fn pit_set(pits: impl IntoIterator<Item = usize>) -> PitSet {
    PitSet::from_bits(pits.into_iter().fold(0, |bits, pit| bits | 1 << pit))
}

/// One lap, seed by seed. Returns the last pit sown and the pits that got a
/// seed.
fn sow_model<const P: usize>(pits: &mut [u8; P], origin: usize, sowing: Sowing) -> (usize, Vec<usize>) {
    let origin = origin % P;
    let seeds = pits[origin];
    pits[origin] = 0;
    let mut sown = Vec::new();
    if seeds == 0 {
        return (origin, sown);
    }
    let mut pit = match sowing {
        Sowing::OriginFirst => origin,
        Sowing::OriginFirstOrNext if seeds > 1 => origin,
        Sowing::NextPit | Sowing::NextPitSkippingOrigin | Sowing::OriginFirstOrNext => next::<P>(origin),
    };
    let mut last = origin;
    for _ in 0..seeds {
        if sowing == Sowing::NextPitSkippingOrigin && pit == origin {
            pit = next::<P>(pit);
        }
        // Plain `+=`: overflow panics in debug, so a model overflow shows.
        pits[pit] += 1;
        sown.push(pit);
        last = pit;
        pit = next::<P>(pit);
    }
    (last, sown)
}

/// A set of counts as counts.rs documents it: every count 0 to 255 exactly.
#[derive(Clone, Debug)]
struct CountsModel {
    /// The counts named one by one.
    exact: Vec<u8>,
    at_least: Option<u8>,
}

impl CountsModel {
    fn of(exact: &[u8]) -> CountsModel {
        CountsModel {
            exact: exact.to_vec(),
            at_least: None,
        }
    }

    fn at_least(min: u8) -> CountsModel {
        CountsModel {
            exact: Vec::new(),
            at_least: Some(min),
        }
    }

    fn or_at_least(self, min: u8) -> CountsModel {
        CountsModel {
            at_least: Some(min),
            ..self
        }
    }

    fn contains(&self, count: u8) -> bool {
        self.exact.contains(&count) || self.at_least.is_some_and(|min| count >= min)
    }

    fn build(&self) -> Counts {
        let exact = Counts::of(&self.exact);
        match self.at_least {
            Some(min) => exact.union(Counts::at_least(min)),
            None => exact,
        }
    }
}

/// A capture by the rustdoc of `CaptureRule`: from `last`, take a pit while it
/// is in scope, holds a count of the set and was not taken yet; a chain goes
/// on backward. Returns the pits taken, in the order visited, and their seeds.
fn find_model<const P: usize>(
    pits: &[u8; P],
    last: usize,
    in_scope: impl Fn(usize) -> bool,
    counts: &CountsModel,
    chain: bool,
) -> (Vec<usize>, u32) {
    let mut taken = Vec::new();
    let mut seeds = 0;
    if last >= P {
        return (taken, seeds);
    }
    let mut pit = last;
    while in_scope(pit) && counts.contains(pits[pit]) && !taken.contains(&pit) {
        taken.push(pit);
        seeds += u32::from(pits[pit]);
        if !chain {
            break;
        }
        pit = previous::<P>(pit);
    }
    (taken, seeds)
}

/// How a relay sowing ends by the model.
#[derive(Debug, PartialEq)]
enum RelayEnd {
    Ended {
        last: usize,
        laps: u32,
    },
    /// A (board, start pit) pair repeated: it never ends.
    Endless,
    /// Neither within `LAP_CAP` laps.
    Undecided,
}

/// Relay sowing lap by lap. A lap is fixed by the board and the pit it starts
/// from, so a repeated pair means an endless relay (found exactly, by keeping
/// every pair seen).
fn relay_model<const P: usize>(
    pits: &mut [u8; P],
    origin: usize,
    sowing: Sowing,
    relay_on: &CountsModel,
) -> RelayEnd {
    let mut seen = HashSet::new();
    let (mut last, _) = sow_model(pits, origin, sowing);
    let mut laps = 1;
    while relay_on.contains(pits[last]) {
        if !seen.insert((*pits, last)) {
            return RelayEnd::Endless;
        }
        if laps == LAP_CAP {
            return RelayEnd::Undecided;
        }
        last = sow_model(pits, last, sowing).0;
        laps += 1;
    }
    RelayEnd::Ended { last, laps }
}

/// The lap or laps of a turn from `origin`.
fn laps_model<const P: usize>(lap: &LapModel, pits: &mut [u8; P], origin: usize) -> RelayEnd {
    match lap {
        LapModel::Single(sowing) => RelayEnd::Ended {
            last: sow_model(pits, origin, *sowing).0,
            laps: 1,
        },
        LapModel::Relay(sowing, relay_on) => relay_model(pits, origin, *sowing, relay_on),
    }
}

#[derive(Clone, Debug)]
enum LapModel {
    Single(Sowing),
    Relay(Sowing, CountsModel),
}

/// A `SowingTurn`, with its counts in readable form.
#[derive(Clone, Debug)]
struct TurnModel {
    lap: LapModel,
    capture: CountsModel,
    chain: bool,
    scope: CaptureScope,
    grand_slam: GrandSlam,
}

impl TurnModel {
    fn build(&self) -> SowingTurn {
        SowingTurn {
            lap: match &self.lap {
                LapModel::Single(sowing) => Lap::Single(*sowing),
                LapModel::Relay(sowing, relay_on) => {
                    Lap::RelayWith(RelayRule::new(*sowing, relay_on.build()))
                }
            },
            capture: CaptureRule {
                counts: self.capture.build(),
                chain: self.chain,
                forward: false,
                ..CaptureRule::NONE
            },
            scope: self.scope,
            grand_slam: self.grand_slam,
            ..SowingTurn::DEFAULT
        }
    }
}

/// What a turn should do by the model.
#[derive(Debug)]
enum TurnEnd<const P: usize> {
    Played(Position<P>, MoveReport),
    Endless,
    Undecided,
}

/// A turn by the rustdoc of `SowingTurn`: sow (one lap or relay laps), capture
/// from the last pit within the scope unless it is a forbidden grand slam (a
/// capture after which the opponent's row holds no seed), add the seeds to
/// the mover's score, hand the turn over. A pass or a pit out of range only
/// hands the turn over. An empty pit sows nothing, and its last pit is the pit
/// itself (as `Sowing::sow` says).
fn play_model<const P: usize>(turn: &TurnModel, pos: &Position<P>, mv: Move) -> TurnEnd<P> {
    let player = pos.to_move;
    let mut after = *pos;
    after.to_move = opponent(player);
    let mut report = MoveReport {
        mv,
        player,
        laps: 0,
        last_pit: None,
        captured: PitSet::EMPTY,
        seeds_captured: 0,
        in_store: false,
        relay_limit: false,
    };
    let origin = match mv {
        Move::Pit(number) if (1..=P).contains(&usize::from(number)) => usize::from(number) - 1,
        _ => return TurnEnd::Played(after, report),
    };
    let (last, laps) = match laps_model(&turn.lap, &mut after.pits, origin) {
        RelayEnd::Ended { last, laps } => (last, laps),
        RelayEnd::Endless => return TurnEnd::Endless,
        RelayEnd::Undecided => return TurnEnd::Undecided,
    };
    let scope = match turn.scope {
        CaptureScope::Anywhere => (0..P).collect(),
        CaptureScope::OwnRow => row_model::<P>(player),
        CaptureScope::OpponentRow => row_model::<P>(opponent(player)),
        // (Not drawn by the strategies; tests/vocabulary/captures.rs.)
        CaptureScope::StartsInOpponentRow if row_model::<P>(opponent(player)).contains(&last) => {
            (0..P).collect()
        }
        CaptureScope::StartsInOpponentRow => Vec::new(),
    };
    let (mut taken, mut seeds) = find_model(
        &after.pits,
        last,
        |pit| scope.contains(&pit),
        &turn.capture,
        turn.chain,
    );
    let grand_slam = row_model::<P>(opponent(player))
        .into_iter()
        .all(|pit| taken.contains(&pit) || after.pits[pit] == 0);
    if turn.grand_slam == GrandSlam::CapturesNothing && !taken.is_empty() && grand_slam {
        taken.clear();
        seeds = 0;
    }
    for &pit in &taken {
        after.pits[pit] = 0;
    }
    let score = &mut after.scores[player as usize];
    *score = score.wrapping_add(seeds as u8);
    report.laps = laps;
    report.last_pit = Some(last as u8 + 1);
    report.captured = pit_set(taken);
    report.seeds_captured = seeds as u8;
    TurnEnd::Played(after, report)
}

// ---------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------

/// Seeds in one pit: mostly few (what the rules test), sometimes empty or many.
fn seeds() -> impl Strategy<Value = u8> {
    prop_oneof![2 => Just(0u8), 6 => 1u8..=8, 1 => 9u8..=60]
}

/// Cuts pits, in order, so the board holds at most `budget` seeds.
fn fit<const P: usize>(mut pits: [u8; P], budget: u32) -> [u8; P] {
    let mut left = budget;
    for pit in &mut pits {
        *pit = (u32::from(*pit).min(left)) as u8;
        left -= u32::from(*pit);
    }
    pits
}

/// `P` pits, each drawn from `seeds`. (A `Vec` first, then an array: the value
/// trees stay on the heap, where an array of `P` of them in debug builds can
/// overflow a test thread's 2 MiB stack.)
fn pits_of<const P: usize>(seeds: impl Strategy<Value = u8>) -> impl Strategy<Value = [u8; P]> {
    prop::collection::vec(seeds, P).prop_map(|pits| <[u8; P]>::try_from(pits).expect("P pits"))
}

/// A board of at most 255 seeds: random pits, mostly empty pits or a single
/// non-empty one (grand slams, endless relays of a lone seed), one heavy pit
/// (many rounds of sowing), or every pit alike (rings where every pit is
/// captured).
fn board<const P: usize>() -> BoxedStrategy<[u8; P]> {
    prop_oneof![
        6 => pits_of::<P>(seeds()),
        2 => pits_of::<P>(prop_oneof![5 => Just(0u8), 2 => 1u8..=4]),
        1 => (0..P, 1u8..=3).prop_map(|(pit, seeds)| {
            let mut pits = [0; P];
            pits[pit] = seeds;
            pits
        }),
        2 => (pits_of::<P>(0u8..=3), 0..P, any::<u8>()).prop_map(|(mut pits, heavy, seeds)| {
            pits[heavy] = 0;
            let rest: u32 = pits.iter().map(|&s| u32::from(s)).sum();
            pits[heavy] = u32::from(seeds).min(255 - rest) as u8;
            pits
        }),
        1 => (0u8..=8).prop_map(|seeds| [seeds; P]),
    ]
    .prop_map(|pits| fit(pits, 255))
    .boxed()
}

/// A board for the read-only primitives: a valid one or any bytes at all.
fn any_board<const P: usize>() -> BoxedStrategy<[u8; P]> {
    prop_oneof![3 => board::<P>(), 1 => pits_of::<P>(any::<u8>())].boxed()
}

fn player() -> impl Strategy<Value = Player> {
    prop_oneof![Just(Player::South), Just(Player::North)]
}

/// A position of at most 255 seeds in all.
fn position<const P: usize>() -> BoxedStrategy<Position<P>> {
    let score = || prop_oneof![3 => 0u8..=12, 1 => any::<u8>()];
    (board::<P>(), score(), score(), player())
        .prop_map(|(pits, south, north, to_move)| {
            let left = 255 - pits.iter().map(|&s| u32::from(s)).sum::<u32>();
            let south = u32::from(south).min(left);
            let north = u32::from(north).min(left - south);
            Position::<P>::new(pits, [south as u8, north as u8], to_move)
        })
        .boxed()
}

/// A pit index to sow from: mostly on the board, sometimes to be wrapped.
fn origin<const P: usize>() -> impl Strategy<Value = usize> {
    prop_oneof![6 => 0..P, 2 => P..4 * P, 1 => usize::MAX - 64..=usize::MAX]
}

/// Half the time, a pick among the non-empty pits: sowing from those is what
/// play does, and a relay from a lone seed needs its pit picked.
fn pick() -> impl Strategy<Value = Option<Index>> {
    prop::option::of(any::<Index>())
}

/// The pit `pick` picks among the non-empty pits of `pits`, if any.
fn picked<const P: usize>(pits: &[u8; P], pick: Option<Index>) -> Option<usize> {
    let nonempty: Vec<usize> = (0..P).filter(|&pit| pits[pit] > 0).collect();
    pick.filter(|_| !nonempty.is_empty())
        .map(|pick| nonempty[pick.index(nonempty.len())])
}

/// A last pit for a capture: mostly on the board, sometimes not (no capture).
fn last_pit<const P: usize>() -> impl Strategy<Value = usize> {
    prop_oneof![8 => 0..P, 1 => P..P + 40, 1 => Just(usize::MAX)]
}

fn sowing() -> impl Strategy<Value = Sowing> {
    prop_oneof![
        Just(Sowing::NextPit),
        Just(Sowing::NextPitSkippingOrigin),
        Just(Sowing::OriginFirst)
    ]
}

/// Any set of counts: some of `0..=max_exact`, perhaps with an open end
/// (`at_least` up to 255, clamped by the crate as the model says).
fn counts(max_exact: u8, max_len: usize) -> impl Strategy<Value = CountsModel> {
    (
        prop::collection::vec(0..=max_exact, 0..=max_len),
        prop::option::weighted(0.3, prop_oneof![0u8..=12, any::<u8>()]),
    )
        .prop_map(|(exact, at_least)| CountsModel { exact, at_least })
}

/// Counts that capture: small sets, the games' own, or everything.
fn capture_counts() -> impl Strategy<Value = CountsModel> {
    prop_oneof![
        6 => counts(12, 4),
        1 => Just(CountsModel::of(&[2, 3])),
        1 => Just(CountsModel::of(&[2, 4, 6])),
        1 => Just(CountsModel::of(&[2, 4])),
        1 => Just(CountsModel::at_least(0)),
    ]
}

/// Counts that relay: Djenon-aboure's and a few others that end or loop
/// (relaying on 1, a lone seed walks round the board forever).
fn relay_counts() -> impl Strategy<Value = CountsModel> {
    prop_oneof![
        3 => Just(CountsModel::of(&[3]).or_at_least(5)),
        1 => Just(CountsModel::at_least(2)),
        1 => Just(CountsModel::of(&[4])),
        2 => Just(CountsModel::of(&[1])),
        2 => (prop::collection::vec(2u8..=12, 1..=4), prop::option::of(2u8..=12))
            .prop_map(|(exact, at_least)| CountsModel { exact, at_least }),
    ]
}

/// A capture scope: the whole board, a row, any set of pits, or any bits
/// (pits that do not exist included).
fn scope<const P: usize>() -> impl Strategy<Value = PitSet> {
    prop_oneof![
        Just(PitSet::first(P)),
        Just(Position::<P>::row(Player::South)),
        Just(Position::<P>::row(Player::North)),
        (0u32..1 << P).prop_map(PitSet::from_bits),
        any::<u32>().prop_map(PitSet::from_bits),
    ]
}

/// A move: mostly a pit of the board (empty or not, either row), sometimes a
/// pass or a pit number that is not on the board.
fn a_move<const P: usize>() -> impl Strategy<Value = Move> {
    prop_oneof![
        8 => (1..=P as u8).prop_map(Move::Pit),
        1 => Just(Move::Pass),
        1 => prop_oneof![Just(Move::Pit(0)), (P as u8 + 1..=255).prop_map(Move::Pit)],
    ]
}

/// How many pits, backward from the last pit, have their count added to the
/// capture counts (so that captures and chains are not rare); `usize::MAX`:
/// every pit (a capture of the whole ring where the scope allows).
fn capture_hint() -> impl Strategy<Value = usize> {
    prop_oneof![2 => Just(0usize), 2 => 1..=3usize, 1 => Just(usize::MAX)]
}

/// `counts` with the counts of `hint` pits from `last` backward added.
fn with_hint<const P: usize>(counts: &CountsModel, pits: &[u8; P], last: usize, hint: usize) -> CountsModel {
    let mut counts = counts.clone();
    let mut pit = last;
    for _ in 0..hint.min(P) {
        counts.exact.push(pits[pit]);
        pit = previous::<P>(pit);
    }
    counts
}

fn turn(lap: impl Strategy<Value = LapModel> + 'static) -> BoxedStrategy<TurnModel> {
    (
        lap,
        capture_counts(),
        any::<bool>(),
        prop_oneof![
            Just(CaptureScope::Anywhere),
            Just(CaptureScope::OwnRow),
            Just(CaptureScope::OpponentRow)
        ],
        prop_oneof![Just(GrandSlam::Captures), Just(GrandSlam::CapturesNothing)],
    )
        .prop_map(|(lap, capture, chain, scope, grand_slam)| TurnModel {
            lap,
            capture,
            chain,
            scope,
            grand_slam,
        })
        .boxed()
}

fn single_lap_turn() -> BoxedStrategy<TurnModel> {
    turn(sowing().prop_map(LapModel::Single))
}

fn relay_turn() -> BoxedStrategy<TurnModel> {
    turn((sowing(), relay_counts()).prop_map(|(sowing, relay_on)| LapModel::Relay(sowing, relay_on)))
}

// ---------------------------------------------------------------------------
// Checks, generic over the board size
// ---------------------------------------------------------------------------

fn check_sow<const P: usize>(pits: [u8; P], origin: usize, sowing: Sowing) -> Result<(), TestCaseError> {
    let mut expected = pits;
    let (expected_last, _) = sow_model(&mut expected, origin, sowing);
    let mut actual = pits;
    let last = sowing.sow(&mut actual, origin);
    prop_assert_eq!((last, actual), (expected_last, expected));
    Ok(())
}

/// `reached` is the set of pits a lap of `seeds` from `origin` drops a seed in.
fn check_reached<const P: usize>(origin: usize, seeds: u8, sowing: Sowing) -> Result<(), TestCaseError> {
    let mut pits = [0; P];
    pits[origin % P] = seeds;
    let (_, sown) = sow_model(&mut pits, origin, sowing);
    prop_assert_eq!(sowing.reached(P, origin, seeds), pit_set(sown));
    Ok(())
}

fn check_counts<const P: usize>(model: &CountsModel, pits: [u8; P]) -> Result<(), TestCaseError> {
    let counts = model.build();
    for count in 0..=255 {
        prop_assert_eq!(counts.contains(count), model.contains(count), "count {}", count);
    }
    let expected = pit_set((0..P).filter(|&pit| model.contains(pits[pit])));
    prop_assert_eq!(counts.pits_in(&pits), expected);
    Ok(())
}

fn check_find<const P: usize>(
    pits: [u8; P],
    last: usize,
    scope: PitSet,
    counts: &CountsModel,
    chain: bool,
    hint: usize,
) -> Result<(), TestCaseError> {
    let counts = &if last < P {
        with_hint(counts, &pits, last, hint)
    } else {
        counts.clone()
    };
    let in_scope = |pit: usize| scope.bits() >> pit & 1 == 1;
    let (taken, seeds) = find_model(&pits, last, in_scope, counts, chain);
    let rule = CaptureRule {
        counts: counts.build(),
        chain,
        forward: false,
        ..CaptureRule::NONE
    };
    let capture = rule.find(&pits, last, scope);
    prop_assert_eq!(capture.pits, pit_set(taken), "counts {:?}", counts);
    prop_assert_eq!(capture.seeds, seeds, "counts {:?}", counts);
    Ok(())
}

fn check_relay_sow<const P: usize>(
    pits: [u8; P],
    origin: usize,
    sowing: Sowing,
    relay_on: &CountsModel,
) -> Result<(), TestCaseError> {
    let mut expected = pits;
    let end = relay_model(&mut expected, origin, sowing, relay_on);
    let mut actual = pits;
    match end {
        RelayEnd::Ended { last, laps } => {
            let relay = relay_sow(&mut actual, origin, sowing, relay_on.build());
            prop_assert_eq!(relay, Ok(Relay { last, laps }));
            prop_assert_eq!(actual, expected);
        }
        RelayEnd::Endless => {
            // On `Err` the board is some board of the cycle: not compared.
            prop_assert!(relay_sow(&mut actual, origin, sowing, relay_on.build()).is_err());
        }
        // It may end after the cap, or loop only after a very long cycle:
        // nothing to compare with.
        RelayEnd::Undecided => {}
    }
    Ok(())
}

fn check_play<const P: usize>(
    model: &TurnModel,
    pos: Position<P>,
    mv: Move,
    hint: usize,
) -> Result<(), TestCaseError> {
    let mut model = model.clone();
    if let Some(origin) = mv.index().filter(|&pit| pit < P) {
        let mut pits = pos.pits;
        if let RelayEnd::Ended { last, .. } = laps_model(&model.lap, &mut pits, origin) {
            model.capture = with_hint(&model.capture, &pits, last, hint);
        }
    }
    let model = &model;
    let turn = model.build();
    match play_model(model, &pos, mv) {
        TurnEnd::Played(expected, expected_report) => {
            let mut played = pos;
            let report = turn.play(&mut played, mv);
            prop_assert_eq!(report, expected_report, "{:?}", model);
            prop_assert_eq!(played, expected, "{:?}", model);
            let mut tried = pos;
            prop_assert_eq!(turn.try_play(&mut tried, mv), Ok(expected_report), "{:?}", model);
            prop_assert_eq!(tried, expected, "{:?}", model);
        }
        TurnEnd::Endless => {
            // `try_play` refuses and leaves the position as it was...
            let mut tried = pos;
            prop_assert!(turn.try_play(&mut tried, mv).is_err());
            prop_assert_eq!(tried, pos);
            // ...and `play` only hands the turn over (its laps are where the
            // crate found the cycle: not compared).
            let mut played = pos;
            let report = turn.play(&mut played, mv);
            prop_assert_eq!(
                (
                    report.mv,
                    report.player,
                    report.last_pit,
                    report.captured,
                    report.seeds_captured
                ),
                (mv, pos.to_move, None, PitSet::EMPTY, 0)
            );
            let mut expected = pos;
            expected.to_move = opponent(pos.to_move);
            prop_assert_eq!(played, expected);
        }
        TurnEnd::Undecided => {}
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// The models against the rustdoc examples (so a model misreading the
// documentation does not pass for the truth)
// ---------------------------------------------------------------------------

#[test]
fn models_reproduce_the_rustdoc_examples() {
    // Sowing::sow.
    let mut pits = [3, 0, 0, 0];
    assert_eq!(sow_model(&mut pits, 0, Sowing::OriginFirst).0, 2);
    assert_eq!(pits, [1, 1, 1, 0]);
    let mut pits = [5, 0, 0, 0];
    assert_eq!(sow_model(&mut pits, 0, Sowing::NextPitSkippingOrigin).0, 2);
    assert_eq!(pits, [0, 2, 2, 1]);

    // Counts and Counts::pits_in.
    let relay = CountsModel::of(&[3]).or_at_least(5);
    assert!(relay.contains(3) && relay.contains(5) && relay.contains(200) && !relay.contains(4));
    let pits = [3, 4, 5, 0, 200, 1];
    assert_eq!(
        pit_set((0..6).filter(|&pit| relay.contains(pits[pit]))).to_string(),
        "1 3 5"
    );

    // CaptureRule::find.
    let pits = [1, 4, 2, 6, 0, 0];
    let (taken, seeds) = find_model(&pits, 3, |_| true, &CountsModel::of(&[2, 4, 6]), true);
    assert_eq!((pit_set(taken).to_string(), seeds), ("2 3 4".to_string(), 12));

    // relay_sow: Djenon-aboure's endless relay.
    let mut pits = [6, 6, 5, 4, 3, 4, 5, 2, 1, 2, 1, 9];
    assert_eq!(
        relay_model(&mut pits, 0, Sowing::OriginFirst, &relay),
        RelayEnd::Endless
    );

    // SowingTurn: Bohnenspiel's turn.
    let bohnenspiel = TurnModel {
        lap: LapModel::Single(Sowing::NextPit),
        capture: CountsModel::of(&[2, 4, 6]),
        chain: true,
        scope: CaptureScope::Anywhere,
        grand_slam: GrandSlam::Captures,
    };
    let pos: Position<12> = "6 6 6 6 6 2 | 1 3 5 5 5 5 0-16 S".parse().unwrap();
    let TurnEnd::Played(after, report) = play_model(&bohnenspiel, &pos, Move::Pit(6)) else {
        panic!("the model did not play the move");
    };
    assert_eq!(after.to_string(), "6 6 6 6 6 0 | 0 0 5 5 5 5 6-16 N");
    assert_eq!(report.seeds_captured, 6);

    // The primitives module's Oware-style turn.
    let mini_oware = TurnModel {
        lap: LapModel::Single(Sowing::NextPitSkippingOrigin),
        capture: CountsModel::of(&[2, 3]),
        chain: true,
        scope: CaptureScope::OpponentRow,
        grand_slam: GrandSlam::Captures,
    };
    let pos: Position<12> = "4 4 4 4 4 4 | 1 2 4 4 4 4 0-0 S".parse().unwrap();
    let TurnEnd::Played(after, report) = play_model(&mini_oware, &pos, Move::Pit(4)) else {
        panic!("the model did not play the move");
    };
    assert_eq!(after.to_string(), "4 4 4 0 5 5 | 0 0 4 4 4 4 5-0 N");
    assert_eq!(report.captured.to_string(), "7 8");

    // SowingTurn::try_play: Djenon-aboure's endless relay.
    let djenon_aboure = TurnModel {
        lap: LapModel::Relay(Sowing::OriginFirst, relay),
        capture: CountsModel::of(&[2, 4]),
        chain: true,
        scope: CaptureScope::Anywhere,
        grand_slam: GrandSlam::Captures,
    };
    let pos: Position<12> = "6 6 5 4 3 4 | 5 2 1 2 1 9 0-0 S".parse().unwrap();
    assert!(matches!(
        play_model(&djenon_aboure, &pos, Move::Pit(1)),
        TurnEnd::Endless
    ));

    // The rows the model uses are the crate's.
    assert_eq!(
        pit_set(row_model::<12>(Player::South)),
        Position::<12>::row(Player::South)
    );
    assert_eq!(
        pit_set(row_model::<20>(Player::North)),
        Position::<20>::row(Player::North)
    );
}

// ---------------------------------------------------------------------------
// The properties, for each board size
// ---------------------------------------------------------------------------

macro_rules! board_size_tests {
    ($($module:ident: $pits:literal),* $(,)?) => {$(
        mod $module {
            use super::*;

            const P: usize = $pits;

            proptest! {
                #![proptest_config(config(256))]

                #[test]
                fn sow_matches_seed_by_seed_model(
                    pits in board::<P>(),
                    origin in origin::<P>(),
                    sowing in sowing(),
                ) {
                    check_sow(pits, origin, sowing)?;
                }

                #[test]
                fn reached_is_the_pits_the_model_sows(
                    origin in origin::<P>(),
                    seeds in prop_oneof![0u8..=2 * P as u8, any::<u8>()],
                    sowing in sowing(),
                ) {
                    check_reached::<P>(origin, seeds, sowing)?;
                }

                #[test]
                fn counts_contains_and_pits_in_match_model(
                    counts in prop_oneof![
                        counts(12, 4),
                        counts(255, 8),
                        (prop::collection::btree_set(any::<u8>(), 0..=255), prop::option::of(any::<u8>()))
                            .prop_map(|(exact, at_least)| CountsModel { exact: exact.into_iter().collect(), at_least }),
                    ],
                    pits in any_board::<P>(),
                ) {
                    check_counts(&counts, pits)?;
                }

                #[test]
                fn capture_find_matches_pit_by_pit_model(
                    pits in any_board::<P>(),
                    last in last_pit::<P>(),
                    scope in scope::<P>(),
                    counts in capture_counts(),
                    chain in any::<bool>(),
                    hint in capture_hint(),
                ) {
                    check_find(pits, last, scope, &counts, chain, hint)?;
                }

                #[test]
                fn relay_sow_matches_lap_by_lap_model(
                    pits in board::<P>(),
                    origin in origin::<P>(),
                    sowing in sowing(),
                    relay_on in relay_counts(),
                    pick in pick(),
                ) {
                    let origin = picked(&pits, pick).unwrap_or(origin);
                    check_relay_sow(pits, origin, sowing, &relay_on)?;
                }

                #[test]
                fn single_lap_turn_matches_model(
                    turn in single_lap_turn(),
                    pos in position::<P>(),
                    mv in a_move::<P>(),
                    hint in capture_hint(),
                    pick in pick(),
                ) {
                    let mv = picked(&pos.pits, pick).map_or(mv, Move::from_index);
                    check_play(&turn, pos, mv, hint)?;
                }

                #[test]
                fn relay_turn_matches_model(
                    turn in relay_turn(),
                    pos in position::<P>(),
                    mv in a_move::<P>(),
                    hint in capture_hint(),
                    pick in pick(),
                ) {
                    let mv = picked(&pos.pits, pick).map_or(mv, Move::from_index);
                    check_play(&turn, pos, mv, hint)?;
                }
            }
        }
    )*};
}

board_size_tests! {
    p4: 4,
    p12: 12,
    p14: 14,
    p16: 16,
    p20: 20,
    p30: 30,
}

/// The figures behind `RELAY_LAP_LIMIT` (see `relay_sow`): relays from every
/// pit of 12 million random boards of up to 48 seeds, with Djenon-aboure's
/// counts. Finite relays stay far below the limit. A few seconds:
/// `cargo test --release --test primitives -- --ignored --nocapture`.
#[test]
#[ignore]
fn finite_relays_stay_far_below_the_lap_limit() {
    use mancala_rules::playout::SplitMix64;
    use mancala_rules::primitives::RELAY_LAP_LIMIT;

    let relay_on = Counts::of(&[3]).union(Counts::at_least(5));
    let mut rng = SplitMix64::new(7);
    let (mut longest_finite, mut finite, mut endless) = (0, 0u64, 0u64);
    for _ in 0..12_000_000 {
        let mut pits = [0u8; 12];
        for _ in 0..rng.below(49) {
            pits[rng.below(12)] += 1;
        }
        for origin in (0..12).filter(|&pit| pits[pit] >= 2) {
            match relay_sow(&mut pits.clone(), origin, Sowing::OriginFirst, relay_on) {
                Ok(relay) => {
                    longest_finite = longest_finite.max(relay.laps);
                    finite += 1;
                }
                Err(_) => endless += 1,
            }
        }
    }
    println!("{finite} finite relays (longest {longest_finite} laps), {endless} endless");
    assert!(
        longest_finite < RELAY_LAP_LIMIT / 100,
        "a relay of {longest_finite} laps ended"
    );
}
