/*
 * idslot: a small fixed table of slots keyed by a 64-bit id, where a
 * new id takes the slot with the lowest stamp (the stalest: one known
 * the least long, or seen the longest ago), for Telegram's caches of a
 * group's administrators (admins.c) and title (chats.c).
 *
 * The caller's slots begin with a struct idslot, are size bytes apart
 * in one array, and are the caller's; this file reads and writes only
 * that first member, and zeroes a slot it hands out anew.
 */
#ifndef LIB_IDSLOT_H
#define LIB_IDSLOT_H

#include <stddef.h>
#include <stdint.h>

struct idslot {
	int64_t		 id;		/* 0: a free slot */
	uint64_t	 stamp;		/* the caller's: lowest, reused first */
};

/*
 * The slot of id among the n slots at slots, or NULL; with make, when
 * there is none, the first with the lowest stamp, zeroed and given id
 * (NULL still when n is 0).
 */
void	*idslot_find(void *slots, size_t size, int n, int64_t id, int make);

#endif
