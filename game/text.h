/*
 * text.h: a capped text being built in a caller's fixed buffer, a piece at
 * a time, for the texts a game writes on every move (prompts asked before
 * each move, narration).  Appending a literal compiles to one short copy;
 * game_format() parses its format at run time, which costs more than the
 * rules on the hottest paths (make bench).  Like game_format(), the text is
 * always terminated and cut at the buffer's last byte.
 */
#ifndef GAME_TEXT_H
#define GAME_TEXT_H

#include <stddef.h>
#include <string.h>

#include "game/game.h"

struct game_text {
	char	*buf;		/* the caller's */
	size_t	 at;		/* bytes written, not counting the NUL */
	size_t	 end;		/* len - 1: room for the NUL is kept */
};

/* Starts an empty text in buf (borrowed; len at least 1). */
static inline void
game_text_init(struct game_text *t, char *buf, size_t len)
{
	t->buf = buf;
	t->at = 0;
	t->end = len - 1;
	buf[0] = '\0';
}

/*
 * Appends n bytes of s, cut at the end of the buffer; keeps it terminated.
 * When the piece fits, n is usually a constant here (a literal's length)
 * and the copy is a few moves.
 */
static inline __attribute__((always_inline)) void
game_text_put_n(struct game_text *t, const char *s, size_t n)
{
	size_t	room = t->end - t->at;

	if (__builtin_expect(n <= room, 1))
		memcpy(t->buf + t->at, s, n);
	else
		memcpy(t->buf + t->at, s, n = room);
	t->at += n;
	t->buf[t->at] = '\0';
}

/* Appends the string s (borrowed). */
static inline __attribute__((always_inline)) void
game_text_put(struct game_text *t, const char *s)
{
	game_text_put_n(t, s, strlen(s));
}

/* Appends the number v (with a minus sign when neg) in decimal. */
static inline void
game_text_num(struct game_text *t, unsigned long v, int neg)
{
	char	digits[24];
	size_t	i = sizeof digits;

	if (v < 10 && !neg) {
		digits[0] = (char)('0' + v);
		game_text_put_n(t, digits, 1);
		return;
	}
	do {
		digits[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	if (neg)
		digits[--i] = '-';
	game_text_put_n(t, digits + i, sizeof digits - i);
}

/* Appends v in decimal. */
static inline void
game_text_int(struct game_text *t, int v)
{
	game_text_num(t, v < 0 ? 0ul - (unsigned long)v : (unsigned long)v,
	    v < 0);
}

/*
 * Appends the count n and the noun that agrees with it, "1 card" or
 * "3 cards" (one and many borrowed; see game_plural in game.h).
 */
static inline void
game_text_count(struct game_text *t, int n, const char *one,
    const char *many)
{
	game_text_int(t, n);
	game_text_put_n(t, " ", 1);
	game_text_put(t, game_plural(n, one, many));
}

/*
 * Appends a seat's mention, "@{2}", as renderers expect it.  The common
 * case writes the four bytes in place: built on the stack and copied, the
 * byte of the digit stalls the copy's wider load, which showed in make
 * bench on every line of narration.
 */
static inline __attribute__((always_inline)) void
game_text_seat(struct game_text *t, int seat)
{
	char	*p;

	if (seat >= 0 && seat <= 9 && t->end - t->at >= 4) {
		p = t->buf + t->at;
		p[0] = '@';
		p[1] = '{';
		p[2] = (char)('0' + seat);
		p[3] = '}';
		t->at += 4;
		t->buf[t->at] = '\0';
		return;
	}
	game_text_put_n(t, "@{", 2);
	game_text_int(t, seat);
	game_text_put_n(t, "}", 1);
}

#endif
