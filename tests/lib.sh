# tests/lib.sh: what the shell tests share.  A test sets $name (its name
# in messages) and sources this file, which makes a scratch directory
# $tmp and moves into it, kills every process listed in $pids and
# removes $tmp at exit, and counts checks in $passed and $failed.
#
#   name=cli
#   . "$top/tests/lib.sh"
#   expect "it works" some command
#   finish
tmp=$(mktemp -d)
pids=""
cleanup() {
	for p in $pids; do kill -9 "$p" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT
cd "$tmp" || exit 1
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "$name: FAIL: $*"; }
expect() {	# expect <description> <command...>: command must succeed
	d=$1
	shift
	if "$@"; then ok; else bad "$d"; fi
}

# Waits up to 10 s for a pattern (grep -E) in a file.
wait_for() {
	i=0
	while [ $i -lt 100 ]; do
		grep -Eq "$1" "$2" 2>/dev/null && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# Prints the tally, and fails when any check failed.
finish() {
	echo "$name: $passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}
