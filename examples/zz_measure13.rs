use mancala_rules::games::DjenonAboure;
use mancala_rules::search::{proven_margin, AlphaBeta, Limits};
use mancala_rules::solve::{BuildOptions, Table};
use mancala_rules::{Board, Position};
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let k: u32 = args[1].parse().unwrap();
    let per_pit: u8 = args[2].parse().unwrap();
    let maxd: u32 = args[3].parse().unwrap();
    let t = Instant::now();
    let table = Table::build_with(
        DjenonAboure,
        k,
        BuildOptions {
            threads: 2,
            progress: false,
        },
        |_| {},
    )
    .unwrap();
    eprintln!("table {k}: {} in {:.1}s", table.len(), t.elapsed().as_secs_f64());
    let start = Position::<12>::filled(per_pit);
    let mut engine = AlphaBeta::new(DjenonAboure).with_oracle(&table);
    for d in 1..=maxd {
        let t = Instant::now();
        let r = engine.search(&start, &[], Limits::depth(d));
        println!(
            "depth {d}: score {} margin {:?} resolved {} nodes {} best {:?} {:.2}s",
            r.score,
            proven_margin(r.score),
            r.resolved,
            r.nodes,
            r.best,
            t.elapsed().as_secs_f64()
        );
        if r.resolved {
            break;
        }
    }
    let _ = start.pits();
}
