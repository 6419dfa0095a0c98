"""The fake Slack's control API (tests/slack/fake_slack.py, under
/_test), as scenario.py and faults.py use it: use() names the fake's
base URL (and, over https, the SSL context that trusts it) once; call()
sends one request and returns its JSON, state() and messages() read what
the fake saw, and wait() polls the state until a predicate holds.
"""
import json
import os
import sys
import urllib.error
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import checks

BASE = None
SSL = None


def use(base, ssl=None):
    global BASE, SSL
    BASE = base
    SSL = ssl


def call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(BASE + path, data=data, method=method)
    try:
        with urllib.request.urlopen(req, timeout=5, context=SSL) as r:
            return json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return json.loads(e.read() or b"null")


def state():
    return call("GET", "/_test/state")


def messages():
    return call("GET", "/_test/messages")


def wait(pred, timeout=5.0):
    """The state once pred(state) holds, or None after timeout seconds."""
    return checks.poll(state, pred, timeout)


def block_texts(blocks):
    """Every text of a message's blocks: sections (text and fields),
    headers, contexts and button labels."""
    out = []
    for b in blocks:
        if b.get("type") in ("section", "header") and "text" in b:
            out.append(b["text"]["text"])
        out += [f["text"] for f in b.get("fields", [])]
        for e in b.get("elements", []):
            out.append(e["text"]["text"] if b.get("type") == "actions"
                       else e.get("text", ""))
    return out


def public_texts(msgs):
    """Every public text: channel messages, every version an edit
    replaced, their blocks' texts and their button labels."""
    out = []
    for m in msgs.values():
        if m["ephemeral"] or m["dm_user"]:
            continue
        for v in m["history"] + [{"text": m["text"], "blocks": m["blocks"]}]:
            out.append(v["text"])
            out += block_texts(v["blocks"])
    return out
