//! The one table of shipped games: every list the crate shows is made from
//! it (names, aliases, the unknown-game error, the solver's games).

use mancala_rules::{AnyGame, GameKind, ParseError, WithRuleset};

/// Every name and alias parses to its game, in any case and with `_` or a
/// space for `-`; no two games share a name.
#[test]
fn every_name_and_alias_parses_to_its_game() {
    let mut seen = std::collections::HashSet::new();
    for kind in GameKind::ALL {
        for name in std::iter::once(kind.name()).chain(kind.aliases().iter().copied()) {
            assert!(seen.insert(name), "{name} names two games");
            assert_eq!(name.parse::<GameKind>(), Ok(kind), "{name}");
            assert_eq!(
                name.to_uppercase().replace('-', "_").parse::<GameKind>(),
                Ok(kind),
                "{name}"
            );
        }
    }
    // The names the README promises.
    for (name, kind) in [
        ("kalah-4", GameKind::Kalah),
        ("kalah-3", GameKind::Kalah3),
        ("kalah-6", GameKind::Kalah6),
        ("mancala", GameKind::Kalah),
        ("oware-abapa", GameKind::Oware),
    ] {
        assert_eq!(name.parse::<GameKind>(), Ok(kind), "{name}");
    }
}

/// The name of each kind is its rules' name.
#[test]
fn each_kind_is_named_as_its_rules() {
    struct Name;
    impl WithRuleset for Name {
        type Output = &'static str;
        fn run<R: mancala_rules::solve::Solvable>(self, rules: R) -> &'static str {
            mancala_rules::Ruleset::name(&rules)
        }
    }
    for kind in GameKind::ALL {
        assert_eq!(kind.with_ruleset(Name), kind.name());
        assert_eq!(kind.rules().name, kind.name());
    }
}

/// An unknown name's error lists every game, from the table (so a new game
/// is listed without another edit), and escapes what it was given.
#[test]
fn an_unknown_game_lists_every_game() {
    let err = "awale\u{1b}[2J".parse::<GameKind>().unwrap_err();
    assert!(matches!(err, ParseError::UnknownGame { .. }));
    let message = err.to_string();
    assert!(
        message.starts_with("unknown game 'awale\\u{1b}[2J': the games are bohnenspiel, "),
        "{message}"
    );
    for kind in GameKind::ALL {
        assert!(message.contains(kind.name()), "{message} lacks {kind}");
    }
    assert!(!message.ends_with(", "), "{message}");
}

/// The solver's games are those with table sizes: every game but Oware,
/// Kalah included.
#[test]
fn every_game_but_oware_is_solvable() {
    for kind in GameKind::ALL {
        assert_eq!(kind.solvable(), kind != GameKind::Oware, "{kind}");
        if let Some(seeds) = kind.table_seeds() {
            assert!(seeds.default <= seeds.max, "{kind}");
        }
    }
}

/// `AnyGame::new` and `From<GameKind>` give the opening.
#[test]
fn any_game_new_and_from_kind_start_at_the_opening() {
    for kind in GameKind::ALL {
        let game = AnyGame::new(kind);
        assert_eq!(game, AnyGame::from(kind));
        assert_eq!(game, kind.new_game());
        assert!(game.moves().is_empty());
    }
}

/// `best_move` gives the move with its score, depth and line.
#[cfg(feature = "search")]
#[test]
fn best_move_gives_score_depth_and_line() {
    use mancala_rules::search::Limits;
    let game = AnyGame::new(GameKind::Tihbat);
    let best = game.best_move(Limits::depth(6)).expect("a move");
    assert_eq!(best.depth, 6);
    assert_eq!(best.line.first(), Some(&best.mv));
    assert!(game.legal_moves().contains(best.mv));
    assert!(
        best.to_string()
            .starts_with(&format!("{} (depth 6, score ", best.mv)),
        "{best}"
    );
}
