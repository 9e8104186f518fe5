"""Type stubs of mancala_rules._core, the compiled core (Rust, pyo3)."""

from typing import List, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

MAX_DEPTH: int

class MancalaError(ValueError):
    """Base class of every error of mancala_rules (a ValueError)."""

class IllegalMoveError(MancalaError):
    """A move that may not be played, or that is not a move; the message is the crate's reason."""

class RulesError(MancalaError):
    """Rules that cannot be played, or a game the crate does not know."""

class UnknownGameError(RulesError):
    """A game name the crate does not know."""

class PositionError(MancalaError):
    """A position that cannot belong to its game."""

class RecordError(MancalaError):
    """A game record that cannot be read or that disagrees with its moves."""

class AgreementError(MancalaError):
    """An agreement to split that the game does not allow now."""

class Outcome:
    """How a game ended: each player's final total and why."""

    @property
    def totals(self) -> Tuple[int, int]:
        """Final totals, (south, north)."""
    @property
    def reason(self) -> str:
        """Why the game ended, a snake-case name ("majority", "row_empty", ...)."""
    @property
    def reason_text(self) -> str:
        """Why the game ended, in the crate's words."""
    @property
    def winner(self) -> Optional[int]:
        """The winner, 0 (South) or 1 (North), or None for a draw."""

class MoveReport:
    """What a move did: who played it, where the last seed fell, what it captured."""

    @property
    def move(self) -> int:
        """The move played: its pit number, 0 for pass."""
    @property
    def player(self) -> int:
        """Who played it: 0 (South) or 1 (North)."""
    @property
    def laps(self) -> int:
        """Laps sown: 1 for a plain sowing, more for a relay, 0 for a pass."""
    @property
    def last_pit(self) -> Optional[int]:
        """The pit where the last seed fell (None for a pass)."""
    @property
    def captured(self) -> List[int]:
        """The pits captured, ascending."""
    @property
    def seeds_captured(self) -> int:
        """Seeds captured."""
    @property
    def in_store(self) -> bool:
        """Whether the last seed fell in the mover's own store."""

class BestMove:
    """The engine's choice: move, score, depth, line and nodes."""

    @property
    def move(self) -> int:
        """The move to play (pit number, 0 for pass)."""
    @property
    def score(self) -> int:
        """Its score for the player to move: the capture difference expected, or a proven result."""
    @property
    def depth(self) -> int:
        """The depth of the last completed iteration, in plies."""
    @property
    def line(self) -> List[int]:
        """The expected line, move first."""
    @property
    def nodes(self) -> int:
        """Positions visited."""
    @property
    def proven(self) -> Optional[int]:
        """The proven margin for the player to move, or None if not proven."""

class Game:
    """A game of any shipped kind, with its history.

    Moves are pit numbers in standard notation (1 to the number of pits,
    South's row first, counterclockwise), 0 for pass; ``play`` also takes the
    crate's notation as a string ("7", "pass").
    """

    def __init__(self, name: str) -> None:
        """A new game from the opening; raises UnknownGameError."""
    @staticmethod
    def from_position(name: str, pits: List[int], scores: Tuple[int, int], to_move: int) -> "Game":
        """A game from a position (pits, captures (south, north), player to move); raises PositionError."""
    @staticmethod
    def from_rules(rules: Union[str, dict]) -> "Game":
        """A new game of the game declared by rules (a dict or JSON); raises RulesError."""
    def opening(self) -> "Game":
        """A new game of the same kind, from the opening."""
    @staticmethod
    def from_record_json(json: str) -> "Game":
        """A game from its JSON record; raises RecordError (or another MancalaError)."""
    def record_json(self) -> str:
        """The game as portable JSON: name, start, moves, agreement, outcome."""
    @property
    def name(self) -> str:
        """The game's name."""
    @property
    def num_pits(self) -> int:
        """Pits on the board (both rows)."""
    @property
    def total_seeds(self) -> int:
        """Seeds in the game."""
    def legal_moves(self) -> List[int]:
        """The legal moves now, ascending (0 for pass); empty once over."""
    def play(self, move_: Union[int, str]) -> MoveReport:
        """Plays a move; raises IllegalMoveError with the crate's reason."""
    def undo(self) -> Optional[int]:
        """Takes back the last move and returns it (None at the start)."""
    def clone(self) -> "Game":
        """An independent copy, history included."""
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: object) -> "Game": ...
    def moves(self) -> List[int]:
        """The moves played so far."""
    @property
    def pits(self) -> List[int]:
        """The pits, in standard-notation order."""
    @property
    def scores(self) -> Tuple[int, int]:
        """Captures so far, (south, north)."""
    @property
    def to_move(self) -> int:
        """The player to move: 0 South, 1 North."""
    def position(self) -> dict:
        """The position as a dict: pits, scores, to_move."""
    def to_array(self) -> npt.NDArray[np.uint8]:
        """The pits, the captures of South and North, the player to move (uint8)."""
    def observation(self, player: Optional[int] = None) -> npt.NDArray[np.float32]:
        """A player's view (pits + 3): pits from its first pit, its captures, the opponent's, 1.0 if to move."""
    def action_mask(self) -> npt.NDArray[np.int8]:
        """Legal actions of the mover's view (pits + 1; the last is pass)."""
    def legal_actions(self) -> List[int]:
        """The legal actions of the mover's view, ascending; empty once over."""
    def action_to_move(self, action: int) -> int:
        """The move of an action of the mover's view."""
    def move_to_action(self, move_: Union[int, str]) -> int:
        """The action of the mover's view for a move."""
    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
    def outcome(self) -> Optional[Outcome]:
        """The outcome once over, else None."""
    def occurrences(self) -> int:
        """How many times the current position has occurred, counting itself."""
    def agree_to_split(self) -> Outcome:
        """Ends the game by agreement (Al-manqala only); raises AgreementError."""
    def apply_policy(self, agree_at: int) -> bool:
        """Agrees to split if the position has occurred agree_at times; returns whether it agreed."""
    def automated_stop(self, max_moves: int, agree_at: Optional[int] = 3) -> Optional[str]:
        """Where automated play stops: "over", "endless", "move_limit" or None."""
    def split_outcome(self) -> Outcome:
        """The outcome with the board split equally now (reason "repetition")."""
    def best_move(
        self, depth: Optional[int] = None, time_ms: Optional[float] = None, nodes: Optional[int] = None
    ) -> Optional[BestMove]:
        """The engine's move (alpha-beta) within the limits; None once over."""
    def rules_text(self) -> str:
        """The game's numbered rules, in Markdown."""
    def rules_json(self) -> str:
        """The game's declaration, as JSON."""
    def diagram(self) -> str:
        """A two-row drawing of the position."""
    def __eq__(self, other: object) -> bool: ...

def games() -> List[str]:
    """The names of every shipped game."""

def aliases(name: str) -> List[str]:
    """The other names a game answers to."""

def canonical_name(name: str) -> str:
    """The game's name for a name or alias."""

def replay(request: str) -> str:
    """Answers one request of the crate's replay protocol (a JSON line)."""

def random_playouts(name: str, n: int, seed: int = 1, agree_at: Optional[int] = 3) -> Tuple[int, int, int]:
    """n random games all in Rust: (plies, unfinished, south_wins)."""

class VectorGame:
    """A batch of games of one kind stepped together in Rust."""

    def __init__(
        self,
        game: Union[str, Game],
        n: int,
        max_moves: int = 1000,
        agree_at: Optional[int] = 3,
        reward: str = "win",
        seed: int = 0,
    ) -> None: ...
    @property
    def num_envs(self) -> int:
        """Games in the batch."""
    @property
    def num_pits(self) -> int:
        """Pits on the board."""
    @property
    def name(self) -> str:
        """The game's name."""
    def reset(self) -> npt.NDArray[np.float32]:
        """Every game back to the opening; the observations."""
    def observations(self) -> npt.NDArray[np.float32]:
        """The mover's view of every game, (n, pits + 3)."""
    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions of every game, (n, pits + 1)."""
    def to_move(self) -> npt.NDArray[np.int8]:
        """The player to move in every game."""
    def game(self, i: int) -> Game:
        """A copy of game i."""
    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action for every game."""
    def step(
        self, actions: npt.NDArray[np.int64]
    ) -> Tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        npt.NDArray[np.int8],
        npt.NDArray[np.int8],
    ]:
        """One action in every game: (observations, rewards, terminated, truncated, to_move, action_masks)."""
    def random_steps(self, steps: int) -> Tuple[int, int]:
        """steps random steps of every game, all in Rust: (moves played, games ended)."""
