#!/usr/bin/python3
"""Drives cheersbot through the fake Discord and checks what it sent.

    scenario.py PORT BOT_STDERR_FILE
        [game|restart|buttons|overdue1|overdue2|kill1|kill2|stale1|stale2|
         tls CA_FILE]

Prints one line per failed check and a final "N passed, M failed" line;
exits non-zero when anything failed.  run.sh starts the fake server and the
bot (with bot.seed=42, so the deal is always the same) before calling it.
"""
import os
import re
import sys
import time
import urllib.request

import fake_client
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import checks
from fake_client import call, embed_texts, messages, op, public_texts, \
    state, wait

PORT = int(sys.argv[1])
BOT_ERR = sys.argv[2]
MODE = sys.argv[3] if len(sys.argv) > 3 else "game"
BASE = "http://127.0.0.1:%d" % PORT
SSL = None
if MODE == "tls":
    import ssl
    BASE = "https://localhost:%d" % PORT
    SSL = ssl.create_default_context(cafile=sys.argv[4])
CHANNEL, GUILD = ({"buttons": "600", "overdue1": "610",
                   "overdue2": "610", "kill1": "620",
                   "kill2": "620", "stale1": "630",
                   "stale2": "630"}.get(MODE, "500")), "700"
ALICE, BOB = "101", "102"
SECRET = re.compile(r"([Rr]ecipe: |[Yy]our hand|^[0-9]+\. .*\(cheers with )",
                    re.M)
TALLY = checks.Tally("discord")
ok = TALLY.ok
fake_client.BASE, fake_client.SSL = BASE, SSL


def ix(user, name, sub, options=(), guild=GUILD, perms="0", channel=None):
    """Injects /cheers <sub> and returns the interaction id."""
    return call("POST", "/_test/interaction", {
        "user": user, "name": name, "channel": channel or CHANNEL,
        "guild": guild, "sub": sub, "options": list(options),
        "perms": perms})["id"]


def answers(s, iid):
    return [c for c in s["callbacks"] + s["followups"]
            if c["interaction"] == iid]


def answered(iid, timeout=5.0):
    """Waits for the callback of interaction iid; returns all answers."""
    s = wait(lambda s: any(c["interaction"] == iid for c in s["callbacks"]),
             timeout)
    time.sleep(0.1)     # let followups land too
    return answers(state(), iid) if s else []


def text_of(ans):
    return "\n".join(a["content"] for a in ans)


def labels(m):
    return [b["label"] for row in m["components"] for b in row["components"]]


def boards(msgs=None):
    """The table messages in the channel, oldest first."""
    msgs = messages() if msgs is None else msgs
    return [m for m in sorted(msgs.values(), key=lambda m: int(m["id"]))
            if m["channel"] == CHANNEL and m["kind"] == "channel" and
            not m["deleted"] and ("My hand" in labels(m) or m["embeds"] or
                                  "Lately:" in m["content"] or
                                  "'s shaker:" in m["content"])]


# The colour of the table's embed in each state.
RUNNING, PAUSED, OVER = 0x57f287, 0xfee75c, 0x99aab5


def board_embed(msgs=None):
    """The embed of the newest table message, or None."""
    b = boards(msgs)
    return b[-1]["embeds"][0] if b and b[-1]["embeds"] else None


def check_embed(e, colour, names):
    """The table's embed: the game and table in the title, colour for the
    state, one field per shaker named plainly (names are some of them),
    whose turn (or the end) in the footer; plain text where Discord
    shows no mentions."""
    if not ok(e is not None, "the table is an embed"):
        return
    ok(re.match(r"CHEERS · table \d+$", e.get("title", "")),
       "the embed's title names the game and the table: %r" %
       e.get("title"))
    ok(e.get("color") == colour, "the embed's colour is %06x: %r" %
       (colour, e.get("color")))
    fields = [f["name"] for f in e.get("fields", [])]
    ok(set("%s's shaker" % n for n in names) <= set(fields),
       "a field per shaker, named plainly: %s" % fields)
    footer = (e.get("footer") or {}).get("text", "")
    ok(re.search(r"'s turn| must |Game over", footer),
       "the footer says whose turn it is: %r" % footer)
    ok(not any("<@" in t for t in [e.get("title", ""), footer] + fields),
       "no mention where Discord shows none: %r %s" % (footer, fields))


def whose_turn(s=None):
    """Who must act, from the table message once its edits have landed
    (the same content twice, 0.15 s apart): a turn or a prompt."""
    last = None
    for i in range(40):
        b = boards()
        now = b[-1]["content"] if b else None
        if now == last:
            break
        last = now
        time.sleep(0.15)
    if last is None:
        return None
    # The table's text ends with whose turn it is, after the last moves.
    m = re.search(r"<@(\d+)>'s turn|<@(\d+)> must", last.split("\n")[-1])
    return m and (m.group(1) or m.group(2))


def play_if_my_turn():
    """The human whose turn it is plays card 1 into their own shaker."""
    turn = whose_turn()
    if turn not in (ALICE, BOB):
        return None
    return ix(turn, "alice" if turn == ALICE else "bob", "play",
              [{"name": "card", "type": 3, "value": "1"},
               {"name": "target", "type": 3, "value": "me"}])


def answer_prompt(a):
    """If a's refusal names a pending CHEERS or overflow, answers it."""
    t = text_of(a)
    m = re.match(r"<@(\d+)> must answer", t)
    if not m:
        return a
    user = m.group(1)
    name = "alice" if user == ALICE else "bob"
    if "give" in t:
        other = BOB if user == ALICE else ALICE
        return answered(ix(user, name, "give", [
            {"name": "target", "type": 3, "value": "<@%s>" % other},
            {"name": "target2", "type": 3, "value": "Negroni"}]))
    if "discard" in t:
        return answered(ix(user, name, "discard",
                           [{"name": "card", "type": 3, "value": "1"}]))
    return a


if MODE == "tls":
    # https and wss, trusting the test's own CA through discord.ca_file.
    s = wait(lambda s: s["identifies"] and s["commands"] is not None)
    ok(s is not None, "over TLS (ca_file) the bot identifies and registers")
    ok(answered(ix(ALICE, "alice", "status")), "commands work over TLS")
    TALLY.end("discord (tls)")

def bot_ready(timeout=20.0):
    """This bot (not an earlier one on the same fake) has connected."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with open(BOT_ERR) as f:
            if "discord: ready" in f.read():
                return True
        time.sleep(0.05)
    return False


def alice_starts():
    """Once the bot is ready, alice opens a table, an AI joins and the
    game starts: a check of each."""
    ok(bot_ready(), "the bot is ready")
    ok(answered(ix(ALICE, "alice", "new")), "alice opens a table")
    ok(answered(ix(ALICE, "alice", "addbot")), "an AI joins")
    ok(answered(ix(ALICE, "alice", "start")), "the game starts")


if MODE == "overdue1":
    # A game waiting for alice, with a short turn timer; run.sh stops the
    # bot now and starts it again once the timer would have run out.
    alice_starts()
    ok(whose_turn() == ALICE, "it is alice's turn")
    TALLY.end("discord (overdue, before)")

if MODE == "overdue2":
    # Restarted after alice's timer ran out: the restore tells the channel
    # at once, before the gateway is up, and nothing crashes.
    s = wait(lambda s: any("I was away for longer than <@%s>'s timer" % ALICE
                           in m["content"] for m in s["messages"]
                           if m["channel"] == CHANNEL), 10)
    ok(s is not None, "the restored table says alice has a fresh timer")
    ok(bot_ready() and answered(ix(ALICE, "alice", "status")),
       "commands work")
    TALLY.end("discord (overdue, after)")


def click(user, name, msg, label, raced=False):
    """Clicks the button labelled label on message msg (as it was given:
    with raced, an edit may have taken it off since); the answers."""
    ids = [b["custom_id"] for row in msg["components"]
           for b in row["components"] if b["label"] == label]
    if not ids:
        return None
    iid = call("POST", "/_test/click", {"user": user, "name": name,
                                       "message": msg["id"],
                                       "custom_id": ids[0], "guild": GUILD,
                                       "raced": raced})
    return answered(iid["id"])


def hand_lines(text):
    """The hand of a private view as completions name it: "1. cocktail
    (cheers with tropical)", its emoji taken out."""
    out = []
    for line in text.split("\n"):
        line = " ".join(re.sub(r"[^\x00-\x7f]", " ", line).split())
        if re.match(r"^\d+\. \S", line) and "(cheers with" in line:
            out.append(line)
    return out


def complete(user, name, sub, option, typed):
    """Asks for the completions of option of /cheers sub as user types
    typed (an autocompletion); the choices answered, or None."""
    iid = call("POST", "/_test/interaction", {
        "user": user, "name": name, "channel": CHANNEL, "guild": GUILD,
        "sub": sub, "autocomplete": True,
        "options": [{"name": option, "type": 3, "value": typed,
                     "focused": True}]})["id"]
    a = answered(iid)
    return a[0].get("choices") if a and a[0]["type"] == 8 else None


def latest_dm(user, msgs):
    dms = [m for m in msgs.values() if m["dm_user"] == user and
           m["components"]]
    return max(dms, key=lambda m: int(m["id"])) if dms else None


if MODE == "kill1":
    # A game of alice and an AI; run.sh kills the bot (SIGKILL) once the
    # table message is up, and starts it again on the same state.
    alice_starts()
    ok(wait(lambda s: boards() and "My hand" in labels(boards()[-1]))
       is not None, "the table message is up")
    ok(whose_turn() == ALICE, "it is alice's turn")
    TALLY.end("discord (kill, before)")

if MODE == "kill2":
    # After a SIGKILL and a restart the bot knows its table message: a
    # move edits it, "Table" deletes it when it posts the table anew, and
    # the end's last edit reaches the new one.  One table message stays.
    ok(bot_ready(), "the bot is ready again")
    b = boards()
    ok(len(b) == 1, "one table message before the move: %d" % len(b))
    board0 = b[0]["id"] if b else None
    edits0 = len(b[0]["history"]) if b else 0
    iid = play_if_my_turn()
    ok(iid is not None and answer_prompt(answered(iid)),
       "alice plays a card after the restart")
    s = wait(lambda s: len(messages()[board0]["history"]) > edits0)
    ok(s is not None, "the move edits the table message of the first run")
    b = boards()
    ok(len(b) == 1 and b[0]["id"] == board0,
       "no second table message: %s" % [m["id"] for m in b])
    a = click(ALICE, "alice", messages()[board0], "Table")
    ok(a and a[0]["type"] == 6, "Table is acknowledged silently: %s" % a)
    s = wait(lambda s: messages()[board0]["deleted"] and len(boards()) == 1)
    ok(s is not None, "Table posts the table anew and deletes the message "
       "of the first run")
    board1 = boards()[-1]["id"] if boards() else None
    # /cheers status moves the table down too, and answers only alice.
    before = set(messages())
    a = answered(ix(ALICE, "alice", "status"))
    ok(a and len(a) == 1 and a[0]["flags"] & 64,
       "status is answered ephemerally: %s" % a)
    s = wait(lambda s: messages()[board1]["deleted"] and len(boards()) == 1)
    ok(s is not None, "status posts the table anew and deletes the old")
    new = [m for i, m in messages().items() if i not in before and
           m["channel"] == CHANNEL and not m["flags"] & 64]
    ok(len(new) == 1 and new[0]["id"] == boards()[-1]["id"],
       "status adds nothing public beside the table: %s" %
       [m["content"] for m in new])
    board1 = boards()[-1]["id"] if boards() else None
    ok(answered(ix(ALICE, "alice", "end", [
        {"name": "confirm", "type": 3, "value": "confirm"}])),
       "alice ends the game (end confirm)")
    # alice's DMs of this table: the view of the first run, edited after
    # the restart; every prompt cleared, the last saying how it ended.
    here = "CHEERS at <#%s>: " % CHANNEL
    def alice_dms():
        return [m for m in messages().values() if m["dm_user"] == ALICE and
                (m["history"] or [m["content"]])[0].startswith(here)]
    s = wait(lambda s: not any(m["components"] for m in alice_dms()))
    ok(s is not None, "no DM of alice keeps live buttons after the end")
    dms = alice_dms()
    views = [m for m in dms if not (m["history"] or [m["content"]])[0]
             .startswith(here + "Your move:")]
    ok(len(views) == 1 and views[0]["history"],
       "alice's view is the first run's message, edited: %s" %
       [(m["id"], len(m["history"])) for m in views])
    asks = sorted((m for m in dms if m not in views), key=lambda m: int(m["id"]))
    ok(asks and asks[-1]["content"] == here + "Ended by alice.",
       "the last prompt says the game ended: %r" %
       (asks and asks[-1]["content"]))
    s = wait(lambda s: not labels(messages()[board1]))
    ok(s is not None, "the final edit takes the buttons off")
    last = messages()[board1]
    footer = ((last["embeds"] or [{}])[0].get("footer") or {}).get("text", "")
    ok(last["content"].split("\n")[-1] == "Ended by alice." and
       footer == "Ended by alice.",
       "the final edit says how the table ended: %r, footer %r" %
       (last["content"], footer))
    ok("'s turn" not in last["content"] + footer and
       " must " not in last["content"] + footer,
       "the ended table names no turn: %r" % last["content"])
    b = boards()
    ok(len(b) == 1 and b[0]["id"] == board1,
       "exactly one table message is left: %s" % [m["id"] for m in b])
    TALLY.end("discord (kill, after)")


def end_buttons():
    """alice's ephemeral answers in the channel holding "End the game",
    oldest first."""
    return [m for m in sorted(messages().values(), key=lambda m: int(m["id"]))
            if m["channel"] == CHANNEL and m["flags"] & 64 and
            m["user"] == ALICE and "End the game" in labels(m)]


if MODE == "stale1":
    # Issue 32: a game ended by its ephemeral "End the game" button; run.sh
    # restarts the bot on the same state for stale2.
    alice_starts()
    ok(whose_turn() == ALICE, "it is alice's turn")
    a = answered(ix(ALICE, "alice", "end"))
    ok(a and a[0]["flags"] & 64 and len(end_buttons()) == 1,
       "end asks alice privately, with an End button: %s" % a)
    a = click(ALICE, "alice", end_buttons()[-1], "End the game") \
        if end_buttons() else None
    ok(a is not None and wait(lambda s: boards() and
                              not labels(boards()[-1])) is not None,
       "the End button ends the game: %s" % a)
    TALLY.end("discord (stale, before)")

if MODE == "stale2":
    # After the restart a new game runs in the same channel; the first
    # game's End button is answered that that game is over, privately,
    # and the new game goes on.
    ok(bot_ready(), "the bot is ready again")
    ok(answered(ix(ALICE, "alice", "new")), "alice opens a second table")
    ok(answered(ix(ALICE, "alice", "addbot")), "an AI joins")
    ok(answered(ix(ALICE, "alice", "start")), "the second game starts")
    ok(whose_turn() == ALICE, "it is alice's turn")
    old = end_buttons()
    ok(len(old) == 1, "the first game's End button is still shown: %d" %
       len(old))
    board = boards()[-1] if boards() else None
    a = click(ALICE, "alice", old[0], "End the game") if old else None
    # The answer replaces alice's ephemeral question (type 7), or is a
    # new ephemeral one: private either way.
    ok(a and text_of(a) == "That game is over." and a[-1]["message"] and
       messages()[a[-1]["message"]]["flags"] & 64,
       "the old End button is answered privately that the game is over: "
       "%s" % a)
    time.sleep(0.3)
    ok(board is not None and "My hand" in labels(messages()[board["id"]]),
       "the second game's table keeps its buttons")
    a = answered(ix(ALICE, "alice", "status"))
    ok("'s turn" in text_of(a) or (boards() and
                                   "'s turn" in boards()[-1]["content"]),
       "the second game still runs: %s" % a)
    TALLY.end("discord (stale, after)")


if MODE == "buttons":
    # A whole game of CHEERS in channel 600, played mostly by clicks:
    # alice from her DMs and the table's "My hand", bob (DMs closed) from
    # "My hand" only, and an AI; now and then a slash command.
    import random
    rnd = random.Random(7)
    NAMES = {ALICE: "alice", BOB: "bob"}
    def ready(s):
        with open(BOT_ERR) as f:
            return "discord: ready" in f.read() and s["commands"] is not None
    ok(wait(ready) is not None, "the bot is ready")
    op("dmclosed", "?user=" + BOB)
    ok(answered(ix(ALICE, "alice", "new")), "alice opens a table")
    ok(answered(ix(BOB, "bob", "join")), "bob joins")
    ok(answered(ix(ALICE, "alice", "addbot")), "an AI joins")
    op("patchdelay", "?s=0.15")
    a = answered(ix(ALICE, "alice", "start"))
    ok("begins" in text_of(a) and a[0]["flags"] == 0,
       "the start is the public answer: %s" % a)
    s = wait(lambda s: boards() and labels(boards()[-1]) == ["My hand", "Table"])
    ok(s is not None, "the table is one message with My hand and Table")
    check_embed(board_embed(), RUNNING, ["alice", "bob"])
    board0 = boards()[-1]["id"] if boards() else None
    # Discord refuses bob's first DM (his hand) only after the bot sent
    # it, over two REST calls; until that answer is in, the bot cannot
    # know, and a move of bob's is answered as for open DMs.
    ok(wait(lambda s: any("cannot send" in m["content"] and BOB in
                          m["content"] for m in messages().values()))
       is not None, "the table is told that bob's DMs are closed")

    a = click("103", "carol", boards()[-1], "My hand")
    ok(a and a[0]["flags"] & 64 and "not playing" in a[0]["content"],
       "carol, not seated, gets no hand: %s" % a)

    moves = slash = dm_moves = board_moves = alice_moves = 0
    stale = None        # a DM whose buttons a move made stale
    stale_checked = False
    # How many moves the game takes depends on timing: its checks count
    # once.
    per_move = checks.once(ok, "every move of the game, and what happens "
                           "along the way, is as it should be")
    for b, who, name in checks.turns(boards, labels, whose_turn, NAMES,
                                     400):
        msgs = messages()
        if moves % 7 == 3 and \
                "'s turn" in b[-1]["content"].split("\n")[-1]:
            # A slash command now and then: the answer is the news.
            a = answered(ix(who, name, "throw"))
            # Refused privately because the table message was behind the
            # game (an AI's move after it, its edit still on its way):
            # fine once that edit lands; the turn is looked at again.
            if a and a[0]["flags"] & 64 and wait(
                    lambda s: boards()[-1]["content"] != b[-1]["content"],
                    5) is not None:
                continue
            ok(a and a[0]["flags"] == 0 and "throws" in text_of(a),
               "/cheers throw is answered publicly with the news: %s" % a)
            moves += 1
            slash += 1
            alice_moves += who == ALICE
            continue
        dm = latest_dm(who, msgs) if who == ALICE else None
        if dm is not None and moves % 2 == 0:
            view, via = dm, "dm"
        else:
            if who == ALICE and not stale_checked:
                stale = dm      # a DM this move will make stale
            a = click(who, name, b[-1], "My hand")
            if not ok(a and a[0]["type"] == 4 and a[0]["flags"] & 64,
                      "My hand answers with a new ephemeral: %s" % a):
                break
            view, via = messages()[a[0]["message"]], "board"
        for depth in range(4):
            choices = [l for l in labels(view) if l != "« back"]
            if not choices:
                break
            a = click(who, name, view, rnd.choice(choices))
            if not ok(a and a[0]["type"] == 7,
                      "a click on a private message edits it: %s" % a):
                break
            view = messages()[view["id"]]
            if "Done" in view["content"]:
                break
        if not ok("Done" in view["content"],
                  "a move by clicks is played: %r" % view["content"]):
            break
        if who == ALICE:
            ok(labels(view) == [], "the played view keeps no buttons "
               "(alice has the new one by DM)")
        else:
            # Unless his move ended the game: then the table loses its
            # buttons, once its (delayed) edit is in.
            ok("Your hand" in view["content"] or
               wait(lambda s: not labels(boards()[-1])) is not None,
               "bob, whose DMs are closed, gets the new view in its "
               "place: %r" % view["content"])
        moves += 1
        alice_moves += who == ALICE
        if via == "dm":
            dm_moves += 1
        else:
            board_moves += 1
        if stale is not None and not stale_checked and via == "board" and \
                who == ALICE:
            # The prompt she did not use is cleared; a click that
            # crossed the edit only takes its buttons off.
            s = wait(lambda s: not messages()[stale["id"]]["components"])
            ok(s is not None, "a prompt answered another way loses its "
               "buttons")
            old = messages()[stale["id"]]
            ok(old["content"] != stale["content"] and "Your move" not in
               old["content"], "the cleared prompt says what happened: "
               "%r" % old["content"])
            a = click(ALICE, "alice", stale, labels(stale)[0], raced=True)
            ok(a and "moved on" in a[0]["content"] and a[0]["type"] == 7
               and not a[0]["components"],
               "a stale button's click takes its buttons off: %s" % a)
            stale_checked = True
        if moves == 6:
            # "Table" posts the board again at the bottom, the old goes.
            a = click(BOB, "bob", boards()[-1], "Table")
            ok(a and a[0]["type"] == 6, "Table is acknowledged silently: %s" % a)
            s = wait(lambda s: s["deletes"] >= 1 and len(boards()) == 1 and
                     boards()[-1]["id"] != board0)
            ok(s is not None, "the table was posted again and the old "
               "message deleted")
    per_move.done()
    s = wait(lambda s: any("Game over" in t for t in public_texts(s)), 10)
    ok(s is not None, "the game is played to its end (%d moves: %d by DM "
       "buttons, %d by My hand, %d by slash command)" %
       (moves, dm_moves, board_moves, slash))
    ok(dm_moves > 0 and board_moves > 0 and slash > 0,
       "every way of moving was used")
    ok(stale_checked, "a stale button was clicked")
    s = wait(lambda s: boards() and not labels(boards()[-1]), 5)
    ok(s is not None, "the final table has no buttons left")
    # alice's DMs: her view, one message edited in place, and one short
    # prompt a move of hers, each cleared; none keeps live buttons.
    s = wait(lambda s: not any(m["components"] for m in messages().values()
                               if m["dm_user"] == ALICE), 5)
    ok(s is not None, "no DM of alice ends with live buttons: %s" %
       [m["content"][:60] for m in messages().values()
        if m["dm_user"] == ALICE and m["components"]])
    msgs = messages()
    here = "CHEERS at <#%s>: " % CHANNEL
    dms = [m for m in msgs.values() if m["dm_user"] == ALICE and
           (m["history"] or [m["content"]])[0].startswith(here)]
    first = [(m["history"] or [m["content"]])[0] for m in dms]
    asks = [m for m, t in zip(dms, first) if t.startswith(here + "Your move:")]
    views = [m for m, t in zip(dms, first)
             if not t.startswith(here + "Your move:")]
    ok(len(views) == 1 and len(views[0]["history"]) > 1,
       "alice's view is one DM edited in place: %d views, %s edits" %
       (len(views), [len(m["history"]) for m in views]))
    ok(0 < len(asks) <= alice_moves + 3,
       "a new DM only for alice's move: %d prompts for %d moves" %
       (len(asks), alice_moves))
    ok(len(dms) <= alice_moves + 4, "few DMs to alice: %d for %d moves" %
       (len(dms), alice_moves))
    ok(all(not m["content"].startswith(here + "Your move:") for m in asks),
       "every prompt was edited to say what happened: %s" %
       [m["content"][:60] for m in asks
        if m["content"].startswith(here + "Your move:")])

    b = boards(msgs)
    ok(len(b) == 1, "one table message in the channel: %d" % len(b))
    s = state()
    # Table messages are embeds (the old one a "Table" click replaced
    # too); without one, the table's text names a shaker.
    posts = [m["content"] for m in msgs.values() if m["channel"] == CHANNEL
             and m["kind"] == "channel" and "'s shaker:" not in m["content"]
             and not m["embeds"] and not m["embed_history"]
             and "CHEERS!" not in m["content"]
             and "This was table" not in m["content"]]
    ok(len(posts) <= 1, "a move is an edit: besides the table, only "
       "CHEERS, the end and bob's closed DMs were posted: %s" % posts)
    with open(BOT_ERR) as f:
        coalesced = f.read().count("the newer table replaces it")
    ok(coalesced > 0, "edits coming faster than Discord takes them are "
       "coalesced (%d)" % coalesced)
    leaks = [t for t in public_texts(s, msgs) if SECRET.search(t)]
    ok(not leaks, "no secret in a channel, a public answer or a public "
       "button: %s" % leaks[:2])
    ok(set(l for m in msgs.values() if m["channel"] == CHANNEL and
           not m["flags"] & 64 for l in labels(m)) <= {"My hand", "Table"},
       "public buttons are the table's own")
    ok(not s["component_errors"], "every button is within Discord's "
       "limits: %s" % s["component_errors"][:3])
    ok(s["embeds_seen"] > 0 and not s["embed_errors"],
       "every table was an embed within Discord's limits (%d sent): %s" %
       (s["embeds_seen"], s["embed_errors"][:3]))
    check_embed(board_embed(msgs), OVER, ["alice", "bob"])
    ok(not s["callback_errors"], "callback types fit the interaction: %s" %
       s["callback_errors"][:3])
    ok(not s["late_callbacks"], "every callback within 3 s")
    ok(s["unexpected_429"] == 0, "edits respect the rate limit")
    # Each game has its own command: /fwb new opens a FwB table.
    a = answered(call("POST", "/_test/interaction", {
        "user": ALICE, "name": "alice", "channel": "601", "guild": GUILD,
        "command": "fwb", "sub": "new", "options": []})["id"])
    ok("Friends with Beverages" in text_of(a) and a[0]["flags"] == 0,
       "/fwb new opens a Friends with Beverages table: %s" % a)
    TALLY.end("discord (buttons)")

if MODE == "restart":
    # A second run: no gateway_url (so GET /gateway/bot), guild_id=700.
    # The first run used gateway_url and global commands.
    s = wait(lambda s: s["commands_route"] == "guild:700")
    ok(s is not None, "without gateway_url the bot asks GET /gateway/bot, "
       "and with guild_id it registers in that guild")
    ok(s and s["gateway_bot"] >= 1, "GET /gateway/bot was used")
    ok(answered(ix(ALICE, "alice", "status")), "commands work")
    # Channel admins (MANAGE_GUILD 0x20, MANAGE_CHANNELS 0x10) may do what
    # a host does; plain members may not.
    ok(answered(ix("103", "carol", "new")), "carol opens a table")
    a = answered(ix("105", "eve", "addbot", perms="1024"))
    ok(a and a[0]["flags"] & 64, "a member without Manage rights cannot "
       "add AI players: %s" % a)
    a = answered(ix("104", "dave", "addbot", perms="16"))
    ok(a and a[0]["flags"] == 0 and "AI" in text_of(a),
       "MANAGE_CHANNELS makes dave a channel admin: %s" % a)
    a = answered(ix("106", "fay", "end", perms="32"))
    ok(a and a[0]["flags"] == 0, "MANAGE_GUILD makes fay one too: %s" % a)
    TALLY.end("discord (restart)")

# --- connect, identify, register ---------------------------------------
s = wait(lambda s: s["identifies"] and s["commands"] is not None)
ok(s is not None, "the bot identifies and registers its command")
s = state()
ok(s["command_errors"] == [], "the command schema is valid: %s" %
   s["command_errors"])
ok(all(u.startswith("DiscordBot (") for u in s["ws_user_agents"]),
   "User-Agent on the websocket upgrade")
ok(all(u.startswith("DiscordBot (") for u in s["rest_user_agents"]),
   "User-Agent on REST")
ok(s["bad_auth"] == 0, "REST requests carry Authorization: Bot <token>")
ok(s["compressed"] == s["connections"], "every gateway connection is "
   "compressed (discord.compress, zlib-stream)")
ok(s["identifies"][0] == {"intents": 1, "shard": [0, 1]},
   "IDENTIFY with intents GUILDS only and shard [0, 1]: %s" %
   s["identifies"][0])
cmd = s["commands"][0] if s["commands"] else {"options": []}
subs = {o["name"]: o for o in cmd.get("options", [])}
ok(cmd.get("name") == "cheers", "the first command is named after "
   "bot.command")
tops = {c["name"]: c for c in s["commands"] or []}
ok(set(tops) == {"cheers", "fwb", "cosdrink", "magic"},
   "one command per game: %s" % list(tops))
fwb = {o["name"]: o for o in tops.get("fwb", {}).get("options", [])}
ok({"draw", "complete", "new", "join", "start", "hand"} <= set(fwb),
   "/fwb has its actions and the table verbs: %s" % list(fwb))
ok([o["name"] for o in fwb.get("new", {}).get("options", [])] == ["options"],
   "/fwb new needs no game")
cos = {o["name"]: o for o in tops.get("cosdrink", {}).get("options", [])}
ok({"play", "ask", "aid", "decline", "retreat", "pass", "draw", "new",
    "join", "start", "hand"} <= set(cos),
   "/cosdrink has its actions and the table verbs: %s" % list(cos))
magic = {o["name"]: o for o in tops.get("magic", {}).get("options", [])}
ok({"offer", "counter", "accept", "withdraw", "stone", "lay", "new"} <=
   set(magic), "/magic has its actions and the table verbs: %s" % list(magic))
ok([o["name"] for o in magic.get("offer", {}).get("options", [])] ==
   ["give", "kind", "want", "kind2", "player"],
   "/magic offer takes give, kind, want, kind2 and an optional player: %s"
   % magic.get("offer"))
for name in ("new", "join", "addbot", "start", "hand", "play", "give",
             "discard", "settings"):
    ok(name in subs, "subcommand %s is registered" % name)
if "give" in subs:
    ok([o["name"] for o in subs["give"]["options"]] ==
       ["target", "target2", "card"], "give's options are unique, "
       "required first")
if "play" in subs:
    ok([(o["name"], o["type"], o["required"], o.get("autocomplete", False))
        for o in subs["play"]["options"]]
       == [("card", 3, True, True), ("target", 3, True, False)],
       "play: card a string completed by name, target string")
if "kick" in subs:
    ok(subs["kick"]["options"][0]["type"] == 6, "kick takes a user")
if "new" in subs:
    ok([o["name"] for o in subs["new"]["options"]] == ["game", "options"],
       "new's option=value ... becomes options")

# --- a game of CHEERS through slash commands ----------------------------
a = answered(ix(ALICE, "alice", "new"))
ok("opened a CHEERS table" in text_of(a) and a and a[0]["flags"] == 0,
   "/cheers new opens a table, answered publicly: %s" % a)
a = answered(ix(BOB, "bob", "join"))
ok("joins" in text_of(a), "/cheers join: %s" % a)
op("dmclosed", "?user=" + BOB)
a = answered(ix(ALICE, "alice", "addbot",
                [{"name": "count", "type": 4, "value": 1}]))
ok("AI player" in text_of(a), "/cheers addbot count:1: %s" % a)
a = answered(ix(BOB, "bob", "start"))
ok(a and a[0]["flags"] & 64, "only the host may start, said privately")
a = answered(ix(ALICE, "alice", "start"))
ok("begins" in text_of(a), "/cheers start: %s" % a)
s = wait(lambda s: any(m["dm_user"] == ALICE for m in s["messages"]) and
         any("cannot send <@%s> direct" % BOB in t for t in public_texts(s)))
ok(s is not None and len(boards()) == 1, "the table is one message")
check_embed(board_embed(), RUNNING, ["alice", "bob"])
ok(whose_turn() is not None and
   re.search(r"<@\d+>", boards()[-1]["content"].split("\n")[-1]),
   "the table's text says whose turn it is, with a mention: %r" %
   boards()[-1]["content"])
ok(s is not None, "alice gets her cards by DM, the channel hears that "
   "bob's DMs are closed")
s = state()
ok(any("Your recipe:" in m["content"] for m in s["messages"]
       if m["dm_user"] == ALICE), "the DM holds alice's recipe")
ok(not any(m["dm_user"] == BOB for m in s["messages"]),
   "nothing reached bob's closed DMs")
a = answered(ix(BOB, "bob", "hand"))
ok(a and a[0]["flags"] & 64 and "Your hand" in text_of(a),
   "bob's /cheers hand comes back ephemeral: %s" % a)
bob_hand = hand_lines(text_of(a))
a = answered(ix(ALICE, "alice", "hand", guild=None))
ok("Your hand" in text_of(a), "/cheers hand from a DM finds alice's table")
alice_hand = hand_lines(text_of(a))
# Completing a card by name (autocomplete): each player is offered their
# own hand, numbered as it lists, and nothing of another's; a player
# with no seat is offered nothing.
got = complete(ALICE, "alice", "play", "card", "")
ok(got is not None and [c["name"] for c in got] == alice_hand and
   len(alice_hand) >= 3, "alice's completions are her own hand: %s, "
   "hand %s" % (got, alice_hand))
got = complete(BOB, "bob", "play", "card", "")
ok(got is not None and [c["name"] for c in got] == bob_hand and
   len(bob_hand) >= 3, "bob's completions are his own hand: %s, hand %s"
   % (got, bob_hand))
ok(complete("170", "carol", "play", "card", "") == [],
   "someone without a seat is offered no cards")
first = alice_hand[0].split(". ", 1)[1] if alice_hand else "?"
got = complete(ALICE, "alice", "play", "card", first[:3].upper())
ok(got and all(c["name"].split(". ", 1)[1].startswith(first[:3]) and
               c["value"] == c["name"].split(". ", 1)[1] for c in got) and
   len(got) == sum(1 for h in alice_hand
                   if h.split(". ", 1)[1].startswith(first[:3])),
   "typed %r, alice is offered her cards that start so, each sent by "
   "name: %s" % (first[:3].upper(), got))
ok(all(n == 1 for n in state()["dm_opens"].values()),
   "each DM channel is opened once and cached: %s" % state()["dm_opens"])

# A 429 storm (route and global limits mixed) on channel messages.
op("storm", "?n=6&global=1")
moves = 0
# As many moves as the humans have turns in a row, by timing: one check.
per_move = checks.once(ok, "each human move is accepted and announced")
for i in range(6):
    iid = play_if_my_turn()
    if iid is None:
        break
    a = answer_prompt(answered(iid))
    ok(a and a[0]["flags"] == 0,
       "a human move is accepted and announced: %s" % a)
    moves += 1
per_move.done()
ok(moves >= 2, "humans played at least two moves (%d)" % moves)
s = wait(lambda s: s["served_429"] == 6 and all(
    any(m["content"] == c for m in s["messages"])
    for c in s["limited_contents"]), 10)
ok(s is not None, "after a 429 storm every limited message still arrives")

# --- gateway trouble: nothing is lost -----------------------------------
s0 = state()
op("op7")
iid = ix(ALICE, "alice", "status")
s = wait(lambda s: s["resumes"] > s0["resumes"])
ok(s is not None, "op 7: the bot resumes")
ok(s and s["close_codes"][len(s0["close_codes"]):][:1] == [4000],
   "op 7: the bot closes with 4000, not 1000: %s" %
   (s and s["close_codes"]))
ok(answered(iid), "an interaction sent around op 7 is answered")

s0 = state()
op("drop")
time.sleep(0.05)
iid = play_if_my_turn() or ix(ALICE, "alice", "status")
s = wait(lambda s: s["resumes"] > s0["resumes"])
ok(s is not None, "dropped socket: the bot resumes")
a = answer_prompt(answered(iid))
ok(a and a[0]["flags"] == 0,
   "a move sent while the socket was down is replayed and played: %s" % a)

s0 = state()
op("op9", "?resumable=0")
s = wait(lambda s: len(s["identifies"]) > len(s0["identifies"]), 8)
ok(s is not None, "op 9 d:false: the bot identifies anew")
ok(answered(ix(ALICE, "alice", "status")), "commands work after op 9")

s0 = state()
op("ack", "?on=0")
s = wait(lambda s: s["connections"] > s0["connections"], 8)
op("ack", "?on=1")
ok(s is not None, "a zombie connection (no ACKs) is closed and replaced")
ok(s and s["close_codes"][len(s0["close_codes"]):][:1] == [4000],
   "a zombie is closed with 4000, not 1000: %s" % (s and s["close_codes"]))
s = wait(lambda s: s["resumes"] > s0["resumes"], 5)
ok(s is not None, "after a zombie the bot resumes")
ok(answered(ix(ALICE, "alice", "status")), "commands work after a zombie")

s0 = state()
op("op9", "?resumable=1")
s = wait(lambda s: s["resumes"] > s0["resumes"], 5)
ok(s is not None and len(s["identifies"]) == len(s0["identifies"]),
   "op 9 d:true: the bot resumes")

s0 = state()
op("close", "?code=4009")
s = wait(lambda s: len(s["identifies"]) > len(s0["identifies"]), 8)
ok(s is not None, "close code 4009: the bot identifies anew")
ok(answered(ix(ALICE, "alice", "status")), "commands work after 4009")

# Malformed payloads are dropped; the bot carries on.
for raw in ('not json', '{"op":0,"t":"INTERACTION_CREATE","s":null,"d":{}}',
            '{"op":0,"t":"INTERACTION_CREATE","s":null,"d":{"type":2,'
            '"id":"5","token":"t","channel_id":"x"}}', '{"op":"x"}'):
    req = urllib.request.Request(BASE + "/_test/raw", data=raw.encode(),
                                 method="POST")
    urllib.request.urlopen(req, timeout=5).read()
ok(answered(ix(ALICE, "alice", "status")), "malformed payloads are dropped")
for sub, opts in (("play", [{"name": "card", "type": 3, "value": [2]}]),
                  ("kick", [{"name": "player", "type": 6, "value": "<@1>"}]),
                  ("nosuch", []),
                  ("play", [{"name": "card", "type": 4, "value": 1e300}]),
                  ("new", [{"name": "game", "type": 3, "value": "x" * 5000}])):
    a = answered(ix(ALICE, "alice", sub, opts))
    ok(a and a[0]["flags"] & 64 and "could not read" in text_of(a),
       "a malformed %s option is refused privately: %s" % (sub, a))

# A callback that meets a 502 is tried once more, soon enough for
# Discord's 3 s; one that fails twice, or stalls, is dropped, never tried
# after 3 s, and logged once with its interaction's id.
def dropped_logs(iid):
    with open(BOT_ERR) as f:
        return [l for l in f if "interaction %s:" % iid in l and
                "dropped" in l]

s0 = state()
op("fail5xx", "?n=1&route=callback")
iid = ix(ALICE, "alice", "status")
s = wait(lambda s: any(c["interaction"] == iid for c in s["callbacks"]), 8)
c = [c for c in (s or state())["callbacks"] if c["interaction"] == iid]
tries = state()["callback_tries"].get(iid, [])
ok(len(tries) == 2 and c and c[0]["latency"] < 2.0,
   "a 502 on a callback: tried again, and it lands well within 3 s: "
   "tries %s" % tries)
for fault, query in (("fail5xx", "?n=2&route=callback"),
                     ("hangcallback", "?n=1&s=4.5")):
    op(fault, query)
    iid = ix(ALICE, "alice", "status")
    time.sleep(5.0)
    s = state()
    tries = s["callback_tries"].get(iid, [])
    ok(1 <= len(tries) <= 2 and all(t < 3.0 for t in tries) and
       not any(c["interaction"] == iid for c in s["callbacks"]),
       "%s: the callback is tried at most twice, never after 3 s: %s" %
       (fault, tries))
    ok(len(dropped_logs(iid)) == 1, "%s: the dropped answer is logged "
       "once with the interaction's id: %s" % (fault, dropped_logs(iid)))
ok(answered(ix(ALICE, "alice", "status")), "commands work after that")

# --- finish the game by timeouts ---------------------------------------
op("fail5xx", "?n=2")
a = answered(ix(ALICE, "alice", "settings",
                [{"name": "options", "type": 3,
                  "value": "turn_timer=1s prompt_timer=1s"}]))
ok(a and a[0]["flags"] == 0, "the host sets short timers: %s" % a)
s = wait(lambda s: any("Game over" in t for t in public_texts(s)), 25)
ok(s is not None, "the game ends (the AI plays for absent humans)")
e = None
for i in range(50):
    e = board_embed()
    if e and e.get("color") == OVER:
        break
    time.sleep(0.1)
check_embed(e, OVER, ["alice", "bob"])
ok(e and (e.get("footer") or {}).get("text", "").startswith("Game over"),
   "the final table's footer says the game is over: %s" % e)
f0 = ((e or {}).get("fields") or [{}])[0]
ok(f0.get("name") == "Final table" and
   re.search(r"^1\. ", f0.get("value", ""), re.M) and
   all("<@%s>" % u in f0.get("value", "") for u in (ALICE, BOB)),
   "the final table's first field ranks every player: %s" % f0)
# --- a replay stays on the server it was played on (issue 26) ----------
s = wait(lambda s: re.search(r"This was table (\d+):",
                             "\n".join(public_texts(s))), 10)
over = s and re.search(r"This was table (\d+):", "\n".join(public_texts(s)))
ok(over, "the end names the table's number")
n = int(over.group(1)) if over else 1
table_opt = [{"name": "table", "type": 4, "value": n}]
a = answered(ix("150", "mallory", "replay", table_opt, guild="799",
                channel="910"))
ok(a and a[0]["flags"] & 64 and "no finished table %d here" % n in
   text_of(a) and "Replay of" not in text_of(a),
   "a member of another guild cannot replay the table: %s" % a)
a = answered(ix("150", "mallory", "replay", table_opt, guild=None))
ok(a and "no finished table %d here" % n in text_of(a),
   "nor can a non-player from a DM: %s" % a)
a = answered(ix("151", "carol", "replay", table_opt))
ok(a and a[0]["flags"] & 64 and "Replay of table %d" % n in text_of(a),
   "a member of the table's own guild can, privately: %s" % a)
a = answered(ix(ALICE, "alice", "replay", table_opt, guild=None))
ok(a and "Replay of table %d" % n in text_of(a),
   "a player can from a DM: %s" % a)
# Table numbers are counted per guild: another guild's first table is
# table 1 too (the bot's second table: a global count would say 2).
ok(answered(ix("152", "nina", "new", guild="799", channel="911")),
   "nina opens a table in another guild")
ok(answered(ix("152", "nina", "addbot", guild="799", channel="911")),
   "an AI joins it")
ok(answered(ix("152", "nina", "start", guild="799", channel="911")),
   "its game starts")
s = wait(lambda s: any(m["channel"] == "911" and m["embeds"] and
                       m["embeds"][0].get("title", "").endswith("table 1")
                       for m in messages().values()), 5)
ok(s is not None, "the other guild's first table is table 1 too")
ok(answered(ix("152", "nina", "end", [
    {"name": "confirm", "type": 3, "value": "confirm"}], guild="799",
    channel="911")), "nina ends it")

s = wait(lambda s: s["served_5xx"] == s0["served_5xx"] + 5 and all(
    any(m["content"] == c for m in s["messages"])
    for c in s["failed_contents"]), 10)
ok(s is not None, "messages that met a 502 are retried and arrive")

# --- one member cannot flood a channel (issue 26) ----------------------
FLOOD, OTHER = "920", "921"
for chan, (uid, name) in ((FLOOD, ("160", "hana")), (OTHER, ("161", "ivan"))):
    for sub in ("new", "addbot", "start"):
        a = answered(ix(uid, name, sub, channel=chan))
        ok(a, "%s's table in %s: %s answered" % (name, chan, sub))
before = set(messages())
# The 300 come as one burst from the fake, not one per call of ours: on
# a busy machine our calls alone could outlast a token's refill (2 s).
burst = call("POST", "/_test/interaction", {
    "user": "170", "name": "mallory", "channel": FLOOD, "guild": GUILD,
    "sub": "status", "options": [], "perms": "0", "count": 300})["ids"]
t0 = time.monotonic()
r = call("GET", "/_test/wait?id=" + ix("161", "ivan", "hand", channel=OTHER))
ok(r.get("answered") and r["latency"] < 3.0 and r["flags"] & 64,
   "another table's player is answered in time during the burst: %s" %
   {k: r.get(k) for k in ("answered", "latency")})
last = call("GET", "/_test/wait?timeout=30&id=" + burst[-1])
ok(last.get("answered"), "every command of the burst is answered")
time.sleep(1.0)
msgs = messages()
public = [m for i, m in msgs.items() if i not in before and
          m["channel"] == FLOOD and not m["flags"] & 64 and
          m["dm_user"] is None]
ok(len(public) <= 5, "300 commands from one member put at most a handful "
   "of messages in the channel: %d" % len(public))
slow = [c for c in state()["callbacks"] if c["interaction"] in burst and
        "Slow down" in c["content"]]
ok(len(slow) == 1 and slow[0]["flags"] & 64,
   "the member is told once, privately, to slow down: %d" % len(slow))
ok(slow and re.match(r"Slow down: try again in [12] s\b", slow[0]["content"]),
   "the slow-down line says when to try again (a token is back within "
   "2 s): %r" % (slow[0]["content"] if slow else None))
# Refused commands were not done: none is answered "Done.".  The ones
# after the slow-down line are acknowledged with a private "thinking"
# (type 5) that is deleted at once: nothing said, nothing untrue.
burst_set = set(burst)
s = wait(lambda s: len([i for i in s["deleted_originals"]
                        if i in burst_set]) >= len(burst) - 6, 30)
s = state()
said = [c for c in s["callbacks"] + s["followups"]
        if c["interaction"] in burst_set]
done = [c for c in said if c["content"] == "Done."]
ok(not done, "no refused command is answered \"Done.\": %d of %d" %
   (len(done), len(burst)))
quiet = set(c["interaction"] for c in s["callbacks"]
            if c["interaction"] in burst_set and c["type"] == 5 and
            c["flags"] & 64)
ran = [c for c in s["callbacks"] if c["interaction"] in burst_set and
       c["type"] == 4 and "Slow down" not in c["content"]]
ok(len(ran) <= 5 and len(quiet) == len(burst) - len(ran) - 1,
   "every other refused command is acknowledged quietly: %d ran, %d "
   "quiet, of %d" % (len(ran), len(quiet), len(burst)))
gone = set(s["deleted_originals"])
ok(quiet and quiet <= gone, "and its \"thinking\" is deleted: %d of %d" %
   (len(quiet & gone), len(quiet)))
ok(not [c for c in s["followups"] if c["interaction"] in quiet],
   "nothing follows a quiet acknowledgement")


def flood_board():
    """The newest table message in the flood channel, or None."""
    b = [m for m in sorted(messages().values(), key=lambda m: int(m["id"]))
         if m["channel"] == FLOOD and m["kind"] == "channel" and
         not m["deleted"] and "My hand" in labels(m)]
    return b[-1] if b else None


# The player the game waits for floods too: told once, then quiet, and
# her move still passes.
ok(wait(lambda s: flood_board() and
        "<@160>'s turn" in flood_board()["content"], 10) is not None,
   "it is hana's turn at the flood table")
hburst = call("POST", "/_test/interaction", {
    "user": "160", "name": "hana", "channel": FLOOD, "guild": GUILD,
    "sub": "status", "options": [], "perms": "0", "count": 12})["ids"]
call("GET", "/_test/wait?timeout=30&id=" + hburst[-1])
a = answered(ix("160", "hana", "play",
                [{"name": "card", "type": 4, "value": 1},
                 {"name": "target", "type": 3, "value": "me"}],
                channel=FLOOD))
ok(a and a[0]["type"] == 4 and a[0]["flags"] == 0 and
   "<@160>" in text_of(a) and "Slow down" not in text_of(a) and
   "Done." not in text_of(a),
   "the move of the player the game waits for passes: %s" % a)
s = state()
hsaid = [c for c in s["callbacks"] + s["followups"]
         if c["interaction"] in set(hburst)]
ok(len([c for c in hsaid if "Slow down" in c["content"]]) == 1 and
   not [c for c in hsaid if c["content"] == "Done."],
   "hana is told once to slow down, never \"Done.\": %s" %
   [c["content"][:30] for c in hsaid])

# --- what went where ----------------------------------------------------
s = state()
leaks = [t for t in public_texts(s) if SECRET.search(t)]
ok(not leaks, "no secret in a channel or a public reply: %s" % leaks[:2])
ok(any(c["flags"] & 64 and SECRET.search(c["content"])
       for c in s["callbacks"]), "secrets do go out, ephemeral")
ok(not s["late_callbacks"], "every callback within 3 s: %s" %
   s["late_callbacks"])
ok(s["orphan_followups"] == 0, "no followup before its callback")
ok(s["compressed"] == s["connections"] and s["connections"] >= 5,
   "every reconnect was compressed too (%d of %d)" % (s["compressed"],
                                                      s["connections"]))
ok(s["unexpected_429"] == 0, "the bot waits when a bucket is empty "
   "(%d requests did not)" % s["unexpected_429"])
ok(all(len(m["content"]) <= 2000 for m in s["messages"]),
   "no message over 2000 characters")
ok(s["embeds_seen"] > 0 and not s["embed_errors"],
   "every table was an embed within Discord's limits (%d sent): %s" %
   (s["embeds_seen"], s["embed_errors"][:3]))

# A fatal close code: the adapter stops retrying, the bot runs on.
s0 = state()
op("close", "?code=4004")
time.sleep(1.5)
with open(BOT_ERR) as f:
    log = f.read()
ok("4004" in log and "not reconnecting" in log, "4004 is fatal and said so")
ok(state()["connections"] == s0["connections"], "no reconnect after 4004")
ok("test-token" not in log, "the token is never logged")

TALLY.end("discord")
