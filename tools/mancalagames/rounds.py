#!/usr/bin/env python3
"""MancalaGames traces of games played in rounds, one line a round.

    python3 tools/mancalagames/rounds.py --mg DIR --game NAME --games N \
        --seed S [--rounds K] [--random-starts F] [--max-plies M]
        [--max-rounds R] [--out FILE] [--check] [--peer DIR]

The peer's traces.py (../shared/peers/mancalagames/) stops at the end of a
round ("unsupported MG result ... ROUND_WIN").  This module imports it and
extends its driver: it plays N random MancalaGames matches and writes one
JSON line per round, in the replay protocol's shape for a game in rounds
(src/protocol.rs, "Games in rounds"):

    {"game": NAME,
     "start": {"pits", "scores", "to_move", "out_of_play", "starter"},
     "moves": [...],
     "positions": [P0, P1, ...],
     "mg": {"index": match, "round": r, ...}}

Each position carries the peer's fields and two more: ``out_of_play``, the
pit numbers MancalaGames has blocked (its ``blocked`` list, loc k is pit
k + 1), and ``next_round``: null, except on the round's last position when
another round follows, where it is the next round's start as MancalaGames
builds it (``new_game(new_round=True)``: board, stores, player to move, the
blocked pits).  The next round's line starts from that same position, its
``starter`` MancalaGames' ``starter``.  A round that ends the match (its
WIN or TIE) has ``next_round`` null.

The play within a round is the peer's mapping (its Driver), unchanged: the
board and stores as the move left them, before the ender; ``final`` the
stores after it; MancalaGames' ROUND_WIN / ROUND_TIE are a finished game
like WIN / TIE.  Relay moves that would hit MancalaGames' 75-lap limit are
avoided as in the peer.  A round still running after --max-plies plies, or
a match after --max-rounds rounds, is cut (``mg.cut``).

--rounds K: stop once K rounds are written (the match under way is
finished): at most N matches, at least K rounds if the matches give them.

--random-starts F: with probability F a round's line starts from a ply of
that round chosen at random (its ``starter`` and ``out_of_play`` stay the
round's): the state of a round is its position, its out-of-play pits and
who started it, which the start says.

A game for territory (MancalaGames' goal TERRITORY), whose moves
MancalaGames names (row, pos, direction) since a player's pits may lie in
either row, has them in pit numbers (row 1 is South's: loc = pos; row 0
North's: loc = 2n - 1 - pos) and also says, in each position, in its start and in ``next_round``, ``territory``: the pit
numbers South owns (its ``owner`` list, False is South), which change only
between rounds.

A game whose first moves bar captures (MancalaGames' ``nocaptmoves``) says,
in each position while the bar holds, in its start and in ``next_round``,
``opening_left``: the crate's count of the moves of the opening left
(traces_ext.py's reading: ``nocaptmoves`` less ``movers``, at least 1 while
the inhibitor is on); every round opens with the whole opening.

Use ``rounds_diff.py`` to compare, which also compares ``out_of_play`` and
``next_round`` (and ``territory`` when the traces have it).  Nothing of MancalaGames is copied: it is imported from its
checkout by the peer's loader.
"""
import argparse
import json
import os
import random
import sys

import traces_ext  # noqa: E402 (this directory; no side effect on import)

HERE = os.path.dirname(os.path.abspath(__file__))
CRATE = os.path.dirname(os.path.dirname(HERE))
PEER = os.path.join(CRATE, '..', 'shared', 'peers', 'mancalagames')

MAX_ROUNDS = 100


def load_peer(peer_dir):
    sys.path.insert(0, os.path.abspath(peer_dir))
    import traces
    return traces


def make_driver_class(traces):
    """The peer's Driver, extended to rounds."""

    class RoundDriver(traces.Driver):

        def __init__(self, name):
            super().__init__(name)
            self.round_over = False     # this round ended, the match goes on
            self.match_over = False
            self.next_round = None

        def blocked(self):
            blocked = self.g.blocked or []
            return [loc + 1 for loc, b in enumerate(blocked) if b]

        def territorial(self):
            return self.g.info.goal == traces.MG.gi.Goal.TERRITORY

        def territory(self):
            """The pit numbers South owns (MancalaGames' owner list:
            False is South)."""
            return [loc + 1 for loc, own in enumerate(self.g.owner)
                    if own is False or own == 0]

        # -- a game for territory: MancalaGames' moves are (row, pos,
        # direction) tuples, a player's pits being in either row; row 1 is
        # South's (loc = pos), row 0 North's (loc = 2n - 1 - pos)
        def tuple_moves(self):
            """{pit number: MG move} of a game for territory."""
            moves = self.g.get_moves()
            out = {}
            for m in moves:
                if m == traces.MG.gi.PASS_TOKEN:
                    continue
                row, pos, direct = m
                if direct is not None:
                    raise SystemExit(f'{self.name}: a direction to choose '
                                     'in a game for territory: unsupported')
                loc = pos if row else 2 * self.n - 1 - pos
                out[loc + 1] = m
            return out

        def legal(self):
            if not self.territorial() or self.over:
                return super().legal()
            moves = self.g.get_moves()
            if moves == [traces.MG.gi.PASS_TOKEN]:
                return ['pass']
            return [str(p) for p in sorted(self.tuple_moves())]

        def mg_move(self, mv):
            if mv == 'pass':
                return traces.MG.gi.PASS_TOKEN
            if self.territorial():
                return self.tuple_moves()[int(mv)]
            return self.to_pos(int(mv))

        def endless_move(self, pit):
            if not self.territorial():
                return super().endless_move(pit)
            if not self.g.info.mlaps:
                return False
            with self.g.save_restore_state():
                mdata = self.g.do_sow(self.tuple_moves()[pit])
            return mdata.capt_start == traces.MG.gi.WinCond.ENDLESS

        def opening_left(self):
            """The moves of the opening left (traces_ext.opening_left)."""
            return traces_ext.opening_left(self.g)

        def position(self):
            p = super().position()
            if self.opening_left():
                p['opening_left'] = self.opening_left()
            p['out_of_play'] = self.blocked()
            p['next_round'] = self.next_round if self.over else None
            if self.territorial():
                p['territory'] = self.territory()
            return p

        def play(self, mv):
            gi = traces.MG.gi
            cond = self.g.move(self.mg_move(mv))
            mdata = self.g.mdata
            if mdata is not None and mdata.ended == gi.WinCond.ENDLESS:
                self.endless = True
            if cond in (gi.WinCond.WIN, gi.WinCond.TIE,
                        gi.WinCond.ROUND_WIN, gi.WinCond.ROUND_TIE):
                self.over = True
                self.final = list(self.g.store)
                tie = cond in (gi.WinCond.TIE, gi.WinCond.ROUND_TIE)
                self.mg_winner = None if tie else int(self.g.mdata.winner)
                if cond in (gi.WinCond.ROUND_WIN, gi.WinCond.ROUND_TIE):
                    self.round_over = True
                else:
                    self.match_over = True
            elif cond is not None and cond != gi.WinCond.REPEAT_TURN:
                raise SystemExit(f'{self.name}: unsupported MG result {cond}')

        def start_next_round(self):
            """MancalaGames' next round; returns its start (protocol
            shape)."""
            g = self.g
            g.new_game(new_round=True)
            self.over = False
            self.final = None
            self.mg_winner = None
            self.round_over = False
            self.next_round = None
            start = {'pits': list(g.board), 'scores': list(g.store),
                      'to_move': int(g.turn), 'out_of_play': self.blocked()}
            if self.territorial():
                start['territory'] = self.territory()
            if self.opening_left():
                start['opening_left'] = self.opening_left()
            return start

    return RoundDriver


def play_round(d, rng, max_plies, traces):
    """Play the driver's current round to its end; (positions, moves, cut)."""
    positions = [d.position()]
    moves = []
    cut = None
    while not d.over:
        if len(moves) >= max_plies:
            cut = 'max-plies'
            break
        legal = positions[-1]['legal']
        choices = [m for m in legal
                   if m == 'pass' or not d.endless_move(int(m))]
        if not choices:
            cut = 'only-endless-moves'
            break
        mv = rng.choice(choices)
        d.play(mv)
        moves.append(mv)
        positions.append(d.position())
        if d.endless:
            raise SystemExit(f'{d.name}: unexpected ENDLESS sow')
    return positions, moves, cut


def random_match(Driver, name, rng, args, traces):
    """One random match: a list of (positions, moves, cut, starter,
    mg_winner, over) a round."""
    d = Driver(name)
    rounds = []
    while True:
        starter = int(d.g.starter)
        positions, moves, cut = play_round(d, rng, args.max_plies, traces)
        winner = d.mg_winner
        if d.over and d.round_over:
            # the round's last position says the next round's start (also
            # for the last round kept, when the match is cut there)
            positions[-1]['next_round'] = d.start_next_round()
            if len(rounds) + 1 >= args.max_rounds:
                cut = 'max-rounds'
        rounds.append((positions, moves, cut, starter, winner))
        if cut or not positions[-1]['next_round']:
            return d, rounds


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--mg', required=True)
    ap.add_argument('--peer', default=PEER)
    ap.add_argument('--game', required=True)
    ap.add_argument('--games', type=int, default=100,
                    help='matches to play')
    ap.add_argument('--seed', default='1')
    ap.add_argument('--random-starts', type=float, default=0.0)
    ap.add_argument('--max-plies', type=int, default=1000)
    ap.add_argument('--max-rounds', type=int, default=MAX_ROUNDS)
    ap.add_argument('--rounds', type=int, default=0,
                    help='stop once this many rounds are written')
    ap.add_argument('--out')
    ap.add_argument('--check', action='store_true')
    args = ap.parse_args(argv)

    traces = load_peer(args.peer)
    traces.load_mg(args.mg)
    Driver = make_driver_class(traces)
    out = open(args.out, 'w') if args.out else sys.stdout
    errors = []
    stats = dict(matches=0, rounds=0, positions=0, cut=0, random_starts=0,
                 longest=0)
    for gno in range(args.games):
        if args.rounds and stats['rounds'] >= args.rounds:
            break
        rng = random.Random(f'{args.seed}:{args.game}:{gno}')
        d, rounds = random_match(Driver, args.game, rng, args, traces)
        stats['matches'] += 1
        stats['longest'] = max(stats['longest'], len(rounds))
        for rno, (positions, moves, cut, starter, winner) in \
                enumerate(rounds):
            offset = 0
            if args.random_starts and rng.random() < args.random_starts \
                    and len(moves) > 1:
                over = positions[-1]['over']
                last = len(positions) - 2 if over else len(positions) - 1
                offset = rng.randint(1, max(1, last))
                stats['random_starts'] += 1
            sp = positions[offset]
            rec = {'game': args.game,
                   'start': {'pits': sp['pits'], 'scores': sp['scores'],
                             'to_move': sp['to_move'],
                             'out_of_play': sp['out_of_play'],
                             'starter': starter,
                             **({'territory': sp['territory']}
                                if 'territory' in sp else {}),
                             **({'opening_left': sp['opening_left']}
                                if 'opening_left' in sp else {})},
                   'moves': moves[offset:],
                   'positions': positions[offset:],
                   'mg': {'index': gno, 'round': rno + 1, 'seed': args.seed,
                          'start_ply': offset, 'cut': cut,
                          'commit': traces.mg_commit(traces.MG.root)}}
            if args.check:
                check = dict(rec, start={k: rec['start'][k] for k in
                                         ('pits', 'scores', 'to_move')})
                check_positions = [
                    {k: v for k, v in p.items()
                     if k not in ('out_of_play', 'next_round', 'territory',
                                  'opening_left')}
                    for p in rec['positions']]
                check['positions'] = check_positions
                traces.check_trace(check, d.total, winner, errors)
                for p in rec['positions']:
                    if any(p['pits'][k - 1] for k in p['out_of_play']):
                        errors.append(f'match {gno} round {rno + 1}: '
                                      f'seeds in an out-of-play pit {p}')
            out.write(json.dumps(rec, separators=(',', ':')) + '\n')
            stats['rounds'] += 1
            stats['positions'] += len(rec['positions'])
            stats['cut'] += cut is not None
    if args.out:
        out.close()
    print(f"{args.game}: {stats['matches']} matches, {stats['rounds']} "
          f"rounds, {stats['positions']} positions, {stats['cut']} cut, "
          f"{stats['random_starts']} random starts, longest match "
          f"{stats['longest']} rounds", file=sys.stderr)
    if args.check:
        for e in errors[:20]:
            print('CHECK:', e, file=sys.stderr)
        print(f"{args.game}: check "
              f"{'FAILED, ' + str(len(errors)) + ' errors' if errors else 'ok'}",
              file=sys.stderr)
        return 1 if errors else 0
    return 0


if __name__ == '__main__':
    sys.exit(main())
