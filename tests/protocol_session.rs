//! The stateful mode of the protocol (`protocol::serve_session`): every
//! shipped game driven move by move agrees with the replay mode's answers,
//! and every refusal leaves the open game as it was.

use mancala_rules::protocol::{respond, serve_session, Limits, Session, MAX_TIME_MS};
use mancala_rules::GameKind;
use serde_json::{json, Value};

/// The answer of `session` to `request`, and whether it carries an error.
fn ask(session: &mut Session, request: &str) -> (Value, bool) {
    let mut out = Vec::new();
    let errored = session.respond(request, &mut out).expect("writes to a Vec");
    let text = String::from_utf8(out).expect("UTF-8");
    assert!(text.ends_with('\n') && text.matches('\n').count() == 1, "{text}");
    let value: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(errored, value.get("error").is_some(), "{value}");
    (value, errored)
}

fn ok(session: &mut Session, request: &str) -> Value {
    let (value, errored) = ask(session, request);
    assert!(!errored, "{request}: {value}");
    value
}

fn refused(session: &mut Session, request: &str, ply: u64, message: &str) {
    let before = session.game().cloned();
    let (value, errored) = ask(session, request);
    assert!(errored, "{request}: {value}");
    assert_eq!(value["error"]["ply"], ply, "{value}");
    let text = value["error"]["message"].as_str().unwrap_or_default();
    assert!(text.contains(message), "{request}: {text:?} lacks {message:?}");
    assert_eq!(
        session.game().cloned(),
        before,
        "a refused request changed the game"
    );
}

/// The replay mode's positions for `moves` of `game`.
fn replayed(game: &str, moves: &[String]) -> Vec<Value> {
    let mut out = Vec::new();
    respond(&json!({"game": game, "moves": moves}).to_string(), &mut out).expect("writes");
    let value: Value = serde_json::from_slice(&out).expect("JSON");
    value["positions"].as_array().expect("positions").clone()
}

/// A small generator, so that the games differ by kind and seed.
fn next(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *state >> 33
}

/// The replay mode's position, without the fields the session adds.
fn without_session_fields(position: &Value) -> Value {
    let mut p = position.clone();
    let map = p.as_object_mut().expect("an object");
    map.remove("reason");
    map.remove("moves");
    p
}

#[test]
fn every_game_played_move_by_move_agrees_with_the_replay_mode() {
    for (k, kind) in GameKind::ALL.into_iter().enumerate() {
        for seed in 0..5u64 {
            let mut rng = seed * 1000 + k as u64;
            let mut session = Session::new();
            let name = kind.name();
            let opened = ok(&mut session, &json!({"op": "open", "game": name}).to_string());
            assert_eq!(opened["game"], name);
            let mut moves: Vec<String> = Vec::new();
            let mut positions = vec![opened["position"].clone()];
            while moves.len() < 200 {
                let legal = positions.last().unwrap()["legal"].as_array().unwrap().clone();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[next(&mut rng) as usize % legal.len()]
                    .as_str()
                    .unwrap()
                    .to_string();
                let answer = ok(&mut session, &json!({"op": "play", "move": mv}).to_string());
                assert_eq!(answer["report"]["move"], mv.as_str());
                assert_eq!(answer["position"]["moves"], moves.len() + 1);
                moves.push(mv);
                positions.push(answer["position"].clone());
            }
            let expected = replayed(name, &moves);
            assert_eq!(expected.len(), positions.len());
            for (ours, theirs) in positions.iter().zip(&expected) {
                assert_eq!(&without_session_fields(ours), theirs, "{name}");
                assert_eq!(ours["reason"].is_null(), !ours["over"].as_bool().unwrap());
            }
            // Undo all the way back, each answer the position before.
            for i in (0..moves.len()).rev() {
                let answer = ok(&mut session, r#"{"op":"undo"}"#);
                assert_eq!(answer["undone"], moves[i].as_str());
                assert_eq!(answer["position"], positions[i]);
            }
            assert_eq!(ok(&mut session, r#"{"op":"undo"}"#)["undone"], Value::Null);
            assert_eq!(ok(&mut session, r#"{"op":"show"}"#)["position"], positions[0]);
        }
    }
}

#[test]
fn refusals_leave_the_game_as_it_was() {
    let mut s = Session::new();
    refused(&mut s, r#"{"op":"play","move":"1"}"#, 0, "no game is open");
    refused(
        &mut s,
        r#"{"op":"open","game":"chess"}"#,
        0,
        "unknown game 'chess'",
    );
    refused(&mut s, r#"{"op":"open"}"#, 0, "op open needs a `game` or `rules`");
    refused(
        &mut s,
        r#"{"op":"open","game":"oware","rules":{}}"#,
        0,
        "not both",
    );
    refused(
        &mut s,
        r#"{"op":"open","rules":{"format":1,"name":"x","pits":7,"seeds":3}}"#,
        0,
        "invalid rules",
    );
    refused(
        &mut s,
        r#"{"op":"open","rules":{"format":1,"name":"x","pits":8,"seeds":3,"colour":1}}"#,
        0,
        "invalid rules",
    );
    ok(&mut s, r#"{"op":"open","game":"Bohnenspiel"}"#);
    ok(&mut s, r#"{"op":"play","move":"3"}"#);
    refused(
        &mut s,
        r#"{"op":"play","move":"2"}"#,
        2,
        "pit 2 is not yours: North owns pits 7-12",
    );
    refused(&mut s, r#"{"op":"play","move":" 7"}"#, 2, "not a move");
    refused(&mut s, r#"{"op":"play","move":7}"#, 0, "unreadable request");
    refused(&mut s, r#"{"op":"play"}"#, 0, "op play needs a `move`");
    refused(
        &mut s,
        r#"{"op":"play","move":"7","depth":3}"#,
        0,
        "field `depth` is not one of op play's",
    );
    refused(
        &mut s,
        r#"{"op":"undo","move":"7"}"#,
        0,
        "field `move` is not one of op undo's",
    );
    refused(&mut s, r#"{"op":"fly"}"#, 0, "unknown op \"fly\"");
    refused(
        &mut s,
        r#"{"op":"show","colour":"red"}"#,
        0,
        "unknown field `colour`",
    );
    refused(&mut s, r#"{"op":"show","op":"show"}"#, 0, "duplicate field `op`");
    refused(&mut s, r#"{"op":"show"} {}"#, 0, "trailing characters");
    refused(&mut s, r#"{"op":"agree"}"#, 0, "no agreement to split");
    refused(&mut s, r#"{"op":"best","depth":0}"#, 0, "depth 0 is out of range");
    refused(
        &mut s,
        r#"{"op":"best","depth":121}"#,
        0,
        "depth 121 is out of range",
    );
    refused(
        &mut s,
        &format!(r#"{{"op":"best","time_ms":{}}}"#, MAX_TIME_MS + 1),
        0,
        "time_ms",
    );
    refused(&mut s, r#"{"op":"best","nodes":0}"#, 0, "nodes 0");
    refused(
        &mut s,
        r#"{"op":"open","game":"oware","start":{"pits":[4,4]}}"#,
        0,
        "invalid start",
    );
    refused(
        &mut s,
        r#"{"op":"open","game":"oware","start":{"pits":[4,4,4,4,4,4,4,4,4,4,4,4],"to_move":2}}"#,
        0,
        "player 2",
    );
    // Still the game of before, and a failed open keeps it.
    assert_eq!(ok(&mut s, r#"{"op":"show"}"#)["position"]["moves"], 1);
}

#[test]
fn the_engine_agreement_and_starts() {
    let mut s = Session::new();
    ok(&mut s, r#"{"op":"open","game":"kalah"}"#);
    let best = ok(&mut s, r#"{"op":"best","depth":4}"#);
    let mv = best["best"]["move"].as_str().unwrap();
    assert_eq!(best["best"]["depth"], 4);
    assert_eq!(best["best"]["line"][0], mv);
    assert!(best["position"]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m == mv));
    assert_eq!(best["position"]["moves"], 0, "best does not play");
    assert!(ok(&mut s, r#"{"op":"best","time_ms":20}"#)["best"]["move"].is_string());

    ok(&mut s, r#"{"op":"open","game":"al-manqala"}"#);
    ok(&mut s, r#"{"op":"play","move":"1"}"#);
    let agreed = ok(&mut s, r#"{"op":"agree"}"#);
    assert_eq!(agreed["position"]["over"], true);
    assert_eq!(agreed["position"]["reason"], "Agreement");
    assert_eq!(ok(&mut s, r#"{"op":"best","depth":3}"#)["best"], Value::Null);
    refused(&mut s, r#"{"op":"play","move":"8"}"#, 2, "the game is over");

    let start = json!({"op": "open", "game": "bohnenspiel",
        "start": {"pits": [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1], "scores": [30, 40], "to_move": 1}});
    let opened = ok(&mut s, &start.to_string());
    assert_eq!(opened["position"]["legal"], json!(["12"]));
    assert_eq!(opened["position"]["to_move"], 1);
}

#[test]
fn the_stream_is_read_as_in_the_replay_mode() {
    let input = "\u{feff}{\"op\":\"open\",\"game\":\"tihbat\"}\r\n\n{\"op\":\"play\",\"move\":\"1\"}\n{\"op\":\"show\"}";
    let mut out = Vec::new();
    let summary = serve_session(input.as_bytes(), &mut out, &Limits::default()).expect("served");
    assert_eq!((summary.requests, summary.errors), (4, 1));
    let lines: Vec<Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines[1]["error"]["message"], "empty request");
    assert_eq!(lines[3]["position"]["moves"], 1);
    // A line over the limit is refused and the game goes on.
    let long = format!(
        "{{\"op\":\"open\",\"game\":\"tihbat\"}}\n{{\"op\":\"show\"{}}}\n{{\"op\":\"show\"}}\n",
        " ".repeat(100)
    );
    let mut out = Vec::new();
    let summary = serve_session(long.as_bytes(), &mut out, &Limits::new().with_max_line(60)).expect("served");
    assert_eq!((summary.requests, summary.errors), (3, 1));
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.lines().nth(1).unwrap().contains("longer than 60 bytes"),
        "{text}"
    );
    assert!(text.lines().nth(2).unwrap().contains("\"op\":\"show\""), "{text}");
}

#[test]
fn a_long_game_answers_one_position_a_move() {
    // A bean each, going round in Bohnenspiel (no end for endless play): the
    // position comes back every twelve moves. 5,000 moves, each answered
    // with one position whatever the game's length (the replay mode would
    // send the whole game each time).
    let mut s = Session::new();
    let start = json!({"op": "open", "game": "bohnenspiel",
        "start": {"pits": [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1], "scores": [30, 40], "to_move": 1}});
    ok(&mut s, &start.to_string());
    let mut sizes = Vec::new();
    for ply in 1..=5_000u64 {
        let legal = s.game().unwrap().legal_moves();
        let across = legal.into_iter().last().unwrap().to_string();
        let mut out = Vec::new();
        let errored = s
            .respond(&json!({"op": "play", "move": across}).to_string(), &mut out)
            .unwrap();
        assert!(!errored);
        sizes.push(out.len());
        if ply % 1000 == 0 {
            let value: Value = serde_json::from_slice(&out).unwrap();
            assert_eq!(value["position"]["moves"], ply);
        }
    }
    let (min, max) = (sizes.iter().min().unwrap(), sizes.iter().max().unwrap());
    assert!(max - min <= 12, "answers from {min} to {max} bytes");
}

#[test]
fn a_game_opened_by_its_rules_plays_as_the_replay_mode_says() {
    let rules: Value =
        serde_json::from_str(include_str!("../examples/rules/mangala.json")).expect("the example's rules");
    let mut s = Session::new();
    let opened = ok(&mut s, &json!({"op": "open", "rules": rules}).to_string());
    assert_eq!(opened["game"], "mangala");
    let mut moves = Vec::new();
    let mut rng = 3u64;
    let mut positions = vec![opened["position"].clone()];
    loop {
        let legal = positions.last().unwrap()["legal"].as_array().unwrap().clone();
        if legal.is_empty() || moves.len() >= 300 {
            break;
        }
        let mv = legal[next(&mut rng) as usize % legal.len()]
            .as_str()
            .unwrap()
            .to_string();
        positions.push(ok(&mut s, &json!({"op": "play", "move": mv}).to_string())["position"].clone());
        moves.push(mv);
    }
    let mut out = Vec::new();
    respond(&json!({"rules": rules, "moves": moves}).to_string(), &mut out).expect("writes");
    let replay: Value = serde_json::from_slice(&out).expect("JSON");
    let theirs = replay["positions"].as_array().expect("positions");
    assert_eq!(theirs.len(), positions.len());
    for (ours, theirs) in positions.iter().zip(theirs) {
        assert_eq!(&without_session_fields(ours), theirs);
    }
}
