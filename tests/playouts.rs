//! Random playouts: `Ruleset::play_random` plays legal moves only (and, for
//! Djenon-aboure's faster draw, uniformly), and `Playouts::play_many` plays
//! exactly the games asked for, reproducibly, under the same rules as `Game`.

use std::collections::BTreeMap;

use mancala_rules::games::Oware;
use mancala_rules::games::{AlManqala, Bohnenspiel, DjenonAboure, Tihbat};
use mancala_rules::playout::{Playout, Playouts, SplitMix64, LANES};
use mancala_rules::{AgreementPolicy, Game, Move, Position, Ruleset, Status};

/// Along random games, every move `play_random` makes is legal and leads to
/// the position `Ruleset::play` gives; at the end it returns the outcome.
fn random_moves_are_legal<R: Ruleset + Default>(games: u32) {
    let rules = R::default();
    let mut rng = SplitMix64::new(5);
    let mut plies = 0;
    for _ in 0..games {
        let mut game = Game::new(rules);
        for _ in 0..400 {
            let before = *game.position();
            let mut after = before;
            match rules.play_random(&mut after, &mut rng) {
                Ok(report) => {
                    let (expected, expected_report) = rules
                        .play(&before, report.mv)
                        .unwrap_or_else(|e| panic!("{}: {} drawn in {before}: {e}", rules.name(), report.mv));
                    assert_eq!(after, expected, "{}: {} in {before}", rules.name(), report.mv);
                    assert_eq!(report, expected_report);
                    game.play(report.mv).expect("legal");
                    plies += 1;
                }
                Err(outcome) => {
                    assert_eq!(after, before, "an ended game changed");
                    assert_eq!(rules.status(&before), Status::Over(outcome));
                    break;
                }
            }
            if game.status() != Status::Ongoing {
                break; // a history rule ended it
            }
        }
    }
    assert!(plies > 100, "{}: too few plies checked", rules.name());
}

#[test]
fn random_moves_are_legal_in_every_game() {
    random_moves_are_legal::<Bohnenspiel>(30);
    random_moves_are_legal::<DjenonAboure>(30);
    random_moves_are_legal::<Tihbat>(30);
    random_moves_are_legal::<AlManqala>(30);
    random_moves_are_legal::<Oware>(30);
}

/// Djenon-aboure draws among the pits with 2 or more seeds and redraws when
/// the relay never ends: the endless pit is never played and the others come
/// out equally often.
#[test]
fn djenon_aboure_draws_uniformly_among_legal_moves_only() {
    // South's pit 1 relays forever; pits 2-6 are legal.
    let start: Position<12> = "6 6 5 4 3 4 | 5 2 1 2 1 9 0-0 S".parse().unwrap();
    let legal = DjenonAboure.legal_moves(&start);
    assert!(!legal.contains(Move::Pit(1)));
    assert_eq!(legal.len(), 5);
    let mut rng = SplitMix64::new(9);
    let mut drawn = BTreeMap::new();
    let draws = 10_000;
    for _ in 0..draws {
        let mut pos = start;
        let report = DjenonAboure.play_random(&mut pos, &mut rng).unwrap();
        *drawn.entry(report.mv.to_string()).or_insert(0u32) += 1;
    }
    assert_eq!(drawn.len(), 5, "drawn: {drawn:?}");
    for (mv, &count) in &drawn {
        assert!(legal.contains(mv.parse().unwrap()), "{mv} is not legal");
        // Expected 2000 each; a standard deviation is 40.
        assert!(
            (1800..=2200).contains(&count),
            "{mv} drawn {count} times of {draws}: {drawn:?}"
        );
    }
}

#[test]
fn djenon_aboure_random_move_passes_or_ends_as_turn_says() {
    // South has only lone seeds: a pass.
    let mut pos: Position<12> = "1 0 1 0 0 0 | 2 3 0 0 0 1 20-20 S".parse().unwrap();
    let report = DjenonAboure
        .play_random(&mut pos, &mut SplitMix64::new(1))
        .unwrap();
    assert_eq!(report.mv, Move::Pass);
    assert_eq!(pos.to_string(), "1 0 1 0 0 0 | 2 3 0 0 0 1 20-20 N");
    // Nobody can move: the end, each side keeping its row.
    let mut pos: Position<12> = "1 0 1 0 0 0 | 1 0 0 0 0 1 22-22 S".parse().unwrap();
    let outcome = DjenonAboure
        .play_random(&mut pos, &mut SplitMix64::new(1))
        .unwrap_err();
    assert_eq!(outcome.totals, [24, 24]);
}

fn many<R: Ruleset>(rules: R, count: u64, seed: u64) -> Vec<Playout> {
    let mut playouts = Playouts::new(rules, AgreementPolicy::default());
    let mut games = Vec::new();
    playouts.play_many(&rules.start(), count, &mut SplitMix64::new(seed), |game| {
        games.push(game)
    });
    games
}

fn play_many_plays_each_game_once<R: Ruleset + Default>() {
    let rules = R::default();
    for count in [0, 1, LANES as u64, 25] {
        let games = many(rules, count, 3);
        assert_eq!(games.len() as u64, count, "{}: {count} games asked", rules.name());
        for game in &games {
            let outcome = game.outcome.expect("random games end well before the ply cap");
            assert_eq!(outcome.totals[0] + outcome.totals[1], rules.total_seeds());
            assert!(game.plies > 0);
        }
        assert_eq!(games, many(rules, count, 3), "{}: not reproducible", rules.name());
    }
    assert_ne!(
        many(rules, 25, 3),
        many(rules, 25, 4),
        "{}: the seed is ignored",
        rules.name()
    );
}

#[test]
fn play_many_plays_exactly_the_games_asked_reproducibly() {
    play_many_plays_each_game_once::<Bohnenspiel>();
    play_many_plays_each_game_once::<DjenonAboure>();
    play_many_plays_each_game_once::<Tihbat>();
    play_many_plays_each_game_once::<AlManqala>();
    play_many_plays_each_game_once::<Oware>();
}

/// Side-by-side games follow the same rules as one game at a time: over many
/// games, the share of each end reason and the mean length agree closely.
#[test]
fn play_many_games_end_as_single_games_do() {
    let games = 4000;
    let summary = |playouts: Vec<Playout>| {
        let mut reasons = BTreeMap::new();
        let mut plies = 0u64;
        for game in &playouts {
            *reasons
                .entry(format!("{:?}", game.outcome.map(|o| o.reason)))
                .or_insert(0u32) += 1;
            plies += u64::from(game.plies);
        }
        (reasons, plies as f64 / playouts.len() as f64)
    };
    let mut single = Playouts::new(Tihbat, AgreementPolicy::default());
    let mut rng = SplitMix64::new(8);
    let one_by_one = (0..games)
        .map(|_| single.play(&Tihbat.start(), &mut rng))
        .collect();
    let (reasons_one, mean_one) = summary(one_by_one);
    let (reasons_many, mean_many) = summary(many(Tihbat, games, 8));
    assert_eq!(
        reasons_one.keys().collect::<Vec<_>>(),
        reasons_many.keys().collect::<Vec<_>>()
    );
    for (reason, &count) in &reasons_one {
        let other = reasons_many[reason];
        assert!(
            count.abs_diff(other) < 200,
            "{reason}: {count} one by one, {other} side by side"
        );
    }
    assert!(
        (mean_one - mean_many).abs() < 1.5,
        "mean length {mean_one} vs {mean_many}"
    );
}
