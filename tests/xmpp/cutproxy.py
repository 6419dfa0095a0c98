"""A TCP proxy that can lose the bot's connection mid-stanza (tests/xmpp).

It forwards every connection on 127.0.0.1:LISTEN to 127.0.0.1:TARGET.
When the file CUT exists, the next bytes the bot sends are swallowed
(they never reach the server: a stanza in flight), CUT is removed, and
1.5 s later both sides of that connection are reset, as a dropped link
would.  The bytes swallowed are counted in CUT.swallowed.  For HOLD
seconds after that (0 unless given) new connections are closed at once,
as an unreachable server would; then they are forwarded normally.

    python3 cutproxy.py LISTEN TARGET CUT [HOLD]
"""
import asyncio
import os
import sys

LISTEN, TARGET, CUT = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
HOLD = float(sys.argv[4]) if len(sys.argv) > 4 else 0.0
closed_until = [0.0]


async def pipe(reader, writer, cutting):
    try:
        while True:
            data = await reader.read(65536)
            if not data:
                break
            if cutting is not None:
                if not cutting["on"] and os.path.exists(CUT):
                    cutting["on"] = True
                    os.unlink(CUT)
                    asyncio.get_running_loop().call_later(1.5,
                                                          cutting["kill"])
                if cutting["on"]:
                    cutting["n"] += len(data)
                    with open(CUT + ".swallowed", "w") as f:
                        f.write("%d\n" % cutting["n"])
                    continue
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    writer.close()


async def handle(cr, cw):
    if asyncio.get_running_loop().time() < closed_until[0]:
        cw.transport.abort()
        return
    try:
        sr, sw = await asyncio.open_connection("127.0.0.1", TARGET)
    except OSError:
        cw.close()
        return

    def kill():
        closed_until[0] = asyncio.get_running_loop().time() + HOLD
        cw.transport.abort()
        sw.transport.abort()

    cutting = {"on": False, "n": 0, "kill": kill}
    await asyncio.gather(pipe(cr, sw, cutting), pipe(sr, cw, None))


async def main():
    srv = await asyncio.start_server(handle, "127.0.0.1", LISTEN)
    async with srv:
        await srv.serve_forever()


asyncio.run(main())
