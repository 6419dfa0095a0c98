/*
 * said.h: the capped buffers in which the unit tests keep what they were
 * told (what the bot said, a client's notices): a line added, and how
 * often a piece of text is in one.  Linked into every unit test (the
 * Makefile's TEST_SUPPORT).
 */
#ifndef TESTS_SAID_H
#define TESTS_SAID_H

#include <stddef.h>

void	said_add(char *, size_t, const char *);
int	said_count(const char *, const char *);

#endif
