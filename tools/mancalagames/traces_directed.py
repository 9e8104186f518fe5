#!/usr/bin/env python3
"""The peer's traces.py, with moves in a direction the player chooses.

    python3 tools/mancalagames/traces_directed.py [--peer DIR] ARGS...

takes the arguments of the peer's traces.py (../shared/peers/mancalagames/,
or --peer DIR) and writes the same traces, but also for MancalaGames games
whose moves carry a direction (``udir_holes``, ``udirect``): the peer stops
on those ("non-integer MG moves").  Nothing of the peer is edited: this
module imports it and replaces, at run time, the three parts that read or
play a move.

Moves in the crate's notation (src/moves.rs): a pit whose direction the
player chooses is ``"3ccw"`` (counterclockwise: MancalaGames' CCW, to
higher pit numbers) or ``"3cw"`` (clockwise: its CW); every other pit is
its number, ``pass`` as before.  MancalaGames says such a game's moves as
``(pos, direction)`` tuples, direction ``None`` for a pit sown in its
fixed (or its half's) direction; this module sends them back as tuples.

``legal`` is listed in the crate's order: by pit number, at one pit the
plain move, then ``ccw``, then ``cw`` (the peer sorts by pit number; for a
game without directions the order, the moves and the random choices are
the peer's exactly, so its traces are unchanged byte for byte).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CRATE = os.path.dirname(os.path.dirname(HERE))
PEER = os.path.join(CRATE, '..', 'shared', 'peers', 'mancalagames')

# The crate's suffixes, by MancalaGames' direction name.
SUFFIX = {'CCW': 'ccw', 'CW': 'cw'}
ORDER = {'': 0, 'ccw': 1, 'cw': 2}


def split_move(mv):
    """'3cw' -> (3, 'cw'); '3' -> (3, '')."""
    digits = mv.rstrip('abcdefghijklmnopqrstuvwxyz')
    return int(digits), mv[len(digits):]


def install(traces):
    """Replace the peer's move reading and playing with direction-aware
    ones (on its Driver class and its random_game)."""
    Driver = traces.Driver

    def notation(self, mg_move):
        if isinstance(mg_move, int):
            return str(self.to_pit(self.g.turn, mg_move))
        if len(mg_move) != 2:
            raise SystemExit(f'{self.name}: MG move {mg_move} is neither a '
                             'pit nor (pit, direction): unsupported')
        pos, direct = mg_move
        if isinstance(pos, int) and pos < 0:
            raise SystemExit(f'{self.name}: MG moves from a store '
                             f'({mg_move}): unsupported')
        suffix = '' if direct is None else SUFFIX[direct.name]
        return f'{self.to_pit(self.g.turn, pos)}{suffix}'

    def mg_move(self, mv):
        gi = traces.MG.gi
        pit, suffix = split_move(mv)
        pos = self.to_pos(pit)
        if self.g.info.mlength != 2:
            if suffix:
                raise SystemExit(f'{self.name}: move {mv} has a direction '
                                 'but the game has none to choose')
            return pos
        direct = {'': None, 'ccw': gi.Direct.CCW, 'cw': gi.Direct.CW}[suffix]
        return gi.MoveTpl(pos, direct)

    def legal(self):
        if self.over:
            return []
        moves = self.g.get_moves()
        if moves == [traces.MG.gi.PASS_TOKEN]:
            return ['pass']
        return sorted((notation(self, m) for m in moves),
                      key=lambda mv: (split_move(mv)[0],
                                      ORDER[split_move(mv)[1]]))

    def endless_move(self, mv):
        if not self.g.info.mlaps:
            return False
        with self.g.save_restore_state():
            mdata = self.g.do_sow(mg_move(self, mv))
        return mdata.capt_start == traces.MG.gi.WinCond.ENDLESS

    def play(self, mv):
        gi = traces.MG.gi
        if mv == 'pass':
            cond = self.g.move(gi.PASS_TOKEN)
        else:
            cond = self.g.move(mg_move(self, mv))
        mdata = self.g.mdata
        if mdata is not None and mdata.ended == gi.WinCond.ENDLESS:
            self.endless = True
        if cond in (gi.WinCond.WIN, gi.WinCond.TIE):
            self.over = True
            self.final = list(self.g.store)
            self.mg_winner = (None if cond == gi.WinCond.TIE
                              else int(self.g.mdata.winner))
        elif cond is not None and cond != gi.WinCond.REPEAT_TURN:
            raise SystemExit(f'{self.name}: unsupported MG result {cond} '
                             '(rounds?)')

    def random_game(name, rng, max_plies, no_early_end=False):
        # The peer's random play, with the move given whole to
        # endless_move (the peer reads it as a pit number).
        d = Driver(name, no_early_end)
        positions = [d.position()]
        moves = []
        cut = None
        avoided = 0
        while not d.over:
            if len(moves) >= max_plies:
                cut = 'max-plies'
                break
            legal_now = positions[-1]['legal']
            choices = [m for m in legal_now
                       if m == 'pass' or not d.endless_move(m)]
            avoided += len(legal_now) - len(choices)
            if not choices:
                cut = 'only-endless-moves'
                break
            mv = rng.choice(choices)
            d.play(mv)
            moves.append(mv)
            positions.append(d.position())
            if d.endless:
                raise SystemExit(f'{name}: unexpected ENDLESS sow')
        return d, positions, moves, cut, avoided

    Driver.legal = legal
    Driver.endless_move = endless_move
    Driver.play = play
    traces.random_game = random_game


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    peer = PEER
    if '--peer' in argv:
        at = argv.index('--peer')
        peer = argv[at + 1]
        del argv[at:at + 2]
    sys.path.insert(0, os.path.abspath(peer))
    import traces
    install(traces)
    return traces.main(argv)


if __name__ == '__main__':
    sys.exit(main())
