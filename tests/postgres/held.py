#!/usr/bin/python3
"""Answers held behind a commit keep their form (issue 37).

    held.py discord|slack|telegram PORT BOT_STDERR PSQL

The bot runs on PostgreSQL and on the fake Discord (tests/discord) at
PORT.  alice opens a table and bob joins.  Then the bot's PostgreSQL
backend is stopped (SIGSTOP; PSQL is a shell command that runs one
query) and alice starts the game: its commit waits.  bob asks for his
hand, which waits behind it.  Both interactions are acknowledged within
Discord's 3 s, privately (a deferred answer, type 5, flag 64), and
nothing of bob's hand shows anywhere.  On SIGCONT bob's hand comes as
the edit of his deferred answer, ephemeral, never as a DM or a channel
message, alice's start says the game begins in the channel (its
answer, which the private deferral cannot show) and is finished with a
private "Done."; no secret is ever public.  On the fake Slack (tests/slack) the same: both
envelopes are acked within Slack's 3 s, and bob's hand comes through
his command's response_url, ephemeral, never as a DM.  On the fake
Telegram (tests/telegram) a game of three runs in a group; carol hands
her seat to the AI (a write) and bob clicks the board's "My hand" behind
it: the click is answered at once, saying the answer goes to the
private chat, where bob's hand comes once the database is back, never
in the group.  Prints one line per failed check and a count line;
exits non-zero when anything failed.
"""
import os
import re
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import checks  # noqa: E402

MODE, PORT, BOT_ERR, PSQL = sys.argv[1:5]
sys.path.insert(0, os.path.join(HERE, "..", MODE))
SECRET = re.compile(r"([Rr]ecipe: |[Yy]our hand|^[0-9]+\. .*\(cheers with )",
                    re.M)
TALLY = checks.Tally("postgres")
ok = TALLY.ok


def bot_ready(what, timeout=20.0):
    """The bot logged what (its adapter is up)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with open(BOT_ERR) as f:
            if what in f.read():
                return True
        time.sleep(0.05)
    return False


def backend_stop():
    """Stops the bot's PostgreSQL session (SIGSTOP); its pid, or 0."""
    pids = subprocess.run(
        PSQL + " \"SELECT pid FROM pg_stat_activity WHERE "
        "application_name = 'cheersbot'\"", shell=True,
        capture_output=True, text=True).stdout.split()
    ok(len(pids) == 1, "the bot has one session: %r" % pids)
    pid = int(pids[0]) if len(pids) == 1 else 0
    if pid:
        os.kill(pid, signal.SIGSTOP)
    return pid


def while_stopped(write, ask, check):
    """With the bot's backend stopped: write() sends a command that writes
    (alice starts the game), and 0.3 s later ask() one whose answer waits
    behind it (bob asks for his hand), each returning a handle on it;
    2.9 s later check(start, hand) runs on the two handles, and the
    backend goes on.  The two handles."""
    pid = backend_stop()
    try:
        start = write()
        time.sleep(0.3)
        hand = ask()
        time.sleep(2.9)
        check(start, hand)
    finally:
        if pid:
            os.kill(pid, signal.SIGCONT)
    return start, hand


def discord():
    import fake_client
    from fake_client import call, messages, public_texts, state, wait

    fake_client.BASE = "http://127.0.0.1:%d" % int(PORT)
    chan, guild, alice, bob = "900", "700", "101", "102"

    def ix(user, sub):
        return call("POST", "/_test/interaction", {
            "user": user, "name": "u" + user, "channel": chan,
            "guild": guild, "sub": sub, "options": []})["id"]

    def answers(iid):
        s = state()
        return [c for c in s["callbacks"] + s["followups"]
                if c["interaction"] == iid]

    def answered(iid, timeout=5.0):
        wait(lambda s: any(c["interaction"] == iid
                           for c in s["callbacks"]), timeout)
        return answers(iid)

    def callback(iid):
        return [c for c in state()["callbacks"] if c["interaction"] == iid]

    def msgs():
        return messages().values()

    ok(bot_ready("discord: ready"), "the bot is ready on Discord")
    ok(answered(ix(alice, "new")), "alice opens a table")
    ok(answered(ix(bob, "join")), "bob joins")
    before = set(m["id"] for m in msgs())

    def stopped(start, hand):
        cs, ch = callback(start), callback(hand)
        ok(len(cs) == 1 and cs[0]["type"] == 5 and cs[0]["flags"] & 64 and
           cs[0]["latency"] < 3.0,
           "with the commit waiting, alice's start is acknowledged within "
           "3 s, privately (deferred, ephemeral): %r" % cs)
        ok(len(ch) == 1 and ch[0]["type"] == 5 and ch[0]["flags"] & 64 and
           ch[0]["latency"] < 3.0,
           "bob's hand, held behind it, is acknowledged within 3 s, "
           "privately: %r" % ch)
        ok(not [a for a in answers(hand) if a not in ch] and
           not any(SECRET.search(m["content"]) for m in msgs()
                   if m["id"] not in before),
           "nothing of bob's hand shows while the commit waits")

    start, hand = while_stopped(lambda: ix(alice, "start"),
                                lambda: ix(bob, "hand"), stopped)
    s = wait(lambda s: any(f["interaction"] == hand and "Your hand" in
                           f["content"] for f in s["followups"]), 10)
    got = [f for f in (s or state())["followups"]
           if f["interaction"] == hand]
    ok(len(got) == 1 and got[0].get("edit") and got[0]["flags"] & 64 and
       "Your hand" in got[0]["content"],
       "the database back, bob's hand comes as the edit of his deferred "
       "answer, ephemeral: %r" % got)
    text = got[0]["content"] if got else None
    wait(lambda s: any(f["interaction"] == start for f in s["followups"]),
         5)
    time.sleep(0.5)
    done = [f for f in state()["followups"] if f["interaction"] == start]
    ok(len(done) == 1 and done[0].get("edit") and done[0]["flags"] & 64 and
       done[0]["content"] == "Done.",
       "alice's start is finished with a private Done.: %r" % done)
    after = [m for m in msgs() if m["id"] not in before]
    ok(text is not None and not any(m["content"] == text for m in after
                                    if m["dm_user"] is not None),
       "bob's held hand never comes as a DM")
    news = [m for m in after if m["dm_user"] is None and
            m["channel"] == chan and "begins" in m["content"] and
            not m["flags"] & 64]
    ok(len(news) == 1,
       "alice's start says the game begins in the channel once, its "
       "deferral being private: %r" % [m["content"] for m in after])
    leaks = [t for t in public_texts(None) if SECRET.search(t)]
    ok(not leaks, "no secret is public: %r" % leaks[:3])
    ok(not state()["late_callbacks"] and not state()["callback_errors"],
       "no callback was late or refused: %r %r" %
       (state()["late_callbacks"], state()["callback_errors"]))
    TALLY.end("postgres (held discord)")


def slack():
    from fakectl import call, messages, public_texts, state, use, wait

    use("http://127.0.0.1:%d" % int(PORT))
    chan, alice, bob = "CHELD", "UALICE", "UBOB"

    def cmd(user, text):
        """user runs /cheers text in chan: (its envelope id, its hook)."""
        r = call("POST", "/_test/command", {"user": user,
                                            "name": user[1:].lower(),
                                            "channel": chan, "text": text})
        return r.get("envelope_id"), r.get("hook")

    def hook(h):
        return (call("GET", "/_test/hook?id=" + h) or {}).get("answers") \
            or []

    def acked(eid):
        a = state()["acks"].get(eid)
        return bool(a) and a[0]["latency"] < 3.0

    ok(bot_ready("slack: connection 1 ready"), "the bot is ready on Slack")
    eid, h = cmd(alice, "new")
    ok(wait(lambda s: hook(h) or len(messages()) > 0, 5) is not None,
       "alice opens a table")
    eid, h = cmd(bob, "join")
    ok(wait(lambda s: eid in s["acks"], 5) is not None, "bob joins")
    time.sleep(1)
    before = set(messages())

    def stopped(start, hand):
        ok(acked(start[0]) and acked(hand[0]),
           "with the commit waiting, alice's start and bob's hand, held "
           "behind it, are acked within 3 s: %r" %
           [state()["acks"].get(e) for e in (start[0], hand[0])])
        ok(not hook(hand[1]) and
           not any(SECRET.search(m["text"]) for ts, m in messages().items()
                   if ts not in before),
           "nothing of bob's hand shows while the commit waits")

    start, hand = while_stopped(lambda: cmd(alice, "start"),
                                lambda: cmd(bob, "hand"), stopped)
    wait(lambda s: hook(hand[1]), 10)
    time.sleep(0.5)
    msgs = messages()
    got = [msgs[a["ts"]] for a in hook(hand[1])]
    ok(len(got) == 1 and got[0]["ephemeral"] == bob and
       "Your hand" in got[0]["text"],
       "the database back, bob's hand comes through his response_url, "
       "ephemeral: %r" % got)
    text = got[0]["text"] if got else None
    ok(text is not None and not any(m["text"] == text for m in
                                    msgs.values() if m["dm_user"]),
       "bob's held hand never comes as a DM")
    leaks = [t for t in public_texts(msgs) if SECRET.search(t)]
    ok(not leaks, "no secret is public: %r" % leaks[:3])
    ok(not state()["late_acks"], "no ack was late: %r" %
       state()["late_acks"])
    TALLY.end("postgres (held slack)")


def telegram():
    import fakectl

    ctl = fakectl.Ctl(int(PORT))
    ok(ctl.wait(lambda s: s["polling"], 30) is not None,
       "the bot long polls the fake Telegram")
    alice, bob, carol = (ctl.user(n, username=n.lower(), started=True)["id"]
                         for n in ("Alice", "Bob", "Carol"))
    group = ctl.group("Held", [alice, bob, carol])["id"]

    def command(uid, text):
        return ctl.send(uid, group, "/cheers@%s %s" % (fakectl.BOT, text))

    def board():
        for m in reversed(ctl.bot_messages(group)):
            for row in (m["versions"][-1]["reply_markup"] or {}).get(
                    "inline_keyboard", []):
                for b in row:
                    if b["text"] == "My hand":
                        return m, b["callback_data"]
        return None

    def bob_hands():
        return [m["message_id"] for m in ctl.bot_messages(bob)
                if SECRET.search(m["versions"][-1]["text"] or "")]

    for who, what in ((alice, "new"), (bob, "join"), (carol, "join"),
                      (alice, "start")):
        command(who, what)
        time.sleep(0.3)
    got = checks.poll(board, lambda b: b is not None, 10)
    ok(got is not None, "a game of three starts in the group")
    time.sleep(1)
    before = set(bob_hands())

    def stopped(leave, click):
        a = click.get("answer") or {}
        ok(a and a["refused"] is None and a["latency"] < 3.0 and
           "private chat" in (a["text"] or ""),
           "with carol's leave waiting for its commit, bob's click on My "
           "hand behind it is answered within 3 s, saying where his hand "
           "goes: %r" % a)
        ok(set(bob_hands()) == before,
           "nothing of bob's hand comes while the commit waits")
    if got is None:
        TALLY.end("postgres (held telegram)")
    msg, data = got
    while_stopped(lambda: command(carol, "leave"),
                  lambda: ctl.click(bob, group, msg["message_id"], data,
                                    wait=2.5), stopped)
    new = checks.poll(lambda: set(bob_hands()) - before, bool, 10)
    ok(new, "the database back, bob's hand comes in his private chat")
    leaks = [w for w, t in ctl.public_texts() if SECRET.search(t)]
    ok(not leaks, "no secret is in the group: %r" % leaks[:3])
    late = [a for a in ctl.state()["callback_answers"] if a["refused"]]
    ok(not late, "no click's answer was refused: %r" % late)
    TALLY.end("postgres (held telegram)")


if MODE == "discord":
    discord()
if MODE == "slack":
    slack()
if MODE == "telegram":
    telegram()
