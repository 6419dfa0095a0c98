#!/bin/sh
# Command-line and process tests of the daemon: options, config errors
# with file:line and --check-config reporting every problem in one run,
# --list-tables and --end-table before the first run, the console's echo
# of piped input, signals (SIGTERM exits cleanly, SIGHUP re-reads the
# config) and durability (kill -9 in mid-game, restart, the table is
# back); and that the README and docs/ agree with the program and the
# Makefile (tests/cli/docs.sh).
#
#   tests/cli/run.sh build/cheersbot
set -u
bot=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/../.." && pwd)
name=cli
. "$top/tests/lib.sh"

# --- options
expect "--version prints the version" sh -c "'$bot' --version | grep -q '^cheersbot [0-9]'"
expect "--help prints usage" sh -c "'$bot' --help | grep -q 'usage: cheersbot'"
"$bot" --bogus >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "an unknown option exits 2"

# --- configuration
expect "the example config checks clean" \
    sh -c "'$bot' -c '$top/config/cheersbot.conf.example' --check-config >/dev/null"
cat > bad.conf <<'CONF'
[bot]
name = ok
colour = blue
[tables]
turn_timer = soon
CONF
"$bot" -c bad.conf --check-config > out 2>&1
rc=$?
[ $rc -ne 0 ] && ok || bad "--check-config exits non-zero on a bad file"
expect "an unknown key is reported with file:line" grep -q '^bad.conf:3: ' out
expect "a bad value is reported with file:line" grep -q '^bad.conf:5: ' out
"$bot" -o tables.turn_timer=soon --check-config > out 2>&1
[ $? -ne 0 ] && ok || bad "a bad -o value is refused"
expect "a bad -o value names the assignment" grep -q 'tables.turn_timer' out
"$bot" -c missing.conf --check-config > out 2>&1
[ $? -ne 0 ] && ok || bad "a missing config file is an error"

# Settings start-up refuses: --check-config refuses them too, non-zero and
# in the same sentence, and a real start says that sentence and exits
# non-zero (before it touches the state file).
refuses() {	# refuses <what the sentence holds> <-o options...>
	want=$1
	shift
	"$bot" "$@" --check-config > chk.out 2> chk.err
	rc=$?
	[ $rc -ne 0 ] && ok || bad "--check-config accepts $* (exit $rc)"
	said=$(sed -n 's/^cheersbot: //p' chk.err)
	case $said in
	*"$want"*) ok ;;
	*) bad "--check-config $* says \"$said\", not \"$want\"" ;;
	esac
	"$bot" -o bot.state_file=refused.db "$@" < /dev/null > run.out 2> run.err
	rc=$?
	[ $rc -ne 0 ] && ok || bad "start-up accepts $* (exit $rc)"
	[ -n "$said" ] && grep -qF -- "$said" run.err && ok ||
	    bad "start-up with $* does not say \"$said\": $(cat run.err)"
	[ ! -e refused.db ] && ok || bad "start-up with $* made the state file"
	rm -f refused.db
}
refuses "discord.token is empty" -o discord.enabled=yes \
    -o discord.application_id=1
refuses "discord.application_id is empty" -o discord.enabled=yes \
    -o discord.token=abc
refuses "discord.shard_id (2) must be below" -o discord.enabled=yes \
    -o discord.token=abc -o discord.application_id=1 \
    -o discord.shard_id=2 -o discord.shard_count=2
refuses "slack.app_token is empty" -o slack.enabled=yes \
    -o slack.bot_token=xoxb-1
refuses "slack.bot_token is empty" -o slack.enabled=yes \
    -o slack.app_token=xapp-1
refuses "irc.url is empty" -o irc.enabled=yes
refuses "irc.nick \"9lives\" is not a valid IRC nick" -o irc.enabled=yes \
    -o irc.url=ws://127.0.0.1:1/ -o irc.nick=9lives
printf 'pass\nword\n' > pw
refuses "irc.password holds a line break" -o irc.enabled=yes \
    -o irc.url=ws://127.0.0.1:1/ -o irc.password=file:pw
refuses "is not an ircs://, irc://, wss:// or ws:// URL" -o irc.enabled=yes \
    -o irc.url=http://127.0.0.1:1/
refuses "irc.url: \"ircs://127.0.0.1:99999\": bad port" -o irc.enabled=yes \
    -o irc.url=ircs://127.0.0.1:99999
refuses "irc.client_cert is offered on ircs:// only" -o irc.enabled=yes \
    -o irc.url=wss://127.0.0.1:1/ -o irc.client_cert=/etc/ssl/x.pem
refuses "irc.client_key is set without irc.client_cert" -o irc.enabled=yes \
    -o irc.url=ircs://127.0.0.1 -o irc.client_key=/etc/ssl/x.key
# ircs:// is clean; plain irc:// is allowed, with a warning.
"$bot" -o irc.enabled=yes -o irc.url=ircs://irc.example.net --check-config \
    > chk.out 2> chk.err
[ $? -eq 0 ] && [ ! -s chk.err ] && ok ||
    bad "--check-config does not take ircs:// quietly: $(cat chk.err)"
"$bot" -o irc.enabled=yes -o irc.url=irc://irc.example.net --check-config \
    > chk.out 2> chk.err
[ $? -eq 0 ] && ok || bad "--check-config refuses a plain irc:// URL"
expect "--check-config warns of a plain irc:// URL" grep -q \
    "^cheersbot: warning: irc.url is not encrypted: the password and every player's hand would travel in clear" \
    chk.err
# No xmpp.url is fine (the server is found by SRV); a URL of another
# kind is not.
refuses "is not an xmpp://, xmpps://, ws:// or wss:// URL" \
    -o xmpp.enabled=yes -o xmpp.jid=bot@example.org -o xmpp.password=pw \
    -o xmpp.url=http://example.org/
refuses "xmpp.url: \"xmpps://127.0.0.1:99999\": bad port" \
    -o xmpp.enabled=yes -o xmpp.jid=bot@example.org -o xmpp.password=pw \
    -o xmpp.url=xmpps://127.0.0.1:99999
# No URL (SRV), xmpp:// and xmpps:// are clean; ws:// is allowed, with a
# warning.
for u in "" xmpp://example.org xmpps://example.org:5223; do
	"$bot" -o xmpp.enabled=yes -o xmpp.jid=bot@example.org \
	    -o xmpp.password=pw -o xmpp.url="$u" --check-config \
	    > chk.out 2> chk.err
	[ $? -eq 0 ] && [ ! -s chk.err ] && ok ||
	    bad "--check-config does not take xmpp.url=$u quietly: $(cat chk.err)"
done
"$bot" -o xmpp.enabled=yes -o xmpp.jid=bot@example.org -o xmpp.password=pw \
    -o xmpp.url=ws://127.0.0.1:1/ --check-config > chk.out 2> chk.err
[ $? -eq 0 ] && ok || bad "--check-config refuses a plain ws:// xmpp.url"
expect "--check-config warns of a plain ws:// xmpp.url" grep -q \
    "^cheersbot: warning: xmpp.url is not encrypted (ws://)" chk.err
refuses "xmpp.jid is not an account" -o xmpp.enabled=yes \
    -o xmpp.url=ws://127.0.0.1:1/ -o xmpp.password=pw
refuses "xmpp.password is empty" -o xmpp.enabled=yes \
    -o xmpp.url=ws://127.0.0.1:1/ -o xmpp.jid=bot@example.org
refuses "no adapter is enabled" -o console.enabled=no

# --check-config reports all of it in one run, each problem a line, and
# exits non-zero: the file's errors and what start-up would refuse of the
# lines that read cleanly; several refusals of one platform; one of each
# of two platforms.  all_said <file> <text...>: each text on a line.
all_said() {
	f=$1
	shift
	for w in "$@"; do
		grep -qF -- "$w" "$f" || { echo "missing: $w"; return 1; }
	done
}
printf '[tables]\nturn_timer = soon\n[discord]\nenabled = yes\napplication_id = 1\n' \
    > both.conf
"$bot" -c both.conf --check-config > chk.out 2> chk.err
[ $? -ne 0 ] && ok || bad "--check-config accepts a bad line and a missing token"
expect "--check-config says a bad line and a missing Discord token" \
    all_said chk.err 'both.conf:2: tables.turn_timer' \
    'cheersbot: discord.enabled is set but discord.token is empty'
"$bot" -o discord.enabled=yes --check-config > chk.out 2> chk.err
[ $? -ne 0 ] && ok || bad "--check-config accepts Discord with no token, no id"
expect "--check-config says a missing token and an empty application_id" \
    all_said chk.err 'cheersbot: discord.enabled is set but discord.token is empty' \
    'cheersbot: discord.enabled is set but discord.application_id is empty'
"$bot" -o discord.enabled=yes -o discord.token=abc -o slack.enabled=yes \
    -o slack.bot_token=xoxb-1 --check-config > chk.out 2> chk.err
[ $? -ne 0 ] && ok || bad "--check-config accepts two platforms missing things"
expect "--check-config says what each of two platforms misses" \
    all_said chk.err 'cheersbot: discord.enabled is set but discord.application_id is empty' \
    'cheersbot: slack.enabled is set but slack.app_token is empty'
expect "--check-config writes one problem a line" \
    sh -c "[ \$(grep -c '^cheersbot: ' chk.err) -eq 2 ]"
# A bad -o and a refusal, together; and start-up refuses with every one.
"$bot" -o tables.turn_timer=soon -o irc.enabled=yes -o irc.nick=9lives \
    --check-config > chk.out 2> chk.err
expect "--check-config says a bad -o and every IRC refusal" \
    all_said chk.err 'cheersbot: tables.turn_timer=soon' \
    'irc.url is empty' 'irc.nick "9lives" is not a valid IRC nick'
"$bot" -o bot.state_file=refused.db -o discord.enabled=yes < /dev/null \
    > run.out 2> run.err
[ $? -ne 0 ] && ok || bad "start-up accepts Discord with no token, no id"
expect "start-up names every refusal" all_said run.err \
    'discord.token is empty' 'discord.application_id is empty'
[ ! -e refused.db ] && ok || bad "a refused start-up made the state file"

# --- the operator's options before the bot's first run: no state file
# yet is no table, said so; nothing is created.
mkdir fresh
(cd fresh && "$bot" --list-tables > ../fresh.out 2> ../fresh.err)
rc=$?
[ $rc -eq 0 ] && ok || bad "--list-tables with no state file exits $rc: $(cat fresh.err)"
expect "--list-tables says there is no state file yet, and where" \
    grep -qF "No state file at $tmp/fresh/cheersbot.db yet (the bot makes it when it first starts), so no tables." fresh.out
[ ! -s fresh.err ] && ok || bad "--list-tables with no state file complains: $(cat fresh.err)"
(cd fresh && "$bot" --end-table 3 > ../fresh.out 2> ../fresh.err)
rc=$?
[ $rc -eq 1 ] && ok || bad "--end-table with no state file exits $rc, not 1"
expect "--end-table says there is no state file yet, so no such table" \
    grep -qF "cheersbot: no state file at $tmp/fresh/cheersbot.db yet (the bot makes it when it first starts), so no table 3 to end" fresh.err
"$bot" -o bot.state_file="$tmp/fresh/sub/s.db" --list-tables > fresh.out 2>&1
expect "--list-tables in a directory not made yet says the same" \
    grep -qF "No state file at $tmp/fresh/sub/s.db yet" fresh.out
for o in --list-tables "--end-table 1" --dump-config --invite-url \
    --check-config; do
	# shellcheck disable=SC2086
	(cd fresh && "$bot" -o discord.application_id=1 $o > /dev/null 2>&1)
done
left=$(ls -A fresh)
[ -z "$left" ] && ok || bad "the operator's options created: $left"

# --- text from users: ESC sequences (CSI, OSC), other C0 controls, DEL,
# C1 controls and bytes that are not UTF-8, in a name, a channel and an
# unknown command word, reach neither stdout nor the log raw; they are
# shown escaped.  raw_free fails on any of them in a file.
raw_free() {
	python3 - "$1" <<'PY'
import re, sys
data = open(sys.argv[1], "rb").read()
try:
    text = data.decode("utf-8")
except UnicodeDecodeError as e:
    sys.exit("%s: not UTF-8 at byte %d" % (sys.argv[1], e.start))
bad = re.search(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]", text)
if bad:
    sys.exit("%s: raw control U+%04X" % (sys.argv[1], ord(bad.group())))
PY
}
printf '%b\n' \
    'al\033cice\001\177\302\2332J\377: /cheers new' \
    'bob #b\033]0;pwned\007ar\302\205\376: /cheers join' \
    'carol: /cheers x\033[31my\010\177\302\233z\300\a' \
    'dave\033c dm: \033[2J\t\302\237' \
    ':dmclosed al\033cice\001\177\302\2332J\377' \
    'al\033cice\001\177\302\2332J\377: /cheers addbot' \
    'al\033cice\001\177\302\2332J\377: /cheers start' \
    'eve #c\033c\302\233\377: /cheers new' |
    "$bot" -v -o console.echo=yes -o bot.state_file=text.db > text.out 2> text.err
expect "no raw control or bad UTF-8 on stdout" raw_free text.out
expect "no raw control or bad UTF-8 in the log" raw_free text.err
expect "the log names the user whose DMs failed" grep -q 'DM to al.*failed' text.err
expect "the name is shown escaped" grep -qF \
    "$(printf '@al\\x1bcice\\x01\\x7f\\u009b2J\357\277\275 opened a CHEERS')" text.out
expect "the channel is shown escaped" grep -qF \
    "$(printf 'no table in #b\\x1b]0;pwned\\x07ar\\u0085\357\277\275.')" text.out
expect "the unknown word is shown escaped" grep -qF \
    "$(printf 'Unknown command "x\\x1b[31my\\x08\\x7f\\u009bz\357\277\275\\x07"')" text.out
expect "a DM's tag and unknown word are shown escaped" grep -qF \
    "$(printf '[dm @dave\\x1bc] Unknown command "\\x1b[2J"')" text.out
expect "the echo is shown escaped" grep -qF \
    "$(printf '> dave\\x1bc dm: \\x1b[2J\\x09\\u009f')" text.out
"$bot" -o bot.state_file=text.db --list-tables > list.out 2>&1
expect "--list-tables shows no raw control or bad UTF-8" raw_free list.out
expect "--list-tables shows the name escaped" grep -qF \
    "$(printf 'al\\x1bcice\\x01\\x7f\\u009b2J\357\277\275')" list.out
expect "--list-tables shows the channel escaped" grep -qF \
    "$(printf '#c\\x1bc\\u009b\357\277\275 ')" list.out

# --- console echo: a line from a pipe or a file is echoed ("> line")
# before what it causes, so the output reads as a conversation; typed
# lines are not (the terminal shows them), and console.echo=no stops it.
printf 'alice: /cheers new\n# bob comes\nbob: /cheers join\n' > echo.in
line_of() {	# line_of <fixed text> <file>: the number of its first line
	grep -nF -m 1 -- "$1" "$2" | cut -d: -f1
}
echo_order() {	# echo_order <file>: each echo right before its replies
	new=$(line_of '> alice: /cheers new' "$1")
	opened=$(line_of '[#bar] @alice opened a CHEERS table' "$1")
	note=$(line_of '> # bob comes' "$1")
	join=$(line_of '> bob: /cheers join' "$1")
	joins=$(line_of '[#bar] @bob joins' "$1")
	[ "${new:-0}" = 1 ] && [ "${opened:-0}" -gt "$new" ] &&
	    [ "${note:-0}" -gt "$opened" ] && [ "${join:-0}" = $((note + 1)) ] &&
	    [ "${joins:-0}" = $((join + 1)) ]
}
"$bot" -o bot.state_file=echo1.db < echo.in > echo1.out 2> echo1.err
expect "input from a file is echoed, each line before its replies" \
    echo_order echo1.out
cat echo.in | "$bot" -o bot.state_file=echo2.db > echo2.out 2> echo2.err
expect "input from a pipe is echoed, each line before its replies" \
    echo_order echo2.out
cat echo.in | "$bot" -o bot.state_file=echo3.db -o console.echo=no \
    > echo3.out 2> echo3.err
expect "console.echo=no echoes nothing" sh -c \
    "grep -q 'bob joins' echo3.out && ! grep -q '^> ' echo3.out"
if command -v script > /dev/null; then
	# script(1) gives the bot a terminal, which shows the typed line.
	cat echo.in | timeout 20 script -qec "'$bot' -o bot.state_file=echo4.db" \
	    /dev/null > echo4.out 2>&1
	expect "typed lines are not echoed again" sh -c \
	    "grep -q 'bob joins' echo4.out && ! grep -q '^> ' echo4.out"
else
	skip 1 "script(1) is missing (util-linux), to check a terminal's echo"
fi

# --- signals: SIGTERM ends the daemon cleanly, SIGHUP re-reads the config
mkfifo in
printf '[bot]\nlog_level = info\n' > good.conf
"$bot" -c good.conf -o bot.state_file=sig.db < in > out 2> err &
pid=$!
pids="$pids $pid"
exec 3> in
expect "the daemon says it is ready" wait_for ' ready: ' err
proc_signal $pid HUP
expect "SIGHUP re-reads the config" wait_for 're-read good.conf' err
printf '[bot]\nlog_level = loud\n' > good.conf
proc_signal $pid HUP
expect "SIGHUP with a bad config keeps the old one" wait_for 'keeping the old config' err
proc_stop $pid
rc=$?
exec 3>&-
[ $rc -eq 0 ] && ok || bad "SIGTERM exits 0 (got $rc)"

# --- the state file holds every hand: only its owner reads it, whatever
# the umask, and so do the -wal and -shm files SQLite makes beside it
rm -f in
mkfifo in
(umask 022; exec "$bot" -o bot.state_file=mode.db < in > mode.out 2> mode.err) &
pid=$!
pids="$pids $pid"
exec 3> in
printf 'alice: /cheers new\n' >&3
expect "a table opens for the mode check" wait_for 'opened a' mode.out
for f in mode.db mode.db-wal mode.db-shm; do
	m=$(stat -c %a "$f" 2>/dev/null)
	[ "$m" = 600 ] && ok || bad "$f is mode ${m:-missing}, not 600 (umask 022)"
done
exec 3>&-
wait $pid

# --- bot.state_max_size below what the file already holds (an empty
# state file is about 72 KiB) is refused at start, by name, not raised
printf 'alice: /cheers new\n' | "$bot" -o bot.state_file=cap.db \
    -o bot.state_max_size=4096 > cap.out 2> cap.err
[ $? -ne 0 ] && ok || bad "a state_max_size below the file's size is accepted"
expect "the refusal names the cap and the size" \
    grep -q 'cap.db is already [0-9]* bytes, more than bot.state_max_size (4096 bytes)' cap.err
printf 'alice: /cheers new\n' | "$bot" -o bot.state_file=cap.db \
    -o bot.state_max_size=1048576 > cap.out 2> cap.err
expect "a state_max_size the file fits in is taken" grep -q 'opened a CHEERS table' cap.out

# --- durability: kill -9 during a game, restart, the table is back
rm -f in
mkfifo in
"$bot" -o bot.state_file=kill.db -o bot.seed=7 -o tables.ai_delay=0 \
    < in > out1 2> err1 &
pid=$!
pids="$pids $pid"
exec 3> in
printf 'alice: /cheers new\nalice: /cheers addbot 3\nalice: /cheers start\n' >&3
expect "the game starts" wait_for 'begins' out1
sleep 0.3
proc_stop $pid KILL
exec 3>&-
printf 'alice: /cheers status\n' | "$bot" -o bot.state_file=kill.db > out2 2> err2
expect "after kill -9 the table is restored" grep -q 'restored 1 table' err2
expect "after kill -9 status shows the game" grep -q "shaker" out2

# --- the hard level off the loop: with the real clock its search runs on
# a worker thread; hard AI seats, and the hard AI that takes over a player
# who ran out of time (the table's ai_level), play a CHEERS game to its end
rm -f in
mkfifo in
"$bot" -o bot.state_file=hard.db -o bot.seed=7 -o tables.ai_delay=0 \
    -o tables.timeouts_to_ai=1 < in > hard.out 2> hard.err &
pid=$!
pids="$pids $pid"
exec 3> in
printf '%s\n' 'alice: /cheers new cheers' 'alice: /cheers addbot 3 hard' \
    'alice: /cheers settings ai_level=hard turn_timer=1s' \
    'alice: /cheers start' >&3
expect "three hard AI players sit down" wait_for 'Hard AI players sit down' \
    hard.out
for i in 1 2 3 4 5 6; do
	wait_for 'Game over!' hard.out && break
done
expect "hard AI seats play a whole game, the search off the loop" \
    grep -q 'Game over!' hard.out
proc_stop $pid TERM
exec 3>&-

# --- the README and docs/ against the program and the Makefile
. "$top/tests/cli/docs.sh"

finish
