//! Positions, moves and outcomes for the rule-by-rule suites, for any
//! [`Ruleset`]: every position is parsed and checked (valid, canonical
//! notation), every move checked legal, conserving and reported as played.

use mancala_rules::{Board, EndReason, Game, IllegalMove, Move, MoveReport, Outcome, Ruleset, Status};

/// Parses `text` as a position of `rules` and checks that it is valid and
/// written in canonical notation.
pub fn pos<R: Ruleset>(rules: R, text: &str) -> R::Position {
    let position: R::Position = text
        .parse()
        .unwrap_or_else(|e| panic!("bad notation {text:?}: {e}"));
    assert_eq!(
        rules.validate(&position),
        Ok(()),
        "invalid test position {text:?}"
    );
    assert_eq!(
        position.to_string(),
        text,
        "test positions are written in canonical notation"
    );
    position
}

/// Plays `mv` in `before` under `rules`: checks that it is legal, that the
/// seeds are conserved and that the report names the move and its mover;
/// returns the position after it and the report.
pub fn play<R: Ruleset>(rules: R, before: &str, mv: Move) -> (R::Position, MoveReport) {
    let start = pos(rules, before);
    let (after, report) = rules
        .play(&start, mv)
        .unwrap_or_else(|e| panic!("{mv} should be legal in {before:?}: {e}"));
    assert_eq!(
        rules.validate(&after),
        Ok(()),
        "seeds not conserved after {mv} in {before:?}"
    );
    assert_eq!(report.mv, mv);
    assert_eq!(report.player, start.to_move());
    (after, report)
}

/// The legal moves in `text`, as notation.
pub fn legal<R: Ruleset>(rules: R, text: &str) -> String {
    rules.legal_moves(&pos(rules, text)).to_string()
}

/// Whether `mv` may be played in `text`.
pub fn check<R: Ruleset>(rules: R, text: &str, mv: Move) -> Result<(), IllegalMove> {
    rules.check(&pos(rules, text), mv)
}

/// The state of play in `text`.
pub fn status<R: Ruleset>(rules: R, text: &str) -> Status {
    rules.status(&pos(rules, text))
}

/// A game of `rules` from `text`.
pub fn game<R: Ruleset>(rules: R, text: &str) -> Game<R> {
    Game::from_position(rules, pos(rules, text)).expect("valid start")
}

/// Plays `mv` in `g` (it must be legal) and returns the position after it,
/// as notation.
pub fn step<R: Ruleset>(g: &mut Game<R>, mv: Move) -> String {
    g.play(mv)
        .unwrap_or_else(|e| panic!("{mv} should be legal in {}: {e}", g.position()));
    g.position().to_string()
}

/// A report as (captured pits, seeds captured, laps, last pit).
pub fn summary(report: &MoveReport) -> (String, u8, u32, Option<u8>) {
    (
        report.captured.to_string(),
        report.seeds_captured,
        report.laps,
        report.last_pit,
    )
}

/// The end with these final totals, `[south, north]`, for this reason.
pub fn outcome(totals: [u32; 2], reason: EndReason) -> Outcome {
    Outcome { totals, reason }
}

/// The state of a game over with these totals, for this reason.
pub fn over(totals: [u32; 2], reason: EndReason) -> Status {
    Status::Over(outcome(totals, reason))
}
