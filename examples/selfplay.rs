//! Engine-versus-engine statistics, and the strength an endgame table adds.
//!
//! ```text
//! cargo run --release --example selfplay -- [--game] GAME [--games] N [--depth D] [--time MS] [--seed S] [--random-plies K] [--table FILE]
//! cargo run --release --example selfplay -- [--game] GAME --table FILE --compare [--depth D] [--time MS]
//! ```
//!
//! Plays N games of GAME (any shipped game or variant: `bohnenspiel`, ...,
//! `oware`, `kalah`, `kalah-6-empty-capture`; `--help` lists them) between
//! two alpha-beta engines searching D plies (default 6), or, with `--time
//! MS`, at most MS milliseconds a move (both: D plies at most within MS ms,
//! as in every example; `--time` alone: as deep as MS allows). Each game
//! opens with a few uniformly random moves (2 to 4, or exactly K), chosen
//! with a generator seeded by S (default 1), so that the games differ and
//! the run is reproducible. Al-manqala's players agree to split on
//! a third occurrence of a position. Bohnenspiel and Djenon-aboure have no
//! rule for endless play: a game whose position occurs a third time (the
//! engines are then going round in a loop), or that is still going after 1000
//! moves, is stopped and counted apart as endless. Prints its progress on
//! stderr (a bar on a terminal, a line every 5 s elsewhere), then the game
//! lengths (mean, median, range, histogram), the result shares and the
//! captures per game. N is 1 to 1,000,000, D 1 to 120, K 0 to 1000; `--help`
//! for the options.
//!
//! `--table FILE` gives both engines an endgame table of GAME (as `solve
//! GAME --max-seeds K --out FILE` writes it), read from disk as they search
//! (`mancala_rules::solve::DiskTable`: positioned reads, so a table larger
//! than memory serves too). A table of another game, or a file that is not a
//! table, exits 2 with the error.
//!
//! `--compare` (with `--table`) measures what the table is worth: the engine
//! with it against the engine without, both searching D plies, from every
//! two-ply opening (each legal first move, then each legal reply; a first
//! move after which the same player moves again, or that ends the game, is
//! an opening by itself), once with the table engine as South and once as
//! North. No random moves: each engine is deterministic (and starts each game
//! with an empty transposition table), so each opening and colour is one
//! game. Endless games are stopped as above. Prints its progress on
//! stderr, then a line with the parameters and the seconds, and a markdown
//! table: for the table engine as South, as North and both, the games, its
//! wins, draws and losses, the stopped games (counted apart), and the mean
//! final margin (its total minus the other engine's; a stopped game's board
//! is split equally, so its margin is the captures' difference) over all
//! games, over its wins and over its losses (`-` where there are none).
//!
//! ```text
//! cargo run --release --example solve -- djenon-aboure --max-seeds 14 --out dj14.tbl
//! cargo run --release --example selfplay -- djenon-aboure --table dj14.tbl --compare --depth 4
//! ```

#[macro_use]
mod common;
#[path = "selfplay/options.rs"]
mod options;

use std::time::Instant;

use common::progress::Progress;
use options::Options;

use mancala_rules::playout::SplitMix64;
use mancala_rules::search::{AlphaBeta, CaptureDifference, Limits};
use mancala_rules::solve::{DiskTable, Solvable};
use mancala_rules::{
    AgreementPolicy, AutomatedStop, Board, EndReason, Game, Move, MoveReport, Player, Ruleset, WithRuleset,
};

/// Games still going after this many moves are stopped.
const MAX_MOVES: usize = options::SELFPLAY_MAX_MOVES;
/// Each engine's transposition table: 2^20 entries, 16 MiB.
const TABLE_BITS: u32 = 20;

/// The engine of this program: alpha-beta with the default evaluation, and
/// the endgame table if it has one (an optional oracle: `None` knows nothing).
type Engine<'a, R> = AlphaBeta<R, CaptureDifference, Option<&'a DiskTable<R>>>;

fn engine<R: Solvable>(rules: R, table: Option<&DiskTable<R>>) -> Engine<'_, R> {
    AlphaBeta::new(rules)
        .with_table_bits(TABLE_BITS)
        .with_oracle(table)
}

/// Opens `path` as a table of `rules`, or exits 2 with the error.
fn open_table<R: Solvable>(rules: R, path: &str) -> DiskTable<R> {
    match DiskTable::open(rules, path) {
        Ok(table) => table,
        Err(e) => {
            // The error names the file.
            errln!("selfplay: --table: {e}");
            std::process::exit(2);
        }
    }
}

/// What one game came to.
struct Record {
    moves: usize,
    /// `None` for a stopped game.
    winner: Option<Option<Player>>,
    reason: Option<EndReason>,
    capturing_moves: usize,
    seeds_captured: u32,
}

/// Plays `game` on until it ends or is stopped ([`Game::automated_stop`]:
/// the players agree to split on a third occurrence where the rules allow
/// it, and a game whose rules have no end for endless play stops at a third
/// occurrence or after [`MAX_MOVES`] moves): the one game loop of this
/// program. `choose` picks each move and `played` sees each move's report.
fn play_out<R: Ruleset>(
    game: &mut Game<R>,
    mut choose: impl FnMut(&Game<R>) -> Option<Move>,
    mut played: impl FnMut(&MoveReport),
) -> AutomatedStop {
    loop {
        if let Some(stop) = game.automated_stop(AgreementPolicy::default(), MAX_MOVES) {
            return stop;
        }
        // An engine always has a legal move while the game goes on; were it
        // not so, the game would count with the stopped ones.
        let Some(report) = choose(game).and_then(|mv| game.play(mv).ok()) else {
            return AutomatedStop::MoveLimit;
        };
        played(&report);
    }
}

fn play_one<R: Solvable>(engine: &mut Engine<'_, R>, opts: &Options, rng: &mut SplitMix64) -> Record {
    let mut game = Game::new(*engine.rules());
    let opening = opts.random_plies.unwrap_or_else(|| 2 + rng.below(3));
    let (mut capturing_moves, mut seeds_captured) = (0, 0);
    let choose = |game: &Game<R>| {
        if game.moves().len() < opening {
            let moves = game.legal_moves();
            moves.nth_move(rng.below(moves.len()))
        } else {
            engine.search_game(game, opts.limits()).best
        }
    };
    let stop = play_out(&mut game, choose, |report| {
        if report.seeds_captured > 0 {
            capturing_moves += 1;
            seeds_captured += u32::from(report.seeds_captured);
        }
    });
    let outcome = match stop {
        AutomatedStop::Over(outcome) => Some(outcome),
        AutomatedStop::Endless | AutomatedStop::MoveLimit => None,
    };
    Record {
        moves: game.moves().len(),
        winner: outcome.map(|o| o.winner()),
        reason: outcome.map(|o| o.reason),
        capturing_moves,
        seeds_captured,
    }
}

/// The run, with the rules `opts.kind` names.
struct Run<'a>(&'a Options);

impl WithRuleset for Run<'_> {
    type Output = ();
    fn run<R: Solvable>(self, rules: R) {
        let opts = self.0;
        let table = opts.table.as_deref().map(|path| open_table(rules, path));
        let clock = Instant::now();
        match (&table, opts.compare) {
            (Some(table), true) => {
                let duels = compare(rules, table, opts.limits());
                report_comparison(opts, table.max_seeds(), &duels, clock.elapsed().as_secs_f64());
            }
            _ => {
                let records = run(rules, table.as_ref(), opts);
                let max_seeds = table.as_ref().map(DiskTable::max_seeds);
                summarise(opts, max_seeds, &records, clock.elapsed().as_secs_f64());
            }
        }
    }
}

fn run<R: Solvable>(rules: R, table: Option<&DiskTable<R>>, opts: &Options) -> Vec<Record> {
    let mut engine = engine(rules, table);
    let mut rng = SplitMix64::new(opts.seed);
    let mut records = Vec::with_capacity(opts.games);
    let total = Some(opts.games as u64);
    let mut progress = Progress::new(format!("selfplay {}", opts.kind));
    progress.update(0, total, || "games".into());
    for done in 1..=opts.games {
        records.push(play_one(&mut engine, opts, &mut rng));
        progress.update(done as u64, total, || "games".into());
    }
    progress.finish(opts.games as u64, total, || "games".into());
    records
}

// ---------------------------------------------------------------------------
// --compare
// ---------------------------------------------------------------------------

/// How a game of the comparison ended, for the engine with the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Finish {
    Win,
    Draw,
    Loss,
    /// Stopped at a third occurrence of a position.
    Repeated,
    /// Stopped after [`MAX_MOVES`] moves.
    TooLong,
}

/// One game of the comparison.
#[derive(Clone, Copy, Debug)]
struct Duel {
    /// The table engine's colour.
    side: Player,
    result: Finish,
    /// The table engine's final total minus the other's (for a stopped game:
    /// captures minus captures, the board split equally).
    margin: i32,
}

/// Every two-ply opening: each legal first move, then each legal reply. A
/// first move after which the same player moves again, or that ends the
/// game, is an opening by itself.
fn openings<R: Ruleset>(rules: R) -> Vec<Vec<Move>> {
    let start = Game::new(rules);
    let first_player = start.position().to_move();
    let mut openings = Vec::new();
    for first in start.legal_moves() {
        let mut game = start.clone();
        if game.play(first).is_err() {
            continue;
        }
        if game.outcome().is_some() || game.position().to_move() == first_player {
            openings.push(vec![first]);
        } else {
            openings.extend(game.legal_moves().into_iter().map(|reply| vec![first, reply]));
        }
    }
    openings
}

/// Plays `opening`, then `engines[0]` (with the table) as `side` against
/// `engines[1]` (without), both cleared first (empty transposition tables,
/// so that each game is the same whatever was played before), within
/// `limits` a move.
fn duel<R: Solvable>(
    engines: &mut [Engine<'_, R>; 2],
    opening: &[Move],
    side: Player,
    limits: Limits,
) -> Duel {
    engines.iter_mut().for_each(AlphaBeta::clear);
    let rules = *engines[0].rules();
    let mut game = Game::new(rules);
    for &mv in opening {
        game.play(mv).expect("an opening move is legal");
    }
    let stop = play_out(
        &mut game,
        |game| {
            let mover = usize::from(game.position().to_move() != side);
            engines[mover].search_game(game, limits).best
        },
        |_| {},
    );
    let ([south, north], result) = match stop {
        AutomatedStop::Over(outcome) => {
            let result = match outcome.winner() {
                None => Finish::Draw,
                Some(winner) if winner == side => Finish::Win,
                Some(_) => Finish::Loss,
            };
            (outcome.totals.map(i64::from), result)
        }
        AutomatedStop::Endless => (game.position().scores().map(i64::from), Finish::Repeated),
        AutomatedStop::MoveLimit => (game.position().scores().map(i64::from), Finish::TooLong),
    };
    let margin = match side {
        Player::South => south - north,
        Player::North => north - south,
    };
    Duel {
        side,
        result,
        margin: i32::try_from(margin).unwrap_or(0),
    }
}

/// Both colours from every two-ply opening.
fn compare<R: Solvable>(rules: R, table: &DiskTable<R>, limits: Limits) -> Vec<Duel> {
    let openings = openings(rules);
    let total = 2 * openings.len();
    // [with the table, without]
    let mut engines = [engine(rules, Some(table)), engine(rules, None)];
    let mut duels = Vec::with_capacity(total);
    let mut progress = Progress::new(format!("selfplay --compare {}", rules.name()));
    let games = Some(total as u64);
    progress.update(0, games, || "games".into());
    for opening in &openings {
        for side in [Player::South, Player::North] {
            duels.push(duel(&mut engines, opening, side, limits));
            progress.update(duels.len() as u64, games, || "games".into());
        }
    }
    progress.finish(total as u64, games, || "games".into());
    duels
}

fn report_comparison(opts: &Options, max_seeds: u32, duels: &[Duel], seconds: f64) {
    outln!(
        "{}: {} with the table {} (up to {max_seeds} seeds) against {} without; {} openings, {} games, {seconds:.1} s",
        opts.kind,
        opts.limits_text(),
        opts.table.as_deref().unwrap_or_default(),
        opts.limits_text(),
        duels.len() / 2,
        duels.len(),
    );
    outln!();
    outln!("| table engine plays | games | wins | draws | losses | stopped | mean margin | in wins | in losses |");
    outln!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let rows: [(&str, Option<Player>); 3] = [
        ("South", Some(Player::South)),
        ("North", Some(Player::North)),
        ("both", None),
    ];
    for (name, side) in rows {
        let games: Vec<&Duel> = duels
            .iter()
            .filter(|d| side.map_or(true, |s| d.side == s))
            .collect();
        let count = |want: &[Finish]| games.iter().filter(|d| want.contains(&d.result)).count();
        // The mean margin of the games that finished as `want` ("-" if none).
        let mean = |want: &[Finish]| {
            let margins: Vec<i64> = games
                .iter()
                .filter(|d| want.contains(&d.result))
                .map(|d| i64::from(d.margin))
                .collect();
            match margins.len() {
                0 => "-".to_string(),
                n => format!("{:+.2}", margins.iter().sum::<i64>() as f64 / n as f64),
            }
        };
        let all = [
            Finish::Win,
            Finish::Draw,
            Finish::Loss,
            Finish::Repeated,
            Finish::TooLong,
        ];
        outln!(
            "| {name} | {} | {} | {} | {} | {} | {} | {} | {} |",
            games.len(),
            count(&[Finish::Win]),
            count(&[Finish::Draw]),
            count(&[Finish::Loss]),
            count(&[Finish::Repeated, Finish::TooLong]),
            mean(&all),
            mean(&[Finish::Win]),
            mean(&[Finish::Loss]),
        );
    }
    let repeated = duels.iter().filter(|d| d.result == Finish::Repeated).count();
    let too_long = duels.iter().filter(|d| d.result == Finish::TooLong).count();
    if repeated + too_long > 0 {
        outln!();
        outln!(
            "stopped: {repeated} at a third occurrence of a position, {too_long} after {MAX_MOVES} moves (margin: the captures' difference)"
        );
    }
}

// ---------------------------------------------------------------------------
// The statistics of a run
// ---------------------------------------------------------------------------

fn share(count: usize, total: usize) -> String {
    format!("{count} ({:.1}%)", 100.0 * count as f64 / total.max(1) as f64)
}

fn summarise(opts: &Options, max_seeds: Option<u32>, records: &[Record], seconds: f64) {
    let n = records.len();
    let mut lengths: Vec<usize> = records
        .iter()
        .filter(|r| r.winner.is_some())
        .map(|r| r.moves)
        .collect();
    lengths.sort_unstable();
    let finished = lengths.len();
    let mean = lengths.iter().sum::<usize>() as f64 / finished.max(1) as f64;
    let median = match finished {
        0 => 0.0,
        f if f % 2 == 1 => lengths[f / 2] as f64,
        f => (lengths[f / 2 - 1] + lengths[f / 2]) as f64 / 2.0,
    };
    let table = match (&opts.table, max_seeds) {
        (Some(path), Some(max_seeds)) => format!(", table {path} (up to {max_seeds} seeds)"),
        _ => String::new(),
    };
    outln!(
        "{} games of {}, {}, seed {}{table}, {:.1} s",
        n,
        opts.kind,
        opts.limits_text(),
        opts.seed,
        seconds
    );
    outln!(
        "length of finished games (moves, passes included): mean {mean:.1}, median {median:.1}, min {}, max {}",
        lengths.first().unwrap_or(&0),
        lengths.last().unwrap_or(&0)
    );
    histogram(&lengths);
    let count = |want: Option<Option<Player>>| records.iter().filter(|r| r.winner == want).count();
    outln!(
        "results: South {}, North {}, draw {}",
        share(count(Some(Some(Player::South))), n),
        share(count(Some(Some(Player::North))), n),
        share(count(Some(None)), n)
    );
    let stopped = count(None);
    if stopped > 0 {
        outln!(
            "endless (stopped at a third occurrence or {MAX_MOVES} moves): {}",
            share(stopped, n)
        );
    }
    let mut reasons: Vec<(String, usize)> = Vec::new();
    for reason in records.iter().filter_map(|r| r.reason) {
        let name = reason.to_string();
        match reasons.iter_mut().find(|(r, _)| *r == name) {
            Some((_, c)) => *c += 1,
            None => reasons.push((name, 1)),
        }
    }
    let reasons: Vec<String> = reasons
        .iter()
        .map(|(r, c)| format!("{r} {}", share(*c, n)))
        .collect();
    outln!("end: {}", reasons.join(", "));
    let moves = records.iter().map(|r| r.capturing_moves).sum::<usize>() as f64 / n.max(1) as f64;
    let seeds = records.iter().map(|r| r.seeds_captured).sum::<u32>() as f64 / n.max(1) as f64;
    outln!("captures per game: {moves:.1} capturing moves, {seeds:.1} seeds captured");
}

/// Lengths in buckets of ten moves, one `#` a game (scaled to 50 columns).
fn histogram(lengths: &[usize]) {
    let (Some(&min), Some(&max)) = (lengths.first(), lengths.last()) else {
        return;
    };
    let buckets: Vec<usize> = (min / 10..=max / 10)
        .map(|b| lengths.iter().filter(|&&l| l / 10 == b).count())
        .collect();
    let top = buckets.iter().copied().max().unwrap_or(1).max(1);
    for (i, &count) in buckets.iter().enumerate() {
        let from = (min / 10 + i) * 10;
        let bar = "#".repeat((count * 50).div_ceil(top));
        outln!("  {:>4}-{:<4} {bar} {count}", from, from + 9);
    }
}

fn main() {
    let opts = common::parse_or_exit("selfplay", &options::usage(), options::parse);
    opts.kind.with_ruleset(Run(&opts));
}
