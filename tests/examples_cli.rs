//! The example binaries' command lines, run through `std::process::Command`:
//! `--help`, bad and out-of-range arguments, closed pipes, and the replay
//! program's input edge cases (unreadable input, over-long lines, strict
//! keys, a byte order mark), selfplay's comparison of the engine with an
//! endgame table against the engine without. And a property test: every
//! example's argument parser, on arbitrary argument lists, answers without a
//! panic.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use mancala_rules::games::Tihbat;
use mancala_rules::solve::Table;
use mancala_rules::{perft, GameKind, Player, Ruleset, WithRuleset};
use proptest::prelude::*;
use serde_json::Value;
use test_common::examples::binary_in;

#[path = "../examples/common/mod.rs"]
#[macro_use]
mod common;
// The suites' own helpers (`tests/common`), named apart from the examples'
// `common` above.
#[path = "common/mod.rs"]
mod test_common;

// Each example's command line, as the example itself includes it.
#[path = "../examples/custom/options.rs"]
#[allow(dead_code)]
mod custom_options;
#[path = "../examples/perft/options.rs"]
#[allow(dead_code)]
mod perft_options;
#[path = "../examples/play/options.rs"]
#[allow(dead_code)]
mod play_options;
#[path = "../examples/playouts/options.rs"]
#[allow(dead_code)]
mod playouts_options;
#[path = "../examples/replay/options.rs"]
#[allow(dead_code)]
mod replay_options;
#[path = "../examples/selfplay/options.rs"]
#[allow(dead_code)]
mod selfplay_options;
#[path = "../examples/solve/options.rs"]
#[allow(dead_code)]
mod solve_options;

const EXAMPLES: [&str; 7] = [
    "perft", "playouts", "selfplay", "play", "solve", "replay", "custom",
];

// ---------------------------------------------------------------------------
// Running the examples
// ---------------------------------------------------------------------------

/// `target/<profile>/examples`, with every example built.
fn examples_dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let (dir, built) = test_common::examples::build(&["--examples"]);
        let missing: Vec<&str> = EXAMPLES
            .into_iter()
            .filter(|name| !binary_in(&dir, name).exists())
            .collect();
        assert!(
            built || missing.is_empty(),
            "could not build the examples, and {missing:?} are missing"
        );
        dir
    })
}

fn example(name: &str) -> Command {
    Command::new(binary_in(examples_dir(), name))
}

/// Waits for `child`, killing it after a generous deadline (a hang is a
/// failure, reported as such rather than stalling the suite).
fn wait_bounded(mut child: Child, what: &str) -> ExitStatus {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if let Some(status) = child.try_wait().expect("the child can be waited for") {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} did not finish");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Runs `name args` with `input` on stdin; returns its output.
fn run(name: &str, args: &[&str], input: &[u8]) -> Output {
    let mut child = example(name)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    // Write from another thread so that a large output cannot block us.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("the example runs");
    writer.join().expect("the writer");
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

// ---------------------------------------------------------------------------
// --help and bad arguments
// ---------------------------------------------------------------------------

#[test]
fn help_prints_usage_on_stdout_and_exits_0() {
    for name in EXAMPLES {
        for flag in ["--help", "-h"] {
            let output = run(name, &[flag], b"");
            let stdout = text(&output.stdout);
            assert_eq!(output.status.code(), Some(0), "{name} {flag}: {output:?}");
            assert!(stdout.starts_with("usage: "), "{name} {flag}: {stdout}");
            assert!(stdout.contains("--help"), "{name} {flag}: {stdout}");
            assert!(
                output.stderr.is_empty(),
                "{name} {flag}: {}",
                text(&output.stderr)
            );
        }
    }
}

/// A bad argument: exit status 2, the error and the usage on stderr,
/// nothing on stdout.
fn refused(name: &str, args: &[&str]) -> String {
    let output = run(name, args, b"");
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{name} {args:?}: {stderr}");
    assert!(stderr.contains("usage: "), "{name} {args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{name} {args:?}: {stderr}");
    assert!(
        output.stdout.is_empty(),
        "{name} {args:?}: {}",
        text(&output.stdout)
    );
    stderr
}

#[test]
fn bad_arguments_exit_2_with_the_usage() {
    for name in EXAMPLES {
        let stderr = refused(name, &["--no-such-option"]);
        assert!(
            stderr.contains("unknown option '--no-such-option'"),
            "{name}: {stderr}"
        );
    }
    refused("perft", &[]);
    refused("perft", &["chess", "3"]);
    refused("perft", &["tihbat", "3", "4"]);
    refused("perft", &["tihbat", "--depth"]);
    refused("perft", &["tihbat", "3", "--depth", "4"]);
    refused("playouts", &["tihbat"]);
    refused("selfplay", &["tihbat", "ten"]);
    refused("play", &["--south", "robot"]);
    refused("play", &["--game", "tihbat", "--match"]);
    refused("play", &["--auto=yes"]);
    refused("solve", &[]);
    refused("solve", &["bohnenspiel", "--seeds", "3"]);
    refused("solve", &["bohnenspiel", "--chain"]);
    refused("solve", &["tihbat", "--hemprich"]);
    refused("replay", &["extra"]);
    refused("custom", &["3", "4"]);
}

#[test]
fn out_of_range_numbers_name_the_range() {
    for (name, args, range) in [
        ("perft", &["tihbat", "0"][..], "from 1 to 64"),
        (
            "perft",
            &["--game", "bohnenspiel", "--depth", "100000"],
            "from 1 to 64",
        ),
        ("playouts", &["tihbat", "0"], "from 1 to 1000000000000"),
        (
            "playouts",
            &["tihbat", "10", "-1"],
            "from 0 to 18446744073709551615",
        ),
        ("selfplay", &["tihbat", "100000000000000000"], "from 1 to 1000000"),
        ("selfplay", &["tihbat", "1", "--depth", "121"], "from 1 to 120"),
        (
            "selfplay",
            &["tihbat", "1", "--random-plies", "5000"],
            "from 0 to 1000",
        ),
        ("play", &["--depth", "1000"], "from 1 to 120"),
        ("play", &["--time", "0"], "from 1 to 3600000"),
        (
            "play",
            &["--mcts", "--iterations", "99999999999"],
            "from 1 to 10000000",
        ),
        ("solve", &["tihbat", "--max-seeds", "30"], "from 1 to 28"),
        ("solve", &["tihbat-chain", "--max-seeds", "30"], "from 1 to 28"),
        (
            "solve",
            &["bohnenspiel-hemprich", "--max-seeds", "30"],
            "from 1 to 24",
        ),
        ("custom", &["--depth", "0"], "from 1 to 120"),
        ("solve", &["bohnenspiel", "--max-seeds", "30"], "from 1 to 24"),
        ("solve", &["al-manqala", "--max-seeds", "21"], "from 1 to 20"),
        ("solve", &["tihbat", "--seeds", "8"], "from 1 to 7"),
        ("solve", &["tihbat", "--threads", "100000"], "from 0 to "),
        ("replay", &["--max-line", "0"], "from 1 to 1073741824"),
    ] {
        let stderr = refused(name, args);
        assert!(stderr.contains(range), "{name} {args:?}: {stderr}");
    }
    // `solve --max-seeds 30` without a game is refused too (no overflow).
    refused("solve", &["--max-seeds", "30"]);
}

#[test]
fn positional_shorthands_still_work() {
    let output = run("perft", &["tihbat", "3"], b"");
    assert!(output.status.success(), "{output:?}");
    let lines = text(&output.stdout);
    assert!(lines.starts_with("depth 1 nodes 2\ndepth 2 nodes "), "{lines}");
    let same = run("perft", &["--game=tihbat", "--depth", "3"], b"");
    assert_eq!(
        text(&same.stdout).lines().take(3).collect::<Vec<_>>(),
        lines.lines().take(3).collect::<Vec<_>>()
    );

    let output = run("playouts", &["tihbat", "20", "7"], b"");
    assert!(output.status.success(), "{output:?}");
    assert!(text(&output.stdout).contains("20 playouts, "), "{output:?}");

    let output = run("solve", &["tihbat", "--seeds", "1"], b"");
    assert!(output.status.success(), "{output:?}");
    assert!(text(&output.stdout).starts_with("value "), "{output:?}");
}

// ---------------------------------------------------------------------------
// Every game in every example
// ---------------------------------------------------------------------------

/// Runs `name args`, which must succeed without a panic; returns its stdout.
fn succeeds(name: &str, args: &[&str]) -> String {
    let output = run(name, args, b"");
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{name} {args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{name} {args:?}: {stderr}");
    text(&output.stdout)
}

/// The library's perft counts from the opening, depth 1 to `depth`.
fn library_perft(kind: GameKind, depth: u32) -> Vec<u64> {
    struct Counts(u32);
    impl WithRuleset for Counts {
        type Output = Vec<u64>;
        fn run<R: Ruleset>(self, rules: R) -> Vec<u64> {
            (1..=self.0).map(|d| perft(&rules, &rules.start(), d)).collect()
        }
    }
    kind.with_ruleset(Counts(depth))
}

/// perft's `depth D nodes N` lines, as numbers.
fn perft_lines(stdout: &str) -> Vec<u64> {
    stdout
        .lines()
        .filter_map(|line| line.strip_prefix("depth "))
        .filter_map(|rest| rest.split_once(" nodes "))
        .map(|(_, nodes)| nodes.parse().expect("a count"))
        .collect()
}

#[test]
fn perft_counts_kalah_and_oware_as_the_library_does() {
    for (kind, name) in [(GameKind::Kalah, "kalah"), (GameKind::Oware, "oware")] {
        let stdout = succeeds("perft", &["--game", name, "--depth", "3"]);
        let expected = library_perft(kind, 3);
        assert_eq!(perft_lines(&stdout), expected, "{name}: {stdout}");
        assert!(
            stdout.contains(&format!("perft 3: {} nodes", expected[2])),
            "{stdout}"
        );
    }
    // By hand: six opening moves; pit 3 ends in the store and South moves
    // again (5 moves), each of the other five leaves North 6: 35.
    assert_eq!(library_perft(GameKind::Kalah, 2), [6, 35]);
}

#[test]
fn every_example_takes_every_game_name() {
    for kind in GameKind::ALL {
        let name = kind.name();
        let stdout = succeeds("perft", &[name, "2"]);
        assert_eq!(perft_lines(&stdout), library_perft(kind, 2), "{name}: {stdout}");

        let stdout = succeeds("playouts", &[name, "3"]);
        assert!(stdout.contains("3 playouts, "), "{name}: {stdout}");

        let stdout = succeeds("selfplay", &[name, "1", "--depth", "1"]);
        assert!(
            stdout.starts_with(&format!("1 games of {name}, ")),
            "{name}: {stdout}"
        );

        let stdout = succeeds("play", &["--game", name, "--auto", "--depth", "1"]);
        assert!(
            stdout.starts_with(&format!("{name}: South Engine")),
            "{name}: {stdout}"
        );
        let last = stdout.lines().last().unwrap_or_default();
        assert!(last.starts_with("Game over after "), "{name}: {last}");
    }
}

#[test]
fn play_plays_kalah_to_the_end_with_stores_and_extra_turns() {
    let stdout = succeeds("play", &["--game", "kalah", "--auto", "--depth", "2"]);
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("Game over after "), "{last}");
    // Kalah keeps its captures in stores, and its opening allows a move
    // ending in the store, which engines play.
    assert!(stdout.contains("   store 0"), "{stdout}");
    assert!(!stdout.contains("captured 0"), "{stdout}");
    assert!(stdout.contains(", plays again"), "{stdout}");
    // A game without stores keeps the library's label.
    let stdout = succeeds("play", &["--game", "oware", "--auto", "--depth", "2"]);
    assert!(stdout.contains("   captured 0"), "{stdout}");
    assert!(!stdout.contains("plays again"), "{stdout}");
}

#[test]
fn play_draws_a_human_game_of_any_size() {
    // Kalah, 2x6 with stores: South plays 3 (the last seed in the store) and
    // moves again.
    let output = run("play", &["--game", "kalah", "--depth", "1"], b"3\nquit\n");
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(stdout.contains("1. South plays 3, plays again"), "{stdout}");
    assert!(stdout.contains("South to move (1 2 4 5 6;"), "{stdout}");
    // Tihbat, 2x2.
    let output = run("play", &["--game", "tihbat-chain"], b"help\nquit\n");
    let stdout = text(&output.stdout);
    assert!(stdout.contains("numbered 1-4"), "{stdout}");
    assert!(stdout.contains("  North  (4) (3)"), "{stdout}");
}

#[test]
fn play_uses_an_endgame_table_file() {
    use mancala_rules::games::{Bohnenspiel, Tihbat};
    use mancala_rules::solve::Table;
    let dir = std::env::temp_dir();
    let tihbat = dir.join(format!("play-tihbat-{}.tbl", std::process::id()));
    let bohnenspiel = dir.join(format!("play-bohnenspiel-{}.tbl", std::process::id()));
    let write = |table_path: &PathBuf, bytes: Vec<u8>| std::fs::write(table_path, bytes).expect("temp file");
    let mut bytes = Vec::new();
    Table::build(Tihbat, 28).unwrap().write_to(&mut bytes).unwrap();
    write(&tihbat, bytes);
    let mut bytes = Vec::new();
    Table::build(Bohnenspiel, 2)
        .unwrap()
        .write_to(&mut bytes)
        .unwrap();
    write(&bohnenspiel, bytes);
    let path = tihbat.to_str().expect("a UTF-8 path");
    // Every Tihbat position is in the table: the first search is exact.
    let stdout = succeeds(
        "play",
        &["--game", "tihbat", "--auto", "--depth", "2", "--table", path],
    );
    assert!(
        stdout.starts_with("tihbat: South Engine, North Engine (alpha-beta, endgame table "),
        "{stdout}"
    );
    assert!(
        stdout.contains("score wins by") || stdout.contains("score loses by") || stdout.contains("score +0"),
        "{stdout}"
    );
    assert!(
        stdout
            .lines()
            .last()
            .unwrap_or_default()
            .starts_with("Game over after "),
        "{stdout}"
    );
    // Another game's table: exit 2 with the reason, before any board.
    let output = run(
        "play",
        &[
            "--game",
            "tihbat",
            "--auto",
            "--table",
            bohnenspiel.to_str().unwrap(),
        ],
        b"",
    );
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot use the table") && stderr.contains("bohnenspiel"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
    // MCTS asks no table.
    let stderr = refused("play", &["--game", "tihbat", "--mcts", "--table", path]);
    assert!(
        stderr.contains("--table is for the alpha-beta engine"),
        "{stderr}"
    );
    std::fs::remove_file(&tihbat).ok();
    std::fs::remove_file(&bohnenspiel).ok();
}

#[test]
fn selfplay_and_playouts_take_kalah_and_oware() {
    for name in ["kalah", "oware"] {
        let stdout = succeeds("selfplay", &["--game", name, "--games", "2", "--depth", "2"]);
        assert!(
            stdout.starts_with(&format!("2 games of {name}, depth 2")),
            "{stdout}"
        );
        assert!(stdout.contains("results: South "), "{stdout}");
        let stdout = succeeds("playouts", &["--game", name, "--count", "50"]);
        assert!(stdout.contains("50 playouts, "), "{stdout}");
    }
}

#[test]
fn replay_serves_kalah_and_oware() {
    let input = "{\"game\":\"kalah\",\"moves\":[\"3\"]}\n{\"game\":\"oware\",\"moves\":[\"1\"]}\n";
    let lines = replay(&[], input.as_bytes());
    assert_eq!(lines.len(), 2, "{lines:?}");
    for (line, game) in lines.iter().zip(["kalah", "oware"]) {
        assert_eq!(line["game"], game, "{line}");
        assert_eq!(line["positions"].as_array().map(Vec::len), Some(2), "{line}");
    }
}

#[test]
fn usage_texts_list_every_game() {
    for name in ["perft", "playouts", "selfplay", "play", "replay"] {
        let stdout = succeeds(name, &["--help"]);
        let listed = stdout.replace(['\n', ','], " ");
        for kind in GameKind::ALL {
            let word = format!(" {} ", kind.name());
            assert!(listed.contains(&word), "{name} misses {kind}: {stdout}");
        }
    }
    let stdout = succeeds("solve", &["--help"]);
    for kind in GameKind::ALL {
        assert_eq!(
            stdout.contains(&format!(" {kind},")) || stdout.contains(&format!(" {kind}\n")),
            common::solvable(kind),
            "solve and {kind}: {stdout}"
        );
    }
}

#[test]
fn solve_takes_the_variant_names_and_refuses_games_without_a_solver() {
    // Kalah and its options are solved; Oware's end reads the scores.
    let kalah = succeeds(
        "solve",
        &[
            "kalah-6-empty-capture",
            "--max-seeds",
            "4",
            "--position",
            "0 0 0 0 1 2 | 1 0 0 0 0 0 40-28 N",
        ],
    );
    assert!(kalah.contains("\nbest "), "{kalah}");
    for name in ["oware"] {
        let stderr = refused("solve", &[name]);
        assert!(stderr.contains(&format!("{name} has no solver")), "{stderr}");
        let first = stderr.lines().next().unwrap_or_default();
        for solvable in [
            "tihbat",
            "bohnenspiel",
            "djenon-aboure",
            "al-manqala",
            "tihbat-chain",
        ] {
            assert!(first.contains(solvable), "{first}");
        }
    }
    // The old flags are the variants' names.
    assert_eq!(
        succeeds("solve", &["tihbat", "--chain", "--seeds", "2"]),
        succeeds("solve", &["tihbat-chain", "--seeds", "2"])
    );
    let question = [
        "--max-seeds",
        "4",
        "--position",
        "0 0 0 0 0 1 | 1 0 0 0 0 2 30-38 S",
    ];
    let alias = succeeds("solve", &[&["bohnenspiel", "--hemprich"][..], &question].concat());
    let named = succeeds("solve", &[&["bohnenspiel-hemprich"][..], &question].concat());
    assert_eq!(alias, named);
    assert!(named.contains("\nbest "), "{named}");
}

/// `solve --opening --proof F --verify F` on two provers: Kalah on a 2x3
/// board with 3 seeds a pit (a data file), proved over a 6-seed table and
/// checked with the rules alone; the values are those of
/// `tests/kalah_proof.rs`'s minimax on the same board.
#[test]
fn solve_proves_and_checks_an_opening_on_two_provers() {
    let (rules, proof) = kalah_2x3_files("two-provers");
    let (rules_path, proof_path) = (rules.to_string_lossy(), proof.to_string_lossy());
    let out = succeeds(
        "solve",
        &[
            "--rules",
            &rules_path,
            "--opening",
            "--max-seeds",
            "6",
            "--threads",
            "2",
            "--tt-memory",
            "8",
            "--proof",
            &proof_path,
            "--verify",
            &proof_path,
        ],
    );
    for line in [
        "moves 1: +2, 2: +2, 3: -4",
        "value 2",
        "best 1 2",
        "verified value 2",
    ] {
        assert!(out.lines().any(|l| l == line), "{line:?} in {out}");
    }
    for path in [rules, proof.clone(), PathBuf::from(format!("{proof_path}.table"))] {
        let _ = std::fs::remove_file(path);
    }
}

/// Kalah on a 2x3 board with 3 seeds a pit as a data file, and the path of
/// a certificate beside it, both named for the test `tag`.
fn kalah_2x3_files(tag: &str) -> (PathBuf, PathBuf) {
    let mut data: Value = serde_json::from_str(include_str!("../src/games/kalah.json")).unwrap();
    data["name"] = "kalah-2x3".into();
    data["aliases"] = serde_json::json!([]);
    data["pits"] = 6.into();
    data["seeds"] = 3.into();
    let dir = std::env::temp_dir();
    let stem = format!("mancala-cli-kalah-2x3-{tag}-{}", std::process::id());
    let rules = dir.join(format!("{stem}.json"));
    std::fs::write(&rules, data.to_string()).unwrap();
    (rules, dir.join(format!("{stem}.proof")))
}

/// `solve --opening --in F.table`: a second proof over the checked table
/// that the first wrote, not built again, proves and verifies the same
/// values, and writes the same checked table; a `--max-seeds` other than
/// the table's is refused.
#[test]
fn solve_proves_an_opening_again_over_a_kept_checked_table() {
    let (rules, first) = kalah_2x3_files("kept-table");
    let second = PathBuf::from(format!("{}.again", first.to_string_lossy()));
    let rules_path = rules.to_string_lossy().to_string();
    let prove = |proof: &PathBuf, extra: &[&str]| {
        let proof = proof.to_string_lossy().to_string();
        let mut args = vec!["--rules", &rules_path, "--opening", "--tt-memory", "8"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--proof", &proof, "--verify", &proof]);
        succeeds("solve", &args)
    };
    let built = prove(&first, &["--max-seeds", "6"]);
    let table = format!("{}.table", first.to_string_lossy());
    let again = prove(&second, &["--in", &table]);
    for line in ["moves 1: +2, 2: +2, 3: -4", "value 2", "verified value 2"] {
        assert!(built.lines().any(|l| l == line), "{line:?} in {built}");
        assert!(again.lines().any(|l| l == line), "{line:?} in {again}");
    }
    let second_table = format!("{}.table", second.to_string_lossy());
    assert_eq!(
        std::fs::read(&table).unwrap(),
        std::fs::read(&second_table).unwrap()
    );
    let refused = fails(
        "solve",
        &[
            "--rules",
            &rules_path,
            "--opening",
            "--in",
            &table,
            "--max-seeds",
            "5",
        ],
    );
    assert!(refused.contains("up to 6 seeds, not --max-seeds"), "{refused}");
    for path in [rules, first, second, table.into(), second_table.into()] {
        let _ = std::fs::remove_file(path);
    }
}

/// `solve --out` without questions writes the table as it is built: the
/// same file as a build that answers questions too, the same answers when
/// it is loaded, and a last line with the build's figures.
#[test]
fn solve_writes_tables_as_it_builds_them() {
    let dir = std::env::temp_dir();
    let streamed = dir.join(format!("mancala-cli-streamed-{}.tbl", std::process::id()));
    let kept = dir.join(format!("mancala-cli-kept-{}.tbl", std::process::id()));
    let (streamed_path, kept_path) = (streamed.to_string_lossy(), kept.to_string_lossy());
    let position = "0 0 2 0 1 2 | 1 0 0 0 0 1 30-11 S";
    let output = run(
        "solve",
        &["djenon-aboure", "--max-seeds", "7", "--out", &streamed_path],
        b"",
    );
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let last = stderr.lines().last().unwrap_or_default();
    assert!(last.starts_with("built djenon-aboure: "), "{stderr}");
    assert!(
        last.contains(" bytes written, ") && last.contains("peak memory"),
        "{stderr}"
    );
    let asked = succeeds(
        "solve",
        &[
            "djenon-aboure",
            "--max-seeds",
            "7",
            "--out",
            &kept_path,
            "--position",
            position,
        ],
    );
    assert_eq!(std::fs::read(&streamed).unwrap(), std::fs::read(&kept).unwrap());
    let loaded = succeeds(
        "solve",
        &["djenon-aboure", "--in", &streamed_path, "--position", position],
    );
    assert!(asked.contains("\nbest "), "{asked}");
    assert_eq!(loaded, asked);
    std::fs::remove_file(&streamed).unwrap();
    std::fs::remove_file(&kept).unwrap();
}

#[test]
fn custom_plays_its_game_to_the_end() {
    let stdout = succeeds("custom", &["--depth", "3"]);
    assert!(
        stdout.starts_with("clockwise-2x5: alpha-beta depth 3"),
        "{stdout}"
    );
    assert!(stdout.contains("  North (10) (9) (8) (7) (6)"), "{stdout}");
    assert!(stdout.contains("   store 0"), "{stdout}");
    assert!(stdout.contains("1. South plays "), "{stdout}");
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("Game over after "), "{last}");
    assert!(last.ends_with(" wins.") || last.ends_with("a draw."), "{last}");
    // The positional form.
    assert_eq!(succeeds("custom", &["3"]), stdout);
}

/// Issue 19: one command-line shape. Every example that takes a game takes
/// it first or as `--game`; `--depth D --time MS` is D plies within MS ms.
#[test]
fn every_example_takes_the_game_first_or_as_an_option() {
    let args = |list: &[&str]| list.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    let play = |list: &[&str]| play_options::parse(&args(list)).unwrap().unwrap();
    assert_eq!(play(&["kalah", "--auto"]).kind, GameKind::Kalah);
    assert_eq!(play(&["--game", "kalah", "--auto"]).kind, GameKind::Kalah);
    assert_eq!(play(&["--auto"]).kind, GameKind::Bohnenspiel);
    assert!(play_options::parse(&args(&["kalah", "--game", "oware"])).is_err());
    for (name, list) in [
        ("perft", &["oware", "1"][..]),
        ("playouts", &["oware", "2"]),
        ("selfplay", &["oware", "1", "--depth", "1"]),
        ("play", &["oware", "--auto", "--depth", "1"]),
        ("solve", &["tihbat", "--seeds", "1"]),
    ] {
        // The output without its timings.
        let untimed = |stdout: String| -> Vec<String> {
            stdout
                .lines()
                .filter(|line| !line.contains(" s (") && !line.ends_with(" s"))
                .map(str::to_string)
                .collect()
        };
        let positional = untimed(succeeds(name, list));
        let mut named = vec!["--game"];
        named.extend_from_slice(list);
        assert_eq!(untimed(succeeds(name, &named)), positional, "{name}");
        assert!(!positional.is_empty(), "{name}");
    }
}

#[test]
fn depth_and_time_together_mean_the_depth_within_the_time() {
    let args = |list: &[&str]| list.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    let play = play_options::parse(&args(&["--time", "50", "--depth", "5"]))
        .unwrap()
        .unwrap();
    assert_eq!(
        (play.depth, play.time),
        (Some(5), Some(Duration::from_millis(50)))
    );
    let limits = common::search_limits(play.depth, 12, play.time);
    assert_eq!((limits.depth, limits.time), (5, Some(Duration::from_millis(50))));
    let alone = common::search_limits(None, 12, Some(Duration::from_millis(50)));
    assert_eq!(alone.depth, mancala_rules::search::MAX_DEPTH);
    assert_eq!(common::search_limits(None, 12, None).depth, 12);
    let mcts = play_options::parse(&args(&["--mcts", "--time", "50", "--iterations", "9"]))
        .unwrap()
        .unwrap();
    let limits = play_options::mcts_limits(&mcts);
    assert_eq!(
        (limits.iterations, limits.time),
        (9, Some(Duration::from_millis(50)))
    );

    let stdout = succeeds("play", &["tihbat", "--auto", "--time", "50", "--depth", "3"]);
    assert!(
        stdout
            .lines()
            .last()
            .unwrap_or_default()
            .starts_with("Game over after "),
        "{stdout}"
    );
    let stdout = succeeds("selfplay", &["tihbat", "2", "--time", "20", "--depth", "3"]);
    assert!(
        stdout.starts_with("2 games of tihbat, depth 3 within 20 ms a move, seed 1"),
        "{stdout}"
    );
    let stdout = succeeds("selfplay", &["tihbat", "1", "--time", "5"]);
    assert!(stdout.starts_with("1 games of tihbat, 5 ms a move, "), "{stdout}");
    refused("selfplay", &["tihbat", "1", "--time", "0"]);
    for name in ["play", "selfplay", "custom"] {
        let usage = succeeds(name, &["--help"]);
        assert!(usage.contains("D plies at most within MS ms"), "{name}: {usage}");
    }
}

/// Issue 19: progress goes to stderr, as plain lines when stderr is not a
/// terminal (here a pipe): no carriage returns in a log, nothing on stdout.
#[test]
fn progress_is_plain_lines_when_stderr_is_not_a_terminal() {
    for (name, args) in [
        ("selfplay", &["tihbat", "3", "--depth", "1"][..]),
        ("playouts", &["tihbat", "100"]),
        ("solve", &["djenon-aboure", "--max-seeds", "6"]),
    ] {
        let output = run(name, args, b"");
        assert!(output.status.success(), "{name}: {output:?}");
        let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
        assert!(
            !stderr.contains('\r') && !stdout.contains('\r'),
            "{name}: {stderr:?}"
        );
        // Lines that say what they count.
        for line in stderr.lines() {
            assert!(line.contains(" s") && line.contains(": "), "{name}: {line}");
        }
        if name == "playouts" {
            // A short run: no progress (the first after 3 s).
            assert!(stderr.is_empty(), "{stderr}");
        }
    }
    let stdout = succeeds("playouts", &["tihbat", "100"]);
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("100 playouts, ") && last.contains(" plies in "),
        "{last}"
    );
}

/// The README lists only game names that parse, and every kind's name.
#[test]
fn the_readme_lists_game_names_that_parse() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let start = readme
        .find("pick any of them by name at run time")
        .expect("the names paragraph");
    let paragraph = &readme[start..start + readme[start..].find("\n\n").unwrap()];
    let names: Vec<&str> = paragraph
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|w| w.starts_with(|c: char| c.is_ascii_lowercase()))
        .filter(|w| {
            w.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
        .collect();
    for name in &names {
        assert!(
            name.parse::<GameKind>().is_ok(),
            "the README lists {name}, which does not parse"
        );
    }
    for kind in GameKind::ALL {
        assert!(names.contains(&kind.name()), "the README does not list {kind}");
    }
}

// ---------------------------------------------------------------------------
// selfplay with an endgame table
// ---------------------------------------------------------------------------

/// A Tihbat table of every board of up to `max_seeds` counters, written to a
/// temporary file (removed when dropped).
struct TempTable(PathBuf);

impl TempTable {
    fn tihbat(name: &str, max_seeds: u32) -> TempTable {
        let path = std::env::temp_dir().join(format!("mancala-selfplay-{name}-{}.tbl", std::process::id()));
        let table = Table::build(Tihbat, max_seeds).expect("a small table builds");
        let file = std::fs::File::create(&path).expect("a temporary file");
        table.write_to(file).expect("the table is written");
        TempTable(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary path")
    }
}

impl Drop for TempTable {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Tihbat's two-ply openings, counted from the rules: for each legal first
/// move, its legal replies (one opening if South moves again or the game is
/// over).
fn tihbat_two_ply_openings() -> usize {
    let start = GameKind::Tihbat.new_game();
    start
        .legal_moves()
        .into_iter()
        .map(|first| {
            let mut game = start.clone();
            game.play(first).expect("a legal move");
            if game.outcome().is_some() || game.to_move() == Player::South {
                1
            } else {
                game.legal_moves().len()
            }
        })
        .sum()
}

/// The numbers of a row of the comparison's table: games, wins, draws,
/// losses, stopped, and the mean margin; checks the mean margins over the
/// wins and over the losses (positive, negative, `-` where there are none).
fn comparison_row(stdout: &str, name: &str) -> ([usize; 5], f64) {
    let line = stdout
        .lines()
        .find(|line| line.starts_with(&format!("| {name} |")))
        .unwrap_or_else(|| panic!("no row {name}: {stdout}"));
    let cells: Vec<&str> = line.split('|').map(str::trim).collect();
    // "", name, 5 counts, 3 margins, "".
    assert_eq!(cells.len(), 11, "{line}");
    let counts = [2, 3, 4, 5, 6].map(|i| cells[i].parse::<usize>().expect("a count"));
    let margin = cells[7].parse::<f64>().expect("a margin");
    for (cell, games, sign) in [(cells[8], counts[1], 1.0), (cells[9], counts[3], -1.0)] {
        if games == 0 {
            assert_eq!(cell, "-", "{line}");
        } else {
            assert!(cell.parse::<f64>().expect("a margin") * sign > 0.0, "{line}");
        }
    }
    (counts, margin)
}

#[test]
fn selfplay_compares_the_engine_with_a_table_against_the_engine_without() {
    let table = TempTable::tihbat("compare", 12);
    let args = [
        "--game",
        "tihbat",
        "--table",
        table.path(),
        "--compare",
        "--depth",
        "2",
    ];
    let stdout = succeeds("selfplay", &args);
    let openings = tihbat_two_ply_openings();
    assert!(openings > 2, "{openings}");
    assert!(
        stdout.starts_with(&format!(
            "tihbat: depth 2 with the table {} (up to 12 seeds) against depth 2 without; {openings} openings, {} games, ",
            table.path(),
            2 * openings
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "| table engine plays | games | wins | draws | losses | stopped | mean margin | in wins | in losses |"
        ),
        "{stdout}"
    );
    let (south, south_margin) = comparison_row(&stdout, "South");
    let (north, north_margin) = comparison_row(&stdout, "North");
    let (both, both_margin) = comparison_row(&stdout, "both");
    for (row, games) in [(south, openings), (north, openings), (both, 2 * openings)] {
        assert_eq!(row[0], games, "{stdout}");
        assert_eq!(row[1] + row[2] + row[3] + row[4], games, "{stdout}");
    }
    for i in 0..5 {
        assert_eq!(both[i], south[i] + north[i], "{stdout}");
    }
    // Printed to two decimals.
    assert!(
        (both_margin - (south_margin + north_margin) / 2.0).abs() <= 0.01,
        "{stdout}"
    );
    // Deterministic: the same run, the same table.
    let again = succeeds("selfplay", &args);
    let rows = |out: &str| -> Vec<String> { out.lines().skip(1).map(str::to_string).collect() };
    assert_eq!(rows(&again), rows(&stdout));

    // Without --compare, both engines use the table.
    let stdout = succeeds(
        "selfplay",
        &["tihbat", "2", "--depth", "2", "--table", table.path()],
    );
    assert!(
        stdout.starts_with(&format!(
            "2 games of tihbat, depth 2, seed 1, table {} (up to 12 seeds), ",
            table.path()
        )),
        "{stdout}"
    );

    let usage = succeeds("selfplay", &["--help"]);
    assert!(
        usage.contains("--table FILE") && usage.contains("--compare"),
        "{usage}"
    );
    refused("selfplay", &["tihbat", "--compare"]);
    refused("selfplay", &["tihbat", "4", "--compare", "--table", table.path()]);
    refused(
        "selfplay",
        &[
            "tihbat",
            "--compare",
            "--table",
            table.path(),
            "--random-plies",
            "2",
        ],
    );
}

/// A table file refused: exit status 2, the error on stderr, nothing on
/// stdout.
fn refused_table(args: &[&str]) -> String {
    let output = run("selfplay", args, b"");
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(output.stdout.is_empty(), "{args:?}: {}", text(&output.stdout));
    stderr
}

#[test]
fn selfplay_refuses_a_table_of_another_game_or_a_bad_file() {
    let table = TempTable::tihbat("wrong", 4);
    // The same board, another game's name.
    let stderr = refused_table(&["tihbat-chain", "--table", table.path(), "--compare"]);
    assert!(
        stderr.contains("this table is for the rules of 'tihbat'")
            && stderr.contains("not those of 'tihbat-chain'")
            && stderr.contains(table.path()),
        "{stderr}"
    );
    let stderr = refused_table(&["bohnenspiel", "2", "--table", table.path()]);
    assert!(
        stderr.contains("this table is for the rules of 'tihbat'"),
        "{stderr}"
    );
    // Not a table; no file at all.
    std::fs::write(&table.0, b"not a table").expect("a temporary file");
    let stderr = refused_table(&["tihbat", "--table", table.path(), "--compare"]);
    assert!(stderr.contains(table.path()), "{stderr}");
    std::fs::remove_file(&table.0).expect("the file is removed");
    refused_table(&["tihbat", "2", "--table", table.path()]);
}

// ---------------------------------------------------------------------------
// Closed pipes and unreadable input
// ---------------------------------------------------------------------------

/// Reads one line of the example's output, closes the pipe, and checks that
/// the example ends with status 0 and no panic.
fn quiet_on_closed_pipe(name: &str, args: &[&str], input: &[u8]) {
    let mut child = example(name)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stderr = child.stderr.take().expect("stderr");
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    {
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut first = String::new();
        stdout.read_line(&mut first).expect("one line");
        assert!(!first.is_empty(), "{name} {args:?} printed nothing");
        // Dropped here: the pipe's only reader goes away.
    }
    let status = wait_bounded(child, name);
    writer.join().expect("the writer");
    let stderr = errors.join().expect("stderr");
    assert!(status.success(), "{name} {args:?}: {status}; stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "{name} {args:?}: {stderr}");
}

#[test]
fn a_closed_pipe_ends_each_example_quietly() {
    quiet_on_closed_pipe("perft", &["tihbat", "18"], b"");
    quiet_on_closed_pipe("playouts", &["tihbat", "100"], b"");
    quiet_on_closed_pipe("selfplay", &["tihbat", "3", "--depth", "1"], b"");
    quiet_on_closed_pipe("play", &["--game", "al-manqala", "--auto", "--depth", "1"], b"");
    // A human at the prompt whose output goes away.
    quiet_on_closed_pipe(
        "play",
        &["--game", "tihbat"],
        b"1\n2\n3\n4\n".repeat(100).as_slice(),
    );
    quiet_on_closed_pipe("play", &["--game", "kalah", "--auto", "--depth", "1"], b"");
    quiet_on_closed_pipe("solve", &["tihbat", "--seeds", "1"], b"");
    quiet_on_closed_pipe("custom", &["--depth", "2"], b"");
    let requests = "{\"game\":\"tihbat\",\"moves\":[\"1\"]}\n".repeat(20_000);
    quiet_on_closed_pipe("replay", &[], requests.as_bytes());
}

/// Runs `name` with stdin read from a directory: every read fails.
fn with_directory_as_stdin(name: &str, args: &[&str]) -> (ExitStatus, String, String) {
    let directory = std::fs::File::open(env!("CARGO_MANIFEST_DIR")).expect("a directory opens");
    let mut child = example(name)
        .args(args)
        .stdin(Stdio::from(directory))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    let reader = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_string(&mut text);
            }
            text
        })
    };
    let stdout = reader(child.stdout.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let stderr = reader(child.stderr.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let status = wait_bounded(child, name);
    (
        status,
        stdout.join().expect("stdout"),
        stderr.join().expect("stderr"),
    )
}

#[cfg(unix)]
#[test]
fn replay_ends_on_unreadable_input_with_a_message() {
    let (status, stdout, stderr) = with_directory_as_stdin("replay", &[]);
    assert!(!status.success(), "{status}");
    assert!(stderr.contains("replay: cannot read the requests"), "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
}

#[cfg(unix)]
#[test]
fn play_ends_on_unreadable_input_with_a_message() {
    let (status, _, stderr) = with_directory_as_stdin("play", &["--game", "tihbat"]);
    assert!(!status.success(), "{status}");
    assert!(stderr.contains("cannot read the input"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn play_ends_at_the_end_of_its_input() {
    let output = run("play", &["--game", "tihbat"], b"hint\n1\n");
    assert!(output.status.success(), "{output:?}");
    let stdout = text(&output.stdout);
    assert!(stdout.contains("hint: "), "{stdout}");
    assert!(stdout.contains("Game abandoned after"), "{stdout}");
}

// ---------------------------------------------------------------------------
// replay: lines and keys
// ---------------------------------------------------------------------------

/// The response lines of `replay args` on `input`; the program must exit 0.
fn replay(args: &[&str], input: &[u8]) -> Vec<Value> {
    let output = run("replay", args, input);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    text(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}")))
        .collect()
}

fn refused_with(response: &Value, words: &str) {
    assert!(response.get("positions").is_none(), "{response}");
    assert_eq!(response["error"]["ply"], 0, "{response}");
    let message = response["error"]["message"].as_str().expect("a message");
    assert!(message.contains(words), "{message}");
}

#[test]
fn an_over_long_line_gets_an_error_and_the_next_is_answered() {
    let long = format!("{{\"game\":\"tihbat\",\"moves\":[{}\"1\"]}}", " ".repeat(500));
    let input = format!("{long}\n{{\"game\":\"tihbat\",\"moves\":[\"1\"]}}\n{long}");
    let lines = replay(&["--max-line", "100"], input.as_bytes());
    assert_eq!(lines.len(), 3, "{lines:?}");
    refused_with(&lines[0], "longer than 100 bytes");
    assert_eq!(
        lines[1]["positions"].as_array().map(Vec::len),
        Some(2),
        "{}",
        lines[1]
    );
    refused_with(&lines[2], "longer than 100 bytes");
    // At the limit exactly, the line is read.
    let exact = format!("{{\"game\":\"tihbat\"}}{}", " ".repeat(100 - 17));
    assert_eq!(exact.len(), 100);
    let lines = replay(&["--max-line=100"], format!("{exact}\r\n").as_bytes());
    assert!(lines[0].get("error").is_none(), "{}", lines[0]);
}

#[test]
fn duplicate_keys_and_unknown_fields_are_refused() {
    let input = [
        r#"{"game":"tihbat","game":"tihbat"}"#,
        r#"{"game":"tihbat","moves":["1"],"moves":["1"]}"#,
        r#"{"game":"tihbat","start":null,"start":null}"#,
        r#"{"game":"tihbat","start":{"pits":[7,7,7,7],"pits":[7,7,7,7]}}"#,
        r#"{"game":"tihbat","moves":[],"extra":1}"#,
        r#"{"game":"tihbat","start":{"pits":[7,7,7,7],"scores":[0,0],"to_move":0,"extra":1}}"#,
        // Found only after the moves: still refused as a whole.
        r#"{"moves":["1","3"],"game":"tihbat","game":"tihbat"}"#,
        r#"{"moves":["1","3"],"game":"tihbat"} trailing"#,
        // Accepted: keys in any order, a start after the moves.
        r#"{"moves":["1"],"start":{"to_move":0,"pits":[7,7,7,7]},"game":"TIHBAT"}"#,
    ]
    .join("\n");
    let lines = replay(&[], input.as_bytes());
    assert_eq!(lines.len(), 9, "{lines:?}");
    for line in &lines[0..4] {
        refused_with(line, "duplicate field");
    }
    refused_with(&lines[4], "unknown field `extra`");
    refused_with(&lines[5], "unknown field `extra`");
    refused_with(&lines[6], "duplicate field `game`");
    refused_with(&lines[7], "trailing characters");
    assert_eq!(lines[8]["game"], "tihbat");
    assert_eq!(lines[8]["positions"][1]["pits"], serde_json::json!([2, 9, 9, 8]));
}

#[test]
fn a_byte_order_mark_is_skipped_at_the_start_only() {
    let request = "{\"game\":\"tihbat\"}\n";
    let input = format!("\u{feff}{request}\u{feff}{request}");
    let lines = replay(&[], input.as_bytes());
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].get("error").is_none(), "{}", lines[0]);
    refused_with(&lines[1], "unreadable request");
}

// ---------------------------------------------------------------------------
// The parsers never panic
// ---------------------------------------------------------------------------

/// Arguments that look like the real ones, and anything at all.
fn argument() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "--game",
            "--depth",
            "--time",
            "--seed",
            "--threads",
            "--count",
            "--games",
            "--max-seeds",
            "--seeds",
            "--random-plies",
            "--iterations",
            "--south",
            "--north",
            "--out",
            "--in",
            "--position",
            "--stdin",
            "--chain",
            "--hemprich",
            "--mcts",
            "--auto",
            "--match",
            "--max-line",
            "--table",
            "--compare",
            "--",
            "-",
            "-h",
            "--help",
            "--depth=",
            "--game=tihbat",
            "--auto=1",
            "tihbat",
            "bohnenspiel",
            "djenon-aboure",
            "al-manqala",
            "oware",
            "kalah",
            "kalah-6-empty-capture",
            "tihbat-chain",
            "bohnenspiel-hemprich",
            "human",
            "engine",
        ])
        .prop_map(str::to_string),
        any::<u64>().prop_map(|n| n.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        (0u32..200).prop_map(|n| n.to_string()),
        "\\PC{0,12}",
        "--[a-z-]{0,12}(=\\PC{0,6})?",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn every_parser_answers_any_argument_list(args in prop::collection::vec(argument(), 0..8)) {
        let help = args.iter().any(|a| a == "--help" || a == "-h");
        for ok in [
            perft_options::parse(&args).map(|o| o.is_some()),
            playouts_options::parse(&args).map(|o| o.is_some()),
            selfplay_options::parse(&args).map(|o| o.is_some()),
            play_options::parse(&args).map(|o| o.is_some()),
            solve_options::parse(&args).map(|o| o.is_some()),
            replay_options::parse(&args).map(|o| o.is_some()),
            custom_options::parse(&args).map(|o| o.is_some()),
        ] {
            match ok {
                Ok(runs) => prop_assert_eq!(runs, !help),
                Err(message) => {
                    prop_assert!(!help);
                    prop_assert!(!message.is_empty());
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// No silent wrong answer: positions asked of `solve`, `custom`'s depth
// ---------------------------------------------------------------------------

/// Issue 18, item 4: a position that cannot belong to the game (406 seeds in
/// a 28-seed game, an empty board) gets its reason and a failing exit
/// status, not a value; the others are still answered; a line from
/// `--stdin` is echoed with its control characters escaped.
#[test]
fn solve_refuses_positions_that_cannot_belong_to_the_game() {
    let input = b"1 2 | 3 0 200-200 N\n0 0 | 0 0 0-0 N\n1 2 | 3 0 10-12 N\n1 2 |\x00\x1b[2J 3 0 10-12 N\n";
    let output = run("solve", &["tihbat", "--stdin"], input);
    let stdout = text(&output.stdout);
    let stderr = text(&output.stderr);
    assert!(!output.status.success(), "{stdout}");
    assert!(stderr.contains("3 of 4 positions refused"), "{stderr}");
    assert!(
        stdout.contains(
            "1 2 | 3 0 200-200 N: seeds do not add up: the pits and captures hold 406, the game has 28"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("0 0 | 0 0 0-0 N: seeds do not add up"),
        "{stdout}"
    );
    // The valid one is answered.
    assert!(stdout.contains("1 2 | 3 0 10-12 N\nvalue "), "{stdout}");
    // The hostile line reaches the terminal escaped, never raw.
    assert!(!stdout.contains('\u{1b}') && !stdout.contains('\0'), "{stdout:?}");
    assert!(stdout.contains("1 2 |\\0\\u{1b}[2J 3 0 10-12 N: "), "{stdout}");
}

/// Issue 18, item 8: `custom --depth 64` is bounded by the time a move may
/// take, so the game is played out instead of stalling on its first move.
#[test]
fn custom_bounds_a_deep_search_by_the_time_a_move_may_take() {
    let started = Instant::now();
    let stdout = succeeds("custom", &["--depth", "64", "--time", "2"]);
    assert!(stdout.contains("at most 2 ms a move"), "{stdout}");
    assert!(
        stdout
            .lines()
            .last()
            .unwrap_or_default()
            .starts_with("Game over after "),
        "{stdout}"
    );
    // Not a timing test: a generous bound that an unbounded depth 64 misses by hours.
    assert!(started.elapsed() < Duration::from_secs(120));
}

// ---------------------------------------------------------------------------
// Table and certificate files that cannot give a silent wrong answer
// ---------------------------------------------------------------------------

/// A file in the temporary directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, bytes: &[u8]) -> TempFile {
        TempFile::at(
            std::env::temp_dir().join(format!("mancala-cli-{}-{name}", std::process::id())),
            bytes,
        )
    }

    fn at(path: PathBuf, bytes: &[u8]) -> TempFile {
        std::fs::write(&path, bytes).expect("a temporary file");
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Runs `name args`, which must fail (exit 1 or 2) with nothing on stdout
/// and no panic; returns its stderr.
fn fails(name: &str, args: &[&str]) -> String {
    let output = run(name, args, b"");
    let stderr = text(&output.stderr);
    assert!(
        matches!(output.status.code(), Some(1 | 2)),
        "{name} {args:?}: {output:?}"
    );
    assert!(!stderr.contains("panicked"), "{name} {args:?}: {stderr}");
    assert!(
        output.stdout.is_empty(),
        "{name} {args:?}: {}",
        text(&output.stdout)
    );
    stderr
}

/// Issue 18, item 2: `solve tihbat --in bad.tbl --position "1 2 | 3 0 10-12 N"`
/// printed `value -129`, an empty `best` and `moves 3:-125`, exit 0. Now
/// `solve`, `play --table` and `selfplay --table` refuse the file, naming it.
#[test]
fn a_table_with_a_level_overwritten_is_refused_by_every_example() {
    let mut bytes = Vec::new();
    Table::build(Tihbat, 28).unwrap().write_to(&mut bytes).unwrap();
    let header = 8 + 8 + 1 + "tihbat".len() + 2;
    let level_six = header
        + (0..6usize)
            .map(|s| 2 * (s + 1) * (s + 2) * (s + 3) / 6)
            .sum::<usize>();
    bytes[level_six..level_six + 2 * 7 * 8 * 9 / 6].fill(0x80);
    let bad = TempFile::new("bad.tbl", &bytes);
    let stderr = fails(
        "solve",
        &["tihbat", "--in", bad.path(), "--position", "1 2 | 3 0 10-12 N"],
    );
    assert!(
        stderr.contains(bad.path()) && stderr.contains("corrupt"),
        "{stderr}"
    );
    let stderr = fails(
        "play",
        &[
            "--game",
            "tihbat",
            "--auto",
            "--depth",
            "2",
            "--table",
            bad.path(),
        ],
    );
    assert!(
        stderr.contains(bad.path()) && stderr.contains("corrupt"),
        "{stderr}"
    );
    let stderr = fails(
        "selfplay",
        &["tihbat", "2", "--depth", "2", "--table", bad.path()],
    );
    assert!(
        stderr.contains(bad.path()) && stderr.contains("corrupt"),
        "{stderr}"
    );
    // The good table answers, and a finished position has no best move.
    let mut good = Vec::new();
    Table::build(Tihbat, 28).unwrap().write_to(&mut good).unwrap();
    let good = TempFile::new("good.tbl", &good);
    let stdout = succeeds(
        "solve",
        &[
            "tihbat",
            "--in",
            good.path(),
            "--position",
            "1 2 | 3 0 10-12 N",
            "--position",
            "0 0 | 0 0 14-14 S",
        ],
    );
    assert!(stdout.contains("1 2 | 3 0 10-12 N\nvalue "), "{stdout}");
    assert!(stdout.contains("best none: the game is over"), "{stdout}");
}

/// Issue 18, item 7: old, empty and missing files say what they are, name
/// the file, and show no raw text from it.
#[test]
fn table_and_certificate_file_errors_name_the_file_and_what_was_expected() {
    let mut old = b"MNCLSOL1\x06tihbat\x04\x00".to_vec();
    old.extend_from_slice(&[0, 0]);
    let old = TempFile::new("old.tbl", &old);
    let stderr = fails(
        "solve",
        &["tihbat", "--in", old.path(), "--position", "1 0 | 0 0 13-14 S"],
    );
    assert!(
        stderr.contains(old.path()) && stderr.contains("format 1") && stderr.contains("--out FILE"),
        "{stderr}"
    );
    let missing = format!("{}.none", old.path());
    let stderr = fails("solve", &["tihbat", "--in", &missing]);
    assert!(stderr.contains(&missing), "{stderr}");
    let mut hostile = mancala_rules::solve::FORMAT_MAGIC.to_vec();
    hostile.extend_from_slice(&[0; 8]);
    hostile.push(9);
    hostile.extend_from_slice(b"\x1b[2J\x1b[Hxx");
    hostile.extend_from_slice(&[4, 0]);
    let hostile = TempFile::new("hostile.tbl", &hostile);
    let stderr = fails("solve", &["tihbat", "--in", hostile.path()]);
    assert!(
        !stderr.contains('\u{1b}') && stderr.contains("\\u{1b}[2J"),
        "{stderr}"
    );
    // An empty certificate (and its empty checked table).
    let certificate = TempFile::new("empty.proof", b"");
    let table = TempFile::at(format!("{}.table", certificate.path()).into(), b"");
    let stderr = fails("solve", &["djenon-aboure", "--verify", certificate.path()]);
    assert!(
        stderr.contains(table.path())
            && stderr.contains("the file ends after 0 bytes; a checked table header is at least 19 bytes"),
        "{stderr}"
    );
    assert!(!stderr.contains("fill whole buffer"), "{stderr}");
    // A certificate's own errors say "certificate", not "table".
    let mut checked = Vec::new();
    let options = mancala_rules::solve::BuildOptions {
        threads: 1,
        progress: true,
    };
    let small = Table::build_with(mancala_rules::games::DjenonAboure, 2, options, |_| {}).unwrap();
    mancala_rules::solve::proof::write_checked_table(&small, &mut checked).unwrap();
    std::fs::write(&table.0, &checked).expect("a temporary file");
    let stderr = fails("solve", &["djenon-aboure", "--verify", certificate.path()]);
    assert!(
        stderr.contains(certificate.path())
            && stderr.contains("the file ends after 0 bytes; a certificate header is at least 19 bytes"),
        "{stderr}"
    );
    std::fs::write(&certificate.0, b"MNCLPRF1\x0ddjenon-aboure").expect("a temporary file");
    let stderr = fails("solve", &["djenon-aboure", "--verify", certificate.path()]);
    assert!(
        stderr.contains("this certificate file is in format 1"),
        "{stderr}"
    );
}

// ---------------------------------------------------------------------------
// Games as data: --rules FILE wherever a game is named
// ---------------------------------------------------------------------------

/// `perft --rules FILE` counts as `perft NAME`: the shipped game's own file,
/// and a twin under another name (a run-time declaration); the other
/// examples take `--rules` too, and the hand-written game of the README.
#[test]
fn every_example_takes_rules_from_a_file() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let kalah = dir.join("src/games/kalah.json");
    let kalah = kalah.to_string_lossy();
    let by_name = succeeds("perft", &["kalah", "5"]);
    let by_file = succeeds("perft", &["--rules", &kalah, "5"]);
    let depth_lines = |text: &str| {
        text.lines()
            .filter(|l| l.starts_with("depth "))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(depth_lines(&by_name), depth_lines(&by_file));
    let twin = std::env::temp_dir().join(format!("mancala-twin-{}.json", std::process::id()));
    let text = std::fs::read_to_string(dir.join("src/games/kalah.json"))
        .unwrap()
        .replace("\"name\": \"kalah\"", "\"name\": \"twin\"")
        .replace("\"kalah-4\",", "")
        .replace("\"kalaha\",", "")
        .replace("\"mancala\"", "");
    std::fs::write(&twin, text).unwrap();
    let twin_path = twin.to_string_lossy();
    assert_eq!(
        depth_lines(&succeeds("perft", &["--rules", &twin_path, "5"])),
        depth_lines(&by_name)
    );
    assert!(succeeds("playouts", &["--rules", &twin_path, "20"]).contains("20 playouts"));
    assert!(succeeds("play", &["--rules", &twin_path, "--auto", "--depth", "2"]).contains("twin"));
    let solved = succeeds(
        "solve",
        &[
            "--rules",
            &twin_path,
            "--max-seeds",
            "4",
            "--position",
            "0 0 0 0 1 2 | 1 0 0 0 0 0 20-24 N",
        ],
    );
    assert!(solved.contains("\nbest "), "{solved}");
    let mangala = dir.join("examples/rules/mangala.json");
    assert!(succeeds("perft", &["--rules", &mangala.to_string_lossy(), "3"]).contains("depth 1 nodes 6"));
    // A file that is no declaration: its error, naming the field.
    std::fs::write(
        &twin,
        r#"{"format": 1, "name": "twin", "pits": 12, "seeds": 4, "turn": {"stores": "own"}}"#,
    )
    .unwrap();
    let stderr = refused("perft", &["--rules", &twin_path, "3"]);
    assert!(stderr.contains("turn.stores"), "{stderr}");
    std::fs::remove_file(&twin).unwrap();
}
