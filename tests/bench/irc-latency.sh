#!/bin/sh
# IRC under load, against a real InspIRCd 3 on 127.0.0.1 (make bench; not
# part of make test): ten busy CHEERS tables, and how fast answers still
# come, measured on the wire by the players' own sockets.  See
# tests/bench/irc_latency.py for the server, the tables, the players and
# the figures.
#
# The server holds the bot to the rate the bot is set to: the bot's
# <connect> class has InspIRCd's flood control on (fakelag, threshold 10,
# the default) with commandrate set to the bot's irc.send_rate
# (BENCH_IRC_RATE_MS, 500: two lines a second, where InspIRCd's default
# is one), so a line sent too fast would be held by the server and show
# as lateness.  irc.send_burst is 5, the default.  Runs alone too:
#
#   tests/bench/irc-latency.sh build/cheersbot
#
# BENCH_IRC_SECONDS (25) is the measured time.  Without InspIRCd it says
# so and gives no figures.
set -u
bot=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap '[ -n "${BENCH_IRC_KEEP:-}" ] && echo "irc: kept $tmp" || rm -rf "$tmp"' EXIT

inspircd=$(command -v inspircd || ls /usr/sbin/inspircd 2>/dev/null)
if [ -z "$inspircd" ]; then
	echo "irc: no inspircd here (apt-get install inspircd): no IRC figures"
	exit 0
fi
# InspIRCd may dump core as it shuts down; none belongs in the work tree.
ulimit -c 0
/usr/bin/python3 "$dir/irc_latency.py" "$bot" "$inspircd" "$tmp" \
    "${BENCH_IRC_SECONDS:-25}" "${BENCH_IRC_RATE_MS:-500}" 5
rc=$?
if [ $rc -ne 0 ]; then
	echo "irc: bot log (last 20 lines):"
	tail -20 "$tmp/bot.err" 2>/dev/null | sed 's/^/  /'
fi
exit $rc
