#!/usr/bin/python3
"""Accounts from real services: a logged-in player changes nick mid-game
and keeps playing, on InspIRCd linked to Atheme (run.sh starts both).

    atheme.py PORT BOT_STDERR READY_FILE

The players are plain TCP IRC clients on 127.0.0.1:PORT.  First the
services must be linked (LINKS shows services.test); then NickServ
registers the accounts cheersbot (the bot's, for its SASL PLAIN), alice
and mallory, and READY_FILE says the bot may start.  alice logs in with
SASL PLAIN, opens a CHEERS table in #bar with an AI and plays; mid-game
she changes nick to Alicia: the bot's private lines (her hand, her next
"Your move") go to Alicia, and Alicia's moves are taken as her seat's.
mallory, logged into her own account, then takes the nick alice: she
gets nothing private and no command of hers is taken (she is told why,
once).  Alicia plays the game to its end.  Prints one line per failed
check and "N passed, M failed"; exits non-zero when anything failed.
"""
import os
import re
import sys
import time

from fakeirc import Checks, bot_log
import ircclient
from ircclient import (SECRET, Client, act, check_impostor, in_channel,
                       pending_prompt)

PORT, BOT_ERR, READY = int(sys.argv[1]), sys.argv[2], sys.argv[3]
CHANNEL = "#bar"
SERVICES = "services.test"
checks = Checks("atheme")
ok = checks.ok


def player(nick, user=None, sasl=None):
    return Client(PORT, nick, ok, user=user, sasl=sasl)


def linked(c, timeout=20):
    """Asks LINKS until the services' server is in it."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        m = c.mark()
        c.send("LINKS")
        if c.wait(lambda: c.got(m, "365"), 3) and \
                [l for l in c.got(m, "364") if l[5][1:2] == [SERVICES]]:
            return True
        time.sleep(0.1)
    return False


def nickserv(c, text, want):
    """Sends text to NickServ; the first of its NOTICEs that holds want."""
    m = c.mark()
    c.send("PRIVMSG NickServ :" + text)
    r = c.wait(lambda: [l[5][-1] for l in c.got(m, "NOTICE")
                        if l[2] == "NickServ" and want in l[5][-1]], 5)
    return r[0] if r else None


def register(nick, password):
    """A client that registers the account nick with NickServ (which also
    logs it in)."""
    c = player(nick)
    ok(nickserv(c, "REGISTER %s %s@cheers.test" % (password, nick),
                "registered") and c.got(0, "900"),
       "NickServ registers the account %s and logs %s in (900): %s" %
       (nick, nick, [l[1] for l in c.since()][-3:]))
    return c


def free(c, nick, timeout=5):
    """Asks ISON until nick is nobody's."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        m = c.mark()
        c.send("ISON " + nick)
        r = c.wait(lambda: c.got(m, "303"), 2)
        if r and not r[0][5][-1].split():
            return True
        time.sleep(0.1)
    return False


def need(cond, what):
    """A check the rest cannot do without: failed, the run ends here."""
    if not ok(cond, what):
        sys.exit(checks.end())
    return cond


def say(c, text, to=CHANNEL):
    ircclient.say(c, text, to)


def ask(c, text, pred, to=CHANNEL, timeout=5.0):
    return ircclient.ask(c, text, pred, to, timeout)


def log():
    return bot_log(BOT_ERR)


# --- the services, the accounts, then the bot -------------------------------
t0 = time.monotonic()
reg = player("cheersbot")
need(linked(reg), "Atheme is linked to InspIRCd: %s in LINKS" % SERVICES)
need(nickserv(reg, "REGISTER barkeep-pw cheersbot@cheers.test",
              "registered"), "NickServ registers the bot's account, cheersbot")
reg.close()
register("alice", "alice-pw").close()
mallory = register("mallory", "mallory-pw")
mallory.send("JOIN " + CHANNEL)
ok(free(mallory, "cheersbot"), "the bot's nick is free again")
open(READY, "w").close()
need(mallory.wait(lambda: "irc: joined " + CHANNEL in log(), 15),
   "the bot joins %s" % CHANNEL)
nicks = re.findall(r"irc: registered as (\S+)", log())
BOT = nicks[-1] if nicks else "cheersbot"
ok(BOT == "cheersbot" and "irc: logged in by SASL" in log(),
   "the bot logs into its account by SASL PLAIN through the services: %s" %
   [l for l in log().splitlines() if "SASL" in l or "registered" in l][:3])
m = mallory.mark()
mallory.send("WHOIS " + BOT)
r = mallory.wait(lambda: mallory.got(m, "318"))
ok([l for l in mallory.got(m, "330") if l[5][2:3] == ["cheersbot"]],
   "WHOIS says the bot is logged in as cheersbot (330): %s" %
   [l[1] for l in mallory.since(m)])

alice = player("alice", sasl=("alice", "alice-pw"))
ok(alice.got(0, "900"), "alice is logged in as alice (900)")
alice.send("JOIN " + CHANNEL)
ok(alice.wait(lambda: alice.got(0, "366")), "alice joins %s" % CHANNEL)

# --- the table ----------------------------------------------------------------
r = ask(alice, "!cheers new", in_channel("opened"))
need(r, "alice opens a table: %s" % r)
r = ask(alice, "!cheers addbot 1", in_channel("AI"))
ok(r, "and adds an AI: %s" % r)
m0 = alice.mark()
r = ask(alice, "!cheers start", in_channel("begins"))
need(r, "the game begins: %s" % r)
ok(alice.wait(lambda: [t for t in alice.from_bot(m0, True)
                       if t.startswith("Your hand")]),
   "alice's hand comes by private message")
AI = None
for t in alice.from_bot(m0, False):
    mm = re.search(r"Teams: (.*)", t)
    if mm:
        AI = ([n for n in re.findall(r"@?([A-Za-z_]+)", mm.group(1))
               if n.lower() not in ("alice", "a", "b")] or [None])[0]
AI = AI or "Negroni"


def play(c, since, moves, deadline):
    """c plays alice's seat until it has made moves more moves (None: to
    the end of the game) or the deadline; (moves made, mark, over)."""
    made = 0
    while time.monotonic() < deadline:
        if any("Game over" in t for t in c.from_bot(0, False)):
            return made, since, True
        if moves is not None and made >= moves:
            break
        p = pending_prompt(c, since)
        if p is None:
            time.sleep(0.05)
            continue
        since = c.mark()
        if act(c, p[1], BOT, "alice", [AI], ["share"]):
            made += 1
    return made, since, False


made, acted, over = play(alice, m0, 2, time.monotonic() + 30)
ok(made == 2 and not over, "alice makes two moves as alice: %d" % made)

# --- alice becomes Alicia, still logged in ----------------------------------
# Wait for her turn, so the prompt that follows a move is hers to get.
ok(alice.wait(lambda: pending_prompt(alice, acted), 10),
   "it is alice's turn again")
log0 = len(log())
ok(alice.rename("Alicia"), "alice changes nick to Alicia mid-game")
ok(alice.wait(lambda: "alice plays on as alicia (logged in as alice)" in
              log()[log0:]),
   "the bot sees alice's account under the nick Alicia: %s" %
   [l for l in log()[log0:].splitlines() if "alic" in l.lower()][:3])
m = alice.mark()
say(alice, "hand", to=BOT)
r = alice.wait(lambda: [l for l in alice.since(m) if l[4] == "PRIVMSG" and
                        l[5][0] == "Alicia" and
                        l[5][-1].startswith("Your hand")])
ok(r, "Alicia asks for her hand and it comes to Alicia: %s" %
   alice.from_bot(m)[:2])
p = alice.wait(lambda: pending_prompt(alice, m))
ok(p, "and with it her pending move, to Alicia: %s" % alice.from_bot(m)[-2:])
m = alice.mark()
cand = act(alice, p[1], BOT, "alice", [AI], ["share"]) if p else None
ok(cand, "Alicia's move is taken as her seat's: %s" % cand)
r = alice.wait(lambda: pending_prompt(alice, m), 10)
ok(r, "her next \"Your move\" comes to Alicia unasked: %s" %
   alice.from_bot(m, True)[-2:])
acted = m

# --- mallory, logged into her own account, takes the nick alice ---------------
log1 = len(log())
mm = mallory.mark()
ok(mallory.rename("alice"), "mallory takes the nick alice")
cm = alice.mark()
tries = ("hand", "status", "play 1 me", "throw")
for t in tries:
    say(mallory, t, to=BOT)
say(mallory, "!cheers hand")
say(mallory, "!cheers play 1 me")
check_impostor(ok, mallory, mm, "alice")
moved = [t for t in alice.from_bot(cm, False)
         if t.lower().startswith("alice ")]
ok(not moved, "no move of hers is taken as alice's seat's: %s" % moved)
n = log()[log1:].count("irc: a command from alice refused")
ok(n == len(tries) + 2, "the bot refuses each of her %d commands: %d" %
   (len(tries) + 2, n))

# --- Alicia plays on to the end --------------------------------------------------
made, acted, over = play(alice, acted, None, time.monotonic() + 60)
ok(over, "Alicia plays the game to its end (%d more moves)" % made)
said = alice.from_bot(0, False) + mallory.from_bot(0, False)
ok(any("Game over" in t for t in said), "the channel says the game is over")
leaks = [t for t in said if SECRET.search(t)]
ok(not leaks, "nothing secret in the channel: %s" % leaks[:2])
got = mallory.from_bot(0, True)
ok(not [t for t in got if SECRET.search(t)], "mallory got nothing private "
   "in the whole game: %s" % got[:3])
ok("malformed" not in log(), "no line from InspIRCd or the services was "
   "refused as malformed")
# What each player got, beside READY_FILE, for a run kept with KEEP=1.
for c, name in ((alice, "alice"), (mallory, "mallory")):
    with open(os.path.join(os.path.dirname(READY), name + ".lines"), "wb") as f:
        f.write(b"".join(l[1] + b"\n" for l in c.since()))
    c.close()
print("irc (atheme): took %.1f s" % (time.monotonic() - t0), flush=True)
sys.exit(checks.end())
