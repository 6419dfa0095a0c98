#!/usr/bin/python3
# The checker of the crash test (tests/crash/run.sh): after each SIGKILL
# and the verifying restart that follows it, compares what the bot had
# said before it died with what its SQLite file holds, or its PostgreSQL
# database when CRASH_PSQL is set (a psql command line reaching it).
# Standard library only (sqlite3, json, re; psql for PostgreSQL); one run
# takes a few tens of milliseconds.
#
#   check.py cycle STATE DB SEG_OUT SEG_ERR VER_OUT VER_ERR CHANNELS...
#   check.py summary STATE
#
# STATE is this script's own JSON file: what the file held after the last
# check (per table: channel, state, moves, seat names) and the running
# totals.  SEG_OUT/SEG_ERR are the output of the bot run that was killed;
# VER_OUT/VER_ERR that of the verifying restart (--fake-clock, input at
# EOF, a "/cheers status" in each channel), which has just ended.
#
# What counts as acknowledged: a complete output line (ending in a
# newline).  The bot writes a move, a new table or a start to the file
# before it says so, so everything it said must be in the file; the one
# thing it may have written but not yet said when it died is allowed:
# the writes of its last group commit (see the in_flight check).
#
# Losses:
#   lost move      a move announced ("@X offers ...", "gives away",
#                  "throws up", "discards") that the file does not hold at
#                  its place, by the same seat and of the same kind; or a
#                  move the file held before and holds no more.
#   lost table     an announced table with no row, a started game still in
#                  the lobby, an ended game still open, an open table the
#                  restart did not bring back or whose status is missing,
#                  a table that went backwards or disappeared.
#   duplicated     two open tables in one channel, or more tables restored
#                  than the file holds open.
# Also reported (and failing): more unannounced writes than the last
# group commit held,
# a bot that died on its own, and any error logged by the bot.
import csv
import hashlib
import io
import json
import os
import re
import shlex
import sqlite3
import subprocess
import sys

OPEN = ('lobby', 'playing')
CHAN_RE = re.compile(r'^\[(#[^\]\s]+)\] (.*)$')
# A move is one line (bot/saying/narrate.c): its first sentence is the mover's
# mention and one of five verbs, which says the action: "gives away" a
# card "from" the mover's shaker is a move, "to" two shakers a CHEERS
# answered.  A timeout's notice may come first, a sentence of its own.
MOVE_RE = re.compile(r'(?:^|\. )@(\S+) (offers |gives away \S+ \S+ from |'
                     r'throws up: |gives away \S+ \S+ to |discards )')
SHAKER_RE = re.compile(r"^(@\S+)'s shaker:")


def move_action(verb):
    """The action a verb of MOVE_RE names."""
    if verb.startswith('gives away'):
        return 'move' if verb.endswith(' from ') else 'give'
    return {'offers ': 'play', 'throws up: ': 'throw',
            'discards ': 'discard'}[verb]


def complete_lines(path):
    """Lines of a file that end in a newline; a torn last line is dropped."""
    try:
        with open(path, 'rb') as f:
            data = f.read()
    except FileNotFoundError:
        return []
    lines = data.split(b'\n')[:-1]
    return [l.decode('utf-8', 'replace') for l in lines]


def psql_rows(sql):
    """The rows of sql on the database of $CRASH_PSQL (a psql command)."""
    out = subprocess.run(shlex.split(os.environ['CRASH_PSQL']) +
                         ['-q', '--csv', '-t', '-c', sql], check=True,
                         stdout=subprocess.PIPE).stdout.decode()
    return list(csv.reader(io.StringIO(out)))


def query(path, sql):
    """The rows of sql on the store: the SQLite file at path, or the
    PostgreSQL database of $CRASH_PSQL when it is set (numbers as int)."""
    if os.environ.get('CRASH_PSQL'):
        return [[int(v) if v.isdigit() else v for v in row]
                for row in psql_rows(sql)]
    db = sqlite3.connect('file:%s?mode=ro' % path, uri=True, timeout=5)
    rows = db.execute(sql).fetchall()
    db.close()
    return rows


def read_db(path):
    """Every table with its moves, as {id: {...}}."""
    tables = {}
    for tid, chan, state, doc in query(
            path, 'SELECT id, channel, state, doc FROM tables ORDER BY id'):
        try:
            seats = [s.get('name') for s in json.loads(doc).get('seats', [])]
        except (ValueError, AttributeError):
            seats = []
        tables[tid] = {'channel': chan, 'state': state, 'seats': seats,
                       'moves': []}
    for tid, seq, seat, move in query(
            path, 'SELECT table_id, seq, seat, move FROM moves '
            'ORDER BY table_id, seq'):
        if tid in tables:
            tables[tid]['moves'].append((seq, seat, move))
    return tables


def digest(moves):
    h = hashlib.sha1()
    for seq, seat, move in moves:
        h.update(('%d %d %s\n' % (seq, seat, move)).encode())
    return h.hexdigest()


def restored_count(lines):
    """(restored N, ready N) from a bot's stderr; None where absent."""
    restored = ready = None
    for l in lines:
        m = re.search(r'restored (\d+) tables? from', l)
        if m:
            restored = int(m.group(1))
        m = re.search(r' ready: \d+ adapters?, (\d+) tables?', l)
        if m:
            ready = int(m.group(1))
    return restored, ready


def cycle(args):
    state_path, db_path, seg_out, seg_err, ver_out, ver_err = args[:6]
    channels = args[6:]
    if os.path.exists(state_path):
        with open(state_path) as f:
            st = json.load(f)
    else:
        st = {'tables': {}, 'totals': {'kills': 0, 'lost_moves': 0,
              'lost_tables': 0, 'dup_tables': 0, 'failures': 0,
              'unannounced': 0, 'moves': 0, 'tables': 0, 'acked': 0}}
    snap0 = {int(k): v for k, v in st['tables'].items()}
    tot = st['totals']
    db = read_db(db_path)
    seg_lines = complete_lines(seg_out)
    msgs = []
    lost_moves = lost_tables = dups = unannounced = failures = 0
    lost_ids = set()

    def lose_table(tid, why):
        nonlocal lost_tables
        msgs.append('lost table %s: %s' % (tid, why))
        if tid not in lost_ids:
            lost_ids.add(tid)
            lost_tables += 1

    # Acknowledged events, in order, per channel.
    acked = {}			# channel -> [(kind, arg)]
    for l in seg_lines:
        m = CHAN_RE.match(l)
        if not m:
            continue
        chan, text = m.group(1), m.group(2)
        evs = []
        mm = MOVE_RE.search(text)
        if mm:
            evs.append(('move', (mm.group(1), move_action(mm.group(2)))))
        elif re.match(r'^@\S+ opened a .* table\. ', text):
            evs.append(('new', None))
        elif text.startswith('The game of ') and ' begins!' in text:
            evs.append(('start', None))
        # The end is said in the line of the move that made it.
        if re.search(r'(?:^|\. |\) )Game over! ', text):
            evs.append(('over', None))
        acked.setdefault(chan, []).extend(evs)

    # Attribute each event to a table: the channel's open table when the
    # run began, then each new row of that channel in id order.
    amoves = {}			# table id -> [(name, action)]
    astart, aover, anew = set(), set(), set()
    for chan, evs in acked.items():
        old = sorted(t for t, v in snap0.items() if v['channel'] == chan)
        new = sorted(t for t, v in db.items()
                     if v['channel'] == chan and t not in snap0)
        cur = old[-1] if old and snap0[old[-1]]['state'] in OPEN else None
        for kind, arg in evs:
            if kind == 'new':
                if new:
                    cur = new.pop(0)
                    anew.add(cur)
                else:
                    cur = None
                    lose_table('%s(new)' % chan, 'announced in %s but the '
                               'file has no new row for it' % chan)
            elif cur is None:
                if kind == 'move':
                    lost_moves += 1
                    msgs.append('lost move in %s: %s %s announced with no '
                                'table in the file' % (chan, arg[0], arg[1]))
                else:
                    msgs.append('%s in %s announced with no table in the '
                                'file' % (kind, chan))
                    failures += 1
            elif kind == 'move':
                amoves.setdefault(cur, []).append(arg)
            elif kind == 'start':
                astart.add(cur)
            elif kind == 'over':
                aover.add(cur)

    for tid in sorted(set(snap0) | set(db)):
        s0 = snap0.get(tid)
        t = db.get(tid)
        said = amoves.get(tid, [])
        n0 = s0['nmoves'] if s0 else 0
        if t is None:
            lose_table(tid, 'its row is gone (was %s with %d moves)'
                       % (s0['state'], n0))
            lost_moves += n0 + len(said)
            continue
        moves = t['moves']
        if [m[0] for m in moves] != list(range(len(moves))):
            msgs.append('table %d: move numbers are not 0..%d'
                        % (tid, len(moves) - 1))
            failures += 1
        # What the file held before is still there, unchanged.
        if s0:
            if len(moves) < n0 or digest(moves[:n0]) != s0['digest']:
                msgs.append('table %d: its first %d moves changed or '
                            'shrank to %d' % (tid, n0, len(moves)))
                lost_moves += max(0, n0 - len(moves)) or 1
            if s0['state'] == 'over' and t['state'] != 'over':
                lose_table(tid, 'it was over and is %s again' % t['state'])
            if s0['state'] == 'playing' and t['state'] == 'lobby':
                lose_table(tid, 'it was playing and is back in the lobby')
            if t['channel'] != s0['channel']:
                lose_table(tid, 'it moved from %s to %s'
                           % (s0['channel'], t['channel']))
        # Each announced move is in the file, in order after those.
        for j, (name, action) in enumerate(said):
            seq = n0 + j
            if seq >= len(moves):
                lost_moves += 1
                msgs.append('lost move: table %d move %d (%s %s) was '
                            'announced but is not in the file'
                            % (tid, seq, name, action))
                continue
            seat, move = moves[seq][1], moves[seq][2]
            try:
                got = json.loads(move).get('action')
            except (ValueError, AttributeError):
                got = None
            who = t['seats'][seat] if 0 <= seat < len(t['seats']) else None
            if who != name or got != action:
                lost_moves += 1
                msgs.append('lost move: table %d move %d was announced as '
                            '%s %s but the file holds seat %d (%s) %s'
                            % (tid, seq, name, action, seat, who, got))
        extra = len(moves) - n0 - len(said)
        if extra > 0:
            unannounced += extra
        # Starts and ends that were announced are recorded.
        if tid in astart and t['state'] == 'lobby':
            lose_table(tid, 'its start was announced but it is in the lobby')
        if tid in aover and t['state'] != 'over':
            lose_table(tid, 'its end was announced but it is %s'
                       % t['state'])
        if s0 is None and tid not in anew:
            unannounced += 1
        if s0 and s0['state'] == 'lobby' and t['state'] != 'lobby' and \
                tid not in astart:
            unannounced += 1

    # No channel has two open tables.
    open_by_chan = {}
    for tid, t in db.items():
        if t['state'] in OPEN:
            open_by_chan.setdefault(t['channel'], []).append(tid)
    for chan, ids in sorted(open_by_chan.items()):
        if len(ids) > 1:
            dups += len(ids) - 1
            msgs.append('duplicated: %s has %d open tables: %s'
                        % (chan, len(ids), ids))
    nopen = sum(len(v) for v in open_by_chan.values())
    nopen0 = sum(1 for v in snap0.values() if v['state'] in OPEN)

    # The verifying restart brought back exactly the open tables.
    ver_err_lines = complete_lines(ver_err)
    restored, ready = restored_count(ver_err_lines)
    if ready is None:
        msgs.append('the verifying restart never said it was ready')
        failures += 1
    restored = restored or 0
    if restored < nopen:
        for _ in range(nopen - restored):
            lose_table('restore', 'restored %d tables but the file holds '
                       '%d open' % (restored, nopen))
    elif restored > nopen:
        dups += restored - nopen
        msgs.append('duplicated: restored %d tables but the file holds %d '
                    'open' % (restored, nopen))
    # The killed run (when it got that far) also restored all of them.
    seg_err_lines = complete_lines(seg_err)
    r2, ready2 = restored_count(seg_err_lines)
    if ready2 is not None and ready2 != nopen0:
        msgs.append('the killed run restored %d tables; the file held %d '
                    'open' % (ready2, nopen0))
        if ready2 < nopen0:
            lose_table('restore(run)', 'restored fewer than held open')
        else:
            dups += ready2 - nopen0
    for l in seg_err_lines + ver_err_lines:
        # stderr is a file here, so lines carry journald priorities:
        # <3> is an error, <4> a warning (a terminal would show words).
        if re.match(r'<[0-4]>', l) or ': error: ' in l or ': warn: ' in l:
            msgs.append('the bot logged: %s' % l)
            failures += 1

    # "/cheers status" in each channel answers with the table.  A game
    # whose last move was written just before a kill is finished by the
    # restart, which shows its final board ("The game here ended just as
    # I went down." ... "This was table N: ..."): that is no status answer.
    ver_lines = []
    ending = set()
    for l in complete_lines(ver_out):
        m = CHAN_RE.match(l)
        if m and m.group(2).startswith('The game here ended just as I went '
                                       'down.'):
            ending.add(m.group(1))
            continue
        if m and m.group(1) in ending:
            if m.group(2).startswith('This was table '):
                ending.discard(m.group(1))
            continue
        ver_lines.append(l)
    for chan in channels:
        said = [CHAN_RE.match(l).group(2) for l in ver_lines
                if CHAN_RE.match(l) and CHAN_RE.match(l).group(1) == chan]
        ids = open_by_chan.get(chan, [])
        if len(ids) > 1:
            continue		# counted above as duplicated
        if not ids:
            if any('shaker:' in x or 'lobby' in x for x in said):
                dups += 1
                msgs.append('duplicated: %s shows a table the file does not '
                            'hold open' % chan)
            continue
        t = db[ids[-1]]
        if t['state'] == 'lobby':
            ok = any(x.startswith('CHEERS lobby') for x in said)
        else:
            shakers = [m.group(1) for m in
                       (SHAKER_RE.match(x) for x in said) if m]
            ok = shakers == ['@' + n for n in t['seats']] and \
                any(x.startswith('Deck ') for x in said)
        if not ok:
            lose_table(ids[-1], 'status in %s does not show it (%s, seats %s)'
                       % (chan, t['state'], t['seats']))
    for l in ver_lines:
        m = CHAN_RE.match(l)
        if m and MOVE_RE.search(m.group(2)):
            msgs.append('the verifying restart made a move: %s' % l)
            failures += 1

    # What may be written but not yet said when the process dies: the
    # writes of every batch whose commit began and was not said yet, or
    # one write outside any batch.  The bot logs "store: committing N
    # writes" before each group commit and "store: committed in" (or
    # that it could not be saved) as each settles, right before it says
    # that batch.  Batches settle in order, and on a store that commits
    # without waiting (PostgreSQL) several may be in flight at once: the
    # ones not settled, and the last settled, which may not be said yet.
    pending = []
    last = 0
    for l in seg_err_lines:
        m = re.search(r'store: committing (\d+) writes', l)
        if m:
            pending.append(int(m.group(1)))
        elif pending and ('store: committed in' in l or
                          'could not be saved' in l):
            last = pending.pop(0)
    in_flight = max(1, sum(pending) + last)
    if unannounced > in_flight:
        msgs.append('%d writes were never announced (at most %d may be in '
                    'flight at a kill)' % (unannounced, in_flight))
        failures += 1

    tot['kills'] += 1
    tot['lost_moves'] += lost_moves
    tot['lost_tables'] += lost_tables
    tot['dup_tables'] += dups
    tot['failures'] += failures
    tot['unannounced'] += unannounced
    tot['acked'] += sum(len(v) for v in amoves.values())
    tot['moves'] = sum(len(t['moves']) for t in db.values())
    tot['tables'] = len(db)
    st['tables'] = {str(tid): {'channel': t['channel'], 'state': t['state'],
                               'nmoves': len(t['moves']),
                               'digest': digest(t['moves'])}
                    for tid, t in db.items()}
    tmp = state_path + '.tmp'
    with open(tmp, 'w') as f:
        json.dump(st, f)
    os.replace(tmp, state_path)
    for m in msgs:
        print('crash: FAIL: kill %d: %s' % (tot['kills'], m))
    return 1 if msgs else 0


def summary(args):
    with open(args[0]) as f:
        tot = json.load(f)['totals']
    print('crash: %d tables and %d moves in the file, %d moves announced, '
          '%d unannounced writes at kills, %d other failures'
          % (tot['tables'], tot['moves'], tot['acked'], tot['unannounced'],
             tot['failures']))
    print('crash: %d kills, %d lost moves, %d lost tables, %d duplicated '
          'tables' % (tot['kills'], tot['lost_moves'], tot['lost_tables'],
                      tot['dup_tables']))
    bad = tot['lost_moves'] + tot['lost_tables'] + tot['dup_tables'] + \
        tot['failures']
    return 1 if bad else 0


if __name__ == '__main__':
    if len(sys.argv) >= 8 and sys.argv[1] == 'cycle':
        sys.exit(cycle(sys.argv[2:]))
    if len(sys.argv) == 3 and sys.argv[1] == 'summary':
        sys.exit(summary(sys.argv[2:]))
    sys.stderr.write('usage: check.py cycle STATE DB SEG_OUT SEG_ERR '
                     'VER_OUT VER_ERR CHANNEL...\n'
                     '       check.py summary STATE\n')
    sys.exit(2)
