/*
 * suggest: "did you mean" for words a user mistyped.  Candidates are
 * ranked by edit distance (insertions, deletions, substitutions and
 * swaps of two neighbours each cost one; case does not count), so
 * "gvie" finds "give" and "stauts" finds "status".  One place decides
 * what is close enough, for commands, games, options, choices and
 * players alike.
 */
#ifndef LIB_SUGGEST_H
#define LIB_SUGGEST_H

#include <stddef.h>

struct buf;

#define SUGGEST_MAX	3	/* candidates a suggestion names at most */
#define SUGGEST_WORD_MAX 64	/* longer words are never close to anything */

/*
 * The edit distance between a and b (borrowed), ignoring ASCII case;
 * SUGGEST_WORD_MAX + 1 when either is longer than SUGGEST_WORD_MAX.
 */
int	 suggest_distance(const char *a, const char *b);

/*
 * Ranks the n candidates (borrowed; NULL entries are skipped) by their
 * distance to word: writes the indexes of up to max of the closest that
 * are close enough into out (all at the same, smallest distance, in the
 * list's order), and returns how many.  Close enough: a distance of at most a third of
 * the word's length, and at least 1, at most 3.
 */
int	 suggest_rank(const char *word, const char *const *cands, int n,
	     int *out, int max);

/*
 * Appends "give", "give or pass", or "give, pass or play" (the ranked
 * candidates named by idx) to b; nothing when n is 0.
 */
void	 suggest_words(struct buf *, const char *const *cands, const int *idx,
	     int n);

/*
 * Appends " Did you mean give?" to b when word is close to any of the n
 * candidates; returns how many it named.
 */
int	 suggest_append(struct buf *, const char *word, const char *const *cands,
	     int n);

#endif
