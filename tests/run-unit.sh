#!/bin/sh
# Runs each unit-test binary given as an argument, as many at once as the
# machine has cores (the long property tests first, so the others run
# beside them); each binary's cmocka report is printed whole, in the
# order given.  Ends with one "N passed, N failed" line and exits non-zero
# when any binary failed.
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

passed=0
failed=0
failures=""
i=0
for t in "$@"; do
	i=$((i + 1))
	cat "$tmp/$i.out" >&2
	if [ "$(cat "$tmp/$i.rc" 2>/dev/null)" = 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		failures="$failures ${t##*/}"
	fi
done
echo "unit test binaries: $passed passed, $failed failed"
[ "$failed" -eq 0 ] || { echo "failed:$failures"; exit 1; }
