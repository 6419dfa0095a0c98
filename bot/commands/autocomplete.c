/*
 * Completion as one types (see bot_complete in bot.h): a platform that
 * asks while a user writes a move gets the names that user's seat may
 * give the argument, from the same list the move's parser matches
 * (bot/commands/argnames.c), so what is offered is what is accepted.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bot/commands/argnames.h"
#include "bot/bot.h"
#include "bot/tables/table.h"

/*
 * The index of the argument of action a that option names: "card" is
 * the first argument named card, "card2" the second.  -1 when none.
 */
static int
complete_arg(const struct game_action *a, const char *option)
{
	size_t	len = strlen(option);
	int	want = 1, seen = 0, i;

	if (len > 1 && isdigit((unsigned char)option[len - 1])) {
		want = option[len - 1] - '0';
		len--;
	}
	for (i = 0; i < a->nargs; i++) {
		if (strlen(a->args[i].name) != len ||
		    strncasecmp(a->args[i].name, option, len) != 0)
			continue;
		if (++seen == want)
			return i;
	}
	return -1;
}

int
bot_complete(struct bot *bot, struct adapter *ad, const char *channel,
    const char *user_id, const char *verb, const char *option,
    const char *typed, struct bot_choice *out, int max)
{
	struct game_name	 names[GAME_MAX_NAMES];
	struct table		*t;
	char			 copy[BOT_CHOICE_MAX], *words[8], *p, *save;
	char			 num[16];
	int			 hits[GAME_MAX_NAMES];
	int			 seat, action, argi, n, i, j, k = 0, nh;
	int			 out_n = 0;

	if ((t = table_find(bot, ad, channel)) == NULL ||
	    t->state != TABLE_PLAYING || t->game == NULL ||
	    (seat = table_seat_of(t, user_id)) < 0)
		return 0;
	for (action = 0; action < t->ops->nactions; action++)
		if (strcasecmp(t->ops->actions[action].name, verb) == 0)
			break;
	if (action == t->ops->nactions ||
	    (argi = complete_arg(&t->ops->actions[action], option)) < 0 ||
	    t->ops->actions[action].args[argi].type != GAME_ARG_CARD)
		return 0;
	n = argnames_list(t, seat, action, argi, names, GAME_MAX_NAMES);
	snprintf(copy, sizeof copy, "%s", typed);
	for (p = strtok_r(copy, " \t", &save); p != NULL && k < 8;
	    p = strtok_r(NULL, " \t", &save))
		words[k++] = p;
	nh = k == 0 ? 0 : argnames_match(names, n, (const char *const *)words,
	    k, hits, GAME_MAX_NAMES);
	for (i = 0; i < n && out_n < max; i++) {
		snprintf(num, sizeof num, "%d", names[i].value);
		/* All, or those the words fit, or whose number they start. */
		if (k > 0 && strncmp(num, words[0], strlen(words[0])) != 0) {
			for (j = 0; j < nh && hits[j] != i; j++)
				continue;
			if (j == nh)
				continue;
		}
		snprintf(out[out_n].label, sizeof out[out_n].label, "%d. %s",
		    names[i].value, names[i].name);
		snprintf(out[out_n].value, sizeof out[out_n].value, "%s",
		    names[i].name);
		out_n++;
	}
	return out_n;
}
