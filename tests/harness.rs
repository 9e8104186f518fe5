//! The public harness over every shipped game and variant, two user-style
//! declarations, and a broken ruleset it must catch.

use mancala_rules::harness::{check_ruleset, HarnessError, Report};
use mancala_rules::primitives::{
    CaptureRule, Counts, Direction, ExtraTurn, Lap, Opposite, RelayFrom, RelayRule, Sowing, SowingTurn,
    Stores, RELAY_LAP_LIMIT,
};
use mancala_rules::{
    Declared, Ending, GameKind, IllegalMove, Leftover, Move, MoveReport, Playable, Position, Rules, Ruleset,
    Stuck, Turn, WithRuleset,
};

/// Few enough games that the file runs in a few seconds in a debug build.
const GAMES: u32 = 200;

struct Check {
    games: u32,
    seed: u64,
}

impl WithRuleset for Check {
    type Output = Result<Report, HarnessError>;
    fn run<R: Ruleset>(self, rules: R) -> Self::Output {
        check_ruleset(&rules, self.games, self.seed)
    }
}

fn assert_played(name: &str, report: Report, games: u32) {
    assert_eq!(report.games, games, "{name}");
    assert_eq!(report.finished + report.capped, games, "{name}");
    // Random games of these rules end: none should reach the cap.
    assert_eq!(report.capped, 0, "{name}: {report:?}");
    assert!(report.positions > u64::from(games), "{name}: {report:?}");
}

/// Runs the harness over `kinds` (`first` numbers the seeds).
fn check_kinds(kinds: &[GameKind], first: u64) {
    for (i, &kind) in kinds.iter().enumerate() {
        let report = kind
            .with_ruleset(Check {
                games: GAMES,
                seed: first + i as u64,
            })
            .unwrap_or_else(|err| panic!("{kind}: {err}"));
        assert_played(kind.name(), report, GAMES);
    }
}

// Every shipped game and variant, in three tests that run side by side.
#[test]
fn shipped_games_keep_the_invariants_sources() {
    check_kinds(&GameKind::ALL[..6], 11);
}

#[test]
fn shipped_games_keep_the_invariants_oware_and_kalah() {
    check_kinds(&GameKind::ALL[6..11], 17);
}

#[test]
fn shipped_games_keep_the_invariants_kalah_empty_capture() {
    check_kinds(&GameKind::ALL[11..], 22);
}

#[test]
fn every_shipped_game_is_checked() {
    assert_eq!(
        GameKind::ALL.len(),
        15,
        "a new game: add it to a harness test above"
    );
}

/// A user's game: clockwise, own stores, extra turns in the store and after
/// a capture, chains of 2 and 3, an illegal grand slam, must-feed.
#[derive(Clone, Copy, Debug)]
struct ClockwiseStores;

impl Declared for ClockwiseStores {
    type Position = Position<10>;
    fn rules(&self) -> &Rules {
        const RULES: Rules = Rules {
            name: "clockwise-stores",
            seeds: 3,
            has_stores: true,
            play: Playable {
                min_seeds: 1,
                must_feed: true,
                ..Playable::DEFAULT
            },
            end: Ending {
                stuck: Stuck::Passes(Leftover::Owners),
                ..Ending::DEFAULT
            },
            turn: SowingTurn {
                direction: Direction::Clockwise,
                stores: Stores::Own,
                capture: CaptureRule::chain(Counts::of(&[2, 3])),
                grand_slam: mancala_rules::primitives::GrandSlam::Illegal,
                extra_turn: ExtraTurn {
                    in_own_store: true,
                    after_capture: true,
                    in_opponent_store: false,
                },
                ..SowingTurn::DEFAULT
            },
            ..Rules::DEFAULT
        };
        &RULES
    }
}

/// A user's relay game: relays from the pit after the last one, both
/// stores, opposite captures, a stuck player passes.
#[derive(Clone, Copy, Debug)]
struct NextPitRelay;

impl Declared for NextPitRelay {
    type Position = Position<8>;
    fn rules(&self) -> &Rules {
        const RULES: Rules = Rules {
            name: "next-pit-relay",
            seeds: 2,
            has_stores: true,
            play: Playable {
                min_seeds: 1,
                must_feed: false,
                ..Playable::DEFAULT
            },
            end: Ending {
                stuck: Stuck::Passes(Leftover::Split),
                ..Ending::DEFAULT
            },
            turn: SowingTurn {
                lap: Lap::RelayWith(RelayRule {
                    sowing: Sowing::NextPit,
                    relay_on: Counts::at_least(2),
                    from: RelayFrom::NextPit,
                    stop_on_capture: true,
                    max_laps: RELAY_LAP_LIMIT,
                    ..RelayRule::new(Sowing::NextPit, Counts::NONE)
                }),
                stores: Stores::Both,
                capture: CaptureRule::single(Counts::of(&[4])),
                opposite: Some(Opposite::KALAH),
                ..SowingTurn::DEFAULT
            },
            ..Rules::DEFAULT
        };
        &RULES
    }
}

#[test]
fn a_clockwise_game_with_stores_and_extra_turns_keeps_the_invariants() {
    let report = check_ruleset(&ClockwiseStores, GAMES, 1).unwrap_or_else(|err| panic!("{err}"));
    assert_played("clockwise-stores", report, GAMES);
}

#[test]
fn a_relay_game_from_the_next_pit_keeps_the_invariants() {
    let report = check_ruleset(&NextPitRelay, GAMES, 2).unwrap_or_else(|err| panic!("{err}"));
    assert_played("next-pit-relay", report, GAMES);
}

/// Kalah, with a `check` that accepts any pit of the mover's row: the harness
/// must catch it (or it could not fail).
#[derive(Clone, Copy, Debug)]
struct LaxCheck;

impl Ruleset for LaxCheck {
    type Position = Position<12>;
    fn name(&self) -> &'static str {
        "lax"
    }
    fn seeds_per_pit(&self) -> u8 {
        4
    }
    fn turn(&self, pos: &Self::Position) -> Turn {
        mancala_rules::games::Kalah.turn(pos)
    }
    fn play_unchecked(&self, pos: &mut Self::Position, mv: Move) -> MoveReport {
        mancala_rules::games::Kalah.play_unchecked(pos, mv)
    }
    fn check(&self, pos: &Self::Position, mv: Move) -> Result<(), IllegalMove> {
        match mv.index() {
            Some(pit) if pit / 6 == pos.to_move.index() => Ok(()),
            _ => mancala_rules::games::Kalah.check(pos, mv),
        }
    }
}

#[test]
fn the_harness_catches_a_check_that_accepts_an_unlisted_move() {
    let err = check_ruleset(&LaxCheck, 5, 3).unwrap_err();
    assert!(
        matches!(err, HarnessError::UnlistedMoveAccepted { game: "lax", .. }),
        "{err}"
    );
    // The message names the game, the position and the move.
    let text = err.to_string();
    assert!(text.starts_with("lax: ") && text.contains(": move "), "{text}");
}
