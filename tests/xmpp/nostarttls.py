"""A fake XMPP server on 127.0.0.1 that offers no STARTTLS (tests/xmpp/c2s.sh).

It answers each client's stream header with its own and with features that
hold SASL PLAIN only, then records every byte the client sends in the file
given, so the test can check that the bot sent no <auth/> (no password)
over a connection left in clear.

    python3 nostarttls.py PORT RECORD
"""
import socket
import sys
import threading

port, record = int(sys.argv[1]), sys.argv[2]
srv = socket.socket()
srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(("127.0.0.1", port))
srv.listen(8)
lock = threading.Lock()


def serve(c):
    got = b""
    c.settimeout(10)
    try:
        while b"<stream:stream" not in got or not got.rstrip().endswith(b">"):
            data = c.recv(4096)
            if not data:
                break
            got += data
        c.sendall(b"<?xml version='1.0'?><stream:stream xmlns='jabber:client'"
                  b" xmlns:stream='http://etherx.jabber.org/streams'"
                  b" from='localhost' id='fake1' version='1.0'>"
                  b"<stream:features><mechanisms xmlns='urn:ietf:params:xml:"
                  b"ns:xmpp-sasl'><mechanism>PLAIN</mechanism></mechanisms>"
                  b"</stream:features>")
        while True:
            data = c.recv(4096)
            if not data:
                break
            got += data
    except OSError:
        pass
    with lock:
        with open(record, "ab") as f:
            f.write(got + b"\n--\n")
    c.close()


while True:
    conn, _ = srv.accept()
    threading.Thread(target=serve, args=(conn,), daemon=True).start()
