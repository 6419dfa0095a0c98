"""The fake Discord's control API (fake_discord.py, under /_test), as
scenario.py, faults.py and shards.py call it, and the slash commands
the last two run (command, throw).  The script sets BASE (and SSL, an
ssl context for https) before the first call."""
import json
import os
import sys
import time
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


def begin(name):
    """A driver script's start, from its arguments PORT BOT_STDERR_FILE
    MODE: BASE is set (plain http), and the answer is (a function that
    reads what the bot logged so far, MODE, a checks.Tally called
    name)."""
    global BASE, SSL
    BASE, SSL = "http://127.0.0.1:%d" % int(sys.argv[1]), None
    err = sys.argv[2]

    def log():
        with open(err) as f:
            return f.read()
    return log, sys.argv[3], checks.Tally(name)


def state():
    return call("GET", "/_test/state")


def op(what, query=""):
    return call("POST", "/_test/%s%s" % (what, query), {})


def wait(pred, timeout=5.0):
    """The first state for which pred holds, within timeout s; or None."""
    return checks.poll(state, pred, timeout)


def command(user, channel, sub, guild="700", options=(), **extra):
    """user (an id; named u<id>) runs /cheers sub in channel (extra: the
    fake's app_permissions, channel_type); the answers (callback and
    followups), or [] after 5 s."""
    p = {"user": user, "name": "u" + user, "channel": channel,
         "guild": guild, "sub": sub, "options": list(options)}
    p.update(extra)
    iid = call("POST", "/_test/interaction", p)["id"]
    s = wait(lambda s: any(c["interaction"] == iid for c in s["callbacks"]))
    time.sleep(0.1)
    return [c for c in state()["callbacks"] + state()["followups"]
            if c["interaction"] == iid] if s else []


def messages():
    return call("GET", "/_test/messages")


def embed_texts(embeds):
    """Every text of a list of embeds: title, description, fields,
    footer and author."""
    out = []
    for e in embeds:
        out += [e.get("title", ""), e.get("description", ""),
                (e.get("footer") or {}).get("text", ""),
                (e.get("author") or {}).get("name", "")]
        for f in e.get("fields", []):
            out += [f.get("name", ""), f.get("value", "")]
    return out


def public_texts(s, msgs=None):
    """Every public text the bot wrote: channel messages with every
    version an edit replaced, their embeds (every version too), public
    answers, and public button labels."""
    msgs = messages() if msgs is None else msgs
    out = []
    for m in msgs.values():
        if m["dm_user"] is None and not m["flags"] & 64:
            out += m["history"] + [m["content"]]
            for embeds in m["embed_history"] + [m["embeds"]]:
                out += embed_texts(embeds)
            out += [b.get("label", "") for row in m["components"]
                    for b in row.get("components", [])]
    return out


def public(answers):
    return bool(answers) and not answers[0]["flags"] & 64


def throw(user, channel, guild="700"):
    """user's move (a throw), once it is their turn; the answers."""
    for i in range(40):
        a = command(user, channel, "throw", guild)
        if public(a) or "paused" in (a[0]["content"] if a else ""):
            return a
        time.sleep(0.1)
    return a
