#!/usr/bin/env python3
"""A filter for replay requests: `{"game": NAME, ...}` becomes
`{"rules": <DIR/NAME.json>, ...}` when DIR holds that file.

    python3 inline_rules.py DIR < requests | replay

so that a data file is checked before the replay program is rebuilt with it
(the catalogue is embedded at build time).  Other lines pass unchanged.
"""
import json
import os
import sys

DIR = sys.argv[1]
cache = {}
for line in sys.stdin:
    if not line.strip():
        continue
    req = json.loads(line)
    name = req.get('game')
    path = os.path.join(DIR, f'{name}.json') if isinstance(name, str) else None
    if path and os.path.isfile(path):
        if name not in cache:
            with open(path) as f:
                cache[name] = json.load(f)
        req['rules'] = cache[name]
        del req['game']
    sys.stdout.write(json.dumps(req, separators=(',', ':')) + '\n')
