//! Monte-Carlo tree search (UCT) with seeded random playouts.

use std::time::{Duration, Instant};

use crate::error::{bytes_of, try_reserve_exact, CapacityError};
use crate::{AgreementPolicy, Board, Game, Move, Outcome, Player, Ruleset, Turn};

use super::{capture_difference, Engine};
use crate::history::{relevant_tail, Referee};
use crate::playout::SplitMix64;

/// A playout still going after this many plies is scored by the captures.
/// (Djenon-aboure has no rule against endless play.)
const MAX_PLAYOUT: usize = 1000;

/// Bytes of one tree node, whatever the game: the tree stores no positions
/// (they are replayed from the root along the selected line), and a node's
/// children are one contiguous run of the node arena, named by the index of
/// the first and their number.
pub const MCTS_NODE_BYTES: usize = std::mem::size_of::<Node>();

/// The largest node budget: node indices are `u32`.
pub const MCTS_MAX_NODES: usize = u32::MAX as usize;

/// The smallest node budget: the root and its children (at most 32 moves),
/// so that a search always has a move to give.
pub const MCTS_MIN_NODES: usize = 33;

/// The default memory bound of an [`Mcts`] tree: 64 MiB, 4,194,304 nodes.
///
/// Small enough for a small machine (a 1 GiB virtual machine or a CI runner
/// running a few searches side by side), large enough that the tree does not
/// fill in a few seconds of search: one iteration adds at most one node's
/// children (up to 7 nodes in Al-manqala), and a Bohnenspiel iteration takes
/// a few microseconds, so a 3-second search adds about 4 million nodes.
/// Once the tree is full, the search goes on with playouts from its leaves.
pub const MCTS_DEFAULT_MEMORY: usize = 64 << 20;

/// Root visits at which a search stops: visits and summed results are
/// `u32` (results counted in half points).
const MAX_VISITS: u32 = u32::MAX / 2;

/// How long an [`Mcts`] search runs: iterations and optionally time. At
/// least one iteration runs. The search also ends as soon as the root's
/// value is proven (every line decided to the end of the game), and after
/// 2^31 − 1 iterations.
///
/// A time limit is checked after every iteration (one playout, at most 1000
/// plies: well under a millisecond), so it holds to within about one
/// iteration.
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

impl Default for MctsLimits {
    /// 10,000 iterations.
    fn default() -> Self {
        MctsLimits::iterations(10_000)
    }
}

/// What an [`Mcts`] search found.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsResult {
    /// The chosen move (a proven win if there is one, else the most visited
    /// move that is not a proven loss), `None` if the game is over.
    pub best: Option<Move>,
    /// Its mean result for the player to move: 1 a win, ½ a draw, 0 a loss
    /// (the exact result when `proven`).
    pub score: f64,
    /// The principal variation: the line of chosen moves through the tree.
    pub pv: Vec<Move>,
    /// Iterations run (one playout or one proven result each).
    pub iterations: u64,
    /// Nodes in the tree.
    pub nodes: usize,
    /// Whether the root's result is proven: every line that matters was
    /// played to the end of the game in the tree, so more search cannot
    /// change `score` (the search then ends early).
    pub proven: bool,
}

/// What is known of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum State {
    /// Its turn is not decided yet, or its children did not fit in the tree.
    Leaf,
    /// Its children are in the tree.
    Expanded,
    /// The game's result from here is known: South's result in half points
    /// (0 a loss, 1 a draw, 2 a win).
    Proven(u8),
}

/// A tree node: 16 bytes. The position is not stored: it is replayed from
/// the root along the selected line.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The index of the first child; the children are `first_child..first_child + children`.
    first_child: u32,
    visits: u32,
    /// The results summed for the player who moved into this node, in half
    /// points (a win 2, a draw 1).
    halves: u32,
    /// The move that led here: a pit number, 0 for a pass.
    mv: u8,
    children: u8,
    state: State,
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
/// Results of finished games are proven back up the tree (MCTS-Solver): a
/// node is won for the player to move if one move wins, and decided once
/// every move is; a search whose root is proven ends at once.
///
/// **Memory.** A node takes [`MCTS_NODE_BYTES`] (16) bytes, and the tree is
/// bounded by a node budget: by default [`MCTS_DEFAULT_MEMORY`] (64 MiB)
/// worth of nodes, set with [`with_max_nodes`](Mcts::with_max_nodes),
/// [`with_max_memory`](Mcts::with_max_memory) or
/// [`try_with_max_nodes`](Mcts::try_with_max_nodes) (which allocates the
/// whole arena at once, or says it cannot). The arena grows fallibly; once it
/// is full (or the machine refuses more memory), the tree stops growing and
/// playouts start at its leaves. Besides the tree, a search holds the line
/// being played: at most the tree's depth plus 1000 positions.
///
/// ```
/// use mancala_rules::games::DjenonAboure;
/// use mancala_rules::search::{Mcts, MctsLimits};
/// use mancala_rules::Ruleset;
///
/// let mut mcts = Mcts::new(DjenonAboure).with_seed(42).with_max_nodes(10_000);
/// let result = mcts.search(&DjenonAboure.start(), &[], MctsLimits::iterations(300));
/// assert!(result.best.is_some());
/// assert_eq!(result.iterations, 300);
/// assert!(result.nodes <= 10_000);
/// assert!((0.0..=1.0).contains(&result.score));
/// ```
#[derive(Clone, Debug)]
pub struct Mcts<R: Ruleset> {
    rules: R,
    history_rules: Referee,
    exploration: f64,
    rng: SplitMix64,
    max_nodes: usize,
    default_limits: MctsLimits,
    tree: Vec<Node>,
    /// The relevant earlier positions, the root, the selected line, the playout.
    line: Vec<R::Position>,
    /// The nodes of the selected line, the root first (`line[base + i]` is
    /// the position of `path[i]`).
    path: Vec<u32>,
    /// The index of the root's position in `line`.
    base: usize,
}

impl<R: Ruleset> Mcts<R> {
    /// A searcher with exploration constant 1.0, seed 1, the default agreement
    /// policy, a tree of at most [`MCTS_DEFAULT_MEMORY`] (64 MiB, 4,194,304
    /// nodes), and 10 000 iterations for [`Engine::choose`].
    #[must_use]
    pub fn new(rules: R) -> Mcts<R> {
        Mcts {
            rules,
            history_rules: Referee::new(&rules, AgreementPolicy::default()),
            exploration: 1.0,
            rng: SplitMix64::new(1),
            max_nodes: MCTS_DEFAULT_MEMORY / MCTS_NODE_BYTES,
            default_limits: MctsLimits::iterations(10_000),
            tree: Vec::new(),
            line: Vec::new(),
            path: Vec::new(),
            base: 0,
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

    /// The same searcher with at most `nodes` tree nodes, taken between
    /// [`MCTS_MIN_NODES`] (33) and [`MCTS_MAX_NODES`] ([`MCTS_NODE_BYTES`] bytes each). The arena
    /// grows as the search needs it; once full, the tree stops growing and
    /// playouts start at its leaves.
    #[must_use]
    pub fn with_max_nodes(mut self, nodes: usize) -> Self {
        self.max_nodes = nodes.clamp(MCTS_MIN_NODES, MCTS_MAX_NODES);
        self.release_excess();
        self
    }

    /// The same searcher with a tree of at most `bytes` bytes:
    /// `bytes / MCTS_NODE_BYTES` nodes (at least [`MCTS_MIN_NODES`]).
    ///
    /// ```
    /// use mancala_rules::games::Bohnenspiel;
    /// use mancala_rules::search::{Mcts, MctsLimits, MCTS_NODE_BYTES};
    /// use mancala_rules::Ruleset;
    ///
    /// let mut mcts = Mcts::new(Bohnenspiel).with_max_memory(64 * MCTS_NODE_BYTES);
    /// let result = mcts.search(&Bohnenspiel.start(), &[], MctsLimits::iterations(500));
    /// assert!(result.nodes <= 64);
    /// assert_eq!(mcts.max_nodes(), 64);
    /// ```
    #[must_use]
    pub fn with_max_memory(self, bytes: usize) -> Self {
        self.with_max_nodes(bytes / MCTS_NODE_BYTES)
    }

    /// The same searcher with at most `nodes` tree nodes, the whole arena
    /// allocated now, so that searches never allocate for the tree. An
    /// error if `nodes` is below [`MCTS_MIN_NODES`] or above
    /// [`MCTS_MAX_NODES`], or if the machine cannot give the
    /// `nodes * MCTS_NODE_BYTES` bytes.
    ///
    /// ```
    /// use mancala_rules::games::Tihbat;
    /// use mancala_rules::search::{Mcts, MCTS_MAX_NODES};
    /// use mancala_rules::CapacityError;
    ///
    /// let mcts = Mcts::new(Tihbat).try_with_max_nodes(1000)?;
    /// assert_eq!(mcts.max_nodes(), 1000);
    /// let too_many = Mcts::new(Tihbat).try_with_max_nodes(MCTS_MAX_NODES + 1);
    /// assert!(matches!(too_many, Err(CapacityError::TooLarge { .. })));
    /// let none = Mcts::new(Tihbat).try_with_max_nodes(0);
    /// assert!(matches!(none, Err(CapacityError::TooSmall { asked: 0, .. })));
    /// # Ok::<(), CapacityError>(())
    /// ```
    pub fn try_with_max_nodes(mut self, nodes: usize) -> Result<Self, CapacityError> {
        if nodes > MCTS_MAX_NODES {
            return Err(CapacityError::TooLarge {
                what: "MCTS nodes",
                asked: nodes as u64,
                max: MCTS_MAX_NODES as u64,
            });
        }
        if nodes < MCTS_MIN_NODES {
            return Err(CapacityError::TooSmall {
                what: "MCTS nodes",
                asked: nodes as u64,
                min: MCTS_MIN_NODES as u64,
            });
        }
        self.max_nodes = nodes;
        self.tree = Vec::new();
        try_reserve_exact(&mut self.tree, self.max_nodes, "MCTS tree")?;
        Ok(self)
    }

    /// The rules searched.
    #[must_use]
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The node budget.
    #[must_use]
    pub fn max_nodes(&self) -> usize {
        self.max_nodes
    }

    /// The largest memory the tree may take, in bytes.
    #[must_use]
    pub fn max_memory(&self) -> u64 {
        bytes_of::<Node>(self.max_nodes)
    }

    /// Frees arena capacity beyond a smaller budget.
    fn release_excess(&mut self) {
        if self.tree.capacity() > self.max_nodes {
            self.tree = Vec::new();
        }
    }

    /// The same searcher assuming this agreement policy for both players.
    #[must_use]
    pub fn with_policy(mut self, policy: AgreementPolicy) -> Self {
        self.history_rules = Referee::new(&self.rules, policy);
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
    ///
    /// Ends after `limits`, or as soon as the root's result is proven.
    pub fn search(&mut self, pos: &R::Position, history: &[R::Position], limits: MctsLimits) -> MctsResult {
        self.line.clear();
        if self.history_rules.any() {
            self.line.extend_from_slice(relevant_tail(history, pos));
        }
        if self.rules.judges_the_mover() && self.line.is_empty() {
            // The position before the root: who moved last decides an end.
            self.line.extend(crate::history::before(history, pos));
        }
        self.base = self.line.len();
        if let Turn::Over(outcome) = self.history_rules.turn_after(&self.rules, &self.line, pos) {
            return finished(&outcome, pos.to_move());
        }
        self.line.push(*pos);
        self.tree.clear();
        // The budget always has room for the root and its children.
        if !self.reserve(MCTS_MIN_NODES) {
            return MctsResult {
                best: None,
                score: 0.5,
                pv: Vec::new(),
                iterations: 0,
                nodes: 0,
                proven: false,
            };
        }
        self.tree.push(Node::new(Move::Pass));
        let clock = limits.time.map(|budget| (Instant::now(), budget));
        let mut iterations = 0;
        let limit = limits.iterations.max(1);
        while iterations < limit {
            if iterations > 0 && clock.is_some_and(|(started, budget)| started.elapsed() >= budget) {
                break;
            }
            self.iterate();
            iterations += 1;
            let root = &self.tree[0];
            if matches!(root.state, State::Proven(_)) || root.visits >= MAX_VISITS {
                break;
            }
        }
        self.result(iterations)
    }

    /// One iteration: select a leaf, expand it, play out, back up the result.
    fn iterate(&mut self) {
        self.line.truncate(self.base + 1);
        self.path.clear();
        self.path.push(0);
        let mut node = 0;
        loop {
            match self.tree[node].state {
                State::Proven(south) => {
                    self.back_up(south);
                    return;
                }
                State::Leaf => break,
                State::Expanded => {
                    let child = self.select(node);
                    self.step_into(child);
                    node = child;
                }
            }
        }
        let south = match self.expand(node) {
            Some(south) => {
                // The game is over here: proven.
                self.tree[node].state = State::Proven(south);
                south
            }
            None => self.playout(),
        };
        self.back_up(south);
    }

    /// Plays the move of `child` on the end of the line and adds it to the path.
    fn step_into(&mut self, child: usize) {
        let mut pos = self.line[self.line.len() - 1];
        self.rules.play_unchecked(&mut pos, unpack(self.tree[child].mv));
        self.line.push(pos);
        self.path.push(child as u32);
    }

    /// The child of `node` with the best UCB1 value; unvisited children first.
    fn select(&self, node: usize) -> usize {
        let parent = &self.tree[node];
        let first = parent.first_child as usize;
        let log_n = f64::from(parent.visits.max(1)).ln();
        let ucb = |child: &Node| {
            if child.visits == 0 {
                return f64::INFINITY;
            }
            let n = f64::from(child.visits);
            f64::from(child.halves) / (2.0 * n) + self.exploration * (log_n / n).sqrt()
        };
        (first..first + usize::from(parent.children))
            .max_by(|&a, &b| ucb(&self.tree[a]).total_cmp(&ucb(&self.tree[b])).then(b.cmp(&a)))
            .unwrap_or(first)
    }

    /// Decides the turn at `node` (the end of the line): South's result in
    /// half points if the game is over there; otherwise adds its children,
    /// room permitting, steps into the first, and returns `None`.
    fn expand(&mut self, node: usize) -> Option<u8> {
        let at = self.line.len() - 1;
        let pos = self.line[at];
        let moves = match self.history_rules.turn_after(&self.rules, &self.line[..at], &pos) {
            Turn::Over(outcome) => return Some(south_halves(&outcome)),
            Turn::Moves(moves) => moves,
        };
        let first = self.tree.len();
        let room = first + moves.len() <= self.max_nodes && self.reserve(moves.len());
        if !room || moves.is_empty() {
            // A leaf for good: playouts start here.
            return None;
        }
        for mv in moves {
            self.tree.push(Node::new(mv));
        }
        let parent = &mut self.tree[node];
        parent.first_child = first as u32;
        parent.children = moves.len() as u8;
        parent.state = State::Expanded;
        self.step_into(first);
        None
    }

    /// Room for `more` nodes, grown by doubling but never past the budget;
    /// `false` if the machine refuses.
    fn reserve(&mut self, more: usize) -> bool {
        let needed = self.tree.len() + more;
        if needed <= self.tree.capacity() {
            return true;
        }
        let target = needed.max(self.tree.capacity() * 2).max(64).min(self.max_nodes);
        self.tree.try_reserve_exact(target - self.tree.len()).is_ok()
    }

    /// A random game from the end of the line: South's result in half points.
    fn playout(&mut self) -> u8 {
        for _ in 0..MAX_PLAYOUT {
            let at = self.line.len() - 1;
            let mut pos = self.line[at];
            if let Some(outcome) = self
                .history_rules
                .ended_after(&self.rules, &self.line[..at], &pos)
            {
                return south_halves(&outcome);
            }
            if let Err(outcome) = self.rules.play_random(&mut pos, &mut self.rng) {
                return south_halves(&outcome);
            }
            self.line.push(pos);
        }
        let last = self.line[self.line.len() - 1];
        let lead = capture_difference(&last);
        let for_mover = match lead.signum() {
            1 => 2,
            0 => 1,
            _ => 0,
        };
        match last.to_move() {
            Player::South => for_mover,
            Player::North => 2 - for_mover,
        }
    }

    /// Adds the result (South's, in half points) to every node of the path,
    /// and proves the nodes above a newly proven one where it decides them.
    fn back_up(&mut self, south: u8) {
        let mut proving = matches!(
            self.tree[self.path[self.path.len() - 1] as usize].state,
            State::Proven(_)
        );
        for depth in (0..self.path.len()).rev() {
            let node = self.path[depth] as usize;
            // The node's statistics are for the player who chose it: the
            // one to move at its parent (not always the other player, after
            // an extra turn). The root's are never read.
            let mover = match depth {
                0 => self.player_to_move(0).opponent(),
                _ => self.player_to_move(depth - 1),
            };
            let n = &mut self.tree[node];
            n.visits = n.visits.saturating_add(1);
            n.halves = n.halves.saturating_add(u32::from(for_player(south, mover)));
            if proving && depth + 1 < self.path.len() {
                proving = self.prove(node, self.player_to_move(depth));
            }
        }
    }

    /// The player to move at the node `path[depth]`.
    fn player_to_move(&self, depth: usize) -> Player {
        self.line[self.base + depth].to_move()
    }

    /// Proves the expanded `node`, where `player` is to move, if its children
    /// decide it: one of them is a proven win for `player`, or all are
    /// proven. Returns whether it is now proven.
    fn prove(&mut self, node: usize, player: Player) -> bool {
        let n = self.tree[node];
        if n.state != State::Expanded {
            return matches!(n.state, State::Proven(_));
        }
        let first = n.first_child as usize;
        let mut best: Option<u8> = None;
        let mut all = true;
        for child in &self.tree[first..first + usize::from(n.children)] {
            match child.state {
                State::Proven(south) => {
                    let value = for_player(south, player);
                    best = Some(best.map_or(value, |b| b.max(value)));
                    if value == 2 {
                        break;
                    }
                }
                _ => all = false,
            }
        }
        match best {
            Some(value) if value == 2 || all => {
                self.tree[node].state = State::Proven(for_player(value, player));
                true
            }
            _ => false,
        }
    }

    /// The child of `node` to play, `player` to move there: a proven win,
    /// else the most visited child that is not a proven loss (a proven loss
    /// only if every child is one).
    fn chosen(&self, node: usize, player: Player) -> Option<usize> {
        let n = &self.tree[node];
        if n.state == State::Leaf {
            return None;
        }
        let first = n.first_child as usize;
        let rank = |c: usize| {
            let child = &self.tree[c];
            let class = match child.state {
                State::Proven(south) => for_player(south, player),
                _ => 1,
            };
            // A proven win first; a proven loss last; the visits decide the rest.
            (class == 2, class > 0, child.visits)
        };
        (first..first + usize::from(n.children))
            .filter(|&c| self.tree[c].visits > 0)
            .max_by(|&a, &b| rank(a).cmp(&rank(b)).then(b.cmp(&a)))
    }

    fn result(&self, iterations: u64) -> MctsResult {
        let root_player = self.line[self.base].to_move();
        let mut pv = Vec::new();
        let mut node = 0;
        let mut pos = self.line[self.base];
        let mut score = None;
        while let Some(child) = self.chosen(node, pos.to_move()) {
            let mv = unpack(self.tree[child].mv);
            if score.is_none() {
                let c = &self.tree[child];
                score = Some(match c.state {
                    State::Proven(south) => f64::from(for_player(south, root_player)) / 2.0,
                    _ => f64::from(c.halves) / (2.0 * f64::from(c.visits)),
                });
            }
            pv.push(mv);
            self.rules.play_unchecked(&mut pos, mv);
            node = child;
        }
        let proven = match self.tree[0].state {
            State::Proven(south) => {
                score = Some(f64::from(for_player(south, root_player)) / 2.0);
                true
            }
            _ => false,
        };
        MctsResult {
            best: pv.first().copied(),
            score: score.unwrap_or(0.5),
            pv,
            iterations,
            nodes: self.tree.len(),
            proven,
        }
    }
}

impl Node {
    fn new(mv: Move) -> Node {
        Node {
            first_child: 0,
            visits: 0,
            halves: 0,
            mv: pack(mv),
            children: 0,
            state: State::Leaf,
        }
    }
}

fn pack(mv: Move) -> u8 {
    mv.to_byte()
}

fn unpack(code: u8) -> Move {
    Move::from_byte(code)
}

/// A result given as South's, in half points, for `player`.
fn for_player(south: u8, player: Player) -> u8 {
    match player {
        Player::South => south,
        Player::North => 2 - south,
    }
}

/// South's result in half points: 2 a win, 1 a draw, 0 a loss.
fn south_halves(outcome: &Outcome) -> u8 {
    match outcome.winner() {
        Some(Player::South) => 2,
        Some(Player::North) => 0,
        None => 1,
    }
}

/// The result of searching a finished game.
fn finished(outcome: &Outcome, mover: Player) -> MctsResult {
    MctsResult {
        best: None,
        score: f64::from(for_player(south_halves(outcome), mover)) / 2.0,
        pv: Vec::new(),
        iterations: 0,
        nodes: 0,
        proven: true,
    }
}

impl<R: Ruleset> Engine<R> for Mcts<R> {
    /// Searches with the limits of [`Mcts::with_limits`].
    fn choose(&mut self, pos: &R::Position, history: &[R::Position]) -> Option<Move> {
        let limits = self.default_limits;
        self.search(pos, history, limits).best
    }
}
