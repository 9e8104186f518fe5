"""Every game of mancala_rules as an OpenSpiel Python game.

::

    import pyspiel
    from mancala_rules import openspiel

    openspiel.register()                       # every shipped game, once
    game = pyspiel.load_game("mancala_rules_oware")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

Each game is registered as ``mancala_rules_<name>``, dashes as underscores
(``mancala_rules_djenon_aboure``). Actions are the mover's view, as OpenSpiel's
own ``oware`` has them: action ``a`` below the number of pits sows the
``a``-th pit from the mover's first pit in sowing order (``0`` to
``pits/2 - 1`` are the mover's own row); the last action is pass. The
observation tensor (float32, pits + 3) is the player's view: the pits from the
player's first pit on, its captures, the opponent's, and 1.0 if it is to
move. Returns are +1/-1/0 at the end (zero-sum). The game ends at its rules'
end; where a position occurs a third time in a game whose rules do not end it,
it ends as an equal split of the board; Al-manqala's players agree to split at
a position's third occurrence; after ``max_game_length`` (1000) moves it ends
as a draw.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from ._core import Game, games

__all__ = ["register", "register_game", "game_name", "MAX_GAME_LENGTH"]

#: The longest game: a game still going after this many moves is a draw.
MAX_GAME_LENGTH = 1000

_registered: Dict[str, str] = {}


def game_name(name: str) -> str:
    """The OpenSpiel name of a game of mancala_rules: ``mancala_rules_<name>``."""
    return "mancala_rules_" + Game(name).name.replace("-", "_")


def _game_type(short_name: str, long_name: str) -> "pyspiel.GameType":
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )


class MancalaState(pyspiel.State):
    """A position of a mancala_rules game, as an OpenSpiel state. ``game``
    (the attribute ``rules_game``) is the :class:`mancala_rules.Game` behind it."""

    def __init__(self, game: "pyspiel.Game", start: Game) -> None:
        super().__init__(game)
        self.rules_game: Game = start.clone()
        self._over = False
        self._returns = [0.0, 0.0]

    def current_player(self) -> int:
        """The player to move, or ``pyspiel.PlayerId.TERMINAL``."""
        return pyspiel.PlayerId.TERMINAL if self._over else self.rules_game.to_move

    def _legal_actions(self, player: int) -> List[int]:
        return self.rules_game.legal_actions()

    def _apply_action(self, action: int) -> None:
        game = self.rules_game
        game.play(game.action_to_move(action))
        stop = game.automated_stop(MAX_GAME_LENGTH, 3)
        if stop is None:
            return
        self._over = True
        if stop == "move_limit":
            return
        outcome = game.outcome() if stop == "over" else game.split_outcome()
        south, north = outcome.totals
        r = 0.0 if south == north else (1.0 if south > north else -1.0)
        self._returns = [r, -r]

    def _action_to_string(self, player: int, action: int) -> str:
        pits = self.rules_game.num_pits
        if action == pits:
            return "pass"
        first = 0 if player == 0 else pits // 2
        return str((action + first) % pits + 1)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._over

    def returns(self) -> List[float]:
        """+1/-1/0 for each player at the end, zeros before."""
        return list(self._returns)

    def __str__(self) -> str:
        return str(self.rules_game)


class MancalaGame(pyspiel.Game):
    """A game of mancala_rules as an OpenSpiel game (made by :func:`register`)."""

    _name = "oware"
    _start_game: Optional[Game] = None

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        start = self._start_game.clone() if self._start_game is not None else Game(self._name)
        self._start = start
        pits = start.num_pits
        info = pyspiel.GameInfo(
            num_distinct_actions=pits + 1,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(self._game_type, info, params or dict())

    def new_initial_state(self) -> MancalaState:
        """A state at the opening."""
        return MancalaState(self, self._start)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The observer: the board tensor (see the module doc)."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(self._start.num_pits, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class BoardObserver:
    """Observer of a mancala_rules state (OpenSpiel's PyObserver interface)."""

    def __init__(self, pits: int, params: Any) -> None:
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        self.tensor = np.zeros(pits + 3, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MancalaState, player: int) -> None:
        """Writes ``player``'s view of ``state`` into ``tensor``."""
        self.tensor[:] = state.rules_game.observation(player)

    def string_from(self, state: MancalaState, player: int) -> str:
        """The position in the crate's notation (the same for both players)."""
        return str(state.rules_game)


def register_game(game: Game) -> str:
    """Registers ``game`` (a :class:`mancala_rules.Game`, for example one
    declared by ``Game.from_rules``) as the OpenSpiel game
    ``mancala_rules_<name>``, starting from its current position, and
    returns that name. A name already registered is refused (ValueError)."""
    name = game.name
    short = "mancala_rules_" + name.replace("-", "_")
    if short in _registered or short in pyspiel.registered_names():
        raise ValueError(f"{short} is registered already")
    if game.is_over:
        raise ValueError("the start is over: an OpenSpiel game starts where play goes on")
    cls = type(
        f"MancalaGame_{name.replace('-', '_')}",
        (MancalaGame,),
        {"_name": name, "_start_game": game.clone(), "_game_type": _game_type(short, f"mancala_rules {name}")},
    )
    pyspiel.register_game(cls._game_type, cls)
    _registered[short] = name
    globals()[cls.__name__] = cls
    return short


def register() -> List[str]:
    """Registers every shipped game with OpenSpiel (once; later calls do
    nothing) and returns their OpenSpiel names."""
    for name in games():
        short = "mancala_rules_" + name.replace("-", "_")
        if short in _registered:
            continue
        cls = type(
            f"MancalaGame_{name.replace('-', '_')}",
            (MancalaGame,),
            {"_name": name, "_game_type": _game_type(short, f"mancala_rules {name}")},
        )
        pyspiel.register_game(cls._game_type, cls)
        _registered[short] = name
        globals()[cls.__name__] = cls
    return [short for short, name in _registered.items() if name in games()]
