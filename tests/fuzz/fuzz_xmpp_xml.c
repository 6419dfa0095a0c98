/*
 * Fuzz target: the XMPP adapter's XML reader on libexpat, both ways it is
 * used.  The input is read once as one websocket message (one element)
 * and once as a c2s stream fed in pieces whose sizes come from the input
 * itself; either must parse within its caps or be refused with a
 * sentence, never crash or leak.
 */
#include <stdint.h>
#include <stdlib.h>

#include "adapters/xmpp/xml.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* The stream reader of this run, for its callback's restarts. */
static struct xml_reader	*fuzz_reader;

static void
fuzz_restart_element(void *arg, const struct xml_node *n)
{
	int	*count = arg;

	(void)xml_attr(n, "id");
	(void)xml_child(n, NULL, "jabber:client");
	/* Every seventh element restarts the stream, as STARTTLS does. */
	if (++*count % 7 == 0)
		xml_reader_restart(fuzz_reader);
}

static const struct xml_reader_cb fuzz_cb = {
	NULL, fuzz_restart_element, NULL,
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct xml_node	*n;
	char		*cause = NULL;
	size_t		 off = 0, piece;
	int		 count = 0;

	if ((n = xml_parse((const char *)data, size, &cause)) == NULL) {
		if (cause == NULL)
			abort();
		free(cause);
	} else {
		(void)xml_attr(n, "type");
		(void)xml_child(n, "body", NULL);
		xml_free(n);
	}

	fuzz_reader = xml_reader_new(&fuzz_cb, &count);
	while (off < size) {
		piece = 1 + (data[off] % 64);
		if (piece > size - off)
			piece = size - off;
		cause = NULL;
		if (xml_reader_feed(fuzz_reader, (const char *)data + off,
		    piece, &cause) != 0) {
			if (cause == NULL)
				abort();
			free(cause);
			break;
		}
		off += piece;
	}
	xml_reader_free(fuzz_reader);
	fuzz_reader = NULL;
	return 0;
}
