/*
 * Cutting the end off a string; see trim.h.
 */
#include <string.h>

#include "lib/trim.h"

size_t
trim_len(const char *s, const char *set)
{
	size_t	n = strlen(s);

	while (n > 0 && strchr(set, s[n - 1]) != NULL)
		n--;
	return n;
}

size_t
trim_end(char *s, const char *set)
{
	size_t	n = trim_len(s, set);

	s[n] = '\0';
	return n;
}
