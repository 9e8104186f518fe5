//! Readings of different vocabulary items that the engine does not play
//! together: each combination is a named problem of `Rules::problems`
//! (so `declare!` refuses it at compile time and a data file at load),
//! never a move played by a path written for one of them alone.

use mancala_rules::primitives::{
    CaptureAt, CaptureRule, Counts, Direction, EnPassant, EnPassantLast, MoveRestriction, SowingTurn,
};
use mancala_rules::{PitSet, Playable, Rules, RulesProblem};

const EN_PASSANT: EnPassant = EnPassant {
    counts: Counts::of(&[4]),
    last_seed: EnPassantLast::ToOwner,
};

fn first(rules: Rules) -> Option<RulesProblem> {
    rules.problems(12).first()
}

#[test]
fn captures_during_the_sowing_refuse_the_capture_readings_of_their_own_path() {
    let turn = SowingTurn {
        capture: CaptureRule::single(Counts::of(&[4])),
        en_passant: Some(EN_PASSANT),
        ..SowingTurn::DEFAULT
    };
    assert_eq!(
        first(Rules {
            turn,
            ..Rules::DEFAULT
        }),
        None
    );
    let single = SowingTurn {
        no_single_seed_capture: true,
        ..turn
    };
    assert!(matches!(
        first(Rules { turn: single, ..Rules::DEFAULT }),
        Some(RulesProblem::EnPassantCombination { with }) if with.contains("turn.no_single_seed_capture")
    ));
}

#[test]
fn pits_out_of_play_refuse_the_parity_direction_en_passant_and_two_out() {
    let out = |turn: SowingTurn| Rules {
        turn: turn.with_out_of_play(PitSet::single(0)),
        ..Rules::DEFAULT
    };
    let refused = |turn: SowingTurn, field: &str| matches!(first(out(turn)), Some(RulesProblem::OutOfPlayCombination { with }) if with.contains(field));
    assert!(refused(
        SowingTurn {
            direction: Direction::ByParity,
            ..SowingTurn::DEFAULT
        },
        "turn.direction"
    ));
    assert!(refused(
        SowingTurn {
            capture: CaptureRule::single(Counts::of(&[4])),
            en_passant: Some(EN_PASSANT),
            ..SowingTurn::DEFAULT
        },
        "turn.en_passant"
    ));
    assert!(refused(
        SowingTurn {
            capture: CaptureRule {
                at: CaptureAt::AcrossGap,
                ..CaptureRule::single(Counts::at_least(1))
            },
            ..SowingTurn::DEFAULT
        },
        "turn.capture.at"
    ));
    // A plain round is played.
    assert_eq!(first(out(SowingTurn::DEFAULT)), None);
}

#[test]
fn a_chosen_direction_refuses_the_readings_written_for_one_way() {
    let chosen = SowingTurn {
        chosen_direction: PitSet::first(6),
        ..SowingTurn::DEFAULT
    };
    assert_eq!(
        first(Rules {
            turn: chosen,
            ..Rules::DEFAULT
        }),
        None
    );
    let refused = |rules: Rules, field: &str| matches!(first(rules), Some(RulesProblem::ChosenDirectionWith { rule }) if rule.contains(field));
    assert!(refused(
        Rules {
            turn: SowingTurn {
                direction: Direction::ByParity,
                ..chosen
            },
            ..Rules::DEFAULT
        },
        "turn.direction"
    ));
    assert!(refused(
        Rules {
            turn: chosen.with_out_of_play(PitSet::single(0)),
            ..Rules::DEFAULT
        },
        "turn.out_of_play"
    ));
    assert!(refused(
        Rules {
            turn: chosen,
            play: Playable {
                restriction: MoveRestriction::SingletonsOnlyWhenAll,
                ..Rules::DEFAULT.play
            },
            ..Rules::DEFAULT
        },
        "play.restriction"
    ));
}
