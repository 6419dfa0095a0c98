/*
 * Fuzz target: IRC lines as the server sends them, and the bot's own text
 * shaped for IRC.  A line must parse within its bounds or be refused with
 * a sentence, and any nick it shows gone or present must be a valid nick,
 * casefolded; the same bytes as a TCP stream, cut into reads of sizes
 * the input picks, must frame (lib/lineframe) into lines within the cap,
 * without LF, each parsed or refused; the same bytes as bot text must
 * come out plain and split into parts that fit, each ending on a
 * character boundary.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/irc/irc-int.h"
#include "lib/lineframe.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* A nick presence_line names: valid and already casefolded. */
static void
fuzz_presence(void *arg, const char *nick, int gone)
{
	char	folded[IRC_NICK_MAX + 1];

	(void)arg;
	(void)gone;
	if (!irc_valid_nick(nick) || strlen(nick) > IRC_NICK_MAX)
		abort();
	memcpy(folded, nick, strlen(nick) + 1);
	irc_casefold(folded);
	if (strcmp(folded, nick) != 0)
		abort();
}

/* A framed line: within the cap, no LF, NUL-terminated; then parsed. */
static void
fuzz_frame_line(void *arg, const char *line, size_t len)
{
	struct irc_line	 l;
	char		*cause = NULL;

	(void)arg;
	if (len > IRC_IN_MAX - 2 || strlen(line) > len ||
	    memchr(line, '\n', len) != NULL)
		abort();
	if (irc_line_parse(line, len, &l, &cause) != 0) {
		if (cause == NULL)
			abort();
		free(cause);
	}
}

/* The bytes as a stream, in reads of 1 to 64 bytes as the input says. */
static void
fuzz_frame(const uint8_t *data, size_t size)
{
	struct lineframe	f;
	size_t			i, n;

	lineframe_init(&f, IRC_IN_MAX - 2);
	for (i = 0; i < size; i += n) {
		n = 1 + data[i] % 64;
		if (n > size - i)
			n = size - i;
		lineframe_feed(&f, (const char *)data + i, n, fuzz_frame_line,
		    NULL, NULL);
	}
	lineframe_release(&f);
}

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
	} else {
		(void)irc_line_tag(&l, "account", tag, sizeof tag);
		presence_line(&l, "cheersbot", fuzz_presence, NULL);
	}

	fuzz_frame(data, size);

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
