#!/usr/bin/python3
"""Every Discord shard in one process, against the sharded fake Discord.

    shards.py PORT BOT_STDERR_FILE setup MODE
    shards.py PORT BOT_STDERR_FILE MODE BOT

"setup" (before the bot starts) makes the fake sharded: GET /gateway/bot
recommends 4 shards, 2 identifying at a time (max_concurrency 2), and
its record of IDENTIFYs starts again; for "range", one session start
is left for the next 6 s.

MODE "auto" (discord.shards = auto): the bot reads GET /gateway/bot and
identifies shards 0 to 3 of 4, each once, by bucket (shard_id % 2): 0
and 1 together, 2 and 3 no sooner than 5 s after, as the fake checks.
Games are played in two guilds on shards 1 and 2 and a command comes
by DM (shard 0); each is answered from its own shard.  Then shard 1 is
closed with a resumable code (4000) and resumes without a new
IDENTIFY, and shard 3 with a fatal one (4014): only shard 3 stops, said
in the log, and the games and DMs play on.

MODE "range" (discord.shards = 2-3, discord.shard_count = 4): the bot
identifies shards 2 and 3 of 4 only, shard 3 once session starts are
there again (never over the budget, said once in the log), and a guild
of shard 2 is served.
BOT's --check-config refuses a range past shard_count, a range that is
not one, and shard_id beside shards.

Prints one line per failed check and a final "N passed, M failed" line;
exits non-zero when anything failed.
"""
import subprocess
import sys
import time

import fake_client
from fake_client import call, command, op, public, state, throw, wait

log, MODE, TALLY = fake_client.begin("discord shards")
ok = TALLY.ok
COUNT = 4


def guild(shard):
    """A guild id whose events Discord sends to shard."""
    return str((1000 + shard) << 22)


def by_shard(s):
    """{shard: [identify times]} of the IDENTIFYs the fake saw."""
    out = {}
    for ident, at in zip(s["identifies"], s["identify_times"]):
        out.setdefault(ident["shard"][0], []).append(at)
    return out


def game(user, channel, shard):
    """user opens and starts a CHEERS table with an AI in a guild of
    shard, and moves; each answer came from that shard."""
    g = guild(shard)
    answers = [command(user, channel, sub, g)
               for sub in ("new", "addbot", "start")]
    answers.append(throw(user, channel, g))
    ok(all(public(a) for a in answers), "a game in guild %s (shard %d) "
       "starts and %s moves: %s" % (g, shard, user, answers[-1]))
    ok(all(a and a[0]["shard"] == shard for a in answers),
       "each of its commands came on shard %d" % shard)


if MODE == "setup":
    op("shards", "?count=%d&concurrency=2" % COUNT)
    if sys.argv[4] == "range":
        op("nostarts", "?ms=6000&left=1")
    sys.exit(0)

BOT = sys.argv[4]

if MODE == "auto":
    s = wait(lambda s: len(s["identifies"]) >= COUNT and
             "all 4 shards identified" in log(), 25)
    ok(s is not None, "the bot identifies all 4 shards: %s" %
       (s or state())["identifies"])
    s = state()
    ok(s["gateway_bot"] >= 1 and "recommends 4 shards" in log(),
       "it asked GET /gateway/bot how many")
    at = by_shard(s)
    ok(sorted(at) == [0, 1, 2, 3] and all(len(v) == 1 for v in at.values())
       and all(i["shard"][1] == COUNT for i in s["identifies"]),
       "each shard of 4 once: %s" % s["identifies"])
    ok(s["identify_too_fast"] == 0, "no bucket identified twice in 5 s")
    if sorted(at) == [0, 1, 2, 3]:
        ok(abs(at[1][0] - at[0][0]) < 2.0, "shards 0 and 1 (buckets 0 "
           "and 1) identify together: %.2f s apart" %
           abs(at[1][0] - at[0][0]))
        ok(at[2][0] - at[0][0] >= 4.9 and at[3][0] - at[1][0] >= 4.9,
           "shards 2 and 3 wait 5 s for their buckets: %.2f, %.2f s" %
           (at[2][0] - at[0][0], at[3][0] - at[1][0]))
    else:
        ok(False, "no pacing to check")
        ok(False, "no pacing to check")
    ok(all("discord: shard %d: ready" % i in log() for i in range(COUNT)),
       "the log names each shard that is ready")
    game("101", "601", 1)
    game("102", "602", 2)
    a = command("103", None, "help", None)
    ok(a and a[0]["shard"] == 0, "a DM comes on shard 0 and is answered: "
       "%s" % a)

    # Shard 1 closed with a resumable code: it resumes, alone.
    s0 = state()
    op("close", "?shard=1&code=4000")
    s = wait(lambda s: s["resumes"] > s0["resumes"] and
             "discord: shard 1: resumed" in log(), 15)
    ok(s is not None, "shard 1, closed with 4000, resumes")
    s1 = state()
    ok(len(s1["identifies"]) == len(s0["identifies"]) and
       s1["connections"] == s0["connections"] + 1,
       "without a new IDENTIFY, and no other shard reconnected (%d "
       "connections, %d before)" % (s1["connections"], s0["connections"]))
    # Shard 3 closed with a fatal code: it stops, alone.
    op("close", "?shard=3&code=4014")
    s = wait(lambda s: "discord: shard 3: the gateway closed with 4014"
             in log(), 5)
    lines = [l for l in log().splitlines() if "closed with 4014" in l]
    ok(len(lines) == 1 and "this shard stops" in lines[0] and
       "other shards" in lines[0], "one log line says shard 3 stops and "
       "the others run on: %s" % lines)
    time.sleep(3)
    s = state()
    ok(len(s["identifies"]) == len(s0["identifies"]) and
       s["connections"] == s1["connections"],
       "shard 3 does not connect or identify again")
    ok(public(throw("101", "601", guild(1))), "the game on shard 1 plays "
       "on after its resume")
    ok(public(throw("102", "602", guild(2))), "the game on shard 2 plays "
       "on")
    a = command("103", None, "help", None)
    ok(a and a[0]["shard"] == 0, "DMs are still answered on shard 0")
    iid = call("POST", "/_test/interaction", {
        "user": "104", "name": "u104", "channel": "603",
        "guild": guild(3), "sub": "status"})["id"]
    w = call("GET", "/_test/wait?id=%s&timeout=2" % iid)
    ok(not w["answered"] and w.get("dropped"),
       "shard 3's guild hears nothing: its shard stopped (%s)" % w)
elif MODE == "range":
    s = wait(lambda s: len(s["identifies"]) >= 2 and
             "discord: shard 3: ready" in log() and
             "discord: shard 2: ready" in log(), 25)
    ok(s is not None, "the bot identifies shards 2 and 3")
    time.sleep(1)
    s = state()
    ok(sorted(tuple(i["shard"]) for i in s["identifies"]) ==
       [(2, COUNT), (3, COUNT)], "only shards 2 and 3 of 4: %s" %
       s["identifies"])
    ok("running shards 2 to 3 of 4" in log(), "the log says which")
    at = by_shard(s)
    ok(s["identify_over_budget"] == 0 and len(at.get(3, [])) == 1 and
       at[3][0] >= s["starts_reset_at"], "with one session start left, "
       "shard 3 identifies only once they reset (over budget %d, shard "
       "3 at %s, reset at %.3f)" % (s["identify_over_budget"],
                                    at.get(3), s["starts_reset_at"]))
    lines = [l for l in log().splitlines() if "no session starts left" in l]
    ok(len(lines) == 1, "one log line says it waits: %s" % lines)
    a = command("105", "604", "status", guild(2))
    ok(a and a[0]["shard"] == 2, "a guild of shard 2 is served: %s" % a)

    def check_config(*opts):
        """BOT --check-config with discord enabled and opts: its exit
        status and what it said."""
        args = [BOT, "--check-config", "-o", "discord.enabled=yes",
                "-o", "discord.token=x", "-o", "discord.application_id=1"]
        for o in opts:
            args += ["-o", o]
        r = subprocess.run(args, capture_output=True, text=True)
        return r.returncode, r.stdout + r.stderr

    rc, out = check_config("discord.shards=2-4", "discord.shard_count=4")
    ok(rc != 0 and "must end below discord.shard_count (4)" in out,
       "a range past shard_count is refused: %s" % out.strip())
    rc, out = check_config("discord.shards=3-1")
    ok(rc != 0 and "not auto or a range" in out,
       "a range that is not one is refused: %s" % out.strip())
    rc, out = check_config("discord.shards=0-1", "discord.shard_id=1",
                           "discord.shard_count=2")
    ok(rc != 0 and "both set" in out,
       "shard_id beside shards is refused: %s" % out.strip())
    rc, out = check_config("discord.shards=auto")
    ok(rc == 0, "auto checks clean: %s" % out.strip())
else:
    ok(False, "unknown mode %s" % MODE)

# The next run on this fake is not sharded, and has its session starts.
op("shards", "?count=1&concurrency=1")
op("unfault")
TALLY.end("discord shards (%s)" % MODE)
