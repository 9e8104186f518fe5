//! Tables served from disk (`solve::DiskTable`): the same values as the
//! table in memory, the same search, refused files.

use std::path::PathBuf;

use mancala_rules::games::{Bohnenspiel, DjenonAboure};
use mancala_rules::search::{proven_margin, AlphaBeta, Limits};
use mancala_rules::solve::{DiskTable, SolveError, Table};
use mancala_rules::{Position, Ruleset};

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("mancala-{name}-{}.tbl", std::process::id()))
}

#[test]
fn disk_tables_give_the_table_values() {
    let table = Table::build(DjenonAboure, 6).unwrap();
    let path = temp("disk-values");
    table.write_to(std::fs::File::create(&path).unwrap()).unwrap();
    let disk = DiskTable::open(DjenonAboure, &path).unwrap();
    assert_eq!(disk.max_seeds(), 6);
    let mut board = [0u8; 12];
    for seeds in 0..=6 {
        for mover in 0..2u8 {
            for rank in 0..table.index().count(seeds).unwrap() {
                assert!(table.index().unrank(seeds, rank, &mut board));
                let pos = Position::<12>::from_parts(&board, [3, 9], mover).unwrap();
                assert_eq!(disk.value(&pos).unwrap(), table.value(&pos), "{pos}");
                assert_eq!(disk.board_value(&pos).unwrap(), table.board_value(&pos));
            }
        }
    }
    assert_eq!(disk.value(&DjenonAboure.start()).unwrap(), None);
    // The search with either oracle: the same result.
    let pos: Position<12> = "0 2 0 3 0 2 | 2 0 3 0 0 2 20-18 S".parse().unwrap();
    let from_memory = AlphaBeta::new(DjenonAboure)
        .with_oracle(&table)
        .search(&pos, &[], Limits::depth(8));
    let from_disk = AlphaBeta::new(DjenonAboure)
        .with_oracle(&disk)
        .search(&pos, &[], Limits::depth(8));
    assert_eq!(
        (from_disk.score, from_disk.best),
        (from_memory.score, from_memory.best)
    );
    // Within the table, a search of one ply with the disk table finds the
    // exact value (every child is answered by the table).
    let pos: Position<12> = "0 2 0 1 0 1 | 1 0 0 0 0 1 20-18 S".parse().unwrap();
    let exact = table.value(&pos);
    assert!(exact.is_some());
    assert_eq!(exact, disk.value(&pos).unwrap());
    let result = AlphaBeta::new(DjenonAboure)
        .with_oracle(&disk)
        .search(&pos, &[], Limits::depth(1));
    assert!(result.resolved, "{result:?}");
    assert_eq!(proven_margin(result.score).or(Some(0)), exact);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn disk_tables_refuse_wrong_files() {
    let table = Table::build(DjenonAboure, 3).unwrap();
    let mut bytes = Vec::new();
    table.write_to(&mut bytes).unwrap();
    let path = temp("disk-wrong");
    std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
    assert!(matches!(
        DiskTable::open(DjenonAboure, &path),
        Err(SolveError::Format(_))
    ));
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(
        DiskTable::open(Bohnenspiel, &path),
        Err(SolveError::Format(_))
    ));
    assert!(DiskTable::open(DjenonAboure, &path).is_ok());
    std::fs::write(&path, b"garbage").unwrap();
    assert!(DiskTable::open(DjenonAboure, &path).is_err());
    std::fs::remove_file(&path).unwrap();
    assert!(matches!(
        DiskTable::open(DjenonAboure, &path),
        Err(SolveError::Io(_))
    ));
}
