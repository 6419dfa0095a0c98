/*
 * game-property.c: the property harness of every game (see
 * game-property.h): plays seeded games through a game's ops and checks
 * them after every move.
 */
#include <stdlib.h>
#include <time.h>

#include "tests/unit/game-property.h"
#include "lib/xmalloc.h"

/* What gprop_main's test plays; set before cmocka runs it. */
static const struct gprop	*spec;

/* Fails the test with what the game's own check says is wrong. */
static void
gprop_check(const struct game *g, const char *when, unsigned i, int moves)
{
	char	*cause = NULL;

	if (spec->check(g, &cause) != 0)
		fail_msg("game %u %s %d: %s", i, when, moves, cause);
}

/* Renders every view of g; the seen hook reads them and ev's texts. */
static void
gprop_views(const struct game *g, int n, const struct game_events *ev)
{
	struct game_result	 r;
	char			*a;
	int			 s, k;

	for (s = 0; s < n; s++) {
		a = spec->ops->render_private(g, s);
		if (spec->seen != NULL)
			spec->seen(g, s, a);
		free(a);
		if (spec->ops->render_brief == NULL)
			continue;
		a = spec->ops->render_brief(g, s);
		if (spec->seen != NULL)
			spec->seen(g, s, a);
		free(a);
	}
	a = spec->ops->render_public(g);
	if (spec->seen != NULL)
		spec->seen(g, -1, a);
	free(a);
	assert_int_equal(spec->ops->result(g, &r), 0);
	if (spec->seen == NULL)
		return;
	spec->seen(g, -1, r.text);
	for (k = 0; ev != NULL && k < ev->n; k++)
		if (ev->ev[k].kind != GAME_EV_END)
			spec->seen(g, -1, ev->ev[k].text);
	/* A note is its seat's alone. */
	for (k = 0; ev != NULL && k < ev->nnotes; k++)
		spec->seen(g, ev->note[k].seat, ev->note[k].text);
}

/* save -> load -> save is byte-identical, and the loaded game asks the same. */
static void
gprop_roundtrip(const struct game *g)
{
	struct game_prompt	 pg[GAME_MAX_PROMPTS], ph[GAME_MAX_PROMPTS];
	struct game		*h;
	char			*a, *b, *cause = NULL;
	int			 n, k;

	a = game_test_print(spec->ops, g);
	if ((h = game_test_load_text(spec->ops, a, &cause)) == NULL)
		fail_msg("load: %s", cause);
	n = spec->ops->pending(g, pg, GAME_MAX_PROMPTS);
	assert_int_equal(spec->ops->pending(h, ph, GAME_MAX_PROMPTS), n);
	for (k = 0; k < n; k++) {
		assert_int_equal(pg[k].seats, ph[k].seats);
		assert_string_equal(pg[k].text, ph[k].text);
	}
	if (spec->loaded != NULL)
		spec->loaded(g, h);
	b = game_test_print(spec->ops, h);
	assert_string_equal(a, b);
	free(a);
	free(b);
	spec->ops->free_game(h);
}

/*
 * Picks who moves among the seats p->pr asks; on a sampled move checks
 * that exactly those seats have legal moves.
 */
static void
gprop_pick(struct gprop_play *p, struct game_move *mv, int sampled)
{
	unsigned	asked = p->pr.seats;
	int		j, k;

	p->seat = -1;
	if (spec->pick_any)
		do
			p->seat = (int)rng_below(&p->r, (uint32_t)p->n);
		while (!(asked & (1u << p->seat)));
	for (j = 0; j < p->n; j++) {
		if (sampled) {
			k = spec->ops->legal_moves(p->g, j, mv,
			    (size_t)spec->max_legal);
			if (!(asked & (1u << j)))
				assert_int_equal(k, 0);
			else
				assert_true(k > 0);
		}
		if (spec->pick_any || !(asked & (1u << j)))
			continue;
		if (p->seat < 0 || rng_below(&p->r, 2) == 0)
			p->seat = j;
	}
}

/* Every legal move of p->seat, and its timeout move, is accepted on a copy. */
static void
gprop_try_all(struct gprop_play *p, const struct game_move *mv, int k,
    struct game *copy)
{
	static struct game_events	 full;	/* saturated: adds are no-ops */
	const struct game_ops		*ops = spec->ops;
	struct game_move		 m;
	char				*cause = NULL;
	int				 j, rc;

	full.n = GAME_MAX_EVENTS;
	full.nnotes = GAME_MAX_NOTES;
	for (j = 0; j < k; j++) {
		memcpy(copy, p->g, spec->state_size);
		if (ops->apply(copy, p->seat, &mv[j], &full, &cause) != 0)
			fail_msg("game %u: legal move %s rejected: %s", p->i,
			    ops->actions[mv[j].action].name, cause);
	}
	if (ops->timeout_move == NULL)
		return;
	rc = ops->timeout_move(p->g, p->seat, &m);
	if (spec->timeout_always)
		assert_int_equal(rc, 0);
	if (rc != 0)
		return;
	memcpy(copy, p->g, spec->state_size);
	if (ops->apply(copy, p->seat, &m, &full, &cause) != 0)
		fail_msg("game %u: timeout move rejected: %s", p->i, cause);
}

/* Chooses p->m for p->seat: random legal, timeout or AI. */
static void
gprop_choose(struct gprop_play *p, const struct game_move *mv, int k)
{
	unsigned	bit = 1u << p->seat;

	if (p->random_seats & bit)
		p->m = mv[rng_below(&p->r, (uint32_t)k)];
	else if (p->passive_seats & bit)
		assert_int_equal(spec->ops->timeout_move(p->g, p->seat, &p->m),
		    0);
	else {
		assert_int_equal(spec->ops->ai_move(p->g, p->seat, &p->r,
		    &p->m), 0);
		if (spec->ai_moved != NULL)
			spec->ai_moved(p);
	}
}

/*
 * Events off (ops set_events) change nothing but the texts: q, a copy of
 * p's game with its events off, asks what p->pr asks without its text,
 * and on a sampled move its AI picks the same move for p->seat and it
 * saves the same.  NULL q: the game has no switch.
 */
static void
gprop_quiet_before(struct gprop_play *p, const struct game *q, int sampled)
{
	struct game_prompt	 pr[GAME_MAX_PROMPTS];
	struct game_move	 a, b;
	struct rng		 ra, rb;
	char			*s, *t;

	if (q == NULL)
		return;
	assert_int_equal(spec->ops->pending(q, pr, GAME_MAX_PROMPTS), 1);
	assert_int_equal(pr[0].seats, p->pr.seats);
	assert_int_equal(pr[0].turn, p->pr.turn);
	assert_int_equal(pr[0].each, p->pr.each);
	assert_int_equal(pr[0].actions, p->pr.actions);
	assert_string_equal(pr[0].text, "");
	if (!sampled)
		return;
	rng_init(&ra, p->i, (uint64_t)p->moves);
	rb = ra;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	assert_int_equal(spec->ops->ai_move(p->g, p->seat, &ra, &a), 0);
	assert_int_equal(spec->ops->ai_move(q, p->seat, &rb, &b), 0);
	assert_memory_equal(&a, &b, sizeof a);
	s = game_test_print(spec->ops, p->g);
	t = game_test_print(spec->ops, q);
	assert_string_equal(s, t);
	free(s);
	free(t);
}

/* q (as above) takes p's move; events off, it writes nothing in its list. */
static void
gprop_quiet_after(struct gprop_play *p, struct game *q)
{
	static struct game_events	 ev;
	char				*cause = NULL;

	if (q == NULL)
		return;
	game_events_init(&ev);
	if (spec->ops->apply(q, p->seat, &p->m, &ev, &cause) != 0)
		fail_msg("game %u move %d: refused with events off: %s", p->i,
		    p->moves, cause);
	if (ev.n != 0 || ev.nnotes != 0 || ev.dropped != 0 ||
	    ev.private_changed != 0 || ev.show_table != 0)
		fail_msg("game %u move %d: events off, yet the move wrote %d "
		    "lines and %d notes", p->i, p->moves, ev.n, ev.nnotes);
}

/* Makes one move of p's game and checks what follows. */
static void
gprop_move(struct gprop_play *p, struct game_move *mv, struct game *copy,
    struct game *quiet)
{
	const struct game_ops	*ops = spec->ops;
	struct game_prompt	 pr[GAME_MAX_PROMPTS];
	char			*cause = NULL;
	unsigned		 at = p->i + (unsigned)p->moves;
	int			 k, sampled;

	assert_int_equal(ops->pending(p->g, pr, GAME_MAX_PROMPTS), 1);
	assert_true(pr[0].seats != 0);
	p->pr = pr[0];
	sampled = at % (unsigned)spec->sample_legal == 0;
	gprop_pick(p, mv, sampled);
	k = ops->legal_moves(p->g, p->seat, mv, (size_t)spec->max_legal);
	assert_true(k > 0 && k < spec->max_legal);
	if (sampled)
		gprop_try_all(p, mv, k, copy);
	gprop_choose(p, mv, k);
	p->sampled = at % (unsigned)spec->sample_views == 0;
	gprop_quiet_before(p, quiet, at % (unsigned)spec->sample_save == 0);
	if (p->sampled)
		memcpy(p->prev, p->g, spec->state_size);
	if (spec->before != NULL)
		spec->before(p);
	game_events_init(&p->ev);
	if (ops->apply(p->g, p->seat, &p->m, &p->ev, &cause) != 0)
		fail_msg("game %u move %d: %s rejected: %s", p->i, p->moves,
		    ops->actions[p->m.action].name, cause);
	gprop_check(p->g, "move", p->i, p->moves);
	gprop_quiet_after(p, quiet);
	if (p->sampled)
		gprop_views(p->g, p->n, &p->ev);
	if (spec->after != NULL)
		spec->after(p);
	if (at % (unsigned)spec->sample_save == 0)
		gprop_roundtrip(p->g);
}

/* Whether g is still being played. */
static int
gprop_running(const struct game *g)
{
	struct game_result	r;

	assert_int_equal(spec->ops->result(g, &r), 0);
	return r.state == GAME_RUNNING;
}

/* Plays game i to its end (or the cap); counts it and its moves. */
static void
gprop_play_one(unsigned i, long *played, long *moves, struct game_move *mv)
{
	static struct gprop_play	 p;	/* 12 KB of events */
	struct game_prompt		 pr[GAME_MAX_PROMPTS];
	struct game			*copy, *quiet = NULL;
	struct game_result		 r, rq;
	char				*s, *t;

	memset(&p, 0, sizeof p);
	p.i = i;
	spec->start(&p);
	rng_init(&p.r, i, 99);
	game_events_init(&p.ev);
	gprop_check(p.g, "move", i, 0);
	copy = spec->ops->copy_game(p.g);
	p.prev = spec->ops->copy_game(p.g);
	if (spec->ops->set_events != NULL) {
		quiet = spec->ops->copy_game(p.g);
		spec->ops->set_events(quiet, 0);
	}
	gprop_views(p.g, p.n, NULL);
	for (p.moves = 0; gprop_running(p.g) && p.moves < spec->max_moves;
	    p.moves++)
		gprop_move(&p, mv, copy, quiet);
	if (gprop_running(p.g)) {
		if (!spec->may_cap)
			fail_msg("game %u (%s) did not end in %d moves", i,
			    p.opts, spec->max_moves);
	} else {
		assert_int_equal(spec->ops->legal_moves(p.g, 0, mv,
		    (size_t)spec->max_legal), 0);
		assert_int_equal(spec->ops->pending(p.g, pr, GAME_MAX_PROMPTS),
		    0);
	}
	gprop_views(p.g, p.n, NULL);
	if (i % (unsigned)spec->save_end == 0)
		gprop_roundtrip(p.g);
	if (quiet != NULL) {
		/* The same end, and events on again, the same texts. */
		spec->ops->set_events(quiet, 1);
		assert_int_equal(spec->ops->result(p.g, &r), 0);
		assert_int_equal(spec->ops->result(quiet, &rq), 0);
		assert_memory_equal(&r, &rq, sizeof r);
		s = game_test_print(spec->ops, p.g);
		t = game_test_print(spec->ops, quiet);
		assert_string_equal(s, t);
		free(s);
		free(t);
		spec->ops->free_game(quiet);
	}
	if (spec->ended != NULL)
		spec->ended(&p);
	played[p.n]++;
	moves[p.n] += p.moves;
	spec->ops->free_game(copy);
	spec->ops->free_game(p.prev);
	spec->ops->free_game(p.g);
}

/* The one test: plays every game, prints the tallies. */
static void
test_property(void **state)
{
	const char		*env = getenv(spec->env);
	struct game_move	*mv;
	long			 games = spec->games, total = 0;
	long			 played[GAME_MAX_SEATS + 1];
	long			 moves[GAME_MAX_SEATS + 1];
	unsigned		 i;
	int			 n;
	clock_t			 start = clock();

	(void)state;
	if (env != NULL)
		games = strtol(env, NULL, 10);
	memset(played, 0, sizeof played);
	memset(moves, 0, sizeof moves);
	mv = xcalloc((size_t)spec->max_legal, sizeof *mv);
	for (i = 0; i < (unsigned)games; i++)
		gprop_play_one(i, played, moves, mv);
	free(mv);
	for (n = spec->ops->min_players; n <= spec->ops->max_players; n++) {
		total += played[n];
		printf("%s property: %d players: %ld games, %.1f moves a game",
		    spec->name, n, played[n], played[n] ?
		    (double)moves[n] / played[n] : 0);
		if (spec->report != NULL)
			spec->report(n, played[n]);
		printf("\n");
	}
	printf("%s property: %ld games played in %.1f s of CPU\n", spec->name,
	    total, (double)(clock() - start) / CLOCKS_PER_SEC);
	assert_int_equal(total, games);
}

int
gprop_main(const struct gprop *s)
{
	const struct CMUnitTest	tests[] = {
		cmocka_unit_test(test_property),
	};
	char			name[64];

	spec = s;
	snprintf(name, sizeof name, "%s_property", s->name);
	return cmocka_run_group_tests_name(name, tests, NULL, NULL);
}
