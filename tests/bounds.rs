//! Bounded time and memory on every input (issue 10, the library's half):
//! each test is a case that used to hang, abort or overflow. Memory is
//! measured with a global allocator that tracks each thread's live bytes and
//! their peak; nothing here asserts on time.

mod common;

use common::alloc::{peak_bytes_in, Tracking};

use mancala_rules::games::{AlManqala, Bohnenspiel, Tihbat};
use mancala_rules::playout::{Playouts, SplitMix64, DEFAULT_MAX_PLIES};
use mancala_rules::search::{
    proven_margin, AlphaBeta, Limits, Mcts, MctsLimits, MAX_TABLE_BITS, MCTS_DEFAULT_MEMORY, MCTS_MAX_NODES,
    MCTS_NODE_BYTES,
};
use mancala_rules::solve::{BoardIndex, Solvable, SolveError, Table, FORMAT_MAGIC};
#[cfg(feature = "serde")]
use mancala_rules::GameRecord;
use mancala_rules::{
    perft, AgreementPolicy, CapacityError, EndReason, Error, Game, Move, Position, RecordError, Ruleset,
};

#[global_allocator]
static GLOBAL: Tracking = Tracking;

// ------------------------------------------------------------------- MCTS

#[test]
fn mcts_nodes_are_small_and_the_default_budget_fits_a_small_machine() {
    assert_eq!(MCTS_NODE_BYTES, 16);
    let mcts = Mcts::new(Bohnenspiel);
    assert_eq!(mcts.max_memory(), MCTS_DEFAULT_MEMORY as u64);
    assert_eq!(mcts.max_nodes(), MCTS_DEFAULT_MEMORY / MCTS_NODE_BYTES);
}

#[test]
fn mcts_stays_within_a_small_node_budget_and_memory_bound() {
    let rules = Bohnenspiel;
    let mut mcts = Mcts::new(rules).with_seed(5).with_max_nodes(300);
    let (result, peak) = peak_bytes_in(|| mcts.search(&rules.start(), &[], MctsLimits::iterations(5000)));
    assert_eq!(result.iterations, 5000);
    assert!(result.nodes <= 300, "{} nodes", result.nodes);
    assert!(result.best.is_some());
    // The tree (300 nodes of 16 bytes), the line (at most 1000 positions
    // of a playout plus the tree's depth) and the result: well under 64 KiB.
    assert!(peak < 64 * 1024, "peak {peak} bytes");
}

#[test]
fn mcts_with_a_full_tree_plays_out_from_its_leaves_instead_of_spinning() {
    // The smallest budget: the root and its children. Every later leaf
    // cannot be expanded; the search used to loop on such a node, growing
    // its line until the allocation aborted.
    let rules = Bohnenspiel;
    let mut mcts = Mcts::new(rules).with_seed(2).with_max_nodes(1);
    let (result, peak) = peak_bytes_in(|| mcts.search(&rules.start(), &[], MctsLimits::iterations(3000)));
    assert_eq!(result.iterations, 3000);
    assert!(result.nodes <= 33, "{} nodes", result.nodes);
    assert!(result.best.is_some());
    assert!(peak < 64 * 1024, "peak {peak} bytes");
}

#[test]
fn mcts_ends_early_once_the_root_is_proven() {
    // Four counters left in Tihbat: the whole tree is small, and every line
    // ends (repetition ends any cycle). A huge iteration limit must not be
    // spent.
    let game = Game::from_position(Tihbat, "2 0 | 1 1 10-14 S".parse().expect("valid")).expect("valid");
    let result = Mcts::new(Tihbat).search_game(&game, MctsLimits::iterations(u64::MAX));
    assert!(result.proven);
    assert!(result.iterations < 100_000, "{} iterations", result.iterations);
    assert!(result.best.is_some());
    // The proven result agrees with an exact alpha-beta search.
    let exact = AlphaBeta::new(Tihbat).search_game(&game, Limits::depth(60));
    assert!(exact.resolved);
    let expected = match proven_margin(exact.score).unwrap_or(0).signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    };
    assert_eq!(result.score, expected);
}

#[test]
fn mcts_budgets_beyond_the_limit_are_typed_errors() {
    let err = Mcts::new(Tihbat)
        .try_with_max_nodes(MCTS_MAX_NODES + 1)
        .unwrap_err();
    assert!(matches!(err, CapacityError::TooLarge { .. }));
    let mcts = Mcts::new(Tihbat).try_with_max_nodes(100).expect("small");
    assert_eq!(mcts.max_nodes(), 100);
}

// ------------------------------------------------------------- alpha-beta

#[test]
fn table_bits_30_is_a_typed_error_not_an_abort() {
    let err = AlphaBeta::new(Bohnenspiel).try_with_table_bits(30).unwrap_err();
    assert_eq!(
        err,
        CapacityError::TooLarge {
            what: "transposition table bits",
            asked: 30,
            max: u64::from(MAX_TABLE_BITS),
        }
    );
    assert!(AlphaBeta::new(Bohnenspiel).try_with_table_bits(u32::MAX).is_err());
    assert!(AlphaBeta::new(Bohnenspiel).try_with_table_bits(10).is_ok());
}

// ----------------------------------------------------------------- solver

#[test]
fn board_index_with_huge_max_seeds_is_an_error_not_an_overflow() {
    assert!(matches!(
        BoardIndex::try_new(64, 255 * 64),
        Err(SolveError::Index { .. })
    ));
    assert!(matches!(
        BoardIndex::try_new(12, u32::MAX),
        Err(SolveError::Index { .. })
    ));
    assert!(matches!(
        BoardIndex::try_new(65, 4),
        Err(SolveError::Index { .. })
    ));
    let index = BoardIndex::try_new(12, 30).expect("C(41, 11) fits");
    assert_eq!(index.count(30), Some(3_159_461_968));
}

#[test]
fn table_build_with_too_many_seeds_reports_the_real_count() {
    // `solve bohnenspiel --max-seeds 30` said 18446744073709551615 positions.
    let err = Table::build(Bohnenspiel, 30).unwrap_err();
    // 29 seeds on 12 pits: 2 * C(40, 11) positions, over 2^32.
    assert!(
        matches!(
            err,
            SolveError::LevelTooLarge {
                seeds: 29,
                positions: Some(4_623_602_880)
            }
        ),
        "{err:?}"
    );
    assert!(!err.to_string().contains("18446744073709551615"), "{err}");
}

#[test]
fn table_build_of_an_absurd_size_is_a_typed_error() {
    let (result, peak) = peak_bytes_in(|| Table::build(AlManqala, 127));
    assert!(matches!(result, Err(SolveError::LevelTooLarge { .. })));
    assert!(peak < 1 << 20, "peak {peak} bytes");
}

fn header(fingerprint: u64, name: &str, pits: u8, max_seeds: u8) -> Vec<u8> {
    let mut file = FORMAT_MAGIC.to_vec();
    file.extend_from_slice(&fingerprint.to_le_bytes());
    file.push(name.len() as u8);
    file.extend_from_slice(name.as_bytes());
    file.extend_from_slice(&[pits, max_seeds]);
    file
}

#[test]
fn a_hostile_table_header_allocates_nothing_it_was_not_given() {
    // Levels of up to 127 seeds on 14 pits: refused before reading.
    let (result, peak) = peak_bytes_in(|| {
        Table::read_from(
            AlManqala,
            &header(AlManqala.fingerprint(), "al-manqala", 14, 127)[..],
        )
    });
    assert!(matches!(result, Err(SolveError::LevelTooLarge { .. })));
    assert!(peak < 1 << 20, "peak {peak} bytes");
    // Levels that fit (a table of about 5.6 GB), but no data: memory follows
    // the bytes that arrive, so the cut is found at once.
    let file = header(Bohnenspiel.fingerprint(), "bohnenspiel", 12, 28);
    let (result, peak) = peak_bytes_in(|| Table::read_from(Bohnenspiel, &file[..]));
    assert!(
        matches!(result, Err(SolveError::Truncated { len: 30, .. })),
        "{result:?}"
    );
    assert!(peak < 1 << 20, "peak {peak} bytes");
}

// -------------------------------------------------------------- playouts

#[test]
fn playouts_that_never_agree_on_al_manqala_end() {
    let cap = 300;
    let mut playouts = Playouts::new(AlManqala, AgreementPolicy::Never).with_max_plies(cap);
    let mut rng = SplitMix64::new(9);
    let mut games = 0;
    playouts.play_many(&AlManqala.start(), 200, &mut rng, |game| {
        games += 1;
        assert!(game.plies <= cap);
        if game.is_unfinished() {
            assert_eq!(game.plies, cap);
        }
    });
    assert_eq!(games, 200);
    // A chase that cannot end: one seed a side, far from any capture.
    let chase: Position<14> = "1 0 0 0 0 0 0 | 1 0 0 0 0 0 0 48-48 S".parse().expect("valid");
    let single = playouts.play(&chase, &mut rng);
    assert!(single.plies <= cap);
    assert!(single.is_unfinished() || single.outcome.is_some());
    assert_eq!(
        Playouts::new(AlManqala, AgreementPolicy::Never).max_plies(),
        DEFAULT_MAX_PLIES
    );
}

#[test]
fn a_playout_that_ends_on_its_last_allowed_ply_is_finished() {
    // Whatever the cap, a game the cap stops is unfinished only if it goes on.
    let rules = Tihbat;
    let mut rng = SplitMix64::new(4);
    for cap in 1..40 {
        let mut playouts = Playouts::new(rules, AgreementPolicy::default()).with_max_plies(cap);
        let game = playouts.play(&rules.start(), &mut rng);
        assert!(game.plies <= cap);
        if game.plies < cap {
            assert!(game.outcome.is_some());
        }
    }
}

// ------------------------------------------------------------------ perft

#[test]
fn perft_at_a_huge_depth_on_a_finished_game_returns_at_once() {
    // Tihbat keeps the path (repetition); it was allocated for the whole
    // depth up front: 2^32 positions.
    let rules = Tihbat;
    let over: Position<4> = "0 0 | 0 0 14-14 S".parse().expect("valid");
    let (count, peak) = peak_bytes_in(|| perft(&rules, &over, u32::MAX));
    assert_eq!(count, 0);
    assert!(peak < 1024, "peak {peak} bytes");
    // A live position at a depth beyond the stack buffer: the path grows
    // with the lines played (a Tihbat game with 4 counters is short).
    let small: Position<4> = "1 1 | 1 1 12-12 S".parse().expect("valid");
    let (count, peak) = peak_bytes_in(|| perft(&rules, &small, 100_000));
    let _ = count;
    assert!(peak < 64 * 1024, "peak {peak} bytes");
}

// ---------------------------------------------------------------- records

fn finished_tihbat() -> Game<Tihbat> {
    let mut game = Game::from_position(Tihbat, "1 0 | 1 0 13-13 S".parse().expect("valid")).expect("valid");
    game.play_all([Move::Pit(1), Move::Pit(3)]).expect("legal");
    assert_eq!(game.outcome().map(|o| o.reason), Some(EndReason::Repetition));
    game
}

#[test]
fn from_record_refuses_a_record_of_another_game() {
    let mut record = finished_tihbat().record();
    record.game = "bohnenspiel".to_string();
    let err = Game::from_record(Tihbat, &record).unwrap_err();
    assert_eq!(
        err,
        Error::Record(RecordError::WrongGame {
            expected: "tihbat",
            found: "bohnenspiel".to_string(),
        })
    );
    // A long name is cut in the message.
    record.game = "x".repeat(10_000);
    let err = Game::from_record(Tihbat, &record).unwrap_err();
    assert!(err.to_string().len() < 200, "{err}");
}

#[test]
fn from_record_refuses_an_outcome_the_moves_do_not_reach() {
    let game = finished_tihbat();
    let good = game.record();
    assert_eq!(Game::from_record(Tihbat, &good).expect("faithful"), game);
    // Another result.
    let mut record = good.clone();
    let mut outcome = record.outcome.expect("over");
    outcome.totals = [20, 8];
    record.outcome = Some(outcome);
    assert!(matches!(
        Game::from_record(Tihbat, &record),
        Err(Error::Record(RecordError::WrongOutcome { .. }))
    ));
    // No outcome for a finished game.
    record.outcome = None;
    assert!(matches!(
        Game::from_record(Tihbat, &record),
        Err(Error::Record(RecordError::WrongOutcome { .. }))
    ));
    // An outcome for a game that goes on.
    let mut going_on = good.clone();
    going_on.moves.pop();
    assert!(matches!(
        Game::from_record(Tihbat, &going_on),
        Err(Error::Record(RecordError::WrongOutcome { .. }))
    ));
    // An illegal move says which.
    let mut illegal = good;
    illegal.moves = vec![Move::Pit(2)];
    illegal.outcome = None;
    assert!(matches!(
        Game::from_record(Tihbat, &illegal),
        Err(Error::Play(e)) if e.ply == 1
    ));
}

#[cfg(feature = "serde")]
#[test]
fn duplicate_json_keys_are_rejected() {
    let pos = r#"{"pits":[1,0,1,0],"scores":[13,13],"to_move":0}"#;
    assert!(serde_json::from_str::<Position<4>>(pos).is_ok());
    let twice = r#"{"pits":[1,0,1,0],"scores":[13,13],"to_move":0,"to_move":1}"#;
    let err = serde_json::from_str::<Position<4>>(twice).unwrap_err();
    assert!(err.to_string().contains("duplicate field"), "{err}");

    let record = r#"{"game":"tihbat","start":{"pits":[1,0,1,0],"scores":[13,13],"to_move":0},"moves":[]}"#;
    assert!(serde_json::from_str::<GameRecord<Position<4>>>(record).is_ok());
    let twice = r#"{"game":"tihbat","start":{"pits":[1,0,1,0],"scores":[13,13],"to_move":0},"moves":[],"moves":["1"]}"#;
    let err = serde_json::from_str::<GameRecord<Position<4>>>(twice).unwrap_err();
    assert!(err.to_string().contains("duplicate field"), "{err}");
}

#[cfg(feature = "serde")]
#[test]
fn unknown_json_fields_are_rejected() {
    let pos = r#"{"pits":[1,0,1,0],"scores":[13,13],"to_move":0,"extra":1}"#;
    assert!(serde_json::from_str::<Position<4>>(pos).is_err());
    let record =
        r#"{"game":"tihbat","start":{"pits":[1,0,1,0],"scores":[13,13],"to_move":0},"moves":[],"winner":0}"#;
    let err = serde_json::from_str::<GameRecord<Position<4>>>(record).unwrap_err();
    assert!(err.to_string().contains("unknown field"), "{err}");
    let finished = serde_json::to_value(finished_tihbat().record()).expect("serialises");
    let mut extra = finished.clone();
    extra["outcome"]["margin"] = 0.into();
    assert!(serde_json::from_value::<GameRecord<Position<4>>>(extra).is_err());
    assert!(serde_json::from_value::<GameRecord<Position<4>>>(finished).is_ok());
}

#[test]
fn ruleset_name_is_what_records_carry() {
    assert_eq!(finished_tihbat().record().game, Tihbat.name());
}
