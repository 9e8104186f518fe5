//! The replay protocol streams: the memory a request takes is bounded by a
//! small multiple of its line plus a constant, whatever the game's length.
//! Measured with a global allocator that tracks this thread's live bytes.

mod common;

use std::io::Write;

use common::alloc::{peak_bytes_in, Tracking};
use mancala_rules::playout::SplitMix64;
use mancala_rules::protocol::{serve, Limits};
use mancala_rules::{AnyGame, GameKind, Player};

#[global_allocator]
static GLOBAL: Tracking = Tracking;

/// Counts the bytes and lines written without keeping them (the caller's
/// output is not the request's memory).
struct Counter(usize, usize);

impl Write for Counter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        self.1 += buf.iter().filter(|&&b| b == b'\n').count();
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Al-manqala with one seed a side and no agreement: the players can chase
/// each other for ever. (Found by a random search over sparse boards.)
const CHASE: [u8; 14] = [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0];

/// A request of exactly `plies` random legal moves from [`CHASE`], none
/// ending the game.
fn long_request(plies: usize) -> String {
    for seed in 0..100 {
        let mut rng = SplitMix64::new(seed);
        let mut game: AnyGame = GameKind::AlManqala
            .game_from(&CHASE, [48, 48], Player::South)
            .expect("a valid start");
        let mut moves: Vec<String> = Vec::with_capacity(plies);
        while moves.len() < plies {
            let legal = game.legal_moves();
            let Some(mv) = legal.nth_move(rng.below(legal.len().max(1))) else {
                break;
            };
            game.play(mv).expect("a legal move");
            moves.push(mv.to_string());
        }
        if moves.len() == plies && game.outcome().is_none() {
            let start = serde_json::json!({"pits": CHASE, "scores": [48, 48], "to_move": 0});
            return serde_json::json!({"game": "al-manqala", "start": start, "moves": moves}).to_string()
                + "\n";
        }
    }
    panic!("no chase of {plies} moves found");
}

#[test]
fn a_long_game_is_served_in_memory_bounded_by_its_line() {
    for plies in [500, 4000] {
        let request = long_request(plies);
        let mut output = Counter(0, 0);
        let ((), peak) = peak_bytes_in(|| {
            let summary = serve(request.as_bytes(), &mut output, &Limits::default()).expect("served");
            assert_eq!((summary.requests, summary.errors), (1, 0));
        });
        // Every position was written: about 100 bytes each.
        assert_eq!(output.1, 1, "one response line");
        assert!(output.0 > 100 * plies, "{} bytes out for {plies} moves", output.0);
        // The line is read into a buffer (up to twice its length while it
        // grows); the rest is constant: the output buffer, the start, the
        // parser's scratch. A value per position (as the first replay kept)
        // would take thousands of bytes per move.
        let bound = 3 * request.len() + 64 * 1024;
        assert!(
            peak <= bound,
            "{plies} moves, a {}-byte line: {peak} bytes at the peak, more than {bound}",
            request.len()
        );
    }
}

/// A line longer than the limit is skipped without being stored.
#[test]
fn an_over_long_line_is_not_stored() {
    let long = long_request(4000);
    let input = format!("{long}{{\"game\":\"tihbat\"}}\n");
    let mut output = Counter(0, 0);
    let limits = Limits::default().with_max_line(1000);
    let ((), peak) = peak_bytes_in(|| {
        let summary = serve(input.as_bytes(), &mut output, &limits).expect("served");
        assert_eq!((summary.requests, summary.errors), (2, 1));
    });
    assert_eq!(output.1, 2);
    assert!(peak <= 2 * 1000 + 64 * 1024, "{peak} bytes at the peak");
}
