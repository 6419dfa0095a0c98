#!/usr/bin/python3
"""A fake IRC server for tests/postgres: the database blocked.

    blocked.py PORT_FILE BOT_STDERR BOT_STDOUT CONSOLE_FIFO PSQL

Listens on a free port of 127.0.0.1 (written to PORT_FILE) for the bot,
which also reads the console from CONSOLE_FIFO and writes it to
BOT_STDOUT.  alice opens a table in #f over IRC.  Then the bot's
PostgreSQL backend is stopped (SIGSTOP; PSQL is a shell command that
runs one query) and alice writes again: her answer waits for the
commit, while carol's help on the console, which writes nothing, is
answered at once, and so is bob's over IRC in a private message, while
alice's status of the waiting table waits with it.  bob's stats, read
behind the commit in flight, waits for the database too, and holds up
nothing: carol's help and dave's are answered.  So do erin's
leaderboard and replay in #g, while carol's help and frank's are
answered.  Last, carol opens a table on the console: its commit waits
(and her console's next line with it), while gina's status in #g over
IRC is answered at once.  On SIGCONT alice's answers come, in order, then bob's
stats, erin's leaderboard and replay, and carol's table.  Prints one
line per failed check and "N passed, M failed"; exits non-zero when
anything failed.
"""
import os
import re
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "irc"))
from fakeirc import Checks, Peer, listen  # noqa: E402

PORT_FILE, BOT_ERR, BOT_OUT, FIFO, PSQL = sys.argv[1:6]
checks = Checks("blocked")
checks.name = "postgres (blocked)"
ok = checks.ok
srv = listen(PORT_FILE)
conn, _ = srv.accept()
peer = Peer(conn)


def alice(text):
    peer.send(b":alice!~a@h1 PRIVMSG #f :%s\r\n" % text.encode())


def erin(text):
    peer.send(b":erin!~e@h2 PRIVMSG #g :%s\r\n" % text.encode())


def console_out():
    with open(BOT_OUT, errors="replace") as f:
        return f.read()


def wait_console(text, secs, times=1):
    end = time.monotonic() + secs
    while time.monotonic() < end:
        if console_out().count(text) >= times:
            return True
        time.sleep(0.05)
    return False


def helps_answered(nick, times):
    """carol's help on the console (her times-th) and nick's over IRC
    in a private message, which write nothing and look at no table, are
    each answered within 3 s while the database is stopped."""
    with open(FIFO, "w") as f:
        f.write("carol: /cheers help\n")
    ok(wait_console("[ephemeral @carol] Table commands:", 3, times),
       "carol's help #%d on the console, which writes nothing, is "
       "answered within 3 s while the database is stopped" % times)
    since = len(peer.got)
    peer.send(b":%s!~u@h PRIVMSG cheersbot :!cheers help\r\n" % nick)
    ok(peer.read_for(3, rb"(PRIVMSG|NOTICE) %s :[^\r\n]*new" % nick) and
       len(peer.got) > since,
       "%s's help over IRC, which looks at no table, is answered within "
       "3 s while the database is stopped" % nick.decode())


def bob_stats(since):
    return re.search(rb"(PRIVMSG|NOTICE) bob :[^\r\n]*(everywhere|"
                     rb"unavailable)[^\r\n]*", bytes(peer.got[since:]))


def erin_read(since):
    """erin's leaderboard in #g and her replay, privately, as said since."""
    got = bytes(peer.got[since:])
    return (re.search(rb"PRIVMSG #g :[^\r\n]*leaderboard[^\r\n]*", got),
            re.search(rb"(PRIVMSG|NOTICE) erin :[^\r\n]*(table 7|"
                      rb"unavailable)[^\r\n]*", got))


def erin_text(since):
    return [m and m.group(0) for m in erin_read(since)]


ok(peer.read_for(5, rb"USER [^\r\n]*\r\n"), "the bot registers")
peer.send(b":fake 001 cheersbot :Welcome\r\n"
          b":fake 005 cheersbot CHANTYPES=# :are supported\r\n"
          b":fake 376 cheersbot :End of MOTD\r\n")
ok(peer.read_for(5, rb"JOIN #f,#g\r\n"), "it joins #f and #g")
peer.send(b":cheersbot!cb@bot.host JOIN #f\r\n"
          b":cheersbot!cb@bot.host JOIN #g\r\n")
alice("!cheers new")
ok(peer.read_for(10, rb"PRIVMSG #f :[^\r\n]*opened"),
   "alice opens a table over IRC, on PostgreSQL")

backend = subprocess.run(
    PSQL + " \"SELECT pid FROM pg_stat_activity WHERE application_name = "
    "'cheersbot'\"", shell=True, capture_output=True,
    text=True).stdout.split()
ok(len(backend) == 1, "the bot has one session: %r" % backend)
pid = int(backend[0]) if backend else 0
if pid:
    os.kill(pid, signal.SIGSTOP)
try:
    mark = len(peer.got)
    alice("!cheers addbot 1")
    ok(not peer.read_for(1.5, rb"PRIVMSG #f :An AI player sits down"),
       "with the database stopped, alice's answer waits for its commit")
    # On IRC itself: bob's help in a private message, which looks at no
    # table, is answered; alice's status in #f, whose table waits for
    # its commit, waits with it.
    helps_answered(b"bob", 1)
    mark3 = len(peer.got)
    alice("!cheers status")
    peer.read_for(1)
    ok(b"CHEERS lobby" not in peer.got[mark3:],
       "alice's status of the table whose commit waits waits with it")
    ok(not peer.read_for(0.2, rb"PRIVMSG #f :An AI player sits down"),
       "alice's answer still waits")
    # bob's stats is read behind alice's commit: it waits for the
    # database without holding up the bot.
    mark4 = len(peer.got)
    peer.send(b":bob!~u@h PRIVMSG cheersbot :!cheers stats\r\n")
    helps_answered(b"dave", 2)
    peer.read_for(0.5)
    ok(bob_stats(mark4) is None,
       "bob's stats waits for the database: %r" % bob_stats(mark4))
    # erin's leaderboard and replay in #g, which no commit holds up, are
    # read behind alice's commit too: they wait without holding up the
    # bot.
    mark5 = len(peer.got)
    erin("!cheers leaderboard")
    erin("!cheers replay 7")
    helps_answered(b"frank", 3)
    peer.read_for(0.5)
    ok(erin_read(mark5) == (None, None),
       "erin's leaderboard and replay wait for the database: %r" %
       erin_text(mark5))
    # carol opens a table on the console: its commit waits, and so does
    # her console's next line, but not the loop: gina's status in #g,
    # where no table is (one line), is answered at once over IRC.
    with open(FIFO, "w") as f:
        f.write("carol #c: /cheers new\n")
    time.sleep(0.3)
    mark6 = len(peer.got)
    peer.send(b":gina!~u@h PRIVMSG #g :!cheers status\r\n")
    ok(peer.read_for(1, rb"gina :There is no table in #g") and
       len(peer.got) > mark6,
       "gina's status over IRC is answered within 1 s while the "
       "console's own commit waits")
    ok("[#c] @carol opened" not in console_out(),
       "carol's table on the console waits for its commit")
finally:
    if pid:
        os.kill(pid, signal.SIGCONT)
ok(peer.read_for(10, rb"PRIVMSG #f :An AI player sits down"),
   "the database back, alice's answer comes: %r" % peer.got[mark:][-200:])
ok(wait_console("[#c] @carol opened", 10),
   "the database back, carol's table on the console opens")
end = time.monotonic() + 5
while peer.got[mark:].count(b"CHEERS lobby") < 2 and time.monotonic() < end:
    peer.read_for(0.2)
ok(peer.got[mark:].count(b"CHEERS lobby") >= 2,
   "and then her status, after it")
end = time.monotonic() + 10
while bob_stats(mark4) is None and time.monotonic() < end:
    peer.read_for(0.2)
got = bob_stats(mark4)
ok(got is not None and
   re.search(rb":bob everywhere: no finished games\.$", got.group(0)),
   "the database back, bob's stats come: %r" % (got and got.group(0)))
end = time.monotonic() + 10
while None in erin_read(mark5) and time.monotonic() < end:
    peer.read_for(0.2)
board, replay = erin_text(mark5)
ok(board is not None and board.endswith(
    b"#g :The leaderboard in #g: nobody has finished a game yet."),
   "the database back, erin's leaderboard comes in #g: %r" % board)
ok(replay is not None and
   replay.endswith(b"erin :There is no finished table 7 here."),
   "and her replay's answer, privately: %r" % replay)
sys.exit(checks.end())
