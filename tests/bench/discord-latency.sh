#!/bin/sh
# The time from an INTERACTION_CREATE arriving on the gateway to its
# callback request leaving the bot, over BENCH_INTERACTIONS (1000)
# interactions against the fake Discord of tests/discord, then events per
# second in a burst (make bench; not part of make test).  The bot logs
# each time at -v; see tests/bench/discord_latency.py for the mix of
# interactions.
#
# A move is answered only once its commit is on disk (fdatasync), so the
# disk's flush time is part of every move's figure.  The run is made twice:
# with the state file on the disk (what an operator gets), and on tmpfs
# (/dev/shm), where a flush costs nothing, which leaves the bot's own time.
# The disk's flush time is measured beside them.  The AI answers after
# 2 ms (tables.ai_delay), in a batch of its own as with the default 1.5 s,
# so a move's figure is the player's move alone.
#
#   tests/bench/discord-latency.sh build/cheersbot
#
# Every wait is bounded by time, BENCH_WAIT (60) s, and says what it
# waited for when it gives up; a run that fails does not stop the other.
set -u
dir=$(cd "$(dirname "$0")" && pwd)
. "$dir/../proc.sh"
proc_begin "$1"
shm=""
cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null
	[ -n "$fake" ] && kill "$fake" 2>/dev/null
	rm -rf "$tmp"
	[ -n "$shm" ] && rm -rf "$shm"
}
trap cleanup EXIT
. "$dir/../fake-server.sh"
fake_check discord || exit 1
wait=${BENCH_WAIT:-60}
fake_wait=$wait

# stop PID WHAT: SIGTERM, then waits up to $wait s by the monotonic clock
# for it to exit; after that SIGKILL, and says so.  Reaps it.
stop() {
	end=$(($(fake_uptime) + wait + 1))
	kill "$1" 2>/dev/null
	while state=$(sed -n 's/.*) \([A-Za-z]\) .*/\1/p' "/proc/$1/stat" \
	    2>/dev/null) && [ -n "$state" ] && [ "$state" != Z ]; do
		if [ "$(fake_uptime)" -ge $end ]; then
			echo "discord: waited $wait s for $2 to exit; it did" \
			    "not, so it was killed"
			kill -9 "$1" 2>/dev/null
			break
		fi
		sleep 0.1
	done
	wait "$1" 2>/dev/null
}

# run STATE_DIR LABEL BURST: one bot against a fresh fake Discord.  One
# user sends every command here, so the members' flood limits are off.
run() {
	fake_start discord "$dir/../discord/fake_discord.py" || return 1
	"$bot" -v -o discord.enabled=yes -o console.enabled=no \
	    -o discord.api_base="http://127.0.0.1:$port/api/v10" \
	    -o discord.gateway_url="ws://127.0.0.1:$port/gateway" \
	    -o discord.token=test-token -o discord.application_id=1 \
	    -o bot.state_file="$1/state.db" -o tables.ai_delay=2ms \
	    -o tables.command_burst=0 -o tables.repost_gap=0 \
	    -o tables.max_per_server=0 -o tables.max_lobbies_per_user=0 \
	    < /dev/null > /dev/null 2> "$tmp/bot.err" &
	pid=$!
	$py "$dir/discord_latency.py" "$port" "$tmp/bot.err" \
	    "${BENCH_INTERACTIONS:-1000}" "$pid" "$2" "$3"
	rc=$?
	stop "$pid" "the bot"
	stop "$fake" "the fake Discord"
	pid=""
	fake=""
	return $rc
}

echo "discord: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)"
status=0
$py "$dir/discord_latency.py" --flush "$tmp" || status=1
run "$tmp" "state on disk" burst || status=1
if [ -d /dev/shm ] && shm=$(mktemp -d /dev/shm/cheersbot-bench.XXXXXX); then
	run "$shm" "state on tmpfs" noburst || status=1
else
	echo "discord: no /dev/shm here: no run without the disk's flush"
fi
exit $status
