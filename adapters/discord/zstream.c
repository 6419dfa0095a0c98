/*
 * zlib-stream transport compression of the gateway (?compress=zlib-stream).
 *
 * The whole connection is one zlib stream.  The server flushes it
 * (Z_SYNC_FLUSH) at the end of every gateway message, so a message is
 * complete when the compressed bytes received so far end with the flush
 * marker 00 00 ff ff; one message may span several websocket messages.
 * The inflate context lives as long as the connection: a new connection
 * starts a new stream.
 */
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "adapters/discord/discord-int.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

#define ZSTREAM_CHUNK	16384

struct zstream {
	z_stream	z;
	int		live;		/* z is initialised */
	struct buf	in;		/* compressed bytes of the message so far */
};

struct zstream *
zstream_new(size_t max)
{
	struct zstream	*zs = xcalloc(1, sizeof *zs);

	buf_init(&zs->in, max);
	return zs;
}

void
zstream_free(struct zstream *zs)
{
	if (zs == NULL)
		return;
	if (zs->live)
		inflateEnd(&zs->z);
	buf_release(&zs->in);
	free(zs);
}

void
zstream_reset(struct zstream *zs)
{
	if (zs->live)
		inflateEnd(&zs->z);
	zs->live = 0;
	buf_reset(&zs->in);
}

int
zstream_feed(struct zstream *zs, const void *data, size_t len,
    struct buf *out, char **cause)
{
	static const unsigned char	 flush[4] = { 0x00, 0x00, 0xff, 0xff };
	unsigned char			 chunk[ZSTREAM_CHUNK];
	int				 rc;

	if (buf_add(&zs->in, data, len) != 0) {
		buf_reset(&zs->in);
		return set_cause(cause, "a compressed gateway message is over "
		    "%zu bytes", zs->in.max);
	}
	if (zs->in.len < sizeof flush ||
	    memcmp(zs->in.data + zs->in.len - sizeof flush, flush,
	    sizeof flush) != 0)
		return 0;	/* the message goes on in the next frame */

	if (!zs->live) {
		memset(&zs->z, 0, sizeof zs->z);
		if (inflateInit(&zs->z) != Z_OK)
			fatalx("inflateInit failed");
		zs->live = 1;
	}
	buf_reset(out);
	zs->z.next_in = (unsigned char *)zs->in.data;
	zs->z.avail_in = (uInt)zs->in.len;
	do {
		zs->z.next_out = chunk;
		zs->z.avail_out = sizeof chunk;
		rc = inflate(&zs->z, Z_SYNC_FLUSH);
		if (rc != Z_OK && rc != Z_BUF_ERROR) {
			buf_reset(&zs->in);
			return set_cause(cause, "the gateway's zlib stream is "
			    "corrupt (%s)", zs->z.msg != NULL ? zs->z.msg :
			    "no reason given");
		}
		if (buf_add(out, chunk, sizeof chunk - zs->z.avail_out) != 0) {
			buf_reset(&zs->in);
			return set_cause(cause, "a gateway message inflates to "
			    "over %zu bytes", out->max);
		}
	} while (zs->z.avail_in > 0 || zs->z.avail_out == 0);
	buf_reset(&zs->in);
	return 1;
}
