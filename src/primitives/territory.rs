//! Territory: who owns which pits, when ownership is not the usual rows
//! ([`SowingTurn::territory`](super::SowingTurn::territory)), and how a
//! game in rounds for territory reassigns the pits between rounds
//! ([`RoundFill::Territory`](crate::RoundFill::Territory) and its kin).
//!
//! In the territory games of West Africa and the Horn (Ayo, J'odu, San
//! Yao, Adji Kui; MancalaGames' goal `TERRITORY`) a round is played as a
//! whole game; then every pit is refilled with the opening's count and
//! the winner of the round owns as many pits as their seeds fill, the
//! loser the rest. The winner's pits run counterclockwise from their own
//! leftmost pit (South's pit 1, North's pit `N + 1`) through their row and
//! on into the loser's row from its first pit. A player wins the match
//! once their seeds would give them the pits to win
//! ([`Rounds::min_pits`](crate::Rounds::min_pits)).

use crate::moves::PitSet;
use crate::outcome::{EndReason, Outcome, Repetition};
use crate::position::{Player, Position};
use crate::rounds::{RoundFill, Rounds};
use crate::validation::{Problems, RulesProblem};

use super::CaptureScope;

/// The pits `player` owns on a `P`-pit board under `territory` (South's
/// pits; empty: the usual rows).
#[inline(always)]
pub(crate) const fn pits_of<const P: usize>(territory: PitSet, player: Player) -> PitSet {
    if territory.is_empty() {
        Position::<P>::row(player)
    } else {
        match player {
            Player::South => territory,
            Player::North => PitSet::first(P).difference(territory),
        }
    }
}

/// The owner of pit `pit` (0-based, below `P`) under `territory` (South's
/// pits; empty: the usual rows, the `const` case of a game without a
/// territory). What every stage that gives a pit's seeds to its owner
/// reads: the captures during the sowing, the seeds left to their owners.
#[inline(always)]
pub(crate) const fn owner_of<const P: usize>(territory: PitSet, pit: usize) -> Player {
    if territory.is_empty() {
        Position::<P>::owner(pit)
    } else if territory.contains(pit) {
        Player::South
    } else {
        Player::North
    }
}

/// The pits a capture of `scope` may take when `player` moves, read on
/// a territory (not empty). A capture that starts in the opponent's row
/// is not played with a territory (a [`RulesProblem`](crate::RulesProblem)):
/// it is read as the opponent's pits.
#[inline(always)]
pub(crate) const fn scope_pits<const P: usize>(
    scope: CaptureScope,
    territory: PitSet,
    player: Player,
) -> PitSet {
    match scope {
        CaptureScope::Anywhere => PitSet::first(P),
        CaptureScope::OwnRow => pits_of::<P>(territory, player),
        CaptureScope::OpponentRow | CaptureScope::StartsInOpponentRow => {
            pits_of::<P>(territory, player.opponent())
        }
    }
}

/// The pits of `player`'s own under `territory` holding at least `min`
/// seeds.
#[inline(always)]
pub(crate) fn pits_holding<const P: usize>(
    pos: &Position<P>,
    territory: PitSet,
    player: Player,
    min: u8,
) -> PitSet {
    if territory.is_empty() {
        pos.pits_holding(player, min)
    } else {
        let owned = pits_of::<P>(territory, player);
        owned.filter(|pit| pos.pits[pit] >= min)
    }
}

/// The outcome when each pit's seeds go to its owner under `territory`
/// ([`Leftover::Owners`](crate::Leftover::Owners) read on the territory).
pub(crate) fn owners_outcome<const P: usize>(
    pos: &Position<P>,
    territory: PitSet,
    reason: EndReason,
) -> Outcome {
    if territory.is_empty() {
        return Outcome::own_rows(pos).because(reason);
    }
    let mut totals = pos.scores.map(u32::from);
    for (pit, &seeds) in pos.pits.iter().enumerate() {
        totals[owner_of::<P>(territory, pit).index()] += u32::from(seeds);
    }
    Outcome { totals, reason }
}

/// The seeds each player takes into the next round of a territory game,
/// from a round that ended on `pits` and `scores` with `outcome`: their
/// totals, plus the seeds of the pits they own when the end left the
/// board to nobody.
pub(crate) fn claims(pits: &[u8], scores: [u8; 2], outcome: &Outcome, territory: PitSet) -> [u32; 2] {
    let [south, north] = outcome.totals;
    let n = pits.len() / 2;
    let board: u32 = pits.iter().map(|&s| u32::from(s)).sum();
    let total = board + u32::from(scores[0]) + u32::from(scores[1]);
    if south + north >= total {
        return [south, north];
    }
    let mut claims = [south, north];
    for (pit, &seeds) in pits.iter().enumerate() {
        let south_owns = if territory.is_empty() {
            pit < n
        } else {
            territory.contains(pit)
        };
        claims[usize::from(!south_owns)] += u32::from(seeds);
    }
    claims
}

/// The least seeds a player must take into the next round for the match
/// to go on (MancalaGames' territory round end): the board's seeds less
/// the seeds that win `win_pits` pits, plus one (or half a pit where the
/// winner takes a pit they fill more than half).
pub(crate) const fn seeds_to_go_on(fill: RoundFill, seeds: u32, pits: u32, win_pits: u32) -> u32 {
    let total = seeds * pits;
    let win_pits = if win_pits == 0 { 1 } else { win_pits };
    let (to_win, extra) = match fill {
        RoundFill::TerritoryToLoser | RoundFill::TerritoryEmptied => (win_pits * seeds, 1),
        _ => ((win_pits - 1) * seeds + seeds / 2 + 1, seeds / 2),
    };
    total.saturating_sub(to_win) + extra
}

/// The next round of a territory game (fill `fill`, `win_pits` pits to
/// win) when the players take `claims` seeds: the board refilled with
/// `seeds` a pit, the stores, and South's pits; `None` when the match is
/// over.
pub(crate) fn fill_into(
    fill: RoundFill,
    win_pits: u8,
    seeds: u8,
    claims: [u32; 2],
    pits: &mut [u8],
    scores: &mut [u8; 2],
) -> Option<PitSet> {
    let size = pits.len();
    let n = size / 2;
    let seeds = seeds.max(1);
    let per = u32::from(seeds);
    let needed = seeds_to_go_on(fill, per, size as u32, u32::from(win_pits));
    if claims.iter().any(|&claim| claim < needed) {
        return None;
    }
    pits.fill(seeds);
    *scores = [0, 0];
    // Equal claims: the usual rows.
    let (winner, won) = if claims[0] == claims[1] {
        (Player::North, n)
    } else {
        let winner = if claims[1] > claims[0] {
            Player::North
        } else {
            Player::South
        };
        let claim = claims[winner.index()];
        let (whole, part) = (claim / per, claim % per);
        let extra = match fill {
            RoundFill::TerritoryToLoser | RoundFill::TerritoryEmptied => 0,
            _ => u32::from(part > per / 2),
        };
        (winner, ((whole + extra) as usize).min(size))
    };
    let first = winner.index() * n;
    let mut owned = PitSet::EMPTY;
    for k in 0..won {
        owned = owned.with((first + k) % size);
    }
    if fill == RoundFill::TerritoryEmptied {
        // What the claims leave over a whole pit stays in the stores; the
        // loser's first pit is emptied to make up for it.
        // At most 255 seeds in a valid game: each fits a byte.
        *scores = claims.map(|claim| (claim % per) as u8);
        if scores[0] != 0 && won < size {
            pits[(first + won) % size] = 0;
        }
    }
    let all = PitSet::first(size);
    Some(match winner {
        Player::South => owned,
        Player::North => all.difference(owned),
    })
}

/// The checks of the territory vocabulary (one slot: the first problem):
/// a territory off the board, rounds for territory that also put pits
/// out of play or win with no pit or more than the board's, and a
/// territory (or rounds for territory) with an item whose reading of the
/// rows was not written for pits that change owners.
pub(crate) const fn problems(rules: &crate::Rules, pits: usize, problems: Problems) -> Problems {
    use super::{BeforeSowing, GrandSlam, MoveRestriction, Stores, Sweep};
    let board = if pits >= 32 { u32::MAX } else { (1u32 << pits) - 1 };
    let turn = &rules.turn;
    let rounds = match rules.rounds {
        Some(rounds) if rounds.fill.is_territory() => Some(rounds),
        _ => None,
    };
    if turn.territory.is_empty() && rounds.is_none() {
        return problems;
    }
    let with = if turn.territory.bits() & !board != 0 {
        Some("pits off the board")
    } else if !turn.out_of_play.is_empty() {
        Some("pits out of play (turn.out_of_play)")
    } else if matches!(
        rounds,
        Some(Rounds {
            out_of_play: true,
            ..
        })
    ) {
        Some("pits out of play (rounds.out_of_play)")
    } else if matches!(rounds, Some(Rounds { min_pits, .. }) if min_pits == 0 || min_pits as usize > pits) {
        Some("pits to win from 1 to the board's (rounds.min_pits)")
    } else if !matches!(turn.stores, Stores::None) {
        Some("stores sown (turn.stores)")
    } else if !matches!(rules.play.restriction, MoveRestriction::Free) {
        Some("a move restriction (play.restriction)")
    } else if rules.end.row_empty.is_some() {
        Some("an end by an empty row (end.row_empty)")
    } else if rules.end.cleared.is_some() {
        Some("a cleared row (end.cleared)")
    } else if !matches!(turn.grand_slam, GrandSlam::Captures) {
        Some("a grand slam rule (turn.grand_slam)")
    } else if turn.opposite.is_some() {
        Some("a capture of the facing pit (turn.opposite)")
    } else if matches!(turn.scope, CaptureScope::StartsInOpponentRow) {
        Some("a capture starting in the opponent's row (turn.scope)")
    } else if !matches!(turn.before_sowing, BeforeSowing::Nothing) {
        Some("a capture before the sowing (turn.before_sowing)")
    } else if !matches!(turn.sweep, Sweep::Never) {
        Some("a sweep of the opponent's row (turn.sweep)")
    } else if !turn.fixed_direction() || matches!(turn.direction, super::Direction::ByParity) {
        Some("a direction not fixed (turn.direction, turn.halves, turn.chosen_direction)")
    } else if matches!(rules.history.repetition, Repetition::EndsKeepingRows) {
        Some("a repetition that keeps the rows (history.repetition)")
    } else {
        None
    };
    match with {
        Some(with) => problems.with(RulesProblem::TerritoryCombination { with }),
        None => problems,
    }
}
