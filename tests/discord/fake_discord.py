#!/usr/bin/python3
"""A protocol-faithful fake Discord for cheersbot's scenario tests.

One aiohttp server on 127.0.0.1 serves the REST API under /api/v10, the
gateway websocket at /gateway, and a control API under /_test that the
test script uses to inject interactions, misbehave (op 7, op 9, dropped
sockets, a zombie that stops ACKing, 429 storms, closed DMs, slow edits,
an interaction delivered twice, in one session or across a RESUME),
click buttons on messages the bot sent, and read back what the bot sent.
With POST /_test/shards?count=N&concurrency=K it is sharded as Discord
is: GET /gateway/bot recommends N shards with max_concurrency K, each
shard is a session of its own, a guild's events go to shard
(guild_id >> 22) % N and DMs to shard 0, and IDENTIFYs closer than 5 s
in one bucket (shard_id % K) are counted; the control ops that act on
the socket take ?shard=.
Messages keep their id, content, components, embeds and every earlier
content and embeds, so edits in place, deletions and ephemeral answers
can be checked.  Embeds are held to Discord's documented limits (see
validate_embeds); one past them is refused with 50035, as Discord does.  It
binds port 0 and writes the port to --port-file.

Random REST faults for the soak test (tests/soak), off unless asked for
with --faults or POST /_test/faults: a share of requests answered slowly,
with a 5xx, or with a 429 of scope user, shared or global (Discord's
body and X-RateLimit headers; interaction callbacks are never given a
global one, as Discord exempts them).  Interactions remember whether the
gateway wrote them to a socket; one that Discord could never have
delivered (its session was invalidated first) counts as dropped by the
gateway, not lost by the bot.

Run it with Debian's /usr/bin/python3 and python3-aiohttp.
"""
import asyncio
import json
import math
import os
import random
import re
import sys
import time
import zlib

from aiohttp import web

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import fake_common  # noqa: E402

TOKEN = "test-token"
APP_ID = "1"
BOT_USER = {"id": "999", "username": "cheersbot", "bot": True}
BUCKET_SIZE = 5
BUCKET_WINDOW = 0.25
NAME_RE = re.compile(r"^[-_a-z0-9]{1,32}$")


def invalid_form():
    """Discord's answer to a body it refuses (50035)."""
    return web.json_response({"message": "Invalid Form Body",
                              "code": 50035}, status=400)


def edit_parts(m, body):
    """An edit of message m: the components and embeds body names replace
    m's, the old ones kept in their histories."""
    for key, old in (("components", "component_history"),
                     ("embeds", "embed_history")):
        if key in body:
            m[old].append(m[key])
            m[key] = body[key] or []


class GwShard:
    """One shard's gateway: its socket, the session that socket
    identified or resumed, and the shard's current session."""

    def __init__(self):
        self.ws = None              # the current gateway socket
        self.ws_session = None      # the session it identified or resumed
        self.transport = None
        self.session = None         # current session id


class Fake:
    def __init__(self, heartbeat_ms):
        self.heartbeat_ms = heartbeat_ms
        self.port = 0
        self.scheme = ""            # "s" with --tls
        self.gw = {}                # shard -> GwShard
        self.nshards = 1            # GET /gateway/bot's "shards"
        self.concurrency = 1        # and max_concurrency
        self.bucket_identify = {}   # shard % concurrency -> last IDENTIFY
        self.ack = True             # False: a zombie, no heartbeat ACKs
        self.sessions = {}          # session_id -> {"seq", "events", "shard"}
        self.next_id = 1000
        self.log = {
            "connections": 0, "identifies": [], "resumes": 0,
            "resumes_failed": 0, "heartbeats": 0, "ws_user_agents": [],
            "rest_user_agents": [], "bad_auth": 0, "messages": [],
            "callbacks": [], "followups": [], "commands": None,
            "command_errors": [], "dm_channels": {}, "served_429": 0,
            "limited_contents": [], "late_callbacks": [],
            "orphan_followups": 0, "close_codes": [], "unexpected_429": 0,
            "served_5xx": 0, "failed_contents": [], "dm_opens": {},
            "commands_route": None, "gateway_bot": 0,
            "component_errors": [], "edits": 0, "deletes": 0,
            "callback_errors": [], "compressed": 0,
            "embed_errors": [], "embeds_seen": 0,
            # interaction id -> seconds after its event of each callback
            "callback_tries": {},
            # interactions whose first answer the bot deleted
            "deleted_originals": [],
        }
        self.msgs = {}              # id -> message, see store_message
        self.patch_delay = 0.0      # seconds each edit takes
        self.dm_closed = set()
        self.zlib = {}              # id(ws) -> compressor, zlib-stream
        self.storm = 0              # next N channel posts get a 429
        self.fail5xx = 0            # next N channel posts get a 502
        self.fail5xx_callbacks = 0  # next N interaction callbacks too
        self.hang_callbacks = 0     # next N callbacks hang, then 502
        self.hang_s = 0.0
        self.storm_global = False
        self.interactions = {}      # token -> {"sent": time, "answered"}
        self.by_id = {}             # interaction id -> token
        self.bucket = {}            # channel -> [remaining, reset time]
        self.chan_msgs = {}         # channel -> [message id], for ?channel=
        # Random REST faults (see set_faults) and what was injected.
        self.faults = {"p429": 0.0, "p5xx": 0.0, "pslow": 0.0,
                       "slow": 0.5}
        self.rng = random.Random(1)
        self.log["faults"] = {}
        self.log["double_answers"] = 0
        self.log["dropped_by_gateway"] = 0
        self.pending = {}           # session id -> {unanswered tokens}
        self.last_rest = time.monotonic()   # the bot's last REST request
        # Channels closed to the bot: id -> (status, code); what the bot
        # still sent to each after that; the guild of each channel seen.
        self.gone = {}
        self.token = TOKEN          # what Authorization must carry
        self.resume_url = None      # READY's resume_gateway_url, if set
        # Message creates by nonce: (channel, nonce) -> (id, time); the
        # channels whose next create lands but loses its answer.
        self.nonces = {}
        self.lose_answer = set()
        # The next N DM channel opens / DM sends answer 502.
        self.faildm = {"open": 0, "send": 0}
        # session_start_limit: no starts left until this time.
        self.starts_reset_at = 0.0
        self.starts_left = 0        # session starts left until then
        self.log["identify_over_budget"] = 0
        self.log["identify_times"] = []
        # IDENTIFYs of one bucket less than 5 s apart; dispatches by shard.
        self.log["identify_too_fast"] = 0
        self.log["shard_events"] = {}
        self.log["dm_5xx"] = {"open": 0, "send": 0}
        self.log.update({"no_nonce": 0, "nonce_hits": 0, "lost_answers": []})
        self.log["refused_after"] = 0   # 401s since POST /_test/token
        self.log["refused_paths"] = []  # what they answered, in order
        self.log["gone_requests"] = {}
        self.chan_guild = {}

    def count_fault(self, kind):
        self.log["faults"][kind] = self.log["faults"].get(kind, 0) + 1

    def set_faults(self, spec):
        """Sets random REST faults from {name: value}: p429, p5xx, pslow
        (shares of requests, 0 to 1) and slow (seconds, the longest
        delay)."""
        for k, v in spec.items():
            if k not in self.faults:
                raise ValueError("unknown fault %r" % k)
            self.faults[k] = float(v)

    FAULT_ROUTES = (
        (re.compile(r"^/api/v10/interactions/\d+/[^/]+/callback$"), None,
         "callback"),
        (re.compile(r"^/api/v10/webhooks/"), None, "webhook"),
        (re.compile(r"^/api/v10/channels/\d+/messages"), "DELETE",
         "deletebucket"),
        (re.compile(r"^/api/v10/channels/\d+/messages"), None, "msgbucket"),
        (re.compile(r"^/api/v10/users/@me/channels$"), None, "dmbucket"),
    )

    @web.middleware
    async def fault_middleware(self, request, handler):
        """Random faults on the message, DM, callback and webhook routes:
        a slow answer is slow after the work is done (Discord has the
        request, the answer takes its time); a 5xx or 429 does no work."""
        gone = self.gone_answer(request)
        if gone is not None:
            return gone
        route = None
        for rx, method, name in self.FAULT_ROUTES:
            if rx.match(request.path) and method in (None, request.method):
                route = name
                break
        if route is None or not any(self.faults[k] for k in
                                    ("p429", "p5xx", "pslow")):
            return await handler(request)
        f = self.faults
        delay = 0.0
        if f["pslow"] and self.rng.random() < f["pslow"]:
            self.count_fault("slow")
            delay = f["slow"] * (0.2 + 0.8 * self.rng.random())
        fault = self.rest_fault(route, callback=route == "callback")
        response = fault if fault is not None else await handler(request)
        if delay:
            await asyncio.sleep(delay)
        return response

    GONE_RE = re.compile(r"^/api/v10/channels/(\d+)(/|$)")

    def gone_answer(self, request):
        """A request to a channel that is deleted (10003) or closed to
        the bot (50001, 50013): counted, and refused as Discord does."""
        m = self.GONE_RE.match(request.path)
        if m is None or m.group(1) not in self.gone:
            return None
        chan = m.group(1)
        g = self.log["gone_requests"]
        g[chan] = g.get(chan, 0) + 1
        status, code = self.gone[chan]
        msg = {10003: "Unknown Channel", 50001: "Missing Access",
               50013: "Missing Permissions"}[code]
        return web.json_response({"message": msg, "code": code},
                                 status=status)

    def rest_fault(self, route, callback=False):
        """Maybe answers 5xx or 429 instead of doing the work: the
        response to give, or None to go on."""
        f = self.faults
        if f["p5xx"] and self.rng.random() < f["p5xx"]:
            status = self.rng.choice((500, 502, 503, 504))
            self.count_fault("http_%d" % status)
            return web.Response(status=status, text="upstream trouble")
        if f["p429"] and self.rng.random() < f["p429"]:
            scope = self.rng.choice(("user", "user", "shared", "global"))
            if callback and scope == "global":
                scope = "user"
            self.count_fault("429_" + scope)
            retry = round(0.05 + 0.4 * self.rng.random(), 3)
            h = {"Retry-After": str(int(math.ceil(retry))),
                 "X-RateLimit-Scope": scope}
            if scope == "global":
                h["X-RateLimit-Global"] = "true"
            else:
                h.update({"X-RateLimit-Bucket": route,
                          "X-RateLimit-Limit": str(BUCKET_SIZE),
                          "X-RateLimit-Remaining": "0",
                          "X-RateLimit-Reset": "%.3f" % (time.time() + retry),
                          "X-RateLimit-Reset-After": "%.3f" % retry})
            return web.json_response({"message": "You are being rate "
                                      "limited.", "retry_after": retry,
                                      "global": scope == "global"},
                                     status=429, headers=h)
        return None

    def kill_session(self, sid):
        """Discord forgets session sid (op 9 d:false, 4007, 4009, or a new
        IDENTIFY): its interactions that were never written to a socket
        can no longer arrive; they count as dropped by the gateway."""
        self.sessions.pop(sid, None)
        for token in self.pending.pop(sid, set()):
            ix = self.interactions[token]
            if not ix["answered"] and not ix["written"]:
                ix["dropped"] = True
                self.log["dropped_by_gateway"] += 1

    def new_id(self):
        self.next_id += 1
        return str(self.next_id)

    def shard(self, i=0):
        """Shard i's gateway state."""
        return self.gw.setdefault(i, GwShard())

    def shard_of(self, guild):
        """The shard of a guild's events, as Discord routes them; DMs
        (no guild) go to shard 0."""
        return (int(guild) >> 22) % self.nshards if guild else 0

    def paced(self, shard):
        """Counts an IDENTIFY of shard that came less than 5 s after the
        last of its bucket (shard % max_concurrency)."""
        key = shard % self.concurrency
        now = time.monotonic()
        last = self.bucket_identify.get(key)
        if last is not None and now - last < 5.0:
            self.log["identify_too_fast"] += 1
        self.bucket_identify[key] = now

    async def take_socket(self, sh, ws, transport):
        """ws becomes shard sh's socket; an older one is closed."""
        old = sh.ws
        sh.ws = ws
        sh.ws_session = None      # set by IDENTIFY or RESUME
        sh.transport = transport
        if old is not None and old is not ws and not old.closed:
            await old.close(code=4000)

    # --- gateway -------------------------------------------------------

    async def send(self, ws, payload):
        z = self.zlib.get(id(ws))
        if z is None:
            await ws.send_str(json.dumps(payload))
            return
        # zlib-stream: one stream per connection, flushed after each
        # payload; a long payload is split over two websocket messages,
        # which Discord may do too.
        data = z.compress(json.dumps(payload).encode()) + \
            z.flush(zlib.Z_SYNC_FLUSH)
        if len(data) > 64:
            await ws.send_bytes(data[:len(data) // 2])
            await ws.send_bytes(data[len(data) // 2:])
        else:
            await ws.send_bytes(data)

    async def send_event(self, ws, ev):
        """Writes a dispatch; an interaction it carries is then written
        (the bot reads it before anything sent after it)."""
        try:
            await self.send(ws, ev)
        except (ConnectionError, RuntimeError):
            return      # a closing socket: the RESUME brings it again
        token = ev.get("d", {}).get("token")
        if ev.get("t") == "INTERACTION_CREATE" and token in self.interactions:
            ix = self.interactions[token]
            ix["written"] = True
            ix.setdefault("delivered", time.monotonic())

    async def dispatch(self, t, d, shard=None):
        """Sends a dispatch on the current session of its shard (by
        guild_id, unless given); kept for RESUME."""
        if shard is None:
            shard = self.shard_of(d.get("guild_id"))
        sh = self.shard(shard)
        k = str(shard)
        self.log["shard_events"][k] = self.log["shard_events"].get(k, 0) + 1
        s = self.sessions.get(sh.session)
        token = d.get("token") if t == "INTERACTION_CREATE" else None
        ix = self.interactions.get(token)
        if s is None:
            # No session: Discord has nowhere to deliver it.
            if ix is not None:
                ix["dropped"] = True
                self.log["dropped_by_gateway"] += 1
            return
        s["seq"] += 1
        ev = {"op": 0, "t": t, "s": s["seq"], "d": d}
        s["events"].append(ev)
        if ix is not None:
            ix["session"] = sh.session
            ix["shard"] = shard
            self.pending.setdefault(sh.session, set()).add(token)
        # Only a connection that has identified or resumed gets events.
        if sh.ws is not None and not sh.ws.closed and s.get("live") \
                and sh.ws_session == sh.session:
            await self.send_event(sh.ws, ev)

    async def gateway(self, request):
        if request.query.get("v") != "10" or \
                request.query.get("encoding") != "json":
            return web.Response(status=400, text="want ?v=10&encoding=json")
        compress = request.query.get("compress")
        if compress not in (None, "zlib-stream"):
            return web.Response(status=400, text="bad compress")
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        if compress:
            self.zlib[id(ws)] = zlib.compressobj()
            self.log["compressed"] += 1
        self.log["connections"] += 1
        self.log["ws_user_agents"].append(request.headers.get("User-Agent", ""))
        # Unsharded, a new socket is the one socket at once; sharded, it
        # is a shard's once it identifies or resumes.
        sh = None
        if self.nshards == 1:
            sh = self.shard(0)
            await self.take_socket(sh, ws, request.transport)
        await self.send(ws, {"op": 10, "d": {
            "heartbeat_interval": self.heartbeat_ms}})
        frame_code = None
        while True:
            kind, data = await fake_common.ws_next(ws)
            if kind == "close":
                frame_code = data         # the code the bot closed with
            if kind != "text":
                break
            try:
                p = json.loads(data)
                op = p["op"]
            except (ValueError, KeyError, TypeError):
                await ws.close(code=4002)
                break
            if op == 1:
                self.log["heartbeats"] += 1
                # What the bot has seen need not be kept for a RESUME.
                s = self.sessions.get(sh.session if sh else None)
                if s is not None and isinstance(p.get("d"), int) and \
                        s["events"] and s["events"][0]["s"] <= p["d"]:
                    s["events"] = [e for e in s["events"] if e["s"] > p["d"]]
                if self.ack:
                    await self.send(ws, {"op": 11})
            elif op == 2:
                d = p.get("d") or {}
                if d.get("token") != self.token:
                    await ws.close(code=4004)
                    break
                if time.monotonic() >= self.starts_reset_at:
                    pass
                elif self.starts_left > 0:
                    self.starts_left -= 1
                else:
                    self.log["identify_over_budget"] += 1
                self.log["identifies"].append({
                    "intents": d.get("intents"), "shard": d.get("shard")})
                self.log["identify_times"].append(time.monotonic())
                num = 0
                if self.nshards > 1:
                    pair = d.get("shard")
                    if not isinstance(pair, list) or len(pair) != 2 or \
                            pair[1] != self.nshards or \
                            not 0 <= pair[0] < self.nshards:
                        await ws.close(code=4010)   # Invalid shard
                        break
                    num = pair[0]
                    sh = self.shard(num)
                    await self.take_socket(sh, ws, request.transport)
                self.paced(num)
                sid = "s" + self.new_id()
                # One session a shard: its old ones are gone for good.
                for old_sid in list(self.sessions):
                    if self.sessions[old_sid]["shard"] == num:
                        self.kill_session(old_sid)
                self.sessions[sid] = {"seq": 0, "events": [], "live": True,
                                      "shard": num}
                sh.session = sid
                if sh.ws is ws:
                    sh.ws_session = sid
                await self.dispatch("READY", {
                    "v": 10, "user": BOT_USER, "guilds": [],
                    "session_id": sid,
                    "resume_gateway_url": self.resume_url or
                        "ws%s://127.0.0.1:%d/gateway" % (self.scheme, self.port),
                    "application": {"id": APP_ID, "flags": 0},
                    "shard": [num, self.nshards]}, shard=num)
            elif op == 6:
                d = p.get("d") or {}
                s = self.sessions.get(d.get("session_id"))
                if d.get("token") != self.token or s is None or \
                        not isinstance(d.get("seq"), int):
                    self.log["resumes_failed"] += 1
                    await self.send(ws, {"op": 9, "d": False})
                    continue
                self.log["resumes"] += 1
                if self.nshards > 1:
                    sh = self.shard(s["shard"])
                    await self.take_socket(sh, ws, request.transport)
                sh.session = d["session_id"]
                s["live"] = True
                # Replays what was missed, and what comes meanwhile.
                last = d["seq"]
                while True:
                    missed = [e for e in s["events"] if e["s"] > last]
                    if not missed:
                        break
                    for ev in missed:
                        await self.send_event(ws, ev)
                        last = ev["s"]
                # From here on, new events come live on this connection.
                if sh.ws is ws:
                    sh.ws_session = sh.session
                await self.dispatch("RESUMED", {}, shard=s["shard"])
        self.log["close_codes"].append(
            frame_code if frame_code is not None else ws.close_code)
        if sh is not None and sh.ws is ws:
            sh.ws = None
        self.zlib.pop(id(ws), None)
        return ws

    # --- REST ----------------------------------------------------------

    def check(self, request):
        self.last_rest = time.monotonic()
        self.log["rest_user_agents"].append(request.headers.get("User-Agent", ""))
        if request.headers.get("Authorization") != "Bot " + self.token:
            self.log["bad_auth"] += 1
            self.log["refused_after"] += 1
            self.log["refused_paths"].append(request.method + " " +
                                             request.path)
            return web.json_response({"message": "401: Unauthorized",
                                      "code": 0}, status=401)
        return None

    async def gateway_bot(self, request):
        self.log["gateway_bot"] += 1
        # A response is falsy (an empty mapping), so "is not None".
        bad = self.check(request)
        if bad is not None:
            return bad
        left = self.starts_reset_at - time.monotonic()
        return web.json_response({
            "url": "ws%s://127.0.0.1:%d/gateway" % (self.scheme, self.port),
            "shards": self.nshards,
            "session_start_limit": {
                "total": 1000,
                "remaining": self.starts_left if left > 0 else 999,
                "reset_after": math.ceil(max(left, 0) * 1000),
                "max_concurrency": self.concurrency}})

    def ratelimit_take(self, channel):
        """Counts a message on the channel's bucket (BUCKET_SIZE a
        BUCKET_WINDOW, like Discord's 5 per 5 s but quicker).  Returns the
        X-RateLimit headers, or None when the bot should have waited."""
        now = time.monotonic()
        rem, reset = self.bucket.get(channel, [BUCKET_SIZE, 0.0])
        if now >= reset - 0.02:     # 20 ms for clocks and rounding
            rem, reset = BUCKET_SIZE, now + BUCKET_WINDOW
        if rem == 0:
            return None
        rem -= 1
        self.bucket[channel] = [rem, reset]
        return {"X-RateLimit-Bucket": "msgbucket",
                "X-RateLimit-Limit": str(BUCKET_SIZE),
                "X-RateLimit-Remaining": str(rem),
                "X-RateLimit-Reset": "%.3f" % (time.time() +
                                               max(reset - now, 0)),
                "X-RateLimit-Reset-After": "%.3f" % max(reset - now, 0)}

    def validate_components(self, comps, where):
        """Discord's limits: 5 action rows of 5 buttons, custom_id of at
        most 100 characters and unique in the message, label of at most
        80, style 1-4."""
        def row_errors(row, ids):
            if not isinstance(row, dict) or row.get("type") != 1 or \
                    not isinstance(row.get("components"), list) or \
                    not 1 <= len(row["components"]) <= 5:
                return ["%s: a bad action row" % where]
            errs = []
            for b in row["components"]:
                cid, label = b.get("custom_id"), b.get("label")
                if b.get("type") != 2 or b.get("style") not in (1, 2, 3, 4):
                    errs.append("%s: a bad button" % where)
                if not isinstance(cid, str) or not 1 <= len(cid) <= 100 \
                        or cid in ids:
                    errs.append("%s: bad or repeated custom_id %r" %
                                (where, cid))
                ids.add(cid)
                if not isinstance(label, str) or not 1 <= len(label) <= 80:
                    errs.append("%s: bad label %r" % (where, label))
            return errs

        return fake_common.check_list(
            comps, 5, "%s: components must be a list of at most 5 rows" %
            where, row_errors)

    def validate_embeds(self, embeds, where):
        """Discord's embed limits, in characters (code points, as Python
        counts them): at most 10 embeds; a title of 256, a description of
        4096, 25 fields whose name (1-256) and value (1-1024) may not be
        empty, a footer of 2048 and an author of 256; 6000 across all of
        them in all the message's embeds; a colour from 0 to 0xffffff."""
        errs = []
        if embeds is None:
            return errs
        if not isinstance(embeds, list) or len(embeds) > 10:
            return ["%s: embeds must be a list of at most 10" % where]
        total = 0

        def text(obj, key, lo, hi, what):
            nonlocal total
            v = obj.get(key)
            if v is None:
                return
            if not isinstance(v, str) or not lo <= len(v) <= hi:
                errs.append("%s: %s of %r characters (%d-%d)" %
                            (where, what, len(v) if isinstance(v, str)
                             else v, lo, hi))
                return
            total += len(v)
        for e in embeds:
            if not isinstance(e, dict):
                errs.append("%s: an embed that is not an object" % where)
                continue
            text(e, "title", 1, 256, "title")
            text(e, "description", 1, 4096, "description")
            c = e.get("color")
            if c is not None and (not isinstance(c, int) or
                                  not 0 <= c <= 0xffffff):
                errs.append("%s: bad color %r" % (where, c))
            fields = e.get("fields", [])
            if not isinstance(fields, list) or len(fields) > 25:
                errs.append("%s: fields must be a list of at most 25" %
                            where)
                fields = []
            for f in fields:
                if not isinstance(f, dict) or "name" not in f or \
                        "value" not in f:
                    errs.append("%s: a field needs a name and a value" %
                                where)
                    continue
                text(f, "name", 1, 256, "field name")
                text(f, "value", 1, 1024, "field value")
                if not isinstance(f.get("inline", False), bool):
                    errs.append("%s: inline must be a boolean" % where)
            for key, hi in (("footer", 2048), ("author", 256)):
                sub = e.get(key)
                if sub is None:
                    continue
                if not isinstance(sub, dict):
                    errs.append("%s: %s must be an object" % (where, key))
                    continue
                text(sub, "text" if key == "footer" else "name", 1, hi, key)
        if total > 6000:
            errs.append("%s: %d characters in embeds (6000 at most)" %
                        (where, total))
        return errs

    def unexpected_429(self):
        """A 429 the bot should not have met (it ignored X-RateLimit-
        Remaining: 0), counted in the log."""
        self.log["unexpected_429"] += 1
        return web.json_response({"message": "You are being rate "
                                  "limited.", "retry_after": 0.1,
                                  "global": False}, status=429)

    def check_body(self, body, where):
        """Components and embeds within Discord's limits: the errors, each
        logged where the scenario reads it."""
        errs = self.validate_components(body.get("components"), where)
        self.log["component_errors"] += errs
        eerrs = self.validate_embeds(body.get("embeds"), where)
        self.log["embed_errors"] += eerrs
        if body.get("embeds"):
            self.log["embeds_seen"] += 1
        return errs + eerrs

    def store_message(self, channel, body, kind, user=None, dm_user=None):
        """Keeps a message the bot made: kind is "channel" (a channel or
        DM message), "reply" (an interaction's public or ephemeral
        answer).  user is who an ephemeral one is for."""
        mid = self.new_id()
        m = {"id": mid, "channel": channel, "kind": kind,
             "content": body.get("content", ""),
             "components": body.get("components") or [],
             "embeds": body.get("embeds") or [], "embed_history": [],
             "component_history": [],
             "flags": body.get("flags", 0) or 0, "user": user,
             "dm_user": dm_user, "history": [], "deleted": False}
        self.msgs[mid] = m
        self.chan_msgs.setdefault(channel, []).append(mid)
        return m

    async def post_message(self, request):
        bad = self.check(request)
        if bad is not None:
            return bad
        channel = request.match_info["channel"]
        body = await request.json()
        content = body.get("content", "")
        if not isinstance(content, str) or len(content) > 2000:
            return invalid_form()
        if self.storm > 0:
            self.storm -= 1
            self.log["served_429"] += 1
            self.log["limited_contents"].append(content)
            glob = self.storm_global and self.storm % 2 == 0
            h = {"Retry-After": "1"}
            if glob:
                h["X-RateLimit-Global"] = "true"
                h["X-RateLimit-Scope"] = "global"
            else:
                h.update({"X-RateLimit-Bucket": "msgbucket",
                          "X-RateLimit-Remaining": "0",
                          "X-RateLimit-Reset-After": "0.150"})
            return web.json_response({"message": "You are being rate "
                                      "limited.", "retry_after": 0.15,
                                      "global": glob}, status=429, headers=h)
        if self.fail5xx > 0:
            self.fail5xx -= 1
            self.log["served_5xx"] += 1
            self.log["failed_contents"].append(content)
            return web.Response(status=502, text="bad gateway")
        user = self.log["dm_channels"].get(channel)
        if user is not None and self.faildm["send"] > 0:
            self.faildm["send"] -= 1
            self.log["dm_5xx"]["send"] += 1
            return web.Response(status=502, text="bad gateway")
        if user is not None and user in self.dm_closed:
            return web.json_response({
                "message": "Cannot send messages to this user",
                "code": 50007}, status=403)
        headers = self.ratelimit_take(channel)
        if headers is None:
            return self.unexpected_429()
        if self.check_body(body, "message"):
            return invalid_form()
        # A nonce with enforce_nonce: a create seen in the last few
        # minutes is answered with the message it made, as Discord does.
        nonce = body.get("nonce")
        if not isinstance(nonce, (str, int)) or \
                body.get("enforce_nonce") is not True:
            self.log["no_nonce"] += 1
            nonce = None
        elif isinstance(nonce, str) and len(nonce) > 25:
            return invalid_form()
        seen = self.nonces.get((channel, nonce))
        if seen is not None and time.monotonic() - seen[1] < 300:
            self.log["nonce_hits"] += 1
            m = self.msgs[seen[0]]
            return web.json_response({"id": m["id"], "channel_id": channel,
                                      "content": m["content"]},
                                     headers=headers)
        m = self.store_message(channel, body, "channel", dm_user=user)
        if nonce is not None:
            self.nonces[(channel, nonce)] = (m["id"], time.monotonic())
        if channel in self.lose_answer:
            # The message is made, but its answer never reaches the bot.
            self.lose_answer.discard(channel)
            self.log["lost_answers"].append(m["id"])
            self.log["messages"].append({"id": m["id"], "channel": channel,
                                         "content": content, "dm_user": user,
                                         "flags": body.get("flags", 0)})
            request.transport.abort()
            return web.Response(status=500)
        self.log["messages"].append({"id": m["id"], "channel": channel,
                                     "content": content,
                                     "dm_user": user,
                                     "flags": body.get("flags", 0)})
        return web.json_response({"id": m["id"], "channel_id": channel,
                                  "content": content},
                                 headers=headers)

    async def patch_message(self, request):
        bad = self.check(request)
        if bad is not None:
            return bad
        channel = request.match_info["channel"]
        m = self.msgs.get(request.match_info["message"])
        if m is None or m["deleted"] or m["channel"] != channel or \
                m["kind"] != "channel":
            return web.json_response({"message": "Unknown Message",
                                      "code": 10008}, status=404)
        body = await request.json()
        content = body.get("content", m["content"])
        if not isinstance(content, str) or len(content) > 2000:
            return invalid_form()
        if self.check_body(body, "edit"):
            return invalid_form()
        if self.patch_delay:
            await asyncio.sleep(self.patch_delay)
        headers = self.ratelimit_take(channel)
        if headers is None:
            return self.unexpected_429()
        m["history"].append(m["content"])
        m["content"] = content
        edit_parts(m, body)
        self.log["edits"] += 1
        return web.json_response({"id": m["id"], "channel_id": channel,
                                  "content": content}, headers=headers)

    async def delete_message(self, request):
        bad = self.check(request)
        if bad is not None:
            return bad
        m = self.msgs.get(request.match_info["message"])
        if m is None or m["deleted"] or \
                m["channel"] != request.match_info["channel"]:
            return web.json_response({"message": "Unknown Message",
                                      "code": 10008}, status=404)
        m["deleted"] = True
        self.log["deletes"] += 1
        return web.Response(status=204)

    async def open_dm(self, request):
        bad = self.check(request)
        if bad is not None:
            return bad
        body = await request.json()
        user = body.get("recipient_id")
        if not isinstance(user, str) or not user.isdigit():
            return invalid_form()
        if self.faildm["open"] > 0:
            self.faildm["open"] -= 1
            self.log["dm_5xx"]["open"] += 1
            return web.Response(status=502, text="bad gateway")
        chan = "8" + user
        self.log["dm_channels"][chan] = user
        self.log["dm_opens"][user] = self.log["dm_opens"].get(user, 0) + 1
        return web.json_response({"id": chan, "type": 1,
                                  "recipients": [{"id": user}]})

    async def callback(self, request):
        self.last_rest = time.monotonic()
        iid = request.match_info["id"]
        token = request.match_info["token"]
        ix = self.interactions.get(token)
        if ix is None or ix["id"] != iid:
            return web.json_response({"message": "Unknown interaction",
                                      "code": 10062}, status=404)
        self.log["callback_tries"].setdefault(iid, []).append(
            round(time.monotonic() - ix["sent"], 3))
        if self.hang_callbacks > 0:
            # A connection that stalls: nothing comes back for a while.
            self.hang_callbacks -= 1
            await asyncio.sleep(self.hang_s)
            return web.Response(status=502, text="bad gateway")
        if ix["answered"]:
            self.log["double_answers"] += 1
            return web.json_response({
                "message": "Interaction has already been acknowledged.",
                "code": 40060}, status=400)
        if self.fail5xx_callbacks > 0:
            self.fail5xx_callbacks -= 1
            self.log["served_5xx"] += 1
            return web.Response(status=502, text="bad gateway")
        body = await request.json()
        data = body.get("data") or {}
        kind = body.get("type")
        if ix.get("autocomplete"):
            # An autocompletion is answered with choices alone (type 8):
            # at most 25, each a name of 1 to 100 characters and a value.
            ch = data.get("choices")
            if kind != 8 or not isinstance(ch, list) or len(ch) > 25 or \
                    any(not isinstance(c, dict) or
                        not isinstance(c.get("name"), str) or
                        not 1 <= len(c["name"]) <= 100 or
                        not isinstance(c.get("value"), (str, int)) or
                        len(str(c["value"])) > 100 for c in ch):
                self.log["callback_errors"].append(
                    "callback type %r to an autocompletion" % kind)
                return invalid_form()
        elif kind not in (4, 5, 6, 7) or \
                (kind in (6, 7) and ix.get("message") is None):
            self.log["callback_errors"].append(
                "callback type %r to a %s" % (kind, "click" if
                                              ix.get("message") else
                                              "command"))
            return invalid_form()
        if self.check_body(data, "callback"):
            return invalid_form()
        late = time.monotonic() - ix["sent"]
        if late > 3.0:
            self.log["late_callbacks"].append(late)
        ix["answered"] = True
        self.pending.get(ix.get("session"), set()).discard(token)
        mid = None
        if kind == 4:
            m = self.store_message(ix["channel"], data, "reply",
                                   user=ix["user"])
            mid = m["id"]
        elif kind == 7:
            m = self.msgs[ix["message"]]
            m["history"].append(m["content"])
            if "content" in data:
                m["content"] = data["content"]
            edit_parts(m, data)
            mid = m["id"]
        self.log["callbacks"].append({
            "interaction": iid, "user": ix["user"], "type": kind,
            "content": data.get("content", ""), "flags": data.get("flags", 0),
            "latency": late, "message": mid, "shard": ix.get("shard"),
            "components": data.get("components") or [],
            "choices": data.get("choices")})
        ix["callback"] = self.log["callbacks"][-1]
        ix["done"].set()
        return web.Response(status=204)

    async def followup(self, request):
        bad = self.check(request)
        if bad is not None:
            return bad
        token = request.match_info["token"]
        ix = self.interactions.get(token)
        if request.match_info["app"] != APP_ID or ix is None or \
                not ix["answered"]:
            self.log["orphan_followups"] += 1
            return web.json_response({"message": "Unknown Webhook",
                                      "code": 10015}, status=404)
        body = await request.json()
        if self.check_body(body, "followup"):
            return invalid_form()
        if ix["callback"]["type"] == 5 and not ix.get("original"):
            # The first followup after a deferred answer is that answer,
            # in the form the deferral set: its flags are the deferral's.
            body = dict(body, flags=ix["callback"]["flags"])
            ix["original"] = True
        m = self.followup_store(ix, body)
        self.log["followups"].append({
            "interaction": ix["id"], "user": ix["user"],
            "content": body.get("content", ""),
            "flags": body.get("flags", 0), "message": m["id"],
            "components": body.get("components") or []})
        ix.setdefault("followups", []).append(body.get("content", ""))
        # Webhooks are rate limited per webhook id and token.
        return web.json_response({"id": m["id"],
                                  "content": body.get("content", "")},
                                 headers={"X-RateLimit-Bucket": "webhook",
                                          "X-RateLimit-Limit": "5",
                                          "X-RateLimit-Remaining": "4",
                                          "X-RateLimit-Reset-After": "1.000"})

    def original_of(self, request):
        """The interaction whose first answer (@original) request names,
        and None; or None and the error Discord answers."""
        bad = self.check(request)
        if bad is not None:
            return None, bad
        ix = self.interactions.get(request.match_info["token"])
        if request.match_info["app"] != APP_ID or ix is None or \
                not ix["answered"] or ix.get("original_deleted"):
            return None, web.json_response({"message": "Unknown Message",
                                            "code": 10008}, status=404)
        return ix, None

    def followup_store(self, ix, body):
        return self.store_message(ix["channel"], body, "reply",
                                  user=ix["user"])

    async def edit_original(self, request):
        """PATCH /webhooks/{app}/{token}/messages/@original: the first
        answer edited.  A deferred answer (type 5) becomes its message
        the first time, with the deferral's flags (an edit cannot set
        64); a deferred click (type 6) or its update (7) edits the
        clicked message.  Logged among the followups, with "edit"."""
        ix, bad = self.original_of(request)
        if bad is not None:
            return bad
        body = await request.json()
        if self.check_body(body, "edit"):
            return invalid_form()
        c = ix["callback"]
        body = dict(body, flags=c["flags"])
        if c["type"] == 5 and not ix.get("original"):
            ix["original"] = True
            m = self.followup_store(ix, body)
            c["message"] = m["id"]
        else:
            mid = ix.get("message") if c["type"] in (6, 7) else \
                c.get("message")
            if mid is None:
                return web.json_response({"message": "Unknown Message",
                                          "code": 10008}, status=404)
            m = self.msgs[mid]
            m["history"].append(m["content"])
            if "content" in body:
                m["content"] = body["content"]
            edit_parts(m, body)
        self.log["followups"].append({
            "interaction": ix["id"], "user": ix["user"], "edit": True,
            "content": body.get("content", ""), "flags": m["flags"],
            "message": m["id"], "components": body.get("components") or []})
        ix.setdefault("followups", []).append(body.get("content", ""))
        return web.json_response({"id": m["id"], "content": m["content"]})

    async def delete_original(self, request):
        """DELETE /webhooks/{app}/{token}/messages/@original: the first
        answer of an interaction goes (a message, or the "thinking" of
        a deferred one); 204, as Discord answers."""
        ix, bad = self.original_of(request)
        if bad is not None:
            return bad
        ix["original_deleted"] = True
        mid = ix["callback"].get("message")
        if mid is not None and ix["callback"]["type"] == 4:
            self.msgs[mid]["deleted"] = True
        self.log["deleted_originals"].append(ix["id"])
        return web.Response(status=204)

    def validate_commands(self, cmds):
        errs = []
        if not isinstance(cmds, list) or not 1 <= len(cmds) <= 100:
            return ["want 1 to 100 top-level commands"]
        names = [c.get("name") for c in cmds if isinstance(c, dict)]
        if len(set(names)) != len(cmds):
            errs.append("top-level names must be unique: %s" % names)
        for top in cmds:
            errs += self.validate_command(top)
        return errs

    def validate_command(self, top):
        errs = []
        where = top.get("name", "?")

        def desc_ok(o, what):
            d = o.get("description")
            if not isinstance(d, str) or not 1 <= len(d) <= 100:
                errs.append("%s %s: bad description" % (where, what))

        if not NAME_RE.match(top.get("name", "")):
            errs.append("bad top-level name %r" % top.get("name"))
        desc_ok(top, "top")
        subs = top.get("options", [])
        if len(subs) > 25:
            errs.append("%s: more than 25 subcommands" % where)
        seen = set()
        for sub in subs:
            n = sub.get("name", "")
            if not NAME_RE.match(n) or n in seen:
                errs.append("%s: bad or duplicate subcommand %r" % (where, n))
            seen.add(n)
            desc_ok(sub, n)
            if sub.get("type") != 1:
                errs.append("%s %s: not a subcommand" % (where, n))
            optional_seen = False
            names = set()
            if len(sub.get("options", [])) > 25:
                errs.append("%s %s: more than 25 options" % (where, n))
            for o in sub.get("options", []):
                on = o.get("name", "")
                if not NAME_RE.match(on) or on in names:
                    errs.append("%s %s: bad or duplicate option %r" %
                                (where, n, on))
                names.add(on)
                desc_ok(o, n + "." + on)
                if o.get("type") not in (3, 4, 5, 6, 7, 8, 9, 10, 11):
                    errs.append("%s %s.%s: bad type" % (where, n, on))
                if o.get("autocomplete") and (o.get("choices") or
                                              o.get("type") not in
                                              (3, 4, 10)):
                    errs.append("%s %s.%s: autocomplete with choices, or "
                                "on a type that has none" % (where, n, on))
                if o.get("required"):
                    if optional_seen:
                        errs.append("%s %s: required option %s after an "
                                    "optional one" % (where, n, on))
                else:
                    optional_seen = True
        return errs

    async def put_commands(self, request):
        bad = self.check(request)
        if bad is not None:
            return bad
        if request.match_info["app"] != APP_ID:
            return web.json_response({"message": "Unknown Application",
                                      "code": 10002}, status=404)
        cmds = await request.json()
        self.log["command_errors"] = self.validate_commands(cmds)
        if self.log["command_errors"]:
            return invalid_form()
        self.log["commands"] = cmds
        guild = request.match_info.get("guild")
        self.log["commands_route"] = "guild:" + guild if guild else "global"
        return web.json_response(cmds)

    # --- control -------------------------------------------------------

    async def t_interaction(self, request):
        """Injects a slash command: {user, name, channel, guild, sub,
        options: [{name, type, value}], perms}; with count N, N of them
        at once, one gateway dispatch after the other with nothing
        between (a real burst, however slow the test's own calls are);
        with copies N, each is delivered N times, the same payload (id
        and token) in N dispatches back to back, as a gateway may.  With
        autocomplete true, an autocompletion (type 4) of the options as
        typed so far, one marked focused: true; its answer must be
        choices (type 8).  Answers {id} (the first), and {ids} (all of
        them)."""
        p = await request.json()
        ids = []
        for i in range(max(1, int(p.get("count", 1)))):
            ids.append(await self.interaction(p))
        return web.json_response({"id": ids[0], "ids": ids})

    async def interaction(self, p):
        """Dispatches one slash command as t_interaction describes;
        returns its id."""
        iid = self.new_id()
        token = "tok-" + iid + "-" + "x" * 40
        user = {"id": p["user"], "username": p["name"],
                "global_name": p["name"]}
        channel = p["channel"] if p.get("guild") else "8" + p["user"]
        # With autocomplete, the command as typed so far: Discord asks
        # for the choices of the option marked "focused" (type 4).
        d = {"id": iid, "application_id": APP_ID,
             "type": 4 if p.get("autocomplete") else 2, "token": token,
             "version": 1, "channel_id": channel,
             "data": {"id": "77", "name": p.get("command", "cheers"),
                      "type": 1,
                      "options": [{"name": p["sub"], "type": 1,
                                   "options": p.get("options", [])}]}}
        if p.get("guild"):
            d["guild_id"] = p["guild"]
            d["member"] = {"user": user, "nick": None,
                           "permissions": p.get("perms", "0")}
            self.chan_guild[channel] = p["guild"]
        else:
            d["user"] = user
        # What the bot may do in the channel, and the channel's type
        # (threads are 10 to 12), as Discord sends them.
        if "app_permissions" in p:
            d["app_permissions"] = p["app_permissions"]
        if "channel_type" in p:
            d["channel"] = {"id": channel, "type": p["channel_type"]}
        if p.get("raw"):
            d = p["raw"]
            token = d.get("token", token)
        self.new_interaction(token, {"id": iid, "user": p["user"],
                                     "channel": channel, "payload": d,
                                     "autocomplete": bool(
                                         p.get("autocomplete"))})
        for i in range(max(1, int(p.get("copies", 1)))):
            await self.dispatch("INTERACTION_CREATE", d)
        return iid

    async def t_click(self, request):
        """Clicks a button: {user, name, message, custom_id, guild,
        raced}.  The message must be one the user can see (a channel
        message, their own DM or their own ephemeral answer) and hold that
        button; with raced, it may be one an edit has just taken off (a
        click that crossed the edit)."""
        p = await request.json()
        m = self.msgs.get(p["message"])
        if m is None or m["deleted"]:
            return web.json_response({"error": "no such message"}, status=409)
        if (m["flags"] & 64 or m["dm_user"]) and \
                p["user"] not in (m["user"], m["dm_user"]):
            return web.json_response({"error": "not your message"},
                                     status=409)
        shown = [m["components"]]
        if p.get("raced"):
            shown += m["component_history"]
        ids = [b.get("custom_id") for comps in shown for row in comps
               for b in row.get("components", [])]
        if p["custom_id"] not in ids:
            return web.json_response({"error": "no such button"}, status=409)
        iid = self.new_id()
        token = "tok-" + iid + "-" + "y" * 40
        user = {"id": p["user"], "username": p["name"],
                "global_name": p["name"]}
        d = {"id": iid, "application_id": APP_ID, "type": 3, "token": token,
             "version": 1, "channel_id": m["channel"],
             "message": {"id": m["id"], "channel_id": m["channel"],
                         "content": m["content"], "flags": m["flags"],
                         "components": m["components"]},
             "data": {"custom_id": p["custom_id"], "component_type": 2}}
        if m["dm_user"] is None and p.get("guild"):
            d["guild_id"] = p["guild"]
            d["member"] = {"user": user, "nick": None,
                           "permissions": p.get("perms", "0")}
        else:
            d["user"] = user
        self.new_interaction(token, {"id": iid, "user": p["user"],
                                     "channel": m["channel"],
                                     "message": m["id"], "payload": d})
        await self.dispatch("INTERACTION_CREATE", d)
        return web.json_response({"id": iid})

    def new_interaction(self, token, ix):
        ix.update({"sent": time.monotonic(), "answered": False,
                   "written": False, "dropped": False,
                   "done": asyncio.Event()})
        self.interactions[token] = ix
        self.by_id[ix["id"]] = token

    async def t_wait(self, request):
        """Waits (up to ?timeout= s, 5 by default) until interaction ?id=
        has its callback; answers {"answered": bool, "latency": s from
        sending it, "content", "type", "message", "flags", "followups"},
        or {"answered": false, "dropped": bool} (dropped: the gateway
        could never deliver it)."""
        iid = request.query["id"]
        timeout = min(float(request.query.get("timeout", "5")), 60.0)
        ix = self.interactions.get(self.by_id.get(iid))
        if ix is None:
            return web.json_response({"error": "no such interaction"},
                                     status=404)
        end = time.monotonic() + timeout
        while not ix["answered"] and not ix["dropped"] and \
                time.monotonic() < end:
            try:
                await asyncio.wait_for(ix["done"].wait(), 0.1)
            except asyncio.TimeoutError:
                pass
        if not ix["answered"]:
            return web.json_response({"answered": False,
                                      "dropped": ix["dropped"]})
        c = ix["callback"]
        # ?followups=S: until no followup came for S seconds (20 s at most).
        quiet = float(request.query.get("followups", "0"))
        end = time.monotonic() + 20
        while quiet > 0 and time.monotonic() < end:
            n = len(ix.get("followups", []))
            await asyncio.sleep(quiet)
            if len(ix.get("followups", [])) == n:
                break
        return web.json_response({"answered": True, "latency": c["latency"],
                                  "content": c["content"], "type": c["type"],
                                  "choices": c.get("choices"),
                                  "message": c["message"],
                                  "flags": c["flags"],
                                  "followups": ix.get("followups", [])})

    async def t_messages(self, request):
        """Every message, or ?channel='s only."""
        chan = request.query.get("channel")
        if chan is None:
            return web.json_response(self.msgs)
        return web.json_response({mid: self.msgs[mid] for mid in
                                  self.chan_msgs.get(chan, [])})

    async def t_faults(self, request):
        """Sets random REST faults: {"p429": share, "p5xx": share,
        "pslow": share, "slow": seconds}."""
        try:
            self.set_faults(await request.json())
        except (ValueError, TypeError) as e:
            return web.json_response({"error": str(e)}, status=400)
        return web.json_response(self.faults)

    async def t_stats(self, request):
        """The soak's figures: counts only, cheap at any size."""
        now = time.monotonic()
        ixs = list(self.interactions.values())
        lost = [ix["id"] for ix in ixs if not ix["answered"] and
                not ix["dropped"]]
        late = [ix["callback"]["latency"] for ix in ixs if ix["answered"]
                and ix["callback"]["latency"] > 3.0]
        late_delivered = [
            ix["id"] for ix in ixs if ix["answered"] and
            ix["sent"] + ix["callback"]["latency"] -
            ix.get("delivered", ix["sent"]) > 3.0]
        lat = sorted(ix["callback"]["latency"] for ix in ixs
                     if ix["answered"])
        lg = self.log
        return web.json_response({
            "interactions": len(ixs),
            "answered": sum(1 for ix in ixs if ix["answered"]),
            "dropped_by_gateway": sum(1 for ix in ixs if ix["dropped"] and
                                      not ix["answered"]),
            "unanswered": lost[:50], "unanswered_count": len(lost),
            "unanswered_young": sum(1 for ix in ixs if ix["id"] in lost
                                    and now - ix["sent"] < 10),
            "late_from_sending": len(late),
            "late_from_delivery": late_delivered[:50],
            "latency_p50": lat[len(lat) // 2] if lat else None,
            "latency_p99": lat[int(len(lat) * 0.99)] if lat else None,
            "latency_max": lat[-1] if lat else None,
            "double_answers": lg["double_answers"],
            "callback_errors": lg["callback_errors"][:10],
            "component_errors": lg["component_errors"][:10],
            "embed_errors": lg["embed_errors"][:10],
            "orphan_followups": lg["orphan_followups"],
            "unexpected_429": lg["unexpected_429"],
            "connections": lg["connections"],
            "identifies": len(lg["identifies"]), "resumes": lg["resumes"],
            "resumes_failed": lg["resumes_failed"],
            "close_codes": lg["close_codes"], "faults": lg["faults"],
            "messages": len(lg["messages"]), "edits": lg["edits"],
            "deletes": lg["deletes"], "followups": len(lg["followups"]),
            "bad_auth": lg["bad_auth"], "rest_idle": now - self.last_rest})

    async def t_op(self, request):
        what = request.match_info["what"]
        sh = self.shard(int(request.query.get("shard", "0")))
        ws = sh.ws
        if ws is not None and ws.closed:
            ws = None
        try:
            return await self.t_op_do(request, what, ws, sh)
        except (ConnectionError, RuntimeError) as e:
            # The socket went away under us: as if there had been none.
            return web.json_response({"error": "socket lost: %s" % e},
                                     status=409)

    async def t_op_do(self, request, what, ws, sh):
        if what in ("op7", "op9", "drop", "close") and ws is not None:
            kind = what
            if what == "op9":
                kind += "_resumable" if request.query.get(
                    "resumable", "0") == "1" else "_fresh"
            elif what == "close":
                kind += "_" + request.query["code"]
            self.count_fault(kind)
        if what == "ack":
            if request.query.get("on", "1") != "1":
                self.count_fault("zombie")
            self.ack = request.query.get("on", "1") == "1"
        elif what == "dmclosed":
            self.dm_closed.add(request.query["user"])
        elif what == "fail5xx" and request.query.get("route") == "callback":
            self.fail5xx_callbacks = int(request.query.get("n", "1"))
        elif what == "hangcallback":
            self.hang_callbacks = int(request.query.get("n", "1"))
            self.hang_s = float(request.query.get("s", "5"))
        elif what == "fail5xx":
            self.fail5xx = int(request.query.get("n", "1"))
        elif what == "token":
            # ?value=T: the bot token is reset to T; the old one gets a
            # 401 on REST from now on.
            self.token = request.query["value"]
            self.log["refused_after"] = 0
            self.log["refused_paths"] = []
            self.count_fault("token")
        elif what == "unfault":
            # Undoes the switches below, for the next bot on this fake.
            self.token = TOKEN
            self.resume_url = None
            self.gone.clear()
            self.lose_answer.clear()
            self.faildm = {"open": 0, "send": 0}
            self.starts_reset_at = 0.0
        elif what == "deadresume":
            # READY names a resume_gateway_url that refuses connections:
            # a port that was free a moment ago.  Answers {"port": N}.
            import socket
            sk = socket.socket()
            sk.bind(("127.0.0.1", 0))
            dead = sk.getsockname()[1]
            sk.close()
            self.resume_url = "ws://127.0.0.1:%d/gateway" % dead
            self.count_fault("deadresume")
            return web.json_response({"port": dead})
        elif what == "loseanswer":
            # ?channel=C: C's next message create lands, and the
            # connection drops before the answer is written.
            self.lose_answer.add(request.query["channel"])
            self.count_fault("loseanswer")
        elif what == "faildm":
            # ?route=open|send&n=N: the next N DM opens or sends get 502.
            self.faildm[request.query["route"]] = int(request.query["n"])
            self.count_fault("faildm_" + request.query["route"])
        elif what == "nostarts":
            # ?ms=N: session_start_limit has remaining 0 for N ms (with
            # &left=K, K, each IDENTIFY spending one).
            self.starts_reset_at = time.monotonic() + \
                int(request.query["ms"]) / 1000
            self.starts_left = int(request.query.get("left", "0"))
            self.log["starts_reset_at"] = self.starts_reset_at
            self.count_fault("nostarts")
        elif what == "chanfault":
            # ?channel=C&code=10003|50001|50013 closes C to the bot;
            # code=0 opens it again.  &dispatch=1 also says so on the
            # gateway: CHANNEL_DELETE, or CHANNEL_UPDATE when it opens.
            chan = request.query["channel"]
            code = int(request.query.get("code", "10003"))
            self.count_fault("chanfault_%d" % code)
            guild = self.chan_guild.get(chan, "700")
            if code == 0:
                self.gone.pop(chan, None)
            else:
                self.gone[chan] = (404 if code == 10003 else 403, code)
                self.log["gone_requests"][chan] = 0
            if request.query.get("dispatch") == "1":
                await self.dispatch(
                    "CHANNEL_UPDATE" if code == 0 else "CHANNEL_DELETE",
                    {"id": chan, "guild_id": guild, "type": 0,
                     "name": "table-" + chan})
        elif what == "guilddelete":
            # The bot is removed from ?guild=G: GUILD_DELETE without
            # "unavailable", and G's channels answer 50001.
            guild = request.query["guild"]
            self.count_fault("guilddelete")
            for chan, g in self.chan_guild.items():
                if g == guild:
                    self.gone[chan] = (403, 50001)
                    self.log["gone_requests"][chan] = 0
            await self.dispatch("GUILD_DELETE", {"id": guild},
                                shard=self.shard_of(guild))
        elif what == "shards":
            # ?count=N&concurrency=K: GET /gateway/bot recommends N
            # shards, K identifying at a time; events are routed by guild.
            self.nshards = int(request.query.get("count", "1"))
            self.concurrency = int(request.query.get("concurrency", "1"))
            # The IDENTIFYs and their times start again, for this bot.
            self.bucket_identify.clear()
            self.log["identify_too_fast"] = 0
            self.log["shard_events"] = {}
            self.log["identifies"] = []
            self.log["identify_times"] = []
        elif what == "patchdelay":
            self.patch_delay = float(request.query.get("s", "0"))
        elif what == "storm":
            self.storm = int(request.query.get("n", "6"))
            self.storm_global = request.query.get("global", "0") == "1"
        elif ws is None:
            return web.json_response({"error": "no socket"}, status=409)
        elif what == "op7":
            await self.send(ws, {"op": 7, "d": None})
        elif what == "op9":
            resumable = request.query.get("resumable", "0") == "1"
            if not resumable:
                self.kill_session(sh.session)
            await self.send(ws, {"op": 9, "d": resumable})
        elif what == "drop":
            self.drop_socket(sh)
        elif what == "repeat":
            # ?id=N: interaction N (a command or a click) is delivered
            # again, the same payload in one more dispatch of this
            # session; with &resume=1 the socket drops first, so the copy
            # comes in the RESUME's replay, on the next connection.
            ix = self.interactions.get(self.by_id.get(request.query["id"]))
            if ix is None:
                return web.json_response({"error": "no such interaction"},
                                         status=404)
            resume = request.query.get("resume", "0") == "1"
            self.count_fault("repeat_resume" if resume else "repeat")
            if resume:
                self.drop_socket(self.shard(ix.get("shard", 0)))
            await self.dispatch("INTERACTION_CREATE", ix["payload"])
        elif what == "close":
            # Write the close frame ourselves: ws.close() from another task
            # than the reader ends up sending 1000.
            code = int(request.query["code"])
            if code in (4007, 4009) or 4010 <= code <= 4014:
                # Invalid seq, session timed out, or a fatal code: it
                # cannot be resumed.
                self.kill_session(sh.session)
            await ws._writer.close(code, b"bye")
            await asyncio.sleep(0.3)
            if sh.transport is not None and sh.ws is ws:
                sh.transport.abort()
        elif what == "raw":
            await ws.send_str(await request.text())
        return web.json_response({"ok": True})

    def drop_socket(self, sh):
        """Drops shard sh's gateway socket without a close frame: the
        session's events wait for the bot's RESUME."""
        s = self.sessions.get(sh.session)
        if s:
            s["live"] = False     # events wait for the RESUME
            # What was written may be lost with the socket.
            for token in self.pending.get(sh.session, ()):
                self.interactions[token]["written"] = False
                self.interactions[token].pop("delivered", None)
        sh.ws = None
        if sh.transport is not None:
            sh.transport.abort()  # no close frame: a dropped socket

    async def t_state(self, request):
        return web.json_response(self.log)


def main():
    ap = fake_common.arguments()
    ap.add_argument("--heartbeat-ms", type=int, default=41250)
    ap.add_argument("--faults", default="",
                    help="random REST faults from the start, as "
                    "p429=0.05,p5xx=0.02,pslow=0.05,slow=1.5")
    ap.add_argument("--seed", type=int, default=1,
                    help="seed of the random faults")
    args = ap.parse_args()
    fake = Fake(args.heartbeat_ms)
    fake.rng.seed(args.seed)
    if args.faults:
        fake.set_faults(dict(kv.split("=", 1) for kv in
                             args.faults.split(",")))
    api = "/api/v10"
    original = api + "/webhooks/{app}/{token}/messages/@original"
    app = fake_common.app_of(fake, [
        ("GET", "/gateway", fake.gateway),
        ("GET", api + "/gateway/bot", fake.gateway_bot),
        ("POST", api + "/channels/{channel}/messages", fake.post_message),
        ("PATCH", api + "/channels/{channel}/messages/{message}",
         fake.patch_message),
        ("DELETE", api + "/channels/{channel}/messages/{message}",
         fake.delete_message),
        ("POST", api + "/users/@me/channels", fake.open_dm),
        ("POST", api + "/interactions/{id}/{token}/callback",
         fake.callback),
        ("POST", api + "/webhooks/{app}/{token}", fake.followup),
        ("DELETE", original, fake.delete_original),
        ("PATCH", original, fake.edit_original),
        ("PUT", api + "/applications/{app}/commands", fake.put_commands),
        ("PUT", api + "/applications/{app}/guilds/{guild}/commands",
         fake.put_commands),
        ("POST", "/_test/interaction", fake.t_interaction),
        ("GET", "/_test/wait", fake.t_wait),
        ("POST", "/_test/faults", fake.t_faults),
        ("GET", "/_test/stats", fake.t_stats),
    ], [fake.fault_middleware])
    fake_common.serve(app, args, fake)


if __name__ == "__main__":
    main()
