/*
 * holds: counted copies of reply handles (holds.h).  The copies are few
 * (an adapter holds the events whose commits are in flight), so a list
 * searched by address is enough.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/holds.h"
#include "lib/xmalloc.h"

struct hold {
	LIST_ENTRY(hold)	 entry;
	int			 refs;
	max_align_t		 copy[];	/* the handle's copy */
};

void
holds_init(struct holds *hs, int max)
{
	LIST_INIT(&hs->list);
	hs->n = 0;
	hs->max = max;
}

static struct hold *
holds_entry(struct holds *hs, const void *ctx)
{
	struct hold	*h;

	if (ctx == NULL)
		return NULL;
	LIST_FOREACH(h, &hs->list, entry) {
		if ((const void *)h->copy == ctx)
			return h;
	}
	return NULL;
}

void *
holds_find(struct holds *hs, const void *ctx)
{
	struct hold	*h = holds_entry(hs, ctx);

	return h == NULL ? NULL : h->copy;
}

void *
holds_again(struct holds *hs, const void *ctx)
{
	struct hold	*h = holds_entry(hs, ctx);

	if (h == NULL)
		return NULL;
	h->refs++;
	return h->copy;
}

void *
holds_copy(struct holds *hs, const void *from, size_t size)
{
	struct hold	*h;

	if (hs->n >= hs->max)
		return NULL;
	h = xcalloc(1, sizeof *h + size);
	memcpy(h->copy, from, size);
	h->refs = 1;
	LIST_INSERT_HEAD(&hs->list, h, entry);
	hs->n++;
	return h->copy;
}

int
holds_put(struct holds *hs, void *copy)
{
	struct hold	*h = holds_entry(hs, copy);

	return h != NULL && --h->refs == 0;
}

void
holds_free(struct holds *hs, void *copy)
{
	struct hold	*h = holds_entry(hs, copy);

	if (h == NULL)
		return;
	LIST_REMOVE(h, entry);
	hs->n--;
	free(h);
}

void
holds_release(struct holds *hs)
{
	struct hold	*h;

	while ((h = LIST_FIRST(&hs->list)) != NULL) {
		LIST_REMOVE(h, entry);
		free(h);
	}
	hs->n = 0;
}
