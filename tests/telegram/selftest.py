#!/usr/bin/python3
"""The fake Telegram's self-test: drives tests/telegram/fake_telegram.py
as a bot would (plain urllib: long polling, sending, editing, callback
and inline answers) and as its users would (fakectl.py), and checks each
behaviour the fake documents, so that the Telegram adapter is written
against a fake known to hold to the Bot API.  It starts nothing: it is
given the port of a running fake (tests/telegram/run.sh starts one),
and over TLS the certificate to trust.

    selftest.py PORT [tls CERT | fault NAME]
"""
import json
import os
import ssl
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fakectl  # noqa: E402
from fakectl import checks  # noqa: E402

tally = checks.Tally("telegram")


def ok(cond, what):
    return tally.ok(cond, what)


class Bot:
    """The bot's side: Bot API calls as an adapter makes them, and the
    getUpdates offset it keeps."""

    def __init__(self, ctl):
        self.ctl, self.offset = ctl, None
        self.pending = []       # updates polled but not looked at

    def call(self, method, params=None, how="json", timeout=10,
             url=None):
        """(HTTP status, the answer's JSON or, when it is none, its
        text)."""
        params = params or {}
        url = url or self.ctl.api_url(method)
        data, headers = None, {}
        if how == "json":
            data = json.dumps(params).encode()
            headers["Content-Type"] = "application/json"
        else:
            flat = {k: v if isinstance(v, str) else json.dumps(v)
                    for k, v in params.items()}
            q = urllib.parse.urlencode(flat)
            if how == "get":
                url += "?" + q
            else:
                data = q.encode()
                headers["Content-Type"] = \
                    "application/x-www-form-urlencoded"
        req = urllib.request.Request(url, data=data, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=timeout,
                                        context=self.ctl.ssl) as r:
                status, raw = r.status, r.read()
        except urllib.error.HTTPError as e:
            status, raw = e.code, e.read()
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, raw.decode(errors="replace")

    def result(self, method, params=None, **kw):
        """The result of a call that must succeed (None, counted as a
        failure, when it does not)."""
        status, body = self.call(method, params, **kw)
        if not ok(status == 200 and isinstance(body, dict) and
                  body.get("ok") is True,
                  "%s succeeds (got %s %s)" % (method, status, body)):
            return None
        return body["result"]

    def error(self, method, params, code, words, **kw):
        """Checks that a call fails with code and a description holding
        words; the error body."""
        status, body = self.call(method, params, **kw)
        good = status == code and isinstance(body, dict) and \
            body.get("ok") is False and body.get("error_code") == code \
            and words in body.get("description", "")
        ok(good, "%s %s answers %d %r (got %s %s)" % (
            method, json.dumps(params)[:80], code, words, status, body))
        return body if isinstance(body, dict) else {}

    def poll(self, timeout=0, confirm=True, **more):
        """One getUpdates from the kept offset; advances it past what
        came when confirm.  The updates, or None on an error."""
        p = dict(more, timeout=timeout)
        if self.offset is not None:
            p["offset"] = self.offset
        status, body = self.call("getUpdates", p, timeout=timeout + 10)
        if status != 200:
            return None
        ups = body["result"]
        if ups and confirm:
            self.offset = ups[-1]["update_id"] + 1
        self.pending = []
        return ups

    def next(self, kind, timeout=3.0):
        """The next update of that kind (others before it are passed
        over), or None."""
        end = time.monotonic() + timeout
        while True:
            for i, u in enumerate(self.pending):
                if kind in u:
                    del self.pending[:i + 1]
                    return u
            self.pending = []
            if time.monotonic() >= end:
                return None
            self.pending = self.poll(timeout=1) or []

    def send(self, chat_id, text, **more):
        return self.result("sendMessage", dict(more, chat_id=chat_id,
                                               text=text,
                                               parse_mode="HTML"))


def in_thread(fn, *args, **kw):
    """Runs fn in a thread; a function that waits for it and returns its
    result."""
    out = {}
    t = threading.Thread(target=lambda: out.update(r=fn(*args, **kw)))
    t.start()

    def join():
        t.join(60)
        return out.get("r")
    return join


def waiting(ctl):
    """Waits until a getUpdates is waiting at the fake."""
    ok(ctl.wait(lambda s: s["polling"]) is not None,
       "the long poll reached the fake")


ALLOWED = ["message", "callback_query", "inline_query",
           "chosen_inline_result", "my_chat_member"]


def world(ctl, bot):
    """The users and chats of the test, the bot's commands, the first
    updates."""
    me = bot.result("getMe")
    ok(me and me["id"] == fakectl.BOT_ID and me["is_bot"] and
       me["username"] == fakectl.BOT and
       me["can_read_all_group_messages"] is False and
       me["supports_inline_queries"] is True,
       "getMe: the bot in privacy mode, with inline mode")
    bad = ctl.base + "/bot123456789:wrong/getMe"
    bot.error("getMe", {}, 401, "Unauthorized", url=bad)
    bot.error("getMe", {}, 404, "Not Found",
              url=ctl.base + "/botnotatoken/getMe")
    bot.error("sendmessage", {}, 404, "Not Found")
    # The first poll sets allowed_updates for the rest of the test.
    ok(bot.poll(allowed_updates=ALLOWED) == [],
       "getUpdates with nothing queued answers []")
    w = {}
    for name, started in (("alice", True), ("bob", True),
                          ("carol", False), ("dave", True)):
        w[name] = ctl.user(name.title(), username=name + "_tg",
                           started=started)["id"]
    w["g"] = ctl.group("Pub", [w["alice"], w["bob"], w["carol"]],
                       admins=[w["bob"]])["id"]
    joined = bot.next("my_chat_member")
    ok(joined and joined["my_chat_member"]["chat"]["id"] == w["g"] and
       joined["my_chat_member"]["new_chat_member"]["status"] == "member",
       "a new group: my_chat_member tells the bot it was added")
    svc = bot.next("message")
    ok(svc and svc["message"].get("new_chat_members", [{}])[0].get("id")
       == fakectl.BOT_ID, "and a new_chat_members service message")
    w["f"] = ctl.group("Forum", [w["alice"], w["bob"]], forum=True,
                       quiet=True)["id"]
    w["topic"] = ctl.topic(w["f"], "Cards")
    tc = bot.next("message")
    ok(tc and tc["message"].get("forum_topic_created", {}).get("name") ==
       "Cards" and tc["message"].get("message_thread_id") == w["topic"],
       "a forum topic: forum_topic_created, its id the thread id")
    return w


def commands(ctl, bot, w):
    cmds = [{"command": "cheers", "description": "Play a card game"}]
    for scope in ("all_group_chats", "all_private_chats"):
        ok(bot.result("setMyCommands", {"commands": cmds,
                                        "scope": {"type": scope}}) is True,
           "setMyCommands for %s" % scope)
    got = bot.result("getMyCommands", {"scope": {"type":
                                                 "all_group_chats"}})
    ok(got == cmds, "getMyCommands gives the group chats' commands back")
    bot.error("setMyCommands", {"commands": [
        {"command": "Cheers!", "description": "x"}]}, 400,
        "BOT_COMMAND_INVALID")
    bot.error("setMyCommands", {"commands": cmds, "scope": {
        "type": "all_groups"}}, 400, "BotCommandScope")
    bot.error("setMyCommands", {"commands": [
        {"command": "cheers", "description": ""}]}, 400, "description")
    ok(bot.result("setMyCommands", {"commands": cmds, "scope": {
        "type": "all_group_chats"}}, how="form") is True,
       "setMyCommands as a form, its objects JSON-serialized")


def polling(ctl, bot, w):
    # A long poll returns as soon as an update comes.
    join = in_thread(bot.poll, timeout=10)
    waiting(ctl)
    t0 = time.monotonic()
    sent = ctl.send(w["alice"], w["g"], "/cheers@%s play 2 @bob_tg" %
                    fakectl.BOT)
    ups = join()
    took = time.monotonic() - t0
    ok(sent["delivered"] and ups and len(ups) == 1 and took < 3,
       "a long poll answers when a command comes (%.2f s)" % took)
    m = ups[0]["message"] if ups else {}
    ok(m.get("text") == "/cheers@%s play 2 @bob_tg" % fakectl.BOT and
       m.get("entities", [{}])[0] == {
           "type": "bot_command", "offset": 0,
           "length": len("/cheers@" + fakectl.BOT)} and
       m.get("entities", [{}, {}])[1].get("type") == "mention" and
       m["chat"]["id"] == w["g"] and m["from"]["id"] == w["alice"],
       "a group command carries its bot_command and mention entities")
    last = ups[0]["update_id"] if ups else 0
    # Until confirmed, an update comes again with its update_id.
    again = bot.call("getUpdates", {"offset": last})[1]["result"]
    ok([u["update_id"] for u in again] == [last],
       "an unconfirmed update is delivered again, same update_id")
    ok(bot.poll() == [] and ctl.state()["confirmed"] == last,
       "an offset above an update confirms it")
    ok(bot.call("getUpdates", {"offset": last})[1]["result"] == [],
       "a confirmed update is gone for good")
    # An empty long poll lasts its timeout.
    t0 = time.monotonic()
    ups = bot.poll(timeout=1)
    took = time.monotonic() - t0
    ok(ups == [] and 0.9 <= took < 3,
       "an empty long poll lasts its timeout (%.2f s)" % took)
    # Two polls at once: the older ends with 409.
    first = in_thread(bot.call, "getUpdates", {"offset": bot.offset,
                                               "timeout": 5})
    waiting(ctl)
    second = in_thread(bot.call, "getUpdates", {"offset": bot.offset,
                                                "timeout": 1})
    s1, b1 = first()
    s2, b2 = second()
    ok(s1 == 409 and "terminated by other getUpdates request" in
       b1.get("description", "") and s2 == 200,
       "an overlapping getUpdates ends the older one with 409 Conflict")
    bot.error("getUpdates", {"timeout": 51}, 400, "timeout")
    bot.error("getUpdates", {"limit": 0}, 400, "limit")
    # limit, and a negative offset.
    for i in range(3):
        ctl.send(w["alice"], w["alice"], "hand %d" % i)
    ups = bot.call("getUpdates", {"offset": bot.offset, "limit": 2})[1]
    ok(len(ups["result"]) == 2, "limit caps what one getUpdates gives")
    ups = bot.call("getUpdates", {"offset": -1})[1]["result"]
    ok(len(ups) == 1 and ups[0]["message"]["text"] == "hand 2",
       "a negative offset keeps only the last updates")
    bot.offset = ups[0]["update_id"] + 1
    bot.poll()
    # Updates of a type not allowed when they happen are never queued.
    bot.poll(allowed_updates=["message"])
    q = ctl.inline(w["alice"], "x", wait=0)
    ok(q["update_id"] is None and bot.poll() == [],
       "an update type left out of allowed_updates is not queued")
    ok(bot.poll(allowed_updates=ALLOWED) == [],
       "allowed_updates set again")
    # Privacy mode in groups.
    seen = lambda text: ctl.send(w["bob"], w["g"], text)["delivered"]
    ok(not seen("hello all"), "privacy mode: plain group text withheld")
    ok(not seen("/cheers@OtherBot play"),
       "privacy mode: another bot's command withheld")
    bot.poll()
    w["g_plain"] = ctl.group("Quiet", [w["alice"]], quiet=True)["id"]
    ok(not ctl.send(w["alice"], w["g_plain"], "/cheers new")["delivered"],
       "privacy mode: a bare command before the bot spoke is withheld")
    bot.send(w["g_plain"], "hi")
    ok(ctl.send(w["alice"], w["g_plain"], "/cheers new")["delivered"],
       "privacy mode: a bare command once the bot was the last to speak")
    ctl.act("other_bot", chat_id=w["g_plain"])
    ok(not ctl.send(w["alice"], w["g_plain"], "/cheers new")["delivered"],
       "privacy mode: a bare command after another bot spoke is withheld")
    # Redelivery: the same update again, whatever the offset.
    old = ctl.send(w["alice"], w["alice"], "once")["update_id"]
    bot.poll()
    ctl.act("redeliver", update_id=old)
    ups = bot.poll()
    ok([u["update_id"] for u in ups or []] == [old] and
       ups[0]["message"]["text"] == "once",
       "a redelivered update comes again with its update_id")
    ok(bot.poll() == [], "and only once")


def sending(ctl, bot, w):
    g = w["g"]
    m = bot.send(g, '<b>Hi</b> &lt;3 &amp; &quot;q&quot; &#128512; '
                 '<a href="tg://user?id=%d">Al</a>' % w["alice"])
    ok(m and m["text"] == 'Hi <3 & "q" \U0001F600 Al' and
       m["entities"][0] == {"type": "bold", "offset": 0, "length": 2} and
       m["entities"][1]["type"] == "text_mention" and
       m["entities"][1]["offset"] == 15 and
       m["entities"][1]["user"]["id"] == w["alice"],
       "HTML: tags become entities, offsets in UTF-16, a tg://user link "
       "a text_mention")
    for html, words in (("a<br>b", "Unsupported start tag"),
                        ("fish & chips", "entity"),
                        ("1 < 2", "Unclosed start tag"),
                        ("2 > 1", "&gt;"),
                        ("&nbsp;", "Unsupported HTML entity"),
                        ("<b>open", "Can't find end tag"),
                        ("<b><i>x</b></i>", "Unmatched end tag"),
                        ("</b>", "Unexpected end tag"),
                        ("<span>x</span>", "tg-spoiler"),
                        ("<code><b>x</b></code>", "inside pre or code")):
        bot.error("sendMessage", {"chat_id": g, "text": html,
                                  "parse_mode": "HTML"}, 400, words)
    nest = bot.send(g, '<pre><code class="language-c">x</code></pre> '
                    '<tg-spoiler>s</tg-spoiler> <blockquote expandable>'
                    'q</blockquote>')
    ok(nest and [e["type"] for e in nest["entities"]] ==
       ["pre", "spoiler", "expandable_blockquote"] and
       nest["entities"][0].get("language") == "c",
       "HTML: pre with a language, spoiler, expandable blockquote")
    bot.error("sendMessage", {"chat_id": g, "text": "*x*",
                              "parse_mode": "MarkdownV2"}, 400, "HTML")
    # 4096 characters, counted after entity parsing, in UTF-16.
    ok(bot.send(g, "x" * 4096) is not None, "4096 characters are taken")
    ok(bot.send(g, "<b>" + "&amp;" * 4096 + "</b>") is not None,
       "the limit counts the text after entity parsing")
    bot.error("sendMessage", {"chat_id": g, "text": "x" * 4097}, 400,
              "message is too long")
    bot.error("sendMessage", {"chat_id": g, "text": "\U0001F600" * 2049},
              400, "message is too long")
    bot.error("sendMessage", {"chat_id": g, "text": "<b></b>",
                              "parse_mode": "HTML"}, 400,
              "message text is empty")
    bot.error("sendMessage", {"chat_id": g, "text": " \n\t"}, 400,
              "message text is empty")
    m = bot.send(g, "\n <b> Hi</b> there<i> </i>\n")
    ok(m and m["text"] == "Hi there" and m["entities"] == [
        {"type": "bold", "offset": 0, "length": 2}],
       "white space at the ends is dropped, entities moved and cut")
    # Inline keyboards.
    kb = lambda *bs: {"inline_keyboard": [list(bs)]}
    ok(bot.send(g, "k", reply_markup=kb(
        {"text": "Hand", "callback_data": "h" * 64},
        {"text": "Join", "url": "https://t.me/%s?start=g1" %
         fakectl.BOT})) is not None,
       "a keyboard with 64-byte callback_data and a deep-link url")
    for b, words in (({"text": "x", "callback_data": "h" * 65},
                      "BUTTON_DATA_INVALID"),
                     ({"text": "x", "callback_data": "\u00e9" * 33},
                      "BUTTON_DATA_INVALID"),
                     ({"text": "x", "callback_data": ""},
                      "BUTTON_DATA_INVALID"),
                     ({"text": "x", "url": "javascript:alert(1)"},
                      "BUTTON_URL_INVALID"),
                     ({"text": "x"}, "exactly one"),
                     ({"text": "x", "url": "https://t.me/x",
                       "callback_data": "y"}, "exactly one"),
                     ({"text": "", "callback_data": "y"}, "Text buttons")):
        bot.error("sendMessage", {"chat_id": g, "text": "k",
                                  "reply_markup": kb(b)}, 400, words)
    # The encodings the Bot API takes.
    for how in ("form", "get"):
        m = bot.result("sendMessage", {
            "chat_id": g, "text": "<i>%s</i>" % how, "parse_mode": "HTML",
            "reply_markup": kb({"text": "a", "callback_data": "b"})},
            how=how)
        ok(m and m["text"] == how and m["reply_markup"] ==
           kb({"text": "a", "callback_data": "b"}),
           "sendMessage as %s, reply_markup JSON-serialized" % how)
    # Chats the bot cannot write to.
    bot.error("sendMessage", {"chat_id": w["carol"], "text": "your hand"},
              403, "Forbidden: bot can't initiate conversation with a user")
    bot.error("sendMessage", {"chat_id": -5, "text": "x"}, 400,
              "chat not found")
    try:
        ctl.open_link(w["carol"], "https://t.me/%s?start=a%%20b" %
                      fakectl.BOT)
        ok(False, "a deep link with a bad payload is refused")
    except fakectl.Refused:
        ok(True, "a deep link with a bad payload is refused")
    st = ctl.open_link(w["carol"], "https://t.me/%s?start=g1" % fakectl.BOT)
    u = bot.next("message")
    ok(st["delivered"] and u and u["message"]["text"] == "/start g1" and
       u["message"]["chat"] == {"id": w["carol"], "type": "private",
                                "first_name": "Carol",
                                "username": "carol_tg"} and
       u["message"]["entities"] == [{"type": "bot_command", "offset": 0,
                                     "length": 6}],
       "a deep link delivers /start PAYLOAD in the private chat")
    ok(bot.send(w["carol"], "your hand") is not None,
       "once started, the user can be written to")
    # Forum topics.
    t = bot.send(w["f"], "table", message_thread_id=w["topic"])
    ok(t and t.get("message_thread_id") == w["topic"] and
       t.get("is_topic_message") is True and t["chat"].get("is_forum"),
       "a message into a forum topic carries its message_thread_id")
    bot.error("sendMessage", {"chat_id": w["f"], "text": "x",
                              "message_thread_id": 999}, 400,
              "message thread not found")
    bot.error("sendMessage", {"chat_id": g, "text": "x",
                              "message_thread_id": w["topic"]}, 400,
              "message thread not found")
    cmd = ctl.send(w["bob"], w["f"], "/cheers@%s new" % fakectl.BOT,
                   thread_id=w["topic"])
    u = bot.next("message")
    ok(cmd["delivered"] and u and
       u["message"].get("message_thread_id") == w["topic"],
       "a command in a topic arrives with its message_thread_id")
    bot.call("sendMessage", {"chat_id": g, "text": "x", "colour": "red"})
    ok(any(e == ["sendMessage", ["colour"]]
           for e in ctl.state()["unknown_params"]),
       "an unknown parameter is ignored but listed in unknown_params")


def editing(ctl, bot, w):
    g = w["g"]
    kb = {"inline_keyboard": [[{"text": "Hand", "callback_data": "h"}]]}
    m = bot.send(g, "<b>Round 1</b>", reply_markup=kb)
    mid = m["message_id"]
    e = bot.result("editMessageText", {"chat_id": g, "message_id": mid,
                                       "text": "<b>Round 2</b>",
                                       "parse_mode": "HTML",
                                       "reply_markup": kb})
    ok(e and e["text"] == "Round 2" and e.get("edit_date"),
       "editMessageText edits, with an edit_date")
    bot.error("editMessageText", {"chat_id": g, "message_id": mid,
                                  "text": "<b>Round 2</b>",
                                  "parse_mode": "HTML",
                                  "reply_markup": kb}, 400,
              "message is not modified")
    bot.error("editMessageText", {"chat_id": g, "message_id": mid,
                                  "text": "<b>Round&#32;2</b>\n",
                                  "parse_mode": "HTML",
                                  "reply_markup": kb}, 400,
              "message is not modified")
    e = bot.result("editMessageText", {"chat_id": g, "message_id": mid,
                                       "text": "<b>Round 2</b>",
                                       "parse_mode": "HTML"})
    ok(e and "reply_markup" not in e,
       "an edit without reply_markup removes the keyboard")
    e = bot.result("editMessageReplyMarkup", {"chat_id": g,
                                              "message_id": mid,
                                              "reply_markup": kb})
    ok(e and e.get("reply_markup") == kb, "editMessageReplyMarkup")
    bot.error("editMessageReplyMarkup", {"chat_id": g, "message_id": mid,
                                         "reply_markup": kb}, 400,
              "message is not modified")
    bot.error("editMessageText", {"chat_id": g, "message_id": 99999,
                                  "text": "x"}, 400,
              "message to edit not found")
    mine = ctl.send(w["alice"], g, "/cheers@%s x" % fakectl.BOT)
    bot.error("editMessageText", {"chat_id": g, "message_id":
                                  mine["message"]["message_id"],
                                  "text": "x"}, 400,
              "message can't be edited")
    bot.error("editMessageText", {"inline_message_id": "abc",
                                  "text": "x"}, 400, "MESSAGE_ID_INVALID")
    vs = [x for x in ctl.messages(g) if x["message_id"] == mid][0]
    ok([v["text"] for v in vs["versions"]] ==
       ["Round 1", "Round 2", "Round 2", "Round 2"] and
       vs["versions"][0]["html"] == "<b>Round 1</b>" and
       vs["versions"][2]["reply_markup"] is None,
       "every version of a message is kept, with its html and markup")
    ok(bot.result("deleteMessage", {"chat_id": g, "message_id": mid})
       is True, "deleteMessage")
    bot.error("deleteMessage", {"chat_id": g, "message_id": mid}, 400,
              "message to delete not found")
    bot.error("editMessageText", {"chat_id": g, "message_id": mid,
                                  "text": "y"}, 400,
              "message to edit not found")
    bot.error("deleteMessage", {"chat_id": g, "message_id":
                                mine["message"]["message_id"]}, 400,
              "message can't be deleted")


def callbacks(ctl, bot, w):
    g = w["g"]
    kb = {"inline_keyboard": [[{"text": "My hand", "callback_data":
                                "t1:hand"}]]}
    m = bot.send(g, "Table", reply_markup=kb)
    c = ctl.click(w["bob"], g, m["message_id"], "t1:hand", wait=0)
    u = bot.next("callback_query")
    q = u["callback_query"] if u else {}
    ok(q.get("id") == c["id"] and q.get("data") == "t1:hand" and
       q["from"]["id"] == w["bob"] and
       q["message"]["message_id"] == m["message_id"] and
       q["message"]["chat"]["id"] == g and q.get("chat_instance"),
       "a click: a callback_query with the message, data and user")
    ok(bot.result("answerCallbackQuery", {"callback_query_id": c["id"],
                                          "text": "Sent to you",
                                          "show_alert": True}) is True,
       "answerCallbackQuery")
    bot.error("answerCallbackQuery", {"callback_query_id": c["id"]}, 400,
              "query is too old")
    bot.error("answerCallbackQuery", {"callback_query_id": "42"}, 400,
              "query is too old")
    bot.error("answerCallbackQuery", {"callback_query_id": c["id"],
                                      "text": "x" * 201}, 400,
              "MESSAGE_TOO_LONG")
    ctl.config(callback_timeout=0.3)
    late = ctl.click(w["bob"], g, m["message_id"], "t1:hand", wait=0)
    time.sleep(0.5)
    bot.error("answerCallbackQuery", {"callback_query_id": late["id"]},
              400, "query is too old")
    ctl.config(callback_timeout=15)
    bot.poll()
    ans = [a for a in ctl.state()["callback_answers"]]
    ok([a["refused"] for a in ans] == [None, "twice", "unknown", "late"]
       and ans[0]["text"] == "Sent to you" and ans[0]["show_alert"] and
       ans[0]["latency"] < 5,
       "callback answers are recorded, the refused ones with why")
    # The control waits for the answer.
    join = in_thread(ctl.click, w["alice"], g, m["message_id"],
                     "t1:hand", wait=5)
    u = bot.next("callback_query")
    bot.result("answerCallbackQuery", {"callback_query_id":
                                       u["callback_query"]["id"],
                                       "text": "Not yours"})
    r = join()
    ok(r and r["answer"] and r["answer"]["text"] == "Not yours",
       "/_test/click gives the bot's answer when it comes")
    for who, data, why in ((w["alice"], "t1:table", "no such button"),
                           (w["dave"], "t1:hand", "not in the group")):
        try:
            ctl.click(who, g, m["message_id"], data, wait=0)
            ok(False, "a click is refused: %s" % why)
        except fakectl.Refused:
            ok(True, "a click is refused: %s" % why)


def article(rid, title, text, **more):
    return dict(more, type="article", id=rid, title=title,
                input_message_content={"message_text": text,
                                       "parse_mode": "HTML"})


def inline(ctl, bot, w):
    q = ctl.inline(w["alice"], "7", wait=0)
    u = bot.next("inline_query")
    iq = u["inline_query"] if u else {}
    ok(iq.get("id") == q["id"] and iq.get("query") == "7" and
       iq["from"]["id"] == w["alice"] and iq.get("chat_type") ==
       "supergroup" and "chat" not in iq and iq.get("offset") == "",
       "an inline query: the user, the text, the chat type, no chat")
    res = [article("t1.s4.m%d" % i, "Play 7", "plays <b>7</b>",
                   description="beats 6") for i in range(2)]
    base = {"inline_query_id": q["id"], "cache_time": 0,
            "is_personal": True}
    for more, words in (
            ({"results": res * 26}, "RESULTS_TOO_MUCH"),
            ({"results": [res[0], res[0]]}, "RESULT_ID_DUPLICATE"),
            ({"results": [article("x" * 65, "t", "m")]},
             "RESULT_ID_INVALID"),
            ({"results": [article("", "t", "m")]}, "RESULT_ID_INVALID"),
            ({"results": [article("a", "t", "a & b")]}, "entity"),
            ({"results": [article("a", "t", "x" * 4097)]},
             "message is too long"),
            ({"results": res, "next_offset": "o" * 65}, "next_offset"),
            ({"results": res, "button": {"text": "Open",
                                         "start_parameter": "a b"}},
             "START_PARAM_INVALID"),
            ({"results": [dict(res[0], type="photo")]}, "article")):
        bot.error("answerInlineQuery", dict(base, **more), 400, words)
    ok(bot.result("answerInlineQuery", dict(
        base, results=res, next_offset="50",
        button={"text": "Your hand", "start_parameter": "hand-t1"}))
       is True, "answerInlineQuery with articles, a button, next_offset")
    bot.error("answerInlineQuery", dict(base, results=res), 400,
              "query is too old")
    a = [x for x in ctl.state()["inline_answers"] if x["refused"] is None]
    ok(len(a) == 1 and a[0]["is_personal"] is True and
       a[0]["cache_time"] == 0 and a[0]["from"] == w["alice"] and
       a[0]["results"][0]["message_text"] == "plays 7" and
       a[0]["results"][0]["description"] == "beats 6" and
       a[0]["button"]["start_parameter"] == "hand-t1",
       "the inline answer is recorded for its user, as parsed")
    ctl.config(inline_timeout=0.3)
    late = ctl.inline(w["bob"], "", wait=0)
    time.sleep(0.5)
    bot.error("answerInlineQuery", {"inline_query_id": late["id"],
                                    "results": []}, 400, "query is too old")
    ctl.config(inline_timeout=10)
    bot.poll()
    # A choice: chosen_inline_result, then the message via the bot.
    ch = ctl.choose(w["alice"], q["id"], "t1.s4.m1", w["g"])
    ups = [bot.next("chosen_inline_result"), bot.next("message")]
    cr = ups[0]["chosen_inline_result"] if ups[0] else {}
    ok(cr.get("result_id") == "t1.s4.m1" and cr.get("query") == "7" and
       cr["from"]["id"] == w["alice"] and "chat" not in cr and
       "inline_message_id" not in cr,
       "chosen_inline_result: the result id, query and user, no chat")
    vm = ups[1]["message"] if ups[1] else {}
    ok(ch["message"]["via_bot"]["id"] == fakectl.BOT_ID and
       vm.get("via_bot", {}).get("username") == fakectl.BOT and
       vm.get("text") == "plays 7" and vm["from"]["id"] == w["alice"] and
       vm.get("entities") == [{"type": "bold", "offset": 6,
                               "length": 1}],
       "the message sent via the bot reaches it in privacy mode")
    ch = ctl.choose(w["alice"], q["id"], "t1.s4.m0", w["g"],
                    order="message_first")
    ups = bot.poll()
    ok([list(u)[1] for u in ups or []] ==
       ["message", "chosen_inline_result"],
       "order message_first: the via-bot message comes first")
    for who, rid, why in ((w["alice"], "nope", "a result not offered"),
                          (w["bob"], "t1.s4.m0", "another user's query")):
        try:
            ctl.choose(who, q["id"], rid, w["g"])
            ok(False, "a choice is refused: %s" % why)
        except fakectl.Refused:
            ok(True, "a choice is refused: %s" % why)
    join = in_thread(ctl.inline, w["bob"], "", wait=5)
    u = bot.next("inline_query")
    bot.result("answerInlineQuery", {
        "inline_query_id": u["inline_query"]["id"], "results": [],
        "is_personal": True, "cache_time": 0,
        "button": {"text": "Open", "start_parameter": "join"}})
    r = join()
    ok(r and r["answer"] and r["answer"]["results"] == [] and
       r["answer"]["button"]["text"] == "Open",
       "/_test/inline gives the bot's answer when it comes")
    texts = ctl.public_texts()
    ok(any(t == "plays 7" and "message" in where for where, t in texts)
       and any("inline result" in where for where, _ in texts),
       "public_texts lists group message versions and inline results")


def chats(ctl, bot, w):
    g = w["g"]
    bot.poll()
    admins = bot.result("getChatAdministrators", {"chat_id": g})
    ok(admins and [(a["status"], a["user"]["id"]) for a in admins] ==
       [("creator", w["alice"]), ("administrator", w["bob"])],
       "getChatAdministrators: the creator and the administrators")
    bot.error("getChatAdministrators", {"chat_id": w["alice"]}, 400,
              "no administrators in the private chat")
    ch = bot.result("getChat", {"chat_id": w["f"]})
    ok(ch and ch["type"] == "supergroup" and ch.get("is_forum") is True,
       "getChat")
    # An administrator bot may delete what users wrote.
    a = ctl.group("Admin", [w["alice"]], bot_admin=True, quiet=True)["id"]
    said = ctl.send(w["alice"], a, "/cheers@%s x" % fakectl.BOT)
    ok(bot.result("deleteMessage", {"chat_id": a, "message_id":
                                    said["message"]["message_id"]})
       is True, "an administrator bot deletes a user's message")
    ok(bot.result("getChatAdministrators", {"chat_id": a})[-1]["user"]
       ["id"] == fakectl.BOT_ID, "and is listed among the administrators")
    mem = bot.result("getChatMember", {"chat_id": g, "user_id":
                                       w["carol"]})
    ok(mem and mem["status"] == "member", "getChatMember")
    # An upgrade to a supergroup.
    bot.poll()
    new = ctl.act("migrate", chat_id=g)["new_chat_id"]
    ups = [bot.next("message"), bot.next("message")]
    ok(ups[0] and ups[0]["message"].get("migrate_to_chat_id") == new and
       ups[0]["message"]["chat"]["id"] == g and ups[1] and
       ups[1]["message"].get("migrate_from_chat_id") == g and
       ups[1]["message"]["chat"]["type"] == "supergroup",
       "an upgrade: migrate_to_chat_id in the old chat, "
       "migrate_from_chat_id in the new")
    body = bot.error("sendMessage", {"chat_id": g, "text": "x"}, 400,
                     "group chat was upgraded to a supergroup chat")
    ok(body.get("parameters") == {"migrate_to_chat_id": new},
       "the 400 carries parameters.migrate_to_chat_id")
    ok(bot.send(new, "moved") is not None, "the new chat takes messages")
    # The bot removed from a supergroup and a basic group, and blocked
    # by a user: a my_chat_member update, then 403 to every message.
    for act, chat, status, words in (
            ("remove", new, "kicked",
             "bot was kicked from the supergroup chat"),
            ("remove", w["g_plain"], "left",
             "bot was kicked from the group chat"),
            ("block", w["dave"], "kicked", "bot was blocked by the user")):
        ctl.act(act, **{"user_id" if act == "block" else "chat_id": chat})
        u = bot.next("my_chat_member")
        cm = u["my_chat_member"] if u else {}
        ok(cm.get("chat", {}).get("id") == chat and
           cm["new_chat_member"]["status"] == status,
           "%s from %d: my_chat_member, status %s" % (act, chat, status))
        bot.error("sendMessage", {"chat_id": chat, "text": "x"}, 403, words)
    try:
        ctl.send(w["dave"], w["dave"], "hello")
        ok(False, "a user who blocked the bot cannot write to it")
    except fakectl.Refused:
        ok(True, "a user who blocked the bot cannot write to it")
    ctl.start(w["dave"])
    u = bot.next("my_chat_member")
    ok(u and u["my_chat_member"]["new_chat_member"]["status"] == "member"
       and bot.next("message")["message"]["text"] == "/start" and
       bot.send(w["dave"], "welcome back") is not None,
       "/start unblocks: my_chat_member, /start, and the bot may write")


def faults(ctl, bot, w):
    g2 = ctl.group("Limits", [w["alice"]], quiet=True)["id"]
    ctl.fault("429", chat_id=g2, retry_after=2)
    body = bot.error("sendMessage", {"chat_id": g2, "text": "x"}, 429,
                     "Too Many Requests: retry after 2")
    ok(body.get("parameters") == {"retry_after": 2},
       "429 carries parameters.retry_after")
    ok(bot.send(w["alice"], "elsewhere") is not None,
       "a 429 for one chat leaves the others alone")
    bot.error("sendMessage", {"chat_id": g2, "text": "x"}, 429,
              "Too Many Requests")
    ok(len(ctl.state()["early_after_429"]) == 1,
       "a call inside retry_after is answered 429 and counted early")
    time.sleep(2.1)
    ok(bot.send(g2, "later") is not None, "after retry_after it goes")
    ctl.fault("5xx", status=502)
    status, body = bot.call("sendMessage", {"chat_id": g2, "text": "x"})
    ok(status == 502 and "Bad Gateway" in body,
       "502 comes as nginx's HTML page")
    ctl.fault("5xx", status=500)
    bot.error("sendMessage", {"chat_id": g2, "text": "x"}, 500,
              "Internal Server Error")
    ctl.fault("5xx", status=503, land=True)
    n = len(ctl.bot_messages(g2))
    bot.error("sendMessage", {"chat_id": g2, "text": "landed"}, 503,
              "Service Unavailable")
    ok(len(ctl.bot_messages(g2)) == n + 1,
       "a 5xx with land: the message was sent all the same")
    ctl.fault("409")
    bot.error("getUpdates", {}, 409, "terminated by other getUpdates")
    ok(bot.poll() == [], "one 409 fault answers one getUpdates")
    ctl.fault("webhook")
    bot.error("getUpdates", {}, 409, "webhook is active")
    ok(bot.result("deleteWebhook", {}) is True and bot.poll() == [],
       "deleteWebhook ends the webhook's 409s")
    join = in_thread(bot.call, "getUpdates", {"offset": bot.offset,
                                              "timeout": 5})
    waiting(ctl)
    ctl.fault("401")
    status, body = join()
    ok(status == 401 and body.get("description") == "Unauthorized",
       "a revoked token: the waiting poll ends with 401")
    bot.error("getMe", {}, 401, "Unauthorized")
    ctl.fault("clear")
    ok(bot.result("getMe") is not None, "faults cleared")
    # Telegram's own limits, when enforced: 20 a minute to a group.
    ctl.config(enforce_limits=True)
    g3 = ctl.group("Busy", [w["alice"]], quiet=True)["id"]
    sent = sum(bot.call("sendMessage", {"chat_id": g3, "text": str(i)})[0]
               == 200 for i in range(20))
    ok(sent == 20, "enforced limits: 20 messages a minute to a group go")
    bot.error("sendMessage", {"chat_id": g3, "text": "21"}, 429,
              "Too Many Requests")
    ctl.config(enforce_limits=False)
    p = ctl.pacing()
    ok(p["chats"][str(g3)]["max_per_minute"] == 20 and
       p["chats"][str(g3)]["min_gap"] < 1 and p["max_per_second"] >= 2,
       "the pacing dump: per chat the most a minute and the least gap")


def tls(ctl, bot):
    me = bot.result("getMe")
    ok(me and me["username"] == fakectl.BOT, "getMe over https")
    u = ctl.user("Tess", started=True)["id"]
    ok(bot.send(u, "<b>hi</b>") is not None, "sendMessage over https")
    ctl.start(u, "x1")
    up = bot.next("message")
    ok(up and up["message"]["text"] == "/start x1",
       "long polling over https")


def start_fault(ctl, bot, name):
    """A fake started with --fault NAME."""
    if name == "revoked":
        bot.error("getMe", {}, 401, "Unauthorized")
        bot.error("getUpdates", {}, 401, "Unauthorized")
    elif name == "webhook":
        bot.error("getUpdates", {}, 409, "webhook is active")
        ok(bot.result("deleteWebhook", {}) is True and bot.poll() == [],
           "deleteWebhook, then getUpdates works")
    elif name == "conflict":
        for _ in range(2):
            bot.error("getUpdates", {}, 409, "terminated by other")
    elif name == "bad_gateway":
        for method in ("getMe", "getUpdates"):
            status, body = bot.call(method)
            ok(status == 502 and "502 Bad Gateway" in body,
               "%s: 502 from nginx" % method)


def main():
    port = int(sys.argv[1])
    if len(sys.argv) > 3 and sys.argv[2] == "fault":
        ctl = fakectl.Ctl(port)
        start_fault(ctl, Bot(ctl), sys.argv[3])
        tally.end("telegram (fault %s)" % sys.argv[3])
    if len(sys.argv) > 3 and sys.argv[2] == "tls":
        ctx = ssl.create_default_context(cafile=sys.argv[3])
        ctl = fakectl.Ctl(port, ctx)
        tls(ctl, Bot(ctl))
        tally.end("telegram (tls)")
    ctl = fakectl.Ctl(port)
    bot = Bot(ctl)
    w = world(ctl, bot)
    for part in (commands, polling, sending, editing, callbacks, inline,
                 chats, faults):
        part(ctl, bot, w)
    rej = ctl.state()["rejected"]
    ok(len(rej) > 40 and all(r["code"] in (400, 403) for r in rej),
       "every 400 and 403 the bot earned is in the state's rejected")
    tally.end("telegram")


if __name__ == "__main__":
    main()
