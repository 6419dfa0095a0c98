/*
 * Fuzz target: IRC lines as the server sends them, and the bot's own text
 * shaped for IRC.  A line must parse within its bounds or be refused with
 * a sentence; the same bytes as bot text must come out plain and split
 * into parts that fit, each ending on a character boundary.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/irc/irc-int.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct irc_line	 l;
	char		*cause = NULL, *text, *plain, *line, *save, tag[64];
	size_t		 n, next, len, max, part;

	if (irc_line_parse((const char *)data, size, &l, &cause) != 0) {
		if (cause == NULL)
			abort();
		free(cause);
	} else
		(void)irc_line_tag(&l, "account", tag, sizeof tag);

	text = malloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	plain = irc_text_plain(text);
	max = 8 + (size % 400);
	/* The splitter takes one line at a time, as the send queue does. */
	for (line = strtok_r(plain, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		len = strlen(line);
		for (n = 0; n < len; n += next) {
			part = irc_text_split(line + n, len - n, max, &next);
			if (part > max || next == 0)
				abort();	/* too long, or no progress */
			if (n + part < len &&
			    ((unsigned char)line[n + part] & 0xc0) == 0x80)
				abort();	/* cut inside a character */
		}
	}
	free(plain);
	free(text);
	return 0;
}
