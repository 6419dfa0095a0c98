"""Waits bounded by time, and the load beside each figure, for the
benchmarks of tests/bench (make bench; imported by the scripts beside it).

Every wait for something the bench cannot hurry (a process, a port, a log
line, a message, a callback) is bounded by the monotonic clock, not by a
count of short sleeps, so a busy machine that runs everything slower still
gets there; when it gives up it says what it waited for, and the bench
fails with that sentence.  WAIT (BENCH_WAIT, 60 s) bounds a wait for one
thing; RUN_WAIT (ten times it) a whole run of the bot whose length is the
work it is given (making a state file of 10,000 tables, a scripted
session).

Every figure is printed with load(): the 1-minute load average when it was
measured, so a figure from a busy machine says so.
"""
import os
import select
import subprocess
import sys
import time

WAIT = float(os.environ.get("BENCH_WAIT", "60"))
RUN_WAIT = 10 * WAIT


def load():
    """" | load 3.21": the 1-minute load average now, put after a figure."""
    return " | load %.2f" % os.getloadavg()[0]


def proc_status(pid):
    """Process pid's VmRSS (resident now) and VmHWM (its peak), in kB."""
    out = {}
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            k, _, v = line.partition(":")
            if k in ("VmRSS", "VmHWM"):
                out[k] = int(v.split()[0])  # kB
    return out


def secs(s):
    return "%g s" % s


def give_up(why):
    """The default way to fail: the sentence on stderr, exit status 1."""
    sys.exit("bench: " + why)


def until(what, probe, timeout=WAIT, every=0.05, fail=give_up):
    """Calls probe() every `every` s until it returns something true, and
    returns that; after timeout s calls fail("waited 60 s for WHAT; none
    came") (which does not return)."""
    end = time.monotonic() + timeout
    while True:
        got = probe()
        if got:
            return got
        if time.monotonic() >= end:
            fail("waited %s for %s; none came" % (secs(timeout), what))
            return None
        time.sleep(min(every, max(0.0, end - time.monotonic())))


def read_some(fd, what, end, timeout=WAIT, fail=give_up):
    """Reads what the pipe fd has (b"" at its end), waiting until the
    monotonic time end at most; timeout is how long that wait was given,
    for the sentence when it gives up."""
    while True:
        left = end - time.monotonic()
        if left <= 0:
            fail("waited %s for %s; none came" % (secs(timeout), what))
            return b""
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            return os.read(fd, 1 << 16)


class Lines:
    """The lines of a pipe (a file object opened in binary or text mode,
    or an fd), each read with a bound in time."""

    def __init__(self, f):
        self.fd = f if isinstance(f, int) else f.fileno()
        self.buf = b""
        self.eof = False

    def readline(self, what, timeout=WAIT, fail=give_up):
        """The next line (with its newline), or "" at the pipe's end."""
        end = time.monotonic() + timeout
        while b"\n" not in self.buf and not self.eof:
            chunk = read_some(self.fd, what, end, timeout, fail)
            self.eof = not chunk
            self.buf += chunk
        line, nl, self.buf = self.buf.partition(b"\n")
        return (line + nl).decode("utf-8", "replace")

    def drain(self, what, timeout=WAIT, fail=give_up):
        """Reads to the pipe's end (the writer has exited)."""
        end = time.monotonic() + timeout
        while not self.eof:
            self.eof = not read_some(self.fd, what, end, timeout, fail)
        self.buf = b""


def wait_exit(p, what, timeout=WAIT, fail=give_up):
    """Waits for the process p to exit and returns its status; after
    timeout s kills it and fails, saying it waited for what."""
    try:
        return p.wait(timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        fail("waited %s for %s; it did not exit, so it was killed" %
             (secs(timeout), what))
        return None


def run(args, what, timeout=RUN_WAIT, fail=give_up, **kw):
    """subprocess.run(args, **kw) bounded by timeout s; when the run takes
    longer it is killed and fails, saying what it waited for."""
    try:
        return subprocess.run(args, timeout=timeout, **kw)
    except subprocess.TimeoutExpired:
        fail("waited %s for %s; it did not finish, so it was killed" %
             (secs(timeout), what))
        return None
