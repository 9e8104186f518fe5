#!/usr/bin/env python3
"""The peer's traces.py, with the project's additions to its mapping.

    python3 tools/mancalagames/traces_ext.py [--peer DIR] [--directed] TRACES-ARGS...

takes the same arguments as the peer's traces.py (see its docstring) and
writes the same traces, except where its mapping cannot read a
MancalaGames game; the peer's copy is imported, never edited.

Additions:

- Games won by clearing one's row (MancalaGames' goal CLEAR): the winner
  is the player MancalaGames names (the one who emptied their own row),
  not the one with more seeds, so ``winner`` is MancalaGames' own verdict
  (``final`` stays the stores, which that goal does not score). The
  crate's reading is ``Cleared::Wins``, whose outcome names that winner.

- Games won by eliminating the opponent (goals DEPRIVE and IMMOBILIZE):
  the winner is MancalaGames' own verdict too, as for CLEAR (the crate's
  ``Eliminate``, whose outcome names that winner).

- Games with a start pattern that fills the board by the starter
  (GAMACHA, ALTS_WITH_1, ALTS_SPLIT, ALTERNATES on an odd row, ...):
  MancalaGames fills it for the player it drew to start, and the peer
  then sets South to move, which may leave North's opening board with
  South to move. Here the board is filled again for South starting (a new
  game after one North started), the board the crate's ``start`` declares.
- Games with children (MancalaGames' ``child``, e.g. Toguz Kumalak's
  tuzdik): every position has one more field, ``children``, the pit
  numbers (ascending) of the pits that are children. Each is owned by the
  player MancalaGames says: the player facing its row (child_rule
  OPP_SIDE_ONLY) or its maker (child_rule NONE, the crate's
  ``Children::places``), whom the crate reads from the pit's place; so a
  pit whose children have two owners within a run stops the trace.
  A child's seeds stay on the board (in ``pits``) and are its owner's:
  ``final`` adds them to MancalaGames' stores after its end-of-game
  processing (what its claimers count, and its verdict reads), and --check
  checks the position as its players own it (each child's seeds with its
  owner's score). A trace's ``start`` carries ``positions[0]``'s
  children, so a random start (a position reached by random play of the
  same game) may start with children.

- Games with captures barred in the first moves (MancalaGames'
  ``nocaptmoves``, its InhibitorCaptN): while the bar holds, a position
  has one more field, ``opening_left``, the crate's count of the moves
  of the opening left (``Position::opening_left``): MancalaGames'
  ``nocaptmoves`` less its ``movers``, at least 1 while its inhibitor is
  on (a pass counts among the movers, but the bar lifts only at the end
  of a sowing move), absent once it is off. A trace's ``start`` carries
  ``positions[0]``'s, so a random start (a suffix of a random game) keeps
  MancalaGames' bar as it was at that ply.

- Games in which a single seed sown round an end of the board may not be
  sown straight back (MancalaGames' DontUndoMoveOne, read from its last
  move's data): while it bars a pit of the player to move, a position has
  one more field, ``barred``, that pit's number (the crate's
  ``Position::barred``): the last move sowed one seed from an end pit
  round the end of the board into the facing end pit of the mover's row,
  which holds that one seed and is not a child. After a pass or an extra
  turn MancalaGames' bar falls on the pit the seed left, which is empty:
  no field. A trace's ``start`` carries ``positions[0]``'s, so a random
  start keeps the bar as it was at that ply.

- With --directed, the moves of a direction the player chooses
  (traces_directed.py's additions, installed on top of these).

Every other game's traces are the peer's, byte for byte.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CRATE = os.path.dirname(os.path.dirname(HERE))
PEER = os.path.join(CRATE, '..', 'shared', 'peers', 'mancalagames')


def load_traces(peer_dir):
    """The peer's traces module, with the additions installed."""
    sys.path.insert(0, os.path.abspath(peer_dir))
    import traces  # noqa: E402 (the peer's script, read-only)

    base = traces.Driver
    make_game = traces.make_game

    def make_game_south(name, no_early_end=False):
        """The peer's game, its start pattern filled for South."""
        game = make_game(name, no_early_end)
        gi = traces.MG.gi
        if (game.info.start_pattern == gi.StartPattern.MOVE_RIGHTMOST
                and not game.info.rounds):
            # South's prescribed first move, played by MancalaGames:
            # the trace starts after it, with the player it leaves to move
            game.starter = True
            game.new_game()
            game.mdata = None
        elif (game.info.start_pattern != gi.StartPattern.ALL_EQUAL
                and not game.info.rounds):
            game.starter = True
            game.new_game()
            game.turn = False
            game.starter = False
            game.mdata = None
        return game

    traces.make_game = make_game_south

    class Driver(base):
        """The peer's driver; the winner of a goal-CLEAR game is MG's."""

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            gi = traces.MG.gi
            self.clear_goal = self.g.info.goal in (gi.Goal.CLEAR,
                                                   gi.Goal.DEPRIVE,
                                                   gi.Goal.IMMOBILIZE)

        def position(self):
            pos = super().position()
            if self.clear_goal and self.over:
                pos['winner'] = self.mg_winner
            return pos

    traces.Driver = Driver
    install_children(traces)
    install_opening(traces)
    install_barred(traces)
    return traces


def barred(game):
    """The pit (its number) MancalaGames' DontUndoMoveOne bars for the
    player to move, or None: the last move sowed one seed from an end pit
    round the end of the board into the mover's facing end pit, which
    holds that one seed and is not a child."""
    import allowables  # MancalaGames' module, from its checkout
    if not allowables.DontUndoMoveOne.include(game):
        return None
    mdata = game.mdata
    if not mdata or mdata.capt_start < 0:
        return None
    n = game.cts.holes
    last = mdata.capt_start
    ends = ({0, 2 * n - 1}, {n - 1, n})
    movers = (last >= n) == bool(game.turn)
    child = game.child[last] if game.info.child_type else None
    if (mdata.seeds == 1 and game.board[last] == 1
            and {mdata.sow_loc, last} in ends and movers and child is None):
        return last + 1
    return None


def install_barred(traces):
    """The barred return's additions (see the module's docstring)."""
    base = traces.Driver

    class Driver(base):
        """The driver with the pit a return bars."""

        def position(self):
            pos = super().position()
            pit = barred(self.g)
            if pit is not None:
                pos['barred'] = pit
            return pos

    traces.Driver = Driver
    dumps = traces.json.dumps

    class Json:
        """The json in use, with a trace's start carrying its first
        position's barred pit."""

        @staticmethod
        def dumps(obj, **kwargs):
            if (isinstance(obj, dict) and obj.get('positions')
                    and 'barred' in obj['positions'][0]):
                obj['start']['barred'] = obj['positions'][0]['barred']
            return dumps(obj, **kwargs)

        loads = traces.json.loads

    traces.json = Json


def opening_left(game):
    """The moves of MancalaGames' opening left (the crate's
    ``opening_left``): ``nocaptmoves`` less ``movers``, at least 1 while
    its inhibitor still bars captures; 0 once it does not."""
    expire = game.info.nocaptmoves
    if not expire or not game.inhibitor.get_state():
        return 0
    return max(expire - game.movers, 1)


def install_opening(traces):
    """The opening's additions (see the module's docstring)."""
    base = traces.Driver

    class Driver(base):
        """The driver with the moves of the opening left."""

        def opening_left(self):
            return opening_left(self.g)

        def position(self):
            pos = super().position()
            left = self.opening_left()
            if left:
                pos['opening_left'] = left
            return pos

    traces.Driver = Driver
    dumps = traces.json.dumps

    class Json:
        """The json in use, with a trace's start carrying its first
        position's moves of the opening left."""

        @staticmethod
        def dumps(obj, **kwargs):
            if (isinstance(obj, dict) and obj.get('positions')
                    and 'opening_left' in obj['positions'][0]):
                obj['start']['opening_left'] = \
                    obj['positions'][0]['opening_left']
            return dumps(obj, **kwargs)

        loads = traces.json.loads

    traces.json = Json


def install_children(traces):
    """The children's additions (see the module's docstring)."""
    base = traces.Driver

    class Driver(base):
        """The driver with the children of MG's ``child`` array."""

        # each pit's children's owner, over the run (loc -> MG owner)
        owners = {}

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.has_children = bool(self.g.info.child_type)

        def children(self):
            pits = []
            for loc, owner in enumerate(self.g.child):
                if owner is None:
                    continue
                # the crate reads the owner from the pit's place: one
                # owner a pit over the whole run
                if Driver.owners.setdefault(loc, owner) is not owner:
                    raise SystemExit(f'{self.name}: children at loc {loc} '
                                     'owned by both players: an owner not '
                                     'fixed by the pit (unsupported)')
                pits.append(loc + 1)
            return pits

        def child_owners(self):
            """The owner (0 South, 1 North) of each child, in the order of
            ``children``."""
            return [int(owner) for owner in self.g.child
                    if owner is not None]

        def position(self):
            pos = super().position()
            if self.has_children:
                pos['children'] = self.children()
                pos['child_owners'] = self.child_owners()
            return pos

        def play(self, mv):
            super().play(mv)
            if self.has_children and self.over:
                # the children's seeds, still on MG's board, are their
                # owners'
                for loc, owner in enumerate(self.g.child):
                    if owner is not None:
                        self.final[int(owner)] += self.g.board[loc]

    traces.Driver = Driver

    check = traces.check_trace

    def owned(p, n):
        """A position as its players own it: each child's seeds moved into
        its owner's score."""
        pits, scores = list(p['pits']), list(p['scores'])
        for pit, owner in zip(p['children'], p['child_owners']):
            scores[owner] += pits[pit - 1]
            pits[pit - 1] = 0
        return dict(p, pits=pits, scores=scores)

    def check_trace(rec, total, mg_winners, errors):
        positions = rec['positions']
        if not positions or 'children' not in positions[0]:
            return check(rec, total, mg_winners, errors)
        n = len(positions[0]['pits']) // 2
        claimed = [owned(p, n) for p in positions]
        start = {k: claimed[0][k] for k in rec['start']}
        return check(dict(rec, positions=claimed, start=start), total,
                     mg_winners, errors)

    traces.check_trace = check_trace

    class Json:
        """The peer's json, with a trace's start carrying its first
        position's children."""

        @staticmethod
        def dumps(obj, **kwargs):
            if (isinstance(obj, dict) and obj.get('positions')
                    and 'children' in obj['positions'][0]):
                obj['start']['children'] = obj['positions'][0]['children']
            return traces.json_module.dumps(obj, **kwargs)

        loads = staticmethod(__import__('json').loads)

    traces.json_module = traces.json
    traces.json = Json


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    peer = PEER
    if '--peer' in argv:
        i = argv.index('--peer')
        peer = argv[i + 1]
        del argv[i:i + 2]
    traces = load_traces(peer)
    if '--directed' in argv:
        # moves in a direction the player chooses (traces_directed.py),
        # on top of the additions above
        argv.remove('--directed')
        sys.path.insert(0, HERE)
        import traces_directed
        traces_directed.install(traces)
    return traces.main(argv)


if __name__ == '__main__':
    sys.exit(main())
