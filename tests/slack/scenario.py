#!/usr/bin/python3
"""Drives cheersbot through the fake Slack and checks what it sent.

    scenario.py PORT BOT_STDERR_FILE [game PACE_SECONDS | tls |
        overdue1 | overdue2 | kill1 | kill2 | stale1 | stale2]

A whole game of CHEERS in channel CBAR, played by slash commands and
button clicks (DM buttons, the table's "My hand", ephemeral pickers),
with, along the way, a retried envelope, a refresh disconnect, a 429
storm and a half-open socket; then a "warning" disconnect, players whose
DMs are refused (told in the channel, served by "hand"), ephemeral
messages Slack refuses (sent to the DM instead), channel admins,
malformed envelopes, and what went where, with messages to one channel
never closer than the pace the bot was given.  "tls" plays a short
burst over https and wss (a CA file) at Slack's own pace of one message
a second per channel.  Prints one line per failed check and a final
"N passed, M failed" line; exits non-zero when anything failed.
"""
import json
import os
import random
import re
import sys
import time
import urllib.request

from fakectl import block_texts, call, messages, public_texts, state, use, \
    wait
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import checks

PORT = int(sys.argv[1])
BOT_ERR = sys.argv[2]
MODE = sys.argv[3] if len(sys.argv) > 3 else "game"
PACE = float(sys.argv[4]) if MODE == "game" and len(sys.argv) > 4 else 1.0
BASE = "http://127.0.0.1:%d" % PORT
SSL = None
if MODE == "tls":
    import ssl
    BASE = "https://127.0.0.1:%d" % PORT
    SSL = ssl.create_default_context(cafile=sys.argv[4])
CHANNEL = "CBAR"
ALICE, BOB = "UALICE", "UBOB"
NAMES = {ALICE: "alice", BOB: "bob"}
SECRET = re.compile(r"([Rr]ecipe: |[Yy]our hand|^[0-9]+\. .*\(cheers with )",
                    re.M)
TALLY = checks.Tally("slack")
ok = TALLY.ok
use(BASE, SSL)


def op(what, query=""):
    return call("POST", "/_test/%s%s" % (what, query), {})


def settle():
    """Waits until the bot has stopped sending (0.2 s of quiet, and no
    message still waiting for its answer)."""
    last = None
    for i in range(60):
        s = state()
        now = (len(s["calls"]), json.dumps(messages(), sort_keys=True))
        if now == last and not s["open_calls"]:
            return
        last = now
        time.sleep(0.1)


def answer(before, hook=None, timeout=5.0):
    """Waits up to timeout s for the bot's answer to a command: a message
    that is not in before, or (given the command's hook) an answer through
    its response_url; the channel's pacing (a message a second) can hold
    it back behind earlier ones."""
    def came(_):
        if any(ts not in before for ts in messages()):
            return True
        return hook is not None and bool(
            (call("GET", "/_test/hook?id=" + hook) or {}).get("answers"))
    checks.poll(lambda: None, came, timeout)


def acked(eid, timeout=5.0):
    return wait(lambda s: eid in s["acks"], timeout) is not None


def cmd(user, name, text, channel=CHANNEL, command="/cheers", team=None):
    """Runs a slash command; returns what was said: (private texts,
    public messages new in the channel)."""
    before = set(messages())
    r = call("POST", "/_test/command", {"user": user, "name": name,
                                        "channel": channel, "text": text,
                                        "command": command, "team": team})
    if not ok("envelope_id" in r, "the command %r was delivered: %s" %
              (text, r)):
        return [], []
    ok(acked(r["envelope_id"]), "the command %r was acked" % text)
    answer(before, r["hook"])
    settle()
    return said(r["hook"], before, channel)


def cmd_no_hook(user, name, text, channel):
    """Runs a slash command that comes without a response_url; returns
    the new messages: (ephemeral for user, DMs to user, public)."""
    before = set(messages())
    r = call("POST", "/_test/command", {"user": user, "name": name,
                                        "channel": channel, "text": text,
                                        "no_response_url": True})
    if not ok("envelope_id" in r, "the command %r was delivered" % text):
        return [], [], []
    ok(acked(r["envelope_id"]), "the command %r was acked" % text)
    answer(before)
    settle()
    new = [m for ts, m in messages().items() if ts not in before]
    return ([m["text"] for m in new if m["ephemeral"] == user],
            [m["text"] for m in new if m["dm_user"] == user],
            [m["text"] for m in new if not m["ephemeral"] and
             not m["dm_user"]])

def said(hook, before, channel):
    msgs = messages()
    h = call("GET", "/_test/hook?id=" + hook) or {"answers": []}
    private = [msgs[a["ts"]]["text"] for a in h["answers"]
               if a["kind"] in ("ephemeral", "replace")]
    public = [m for ts, m in msgs.items() if ts not in before and
              m["channel"] == channel and not m["ephemeral"]]
    return private, public


def socket_swapped(s0, reason):
    """After a "disconnect" of reason (refresh_requested, warning) told
    when the state was s0: waits for a new socket's hello and the old
    socket closed, and checks that the new one said hello before the bot
    closed the old one.  The state then, or None."""
    s = wait(lambda s: s["hellos"] > s0["hellos"] and
             s["connections"][-2]["closed"] is not None, 5)
    ok(s is not None, "%s: a new socket, the old closed" % reason)
    if s:
        old, new = s["connections"][-2], s["connections"][-1]
        ok(new["hello"] < old["closed"] and old["by"] == "bot",
           "%s: the new socket said hello before the bot closed the old "
           "one: %s" % (reason, s["connections"][-2:]))
    return s


def labels(m):
    return [e["text"]["text"] for b in m["blocks"]
            if b.get("type") == "actions" for e in b["elements"]]


def action_of(m, label):
    for b in m["blocks"]:
        for e in b.get("elements", []) if b.get("type") == "actions" else []:
            if e["text"]["text"] == label:
                return e["action_id"]
    return None


def click(user, msg, label):
    """Clicks the button labelled label on message msg; returns the hook's
    answers once the bot has settled, or None."""
    aid = action_of(msg, label)
    if aid is None:
        return None
    before = json.dumps(messages(), sort_keys=True)
    r = call("POST", "/_test/click", {"user": user, "name": NAMES.get(
        user, user.lower()), "ts": msg["ts"], "action_id": aid})
    if "envelope_id" not in r:
        ok(False, "a click was refused by the fake: %s" % r)
        return None
    ok(acked(r["envelope_id"]), "a click was acked")
    # The bot's answer: through the click's response_url, or a message
    # posted, edited or deleted; a busy machine can hold it back longer
    # than settle's quiet.
    checks.poll(lambda: None, lambda _: (call(
        "GET", "/_test/hook?id=" + r["hook"]) or {}).get("answers") or
        json.dumps(messages(), sort_keys=True) != before, 5.0)
    settle()
    return (call("GET", "/_test/hook?id=" + r["hook"]) or {})["answers"]


def boards(msgs=None):
    msgs = messages() if msgs is None else msgs
    return [m for m in sorted(msgs.values(), key=lambda m: m["ts"])
            if m["channel"] == CHANNEL and not m["ephemeral"] and
            not m["deleted"] and ("My hand" in labels(m) or
                                  "Lately:" in m["text"] or
                                  "'s shaker:" in m["text"])]


def whose_turn():
    b = boards()
    if not b:
        return None
    m = re.search(r"<@(U[A-Z0-9]+)>'s turn|<@(U[A-Z0-9]+)> must",
                  b[-1]["text"])
    return m and (m.group(1) or m.group(2))


def check_card(m, mark, word, names):
    """The table's card: a header with the state's mark, the game and the
    table; a field per shaker (names are some of them), named plainly in
    bold; whose turn or the end in the last context, with the state's
    word."""
    if not ok(m is not None, "there is a table message"):
        return
    blocks = m["blocks"]
    heads = [b["text"]["text"] for b in blocks if b.get("type") == "header"]
    ok(len(heads) == 1 and re.match(mark + r" CHEERS · table \d+$",
                                    heads[0]),
       "the card's header has the state's mark, the game and the table: "
       "%s" % heads)
    fields = [f["text"] for b in blocks for f in b.get("fields", [])]
    ok(all(any(f.startswith("*%s's shaker*\n" % n) for f in fields)
           for n in names), "a field per shaker: %s" % fields)
    ctx = [b["elements"][0]["text"] for b in blocks
           if b.get("type") == "context"]
    ok(ctx and ctx[-1].startswith("*%s*" % word) and
       re.search(r"'s turn| must |Game over", ctx[-1]),
       "the last context says the state and whose turn it is: %s" % ctx)
    ok(blocks and blocks[0].get("type") == "header",
       "the card starts with its header")


def latest_dm(user, msgs):
    dms = [m for m in msgs.values() if m["dm_user"] == user and
           labels(m)]
    return max(dms, key=lambda m: m["ts"]) if dms else None


# --- connect ------------------------------------------------------------
def bot_connected():
    with open(BOT_ERR) as f:
        return "slack: connection 1 ready" in f.read()


if MODE in ("overdue1", "overdue2", "kill1", "kill2", "stale1", "stale2"):
    # A later bot run against the same fake: wait for its own hello.
    ok(wait(lambda s: bot_connected(), 10) is not None,
       "the restarted bot connects")
else:
    s = wait(lambda s: s["hellos"] >= 1 and s["acks"] is not None)
    ok(s is not None, "the bot opens a Socket Mode connection")
    s = state()
    ok(s["opens"] == 1 and "apps.connections.open" not in s["bad_auth"],
       "apps.connections.open with the app-level token: %s" % s["bad_auth"])


def alice_starts():
    """alice opens a table in CHANNEL, an AI joins and the game starts."""
    for text in ("new", "addbot", "start"):
        cmd(ALICE, "alice", text, channel=CHANNEL)


if MODE == "overdue1":
    # A game waiting for alice, with a short turn timer; run.sh stops the
    # bot now and starts it again once the timer would have run out.
    CHANNEL = "COVER"
    alice_starts()
    ok(wait(lambda s: whose_turn() == ALICE, 5) is not None,
       "it is alice's turn")
    TALLY.end("slack (overdue, before)")

if MODE == "overdue2":
    # Restarted after alice's timer ran out: the restore tells the channel
    # before the adapter has started, and nothing crashes.
    CHANNEL = "COVER"
    ok(wait(lambda s: any("I was away for longer than <@%s>'s timer" % ALICE
                          in m["text"] for m in messages().values()), 10)
       is not None, "the restored table says alice has a fresh timer")
    priv, pub = cmd(ALICE, "alice", "status", channel=CHANNEL)
    texts = list(priv) + [m["text"] if isinstance(m, dict) else m
                          for m in pub]
    ok(any("turn" in t for t in texts),
       "status answers after the restart: %r" % texts)
    TALLY.end("slack (overdue, after)")

if MODE == "kill1":
    # A game of alice and an AI; run.sh kills the bot (SIGKILL) once the
    # table message is up, and starts it again on the same state.
    CHANNEL = "CKILL"
    alice_starts()
    ok(wait(lambda s: boards() and "My hand" in labels(boards()[-1]), 5)
       is not None, "the table message is up")
    ok(wait(lambda s: whose_turn() == ALICE, 5) is not None,
       "it is alice's turn")
    TALLY.end("slack (kill, before)")

if MODE == "kill2":
    # After a SIGKILL and a restart the bot knows its table message (its
    # ts): a move edits it, "Table" deletes it when it posts the table
    # anew, and the end's last edit reaches the new one.
    CHANNEL = "CKILL"
    b = boards()
    ok(len(b) == 1, "one table message before the move: %d" % len(b))
    ts0 = b[0]["ts"] if b else None
    edits0 = len(b[0]["history"]) if b else 0
    cmd(ALICE, "alice", "play 1 me", channel=CHANNEL)
    ok(wait(lambda s: len(messages()[ts0]["history"]) > edits0, 5)
       is not None, "the move edits the table message of the first run")
    b = boards()
    ok(len(b) == 1 and b[0]["ts"] == ts0,
       "no second table message: %s" % [m["ts"] for m in b])
    click(ALICE, messages()[ts0], "Table")
    ok(wait(lambda s: messages()[ts0]["deleted"] and len(boards()) == 1, 5)
       is not None, "Table posts the table anew and deletes the message "
       "of the first run")
    ts1 = boards()[-1]["ts"] if boards() else None
    cmd(ALICE, "alice", "end confirm", channel=CHANNEL)
    ok(wait(lambda s: not labels(messages()[ts1]), 5) is not None,
       "the final edit takes the buttons off")
    last = messages()[ts1]
    texts = [last["text"]] + block_texts(last["blocks"])
    ok(any("Ended by alice." in t for t in texts) and
       not any("'s turn" in t or " must " in t for t in texts),
       "the final edit says how the table ended, with no turn: %s" % texts)
    b = boards()
    ok(len(b) == 1 and b[0]["ts"] == ts1,
       "exactly one table message is left: %s" % [m["ts"] for m in b])
    # alice's DMs of this table: the first run's view, edited after the
    # restart, and no prompt with live buttons.
    def alice_dms():
        return [m for m in messages().values() if m["dm_user"] == ALICE and
                CHANNEL in (m["history"] or [m])[0]["text"]]
    ok(wait(lambda s: not any(labels(m) for m in alice_dms()), 5)
       is not None, "no DM of alice keeps live buttons after the end")
    views = [m for m in alice_dms() if ": Your move:" not in
             (m["history"] or [m])[0]["text"].split("\n")[0]]
    ok(len(views) == 1 and views[0]["history"],
       "alice's view is the first run's message, edited: %s" %
       [(m["ts"], len(m["history"])) for m in views])
    TALLY.end("slack (kill, after)")

def end_buttons():
    """alice's ephemeral messages in the channel holding "End the game",
    oldest first."""
    return [m for m in sorted(messages().values(), key=lambda m: m["ts"])
            if m["channel"] == CHANNEL and m["ephemeral"] == ALICE and
            "End the game" in labels(m)]


if MODE == "stale1":
    # Issue 32: a game ended by its ephemeral "End the game" button; run.sh
    # restarts the bot on the same state for stale2.
    CHANNEL = "CSTALE"
    alice_starts()
    ok(wait(lambda s: whose_turn() == ALICE, 5) is not None,
       "it is alice's turn")
    cmd(ALICE, "alice", "end", channel=CHANNEL)
    ok(len(end_buttons()) == 1, "end asks alice privately, with an End "
       "button")
    a = click(ALICE, end_buttons()[-1], "End the game") \
        if end_buttons() else None
    ok(a is not None and wait(lambda s: boards() and
                              not labels(boards()[-1]), 5) is not None,
       "the End button ends the game: %s" % a)
    TALLY.end("slack (stale, before)")

if MODE == "stale2":
    # After the restart a new game runs in the same channel; the first
    # game's End button is answered that that game is over, privately,
    # and the new game goes on.
    CHANNEL = "CSTALE"
    alice_starts()
    ok(wait(lambda s: whose_turn() == ALICE, 5) is not None,
       "it is alice's turn in the second game")
    old = end_buttons()
    ok(len(old) == 1, "the first game's End button is still shown: %d" %
       len(old))
    before = set(messages())
    a = click(ALICE, old[0], "End the game") if old else None
    msgs = messages()
    texts = [msgs[x["ts"]]["text"] for x in a or [] if x.get("ts") in msgs]
    ok(texts and texts[-1] == "That game is over." and
       all(msgs[x["ts"]]["ephemeral"] == ALICE for x in a),
       "the old End button is answered privately that the game is over: "
       "%s" % texts)
    new = [m for ts, m in msgs.items() if ts not in before and
           not m["ephemeral"]]
    ok(not new, "nothing public is said: %s" % [m["text"] for m in new])
    ok(boards() and "My hand" in labels(boards()[-1]) and
       whose_turn() == ALICE, "the second game still runs")
    TALLY.end("slack (stale, after)")

if MODE == "tls":
    # Three commands at once: their public answers leave a second apart.
    for who, text in ((ALICE, "new"), (BOB, "join"), (ALICE, "addbot 1")):
        r = call("POST", "/_test/command", {"user": who, "name":
                                            NAMES[who], "channel": CHANNEL,
                                            "text": text})
        ok("envelope_id" in r and acked(r["envelope_id"]),
           "over TLS the command %r is delivered and acked" % text)
    s = wait(lambda s: s["paced"].get(CHANNEL, 0) >= 3, 10)
    ok(s is not None, "over TLS (ca_file) the commands are answered in the "
       "channel: %s" % state()["paced"])
    texts = [m["text"] for m in messages().values()]
    ok(any("opened a CHEERS table" in t for t in texts) and
       any("joins" in t for t in texts) and
       any("AI player" in t for t in texts), "new, join and addbot were "
       "answered: %s" % texts)
    gap = state()["min_gap"].get(CHANNEL, 0)
    ok(gap >= 0.9, "messages to one channel leave a second apart (the "
       "closest two: %.3f s)" % gap)
    TALLY.end("slack (tls)")

# --- the lobby, and a retried envelope ---------------------------------
# Through the lobby Slack answers messages 150 ms late, longer than the
# pace: the bot must still send a channel's messages one at a time.
op("delay", "?ms=150")
priv, pub = cmd(ALICE, "alice", "new")
ok(any("opened a CHEERS table" in m["text"] for m in pub),
   "/cheers new opens a table, publicly: %s" % priv)
priv, pub = cmd(BOB, "bob", "join")
ok(any("joins" in m["text"] for m in pub), "/cheers join: %s" % priv)
before = set(messages())
r = call("POST", "/_test/command", {"user": ALICE, "name": "alice",
                                    "channel": CHANNEL, "text": "addbot 1"})
acked(r["envelope_id"])
op("retry", "?envelope_id=" + r["envelope_id"])
ok(wait(lambda s: len(s["acks"].get(r["envelope_id"], [])) == 2) is not None,
   "the retried envelope is acked again")
answer(before, r["hook"])
settle()
priv, pub = said(r["hook"], before, CHANNEL)
ok(sum("AI player" in m["text"] for m in pub) == 1,
   "a retried envelope runs once: %s" % [m["text"] for m in pub])
priv, pub = cmd(BOB, "bob", "start")
ok(priv and not pub, "only the host may start, said privately: %s" % priv)
priv, pub = cmd(ALICE, "alice", "start")
op("delay", "?ms=0")
ok(len(boards()) == 1 and labels(boards()[-1]) == ["My hand", "Table"],
   "the game is one table message with My hand and Table")
check_card(boards()[-1] if boards() else None, "🟢", "Playing",
           ["alice", "bob"])
s = wait(lambda s: True)
msgs = messages()
ok(any("Your recipe:" in m["text"] for m in msgs.values()
       if m["dm_user"] == ALICE) and
   any("Your recipe:" in m["text"] for m in msgs.values()
       if m["dm_user"] == BOB), "each player gets their recipe by DM")
priv, pub = cmd(BOB, "bob", "hand <@%s|bob>" % BOB)
ok(priv and "Your hand" in priv[0] and not pub,
   "/cheers hand answers ephemerally: %s" % priv)
priv, pub = cmd(ALICE, "alice", "hand", channel="D" + ALICE)
ok(priv and "Your hand" in priv[0], "/cheers hand from the DM finds "
   "alice's table: %s" % priv)
ok(all(n == 1 for n in state()["im_opens"].values()),
   "each DM is opened once and cached: %s" % state()["im_opens"])

# --- a whole game, by clicks and slash commands -------------------------
rnd = random.Random(7)
moves = slash = dm_moves = board_moves = 0
moves_by = {ALICE: 0, BOB: 0}
refreshed = stormed = muted = False
# How many moves the game takes depends on timing: its checks count once.
per_move = checks.once(ok, "every move of the game, and what happens "
                       "along the way, is as it should be")
for b, who, name in checks.turns(boards, labels, whose_turn, NAMES, 500):
    if moves == 3 and not refreshed:
        # Slack asks for a refresh: a new socket first, then the old goes.
        s0 = state()
        op("disconnect", "?reason=refresh_requested&grace=5")
        refreshed = True
        priv, pub = cmd(who, name, "status")
        ok(priv or pub, "a command right after a disconnect is answered")
        s = socket_swapped(s0, "refresh_requested")
        if s:
            ok(s["opens"] == s0["opens"] + 1, "one apps.connections.open "
               "per connection")
        b = boards()    # status posted the table again
    if moves == 6 and not stormed:
        op("storm", "?n=2")
        stormed = True
    if moves == 9 and not muted:
        # A half-open socket: no pongs, nothing arrives.
        s0 = state()
        op("mute")
        muted = True
        s = wait(lambda s: s["hellos"] > s0["hellos"], 6)
        ok(s is not None, "a half-open socket is noticed and replaced")
        b = boards()
    msgs = messages()
    if moves % 7 == 5 and "'s turn" in b[-1]["text"]:
        priv, pub = cmd(who, name, "throw")
        ok(not priv or "Done" in priv[0] or not SECRET.search(priv[0]),
           "/cheers throw: %s" % priv)
        moves += 1
        slash += 1
        moves_by[who] += 1
        continue
    dm = latest_dm(who, msgs)
    if dm is not None and moves % 2 == 0:
        view, via = dm, "dm"
    else:
        a = click(who, b[-1], "My hand")
        if not ok(a and a[0]["kind"] == "ephemeral",
                  "My hand answers with a new ephemeral message: %s" % a):
            break
        view, via = messages()[a[0]["ts"]], "board"
    for depth in range(4):
        choices = [l for l in labels(view) if l != "« back"]
        if not choices:
            break
        a = click(who, view, rnd.choice(choices))
        if not ok(a and a[0]["kind"] == "replace",
                  "a click on a private message replaces it: %s" % a):
            break
        view = messages()[view["ts"]]
        if "Done" in view["text"]:
            break
    if not ok("Done" in view["text"] or "moved on" in view["text"],
              "a move by clicks is played: %r" % view["text"]):
        break
    moves += 1
    moves_by[who] += 1
    if via == "dm":
        dm_moves += 1
    else:
        board_moves += 1
    if moves == 5:
        time.sleep(1.1)     # past tables.repost_gap (1s here) since status
        a = click(BOB, boards()[-1], "Table")
        s = wait(lambda s: len(boards()) == 1 and
                 boards()[-1]["ts"] != b[-1]["ts"], 5)
        ok(s is not None, "Table posts the table again and deletes the old")
        # Within the gap, Table shows it to the clicker alone.
        shown = boards()[-1]["ts"]
        click(BOB, boards()[-1], "Table")
        time.sleep(0.3)
        ok(boards()[-1]["ts"] == shown,
           "a Table click within the gap leaves the board where it is")
per_move.done()

s = wait(lambda s: any("Game over" in t for t in public_texts(messages())),
         10)
ok(s is not None, "the game is played to its end (%d moves: %d by DM "
   "buttons, %d by My hand, %d by slash command)" %
   (moves, dm_moves, board_moves, slash))
ok(dm_moves > 0 and board_moves > 0 and slash > 0,
   "every way of moving was used")
ok(refreshed and stormed and muted, "the disconnect, the storm and the "
   "half-open socket happened mid-game")
s = wait(lambda s: boards() and not labels(boards()[-1]), 5)
ok(s is not None, "the final table has no buttons left")
last = boards()[-1] if boards() else {"blocks": []}
rank = [t for t in block_texts(last["blocks"])
        if t.startswith("*Final table*\n")]
ok(rank and re.search(r"^1\. ", rank[0], re.M) and
   all("<@%s>" % u in rank[0] for u in (ALICE, BOB)),
   "the final card ranks every player: %s" % block_texts(last["blocks"]))

# A replay is for the workspace the game was played in (issue 26).
s = wait(lambda s: re.search(r"This was table (\d+):",
                             "\n".join(public_texts(messages()))), 10)
over = re.search(r"This was table (\d+):",
                 "\n".join(public_texts(messages())))
ok(over, "the end names the table's number")
n = int(over.group(1)) if over else 1
priv, pub = cmd("UMALLORY", "mallory", "replay %d" % n, channel="CELSE",
                team="T0OTHER")
ok(priv and not pub and "no finished table %d here" % n in priv[0] and
   not any("Replay of" in t for t in priv),
   "a member of another workspace cannot replay the table: %s" % priv)
priv, pub = cmd("UGRACE", "grace", "replay %d" % n)
ok(priv and not pub and any("Replay of table %d" % n in t for t in priv),
   "a member of its own workspace can, privately: %s" % priv)
# Table numbers are counted per workspace: another workspace's first
# table is table 1 too (the bot's second table: a global count says 2).
for text in ("new", "addbot", "start"):
    cmd("UNINA", "nina", text, channel="CELSE", team="T0OTHER")
heads = [b["text"]["text"] for m in messages().values()
         if m["channel"] == "CELSE" and not m["ephemeral"]
         for b in m.get("blocks") or [] if b.get("type") == "header"]
ok(any(h.endswith("CHEERS · table 1") for h in heads),
   "the other workspace's first table is table 1 too: %s" % heads)
cmd("UNINA", "nina", "end confirm", channel="CELSE", team="T0OTHER")
check_card(boards()[-1] if boards() else None, "🏁", "Over",
           ["alice", "bob"])
# Each player's DMs of the table: their view, one message edited in
# place, and a short prompt a move of theirs, each cleared in the end.
for user in (ALICE, BOB):
    s = wait(lambda s: not any(labels(m) for m in messages().values()
                               if m["dm_user"] == user), 5)
    ok(s is not None, "no DM of %s ends with live buttons" % NAMES[user])
    dms = [m for m in messages().values() if m["dm_user"] == user and
           CHANNEL in (m["history"] or [m])[0]["text"]]
    first = [(m["history"] or [m])[0]["text"] for m in dms]
    asks = [m for m, t in zip(dms, first) if ": Your move:" in
            t.split("\n")[0]]
    views = [m for m in dms if m not in asks]
    ok(len(views) == 1 and views[0]["history"],
       "%s's view is one DM edited in place: %s" %
       (NAMES[user], [len(m["history"]) for m in views]))
    ok(0 < len(asks) <= moves_by[user] + 3,
       "a new DM only for %s's move: %d prompts for %d moves" %
       (NAMES[user], len(asks), moves_by[user]))
    ok(not [m for m in asks if ": Your move:" in m["text"].split("\n")[0]],
       "every prompt of %s was edited to say what happened" % NAMES[user])
s = state()
ok(s["served_429"] == 2, "the 429 storm was served: %d" % s["served_429"])
msgs = messages()
# A message edited since (a DM view) arrived as its first version.
ok(all(any(t in [m["text"]] + [v["text"] for v in m["history"]]
           for m in msgs.values()) for t in s["limited_texts"]),
   "every rate-limited message arrived later")
ok(s["early_after_429"] == 0, "no chat.postMessage before Retry-After "
   "ended (%d)" % s["early_after_429"])
with open(BOT_ERR) as f:
    log = f.read()
ok("rate limited" in log, "the 429 is logged")

# --- a "warning" disconnect: the same as a refresh ----------------------
s0 = state()
op("disconnect", "?reason=warning&grace=5")
socket_swapped(s0, "warning")
priv, pub = cmd(ALICE, "alice", "status")
ok(priv or pub, "a command after a warning disconnect is answered")

# --- refused DMs, refused ephemeral messages -----------------------------
# gus cannot get DMs (conversations.open: cannot_dm_bot); hal's DM is
# refused when the bot writes (user_disabled); ivy's are fine.
GUS, HAL, IVY = "UGUS", "UHAL", "UIVY"
NAMES.update({GUS: "gus", HAL: "hal", IVY: "ivy"})
LOUNGE = "CDMS"
op("refuse_dm", "?user=%s&at=open&error=cannot_dm_bot" % GUS)
op("refuse_dm", "?user=%s&at=post&error=user_disabled" % HAL)
cmd(GUS, "gus", "new", channel=LOUNGE)
cmd(HAL, "hal", "join", channel=LOUNGE)
cmd(IVY, "ivy", "join", channel=LOUNGE)
priv, pub = cmd(GUS, "gus", "start", channel=LOUNGE)


def told(user):
    return any("cannot send <@%s> direct messages" % user in m["text"] and
               "hand" in m["text"] for m in messages().values()
               if m["channel"] == LOUNGE and not m["ephemeral"])


ok(wait(lambda s: told(GUS) and told(HAL), 5) is not None,
   "players whose DMs are refused are told so in the channel, and to use "
   "hand")
ok(any("Your recipe:" in m["text"] for m in messages().values()
       if m["dm_user"] == IVY), "the other player still gets a recipe by DM")
ok(["conversations.open", "cannot_dm_bot"] in state()["refused"] and
   ["chat.postMessage", "user_disabled"] in state()["refused"],
   "both refusals happened: %s" % state()["refused"])
for who in (GUS, HAL):
    priv, pub = cmd(who, NAMES[who], "hand", channel=LOUNGE)
    ok(priv and "Your hand" in priv[0] and not pub,
       "%s sees their hand ephemerally: %s" % (NAMES[who], priv))
eph, dm, pub = cmd_no_hook(GUS, "gus", "hand", LOUNGE)
ok(eph and "Your hand" in eph[0] and not dm and not pub,
   "without a response_url, hand is a chat.postEphemeral: %s" % eph)
op("refuse_ephemeral", "?user=%s&error=user_not_in_channel" % IVY)
eph, dm, pub = cmd_no_hook(IVY, "ivy", "hand", LOUNGE)
ok(not eph and dm and "Your hand" in dm[0] and not pub,
   "an ephemeral message refused (user_not_in_channel) goes to the DM: "
   "%s %s %s" % (eph, dm, pub))
op("refuse_ephemeral", "?user=%s&error=user_not_in_channel" % HAL)
eph, dm, pub = cmd_no_hook(HAL, "hal", "hand", LOUNGE)
ok(not eph and not dm and not pub, "refused ephemerally and by DM, the "
   "hand is shown nowhere: %s %s %s" % (eph, dm, pub))
with open(BOT_ERR) as f:
    log = f.read()
ok("it goes to their DM" in log and "is lost" in log,
   "the refused ephemeral messages are logged")

# --- channel admins -----------------------------------------------------
op("admin", "?user=UCAROL")
op("creator", "?channel=CLOUNGE&user=UFRANK")
priv, pub = cmd("UDAVE", "dave", "new", channel="CLOUNGE")
ok(pub, "dave opens a table in CLOUNGE")
priv, pub = cmd("UEVE", "eve", "addbot", channel="CLOUNGE")
ok(priv and not pub, "a member cannot add AI players to dave's table: %s" %
   priv)
priv, pub = cmd("UCAROL", "carol", "addbot", channel="CLOUNGE")
ok(any("AI" in m["text"] for m in pub), "a workspace admin is a channel "
   "admin: %s %s" % (priv, [m["text"] for m in pub]))
priv, pub = cmd("UFRANK", "frank", "end", channel="CLOUNGE")
ok(pub and not priv, "the channel's creator is a channel admin: %s" % priv)
n = state()["users_info"]
cmd("UCAROL", "carol", "status", channel="CLOUNGE")
ok(state()["users_info"] == n, "users.info answers are cached")
priv, pub = cmd(ALICE, "alice", "new", channel="CFWB", command="/fwb")
ok(any("Friends with Beverages" in m["text"] for m in pub),
   "/fwb new opens a Friends with Beverages table")

# --- malformed envelopes are dropped ------------------------------------
for raw in ("not json", '{"type": 5}', '{"type":"slash_commands",'
            '"envelope_id":"bad-1"}', '{"type":"slash_commands",'
            '"envelope_id":"bad-2","payload":{"command":"/cheers"}}',
            '{"type":"interactive","envelope_id":"bad-3","payload":'
            '{"type":"block_actions","user":{"id":"UX"},"actions":[]}}',
            '{"type":"events_api","envelope_id":"bad-4","payload":{}}'):
    req = urllib.request.Request(BASE + "/_test/raw", data=raw.encode(),
                                 method="POST")
    urllib.request.urlopen(req, timeout=5).read()
priv, pub = cmd(ALICE, "alice", "status")
ok(priv or pub, "malformed envelopes are dropped; the bot carries on")
r = call("POST", "/_test/command", {"user": ALICE, "name": "alice",
                                    "channel": CHANNEL, "text": "x" * 5000})
acked(r["envelope_id"])
settle()
priv, pub = said(r["hook"], set(), "none")
ok(priv and "could not read" in priv[0], "an over-long command is refused "
   "privately: %s" % priv)
priv, pub = cmd(ALICE, "alice", "help", command="/nosuch")
ok(priv and "not one of my commands" in priv[0], "an unknown command is "
   "refused privately: %s" % priv)

# --- what went where ----------------------------------------------------
s = state()
msgs = messages()
leaks = [t for t in public_texts(msgs) if SECRET.search(t)]
ok(not leaks, "no secret in a channel, a public edit or a public button: "
   "%s" % leaks[:2])
ok(set(l for m in msgs.values() if not m["ephemeral"] and not m["dm_user"]
       for l in labels(m)) <= {"My hand", "Table"},
   "public buttons are the table's own")
ok(any(m["ephemeral"] and SECRET.search(m["text"]) for m in msgs.values()),
   "secrets do go out, ephemeral")
ok(not s["block_errors"], "every message is valid Block Kit: %s" %
   s["block_errors"][:3])
ok(not s["hook_errors"], "response_urls are used as Slack allows: %s" %
   s["hook_errors"][:3])
ok(not s["late_acks"], "every envelope acked within 3 s: %s" %
   s["late_acks"])
ok(not s["bad_auth"], "every Web API call carries the bot token: %s" %
   s["bad_auth"][:3])
ok(not s["json_refused"], "read methods get forms, not JSON: %s" %
   s["json_refused"])
ok(s["bad_frames"] == 0, "the bot sends only acks on the socket")
ok(max(s["paced"].values()) >= 20, "many messages went to one channel: %s"
   % s["paced"])
gap = min(s["min_gap"].values())
ok(gap >= PACE * 0.9, "messages to one channel are paced at %.2f s (the "
   "closest two: %.3f s)" % (PACE, gap))
ok(not s["overlaps"], "a channel's message leaves only once Slack has "
   "answered the last one (slow answers in the lobby): %s" %
   s["overlaps"][:3])
with open(BOT_ERR) as f:
    log = f.read()
ok("xoxb-test" not in log and "xapp-1-test" not in log,
   "the tokens are never logged")
ok("/hooks/" not in log and "ticket=" not in log,
   "response_urls and socket tickets are never logged")

if TALLY.failed:
    # For the reader of a failed run: the socket connections and the
    # envelopes' acks, in seconds from the first connection.
    s = state()
    t0 = s["connections"][0]["opened"] if s["connections"] else 0.0

    def rel(t):
        return "-" if t is None else "%.1f" % (t - t0)
    for c in s["connections"]:
        print("slack: connection %d: opened %s, hello %s, closed %s by %s"
              % (c["n"], rel(c["opened"]), rel(c["hello"]), rel(c["closed"]),
                 c["by"]))
    slow = sorted(((a["latency"], eid) for eid, acks in s["acks"].items()
                   for a in acks), reverse=True)[:5]
    print("slack: slowest acks: %s; late (over 3 s): %s" %
          (["%s %.2f s" % (eid, l) for l, eid in slow], s["late_acks"]))
TALLY.end("slack")
