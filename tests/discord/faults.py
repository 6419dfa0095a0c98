#!/usr/bin/python3
"""Drives cheersbot through the fake Discord's faults (issue 25) and
counts what the bot sends.

    faults.py PORT BOT_STDERR_FILE MODE NOTIFY_LOG BOT_PID TOKEN_FILE

MODE "lost": tables whose channel is deleted (10003 on every route, or a
CHANNEL_DELETE), closed to the bot (50001) or whose server removed the
bot (GUILD_DELETE) pause, send at most 3 requests there, tell their
players by DM, and end as "channel lost" after discord.lost_channel_grace
(run.sh sets 3 s); one whose channel comes back goes on; a table
elsewhere plays on untouched.

MODE "token": the bot token is reset; at the first 401 the Discord
adapter stops (gateway and REST) with one log line naming discord.token
and a STATUS= that says so (NOTIFY_LOG, from tests/systemd's listener);
a new token in TOKEN_FILE and SIGHUP to BOT_PID start it again.

MODE "resume": READY's resume_gateway_url refuses connections; op 9
d:false goes to the main URL at once, and a dropped socket tries the
resume URL twice, then identifies on the main URL.

MODE "nonce": every message create carries a nonce and enforce_nonce;
a create that landed but whose answer was lost is retried with the same
nonce, and the fake (as Discord) makes no second message.

MODE "dm": a DM channel open that meets 502s is retried and the DM
arrives; a DM send that meets 502 until the retries run out is told to
the table, without its content, with "hand" to see it again.

MODE "budget": GET /gateway/bot says no session starts are left for
8 s; the bot waits for them with one log line, never identifies over the
budget, and identifies at most once in 5 s (max_concurrency 1).

MODE "shutdown": SIGTERM while a table edit is in flight (the fake
takes 2 s for it): the gateway is closed with 1000, the edit lands, and
the bot exits within 5 s.

MODE "perms": cheersbot --invite-url and docs/discord.md ask for exactly the
permissions the bot uses; /cheers new where app_permissions lack one
answers privately which to grant and opens no table.

Prints one line per failed check and a final "N passed, M failed" line;
exits non-zero when anything failed.
"""
import os
import signal
import sys
import time

import fake_client
from fake_client import call, command, op, public, state, throw, wait

log, MODE, TALLY = fake_client.begin("discord faults")
NOTIFY_LOG, BOT_PID, TOKEN_FILE = sys.argv[4], int(sys.argv[5]), sys.argv[6]
GUILD = "700"
ok = TALLY.ok


def table(user, channel, guild=GUILD):
    """user opens a CHEERS table in channel with an AI and starts it."""
    ok(public(command(user, channel, "new", guild)),
       "%s opens a table in %s" % (user, channel))
    ok(public(command(user, channel, "addbot", guild)), "an AI joins")
    ok(public(command(user, channel, "start", guild)), "the game starts")


def dms(user):
    return [m["content"] for m in state()["messages"]
            if m["dm_user"] == user]


def channel_posts(s, channel):
    return [m for m in s["messages"] if m["channel"] == channel]


if MODE == "lost":
    ok(wait(lambda s: s["identifies"] and "discord: ready" in log(), 20)
       is not None, "the bot is ready")
    # Table A (500): its channel is deleted, and Discord only says 10003.
    table("101", "500")
    # Table B (501) plays on elsewhere.
    table("102", "501")
    a = throw("101", "500")
    ok(public(a), "alice moves before the deletion: %s" % a)
    time.sleep(0.5)
    op("chanfault", "?channel=500&code=10003")
    s0 = state()
    # One move whose table update meets 10003 (no more commands from
    # there: a command from a channel says it is back).
    ok(public(command("101", "500", "throw")), "alice moves: %s" % a)
    s = wait(lambda s: any("is paused" in d for d in dms("101")), 5)
    ok(s is not None, "alice is told by DM that her table is paused: %s" %
       dms("101"))
    time.sleep(1.0)
    n = state()["gone_requests"]["500"]
    ok(n <= 3, "at most 3 requests to the deleted channel (%d)" % n)
    ok(sum("is paused" in d for d in dms("101")) == 1,
       "alice is told once: %s" % dms("101"))
    # Table B is untouched: a move there is shown there.
    e0 = state()["edits"] + len(channel_posts(state(), "501"))
    ok(public(throw("102", "501")), "bob's move at another table is played")
    ok(wait(lambda s: s["edits"] + len(channel_posts(s, "501")) > e0, 5)
       is not None, "the other table's message is still updated")
    # Table C (502): closed to the bot (50001), then opened again.
    table("103", "502")
    ok(public(throw("103", "502")), "carol moves before the fault")
    time.sleep(0.5)
    op("chanfault", "?channel=502&code=50001")
    ok(public(command("103", "502", "throw")), "carol moves")
    ok(wait(lambda s: any("is paused" in d for d in dms("103")), 5)
       is not None, "carol is told her table is paused (50001)")
    ok(state()["gone_requests"]["502"] <= 3,
       "at most 3 requests to a channel without access (%d)" %
       state()["gone_requests"]["502"])
    op("chanfault", "?channel=502&code=0&dispatch=1")
    ok(wait(lambda s: any("I can post here again" in m["content"]
                          for m in channel_posts(s, "502")), 5)
       is not None, "CHANNEL_UPDATE: carol's table goes on and says so")
    ok(public(throw("103", "502")), "carol moves again")
    # Table D (503): CHANNEL_DELETE says it before any request fails.
    table("104", "503")
    time.sleep(0.3)
    g0 = state()["gone_requests"].get("503", 0)
    op("chanfault", "?channel=503&code=10003&dispatch=1")
    ok(wait(lambda s: any("is paused" in d for d in dms("104")), 5)
       is not None, "CHANNEL_DELETE: dave is told at once")
    # Table E (504, guild 701): the bot is removed from the server.
    table("105", "504", guild="701")
    time.sleep(0.3)
    op("guilddelete", "?guild=701")
    ok(wait(lambda s: any("is paused" in d for d in dms("105")), 5)
       is not None, "GUILD_DELETE: erin is told her table is paused")
    # The grace (3 s) runs out for A, D and E: each ends, C plays on.
    ok(wait(lambda s: log().count("stayed lost; the table ends") >= 3, 8)
       is not None, "tables whose channel stayed lost end after the grace")
    s = state()
    for chan in ("500", "503", "504"):
        ok(s["gone_requests"].get(chan, 0) <= 3,
           "at most 3 requests to lost channel %s, ending included (%d)" %
           (chan, s["gone_requests"].get(chan, 0)))
    a = command("101", "500", "status")
    ok(a and "no table" in a[0]["content"].lower(),
       "channel 500 has no table any more: %s" % a)
    ok("channel 503 is lost" not in log() or "stayed lost" in log(),
       "the log says why")
    ok(public(throw("103", "502")), "carol's table, which came back, "
       "plays on")
elif MODE == "token":
    ok(wait(lambda s: s["identifies"] and "discord: ready" in log(), 20)
       is not None, "the bot is ready")
    table("101", "550")
    c0 = state()["connections"]
    op("token", "?value=new-token")
    # A move: its table update meets the 401.
    command("101", "550", "throw")
    ok(wait(lambda s: "token was refused" in log(), 5) is not None,
       "the 401 is logged")
    time.sleep(3)
    s = state()
    # Only the requests already in flight when the first 401 came: the
    # move's answer, the table's edit and the mover's DM view; none again.
    paths, refused0 = s["refused_paths"], s["refused_after"]
    ok(s["refused_after"] <= 3 and len(set(paths)) == len(paths),
       "at most the 3 requests in flight meet the refused token, none "
       "twice: %s" % paths)
    lines = [l for l in log().splitlines() if "the token was refused" in l]
    ok(len(lines) == 1 and "discord.token" in lines[0] and
       lines[0].startswith("<3>"), "one error line names discord.token: %s"
       % lines)
    ok(s["connections"] == c0 and (s["close_codes"] or [0])[-1] == 1000,
       "the gateway is closed (1000) and not reopened: %d connections, "
       "codes %s" % (s["connections"] - c0, s["close_codes"]))
    end = time.monotonic() + 7
    status = ""
    while time.monotonic() < end and "token refused" not in status:
        with open(NOTIFY_LOG) as f:
            st = [l for l in f.read().splitlines() if "STATUS=" in l]
        status = st[-1] if st else ""
        time.sleep(0.2)
    ok("discord: stopped: token refused" in status,
       "the service status says so: %r" % status)
    # SIGHUP with the same token: still stopped.
    os.kill(BOT_PID, signal.SIGHUP)
    ok(wait(lambda s: "unchanged" in log(), 3) is not None,
       "SIGHUP without a new token says it stays stopped")
    ok(state()["connections"] == c0, "and it does not connect")
    # A new token and SIGHUP: it starts again.
    with open(TOKEN_FILE, "w") as f:
        f.write("new-token\n")
    i0 = len(state()["identifies"])
    os.kill(BOT_PID, signal.SIGHUP)
    ok(wait(lambda s: len(s["identifies"]) > i0, 8) is not None,
       "SIGHUP with a new token: the bot identifies again")
    e0 = state()["edits"] + len(state()["messages"])
    ok(public(throw("101", "550")), "alice plays on")
    ok(wait(lambda s: s["edits"] + len(s["messages"]) > e0, 5) is not None,
       "REST works again with the new token")
    ok(state()["refused_after"] == refused0, "no more 401s: %s" %
       state()["refused_paths"])
elif MODE == "resume":
    ok(wait(lambda s: s["identifies"] and "discord: ready" in log(), 20)
       is not None, "the bot is ready")
    dead = op("deadresume")["port"]

    def dead_tries():
        return sum(1 for l in log().splitlines() if "connecting to the "
                   "gateway at" in l and l.endswith(":%d" % dead))
    # op 9 d:false: a new session, on the main URL, whose READY names
    # the dead resume URL.
    i0 = len(state()["identifies"])
    op("op9", "?resumable=0")
    ok(wait(lambda s: len(s["identifies"]) > i0, 8) is not None,
       "op 9 d:false: the bot identifies anew")
    ok(dead_tries() == 0, "op 9 d:false did not try the resume URL")
    # The socket drops: the resume URL is tried twice, then the main.
    s0 = state()
    op("drop")
    ok(wait(lambda s: len(s["identifies"]) > len(s0["identifies"]), 20)
       is not None, "after the dead resume URL the bot identifies again")
    ok(dead_tries() == 2, "the resume URL was tried twice (%d)" %
       dead_tries())
    ok(state()["resumes"] == s0["resumes"], "no RESUME on the main URL")
    ok("forgetting the session" in log(), "the log says why")
    table("101", "540")
elif MODE == "nonce":
    ok(wait(lambda s: s["identifies"] and "discord: ready" in log(), 20)
       is not None, "the bot is ready")
    # The table's first message in 510 lands, its answer is lost.
    d0 = len(dms("101"))
    op("loseanswer", "?channel=510")
    table("101", "510")
    s = wait(lambda s: s["lost_answers"] and s["nonce_hits"] >= 1, 8)
    ok(s is not None, "the create whose answer was lost is retried with "
       "its nonce")
    time.sleep(0.5)
    msgs = call("GET", "/_test/messages?channel=510")
    lost = state()["lost_answers"]
    same = [m for m in msgs.values() if lost and
            int(m["id"]) >= int(lost[0]) and
            m["content"] == msgs[lost[0]]["content"] and
            m["embeds"] == msgs[lost[0]]["embeds"]]
    ok(len(same) == 1, "one message, not two: %d alike" % len(same))
    ok(public(throw("101", "510")), "alice plays on")
    ok(wait(lambda s: len(dms("101")) > d0, 5) is not None,
       "DMs went out too")
    ok(state()["no_nonce"] == 0, "every message create had a nonce and "
       "enforce_nonce (%d did not)" % state()["no_nonce"])
elif MODE == "dm":
    ok(wait(lambda s: s["identifies"] and "discord: ready" in log(), 20)
       is not None, "the bot is ready")
    op("faildm", "?route=open&n=2")
    d0 = len(dms("101"))
    table("101", "520")
    ok(wait(lambda s: len(dms("101")) > d0, 10) is not None, "a DM open that met two 502s is retried: alice has "
       "her hand")
    ok(state()["dm_5xx"]["open"] == 2, "two 502s were served")
    op("faildm", "?route=send&n=1000")
    n0 = len(dms("101"))
    ok(public(throw("101", "520")), "alice moves; her news is a DM")
    said = "could not be delivered"
    s = wait(lambda s: any(said in m["content"]
                           for m in channel_posts(s, "520")), 45)
    ok(s is not None, "after the retries the table is told")
    posts = [m["content"] for m in channel_posts(state(), "520")
             if said in m["content"]]
    ok(len(posts) == 1 and "<@101>" in posts[0] and "hand" in posts[0] and
       "Recipe" not in posts[0] and "drew" not in posts[0],
       "once, naming alice and hand, without the content: %s" % posts)
    # 1 try and 5 retries, and the next DM may have begun its own.
    ok(s and s["dm_5xx"]["send"] in (6, 7), "the DM was tried 6 times "
       "before the table was told (%s)" % (s and s["dm_5xx"]["send"]))
    ok(len(dms("101")) == n0, "and never delivered")
    op("faildm", "?route=send&n=0")
    a = command("101", "520", "hand")
    ok(a and a[0]["flags"] & 64 and "Your hand" in a[0]["content"],
       "hand shows it, privately: %s" % a)
elif MODE == "budget":
    ok(wait(lambda s: s["identifies"] and "discord: ready" in log(), 20)
       is not None, "the bot is ready")
    g0 = state()["gateway_bot"]
    t0 = time.monotonic()
    op("nostarts", "?ms=8000")
    i0 = len(state()["identifies"])
    op("op9", "?resumable=0")
    time.sleep(6)       # op 9 d:false waits 1 to 5 s, then asks
    ok(len(state()["identifies"]) == i0, "no IDENTIFY while no session "
       "starts are left")
    ok(state()["gateway_bot"] > g0, "GET /gateway/bot was read before "
       "the new session")
    lines = [l for l in log().splitlines() if "no session starts left" in l]
    ok(len(lines) == 1 and "until" in lines[0] and "UTC" in lines[0],
       "one log line says why and until when: %s" % lines)
    ok(wait(lambda s: len(s["identifies"]) > i0, 8) is not None,
       "once they reset, the bot identifies")
    ok(state()["identify_times"][-1] - t0 >= 7.9, "not before (%.1f s)" %
       (state()["identify_times"][-1] - t0))
    # Straight away once more: max_concurrency 1 paces it to 5 s.
    op("op9", "?resumable=0")
    ok(wait(lambda s: len(s["identifies"]) > i0 + 1, 12) is not None,
       "and again after another op 9")
    s = state()
    at = s["identify_times"][i0 - 1:]     # this bot's, on a shared fake
    gaps = [round(b - a, 2) for a, b in zip(at, at[1:])]
    ok(all(g >= 4.9 for g in gaps), "identifies at least 5 s apart: %s" %
       gaps)
    ok(s["identify_over_budget"] == 0, "never an IDENTIFY over the budget")
    table("101", "530")
elif MODE == "shutdown":
    ok(wait(lambda s: s["identifies"] and "discord: ready" in log(), 20)
       is not None, "the bot is ready")
    table("101", "560")
    time.sleep(0.5)
    op("patchdelay", "?s=2")
    s0 = state()
    ok(public(throw("101", "560")), "alice moves; the table's edit is slow")
    time.sleep(0.2)
    t0 = time.monotonic()
    os.kill(BOT_PID, signal.SIGTERM)
    gone = False
    while time.monotonic() < t0 + 8:
        try:
            os.kill(BOT_PID, 0)
        except ProcessLookupError:
            gone = True
            break
        # A zombie until run.sh waits for it: that is gone too; reaped
        # between the two looks, its /proc entry is gone (ESRCH, ENOENT).
        try:
            with open("/proc/%d/stat" % BOT_PID) as f:
                zombie = f.read().split(")")[-1].split()[0] == "Z"
        except OSError:
            zombie = True
        if zombie:
            gone = True
            break
        time.sleep(0.05)
    took = time.monotonic() - t0
    op("patchdelay", "?s=0")
    s = state()
    ok(gone and took < 5.5, "the bot exits within 5 s (%.1f s)" % took)
    ok(s["close_codes"][len(s0["close_codes"]):] == [1000],
       "the gateway was closed with 1000: %s" %
       s["close_codes"][len(s0["close_codes"]):])
    ok(s["edits"] > s0["edits"], "the edit in flight landed (%d edits)" %
       (s["edits"] - s0["edits"]))
elif MODE == "perms":
    import subprocess
    ok(wait(lambda s: s["identifies"] and "discord: ready" in log(), 20)
       is not None, "the bot is ready")
    USED = 1024 | 2048 | 16384 | 1 << 38
    exe = os.readlink("/proc/%d/exe" % BOT_PID)
    url = subprocess.run([exe, "-o", "discord.application_id=42",
                          "--invite-url"], capture_output=True,
                         text=True).stdout.strip()
    ok(url == "https://discord.com/oauth2/authorize?client_id=42&scope=bot"
       "%%20applications.commands&permissions=%d" % USED,
       "--invite-url asks for what the bot uses: %s" % url)
    readme = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          "..", "..", "docs", "discord.md")
    with open(readme) as f:
        ok("permissions=%d\n" % USED in f.read(),
           "docs/discord.md's invite link asks for the same")
    a = command("101", "570", "new", app_permissions=str(1024 | 2048))
    ok(a and a[0]["flags"] & 64 and "Embed Links" in a[0]["content"] and
       "View Channel" not in a[0]["content"],
       "without Embed Links, new says which to grant, privately: %s" % a)
    a = command("101", "570", "status", app_permissions=str(USED))
    ok(a and "no table" in a[0]["content"].lower(),
       "and no table was opened: %s" % a)
    a = command("101", "571", "new", app_permissions=str(1024 | 2048 |
                                                         16384),
                channel_type=11)
    ok(a and a[0]["flags"] & 64 and "Send Messages in Threads" in
       a[0]["content"] and "thread" in a[0]["content"],
       "in a thread it asks for Send Messages in Threads: %s" % a)
    ok(public(command("101", "572", "new", app_permissions=str(USED))),
       "with every permission new opens a table")
    ok(public(command("101", "573", "new")),
       "without app_permissions new opens a table (nothing to check)")
else:
    ok(False, "unknown mode %s" % MODE)

# The next run on this fake starts without these faults.
op("unfault")
TALLY.end("discord faults (%s)" % MODE)
