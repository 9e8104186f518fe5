//! `AnyEngine`: the engines of every shipped game behind one type.

use mancala_rules::games::{Bohnenspiel, DjenonAboure};
use mancala_rules::search::{proven_margin, AlphaBeta, Limits, MctsLimits};
use mancala_rules::solve::{SolveError, Table};
use mancala_rules::{AnyEngine, GameKind, KindMismatch, Player, Ruleset, Thought};

/// A table file of `rules` with boards of up to `max_seeds` seeds, in the
/// temporary directory.
fn table_file<R: mancala_rules::solve::Solvable>(rules: R, max_seeds: u32, tag: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("any-engine-{tag}-{}.tbl", std::process::id()));
    let table = Table::build(rules, max_seeds).expect("small table");
    table
        .write_to(std::fs::File::create(&path).expect("temp file"))
        .expect("written");
    path
}

#[test]
fn every_kind_plays_a_legal_move_from_its_start() {
    for kind in GameKind::ALL {
        let game = kind.new_game();
        let mut engine = AnyEngine::alpha_beta(kind, Limits::depth(3));
        assert_eq!(engine.kind(), kind);
        let thought = engine.think(&game).expect("same kind");
        let best = thought.best().expect("the start has moves");
        assert!(game.legal_moves().contains(best), "{kind}: {best}");
        assert_eq!(thought.pv().first(), Some(&best), "{kind}");
    }
}

#[test]
fn an_engine_refuses_a_game_of_another_kind() {
    let mut engine = AnyEngine::alpha_beta(GameKind::Kalah, Limits::depth(2));
    let err = engine.think(&GameKind::Oware.new_game()).unwrap_err();
    assert_eq!(
        err,
        KindMismatch {
            engine: GameKind::Kalah,
            game: GameKind::Oware
        }
    );
    assert_eq!(
        err.to_string(),
        "an engine for kalah cannot search a game of oware"
    );
}

#[test]
fn the_alpha_beta_engine_agrees_with_the_generic_one() {
    // Same rules, same limits, same history: the same move, score and line.
    let mut game = GameKind::DjenonAboure.new_game();
    let mut generic = mancala_rules::Game::new(DjenonAboure);
    let mut engine = AnyEngine::alpha_beta(GameKind::DjenonAboure, Limits::depth(7));
    let mut reference = AlphaBeta::new(DjenonAboure);
    for _ in 0..6 {
        let Thought::AlphaBeta(ours) = engine.think(&game).expect("same kind") else {
            panic!("an alpha-beta engine gives an alpha-beta result");
        };
        let theirs = reference.search_game(&generic, Limits::depth(7));
        assert_eq!(
            (ours.best, ours.score, &ours.pv),
            (theirs.best, theirs.score, &theirs.pv)
        );
        let Some(mv) = ours.best else { break };
        game.play(mv).expect("legal");
        generic.play(mv).expect("legal");
    }
}

#[test]
fn the_engine_uses_a_table_file() {
    // 6 seeds on the board: the table knows the exact value, and depth 1
    // with the table proves it.
    let path = table_file(Bohnenspiel, 6, "bohnenspiel");
    let pos: <Bohnenspiel as Ruleset>::Position = "0 0 1 0 0 2 | 1 0 0 1 0 1 33-33 S".parse().unwrap();
    let exact = Table::build(Bohnenspiel, 6).unwrap().value(&pos);
    let game = GameKind::Bohnenspiel
        .game_from(&pos.pits, pos.scores, Player::South)
        .expect("a valid position");
    let mut engine =
        AnyEngine::alpha_beta_with_table(GameKind::Bohnenspiel, Limits::depth(1), &path).expect("opens");
    let Thought::AlphaBeta(result) = engine.think(&game).unwrap() else {
        panic!("alpha-beta");
    };
    assert!(result.resolved);
    assert_eq!(proven_margin(result.score).or(Some(0)), exact);
    // Without the table, depth 1 proves nothing here.
    let mut plain = AnyEngine::alpha_beta(GameKind::Bohnenspiel, Limits::depth(1));
    let Thought::AlphaBeta(plain) = plain.think(&game).unwrap() else {
        panic!("alpha-beta");
    };
    assert!(!plain.resolved);
    std::fs::remove_file(&path).ok();
}

#[test]
fn a_table_of_another_game_or_no_file_is_an_error() {
    let path = table_file(DjenonAboure, 3, "djenon");
    let wrong = AnyEngine::alpha_beta_with_table(GameKind::Bohnenspiel, Limits::depth(2), &path).unwrap_err();
    assert!(
        matches!(&wrong, SolveError::File { source, .. } if matches!(**source, SolveError::WrongRules { .. })),
        "{wrong}"
    );
    assert!(wrong.to_string().contains("djenon-aboure"), "{wrong}");
    let missing = AnyEngine::alpha_beta_with_table(
        GameKind::Bohnenspiel,
        Limits::depth(2),
        path.with_extension("none"),
    )
    .unwrap_err();
    assert!(
        matches!(&missing, SolveError::File { source, .. } if matches!(**source, SolveError::Io(_))),
        "{missing}"
    );
    // Oware's rules cannot be solved, so no file can serve them.
    let oware = AnyEngine::alpha_beta_with_table(GameKind::Oware, Limits::depth(2), &path).unwrap_err();
    assert!(matches!(oware, SolveError::Rules(_)), "{oware}");
    std::fs::remove_file(&path).ok();
}

#[test]
fn the_mcts_engine_is_seeded() {
    let game = GameKind::Tihbat.new_game();
    let think = |seed| {
        let mut engine = AnyEngine::mcts(GameKind::Tihbat, MctsLimits::iterations(300), seed);
        engine.think(&game).unwrap()
    };
    let (a, b) = (think(7), think(7));
    assert_eq!(a, b);
    let Thought::Mcts(result) = &a else {
        panic!("an MCTS engine gives an MCTS result");
    };
    assert_eq!(result.iterations, 300);
    assert!(a.to_string().starts_with("300 playouts, expected result "), "{a}");
}

#[test]
fn a_finished_game_has_no_best_move() {
    let game = GameKind::Tihbat
        .game_from(&[0, 0, 0, 0], [14, 14], Player::South)
        .expect("valid");
    let mut engine = AnyEngine::alpha_beta(GameKind::Tihbat, Limits::depth(4));
    assert_eq!(engine.think(&game).unwrap().best(), None);
    assert_eq!(game.best_move(Limits::depth(4)), None);
}
