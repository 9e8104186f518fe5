"""The Game API against the crate's own answers (its replay protocol), records,
the engine, and errors on bad moves, rules and arguments."""

import copy
import json
import random

import numpy as np
import pytest

import mancala_rules as mr

GAMES = mr.games()


def random_game(name, rng, max_moves=300):
    """A random game with no agreement, stopped at its end, at an endless loop
    or after max_moves moves."""
    game = mr.Game(name)
    while game.automated_stop(max_moves, None) is None:
        game.play(rng.choice(game.legal_moves()))
    return game


def test_every_shipped_game_is_there():
    assert len(GAMES) == 15
    assert {"oware", "kalah", "bohnenspiel", "djenon-aboure", "tihbat", "al-manqala"} <= set(GAMES)
    assert mr.canonical_name("mancala") == "kalah"
    assert "abapa" in mr.aliases("oware")


@pytest.mark.parametrize("name", GAMES)
def test_positions_agree_with_the_replay_protocol(name):
    rng = random.Random(name)
    for _ in range(20):
        game = random_game(name, rng)
        moves = game.moves()
        answer = json.loads(mr.replay(json.dumps({"game": name, "moves": [str(m) if m else "pass" for m in moves]})))
        assert "error" not in answer, answer
        positions = answer["positions"]
        assert len(positions) == len(moves) + 1
        replayed = mr.Game(name)
        for i, expected in enumerate(positions):
            if i:
                replayed.play(moves[i - 1])
            assert replayed.pits == expected["pits"]
            assert list(replayed.scores) == expected["scores"]
            assert replayed.to_move == expected["to_move"]
            assert replayed.is_over == expected["over"]
            legal = ["pass" if m == 0 else str(m) for m in replayed.legal_moves()]
            assert legal == expected["legal"]
            outcome = replayed.outcome()
            if expected["over"]:
                assert list(outcome.totals) == expected["final"]
                assert outcome.winner == expected["winner"]
            else:
                assert outcome is None
        assert replayed == game


@pytest.mark.parametrize("name", GAMES)
def test_records_round_trip_and_undo(name):
    rng = random.Random(7)
    game = random_game(name, rng)
    again = mr.Game.from_record_json(game.record_json())
    assert again == game
    assert mr.record(game)["game"] == name
    copy_ = game.clone()
    moves = game.moves()
    for mv in reversed(moves):
        assert game.undo() == mv
    assert game.undo() is None
    assert game == mr.Game(name)
    assert copy_ == again and copy.deepcopy(copy_) == again


@pytest.mark.parametrize("name", GAMES)
def test_views_and_arrays(name):
    game = mr.Game(name)
    rng = random.Random(3)
    for _ in range(5):
        if game.legal_moves():
            game.play(rng.choice(game.legal_moves()))
    arr = game.to_array()
    assert arr.dtype == np.uint8
    assert list(arr) == game.pits + list(game.scores) + [game.to_move]
    assert game.position() == {"pits": game.pits, "scores": game.scores, "to_move": game.to_move}
    p = game.num_pits
    assert sum(game.pits) + sum(game.scores) == game.total_seeds
    mask = game.action_mask()
    legal = [game.action_to_move(a) for a in np.flatnonzero(mask)]
    assert sorted(legal) == game.legal_moves()
    for mv in game.legal_moves():
        assert game.action_to_move(game.move_to_action(mv)) == mv
    for player in (0, 1):
        obs = game.observation(player)
        first = 0 if player == 0 else p // 2
        assert list(obs[:p]) == [game.pits[(i + first) % p] for i in range(p)]
        assert obs[p] == game.scores[player] and obs[p + 1] == game.scores[1 - player]
        assert obs[p + 2] == (1.0 if game.to_move == player else 0.0)
    assert "1." in game.rules_text() or "1" in game.rules_text()
    assert mr.rules(game)["name"] == name
    assert game.diagram()


def test_play_reports_and_outcome():
    game = mr.Game("oware")
    report = game.play(3)
    assert (report.move, report.player, report.last_pit, report.captured) == (3, 0, 7, [])
    assert game.play("7").player == 1
    game = mr.Game("kalah")
    assert game.play(3).in_store  # 4 seeds from pit 3 end in South's store: an extra turn
    assert game.to_move == 0
    game = random_game("oware", random.Random(1), max_moves=10_000)
    outcome = game.outcome()
    if outcome is not None:
        assert sum(outcome.totals) == 48
        assert outcome.reason in {"majority", "no_moves", "repetition", "all_captured", "mover_row_empty", "row_empty"}
        assert outcome.reason_text


def test_best_move():
    game = mr.Game("kalah")
    best = game.best_move(depth=4)
    assert best.depth == 4 and best.line[0] == best.move
    assert best.move in game.legal_moves()
    assert best.nodes > 0
    timed = game.best_move(time_ms=50, depth=30)
    assert timed.move in game.legal_moves() and 1 <= timed.depth <= 30
    assert game.best_move(nodes=1000).move in game.legal_moves()
    while (best := game.best_move(depth=3)) is not None:
        game.play(best.move)
    assert game.is_over and game.best_move(depth=3) is None


def test_agreement():
    game = mr.Game("al-manqala")
    game.play(game.legal_moves()[0])
    outcome = game.agree_to_split()
    assert outcome.reason == "agreement" and game.is_over
    with pytest.raises(mr.AgreementError, match="the game is over"):
        game.agree_to_split()
    with pytest.raises(mr.AgreementError, match="no agreement"):
        mr.Game("oware").agree_to_split()


def test_errors_carry_the_crates_reasons():
    game = mr.Game("bohnenspiel")
    game.play(3)
    with pytest.raises(mr.IllegalMoveError, match="pit 2 is not yours: North owns pits 7-12"):
        game.play(2)
    with pytest.raises(ValueError):
        game.play(2)
    with pytest.raises(mr.IllegalMoveError, match="out of range"):
        game.play(99)
    with pytest.raises(mr.IllegalMoveError, match="out of range"):
        game.play(1000)
    with pytest.raises(mr.IllegalMoveError, match="not a move"):
        game.play("seven")
    with pytest.raises(mr.IllegalMoveError, match="not a move"):
        game.play(-1)
    with pytest.raises(mr.IllegalMoveError, match="pass is not allowed"):
        game.play("pass")
    with pytest.raises(mr.IllegalMoveError, match="action 13 is out of range"):
        game.action_to_move(13)
    with pytest.raises(mr.UnknownGameError, match="unknown game 'awale': the games are bohnenspiel"):
        mr.Game("awale")
    assert issubclass(mr.UnknownGameError, mr.RulesError) and issubclass(mr.RulesError, ValueError)
    with pytest.raises(mr.MancalaError, match="depth 0 is out of range"):
        game.best_move(depth=0)
    with pytest.raises(mr.MancalaError, match="depth 121 is out of range"):
        game.best_move(depth=121)
    with pytest.raises(mr.MancalaError, match="time_ms"):
        game.best_move(time_ms=-5)
    with pytest.raises(mr.MancalaError, match="nodes"):
        game.best_move(nodes=0)
    with pytest.raises(mr.MancalaError, match="agree_at 0"):
        game.automated_stop(100, 0)
    with pytest.raises(mr.PositionError, match="seeds do not add up"):
        mr.Game.from_position("oware", [4] * 11 + [3], (0, 0), 0)
    with pytest.raises(mr.PositionError, match="12 pits, not 3"):
        mr.Game.from_position("oware", [4, 4, 4], (0, 0), 0)
    with pytest.raises(mr.PositionError, match="player 2 does not exist"):
        mr.Game.from_position("oware", [4] * 12, (0, 0), 2)
    with pytest.raises(mr.RecordError, match="unreadable game record"):
        mr.Game.from_record_json("{")
    record = json.loads(mr.Game("oware").record_json())
    record["moves"] = ["7"]
    with pytest.raises(mr.MancalaError, match="not yours"):
        mr.Game.from_record_json(json.dumps(record))
    with pytest.raises(mr.MancalaError, match="is out of range"):
        mr._core.VectorGame("oware", 0)
    with pytest.raises(mr.MancalaError, match="reward 'x'"):
        mr._core.VectorGame("oware", 1, reward="x")


def test_from_position():
    game = mr.Game.from_position("bohnenspiel", [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1], (30, 40), 1)
    assert game.to_move == 1 and game.pits[5] == 1
    assert game.legal_moves() == [12]


def test_random_playouts_in_rust():
    plies, unfinished, south = mr.random_playouts("oware", 200, seed=3)
    assert unfinished == 0 and plies > 200 * 20 and 0 < south < 200
    assert mr.random_playouts("oware", 200, seed=3) == (plies, unfinished, south)
    with pytest.raises(mr.UnknownGameError):
        mr.random_playouts("awale", 1)
    with pytest.raises(mr.MancalaError, match="n 1000000001 is out of range"):
        mr.random_playouts("oware", 1_000_000_001)
    with pytest.raises(OverflowError):
        mr.random_playouts("oware", -1)
