#!/usr/bin/python3
"""How much the bot says: seeded games of every game through the console.

    lines.py BUILD/cheersbot [SEEDS]

Four players sit at a table (alice, bob, carol, dave, all human; at
Magic Cocktail two AI seats instead of carol and dave, which trade) and
let every timer run out, so the AI moves for them while they stay human
and get every private message.  The console's output is cut at each input
line (console.echo) and each move is found by the bot's debug log
("table N: move M by seat S"); the lines of a chunk are shared among its
moves.  Figures, printed beside the targets of issue 20:

  - channel lines a move (median and most), per game; the final table a
    game ends with is its summary, not its last move's narration, and
    is left out of this count (its lines still count for their width);
  - characters a channel line (the longest and the median), per game:
    a line a person reads (issue 33), without its "[#bar] " tag;
  - Magic Cocktail: channel lines for a whole game;
  - private lines a player gets a turn: the DM lines up to and with each
    "Your move", after the start (median), per game;
  - whole private views sent after the start (a view is only for the
    start and for "hand");
  - Magic Cocktail: private hints of "stone" while trading is open
    (issue 33), which would end the player's trading;
  - Friends with Beverages turns lost to a single absence (issue 33):
    four humans miss their first turn each; no seat may go to the AI
    for it.

make bench-lines then prints the hints' figures over many more seeded
games the AI plays, without the console (tests/bench/bench_hint_*.c).

SEEDS (default 7,8,9) are the bot.seed values; 7 is the quick measure of
the shared hooks.  About 5 s on a quiet core.  Each game's run is bounded
by time (tests/bench/bounded.py: ten times BENCH_WAIT, 60 s) and says so
when it gives up; each figure is printed with the load when it was made
(the figures themselves do not depend on it: the clock is fake).
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile

from bounded import load, run

BOT = sys.argv[1]
SEEDS = [int(s) for s in (sys.argv[2] if len(sys.argv) > 2 else
                          "7,8,9").split(",")]
PLAYERS = ("alice", "bob", "carol", "dave")
WAITS = 1500
MOVE = re.compile(r"^<\d>table \d+: move \d+ by seat \d+$")

# game: (title, channel median target, channel max target, AI seats)
GAMES = {
    "cheers": ("CHEERS", 1.5, 4, 0),
    "fwb": ("Friends with Beverages", 3, None, 0),
    "cosdrink": ("Cosdrink Encounters", 2, None, 0),
    # AI seats trade; humans whose time runs out only place their stone.
    "magic": ("Magic Cocktail", None, None, 2),
}
MAGIC_GAME_MAX = 250
PRIVATE_MEDIAN = 2
# Characters a channel line: the longest, and the median (issue 33).
LINE_WIDTH_MAX = 300
LINE_WIDTH_MEDIAN = 120


def play(game, seed, ais):
    """One game with ais of the four seats played by the AI; returns the
    console's output and stderr, merged in order."""
    script = ["%s: /cheers new %s" % (PLAYERS[0], game)]
    script += ["%s: /cheers join" % p for p in PLAYERS[1:len(PLAYERS) - ais]]
    if ais > 0:
        script += ["%s: /cheers addbot %d" % (PLAYERS[0], ais)]
    script += ["%s: /cheers start" % PLAYERS[0]]
    script += [":wait 6m"] * WAITS
    with tempfile.TemporaryDirectory() as d:
        r = run(
            [BOT, "--fake-clock", "-o", "console.echo=yes",
             "-o", "bot.state_file=%s/s.db" % d, "-o", "bot.seed=%d" % seed,
             "-o", "bot.log_level=debug", "-o", "tables.timeouts_to_ai=0",
             "-o", "tables.ai_delay=0"],
            "the console's game of %s (seed %d)" % (game, seed),
            input="\n".join(script) + "\n", stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True)
    return r.stdout.splitlines()


def measure(lines):
    """Channel lines a move, the game's channel lines, private lines a
    turn, whole views after the start, moves, whether it ended, and the
    characters of each channel line after the start."""
    per_move, chunk, moves, started = [], None, 0, False
    widths = []
    total = 0
    private = {}
    turns, views, ended = [], 0, False
    stones, last = 0, {}
    final = False

    def close(c):
        if c is not None and c["moves"] > 0:
            per_move.extend([c["channel"] / c["moves"]] * c["moves"])

    for line in lines:
        if line.startswith("> "):
            close(chunk)
            chunk = {"channel": 0, "moves": 0}
            continue
        if chunk is None:
            continue
        if MOVE.match(line):
            chunk["moves"] += 1
            moves += 1
            started = True
            continue
        if line.startswith("[#bar]"):
            text = line[len("[#bar] "):]
            # The final table the game ends with is its summary, not
            # the narration of its last move: its lines are held to the
            # width cap, not counted as lines of that move.
            if text == "Final table:":
                final = True
            elif final and not re.match(r"^ *\d+\. ", text):
                final = False
            if started:
                widths.append(len(text))
                if not final:
                    chunk["channel"] += 1
                    total += 1
            if "This was table" in line:
                ended = True
            continue
        m = re.match(r"^\[dm @(\w+)\] (.*)$", line)
        if m and started:
            who, text = m.group(1), m.group(2)
            private[who] = private.get(who, 0) + 1
            if re.search(r"at #bar: (your move|your hand changed)\.$", text):
                views += 1
            if "Your move" in text:
                turns.append(private[who])
                private[who] = 0
        # A private hint of Magic Cocktail's stone while trading is
        # open: in the prompt's line, or on the line after a view's.
        if m:
            who, text = m.group(1), m.group(2)
            if "Trading:" in text and "e.g. /cheers stone)" in text:
                stones += 1
            if text == "Try: /cheers stone" and \
                    "Trading:" in last.get(who, ""):
                stones += 1
            last[who] = text
    close(chunk)
    return per_move, total, turns, views, moves, ended, stones, widths


def absence(seed):
    """Friends with Beverages turns lost to a single absence: four human
    seats let their timers run out (default tables.timeouts_to_ai, 3), so
    each misses its first turn; counts the seats handed to the AI during
    that one missed turn (each loses its later turns to it), and the
    timeout notices said in the first round (one a missed turn is
    right)."""
    script = ["alice: /cheers new fwb"]
    script += ["%s: /cheers join" % p for p in PLAYERS[1:]]
    script += ["alice: /cheers start"] + [":wait 6m"] * 24
    with tempfile.TemporaryDirectory() as d:
        r = subprocess.run(
            [BOT, "--fake-clock", "-o", "console.echo=yes",
             "-o", "bot.state_file=%s/s.db" % d, "-o", "bot.seed=%d" % seed,
             "-o", "tables.timeouts_to_ai=3", "-o", "tables.ai_delay=0"],
            input="\n".join(script) + "\n", stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, timeout=120)
    ended, lost, notices = set(), 0, 0
    for line in r.stdout.splitlines():
        if not line.startswith("[#bar]"):
            continue
        for who in re.findall(r"@(\w+) ran out of time", line):
            if who not in ended:
                notices += 1
                if "the AI plays their seat now" in line:
                    lost += 1
        for who in re.findall(r"@(\w+) ends the turn\.", line):
            ended.add(who)
        if len(ended) == len(PLAYERS):
            break
    return lost, notices, len(ended)


def fmt(v):
    return "%.2f" % v if v is not None else "-"


def main():
    ok = True
    for game, (title, med_target, max_target, ais) in GAMES.items():
        per_move, turns, totals, views, moves, ended = [], [], [], 0, 0, 0
        stones = 0
        widths = []
        for seed in SEEDS:
            pm, tot, tu, vi, mv, en, st, wi = measure(play(game, seed, ais))
            stones += st
            widths += wi
            per_move += pm
            turns += tu
            totals.append(tot)
            views += vi
            moves += mv
            ended += en
        med = statistics.median(per_move) if per_move else None
        most = max(per_move) if per_move else None
        pmed = statistics.median(turns) if turns else None
        wmax = max(widths) if widths else None
        wmed = statistics.median(widths) if widths else None
        print("lines: %s, %d games (seeds %s), %d moves, %d ended: channel "
              "lines a move median %s, most %s; channel lines a game %s; "
              "characters a channel line median %s, most %s; "
              "private lines a turn median %s; whole views after the start "
              "%d%s" % (title, len(SEEDS), ",".join(map(str, SEEDS)), moves,
                        ended, fmt(med), fmt(most),
                        "/".join(map(str, totals)), fmt(wmed),
                        "-" if wmax is None else "%d" % wmax, fmt(pmed),
                        views, load()))
        checks = []
        if med_target is not None:
            checks.append(("%s channel lines a move, median <= %g" %
                           (title, med_target), med is not None and
                           med <= med_target, fmt(med)))
        if max_target is not None:
            checks.append(("%s channel lines a move, most <= %g" %
                           (title, max_target), most is not None and
                           most <= max_target, fmt(most)))
        checks.append(("%s characters a channel line, most <= %d" %
                       (title, LINE_WIDTH_MAX), wmax is not None and
                       wmax <= LINE_WIDTH_MAX,
                       "-" if wmax is None else "%d" % wmax))
        checks.append(("%s characters a channel line, median <= %d" %
                       (title, LINE_WIDTH_MEDIAN), wmed is not None and
                       wmed <= LINE_WIDTH_MEDIAN, fmt(wmed)))
        if game == "magic":
            checks.append(("Magic Cocktail private hints of stone while "
                           "trading is open: 0", stones == 0,
                           "%d" % stones))
            checks.append(("Magic Cocktail channel lines a 4-player game "
                           "<= %d" % MAGIC_GAME_MAX,
                           max(totals) <= MAGIC_GAME_MAX and ended ==
                           len(SEEDS), "%d at most, %d of %d games ended" %
                           (max(totals), ended, len(SEEDS))))
        checks.append(("%s private lines a player a turn, median <= %d" %
                       (title, PRIVATE_MEDIAN), pmed is not None and
                       pmed <= PRIVATE_MEDIAN, fmt(pmed)))
        checks.append(("%s whole private views after the start: 0" % title,
                       views == 0, "%d" % views))
        for what, met, value in checks:
            ok = ok and met
            print("result: lines: %-62s %s (%s)%s" %
                  (what, "met" if met else "MISSED", value, load()))
    lost, notices, seats = 0, 0, 0
    for seed in SEEDS:
        lo, no, se = absence(seed)
        lost += lo
        notices += no
        seats += se
    met = lost == 0 and seats == len(PLAYERS) * len(SEEDS)
    ok = ok and met
    print("lines: Friends with Beverages, %d games (seeds %s), each of 4 "
          "seats absent for its first turn: %d seats handed to the AI by "
          "it, %d timeout notices in %d missed turns" %
          (len(SEEDS), ",".join(map(str, SEEDS)), lost, notices, seats))
    print("result: lines: %-62s %s (%d)%s" %
          ("FwB turns lost to a single absence (seats taken): 0",
           "met" if met else "MISSED", lost, load()))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
