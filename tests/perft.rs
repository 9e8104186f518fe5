//! Perft regression: node counts from the opening of every game.
//!
//! The quick depths run in `cargo test`; the deeper ones (about a second
//! each in a release build) are ignored by default:
//!
//! ```text
//! cargo test --release --test perft -- --ignored
//! ```
//!
//! The counts of the four games were checked independently to depth 5 (and
//! deeper where it ran in reasonable time) with the Python reference rules
//! in `tools/reference/perft.py`; Oware's are OpenSpiel's published figures.

use mancala_rules::games::Oware;
use mancala_rules::games::{AlManqala, Bohnenspiel, DjenonAboure, Tihbat};
use mancala_rules::{perft, Ruleset};

const BOHNENSPIEL: [u64; 10] = [6, 36, 206, 1166, 6599, 36654, 203586, 1106575, 6015626, 32284295];
const DJENON_ABOURE: [u64; 10] = [6, 27, 120, 512, 1963, 7862, 26596, 92094, 285712, 856224];
const AL_MANQALA: [u64; 9] = [7, 49, 328, 2182, 14495, 95135, 624052, 4037587, 26139416];
const OWARE: [u64; 9] = [6, 36, 190, 1014, 5219, 27332, 139157, 711414, 3592872];
/// Tihbat's tree stays narrow (two pits a side) and the repetition rule cuts
/// it, so it can be counted much deeper.
const TIHBAT: [u64; 24] = [
    2, 4, 8, 16, 32, 64, 126, 239, 464, 879, 1698, 3265, 6212, 11823, 22316, 41966, 78472, 145885, 270872,
    500116, 919169, 1681845, 3063320, 5554398,
];

/// Checks `perft` from the opening for depths `depths` (1-based) of `expected`.
fn check<R: Ruleset + Default>(expected: &[u64], depths: std::ops::RangeInclusive<usize>) {
    let rules = R::default();
    let start = rules.start();
    for depth in depths {
        assert_eq!(
            perft(&rules, &start, depth as u32),
            expected[depth - 1],
            "{} perft({depth})",
            rules.name()
        );
    }
}

#[test]
fn perft_zero_is_one_and_a_finished_game_has_no_moves() {
    let rules = Bohnenspiel;
    assert_eq!(perft(&rules, &rules.start(), 0), 1);
    let over = "0 0 0 0 0 0 | 1 0 0 0 0 0 40-31 S".parse().unwrap();
    assert_eq!(perft(&rules, &over, 3), 0);
    assert_eq!(perft(&rules, &over, 0), 1);
}

#[test]
fn perft_counts_pass_as_a_move() {
    // South must pass; North then has two moves.
    let rules = Tihbat;
    let pos = "0 0 | 1 1 13-13 S".parse().unwrap();
    assert_eq!(perft(&rules, &pos, 1), 1);
    assert_eq!(perft(&rules, &pos, 2), 2);
}

#[test]
fn perft_applies_tihbat_repetition_along_each_path() {
    // South's single counter goes back into its pit, North's likewise: the
    // start comes back after two moves and that path ends there.
    let rules = Tihbat;
    let pos = "1 0 | 1 0 13-13 S".parse().unwrap();
    assert_eq!(perft(&rules, &pos, 2), 1);
    assert_eq!(perft(&rules, &pos, 3), 0);
}

#[test]
fn bohnenspiel_perft() {
    check::<Bohnenspiel>(&BOHNENSPIEL, 1..=6);
}

#[test]
fn djenon_aboure_perft() {
    check::<DjenonAboure>(&DJENON_ABOURE, 1..=6);
}

#[test]
fn tihbat_perft() {
    check::<Tihbat>(&TIHBAT, 1..=16);
}

#[test]
fn al_manqala_perft() {
    check::<AlManqala>(&AL_MANQALA, 1..=5);
}

#[test]
fn oware_perft_matches_openspiel() {
    check::<Oware>(&OWARE, 1..=6);
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn bohnenspiel_perft_deep() {
    check::<Bohnenspiel>(&BOHNENSPIEL, 7..=10);
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn djenon_aboure_perft_deep() {
    check::<DjenonAboure>(&DJENON_ABOURE, 7..=10);
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn tihbat_perft_deep() {
    check::<Tihbat>(&TIHBAT, 17..=24);
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn al_manqala_perft_deep() {
    check::<AlManqala>(&AL_MANQALA, 6..=9);
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn oware_perft_deep() {
    check::<Oware>(&OWARE, 7..=9);
}
