/*
 * Allocation helpers that treat out-of-memory as fatal, and the helper that
 * hands error sentences back through a char **cause.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/logline.h"
#include "lib/xmalloc.h"

void
fatalx(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	logline_vwrite(LOGLINE_CRIT, NULL, fmt, ap);
	va_end(ap);
	exit(1);
}

void *
xmalloc(size_t size)
{
	void	*p;

	if (size == 0)
		size = 1;
	if ((p = malloc(size)) == NULL)
		fatalx("out of memory allocating %zu bytes", size);
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void	*p;

	if (n == 0 || size == 0)
		n = size = 1;
	if ((p = calloc(n, size)) == NULL)
		fatalx("out of memory allocating %zu x %zu bytes", n, size);
	return p;
}

void *
xreallocarray(void *old, size_t n, size_t size)
{
	void	*p;

	if (size != 0 && n > SIZE_MAX / size)
		fatalx("allocation of %zu x %zu bytes overflows", n, size);
	if (n * size == 0)
		n = size = 1;
	if ((p = realloc(old, n * size)) == NULL)
		fatalx("out of memory allocating %zu x %zu bytes", n, size);
	return p;
}

void *
xmemdup(const void *p, size_t len)
{
	void	*c = xmalloc(len);

	memcpy(c, p, len);
	return c;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	size_t	 len = strnlen(s, n);
	char	*p = xmalloc(len + 1);

	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *
xvasprintf(const char *fmt, va_list ap)
{
	char	*s;

	if (vasprintf(&s, fmt, ap) == -1)
		fatalx("out of memory formatting a string");
	return s;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list	 ap;
	char	*s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

/* In parentheses: not the analyzer's macro of lib/xmalloc.h. */
int
(set_cause)(char **cause, const char *fmt, ...)
{
	va_list	ap;

	if (cause != NULL) {
		va_start(ap, fmt);
		*cause = xvasprintf(fmt, ap);
		va_end(ap);
	}
	return -1;
}

int
add_cause(char **list, const char *fmt, ...)
{
	va_list	 ap;
	char	*one, *both;

	va_start(ap, fmt);
	one = xvasprintf(fmt, ap);
	va_end(ap);
	if (*list == NULL) {
		*list = one;
		return -1;
	}
	both = xasprintf("%s\n%s", *list, one);
	free(*list);
	free(one);
	*list = both;
	return -1;
}

int
set_causes(char **cause, char *list)
{
	if (list == NULL)
		return 0;
	if (cause != NULL)
		*cause = list;
	else
		free(list);
	return -1;
}
