#!/usr/bin/python3
"""Plays CHEERS through cheersbot on a real InspIRCd and checks what it sent.

    scenario.py game PORT BOT_STDERR IRCD_PID_FILE IRCD_FLAGS_FILE READY_FILE
    scenario.py tls  PORT BOT_STDERR IRCD_PID_FILE IRCD_FLAGS_FILE

The players are plain TCP IRC clients on 127.0.0.1:PORT; the bot is on
TLS (game), or on the websocket or plain TCP (tls, as SCENARIO_URL says).  In "game" a squatter first takes the nick cheersbot
(READY_FILE says so), so the bot must register as cheersbot_.  Mid-game
InspIRCd is restarted (killed by the PID in IRCD_PID_FILE, started again
with the flags in IRCD_FLAGS_FILE, the new PID written back).  Later Bob
QUITs while alice must move and JOINs again: nothing may be queued for him
meanwhile, and his hand (and move) must come back without his writing to
the bot.  While he is away mallory takes the nick Bob from another user
name: she gets nothing private, no command of hers is taken, and she is
told why once.  Prints one line per failed check and a final "N passed,
M failed" line; exits non-zero when anything failed.
"""
import os
import re
import signal
import subprocess
import sys
import time

import ircclient
from ircclient import (SECRET, Client, check_impostor, in_channel,
                       pending_prompt)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import checks

MODE, PORT, BOT_ERR = sys.argv[1], int(sys.argv[2]), sys.argv[3]
PID_FILE, FLAGS_FILE = sys.argv[4], sys.argv[5]
READY = sys.argv[6] if len(sys.argv) > 6 else None
CHANNEL = "#cheers" if MODE == "game" else "#tls"
TALLY = checks.Tally("irc")
ok = TALLY.ok


def player(nick, wait=True, user=None):
    """A player on plain TCP IRC (ircclient.py), its checks counted here."""
    return Client(PORT, nick, ok, wait, user)


def bot_nick():
    """The bot's nick, as it last registered (its log)."""
    nicks = re.findall(r"irc: registered as (\S+)", bot_log())
    return nicks[-1] if nicks else None


def wait_bot_join(c, joins=0, timeout=15):
    """Waits for the bot's joins+1st join of CHANNEL (its log); its nick."""
    ok = c.wait(lambda: bot_log().count("irc: joined " + CHANNEL) > joins,
                timeout)
    return bot_nick() if ok else None


def say(c, text, to=CHANNEL):
    ircclient.say(c, text, to)


def ask(c, text, pred, to=CHANNEL, timeout=5.0):
    return ircclient.ask(c, text, pred, to, timeout)


def restart_ircd():
    with open(PID_FILE) as f:
        old = int(f.read().strip())
    with open(FLAGS_FILE) as f:
        flags = f.read().split()
    os.kill(old, signal.SIGTERM)
    for i in range(100):
        try:
            os.kill(old, 0)
        except OSError:
            break
        time.sleep(0.05)
    out = open(os.path.join(os.path.dirname(PID_FILE), "ircd2.out"), "w")
    p = subprocess.Popen(["/usr/sbin/inspircd"] + flags, stdout=out,
                         stderr=subprocess.STDOUT, start_new_session=True,
                         cwd=os.path.join(os.path.dirname(PID_FILE), "ircd"))
    with open(PID_FILE, "w") as f:
        f.write("%d\n" % p.pid)


def bot_log():
    try:
        with open(BOT_ERR, errors="replace") as f:
            return f.read()
    except FileNotFoundError:   # the bot starts once READY is there
        return ""


if MODE == "tls":
    # The bot came over wss:// (irc.ca_file) with PASS from a file, or over
    # plain irc:// (SCENARIO_URL says which).
    via = os.environ.get("SCENARIO_URL", "wss://")
    c = player("tina")
    c.send("JOIN " + CHANNEL)
    time.sleep(0.2)
    nick = wait_bot_join(c, 0, 15)
    ok(nick == "cheersbot", "over %s with a server password, the bot "
       "registers and joins: %s" % (via, nick))
    r = ask(c, "!cheers new", lambda c, m: c.from_bot(m, dm=False))
    ok(r and "opened" in r[0], "commands work over %s: %s" % (via, r))
    r = ask(c, "hand", lambda c, m: c.from_bot(m, dm=True), to=nick or "x")
    ok(r, "a private message without the prefix is a command: %s" % r)
    c.close()
    # One label per run, so that each has its line in the plan.
    TALLY.end("irc (%s)" % ("tls" if via == "wss://" else via.rstrip(":/")))

# --- the squatter, then the players --------------------------------------
# alice makes #cheers before the bot starts: she is its operator.
squatter = player("cheersbot")
alice, bob, carol = (player(n, False) for n in ("alice", "Bob", "carol"))
for c in (alice, bob, carol, squatter):
    c.wait_registered()
    c.send("JOIN " + CHANNEL)
alice.wait(lambda: any(cmd == "366" for t, raw, nick, user, cmd, params
                       in alice.since()))
open(READY, "w").close()
BOT = wait_bot_join(alice, 0, 15)
ok(BOT == "cheersbot_", "the nick is taken: the bot registers as "
   "cheersbot_ (433) and joins %s: %s" % (CHANNEL, BOT))
BOT = BOT or "cheersbot_"
squatter.close()
ok(alice.wait(lambda: "joined #cheers" in bot_log() and
              "joined #lounge" in bot_log()),
   "the bot joins every configured channel, casefolded")

# alice, #cheers' operator, kicks the bot.
joins = bot_log().count("irc: joined " + CHANNEL)
alice.send("KICK %s %s :out you go" % (CHANNEL, BOT))
ok(alice.wait(lambda: "kicked from #cheers; joining again" in bot_log() and
              bot_log().count("irc: joined " + CHANNEL) > joins, 10),
   "kicked, the bot joins %s again: %s" % (CHANNEL, [
       (cmd, params) for t, raw, nick, user, cmd, params in alice.since()
       if cmd in ("KICK", "482", "401", "441")]))

# Table talk, NOTICEs and CTCPs are not commands.
m = alice.mark()
say(alice, "hello, is this the cheers bar?")
alice.send("NOTICE %s :!cheers new" % CHANNEL)
say(alice, "\x01ACTION !cheers new\x01")
say(alice, "!cheersnew")
time.sleep(0.8)
ok(not alice.from_bot(m), "table talk, a NOTICE, a CTCP ACTION and "
   "!cheersnew get no answer: %s" % alice.from_bot(m))

# --- lobby ------------------------------------------------------------------
r = ask(alice, "!cheers new", in_channel("opened"))
ok(r, "!cheers new opens a table in the channel: %s" % r)
r = ask(bob, "!cheers   join", in_channel("joins"))
ok(r, "!cheers join (extra spaces) seats Bob: %s" % r)
r = ask(bob, "!cheers start", lambda c, m: c.from_bot(m, True))
ok(r, "only the host may start: Bob is told privately: %s" % r)
ok(not any("begins" in t for t in alice.from_bot(0, False)),
   "and the game does not start")
r = ask(alice, "!cheers addbot 1", in_channel("AI"))
ok(r, "!cheers addbot 1 adds an AI: %s" % r)
r = ask(carol, "!cheers status", lambda c, m: c.from_bot(m, False))
ok(r, "anyone may ask for the status")
marks = {c.nick: c.mark() for c in (alice, bob, carol)}
r = ask(alice, "!cheers start", in_channel("begins"))
ok(r, "!cheers start deals: %s" % r)
for c in (alice, bob):
    ok(c.wait(lambda: any(t.startswith("Your recipe:")
                          for t in c.from_bot(marks[c.nick], True))),
       "%s's recipe arrives by private message" % c.nick)
    ok(c.wait(lambda: any(t.startswith("Your hand")
                          for t in c.from_bot(marks[c.nick], True))),
       "%s's hand arrives by private message" % c.nick)
ok(not carol.from_bot(0, True), "carol, not seated, gets no private message")

# --- play ---------------------------------------------------------------------
PLAYERS = {"alice": alice, "bob": bob}
ai = None
for t in alice.from_bot(0, False):
    mm = re.search(r"Teams: (.*)", t)
    if mm:
        names = re.findall(r"@?([A-Za-z_]+)", mm.group(1))
        ai = [n for n in names if n.lower() not in ("alice", "bob", "a", "b",
                                                    "c")][:1]
AI = ai[0] if ai else "Negroni"


def act(c, prompt):
    """c plays its seat's move for prompt (ircclient.act); the move or None."""
    others = [n for n in ("alice", "Bob", AI) if n.lower() != c.nick.lower()]
    return ircclient.act(c, prompt, BOT, c.nick, others, ["extra"])


def away_and_back(prompt):
    """Bob QUITs while alice must move; alice plays on alone until the bot
    has something private for Bob; then Bob comes back and JOINs.  Checks
    that nothing was queued for Bob while he was away (no line came back
    "no such nick") and that his view comes back without his writing to
    the bot.  Returns Bob's mark from before he came back."""
    log0 = len(bot_log())
    m = alice.mark()
    bob.close()
    ok(alice.wait(lambda: [1 for l in alice.since(m) if l[4] == "QUIT" and
                           (l[2] or "").lower() == "bob"]),
       "alice sees Bob quit")
    told = None
    for i in range(12):
        if prompt is None:
            p = pending_prompt(alice, acted["alice"])
            prompt = p[1] if p else None
        if prompt is not None:
            acted["alice"] = alice.mark()
            if act(alice, prompt):
                moves["alice"] += 1
            prompt = None
        told = alice.wait(lambda: [t for t in alice.from_bot(m, False)
                                   if "cannot send Bob" in t], 1.5)
        if told or any("Game over" in t for t in alice.from_bot(m, False)):
            break
    ok(told, "with Bob gone the bot tells the channel it cannot reach "
       "him: %s" % alice.from_bot(m, False)[-3:])
    away = bot_log()[log0:]
    ok("bob is not on IRC; a message to them was lost" not in away and
       "private line" not in away,
       "nothing was queued for Bob while he was away: %s" %
       [l for l in away.splitlines() if "bob" in l.lower()][:6])
    ok(away.count("DM to bob failed") <= 2, "each refused view is one log "
       "line, no line per part: %d" % away.count("DM to bob failed"))
    # --- mallory takes the nick Bob while he is away ---------------------
    log2 = len(bot_log())
    mallory = player("Bob", user="mallory")
    mm = mallory.mark()
    mallory.send("JOIN " + CHANNEL)
    say(mallory, "hand", to=BOT)
    say(mallory, "!cheers hand")
    for cand in ("status", "play 1", "cheers 1"):
        say(mallory, cand, to=BOT)
    check_impostor(ok, mallory, mm, "Bob from another user name")
    later = bot_log()[log2:]
    ok(later.count("irc: a command from bob refused: not the player who "
                   "sat down") == 5,
       "each of mallory's five commands is refused, none taken as Bob's: "
       "%s" % [l for l in later.splitlines() if "command" in l])
    ok(later.count("bob is now held by someone other than the player") == 1,
       "the log says once that Bob's nick is held by someone else")
    mallory.close()
    alice.wait(lambda: not mallory.alive, 3)
    time.sleep(0.3)

    bm = bob.mark()
    log1 = len(bot_log())
    bob.connect()
    bob.send("JOIN " + CHANNEL)
    r = bob.wait(lambda: [t for t in bob.from_bot(bm, True)
                          if t.startswith("Your hand")], 5)
    ok(r, "Bob's hand comes back as soon as he JOINs, before he writes to "
       "the bot: %s" % bob.from_bot(bm, True))
    ok("DMs to bob work again" in bot_log()[log1:],
       "the bot marks Bob reachable when he JOINs")
    st = ask(alice, "!cheers status",
             lambda c, m: [t for t in c.from_bot(m, False)
                           if "turn" in t or "must" in t])
    if any(t.lower().startswith("bob's turn") or "bob must" in t.lower()
           for t in st or []):
        ok(bob.wait(lambda: [t for t in bob.from_bot(bm, True)
                             if "Your move:" in t], 5),
           "it is Bob's move and he is told so: %s" % bob.from_bot(bm, True))
    return bm


moves = {"alice": 0, "bob": 0}
acted = {"alice": 0, "bob": 0}
restarted = False
away_done = False
over = None
give_seen = False
for step in range(600):
    if any("Game over" in t for t in alice.from_bot(0, False)):
        over = True
        break
    did = False
    for key, c in PLAYERS.items():
        p = pending_prompt(c, acted[key])
        if p is None:
            continue
        i, prompt = p
        if (key == "alice" and restarted and not away_done and
                pending_prompt(bob, acted["bob"]) is None):
            # --- Bob quits while alice must move, and comes back --------
            away_done = True
            acted["bob"] = away_and_back(prompt)
            did = True
            break
        acted[key] = c.mark()
        if any("Game over" in t for t in alice.from_bot(0, False)):
            break
        cand = act(c, prompt)
        if cand is None:
            continue    # the prompt went stale (the table moved on)
        moves[key] += 1
        give_seen = give_seen or cand.startswith("give")
        did = True
    if not restarted and sum(moves.values()) >= 4:
        # --- InspIRCd goes away mid-game ---------------------------------
        restarted = True
        before = bot_log().count("irc: registered as")
        joins = bot_log().count("irc: joined " + CHANNEL)
        restart_ircd()
        for c in (alice, bob, carol):
            c.wait(lambda: not c.alive, 5)
        for c in (alice, bob, carol):
            c.connect(False)
        for c in (alice, bob, carol):
            c.wait_registered()
            c.send("JOIN " + CHANNEL)
        acted = {k: PLAYERS[k].mark() for k in PLAYERS}
        back = alice.wait(lambda: bot_log().count("irc: registered as") >
                          before, 20)
        ok(back, "after InspIRCd restarts the bot registers again")
        nick = wait_bot_join(alice, joins, 20)
        ok(nick, "and rejoins %s" % CHANNEL)
        BOT = nick or BOT
        ok(BOT == "cheersbot", "with the squatter gone it takes its own "
           "nick back: %s" % BOT)
        ok("connection lost" in bot_log(), "the bot noticed the loss")
        for key, c in PLAYERS.items():
            r = ask(c, "hand", lambda c, m: [t for t in c.from_bot(m, True)
                                             if t.startswith("Your hand")],
                    to=BOT)
            ok(r, "%s gets the hand by private message after the restart"
               % key)
        # Shown publicly, or privately when it was shown within
        # tables.repost_gap.
        r = ask(alice, "!cheers status",
                lambda c, m: [t for t in c.from_bot(m)
                              if "turn" in t or "must" in t])
        ok(r, "the table is still there: %s" % r)
        # Whoever must act now, as the status says, acts.
        for key, c in PLAYERS.items():
            st = [t for t in (r or []) if t.lower().startswith(key + "'s turn")
                  or (key + " must") in t.lower()]
            if st:
                cand = act(c, "Your move: " + st[-1])
                if cand:
                    moves[key] += 1
                acted[key] = c.mark()
        continue
    if not did:
        time.sleep(0.05)

ok(over, "the game is played to its end (alice %d, Bob %d moves)" %
   (moves["alice"], moves["bob"]))
ok(restarted and sum(moves.values()) > 4, "moves were played after the "
   "restart too")
ok(away_done, "Bob quit and came back mid-game")
chan = alice.from_bot(0, False) + bob.from_bot(0, False) + \
    carol.from_bot(0, False)
ok(any("CHEERS!" in t for t in chan), "at least one CHEERS was played")
ok(any("wins" in t for t in chan), "someone wins: %s" %
   [t for t in chan if "Game over" in t])
leaks = [t for t in chan if SECRET.search(t)]
ok(not leaks, "nothing secret in the channel: %s" % leaks[:3])
# On IRC "@nick" reads as a channel operator: the bot names every seat,
# the AI's too, by the bare nick.
said = [t for c in (alice, bob, carol) for t in c.from_bot(0)]
ats = [t for t in said if re.search(r"@(alice|Bob|%s)\b" % re.escape(AI), t)]
ok(any(re.search(r"\b%s\b" % re.escape(AI), t) for t in chan) and not ats,
   "the channel names the AI %s, and no seat is written with a leading @: "
   "%s" % (AI, ats[:2]))
long_lines, cut_chars, nlines = [], [], 0
for c in (alice, bob, carol):
    for t, raw, nick, user, cmd, params in c.since():
        if (user or "").lstrip("~") != "cheersbot":
            continue
        nlines += 1
        if len(raw) + 2 > 512:
            long_lines.append(raw)
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            cut_chars.append(raw)
ok(nlines > 100 and not long_lines, "every one of the bot's %d lines fits "
   "in 512 bytes as relayed: %s" % (nlines, long_lines[:1]))
ok(not cut_chars, "no line is cut inside a UTF-8 character: %s" %
   cut_chars[:1])
ok(not any("**" in t for t in chan), "no markdown ** in the channel")
time.sleep(0.5)
m = alice.mark()
say(alice, "!cheers help")
r = alice.wait(lambda: [t for t in alice.from_bot(m)
                        if "!cheers" in t or "/cheers" in t])
ok(r and not any("/cheers" in t for t in alice.from_bot(m)),
   "help speaks of !cheers, not /cheers: %s" % r)
# Help is short here: every line is paced by the server's flood limits.
r = alice.wait(lambda: [t for t in alice.from_bot(m, True)
                        if "rules <game>" in t], 8)
time.sleep(0.5)
helped = alice.from_bot(m, True)
ok(r and len(helped) <= 8 and any("help <command>" in t for t in helped),
   "help arrives in at most 8 lines and points to help <command> and "
   "rules <game>: %d lines %s" % (len(helped), helped[:2]))
bogus = alice.mark()
say(alice, "!cheers bogus")
r = alice.wait(lambda: [t for t in alice.from_bot(bogus)
                        if "Unknown command" in t])
ok(r and "!cheers help lists the commands." in r[0],
   "an unknown command's hint is written with !cheers: %s" % r)
said = [t for c in (alice, bob, carol) for t in c.from_bot(0)]
slash = [t for t in said if "/cheers" in t]
ok(len(said) > 100 and not slash, "none of the bot's %d lines holds "
   "/cheers: %s" % (len(said), slash[:2]))
r = ask(alice, "rules", lambda c, m: c.from_bot(m, True), to=BOT)
time.sleep(0.5)
r = alice.from_bot(m, True)
ok(len(r) > 5, "rules arrive privately, in many lines: %d" % len(r))
# --- one member cannot flood a channel (issue 26) -------------------------
LOUNGE = "#lounge"
dave = player("dave")
dave.send("JOIN " + LOUNGE)
mallory = player("mallory")
mallory.send("JOIN " + CHANNEL)
time.sleep(0.5)
for cmd in ("!cheers new", "!cheers addbot", "!cheers start"):
    r = ask(dave, cmd, lambda c, m: c.from_bot(m), to=LOUNGE)
    ok(r, "dave's table in #lounge: %s answered" % cmd)
time.sleep(1.0)
seen, flooded = alice.mark(), mallory.mark()
for i in range(300):
    say(mallory, "!cheers help")
t0 = time.monotonic()
r = ask(dave, "!cheers status", lambda c, m: c.from_bot(m, dm=False),
        to=LOUNGE, timeout=10)
late = time.monotonic() - t0
ok(r and late < 3.0, "another table's player is answered in time during "
   "the burst: %.2f s" % late)
time.sleep(3.0)
public = alice.from_bot(seen, dm=False)
ok(len(public) <= 5, "300 commands from one member put at most a handful of "
   "lines in the channel: %d" % len(public))
private = mallory.from_bot(flooded, dm=True)
slow = [t for t in private if "Slow down" in t]
ok(len(slow) == 1 and len(private) <= 5 * 8 + 1,
   "the member is told once to slow down, and gets no more than 5 helps: "
   "%d lines" % len(private))
for c in (dave, mallory):
    c.close()

log = bot_log()
ok("malformed" not in log, "no line from InspIRCd was refused as malformed")
ok("no answer to our PING" not in log and "Ping timeout" not in log,
   "PING/PONG both ways kept the link up")
for c in (alice, bob, carol):
    c.close()
TALLY.end("irc")
