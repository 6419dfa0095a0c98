#!/usr/bin/python3
"""A protocol-faithful fake Slack for cheersbot's scenario tests.

One aiohttp server on 127.0.0.1 serves the Web API under /api/<method>
(Slack's form and JSON encodings, "ok": false errors, 429 with
Retry-After), Socket Mode websockets at /link/?ticket=... (single-use
tickets from apps.connections.open, "hello", envelopes that must be acked
with their envelope_id within 3 s, "disconnect"), response_urls under
/hooks/<id>, and a control API under /_test that the scenario uses to run
slash commands, click buttons on messages the bot sent, misbehave (a
refresh disconnect, a retried envelope, a half-open socket, a 429 storm,
refused DMs, refused ephemeral messages) and read back what the bot
sent, with the least time between two messages to one channel.  It
binds port 0 and writes the port to --port-file; with --tls CERT KEY it
talks https and wss.  Each --fault NAME turns one of Slack's failures on
from the start (the FAULTS below; tests/slack/faults.py checks what the
bot does about each).

Run it with Debian's /usr/bin/python3 and python3-aiohttp.
"""
import asyncio
import json
import os
import sys
import time
import urllib.parse

from aiohttp import web

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import fake_common  # noqa: E402

APP_TOKEN = "xapp-1-test"
BOT_TOKEN = "xoxb-test"
BOT_USER = "UBOT"
# Methods that take a JSON body; every method takes a form.
JSON_METHODS = {"chat.postMessage", "chat.update", "chat.postEphemeral",
                "chat.delete"}
# Messages Slack lets through at about one a second per channel.
PACED_METHODS = {"chat.postMessage", "chat.update", "chat.postEphemeral"}

# The failures --fault turns on.
FAULTS = {
    # Every connection gets "hello", then "disconnect" with reason
    # too_many_websockets, and is closed (another process holds the
    # app's connections).
    "too_many_websockets",
    # Every connection is closed 0.2 s after its "hello".
    "close_after_hello",
    # The bot token is revoked: every call made with it answers
    # token_revoked (the app-level token still works).
    "revoked",
    # Every response_url answers 404 (expired, used up).
    "hook_404",
}


class Fake:
    def __init__(self):
        self.port = 0
        self.scheme = ""            # "s" with --tls
        self.next = 1000
        self.refuse_open = {}       # user -> conversations.open error
        self.refuse_post = {}       # user -> chat.postMessage error in DM
        self.refuse_eph = {}        # user -> chat.postEphemeral error
        self.last_paced = {}        # channel -> time of the last message
        self.open_calls = {}        # channel -> its messages unanswered
        self.open_updates = 0       # chat.update calls unanswered
        self.answer_delay = 0.0     # s before a message's answer (op delay)
        self.socks = []             # live sockets, newest last
        self.tickets = set()
        self.mute = None            # a socket gone half-open
        self.storm = 0              # next N chat.postMessage get a 429
        self.storm_after = "1"      # their Retry-After
        self.admins = set()
        self.creators = {}          # channel -> creator
        self.envelopes = {}         # envelope_id -> sent envelope
        self.hooks = {}             # hook id -> {"user", "channel", ...}
        self.msgs = {}              # ts -> message
        self.log = {
            "opens": 0, "opens_bad_token": 0, "hellos": 0,
            "connections": [], "acks": {}, "late_acks": [],
            "bad_auth": [], "json_refused": [], "block_errors": [],
            "served_429": 0, "limited_texts": [], "early_after_429": 0,
            "users_info": 0, "conversations_info": 0, "im_opens": {},
            "hook_errors": [], "calls": [], "bad_frames": 0,
            "min_gap": {}, "paced": {}, "refused": [], "overlaps": [],
            "update_overlaps": 0,
        }
        self.limited_until = 0.0
        self.limited_at = 0.0
        self.faults = set()
        # channel -> "hidden" (a private channel the bot is not in:
        # channel_not_found) or "archived" (is_archived on writes).
        self.chan_state = {}
        self.post503 = []               # next posts: True lands, False not
        self.dm_gone = set()            # users whose D channel is forgotten
        self.log["chan_refused"] = []   # [method, channel, error]
        self.log["open_times"] = []     # monotonic time of each open

    def new_id(self):
        self.next += 1
        return str(self.next)

    def new_ts(self):
        self.next += 1
        return "1700000000.%06d" % self.next

    # --- Socket Mode ---------------------------------------------------

    async def link(self, request):
        ticket = request.query.get("ticket")
        if ticket not in self.tickets:
            return web.Response(status=401, text="bad or used ticket")
        self.tickets.discard(ticket)
        ws = web.WebSocketResponse(autoping=False)
        await ws.prepare(request)
        conn = {"n": len(self.log["connections"]) + 1, "opened":
                time.monotonic(), "hello": None, "closed": None,
                "by": None, "ws": ws}
        self.log["connections"].append({k: v for k, v in conn.items()
                                        if k != "ws"})
        entry = self.log["connections"][-1]
        self.socks.append(conn)
        await ws.send_str(json.dumps({
            "type": "hello", "num_connections": len(self.socks),
            "debug_info": {"host": "fake-slack", "build_number": 1,
                           "approximate_connection_time": 18060},
            "connection_info": {"app_id": "A0FAKE"}}))
        self.log["hellos"] += 1
        entry["hello"] = time.monotonic()
        if "too_many_websockets" in self.faults:
            await ws.send_str(json.dumps({
                "type": "disconnect", "reason": "too_many_websockets",
                "debug_info": {"host": "fake-slack"}}))
            asyncio.get_running_loop().call_later(
                0.1, lambda: asyncio.ensure_future(ws.close()))
        if "close_after_hello" in self.faults:
            asyncio.get_running_loop().call_later(
                0.2, lambda: asyncio.ensure_future(ws.close()))
        async def ping(msg):
            if self.mute is not conn:
                await ws.pong(msg.data)

        by = "slack"
        while True:
            kind, data = await fake_common.ws_next(ws, ping)
            if kind == "close":
                by = "bot"
                await ws.close()
            if kind != "text":
                break
            if self.mute is conn:
                continue        # half-open: nothing arrives
            try:
                p = json.loads(data)
                eid = p["envelope_id"]
                env = self.envelopes[eid]
            except (ValueError, KeyError, TypeError):
                self.log["bad_frames"] += 1
                continue
            late = time.monotonic() - env["sent"]
            self.log["acks"].setdefault(eid, []).append(
                {"conn": conn["n"], "latency": late})
            if late > 3.0:
                self.log["late_acks"].append(late)
        entry["closed"] = time.monotonic()
        entry["by"] = by
        if conn in self.socks:
            self.socks.remove(conn)
        return ws

    def live(self):
        """The newest socket that said hello and is not muted."""
        for c in reversed(self.socks):
            if c is not self.mute and not c["ws"].closed:
                return c
        return None

    async def deliver(self, etype, payload, eid=None, retry=0):
        c = self.live()
        if c is None:
            return None
        eid = eid or "env-" + self.new_id()
        env = {"envelope_id": eid, "type": etype, "payload": payload,
               "accepts_response_payload": etype != "interactive",
               "retry_attempt": retry,
               "retry_reason": "timeout" if retry else ""}
        self.envelopes[eid] = {"sent": time.monotonic(), "env": env}
        await c["ws"].send_str(json.dumps(env))
        return eid

    # --- Web API -------------------------------------------------------

    async def args(self, request, method):
        """The call's arguments, from a form or (write methods) JSON."""
        ctype = request.headers.get("Content-Type", "")
        raw = await request.read()
        if ctype.startswith("application/json"):
            if method not in JSON_METHODS:
                self.log["json_refused"].append(method)
                return None
            return json.loads(raw or b"{}")
        args = dict(urllib.parse.parse_qsl(raw.decode()))
        if "blocks" in args:
            args["blocks"] = json.loads(args["blocks"])
        return args

    @staticmethod
    def text_ok(txt, most):
        """A text object: mrkdwn or plain_text of 1 to most characters."""
        return isinstance(txt, dict) and \
            txt.get("type") in ("mrkdwn", "plain_text") and \
            isinstance(txt.get("text"), str) and \
            1 <= len(txt["text"]) <= most

    def check_blocks(self, blocks, where):
        """Block Kit's limits for the blocks the bot sends: at most 50
        blocks; sections, headers, contexts and actions each within
        theirs (block_errors)."""
        return fake_common.check_list(
            blocks, 50, "%s: blocks must be a list of at most 50" % where,
            lambda b, ids: self.block_errors(b, ids, where))

    def block_errors(self, b, ids, where):
        """The errors of block b (see below); ids holds the action_ids of
        the message's blocks before it."""
        errs = []
        t = b.get("type")
        if t == "section":
            # Text, fields or both: text of 1-3000 characters, at
            # most 10 fields of 1-2000 each.
            if "text" not in b and "fields" not in b:
                errs.append("%s: a section needs text or fields" %
                            where)
            txt = b.get("text")
            if txt is not None and not self.text_ok(txt, 3000):
                errs.append("%s: bad section text" % where)
            fields = b.get("fields", [])
            if not isinstance(fields, list) or \
                    not (1 <= len(fields) <= 10 or "fields" not in b):
                errs.append("%s: a section has 1 to 10 fields" % where)
                fields = []
            for f in fields:
                if not self.text_ok(f, 2000):
                    errs.append("%s: bad section field %r" %
                                (where, f))
        elif t == "header":
            # Plain text only, 1-150 characters.
            txt = b.get("text") or {}
            if txt.get("type") != "plain_text" or \
                    not self.text_ok(txt, 150):
                errs.append("%s: bad header %r" % (where, txt))
        elif t == "context":
            # 1-10 elements, text objects of 1-3000 characters here.
            els = b.get("elements")
            if not isinstance(els, list) or not 1 <= len(els) <= 10:
                errs.append("%s: a context has 1 to 10 elements" %
                            where)
                return errs
            for e in els:
                if not self.text_ok(e, 3000):
                    errs.append("%s: bad context element %r" %
                                (where, e))
        elif t == "actions":
            els = b.get("elements")
            if not isinstance(els, list) or not 1 <= len(els) <= 25:
                errs.append("%s: actions need 1 to 25 elements" % where)
                return errs
            for e in els:
                txt = e.get("text") or {}
                aid = e.get("action_id")
                if e.get("type") != "button" or \
                        txt.get("type") != "plain_text" or \
                        not 1 <= len(txt.get("text", "")) <= 75:
                    errs.append("%s: bad button %r" % (where, txt))
                if not isinstance(aid, str) or \
                        not 1 <= len(aid) <= 255 or aid in ids:
                    errs.append("%s: bad or repeated action_id %r" %
                                (where, aid))
                ids.add(aid)
                if len(e.get("value", "")) > 2000:
                    errs.append("%s: value too long" % where)
                if e.get("style") not in (None, "primary", "danger"):
                    errs.append("%s: bad style" % where)
        else:
            errs.append("%s: unexpected block %r" % (where, t))
        return errs

    def store(self, channel, args, ephemeral_for=None, dm_user=None):
        ts = self.new_ts()
        m = {"ts": ts, "channel": channel, "text": args.get("text", ""),
             "blocks": args.get("blocks") or [], "ephemeral":
             ephemeral_for, "dm_user": dm_user, "history": [],
             "deleted": False, "metadata": args.get("metadata")}
        self.msgs[ts] = m
        return m

    def dm_user_of(self, channel):
        for u, ch in self.log["im_opens"].items():
            if "D" + u == channel:
                return u
        return None

    async def api(self, request):
        method = request.match_info["method"]
        auth = request.headers.get("Authorization", "")
        self.log["calls"].append(method)
        want = APP_TOKEN if method == "apps.connections.open" else BOT_TOKEN
        if "revoked" in self.faults and want == BOT_TOKEN:
            self.log["revoked_calls"] = self.log.get("revoked_calls", 0) + 1
            return web.json_response({"ok": False, "error": "token_revoked"})
        if auth != "Bearer " + want:
            self.log["bad_auth"].append(method)
            if method == "apps.connections.open" and \
                    auth == "Bearer " + BOT_TOKEN:
                return web.json_response({"ok": False, "error":
                                          "not_allowed_token_type"})
            return web.json_response({"ok": False, "error": "invalid_auth"})
        a = await self.args(request, method)
        if a is None:
            return web.json_response({"ok": False,
                                      "error": "invalid_arguments"})
        if method in PACED_METHODS:
            ch = a.get("channel", "")
            self.pace(ch)
            # A message to a channel with another still unanswered: Slack
            # may take them in either order.
            # So may two workspace-wide edits (Tier 3, paced by the bot).
            if self.open_calls.get(ch, 0) > 0:
                self.log["overlaps"].append([method, ch])
            if method == "chat.update" and self.open_updates > 0:
                self.log["update_overlaps"] += 1
            self.open_calls[ch] = self.open_calls.get(ch, 0) + 1
            self.open_updates += method == "chat.update"
            try:
                if self.answer_delay > 0:
                    await asyncio.sleep(self.answer_delay)
                return await self.answer(method, a)
            finally:
                self.open_calls[ch] -= 1
                self.open_updates -= method == "chat.update"
        return await self.answer(method, a)

    async def answer(self, method, a):
        """The answer to a call of method with arguments a."""
        st = self.chan_state.get(a.get("channel", ""))
        if st and method in JSON_METHODS:
            err = "channel_not_found" if st == "hidden" else "is_archived"
            self.log["chan_refused"].append([method, a["channel"], err])
            return web.json_response({"ok": False, "error": err})
        h = getattr(self, "m_" + method.replace(".", "_"), None)
        if h is None:
            return web.json_response({"ok": False,
                                      "error": "unknown_method"})
        return await h(a)

    def pace(self, channel):
        """Notes the time since the last message to channel."""
        now = time.monotonic()
        last = self.last_paced.get(channel)
        self.last_paced[channel] = now
        self.log["paced"][channel] = self.log["paced"].get(channel, 0) + 1
        if last is not None:
            gap = now - last
            if gap < self.log["min_gap"].get(channel, 1e9):
                self.log["min_gap"][channel] = gap

    def refuse(self, method, error):
        self.log["refused"].append([method, error])
        return web.json_response({"ok": False, "error": error})

    async def m_apps_connections_open(self, a):
        self.log["opens"] += 1
        self.log["open_times"].append(time.monotonic())
        t = "t" + self.new_id()
        self.tickets.add(t)
        return web.json_response({"ok": True, "url":
                                  "ws%s://127.0.0.1:%d/link/?ticket=%s" %
                                  (self.scheme, self.port, t)})

    async def m_chat_postMessage(self, a):
        ch = a.get("channel", "")
        if self.storm > 0:
            self.storm -= 1
            self.log["served_429"] += 1
            self.log["limited_texts"].append(a.get("text", ""))
            self.limited_until = time.monotonic() + 1.0
            self.limited_at = time.monotonic()
            return web.json_response({"ok": False, "error": "ratelimited"},
                                     status=429,
                                     headers={"Retry-After":
                                              self.storm_after})
        # Early: sent while the bot knew of the 429.  A post that arrives
        # within 50 ms of it was already on its way (the bot posts to
        # several channels at once), which no client can take back.
        now = time.monotonic()
        if self.limited_at + 0.05 < now < self.limited_until - 0.05:
            self.log["early_after_429"] += 1
        if not (ch.startswith("C") or self.dm_user_of(ch)):
            return web.json_response({"ok": False,
                                      "error": "channel_not_found"})
        if self.dm_user_of(ch) in self.dm_gone:
            # Slack no longer knows the cached channel, once.
            self.dm_gone.discard(self.dm_user_of(ch))
            self.log["refused"].append(["chat.postMessage",
                                        "channel_not_found"])
            return web.json_response({"ok": False,
                                      "error": "channel_not_found"})
        if self.dm_user_of(ch) in self.refuse_post:
            return self.refuse("chat.postMessage",
                               self.refuse_post[self.dm_user_of(ch)])
        if not a.get("text") and not a.get("blocks"):
            return web.json_response({"ok": False, "error": "no_text"})
        errs = self.check_blocks(a.get("blocks"), "postMessage")
        if errs:
            self.log["block_errors"] += errs
            return web.json_response({"ok": False, "error": "invalid_blocks"})
        land = self.post503.pop(0) if self.post503 else None
        if land is False:
            return web.Response(status=503, text="upstream timed out")
        m = self.store(ch, a, dm_user=self.dm_user_of(ch))
        if land:
            # It landed, but the answer says otherwise.
            return web.Response(status=503, text="upstream timed out")
        return web.json_response({"ok": True, "channel": ch, "ts": m["ts"],
                                  "message": {"text": m["text"],
                                              "ts": m["ts"]}})

    async def m_chat_update(self, a):
        self.log.setdefault("update_times", []).append(time.monotonic())
        m = self.msgs.get(a.get("ts"))
        if m is None or m["deleted"] or m["channel"] != a.get("channel") \
                or m["ephemeral"]:
            return web.json_response({"ok": False,
                                      "error": "message_not_found"})
        errs = self.check_blocks(a.get("blocks"), "update")
        if errs:
            self.log["block_errors"] += errs
            return web.json_response({"ok": False, "error": "invalid_blocks"})
        m["history"].append({"text": m["text"], "blocks": m["blocks"]})
        m["text"] = a.get("text", m["text"])
        if "blocks" in a:
            m["blocks"] = a["blocks"] or []
        return web.json_response({"ok": True, "channel": m["channel"],
                                  "ts": m["ts"], "text": m["text"]})

    async def m_chat_delete(self, a):
        m = self.msgs.get(a.get("ts"))
        if m is None or m["deleted"]:
            return web.json_response({"ok": False,
                                      "error": "message_not_found"})
        m["deleted"] = True
        return web.json_response({"ok": True, "channel": m["channel"],
                                  "ts": m["ts"]})

    async def m_chat_postEphemeral(self, a):
        errs = self.check_blocks(a.get("blocks"), "postEphemeral")
        if errs:
            self.log["block_errors"] += errs
            return web.json_response({"ok": False, "error": "invalid_blocks"})
        if not a.get("user") or not a.get("channel"):
            return web.json_response({"ok": False, "error": "user_not_found"})
        if a["user"] in self.refuse_eph:
            return self.refuse("chat.postEphemeral",
                               self.refuse_eph[a["user"]])
        m = self.store(a["channel"], a, ephemeral_for=a["user"])
        return web.json_response({"ok": True, "message_ts": m["ts"]})

    async def m_conversations_open(self, a):
        u = a.get("users", "")
        if not u.startswith("U") or "," in u:
            return web.json_response({"ok": False, "error": "user_not_found"})
        if u in self.refuse_open:
            return self.refuse("conversations.open", self.refuse_open[u])
        self.log["im_opens"][u] = self.log["im_opens"].get(u, 0) + 1
        return web.json_response({"ok": True, "channel": {"id": "D" + u}})

    async def m_users_info(self, a):
        self.log["users_info"] += 1
        u = a.get("user", "")
        if not u.startswith("U"):
            return web.json_response({"ok": False, "error": "user_not_found"})
        return web.json_response({"ok": True, "user": {
            "id": u, "name": u.lower(), "is_admin": u in self.admins,
            "is_owner": False, "is_primary_owner": False, "is_bot": False}})

    async def m_conversations_history(self, a):
        """The channel's latest messages, newest first; metadata only
        with include_all_metadata."""
        self.log["history"] = self.log.get("history", 0) + 1
        ch = a.get("channel", "")
        limit = int(a.get("limit", "100"))
        out = []
        for m in sorted(self.msgs.values(), key=lambda m: m["ts"],
                        reverse=True):
            if m["channel"] != ch or m["ephemeral"] or m["deleted"]:
                continue
            o = {"type": "message", "ts": m["ts"], "text": m["text"],
                 "user": BOT_USER}
            if a.get("include_all_metadata") == "true" and m["metadata"]:
                o["metadata"] = m["metadata"]
            out.append(o)
            if len(out) >= limit:
                break
        return web.json_response({"ok": True, "messages": out,
                                  "has_more": False})

    async def m_auth_test(self, a):
        return web.json_response({"ok": True, "user_id": BOT_USER,
                                  "bot_id": "B0FAKE", "team_id": "T0FAKE"})

    async def m_conversations_info(self, a):
        self.log["conversations_info"] += 1
        ch = a.get("channel", "")
        if not ch.startswith("C") or self.chan_state.get(ch) == "hidden":
            return web.json_response({"ok": False,
                                      "error": "channel_not_found"})
        return web.json_response({"ok": True, "channel": {
            "id": ch, "name": ch.lower(), "is_channel": True,
            "is_archived": self.chan_state.get(ch) == "archived",
            "creator": self.creators.get(ch, "UFOUNDER")}})

    async def hook(self, request):
        if "hook_404" in self.faults:
            self.log["hook_404"] = self.log.get("hook_404", 0) + 1
            return web.Response(status=404, text="expired_url")
        h = self.hooks.get(request.match_info["id"])
        try:
            body = json.loads(await request.read())
        except ValueError:
            body = None
        if h is None or not isinstance(body, dict):
            self.log["hook_errors"].append("unknown hook or bad body")
            return web.Response(status=404, text="no_hook")
        h["uses"] += 1
        if h["uses"] > 5:
            self.log["hook_errors"].append("more than 5 uses")
            return web.json_response({"ok": False, "error": "used_up"},
                                     status=404)
        errs = self.check_blocks(body.get("blocks"), "response_url")
        if errs:
            self.log["block_errors"] += errs
            return web.json_response({"ok": False, "error": "invalid_blocks"})
        if body.get("replace_original"):
            m = self.msgs.get(h.get("message"))
            if m is None:
                self.log["hook_errors"].append("replace without a message")
                return web.json_response({"ok": False,
                                          "error": "no_original"})
            m["history"].append({"text": m["text"], "blocks": m["blocks"]})
            m["text"] = body.get("text", "")
            m["blocks"] = body.get("blocks") or []
            h.setdefault("answers", []).append({"kind": "replace",
                                                "ts": m["ts"]})
            return web.json_response({"ok": True})
        if body.get("response_type") == "in_channel":
            m = self.store(h["channel"], body)
            h.setdefault("answers", []).append({"kind": "public",
                                                "ts": m["ts"]})
        else:
            m = self.store(h["channel"], body, ephemeral_for=h["user"])
            h.setdefault("answers", []).append({"kind": "ephemeral",
                                                "ts": m["ts"]})
        return web.json_response({"ok": True})

    def new_hook(self, user, channel, message=None):
        hid = self.new_id()
        self.hooks[hid] = {"user": user, "channel": channel,
                           "message": message, "uses": 0}
        return hid, "http%s://127.0.0.1:%d/hooks/%s" % (self.scheme,
                                                        self.port, hid)

    # --- control -------------------------------------------------------

    async def t_command(self, request):
        """Runs a slash command: {user, name, channel, command, text};
        with count N, N of them at once, one envelope after the other
        with nothing between (a real burst, however slow the test's own
        calls are): then "hooks" lists every one's hook too."""
        p = await request.json()
        hooks = []
        for i in range(max(1, int(p.get("count", 1)))):
            r = await self.command(p)
            if r is None:
                return web.json_response({"error": "no socket"},
                                         status=409)
            hooks.append(r[1])
            if i == 0:
                first = r
        return web.json_response({"envelope_id": first[0],
                                  "hook": first[1], "hooks": hooks})

    async def command(self, p):
        """Delivers one slash command as t_command describes; its
        envelope id and hook id, or None without a socket."""
        hid, url = self.new_hook(p["user"], p["channel"])
        payload = {
            "token": "verification-token",
            "team_id": p.get("team") or "T0FAKE",
            "team_domain": "fake", "channel_id": p["channel"],
            "channel_name": "directmessage" if p["channel"][0] == "D"
            else p["channel"].lower(),
            "user_id": p["user"], "user_name": p["name"],
            "command": p.get("command", "/cheers"), "text": p["text"],
            "api_app_id": "A0FAKE", "is_enterprise_install": "false",
            "response_url": url, "trigger_id": "trig." + self.new_id()}
        if p.get("raw") is not None:
            payload = p["raw"]
        if p.get("no_response_url"):
            del payload["response_url"]
        eid = await self.deliver("slash_commands", payload)
        return None if eid is None else (eid, hid)

    async def t_click(self, request):
        """Clicks a button: {user, name, ts, action_id}.  The message
        must be one the user sees and hold that button."""
        p = await request.json()
        m = self.msgs.get(p["ts"])
        if m is None or m["deleted"]:
            return web.json_response({"error": "no such message"}, status=409)
        if (m["ephemeral"] or m["dm_user"]) and \
                p["user"] not in (m["ephemeral"], m["dm_user"]):
            return web.json_response({"error": "not your message"},
                                     status=409)
        btn = None
        for b in m["blocks"]:
            for e in b.get("elements", []) if b.get("type") == "actions" \
                    else []:
                if e.get("action_id") == p["action_id"]:
                    btn = (b, e)
        if btn is None:
            return web.json_response({"error": "no such button"}, status=409)
        hid, url = self.new_hook(p["user"], m["channel"], m["ts"])
        payload = {
            "type": "block_actions",
            "user": {"id": p["user"], "username": p["name"],
                     "name": p["name"], "team_id": "T0FAKE"},
            "api_app_id": "A0FAKE", "token": "verification-token",
            "container": {"type": "message", "message_ts": m["ts"],
                          "channel_id": m["channel"],
                          "is_ephemeral": bool(m["ephemeral"])},
            "trigger_id": "trig." + self.new_id(),
            "team": {"id": "T0FAKE", "domain": "fake"},
            "channel": {"id": m["channel"], "name": m["channel"].lower()},
            "response_url": url,
            "actions": [{"type": "button", "action_id": btn[1]["action_id"],
                         "block_id": btn[0].get("block_id", "b"),
                         "text": btn[1]["text"],
                         "value": btn[1].get("value", ""),
                         "action_ts": "1700000001.000001"}]}
        if not m["ephemeral"]:
            payload["message"] = {"type": "message", "ts": m["ts"],
                                  "text": m["text"], "blocks": m["blocks"]}
        eid = await self.deliver("interactive", payload)
        if eid is None:
            return web.json_response({"error": "no socket"}, status=409)
        return web.json_response({"envelope_id": eid, "hook": hid})

    async def t_hook(self, request):
        h = self.hooks.get(request.query["id"])
        return web.json_response({"uses": h["uses"], "answers":
                                  h.get("answers", [])} if h else None)

    async def t_op(self, request):
        what = request.match_info["what"]
        q = request.query
        if what == "storm":
            self.storm = int(q.get("n", "2"))
            self.storm_after = q.get("after", "1")
        elif what == "admin":
            self.admins.add(q["user"])
        elif what == "creator":
            self.creators[q["channel"]] = q["user"]
        elif what == "disconnect":
            c = self.live()
            if c is None:
                return web.json_response({"error": "no socket"}, status=409)
            await c["ws"].send_str(json.dumps({
                "type": "disconnect", "reason": q.get("reason",
                                                      "refresh_requested"),
                "debug_info": {"host": "fake-slack"}}))
            # Like Slack, close it ourselves some seconds later.
            asyncio.get_running_loop().call_later(
                float(q.get("grace", "5")),
                lambda: asyncio.ensure_future(c["ws"].close()))
        elif what == "retry":
            eid = q["envelope_id"]
            env = self.envelopes[eid]["env"]
            await self.deliver(env["type"], env["payload"], eid=eid,
                               retry=env["retry_attempt"] + 1)
        elif what == "refuse_dm":
            # A user the bot cannot write to: at conversations.open, or
            # when it posts in their DM.
            where = self.refuse_open if q.get("at") == "open" else \
                self.refuse_post
            where[q["user"]] = q.get("error", "cannot_dm_bot")
        elif what == "refuse_ephemeral":
            self.refuse_eph[q["user"]] = q.get("error",
                                               "user_not_in_channel")
        elif what == "dm_gone":
            self.dm_gone.add(q["user"])
        elif what == "revoke":
            self.faults.add("revoked")
        elif what == "post503":
            # The next n chat.postMessage answer 503; land=1: after
            # posting the message.
            self.post503 += [q.get("land") == "1"] * int(q.get("n", "1"))
        elif what == "channel":
            # A channel's state: hidden, archived, or "" (fine).
            self.chan_state[q["id"]] = q.get("state", "")
        elif what == "event":
            # An Events API event (the request's JSON body), as the
            # subscribed app gets it.
            event = await request.json()
            eid = await self.deliver("events_api", {
                "type": "event_callback", "team_id": "T0FAKE",
                "api_app_id": "A0FAKE", "event": event,
                "event_id": "Ev" + self.new_id(),
                "event_time": int(time.time())})
            if eid is None:
                return web.json_response({"error": "no socket"}, status=409)
        elif what == "mute":
            self.mute = self.live()
        elif what == "delay":
            # Messages (PACED_METHODS) are answered ms later: a slow
            # network, so that calls are on their way for a while.
            self.answer_delay = int(q.get("ms", "0")) / 1000.0
        elif what == "raw":
            c = self.live()
            text = await request.text()
            try:
                eid = json.loads(text).get("envelope_id")
            except (ValueError, AttributeError):
                eid = None
            if isinstance(eid, str):
                self.envelopes[eid] = {"sent": time.monotonic(), "env": {}}
            await c["ws"].send_str(text)
        return web.json_response({"ok": True})

    async def t_messages(self, request):
        return web.json_response(self.msgs)

    async def t_state(self, request):
        s = dict(self.log)
        s["live"] = len(self.socks)
        s["open_calls"] = sum(self.open_calls.values())
        return web.json_response(s)


def main():
    ap = fake_common.arguments()
    ap.add_argument("--fault", action="append", default=[],
                    choices=sorted(FAULTS), help="turn a failure on")
    args = ap.parse_args()
    fake = Fake()
    fake.faults = set(args.fault)
    app = fake_common.app_of(fake, [
        ("GET", "/link/", fake.link),
        ("POST", "/api/{method}", fake.api),
        ("POST", "/hooks/{id}", fake.hook),
        ("POST", "/_test/command", fake.t_command),
        ("GET", "/_test/hook", fake.t_hook),
    ])
    fake_common.serve(app, args, fake)


if __name__ == "__main__":
    main()
