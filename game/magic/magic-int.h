/*
 * magic-int.h: the internal state of a Magic Cocktail game and the
 * functions the files of game/magic share.  Tests may include it to build
 * exact positions; the bot only ever sees game/magic/magic.h.
 *
 * Ingredient cards of one kind are alike, so a hand is a count per kind
 * and the deck a list of kinds (its top is the last element).  Every
 * array is fixed in size: a game is one flat value that can be copied
 * with memcpy.  The card data (names, set values, recipes) live in the
 * game too, read from the compiled-in JSON by setup and load; they come
 * last and never change after new or load.
 */
#ifndef GAME_MAGIC_MAGIC_INT_H
#define GAME_MAGIC_MAGIC_INT_H

#include <stddef.h>

#include "game/magic/magic.h"

#define MAGIC_MIN_PLAYERS	4
#define MAGIC_MAX_PLAYERS	7
#define MAGIC_NKINDS		10	/* ingredient kinds */
#define MAGIC_JOKER		MAGIC_NKINDS	/* the Black Something's kind */
#define MAGIC_NALL		(MAGIC_NKINDS + 1)	/* kinds and the joker */
#define MAGIC_NCARDS_MAX	200	/* ingredient cards and jokers */
#define MAGIC_NRECIPES		9
#define MAGIC_LIGHTNING		MAGIC_NRECIPES	/* its number in the pile */
#define MAGIC_SET_MIN		2	/* cards of a kind laid out, at least */
#define MAGIC_SET_MAX		8	/* cards of a kind laid out, at most */
#define MAGIC_FIRST_DEAL	10
#define MAGIC_DEAL		5
#define MAGIC_MAX_OFFERS	32	/* open at once */
#define MAGIC_OFFERS_EACH	4	/* open at once per player */
#define MAGIC_OFFER_ID_MAX	99	/* offers a round */
#define MAGIC_TRADE_MAX		10	/* cards one side of an offer */
#define MAGIC_STONE_BONUS	2
#define MAGIC_TIE_DRAWS		8	/* tie-break draws before the rng decides */
#define MAGIC_AI_ACTS		6	/* an AI's trading moves a round */
#define MAGIC_MAX_LEGAL		1024
#define MAGIC_NAME_MAX		24

/* Indexes into magic_actions[]. */
enum magic_act {
	MAGIC_A_OFFER, MAGIC_A_COUNTER, MAGIC_A_ACCEPT, MAGIC_A_WITHDRAW,
	MAGIC_A_STONE, MAGIC_A_LAY, MAGIC_A_COUNT
};
/* Indexes into magic_options[]. */
enum magic_opt { MAGIC_O_PATH, MAGIC_NOPTIONS };

enum magic_phase {
	MAGIC_PH_TRADE,		/* trading until enough stones are placed */
	MAGIC_PH_LAY,		/* everyone lays out ingredients to score */
	MAGIC_PH_OVER
};

/* An open offer: from gives ngive of give for nwant of want. */
struct magic_offer {
	int	id;		/* 1..MAGIC_OFFER_ID_MAX, unique in a round */
	int	from;
	int	to;		/* a seat, or -1: to everyone */
	int	give, ngive;	/* kind (MAGIC_JOKER for the joker), count */
	int	want, nwant;
	int	reply;		/* the offer it counters, or 0 */
};

/*
 * Why an offer of this round is no longer open, for telling a player who
 * names it later.  MAGIC_GONE_NONE: open, never made, or not known (a
 * save from before this was kept).
 */
enum magic_gone_why {
	MAGIC_GONE_NONE,
	MAGIC_GONE_ACCEPTED,	/* who accepted it */
	MAGIC_GONE_WITHDRAWN,	/* who (its author) withdrew it */
	MAGIC_GONE_STONE,	/* who (its author) placed their stone */
	MAGIC_GONE_CLOSED,	/* who (the one it was for) placed their stone */
	MAGIC_GONE_EXPIRED,	/* who (its author) had their hand change */
	MAGIC_GONE_COUNT
};

struct magic_gone {
	signed char	why;	/* enum magic_gone_why */
	signed char	who;	/* a seat */
};

/* What one player lays out (or laid out) for scoring. */
struct magic_lay {
	int	done;		/* laid out this round */
	int	kind[2];	/* kinds laid, -1 when fewer */
	int	natural[2];	/* natural cards of each */
	int	jokers[2];	/* jokers beside each */
	int	value;		/* points */
	int	cards;		/* cards laid in all */
};

/* The card data, from cards.json. */
struct magic_kind {
	char	name[MAGIC_NAME_MAX];	/* the word players type: "mint" */
	char	title[MAGIC_NAME_MAX * 2];	/* "Mint" */
	char	emoji[16];
	int	count;
	int	points[MAGIC_SET_MAX + 1];	/* by set size; 0 below 2 */
};

struct game {
	int			nplayers;
	int			opt[MAGIC_NOPTIONS];
	int			path_len;	/* the last square of the path */

	/* Cards: a deck of kinds (top last) and counts per seat and kind. */
	int			deck[MAGIC_NCARDS_MAX];
	int			ndeck;
	int			hand[MAGIC_MAX_PLAYERS][MAGIC_NALL];

	/* Recipes: the face-down pile (top last), the revealed ones. */
	int			pile[MAGIC_NRECIPES + 1];
	int			npile;
	int			used[MAGIC_NRECIPES + 1];	/* last: current */
	int			nused;

	/* The round. */
	int			round;		/* from 1 */
	int			phase;		/* enum magic_phase */
	int			stone[MAGIC_MAX_PLAYERS];	/* order from 1, 0 */
	int			nstones;
	struct magic_offer	offer[MAGIC_MAX_OFFERS];
	int			noffers;
	int			next_id;	/* the next offer's number */
	struct magic_gone	gone[MAGIC_OFFER_ID_MAX + 1];	/* by id */
	int			acts[MAGIC_MAX_PLAYERS];	/* trading moves */
	struct magic_lay	lay[MAGIC_MAX_PLAYERS];

	/* The path and the end. */
	int			pos[MAGIC_MAX_PLAYERS];
	int			moved[MAGIC_MAX_PLAYERS];	/* last scoring */
	int			state;		/* enum game_state */
	unsigned		winners;
	struct rng		rng;

	/* Components: never change after new or load. */
	int			ncards;
	struct magic_kind	kind[MAGIC_NALL];
	int			recipe[MAGIC_NRECIPES][4];	/* 1st 2nd 3rd last */
	int			lightning_among;
};

/* The bytes of a game that moves change: everything before the components. */
#define MAGIC_STATE_SIZE	offsetof(struct game, ncards)

/* cards.c */
int	 magic_cards_load(struct game *, char **cause);
int	 magic_points(const struct game *, int kind, int n);
void	 magic_kind_text(const struct game *, int kind, int n, char *, size_t);

/* ops.c */
extern const char *const magic_kind_choices[MAGIC_NALL + 1];
extern const struct game_action magic_actions[];
extern const struct game_option magic_options[];

/* setup.c */
struct game *magic_new(const struct game_opts *, struct rng *, char **cause);
struct game *magic_copy(const struct game *);
int	 magic_options_apply(struct game *, char **cause);
void	 magic_round_begin(struct game *, struct game_events *);
int	 magic_hand_size(const struct game *, int seat);
int	 magic_stones_needed(const struct game *);
const int *magic_recipe_now(const struct game *);
int	 magic_rounds_played(const struct game *);
void	 magic_end(struct game *, struct game_events *, const char *why);

/* trade.c */
int	 magic_trade(struct game *, int seat, const struct game_move *,
	     struct game_events *, char **cause);
struct magic_offer *magic_offer_find(struct game *, int id);
const struct magic_offer *magic_offer_get(const struct game *, int id);
int	 magic_offer_check(const struct game *, int seat, int to, int give,
	     int ngive, int want, int nwant, char **cause);
int	 magic_can_accept(const struct game *, int seat,
	     const struct magic_offer *);
extern const char *const magic_gone_words[MAGIC_GONE_COUNT + 1];

/* score.c */
int	 magic_lay_eval(const struct game *, const int *hand, int k1, int k2,
	     struct magic_lay *);
int	 magic_lay_best(const struct game *, const int *hand,
	     struct magic_lay *);
int	 magic_can_lay(const struct game *, const int *hand);
int	 magic_lay(struct game *, int seat, const struct game_move *,
	     struct game_events *, char **cause);
int	 magic_result_get(const struct game *, struct game_result *);
int	 magic_final_table(const struct game *, struct game_ranking *);

/* rules.c */
int	 magic_apply(struct game *, int, const struct game_move *,
	     struct game_events *, char **cause);
int	 magic_pending_list(const struct game *, struct game_prompt *, size_t);
int	 magic_legal(const struct game *, int, struct game_move *, size_t);
unsigned magic_asked(const struct game *);
int	 magic_timeout(const struct game *, int, struct game_move *);

/* render.c */
#define MAGIC_RECIPE_TEXT_MAX	160	/* the recipe line of the board */
int	 magic_recipe_text(const struct game *, char *, size_t);
void	 magic_offer_text(const struct game *, const struct magic_offer *,
	     char *, size_t);
void	 magic_lay_text(const struct game *, const struct magic_lay *, char *,
	     size_t);
char	*magic_render_public(const struct game *);
char	*magic_render_private(const struct game *, int);
/* board.c */
void	 magic_render_board(const struct game *, struct game_board *);
char	*magic_render_brief(const struct game *, int);
void	 magic_hand_list(const struct game *, const int *count, char *, size_t);
int	 magic_arg_label(const struct game *, int, const struct game_move *,
	     int, char *, size_t);
int	 magic_arg_names(const struct game *, int, int, int,
	     struct game_name *, size_t);

/* save.c */
cJSON	*magic_save(const struct game *);
struct game *magic_load(const cJSON *, char **cause);

/* ai.c */
int	 magic_ai(const struct game *, int, struct rng *, struct game_move *);
int	 magic_ai_paced(const struct game *, int, struct rng *, unsigned,
	     struct game_move *);
extern const struct game_ai_pace magic_ai_pace;

#endif
