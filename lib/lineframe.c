/*
 * Lines out of a byte stream; see lineframe.h.  The buffer holds at most
 * one partial line, so memory stays at the cap whatever comes in.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/lineframe.h"
#include "lib/xmalloc.h"

void
lineframe_init(struct lineframe *f, size_t max)
{
	memset(f, 0, sizeof *f);
	f->max = max;
	f->buf = xmalloc(max + 2);
}

void
lineframe_release(struct lineframe *f)
{
	free(f->buf);
	f->buf = NULL;
}

void
lineframe_reset(struct lineframe *f)
{
	f->len = 0;
	f->dropping = 0;
	f->dropped = 0;
}

void
lineframe_feed(struct lineframe *f, const char *data, size_t len,
    lineframe_line_fn line, lineframe_long_fn too_long, void *arg)
{
	const char	*nl;
	size_t		 n;

	while (len > 0) {
		nl = memchr(data, '\n', len);
		n = nl != NULL ? (size_t)(nl - data) : len;
		if (!f->dropping && f->len + n > f->max + 1) {
			/* Over the cap, even with a CR to come off it. */
			f->dropping = 1;
			f->dropped = f->len;
			f->len = 0;
		}
		if (f->dropping)
			f->dropped += n;
		else {
			memcpy(f->buf + f->len, data, n);
			f->len += n;
		}
		if (nl == NULL)
			return;
		data += n + 1;
		len -= n + 1;
		if (f->dropping) {
			f->dropping = 0;
			if (too_long != NULL)
				too_long(arg, f->dropped);
			f->dropped = 0;
			continue;
		}
		n = f->len;
		f->len = 0;
		if (n > 0 && f->buf[n - 1] == '\r')
			n--;
		if (n > f->max) {
			if (too_long != NULL)
				too_long(arg, n);
			continue;
		}
		f->buf[n] = '\0';
		if (line != NULL)
			line(arg, f->buf, n);
	}
}
