/*
 * test_determinize.c: every game's determinize op (game/game.h), as the
 * hard level's search uses it, over seeded positions of seeded games of
 * every game and player count, for every seat, while the game runs:
 *   - the public view and the seat's own view stay exactly as they were,
 *     and the dealt game is consistent (it saves and loads back, the
 *     game's own check passing);
 *   - the deal depends only on what the seat knows: a game dealt again
 *     for the seat (another world it cannot tell apart) deals into the
 *     same game with the same rng;
 *   - it does change what is hidden: in most positions another seat's
 *     own view (its hand) differs after the deal.
 * DETERMINIZE_GAMES (20) games of each game.
 */
#include "tests/unit/game-test.h"

#define DETERMINIZE_GAMES	20
#define DETERMINIZE_EVERY	5	/* positions: every 5th move */

/* seat's views of g: the public one and its own. */
static void
views(const struct game_ops *ops, const struct game *g, int seat,
    char **pub, char **own)
{
	*pub = ops->render_public(g);
	*own = ops->render_private(g, seat);
}

/* Whether a seat but seat (of np) sees its own view of g and h differ. */
static int
others_differ(const struct game_ops *ops, const struct game *g,
    const struct game *h, int seat, int np)
{
	char	*a, *b;
	int	 s, differ = 0;

	for (s = 0; s < np && !differ; s++) {
		if (s == seat)
			continue;
		a = ops->render_private(g, s);
		b = ops->render_private(h, s);
		differ = strcmp(a, b) != 0;
		free(a);
		free(b);
	}
	return differ;
}

/*
 * Checks determinize for seat of np in g (seeded by k); returns 1 when
 * the deal changed another seat's own view.
 */
static int
check_seat(const struct game_ops *ops, const struct game *g, int seat,
    int np, uint64_t k)
{
	struct game	*h, *other, *back;
	struct rng	 r, r2;
	char		*pub, *own, *hpub, *hown, *dealt, *again;
	char		*cause = NULL;
	int		 changed;

	views(ops, g, seat, &pub, &own);
	h = ops->copy_game(g);
	rng_init(&r, k, 1);
	ops->determinize(h, seat, &r);
	views(ops, h, seat, &hpub, &hown);
	if (strcmp(pub, hpub) != 0 || strcmp(own, hown) != 0)
		fail_msg("%s: seat %d: a deal changed what the seat sees:\n"
		    "%s\n%s\nbecame\n%s\n%s", ops->name, seat, pub, own,
		    hpub, hown);
	dealt = game_test_print(ops, h);
	if ((back = game_test_load_text(ops, dealt, &cause)) == NULL)
		fail_msg("%s: seat %d: a dealt game does not load: %s",
		    ops->name, seat, cause);
	ops->free_game(back);
	changed = others_differ(ops, g, h, seat, np);

	/* Another world the seat cannot tell apart deals the same. */
	other = ops->copy_game(g);
	rng_init(&r2, k, 2);
	ops->determinize(other, seat, &r2);
	rng_init(&r, k, 1);
	ops->determinize(other, seat, &r);
	again = game_test_print(ops, other);
	if (strcmp(dealt, again) != 0)
		fail_msg("%s: seat %d: the deal depends on where the hidden "
		    "cards were", ops->name, seat);
	ops->free_game(other);
	ops->free_game(h);
	free(pub);
	free(own);
	free(hpub);
	free(hown);
	free(dealt);
	free(again);
	return changed;
}

static void
test_determinize(void **state)
{
	const struct game_ops *const	*all = game_all();
	const struct game_ops		*ops;
	struct game			*g;
	struct rng			 ai;
	struct game_result		 res;
	long				 checked, changed;
	unsigned			 i;
	int				 k, n, np, seat;

	(void)state;
	for (k = 0; all[k] != NULL; k++) {
		ops = all[k];
		assert_non_null(ops->determinize);
		assert_non_null(ops->copy_into);
		checked = changed = 0;
		for (i = 0; i < DETERMINIZE_GAMES; i++) {
			np = ops->min_players + (int)(i % (unsigned)
			    (ops->max_players - ops->min_players + 1));
			g = game_test_new(ops, np, NULL, i);
			rng_init(&ai, i, 3);
			for (n = 0; ; n++) {
				ops->result(g, &res);
				for (seat = 0; res.state == GAME_RUNNING &&
				    n % DETERMINIZE_EVERY == 0 &&
				    seat < np; seat++, checked++)
					changed += check_seat(ops, g, seat, np,
					    (uint64_t)i << 20 | (uint64_t)n);
				if (game_test_ai_step(ops, g, &ai) != 0)
					break;
			}
			ops->free_game(g);
		}
		printf("%s: %ld deals checked, %ld changed hidden cards\n",
		    ops->name, checked, changed);
		assert_true(checked > 0);
		assert_true(changed > checked / 2);
	}
}

int
main(void)
{
	const struct CMUnitTest	tests[] = {
		cmocka_unit_test(test_determinize),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
