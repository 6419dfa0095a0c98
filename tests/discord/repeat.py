#!/usr/bin/python3
"""An interaction Discord delivers twice runs once (issue 32).

    repeat.py PORT BOT_STDERR_FILE

run.sh starts the bot with tables.command_burst=4 and a refill of an
hour, so the member's budget is exactly 4 commands in this run.  The fake
delivers one /cheers addbot count:1 twice back to back (one session, as
a compatible server does), then once more across a RESUME (the socket
drops and the copy comes in the replay).  The bot seats exactly one AI
for it, makes exactly one callback, logs each copy at debug level with
its id, and spends one command of the budget: the member's next two
commands pass and the one after them is told to slow down.

Its checks are counted (checks.Tally): each failed one is printed, then
"N passed, M failed"; it exits non-zero when any failed.
"""
import os
import re
import sys
import time

import fake_client
from fake_client import call, op, state, wait
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import checks

PORT = int(sys.argv[1])
BOT_ERR = sys.argv[2]
CHANNEL, GUILD, ALICE = "630", "700", "101"
TALLY = checks.Tally("discord repeat")
ok = TALLY.ok
fake_client.BASE, fake_client.SSL = "http://127.0.0.1:%d" % PORT, None


def log():
    with open(BOT_ERR) as f:
        return f.read()


def send(sub, options=(), copies=1):
    """Alice runs /cheers sub in CHANNEL, delivered copies times; its id."""
    return call("POST", "/_test/interaction", {
        "user": ALICE, "name": "alice", "channel": CHANNEL, "guild": GUILD,
        "sub": sub, "options": list(options), "perms": "0",
        "copies": copies})["id"]


def answer(iid):
    """The text of interaction iid's callback and followups, or None when
    it had no callback within 10 s."""
    r = call("GET", "/_test/wait?timeout=10&followups=0.3&id=" + iid)
    if not r.get("answered"):
        return None
    return "\n".join([r["content"]] + r["followups"])


def seated(text):
    """How many are seated, from the lobby line of an answer."""
    m = re.search(r"(\d+)/\d+ seated", text or "")
    return int(m.group(1)) if m else None


def repeats(iid):
    return log().count("discord: dropped a repeated interaction %s\n" % iid)


ONE = [{"name": "count", "type": 4, "value": 1}]

ok(wait(lambda s: s["identifies"] and "discord: ready" in log(), 20)
   is not None, "the bot is ready")
s0 = state()
a = answer(send("new"))
ok(a is not None and "lobby" in a, "alice opens a table: %r" % a)

# One addbot, delivered twice in a row on the same session.
twice = send("addbot", ONE, copies=2)
a = answer(twice)
ok(a is not None and "An AI player sits down" in a,
   "addbot count:1 seats an AI: %r" % a)
ok(wait(lambda s: repeats(twice) == 1, 5) is not None,
   "the copy is logged once at debug level, with its id (%s)" % twice)

# The same interaction once more, in the replay after a RESUME.
resumed = log().count("discord: resumed")
op("repeat", "?resume=1&id=" + twice)
ok(wait(lambda s: s["resumes"] == s0["resumes"] + 1 and
        log().count("discord: resumed") == resumed + 1, 15) is not None,
   "the bot resumes the session")
ok(repeats(twice) == 2, "the copy in the RESUME's replay is dropped and "
   "logged too: %d" % repeats(twice))

# The next command sees the table as it is: the copies seated no one.
a = answer(send("addbot", ONE))
ok(a is not None and "An AI player sits down" in a,
   "a second addbot passes the budget (the copies spent none): %r" % a)
ok(seated(a) == 3, "alice and exactly two AIs are seated, one per addbot "
   "that was sent: %r" % a)

s = state()
tries = s["callback_tries"].get(twice, [])
ok(len(tries) == 1, "exactly one callback for the repeated interaction: "
   "%s" % tries)
ok(len([c for c in s["callbacks"] if c["interaction"] == twice]) == 1,
   "it has one answer")
ok(s["double_answers"] == s0["double_answers"],
   "no interaction was answered twice: %d" %
   (s["double_answers"] - s0["double_answers"]))

# Four commands sent (new, addbot, addbot, status): the budget of 4 is
# spent by the fourth, and the fifth is told to slow down.
a = answer(send("status"))
ok(a is not None and "Slow down" not in a,
   "the fourth command sent passes: %r" % a)
a = answer(send("status"))
ok(a is not None and "Slow down" in a,
   "the fifth is told to slow down: %r" % a)

TALLY.end("discord repeat")
