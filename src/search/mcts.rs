//! Monte-Carlo tree search (UCT) with seeded random playouts.

use std::time::{Duration, Instant};

use crate::{AgreementPolicy, Board, Game, Move, Outcome, Player, Ruleset, Turn};

use super::history::{relevant_tail, HistoryRules};
use super::{capture_difference, Engine};
use crate::playout::SplitMix64;

/// A playout still going after this many plies is scored by the captures.
/// (Djenon-aboure has no rule against endless play.)
const MAX_PLAYOUT: usize = 1000;
/// Iterations between two looks at the clock.
const CLOCK_EVERY: u64 = 64;
/// Default cap on tree nodes (about 60 MiB for the largest board).
const DEFAULT_MAX_NODES: usize = 1 << 20;

/// How long an [`Mcts`] search runs: iterations and optionally time. At
/// least one iteration runs.
///
/// ```
/// use mancala_rules::search::MctsLimits;
///
/// assert_eq!(MctsLimits::iterations(5000).iterations, 5000);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MctsLimits {
    /// Iterations (selection, expansion, playout, back-propagation).
    pub iterations: u64,
    /// Wall-clock budget.
    pub time: Option<Duration>,
}

impl MctsLimits {
    /// Run this many iterations.
    #[must_use]
    pub const fn iterations(iterations: u64) -> MctsLimits {
        MctsLimits {
            iterations,
            time: None,
        }
    }

    /// Run as many iterations as `time` allows.
    #[must_use]
    pub const fn time(time: Duration) -> MctsLimits {
        MctsLimits {
            iterations: u64::MAX,
            time: Some(time),
        }
    }
}

/// What an [`Mcts`] search found.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsResult {
    /// The most visited move, `None` if the game is over.
    pub best: Option<Move>,
    /// Its mean result for the player to move: 1 a win, ½ a draw, 0 a loss.
    pub score: f64,
    /// The principal variation: the most visited line of the tree.
    pub pv: Vec<Move>,
    /// Iterations run (one playout each).
    pub iterations: u64,
    /// Nodes in the tree.
    pub nodes: usize,
}

/// A tree node: a position, the move that led to it and its statistics.
#[derive(Clone, Debug)]
struct Node<P> {
    pos: P,
    mv: Move,
    /// Who played `mv`: the results summed here are theirs.
    mover: Player,
    parent: u32,
    first_child: u32,
    children: u8,
    expanded: bool,
    /// The results for `[south, north]` if the game is over here.
    end: Option<[f64; 2]>,
    visits: u32,
    reward: f64,
}

/// Monte-Carlo tree search with UCB1 selection (UCT) and uniformly random,
/// seeded playouts, over any [`Ruleset`].
///
/// The tree is a tree, not a graph: each node has one line from the root, so
/// the rules that depend on history (Tihbat's repetition, Al-manqala's
/// agreement policy) are decided exactly at each node and in each playout,
/// against the game's earlier positions and the line. A playout longer than
/// 1000 plies is scored by the captures so far.
///
/// ```
/// use mancala_rules::games::DjenonAboure;
/// use mancala_rules::search::{Mcts, MctsLimits};
/// use mancala_rules::Ruleset;
///
/// let mut mcts = Mcts::new(DjenonAboure).with_seed(42);
/// let result = mcts.search(&DjenonAboure.start(), &[], MctsLimits::iterations(300));
/// assert!(result.best.is_some());
/// assert_eq!(result.iterations, 300);
/// assert!((0.0..=1.0).contains(&result.score));
/// ```
#[derive(Clone, Debug)]
pub struct Mcts<R: Ruleset> {
    rules: R,
    history_rules: HistoryRules,
    exploration: f64,
    rng: SplitMix64,
    max_nodes: usize,
    default_limits: MctsLimits,
    tree: Vec<Node<R::Position>>,
    /// The relevant earlier positions, the root, the selected line, the playout.
    line: Vec<R::Position>,
}

impl<R: Ruleset> Mcts<R> {
    /// A searcher with exploration constant 1.0, seed 1, the default agreement
    /// policy, at most 2^20 nodes, and 10 000 iterations for [`Engine::choose`].
    #[must_use]
    pub fn new(rules: R) -> Mcts<R> {
        Mcts {
            rules,
            history_rules: HistoryRules::new(&rules, AgreementPolicy::default()),
            exploration: 1.0,
            rng: SplitMix64::new(1),
            max_nodes: DEFAULT_MAX_NODES,
            default_limits: MctsLimits::iterations(10_000),
            tree: Vec::new(),
            line: Vec::new(),
        }
    }

    /// The same searcher with another random seed.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.rng = SplitMix64::new(seed);
        self
    }

    /// The same searcher with another exploration constant (UCB1's `c`).
    #[must_use]
    pub fn with_exploration(mut self, c: f64) -> Self {
        self.exploration = if c.is_finite() { c.max(0.0) } else { 1.0 };
        self
    }

    /// The same searcher with at most `nodes` tree nodes (at least 1); once
    /// full, the tree stops growing and playouts start at its leaves.
    #[must_use]
    pub fn with_max_nodes(mut self, nodes: usize) -> Self {
        self.max_nodes = nodes.clamp(1, u32::MAX as usize);
        self
    }

    /// The same searcher assuming this agreement policy for both players.
    #[must_use]
    pub fn with_policy(mut self, policy: AgreementPolicy) -> Self {
        self.history_rules = HistoryRules::new(&self.rules, policy);
        self
    }

    /// The same searcher with these limits for [`Engine::choose`].
    #[must_use]
    pub fn with_limits(mut self, limits: MctsLimits) -> Self {
        self.default_limits = limits;
        self
    }

    /// Searches the position of `game`, its history included.
    pub fn search_game(&mut self, game: &Game<R>, limits: MctsLimits) -> MctsResult {
        if let Some(outcome) = game.outcome() {
            return finished(&outcome, game.position().to_move());
        }
        self.search(game.position(), game.positions(), limits)
    }

    /// Searches `pos`, reached after the game's positions `history` (oldest
    /// first; it may end with `pos` itself; `&[]` for a fresh start).
    pub fn search(&mut self, pos: &R::Position, history: &[R::Position], limits: MctsLimits) -> MctsResult {
        self.line.clear();
        if self.history_rules.any() {
            self.line.extend_from_slice(relevant_tail(history, pos));
        }
        let base = self.line.len();
        if let Turn::Over(outcome) = self.history_rules.turn(&self.rules, &self.line, pos) {
            return finished(&outcome, pos.to_move());
        }
        self.line.push(*pos);
        self.tree.clear();
        self.tree
            .push(Node::new(*pos, Move::Pass, pos.to_move().opponent(), 0));
        let clock = Instant::now();
        let mut iterations = 0;
        while iterations < limits.iterations.max(1) {
            if iterations > 0
                && iterations % CLOCK_EVERY == 0
                && limits.time.is_some_and(|t| clock.elapsed() >= t)
            {
                break;
            }
            self.line.truncate(base + 1);
            self.iterate();
            iterations += 1;
        }
        self.result(iterations)
    }

    /// One iteration: select a leaf, expand it, play out, back up the result.
    fn iterate(&mut self) {
        let mut node = 0;
        while self.tree[node].expanded && self.tree[node].end.is_none() {
            node = self.select(node);
            self.line.push(self.tree[node].pos);
        }
        let result = match self.tree[node].end {
            Some(result) => result,
            None => {
                node = self.expand(node);
                match self.tree[node].end {
                    Some(result) => result,
                    None => self.playout(),
                }
            }
        };
        self.back_up(node, result);
    }

    /// The child of `node` with the best UCB1 value; unvisited children first.
    fn select(&self, node: usize) -> usize {
        let parent = &self.tree[node];
        let first = parent.first_child as usize;
        let children = first..first + usize::from(parent.children);
        let log_n = f64::from(parent.visits.max(1)).ln();
        let ucb = |child: &Node<R::Position>| {
            if child.visits == 0 {
                return f64::INFINITY;
            }
            let n = f64::from(child.visits);
            child.reward / n + self.exploration * (log_n / n).sqrt()
        };
        children
            .clone()
            .max_by(|&a, &b| ucb(&self.tree[a]).total_cmp(&ucb(&self.tree[b])).then(b.cmp(&a)))
            .unwrap_or(node)
    }

    /// Decides whether the game is over at `node` (the end of `self.line`);
    /// if not, adds its children (room permitting) and steps into the first.
    /// Returns the node to play out from.
    fn expand(&mut self, node: usize) -> usize {
        let at = self.line.len() - 1;
        let pos = self.line[at];
        self.tree[node].expanded = true;
        let moves = match self.history_rules.turn(&self.rules, &self.line[..at], &pos) {
            Turn::Over(outcome) => {
                self.tree[node].end = Some(results(&outcome));
                return node;
            }
            Turn::Moves(moves) => moves,
        };
        if self.tree.len() + moves.len() > self.max_nodes {
            return node;
        }
        let first = self.tree.len();
        for mv in moves {
            let mut next = pos;
            self.rules.apply(&mut next, mv);
            self.tree.push(Node::new(next, mv, pos.to_move(), node as u32));
        }
        self.tree[node].first_child = first as u32;
        self.tree[node].children = moves.len() as u8;
        self.line.push(self.tree[first].pos);
        first
    }

    /// A random game from the end of `self.line`; the results for
    /// `[south, north]`.
    fn playout(&mut self) -> [f64; 2] {
        for _ in 0..MAX_PLAYOUT {
            let at = self.line.len() - 1;
            let mut pos = self.line[at];
            if let Some(outcome) = self.history_rules.ended(&self.rules, &self.line[..at], &pos) {
                return results(&outcome);
            }
            if let Err(outcome) = self.rules.play_random(&mut pos, &mut self.rng) {
                return results(&outcome);
            }
            self.line.push(pos);
        }
        let last = self.line[self.line.len() - 1];
        let lead = capture_difference(&last);
        let for_mover = match lead.signum() {
            1 => 1.0,
            0 => 0.5,
            _ => 0.0,
        };
        match last.to_move() {
            Player::South => [for_mover, 1.0 - for_mover],
            Player::North => [1.0 - for_mover, for_mover],
        }
    }

    fn back_up(&mut self, mut node: usize, result: [f64; 2]) {
        loop {
            let n = &mut self.tree[node];
            n.visits = n.visits.saturating_add(1);
            n.reward += result[n.mover.index()];
            if node == 0 {
                break;
            }
            node = n.parent as usize;
        }
    }

    /// The most visited child of `node`, if it has a visited child.
    fn most_visited(&self, node: usize) -> Option<usize> {
        let n = &self.tree[node];
        let first = n.first_child as usize;
        (first..first + usize::from(n.children))
            .filter(|&c| self.tree[c].visits > 0)
            .max_by(|&a, &b| self.tree[a].visits.cmp(&self.tree[b].visits).then(b.cmp(&a)))
    }

    fn result(&self, iterations: u64) -> MctsResult {
        let mut pv = Vec::new();
        let mut node = 0;
        while let Some(child) = self.most_visited(node) {
            pv.push(self.tree[child].mv);
            node = child;
        }
        let score = self.most_visited(0).map_or(0.5, |c| {
            let child = &self.tree[c];
            child.reward / f64::from(child.visits)
        });
        MctsResult {
            best: pv.first().copied(),
            score,
            pv,
            iterations,
            nodes: self.tree.len(),
        }
    }
}

impl<P> Node<P> {
    fn new(pos: P, mv: Move, mover: Player, parent: u32) -> Node<P> {
        Node {
            pos,
            mv,
            mover,
            parent,
            first_child: 0,
            children: 0,
            expanded: false,
            end: None,
            visits: 0,
            reward: 0.0,
        }
    }
}

/// 1 for a win, ½ for a draw, 0 for a loss, for `[south, north]`.
fn results(outcome: &Outcome) -> [f64; 2] {
    match outcome.winner() {
        Some(Player::South) => [1.0, 0.0],
        Some(Player::North) => [0.0, 1.0],
        None => [0.5, 0.5],
    }
}

/// The result of searching a finished game.
fn finished(outcome: &Outcome, mover: Player) -> MctsResult {
    MctsResult {
        best: None,
        score: results(outcome)[mover.index()],
        pv: Vec::new(),
        iterations: 0,
        nodes: 0,
    }
}

impl<R: Ruleset> Engine<R> for Mcts<R> {
    /// Searches with the limits of [`Mcts::with_limits`].
    fn choose(&mut self, pos: &R::Position, history: &[R::Position]) -> Option<Move> {
        let limits = self.default_limits;
        self.search(pos, history, limits).best
    }
}
