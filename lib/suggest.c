/*
 * suggest: ranks the words a user may have meant (see suggest.h).
 */
#include <ctype.h>
#include <string.h>

#include "lib/buf.h"
#include "lib/suggest.h"

int
suggest_distance(const char *a, const char *b)
{
	/* Three rows of the optimal-string-alignment table suffice. */
	int	row[3][SUGGEST_WORD_MAX + 1];
	int	*prev2 = row[0], *prev = row[1], *cur = row[2], *tmp;
	size_t	la = strlen(a), lb = strlen(b), i, j;
	int	cost, v;

	if (la > SUGGEST_WORD_MAX || lb > SUGGEST_WORD_MAX)
		return SUGGEST_WORD_MAX + 1;
	for (j = 0; j <= lb; j++)
		prev[j] = (int)j;
	for (i = 1; i <= la; i++) {
		cur[0] = (int)i;
		for (j = 1; j <= lb; j++) {
			cost = tolower((unsigned char)a[i - 1]) !=
			    tolower((unsigned char)b[j - 1]);
			v = prev[j] + 1;
			if (cur[j - 1] + 1 < v)
				v = cur[j - 1] + 1;
			if (prev[j - 1] + cost < v)
				v = prev[j - 1] + cost;
			if (i > 1 && j > 1 &&
			    tolower((unsigned char)a[i - 1]) ==
			    tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) ==
			    tolower((unsigned char)b[j - 1]) &&
			    prev2[j - 2] + 1 < v)
				v = prev2[j - 2] + 1;
			cur[j] = v;
		}
		tmp = prev2;
		prev2 = prev;
		prev = cur;
		cur = tmp;
	}
	return prev[lb];
}

int
suggest_rank(const char *word, const char *const *cands, int n, int *out,
    int max)
{
	int	dist[SUGGEST_MAX] = { 0 }, limit, d, i, j, k, found = 0;

	if (max < 1)
		return 0;
	if (max > SUGGEST_MAX)
		max = SUGGEST_MAX;
	limit = (int)strlen(word) / 3;
	if (limit < 1)
		limit = 1;
	if (limit > 3)
		limit = 3;
	for (i = 0; i < n; i++) {
		if (cands[i] == NULL)
			continue;
		/* The same word twice (two games' "play") is named once. */
		for (k = 0; k < found; k++)
			if (strcmp(cands[out[k]], cands[i]) == 0)
				break;
		if (k < found)
			continue;
		if ((d = suggest_distance(word, cands[i])) > limit)
			continue;
		/* Insertion into the sorted few; ties keep the list's order. */
		if (found == max && dist[max - 1] <= d)
			continue;
		j = found < max ? found : max - 1;
		while (j > 0 && dist[j - 1] > d) {
			dist[j] = dist[j - 1];
			out[j] = out[j - 1];
			j--;
		}
		dist[j] = d;
		out[j] = i;
		if (found < max)
			found++;
	}
	/* Only the closest: "stat" is start or stats, not status too. */
	for (i = 1; i < found; i++)
		if (dist[i] > dist[0])
			return i;
	return found;
}

void
suggest_words(struct buf *b, const char *const *cands, const int *idx, int n)
{
	int	i;

	for (i = 0; i < n; i++)
		buf_printf(b, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ",
		    cands[idx[i]]);
}

int
suggest_append(struct buf *b, const char *word, const char *const *cands,
    int n)
{
	int	idx[SUGGEST_MAX], found;

	if ((found = suggest_rank(word, cands, n, idx, SUGGEST_MAX)) == 0)
		return 0;
	buf_puts(b, " Did you mean ");
	suggest_words(b, cands, idx, found);
	buf_puts(b, "?");
	return found;
}
