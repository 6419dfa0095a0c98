"""tests/checks.py: what the suites' Python scripts share: a count of
checks (Tally), polling until something holds (poll), and this: a check
made a varying number of times counts once.

A suite's count of checks must not depend on timing (tests/run-planned.sh
holds each count line to the script's plan), but some checks run once per
move of a game, or per message, and how many moves a timed game plays
depends on timing.  Such checks are gathered: from the start of a once()
to its done() (or through a with block), every ok() of the script only
records its result, and done() then makes one check of them all through
that same ok(), failed when any of them failed (naming the first three)
or when none was made.

    per_move = checks.once(ok, "each move of the game is played")
    for step in range(500):
        ...
        ok(cond, "a move by clicks is played")
    per_move.done()

For that, the script's ok() begins with

    if checks.gathered(cond, what):
        return cond

A script finds this file one directory up:

    sys.path.insert(0, os.path.join(os.path.dirname(
        os.path.abspath(__file__)), ".."))
    import checks
"""

import sys
import time

_open = []      # the gatherings under way, innermost last


class Tally:
    """A script's count of checks.  ok() counts one (or records it in the
    gathering under way), printing a failed one as "NAME: FAIL: what";
    end() prints "LABEL: N passed, M failed" and exits non-zero when
    anything failed.

        tally = checks.Tally("discord")
        ok = tally.ok
        ...
        tally.end("discord (tls)")
    """

    def __init__(self, name):
        self.name = name
        self.passed = self.failed = 0

    def ok(self, cond, what):
        if gathered(cond, what):
            return cond
        if cond:
            self.passed += 1
        else:
            self.failed += 1
            print("%s: FAIL: %s" % (self.name, what), flush=True)
        return cond

    def summary(self, label=None):
        """Prints the count line; the exit status it calls for."""
        print("%s: %d passed, %d failed" % (label or self.name, self.passed,
                                            self.failed), flush=True)
        return 1 if self.failed else 0

    def end(self, label=None):
        sys.exit(self.summary(label))


def gathered(cond, what):
    """Records a check in the innermost gathering under way, if any;
    whether it did (the caller then counts nothing itself)."""
    if not _open:
        return False
    g = _open[-1]
    g.made += 1
    if not cond:
        g.failures.append(what)
    return True


class once:
    """Gathers the checks made from now until done() into one, counted
    through ok (the script's own function) with the words what."""

    def __init__(self, ok, what):
        self.ok, self.what = ok, what
        self.made, self.failures = 0, []
        _open.append(self)

    def done(self):
        """Ends the gathering and makes its one check; its result."""
        if self in _open:
            _open.remove(self)
        msg = "%s (%d checks)" % (self.what, self.made)
        if self.failures:
            msg += ", %d failed: %s" % (len(self.failures),
                                        "; ".join(self.failures[:3]))
        elif not self.made:
            msg += ": none was made"
        return self.ok(self.made > 0 and not self.failures, msg)

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if kind is not None:
            self.failures.append("%s: %s" % (kind.__name__, value))
        self.done()
        return False


def poll(fetch, pred, timeout=5.0):
    """The first fetch() for which pred holds, asked every 50 ms for up
    to timeout s; or None."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        s = fetch()
        if pred(s):
            return s
        time.sleep(0.05)
    return None


def turns(boards, labels, whose_turn, names, steps):
    """The turns of a game played through a fake's table messages: yields
    (the table messages, whose turn, that player's name) while the last
    table message has buttons, at most steps times; while no one in names
    must act it waits 0.05 s and looks again (which counts as a step)."""
    for _ in range(steps):
        b = boards()
        if not b or not labels(b[-1]):
            return
        who = whose_turn()
        if who not in names:
            time.sleep(0.05)
            continue
        yield b, who, names[who]
