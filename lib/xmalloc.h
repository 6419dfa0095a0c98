/*
 * xmalloc: allocation that never returns NULL.  Running out of memory is
 * fatal for a daemon like this one; every caller can then assume success.
 */
#ifndef LIB_XMALLOC_H
#define LIB_XMALLOC_H

#include <stdarg.h>
#include <stddef.h>

/* Each returns memory the caller frees with free(). */
void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xreallocarray(void *, size_t, size_t);
void	*xmemdup(const void *, size_t);
char	*xstrdup(const char *);
char	*xstrndup(const char *, size_t);
char	*xasprintf(const char *, ...) __attribute__((format(printf, 1, 2)));
char	*xvasprintf(const char *, va_list) __attribute__((format(printf, 1, 0)));

/* Logs the message at critical priority (lib/logline) and exits 1. */
void	 fatalx(const char *, ...) __attribute__((format(printf, 1, 2), noreturn));

/*
 * Sets *cause (when cause is not NULL) to a newly allocated sentence the
 * caller frees, and returns -1, so error paths read "return set_cause(...)".
 */
int	 set_cause(char **cause, const char *, ...) __attribute__((format(printf, 2, 3)));

/*
 * For checks that report every problem, not the first: add_cause appends
 * a sentence to *list, one line each (*list starts NULL; the caller owns
 * it), and returns -1.  set_causes ends such a check: 0 when list is
 * NULL, else -1 with *cause = list (freed when cause is NULL).
 */
int	 add_cause(char **list, const char *, ...) __attribute__((format(printf, 2, 3)));
int	 set_causes(char **cause, char *list);
#ifdef __clang_analyzer__
/*
 * clang's analyzer does not follow set_cause into lib/xmalloc.c: tell it
 * the value it returns, so error paths are not taken as successes.
 */
#define set_cause(...)	(set_cause(__VA_ARGS__), -1)
#endif

#endif
