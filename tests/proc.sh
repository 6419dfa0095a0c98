# tests/proc.sh: stopping the processes a test started, by PID, without
# a word when one has ended already and without signalling a PID that
# has since gone to another process.  A test script sources it (lib.sh
# does, for the tests that use lib.sh).
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

# proc_stop PID [SIGNAL [SECONDS]]: stops PID, a child this shell
# started in the background: sends it SIGNAL (TERM) if it still runs,
# waits up to SECONDS (10) for it to end, then sends SIGKILL, and reaps
# it.  Silent; an empty PID does nothing.  Returns its exit status as
# wait gives it (127 when the shell knows no such child).
proc_stop() {
	[ -n "$1" ] || return 0
	if proc_signal "$1" "${2:-TERM}"; then
		proc_n=$((${3:-10} * 10))
		while proc_running "$1" && [ "$proc_n" -gt 0 ]; do
			sleep 0.1
			proc_n=$((proc_n - 1))
		done
		proc_running "$1" && kill -KILL "$1" 2>/dev/null
	fi
	wait "$1" 2>/dev/null
}

# proc_stop_named PID WORD [SIGNAL]: for a process this shell did not
# start itself (a daemon's PID file, a server restarted by a helper):
# sends SIGNAL (TERM) to PID only if it runs and its command line holds
# WORD (say, the test's scratch directory), waits up to 10 s for it to
# go, then sends SIGKILL.  Silent.
proc_stop_named() {
	case $1 in ''|*[!0-9]*) return 0 ;; esac
	tr '\0' ' ' < "/proc/$1/cmdline" 2>/dev/null | grep -qF -- "$2" ||
	    return 0
	kill -"${3:-TERM}" "$1" 2>/dev/null
	proc_n=100
	while [ -d "/proc/$1" ] && [ "$(proc_field "$1" 1)" != Z ] &&
	    [ "$proc_n" -gt 0 ]; do
		sleep 0.1
		proc_n=$((proc_n - 1))
	done
	[ "$proc_n" -eq 0 ] && kill -KILL "$1" 2>/dev/null
	return 0
}
