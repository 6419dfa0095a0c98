#!/usr/bin/python3
"""Click latency on Telegram: how long after a callback_query is made does
the bot's answerCallbackQuery reach the fake Bot API of tests/telegram?
Drives a running bot through the fake, over long polling, so the figure
is what a player waits for the spinner on a button to stop: the update's
delivery to the waiting getUpdates, the bot's batch (its commit), and
the answer's request.

    telegram_latency.py PORT COUNT

One group, one CHEERS table of alice and an AI, started; then COUNT
clicks one after another on the table message's "Table" and "My hand"
buttons (the table's newest message: "Table" posts it again).  The fake times each answer from the moment it made the
update; prints the median, p99 and worst, as a line starting "result:"
that tests/bench/run.sh collects, with the load when it was measured.
Every wait is bounded by time (tests/bench/bounded.py: BENCH_WAIT).
"""
import os
import statistics
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, "..", "telegram"))
import bounded  # noqa: E402
import fakectl  # noqa: E402

port, count = int(sys.argv[1]), int(sys.argv[2])
ctl = fakectl.Ctl(port)
bounded.until("the bot's long poll", lambda: ctl.state()["polling"])
alice = ctl.user("Alice", username="alice", started=True)["id"]
group = ctl.group("Bench", [alice])["id"]
for text in ("new", "addbot", "start"):
    ctl.send(alice, group, "/cheers@%s %s" % (fakectl.BOT, text))


def board():
    for m in reversed(ctl.bot_messages(group)):
        rows = (m["versions"][-1]["reply_markup"] or {}).get(
            "inline_keyboard", [])
        datas = [b["callback_data"] for r in rows for b in r
                 if "callback_data" in b]
        if len(datas) == 2:
            return m, datas
    return None


took = []
for i in range(count):
    # "Table" posts the table again, and deletes the old message.
    m, datas = bounded.until("the table's message with its buttons", board)
    r = ctl.click(alice, group, m["message_id"], datas[i % 2], wait=10)
    a = r["answer"]
    if a is None or a["refused"] is not None:
        bounded.give_up("telegram: click %d was answered %r" % (i, a))
    took.append(a["latency"] * 1000.0)
took.sort()
p99 = took[min(len(took) - 1, int(len(took) * 0.99))]
print("result: telegram, callback_query made -> answerCallbackQuery in "
      "(through the fake, long polling): median %.1f ms, p99 %.1f ms, "
      "worst %.1f ms (%d clicks)%s" % (statistics.median(took), p99,
                                       took[-1], len(took), bounded.load()))
