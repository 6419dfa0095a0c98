#!/usr/bin/python3
"""Checks what cheersbot does when Slack fails (issue 25, Slack part).

    faults.py PORT BOT_STDERR_FILE FAULT

run.sh starts a fresh fake Slack with --fault FAULT (or none) and a fresh
bot for each FAULT, then runs this.  Each check counts the calls or
messages the fake saw and asserts the issue's numbers.  Prints one line
per failed check and a final "N passed, M failed" line; exits non-zero
when anything failed.
"""
import os
import re
import socket
import sys
import time

from fakectl import call, messages, state, use, wait
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import checks

PORT = int(sys.argv[1])
BOT_ERR = sys.argv[2]
FAULT = sys.argv[3]
NOTIFY = sys.argv[4] if len(sys.argv) > 4 else None
BASE = "http://127.0.0.1:%d" % PORT
CHANNEL = "CBAR"
ALICE = "UALICE"
TALLY = checks.Tally("slack faults")


def ok(cond, what):
    return TALLY.ok(cond, "%s: %s" % (FAULT, what))


use(BASE)


def log():
    with open(BOT_ERR) as f:
        return f.read()


def opens_in(s, secs):
    """The opens in the first secs seconds after the first one."""
    t = s["open_times"]
    return [x for x in t if x - t[0] < secs] if t else []


# --- 9: no reconnect storm ----------------------------------------------
def too_many_websockets():
    ok(wait(lambda s: s["hellos"] >= 1) is not None, "the bot connects")
    time.sleep(8)
    s = state()
    ok(s["opens"] == 1, "after too_many_websockets the bot waits at least "
       "a minute before it opens again: %d opens in 8 s" % s["opens"])
    ok("another instance of the bot may be running" in log(),
       "the log says another instance may be running")


def close_after_hello():
    ok(wait(lambda s: s["hellos"] >= 1) is not None, "the bot connects")
    time.sleep(16)
    s = state()
    n = len(opens_in(s, 16))
    ok(1 < n <= 5, "at most 5 opens a minute when every socket closes "
       "0.2 s after hello: %d in 16 s" % n)
    t = s["open_times"]
    # Backoff not reset at hello: 0.25 + 0.5 + 1 + 2 s at least between
    # the first five (with it reset, they come every half second).
    ok(len(t) >= 5 and t[4] - t[0] >= 3.5, "the backoff grows while no "
       "connection stays up a minute: %s" %
       ["%.2f" % (x - t[0]) for x in t])


# --- 10: a revoked or uninstalled app stops -------------------------------
def notify_listen():
    """The socket the bot sends its sd_notify lines to (faults.sh gives
    the bot NOTIFY_SOCKET); the bot's first lines, sent before it
    existed, are lost, which the bot only logs."""
    sk = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sk.bind(NOTIFY)
    sk.settimeout(0.2)
    return sk


def notify_status(sk, secs, want):
    """The STATUS= lines that arrive within secs, up to the first that
    holds want (lines sent before the call wait in the socket)."""
    out, end = [], time.monotonic() + secs
    while time.monotonic() < end and not any(want in l for l in out):
        try:
            out += [l for l in sk.recv(4096).decode().split("\n")
                    if l.startswith("STATUS=")]
        except socket.timeout:
            pass
    return out


def command(text, user=ALICE, channel=CHANNEL):
    return call("POST", "/_test/command", {"user": user, "name": "alice",
                                           "channel": channel,
                                           "text": text})


def stopped_once(what, want_state):
    """The adapter stopped: one error line, its socket closed by the
    bot and none opened again, STATUS= says so, no more calls."""
    err = [l for l in log().splitlines() if "the Slack adapter stops" in l]
    ok(len(err) == 1, "%s: one log line says the adapter stops: %s" %
       (what, err))
    s = wait(lambda s: s["connections"] and
             s["connections"][-1]["closed"] is not None, 5)
    ok(s is not None and s["connections"][-1]["by"] == "bot",
       "%s: the bot closes its socket" % what)
    n = len(state()["calls"])
    time.sleep(3)
    s = state()
    ok(len(s["calls"]) == n and s["opens"] == 1,
       "%s: no call and no connection after the stop: %d calls, %d opens"
       % (what, len(s["calls"]) - n, s["opens"]))
    return err


def revoked():
    """The token is revoked while the bot runs; a command meets it."""
    sk = notify_listen()
    ok(wait(lambda s: s["hellos"] >= 1) is not None, "the bot connects")
    for text in ("new", "addbot", "start"):
        run(text)
    call("POST", "/_test/revoke", {})
    r = command("status")
    ok("envelope_id" in r, "the command is delivered")
    ok(wait(lambda s: "the Slack adapter stops" in log(), 5) is not None,
       "a token_revoked answer stops the adapter")
    err = stopped_once("token_revoked", "bot token refused")
    ok(err and "slack.bot_token" in err[0] and "token_revoked" in err[0],
       "the line names the cause and the config key: %s" % err)
    ok(state().get("revoked_calls", 0) <= 3, "at most 3 calls answered "
       "token_revoked: %d" % state().get("revoked_calls", 0))
    st = notify_status(sk, 6, "slack: stopped: bot token refused")
    ok(any("slack: stopped: bot token refused" in l for l in st),
       "STATUS= says the Slack adapter stopped: %s" % st)
    ok(wait(lambda s: command("help").get("error") == "no socket", 2)
       is not None, "no command reaches the stopped adapter")
    ok("frozen until the bot restarts" in log(), "its game's timers stop")


def revoked_at_start():
    """Revoked before the bot starts: its first call (auth.test) stops
    it, and no game timer or retry follows."""
    sk = notify_listen()
    ok(wait(lambda s: "the Slack adapter stops" in log(), 5) is not None,
       "token_revoked at start stops the adapter")
    err = [l for l in log().splitlines() if "the Slack adapter stops" in l]
    ok(len(err) == 1 and "slack.bot_token" in err[0], "one log line names "
       "the config key: %s" % err)
    n = len(state()["calls"])
    time.sleep(3)
    s = state()
    ok(len(s["calls"]) == n and s["opens"] <= 1 and
       s.get("revoked_calls", 0) <= 3, "no calls after the stop: %d more, "
       "%d opens, %d refused" % (len(s["calls"]) - n, s["opens"],
                                 s.get("revoked_calls", 0)))
    ok(all(c["closed"] is not None for c in s["connections"]),
       "no connection is left open: %s" % s["connections"])
    st = notify_status(sk, 6, "slack: stopped: bot token refused")
    ok(any("slack: stopped: bot token refused" in l for l in st),
       "STATUS= says the Slack adapter stopped: %s" % st)


def event_stops(event, state_word):
    sk = notify_listen()
    ok(wait(lambda s: s["hellos"] >= 1) is not None, "the bot connects")
    r = call("POST", "/_test/event", event)
    ok(r.get("ok"), "the %s event is delivered: %s" % (event["type"], r))
    ok(wait(lambda s: "the Slack adapter stops" in log(), 5) is not None,
       "%s stops the adapter" % event["type"])
    stopped_once(event["type"], state_word)
    st = notify_status(sk, 6, "slack: stopped: " + state_word)
    ok(any("slack: stopped: " + state_word in l for l in st),
       "STATUS= says the Slack adapter stopped: %s" % st)


def app_uninstalled():
    event_stops({"type": "app_uninstalled"}, "app uninstalled")


def tokens_revoked():
    event_stops({"type": "tokens_revoked", "tokens": {"oauth": ["UALICE"],
                                                      "bot": ["UBOT"]}},
                "bot token revoked")


# --- 11: a channel the bot cannot post in ---------------------------------
def settle():
    """Waits until the bot has stopped calling (0.3 s of quiet)."""
    last = None
    for i in range(100):
        now = len(state()["calls"])
        if now == last:
            return
        last = now
        time.sleep(0.3)


def run(text, user=ALICE, channel=CHANNEL, until=None):
    """Runs a command and waits (first, up to 10 s, for until(state) when
    given: what the command makes the bot do, on a slow machine); returns
    the texts of its private answers (response_url)."""
    r = command(text, user, channel)
    if not ok("hook" in r, "%r in %s is delivered: %s" % (text, channel, r)):
        return []
    if until is not None:
        wait(until, 10)
    settle()
    h = call("GET", "/_test/hook?id=" + r["hook"]) or {"answers": []}
    msgs = messages()
    return [msgs[a["ts"]]["text"] for a in h["answers"]]


def writes_to(channel):
    s = state()
    return s["paced"].get(channel, 0)


def dms_to(user, pattern):
    return [m["text"] for m in messages().values()
            if m["dm_user"] == user and pattern in m["text"]]


def public_in(channel):
    return [m for m in messages().values()
            if m["channel"] == channel and not m["ephemeral"]]


def channels():
    ok(wait(lambda s: s["hellos"] >= 1) is not None, "the bot connects")
    # A private channel the bot was never invited to.
    call("POST", "/_test/channel?id=CPRIV&state=hidden", {})
    for text in ("new", "join", "addbot", "start"):
        said = run(text, channel="CPRIV")
        ok(said and "/invite @cheersbot" in said[0], "%r in a channel the "
           "bot is not in is answered: invite me: %s" % (text, said))
    ok(not public_in("CPRIV") and not dms_to(ALICE, "recipe"),
       "no table opened where nobody can see it")
    ok(writes_to("CPRIV") == 0, "nothing was posted to it: %d writes" %
       writes_to("CPRIV"))
    # An archived channel.
    call("POST", "/_test/channel?id=CARCH&state=archived", {})
    said = run("new", channel="CARCH")
    ok(said and "archived" in said[0], "new in an archived channel is "
       "answered: archived: %s" % said)
    ok(writes_to("CARCH") == 0, "nothing was posted to the archived "
       "channel: %d" % writes_to("CARCH"))

    # A game whose channel is archived mid-game: an event, at once.
    for text in ("new", "addbot", "start"):
        run(text, channel="CGAME")
    # The recipe DM follows the start's answer: wait for it, and for the
    # start's own posts to end, so a busy machine counts only the writes
    # made after the archiving.
    ok(wait(lambda s: dms_to(ALICE, "recipe"), 15) is not None,
       "the game in CGAME started")
    settle()
    call("POST", "/_test/channel?id=CGAME&state=archived", {})
    n = writes_to("CGAME")
    r = call("POST", "/_test/event", {"type": "channel_archive",
                                      "channel": "CGAME", "user": "UBOSS"})
    ok(r.get("ok"), "channel_archive is delivered")
    ok(wait(lambda s: dms_to(ALICE, "is paused"), 3) is not None,
       "alice is told by DM that the game is paused: %s" %
       dms_to(ALICE, "paused"))
    ok(wait(lambda s: dms_to(ALICE, "has ended: channel lost"), 6)
       is not None, "after the grace the game ends as channel lost")
    ok(writes_to("CGAME") - n <= 1, "at most one write to the archived "
       "channel after its event: %d" % (writes_to("CGAME") - n))
    said = run("status", channel="CGAME")
    ok(said and "archived" in said[0], "a command there says why: %s" %
       said)
    ok(len(dms_to(ALICE, "is paused")) == 1, "told once")

    # Archived and unarchived again within the grace: the game goes on.
    for text in ("new", "addbot", "start"):
        run(text, channel="CBACK")
    call("POST", "/_test/event", {"type": "channel_archive",
                                  "channel": "CBACK"})
    time.sleep(0.5)
    call("POST", "/_test/event", {"type": "channel_unarchive",
                                  "channel": "CBACK"})
    ok(wait(lambda s: any("the game goes on" in m["text"]
                          for m in public_in("CBACK")), 3) is not None,
       "unarchived, the game goes on")
    time.sleep(3)
    said = run("status", channel="CBACK")
    ok(not dms_to(ALICE, "in <#CBACK> has ended") and
       not any("archived" in t for t in said), "the resumed game did not "
       "end: %s" % said)

    # A post that meets not_in_channel mid-game, with no event: final.
    for text in ("new", "addbot", "start"):
        run(text, channel="CKICK")
    call("POST", "/_test/channel?id=CKICK&state=hidden", {})
    said = run("status", channel="CKICK")
    ok(wait(lambda s: any(r[1] == "CKICK" for r in s["chan_refused"]), 3)
       is not None, "the post was refused")
    settle()
    refused = [r for r in state()["chan_refused"] if r[1] == "CKICK"]
    ok(len(refused) <= 2, "a refused channel is not written to again: "
       "%s" % refused)
    h = [t for t in run("status", channel="CKICK")]
    ok(h and "/invite" in h[0], "later commands there say why: %s" % h)
    ok(wait(lambda s: dms_to(ALICE, "in <#CKICK> is paused"), 3)
       is not None, "its game is paused, alice told")


# --- 13: no message posted twice -----------------------------------------
def posts_503():
    ok(wait(lambda s: s["hellos"] >= 1) is not None, "the bot connects")
    # "new" is posted, and answered 503 though it landed.
    call("POST", "/_test/post503?land=1&n=1", {})
    run("new", channel="CDUP")
    time.sleep(2)
    n = [m["text"] for m in public_in("CDUP")
         if "opened a CHEERS table" in m["text"]]
    ok(len(n) == 1, "a post that landed but answered 503 is not posted "
       "again: %d times" % len(n))
    ok(state().get("history", 0) >= 1, "the bot looked for it first")
    # A 503 that did not land: posted again, once.
    call("POST", "/_test/post503?land=0&n=1", {})
    run("join", user="UBOB", channel="CDUP")
    ok(wait(lambda s: any("joins" in m["text"] for m in public_in("CDUP")),
            6) is not None, "a post that did not land goes again")
    n = [m["text"] for m in public_in("CDUP") if "joins" in m["text"]]
    ok(len(n) == 1, "and appears once: %s" % n)


# --- 12: no secret to the wrong DM, none lost ------------------------------
def dms():
    ok(wait(lambda s: s["hellos"] >= 1) is not None, "the bot connects")
    # alice asks for help in her DM with bob: not the bot's DM with her.
    run("help", channel="DALICEBOB")
    for text in ("new", "addbot", "start"):
        run(text, channel="CDM1")
    ok(wait(lambda s: dms_to(ALICE, "Your recipe"), 3) is not None,
       "alice's recipe reaches her DM with the bot")
    ok(not [m for m in messages().values() if m["channel"] == "DALICEBOB"
            and not m["ephemeral"]] and
       not [r for r in state()["refused"] if r[1] == "channel_not_found"],
       "nothing was posted to her DM with bob")
    ok(state()["im_opens"].get(ALICE) == 1, "her DM was opened once: %s" %
       state()["im_opens"])
    # Her cached DM channel is no longer known: opened again, once.
    call("POST", "/_test/dm_gone?user=" + ALICE, {})
    for text in ("new", "addbot", "start"):
        run(text, channel="CDM2")
    ok(wait(lambda s: len(dms_to(ALICE, "Your recipe")) == 2, 3)
       is not None, "after channel_not_found the DM is opened again and "
       "the recipe arrives: %d" % len(dms_to(ALICE, "Your recipe")))
    ok(state()["im_opens"].get(ALICE) == 2, "opened again once: %s" %
       state()["im_opens"])
    # bob's DMs fail for good (msg_too_long): the table hears of it.
    call("POST", "/_test/refuse_dm?user=UBOB&at=post&error=msg_too_long",
         {})
    for text in ("new", "addbot", "start"):
        run(text, user="UBOB", channel="CDM3")
    told = lambda: [m["text"] for m in public_in("CDM3")
                    if "could not be delivered" in m["text"]]
    ok(wait(lambda s: told(), 3) is not None, "the table is told a private "
       "message to bob could not be delivered")
    ok(told() and "<@UBOB>" in told()[0] and "hand" in told()[0] and
       "recipe" not in told()[0].lower(), "without the content, and "
       "that hand shows it: %s" % told())
    said = run("hand", user="UBOB", channel="CDM3")
    ok(said and "Your hand" in said[0], "/cheers hand serves bob "
       "ephemerally: %s" % said)


# --- 14: limits as documented -------------------------------------------
def retry_after():
    ok(wait(lambda s: s["hellos"] >= 1) is not None, "the bot connects")
    run("new", channel="CRA")
    call("POST", "/_test/storm?n=1&after=7200", {})
    n = len(state()["calls"])
    command("join", user="UBOB", channel="CRA")
    time.sleep(5)
    posts = state()["calls"][n:].count("chat.postMessage")
    ok(posts == 1, "Retry-After: 7200 holds chat.postMessage: %d calls in "
       "5 s" % posts)
    ok("waiting 3600000 ms" in log(), "the wait is cut to an hour, not "
       "to a second")


def hook_404():
    ok(wait(lambda s: s["hellos"] >= 1) is not None, "the bot connects")
    for text in ("new", "addbot", "start"):
        run(text, channel="CHOOK")
    run("hand", channel="CHOOK")
    eph = [m["text"] for m in messages().values()
           if m["ephemeral"] == ALICE and "Your hand" in m["text"]]
    ok(state().get("hook_404", 0) > 0 and eph, "a response_url that "
       "answers 404: the hand goes as chat.postEphemeral: %s" % eph)
    call("POST", "/_test/refuse_ephemeral?user=%s&error=user_not_in_channel"
         % ALICE, {})
    n = len(dms_to(ALICE, "Your hand"))
    run("hand", channel="CHOOK")
    ok(wait(lambda s: len(dms_to(ALICE, "Your hand")) > n, 3) is not None,
       "refused ephemerally too, it goes to the DM")
    ok(not [m for m in public_in("CHOOK") if "Your hand" in m["text"]],
       "never to the channel")


def updates():
    """Six tables start at once; the AI plays at once (a 1 s turn timer
    hands alice's seat over): their edits share the workspace's
    chat.update pace, and each table ends showing its latest state.
    Slack answers messages 150 ms late, longer than the pace: the bot
    still sends one edit at a time, and a channel's messages one at a
    time."""
    ok(wait(lambda s: s["hellos"] >= 1) is not None, "the bot connects")
    call("POST", "/_test/delay?ms=150", {})
    chans = ["CUP%d" % i for i in range(6)]
    for text in ("new", "addbot 2"):
        for ch in chans:
            command(text, channel=ch)
    settle()
    for ch in chans:
        command("start", channel=ch)
    time.sleep(6)
    t = sorted(state().get("update_times", []))
    gaps = [b - a for a, b in zip(t, t[1:])]
    ok(len(t) >= 6, "the tables were edited: %d edits" % len(t))
    # 1.2 times the 100 ms message_interval, less the timer's slack.
    ok(gaps and min(gaps) >= 0.1, "chat.update leaves at most one per "
       "120 ms across the workspace: closest two %.3f s" %
       (min(gaps) if gaps else -1))
    s = state()
    ok(s["update_overlaps"] == 0, "a chat.update leaves only once Slack "
       "has answered the last one: %d left before" % s["update_overlaps"])
    ok(not s["overlaps"], "a channel's message leaves only once Slack has "
       "answered the last one: %s" % s["overlaps"][:3])


# --- issue 32: a post held for an hour is not a silent command ------------
def held():
    """chat.postMessage answers 429: the user whose command posts is
    told privately that the channel is rate-limited and when posting
    resumes; the table exists, and its board is posted once the limit
    ends (a short one here; an hour's can only be seen to be waited)."""
    ok(wait(lambda s: s["hellos"] >= 1) is not None, "the bot connects")
    call("POST", "/_test/storm?n=1&after=8", {})
    said = run("new", channel="CHELD1")
    ok(len(said) == 1 and "rate-limiting" in said[0] and
       "in about 8 s" in said[0], "a post held 8 s: alice is told, "
       "privately, when posting resumes: %s" % said)
    ok(wait(lambda s: any("lobby" in m["text"] for m in public_in("CHELD1")),
            15) is not None, "the table is posted once the limit ends")
    # A short wait (Slack's usual second) says nothing.
    call("POST", "/_test/storm?n=1&after=1", {})
    said = run("join", user="UBOB", channel="CHELD1",
               until=lambda s: s["served_429"] >= 2)
    ok(state()["served_429"] == 2 and
       not [t for t in said if "rate-limiting" in t],
       "a post held a second says nothing of it: %s" % said)
    ok(wait(lambda s: any("joins" in m["text"] for m in public_in("CHELD1")),
            5) is not None, "and goes a second later")

    call("POST", "/_test/storm?n=1&after=3600", {})
    said = run("new", channel="CHELD2")
    ok(len(said) == 1 and "rate-limiting" in said[0] and
       "in about 60 min" in said[0], "a post held an hour: alice is told, "
       "privately, in one line, when posting resumes: %s" % said)
    ok("waiting 3600000 ms" in log(), "the post waits for the hour")
    said = run("new", channel="CHELD2")
    ok(said and "already open here" in said[0], "the table exists: %s" %
       said)
    # Meanwhile bob joins: his answer waits too, and he hears so at once.
    said = run("join", user="UBOB", channel="CHELD2")
    ok(len(said) == 1 and "rate-limiting" in said[0] and
       re.search(r"in about (59|60) min", said[0]), "a later command whose "
       "post waits is told so: %s" % said)
    ok(not public_in("CHELD2"), "nothing reached the channel yet")


# --- issue 32: a refused command is never answered "Done." ---------------
def hook_texts(hid):
    """The texts of a command's private answers (its response_url)."""
    h = call("GET", "/_test/hook?id=" + hid) or {"answers": []}
    msgs = messages()
    return [msgs[a["ts"]]["text"] for a in h["answers"]]


def burst(user, name, channel, text, n):
    """n commands at once from user; the texts said to each."""
    r = call("POST", "/_test/command", {"user": user, "name": name,
                                        "channel": channel, "text": text,
                                        "count": n})
    hooks = r.get("hooks", [])
    ok(len(hooks) == n, "the burst of %d is delivered: %s" % (n, r))
    settle()
    return [hook_texts(h) for h in hooks]


def flood_board(channel):
    b = [m for m in sorted(messages().values(), key=lambda m: m["ts"])
         if m["channel"] == channel and not m["ephemeral"] and
         not m["deleted"] and "'s shaker" in m["text"]]
    return b[-1] if b else None


def flood():
    ok(wait(lambda s: s["hellos"] >= 1) is not None, "the bot connects")
    for text in ("new", "addbot", "start"):
        run(text, channel="CFLOOD")
    # mallory, who does not play, sends 30 commands at once.
    said = burst("UMAL", "mallory", "CFLOOD", "status", 30)
    flat = [t for ts in said for t in ts]
    ok(not [t for t in flat if t == "Done."], "no refused command is "
       "answered \"Done.\": %d of %d" % (flat.count("Done."), len(said)))
    slow = [t for t in flat if t.startswith("Slow down")]
    ok(len(slow) == 1 and re.match(r"Slow down: try again in [12] s\b",
                                   slow[0]),
       "one slow-down line, saying when to try again: %s" % slow)
    ok(len([ts for ts in said if ts]) <= 6, "the refused commands after "
       "it get nothing beyond their ack: %d of %d answered" %
       (len([ts for ts in said if ts]), len(said)))
    # alice, whose turn it is, floods too: told once; her move passes.
    b = wait(lambda s: flood_board("CFLOOD") and "<@%s>'s turn" % ALICE in
             flood_board("CFLOOD")["text"], 5)
    ok(b is not None, "it is alice's turn")
    said = burst(ALICE, "alice", "CFLOOD", "status", 12)
    flat = [t for ts in said for t in ts]
    ok(len([t for t in flat if t.startswith("Slow down")]) == 1 and
       "Done." not in flat, "alice is told once to slow down, never "
       "\"Done.\": %s" % [t[:30] for t in flat])
    before = flood_board("CFLOOD")
    n = len(before["history"]) if before else 0
    said = run("play 1 me", channel="CFLOOD")
    ok(not said or not [t for t in said if "Slow down" in t or
                        t == "Done."], "her move is not refused: %s" % said)
    after = wait(lambda s: before and
                 len(messages()[before["ts"]]["history"]) > n, 5)
    text = messages()[before["ts"]]["text"] if before else ""
    ok(after is not None and re.search(r"<@%s> (plays|offers|throws)" %
                                       ALICE, text),
       "the move of the player the game waits for is played: %r" % text)


CHECKS = {
    "-held": held,
    "-flood": flood,
    "-updates": updates,
    "-retry_after": retry_after,
    "hook_404": hook_404,
    "-dms": dms,
    "-posts_503": posts_503,
    "-channels": channels,
    "-revoked": revoked,
    "revoked": revoked_at_start,
    "-app_uninstalled": app_uninstalled,
    "-tokens_revoked": tokens_revoked,
    "too_many_websockets": too_many_websockets,
    "close_after_hello": close_after_hello,
}

CHECKS[FAULT]()
TALLY.end("slack faults (%s)" % FAULT)
