#!/bin/sh
# Crash test (issue #4, durable tables): SIGKILL the bot at random points
# while it plays, restart it on the same state file, and check that every
# move it announced is still there and that no table is lost or doubled.
#
#   tests/crash/run.sh build/cheersbot        (make crash)
#   CRASH_KILLS=250 CRASH_SEED=12345          (defaults: 250, random)
#   CRASH_STORE="-o store.backend=postgres -o postgres.url=URI ..." \
#   CRASH_PSQL="psql -h ... -d DB"            the same on an empty
#                                             PostgreSQL database (make
#                                             postgres): the bot's store
#                                             options, and how check.py
#                                             reads the database
#
# How: each round starts the bot on a FIFO (so it keeps running between
# inputs) in real time, with AI seats moving every 2, 5 or 20 ms (drawn per
# round) and a 100 ms turn timer that hands human seats to the AI.  Five
# channels #t1..#t5 each get "new" (random options), sometimes a second
# human's "join", "addbot" (2 to 7 seats asked for), "start" and a random
# human move; the commands that do not apply (a table is already open, not
# your turn) are refused, so a finished game is replaced by a new one at
# the next round and the bot is always busy.  After 5-150 ms (and
# sometimes another batch of human moves and another 5-150 ms) the bot gets
# SIGKILL; one round in ten kills it 0-30 ms after launch, during restore.
# Then a verifying restart runs on the same file (--fake-clock, so nothing
# moves; "/cheers status" in every channel, then end of input), and
# tests/crash/check.py compares what the killed bot said (complete output
# lines only) with the SQLite file (python3 standard library).
#
# How long: about 40-55 s for 250 kills on 2 cores (a round is ~180 ms).
# The last line is "crash: N kills, L lost moves, T lost tables, D
# duplicated tables"; the exit status is non-zero on any loss or failure.
# On failure the work directory is kept and named.
set -u
bot=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
python=${PYTHON:-/usr/bin/python3}
kills=${CRASH_KILLS:-250}
seed=${CRASH_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
channels="#t1 #t2 #t3 #t4 #t5"
tmp=$(mktemp -d)
pid=""
failed=0
. "$here/../proc.sh"

cleanup() {
	proc_stop "$pid" KILL
	exec 3>&- 4<&-
	if [ "$failed" -eq 0 ]; then
		rm -rf "$tmp"
	else
		echo "crash: the work directory is kept: $tmp"
	fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
# A write to a FIFO whose reader died must fail, not kill this script.
trap '' PIPE
cd "$tmp" || exit 1

# Reproducible choices (the timing itself is not): one number per line.
awk -v s="$seed" 'BEGIN { srand(s); for (i = 0; i < 100000; i++)
    printf "%d\n", int(rand() * 1000000) }' > rand
exec 4< rand
rnd() {	# rnd N: R = a number from 0 to N-1
	read -r R <&4 || R=0
	R=$((R % $1))
}
pick() {	# pick WORD...: one of the words, by rnd, in $P
	rnd $#
	shift "$R"
	P=$1
}
msleep() {	# msleep MS (under 1000)
	sleep "$(printf '0.%03d' "$1")"
}
fail() {
	failed=$((failed + 1))
	echo "crash: FAIL: $*"
}

common="-o bot.state_file=state.db -o tables.lobby_expiry=0 -o bot.log_level=debug \
    -o tables.timeouts_to_ai=1 -o tables.turn_timer=100ms \
    -o tables.prompt_timer=100ms ${CRASH_STORE:-}"

# One batch of a host's commands for channel $1 (#tN); hN is its host.
lobby_cmds() {
	c=$1
	h=h${c#\#t}
	pick "mode=master" "mode=masquerade" "recipe=alt" \
	    "recipe=draw victory=own" "" ""
	opts=$P
	printf '%s %s: /cheers new cheers %s\n' "$h" "$c" "$opts"
	rnd 3
	[ "$R" -eq 0 ] && printf 'g%s %s: /cheers join\n' "${c#\#t}" "$c"
	rnd 5
	printf '%s %s: /cheers addbot %d\n' "$h" "$c" $((R + 1))
	printf '%s %s: /cheers start\n' "$h" "$c"
}
human_move() {
	c=$1
	rnd 2
	[ "$R" -eq 0 ] && who=h${c#\#t} || who=g${c#\#t}
	pick "play 1 me" "play 2 @Negroni" "throw" "move 1 @Martini" \
	    "give @Negroni @Martini" "discard 1" "join" "status"
	printf '%s %s: /cheers %s\n' "$who" "$c" "$P"
}

for c in $channels; do
	printf 'v %s: /cheers status\n' "$c"
done > status.in

start=$(date +%s)
echo "crash: $kills kills, seed $seed, channels $channels"
round=0
while [ "$round" -lt "$kills" ]; do
	round=$((round + 1))
	# The output files are made before the FIFO is opened (which blocks
	# until this script opens its end), so they never hold the last
	# round's output, even when the kill comes first.
	rm -f in seg.out seg.err
	mkfifo in
	rnd 3
	case $R in 0) delay=2ms ;; 1) delay=5ms ;; *) delay=20ms ;; esac
	rnd 100000
	"$bot" $common -o bot.seed=$((R + 1)) -o tables.ai_delay=$delay \
	    > seg.out 2> seg.err < in &
	pid=$!
	exec 3> in
	rnd 10
	if [ "$R" -eq 0 ]; then
		# Kill during start-up and restore.
		rnd 31
		msleep "$R"
	else
		i=0
		while ! grep -q ' ready: ' seg.err 2>/dev/null && [ $i -lt 500 ]; do
			sleep 0.005
			i=$((i + 1))
		done
		for c in $channels; do
			lobby_cmds "$c"
			human_move "$c"
		done >&3
		rnd 146
		msleep $((R + 5))
		rnd 2
		if [ "$R" -eq 0 ]; then
			for c in $channels; do human_move "$c"; done >&3
			rnd 146
			msleep $((R + 5))
		fi
	fi
	if ! proc_signal "$pid" KILL; then
		fail "round $round: the bot died before the kill"
		cat seg.err
	fi
	proc_stop "$pid" KILL
	rc=$?
	pid=""
	exec 3>&-
	[ "$rc" -eq 137 ] || fail "round $round: the bot exited $rc, not by SIGKILL"
	# On PostgreSQL the restart comes at once, as systemd's Restart=
	# does: the killed bot's session may still hold the writer lock (its
	# server process notices a moment later), which the new bot waits for.

	# The verifying restart: nothing moves, every table answers status.
	"$bot" $common --fake-clock -o tables.ai_delay=1m < status.in \
	    > ver.out 2> ver.err
	rc=$?
	[ "$rc" -eq 0 ] || fail "round $round: the verifying restart exited $rc"
	if ! "$python" "$here/check.py" cycle state.json state.db seg.out \
	    seg.err ver.out ver.err $channels; then
		failed=$((failed + 1))
		mkdir -p "fail.$round"
		cp seg.out seg.err ver.out ver.err state.db* "fail.$round/" \
		    2>/dev/null
	fi
done
end=$(date +%s)
echo "crash: $((end - start)) s; rerun with CRASH_SEED=$seed"
"$python" "$here/check.py" summary state.json || failed=$((failed + 1))
[ "$failed" -eq 0 ]
