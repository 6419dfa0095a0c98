# tests/proc.sh: stopping the processes a test started, by PID, without
# a word when one has ended already and without signalling a PID that
# has since gone to another process.  A test script sources it (lib.sh
# does, for the tests that use lib.sh).  Then what the suites that start
# the bot share: waiting (proc_wait, proc_until), beginning (proc_begin,
# proc_cleanup, proc_need, proc_ports), ending a run of the bot
# (proc_end_run, proc_end_bot), and its log (proc_log, proc_unlogged).
#
#   "$bot" ... &
#   pid=$!
#   proc_stop "$pid" || echo "the bot's exit status: $?"
#
# The shell may have reaped a child of its own accord (dash does, while
# it waits for another command), and the kernel may then give its PID
# to another process: a bare "kill $pid" would print "kill: No such
# process", or signal a stranger.  These helpers look at /proc first.

# proc_field PID N: field N of /proc/PID/stat after the command name
# (1 is the state, 2 the parent's PID); nothing when PID is gone.
proc_field() {
	sed -n 's/.*) //p' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f"$2"
}

# proc_ours PID: whether PID is a child of this shell that has not been
# reaped (running, or ended and not yet waited for).
proc_ours() {
	case $1 in ''|*[!0-9]*) return 1 ;; esac
	proc_p=$(proc_field "$1" 2)
	[ -n "$proc_p" ] || return 1
	[ "$proc_p" = "$$" ] && return 0
	# In a subshell $$ is still the top shell's: our own PID is the
	# parent of a command substitution's child that execs sh.
	# shellcheck disable=SC2016
	[ "$proc_p" = "$(exec sh -c 'echo $PPID')" ]
}

# proc_running PID: whether PID is a child of this shell still running
# (not a zombie).
proc_running() {
	proc_ours "$1" && [ "$(proc_field "$1" 1)" != Z ]
}

# proc_signal PID SIGNAL: sends SIGNAL to PID if it is a child of this
# shell still running; fails, silently, when it is not.
proc_signal() {
	proc_running "$1" && kill -"$2" "$1" 2>/dev/null
}

# proc_wait PID SECONDS: waits up to SECONDS for PID, a child of this
# shell, to stop running (it is not reaped); whether it did.
proc_wait() {
	proc_n=$(($2 * 10))
	while proc_running "$1" && [ "$proc_n" -gt 0 ]; do
		sleep 0.1
		proc_n=$((proc_n - 1))
	done
	! proc_running "$1"
}

# proc_until SECONDS COMMAND...: runs COMMAND every 0.1 s until it
# succeeds, for SECONDS at most; whether it did.
proc_until() {
	proc_t=$(($1 * 10))
	shift
	until "$@"; do
		[ "$proc_t" -gt 0 ] || return 1
		sleep 0.1
		proc_t=$((proc_t - 1))
	done
}

# proc_stop PID [SIGNAL [SECONDS]]: stops PID, a child this shell
# started in the background: sends it SIGNAL (TERM) if it still runs,
# waits up to SECONDS (10) for it to end, then sends SIGKILL, and reaps
# it.  Silent; an empty PID does nothing.  Returns its exit status as
# wait gives it (127 when the shell knows no such child).
proc_stop() {
	[ -n "$1" ] || return 0
	if proc_signal "$1" "${2:-TERM}"; then
		proc_wait "$1" "${3:-10}" || kill -KILL "$1" 2>/dev/null
	fi
	wait "$1" 2>/dev/null
}

# proc_stop_named PID WORD [SIGNAL [SECONDS]]: for a process this shell
# did not start itself (a daemon's PID file, a server restarted by a
# helper): sends SIGNAL (TERM) to PID only if it runs and its command
# line holds WORD (say, the test's scratch directory), waits up to
# SECONDS (10) for it to go, then sends SIGKILL.  Silent.
proc_stop_named() {
	case $1 in ''|*[!0-9]*) return 0 ;; esac
	tr '\0' ' ' < "/proc/$1/cmdline" 2>/dev/null | grep -qF -- "$2" ||
	    return 0
	kill -"${3:-TERM}" "$1" 2>/dev/null
	proc_n=$((${4:-10} * 10))
	while [ -d "/proc/$1" ] && [ "$(proc_field "$1" 1)" != Z ] &&
	    [ "$proc_n" -gt 0 ]; do
		sleep 0.1
		proc_n=$((proc_n - 1))
	done
	[ "$proc_n" -eq 0 ] && kill -KILL "$1" 2>/dev/null
	return 0
}

# proc_end_run MESSAGE: stops the bot ($pid, SIGTERM) and empties $pid;
# when its exit status is not 0, says "MESSAGE" and sets status=1.
proc_end_run() {
	proc_stop "$pid" || { echo "$1"; status=1; }
	pid=""
}

# proc_log WHO FILE N: for the reader, "WHO log (last N lines):" and
# those lines of FILE (none when it is not there), indented.
proc_log() {
	echo "$1 log (last $3 lines):"
	tail -"$3" "$2" 2>/dev/null | sed 's/^/  /'
}

# proc_unlogged NAME WHAT SECRET FILE...: when SECRET is in a FILE (a
# log), "NAME: FAIL: WHAT" and status=1.
proc_unlogged() {
	proc_who=$1 proc_what=$2 proc_secret=$3
	shift 3
	if grep -q "$proc_secret" "$@"; then
		echo "$proc_who: FAIL: $proc_what"
		status=1
	fi
}

# proc_begin BOT: what a suite that starts the bot (and a fake server)
# sets first: $bot, BOT's absolute path; $py; $tmp, a fresh scratch
# directory; $fake and $pid, the fake's and the bot's PIDs, empty.
proc_begin() {
	bot=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
	py=/usr/bin/python3
	tmp=$(mktemp -d)
	fake=""
	pid=""
}

# proc_cleanup: stops the bot ($pid) and the fake ($fake), and removes
# $tmp; a suite's EXIT trap when it has nothing more to stop.
proc_cleanup() {
	proc_stop "$pid" KILL
	proc_stop "$fake"
	rm -rf "$tmp"
}

# proc_end_bot NAME [WHAT]: the bot ($pid) still runs and SIGTERM ends
# it with status 0 ($pid is then emptied); otherwise "NAME: FAIL: WHAT..."
# says which, and status is set to 1.
proc_end_bot() {
	if proc_running "$pid"; then
		proc_stop "$pid"
		proc_rc=$?
		pid=""
		if [ $proc_rc -ne 0 ]; then
			echo "$1: FAIL: ${2:-}SIGTERM exit status $proc_rc"
			status=1
		fi
	else
		echo "$1: FAIL: ${2:-}the bot died"
		status=1
	fi
}

# proc_need NAME FILE...: whether every FILE (a program the suite runs,
# by its full path) is there to run; the first missing one is named in
# "NAME: FAIL: ..." (scripts/deps.sh test installs them all).
proc_need() {
	proc_who=$1
	shift
	for proc_f; do
		if [ ! -x "$proc_f" ]; then
			echo "$proc_who: FAIL: $proc_f is missing (sh scripts/deps.sh test installs it)"
			return 1
		fi
	done
}

# proc_ports N: N free TCP ports of 127.0.0.1 on one line, told apart
# by binding them all at once ($py runs the look).
proc_ports() {
	$py -c '
import socket, sys
ss = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in ss: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in ss))' "$1"
}
