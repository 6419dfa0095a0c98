#!/bin/sh
# Slack failing as the real one does (issue 25): for each fault, a fresh
# fake Slack started with --fault NAME and a fresh bot, then faults.py
# counts what the bot did and checks the numbers.  run.sh runs it last;
# alone it takes the faults to run as arguments after the binary.
#
#   tests/slack/faults.sh build/cheersbot [FAULT...]
set -u
bot=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
dir=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3
name="slack faults"
. "$dir/../lib.sh"
fake=""
pid=""
. "$dir/../fake-server.sh"
fake_check slack || exit 1
printf 'xoxb-test\n' > "$tmp/bot.token"
SLACK_APP_TOKEN=xapp-1-test
export SLACK_APP_TOKEN

# Every fault, in the issue's order.  A fault the fake has no --fault
# for (its name starts with "-") runs against a healthy fake, and
# faults.py turns the failure on itself.
ALL="too_many_websockets close_after_hello -revoked revoked
    -app_uninstalled -tokens_revoked -channels -dms -posts_503
    -retry_after hook_404 -updates -flood -held"
[ $# -gt 0 ] && ALL="$*"

status=0
for fault in $ALL; do
	proc_stop "$fake"
	case $fault in
	-*)	fake_start slack "$dir/fake_slack.py" || exit 1 ;;
	*)	fake_start slack "$dir/fake_slack.py" --fault "$fault" || exit 1 ;;
	esac
	pids=$fake
	# Busy tables: each of alice's turns runs out at once, to the AI.
	extra=""
	[ "$fault" = -updates ] &&
	    extra="-o tables.turn_timer=1s -o tables.prompt_timer=1s
	    -o tables.timeouts_to_ai=1"
	rm -f "$tmp/notify"
	# Emptied first: the bot's own 2> empties it only once forked, and
	# the last fault's "the Slack adapter stops" is not this one's.
	: > "$tmp/bot.err"
	NOTIFY_SOCKET="$tmp/notify" "$bot" -v -o slack.enabled=yes -o console.enabled=no \
	    -o slack.api_base="http://127.0.0.1:$port/api" \
	    -o slack.app_token=env:SLACK_APP_TOKEN \
	    -o slack.bot_token=file:"$tmp/bot.token" \
	    -o slack.message_interval=100ms \
	    -o bot.state_file="$tmp/state$fault.db" -o bot.seed=7 \
	    -o tables.ai_delay=0 -o slack.lost_channel_grace=3s $extra \
	    < /dev/null > "$tmp/bot.out" 2> "$tmp/bot.err" &
	pid=$!
	pids="$fake $pid"
	if ! $py "$dir/faults.py" "$port" "$tmp/bot.err" "$fault" \
	    "$tmp/notify"; then
		status=1
		proc_log "slack faults: $fault: bot" "$tmp/bot.err" 25
	fi
	proc_end_bot "slack faults" "$fault: "
	pid=""
done
exit $status
