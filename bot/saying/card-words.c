/*
 * Cards as words: the legend of a game's emoji, and text with its emoji
 * written as names (see card-words.h).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bot/saying/render-chat.h"
#include "bot/saying/card-words.h"
#include "game/game.h"
#include "lib/buf.h"
#include "lib/utf8.h"
#include "lib/xmalloc.h"

/* U+FE0F, the variation selector some emoji carry ("🌶️"). */
#define WORDS_VS16	"\xef\xb8\x8f"

char *
words_legend(const struct game_ops *ops)
{
	const struct game_word	*w = ops->words == NULL ? NULL : ops->words();
	struct buf		 b;
	int			 i;

	if (w == NULL || w[0].emoji == NULL)
		return NULL;
	buf_init(&b, RENDER_MAX);
	buf_puts(&b, "Emoji:");
	for (i = 0; w[i].emoji != NULL; i++)
		buf_printf(&b, "%s %s %s", i > 0 ? "," : "", w[i].emoji,
		    w[i].word);
	buf_puts(&b, ".");
	return buf_detach(&b);
}

/*
 * The entry of list whose emoji starts p, the longest when several do;
 * NULL when none does.
 */
static const struct game_word *
words_match(const struct game_word *list, const char *p)
{
	const struct game_word	*best = NULL;
	size_t			 n, bestn = 0;
	int			 i;

	for (i = 0; list[i].emoji != NULL; i++) {
		n = strlen(list[i].emoji);
		if (n > bestn && strncmp(p, list[i].emoji, n) == 0) {
			best = &list[i];
			bestn = n;
		}
	}
	return best;
}

/* The entry of ops' list (or every game's, ops NULL) starting p, or NULL. */
static const struct game_word *
words_find(const struct game_ops *ops, const char *p)
{
	const struct game_ops *const	*all;
	const struct game_word		*w;
	int				 g;

	if (ops != NULL)
		return ops->words == NULL ? NULL : words_match(ops->words(), p);
	all = game_all();
	for (g = 0; all[g] != NULL; g++)
		if (all[g]->words != NULL &&
		    (w = words_match(all[g]->words(), p)) != NULL)
			return w;
	return NULL;
}

static int
words_isalnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9');
}

/* Does the line of len bytes at p (borrowed) hold word as a word? */
static int
words_named(const char *p, size_t len, const char *word)
{
	size_t	n = strlen(word), i;

	for (i = 0; i + n <= len; i++)
		if (strncmp(p + i, word, n) == 0 &&
		    (i == 0 || !words_isalnum(p[i - 1])) &&
		    (i + n == len || !words_isalnum(p[i + n])))
			return 1;
	return 0;
}

/*
 * Appends the line of len bytes at p (borrowed) to b, with the name of
 * each emoji of ops' list that stands without it put beside it; the line
 * as it is when it would then be longer than room characters, or when it
 * names every emoji it shows already ("🍺🍸 (1 beer, 1 cocktail)").
 */
static void
words_beside_line(const struct game_ops *ops, const char *p, size_t len,
    size_t room, struct buf *b)
{
	const struct game_word	*w;
	struct buf		 l;
	const char		*end = p + len, *q = p;
	size_t			 n;
	int			 added = 0, unnamed = 0;

	buf_init(&l, RENDER_MAX);
	while (q < end) {
		if ((unsigned char)*q < 0x80 || (w = words_find(ops, q)) == NULL) {
			buf_add(&l, q++, 1);
			continue;
		}
		n = strlen(w->emoji);
		buf_add(&l, q, n);
		q += n;
		if (end - q >= (ptrdiff_t)sizeof WORDS_VS16 - 1 &&
		    strncmp(q, WORDS_VS16, sizeof WORDS_VS16 - 1) == 0) {
			buf_add(&l, q, sizeof WORDS_VS16 - 1);
			q += sizeof WORDS_VS16 - 1;
		}
		/* "🍹 tropical": the name is there already. */
		n = strlen(w->word);
		if (q < end && q[0] == ' ' && (size_t)(end - q) > n &&
		    strncmp(q + 1, w->word, n) == 0 &&
		    (q + 1 + n == end || !words_isalnum(q[1 + n])))
			continue;
		/* "1🍺 2🍹" becomes "1🍺 beer 2🍹 tropical". */
		buf_printf(&l, " %s", w->word);
		if (q < end && strchr(" )],.;:!?", *q) == NULL)
			buf_add(&l, " ", 1);
		added = 1;
		unnamed |= !words_named(p, len, w->word);
	}
	if (added && unnamed && utf8_count(buf_str(&l)) <= room)
		buf_add(b, l.data, l.len);
	else
		buf_add(b, p, len);
	buf_release(&l);
}

char *
words_beside(const struct game_ops *ops, const char *text, size_t room)
{
	struct buf	 b;
	const char	*p = text, *nl;

	buf_init(&b, RENDER_MAX);
	for (;;) {
		nl = strchr(p, '\n');
		words_beside_line(ops, p, nl == NULL ? strlen(p) :
		    (size_t)(nl - p), room, &b);
		if (nl == NULL)
			break;
		buf_add(&b, "\n", 1);
		p = nl + 1;
	}
	return buf_detach(&b);
}

char *
words_only(const struct game_ops *ops, const char *text)
{
	const struct game_word	*w;
	struct buf		 b;
	const char		*p = text;
	size_t			 n;
	char			 last;

	buf_init(&b, RENDER_MAX);
	while (*p != '\0') {
		/* Every emoji is past ASCII: skip the lookup for the rest. */
		if ((unsigned char)*p < 0x80 || (w = words_find(ops, p)) == NULL) {
			buf_add(&b, p++, 1);
			continue;
		}
		p += strlen(w->emoji);
		if (strncmp(p, WORDS_VS16, sizeof WORDS_VS16 - 1) == 0)
			p += sizeof WORDS_VS16 - 1;
		/* "🍹 tropical": the name is there already. */
		n = strlen(w->word);
		if (p[0] == ' ' && strncmp(p + 1, w->word, n) == 0 &&
		    !words_isalnum(p[1 + n])) {
			p++;
			continue;
		}
		/* "1🍺" and "🍺🍹" become "1 beer" and "beer tropical". */
		last = b.len > 0 ? b.data[b.len - 1] : ' ';
		if (words_isalnum(last) || last == ')')
			buf_add(&b, " ", 1);
		buf_puts(&b, w->word);
		if (words_isalnum(*p))
			buf_add(&b, " ", 1);
	}
	return buf_detach(&b);
}
