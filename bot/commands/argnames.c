/*
 * Arguments by name: the one matcher of typed names for every game's
 * cards, items, offers and choices (see argnames.h).  The game says what
 * each argument may name for the acting seat (game_ops.arg_names); this
 * file decides what the words typed mean, and what to say when they are
 * ambiguous or name nothing.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/commands/argnames.h"
#include "bot/bot.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/suggest.h"
#include "lib/xmalloc.h"

/* Words of one name, or of the words typed for one. */
#define ARGNAMES_TOKENS		12

struct argnames_tokens {
	int	n;
	char	tok[ARGNAMES_TOKENS][GAME_NAME_MAX];
};

/* A letter or digit of a name's words; any byte of UTF-8 past ASCII too. */
static int
argnames_wordchar(unsigned char c)
{
	return c >= 0x80 || isalnum(c);
}

/* Appends the words of s (borrowed) to tk, in lower case, as many as fit. */
static void
argnames_split(const char *s, struct argnames_tokens *tk)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 len;

	while (*p != '\0' && tk->n < ARGNAMES_TOKENS) {
		if (!argnames_wordchar(*p)) {
			p++;
			continue;
		}
		for (len = 0; argnames_wordchar(*p); p++)
			if (len + 1 < GAME_NAME_MAX)
				tk->tok[tk->n][len++] = (char)tolower(*p);
		tk->tok[tk->n++][len] = '\0';
	}
}

/*
 * Do the words typed (typed) fit name?  1 when each starts the name's
 * word at its place, 2 when they are the name whole, 0 otherwise.
 */
static int
argnames_fits(const struct argnames_tokens *typed, const char *name)
{
	struct argnames_tokens	nt;
	int			i, whole = 1;

	nt.n = 0;
	argnames_split(name, &nt);
	if (typed->n == 0 || typed->n > nt.n)
		return 0;
	for (i = 0; i < typed->n; i++) {
		if (strncmp(nt.tok[i], typed->tok[i], strlen(typed->tok[i])) != 0)
			return 0;
		if (strcmp(nt.tok[i], typed->tok[i]) != 0)
			whole = 0;
	}
	return whole && typed->n == nt.n ? 2 : 1;
}

int
argnames_match(const struct game_name *names, int n, const char *const *words,
    int k, int *hits, int max)
{
	struct argnames_tokens	typed;
	int			i, fit, best = 1, nhits = 0;

	typed.n = 0;
	for (i = 0; i < k; i++)
		argnames_split(words[i], &typed);
	for (i = 0; i < n; i++) {
		if ((fit = argnames_fits(&typed, names[i].name)) < best)
			continue;
		if (fit > best) {
			/* The first name typed whole: forget the starts. */
			best = fit;
			nhits = 0;
		}
		if (nhits < max)
			hits[nhits++] = i;
	}
	return nhits;
}

int
argnames_list(const struct table *t, int seat, int action, int argi,
    struct game_name *out, size_t max)
{
	const struct game_arg	*arg;
	size_t			 n = 0;
	int			 i;

	if (t->game == NULL || action < 0 || action >= t->ops->nactions ||
	    argi < 0 || argi >= t->ops->actions[action].nargs)
		return 0;
	arg = &t->ops->actions[action].args[argi];
	if (arg->type == GAME_ARG_CHOICE) {
		for (i = 0; arg->choices != NULL && arg->choices[i] != NULL &&
		    n < max; i++, n++) {
			out[n].value = i;
			snprintf(out[n].name, sizeof out[n].name, "%s",
			    arg->choices[i]);
		}
		return (int)n;
	}
	if (arg->type != GAME_ARG_CARD || t->ops->arg_names == NULL)
		return 0;
	i = t->ops->arg_names(t->game, seat, action, argi, out, max);
	return i < 0 ? 0 : i > (int)max ? (int)max : i;
}

/* words[0..k-1] joined by spaces into buf (len bytes). */
static void
argnames_join(const char *const *words, int k, char *buf, size_t len)
{
	size_t	off = 0;
	int	i;

	buf[0] = '\0';
	for (i = 0; i < k && off + 1 < len; i++)
		off += (size_t)snprintf(buf + off, len - off, "%s%s",
		    i ? " " : "", words[i]);
}

/* The length of name's short form: up to its first " (", "shaker (shed)". */
static size_t
argnames_short_len(const char *name)
{
	const char	*p = strstr(name, " (");

	return p == NULL ? strlen(name) : (size_t)(p - name);
}

/*
 * Appends " Did you mean shaker?" to b for the typed words nearest a
 * name's short form, trying the most words first; returns 1 when it
 * named any.
 */
static int
argnames_suggest(struct buf *b, const struct game_name *names, int n,
    const char *const *words, int kmax)
{
	char		 shorts[GAME_MAX_NAMES][GAME_NAME_MAX];
	const char	*cands[GAME_MAX_NAMES];
	char		 typed[256];
	int		 i, j, k, m = 0;

	for (i = 0; i < n && m < GAME_MAX_NAMES; i++) {
		snprintf(shorts[m], sizeof shorts[m], "%.*s",
		    (int)argnames_short_len(names[i].name), names[i].name);
		for (j = 0; j < m; j++)
			if (strcasecmp(shorts[j], shorts[m]) == 0)
				break;
		if (j == m) {
			cands[m] = shorts[m];
			m++;
		}
	}
	for (k = kmax; k >= 1; k--) {
		argnames_join(words, k, typed, sizeof typed);
		if (suggest_append(b, typed, cands, m) > 0)
			return 1;
	}
	return 0;
}

/* Is word a whole number (digits only)? */
static int
argnames_is_number(const char *word)
{
	if (*word == '\0')
		return 0;
	for (; *word != '\0'; word++)
		if (!isdigit((unsigned char)*word))
			return 0;
	return 1;
}

int
argnames_read(const struct table *t, int seat, int action, int argi,
    const char *const *words, int nwords, int *value, int *used, char **cause)
{
	const struct game_arg	*arg = &t->ops->actions[action].args[argi];
	struct game_name	 names[GAME_MAX_NAMES];
	struct buf		 b;
	char			 typed[256];
	long			 v;
	int			 hits[GAME_MAX_NAMES];
	int			 n, i, j, k, nh = 0, kmax, card;

	card = arg->type == GAME_ARG_CARD;
	if (!card && arg->type != GAME_ARG_CHOICE)
		return set_cause(cause, "%s is not a card or a choice.",
		    arg->name);
	if (nwords < 1)
		return set_cause(cause, "Give the %s.", arg->name);
	if (card && argnames_is_number(words[0])) {
		v = strtol(words[0], NULL, 10);
		if (v < 1 || v > 99 || strlen(words[0]) > 2)
			return set_cause(cause, "\"%.20s\" is not a card number; "
			    "give the number shown before the card (%s).",
			    words[0], arg->help);
		*value = (int)v;
		*used = 1;
		return 0;
	}
	n = argnames_list(t, seat, action, argi, names, GAME_MAX_NAMES);
	if (card && n == 0 && t->ops->arg_names != NULL)
		return set_cause(cause, "\"%.20s\" names no %s here (%s).",
		    words[0], arg->name, arg->help);
	if (card && n == 0)
		return set_cause(cause, "\"%.20s\" is not a card number; give "
		    "the number shown before the card (%s).", words[0],
		    arg->help);
	kmax = nwords < ARGNAMES_WORDS_MAX ? nwords : ARGNAMES_WORDS_MAX;
	for (k = kmax; k >= 1 && nh == 0; k--)
		nh = argnames_match(names, n, words, k, hits, GAME_MAX_NAMES);
	k++;
	for (i = 1; i < nh; i++)
		if (strcasecmp(names[hits[i]].name, names[hits[0]].name) != 0 &&
		    names[hits[i]].value != names[hits[0]].value)
			break;
	if (nh > 0 && i == nh) {
		/*
		 * One name: one card (the first of its kind), or one choice;
		 * or one card by several names (a guest's liqueur and country).
		 */
		*value = names[hits[0]].value;
		*used = k;
		return 0;
	}
	buf_init(&b, 1024);
	if (nh > 0) {
		argnames_join(words, k, typed, sizeof typed);
		buf_printf(&b, "\"%.40s\" could be ", typed);
		for (i = 0, j = 0; i < nh; i++) {
			/* A card once, by the first of its names. */
			for (k = 0; k < i; k++)
				if (names[hits[k]].value == names[hits[i]].value)
					break;
			if (k < i)
				continue;
			buf_puts(&b, j++ == 0 ? "" : ", ");
			if (card)
				buf_printf(&b, "%d. ", names[hits[i]].value);
			buf_puts(&b, names[hits[i]].name);
		}
		buf_puts(&b, card ? "; give its number." : "; type more of it.");
	} else {
		argnames_join(words, kmax, typed, sizeof typed);
		if (card)
			buf_printf(&b, "\"%.40s\" names no %s here.", typed,
			    arg->name);
		else
			buf_printf(&b, "%s must be one of the choices: %s.",
			    arg->name, arg->help);
		if (!argnames_suggest(&b, names, n, words, kmax) && card) {
			buf_printf(&b, " Give the %s's number or name:",
			    arg->name);
			for (i = 0; i < n; i++)
				buf_printf(&b, "%s %d. %s", i ? "," : "",
				    names[i].value, names[i].name);
			buf_puts(&b, ".");
		}
	}
	set_cause(cause, "%s", buf_str(&b));
	buf_release(&b);
	return -1;
}

int
argnames_word(const struct table *t, int seat, int action, int argi,
    int value, char *buf, size_t len)
{
	struct game_name	 names[GAME_MAX_NAMES];
	char			 word[GAME_NAME_MAX];
	const char		*w = word;
	int			 hits[GAME_MAX_NAMES];
	int			 n, i, j, nh;

	n = argnames_list(t, seat, action, argi, names, GAME_MAX_NAMES);
	for (i = 0; i < n && names[i].value != value; i++)
		continue;
	if (i == n)
		return -1;
	/*
	 * The short form alone ("whisky", not "whisky (cheers with
	 * tropical)"): a long name reads worse than a number.
	 */
	snprintf(word, sizeof word, "%.*s",
	    (int)argnames_short_len(names[i].name), names[i].name);
	if (isdigit((unsigned char)word[0]))
		return -1;
	nh = argnames_match(names, n, &w, 1, hits, GAME_MAX_NAMES);
	for (j = 1; j < nh; j++)
		if (strcasecmp(names[hits[j]].name, names[hits[0]].name) != 0 &&
		    names[hits[j]].value != names[hits[0]].value)
			break;
	if (nh == 0 || j < nh || names[hits[0]].value != value)
		return -1;
	snprintf(buf, len, "%s", word);
	return 0;
}

int
argnames_near(const struct table *t, int seat, int action, int argi,
    const char *const *words, int nwords, struct buf *b)
{
	struct game_name	names[GAME_MAX_NAMES];
	int			n;

	n = argnames_list(t, seat, action, argi, names, GAME_MAX_NAMES);
	return n > 0 && argnames_suggest(b, names, n, words,
	    nwords < ARGNAMES_WORDS_MAX ? nwords : ARGNAMES_WORDS_MAX);
}
