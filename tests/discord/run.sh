#!/bin/sh
# Scenario tests of the Discord adapter against a protocol-faithful fake
# Discord (tests/discord/fake_discord.py, on Debian's python3-aiohttp):
# slash commands play a game of CHEERS; secrets stay in DMs and ephemeral
# replies; op 7, a dropped socket, op 9 and a zombie connection lose
# nothing; a 429 storm delays but loses no message; closed DMs fall back
# to "hand"; 4004 is fatal.  A second run finds the gateway through
# GET /gateway/bot and registers guild commands; a third plays a whole
# game by button clicks, the table one message edited in place; then
# an interaction delivered twice runs once (repeat.py); then the faults
# of issue 25 (faults.py); then every shard in one process, by
# discord.shards (shards.py); a last one talks https and wss with a CA
# file.  scenario.py drives each run and checks the results.
#
#   tests/discord/run.sh build/cheersbot
set -u
dir=$(cd "$(dirname "$0")" && pwd)
. "$dir/../proc.sh"
. "$dir/../fake-server.sh"
fake_begin discord "$1"
# Each run empties bot.err before its bot starts: the bot's own 2>
# empties it only once forked, and until then the last run's "ready"
# would be read as this one's.
start=$(date +%s)
CHEERSBOT_TEST_TOKEN=test-token
export CHEERSBOT_TEST_TOKEN
printf 'test-token\n' > "$tmp/token"
fake_start discord "$dir/fake_discord.py" --heartbeat-ms 400 || exit 1

# bot_start OPTION...: starts the bot on the fake Discord (test-token,
# application 1) with these options, bot.err emptied first (so a wait
# never reads the last run's lines); sets $pid.
bot_start() {
	: > "$tmp/bot.err"
	"$bot" -v -o discord.enabled=yes -o console.enabled=no \
	    -o discord.api_base="http://127.0.0.1:$port/api/v10" \
	    -o discord.gateway_url="ws://127.0.0.1:$port/gateway" \
	    -o discord.token=test-token -o discord.application_id=1 "$@" \
	    < /dev/null > "$tmp/bot.out" 2> "$tmp/bot.err" &
	pid=$!
}

bot_start -o bot.state_file="$tmp/state.db" -o bot.seed=42 \
    -o tables.ai_delay=0 -o tables.timeouts_to_ai=1 \
    -o discord.compress=yes

status=0
$py "$dir/scenario.py" "$port" "$tmp/bot.err" || status=1

# The bot is still running after all that, and SIGTERM ends it cleanly.
proc_end_bot discord

# A second run on the same state: GET /gateway/bot, guild commands.
if [ $status -eq 0 ]; then
	: > "$tmp/bot.err"
	"$bot" -v -o discord.enabled=yes -o console.enabled=no \
	    -o discord.api_base="http://127.0.0.1:$port/api/v10" \
	    -o discord.token=env:CHEERSBOT_TEST_TOKEN \
	    -o discord.application_id=1 -o discord.guild_id=700 \
	    -o bot.state_file="$tmp/state.db" \
	    < /dev/null > "$tmp/bot.out" 2> "$tmp/bot.err" &
	pid=$!
	$py "$dir/scenario.py" "$port" "$tmp/bot.err" restart || status=1
	proc_end_run "discord: FAIL: second run's exit status"
fi

# A game by clicks, on a fresh state: buttons, the table as one message.
if [ $status -eq 0 ]; then
	bot_start -o bot.state_file="$tmp/buttons.db" -o bot.seed=7 \
	    -o tables.ai_delay=0
	$py "$dir/scenario.py" "$port" "$tmp/bot.err" buttons || status=1
	proc_end_run "discord: FAIL: buttons run's exit status"
fi

# Runs across a restart: an overdue turn timer, a SIGKILL, a stale End
# button (fake_restarts, fake-server.sh).
fake_restarts discord

# An interaction delivered twice, in one session and across a RESUME,
# runs once and spends one command of a budget of 4 (repeat.py).
if [ $status -eq 0 ]; then
	bot_start -o bot.state_file="$tmp/repeat.db" -o bot.seed=11 \
	    -o tables.ai_delay=0 -o tables.command_burst=4 \
	    -o tables.command_refill=1h
	$py "$dir/repeat.py" "$port" "$tmp/bot.err" || status=1
	proc_end_run "discord: FAIL: repeat run's exit status"
fi

# The faults of issue 25, each on a fresh state: faults.py says what.
# The token comes from a file named in a config file, so that a run can
# change it and send SIGHUP; the service status goes to a listener.
for mode in lost token resume nonce dm budget shutdown perms; do
	[ $status -eq 0 ] || break
	printf 'test-token\n' > "$tmp/faults-token"
	printf '[discord]\ntoken = file:%s\n' "$tmp/faults-token" \
	    > "$tmp/faults.conf"
	rm -f "$tmp/notify.log"
	$py "$dir/../systemd/notify_listen.py" "$tmp/notify.sock" \
	    "$tmp/notify.log" &
	listener=$!
	proc_until 5 test -e "$tmp/notify.log"
	: > "$tmp/bot.err"
	NOTIFY_SOCKET="$tmp/notify.sock" "$bot" -v -c "$tmp/faults.conf" \
	    -o discord.enabled=yes -o console.enabled=no \
	    -o discord.api_base="http://127.0.0.1:$port/api/v10" \
	    -o discord.gateway_url="ws://127.0.0.1:$port/gateway" \
	    -o discord.application_id=1 \
	    -o bot.state_file="$tmp/faults-$mode.db" -o bot.seed=42 \
	    -o tables.ai_delay=0 -o discord.lost_channel_grace=3s \
	    < /dev/null > "$tmp/bot.out" 2> "$tmp/bot.err" &
	pid=$!
	$py "$dir/faults.py" "$port" "$tmp/bot.err" $mode "$tmp/notify.log" \
	    "$pid" "$tmp/faults-token" || status=1
	proc_end_run "discord: FAIL: $mode run's exit status"
	proc_stop "$listener"
	rm -f "$tmp/notify.sock"
done

# Every shard in one process (shards.py): discord.shards = auto against
# a fake that recommends 4 shards, 2 identifying at a time; then a range
# of them, 2-3 of 4.
for mode in auto range; do
	[ $status -eq 0 ] || break
	$py "$dir/shards.py" "$port" "$tmp/bot.err" setup $mode ||
	    { status=1; break; }
	shards=discord.shards=auto
	[ $mode = range ] && shards="discord.shards=2-3 -o discord.shard_count=4"
	bot_start -o bot.state_file="$tmp/shards-$mode.db" -o bot.seed=13 \
	    -o tables.ai_delay=0 -o $shards
	$py "$dir/shards.py" "$port" "$tmp/bot.err" $mode "$bot" || status=1
	proc_end_run "discord: FAIL: shards $mode run's exit status"
done

# A third run over https and wss, with a certificate made for the test.
if [ $status -eq 0 ] && ! sh "$dir/../selfsigned.sh" "$tmp"; then
	echo "discord (tls): skipped: openssl could not make a certificate"
elif [ $status -eq 0 ]; then
	proc_stop "$fake"
	fake_start discord "$dir/fake_discord.py" --heartbeat-ms 400 \
	    --tls "$tmp/cert.pem" "$tmp/key.pem" || exit 1
	: > "$tmp/bot.err"
	"$bot" -v -o discord.enabled=yes -o console.enabled=no \
	    -o discord.api_base="https://localhost:$port/api/v10" \
	    -o discord.ca_file="$tmp/cert.pem" \
	    -o discord.token=file:"$tmp/token" -o discord.application_id=1 \
	    -o bot.state_file="$tmp/state.db" \
	    < /dev/null > "$tmp/bot.out" 2> "$tmp/bot.err" &
	pid=$!
	fake_tls_run discord
fi
fake_bot_log discord
echo "discord: scenario took $(($(date +%s) - start)) s"
exit $status
