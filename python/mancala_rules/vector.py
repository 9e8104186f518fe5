"""A vector environment: N games of one kind stepped in one call, in Rust.

::

    from mancala_rules.vector import VectorEnv

    env = VectorEnv("oware", num_envs=1024, seed=0)
    obs, info = env.reset()
    actions = env.random_actions()          # or your policy, masked by info["action_mask"]
    obs, rewards, terminated, truncated, info = env.step(actions)

Actions and observations are the mover's view, as in
:mod:`mancala_rules.pettingzoo`: action ``a`` below the number of pits is the
``a``-th pit from the mover's first pit in sowing order (so ``0`` to
``pits/2 - 1`` are the mover's own row), the last action is pass.
Observations are float32 ``(num_envs, pits + 3)``: the pits from the mover's
first pit on, the mover's captures, the opponent's, and 1.0 (the mover is to
move). Rewards are float32 ``(num_envs, 2)``, for South (column 0) and North
(column 1), non-zero only on the step that ends a game: +1/-1/0 by default,
the margin of the totals (seeds) with ``reward="margin"``. A game ends at
its rules' end, where a position occurs a third time in a game whose rules
do not end it (terminated, scored as an equal split of the board), or after
``max_moves`` moves (truncated, rewards 0); Al-manqala's players agree to
split when a position occurs ``agree_at`` times. A game that ends is reset to
the opening at once: the observation returned is the new game's.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Union

import numpy as np

from ._core import Game, VectorGame, random_playouts

__all__ = ["VectorEnv", "random_playouts"]


class VectorEnv:
    """``num_envs`` games of ``game`` stepped together in Rust (see the module
    doc). ``game`` is a name or a :class:`mancala_rules.Game` (declared by
    ``Game.from_rules``, or from a position), whose current position every
    game starts from."""

    def __init__(
        self,
        game: Union[str, Game] = "oware",
        num_envs: int = 64,
        *,
        max_moves: int = 1000,
        agree_at: Optional[int] = 3,
        reward: str = "win",
        seed: int = 0,
    ) -> None:
        self._game = game
        self._max_moves = max_moves
        self._agree_at = agree_at
        self._reward = reward
        self._core = VectorGame(game, num_envs, max_moves=max_moves, agree_at=agree_at, reward=reward, seed=seed)
        #: Games in the batch.
        self.num_envs: int = self._core.num_envs
        #: Pits on the board.
        self.num_pits: int = self._core.num_pits
        #: Distinct actions: every pit of the mover's view, then pass.
        self.num_actions: int = self.num_pits + 1
        #: Columns of an observation.
        self.observation_size: int = self.num_pits + 3
        #: The game's name.
        self.game: str = self._core.name

    def reset(self, seed: Optional[int] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        """Every game back to the opening: ``(observations, info)``; ``seed``
        reseeds :meth:`random_actions` (the games themselves have no chance)."""
        if seed is not None:
            self._core = VectorGame(
                self._game,
                self.num_envs,
                max_moves=self._max_moves,
                agree_at=self._agree_at,
                reward=self._reward,
                seed=seed,
            )
        obs = self._core.reset()
        return obs, self._info()

    def _info(self) -> Dict[str, Any]:
        return {"action_mask": self._core.action_masks(), "to_move": self._core.to_move()}

    def step(self, actions: Any) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        """Plays one action in every game: ``(observations, rewards,
        terminated, truncated, info)``, ``info`` holding the next
        ``action_mask`` (int8 ``(num_envs, pits + 1)``) and ``to_move``. Raises
        :class:`mancala_rules.IllegalMoveError` for an illegal action (no game
        is played then)."""
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        obs, rewards, terminated, truncated, to_move, masks = self._core.step(actions)
        return obs, rewards, terminated, truncated, {"action_mask": masks, "to_move": to_move}

    def action_masks(self) -> np.ndarray:
        """The legal actions of every game, int8 ``(num_envs, pits + 1)``."""
        return self._core.action_masks()

    def observations(self) -> np.ndarray:
        """The mover's view of every game, float32 ``(num_envs, pits + 3)``."""
        return self._core.observations()

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action for every game (int64), from the
        environment's own generator."""
        return self._core.random_actions()

    def random_steps(self, steps: int) -> Tuple[int, int]:
        """Steps every game ``steps`` times with random legal actions entirely
        in Rust (no arrays made): ``(moves played, games ended)``."""
        return self._core.random_steps(steps)

    def game_at(self, i: int) -> Game:
        """A copy of game ``i`` (a :class:`mancala_rules.Game`)."""
        return self._core.game(i)
