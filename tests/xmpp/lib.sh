# tests/xmpp/lib.sh: what the XMPP tests share; sourced, with $dir set
# to tests/xmpp (it sources tests/proc.sh).
. "$dir/../proc.sh"
#
# make_certs DIR SAN makes a test CA (DIR/ca.pem) and a certificate for
# localhost signed by it (DIR/localhost.crt and .key, with subjectAltName
# SAN); 0, or 1 with a line saying why.
make_certs() {
	openssl req -x509 -newkey rsa:2048 -nodes -days 2 \
	    -subj /CN=cheersbot-test-ca -keyout "$1/ca.key" -out "$1/ca.pem" \
	    > /dev/null 2>&1
	openssl req -newkey rsa:2048 -nodes -subj /CN=localhost \
	    -keyout "$1/localhost.key" -out "$1/localhost.csr" > /dev/null 2>&1
	printf 'subjectAltName=%s\n' "$2" > "$1/san.ext"
	openssl x509 -req -in "$1/localhost.csr" -CA "$1/ca.pem" \
	    -CAkey "$1/ca.key" -CAcreateserial -days 2 -extfile "$1/san.ext" \
	    -out "$1/localhost.crt" > /dev/null 2>&1
	if [ ! -s "$1/localhost.crt" ]; then
		echo "xmpp: FAIL: openssl could not make the test certificate"
		return 1
	fi
}

# register_accounts CONFIG registers the bot's and the players' accounts
# on localhost with prosodyctl; 0, or 1 with a line saying why.
register_accounts() {
	for acct in cheersbot:bot-secret-pw alice:alice-pw bob:bob-pw \
	    carol:carol-pw; do
		if ! /usr/bin/prosodyctl --config "$1" register "${acct%%:*}" \
		    localhost "${acct#*:}" > /dev/null 2>&1; then
			echo "xmpp: FAIL: prosodyctl register ${acct%%:*} failed"
			return 1
		fi
	done
}

# wait_port PORT waits up to 10 s for something to listen on
# 127.0.0.1:PORT; 0 once it does, else 1.
wait_port() {
	i=0
	while ! /usr/bin/python3 -c "import socket; socket.create_connection(('127.0.0.1', $1), 0.2)" 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
		[ $i -ge 100 ] && return 1
	done
	return 0
}

# stop_prosody PIDFILE stops the Prosody whose PID is in PIDFILE, if any
# (and if its command line names PIDFILE's directory: the PID is not
# someone else's since), and waits for it: it writes its data as it
# stops.  restart.sh may have started it, so it need not be our child.
stop_prosody() {
	[ -s "$1" ] || return 0
	# (Prosody removes the file as it stops: read it once.)
	p=$(cat "$1" 2>/dev/null)
	proc_stop_named "$p" "$(dirname "$1")"
	proc_stop "$p"
}

# prosody_begin SCRIPT LEVEL: begins $tmp/prosody.cfg.lua (its data in
# $tmp/data) as both XMPP suites' Prosody has it: written by SCRIPT, its
# files in $tmp, a log at LEVEL, loopback only, c2s on port $c2s.
prosody_begin() {
	mkdir -p "$tmp/data"
	cat > "$tmp/prosody.cfg.lua" <<EOF
-- Written by tests/xmpp/$1 for one test run.
pidfile = "$tmp/prosody.pid"
data_path = "$tmp/data"
certificates = "$tmp"
run_as_root = true
log = { { levels = { min = "$2" }, to = "file", filename = "$tmp/prosody.log" } }
interfaces = { "127.0.0.1" }
c2s_ports = { $c2s }
EOF
}

# prosody_end: ends $tmp/prosody.cfg.lua: hashed passwords, internal
# storage, the host localhost and its rooms.
prosody_end() {
	cat >> "$tmp/prosody.cfg.lua" <<EOF
authentication = "internal_hashed"
storage = "internal"
VirtualHost "localhost"
Component "rooms.localhost" "muc"
EOF
}

# xmpp_end NAME: stops Prosody, and removes $tmp or, with XMPP_TEST_KEEP
# set, keeps it and says so.
xmpp_end() {
	stop_prosody "$tmp/prosody.pid"
	if [ -n "${XMPP_TEST_KEEP:-}" ]; then echo "$1: kept $tmp"; else rm -rf "$tmp"; fi
}
