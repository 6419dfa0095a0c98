/*
 * Fuzz target: the XMPP adapter's XML reader.  The input is one stanza
 * as a websocket message would bring it; it must parse within its caps or
 * be refused with a sentence, never crash.
 */
#include <stdint.h>
#include <stdlib.h>

#include "adapters/xmpp/xml.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct xml_node	*n;
	char		*cause = NULL;

	if ((n = xml_parse((const char *)data, size, &cause)) == NULL) {
		if (cause == NULL)
			abort();
		free(cause);
		return 0;
	}
	(void)xml_attr(n, "type");
	(void)xml_child(n, "body", NULL);
	xml_free(n);
	return 0;
}
