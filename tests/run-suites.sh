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
# counted counts one failure more; one that passes without a count line
# counts as one passed check.
#
#   MAKE=make sh tests/run-suites.sh unit transcripts cli ...
set -u
make=${MAKE:-make}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

for s in "$@"; do
	echo "=== $s"
	t0=$(date +%s)
	# The suite's status cannot come out of a pipeline in sh: a file
	# carries it.
	{ $make --no-print-directory "$s" 2>&1; echo $? > "$tmp/rc"; } |
	    tee "$tmp/log"
	rc=$(cat "$tmp/rc" 2>/dev/null || echo 1)
	secs=$(($(date +%s) - t0))
	read -r p f lines <<EOF
$(awk '
    match($0, /[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$/) {
	split(substr($0, RSTART, RLENGTH), n, /[ ,]+/)
	p += n[1]; f += n[3]; lines++
    }
    END { print p + 0, f + 0, lines + 0 }' "$tmp/log")
EOF
	note=""
	if [ "$rc" -ne 0 ]; then
		note="; exit status $rc"
		[ "$f" -eq 0 ] && f=1
	elif [ "$lines" -eq 0 ]; then
		p=1
	fi
	printf '%s: %d passed, %d failed (%d s%s)\n' "$s" "$p" "$f" "$secs" \
	    "$note" >> "$tmp/summary"
	[ "$f" -gt 0 ] && echo "$s" >> "$tmp/failed"
	echo "$p $f" >> "$tmp/counts"
done

echo "=== summary"
cat "$tmp/summary" 2>/dev/null
[ -s "$tmp/failed" ] && echo "failed suites:" $(cat "$tmp/failed")
awk '{ p += $1; f += $2 } END { printf "%d passed, %d failed\n", p, f }' \
    "$tmp/counts" 2>/dev/null || echo "0 passed, 0 failed"
[ ! -s "$tmp/failed" ]
