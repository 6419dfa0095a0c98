# tests/lib.sh: what the shell tests share.  A test sets $name (its name
# in messages) and sources this file, which makes a scratch directory
# $tmp and moves into it, kills every process listed in $pids and
# removes $tmp at exit, and counts checks in $passed and $failed (and
# those it could not make, say for a missing package, in $skipped).  It
# sources tests/proc.sh, for proc_stop: the script must be one level
# under tests/ (tests/NAME/SCRIPT.sh).
#
#   name=cli
#   . "$top/tests/lib.sh"
#   expect "it works" some command
#   finish
. "$(cd "$(dirname "$0")/.." && pwd)/proc.sh"
tmp=$(mktemp -d)
pids=""
cleanup() {
	for p in $pids; do proc_stop "$p" KILL; done
	rm -rf "$tmp"
}
trap cleanup EXIT
cd "$tmp" || exit 1
passed=0
failed=0
skipped=0

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "$name: FAIL: $*"; }
# skip <n> <why>: n checks that cannot be made here (a missing package);
# they count as skipped, so the suite's plan still adds up.
skip() {
	skipped=$((skipped + $1))
	echo "$name: $1 skipped: $2"
}
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
	if [ "$skipped" -gt 0 ]; then
		echo "$name: $passed passed, $failed failed, $skipped skipped"
	else
		echo "$name: $passed passed, $failed failed"
	fi
	[ "$failed" -eq 0 ]
}
