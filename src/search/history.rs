//! The rules that depend on the game's history, applied along a line of play
//! exactly as [`Game`](crate::Game) applies them.

use crate::game::{occurrences, repeats, since_last_capture};
use crate::{AgreementPolicy, Board, EndReason, Outcome, Repetition, Ruleset, Turn};

use crate::playout::mix64;

/// Tihbat's repetition rule and Al-manqala's agreement policy, as one value.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HistoryRules {
    repetition: Repetition,
    /// Agree to split when a position occurs this many times (counting itself).
    agree_at: Option<u32>,
}

impl HistoryRules {
    pub(crate) fn new<R: Ruleset>(rules: &R, policy: AgreementPolicy) -> HistoryRules {
        let agree_at = match policy {
            AgreementPolicy::OnOccurrence(n) if rules.agreement() => Some(n),
            _ => None,
        };
        HistoryRules {
            repetition: rules.repetition(),
            agree_at,
        }
    }

    /// Whether any rule looks at history; if not, a position's value is
    /// its own.
    pub(crate) fn any(&self) -> bool {
        self.repetition != Repetition::Continues || self.agree_at.is_some()
    }

    /// The turn at `pos`, reached after `earlier` (oldest first), in the order
    /// [`Game`](crate::Game) decides it: a repetition ends the game whatever
    /// the board says; then the board's own end; then an agreement, which
    /// only a game still going on can make.
    #[inline]
    pub(crate) fn turn<R: Ruleset>(&self, rules: &R, earlier: &[R::Position], pos: &R::Position) -> Turn {
        match self.ended(rules, earlier, pos) {
            Some(outcome) => Turn::Over(outcome),
            None => rules.turn(pos),
        }
    }

    /// The end the history rules make at `pos`, if any: a repetition, or an
    /// agreement in a game the board has not ended.
    #[inline]
    pub(crate) fn ended<R: Ruleset>(
        &self,
        rules: &R,
        earlier: &[R::Position],
        pos: &R::Position,
    ) -> Option<Outcome> {
        if let Some(outcome) = self.repetition.outcome(pos) {
            if repeats(earlier, pos) {
                return Some(outcome);
            }
        }
        match self.agree_at {
            Some(n) if occurrences(earlier, pos) + 1 >= n && matches!(rules.turn(pos), Turn::Moves(_)) => {
                Some(Outcome::split(pos, EndReason::Agreement))
            }
            _ => None,
        }
    }
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

/// A 64-bit hash of a position: its fingerprint, mixed so that the low bits
/// (the table index) depend on every input.
#[inline]
pub(crate) fn hash_position<B: Board>(pos: &B) -> u64 {
    mix64(pos.fingerprint())
}

/// The multiset of earlier positions that a position can still repeat (those
/// since the last capture), as an order-independent hash: the wrapping sum of
/// their hashes (a sum, not a xor, so that a position seen twice differs from
/// one seen never, as the agreement count needs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Earlier {
    pub(crate) sum: u64,
    pub(crate) count: u32,
}

impl Earlier {
    pub(crate) const NONE: Earlier = Earlier { sum: 0, count: 0 };

    pub(crate) fn of<B: Board>(positions: &[B]) -> Earlier {
        positions
            .iter()
            .fold(Earlier::NONE, |e, p| e.with(hash_position(p)))
    }

    #[inline]
    pub(crate) fn with(self, hash: u64) -> Earlier {
        Earlier {
            sum: self.sum.wrapping_add(hash),
            count: self.count + 1,
        }
    }

    /// The multiset for the child `next` of `pos` (hash `hash`): `pos` joins
    /// it, unless the move captured, after which nothing earlier can repeat.
    #[inline]
    pub(crate) fn after<B: Board>(self, pos: &B, hash: u64, next: &B) -> Earlier {
        if next.scores() == pos.scores() {
            self.with(hash)
        } else {
            Earlier::NONE
        }
    }
}
