"""PettingZoo's own checks for every shipped game, and the environment's rewards."""

import pytest
from pettingzoo.test import api_test, seed_test

import mancala_rules as mr
from mancala_rules.pettingzoo import env, raw_env


@pytest.mark.parametrize("name", mr.games())
def test_api_test(name):
    api_test(env(game=name), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("name", mr.games())
def test_seed_test(name):
    seed_test(lambda: env(game=name), num_cycles=100)


@pytest.mark.parametrize("reward", ["win", "margin"])
def test_rewards_at_the_end(reward):
    e = raw_env(game="kalah", reward=reward, render_mode="ansi")
    e.reset(seed=1)
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, r, term, trunc, _ = e.last()
        totals[agent] += r
        if term or trunc:
            e.step(None)
            continue
        assert obs["action_mask"].sum() >= 1
        e.step(e.action_space(agent).sample(obs["action_mask"]))
    south, north = e.outcome.totals
    if reward == "win":
        expected = 0.0 if south == north else (1.0 if south > north else -1.0)
    else:
        expected = float(south - north)
    assert totals == {"player_0": expected, "player_1": -expected}
    assert "|" in e.render()


def test_illegal_action_raises_in_the_raw_env():
    e = raw_env(game="oware")
    e.reset()
    with pytest.raises(mr.IllegalMoveError):
        e.step(7)  # North's pit: not South's to sow
    with pytest.raises(ValueError):
        raw_env(game="oware", render_mode="human")
    with pytest.raises(mr.UnknownGameError):
        raw_env(game="awale")
