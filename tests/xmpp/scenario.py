#!/usr/bin/python3
"""Plays CHEERS through cheersbot on a real Prosody, as XMPP clients.

    scenario.py --http PORT --bot-err FILE [--restart CMD --ready FILE]
                [--mode game|tls|plain]

Each player is an XMPP-over-WebSocket client (RFC 7395, on aiohttp) that
logs in with SCRAM-SHA-1 and joins the room bar@rooms.localhost.  In
"game" mode (run.sh starts the bot after --ready appears): carol opens a
room of her own before the bot comes; alice and bob play a whole game
against an AI, moving whenever a 1:1 message says it is their move;
Prosody is restarted mid-game (--restart) and everyone, bot included,
comes back and plays on to the end.  Checks: recipes and hands arrive
only 1:1, no secret is ever said in a room, history and the bot's own
echoes never run a command, a 1:1 message sent while the bot was down
is answered (not run), private room messages work where the bot does not
know a real JID, a frozen server is noticed by pings.  "tls" mode only checks that the bot, on
wss://, is online and answers.  In "game" mode the table is one room
message corrected in place (XEP-0308): each <replace id=...> names the
table's first message while it is the bot's last one in the room since
it joined, no correction holds a secret, and the final table is shown.
"plain" mode (xmpp.correct = no) checks that every move is a message of
its own and nothing is corrected.  Prints one line per failed check and a
final "N passed, M failed" line; exits non-zero when anything failed.
"""
import argparse
import asyncio
import base64
import hashlib
import hmac
import os
import re
import signal
import sys
import time
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape, quoteattr

import aiohttp
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import checks

ap = argparse.ArgumentParser()
ap.add_argument("--http", type=int, required=True)
ap.add_argument("--bot-err", required=True)
ap.add_argument("--restart")
ap.add_argument("--ready")
ap.add_argument("--prosody-pid")
ap.add_argument("--mode", default="game")
ap.add_argument("--cut")
ARGS = ap.parse_args()
URL = "ws://127.0.0.1:%d/xmpp-websocket" % ARGS.http
ROOM, LOUNGE = "bar@rooms.localhost", "lounge@rooms.localhost"
PLAIN = "plain@rooms.localhost"
BOT_JID, BOT_NICK = "cheersbot@localhost", "cheersbot"
SECRET = re.compile(r"([Rr]ecipe: |[Yy]our hand|^[0-9]+\. .*\(cheers with )",
                    re.M)
NS = {"c": "jabber:client", "f": "urn:ietf:params:xml:ns:xmpp-framing",
      "sasl": "urn:ietf:params:xml:ns:xmpp-sasl",
      "bind": "urn:ietf:params:xml:ns:xmpp-bind",
      "muc": "http://jabber.org/protocol/muc",
      "mucu": "http://jabber.org/protocol/muc#user"}
NS_CORRECT = "urn:xmpp:message-correct:0"
TALLY = checks.Tally("xmpp")
ok = TALLY.ok


def bot_log():
    with open(ARGS.bot_err, errors="replace") as f:
        return f.read()


class Client:
    """One XMPP account: logs in, joins rooms, records every message."""

    def __init__(self, user, password, nick=None):
        self.user, self.password = user, password
        self.nick = nick or user
        self.jid = user + "@localhost"
        self.ws = None
        self.session = None
        self.rooms = []
        self.groupchat = []     # (room, nick, body)
        self.chats = []         # (from, body) of type chat
        self.presence = {}      # room -> set of nicks present
        # In order: ("session",) at each login, ("presence", room, nick,
        # type) and ("msg", room, nick, id, replace_id, body, delayed).
        self.events = []
        self.online = asyncio.Event()
        self.reader = None
        self.ids = 0

    async def send(self, xml):
        await self.ws.send_str(xml)

    async def recv(self):
        while True:
            m = await self.ws.receive()
            if m.type != aiohttp.WSMsgType.TEXT:
                raise ConnectionError("websocket closed")
            return ET.fromstring(m.data)

    async def login(self):
        self.events.append(("session",))
        self.session = aiohttp.ClientSession()
        self.ws = await self.session.ws_connect(URL, protocols=("xmpp",))
        await self.open()
        feats = await self.recv()
        mechs = [m.text for m in feats.iter("{%s}mechanism" % NS["sasl"])]
        assert "SCRAM-SHA-1" in mechs, mechs
        nonce = base64.b64encode(os.urandom(18)).decode()
        first = "n=%s,r=%s" % (self.user, nonce)
        await self.send("<auth xmlns='%s' mechanism='SCRAM-SHA-1'>%s</auth>" %
                        (NS["sasl"], base64.b64encode(
                            ("n,," + first).encode()).decode()))
        ch = base64.b64decode((await self.recv()).text).decode()
        f = dict(kv.split("=", 1) for kv in ch.split(","))
        salted = hashlib.pbkdf2_hmac("sha1", self.password.encode(),
                                     base64.b64decode(f["s"]), int(f["i"]))
        ck = hmac.new(salted, b"Client Key", hashlib.sha1).digest()
        without = "c=biws,r=" + f["r"]
        am = ",".join((first, ch, without)).encode()
        sig = hmac.new(hashlib.sha1(ck).digest(), am, hashlib.sha1).digest()
        proof = base64.b64encode(bytes(a ^ b for a, b in zip(ck, sig)))
        await self.send("<response xmlns='%s'>%s</response>" % (
            NS["sasl"], base64.b64encode(
                (without + ",p=" + proof.decode()).encode()).decode()))
        res = await self.recv()
        assert res.tag == "{%s}success" % NS["sasl"], res.tag
        await self.open()
        await self.recv()
        await self.send("<iq xmlns='jabber:client' type='set' id='b'><bind "
                        "xmlns='%s'><resource>test</resource></bind></iq>" %
                        NS["bind"])
        await self.recv()
        await self.send("<presence xmlns='jabber:client'/>")
        self.reader = asyncio.ensure_future(self.read())
        for room in self.rooms:
            await self.join(room)
        self.online.set()

    async def open(self):
        await self.send("<open xmlns='%s' to='localhost' version='1.0'/>" %
                        NS["f"])
        await self.recv()

    async def join(self, room):
        self.presence[room] = set()
        await self.send("<presence xmlns='jabber:client' to='%s/%s'><x "
                        "xmlns='%s'/></presence>" % (room, self.nick,
                                                     NS["muc"]))

    async def read(self):
        try:
            while True:
                st = await self.recv()
                self.handle(st)
        except Exception:
            self.online.clear()

    def handle(self, st):
        frm = st.get("from", "")
        if st.tag == "{jabber:client}message":
            body = st.find("c:body", NS)
            if body is None:
                return
            if st.get("type") == "groupchat":
                room, _, nick = frm.partition("/")
                self.groupchat.append((room, nick, body.text or ""))
                rep = st.find("{%s}replace" % NS_CORRECT)
                self.events.append((
                    "msg", room, nick, st.get("id"),
                    rep.get("id") if rep is not None else None,
                    body.text or "",
                    st.find("{urn:xmpp:delay}delay") is not None))
            elif st.get("type") == "chat":
                self.chats.append((frm, body.text or ""))
        elif st.tag == "{jabber:client}presence":
            room, _, nick = frm.partition("/")
            self.events.append(("presence", room, nick, st.get("type")))
            if room in self.presence:
                if st.get("type") == "unavailable":
                    self.presence[room].discard(nick)
                elif st.get("type") is None:
                    self.presence[room].add(nick)
                    codes = [s.get("code") for s in
                             st.iter("{%s}status" % NS["mucu"])]
                    if "201" in codes:
                        # We made the room: an instant room.
                        asyncio.ensure_future(self.send(
                            "<iq xmlns='jabber:client' type='set' to='%s' "
                            "id='cfg'><query xmlns='http://jabber.org/"
                            "protocol/muc#owner'><x xmlns='jabber:x:data' "
                            "type='submit'/></query></iq>" % room))
        elif st.tag == "{jabber:client}iq" and st.get("type") == "get":
            asyncio.ensure_future(self.send(
                "<iq xmlns='jabber:client' type='result' id=%s to=%s/>" %
                (quoteattr(st.get("id", "")), quoteattr(frm))))

    async def say(self, room, text, extra=""):
        self.ids += 1
        await self.send("<message xmlns='jabber:client' type='groupchat' "
                        "to='%s' id='m%d'><body>%s</body>%s</message>" %
                        (room, self.ids, escape(text), extra))

    async def tell(self, to, text, private=False):
        self.ids += 1
        x = "<x xmlns='%s'/>" % NS["mucu"] if private else ""
        await self.send("<message xmlns='jabber:client' type='chat' to='%s' "
                        "id='c%d'><body>%s</body>%s</message>" %
                        (to, self.ids, escape(text), x))

    async def reconnect(self):
        """After a server restart: log in again, with a little backoff."""
        await self.close()
        for delay in (0.2, 0.3, 0.5, 1, 1, 2, 2, 2):
            try:
                await self.login()
                return True
            except Exception:
                await self.close()
                await asyncio.sleep(delay)
        return False

    async def close(self):
        if self.reader:
            self.reader.cancel()
            self.reader = None
        if self.session:
            await self.session.close()
            self.session = None


async def until(pred, timeout=5.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        v = pred()
        if v:
            return v
        await asyncio.sleep(0.05)
    return pred()


def bot_said(c, room):
    return [b for r, n, b in c.groupchat if r == room and n == BOT_NICK]


def from_bot(c):
    """1:1 messages from the bot's account."""
    return [b for f, b in c.chats if f.split("/")[0] == BOT_JID]


def bot_stanzas(c, room):
    """The bot's live messages in room as c saw them, in order, each
    (id, replace_id, body, ok): ok is False for a correction that XEP-0308
    does not let clients apply: one naming anything but the board's first
    message, or a board that is not the bot's last message since c joined
    and the bot (re)joined the room.  A message c first got as history
    (the bot rejoined, and spoke, before c was back) counts as said since
    then; one c had seen live before does not."""
    out, last, since, here, live = [], None, set(), False, set()
    for e in c.events:
        if e[0] == "session":
            last, since, here = None, set(), False
        elif e[0] == "presence" and e[1] == room and e[2] == BOT_NICK:
            if e[3] == "unavailable":
                last, since, here = None, set(), False
            elif e[3] is None:
                here = True
        elif e[0] == "msg" and e[1] == room and e[2] == BOT_NICK:
            mid, rep, body, delayed = e[3], e[4], e[5], e[6]
            if delayed and (not here or mid in live):
                continue
            good = True
            if rep is not None:
                good = here and rep == last and rep in since
            elif mid:
                since.add(mid)
            if not delayed:
                live.add(mid)
                out.append((mid, rep, body, good))
            last = rep if rep is not None else mid
    return out


def room_view(msgs):
    """What a client applying the corrections shows: (first id, body)."""
    view, where = [], {}
    for mid, rep, body, _ in msgs:
        if rep is not None and rep in where:
            view[where[rep]] = (rep, body)
        else:
            where[mid] = len(view)
            view.append((mid, body))
    return view


def correction_checks(c, room):
    """The board of the game just played in room, one message corrected
    in place (xmpp.correct = yes)."""
    msgs = bot_stanzas(c, room)
    firsts = [m for m in msgs if m[1] is None]
    fixes = [m for m in msgs if m[1] is not None]
    ok(all(m[0] for m in msgs) and len(set(m[0] for m in msgs)) == len(msgs),
       "every room message of the bot has an id of its own")
    ok(len(fixes) >= 3, "the board is corrected in place as the game "
       "moves (%d corrections, %d other messages)" % (len(fixes),
                                                     len(firsts)))
    ok(all(m[1] in set(f[0] for f in firsts) for m in fixes),
       "every correction names a first message, never a correction")
    bad = [m[:2] for m in msgs if not m[3]]
    ok(not bad, "a correction only ever names the board that is the bot's "
       "last message since it joined: %s" % bad[:3])
    ok(any(b.startswith("The game of CHEERS begins!") and "shaker:" in b
           for _, _, b, _ in firsts),
       "the game's first board is headed by its start")
    ok("an update was waiting" in bot_log(),
       "moves that come faster than the interval are merged")
    leaks = [b for _, _, b, _ in msgs if SECRET.search(b)]
    ok(not leaks, "no board or correction holds a secret: %s" % leaks[:1])
    # The finished table opens with "Game over."; the end's own line,
    # "Team A ... wins", does not.
    view = room_view(msgs)
    ok(any(re.search(r"^Game over\.", b, re.M) for _, b in view[-3:]),
       "after the game the room shows the final table: %s" %
       [b[:60] for _, b in view[-3:]])


async def plain_mode():
    """xmpp.correct = no: every move is posted as lines of its own."""
    alice, bob = Client("alice", "alice-pw"), Client("bob", "bob-pw")
    alice.rooms = bob.rooms = [PLAIN]
    for c in (alice, bob):
        await c.login()
    ok(await until(lambda: BOT_NICK in alice.presence[PLAIN], 10),
       "the bot is in the room")
    await alice.say(PLAIN, "!cheers new")
    await until(lambda: any("opened" in b for b in bot_said(alice, PLAIN)))
    await bob.say(PLAIN, "!cheers join")
    await until(lambda: any("bob joins" in b for b in bot_said(alice, PLAIN)))
    await alice.say(PLAIN, "!cheers addbot")
    await until(lambda: any("AI player" in b for b in bot_said(alice, PLAIN)))
    await alice.say(PLAIN, "!cheers start")
    ok(await until(lambda: any("begins" in b and "shaker:" in b
                               for b in bot_said(alice, PLAIN))),
       "!cheers start posts the start and the table as one message")
    moves = 0
    seen = {alice: 0, bob: 0}
    end = time.monotonic() + 15
    # Four moves or five (two may come in one pass): their checks count
    # once.
    per_move = checks.once(ok, "each move is posted as a message of its "
                           "own")
    while moves < 4 and time.monotonic() < end:
        for c in (alice, bob):
            new = from_bot(c)[seen[c]:]
            seen[c] += len(new)
            for text in new:
                # The whole view's last line, or the one line of a move.
                m = re.search(r"Your move: (.*)$", text, re.M)
                if not m:
                    continue
                other = "bob" if c is alice else "alice"
                if "must give" in m.group(1):
                    card = re.search(r"\(card ([0-9]+)", m.group(1))
                    cmd = "give %s Negroni%s" % (
                        other, " " + card.group(1) if card else "")
                elif "discard" in m.group(1):
                    cmd = "discard 1"
                else:
                    cmd = "play 1 me"
                n = len(bot_said(alice, PLAIN))
                await c.say(PLAIN, "!cheers " + cmd)
                ok(await until(lambda: len(bot_said(alice, PLAIN)) > n),
                   "a move is posted as a message of its own")
                moves += 1
        await asyncio.sleep(0.05)
    per_move.done()
    ok(moves >= 2, "two players moved (%d moves)" % moves)
    msgs = bot_stanzas(alice, PLAIN)
    ok(not [m for m in msgs if m[1] is not None],
       "with xmpp.correct = no no message is a correction")
    ok(any(re.search(r"(alice|bob) (offers|plays|draws)", b)
           for _, _, b, _ in msgs), "the moves are told as lines: %s" %
       [m[2][:60] for m in msgs][-3:])
    ok("an update was waiting" not in bot_log(), "nothing is merged")
    leaks = [b for c in (alice, bob) for r, n, b in c.groupchat
             if SECRET.search(b)]
    ok(not leaks, "no secret was ever said in the room: %s" % leaks[:2])
    for c in (alice, bob):
        await c.close()


async def tls_mode():
    alice = Client("alice", "alice-pw")
    alice.rooms = [ROOM]
    await alice.login()
    ok(await until(lambda: "online as" in bot_log() and
                   "joined " + ROOM in bot_log(), 10),
       "over wss:// with xmpp.ca_file the bot logs in and joins")
    ok("SCRAM-SHA-1 with" not in bot_log() or "with PLAIN" not in bot_log(),
       "over TLS the bot still prefers SCRAM to PLAIN")
    # "status" answers in the room only where a table is open: open one
    # (or hear privately that one is), then ask.
    n, m = len(bot_said(alice, ROOM)), len(from_bot(alice))
    await alice.say(ROOM, "!cheers new")
    ok(await until(lambda: len(bot_said(alice, ROOM)) > n or
                   len(from_bot(alice)) > m, 10),
       "the bot answers !cheers new over wss://")
    n = len(bot_said(alice, ROOM))
    await alice.say(ROOM, "!cheers status")
    ok(await until(lambda: len(bot_said(alice, ROOM)) > n, 10),
       "the bot answers in the room over wss://")
    await alice.close()


async def sm_mode():
    """XEP-0198: the bot's link is cut (tests/xmpp/cutproxy.py) while its
    answers to a room command and a 1:1 command are in flight; once it
    is back they arrive, each exactly once, as in an uncut run."""
    alice = Client("alice", "alice-pw")
    alice.rooms = [ROOM]
    await alice.login()
    ok(await until(lambda: "online as" in bot_log() and
                   "joined " + ROOM in bot_log() and
                   "stream management is on (resumable)" in bot_log(), 10),
       "the bot logs in, joins and has stream management on")
    n = len(bot_said(alice, ROOM))
    await alice.say(ROOM, "!cheers new")
    ok(await until(lambda: len(bot_said(alice, ROOM)) > n, 10),
       "the bot answers !cheers new")
    await asyncio.sleep(1)

    async def ask():
        n, m = len(bot_said(alice, ROOM)), len(from_bot(alice))
        await alice.say(ROOM, "!cheers status")
        await alice.tell(BOT_JID, "!cheers help")
        await until(lambda: len(bot_said(alice, ROOM)) > n and
                    len(from_bot(alice)) > m, 20)
        await asyncio.sleep(3)
        return bot_said(alice, ROOM)[n:], from_bot(alice)[m:]

    room0, dm0 = await ask()
    ok(room0 and dm0, "uncut, the bot answers in the room and 1:1")
    n, m = len(bot_said(alice, ROOM)), len(from_bot(alice))
    open(ARGS.cut, "w").close()
    await ask()
    ok(os.path.exists(ARGS.cut + ".swallowed"),
       "the proxy swallowed the bot's answers and cut the link")
    if ARGS.mode == "sm":
        ok(await until(lambda: "session resumed" in bot_log(), 20),
           "the bot resumed its session")
    else:
        ok(await until(lambda: "could not be resumed" in bot_log() and
                       bot_log().count("joined " + ROOM) >= 2, 20),
           "resumption failed, and the bot bound a new session and "
           "rejoined")
    await until(lambda: len(bot_said(alice, ROOM)) >= n + len(room0) and
                len(from_bot(alice)) >= m + len(dm0), 10)
    await asyncio.sleep(2)
    ok(bot_said(alice, ROOM)[n:] == room0,
       "after the cut the room answer came once, as uncut: %r" %
       (bot_said(alice, ROOM)[n:],))
    ok(from_bot(alice)[m:] == dm0,
       "after the cut the 1:1 answer came once, as uncut: %r" %
       (from_bot(alice)[m:],))
    await alice.close()


async def game_mode():
    alice, bob, carol = (Client("alice", "alice-pw"), Client("bob", "bob-pw"),
                         Client("carol", "carol-pw"))
    alice.rooms = bob.rooms = [ROOM]
    carol.rooms = [LOUNGE]
    await carol.login()
    ok(await until(lambda: "carol" in carol.presence[LOUNGE]),
       "carol opens the lounge before the bot comes")
    # While the bot is down carol writes to it 1:1: Prosody keeps the
    # message (mod_offline) and hands it over, delay-stamped, when the
    # bot comes online.
    await carol.tell(BOT_JID, "hand")
    await asyncio.sleep(0.3)
    with open(ARGS.ready, "w"):
        pass
    ok(await until(lambda: BOT_NICK in carol.presence[LOUNGE], 10),
       "the bot joins carol's lounge")
    away = await until(lambda: [b for b in from_bot(carol)
                                if "while I was away" in b], 5)
    ok(away and '"hand"' in away[0] and "send it again" in away[0],
       "a 1:1 message sent while the bot was down is answered, not "
       "dropped: %s" % from_bot(carol))
    await asyncio.sleep(0.5)
    ok(len(from_bot(carol)) == 1, "and not run: the only answer is that "
       "one: %s" % from_bot(carol))
    ok("carol@localhost wrote while the bot was away" in bot_log(),
       "the bot logs the old message it did not run")
    ok(await until(lambda: "created room " + ROOM in bot_log(), 5),
       "the bot creates the bar room")
    for c in (alice, bob):
        await c.login()
    ok(await until(lambda: BOT_NICK in alice.presence[ROOM], 5),
       "alice finds the bot in the bar room")
    log = bot_log()
    ok("with SCRAM-SHA-" in log, "the bot logs in with SCRAM")
    ok("created room " + ROOM + " (persistent)" in log,
       "the bot creates the bar room, persistent")

    # The lounge: the bot cannot see carol's real JID, so its private
    # answer is a private room message to lounge/carol.
    await carol.say(LOUNGE, "!cheers hand")
    got = await until(lambda: [b for f, b in carol.chats
                               if f == LOUNGE + "/" + BOT_NICK], 5)
    ok(got, "a private answer to an occupant whose JID the bot does not "
       "know is a private room message: %s" % carol.chats)
    ok(not bot_said(carol, LOUNGE), "and nothing of it in the lounge: %s" %
       bot_said(carol, LOUNGE))
    await carol.close()

    # Table talk and a command with a delay stamp are not commands.
    await alice.say(ROOM, "hello all, cheers!")
    await alice.say(ROOM, "!cheers new", extra="<delay xmlns='urn:xmpp:"
                    "delay' stamp='2020-01-01T00:00:00Z' from='alice@localhost'/>")
    await asyncio.sleep(0.5)
    ok(not bot_said(alice, ROOM), "table talk and a delayed (history) "
       "command are ignored: %s" % bot_said(alice, ROOM))

    # The lobby.
    await alice.say(ROOM, "!cheers new")
    ok(await until(lambda: any("opened a CHEERS table" in b
                               for b in bot_said(alice, ROOM))),
       "!cheers new opens a table")
    await bob.say(ROOM, "!cheers join")
    ok(await until(lambda: any("bob joins" in b or "bob sits" in b or
                               "2/6 seated" in b for b in bot_said(bob, ROOM))),
       "!cheers join: %s" % bot_said(bob, ROOM)[-1:])
    await alice.say(ROOM, "!cheers addbot")
    ok(await until(lambda: any("AI player" in b for b in bot_said(alice, ROOM))),
       "!cheers addbot adds an AI")
    await bob.say(ROOM, "!cheers start")
    ok(await until(lambda: any("host" in b for b in from_bot(bob))),
       "only the host may start, and bob hears so 1:1: %s" % from_bot(bob))
    await alice.say(ROOM, "!cheers start")
    ok(await until(lambda: any("begins" in b for b in bot_said(alice, ROOM))),
       "!cheers start begins the game")
    for c in (alice, bob):
        ok(await until(lambda: any("Your recipe:" in b for b in from_bot(c))),
           "%s gets the recipe 1:1" % c.user)

    # Bob asks for his hand in a private room message: he gets it back
    # there (the bot knows his real JID, so his seat is his).
    await bob.tell(ROOM + "/" + BOT_NICK, "!cheers hand", private=True)
    ok(await until(lambda: any(f == ROOM + "/" + BOT_NICK and "Your hand" in b
                               for f, b in bob.chats)),
       "a private room message gets its answer privately: %s" % bob.chats[-1:])

    # Play: whoever is told "Your move:" 1:1 moves.
    state = {"moves": 0, "seen": {alice: 0, bob: 0}, "restarted": False,
             "last": time.monotonic()}

    async def act(c, text):
        # The whole view's last line, or the one line of a move
        # ("CHEERS at ...: Your move: ...").
        m = re.search(r"Your move: (.*)$", text, re.M)
        if not m:
            return False
        what = m.group(1)
        other = "bob" if c is alice else "alice"
        if "must give" in what:
            cards = re.search(r"\(card ([0-9]+)", what)
            await c.say(ROOM, "!cheers give %s Negroni%s" % (
                other, " " + cards.group(1) if cards else ""))
        elif "discard" in what:
            await c.say(ROOM, "!cheers discard 1")
        elif "turn" in what:
            await c.say(ROOM, "!cheers play 1 me")
        else:
            return False
        state["moves"] += 1
        state["last"] = time.monotonic()
        return True

    def over():
        return any("Game over" in b for b in bot_said(alice, ROOM))

    end = time.monotonic() + 40
    while not over() and time.monotonic() < end:
        for c in (alice, bob):
            new = from_bot(c)[state["seen"][c]:]
            state["seen"][c] += len(new)
            for text in new:
                if "Your move:" in text:
                    await act(c, text)
            # A refused move (say, a full shaker): throw instead.
            if any("cannot" in t or "can't" in t or "not allowed" in t
                   for t in new) and not any("Your move:" in t for t in new):
                await c.say(ROOM, "!cheers throw")
                state["last"] = time.monotonic()
        if state["moves"] >= 4 and not state["restarted"]:
            state["restarted"] = True
            before = bot_log().count("joined " + ROOM)
            proc = await asyncio.create_subprocess_shell(ARGS.restart)
            ok(await proc.wait() == 0, "Prosody restarts")
            for c in (alice, bob):
                ok(await c.reconnect(), "%s reconnects" % c.user)
            ok(await until(lambda: bot_log().count("joined " + ROOM) > before,
                           15), "the bot reconnects and rejoins the room")
            ok(await until(lambda: BOT_NICK in alice.presence[ROOM], 5),
               "alice sees the bot back in the room")
            state["last"] = 0
        if time.monotonic() - state["last"] > 2.5:
            # Nothing for a while (a message lost to the restart):
            # ask for the hand, which says whose move it is.
            for c in (alice, bob):
                await c.tell(BOT_JID, "hand")
            state["last"] = time.monotonic()
        await asyncio.sleep(0.05)
    ok(over(), "the game is played to its end (%d human moves)" %
       state["moves"])
    ok(state["restarted"], "Prosody was restarted mid-game")
    ok(any("Game over" in b and re.search(r"win", b, re.I)
           for b in bot_said(alice, ROOM)), "the game ends with a win")
    room = bot_said(alice, ROOM)
    ok(any("CHEERS!" in b for b in room), "there was at least one CHEERS")
    leaks = [b for c in (alice, bob) for r, n, b in c.groupchat
             if SECRET.search(b)]
    ok(not leaks, "no secret was ever said in the room: %s" % leaks[:2])
    # The final table may wait for the correction interval.
    await until(lambda: any(re.search(r"^Game over\.", b, re.M)
                            for b in bot_said(alice, ROOM)), 3)
    correction_checks(alice, ROOM)
    # In a room a nick is written bare, the AI's too: no "@Negroni".
    ais = [n for b in room for n in re.findall(r"(\w+) \(AI\)", b)]
    ai = ais[0] if ais else "Negroni"
    ats = [b for b in room
           if re.search(r"@(alice|bob|%s)\b" % re.escape(ai), b)]
    ok(any(re.search(r"\b%s\b" % re.escape(ai), b) for b in room) and
       not ats, "the room names the AI %s, and no seat is written with a "
       "leading @: %s" % (ai, ats[:2]))
    for c in (alice, bob):
        ok(any("Your hand" in b for b in from_bot(c)),
           "%s's hand came 1:1" % c.user)
    ok(all(n != BOT_NICK or not b.startswith("!cheers")
           for r, n, b in alice.groupchat), "the bot never speaks a command")

    # Commands are written as players type them here: "!cheers", never
    # "/cheers" (an XMPP client takes "/" for its own commands).
    await alice.say(ROOM, "!cheers bogus")
    got = await until(lambda: [b for b in from_bot(alice)
                               if "Unknown command" in b], 5)
    ok(got and "!cheers help lists the commands." in got[-1],
       "an unknown command's hint is written with !cheers: %s" % got)
    await alice.tell(BOT_JID, "help")
    got = await until(lambda: [b for b in from_bot(alice)
                               if "Table commands:" in b], 5)
    ok(got and "\n  !cheers join: " in got[-1],
       "help's usage lines use !cheers: %s" % got[-1:])
    ok(got and len(got[-1].split("\n")) <= 8 and
       "!cheers help <command>" in got[-1] and
       "!cheers rules <game>" in got[-1],
       "help is at most 8 lines and points to help <command> and rules "
       "<game>: %d lines" % len(got[-1].split("\n")) if got else got)
    await alice.tell(BOT_JID, "help throw")
    got = await until(lambda: [b for b in from_bot(alice)
                               if "example:" in b], 5)
    ok(got and "example: !cheers throw" in got[-1],
       "help's examples use !cheers: %s" % got[-1:])
    said = [b for c in (alice, bob, carol) for r, n, b in c.groupchat
            if n == BOT_NICK]
    said += [b for c in (alice, bob, carol) for f, b in c.chats
             if f.split("/")[0] == BOT_JID or f.endswith("/" + BOT_NICK)]
    slash = [b for b in said if "/cheers" in b]
    ok(len(said) > 20 and not slash, "none of the bot's %d messages holds "
       "/cheers: %s" % (len(said), slash[:2]))
    log = bot_log()
    ok(log.count("online as") >= 2, "the bot logged in twice")
    ok("malformed" not in log, "Prosody never sent what the bot could not "
       "read")

    # A dead link: Prosody frozen (SIGSTOP) answers no ping; the bot
    # notices within two ping intervals, and is back once it thaws.
    with open(ARGS.prosody_pid) as f:
        ppid = int(f.read().strip())
    online = log.count("online as")
    os.kill(ppid, signal.SIGSTOP)
    try:
        ok(await until(lambda: "no answer to our ping" in bot_log(), 8),
           "a server that stops answering is noticed by our pings")
    finally:
        os.kill(ppid, signal.SIGCONT)
    ok(await until(lambda: bot_log().count("online as") > online, 10),
       "and the bot logs in again")
    for c in (alice, bob):
        await c.close()


async def main():
    if ARGS.mode in ("tls", "c2s"):
        await tls_mode()
    elif ARGS.mode in ("sm", "sm-failed"):
        await sm_mode()
    elif ARGS.mode == "plain":
        await plain_mode()
    else:
        await game_mode()
    return TALLY.summary("xmpp (%s)" % ARGS.mode)


sys.exit(asyncio.run(main()))
