#!/bin/sh
# Runs each unit-test binary given as an argument, as many at once as the
# machine has cores (the long property tests first, so the others run
# beside them).  As each binary ends it says so, with its count and time
# ("unit: test_x ended: N passed, N failed, N s"); then each binary's
# cmocka report is printed whole, in the order given.  Ends with one
# "unit: N passed, N failed" line counting the tests in them, and exits
# non-zero when any binary failed.  (The lines of each binary end with
# its time, not with "failed": run-suites.sh counts only the last one.)
#
#   sh tests/run-unit.sh build/tests/test_*

# counts FILE STATUS: sets p and f to the tests passed and failed in the
# cmocka report FILE of a binary that exited with STATUS.  cmocka ends
# each report with "[  PASSED  ] N test(s)." and, when some failed,
# "[  FAILED  ] N test(s), listed below:".  A binary that failed without
# saying so (a crash) counts one failed test.
counts() {
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test(s)\.$/\1/p' "$1" 2>/dev/null | tail -1)
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test(s), listed below:$/\1/p' "$1" 2>/dev/null | tail -1)
	p=${p:-0}
	f=${f:-0}
	if [ "$2" != 0 ]; then
		[ "$f" -eq 0 ] && f=1
	fi
}

# --one DIR I BINARY (what xargs below runs): runs one binary, its report
# in DIR/I.out and its exit status in DIR/I.rc, and says it ended.
if [ "${1:-}" = --one ]; then
	t0=$(date +%s)
	"$4" > "$2/$3.out" 2>&1
	rc=$?
	echo $rc > "$2/$3.rc"
	counts "$2/$3.out" $rc
	note=""
	[ $rc -ne 0 ] && note="; exit status $rc"
	echo "unit: ${4##*/} ended: $p passed, $f failed, $(($(date +%s) - t0)) s$note"
	exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
jobs=$(nproc 2>/dev/null || echo 2)
i=0
for t in "$@"; do
	i=$((i + 1))
	case $t in
	*property*) echo "0 $i $t" ;;
	*) echo "1 $i $t" ;;
	esac
done | sort -k1,1n -k2,2n | cut -d' ' -f2- |
    xargs -P "$jobs" -L 1 sh "$0" --one "$tmp"

tests_passed=0
tests_failed=0
failures=""
i=0
for t in "$@"; do
	i=$((i + 1))
	cat "$tmp/$i.out" >&2
	rc=$(cat "$tmp/$i.rc" 2>/dev/null)
	counts "$tmp/$i.out" "${rc:-missing}"
	[ "$rc" = 0 ] || failures="$failures ${t##*/}"
	tests_passed=$((tests_passed + p))
	tests_failed=$((tests_failed + f))
done
[ -n "$failures" ] && echo "unit: failed binaries:$failures"
echo "unit: $tests_passed passed, $tests_failed failed"
[ -z "$failures" ]
