#!/usr/bin/python3
"""IRC latency under load, on the wire (make bench; see irc-latency.sh):

    irc_latency.py BOT INSPIRCD TMPDIR SECONDS RATE_MS BURST

InspIRCd (the binary INSPIRCD, its config and log in TMPDIR) listens on
free ports of 127.0.0.1: plain IRC for the players, and two websockets
for the bot: one without limits for the setup, one whose <connect> class
holds the bot to RATE_MS a line (commandrate; InspIRCd's flood control,
fakelag and threshold 10 as by default); the server is stopped at the end.

Ten busy CHEERS tables on one bot.  Seven (#b3 .. #b9) are the AI's
alone: a driver opens them (new, addbot 3, start) on a bot without flood
limits (SETUP_WS_PORT) and lets its seat go to the AI.  Three players h0,
h1, h2 each open one of their own (#b0 .. #b2: new, addbot 2, start) on a
second such bot, stopped as soon as they begin.  Then the measured bot
(irc.send_rate RATE_MS, irc.send_burst BURST) restores all ten, and for
SECONDS:
 - the AI is ready to move every 1.5 s (tables.ai_delay's default) at
   every table, and moves when the bot gives its table the floor (the
   tables take turns while the send queue is busy: adapters/irc/floor.c),
   so ten tables share the flood limit and no move's line is dropped;
 - each player reads the bot's private "your move" view to its end and
   moves 1.5 to 3 s later (play 1 on their own shaker); any other
   question (give the CHEERSed cards) they leave to the turn timer, 8 s;
 - a prober, every 2.5 s, asks for the leaderboard at an AI table, or
   opens or ends a lobby in a quiet channel (#q0, #q1).

Every player is a plain TCP client that notes when each line arrives.
The figures:
 - command -> its first reply line: from sending a command to the first
   line the bot says of it: in a quiet channel any line; at a busy table
   the leaderboard; for a move the move's own line ("h0 offers ...") or
   a private answer; a command unanswered when the run ends counts as
   waiting until then (">");
 - "your move" after the channel's turn line: when a player's private
   "your move" came, less when the channel's line for that turn ("h0's
   turn: ..." or "... h0 must ...") did: below 0, the private line came
   first; a turn whose channel line never came (talk dropped by a bot
   that falls behind) counts as first;
 - the bot's lines on the wire a second, and the talk it dropped.
Lines starting "result:" are collected by tests/bench/run.sh, each with
the load when it was measured.  Every wait of the setup (the server, a
registration, a join, an answer) is bounded by time (tests/bench/bounded.py:
BENCH_WAIT, 60 s) and fails saying what it waited for.
"""
import atexit
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time

from bounded import WAIT, load, wait_exit

BOT, INSPIRCD, TMP = sys.argv[1], sys.argv[2], sys.argv[3]
SECONDS, RATE_MS, BURST = float(sys.argv[4]), int(sys.argv[5]), \
    int(sys.argv[6])
COMMANDRATE = 1000000 // RATE_MS     # lines a second, times 1000
HUMANS = ["h0", "h1", "h2"]
AI_TABLES = ["#b%d" % i for i in range(3, 10)]
QUIET = ["#q0", "#q1"]
PROBE_EVERY = 2.5
CHANNELS = ["#b%d" % i for i in range(10)] + QUIET
BOTNICK = "cheersbot"
# Lines of a private view; anything else private is an answer.
VIEW = re.compile(r"^(CHEERS at |You are on team|Your recipe|Your hand|"
                  r"[0-9]+\. |Your move: |Teams|You )")
random.seed(20)


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))]


def fail(why):
    print("irc: FAIL: " + why, flush=True)
    sys.exit(1)


class Client:
    """One player on plain TCP: a thread notes every PRIVMSG from the bot
    as (time, target, text) and answers PING; on_line, when set, is called
    with each."""

    def __init__(self, nick, channels):
        self.nick = nick
        self.lines = []
        self.lock = threading.Lock()
        self.on_line = None
        self.sock = socket.create_connection(("127.0.0.1", PLAIN), WAIT)
        self.sock.settimeout(None)
        self.welcome = threading.Event()
        threading.Thread(target=self.reader, daemon=True).start()
        self.send("NICK " + nick)
        self.send("USER %s 0 * :%s" % (nick, nick))
        if not self.welcome.wait(WAIT):
            fail("waited %g s for %s's registration (001); none came" %
                 (WAIT, nick))
        self.send("JOIN " + ",".join(channels))

    def reader(self):
        buf = b""
        while True:
            try:
                data = self.sock.recv(65536)
            except OSError:
                return
            if not data:
                return
            buf += data
            while b"\r\n" in buf:
                raw, buf = buf.split(b"\r\n", 1)
                self.line(time.monotonic(), raw.decode("utf-8", "replace"))

    def line(self, now, line):
        if line.startswith("PING"):
            self.send("PONG" + line[4:])
            return
        m = re.match(r":(\S+?)(?:!\S*)? (\S+) ?(\S*)(?: :(.*))?", line)
        if m is None:
            return
        nick, cmd, target, text = m.group(1), m.group(2), m.group(3), \
            m.group(4) or ""
        if cmd == "001":
            self.welcome.set()
        if cmd != "PRIVMSG" or not nick.lower().startswith(BOTNICK):
            return
        item = (now, target.lower(), text)
        with self.lock:
            self.lines.append(item)
            fn = self.on_line
        if fn is not None:
            fn(item)

    def send(self, line):
        try:
            self.sock.sendall(line.encode() + b"\r\n")
        except OSError:
            pass

    def say(self, channel, text):
        """Sends a command; the time it left."""
        now = time.monotonic()
        self.send("PRIVMSG %s :!cheers %s" % (channel, text))
        return now

    def since(self, t):
        with self.lock:
            return [x for x in self.lines if x[0] >= t]

    def wait_for(self, pred, t, timeout):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for x in self.since(t):
                if pred(x):
                    return x
            time.sleep(0.02)
        return None


# What this script started and has not stopped: killed at its exit.
running = []


@atexit.register
def stop_all():
    for p in running:
        p.kill()
        p.wait(WAIT)


def start_bot(port, extra):
    err = open(os.path.join(TMP, "bot.err"), "a")
    p = subprocess.Popen(
        [BOT, "-v", "-o", "console.enabled=no", "-o", "irc.enabled=yes",
         "-o", "irc.url=ws://127.0.0.1:%d/" % port,
         "-o", "irc.origin=https://cheersbot.bench",
         "-o", "irc.channels=" + ",".join(CHANNELS),
         "-o", "bot.state_file=" + os.path.join(TMP, "state.db"),
         "-o", "bot.seed=7",
         # A few users play many tables at machine speed here: the flood
         # limits and caps for members would measure themselves.
         "-o", "tables.command_burst=0", "-o", "tables.repost_gap=0",
         "-o", "tables.max_per_server=0",
         "-o", "tables.max_lobbies_per_user=0"] + extra,
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
    running.append(p)
    return p


def stop_bot(p):
    p.send_signal(signal.SIGTERM)
    running.remove(p)
    wait_exit(p, "the bot to exit after SIGTERM", fail=fail)


def free_ports(n):
    """n free TCP ports of 127.0.0.1."""
    ss = [socket.socket() for i in range(n)]
    for s in ss:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in ss]
    for s in ss:
        s.close()
    return ports


# The bot's class: InspIRCd's defaults but for commandrate; the players
# and the setup bot are not limited.
IRCD_CONF = """\
<server name="irc.bench" description="cheersbot bench" network="CheersBench">
<admin name="bench" nick="bench" email="bench@localhost">
<module name="sha1"><module name="websocket"><module name="cap">
<module name="ircv3"><websocket defaultmode="text">
<wsorigin allow="https://cheersbot.bench">
<bind address="127.0.0.1" port="{plain}" type="clients">
<bind address="127.0.0.1" port="{setup}" type="clients" hook="websocket">
<bind address="127.0.0.1" port="{ws}" type="clients" hook="websocket">
<connect name="bot" allow="*" port="{ws}" timeout="20" pingfreq="120"
    commandrate="{rate}" threshold="10" fakelag="yes" recvq="8192"
    softsendq="8192" hardsendq="1048576" localmax="100" globalmax="100"
    resolvehostnames="no" useident="no">
<connect name="free" allow="*" timeout="20" pingfreq="120"
    commandrate="1000000" threshold="1000" fakelag="no" recvq="65536"
    softsendq="1048576" hardsendq="4194304" localmax="100" globalmax="100"
    resolvehostnames="no" useident="no">
<dns timeout="1"><pid file="{dir}/inspircd.pid">
<log method="file" type="* -USERINPUT -USEROUTPUT" level="default"
    target="{dir}/ircd.log">
"""


def start_ircd():
    """Starts InspIRCd and waits (up to WAIT s) until it takes players."""
    d = os.path.join(TMP, "ircd")
    os.mkdir(d)
    with open(os.path.join(d, "inspircd.conf"), "w") as f:
        f.write(IRCD_CONF.format(plain=PLAIN, setup=SETUP_WS, ws=WS,
                                 rate=COMMANDRATE, dir=d))
    flags = ["--config", os.path.join(d, "inspircd.conf"), "--nofork"]
    if os.getuid() == 0:
        flags.append("--runasroot")
    p = subprocess.Popen([INSPIRCD] + flags, cwd=d, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", PLAIN), 1).close()
            return p
        except OSError:
            time.sleep(0.1)
    p.kill()
    p.wait(WAIT)
    fail("waited %g s for inspircd to take players on port %d; it did not" %
         (WAIT, PLAIN))


def bot_log():
    with open(os.path.join(TMP, "bot.err"), errors="replace") as f:
        return f.read()


def wait_joined(n, timeout=WAIT):
    """Waits until the bot's log says it joined every channel n times."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        log = bot_log()
        if all(log.count("irc: joined " + c) >= n for c in CHANNELS):
            return
        time.sleep(0.05)
    fail("waited %g s for the bot (run %d) to join every channel; it did "
         "not: %s" % (timeout, n, " ".join(
             c for c in CHANNELS if bot_log().count("irc: joined " + c) < n)))


# --- Setup, on a bot without limits -------------------------------------

PLAIN, SETUP_WS, WS = free_ports(3)
ircd = start_ircd()
running.append(ircd)
# First the AI tables: the driver's seat goes to the AI when its turn
# runs out.  Then the players' tables, stopped as soon as they begin.

driver = Client("dr", AI_TABLES)
prober = Client("pr", QUIET + AI_TABLES)
humans = {h: Client(h, ["#b%d" % i]) for i, h in enumerate(HUMANS)}


def setup_table(c, ch, ais):
    for cmd, said in (("new cheers", "opened a CHEERS table"),
                      ("addbot %d" % ais, "AI player"),
                      ("start", "begins")):
        t = c.say(ch, cmd)
        if not c.wait_for(lambda x: x[1] == ch and said in x[2], t, WAIT):
            fail("setup: waited %g s for the answer to \"%s\" in %s (\"%s\");"
                 " none came" % (WAIT, cmd, ch, said))


setup = start_bot(SETUP_WS, ["-o", "irc.send_rate=0",
                             "-o", "tables.ai_delay=50ms",
                             "-o", "tables.turn_timer=1s",
                             "-o", "tables.timeouts_to_ai=1"])
wait_joined(1)
t0 = time.monotonic()
for ch in AI_TABLES:
    setup_table(driver, ch, 3)
for ch in AI_TABLES:
    if not driver.wait_for(lambda x: x[1] == ch and "the AI plays their "
                           "seat now" in x[2], t0, WAIT):
        fail("setup: waited %g s for the AI to take the driver's seat at %s"
             " (\"the AI plays their seat now\"); it did not" % (WAIT, ch))
stop_bot(setup)
setup = start_bot(SETUP_WS, ["-o", "irc.send_rate=0",
                             "-o", "tables.turn_timer=60s"])
wait_joined(2)
for i, h in enumerate(HUMANS):
    setup_table(humans[h], "#b%d" % i, 2)
stop_bot(setup)

# --- The measured run ----------------------------------------------------

commands = []       # (time sent, client, channel, kind)
turns = []          # (client, channel, time of "your move")
lock = threading.Lock()
measuring = threading.Event()


def human_plays(c, ch):
    """A player notes each "your move" and reads the view to its end: on
    "Your move: ... play, move or throw" they play 1 on their own shaker
    1.5 to 3 s later; any other question they leave to the turn timer.
    Returns what starts them: a move asked for before the run began."""
    asked = {"before": False}

    def on_line(item):
        now, target, text = item
        if target != c.nick:
            return
        # The whole view's last line ("Your move: ...") or a move's one
        # private line ("CHEERS at #b0: ... Your move: ... Hand: ...").
        asks = "Your move: " in text and "play, move or throw" in text
        if not measuring.is_set():
            asked["before"] = asks or (asked["before"] and
                                       not text.startswith("CHEERS at "))
            return
        if text.startswith("CHEERS at %s: " % ch) and "Your move: " in text:
            with lock:
                turns.append((c, ch, now))
        if asks:
            threading.Timer(random.uniform(1.5, 3.0), move).start()

    def move():
        if measuring.is_set():
            command(c, ch, "play 1 " + c.nick, "move")

    def begin():
        if asked["before"]:
            move()

    with c.lock:
        for item in c.lines:
            on_line(item)
        c.on_line = on_line
    return begin


def command(c, ch, text, kind):
    t = c.say(ch, text)
    with lock:
        commands.append((t, c, ch, kind))


begin = [human_plays(humans[h], "#b%d" % i) for i, h in enumerate(HUMANS)]
sent0 = time.monotonic()
bot = start_bot(WS, ["-o", "irc.send_rate=%dms" % RATE_MS,
                     "-o", "irc.send_burst=%d" % BURST,
                     "-o", "tables.turn_timer=8s",
                     "-o", "tables.timeouts_to_ai=0"])
wait_joined(3)
measuring.set()
start = time.monotonic()
end = start + SECONDS
# A player whose move the setup asked for makes it now.
for b in begin:
    b()
n = 0
while time.monotonic() < end - 2:
    time.sleep(PROBE_EVERY)
    if n % 2 == 0:
        command(prober, AI_TABLES[n // 2 % len(AI_TABLES)], "leaderboard",
                "busy")
    else:
        command(prober, QUIET[n // 2 % 2], "new cheers" if n // 4 % 2 == 0
                else "end", "quiet")
    n += 1
measuring.clear()
time.sleep(3)
stop_bot(bot)
stop = time.monotonic()

# --- Figures --------------------------------------------------------------


def first_reply(t, c, ch, kind):
    """When the first line the bot said of the command sent at t arrived."""
    for now, target, text in c.since(t):
        if kind == "quiet":
            if target == ch:
                return now
        elif kind == "busy":
            if target == ch and "leaderboard" in text:
                return now
        elif kind == "hand":
            if target == c.nick:
                return now
        elif target == ch and text.startswith(c.nick + " "):
            return now
        elif target == c.nick and (not VIEW.match(text) or
                                   "your hand changed" in text):
            return now
    return None


# An unanswered command waited at least until the end: (ms, 1).
lat, unanswered = [], 0
for t, c, ch, kind in commands:
    r = first_reply(t, c, ch, kind)
    if r is None:
        unanswered += 1
        lat.append(((stop - t) * 1000, 1))
    else:
        lat.append(((r - t) * 1000, 0))
# A turn's line in the channel ("h0's turn: ...", "... h0 must ..." or
# "(h0 is next)", inside the move's one line)
# comes between the player's "your move" before and the one after.
moves, unshown = [], 0
for c, ch, asked in turns:
    says = re.compile(r"(^|[ (])%s(('s turn: )| must | is next\))" %
                      (c.nick))
    mine = [t for d, dch, t in turns if d is c]
    before = max([t for t in mine if t < asked], default=start)
    after = min([t for t in mine if t > asked], default=stop)
    seen = [x for x in c.lines if x[1] == ch and says.search(x[2]) and
            before < x[0] < after]
    if not seen:
        unshown += 1
        continue
    x = min(seen, key=lambda x: abs(x[0] - asked))
    moves.append((asked - x[0]) * 1000)
everyone = [driver, prober] + list(humans.values())
# Each line once: a channel's as its first watcher saw them.
watcher = {}
for c in everyone:
    for x in c.lines:
        watcher.setdefault(x[1], c)
wire = sum(1 for c in everyone for x in c.lines
           if watcher[x[1]] is c and sent0 <= x[0] <= stop)
# The measured bot's log: talk dropped, and how long answers waited in
# its queue (at -v), from the answer made to its first line sent.
log = bot_log().rsplit("irc: registered as", 1)[1]
drops = sum(int(n) for n in re.findall(
    r"(\d+) older lines of table talk dropped", log))
waits = {what: [int(n) for n in re.findall(
    r"irc: %s waited (\d+) ms" % what, log)]
    for what in ("an answer", 'a "your move"')}

print("irc: 10 CHEERS tables (7 AI alone, 3 with a player), %.0f s; the bot "
      "at irc.send_rate %dms, irc.send_burst %d; InspIRCd's flood control "
      "for the bot at %d millilines a second (threshold 10, fakelag)" %
      (SECONDS, RATE_MS, BURST, COMMANDRATE))
if os.environ.get("BENCH_IRC_DUMP"):
    with open(os.environ["BENCH_IRC_DUMP"], "w") as f:
        for c in everyone:
            for x in c.lines:
                f.write("%s %.3f %s %s\n" % (c.nick, x[0] - start, x[1], x[2]))
        for t, c, ch, kind in commands:
            f.write("CMD %s %.3f %s %s\n" % (c.nick, t - start, ch, kind))
if not lat or not turns:
    fail("too few figures: %d commands, %d turns" % (len(lat), len(turns)))


def wait(x):
    return "%s%d ms" % (">" if x[1] else "", x[0])


print("result: irc, command -> first reply line on the wire (%d commands, "
      "%d unanswered by the end): median %s, p90 %s, p99 %s, max %s%s" %
      (len(lat), unanswered, wait(pct(lat, 0.5)), wait(pct(lat, 0.9)),
       wait(pct(lat, 0.99)), wait(max(lat)), load()))
# A turn line never shown came after the "your move", if ever.
late = sorted(moves + [float("-inf")] * unshown)


def ms(v):
    return "%d ms" % v if v != float("-inf") else "first (no line)"


print("result: irc, \"your move\" after the channel's turn line (%d turns, "
      "%d whose line never came, counted as first): median %s, p99 %s, "
      "max %s%s" % (len(turns), unshown, ms(late[len(late) // 2]),
                    ms(pct(late, 0.99)), ms(late[-1]), load()))
# The bot times every private line that asks its player to move (the
# one-line "your move" as well as a whole view); a run with none says
# so: no figure, and the reason.
for what, w in waits.items():
    if w:
        print("result: irc, in the bot: %s's first line waited to be sent "
              "(%d): median %d ms, p99 %d ms, max %d ms%s" %
              (what, len(w), statistics.median(w), pct(w, 0.99), max(w),
               load()))
    else:
        print("result: irc, in the bot: %s's first line waited to be sent "
              "(0): none was sent in this run, so no figure%s" % (what, load()))
print("result: irc, the bot's lines on the wire: %d in %.0f s (%.2f a "
      "second); %d lines of older table talk dropped%s" %
      (wire, stop - sent0, wire / (stop - sent0), drops, load()))
if not waits["an answer"]:
    fail("the bot logged no wait (at -v) of an answer: no figure for it")
