//! Kalah's certificates (issue 23): a node whose child has the same mover
//! (an extra turn, the last seed in the own store) is proved and checked like
//! any other; the verifier rejects a changed bound, a move dropped from a
//! node of the opponent, a changed table entry and an extra turn's node given
//! the wrong mover; and on small starts (Kalah with 1 and 2 seeds a pit, 2x3
//! and 2x4 boards, both capture readings) the prover's value, the
//! certificate's verification and an exhaustive minimax agree, for the
//! start and for every first move, whatever the size of the prover's
//! transposition table; nodes written with no scores are read from the
//! scores after the move; a certificate streamed as it is written is the
//! same, and is checked as it is read (the first refuted node reported).

use std::collections::HashMap;

use mancala_rules::games::{Kalah, KALAH};
use mancala_rules::primitives::{Opposite, SowingTurn};
use mancala_rules::solve::proof::{self, Certificate, CheckedTable, Prover, Verified, LEAF_CHILD};
use mancala_rules::solve::{BuildOptions, Solvable, SolveError, Table};
use mancala_rules::{declare, Board, Player, Rules, Ruleset, Turn};

declare!(Kalah1, 12, Rules { seeds: 1, ..KALAH });
declare!(Kalah2, 12, Rules { seeds: 2, ..KALAH });
declare!(Kalah2x3, 6, Rules { seeds: 3, ..KALAH });
/// The board of the tamper tests.
type Small = Kalah2x3;
#[allow(non_upper_case_globals)]
const Small: Small = Kalah2x3;
declare!(Kalah2x4, 8, Rules { seeds: 2, ..KALAH });
// The "empty capture" reading (the last seed in an own empty pit takes
// itself even when the facing pit is empty) on the small boards.
declare!(
    Kalah2x3Empty,
    6,
    Rules {
        seeds: 3,
        turn: SowingTurn {
            opposite: Some(Opposite::EMPTY_CAPTURE),
            ..KALAH.turn
        },
        ..KALAH
    }
);
declare!(
    Kalah1Empty,
    12,
    Rules {
        seeds: 1,
        turn: SowingTurn {
            opposite: Some(Opposite::EMPTY_CAPTURE),
            ..KALAH.turn
        },
        ..KALAH
    }
);

fn table<R: Solvable>(rules: R, max_seeds: u32) -> Table<R> {
    let options = BuildOptions {
        threads: 2,
        progress: true,
    };
    Table::build_with(rules, max_seeds, options, |_| {}).unwrap()
}

/// The table through its file, read back and verified.
fn checked<R: Solvable>(table: &Table<R>) -> CheckedTable<R> {
    let mut bytes = Vec::new();
    proof::write_checked_table(table, &mut bytes).unwrap();
    let mut checked = CheckedTable::read_from(*table.rules(), bytes.as_slice()).unwrap();
    checked.verify(2, |_| {}).unwrap();
    checked
}

/// The certificate of `start`, through its file.
fn certificate<R: Solvable>(table: &Table<R>, start: &R::Position) -> Certificate<R::Position> {
    let written = Prover::new(table, |_| {}).certificate(start).unwrap();
    let mut bytes = Vec::new();
    written.write_to(&mut bytes).unwrap();
    let read = Certificate::read_from(table.rules(), bytes.as_slice()).unwrap();
    assert_eq!(read, written);
    read
}

fn verify<R: Solvable>(
    rules: R,
    certificate: &Certificate<R::Position>,
    table: &CheckedTable<R>,
) -> Result<Verified, SolveError> {
    proof::verify_certificate(&rules, certificate, table, |_| {})
}

/// Exhaustive minimax of South's final margin, by plain recursion over
/// `turn` and `play_unchecked`, with neither table nor search: South
/// maximises where South moves, North minimises where North moves, whoever
/// moved before (an extra turn is simply the same player again). Kalah
/// cannot cycle (a seed that crosses to the other row passes its sower's
/// store first), so the recursion ends; memoised, it is quick.
fn minimax<R: Ruleset>(rules: R, pos: &R::Position, memo: &mut HashMap<R::Position, i32>) -> i32 {
    if let Some(&v) = memo.get(pos) {
        return v;
    }
    let value = match rules.turn(pos) {
        Turn::Over(outcome) => outcome.totals[0] as i32 - outcome.totals[1] as i32,
        Turn::Moves(moves) => {
            let values = moves.into_iter().map(|mv| {
                let mut child = *pos;
                rules.play_unchecked(&mut child, mv);
                minimax(rules, &child, memo)
            });
            match pos.to_move() {
                Player::South => values.max(),
                Player::North => values.min(),
            }
            .expect("a position with moves")
        }
    };
    memo.insert(*pos, value);
    value
}

/// Nodes of `certificate` with a child of the same mover: extra turns.
fn extra_turns<P: Board>(certificate: &Certificate<P>) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    for (id, node) in certificate.nodes.iter().enumerate() {
        for &(_, child) in node.children.iter().filter(|&&(_, child)| child != LEAF_CHILD) {
            if certificate.nodes[child as usize].position.to_move() == node.position.to_move() {
                found.push((id, child as usize));
            }
        }
    }
    found
}

/// Runs `test` on a thread with a big stack (the recursions of a debug
/// build are deep: see `tests/kalah_search.rs`).
fn with_big_stack(test: fn()) {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(test)
        .expect("a thread")
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
}

/// The start of `rules` proved over a table of `max_seeds` and compared
/// with minimax: the value and every first move's value.
fn compare<R: Solvable>(rules: R, max_seeds: u32) -> i32 {
    let table = table(rules, max_seeds);
    let checked = checked(&table);
    let start = rules.start();
    let searched = Prover::new(&table, |_| {}).value(&start);
    let certificate = certificate(&table, &start);
    let name = rules.name();
    assert!(
        certificate.nodes.len() > 1,
        "{name}: the proof goes above the table"
    );
    assert!(
        !extra_turns(&certificate).is_empty(),
        "{name}: the certificate has an extra turn"
    );
    let verified = verify(rules, &certificate, &checked).unwrap();
    let exact = agrees_with_minimax(rules, &verified);
    assert_eq!(searched, exact, "{name}: the prover's value");
    exact
}

/// Checks a verified opening's value and each first move's value (every
/// legal move there) against minimax; returns the value.
fn agrees_with_minimax<R: Solvable>(rules: R, verified: &Verified) -> i32 {
    let name = rules.name();
    let start = rules.start();
    let mut memo = HashMap::new();
    let exact = minimax(rules, &start, &mut memo);
    assert_eq!(verified.value, exact, "{name}: the certificate's value");
    let moves = rules.legal_moves(&start);
    assert_eq!(verified.moves.len(), moves.len(), "{name}: every first move");
    for &(mv, value) in &verified.moves {
        let mut child = start;
        rules.play_unchecked(&mut child, mv);
        assert_eq!(
            value,
            minimax(rules, &child, &mut memo),
            "{name}: first move {mv}"
        );
    }
    exact
}

#[test]
fn small_starts_prover_certificate_and_minimax_agree() {
    with_big_stack(|| {
        compare(Kalah1, 4);
        compare(Kalah2x3, 6);
        compare(Kalah2x4, 6);
        compare(Kalah1Empty, 4);
        compare(Kalah2x3Empty, 6);
    });
}

/// Kalah with 2 seeds a pit (24 seeds): its minimax visits millions of
/// positions, for a release build.
#[test]
#[ignore = "a minute in release: cargo test --release --test kalah_proof -- --ignored"]
fn two_seeds_a_pit_prover_certificate_and_minimax_agree() {
    with_big_stack(|| {
        compare(Kalah2, 12);
    });
}

/// The certificate and table of Kalah on a 2x3 board, 3 seeds a pit, over
/// a 6-seed table, verified as given.
fn small() -> (Certificate<<Small as Ruleset>::Position>, CheckedTable<Small>) {
    let table = table(Small, 6);
    let checked = checked(&table);
    let certificate = certificate(&table, &Small.start());
    assert!(verify(Small, &certificate, &checked).is_ok());
    (certificate, checked)
}

/// Node `id` made to claim one more than it proves (one more for a lower
/// bound, one less for an upper): the verifier refutes the certificate.
fn assert_stronger_bound_refuted(
    certificate: &Certificate<<Small as Ruleset>::Position>,
    checked: &CheckedTable<Small>,
    id: usize,
) {
    let mut changed = certificate.clone();
    let node = &mut changed.nodes[id];
    node.bound += if node.upper { -1 } else { 1 };
    assert!(
        matches!(verify(Small, &changed, checked), Err(SolveError::Certificate(_))),
        "node {id}"
    );
}

#[test]
fn the_verifier_rejects_a_changed_bound() {
    let (certificate, checked) = small();
    let mut refuted = 0;
    for id in (0..certificate.nodes.len()).step_by(5) {
        assert_stronger_bound_refuted(&certificate, &checked, id);
        refuted += 1;
    }
    assert!(refuted > 3, "{refuted}");
    // The root's two bounds made unequal (each still proved): no value.
    let mut changed = certificate.clone();
    let lower = changed.claims[0].lower as usize;
    changed.nodes[lower].bound -= 2;
    assert!(matches!(
        verify(Small, &changed, &checked),
        Err(SolveError::Certificate(_))
    ));
}

/// A leaf given in place ([`LEAF_CHILD`]) is valued by the verifier: a
/// bound beyond it, or a position that is no leaf, is refuted.
#[test]
fn the_verifier_values_each_leaf_in_place() {
    let (certificate, checked) = small();
    let claimed: std::collections::BTreeSet<usize> = certificate
        .claims
        .iter()
        .flat_map(|claim| [claim.lower as usize, claim.upper as usize])
        .collect();
    // Nodes whose every child is a leaf in place, not a claim's: only the
    // leaves' values stand behind their bounds.
    let all_leaves: Vec<usize> = (0..certificate.nodes.len())
        .filter(|id| !claimed.contains(id))
        .filter(|&id| {
            let children = &certificate.nodes[id].children;
            !children.is_empty() && children.iter().all(|&(_, child)| child == LEAF_CHILD)
        })
        .collect();
    assert!(all_leaves.len() > 10, "{}", all_leaves.len());
    for &id in all_leaves.iter().step_by(all_leaves.len() / 10) {
        assert_stronger_bound_refuted(&certificate, &checked, id);
    }
    // A child that is a node above the table, given as a leaf in place.
    let (id, at) = (0..certificate.nodes.len())
        .find_map(|id| {
            let children = &certificate.nodes[id].children;
            children
                .iter()
                .position(|&(_, child)| {
                    child != LEAF_CHILD && certificate.nodes[child as usize].children.len() > 1
                })
                .map(|at| (id, at))
        })
        .expect("a node with a child above the table");
    let mut changed = certificate.clone();
    changed.nodes[id].children[at].1 = LEAF_CHILD;
    let err = verify(Small, &changed, &checked).unwrap_err();
    assert!(
        err.to_string().contains("neither finished nor in the table"),
        "{err}"
    );
}

#[test]
fn the_verifier_rejects_a_move_dropped_from_a_node_of_the_opponent() {
    let (certificate, checked) = small();
    // The opponent of the bound's side: North in a lower-bound tree, South
    // in an upper-bound tree; every move of theirs must be answered.
    let opponent_nodes: Vec<usize> = (0..certificate.nodes.len())
        .filter(|&id| {
            let node = &certificate.nodes[id];
            let chooser = if node.upper { Player::North } else { Player::South };
            node.position.to_move() != chooser && node.children.len() > 1
        })
        .collect();
    assert!(opponent_nodes.iter().any(|&id| certificate.nodes[id].upper));
    assert!(opponent_nodes.iter().any(|&id| !certificate.nodes[id].upper));
    for &id in opponent_nodes.iter().step_by(3) {
        let mut changed = certificate.clone();
        changed.nodes[id].children.pop();
        assert!(
            matches!(verify(Small, &changed, &checked), Err(SolveError::Certificate(_))),
            "node {id}"
        );
        // A move given twice instead of each once is refused too.
        let mut changed = certificate.clone();
        let first = changed.nodes[id].children[0];
        *changed.nodes[id].children.last_mut().unwrap() = first;
        assert!(verify(Small, &changed, &checked).is_err(), "node {id}");
    }
}

#[test]
fn the_verifier_rejects_a_changed_table_entry() {
    let table = table(Small, 6);
    let mut bytes = Vec::new();
    proof::write_checked_table(&table, &mut bytes).unwrap();
    let original = CheckedTable::read_from(Small, bytes.as_slice()).unwrap();
    let mut whole = original.clone();
    whole.verify(1, |_| {}).unwrap();
    let mut tried = 0;
    for seeds in 1..=6u32 {
        let n = table.level(seeds).unwrap().len();
        for at in (0..n).step_by(n / 5 + 1) {
            let value = table.level(seeds).unwrap()[at];
            let mut changed = original.clone();
            // Within the level's range, so that only the check can refute it.
            let other = if i32::from(value) + 2 <= seeds as i32 {
                value + 2
            } else {
                value - 2
            };
            changed.tamper(seeds, at, other);
            assert!(
                matches!(changed.verify(2, |_| {}), Err(SolveError::Certificate(_))),
                "{seeds} seeds, entry {at}"
            );
            tried += 1;
        }
    }
    assert!(tried > 20, "{tried}");
    // A certificate whose leaves lean on a changed table is not checked:
    // the table fails first, and an unverified table answers nothing.
    let certificate = certificate(&table, &Small.start());
    let mut changed = original.clone();
    let value = table.level(6).unwrap()[0];
    changed.tamper(6, 0, if value > -6 { value - 1 } else { value + 1 });
    assert!(changed.verify(1, |_| {}).is_err());
    assert!(verify(Small, &certificate, &changed).is_err());
}

#[test]
fn the_verifier_rejects_an_extra_turns_node_given_the_wrong_mover() {
    let (certificate, checked) = small();
    let extra = extra_turns(&certificate);
    assert!(extra.len() > 10, "{}", extra.len());
    let mut refuted = 0;
    for &(parent, child) in extra.iter().step_by(extra.len() / 10) {
        // The child's node says the other player moves after the extra turn.
        let mut changed = certificate.clone();
        let pos = &mut changed.nodes[child].position;
        pos.to_move = pos.to_move.opponent();
        assert!(
            matches!(verify(Small, &changed, &checked), Err(SolveError::Certificate(_))),
            "node {child}, child of {parent}"
        );
        refuted += 1;
    }
    assert!(refuted >= 10, "{refuted}");
    // The same through the file: the mover's byte of an extra turn's node
    // changed, the checksum made to match; read, then refuted.
    let (_, child) = extra[0];
    let mut bytes = Vec::new();
    certificate.write_to(&mut bytes).unwrap();
    let mut changed = certificate.clone();
    let pos = &mut changed.nodes[child].position;
    pos.to_move = pos.to_move.opponent();
    let mut tampered = Vec::new();
    changed.write_to(&mut tampered).unwrap();
    let differing: Vec<usize> = (0..bytes.len() - 8)
        .filter(|&i| bytes[i] != tampered[i])
        .collect();
    assert_eq!(differing.len(), 1, "one byte: the mover");
    let mut edited = bytes.clone();
    edited[differing[0]] ^= 1;
    assert!(
        Certificate::read_from(&Small, edited.as_slice()).is_err(),
        "the checksum"
    );
    mancala_rules::solve::reseal(&mut edited);
    let read = Certificate::read_from(&Small, edited.as_slice()).unwrap();
    assert!(matches!(
        verify(Small, &read, &checked),
        Err(SolveError::Certificate(_))
    ));
}

/// Kalah's own start is proved only in release (see the README); here, a
/// late position of Kalah(6,4) with extra turns, over a small table.
#[test]
fn a_kalah_position_is_proved_with_its_extra_turns() {
    let table = table(Kalah, 6);
    let checked = checked(&table);
    let start: <Kalah as Ruleset>::Position = "0 0 1 0 2 1 | 1 0 2 0 1 1 20-19 S".parse().unwrap();
    let certificate = certificate(&table, &start);
    let verified = verify(Kalah, &certificate, &checked).unwrap();
    assert_eq!(verified.value, minimax(Kalah, &start, &mut HashMap::new()));
}

/// `start` proved with a transposition table of `bytes` and children
/// probed above `probe_above` seeds: the prover's value, and the verified
/// certificate's value and first moves.
fn prove_with<R: Solvable>(
    rules: R,
    table: &Table<R>,
    checked: &CheckedTable<R>,
    bytes: usize,
    probe_above: u32,
) -> (i32, Verified) {
    let start = rules.start();
    let mut prover = Prover::with_memory(table, bytes, |_| {}).unwrap();
    prover.probe_children_above(probe_above);
    let value = prover.value(&start);
    let certificate = prover.certificate(&start).unwrap();
    (value, verify(rules, &certificate, checked).unwrap())
}

/// The transposition table's size and the probing of children change the
/// speed only: with one bucket of four slots (every store replaces
/// another), with 1 KiB and with 64 MiB, probing every child or none, the
/// value and every first move's value are minimax's, and each certificate
/// verifies.
#[test]
fn a_changed_transposition_table_changes_no_value() {
    fn each<R: Solvable>(rules: R, max_seeds: u32) {
        let name = rules.name();
        let table = table(rules, max_seeds);
        let checked = checked(&table);
        let start = rules.start();
        let mut memo = HashMap::new();
        let exact = minimax(rules, &start, &mut memo);
        for bytes in [64, 1 << 10, 64 << 20] {
            for probe_above in [0, max_seeds + 4, u32::MAX] {
                let (value, verified) = prove_with(rules, &table, &checked, bytes, probe_above);
                let at = format!("{name}: {bytes} bytes, probed above {probe_above}");
                assert_eq!(value, exact, "{at}");
                assert_eq!(verified.value, exact, "{at}");
                for &(mv, v) in &verified.moves {
                    let mut child = start;
                    rules.play_unchecked(&mut child, mv);
                    assert_eq!(v, minimax(rules, &child, &mut memo), "{at}: first move {mv}");
                }
            }
        }
    }
    with_big_stack(|| {
        each(Kalah1, 4);
        each(Kalah2x3, 6);
        each(Kalah2x3Empty, 6);
    });
}

/// The prover writes its nodes with no scores (one node a board and mover,
/// whatever the captures before): the verifier reads a child's bound from
/// the scores after the move. A node moved to other scores with its bound
/// moved alike proves the same; its scores changed alone, the claim that
/// reads it is refuted.
#[test]
fn the_verifier_reads_bounds_from_the_scores_after_the_move() {
    let (certificate, checked) = small();
    assert!(certificate
        .nodes
        .iter()
        .all(|node| node.position.scores() == [0, 0]));
    let root_value = verify(Small, &certificate, &checked).unwrap().value;
    let lower = certificate.claims[0].lower as usize;
    // The same claim at scores 3-1: the bound 2 more.
    let mut moved = certificate.clone();
    let node = &mut moved.nodes[lower];
    node.position.scores = [3, 1];
    node.bound += 2;
    assert_eq!(verify(Small, &moved, &checked).unwrap().value, root_value);
    // Scores changed, bound not: the root's two bounds no longer meet.
    let mut changed = certificate.clone();
    changed.nodes[lower].position.scores = [3, 1];
    assert!(matches!(
        verify(Small, &changed, &checked),
        Err(SolveError::Certificate(_))
    ));
    // Every node that is some parent's child, its South score raised by one
    // with its bound unchanged: a node proving exactly what its parent needs
    // (as most do) no longer does.
    let children: std::collections::BTreeSet<u32> = certificate
        .nodes
        .iter()
        .flat_map(|node| node.children.iter().map(|&(_, child)| child))
        .filter(|&child| child != LEAF_CHILD)
        .collect();
    let mut refuted = 0;
    for &child in children.iter().step_by(7) {
        let mut changed = certificate.clone();
        let node = &mut changed.nodes[child as usize];
        if node.upper {
            node.position.scores[1] += 1;
        } else {
            node.position.scores[0] += 1;
        }
        refuted += usize::from(verify(Small, &changed, &checked).is_err());
    }
    assert!(refuted > 3, "{refuted}");
}

/// The certificate written by the prover as it goes equals the one it
/// returns, byte for byte; checked as it is read, it proves the same, and
/// a byte changed in it is refused.
#[test]
fn a_streamed_certificate_is_the_same_and_is_checked_as_read() {
    let table = table(Small, 6);
    let checked = checked(&table);
    let start = Small.start();
    let whole = Prover::new(&table, |_| {}).certificate(&start).unwrap();
    let mut bytes = Vec::new();
    whole.write_to(&mut bytes).unwrap();
    let mut streamed = Vec::new();
    let written = Prover::new(&table, |_| {})
        .write_certificate(&start, &mut streamed)
        .unwrap();
    assert_eq!(streamed, bytes);
    assert_eq!(written.bytes, bytes.len() as u64);
    assert_eq!(written.nodes, whole.nodes.len() as u64);
    let verified = verify(Small, &whole, &checked).unwrap();
    assert_eq!(written.value, verified.value);
    assert_eq!(written.moves, verified.moves);
    let (root, read) = proof::verify_certificate_from(&Small, bytes.as_slice(), &checked, |_| {}).unwrap();
    assert_eq!(root, start);
    assert_eq!(read, verified);
    // A bound changed in the file, the checksum made to match: refuted.
    let mut changed = whole.clone();
    let lower = changed.claims[0].lower as usize;
    changed.nodes[lower].bound += 1;
    let mut tampered = Vec::new();
    changed.write_to(&mut tampered).unwrap();
    assert!(matches!(
        proof::verify_certificate_from(&Small, tampered.as_slice(), &checked, |_| {}),
        Err(SolveError::Certificate(_))
    ));
    // Cut short: refused.
    assert!(proof::verify_certificate_from(&Small, &bytes[..bytes.len() / 2], &checked, |_| {}).is_err());
}

/// The opening proved by `threads` provers sharing its first moves
/// (`proof::prove_opening`), through its file: its values are minimax's,
/// and the certificate, checked as it is read, proves them.
fn compare_shared<R: Solvable>(rules: R, max_seeds: u32, threads: usize) {
    let table = table(rules, max_seeds);
    let checked = checked(&table);
    let start = rules.start();
    let settings = proof::ProofSettings::default()
        .with_threads(threads)
        .with_memory(1 << 20);
    let mut bytes = Vec::new();
    let (written, stats) = proof::prove_opening(&table, &start, settings, |_| {}, &mut bytes).unwrap();
    let name = rules.name();
    assert!(stats.searched > 0, "{name}: the provers searched");
    assert_eq!(written.bytes, bytes.len() as u64, "{name}");
    let (root, verified) =
        proof::verify_certificate_from(&rules, bytes.as_slice(), &checked, |_| {}).unwrap();
    assert_eq!(root, start, "{name}");
    assert_eq!(written.value, verified.value, "{name}");
    assert_eq!(written.moves, verified.moves, "{name}");
    agrees_with_minimax(rules, &verified);
}

#[test]
fn the_opening_shared_among_provers_agrees_with_minimax() {
    with_big_stack(|| {
        for threads in [1, 2, 3] {
            compare_shared(Kalah1, 4, threads);
            compare_shared(Kalah2x3, 6, threads);
            compare_shared(Kalah2x4, 6, threads);
            compare_shared(Kalah1Empty, 4, threads);
            compare_shared(Kalah2x3Empty, 6, threads);
        }
    });
}

/// A start that is a table position is proved by its table entry alone, on
/// any number of provers.
#[test]
fn an_opening_inside_the_table_is_proved_by_its_entry() {
    let table = table(Small, 18);
    let checked = checked(&table);
    let start = Small.start();
    let mut bytes = Vec::new();
    let settings = proof::ProofSettings::default().with_threads(2);
    let (written, _) = proof::prove_opening(&table, &start, settings, |_| {}, &mut bytes).unwrap();
    let (_, verified) = proof::verify_certificate_from(&Small, bytes.as_slice(), &checked, |_| {}).unwrap();
    let mut memo = HashMap::new();
    assert_eq!(verified.value, minimax(Small, &start, &mut memo));
    assert_eq!(written.value, verified.value);
}

/// `small()`'s certificate behind `padding` extra nodes (each a finished
/// game, bound 0, valid and unreferenced), its ids moved past them.
fn padded(padding: usize) -> (Certificate<<Small as Ruleset>::Position>, CheckedTable<Small>) {
    let (certificate, checked) = small();
    let over = <Small as Ruleset>::Position::from_parts(&[0; 6], [9, 9], 0).unwrap();
    assert!(matches!(Small.turn(&over), Turn::Over(_)));
    let filler = proof::ProofNode {
        upper: false,
        bound: 0,
        position: over,
        children: Vec::new(),
    };
    let shift = |id: u32| if id == LEAF_CHILD { id } else { id + padding as u32 };
    let mut long = certificate.clone();
    long.nodes = vec![filler; padding];
    for node in &certificate.nodes {
        let mut node = node.clone();
        for child in &mut node.children {
            child.1 = shift(child.1);
        }
        long.nodes.push(node);
    }
    for claim in &mut long.claims {
        claim.lower = shift(claim.lower);
        claim.upper = shift(claim.upper);
    }
    (long, checked)
}

/// The streamed verifier, over a certificate of many nodes, proves what the
/// verifier of a whole certificate proves; the node it refutes is named by
/// its id; and a node refuted before a reading error is the error
/// returned.
#[test]
fn the_streamed_verifier_names_the_first_refuted_node() {
    let (long, checked) = padded(50_000);
    let mut bytes = Vec::new();
    long.write_to(&mut bytes).unwrap();
    let whole = verify(Small, &long, &checked).unwrap();
    let (_, streamed) = proof::verify_certificate_from(&Small, bytes.as_slice(), &checked, |_| {}).unwrap();
    assert_eq!(streamed, whole);
    assert_eq!(streamed.nodes, long.nodes.len());

    // The last node made to claim more than it proves: refuted, by its id.
    let last = long.nodes.len() - 1;
    let mut changed = long.clone();
    changed.nodes[last].bound += if changed.nodes[last].upper { -1 } else { 1 };
    let mut tampered = Vec::new();
    changed.write_to(&mut tampered).unwrap();
    match proof::verify_certificate_from(&Small, tampered.as_slice(), &checked, |_| {}) {
        Err(SolveError::Certificate(reason)) => {
            assert!(reason.contains(&format!("node {last}:")), "{reason}")
        }
        other => panic!("{other:?}"),
    }

    // A filler node made false (a finished game worth 0
    // claimed at least 1), and the file cut short after it: the refuted
    // node, not the reading error, is what the verifier reports.
    let mut changed = long.clone();
    changed.nodes[40_000].bound = 1;
    let mut tampered = Vec::new();
    changed.write_to(&mut tampered).unwrap();
    let cut = &tampered[..tampered.len() - 100];
    match proof::verify_certificate_from(&Small, cut, &checked, |_| {}) {
        Err(SolveError::Certificate(reason)) => assert!(reason.contains("node 40000:"), "{reason}"),
        other => panic!("{other:?}"),
    }
    // Cut short alone, it is a reading error.
    assert!(matches!(
        proof::verify_certificate_from(&Small, &bytes[..bytes.len() - 100], &checked, |_| {}),
        Err(SolveError::Truncated { .. })
    ));
}

/// A file of its own under the system's temporary directory, removed when
/// dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn with(name: &str, bytes: &[u8]) -> TempFile {
        let path = std::env::temp_dir().join(format!("mancala-kalah-proof-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        TempFile(path)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The table through its file, read back and not yet verified.
fn unverified(table: &Table<Small>) -> CheckedTable<Small> {
    let mut bytes = Vec::new();
    proof::write_checked_table(table, &mut bytes).unwrap();
    CheckedTable::read_from(Small, bytes.as_slice()).unwrap()
}

/// The table and the certificate checked at once prove what the two checks
/// one after the other prove, and leave the table verified; progress comes
/// to the whole table and every node.
#[test]
fn the_table_and_the_certificate_checked_at_once_prove_what_each_proves() {
    let (long, checked) = padded(50_000);
    let mut bytes = Vec::new();
    long.write_to(&mut bytes).unwrap();
    let file = TempFile::with("at-once", &bytes);
    let whole = verify(Small, &long, &checked).unwrap();
    let mut table = unverified(&table(Small, 6));
    let leaf = table.len();
    let mut last = None;
    let (root, at_once) =
        proof::verify_certificate_and_table_file(&Small, &file.0, &mut table, 2, |p| last = Some(p)).unwrap();
    assert_eq!((root, &at_once), (Small.start(), &whole));
    let last = last.unwrap();
    assert_eq!((last.table.done, last.table.total), (leaf, leaf));
    assert_eq!(last.nodes, long.nodes.len());
    // Verified: its values answer, and a second call checks the certificate
    // alone.
    let empty = <Small as Ruleset>::Position::from_parts(&[0, 0, 1, 0, 0, 1], [8, 8], 0).unwrap();
    assert!(table.value(&empty).is_some());
    let (_, again) =
        proof::verify_certificate_and_table_file(&Small, &file.0, &mut table, 1, |_| {}).unwrap();
    assert_eq!(again, whole);
}

/// A changed table entry is the error of the two checks at once, even where
/// the certificate leans on it, and the table is left unverified; a changed
/// certificate over a sound table is the certificate's error, the table
/// verified.
#[test]
fn checked_at_once_the_table_fails_first_and_the_certificate_after() {
    let built = table(Small, 6);
    let certificate = certificate(&built, &Small.start());
    let mut bytes = Vec::new();
    certificate.write_to(&mut bytes).unwrap();
    let sound = TempFile::with("sound", &bytes);

    // An entry of the table's last level changed.
    let mut changed = unverified(&built);
    let value = built.level(6).unwrap()[0];
    changed.tamper(6, 0, if value > -6 { value - 1 } else { value + 1 });
    match proof::verify_certificate_and_table_file(&Small, &sound.0, &mut changed, 2, |_| {}) {
        Err(SolveError::Certificate(reason)) => assert!(reason.contains("table entry refuted"), "{reason}"),
        other => panic!("{other:?}"),
    }
    let leaf = <Small as Ruleset>::Position::from_parts(&[1, 1, 1, 1, 1, 1], [6, 6], 0).unwrap();
    assert!(changed.value(&leaf).is_none());

    // The last node made to claim more than it proves.
    let mut wrong = certificate.clone();
    let last = wrong.nodes.len() - 1;
    wrong.nodes[last].bound += if wrong.nodes[last].upper { -1 } else { 1 };
    let mut bytes = Vec::new();
    wrong.write_to(&mut bytes).unwrap();
    let refuted = TempFile::with("refuted", &bytes);
    let mut table = unverified(&built);
    match proof::verify_certificate_and_table_file(&Small, &refuted.0, &mut table, 2, |_| {}) {
        Err(SolveError::File { source, .. }) => match *source {
            SolveError::Certificate(reason) => assert!(reason.contains(&format!("node {last}:")), "{reason}"),
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
    assert!(table.value(&leaf).is_some());
}
