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


# MancalaGames' start patterns read as a start board: those that fill the
# board and nothing else (no move, no chance, no store)
START_PATTERNS = ('GAMACHA', 'ALTERNATES', 'ALTS_WITH_1', 'CLIPPEDTRIPLES',
                  'TWOEMPTY', 'ALTS_SPLIT', 'RIGHTMOST_PLUS_ONE')


def start_board(traces, base):
    """The board MancalaGames fills for its start pattern with South (its
    False) starting: a fresh game whose last starter was North."""
    game = traces.make_game(base)
    game.starter = True
    game.new_game()
    if game.turn or any(game.store):
        raise Blocked('start pattern: not a board with South to move')
    return list(game.board)


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

    # -- ends by a cleared row (Cleared): goal CLEAR, end_cond CLEARED_OWN
    cleared = None
    cleared_blocked = None   # said where end_cond comes in the order below
    if nd.get('goal') == gi.Goal.CLEAR:
        # the player who empties their own row wins (ClearSeedsEndGame is
        # the whole ender: no majority, no stuck end)
        cleared = 'wins'
        take('goal')
    if nd.get('end_cond') == gi.EndGameCond.CLEARED_OWN:
        # the game ends when the mover's own row is empty (ClearedSideEnder,
        # before the majority); read on the position as "the player whose
        # row is empty", which is the last mover only where no capture can
        # empty the opponent's row
        captures = (nd.get('capt_on') or nd.get('evens')
                    or nd.get('crosscapt') or nd.get('capt_min')
                    or nd.get('capt_max') or nd.get('capt_type'))
        if captures and info.unclaimed == gi.EndGameSeeds.LAST_MOVER:
            # who moved last decides: the rule judged on the mover
            # (Cleared::MoverTakesTheRest), not on the position
            cleared = 'mover-takes-the-rest'
            take('end_cond')
        elif captures:
            cleared_blocked = ('end condition: end_cond=CLEARED_OWN with '
                               'captures, leftovers '
                               f'{info.unclaimed.name}')
        elif info.unclaimed != gi.EndGameSeeds.LAST_MOVER:
            cleared_blocked = ('end condition: end_cond=CLEARED_OWN, '
                               f'leftovers {info.unclaimed.name}')
        else:
            cleared = 'takes-the-rest'
            take('end_cond')
    # -- won by eliminating the opponent (Eliminate): goals DEPRIVE, IMMOBILIZE
    eliminate = {gi.Goal.DEPRIVE: 'deprive',
                 gi.Goal.IMMOBILIZE: 'immobilize'}.get(nd.get('goal'))
    if eliminate:
        take('goal')
    # -- a start board that is not uniform (StartBoard): MG's start_pattern
    start = None
    if getattr(nd.get('start_pattern'), 'name', None) in START_PATTERNS \
            and nd.get('rounds') is None:
        start = start_board(traces, base)
        take('start_pattern')
    # -- a prescribed first move (Rules::first_move): MG's MOVE_RIGHTMOST
    # pattern moves the starter's rightmost pit (MoveRightmost.fill_seeds;
    # South's is pit `holes`) before play begins
    first_move = None
    if getattr(nd.get('start_pattern'), 'name', None) == 'MOVE_RIGHTMOST' \
            and nd.get('rounds') is None:
        first_move = holes
        take('start_pattern')
        features.append(f'first move from pit {holes}')
    # -- an opening dealt at random (Deal): MG's RANDOM pattern spreads
    # its nbr_start seeds, at least 2 a pit when they are at least 2 a pit
    # (RandomPattern.fill_seeds); the declared board is the even spread
    deal = None
    if getattr(nd.get('start_pattern'), 'name', None) == 'RANDOM' \
            and nd.get('rounds') is None:
        if total % (2 * holes):
            raise Blocked('start pattern: RANDOM with seeds that do not '
                          'spread evenly')
        seeds = total // (2 * holes)
        deal = {'at_least': 0 if total < 2 * 2 * holes else 2}
        take('start_pattern')
        features.append(f"dealt at random (at least {deal['at_least']} a pit)")
    # -- no capture in the first moves (Opening): MG's InhibitorCaptN,
    # counting movers (extra turns are one move; a pass counts, the bar
    # lifts at the end of a sowing move)
    nocapt = take('nocaptmoves') or 0
    if nocapt:
        features.append(f'no capture in the first {nocapt} moves')
    if nd.get('end_cond') == gi.EndGameCond.CLEARED_OPP:
        # the game ends when the mover's opponent's row is empty after the
        # move (ClearedSideEnder, before the majority): judged on the
        # mover (Cleared::OpponentRowToOwners), leftovers to their owners
        if info.unclaimed == gi.EndGameSeeds.HOLE_OWNER:
            cleared = 'opponent-row-to-owners'
            take('end_cond')
        else:
            cleared_blocked = ('end condition: end_cond=CLEARED_OPP, '
                               f'leftovers {info.unclaimed.name}')
    # -- rounds: a match of rounds refilled from the seeds won
    rounds = None
    if nd.get('rounds') is not None:
        rounds = survey_rounds(gi, info, nd, seeds)
        features.append(f"rounds ({rounds['fill']} fill, "
                        f"{rounds['starter']} starts, "
                        + (f"{rounds['min_pits']} pits win the match"
                           if rounds['fill'].startswith('territory') else
                           f"match ends below {rounds['min_pits']} pits")
                        + (', unfilled pits out of play'
                           if rounds['out_of_play'] else '') + ')')

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
        if key in ('allow_rule', 'presowcapt', 'capt_type', 'pickextra',
                   'nosinglecapt', 'child_type', 'move_one'):
            continue   # mapped below, where the vocabulary says them
        if key == 'mlap_cont' and v in (gi.SowLapCont.ON_PARAM,
                                         gi.SowLapCont.GREQ_PARAM,
                                         gi.SowLapCont.OWN_SIDE,
                                         gi.SowLapCont.STOP_STORE):
            continue   # mapped with the relay below
        if key == 'end_cond' and cleared_blocked:
            raise Blocked(cleared_blocked)
        if key == 'sow_rule' and v in (gi.SowRule.ENPAS_ALL_OWNER_OWN,
                                       gi.SowRule.ENPAS_ALL_OWNER_SOW,
                                       gi.SowRule.LAP_CAPT,
                                       gi.SowRule.LAP_CAPT_OPP_GETS):
            continue   # captures during the sowing or its laps, mapped below
        if key == 'capt_type' and v == gi.CaptType.TWO_OUT:
            continue   # the capture across the gap, mapped below
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
    round_few = False
    deco = game.deco.ender
    while deco is not None:
        if type(deco).__name__ == 'EndSeedsLimit' and rounds is not None \
                and info.rounds in (gi.Rounds.END_S_SEEDS,
                                    gi.Rounds.END_2S_SEEDS):
            # the round ends when stop_at or fewer seeds are on the board;
            # MancalaGames checks it before the outright majority
            if few_limit is not None:
                raise Blocked('two ends by too few seeds')
            few_limit = deco.stop_at + 1
            round_few = True
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
    # MancalaGames keeps each store at its row's counterclockwise end
    # whichever way a move sows (its store cycle is fixed, a clockwise move
    # walks it backward): a clockwise sowing reaches the mover's store
    # after the opponent's row. The crate's default mirrors a clockwise
    # move, the store after the mover's own row; where a clockwise move
    # meets a store, the form says MancalaGames' placement
    # (StorePlace::CounterclockwiseEnds; Lagerung, GoEmpty_Two).
    store_place = None
    if direct in (None, gi.Direct.CCW):
        direction = 'counter-clockwise'
    elif direct == gi.Direct.CW:
        if info.sow_stores:
            store_place = 'counterclockwise-ends'
        direction = 'clockwise'
        features.append('clockwise')
    elif direct == gi.Direct.EVEN_ODD_DIR:
        # odd counts sow counterclockwise, even counts clockwise; the
        # stores stay where counterclockwise sowing finds them
        direction = 'by-parity'
        features.append('direction by the count\'s parity')
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
    if (chosen or halves) and info.sow_stores:
        # a move sown clockwise meets MancalaGames' stores at their rows'
        # counterclockwise ends, as in a clockwise game through the
        # stores (GoEmpty_Two)
        store_place = 'counterclockwise-ends'
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
    barred_return = False
    if halves == 'outward' and (info.min_move or 1) == 1 \
            and 0 not in info.udir_holes \
            and holes - 1 not in info.udir_holes:
        # MG's DontUndoMoveOne: a singleton just sown round an end of the
        # board may not be sown straight back (Playable::barred_return,
        # the pit barred held in the position); read with single laps from
        # the next pit and no store sown (RulesProblem::
        # BarredReturnCombination), checked below
        if info.mlength == 3:
            raise Blocked('a barred return with moves anywhere on the '
                          'board (territory)')
        barred_return = True
        features.append('a singleton sown round an end not sown straight '
                        'back')
    sow_start, skip_start = take('sow_start'), take('skip_start')
    if sow_start and skip_start:
        raise Blocked('origin first and skipping the origin')
    sowing = ('origin-first' if sow_start else
              'next-pit-skipping-origin' if skip_start else 'next-pit')
    if take('move_one'):
        # a single seed goes on into the next pit (MG's DrawMoveOne)
        if sowing != 'origin-first':
            raise Blocked('move one seed without sowing from the origin')
        if nd.get('mlaps'):
            raise Blocked('move one seed: move_one=True with relay laps')
        sowing = 'origin-first-or-next'
    if sowing != 'next-pit':
        features.append(sowing)
    ss = take('sow_stores')
    take('stores')
    # the stores sown, and the stores whose last seed gives another turn:
    # the mover's, the opponent's (MancalaGames' BOTH repeats the turn in
    # either store: ExtraTurn::in_opponent_store)
    store_map = {None: ('none', False, False),
                 gi.SowStores.OWN: ('own', True, False),
                 gi.SowStores.BOTH: ('both', True, True),
                 gi.SowStores.OWN_NR: ('own', False, False),
                 gi.SowStores.BOTH_NR: ('both', False, False),
                 gi.SowStores.BOTH_NR_OPP: ('both', True, False),
                 gi.SowStores.BOTH_NR_OWN: ('both', False, True)}
    if ss not in store_map:
        raise Blocked(f'stores sown: sow_stores={ss.name}')
    stores, in_store, in_opp_store = store_map[ss]
    if stores != 'none':
        features.append(f'stores {stores}'
                        + (' (at the counterclockwise ends)'
                           if store_place else ''))
    if in_store and in_opp_store:
        features.append('extra turn in either store')
    elif in_store:
        features.append('extra turn in store')
    elif in_opp_store:
        features.append("extra turn in the opponent's store")

    # -- which pits may be played (MancalaGames' allow_rule)
    allow = take('allow_rule')
    restriction = None
    if allow is not None:
        restriction = {
            gi.AllowRule.OPP_OR_EMPTY: 'ends-in-opponent-row-or-empty',
            gi.AllowRule.SINGLE_TO_ZERO: 'singleton-to-empty-next',
            gi.AllowRule.SINGLE_ONLY_ALL: 'singletons-only-when-all',
        }.get(allow)
        if restriction is None:
            raise Blocked(f'move restriction: allow_rule={allow.name}')
        if restriction != 'singletons-only-when-all' and stores != 'none':
            raise Blocked('move restriction with stores sown')
        features.append(f'restriction {restriction}')

    # -- captures before the sowing (MancalaGames' presowcapt)
    presow = take('presowcapt')
    before_sowing = None
    if presow == gi.PreSowCapt.CAPT_ONE:
        # MancalaGames puts the first seed of every lap (relay laps too)
        # in the mover's store.
        if (nd.get('min_move') or 1) < 2:
            raise Blocked('first seed to the store with single-seed moves')
        if nd.get('mlaps') not in (None, gi.LapSower.LAPPER) or (
                nd.get('mlaps') and nd.get('mlap_cont') is not None):
            raise Blocked('first seed to the store with this relay')
        if stores != 'none':
            raise Blocked('first seed to the store with stores sown')
        if nd.get('mustshare'):
            raise Blocked('first seed to the store with feeding')
        before_sowing = 'first-seed-to-store'
        features.append('each lap puts its first seed in the store')
    elif presow is not None:
        if presow != gi.PreSowCapt.DRAW_1_XCAPT:
            raise Blocked(f'capture before sowing: presowcapt={presow.name}')
        if nd.get('mlaps'):
            raise Blocked('capture before sowing in every relay lap')
        if sowing == 'origin-first':
            raise Blocked('capture before sowing from the origin first')
        before_sowing = 'singleton-takes-facing'
        features.append('a single seed first takes the facing pit')

    # -- a sweep of the opponent's row (capt_type CAPT_OPP_1CCW picking
    # every basic capture of the opponent's row)
    # (a two-out capture is mapped with the capture by count below)
    pull_across = False
    if nd.get('capt_type') == gi.CaptType.PULL_ACROSS:
        # the facing pit pulled across into an empty pit of the own row
        # (PullAcrossCapture; capt_side OPP_SIDE: the facing pit is the
        # opponent's); capt_dir says nothing without multicapt
        take('capt_type')
        if (nd.get('capt_side') != gi.CaptSide.OPP_SIDE
                or nd.get('multicapt') or nd.get('crosscapt')
                or nd.get('capt_on') or nd.get('evens')
                or nd.get('capt_min') or nd.get('capt_max')
                or nd.get('pickextra') or nd.get('mlaps')
                or nd.get('capt_rturn') or nd.get('sow_rule')):
            raise Blocked('capture type PULL_ACROSS with '
                          + ', '.join(k for k in (
                              'capt_side', 'multicapt', 'crosscapt',
                              'capt_on', 'evens', 'capt_min', 'capt_max',
                              'pickextra', 'mlaps', 'capt_rturn',
                              'sow_rule') if nd.get(k)))
        take('capt_side')
        take('capt_dir')
        pull_across = True
        features.append('pull across')
    # the opponent's store taken by a last seed in it (EndOppStoreCapture,
    # before any other capture: a last seed in a pit captures as the rest
    # says); MG insists on both stores sown without a repeat turn there
    takes_opp_store = False
    if nd.get('capt_type') == gi.CaptType.END_OPP_STORE_CAPT:
        take('capt_type')
        if stores != 'both' or in_opp_store:
            raise Blocked('capture type END_OPP_STORE_CAPT without both '
                          'stores sown, or with a turn again there')
        takes_opp_store = True
        features.append("a last seed in the opponent's store takes it")
    store_pass = None
    if nd.get('capt_type') == gi.CaptType.PASS_STORE_CAPT:
        # MG's PassStoreCapture: a last seed making an empty pit of the
        # capt_side's row hold 1 hands the mover's store to the opponent,
        # instead of the capture below it (StorePass); mapped as the only
        # capture of a turn, capt_side OPP_SIDE
        take('capt_type')
        others = [k for k in ('capt_on', 'evens', 'capt_min', 'capt_max',
                              'crosscapt', 'pickextra', 'capt_rturn',
                              'grandslam', 'nosinglecapt', 'nocaptmoves',
                              'sow_rule', 'presowcapt', 'child_type')
                  if nd.get(k)]
        if nd.get('capt_side') != gi.CaptSide.OPP_SIDE or others:
            raise Blocked('capture type PASS_STORE_CAPT with capt_side '
                          f"{getattr(nd.get('capt_side'), 'name', None)}"
                          + (', ' + ', '.join(others) if others else ''))
        take('capt_side')
        take('capt_dir')
        take('multicapt')
        store_pass = 'on-empty-opponent-pit'
        features.append("the mover's store to the opponent on a last seed "
                        "in an empty pit of their row")
    capt_type = (None if nd.get('capt_type') == gi.CaptType.TWO_OUT
                 else take('capt_type'))
    pickextra = take('pickextra')
    sweep = None
    pick = None
    picks = {gi.CaptExtraPick.PICKLASTSEEDS: {'last-seeds': seeds},
             gi.CaptExtraPick.PICKCROSS: 'facing',
             # the round's starter takes (its PickLastSeeds, turn_takes off)
             gi.CaptExtraPick.PICK2XLASTSEEDS:
                 {'last-seeds-to-starter': 2 * seeds}}
    if capt_type is None and pickextra in picks:
        # the extra pick after the capture (turn.pick)
        pick = picks[pickextra]
    elif capt_type is not None or pickextra is not None:
        if (capt_type != gi.CaptType.CAPT_OPP_1CCW
                or pickextra != gi.CaptExtraPick.PICKOPPBASIC):
            raise Blocked('capture type: '
                          f"capt_type={getattr(capt_type, 'name', None)} "
                          f"pickextra={getattr(pickextra, 'name', None)}")
        sweep = 'opponent-row-or-last-own-pit'
    no_single = bool(take('nosinglecapt'))
    if no_single:
        features.append('a single seed captures nothing')

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
    max_chain = 0
    if cross:
        if cross != gi.XCaptType.ONE_ZEROS:
            raise Blocked(f'cross capture {cross.name}')
        if basic:
            raise Blocked('cross capture by the facing pit\'s count')
        if multicapt:
            raise Blocked('chained cross captures')
        # capt_side BOTH (unset): MG's CaptCross takes the facing pit of
        # a last seed that made an empty pit 1 in either row (its
        # capt_basic checks the facing pit's side only when capt_side is
        # set): Opposite::from_either_row, played in single laps on the
        # pits alone with no other capture (the crate refuses the rest,
        # RulesProblem::OppositeEitherRowCombination)
        either_row = side is None
        if side not in (gi.CaptSide.OPP_SIDE, None):
            raise Blocked('cross capture from the side '
                          f"{getattr(side, 'name', side)}")
        if either_row:
            clash = [k for k in ('sow_stores', 'mlaps', 'child_type',
                                 'mustshare', 'rounds', 'udirect', 'grandslam',
                                 'pickextra', 'sow_rule', 'capt_type',
                                 'nosinglecapt', 'xc_sown', 'sow_own_store')
                     if nd.get(k)
                     and not (k == 'mlaps' and nd[k] == gi.LapSower.LAPPER
                              and nd.get('mlap_cont') is None)]
            # (sow_stores and rounds are taken above: read them here)
            if ss is not None:
                clash.append('sow_stores')
                nd.setdefault('sow_stores', ss)
            if rounds is not None:
                clash.append('rounds')
            if clash:
                raise Blocked('cross capture from either row with '
                              + ', '.join(f'{k}={getattr(nd.get(k), "name", nd.get(k))}'
                                          for k in clash))
        opposite = {'with_landing_seed': pickown in (
                        gi.CrossCaptOwn.PICK_ON_CAPT,
                        gi.CrossCaptOwn.ALWAYS_PICK),
                    'when_facing_empty':
                        pickown == gi.CrossCaptOwn.ALWAYS_PICK}
        if either_row:
            opposite['from_either_row'] = True
        features.append('opposite capture'
                        + (' from either row' if either_row else '')
                        + (' with the landing seed'
                           if opposite['with_landing_seed'] else '')
                        + (' even when facing empty'
                           if opposite['when_facing_empty'] else ''))
    elif basic:
        scopes = {None: 'anywhere', gi.CaptSide.OPP_SIDE: 'opponent-row',
                  gi.CaptSide.OWN_SIDE: 'own-row',
                  gi.CaptSide.OPP_CONT: 'starts-in-opponent-row'}
        if rounds is not None and rounds['fill'].startswith('territory'):
            # the crate reads the rows on the round's territory: the
            # opponent's (own) row is the pits the opponent (mover) owns;
            # MancalaGames' OPP_SIDE / OWN_SIDE stay the board's sides
            scopes = {None: 'anywhere',
                      gi.CaptSide.OPP_TERR: 'opponent-row',
                      gi.CaptSide.OWN_TERR: 'own-row'}
        if side not in scopes:
            raise Blocked(f'capture side {side.name}')
        scope = scopes[side]
        if multicapt == -1:
            chain = True
        elif multicapt == 1:
            pass   # one capture: no chain
        elif multicapt:
            # a chain of at most multicapt pits (CaptMultiple counts the
            # captures, the last pit's the first): CaptureRule::max_chain
            chain = True
            max_chain = multicapt
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
        if sweep:
            if chain or scope != 'opponent-row' or direction != 'counter-clockwise':
                raise Blocked('a sweep with a chain, another side or '
                              'clockwise sowing')
            features.append('sweep of the opponent\'s row '
                            + describe_counts(counts))
        else:
            features.append('capture ' + describe_counts(counts)
                            + (' chained' + (' forward' if forward else '')
                               + (f' (at most {max_chain} pits)'
                                  if max_chain else '')
                               if chain else '')
                            + ('' if scope == 'anywhere' else f' ({scope})'))
    elif multicapt or side:
        pass   # no capture: these say nothing
    if sweep and not basic:
        raise Blocked('a sweep without a capture by count')
    if no_single and 'mlaps' in nd:
        raise Blocked('no capture with a single seed, in relay laps')
    two_out = take('capt_type') == gi.CaptType.TWO_OUT
    if two_out:
        # the pit after the last is empty: the one after it is captured
        # (any seeds when no count is named), chained forward by pairs
        if cross:
            raise Blocked('two-out capture with a cross capture')
        if not info.mlaps:
            raise Blocked('two-out capture after a single lap (MancalaGames '
                          'then needs a last pit that was not empty)')
        if multicapt not in (0, -1):
            raise Blocked(f'a chain of at most {multicapt} captures')
        if side not in (None, gi.CaptSide.OPP_SIDE, gi.CaptSide.OWN_SIDE):
            raise Blocked(f'capture side {side.name}')
        scope = {None: 'anywhere', gi.CaptSide.OPP_SIDE: 'opponent-row',
                 gi.CaptSide.OWN_SIDE: 'own-row'}[side]
        # MG's CaptTwoOut looks at its capt_check (side, seeds) only, never
        # at capt_on, evens or the bounds: any seeds are captured
        # (Tap-Urdy's evens, seen in its check)
        counts = list(range(1, 256))
        chain = multicapt == -1
        forward = chain
        features.append('capture across the gap on '
                        + describe_counts(counts).replace('on ', '')
                        + (' chained forward' if chain else '')
                        + ('' if scope == 'anywhere' else f' ({scope})'))
    sow_rule = take('sow_rule')
    en_passant = None
    lap_capture = None
    if sow_rule in (gi.SowRule.LAP_CAPT, gi.SowRule.LAP_CAPT_OPP_GETS):
        # captures at the end of each relay lap (MG's _add_lapt_capt_cont):
        # a capture by count goes on from the next pit (ContIfBasicCapt),
        # one across the gap captures as the lap relays (GapNextCapt)
        if nd.get('mlaps') != gi.LapSower.LAPPER or nd.get('mlap_cont'):
            raise Blocked('captures on each lap with this relay')
        if cross:
            raise Blocked('captures on each lap by a cross capture')
        if not basic and not two_out:
            raise Blocked('captures on each lap without a capture by count')
        if ss is not None:
            raise Blocked('captures on each lap with stores sown')
        if not info.stores:
            # MG's StopNoOppSeeds ends such a relay when the opponent's
            # row is empty
            raise Blocked('captures on each lap without stores')
        if (nd.get('grandslam') or nd.get('capt_rturn') or pick is not None
                or no_single or nd.get('child_type')):
            raise Blocked('captures on each lap with a grand slam rule, an '
                          'extra turn, a pick or children')
        lap_capture = {'goes_on': 'as-relay' if two_out else 'next-pit'}
        if sow_rule == gi.SowRule.LAP_CAPT_OPP_GETS:
            # MG's SowOppCaptsLast: its sow_param seeds or fewer on the board
            few = take('sow_param') or 0
            if not 1 <= few <= 255 or sowing != 'next-pit' \
                    or rounds is not None:
                raise Blocked('seeds to the opponent on the last laps with '
                              'this sowing, rounds or no seed count')
            lap_capture['opponent_takes_at_most'] = few
        features.append('captures on each lap, going on '
                        + ('as the relay does' if two_out
                           else 'from the next pit')
                        + (f"; at most {lap_capture['opponent_takes_at_most']}"
                           ' seeds, the opponent takes those sown in their '
                           'row' if 'opponent_takes_at_most' in lap_capture
                           else ''))
    elif sow_rule is not None:
        # en passant: a pit sown to a capture count goes to its owner at
        # once; the last seed's pit too (OWNER_OWN) or it is left to the
        # mover's capture (OWNER_SOW)
        if not basic or cross or two_out:
            raise Blocked('captures during the sowing without a capture '
                          'by count')
        if ss is not None:
            raise Blocked('captures during the sowing with stores sown')
        if rounds is not None and rounds['out_of_play']:
            # the check refuses it (RulesProblem::OutOfPlayCombination)
            raise Blocked('captures during the sowing with pits out of play '
                          '(rounds)')
        last = ('to-owner' if sow_rule == gi.SowRule.ENPAS_ALL_OWNER_OWN
                else 'left-to-capture')
        en_passant = {'counts': counts_form(counts), 'last_seed': last}
        features.append('captures during the sowing on '
                        + describe_counts(counts).replace('on ', '')
                        + f' (to the owner; the last seed {last})')
    rturn = take('capt_rturn')
    if rturn not in (None, gi.CaptRTurn.ALWAYS):
        raise Blocked(f'extra turn after capture: {rturn.name}')
    after_capture = rturn == gi.CaptRTurn.ALWAYS
    if after_capture:
        features.append('extra turn after a capture')
    gs = take('grandslam')
    gs_map = {None: 'captures', gi.GrandSlam.NOT_LEGAL: 'illegal',
              gi.GrandSlam.NO_CAPT: 'captures-nothing',
              gi.GrandSlam.LEAVE_RIGHT: 'leaves-rightmost',
              gi.GrandSlam.LEAVE_LEFT: 'leaves-leftmost',
              gi.GrandSlam.LEGAL_SHARE: 'captures-and-plays-again'}
    if gs not in gs_map:
        raise Blocked(f'grand slam {gs.name}')
    grand_slam = gs_map[gs]
    if grand_slam != 'captures' and (basic or cross):
        features.append(f'grand slam {grand_slam} (judged before the move'
                        + ('; no move when all are' if grand_slam == 'illegal'
                           else '') + ')')

    if pick is not None:
        # MancalaGames' pickers (its PickLastSeeds, PickCross)
        # as the vocabulary reads them: after the capture from the last pit
        if stores != 'none':
            raise Blocked('an extra pick after the capture with stores sown')
        if grand_slam != 'captures' or no_single:
            raise Blocked('an extra pick after the capture with a grand '
                          'slam rule or no capture by a single seed')
        if cross or two_out or sweep:
            raise Blocked('an extra pick after a capture not from the '
                          'last pit (cross, two out, sweep)')
        if scope not in ('anywhere', 'opponent-row', 'own-row'):
            raise Blocked(f'an extra pick after the capture, scope {scope}')
        if rounds is not None and rounds['out_of_play']:
            raise Blocked('an extra pick after the capture with pits out '
                          'of play (rounds)')
        features.append({'last-seeds': f'the last {seeds} seeds or fewer '
                         'taken by the mover',
                         'last-seeds-to-starter': f'the last {2 * seeds} '
                         "seeds or fewer taken by the round's starter",
                         'facing': 'facing pit picked '
                         'on a capture'}[pick if isinstance(pick, str)
                                    else next(iter(pick))])

    # -- relay laps
    mlaps = take('mlaps')
    mlap_cont = take('mlap_cont')
    mlap_param = take('mlap_param') or 0
    if mlaps:
        # MancalaGames stops a relay for a capture by count only (not when
        # its laps capture: the lap's capture comes first), and a relay from
        # the next pit for a cross capture (StopXCapt: an empty pit of the
        # mover's row made 1, facing seeds), which the crate's
        # stop_on_capture reads with the facing capture
        stop_on_capture = (basic and not cross and not two_out
                           and lap_capture is None)
        if mlaps == gi.LapSower.LAPPER:
            relay_from = 'last-pit'
            lo = 2
        else:
            relay_from = 'next-pit'
            # MancalaGames looks at the next pit only: the last one may
            # have been emptied by a capture during the sowing
            lo = 0 if en_passant else 1
            if cross:
                if opposite['when_facing_empty']:
                    raise Blocked('relay from the next pit stopped for a '
                                  'cross capture that picks the landing seed '
                                  'always')
                stop_on_capture = True
        if mlap_cont == gi.SowLapCont.ON_PARAM:
            relay_on = [mlap_param] if mlap_param >= lo else []
        elif mlap_cont == gi.SowLapCont.GREQ_PARAM:
            relay_on = [{'from': max(lo, mlap_param)}]
        else:
            relay_on = [{'from': lo}]
        if mlaps == gi.LapSower.LAPPER_NEXT and relay_on != [{'from': lo}]:
            raise Blocked('relay from the next pit by the last pit\'s count')
        # Where the relay goes on from (RelayContinues). A lap ending in a
        # store ends every relay of the crate: MG's StopRepeatTurn (an extra
        # turn in the store) or STOP_STORE says so too.
        continues = None
        if stores != 'none' and not in_store and \
                mlap_cont != gi.SowLapCont.STOP_STORE:
            raise Blocked('a relay whose lap may end in a store without an '
                          'extra turn (MancalaGames sows on from the store)')
        if mlap_cont == gi.SowLapCont.OWN_SIDE:
            # StopNotSide: a lap ending in the opponent's row ends the relay
            continues = 'from-own-row'
        if mlaps == gi.LapSower.LAPPER_NEXT and stores != 'none':
            # NextLapCont reads the place after the last pit: after the
            # mover's last pit, their store, whose seeds are sown on
            if stores != 'own' or direction != 'counter-clockwise':
                raise Blocked('a relay from the next pit through stores '
                              f'{stores}, sown {direction}')
            if continues:
                raise Blocked('a relay from the next pit through the store, '
                              'from the own row only')
            continues = 'through-own-store'
        # MancalaGames' sower gives up after 75 laps (ENDLESS) and the
        # move ends the game by its quitter rule; such moves are legal
        # (its default "no_endless = no").
        quit = {gi.EndGameSeeds.HOLE_OWNER: 'owners',
                gi.EndGameSeeds.DONT_SCORE: 'nobody',
                gi.EndGameSeeds.DIVVIED: 'split'}.get(
                    gi.EndGameSeeds.DIVVIED if info.quitter is None
                    else info.quitter)
        if quit is None:
            raise Blocked(f'a relay past 75 laps, quitter {info.quitter.name}')
        # (DONT_SCORE, 'nobody': the vocabulary's cap splits the board so
        # that it changes nobody's standing, an odd seed to the player ahead)
        if eliminate:
            # MancalaGames' quitter for these goals is a tie (QuitToTie):
            # the cap empties the board, both rows, a draw
            quit = 'split'
        elif quit == 'split' and not game.info.stores:
            raise Blocked('a relay past 75 laps ending in a tie (no stores)')
        # (a game won by clearing: MancalaGames' quitter is a tie; the
        # vocabulary's cap empties the board, both rows cleared: a draw)
        lap = {'relay': {'sowing': sowing, 'relay_on': relay_on,
                         'from': relay_from,
                         'stop_on_capture': bool(stop_on_capture),
                         'max_laps': 75,
                         'at_max_laps': {'ends-game': quit},
                         **({'lap_capture': lap_capture}
                            if lap_capture else {}),
                         **({'continues': continues} if continues else {})}}
        features.append('relay from the ' + relay_from.replace('-', ' ')
                        + (' (stops on a capture)' if stop_on_capture else '')
                        + {None: '', 'from-own-row': ', from the own row only',
                           'through-own-store': ', through the own store'}[
                               continues]
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
    # DIVVIED: half each, an odd seed to the player with fewer in store
    # (North on equal stores), MancalaGames' DivvySeedsStores
    leftover = {gi.EndGameSeeds.HOLE_OWNER: 'owners',
                gi.EndGameSeeds.DONT_SCORE: 'nobody',
                gi.EndGameSeeds.LAST_MOVER: 'opponent',
                gi.EndGameSeeds.DIVVIED: 'split-odd-to-behind'}
    starvation = 'owners'
    if unclaimed == gi.EndGameSeeds.UNFED_PLAYER:
        if not must_feed:
            raise Blocked('seeds to the unfed player without feeding')
        starvation = 'opponent'
        # the other ends use the quitter (HOLE_OWNER is 0: test for None)
        stuck_left = leftover.get(gi.EndGameSeeds.DIVVIED if quitter is None
                                  else quitter)
    else:
        stuck_left = leftover.get(unclaimed)
        starvation = stuck_left
    if stuck_left is None:
        raise Blocked(f'leftovers {unclaimed.name}')
    if must_feed and min_move > 1 and starvation != stuck_left:
        # MancalaGames' must-share ender judges the players by their pits
        # of min_move seeds: a mover left with seeds too few to move whose
        # opponent then has no move ends the game by the must-share
        # claimer (the crate's starvation leftover), where the crate sees
        # a stuck player (its stuck leftover). Equal leftovers (Modiar's
        # owners) agree.
        raise Blocked('feeding with a minimum move above 1, starvation and '
                      'stuck leftovers differing')
    if stuck_left == 'split-odd-to-behind' and not game.info.stores:
        raise Blocked('leftovers divided (DIVVIED) without stores')
    if cleared == 'wins' or eliminate:
        # nothing but a cleared row (an eliminated player) ends the game;
        # the board is not scored
        stuck_left = starvation = 'nobody'
    if must_feed:
        features.append('feeding (judged after the capture)')
    few_seeds = None
    if few_limit is not None:
        few_left = leftover.get(unclaimed)
        if few_left is None:
            raise Blocked(f'an end by too few seeds, leftovers {unclaimed.name}')
        few_seeds = {'fewer_than': few_limit, 'leftover': few_left}
        features.append(f'ends below {few_limit} seeds ({few_left})')
    stuck = {'passes' if mustpass else 'ends': stuck_left}
    if cleared:
        features.insert(0, f'cleared row ({cleared})')
    majority_above = None
    if eliminate:
        # MancalaGames judges them after the move, from the mover's side
        # (DepriveEndGame, ImmobilizeEndGame); read on the position, the
        # mover is the opponent of the player to move only without extra
        # turns, and both rows empty only at the lap cap (a draw) without
        # a capture that takes the landing seed
        want = {'deprive': ['DepriveEndGame', 'EndTurnNoMoves'],
                'immobilize': ['ImmobilizeEndGame']}[eliminate]
        if enders != want:
            raise Blocked(f'goal {eliminate.upper()} with the enders {enders}')
        if in_store or in_opp_store or after_capture \
                or grand_slam == 'captures-and-plays-again':
            raise Blocked(f'goal {eliminate.upper()} with extra turns (who '
                          'moved last decides, which a position does not show)')
        if must_feed:
            raise Blocked(f'goal {eliminate.upper()} with feeding')
        if opposite and opposite['with_landing_seed']:
            raise Blocked(f'goal {eliminate.upper()} with a capture taking the '
                          'landing seed (both rows may empty)')
        if info.play_locs:
            raise Blocked(f'goal {eliminate.upper()} with moves from a store')
        features.insert(0, f'eliminate ({eliminate})')
    elif cleared != 'wins':
        features.append(('stuck passes' if mustpass else 'stuck ends')
                        + f' ({stuck_left})')
        if 'ClearWinner' not in enders:
            raise Blocked('no outright-majority end')
        deco = game.deco.ender
        while deco is not None:
            if type(deco).__name__ == 'ClearWinner':
                half, rem = divmod(total, 2)
                if deco.win_seeds != half + rem:
                    if rounds is None:
                        raise Blocked(f'an outright majority above {deco.win_seeds}')
                    majority_above = deco.win_seeds
                if round_few:
                    # the few-seeds end comes first in MancalaGames: the
                    # crate's majority (checked first) is read only when
                    # it can never come before it
                    if total - (deco.win_seeds + 1) >= few_limit:
                        raise Blocked('an end by too few seeds checked '
                                      'before an outright majority that '
                                      'can come first')
                    majority_above = None
            deco = getattr(deco, 'decorator', None)
        if round_few:
            features.append('no majority end (the few-seeds end comes '
                            'first)')
        else:
            features.append('majority (nobody)' if majority_above is None
                            else f'majority above {majority_above} (nobody)')
    elif enders != ['ClearSeedsEndGame']:
        raise Blocked(f'goal CLEAR with the enders {enders}')
    children = survey_children(gi, info, nd, direction, holes)
    if children and children.get('places'):
        features.append('children on %d (own places %s; opponent places %s)'
                        % (children['made_on'],
                           ','.join(map(str, children['places']['own']))
                           or 'none',
                           ','.join(map(str, children['places']['opponent']))
                           or 'none'))
    elif children:
        features.append('children on %d%s%s%s' % (
            children['made_on'], ', one each' if children['one_each'] else '',
            ', not the last pit' if children['not_last_pit'] else '',
            {'any': '', 'same-number': ', not the same number',
             'facing': ', not facing'}[children['apart']]))
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
                     **({'feeding': 'after-capture'} if must_feed else {}),
                     **({'restriction': restriction} if restriction else {}),
                     **({'barred_return': True} if barred_return else {}),
                     # MancalaGames' NoGrandSlam filter leaves no move when
                     # every move is a grand slam
                     **({'slams_only': 'no-move'}
                        if grand_slam == 'illegal' else {})),
        'turn': {
            'lap': lap,
            'direction': direction,
            'stores': stores,
            **({'store_place': store_place} if store_place else {}),
            'capture': dict({'counts': counts_form(counts), 'chain': chain,
                             'forward': forward},
                            **({'at': 'across-gap'} if two_out else {}),
                            **({'max_chain': max_chain}
                               if basic and not cross and not sweep
                               and not two_out and max_chain else {})),
            'scope': scope,
            'opposite': opposite,
            'grand_slam': grand_slam,
            **({'grand_slam_judged': 'before-move'}
               if grand_slam != 'captures' else {}),
            'extra_turn': dict({'in_own_store': in_store,
                                'after_capture': after_capture},
                               **({'in_opponent_store': True}
                                  if in_opp_store else {})),
            **({'no_single_seed_capture': True} if no_single else {}),
            **({'sweep': sweep} if sweep else {}),
            **({'before_sowing': before_sowing} if before_sowing else {}),
            **({'en_passant': en_passant} if en_passant else {}),
            **({'halves': halves} if halves else {}),
            **({'chosen_direction': chosen} if chosen else {}),
            **({'chain_against': chain_against} if chain_against else {}),
            **({'pull_across': True} if pull_across else {}),
            **({'takes_opponent_store': True} if takes_opp_store else {}),
            **({'pick': pick} if pick else {}),
            **({'children': children} if children else {}),
            **({'store_pass': store_pass} if store_pass else {}),
        },
        'end': dict({'stuck': stuck,
                     'majority': None if cleared == 'wins' or eliminate or round_few
                     else 'nobody',
                     'row_empty': None, 'starvation': starvation},
                    **({'few_seeds': few_seeds} if few_seeds else {}),
                    **({'cleared': cleared} if cleared else {}),
                    **({'majority_above': majority_above}
                       if majority_above is not None else {}),
                    **({'eliminate': eliminate} if eliminate else {})),
        'history': {'repetition': 'continues', 'agreement': False},
    }
    if start is not None:
        if rounds is not None:
            raise Blocked('rounds with a start pattern')
        form['start'] = start
        features.append('start ' + ' '.join(map(str, start)))
    if deal is not None:
        form['deal'] = deal
    if first_move is not None:
        form['first_move'] = first_move
    if nocapt:
        form['opening'] = {'no_captures_for': nocapt}
    if barred_return:
        # what the check refuses beside a barred return
        # (RulesProblem::BarredReturnCombination)
        t = form['turn']
        beside = (t['lap'].get('single') not in ('next-pit',
                                                 'next-pit-skipping-origin')
                  or t['stores'] != 'none'
                  or form['play']['must_feed']
                  or form['play'].get('restriction')
                  or t['grand_slam'] == 'illegal'
                  or t.get('before_sowing') or t.get('en_passant')
                  or t.get('pull_across') or rounds is not None)
        if beside:
            raise Blocked('a barred return beside a reading it was not '
                          'read with (relay laps, stores sown, feeding, '
                          '...)')
    if children:
        # what the check refuses beside children
        # (RulesProblem::ChildrenCombination)
        t = form['turn']
        beside = (t['lap'].get('relay') or t['stores'] != 'none'
                  or t['capture']['chain']
                  or t['capture'].get('at') == 'across-gap'
                  or t['opposite'] or t.get('sweep')
                  or t.get('before_sowing') or t.get('en_passant')
                  or (t.get('halves') and t['children']['not_last_pit'])
                  or t.get('chosen_direction')
                  or t['direction'] == 'by-parity'
                  or t['grand_slam'] != 'captures'
                  or t['extra_turn']['after_capture']
                  or form['play']['must_feed']
                  or form['play'].get('restriction')
                  or rounds is not None
                  or form['end'].get('cleared')
                  or majority_above is not None)
        if beside:
            raise Blocked('children beside a reading their turn does not '
                          'play (a chain, the facing pit, stores sown, ...)')
    if rounds is not None:
        if rounds['out_of_play']:
            # what the check refuses with pits out of play
            # (RulesProblem::OutOfPlayWithNextPit, OutOfPlayCombination)
            t = form['turn']
            relay = t['lap'].get('relay')
            beside = (relay and relay['from'] == 'next-pit'
                      or t['capture']['chain']
                      or t['capture'].get('at') == 'across-gap'
                      or t.get('en_passant') or t.get('before_sowing')
                      or t.get('sweep') or t.get('chosen_direction')
                      or t.get('halves') or t['direction'] == 'by-parity'
                      or form['play'].get('restriction')
                      or t['grand_slam'] in ('leaves-rightmost',
                                             'leaves-leftmost'))
            if beside:
                raise Blocked('rounds with pits out of play and a reading '
                              'that looks beside a pit (a relay from the '
                              'next pit, a chain, two out, ...): not played')
        form['rounds'] = rounds
    return form, features, cfg


def survey_children(gi, info, nd, direction, holes):
    """The data form's "children" for MancalaGames' child parameters
    (popped from nd), None for a game without them, or raise Blocked.
    Said: a child made in the opponent's row (child_rule OPP_SIDE_ONLY,
    so that its owner is the player facing its row), of type NORMAL or
    ONE_CHILD, anywhere there or but the opponent's pit sown last before
    the mover's row (NO_OPP_LEFT counterclockwise, NO_OPP_RIGHT clockwise;
    NOT_SYM_OPP and NOT_FACING add the pit kept apart), in a game with
    stores (without them MG moves the captures into the children) or
    without captures; and, with no rule on the row (child_rule NONE), a
    child made where MG's child locations let its maker, who owns it
    (Children::places), when no place is open to both players (so that a
    child's owner is fixed by its place)."""
    kind = nd.pop('child_type', None)
    cvt = nd.pop('child_cvt', None)
    rule = nd.pop('child_rule', None)
    locs = nd.pop('child_locs', None)
    if kind is None:
        if cvt or rule or locs:
            raise Blocked('child parameters without children')
        return None
    if kind not in (gi.ChildType.NORMAL, gi.ChildType.ONE_CHILD):
        raise Blocked(f'children: child_type={kind.name}')
    if rule not in (gi.ChildRule.OPP_SIDE_ONLY, gi.ChildRule.NONE, None):
        raise Blocked(f'children: child_rule={rule.name}')
    if not info.stores and info.any_captures:
        raise Blocked('children without stores (the captures go into a '
                      'child)')
    if holes < 2:
        raise Blocked('children on a row of one pit')
    if not cvt:
        raise Blocked('children made on 0 seeds')
    if rule in (gi.ChildRule.NONE, None):
        # no rule on the row: each player makes children where MG's
        # child locations let them, and owns them (Children::places)
        if kind == gi.ChildType.ONE_CHILD:
            raise Blocked('children: one each, made by place')
        places = child_places(gi, locs or gi.ChildLocs.ANYWHERE, holes)
        if set(places['own']) & set(places['opponent']):
            raise Blocked('children: child_rule=NONE with a place both '
                          "players may take (a child's owner not fixed by "
                          'its place)')
        return {'made_on': cvt, 'one_each': False, 'not_last_pit': False,
                'apart': 'any', 'places': places}
    locs = locs or gi.ChildLocs.ANYWHERE
    left = (gi.ChildLocs.NO_OPP_LEFT, gi.ChildLocs.NOT_SYM_OPP)
    right = (gi.ChildLocs.NO_OPP_RIGHT, gi.ChildLocs.NOT_FACING)
    if locs == gi.ChildLocs.ANYWHERE:
        not_last = False
    elif (locs in left and direction == 'counter-clockwise'
          or locs in right and direction == 'clockwise'):
        not_last = True
    else:
        raise Blocked(f'children: child_locs={locs.name} sown {direction}')
    apart = {gi.ChildLocs.NOT_SYM_OPP: 'same-number',
             gi.ChildLocs.NOT_FACING: 'facing'}.get(locs, 'any')
    return {'made_on': cvt, 'one_each': kind == gi.ChildType.ONE_CHILD,
            'not_last_pit': not_last, 'apart': apart}


def child_places(gi, locs, holes):
    """The places (1 to holes, from each row's owner's left) where the
    mover may make a child in their own row and in the opponent's, from
    MancalaGames' child locations (its ChildLocOk table, read from its
    checkout), the same for both players, or raise Blocked."""
    import make_child  # MancalaGames' module
    if locs == gi.ChildLocs.ANYWHERE:
        every = list(range(1, holes + 1))
        return {'own': every, 'opponent': every}
    table = make_child.ChildLocOk.pattern_dict
    if locs not in table:
        raise Blocked(f'children: child_locs={locs.name} with no rule on '
                      'the row')
    plist = table[locs]
    pattern = plist[1] + plist[0][::-1]
    if holes in make_child.ChildLocOk.btrans:
        trans = make_child.ChildLocOk.btrans[holes]
    else:
        half = [0, 1] + [2] * (holes - 4) + [3, 4]
        trans = half + [v + 5 for v in half]
    seen = None
    for mover in (False, True):
        own, opponent = [], []
        for loc in range(2 * holes):
            players = pattern[trans[loc]]
            if not players or mover not in players:
                continue
            south_row = loc < holes
            place = loc + 1 if south_row else loc - holes + 1
            (own if south_row != mover else opponent).append(place)
        if seen is not None and seen != (own, opponent):
            raise Blocked(f'children: child_locs={locs.name} not the same '
                          'for both players')
        seen = (own, opponent)
    own, opponent = seen
    if not own and not opponent:
        raise Blocked(f'children: child_locs={locs.name}: no place')
    return {'own': own, 'opponent': opponent}


def survey_rounds(gi, info, nd, seeds=0):
    """The data form's "rounds" for MancalaGames' rounds parameters (popped
    from nd), or raise Blocked.  MancalaGames' NO_MOVES rounds (a round is
    a game to its end; the next is filled from the seeds each player won)
    with a left or right fill are said; its other round kinds and fills
    are not yet."""
    kind = nd.get('rounds')
    # END_S_SEEDS / END_2S_SEEDS: a round also ends when few seeds are
    # left on the board (MancalaGames' EndSeedsLimit, read from the ender
    # chain as an end by too few seeds)
    if kind not in (gi.Rounds.NO_MOVES, gi.Rounds.END_S_SEEDS,
                    gi.Rounds.END_2S_SEEDS):
        raise Blocked(f'rounds: rounds={kind.name}')
    territory = nd.get('goal') == gi.Goal.TERRITORY
    if nd.get('goal') is not None and not territory:
        raise Blocked(f"rounds: goal={nd['goal'].name}")
    fill = info.round_fill
    fills = {gi.RoundFill.LEFT_FILL: 'left', gi.RoundFill.RIGHT_FILL: 'right'}
    if territory:
        # the pits change owners between rounds (MancalaGames'
        # TerritoryNewRound); UCHOWN without a chooser, and a lottery
        # for the pit half filled with an odd count never, read as the
        # winner taking a pit filled more than half
        fills = {gi.RoundFill.UCHOWN: 'territory',
                 gi.RoundFill.NOT_APPLICABLE: 'territory',
                 gi.RoundFill.TERR_EX_LOSER: 'territory-to-loser',
                 gi.RoundFill.TERR_EX_EMPTY: 'territory-emptied'}
        if fill == gi.RoundFill.TERR_EX_RANDOM:
            if info.start_pattern or seeds % 2 == 0:
                raise Blocked('rounds: TERR_EX_RANDOM with an even count '
                              '(a lottery for the pit half filled)')
            fills[gi.RoundFill.TERR_EX_RANDOM] = 'territory'
    if fill not in fills:
        raise Blocked(f'rounds: round_fill={fill.name}')
    if nd.get('start_pattern') is not None:
        raise Blocked('rounds: a start pattern')
    starter = info.round_starter
    starters = {gi.RoundStarter.ALTERNATE: 'alternate',
                gi.RoundStarter.LOSER: 'loser',
                gi.RoundStarter.WINNER: 'winner',
                gi.RoundStarter.LAST_MOVER: 'last-mover'}
    if starter not in starters:
        raise Blocked(f'rounds: round_starter={starter.name}')
    for key in ('rounds', 'round_fill', 'round_starter', 'goal_param',
                'blocks'):
        nd.pop(key, None)
    if territory:
        nd.pop('goal', None)
        if info.blocks:
            raise Blocked('rounds: territory with blocks')
        if not info.goal_param:
            raise Blocked('rounds: territory without pits to win')
    return {'fill': fills[fill], 'starter': starters[starter],
            'min_pits': max(1, info.goal_param or 0),
            'out_of_play': bool(info.blocks)}


def territory_text(r, seeds, n):
    """The rules text of a match of rounds for territory."""
    total = 2 * n * seeds
    win = r['min_pits']
    if r['fill'] == 'territory':
        extra = ('and one more if the seeds left over fill it more than '
                 'half')
        to_win = (win - 1) * seeds + seeds // 2 + 1
        go_on = total - to_win + seeds // 2
    else:
        extra = ('the pit they could fill only in part is the loser\'s')
        to_win = win * seeds
        go_on = total - to_win + 1
    who = {'alternate': 'the player who did not start the round before',
           'loser': 'the loser of the round before (after a draw, the '
                    'player who would not have moved next)',
           'winner': 'the winner of the round before (after a draw, '
                     'the player who would have moved next)',
           'last-mover': 'the player who made the last move of the '
                         'round before'}[r['starter']]
    text = ('The game is a match of rounds for territory, each played as '
            'above; at first each player owns their own row. A player '
            'plays only from the pits they own, the opponent\'s pits are '
            'the "opponent\'s row" of a capture, and seeds left to their '
            'owners go to the owner of their pit. When a round ends, every '
            f'pit is refilled with {seeds} seeds and the stores are '
            'emptied; the player who won more seeds owns as many pits as '
            f'their seeds fill at {seeds} a pit ({extra}), the other player '
            'the rest. The winner\'s pits run counterclockwise from their '
            f"own first pit (South's pit 1, North's pit {n + 1}) through "
            'their row and on into the loser\'s row from its first pit; '
            'after a drawn round each player owns their own row.')
    if r['fill'] == 'territory-emptied':
        text += (' What each player\'s seeds leave over whole pits stays '
                 'in their store, and the loser\'s first pit (the first '
                 'after the winner\'s) is left empty to make up for it.')
    text += (f' Each new round is started by {who}. The match ends when a '
             f'player has fewer than {go_on} seeds at the end of a round '
             f'(the other could claim {win} pits); the winner of that last '
             'round wins the match.')
    return text


def describe_counts(counts):
    form = counts_form(counts)
    words = []
    for c in form:
        words.append(f'{c["from"]}+' if isinstance(c, dict) else str(c))
    if len(words) > 6 and all(isinstance(c, int) and c % 2 == 0
                              for c in form):
        return 'on evens'
    return 'on ' + ','.join(words)


def counts_words(counts):
    """describe_counts' words after 'holds': '2,3', or 'an even number of'."""
    words = counts.replace('on ', '')
    return 'an even number of' if words == 'evens' else words


def file_name(mg_name):
    name = mg_name.lower().replace('_', '-')
    return name + '-mancalagames' if name in TAKEN else name


def ordinal_text(mg_name, form, cfg, commit):
    """The rules text, numbered, in this script's own words."""
    n = form['pits'] // 2
    t = form['turn']
    rules = []
    start = form.get('start')
    if start:
        rows = (' '.join(map(str, start[:n])), ' '.join(map(str, start[n:])))
        rules.append(f'A board of two rows of {n} pits'
                     + (', and a store for each player' if
                        form['has_stores'] else '')
                     + '. At the start, South\'s pits 1 to %d hold %s seeds '
                     'and North\'s pits %d to %d hold %s (each row from its '
                     'owner\'s left), %d seeds in all. South moves first.'
                     % (n, rows[0], n + 1, 2 * n, rows[1], sum(start)))
    elif form.get('deal'):
        total = form['seeds'] * 2 * n
        rules.append(f"A board of two rows of {n} pits"
                     + (', and a store for each player' if
                        form['has_stores'] else '')
                     + f". {total} seeds are dealt into the pits at random, "
                     f"at least {form['deal']['at_least']} in each; every "
                     "such spread is equally likely (the crate's reading: the "
                     "sources say only that the seeds are thrown in at "
                     f"random). South (pits 1 to {n}) moves first.")
    else:
        rules.append(f"A board of two rows of {n} pits, {form['seeds']} seeds in "
                     'each' + (', and a store for each player' if
                               form['has_stores'] else '')
                     + '. South (pits 1 to %d) moves first.' % n)
    if form.get('first_move'):
        rules.append(f"South's first move is prescribed: the seeds of pit "
                     f"{form['first_move']}, the rightmost of South's row, "
                     "sown by the rules below; North then moves (the game "
                     "begins after that move).")
    dirw = {'counter-clockwise': 'counterclockwise (to higher pit numbers)',
            'clockwise': 'clockwise (to lower pit numbers)',
            'by-parity': 'counterclockwise (to higher pit numbers) if '
            'they are an odd number, clockwise (to lower pit numbers) if '
            'an even number'}[t['direction']]
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
             'the board',
             'origin-first-or-next': 'the first seed back into the emptied '
             'pit (a single seed goes on into the next pit)'}[sowing]
    rules.append(f'A player takes every seed of {pick} and sows them '
                 f'{dirw}, {first}.')
    restriction = form['play'].get('restriction')
    if restriction == 'ends-in-opponent-row-or-empty':
        rules.append('A pit may be played only if its first lap would end '
                     "in the opponent's row, or in a pit of the player's "
                     'own row that is empty before the move; a pit holding '
                     f'more than {n} seeds may always be played.')
    elif restriction == 'singleton-to-empty-next':
        rules.append('A pit holding a single seed may be played only if '
                     'the next pit, where that seed would fall, is empty.')
    elif restriction == 'singletons-only-when-all':
        rules.append('A pit holding a single seed may be played only when '
                     'every pit the player could play holds a single seed.')
    if t.get('before_sowing') == 'first-seed-to-store':
        rules.append('Before sowing, the player puts the first of the seeds '
                     'taken up into their own store (a capture), and sows '
                     'the rest' + (', in every lap of a relay' if 'relay' in
                                   lap else '') + '.')
    if t.get('before_sowing') == 'singleton-takes-facing':
        rules.append('When the pit played holds a single seed, the player '
                     'first captures the seeds of the pit facing it, then '
                     'sows the seed.')
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
    elif t['capture']['chain']:
        back = 'a chain of captures then runs back against the direction ' \
            'chosen'
    else:
        back = None
    if len(chosen) == n:
        rules.append('The player chooses the direction of every sowing: '
                     'clockwise (to lower pit numbers) or counterclockwise '
                     '(to higher ones)' + (f'; {back}.' if back else '.'))
    elif chosen:
        places = ', '.join(map(str, chosen))
        centre = n % 2 == 1 and chosen == [n // 2 + 1]
        rules.append('From the pit '
                     + ('in the centre of the row' if centre else
                        f'at place {places} of the row, counted from the '
                        "player's own left,")
                     + ' the player chooses the direction of each sowing: '
                     'clockwise or counterclockwise'
                     + (f'; {back}.' if back else '.'))
    if form['play'].get('barred_return'):
        rules.append('A single seed sown from an end pit of a row round '
                     'the end of the board into the facing end pit of the '
                     'other row, which it leaves holding that one seed, may '
                     'not be sown straight back: the owner of that pit may '
                     'not play it in their next move.')
    # the stores where counterclockwise sowing finds them, for clockwise
    # moves too (the parity direction; MancalaGames' store placement)
    fixed = (t['direction'] == 'by-parity'
             or t.get('store_place') == 'counterclockwise-ends')
    if t['stores'] == 'own':
        rules.append("Sowing passes through the player's own store, which "
                     "takes a seed; the opponent's store is skipped."
                     + (" Each store stays at the end of its owner's row "
                        '(after the last pit sown counterclockwise), so a '
                        'clockwise sowing reaches it only after the '
                        "opponent's row." if fixed else ''))
    elif t['stores'] == 'both':
        rules.append('Sowing passes through both stores, each taking a '
                     'seed.'
                     + (" Each store stays at the end of its owner's row "
                        '(after the last pit sown counterclockwise), so a '
                        "clockwise sowing from a player's row reaches the "
                        "opponent's store first, and their own only after "
                        "the opponent's row." if fixed else ''))
    if t.get('takes_opponent_store'):
        rules.append("If the last seed falls into the opponent's store, the "
                     'player captures every seed in it, the one just sown '
                     'too.')
    if 'relay' in lap:
        r = lap['relay']
        on = ', '.join(f"{c['from']} or more" if isinstance(c, dict)
                       else str(c) for c in r['relay_on'])
        own_row = r.get('continues') == 'from-own-row'
        if r['from'] == 'last-pit':
            rules.append('When the last seed falls into a pit that then '
                         f'holds {on} seeds, those seeds are taken up and '
                         'sown on from that pit (a relay), until a lap ends '
                         'in a pit that was empty'
                         + (' or in a store' if t['stores'] != 'none' else '')
                         + (", or in the opponent's row" if own_row else '')
                         + (', or in a pit that captures' if
                            r['stop_on_capture'] else '') + '.')
        elif r.get('continues') == 'through-own-store':
            rules.append('When a lap ends in a pit, the seeds of the place '
                         'after it are taken up and sown on (a relay): after '
                         "the last pit of the player's own row that place is "
                         'their store, whose seeds are taken out of it and '
                         "sown on from the opponent's first pit. An empty pit "
                         'or store there ends the sowing, and so does a lap '
                         'ending in the store'
                         + (', or a last seed that captures the facing pit'
                            if r['stop_on_capture'] and t['opposite'] else
                            ', or a last pit that captures'
                            if r['stop_on_capture'] else '') + '.')
        else:
            rules.append('When a lap ends, the seeds of the pit after the '
                         'last one are taken up and sown on (a relay); an '
                         'empty pit there ends the sowing'
                         + (', and so does a last seed that captures the '
                            'facing pit' if r['stop_on_capture'] and
                            t['opposite'] else
                            ', and so does a last pit that captures' if
                            r['stop_on_capture'] else '')
                         + (", and so does a lap ending in the opponent's row"
                            if own_row else '') + '.')
    ch = t.get('children')
    if ch and ch.get('places'):
        def at(places):
            if len(places) == n:
                return 'any pit'
            if len(places) == 1:
                return f'the pit at place {places[0]}'
            return ('one of the pits at places '
                    + ', '.join(map(str, places[:-1]))
                    + f' and {places[-1]}')
        wheres = []
        if ch['places']['own']:
            wheres.append(f"{at(ch['places']['own'])} of the player's own "
                          'row')
        if ch['places']['opponent']:
            wheres.append(f"{at(ch['places']['opponent'])} of the "
                          "opponent's row")
        rules.append("If the last seed falls into a pit that is not a "
                     f"child and then holds {ch['made_on']} seeds, and that "
                     'pit is ' + ' or '.join(wheres) + ' (places counted '
                     "from the row's owner's left), that pit becomes the "
                     "player's child, instead of any capture. A child is "
                     'never played and never captured from; seeds sown '
                     'into it stay there and are its owner\'s (the player '
                     'who made it), counted with their captures for the '
                     'majority and at the end of the game.')
    elif ch:
        where = "a pit of the opponent's row"
        if ch['not_last_pit']:
            where += (" (not the opponent's pit sown last before the "
                      "player's own row)")
        cond = []
        if ch['one_each']:
            cond.append('the player has no child yet')
        if ch['apart'] == 'same-number':
            cond.append("the pit of the same number in the player's own "
                        "row (each row counted from its owner's left) is "
                        "not the opponent's child")
        elif ch['apart'] == 'facing':
            cond.append("the facing pit is not the opponent's child")
        rules.append(f"If the last seed falls into {where} that is not a "
                     f"child and then holds {ch['made_on']} seeds"
                     + (', and ' + ' and '.join(cond) if cond else '')
                     + ', that pit becomes the player\'s child (a tuzdik), '
                     'instead of any capture. A child is never played and '
                     'never captured from; seeds sown into it stay there '
                     'and are its owner\'s, counted with their store for '
                     'the majority and at the end of the game.')
    c = t['capture']
    if c['counts'] and t.get('sweep'):
        counts = describe_counts(
            [x for x in range(1, 256) if in_counts(x, c['counts'])])
        rules.append("If the last seed falls into the opponent's row, or "
                     "into the player's own last pit before it (the one "
                     'from which sowing passes to the opponent), every pit '
                     "of the opponent's row that then holds "
                     f"{counts_words(counts)} seeds is captured, "
                     'wherever it lies.')
    elif c['counts'] and c.get('at') != 'across-gap':
        counts = describe_counts(
            [x for x in range(1, 256) if in_counts(x, c['counts'])])
        where = {'anywhere': 'any pit', 'opponent-row':
                 "a pit of the opponent's row",
                 'starts-in-opponent-row': "a pit of the opponent's row",
                 'own-row': "a pit of the player's own row"}[t['scope']]
        rules.append(f'If the last seed falls into {where} that then holds '
                     f"{counts_words(counts)} seeds, those seeds are "
                     'captured.')
        if c['chain'] and t.get('chain_against'):
            rules.append('Then the next pit in the chain\'s direction (see '
                         'above) is captured too if it is such a pit holding '
                         'such a count, and so on until a pit that is not.')
        elif c['chain']:
            rules.append('Then the pit ' + ('after' if c['forward'] else
                         'before') + ' it (in the direction of sowing) is '
                         'captured too if it is such a pit holding such a '
                         'count, and so on until a pit that is not.'
                         + (' The chain may run on into the player\'s own '
                            'row.' if t['scope'] == 'starts-in-opponent-row'
                            else ''))
    ep = t.get('en_passant')
    if ep:
        counts = describe_counts(
            [x for x in range(1, 256) if in_counts(x, ep['counts'])])
        rules.append('During the sowing, a pit that a seed brings to '
                     f"{counts.replace('on ', '')} seeds is emptied at once "
                     "into the store of the pit's owner (whoever sows), and "
                     'the sowing goes on; '
                     + ('the pit of the last seed of each lap is taken so '
                        'too.' if ep['last_seed'] == 'to-owner' else
                        'the pit of the last seed of each lap is not: it '
                        'is left to the capture below, by the player who '
                        'sows.'))
    if c.get('at') == 'across-gap':
        counts = describe_counts(
            [x for x in range(1, 256) if in_counts(x, c['counts'])])
        held = ('any seeds' if counts == 'on 1+' else
                f"{counts.replace('on ', '')} seeds")
        where = {'anywhere': '', 'opponent-row':
                 " lies in the opponent's row and",
                 'own-row': " lies in the player's own row and"}[t['scope']]
        rules.append('When the sowing ends, if the pit after the last one '
                     '(in the direction of sowing) is empty and the pit '
                     f'after that{where} holds {held}, those seeds '
                     'are captured (across the gap).'
                     + (' The capture goes on from the captured pit the '
                        'same way: while the next pit is empty and the one '
                        'after it can be captured, it is.' if c['chain']
                        else ''))
    lc = lap.get('relay', {}).get('lap_capture')
    if lc and lc['goes_on'] == 'next-pit':
        rules.append('The capture is made at the end of every lap of the '
                     'relay, not only the last: a lap whose last pit '
                     'captures makes the capture, and the sowing goes on '
                     'with the seeds of the pit after it (an empty pit '
                     'there ends the sowing); a lap whose last pit does not '
                     'capture relays as said above.')
    elif lc:
        rules.append('The capture is made at the end of every lap of the '
                     'relay, not only the last: before a lap\'s seeds are '
                     'taken up and sown on, the capture from its last pit '
                     'is made.')
    if lc and lc.get('opponent_takes_at_most'):
        rules.append('When the board holds '
                     f"{lc['opponent_takes_at_most']} seeds or fewer as a "
                     'lap begins (the seeds in hand not counted), each seed '
                     "that lap sows into the opponent's row goes into the "
                     "opponent's store instead, except a last seed that "
                     'makes its pit capture.')
    if t.get('pull_across'):
        rules.append("If the last seed falls into an empty pit of the "
                     "player's own row, the seeds of the facing pit are "
                     'moved across into it; they stay on the board, now in '
                     "the player's row (nothing is captured).")
    if t.get('store_pass') == 'on-empty-opponent-pit':
        rules.append("If the last seed falls into an empty pit of the "
                     "opponent's row, every seed of the player's store goes "
                     "to the opponent's store (MancalaGames' passive "
                     'capture); nothing else is captured.')
    if t['opposite']:
        o = t['opposite']
        rules.append("If the last seed falls into an empty pit of "
                     + ("either row" if o.get('from_either_row')
                        else "the player's own row")
                     + ", the seeds of the facing pit are "
                     'captured' + (', with the landing seed' if
                                   o['with_landing_seed'] else '')
                     + (' (the landing seed is taken even when the facing '
                        'pit is empty)' if o['when_facing_empty'] else
                        ' (nothing is taken when the facing pit is empty)')
                     + '.')
    xpick = t.get('pick')
    if xpick:
        within = {'anywhere': 'on the board',
                  'opponent-row': "in the opponent's row",
                  'own-row': "in the player's own row"}[t['scope']]
        if isinstance(xpick, dict):
            (kind, figure), = xpick.items()
            rules.append('After the capture (or when there is none), if '
                         f"{figure} seeds or fewer, but some, "
                         f'are left {within}, '
                         + ('the player who moved' if kind == 'last-seeds'
                            else 'the player who started the round')
                         + ' takes every seed left on the board.')
        else:
            rules.append('After a capture, the player also takes the seeds '
                         'of the pit facing the one where the last seed '
                         'fell'
                         + ('' if t['scope'] == 'anywhere' else
                            f' if it lies {within}')
                         + '.')
    if 'relay' in lap and 'at_max_laps' in lap['relay']:
        r = lap['relay']
        how = {'split': 'the seeds left on the board are divided between '
               'the players', 'owners': 'each player takes the seeds left '
               'in their own row', 'nobody': 'the seeds left on the board '
               'are divided between the players so that they change '
               'neither player\'s standing (MancalaGames counts them for '
               'nobody): half each, and an odd one to the player ahead '
               '(equal stores leave an even number)'}[
                   r['at_max_laps']['ends-game']]
        if form['end'].get('cleared') == 'wins' or \
                form['end'].get('eliminate'):
            how = 'it is a draw'
        rules.append(f"A move whose sowing has not ended after {r['max_laps']} "
                     'laps may be played: it stops there and the game ends; '
                     f'{how}.')
    if form.get('opening'):
        k = form['opening']['no_captures_for']
        rules.append('No capture is made in the first '
                     + ('move of the game' if k == 1 else f'{k} moves of the game')
                     + ' (a player\'s move and its extra turns counting as '
                     'one move, a pass as one).')
    before = (" (this applies only when the opponent's row held seeds "
              'before the move)' if t.get('grand_slam_judged') ==
              'before-move' else '')
    if t['grand_slam'] == 'illegal' and \
            form['play'].get('slams_only') == 'no-move':
        rules.append("A move that would capture every seed of the "
                     f"opponent's row may not be played{before}; a player "
                     'whose every move would do so has no move.')
    elif t['grand_slam'] == 'illegal':
        rules.append("A move that would capture every seed of the "
                     "opponent's row may not be played while another move "
                     f'exists{before}.')
    elif t['grand_slam'] == 'captures-nothing':
        rules.append("A move that would capture every seed of the "
                     f"opponent's row is played but captures nothing{before}.")
    elif t['grand_slam'] in ('leaves-rightmost', 'leaves-leftmost'):
        side = 'right' if t['grand_slam'] == 'leaves-rightmost' else 'left'
        rules.append("A move that would capture every seed of the "
                     "opponent's row captures all but the opponent's "
                     f'{side}most pit holding seeds, as the player sees '
                     'it; when only one of their pits holds seeds, it is '
                     f'captured{before}.')
    elif t['grand_slam'] == 'captures-and-plays-again':
        rules.append("A move that captures every seed of the opponent's "
                     f'row gives the player another turn{before}.')
    if t.get('no_single_seed_capture'):
        rules.append('A move of a single seed captures nothing.')
    x = t['extra_turn']
    if x['in_own_store'] and x.get('in_opponent_store'):
        rules.append('A last seed in either store, the player\'s own or '
                     "the opponent's, gives another turn.")
    elif x['in_own_store']:
        rules.append("A last seed in the player's own store gives another "
                     'turn.')
    elif x.get('in_opponent_store'):
        rules.append("A last seed in the opponent's store gives another "
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
            'player-to-move': 'the player to move takes the seeds left',
            'split-odd-to-behind': 'the seeds left on the board are '
            'shared equally, an odd seed going to the player with fewer '
            'seeds captured (North when both have as many)'}
    cleared = form['end'].get('cleared')
    if cleared == 'wins':
        rules.append('A player who empties their own row wins the game at '
                     'once, however many seeds each has captured; the seeds '
                     'left on the board are not counted.')
    elif cleared == 'takes-the-rest':
        rules.append('As soon as a player empties their own row the game '
                     'ends, before any other end is looked at, and that '
                     'player takes the seeds left on the board.')
    elif cleared == 'opponent-row-to-owners':
        rules.append('A move that leaves the opponent\'s row empty ends '
                     'the game, before any other end is looked at (even '
                     'when the mover would play again), and each player '
                     'takes the seeds left in their own row.')
    elif cleared == 'mover-takes-the-rest':
        rules.append('A move that leaves the mover\'s own row empty ends '
                     'the game, before any other end is looked at (even '
                     'when the mover would play again), and the mover '
                     'takes the seeds left on the board. A row emptied by '
                     'the opponent\'s capture does not end the game this '
                     'way.')
    eliminate = form['end'].get('eliminate')
    if eliminate == 'deprive':
        rules.append('A player left with no seeds in their own row loses the '
                     'game, however many seeds each has captured; when the '
                     'player to move has seeds but no legal move, they lose '
                     'too. The seeds left on the board are not counted.')
    elif eliminate == 'immobilize':
        rules.append('The player to move who has no legal move (with seeds '
                     'or without) loses the game, however many seeds each '
                     'has captured; the seeds left on the board are not '
                     'counted.')
    stuck = form['end']['stuck']
    if cleared == 'wins' or eliminate:
        pass   # nothing else ends the game
    elif 'ends' in stuck:
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
                     f"game ends and {left[few['leftover']]}"
                     + (' (never while a pit is a child: seeds can still '
                        'be sown into it)' if t.get('children') else '')
                     + '.')
    above = form['end'].get('majority_above')
    if form['end'].get('majority') and above is None:
        if t.get('children'):
            rules.append("A child's seeds count with its owner's captures "
                         'in the majority below and in the totals at the '
                         'end (each player also takes what the end gives '
                         'of the other pits).')
        rules.append('As soon as a player has captured more than half of '
                     'the seeds the game ends, and the seeds left on the '
                     "board count for nobody (MancalaGames' reading of an "
                     'outright majority).')
    elif form['end'].get('majority') and \
            form['rounds']['fill'].startswith('territory'):
        rules.append(f'As soon as a player has captured more than {above} '
                     'seeds the round ends, and the seeds left on the board '
                     'stay their pits\' owners\' for the next round '
                     "(MancalaGames' reading of an outright win in a game "
                     'of rounds).')
    elif form['end'].get('majority'):
        rules.append(f'As soon as a player has captured more than {above} '
                     'seeds (so that the opponent can no longer fill '
                     f"{form['rounds']['min_pits']} pits) the round ends, "
                     'and the seeds left on the board are not swept: each '
                     'row\'s seeds stay its owner\'s for the next round '
                     "(MancalaGames' reading of an outright win in a game "
                     'of rounds).')
    if cleared != 'wins' and not eliminate:
        rules.append('The player with more seeds wins'
                     + (' the round' if form.get('rounds') else '')
                     + '; equal totals are a draw.')
    r = form.get('rounds')
    if r and r['fill'].startswith('territory'):
        seeds = form['seeds']
        rules.append(territory_text(r, seeds, n))
    if r and not r['fill'].startswith('territory'):
        seeds = form['seeds']
        side = {'left': "from each player's leftmost pit (South's pit 1, "
                        f"North's pit {n + 1}) onwards",
                'right': "from each player's rightmost pit (South's pit "
                         f"{n}, North's pit {2 * n}) backwards"}[r['fill']]
        rules.append('The game is a match of rounds, each played as above. '
                     'When a round ends, each player takes the seeds they '
                     f'won and fills {seeds} seeds a pit into the pits of '
                     f'their own row, {side}, as many pits as they can fill '
                     'completely; the rest stays in their store'
                     + ('. The pits a player cannot fill are out of play '
                        'for the round: sowing skips them and they are '
                        'never played.' if r['out_of_play'] else '.'))
        who = {'alternate': 'the player who did not start the round before',
               'loser': 'the loser of the round before (after a draw, the '
                        'player who would not have moved next)',
               'winner': 'the winner of the round before (after a draw, '
                         'the player who would have moved next)',
               'last-mover': 'the player who made the last move of the '
                             'round before'}[r['starter']]
        rules.append(f'Each new round is started by {who}.')
        rules.append('The match ends when a player has fewer seeds than '
                     f"fill {r['min_pits']} pits ({r['min_pits'] * seeds} "
                     'seeds); the winner of that last round wins the '
                     'match.')
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
