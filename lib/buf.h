/*
 * buf: a growable text buffer with a hard cap (curl's dynbuf habit).  Every
 * append past the cap fails and marks the buffer truncated, so a hostile or
 * runaway input can never make it grow without bound.
 */
#ifndef LIB_BUF_H
#define LIB_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct buf {
	char	*data;		/* always NUL-terminated once anything is added */
	size_t	 len;
	size_t	 size;
	size_t	 max;		/* cap on len */
	int	 truncated;	/* an append was refused */
};

/* Embedded object: _init before use, _release after. */
void	 buf_init(struct buf *, size_t max);
void	 buf_release(struct buf *);
void	 buf_reset(struct buf *);

/* Append; return 0, or -1 (and append nothing) when the cap would be passed. */
int	 buf_add(struct buf *, const void *, size_t);
int	 buf_puts(struct buf *, const char *);
int	 buf_printf(struct buf *, const char *, ...) __attribute__((format(printf, 2, 3)));
int	 buf_vprintf(struct buf *, const char *, va_list) __attribute__((format(printf, 2, 0)));

/* The text so far ("" when empty); borrowed, valid until the next call. */
const char *buf_str(struct buf *);

/* Hands the text to the caller, who frees it; the buffer is left empty. */
char	*buf_detach(struct buf *);

#endif
