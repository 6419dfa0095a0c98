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

# fake_start NAME SCRIPT [ARGS...]: starts SCRIPT with ARGS on a free
# port of 127.0.0.1, its output in $tmp/fake.log, and waits up to 10 s
# for it to listen.  Sets $fake (its PID; the caller stops it) and $port.
# When it does not start, shows its log and fails.
fake_start() {
	fake_name=$1
	shift
	rm -f "$tmp/port"
	$py "$@" --port-file "$tmp/port" > "$tmp/fake.log" 2>&1 &
	fake=$!
	i=0
	while [ ! -s "$tmp/port" ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if [ ! -s "$tmp/port" ]; then
		echo "$fake_name: FAIL: the fake server did not start"
		cat "$tmp/fake.log"
		return 1
	fi
	port=$(cat "$tmp/port")
}
