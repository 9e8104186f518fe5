"""Rule engines for mancala games, from the Rust crate ``mancala-rules``.

Every shipped game (``games()``: Oware, Kalah and its variants, Bohnenspiel,
Djenon-aboure, Tihbat, Al-manqala, ...) as a :class:`Game`::

    import mancala_rules as mr

    game = mr.Game("oware")
    game.play(3)                      # pit numbers in standard notation, 0 is pass
    print(game.legal_moves(), game.pits, game.scores, game.to_move)
    best = game.best_move(depth=8)    # alpha-beta: move, score, depth, line
    try:
        game.play(3)
    except mr.IllegalMoveError as e:  # a ValueError, with the crate's reason
        print(e)

Interfaces for game-AI research: :mod:`mancala_rules.pettingzoo` (an AEC
environment), :mod:`mancala_rules.openspiel` (every game registered as an
OpenSpiel game) and :mod:`mancala_rules.vector` (a batch of games stepped
together in Rust).
"""

from __future__ import annotations

import json
from typing import Any, Dict

from . import _core
from ._core import (
    MAX_DEPTH,
    AgreementError,
    BestMove,
    Game,
    IllegalMoveError,
    MancalaError,
    MoveReport,
    Outcome,
    PositionError,
    RecordError,
    RulesError,
    UnknownGameError,
    aliases,
    canonical_name,
    games,
    random_playouts,
    replay,
)

#: The move that passes the turn (legal only where the rules force it).
PASS = 0

__all__ = [
    "PASS",
    "MAX_DEPTH",
    "AgreementError",
    "BestMove",
    "Game",
    "IllegalMoveError",
    "MancalaError",
    "MoveReport",
    "Outcome",
    "PositionError",
    "RecordError",
    "RulesError",
    "UnknownGameError",
    "aliases",
    "canonical_name",
    "games",
    "random_playouts",
    "record",
    "replay",
    "rules",
]

__version__ = "0.1.0"


def record(game: Game) -> Dict[str, Any]:
    """The game's record (name, start, moves, agreement, outcome) as a dict."""
    return json.loads(game.record_json())


def rules(game: Game) -> Dict[str, Any]:
    """The game's declaration (its rules as data) as a dict."""
    return json.loads(game.rules_json())
