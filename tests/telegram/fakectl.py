"""The fake Telegram's control client (tests/telegram/fake_telegram.py,
under /_test): the users' side of a scenario, and the fake's records.

    ctl = fakectl.Ctl(port)                 # or Ctl(port, ssl_context)
    alice = ctl.user("Alice", started=True)
    g = ctl.group("Pub", [alice["id"]])
    ctl.send(alice["id"], g["id"], "/cheers@%s new" % fakectl.BOT)
    ctl.messages(g["id"])                   # what the bot wrote there

Each act answers the fake's JSON; an act the real client could not do
(pressing a button that is not there, writing in a group one is not
in) raises Refused with the fake's reason.  The fake's documentation is
the docstring of fake_telegram.py.
"""
import json
import os
import sys
import urllib.error
import urllib.request

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, ".."))
import checks  # noqa: E402
from fake_telegram import BOT_ID, BOT_USERNAME, TOKEN  # noqa: E402

__all__ = ["BOT", "BOT_ID", "TOKEN", "Ctl", "Refused", "checks"]

BOT = BOT_USERNAME


class Refused(Exception):
    """The fake refused a control request (status 409): the reason."""


class Ctl:
    def __init__(self, port, ssl_context=None, host="127.0.0.1"):
        scheme = "https" if ssl_context is not None else "http"
        self.base = "%s://%s:%d" % (scheme, host, port)
        self.ssl = ssl_context

    def api_url(self, method):
        """The URL of a Bot API method, as the bot calls it."""
        return "%s/bot%s/%s" % (self.base, TOKEN, method)

    def _ask(self, path, body=None, timeout=30):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            self.base + path, data=data,
            headers={"Content-Type": "application/json"} if data else {})
        try:
            with urllib.request.urlopen(req, timeout=timeout,
                                        context=self.ssl) as r:
                return json.loads(r.read())
        except urllib.error.HTTPError as e:
            why = json.loads(e.read() or b"{}").get("error", str(e))
            if e.code == 409:
                raise Refused(why)
            raise RuntimeError("fake control %s: %s" % (path, why))

    def act(self, what, **body):
        """POST /_test/<what> with these fields (None ones left out)."""
        return self._ask("/_test/" + what,
                         {k: v for k, v in body.items() if v is not None})

    # --- making the world ---

    def user(self, first_name, username=None, started=False, uid=None):
        return self.act("user", first_name=first_name, username=username,
                        started=started, id=uid)

    def group(self, title, members, kind="group", forum=False,
              admins=None, creator=None, bot_admin=False, quiet=False):
        return self.act("group", title=title, members=members, type=kind,
                        forum=forum, admins=admins, creator=creator,
                        bot_admin=bot_admin, quiet=quiet)

    def topic(self, chat_id, name):
        return self.act("topic", chat_id=chat_id,
                        name=name)["message_thread_id"]

    # --- the users' acts ---

    def send(self, uid, chat_id, text, thread_id=None, reply_to=None):
        return self.act("send", **{"from": uid, "chat_id": chat_id,
                                   "text": text, "thread_id": thread_id,
                                   "reply_to": reply_to})

    def start(self, uid, payload=None):
        return self.act("start", **{"from": uid, "payload": payload})

    def open_link(self, uid, url):
        return self.act("open_link", **{"from": uid, "url": url})

    def click(self, uid, chat_id, message_id, data, wait=2.0):
        return self._ask("/_test/click", {
            "from": uid, "chat_id": chat_id, "message_id": message_id,
            "data": data, "wait": wait}, timeout=wait + 10)

    def inline(self, uid, query, offset="", chat_type="supergroup",
               wait=3.0):
        return self._ask("/_test/inline", {
            "from": uid, "query": query, "offset": offset,
            "chat_type": chat_type, "wait": wait}, timeout=wait + 10)

    def choose(self, uid, query_id, result_id, chat_id, thread_id=None,
               feedback=True, order="result_first"):
        return self.act("choose", **{
            "from": uid, "query_id": query_id, "result_id": result_id,
            "chat_id": chat_id, "thread_id": thread_id,
            "feedback": feedback, "order": order})

    def fault(self, kind, **more):
        return self.act("fault", kind=kind, **more)

    def config(self, **more):
        return self.act("config", **more)

    # --- what the fake saw ---

    def state(self):
        return self._ask("/_test/state")

    def pacing(self):
        return self._ask("/_test/pacing")

    def messages(self, chat_id=None):
        q = "" if chat_id is None else "?chat_id=%d" % chat_id
        return self._ask("/_test/messages" + q)

    def bot_messages(self, chat_id):
        """The bot's live messages in a chat, oldest first."""
        return [m for m in self.messages(chat_id)
                if m["from_bot"] and not m["deleted"]]

    def wait(self, pred, timeout=5.0):
        """The state once pred(state) holds, or None after timeout s."""
        return checks.poll(self.state, pred, timeout)

    def public_texts(self):
        """For the secret checks: every text anyone but its addressee
        could read, as (where, text) pairs: each version of each message
        in a group (the bot's, and those sent via it), and each inline
        result's title, description and message text, named by the user
        it was made for."""
        out = []
        for m in self.messages():
            if m["chat_type"] == "private":
                continue
            for i, v in enumerate(m["versions"]):
                where = "chat %d message %d version %d" % (
                    m["chat_id"], m["message_id"], i)
                out.append((where, v["text"] or ""))
                for row in (v["reply_markup"] or {}).get(
                        "inline_keyboard", []):
                    out += [(where + " button", b["text"]) for b in row]
        for a in self.state()["inline_answers"]:
            for r in a["results"]:
                who = "inline result %r for user %s" % (r["id"],
                                                        a.get("from"))
                out += [(who, r["title"]), (who, r["description"] or ""),
                        (who, r["message_text"])]
        return out
