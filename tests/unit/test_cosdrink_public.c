/*
 * Unit tests: Cosdrink Encounters' public view (status) shows every zone
 * the rules make public, read from the state itself: the encounter, the
 * round and the dealer, what is asked, the Kings (in the middle, and how
 * many are destroyed), each seat's monster with the items played against
 * it, how many items each holds, the drinks tally and the decks; and
 * never an item in a hand.
 */
#include "tests/unit/cosdrink-test.h"
#include "lib/xmalloc.h"

static void
has(const char *text, const char *want)
{
	if (strstr(text, want) == NULL)
		fail_msg("\"%s\" is not in:\n%s", want, text);
}

/* The line of text that starts with from, copied into buf. */
static void
line(const char *text, const char *from, char *buf, size_t len)
{
	const char	*p = strstr(text, from), *e;

	if (p == NULL)
		fail_msg("\"%s\" is not in:\n%s", from, text);
	if ((e = strchr(p + 1, '\n')) == NULL)
		e = p + strlen(p);
	snprintf(buf, len, "%.*s", (int)(e - p), p);
}

static void
check_view(const struct game *g)
{
	char	 want[256], seg[1024], name[96];
	char	*text = cosdrink_ops.render_public(g);
	int	 s, i, m, gone = 0;

	/* Encounter, round, dealer, and what is asked. */
	snprintf(want, sizeof want, "Encounter %d, round %d. Dealer: @{%d}.",
	    g->encounter, g->round, g->dealer);
	has(text, want);
	cos_prompt_text(g, want, sizeof want);
	has(text, want);
	/* The Kings: destroyed, and each in the middle. */
	for (i = 0; i < g->nmgone; i++)
		gone += g->mon[g->mgone[i]].king;
	snprintf(want, sizeof want, "Kings: %d of %d destroyed", gone,
	    g->kings_total);
	has(text, want);
	for (i = 0; i < g->nkings; i++) {
		cos_monster_name(g, g->kings[i], name, sizeof name);
		has(text, name);
	}
	/* Each seat: its items' count, its monster and the pile on it. */
	for (s = 0; s < g->nplayers; s++) {
		snprintf(want, sizeof want, "\n@{%d}%s: ", s,
		    s == g->dealer ? " (dealer)" : "");
		line(text, want, seg, sizeof seg);
		snprintf(want, sizeof want, "%d %s", g->nhand[s],
		    g->nhand[s] == 1 ? "item" : "items");
		has(seg, want);
		if ((m = g->monster[s]) < 0) {
			has(seg, "no monster");
			continue;
		}
		cos_monster_name(g, m, name, sizeof name);
		has(seg, name);
		for (i = 0; i < g->pile[s].n; i++) {
			snprintf(want, sizeof want, " %s%d",
			    g->colour_emoji[g->item[g->pile[s].item[i]].colour],
			    g->item[g->pile[s].item[i]].value);
			has(seg, want);
		}
	}
	/* The decks and the tally. */
	snprintf(want, sizeof want, "Monster Deck %d, Item Deck %d, discarded "
	    "items %d.", g->nmdeck, g->nideck, g->nidiscard);
	has(text, want);
	for (s = 0; s < g->nplayers; s++) {
		snprintf(want, sizeof want, "@{%d} %d", s, g->drinks[s]);
		has(text, want);
	}
	/* No item of any hand, by name. */
	for (s = 0; s < g->nplayers; s++)
		for (i = 0; i < g->nhand[s]; i++) {
			cos_item_held(g, g->hand[s][i], name, sizeof name);
			assert_null(strstr(text, name));
		}
	assert_null(strstr(text, "Your items"));
	free(text);
}

static void
test_public_zones(void **state)
{
	struct game_events	 ev;
	struct game		*g = c_start(3, NULL);

	(void)state;
	c_give(g, 0, 0, 3, 0);
	c_give(g, 0, 1, 2, 0);
	c_give(g, 1, 1, 4, 0);
	c_give(g, 2, 0, 1, 0);
	g->drinks[1] = 3;
	c_check(g);
	check_view(g);
	/* An item played: the pile shows it. */
	c_ok(g, 0, COS_A_PLAY, 1, &ev);
	check_view(g);
	cosdrink_ops.free_game(g);
}

/* With a King in the middle. */
static void
test_public_king(void **state)
{
	struct game	*g = c_start(4, "points");

	(void)state;
	c_king_middle(g, 0, 9);
	c_give(g, 1, 0, 5, 0);
	c_check(g);
	check_view(g);
	cosdrink_ops.free_game(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_public_zones),
		cmocka_unit_test(test_public_king),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
