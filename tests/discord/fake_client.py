"""The fake Discord's control API (fake_discord.py, under /_test), as
scenario.py and faults.py call it.  The script sets BASE (and SSL, an
ssl context for https) before the first call."""
import json
import time
import urllib.request

BASE = None     # "http://127.0.0.1:PORT"
SSL = None


def call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(BASE + path, data=data, method=method)
    with urllib.request.urlopen(req, timeout=5, context=SSL) as r:
        return json.loads(r.read() or b"null")


def state():
    return call("GET", "/_test/state")


def op(what, query=""):
    return call("POST", "/_test/%s%s" % (what, query), {})


def wait(pred, timeout=5.0):
    """The first state for which pred holds, within timeout s; or None."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        s = state()
        if pred(s):
            return s
        time.sleep(0.05)
    return None
