# tests/postgres/outage.sh: the server goes away under a running bot,
# sourced by tests/postgres/run.sh (which has started the server and
# set $bot, $conn and $pg_password).
#
#   outage_restart    PostgreSQL restarted mid-game: writes under way
#                     are refused with a message, none announced is
#                     lost, and play goes on without a bot restart
#   outage_stopped S  PostgreSQL stopped for S seconds: the bot stays
#                     up, read-only commands answer (those that read
#                     the server: unavailable for now), a paused table
#                     and a player's move go through once it is back
#   outage_blocked    the bot's backend stopped (SIGSTOP): a command
#                     that writes nothing on the console is answered
#                     while an IRC command's commit waits, and while
#                     reads wait behind it (blocked.py)
#   outage_timeout    the bot's backend stopped longer than
#                     postgres.commit_timeout: the write is refused with
#                     a message, the link dropped and made again, and
#                     play resumes after SIGCONT with nothing announced
#                     lost

# The seconds since some fixed point (/proc/uptime), whole.
outage_now() {
	read -r outage_up outage_idle < /proc/uptime
	echo "${outage_up%.*}"
}

# outage_run [OPTION...]: the bot on the test database, as on_pg but
# itself, not a shell function's subshell, so that $! is the bot's PID.
outage_run() {
	exec "$bot" -o store.backend=postgres -o "postgres.url=$conn" \
	    -o "postgres.password=$pg_password" -o bot.state_file=unused.db \
	    "$@"
}

# outage_more FILE PATTERN N: FILE has more than N lines with PATTERN.
outage_more() {
	[ "$(grep -c "$2" "$1")" -gt "$3" ]
}

# outage_reconnected LOG: the bot logged the loss, and (within 30 s) its
# connecting again.
outage_reconnected() {
	grep -q 'connection was lost' "$1" &&
	    proc_until 30 grep -q 'connected again' "$1"
}

# outage_retry FILE WHO CHANNEL: WHO opens a table in CHANNEL (the bot
# on fd 4) once a second, for up to 30 s, until FILE says it opened.
outage_retry() {
	oback=$(outage_now)
	while ! grep -q "\\[$3\\] @$2 opened" "$1" &&
	    [ $(($(outage_now) - oback)) -lt 30 ]; do
		printf '%s %s: /cheers new\n' "$2" "$3" >&4
		sleep 1
	done
	grep -q "\\[$3\\] @$2 opened" "$1"
}

# outage_empty: an empty database for the next bot.
outage_empty() {
	pg_psql "SET client_min_messages = warning; DROP SCHEMA public \
	    CASCADE; CREATE SCHEMA public" > /dev/null
}

# outage_bot NAME [OPTION...]: the bot on an empty database, reading the fifo
# NAME.in (kept open on fd 4), writing NAME.out and NAME.err; $obot.
outage_bot() {
	oname=$1
	shift
	outage_empty
	rm -f "$oname.in"
	mkfifo "$oname.in"
	outage_run -o bot.seed=7 "$@" < "$oname.in" > "$oname.out" \
	    2> "$oname.err" &
	obot=$!
	pids="$pids $obot"
	exec 4> "$oname.in"
}

# Every channel #cN whose table was said to be opened has its table in
# the database.
outage_none_lost() {
	grep -o '^\[#c[0-9]*\] @u[0-9]* opened' "$1" | sed 's/^\[\(#c[0-9]*\)\].*/\1/' |
	    sort > announced
	pg_psql "SELECT channel FROM tables WHERE channel LIKE '#c%'" |
	    sort > saved
	[ -s announced ] && [ -z "$(comm -23 announced saved)" ]
}

outage_restart() {
	outage_bot restart -o tables.ai_delay=0
	printf 'alice: /cheers new\nalice: /cheers addbot 1\nalice: /cheers start\n' >&4
	expect "restart: the game starts" wait_for 'begins' restart.out
	# A table opened every 50 ms while the server restarts.
	(
		i=0
		while [ $i -lt 80 ]; do
			printf 'u%d #c%d: /cheers new\n' $i $i
			i=$((i + 1))
			sleep 0.05
		done
	) >&4 &
	burst=$!
	sleep 0.5
	pg_stop
	pg_restart > pg-restart.out || { bad "the server does not start again"; \
	    cat pg-restart.out; }
	wait $burst
	expect "restart: a write under way is refused with a message" \
	    grep -q 'could not save that' restart.out
	# The server may take a while to come back on a busy machine.
	expect "restart: the loss is logged, and the reconnect" \
	    outage_reconnected restart.err
	printf 'alice: /cheers throw\n' >&4
	expect "restart: the game goes on without a bot restart" \
	    wait_for 'alice throws up' restart.out
	printf 'v #after: /cheers new\n' >&4
	expect "restart: a table opens after the restart" \
	    wait_for '\[#after\] @v opened' restart.out
	expect "restart: no table announced is lost" \
	    outage_none_lost restart.out
	expect "restart: the bot is the same process" kill -0 "$obot"
	exec 4>&-
	proc_stop "$obot" INT
}

outage_stopped() {
	secs=$1
	outage_bot stopped -o tables.ai_delay=3s
	printf 'alice: /cheers new\nalice: /cheers addbot 1\nalice: /cheers start\n' >&4
	wait_for 'begins' stopped.out && wait_for 'Negroni offers' stopped.out
	printf 'alice: /cheers throw\n' >&4
	expect "stopped: alice's move is saved" \
	    wait_for 'alice throws up' stopped.out
	# Negroni moves 3 s later, with the server gone: the table pauses.
	pg_stop
	up=$(($(outage_now) + secs))
	expect "stopped: the table pauses" wait_for 'The game is paused' \
	    stopped.out
	printf 'bob #x: /cheers new\n' >&4
	expect "stopped: a write is refused with a message" \
	    wait_for 'could not save that' stopped.out
	# Reads that memory cannot serve say so at once.
	printf 'alice: /cheers leaderboard\nalice: /cheers replay 1\n' >&4
	expect "stopped: the leaderboard says it is unavailable for now" \
	    wait_for 'The leaderboard is unavailable for now' stopped.out
	expect "stopped: so does a replay" \
	    wait_for 'Replays are unavailable for now' stopped.out
	# Status, which writes nothing, every 5 s until the server is back.
	answered=0
	asked=0
	while [ "$(outage_now)" -lt "$up" ]; do
		asked=$((asked + 1))
		n=$(grep -c 'Hands: @Negroni' stopped.out)
		printf 'alice: /cheers status\n' >&4
		proc_until 3 outage_more stopped.out 'Hands: @Negroni' "$n" &&
		    answered=$((answered + 1))
		sleep 2
	done
	expect "stopped: status answers all the while ($answered of $asked)" \
	    test "$answered" -eq "$asked" -a "$asked" -gt 0
	expect "stopped: the bot stays up" kill -0 "$obot"
	# Negroni's moves so far: the paused table's next comes after this.
	ai='@Negroni \(offers\|moves\|throws\)'
	n=$(grep -c "$ai" stopped.out)
	pg_restart > pg-restart.out || { bad "the server does not start again"; \
	    cat pg-restart.out; }
	back=$(outage_now)
	# The first move goes through within 30 s of the server's return.
	expect "stopped: a player's write goes through within 30 s of the \
server's return" outage_retry stopped.out bob '#x'
	proc_until $((60 - ($(outage_now) - back))) outage_more stopped.out \
	    "$ai" "$n"
	expect "stopped: the paused table plays on within 60 s of the \
server's return" outage_more stopped.out "$ai" "$n"
	exec 4>&-
	proc_stop "$obot" INT
}

outage_blocked() {
	outage_empty
	rm -f blocked.in fake.port
	mkfifo blocked.in
	$py "$top/tests/postgres/blocked.py" fake.port blocked.err \
	    blocked.out blocked.in "env PGPASSWORD=$pg_password \
	    $(pg_bin psql) -h 127.0.0.1 -p $pg_port -U cheers -d cheersbot \
	    -qAt -c" &
	fake=$!
	proc_until 10 test -s fake.port
	# blocked.py keeps the backend stopped for about 15 s: the commit
	# waits (outage_timeout is the one that times out).
	outage_run -o irc.enabled=yes -o irc.url="irc://127.0.0.1:$(cat fake.port)" \
	    -o irc.channels='#f,#g' -o irc.send_rate=5ms -o tables.ai_delay=0 \
	    -o postgres.commit_timeout=60s \
	    < blocked.in > blocked.out 2> blocked.err &
	obot=$!
	pids="$pids $obot"
	exec 4> blocked.in
	wait $fake
	[ $? -eq 0 ] && ok || bad "blocked: the fake IRC server's checks"
	exec 4>&-
	proc_stop "$obot" INT
}

outage_timeout() {
	outage_bot timeout -o tables.ai_delay=0 -o postgres.commit_timeout=2s
	printf 'u1 #c1: /cheers new\n' >&4
	expect "timeout: a table opens" wait_for '\[#c1\] @u1 opened' timeout.out
	backend=$(pg_psql "SELECT pid FROM pg_stat_activity WHERE
	    application_name = 'cheersbot'")
	expect "timeout: the bot has one session" test -n "$backend"
	[ -n "$backend" ] && kill -STOP $backend
	printf 'u2 #c2: /cheers new\n' >&4
	expect "timeout: a commit unanswered for 2 s is refused with a message" \
	    wait_for 'could not save that' timeout.out
	expect "timeout: it is logged as a lost link" \
	    grep -q 'connection was lost: a commit was not answered in 2 s' \
	    timeout.err
	sleep 1
	[ -n "$backend" ] && kill -CONT $backend
	expect "timeout: play resumes after SIGCONT, within 30 s" \
	    outage_retry timeout.out u3 '#c3'
	expect "timeout: the reconnect is logged" grep -q 'connected again' \
	    timeout.err
	expect "timeout: no table announced is lost" \
	    outage_none_lost timeout.out
	expect "timeout: the bot is the same process" kill -0 "$obot"
	exec 4>&-
	proc_stop "$obot" INT
}
