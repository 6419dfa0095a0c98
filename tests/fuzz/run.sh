#!/bin/sh
# Runs every libFuzzer target built in DIR for SECONDS each (make fuzz).
# Each starts from its seed corpus in tests/fuzz/corpus/<name>/ (never
# written to) and a working corpus in build/fuzz/corpus/<name>/ that grows
# from run to run.  A crash, leak or timeout leaves its input in
# build/fuzz/artifacts/ and fails the run; that input then belongs in the
# seed corpus (and a unit test) once fixed.  Prints the executions of each.
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
for bin in "$dir"/fuzz_*; do
	name=${bin##*/fuzz_}
	mkdir -p "$work/$name"
	set -- "$work/$name"
	[ -d "$seeds/$name" ] && set -- "$@" "$seeds/$name"
	"$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
	    -print_final_stats=1 -artifact_prefix="$art/$name-" "$@" \
	    > "$art/$name.log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$art/$name.log")
	total=$((total + ${execs:-0}))
	if [ $rc -ne 0 ]; then
		echo "fuzz $name: FAILED after ${execs:-?} runs (see $art/$name.log)"
		grep -E "^==[0-9]+==|SUMMARY|runtime error" "$art/$name.log" | head -5
		status=1
	else
		echo "fuzz $name: ${execs:-?} runs in ${secs} s, no crash"
	fi
done
echo "fuzz: $total runs in all"
exit $status
