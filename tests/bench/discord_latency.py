#!/usr/bin/python3
"""Interaction latency: how long after an INTERACTION_CREATE arrives does
its callback request leave the bot?  Drives a running bot (with -v, so it
logs each callback's time) through the fake Discord of tests/discord:

    discord_latency.py PORT BOT_STDERR_FILE COUNT BOT_PID [LABEL [burst|noburst]]
    discord_latency.py --flush DIR

LABEL says where the state file is ("state on disk"); it is put in the
result lines.  --flush DIR only measures the disk: how long a 4 KiB write
and fdatasync take in DIR, as SQLite's commit of a move waits for one.

One CHEERS table (alice, and an AI that moves 2 ms after her), then COUNT
interactions one after another, in turn: /cheers status, /cheers hand, a
click on the table's "My hand", and a move (/cheers throw when it is
alice's turn; when it is refused, because she must answer a CHEERS or the
game is over, the table is ended and a new one opened, unmeasured).  Prints the median, p90, p99 and worst
time the bot itself logged, then the round trip the fake server saw
(Python and the loopback included), for comparison.

Then events per second: COUNT "/cheers hand" interactions (the whole
path: gateway frame, parse, command, rendering, the ephemeral callback
over REST) sent by 8 threads at once.  The wall-clock rate is bound by
the fake server (Python, on the same 2 cores); the bot's own CPU time
over the burst (utime + stime of BOT_PID from /proc) gives the rate one
core of the bot would sustain.  Lines starting "result:" are collected by
tests/bench/run.sh, each with the load when it was measured.

Every wait (the bot's connection, a callback, the table message, the log
lines) is bounded by time (tests/bench/bounded.py: BENCH_WAIT, 60 s) and
fails saying what it waited for.
"""
import concurrent.futures
import os
import json
import re
import statistics
import sys
import time
import urllib.error
import urllib.request

from bounded import WAIT, load, until


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))]


if sys.argv[1] == "--flush":
    # As SQLite commits a move: two log frames (a page and a header each)
    # written after the last, then fdatasync; one every 5 ms, as the moves
    # of the run below come (back to back, a flush is quicker).
    path = os.path.join(sys.argv[2], "flush-probe")
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
    times = []
    frames = b"x" * (2 * (4096 + 24))
    for i in range(300):
        time.sleep(0.005)
        t0 = time.perf_counter()
        os.pwrite(fd, frames, i * len(frames))
        os.fdatasync(fd)
        times.append((time.perf_counter() - t0) * 1e6)
    os.close(fd)
    os.unlink(path)
    print("result: discord, the disk's flush (8 KiB appended + fdatasync, "
          "every 5 ms, %d times): median %d us, p99 %d us%s" %
          (len(times), statistics.median(times), pct(times, 0.99), load()))
    sys.exit(0)

PORT, BOT_ERR, COUNT = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
BOT_PID = int(sys.argv[4])
LABEL = sys.argv[5] if len(sys.argv) > 5 else "state on disk"
BURST = len(sys.argv) <= 6 or sys.argv[6] == "burst"
BASE = "http://127.0.0.1:%d" % PORT
ALICE, CHANNEL, GUILD = "101", "500", "700"


def call(method, path, body=None):
    """A request to the fake server; its answer may wait up to WAIT s (a
    callback), so the socket waits a little longer."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(BASE + path, data=data, method=method)
    with urllib.request.urlopen(req, timeout=WAIT + 10) as r:
        return json.loads(r.read() or b"null")


def answer(iid, what):
    """The callback of interaction iid, waited for up to WAIT s (the fake
    waits 60 s at most a request)."""
    end = time.monotonic() + WAIT
    while True:
        left = min(60.0, max(0.1, end - time.monotonic()))
        r = call("GET", "/_test/wait?timeout=%g&id=%s" % (left, iid))
        if r.get("answered") or r.get("dropped") or \
                time.monotonic() >= end:
            break
    if not r.get("answered"):
        sys.exit("bench: waited %g s for the callback of %s; none came%s" %
                 (WAIT, what, " (the gateway dropped it)" if
                  r.get("dropped") else ""))
    return r


def slash(sub, options=()):
    iid = call("POST", "/_test/interaction", {
        "user": ALICE, "name": "alice", "channel": CHANNEL, "guild": GUILD,
        "sub": sub, "options": list(options)})["id"]
    return answer(iid, "/cheers " + sub)


def board():
    msgs = call("GET", "/_test/messages").values()
    b = [m for m in msgs if m["channel"] == CHANNEL and not m["deleted"]
         and any(x["label"] == "My hand" for row in m["components"]
                 for x in row["components"])]
    return max(b, key=lambda m: int(m["id"])) if b else None


# The tables whose last words ("This was table N") were in the channel
# when the table in play was opened.
ended = set()
# Tables played: [all, ended by the AI's move before a click].
tables = [1, 0]


def last_words():
    return set(re.findall(r"This was table (\d+)", " ".join(
        m["content"] for m in call("GET", "/_test/messages").values()
        if m["channel"] == CHANNEL)))


def over():
    """Whether the table in play has ended (the AI's move after alice's
    may win): last words of a table not ended before are in the channel."""
    return bool(last_words() - ended)


def fresh_table(sent):
    """Ends the table (a running game asks first: "end confirm") and
    opens a new one, new, addbot and start, each noted in sent as
    unmeasured (-1)."""
    slash("end", [{"name": "confirm", "type": 3, "value": "confirm"}])
    sent.append(-1)
    for sub in ("new", "addbot", "start"):
        slash(sub)
        sent.append(-1)
    ended.update(last_words())
    tables[0] += 1


def click_hand(sent):
    """Clicks "My hand" on the table message; a repost may be under way
    (the message not posted yet, or just deleted), so the click is tried
    again, for up to WAIT s.  When the game has ended meanwhile (by the
    AI's move), a fresh table is opened (unmeasured) and its message
    clicked."""
    def click():
        b = board()
        if b is None:   # not posted yet, or being posted again
            if over():
                tables[1] += 1
                fresh_table(sent)
            return None
        cid = [x["custom_id"] for row in b["components"]
               for x in row["components"] if x["label"] == "My hand"][0]
        try:
            return call("POST", "/_test/click", {
                "user": ALICE, "name": "alice", "message": b["id"],
                "custom_id": cid, "guild": GUILD})["id"]
        except urllib.error.HTTPError:
            return None     # deleted as the click came: the next one
    iid = until("the table message with a My hand button in channel %s" %
                CHANNEL, click, every=0.01, fail=lambda why: gone(why))
    return answer(iid, "a My hand click")


def gone(why):
    """Fails on a table message that never came, showing what the channel
    and the bot's log hold instead."""
    msgs = sorted(call("GET", "/_test/messages").values(),
                  key=lambda m: int(m["id"]))
    mine = [m for m in msgs if m["channel"] == CHANNEL][-4:]
    print("bench: the channel's last messages:", file=sys.stderr)
    for m in mine:
        print("  %s%s: %r buttons %s" % (
            m["id"], " (deleted)" if m["deleted"] else "",
            m["content"][:120], [x["label"] for row in m["components"]
                                 for x in row["components"]]),
            file=sys.stderr)
    lines = [x for x in bot_log().splitlines() if x[:3] in ("<3>", "<4>")]
    print("bench: the bot's last warnings:\n  " +
          "\n  ".join(lines[-8:] or ["(none)"]), file=sys.stderr)
    sys.exit("bench: " + why)


NOT_HER_TURN = re.compile(r"^It is .+'s turn\.")


def throw(sent):
    """/cheers throw once it is alice's turn.  The AI answers her last
    move 2 ms after it, later on a busy machine; a throw refused because it
    is not her turn yet is noted in sent as unmeasured (-1) and sent again,
    for up to WAIT s.  Returns the answer to the last one."""
    end = time.monotonic() + WAIT
    while True:
        r = slash("throw")
        if not NOT_HER_TURN.match(r.get("content", "")):
            return r
        sent.append(-1)
        if time.monotonic() >= end:
            sys.exit("bench: waited %g s for alice's turn (the AI's move) "
                     "at the table; it never came" % WAIT)
        time.sleep(0.01)


def timings():
    """(us from event to callback, us its commit took or None) for every
    interaction answered so far, in order, from the bot's log.  A commit
    belongs to the interaction whose dispatch it follows; the AI's moves,
    made later by a timer, belong to none."""
    out, commit, inside = [], None, False
    with open(BOT_ERR) as f:
        for line in f:
            if "dispatch INTERACTION_CREATE" in line:
                inside, commit = True, None
            elif inside and "store: committed in" in line:
                commit = int(re.search(r"committed in (\d+) us", line)[1])
            elif "callback leaves" in line:
                out.append((int(re.search(r"leaves (\d+) us", line)[1]),
                            commit))
                inside, commit = False, None
    return out


def bot_cpu():
    """Seconds of CPU the bot has used (user + system, every thread; in
    clock ticks, so a burst should last well over 0.1 s of CPU)."""
    with open("/proc/%d/stat" % BOT_PID) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_logged(what, n):
    """Waits (up to WAIT s) until the bot has logged n callbacks; returns
    their timings."""
    return until("the bot to log %s (%d callbacks at -v)" % (what, n),
                 lambda: (lambda t: t if len(t) >= n else None)(timings()))


def bot_log():
    with open(BOT_ERR, errors="replace") as f:
        return f.read()


until("the bot's \"discord: ready\" in its log (it connects to the fake "
      "Discord's gateway)", lambda: "discord: ready" in bot_log(), every=0.1)
for sub in ("new", "addbot", "start"):
    slash(sub)
before = len(wait_logged("the callbacks of new, addbot and start", 3))

# Every interaction sent from here on, in order, and what it was; the
# bot's log lines are in the same order, as they go one at a time.
sent = []
round_trips = []
moves = 0
for i in range(COUNT):
    kind = i % 4
    if kind == 0:
        r = slash("status")
    elif kind == 1:
        r = slash("hand")
    elif kind == 2:
        r = click_hand(sent)
    else:
        time.sleep(0.005)   # the AI's answer (2 ms) is in, unmeasured
        r = throw(sent)
        if "throws" in r.get("content", ""):
            moves += 1
        else:
            kind = 4    # a CHEERS to answer, or the game is over
    sent.append(kind)
    round_trips.append(r["latency"] * 1e6)
    if kind == 4:
        # A CHEERS to answer or a game ended: a fresh table.
        fresh_table(sent)
answered = wait_logged("the callbacks of the %d interactions" % len(sent),
                       before + len(sent))[before:]
logged = [t for t, _ in answered]
us = [t for t, k in zip(logged, sent) if k >= 0]
print("discord: %s: %d interactions (status, hand, My hand click, throw) "
      "at %d tables (%d ended by the AI's move before a click)" %
      (LABEL, len(us), tables[0], tables[1]))
print("discord: INTERACTION_CREATE in -> callback out, in the bot: median "
      "%d us, p90 %d us, p99 %d us, worst %d us" %
      (statistics.median(us), pct(us, 0.90), pct(us, 0.99), max(us)))
for k, what in enumerate(("/cheers status (the table posted again)",
                          "/cheers hand (ephemeral)",
                          "a My hand click (ephemeral)",
                          "/cheers throw, a move (committed first)",
                          "/cheers throw refused (CHEERS or end)")):
    part = [t for t, kk in zip(logged, sent) if kk == k]
    if part:
        print("discord:   %-42s %4d: median %5d us, p99 %5d us" %
              (what, len(part), statistics.median(part), pct(part, 0.99)))
print("discord: round trip seen by the fake server (Python, loopback "
      "included): median %d us, p99 %d us" %
      (statistics.median(round_trips), pct(round_trips, 0.99)))
moves_us = [t for t, k in zip(logged, sent) if k == 3]
commits = [c for (t, c), k in zip(answered, sent) if k == 3 and c is not None]
rest = [t - c for (t, c), k in zip(answered, sent) if k == 3 and c is not None]
if not moves_us or not commits:
    sys.exit("bench: %d of alice's throws were moves and %d commits were "
             "logged: no figure for a move or its commit" %
             (len(moves_us), len(commits)))
print("discord:   a move's commit (SQLite's write and flush)  "
      "median %5d us, p99 %5d us" %
      (statistics.median(commits), pct(commits, 0.99)))
print("discord:   a move less its commit (the bot's own time)  "
      "median %5d us, p99 %5d us" %
      (statistics.median(rest), pct(rest, 0.99)))
print("result: discord, INTERACTION_CREATE in -> callback out (in the bot, "
      "no network, %s): median %d us, p99 %d us over %d interactions; "
      "moves alone: median %d us, p99 %d us, of which the commit: median "
      "%d us, p99 %d us%s" %
      (LABEL, statistics.median(us), pct(us, 0.99), len(us),
       statistics.median(moves_us), pct(moves_us, 0.99),
       statistics.median(commits), pct(commits, 0.99), load()))
if not BURST:
    sys.exit(0)

# Events per second: a burst of "/cheers hand" from 8 threads at once.
cpu0, t0 = bot_cpu(), time.monotonic()
with concurrent.futures.ThreadPoolExecutor(8) as pool:
    answers = list(pool.map(lambda _: slash("hand"), range(COUNT)))
wall, cpu = time.monotonic() - t0, bot_cpu() - cpu0
print("result: discord, events/s (a burst of %d /cheers hand from 8 threads): "
      "%.0f/s through the fake server (bound by it), the bot busy %.2f s of "
      "CPU = %.0f us an event = %.0f events/s a core of the bot%s" %
      (COUNT, COUNT / wall, cpu, cpu / COUNT * 1e6,
       COUNT / cpu if cpu > 0 else float("inf"), load()))
