#!/bin/sh
# The Telegram tests, against a protocol-faithful fake Bot API
# (tests/telegram/fake_telegram.py, on Debian's python3-aiohttp).
#
# First the fake's self-test: selftest.py drives it as a bot and its
# users would, checking each behaviour the fake documents; then each
# failure --fault turns on, against a fake of its own; then over https
# with a certificate made for the test.
#
# Then the bot (scenario.py, in phases): a group of three, one of whom
# never started the bot (403, the deep link, /start brings the hand); a
# CHEERS game by commands and buttons; the bot killed (SIGKILL) mid-game,
# a button pressed while it is down, the bot restarted on the same state:
# the click is run once, updates delivered again are not; the game
# played to its end; no recipe or hand in any group message; pacing (0.1
# s a chat here, to keep the game quick) and the protocol as the fake
# judges it.  Then a game of Friends with Beverages by buttons.  Then two
# groups upgraded to supergroups mid-game (one told by the service
# messages, one by the 400's migrate_to_chat_id), and the bot restarted
# after: both games go on in the new chats.  Last,
# against a fresh fake and bot: a 429 waited out, a 5xx retried, a 409
# logged and polled past, a table in a forum topic, the bot removed from
# a group mid-game, a revoked token (401) stopping the adapter while the
# bot runs on.
#
#   tests/telegram/run.sh [build/cheersbot]
set -u
dir=$(cd "$(dirname "$0")" && pwd)
. "$dir/../proc.sh"
. "$dir/../fake-server.sh"
py=/usr/bin/python3
tmp=$(mktemp -d)
fake=""
pid=""
trap proc_cleanup EXIT
fake_check telegram || exit 1

status=0
fake_start telegram "$dir/fake_telegram.py" || exit 1
$py "$dir/selftest.py" "$port" || status=1
if [ $status -ne 0 ]; then
	proc_log "telegram: fake" "$tmp/fake.log" 40
fi
proc_stop "$fake"
fake=""

# Each failure --fault turns on from the start.
for f in revoked webhook conflict bad_gateway; do
	fake_start telegram "$dir/fake_telegram.py" --fault $f || exit 1
	$py "$dir/selftest.py" "$port" fault $f || status=1
	proc_stop "$fake"
	fake=""
done

if ! sh "$dir/../selfsigned.sh" "$tmp"; then
	echo "telegram (tls): skipped: openssl could not make a certificate"
else
	fake_start telegram "$dir/fake_telegram.py" \
	    --tls "$tmp/cert.pem" "$tmp/key.pem" || exit 1
	$py "$dir/selftest.py" "$port" tls "$tmp/cert.pem" || status=1
	proc_stop "$fake"
	fake=""
fi

[ $# -ge 1 ] || exit $status
bot=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
fake_token=$($py -c "import sys; sys.path.insert(0, '$dir'); \
from fake_telegram import TOKEN; print(TOKEN)")
printf '%s\n' "$fake_token" > "$tmp/token"

# bot_start OPTION...: starts the bot on the fake, bot.err emptied
# first; sets $pid.
bot_start() {
	: > "$tmp/bot.err"
	"$bot" -v -o telegram.enabled=yes -o console.enabled=no \
	    -o telegram.api_base="http://127.0.0.1:$port" \
	    -o telegram.token=file:"$tmp/token" \
	    -o telegram.message_interval=100ms \
	    -o telegram.group_messages_per_minute=1000 \
	    -o bot.state_file="$tmp/state.db" -o bot.seed=7 \
	    -o tables.ai_delay=0 "$@" \
	    < /dev/null > "$tmp/bot.out" 2>> "$tmp/bot.err" &
	pid=$!
}

# scenario MODE WORLD: scenario.py's phase MODE against the bot, the
# phases' world in $tmp/WORLD; status 1 when it fails.
scenario() {
	$py "$dir/scenario.py" "$port" "$tmp/bot.err" "$1" "$tmp/$2" ||
	    status=1
}

# fresh DB [OPTION...]: a fresh fake, and the bot on it with the state
# file $tmp/DB and the options.
fresh() {
	fake_start telegram "$dir/fake_telegram.py" || exit 1
	fresh_db=$1
	shift
	bot_start -o bot.state_file="$tmp/$fresh_db" "$@"
}

fake_start telegram "$dir/fake_telegram.py" || exit 1
bot_start
scenario game1 world.json
if [ $status -eq 0 ]; then
	proc_stop "$pid" KILL
	pid=""
	scenario down world.json
	cp "$tmp/bot.err" "$tmp/bot1.err"
	bot_start
	scenario game2 world.json
	proc_end_bot telegram
fi
proc_stop "$fake"

# A game of Friends with Beverages, against a fresh fake and bot.
if [ $status -eq 0 ]; then
	fresh fwb.db
	scenario fwb world.json
	proc_end_bot telegram "after the FwB game: "
	proc_stop "$fake"
fi

# Groups upgraded to supergroups mid-game, against a fresh fake and bot,
# then the bot killed and restarted on the same state.
if [ $status -eq 0 ]; then
	fresh migrate.db
	scenario migrate1 migrate.json
	if [ $status -eq 0 ]; then
		proc_stop "$pid" KILL
		pid=""
		bot_start -o bot.state_file="$tmp/migrate.db"
		scenario migrate2 migrate.json
	fi
	proc_end_bot telegram "after the upgrades: "
	proc_stop "$fake"
fi

# Failures, against a fresh fake and bot: 429, 5xx, 409, removal, 401.
if [ $status -eq 0 ]; then
	fresh faults.db -o telegram.lost_chat_grace=3s
	scenario faults world.json
	# The adapter stopped; the bot runs on and SIGTERM ends it.
	proc_end_bot telegram "after the 401: "
fi
if [ $status -ne 0 ]; then
	proc_log "telegram: bot" "$tmp/bot.err" 40
fi
exit $status
