#!/bin/sh
# End-to-end test of the IRC adapter against a real InspIRCd 3 (Debian's
# inspircd package, which scripts/deps.sh installs), started on 127.0.0.1 on
# free ports with a private config dir and stopped by PID.  The bot talks
# IRC over TLS (ircs://, verified against a CA made here, irc.ca_file);
# the players (scenario.py, plain TCP IRC) play a whole CHEERS game
# through it: lobby, start, moves, a CHEERS, a win, with the recipe and
# hands only in private messages and no secret in the channel.  Mid-game
# InspIRCd is restarted: the bot reconnects, rejoins and the game goes
# on.  A nick squatter makes the bot take cheersbot_ (433); a KICK makes
# it join again.  Shorter runs go over wss:// with a server password
# (PASS) read from a file, and over plain irc:// (a warning in the log).
# Two runs must fail: a server whose certificate is for another name, and
# one whose CA is not trusted; each is refused with the reason in the log
# and retried with backoff.  A second InspIRCd, linked to Atheme services,
# holds real accounts: the bot logs in by SASL PLAIN, and a logged-in
# player changes nick mid-game and plays on while someone else takes her
# old nick (atheme.py).  Fake servers check how lines are framed on
# TCP (framing.py), seats bound to accounts (accounts.py) and SASL
# EXTERNAL with a client certificate (external.py).
#
#   tests/irc/run.sh build/cheersbot
set -u
dir=$(cd "$(dirname "$0")" && pwd)
. "$dir/../proc.sh"
proc_begin "$1"
cleanup() {
	proc_stop "$pid" KILL
	# InspIRCd may have been restarted by scenario.py: its PID is then
	# not a child of ours, but its command line names $tmp.
	for f in ircd.pid services-ircd.pid atheme.pid; do
		[ -s "$tmp/$f" ] && proc_stop_named "$(cat "$tmp/$f")" "$tmp" KILL
	done
	[ -n "${KEEP:-}" ] && echo "kept $tmp" || rm -rf "$tmp"
}
trap cleanup EXIT
start=$(date +%s)

# InspIRCd is Debian's, called by its full path (it is in /usr/sbin, which
# a user's PATH lacks); scripts/deps.sh installs it before the tests run.
# So is Atheme, the services InspIRCd is linked to (in /usr/bin).
inspircd=/usr/sbin/inspircd
atheme=/usr/bin/atheme-services
proc_need irc $inspircd $atheme || exit 1
if ! command -v openssl >/dev/null 2>&1; then
	echo "irc: FAIL: openssl is needed to make the test CA"
	exit 1
fi

# Free ports: plain IRC (players), websocket, websocket over TLS, IRC
# over TLS, and IRC over TLS with a certificate for another name; then
# plain IRC and the server link of the InspIRCd linked to Atheme.
set -- $(proc_ports 7)
plain=$1 ws=$2 wss=$3 tls=$4 tlsbad=$5 splain=$6 slink=$7

# A CA and a server certificate for localhost, made for this run.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=cheersbot-test-ca \
    -keyout "$tmp/ca.key" -out "$tmp/ca.pem" > /dev/null 2>&1
openssl req -newkey rsa:2048 -nodes -subj /CN=localhost \
    -keyout "$tmp/server.key" -out "$tmp/server.csr" > /dev/null 2>&1
printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' > "$tmp/san.ext"
openssl x509 -req -in "$tmp/server.csr" -CA "$tmp/ca.pem" -CAkey "$tmp/ca.key" \
    -CAcreateserial -days 2 -extfile "$tmp/san.ext" -out "$tmp/server.pem" \
    > /dev/null 2>&1
# A certificate of the same CA for another name, and another CA.
openssl req -newkey rsa:2048 -nodes -subj /CN=irc.wrong.test \
    -keyout "$tmp/wrong.key" -out "$tmp/wrong.csr" > /dev/null 2>&1
printf 'subjectAltName=DNS:irc.wrong.test\n' > "$tmp/wrong.ext"
openssl x509 -req -in "$tmp/wrong.csr" -CA "$tmp/ca.pem" -CAkey "$tmp/ca.key" \
    -CAcreateserial -days 2 -extfile "$tmp/wrong.ext" -out "$tmp/wrong.pem" \
    > /dev/null 2>&1
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=another-ca \
    -keyout "$tmp/other.key" -out "$tmp/other.pem" > /dev/null 2>&1
printf 'barkeep-secret\n' > "$tmp/ircpass"

# ircd_modules NAME...: the config lines that load these InspIRCd modules.
ircd_modules() {
	for m; do
		printf '<module name="%s">\n' "$m"
	done
}

# ircd_tail DIR: the end of the config of an InspIRCd run in $tmp/DIR:
# its main connect class, DNS, PID file and log.
ircd_tail() {
	cat <<EOF
<connect name="main" allow="*" timeout="20" pingfreq="2" threshold="1000"
    hardsendq="1048576" softsendq="262144" recvq="65536" localmax="100"
    globalmax="100" resolvehostnames="no" useident="no"
    commandrate="1000000" fakelag="no">
<dns timeout="1">
<pid file="$tmp/$1/inspircd.pid">
<log method="file" type="* -USERINPUT -USEROUTPUT" level="default"
    target="$tmp/$1/ircd.log">
EOF
}

mkdir "$tmp/ircd"
cat > "$tmp/ircd/inspircd.conf" <<EOF
<server name="irc.test" description="cheersbot test" network="CheersTest">
<admin name="test" nick="test" email="test@localhost">
$(ircd_modules sha1 websocket ssl_gnutls cap ircv3)
<websocket defaultmode="text">
<wsorigin allow="https://cheersbot.test">
<sslprofile name="test" provider="gnutls" certfile="$tmp/server.pem"
    keyfile="$tmp/server.key" requestclientcert="no">
<bind address="127.0.0.1" port="$plain" type="clients">
<bind address="127.0.0.1" port="$ws" type="clients" hook="websocket">
<sslprofile name="wrong" provider="gnutls" certfile="$tmp/wrong.pem"
    keyfile="$tmp/wrong.key" requestclientcert="no">
<bind address="127.0.0.1" port="$wss" type="clients" hook="websocket" sslprofile="test">
<bind address="127.0.0.1" port="$tls" type="clients" sslprofile="test">
<bind address="127.0.0.1" port="$tlsbad" type="clients" sslprofile="wrong">
<connect name="tls" allow="*" port="$wss" password="barkeep-secret"
    timeout="20" pingfreq="2" threshold="1000" hardsendq="1048576"
    softsendq="262144" recvq="65536" localmax="100" globalmax="100"
    resolvehostnames="no" useident="no" commandrate="1000000" fakelag="no">
EOF
ircd_tail ircd >> "$tmp/ircd/inspircd.conf"
ircd_flags="--config $tmp/ircd/inspircd.conf --nofork"
[ "$(id -u)" -eq 0 ] && ircd_flags="$ircd_flags --runasroot"
printf '%s\n' "$ircd_flags" > "$tmp/ircd.flags"

status=0
# InspIRCd may dump core as it shuts down; none belongs in the work tree.
ulimit -c 0
# shellcheck disable=SC2086
(cd "$tmp/ircd" && exec $inspircd $ircd_flags) > "$tmp/ircd.out" 2>&1 &
echo $! > "$tmp/ircd.pid"
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

# scenario.py first takes the bot's nick (a squatter) and says so in
# $tmp/squatted; then the bot starts and must settle for cheersbot_.
$py "$dir/scenario.py" game "$plain" "$tmp/bot.err" "$tmp/ircd.pid" \
    "$tmp/ircd.flags" "$tmp/squatted" &
scen=$!
i=0
while [ ! -e "$tmp/squatted" ] && [ $i -lt 100 ] && proc_running $scen; do
	sleep 0.1
	i=$((i + 1))
done
"$bot" -v -o console.enabled=no -o irc.enabled=yes \
    -o irc.url="ircs://localhost:$tls" -o irc.ca_file="$tmp/ca.pem" \
    -o irc.channels='#Cheers, #lounge' -o irc.send_rate=5ms -o irc.send_burst=10 \
    -o irc.ping_interval=1s \
    -o bot.state_file="$tmp/state.db" -o bot.seed=11 \
    -o tables.ai_delay=0 -o tables.turn_timer=20s -o tables.prompt_timer=20s \
    -o tables.timeouts_to_ai=0 \
    < /dev/null > "$tmp/bot.out" 2> "$tmp/bot.err" &
pid=$!
wait $scen || status=1

proc_end_bot irc

# wss:// with the test CA, and the server password from a file.
if [ $status -eq 0 ]; then
	"$bot" -v -o console.enabled=no -o irc.enabled=yes \
	    -o irc.url="wss://localhost:$wss/" \
	    -o irc.origin=https://cheersbot.test -o irc.ca_file="$tmp/ca.pem" \
	    -o irc.password=file:"$tmp/ircpass" -o irc.channels='#tls' \
	    -o irc.send_rate=5ms -o bot.state_file="$tmp/state.db" \
	    < /dev/null > "$tmp/bot.out" 2> "$tmp/bot.err" &
	pid=$!
	$py "$dir/scenario.py" tls "$plain" "$tmp/bot.err" "$tmp/ircd.pid" \
	    "$tmp/ircd.flags" || status=1
	proc_end_run "irc: FAIL: wss:// run's exit status"
fi
proc_unlogged irc "the password was logged" barkeep-secret "$tmp/bot.err"

# Plain irc://, allowed with a warning (here and in --check-config).
if [ $status -eq 0 ]; then
	"$bot" -v -o console.enabled=no -o irc.enabled=yes \
	    -o irc.url="irc://127.0.0.1:$plain" \
	    -o irc.password=file:"$tmp/ircpass" -o irc.channels='#tls' \
	    -o irc.send_rate=5ms -o bot.state_file="$tmp/plain.db" \
	    < /dev/null > "$tmp/bot.out" 2> "$tmp/bot.err" &
	pid=$!
	SCENARIO_URL=irc:// $py "$dir/scenario.py" tls "$plain" "$tmp/bot.err" \
	    "$tmp/ircd.pid" "$tmp/ircd.flags" || status=1
	proc_end_run "irc: FAIL: irc:// run's exit status"
	if ! grep -q "irc.url is not encrypted" "$tmp/bot.err"; then
		echo "irc: FAIL: no warning in the log for a plain irc:// URL"
		status=1
	fi
fi

# Accounts from real services: a second InspIRCd, linked to Atheme
# (Debian's atheme-services, its 1202 protocol module "inspircd", which
# InspIRCd 3 still links with).  atheme.py waits for the link, registers
# the accounts with NickServ, then a logged-in player changes nick
# mid-game and plays on.  Atheme has no objection to root, so it runs as
# whoever runs the tests, in the foreground (-n), its config, database
# and log in $tmp/atheme.
if [ $status -eq 0 ]; then
	mkdir "$tmp/sircd" "$tmp/atheme"
	cat > "$tmp/sircd/inspircd.conf" <<EOF
<server name="irc.test" description="cheersbot test" network="CheersTest"
    id="1CB">
<admin name="test" nick="test" email="test@localhost">
$(ircd_modules cap ircv3 ircv3_accounttag monitor sasl services_account \
    spanningtree)
<bind address="127.0.0.1" port="$splain" type="clients">
<bind address="127.0.0.1" port="$slink" type="servers">
<link name="services.test" ipaddr="127.0.0.1" port="$slink"
    allowmask="127.0.0.1/32" sendpass="link-secret" recvpass="link-secret">
<uline server="services.test" silent="yes">
<sasl target="services.test">
EOF
	ircd_tail sircd >> "$tmp/sircd/inspircd.conf"
	cat > "$tmp/atheme/atheme.conf" <<EOF
loadmodule "modules/protocol/inspircd";
loadmodule "modules/backend/opensex";
loadmodule "modules/crypto/pbkdf2v2";
loadmodule "modules/nickserv/main";
loadmodule "modules/nickserv/register";
loadmodule "modules/nickserv/identify";
loadmodule "modules/saslserv/main";
loadmodule "modules/saslserv/plain";
pbkdf2v2 { };
serverinfo {
	name = "services.test";
	desc = "cheersbot test services";
	numeric = "0AT";
	recontime = 1;
	netname = "CheersTest";
	hidehostsuffix = "users.test";
	adminname = "test";
	adminemail = "test@localhost";
	registeremail = "test@localhost";
	mta = "/bin/false";
	loglevel = { error; info; admin; network; };
	maxlogins = 5;
	maxusers = 5;
	mdlimit = 30;
	emaillimit = 10;
	emailtime = 300;
	auth = none;
	casemapping = rfc1459;
};
uplink "irc.test" {
	host = "127.0.0.1";
	port = $slink;
	password = "link-secret";
};
nickserv {
	nick = "NickServ";
	user = "NickServ";
	host = "services.test";
	real = "Nickname Services";
	maxnicks = 5;
	expire = 30;
};
saslserv {
	nick = "SaslServ";
	user = "SaslServ";
	host = "services.test";
	real = "SASL Authentication Agent";
};
general {
	ratelimit_uses = 1000;
	ratelimit_period = 60;
	commit_interval = 5;
	uplink_sendq_limit = 1048576;
	language = "en";
};
EOF
	sircd_flags="--config $tmp/sircd/inspircd.conf --nofork"
	[ "$(id -u)" -eq 0 ] && sircd_flags="$sircd_flags --runasroot"
	# shellcheck disable=SC2086
	(cd "$tmp/sircd" && exec $inspircd $sircd_flags) \
	    > "$tmp/sircd.out" 2>&1 &
	echo $! > "$tmp/services-ircd.pid"
	(cd "$tmp/atheme" && exec $atheme -n -c "$tmp/atheme/atheme.conf" \
	    -D "$tmp/atheme" -l "$tmp/atheme/atheme.log" \
	    -p "$tmp/atheme/atheme.pid") > "$tmp/atheme.out" 2>&1 &
	echo $! > "$tmp/atheme.pid"
	printf 'barkeep-pw\n' > "$tmp/botpass"
	# atheme.py waits for the link; once the bot's account is registered
	# it says so in $tmp/accounts, and the bot starts.
	: > "$tmp/bot.err"
	$py "$dir/atheme.py" "$splain" "$tmp/bot.err" "$tmp/accounts" &
	scen=$!
	i=0
	while [ ! -e "$tmp/accounts" ] && [ $i -lt 300 ] &&
	    proc_running $scen; do
		sleep 0.1
		i=$((i + 1))
	done
	# Without the accounts (no link, say) atheme.py has failed already.
	if [ -e "$tmp/accounts" ]; then
		"$bot" -v -o console.enabled=no -o irc.enabled=yes \
		    -o irc.url="irc://127.0.0.1:$splain" -o irc.channels='#bar' \
		    -o irc.sasl=yes -o irc.password=file:"$tmp/botpass" \
		    -o irc.send_rate=5ms -o irc.send_burst=20 \
		    -o bot.state_file="$tmp/atheme.db" -o bot.seed=7 \
		    -o tables.ai_delay=0 -o tables.turn_timer=60s \
		    -o tables.prompt_timer=60s -o tables.timeouts_to_ai=0 \
		    < /dev/null > "$tmp/bot.out" 2> "$tmp/bot.err" &
		pid=$!
	fi
	wait $scen || status=1
	if [ -n "$pid" ]; then
		proc_stop "$pid" ||
		    { echo "irc: FAIL: the services run's exit status"; status=1; }
		pid=""
	fi
	# Atheme and InspIRCd stop on SIGTERM; stopped, they are forgotten.
	for f in atheme.pid services-ircd.pid; do
		proc_stop "$(cat "$tmp/$f")"
		rm -f "$tmp/$f"
	done
	proc_unlogged irc "the SASL password was logged" barkeep-pw \
	    "$tmp/bot.err"
	if [ $status -ne 0 ]; then
		proc_log "irc: atheme" "$tmp/atheme.out" 20
	fi
fi

# The fake servers (framing.py, accounts.py, external.py): each listens
# on a free port it writes to $tmp/fake.port and checks the bot it gets.
# fake_start <script> [its arguments...]: starts one; $fport is its port.
fake_start() {
	script=$1
	shift
	rm -f "$tmp/fake.port"
	$py "$dir/$script" "$tmp/fake.port" "$tmp/bot.err" "$@" &
	fake=$!
	proc_until 10 test -s "$tmp/fake.port"
	fport=$(cat "$tmp/fake.port" 2>/dev/null)
}
# fake_bot <name> <bot -o options...>: the bot against it, until it ends.
fake_bot() {
	name=$1
	shift
	"$bot" -v -o console.enabled=no -o irc.enabled=yes \
	    -o irc.channels='#f' -o bot.state_file="$tmp/$name.db" "$@" \
	    < /dev/null > "$tmp/bot.out" 2> "$tmp/bot.err" &
	pid=$!
	wait $fake || status=1
	proc_end_run "irc: FAIL: $name run's exit status"
}

# Framing on TCP (framing.py): lines split across reads, several in one
# read, 8191 bytes of tags, an over-long line dropped.
if [ $status -eq 0 ]; then
	fake_start framing.py
	fake_bot framing -o irc.url="irc://127.0.0.1:$fport" \
	    -o irc.send_rate=5ms
fi

# Seats bound to accounts, against a fake server that tells accounts
# (accounts.py).
if [ $status -eq 0 ]; then
	fake_start accounts.py
	fake_bot accounts -o irc.url="irc://127.0.0.1:$fport" \
	    -o irc.send_rate=5ms -o irc.send_burst=20 -o bot.seed=5 \
	    -o tables.ai_delay=0
fi

# SASL EXTERNAL with a client certificate, against a fake TLS server
# (external.py) that asks for one.
if [ $status -eq 0 ]; then
	openssl req -newkey rsa:2048 -nodes -subj /CN=cheersbot-client \
	    -keyout "$tmp/client.key" -out "$tmp/client.csr" > /dev/null 2>&1
	openssl x509 -req -in "$tmp/client.csr" -CA "$tmp/ca.pem" \
	    -CAkey "$tmp/ca.key" -CAcreateserial -days 2 \
	    -out "$tmp/client.pem" > /dev/null 2>&1
	fake_start external.py "$tmp/server.pem" "$tmp/server.key" \
	    "$tmp/ca.pem" cheersbot-client
	fake_bot external -o irc.url="ircs://localhost:$fport" \
	    -o irc.ca_file="$tmp/ca.pem" -o irc.client_cert="$tmp/client.pem" \
	    -o irc.client_key="$tmp/client.key" -o irc.sasl=yes
fi

# TLS that must fail: refused with the reason, then retried with backoff.
# refused <what the log must say> <irc.url> <irc.ca_file> <a name for the run>
refused() {
	# Emptied here first: the bot's own 2> empties it only once it has
	# forked, and the last run's three "reconnecting in" lines must not
	# end the wait below before this bot has started.
	: > "$tmp/bot.err"
	"$bot" -v -o console.enabled=no -o irc.enabled=yes -o irc.url="$2" \
	    -o irc.ca_file="$3" -o irc.channels='#tls' \
	    -o bot.state_file="$tmp/refused-$4.db" \
	    < /dev/null > "$tmp/bot.out" 2> "$tmp/bot.err" &
	pid=$!
	i=0
	while [ "$(grep -c "reconnecting in" "$tmp/bot.err")" -lt 3 ] &&
	    [ $i -lt 200 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	proc_stop "$pid"
	pid=""
	n=$(grep -c "irc: cannot connect to tls://localhost:.*$1" "$tmp/bot.err")
	if [ "$n" -lt 3 ]; then
		echo "irc: FAIL: $2 with $3: not refused 3 times with \"$1\""
		tail -5 "$tmp/bot.err"
		status=1
	elif grep -q "registered as\|connected to" "$tmp/bot.err"; then
		echo "irc: FAIL: $2 with $3: the bot got through"
		status=1
	else
		echo "irc: ok: $2 refused: $1, and retried with backoff"
	fi
	# The delays grow: the third is longer than the first.
	$py - "$tmp/bot.err" <<'PY' || status=1
import re, sys
ms = [int(m) for m in re.findall(r"reconnecting in (\d+) ms",
                                 open(sys.argv[1]).read())]
if len(ms) < 3 or not (500 <= ms[0] <= 1000 and 2000 <= ms[2] <= 4000):
    print("irc: FAIL: the retries do not back off: %s" % ms)
    sys.exit(1)
PY
}
if [ $status -eq 0 ]; then
	refused "the certificate of localhost is refused: hostname mismatch" \
	    "ircs://localhost:$tlsbad" "$tmp/ca.pem" name
	refused "the certificate of localhost is refused: unable to get local issuer certificate" \
	    "ircs://localhost:$tls" "$tmp/other.pem" ca
fi
proc_unlogged irc "the password was logged" barkeep-secret "$tmp/bot.err"
if [ $status -ne 0 ]; then
	proc_log "irc: bot" "$tmp/bot.err" 40
	proc_log "irc: inspircd" "$tmp/ircd/ircd.log" 20
fi
echo "irc: scenario took $(($(date +%s) - start)) s"
exit $status
