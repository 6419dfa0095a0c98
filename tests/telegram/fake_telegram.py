#!/usr/bin/python3
"""A protocol-faithful fake Telegram Bot API for cheersbot's tests.

One aiohttp server on 127.0.0.1 (port 0, written to --port-file; https
with --tls CERT KEY) serves the Bot API at /bot<token>/<method> and a
control API under /_test that a scenario uses to play the users and
read back what the bot did.  Run it with Debian's /usr/bin/python3 and
python3-aiohttp.  Each --fault NAME turns one failure on from the start
(FAULTS below).

THE BOT'S SIDE: /bot<token>/<method>
------------------------------------
The token is TOKEN below; the bot is BOT_ID, @BOT_USERNAME.  A method
takes its parameters as the Bot API does: a GET query string, or a POST
body in application/x-www-form-urlencoded, multipart/form-data or
application/json.  In a query or a form, objects and arrays
(reply_markup, allowed_updates, commands, scope, results, button) are
JSON-serialized strings; in a JSON body they may be JSON values.  Every
answer is {"ok": true, "result": ...} or {"ok": false, "error_code": N,
"description": "...", ["parameters": {...}]}, with N as the HTTP
status.  Unknown methods answer 404 "Not Found"; a wrong token 401
"Unauthorized" (a token not of the form <digits>:<chars>, 404).
Parameters a method does not know are ignored, as Telegram does, but
listed in the state's "unknown_params".

Methods and where the fake is strict (each 4xx the bot earns is also
kept in the state's "rejected": a well-behaved bot leaves it empty,
except for the failures a scenario provokes):

getMe        the bot's User, with supports_inline_queries true and
             can_read_all_group_messages false (privacy mode).
getUpdates   offset, limit (1-100, default 100), timeout (0-50 s; the
             fake refuses more than 50, the issue's ceiling), and
             allowed_updates (kept for later calls; [] means all but
             chat_member, message_reaction(_count)).  An update is
             confirmed, and forgotten, once getUpdates is called with an
             offset above its update_id; a negative offset keeps only the
             last -offset updates.  Updates of a type not allowed when
             they happen are never queued.  A call made while another is
             still waiting ends the older one with 409 "Conflict:
             terminated by other getUpdates request; make sure that only
             one bot instance is running".  While a webhook is set (fault
             "webhook"), 409 "Conflict: can't use getUpdates method while
             webhook is active; use deleteWebhook to delete the webhook
             first".  Every call is logged in the state's "polls".
deleteWebhook, getWebhookInfo   as Telegram (deleteWebhook clears the
             "webhook" fault; drop_pending_updates empties the queue).
setMyCommands, getMyCommands, deleteMyCommands   commands: 1-100
             BotCommands, command [a-z0-9_]{1,32} (else 400
             BOT_COMMAND_INVALID), description 1-256 characters; scope a
             BotCommandScope of a known type (chat scopes need a known
             chat_id, chat_member a user_id too); language_code empty or
             two letters.  Kept per scope and language: state "commands".
sendMessage  chat_id (an integer; a private chat's id is its user's id),
             text, parse_mode (HTML, strictly parsed by tghtml.py; no
             parse_mode means plain text; MarkdownV2 and Markdown are not
             modelled and refused), entities (only without parse_mode),
             message_thread_id, reply_markup, reply_parameters /
             reply_to_message_id, link_preview_options,
             disable_notification, protect_content.  White space at
             either end of the parsed text is dropped (as Telegram
             shows it); what is left is 1-4096 UTF-16 code units
             ("message text is empty", "message is too long").
             reply_markup must be an InlineKeyboardMarkup (other
             keyboards are not modelled):
             rows of buttons, each with a text and exactly one of url,
             callback_data, switch_inline_query,
             switch_inline_query_current_chat, ... ("text buttons are
             unallowed in the inline keyboard"); callback_data 1-64 bytes
             (BUTTON_DATA_INVALID); url http(s):// or tg://
             (BUTTON_URL_INVALID); at most 8 buttons a row and 100 in all
             (the fake's reading of "reply markup is too long").
             Refusals, in this order: unknown chat 400 "chat not found";
             a user who never started the bot 403 "Forbidden: bot can't
             initiate conversation with a user"; one who blocked it 403
             "Forbidden: bot was blocked by the user"; a group upgraded
             to a supergroup 400 "Bad Request: group chat was upgraded to
             a supergroup chat" with parameters.migrate_to_chat_id; the
             bot removed 403 "Forbidden: bot was kicked from the
             (super)group chat"; a
             message_thread_id that is no topic of a forum 400 "message
             thread not found".  Each sent message's time is logged per
             chat for the pacing checks (GET /_test/pacing).
editMessageText   chat_id + message_id (inline_message_id is not
             modelled: 400 MESSAGE_ID_INVALID), text, parse_mode,
             entities, reply_markup, link_preview_options.  As on
             Telegram, an edit without reply_markup removes the keyboard.
             400 "message to edit not found" (no such message, or
             deleted), "message can't be edited" (not the bot's), and
             "Bad Request: message is not modified: specified new message
             content and reply markup are exactly the same as a current
             content and reply markup of the message" when the parsed
             text, its entities and the markup are all unchanged.  Every
             version of every message is kept (GET /_test/messages).
editMessageReplyMarkup   the same for the markup alone.
deleteMessage     400 "message to delete not found"; "message can't be
             deleted" for another user's message in a group where the bot
             is no administrator.
answerCallbackQuery   callback_query_id, text (0-200 characters),
             show_alert, url, cache_time.  Once per query, within
             callback_timeout s (15 unless POST /_test/config says
             otherwise; the documentation names no figure): else 400
             "query is too old and response timeout expired or query ID
             is invalid".
answerInlineQuery     inline_query_id, results, cache_time (default 300),
             is_personal, next_offset (at most 64 bytes), button
             (InlineQueryResultsButton: text and start_parameter
             [A-Za-z0-9_-]{1,64}, or web_app).  Once, within
             inline_timeout s (10 unless configured), else the "query is
             too old" 400.  At most 50 results (RESULTS_TOO_MUCH); ids
             1-64 bytes (RESULT_ID_INVALID) and unique
             (RESULT_ID_DUPLICATE); only "article" results are modelled:
             title non-empty, input_message_content an
             InputTextMessageContent whose message_text is parsed and
             measured as sendMessage's text, reply_markup as above.
getChatAdministrators   the creator and administrators (the bot too,
             if it is one); 400 "there are no administrators in the
             private chat".
getChatMember, getChat  as Telegram, for the chats and users the
             scenario made.

Failures answered before any method runs (POST /_test/fault, or
--fault): 401 "Unauthorized" for every call once the token is revoked;
429 "Too Many Requests: retry after N" with parameters.retry_after N,
for one chat or all, one method or all, some calls or every one; and a
call to that chat before N s have passed is answered 429 again and
counted in the state's "early_after_429"; 5xx (500/503/504 as JSON,
502 as nginx's HTML page), optionally after the call took effect
("land": the message is sent, the bot is told it failed); 409 for the
next getUpdates calls.  POST /_test/config {"enforce_limits": true}
also answers 429 to a message past 20 a minute to one group or 30 a
second overall, as Telegram does (off by default: the pacing dump lets
a test judge the bot's own pacing).

THE USERS' SIDE: the control API under /_test
---------------------------------------------
Every request and answer is JSON.  A refusal (an act the real client
could not do) answers status 409 with {"error": "..."}.  Users, chats
and messages are named by their Telegram ids.

POST /_test/user    {first_name, username?, started?: false, id?}
    A user; started means they have opened the bot's private chat.
    Answers the User object.
POST /_test/group   {title, type?: "group"|"supergroup", forum?: false,
                     members: [user ids], admins?: [user ids],
                     creator?: user id, bot_admin?: false, quiet?: false}
    A chat with the bot in it (added by the creator): a my_chat_member
    update and a new_chat_members service message tell the bot, unless
    quiet.  Answers the Chat object.
POST /_test/join    {chat_id, user_id}     a user joins (silently).
POST /_test/admin   {chat_id, user_id, admin: true|false}
POST /_test/topic   {chat_id, name}        a forum topic; a
    forum_topic_created service message.  Answers {message_thread_id}.
POST /_test/send    {from, chat_id, text, thread_id?, reply_to?}
    A user's text message.  Commands and @mentions get their entities
    (bot_command, mention) as the client makes them.  In a group the
    bot, in privacy mode, gets it only if it is a command addressed to
    it (/cmd@BOT_USERNAME), a bare /cmd while the bot was the last bot
    to speak there (POST /_test/other_bot makes another bot speak), a
    reply to one of its messages, or sent via it.  Answers {message,
    delivered, update_id}.
POST /_test/start   {from, payload?}
    The user opens the bot's private chat: "/start" or "/start
    PAYLOAD" (PAYLOAD [A-Za-z0-9_-]{1,64}, as a deep link carries it).
    The user has now started the bot.
POST /_test/open_link  {from, url}
    The user follows a link the bot gave: https://t.me/BOT?start=P (or
    tg://resolve?domain=BOT&start=P) becomes /_test/start; a link to
    another bot or with a bad payload is refused.
POST /_test/click   {from, chat_id, message_id, data, wait?: 2}
    The user presses the callback button with that callback_data on a
    message they can see (their private chat, or a group they are in);
    the button must be on the message's current markup.  A
    callback_query update; waits up to wait s for the bot's
    answerCallbackQuery.  Answers {id, update_id, answer|null}.
POST /_test/inline  {from, query, offset?: "", chat_type?: "supergroup",
                     wait?: 3}
    The user types "@BOT query" somewhere: an inline_query update (no
    chat id, as on Telegram); waits up to wait s for the answer.
    Answers {id, update_id, answer|null}.
POST /_test/choose  {from, query_id, result_id, chat_id, thread_id?,
                     feedback?: true, order?: "result_first"}
    The user picks a result the bot gave them for that query: a
    chosen_inline_result update (if feedback, as /setinlinefeedback
    100% gives) and the message their client sends into the chat "via"
    the bot (from the user, via_bot the bot), which privacy mode
    delivers; order "message_first" queues the message first.
    Answers {message, update_ids}.
POST /_test/migrate {chat_id, by?, quiet?: false}
    A group becomes a supergroup with a new id: a migrate_to_chat_id
    message in the old chat, a migrate_from_chat_id one in the new
    (quiet: neither, as for a bot that missed them: only the 400 to
    its next message there tells it).  Answers {new_chat_id}.
POST /_test/remove  {chat_id, by?, status?: "kicked"|"left"}
    The bot is removed from a group: a my_chat_member update (status
    "kicked" in a supergroup, "left" in a basic group, unless given);
    then every write there answers 403 "Forbidden: bot was kicked from
    the (super)group chat".
POST /_test/block   {user_id}     the user blocks the bot (a
    my_chat_member update in their private chat).
POST /_test/other_bot {chat_id}   another bot speaks in a group.
POST /_test/redeliver {update_id}
    That update is delivered again, same update_id, in the next
    getUpdates whatever its offset (a bot restarted from an older
    offset, or Telegram's at-least-once delivery).
POST /_test/raw     {update}      queues an update as given (its
    update_id assigned): for malformed-update tests.
POST /_test/fault   {kind: "401"} | {kind: "429", retry_after?: 3,
                     chat_id?, method?, count?: 1 (-1: all)} |
                    {kind: "5xx", status?: 502, method?, count?: 1,
                     land?: false} | {kind: "409", count?: 1} |
                    {kind: "webhook"} | {kind: "clear"}
POST /_test/config  {callback_timeout?, inline_timeout?,
                     enforce_limits?}
GET  /_test/state   what the fake saw: "calls" (method, status, chat_id,
    when, how long it took), "polls" (each getUpdates: offset,
    timeout, the update ids it gave, status), "rejected" (each 400 and
    403 the bot earned), "unknown_params", "commands" (per scope and
    language), "callback_answers" and "inline_answers" (each answer
    with its latency, and "refused": null, "twice", "late" or
    "unknown"; an inline answer also names the user ("from") and the
    query it answered, its results as parsed), "updates" (every update
    made, and whether allowed_updates let it be queued), "queue" (the
    update ids waiting), "confirmed" (the highest confirmed
    update_id), "withheld" (group messages privacy mode kept from the
    bot), "served" (answers per HTTP status), "early_after_429",
    "last_poll", "polling" (a getUpdates is waiting now), "chats",
    "config", "now" (times are of the fake's monotonic clock).
GET  /_test/messages[?chat_id=N]  every message, users' too, each with
    "versions" (every text, entities, html source and markup it had,
    oldest first: the secret checks read them all), "deleted",
    "via_bot", "thread_id", "from_bot", "chat_type".
GET  /_test/pacing  per chat: the times of the bot's sends and edits
    (each with its method), the least gap, the most in any 60 s, and
    whether it is a group; overall the most in any 1 s.

NOT MODELLED, AND THE FAKE'S OWN CHOICES
----------------------------------------
Not modelled: media, other parse modes and keyboards, channels,
inline_message_id (so no callbacks from buttons on a message sent via
the bot, and editMessageText of one), the 48-hour limit on deleting,
reply_to_message on messages in a forum topic, message ids shared
across a user's private chats.  Where the documentation is silent the
fake chooses, and says so: the time limits on answering queries (15 s
and 10 s, configurable), a 50 s ceiling on getUpdates' timeout, a bare
">" refused, nesting against the documented restrictions refused (not
silently fixed), lengths in UTF-16 code units, 8 buttons a row and 100
in all, the exact text of a few descriptions (those starting "fake:").
"""
import argparse
import asyncio
import json
import os
import re
import socket
import ssl
import sys
import time
import urllib.parse

from aiohttp import web

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tghtml  # noqa: E402

TOKEN = "123456789:AAHfakeTokenForCheersbotTests-0123456"
BOT_ID = 123456789
BOT_USERNAME = "CheersTestBot"
BOT_USER = {"id": BOT_ID, "is_bot": True, "first_name": "Cheers",
            "username": BOT_USERNAME}
UPDATE_TYPES = ["message", "edited_message", "channel_post",
                "edited_channel_post", "business_connection",
                "business_message", "edited_business_message",
                "deleted_business_messages", "message_reaction",
                "message_reaction_count", "inline_query",
                "chosen_inline_result", "callback_query", "shipping_query",
                "pre_checkout_query", "purchased_paid_media", "poll",
                "poll_answer", "my_chat_member", "chat_member",
                "chat_join_request", "chat_boost", "removed_chat_boost"]
# What [] (or no setting ever) means: all but these.
NOT_BY_DEFAULT = {"chat_member", "message_reaction",
                  "message_reaction_count"}
TOO_OLD = ("Bad Request: query is too old and response timeout expired "
           "or query ID is invalid")
NOT_MODIFIED = ("Bad Request: message is not modified: specified new "
                "message content and reply markup are exactly the same as "
                "a current content and reply markup of the message")
BUTTON_KINDS = ("url", "callback_data", "web_app", "login_url",
                "switch_inline_query", "switch_inline_query_current_chat",
                "switch_inline_query_chosen_chat", "copy_text",
                "callback_game", "pay")
SCOPES = {"default", "all_private_chats", "all_group_chats",
          "all_chat_administrators", "chat", "chat_administrators",
          "chat_member"}
WHITE = " \t\r\n"
START_PARAM = re.compile(r"[A-Za-z0-9_-]{1,64}")
# Each method's parameters, for "unknown_params".
PARAMS = {
    "getMe": set(), "logOut": set(), "close": set(),
    "getUpdates": {"offset", "limit", "timeout", "allowed_updates"},
    "deleteWebhook": {"drop_pending_updates"}, "getWebhookInfo": set(),
    "setMyCommands": {"commands", "scope", "language_code"},
    "getMyCommands": {"scope", "language_code"},
    "deleteMyCommands": {"scope", "language_code"},
    "sendMessage": {"business_connection_id", "chat_id",
                    "message_thread_id", "text", "parse_mode", "entities",
                    "link_preview_options", "disable_notification",
                    "protect_content", "allow_paid_broadcast",
                    "message_effect_id", "reply_parameters",
                    "reply_to_message_id", "allow_sending_without_reply",
                    "reply_markup", "disable_web_page_preview"},
    "editMessageText": {"business_connection_id", "chat_id", "message_id",
                        "inline_message_id", "text", "parse_mode",
                        "entities", "link_preview_options", "reply_markup",
                        "disable_web_page_preview"},
    "editMessageReplyMarkup": {"business_connection_id", "chat_id",
                               "message_id", "inline_message_id",
                               "reply_markup"},
    "deleteMessage": {"chat_id", "message_id"},
    "answerCallbackQuery": {"callback_query_id", "text", "show_alert",
                            "url", "cache_time"},
    "answerInlineQuery": {"inline_query_id", "results", "cache_time",
                          "is_personal", "next_offset", "button"},
    "getChatAdministrators": {"chat_id"},
    "getChatMember": {"chat_id", "user_id"},
    "getChat": {"chat_id"},
}
# Methods whose success puts a message in a chat (pacing, 429s).
MESSAGE_METHODS = {"sendMessage", "editMessageText",
                   "editMessageReplyMarkup"}

# What a ChatMemberAdministrator has beside its status and user.
ADMIN_RIGHTS = {"can_be_edited": False, "is_anonymous": False,
                "can_manage_chat": True, "can_delete_messages": True,
                "can_manage_video_chats": True, "can_restrict_members": True,
                "can_promote_members": False, "can_change_info": True,
                "can_invite_users": True, "can_post_stories": False,
                "can_edit_stories": False, "can_delete_stories": False,
                "can_pin_messages": True}

# The failures --fault turns on from the start.
FAULTS = {
    "revoked",      # every call: 401 Unauthorized
    "webhook",      # a webhook is set: getUpdates answers 409
    "conflict",     # another instance polls: every getUpdates 409
    "bad_gateway",  # every call: 502 with nginx's HTML page
}


class Refusal(Exception):
    """An error answer: Telegram's error_code, description, parameters."""

    def __init__(self, code, description, parameters=None):
        super().__init__(description)
        self.code, self.description = code, description
        self.parameters = parameters


def bad(description, parameters=None):
    return Refusal(400, "Bad Request: " + description, parameters)


class Control(Exception):
    """A control request the users' side could not do (409)."""


class Fake:
    def __init__(self):
        self.port = 0
        self.now = time.monotonic
        self.users = {}         # id -> {user, started, blocked}
        self.chats = {}         # id -> chat record (see t_group)
        self.msgs = {}          # (chat_id, message_id) -> message record
        self.next_msg = {}      # chat_id -> last message_id
        self.next_id = 1000
        self.next_update = 700000
        self.queue = []         # pending updates, update_id ascending
        self.forced = []        # updates to deliver again
        self.allowed = None     # the bot's allowed_updates, or None
        self.poll = None        # the getUpdates now waiting
        self.webhook = False
        self.revoked = False
        self.faults = []        # rules, see t_fault
        self.start_faults = set()   # --fault names
        self.limited = {}       # chat_id (or "*") -> end of its 429
        self.callbacks = {}     # id -> callback query record
        self.inlines = {}       # id -> inline query record
        self.waiters = {}       # query id -> asyncio.Event
        self.commands = {}      # "scope|lang" -> commands
        self.sent_times = {}    # chat_id -> [(time, method)]
        self.config = {"callback_timeout": 15.0, "inline_timeout": 10.0,
                       "enforce_limits": False}
        self.log = {"calls": [], "polls": [], "rejected": [],
                    "unknown_params": [], "callback_answers": [],
                    "inline_answers": [], "updates": [], "confirmed": 0,
                    "served": {}, "early_after_429": [], "last_poll": None,
                    "withheld": []}

    # --- ids and objects ------------------------------------------------

    def new_id(self):
        self.next_id += 1
        return self.next_id

    def user_obj(self, uid):
        return dict(self.users[uid]["user"])

    def chat_obj(self, cid):
        if cid in self.users:
            u = self.users[cid]["user"]
            o = {"id": cid, "type": "private", "first_name": u["first_name"]}
            if "username" in u:
                o["username"] = u["username"]
            return o
        c = self.chats[cid]
        o = {"id": cid, "type": c["type"], "title": c["title"]}
        if c["forum"]:
            o["is_forum"] = True
        return o

    def msg_obj(self, m):
        o = {"message_id": m["message_id"], "date": m["date"],
             "chat": self.chat_obj(m["chat_id"])}
        o["from"] = dict(BOT_USER) if m["from_bot"] else \
            self.user_obj(m["from_id"])
        if m["thread_id"] is not None:
            o["message_thread_id"] = m["thread_id"]
            o["is_topic_message"] = True
        if m["via_bot"]:
            o["via_bot"] = dict(BOT_USER)
        if m["edit_date"]:
            o["edit_date"] = m["edit_date"]
        if m["reply_to"] is not None:
            r = self.msgs.get((m["chat_id"], m["reply_to"]))
            if r is not None:
                o["reply_to_message"] = self.msg_obj(
                    dict(r, reply_to=None))
        if m["text"] is not None:
            o["text"] = m["text"]
            if m["entities"]:
                o["entities"] = m["entities"]
        if m["reply_markup"]:
            o["reply_markup"] = m["reply_markup"]
        o.update(m["service"])
        return o

    def new_msg(self, chat_id, from_bot, from_id=None, text=None,
                entities=None, html=None, markup=None, thread_id=None,
                via_bot=False, reply_to=None, service=None):
        mid = self.next_msg.get(chat_id, 0) + 1
        self.next_msg[chat_id] = mid
        m = {"chat_id": chat_id, "message_id": mid, "from_bot": from_bot,
             "from_id": from_id, "text": text, "entities": entities or [],
             "html": html, "reply_markup": markup, "thread_id": thread_id,
             "via_bot": via_bot, "reply_to": reply_to, "date":
             int(time.time()), "edit_date": None, "deleted": False,
             "service": service or {}, "versions": []}
        m["versions"].append(self.version(m))
        self.msgs[(chat_id, mid)] = m
        return m

    def version(self, m):
        return {"text": m["text"], "entities": m["entities"],
                "html": m["html"], "reply_markup": m["reply_markup"],
                "at": time.time()}

    def known_user(self, uid):
        return self.user_obj(uid) if uid in self.users else None

    # --- updates ---------------------------------------------------------

    def allowed_now(self, kind):
        if not self.allowed:
            return kind not in NOT_BY_DEFAULT
        return kind in self.allowed

    def push(self, kind, obj):
        """Queues an update of that kind (if the bot's allowed_updates
        take it) and wakes the poll; its update_id, or None."""
        self.next_update += 1
        u = {"update_id": self.next_update, kind: obj}
        self.log["updates"].append({"update": u, "queued":
                                    self.allowed_now(kind)})
        if not self.allowed_now(kind):
            return None
        self.queue.append(u)
        self.wake()
        return u["update_id"]

    def wake(self):
        if self.poll is not None:
            self.poll["ev"].set()

    def take(self, offset, limit):
        """Confirms updates below offset and returns what getUpdates
        gives now."""
        if offset is not None and offset > 0:
            self.log["confirmed"] = max(self.log["confirmed"], offset - 1)
            self.queue = [u for u in self.queue if u["update_id"] >= offset]
        elif offset is not None and offset < 0:
            self.queue = self.queue[offset:]
        out = list(self.forced[:limit])
        again = {u["update_id"] for u in out}
        out += [u for u in self.queue
                if u["update_id"] not in again][:limit - len(out)]
        return out

    # --- parameters ------------------------------------------------------

    async def params(self, request):
        p = dict(request.query)
        if request.method == "POST":
            ctype = request.headers.get("Content-Type", "")
            if ctype.startswith("application/json"):
                raw = await request.read()
                try:
                    body = json.loads(raw or b"{}")
                except ValueError:
                    raise bad("can't parse JSON body")
                if not isinstance(body, dict):
                    raise bad("JSON body must be an object")
                p.update(body)
            elif ctype.startswith("multipart/") or \
                    ctype.startswith("application/x-www-form-urlencoded"):
                form = await request.post()
                p.update({k: str(v) for k, v in form.items()})
            elif await request.read():
                raise bad("unsupported Content-Type %r" % ctype)
        return p

    @staticmethod
    def p_int(p, name, required=False, default=None):
        v = p.get(name)
        if v is None or v == "":
            if required:
                raise bad("%s is empty" % name)
            return default
        if isinstance(v, bool):
            raise bad("invalid %s" % name)
        try:
            return int(v)
        except (TypeError, ValueError):
            raise bad("invalid %s specified" % name)

    @staticmethod
    def p_bool(p, name):
        v = p.get(name)
        if v is None:
            return False
        if isinstance(v, bool):
            return v
        if str(v).lower() in ("true", "1"):
            return True
        if str(v).lower() in ("false", "0", ""):
            return False
        raise bad("invalid %s" % name)

    @staticmethod
    def p_json(p, name, what=None):
        v = p.get(name)
        if isinstance(v, str):
            try:
                v = json.loads(v)
            except ValueError:
                raise bad("can't parse %s JSON object" % (what or name))
        return v

    @staticmethod
    def p_str(p, name):
        v = p.get(name)
        if v is None:
            return None
        if not isinstance(v, str):
            raise bad("invalid %s" % name)
        return v

    # --- chats -----------------------------------------------------------

    def writable(self, cid):
        """The chat the bot may write to, or the Refusal Telegram gives."""
        if cid in self.users:
            u = self.users[cid]
            if u["blocked"]:
                raise Refusal(403, "Forbidden: bot was blocked by the user")
            if not u["started"]:
                raise Refusal(403, "Forbidden: bot can't initiate "
                              "conversation with a user")
            return None
        c = self.chats.get(cid)
        if c is None:
            raise bad("chat not found")
        if c["migrated_to"] is not None:
            raise bad("group chat was upgraded to a supergroup chat",
                      {"migrate_to_chat_id": c["migrated_to"]})
        kind = "supergroup chat" if c["type"] == "supergroup" else \
            "group chat"
        if c["bot_status"] == "kicked" or (c["removed"] and
                                           c["bot_status"] == "left"):
            raise Refusal(403, "Forbidden: bot was kicked from the %s" %
                          kind)
        if c["bot_status"] == "left":
            raise Refusal(403, "Forbidden: bot is not a member of the %s" %
                          kind)
        return c

    def check_markup(self, mk):
        """An InlineKeyboardMarkup, or the Refusal."""
        if mk is None:
            return None
        if not isinstance(mk, dict) or "inline_keyboard" not in mk:
            raise bad("fake: only inline keyboards are modelled")
        rows = mk["inline_keyboard"]
        if not isinstance(rows, list) or \
                not all(isinstance(r, list) for r in rows):
            raise bad("can't parse inline keyboard button: field "
                      "\"inline_keyboard\" must be an Array of Arrays")
        total = 0
        for r in rows:
            if len(r) > 8:
                raise bad("fake: more than 8 buttons in a row")
            for b in r:
                total += 1
                if not isinstance(b, dict) or \
                        not isinstance(b.get("text"), str) or not b["text"]:
                    raise bad("can't parse inline keyboard button: Text "
                              "buttons are unallowed in the inline "
                              "keyboard")
                kinds = [k for k in BUTTON_KINDS if k in b]
                if len(kinds) != 1:
                    raise bad("can't parse inline keyboard button: exactly "
                              "one of the optional fields must be used, "
                              "found %s" % (kinds or "none"))
                if "callback_data" in b:
                    d = b["callback_data"]
                    if not isinstance(d, str) or \
                            not 1 <= len(d.encode()) <= 64:
                        raise bad("BUTTON_DATA_INVALID")
                if "url" in b:
                    u = b["url"]
                    if not isinstance(u, str) or not re.match(
                            r"(https?://[^\s/]+|tg://)\S*$", u):
                        raise bad("BUTTON_URL_INVALID")
        if total > 100:
            raise bad("reply markup is too long")
        return mk if rows else None

    def check_text(self, text, parse_mode, entities):
        """(text, entities) as Telegram would show them, or the
        Refusal."""
        if not isinstance(text, str):
            raise bad("message text is empty")
        if parse_mode in (None, ""):
            ents = entities or []
            if isinstance(ents, str):
                ents = json.loads(ents)
        elif parse_mode == "HTML":
            if entities:
                raise bad("fake: entities are not taken with parse_mode")
            try:
                text, ents = tghtml.parse(text, self.known_user)
            except tghtml.HtmlError as e:
                raise Refusal(400, str(e))
        elif parse_mode in ("MarkdownV2", "Markdown"):
            raise bad("fake: only parse_mode HTML is modelled")
        else:
            raise bad("unsupported parse_mode")
        text, ents = trimmed(text, ents)
        if not text:
            raise bad("message text is empty")
        if tghtml.utf16_len(text) > 4096:
            raise bad("message is too long")
        return text, ents

    def own_msg(self, p, verb):
        """The bot's message named by chat_id and message_id."""
        if p.get("inline_message_id") is not None:
            raise bad("MESSAGE_ID_INVALID")
        cid = self.p_int(p, "chat_id", True)
        mid = self.p_int(p, "message_id", True)
        self.writable(cid)
        m = self.msgs.get((cid, mid))
        if m is None or m["deleted"]:
            raise bad("message to %s not found" % verb)
        if not m["from_bot"]:
            raise bad("message can't be edited")
        return m

    def paced(self, cid, method):
        """Notes a message method's success to chat cid."""
        self.sent_times.setdefault(cid, []).append((self.now(), method))
        c = self.chats.get(cid)
        if c is not None:
            c["last_bot"] = True

    def over_limits(self, cid):
        """With enforce_limits: the retry_after of a 429 this message to
        cid earns (20 a minute to a group, 30 a second overall), or 0."""
        t = self.now()
        if cid in self.chats:
            last = [s for s, _ in self.sent_times.get(cid, [])
                    if s > t - 60]
            if len(last) >= 20:
                return int(last[0] + 60 - t) + 1
        every = [s for ts in self.sent_times.values() for s, _ in ts
                 if s > t - 1]
        return 1 if len(every) >= 30 else 0

    # --- the Bot API -----------------------------------------------------

    async def api(self, request):
        token = request.match_info["token"]
        method = request.match_info["method"]
        t0 = self.now()
        entry = {"method": method, "at": t0}
        self.log["calls"].append(entry)
        try:
            if not re.fullmatch(r"[0-9]+:[A-Za-z0-9_-]+", token):
                raise Refusal(404, "Not Found")
            if token != TOKEN or self.revoked:
                raise Refusal(401, "Unauthorized")
            h = getattr(self, "m_" + method, None)
            if h is None or method not in PARAMS:
                # Telegram's method names are case-insensitive; this
                # fake's are not, so a misspelling shows.
                raise Refusal(404, "Not Found")
            p = await self.params(request)
            extra = sorted(set(p) - PARAMS[method])
            if extra:
                self.log["unknown_params"].append([method, extra])
            entry["chat_id"] = p.get("chat_id")
            land, resp = self.fault(method, p)
            if resp is not None and not land:
                return self.served(entry, resp)
            result = await h(p)
            if resp is not None:
                return self.served(entry, resp)
            return self.served(entry, web.json_response(
                {"ok": True, "result": result}))
        except Refusal as e:
            body = {"ok": False, "error_code": e.code,
                    "description": e.description}
            if e.parameters:
                body["parameters"] = e.parameters
            if e.code in (400, 403) and method != "getUpdates":
                self.log["rejected"].append({
                    "method": method, "code": e.code,
                    "description": e.description,
                    "chat_id": entry.get("chat_id")})
            return self.served(entry, web.json_response(body,
                                                        status=e.code))

    def served(self, entry, resp):
        entry["status"] = resp.status
        entry["took"] = self.now() - entry["at"]
        s = str(resp.status)
        self.log["served"][s] = self.log["served"].get(s, 0) + 1
        return resp

    def fault(self, method, p):
        """The fault answer this call gets, if any: (land, response),
        land meaning the call runs first."""
        try:
            cid = int(p.get("chat_id")) if p.get("chat_id") is not None \
                else None
        except (TypeError, ValueError):
            cid = None
        t = self.now()
        if method in MESSAGE_METHODS or method == "deleteMessage":
            for key in (cid, "*"):
                end = self.limited.get(key)
                if end is not None and t < end:
                    left = int(end - t) + 1
                    self.log["early_after_429"].append(
                        {"method": method, "chat_id": cid,
                         "early_by": end - t})
                    return False, self.too_many(left)
        for f in self.faults:
            if f["count"] == 0:
                continue
            if f.get("method") and f["method"] != method:
                continue
            if f["kind"] == "409" and method != "getUpdates":
                continue
            if f["kind"] == "429":
                if method not in MESSAGE_METHODS and \
                        method != "deleteMessage" and not f.get("method"):
                    continue
                if f.get("chat_id") is not None and f["chat_id"] != cid:
                    continue
            if f["count"] > 0:
                f["count"] -= 1
            if f["kind"] == "429":
                n = int(f.get("retry_after", 3))
                key = f.get("chat_id") if f.get("chat_id") is not None \
                    else "*"
                self.limited[key] = t + n
                return False, self.too_many(n)
            if f["kind"] == "409":
                return False, web.json_response(
                    {"ok": False, "error_code": 409, "description":
                     "Conflict: terminated by other getUpdates request; "
                     "make sure that only one bot instance is running"},
                    status=409)
            if f["kind"] == "5xx":
                return bool(f.get("land")), self.server_error(
                    int(f.get("status", 502)))
        if "bad_gateway" in self.start_faults:
            return False, self.server_error(502)
        if self.config["enforce_limits"] and method == "sendMessage" and \
                cid is not None:
            n = self.over_limits(cid)
            if n:
                self.limited[cid] = t + n
                return False, self.too_many(n)
        return False, None

    @staticmethod
    def too_many(n):
        return web.json_response(
            {"ok": False, "error_code": 429, "description":
             "Too Many Requests: retry after %d" % n,
             "parameters": {"retry_after": n}}, status=429)

    @staticmethod
    def server_error(status):
        if status == 502:
            return web.Response(
                status=502, content_type="text/html",
                text="<html>\r\n<head><title>502 Bad Gateway</title></head>"
                "\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n"
                "<hr><center>nginx/1.18.0</center>\r\n</body>\r\n</html>\r\n")
        words = {500: "Internal Server Error", 503: "Service Unavailable",
                 504: "Gateway Timeout"}.get(status, "Server Error")
        return web.json_response({"ok": False, "error_code": status,
                                  "description": words}, status=status)

    async def m_getMe(self, p):
        return dict(BOT_USER, can_join_groups=True,
                    can_read_all_group_messages=False,
                    supports_inline_queries=True)

    async def m_getUpdates(self, p):
        offset = self.p_int(p, "offset")
        limit = self.p_int(p, "limit", default=100)
        timeout = self.p_int(p, "timeout", default=0)
        if not 1 <= limit <= 100:
            raise bad("fake: limit must be 1-100")
        if not 0 <= timeout <= 50:
            raise bad("fake: timeout must be 0-50 s")
        au = self.p_json(p, "allowed_updates")
        if au is not None:
            if not isinstance(au, list) or \
                    any(k not in UPDATE_TYPES for k in au):
                raise bad("fake: allowed_updates must list update types")
            self.allowed = list(au)
        poll = {"ev": asyncio.Event(), "conflict": False,
                "offset": offset, "timeout": timeout, "at": self.now()}
        rec = {"offset": offset, "timeout": timeout, "limit": limit,
               "at": poll["at"], "ids": None, "status": None}
        self.log["polls"].append(rec)
        self.log["last_poll"] = poll["at"]
        if self.webhook:
            rec["status"] = 409
            raise Refusal(409, "Conflict: can't use getUpdates method "
                          "while webhook is active; use deleteWebhook to "
                          "delete the webhook first")
        if self.poll is not None:
            self.poll["conflict"] = True
            self.poll["ev"].set()
        self.poll = poll
        end = poll["at"] + timeout
        try:
            while True:
                got = self.take(offset, limit)
                if got or self.now() >= end:
                    break
                poll["ev"].clear()
                try:
                    await asyncio.wait_for(poll["ev"].wait(),
                                           end - self.now())
                except asyncio.TimeoutError:
                    pass
                if poll["conflict"]:
                    rec["status"] = 409
                    raise Refusal(409, "Conflict: terminated by other "
                                  "getUpdates request; make sure that only "
                                  "one bot instance is running")
                if self.revoked:
                    rec["status"] = 401
                    raise Refusal(401, "Unauthorized")
        finally:
            if self.poll is poll:
                self.poll = None
        self.forced = [u for u in self.forced if u not in got]
        rec["ids"] = [u["update_id"] for u in got]
        rec["status"] = 200
        rec["took"] = self.now() - poll["at"]
        return got

    async def m_deleteWebhook(self, p):
        self.webhook = False
        if self.p_bool(p, "drop_pending_updates"):
            self.queue = []
        return True

    async def m_getWebhookInfo(self, p):
        return {"url": "https://example.invalid/hook" if self.webhook
                else "", "has_custom_certificate": False,
                "pending_update_count": len(self.queue)}

    def scope_key(self, p):
        scope = self.p_json(p, "scope") or {"type": "default"}
        if not isinstance(scope, dict) or scope.get("type") not in SCOPES:
            raise bad("fake: unknown BotCommandScope %r" % (scope,))
        if scope["type"].startswith("chat"):
            cid = self.p_int(scope, "chat_id", True)
            if cid not in self.chats and cid not in self.users:
                raise bad("chat not found")
            if scope["type"] == "chat_member":
                uid = self.p_int(scope, "user_id", True)
                if uid not in self.users:
                    raise bad("user not found")
        lang = self.p_str(p, "language_code") or ""
        if lang and not re.fullmatch(r"[a-z]{2}", lang):
            raise bad("invalid language code specified")
        return json.dumps(scope, sort_keys=True) + "|" + lang

    async def m_setMyCommands(self, p):
        cmds = self.p_json(p, "commands")
        if not isinstance(cmds, list) or len(cmds) > 100:
            raise bad("fake: commands must be a list of at most 100")
        for c in cmds:
            if not isinstance(c, dict) or not isinstance(
                    c.get("command"), str) or not re.fullmatch(
                    r"[a-z0-9_]{1,32}", c["command"]):
                raise bad("BOT_COMMAND_INVALID")
            d = c.get("description")
            if not isinstance(d, str) or not 1 <= len(d) <= 256:
                raise bad("command description must be 1-256 characters")
        key = self.scope_key(p)
        self.commands[key] = cmds
        return True

    async def m_getMyCommands(self, p):
        return self.commands.get(self.scope_key(p), [])

    async def m_deleteMyCommands(self, p):
        self.commands.pop(self.scope_key(p), None)
        return True

    async def m_sendMessage(self, p):
        cid = self.p_int(p, "chat_id", True)
        c = self.writable(cid)
        thread = self.p_int(p, "message_thread_id")
        if thread is not None and (c is None or not c["forum"] or
                                   thread not in c["topics"]):
            raise bad("message thread not found")
        text, ents = self.check_text(p.get("text"), p.get("parse_mode"),
                                     self.p_json(p, "entities"))
        mk = self.check_markup(self.p_json(p, "reply_markup",
                                           "reply keyboard markup"))
        reply = self.p_json(p, "reply_parameters")
        rid = self.p_int(reply, "message_id") if isinstance(reply, dict) \
            else self.p_int(p, "reply_to_message_id")
        if rid is not None:
            r = self.msgs.get((cid, rid))
            if r is None or r["deleted"]:
                if not (isinstance(reply, dict) and self.p_bool(
                        reply, "allow_sending_without_reply")):
                    raise bad("message to be replied not found")
                rid = None
        m = self.new_msg(cid, True, text=text, entities=ents,
                         html=p.get("text") if p.get("parse_mode") else None,
                         markup=mk, thread_id=thread, reply_to=rid)
        self.paced(cid, "sendMessage")
        return self.msg_obj(m)

    def changed(self, m, text, ents, mk):
        if m["text"] == text and m["entities"] == ents and \
                m["reply_markup"] == mk:
            raise bad(NOT_MODIFIED[len("Bad Request: "):])
        m["text"], m["entities"], m["reply_markup"] = text, ents, mk
        m["edit_date"] = int(time.time())
        m["versions"].append(self.version(m))

    async def m_editMessageText(self, p):
        m = self.own_msg(p, "edit")
        text, ents = self.check_text(p.get("text"), p.get("parse_mode"),
                                     self.p_json(p, "entities"))
        mk = self.check_markup(self.p_json(p, "reply_markup",
                                           "reply keyboard markup"))
        html = p.get("text") if p.get("parse_mode") else None
        self.changed(m, text, ents, mk)
        m["html"] = html
        m["versions"][-1]["html"] = html
        self.paced(m["chat_id"], "editMessageText")
        return self.msg_obj(m)

    async def m_editMessageReplyMarkup(self, p):
        m = self.own_msg(p, "edit")
        mk = self.check_markup(self.p_json(p, "reply_markup",
                                           "reply keyboard markup"))
        self.changed(m, m["text"], m["entities"], mk)
        self.paced(m["chat_id"], "editMessageReplyMarkup")
        return self.msg_obj(m)

    async def m_deleteMessage(self, p):
        cid = self.p_int(p, "chat_id", True)
        mid = self.p_int(p, "message_id", True)
        c = self.writable(cid)
        m = self.msgs.get((cid, mid))
        if m is None or m["deleted"]:
            raise bad("message to delete not found")
        if not m["from_bot"] and c is not None and \
                c["bot_status"] != "administrator":
            raise bad("message can't be deleted")
        m["deleted"] = True
        m["deleted_at"] = time.time()
        return True

    async def m_answerCallbackQuery(self, p):
        qid = self.p_str(p, "callback_query_id")
        if not qid:
            raise bad("query_id is empty")
        text = self.p_str(p, "text") or ""
        if len(text) > 200:
            raise bad("MESSAGE_TOO_LONG")
        url = self.p_str(p, "url")
        if url is not None:
            self.check_start_url(url)
        return self.answer_once(self.callbacks, "callback", {
            "id": qid, "text": text, "show_alert":
            self.p_bool(p, "show_alert"), "url": url})

    def answer_once(self, table, kind, ans):
        """Records the bot's answer ans to the callback or inline query
        ans["id"] of table, in the state's KIND_answers; the 400 "query is
        too old" when the query is unknown, answered already or past
        KIND_timeout (the refused answer is recorded too, with why)."""
        q = table.get(ans["id"])
        ans["latency"] = None if q is None else self.now() - q["at"]
        ans["refused"] = None
        if q is None:
            ans["refused"] = "unknown"
        elif q["answer"] is not None:
            ans["refused"] = "twice"
        elif ans["latency"] > self.config[kind + "_timeout"]:
            ans["refused"] = "late"
        self.log[kind + "_answers"].append(ans)
        if ans["refused"]:
            raise bad(TOO_OLD[len("Bad Request: "):])
        q["answer"] = ans
        self.waiters.pop(ans["id"], asyncio.Event()).set()
        return True

    def check_start_url(self, url):
        """A deep link the bot gives: to this bot, with a valid payload."""
        if self.start_payload(url) is False:
            raise bad("URL_INVALID")

    def start_payload(self, url):
        """The /start payload a link to the bot carries ("" for none), or
        False when it is no valid link to this bot."""
        u = urllib.parse.urlsplit(url)
        q = urllib.parse.parse_qs(u.query, keep_blank_values=True)
        if u.scheme == "https" and u.netloc == "t.me":
            bot = u.path.strip("/")
        elif u.scheme == "tg" and u.netloc == "resolve":
            bot = (q.get("domain") or [""])[0]
        else:
            return False
        if bot.lower() != BOT_USERNAME.lower():
            return False
        payload = (q.get("start") or [""])[0]
        if "start" in q and not START_PARAM.fullmatch(payload):
            return False
        return payload

    def check_result(self, r, ids):
        if not isinstance(r, dict):
            raise bad("fake: a result must be an object")
        rid = r.get("id")
        if not isinstance(rid, str) or not 1 <= len(rid.encode()) <= 64:
            raise bad("RESULT_ID_INVALID")
        if rid in ids:
            raise bad("RESULT_ID_DUPLICATE")
        ids.add(rid)
        if r.get("type") != "article":
            raise bad("fake: only article results are modelled")
        if not isinstance(r.get("title"), str) or not r["title"].strip():
            raise bad("RESULT_TITLE_EMPTY")
        imc = r.get("input_message_content")
        if not isinstance(imc, dict) or "message_text" not in imc:
            raise bad("fake: an article needs an InputTextMessageContent")
        text, ents = self.check_text(imc["message_text"],
                                     imc.get("parse_mode"),
                                     imc.get("entities"))
        mk = self.check_markup(r.get("reply_markup"))
        return {"id": rid, "title": r["title"],
                "description": r.get("description"),
                "message_text": text, "entities": ents,
                "html": imc["message_text"] if imc.get("parse_mode")
                else None, "reply_markup": mk}

    async def m_answerInlineQuery(self, p):
        qid = self.p_str(p, "inline_query_id")
        if not qid:
            raise bad("query_id is empty")
        results = self.p_json(p, "results")
        if not isinstance(results, list):
            raise bad("fake: results must be an array")
        if len(results) > 50:
            raise bad("RESULTS_TOO_MUCH")
        ids = set()
        checked = [self.check_result(r, ids) for r in results]
        nxt = self.p_str(p, "next_offset") or ""
        if len(nxt.encode()) > 64:
            raise bad("fake: next_offset is over 64 bytes")
        cache = self.p_int(p, "cache_time", default=300)
        if cache < 0:
            raise bad("fake: cache_time must not be negative")
        button = self.p_json(p, "button")
        if button is not None:
            if not isinstance(button, dict) or \
                    not isinstance(button.get("text"), str) or \
                    not button["text"]:
                raise bad("fake: a button needs a text")
            sp = button.get("start_parameter")
            if ("web_app" in button) == (sp is not None):
                raise bad("fake: a button has exactly one of "
                          "start_parameter and web_app")
            if sp is not None and (not isinstance(sp, str) or
                                   not START_PARAM.fullmatch(sp)):
                raise bad("START_PARAM_INVALID")
        ans = {"id": qid, "results": checked, "cache_time": cache,
               "is_personal": self.p_bool(p, "is_personal"),
               "next_offset": nxt, "button": button}
        q = self.inlines.get(qid)
        if q is not None:
            ans["from"], ans["query"] = q["from"], q["query"]
            ans["offset"] = q["offset"]
        return self.answer_once(self.inlines, "inline", ans)

    def group(self, cid):
        c = self.chats.get(cid)
        if c is None:
            if cid in self.users:
                raise bad("there are no administrators in the private chat")
            raise bad("chat not found")
        self.writable(cid)
        return c

    def member(self, c, uid):
        if uid == BOT_ID:
            st = c["bot_status"]
            o = {"status": st, "user": dict(BOT_USER)}
        elif uid == c["creator"]:
            o = {"status": "creator", "is_anonymous": False,
                 "user": self.user_obj(uid)}
        elif uid in c["admins"]:
            o = {"status": "administrator", "user": self.user_obj(uid)}
        elif uid in c["members"]:
            o = {"status": "member", "user": self.user_obj(uid)}
        else:
            o = {"status": "left", "user": self.user_obj(uid)}
        if o["status"] == "administrator":
            o.update(ADMIN_RIGHTS)
        return o

    async def m_getChatAdministrators(self, p):
        c = self.group(self.p_int(p, "chat_id", True))
        out = []
        if c["creator"] is not None:
            out.append(self.member(c, c["creator"]))
        out += [self.member(c, u) for u in sorted(c["admins"])
                if u != c["creator"]]
        if c["bot_status"] == "administrator":
            out.append(self.member(c, BOT_ID))
        return out

    async def m_getChatMember(self, p):
        cid = self.p_int(p, "chat_id", True)
        uid = self.p_int(p, "user_id", True)
        if uid not in self.users and uid != BOT_ID:
            raise bad("user not found")
        if cid in self.users:
            return {"status": "member", "user": self.user_obj(uid)
                    if uid != BOT_ID else dict(BOT_USER)}
        return self.member(self.group(cid), uid)

    async def m_getChat(self, p):
        cid = self.p_int(p, "chat_id", True)
        if cid not in self.users and cid not in self.chats:
            raise bad("chat not found")
        o = self.chat_obj(cid)
        o["accent_color_id"] = 0
        o["max_reaction_count"] = 11
        return o

    # --- the users' side -------------------------------------------------

    async def control(self, request):
        what = request.match_info["what"]
        h = getattr(self, "t_" + what, None)
        if h is None:
            return web.json_response({"error": "no such control %r" % what},
                                     status=404)
        try:
            body = await request.json() if request.can_read_body else {}
        except ValueError:
            return web.json_response({"error": "bad JSON"}, status=400)
        try:
            return web.json_response(await h(body or {}))
        except Control as e:
            return web.json_response({"error": str(e)}, status=409)
        except (KeyError, TypeError, ValueError) as e:
            return web.json_response({"error": "bad request: %r" % (e,)},
                                     status=400)

    def need_user(self, uid):
        if uid not in self.users:
            raise Control("no user %r" % (uid,))
        return self.users[uid]

    def need_group(self, cid):
        c = self.chats.get(cid)
        if c is None:
            raise Control("no group %r" % (cid,))
        return c

    async def t_user(self, b):
        uid = int(b.get("id") or self.new_id())
        u = {"id": uid, "is_bot": False, "first_name": b["first_name"],
             "language_code": b.get("language_code", "en")}
        if b.get("username"):
            u["username"] = b["username"]
        self.users[uid] = {"user": u, "started": bool(b.get("started")),
                           "blocked": False}
        return u

    async def t_group(self, b):
        sup = b.get("type", "group") == "supergroup" or b.get("forum")
        n = self.new_id()
        cid = int(b.get("id") or (-1000000000000 - n if sup
                                  else -400000000 - n))
        members = [int(u) for u in b.get("members", [])]
        for u in members:
            self.need_user(u)
        creator = b.get("creator", members[0] if members else None)
        if creator is not None:
            creator = int(self.need_user(int(creator))["user"]["id"])
        c = {"id": cid, "type": "supergroup" if sup else "group",
             "title": b["title"], "forum": bool(b.get("forum")),
             "members": set(members), "admins": set(b.get("admins", [])),
             "creator": creator, "bot_status": "administrator"
             if b.get("bot_admin") else "member", "migrated_to": None,
             "topics": {}, "last_bot": False, "removed": False}
        if creator is not None:
            c["members"].add(creator)
        self.chats[cid] = c
        if not b.get("quiet") and creator is not None:
            self.member_update(cid, creator, "left", c["bot_status"])
            self.service(cid, creator, {"new_chat_members": [
                dict(BOT_USER)], "new_chat_member": dict(BOT_USER),
                "new_chat_participant": dict(BOT_USER)})
        return self.chat_obj(cid)

    def member_update(self, cid, by, old, new):
        """A my_chat_member update: user by changed the bot's status in
        chat cid from old to new."""
        def bot_as(status):
            o = {"status": status, "user": dict(BOT_USER)}
            if status == "administrator":
                o.update(ADMIN_RIGHTS)
            if status == "kicked":
                o["until_date"] = 0
            return o
        return self.push("my_chat_member", {
            "chat": self.chat_obj(cid), "from": self.user_obj(by),
            "date": int(time.time()), "old_chat_member": bot_as(old),
            "new_chat_member": bot_as(new)})

    def service(self, cid, by, fields, thread=None):
        """A service message (privacy mode delivers them all)."""
        m = self.new_msg(cid, False, from_id=by, thread_id=thread,
                         service=fields)
        return m, self.push("message", self.msg_obj(m))

    async def t_join(self, b):
        c = self.need_group(int(b["chat_id"]))
        c["members"].add(int(self.need_user(int(b["user_id"]))["user"]
                             ["id"]))
        return {"ok": True}

    async def t_admin(self, b):
        c = self.need_group(int(b["chat_id"]))
        uid = int(b["user_id"])
        if uid == BOT_ID:
            c["bot_status"] = "administrator" if b.get("admin", True) \
                else "member"
        elif b.get("admin", True):
            c["admins"].add(uid)
            c["members"].add(uid)
        else:
            c["admins"].discard(uid)
        return {"ok": True}

    async def t_topic(self, b):
        cid = int(b["chat_id"])
        c = self.need_group(cid)
        if not c["forum"]:
            raise Control("not a forum")
        by = b.get("by", c["creator"])
        # The topic's id is the id of the message that created it.
        tid = self.next_msg.get(cid, 0) + 1
        c["topics"][tid] = b["name"]
        self.service(cid, by, {"forum_topic_created": {
            "name": b["name"], "icon_color": 7322096}}, thread=tid)
        return {"message_thread_id": tid}

    def entities_of(self, text):
        """The entities a client gives a typed text: a leading command,
        @mentions."""
        ents = []
        mc = re.match(r"/[A-Za-z0-9_]{1,32}(@[A-Za-z0-9_]{3,32})?", text)
        if mc:
            ents.append({"type": "bot_command", "offset": 0,
                         "length": tghtml.utf16_len(mc.group(0))})
        for mm in re.finditer(r"(?<![\w@/])@[A-Za-z0-9_]{5,32}", text):
            if mc and mm.start() < mc.end():
                continue
            ents.append({"type": "mention",
                         "offset": tghtml.utf16_len(text[:mm.start()]),
                         "length": tghtml.utf16_len(mm.group(0))})
        return ents

    def sees_bot(self, c, m):
        """Whether privacy mode delivers user message m in group c."""
        if c["bot_status"] in ("left", "kicked"):
            return False
        if m["via_bot"] or m["service"]:
            return True
        if m["reply_to"] is not None:
            r = self.msgs.get((m["chat_id"], m["reply_to"]))
            if r is not None and r["from_bot"]:
                return True
        mc = re.match(r"/[A-Za-z0-9_]{1,32}(@([A-Za-z0-9_]+))?",
                      m["text"] or "")
        if not mc:
            return False
        if mc.group(2) is not None:
            return mc.group(2).lower() == BOT_USERNAME.lower()
        return c["last_bot"]

    def user_says(self, uid, cid, text, thread=None, reply_to=None,
                  via_bot=False, entities=None, markup=None, html=None):
        """A user's message: (message record, delivered, update_id)."""
        if cid in self.users:
            if cid != uid:
                raise Control("a user writes only in their own private "
                              "chat with the bot")
            if self.users[uid]["blocked"]:
                raise Control("the user blocked the bot: /_test/start "
                              "unblocks it")
            c = None
        else:
            c = self.need_group(cid)
            if uid not in c["members"]:
                raise Control("user %d is not in chat %d" % (uid, cid))
            if c["migrated_to"] is not None:
                raise Control("that group became %d" % c["migrated_to"])
            if thread is not None and thread not in c["topics"]:
                raise Control("no topic %r" % thread)
        m = self.new_msg(cid, False, from_id=uid, text=text,
                         entities=self.entities_of(text)
                         if entities is None else entities, html=html,
                         thread_id=thread, via_bot=via_bot,
                         reply_to=reply_to, markup=markup)
        if c is not None and not self.sees_bot(c, m):
            self.log["withheld"].append({"chat_id": cid, "message_id":
                                         m["message_id"], "text": text})
            return m, False, None
        return m, True, self.push("message", self.msg_obj(m))

    async def t_send(self, b):
        uid = int(b["from"])
        self.need_user(uid)
        cid = int(b["chat_id"])
        if cid in self.users and not self.users[uid]["started"]:
            raise Control("the user has not started the bot: use "
                          "/_test/start")
        m, ok, upd = self.user_says(uid, cid, b["text"],
                                    b.get("thread_id"), b.get("reply_to"))
        return {"message": self.msg_obj(m), "delivered": ok,
                "update_id": upd}

    async def t_start(self, b):
        uid = int(b["from"])
        u = self.need_user(uid)
        payload = b.get("payload")
        if payload is not None and not START_PARAM.fullmatch(payload):
            raise Control("a deep-link payload is [A-Za-z0-9_-]{1,64}")
        if u["blocked"]:
            u["blocked"] = False
            self.member_update(uid, uid, "kicked", "member")
        u["started"] = True
        text = "/start" + (" " + payload if payload else "")
        m, ok, upd = self.user_says(uid, uid, text)
        return {"message": self.msg_obj(m), "delivered": ok,
                "update_id": upd}

    async def t_open_link(self, b):
        payload = self.start_payload(b["url"])
        if payload is False:
            raise Control("not a valid link to @%s: %r" %
                          (BOT_USERNAME, b["url"]))
        return await self.t_start({"from": b["from"],
                                   "payload": payload or None})

    async def query(self, table, kind, obj, record, wait):
        """Delivers the query obj (a callback or inline query) as an
        update of that kind, keeping record of it in table, and waits up
        to wait s for the bot's answer: {id, update_id, answer|null}."""
        qid = obj["id"]
        table[qid] = dict(record, at=self.now(), answer=None)
        ev = self.waiters.setdefault(qid, asyncio.Event())
        upd = self.push(kind, obj)
        if wait > 0:
            try:
                await asyncio.wait_for(ev.wait(), wait)
            except asyncio.TimeoutError:
                pass
        return {"id": qid, "update_id": upd, "answer": table[qid]["answer"]}

    async def t_click(self, b):
        uid = int(b["from"])
        self.need_user(uid)
        cid, mid = int(b["chat_id"]), int(b["message_id"])
        m = self.msgs.get((cid, mid))
        if m is None or m["deleted"]:
            raise Control("no message %d in chat %d" % (mid, cid))
        if cid in self.users:
            if cid != uid or self.users[uid]["blocked"]:
                raise Control("not your private chat, or you blocked the "
                              "bot")
        else:
            c = self.need_group(cid)
            if uid not in c["members"]:
                raise Control("user %d is not in chat %d" % (uid, cid))
            if c["bot_status"] in ("left", "kicked") or \
                    c["migrated_to"] is not None:
                raise Control("the bot is not in that chat any more")
        buttons = [x for row in (m["reply_markup"] or {}).get(
            "inline_keyboard", []) for x in row]
        if not any(x.get("callback_data") == b["data"] for x in buttons):
            raise Control("no button with callback_data %r on that "
                          "message" % b["data"])
        qid = str(4000000000000000000 + self.new_id())
        return await self.query(self.callbacks, "callback_query", {
            "id": qid, "from": self.user_obj(uid),
            "message": self.msg_obj(m),
            "chat_instance": str(abs(cid) * 7 + 3),
            "data": b["data"]}, {"from": uid}, float(b.get("wait", 2)))

    async def t_inline(self, b):
        uid = int(b["from"])
        self.need_user(uid)
        qid = str(5000000000000000000 + self.new_id())
        q = {"id": qid, "from": self.user_obj(uid), "query": b.get(
            "query", ""), "offset": b.get("offset", ""),
            "chat_type": b.get("chat_type", "supergroup")}
        return await self.query(self.inlines, "inline_query", q, {
            "from": uid, "query": q["query"], "offset": q["offset"]},
            float(b.get("wait", 3)))

    async def t_choose(self, b):
        uid = int(b["from"])
        self.need_user(uid)
        q = self.inlines.get(b["query_id"])
        if q is None or q["from"] != uid or q["answer"] is None:
            raise Control("no answered inline query %r of user %d" %
                          (b["query_id"], uid))
        res = [r for r in q["answer"]["results"]
               if r["id"] == b["result_id"]]
        if not res:
            raise Control("no result %r in that answer" % b["result_id"])
        r = res[0]
        cid = int(b["chat_id"])
        ids = []
        chosen = {"result_id": r["id"], "from": self.user_obj(uid),
                  "query": q["query"]}
        if r["reply_markup"]:
            chosen["inline_message_id"] = "fakeinline%d" % self.new_id()
        first = b.get("order", "result_first") == "result_first"
        if first and b.get("feedback", True):
            ids.append(self.push("chosen_inline_result", chosen))
        m, ok, upd = self.user_says(uid, cid, r["message_text"],
                                    b.get("thread_id"), via_bot=True,
                                    entities=r["entities"],
                                    markup=r["reply_markup"],
                                    html=r["html"])
        ids.append(upd)
        if not first and b.get("feedback", True):
            ids.append(self.push("chosen_inline_result", chosen))
        return {"message": self.msg_obj(m), "update_ids": ids}

    async def t_migrate(self, b):
        cid = int(b["chat_id"])
        c = self.need_group(cid)
        if c["type"] != "group" or c["migrated_to"] is not None:
            raise Control("only a basic group can be upgraded, once")
        by = int(b.get("by") or c["creator"])
        n = self.new_id()
        new = -1000000000000 - n
        self.chats[new] = dict(c, id=new, type="supergroup",
                               members=set(c["members"]),
                               admins=set(c["admins"]), topics={},
                               migrated_to=None)
        if not b.get("quiet"):
            self.service(cid, by, {"migrate_to_chat_id": new})
        c["migrated_to"] = new
        if not b.get("quiet"):
            self.service(new, by, {"migrate_from_chat_id": cid})
        return {"new_chat_id": new}

    async def t_remove(self, b):
        cid = int(b["chat_id"])
        c = self.need_group(cid)
        status = b.get("status", "kicked" if c["type"] == "supergroup"
                       else "left")
        old = c["bot_status"]
        c["bot_status"], c["removed"] = status, True
        by = int(b.get("by") or c["creator"])
        upd = self.member_update(cid, by, old, status)
        return {"update_id": upd}

    async def t_block(self, b):
        uid = int(b["user_id"])
        u = self.need_user(uid)
        u["blocked"] = True
        return {"update_id": self.member_update(uid, uid, "member",
                                                "kicked")}

    async def t_other_bot(self, b):
        self.need_group(int(b["chat_id"]))["last_bot"] = False
        return {"ok": True}

    async def t_redeliver(self, b):
        uid = int(b["update_id"])
        for e in self.log["updates"]:
            if e["update"]["update_id"] == uid:
                self.forced.append(e["update"])
                self.wake()
                return {"ok": True}
        raise Control("no update %d" % uid)

    async def t_raw(self, b):
        self.next_update += 1
        u = dict(b["update"], update_id=self.next_update)
        self.log["updates"].append({"update": u, "queued": True})
        self.queue.append(u)
        self.wake()
        return {"update_id": u["update_id"]}

    async def t_fault(self, b):
        kind = str(b["kind"])
        if kind == "clear":
            self.faults, self.limited = [], {}
            self.revoked = self.webhook = False
            self.start_faults = set()
        elif kind == "401":
            self.revoked = True
            self.wake()
        elif kind == "webhook":
            self.webhook = True
        elif kind in ("429", "5xx", "409"):
            f = dict(b, kind=kind, count=int(b.get("count", 1)))
            if f.get("chat_id") is not None:
                f["chat_id"] = int(f["chat_id"])
            self.faults.append(f)
        else:
            raise Control("no fault %r" % kind)
        return {"ok": True}

    async def t_config(self, b):
        for k in ("callback_timeout", "inline_timeout"):
            if k in b:
                self.config[k] = float(b[k])
        if "enforce_limits" in b:
            self.config["enforce_limits"] = bool(b["enforce_limits"])
        return dict(self.config)

    # --- dumps -----------------------------------------------------------

    def msg_dump(self, m):
        d = {k: v for k, v in m.items()}
        d["chat_type"] = "private" if m["chat_id"] in self.users else \
            self.chats[m["chat_id"]]["type"]
        return d

    async def d_messages(self, request):
        want = request.query.get("chat_id")
        out = [self.msg_dump(m) for (cid, _), m in sorted(
            self.msgs.items()) if want is None or str(cid) == want]
        return web.json_response(out)

    async def d_state(self, request):
        s = dict(self.log)
        s["commands"] = self.commands
        s["queue"] = [u["update_id"] for u in self.queue]
        s["polling"] = self.poll is not None
        s["config"] = self.config
        s["chats"] = {str(k): {"type": c["type"], "bot_status":
                               c["bot_status"], "migrated_to":
                               c["migrated_to"], "topics": c["topics"]}
                      for k, c in self.chats.items()}
        s["now"] = self.now()
        return web.json_response(s)

    async def d_pacing(self, request):
        chats, every = {}, []
        for cid, ts in self.sent_times.items():
            times = [t for t, _ in ts]
            every += times
            gaps = [b - a for a, b in zip(times, times[1:])]
            chats[str(cid)] = {
                "group": cid in self.chats, "count": len(times),
                "times": ts, "min_gap": min(gaps) if gaps else None,
                "max_per_minute": most_within(times, 60.0)}
        return web.json_response({"chats": chats, "max_per_second":
                                  most_within(sorted(every), 1.0)})


def trimmed(text, ents):
    """The text without the white space Telegram strips from both ends of
    a message (spaces, tabs and line breaks), its entities moved and cut
    to what is left."""
    lead = len(text) - len(text.lstrip(WHITE))
    kept = text.strip(WHITE)
    skip, most = tghtml.utf16_len(text[:lead]), tghtml.utf16_len(kept)
    out = []
    for e in ents:
        start = max(e["offset"] - skip, 0)
        end = min(e["offset"] + e["length"] - skip, most)
        if end > start:
            out.append(dict(e, offset=start, length=end - start))
    return kept, out


def most_within(times, span):
    """The most of the sorted times inside any window of span s."""
    best, lo = 0, 0
    for hi, t in enumerate(times):
        while t - times[lo] >= span:
            lo += 1
        best = max(best, hi - lo + 1)
    return best


def serve(fake, app, port_file, ctx):
    """Listens on a free port of 127.0.0.1, names it in port_file (written
    whole, then renamed: a reader never sees half of it) and serves app
    until killed."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    fake.port = sock.getsockname()[1]
    part = "%s.%d" % (port_file, os.getpid())
    with open(part, "w") as f:
        print(fake.port, file=f)
    os.replace(part, port_file)
    web.run_app(app, sock=sock, ssl_context=ctx, print=None,
                handle_signals=True)


def main():
    ap = argparse.ArgumentParser(
        description="A fake Telegram Bot API (see the module's docstring)")
    ap.add_argument("--port-file", required=True,
                    help="where to write the port it listens on")
    ap.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"),
                    help="talk https with this certificate and key")
    ap.add_argument("--fault", action="append", default=[],
                    choices=sorted(FAULTS),
                    help="a failure on from the start (repeatable)")
    opt = ap.parse_args()
    fake = Fake()
    fake.start_faults = set(opt.fault)
    fake.revoked = "revoked" in fake.start_faults
    fake.webhook = "webhook" in fake.start_faults
    if "conflict" in fake.start_faults:
        fake.faults.append({"kind": "409", "count": -1})
    ctx = None
    if opt.tls:
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(*opt.tls)
    app = web.Application()
    app.router.add_route("*", "/bot{token}/{method}", fake.api)
    app.router.add_get("/_test/messages", fake.d_messages)
    app.router.add_get("/_test/state", fake.d_state)
    app.router.add_get("/_test/pacing", fake.d_pacing)
    app.router.add_post("/_test/{what}", fake.control)
    serve(fake, app, opt.port_file, ctx)


if __name__ == "__main__":
    main()
