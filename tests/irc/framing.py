#!/usr/bin/python3
"""A fake IRC server on plain TCP that tests how the bot frames lines.

    framing.py PORT_FILE BOT_STDERR

Listens on a free port of 127.0.0.1 (written to PORT_FILE), takes the
bot's connection and registration, and then sends: the welcome one byte
at a time; several lines in one write; a line with 8191 bytes of tags
(the IRCv3 limit: it must be read); a line far over the limit whose tail
reads as a command (it must be dropped whole with a log line, never cut
into a command); then a command from another nick, which must be
answered: the stream goes on after the dropped line.  Prints one line per
failed check and "N passed, M failed"; exits non-zero when anything
failed.
"""
import re
import sys
import time

from fakeirc import Checks, Peer, bot_log, listen

PORT_FILE, BOT_ERR = sys.argv[1], sys.argv[2]
checks = Checks("framing")
ok = checks.ok
srv = listen(PORT_FILE)
conn, _ = srv.accept()
peer = Peer(conn)
read_for = peer.read_for

ok(read_for(5, rb"USER cheersbot [^\r\n]*\r\n"),
   "the bot registers over plain TCP, lines ending in CR LF: %r" %
   peer.got[:200])
ok(all(l.endswith(b"\r") for l in peer.got.split(b"\n")[:-1]),
   "every line the bot sends ends in CR LF")
for b in b":fake 001 cheersbot :Welcome to the fake\r\n":
    conn.sendall(bytes([b]))
    time.sleep(0.001)
conn.sendall(b":fake 005 cheersbot CHANTYPES=# :are supported\r\n"
             b":fake 376 cheersbot :End of MOTD\r\nPING :fake-1\r\n")
ok(read_for(5, rb"PONG :fake-1\r\n"), "a welcome sent byte by byte and "
   "several lines in one write are read: the bot answers the PING")
ok("registered as cheersbot" in bot_log(BOT_ERR), "the bot registered")

# A line at the limit: 8191 bytes of tags, then the message.
tags = b"@t=" + b"a" * 8189
conn.sendall(tags + b" :alice!a@h PRIVMSG cheersbot :help\r\n")
ok(read_for(5, rb"PRIVMSG alice :"), "a line with 8191 bytes of tags is "
   "read: alice's help is answered")

# Far over the limit; its tail alone would read as mallory's command.
mark = len(peer.got)
conn.sendall(b"@t=" + b"b" * 9000 + b" " + b"x" * 300 +
             b" :mallory!m@h PRIVMSG cheersbot :help\r\n")
time.sleep(1.0)
read_for(0.5)
ok(b"mallory" not in peer.got[mark:], "the over-long line is dropped whole, "
   "never cut into a command: %r" % peer.got[mark:mark + 200])
ok(re.search(r"irc: dropped a line of \d+ bytes from the server, over "
             r"IRC's limit", bot_log(BOT_ERR)),
   "the bot logs the dropped line")
conn.sendall(b":carol!c@h PRIVMSG cheersbot :help\r\n")
ok(read_for(5, rb"PRIVMSG carol :"), "the stream goes on: carol's help "
   "after it is answered")
conn.close()
srv.close()
sys.exit(checks.end())
