//! Boards of any seed total for the vocabulary's rule-by-rule suites: a
//! rule is shown on the smallest board that shows it, so these helpers
//! check the notation, not the game's total (see [`super::rules`] for
//! positions of the game itself).

use mancala_rules::{IllegalMove, Move, MoveReport, Outcome, Ruleset};

/// Parses `text` as a board of `rules`'s size, written in canonical
/// notation.
pub fn board<R: Ruleset>(_rules: R, text: &str) -> R::Position {
    let board: R::Position = text
        .parse()
        .unwrap_or_else(|e| panic!("bad notation {text:?}: {e}"));
    assert_eq!(
        board.to_string(),
        text,
        "test boards are written in canonical notation"
    );
    board
}

/// Plays `mv` on `before` (it must be legal): the board after it, as
/// notation, and the report, which names the move.
pub fn sow<R: Ruleset>(rules: R, before: &str, mv: Move) -> (String, MoveReport) {
    let (after, report) = rules
        .play(&board(rules, before), mv)
        .unwrap_or_else(|e| panic!("{mv} should be legal in {before:?}: {e}"));
    assert_eq!(report.mv, mv);
    (after.to_string(), report)
}

/// [`sow`] of pit `number`.
pub fn pit<R: Ruleset>(rules: R, before: &str, number: u8) -> (String, MoveReport) {
    sow(rules, before, Move::Pit(number))
}

/// The board after `mv` on `before`, as notation.
pub fn after<R: Ruleset>(rules: R, before: &str, mv: Move) -> String {
    sow(rules, before, mv).0
}

/// The board after pit `number` on `before`, as notation.
pub fn sown<R: Ruleset>(rules: R, before: &str, number: u8) -> String {
    sow(rules, before, Move::Pit(number)).0
}

/// The legal moves on `text`, as notation.
pub fn legal<R: Ruleset>(rules: R, text: &str) -> String {
    rules.legal_moves(&board(rules, text)).to_string()
}

/// Why `mv` is refused on `text` (it must be).
pub fn refusal<R: Ruleset>(rules: R, text: &str, mv: Move) -> IllegalMove {
    rules
        .check(&board(rules, text), mv)
        .expect_err("the move should be refused")
}

/// The end on `text`, if the game is over there.
pub fn outcome<R: Ruleset>(rules: R, text: &str) -> Option<Outcome> {
    rules.status(&board(rules, text)).outcome()
}

/// The end on `text`, where the game must be over.
pub fn ended<R: Ruleset>(rules: R, text: &str) -> Outcome {
    outcome(rules, text).unwrap_or_else(|| panic!("{text}: the game goes on"))
}

/// Whether the game goes on at `text`.
pub fn goes_on<R: Ruleset>(rules: R, text: &str) -> bool {
    !rules.status(&board(rules, text)).is_over()
}
