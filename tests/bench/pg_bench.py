#!/usr/bin/python3
"""The PostgreSQL store's figures for make bench, beside SQLite's on the
same machine and disk (not part of make test):

    PG_BENCH_PORT=... PG_BENCH_PASSWORD=... PG_BENCH_PSQL=psql \\
        tests/bench/pg_bench.py BOT DIR

tests/bench/pg-bench.sh runs it against a private server it starts (its
data in DIR, where the SQLite files go too, so both flush to one disk).

1. Moves committed per second and a move's p99, on each backend:
   build/bench/bench_store (tests/bench/bench_store.c) on a file in DIR
   and on a database of the server: a move alone, each its own commit
   (median and p99 of write to commit), and group commit (batches of 50
   moves: moves committed/s, a batch's median and p99).  Beside them,
   the disk's flush (tests/bench/discord_latency.py --flush DIR): a
   commit on either waits for one.
2. Restore from PostgreSQL: the 10,000-table state file of
   tests/bench/bot_bench.py (BENCH_PG_RESTORE tables; kept in
   BENCH_STATE_DIR when set), copied into the server with
   --migrate-state (its time is a figure too), then BENCH_RUNS (3)
   restores from the database and from the file: exec to "restored N
   tables", VmRSS and VmHWM, as bot_bench.py measures them.

Prints "result:" lines that tests/bench/run.sh collects.
"""
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

import bot_bench
from bounded import WAIT, run
from bot_bench import fail, make_state, restore_run, result, say

BOT = os.path.abspath(sys.argv[1])
DIR = os.path.abspath(sys.argv[2])
PORT = os.environ["PG_BENCH_PORT"]
PASSWORD = os.environ["PG_BENCH_PASSWORD"]
PSQL = os.environ["PG_BENCH_PSQL"]
RESTORE = int(os.environ.get("BENCH_PG_RESTORE", "10000"))
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
HERE = os.path.dirname(os.path.abspath(__file__))


def psql(db, sql):
    """The one value sql gives on database db."""
    p = subprocess.run([PSQL, "-h", "127.0.0.1", "-p", PORT, "-U", "cheers",
                        "-d", db, "-qAt", "-v", "ON_ERROR_STOP=1", "-c", sql],
                       env=dict(os.environ, PGPASSWORD=PASSWORD),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=WAIT)
    if p.returncode != 0:
        fail("psql: %s: %s" % (sql, p.stderr.strip()))
    return p.stdout.strip()


def database(name):
    """A new empty database; the bot's options to use it."""
    psql("postgres", "DROP DATABASE IF EXISTS %s" % name)
    psql("postgres", "CREATE DATABASE %s" % name)
    return ["-o", "store.backend=postgres", "-o",
            "postgres.url=postgresql://cheers@127.0.0.1:%s/%s" % (PORT, name),
            "-o", "postgres.password=" + PASSWORD]


def store_figures(args):
    """The figures of build/bench/bench_store on one backend (its args)."""
    p = run([os.path.join(os.path.dirname(BOT), "bench", "bench_store")] +
            args, "bench_store " + args[0], capture_output=True, text=True,
            fail=fail)
    if p.returncode != 0:
        fail("bench_store %s: %s" % (args[0], p.stderr[-2000:]))
    for line in p.stdout.splitlines():
        result(line.replace("result: ", "", 1))


def restore(src, n, moves):
    """Restores of the n-table file src from the database and the file."""
    store = database("restore")
    t0 = time.monotonic()
    p = run([BOT] + store + ["--migrate-state", src], "--migrate-state of "
            "%d tables" % n, capture_output=True, text=True, fail=fail)
    if p.returncode != 0:
        fail("--migrate-state: " + p.stderr[-2000:])
    result("store, --migrate-state of %d open tables (%d moves) into "
           "PostgreSQL: %.1f s" % (n, moves, time.monotonic() - t0))
    for label, opts in (("PostgreSQL", store), ("SQLite", None)):
        runs = [restore_run(src, n, DIR, opts) for _ in range(RUNS)]
        for r in runs:
            say("%s, %d tables: restored after %.1f ms, ready after %.1f ms, "
                "VmRSS %d kB, VmHWM %d kB" % ((label, n) + r))
        rest = sorted(r[0] for r in runs)
        rss = sorted(r[2] for r in runs)
        result("store, restore of %d tables from %s: median %.0f ms, best "
               "%.0f ms; VmRSS median %.1f MB, VmHWM median %.1f MB" %
               (n, label, statistics.median(rest), rest[0],
                statistics.median(rss) / 1024,
                statistics.median(sorted(r[3] for r in runs)) / 1024))


def main():
    bot_bench.BOT = BOT
    # --- 1: moves/s and commits, each backend, beside the disk's flush
    db = os.path.join(DIR, "moves.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.unlink(db + suffix)
    store_figures(["sqlite", db])
    database("moves")
    store_figures(["postgres", "host=127.0.0.1 port=%s dbname=moves "
                   "user=cheers" % PORT, PASSWORD])
    p = run([sys.executable, os.path.join(HERE, "discord_latency.py"),
             "--flush", DIR], "the disk's flush", capture_output=True,
            text=True, fail=fail)
    m = re.search(r"median (\d+) us, p99 (\d+) us", p.stdout)
    if p.returncode != 0 or m is None:
        fail("measuring the disk's flush: " + p.stderr[-500:])
    result("store, the flush of this disk beside them (8 KiB + fdatasync): "
           "median %s us, p99 %s us" % m.groups())
    # --- 2: restore from the database
    keep = os.environ.get("BENCH_STATE_DIR")
    src = os.path.join(keep, "gen%d.db" % RESTORE) if keep else None
    if src is None or not os.path.exists(src):
        made, _ = make_state(RESTORE, DIR)
        if keep:
            os.makedirs(keep, exist_ok=True)
            shutil.copyfile(made, src)
        else:
            src = made
    restore(src, RESTORE, bot_bench.state_moves(src))


if __name__ == "__main__":
    main()
