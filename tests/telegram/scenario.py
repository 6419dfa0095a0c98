#!/usr/bin/python3
"""Scenario tests of the Telegram adapter against the fake Bot API
(fake_telegram.py, driven through fakectl.py), run by run.sh in phases
around one bot and its restart:

    scenario.py PORT BOT_LOG game1 WORLD   a group of three, one of whom
        never started the bot; a CHEERS table by commands; the 403, the
        deep link and /start; the first moves by command and buttons.
        The world (users, group) is written to WORLD for the next phases.
    scenario.py PORT BOT_LOG down WORLD    with the bot killed: the next
        move's button is pressed, and waits at the fake.
    scenario.py PORT BOT_LOG game2 WORLD   the bot restarted on the same
        state: the waiting click is run once, an update run before the
        kill delivered again is not run again; the game is played to its
        end by buttons; then the secret, pacing and protocol checks.
    scenario.py PORT BOT_LOG fwb WORLD     a fresh bot and fake: a whole
        game of Friends with Beverages of three by buttons, its secrets
        only in the private chats.
    scenario.py PORT BOT_LOG faults WORLD  a fresh bot and fake: a 429
        waited out for its chat, 5xx retried (a post's not when it may
        have landed: no message twice), a 409 logged and polled
        past, the bot removed from a group mid-game (the game pauses,
        then ends; traffic there stops), then a revoked token (401)
        stops the adapter.
    scenario.py PORT BOT_LOG migrate1 WORLD  a fresh bot and fake: two
        basic groups' games; one group upgraded to a supergroup with the
        service messages, one quietly (the 400's migrate_to_chat_id, to
        the board's edit and to a deep link sent on to the new id): both
        games go on in the supergroups.
    scenario.py PORT BOT_LOG migrate2 WORLD  the bot restarted (SIGKILL)
        on the same state: both games go on there, boards edited in
        place, nothing sent to the old ids; a player who blocked the bot
        meanwhile gets the deep link in his table's group.
"""
import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fakectl  # noqa: E402
from fakectl import checks  # noqa: E402

PORT, LOG, MODE, WORLD = (int(sys.argv[1]), sys.argv[2], sys.argv[3],
                          sys.argv[4])
ctl = fakectl.Ctl(PORT)
BOT = fakectl.BOT
TALLY = checks.Tally("telegram")
ok = TALLY.ok
LINK = "https://t.me/%s?start=" % BOT


def log_count(what):
    with open(LOG, errors="replace") as f:
        return f.read().count(what)


def bot_ready(timeout=30.0):
    """Whether the bot is long polling the fake."""
    return ctl.wait(lambda s: s["polling"], timeout) is not None


def command(uid, chat, text):
    """A user's command, addressed to the bot as a group needs."""
    return ctl.send(uid, chat, "/cheers@%s %s" % (BOT, text))


def buttons(version):
    """The callback buttons of a message version, in order."""
    return [b for row in (version["reply_markup"] or {}).get(
        "inline_keyboard", []) for b in row if "callback_data" in b]


def group_msgs(group):
    return ctl.bot_messages(group)


def board(group):
    """The table's message: the bot's latest group message with buttons
    or a final edit (its versions tell the game)."""
    for m in reversed(group_msgs(group)):
        if any("My hand" == b["text"] for v in m["versions"]
               for b in buttons(v)):
            return m
    return None


def game_over(group):
    return any("Game over" in (v["text"] or "")
               for m in group_msgs(group) for v in m["versions"])


def prompt(uid):
    """A user's newest private message with buttons now, or None."""
    for m in reversed(ctl.bot_messages(uid)):
        if buttons(m["versions"][-1]):
            return m
    return None


def settle(fetch, quiet=0.6, timeout=8.0):
    """fetch() once it has stayed the same for quiet s."""
    end = time.monotonic() + timeout
    last, since = fetch(), time.monotonic()
    while time.monotonic() < end:
        time.sleep(0.1)
        now = fetch()
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            break
    return last


def traffic():
    """How many message versions the fake holds: grows with any post or
    edit."""
    return sum(len(m["versions"]) for m in ctl.messages())


def click_first(uid, m, wait=3.0, index=0):
    """Presses the first button of message m (a user's private prompt),
    or the index-th, counted round."""
    b = buttons(m["versions"][-1])
    return ctl.click(uid, m["chat_id"], m["message_id"],
                     b[index % len(b)]["callback_data"], wait=wait)


def play_clicks(users, steps, per_click, deadline):
    """Plays up to steps clicks: each user in turn presses the first
    button of their newest prompt once it changed since they last did;
    one that stays as it was for 2 s gets its next button pressed."""
    done, last = 0, {}
    while done < steps and time.monotonic() < deadline:
        moved = False
        for uid in users:
            m = prompt(uid)
            if m is None:
                continue
            key = (m["message_id"], len(m["versions"]))
            was = last.get(uid)
            if was is not None and was[0] == key and \
                    time.monotonic() - was[1] < 2.0:
                continue
            tries = was[2] + 1 if was is not None and was[0] == key else 0
            try:
                r = click_first(uid, m, index=tries)
            except fakectl.Refused:
                # The bot edited the prompt between the read and the
                # press (another player's move): read it again.
                continue
            last[uid] = (key, time.monotonic(), tries)
            a = r["answer"]
            per_click(a is not None and a["refused"] is None and
                      a["latency"] < 1.0,
                      "a click is answered once within a second: %r" % a)
            done += 1
            moved = True
            time.sleep(0.15)
        if not moved:
            time.sleep(0.2)
        if WORLD_GROUP is not None and game_over(WORLD_GROUP):
            break
    return done


WORLD_GROUP = None

if MODE == "game1":
    ok(bot_ready(), "the bot long polls the fake (getUpdates)")
    s = ctl.state()
    polls = s["polls"]
    ok(polls and polls[-1]["timeout"] == 50,
       "getUpdates waits 50 s (long polling): %r" %
       (polls[-1] if polls else None))
    cmds = s["commands"]
    ok(all(any(scope in k and any(c["command"] == "cheers"
                                           for c in v)
               for k, v in cmds.items())
           for scope in ("all_group_chats", "all_private_chats")),
       "setMyCommands registers /cheers for group and private chats: %r" %
       sorted(cmds))
    alice = ctl.user("Alice", username="alice", started=True)["id"]
    bob = ctl.user("Bob", username="bob", started=True)["id"]
    carol = ctl.user("Carol <&>", username="carol")["id"]
    erin = ctl.user("Erin", username="erin", started=True)["id"]
    group = ctl.group("Pub <b>", [alice, bob, carol, erin])["id"]
    WORLD_GROUP = group
    json.dump({"alice": alice, "bob": bob, "carol": carol, "erin": erin,
               "group": group}, open(WORLD, "w"))

    command(alice, group, "new")
    got = checks.poll(lambda: group_msgs(group),
                      lambda ms: any("opened a CHEERS table" in
                                     m["versions"][-1]["text"]
                                     for m in ms), 5)
    ok(got, "/cheers@Bot new opens a table in the group")
    opened = [m for m in got or []
              if "opened a CHEERS table" in m["versions"][-1]["text"]]
    ok(opened and '<a href="tg://user?id=%d">alice</a>' % alice in
       opened[0]["versions"][-1]["html"],
       "a player is mentioned with a tg://user link")
    command(bob, group, "join")
    # A bare /cheers reaches a bot in privacy mode that spoke last.
    r = ctl.send(carol, group, "/cheers join")
    ok(r["delivered"], "a bare /cheers is delivered (the bot spoke last)")
    ok(checks.poll(lambda: group_msgs(group),
                   lambda ms: any("carol joins" in m["versions"][-1]["text"]
                                  for m in ms), 5),
       "/cheers join without @Bot seats a player")
    ctl.send(bob, group, "/cheers@OtherBot join")
    command(alice, group, "start")
    b = checks.poll(lambda: board(group), lambda m: m is not None, 8)
    ok(b is not None, "the game starts: one board message with My hand "
       "and Table buttons")

    # Carol never started the bot: her private messages answer 403.
    link = checks.poll(
        lambda: group_msgs(group),
        lambda ms: any(b2.get("url", "").startswith(LINK)
                       for m in ms for b2 in
                       [x for row in (m["versions"][-1]["reply_markup"] or
                                      {}).get("inline_keyboard", [])
                        for x in row]), 8)
    ok(link, "the group is told, with a deep link button, that carol must "
       "open the bot's private chat")
    url = None
    for m in link or []:
        for row in (m["versions"][-1]["reply_markup"] or {}).get(
                "inline_keyboard", []):
            for x in row:
                if x.get("url", "").startswith(LINK):
                    url = x["url"]
    def links():
        return sum(1 for m in group_msgs(group) for row in (
            m["versions"][-1]["reply_markup"] or {}).get(
                "inline_keyboard", []) for x in row
            if x.get("url", "").startswith(LINK))
    n = links()
    command(carol, group, "hand")
    ok(checks.poll(lambda: links(), lambda k: k > n, 5) is not None,
       "carol's /cheers hand in the group is answered with the deep link, "
       "not her hand")
    # Before she opens it, her "My hand" opens the private chat.
    b = board(group)
    r = ctl.click(carol, group, b["message_id"],
                  buttons(b["versions"][-1])[0]["callback_data"])
    a = r["answer"]
    ok(a is not None and (a["url"] or "").startswith(LINK),
       "carol's My hand click is answered with the deep link: %r" % a)
    rej = ctl.state()["rejected"]
    ok(any(r2["code"] == 403 and r2["chat_id"] == carol for r2 in rej),
       "the fake refused (403) a private message to carol")
    before = len(ctl.bot_messages(carol))
    ctl.open_link(carol, url)
    hand = checks.poll(lambda: ctl.bot_messages(carol),
                       lambda ms: any("Your hand" in m["versions"][-1]["text"]
                                      for m in ms), 5)
    ok(hand and len(hand) > before,
       "/start from the deep link sends carol her hand at once")
    ok(hand and any("Pub" in m["versions"][-1]["text"] for m in hand),
       "the private view names the group by its title")
    ok(all("Your hand" in m["versions"][-1]["text"] or True
           for m in ctl.bot_messages(alice)) and
       any("Your recipe" in m["versions"][-1]["text"]
           for m in ctl.bot_messages(alice)),
       "alice gets her recipe and hand in her private chat")

    # A move by command: the player whose turn it is throws.
    b = board(group)
    first = b["versions"][-1]["text"]
    who = re.match(r"(\w+)'s turn", first)
    ok(who is not None, "the board says whose turn it is: %r" % first[:80])
    names = {"alice": alice, "bob": bob, "carol": carol}
    if who:
        n = len(b["versions"])
        command(names[who.group(1)], group, "throw")
        ok(checks.poll(lambda: board(group),
                       lambda m: m and len(m["versions"]) > n, 5),
           "a move by command edits the board in place")
    # A refusal to a click in the group is an alert only its user sees.
    b = board(group)
    r = ctl.click(erin, group, b["message_id"],
                  buttons(b["versions"][-1])[0]["callback_data"])
    a = r["answer"]
    ok(a is not None and a["show_alert"] and a["text"] and
       a["latency"] < 1.0 and a["refused"] is None,
       "a player not seated who presses My hand gets an alert: %r" % a)
    b = board(group)
    r = ctl.click(bob, group, b["message_id"],
                  buttons(b["versions"][-1])[1]["callback_data"])
    a = r["answer"]
    ok(a is not None and a["refused"] is None and a["latency"] < 1.0,
       "the Table button is answered within a second")
    # A few moves by buttons.
    # Inline mode: someone at no table gets only the private chat's
    # button; a player sees their own moves, privately, never cached.
    r = ctl.inline(erin, "")
    a = r["answer"]
    ok(a is not None and not a["results"] and a["is_personal"] and
       a["cache_time"] == 0 and (a["button"] or {}).get(
           "start_parameter") == "hand",
       "an inline query from someone at no table: no moves, a button "
       "into the private chat: %r" % a)
    mover, res = None, None
    for uid in (alice, bob, carol):
        r = ctl.inline(uid, "")
        a = r["answer"]
        ok(a is not None and a["is_personal"] and a["cache_time"] == 0 and
           a["refused"] is None, "every inline query is answered, "
           "personal and not cached")
        moves = [x for x in (a or {}).get("results", [])
                 if x["title"] != "Your hand" and
                 not x["title"].startswith("Your hand")]
        if moves and mover is None:
            mover, res = uid, (r["id"], moves[0])
    ok(mover is not None, "the player whose turn it is sees their moves "
       "as inline results")
    if mover is not None:
        # The bot logs each move made ("table 1: move 7 by seat 0").
        settle(traffic)
        n = log_count(" by seat ")
        ctl.choose(mover, res[0], res[1]["id"], group)
        ok(checks.poll(lambda: log_count(" by seat "),
                       lambda k: k == n + 1, 5) is not None,
           "a chosen inline result makes that move")
        settle(traffic)
        came = log_count("inline choice came again")
        ctl.choose(mover, res[0], res[1]["id"], group)
        ok(checks.poll(lambda: log_count("inline choice came again"),
                       lambda k: k > came, 5) is not None and
           log_count(" by seat ") == n + 1,
           "the same choice again makes no second move")
        json.dump({"alice": alice, "bob": bob, "carol": carol,
                   "erin": erin, "group": group, "inline_mover": mover,
                   "inline_query": res[0], "inline_result": res[1]["id"]},
                  open(WORLD, "w"))

    per = checks.once(ok, "the first moves by buttons")
    n = play_clicks([alice, bob, carol], 6, ok,
                    time.monotonic() + 40)
    per.done()
    ok(n >= 3, "several moves are made by buttons (%d)" % n)
    settle(traffic)
    TALLY.end("telegram (game, before the restart)")


def play_game(game, uids, group):
    """uids[0] opens a table of game (its command word) in group, the
    others join, the first starts it: its board, or None."""
    ctl.send(uids[0], group, "/%s@%s new" % (game, BOT))
    for uid in uids[1:]:
        command(uid, group, "join")
    command(uids[0], group, "start")
    return checks.poll(lambda: board(group), lambda m: m is not None, 8)


def group_texts(group):
    return [m["versions"][-1]["text"] for m in group_msgs(group)]


def said(group, what, timeout=10.0):
    """Seconds until the bot says what in group, or None."""
    t0 = time.monotonic()
    got = checks.poll(lambda: group_texts(group),
                      lambda ts: any(what in t for t in ts), timeout)
    return None if got is None else time.monotonic() - t0


if MODE == "fwb":
    # A whole game of Friends with Beverages, by buttons.
    ok(bot_ready(), "the bot long polls the fake")
    ids = [ctl.user(n, username=n.lower(), started=True)["id"]
           for n in ("Fay", "Gus", "Hal")]
    group = ctl.group("Bar", ids)["id"]
    WORLD_GROUP = group
    ok(play_game("fwb", ids, group),
       "/fwb@Bot new opens a Friends with Beverages table, and it starts")
    per = checks.once(ok, "the moves of Friends with Beverages by buttons")
    n = play_clicks(ids, 2000, ok, time.monotonic() + 240)
    per.done()
    ok(game_over(group), "the game is played to its end by buttons (%d "
       "clicks)" % n)
    shown = [t for uid in ids for m in ctl.bot_messages(uid)
             for t in (v["text"] or "" for v in m["versions"])]
    ok(any("Your guests" in t for t in shown) and
       any("Hand: 1." in t for t in shown),
       "each player's guests and hand are shown privately")
    leaks = [(m["message_id"], i) for m in ctl.messages(group)
             for i, v in enumerate(m["versions"])
             if "Your guests" in (v["text"] or "") or
             "Hand: 1." in (v["text"] or "")]
    ok(not leaks, "no guests or hand in any group message version: %r" %
       leaks[:3])
    s = ctl.state()
    late = [a for a in s["callback_answers"] if a["refused"] is not None]
    ok(not late, "no click is answered twice or late: %r" % late[:3])

    # Inline results past 50: a Magic player (of four, its least) has more
    # moves at the start than one answer takes; the pages go on from each
    # next_offset, none repeated, to the last, which gives none.
    four = ids + [ctl.user("Jo", username="jo", started=True)["id"]]
    hall = ctl.group("Hall", four)["id"]
    ok(play_game("magic", four, hall), "a Magic game starts")
    settle(traffic)
    pages, offset, seen = [], "", []
    while offset is not None and len(pages) < 30:
        r = ctl.inline(ids[0], "", offset=offset)
        a = r["answer"] or {}
        pages.append((r["id"], a))
        seen += [x["id"] for x in a.get("results", [])]
        offset = a.get("next_offset") or None
    first = pages[0][1]
    ok(len(first.get("results", [])) == 50 and
       first.get("next_offset") == "50",
       "the first page has 50 results and next_offset 50: %d, %r" %
       (len(first.get("results", [])), first.get("next_offset")))
    ok(len(pages) >= 2 and len(seen) > 50 and len(set(seen)) == len(seen)
       and all(p[1].get("refused") is None for p in pages),
       "the pages go on past 50, each result once: %d results in %d "
       "pages" % (len(seen), len(pages)))
    ok(offset is None and len(pages[-1][1].get("results", [])) <= 50,
       "the last page gives no next_offset")
    ok(any(x["title"].startswith("Your hand") for x in first["results"]),
       "the first page begins with the hand")
    a = ctl.inline(ids[0], "", offset="9999")["answer"] or {}
    ok(not a.get("results") and not a.get("next_offset"),
       "an offset no page gave is past the end, not the first page again")
    # A move on the second page is one the player can choose.
    qid, second = pages[1]
    pick = [x for x in second.get("results", [])
            if not x["title"].startswith("Your hand")]
    n = log_count(" by seat ")
    if pick:
        ctl.choose(ids[0], qid, pick[0]["id"], hall)
    ok(pick and checks.poll(lambda: log_count(" by seat "),
                            lambda k: k > n, 5) is not None,
       "a move chosen from the second page is made")
    TALLY.end("telegram (fwb)")

if MODE == "faults":
    ok(bot_ready(), "the bot long polls the fake")
    alice = ctl.user("Alice", username="alice", started=True)["id"]
    bob = ctl.user("Bob", username="bob", started=True)["id"]
    dave = ctl.user("Dave", username="dave", started=True)["id"]
    group = ctl.group("Den", [alice, bob, dave], admins=[dave])["id"]
    # A 429 for the group: the post waits its retry_after, then goes.
    ctl.fault("429", retry_after=2, chat_id=group, count=1)
    command(alice, group, "new")
    took = said(group, "opened a CHEERS table")
    ok(took is not None and took >= 1.9,
       "a post refused 429 goes again after its retry_after (2 s): %r" %
       took)
    ok(not ctl.state()["early_after_429"],
       "nothing goes to the chat before its retry_after is over")
    ok(log_count("rate limited") >= 1, "the 429 is logged")
    # A 502 from nginx: retried with backoff.
    ctl.fault("5xx", status=502, method="sendMessage", count=1)
    command(bob, group, "join")
    ok(said(group, "bob joins") is not None,
       "a post answered 502 is retried and lands")
    ok(log_count("retrying in") >= 1, "the 5xx is logged with its retry")
    # A 409: another poller; logged as such, and polling goes on.  The
    # fault takes the next getUpdates: the update ends the one waiting.
    ctl.fault("409", count=1)
    command(dave, group, "join")
    ok(checks.poll(lambda: log_count("another bot instance"),
                   lambda n: n >= 1, 15) is not None,
       "a 409 on getUpdates is logged as another instance or a webhook")
    ok(said(group, "dave joins", 15) is not None,
       "after the 409 the bot polls on and runs commands")
    # A 500 after the message was posted: Telegram has no idempotency
    # key, and a message sent again would be there twice; it is not.
    fred = ctl.user("Fred", username="fred", started=True)["id"]
    nook = ctl.group("Nook", [fred])["id"]
    ctl.fault("5xx", status=500, method="sendMessage", count=1, land=True)
    command(fred, nook, "new")
    ok(said(nook, "opened a CHEERS table") is not None,
       "a post answered 500 after it landed is in the group")
    settle(traffic)
    opened = [t for t in group_texts(nook) if "opened a CHEERS table" in t]
    ok(len(opened) == 1, "and only once: it is not sent again (%d)" %
       len(opened))
    ok(log_count("may have been posted already") == 1,
       "the failure is logged as not retried, and why")
    # A forum: a table lives in the topic its command came from, and
    # one in the General topic is another table.
    club = ctl.group("Club", [alice, bob], kind="supergroup",
                     forum=True)["id"]
    topic = ctl.topic(club, "Cards")
    ctl.send(alice, club, "/cheers@%s new" % BOT, thread_id=topic)
    ctl.send(bob, club, "/cheers@%s join" % BOT, thread_id=topic)
    ctl.send(alice, club, "/cheers@%s start" % BOT, thread_id=topic)
    b = checks.poll(lambda: board(club), lambda m: m is not None, 8)
    ok(b is not None and b["thread_id"] == topic,
       "a game started in a forum topic has its board in that topic")
    ok(all(m["thread_id"] == topic for m in group_msgs(club)),
       "everything the bot says of it goes to that topic")
    r = ctl.click(bob, club, b["message_id"],
                  buttons(b["versions"][-1])[1]["callback_data"])
    ok(r["answer"] is not None and r["answer"]["refused"] is None,
       "a click on the topic's board is answered")
    ctl.send(bob, club, "/cheers@%s new" % BOT)
    ok(checks.poll(lambda: [m for m in group_msgs(club)
                            if m["thread_id"] is None],
                   lambda ms: any("opened a CHEERS table" in
                                  m["versions"][-1]["text"] for m in ms), 5),
       "a table opened outside the topic is another table, in General")

    # The bot removed from the group mid-game: traffic there stops at
    # once, the game pauses (its players told privately), then ends
    # after telegram.lost_chat_grace (3 s here).
    # A group's administrator may do what the host does; others not.
    command(bob, group, "start")
    time.sleep(1.5)
    ok(board(group) is None, "a player who is neither host nor "
       "administrator cannot start the game")
    command(dave, group, "start")
    ok(checks.poll(lambda: board(group), lambda m: m is not None, 8),
       "the group's administrator starts the host's game")
    asked = [c for c in ctl.state()["calls"]
             if c["method"] == "getChatAdministrators" and
             str(c.get("chat_id")) == str(group)]
    ok(len(asked) == 1, "the administrators are asked once and kept: %d "
       "calls" % len(asked))
    # At two running tables: the moves of both, each naming its table;
    # typed text narrows them.
    a = ctl.inline(alice, "")["answer"] or {}
    titles = [r["title"] for r in a.get("results", [])]
    ok(any('"Den"' in t for t in titles) and
       any('"Club"' in t for t in titles),
       "a player at two tables gets the moves of both, each title naming "
       "its table: %r" % titles[:4])
    a = ctl.inline(alice, "hand")["answer"] or {}
    titles = [r["title"] for r in a.get("results", [])]
    ok(titles and all("hand" in t.lower() for t in titles),
       "typed text narrows the results: %r" % titles[:4])
    settle(traffic)
    t_removed = ctl.state()["now"]
    ctl.act("remove", chat_id=group)
    paused = checks.poll(
        lambda: [m["versions"][-1]["text"] for m in ctl.bot_messages(bob)],
        lambda ts: any("is paused" in t for t in ts), 8)
    ok(paused, "removed from the group, the bot pauses its game and tells "
       "the players privately")
    ended = checks.poll(
        lambda: [m["versions"][-1]["text"] for m in ctl.bot_messages(bob)],
        lambda ts: any("has ended" in t for t in ts), 10)
    ok(ended, "the paused game ends after the grace")
    after = [c for c in ctl.state()["calls"] if c["at"] > t_removed and
             str(c.get("chat_id")) == str(group)]
    ok(len(after) <= 3, "at most 3 calls to the group after the removal: "
       "%r" % [(c["method"], c["status"]) for c in after])
    ok(log_count("I cannot write in chat") == 1,
       "the lost group is logged once")

    # The token revoked: the adapter stops, the bot runs on.
    ctl.fault("401")
    ok(checks.poll(lambda: log_count("refused the token"),
                   lambda n: n >= 1, 15) is not None,
       "a 401 stops the Telegram adapter, with the reason logged")
    time.sleep(1.0)
    n = len(ctl.state()["calls"])
    time.sleep(2.0)
    ok(len(ctl.state()["calls"]) == n,
       "after the 401 the bot makes no more calls")
    TALLY.end("telegram (faults)")

def calls_to(chats, since):
    """The calls to any of chats (ids) the fake saw after since."""
    ids = {str(c) for c in chats}
    return [c for c in ctl.state()["calls"] if c["at"] > since and
            str(c.get("chat_id")) in ids]


def link_for(group, uid, timeout=15.0):
    """Whether group gets a deep link button naming user uid."""
    return checks.poll(
        lambda: group_msgs(group),
        lambda ms: any(x.get("url", "").startswith(LINK) and
                       'tg://user?id=%d"' % uid in
                       (m["versions"][-1]["html"] or "")
                       for m in ms for row in
                       (m["versions"][-1]["reply_markup"] or {}).get(
                           "inline_keyboard", []) for x in row),
        timeout) is not None


def board_grows(group, users, timeout=20.0):
    """Moves by buttons until group's board has a new version: whether
    it did."""
    b = board(group)
    n = len(b["versions"]) if b else 0
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        play_clicks(users, 1, lambda *a: None, time.monotonic() + 5)
        now = checks.poll(lambda: board(group),
                          lambda m: m and len(m["versions"]) > n, 3)
        if now is not None:
            return now
    return None


if MODE == "migrate1":
    # Two basic groups, each with a running game; one is upgraded with
    # the service messages Telegram sends, the other quietly (the bot
    # learns it from the 400 to its next edit there).
    ok(bot_ready(), "the bot long polls the fake")
    ann, ben, cid, dan = (ctl.user(n, username=n.lower(),
                                   started=True)["id"]
                          for n in ("Ann", "Ben", "Cid", "Dan"))
    attic = ctl.group("Attic", [ann, ben])["id"]
    barn = ctl.group("Barn", [cid, dan])["id"]
    for host, guest, g in ((ann, ben, attic), (cid, dan, barn)):
        ok(play_game("cheers", [host, guest], g),
           "a game runs in the basic group %d" % g)
    settle(traffic)
    t0 = ctl.state()["now"]
    attic2 = ctl.act("migrate", chat_id=attic)["new_chat_id"]
    b = checks.poll(lambda: board(attic2), lambda m: m is not None, 8)
    ok(b is not None, "upgraded (the service messages), the game's board "
       "is shown in the supergroup")
    ok(checks.poll(lambda: log_count("was upgraded to supergroup"),
                   lambda k: k == 1, 5) is not None,
       "the upgrade is logged once")
    ok(board_grows(attic2, [ann, ben]) is not None,
       "a move by button edits the board in the supergroup")
    was = board(attic2)["message_id"]
    command(ann, attic2, "status")
    ok(checks.poll(lambda: board(attic2),
                   lambda m: m is not None and m["message_id"] != was,
                   5) is not None,
       "a command in the supergroup finds the game (status shows its "
       "board anew)")

    # Quietly: the player whose turn it is not blocks the bot, and the
    # board's next edit is held (429) long enough for the deep link to
    # wait behind it for the old id: the edit's 400 moves the game (its
    # board posted anew in the supergroup), and the link, refused the
    # same way, follows to the new id.
    barn2 = ctl.act("migrate", chat_id=barn, quiet=True)["new_chat_id"]
    turn = re.match(r"(\w+)'s turn", board(barn)["versions"][-1]["text"])
    mover, other = (cid, dan) if turn and turn.group(1) == "cid" else \
        (dan, cid)
    ctl.act("block", user_id=other)
    ctl.fault("429", retry_after=2, chat_id=barn, count=1)
    play_clicks([mover], 3, lambda *a: None, time.monotonic() + 8)
    ok(checks.poll(lambda: board(barn2), lambda m: m is not None, 10),
       "upgraded quietly, the 400 with migrate_to_chat_id to the next "
       "edit moves the game: its board is in the supergroup")
    ok(link_for(barn2, other), "the deep link refused at the old id is "
       "sent on to the supergroup")
    ok(log_count("sending to its new id") >= 1,
       "and logged as sent on")
    ok(log_count("was upgraded to supergroup") == 2,
       "each upgrade is logged once")
    ctl.start(other)
    settle(traffic)
    old = [c for c in calls_to([attic, barn], t0) if c["status"] != 429]
    ok(old and all(c["status"] == 400 for c in old) and len(old) <= 3,
       "after the upgrades at most 3 calls to the old ids, each refused: "
       "%r" % [(c["method"], c["status"]) for c in old])
    json.dump({"users": [ann, ben, cid, dan], "old": [attic, barn],
               "new": [attic2, barn2],
               "boards": [board(attic2)["message_id"],
                          board(barn2)["message_id"]]},
              open(WORLD, "w"))
    TALLY.end("telegram (upgrade, before the restart)")

if MODE == "migrate2":
    # Restarted (SIGKILL) after both upgrades: both games go on in the
    # supergroups, their boards edited in place, and nothing goes to the
    # old ids.
    ok(bot_ready(), "the restarted bot long polls again")
    world = json.load(open(WORLD))
    t0 = ctl.state()["now"]
    users = world["users"]
    # Ben blocks the bot; the next private message to him is refused,
    # and the group where he plays, known from the store (he has said
    # nothing since the restart), gets the deep link.
    ctl.act("block", user_id=users[1])
    for i, g in enumerate(world["new"]):
        b = board_grows(g, users[2 * i:2 * i + 2])
        ok(b is not None and b["message_id"] == world["boards"][i],
           "after the restart a move edits the same board in supergroup "
           "%d" % g)
    ok(link_for(world["new"][0], users[1]), "after the restart, a player whose private "
       "messages fail gets the deep link in the group of his table")
    settle(traffic)
    ok(not calls_to(world["old"], t0),
       "after the restart nothing goes to the old groups")
    s = ctl.state()
    bad = [r for r in s["rejected"] if "not modified" not in
           r["description"] and "upgraded to a supergroup" not in
           r["description"] and not (r["code"] == 403 and
                                     r["chat_id"] in users)]
    ok(not bad, "the fake refused nothing else: %r" % bad[:3])
    ok(not s["unknown_params"], "every parameter sent is one the method "
       "knows: %r" % s["unknown_params"][:3])
    TALLY.end("telegram (upgrade, after the restart)")

world = json.load(open(WORLD))
alice, bob, carol, group = (world["alice"], world["bob"], world["carol"],
                            world["group"])
WORLD_GROUP = group

if MODE == "down":
    # The bot is down: a click waits at the fake for the next poll.
    s = ctl.state()
    world["last_update"] = max(u["update"]["update_id"]
                               for u in s["updates"] if u["queued"])
    waiting = None
    for uid in (alice, bob, carol):
        m = prompt(uid)
        if m is not None:
            r = click_first(uid, m, wait=0)
            waiting = r["id"]
            world["down_update"] = r["update_id"]
            break
    world["down_click"] = waiting
    world["traffic"] = traffic()
    json.dump(world, open(WORLD, "w"))
    ok(waiting is not None, "a move's button is pressed while the bot is "
       "down")
    TALLY.end("telegram (bot down)")

if MODE == "game2":
    ok(bot_ready(), "the restarted bot long polls again")
    ans = ctl.wait(lambda s: any(a["id"] == world["down_click"]
                                 for a in s["callback_answers"]), 10)
    ours = [a for a in (ans or {}).get("callback_answers", [])
            if a["id"] == world["down_click"]]
    ok(len(ours) == 1 and ours[0]["refused"] is None,
       "the click made while the bot was down is run, and answered once")
    s = ctl.state()
    offsets = [p["offset"] for p in s["polls"] if p["offset"]]
    ok(offsets == sorted(offsets),
       "getUpdates' offset never goes back, across the restart")
    runs = log_count("came again")
    settle(traffic)
    t0 = traffic()
    ctl.act("redeliver", update_id=world["down_update"])
    ctl.act("redeliver", update_id=world["last_update"])
    ok(checks.poll(lambda: log_count("came again"),
                   lambda n: n >= runs + 2, 10) is not None,
       "two updates delivered again are recognised by their update_id")
    ok(settle(traffic) == t0, "and nothing is said or edited for them")

    # The move chosen before the restart, chosen again: nothing.
    if world.get("inline_query"):
        settle(traffic)
        n = log_count(" by seat ")
        ctl.choose(world["inline_mover"], world["inline_query"],
                   world["inline_result"], group)
        ok(checks.poll(lambda: log_count("inline choice came again"),
                       lambda k: k >= 1, 5) is not None and
           settle(lambda: log_count(" by seat ")) == n,
           "an inline move chosen again after the restart makes no move")
    else:
        ok(False, "an inline move was chosen before the restart")

    per = checks.once(ok, "the moves by buttons to the game's end")
    play_clicks([alice, bob, carol], 600, ok, time.monotonic() + 240)
    per.done()
    ok(game_over(group), "the game is played to its end by buttons")
    settle(traffic)

    # No recipe or hand in any group message version while it ran, nor
    # in any inline result made for another player.
    secrets = {}
    for uid in (alice, bob, carol):
        for m in ctl.bot_messages(uid):
            for v in m["versions"]:
                for line in (v["text"] or "").split("\n"):
                    if line.startswith("Your recipe: "):
                        secrets.setdefault(uid, set()).add(
                            line[len("Your recipe: "):])
    ok(len(secrets) == 3, "each player was shown a recipe privately")
    every = set().union(*secrets.values()) if secrets else set()
    leaks = []
    for m in ctl.messages(group):
        for i, v in enumerate(m["versions"]):
            t = v["text"] or ""
            if "Game over" in t or "This was table" in t:
                break       # the end shows every recipe, as it should
            for sec in every:
                if sec in t:
                    leaks.append((m["message_id"], i, sec))
            if "Your hand" in t or "Your recipe" in t:
                leaks.append((m["message_id"], i, t[:60]))
    ok(not leaks, "no recipe or hand in any group message version: %r" %
       leaks[:3])
    leaks = []
    for a in ctl.state()["inline_answers"]:
        others = set().union(*(v for k, v in secrets.items()
                               if k != a.get("from"))) if secrets else set()
        for r in a["results"]:
            for t in (r["title"], r["description"] or "",
                      r["message_text"]):
                leaks += [(r["id"], sec) for sec in others if sec in t]
                if "Your recipe" in t or "Hand:" in t:
                    leaks.append((r["id"], t[:60]))
    ok(not leaks, "no inline result holds another player's recipe, and "
       "none sends a hand: %r" % leaks[:3])

    s = ctl.state()
    # An edit that changes nothing is refused, and is no error.
    bad = [r for r in s["rejected"] if not (r["code"] == 403 and
                                            r["chat_id"] == carol) and
           "message is not modified" not in r["description"]]
    ok(not bad, "the fake refused nothing else: %r" % bad[:3])
    ok(log_count("not modified") == 0,
       "an edit that changes nothing is not logged as a failure")
    ok(not s["unknown_params"], "every parameter sent is one the method "
       "knows: %r" % s["unknown_params"][:3])
    late = [a for a in s["callback_answers"] if a["refused"] is not None]
    ok(not late, "no callback query is answered twice or late: %r" %
       late[:3])
    p = ctl.pacing()
    gaps = [(c, v["min_gap"]) for c, v in p["chats"].items()
            if v["min_gap"] is not None and v["min_gap"] < 0.1]
    ok(not gaps, "no chat gets two messages less than the interval (0.1 s) "
       "apart: %r" % gaps)
    ok(p["max_per_second"] <= 30, "at most 30 messages in any second: %d" %
       p["max_per_second"])
    ok(log_count(fakectl.TOKEN) == 0 and
       log_count("127.0.0.1:%d/" % PORT) == 0,
       "the log shows no Bot API URL and no token")
    TALLY.end("telegram (game, after the restart)")
