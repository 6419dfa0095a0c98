#!/bin/sh
# A full disk on a real filesystem: the state file lives on a 1 MiB tmpfs
# mounted in a private mount namespace (unshare: as root, or as a user in
# a user namespace of its own, so no mount is left behind either way).
# Mid-game the filesystem is filled to the last byte: the bot must keep
# running, refuse what it cannot save and tell who asked, answer what only
# reads, pause the table whose own moves fail, say nothing of what did not
# happen, and play on by itself once there is space again.  Then the same
# after a kill -9 and a restart while the disk is still full.
#
#   tests/diskfull/run.sh build/cheersbot
set -u
bot=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/../.." && pwd)

if [ -z "${CHEERS_DISKFULL_NS:-}" ]; then
	if [ "$(id -u)" -eq 0 ]; then
		set -- unshare -m
	else
		set -- unshare -r -m
	fi
	if ! "$@" true 2>/dev/null; then
		echo "diskfull: FAIL: cannot make a private mount namespace ($*)"
		echo "diskfull: 0 passed, 1 failed"
		exit 1
	fi
	CHEERS_DISKFULL_NS=1 exec "$@" sh "$0" "$bot"
fi

name=diskfull
. "$top/tests/lib.sh"
mkdir small
if ! mount -t tmpfs -o size=1m,mode=0700 tmpfs small; then
	bad "cannot mount a small tmpfs"
	finish
	exit 1
fi
trap 'for p in $pids; do proc_stop "$p" KILL; done; umount "$tmp/small"; rm -rf "$tmp"' EXIT

# The number a query on the state file gives, read beside the bot.
db() {
	python3 - "$tmp/small/state.db" "$1" <<'PY'
import sqlite3, sys
db = sqlite3.connect("file:%s?mode=ro" % sys.argv[1], uri=True)
print(db.execute(sys.argv[2]).fetchone()[0])
PY
}

# Fills the filesystem to its last block.
fill() {
	dd if=/dev/zero of=small/filler bs=4k 2>/dev/null
	dd if=/dev/zero of=small/filler2 bs=512 2>/dev/null
	[ "$(df -P small | awk 'NR == 2 { print $4 }')" -eq 0 ]
}

# Starts the bot on the state file; its input is the fifo "in" (fd 3).
start() {
	rm -f in
	mkfifo in
	"$bot" --fake-clock -o bot.state_file="$tmp/small/state.db" \
	    -o bot.seed=7 -o tables.ai_delay=0 -o tables.lobby_expiry=0 < in > "$1" 2> "$2" &
	pid=$!
	pids="$pids $pid"
	exec 3> in
}

say() {
	printf '%s\n' "$@" >&3
}

start out1 err1
say 'alice: /cheers new' 'alice: /cheers addbot 3' 'alice: /cheers start' \
    'carol #lounge: /cheers new'
expect "the game starts" wait_for 'begins' out1
expect "a lobby opens in #lounge" wait_for '@carol opened' out1
expect "moves are played before the disk fills" wait_for "@alice's turn" out1
say 'alice: /cheers status'
expect "status answers" wait_for "\\[#bar\\] .*shaker" out1
sleep 0.3
moves=$(db 'select count(*) from moves')
expect "moves are in the file ($moves)" test "$moves" -gt 0
expect "the filesystem fills up" fill

mark=$(wc -l < out1)
say ':wait 5m'
expect "the table pauses and says why" wait_for 'The game is paused: I cannot save moves' out1
say 'dave #lounge: /cheers join'
expect "a player whose command cannot be saved is told" \
    wait_for '\[ephemeral @dave\] I could not save that, so nothing changed' out1
say 'erin #new: /cheers new'
expect "a new table that cannot be saved is refused" \
    wait_for '\[ephemeral @erin\] I could not save that' out1
say 'bob #lounge: /cheers status'
expect "a read-only command elsewhere is answered" \
    wait_for '\[#lounge\] CHEERS lobby .*1/6 seated: carol' out1
say ':wait 2m'
say 'alice: /cheers status'
expect "status of the paused game is answered" wait_for 'paused' out1
sleep 0.3
expect "the bot keeps running with a full disk" proc_running "$pid"
expect "no move was added to the file" test "$(db 'select count(*) from moves')" -eq "$moves"
tail -n +"$((mark + 1))" out1 > during
expect "nothing that did not happen was said" \
    sh -c "! grep -Eq 'offers|draws|ran out of time|sits down|opened' during"
expect "the pause is said once" test "$(grep -c 'The game is paused' during)" -eq 1
expect "the log names the file and the reason" \
    grep -q 'state.db.*the disk is full' err1

rm -f small/filler small/filler2
say ':wait 31s'
expect "play resumes by itself when space comes back" wait_for 'Saving works again' out1
say 'dave #lounge: /cheers join'
expect "the refused command works now" wait_for '\[#lounge\] .*2/6 seated: carol, dave' out1
sleep 0.3
expect "moves are saved again" test "$(db 'select count(*) from moves')" -gt "$moves"

# A restart while the disk is full: kill -9, fill, start again.
proc_stop "$pid" KILL
exec 3>&-
moves=$(db 'select count(*) from moves')
expect "the filesystem fills up again" fill
start out2 err2
expect "the tables come back on a full disk" wait_for 'restored 2 tables' err2
say ':wait 5m'
expect "the restored game pauses instead of stopping the bot" \
    wait_for 'The game is paused' out2
say 'alice: /cheers status'
expect "status still answers" wait_for "\\[#bar\\] .*shaker" out2
sleep 0.3
expect "the bot keeps running after the restart" proc_running "$pid"
expect "no move was added after the restart" \
    test "$(db 'select count(*) from moves')" -eq "$moves"
rm -f small/filler small/filler2
say ':wait 31s'
expect "the restored game resumes when space comes back" \
    wait_for 'Saving works again' out2
exec 3>&-
proc_wait "$pid" 5
wait "$pid"
rc=$?
expect "the bot ends cleanly at the end of its input (status $rc)" test "$rc" -eq 0
[ "$failed" -eq 0 ] || { echo "diskfull: output:"; cat during; tail -n 40 out2 err1 err2; }
finish
