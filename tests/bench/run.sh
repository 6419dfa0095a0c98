#!/bin/sh
# make bench: every figure of the benchmarks, for comparison over time and
# against the targets (not part of make test: figures, not pass or fail).
#
#   tests/bench/run.sh BUILD          (BUILD holds cheersbot and bench/)
#
# 1. Engine (tests/bench/bench_engine.c): whole seeded games of every game
#    at every player count, random-legal and AI-vs-AI, games/s per core
#    and moves/s.  BENCH_ENGINE_SECONDS (1) of CPU a figure.  Then CHEERS
#    beside the engine of commit 966b7bc (tests/bench/engine_vs.py), two
#    bench_engine binaries in interleaved rounds, as ratios: narrated (the
#    events written as the bot posts them) and playouts (events off, as a
#    search plays).  BENCH_BASELINE names a baseline bench_engine; unset,
#    it is built once into BUILD/bench-baseline through a git worktree
#    (skipped, with a line saying so, without git history).
# 2. Bot (tests/bench/bot_bench.py): restore time and memory with 0, 1,000
#    and 10,000 open tables (BENCH_TABLES), console commands/s through the
#    whole path and event-to-reply latency.  BENCH_RUNS (3) runs a figure.
# 3. Discord (tests/bench/discord-latency.sh): interaction-to-callback
#    latency and events/s against the fake Discord of tests/discord, with
#    the state file on disk and on tmpfs (no flush wait), a move's commit
#    apart from the rest of its time, and the disk's flush time
#    (BENCH_INTERACTIONS, 1000).
#    Then shards (tests/bench/discord-shards.sh): 16 shards in one process
#    (discord.shards = auto) against the same fake, the time to identify
#    them all at max_concurrency 16 and 4, and their memory beside one
#    shard's (BENCH_SHARDS, 16).
# 4. Telegram (tests/bench/telegram-latency.sh): a click's
#    callback_query to the bot's answerCallbackQuery, through the fake Bot
#    API of tests/telegram over long polling (BENCH_CLICKS, 300).
# 5. IRC (tests/bench/irc-latency.sh): ten busy CHEERS tables on a real
#    InspIRCd that holds the bot to its send rate; command to first reply
#    line and "your move" against the channel's turn line, on the wire
#    (BENCH_IRC_SECONDS, 25; runs alone too).
# 6. Lines (tests/bench/lines.py): how much the bot says, in seeded games
#    of every game through the console with the timers running out:
#    channel lines a move, characters a channel line, lines a Magic
#    Cocktail game, private lines a turn, whole private views after the
#    start.  A few seconds; alone:
#    make bench-lines.
# 7. PostgreSQL (tests/bench/pg-bench.sh): a private server of its own;
#    moves committed/s and a move's p99 on SQLite and on PostgreSQL
#    beside the disk's flush (tests/bench/bench_store.c), --migrate-state
#    of the 10,000-table file, and its restore and memory from the
#    database beside the file's (tests/bench/pg_bench.py).
# Then a summary: every figure again, and each target met or missed.
# Takes about 4 minutes on 2 quiet cores (most of it making the 10,000-
# table state file and the engine figures); more on a busy machine.
#
# Every figure is printed with the load average when it was measured
# ("| load 3.21").  No wait of any bench is a count of short sleeps: each
# is bounded by the monotonic clock, BENCH_WAIT (60) s for one thing and
# ten times that for a whole run of the bot, and says what it waited for
# when it gives up (tests/bench/bounded.py).  A figure that could not be
# measured is a failure with its reason, and the summary names it; make
# bench exits non-zero only then (or when a lines target is missed, as
# make bench-lines does).
set -u
build=$1
dir=$(cd "$(dirname "$0")" && pwd)
log=$(mktemp)
# The 10,000-table state file is made once, for bot_bench.py and
# pg_bench.py both (kept after the run only when BENCH_STATE_DIR is set).
states=""
if [ -z "${BENCH_STATE_DIR:-}" ]; then
	states=$(mktemp -d)
	BENCH_STATE_DIR=$states
	export BENCH_STATE_DIR
fi
trap 'rm -f "$log"; [ -z "$states" ] || rm -rf "$states"' EXIT

cpu=$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo | head -1)
machine="$(nproc) cpus, ${cpu:-unknown CPU}, $(uname -sr), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "bench: machine: $machine"
t0=$(date +%s)
rc=0
{
	"$build/bench/bench_engine" || rc=1
	python3 "$dir/engine_vs.py" "$build" || rc=1
	python3 "$dir/bot_bench.py" "$build/cheersbot" || rc=1
	sh "$dir/discord-latency.sh" "$build/cheersbot" || rc=1
	sh "$dir/discord-shards.sh" "$build/cheersbot" || rc=1
	sh "$dir/telegram-latency.sh" "$build/cheersbot" || rc=1
	sh "$dir/irc-latency.sh" "$build/cheersbot" || rc=1
	python3 "$dir/lines.py" "$build/cheersbot" || rc=1
	sh "$dir/pg-bench.sh" "$build/cheersbot" || rc=1
	echo "rc $rc"
} 2>&1 | tee "$log"

echo
echo "=== make bench summary ($(($(date +%s) - t0)) s) ==="
echo "machine: $machine"
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "(figures are medians and bests of runs, each with the 1-minute load when it was measured; on a machine shared with other work they are noisy)"
grep '^engine: .* players ' "$log" | sed 's/ | [0-9.]* moves\/game[^|]*//'
grep '^engine vs .*\(players\|skipped\)' "$log" | sed 's/ (median [^)]*)//'
grep '^result: ' "$log" | sed 's/^result: //'
python3 - "$log" <<'EOF' || rc=1
import re, sys
text = open(sys.argv[1]).read()
missing = []

def num(pattern):
    m = re.search(pattern, text)
    return float(m.group(1)) if m else None

def target(what, value, ok, unit, why=None):
    if value is None and what.startswith("IRC") and \
            "irc: no inspircd here" in text:
        print("target: %-58s no figure: no inspircd here" % what)
    elif value is None and why is not None and why in text:
        print("target: %-58s no figure: %s" % (what, why))
    elif value is None:
        print("target: %-58s NO FIGURE: it failed (see above)" % what)
        missing.append(what)
    else:
        print("target: %-58s %s (%s)" % (what, "met" if ok(value) else
                                         "MISSED", unit(value) if
                                         callable(unit) else unit % value))

cheers = [float(x) for x in re.findall(
    r"engine: cheers +\d players random +games/s/core median +(\d+)", text)]
target("CHEERS random-legal >= 100,000 games/s a core (every count)",
       min(cheers) if cheers else None, lambda v: v >= 100000,
       "slowest player count: %.0f games/s")
for name, want in (("narrated", 0.9), ("playouts", 1.5)):
    got = [float(x) for x in re.findall(
        r"engine vs \w+: cheers +\d players %s +x([\d.]+)" % name, text)]
    target("CHEERS %s >= %.1fx of 966b7bc side by side (every count)" %
           (name, want), min(got) if got else None, lambda v: v >= want,
           "slowest player count: x%.2f", "engine vs 966b7bc: skipped")
target(">= 20,000 commands/s through the whole path (console)",
       num(r"console, whole path: median (\d+)"), lambda v: v >= 20000,
       "%.0f commands/s")
for where, pattern in (
        ("console, no network",
         r"console, event in -> replies out .*? p99 (\d+) us"),
        ("Discord, in the bot, state on disk",
         r"callback out \(in the bot, no network, state on disk\): .*? p99 (\d+) us"),
        ("Discord, in the bot, no disk flush",
         r"callback out \(in the bot, no network, state on tmpfs\): .*? p99 (\d+) us")):
    target("p99 event-to-reply < 1 ms (%s)" % where, num(pattern),
           lambda v: v < 1000, "%.0f us")
flush = num(r"the disk's flush .*?: median (\d+) us")
flush99 = num(r"the disk's flush .*?: median \d+ us, p99 (\d+) us")
if flush is not None:
    print("(a move is answered only once its commit is flushed to disk: "
          "this disk's flush alone takes %.0f us at the median and %.0f us "
          "at p99, see above)" % (flush, flush99))
target("Telegram: click -> answerCallbackQuery p99 < 1 s",
       num(r"telegram, callback_query made -> answerCallbackQuery in .*? "
           r"p99 ([\d.]+) ms"), lambda v: v < 1000, "%.0f ms")
target("IRC, 10 busy tables: command -> 1st reply line p99 <= 1 s",
       num(r"irc, command -> first reply line .*? p99 >?(\d+) ms"),
       lambda v: v <= 1000, "%.0f ms")
m = re.search(r'irc, "your move" after the channel\'s turn line .*? p99 '
              r'(first|-?\d+ ms)', text)
move = None if m is None else (float("-inf") if m.group(1) == "first" else
                               float(m.group(1).split()[0]))
target('IRC, 10 busy tables: "your move" p99 <= 1 s after turn line',
       move, lambda v: v <= 1000,
       lambda v: "%.0f ms; below 0: before it" % v if v != float("-inf")
       else "it came first, or the line never did")
target('IRC, 10 busy tables: "your move" waits <= 1 s in the bot (p99)',
       num(r'irc, in the bot: a "your move".s first line waited .*? p99 '
           r'(\d+) ms'), lambda v: v <= 1000, "%.0f ms",
       'none was sent in this run, so no figure (only whole views are timed)')
target("IRC, 10 busy tables: no line of a game's log dropped",
       num(r"irc, the bot's lines on the wire: .*?; (\d+) lines of older "
           r"table talk dropped"), lambda v: v == 0, "%.0f lines dropped")
target("10,000 open tables < 64 MB RSS",
       num(r"memory with 10000 open tables: VmRSS median ([\d.]+) MB"),
       lambda v: v < 64, "%.1f MB")
target("restore of 10,000 tables < 2 s",
       num(r"restore of 10000 tables .*median (\d+) ms"),
       lambda v: v < 2000, "%.0f ms")
for what, pattern, ok, unit in (
        ("restore of 10,000 tables from PostgreSQL < 3 s",
         r"restore of 10000 tables from PostgreSQL: median (\d+) ms",
         lambda v: v < 3000, "%.0f ms"),
        ("10,000 open tables on PostgreSQL < 64 MB RSS",
         r"restore of 10000 tables from PostgreSQL: .*?VmRSS median "
         r"([\d.]+) MB", lambda v: v < 64, "%.1f MB")):
    target(what, num(pattern), ok, unit, "bench: postgres: skipped")
if missing:
    sys.exit("make bench: %d figure%s could not be measured: %s" %
             (len(missing), "" if len(missing) == 1 else "s",
              "; ".join(missing)))
EOF
grep -q '^rc 0$' "$log" && [ $rc -eq 0 ]
