#!/usr/bin/python3
"""Checks what cheersbot does when Slack fails (issue 25, Slack part).

    faults.py PORT BOT_STDERR_FILE FAULT

run.sh starts a fresh fake Slack with --fault FAULT (or none) and a fresh
bot for each FAULT, then runs this.  Each check counts the calls or
messages the fake saw and asserts the issue's numbers.  Prints one line
per failed check and a final "N passed, M failed" line; exits non-zero
when anything failed.
"""
import json
import sys
import time
import urllib.request

PORT = int(sys.argv[1])
BOT_ERR = sys.argv[2]
FAULT = sys.argv[3]
BASE = "http://127.0.0.1:%d" % PORT
passed = failed = 0


def ok(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("slack faults: FAIL: %s: %s" % (FAULT, what), flush=True)
    return cond


def call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(BASE + path, data=data, method=method)
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return json.loads(e.read() or b"null")


def state():
    return call("GET", "/_test/state")


def messages():
    return call("GET", "/_test/messages")


def log():
    with open(BOT_ERR) as f:
        return f.read()


def wait(pred, timeout=5.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        s = state()
        if pred(s):
            return s
        time.sleep(0.05)
    return None


def opens_in(s, secs):
    """The opens in the first secs seconds after the first one."""
    t = s["open_times"]
    return [x for x in t if x - t[0] < secs] if t else []


# --- 9: no reconnect storm ----------------------------------------------
def too_many_websockets():
    ok(wait(lambda s: s["hellos"] >= 1) is not None, "the bot connects")
    time.sleep(8)
    s = state()
    ok(s["opens"] == 1, "after too_many_websockets the bot waits at least "
       "a minute before it opens again: %d opens in 8 s" % s["opens"])
    ok("another instance of the bot may be running" in log(),
       "the log says another instance may be running")


def close_after_hello():
    ok(wait(lambda s: s["hellos"] >= 1) is not None, "the bot connects")
    time.sleep(16)
    s = state()
    n = len(opens_in(s, 16))
    ok(1 < n <= 5, "at most 5 opens a minute when every socket closes "
       "0.2 s after hello: %d in 16 s" % n)
    t = s["open_times"]
    # Backoff not reset at hello: 0.25 + 0.5 + 1 + 2 s at least between
    # the first five (with it reset, they come every half second).
    ok(len(t) >= 5 and t[4] - t[0] >= 3.5, "the backoff grows while no "
       "connection stays up a minute: %s" %
       ["%.2f" % (x - t[0]) for x in t])


CHECKS = {
    "too_many_websockets": too_many_websockets,
    "close_after_hello": close_after_hello,
}

CHECKS[FAULT]()
print("slack faults (%s): %d passed, %d failed" % (FAULT, passed, failed),
      flush=True)
sys.exit(1 if failed else 0)
