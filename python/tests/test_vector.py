"""The vector environment equals N single environments stepped with the same actions."""

import numpy as np
import pytest

import mancala_rules as mr
from mancala_rules.pettingzoo import raw_env
from mancala_rules.vector import VectorEnv


@pytest.mark.parametrize("name", mr.games())
@pytest.mark.parametrize("reward", ["win", "margin"])
def test_vector_equals_single_envs(name, reward):
    n = 6
    vec = VectorEnv(name, num_envs=n, seed=5, max_moves=150, reward=reward)
    singles = [raw_env(game=name, max_moves=150, reward=reward) for _ in range(n)]
    obs, info = vec.reset()
    for e in singles:
        e.reset()
    ended = 0
    for _ in range(400):
        for i, e in enumerate(singles):
            view = e.observe(e.agent_selection)
            np.testing.assert_array_equal(obs[i], view["observation"])
            np.testing.assert_array_equal(info["action_mask"][i], view["action_mask"])
            assert info["to_move"][i] == e.possible_agents.index(e.agent_selection)
        actions = vec.random_actions()
        obs, rewards, terminated, truncated, info = vec.step(actions)
        for i, e in enumerate(singles):
            e.step(int(actions[i]))
            assert terminated[i] == all(e.terminations.values())
            assert truncated[i] == all(e.truncations.values())
            np.testing.assert_array_equal(rewards[i], [e.rewards["player_0"], e.rewards["player_1"]])
            if terminated[i] or truncated[i]:
                ended += 1
                e.reset()
    assert ended > 0
    assert obs.dtype == np.float32 and obs.shape == (n, vec.observation_size)


def test_vector_errors_and_random_steps():
    vec = VectorEnv("oware", num_envs=4)
    vec.reset()
    with pytest.raises(mr.IllegalMoveError, match="game 0: action 7"):
        vec.step(np.array([7, 0, 0, 0]))
    with pytest.raises(mr.IllegalMoveError, match="action 99 is out of range"):
        vec.step(np.array([0, 0, 0, 99]))
    with pytest.raises(mr.MancalaError, match="3 actions for 4 games"):
        vec.step(np.array([0, 0, 0]))
    # Nothing was played by a refused step.
    assert all(vec.game_at(i) == mr.Game("oware") for i in range(4))
    played, ended = vec.random_steps(500)
    assert played == 2000 and ended > 0
