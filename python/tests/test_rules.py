"""Games declared at run time (Game.from_rules) in every interface: the Game
API against the replay protocol's answers for the same rules, PettingZoo,
OpenSpiel and the vector environment; errors on bad rules."""

import json
import random
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from pettingzoo.test import api_test, seed_test

import mancala_rules as mr
from mancala_rules import openspiel
from mancala_rules.pettingzoo import env, raw_env
from mancala_rules.vector import VectorEnv

MANGALA = json.loads((Path(__file__).resolve().parents[2] / "examples" / "rules" / "mangala.json").read_text())
SMALL = {"format": 1, "name": "py-test-small", "pits": 8, "seeds": 3}


@pytest.mark.parametrize("rules", [MANGALA, SMALL], ids=["mangala", "small"])
def test_declared_games_agree_with_the_replay_protocol(rules):
    rng = random.Random(5)
    for form in (rules, json.dumps(rules)):
        game = mr.Game.from_rules(form)
        assert game.name == rules["name"]
        assert game.num_pits == rules["pits"]
    for _ in range(20):
        game = mr.Game.from_rules(rules)
        while game.automated_stop(300, None) is None:
            game.play(rng.choice(game.legal_moves()))
        moves = [str(m) if m else "pass" for m in game.moves()]
        answer = json.loads(mr.replay(json.dumps({"rules": rules, "moves": moves})))
        assert "error" not in answer, answer
        replayed = mr.Game.from_rules(rules)
        for i, expected in enumerate(answer["positions"]):
            if i:
                replayed.play(game.moves()[i - 1])
            assert replayed.pits == expected["pits"]
            assert list(replayed.scores) == expected["scores"]
            assert replayed.to_move == expected["to_move"]
            assert ["pass" if m == 0 else str(m) for m in replayed.legal_moves()] == expected["legal"]
            assert replayed.is_over == expected["over"]
        # A record names its game; a declaration loaded in this program
        # answers to its name, so its record reads back.
        again = mr.Game.from_record_json(game.record_json())
        assert again.pits == game.pits and again.moves() == game.moves()


def test_bad_rules_raise_with_the_crates_reason():
    with pytest.raises(mr.RulesError, match="invalid rules: "):
        mr.Game.from_rules({"format": 1, "name": "odd", "pits": 7, "seeds": 3})
    with pytest.raises(mr.RulesError, match="unknown field"):
        mr.Game.from_rules(dict(SMALL, colour="red"))
    with pytest.raises(mr.RulesError, match="format"):
        mr.Game.from_rules(dict(SMALL, format=99))
    with pytest.raises(mr.RulesError, match="unreadable rules"):
        mr.Game.from_rules("{")
    with pytest.raises(mr.RulesError, match="names another game .* with other rules"):
        mr.Game.from_rules(dict(SMALL, name="oware"))
    with pytest.raises(TypeError):
        mr.Game.from_rules({"format": 1, "name": "x", "pits": 8, "seeds": object()})
    assert issubclass(mr.RulesError, ValueError)


def test_pettingzoo_on_a_declared_game():
    game = mr.Game.from_rules(MANGALA)
    api_test(env(game=game), num_cycles=300, verbose_progress=False)
    seed_test(lambda: env(game=mr.Game.from_rules(MANGALA)), num_cycles=100)


def test_openspiel_on_a_declared_game():
    name = openspiel.register_game(mr.Game.from_rules(MANGALA))
    assert name == "mancala_rules_mangala"
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=10, serialize=False, verbose=False)
    with pytest.raises(ValueError, match="registered already"):
        openspiel.register_game(mr.Game.from_rules(MANGALA))


def test_vector_env_on_a_declared_game_equals_single_envs():
    game = mr.Game.from_rules(SMALL)
    n = 4
    vec = VectorEnv(game, num_envs=n, seed=2, max_moves=100)
    singles = [raw_env(game=game, max_moves=100) for _ in range(n)]
    obs, info = vec.reset(seed=3)
    for e in singles:
        e.reset()
    ended = 0
    for _ in range(300):
        for i, e in enumerate(singles):
            np.testing.assert_array_equal(obs[i], e.observe(e.agent_selection)["observation"])
        actions = vec.random_actions()
        obs, rewards, terminated, truncated, info = vec.step(actions)
        for i, e in enumerate(singles):
            e.step(int(actions[i]))
            np.testing.assert_array_equal(rewards[i], [e.rewards["player_0"], e.rewards["player_1"]])
            assert terminated[i] == all(e.terminations.values())
            assert truncated[i] == all(e.truncations.values())
            if terminated[i] or truncated[i]:
                ended += 1
                e.reset()
    assert ended > 0
