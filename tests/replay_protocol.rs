//! The replay protocol (`shared/PROTOCOL.md`), checked on the compiled
//! `replay` example: requests on standard input, one JSON line out per line
//! in, the exact response shape, errors, and concrete games written by hand.

mod common;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use mancala_rules::{AnyGame, GameKind, Move};
use serde_json::{json, Value};

// ---------------------------------------------------------------------------
// Running the example
// ---------------------------------------------------------------------------

/// The `replay` example of this build: `target/<profile>/examples/replay`.
fn replay_binary() -> &'static PathBuf {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| {
        let (dir, built) = common::examples::build(&["--example", "replay"]);
        let binary = common::examples::binary_in(&dir, "replay");
        assert!(
            built || binary.exists(),
            "could not build the replay example, and {} is missing",
            binary.display()
        );
        binary
    })
}

/// Runs `replay` on `input` (raw bytes) and returns its output lines, parsed.
fn run_bytes(input: &[u8]) -> Vec<Value> {
    let mut child = Command::new(replay_binary())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("replay starts");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Write from another thread so that a large output cannot block us.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("replay runs");
    writer.join().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(0),
        "replay must exit 0; stderr: {stderr}"
    );
    assert!(!stderr.contains("panicked"), "replay panicked: {stderr}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}")))
        .collect()
}

fn run(input: &str) -> Vec<Value> {
    run_bytes(input.as_bytes())
}

/// One request, one response, shape checked.
fn one(request: Value) -> Value {
    let lines = run(&format!("{request}\n"));
    assert_eq!(lines.len(), 1, "one line out for one line in: {lines:?}");
    let response = lines.into_iter().next().unwrap();
    check_response_shape(&response);
    response
}

// ---------------------------------------------------------------------------
// The shape of PROTOCOL.md
// ---------------------------------------------------------------------------

fn pits_of(game: &str) -> usize {
    match game {
        "bohnenspiel" | "djenon-aboure" => 12,
        "tihbat" => 4,
        "al-manqala" => 14,
        // The variants and reference games: as the library has them.
        other => other.parse::<GameKind>().expect("a game").new_game().pits().len(),
    }
}

fn total_of(game: &str) -> u64 {
    match game {
        "bohnenspiel" => 72,
        "djenon-aboure" => 48,
        "tihbat" => 28,
        "al-manqala" => 98,
        other => {
            let start = other.parse::<GameKind>().expect("a game").new_game();
            start.pits().iter().map(|&s| u64::from(s)).sum()
        }
    }
}

fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}

fn u64s(value: &Value) -> Vec<u64> {
    value
        .as_array()
        .expect("an array")
        .iter()
        .map(|v| v.as_u64().expect("a count"))
        .collect()
}

/// A response line: `{"game", "positions"}`, `{"game", "positions", "error"}`,
/// `{"game", "error"}` or `{"error"}`, each position and error well formed.
fn check_response_shape(response: &Value) {
    let k = keys(response);
    assert!(
        [
            vec!["game", "positions"],
            vec!["error", "game", "positions"],
            vec!["error", "game"],
            vec!["error"],
        ]
        .contains(&k),
        "unexpected response fields {k:?}: {response}"
    );
    if let Some(error) = response.get("error") {
        assert_eq!(keys(error), ["message", "ply"], "error fields: {error}");
        assert!(error["ply"].is_u64(), "ply: {error}");
        assert!(!error["message"].as_str().expect("a message").is_empty());
        if response.get("positions").is_none() {
            assert_eq!(
                error["ply"], 0,
                "a request refused as a whole has ply 0: {response}"
            );
        }
    }
    if let Some(positions) = response.get("positions") {
        let game = response["game"].as_str().expect("the game's name");
        let positions = positions.as_array().expect("positions");
        assert!(!positions.is_empty(), "positions[0] is the start");
        for (i, pos) in positions.iter().enumerate() {
            check_position_shape(game, pos);
            // Only the last position can be over.
            if i + 1 < positions.len() {
                assert_eq!(
                    pos["over"], false,
                    "a position before the last is over: {response}"
                );
            }
        }
        if let Some(error) = response.get("error") {
            assert_eq!(
                error["ply"].as_u64().unwrap(),
                positions.len() as u64,
                "the failing move comes right after the positions: {response}"
            );
        }
    }
}

/// One position: exactly the fields of PROTOCOL.md, with consistent values.
fn check_position_shape(game: &str, pos: &Value) {
    assert_eq!(
        keys(pos),
        ["final", "legal", "over", "pits", "scores", "to_move", "winner"],
        "position fields: {pos}"
    );
    let pits = u64s(&pos["pits"]);
    assert_eq!(pits.len(), pits_of(game), "pit count: {pos}");
    let scores = u64s(&pos["scores"]);
    assert_eq!(scores.len(), 2);
    assert_eq!(
        pits.iter().sum::<u64>() + scores.iter().sum::<u64>(),
        total_of(game),
        "seeds: {pos}"
    );
    let to_move = pos["to_move"].as_u64().expect("to_move");
    assert!(to_move <= 1);
    let legal: Vec<&str> = pos["legal"]
        .as_array()
        .expect("legal")
        .iter()
        .map(|m| m.as_str().expect("a move string"))
        .collect();
    let over = pos["over"].as_bool().expect("over is a bool");
    if over {
        assert!(legal.is_empty(), "a finished game lists no move: {pos}");
        let totals = u64s(&pos["final"]);
        assert_eq!(totals.len(), 2);
        assert_eq!(totals[0] + totals[1], total_of(game), "final totals: {pos}");
        let winner = match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => json!(0),
            std::cmp::Ordering::Less => json!(1),
            std::cmp::Ordering::Equal => Value::Null,
        };
        assert_eq!(pos["winner"], winner, "winner: {pos}");
    } else {
        assert!(
            pos["final"].is_null() && pos["winner"].is_null(),
            "unfinished: {pos}"
        );
        assert!(!legal.is_empty(), "an unfinished game has a move: {pos}");
        if legal.contains(&"pass") {
            assert_eq!(legal, ["pass"], "pass is the only move when it is one: {pos}");
        } else {
            let numbers: Vec<usize> = legal.iter().map(|m| m.parse().expect("a pit number")).collect();
            assert!(numbers.windows(2).all(|w| w[0] < w[1]), "ascending: {pos}");
            let n = pits.len() / 2;
            let own = to_move as usize * n + 1..=to_move as usize * n + n;
            for (number, text) in numbers.iter().zip(&legal) {
                assert!(own.contains(number), "pit {number} is not the mover's: {pos}");
                assert!(pits[number - 1] > 0, "empty pit {number} listed: {pos}");
                assert_eq!(number.to_string(), *text, "standard notation");
            }
        }
    }
}

fn position(response: &Value, i: usize) -> &Value {
    &response["positions"][i]
}

fn positions(response: &Value) -> &Vec<Value> {
    response["positions"].as_array().expect("positions")
}

// ---------------------------------------------------------------------------
// Requests and starts
// ---------------------------------------------------------------------------

#[test]
fn default_start_is_the_opening_and_names_are_case_insensitive() {
    for (name, given, pits, seeds) in [
        ("bohnenspiel", "BohnenSpiel", 12, 6),
        ("djenon-aboure", "DJENON-ABOURE", 12, 4),
        ("tihbat", "Tihbat", 4, 7),
        ("al-manqala", "al-MANQALA", 14, 7),
    ] {
        for request in [json!({"game": given}), json!({"game": name, "moves": []})] {
            let response = one(request);
            assert_eq!(response["game"], name);
            assert_eq!(positions(&response).len(), 1);
            let legal: Vec<String> = (1..=pits / 2).map(|p: usize| p.to_string()).collect();
            assert_eq!(
                position(&response, 0),
                &json!({"pits": vec![seeds; pits], "scores": [0, 0], "to_move": 0, "legal": legal,
                        "over": false, "final": null, "winner": null})
            );
        }
    }
}

#[test]
fn positions_follow_the_moves() {
    let response = one(json!({"game": "bohnenspiel", "moves": ["3", "9"]}));
    let p = positions(&response);
    assert_eq!(p.len(), 3);
    assert_eq!(p[0]["pits"], json!([6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6]));
    assert_eq!(p[1]["pits"], json!([6, 6, 0, 7, 7, 7, 7, 7, 7, 6, 6, 6]));
    assert_eq!(p[1]["to_move"], 1);
    assert_eq!(p[1]["legal"], json!(["7", "8", "9", "10", "11", "12"]));
    // North's pit 9 (7 beans): 10, 11, 12, 1, 2, 3, 4; pit 4 reaches 8.
    assert_eq!(p[2]["pits"], json!([7, 7, 1, 8, 7, 7, 7, 7, 0, 7, 7, 7]));
    assert_eq!(p[2]["scores"], json!([0, 0]));
    assert_eq!(p[2]["to_move"], 0);

    let response = one(json!({"game": "tihbat", "moves": ["1"]}));
    assert_eq!(position(&response, 1)["pits"], json!([2, 9, 9, 8]));
    assert_eq!(position(&response, 1)["legal"], json!(["3", "4"]));
}

#[test]
fn a_given_start_is_positions_0() {
    let start = json!({"pits": [3, 7, 7, 11], "scores": [0, 0], "to_move": 0});
    let response = one(json!({"game": "tihbat", "start": start, "moves": ["1"]}));
    assert_eq!(position(&response, 0)["pits"], start["pits"]);
    assert_eq!(position(&response, 0)["to_move"], 0);
    assert_eq!(position(&response, 0)["legal"], json!(["1", "2"]));
    // Origin-first: 1 back into pit 1, then pits 2 and 3; no capture on North's side.
    assert_eq!(position(&response, 1)["pits"], json!([1, 8, 8, 11]));
    assert_eq!(position(&response, 1)["scores"], json!([0, 0]));

    // North to move, captures given.
    let response = one(json!({"game": "djenon-aboure",
        "start": {"pits": [0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0], "scores": [20, 26], "to_move": 1}}));
    assert_eq!(position(&response, 0)["to_move"], 1);
    assert_eq!(position(&response, 0)["scores"], json!([20, 26]));
    assert_eq!(position(&response, 0)["legal"], json!(["7"]));
}

#[test]
fn unknown_game_is_refused_with_ply_0() {
    for name in ["awale", "", "tihbat ", "bohnenspiel hemprich", "kalah-7"] {
        let response = one(json!({"game": name, "moves": ["1"]}));
        assert!(response.get("positions").is_none(), "{response}");
        assert_eq!(response["error"]["ply"], 0);
    }
}

#[test]
fn invalid_starts_are_refused_with_ply_0() {
    let starts = [
        // Wrong pit count.
        json!({"pits": [7, 7, 7, 7, 0], "scores": [0, 0], "to_move": 0}),
        json!({"pits": [14, 14], "scores": [0, 0], "to_move": 0}),
        // Seeds do not add up to 28.
        json!({"pits": [7, 7, 7, 6], "scores": [0, 0], "to_move": 0}),
        json!({"pits": [7, 7, 7, 7], "scores": [2, 0], "to_move": 0}),
        // No player 2.
        json!({"pits": [7, 7, 7, 7], "scores": [0, 0], "to_move": 2}),
        // Not counts at all.
        json!({"pits": [7, 7, 7, -7], "scores": [0, 0], "to_move": 0}),
        json!({"pits": [7, 7, 7, 256], "scores": [0, 0], "to_move": 0}),
    ];
    for start in starts {
        let response = one(json!({"game": "tihbat", "start": start, "moves": ["1"]}));
        assert!(response.get("positions").is_none(), "{start}: {response}");
        assert_eq!(response["error"]["ply"], 0, "{start}: {response}");
    }
    for (game, pits) in [("bohnenspiel", 11), ("djenon-aboure", 14), ("al-manqala", 12)] {
        let start = json!({"pits": vec![0; pits], "scores": [0, 0], "to_move": 0});
        let response = one(json!({"game": game, "start": start}));
        assert_eq!(response["error"]["ply"], 0, "{response}");
        assert_eq!(response["game"], game);
    }
}

// ---------------------------------------------------------------------------
// Illegal moves
// ---------------------------------------------------------------------------

#[test]
fn an_illegal_move_ends_the_positions_with_its_ply() {
    // The protocol's own example: South may not play North's pit 3.
    let response = one(
        json!({"game": "tihbat", "start": {"pits": [7, 7, 7, 7], "scores": [0, 0], "to_move": 0},
        "moves": ["3"]}),
    );
    assert_eq!(positions(&response).len(), 1);
    assert_eq!(
        response["error"],
        json!({"ply": 1, "message": "pit 3 is not yours: South owns pits 1-2"})
    );

    for (moves, ply) in [
        (json!(["1", "1"]), 2),        // North may not play South's pit
        (json!(["1", "3", "9"]), 3),   // out of range
        (json!(["1", "3", "0"]), 3),   // out of range
        (json!(["pass"]), 1),          // pass while a move exists
        (json!(["1", "seven"]), 2),    // not a move
        (json!(["1", 3]), 2),          // not a string
        (json!(["1", "3", ""]), 3),    // empty
        (json!(["1", "3", "300"]), 3), // not a pit number
    ] {
        let response = one(json!({"game": "tihbat", "moves": moves}));
        assert_eq!(response["error"]["ply"], ply, "{moves}: {response}");
        assert_eq!(positions(&response).len(), ply, "{moves}: {response}");
    }

    // An empty pit.
    let response = one(json!({"game": "tihbat",
        "start": {"pits": [0, 7, 7, 7], "scores": [7, 0], "to_move": 0}, "moves": ["1"]}));
    assert_eq!(response["error"], json!({"ply": 1, "message": "pit 1 is empty"}));

    // A move after the end of the game.
    let response = one(json!({"game": "tihbat",
        "start": {"pits": [1, 0, 1, 0], "scores": [13, 13], "to_move": 0}, "moves": ["1", "3", "1"]}));
    assert_eq!(positions(&response).len(), 3);
    assert_eq!(response["error"]["ply"], 3);
    assert_eq!(position(&response, 2)["over"], true);
}

#[test]
fn djenon_endless_relay_is_refused() {
    // RULES.md: South playing pit 1 in 6 6 5 4 3 4 5 2 1 2 1 9 never ends.
    let start = json!({"pits": [6, 6, 5, 4, 3, 4, 5, 2, 1, 2, 1, 9], "scores": [0, 0], "to_move": 0});
    let response = one(json!({"game": "djenon-aboure", "start": start, "moves": ["1"]}));
    assert_eq!(positions(&response).len(), 1);
    let legal = &position(&response, 0)["legal"];
    assert!(!legal.as_array().unwrap().contains(&json!("1")), "{legal}");
    assert_eq!(response["error"]["ply"], 1);
    let message = response["error"]["message"].as_str().unwrap();
    assert!(message.contains("never end"), "{message}");

    // A singleton may not move either.
    let start = json!({"pits": [1, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0], "scores": [20, 23], "to_move": 0});
    let response = one(json!({"game": "djenon-aboure", "start": start, "moves": ["1"]}));
    assert_eq!(position(&response, 0)["legal"], json!(["2"]));
    assert_eq!(response["error"]["ply"], 1);
}

// ---------------------------------------------------------------------------
// Passes and endings, by hand
// ---------------------------------------------------------------------------

#[test]
fn forced_pass_is_the_only_legal_move() {
    // Tihbat: South's pits are empty.
    let response = one(json!({"game": "tihbat",
        "start": {"pits": [0, 0, 3, 1], "scores": [12, 12], "to_move": 0}, "moves": ["pass", "4"]}));
    assert_eq!(position(&response, 0)["legal"], json!(["pass"]));
    assert_eq!(position(&response, 1)["pits"], json!([0, 0, 3, 1]));
    assert_eq!(position(&response, 1)["to_move"], 1);
    assert_eq!(position(&response, 1)["legal"], json!(["3", "4"]));
    // Pit 4's single counter goes back into pit 4: the start repeats (the
    // position after the pass counts too), and the board is split.
    assert_eq!(
        position(&response, 2),
        &json!({"pits": [0, 0, 3, 1], "scores": [12, 12], "to_move": 0, "legal": [],
                "over": true, "final": [14, 14], "winner": null})
    );

    // Djenon-aboure: South has only singletons, North can move.
    let response = one(json!({"game": "djenon-aboure",
        "start": {"pits": [1, 0, 1, 0, 1, 0, 2, 0, 0, 0, 0, 0], "scores": [21, 22], "to_move": 0},
        "moves": ["pass"]}));
    assert_eq!(position(&response, 0)["legal"], json!(["pass"]));
    assert_eq!(position(&response, 1)["legal"], json!(["7"]));

    // Hemprich is not in the protocol, but standard Bohnenspiel never passes:
    // an empty row ends the game.
    let response = one(json!({"game": "bohnenspiel",
        "start": {"pits": [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], "scores": [40, 31], "to_move": 0}}));
    assert_eq!(position(&response, 0)["over"], true);
    assert_eq!(position(&response, 0)["final"], json!([40, 32]));
    assert_eq!(position(&response, 0)["winner"], 0);
}

#[test]
fn tihbat_repetition_ends_with_the_board_split() {
    let response = one(json!({"game": "tihbat",
        "start": {"pits": [1, 0, 1, 0], "scores": [13, 13], "to_move": 0}, "moves": ["1", "3"]}));
    let p = positions(&response);
    assert_eq!(p.len(), 3);
    assert_eq!(p[1]["legal"], json!(["3"]));
    assert_eq!(p[1]["over"], false);
    assert_eq!(
        p[2],
        json!({"pits": [1, 0, 1, 0], "scores": [13, 13], "to_move": 0, "legal": [],
               "over": true, "final": [14, 14], "winner": null})
    );
}

#[test]
fn djenon_no_moves_each_keeps_their_row() {
    let response = one(json!({"game": "djenon-aboure",
        "start": {"pits": [1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], "scores": [20, 25], "to_move": 0}}));
    assert_eq!(
        position(&response, 0),
        &json!({"pits": [1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], "scores": [20, 25], "to_move": 0,
                "legal": [], "over": true, "final": [22, 26], "winner": 1})
    );
}

#[test]
fn al_manqala_starvation_end() {
    // North's row is empty and South's single seed cannot reach it: the
    // starved North takes the board.
    let start = json!({"pits": [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "scores": [48, 49], "to_move": 0});
    let response = one(json!({"game": "al-manqala", "start": start}));
    assert_eq!(position(&response, 0)["over"], true);
    assert_eq!(position(&response, 0)["legal"], json!([]));
    assert_eq!(position(&response, 0)["final"], json!([48, 50]));
    assert_eq!(position(&response, 0)["winner"], 1);
    // Pits are not swept in the position, only in `final`.
    assert_eq!(position(&response, 0)["pits"], start["pits"]);

    // South's row is empty: South passes; North cannot feed: South, starved,
    // takes the board.
    let start = json!({"pits": [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], "scores": [48, 49], "to_move": 0});
    let response = one(json!({"game": "al-manqala", "start": start, "moves": ["pass"]}));
    assert_eq!(position(&response, 0)["legal"], json!(["pass"]));
    assert_eq!(position(&response, 1)["over"], true);
    assert_eq!(position(&response, 1)["to_move"], 1);
    assert_eq!(position(&response, 1)["final"], json!([49, 49]));
    assert_eq!(position(&response, 1)["winner"], Value::Null);

    // North's row is empty: South must feed; pit 7 feeds, pit 1 does not.
    let start = json!({"pits": [3, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0], "scores": [40, 53], "to_move": 0});
    let response = one(json!({"game": "al-manqala", "start": start, "moves": ["1"]}));
    assert_eq!(position(&response, 0)["legal"], json!(["7"]));
    assert_eq!(response["error"]["ply"], 1);
    let response = one(json!({"game": "al-manqala", "start": start, "moves": ["7"]}));
    assert_eq!(
        position(&response, 1)["pits"],
        json!([3, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0])
    );
}

#[test]
fn bohnenspiel_end_after_a_move_gives_the_board_to_the_last_mover() {
    // South's last bean goes to North's pit 7; South's row is then empty.
    let start = json!({"pits": [0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0], "scores": [30, 38], "to_move": 0});
    let response = one(json!({"game": "bohnenspiel", "start": start, "moves": ["6", "7"]}));
    // Pit 7 reaches 4: captured (4), and pit 6 behind it holds 0: stop.
    assert_eq!(
        position(&response, 1)["pits"],
        json!([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    );
    assert_eq!(position(&response, 1)["scores"], json!([34, 38]));
    assert_eq!(position(&response, 1)["over"], true);
    assert_eq!(position(&response, 1)["final"], json!([34, 38]));
    assert_eq!(response["error"]["ply"], 2);
}

// ---------------------------------------------------------------------------
// Streams of lines
// ---------------------------------------------------------------------------

#[test]
fn one_line_out_per_line_in_and_errors_do_not_stop_the_program() {
    let input = [
        r#"{"game": "tihbat", "moves": ["1"]}"#,
        "this is not JSON",
        r#"{"game": "tihbat", "moves": ["1"]"#,
        "[1, 2, 3]",
        "{}",
        r#"{"game": 7}"#,
        r#"{"game": "tihbat", "moves": "1"}"#,
        "",
        "   ",
        r#"{"game": "al-manqala"}"#,
    ]
    .join("\n");
    let lines = run(&format!("{input}\n"));
    assert_eq!(lines.len(), 10, "{lines:?}");
    for line in &lines {
        check_response_shape(line);
    }
    assert_eq!(positions(&lines[0]).len(), 2);
    for (i, line) in lines.iter().enumerate().take(9).skip(1) {
        assert!(line.get("positions").is_none(), "line {}: {line}", i + 1);
        assert_eq!(line["error"]["ply"], 0, "line {}: {line}", i + 1);
    }
    assert_eq!(lines[9]["game"], "al-manqala");
    assert!(lines[9].get("error").is_none());
}

#[test]
fn invalid_utf8_and_a_missing_final_newline() {
    let mut input = b"{\"game\": \"tihbat\"}\n".to_vec();
    input.extend_from_slice(b"{\"game\": \"ti\xffhbat\"}\n");
    input.extend_from_slice(b"{\"game\": \"tihbat\", \"moves\": [\"2\"]}");
    let lines = run_bytes(&input);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[0].get("error").is_none());
    assert_eq!(lines[1]["error"]["ply"], 0);
    check_response_shape(&lines[2]);
    assert_eq!(positions(&lines[2]).len(), 2);
}

#[test]
fn empty_input_gives_no_output() {
    assert!(run("").is_empty());
}

// ---------------------------------------------------------------------------
// Against the library
// ---------------------------------------------------------------------------

/// The JSON position the protocol should give for a library game.
fn expected_position(game: &AnyGame) -> Value {
    let outcome = game.outcome();
    json!({
        "pits": game.pits(),
        "scores": game.scores(),
        "to_move": u8::from(game.to_move()),
        "legal": game.legal_moves().into_iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        "over": outcome.is_some(),
        "final": outcome.map(|o| o.totals),
        "winner": outcome.and_then(|o| o.winner()).map(u8::from),
    })
}

#[test]
fn random_games_agree_with_the_library() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut requests = Vec::new();
    let mut expected = Vec::new();
    for kind in GameKind::ALL {
        for _ in 0..12 {
            let mut game = kind.new_game();
            let mut moves: Vec<Move> = Vec::new();
            let mut positions = vec![expected_position(&game)];
            while !game.legal_moves().is_empty() && moves.len() < 300 {
                let legal = game.legal_moves();
                let mv = legal.nth_move(next(legal.len())).unwrap();
                game.play(mv).unwrap();
                moves.push(mv);
                positions.push(expected_position(&game));
            }
            // Sometimes end with an illegal move.
            let mut response = json!({"game": kind.name(), "positions": positions});
            let mut texts: Vec<String> = moves.iter().map(Move::to_string).collect();
            if next(3) == 0 {
                texts.push("99".to_string());
                response["error"] = json!({"ply": texts.len(),
                    "message": game.play(Move::Pit(99)).unwrap_err().to_string()});
            }
            requests.push(json!({"game": kind.name().to_uppercase(), "moves": texts}).to_string());
            expected.push(response);
        }
    }
    let lines = run(&(requests.join("\n") + "\n"));
    assert_eq!(lines.len(), expected.len());
    for (got, want) in lines.iter().zip(&expected) {
        check_response_shape(got);
        assert_eq!(got, want);
    }
}
