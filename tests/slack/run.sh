#!/bin/sh
# Scenario tests of the Slack adapter against a protocol-faithful fake
# Slack (tests/slack/fake_slack.py, on Debian's python3-aiohttp): a game
# of CHEERS by slash commands and button clicks, secrets only in DMs and
# ephemeral messages, a retried envelope run once, a refresh disconnect
# and a half-open socket mid-game with nothing lost, a 429 storm, a
# warning disconnect, refused DMs and ephemeral messages, channel admins,
# malformed envelopes, messages to a channel paced (100 ms here, to keep
# the game quick); then a second run over https and wss with a CA file,
# at the default pace of one message a second.  scenario.py drives both
# and checks.  Last, Slack's failures (faults.sh).
#
#   tests/slack/run.sh build/cheersbot
set -u
dir=$(cd "$(dirname "$0")" && pwd)
. "$dir/../proc.sh"
. "$dir/../fake-server.sh"
fake_begin slack "$1"
# Each run empties bot.err before its bot starts: the bot's own 2>
# empties it only once forked, and until then the last run's "ready"
# would be read as this one's.
# Starts the fake Slack (its arguments added); sets $fake and $port.
start_fake() {
	fake_start slack "$dir/fake_slack.py" "$@" || exit 1
}

start=$(date +%s)
start_fake
printf 'xoxb-test\n' > "$tmp/bot.token"
SLACK_APP_TOKEN=xapp-1-test
export SLACK_APP_TOKEN

# bot_start OPTION...: starts the bot on the fake Slack (its app and bot
# tokens) with these options, bot.err emptied first (so a wait never
# reads the last run's lines); sets $pid.
bot_start() {
	: > "$tmp/bot.err"
	"$bot" -v -o slack.enabled=yes -o console.enabled=no \
	    -o slack.api_base="http://127.0.0.1:$port/api" \
	    -o slack.app_token=env:SLACK_APP_TOKEN \
	    -o slack.bot_token=file:"$tmp/bot.token" "$@" \
	    < /dev/null > "$tmp/bot.out" 2> "$tmp/bot.err" &
	pid=$!
}

bot_start -o slack.ping_interval=300ms -o slack.message_interval=100ms \
    -o bot.state_file="$tmp/state.db" -o bot.seed=7 \
    -o tables.ai_delay=0 -o tables.repost_gap=1s

status=0
$py "$dir/scenario.py" "$port" "$tmp/bot.err" game 0.1 || status=1

# The bot is still running after all that, and SIGTERM ends it cleanly.
proc_end_bot slack

# Runs across a restart: an overdue turn timer, a SIGKILL, a stale End
# button (fake_restarts, fake-server.sh).
fake_restarts slack -o slack.message_interval=100ms

# A second run over https and wss, with a certificate made for the test.
if [ $status -eq 0 ] && ! sh "$dir/../selfsigned.sh" "$tmp"; then
	echo "slack (tls): skipped: openssl could not make a certificate"
elif [ $status -eq 0 ]; then
	proc_stop "$fake"
	start_fake --tls "$tmp/cert.pem" "$tmp/key.pem"
	: > "$tmp/bot.err"
	"$bot" -v -o slack.enabled=yes -o console.enabled=no \
	    -o slack.api_base="https://127.0.0.1:$port/api" \
	    -o slack.ca_file="$tmp/cert.pem" \
	    -o slack.app_token=env:SLACK_APP_TOKEN \
	    -o slack.bot_token=file:"$tmp/bot.token" \
	    -o bot.state_file="$tmp/tls.db" -o tables.ai_delay=0 \
	    < /dev/null > "$tmp/bot.out" 2> "$tmp/bot.err" &
	pid=$!
	fake_tls_run slack
fi
fake_bot_log slack
# Slack's failures, each against a fresh fake and bot (faults.sh).
proc_stop "$fake"
fake=""
sh "$dir/faults.sh" "$bot" || status=1
echo "slack: scenario took $(($(date +%s) - start)) s"
exit $status
