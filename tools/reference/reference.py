#!/usr/bin/env python3
"""Independent reference implementation of the four mancala games of
/work/shared/RULES.md, speaking the JSON-lines replay protocol of
/work/shared/PROTOCOL.md.

Stdlib only.  Deliberately naive: plain lists, one seed at a time, no
cleverness, so that it can serve as an independent oracle for the Rust crate.

Internal board representation: a list of 2N ints, index i holds standard
pit number i+1.  South (player 0) owns indices 0..N-1, North owns N..2N-1.
Counterclockwise = index + 1 (mod 2N); backward = index - 1 (mod 2N).

Choices where RULES.md / PROTOCOL.md leave the replay behaviour open:
- Odd-board split (Tihbat repetition end; only reachable from hand-made starts
  with odd captures): each side gets floor(board / 2); one seed is then
  unaccounted for in `final`.
- Moves must be JSON strings: "pass" exactly, or a plain decimal pit number
  without sign / spaces / leading zeros; anything else is an illegal move.
- A missing "moves" field means no moves; a "moves" that is not a list is a
  bad request (ply 0).
- Strict decoding (as the crate's protocol module): a string with a lone
  surrogate escape, a number beyond a float's range, NaN or Infinity, anywhere
  in the line, make it bad JSON (ply 0), also where the value is never used.
- Strict keys (as the crate's protocol module): a duplicate key anywhere, or
  a key other than game/start/moves (pits/scores/to_move in "start"), is a
  bad request (ply 0).
- Djenon-aboure's endless relay: a repeated (start pit, board) in a move, as
  RULES.md says, or (the crate's declared figure, RelayRule::max_laps) a relay
  not ended after DJENON_MAX_LAPS = 4096 laps.  Only a finite relay longer
  than that would tell the two apart; none has been seen (BENCHMARKS.md).
- Al-manqala "endless chasing" is an agreement, not a move: the replay never
  applies it.  Bohnenspiel is played by the main rules (not Hemprich's variant).
"""
import json
import sys

GAMES = {
    # name: (pits per row N, seeds per pit at the opening)
    "bohnenspiel": (6, 6),
    "djenon-aboure": (6, 4),
    "tihbat": (2, 7),
    "al-manqala": (7, 7),
}


def total_of(game):
    n, s = GAMES[game]
    return 2 * n * s


def own_indices(n, player):
    if player == 0:
        return list(range(0, n))
    return list(range(n, 2 * n))


def row_sum(pits, n, player):
    return sum(pits[i] for i in own_indices(n, player))


# --------------------------------------------------------------------------
# Bohnenspiel
# --------------------------------------------------------------------------

def bohnenspiel_status(pits, scores, to_move, history):
    """Returns (over, final, legal)."""
    n = 6
    if row_sum(pits, n, to_move) == 0:
        final = list(scores)
        final[1 - to_move] += sum(pits)     # the last mover takes the board
        return True, final, []
    legal = [str(i + 1) for i in own_indices(n, to_move) if pits[i] > 0]
    return False, None, legal


def bohnenspiel_move(pits, scores, to_move, index):
    size = 12
    pits = list(pits)
    scores = list(scores)
    seeds = pits[index]
    pits[index] = 0
    pos = index
    while seeds > 0:
        pos = (pos + 1) % size       # starting with the next pit, no skip
        pits[pos] += 1
        seeds -= 1
    # capture the last pit if 2/4/6, then backward while 2/4/6
    while pits[pos] in (2, 4, 6):
        scores[to_move] += pits[pos]
        pits[pos] = 0
        pos = (pos - 1) % size
    return pits, scores


# --------------------------------------------------------------------------
# Djenon-aboure
# --------------------------------------------------------------------------

# A relay that has not ended after this many laps counts as endless: the
# crate's declared figure for Djenon-aboure (RelayRule::max_laps), since
# RULES.md's exact detection can take hundreds of thousands of laps.  A
# repeated (start, board) never ends, so it is endless too (found early).
DJENON_MAX_LAPS = 4096


def djenon_play(pits, index):
    """Plays the sowing (with relays) from index.  Returns (new_pits,
    captured) or None when the sowing never ends, or has not ended after
    DJENON_MAX_LAPS laps."""
    size = 12
    pits = list(pits)
    captured = 0
    seen = set()
    start = index
    laps = 0
    while True:
        key = (start, tuple(pits))
        if key in seen or laps == DJENON_MAX_LAPS:
            return None                 # endless relay
        seen.add(key)
        laps += 1
        seeds = pits[start]
        pits[start] = 0
        pos = start
        pits[pos] += 1                  # first seed back into the origin
        seeds -= 1
        while seeds > 0:
            pos = (pos + 1) % size
            pits[pos] += 1
            seeds -= 1
        count = pits[pos]
        if count == 1:
            return pits, 0
        if count in (2, 4):
            while pits[pos] in (2, 4):
                captured += pits[pos]
                pits[pos] = 0
                pos = (pos - 1) % size
            return pits, captured
        # 3 or >= 5: relay from this pit
        start = pos


def djenon_legal_pits(pits, player):
    out = []
    for i in own_indices(6, player):
        if pits[i] >= 2 and djenon_play(pits, i) is not None:
            out.append(i)
    return out


def djenon_status(pits, scores, to_move, history):
    mine = djenon_legal_pits(pits, to_move)
    if mine:
        return False, None, [str(i + 1) for i in mine]
    theirs = djenon_legal_pits(pits, 1 - to_move)
    if theirs:
        return False, None, ["pass"]
    final = list(scores)
    final[0] += row_sum(pits, 6, 0)
    final[1] += row_sum(pits, 6, 1)
    return True, final, []


def djenon_move(pits, scores, to_move, index):
    result = djenon_play(pits, index)
    assert result is not None
    new_pits, captured = result
    scores = list(scores)
    scores[to_move] += captured
    return new_pits, scores


# --------------------------------------------------------------------------
# Tihbat
# --------------------------------------------------------------------------

def tihbat_status(pits, scores, to_move, history):
    """history: list of (tuple(pits), to_move) of the EARLIER positions of
    this replay (not including the current one)."""
    board = sum(pits)
    if board == 0:
        return True, list(scores), []
    if (tuple(pits), to_move) in history:
        final = [scores[0] + board // 2, scores[1] + board // 2]
        return True, final, []
    mine = [i for i in own_indices(2, to_move) if pits[i] > 0]
    if mine:
        return False, None, [str(i + 1) for i in mine]
    return False, None, ["pass"]


def tihbat_move(pits, scores, to_move, index):
    size = 4
    pits = list(pits)
    scores = list(scores)
    seeds = pits[index]
    pits[index] = 0
    pos = index
    pits[pos] += 1                      # first counter back into the origin
    seeds -= 1
    while seeds > 0:
        pos = (pos + 1) % size
        pits[pos] += 1
        seeds -= 1
    if pos in own_indices(2, to_move) and pits[pos] in (2, 4, 6, 8):
        scores[to_move] += pits[pos]
        pits[pos] = 0
    return pits, scores


# --------------------------------------------------------------------------
# Al-manqala
# --------------------------------------------------------------------------

def manqala_feeds(pits, player, index):
    """Does sowing from index drop at least one seed into the opponent's row?"""
    n = 7
    size = 14
    opp = own_indices(n, 1 - player)
    seeds = pits[index]
    pos = index
    while seeds > 0:
        pos = (pos + 1) % size
        if pos in opp:
            return True
        seeds -= 1
    return False


def manqala_status(pits, scores, to_move, history):
    n = 7
    board = sum(pits)
    if board == 0:
        return True, list(scores), []
    mine_nonempty = [i for i in own_indices(n, to_move) if pits[i] > 0]
    if row_sum(pits, n, 1 - to_move) == 0:
        feeding = [i for i in mine_nonempty if manqala_feeds(pits, to_move, i)]
        if feeding:
            return False, None, [str(i + 1) for i in feeding]
        final = list(scores)
        final[1 - to_move] += board          # the starved opponent takes all
        return True, final, []
    if not mine_nonempty:
        return False, None, ["pass"]
    return False, None, [str(i + 1) for i in mine_nonempty]


def manqala_move(pits, scores, to_move, index):
    size = 14
    pits = list(pits)
    scores = list(scores)
    seeds = pits[index]
    pits[index] = 0
    pos = index
    while seeds > 0:
        pos = (pos + 1) % size
        pits[pos] += 1
        seeds -= 1
    while pits[pos] in (2, 4):
        scores[to_move] += pits[pos]
        pits[pos] = 0
        pos = (pos - 1) % size
    return pits, scores


RULES = {
    "bohnenspiel": (bohnenspiel_status, bohnenspiel_move),
    "djenon-aboure": (djenon_status, djenon_move),
    "tihbat": (tihbat_status, tihbat_move),
    "al-manqala": (manqala_status, manqala_move),
}


# --------------------------------------------------------------------------
# Replay protocol
# --------------------------------------------------------------------------

class BadRequest(Exception):
    pass


def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def position_json(pits, scores, to_move, over, final, legal):
    winner = None
    if over:
        if final[0] > final[1]:
            winner = 0
        elif final[1] > final[0]:
            winner = 1
    return {
        "pits": list(pits),
        "scores": list(scores),
        "to_move": to_move,
        "legal": list(legal),
        "over": over,
        "final": list(final) if over else None,
        "winner": winner,
    }


def parse_start(game, start):
    n, per = GAMES[game]
    if start is None:
        return [per] * (2 * n), [0, 0], 0
    if not isinstance(start, dict):
        raise BadRequest("start must be an object")
    extra = set(start) - {"pits", "scores", "to_move"}
    if extra:
        raise BadRequest("unknown start field %r" % sorted(extra)[0])
    pits = start.get("pits")
    scores = start.get("scores", [0, 0])
    to_move = start.get("to_move", 0)
    if not isinstance(pits, list) or len(pits) != 2 * n:
        raise BadRequest("start.pits must be a list of %d counts" % (2 * n))
    if not all(is_int(x) and x >= 0 for x in pits):
        raise BadRequest("start.pits must hold non-negative integers")
    if not isinstance(scores, list) or len(scores) != 2 or \
            not all(is_int(x) and x >= 0 for x in scores):
        raise BadRequest("start.scores must be two non-negative integers")
    if not is_int(to_move) or to_move not in (0, 1):
        raise BadRequest("start.to_move must be 0 or 1")
    if sum(pits) + sum(scores) != total_of(game):
        raise BadRequest("seeds add up to %d, not %d"
                         % (sum(pits) + sum(scores), total_of(game)))
    return list(pits), list(scores), to_move


def parse_move(game, text):
    """Returns 'pass', an index, or raises ValueError with a message."""
    n, _ = GAMES[game]
    if not isinstance(text, str):
        raise ValueError("move must be a string")
    if text == "pass":
        return "pass"
    if text.isascii() and text.isdigit() and (text == "0" or not text.startswith("0")):
        p = int(text)
        if 1 <= p <= 2 * n:
            return p - 1
        raise ValueError("pit %d out of range 1-%d" % (p, 2 * n))
    raise ValueError("unreadable move %r" % text)


def replay(req):
    if not isinstance(req, dict):
        raise BadRequest("request must be a JSON object")
    extra = set(req) - {"game", "start", "moves"}
    if extra:
        raise BadRequest("unknown field %r" % sorted(extra)[0])
    name = req.get("game")
    if not isinstance(name, str) or name.lower() not in GAMES:
        raise BadRequest("unknown game %r" % (name,))
    game = name.lower()
    pits, scores, to_move = parse_start(game, req.get("start"))
    moves = req.get("moves", [])
    if not isinstance(moves, list):
        raise BadRequest("moves must be a list")
    status, move_fn = RULES[game]

    history = []                        # (tuple(pits), to_move) of earlier positions
    over, final, legal = status(pits, scores, to_move, history)
    positions = [position_json(pits, scores, to_move, over, final, legal)]
    error = None
    for ply, text in enumerate(moves, start=1):
        try:
            mv = parse_move(game, text)
        except ValueError as e:
            error = {"ply": ply, "message": str(e)}
            break
        if over:
            error = {"ply": ply, "message": "the game is over"}
            break
        label = "pass" if mv == "pass" else str(mv + 1)
        if label not in legal:
            error = {"ply": ply, "message": "illegal move %s" % label}
            break
        history.append((tuple(pits), to_move))
        if mv != "pass":
            pits, scores = move_fn(pits, scores, to_move, mv)
        to_move = 1 - to_move
        over, final, legal = status(pits, scores, to_move, history)
        positions.append(position_json(pits, scores, to_move, over, final, legal))
    out = {"game": game, "positions": positions}
    if error is not None:
        out["error"] = error
    return out


def no_duplicates(pairs):
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError("duplicate key")
    return dict(pairs)


def finite_float(text):
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError("number out of range")
    return value


def finite_int(text):
    value = int(text)
    finite_float(value)                 # an integer beyond a float is out of range too
    return value


def no_constants(name):
    raise ValueError("%s is not JSON" % name)


def no_lone_surrogates(value):
    """Python decodes a lone surrogate escape ("\\ud800") to a lone surrogate;
    the protocol refuses the line (a pair is one character, and is fine)."""
    if isinstance(value, str):
        if any(0xD800 <= ord(ch) <= 0xDFFF for ch in value):
            raise ValueError("lone surrogate")
    elif isinstance(value, list):
        for item in value:
            no_lone_surrogates(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            no_lone_surrogates(key)
            no_lone_surrogates(item)


def handle_line(line):
    try:
        req = json.loads(line, object_pairs_hook=no_duplicates, parse_float=finite_float,
                         parse_int=finite_int, parse_constant=no_constants)
        no_lone_surrogates(req)
    except ValueError as e:
        return {"game": None, "error": {"ply": 0, "message": "bad JSON: %s" % e}}
    try:
        return replay(req)
    except BadRequest as e:
        game = req.get("game") if isinstance(req, dict) else None
        if isinstance(game, str) and game.lower() in GAMES:
            game = game.lower()
        return {"game": game if isinstance(game, str) else None,
                "error": {"ply": 0, "message": str(e)}}


def main():
    out = sys.stdout
    for line in sys.stdin:
        line = line.rstrip("\r\n")
        out.write(json.dumps(handle_line(line), separators=(",", ":")) + "\n")
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
