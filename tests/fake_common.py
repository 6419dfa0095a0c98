"""tests/fake_common.py: what the fake chat servers (tests/discord/
fake_discord.py, tests/slack/fake_slack.py) share: their command line's
--port-file and --tls, serving an aiohttp app on 127.0.0.1 and telling
its port through the port file, the application with the control
API's routes every fake answers (/_test/click, /_test/messages,
/_test/state, /_test/{what}),
checking a message's optional list field item by item, and reading a
websocket's next text frame.

A fake finds this file one directory up:

    sys.path.insert(0, os.path.join(os.path.dirname(
        os.path.abspath(__file__)), ".."))
    import fake_common

Run with Debian's /usr/bin/python3 and python3-aiohttp.
"""
import argparse
import asyncio
import os
import ssl

from aiohttp import web, WSMsgType


def arguments():
    """A command line parser with the options every fake takes:
    --port-file PATH (required) and --tls CERT KEY."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--port-file", required=True)
    ap.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"),
                    help="serve https and wss with this certificate")
    return ap


def app_of(fake, routes, middlewares=()):
    """The aiohttp application of fake: its routes, a list of (method,
    path, handler), then the control routes every fake answers with its
    t_click, t_messages, t_state and t_op (POST /_test/{what}, last, so
    that the fake's own /_test routes come first).  A GET route answers
    HEAD too, as aiohttp's add_get does."""
    app = web.Application(middlewares=list(middlewares))
    r = app.router
    for method, path, handler in routes + [
            ("POST", "/_test/click", fake.t_click),
            ("GET", "/_test/messages", fake.t_messages),
            ("GET", "/_test/state", fake.t_state),
            ("POST", "/_test/{what}", fake.t_op)]:
        if method == "GET":
            r.add_get(path, handler)
        else:
            r.add_route(method, path, handler)
    return app


def serve(app, args, fake):
    """Serves app (app_of) on 127.0.0.1, on a port the system picks,
    over TLS when args.tls names a certificate and key (then fake.scheme
    is "s"), until killed.  fake.port is the port, set before it is
    written to args.port_file (through a temporary file and a rename, so
    a reader never sees half of it)."""
    async def run():
        runner = web.AppRunner(app)
        await runner.setup()
        ctx = None
        if args.tls:
            ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            ctx.load_cert_chain(args.tls[0], args.tls[1])
            fake.scheme = "s"
        site = web.TCPSite(runner, "127.0.0.1", 0, ssl_context=ctx)
        await site.start()
        fake.port = site._server.sockets[0].getsockname()[1]
        with open(args.port_file + ".tmp", "w") as f:
            f.write(str(fake.port))
        os.rename(args.port_file + ".tmp", args.port_file)
        while True:
            await asyncio.sleep(3600)
    asyncio.run(run())


def check_list(items, most, error, check):
    """The errors of a message's optional list field: none when items
    is None (absent); [error] when it is not a list of at most `most`
    items; else what check(item, ids) returns for each item, in order,
    ids a set the items share (to catch an id used twice)."""
    if items is None:
        return []
    if not isinstance(items, list) or len(items) > most:
        return [error]
    errs, ids = [], set()
    for item in items:
        errs += check(item, ids)
    return errs


async def ws_next(ws, ping=None):
    """Waits for ws's next text frame: ("text", its data); ("close", its
    code) when the bot sent a close frame; ("gone", None) when the socket
    ended otherwise.  A ping frame (seen only with autoping off) is handed
    to the coroutine ping(msg) when given; other frames are passed over."""
    while True:
        msg = await ws.receive()
        if msg.type == WSMsgType.PING and ping is not None:
            await ping(msg)
        elif msg.type == WSMsgType.CLOSE:
            return "close", msg.data
        elif msg.type in (WSMsgType.CLOSING, WSMsgType.CLOSED,
                          WSMsgType.ERROR):
            return "gone", None
        elif msg.type == WSMsgType.TEXT:
            return "text", msg.data
