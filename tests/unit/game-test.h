/*
 * game-test.h: what the unit tests of every game share (the per-game
 * headers, cheers-test.h, fwb-test.h, cosdrink-test.h and magic-test.h,
 * build on it): starting a game with options given as words, and looking
 * for a line in a move's narration or a seat's private notes, applying a
 * move that must pass or fail, playing the AI's next move (ai-next.h),
 * saving and loading a game (unchanged, or changed into a save that
 * must be refused), and moving cards among hidden zones at random (what
 * the per-game re-dealers of the hint and silly-move tests build on).
 * Header-only (static inline).
 */
#ifndef TESTS_UNIT_GAME_TEST_H
#define TESTS_UNIT_GAME_TEST_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tests/unit/ai-next.h"

#include "game/game.h"
#include "game/rng.h"

/*
 * Fills o for n players from opts ("name=value name=value" or NULL); the
 * values point into buf, which the caller owns and keeps while o is used.
 * Fails the test on an option ops does not know.
 */
static inline void
game_test_opts(const struct game_ops *ops, int n, const char *opts,
    char *buf, size_t size, struct game_opts *o)
{
	char	*w, *eq, *save;
	int	 i;

	memset(o, 0, sizeof *o);
	o->nplayers = n;
	snprintf(buf, size, "%s", opts != NULL ? opts : "");
	for (w = strtok_r(buf, " ", &save); w != NULL;
	    w = strtok_r(NULL, " ", &save)) {
		eq = strchr(w, '=');
		assert_non_null(eq);
		*eq = '\0';
		i = game_option_index(ops, w);
		assert_true(i >= 0);
		o->values[i] = eq + 1;
	}
}

/*
 * Starts a game of ops for n players; opts is "name=value name=value" or
 * NULL; the deal comes from seed.  Fails the test when the game refuses.
 * Caller frees.
 */
static inline struct game *
game_test_new(const struct game_ops *ops, int n, const char *opts,
    uint64_t seed)
{
	struct game_opts	 o;
	struct rng		 r;
	struct game		*g;
	char			*cause = NULL, buf[256];

	game_test_opts(ops, n, opts, buf, sizeof buf, &o);
	rng_init(&r, seed, 7);
	g = ops->new_game(&o, &r, &cause);
	if (g == NULL)
		fail_msg("new_game: %s", cause);
	return g;
}

/*
 * Checks that ops refuses a game of n players with opts (as for
 * game_test_new) and that its cause contains want.
 */
static inline void
game_test_refused(const struct game_ops *ops, int n, const char *opts,
    const char *want)
{
	struct game_opts	 o;
	struct rng		 r;
	char			*cause = NULL, buf[256];

	game_test_opts(ops, n, opts, buf, sizeof buf, &o);
	rng_init(&r, 1, 1);
	assert_null(ops->new_game(&o, &r, &cause));
	assert_non_null(cause);
	if (strstr(cause, want) == NULL)
		fail_msg("cause \"%s\" lacks \"%s\"", cause, want);
	free(cause);
}

/*
 * Checks that seat's private view of g (a game of ops) contains text, or
 * (when has is 0) does not.
 */
static inline void
game_test_private(const struct game_ops *ops, const struct game *g, int seat,
    const char *text, int has)
{
	char	*view = ops->render_private(g, seat);

	if ((strstr(view, text) != NULL) != has)
		fail_msg("seat %d's view %s \"%s\": %s", seat,
		    has ? "lacks" : "has", text, view);
	free(view);
}

/* g (a game of ops) saved, as one line of JSON the caller frees. */
static inline char *
game_test_print(const struct game_ops *ops, const struct game *g)
{
	cJSON	*o = ops->save(g);
	char	*s = cJSON_PrintUnformatted(o);

	cJSON_Delete(o);
	return s;
}

/* Loads a game of ops from JSON text; the game, or NULL and *cause. */
static inline struct game *
game_test_load_text(const struct game_ops *ops, const char *text,
    char **cause)
{
	cJSON		*doc = cJSON_Parse(text);
	struct game	*h;

	assert_non_null(doc);
	h = ops->load(doc, cause);
	cJSON_Delete(doc);
	return h;
}

/*
 * Plays the next AI move in g (a game of ops, ai_next): the first seat
 * asked that the AI r has a move for makes it, and it must be accepted
 * (else the test fails, naming the game and the seat).  0 when a seat
 * moved, -1 when no seat asked had a move.
 */
static inline int
game_test_ai_step(const struct game_ops *ops, struct game *g, struct rng *r)
{
	char	*cause = NULL;
	int	 seat = -1, rc = ai_next(ops, g, r, &seat, &cause);

	if (rc < 0)
		fail_msg("%s: the AI's move of seat %d: %s", ops->name, seat,
		    cause);
	return rc == 0 ? 0 : -1;
}

/*
 * Saves g (a game of ops), lets edit change the JSON when not NULL, and
 * loads it: the game (caller frees), or NULL and *cause.
 */
static inline struct game *
game_test_reload(const struct game_ops *ops, const struct game *g,
    void (*edit)(cJSON *), char **cause)
{
	struct game	*h;
	cJSON		*doc = ops->save(g);

	if (edit != NULL)
		edit(doc);
	h = ops->load(doc, cause);
	cJSON_Delete(doc);
	return h;
}

/*
 * g (a game of ops) saved and loaded unchanged must load, and save the
 * same JSON text as g; returns the loaded game, which the caller frees.
 */
static inline struct game *
game_test_roundtrip(const struct game_ops *ops, const struct game *g)
{
	struct game	*h;
	char		*sa, *sb, *cause = NULL;

	h = game_test_reload(ops, g, NULL, &cause);
	if (h == NULL)
		fail_msg("load: %s", cause);
	sa = game_test_print(ops, g);
	sb = game_test_print(ops, h);
	assert_string_equal(sa, sb);
	free(sa);
	free(sb);
	return h;
}

/*
 * Case i of a table of corrupt saves: g (a game of ops) saved, changed
 * by edit, must be refused with a cause that contains want.
 */
static inline void
game_test_edit_refused(const struct game_ops *ops, const struct game *g,
    void (*edit)(cJSON *), const char *want, size_t i)
{
	char	*cause = NULL;

	assert_null(game_test_reload(ops, g, edit, &cause));
	assert_non_null(cause);
	if (strstr(cause, want) == NULL)
		fail_msg("case %zu: \"%s\" lacks \"%s\"", i, cause, want);
	free(cause);
}

/* Whether any event text contains s. */
static inline int
game_test_said(const struct game_events *ev, const char *s)
{
	int	i;

	for (i = 0; i < ev->n; i++)
		if (strstr(ev->ev[i].text, s) != NULL)
			return 1;
	return 0;
}

/* Whether a private note of ev for seat contains s. */
static inline int
game_test_noted(const struct game_events *ev, int seat, const char *s)
{
	int	i;

	for (i = 0; i < ev->nnotes; i++)
		if (ev->note[i].seat == seat &&
		    strstr(ev->note[i].text, s) != NULL)
			return 1;
	return 0;
}

/* Move (action, a0..a4); the last argument is left out. */
static inline struct game_move
game_test_move(int action, int a0, int a1, int a2, int a3, int a4)
{
	struct game_move	m;

	m.action = action;
	m.args[0] = a0;
	m.args[1] = a1;
	m.args[2] = a2;
	m.args[3] = a3;
	m.args[4] = a4;
	m.args[5] = -1;
	return m;
}

/* A game's own consistency check (cheers_check): 0, or -1 and *cause. */
typedef int	game_test_checker(const struct game *, char **cause);

/* Fails the test, naming the check, unless check passes on g. */
static inline void
game_test_check(game_test_checker *check, const char *name,
    const struct game *g)
{
	char	*cause = NULL;

	if (check(g, &cause) != 0)
		fail_msg("%s: %s", name, cause);
}

/*
 * Applies seat's move m, which must succeed, then check (named name);
 * events go to ev (may be NULL).
 */
static inline void
game_test_ok(const struct game_ops *ops, game_test_checker *check,
    const char *name, struct game *g, int seat, const struct game_move *m,
    struct game_events *ev)
{
	struct game_events	local;
	char			*cause = NULL;

	if (ev == NULL)
		ev = &local;
	game_events_init(ev);
	if (ops->apply(g, seat, m, ev, &cause) != 0)
		fail_msg("apply: %s", cause);
	game_test_check(check, name, g);
}

/*
 * Applies seat's move m, which must fail with a cause containing want;
 * checks that the game's size bytes are byte for byte unchanged and that
 * nothing was said.
 */
static inline void
game_test_bad(const struct game_ops *ops, struct game *g, size_t size,
    int seat, const struct game_move *m, const char *want)
{
	struct game_events	 ev;
	struct game		*before = ops->copy_game(g);
	char			*cause = NULL;

	game_events_init(&ev);
	assert_int_equal(ops->apply(g, seat, m, &ev, &cause), -1);
	assert_non_null(cause);
	if (strstr(cause, want) == NULL)
		fail_msg("cause \"%s\" lacks \"%s\"", cause, want);
	assert_memory_equal(before, g, size);
	assert_int_equal(ev.n, 0);
	free(before);	/* a flat copy: its parts are g's */
	free(cause);
}

/*
 * Moves the cards of the n arrays a[i] (lengths *len[i], kept) among
 * themselves at random, except those keep() says stay (may be NULL).
 */
static inline void
game_test_shuffle(struct rng *r, int **a, const int *len, int n,
    int (*keep)(const struct game *, int card), const struct game *g)
{
	int	pool[512], np = 0, i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < len[i]; j++)
			if (keep == NULL || !keep(g, a[i][j]))
				if (np < 512)
					pool[np++] = a[i][j];
	rng_shuffle(r, pool, np);
	np = 0;
	for (i = 0; i < n; i++)
		for (j = 0; j < len[i]; j++)
			if (keep == NULL || !keep(g, a[i][j]))
				a[i][j] = pool[np++];
}

/*
 * Moves the cards in the hands of every seat but seat (of nplayers; hand
 * i at hand + i * stride, its length nhand[i]) and in deck (ndeck cards)
 * among themselves at random.
 */
static inline void
game_test_others(struct rng *r, const struct game *g, int seat,
    int nplayers, int *hand, size_t stride, const int *nhand, int *deck,
    int ndeck)
{
	int	*a[GAME_MAX_SEATS + 1], len[GAME_MAX_SEATS + 1], n = 0, s;

	for (s = 0; s < nplayers; s++)
		if (s != seat) {
			a[n] = hand + (size_t)s * stride;
			len[n++] = nhand[s];
		}
	a[n] = deck;
	len[n++] = ndeck;
	game_test_shuffle(r, a, len, n, NULL, g);
}

#endif
