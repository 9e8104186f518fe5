//! Named tests for what a player whose every move would be an illegal
//! grand slam does ([`SlamsOnly`], `play.slams_only`): the moves are played
//! capturing nothing (the default), or none is legal and the stuck
//! player's rule applies (MancalaGames' `NOT_LEGAL` grand slam: Modiar),
//! each on a concrete board in standard notation, worked out by hand in a
//! comment.
//!
//! Boards: South's pits 1..3, `|`, North's 4..6 (counterclockwise), then
//! captures South-North and the player to move. Modiar's turn: a pit of 2
//! seeds or more is sown from the origin first (its first seed back into
//! it), and a last pit holding 2, 4 or 6 is captured, the chain running
//! back while the pits hold such counts, on either row.

use crate::common::boards::{board, ended, legal, pit, refusal};
use mancala_rules::primitives::{CaptureRule, Counts, GrandSlam, Lap, Sowing, SowingTurn};
use mancala_rules::{
    declare, Declared, EndReason, Ending, IllegalMove, Leftover, Move, Playable, Rules, RulesProblem,
    Ruleset, SlamsOnly, Stuck,
};

const fn modiar(slams_only: SlamsOnly, stuck: Stuck) -> Rules {
    Rules {
        seeds: 7,
        play: Playable {
            min_seeds: 2,
            slams_only,
            ..Playable::DEFAULT
        },
        turn: SowingTurn {
            lap: Lap::Single(Sowing::OriginFirst),
            capture: CaptureRule::chain(Counts::of(&[2, 4, 6])),
            grand_slam: GrandSlam::Illegal,
            ..SowingTurn::DEFAULT
        },
        end: Ending {
            stuck,
            ..Ending::DEFAULT
        },
        ..Rules::DEFAULT
    }
}

// The crate's reading (the default): grand slams only, they are played.
declare!(
    Played,
    6,
    modiar(SlamsOnly::Played, Stuck::Ends(Leftover::Owners))
);
// MancalaGames' reading: grand slams only, no move; the game then ends.
declare!(
    NoMove,
    6,
    modiar(SlamsOnly::NoMove, Stuck::Ends(Leftover::Owners))
);
// The same, a stuck player passing.
declare!(
    NoMovePasses,
    6,
    modiar(SlamsOnly::NoMove, Stuck::Passes(Leftover::Owners))
);

/// North to move: pit 4's 6 seeds go into 4, 5, 6, 1, 2, 3 and pits 1 to 3
/// then hold 2 each: the chain back from pit 3 takes them all. Pit 6's 16
/// seeds go round: pits 1 to 3 hold 4 each, the last in pit 3: all taken.
/// Pit 5 (1 seed) may not move. Both moves are grand slams.
const ALL_SLAMS: &str = "1 1 1 | 6 1 16 4-12 N";

#[test]
fn every_grand_slam_is_played_capturing_nothing_by_default() {
    assert_eq!(legal(Played, ALL_SLAMS), "4 6");
    let (after, report) = pit(Played, ALL_SLAMS, 4);
    assert_eq!(after, "2 2 2 | 1 2 17 4-12 S");
    assert_eq!(report.seeds_captured, 0);
}

#[test]
fn no_move_is_left_when_every_move_is_a_grand_slam() {
    assert!(NoMove.legal_moves(&board(NoMove, ALL_SLAMS)).is_empty());
    // North is stuck: the game ends, each player keeping their own row
    // (South 4 + 3, North 12 + 23).
    let outcome = ended(NoMove, ALL_SLAMS);
    assert_eq!(outcome.totals, [7, 35]);
    assert_eq!(outcome.reason, EndReason::MoverRowEmpty);
}

#[test]
fn a_grand_slam_is_refused_as_one_when_no_move_is_left() {
    // (The game that ends there refuses every move as over: here North,
    // left without a move, passes.)
    let text = "3 1 1 | 6 1 16 4-12 N";
    assert_eq!(
        refusal(NoMovePasses, text, Move::Pit(4)),
        IllegalMove::GrandSlam { pit: 4 }
    );
    assert_eq!(
        refusal(NoMovePasses, text, Move::Pit(6)),
        IllegalMove::GrandSlam { pit: 6 }
    );
    assert_eq!(refusal(NoMove, ALL_SLAMS, Move::Pit(4)), IllegalMove::GameOver);
}

#[test]
fn a_move_that_is_no_grand_slam_is_the_only_one_either_way() {
    // Pit 4's 2 seeds go into 4 and 5 (it holds 1: nothing captured); pit
    // 6's 4 seeds into 6, 1, 2, 3, which then hold 2 each: all taken, a
    // grand slam. Only pit 4 may be played, whatever the reading.
    let text = "1 1 1 | 2 0 4 4-12 N";
    assert_eq!(legal(Played, text), "4");
    assert_eq!(legal(NoMove, text), "4");
    assert_eq!(pit(NoMove, text, 4).0, "1 1 1 | 1 1 4 4-12 S");
}

#[test]
fn a_player_left_without_a_move_passes_when_the_stuck_rule_says_so() {
    // Pit 4's 6 seeds make pits 1 to 3 hold 4, 2, 2: the chain back from
    // pit 3 takes all three; pit 6's 16 make them 6, 4, 4: all taken. South
    // could play pit 1: North passes.
    let text = "3 1 1 | 6 1 16 4-12 N";
    assert_eq!(legal(NoMovePasses, text), "pass");
    assert_eq!(legal(NoMove, text), "");
    assert_eq!(ended(NoMove, text).totals, [9, 35]);
}

#[test]
fn no_move_without_an_illegal_grand_slam_is_a_problem() {
    let rules = Rules {
        turn: SowingTurn {
            grand_slam: GrandSlam::CapturesNothing,
            ..NoMove.rules().turn
        },
        ..*NoMove.rules()
    };
    assert_eq!(
        rules.problems(6).first(),
        Some(RulesProblem::SlamsOnlyWithoutIllegalSlam)
    );
    assert_eq!(
        rules.problems(6).first().map(|p| p.field()),
        Some("play.slams_only")
    );
    assert!(NoMove.rules().problems(6).is_empty());
    assert!(Played.rules().problems(6).is_empty());
}

#[test]
fn the_reading_enters_the_fingerprint_only_when_not_the_default() {
    assert_ne!(NoMove.rules().fingerprint(6), Played.rules().fingerprint(6));
    // The default encodes as before the field existed (Tihbat's
    // fingerprint is pinned in the solver's files' tests).
    assert_eq!(Playable::DEFAULT.slams_only, SlamsOnly::Played);
}

#[cfg(all(feature = "serde", feature = "protocol"))]
#[test]
fn the_data_form_says_no_move_and_leaves_the_default_out() {
    let json = serde_json::to_value(NoMove.rules().play).expect("serialisable");
    assert_eq!(json["slams_only"], "no-move");
    let default = serde_json::to_value(Played.rules().play).expect("serialisable");
    assert!(default.get("slams_only").is_none(), "{default}");
    let read: Playable =
        serde_json::from_value(serde_json::json!({"min_seeds": 2, "slams_only": "no-move"})).expect("read");
    assert_eq!(read.slams_only, SlamsOnly::NoMove);
}

#[cfg(all(feature = "serde", feature = "protocol"))]
#[test]
fn the_catalogue_file_of_modiar_declares_no_move() {
    use mancala_rules::RulesData;
    let text = std::fs::read_to_string(format!("{}/src/games/modiar.json", env!("CARGO_MANIFEST_DIR")))
        .expect("the catalogue file");
    let data = RulesData::from_json(&text).expect("a valid data form");
    let rules = data.rules();
    assert_eq!(rules.play.slams_only, SlamsOnly::NoMove);
    assert_eq!(rules.turn.grand_slam, GrandSlam::Illegal);
    assert!(rules.problems(6).is_empty());
}
