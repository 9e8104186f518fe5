#!/usr/bin/env python3
"""diff.py for games in rounds: the peer's diff.py (imported, unchanged),
comparing two more fields of every position: ``out_of_play`` (the round's
out-of-play pits) and ``next_round`` (on a round's last position, the next
round's start; null otherwise), and a third for a game for territory
(traces whose start says it): ``territory``, the pits South owns.  Same arguments as diff.py; traces from
rounds.py.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PEER = os.path.join(os.path.dirname(os.path.dirname(HERE)), '..', 'shared',
                    'peers', 'mancalagames')


def main(argv=None):
    sys.path.insert(0, os.path.abspath(os.environ.get('MG_PEER', PEER)))
    import diff
    diff.FIELDS = diff.FIELDS + ('out_of_play', 'next_round')
    if territorial(sys.argv[1:] if argv is None else argv):
        diff.FIELDS = diff.FIELDS + ('territory',)
    return diff.main(argv)


def territorial(argv):
    """Whether the traces (--traces FILE) are of a game for territory:
    their positions say ``territory``."""
    import json
    for i, arg in enumerate(argv):
        path = None
        if arg == '--traces' and i + 1 < len(argv):
            path = argv[i + 1]
        elif arg.startswith('--traces='):
            path = arg.split('=', 1)[1]
        if path:
            with open(path) as f:
                line = f.readline()
            return bool(line) and 'territory' in json.loads(line)['start']
    return False


if __name__ == '__main__':
    sys.exit(main())
