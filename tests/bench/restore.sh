#!/bin/sh
# Benchmarks of the daemon, for comparison over time (make bench; not part
# of make test).
#
#   bench/restore.sh build/cheersbot
#   BENCH_RUNS=5 BENCH_TABLES=1000 BENCH_ROUNDS=40    (the defaults)
#
# 1. Restore: how long a restart takes with BENCH_TABLES running tables.
#    The state file is made by the bot itself through the console adapter:
#    one --fake-clock run opens 10% more tables than needed in channels
#    #c1, #c2, ... (new, addbot 3, start: 4-seat CHEERS games, human host),
#    then ":wait 25s" lets the AI seats (1 s delay) and the host's 10 s turn
#    timer play about 7 moves a table; a second run ends the surplus of
#    still-running tables, so exactly BENCH_TABLES are open (the few games
#    that were won stay in the file as history).  Each timed run starts the
#    bot on a fresh copy of that file with console input at EOF and
#    measures, from exec, the time to the log line "restored N tables" and
#    the time until the process has exited.
# 2. Console session: how fast the bot works through a scripted session
#    of commands (--fake-clock, input from a file, output to a file): 50
#    channels, each round "new", "addbot 3", "start", "status", "hand" and
#    the host's "throw" in every channel, then ":wait 3s" so AI seats and
#    timeouts move; refused commands count too.  Reports commands/second,
#    and the moves written (each one an fsync'd SQLite commit).
#
# Prints the median and the best of BENCH_RUNS runs (min ms, max commands/s),
# with nproc and the CPU model.
# How long: 10-30 s on 2 cores (commits are fsync'd, so disk load counts).
# Timing uses python3 (stdlib only).
# Files live in a temporary directory on the same file system as /tmp
# (warm page cache), removed at exit.
set -u
bot=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
python=${PYTHON:-/usr/bin/python3}
runs=${BENCH_RUNS:-5}
ntables=${BENCH_TABLES:-1000}
rounds=${BENCH_ROUNDS:-40}
tmp=$(mktemp -d)
pid=""
cleanup() {
	[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
cd "$tmp" || exit 1

cpu=$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo | head -1)
machine="$(nproc) cpus, ${cpu:-unknown CPU}, $(uname -sr)"
echo "bench: machine: $machine"

# Counts the open tables of a state file.
open_tables() {
	"$python" -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
print(db.execute("SELECT count(*) FROM tables WHERE state IN "
    "(\"lobby\", \"playing\")").fetchone()[0])' "$1"
}

# Runs the bot with stdin from $1 and the rest as its arguments; prints
# "<ms to 'restored N'> <ms to exit> <exit status>".  The first figure is
# the second when the line never comes.
timed() {
	"$python" - "$@" <<'EOF'
import subprocess, sys, time
inp, args = sys.argv[1], sys.argv[2:]
with open(inp, 'rb') as f:
    t0 = time.perf_counter()
    p = subprocess.Popen(args, stdin=f, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    t1 = None
    for line in p.stderr:
        if t1 is None and b'restored ' in line:
            t1 = time.perf_counter()
    rc = p.wait()
    t2 = time.perf_counter()
if t1 is None:
    t1 = t2
print('%.1f %.1f %d' % ((t1 - t0) * 1e3, (t2 - t0) * 1e3, rc))
EOF
}

# Median and min of the numbers on stdin, one a line.
stats() {
	sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) { print "n/a"; exit }
	    m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
	    printf "median %.1f, min %.1f", m, v[1] }'
}

# --- 1. the state file with $ntables running tables
extra=$((ntables / 10 + 5))
total=$((ntables + extra))
awk -v n="$total" 'BEGIN { for (i = 1; i <= n; i++)
	printf "h #c%d: /cheers new\nh #c%d: /cheers addbot 3\n" \
	    "h #c%d: /cheers start\n", i, i, i
    print ":wait 25s" }' > gen.in
gen="--fake-clock -o bot.state_file=gen.db -o bot.seed=1 \
    -o tables.ai_delay=1s -o tables.turn_timer=10s -o tables.prompt_timer=10s \
    -o tables.timeouts_to_ai=0 -o tables.lobby_expiry=0 \
    -o tables.max_tables=$total"
t0=$(date +%s)
if ! "$bot" $gen < gen.in > gen.out 2> gen.err; then
	echo "bench: FAIL: making the state file:"; cat gen.err; exit 1
fi
# End the surplus: the last running tables by channel number.
"$python" -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
rows = db.execute("SELECT channel FROM tables WHERE state = \"playing\" "
    "ORDER BY id").fetchall()
for (c,) in rows[int(sys.argv[2]):]:
    print("h %s: /cheers end" % c)' gen.db "$ntables" > end.in
if ! "$bot" $gen < end.in > end.out 2> end.err; then
	echo "bench: FAIL: ending the surplus tables:"; cat end.err; exit 1
fi
n=$(open_tables gen.db)
if [ "$n" -ne "$ntables" ]; then
	echo "bench: FAIL: the state file holds $n open tables, not $ntables"
	exit 1
fi
moves=$("$python" -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
print(db.execute("SELECT count(*) FROM moves JOIN tables ON id = table_id "
    "WHERE state = \"playing\"").fetchone()[0])' gen.db)
size=$(du -k gen.db | cut -f1)
echo "bench: state file: $n running 4-seat tables, $moves moves, ${size} KiB (made in $(($(date +%s) - t0)) s)"

# --- the restore runs
: > restore.ms
: > exit.ms
i=0
while [ "$i" -lt "$runs" ]; do
	i=$((i + 1))
	rm -f run.db run.db-wal run.db-shm
	cp gen.db run.db
	set -- $(timed /dev/null "$bot" -o bot.state_file=run.db \
	    -o tables.lobby_expiry=0)
	if [ "$3" -ne 0 ]; then
		echo "bench: FAIL: the restore run exited $3"; exit 1
	fi
	echo "$1" >> restore.ms
	echo "$2" >> exit.ms
	echo "bench: restore run $i: restored after $1 ms, exited after $2 ms"
done
if ! "$bot" -o bot.state_file=run.db < /dev/null 2>&1 |
    grep -q "restored $ntables tables"; then
	echo "bench: FAIL: the bot did not say \"restored $ntables tables\""
	exit 1
fi
r=$(stats < restore.ms)
x=$(stats < exit.ms)

# --- 2. the console session
awk -v r="$rounds" 'BEGIN { n = 0
    for (k = 1; k <= r; k++) {
	for (i = 1; i <= 50; i++) {
		printf "h%d #s%d: /cheers new\n", i, i
		printf "h%d #s%d: /cheers addbot 3\n", i, i
		printf "h%d #s%d: /cheers start\n", i, i
		printf "h%d #s%d: /cheers status\n", i, i
		printf "h%d #s%d: /cheers hand\n", i, i
		printf "h%d #s%d: /cheers throw\n", i, i
		n += 6
	}
	print ":wait 3s"
    }
    print n > "session.n" }' > session.in
ncmd=$(cat session.n)
: > session.rate
i=0
while [ "$i" -lt "$runs" ]; do
	i=$((i + 1))
	rm -f s.db s.db-wal s.db-shm
	set -- $(timed session.in "$bot" --fake-clock -o bot.state_file=s.db \
	    -o bot.seed=2 -o tables.ai_delay=1s -o tables.turn_timer=5s \
	    -o tables.prompt_timer=5s -o tables.timeouts_to_ai=0 \
	    -o tables.lobby_expiry=0)
	if [ "$3" -ne 0 ]; then
		echo "bench: FAIL: the session run exited $3"; exit 1
	fi
	rate=$(awk -v n="$ncmd" -v ms="$2" 'BEGIN { printf "%.0f", n / (ms / 1000) }')
	echo "$rate" >> session.rate
	echo "bench: session run $i: $ncmd commands in $2 ms, $rate commands/s"
done
smoves=$("$python" -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
print(db.execute("SELECT count(*) FROM moves").fetchone()[0], "moves,",
    db.execute("SELECT count(*) FROM tables").fetchone()[0], "tables")' s.db)
s=$(sort -n session.rate | awk '{ v[NR] = $1 } END {
    m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "median %.0f, max %.0f", m, v[NR] }')

echo "bench: machine: $machine"
echo "bench: restore $ntables tables ($moves moves), $runs runs: to \"restored\" $r ms; to exit $x ms"
echo "bench: console session of $ncmd commands ($smoves written, each move an fsync'd commit), $runs runs: $s commands/s"
