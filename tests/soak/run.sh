#!/bin/sh
# The soak test (make soak; not part of make test): many tables play at
# once against the fake Discord for SOAK_SECONDS (180) while the gateway
# and the REST API misbehave on a schedule; then every interaction must
# have been answered, every game must be consistent with the state file,
# and the bot's memory must not have grown.  tests/soak/soak.py drives it
# and prints the figures; this script starts and stops the processes.
#
#   tests/soak/run.sh build/cheersbot
#   SOAK_SECONDS=180 SOAK_TABLES=80 SOAK_FAULT_EVERY=6 SOAK_SEED=1
#   SOAK_RSS_TOLERANCE=10 (per cent)
#
# Everything listens on 127.0.0.1 and is stopped by its PID.  On failure
# the work directory (logs, state file, figures) is kept and named.
set -u
dir=$(cd "$(dirname "$0")" && pwd)
. "$dir/../proc.sh"
proc_begin "$1"
status=0
cleanup() {
	proc_stop "$pid" KILL
	proc_stop "$fake"
	if [ "$status" -eq 0 ]; then
		rm -rf "$tmp"
	else
		echo "soak: the work directory is kept: $tmp"
	fi
}
trap cleanup EXIT
trap 'status=130; exit 130' INT TERM

. "$dir/../fake-server.sh"
if ! fake_check soak || ! fake_start soak "$dir/../discord/fake_discord.py" \
    --heartbeat-ms 1000 --seed "${SOAK_SEED:-1}"; then
	status=1
	exit 1
fi

# start_bot LOG: the bot on the fake Discord and $tmp/state.db.  A few
# users play many tables here, so the members' flood limits and caps are off.
start_bot() {
	"$bot" -o discord.enabled=yes -o console.enabled=no \
	    -o discord.api_base="http://127.0.0.1:$port/api/v10" \
	    -o discord.gateway_url="ws://127.0.0.1:$port/gateway" \
	    -o discord.token=test-token -o discord.application_id=1 \
	    -o discord.compress=yes \
	    -o bot.state_file="$tmp/state.db" -o bot.seed="${SOAK_SEED:-1}" \
	    -o tables.ai_delay=200ms -o tables.turn_timer=30s \
	    -o tables.prompt_timer=30s -o tables.timeouts_to_ai=2 \
	    -o tables.command_burst=0 -o tables.repost_gap=0 \
	    -o tables.max_per_server=0 -o tables.max_lobbies_per_user=0 \
	    < /dev/null > "$tmp/bot.out" 2> "$1" &
	pid=$!
}

# stop_bot WHAT: SIGTERM, which must end it cleanly within 10 s.
stop_bot() {
	if ! proc_running "$pid"; then
		echo "soak: FAIL: the bot died during $1"
		status=1
		pid=""
		return
	fi
	proc_signal "$pid" TERM
	if ! proc_wait "$pid" 10; then
		echo "soak: FAIL: the bot did not stop within 10 s of SIGTERM"
		proc_signal "$pid" KILL
		status=1
	fi
	wait "$pid"
	rc=$?
	pid=""
	if [ $rc -ne 0 ] && [ $status -eq 0 ]; then
		echo "soak: FAIL: the bot's exit status after $1 was $rc"
		status=1
	fi
}

echo "soak: $(nproc) cores; logs in $tmp"
start_bot "$tmp/bot.err"
$py "$dir/soak.py" play "$port" "$pid" "$tmp/bot.err" "$tmp/play.json" ||
    status=1
stop_bot "the soak"
# soak.py waited until the bot had sent everything; a request still
# queued at SIGTERM would be lost.
unsent=$(sed -n 's/.*discord: dropping \([0-9]*\) unsent request.*/\1/p' "$tmp/bot.err")
if [ -n "$unsent" ]; then
	echo "soak: FAIL: $unsent REST requests were still queued at SIGTERM"
	status=1
fi

"$bot" -o bot.state_file="$tmp/state.db" -o discord.enabled=yes \
    -o discord.token=test-token -o discord.application_id=1 \
    --list-tables > "$tmp/list.txt" 2>&1 || {
	echo "soak: FAIL: --list-tables failed: $(head -3 "$tmp/list.txt")"
	status=1
}

# A restart on the same state: every open table must come back.
start_bot "$tmp/bot2.err"
$py "$dir/soak.py" verify "$port" "$tmp/bot2.err" "$tmp/state.db" \
    "$tmp/list.txt" || status=1
stop_bot "the verifying restart"

warns=$(grep -c '^<4>' "$tmp/bot.err")
errors=$(grep -c '^<[0-3]>' "$tmp/bot.err")
echo "soak: the bot logged $errors errors and $warns warnings during the soak"
if [ "$errors" -gt 0 ]; then
	echo "soak: FAIL: errors in the bot's log:"
	grep '^<[0-3]>' "$tmp/bot.err" | sort | uniq -c | sort -rn | head -5
	status=1
fi
[ $status -eq 0 ] && echo "soak: ok" || echo "soak: FAIL"
exit $status
