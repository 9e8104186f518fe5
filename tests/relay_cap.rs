//! The relay lap cap, a declared figure (`RelayRule::max_laps`): a relay that
//! has not ended after that many laps counts as endless, and its move is not
//! legal (issue 18, item 6). Plus the measurement behind Djenon-aboure's
//! figure (ignored; see BENCHMARKS.md).

use mancala_rules::games::{DjenonAboure, DJENON_ABOURE};
use mancala_rules::primitives::{EndlessRelay, Lap, RelayRule, SowingTurn};
use mancala_rules::{declare, IllegalMove, Move, Position, Rules, Ruleset};

/// Djenon-aboure's relay rule, as declared.
fn djenon_relay() -> RelayRule {
    DJENON_ABOURE.turn.lap.relay().expect("Djenon-aboure relays")
}

/// Djenon-aboure's turn with its relay ended after `laps` laps.
const fn capped(laps: u32) -> Rules {
    let Lap::RelayWith(relay) = DJENON_ABOURE.turn.lap else {
        panic!("Djenon-aboure relays");
    };
    Rules {
        name: "djenon-aboure-capped",
        turn: SowingTurn {
            lap: Lap::RelayWith(relay.with_max_laps(laps)),
            ..DJENON_ABOURE.turn
        },
        ..DJENON_ABOURE
    }
}

declare!(Capped10, 12, capped(10));
declare!(Uncapped, 12, capped(u32::MAX));

fn pos(text: &str) -> Position<12> {
    text.parse().expect("a position")
}

#[test]
fn djenon_aboure_declares_4096_laps() {
    assert_eq!(djenon_relay().max_laps, 4096);
}

/// The 114-byte request of issue 18: South's pit 1 relays in a pure cycle of
/// 35,736 laps, which no detection can see before the cap: it is refused
/// after exactly `max_laps` laps.
#[test]
fn the_long_cycle_is_endless_after_exactly_max_laps() {
    let start = pos("3 1 2 6 5 4 | 3 4 3 8 1 2 3-3 S");
    let mut board = start;
    assert_eq!(
        DJENON_ABOURE.turn.try_play(&mut board, Move::Pit(1)),
        Err(EndlessRelay { laps: 4096 })
    );
    assert_eq!(board, start, "left as it was");
    assert!(matches!(
        DjenonAboure.check(&start, Move::Pit(1)),
        Err(IllegalMove::EndlessRelay { .. })
    ));
    assert!(!DjenonAboure.legal_moves(&start).contains(Move::Pit(1)));
    // It is a real cycle: with no cap, Brent's detection finds it, after
    // more laps than the cycle is long.
    let mut board = start;
    let found = Uncapped.turn_of().try_play(&mut board, Move::Pit(1)).unwrap_err();
    assert_eq!(
        found.laps,
        65_536 + 35_736,
        "saved at lap 65,536, seen again one cycle later"
    );
}

/// A declared cap of 10 plays a relay of 10 laps and refuses one of 11,
/// which Djenon-aboure's own cap plays.
#[test]
fn a_cap_of_10_plays_10_laps_and_refuses_11() {
    let ten = pos("7 6 5 4 4 2 | 4 6 6 1 2 1 0-0 S");
    let (_, report) = Capped10.play(&ten, Move::Pit(4)).expect("10 laps are legal");
    assert_eq!(report.laps, 10);
    assert!(Capped10.legal_moves(&ten).contains(Move::Pit(4)));

    let eleven = pos("8 4 7 1 5 4 | 4 2 4 2 3 4 0-0 S");
    assert!(matches!(
        Capped10.check(&eleven, Move::Pit(1)),
        Err(IllegalMove::EndlessRelay { .. })
    ));
    assert!(!Capped10.legal_moves(&eleven).contains(Move::Pit(1)));
    let mut board = eleven;
    assert_eq!(
        Capped10.turn_of().try_play(&mut board, Move::Pit(1)),
        Err(EndlessRelay { laps: 10 })
    );
    let (_, report) = DjenonAboure
        .play(&eleven, Move::Pit(1))
        .expect("legal in Djenon-aboure");
    assert_eq!(report.laps, 11);
}

/// Any cap, 0 included, ends: 0 and 1 refuse every relay that goes past
/// its first lap, and a move with no relay is played.
#[test]
fn every_cap_ends_and_low_caps_refuse_every_relay() {
    let eleven = pos("8 4 7 1 5 4 | 4 2 4 2 3 4 0-0 S");
    for laps in [0, 1] {
        let turn = SowingTurn {
            lap: Lap::RelayWith(djenon_relay().with_max_laps(laps)),
            ..DJENON_ABOURE.turn
        };
        let mut board = eleven;
        assert_eq!(
            turn.try_play(&mut board, Move::Pit(1)),
            Err(EndlessRelay { laps: 1 })
        );
        // Pit 1's two seeds: one back, one into the empty pit 2: no relay.
        let mut board = pos("2 0 0 0 0 0 | 0 0 0 0 0 0 23-23 S");
        let report = turn.try_play(&mut board, Move::Pit(1)).expect("no relay");
        assert_eq!(report.laps, 1);
    }
    for laps in [2, 3, 9, 11, 12, 4096, u32::MAX] {
        let turn = SowingTurn {
            lap: Lap::RelayWith(djenon_relay().with_max_laps(laps)),
            ..DJENON_ABOURE.turn
        };
        let mut board = eleven;
        let played = turn.try_play(&mut board, Move::Pit(1));
        if laps >= 11 {
            assert_eq!(played.map(|r| r.laps), Ok(11));
        } else {
            assert_eq!(played.map(|r| r.laps), Err(EndlessRelay { laps }));
        }
    }
}

trait TurnOf {
    fn turn_of(&self) -> SowingTurn;
}

impl<R: mancala_rules::Declared> TurnOf for R {
    fn turn_of(&self) -> SowingTurn {
        self.rules().turn
    }
}

// ---------------------------------------------------------------------------
// The measurement behind 4,096 (ignored: minutes in release)
// ---------------------------------------------------------------------------

/// One Djenon-aboure lap written out seed by seed (not the crate's sowing):
/// the pit the next lap sows, if the relay goes on.
fn lap(pits: &mut [u8; 12], start: usize) -> Option<usize> {
    let seeds = pits[start];
    pits[start] = 0;
    let mut pit = start;
    pits[pit] += 1;
    for _ in 1..seeds {
        pit = (pit + 1) % 12;
        pits[pit] += 1;
    }
    matches!(pits[pit], 3 | 5..).then_some(pit)
}

/// How a relay goes: it ends after `laps` laps, or enters a cycle of
/// `cycle` laps after a tail of `tail` laps (found exactly, by Brent's
/// method, with no cap).
#[derive(Debug)]
enum Relay {
    Ends { laps: u64 },
    Cycles { tail: u64, cycle: u64 },
}

fn relay(pits: [u8; 12], origin: usize) -> Relay {
    type State = ([u8; 12], usize);
    let step = |(mut pits, start): State| lap(&mut pits, start).map(|next| (pits, next));
    // The state after the first lap is (board, start of lap 2).
    let mut first = pits;
    let Some(start) = lap(&mut first, origin) else {
        return Relay::Ends { laps: 1 };
    };
    let x0 = (first, start);
    let (mut power, mut cycle) = (1u64, 1u64);
    let mut tortoise = x0;
    let Some(mut hare) = step(x0) else {
        return Relay::Ends { laps: 2 };
    };
    let mut laps = 2u64;
    while tortoise != hare {
        if power == cycle {
            tortoise = hare;
            power *= 2;
            cycle = 0;
        }
        match step(hare) {
            None => return Relay::Ends { laps: laps + 1 },
            Some(next) => hare = next,
        }
        laps += 1;
        cycle += 1;
    }
    let (mut tortoise, mut hare) = (x0, x0);
    for _ in 0..cycle {
        hare = step(hare).expect("in the cycle");
    }
    let mut tail = 0;
    while tortoise != hare {
        tortoise = step(tortoise).expect("in the tail");
        hare = step(hare).expect("in the cycle");
        tail += 1;
    }
    Relay::Cycles {
        tail: tail + 1,
        cycle,
    }
}

#[derive(Default)]
struct Tally {
    finite: u64,
    longest_finite: u64,
    longest_board: Option<([u8; 12], usize)>,
    finite_over: [u64; 4],
    endless: u64,
    /// Cycle lengths by power of two: `cycles[k]` counts 2^(k-1) < len <= 2^k.
    cycles: [u64; 32],
    longest_cycle: u64,
    longest_tail: u64,
    /// Endless relays whose tail plus cycle exceed 4,096 laps.
    beyond_cap: u64,
}

impl Tally {
    fn add(&mut self, pits: [u8; 12], origin: usize) {
        match relay(pits, origin) {
            Relay::Ends { laps } => {
                self.finite += 1;
                if laps > self.longest_finite {
                    self.longest_finite = laps;
                    self.longest_board = Some((pits, origin));
                }
                for (over, limit) in self.finite_over.iter_mut().zip([64, 128, 256, 512]) {
                    *over += u64::from(laps > limit);
                }
            }
            Relay::Cycles { tail, cycle } => {
                self.endless += 1;
                self.cycles[(64 - (cycle - 1).leading_zeros()) as usize] += 1;
                self.longest_cycle = self.longest_cycle.max(cycle);
                self.longest_tail = self.longest_tail.max(tail);
                self.beyond_cap += u64::from(tail + cycle > 4096);
            }
        }
    }

    fn print(&self, what: &str) {
        println!("{what}:");
        println!(
            "  {} finite relays, the longest {} laps ({:?}); over 64/128/256/512 laps: {:?}",
            self.finite, self.longest_finite, self.longest_board, self.finite_over
        );
        println!(
            "  {} endless: longest cycle {} laps, longest tail {}, tail + cycle over 4,096: {}",
            self.endless, self.longest_cycle, self.longest_tail, self.beyond_cap
        );
        for (k, &n) in self.cycles.iter().enumerate().filter(|(_, &n)| n > 0) {
            let low = if k == 0 { 1 } else { (1u64 << (k - 1)) + 1 };
            println!("    cycle of {low}..={} laps: {n}", 1u64 << k);
        }
    }
}

/// Every relay from every pit of two or more seeds: on random boards of 2
/// to 48 seeds scattered uniformly, and on the positions of random games
/// from the opening. Prints the longest finite relay and the cycles' lengths.
/// `RELAY_BOARDS` and `RELAY_GAMES` set the counts (default 4 million and
/// 100,000):
/// `cargo test --release --test relay_cap -- --ignored --nocapture`.
#[test]
#[ignore]
fn measure_djenon_aboure_relays() {
    use mancala_rules::playout::SplitMix64;

    let count = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let mut rng = SplitMix64::new(18);
    let mut boards = Tally::default();
    for _ in 0..count("RELAY_BOARDS", 4_000_000) {
        let mut pits = [0u8; 12];
        for _ in 0..2 + rng.below(47) {
            pits[rng.below(12)] += 1;
        }
        for origin in (0..12).filter(|&pit| pits[pit] >= 2) {
            boards.add(pits, origin);
        }
    }
    boards.print("random boards of 2 to 48 seeds");

    let mut games = Tally::default();
    let mut positions = 0u64;
    for _ in 0..count("RELAY_GAMES", 100_000) {
        // No history rule in Djenon-aboure: the position is the game.
        let mut pos = DjenonAboure.start();
        for _ in 0..1000 {
            if DjenonAboure.status(&pos).outcome().is_some() {
                break;
            }
            positions += 1;
            for origin in (0..12).filter(|&pit| pos.pits[pit] >= 2) {
                games.add(pos.pits, origin);
            }
            let legal = DjenonAboure.legal_moves(&pos);
            let mv = legal.nth_move(rng.below(legal.len())).expect("a move");
            pos = DjenonAboure.play(&pos, mv).expect("legal").0;
        }
    }
    games.print(&format!("{positions} positions of random games"));
    assert!(boards.longest_finite.max(games.longest_finite) < 4096);
}
