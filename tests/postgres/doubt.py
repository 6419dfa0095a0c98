#!/usr/bin/python3
"""A commit lost unanswered, that the server made: tests/postgres.

    doubt.py PG_PORT PSQL BOT [OPTION...]

Runs a TCP proxy on a free port of 127.0.0.1 in front of the private
PostgreSQL on PG_PORT, and the bot (BOT with OPTIONs, and its
postgres.url pointed at the proxy) on it with the console on a pipe.
alice opens a table and bob joins it; then the proxy lets the client's
next group (the bytes that write meta's commit_serial) through to the
server, keeps the server's answer from the bot and closes both ends:
the server has committed carol's join, and the bot does not know it.

The bot refuses carol's join (it could not tell it was saved) and
connects again; its set-up finds the group's serial committed, reads
the store again, finds the lobby changed and puts it back as the server
holds it.  So the lobby shows carol seated, the server holds her seat
once, and dave's join after it keeps her seat (before, the bot wrote
the lobby back without her).  A second round holds the answers to the
reads back: a console help is answered meanwhile (the loop is not
blocked).  A third comes once the store is up again.  bob's table in
#k, which no lost commit touched, is never read again, and the bot
stops cleanly at the end.  Prints one line per failed check and "N
passed, M failed" with the label "postgres (doubt)"; exits non-zero
when anything failed.
"""
import os
import re
import select
import socket
import subprocess
import sys
import threading
import time

PG_PORT = int(sys.argv[1])
PSQL = sys.argv[2]
BOT = sys.argv[3:]
passed = failed = 0


def ok(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("postgres (doubt): FAIL: %s" % what, flush=True)
    return cond


class Proxy:
    """Forwards each client to the server.  armed: the next client chunk
    with commit_serial in it goes through, the server's answers after it
    are dropped, and both ends are closed.  hold_load: once a client
    reads the refs (the store being read again), the server's answers to
    it wait (holding set) until hold_load is cleared."""

    def __init__(self):
        self.lsock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.lsock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.lsock.bind(("127.0.0.1", 0))
        self.lsock.listen(8)
        self.port = self.lsock.getsockname()[1]
        self.armed = threading.Event()
        self.dropped = threading.Event()
        self.hold_load = threading.Event()
        self.holding = threading.Event()
        self.clients = 0
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                c, _ = self.lsock.accept()
            except OSError:
                return
            self.clients += 1
            s = socket.create_connection(("127.0.0.1", PG_PORT))
            threading.Thread(target=self.pump, args=(c, s),
                             daemon=True).start()

    def pump(self, c, s):
        cutting = held = False
        try:
            while True:
                r, _, _ = select.select([c, s], [], [], 0.05)
                if c in r:
                    data = c.recv(65536)
                    if not data:
                        break
                    if self.armed.is_set() and b"commit_serial" in data:
                        self.armed.clear()
                        cutting = True
                    if self.hold_load.is_set() and b"FROM refs" in data:
                        held = True
                        self.holding.set()
                    s.sendall(data)
                if held and self.hold_load.is_set():
                    time.sleep(0.02)
                    continue
                if s in r:
                    data = s.recv(65536)
                    if not data:
                        break
                    if cutting:
                        # The server answered the group: it is made.
                        self.dropped.set()
                        break
                    c.sendall(data)
        except OSError:
            pass
        for sock in (c, s):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()


def psql(sql):
    return subprocess.run(PSQL + " " + sql_quote(sql), shell=True,
                          capture_output=True, text=True).stdout.strip()


def sql_quote(sql):
    return "'" + sql.replace("'", "'\\''") + "'"


proxy = Proxy()
args = [a.replace("@PROXY@", str(proxy.port)) for a in BOT]
out = open("doubt.out", "w")
err = open("doubt.err", "w")
bot = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=out, stderr=err)


def say(line):
    bot.stdin.write((line + "\n").encode())
    bot.stdin.flush()


def text(name):
    with open(name, errors="replace") as f:
        return f.read()


def wait_for(name, pattern, secs, times=1):
    end = time.monotonic() + secs
    while time.monotonic() < end:
        if len(re.findall(pattern, text(name))) >= times:
            return True
        time.sleep(0.05)
    return False


def said(line, pattern, what, secs=10):
    """line on the console; the console shows pattern within secs."""
    say(line)
    return ok(wait_for("doubt.out", pattern, secs), what)


def logged(pattern, what, secs=20, times=1):
    """The bot's log holds pattern times within secs."""
    return ok(wait_for("doubt.err", pattern, secs, times), what)


def cut(user, nth, hold=False):
    """user joins with the proxy armed: the commit's answer is dropped
    (the nth), and the bot finds it made; hold: the answers to its
    reads again are held back (hold_load) from the start."""
    proxy.dropped.clear()
    if hold:
        proxy.hold_load.set()
    proxy.armed.set()
    say("%s: /cheers join" % user)
    ok(proxy.dropped.wait(10), "commit %d's answer is dropped" % nth)
    logged(r"the commit that seemed lost was made",
           "commit %d is found made" % nth, times=nth)


try:
    said("alice: /cheers new", r"1/6 seated: alice\.",
         "alice's table opens on PostgreSQL through the proxy", 15)
    said("bob: /cheers join", r"2/6 seated: alice, bob\.", "bob joins")
    said("bob #k: /cheers new", r"\[#k\] .*1/6 seated: bob\.",
         "bob opens a second table in #k, which no lost commit touches")
    time.sleep(0.5)
    proxy.armed.set()
    said("carol: /cheers join", r"I could not save that",
         "carol's join, unanswered, is refused with a message")
    ok(proxy.dropped.is_set(),
       "the proxy passed carol's commit and dropped its answer")
    logged(r"the commit that seemed lost was made; reading the store again",
           "the bot finds the lost commit made once connected again")
    logged(r"1 table changed on the server",
           "reading the store again finds the lobby changed")
    logged(r"table [0-9]+: read again from the store",
           "the lobby is put back as the server holds it")
    ok(wait_for("doubt.out", r"Correction: the last change here was saved "
                r"after all", 10),
       "the channel is told that carol's refused join was saved")
    logged(r"connected again", "the store is up again")
    ok(proxy.clients >= 2, "the bot connected again through the proxy")
    said("alice: /cheers status", r"3/6 seated: alice, bob, carol\.",
         "the lobby shows carol seated, as the server holds it")
    said("dave: /cheers join", r"4/6 seated: alice, bob, carol, dave\.",
         "dave's join after it keeps carol's seat")
    doc = psql("SELECT doc FROM tables WHERE state = 'lobby'")
    ok(doc.count('"id":"carol"') == 1 and '"id":"dave"' in doc,
       "the server holds carol's seat once, and dave's: %s" % doc[:200])

    # Reading the store again does not block the loop: with the
    # server's answers to it held back, a help is answered meanwhile.
    cut("erin", 2, hold=True)
    ok(proxy.holding.wait(10), "the proxy holds the answers to the reads")
    said("frank: /cheers help", r"\[ephemeral @frank\] Games:",
         "frank's help is answered while the store is read again", 5)
    ok(text("doubt.err").count("connected again") == 1,
       "the store is not up again while its reads are held")
    proxy.hold_load.clear()
    logged(r"connected again",
           "the store is up again once the held answers come", times=2)
    said("alice: /cheers status",
         r"5/6 seated: alice, bob, carol, dave, erin\.",
         "the lobby shows erin seated")

    # Once more, with the store up again after a read again: the link
    # lost a third time, what the last read kept is gone already.
    cut("frank", 3)
    logged(r"connected again", "the store is up a third time", times=3)
    said("alice: /cheers status",
         r"6/6 seated: alice, bob, carol, dave, erin, frank\.",
         "the lobby shows frank seated")
    ok(text("doubt.err").count("table changed on the server") == 3 and
       "tables changed" not in text("doubt.err"),
       "each read again finds the one table changed, not bob's in #k")
    out = text("doubt.out")
    ok(out.count("saved after all") == 3 and
       not re.search(r"\[#k\] Correction", out),
       "each of the three is corrected once, in alice's channel only")
finally:
    try:
        bot.stdin.close()
    except OSError:
        pass
    try:
        ok(bot.wait(15) == 0, "the bot stops cleanly at the end of its "
           "input: exit %s" % bot.returncode)
    except subprocess.TimeoutExpired:
        ok(False, "the bot stops at the end of its input")
        bot.kill()
        bot.wait()
    proxy.lsock.close()

print("postgres (doubt): %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
