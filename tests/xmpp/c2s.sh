#!/bin/sh
# End-to-end test of XMPP as a client over TCP (RFC 6120) against a real
# Prosody that requires encryption (c2s_require_encryption = true), on
# 127.0.0.1 with certificates made here:
#   - xmpp://  : TCP, STARTTLS, a new stream, SASL, bind;
#   - xmpps:// : TLS from the first byte (XEP-0368);
#   - no URL   : found by DNS SRV through a dnsmasq started here on a free
#                port (xmpp.dns_server): _xmpps-client._tcp first, and
#                _xmpp-client._tcp by priority when the first target is
#                dead;
#   - a fake server that offers no STARTTLS is refused: no <auth/> (no
#     password) is ever sent to it; with xmpp.allow_plaintext = yes it
#     is not;
#   - XEP-0198: through cutproxy.py, the bot's link is cut while its
#     answers are in flight; it resumes its session and they arrive
#     once each (scenario.py --mode sm); and once more against a server
#     that forgets lost sessions at once: resumption fails, and they
#     arrive once each on a new session (--mode sm-failed).
# Each bot run must log in, join the room and answer a player
# (scenario.py --mode c2s, whose players come over Prosody's websocket).
#
#   tests/xmpp/c2s.sh build/cheersbot
set -u
dir=$(cd "$(dirname "$0")" && pwd)
. "$dir/lib.sh"
proc_begin "$1"
dns="" proxy=""
cleanup() {
	for p in $pid $dns $fake $proxy; do proc_stop "$p" KILL; done
	xmpp_end c2s
}
trap cleanup EXIT
start=$(date +%s)
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "c2s: FAIL: $*"; }

prosody=/usr/bin/prosody
prosodyctl=/usr/bin/prosodyctl
dnsmasq=/usr/sbin/dnsmasq
proc_need c2s $prosody $prosodyctl $dnsmasq || exit 1

# Free ports: c2s (STARTTLS), direct TLS, http (the players' websocket),
# DNS, the fake server, one where nothing listens, and the cutting proxy.
set -- $(proc_ports 7)
c2s=$1 tls=$2 http=$3 dnsport=$4 fakeport=$5 dead=$6 proxyport=$7

make_certs "$tmp" DNS:localhost || exit 1

prosody_begin c2s.sh debug
cat >> "$tmp/prosody.cfg.lua" <<EOF
c2s_direct_tls_ports = { $tls }
legacy_ssl_ports = { }
s2s_ports = { }
http_ports = { $http }
http_interfaces = { "127.0.0.1" }
https_ports = { }
ssl = { certificate = "$tmp/localhost.crt", key = "$tmp/localhost.key" }
modules_enabled = { "roster", "saslauth", "tls", "disco", "ping",
    "websocket", "http", "posix", "smacks" }
modules_disabled = { "s2s", "offline" }
c2s_require_encryption = true
-- The players' websocket on loopback http counts as secure.
consider_websocket_secure = true
EOF
prosody_end
register_accounts "$tmp/prosody.cfg.lua" || exit 1
printf 'bot-secret-pw\n' > "$tmp/password"
$prosody -F --config "$tmp/prosody.cfg.lua" >> "$tmp/prosody.out" 2>&1 &
wait_port "$c2s" || { echo "c2s: FAIL: prosody did not start"; exit 1; }

# Starts dnsmasq answering only the SRV records given (--srv-host=...).
start_dns() {
	proc_stop "$dns"
	$dnsmasq --no-daemon --conf-file=/dev/null --no-resolv --no-hosts \
	    --listen-address=127.0.0.1 --bind-interfaces --port="$dnsport" \
	    --log-queries \
	    --log-facility="$tmp/dnsmasq.log" "$@" 2>> "$tmp/dnsmasq.err" &
	dns=$!
	# It answers on TCP too once it listens.  (With --no-daemon it
	# writes no PID file: waiting for one always took 5 s.)
	wait_port "$dnsport" || bad "dnsmasq did not start"
}

# run NAME EXPECT [-o key=value...]: runs the bot, lets scenario.py check
# that it is online and answers (--mode $mode), and expects the pattern
# EXPECT in its log.  The stream management runs ask status twice within
# seconds, both answered in the room: no repost gap.
mode=c2s
run() {
	label=$1 expect=$2
	shift 2
	"$bot" -v -o console.enabled=no -o xmpp.enabled=yes \
	    -o xmpp.ca_file="$tmp/ca.pem" \
	    -o xmpp.jid=cheersbot@localhost -o xmpp.password=file:"$tmp/password" \
	    -o xmpp.rooms=bar@rooms.localhost -o xmpp.ping_interval=2s \
	    -o tables.repost_gap=0 \
	    -o bot.state_file="$tmp/$label.db" "$@" \
	    < /dev/null > "$tmp/$label.out" 2> "$tmp/$label.err" &
	pid=$!
	if $py "$dir/scenario.py" --http "$http" --bot-err "$tmp/$label.err" \
	    --mode $mode --cut "$tmp/cut" > "$tmp/$label.scen" 2>&1; then
		ok
	else
		bad "$label: the bot did not log in and answer"
		sed 's/^/  /' "$tmp/$label.scen"
		tail -20 "$tmp/$label.err" | sed 's/^/  /'
	fi
	if grep -Eq "$expect" "$tmp/$label.err"; then ok; else
		bad "$label: no \"$expect\" in the bot's log"
	fi
	proc_stop "$pid" || bad "$label: the bot's exit status on SIGTERM"
	pid=""
	if grep -q bot-secret-pw "$tmp/$label.err" "$tmp/$label.out"; then
		bad "$label: the password is in the bot's log"
	fi
}

# xmpp:// with STARTTLS: the TLS certificate names the JID's domain,
# not the address connected to.
run starttls "TLS is up \(STARTTLS\)" -o xmpp.url="xmpp://127.0.0.1:$c2s"
# xmpps://: TLS from the first byte.
run direct "connected to tls://127.0.0.1:$tls" \
    -o xmpp.url="xmpps://127.0.0.1:$tls"
# By SRV: the direct-TLS record wins.
start_dns --srv-host="_xmpps-client._tcp.localhost,127.0.0.1,$tls,0,5" \
    --srv-host="_xmpp-client._tcp.localhost,127.0.0.1,$c2s,0,5"
run srv-direct "connected to tls://127.0.0.1:$tls" \
    -o xmpp.dns_server="127.0.0.1:$dnsport"
# By SRV with no direct TLS: the dead target of the lower priority value
# is tried first, then the next.
start_dns --srv-host="_xmpp-client._tcp.localhost,127.0.0.1,$c2s,20,5" \
    --srv-host="_xmpp-client._tcp.localhost,127.0.0.1,$dead,10,5"
run srv-starttls "TLS is up \(STARTTLS\)" \
    -o xmpp.dns_server="127.0.0.1:$dnsport"
if grep -q "_xmpps-client._tcp.localhost" "$tmp/dnsmasq.log" &&
    grep -q "_xmpp-client._tcp.localhost" "$tmp/dnsmasq.log"; then ok; else
	bad "the bot did not ask dnsmasq for both SRV names"
fi
if grep -q "cannot connect to tcp://127.0.0.1:$dead" "$tmp/srv-starttls.err" &&
    grep -q "connected to tcp://127.0.0.1:$c2s" "$tmp/srv-starttls.err"; then
	ok
else
	bad "srv-starttls: the targets were not tried by priority"
fi

# fake_run LOG PATTERN [-o key=value...]: runs the bot against the fake
# server until PATTERN is in LOG (at most 10 s), then stops it.
fake_run() {
	log=$1 until=$2
	shift 2
	"$bot" -v -o console.enabled=no -o xmpp.enabled=yes \
	    -o xmpp.url="xmpp://127.0.0.1:$fakeport" \
	    -o xmpp.jid=cheersbot@localhost \
	    -o xmpp.password=file:"$tmp/password" -o xmpp.allow_plain=yes \
	    -o bot.state_file="$tmp/fake.db" "$@" \
	    < /dev/null > "$tmp/fake.out" 2> "$tmp/$log" &
	pid=$!
	i=0
	while ! grep -q "$until" "$tmp/$log" 2>/dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	sleep 0.5
	proc_stop "$pid"
	pid=""
	sleep 0.3
}

# A server that offers no STARTTLS: refused, no password sent.
$py "$dir/nostarttls.py" "$fakeport" "$tmp/fake.rec" &
fake=$!
wait_port "$fakeport"
fake_run fake.err "offers no STARTTLS"
if grep -q "offers no STARTTLS, and the bot does not log in" "$tmp/fake.err"; then
	ok
else
	bad "no-starttls: the bot did not refuse the server"
	tail -20 "$tmp/fake.err" | sed 's/^/  /'
fi
if [ -s "$tmp/fake.rec" ] && ! grep -q "<auth" "$tmp/fake.rec" &&
    ! grep -q "bot-secret-pw" "$tmp/fake.rec"; then ok; else
	bad "no-starttls: the bot sent <auth/> over a connection in clear"
fi
# With xmpp.allow_plaintext = yes (and PLAIN allowed) it does log in.
: > "$tmp/fake.rec"
fake_run plaintext.err "authenticating as" -o xmpp.allow_plaintext=yes
if grep -q "logging in without TLS, as xmpp.allow_plaintext says" \
    "$tmp/plaintext.err" && grep -q "<auth[^>]*mechanism='PLAIN'" \
    "$tmp/fake.rec"; then ok; else
	bad "allow_plaintext: the bot did not log in without STARTTLS"
fi

# XEP-0198 through the cutting proxy: answers in flight are not lost.
$py "$dir/cutproxy.py" "$proxyport" "$c2s" "$tmp/cut" &
proxy=$!
wait_port "$proxyport"
mode=sm
run sm "session resumed" \
    -o xmpp.url="xmpp://127.0.0.1:$proxyport" -o xmpp.correct=no \
    -o xmpp.ping_interval=10s
# Again with a server that forgets a lost session after a second, and
# a link that stays down for three: resumption fails, a new session is
# bound, and the answers in flight are sent on it, once.
stop_prosody "$tmp/prosody.pid"
proc_stop "$proxy"
i=0
while $py -c "import socket; socket.create_connection(('127.0.0.1', $c2s), 0.2)" 2>/dev/null && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
sed -i 's/^VirtualHost "localhost"/smacks_hibernation_time = 1\n&/' \
    "$tmp/prosody.cfg.lua"
rm -f "$tmp/prosody.pid" "$tmp/cut.swallowed"
$prosody -F --config "$tmp/prosody.cfg.lua" >> "$tmp/prosody.out" 2>&1 &
$py "$dir/cutproxy.py" "$proxyport" "$c2s" "$tmp/cut" 3 &
proxy=$!
if ! wait_port "$c2s" || ! wait_port "$proxyport"; then
	echo "c2s: FAIL: prosody did not start again"
	exit 1
fi
mode=sm-failed
run sm-failed "could not be resumed" \
    -o xmpp.url="xmpp://127.0.0.1:$proxyport" -o xmpp.correct=no \
    -o xmpp.ping_interval=10s

if [ $failed -ne 0 ]; then
	proc_log "c2s: prosody" "$tmp/prosody.log" 20
fi
echo "c2s: took $(($(date +%s) - start)) s"
echo "c2s: $passed passed, $failed failed"
[ $failed -eq 0 ]
