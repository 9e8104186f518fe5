"""Every game of mancala_rules as a PettingZoo AEC environment.

::

    from mancala_rules.pettingzoo import env

    e = env(game="oware", render_mode="ansi")
    e.reset(seed=0)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            action = e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents: ``"player_0"`` is South (moves first), ``"player_1"`` North. An agent
may move twice in a row where the rules give an extra turn (Kalah).

Observation: a dict with ``"observation"``, float32 of length pits + 3, the
agent's view of the board (the pits from the agent's first pit on, in sowing
order: its own row, then the opponent's; its captures (its store, in games
with stores); the opponent's captures; 1.0 if the agent is to move), and
``"action_mask"``, int8 of length pits + 1 (all zeros for the agent not to
move).

Actions: ``Discrete(pits + 1)``, the agent's view: action ``a`` below the
number of pits sows the ``a``-th pit from the agent's first pit (``0`` to
``pits/2 - 1``, its own row, are the ones the shipped games allow); the last
action is pass (legal only where the rules force it).

Rewards, at the end only: ``reward="win"`` (default) gives +1 to the winner,
-1 to the loser, 0 each for a draw; ``reward="margin"`` gives each agent its
final total minus the opponent's, in seeds. The game terminates at its rules'
end; where a position occurs a third time in a game whose rules do not end
it, it terminates scored as an equal split of the board (the crate's
valuation of endless play); Al-manqala's players agree to split when a
position occurs ``agree_at`` times (default 3). After ``max_moves`` moves
(default 1000) it is truncated, rewards 0.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Union

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._core import Game

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual wrappers (illegal actions end
    the game with -1 for the offender; order and bounds checked). Keywords as
    :class:`raw_env`."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):
    """A game of mancala_rules as an AEC environment (see the module doc).

    ``game`` is a name of :func:`mancala_rules.games` or an alias, or a
    :class:`mancala_rules.Game` (one declared by ``Game.from_rules``, or from
    a position), whose current position every episode starts from;
    ``render_mode`` None or ``"ansi"``; ``reward`` ``"win"`` or ``"margin"``.
    """

    metadata = {"render_modes": ["ansi"], "name": "mancala_rules_v0", "is_parallelizable": False, "render_fps": 1}

    def __init__(
        self,
        game: Union[str, Game] = "oware",
        render_mode: Optional[str] = None,
        reward: str = "win",
        max_moves: int = 1000,
        agree_at: Optional[int] = 3,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported: give None or 'ansi'")
        if reward not in ("win", "margin"):
            raise ValueError(f"reward {reward!r} is not a reward: give 'win' or 'margin'")
        if max_moves < 1:
            raise ValueError(f"max_moves {max_moves} is not a limit: give 1 or more")
        self._start = game.clone() if isinstance(game, Game) else Game(game)
        if self._start.is_over:
            raise ValueError("the start is over: an episode starts where play goes on")
        self.game: Game = self._start.clone()
        self.render_mode = render_mode
        self._margin = reward == "margin"
        self._max_moves = max_moves
        self._agree_at = agree_at
        pits = self._start.num_pits
        total = self._start.total_seeds
        self.possible_agents: List[str] = ["player_0", "player_1"]
        self.agents = list(self.possible_agents)
        self.metadata = dict(self.metadata, name=f"mancala_rules_{self._start.name.replace('-', '_')}_v0")
        bound = float(total)
        self.action_spaces = {a: spaces.Discrete(pits + 1) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=bound, shape=(pits + 3,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(pits + 1,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        #: How the last game ended: the crate's Outcome, or None (truncated or going on).
        self.outcome = None
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (the same for both)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent`` (the same for both)."""
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        """``agent``'s view of the board and its action mask."""
        player = self.possible_agents.index(agent)
        obs = self.game.observation(player)
        if self.game.to_move == player and not self.game.is_over and not any(self.terminations.values()):
            mask = self.game.action_mask()
        else:
            mask = np.zeros(self.game.num_pits + 1, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """A new game from the opening (the games have no chance: ``seed`` only
        seeds the action spaces' sampling)."""
        if seed is not None:
            for i, a in enumerate(self.possible_agents):
                self.action_spaces[a].seed(seed + i)
        self.game = self._start.clone()
        self.outcome = None
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_move]

    def step(self, action: Optional[int]) -> None:
        """Plays ``action`` (the agent's view) for the agent to move. Raises
        :class:`mancala_rules.IllegalMoveError` for an illegal action (the
        wrappers of :func:`env` turn it into a loss)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError("action None is only for an agent whose game is over")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self.game.play(self.game.action_to_move(int(action)))
        stop = self.game.automated_stop(self._max_moves, self._agree_at)
        if stop is not None:
            if stop == "move_limit":
                self.truncations = {a: True for a in self.agents}
            else:
                outcome = self.game.outcome() if stop == "over" else self.game.split_outcome()
                self.outcome = outcome
                south, north = outcome.totals
                if self._margin:
                    r = float(south) - float(north)
                else:
                    r = 0.0 if south == north else (1.0 if south > north else -1.0)
                self.rewards = {self.possible_agents[0]: r, self.possible_agents[1]: -r}
                self.terminations = {a: True for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_move]
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        """With ``render_mode="ansi"``: the board drawn in two rows, with the
        position in the crate's notation. None otherwise."""
        if self.render_mode is None:
            return None
        return f"{self.game.diagram()}\n{self.game}"

    def close(self) -> None:
        """Nothing to free."""
