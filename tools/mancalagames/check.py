#!/usr/bin/env python3
"""Check the catalogue's MancalaGames games against MancalaGames.

    python3 tools/mancalagames/check.py --mg DIR [--games 1000]
        [--replay target/release/examples/replay] [--inline] [--only NAME ...]
        [--work DIR] [--reuse] [--jobs 2]

For every game the survey (survey.py) finds exact, or the --only ones (MG
configuration names), it runs the peer's traces.py (through traces_ext.py,
the project's additions to its mapping, with --directed for a game whose
moves carry a direction, or rounds.py for a game in rounds) twice (--games random
games from the opening, seed 1, and --games with --random-starts 0.5, seed
2; both with --check) and sends each set to the replay program through the
peer's diff.py (--name-map MG=our file name).  It prints one table row a
game: games, positions, differences, and exits 1 if any differ.

A game with children (its file's "turn.children") goes through
children_diff.py, which compares the positions' children too.

A game in rounds (its file's "rounds") goes through rounds.py and
rounds_diff.py instead: one trace a round, at least --games rounds from
up to --games matches (whole matches), the rounds' out-of-play pits and
transitions compared too; the games column then counts rounds.

--inline sends each game's data file (src/games/NAME.json) in the request
("rules") instead of its name, for a replay program built before the file
was added.  MancalaGames runs from its own checkout; nothing of it is
copied.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CRATE = os.path.dirname(os.path.dirname(HERE))
PEER = os.path.join(CRATE, '..', 'shared', 'peers', 'mancalagames')


def catalogue_form(ours):
    """The catalogue file's data form, or {} when there is none."""
    path = os.path.join(CRATE, 'src', 'games', ours + '.json')
    try:
        with open(path) as f:
            return json.load(f)
    except OSError:
        return {}


def in_rounds(ours):
    """Whether the catalogue file declares a game in rounds."""
    return catalogue_form(ours).get('rounds') is not None


def chooses_directions(ours):
    """Whether the catalogue file's moves carry a direction."""
    return bool(catalogue_form(ours).get('turn', {}).get('chosen_direction'))


def has_children(ours):
    """Whether the catalogue file declares children."""
    return bool(catalogue_form(ours).get('turn', {}).get('children'))


def run_one(args, mg_name, ours):
    rows = []
    # A game in rounds: rounds.py (one trace a round, from --games matches)
    # and rounds_diff.py (the round's fields compared too), both importing
    # the peer's scripts.
    rounds = in_rounds(ours)
    tracer = os.path.join(HERE, 'rounds.py' if rounds else 'traces_ext.py')
    # A game with children: children_diff.py (the children compared too).
    differ = (os.path.join(HERE, 'rounds_diff.py') if rounds else
              os.path.join(HERE, 'children_diff.py') if has_children(ours)
              else os.path.join(args.peer, 'diff.py'))
    # --games rounds (each a game of the declaration), from as many
    # matches as it takes.
    peer = (['--peer', args.peer]
            + (['--rounds', str(args.games)] if rounds else [])
            + (['--directed'] if chooses_directions(ours) else []))
    for label, extra, seed in (('opening', [], '1'),
                               ('random starts', ['--random-starts', '0.5'],
                                '2')):
        out = os.path.join(args.work, f'{mg_name}.{seed}.jsonl')
        if args.reuse and os.path.isfile(out):
            t = subprocess.CompletedProcess([], 0, '', '')
        else:
          t = subprocess.run(
              [sys.executable, tracer] + peer + [
               '--mg', args.mg, '--game', mg_name, '--games', str(args.games),
               '--seed', seed, '--check', '--out', out] + extra,
              capture_output=True, text=True)
        check = 'ok' if t.returncode == 0 else 'FAILED'
        if t.returncode != 0:
            print(f'{mg_name}: traces.py: {t.stderr.strip()[-600:]}', file=sys.stderr)
        cmd = args.replay
        if args.inline:
            cmd = (f'{sys.executable} {os.path.join(HERE, "inline_rules.py")}'
                   f' {os.path.join(CRATE, "src", "games")} | {cmd}')
        d = subprocess.run(
            [sys.executable, differ,
             '--traces', out, '--cmd', cmd, '--crate', CRATE,
             '--name-map', f'{mg_name}={ours}', '--show', '1'],
            capture_output=True, text=True)
        m = re.search(r'^\S+: (\d+) games, (\d+) positions, (\d+) differ$',
                      d.stdout, re.M)
        g, p, n = (int(x) for x in m.groups()) if m else (0, 0, -1)
        first = d.stdout.split('\n--- ', 1)[0] if n else ''
        detail = '' if n == 0 else (d.stdout[:1500] + d.stderr[-500:])
        rows.append((label, g, p, n, check, detail, t.stderr.strip()))
    return mg_name, ours, rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--mg', required=True)
    ap.add_argument('--peer', default=PEER)
    ap.add_argument('--games', type=int, default=1000)
    ap.add_argument('--replay', default=os.path.join(
        os.environ.get('CARGO_TARGET_DIR', os.path.join(CRATE, 'target')),
        'release', 'examples', 'replay'))
    ap.add_argument('--inline', action='store_true')
    ap.add_argument('--only', nargs='*')
    ap.add_argument('--work', default=None)
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--verbose', action='store_true')
    ap.add_argument('--reuse', action='store_true',
                    help='reuse the traces already in --work')
    args = ap.parse_args(argv)
    args.work = args.work or tempfile.mkdtemp(prefix='mg-check-')
    os.makedirs(args.work, exist_ok=True)
    listing = subprocess.run(
        [sys.executable, os.path.join(HERE, 'survey.py'), '--mg', args.mg,
         '--peer', args.peer, '--list'], capture_output=True, text=True,
        check=True).stdout.split('\n')
    games = []
    for line in listing:
        parts = line.split(' ', 2)
        if len(parts) >= 2 and (not args.only or parts[0] in args.only):
            games.append((parts[0], parts[1]))
    bad = 0
    print('| game | MancalaGames | start | games | positions | differences |')
    print('|---|---|---|---:|---:|---:|')
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(run_one, args, mg, ours) for mg, ours in games]
        for fut in futures:
            mg, ours, rows = fut.result()
            for label, g, p, n, check, detail, tinfo in rows:
                bad += n != 0
                print(f'| {ours} | {mg} | {label} | {g} | {p} | '
                      f'{n if n >= 0 else "failed"} |'
                      + ('' if check == 'ok' else ' (traces check failed)'),
                      flush=True)
                if (n or args.verbose) and detail:
                    print('\n'.join('    ' + ln for ln in detail.split('\n')),
                          file=sys.stderr)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
