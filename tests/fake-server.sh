# tests/fake-server.sh: starting a protocol-faithful fake server
# (tests/discord/fake_discord.py, tests/slack/fake_slack.py) from a shell
# script that has set $py (a python3 with aiohttp) and $tmp, and sources
# this file; and the runs across a restart that both fakes' suites make.

# fake_check NAME: says why and fails when $py has no aiohttp.
fake_check() {
	$py -c 'import aiohttp' 2>/dev/null && return 0
	echo "$1: FAIL: $py has no aiohttp (scripts/deps.sh installs python3-aiohttp)"
	return 1
}

# fake_uptime: whole seconds of the monotonic clock (/proc/uptime); a
# wait until N s after it ends at N + 1, so it lasts N s at least.
fake_uptime() {
	read -r fake_up fake_idle < /proc/uptime
	echo "${fake_up%.*}"
}

# fake_start NAME SCRIPT [ARGS...]: starts SCRIPT with ARGS on a free
# port of 127.0.0.1, its output in $tmp/fake.log, and waits up to
# $fake_wait s (60 unless the caller set it) by the monotonic clock for it
# to listen.  Sets $fake (its PID; the caller stops it) and $port.  When
# it does not start, says how long it waited, shows its log and fails.
fake_start() {
	fake_name=$1
	shift
	rm -f "$tmp/port"
	$py "$@" --port-file "$tmp/port" > "$tmp/fake.log" 2>&1 &
	fake=$!
	fake_end=$(($(fake_uptime) + ${fake_wait:-60} + 1))
	# A fake that has ended will never listen: no use waiting for it.
	while [ ! -s "$tmp/port" ] && [ "$(fake_uptime)" -lt $fake_end ] &&
	    kill -0 "$fake" 2>/dev/null; do
		sleep 0.1
	done
	if [ ! -s "$tmp/port" ]; then
		echo "$fake_name: FAIL: the fake server did not listen (its" \
		    "port file) within ${fake_wait:-60} s, or ended first"
		cat "$tmp/fake.log"
		return 1
	fi
	port=$(cat "$tmp/port")
}

# fake_restarts NAME OPTION...: the runs across a restart that the
# Discord and Slack suites share, each with the caller's bot_start
# (OPTION... first, then a state file of the run's own) and checked
# phase by phase by $dir/scenario.py.  Each begins only while $status
# is 0; a failure says "NAME: FAIL: ..." and sets status=1.
fake_restarts() {
	fake_who=$1
	shift
	# A table whose turn timer runs out while the bot is down: the
	# restore speaks before the adapter has started, which must queue,
	# not crash.
	if [ $status -eq 0 ]; then
		for phase in overdue1 overdue2; do
			bot_start "$@" -o bot.state_file="$tmp/overdue.db" \
			    -o bot.seed=3 -o tables.ai_delay=0 \
			    -o tables.turn_timer=2s
			$py "$dir/scenario.py" "$port" "$tmp/bot.err" $phase ||
			    status=1
			if ! proc_running "$pid"; then
				echo "$fake_who: FAIL: the bot died in the $phase run"
				status=1
				pid=""
				break
			fi
			proc_end_run "$fake_who: FAIL: $phase run's exit status"
			[ $phase = overdue1 ] && sleep 2.5
		done
	fi
	# A game killed (SIGKILL) and restarted: the same table message is
	# edited, deleted by "Table" and given its last edit.
	if [ $status -eq 0 ]; then
		for phase in kill1 kill2; do
			bot_start "$@" -o bot.state_file="$tmp/kill.db" \
			    -o bot.seed=5 -o tables.ai_delay=0 \
			    -o tables.repost_gap=0
			$py "$dir/scenario.py" "$port" "$tmp/bot.err" $phase ||
			    status=1
			if [ $phase = kill1 ]; then
				proc_stop "$pid" KILL
			else
				proc_end_run "$fake_who: FAIL: $phase run's exit status"
			fi
			pid=""
			[ $status -eq 0 ] || break
		done
	fi
	# Issue 32: a game ended by its End button, the bot restarted, a new
	# game: the first game's End button must not reach the second game.
	if [ $status -eq 0 ]; then
		for phase in stale1 stale2; do
			bot_start "$@" -o bot.state_file="$tmp/stale.db" \
			    -o bot.seed=5 -o tables.ai_delay=0
			$py "$dir/scenario.py" "$port" "$tmp/bot.err" $phase ||
			    status=1
			proc_end_run "$fake_who: FAIL: $phase run's exit status"
			[ $status -eq 0 ] || break
		done
	fi
}

# fake_tls_run NAME: $dir/scenario.py's tls phase against the bot ($pid)
# just started over TLS with $tmp/cert.pem, then the bot stopped; a
# failure says "NAME: FAIL: ..." and sets status=1.
fake_tls_run() {
	$py "$dir/scenario.py" "$port" "$tmp/bot.err" tls "$tmp/cert.pem" ||
	    status=1
	proc_end_run "$1: FAIL: TLS run's exit status"
}

# fake_bot_log NAME: once anything failed, the last 40 lines of the
# bot's log, for the reader.
fake_bot_log() {
	if [ $status -ne 0 ]; then
		proc_log "$1: bot" "$tmp/bot.err" 40
	fi
}

# fake_begin NAME BOT: a suite of the bot (BOT) against a fake: $bot,
# $py, $tmp and the rest as proc_begin sets them (proc.sh, sourced
# first), all stopped and removed on exit; ends the script, saying why,
# when $py has no aiohttp.
fake_begin() {
	proc_begin "$2"
	trap proc_cleanup EXIT
	fake_check "$1" || exit 1
}
