#!/bin/sh
# IRC under load, against a real InspIRCd 3 on 127.0.0.1 (make bench; not
# part of make test): ten busy CHEERS tables, and how fast answers still
# come, measured on the wire by the players' own sockets.  See
# tests/bench/irc_latency.py for the tables, the players and the figures.
#
# The server holds the bot to the rate the bot is set to: its <connect>
# class has InspIRCd's flood control on (fakelag, threshold 10, the
# default) with commandrate set to the bot's irc.send_rate
# (BENCH_IRC_RATE_MS, 500: two lines a second, where InspIRCd's default
# is one), so a line sent too fast would be held by the server and show
# as lateness.  irc.send_burst is 5, the default.  The tables are set up
# first by a bot on a second, unlimited websocket port; that bot is
# stopped and the measured one restores them.  Runs alone too:
#
#   tests/bench/irc-latency.sh build/cheersbot
#
# BENCH_IRC_SECONDS (25) is the measured time.  Without InspIRCd it says
# so and gives no figures.
set -u
bot=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
dir=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3
tmp=$(mktemp -d)
ircd=""
cleanup() {
	[ -n "$ircd" ] && kill -9 "$ircd" 2>/dev/null
	[ -n "${BENCH_IRC_KEEP:-}" ] && echo "irc: kept $tmp" || rm -rf "$tmp"
}
trap cleanup EXIT

inspircd=$(command -v inspircd || ls /usr/sbin/inspircd 2>/dev/null)
if [ -z "$inspircd" ]; then
	echo "irc: no inspircd here (apt-get install inspircd): no IRC figures"
	exit 0
fi

# Free ports: the players' plain IRC, the setup bot's and the measured bot's
# websockets.
set -- $($py -c '
import socket
ss = [socket.socket() for i in range(3)]
for s in ss: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in ss))')
plain=$1 setup=$2 ws=$3

# The measured bot's class: InspIRCd's defaults but for commandrate (in
# lines a second, times 1000); the players and the setup bot are not
# limited.
rate=${BENCH_IRC_RATE_MS:-500}
commandrate=$((1000000 / rate))
mkdir "$tmp/ircd"
cat > "$tmp/ircd/inspircd.conf" <<EOF
<server name="irc.bench" description="cheersbot bench" network="CheersBench">
<admin name="bench" nick="bench" email="bench@localhost">
<module name="sha1">
<module name="websocket">
<module name="cap">
<module name="ircv3">
<websocket defaultmode="text">
<wsorigin allow="https://cheersbot.bench">
<bind address="127.0.0.1" port="$plain" type="clients">
<bind address="127.0.0.1" port="$setup" type="clients" hook="websocket">
<bind address="127.0.0.1" port="$ws" type="clients" hook="websocket">
<connect name="bot" allow="*" port="$ws" timeout="20" pingfreq="120"
    commandrate="$commandrate" threshold="10" fakelag="yes" recvq="8192"
    softsendq="8192" hardsendq="1048576" localmax="100" globalmax="100"
    resolvehostnames="no" useident="no">
<connect name="free" allow="*" timeout="20" pingfreq="120"
    commandrate="1000000" threshold="1000" fakelag="no" recvq="65536"
    softsendq="1048576" hardsendq="4194304" localmax="100" globalmax="100"
    resolvehostnames="no" useident="no">
<dns timeout="1">
<pid file="$tmp/ircd/inspircd.pid">
<log method="file" type="* -USERINPUT -USEROUTPUT" level="default"
    target="$tmp/ircd/ircd.log">
EOF
flags="--config $tmp/ircd/inspircd.conf --nofork"
[ "$(id -u)" -eq 0 ] && flags="$flags --runasroot"
ulimit -c 0
# shellcheck disable=SC2086
(cd "$tmp/ircd" && exec "$inspircd" $flags) > "$tmp/ircd.out" 2>&1 &
ircd=$!
i=0
while ! $py -c "import socket; socket.create_connection(('127.0.0.1', $plain), 1)" \
    2>/dev/null && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
if [ $i -ge 100 ]; then
	echo "irc: FAIL: inspircd did not start"
	cat "$tmp/ircd.out"
	exit 1
fi

$py "$dir/irc_latency.py" "$bot" "$tmp" "$plain" "$setup" "$ws" \
    "${BENCH_IRC_SECONDS:-25}" "$rate" 5 \
    "at InspIRCd's flood control for $commandrate millilines a second (threshold 10, fakelag)"
rc=$?
if [ $rc -ne 0 ]; then
	echo "irc: bot log (last 20 lines):"
	tail -20 "$tmp/bot.err" 2>/dev/null | sed 's/^/  /'
fi
exit $rc
