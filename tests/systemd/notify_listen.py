#!/usr/bin/python3
"""A stand-in for systemd's notification socket, for tests/systemd/run.sh.

    notify_listen.py SOCKET LOG

Binds a datagram AF_UNIX socket at SOCKET (a path, or "@name" for the
abstract namespace, as $NOTIFY_SOCKET spells it) and appends each
datagram it receives to LOG as one line, its own newlines written as
" | ", until it is killed.  It creates LOG at once, so the test can wait
for it to exist before starting the bot.
"""
import socket
import sys


def main():
    name, log = sys.argv[1], sys.argv[2]
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.bind('\0' + name[1:] if name.startswith('@') else name)
    with open(log, 'a', encoding='utf-8') as out:
        out.flush()
        while True:
            data = s.recv(4096)
            text = data.decode('utf-8', 'replace')
            out.write(text.replace('\n', ' | ') + '\n')
            out.flush()


if __name__ == '__main__':
    main()
