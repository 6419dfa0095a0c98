/*
 * label.c: short button labels for Cosdrink's item arguments, so a button
 * reads "2. Hot Toddy (🔥3)" instead of a bare number.  Every card
 * argument (play, ask, aid) is an item of the seat's own hand, which only
 * that seat sees.
 */
#include <stdio.h>

#include "game/cosdrink/cosdrink-int.h"

/*
 * The label of argument argi of m as seat sees it, into buf (len bytes).
 * g and m are borrowed.  Returns 0, or -1 when the argument names no item
 * of seat's hand (the bot then shows the number).
 */
int
cos_arg_label(const struct game *g, int seat, const struct game_move *m,
    int argi, char *buf, size_t len)
{
	char	name[80];
	int	v;

	if (seat < 0 || seat >= g->nplayers || argi != 0 ||
	    (m->action != COS_A_PLAY && m->action != COS_A_ASK &&
	    m->action != COS_A_AID))
		return -1;
	v = m->args[0];
	if (v < 1 || v > g->nhand[seat])
		return -1;
	cos_item_name(g, g->hand[seat][v - 1], name, sizeof name);
	snprintf(buf, len, "%d. %s", v, name);
	return 0;
}

/*
 * The names an item argument (play, ask, aid) may take: the items of
 * seat's own hand by name ("Mint Sprig"), numbered as the hand lists
 * them.  Items of one name are the same card.  See game_ops.arg_names.
 */
int
cos_arg_names(const struct game *g, int seat, int action, int argi,
    struct game_name *out, size_t max)
{
	size_t	n = 0;
	int	i;

	if (seat < 0 || seat >= g->nplayers || argi != 0 ||
	    (action != COS_A_PLAY && action != COS_A_ASK && action != COS_A_AID))
		return 0;
	for (i = 0; i < g->nhand[seat] && n < max; i++, n++) {
		out[n].value = i + 1;
		snprintf(out[n].name, sizeof out[n].name, "%s",
		    g->item[g->hand[seat][i]].name);
	}
	return (int)n;
}
