#!/bin/sh
# Runs each unit-test binary given as an argument, as many at once as the
# machine has cores (the long property tests first, so the others run
# beside them); each binary's cmocka report is printed whole, in the
# order given.  Ends with one "unit: N passed, N failed" line counting
# the tests in them, and exits non-zero when any binary failed.
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
    xargs -P "$jobs" -L 1 sh -c '"$2" > "$0/$1.out" 2>&1; echo $? > "$0/$1.rc"' "$tmp"

# cmocka ends each report with "[  PASSED  ] N test(s)." and, when some
# failed, "[  FAILED  ] N test(s), listed below:".  A binary that failed
# without saying so (a crash) counts one failed test.
tests_passed=0
tests_failed=0
failures=""
i=0
for t in "$@"; do
	i=$((i + 1))
	cat "$tmp/$i.out" >&2
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test(s)\.$/\1/p' "$tmp/$i.out" | tail -1)
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test(s), listed below:$/\1/p' "$tmp/$i.out" | tail -1)
	p=${p:-0}
	f=${f:-0}
	if [ "$(cat "$tmp/$i.rc" 2>/dev/null)" != 0 ]; then
		failures="$failures ${t##*/}"
		[ "$f" -eq 0 ] && f=1
	fi
	tests_passed=$((tests_passed + p))
	tests_failed=$((tests_failed + f))
done
[ -n "$failures" ] && echo "unit: failed binaries:$failures"
echo "unit: $tests_passed passed, $tests_failed failed"
[ -z "$failures" ]
