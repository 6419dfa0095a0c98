/*
 * lineframe: a byte stream cut into lines ending in LF (a CR before the
 * LF goes too), as IRC's CR LF lines are.  A line split across reads is
 * put together; several lines in one read come out one by one.  A line
 * longer than the cap is dropped whole (its owner told, once, with its
 * length so far), never cut into pieces that would read as lines.
 */
#ifndef LIB_LINEFRAME_H
#define LIB_LINEFRAME_H

#include <stddef.h>

/* One whole line (borrowed, NUL-terminated, without CR LF) of len bytes. */
typedef void	(*lineframe_line_fn)(void *arg, const char *line, size_t len);
/* A line over the cap was dropped; at least len bytes long. */
typedef void	(*lineframe_long_fn)(void *arg, size_t len);

struct lineframe {
	char		*buf;		/* max + 1 bytes */
	size_t		 len;
	size_t		 max;		/* bytes of a line, CR LF not counted */
	int		 dropping;	/* inside a line over the cap */
	size_t		 dropped;	/* bytes of it so far */
};

/* Embedded object: _init before use (lines of at most max bytes), _release after. */
void	lineframe_init(struct lineframe *, size_t max);
void	lineframe_release(struct lineframe *);
/* Forgets a partial line (a new connection starts clean). */
void	lineframe_reset(struct lineframe *);
/*
 * Feeds len bytes of data (borrowed): line(arg, ...) for each whole
 * line, too_long(arg, ...) for each one dropped (either may be NULL).
 */
void	lineframe_feed(struct lineframe *, const char *data, size_t len,
	    lineframe_line_fn line, lineframe_long_fn too_long, void *arg);

#endif
