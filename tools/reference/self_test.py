#!/usr/bin/env python3
"""Hand-checked cases for reference.py (run: python3 self_test.py).

Every expected value below was worked out by hand from RULES.md, not by
running the code."""
import json
import subprocess
import sys
import os

import reference as R

HERE = os.path.dirname(os.path.abspath(__file__))
failures = 0


def run(game, moves, pits=None, scores=(0, 0), to_move=0):
    req = {"game": game, "moves": list(moves)}
    if pits is not None:
        req["start"] = {"pits": list(pits), "scores": list(scores), "to_move": to_move}
    return R.handle_line(json.dumps(req))


def check(name, got, want):
    global failures
    if got != want:
        failures += 1
        print("FAIL %s\n  got  %r\n  want %r" % (name, got, want))


def last(resp):
    if "positions" not in resp:
        print("BAD REQUEST in test:", resp)
        return {"pits": None, "scores": None, "to_move": None, "legal": None, "over": None, "final": None, "winner": None}
    return resp["positions"][-1]


# ---------------- openings ----------------
for g, n, s in [("bohnenspiel", 6, 6), ("djenon-aboure", 6, 4), ("tihbat", 2, 7), ("al-manqala", 7, 7)]:
    r = run(g.upper() if g == "tihbat" else g, [])
    p = r["positions"][0]
    check(g + " opening", (p["pits"], p["scores"], p["to_move"], p["legal"], p["over"], p["final"], p["winner"]),
          ([s] * (2 * n), [0, 0], 0, [str(i) for i in range(1, n + 1)], False, None, None))
    check(g + " name", r["game"], g)

# ---------------- Bohnenspiel ----------------
B = "bohnenspiel"
check("boh sow from next pit", last(run(B, ["1"]))["pits"], [0, 7, 7, 7, 7, 7, 7, 6, 6, 6, 6, 6])
#   pit 6 (2 seeds) -> pit7 1->2, pit8 3->4: capture 4 then 2, pit6 now 0 stops
p = last(run(B, ["6"], [0, 0, 0, 0, 5, 2, 1, 3, 0, 0, 0, 5], [26, 30], 0))
check("boh capture chain", (p["pits"], p["scores"]), ([0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 5], [32, 30]))
#   pit 1 (7 seeds) -> 2..8; pit8 1->2, pit7 1->2, pit6 3->4, pit5 1->2, pit4 2->3 stops
p = last(run(B, ["1"], [7, 0, 0, 2, 1, 3, 1, 1, 0, 0, 0, 0], [29, 28], 0))
check("boh chain into own row", (p["pits"], p["scores"]), ([0, 1, 1, 3, 0, 0, 0, 0, 0, 0, 0, 0], [39, 28]))
#   North pit 12 (2 seeds) -> pit1 1->2, pit2 1->2: capture both, pit12 (0) stops
p = last(run(B, ["12"], [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 5, 2], [30, 33], 1))
check("boh chain wraps 2->1->12", (p["pits"], p["scores"]), ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0], [30, 37]))
#   capture 6 but not 8
p = last(run(B, ["1"], [1, 5, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0], [32, 32], 0))
check("boh capture 6", (p["pits"], p["scores"]), ([0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0], [38, 32]))
p = last(run(B, ["1"], [1, 7, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0], [31, 32], 0))
check("boh no capture 8", (p["pits"], p["scores"]), ([0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0], [31, 32]))
#   12 seeds: origin not skipped -> origin gets the 12th seed
p = last(run(B, ["1"], [12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [30, 30], 0))
check("boh 12 no skip", (p["pits"], p["scores"]), ([1] * 12, [30, 30]))
#   13 seeds from pit 1: pits 2..12 get 1, pit1 gets 1, pit2 gets 2nd -> 2 captured, pit1=1 stops
p = last(run(B, ["1"], [13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [30, 29], 0))
check("boh 13", (p["pits"], p["scores"]), ([1, 0] + [1] * 10, [32, 29]))
#   end: North's row empty after South's move -> South (last mover) takes board
p = last(run(B, ["1"], [1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [31, 38], 0))
check("boh end", (p["pits"], p["to_move"], p["legal"], p["over"], p["final"], p["winner"]),
      ([0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 1, [], True, [34, 38], 1))
#   pit1 (1) -> pit2 3->4 captured; board empty, North's row empty -> over
p = last(run(B, ["1"], [1, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [30, 38], 0))
check("boh end capture", (p["pits"], p["over"], p["final"], p["winner"]),
      ([0] * 12, True, [34, 38], 1))
#   start with mover's row empty: over at once, other player takes the board
p = run(B, [], [0] * 6 + [1, 0, 0, 0, 0, 3], [34, 34], 0)["positions"][0]
check("boh over at start", (p["over"], p["final"], p["winner"], p["legal"]), (True, [34, 38], 1, []))
r = run(B, ["7"], [0] * 6 + [1, 0, 0, 0, 0, 3], [34, 34], 0)
check("boh move after end", (len(r["positions"]), r["error"]["ply"]), (1, 1))
r = run(B, ["7"])
check("boh opponent pit", (len(r["positions"]), r["error"]["ply"]), (1, 1))
r = run(B, ["pass"])
check("boh pass", r["error"]["ply"], 1)

# ---------------- Djenon-aboure ----------------
D = "djenon-aboure"
def dj(pits, moves, scores=None, to_move=0):
    if scores is None:
        scores = [48 - sum(pits), 0]
    return run(D, moves, pits, scores, to_move)
#   pit2 (2): 1 back in pit2, 1 in pit3 (0 -> 1): ends
p = last(dj([0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], ["2"]))
check("dj ends on 1", (p["pits"], p["scores"]), ([0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1], [45, 0]))
#   pit3 had 1 -> 2: captured; pit2 holds 1 -> stop
p = last(dj([0, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1], ["2"]))
check("dj capture 2", (p["pits"], p["scores"]), ([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], [46, 0]))
#   pit1 (3): pit1=1, pit2 1->2, pit3 3->4: capture 4, 2; pit1=1 stops
p = last(dj([3, 1, 3, 0, 0, 0, 0, 0, 0, 0, 0, 3], ["1"]))
check("dj capture chain", (p["pits"], p["scores"]), ([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3], [44, 0]))
#   chain goes backward across rows: North pit 12 (2): pit12=1, pit1 3->4: capture; pit12 holds 1: stop
p = last(dj([3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], ["12"], [20, 23], 1))
check("dj capture in opp row", (p["pits"], p["scores"]), ([0] * 11 + [1], [20, 27]))
#   chain 4,2 across rows: North pit 8 (5): 8=1, 9,10,11,12 +1; 12: 1->2 capture; 11: 1->2 capture; 10: 3->4 capture; 9: 0->1 stop
p = last(dj([1, 0, 0, 0, 0, 0, 0, 5, 0, 3, 1, 1], ["8"], [20, 17], 1))
check("dj chain backward", (p["pits"], p["scores"]), ([1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0], [20, 25]))
#   relay on 3: pit1 (2): pit1=1, pit2 2->3 relay: pit2=1, pit3 0->1, pit4 0->1 ends
p = last(dj([2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], ["1"]))
check("dj relay 3", (p["pits"], p["scores"]), ([1, 1, 1, 1] + [0] * 8, [44, 0]))
#   relay on 5: pit1 (2): pit1=1, pit2 4->5 relay: pit2=1, 3,4,5,6 +1 -> pit6 0->1 ends
p = last(dj([2, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], ["1"]))
check("dj relay 5", (p["pits"], p["scores"]), ([1, 1, 1, 1, 1, 1] + [0] * 6, [42, 0]))
#   13 seeds: origin gets 1st and 13th (-> 2) -> capture it; previous pit 12 had 0 -> 1 stop
p = last(dj([13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], ["1"]))
check("dj 13 through origin", (p["pits"], p["scores"]), ([0] + [1] * 11, [37, 0]))
#   singletons are not legal; pass when the opponent can move
p = dj([1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 2], [])["positions"][0]
check("dj pass legal", (p["legal"], p["over"]), (["pass"], False))
r = dj([1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 2], ["1"])
check("dj singleton illegal", r["error"]["ply"], 1)
r = dj([1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 2], ["pass", "12"])
p = last(r)
#   North pit 12 (2): pit12=1, pit1 1->2 captured; pit12 (1) stops
check("dj after pass", (r.get("error"), p["to_move"], p["pits"], p["scores"]), (None, 0, [0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1], [40, 2]))
#   over: all 0/1 -> each adds own row
p = dj([1, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0], [], [20, 23])["positions"][0]
check("dj over", (p["over"], p["final"], p["winner"], p["legal"]), (True, [23, 25], 1, []))
#   the endless example
r = run(D, ["1"], [6, 6, 5, 4, 3, 4, 5, 2, 1, 2, 1, 9], [0, 0], 0)
check("dj endless illegal", (r["positions"][0]["legal"], r["error"]["ply"]), (["2", "3", "4", "5", "6"], 1))
r = run(D, ["pass"])
check("dj pass not forced", r["error"]["ply"], 1)

# ---------------- Tihbat ----------------
T = "tihbat"
check("tih opening move", last(run(T, ["1"]))["pits"], [2, 9, 9, 8])
p = last(run(T, ["1"], [2, 1, 0, 1], [12, 12], 0))
check("tih own capture 2", (p["pits"], p["scores"]), ([1, 0, 0, 1], [14, 12]))
#   landing on opponent's side never captures: pit2 (2): pit2=1, pit3 1->2 stays
p = last(run(T, ["2"], [0, 2, 1, 0], [13, 12], 0))
check("tih no opp capture", (p["pits"], p["scores"]), ([0, 1, 2, 0], [13, 12]))
#   only the landing pit: pit2 (4): pit2=1, 3,4 +1, pit1 3->4 captured; pit2 (=1) untouched anyway
#   pit1 (3) from [3,3,0,0]: pit1=1, pit2 3->4, pit3 0->1 -> lands on opp -> none
p = last(run(T, ["2"], [3, 4, 0, 0], [11, 10], 0))
check("tih capture landing only", (p["pits"], p["scores"]), ([0, 1, 1, 1], [15, 10]))
#   8 captures, 10 does not
p = last(run(T, ["3"], [0, 0, 5, 7], [8, 8], 1))
#   N pit3 (5): pit3=1, pit4 8, pit1 1, pit2 1, pit3 2 -> own, 2 -> capture 2
check("tih wrap capture", (p["pits"], p["scores"]), ([1, 1, 0, 8], [8, 10]))
p = last(run(T, ["4"], [0, 0, 7, 2], [11, 8], 1))
#   N pit4 (2): pit4=1, pit1 1 -> opp -> none
check("tih to opp", (p["pits"], p["scores"]), ([1, 0, 7, 1], [11, 8]))
p = last(run(T, ["4"], [0, 0, 7, 6], [7, 8], 1))
#   N pit4 (6): pit4=1, p1 1, p2 1, p3 8, p4 2, p1 2 -> opp side: none
check("tih land opp2", (p["pits"], p["scores"]), ([2, 1, 8, 2], [7, 8]))
p = last(run(T, ["3"], [0, 0, 5, 9], [6, 8], 1))
#   N pit3 (5): p3=1, p4 10, p1 1, p2 1, p3 2 -> capture 2 (not chaining to p4)
check("tih no chain", (p["pits"], p["scores"]), ([1, 1, 0, 10], [6, 10]))
#   pass when both own pits empty
p = run(T, [], [0, 0, 2, 2], [12, 12], 0)["positions"][0]
check("tih pass", p["legal"], ["pass"])
#   repetition: [1,0,1,0] S plays 1 -> same board, N to move (new); N plays 3 -> start position: over
r = run(T, ["1", "3"], [1, 0, 1, 0], [13, 13], 0)
p = last(r)
check("tih repetition", (r["positions"][1]["over"], p["over"], p["final"], p["winner"], p["legal"], p["pits"], p["to_move"]),
      (False, True, [14, 14], None, [], [1, 0, 1, 0], 0))
#   repetition through a pass: [0,0,0,1]? N: pit4 (1) back into pit4; S passes...
r = run(T, ["pass", "4", "pass"], [0, 0, 0, 2], [14, 12], 0)
#   S pass -> ([0,0,0,2],N) ; N pit4(2): p4=1, p1=1 -> ([1,0,0,1],S); S pit... so use other moves
check("tih pass start", r["positions"][1]["legal"], ["4"])
r = run(T, ["pass", "4", "1", "4"], [0, 0, 0, 1], [14, 13], 0)
#   P0 ([0,0,0,1],S) pass-> P1 ([0,0,0,1],N) 4-> P2 ([0,0,0,1],S) = P0: over at ply 2; ply3 is an error
check("tih repetition after pass", (r["positions"][2]["over"], r["positions"][2]["final"], r["error"]["ply"], len(r["positions"])),
      (True, [14, 13], 3, 3))
#   board empty: over
p = run(T, [], [0, 0, 0, 0], [14, 14], 1)["positions"][0]
check("tih empty", (p["over"], p["final"], p["winner"]), (True, [14, 14], None))
#   odd board split: floor
p = run(T, ["pass", "4"], [0, 0, 0, 1], [13, 14], 0)["positions"][-1]
check("tih odd split floor", p["final"], [13, 14])

# ---------------- Al-manqala ----------------
M = "al-manqala"
check("man opening move", last(run(M, ["1"]))["pits"], [0, 8, 8, 8, 8, 8, 8, 8] + [7] * 6)
#   capture 2/4 chain backward: S pit 5 (4): 6,7,8,9 +1; pit9 1->2, pit8 3->4, pit7 1->2, pit6 0->1 stop
p = last(run(M, ["5"], [0, 0, 0, 0, 4, 0, 1, 3, 1, 0, 0, 0, 0, 5], [40, 44], 0))
check("man capture chain", (p["pits"], p["scores"]), ([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 5], [48, 44]))
#   6 is not captured in Al-manqala
p = last(run(M, ["7"], [0, 0, 0, 0, 0, 0, 1, 5, 0, 0, 0, 0, 0, 2], [45, 45], 0))
check("man no 6", (p["pits"], p["scores"]), ([0] * 7 + [6, 0, 0, 0, 0, 0, 2], [45, 45]))
#   feeding: North row empty: only feeding moves legal. pit 7 (1) feeds, pit 1 (3) does not, pit 5 (3) feeds
p = run(M, [], [3, 0, 0, 0, 3, 0, 1] + [0] * 7, [45, 46], 0)["positions"][0]
check("man feeding", p["legal"], ["5", "7"])
#   starvation: no feeding move -> over, starved North takes board
p = run(M, [], [3, 1, 0, 0, 0, 0, 0] + [0] * 7, [45, 49], 0)["positions"][0]
check("man starvation", (p["over"], p["final"], p["winner"], p["legal"]), (True, [45, 53], 1, []))
#   pass when own row empty
p = run(M, [], [0] * 7 + [1] + [0] * 6, [48, 49], 0)["positions"][0]
check("man pass", (p["legal"], p["over"]), (["pass"], False))
r = run(M, ["pass", "8"], [0] * 7 + [1] + [0] * 6, [48, 49], 0)
p = r["positions"][1]
#   after pass N to move, South row empty, N pit 8 (1) -> pit 9 does not feed -> starvation: South takes the board
check("man pass then starvation", (p["over"], p["final"], p["winner"], r["error"]["ply"]), (True, [49, 49], None, 2))
#   14 seeds no skip: pit1 gets the 14th
p = last(run(M, ["1"], [14] + [0] * 13, [42, 42], 0))
check("man 14 no skip", (p["pits"], p["scores"]), ([1] * 14, [42, 42]))
#   15 seeds: pit2 gets 2 -> capture, pit1 (1) stops
p = last(run(M, ["1"], [15] + [0] * 13, [42, 41], 0))
check("man 15", (p["pits"], p["scores"]), ([1, 0] + [1] * 12, [44, 41]))
#   feeding move may capture what it fed; board empty -> over
p = last(run(M, ["7"], [0] * 6 + [1] + [0] * 7 , [48, 49], 0))
#   ... then North (to move, South row empty) cannot feed from pit 8 (1): starvation, South takes 1
check("man feed then starve", (p["pits"], p["over"], p["final"]), ([0] * 7 + [1] + [0] * 6, True, [49, 49]))
p = last(run(M, ["6"], [0] * 5 + [1, 1] + [0] * 7, [48, 48], 0))
#   pit6 (1) -> pit7 1->2 capture; pit6 0 stop -> board empty... but pit6->pit7 doesn't feed!
check("man non-feeding illegal", run(M, ["6"], [0] * 5 + [1, 1] + [0] * 7, [48, 48], 0)["error"]["ply"], 1)

# ---------------- requests ----------------
for line, ply in [("not json", 0), ('{"game":"oware","moves":[]}', 0),
                  ('{"game":"tihbat","start":{"pits":[7,7,7],"scores":[0,0],"to_move":0},"moves":[]}', 0),
                  ('{"game":"tihbat","start":{"pits":[7,7,7,6],"scores":[0,0],"to_move":0},"moves":[]}', 0),
                  ('{"game":"tihbat","start":{"pits":[7,7,7,7],"scores":[0,0],"to_move":2},"moves":[]}', 0),
                  ('{"game":"tihbat","moves":["x"]}', 1), ('{"game":"tihbat","moves":["1","5"]}', 2),
                  ('{"game":"tihbat","moves":["1","0"]}', 2)]:
    check("request " + line, R.handle_line(line)["error"]["ply"], ply)

# ---------------- the program itself ----------------
inp = '{"game":"Tihbat","moves":["1"]}\nnot json\n{"game":"al-manqala","moves":[]}\n'
out = subprocess.run([sys.executable, os.path.join(HERE, "reference.py")], input=inp,
                     capture_output=True, text=True)
lines = out.stdout.splitlines()
check("program lines", (out.returncode, len(lines)), (0, 3))
check("program line 1", json.loads(lines[0])["positions"][1]["pits"], [2, 9, 9, 8])

print("self-test: %d failure(s)" % failures)
sys.exit(1 if failures else 0)
