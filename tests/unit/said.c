/*
 * said.c: adding to and counting in what a test was told (said.h).
 */
#include <stdio.h>
#include <string.h>

#include "tests/unit/said.h"

/* Adds line and a newline to buf (size bytes, a string), cut at its end. */
void
said_add(char *buf, size_t size, const char *line)
{
	size_t	len = strlen(buf);

	snprintf(buf + len, size - len, "%s\n", line);
}

/* How many times needle is in text. */
int
said_count(const char *text, const char *needle)
{
	const char	*p = text;
	int		 n = 0;

	while ((p = strstr(p, needle)) != NULL) {
		n++;
		p += strlen(needle);
	}
	return n;
}
