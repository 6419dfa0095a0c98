#!/usr/bin/python3
"""A fake IRC server on TLS that asks for a client certificate, to test
SASL EXTERNAL (CertFP).

    external.py PORT_FILE BOT_STDERR CERT KEY CA CLIENT_CN

Listens on a free port of 127.0.0.1 (written to PORT_FILE) with CERT and
KEY, and checks that the bot offers a client certificate issued by CA
for CLIENT_CN, asks for the "sasl" capability, authenticates with
EXTERNAL and an empty response (the certificate says who it is), never
sends a password, ends CAP negotiation after 903 and registers.  Prints
one line per failed check and "N passed, M failed"; exits non-zero when
anything failed.
"""
import ssl
import sys

from fakeirc import Checks, Peer, bot_log, listen

PORT_FILE, BOT_ERR, CERT, KEY, CA, CLIENT_CN = sys.argv[1:7]
checks = Checks("external")
ok = checks.ok

ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
ctx.load_cert_chain(CERT, KEY)
ctx.load_verify_locations(CA)
ctx.verify_mode = ssl.CERT_OPTIONAL
srv = listen(PORT_FILE)
raw, _ = srv.accept()
conn = ctx.wrap_socket(raw, server_side=True)
cert = conn.getpeercert() or {}
cn = dict(x[0] for x in cert.get("subject", ())).get("commonName")
ok(cn == CLIENT_CN, "the bot offers its client certificate (%s): %s" %
   (CLIENT_CN, cn))
peer = Peer(conn)
ok(peer.read_for(5, rb"CAP LS 302\r\n"), "the bot asks for the "
   "capabilities: %r" % peer.got[:200])
peer.send(b":fake CAP * LS :multi-prefix sasl=PLAIN,EXTERNAL\r\n")
ok(peer.read_for(5, rb"CAP REQ :sasl\r\n"), "and for sasl")
peer.send(b":fake CAP cheersbot ACK :sasl\r\n")
ok(peer.read_for(5, rb"AUTHENTICATE EXTERNAL\r\n"), "it logs in with "
   "EXTERNAL: %r" % peer.got[-200:])
peer.send(b"AUTHENTICATE +\r\n")
ok(peer.read_for(5, rb"AUTHENTICATE \+\r\n"), "with an empty response")
peer.send(b":fake 900 cheersbot cheersbot!cheersbot@localhost cheersbot "
          b":You are now logged in as cheersbot\r\n"
          b":fake 903 cheersbot :SASL authentication successful\r\n")
ok(peer.read_for(5, rb"CAP END\r\n"), "then ends CAP negotiation")
ok(b"PASS" not in peer.got and b"AUTHENTICATE PLAIN" not in peer.got,
   "and never sends a password")
peer.send(b":fake 001 cheersbot :Welcome\r\n")
peer.read_for(2, rb"JOIN")
log = bot_log(BOT_ERR)
ok("irc: logged in by SASL" in log and "registered as cheersbot" in log,
   "the bot says it logged in by SASL and registered")
conn.close()
srv.close()
sys.exit(checks.end())
