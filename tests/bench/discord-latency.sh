#!/bin/sh
# The time from an INTERACTION_CREATE arriving on the gateway to its
# callback request leaving the bot, over BENCH_INTERACTIONS (1000)
# interactions against the fake Discord of tests/discord, then events per
# second in a burst (make bench; not part of make test).  The bot logs
# each time at -v; see tests/bench/discord_latency.py for the mix of
# interactions.
#
#   tests/bench/discord-latency.sh build/cheersbot
set -u
bot=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
dir=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3
tmp=$(mktemp -d)
fake=""
pid=""
cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null
	[ -n "$fake" ] && kill "$fake" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT

$py "$dir/../discord/fake_discord.py" --port-file "$tmp/port" \
    > "$tmp/fake.log" 2>&1 &
fake=$!
i=0
while [ ! -s "$tmp/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
port=$(cat "$tmp/port")
"$bot" -v -o discord.enabled=yes -o console.enabled=no \
    -o discord.api_base="http://127.0.0.1:$port/api/v10" \
    -o discord.gateway_url="ws://127.0.0.1:$port/gateway" \
    -o discord.token=test-token -o discord.application_id=1 \
    -o bot.state_file="$tmp/state.db" -o tables.ai_delay=0 \
    < /dev/null > /dev/null 2> "$tmp/bot.err" &
pid=$!
echo "discord: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)"
$py "$dir/discord_latency.py" "$port" "$tmp/bot.err" \
    "${BENCH_INTERACTIONS:-1000}" "$pid"
