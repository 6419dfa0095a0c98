/*
 * Fuzz target: the Discord gateway's zlib-stream.  The input is cut into
 * websocket messages (a first byte gives each length); whatever the bytes,
 * zstream_feed must inflate, wait or refuse, within its caps.
 */
#include <stdint.h>
#include <stdlib.h>

#include "adapters/discord/discord-int.h"
#include "lib/buf.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zstream	*zs = zstream_new(64 * 1024);
	struct buf	 out;
	char		*cause = NULL;
	size_t		 n;

	buf_init(&out, 64 * 1024);
	while (size > 0) {
		n = data[0];
		data++;
		size--;
		if (n > size)
			n = size;
		if (zstream_feed(zs, data, n, &out, &cause) < 0) {
			if (cause == NULL)
				abort();
			free(cause);
			cause = NULL;
			zstream_reset(zs);
		}
		data += n;
		size -= n;
	}
	buf_release(&out);
	zstream_free(zs);
	return 0;
}
