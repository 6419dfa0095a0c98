# tests/fake-server.sh: starting a protocol-faithful fake server
# (tests/discord/fake_discord.py, tests/slack/fake_slack.py) from a shell
# script that has set $py (a python3 with aiohttp) and $tmp, and sources
# this file.

# fake_check NAME: says why and fails when $py has no aiohttp.
fake_check() {
	$py -c 'import aiohttp' 2>/dev/null && return 0
	echo "$1: FAIL: $py has no aiohttp (scripts/deps.sh installs python3-aiohttp)"
	return 1
}

# fake_uptime: whole seconds of the monotonic clock (/proc/uptime); a
# wait until N s after it ends at N + 1, so it lasts N s at least.
fake_uptime() {
	read -r fake_up fake_idle < /proc/uptime
	echo "${fake_up%.*}"
}

# fake_start NAME SCRIPT [ARGS...]: starts SCRIPT with ARGS on a free
# port of 127.0.0.1, its output in $tmp/fake.log, and waits up to
# $fake_wait s (60 unless the caller set it) by the monotonic clock for it
# to listen.  Sets $fake (its PID; the caller stops it) and $port.  When
# it does not start, says how long it waited, shows its log and fails.
fake_start() {
	fake_name=$1
	shift
	rm -f "$tmp/port"
	$py "$@" --port-file "$tmp/port" > "$tmp/fake.log" 2>&1 &
	fake=$!
	fake_end=$(($(fake_uptime) + ${fake_wait:-60} + 1))
	# A fake that has ended will never listen: no use waiting for it.
	while [ ! -s "$tmp/port" ] && [ "$(fake_uptime)" -lt $fake_end ] &&
	    kill -0 "$fake" 2>/dev/null; do
		sleep 0.1
	done
	if [ ! -s "$tmp/port" ]; then
		echo "$fake_name: FAIL: the fake server did not listen (its" \
		    "port file) within ${fake_wait:-60} s, or ended first"
		cat "$tmp/fake.log"
		return 1
	fi
	port=$(cat "$tmp/port")
}
