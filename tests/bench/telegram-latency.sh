#!/bin/sh
# Click latency on Telegram (tests/bench/telegram_latency.py): a bot
# against the fake Bot API of tests/telegram, BENCH_CLICKS (300) clicks
# on a table's buttons, each timed from the update's making to the
# bot's answerCallbackQuery.  Its messages are not paced here (the
# answers never are), so the queue of posts does not grow.
#
#   tests/bench/telegram-latency.sh build/cheersbot
set -u
dir=$(cd "$(dirname "$0")" && pwd)
. "$dir/fake-bench.sh"
bench_fake_begin telegram "$1"
fake_start telegram "$dir/../telegram/fake_telegram.py" || exit 1
$py -c "import sys; sys.path.insert(0, '$dir/../telegram'); \
from fake_telegram import TOKEN; print(TOKEN)" > "$tmp/token"
"$bot" -o telegram.enabled=yes -o console.enabled=no \
    -o telegram.api_base="http://127.0.0.1:$port" \
    -o telegram.token=file:"$tmp/token" \
    -o telegram.message_interval=0 \
    -o telegram.group_messages_per_minute=1000 \
    -o telegram.messages_per_second=1000 \
    -o bot.state_file="$tmp/state.db" -o tables.ai_delay=2ms \
    -o tables.command_burst=0 -o tables.repost_gap=0 \
    < /dev/null > /dev/null 2> "$tmp/bot.err" &
pid=$!
$py "$dir/telegram_latency.py" "$port" "${BENCH_CLICKS:-300}"
status=$?
[ $status -eq 0 ] || proc_log "telegram: bot" "$tmp/bot.err" 20
exit $status
