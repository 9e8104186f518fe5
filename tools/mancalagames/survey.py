#!/usr/bin/env python3
"""Which MancalaGames configurations today's vocabulary declares exactly.

    python3 tools/mancalagames/survey.py --mg DIR [--peer DIR] [--json]
        [--write src/games] [--only NAME ...]

DIR is an extracted MancalaGames work tree (StoneShark/MancalaGames; see
tools/mancalagames/README.md).  For each GameProps/*.txt (its base
configuration, not its named variants) the survey reads MancalaGames'
parameters with MancalaGames' own loader (run from its checkout, as the peer
scripts do) and maps them to the crate's data form (`RulesData`,
src/data.rs), item by item.  It prints one line a game: either `exact` and
the vocabulary items the form uses, or `blocked` and the first parameter
(in the order of the checks below) that the vocabulary cannot say, then the
count of exact games and of each blocker.

--write DIR writes the data file of every exact game (or of --only's games)
to DIR/<name>.json: the form, its aliases, a rules text generated from the
parameters by this script's own sentences, and its sources.  --json prints
the forms instead of the table.

Nothing of MancalaGames is copied: the script reads parameter values only.
"""
import argparse
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CRATE = os.path.dirname(os.path.dirname(HERE))

# Crate games whose names a MancalaGames configuration name would take,
# with other rules: the file is then <name>-mancalagames.
TAKEN = {
    'kalah', 'oware', 'bohnenspiel', 'tihbat', 'al-manqala', 'djenon-aboure',
    'kalah-3', 'kalah-5', 'kalah-6', 'kalah-empty-capture',
    'bohnenspiel-hemprich', 'tihbat-chain', 'mangala',
}

# Common names (from the game's sources where they give them), by
# MancalaGames configuration name.  Only names no other game answers to.
ALIASES = {
    'Wari': ['warri'],
    'Vai_Lun_Thlan': ['vai-lung-thlan'],
}

# Games left out by hand after a difference with MancalaGames that the
# parameters alone do not show (the reading at fault, see the README).
DROPPED = {}
# Earlier rounds dropped Wari, Al-manqala, Oware, Mangala II (feeding judged
# after the capture; the grand slam judged against the board before the
# move) and Ayoayo (long relays allowed with a 75-lap cap): the vocabulary
# now says those readings (`Feeding`, `SlamJudged`, `AtMaxLaps`) and the
# survey maps them.


class Blocked(Exception):
    """A parameter the vocabulary cannot say."""


def load(mg_dir, peer_dir):
    sys.path.insert(0, peer_dir)
    import traces  # the peer's loader: imports MancalaGames from its checkout
    return traces, traces.load_mg(mg_dir)


def counts_form(values):
    """A sorted list of counts in the data form ([2, 3], [{"from": 2}])."""
    values = sorted(set(values))
    if not values:
        return []
    if values[-1] == 255:   # open-ended: the run up to 255
        start = values[-1]
        for v in reversed(values):
            if v == start:
                start -= 1
            else:
                break
        start += 1
        rest = [v for v in values if v < start]
        return rest + [{'from': start}]
    return values


def nondefault(info, gi):
    """The game_info fields that differ from GameInfo's defaults."""
    import dataclasses as dc
    out = {}
    for f in dc.fields(gi.GameInfo):
        if f.name in ('name', 'help_file', 'about'):
            continue
        if f.default is not dc.MISSING:
            default = f.default
        elif f.default_factory is not dc.MISSING:
            default = f.default_factory()
        else:
            continue
        value = getattr(info, f.name)
        if value != default:
            out[f.name] = value
    return out


def survey_one(MG, traces, path):
    """(form, features) for one configuration, or raise Blocked."""
    gi = MG.gi
    base = os.path.splitext(os.path.basename(path))[0]
    cfg = MG.man_config.read_game(path)
    if cfg.get('game_class', 'Mancala') != 'Mancala':
        raise Blocked(f"game class {cfg['game_class']}")
    game = traces.make_game(base)
    info = game.info
    holes, seeds = game.cts.holes, game.cts.nbr_start
    total = game.cts.total_seeds
    nd = nondefault(info, gi)
    features = []
    few_limit = None

    def take(key):
        return nd.pop(key, None)

    # -- things that are not two rows of equal pits, or not one game
    for key, why in (('rounds', 'rounds'), ('goal', 'goal'),
                     ('goal_param', 'goal parameter'),
                     ('no_sides', 'no sides'),
                     ('start_pattern', 'start pattern'),
                     ('prescribed', 'prescribed opening'),
                     ('child_type', 'children'), ('blocks', 'blocks'),
                     ('play_locs', 'moves from a store'),
                     ('allow_rule', 'move restriction'),
                     ('sow_rule', 'sowing rule'),
                     ('presowcapt', 'capture before sowing'),
                     ('move_one', 'move one seed'),
                     ('capt_type', 'capture type'),
                     ('pickextra', 'extra pick on capture'),
                     ('nocaptmoves', 'no captures in the first moves'),
                     ('moveunlock', 'locked pits'),
                     ('nosinglecapt', 'no capture with a single seed'),
                     ('xc_sown', 'cross capture only if the row was sown'),
                     ('end_cond', 'end condition'),
                     ('mlap_cont', None)):
        v = nd.get(key)
        if v is None:
            continue
        if key == 'mlap_cont' and v in (gi.SowLapCont.ON_PARAM,
                                         gi.SowLapCont.GREQ_PARAM):
            continue
        if key == 'end_cond' and v == gi.EndGameCond.SEEDS_LIMIT:
            # "end_param or fewer seeds in play" ends the game
            few_limit = info.end_param + 1
            continue
        raise Blocked(f"{why or key}: {key}={getattr(v, 'name', v)}")
    if not 1 <= holes <= 15:
        raise Blocked(f'{holes} pits a row')
    if total > 255:
        raise Blocked(f'{total} seeds (a count wider than a byte)')

    # -- the ender chain as MancalaGames builds it
    enders = []
    deco = game.deco.ender
    while deco is not None:
        enders.append(type(deco).__name__)
        deco = getattr(deco, 'decorator', None)
    deco = game.deco.ender
    while deco is not None:
        if type(deco).__name__ == 'NoOutcomeChange':
            # MancalaGames ends the game when 0 < seeds in play < min_needed
            # (too few for any capture); with none left, the stuck end
            # gives the same totals.
            if few_limit is not None:
                raise Blocked('two ends by too few seeds')
            few_limit = deco.min_needed
        deco = getattr(deco, 'decorator', None)

    # -- sowing
    direct = take('sow_direct')
    halves = None
    if direct in (None, gi.Direct.CCW):
        direction = 'counter-clockwise'
    elif direct == gi.Direct.CW:
        direction = 'clockwise'
        features.append('clockwise')
    elif direct in (gi.Direct.SPLIT, gi.Direct.TOCENTER) and \
            len(info.udir_holes) != holes:
        # each half of a row sows toward its own end (SPLIT) or toward the
        # centre (TOCENTER); an odd row's centre is chosen (MG insists)
        direction = 'counter-clockwise'
        halves = 'outward' if direct == gi.Direct.SPLIT else 'inward'
        features.append(f'halves sow {halves}')
    elif direct == gi.Direct.PLAYALTDIR:
        raise Blocked('sowing direction PLAYALTDIR: the first move sets '
                      "each player's direction for the game (state the "
                      'position does not hold)')
    else:
        raise Blocked(f'sowing direction {direct.name}')
    chosen = sorted(h + 1 for h in (take('udir_holes') or []))
    if chosen:
        if len(chosen) == holes:
            features.append('direction chosen at every pit')
        else:
            features.append('direction chosen at place '
                            + ','.join(map(str, chosen)))
        if nd.get('mlaps'):
            raise Blocked('a chosen direction with relay laps')
        if nd.get('mustshare'):
            raise Blocked('a chosen direction with feeding')
        if nd.get('grandslam') == gi.GrandSlam.NOT_LEGAL:
            raise Blocked('a chosen direction with an illegal grand slam')
    if halves == 'outward' and (info.min_move or 1) == 1 \
            and 0 not in info.udir_holes \
            and holes - 1 not in info.udir_holes:
        # MG's DontUndoMoveOne: a singleton just sown round an end of the
        # board may not be sown straight back; it reads the last move
        raise Blocked('a singleton sown round an end may not be sown '
                      'straight back: the last move is state the position '
                      'does not hold')
    sow_start, skip_start = take('sow_start'), take('skip_start')
    if sow_start and skip_start:
        raise Blocked('origin first and skipping the origin')
    sowing = ('origin-first' if sow_start else
              'next-pit-skipping-origin' if skip_start else 'next-pit')
    if sowing != 'next-pit':
        features.append(sowing)
    ss = take('sow_stores')
    take('stores')
    store_map = {None: ('none', False), gi.SowStores.OWN: ('own', True),
                 gi.SowStores.BOTH: ('both', True),
                 gi.SowStores.OWN_NR: ('own', False),
                 gi.SowStores.BOTH_NR: ('both', False)}
    if ss not in store_map:
        raise Blocked(f'stores sown: sow_stores={ss.name}')
    stores, in_store = store_map[ss]
    if stores != 'none':
        features.append(f'stores {stores}')
    if in_store:
        features.append('extra turn in store')

    # -- capture by count
    capt_on = take('capt_on') or []
    evens = take('evens')
    cmin, cmax = take('capt_min') or 0, take('capt_max') or 0
    basic = bool(capt_on or evens or cmin or cmax)
    counts = [c for c in range(1, 256)
              if (not capt_on or c in capt_on) and (not evens or c % 2 == 0)
              and (not cmin or c >= cmin) and (not cmax or c <= cmax)] \
        if basic else []
    side = take('capt_side')
    cross = take('crosscapt')
    pickown = take('xcpickown')
    multicapt = take('multicapt') or 0
    capt_dir = take('capt_dir')
    opposite = None
    chain_against = None
    scope = 'anywhere'
    chain, forward = False, False
    if cross:
        if cross != gi.XCaptType.ONE_ZEROS:
            raise Blocked(f'cross capture {cross.name}')
        if basic:
            raise Blocked('cross capture by the facing pit\'s count')
        if multicapt:
            raise Blocked('chained cross captures')
        if side not in (gi.CaptSide.OPP_SIDE,):
            raise Blocked('cross capture from either row: capt_side='
                          f"{getattr(side, 'name', 'BOTH')}")
        opposite = {'with_landing_seed': pickown in (
                        gi.CrossCaptOwn.PICK_ON_CAPT,
                        gi.CrossCaptOwn.ALWAYS_PICK),
                    'when_facing_empty':
                        pickown == gi.CrossCaptOwn.ALWAYS_PICK}
        features.append('opposite capture'
                        + (' with the landing seed'
                           if opposite['with_landing_seed'] else '')
                        + (' even when facing empty'
                           if opposite['when_facing_empty'] else ''))
    elif basic:
        scopes = {None: 'anywhere', gi.CaptSide.OPP_SIDE: 'opponent-row',
                  gi.CaptSide.OWN_SIDE: 'own-row'}
        if side not in scopes:
            raise Blocked(f'capture side {side.name}')
        scope = scopes[side]
        if multicapt == -1:
            chain = True
        elif multicapt:
            raise Blocked(f'a chain of at most {multicapt} captures')
        if capt_dir == gi.CaptDir.SOW:
            forward = chain
        elif capt_dir == gi.CaptDir.BOTH:
            raise Blocked('captures chained both ways')
        if chosen and chain and not forward and direct in (None, gi.Direct.CW,
                                                           gi.Direct.CCW):
            # MG runs the chain against the game's direction, not the
            # move's (its CaptOppDir precomputes it from sow_direct)
            chain_against = 'against-turn-direction'
            features.append('chain against the game direction')
        features.append('capture ' + describe_counts(counts)
                        + (' chained' + (' forward' if forward else '')
                           if chain else '')
                        + ('' if scope == 'anywhere' else f' ({scope})'))
    elif multicapt or side:
        pass   # no capture: these say nothing
    rturn = take('capt_rturn')
    if rturn not in (None, gi.CaptRTurn.ALWAYS):
        raise Blocked(f'extra turn after capture: {rturn.name}')
    after_capture = rturn == gi.CaptRTurn.ALWAYS
    if after_capture:
        features.append('extra turn after a capture')
    gs = take('grandslam')
    gs_map = {None: 'captures', gi.GrandSlam.NOT_LEGAL: 'illegal',
              gi.GrandSlam.NO_CAPT: 'captures-nothing'}
    if gs not in gs_map:
        raise Blocked(f'grand slam {gs.name}')
    grand_slam = gs_map[gs]
    if grand_slam != 'captures' and (basic or cross):
        features.append(f'grand slam {grand_slam} (judged before the move)')

    # -- relay laps
    mlaps = take('mlaps')
    mlap_cont = take('mlap_cont')
    mlap_param = take('mlap_param') or 0
    if mlaps:
        stop_on_capture = basic and not cross
        if mlaps == gi.LapSower.LAPPER:
            relay_from = 'last-pit'
            lo = 2
        else:
            relay_from = 'next-pit'
            lo = 1
            if cross:
                raise Blocked('relay from the next pit stopped for a '
                              'cross capture')
        if mlap_cont == gi.SowLapCont.ON_PARAM:
            relay_on = [mlap_param] if mlap_param >= lo else []
        elif mlap_cont == gi.SowLapCont.GREQ_PARAM:
            relay_on = [{'from': max(lo, mlap_param)}]
        else:
            relay_on = [{'from': lo}]
        if mlaps == gi.LapSower.LAPPER_NEXT and relay_on != [{'from': 1}]:
            raise Blocked('relay from the next pit by the last pit\'s count')
        # MancalaGames' sower gives up after 75 laps (ENDLESS) and the
        # move ends the game by its quitter rule; such moves are legal
        # (its default "no_endless = no").
        quit = {gi.EndGameSeeds.HOLE_OWNER: 'owners',
                gi.EndGameSeeds.DONT_SCORE: 'nobody',
                gi.EndGameSeeds.DIVVIED: 'split'}.get(
                    info.quitter or gi.EndGameSeeds.DIVVIED)
        if quit is None:
            raise Blocked(f'a relay past 75 laps, quitter {info.quitter.name}')
        if quit == 'nobody':
            # the vocabulary settles the board into the stores at the cap
            raise Blocked('a relay past 75 laps ending with the board '
                          'counted for nobody (quitter DONT_SCORE)')
        if quit == 'split' and not game.info.stores:
            raise Blocked('a relay past 75 laps ending in a tie (no stores)')
        lap = {'relay': {'sowing': sowing, 'relay_on': relay_on,
                         'from': relay_from,
                         'stop_on_capture': bool(stop_on_capture),
                         'max_laps': 75,
                         'at_max_laps': {'ends-game': quit}}}
        features.append('relay from the ' + relay_from.replace('-', ' ')
                        + (' (stops on a capture)' if stop_on_capture else '')
                        + f'; 75-lap cap ends the game ({quit})')
    else:
        lap = {'single': sowing}
        features.insert(0, 'single lap')

    # -- play and end
    min_move = take('min_move') or 1
    if min_move != 1:
        features.append(f'min seeds {min_move}')
    must_feed = bool(take('mustshare'))
    mustpass = bool(take('mustpass'))
    unclaimed = take('unclaimed') or gi.EndGameSeeds.HOLE_OWNER
    quitter = take('quitter')
    take('end_param')
    leftover = {gi.EndGameSeeds.HOLE_OWNER: 'owners',
                gi.EndGameSeeds.DONT_SCORE: 'nobody',
                gi.EndGameSeeds.LAST_MOVER: 'opponent',
                gi.EndGameSeeds.DIVVIED: 'split'}
    starvation = 'owners'
    if unclaimed == gi.EndGameSeeds.UNFED_PLAYER:
        if not must_feed:
            raise Blocked('seeds to the unfed player without feeding')
        starvation = 'opponent'
        stuck_left = leftover.get(quitter or gi.EndGameSeeds.DIVVIED)
    else:
        stuck_left = leftover.get(unclaimed)
        starvation = stuck_left
    if stuck_left is None:
        raise Blocked(f'leftovers {unclaimed.name}')
    if stuck_left == 'split':
        raise Blocked('leftovers divided (DIVVIED)')
    if must_feed:
        features.append('feeding (judged after the capture)')
    few_seeds = None
    if few_limit is not None:
        few_left = leftover.get(unclaimed)
        if few_left is None or few_left == 'split':
            raise Blocked(f'an end by too few seeds, leftovers {unclaimed.name}')
        few_seeds = {'fewer_than': few_limit, 'leftover': few_left}
        features.append(f'ends below {few_limit} seeds ({few_left})')
    stuck = {'passes' if mustpass else 'ends': stuck_left}
    features.append(('stuck passes' if mustpass else 'stuck ends')
                    + f' ({stuck_left})')
    features.append('majority (nobody)')
    if 'ClearWinner' not in enders:
        raise Blocked('no outright-majority end')
    take('stores')
    for key in ('udirect', 'mlength', 'quitter'):
        nd.pop(key, None)
    if nd:
        key = sorted(nd)[0]
        raise Blocked(f'{key}={getattr(nd[key], "name", nd[key])}')

    form = {
        'format': 1,
        'pits': 2 * holes,
        'seeds': seeds,
        'has_stores': stores != 'none',
        'play': dict({'min_seeds': min_move, 'must_feed': must_feed},
                     **({'feeding': 'after-capture'} if must_feed else {})),
        'turn': {
            'lap': lap,
            'direction': direction,
            'stores': stores,
            'capture': {'counts': counts_form(counts), 'chain': chain,
                        'forward': forward},
            'scope': scope,
            'opposite': opposite,
            'grand_slam': grand_slam,
            **({'grand_slam_judged': 'before-move'}
               if grand_slam != 'captures' else {}),
            'extra_turn': {'in_own_store': in_store,
                           'after_capture': after_capture},
            **({'halves': halves} if halves else {}),
            **({'chosen_direction': chosen} if chosen else {}),
            **({'chain_against': chain_against} if chain_against else {}),
        },
        'end': dict({'stuck': stuck, 'majority': 'nobody',
                     'row_empty': None, 'starvation': starvation},
                    **({'few_seeds': few_seeds} if few_seeds else {})),
        'history': {'repetition': 'continues', 'agreement': False},
    }
    return form, features, cfg


def describe_counts(counts):
    form = counts_form(counts)
    words = []
    for c in form:
        words.append(f'{c["from"]}+' if isinstance(c, dict) else str(c))
    if len(words) > 6 and all(isinstance(c, int) and c % 2 == 0
                              for c in form):
        return 'on evens'
    return 'on ' + ','.join(words)


def file_name(mg_name):
    name = mg_name.lower().replace('_', '-')
    return name + '-mancalagames' if name in TAKEN else name


def ordinal_text(mg_name, form, cfg, commit):
    """The rules text, numbered, in this script's own words."""
    n = form['pits'] // 2
    t = form['turn']
    rules = []
    rules.append(f"A board of two rows of {n} pits, {form['seeds']} seeds in "
                 'each' + (', and a store for each player' if
                           form['has_stores'] else '')
                 + '. South (pits 1 to %d) moves first.' % n)
    dirw = ('counterclockwise (to higher pit numbers)'
            if t['direction'] == 'counter-clockwise'
            else 'clockwise (to lower pit numbers)')
    chosen = t.get('chosen_direction') or []
    if t.get('halves') or len(chosen) == n:
        dirw = 'in the direction said below'
    mins = form['play']['min_seeds']
    pick = ('a pit of their own row that holds seeds' if mins == 1 else
            f'a pit of their own row that holds at least {mins} seeds')
    lap = t['lap']
    sowing = lap.get('single') or lap['relay']['sowing']
    first = {'next-pit': 'one seed a pit from the next pit on',
             'origin-first': 'the first seed back into the emptied pit',
             'next-pit-skipping-origin': 'one seed a pit from the next pit '
             'on, skipping the emptied pit when the sowing goes round '
             'the board'}[sowing]
    rules.append(f'A player takes every seed of {pick} and sows them '
                 f'{dirw}, {first}.')
    if t.get('halves'):
        rules.append('Each half of a row sows its own way: seen from the '
                     "row's owner, the pits of the left half sow "
                     + ('clockwise and those of the right half '
                        'counterclockwise, each half toward its own end of '
                        'the row and on into the opponent\'s row'
                        if t['halves'] == 'outward' else
                        'counterclockwise and those of the right half '
                        'clockwise, each half toward the centre of the row')
                     + '.')
    if t.get('chain_against') == 'against-turn-direction':
        back = ('a chain of captures always runs '
                + ('clockwise' if t['direction'] == 'counter-clockwise'
                   else 'counterclockwise')
                + ", against the game's usual direction, whichever way the "
                'seeds were sown (MancalaGames\' reading)')
    else:
        back = 'a chain of captures then runs back against the direction ' \
            'chosen'
    if len(chosen) == n:
        rules.append('The player chooses the direction of every sowing: '
                     'clockwise (to lower pit numbers) or counterclockwise '
                     f'(to higher ones); {back}.')
    elif chosen:
        places = ', '.join(map(str, chosen))
        centre = n % 2 == 1 and chosen == [n // 2 + 1]
        rules.append('From the pit '
                     + ('in the centre of the row' if centre else
                        f'at place {places} of the row, counted from the '
                        "player's own left,")
                     + ' the player chooses the direction of each sowing: '
                     f'clockwise or counterclockwise; {back}.')
    if t['stores'] == 'own':
        rules.append("Sowing passes through the player's own store, which "
                     "takes a seed; the opponent's store is skipped.")
    elif t['stores'] == 'both':
        rules.append('Sowing passes through both stores, each taking a '
                     'seed.')
    if 'relay' in lap:
        r = lap['relay']
        on = ', '.join(f"{c['from']} or more" if isinstance(c, dict)
                       else str(c) for c in r['relay_on'])
        if r['from'] == 'last-pit':
            rules.append('When the last seed falls into a pit that then '
                         f'holds {on} seeds, those seeds are taken up and '
                         'sown on from that pit (a relay), until a lap ends '
                         'in a pit that was empty'
                         + (' or in a store' if t['stores'] != 'none' else '')
                         + (', or in a pit that captures' if
                            r['stop_on_capture'] else '') + '.')
        else:
            rules.append('When a lap ends, the seeds of the pit after the '
                         'last one are taken up and sown on (a relay); an '
                         'empty pit there ends the sowing'
                         + (', and so does a last pit that captures' if
                            r['stop_on_capture'] else '') + '.')
    c = t['capture']
    if c['counts']:
        counts = describe_counts(
            [x for x in range(1, 256) if in_counts(x, c['counts'])])
        where = {'anywhere': 'any pit', 'opponent-row':
                 "a pit of the opponent's row",
                 'own-row': "a pit of the player's own row"}[t['scope']]
        rules.append(f'If the last seed falls into {where} that then holds '
                     f"{counts.replace('on ', '')} seeds, those seeds are "
                     'captured.')
        if c['chain'] and t.get('chain_against'):
            rules.append('Then the next pit in the chain\'s direction (see '
                         'above) is captured too if it is such a pit holding '
                         'such a count, and so on until a pit that is not.')
        elif c['chain']:
            rules.append('Then the pit ' + ('after' if c['forward'] else
                         'before') + ' it (in the direction of sowing) is '
                         'captured too if it is such a pit holding such a '
                         'count, and so on until a pit that is not.')
    if t['opposite']:
        o = t['opposite']
        rules.append("If the last seed falls into an empty pit of the "
                     "player's own row, the seeds of the facing pit are "
                     'captured' + (', with the landing seed' if
                                   o['with_landing_seed'] else '')
                     + (' (the landing seed is taken even when the facing '
                        'pit is empty)' if o['when_facing_empty'] else
                        ' (nothing is taken when the facing pit is empty)')
                     + '.')
    if 'relay' in lap and 'at_max_laps' in lap['relay']:
        r = lap['relay']
        how = {'split': 'the seeds left on the board are divided between '
               'the players', 'owners': 'each player takes the seeds left '
               'in their own row', 'nobody': 'the seeds left on the board '
               'count for nobody'}[r['at_max_laps']['ends-game']]
        rules.append(f"A move whose sowing has not ended after {r['max_laps']} "
                     'laps may be played: it stops there and the game ends; '
                     f'{how}.')
    before = (" (this applies only when the opponent's row held seeds "
              'before the move)' if t.get('grand_slam_judged') ==
              'before-move' else '')
    if t['grand_slam'] == 'illegal':
        rules.append("A move that would capture every seed of the "
                     "opponent's row may not be played while another move "
                     f'exists{before}.')
    elif t['grand_slam'] == 'captures-nothing':
        rules.append("A move that would capture every seed of the "
                     f"opponent's row is played but captures nothing{before}.")
    x = t['extra_turn']
    if x['in_own_store']:
        rules.append("A last seed in the player's own store gives another "
                     'turn.')
    if x['after_capture']:
        rules.append('A capture gives another turn.')
    if form['play']['must_feed']:
        rules.append("When the opponent's row is empty, the player must "
                     'make a move that leaves seeds in it if one exists; '
                     'a move feeds the row only if seeds are still there '
                     'after its captures.')
    left = {'owners': 'each player takes the seeds left in their own row',
            'opponent': 'the player who made the last move takes the seeds '
            'left on the board',
            'nobody': 'the seeds left on the board count for nobody',
            'player-to-move': 'the player to move takes the seeds left'}
    stuck = form['end']['stuck']
    if 'ends' in stuck:
        rules.append('When the player to move has no legal move, the game '
                     f"ends and {left[stuck['ends']]}.")
    else:
        rules.append('A player with no legal move passes; when neither '
                     f"player can move, the game ends and "
                     f"{left[stuck['passes']]}.")
    if form['play']['must_feed']:
        st = form['end']['starvation']
        rules.append("If the opponent's row is empty and no move feeds it, "
                     'the game ends and ' + (
                         'the starved player takes the seeds left'
                         if st == 'opponent' else left[st]) + '.')
    few = form['end'].get('few_seeds')
    if few:
        rules.append(f"When fewer than {few['fewer_than']} seeds are left on "
                     'the board (but some are), too few for a capture, the '
                     f"game ends and {left[few['leftover']]}.")
    rules.append('As soon as a player has captured more than half of the '
                 'seeds the game ends, and the seeds left on the board count '
                 "for nobody (MancalaGames' reading of an outright "
                 'majority).')
    rules.append('The player with more seeds wins; equal totals are a draw.')
    text = f"{mg_name.replace('_', ' ')}, as MancalaGames configures it " \
        f"(GameProps/{mg_name}.txt at commit {commit[:12]}); the rules " \
        'below are written from its parameters, in MancalaGames\' reading.\n\n'
    text += '\n'.join(f'{i}. {r}' for i, r in enumerate(rules, 1))
    text += ('\n\nLike MancalaGames: the player to move at the end is the '
             'one who would move next (the mover again after an extra '
             'turn); no end check follows a pass.')
    return text


def in_counts(x, form):
    for c in form:
        if isinstance(c, dict):
            if x >= c['from']:
                return True
        elif x == c:
            return True
    return False


def sources(mg_name, cfg, commit):
    out = [f'MancalaGames (StoneShark/MancalaGames), configuration '
           f'GameProps/{mg_name}.txt, commit {commit}: the parameters '
           'this file declares; checked against it position by position '
           '(tools/mancalagames/)']
    for key in ('rules', 'reference'):
        v = cfg.get(key)
        if isinstance(v, str) and v.strip():
            out.append(f'{v.strip()} (named by MancalaGames as its '
                       f'{"rules source" if key == "rules" else "reference"})')
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--mg', required=True)
    ap.add_argument('--peer', default=os.path.join(
        CRATE, '..', 'shared', 'peers', 'mancalagames'),
        help='directory of the peer scripts (traces.py)')
    ap.add_argument('--json', action='store_true')
    ap.add_argument('--write', metavar='DIR')
    ap.add_argument('--only', nargs='*')
    ap.add_argument('--list', action='store_true',
                    help='print only "MG_NAME file-name" of exact games')
    args = ap.parse_args(argv)
    traces, MG = load(args.mg, args.peer)
    commit = os.environ.get('MG_COMMIT') or 'unknown'
    props = os.path.join(args.mg, 'GameProps')
    # GameProps/_all_params.txt is MancalaGames' list of every parameter,
    # not a game: 141 games.
    names = sorted(os.path.splitext(f)[0] for f in os.listdir(props)
                   if f.endswith('.txt') and not f.startswith('_'))
    blockers = collections.Counter()
    exact = []
    import io
    import contextlib
    for name in names:
        try:
            with contextlib.redirect_stderr(io.StringIO()), \
                    contextlib.redirect_stdout(io.StringIO()):
                form, features, cfg = survey_one(
                    MG, traces, os.path.join(props, name + '.txt'))
            if name in DROPPED:
                raise Blocked(DROPPED[name])
        except Blocked as b:
            why = str(b)
            group = why.split(':')[0].split(' (')[0]
            if group.startswith('game class'):
                group = 'game class (not the basic engine)'
            blockers[group] += 1
            if not args.list and not args.json:
                print(f'{name:28} blocked  {why}')
            continue
        except Exception as e:  # noqa: BLE001 (a configuration MG refuses)
            blockers['does not load'] += 1
            if not args.list and not args.json:
                print(f'{name:28} blocked  does not load: {e}')
            continue
        exact.append(name)
        fname = file_name(name)
        form = dict(format=1, name=fname, aliases=ALIASES.get(name, []),
                    **{k: v for k, v in form.items() if k != 'format'})
        form['rules_text'] = ordinal_text(name, form, cfg, commit)
        form['sources'] = sources(name, cfg, commit)
        if args.list:
            print(name, fname, '; '.join(features))
        elif args.json:
            print(json.dumps(form))
        else:
            print(f'{name:28} exact    {fname}: {"; ".join(features)}')
        if args.write and (not args.only or name in args.only):
            with open(os.path.join(args.write, fname + '.json'), 'w') as f:
                f.write(json.dumps(form, indent=2) + '\n')
    if not args.list and not args.json:
        print(f'\n{len(exact)} of {len(names)} exact today')
        for why, n in blockers.most_common():
            print(f'{n:4}  {why}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
