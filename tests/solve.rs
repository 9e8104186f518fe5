//! The retrograde solver: the board index, the tables against independent
//! searches, the tables' own consistency, the file format, spot values.

use mancala_rules::games::{AlManqala, Bohnenspiel, DjenonAboure, Kalah, Oware, Tihbat};
use mancala_rules::solve::{BoardIndex, BuildOptions, Solvable, SolveError, Table};
use mancala_rules::{Board, Game, Move, Position, Ruleset, Turn};

// ---------------------------------------------------------------- helpers

/// The final margin of an outcome for `mover`.
fn margin(totals: [u32; 2], mover: usize) -> i32 {
    totals[mover] as i32 - totals[1 - mover] as i32
}

fn captures_margin<B: Board>(pos: &B) -> i32 {
    let mover = pos.to_move().index();
    let scores = pos.scores().map(i32::from);
    scores[mover] - scores[1 - mover]
}

fn board_seeds<B: Board>(pos: &B) -> i32 {
    pos.pits().iter().map(|&s| i32::from(s)).sum()
}

/// Exhaustive negamax with alpha-beta that carries the exact history of the
/// line (`path`, the root first): the game ends at a finished position, or
/// when a move repeats a position of the path, the board then split equally.
/// Independent of the solver: it is the first-cycle game the solver's values
/// claim to equal.
fn first_cycle<R: Ruleset>(rules: &R, path: &mut Vec<R::Position>, alpha: i32, beta: i32) -> i32 {
    let pos = *path.last().expect("a path has a position");
    let moves = match rules.turn(&pos) {
        Turn::Over(outcome) => return margin(outcome.totals, pos.to_move().index()),
        Turn::Moves(moves) => moves,
    };
    // Bounds: the board can change the captures' margin by at most its seeds.
    let high = captures_margin(&pos) + board_seeds(&pos);
    let mut best = i32::MIN;
    for mv in moves {
        let mut child = pos;
        rules.play_unchecked(&mut child, mv);
        let value = if path.contains(&child) {
            -captures_margin(&child)
        } else {
            path.push(child);
            let value = -first_cycle(rules, path, -beta, -alpha.max(best));
            path.pop();
            value
        };
        best = best.max(value);
        if best >= beta || best >= high {
            break;
        }
    }
    best
}

/// The same search for Tihbat, but played on a [`Game`], whose repetition
/// rule ends the game: the history is the game's own.
fn game_value<R: Ruleset>(game: &mut Game<R>, alpha: i32, beta: i32) -> i32 {
    // (Both readings of rule 3 are `Tihbat` values; the game carries which.)
    let pos = *game.position();
    if let Some(outcome) = game.outcome() {
        return margin(outcome.totals, pos.to_move().index());
    }
    let high = captures_margin(&pos) + board_seeds(&pos);
    let mut best = i32::MIN;
    for mv in game.legal_moves() {
        game.play(mv).expect("a legal move");
        let value = -game_value(game, -beta, -alpha.max(best));
        game.undo();
        best = best.max(value);
        if best >= beta || best >= high {
            break;
        }
    }
    best
}

/// Every position of a table, rebuilt from its level and rank, with scores.
fn positions<R: Solvable>(table: &Table<R>, scores: [u8; 2]) -> Vec<R::Position> {
    let pits = R::Position::PITS;
    let mut all = Vec::new();
    let mut board = vec![0u8; pits];
    for seeds in 0..=table.max_seeds() {
        let count = table.index().count(seeds).unwrap();
        for mover in 0..2u8 {
            for rank in 0..count {
                assert!(table.index().unrank(seeds, rank, &mut board));
                all.push(R::Position::from_parts(&board, scores, mover).unwrap());
            }
        }
    }
    all
}

/// A small deterministic generator for sample positions.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// A random position with `seeds` seeds on the board and the given scores.
fn random_position<B: Board>(rng: &mut Lcg, seeds: u32, scores: [u8; 2]) -> B {
    let mut pits = vec![0u8; B::PITS];
    for _ in 0..seeds {
        pits[rng.below(B::PITS as u64) as usize] += 1;
    }
    B::from_parts(&pits, scores, rng.below(2) as u8).unwrap()
}

// ---------------------------------------------------------------- the index

#[test]
fn index_round_trips_and_is_perfect() {
    for pits in [1usize, 2, 3, 4, 6, 12, 14] {
        let max_seeds = if pits > 6 { 4 } else { 9 };
        let index = BoardIndex::new(pits, max_seeds);
        for seeds in 0..=max_seeds {
            let count = index.count(seeds).unwrap();
            let mut board = vec![0u8; pits];
            let mut seen = std::collections::HashSet::new();
            for rank in 0..count {
                assert!(
                    index.unrank(seeds, rank, &mut board),
                    "unrank {pits} {seeds} {rank}"
                );
                assert_eq!(board.iter().map(|&s| u32::from(s)).sum::<u32>(), seeds);
                assert_eq!(index.rank(&board), Some(rank), "{board:?}");
                assert!(seen.insert(board.clone()));
            }
            assert!(!index.unrank(seeds, count, &mut board));
        }
    }
}

#[test]
fn index_counts_are_stars_and_bars() {
    let index = BoardIndex::new(12, 20);
    assert_eq!(index.count(0), Some(1));
    assert_eq!(index.count(1), Some(12));
    assert_eq!(index.count(18), Some(34_597_290)); // C(29, 11)
    assert_eq!(index.count(21), None);
    assert_eq!(BoardIndex::new(4, 28).count(28), Some(4495));
    // Wrong sizes are refused, never a panic.
    assert_eq!(index.rank(&[1, 2, 3]), None);
    assert_eq!(index.rank(&[200; 12]), None);
    assert!(!index.unrank(3, 0, &mut [0u8; 5]));
    assert!(!index.unrank(30, 0, &mut [0u8; 12]));
    // Absurd sizes are capped, not allocated.
    let capped = BoardIndex::new(usize::MAX, u32::MAX);
    assert_eq!(capped.pits(), BoardIndex::MAX_PITS);
    assert_eq!(capped.max_seeds(), 255 * 64);
    assert_eq!(BoardIndex::new(0, 5).count(5), Some(1));
    assert_eq!(capped.count(255 * 64), None); // too many to count in a u64
    assert_eq!(capped.rank(&[255; 64]), None);
    assert_eq!(capped.rank(&[0; 64]), Some(0));
}

// ---------------------------------------------------------------- Tihbat

/// The solver's values for the openings, checked against a search that plays
/// real games (with [`Game`] and its repetition rule) to the end.
#[test]
fn tihbat_small_starts_match_a_search_with_the_game_history() {
    small_starts_match(Tihbat);
    small_starts_match(Tihbat::own_side_chain());
}

fn small_starts_match<R: Solvable<Position = Position<4>>>(rules: R) {
    {
        let table = Table::build(rules, 12).unwrap();
        for k in 1..=3u8 {
            let start = tihbat_start(k);
            let mut game = Game::from_position(rules, start).unwrap();
            let searched = game_value(&mut game, -100, 100);
            assert_eq!(
                table.value(&start),
                Some(searched),
                "{} {k} counters a pit",
                rules.name()
            );
        }
    }
}

/// Tihbat's opening with `k` counters a pit; the game's other counters count
/// as captured, half each, so that the position is valid for [`Game`] and the
/// margin is the board's.
fn tihbat_start(k: u8) -> Position<4> {
    let half = 14 - 2 * k.min(7);
    Position::new([k; 4], [half, half], mancala_rules::Player::South)
}

#[test]
#[ignore = "a few seconds in release: cargo test --release --test solve -- --ignored"]
fn tihbat_start_4_matches_a_search_with_the_game_history() {
    start_4_matches(Tihbat);
    start_4_matches(Tihbat::own_side_chain());
}

fn start_4_matches<R: Solvable<Position = Position<4>>>(rules: R) {
    {
        let table = Table::build(rules, 16).unwrap();
        let start = tihbat_start(4);
        let mut game = Game::from_position(rules, start).unwrap();
        assert_eq!(
            table.value(&start),
            Some(game_value(&mut game, -100, 100)),
            "{}",
            rules.name()
        );
    }
}

#[test]
fn tihbat_opening_values() {
    let table = Table::build(Tihbat, 28).unwrap();
    assert_eq!(table.len(), 71_920);
    let values: Vec<i32> = (1..=7)
        .map(|k| table.value(&Position::<4>::filled(k)).unwrap())
        .collect();
    assert_eq!(values, [0, 0, 6, 2, -6, 6, -2]);
    let start = Tihbat.start();
    assert_eq!(table.best_moves(&start).unwrap().to_string(), "1 2");
}

/// Every position of up to 8 counters on the board, against the
/// history-carrying search from that position.
#[test]
fn tihbat_positions_match_the_first_cycle_search() {
    let table = Table::build(Tihbat, 8).unwrap();
    for pos in positions(&table, [3, 1]) {
        let searched = first_cycle(&Tihbat, &mut vec![pos], -100, 100);
        assert_eq!(table.value(&pos), Some(searched), "{pos}");
    }
}

// ---------------------------------------------------------------- the other games

fn check_against_search<R: Solvable>(rules: R, max_seeds: u32, samples: usize) {
    // The exhaustive search recurses once a ply of a line without capture:
    // thousands deep in debug builds, so it gets a large stack.
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || check_against_search_here(rules, max_seeds, samples))
        .expect("a thread")
        .join()
        .expect("the check passes");
}

fn check_against_search_here<R: Solvable>(rules: R, max_seeds: u32, samples: usize) {
    let table = Table::build(rules, max_seeds).unwrap();
    let mut rng = Lcg(u64::from(max_seeds) * 7919);
    for _ in 0..samples {
        let seeds = rng.below(u64::from(max_seeds) + 1) as u32;
        let scores = [rng.below(20) as u8, rng.below(20) as u8];
        let pos: R::Position = random_position(&mut rng, seeds, scores);
        let searched = first_cycle(&rules, &mut vec![pos], -200, 200);
        assert_eq!(table.value(&pos), Some(searched), "{} {pos}", rules.name());
    }
}

#[test]
fn bohnenspiel_matches_the_first_cycle_search() {
    check_against_search(Bohnenspiel, 4, 300);
    // Hemprich's single beans circle the board for long: a small board here.
    check_against_search(Bohnenspiel::hemprich(), 2, 200);
}

#[test]
fn djenon_aboure_matches_the_first_cycle_search() {
    check_against_search(DjenonAboure, 5, 300);
}

#[test]
fn al_manqala_matches_the_first_cycle_search() {
    check_against_search(AlManqala, 4, 300);
}

// ---------------------------------------------------------------- consistency

/// Every position's value is the best over its moves of what the move
/// captures minus the child's board value; finished positions are worth
/// what the rules give; a winner always has a move that makes progress.
fn check_consistency<R: Solvable>(rules: R, max_seeds: u32) {
    let table = Table::build(rules, max_seeds).unwrap();
    for pos in positions(&table, [0, 0]) {
        let value = table.board_value(&pos).unwrap();
        let seeds = board_seeds(&pos);
        assert!(value.abs() <= seeds, "{pos}");
        match rules.turn(&pos) {
            Turn::Over(outcome) => {
                assert_eq!(value, margin(outcome.totals, pos.to_move().index()), "{pos}");
                // A finished position has no moves, best or not.
                assert_eq!(table.best_moves(&pos), None, "{pos}");
            }
            Turn::Moves(moves) => {
                // From 0-0, what a move takes off the board is in the
                // child's scores; the child's board value keeps its sign
                // when the same player moves again.
                let through = |mv| {
                    let mut child = pos;
                    rules.play_unchecked(&mut child, mv);
                    let me = pos.to_move().index();
                    let scores = child.scores().map(i32::from);
                    assert_eq!(scores[0] + scores[1], seeds - board_seeds(&child), "{pos} {mv}");
                    let child_value = table.board_value(&child).unwrap();
                    let sign = if child.to_move() == pos.to_move() { 1 } else { -1 };
                    scores[me] - scores[1 - me] + sign * child_value
                };
                let best = moves.into_iter().map(through).max().unwrap();
                assert_eq!(value, best, "{} {pos}", rules.name());
                let best_moves = table.best_moves(&pos).unwrap();
                assert!(!best_moves.is_empty(), "{pos}");
                for mv in best_moves {
                    assert!(moves.contains(mv));
                    assert_eq!(through(mv), value);
                }
            }
        }
    }
}

#[test]
fn tables_are_consistent() {
    check_consistency(Tihbat, 16);
    check_consistency(Tihbat::own_side_chain(), 12);
    check_consistency(Bohnenspiel, 5);
    check_consistency(Bohnenspiel::hemprich(), 4);
    check_consistency(DjenonAboure, 5);
    check_consistency(AlManqala, 4);
    check_consistency(Kalah, 5);
    check_consistency(Kalah.empty_capture(), 4);
}

#[test]
#[ignore = "seconds in release, slow in debug: cargo test --release --test solve -- --ignored"]
fn larger_tables_are_consistent() {
    check_consistency(Tihbat, 28);
    check_consistency(Tihbat::own_side_chain(), 28);
    check_consistency(Bohnenspiel, 8);
    check_consistency(DjenonAboure, 8);
    check_consistency(AlManqala, 7);
    check_consistency(Kalah, 9);
}

// ---------------------------------------------------------------- Kalah: extra turns

/// Exact minimax by plain recursion over `turn` and `apply`, independent of
/// the solver: the value of `pos` for its player to move, negating a child's
/// value only when the other player moves there (the last seed in the
/// mover's store plays again). Kalah has no cycle (a move that takes nothing
/// off the board moves seeds forward in the mover's row), so it ends.
fn kalah_minimax<R: Ruleset<Position = Position<12>>>(rules: &R, pos: &Position<12>, depth: u32) -> i32 {
    assert!(depth < 1000, "a line too long: {pos}");
    match rules.turn(pos) {
        Turn::Over(outcome) => margin(outcome.totals, pos.to_move().index()),
        Turn::Moves(moves) => moves
            .into_iter()
            .map(|mv| {
                let mut child = *pos;
                rules.play_unchecked(&mut child, mv);
                let value = kalah_minimax(rules, &child, depth + 1);
                if child.to_move() == pos.to_move() {
                    value
                } else {
                    -value
                }
            })
            .max()
            .expect("a position with moves"),
    }
}

/// The table's values (board value, value, each move's value, best moves)
/// equal exact minimax on small Kalah positions, extra turns included.
#[test]
fn kalah_table_matches_exact_minimax() {
    kalah_table_matches(Kalah);
    kalah_table_matches(Kalah.empty_capture());
}

fn kalah_table_matches<R: Solvable<Position = Position<12>>>(rules: R) {
    {
        let table = Table::build(rules, 6).unwrap();
        let mut extra_turns = 0;
        let mut check = |pos: Position<12>| {
            let exact = kalah_minimax(&rules, &pos, 0);
            assert_eq!(table.value(&pos), Some(exact), "{} {pos}", rules.name());
            for (mv, value) in table.move_values(&pos).unwrap() {
                let mut child = pos;
                rules.play_unchecked(&mut child, mv);
                let child_exact = kalah_minimax(&rules, &child, 0);
                let same = child.to_move() == pos.to_move();
                extra_turns += usize::from(same);
                assert_eq!(value, if same { child_exact } else { -child_exact }, "{pos} {mv}");
            }
            for mv in table.best_moves(&pos).unwrap_or_default() {
                let mut child = pos;
                rules.play_unchecked(&mut child, mv);
                let child_exact = kalah_minimax(&rules, &child, 0);
                let same = child.to_move() == pos.to_move();
                assert_eq!(if same { child_exact } else { -child_exact }, exact, "{pos} {mv}");
            }
        };
        // Every position of up to 4 seeds on the board, then samples of 5 and 6.
        for pos in positions(&table, [7, 3]) {
            if board_seeds(&pos) <= 4 {
                check(pos);
            }
        }
        let mut rng = Lcg(2024);
        for i in 0..400 {
            let scores = [rng.below(20) as u8, rng.below(20) as u8];
            check(random_position(&mut rng, 5 + i % 2, scores));
        }
        assert!(extra_turns > 500, "{extra_turns} extra turns checked");
    }
}

/// A game whose end reads the scores is refused, built or read.
#[test]
fn oware_is_refused_by_the_solver() {
    assert!(matches!(Table::build(Oware, 2), Err(SolveError::Rules(_))));
    let mut bytes = Vec::new();
    Table::build(Kalah, 1).unwrap().write_to(&mut bytes).unwrap();
    assert!(matches!(
        Table::read_from(Oware, bytes.as_slice()),
        Err(SolveError::Rules(_))
    ));
}

/// Following the best moves (with progress) from a winning position wins:
/// the game ends, or captures, before any position repeats.
#[test]
fn tihbat_best_moves_realise_the_value() {
    let table = Table::build(Tihbat, 28).unwrap();
    let rules = Tihbat;
    for k in 1..=7u8 {
        let start = tihbat_start(k);
        let mut game = Game::from_position(rules, start).unwrap();
        let expected = table.value(&start).unwrap();
        // Both sides play the first of their best moves.
        while !game.is_over() {
            let mv = table
                .best_moves(game.position())
                .unwrap()
                .into_iter()
                .next()
                .unwrap();
            game.play(mv).unwrap();
            assert!(game.moves().len() < 10_000);
        }
        let totals = game.outcome().unwrap().totals;
        assert_eq!(margin(totals, 0), expected, "{k} counters a pit");
    }
}

// ---------------------------------------------------------------- spot values

#[test]
fn spot_values_checked_by_hand() {
    let bohnenspiel = Table::build(Bohnenspiel, 2).unwrap();
    // South's only bean reaches pit 2; North, with an empty row, ends the
    // game and South takes the board: +1 beyond the captures.
    let pos = "1 0 0 0 0 0 | 0 0 0 0 0 0 36-35 S".parse().unwrap();
    assert_eq!(bohnenspiel.value(&pos), Some(2));
    assert_eq!(bohnenspiel.board_value(&pos), Some(1));
    // North to move with an empty row: South takes the bean.
    let pos = "1 0 0 0 0 0 | 0 0 0 0 0 0 36-35 N".parse().unwrap();
    assert_eq!(bohnenspiel.value(&pos), Some(-2));

    let tihbat = Table::build(Tihbat, 4).unwrap();
    // Single counters go back into their pits: the position repeats, split.
    let pos = "1 0 | 1 0 13-13 S".parse().unwrap();
    assert_eq!(tihbat.value(&pos), Some(0));
    // "2 0 | 0 0": pit 1's two counters go to pits 1 and 2, one each; North
    // passes; a single counter only goes back into its own pit: the two
    // never meet again, and the position repeats: a split.
    let pos = "2 0 | 0 0 13-13 S".parse().unwrap();
    assert_eq!(tihbat.value(&pos), Some(0));
    // "3 0 | 0 1 S": pit 1's three counters go to pits 1, 2 and 3, the last
    // on North's side: no capture, and every pit then holds one counter,
    // which only ever goes back into its own pit: a split.
    let pos = "3 0 | 0 1 12-12 S".parse().unwrap();
    assert_eq!(tihbat.value(&pos), Some(0));
    // "2 1 | 0 1 S": pit 1's two counters go to pits 1 and 2, which then
    // holds 2 in South's row: captured. Single counters are left: a split
    // after it, so South wins by 2 (pit 2 instead only repeats positions).
    let pos: Position<4> = "2 1 | 0 1 12-12 S".parse().unwrap();
    let (_, report) = Tihbat.play(&pos, Move::Pit(1)).unwrap();
    assert_eq!(report.seeds_captured, 2);
    assert_eq!(tihbat.value(&pos), Some(2));
    assert_eq!(tihbat.best_moves(&pos).unwrap().to_string(), "1");

    let djenon = Table::build(DjenonAboure, 3).unwrap();
    // Every pit holds 0 or 1: nobody can move, each keeps their row.
    let pos = "1 1 0 0 0 0 | 0 1 0 0 0 0 20-25 S".parse().unwrap();
    assert_eq!(djenon.value(&pos), Some(-5 + 1));
    // South's pair in pit 6: one back into 6, one into 7, which holds 2:
    // captured. Then North has 0 or 1 everywhere.
    let pos = "0 0 0 0 0 2 | 1 0 0 0 0 0 0-0 S".parse().unwrap();
    let (_, report) = DjenonAboure.play(&pos, Move::Pit(6)).unwrap();
    assert_eq!(report.seeds_captured, 2);
    assert_eq!(djenon.board_value(&pos), Some(2 + 1));

    let al_manqala = Table::build(AlManqala, 2).unwrap();
    // North's row is empty and South's only seed (pit 1) cannot feed it:
    // starvation, North takes the board.
    let pos = "1 0 0 0 0 0 0 | 0 0 0 0 0 0 0 0-0 S".parse().unwrap();
    assert_eq!(al_manqala.value(&pos), Some(-1));
}

// ---------------------------------------------------------------- files and edges

#[test]
fn tables_round_trip_through_the_file_format() {
    let table = Table::build(DjenonAboure, 4).unwrap();
    let mut bytes = Vec::new();
    table.write_to(&mut bytes).unwrap();
    assert_eq!(&bytes[..8], b"MNCLSOL2");
    assert_eq!(
        bytes.len() as u64,
        8 + 8 + 1 + "djenon-aboure".len() as u64 + 2 + table.len() + 8
    );
    let read = Table::read_from(DjenonAboure, bytes.as_slice()).unwrap();
    for seeds in 0..=4 {
        assert_eq!(read.level(seeds), table.level(seeds));
    }
    // Another game's rules, a truncated file, trailing bytes: typed errors.
    assert!(matches!(
        Table::read_from(Bohnenspiel, bytes.as_slice()),
        Err(SolveError::WrongRules { .. })
    ));
    assert!(matches!(
        Table::read_from(DjenonAboure, &bytes[..bytes.len() - 1]),
        Err(SolveError::Truncated { .. })
    ));
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(
        Table::read_from(DjenonAboure, longer.as_slice()),
        Err(SolveError::Format { .. })
    ));
    assert!(Table::read_from(DjenonAboure, &b"garbage"[..]).is_err());
}

#[test]
fn limits_and_odd_inputs_never_panic() {
    assert!(matches!(
        Table::build(Tihbat, 128),
        Err(SolveError::TooManySeeds { .. })
    ));
    let table = Table::build_with(
        Tihbat,
        6,
        BuildOptions {
            threads: 3,
            progress: false,
        },
        |_| {},
    )
    .unwrap();
    let huge: Position<4> = Position::new([255, 255, 255, 255], [255, 255], mancala_rules::Player::North);
    assert_eq!(table.value(&huge), None);
    assert_eq!(table.best_moves(&huge), None);
    assert_eq!(table.move_values(&huge), None);
    // The same values whatever the thread count.
    let other = Table::build_with(
        Tihbat,
        6,
        BuildOptions {
            threads: 1,
            progress: true,
        },
        |_| {},
    )
    .unwrap();
    for seeds in 0..=6 {
        assert_eq!(table.level(seeds), other.level(seeds));
    }
}
