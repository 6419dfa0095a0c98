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
