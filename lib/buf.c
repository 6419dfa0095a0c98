/*
 * A capped, growable text buffer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/buf.h"
#include "lib/xmalloc.h"

void
buf_init(struct buf *b, size_t max)
{
	memset(b, 0, sizeof *b);
	b->max = max;
}

void
buf_release(struct buf *b)
{
	free(b->data);
	memset(b, 0, sizeof *b);
}

void
buf_reset(struct buf *b)
{
	b->len = 0;
	b->truncated = 0;
	if (b->data != NULL)
		b->data[0] = '\0';
}

int
buf_add(struct buf *b, const void *p, size_t n)
{
	size_t	need;

	if (n > b->max || b->len > b->max - n) {
		b->truncated = 1;
		return -1;
	}
	need = b->len + n + 1;
	if (need > b->size) {
		size_t	size = b->size == 0 ? 64 : b->size;

		while (size < need)
			size *= 2;
		b->data = xreallocarray(b->data, 1, size);
		b->size = size;
	}
	memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
	return 0;
}

int
buf_puts(struct buf *b, const char *s)
{
	return buf_add(b, s, strlen(s));
}

int
buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	char	*s;
	int	 rc;

	s = xvasprintf(fmt, ap);
	rc = buf_puts(b, s);
	free(s);
	return rc;
}

int
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list	ap;
	int	rc;

	va_start(ap, fmt);
	rc = buf_vprintf(b, fmt, ap);
	va_end(ap);
	return rc;
}

const char *
buf_str(struct buf *b)
{
	return b->data == NULL ? "" : b->data;
}

char *
buf_detach(struct buf *b)
{
	char	*s = b->data == NULL ? xstrdup("") : b->data;

	b->data = NULL;
	b->len = b->size = 0;
	b->truncated = 0;
	return s;
}
