#!/usr/bin/python3
"""Shards in one process: how long a bot with discord.shards = auto
takes to identify them all against the fake Discord of tests/discord,
and the memory they take.

    discord_shards.py PORT BOT_STDERR_FILE BOT_PID SHARDS CONCURRENCY [RSS1]

The fake was told (POST /_test/shards) to recommend SHARDS shards with
max_concurrency CONCURRENCY before the bot started.  Waits for every
shard's READY (the bot's "all N shards identified, S s after the start"
line; "discord: ready" for one shard), checks that the fake saw each
shard identify once and no bucket twice in 5 s, then reads the bot's
VmRSS and VmHWM (a second later, settled).  RSS1 (kB) is the VmRSS of
a one-shard bot on the same fake, for the cost of a shard.  Prints one
line starting "result:", with the load when it was measured; every wait
is bounded by time (tests/bench/bounded.py: BENCH_WAIT, 60 s).
"""
import os
import re
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, "..", "discord"))
import bounded  # noqa: E402
import fake_client  # noqa: E402

PORT, BOT_ERR, PID = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
SHARDS, CONC = int(sys.argv[4]), int(sys.argv[5])
RSS1 = int(sys.argv[6]) if len(sys.argv) > 6 else None
fake_client.BASE = "http://127.0.0.1:%d" % PORT


def identified():
    """The bot's own figure, [seconds from its start to the last
    IDENTIFY], or None until every shard has identified."""
    with open(BOT_ERR) as f:
        text = f.read()
    if SHARDS == 1:
        return [0.0] if "discord: ready" in text else None
    m = re.search(r"all %d shards identified, ([\d.]+) s after" % SHARDS,
                  text)
    return m and [float(m.group(1))]


# 16 shards at concurrency 1 take 75 s at least: the wait is the run's.
took, = bounded.until("every shard to identify", identified,
                      timeout=bounded.RUN_WAIT)
s = bounded.until("%d READY dispatches" % SHARDS, lambda: (
    lambda s: s if s["shard_events"] and sum(
        s["shard_events"].values()) >= SHARDS else None)(fake_client.state()))
times = s["identify_times"]
shards = sorted(i["shard"][0] for i in s["identifies"] if i["shard"])
if shards != list(range(SHARDS)) or s["identify_too_fast"]:
    bounded.give_up("discord shards: the fake saw IDENTIFYs of shards %s, "
                    "%d of them too soon in their bucket" %
                    (shards, s["identify_too_fast"]))
time.sleep(1)
st = bounded.proc_status(PID)
if SHARDS == 1:
    print("result: discord, 1 shard (discord.shards unset): VmRSS %.1f MB, "
          "VmHWM %.1f MB%s" % (st["VmRSS"] / 1024, st["VmHWM"] / 1024,
                               bounded.load()))
    print("rss1 %d" % st["VmRSS"])
    sys.exit(0)
extra = ""
if RSS1 is not None:
    extra = ", %+.0f kB a shard over one" % ((st["VmRSS"] - RSS1) /
                                              (SHARDS - 1))
print("result: discord, %d shards in one process (max_concurrency %d): all "
      "identified %.2f s after the start (first to last IDENTIFY %.2f s), "
      "VmRSS %.1f MB, VmHWM %.1f MB%s%s" %
      (SHARDS, CONC, took, max(times) - min(times), st["VmRSS"] / 1024,
       st["VmHWM"] / 1024, extra, bounded.load()))
