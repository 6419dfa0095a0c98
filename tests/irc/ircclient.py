"""The IRC players of the tests on a real InspIRCd (scenario.py,
atheme.py): a plain TCP client that registers, answers PING, keeps every
line it got, and picks out what the bot said to it or to a channel.
Optionally it logs into an account with SASL PLAIN before registering.
Then how a player plays CHEERS from the prompts the bot sends it.
"""
import base64
import itertools
import re
import socket
import threading
import time

BOT_USER = "cheersbot"      # the bot's user name: how its lines are told
# What must never reach a channel: a recipe, a hand, a card of a hand.
SECRET = re.compile(r"([Rr]ecipe: |[Yy]our hand|^[0-9]+\. .*\(cheers with )",
                    re.M)


def parse(raw):
    """(nick, user, command, params) of a raw line (bytes, no CR LF)."""
    line = raw.decode("utf-8", "replace")
    if line.startswith("@"):
        line = line.split(" ", 1)[1]
    nick = user = None
    if line.startswith(":"):
        prefix, line = line[1:].split(" ", 1)
        nick, _, rest = prefix.partition("!")
        user = rest.partition("@")[0] or None
    trailing = None
    if " :" in line:
        line, trailing = line.split(" :", 1)
    params = line.split()
    cmd = params.pop(0).upper() if params else ""
    if trailing is not None:
        params.append(trailing)
    return nick, user, cmd, params


class Client:
    """One IRC player on plain TCP to 127.0.0.1:port; a thread reads and
    answers PING.  ok(cond, what) counts a check (the caller's).  With
    sasl = (account, password) it logs in with SASL PLAIN first."""

    def __init__(self, port, nick, ok, wait=True, user=None, sasl=None):
        self.port = port
        self.nick = nick
        self.ok = ok
        self.user = user or nick
        self.sasl = sasl
        self.lines = []         # (time, raw bytes, nick, user, cmd, params)
        self.lock = threading.Lock()
        self.sock = None
        self.connect(wait)

    def connect(self, wait=True, timeout=10):
        end = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.create_connection(("127.0.0.1", self.port),
                                                     2)
                break
            except OSError:
                if time.monotonic() > end:
                    raise
                time.sleep(0.1)
        self.sock.settimeout(None)
        self.registered = threading.Event()
        self.alive = True
        threading.Thread(target=self.reader, args=(self.sock,),
                         daemon=True).start()
        if self.sasl:
            self.login()
        self.send("NICK " + self.nick)
        self.send("USER %s 0 * :%s" % (self.user, self.nick))
        if wait:
            self.wait_registered()

    def login(self):
        """SASL PLAIN inside CAP negotiation, before NICK and USER: a CAP
        REQ holds the registration until CAP END."""
        account, password = self.sasl
        m = self.mark()
        self.send("CAP REQ :sasl")
        self.ok(self.wait(lambda: self.got(m, "CAP", "ACK")),
                "%s: the server takes CAP sasl" % self.nick)
        self.send("AUTHENTICATE PLAIN")
        self.ok(self.wait(lambda: self.got(m, "AUTHENTICATE")),
                "%s: the server asks for the SASL PLAIN credentials" %
                self.nick)
        cred = ("\0%s\0%s" % (account, password)).encode()
        self.send("AUTHENTICATE " + base64.b64encode(cred).decode())
        r = self.wait(lambda: self.got(m, "903") or self.got(m, "904"))
        self.ok(r and r[0][4] == "903", "%s logs in as %s with SASL PLAIN: "
                "%s" % (self.nick, account, [l[1] for l in self.since(m)]))
        self.send("CAP END")

    def got(self, mark, cmd, sub=None):
        """The lines since mark with that command (and that first argument
        after the target, for CAP)."""
        return [l for l in self.since(mark) if l[4] == cmd and
                (sub is None or (len(l[5]) > 1 and l[5][1] == sub))]

    def wait_registered(self):
        self.ok(self.registered.wait(10), "%s registers" % self.nick)

    def reader(self, sock):
        buf = b""
        while True:
            try:
                data = sock.recv(65536)
            except OSError:
                data = b""
            if not data:
                self.alive = False
                return
            buf += data
            while b"\r\n" in buf:
                raw, buf = buf.split(b"\r\n", 1)
                nick, user, cmd, params = parse(raw)
                if cmd == "PING":
                    self.send("PONG :" + (params[0] if params else ""))
                    continue
                if cmd == "001":
                    self.registered.set()
                with self.lock:
                    self.lines.append((time.monotonic(), raw, nick, user,
                                       cmd, params))

    def send(self, line):
        try:
            self.sock.sendall(line.encode() + b"\r\n")
        except OSError:
            pass

    def rename(self, nick):
        """NICK nick; True once the server says it is ours."""
        m = self.mark()
        self.send("NICK " + nick)
        done = self.wait(lambda: [l for l in self.since(m) if l[4] == "NICK"
                                  and (l[2] or "").lower() ==
                                  self.nick.lower() and l[5] and
                                  l[5][0].lower() == nick.lower()])
        if done:
            self.nick = nick
        return bool(done)

    def mark(self):
        with self.lock:
            return len(self.lines)

    def since(self, mark=0):
        with self.lock:
            return self.lines[mark:]

    def from_bot(self, mark=0, dm=None):
        """PRIVMSG texts from the bot since mark: to us (dm=True: to the
        nick we held then), to a channel (dm=False) or both."""
        out = []
        for t, raw, nick, user, cmd, params in self.since(mark):
            if cmd != "PRIVMSG" or (user or "").lstrip("~") != BOT_USER:
                continue
            to_us = params[0][:1] not in ("#", "&")
            if dm is None or dm == to_us:
                out.append(params[-1])
        return out

    def wait(self, pred, timeout=5.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            r = pred()
            if r:
                return r
            time.sleep(0.03)
        return None

    def close(self):
        self.send("QUIT :bye")
        try:
            self.sock.close()
        except OSError:
            pass


# --- playing CHEERS ---------------------------------------------------------
def say(c, text, to):
    """c says text to a channel or nick."""
    c.send("PRIVMSG %s :%s" % (to, text))


def ask(c, text, pred, to, timeout=5.0):
    """c sends text to `to` and waits for pred(c, mark) to hold; its
    value (None after timeout s)."""
    m = c.mark()
    say(c, text, to)
    return c.wait(lambda: pred(c, m), timeout)


def in_channel(word):
    """A pred for ask: the bot's lines to a channel since the mark that
    hold word."""
    return lambda c, m: [t for t in c.from_bot(m, False) if word in t]


def check_impostor(ok, c, mark, holding):
    """After 1.5 s, with ok: c, holding the nick of a seated player
    (holding says how), got nothing private since mark and was told why
    once; returns what it got."""
    time.sleep(1.5)
    got = c.from_bot(mark, True)
    ok(not [t for t in got if SECRET.search(t)], "mallory, holding the nick "
       "%s, gets nothing private: %s" % (holding, got))
    ok(len(got) == 1 and "belongs to a player seated" in got[0],
       "and is told why, once: %s" % got)
    return got


def pending_prompt(c, since):
    """The latest private line to c's nick with "Your move:" since line
    since, as (index, text), or None: the whole view's last line, or the
    one line a move sends ("CHEERS at #bar: Your move: ...")."""
    dms = [(i, t) for i, (tt, raw, nick, user, cmd, params)
           in enumerate(c.since())
           for t in [params[-1]] if cmd == "PRIVMSG" and i >= since and
           (user or "").lstrip("~") == BOT_USER and
           params[0].lower() == c.nick.lower() and "Your move:" in t]
    return dms[-1] if dms else None


def candidates(prompt, others, places):
    """Moves to try for prompt; others: the other seats' names; places:
    the shakers that are no seat's ("share" in a duel, "extra" with
    three players)."""
    if "must give" in prompt:
        cards = re.findall(r"card ([0-9, ]+)\)", prompt)
        nums = [n.strip() for n in cards[0].split(",")] if cards else [""]
        out = []
        for a, b in itertools.permutations(others + places, 2):
            for n in nums[:2]:
                out.append(("give %s %s %s" % (a, b, n)).strip())
        return out
    if "discard" in prompt:
        return ["discard %d" % i for i in range(1, 6)]
    return ["play 1 me", "play 2 me", "play 1 " + places[0],
            "play 1 " + others[0], "throw"]


def act(c, prompt, bot, seat, others, places):
    """Tries the candidates for prompt, each by private message to the bot
    (prefix left out), until the channel announces a move of the seat
    named seat; the move taken, or None."""
    for cand in candidates(prompt, others, places):
        m = c.mark()
        c.send("PRIVMSG %s :%s" % (bot, cand))
        r = c.wait(lambda: [t for t in c.from_bot(m, False)
                            if t.lower().startswith(seat.lower() + " ")], 1.5)
        if r:
            return cand
    return None
