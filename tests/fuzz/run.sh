#!/bin/sh
# Runs every libFuzzer target built in DIR for SECONDS each (make fuzz),
# one at a time.  Each starts from its seed corpus in
# tests/fuzz/corpus/<name>/ (never written to) and a working corpus in
# build/fuzz/corpus/<name>/ that grows from run to run.  A crash, leak or
# timeout leaves its input in build/fuzz/artifacts/ and fails the run;
# that input then belongs in the seed corpus (and a unit test) once
# fixed.  Prints a line per target (its executions, how long it ran,
# whether it crashed), then the total; exits 1 when any target failed.
#
#   tests/fuzz/run.sh build/fuzz/fuzz 60
set -u
dir=$1
secs=${2:-60}
seeds=$(cd "$(dirname "$0")" && pwd)/corpus
work=build/fuzz/corpus
art=build/fuzz/artifacts
mkdir -p "$work" "$art"
status=0
total=0
elapsed=0
n=0
failed=0
for bin in "$dir"/fuzz_*; do
	name=${bin##*/fuzz_}
	mkdir -p "$work/$name"
	set -- "$work/$name"
	[ -d "$seeds/$name" ] && set -- "$@" "$seeds/$name"
	start=$(date +%s)
	"$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
	    -print_final_stats=1 -artifact_prefix="$art/$name-" "$@" \
	    > "$art/$name.log" 2>&1
	rc=$?
	took=$(($(date +%s) - start))
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$art/$name.log")
	execs=${execs:-0}
	total=$((total + execs))
	elapsed=$((elapsed + took))
	n=$((n + 1))
	if [ $rc -ne 0 ]; then
		what=$(grep -E -m1 "^SUMMARY|ERROR: libFuzzer|runtime error" \
		    "$art/$name.log")
		input=$(sed -n "s/.*Test unit written to //p" "$art/$name.log" |
		    tail -1)
		printf 'fuzz %-10s FAILED after %s runs in %s s: %s\n' "$name" \
		    "$execs" "$took" "${what:-exit status $rc}"
		printf 'fuzz %-10s input: %s; log: %s\n' "$name" \
		    "${input:-none}" "$art/$name.log"
		status=1
		failed=$((failed + 1))
	else
		printf 'fuzz %-10s %10s runs in %4s s, no crash\n' "$name" \
		    "$execs" "$took"
	fi
done
printf 'fuzz: %s targets, %s runs in %s s, %s\n' "$n" "$total" "$elapsed" \
    "$([ $failed -eq 0 ] && echo "no crash" || echo "$failed FAILED")"
exit $status
