/*
 * Embeds: a board's view (struct adapter_view) as a Discord message, its
 * table an embed and its text the last moves and whose turn it is.
 *
 * The embed's title is the game and the table, its colour the table's
 * state, its description what belongs to no seat, one field per seat,
 * shaker or market (side by side unless wide), and whose turn it is in the
 * footer.  Titles, field names and footers show no mentions on Discord, so
 * the view gives them plain names; mentions live in the description, the
 * field values and the message's text, where they render.
 *
 * Discord refuses an embed past its limits (characters are code points):
 * a title of 256, a description of 4096, 25 fields with a name of 256 and
 * a value of 1024, a footer of 2048, and 6000 across all of them; name and
 * value may not be empty.  Each part is cut to its limit here, a cut part
 * ending in "…", and the parts take from one budget of 6000 in order:
 * title, footer, description, then fields while room is left.  The text
 * (content) is capped at DISCORD_MSG_MAX like every message.
 */
#include <stdlib.h>
#include <string.h>

#include "adapters/discord/discord-int.h"
#include "lib/buf.h"
#include "lib/json.h"
#include "lib/utf8.h"
#include "lib/xmalloc.h"

/* The colour of each state (enum adapter_view_state). */
static const int embed_colours[] = {
	[ADAPTER_VIEW_LOBBY] = 0x5865f2,	/* blurple: waiting */
	[ADAPTER_VIEW_RUNNING] = 0x57f287,	/* green: playing */
	[ADAPTER_VIEW_PAUSED] = 0xfee75c,	/* yellow: paused */
	[ADAPTER_VIEW_OVER] = 0x99aab5,		/* grey: over */
};

/*
 * Adds s (borrowed) as obj[name], cut to at most max characters (a cut
 * ends in "…"), or empty as "—"; takes its characters from *budget.
 */
static void
embed_add(cJSON *obj, const char *name, const char *s, size_t max,
    size_t *budget)
{
	char	*cut;
	size_t	 n;

	if (*s == '\0')
		s = "—";
	if (max > *budget)
		max = *budget;
	if (max == 0)
		max = 1;	/* never so: the budget outlasts the cut parts */
	if ((n = utf8_count(s)) <= max) {
		cJSON_AddStringToObject(obj, name, s);
		*budget -= n;
		return;
	}
	/* Cut, with room for the ellipsis. */
	n = utf8_prefix(s, max - 1);
	cut = xmalloc(n + sizeof "…");
	memcpy(cut, s, n);
	memcpy(cut + n, "…", sizeof "…");
	cJSON_AddStringToObject(obj, name, cut);
	free(cut);
	*budget -= max < *budget ? max : *budget;
}

cJSON *
embed_build(const struct adapter_view *v)
{
	cJSON	*e = cJSON_CreateObject(), *fields, *f, *footer;
	size_t	 budget = EMBED_TOTAL_MAX, need;
	int	 i, state = v->state;

	if (state < 0 || state > ADAPTER_VIEW_OVER)
		state = ADAPTER_VIEW_RUNNING;
	embed_add(e, "title", v->title, EMBED_TITLE_MAX, &budget);
	cJSON_AddNumberToObject(e, "color", embed_colours[state]);
	if (v->footer[0] != '\0') {
		footer = cJSON_AddObjectToObject(e, "footer");
		embed_add(footer, "text", v->footer, EMBED_FOOTER_MAX,
		    &budget);
	}
	if (v->summary[0] != '\0')
		embed_add(e, "description", v->summary, EMBED_DESC_MAX,
		    &budget);
	fields = cJSON_AddArrayToObject(e, "fields");
	for (i = 0; i < v->nfields && i < ADAPTER_VIEW_FIELDS &&
	    i < EMBED_FIELDS_MAX; i++) {
		/* A field needs its name and a few characters of its value. */
		need = utf8_count(v->field[i].name);
		if (need > EMBED_NAME_MAX)
			need = EMBED_NAME_MAX;
		if (need + EMBED_VALUE_MIN > budget)
			break;
		f = cJSON_CreateObject();
		embed_add(f, "name", v->field[i].name, EMBED_NAME_MAX, &budget);
		embed_add(f, "value", v->field[i].value, EMBED_VALUE_MAX,
		    &budget);
		cJSON_AddBoolToObject(f, "inline", !v->field[i].wide);
		cJSON_AddItemToArray(fields, f);
	}
	return e;
}

char *
embed_content(const struct adapter_view *v)
{
	struct buf	 b;
	const char	*p, *nl;
	char		*s;

	buf_init(&b, DISCORD_MSG_MAX * 4 + 1);
	for (p = v->recent; *p != '\0'; p = *nl == '\0' ? nl : nl + 1) {
		if ((nl = strchr(p, '\n')) == NULL)
			nl = p + strlen(p);
		if (nl > p)
			buf_printf(&b, "· %.*s\n", (int)(nl - p), p);
	}
	buf_puts(&b, v->status);
	s = buf_detach(&b);
	/* Too long: the oldest moves go first, whose turn it is stays. */
	for (p = s; utf8_count(p) > DISCORD_MSG_MAX &&
	    (nl = strchr(p, '\n')) != NULL; p = nl + 1)
		;
	memmove(s, p, strlen(p) + 1);
	s[utf8_prefix(s, DISCORD_MSG_MAX)] = '\0';
	return s;
}

char *
embed_message_body(const struct adapter_view *v, const cJSON *components)
{
	cJSON	*body;
	char	*content = embed_content(v);

	body = discord_message_json(content, strlen(content), 0, components);
	free(content);
	cJSON_AddItemToArray(cJSON_AddArrayToObject(body, "embeds"),
	    embed_build(v));
	return json_print(body);
}
