//! The replay protocol refuses a request as a whole, at ply 0 and before any
//! position is written, whenever it cannot be read; a response that holds
//! positions never says the request was unreadable (issue 18, item 5).
//!
//! Moves are written as raw JSON text, so that values a JSON value type
//! cannot hold (lone surrogate escapes, numbers beyond a float) are fed too.
//! The oracle is serde_json's own `Value` parser, which decodes every string
//! and number: a request is unreadable exactly when it fails.

use mancala_rules::protocol::respond;
use mancala_rules::{AnyGame, GameKind, Move};
use proptest::prelude::*;
use serde_json::Value;

/// The one response line to `request`, parsed, with its raw text.
fn answer(request: &str) -> (Value, String) {
    let mut out = Vec::new();
    respond(request, &mut out).expect("writing to a Vec");
    let text = String::from_utf8(out).expect("UTF-8 output");
    assert!(text.ends_with('\n'), "one line, ended: {text:?}");
    assert_eq!(text.matches('\n').count(), 1, "one line: {text:?}");
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
    (value, text)
}

/// The shape every answer has: positions then maybe an error at the ply
/// after the last position, or no positions and an error at ply 0.
fn check_shape(request: &str, response: &Value) -> Result<(), TestCaseError> {
    let error = response.get("error");
    match response.get("positions") {
        Some(positions) => {
            let written = positions.as_array().expect("positions are an array").len() as u64;
            prop_assert!(written >= 1, "{request}: no start position in {response}");
            if let Some(error) = error {
                prop_assert_eq!(error["ply"].as_u64(), Some(written), "{}: {}", request, response);
                let message = error["message"].as_str().unwrap_or_default();
                prop_assert!(
                    !message.contains("unreadable"),
                    "{}: positions written, then unreadable: {}",
                    request,
                    response
                );
            }
        }
        None => {
            prop_assert_eq!(
                error.map(|e| &e["ply"]),
                Some(&Value::from(0)),
                "{}: {}",
                request,
                response
            );
        }
    }
    Ok(())
}

/// A refusal of the whole request as unreadable: `{"error": {"ply": 0, ..}}`
/// and nothing else.
fn assert_unreadable(request: &str) {
    let (response, text) = answer(request);
    let keys: Vec<&str> = response.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["error"], "{request}: {text}");
    assert_eq!(response["error"]["ply"], 0, "{request}: {text}");
    let message = response["error"]["message"].as_str().unwrap();
    assert!(message.starts_with("unreadable request: "), "{request}: {text}");
}

#[test]
fn a_lone_surrogate_move_is_refused_before_any_position() {
    assert_unreadable(r#"{"game":"tihbat","moves":["1","\ud800","3"]}"#);
    // A low surrogate alone, a high one followed by something else.
    assert_unreadable(r#"{"game":"tihbat","moves":["1","\udc00"]}"#);
    assert_unreadable(r#"{"game":"tihbat","moves":["1","\ud83dx"]}"#);
}

#[test]
fn a_move_out_of_float_range_is_refused_before_any_position() {
    assert_unreadable(r#"{"game":"tihbat","moves":["1",1e999999,"3"]}"#);
    assert_unreadable(r#"{"game":"tihbat","moves":["1",-1e999999]}"#);
}

/// The same anywhere in `moves`: after an illegal move, inside an array or
/// object given as a move, as a key; and before the game's name.
#[test]
fn an_undecodable_value_anywhere_in_moves_makes_the_request_unreadable() {
    for request in [
        r#"{"game":"tihbat","moves":["3","\ud800"]}"#,
        r#"{"game":"tihbat","moves":["x",1e999999]}"#,
        r#"{"game":"tihbat","moves":["1",["\ud800"]]}"#,
        r#"{"game":"tihbat","moves":["1",{"a":1e999999}]}"#,
        r#"{"game":"tihbat","moves":["1",{"\ud800":1}]}"#,
        r#"{"moves":["1","\ud800"],"game":"tihbat"}"#,
        r#"{"moves":["1","\ud800"],"game":"chess"}"#,
    ] {
        assert_unreadable(request);
    }
}

/// What does decode is a move or not at its own ply, as before.
#[test]
fn decodable_odd_values_are_moves_or_not_at_their_ply() {
    // `\u0031` is "1"; a surrogate pair is one character, not a move.
    let (response, text) = answer(r#"{"game":"tihbat","moves":["\u0031","\ud83d\ude00"]}"#);
    assert_eq!(response["positions"].as_array().unwrap().len(), 2, "{text}");
    assert_eq!(response["error"]["ply"], 2, "{text}");
    // 1e308 and a 30-digit integer are numbers, not moves.
    for number in ["1e308", "123456789012345678901234567890", "-0"] {
        let (response, text) = answer(&format!(r#"{{"game":"tihbat","moves":["1",{number}]}}"#));
        assert_eq!(response["error"]["ply"], 2, "{text}");
        assert!(
            response["error"]["message"]
                .as_str()
                .unwrap()
                .contains("is not a move"),
            "{text}"
        );
    }
}

// ---------------------------------------------------------------------------
// The property
// ---------------------------------------------------------------------------

/// Raw JSON text of one element of `moves`.
fn move_text() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        // Moves of Tihbat, often: positions get written before the odd value.
        6 => prop::sample::select(vec!["1", "2", "3", "4", "pass"]).prop_map(|m| format!("\"{m}\"")),
        // Strings with every kind of escape, good and bad.
        3 => prop::sample::select(vec![
            r#""\ud800""#, r#""\udfff""#, r#""1\ud800""#, r#""\ud83d""#, r#""\ude00""#,
            r#""\ud83d\ude00""#, r#""\ud800\ud800""#, r#""\u0031""#, r#""\u0070ass""#, r#""\/""#,
            r#""\n""#, r#""\u0000""#, r#""\x""#, r#""\u12""#, r#""\uZZZZ""#, r#""01""#, r#""Pass""#,
            "\"\u{1F600}\"", "\"\u{202E}1\"",
        ])
        .prop_map(str::to_string),
        // Numbers, in range and not.
        2 => prop::sample::select(vec![
            "1", "-1", "0", "-0", "1.5", "1e308", "1e309", "1e999999", "-1e999999", "1E+400",
            "123456789012345678901234567890", "0.0000000000000000000000000001e-999999",
        ])
        .prop_map(str::to_string),
        1 => prop::sample::select(vec!["null", "true", "false", "{}", "[]"]).prop_map(str::to_string),
        // Any string, written correctly.
        1 => any::<String>().prop_map(|s| serde_json::to_string(&s).unwrap()),
        // Any escape of any code unit.
        2 => any::<u16>().prop_map(|unit| format!("\"\\u{unit:04x}\"")),
    ];
    leaf.prop_recursive(3, 12, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(|items| format!("[{}]", items.join(","))),
            (inner.clone(), inner).prop_map(|(key, value)| {
                // A key must be a string: keep the value's text as one if it is.
                let key = if key.starts_with('"') {
                    key
                } else {
                    "\"k\"".to_string()
                };
                format!("{{{key}:{value}}}")
            }),
        ]
    })
}

/// The positions a request should hold (its start and each move played in
/// turn), and the ply of the first element that is not a legal move, played
/// through the library from the decoded moves.
fn expected(moves: &[Value]) -> (u64, Option<u64>) {
    let mut game: AnyGame = GameKind::Tihbat.new_game();
    let mut positions = 1;
    for (ply, value) in (1u64..).zip(moves) {
        let Some(text) = value.as_str() else {
            return (positions, Some(ply));
        };
        let Ok(mv) = text.parse::<Move>() else {
            return (positions, Some(ply));
        };
        if mv.to_string() != text || game.play(mv).is_err() {
            return (positions, Some(ply));
        }
        positions += 1;
    }
    (positions, None)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Whatever the moves, a response never holds positions and says the
    /// request was unreadable; it is refused at ply 0 exactly when the line
    /// does not decode as JSON; otherwise it holds the positions of the
    /// moves played up to the first that is not a legal move.
    #[test]
    fn no_response_holds_positions_and_calls_the_request_unreadable(
        moves in prop::collection::vec(move_text(), 0..8),
    ) {
        let request = format!(r#"{{"game":"tihbat","moves":[{}]}}"#, moves.join(","));
        let (response, _) = answer(&request);
        check_shape(&request, &response)?;
        match serde_json::from_str::<Value>(&request) {
            Err(_) => prop_assert!(response.get("positions").is_none(), "{}: {}", request, response),
            Ok(decoded) => {
                let (positions, failure) = expected(decoded["moves"].as_array().unwrap());
                let written = response["positions"].as_array().map(Vec::len);
                prop_assert_eq!(written, Some(positions as usize), "{}: {}", request, response);
                prop_assert_eq!(
                    response.get("error").map(|e| e["ply"].as_u64().unwrap()),
                    failure,
                    "{}: {}",
                    request,
                    response
                );
            }
        }
    }
}
