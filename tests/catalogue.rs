//! Issue 20: games as data. The catalogue's files equal the `const`
//! declarations; a declaration read at run time plays through the same
//! pipeline (perft, playouts, records, engines, the solver) as its twin;
//! malformed and contradictory data forms are refused, naming the field.
//!
//! `MANCALA_WRITE_CATALOGUE=1 cargo test --test catalogue` rewrites the
//! shipped games' files from their declarations.

use mancala_rules::playout::{Playouts, SplitMix64};
use mancala_rules::solve::Table;
use mancala_rules::{
    perft, AgreementPolicy, AnyGame, Board, GameKind, RulesData, RulesError, WithRuleset, RULES_FORMAT,
};

fn file_of(kind: GameKind) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("src/games/{}.json", kind.name()))
}

fn shipped_data(kind: GameKind) -> RulesData {
    RulesData {
        aliases: kind.aliases().iter().map(|a| a.to_string()).collect(),
        sources: vec![format!(
            "The crate's reading, src/games/rules/ (GameKind::{kind:?}.rules_text())"
        )],
        ..RulesData::of(kind.rules(), kind.pits())
    }
}

/// Every shipped game's data file reads back as its `const` declaration:
/// name, board, every rule (by fingerprint and field by field), aliases.
#[test]
fn each_shipped_game_file_is_its_const_declaration() {
    for kind in GameKind::ALL {
        let expected = shipped_data(kind);
        if std::env::var_os("MANCALA_WRITE_CATALOGUE").is_some() {
            std::fs::write(file_of(kind), expected.to_json() + "\n").unwrap();
        }
        let text = std::fs::read_to_string(file_of(kind)).unwrap_or_else(|e| panic!("{kind}: {e}"));
        let data = RulesData::from_json(&text).unwrap_or_else(|e| panic!("{kind}: {e}"));
        assert_eq!(data, expected, "{kind}");
        assert_eq!(
            data.rules().fingerprint(data.pits),
            kind.rules().fingerprint(kind.pits()),
            "{kind}"
        );
        assert_eq!(
            data.rules(),
            mancala_rules::Rules {
                name: "",
                ..*kind.rules()
            },
            "{kind}"
        );
        // A file with a shipped game's name and rules is that game.
        assert_eq!(data.load(), Ok(kind));
    }
}

/// The data form round-trips through JSON for every shipped game.
#[test]
fn the_data_form_round_trips() {
    for kind in GameKind::ALL {
        let data = shipped_data(kind);
        assert_eq!(RulesData::from_json(&data.to_json()), Ok(data), "{kind}");
    }
}

/// A run-time twin: the data form of a shipped game under another name.
fn twin(kind: GameKind) -> GameKind {
    let data = RulesData {
        name: format!("twin-of-{}", kind.name()),
        ..RulesData::of(kind.rules(), kind.pits())
    };
    let twin = data.load().unwrap_or_else(|e| panic!("{kind}: {e}"));
    assert!(matches!(twin, GameKind::Declared(_)));
    twin
}

struct Perft(u32);
impl WithRuleset for Perft {
    type Output = Vec<u64>;
    fn run<R: mancala_rules::solve::Solvable>(self, rules: R) -> Vec<u64> {
        (1..=self.0).map(|d| perft(&rules, &rules.start(), d)).collect()
    }
}

struct Play(u64);
impl WithRuleset for Play {
    type Output = Vec<(Option<[u32; 2]>, u32)>;
    fn run<R: mancala_rules::solve::Solvable>(self, rules: R) -> Self::Output {
        let mut playouts = Playouts::new(rules, AgreementPolicy::default());
        let mut rng = SplitMix64::new(self.0);
        (0..50)
            .map(|_| {
                let p = playouts.play(&rules.start(), &mut rng);
                (p.outcome.map(|o| o.totals), p.plies)
            })
            .collect()
    }
}

/// Perft and playouts of every run-time twin equal its `const` game's.
#[test]
fn a_run_time_twin_plays_as_its_const_game() {
    for kind in GameKind::ALL {
        let twin = twin(kind);
        let depth = if kind.pits() == 4 { 8 } else { 4 };
        assert_eq!(
            twin.with_ruleset(Perft(depth)),
            kind.with_ruleset(Perft(depth)),
            "{kind}"
        );
        assert_eq!(twin.with_ruleset(Play(7)), kind.with_ruleset(Play(7)), "{kind}");
    }
}

/// A changed field plays as the matching shipped variant: Kalah's file
/// with 3 seeds a pit is Kalah(6,3), by perft.
#[test]
fn kalah_with_three_seeds_plays_as_kalah_3() {
    let text = std::fs::read_to_string(file_of(GameKind::Kalah)).unwrap();
    let mut data = RulesData::from_json(&text).unwrap();
    data.name = "my-kalah".into();
    data.aliases.clear();
    data.seeds = 3;
    let mine = data.load().unwrap();
    assert_eq!(
        mine.with_ruleset(Perft(6)),
        GameKind::Kalah3.with_ruleset(Perft(6))
    );
    // A name stands for one game: other rules under a loaded name are refused.
    data.seeds = 5;
    assert_eq!(data.load(), Err(RulesError::NameTaken("my-kalah".into())));
    // Under Kalah's own name, other rules are refused.
    data.name = "kalah".into();
    assert_eq!(data.load(), Err(RulesError::NameTaken("kalah".into())));
}

/// A run-time game: records, undo, the engines and the solver.
#[test]
fn a_run_time_game_is_recorded_searched_and_solved() {
    let tihbat = twin(GameKind::Tihbat);
    let mut game = AnyGame::new(tihbat);
    let mut shipped = AnyGame::new(GameKind::Tihbat);
    for _ in 0..6 {
        let Some(mv) = game.legal_moves().into_iter().next() else {
            break;
        };
        game.play(mv).unwrap();
        shipped.play(mv).unwrap();
    }
    assert_eq!(game.pits(), shipped.pits());
    let record = game.record_json();
    assert!(record.contains("\"game\":\"twin-of-tihbat\""), "{record}");
    // A loaded declaration answers to its name: its record reads back.
    assert_eq!("twin-of-tihbat".parse::<GameKind>(), Ok(tihbat));
    assert_eq!(AnyGame::from_record_json(&record).unwrap(), game);
    game.undo();
    assert_eq!(game.moves().len() + 1, shipped.moves().len());
    let best = game
        .best_move(mancala_rules::search::Limits::depth(8))
        .expect("a move");
    assert!(game.legal_moves().contains(best.mv));
    // The solver, keyed by the fingerprint: the twin's table is the shipped one's.
    struct Build;
    impl WithRuleset for Build {
        type Output = Vec<Option<i32>>;
        fn run<R: mancala_rules::solve::Solvable>(self, rules: R) -> Self::Output {
            let table = Table::build(rules, 8).unwrap();
            (1..=2u8).map(|k| table.value(&R::Position::filled(k))).collect()
        }
    }
    assert_eq!(tihbat.with_ruleset(Build), GameKind::Tihbat.with_ruleset(Build));
}

/// Malformed and contradictory data forms get their error, naming the field.
#[test]
fn malformed_data_forms_are_refused_naming_the_field() {
    let base = r#""format": 1, "name": "x", "pits": 12, "seeds": 4"#;
    let cases: &[(&str, &str)] = &[
        (&format!("{{{base}, \"colour\": 1}}"), "unknown field `colour`"),
        (
            &format!("{{{base}, \"turn\": {{\"lap\": {{\"single\": \"sideways\"}}}}}}"),
            "turn.lap.single",
        ),
        (
            &format!("{{{base}, \"play\": {{\"min_seeds\": \"two\"}}}}"),
            "play.min_seeds",
        ),
        (
            &format!("{{{base}, \"turn\": {{\"capture\": {{\"counts\": [2, 300]}}}}}}"),
            "turn.capture.counts",
        ),
        (
            r#"{"format": 2, "name": "x", "pits": 12, "seeds": 4}"#,
            "format 1, not 2",
        ),
        (
            r#"{"format": 1, "name": "Big Game", "pits": 12, "seeds": 4}"#,
            "name: 'Big Game'",
        ),
        (
            r#"{"format": 1, "name": "x", "pits": 12}"#,
            "missing field `seeds`",
        ),
        (
            r#"{"format": 1, "name": "x", "pits": 13, "seeds": 30}"#,
            "pits: a board has",
        ),
        (
            r#"{"format": 1, "name": "x", "pits": 12, "seeds": 30}"#,
            "seeds: 30 seeds in each of 12 pits",
        ),
        (
            r#"{"format": 1, "name": "x", "pits": 12, "seeds": 4, "turn": {"stores": "own"}}"#,
            "turn.stores",
        ),
        (
            r#"{"format": 1, "name": "x", "pits": 12, "seeds": 4} trailing"#,
            "trailing",
        ),
    ];
    for (json, expected) in cases {
        let err = RulesData::from_json(json).expect_err(json).to_string();
        assert!(err.contains(expected), "{json}: {err}");
    }
    let huge = format!("{{{base}, \"rules_text\": \"{}\"}}", "x".repeat(70_000));
    assert!(matches!(
        RulesData::from_json(&huge),
        Err(RulesError::TooLarge { .. })
    ));
    assert_eq!(RULES_FORMAT, 1);
}

/// A game written by hand as a file, never compiled (the README's), is
/// read, played and named like any other.
#[test]
fn a_hand_written_game_file_plays() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/rules/mangala.json");
    let data = RulesData::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    let kind = data.load().unwrap();
    assert_eq!(kind.name(), "mangala");
    let counts = kind.with_ruleset(Perft(3));
    assert_eq!(counts[0], 6);
    let mut game = AnyGame::new(kind);
    // Pit 1's four stones, the first back into pit 1: pits 1-4 get one each.
    game.play(mancala_rules::Move::Pit(1)).unwrap();
    assert_eq!(&game.pits()[..6], &[1, 5, 5, 5, 4, 4]);
}

/// The protocol takes `"rules"` in place of `"game"`: random games of every
/// shipped game get identical positions by name and by rules, and a bad
/// declaration is refused at ply 0 naming its field.
#[test]
fn the_protocol_serves_a_declaration_as_it_serves_the_name() {
    use mancala_rules::protocol::respond;
    fn answer(line: &str) -> serde_json::Value {
        let mut out = Vec::new();
        respond(line, &mut out).unwrap();
        serde_json::from_slice(&out).unwrap()
    }
    let mut rng = SplitMix64::new(3);
    for kind in GameKind::ALL {
        for _ in 0..5 {
            // A random game's moves, and one illegal move after them.
            let mut game = AnyGame::new(kind);
            let mut moves = Vec::new();
            while let Some(mv) = rng.choose(game.legal_moves()) {
                if moves.len() == 60 {
                    break;
                }
                game.play(mv).unwrap();
                moves.push(mv.to_string());
            }
            moves.push("99".into());
            let moves = serde_json::to_string(&moves).unwrap();
            let by_name = answer(&format!(r#"{{"game":"{}","moves":{moves}}}"#, kind.name()));
            let data = RulesData {
                name: format!("as-data-{}", kind.name()),
                ..RulesData::of(kind.rules(), kind.pits())
            };
            let by_rules = answer(&format!(
                r#"{{"rules":{},"moves":{moves}}}"#,
                data.to_json().replace('\n', "")
            ));
            assert_eq!(by_name["positions"], by_rules["positions"], "{kind}");
            assert_eq!(by_name["error"]["ply"], by_rules["error"]["ply"], "{kind}");
            assert_eq!(by_rules["game"], format!("as-data-{}", kind.name()));
        }
    }
    let bad = answer(
        r#"{"rules":{"format":1,"name":"x","pits":12,"seeds":4,"turn":{"scope":"everywhere"}},"moves":[]}"#,
    );
    assert_eq!(bad["error"]["ply"], 0);
    let message = bad["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("invalid rules: ") && message.contains("turn.scope"),
        "{message}"
    );
    assert!(bad.get("positions").is_none() || bad["positions"].as_array().is_some_and(Vec::is_empty));
    let both = answer(r#"{"game":"kalah","rules":{},"moves":[]}"#);
    assert_eq!(both["error"]["ply"], 0);
}

use proptest::prelude::*;

/// A data form from a handful of every field's values.
fn any_data() -> impl Strategy<Value = String> {
    let laps = prop_oneof![
        Just(r#"{"single": "next-pit"}"#.to_string()),
        Just(r#"{"single": "origin-first"}"#.to_string()),
        Just(r#"{"single": "next-pit-skipping-origin"}"#.to_string()),
        (prop_oneof![Just("next-pit"), Just("origin-first")], 2u8..6, 1u32..300, any::<bool>()).prop_map(
            |(sowing, from, laps, stop)| format!(
                r#"{{"relay": {{"sowing": "{sowing}", "relay_on": [{{"from": {from}}}], "max_laps": {laps}, "stop_on_capture": {stop}}}}}"#
            )
        ),
    ];
    let stores = prop_oneof![
        Just(("none", false)),
        Just(("own", true)),
        Just(("both", true)),
        Just(("none", true))
    ];
    (
        (1usize..=8).prop_map(|half| 2 * half),
        1u8..6,
        laps,
        stores,
        prop_oneof![Just("counter-clockwise"), Just("clockwise")],
        (vec(0u8..8, 0..4), any::<bool>()),
        prop_oneof![Just("anywhere"), Just("own-row"), Just("opponent-row")],
        prop_oneof![Just("captures"), Just("captures-nothing"), Just("illegal")],
        (any::<bool>(), any::<bool>(), any::<bool>(), 1u8..3),
        prop_oneof![Just(r#"{"ends": "owners"}"#), Just(r#"{"passes": "split"}"#), Just(r#"{"ends": "opponent"}"#)],
        prop_oneof![Just("continues"), Just("ends-with-split"), Just("ends-keeping-rows")],
    )
        .prop_map(|(pits, seeds, lap, (stores, has), direction, (counts, chain), scope, slam, (extra, feed, row_empty, min), stuck, repetition)| {
            let counts = serde_json::to_string(&counts).unwrap();
            let extra = extra && stores != "none";
            let row_empty = if row_empty { r#""owners""# } else { "null" };
            format!(
                r#"{{"format": 1, "name": "random", "pits": {pits}, "seeds": {seeds}, "has_stores": {has},
                "play": {{"min_seeds": {min}, "must_feed": {feed}}},
                "turn": {{"lap": {lap}, "direction": "{direction}", "stores": "{stores}",
                  "capture": {{"counts": {counts}, "chain": {chain}}}, "scope": "{scope}", "grand_slam": "{slam}",
                  "extra_turn": {{"in_own_store": {extra}, "after_capture": false}}}},
                "end": {{"stuck": {stuck}, "row_empty": {row_empty}}},
                "history": {{"repetition": "{repetition}"}}}}"#
            )
        })
}

use proptest::collection::vec;

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// Any data form the validator accepts plays random games that keep
    /// every invariant of the harness.
    #[test]
    fn every_accepted_data_form_keeps_the_harness_invariants(json in any_data()) {
        struct Check;
        impl WithRuleset for Check {
            type Output = Result<(), String>;
            fn run<R: mancala_rules::solve::Solvable>(self, rules: R) -> Self::Output {
                mancala_rules::harness::check_ruleset(&rules, 3, 1).map(|_| ()).map_err(|e| e.to_string())
            }
        }
        if let Ok(mut data) = RulesData::from_json(&json) {
            // A name stands for one game: each declaration its own.
            data.name = format!("random-{:016x}", data.rules().fingerprint(data.pits));
            let kind = data.load().map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(kind.with_ruleset(Check), Ok(()), "{}", json);
        }
    }
}

/// Every data file of `src/games/` (the shipped games' and the catalogue's
/// own, e.g. the MancalaGames games of `tools/mancalagames/`): it reads
/// ([`RulesData::from_json`]), loads, is named after its file, answers to
/// its name and aliases, is in [`GameKind::catalogue`], and plays random
/// games that keep every invariant of the harness. No name or alias stands
/// for two games.
#[test]
fn every_catalogue_file_loads_and_keeps_the_harness_invariants() {
    struct Check;
    impl WithRuleset for Check {
        type Output = Result<(), String>;
        fn run<R: mancala_rules::solve::Solvable>(self, rules: R) -> Self::Output {
            mancala_rules::harness::check_ruleset(&rules, 20, 7)
                .map(|_| ())
                .map_err(|e| e.to_string())
        }
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    let catalogue = GameKind::catalogue();
    let mut names = std::collections::BTreeMap::new();
    for path in &files {
        let json = std::fs::read_to_string(path).unwrap();
        let data = RulesData::from_json(&json).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let stem = path.file_stem().unwrap().to_str().unwrap();
        assert_eq!(data.name, stem, "{}", path.display());
        let kind = data.load().unwrap_or_else(|e| panic!("{stem}: {e}"));
        assert_eq!(kind.name(), stem);
        assert!(catalogue.contains(&kind), "{stem} is not in the catalogue");
        assert_eq!(kind.with_ruleset(Check), Ok(()), "{stem}");
        for name in std::iter::once(&data.name).chain(&data.aliases) {
            assert_eq!(name.parse::<GameKind>().ok(), Some(kind), "{name}");
            if let Some(other) = names.insert(name.clone(), stem.to_string()) {
                panic!("{name} names both {other} and {stem}");
            }
        }
        if !GameKind::ALL.contains(&kind) {
            assert!(!data.rules_text.is_empty(), "{stem}: no rules text");
            assert!(!data.sources.is_empty(), "{stem}: no sources");
        }
    }
    assert_eq!(files.len(), catalogue.len(), "one file a catalogue game");
}

/// The protocol serves a catalogue game (not a shipped kind) by its exact
/// name, in any letter case, as it serves its data form; aliases and
/// spellings with `_` stay refused, as they are for the shipped kinds, so
/// every request answered before is answered as before.
#[test]
fn the_protocol_serves_catalogue_games_by_their_exact_names() {
    use mancala_rules::protocol::respond;
    fn answer(line: &str) -> serde_json::Value {
        let mut out = Vec::new();
        respond(line, &mut out).unwrap();
        serde_json::from_slice(&out).unwrap()
    }
    let mut rng = SplitMix64::new(11);
    let declared: Vec<_> = GameKind::catalogue()
        .into_iter()
        .filter(|kind| !GameKind::ALL.contains(kind))
        .collect();
    for &kind in &declared {
        let mut game = AnyGame::new(kind);
        let mut moves = Vec::new();
        while let Some(mv) = rng.choose(game.legal_moves()) {
            if moves.len() == 80 {
                break;
            }
            game.play(mv).unwrap();
            moves.push(mv.to_string());
        }
        let moves = serde_json::to_string(&moves).unwrap();
        let data = match kind {
            GameKind::Declared(declared) => declared.data(),
            _ => unreachable!(),
        };
        let by_rules = answer(&format!(
            r#"{{"rules":{},"moves":{moves}}}"#,
            data.to_json().replace('\n', "")
        ));
        for name in [kind.name().to_string(), kind.name().to_uppercase()] {
            let by_name = answer(&format!(r#"{{"game":"{name}","moves":{moves}}}"#));
            assert!(by_name.get("error").is_none(), "{name}: {by_name}");
            assert_eq!(by_name["positions"], by_rules["positions"], "{name}");
            assert_eq!(by_name["game"], kind.name());
        }
        for other in kind
            .aliases()
            .iter()
            .map(|a| a.to_string())
            .chain([kind.name().replace('-', "_")])
        {
            if other == kind.name() {
                continue;
            }
            let refused = answer(&format!(r#"{{"game":"{other}","moves":[]}}"#));
            assert_eq!(refused["error"]["ply"], 0, "{other}");
        }
    }
    // The shipped kinds' answers are unchanged: names in any case, not aliases.
    assert!(answer(r#"{"game":"OWARE","moves":[]}"#).get("error").is_none());
    assert_eq!(answer(r#"{"game":"abapa","moves":[]}"#)["error"]["ply"], 0);
    assert_eq!(answer(r#"{"game":"no-such-game","moves":[]}"#)["error"]["ply"], 0);
}
