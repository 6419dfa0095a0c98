#!/usr/bin/python3
"""The bot's own figures for make bench (not part of make test):

    tests/bench/bot_bench.py BOT

1. State files with 1,000 and 10,000 running tables (BENCH_TABLES), made
   by the bot itself through the console adapter: one --fake-clock run
   opens 10% more tables than needed in channels #c1, #c2, ... (new,
   addbot 3, start: 4-seat CHEERS games, human host), then ":wait 25s"
   lets the AI seats (1 s delay) and the host's 10 s turn timer play
   about 7 moves a table; a second run ends the surplus of still-running
   tables, so exactly N are open (the few games that were won stay in the
   file as history).  They are made on /dev/shm when it is there (the
   bot's fsyncs are free on tmpfs; the file is the same), then copied to
   a directory beside /tmp for the timed runs.  With BENCH_STATE_DIR set,
   they are kept there and reused by later runs.
2. Restore and memory: BENCH_RUNS (3) runs per file, and a run on a fresh
   state file (0 tables): the bot starts on a copy with its console input
   held open, and we take the time from exec to the log line "restored N
   tables" (and to "ready"), check that N is every open table, then read
   VmRSS (resident now, tables open and idle) and VmHWM (the peak, during
   the restore) from /proc/PID/status, and close its input.  These runs
   use --fake-clock: the restore is the same, but no timer falls due
   after it (the file was made on a fake clock, so on the real one every
   AI move would be due at once), so the tables sit idle while measured.
3. Console session: a scripted session (--fake-clock, input from a file,
   output to a file on disk): 50 channels, each round "new", "addbot 3",
   "start", "status", "hand" and the host's "throw" in every channel,
   then ":wait 3s" so AI seats and timeouts move (BENCH_ROUNDS rounds,
   40).  Commands/s is commands sent over the wall time of the whole run
   (start-up, the AI moves at each :wait and every durable commit
   included; the console reads its input in large chunks, so commits are
   batched as the store's group commit allows).
4. Latency, event in -> replies out: the same session (BENCH_LATENCY_ROUNDS
   rounds, 10) sent one command at a time through a pipe, with
   console.echo on and a comment line after each command; the time from
   writing the command to reading the comment's echo, which the bot
   prints after every reply to the command (and after the commit of its
   move, which comes before any reply).  So it is the whole path, pipe to
   pipe, including this script's reading; a comment alone gives that
   floor.

Prints medians and bests of the runs, then "result:" lines that
tests/bench/run.sh collects, each with the load when it was measured.
Every wait is bounded by time (tests/bench/bounded.py): BENCH_WAIT (60 s)
for one thing (a log line, an echo, an exit), ten times it for a whole run
whose length is its work (making a state file, the scripted session); when
one gives up it says what it waited for.
"""
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

from bounded import WAIT, Lines, load, proc_status, read_some, run, wait_exit

BOT = os.path.abspath(sys.argv[1])
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
TABLES = [int(x) for x in os.environ.get("BENCH_TABLES", "1000,10000").split(",")]
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "40"))
LATENCY_ROUNDS = int(os.environ.get("BENCH_LATENCY_ROUNDS", "10"))


def say(*a):
    print("bot:", *a, flush=True)


def result(*a):
    print("result:", *a, end=load() + "\n", flush=True)


def fail(msg):
    print("bot: FAIL:", msg, flush=True)
    sys.exit(1)


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))]


def db_count(db, sql):
    """The count the query sql (SELECT count(*) ...) gives on file db."""
    c = sqlite3.connect(db)
    try:
        return c.execute(sql).fetchone()[0]
    finally:
        c.close()


def open_tables(db):
    return db_count(db, "SELECT count(*) FROM tables WHERE state IN "
                    "('lobby', 'playing')")


def state_moves(db):
    return db_count(db, "SELECT count(*) FROM moves JOIN tables ON id = "
                    "table_id WHERE state = 'playing'")


def make_state(n, gendir):
    """The bot makes a state file with exactly n running tables; returns
    its path in gendir."""
    db = os.path.join(gendir, "gen%d.db" % n)
    total = n + n // 10 + 5
    opts = ["--fake-clock", "-o", "bot.state_file=" + db, "-o", "bot.seed=1",
            "-o", "tables.ai_delay=1s", "-o", "tables.turn_timer=10s",
            "-o", "tables.prompt_timer=10s", "-o", "tables.timeouts_to_ai=0",
            "-o", "tables.lobby_expiry=0", "-o", "tables.max_tables=%d" % total]
    lines = []
    for i in range(1, total + 1):
        lines += ["h #c%d: /cheers new" % i, "h #c%d: /cheers addbot 3" % i,
                  "h #c%d: /cheers start" % i]
    lines.append(":wait 25s")
    t0 = time.monotonic()
    p = run([BOT] + opts, "the bot to open %d tables for the state file" %
            total, input="\n".join(lines) + "\n", capture_output=True,
            text=True, fail=fail)
    if p.returncode != 0:
        fail("making the state file: " + p.stderr[-2000:])
    c = sqlite3.connect(db)
    rows = c.execute("SELECT channel FROM tables WHERE state = 'playing' "
                     "ORDER BY id").fetchall()
    c.close()
    end = ["h %s: /cheers end confirm" % ch for (ch,) in rows[n:]]
    p = run([BOT] + opts, "the bot to end %d surplus tables" % len(end),
            input="\n".join(end) + "\n", capture_output=True, text=True,
            fail=fail)
    if p.returncode != 0:
        fail("ending the surplus tables: " + p.stderr[-2000:])
    got = open_tables(db)
    if got != n:
        fail("the state file holds %d open tables, not %d" % (got, n))
    moves = state_moves(db)
    say("state file: %d running 4-seat CHEERS tables, %d moves, %d KiB "
        "(made by the bot in %.1f s)" % (n, moves, os.path.getsize(db) // 1024,
                                          time.monotonic() - t0))
    return db, moves


def restore_run(src, n, workdir, store=None):
    """Starts the bot on a copy of src (None: a fresh file), or on the
    store its options store name (a database holding the tables), and
    returns (ms to "restored", ms to "ready", VmRSS kB, VmHWM kB)."""
    db = os.path.join(workdir, "run.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.unlink(db + suffix)
    if src is not None and store is None:
        shutil.copyfile(src, db)
    t0 = time.perf_counter()
    p = subprocess.Popen([BOT, "--fake-clock", "-o", "bot.state_file=" + db,
                          "-o", "tables.lobby_expiry=0"] + (store or []),
                         stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    err = Lines(p.stderr)
    t_restored = None
    restored = 0
    while True:
        line = err.readline("the bot's \"ready\" on %d tables (restoring "
                            "them)" % n, fail=fail)
        if not line:
            fail("the bot never said it was ready (exit %s)" %
                 wait_exit(p, "the bot to exit", fail=fail))
        m = re.search(r"restored (\d+) tables?", line)
        if m and t_restored is None:
            t_restored = time.perf_counter()
            restored = int(m.group(1))
        if " ready: " in line:
            t_ready = time.perf_counter()
            break
    if t_restored is None:
        t_restored = t_ready
    if restored != n:
        fail("the bot restored %d tables, not %d" % (restored, n))
    time.sleep(0.3)     # let anything due at start run
    st = proc_status(p.pid)
    p.stdin.close()
    err.drain("the bot's log to end after its input closed", fail=fail)
    if wait_exit(p, "the bot to exit after its input closed",
                 fail=fail) != 0:
        fail("the restore run exited %d" % p.returncode)
    return ((t_restored - t0) * 1e3, (t_ready - t0) * 1e3, st["VmRSS"],
            st["VmHWM"])


def session_input(workdir):
    lines, kinds = [], []
    for _ in range(ROUNDS):
        for i in range(1, 51):
            for verb in ("new", "addbot 3", "start", "status", "hand", "throw"):
                lines.append("h%d #s%d: /cheers %s" % (i, i, verb))
                kinds.append(verb.split()[0])
        lines.append(":wait 3s")
    path = os.path.join(workdir, "session.in")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path, kinds


def latency(workdir):
    """Event in -> replies out, one command at a time (see the top)."""
    db = os.path.join(workdir, "l.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.unlink(db + suffix)
    p = subprocess.Popen([BOT, "--fake-clock", "-o", "console.echo=yes",
                          "-o", "bot.state_file=" + db, "-o", "bot.seed=3",
                          "-o", "tables.ai_delay=1s", "-o",
                          "tables.turn_timer=5s", "-o",
                          "tables.prompt_timer=5s", "-o",
                          "tables.timeouts_to_ai=0", "-o",
                          "tables.lobby_expiry=0"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, bufsize=0)
    fin, fout = p.stdin.fileno(), p.stdout.fileno()
    buf = bytearray()
    marks = [0]

    def exchange(line):
        """Sends line and a comment after it; returns the seconds until
        the comment's echo is read, so every reply to line is out."""
        marks[0] += 1
        mark = b"> # m%d\n" % marks[0]
        t0 = time.perf_counter()
        os.write(fin, line + b"\n# m%d\n" % marks[0])
        end = time.monotonic() + WAIT
        while True:
            i = buf.find(mark)
            if i >= 0:
                t = time.perf_counter() - t0
                del buf[:i + len(mark)]
                return t
            chunk = read_some(fout, "the echo of the comment after \"%s\""
                              % line.decode(), end, fail=fail)
            if not chunk:
                fail("the bot stopped during the latency run")
            buf.extend(chunk)

    floor = [exchange(b"# nothing") for _ in range(300)]
    times, kinds = [], []
    for _ in range(LATENCY_ROUNDS):
        for i in range(1, 51):
            for verb in ("new", "addbot 3", "start", "status", "hand",
                         "throw"):
                times.append(exchange(b"h%d #s%d: /cheers %s" %
                                      (i, i, verb.encode())))
                kinds.append(verb.split()[0])
        exchange(b":wait 3s")
    p.stdin.close()
    Lines(fout).drain("the bot's output to end after its input closed",
                      fail=fail)
    if wait_exit(p, "the bot to exit after its input closed",
                 fail=fail) != 0:
        fail("the latency run exited %d" % p.returncode)
    us = [t * 1e6 for t in times]
    for verb in ("new", "addbot", "start", "status", "hand", "throw"):
        part = [t for t, k in zip(us, kinds) if k == verb]
        say("  %-7s %5d: median %5d us, p99 %5d us, worst %6d us" %
            (verb, len(part), statistics.median(part), pct(part, 0.99),
             max(part)))
    fl = [t * 1e6 for t in floor]
    result("console, event in -> replies out (pipe to pipe, no network): "
           "median %d us, p90 %d us, p99 %d us, worst %d us over %d "
           "commands (a comment alone: median %d us, p99 %d us)" %
           (statistics.median(us), pct(us, 0.90), pct(us, 0.99), max(us),
            len(us), statistics.median(fl), pct(fl, 0.99)))


def session_run(inp, workdir):
    db = os.path.join(workdir, "s.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.unlink(db + suffix)
    args = [BOT, "--fake-clock", "-o", "bot.state_file=" + db, "-o",
            "bot.seed=2", "-o", "tables.ai_delay=1s", "-o",
            "tables.turn_timer=5s", "-o", "tables.prompt_timer=5s", "-o",
            "tables.timeouts_to_ai=0", "-o", "tables.lobby_expiry=0"]
    err = os.path.join(workdir, "s.err")
    with open(inp, "rb") as fin, \
            open(os.path.join(workdir, "s.out"), "wb") as fout, \
            open(err, "wb") as ferr:
        t0 = time.perf_counter()
        rc = run(args, "the scripted session (%s)" % inp, stdin=fin,
                 stdout=fout, stderr=ferr, fail=fail).returncode
        secs = time.perf_counter() - t0
    if rc != 0:
        fail("the session run exited %d" % rc)
    return secs, db, err


def main():
    cpu = "unknown CPU"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    say("machine: %d cpus, %s; %d runs a figure" % (os.cpu_count(), cpu, RUNS))
    work = tempfile.mkdtemp(prefix="cheersbot-bench.")
    gendir = work
    if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK):
        gendir = tempfile.mkdtemp(prefix="cheersbot-bench.", dir="/dev/shm")
    try:
        # --- 1, 2: state files, restore, memory
        files = {0: (None, 0)}
        keep = os.environ.get("BENCH_STATE_DIR")
        if keep:
            os.makedirs(keep, exist_ok=True)
        for n in TABLES:
            dst = os.path.join(keep or work, "gen%d.db" % n)
            if keep and os.path.exists(dst):
                files[n] = (dst, state_moves(dst))
                say("state file: %d tables, %d moves, reused from %s" %
                    (n, files[n][1], dst))
                continue
            src, moves = make_state(n, gendir)
            shutil.copyfile(src, dst)
            os.unlink(src)
            files[n] = (dst, moves)
        for n in [0] + TABLES:
            src, moves = files[n]
            runs = [restore_run(src, n, work) for _ in range(RUNS)]
            for r in runs:
                say("%5d tables: restored after %.1f ms, ready after %.1f ms, "
                    "VmRSS %d kB, VmHWM %d kB" % ((n,) + r))
            rest = sorted(r[0] for r in runs)
            rss = sorted(r[2] for r in runs)
            hwm = sorted(r[3] for r in runs)
            if n > 0:
                result("restore of %d tables (%d moves): median %.0f ms, best "
                       "%.0f ms (exec to \"restored\")" %
                       (n, moves, statistics.median(rest), rest[0]))
            result("memory with %d open tables: VmRSS median %.1f MB, VmHWM "
                   "(peak, during restore) median %.1f MB" %
                   (n, statistics.median(rss) / 1024,
                    statistics.median(hwm) / 1024))
        # --- 3: the console session
        inp, kinds = session_input(work)
        rates = []
        for i in range(RUNS):
            secs, db, _ = session_run(inp, work)
            rates.append(len(kinds) / secs)
            say("session run %d: %d commands in %.0f ms, %.0f commands/s" %
                (i + 1, len(kinds), secs * 1e3, rates[-1]))
        c = sqlite3.connect(db)
        moves = c.execute("SELECT count(*) FROM moves").fetchone()[0]
        c.close()
        result("console, whole path: median %.0f, best %.0f commands/s "
               "(%d commands; %d moves written, committed durably in batches)" %
               (statistics.median(rates), max(rates), len(kinds), moves))
        latency(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        if gendir != work:
            shutil.rmtree(gendir, ignore_errors=True)


if __name__ == "__main__":
    main()
