//! Plays a whole game between two simple engines, drawing the board after
//! every move.
//!
//! ```text
//! cargo run --release --example autoplay -- [GAME] [SEED]
//! ```
//!
//! GAME is `bohnenspiel` (default), `djenon-aboure`, `tihbat` or `al-manqala`.
//! Each side looks two plies ahead (its capture minus the opponent's best
//! reply) and breaks ties with a seeded pseudo-random choice, so that SEED
//! gives a different, reproducible game. Al-manqala's players agree to split
//! when a position occurs for the third time.

use std::process::ExitCode;

use mancala_rules::{AgreementPolicy, AnyGame, GameKind, Move};

/// A small deterministic generator (SplitMix64): no dependency needed.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Seeds the mover gains by `mv`, minus the most the opponent can then gain
/// with one move.
fn two_ply_gain(game: &AnyGame, mv: Move) -> i32 {
    let me = game.to_move().index();
    let mut after = game.clone();
    if after.play(mv).is_err() {
        return i32::MIN;
    }
    let gained = i32::from(after.scores()[me]) - i32::from(game.scores()[me]);
    let reply = after
        .legal_moves()
        .into_iter()
        .map(|reply| {
            let mut next = after.clone();
            let them = 1 - me;
            match next.play(reply) {
                Ok(_) => i32::from(next.scores()[them]) - i32::from(after.scores()[them]),
                Err(_) => 0,
            }
        })
        .max()
        .unwrap_or(0);
    gained - reply
}

fn choose(game: &AnyGame, rng: &mut SplitMix) -> Option<Move> {
    let moves = game.legal_moves();
    let scored: Vec<(i32, Move)> = moves.into_iter().map(|mv| (two_ply_gain(game, mv), mv)).collect();
    let best = scored.iter().map(|&(score, _)| score).max()?;
    let ties: Vec<Move> = scored
        .iter()
        .filter(|&&(s, _)| s == best)
        .map(|&(_, mv)| mv)
        .collect();
    ties.get((rng.next() % ties.len() as u64) as usize).copied()
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let kind: GameKind = match args.next().unwrap_or_else(|| "bohnenspiel".into()).parse() {
        Ok(kind) => kind,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let seed = match args.next().map(|s| s.parse::<u64>()) {
        None => 1,
        Some(Ok(seed)) => seed,
        Some(Err(_)) => {
            eprintln!("SEED must be a whole number");
            return ExitCode::FAILURE;
        }
    };
    let mut rng = SplitMix(seed);
    let mut game = kind.new_game();
    println!("{kind}, seed {seed}\n\n{}\n", game.diagram());
    loop {
        if game.apply_policy(AgreementPolicy::default()) {
            println!("The position occurred a third time: the players agree to split the board.");
        }
        let Some(mv) = choose(&game, &mut rng) else { break };
        let player = game.to_move();
        let report = match game.play(mv) {
            Ok(report) => report,
            Err(e) => {
                eprintln!("engine chose an illegal move: {e}");
                return ExitCode::FAILURE;
            }
        };
        print!("{}. {player} plays {mv}", game.moves().len());
        if report.laps > 1 {
            print!(", {} laps", report.laps);
        }
        if report.seeds_captured > 0 {
            print!(
                ", captures {} from pit(s) {}",
                report.seeds_captured, report.captured
            );
        }
        println!("\n{}\n", game.diagram());
    }
    if let Some(outcome) = game.outcome() {
        let [south, north] = outcome.totals;
        let result = match outcome.winner() {
            Some(winner) => format!("{winner} wins"),
            None => "draw".to_string(),
        };
        println!(
            "Game over after {} moves ({:?}): South {south}, North {north}: {result}.",
            game.moves().len(),
            outcome.reason
        );
    }
    ExitCode::SUCCESS
}
