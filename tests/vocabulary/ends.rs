//! The vocabulary's end items of issue 21 ("ends"), each a named test on a
//! concrete board worked out by hand in a comment: leftovers divided with
//! the odd seed to the player behind (`Leftover::SplitOddToBehind`), and
//! the end by a cleared row (`Ending::cleared`: `Cleared::TakesTheRest`,
//! `Cleared::Wins`).
//!
//! Boards: South's pits 1..N, `|`, North's N+1..2N (counterclockwise), then
//! captures or stores South-North and the player to move.

use crate::common::boards::ended;
use mancala_rules::primitives::{AtMaxLaps, Counts, ExtraTurn, Lap, RelayRule, Sowing, SowingTurn, Stores};
use mancala_rules::{declare, Cleared, EndReason, Ending, Leftover, Player, Position, Rules, Ruleset, Stuck};

/// A stuck player ends the game, the seeds left going as `leftover` says.
const fn stuck_ends(leftover: Leftover) -> Rules {
    Rules {
        end: Ending {
            stuck: Stuck::Ends(leftover),
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

declare!(Divided, 4, stuck_ends(Leftover::SplitOddToBehind));
declare!(SplitUnassigned, 4, stuck_ends(Leftover::Split));

#[test]
fn divided_leftovers_give_the_odd_seed_to_the_player_behind() {
    // South has no seed and is stuck; 3 seeds are left in North's row.
    // Each takes 1; the odd one goes to the player with fewer captured:
    // South (6 against 7) makes 6 + 1 + 1 = 8, North 7 + 1 = 8.
    let behind_south = ended(Divided, "0 0 | 2 1 6-7 S");
    assert_eq!(behind_south.totals, [8, 8]);
    assert_eq!(behind_south.reason, EndReason::MoverRowEmpty);
    // North behind (5 against 8): North 5 + 1 + 1 = 7, South 8 + 1 = 9.
    assert_eq!(ended(Divided, "0 0 | 2 1 8-5 S").totals, [9, 7]);
    // `Split` leaves the odd seed unassigned: 7 and 8, then 9 and 6.
    assert_eq!(ended(SplitUnassigned, "0 0 | 2 1 6-7 S").totals, [7, 8]);
    assert_eq!(ended(SplitUnassigned, "0 0 | 2 1 8-5 S").totals, [9, 6]);
    // An even board is split alike by both: 2 each.
    assert_eq!(ended(Divided, "0 0 | 3 1 6-6 S").totals, [8, 8]);
    assert_eq!(ended(SplitUnassigned, "0 0 | 3 1 6-6 S").totals, [8, 8]);
}

#[test]
fn divided_leftovers_at_a_relay_cap_read_as_split() {
    // The lap cap already gave an odd seed to the player behind: both
    // leftovers settle the board alike there. On `1 1 | 0 0`, a relay
    // from any pit that holds a seed never ends; capped at 3 laps, pits 1
    // and 3 hold the 2 seeds left, one each: 8 and 8.
    const fn capped(leftover: Leftover) -> Rules {
        Rules {
            turn: SowingTurn {
                lap: Lap::RelayWith(RelayRule {
                    at_max_laps: AtMaxLaps::EndsGame(leftover),
                    ..RelayRule::new(Sowing::NextPit, Counts::at_least(1)).with_max_laps(3)
                }),
                ..SowingTurn::DEFAULT
            },
            ..Rules::DEFAULT
        }
    }
    declare!(CapDivided, 4, capped(Leftover::SplitOddToBehind));
    declare!(CapSplit, 4, capped(Leftover::Split));
    let pos = "1 1 | 0 0 7-7 S".parse().unwrap();
    let (divided, _) = CapDivided.play(&pos, "1".parse().unwrap()).unwrap();
    let (split, _) = CapSplit.play(&pos, "1".parse().unwrap()).unwrap();
    assert_eq!(divided.to_string(), "0 0 | 0 0 8-8 N");
    assert_eq!(divided, split);
}

/// Kalah's stores and extra turns, with a cleared row ending the game.
const fn clearing(cleared: Cleared) -> Rules {
    Rules {
        has_stores: true,
        turn: SowingTurn {
            stores: Stores::Own,
            extra_turn: ExtraTurn::IN_OWN_STORE,
            ..SowingTurn::DEFAULT
        },
        end: Ending {
            cleared: Some(cleared),
            majority: Some(Leftover::Nobody),
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

declare!(TakesTheRest, 4, clearing(Cleared::TakesTheRest));
declare!(ClearWins, 4, clearing(Cleared::Wins));

#[test]
fn a_cleared_row_ends_the_game_after_an_extra_turn_too() {
    // South's pit 2 sows its seed into South's store: South's row is
    // empty, and South would play again. The game ends; South takes
    // North's 3 seeds: 6 + 3 = 9 against 7.
    let pos = "0 1 | 2 1 5-7 S".parse().unwrap();
    let (after, _) = TakesTheRest.play(&pos, "2".parse().unwrap()).unwrap();
    assert_eq!(after.to_string(), "0 0 | 2 1 6-7 S");
    let end = TakesTheRest.status(&after).outcome().unwrap();
    assert_eq!((end.totals, end.reason), ([9, 7], EndReason::RowEmpty));
    // Without the extra turn: pit 2's two seeds go to the store and pit 3;
    // North is to move, South's row is empty: South takes the 3 left.
    let pos = "0 2 | 1 1 5-7 S".parse().unwrap();
    let (after, _) = TakesTheRest.play(&pos, "2".parse().unwrap()).unwrap();
    assert_eq!(after.to_string(), "0 0 | 2 1 6-7 N");
    let end = TakesTheRest.status(&after).outcome().unwrap();
    assert_eq!((end.totals, end.reason), ([9, 7], EndReason::RowEmpty));
    // North's row empty: North takes South's 2 seeds.
    assert_eq!(ended(TakesTheRest, "1 1 | 0 0 4-10 S").totals, [4, 12]);
    // Neither row empty: the game goes on.
    assert!(!TakesTheRest
        .status(&"1 0 | 0 1 7-7 S".parse::<Position<4>>().unwrap())
        .is_over());
}

#[test]
fn a_cleared_row_is_judged_before_the_majority() {
    // North holds 9 of 16, a majority (which would leave the board to
    // nobody: 4 and 9); South's row is empty, and that comes first: South
    // takes North's 3 seeds, 7 against 9.
    let end = ended(TakesTheRest, "0 0 | 2 1 4-9 N");
    assert_eq!((end.totals, end.reason), ([7, 9], EndReason::RowEmpty));
}

#[test]
fn clearing_ones_row_wins_whatever_the_totals() {
    // The same move: South's row is empty after sowing into the store.
    // South wins with 6 against North's 7; the board is not counted.
    let pos = "0 1 | 2 1 5-7 S".parse().unwrap();
    let (after, _) = ClearWins.play(&pos, "2".parse().unwrap()).unwrap();
    let end = ClearWins.status(&after).outcome().unwrap();
    assert_eq!(end.totals, [6, 7]);
    assert_eq!(end.reason, EndReason::Cleared(Some(Player::South)));
    assert_eq!(end.winner(), Some(Player::South));
    // North's row empty: North wins, though behind.
    let north = ended(ClearWins, "1 1 | 0 0 10-4 S");
    assert_eq!(north.winner(), Some(Player::North));
    // Both rows empty: a draw, whatever the stores.
    let both = ended(ClearWins, "0 0 | 0 0 6-10 N");
    assert_eq!((both.reason, both.winner()), (EndReason::Cleared(None), None));
}

#[test]
fn a_lap_cap_ends_a_game_won_by_clearing_in_a_draw() {
    // A relay from any pit that holds a seed, capped at 3 laps. On
    // `1 1 | 1 0`, pit 1 sows pit 2 (now 2), which sows 3 and 4; pit 4 (now
    // 1) sows pit 1, which would go on: the cap. The 3 seeds left (pits 1
    // and 3) are split, the odd one to South (6 against 7): 8 and 8, the
    // board empty. Both rows are cleared: a draw, as MancalaGames ties its
    // "clear" games at its cap.
    const CAPPED_CLEAR: Rules = Rules {
        turn: SowingTurn {
            lap: Lap::RelayWith(RelayRule {
                at_max_laps: AtMaxLaps::EndsGame(Leftover::Split),
                ..RelayRule::new(Sowing::NextPit, Counts::at_least(1)).with_max_laps(3)
            }),
            ..SowingTurn::DEFAULT
        },
        end: Ending {
            cleared: Some(Cleared::Wins),
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    };
    declare!(CappedClear, 4, CAPPED_CLEAR);
    let pos = "1 1 | 1 0 6-7 S".parse().unwrap();
    assert!(!CappedClear.status(&pos).is_over());
    let (after, report) = CappedClear.play(&pos, "1".parse().unwrap()).unwrap();
    assert!(report.relay_limit);
    assert_eq!(after.to_string(), "0 0 | 0 0 8-8 N");
    let end = CappedClear.status(&after).outcome().unwrap();
    assert_eq!((end.reason, end.winner()), (EndReason::Cleared(None), None));
    assert!(CAPPED_CLEAR.problems(4).is_empty());
}

#[test]
fn the_new_items_keep_every_other_fingerprint() {
    // Each new value changes the fingerprint; the defaults do not (every
    // pinned fingerprint of the shipped games stays as it was).
    let split = stuck_ends(Leftover::Split).fingerprint(4);
    assert_ne!(stuck_ends(Leftover::SplitOddToBehind).fingerprint(4), split);
    let plain = Rules::DEFAULT.fingerprint(4);
    let with = |cleared| {
        Rules {
            end: Ending {
                cleared,
                ..Ending::DEFAULT
            },
            ..Rules::DEFAULT
        }
        .fingerprint(4)
    };
    assert_eq!(with(None), plain);
    assert_ne!(with(Some(Cleared::TakesTheRest)), plain);
    assert_ne!(with(Some(Cleared::Wins)), plain);
    assert_ne!(with(Some(Cleared::Wins)), with(Some(Cleared::TakesTheRest)));
}

#[cfg(feature = "protocol")]
#[test]
fn the_end_items_in_the_data_form() {
    use mancala_rules::RulesData;
    let data = |fields: &str| {
        RulesData::from_json(&format!(
            r#"{{"format": 1, "name": "t", "pits": 12, "seeds": 4, {fields}}}"#
        ))
        .unwrap_or_else(|err| panic!("{fields}: {err}"))
        .rules()
    };
    let rules = data(r#""end": {"stuck": {"ends": "split-odd-to-behind"}}"#);
    assert_eq!(rules.end.stuck, Stuck::Ends(Leftover::SplitOddToBehind));
    let rules = data(r#""has_stores": true, "end": {"cleared": "takes-the-rest"}"#);
    assert_eq!(rules.end.cleared, Some(Cleared::TakesTheRest));
    let rules =
        data(r#""has_stores": true, "end": {"cleared": "wins", "stuck": {"ends": "split-odd-to-behind"}}"#);
    assert_eq!(rules.end.cleared, Some(Cleared::Wins));
    // The default is left out of the written form; the rest reads back.
    let json = RulesData::of(&Rules::DEFAULT, 12).to_json();
    assert!(!json.contains("cleared"), "{json}");
    let json = RulesData::of(&Rules { name: "t", ..rules }, 12).to_json();
    assert!(json.contains(r#""cleared": "wins""#), "{json}");
    assert!(json.contains(r#""split-odd-to-behind""#), "{json}");
    assert_eq!(
        RulesData::from_json(&json).map(|d| d.rules()),
        Ok(Rules { name: "", ..rules })
    );
}

#[cfg(feature = "protocol")]
#[test]
fn the_catalogue_plays_the_new_games() {
    use mancala_rules::GameKind;
    for name in ["djenon-abe", "halusa", "simplecapt", "waurie", "goempty-one"] {
        let kind: GameKind = name
            .parse()
            .unwrap_or_else(|_| panic!("{name} is not in the catalogue"));
        let problems = kind.rules().problems(12);
        assert!(problems.is_empty(), "{name}: {problems}");
    }
    let waurie: GameKind = "waurie".parse().unwrap();
    assert_eq!(waurie.rules().end.cleared, Some(Cleared::Wins));
    let simplecapt: GameKind = "simplecapt".parse().unwrap();
    assert_eq!(simplecapt.rules().end.cleared, Some(Cleared::TakesTheRest));
    let djenon_abe: GameKind = "djenon-abe".parse().unwrap();
    assert_eq!(
        djenon_abe.rules().end.stuck,
        Stuck::Ends(Leftover::SplitOddToBehind)
    );
}
