"""What the fake IRC servers of tests/irc share (framing.py, external.py):
checks counted and printed, the bot's log, a listening socket on a free
port of 127.0.0.1 whose number is written to a file, and reading what
the bot sends until a pattern shows."""
import os
import re
import socket
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import checks


class Checks(checks.Tally):
    """Counts checks; prints each failed one as "irc (NAME): FAIL: ..."."""

    def __init__(self, name):
        super().__init__("irc (%s)" % name)

    def end(self):
        """Prints the count line; the exit status it calls for."""
        return self.summary()


def bot_log(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except FileNotFoundError:   # the bot starts once the port is known
        return ""


def listen(port_file):
    """A listening socket on 127.0.0.1; its port written to port_file."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    with open(port_file + ".tmp", "w") as f:
        f.write("%d\n" % srv.getsockname()[1])
    os.rename(port_file + ".tmp", port_file)
    srv.settimeout(15)
    return srv


class Peer:
    """The bot's connection: what it sent so far, read as it comes."""

    def __init__(self, conn):
        self.conn = conn
        self.conn.settimeout(0.2)
        self.got = b""

    def read_for(self, secs, until=None):
        """Reads for secs, or until the bytes match until (then True)."""
        end = time.monotonic() + secs
        while time.monotonic() < end:
            if until is not None and re.search(until, self.got):
                return True
            try:
                data = self.conn.recv(65536)
            except socket.timeout:
                continue
            except OSError:
                break
            if not data:
                break
            self.got += data
        return until is not None and re.search(until, self.got) is not None

    def send(self, data):
        self.conn.sendall(data)
