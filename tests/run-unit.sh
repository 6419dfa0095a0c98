#!/bin/sh
# Runs each unit-test binary given as an argument; cmocka prints its own
# report to stderr.  Ends with one "N passed, N failed" line and exits
# non-zero when any binary failed.
passed=0
failed=0
failures=""
for t in "$@"; do
	if "$t"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		failures="$failures ${t##*/}"
	fi
done
echo "unit test binaries: $passed passed, $failed failed"
[ "$failed" -eq 0 ] || { echo "failed:$failures"; exit 1; }
