#!/bin/sh
# Shards in one process (tests/bench/discord_shards.py): a bot with
# discord.shards = auto against the fake Discord of tests/discord, which
# recommends BENCH_SHARDS (16) shards; the time to identify them all and
# the memory, at max_concurrency 16 (a large bot: one turn) and 4 (four
# turns, 5 s apart), beside a bot of one shard for the cost of a shard
# (make bench; not part of make test).
#
#   tests/bench/discord-shards.sh build/cheersbot
#
# Every wait is bounded by time, BENCH_WAIT (60) s, and says what it
# waited for when it gives up; a run that fails does not stop the other.
set -u
dir=$(cd "$(dirname "$0")" && pwd)
. "$dir/fake-bench.sh"
bench_fake_begin discord "$1"
n=${BENCH_SHARDS:-16}
fake_start discord "$dir/../discord/fake_discord.py" || exit 1

# run SHARDS CONCURRENCY [RSS1]: one bot, discord.shards = auto (unset
# for one shard), its figures from discord_shards.py.
run() {
	$py -c "import sys; sys.path.insert(0, '$dir/../discord'); \
import fake_client; fake_client.BASE = 'http://127.0.0.1:$port'; \
fake_client.op('shards', '?count=$1&concurrency=$2')" || return 1
	shards=""
	[ "$1" -gt 1 ] && shards="-o discord.shards=auto"
	rm -f "$tmp/state.db"
	"$bot" -v -o discord.enabled=yes -o console.enabled=no \
	    -o discord.api_base="http://127.0.0.1:$port/api/v10" \
	    -o discord.token=test-token -o discord.application_id=1 \
	    -o bot.state_file="$tmp/state.db" $shards \
	    < /dev/null > /dev/null 2> "$tmp/bot.err" &
	pid=$!
	$py "$dir/discord_shards.py" "$port" "$tmp/bot.err" "$pid" "$@" \
	    > "$tmp/out"
	rc=$?
	grep '^result:' "$tmp/out"
	[ $rc -eq 0 ] || proc_log "discord shards: bot" "$tmp/bot.err" 20
	proc_stop "$pid"
	pid=""
	return $rc
}

status=0
run 1 1 || status=1
rss1=$(sed -n 's/^rss1 //p' "$tmp/out")
run "$n" 16 $rss1 || status=1
run "$n" 4 $rss1 || status=1
exit $status
