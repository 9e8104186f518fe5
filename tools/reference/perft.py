#!/usr/bin/env python3
"""Perft from the opening with the independent reference rules:
`python3 perft.py GAME DEPTH` prints `depth D nodes N` for D = 1..DEPTH.
History (Tihbat's repetition) is carried along each path."""
import sys

from reference import GAMES, RULES


def perft(game, pits, scores, to_move, history, depth):
    status, move_fn = RULES[game]
    over, _final, legal = status(pits, scores, to_move, history)
    if depth == 0:
        return 1
    if over:
        return 0
    if depth == 1:
        return len(legal)
    count = 0
    path = history + [(tuple(pits), to_move)]
    for label in legal:
        if label == "pass":
            next_pits, next_scores = pits, scores
        else:
            next_pits, next_scores = move_fn(pits, scores, to_move, int(label) - 1)
        count += perft(game, next_pits, next_scores, 1 - to_move, path, depth - 1)
    return count


def main():
    game, depth = sys.argv[1].lower(), int(sys.argv[2])
    n, seeds = GAMES[game]
    for d in range(1, depth + 1):
        print("depth %d nodes %d" % (d, perft(game, [seeds] * (2 * n), [0, 0], 0, [], d)))


if __name__ == "__main__":
    main()
