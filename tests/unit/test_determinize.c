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
 * DETERMINIZE_GAMES (20) games of each game.  And the search over those
 * deals as Friends with Beverages uses it: every root choice of the
 * game's short list (fwb_ai_choices) tried on each deal (paired), the
 * tree growing below them, playouts cut at the budget's horizon and
 * measured by the game's value (fwb_ai_value).
 */
#include "tests/unit/game-test.h"

#include "game/fwb/fwb.h"
#include "game/ismcts.h"

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

/* The first seat g asks that has a legal move, or -1. */
static int
asked_seat(const struct game_ops *ops, const struct game *g)
{
	struct game_prompt	p[GAME_MAX_PROMPTS];
	struct game_move	m[ISMCTS_LEGAL_MAX];
	int			n, k, seat;

	n = ops->pending(g, p, GAME_MAX_PROMPTS);
	for (k = 0; k < n; k++)
		for (seat = 0; seat < GAME_MAX_SEATS; seat++)
			if ((p[k].seats & (1u << seat)) && ops->legal_moves(g,
			    seat, m, ISMCTS_LEGAL_MAX) > 0)
				return seat;
	return -1;
}

/* Whether m is among the n moves of list (every arg alike). */
static int
listed(const struct game_move *list, int n, const struct game_move *m)
{
	int	i;

	for (i = 0; i < n; i++)
		if (memcmp(&list[i], m, sizeof *m) == 0)
			return 1;
	return 0;
}

/*
 * Friends with Beverages' search: at positions of a seeded game the
 * short list starts with the default AI's move and holds legal moves
 * only, and the search's move is on it and the same from the same rng;
 * the tree grows below the root's children (nodes beyond the root and
 * its choices), not a flat comparison of the choices alone.
 */
static void
test_fwb_paired(void **state)
{
	struct game_move	 list[ISMCTS_LEGAL_MAX], legal[ISMCTS_LEGAL_MAX];
	struct game_move	 m, m2, ai;
	struct ismcts_budget	 b;
	struct ismcts_stats	 st;
	struct game		*g = game_test_new(&fwb_ops, 4, NULL, 5);
	struct rng		 r, step, air;
	int			 n, nl, i, moves, seat, searched = 0;
	int			 deeper = 0;

	(void)state;
	ismcts_budget_hard(&fwb_ops, &b);
	assert_true(b.paired && b.choices != NULL && b.value != NULL &&
	    b.horizon > 0 && b.depth != 1);
	rng_init(&step, 5, 3);
	for (moves = 0; moves < 200; moves++) {
		if (moves % 11 == 0 && (seat = asked_seat(&fwb_ops, g)) >= 0) {
			n = b.choices(g, seat, list, ISMCTS_LEGAL_MAX);
			nl = fwb_ops.legal_moves(g, seat, legal,
			    ISMCTS_LEGAL_MAX);
			rng_init(&air, 1, 1);
			assert_int_equal(fwb_ops.ai_move(g, seat, &air, &ai), 0);
			assert_true(n >= 1);
			assert_int_equal(list[0].action, ai.action);
			for (i = 0; i < n; i++)
				assert_true(listed(legal, nl, &list[i]));
			rng_init(&r, (uint64_t)moves, 1);
			assert_int_equal(ismcts_move(&fwb_ops, g, seat, &r, &b,
			    &m, &st), 0);
			assert_true(st.steps <= b.steps + n * (2 * b.horizon + 1));
			deeper += n > 1 && st.nodes > n + 1;
			rng_init(&r, (uint64_t)moves, 1);
			assert_int_equal(ismcts_hard(&fwb_ops, g, seat, &r,
			    &m2), 0);
			assert_memory_equal(&m, &m2, sizeof m);
			assert_true(n == 1 || listed(list, n, &m));
			searched++;
		}
		if (game_test_ai_step(&fwb_ops, g, &step) != 0)
			break;
	}
	assert_true(searched >= 5);
	assert_true(deeper >= searched / 2);
	fwb_ops.free_game(g);
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
		cmocka_unit_test(test_fwb_paired),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
