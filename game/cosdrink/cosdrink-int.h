/*
 * cosdrink-int.h: the internal state of a Cosdrink Encounters game and the
 * functions the files of game/cosdrink share.  Tests may include it to
 * build exact positions; the bot only ever sees game/cosdrink/cosdrink.h.
 *
 * Every array is fixed in size, so a game is one flat value that can be
 * copied with memcpy.  The card data (names, colours, values) is read from
 * the compiled-in JSON by setup and load and comes last, so the state a
 * move changes is one block that apply can save and put back.
 */
#ifndef GAME_COSDRINK_COSDRINK_INT_H
#define GAME_COSDRINK_COSDRINK_INT_H

#include <stddef.h>

#include "game/cosdrink/cosdrink.h"

#define COS_MAX_PLAYERS		8
#define COS_HAND		3	/* a full hand, as the rules say */
#define COS_MONSTERS_MAX	48	/* monster cards, Kings included */
#define COS_KINGS_MAX		8
#define COS_ITEMS_MAX		96
#define COS_NAME_MAX		32
#define COS_EMOJI_MAX		16
#define COS_NCOLOURS		2
#define COS_MAX_LEGAL		16
/* The target of a King fight, where a seat number would be. */
#define COS_KING		(-2)

/* Indexes into cos_actions[]. */
enum cos_act {
	COS_A_PLAY, COS_A_ASK, COS_A_AID, COS_A_DECLINE, COS_A_RETREAT,
	COS_A_PASS, COS_A_DRAW, COS_A_COUNT
};
/* Indexes into cos_options[]. */
enum cos_opt { COS_O_DRINKS, COS_NOPTIONS };
/* Values of the drinks option. */
enum cos_drinks { COS_D_SIPS, COS_D_WATER, COS_D_POINTS };

struct cos_monster {
	char	name[COS_NAME_MAX];
	int	colour;
	int	value;
	int	king;
};

struct cos_item {
	char	name[COS_NAME_MAX];
	int	colour;
	int	value;
};

/* A pile of items played against one monster. */
struct cos_pile {
	int	item[COS_ITEMS_MAX];
	int	n;
};

struct game {
	int			nplayers;
	int			opt[COS_NOPTIONS];	/* value index per option */

	/* Monster cards: a stack's top is its last element. */
	int			mdeck[COS_MONSTERS_MAX];
	int			nmdeck;
	int			mbox[COS_MONSTERS_MAX];	/* not in this game */
	int			nmbox;
	int			mgone[COS_MONSTERS_MAX]; /* destroyed */
	int			nmgone;
	int			monster[COS_MAX_PLAYERS]; /* each seat's, or -1 */
	int			kings[COS_KINGS_MAX];	/* the middle; [0] is fought */
	int			nkings;
	int			kings_total;		/* Kings in this game */

	/* Item cards. */
	int			ideck[COS_ITEMS_MAX];
	int			nideck;
	int			ibox[COS_ITEMS_MAX];	/* not in this game */
	int			nibox;
	int			idiscard[COS_ITEMS_MAX];
	int			nidiscard;
	int			hand[COS_MAX_PLAYERS][COS_HAND];
	int			nhand[COS_MAX_PLAYERS];
	struct cos_pile		pile[COS_MAX_PLAYERS];	/* against seats' monsters */
	struct cos_pile		kpile;			/* against the front King */

	/* Encounter and round. */
	int			dealer;
	int			encounter;		/* from 1 */
	int			round;			/* from 1, in the encounter */
	int			king_open;		/* the front King may be fought */
	int			turn;			/* whose Player Action, or -1 */
	unsigned		done;			/* turns over this round */
	unsigned		acted;			/* took a Player Action */
	unsigned		aided;			/* aided another player */
	unsigned		retreated;		/* made a Tactical Retreat */
	unsigned		asked;			/* yet to answer the aid request */
	int			drinks[COS_MAX_PLAYERS];
	int			beaten[COS_MAX_PLAYERS];	/* their monsters destroyed */

	int			state;			/* enum game_state */
	unsigned		winners;		/* every seat, or none */
	struct rng		rng;

	/* Components, from the compiled-in data; never changed by a move. */
	char			colour_name[COS_NCOLOURS][COS_NAME_MAX];
	char			colour_emoji[COS_NCOLOURS][COS_EMOJI_MAX];
	int			nmonsters;		/* Kings last */
	struct cos_monster	mon[COS_MONSTERS_MAX];
	int			nitems;
	struct cos_item		item[COS_ITEMS_MAX];
	int			per_player;		/* monsters a player */
	int			items_per_player, items_per_king;
	int			kings_for[COS_MAX_PLAYERS + 1];	/* by players */
};

/* The bytes of a game that moves change: everything before the components. */
#define COS_STATE_SIZE	offsetof(struct game, colour_name)

/* cards.c: the components, read from cards.json. */
int	 cos_cards_load(struct game *, char **cause);
void	 cos_monster_name(const struct game *, int m, char *, size_t);
void	 cos_item_name(const struct game *, int it, char *, size_t);
void	 cos_item_held(const struct game *, int it, char *, size_t);
/* An item's worth against monster m, in halves (a whole point is 2). */
int	 cos_worth(const struct game *, int it, int m);
/* The sum of a pile against monster m, in halves. */
int	 cos_pile_sum(const struct game *, const struct cos_pile *, int m);
void	 cos_halves(int halves, char *, size_t);
int	 cos_items_for(const struct game *, int nplayers);

/* ops.c */
extern const struct game_action cos_actions[];
extern const struct game_option cos_options[];

/* setup.c */
struct game *cos_new(const struct game_opts *, struct rng *, char **cause);
struct game *cos_copy(const struct game *);

/* round.c: the flow of encounters, rounds and battles. */
int	 cos_target(const struct game *, int seat);
int	 cos_target_monster(const struct game *, int target);
struct cos_pile *cos_target_pile(struct game *, int target);
unsigned cos_aiders(const struct game *, int asker);
int	 cos_has_turn(const struct game *, int seat);
void	 cos_encounter_begin(struct game *, struct game_events *);
void	 cos_next_turn(struct game *, struct game_events *);

/* rules.c: apply, pending, legal moves. */
int	 cos_apply(struct game *, int, const struct game_move *,
	     struct game_events *, char **cause);
int	 cos_pending_list(const struct game *, struct game_prompt *, size_t);
int	 cos_legal(const struct game *, int, struct game_move *, size_t);
int	 cos_timeout_move(const struct game *, int, struct game_move *);
void	 cos_prompt_text(const struct game *, char *, size_t);

/* render.c */
const char *cos_unit(const struct game *, int n);
#define COS_MARKS_MAX	32	/* a seat's marks: " (aided) (acted)" */
void	 cos_seat_marks(const struct game *, int s, char *, size_t);
#define COS_PILES_MAX	80	/* the piles' sizes, with room to spare */
void	 cos_piles_text(const struct game *, char *, size_t);
char	*cos_render_public(const struct game *);
char	*cos_render_private(const struct game *, int);
/* board.c */
void	 cos_render_board(const struct game *, struct game_board *);
char	*cos_render_brief(const struct game *, int);
int	 cos_result_get(const struct game *, struct game_result *);
int	 cos_final_table(const struct game *, struct game_ranking *);

/* label.c */
int	 cos_arg_label(const struct game *, int, const struct game_move *, int,
	     char *, size_t);
int	 cos_arg_names(const struct game *, int, int, int, struct game_name *,
	     size_t);

/* save.c */
cJSON	*cos_save(const struct game *);
struct game *cos_load(const cJSON *, char **cause);

/* ai.c */
int	 cos_ai(const struct game *, int, struct rng *, struct game_move *);
int	 cos_need(const struct game *, int target);

/*
 * determinize.c: the items and monsters seat cannot see, dealt again for
 * the hard level's search, and the cheap copy it makes each iteration;
 * silly.c: the README's silly moves (the silly op).
 */
void	 cos_determinize(struct game *, int seat, struct rng *);
const char *cos_silly(const struct game *, int seat, const struct game_move *);
void	 cos_copy_into(struct game *, const struct game *);

#endif
