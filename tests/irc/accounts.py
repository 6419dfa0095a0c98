#!/usr/bin/python3
"""A fake IRC server that tells accounts (IRCv3 account-tag,
extended-join, account-notify), to test that a seat taken by a logged-in
player is bound to their account.

    accounts.py PORT_FILE BOT_STDERR

Listens on a free port of 127.0.0.1 (written to PORT_FILE).  The bot must
ask for the three capabilities.  alice, logged in as "alice", opens a
CHEERS table with an AI and starts it: her recipe comes by private
message.  She quits (the bot asks the server to MONITOR her nick, and asks
WHOX when it is back) and comes back from another host, still logged
in: her hand is hers.  She logs out (ACCOUNT *): the nick gets nothing
private and no command is taken, and is told why once.  She logs in
again: her hand is hers again, and WHOX replies (asked when the bot joins
a channel with players bound, or for a nick MONITOR says is back) say the
same.  She changes nick, still logged in: her seat follows her,
and whoever takes the nick alice gets nothing of hers.  Prints one line per failed check and "N
passed, M failed"; exits non-zero when anything failed.
"""
import re
import sys

from fakeirc import Checks, Peer, bot_log, listen

PORT_FILE, BOT_ERR = sys.argv[1], sys.argv[2]
checks = Checks("accounts")
ok = checks.ok
SECRET = re.compile(rb"PRIVMSG alice :(Your hand|Your recipe|[Rr]ecipe: )")
srv = listen(PORT_FILE)
conn, _ = srv.accept()
peer = Peer(conn)

ok(peer.read_for(5, rb"CAP LS 302\r\n"), "the bot asks for capabilities")
peer.send(b":fake CAP * LS :account-notify extended-join account-tag "
          b"multi-prefix\r\n")
ok(peer.read_for(5, rb"CAP REQ :account-notify extended-join "
                    rb"account-tag\r\n"),
   "it asks for the three account capabilities: %r" % peer.got[-120:])
peer.send(b":fake CAP cheersbot ACK :account-notify extended-join "
          b"account-tag\r\n")
ok(peer.read_for(5, rb"CAP END\r\n"), "and ends CAP negotiation")
peer.send(b":fake 001 cheersbot :Welcome\r\n"
          b":fake 005 cheersbot WHOX MONITOR=10 :are supported\r\n")
ok(peer.read_for(5, rb"JOIN #f\r\n"), "it joins #f")
peer.send(b":cheersbot!cb@bot.host JOIN #f * :cheersbot\r\n")
# Started afresh, the bot has nobody bound to look for: a WHO would only
# spend the server's flood allowance (fakelag) its first answers need.
ok(not peer.read_for(1.5, rb"WHO #f"), "a fresh bot asks no WHO of the "
   "channel it joins, with nobody bound yet")


def alice(text, host="h1", account="alice", to="#f"):
    """A line from alice@host, tagged with her account (None: untagged)."""
    tag = b"@account=%s " % account.encode() if account else b""
    peer.send(tag + b":alice!~a@%s PRIVMSG %s :%s\r\n" %
              (host.encode(), to.encode(), text.encode()))


def since(mark):
    return peer.got[mark:]


m = len(peer.got)
alice("!cheers new")
ok(peer.read_for(5, rb"PRIVMSG #f :[^\r\n]*opened"), "alice opens a table")
alice("!cheers addbot 1")
peer.read_for(3, rb"PRIVMSG #f :[^\r\n]*AI")
alice("!cheers start")
ok(peer.read_for(8, rb"PRIVMSG alice :Your recipe"),
   "the game starts and alice's recipe comes privately: %r" %
   since(m)[-300:])

# She quits, and comes back from another host, logged into her account.
peer.send(b":alice!~a@h1 QUIT :bye\r\n")
ok(peer.read_for(5, rb"MONITOR \+ alice\r\n"), "the bot asks the server "
   "to watch the nick of the seated player who quit (MONITOR)")
peer.send(b":fake 730 cheersbot :alice!~a@h2\r\n")
ok(peer.read_for(5, rb"WHO alice %tuhna,152\r\n"), "told it is online "
   "again, it asks whether it is logged in as alice (WHOX)")


def hand_comes(line, why):
    """Sends the server's line, then alice asks from h2 for her hand: it
    comes privately (why says when, for the failure)."""
    peer.send(line)
    m = len(peer.got)
    alice("hand", host="h2", to="cheersbot")
    ok(peer.read_for(5, rb"PRIVMSG alice :Your hand"),
       "%s, she gets her hand: %r" % (why, since(m)[-200:]))


hand_comes(b"@account=alice :alice!~a@h2 JOIN #f alice :Alice\r\n",
           "back from another host, logged in as alice")
peer.read_for(1.5, rb"^$")     # the rest of her hand, before she logs out

# Logged out: the nick is nobody's seat.
peer.send(b":alice!~a@h2 ACCOUNT *\r\n")
m = len(peer.got)
alice("hand", host="h2", account=None, to="cheersbot")
alice("!cheers hand", host="h2", account=None)
alice("status", host="h2", account=None, to="cheersbot")
peer.read_for(1.5, rb"^$")
told = re.findall(rb"PRIVMSG alice :This nick belongs to a player seated",
                  since(m))
ok(not SECRET.search(since(m)), "logged out, the nick gets nothing private: "
   "%r" % since(m)[-300:])
ok(len(told) == 1, "and is told why once: %d" % len(told))
ok(bot_log(BOT_ERR).count("irc: a command from alice refused") == 3,
   "none of its three commands is taken")

# Logged in again: hers again.
hand_comes(b"@account=alice :alice!~a@h2 ACCOUNT alice\r\n",
           "logged in again")

# A WHOX reply says who is logged in too.
log0 = bot_log(BOT_ERR)
peer.send(b":fake 354 cheersbot 152 ~a h2 alice 0\r\n")
peer.read_for(0.5)
log1 = bot_log(BOT_ERR)
peer.send(b":fake 354 cheersbot 152 ~a h2 alice alice\r\n")
peer.read_for(0.5)
log2 = bot_log(BOT_ERR)
ok(log1.count("alice is now held by someone other") >
   log0.count("alice is now held by someone other") and
   log2.count("alice is back as the player") >
   log1.count("alice is back as the player"),
   "a WHOX reply without her account takes the nick from her, one with "
   "it gives it back")
# She changes nick, still logged in: her seat follows her.
peer.send(b"@account=alice :alice!~a@h2 NICK alice_away\r\n")
m = len(peer.got)
peer.send(b"@account=alice :alice_away!~a@h2 PRIVMSG cheersbot :hand\r\n")
ok(peer.read_for(5, rb"PRIVMSG alice_away :Your hand"), "renamed to "
   "alice_away, logged in, she keeps her seat: %r" % since(m)[-200:])
# Someone else takes the nick alice meanwhile: nothing of hers for them.
peer.send(b":alice!~m@h9 JOIN #f * :Mallory\r\n")
m = len(peer.got)
peer.send(b":alice!~m@h9 PRIVMSG cheersbot :hand\r\n")
peer.read_for(1.5, rb"^$")
ok(not SECRET.search(since(m)) and b"belongs to a player seated" in
   since(m), "the new holder of the nick alice gets nothing private and "
   "is told why: %r" % since(m)[-300:])
m = len(peer.got)
peer.send(b"@account=alice :alice_away!~a@h2 PRIVMSG cheersbot :hand\r\n")
ok(peer.read_for(5, rb"PRIVMSG alice_away :Your hand"), "and alice, as "
   "alice_away, still gets hers: %r" % since(m)[-200:])
conn.close()
srv.close()
sys.exit(checks.end())
