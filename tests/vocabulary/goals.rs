//! The vocabulary's goal items ("goals"), each a named test on a concrete
//! board worked out by hand in a comment: games won by eliminating the
//! opponent (`Ending::eliminate`: `Eliminate::Deprive`,
//! `Eliminate::Immobilize`) and a declared start board (`Rules::start`,
//! `StartBoard`).
//!
//! Boards: South's pits 1..N, `|`, North's N+1..2N (counterclockwise), then
//! captures South-North and the player to move.

use crate::common::boards::{ended, goes_on};
use mancala_rules::{
    declare, Cleared, Eliminate, EndReason, Ending, Playable, Player, Position, RoundFill, RoundStarter,
    Rounds, Rules, RulesProblem, Ruleset, StartBoard,
};

const fn goal(eliminate: Eliminate, min_seeds: u8) -> Rules {
    Rules {
        play: Playable {
            min_seeds,
            ..Playable::DEFAULT
        },
        end: Ending {
            eliminate: Some(eliminate),
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

declare!(Deprive, 4, goal(Eliminate::Deprive, 1));
declare!(Immobilize, 4, goal(Eliminate::Immobilize, 1));
declare!(DeprivePairs, 8, goal(Eliminate::Deprive, 2));
declare!(ImmobilizePairs, 8, goal(Eliminate::Immobilize, 2));

#[test]
fn deprive_the_player_to_move_with_an_empty_row_loses() {
    // South to move, South's row empty, 9 captured against 0: North wins
    // though behind; the seeds left count for nobody (totals 9-0).
    let end = ended(Deprive, "0 0 | 1 2 9-0 S");
    assert_eq!(end.reason, EndReason::Eliminated(Some(Player::North)));
    assert_eq!((end.totals, end.winner()), ([9, 0], Some(Player::North)));
    // Immobilize reads it alike: South has no move.
    assert_eq!(ended(Immobilize, "0 0 | 1 2 9-0 S").winner(), Some(Player::North));
}

#[test]
fn deprive_the_player_to_move_facing_an_empty_row_wins() {
    // South to move with seeds, North's row empty: South wins at once
    // under Deprive, 0-9 behind; under Immobilize South plays on.
    let ended = ended(Deprive, "1 2 | 0 0 0-9 S");
    assert_eq!(
        (ended.reason, ended.winner()),
        (EndReason::Eliminated(Some(Player::South)), Some(Player::South))
    );
    assert!(goes_on(Immobilize, "1 2 | 0 0 0-9 S"));
}

#[test]
fn deprive_ends_after_the_move_that_empties_a_row() {
    // 2x2: South plays pit 1 (1 seed) into pit 2: "0 1 | 0 1", North to
    // move, both rows hold seeds. North plays pit 4 (1 seed) into South's
    // pit 1: "1 1 | 0 0", South to move facing an empty row: South wins.
    let pos: Position<4> = "1 0 | 0 1 0-2 S".parse().unwrap();
    let (pos, _) = Deprive.play(&pos, "1".parse().unwrap()).unwrap();
    assert_eq!(pos.to_string(), "0 1 | 0 1 0-2 N");
    assert!(!Deprive.status(&pos).is_over());
    let (pos, _) = Deprive.play(&pos, "4".parse().unwrap()).unwrap();
    assert_eq!(pos.to_string(), "1 1 | 0 0 0-2 S");
    assert_eq!(
        Deprive.status(&pos).outcome().unwrap().winner(),
        Some(Player::South)
    );
    assert!(!Immobilize.status(&pos).is_over());
}

#[test]
fn a_player_to_move_with_seeds_but_no_legal_move_loses() {
    // Moves need 2 seeds: South's "1 1 0 0" has none; North holds 2 in
    // pit 5. South, 5-0 ahead, loses under both goals.
    for end in [
        ended(DeprivePairs, "1 1 0 0 | 2 0 0 0 5-0 S"),
        ended(ImmobilizePairs, "1 1 0 0 | 2 0 0 0 5-0 S"),
    ] {
        assert_eq!(end.reason, EndReason::Eliminated(Some(Player::North)));
        assert_eq!(end.totals, [5, 0]);
    }
    // North to move, with a move: the game goes on under both.
    assert!(goes_on(DeprivePairs, "1 1 0 0 | 2 0 0 0 5-0 N"));
    assert!(goes_on(ImmobilizePairs, "1 1 0 0 | 2 0 0 0 5-0 N"));
}

#[test]
fn both_rows_empty_is_a_draw() {
    // The board is empty (as a relay's lap cap leaves it): a draw under
    // both goals, whatever the totals (5-7).
    for ended in [
        ended(Deprive, "0 0 | 0 0 5-7 S"),
        ended(Immobilize, "0 0 | 0 0 5-7 N"),
    ] {
        assert_eq!(
            (ended.reason, ended.winner(), ended.totals),
            (EndReason::Eliminated(None), None, [5, 7])
        );
    }
}

#[test]
fn an_eliminated_outcome_scores_for_its_winner() {
    // The search and the solver score an end by its margin: a won game
    // never scores as lost, whatever the totals.
    let end = ended(Deprive, "0 0 | 1 2 9-0 S");
    assert!(end.margin() < 0);
    assert!(end.margin_for(Player::North) > 0);
    assert_eq!(ended(Deprive, "0 0 | 0 0 5-7 S").margin(), 0);
}

#[test]
fn eliminating_goals_refuse_feeding_a_cleared_row_and_rounds() {
    let feeding = Rules {
        play: Playable {
            must_feed: true,
            ..Playable::DEFAULT
        },
        ..goal(Eliminate::Deprive, 1)
    };
    assert_eq!(
        feeding.problems(4).first(),
        Some(RulesProblem::EliminateCombination {
            with: "feeding (play.must_feed)"
        })
    );
    let cleared = Rules {
        end: Ending {
            cleared: Some(Cleared::Wins),
            eliminate: Some(Eliminate::Immobilize),
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    };
    assert_eq!(
        cleared.problems(4).first().map(|p| p.field()),
        Some("end.eliminate")
    );
    assert!(goal(Eliminate::Deprive, 1).problems(4).is_empty());
}

/// MancalaGames' "clipped triples" on 2x3, 3 seeds: each row `0 3 3`.
const CLIPPED: StartBoard = match StartBoard::new(&[0, 3, 3, 0, 3, 3]) {
    Some(board) => board,
    None => panic!("at most 30 pits"),
};

declare!(
    Clipped,
    6,
    Rules {
        seeds: 3,
        start: Some(CLIPPED),
        ..Rules::DEFAULT
    }
);

#[test]
fn a_start_board_is_the_opening_and_its_seeds_the_games() {
    // 12 seeds, not 6 x 3 = 18; South to move; a position of 18 seeds
    // does not belong to the game.
    assert_eq!(Clipped.start().to_string(), "0 3 3 | 0 3 3 0-0 S");
    assert_eq!(Clipped.total_seeds(), 12);
    assert!(Clipped.validate(&Clipped.start()).is_ok());
    assert!(Clipped.validate(&Position::filled(3)).is_err());
    // South's pit 2 (3 seeds) sows pits 3, 4, 5.
    let (after, _) = Clipped.play(&Clipped.start(), "2".parse().unwrap()).unwrap();
    assert_eq!(after.to_string(), "0 0 4 | 1 4 3 0-0 N");
}

#[test]
fn a_start_board_that_does_not_fit_is_a_problem() {
    let with = |counts: &[u8]| Rules {
        start: StartBoard::new(counts),
        ..Rules::DEFAULT
    };
    // Five counts for six pits.
    assert_eq!(
        with(&[1, 1, 1, 1, 1]).problems(6).first(),
        Some(RulesProblem::StartBoard {
            len: 5,
            pits: 6,
            total: 5
        })
    );
    // No seed at all; more than 255 in all.
    assert!(matches!(
        with(&[0; 4]).problems(4).first(),
        Some(RulesProblem::StartBoard { total: 0, .. })
    ));
    assert!(matches!(
        with(&[255, 1, 0, 0]).problems(4).first(),
        Some(RulesProblem::StartBoard { total: 256, .. })
    ));
    // With rounds (refilled from the seeds won).
    let rounds = Rules {
        has_stores: true,
        rounds: Some(Rounds {
            fill: RoundFill::Left,
            starter: RoundStarter::Alternate,
            min_pits: 1,
            out_of_play: false,
        }),
        ..with(&[1, 0, 0, 1])
    };
    assert!(rounds
        .problems(4)
        .iter()
        .any(|p| p == RulesProblem::StartWithRounds));
    assert!(with(&[1, 0, 0, 1]).problems(4).is_empty());
    // Over 30 counts there is no board.
    assert!(StartBoard::new(&[1; 31]).is_none());
}

#[cfg(feature = "protocol")]
#[test]
fn the_data_form_says_the_start_board_and_the_goal() {
    use mancala_rules::RulesData;
    let json = r#"{"format": 1, "name": "clipped", "pits": 6, "seeds": 3,
        "end": {"eliminate": "immobilize"}, "start": [0, 3, 3, 0, 3, 3]}"#;
    let data = RulesData::from_json(json).unwrap();
    let rules = data.rules();
    assert_eq!(rules.start, Some(CLIPPED));
    assert_eq!(rules.end.eliminate, Some(Eliminate::Immobilize));
    // It reads back as written, and fingerprints unlike the uniform board.
    let again = RulesData::from_json(&data.to_json()).unwrap();
    assert_eq!(again.rules(), rules);
    let uniform = Rules { start: None, ..rules };
    assert_ne!(rules.fingerprint(6), uniform.fingerprint(6));
    let other_goal = Rules {
        end: Ending {
            eliminate: Some(Eliminate::Deprive),
            ..rules.end
        },
        ..rules
    };
    assert_ne!(rules.fingerprint(6), other_goal.fingerprint(6));
    // A count over a byte does not read, nor a list of the wrong length.
    let wide = json.replace("[0, 3, 3, 0, 3, 3]", "[0, 3, 300, 0, 3, 3]");
    let err = RulesData::from_json(&wide).unwrap_err().to_string();
    assert!(err.contains("pit 3 holds 300"), "{err}");
    let short = json.replace("[0, 3, 3, 0, 3, 3]", "[0, 3, 3, 0, 3]");
    assert!(RulesData::from_json(&short).is_err());
}

#[cfg(feature = "protocol")]
#[test]
fn boola_and_gamacha_open_as_mancalagames_fills_them() {
    use mancala_rules::RulesData;
    // MancalaGames' clipped triples on 2x12, 3 seeds (Boola): "0 3 3" four
    // times a row, 48 seeds; its Gamacha pattern on 2x12, 4 seeds: every
    // other pit from pit 3 holds 4, then pit 19's seeds moved to pit 6
    // (MancalaGames' first prescribed move), 44 seeds.
    let boola = RulesData::from_json(include_str!("../../src/games/boola.json")).unwrap();
    let triple = [0, 3, 3].repeat(8);
    assert_eq!(boola.rules().start.unwrap().counts(), &triple[..]);
    assert_eq!(boola.rules().total_seeds(24), 48);
    assert_eq!(boola.rules().end.eliminate, Some(Eliminate::Immobilize));
    let gamacha = RulesData::from_json(include_str!("../../src/games/gamacha.json")).unwrap();
    let mut board = [0u8; 24];
    for pit in (2..24).step_by(2) {
        board[pit] = 4;
    }
    board[5] = board[18];
    board[18] = 0;
    assert_eq!(gamacha.rules().start.unwrap().counts(), &board[..]);
    assert_eq!(gamacha.rules().total_seeds(24), 44);
    assert_eq!(gamacha.rules().end.eliminate, Some(Eliminate::Deprive));
}
