#!/usr/bin/env python3
"""diff.py for games in rounds: the peer's diff.py (imported, unchanged),
comparing two more fields of every position: ``out_of_play`` (the round's
out-of-play pits) and ``next_round`` (on a round's last position, the next
round's start; null otherwise).  Same arguments as diff.py; traces from
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
    return diff.main(argv)


if __name__ == '__main__':
    sys.exit(main())
