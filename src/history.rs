//! The rules that look at a game's history, in one place: a repeated
//! position ending the game ([`Repetition`]) and the players' agreement to
//! split the board (automated play agrees as an [`AgreementPolicy`] says).
//!
//! [`Referee`] decides them in one order of checks, whatever counts the
//! positions: [`Game`](crate::Game) and the replay protocol (the positions
//! since the last capture, scanned), perft, the search engines (the line
//! searched), and playouts (a constant-time [`PositionCounts`]).

use crate::outcome::{EndReason, Outcome, Repetition, Turn};
use crate::position::{Board, Player};
use crate::ruleset::Ruleset;

/// When automated play agrees to split the board, in games whose rules allow
/// an agreement (Al-manqala).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum AgreementPolicy {
    /// Never agree.
    Never,
    /// Agree as soon as the current position has occurred this many times in
    /// the game (counting the current one).
    OnOccurrence(u32),
}

impl Default for AgreementPolicy {
    /// Agree when a position occurs for the third time.
    fn default() -> Self {
        AgreementPolicy::OnOccurrence(3)
    }
}

/// A game's history rules as automated play applies them: its
/// [`Repetition`] rule, and an agreement to split when a position has
/// occurred as often as the policy says (only in games whose rules allow an
/// agreement; [`Game`](crate::Game) makes agreements only when asked, and
/// uses [`AgreementPolicy::Never`] here).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Referee {
    repetition: Repetition,
    /// Agree to split when a position occurs this many times (counting itself).
    pub(crate) agree_at: Option<u32>,
}

impl Referee {
    pub(crate) fn new<R: Ruleset>(rules: &R, policy: AgreementPolicy) -> Referee {
        let agree_at = match policy {
            AgreementPolicy::OnOccurrence(n) if rules.agreement() => Some(n),
            _ => None,
        };
        Referee {
            repetition: rules.repetition(),
            agree_at,
        }
    }

    /// Whether any rule looks at history; if not, a position's value is
    /// its own and positions need not be counted.
    #[inline]
    pub(crate) fn any(&self) -> bool {
        self.repetition != Repetition::Continues || self.agree_at.is_some()
    }

    /// The end the history makes at `pos`, which has occurred `occurrences`
    /// times in the game (counting itself: 1 the first time), if any. The
    /// one order of checks: a repetition ends the game whatever the board
    /// says; then the board's own end stands; then an agreement, which only
    /// a game still going on can make (the board is looked at only when an
    /// agreement is due).
    #[inline]
    pub(crate) fn ended<R: Ruleset>(
        &self,
        rules: &R,
        pos: &R::Position,
        occurrences: u32,
    ) -> Option<Outcome> {
        if occurrences > 1 {
            if let Some(outcome) = self.repetition.outcome(pos) {
                return Some(outcome);
            }
        }
        match self.agree_at {
            Some(n) if occurrences >= n && matches!(rules.turn(pos), Turn::Moves(_)) => {
                Some(Outcome::split(pos, EndReason::Agreement))
            }
            _ => None,
        }
    }

    /// The turn at `pos`, which has occurred `occurrences` times: the
    /// history's end (see [`ended`](Referee::ended)), else the board's.
    #[inline]
    pub(crate) fn turn<R: Ruleset>(&self, rules: &R, pos: &R::Position, occurrences: u32) -> Turn {
        match self.ended(rules, pos, occurrences) {
            Some(outcome) => Turn::Over(outcome),
            None => rules.turn(pos),
        }
    }

    /// [`turn`](Referee::turn) at `pos`, reached after the positions
    /// `earlier` (oldest first, `pos` not among them).
    #[inline]
    pub(crate) fn turn_after<R: Ruleset>(
        &self,
        rules: &R,
        earlier: &[R::Position],
        pos: &R::Position,
    ) -> Turn {
        if let Some(outcome) = mover_ended(rules, earlier.last(), pos) {
            return Turn::Over(outcome);
        }
        let occurrences = if self.any() {
            occurrences(earlier, pos) + 1
        } else {
            1
        };
        self.turn(rules, pos, occurrences)
    }

    /// Whether the repetition rule ends the game at `pos`, reached after
    /// `earlier`: what perft asks (it makes no agreement). The first check of
    /// [`ended`](Referee::ended), alone, for the hot path.
    #[inline(always)]
    pub(crate) fn repetition_ends_at<B: Board>(&self, earlier: &[B], pos: &B) -> bool {
        self.repetition != Repetition::Continues
            && since_last_capture(earlier, pos).any(|earlier| earlier == pos)
    }

    /// [`ended`](Referee::ended) at `pos`, reached after `earlier`.
    #[inline]
    pub(crate) fn ended_after<R: Ruleset>(
        &self,
        rules: &R,
        earlier: &[R::Position],
        pos: &R::Position,
    ) -> Option<Outcome> {
        if let Some(outcome) = mover_ended(rules, earlier.last(), pos) {
            return Some(outcome);
        }
        if !self.any() {
            return None;
        }
        let occurrences = if self.agree_at.is_none() {
            // Only a repetition can end the game: once seen is enough (the
            // scan stops at the first match).
            1 + u32::from(since_last_capture(earlier, pos).any(|earlier| earlier == pos))
        } else {
            occurrences(earlier, pos) + 1
        };
        self.ended(rules, pos, occurrences)
    }
}

/// Who made the move from `before` to `after`: the player to move in
/// `before`, unless the move was a pass (the board and the captures
/// unchanged; a move that sows changes the board).
#[inline(always)]
pub(crate) fn mover_between<B: Board>(before: &B, after: &B) -> Option<Player> {
    let passed = before.pits() == after.pits() && before.scores() == after.scores();
    (!passed).then(|| before.to_move())
}

/// The end made at `pos` by a rule judged on the last mover
/// ([`Ruleset::judges_the_mover`]), `pos` reached from `before` (`None`: a
/// start, which no move led to). A constant `None` for rules without one.
#[inline(always)]
pub(crate) fn mover_ended<R: Ruleset>(
    rules: &R,
    before: Option<&R::Position>,
    pos: &R::Position,
) -> Option<Outcome> {
    if !rules.judges_the_mover() {
        return None;
    }
    let mover = mover_between(before?, pos)?;
    rules.ended_by_mover(pos, mover)
}

/// The positions of `path` (latest first) back to the last capture before
/// `pos`: captures only grow, so no earlier position can equal `pos`.
pub(crate) fn since_last_capture<'a, B: Board>(path: &'a [B], pos: &'a B) -> impl Iterator<Item = &'a B> {
    path.iter()
        .rev()
        .take_while(|earlier| earlier.scores() == pos.scores())
}

/// How many times `pos` occurs in `path`.
pub(crate) fn occurrences<B: Board>(path: &[B], pos: &B) -> u32 {
    since_last_capture(path, pos)
        .filter(|earlier| *earlier == pos)
        .count() as u32
}

/// The earlier positions a later one can repeat: the tail of `history` with
/// the same captures as `pos`. `history` may end with `pos` itself (as
/// [`Game::positions`](crate::Game::positions) does); that entry is `pos`,
/// not an earlier occurrence, and is dropped.
pub(crate) fn relevant_tail<'a, B: Board>(history: &'a [B], pos: &B) -> &'a [B] {
    let history = match history.split_last() {
        Some((last, rest)) if last == pos => rest,
        _ => history,
    };
    let same = since_last_capture(history, pos).count();
    &history[history.len() - same..]
}

/// The position of `history` before `pos` (`history` may end with `pos`
/// itself, as [`Game::positions`](crate::Game::positions) does), if any.
pub(crate) fn before<'a, B: Board>(history: &'a [B], pos: &B) -> Option<&'a B> {
    match history.split_last() {
        Some((last, rest)) if last == pos => rest.last(),
        _ => history.last(),
    }
}

/// How a game keeps the positions its history rules look at: those since
/// the last capture (captures only grow, so no earlier position can come
/// back), each counted as it is reached. [`Tracked`] takes any of the three:
/// [`Line`] (every position, for [`Game`](crate::Game)'s undo and record),
/// [`SinceCapture`] (the replay protocol: bounded by the stretch since the
/// last capture) and [`PositionCounts`] (playouts: constant time a ply).
pub(crate) trait PositionLog<B: Board> {
    /// Whether every position is kept, whether or not a history rule looks
    /// at them (a [`Line`], for undo).
    const KEEPS_ALL: bool = false;
    /// Forgets every position and adds `start`.
    fn restart(&mut self, start: &B);
    /// Adds `pos`, reached by a move that `captured` or not; returns how
    /// many times it has occurred since the last capture, counting itself.
    fn add(&mut self, pos: &B, captured: bool) -> u32;
}

/// Every position of a game, the start first: what [`Game`](crate::Game)
/// keeps for undo and its record. Occurrences are counted by a scan back to
/// the last capture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Line<B>(pub(crate) Vec<B>);

impl<B: Board> PositionLog<B> for Line<B> {
    const KEEPS_ALL: bool = true;

    fn restart(&mut self, start: &B) {
        self.0.clear();
        self.0.push(*start);
    }

    fn add(&mut self, pos: &B, _captured: bool) -> u32 {
        let seen = occurrences(&self.0, pos);
        self.0.push(*pos);
        seen + 1
    }
}

/// The positions since the last capture, the current one included: all the
/// replay protocol keeps (its memory is bounded by that stretch).
#[cfg(feature = "protocol")]
#[derive(Clone, Debug)]
pub(crate) struct SinceCapture<B>(Vec<B>);

#[cfg(feature = "protocol")]
impl<B> SinceCapture<B> {
    pub(crate) fn new() -> Self {
        SinceCapture(Vec::new())
    }
}

#[cfg(feature = "protocol")]
impl<B: Board> PositionLog<B> for SinceCapture<B> {
    fn restart(&mut self, start: &B) {
        self.0.clear();
        self.0.push(*start);
    }

    fn add(&mut self, pos: &B, captured: bool) -> u32 {
        if captured {
            self.0.clear();
        }
        let seen = occurrences(&self.0, pos);
        self.0.push(*pos);
        seen + 1
    }
}

impl<B: Board> PositionLog<B> for PositionCounts<B> {
    fn restart(&mut self, start: &B) {
        self.clear();
        self.add(start);
    }

    #[inline(always)]
    fn add(&mut self, pos: &B, captured: bool) -> u32 {
        // Forgotten without a branch: whether a move captured is as good as
        // random in play.
        self.forget_all_if(captured);
        PositionCounts::add(self, pos)
    }
}

impl<B: Board, L: PositionLog<B>> PositionLog<B> for &mut L {
    const KEEPS_ALL: bool = L::KEEPS_ALL;

    fn restart(&mut self, start: &B) {
        (**self).restart(start);
    }

    #[inline(always)]
    fn add(&mut self, pos: &B, captured: bool) -> u32 {
        (**self).add(pos, captured)
    }
}

/// A game's current position with the history its rules look at: the
/// positions reached (a [`PositionLog`]), the [`Referee`] and the end that
/// the history makes. The one game-with-history of the crate:
/// [`Game`](crate::Game) (which adds undo and agreements on request), the
/// replay protocol and playouts each hold one, so a move is judged the same
/// way in all three.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tracked<R: Ruleset, L> {
    rules: R,
    referee: Referee,
    /// The occurrence of a position from which the referee may end the game
    /// (`u32::MAX`: never), so that a ply tests one number.
    history_from: u32,
    pos: R::Position,
    /// Occurrences of `pos` since the last capture (1 when nothing is counted).
    occurrences: u32,
    log: L,
    /// Who made the move that led to `pos` (`None` at the start, after a
    /// pass, or when no rule looks at it: [`Ruleset::judges_the_mover`]).
    last_mover: Option<Player>,
}

impl<R: Ruleset, L: PositionLog<R::Position>> Tracked<R, L> {
    /// A game from `start`, its history kept in `log`, agreements made as
    /// `policy` says.
    pub(crate) fn new(rules: R, policy: AgreementPolicy, start: R::Position, mut log: L) -> Self {
        let referee = Referee::new(&rules, policy);
        let repetition = rules.repetition() != Repetition::Continues;
        let agree_at = referee.agree_at.unwrap_or(u32::MAX);
        log.restart(&start);
        Tracked {
            rules,
            referee,
            history_from: if repetition { agree_at.min(2) } else { agree_at },
            pos: start,
            occurrences: 1,
            log,
            last_mover: None,
        }
    }

    /// Whether the rules have a history rule at all (a constant for a
    /// declared game).
    #[inline(always)]
    fn history_rules(&self) -> bool {
        self.rules.repetition() != Repetition::Continues || self.rules.agreement()
    }

    /// Starts over from `start`, the log emptied.
    #[inline]
    pub(crate) fn restart(&mut self, start: R::Position) {
        self.log.restart(&start);
        self.pos = start;
        self.occurrences = 1;
        self.last_mover = None;
    }

    /// The rules.
    pub(crate) fn rules(&self) -> &R {
        &self.rules
    }

    /// The current position.
    #[inline(always)]
    pub(crate) fn position(&self) -> &R::Position {
        &self.pos
    }

    /// How many times the current position has occurred since the last
    /// capture, counting itself.
    pub(crate) fn occurrences(&self) -> u32 {
        self.occurrences
    }

    /// The end the history makes at the current position, if any (see
    /// [`Referee::ended`]).
    #[inline(always)]
    pub(crate) fn ended(&self) -> Option<Outcome> {
        // A rule judged on the last mover first (a constant `false` for
        // the games without one).
        if self.rules.judges_the_mover() {
            if let Some(outcome) = self
                .last_mover
                .and_then(|mover| self.rules.ended_by_mover(&self.pos, mover))
            {
                return Some(outcome);
            }
        }
        // The rules' own say first: for a declared game a constant, so a
        // game without history rules pays nothing here.
        if !self.history_rules() {
            return None;
        }
        if self.occurrences >= self.history_from {
            self.referee.ended(&self.rules, &self.pos, self.occurrences)
        } else {
            None
        }
    }

    /// Moves to `next`, reached from the current position by a move.
    #[inline(always)]
    pub(crate) fn advance(&mut self, next: R::Position) {
        let before = self.pos.scores();
        if self.rules.judges_the_mover() {
            self.last_mover = mover_between(&self.pos, &next);
        }
        self.pos = next;
        self.count(before);
    }

    /// Counts the current position, reached by a move from a position with
    /// captures `before`.
    #[inline(always)]
    fn count(&mut self, before: [u8; 2]) {
        if L::KEEPS_ALL || (self.history_rules() && self.history_from != u32::MAX) {
            let captured = self.pos.scores() != before;
            self.occurrences = self.log.add(&self.pos, captured);
        }
    }

    /// Plays `mv` if it is legal: refused once the history has ended the
    /// game, else as [`Ruleset::play`] says.
    pub(crate) fn play(&mut self, mv: crate::Move) -> Result<crate::MoveReport, crate::IllegalMove> {
        if self.ended().is_some() {
            return Err(crate::IllegalMove::GameOver);
        }
        let (next, report) = self.rules.play(&self.pos, mv)?;
        self.advance(next);
        Ok(report)
    }

    /// Plays a uniformly random legal move, or returns the board's outcome.
    /// The history's end ([`ended`](Tracked::ended)) is the caller's to
    /// check first (playouts check it before their ply cap).
    #[inline(always)]
    pub(crate) fn play_random(&mut self, rng: &mut crate::rng::SplitMix64) -> Result<(), Outcome> {
        // In place: a copy of the board in and out costs a stall a ply.
        let before = self.pos.scores();
        if self.rules.judges_the_mover() {
            let start = self.pos;
            self.rules.play_random(&mut self.pos, rng)?;
            self.last_mover = mover_between(&start, &self.pos);
            self.count(before);
            return Ok(());
        }
        self.rules.play_random(&mut self.pos, rng)?;
        self.count(before);
        Ok(())
    }
}

impl<R: Ruleset> Tracked<R, Line<R::Position>> {
    /// Every position so far, the start first.
    pub(crate) fn positions(&self) -> &[R::Position] {
        &self.log.0
    }

    /// Takes back the last position; `false` at the start.
    pub(crate) fn undo(&mut self) -> bool {
        if self.log.0.len() < 2 {
            return false;
        }
        self.log.0.pop();
        self.pos = *self.log.0.last().unwrap_or(&self.pos);
        self.occurrences = occurrences(&self.log.0, &self.pos);
        self.last_mover = match self.log.0.as_slice() {
            [.., before, after] if self.rules.judges_the_mover() => mover_between(before, after),
            _ => None,
        };
        true
    }
}

/// A multiset of positions: how many times each was added since the last
/// [`clear`](PositionCounts::clear). Open addressing over a power-of-two
/// table; clearing is O(1) (a generation stamp), so a capture costs nothing.
/// The table grows (allocates) only when it fills past half, which stops
/// happening once it has room for the longest stretch between two clears
/// seen (for [`Playouts`](crate::playout::Playouts), the longest game).
#[derive(Clone, Debug)]
pub(crate) struct PositionCounts<B: Board> {
    slots: Vec<Slot<B>>,
    generation: u32,
    /// Positions added since the table was last emptied or rebuilt: at least
    /// the slots in use (more after [`forget_all_if`](Self::forget_all_if)).
    len: usize,
}

#[derive(Clone, Copy, Debug)]
struct Slot<B> {
    pos: B,
    /// The slot is in use only if this equals the table's generation.
    generation: u32,
    count: u32,
}

impl<B: Board> PositionCounts<B> {
    /// An empty multiset; `filler` only fills unused slots.
    pub(crate) fn new(filler: B) -> Self {
        PositionCounts {
            slots: vec![
                Slot {
                    pos: filler,
                    generation: 0,
                    count: 0
                };
                256
            ],
            generation: 1,
            len: 0,
        }
    }

    /// Forgets every position.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.forget_all_if(true);
    }

    /// Forgets every position if `condition` holds, without a branch on it
    /// (in play, whether a move captured is as good as random). The slots
    /// stay counted in `len`, so the table may grow a little early.
    #[inline(always)]
    pub(crate) fn forget_all_if(&mut self, condition: bool) {
        self.generation = self.generation.wrapping_add(u32::from(condition));
        if self.generation == 0 {
            // After 2^32 clears, stamps from long ago could match again.
            self.slots.iter_mut().for_each(|slot| slot.generation = 0);
            self.generation = 1;
        }
    }

    #[inline(always)]
    pub(crate) fn add(&mut self, pos: &B) -> u32 {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut index = pos.fingerprint() as usize & mask;
        loop {
            let slot = &mut self.slots[index];
            if slot.generation != self.generation {
                *slot = Slot {
                    pos: *pos,
                    generation: self.generation,
                    count: 1,
                };
                self.len += 1;
                return 1;
            }
            if slot.pos == *pos {
                slot.count += 1;
                return slot.count;
            }
            index = (index + 1) & mask;
        }
    }

    #[cold]
    fn grow(&mut self) {
        let in_use = self
            .slots
            .iter()
            .filter(|slot| slot.generation == self.generation)
            .count();
        if 4 * (in_use + 1) <= self.slots.len() {
            // Most of `len` was forgotten: a recount, not a larger table (the
            // next recount is at least a quarter of the table away).
            self.len = in_use;
            return;
        }
        let live: Vec<Slot<B>> = self
            .slots
            .iter()
            .filter(|slot| slot.generation == self.generation)
            .copied()
            .collect();
        let filler = self.slots[0];
        self.slots = vec![
            Slot {
                generation: 0,
                ..filler
            };
            self.slots.len() * 2
        ];
        self.generation = 1;
        self.len = 0;
        for slot in live {
            for _ in 0..slot.count {
                self.add(&slot.pos);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    #[test]
    fn counts_positions_and_forgets_them_on_clear() {
        let a: Position<4> = "1 2 | 3 4 0-0 S".parse().unwrap();
        let b: Position<4> = "1 2 | 3 4 0-0 N".parse().unwrap();
        let mut counts = PositionCounts::new(a);
        assert_eq!(counts.add(&a), 1);
        assert_eq!(counts.add(&b), 1);
        assert_eq!(counts.add(&a), 2);
        counts.clear();
        assert_eq!(counts.add(&a), 1);
    }

    #[test]
    fn grows_past_its_first_size_and_keeps_counts() {
        let mut counts = PositionCounts::new(Position::<12>::filled(0));
        let positions: Vec<Position<12>> = (0..1000u32)
            .map(|i| {
                Position::new(
                    [(i % 200) as u8, (i / 200) as u8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
                    [0, 0],
                    crate::Player::South,
                )
            })
            .collect();
        for pos in &positions {
            assert_eq!(counts.add(pos), 1);
        }
        for pos in &positions {
            assert_eq!(counts.add(pos), 2);
        }
    }
}
