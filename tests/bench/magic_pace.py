#!/usr/bin/python3
"""How long a human trades in Magic Cocktail among AI seats (issue 20).
Not part of make test or make bench; run it by hand:

    tests/bench/magic_pace.py BOT [GAMES [STEP]]

For each seed 1..GAMES (20), a --fake-clock console session opens a
4-player table of alice (human) and three AI seats (tables.ai_delay
1.5 s, the default), starts it, and then every STEP seconds (5) of fake
time alice makes one trading move: an offer of one card she holds for one
of a kind she lacks, then withdrawing it, and so on; she never places her
stone.  It counts her moves until the first round's trading ends (two
stones), those the bot accepted (a withdrawal of an offer an AI seat has
already taken is refused), and when it ended.  The session is driven line
by line: after each input line an unknown directive (":x") makes the
console answer "[console] Directives ...", which marks the end of the
bot's output for that line; each wait for it is bounded by time
(tests/bench/bounded.py: BENCH_WAIT, 60 s) and says so when it gives up.
"""
import os
import re
import subprocess
import sys
import tempfile

from bounded import Lines, wait_exit

KINDS = ["curacao", "lime", "mint", "cherry", "peach", "agave", "honey",
         "cacao", "saffron", "rose"]


class Session:
    def __init__(self, bot, seed, state):
        self.p = subprocess.Popen(
            [bot, "--fake-clock", "-o", "bot.seed=%d" % seed,
             "-o", "bot.state_file=" + state,
             "-o", "tables.ai_delay=1500ms"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL)
        self.out = Lines(self.p.stdout)
        self.hand = {}

    def send(self, line):
        """Sends one line; returns the bot's output lines for it."""
        self.p.stdin.write((line + "\n:x\n").encode())
        self.p.stdin.flush()
        out = []
        while True:
            got = self.out.readline("the bot's answer to \"%s\"" % line)
            if not got or got.startswith("[console] Directives"):
                break
            out.append(got.rstrip("\n"))
        self.note_hand(out)
        return out

    def note_hand(self, out):
        reading = False
        for line in out:
            if line.startswith("[dm @alice] Your hand"):
                self.hand, reading = {}, True
                continue
            m = re.match(r"\[dm @alice\]  (\d+) \S+ (\w+) \(", line)
            if reading and m:
                self.hand[m.group(2)] = int(m.group(1))
            else:
                reading = False

    def close(self):
        self.p.stdin.close()
        self.out.drain("the bot's output to end after its input closed")
        wait_exit(self.p, "the bot to exit after its input closed")


def over(out):
    return any("trading is over" in line for line in out)


def one_game(bot, seed, step, state):
    s = Session(bot, seed, state)
    for line in ["new magic", "addbot", "addbot", "addbot", "start"]:
        s.send("alice: /cheers " + line)
    now, tries, accepted, mine, end = 0, 0, 0, None, None
    while now < 600 and end is None:
        now += step
        if over(s.send(":wait %ds" % step)):
            end = now
            break
        if mine is None:
            have = [k for k in KINDS if s.hand.get(k, 0) > 0]
            want = [k for k in KINDS if k not in have] or KINDS
            line = "offer 1 %s 1 %s" % (have[tries % len(have)],
                                        want[tries % len(want)])
        else:
            line = "withdraw %d" % mine
        out = s.send("alice: /cheers " + line)
        tries += 1
        if not any(o.startswith("[ephemeral @alice]") for o in out):
            accepted += 1
        made = [re.match(r"\[#bar\] Offer (\d+): @alice gives", o)
                for o in out]
        made = [m for m in made if m]
        mine = int(made[0].group(1)) if made and mine is None else None
        if over(out):
            end = now
    s.close()
    return tries, accepted, end


def main():
    bot = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    step = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    total = [0, 0, 0]
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(1, games + 1):
            state = os.path.join(tmp, "s%d.db" % seed)
            tries, accepted, end = one_game(bot, seed, step, state)
            print("seed %d: %d moves, %d accepted, trading over by %s s"
                  % (seed, tries, accepted, end))
            total[0] += tries
            total[1] += accepted
            total[2] += end or 0
    print("mean of %d games: %.2f moves, %.2f accepted, trading over "
          "by %.1f s" % (games, total[0] / games, total[1] / games,
                         total[2] / games))


if __name__ == "__main__":
    main()
