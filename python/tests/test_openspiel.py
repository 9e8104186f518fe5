"""OpenSpiel: every registered game passes random_sim_test; the registered
Kalah and Oware agree with OpenSpiel's own mancala and oware move for move."""

import random

import numpy as np
import pyspiel
import pytest

import mancala_rules as mr
from mancala_rules import openspiel

NAMES = openspiel.register()


def test_every_game_is_registered():
    assert len(NAMES) == len(mr.games())
    assert "mancala_rules_djenon_aboure" in NAMES
    assert openspiel.register() == NAMES  # a second call does nothing
    registered = pyspiel.registered_names()
    assert all(n in registered for n in NAMES)


@pytest.mark.parametrize("short_name", NAMES)
def test_random_sim_test(short_name):
    game = pyspiel.load_game(short_name)
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)
    state = game.new_initial_state()
    tensor = np.array(state.observation_tensor(0))
    assert tensor.shape == (game.num_distinct_actions() + 2,)


def kalah_action(os_action, player):
    """OpenSpiel's mancala action (a board index) as the mover's-view action."""
    pit = os_action if os_action <= 6 else os_action - 1
    return (pit - 1 - 6 * player) % 12


def oware_action(os_action, player):
    """OpenSpiel's oware action is already the mover's view."""
    return os_action


@pytest.mark.parametrize(
    "theirs,ours,to_ours",
    [("mancala", "mancala_rules_kalah", kalah_action), ("oware", "mancala_rules_oware", oware_action)],
)
def test_agrees_with_openspiel_move_for_move(theirs, ours, to_ours):
    os_game, our_game = pyspiel.load_game(theirs), pyspiel.load_game(ours)
    rng = random.Random(11)
    plies = 0
    for _ in range(300):
        a, b = os_game.new_initial_state(), our_game.new_initial_state()
        while True:
            assert a.is_terminal() == b.is_terminal()
            if a.is_terminal():
                assert a.returns() == b.returns()
                break
            player = a.current_player()
            assert b.current_player() == player
            legal = a.legal_actions()
            assert sorted(to_ours(x, player) for x in legal) == b.legal_actions()
            move = rng.choice(legal)
            a.apply_action(move)
            b.apply_action(to_ours(move, player))
            plies += 1
            if theirs == "mancala":
                board = [int(x) for x in a.observation_tensor(0)[:14]]
                assert b.rules_game.pits == board[1:7] + board[8:14]
                assert list(b.rules_game.scores) == [board[7], board[0]]
    assert plies > 300 * 20
