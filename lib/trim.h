/*
 * trim: the end of a setting cut off, as a value read from a file ends in
 * a newline, a URL in a slash.
 */
#ifndef LIB_TRIM_H
#define LIB_TRIM_H

#include <stddef.h>

/* White space, as isspace(3) has it in the C locale. */
#define TRIM_SPACE	" \t\n\v\f\r"

/* The length of s without the bytes of set at its end. */
size_t	trim_len(const char *s, const char *set);
/* Cuts the bytes of set off the end of s (in place); its new length. */
size_t	trim_end(char *s, const char *set);

#endif
