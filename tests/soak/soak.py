#!/usr/bin/python3
"""The soak test's driver (tests/soak/run.sh starts the fake Discord and
the bot, then calls this twice).  Standard library only.

    soak.py play PORT BOT_PID BOT_ERR OUT_JSON
    soak.py verify PORT BOT_ERR DB LIST_TABLES

play: SOAK_TABLES (60) channels play concurrently for SOAK_SECONDS (180),
one thread per table, through slash commands and button clicks, while a
fault thread injects, in turn, op 7, op 9 (resumable or not), close codes
4000, 4008 and 4009, abrupt TCP drops, a zombie connection (no heartbeat
ACKs), and windows of 429s, 5xx and slow answers on top of a low steady
rate of each.  A sampler reads the bot's VmRSS from /proc every second.
Then traffic stops, the bot gets time to answer what is in flight, and
the figures and checks are printed: every interaction answered (those
the gateway could never deliver, because Discord had invalidated the
session, are counted apart and were sent again, as a user would), none
answered twice or later than 3 s after it reached the bot, and the RSS
of the second half no more than SOAK_RSS_TOLERANCE (10 %) above the
first half's.

verify, against a bot restarted on the same state file: every open table
was restored and none is broken (the log, --list-tables and the SQLite
file agree), each table's moves are numbered without a gap, each channel
has at most one open table, every finished game was announced in its
channel, and "replay" of every finished game (a replay from its seed and
every stored move) gives exactly the stored number of moves and contains
every "Lately" line the channel's table message ever showed, in order.

Each prints "soak: FAIL: ..." per failed check and exits non-zero when
any failed.
"""
import http.client
import json
import os
import random
import re
import sqlite3
import sys
import threading
import time

GUILD = "700"
CHANNEL0 = 5000
USER0 = 100000
TURN_RE = re.compile(r"<@(\d+)>'s turn|<@(\d+)> must")
EPILOGUE_RE = re.compile(r"^This was table (\d+):", re.M)
failures = []


def fail(what):
    failures.append(what)
    print("soak: FAIL: " + what, flush=True)


def env_int(name, default):
    return int(os.environ.get(name, "") or default)


class Client:
    """One keep-alive HTTP connection to the fake's control API."""

    def __init__(self, port):
        self.port = port
        self.conn = None

    def call(self, method, path, body=None, timeout=40):
        data = None if body is None else json.dumps(body)
        for attempt in range(3):
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection(
                        "127.0.0.1", self.port, timeout=timeout)
                self.conn.request(method, path, body=data, headers={
                    "Content-Type": "application/json"})
                r = self.conn.getresponse()
                raw = r.read()
                return r.status, json.loads(raw or b"null")
            except (OSError, http.client.HTTPException, ValueError):
                if self.conn is not None:
                    self.conn.close()
                self.conn = None
                time.sleep(0.1)
        raise RuntimeError("the fake Discord does not answer %s %s" %
                           (method, path))

    def ok(self, method, path, body=None):
        status, js = self.call(method, path, body)
        return js if status == 200 else None


class Counters:
    def __init__(self):
        self.lock = threading.Lock()
        self.c = {}

    def add(self, key, n=1):
        with self.lock:
            self.c[key] = self.c.get(key, 0) + n


def labels(m):
    return [b.get("label", "") for row in m.get("components", [])
            for b in row.get("components", [])]


def button(m, label):
    for row in m.get("components", []):
        for b in row.get("components", []):
            if b.get("label") == label:
                return b.get("custom_id")
    return None


def is_board(m):
    return m["kind"] == "channel" and ("My hand" in labels(m) or
                                       "\n\nLately:\n" in m["content"] or
                                       "'s shaker:" in m["content"])


class Table(threading.Thread):
    """One channel: two humans (ids USER0+2i, +2i+1), one or two AIs, a
    game after another, played by slash commands and clicks."""

    def __init__(self, i, port, deadline, counters, seed):
        super().__init__(daemon=True)
        self.i = i
        self.channel = str(CHANNEL0 + i)
        self.humans = [str(USER0 + 2 * i), str(USER0 + 2 * i + 1)]
        self.names = {self.humans[0]: "a%d" % i, self.humans[1]: "b%d" % i}
        self.game = "fwb" if i % 5 == 4 else "cheers"
        self.cl = Client(port)
        self.deadline = deadline
        self.n = counters
        self.rnd = random.Random(seed * 1000 + i)
        self.error = None

    # --- interactions --------------------------------------------------

    def wait(self, iid):
        st, r = self.cl.call("GET", "/_test/wait?timeout=30&followups=0&id=" +
                             iid)
        return r if st == 200 else {"answered": False}

    def send(self, make, what):
        """Sends an interaction made by make() (its id), waits for its
        answer; one the gateway dropped is sent again, as a user would."""
        for attempt in range(4):
            iid = make()
            if iid is None:
                return None
            self.n.add("sent")
            self.n.add("sent_" + what)
            r = self.wait(iid)
            if r.get("answered"):
                return r
            if r.get("dropped"):
                self.n.add("resent_after_gateway_drop")
                time.sleep(0.5)
                continue
            self.n.add("no_answer_in_30s")
            return None
        return None

    def slash(self, user, sub, options=(), command=None):
        body = {"user": user, "name": self.names.get(user, "u" + user),
                "channel": self.channel, "guild": GUILD, "sub": sub,
                "options": list(options)}
        if command:
            body["command"] = command

        def make():
            js = self.cl.ok("POST", "/_test/interaction", body)
            return js and js["id"]
        return self.send(make, "slash")

    def click(self, user, msg, custom_id):
        def make():
            st, js = self.cl.call("POST", "/_test/click", {
                "user": user, "name": self.names.get(user, "u" + user),
                "message": msg["id"], "custom_id": custom_id,
                "guild": GUILD})
            if st != 200:
                self.n.add("click_on_gone_message")
                return None
            return js["id"]
        return self.send(make, "click")

    # --- the channel ---------------------------------------------------

    def messages(self):
        js = self.cl.ok("GET", "/_test/messages?channel=" + self.channel)
        return sorted((js or {}).values(), key=lambda m: int(m["id"]))

    def board(self):
        """The table's current message, and whether its game is over
        (an epilogue came after it)."""
        msgs = self.messages()
        boards = [m for m in msgs if is_board(m) and not m["deleted"]]
        if not boards:
            return None, False
        b = boards[-1]
        over = any(int(m["id"]) > int(b["id"]) and
                   EPILOGUE_RE.search(m["content"]) for m in msgs)
        return b, over or not labels(b)

    def open_table(self):
        a, b = self.humans
        cmd = "fwb" if self.game == "fwb" else None
        self.slash(a, "new", command=cmd)
        self.slash(b, "join")
        self.slash(a, "addbot", [{"name": "count", "type": 4,
                                  "value": self.rnd.choice((1, 2))}])
        r = self.slash(a, "start")
        if r and "begins" in r.get("content", ""):
            self.n.add("games_started")

    def by_buttons(self, who, board):
        """My hand, then random choices until the move is done."""
        r = self.click(who, board, button(board, "My hand"))
        if not r or not r.get("message"):
            return
        for depth in range(5):
            js = self.cl.ok("GET", "/_test/messages?channel=" + self.channel)
            view = (js or {}).get(r["message"])
            if view is None:
                return
            choices = [l for l in labels(view) if l != "« back"]
            if "Done" in view["content"] or not choices:
                if "Done" in view["content"]:
                    self.n.add("moves_by_click")
                return
            cid = button(view, self.rnd.choice(choices))
            r = self.click(who, view, cid)
            if not r:
                return
            if r.get("type") != 7:
                return
            r["message"] = view["id"]

    def by_slash(self, who):
        """A CHEERS move by slash command; answers a pending prompt."""
        if self.rnd.random() < 0.2:
            r = self.slash(who, "throw")
        else:
            r = self.slash(who, "play", [
                {"name": "card", "type": 4, "value": self.rnd.randint(1, 3)},
                {"name": "target", "type": 3, "value": "me"}])
        t = (r or {}).get("content", "")
        m = re.match(r"<@(\d+)> must answer", t)
        if m and m.group(1) in self.humans:
            u = m.group(1)
            other = [h for h in self.humans if h != u][0]
            if "give" in t:
                self.slash(u, "give", [
                    {"name": "target", "type": 3, "value": "<@%s>" % other},
                    {"name": "target2", "type": 3, "value": "Negroni"}])
            elif "discard" in t:
                self.slash(u, "discard", [{"name": "card", "type": 4,
                                           "value": 1}])
        elif r and r.get("flags", 0) == 0:
            self.n.add("moves_by_slash")

    def step(self):
        board, over = self.board()
        if board is None or over:
            if board is not None and over:
                self.n.add("games_seen_over")
            self.open_table()
            return
        m = TURN_RE.search(board["content"])
        who = m and (m.group(1) or m.group(2))
        x = self.rnd.random()
        if who in self.humans:
            if self.game == "cheers" and x < 0.45:
                self.by_slash(who)
            elif button(board, "My hand"):
                self.by_buttons(who, board)
        elif x < 0.15:
            # Someone waiting looks at their cards or asks for help.
            u = self.rnd.choice(self.humans)
            self.slash(u, self.rnd.choice(("hand", "help", "rules")))
        elif x < 0.18:
            self.slash(self.rnd.choice(self.humans), "status")

    def run(self):
        try:
            time.sleep(self.rnd.random() * 2)
            while time.monotonic() < self.deadline:
                self.step()
                time.sleep(0.4 + self.rnd.random() * 1.2)
        except Exception as e:      # reported, and the run fails
            self.error = "%s: %r" % (self.channel, e)


class Faults(threading.Thread):
    """Injects one fault every SOAK_FAULT_EVERY seconds, each kind in
    turn, on top of a low steady rate of random REST faults."""

    KINDS = ["op7", "drop", "storm429", "op9_resumable", "close_4000",
             "slow", "op9_fresh", "close_4008", "http5xx", "zombie",
             "close_4009"]
    BASE = {"p429": 0.02, "p5xx": 0.01, "pslow": 0.02, "slow": 1.0}

    def __init__(self, port, deadline, every):
        super().__init__(daemon=True)
        self.cl = Client(port)
        self.deadline = deadline
        self.every = every
        self.log = []
        self.error = None

    def window(self, faults, seconds):
        self.cl.ok("POST", "/_test/faults", dict(self.BASE, **faults))
        time.sleep(seconds)
        self.cl.ok("POST", "/_test/faults", self.BASE)

    def inject(self, kind):
        if kind == "storm429":
            self.window({"p429": 0.35}, 4)
        elif kind == "http5xx":
            self.window({"p5xx": 0.2}, 4)
        elif kind == "slow":
            self.window({"pslow": 0.4, "slow": 2.5}, 5)
        elif kind == "zombie":
            before = self.cl.ok("GET", "/_test/stats")["connections"]
            self.cl.ok("POST", "/_test/ack?on=0", {})
            end = time.monotonic() + 10
            while time.monotonic() < end and \
                    self.cl.ok("GET", "/_test/stats")["connections"] == before:
                time.sleep(0.2)
            self.cl.ok("POST", "/_test/ack?on=1", {})
        elif kind.startswith("close_"):
            return self.cl.call("POST", "/_test/close?code=" + kind[6:],
                                {})[0] == 200
        elif kind.startswith("op9_"):
            return self.cl.call("POST", "/_test/op9?resumable=%d" %
                                (kind == "op9_resumable"), {})[0] == 200
        else:
            return self.cl.call("POST", "/_test/" + kind, {})[0] == 200
        return True

    def run(self):
        try:
            self.cl.ok("POST", "/_test/faults", self.BASE)
            k = 0
            time.sleep(self.every)
            while time.monotonic() < self.deadline - 5:
                kind = self.KINDS[k % len(self.KINDS)]
                # No socket right now (reconnecting): try it again soon.
                if self.inject(kind):
                    self.log.append(kind)
                    k += 1
                    time.sleep(self.every)
                else:
                    time.sleep(0.5)
            self.cl.ok("POST", "/_test/faults",
                       {"p429": 0, "p5xx": 0, "pslow": 0})
        except Exception as e:
            self.error = repr(e)


class Sampler(threading.Thread):
    """The bot's VmRSS (kB) every second."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid = pid
        self.samples = []
        self.stop = False

    def run(self):
        while not self.stop:
            try:
                with open("/proc/%d/status" % self.pid) as f:
                    for line in f:
                        if line.startswith("VmRSS:"):
                            self.samples.append((time.monotonic(),
                                                 int(line.split()[1])))
            except OSError:
                return
            time.sleep(1)


def wait_ready(bot_err, timeout=20):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with open(bot_err, errors="replace") as f:
            if "discord: ready" in f.read():
                return True
        time.sleep(0.1)
    return False


def play(port, pid, bot_err, out):
    seconds = env_int("SOAK_SECONDS", 180)
    ntables = env_int("SOAK_TABLES", 60)
    every = env_int("SOAK_FAULT_EVERY", 6)
    tolerance = env_int("SOAK_RSS_TOLERANCE", 10)
    seed = env_int("SOAK_SEED", 1)
    if not wait_ready(bot_err):
        fail("the bot did not connect to the fake Discord")
        return 1
    cl = Client(port)
    counters = Counters()
    sampler = Sampler(pid)
    sampler.start()
    t0 = time.monotonic()
    deadline = t0 + seconds
    tables = [Table(i, port, deadline, counters, seed)
              for i in range(ntables)]
    faults = Faults(port, deadline, every)
    for t in tables:
        t.start()
    faults.start()
    print("soak: %d tables for %d s, a fault every %d s" %
          (ntables, seconds, every), flush=True)
    last = t0
    while time.monotonic() < deadline:
        time.sleep(1)
        if time.monotonic() - last >= 30:
            last = time.monotonic()
            s = cl.ok("GET", "/_test/stats")
            print("soak: %3d s: %d interactions, %d answered, %d dropped "
                  "by the gateway, %d reconnects, RSS %d kB" %
                  (last - t0, s["interactions"], s["answered"],
                   s["dropped_by_gateway"], s["connections"] - 1,
                   sampler.samples[-1][1] if sampler.samples else 0),
                  flush=True)
    for t in tables:
        t.join(60)
    faults.join(30)
    played = time.monotonic() - t0
    # What is in flight gets time to be answered (the bot may be in a
    # reconnect's backoff).
    end = time.monotonic() + 20
    while time.monotonic() < end:
        s = cl.ok("GET", "/_test/stats")
        if s["unanswered_count"] == 0:
            break
        time.sleep(0.5)
    # Then what the bot still has to send (run.sh fails if SIGTERM finds
    # requests queued: they would be lost).
    drained = time.monotonic()
    end = drained + 60
    while time.monotonic() < end and \
            cl.ok("GET", "/_test/stats")["rest_idle"] < 2:
        time.sleep(0.5)
    drained = time.monotonic() - drained
    sampler.stop = True
    sampler.join(5)
    s = cl.ok("GET", "/_test/stats")

    for t in tables:
        if t.error:
            fail("table driver died: " + t.error)
    if faults.error:
        fail("fault injector died: " + faults.error)
    n = counters.c
    f = s["faults"]
    print("soak: --- figures (%.0f s, %d tables) ---" % (played, ntables))
    print("soak: interactions: %d sent (%d slash, %d clicks), %.1f/s; "
          "%d answered, %d dropped by the gateway (sent again), "
          "%d unanswered" %
          (s["interactions"], n.get("sent_slash", 0),
           n.get("sent_click", 0), s["interactions"] / played,
           s["answered"], s["dropped_by_gateway"], s["unanswered_count"]))
    print("soak: callback latency from sending: median %.1f ms, p99 %.0f "
          "ms, worst %.0f ms; %d later than 3 s after sending (sent "
          "while the gateway was down), %d later than 3 s after reaching "
          "the bot" %
          (1000 * (s["latency_p50"] or 0), 1000 * (s["latency_p99"] or 0),
           1000 * (s["latency_max"] or 0), s["late_from_sending"],
           len(s["late_from_delivery"])))
    print("soak: games: %d started, %d moves by slash command, %d by "
          "clicks" % (n.get("games_started", 0), n.get("moves_by_slash", 0),
                      n.get("moves_by_click", 0)))
    print("soak: faults injected: %s" % ", ".join(
        "%s %d" % (k, v) for k, v in sorted(f.items())))
    print("soak: gateway: %d connections, %d identifies, %d resumes "
          "(%d refused), close codes seen %s" %
          (s["connections"], s["identifies"], s["resumes"],
           s["resumes_failed"], sorted(set(c for c in s["close_codes"]
                                           if c is not None))))
    print("soak: REST: %d messages posted, %d edits, %d deletes, %d "
          "followups (%.1f/s); after the traffic stopped the bot was done "
          "sending in %.0f s" % (s["messages"], s["edits"], s["deletes"],
                                 s["followups"],
                                 (s["messages"] + s["edits"] + s["deletes"] +
                                  s["followups"]) / played, drained))
    rss = sampler.samples
    if len(rss) < 10:
        fail("too few RSS samples (%d)" % len(rss))
    else:
        half = len(rss) // 2
        first = max(v for _, v in rss[:half])
        second = max(v for _, v in rss[half:])
        # Growth over the second half, by least squares, in kB a minute.
        xs = [t for t, _ in rss[half:]]
        ys = [v for _, v in rss[half:]]
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        den = sum((x - mx) ** 2 for x in xs) or 1
        slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den * 60
        print("soak: RSS: start %d kB, peak %d kB, end %d kB; peak of the "
              "first half %d kB, of the second %d kB (%+.1f %%; tolerance "
              "%d %%); second-half trend %+.0f kB/min" %
              (rss[0][1], max(v for _, v in rss), rss[-1][1], first, second,
               100.0 * (second - first) / first, tolerance, slope))
        if second > first * (1 + tolerance / 100.0):
            fail("memory grew: the second half's peak RSS %d kB is more "
                 "than %d %% over the first half's %d kB" %
                 (second, tolerance, first))
    if s["unanswered_count"]:
        fail("%d interactions never got their callback: %s" %
             (s["unanswered_count"], s["unanswered"][:10]))
    if s["double_answers"]:
        fail("%d callbacks to interactions already answered" %
             s["double_answers"])
    if s["late_from_delivery"]:
        fail("%d callbacks came more than 3 s after their interaction "
             "reached the bot: %s" % (len(s["late_from_delivery"]),
                                      s["late_from_delivery"][:10]))
    for key in ("callback_errors", "component_errors", "embed_errors"):
        if s[key]:
            fail("%s: %s" % (key, s[key][:3]))
    if s["orphan_followups"]:
        fail("%d followups before their callback" % s["orphan_followups"])
    if s["unexpected_429"]:
        fail("%d requests ignored X-RateLimit-Remaining: 0" %
             s["unexpected_429"])
    if s["bad_auth"]:
        fail("%d requests without the bot's token" % s["bad_auth"])
    for kind in Faults.KINDS:
        if kind not in faults.log:
            fail("fault %s was never injected (run longer)" % kind)
    with open(out, "w") as fp:
        json.dump({"stats": s, "counters": n, "rss": rss,
                   "seconds": played, "tables": ntables,
                   "faults": faults.log}, fp)
    print("soak: play: %s" % ("FAIL (%d)" % len(failures) if failures
                              else "ok"), flush=True)
    return 1 if failures else 0


# --- verify -----------------------------------------------------------

def read_db(path):
    db = sqlite3.connect("file:%s?mode=ro" % path, uri=True, timeout=10)
    tables = {}
    # One guild: the players' number (num) is unique too.
    for tid, num, adapter, chan, game, state in db.execute(
            "SELECT id, num, adapter, channel, game, state FROM tables"):
        tables[tid] = {"num": num, "adapter": adapter, "channel": chan,
                       "game": game, "state": state, "seqs": []}
    for tid, seq in db.execute("SELECT table_id, seq FROM moves "
                               "ORDER BY table_id, seq"):
        if tid in tables:
            tables[tid]["seqs"].append(seq)
    outcomes = {}
    for tid, n in db.execute("SELECT table_id, count(*) FROM outcomes "
                             "GROUP BY table_id"):
        outcomes[tid] = n
    db.close()
    return tables, outcomes


def lately(content):
    """The lines of a table message's "Lately" list, or None."""
    k = content.find("\n\nLately:\n· ")
    if k < 0:
        return None
    return "\n".join(content[k + len("\n\nLately:\n· "):].split(
        "\n· ")).split("\n")


def in_order(seen, lines):
    """Are the lines seen all in lines, in the same order?  (The board
    leaves prompts out, so they need not be next to each other.)"""
    it = iter(lines)
    return all(any(x == y for y in it) for x in seen)


def verify(port, bot_err, dbpath, list_file):
    cl = Client(port)
    if not wait_ready(bot_err):
        fail("the restarted bot did not connect")
        return 1
    tables, outcomes = read_db(dbpath)
    opened = {t: v for t, v in tables.items()
              if v["state"] in ("lobby", "playing")}
    over = {t: v for t, v in tables.items() if v["state"] == "over"}
    broken = [t for t, v in tables.items() if v["state"] not in
              ("lobby", "playing", "over")]
    with open(bot_err, errors="replace") as f:
        log = f.read()
    m = re.search(r"restored (\d+) tables? from", log)
    restored = int(m.group(1)) if m else 0
    print("soak: --- consistency ---")
    print("soak: state file: %d tables (%d open, %d finished, %d other), "
          "%d moves" % (len(tables), len(opened), len(over), len(broken),
                        sum(len(v["seqs"]) for v in tables.values())))
    if broken:
        fail("tables in a state other than lobby/playing/over: %s" %
             [(t, tables[t]["state"]) for t in broken[:5]])
    if restored != len(opened):
        fail("the restart restored %d tables; the file holds %d open" %
             (restored, len(opened)))
    bad = [l for l in log.splitlines()
           if re.match(r"<[0-3]>", l) or ": error: " in l]
    if bad:
        fail("the restarted bot logged errors: %s" % bad[:3])
    with open(list_file, errors="replace") as f:
        listed = f.read()
    nlisted = len(re.findall(r"\b(lobby|playing)\b", listed))
    if "broken" in listed or nlisted != len(opened):
        fail("--list-tables shows %d open tables (the file holds %d)%s" %
             (nlisted, len(opened), ", some broken" if "broken" in listed
              else ""))
    gaps = [t for t, v in tables.items()
            if v["seqs"] != list(range(len(v["seqs"])))]
    if gaps:
        fail("tables whose moves are not numbered 0..n-1: %s" % gaps[:5])
    per_chan = {}
    for t, v in opened.items():
        per_chan.setdefault(v["channel"], []).append(t)
    dups = {c: ts for c, ts in per_chan.items() if len(ts) > 1}
    if dups:
        fail("channels with more than one open table: %s" % dups)
    no_outcome = [t for t in over if not outcomes.get(t)]
    if no_outcome:
        fail("finished tables without a result: %s" % no_outcome[:5])

    # Each channel's messages: table messages belong to the table whose
    # epilogue ("This was table N") comes next; the rest to the open one.
    boards = {}         # table id -> [message]
    by_num = {v["num"]: t for t, v in tables.items()}
    announced = set()
    chans = sorted(set(v["channel"] for v in tables.values()))
    for chan in chans:
        msgs = sorted(cl.ok("GET", "/_test/messages?channel=" +
                            chan).values(), key=lambda m: int(m["id"]))
        pending = []
        for m in msgs:
            # The end may be the public answer of the last move's command.
            if m["kind"] != "channel" and m["flags"] & 64:
                continue
            if m["kind"] == "channel" and is_board(m):
                pending.append(m)
            for e in EPILOGUE_RE.findall(m["content"]):
                tid = by_num.get(int(e), -int(e))
                announced.add(tid)
                boards.setdefault(tid, []).extend(pending)
                pending = []
        if pending and per_chan.get(chan):
            boards.setdefault(per_chan[chan][0], []).extend(pending)
    unannounced = [t for t in over if t not in announced]
    if unannounced:
        fail("finished games whose end the channel never heard: %s" %
             unannounced[:5])

    # Replay every finished game; what the channel saw must be in it.
    # Six at a time: a long replay's followups may wait for the global
    # rate limit, so each waits for 2.5 s without a new one.
    limit = env_int("SOAK_REPLAYS", 400)
    tally = {"replayed": 0, "versions": 0, "truncated": 0}
    lock = threading.Lock()

    def count(key):
        with lock:
            tally[key] += 1
    dump = {}           # what was compared, for a human to read
    todo = sorted(over)[:limit]

    def replay_one(rc, tid):
        v = over[tid]
        status, js = rc.call("POST", "/_test/interaction", {
            "user": "990001", "name": "auditor", "channel": v["channel"],
            "guild": GUILD, "sub": "replay",
            "options": [{"name": "table", "type": 4, "value": v["num"]}]})
        st, r = rc.call("GET", "/_test/wait?timeout=20&followups=2.5&id=" +
                        js["id"])
        if not r.get("answered"):
            fail("replay %d got no answer" % tid)
            return
        text = r["content"] + "".join(r.get("followups", []))
        m = re.search(r"^Replay of table %d, .*\((\d+) moves?\):" %
                      v["num"], text, re.M)
        if not m:
            fail("replay of table %d failed: %.200s" % (tid, text))
            return
        count("replayed")
        if int(m.group(1)) != len(v["seqs"]):
            fail("replay of table %d has %s moves; the file holds %d" %
                 (tid, m.group(1), len(v["seqs"])))
        if "does not fit in one message" in text:
            count("truncated")
            return
        lines = text.split("\n")
        dump[tid] = {"replay": lines, "boards": [
            {"id": b["id"], "versions": b["history"] + [b["content"]]}
            for b in boards.get(tid, [])]}
        for b in boards.get(tid, []):
            for content in b["history"] + [b["content"]]:
                seen = lately(content)
                if seen is None:
                    continue
                count("versions")
                if not in_order(seen, lines):
                    fail("table %d: the channel saw moves the replay does "
                         "not hold in that order: %r" % (tid, seen))
                    return

    def worker():
        rc = Client(port)
        while True:
            with lock:
                if not todo:
                    return
                tid = todo.pop()
            replay_one(rc, tid)
    workers = [threading.Thread(target=worker) for i in range(6)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    replayed, truncated, versions = (tally["replayed"], tally["truncated"],
                                     tally["versions"])
    with open(os.path.join(os.path.dirname(dbpath), "replays.json"),
              "w") as fp:
        json.dump(dump, fp, indent=1, ensure_ascii=False)
    print("soak: %d finished games replayed from their seed and stored "
          "moves (%d too long to check), %d table-message versions "
          "checked against them" % (replayed, truncated, versions))
    if over and replayed == 0:
        fail("no finished game could be replayed")

    # Every open table answers in its channel after the restart.
    answered = 0
    for chan, ts in sorted(per_chan.items()):
        status, js = cl.call("POST", "/_test/interaction", {
            "user": "990001", "name": "auditor", "channel": chan,
            "guild": GUILD, "sub": "status", "options": []})
        st, r = cl.call("GET", "/_test/wait?timeout=20&id=" + js["id"])
        if r.get("answered"):
            answered += 1
        else:
            fail("status in %s got no answer after the restart" % chan)
    print("soak: %d open tables restored, %d of them answered status; "
          "--list-tables lists %d" % (restored, answered, nlisted))
    print("soak: verify: %s" % ("FAIL (%d)" % len(failures) if failures
                                else "ok"), flush=True)
    return 1 if failures else 0


def main():
    if len(sys.argv) == 6 and sys.argv[1] == "play":
        return play(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4],
                    sys.argv[5])
    if len(sys.argv) == 6 and sys.argv[1] == "verify":
        return verify(int(sys.argv[2]), sys.argv[3], sys.argv[4],
                      sys.argv[5])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
