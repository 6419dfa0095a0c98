#!/bin/sh
# End-to-end test of the XMPP adapter against a real Prosody (Debian's
# prosody package, which scripts/deps.sh installs): Prosody runs on
# 127.0.0.1 on free ports, with its config, data and certificates in a
# temporary directory (no system service), and is stopped by PID.
# scenario.py connects players over XMPP-over-WebSocket (python3-aiohttp),
# plays a whole game of CHEERS through the bot in a MUC room, restarts
# Prosody mid-game, and checks that secrets only ever arrive 1:1.  A
# second bot run talks wss:// with a CA made for the test (xmpp.ca_file).
# A third runs with xmpp.correct = no: a message per move, no corrections.
#
#   tests/xmpp/run.sh build/cheersbot
set -u
dir=$(cd "$(dirname "$0")" && pwd)
. "$dir/lib.sh"
proc_begin "$1"
cleanup() {
	proc_stop "$pid" KILL
	xmpp_end xmpp
}
trap cleanup EXIT
start=$(date +%s)

# Prosody is Debian's, called by its full path (a user's PATH may lack
# it); scripts/deps.sh installs it before the tests run.
prosody=/usr/bin/prosody
prosodyctl=/usr/bin/prosodyctl
proc_need xmpp $prosody $prosodyctl || exit 1
if ! $py -c 'import aiohttp' 2>/dev/null; then
	echo "xmpp: FAIL: $py has no aiohttp (scripts/deps.sh installs python3-aiohttp)"
	exit 1
fi
if ! command -v openssl >/dev/null 2>&1; then
	echo "xmpp: FAIL: openssl is needed to make the test's certificates"
	exit 1
fi

# Free ports: c2s (unused by the test, but Prosody's websocket needs the
# module), http (ws://) and https (wss://).
set -- $(proc_ports 3)
c2s=$1 http=$2 https=$3

# A test CA, and a certificate for localhost signed by it.
make_certs "$tmp" DNS:localhost,IP:127.0.0.1 || exit 1

prosody_begin run.sh info
cat >> "$tmp/prosody.cfg.lua" <<EOF
c2s_direct_tls_ports = { }
legacy_ssl_ports = { }
s2s_ports = { }
http_ports = { $http }
http_interfaces = { "127.0.0.1" }
https_ports = { $https }
https_interfaces = { "127.0.0.1" }
https_ssl = { certificate = "$tmp/localhost.crt", key = "$tmp/localhost.key" }
modules_enabled = { "roster", "saslauth", "disco", "ping", "websocket",
    "http", "offline", "posix" }
modules_disabled = { "s2s" }
-- Plain ws:// on loopback: SASL without TLS (the bot uses SCRAM anyway).
c2s_require_encryption = false
EOF
prosody_end
register_accounts "$tmp/prosody.cfg.lua" || exit 1
printf 'bot-secret-pw\n' > "$tmp/password"

# Starts Prosody in the foreground (in the background of this shell) and
# waits until its websocket answers; restart.sh does it again by PID.
cat > "$tmp/restart.sh" <<EOF
#!/bin/sh
dir="$dir"
. "$dir/lib.sh"
stop_prosody "$tmp/prosody.pid"
rm -f "$tmp/prosody.pid"
$prosody -F --config "$tmp/prosody.cfg.lua" >> "$tmp/prosody.out" 2>&1 &
i=0
while ! $py -c 'import socket,sys; socket.create_connection(("127.0.0.1", $http), 0.2)' 2>/dev/null; do
	sleep 0.1
	i=\$((i + 1))
	if [ \$i -ge 100 ]; then echo "prosody did not start" >&2; exit 1; fi
done
exit 0
EOF
if ! sh "$tmp/restart.sh"; then
	echo "xmpp: FAIL: prosody did not start"
	tail -20 "$tmp/prosody.log" 2>/dev/null
	exit 1
fi

status=0
# Carol opens the room "lounge" before the bot comes: there the bot is a
# plain occupant and does not learn real JIDs.
$py "$dir/scenario.py" --http "$http" --bot-err "$tmp/bot.err" \
    --restart "sh $tmp/restart.sh" --ready "$tmp/ready" \
    --prosody-pid "$tmp/prosody.pid" &
scen=$!
proc_until 10 test -e "$tmp/ready"
"$bot" -v -o console.enabled=no -o xmpp.enabled=yes \
    -o xmpp.url="ws://127.0.0.1:$http/xmpp-websocket" \
    -o xmpp.jid=cheersbot@localhost -o xmpp.password=file:"$tmp/password" \
    -o xmpp.rooms="bar@rooms.localhost, lounge@rooms.localhost" \
    -o xmpp.ping_interval=2s -o xmpp.correct_interval=100ms \
    -o bot.state_file="$tmp/state.db" -o bot.seed=3 \
    -o tables.ai_delay=0 \
    < /dev/null > "$tmp/bot.out" 2> "$tmp/bot.err" &
pid=$!
wait "$scen" || status=1

proc_end_bot xmpp
pid=""
proc_unlogged xmpp "the password is in the bot's log" bot-secret-pw \
    "$tmp/bot.err" "$tmp/bot.out"

# The same bot over wss://, trusting the test CA through xmpp.ca_file.
if [ $status -eq 0 ]; then
	"$bot" -v -o console.enabled=no -o xmpp.enabled=yes \
	    -o xmpp.url="wss://localhost:$https/xmpp-websocket" \
	    -o xmpp.ca_file="$tmp/ca.pem" \
	    -o xmpp.jid=cheersbot@localhost -o xmpp.password=file:"$tmp/password" \
	    -o xmpp.rooms=bar@rooms.localhost \
	    -o bot.state_file="$tmp/state.db" \
	    < /dev/null > "$tmp/bot.out" 2> "$tmp/bot-tls.err" &
	pid=$!
	$py "$dir/scenario.py" --http "$http" --bot-err "$tmp/bot-tls.err" \
	    --mode tls || status=1
	proc_end_run "xmpp: FAIL: the TLS run's exit status"
	if ! grep -q "connecting to wss://localhost" "$tmp/bot-tls.err"; then
		echo "xmpp: FAIL: the TLS run did not use wss://"
		status=1
	fi
fi

# xmpp.correct = no: every move is posted as lines of its own, as before.
if [ $status -eq 0 ]; then
	"$bot" -v -o console.enabled=no -o xmpp.enabled=yes \
	    -o xmpp.url="ws://127.0.0.1:$http/xmpp-websocket" \
	    -o xmpp.jid=cheersbot@localhost -o xmpp.password=file:"$tmp/password" \
	    -o xmpp.rooms=plain@rooms.localhost -o xmpp.correct=no \
	    -o bot.state_file="$tmp/plain.db" -o bot.seed=3 \
	    -o tables.ai_delay=0 \
	    < /dev/null > "$tmp/bot.out" 2> "$tmp/bot-plain.err" &
	pid=$!
	# The bot makes the room (and so sees real JIDs) before the players
	# come: a slow start (a sanitizer build) must not let them make it.
	i=0
	while ! grep -q "joined plain@rooms.localhost" "$tmp/bot-plain.err" \
	    2>/dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	$py "$dir/scenario.py" --http "$http" --bot-err "$tmp/bot-plain.err" \
	    --mode plain || status=1
	proc_end_run "xmpp: FAIL: the plain run's exit status"
fi

if [ $status -ne 0 ]; then
	proc_log "xmpp: bot" "$tmp/bot.err" 40
	[ -e "$tmp/bot-tls.err" ] && tail -20 "$tmp/bot-tls.err" | sed 's/^/  /'
	[ -e "$tmp/bot-plain.err" ] && tail -20 "$tmp/bot-plain.err" | sed 's/^/  /'
	proc_log "xmpp: prosody" "$tmp/prosody.log" 20
fi
echo "xmpp: scenario took $(($(date +%s) - start)) s"
exit $status
