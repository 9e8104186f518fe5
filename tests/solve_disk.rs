//! Tables served from disk (`solve::DiskTable`): the same values as the
//! table in memory, the same search, refused files; tables written as they
//! are built (`Table::build_to_writer`): the same bytes; sampled entries of
//! a file agree with their successors (and of the large built tables, with
//! `--ignored`).

use std::path::PathBuf;

use mancala_rules::games::{AlManqala, Bohnenspiel, DjenonAboure, Oware, Tihbat};
use mancala_rules::playout::SplitMix64;
use mancala_rules::search::{proven_margin, AlphaBeta, Limits};
use mancala_rules::solve::{BoardIndex, BuildOptions, DiskTable, LevelProgress, Solvable, SolveError, Table};
use mancala_rules::{Board, Player, Position, Ruleset, Turn};

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
    let short = DiskTable::open(DjenonAboure, &path).unwrap_err();
    let SolveError::File { path: named, source } = &short else {
        panic!("{short}")
    };
    assert_eq!(named, &path);
    assert!(matches!(**source, SolveError::Truncated { .. }), "{short}");
    std::fs::write(&path, &bytes).unwrap();
    let wrong = DiskTable::open(Bohnenspiel, &path).unwrap_err();
    assert!(
        matches!(&wrong, SolveError::File { source, .. } if matches!(**source, SolveError::WrongRules { .. })),
        "{wrong}"
    );
    assert!(DiskTable::open(DjenonAboure, &path).is_ok());
    std::fs::write(&path, b"garbage").unwrap();
    assert!(DiskTable::open(DjenonAboure, &path).is_err());
    std::fs::remove_file(&path).unwrap();
    let missing = DiskTable::open(DjenonAboure, &path).unwrap_err();
    assert!(
        matches!(&missing, SolveError::File { source, .. } if matches!(**source, SolveError::Io(_))),
        "{missing}"
    );
    assert!(
        missing.to_string().contains(&*path.to_string_lossy()),
        "{missing}"
    );
}

/// The streaming build writes, byte for byte, what the table built in memory
/// writes, and reports the same progress, whatever the thread count (and
/// whether the table in memory keeps its settling order).
fn streams_the_same_bytes<R: Solvable>(rules: R, max_seeds: u32) {
    for threads in [1, 2] {
        let options = BuildOptions {
            threads,
            progress: threads == 2,
        };
        let mut memory_levels = Vec::new();
        let table = Table::build_with(rules, max_seeds, options, |p| memory_levels.push(p)).unwrap();
        let mut written = Vec::new();
        table.write_to(&mut written).unwrap();
        let mut streamed = Vec::new();
        let mut stream_levels: Vec<LevelProgress> = Vec::new();
        let stats = Table::build_to_writer(rules, max_seeds, options, &mut streamed, |p| {
            stream_levels.push(p)
        })
        .unwrap();
        let what = format!("{} {max_seeds}, {threads} threads", rules.name());
        assert!(streamed == written, "{what}: the streamed bytes differ");
        assert_eq!(stats.bytes, streamed.len() as u64, "{what}");
        assert_eq!(stats.positions, table.len(), "{what}");
        assert_eq!(stream_levels, memory_levels, "{what}");
    }
}

#[test]
fn streaming_builds_write_the_bytes_of_the_table_in_memory() {
    streams_the_same_bytes(Bohnenspiel, 8);
    streams_the_same_bytes(Bohnenspiel::hemprich(), 6);
    streams_the_same_bytes(DjenonAboure, 8);
    streams_the_same_bytes(AlManqala, 6);
    // Tihbat whole, and its variant.
    streams_the_same_bytes(Tihbat, 28);
    streams_the_same_bytes(Tihbat::own_side_chain(), 20);
    // The smallest tables.
    streams_the_same_bytes(DjenonAboure, 0);
    streams_the_same_bytes(Bohnenspiel, 1);
}

#[test]
fn streaming_builds_refuse_before_writing() {
    let mut out = Vec::new();
    assert!(matches!(
        Table::build_to_writer(Oware, 2, BuildOptions::default(), &mut out, |_| {}),
        Err(SolveError::Rules(_))
    ));
    assert!(matches!(
        Table::build_to_writer(Tihbat, 128, BuildOptions::default(), &mut out, |_| {}),
        Err(SolveError::TooManySeeds { .. })
    ));
    assert!(out.is_empty());
    // A writer that fails: the error, not a panic.
    struct Full;
    impl std::io::Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::StorageFull.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    assert!(matches!(
        Table::build_to_writer(Tihbat, 8, BuildOptions::default(), Full, |_| {}),
        Err(SolveError::Io(_))
    ));
}

/// Every position of a streamed file, served from disk: the in-memory
/// table's values.
fn disk_answers_as_memory<R: Solvable>(rules: R, max_seeds: u32) {
    let path = temp(&format!("stream-{}-{max_seeds}", rules.name()));
    let options = BuildOptions {
        threads: 2,
        progress: false,
    };
    let out = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let stats = Table::build_to_writer(rules, max_seeds, options, out, |_| {}).unwrap();
    assert_eq!(stats.bytes, std::fs::metadata(&path).unwrap().len());
    let table = Table::build(rules, max_seeds).unwrap();
    let disk = DiskTable::open(rules, &path).unwrap();
    assert_eq!(disk.max_seeds(), max_seeds);
    let pits = R::Position::PITS;
    let mut board = vec![0u8; pits];
    for seeds in 0..=max_seeds {
        for mover in 0..2u8 {
            for rank in 0..table.index().count(seeds).unwrap() {
                assert!(table.index().unrank(seeds, rank, &mut board));
                let pos = R::Position::from_parts(&board, [1, 2], mover).unwrap();
                assert_eq!(disk.value(&pos).unwrap(), table.value(&pos), "{pos}");
            }
        }
    }
    // A board beyond the table.
    let mut more = vec![0u8; pits];
    more[0] = max_seeds as u8 + 1;
    let beyond = R::Position::from_parts(&more, [0, 0], 0).unwrap();
    assert_eq!(disk.value(&beyond).unwrap(), None);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn disk_tables_serve_streamed_files() {
    disk_answers_as_memory(DjenonAboure, 7);
    disk_answers_as_memory(AlManqala, 5);
    disk_answers_as_memory(Tihbat, 28);
}

/// A position of `rules` with at most `max_seeds` seeds on the board, not
/// over, reached by uniformly random moves from the start (stopping at a
/// random point once the board is small enough).
fn sample<R: Solvable>(rules: R, max_seeds: u32, rng: &mut SplitMix64) -> R::Position {
    loop {
        let mut pos = rules.start();
        loop {
            let on_board: u32 = pos.pits().iter().map(|&s| u32::from(s)).sum();
            if on_board <= max_seeds && rng.below(3) == 0 {
                break;
            }
            if rules.play_random(&mut pos, rng).is_err() {
                break;
            }
        }
        if matches!(rules.turn(&pos), Turn::Moves(_)) {
            return pos;
        }
    }
}

/// Whether the file's value of `pos` is the best of its moves' values (a
/// finished child by its totals, any other from the file, negated when the
/// other player moves there): the consistency every entry of a solved table
/// has. `Err` names the position and both values.
fn agrees_with_successors<R: Solvable>(
    rules: R,
    table: &DiskTable<R>,
    pos: &R::Position,
) -> Result<(), String> {
    let Turn::Moves(moves) = rules.turn(pos) else {
        return Ok(());
    };
    let mover = pos.to_move();
    let stored = table.value(pos).unwrap().expect("the board is in the table");
    let mut best = i32::MIN;
    for mv in moves {
        let mut child = *pos;
        rules.play_unchecked(&mut child, mv);
        let value = match rules.turn(&child) {
            Turn::Over(outcome) => {
                let [south, north] = outcome.totals.map(|t| t as i32);
                if mover == Player::South {
                    south - north
                } else {
                    north - south
                }
            }
            Turn::Moves(_) => {
                let child_value = table.value(&child).unwrap().expect("a child has no more seeds");
                if child.to_move() == mover {
                    child_value
                } else {
                    -child_value
                }
            }
        };
        best = best.max(value);
    }
    if stored == best {
        Ok(())
    } else {
        Err(format!("{pos}: the file says {stored}, its moves give {best}"))
    }
}

#[test]
fn table_files_agree_with_their_successors_and_a_changed_entry_does_not() {
    let max_seeds = 10;
    let path = temp("successors");
    let out = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    Table::build_to_writer(DjenonAboure, max_seeds, BuildOptions::default(), out, |_| {}).unwrap();
    let disk = DiskTable::open(DjenonAboure, &path).unwrap();
    let mut rng = SplitMix64::new(7);
    let positions: Vec<_> = (0..500)
        .map(|_| sample(DjenonAboure, max_seeds, &mut rng))
        .collect();
    for pos in &positions {
        agrees_with_successors(DjenonAboure, &disk, pos).unwrap();
    }
    // Change the entry of the first sampled position: it no longer agrees.
    let pos = positions[0];
    let index = BoardIndex::new(12, max_seeds);
    let (seeds, rank) = index.seeds_and_rank(pos.pits()).unwrap();
    let below: u64 = (0..seeds).map(|s| 2 * index.count(s).unwrap()).sum();
    let values: u64 = (0..=max_seeds).map(|s| 2 * index.count(s).unwrap()).sum();
    // The values end 8 bytes (the checksum) before the end of the file.
    let values_start = std::fs::metadata(&path).unwrap().len() - 8 - values;
    let at = values_start + below + pos.to_move().index() as u64 * index.count(seeds).unwrap() + rank;
    let mut bytes = std::fs::read(&path).unwrap();
    // Another value within the board's range, so that only the checksum
    // and the successors can tell.
    let value = bytes[at as usize] as i8;
    bytes[at as usize] = if value == 0 { 1 } else { -value as u8 };
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(
        DiskTable::open(DjenonAboure, &path),
        Err(SolveError::File { source, .. }) if matches!(*source, SolveError::Corrupt { .. })
    ));
    let changed = DiskTable::open_unverified(DjenonAboure, &path).unwrap();
    let err = agrees_with_successors(DjenonAboure, &changed, &pos).unwrap_err();
    assert!(err.contains("the file says"), "{err}");
    std::fs::remove_file(&path).unwrap();
}

/// The large tables built by `solve --out` (README, "Endgame tables"), if
/// the directory `MANCALA_TABLES` holds them: 20,000 sampled entries of
/// each agree with their successors. Run with
/// `MANCALA_TABLES=DIR cargo test --release --test solve_disk -- --ignored`.
#[test]
#[ignore = "needs the built tables (several GB) in $MANCALA_TABLES"]
fn built_tables_agree_with_their_successors() {
    let dir = PathBuf::from(
        std::env::var_os("MANCALA_TABLES").expect("set MANCALA_TABLES to the tables' directory"),
    );
    fn check<R: Solvable>(rules: R, path: PathBuf, seed: u64) -> bool {
        let Ok(table) = DiskTable::open(rules, &path) else {
            return false;
        };
        let mut rng = SplitMix64::new(seed);
        for _ in 0..20_000 {
            let pos = sample(rules, table.max_seeds(), &mut rng);
            agrees_with_successors(rules, &table, &pos).unwrap();
        }
        println!("{}: 20,000 sampled entries agree", path.display());
        true
    }
    let checked = [
        check(Bohnenspiel, dir.join("bohnenspiel-24.tbl"), 1),
        check(DjenonAboure, dir.join("djenon-aboure-24.tbl"), 2),
        check(AlManqala, dir.join("al-manqala-20.tbl"), 3),
    ];
    assert!(checked.contains(&true), "no table file in {}", dir.display());
}
