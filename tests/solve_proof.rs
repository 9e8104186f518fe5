//! Proof certificates (issue 13): the verifier accepts what the prover
//! writes, refutes a changed bound, a dropped move and a changed table entry,
//! and on small Djenon-aboure starts the certificate, the search with the
//! table as oracle and an exhaustive minimax agree.

use std::collections::HashMap;

use mancala_rules::games::{Bohnenspiel, DjenonAboure};
use mancala_rules::search::{proven_margin, AlphaBeta, Limits};
use mancala_rules::solve::proof::{self, Certificate, CheckedTable, ProofNode, Prover, Verified, LEAF_CHILD};
use mancala_rules::solve::{BuildOptions, SolveError, Table};
use mancala_rules::{Board, Player, Position, Ruleset, Turn};

type Pos = Position<12>;

fn table(max_seeds: u32) -> Table<DjenonAboure> {
    let options = BuildOptions {
        threads: 2,
        progress: true,
    };
    Table::build_with(DjenonAboure, max_seeds, options, |_| {}).unwrap()
}

/// The table through its file, read back and verified.
fn checked(table: &Table<DjenonAboure>) -> CheckedTable<DjenonAboure> {
    let mut bytes = Vec::new();
    proof::write_checked_table(table, &mut bytes).unwrap();
    let mut checked = CheckedTable::read_from(DjenonAboure, bytes.as_slice()).unwrap();
    assert_eq!(checked.value(&Pos::filled(0)), None, "no value before the check");
    checked.verify(2, |_| {}).unwrap();
    checked
}

/// The certificate of `start`, through its file.
fn certificate(table: &Table<DjenonAboure>, start: &Pos) -> Certificate<Pos> {
    let written = Prover::new(table, |_| {}).certificate(start).unwrap();
    let mut bytes = Vec::new();
    written.write_to(&mut bytes).unwrap();
    let read = Certificate::read_from(&DjenonAboure, bytes.as_slice()).unwrap();
    assert_eq!(read, written);
    read
}

fn verify(
    certificate: &Certificate<Pos>,
    table: &CheckedTable<DjenonAboure>,
) -> Result<Verified, SolveError> {
    proof::verify_certificate(&DjenonAboure, certificate, table, |_| {})
}

/// South's margin at a finished game.
fn south_margin(totals: [u32; 2]) -> i32 {
    totals[0] as i32 - totals[1] as i32
}

/// Exhaustive minimax of South's final margin, by plain recursion over
/// `turn` and `apply`, with neither table nor search: a position repeated
/// along the line ends the play with the board split (the valuation of
/// endless play the table and the search use); results are memoised only
/// where no repetition was met below.
fn minimax(pos: &Pos, path: &mut Vec<Pos>, memo: &mut HashMap<Pos, i32>) -> (i32, bool) {
    if let Some(&v) = memo.get(pos) {
        return (v, false);
    }
    let moves = match DjenonAboure.turn(pos) {
        Turn::Over(outcome) => return (south_margin(outcome.totals), false),
        Turn::Moves(moves) => moves,
    };
    path.push(*pos);
    let mut values = Vec::new();
    let mut cyclic = false;
    for mv in moves {
        let mut child = *pos;
        DjenonAboure.play_unchecked(&mut child, mv);
        if path.contains(&child) {
            let [south, north] = child.scores().map(i32::from);
            values.push(south - north);
            cyclic = true;
        } else {
            let (v, c) = minimax(&child, path, memo);
            values.push(v);
            cyclic |= c;
        }
    }
    path.pop();
    let value = match pos.to_move() {
        Player::South => values.into_iter().max(),
        Player::North => values.into_iter().min(),
    }
    .expect("a position with moves");
    if !cyclic {
        memo.insert(*pos, value);
    }
    (value, cyclic)
}

/// The crate's alpha-beta search with the table as oracle, deepened until
/// its root is resolved: South's margin.
fn searched(table: &Table<DjenonAboure>, start: &Pos) -> i32 {
    let mut engine = AlphaBeta::new(DjenonAboure).with_oracle(table);
    for depth in 1..=60 {
        let result = engine.search(start, &[], Limits::depth(depth));
        if result.resolved {
            let margin = proven_margin(result.score).unwrap_or(0);
            return if start.to_move() == Player::South {
                margin
            } else {
                -margin
            };
        }
    }
    panic!("{start}: not resolved at depth 60");
}

/// Starts with fewer seeds: two a pit (24 seeds), and uneven small ones.
fn small_starts() -> Vec<Pos> {
    let mut starts = vec![Pos::filled(2)];
    for text in [
        "2 3 0 2 1 2 | 2 2 0 3 1 0 0-0 S",
        "3 0 2 2 0 3 | 0 2 2 0 3 2 0-0 S",
        "0 2 2 2 2 2 | 2 2 2 2 2 0 0-0 N",
        "5 0 0 3 0 2 | 2 0 4 0 0 3 0-0 S",
    ] {
        starts.push(text.parse().unwrap());
    }
    starts
}

#[test]
fn small_starts_certificate_search_and_minimax_agree() {
    let table = table(8);
    let checked = checked(&table);
    for start in small_starts() {
        let certificate = certificate(&table, &start);
        assert!(
            certificate.nodes.len() > 1,
            "{start}: the proof goes above the table"
        );
        let verified = verify(&certificate, &checked).unwrap();
        let exact = minimax(&start, &mut Vec::new(), &mut HashMap::new()).0;
        assert_eq!(verified.value, exact, "{start}");
        assert_eq!(searched(&table, &start), exact, "{start}");
        // Every first move's value, against minimax too.
        let moves = DjenonAboure.legal_moves(&start);
        assert_eq!(verified.moves.len(), moves.len());
        for (mv, value) in verified.moves {
            let mut child = start;
            DjenonAboure.play_unchecked(&mut child, mv);
            let exact = minimax(&child, &mut Vec::new(), &mut HashMap::new()).0;
            assert_eq!(value, exact, "{start} {mv}");
        }
    }
    // Two a pit: South wins by 8.
    let start = Pos::filled(2);
    assert_eq!(verify(&certificate(&table, &start), &checked).unwrap().value, 8);
}

/// The certificate and table of the two-a-pit start, verified as given.
fn two_a_pit() -> (Certificate<Pos>, CheckedTable<DjenonAboure>) {
    let table = table(8);
    let checked = checked(&table);
    let certificate = certificate(&table, &Pos::filled(2));
    assert!(verify(&certificate, &checked).is_ok());
    (certificate, checked)
}

#[test]
fn the_verifier_rejects_a_changed_bound() {
    let (certificate, checked) = two_a_pit();
    let mut refuted = 0;
    for id in (0..certificate.nodes.len()).step_by(7) {
        let mut changed = certificate.clone();
        let node = &mut changed.nodes[id];
        // A stronger claim than the node's: one more for a lower bound.
        node.bound += if node.upper { -1 } else { 1 };
        assert!(
            matches!(verify(&changed, &checked), Err(SolveError::Certificate(_))),
            "node {id}"
        );
        refuted += 1;
    }
    assert!(refuted > 3);
    // The root's two bounds made unequal (each still proved): no value.
    let mut changed = certificate.clone();
    let lower = changed.claims[0].lower as usize;
    changed.nodes[lower].bound -= 2;
    assert!(matches!(
        verify(&changed, &checked),
        Err(SolveError::Certificate(_))
    ));
}

#[test]
fn the_verifier_rejects_a_move_dropped_from_a_north_node() {
    let (certificate, checked) = two_a_pit();
    let north_nodes: Vec<usize> = (0..certificate.nodes.len())
        .filter(|&id| {
            let node = &certificate.nodes[id];
            !node.upper && node.position.to_move() == Player::North && node.children.len() > 1
        })
        .collect();
    assert!(!north_nodes.is_empty());
    for &id in north_nodes.iter().step_by(3) {
        let mut changed = certificate.clone();
        changed.nodes[id].children.pop();
        assert!(
            matches!(verify(&changed, &checked), Err(SolveError::Certificate(_))),
            "node {id}"
        );
        // A move given twice instead of each once is refused too.
        let mut changed = certificate.clone();
        let first = changed.nodes[id].children[0];
        *changed.nodes[id].children.last_mut().unwrap() = first;
        assert!(verify(&changed, &checked).is_err(), "node {id}");
    }
}

#[test]
fn the_verifier_rejects_a_changed_table_entry() {
    let table = table(6);
    let mut bytes = Vec::new();
    proof::write_checked_table(&table, &mut bytes).unwrap();
    let original = CheckedTable::read_from(DjenonAboure, bytes.as_slice()).unwrap();
    let mut whole = original.clone();
    whole.verify(1, |_| {}).unwrap();
    let mut tried = 0;
    for seeds in 1..=6u32 {
        let n = table.level(seeds).unwrap().len();
        for at in (0..n).step_by(n / 5 + 1) {
            let value = table.level(seeds).unwrap()[at];
            let mut changed = original.clone();
            changed.tamper(seeds, at, value + 2);
            assert!(
                matches!(changed.verify(2, |_| {}), Err(SolveError::Certificate(_))),
                "{seeds} seeds, entry {at}"
            );
            assert_eq!(changed.value(&Pos::filled(0)), None);
            tried += 1;
        }
    }
    assert!(tried > 20);
    // A changed byte of the file's values: refused by its checksum; and
    // with the checksum made to match, found by the verifier.
    let header = 8 + 8 + 1 + "djenon-aboure".len() + 2;
    let mut changed = bytes.clone();
    let level_two = header + 5 * (2 + 2 * 12); // levels 0 and 1 first
    changed[level_two + 3] = changed[level_two + 3].wrapping_add(1);
    assert!(matches!(
        CheckedTable::read_from(DjenonAboure, changed.as_slice()),
        Err(SolveError::Corrupt { .. })
    ));
    mancala_rules::solve::reseal(&mut changed);
    let mut read = CheckedTable::read_from(DjenonAboure, changed.as_slice()).unwrap();
    assert!(read.verify(1, |_| {}).is_err());
}

/// Agreement alone does not pin values down on a cycle, so the pass also
/// checks that the settling order falls. With every order erased (as if no
/// entry were ever settled) each value still agrees with its successors, but
/// the winning positions whose best moves stay at their seed count can show
/// no progress: refuted.
#[test]
fn the_verifier_needs_the_settling_order() {
    let table = table(4);
    let mut bytes = Vec::new();
    proof::write_checked_table(&table, &mut bytes).unwrap();
    // Every order made u32::MAX: agreement still holds for each entry, but
    // no winning position can show progress.
    let mut read = CheckedTable::read_from(DjenonAboure, bytes.as_slice()).unwrap();
    for seeds in 0..=4u32 {
        for at in 0..table.level(seeds).unwrap().len() {
            read.tamper_order(seeds, at, u32::MAX);
        }
    }
    let has_win_inside_a_level = (0..=4).any(|s| table.level(s).unwrap().iter().any(|&v| v > 0));
    assert!(has_win_inside_a_level);
    assert!(read.verify(1, |_| {}).is_err());
}

/// `certificate` as format 2 wrote it: each leaf in place a node of its
/// own (the position after the move, the parent's bound), before its
/// parent.
fn without_leaves_in_place(certificate: &Certificate<Pos>) -> Certificate<Pos> {
    let mut old = certificate.clone();
    old.nodes.clear();
    let mut moved = Vec::with_capacity(certificate.nodes.len());
    for node in &certificate.nodes {
        let mut node = node.clone();
        for (mv, child) in &mut node.children {
            if *child == LEAF_CHILD {
                let mut after = node.position;
                DjenonAboure.play_unchecked(&mut after, *mv);
                old.nodes.push(ProofNode {
                    upper: node.upper,
                    bound: node.bound,
                    position: after,
                    children: Vec::new(),
                });
                *child = (old.nodes.len() - 1) as u32;
            } else {
                *child = moved[*child as usize];
            }
        }
        old.nodes.push(node);
        moved.push((old.nodes.len() - 1) as u32);
    }
    for claim in &mut old.claims {
        claim.lower = moved[claim.lower as usize];
        claim.upper = moved[claim.upper as usize];
    }
    old
}

#[test]
fn a_format_2_certificate_is_still_read_and_checked() {
    let (certificate, checked) = two_a_pit();
    let in_place = certificate
        .nodes
        .iter()
        .flat_map(|node| &node.children)
        .filter(|&&(_, child)| child == LEAF_CHILD)
        .count();
    assert!(in_place > 10, "{in_place}");
    let old = without_leaves_in_place(&certificate);
    assert_eq!(old.nodes.len(), certificate.nodes.len() + in_place);
    let mut bytes = Vec::new();
    old.write_to(&mut bytes).unwrap();
    assert_eq!(&bytes[..8], b"MNCLPRF3");
    bytes[7] = b'2';
    mancala_rules::solve::reseal(&mut bytes);
    let read = Certificate::<Pos>::read_from(&DjenonAboure, bytes.as_slice()).unwrap();
    assert_eq!(read, old);
    assert_eq!(verify(&read, &checked).unwrap(), {
        let mut verified = verify(&certificate, &checked).unwrap();
        verified.nodes = old.nodes.len();
        verified
    });
}

#[test]
fn files_are_checked() {
    let (certificate, _) = two_a_pit();
    let mut bytes = Vec::new();
    certificate.write_to(&mut bytes).unwrap();
    assert_eq!(&bytes[..8], b"MNCLPRF3");
    assert!(matches!(
        Certificate::<Pos>::read_from(&Bohnenspiel, bytes.as_slice()),
        Err(SolveError::WrongRules { .. })
    ));
    assert!(Certificate::<Pos>::read_from(&DjenonAboure, &bytes[..bytes.len() - 1]).is_err());
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(Certificate::<Pos>::read_from(&DjenonAboure, longer.as_slice()).is_err());
    let table = table(3);
    let mut bytes = Vec::new();
    proof::write_checked_table(&table, &mut bytes).unwrap();
    assert!(CheckedTable::read_from(DjenonAboure, &bytes[..bytes.len() - 1]).is_err());
    // A table built without its order cannot be written as a checked table.
    let plain = Table::build_with(
        DjenonAboure,
        3,
        BuildOptions {
            threads: 1,
            progress: false,
        },
        |_| {},
    )
    .unwrap();
    assert!(proof::write_checked_table(&plain, Vec::new()).is_err());
}

#[test]
fn a_table_whose_settled_order_is_dropped_keeps_its_values() {
    let mut table = table(4);
    let values: Vec<Vec<i8>> = (0..=4).map(|s| table.level(s).unwrap().to_vec()).collect();
    assert!(table.settled_order(4).is_some());
    proof::write_checked_table(&table, Vec::new()).unwrap();
    table.drop_settled_order();
    assert!((0..=4).all(|s| table.settled_order(s).is_none()));
    assert!((0..=4).all(|s| table.level(s).unwrap() == values[s as usize].as_slice()));
    assert!(proof::write_checked_table(&table, Vec::new()).is_err());
}

/// The standard opening, proved over a small table and verified: South wins
/// by 4, and 5 is the only best first move.
#[test]
#[ignore = "seconds in release: cargo test --release --test solve_proof -- --ignored"]
fn the_opening_is_proved() {
    let table = table(12);
    let checked = checked(&table);
    let start = DjenonAboure.start();
    let certificate = certificate(&table, &start);
    let verified = verify(&certificate, &checked).unwrap();
    assert_eq!(verified.value, 4);
    let best: Vec<String> = verified
        .moves
        .iter()
        .filter(|(_, v)| *v == 4)
        .map(|(mv, _)| mv.to_string())
        .collect();
    assert_eq!(best, ["5"]);
    assert_eq!(searched(&table, &start), 4);
}

/// A checked table read from its file (whose size lets each level's room be
/// taken at once) is the table its bytes hold: written back, the same
/// bytes. A file cut short or with a byte more is refused.
#[test]
fn a_checked_table_read_from_its_file_is_the_one_its_bytes_hold() {
    let table = table(8);
    let mut bytes = Vec::new();
    proof::write_checked_table(&table, &mut bytes).unwrap();
    let path = std::env::temp_dir().join(format!("mancala-checked-{}.table", std::process::id()));
    let read = |contents: &[u8]| {
        std::fs::write(&path, contents).unwrap();
        let read = CheckedTable::read_file(DjenonAboure, &path);
        std::fs::remove_file(&path).unwrap();
        read
    };
    let from_file = read(&bytes).unwrap().into_table();
    for seeds in 0..=8 {
        assert_eq!(from_file.level(seeds), table.level(seeds), "{seeds} seeds");
    }
    let mut again = Vec::new();
    proof::write_checked_table(&from_file, &mut again).unwrap();
    assert!(again == bytes, "the values and the settling order, written back");
    let cut = read(&bytes[..bytes.len() - 100]).unwrap_err().to_string();
    assert!(cut.contains("holds"), "{cut}");
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(read(&longer).is_err());
}

/// The values of a checked table read without its settling order are the
/// table's, with no order kept; the order's bytes still count: one changed
/// fails the checksum, a file cut short in them is refused.
#[test]
fn a_checked_tables_values_read_alone_are_its_values_and_its_order_is_still_checked() {
    let table = table(8);
    let mut bytes = Vec::new();
    proof::write_checked_table(&table, &mut bytes).unwrap();
    let path = std::env::temp_dir().join(format!("mancala-values-{}.table", std::process::id()));
    let read = |contents: &[u8]| {
        std::fs::write(&path, contents).unwrap();
        let read = CheckedTable::read_values_file(DjenonAboure, &path);
        std::fs::remove_file(&path).unwrap();
        read
    };
    let values = read(&bytes).unwrap();
    for seeds in 0..=8 {
        assert_eq!(values.level(seeds), table.level(seeds), "{seeds} seeds");
        assert_eq!(values.settled_order(seeds), None, "{seeds} seeds");
    }
    let from_slice = CheckedTable::read_values_from(DjenonAboure, bytes.as_slice()).unwrap();
    assert_eq!(from_slice.level(8), table.level(8));
    // The last level's order ends 8 bytes (the checksum) before the end.
    let mut changed = bytes.clone();
    let at = changed.len() - 8 - 3;
    changed[at] ^= 1;
    let refused = read(&changed).unwrap_err().to_string();
    assert!(refused.contains("checksum"), "{refused}");
    let cut = read(&bytes[..bytes.len() - 100]).unwrap_err().to_string();
    assert!(cut.contains("holds"), "{cut}");
}
