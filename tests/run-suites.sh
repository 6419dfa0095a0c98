#!/bin/sh
# Runs each test suite named as an argument with `$MAKE SUITE`, one after
# the other and each even after one has failed, showing its output as it
# comes; then one summary: a line per suite with its "N passed, N failed"
# and its time, and the total alone on the last line.  Exits 1 when
# anything failed.  make test runs it (MAKE is then make's own command,
# so the suites are built as the caller's BUILD, SAN and OPT say).
#
# A suite's count is the sum of the "N passed, N failed" lines that end
# lines of its output.  A suite that exits non-zero with no failure
# counted counts one failure more, and so does one whose output or exit
# status went missing; one that passes without a count line counts as
# one passed check.
#
#   MAKE=make sh tests/run-suites.sh unit transcripts cli ...
set -u
make=${MAKE:-make}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

summary=""
failed_suites=""
total_p=0
total_f=0
for s in "$@"; do
	echo "=== $s"
	t0=$(date +%s)
	# Something may have cleaned /tmp under a long run: start afresh.
	mkdir -p "$tmp"
	rm -f "$tmp/rc" "$tmp/log"
	# The suite's status cannot come out of a pipeline in sh: a file
	# carries it.
	{ $make --no-print-directory "$s" 2>&1; echo $? > "$tmp/rc"; } |
	    tee "$tmp/log"
	rc=$(cat "$tmp/rc" 2>/dev/null)
	secs=$(($(date +%s) - t0))
	read -r p f lines <<EOF
$(awk '
    match($0, /[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$/) {
	split(substr($0, RSTART, RLENGTH), n, /[ ,]+/)
	p += n[1]; f += n[3]; lines++
    }
    END { print p + 0, f + 0, lines + 0 }' "$tmp/log" 2>/dev/null)
EOF
	p=${p:-0} f=${f:-0} lines=${lines:-0}
	note=""
	if [ -z "$rc" ] || [ ! -e "$tmp/log" ]; then
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
	summary="$summary$(printf '%s: %d passed, %d failed (%d s%s)' "$s" \
	    "$p" "$f" "$secs" "$note")
"
	[ "$f" -gt 0 ] && failed_suites="$failed_suites $s"
	total_p=$((total_p + p))
	total_f=$((total_f + f))
done

echo "=== summary"
printf '%s' "$summary"
[ -n "$failed_suites" ] && echo "failed suites:$failed_suites"
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
