"""The fake Discord's control API (fake_discord.py, under /_test), as
scenario.py and faults.py call it.  The script sets BASE (and SSL, an
ssl context for https) before the first call."""
import json
import os
import sys
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import checks

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
    return checks.poll(state, pred, timeout)
