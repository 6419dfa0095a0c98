#!/bin/sh
# The state file's write-ahead log, then the file itself, deleted under a
# running bot (issue 32, 4): before, the bot went on writing to the
# deleted log, announced 9 throws, and a SIGKILL lost all of them.  Now
# every move the bot announced is in the file after a SIGKILL: it finds
# the log gone before its next write, copies what it held into the file,
# and opens the file again with a new log; a deleted file is put back.
# With no write after the deletion, its once-a-second look at the files
# (STORE_WATCH_EVERY_MS) does the same, so a SIGKILL a little later loses
# nothing either.
#
#   tests/crash/walgone.sh build/cheersbot        (part of make crash)
set -u
bot=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/../.." && pwd)
name=walgone
. "$top/tests/lib.sh"

# Starts the bot on state.db in this directory; its input is the fifo
# "in" (fd 3).
start() {
	rm -f in
	mkfifo in
	"$bot" --fake-clock -o bot.state_file="$PWD/state.db" -o bot.seed=7 \
	    -o tables.ai_delay=0 -o tables.lobby_expiry=0 < in > "$1" 2> "$2" &
	pid=$!
	pids="$pids $pid"
	exec 3> in
}

# How many lines of file $2 match $1 (grep -E).
count() {
	grep -Ec "$1" "$2" 2>/dev/null
}

# The prompts alice got, and her moves announced in #bar.
prompts() {
	count '^\[dm @alice\] CHEERS at #bar: Your move:' out
}
moved() {
	count '^\[#bar\] (.*\. )?@alice (offers |throws up: |gives away |discards )' out
}

# alice opens a table with three AI players and starts it.
newgame() {
	asked=$(prompts)
	printf '%s\n' 'alice: /cheers new' 'alice: /cheers addbot 3' \
	    'alice: /cheers start' >&3
	i=0
	while [ "$(prompts)" -le "$asked" ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ $i -lt 100 ]
}

# alice makes $1 moves, each when she is asked: she throws up, or gives
# away as her prompt's example says after a CHEERS.  A game that ends is
# followed by a new one.
moves() {
	n=0
	while [ "$n" -lt "$1" ]; do
		asked=$(prompts)
		over=$(count 'Game over!' out)
		want=$(($(moved) + 1))
		cmd=$(grep '^\[dm @alice\] CHEERS at #bar: Your move:' out |
		    tail -n 1 | sed -n 's/.*(e\.g\. \(\/cheers give [^)]*\)).*/\1/p')
		printf 'alice: %s\n' "${cmd:-/cheers throw}" >&3
		i=0
		while { [ "$(moved)" -lt "$want" ] || { [ "$(prompts)" -le "$asked" ] &&
		    [ "$(count 'Game over!' out)" -le "$over" ]; }; } &&
		    [ $i -lt 100 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		[ $i -lt 100 ] || return 1
		if [ "$(count 'Game over!' out)" -gt "$over" ]; then
			newgame || return 1
		fi
		n=$((n + 1))
	done
}

# The moves announced in #bar (one line each; see tests/crash/check.py).
announced() {
	grep -E '^\[#bar\] (.*\. )?@[^ ]+ (offers |throws up: |gives away |discards )' out |
	    wc -l
}

# The moves the state file holds, read as a restart reads it.
kept() {
	python3 - "$PWD/state.db" <<'PY'
import sqlite3, sys
try:
    db = sqlite3.connect("file:%s?mode=ro" % sys.argv[1], uri=True)
    print(db.execute("select count(*) from moves").fetchone()[0])
except sqlite3.Error:
    print(0)
PY
}

# A restart on the same file finds the open table, with no error logged.
restarts() {
	start out2 err2
	printf 'alice: /cheers status\n' >&3
	exec 3>&-
	wait "$pid"
	expect "the restart restores the open table" \
	    grep -q 'ready: 1 adapter, 1 table' err2
	expect "the restart logs no error" \
	    test "$(grep -c '^<3>' err2)" -eq 0
}

start out err
expect "a game starts, and alice is asked to move" newgame
expect "alice moves 3 times" moves 3

rm -f state.db-wal
expect "alice moves 9 times after the log is deleted" moves 9
expect "the log's deletion is logged" wait_for 'write-ahead log \(-wal\) was deleted' err
expect "a new log is made" test -f state.db-wal

rm -f state.db state.db-wal state.db-shm
expect "alice moves 3 times after the file is deleted" moves 3
expect "the file's deletion is logged" wait_for 'state file was deleted' err
expect "the file is back" test -f state.db
expect "nothing was refused" test "$(count 'could not save|cannot save' out)" -eq 0

said=$(announced)
proc_stop "$pid" KILL
expect "alice's 15 moves were announced" test "$(moved)" -eq 15
have=$(kept)
expect "every announced move is in the file ($said announced, $have kept)" \
    test "$have" -ge "$said"

# A restart finds the game where it was.
restarts

# The log deleted and no move after it: what it held was announced, and
# no write comes to find it gone.  The store's own look finds it within a
# second, once, and a SIGKILL after that loses nothing.
mkdir "$tmp/idle" && cd "$tmp/idle" || exit 1
start out err
expect "a game starts on a new file" newgame
expect "alice moves 6 times" moves 6
said=$(announced)
rm -f state.db-wal
expect "the log's deletion is found with no move after it" \
    wait_for 'write-ahead log \(-wal\) was deleted' err
sleep 1.5
expect "and logged once" test "$(count 'write-ahead log \(-wal\) was deleted' err)" -eq 1
expect "a new log is made" test -f state.db-wal
proc_stop "$pid" KILL
have=$(kept)
expect "every move announced before the deletion is in the file ($said announced, $have kept)" \
    test "$have" -ge "$said"
expect "nothing was said after the deletion" test "$(announced)" -eq "$said"
restarts
finish
