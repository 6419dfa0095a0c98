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
bot=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
dir=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3
tmp=$(mktemp -d)
fake=""
pid=""
. "$dir/../proc.sh"
cleanup() {
	proc_stop "$pid" KILL
	proc_stop "$fake"
	rm -rf "$tmp"
}
trap cleanup EXIT
# Each run empties bot.err before its bot starts: the bot's own 2>
# empties it only once forked, and until then the last run's "ready"
# would be read as this one's.

. "$dir/../fake-server.sh"
fake_check slack || exit 1
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
if proc_running "$pid"; then
	proc_stop "$pid"
	rc=$?
	pid=""
	if [ $rc -ne 0 ]; then
		echo "slack: FAIL: SIGTERM exit status $rc"
		status=1
	fi
else
	echo "slack: FAIL: the bot died"
	status=1
fi

# A table whose turn timer runs out while the bot is down: the restore
# speaks before the adapter has started, which must not crash.
if [ $status -eq 0 ]; then
	for phase in overdue1 overdue2; do
		bot_start -o slack.message_interval=100ms \
		    -o bot.state_file="$tmp/overdue.db" -o bot.seed=3 \
		    -o tables.ai_delay=0 -o tables.turn_timer=2s
		$py "$dir/scenario.py" "$port" "$tmp/bot.err" $phase || status=1
		if ! proc_running "$pid"; then
			echo "slack: FAIL: the bot died in the $phase run"
			status=1
			pid=""
			break
		fi
		proc_stop "$pid" || { echo "slack: FAIL: $phase run's exit status"; status=1; }
		pid=""
		[ $phase = overdue1 ] && sleep 2.5
	done
fi

# A game killed (SIGKILL) and restarted: the same table message is
# edited, deleted by "Table" and given its last edit.
if [ $status -eq 0 ]; then
	for phase in kill1 kill2; do
		bot_start -o slack.message_interval=100ms \
		    -o bot.state_file="$tmp/kill.db" -o bot.seed=5 \
		    -o tables.ai_delay=0 -o tables.repost_gap=0
		$py "$dir/scenario.py" "$port" "$tmp/bot.err" $phase || status=1
		if [ $phase = kill1 ]; then
			proc_stop "$pid" KILL
		else
			proc_stop "$pid" || { echo "slack: FAIL: $phase run's exit status"; status=1; }
		fi
		pid=""
		[ $status -eq 0 ] || break
	done
fi

# Issue 32: a game ended by its End button, the bot restarted, a new
# game: the first game's End button must not reach the second game.
if [ $status -eq 0 ]; then
	for phase in stale1 stale2; do
		bot_start -o slack.message_interval=100ms \
		    -o bot.state_file="$tmp/stale.db" -o bot.seed=5 \
		    -o tables.ai_delay=0
		$py "$dir/scenario.py" "$port" "$tmp/bot.err" $phase || status=1
		proc_stop "$pid" || { echo "slack: FAIL: $phase run's exit status"; status=1; }
		pid=""
		[ $status -eq 0 ] || break
	done
fi

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
	$py "$dir/scenario.py" "$port" "$tmp/bot.err" tls "$tmp/cert.pem" ||
	    status=1
	proc_stop "$pid" || { echo "slack: FAIL: TLS run's exit status"; status=1; }
	pid=""
fi
if [ $status -ne 0 ]; then
	echo "slack: bot log (last 40 lines):"
	tail -40 "$tmp/bot.err" | sed 's/^/  /'
fi
# Slack's failures, each against a fresh fake and bot (faults.sh).
proc_stop "$fake"
fake=""
sh "$dir/faults.sh" "$bot" || status=1
echo "slack: scenario took $(($(date +%s) - start)) s"
exit $status
