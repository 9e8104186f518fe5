#!/usr/bin/env python3
"""Differential fuzzer: the crate's `replay` example against reference.py.

    python3 fuzz.py --count 20000 --seed 1

Generates random replay requests (random playouts from each game's opening and
from random valid starts, edge-case boards, inserted illegal moves, moves after
the end, invalid starts), feeds the same lines to
target/release/examples/replay and to reference.py, and compares the answers
line by line: every position exactly (pits, scores, to_move, legal, over,
final, winner), errors by presence and ply only (never by message).
Mismatches are grouped into classes; for each class the smallest failing
request (moves truncated at the first difference, re-checked) is printed.
Exit status: 0 when no mismatch, 1 otherwise.  Stdlib only.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import reference as R  # noqa: E402  (only used to *generate* requests)

CRATE = os.path.abspath(os.path.join(HERE, "..", ".."))
REFERENCE = os.path.join(HERE, "reference.py")
POS_KEYS = ["pits", "scores", "to_move", "legal", "over", "final", "winner"]
GAME_NAMES = list(R.GAMES)
SHORT = {"bohnenspiel": "B", "djenon-aboure": "D", "tihbat": "T", "al-manqala": "M"}


# --------------------------------------------------------------------------
# A tiny game driver on top of the reference rules (for choosing moves)
# --------------------------------------------------------------------------

class Sim:
    def __init__(self, game, pits, scores, to_move):
        self.game = game
        self.n = R.GAMES[game][0]
        self.status_fn, self.move_fn = R.RULES[game]
        self.pits, self.scores, self.to_move = list(pits), list(scores), to_move
        self.history = []
        self._status()

    def _status(self):
        self.over, self.final, self.legal = self.status_fn(
            self.pits, self.scores, self.to_move, self.history)

    def play(self, mv):
        assert mv in self.legal, (mv, self.legal)
        self.history.append((tuple(self.pits), self.to_move))
        if mv != "pass":
            self.pits, self.scores = self.move_fn(self.pits, self.scores, self.to_move, int(mv) - 1)
        self.to_move = 1 - self.to_move
        self._status()


def opening(game):
    n, s = R.GAMES[game]
    return [s] * (2 * n), [0, 0], 0


# --------------------------------------------------------------------------
# Random starts
# --------------------------------------------------------------------------

def random_scores(rng, total, odd):
    mode = rng.random()
    if mode < 0.25:
        c = 0
    elif mode < 0.5:
        c = rng.randrange(0, total // 2 + 1)
    else:
        c = rng.randrange(0, total + 1)
    if not odd:
        c -= c % 2
        s0 = 2 * rng.randrange(0, c // 2 + 1)
    else:
        s0 = rng.randrange(0, c + 1)
    return [s0, c - s0]


_ENDLESS_POOL = []
# Djenon-aboure boards where one player (first item) has non-singleton pits
# but every one of them is endless: that player has no legal move (found by a
# one-off random search around the RULES.md example's cycle).
_ONLY_ENDLESS = [
    (0, (0, 7, 1, 0, 1, 0, 10, 11, 4, 5, 4, 5)), (0, (1, 0, 1, 0, 3, 1, 2, 8, 9, 8, 7, 8)),
    (0, (1, 0, 1, 0, 3, 1, 2, 8, 11, 8, 5, 8)), (0, (1, 0, 1, 0, 3, 1, 2, 8, 13, 10, 5, 4)),
    (0, (1, 0, 1, 0, 3, 1, 2, 10, 9, 10, 5, 6)), (0, (1, 0, 1, 0, 3, 1, 2, 12, 9, 10, 5, 4)),
    (0, (1, 0, 1, 0, 5, 1, 2, 10, 11, 8, 5, 4)), (0, (1, 0, 1, 0, 5, 1, 2, 12, 11, 6, 5, 4)),
    (0, (7, 1, 0, 1, 0, 1, 2, 8, 7, 8, 9, 4)), (1, (2, 10, 9, 10, 5, 4, 1, 0, 1, 0, 5, 1)),
    (1, (2, 12, 9, 6, 5, 4, 1, 0, 7, 1, 0, 1)), (1, (5, 6, 3, 6, 5, 8, 12, 1, 0, 1, 0, 1)),
]


def endless_pool():
    """Djenon-aboure boards (48 seeds on the board) on which some pit's move
    never ends: every lap start of the RULES.md example's cycle, plus random
    one-seed perturbations of them that still hold an endless move."""
    if _ENDLESS_POOL:
        return _ENDLESS_POOL
    pits = [6, 6, 5, 4, 3, 4, 5, 2, 1, 2, 1, 9]
    start, seen, cyc = 0, set(), []
    while (start, tuple(pits)) not in seen:
        seen.add((start, tuple(pits)))
        cyc.append(list(pits))
        k = pits[start]
        pits[start] = 1
        pos = start
        for _ in range(k - 1):
            pos = (pos + 1) % 12
            pits[pos] += 1
        start = pos
    rng = random.Random(12345)
    pool = set(tuple(p) for p in cyc)
    for _ in range(4000):
        p = list(rng.choice(cyc))
        for _ in range(rng.randrange(1, 4)):
            a, b = rng.randrange(12), rng.randrange(12)
            if p[a]:
                p[a] -= 1
                p[b] += 1
        if any(p[i] >= 2 and R.djenon_play(p, i) is None for i in range(12)):
            pool.add(tuple(p))
    _ENDLESS_POOL.extend(sorted(pool))
    return _ENDLESS_POOL


def spread(rng, pits, idxs, seeds):
    for _ in range(seeds):
        pits[rng.choice(idxs)] += 1


def random_start(rng, game, odd=False):
    """Returns (pits, scores, to_move, label)."""
    n, per = R.GAMES[game]
    size, total = 2 * n, 2 * n * per
    allidx = list(range(size))
    south, north = list(range(n)), list(range(n, size))
    to_move = rng.randrange(2)
    kind = rng.choice(["uniform", "uniform", "one-pit", "empty-row", "zero-one", "nearly-empty",
                       "few-pits", "midgame", "midgame", "perturbed", "empty-board", "big-pit",
                       "opponent-row-empty", "mover-row-empty"]
                      + (["djenon-endless"] * 4 if game == "djenon-aboure" else []))
    if kind == "djenon-endless" and rng.random() < 0.3:
        endless_pool()
        if _ONLY_ENDLESS:
            pl, pits = rng.choice(_ONLY_ENDLESS)
            return list(pits), [0, 0], pl if rng.random() < 0.8 else 1 - pl, "djenon-only-endless"
    if kind == "djenon-endless":
        pits = list(rng.choice(endless_pool()))
        owners = sorted(set(i // 6 for i in range(12) if pits[i] >= 2 and R.djenon_play(pits, i) is None))
        if rng.random() < 0.8:
            to_move = rng.choice(owners)
        return pits, [0, 0], to_move, kind
    if kind == "midgame":
        sim = Sim(game, *opening(game))
        for _ in range(rng.randrange(1, 80)):
            if sim.over:
                break
            sim.play(rng.choice(sim.legal))
        if rng.random() < 0.5 or odd:
            return sim.pits, sim.scores, rng.randrange(2), kind
        return sim.pits, sim.scores, sim.to_move, kind
    if kind == "zero-one":
        k = rng.randrange(0, size + 1)
        if not odd:
            k -= k % 2
        pits = [0] * size
        for i in rng.sample(allidx, k):
            pits[i] = 1
        c = total - k
        s0 = rng.randrange(0, c + 1)
        if not odd:
            s0 -= s0 % 2
        return pits, [s0, c - s0], to_move, kind
    if kind == "nearly-empty":
        b = rng.choice([1, 2, 2, 3, 4, 4, 5, 6, 6, 8])
        if not odd:
            b -= b % 2
        pits = [0] * size
        spread(rng, pits, allidx, b)
        c = total - b
        s0 = rng.randrange(0, c + 1)
        if not odd:
            s0 -= s0 % 2
        return pits, [s0, c - s0], to_move, kind
    if kind == "empty-board":
        s0 = rng.randrange(0, total + 1)
        if not odd:
            s0 -= s0 % 2
        return [0] * size, [s0, total - s0], to_move, kind
    if kind == "perturbed":
        pits = [per] * size
        for _ in range(rng.randrange(1, 10)):
            a, b = rng.randrange(size), rng.randrange(size)
            m = rng.randrange(0, pits[a] + 1)
            pits[a] -= m
            pits[b] += m
        return pits, [0, 0], to_move, kind
    scores = random_scores(rng, total, odd)
    board = total - sum(scores)
    pits = [0] * size
    if kind == "uniform":
        spread(rng, pits, allidx, board)
    elif kind == "one-pit":
        pits[rng.randrange(size)] = board
    elif kind == "big-pit":
        big = rng.randrange(board + 1)
        pits[rng.randrange(size)] = big
        spread(rng, pits, allidx, board - big)
    elif kind == "empty-row":
        spread(rng, pits, rng.choice([south, north]), board)
    elif kind == "opponent-row-empty":      # feeding / starvation / Bohnenspiel end
        spread(rng, pits, south if to_move == 0 else north, board)
        if rng.random() < 0.5:            # mostly small counts, so that feeding is not trivial
            pits = [min(x, rng.randrange(1, 4)) for x in pits]
            extra = board - sum(pits)
            own = south if to_move == 0 else north
            pits[own[0]] += extra         # the leftmost own pit rarely feeds
    elif kind == "mover-row-empty":         # pass
        spread(rng, pits, north if to_move == 0 else south, board)
    elif kind == "few-pits":
        chosen = rng.sample(allidx, rng.randrange(1, 4))
        spread(rng, pits, chosen, board)
    return pits, scores, to_move, kind


# --------------------------------------------------------------------------
# Illegal moves
# --------------------------------------------------------------------------

GARBAGE = ["abc", "", "x1", "1x", "-1", "2.5", "pass1", "PASSx", "null", "p", "1 2", "one"]


def illegal_moves(rng, sim):
    """All applicable (label, move) illegal-move candidates in this position."""
    n, size = sim.n, 2 * sim.n
    own = R.own_indices(n, sim.to_move)
    opp = R.own_indices(n, 1 - sim.to_move)
    c = []
    c.append(("out-of-range", rng.choice(["0", str(size + 1), str(size + rng.randrange(1, 5)), "99"])))
    c.append(("garbage", rng.choice(GARBAGE)))
    if sim.over:
        c.append(("after-end", rng.choice([str(i + 1) for i in own] + ["pass"])))
        return c
    c.append(("opponent-pit", str(rng.choice(opp) + 1)))
    empty = [i for i in own if sim.pits[i] == 0]
    if empty and sim.legal != ["pass"]:
        c.append(("empty-pit", str(rng.choice(empty) + 1)))
    if "pass" not in sim.legal:
        c.append(("pass-not-forced", "pass"))
    else:
        c.append(("pit-when-pass-forced", str(rng.choice(own) + 1)))
    others = [i for i in own if sim.pits[i] > 0 and str(i + 1) not in sim.legal]
    if others:
        if sim.game == "djenon-aboure":
            singles = [i for i in others if sim.pits[i] == 1]
            endless = [i for i in others if sim.pits[i] >= 2]
            if singles:
                c.append(("djenon-singleton", str(rng.choice(singles) + 1)))
            if endless:
                c.append(("djenon-endless", str(rng.choice(endless) + 1)))
        elif sim.game == "al-manqala":
            c.append(("manqala-non-feeding", str(rng.choice(others) + 1)))
        else:
            c.append(("other-unlisted", str(rng.choice(others) + 1)))
    return c


# --------------------------------------------------------------------------
# Request generation
# --------------------------------------------------------------------------

def name_variant(rng, game):
    r = rng.random()
    if r < 0.85:
        return game
    if r < 0.93:
        return game.upper()
    return "".join(ch.upper() if rng.random() < 0.5 else ch for ch in game)


def playout_request(rng, game, start, label, max_plies):
    """Random legal playout; sometimes with an illegal move, or a move after
    the end, or trailing junk after the illegal move."""
    if start is None:
        sim = Sim(game, *opening(game))
    else:
        sim = Sim(game, start["pits"], start["scores"], start["to_move"])
    moves = []
    r = rng.random()
    if r < 0.35:
        target = rng.randrange(0, 12)
    elif r < 0.7:
        target = rng.randrange(0, max_plies)
    else:
        target = max_plies                      # play to the end (or the cap)
    inject_at = rng.randrange(0, target + 1) if rng.random() < 0.3 else None
    if label in ("djenon-endless", "djenon-only-endless", "opponent-row-empty",
                 "mover-row-empty") and rng.random() < 0.5:
        inject_at = 0
    tags = [label]
    while len(moves) < target:
        if inject_at is not None and len(moves) == inject_at:
            break
        if sim.over:
            break
        mv = rng.choice(sim.legal)
        moves.append(mv)
        sim.play(mv)
    if sim.over:
        tags.append("ended")
    if inject_at is not None or (sim.over and rng.random() < 0.15):
        cands = illegal_moves(rng, sim)
        special = [c for c in cands if c[0] == "djenon-endless"]
        semantic = [c for c in cands if c[0] not in ("garbage", "out-of-range")]
        if special and rng.random() < 0.6:
            kind, mv = rng.choice(special)
        elif semantic and rng.random() < 0.75:
            kind, mv = rng.choice(semantic)
        else:
            kind, mv = rng.choice(cands)
        moves.append(mv)
        tags.append("illegal:" + kind)
        for _ in range(rng.choice([0, 0, 1, 3])):     # ignored trailing moves
            moves.append(rng.choice(["1", "2", "pass", "zz"]))
    req = {"game": name_variant(rng, game)}
    if start is not None:
        req["start"] = start
    req["moves"] = moves
    return req, tags


def invalid_start_request(rng, game):
    n, per = R.GAMES[game]
    size, total = 2 * n, 2 * n * per
    pits = [per] * size
    scores = [0, 0]
    to_move = 0
    kind = rng.choice(["pit-count", "sum", "to-move", "negative", "scores-len", "unknown-game",
                       "bad-json", "not-object", "pits-not-list"])
    if kind == "pit-count":
        pits = [per] * rng.choice([0, size - 1, size + 1, size * 2])
        if pits:
            pits[0] += total - sum(pits) if total - sum(pits) > -pits[0] else 0
    elif kind == "sum":
        d = rng.choice([-2, -1, 1, 2, 10])
        pits[rng.randrange(size)] += d if d > 0 else 0
        if d < 0:
            pits[0] += d
    elif kind == "to-move":
        to_move = rng.choice([2, 3, -1])
    elif kind == "negative":
        pits[0] = -1
        pits[1] += 1 + per      # keep the sum right
        pits[2] -= per
    elif kind == "scores-len":
        scores = rng.choice([[0], [0, 0, 0], []])
    elif kind == "unknown-game":
        return json.dumps({"game": rng.choice(["awale", "", "bohnen spiel", "tihbat2", "kalah-7"]),
                           "moves": ["1"]}), ["invalid:" + kind]
    elif kind == "bad-json":
        return rng.choice(["{", "garbage", '{"game": "tihbat", "moves": [}', "[1,2"]), ["invalid:" + kind]
    elif kind == "not-object":
        return rng.choice(['["tihbat"]', "42", '"tihbat"']), ["invalid:" + kind]
    elif kind == "pits-not-list":
        return json.dumps({"game": game, "start": {"pits": "7777", "scores": [0, 0], "to_move": 0},
                           "moves": []}), ["invalid:" + kind]
    req = {"game": game, "start": {"pits": pits, "scores": scores, "to_move": to_move},
           "moves": rng.choice([[], ["1"], ["1", "2"]])}
    return json.dumps(req), ["invalid:" + kind]


def generate(rng, game, odd):
    r = rng.random()
    max_plies = {"bohnenspiel": 150, "djenon-aboure": 200, "tihbat": 80, "al-manqala": 250}[game]
    if r < 0.04:
        return invalid_start_request(rng, game)
    if r < 0.40:
        start = None
        label = "opening"
        if rng.random() < 0.1:
            pits, scores, tm = opening(game)
            start = {"pits": pits, "scores": scores, "to_move": tm}
            label = "opening-explicit"
    else:
        pits, scores, tm, label = random_start(rng, game, odd and rng.random() < 0.5)
        start = {"pits": pits, "scores": scores, "to_move": tm}
    req, tags = playout_request(rng, game, start, label, max_plies)
    return json.dumps(req, separators=(",", ":")), tags


# Djenon-aboure boards (South to move) where the given pit's move terminates
# only after ~200 relay laps (found by a one-off random search): a lap limit
# instead of exact cycle detection would wrongly call them endless.
LONG_RELAYS = [
    (3, [5, 2, 3, 3, 2, 3, 4, 8, 5, 4, 5, 4]),
    (5, [5, 2, 1, 4, 3, 3, 4, 8, 5, 4, 5, 4]),
    (3, [5, 2, 5, 3, 0, 3, 4, 8, 5, 4, 5, 4]),
]

FIXED = [
    # the endless Djenon example of RULES.md: pit 1 must be illegal
    ('{"game":"djenon-aboure","start":{"pits":[6,6,5,4,3,4,5,2,1,2,1,9],"scores":[0,0],"to_move":0},"moves":["1"]}',
     ["fixed:djenon-endless"]),
    ('{"game":"djenon-aboure","start":{"pits":[6,6,5,4,3,4,5,2,1,2,1,9],"scores":[0,0],"to_move":0},"moves":["2"]}',
     ["fixed:djenon-endless-other"]),
    ('{"game":"djenon-aboure","moves":["3","9","pass"]}', ["fixed:protocol-example"]),
] + [
    (json.dumps({"game": "djenon-aboure", "start": {"pits": p, "scores": [0, 0], "to_move": 0},
                 "moves": [str(m)]}), ["fixed:djenon-long-relay"]) for m, p in LONG_RELAYS
] + [
    ('{"game":"tihbat","start":{"pits":[1,0,1,0],"scores":[13,13],"to_move":0},"moves":["1","3","1"]}',
     ["fixed:tihbat-repetition"]),
    ('{"game":"tihbat","start":{"pits":[0,0,0,1],"scores":[14,13],"to_move":0},"moves":["pass","4"]}',
     ["fixed:tihbat-repetition-after-pass"]),
    ('{"game":"al-manqala","start":{"pits":[3,1,0,0,0,0,0,0,0,0,0,0,0,0],"scores":[45,49],"to_move":0},"moves":[]}',
     ["fixed:manqala-starvation"]),
    ('{"game":"bohnenspiel","start":{"pits":[12,0,0,0,0,0,0,0,0,0,0,0],"scores":[30,30],"to_move":0},"moves":["1"]}',
     ["fixed:bohnenspiel-no-skip"]),
]


# Requests whose handling PROTOCOL.md leaves open (or only implies): sent only
# with --protocol-edges.  The reference's choice is in its docstring; a
# difference here is a question for the protocol, not necessarily a bug.
PROTOCOL_EDGES = [
    '["tihbat"]', '["tihbat",null,["1"]]', '{"game":"tihbat"}', '{"game":"tihbat","moves":null}',
    '{"game":"tihbat","moves":[1]}', '{"game":"tihbat","moves":["01"]}', '{"game":"tihbat","moves":["+1"]}',
    '{"game":"tihbat","moves":[" 1"]}', '{"game":"tihbat","moves":["Pass"]}', '{"game":"tihbat","moves":["1.0"]}',
    '{"game":"tihbat","start":null,"moves":["1"]}', '{"game":"tihbat","start":{"pits":[7,7,7,7]},"moves":[]}',
    '{"game":"tihbat","start":{"pits":[7,7,7,7],"scores":[0,0],"to_move":"0"},"moves":[]}',
    '{"game":"tihbat","start":{"pits":[7.0,7,7,7],"scores":[0,0],"to_move":0},"moves":[]}',
    '{"game":"tihbat","start":{"pits":[7,7,7,7],"scores":[0,0],"to_move":0,"extra":1},"moves":[],"x":2}',
    '{"game":" tihbat","moves":[]}', '{"game":"al_manqala","moves":[]}', '{"game":"djenon aboure","moves":[]}',
    '{"moves":[]}', '{"game":"tihbat","moves":["-0"]}', '', '   ',
    '{"game":"tihbat","game":"tihbat"}', '{"moves":["1"],"game":"tihbat","moves":["1"]}',
    '{"game":"tihbat","start":{"pits":[7,7,7,7],"pits":[7,7,7,7]}}', '{"moves":["1","3"],"game":"tihbat"}',
    # Values that do not decode: refused as a whole (ply 0), wherever they stand.
    '{"game":"tihbat","moves":["1","\\ud800","3"]}', '{"game":"tihbat","moves":["1",1e999999,"3"]}',
    '{"game":"tihbat","moves":["3","\\udc00"]}', '{"game":"tihbat","moves":["1",["\\ud800"]]}',
    '{"game":"tihbat","moves":["1",{"\\ud800":1}]}', '{"game":"tihbat","moves":["1",NaN]}',
    '{"game":"tihbat","moves":["1","\\ud83d\\ude00"]}', '{"game":"tihbat","moves":["\\u0031",1e308]}',
]


def compositions(total, parts):
    """Every list of `parts` non-negative ints summing to `total`."""
    if parts == 1:
        yield [total]
        return
    for first in range(total + 1):
        for rest in compositions(total - first, parts - 1):
            yield [first] + rest


def exhaustive(rng, games, small):
    """One-move requests from every Tihbat board (any board total), and from
    every board of the other games holding at most `small` seeds: both
    players to move, every pit number and pass (legal or not)."""
    out = []
    for game in games:
        n, per = R.GAMES[game]
        total = 2 * n * per
        top = total if game == "tihbat" else small
        for b in range(top + 1):
            for pits in compositions(b, 2 * n):
                c = total - b
                s0 = rng.randrange(0, c + 1)
                for tm in (0, 1):
                    start = {"pits": pits, "scores": [s0, c - s0], "to_move": tm}
                    base = {"game": game, "start": start}
                    if game == "tihbat":
                        sim = Sim(game, pits, start["scores"], tm)
                        cands = list(sim.legal) or ["1"]
                        cands.append(rng.choice([str(i) for i in range(1, 5)] + ["pass"]))
                    else:
                        cands = [str(i) for i in range(1, 2 * n + 1)] + ["pass"]
                    for mv in cands:
                        req = dict(base, moves=[mv])
                        out.append((json.dumps(req, separators=(",", ":")), ["exhaustive"]))
    return out


# --------------------------------------------------------------------------
# Running both sides
# --------------------------------------------------------------------------

def run_lines(cmd, lines, timeout):
    """Returns (list of output lines or None per input line, note)."""
    data = "".join(l + "\n" for l in lines)
    try:
        p = subprocess.run(cmd, input=data, capture_output=True, text=True, timeout=timeout, cwd=CRATE)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    out = p.stdout.splitlines()
    if p.returncode != 0 or len(out) != len(lines):
        return out, "exit %d, %d lines for %d (stderr: %s)" % (p.returncode, len(out), len(lines),
                                                             p.stderr.strip()[-300:])
    return out, None


def run_side(cmd, lines, chunk=2000, timeout=300, single_timeout=20, name="?"):
    results = []
    notes = {}
    for k in range(0, len(lines), chunk):
        part = lines[k:k + chunk]
        out, note = run_lines(cmd, part, timeout)
        if note is None:
            results.extend(out)
            continue
        print("  %s: chunk at %d: %s; rerunning line by line" % (name, k, note), file=sys.stderr)
        for j, line in enumerate(part):
            o, n1 = run_lines(cmd, [line], single_timeout)
            if n1 is not None:
                notes[k + j] = n1
                results.append(o[0] if o else None)
            else:
                results.append(o[0])
    return results, notes


def build(no_build):
    binary = os.path.join(CRATE, "target", "release", "examples", "replay")
    if not no_build:
        print("building: cargo build --release --example replay", file=sys.stderr)
        p = subprocess.run(["cargo", "build", "--release", "--example", "replay"], cwd=CRATE,
                           capture_output=True, text=True)
        if p.returncode != 0:
            print(p.stderr[-3000:], file=sys.stderr)
            sys.exit("build failed")
    if not os.path.exists(binary):
        sys.exit("no binary at %s" % binary)
    return binary


# --------------------------------------------------------------------------
# Comparison
# --------------------------------------------------------------------------

def diff(ref_line, rust_line, note=None):
    """Returns None when they agree, else (class-key, description, first
    differing position index or None, error plies)."""
    ref = json.loads(ref_line)
    game = ref.get("game") or "?"
    g = SHORT.get(game, game)
    if rust_line is None:
        return ("%s rust-no-output (%s)" % (g, note), "no output: %s" % note, None)
    try:
        rust = json.loads(rust_line)
    except ValueError:
        return ("%s rust-unparseable" % g, "rust line is not JSON: %r" % rust_line[:200], None)
    if not isinstance(rust, dict):
        return ("%s rust-not-object" % g, "rust line is not an object", None)
    re_, ru = ref.get("error"), rust.get("error")
    if (re_ is None) != (ru is None):
        if re_ is not None:
            rp = rust.get("positions") or []
            return ("%s error only in reference%s" % (g, " (ply 0)" if re_["ply"] == 0 else ""),
                    "reference error %r; rust has none (%d positions)" % (re_, len(rp)), re_["ply"])
        return ("%s error only in rust%s" % (g, " (ply 0)" if ru.get("ply") == 0 else ""),
                "rust error %r; reference has none" % (ru,), ru.get("ply"))
    if re_ is not None:
        if not isinstance(ru, dict) or ru.get("ply") != re_["ply"]:
            return ("%s error ply differs" % g, "error ply: reference %r, rust %r" % (re_, ru),
                    max(re_["ply"], ru.get("ply", 0) if isinstance(ru, dict) and isinstance(ru.get("ply"), int) else 0))
        if re_["ply"] == 0:
            return None
    rpos, upos = ref["positions"], rust.get("positions")
    if not isinstance(upos, list):
        return ("%s rust-missing-positions" % g, "rust has no positions list", 0)
    for i in range(min(len(rpos), len(upos))):
        a, b = rpos[i], upos[i]
        if not isinstance(b, dict):
            return ("%s rust position not an object" % g, "position %d" % i, i)
        for key in POS_KEYS:
            if key not in b:
                return ("%s rust position lacks %s" % (g, key), "position %d lacks %r" % (i, key), i)
            if a[key] != b[key]:
                detail = key
                if key == "legal":
                    sa, sb = set(a[key]), set(b[key])
                    if sa == sb:
                        detail = "legal order"
                    elif "pass" in sa ^ sb:
                        detail = "legal pass"
                    elif sa < sb:
                        detail = "legal: rust allows more"
                    elif sb < sa:
                        detail = "legal: rust allows fewer"
                elif key == "over":
                    detail = "over: reference %s" % a[key]
                return ("%s %s differs" % (g, detail),
                        "position %d %s: reference %r, rust %r\n      ref  %s\n      rust %s"
                        % (i, key, a[key], b[key], json.dumps(a), json.dumps(b)), i)
    if len(rpos) != len(upos):
        return ("%s positions count differs" % g, "positions: reference %d, rust %d" % (len(rpos), len(upos)),
                min(len(rpos), len(upos)))
    if isinstance(rust.get("game"), str) and rust["game"].lower() != game:
        return ("%s game field differs" % g, "game: reference %r, rust %r" % (game, rust["game"]), None)
    return None


def shrink(line, idx):
    """The request truncated to its first idx moves (idx None: unchanged)."""
    if idx is None:
        return line
    try:
        req = json.loads(line)
    except ValueError:
        return line
    if not isinstance(req, dict) or not isinstance(req.get("moves"), list):
        return line
    req["moves"] = req["moves"][:idx]
    return json.dumps(req, separators=(",", ":"))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=5000, help="random requests to generate (default 5000)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--games", default=",".join(GAME_NAMES),
                    help="comma-separated games (default: all four, round robin)")
    ap.add_argument("--odd-scores", action="store_true",
                    help="also generate starts with odd captures (odd Tihbat boards: the split rule is "
                         "floor(board/2) here, a choice RULES.md does not make)")
    ap.add_argument("--protocol-edges", action="store_true",
                    help="also send requests whose handling PROTOCOL.md leaves open (array requests, "
                         "'01', 'Pass', odd game-name spellings, blank lines, ...)")
    ap.add_argument("--exhaustive", type=int, metavar="K", default=None,
                    help="instead of random requests: one-move requests from every Tihbat board, and from "
                         "every board with at most K seeds for the other games (K=4: ~385k requests)")
    ap.add_argument("--binary", help="replay binary (default: build and use target/release/examples/replay)")
    ap.add_argument("--no-build", action="store_true", help="do not run cargo build first")
    ap.add_argument("--requests", help="read request lines from this file instead of generating")
    ap.add_argument("--save", help="write the generated request lines to this file")
    ap.add_argument("--save-mismatches", help="write every mismatching request line to this file")
    ap.add_argument("--show", type=int, default=3, help="examples printed per mismatch class (default 3)")
    args = ap.parse_args()

    games = [g.strip().lower() for g in args.games.split(",") if g.strip()]
    for g in games:
        if g not in R.GAMES:
            sys.exit("unknown game %s" % g)

    t0 = time.time()
    if args.requests:
        with open(args.requests) as f:
            lines = [l.rstrip("\n") for l in f if l.strip()]
        tags = [["file"]] * len(lines)
    else:
        rng = random.Random(args.seed)
        lines, tags = [], []
        for line, t in FIXED:
            if json.loads(line)["game"] in games:
                lines.append(line)
                tags.append(t)
        if args.exhaustive is not None:
            for line, t in exhaustive(rng, games, args.exhaustive):
                lines.append(line)
                tags.append(t)
        for i in range(args.count if args.exhaustive is None else 0):
            line, t = generate(rng, games[i % len(games)], args.odd_scores)
            lines.append(line)
            tags.append(t)
    if args.protocol_edges:
        lines.extend(PROTOCOL_EDGES)
        tags.extend([["protocol-edge"]] * len(PROTOCOL_EDGES))
    if args.save:
        with open(args.save, "w") as f:
            f.writelines(l + "\n" for l in lines)
    print("%d requests generated in %.1fs" % (len(lines), time.time() - t0), file=sys.stderr)

    binary = args.binary or build(args.no_build)
    t1 = time.time()
    ref_out, ref_notes = run_side([sys.executable, REFERENCE], lines, name="reference")
    t2 = time.time()
    rust_out, rust_notes = run_side([binary], lines, name="rust")
    t3 = time.time()
    print("reference %.1fs, rust %.1fs" % (t2 - t1, t3 - t2), file=sys.stderr)
    if ref_notes:
        print("REFERENCE FAILED on %d lines, e.g. %s" % (len(ref_notes), list(ref_notes.items())[:3]))

    classes = {}
    mismatches = 0
    bad_lines = []
    for i, line in enumerate(lines):
        if ref_out[i] is None:
            continue
        d = diff(ref_out[i], rust_out[i], rust_notes.get(i))
        if d is None:
            continue
        mismatches += 1
        bad_lines.append(line)
        key, desc, idx = d
        classes.setdefault(key, []).append((i, line, desc, idx))

    if args.save_mismatches:
        with open(args.save_mismatches, "w") as f:
            f.writelines(l + "\n" for l in bad_lines)

    for key in sorted(classes, key=lambda k: -len(classes[k])):
        items = classes[key]
        print("\n=== %s: %d request(s)" % (key, len(items)))
        # the smallest (shrunk) failing request of the class, re-checked
        cands = sorted(items, key=lambda it: len(shrink(it[1], it[3])))[:20]
        best = None
        for i, line, desc, idx in cands:
            small = shrink(line, idx)
            if small == line:
                best = (small, desc, tags[i])
                break
            r1, _ = run_lines([sys.executable, REFERENCE], [small], 60)
            r2, n2 = run_lines([binary], [small], 60)
            d2 = diff(r1[0], r2[0] if r2 else None, n2)
            if d2 is not None and d2[0] == key:
                best = (small, d2[1], tags[i])
                break
        if best is None:
            i, line, desc, idx = cands[0]
            best = (line, desc, tags[i])
        print("  minimal: %s" % best[0])
        print("    tags: %s" % " ".join(best[2]))
        print("    %s" % best[1])
        for i, line, desc, idx in items[:args.show]:
            print("  - #%d [%s] %s" % (i, " ".join(tags[i]), line if len(line) < 600 else line[:600] + "..."))
            print("    %s" % desc.split("\n")[0])

    print("\n%d requests, %d mismatches" % (len(lines), mismatches))
    if classes:
        print("classes: " + "; ".join("%s (%d)" % (k, len(v)) for k, v in
                                      sorted(classes.items(), key=lambda kv: -len(kv[1]))))
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
