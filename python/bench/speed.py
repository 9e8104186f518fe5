#!/usr/bin/env python3
"""Speed of the Python package beside OpenSpiel's Oware, in one run on one core.

    taskset -c 0 python python/bench/speed.py [--games 2000] [--runs 5]

Needs mancala_rules (pip install ./python) and open-spiel==2.0.2 in the same
environment. Every figure is the median of --runs runs, in plies (moves) a
second; every game is a uniformly random Oware game from the opening:

- openspiel python loop: pyspiel "oware", per ply state.legal_actions(),
  random.choice, state.apply_action, until state.is_terminal().
- openspiel c++: pyspiel.evaluate_bots with two C++ uniform-random bots (one
  Python call a game; ../shared/peers/openspiel/speed.py's "cpp" figure).
- mancala_rules python loop: the same loop over mancala_rules.Game: per ply
  game.legal_moves(), random.choice, game.play(move), until game.is_over.
- python overhead: the same loop with the game taken out (per ply a list
  copy, random.choice and a call of a builtin with the move): what the loop
  costs in Python whatever it calls.
- mancala_rules via pyspiel: the registered game mancala_rules_oware in the
  OpenSpiel python loop above.
- vector env step: VectorEnv("oware", 1024).step(env.random_actions()) per
  call, games reset as they end: plies = games stepped.
- vector env in Rust: VectorEnv.random_steps (the same batch stepped with
  random moves without leaving Rust).
- random_playouts: mancala_rules.random_playouts("oware", n), whole games in
  Rust two side by side (the crate's Playouts::play_many, the playouts
  example's loop).
"""
import argparse
import os
import platform
import random
import statistics
import time

import pyspiel

import mancala_rules as mr
from mancala_rules import openspiel
from mancala_rules.vector import VectorEnv


def cpu_name():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def os_python(game, n, seed):
    choice = random.Random(seed).choice
    plies = 0
    t = time.perf_counter()
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            plies += 1
    return plies, time.perf_counter() - t


def os_cpp(game, n, seed):
    bots = [pyspiel.make_uniform_random_bot(0, seed), pyspiel.make_uniform_random_bot(1, seed + 1)]
    plies = 0
    t = time.perf_counter()
    for _ in range(n):
        state = game.new_initial_state()
        pyspiel.evaluate_bots(state, bots, seed)
        plies += state.move_number()
    return plies, time.perf_counter() - t


def mr_python(n, seed):
    choice = random.Random(seed).choice
    start = mr.Game("oware")
    plies = 0
    t = time.perf_counter()
    for _ in range(n):
        game = start.clone()
        while not game.is_over:
            game.play(choice(game.legal_moves()))
            plies += 1
    return plies, time.perf_counter() - t


def overhead(plies_per_game, n, seed):
    choice = random.Random(seed).choice
    moves = [1, 2, 3, 4, 5, 6]
    nop = abs
    plies = 0
    t = time.perf_counter()
    for _ in range(n):
        k = 0
        while k < plies_per_game:
            nop(choice(moves.copy()))
            k += 1
            plies += 1
    return plies, time.perf_counter() - t


def vector_step(n_envs, calls, seed):
    env = VectorEnv("oware", num_envs=n_envs, seed=seed)
    env.reset()
    t = time.perf_counter()
    for _ in range(calls):
        env.step(env.random_actions())
    return n_envs * calls, time.perf_counter() - t


def vector_rust(n_envs, calls, seed):
    env = VectorEnv("oware", num_envs=n_envs, seed=seed)
    env.reset()
    t = time.perf_counter()
    played, _ = env.random_steps(calls)
    return played, time.perf_counter() - t


def playouts(n, seed):
    t = time.perf_counter()
    plies, _, _ = mr.random_playouts("oware", n, seed=seed)
    return plies, time.perf_counter() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000, help="games a run for the Python loops")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    g = args.games
    openspiel.register()
    oware = pyspiel.load_game("oware")
    ours = pyspiel.load_game("mancala_rules_oware")
    print(f"open_spiel {pyspiel.__version__}, mancala_rules {mr.__version__}; CPU: {cpu_name()}; "
          f"affinity {sorted(os.sched_getaffinity(0))}")
    mean_plies = os_python(oware, 200, 999)[0] / 200
    loops = [
        ("openspiel python loop", lambda s: os_python(oware, g, s)),
        ("openspiel c++ (evaluate_bots)", lambda s: os_cpp(oware, 10 * g, s)),
        ("mancala_rules python loop", lambda s: mr_python(g, s)),
        ("python overhead of the loop", lambda s: overhead(round(mean_plies), g, s)),
        ("mancala_rules via pyspiel", lambda s: os_python(ours, max(1, g // 4), s)),
        ("vector env step (1024 games)", lambda s: vector_step(1024, 400, s)),
        ("vector env in Rust (1024 games)", lambda s: vector_rust(1024, 2000, s)),
        ("random_playouts (Rust)", lambda s: playouts(100 * g, s)),
    ]
    results = {}
    for name, fn in loops:
        fn(1)  # warm-up
        rates = []
        for r in range(args.runs):
            plies, dt = fn(1000 * r + 7)
            rates.append(plies / dt)
        results[name] = statistics.median(rates)
    base_py = results["openspiel python loop"]
    base_cpp = results["openspiel c++ (evaluate_bots)"]
    ours_py = results["mancala_rules python loop"]
    print(f"| loop | M plies/s | vs OpenSpiel python loop | vs OpenSpiel C++ | vs mancala_rules python loop |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, rate in results.items():
        print(f"| {name} | {rate / 1e6:.3f} | {rate / base_py:.2f}x | {rate / base_cpp:.2f}x | {rate / ours_py:.2f}x |")
    over = 1e9 / results["python overhead of the loop"]
    print(f"python loop: {1e9 / ours_py:.0f} ns a ply, of which the loop's own Python {over:.0f} ns "
          f"({100 * over * ours_py / 1e9:.0f}%)")


if __name__ == "__main__":
    main()
