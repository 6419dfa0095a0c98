#!/bin/sh
# Service tests: the daemon as systemd runs it.
#
#   - the unit passes systemd-analyze verify (on a copy whose ExecStart
#     is the binary under test, since nothing is installed here), and its
#     systemd-analyze security exposure is at most 2.0;
#   - the unit starts with only the Slack tokens in place (its
#     credentials set up as systemd documents them), and an enabled
#     platform without its secret is refused by name;
#   - with a fake $NOTIFY_SOCKET (a path, and an abstract "@" name) the bot
#     says READY=1, STATUS= with its tables, WATCHDOG=1 at the asked pace,
#     and STOPPING=1 on SIGTERM and at the console's end of input;
#   - SIGTERM in mid-game exits 0 with the state file flushed, and a
#     restart shows the same game with every move;
#   - SIGHUP re-reads timers and admins without dropping a table;
#   - --list-tables works beside a running bot, --end-table refuses to;
#   - make install DESTDIR=... lays out the files (the docs and the rules
#     of all four games too, their links working), make uninstall removes
#     them;
#   - the README's service steps, as written, with its Discord example:
#     the installed unit's bot, run as a dynamic user would be, starts
#     and uses the token; a file: token there fails and names
#     credential:discord.token; every credential the docs name is loaded
#     by the unit, and operations.md lists each;
#   - the log of a whole scripted game, with a Discord token loaded as a
#     credential, holds no token, no recipe and no hand, and every log
#     line carries a journald priority.
#
#   tests/systemd/run.sh build/cheersbot
set -u
bot=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
build=$(dirname "$bot")
top=$(cd "$(dirname "$0")/../.." && pwd)
py=/usr/bin/python3
name=systemd
. "$top/tests/lib.sh"

# Waits up to 10 s for process $1 to end, then reaps it; its status is in
# $rc (124 when it did not end).
wait_exit() {
	if ! proc_wait "$1" 10; then
		rc=124
		proc_stop "$1" KILL
		return
	fi
	wait "$1"
	rc=$?
}

# creds_load UNIT LIST ROOT DIR: the credentials of unit file UNIT as
# systemd hands them to it, one file each in DIR: for each "ID PATH" line
# of LIST (its LoadCredential=ID:PATH), ROOT followed by PATH, copied
# when it can be read, or else the unit's SetCredential=ID: value (C
# escapes); with neither, says why and fails.
creds_load() {
	while read -r id path; do
		if [ -r "$3$path" ]; then
			cp "$3$path" "$4/$id"
			continue
		fi
		value=$(sed -n "s|^SetCredential=$id:||p" "$1")
		if [ -z "$value" ]; then
			echo "systemd would not start the unit: $path is missing"
			return 1
		fi
		printf '%b' "$value" > "$4/$id"
	done < "$2"
}

# Starts the notification listener on socket $1, logging to $2.
listen() {
	"$py" "$top/tests/systemd/notify_listen.py" "$1" "$2" &
	pids="$pids $!"
	listener=$!
	proc_until 5 test -e "$2"
}

# Prints the lines of output file $1 that answer input line $2, which
# console.echo shows as "> $2": from after its echo to the next echo.
answer() {
	awk -v cmd="> $2" '$0 == cmd { on = 1; next } /^> / { on = 0 } on' "$1"
}

# --- the unit file
unit="$top/systemd/cheersbot.service"
if command -v systemd-analyze >/dev/null 2>&1; then
	mkdir unit
	sed "s|^ExecStart=/usr/local/bin/cheersbot|ExecStart=$bot|" "$unit" \
	    > unit/cheersbot.service
	systemd-analyze verify unit/cheersbot.service > verify.out 2>&1
	rc=$?
	[ $rc -eq 0 ] && [ ! -s verify.out ] && ok ||
	    { bad "systemd-analyze verify (exit $rc):"; sed 's/^/  /' verify.out; }
	systemd-analyze security --offline=yes unit/cheersbot.service \
	    > security.out 2>&1
	exposure=$(sed -n 's/.*Overall exposure level for cheersbot.service: \([0-9.]*\).*/\1/p' \
	    security.out)
	echo "systemd: security exposure ${exposure:-unknown} (at most 2.0)"
	[ -n "$exposure" ] && awk -v e="$exposure" 'BEGIN { exit !(e <= 2.0) }' &&
	    ok || { bad "exposure ${exposure:-unknown} is over 2.0:";
	    grep '✗' security.out | sed 's/^/  /'; }
else
	bad "systemd-analyze is not installed (Debian package systemd)"
fi
expect "the unit is Type=notify with a watchdog" \
    grep -q '^Type=notify$' "$unit"
expect "the unit sets WatchdogSec=" grep -q '^WatchdogSec=' "$unit"
expect "the unit loads the token as a credential" \
    grep -q '^LoadCredential=discord.token:' "$unit"

# --- the unit starts with only the secrets of the platforms in use.
# systemd is not PID 1 here, so the unit's credentials are set up as
# systemd 252 documents them (systemd.exec(5)): a LoadCredential=ID:PATH
# whose file cannot be read takes the value of SetCredential=ID:VALUE
# (C escapes), and without one the unit does not start.  Then the unit's
# ExecStart runs, as systemd would, with $CREDENTIALS_DIRECTORY and
# $NOTIFY_SOCKET, until READY=1.  Prints why when the unit would not
# start.  Paths under /etc/cheersbot are under $tmp/etc/cheersbot.
unit_start() {
	rm -rf creds.unit
	mkdir creds.unit
	sed -n 's|^LoadCredential=\([^:]*\):/etc/|\1 etc/|p' "$unit" > load.list
	creds_load "$unit" load.list "" creds.unit || return 1
	cmd=$(sed -n 's|^ExecStart=/usr/local/bin/cheersbot ||p' "$unit" |
	    sed "s|/etc/cheersbot|$tmp/etc/cheersbot|g")
	rm -f unit.notify
	listen "$tmp/unit.sock" unit.notify
	# shellcheck disable=SC2086
	CREDENTIALS_DIRECTORY="$tmp/creds.unit" NOTIFY_SOCKET="$tmp/unit.sock" \
	    "$bot" $cmd -o bot.state_file=unit.db < /dev/null > unit.out \
	    2> unit.err &
	unitpid=$!
	pids="$pids $unitpid"
	i=0
	while ! grep -q '^READY=1' unit.notify && proc_running $unitpid &&
	    [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if ! grep -q '^READY=1' unit.notify; then
		echo "the unit's bot did not say READY=1:"
		sed 's/^/  /' unit.err
		proc_stop $unitpid KILL
		proc_stop $listener
		return 1
	fi
	proc_signal $unitpid TERM
	wait_exit $unitpid
	proc_stop $listener
	[ $rc -eq 0 ] || { echo "the unit's bot exits $rc"; return 1; }
}
mkdir -p etc/cheersbot
cat > etc/cheersbot/cheersbot.conf <<CONF
[slack]
enabled = yes
app_token = credential:slack-app.token
bot_token = credential:slack-bot.token
api_base = http://127.0.0.1:9/api
CONF
printf 'xapp-test\n' > etc/cheersbot/slack-app.token
printf 'xoxb-test\n' > etc/cheersbot/slack-bot.token
unit_start > unit.why 2>&1 && ok ||
    { bad "the unit does not start with only the Slack tokens:";
    sed 's/^/  /' unit.why; }
expect "the unit's Slack-only bot starts Slack" \
    grep -q 'STATUS=.*; slack: started' unit.notify
# An enabled platform whose file is missing is refused, by name.
rm etc/cheersbot/slack-bot.token
unit_start > unit.why 2>&1 && bad "the unit starts without the Slack bot token" ||
    ok
expect "a missing secret of an enabled platform is named" \
    grep -q 'slack.bot_token is empty' unit.err

# --- notifications on a socket path, with the watchdog at 100 ms
mkfifo in
listen "$tmp/notify.sock" notify.log
NOTIFY_SOCKET="$tmp/notify.sock" WATCHDOG_USEC=100000 "$bot" \
    -o bot.state_file=n.db -o console.echo=yes < in > out 2> err &
pid=$!
pids="$pids $pid"
exec 3> in
expect "READY=1 with a first STATUS=" \
    wait_for '^READY=1 \| STATUS=0 tables open \(0 playing\); console: started$' \
    notify.log
printf 'alice: /cheers new\n' >&3
expect "STATUS= follows the tables" \
    wait_for '^STATUS=1 table open \(0 playing\); console: started$' notify.log
sleep 0.6
n=$(grep -c '^WATCHDOG=1$' notify.log)
[ "$n" -ge 5 ] && ok || bad "WATCHDOG=1 every 50 ms (only $n in 0.6 s)"
expect "--list-tables works beside the running bot" \
    sh -c "'$bot' -o bot.state_file=n.db --list-tables | grep -q '^1 .*console .*#bar .*cheers .*lobby .*alice\$'"
"$bot" -o bot.state_file=n.db --end-table 1 > end.out 2>&1
[ $? -ne 0 ] && ok || bad "--end-table is refused while the bot runs"
expect "--end-table says why it refuses" \
    grep -q 'a cheersbot is running on this state file' end.out
"$bot" -o bot.state_file=n.db < /dev/null > out2 2> err2
[ $? -ne 0 ] && ok || bad "a second bot on the same state file is refused"
expect "the second bot says why" grep -q 'another cheersbot is using' err2
proc_signal $pid TERM
wait_exit $pid
exec 3>&-
[ $rc -eq 0 ] && ok || bad "SIGTERM exits 0 (got $rc)"
expect "STOPPING=1 on SIGTERM" wait_for '^STOPPING=1 \| STATUS=stopping; ' notify.log
expect "--end-table works once the bot is gone" \
    sh -c "'$bot' -o bot.state_file=n.db --end-table 1 | grep -q '^Ended table 1 (console #bar)'"
expect "the ended table is gone" \
    sh -c "'$bot' -o bot.state_file=n.db --list-tables | grep -q '^No open tables'"
printf 'alice: /cheers status\n' | "$bot" -o bot.state_file=n.db > out3 2> err3
expect "a restarted bot does not bring the ended table back" \
    grep -q 'There is no table in #bar' out3
proc_stop $listener

# --- an abstract socket; the console's end of input also says STOPPING=1;
# a WATCHDOG_PID naming another process means no pets.
listen "@cheersbot-test-$$" abstract.log
printf 'alice: /cheers new\n' | NOTIFY_SOCKET="@cheersbot-test-$$" \
    WATCHDOG_USEC=50000 WATCHDOG_PID=1 "$bot" -o bot.state_file=a.db \
    > out 2> err
rc=$?
[ $rc -eq 0 ] && ok || bad "the bot on an abstract socket exits 0 (got $rc)"
expect "READY=1 on an abstract socket" wait_for '^READY=1 ' abstract.log
expect "STOPPING=1 at the end of input" wait_for '^STOPPING=1 ' abstract.log
grep -q '^WATCHDOG=1' abstract.log && bad "WATCHDOG_PID=1 still got pets" || ok
proc_stop $listener
NOTIFY_SOCKET=relative "$bot" -o bot.state_file=r.db < /dev/null > out 2> err
rc=$?
[ $rc -eq 0 ] && ok || bad "a bad NOTIFY_SOCKET does not stop the bot (got $rc)"
expect "a bad NOTIFY_SOCKET is logged as an error" \
    grep -q '^<3>NOTIFY_SOCKET must be a path' err

# --- SIGTERM in mid-game, then a restart: nothing is lost
rm -f in
mkfifo in
game="--fake-clock -o bot.state_file=g.db -o bot.seed=7 -o tables.ai_delay=0 -o console.echo=yes"
# shellcheck disable=SC2086
"$bot" $game < in > g1.out 2> g1.err &
pid=$!
pids="$pids $pid"
exec 3> in
printf 'alice: /cheers new\nalice: /cheers addbot 3\nalice: /cheers start\n' >&3
# Time runs out for alice once: the AI moves for her, and the game goes on
# (with this seed, to her next turn).
printf ':wait 6m\nalice: /cheers status\n' >&3
expect "the game runs" wait_for '^> alice: /cheers status$' g1.out
sleep 0.5
moves=$("$py" -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("select count(*) from moves").fetchone()[0])' g.db)
[ "$moves" -gt 4 ] && ok || bad "moves were made before SIGTERM ($moves)"
proc_signal $pid TERM
wait_exit $pid
exec 3>&-
[ $rc -eq 0 ] && ok || bad "SIGTERM in mid-game exits 0 (got $rc)"
expect "SIGTERM is logged" grep -q '^<6>SIGTERM: shutting down' g1.err
[ ! -s g.db-wal ] && ok || bad "the write-ahead log is checkpointed at exit"
after=$("$py" -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("select count(*) from moves").fetchone()[0])' g.db)
[ "$after" = "$moves" ] && ok || bad "moves after SIGTERM: $after, before: $moves"
answer g1.out 'alice: /cheers status' > before
expect "the game is still running at SIGTERM" grep -q "@alice's turn" before
# shellcheck disable=SC2086
printf 'alice: /cheers status\n' | "$bot" $game > g2.out 2> g2.err
answer g2.out 'alice: /cheers status' > after
expect "the restart restores the table" grep -q '^<6>restored 1 table ' g2.err
[ -s before ] && cmp -s before after && ok ||
    { bad "status after the restart differs:"; diff before after | head -20; }

# --- SIGHUP: new timers and admins, and the open table stays
rm -f in
mkfifo in
printf '[tables]\nturn_timer = 5m\n' > hup.conf
"$bot" -c hup.conf -o bot.state_file=h.db -o console.echo=yes < in > h.out \
    2> h.err &
pid=$!
pids="$pids $pid"
exec 3> in
printf 'alice: /cheers new\nalice: /cheers settings\n' >&3
expect "the first table has the file's turn timer" \
    wait_for '^\[ephemeral @alice\] Settings: turn_timer=5m ' h.out
printf '[bot]\nadmins = console:carol\n[tables]\nturn_timer = 7m\n' > hup.conf
proc_signal $pid HUP
expect "SIGHUP re-reads the file" wait_for 're-read hup.conf' h.err
printf 'bob #lounge: /cheers new\nbob #lounge: /cheers settings\n' >&3
expect "a table opened after SIGHUP has the new turn timer" \
    wait_for '^\[ephemeral @bob\] Settings: turn_timer=7m ' h.out
printf 'alice: /cheers status\n' >&3
expect "the table opened before SIGHUP is still there" \
    wait_for '^\[#bar\] CHEERS lobby .*Host: alice' h.out
printf 'carol: /cheers end\n' >&3
expect "an admin added by SIGHUP may end any table" \
    wait_for '^\[#bar\] @carol ended the CHEERS table' h.out
proc_signal $pid TERM
wait_exit $pid
exec 3>&-
[ $rc -eq 0 ] && ok || bad "SIGTERM after SIGHUP exits 0 (got $rc)"

# --- make install and make uninstall into a staging directory
root="$tmp/root"
make -C "$top" --no-print-directory BUILD="$build" DESTDIR="$root" \
    PREFIX=/usr install > install.out 2>&1 ||
    { bad "make install failed:"; tail -5 install.out; }
for f in usr/bin/cheersbot usr/lib/systemd/system/cheersbot.service \
    etc/cheersbot/cheersbot.conf.example usr/share/doc/cheersbot/README.md; do
	[ -f "$root/$f" ] && ok || bad "make install did not install /$f"
done
# The rules of every game the README links, and every page of docs/, go
# in beside the README, with every link among them still working.
for g in cheers fwb cosdrink magic; do
	f=usr/share/doc/cheersbot/game/$g/README.md
	[ -f "$root/$f" ] && ok || bad "make install did not install /$f"
done
# (One check, however many pages docs/ holds.)
missing=""
for f in "$top"/docs/*.md; do
	f=usr/share/doc/cheersbot/docs/$(basename "$f")
	[ -f "$root/$f" ] || missing="$missing /$f"
done
[ -z "$missing" ] && ok || bad "make install did not install:$missing"
for f in "$root"/usr/share/doc/cheersbot/README.md \
    "$root"/usr/share/doc/cheersbot/docs/*.md; do
	grep -o '](\([^)#]*\)' "$f" | sed 's/^](//' | grep -v ':' |
	    while read -r l; do
		[ -e "$(dirname "$f")/$l" ] || echo "${f#"$root"}: $l"
	done
done > links.bad
[ ! -s links.bad ] && ok ||
    { bad "installed docs link to files not installed:"; sed 's/^/  /' links.bad; }
expect "the installed binary runs" \
    sh -c "'$root/usr/bin/cheersbot' --version | grep -q '^cheersbot '"
expect "the installed unit starts the installed binary" \
    grep -q '^ExecStart=/usr/bin/cheersbot -c /etc/cheersbot/cheersbot.conf ' \
    "$root/usr/lib/systemd/system/cheersbot.service"
expect "the installed example config checks clean" \
    sh -c "'$bot' -c '$root/etc/cheersbot/cheersbot.conf.example' --check-config > /dev/null"
echo '# mine' > "$root/etc/cheersbot/cheersbot.conf"
make -C "$top" --no-print-directory BUILD="$build" DESTDIR="$root" \
    PREFIX=/usr install > install.out 2>&1
expect "make install leaves an existing cheersbot.conf alone" \
    grep -q '^# mine$' "$root/etc/cheersbot/cheersbot.conf"
make -C "$top" --no-print-directory BUILD="$build" DESTDIR="$root" \
    PREFIX=/usr uninstall > uninstall.out 2>&1 ||
    { bad "make uninstall failed:"; tail -5 uninstall.out; }
left=$(cd "$root" && find . -type f | sort | tr '\n' ' ')
[ "$left" = "./etc/cheersbot/cheersbot.conf " ] && ok ||
    bad "make uninstall left: $left"

# --- the README's service steps, as written, with Discord: make install
# (into $svc), its "sudo cp" of the example config, its editor step (the
# README's [discord] example put into the copy), its "sudo install -m
# 0600 /dev/stdin" of the token, then the installed unit started as
# systemd would start it: the credentials read as root, the bot as the
# dynamic user, in its state directory, umask 0077.  The bot must start
# and use the token.  Paths under /etc/cheersbot and /usr/local are under
# $svc.  Run as root, the dynamic user is a uid of systemd's DynamicUser=
# range that no account has, and root's 0600 token is unreadable to it;
# run as another user, the secret files are made unreadable (mode 0) to
# the bot instead, which is what they are to a dynamic user.
svc="$tmp/svc"
doc=/usr/local/share/doc/cheersbot
dyn=""
if [ "$(id -u)" -eq 0 ]; then
	for u in $(seq 61184 61284); do
		getent passwd "$u" > /dev/null || { dyn=$u; break; }
	done
	chmod 0711 "$tmp"	# the dynamic user reaches $svc, as / and /usr
fi
make -C "$top" --no-print-directory BUILD="$build" DESTDIR="$svc" \
    install > svc-install.out 2>&1 ||
    { bad "make install DESTDIR=$svc failed:"; tail -5 svc-install.out; }
sed -n '/^## Run it as a service/,/^## [^R]/p' "$svc$doc/README.md" |
    sed -n 's/^    sudo \(cp\|install\) \(.*\)/\1 \2/p' | sed 's/ *#.*//' |
    sed "s|/etc/cheersbot|$svc/etc/cheersbot|g" > svc.steps
[ "$(wc -l < svc.steps)" -eq 2 ] && ok ||
    { bad "the README's service steps are not one cp and one install:";
    sed 's/^/  /' svc.steps; }
token="cheersbot-svc-token-$$"
while read -r step; do
	# shellcheck disable=SC2086
	printf '%s\n' "$token" | $step || bad "the README's step failed: $step"
done < svc.steps
awk '/^ +\[discord\]$/ && !on { on = 1; next }
    on && !/^ +[a-z_]+ = / { exit }
    on { sub(/^ +/, ""); print }' "$svc$doc/README.md" |
    sed "s|/etc/cheersbot|$svc/etc/cheersbot|g" > svc.discord
[ -s svc.discord ] && ok || bad "the README has no [discord] example"
conf="$svc/etc/cheersbot/cheersbot.conf"
awk 'NR == FNR { k = $1; want[k] = $0; next }
    /^\[/ { sec = $0 }
    sec == "[discord]" && ($1 in want) && $2 == "=" { print want[$1]; next }
    { print }' svc.discord "$conf" > svc.conf && cat svc.conf > "$conf"
expect "the README's [discord] example is in the config" \
    grep -q '^enabled = yes$' "$conf"
if [ -n "$dyn" ]; then
	expect "the token is installed 0600, root's" \
	    sh -c "[ \"\$(stat -c '%a %U' '$svc/etc/cheersbot/discord.token')\" = '600 root' ]"
else
	# Run as a user, install makes the file that user's: still 0600.
	expect "the token is installed 0600" \
	    sh -c "[ \"\$(stat -c '%a' '$svc/etc/cheersbot/discord.token')\" = 600 ]"
fi
# The stand-in for Discord's REST API writes down the Authorization
# header of each request and answers 503, so the bot retries.
cat > fake_rest.py <<'PY'
import http.server, sys
class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        with open(sys.argv[2], "a") as f:
            f.write("%s\n" % self.headers.get("Authorization", ""))
        self.send_response(503)
        self.send_header("Content-Length", "0")
        self.end_headers()
    do_POST = do_PUT = do_PATCH = do_GET
    def log_message(self, *args):
        pass
s = http.server.HTTPServer(("127.0.0.1", 0), H)
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write("%d\n" % s.server_address[1])
import os; os.rename(sys.argv[1] + ".tmp", sys.argv[1])
s.serve_forever()
PY
"$py" fake_rest.py rest.port rest.auth &
pids="$pids $!"
rest=$!
proc_until 10 test -s rest.port
port=$(cat rest.port 2>/dev/null)
# Starts the installed unit as above until READY=1 and its first REST
# request, then stops it: 0, or 1 with why on stdout.  Its log is in
# svc.err.
svc_start() {
	unitf="$svc/usr/local/lib/systemd/system/cheersbot.service"
	creds="$svc/run/credentials/cheersbot.service"
	state="$svc/var/lib/cheersbot"
	rm -rf "$creds" "$state"
	mkdir -p "$creds" "$state"
	sed -n 's|^LoadCredential=\([^:]*\):\(/.*\)|\1 \2|p' "$unitf" > svc.load
	creds_load "$unitf" svc.load "$svc" "$creds" || return 1
	cmd=$(sed -n 's|^ExecStart=||p' "$unitf" |
	    sed -e "s|^/usr/local/|$svc/usr/local/|" \
	    -e "s|/etc/cheersbot|$svc/etc/cheersbot|g")
	as=""
	if [ -n "$dyn" ]; then
		chown -R "$dyn:$dyn" "$creds" "$state"
		chmod 0500 "$creds"
		chmod 0400 "$creds"/*
		chmod 0700 "$state"
		as="setpriv --reuid=$dyn --regid=$dyn --clear-groups --no-new-privs --inh-caps=-all --bounding-set=-all"
	else
		chmod 0 "$svc"/etc/cheersbot/*.token "$svc"/etc/cheersbot/*.password \
		    2>/dev/null
	fi
	rm -f svc.notify rest.auth
	listen "@cheersbot-svc-$$" svc.notify
	# shellcheck disable=SC2086
	(cd "$state" && umask 0077 && exec env CREDENTIALS_DIRECTORY="$creds" \
	    NOTIFY_SOCKET="@cheersbot-svc-$$" $as $cmd \
	    -o discord.api_base="http://127.0.0.1:$port/api/v10") \
	    < /dev/null > svc.out 2> svc.err &
	svcpid=$!
	pids="$pids $svcpid"
	i=0
	while { ! grep -q '^READY=1' svc.notify || [ ! -s rest.auth ]; } &&
	    kill -0 $svcpid 2>/dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ -z "$dyn" ] && chmod 0600 "$svc"/etc/cheersbot/*.token \
	    "$svc"/etc/cheersbot/*.password 2>/dev/null
	if ! grep -q '^READY=1' svc.notify; then
		echo "the service did not say READY=1:"
		sed 's/^/  /' svc.err
		proc_stop "$svcpid" KILL
		proc_stop "$listener"
		return 1
	fi
	proc_signal "$svcpid" TERM
	wait_exit "$svcpid"
	proc_stop "$listener"
	[ $rc -eq 0 ] || { echo "the service exits $rc"; return 1; }
}
svc_start > svc.why 2>&1 && ok ||
    { bad "the service does not start as the README says:"; sed 's/^/  /' svc.why; }
expect "the service uses the token the README installed" \
    grep -qsx "Bot $token" rest.auth
# A file: secret the dynamic user cannot read: start-up names the fix.
sed -i "s|^token = .*|token = file:$svc/etc/cheersbot/discord.token|" "$conf"
svc_start > svc.why 2>&1 && bad "the service starts with an unreadable file: token" ||
    ok
expect "an unreadable file: token names credential:discord.token as the fix" \
    grep -qF "discord.token: cannot open secret file $svc/etc/cheersbot/discord.token: Permission denied; under systemd write token = credential:discord.token" svc.err
proc_stop "$rest"
# Every credential the README, docs/ and the example config name, the
# unit loads, and operations.md lists each file the unit loads.
cat "$top/README.md" "$top"/docs/*.md "$top/config/cheersbot.conf.example" |
    grep -o 'credential:[a-z][a-z.-]*[a-z]' | sort -u |
    while read -r c; do
	grep -q "^LoadCredential=${c#credential:}:/etc/cheersbot/${c#credential:}\$" \
	    "$unit" || echo "$c"
done > creds.bad
[ ! -s creds.bad ] && ok ||
    { bad "the docs name credentials the unit does not load:"; sed 's/^/  /' creds.bad; }
sed -n 's|^LoadCredential=\([^:]*\):.*|\1|p' "$unit" | while read -r c; do
	grep -q "^| \`$c\` | .*credential:$c\` |\$" "$top/docs/operations.md" ||
	    echo "$c"
done > creds.bad
[ ! -s creds.bad ] && ok ||
    { bad "docs/operations.md does not list the unit's credentials:"; sed 's/^/  /' creds.bad; }

# --- a whole scripted game's log: no token, no recipe, no hand
mkdir creds
token="cheersbot-test-token-$$.SECRET"
printf '%s\n' "$token" > creds/discord.token
cat > secret.conf <<CONF
[bot]
log_level = debug
[discord]
enabled = yes
token = credential:discord.token
application_id = 123456789012345678
api_base = http://127.0.0.1:9/api/v10
CONF
grep '^> ' "$top/tests/transcripts/game4.txt" | sed 's/^> //' > game4.in
# The input stays open 2 s after the game, so the Discord adapter retries
# (and logs) a few times with the token in hand.
{ cat game4.in; sleep 2; } | CREDENTIALS_DIRECTORY="$tmp/creds" "$bot" \
    -c secret.conf --fake-clock -o bot.state_file=s.db -o bot.seed=42 \
    -o tables.ai_delay=0 -o tables.timeouts_to_ai=1 > s.out 2> s.err
rc=$?
[ $rc -eq 0 ] && ok || bad "the scripted game exits 0 (got $rc)"
expect "the scripted game ends with a result" grep -q 'replay 1' s.out
expect "the Discord adapter tried REST with the token, and retried" \
    grep -q '^<4>discord: GET /gateway/bot: .*retrying' s.err
expect "recipes were dealt" grep -q '^\[dm @alice\] Your recipe: ' s.out
sed -n 's/^\[dm @[^]]*\] Your recipe: //p' s.out | sort -u > recipes
leak=0
while IFS= read -r r; do
	grep -qF -- "$r" s.err && { leak=1; bad "a recipe is in the log: $r"; }
done < recipes
[ $leak -eq 0 ] && ok
grep -Eq '[Rr]ecipe|[Yy]our hand|\(cheers with ' s.err &&
    bad "the log shows a recipe or a hand" || ok
grep -qF -- "$token" s.err && bad "the token is in the log" || ok
grep -qF -- "SECRET" s.err && bad "part of the token is in the log" || ok
grep -vEq '^<[0-7]>' s.err &&
    { bad "a log line has no priority:"; grep -vE '^<[0-7]>' s.err | head -3; } ||
    ok

finish
