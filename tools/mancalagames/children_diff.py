#!/usr/bin/env python3
"""diff.py for games with children: the peer's diff.py (imported,
unchanged), comparing one more field of every position: ``children`` (the
pit numbers of the pits that are children; traces from traces_ext.py).
Same arguments as diff.py.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PEER = os.path.join(os.path.dirname(os.path.dirname(HERE)), '..', 'shared',
                    'peers', 'mancalagames')


def main(argv=None):
    sys.path.insert(0, os.path.abspath(os.environ.get('MG_PEER', PEER)))
    import diff
    diff.FIELDS = diff.FIELDS + ('children',)
    return diff.main(argv)


if __name__ == '__main__':
    sys.exit(main())
