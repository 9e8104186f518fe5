//! Engine-versus-engine statistics.
//!
//! ```text
//! cargo run --release --example selfplay -- [--game] GAME [--games] N [--depth D] [--seed S] [--random-plies K]
//! ```
//!
//! Plays N games of GAME (any shipped game or variant: `bohnenspiel`, ...,
//! `oware`, `kalah`, `kalah-6-empty-capture`; `--help` lists them) between
//! two alpha-beta engines searching D plies (default
//! 6). Each game opens with a few uniformly random moves (2 to 4, or exactly
//! K), chosen with a generator seeded by S (default 1), so that the games
//! differ and the run is reproducible. Al-manqala's players agree to split on
//! a third occurrence of a position. Bohnenspiel and Djenon-aboure have no
//! rule for endless play: a game whose position occurs a third time (the
//! engines are then going round in a loop), or that is still going after 1000
//! moves, is stopped and counted apart as endless. Prints a progress bar on stderr, then the game
//! lengths (mean, median, range, histogram), the result shares and the
//! captures per game. N is 1 to 1,000,000, D 1 to 120, K 0 to 1000; `--help`
//! for the options.

#[macro_use]
mod common;

use std::time::Instant;

use common::SelfplayOptions as Options;

use mancala_rules::playout::SplitMix64;
use mancala_rules::search::{AlphaBeta, Limits};
use mancala_rules::{AgreementPolicy, EndReason, Game, Move, Player, Ruleset, WithRuleset};

/// Games still going after this many moves are stopped.
const MAX_MOVES: usize = common::SELFPLAY_MAX_MOVES;

/// What one game came to.
struct Record {
    moves: usize,
    /// `None` for a stopped game.
    winner: Option<Option<Player>>,
    reason: Option<EndReason>,
    capturing_moves: usize,
    seeds_captured: u32,
}

fn play_one<R: Ruleset>(engine: &mut AlphaBeta<R>, opts: &Options, rng: &mut SplitMix64) -> Record {
    let mut game = Game::new(*engine.rules());
    let opening = opts.random_plies.unwrap_or_else(|| 2 + rng.below(3));
    let mut record = Record {
        moves: 0,
        winner: None,
        reason: None,
        capturing_moves: 0,
        seeds_captured: 0,
    };
    while game.moves().len() < MAX_MOVES && game.occurrences() < 3 {
        game.apply_policy(AgreementPolicy::default());
        let moves = game.legal_moves();
        let mv = if game.moves().len() < opening {
            moves.nth_move(rng.below(moves.len()))
        } else {
            engine.search_game(&game, Limits::depth(opts.depth)).best
        };
        let Some(report) = mv.and_then(|mv: Move| game.play(mv).ok()) else {
            break;
        };
        if report.seeds_captured > 0 {
            record.capturing_moves += 1;
            record.seeds_captured += u32::from(report.seeds_captured);
        }
    }
    game.apply_policy(AgreementPolicy::default());
    record.moves = game.moves().len();
    if let Some(outcome) = game.outcome() {
        record.winner = Some(outcome.winner());
        record.reason = Some(outcome.reason);
    }
    record
}

fn progress(done: usize, total: usize) {
    const WIDTH: usize = 40;
    let filled = done * WIDTH / total.max(1);
    err!(
        "\r[{}{}] {done}/{total}",
        "#".repeat(filled),
        ".".repeat(WIDTH - filled)
    );
}

/// The games, with the rules `opts.kind` names.
struct Run<'a>(&'a Options);

impl WithRuleset for Run<'_> {
    type Output = Vec<Record>;
    fn run<R: Ruleset>(self, rules: R) -> Vec<Record> {
        run(rules, self.0)
    }
}

fn run<R: Ruleset>(rules: R, opts: &Options) -> Vec<Record> {
    let mut engine = AlphaBeta::new(rules).with_table_bits(20);
    let mut rng = SplitMix64::new(opts.seed);
    let mut records = Vec::with_capacity(opts.games);
    progress(0, opts.games);
    for done in 1..=opts.games {
        records.push(play_one(&mut engine, opts, &mut rng));
        progress(done, opts.games);
    }
    errln!();
    records
}

fn share(count: usize, total: usize) -> String {
    format!("{count} ({:.1}%)", 100.0 * count as f64 / total.max(1) as f64)
}

fn summarise(opts: &Options, records: &[Record], seconds: f64) {
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
    outln!(
        "{} games of {}, depth {}, seed {}, {:.1} s",
        n,
        opts.kind,
        opts.depth,
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
    let opts = common::parse_or_exit("selfplay", &common::selfplay_usage(), common::parse_selfplay);
    let clock = Instant::now();
    let records = opts.kind.with_ruleset(Run(&opts));
    summarise(&opts, &records, clock.elapsed().as_secs_f64());
}
