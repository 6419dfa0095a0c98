/*
 * cheers-int.h: the internal state of a CHEERS game and the functions the
 * files of game/cheers share.  Tests may include it to build exact
 * positions; the bot only ever sees game/cheers/cheers.h.
 *
 * Every array is fixed in size: a game is one flat value that can be copied
 * with memcpy, which keeps "try this move on a copy" cheap.
 */
#ifndef GAME_CHEERS_CHEERS_INT_H
#define GAME_CHEERS_CHEERS_INT_H

#include "game/cheers/cheers.h"
#include "game/text.h"

#define CHEERS_NKINDS		5
#define CHEERS_EMOJI_LEN	4	/* bytes of each kind's emoji (cards.c) */
#define CHEERS_NCARDS		50
#define CHEERS_MAX_PLAYERS	6
#define CHEERS_MAX_TEAMS	3
#define CHEERS_MAX_SHAKERS	(CHEERS_MAX_PLAYERS + 1)
#define CHEERS_MAX_PERIOD	36	/* turns before the order repeats */
#define CHEERS_VOLUME		6	/* a shaker's volume */
#define CHEERS_SHAKER_ROOM	8	/* volume plus one arrival, with a margin */
#define CHEERS_HAND_MAX		4
#define CHEERS_QUEUE_MAX	4	/* a CHEERS and two overflows at most */
#define CHEERS_NRECIPES		5
#define CHEERS_RECIPE_TOKENS	5
#define CHEERS_MAX_LEGAL	256	/* more than any position can have */
#define CHEERS_NLAYOUTS		8	/* team layouts (setup.c) */

enum cheers_mode { CHEERS_STANDARD, CHEERS_MASTER, CHEERS_MASQUERADE };
enum cheers_method { CHEERS_RECIPE_CARDS, CHEERS_RECIPE_DRAW, CHEERS_RECIPE_ALT };
enum cheers_victory { CHEERS_WIN_TEAM, CHEERS_WIN_OWN };
enum cheers_place { CHEERS_PLACE_NONE, CHEERS_PLACE_SHARE, CHEERS_PLACE_EXTRA };
enum cheers_pkind { CHEERS_P_CHEERS, CHEERS_P_OVERFLOW };
/* Indexes into cheers_actions[]. */
enum cheers_act {
	CHEERS_A_PLAY, CHEERS_A_MOVE, CHEERS_A_THROW, CHEERS_A_GIVE,
	CHEERS_A_DISCARD, CHEERS_A_COUNT
};
/* Indexes into cheers_options[]. */
enum cheers_opt { CHEERS_O_MODE, CHEERS_O_RECIPE, CHEERS_O_VICTORY, CHEERS_O_TEAMS };

/* One ingredient card: its big icon (kind) and the kind it CHEERS with. */
struct cheers_card {
	int	big;
	int	small;
};

/* A decision someone owes out of turn. */
struct cheers_pending {
	int	kind;		/* CHEERS_P_* */
	int	shaker;		/* the shaker it is about */
	int	card;		/* CHEERS: the card that was played; else -1 */
};

/* A team layout: "2+3" is team A with 2 players, then team B with 3. */
struct cheers_layout {
	const char	*name;
	int		 nplayers;
	int		 nteams;
	int		 size[CHEERS_MAX_TEAMS];
};

struct game {
	int			nplayers;
	int			mode;		/* enum cheers_mode */
	int			method;		/* enum cheers_method */
	int			victory;	/* enum cheers_victory */
	int			layout;		/* index in cheers_layouts[] */

	/* Teams: sizes in turn order, members in order of their first turn. */
	int			nteams;
	int			team_size[CHEERS_MAX_TEAMS];
	int			team_seat[CHEERS_MAX_TEAMS][CHEERS_MAX_PLAYERS];
	int			team_of[CHEERS_MAX_PLAYERS];
	int			recipe[CHEERS_MAX_TEAMS][CHEERS_NKINDS];

	/* Shakers 0..nplayers-1 are the seats'; shaker nplayers is the place. */
	int			place;		/* enum cheers_place */
	int			extra_team;	/* the team owning "extra", or -1 */
	int			nshakers;
	int			hand_size[CHEERS_MAX_PLAYERS];

	struct cheers_card	card[CHEERS_NCARDS];
	int			deck[CHEERS_NCARDS];	/* top is deck[ndeck - 1] */
	int			ndeck;
	int			discard[CHEERS_NCARDS];
	int			ndiscard;
	int			hand[CHEERS_MAX_PLAYERS][CHEERS_HAND_MAX];
	int			nhand[CHEERS_MAX_PLAYERS];
	int			shaker[CHEERS_MAX_SHAKERS][CHEERS_SHAKER_ROOM];
	int			nshaker[CHEERS_MAX_SHAKERS];
	/*
	 * Each shaker's cards counted by big icon: kept by every move that
	 * puts or takes a card, for the victory check after each one.
	 */
	unsigned char		kinds[CHEERS_MAX_SHAKERS][CHEERS_NKINDS];

	int			turn;		/* turn counter modulo period */
	int			period;
	int			order[CHEERS_MAX_PERIOD];	/* seat of each turn */
	int			active;		/* seat whose turn it is */
	int			draw_due;	/* the active seat draws once prompts end */
	struct cheers_pending	queue[CHEERS_QUEUE_MAX];
	int			nqueue;
	/*
	 * The public text of queue[0] as the move that opened it wrote it,
	 * for pending() to copy instead of writing it again; prompt_len is 0
	 * when it must be written afresh (a new or loaded game, a position
	 * a test helper changed).
	 */
	char			prompt[GAME_TEXT_MAX];
	int			prompt_len;
	/*
	 * 1 while events are off (ops set_events, for a search's playouts):
	 * no narration, no kept prompt text, and prompts without text.
	 */
	int			quiet;

	int			state;		/* enum game_state */
	unsigned		winners;	/* seats */
	unsigned		win_shakers;	/* shakers that won */

	struct rng		rng;
};

/* cards.c: kinds, the deck and the recipe cards, read from the JSON data. */
extern const char *const cheers_kind_names[CHEERS_NKINDS];
extern const char *const cheers_kind_emoji[CHEERS_NKINDS];
extern const char cheers_kind_glyph[CHEERS_NKINDS][CHEERS_EMOJI_LEN];
extern const struct game_word cheers_words[CHEERS_NKINDS + 1];
#define CHEERS_NAMED_MAX	16	/* room for any kind's "🍹 tropical" */
struct cheers_named {
	char		 text[CHEERS_NAMED_MAX];	/* "🍹 tropical", NUL-padded */
	size_t		 len;
};
extern const struct cheers_named cheers_kind_named[CHEERS_NKINDS];
int	 cheers_cards_load(struct cheers_card *, char **cause);
int	 cheers_recipes_load(int [CHEERS_NRECIPES][CHEERS_NKINDS], char **cause);
int	 cheers_kind_find(const char *);

/* ops.c: the action and option tables. */
extern const struct game_action cheers_actions[];
extern const struct game_option cheers_options[];

/* setup.c: layouts, seating, turn order and secret recipes. */
extern const struct cheers_layout cheers_layouts[];
extern const int cheers_nlayouts;
int	 cheers_seat_at(const struct game *, int turn);
int	 cheers_setup_teams(struct game *, int layout, char **cause);
const struct game *cheers_layout_laid(int layout);
int	 cheers_layout_pick(int nplayers, int mode, const char *, int *,
	     char **cause);
void	 cheers_recipe_put(const struct game *, int team, struct game_text *);
struct game *cheers_new(const struct game_opts *, struct rng *, char **cause);

/* rules.c: moves, prompts, victory. */
int	 cheers_apply(struct game *, int, const struct game_move *,
	     struct game_events *, char **cause);
int	 cheers_pending_list(const struct game *, struct game_prompt *, size_t);
void	 cheers_events_set(struct game *, int on);
int	 cheers_prompt_text(const struct game *, char *, size_t);
int	 cheers_matches(const struct game *, int shaker, int card, int *, int);
int	 cheers_shaker_wins(const struct game *, int shaker, int team);
void	 cheers_count_kinds(const struct game *, int shaker, unsigned char *);
void	 cheers_kinds_recount(struct game *);
int	 cheers_result_get(const struct game *, struct game_result *);
int	 cheers_final_table(const struct game *, struct game_ranking *);
int	 cheers_team_mask(const struct game *, int team);

/* legal.c: legal_moves, and the rows it copies (made once per process). */
void	 cheers_legal_init(void);
int	 cheers_legal(const struct game *, int, struct game_move *, size_t);

/* render.c */
void	 cheers_place_name(const struct game *, int shaker, char *, size_t);
#define CHEERS_PILES_MAX	48	/* the piles' sizes, with room to spare */
void	 cheers_piles_text(const struct game *, char *, size_t);
char	*cheers_render_public(const struct game *);
char	*cheers_render_private(const struct game *, int);
/*
 * render.c: what cheers_content_put writes, cut to room bytes, into dst
 * (the caller's, room bytes; no NUL); returns how many it wrote.
 */
size_t	 cheers_content_cut(const struct game *, int shaker, char *dst,
	     size_t room);
/* board.c */
void	 cheers_render_board(const struct game *, struct game_board *);
char	*cheers_render_brief(const struct game *, int);
int	 cheers_arg_label(const struct game *, int, const struct game_move *,
	     int, char *, size_t);
int	 cheers_arg_names(const struct game *, int, int, int,
	     struct game_name *, size_t);
int	 cheers_places(const struct game *, const char **, size_t);

/* determinize.c: the hard level's deal of what seat cannot know. */
void	 cheers_determinize(struct game *, int seat, struct rng *);
void	 cheers_copy_into(struct game *, const struct game *);
/* silly.c: the README's silly moves, for the silly op. */
const char *cheers_silly(const struct game *, int seat, const struct game_move *);

/* save.c */
cJSON	*cheers_save(const struct game *);
struct game *cheers_load(const cJSON *, char **cause);

/* ai.c */
int	 cheers_ai(const struct game *, int, struct rng *, struct game_move *);
int	 cheers_move_puts(const struct game *, int, const struct game_move *,
	     int [2], int [2]);

/* check.c: test helper that moves one card anywhere (zone CHEERS_Z_*). */
enum cheers_zone { CHEERS_Z_DECK, CHEERS_Z_HAND, CHEERS_Z_SHAKER, CHEERS_Z_DISCARD };
int	 cheers_debug_place(struct game *, int card, int zone, int index);
/* Finds a card id by big and small kind that is not yet in zone; -1 if none. */
int	 cheers_debug_card(const struct game *, int big, int small);

/*
 * The team a shaker belongs to: its seat's, the extra's team, or -1 (the
 * share).  Inline, like the two below: asked for every shaker of a legal
 * move list and for every move.
 */
static inline __attribute__((always_inline)) int
cheers_shaker_team(const struct game *g, int shaker)
{
	if (shaker < g->nplayers)
		return g->team_of[shaker];
	if (g->place == CHEERS_PLACE_EXTRA)
		return g->extra_team;
	return -1;
}

/* Whether shaker belongs to an opponent of team; the share is nobody's. */
static inline __attribute__((always_inline)) int
cheers_is_opponent_shaker(const struct game *g, int team, int shaker)
{
	int	t = cheers_shaker_team(g, shaker);

	return t >= 0 && t != team;
}

/*
 * Whether shaker may win for team under the victory option: a seat's
 * shaker for the seat's team; when any shaker of a team wins, also the
 * extra shaker for its team and the share shaker for both.  Asked by the
 * rules and the AI alike.
 */
static inline int
cheers_counts_for(const struct game *g, int shaker, int team)
{
	if (shaker < g->nplayers)
		return g->team_of[shaker] == team;
	if (g->victory != CHEERS_WIN_TEAM)
		return 0;
	if (g->place == CHEERS_PLACE_EXTRA)
		return g->extra_team == team;
	return 1;	/* Duel: the share shaker counts for both players */
}

/*
 * How many cards of shaker other than card have card's small icon as
 * their big one; card must be in shaker.  Read from the kept count of
 * each kind (g->kinds), without looking at the cards: the test of every
 * play, and of every CHEERS' answers (cheers_matches finds where they are).
 */
static inline int
cheers_matches_count(const struct game *g, int shaker, int card)
{
	int	want = g->card[card].small;

	return g->kinds[shaker][want] - (g->card[card].big == want);
}

/*
 * The seats that may answer prompt p: the shaker's owner, any member of the
 * extra shaker's team, or in a Duel the inactive player for the share.
 */
static inline unsigned
cheers_prompt_seats(const struct game *g, const struct cheers_pending *p)
{
	if (p->shaker < g->nplayers)
		return 1u << p->shaker;
	if (g->place == CHEERS_PLACE_EXTRA)
		return (unsigned)cheers_team_mask(g, g->extra_team);
	return 1u << (1 - g->active);
}

/*
 * Appends a shaker's public name ("@{2}'s shaker") to t.  Inline: most
 * lines of narration name one or two shakers.
 */
static inline __attribute__((always_inline)) void
cheers_place_put(const struct game *g, int shaker, struct game_text *t)
{
	if (shaker < g->nplayers) {
		game_text_seat(t, shaker);
		game_text_put(t, "'s shaker");
	} else if (g->place == CHEERS_PLACE_SHARE)
		game_text_put(t, "the share shaker");
	else
		game_text_put(t, "the extra shaker");
}

/* Appends the emoji of a kind of drink to t. */
static inline __attribute__((always_inline)) void
cheers_kind_put(int kind, struct game_text *t)
{
	game_text_put_n(t, cheers_kind_glyph[kind], CHEERS_EMOJI_LEN);
}

/*
 * Appends a kind of drink with its name, "🍹 tropical", to t.  Written
 * on most moves: where there is room the whole padded name is copied at
 * once (a fixed size, so no call), and only its length counted.
 */
static inline __attribute__((always_inline)) void
cheers_kind_name_put(int kind, struct game_text *t)
{
	const struct cheers_named	*k = &cheers_kind_named[kind];

	if (t->end - t->at < CHEERS_NAMED_MAX) {
		game_text_put_n(t, k->text, k->len);
		return;
	}
	memcpy(t->buf + t->at, k->text, CHEERS_NAMED_MAX);
	t->at += k->len;
	t->buf[t->at] = '\0';
}

/* Appends a card as a player holds it, "🍸 cocktail (cheers with 🍹)", to t. */
static inline __attribute__((always_inline)) void
cheers_card_put(const struct game *g, int card, struct game_text *t)
{
	cheers_kind_name_put(g->card[card].big, t);
	game_text_put(t, " (cheers with ");
	cheers_kind_put(g->card[card].small, t);
	game_text_put(t, ")");
}

/*
 * Appends what a shaker holds, "🍺 🍹" or "empty", to t.  Spaced, so that
 * no run of cards ever reads as a recipe ("🍺🍺🍷🍷🍸"), which only private
 * views and the end show.  Inline, like the rest of a line's pieces: a
 * line built all in one function keeps its text's length in a register
 * instead of storing and reloading it at every piece (make bench).
 */
static inline __attribute__((always_inline)) void
cheers_content_put(const struct game *g, int shaker, struct game_text *t)
{
	char	*p;
	size_t	 len;
	int	 i, n = g->nshaker[shaker];

	if (n == 0) {
		game_text_put(t, "empty");
		return;
	}
	/*
	 * Written every move: straight into t where it fits (fixed-size
	 * copies, no call), else cut apart.
	 */
	len = (size_t)n * (CHEERS_EMOJI_LEN + 1) - 1;
	if (n > CHEERS_SHAKER_ROOM || len + 1 > t->end - t->at) {
		t->at += cheers_content_cut(g, shaker, t->buf + t->at,
		    t->end - t->at);
		t->buf[t->at] = '\0';
		return;
	}
	p = t->buf + t->at;
	for (i = 0; i < n; i++) {
		memcpy(p, cheers_kind_glyph[g->card[g->shaker[shaker][i]].big],
		    CHEERS_EMOJI_LEN);
		p[CHEERS_EMOJI_LEN] = ' ';
		p += CHEERS_EMOJI_LEN + 1;
	}
	t->at += len;
	t->buf[t->at] = '\0';
}

#endif
