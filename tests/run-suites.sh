#!/bin/sh
# Runs each test suite named as an argument with `$MAKE SUITE`, each even
# after one has failed; then one summary: a line per suite, in the order
# given, with its "N passed, N failed" and its time, and the total alone
# on the last line.  Exits 1 when anything failed.  make test runs it
# (MAKE is then make's own command, so the suites are built as the
# caller's BUILD, SAN and OPT say).
#
# With -j N (N > 1) up to N suites run at once, started in the order
# given, except that those named in -f's list start first, in its order;
# each one's output is kept in a file and printed whole, after a
# "=== SUITE" line, when it ends, so the logs do not interleave.  The
# suites must then be built already (make test builds them first) and
# must not share ports, files or process names.  Without -j (or -j 1)
# they run one after the other, each one's output shown as it comes.
#
# Before the summary, a "=== failures" part repeats the first "NAME: FAIL:"
# lines of each failed suite, so that the tail of a log says what failed.
#
# Either way, each suite gets a line as it starts, "--- SUITE started",
# and one as it ends, with its count and time: "--- SUITE ended: N
# passed, N failed, N s" (and why it failed, if it exited non-zero), so
# that a long run is never silent for long.
#
# A suite's count is the sum of the "N passed, N failed" lines that end
# lines of its output.  A suite that exits non-zero with no failure
# counted counts one failure more, and so does one whose output or exit
# status went missing; one that passes without a count line counts as
# one passed check.
#
#   MAKE=make sh tests/run-suites.sh [-j N [-f 'SUITE...']] unit transcripts ...
set -u
make=${MAKE:-make}
usage() {
	echo "usage: sh tests/run-suites.sh [-j N [-f 'SUITE...']] SUITE..." >&2
	exit 2
}
jobs=1
first=""
while [ $# -gt 0 ]; do
	case $1 in
	-j)
		[ $# -ge 2 ] || usage
		jobs=$2
		case $jobs in ''|*[!0-9]*|0) usage ;; esac
		shift 2
		;;
	-f)
		[ $# -ge 2 ] || usage
		first=$2
		shift 2
		;;
	*)	break ;;
	esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Suites run with -j have SIGINT ignored (they are background jobs of a
# shell without job control), and each is a session of its own: an
# interrupt or SIGTERM stops every one of them (SIGTERM to its process
# group), then the runner.
stop() {
	for g in "$tmp"/*.pgid; do
		[ -s "$g" ] && kill -TERM -"$(cat "$g")" 2>/dev/null
	done
	exit 130
}
trap stop INT TERM

# The output of a suite run in the foreground (-j 1) goes here.
exec 3>&1

# run_suite I SUITE [tee]: runs SUITE, its output in $tmp/I.log and its
# exit status in $tmp/I.rc; with "tee" its output is shown as it comes
# too (on fd 3).  Prints the seconds it took.
run_suite() {
	t0=$(date +%s)
	# Something may have cleaned /tmp under a long run: start afresh.
	mkdir -p "$tmp"
	rm -f "$tmp/$1.rc" "$tmp/$1.log"
	# The suite's status cannot come out of a pipeline in sh: a file
	# carries it.
	if [ "${3:-}" = tee ]; then
		{ $make --no-print-directory "$2" 2>&1; echo $? > "$tmp/$1.rc"; } |
		    tee "$tmp/$1.log" >&3
	else
		# setsid makes make the leader of a process group (a background
		# job of this shell is never one, so setsid does not fork).
		setsid $make --no-print-directory "$2" > "$tmp/$1.log" 2>&1 5>&- &
		echo $! > "$tmp/$1.pgid"
		wait $!
		# (After an interrupt $tmp is gone: nothing to say.)
		{ echo $? > "$tmp/$1.rc"; } 2>/dev/null
		rm -f "$tmp/$1.pgid"
	fi
	echo $(($(date +%s) - t0))
}

# count_suite I SUITE SECS: adds suite I's counts to the totals, sets
# line_I (its summary line) and failed_I (1 when it failed), and says
# that it ended.
total_p=0
total_f=0
recap_max=6
count_suite() {
	rc=$(cat "$tmp/$1.rc" 2>/dev/null)
	read -r p f lines <<EOF
$(awk '
    match($0, /[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$/) {
	split(substr($0, RSTART, RLENGTH), n, /[ ,]+/)
	p += n[1]; f += n[3]; lines++
    }
    END { print p + 0, f + 0, lines + 0 }' "$tmp/$1.log" 2>/dev/null)
EOF
	p=${p:-0} f=${f:-0} lines=${lines:-0}
	note=""
	if [ -z "$rc" ] || [ ! -e "$tmp/$1.log" ]; then
		note="; its output or exit status went missing"
		rc=1
	elif [ "$rc" -ne 0 ]; then
		note="; exit status $rc"
	fi
	if [ "$rc" -ne 0 ]; then
		[ "$f" -eq 0 ] && f=1
	elif [ "$lines" -eq 0 ]; then
		p=1
	fi
	line=$(printf '%s: %d passed, %d failed (%d s%s)' "$2" "$p" "$f" \
	    "${3:-0}" "$note")
	eval "line_$1=\$line failed_$1=$((f > 0))"
	total_p=$((total_p + p))
	total_f=$((total_f + f))
	printf -- '--- %s ended: %d passed, %d failed, %d s%s\n' "$2" "$p" \
	    "$f" "${3:-0}" "$note"
}

# nth I SUITE...: the I-th suite named.
nth() {
	shift "$1"
	echo "$1"
}

if [ "$jobs" -eq 1 ]; then
	i=0
	for s in "$@"; do
		i=$((i + 1))
		echo "--- $s started"
		echo "=== $s"
		secs=$(run_suite $i "$s" tee)
		count_suite $i "$s" "$secs"
	done
else
	# Each suite's job writes "I SECS" to a FIFO as it ends; reading
	# from it waits for the next ending.  It is opened both ways (so
	# that opening it does not block), and stays open if $tmp goes.
	mkfifo "$tmp/done"
	exec 5<>"$tmp/done"
	rm -f "$tmp/done"
	# report SUITE...: waits for a suite to end and prints its output
	# whole, then that it ended.
	report() {
		read -r done_i done_secs <&5
		done_s=$(nth "$done_i" "$@")
		echo "=== $done_s"
		cat "$tmp/$done_i.log" 2>/dev/null
		count_suite "$done_i" "$done_s" "$done_secs"
	}
	# The order they start in: those -f names (the longest, so the
	# short ones fill in beside them), then the others as given.
	order=""
	for f in $first; do
		i=0
		for s in "$@"; do
			i=$((i + 1))
			[ "$s" = "$f" ] && order="$order $i"
		done
	done
	i=0
	for s in "$@"; do
		i=$((i + 1))
		case " $order " in *" $i "*) ;; *) order="$order $i" ;; esac
	done
	running=0
	for i in $order; do
		if [ "$running" -ge "$jobs" ]; then
			report "$@"
			running=$((running - 1))
		fi
		s=$(nth "$i" "$@")
		echo "--- $s started"
		{ secs=$(run_suite $i "$s"); echo "$i $secs" >&5; } &
		running=$((running + 1))
	done
	while [ "$running" -gt 0 ]; do
		report "$@"
		running=$((running - 1))
	done
	wait
	exec 5<&-
fi

# The first failed checks of each failed suite, again, just above the
# summary: a CI log is often read from its tail, where a long suite's
# own output has long scrolled away.
recap=""
i=0
for s in "$@"; do
	i=$((i + 1))
	eval "[ \$failed_$i -eq 1 ]" || continue
	[ -n "$recap" ] || echo "=== failures (the first $recap_max of each failed suite)"
	recap=1
	grep -e ': FAIL: ' "$tmp/$i.log" 2>/dev/null | head -n "$recap_max" |
	    cut -c 1-200
done

echo "=== summary"
failed_suites=""
i=0
for s in "$@"; do
	i=$((i + 1))
	eval "echo \"\$line_$i\"; [ \$failed_$i -eq 1 ]" &&
	    failed_suites="$failed_suites $s"
done
[ -n "$failed_suites" ] && echo "failed suites:$failed_suites"
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
