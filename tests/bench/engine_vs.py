#!/usr/bin/python3
"""The CHEERS engine beside an older build of itself, side by side.

    engine_vs.py BUILD [BASELINE]

Two bench_engine binaries (tests/bench/bench_engine.c), today's
(BUILD/bench/bench_engine) and a baseline, play the same seeded random-
legal CHEERS games at every player count, interleaved: each round runs
the baseline, today's narrated ("random": the events written as the bot
posts them) and today's playouts ("playout": events off, as a search
plays), in an order that turns round every round, so both see the same
machine.  Printed per player count, as ratios to the baseline (the median
of the rounds' ratios, each from one round):

  engine vs BASE: cheers N players narrated x0.93 (...) | load 1.20
  engine vs BASE: cheers N players playouts x1.52 (...) | load 1.20

The targets of issue 36: narrated >= 0.9x and playouts >= 1.5x of
commit 966b7bc, the engine before one-line narration.

BASELINE (or BENCH_BASELINE) is a bench_engine binary to compare with.
Without one, it is built once from commit BENCH_BASELINE_COMMIT (966b7bc)
into BUILD/bench-baseline/bench_engine-966b7bc through a git worktree that is
removed after; when this checkout has no git history with that commit,
it prints "engine vs ...: skipped: ..." and exits 0.  An old baseline has
no playout way: it is always measured narrated.

BENCH_ENGINE_ROUNDS (7) rounds of BENCH_ENGINE_VS_SECONDS (0.3) s of CPU
a figure (bench_engine's own 3 runs a figure); about 5 s a round.  Each
figure carries the median 1-minute load of its rounds.
"""
import os
import re
import shutil
import statistics
import subprocess
import sys

from bounded import run

BUILD = sys.argv[1]
COMMIT = os.environ.get("BENCH_BASELINE_COMMIT", "966b7bc")
ROUNDS = int(os.environ.get("BENCH_ENGINE_ROUNDS", "7"))
SECS = os.environ.get("BENCH_ENGINE_VS_SECONDS", "0.3")
LINE = re.compile(r"^engine: cheers +(\d) players (\w+) +games/s/core "
                  r"median +(\d+)")
HERE = os.path.dirname(os.path.abspath(__file__))


def skip(why):
    print("engine vs %s: skipped: %s" % (COMMIT, why))
    sys.exit(0)


def git(*args, **kw):
    return run(["git", "-C", HERE] + list(args), "git " + args[0],
               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
               universal_newlines=True, **kw)


def baseline():
    """The baseline binary: given, built before, or built now."""
    given = sys.argv[2] if len(sys.argv) > 2 else \
        os.environ.get("BENCH_BASELINE", "")
    if given:
        if not os.access(given, os.X_OK):
            sys.exit("bench: BENCH_BASELINE %s is not an executable "
                     "bench_engine" % given)
        return given
    dest = os.path.join(BUILD, "bench-baseline")
    binary = os.path.join(dest, "bench_engine-" + COMMIT)
    if os.access(binary, os.X_OK):
        return binary
    if git("cat-file", "-e", COMMIT + "^{commit}").returncode != 0:
        skip("no git history with commit %s here (set BENCH_BASELINE to "
             "a bench_engine built from it)" % COMMIT)
    src = os.path.abspath(os.path.join(dest, "src"))
    os.makedirs(dest, exist_ok=True)
    if os.path.exists(src):
        git("worktree", "remove", "--force", src)
        shutil.rmtree(src, ignore_errors=True)
    print("engine vs %s: building its bench_engine in %s" % (COMMIT, dest))
    sys.stdout.flush()
    try:
        r = git("worktree", "add", "--detach", src, COMMIT)
        if r.returncode != 0:
            skip("git worktree add failed: %s" % r.stdout.strip())
        r = run(["make", "-C", src, "-j2", "build/bench/bench_engine"],
                "make of the baseline bench_engine", stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT, universal_newlines=True)
        if r.returncode != 0:
            sys.exit("bench: the baseline bench_engine did not build:\n" +
                     r.stdout[-2000:])
        shutil.copy(os.path.join(src, "build/bench/bench_engine"), binary)
    finally:
        git("worktree", "remove", "--force", src)
        shutil.rmtree(src, ignore_errors=True)
    return binary


def measure(binary, way):
    """{players: games/s} of one bench_engine run of CHEERS."""
    r = run([binary, SECS, "cheers", way], "bench_engine cheers " + way,
            stdout=subprocess.PIPE, universal_newlines=True)
    if r.returncode != 0:
        sys.exit("bench: %s cheers %s failed" % (binary, way))
    got = {}
    for line in r.stdout.splitlines():
        m = LINE.match(line)
        if m and m.group(2) == way:
            got[int(m.group(1))] = float(m.group(3))
    return got


def main():
    new = os.path.join(BUILD, "bench", "bench_engine")
    old = baseline()
    runs = [(old, "random", "old"), (new, "random", "narrated"),
            (new, "playout", "playouts")]
    ratio = {"narrated": {}, "playouts": {}}
    speed = {"old": {}, "narrated": {}, "playouts": {}}
    loads = []
    for rnd in range(ROUNDS):
        got = {}
        for binary, way, name in runs if rnd % 2 == 0 else runs[::-1]:
            got[name] = measure(binary, way)
        loads.append(os.getloadavg()[0])
        for name in speed:
            for n, v in got[name].items():
                speed[name].setdefault(n, []).append(v)
        for name in ratio:
            for n, v in got[name].items():
                if got["old"].get(n):
                    ratio[name].setdefault(n, []).append(
                        v / got["old"][n])
    load = statistics.median(loads)
    print("engine vs %s: %d interleaved rounds of %s s CPU a figure; "
          "ratio = today / baseline games/s a core, the median of the "
          "rounds' ratios" % (COMMIT, ROUNDS, SECS))
    for name in ("narrated", "playouts"):
        for n in sorted(ratio[name]):
            print("engine vs %s: cheers %d players %-8s x%.2f (median "
                  "%.0f games/s, baseline %.0f; rounds' ratios %.2f-%.2f) "
                  "| load %.2f" % (
                      COMMIT, n, name, statistics.median(ratio[name][n]),
                      statistics.median(speed[name][n]),
                      statistics.median(speed["old"][n]),
                      min(ratio[name][n]), max(ratio[name][n]), load))


main()
