/*
 * fwb-int.h: the internal state of a Friends with Beverages game and the
 * functions the files of game/fwb share.  Tests may include it to build
 * exact positions; the bot only ever sees game/fwb/fwb.h.
 *
 * Every array is fixed in size: a game is one flat value that can be copied
 * with memcpy.  The card and guest data (names, recipes) live in the game
 * too, read from the compiled-in JSON by setup and load, so the engine
 * needs no globals; they come last, so the state a move changes is one
 * small block that apply can save and restore.
 */
#ifndef GAME_FWB_FWB_INT_H
#define GAME_FWB_FWB_INT_H

#include <stddef.h>

#include "game/fwb/fwb.h"

#define FWB_MAX_PLAYERS	5
#define FWB_NINGR	8	/* ingredient kinds */
#define FWB_NEQUIP	6	/* equipment types */
#define FWB_NCARDS_MAX	128	/* resource cards */
#define FWB_NGUESTS	80
#define FWB_BOXED	10	/* guests put back in the box at set-up */
#define FWB_MAX_GUESTS	4	/* guests per player (4-guest variant) */
#define FWB_START_HAND	6
#define FWB_MARKET	2	/* resource market slots */
#define FWB_GMARKET	4	/* guest market slots */
#define FWB_HAND_LIMIT	8	/* at the end of one's own turn */
#define FWB_HAND_CAP	40	/* a safety cap out of turn; see README */
#define FWB_SHED_MAX	6	/* the largest shed capacity option */
#define FWB_QUEUE_MAX	16	/* interrupts waiting to resolve */
#define FWB_DRAW_POINTS	2
#define FWB_TRADE_MAX	2	/* cards a player may trade a round */
#define FWB_MAX_LEGAL	256
#define FWB_NAME_MAX	32
#define FWB_TRIVIA_MAX	96
/* Trade kinds: ingredients, then equipment, then Abundance. */
#define FWB_NKINDS	(FWB_NINGR + FWB_NEQUIP + 1)
#define FWB_KIND_ABUNDANCE (FWB_NINGR + FWB_NEQUIP)

enum fwb_class { FWB_INGREDIENT, FWB_EQUIPMENT, FWB_INTERRUPT, FWB_EVENT };
enum fwb_interrupt {
	FWB_I_CULTURAL, FWB_I_RECALL, FWB_I_RUSH, FWB_I_CANCEL,
	FWB_I_VOLATILITY, FWB_I_HICCUP, FWB_I_FRIEND, FWB_I_TRAFFIC,
	FWB_I_SHOT, FWB_NINTERRUPTS
};
enum fwb_event { FWB_E_ABUNDANCE, FWB_E_EXHIBITION, FWB_E_LUCKY, FWB_NEVENTS };

/* Indexes into fwb_actions[]. */
enum fwb_act {
	FWB_A_DRAW, FWB_A_SWAP, FWB_A_ACCEPT, FWB_A_REJECT, FWB_A_INSTALL,
	FWB_A_SECONDHAND, FWB_A_COMPLETE, FWB_A_PLAY, FWB_A_EXHIBIT,
	FWB_A_BORROW, FWB_A_IMMUNE, FWB_A_ORDER, FWB_A_DISCARD, FWB_A_OFFER,
	FWB_A_NOSE, FWB_A_PASS, FWB_A_DONE, FWB_A_COUNT
};
/* Indexes into fwb_options[]. */
enum fwb_opt {
	FWB_O_SHED, FWB_O_GUESTS, FWB_O_SECONDHAND, FWB_O_DISCARD_MARKET,
	FWB_O_INSTALL, FWB_O_TRADING, FWB_O_INTERRUPTS, FWB_O_TIEBREAK,
	FWB_NOPTIONS
};

/* The phases of a turn, in order; an action of a later phase ends earlier ones. */
enum fwb_phase {
	FWB_PH_TRADE,		/* trading window of the Round Token's receiver */
	FWB_PH_DRAW, FWB_PH_SWAP, FWB_PH_INSTALL, FWB_PH_COMPLETE,
	FWB_PH_LIMIT		/* discarding down to the hand limit */
};

/* Decisions someone owes now; at most one is open at a time. */
enum fwb_ask_kind {
	FWB_ASK_NONE,
	FWB_ASK_GUEST,		/* accept or reject the guest drawn from the deck */
	FWB_ASK_LIMIT,		/* discard down to the hand limit */
	FWB_ASK_CANCEL,		/* Guest Cancellation: discard up to two */
	FWB_ASK_FRIEND,		/* Terrible Friend: borrow from target */
	FWB_ASK_IMMUNE,		/* One Shot: claim immunity or pass (mask) */
	FWB_ASK_SHOT,		/* One Shot: take from the right neighbour */
	FWB_ASK_RUSH,		/* Festival Rush: complete with one less, or pass */
	FWB_ASK_ORDER,		/* Cultural Exchange: reorder the top 3 guests */
	FWB_ASK_EXHIBIT,	/* Equipment Exhibition: two for one, or pass */
	FWB_ASK_OFFER,		/* a trade offer to answer */
	FWB_ASK_NOSE,		/* the table names the biggest nose (mask) */
	FWB_ASK_COUNT
};

struct fwb_card {
	int	cls;		/* enum fwb_class */
	int	kind;		/* index within its class */
};

struct fwb_guest {
	char	country[FWB_NAME_MAX];
	char	liqueur[FWB_NAME_MAX];
	char	trivia[FWB_TRIVIA_MAX];
	int	ingr[FWB_NINGR];	/* cards needed, per ingredient kind */
	int	ningr;			/* 4 to 6 */
	unsigned equip;			/* bit per equipment type, 3 to 5 */
	int	points;
	int	icon4;			/* 1-4: crossed-out icon, bottom left */
	int	icon3;			/* 1-3: crossed-out icon, bottom right */
};

struct fwb_seat_guest {
	int	guest;		/* guest card, or -1 */
	int	done;		/* recipe completed (card turned sideways) */
};

struct fwb_tool {
	int	card;
	int	installing;	/* installation delay: not usable yet */
};

struct fwb_ask {
	int		kind;		/* enum fwb_ask_kind */
	int		seat;		/* who answers; -1 when mask says */
	unsigned	mask;		/* IMMUNE: yet to answer; NOSE: tied */
	unsigned	immune;		/* IMMUNE, SHOT: seats immune to the theft */
	int		card;		/* the interrupt or event resolving, or -1 */
	int		first;		/* seat a round of answers began with */
	int		step;		/* answers so far in that round */
	int		n;		/* CANCEL: cards still to discard */
	int		got;		/* CANCEL: cards discarded so far */
	int		target;		/* FRIEND: victim; GUEST: the guest slot */
	int		give;		/* OFFER: proposer's card; GUEST: paid with equipment */
	int		want;		/* OFFER: kind wanted */
};

struct game {
	int			nplayers;
	int			opt[FWB_NOPTIONS];	/* value index per option */
	int			shed_cap;
	int			nguests;		/* 3 or 4 per player */
	int			target;			/* recipes that end the game */

	/* Resource cards; a stack's top is its last element. */
	int			deck[FWB_NCARDS_MAX];
	int			ndeck;
	int			discard[FWB_NCARDS_MAX];
	int			ndiscard;
	int			market[FWB_MARKET];	/* -1 when empty */
	int			market_owner[FWB_MARKET]; /* who emptied it, -1 */
	int			secondhand;		/* -1 when empty */
	int			cultural;		/* active Cultural Exchange, -1 */
	int			hand[FWB_MAX_PLAYERS][FWB_HAND_CAP];
	int			nhand[FWB_MAX_PLAYERS];
	struct fwb_tool		shed[FWB_MAX_PLAYERS][FWB_SHED_MAX];
	int			nshed[FWB_MAX_PLAYERS];
	int			queue[FWB_QUEUE_MAX];	/* interrupts to resolve */
	int			queue_seat[FWB_QUEUE_MAX]; /* who drew each */
	int			nqueue;

	/* Guest cards. */
	int			gdeck[FWB_NGUESTS];
	int			ngdeck;
	int			gdiscard[FWB_NGUESTS];
	int			ngdiscard;
	int			gbox[FWB_BOXED];
	int			gmarket[FWB_GMARKET];	/* -1 when empty */
	struct fwb_seat_guest	guests[FWB_MAX_PLAYERS][FWB_MAX_GUESTS];
	int			revealed;		/* drawn for a deck swap, -1 */

	/* Turn and round. */
	int			active;
	int			phase;			/* enum fwb_phase */
	int			points;			/* draw points left */
	int			served;			/* recipes completed this turn */
	int			turns;			/* turns finished so far */
	int			holder;			/* Round Token */
	int			holder_played;		/* holder had its first turn */
	int			rounds;			/* Round Token passes so far */
	int			traded[FWB_MAX_PLAYERS]; /* cards traded this round */
	int			ending;			/* a player reached the target */
	struct fwb_ask		ask;

	int			state;			/* enum game_state */
	unsigned		winners;
	struct rng		rng;

	/*
	 * Components, from the compiled-in data: they come last and never
	 * change after new or load, so a move only ever touches the first
	 * FWB_STATE_SIZE bytes (about 3 KB of the 21).
	 */
	int			ncards;
	struct fwb_card		card[FWB_NCARDS_MAX];
	char			ingr_name[FWB_NINGR][16];
	char			ingr_emoji[FWB_NINGR][16];
	int			ingr_count[FWB_NINGR];
	char			equip_name[FWB_NEQUIP][16];
	struct fwb_guest	guest[FWB_NGUESTS];
};

/* The bytes of a game that moves change: everything before the components. */
#define FWB_STATE_SIZE	offsetof(struct game, ncards)

/* cards.c: the components, read from cards.json and guests.json. */
extern const char *const fwb_interrupt_titles[FWB_NINTERRUPTS];
extern const char *const fwb_event_titles[FWB_NEVENTS];
int	 fwb_cards_load(struct game *, char **cause);
int	 fwb_kind_of(const struct game *, int card);
void	 fwb_card_name(const struct game *, int card, char *, size_t);
void	 fwb_kind_name(const struct game *, int kind, char *, size_t);
int	 fwb_is(const struct game *, int card, int cls, int kind);

/* ops.c */
extern const char *const fwb_equip_choices[FWB_NEQUIP + 1];
extern const char *const fwb_kind_choices[FWB_NKINDS + 1];
extern const struct game_action fwb_actions[];
extern const struct game_option fwb_options[];

/* setup.c */
struct game *fwb_new(const struct game_opts *, struct rng *, char **cause);
struct game *fwb_copy(const struct game *);
int	 fwb_options_apply(struct game *, char **cause);

/* zone.c: moving cards between places. */
int	 fwb_deck_pop(struct game *);
int	 fwb_draw_clean(struct game *, int seat, struct game_events *);
void	 fwb_hand_add(struct game *, int seat, int card, struct game_events *);
int	 fwb_hand_take(struct game *, int seat, int index);
int	 fwb_hand_find(const struct game *, int seat, int cls, int kind);
void	 fwb_discard_card(struct game *, int seat, int card, int to_pile,
	     struct game_events *);
void	 fwb_secondhand_put(struct game *, int card, struct game_events *);
int	 fwb_shed_find(const struct game *, int seat, int type);
int	 fwb_shed_take(struct game *, int seat, int index);
unsigned fwb_shed_types(const struct game *, int seat, int ready_only);
int	 fwb_guest_pop(struct game *);
void	 fwb_gmarket_replace(struct game *, int guest, struct game_events *);
void	 fwb_gmarket_refill(struct game *, int slot, struct game_events *);
void	 fwb_gmarket_refresh(struct game *, struct game_events *);
void	 fwb_market_fill(struct game *, int slot, int seat,
	     struct game_events *);
void	 fwb_market_refresh(struct game *, int seat, int say,
	     struct game_events *);
void	 fwb_queue_push(struct game *, int card, int seat);
int	 fwb_own_card(const struct game *, int seat, int num, int *in_shed,
	     int *index);
int	 fwb_discard_find(const struct game *, int type);
int	 fwb_discard_take(struct game *, int index);
void	 fwb_discard_equip_text(const struct game *, char *, size_t);

/* interrupt.c: resolving interrupts and the decisions they open. */
void	 fwb_interrupt_resolve(struct game *, int card, int seat,
	     struct game_events *);
int	 fwb_ask_answer(struct game *, int seat, const struct game_move *,
	     struct game_events *, char **cause);
void	 fwb_ask_close(struct game *);
void	 fwb_cancel_guest(struct game *, int seat, struct game_events *);

/* event.c: event cards played from hand, and Equipment Exhibition. */
int	 fwb_event_play(struct game *, int seat, const struct game_move *,
	     struct game_events *, char **cause);
void	 fwb_exhibit_next(struct game *, struct game_events *);
int	 fwb_exhibit_answer(struct game *, int seat, const struct game_move *,
	     struct game_events *, char **cause);
int	 fwb_can_exhibit(const struct game *, int seat);

/* complete.c: recipes. */
int	 fwb_hand_count(const struct game *, int seat, int *held);
int	 fwb_missing(const struct game *, int seat, int guest, int *ingr,
	     unsigned *equip);
int	 fwb_can_complete(const struct game *, int seat, int slot, int rush);
void	 fwb_complete(struct game *, int seat, int slot, int rush,
	     struct game_events *);
int	 fwb_done_count(const struct game *, int seat);
int	 fwb_score(const struct game *, int seat);

/* turn.c: the actions of a turn, its end, rounds, the game's end. */
int	 fwb_turn_act(struct game *, int seat, const struct game_move *,
	     struct game_events *, char **cause);
void	 fwb_settle(struct game *, struct game_events *);
void	 fwb_turn_begin(struct game *, struct game_events *);
int	 fwb_turn_answer(struct game *, int seat, const struct game_move *,
	     struct game_events *, char **cause);

/* end.c */
int	 fwb_result_get(const struct game *, struct game_result *);
void	 fwb_end_game(struct game *, struct game_events *);
int	 fwb_final_table(const struct game *, struct game_ranking *);
void	 fwb_result_say(struct game *, struct game_events *, const char *, ...)
	     __attribute__((format(printf, 3, 4)));

/* rules.c: apply, pending, legal moves. */
int	 fwb_apply(struct game *, int, const struct game_move *,
	     struct game_events *, char **cause);
int	 fwb_pending_list(const struct game *, struct game_prompt *, size_t);
int	 fwb_legal(const struct game *, int, struct game_move *, size_t);
unsigned fwb_ask_seats(const struct game *);

/* render.c */
void	 fwb_put(char *, size_t, size_t *, const char *);
void	 fwb_put_int(char *, size_t, size_t *, int);
void	 fwb_guest_text(const struct game *, int guest, char *, size_t);
void	 fwb_needs_text(const struct game *, int seat, int guest, char *,
	     size_t);
char	*fwb_render_public(const struct game *);
char	*fwb_render_private(const struct game *, int);
/* board.c */
void	 fwb_render_board(const struct game *, struct game_board *);
char	*fwb_render_brief(const struct game *, int);
void	 fwb_note_drawn(const struct game *, int seat, int card,
	     struct game_events *);

/* label.c: button labels for card arguments. */
int	 fwb_arg_label(const struct game *, int, const struct game_move *, int,
	     char *, size_t);
int	 fwb_arg_names(const struct game *, int, int, int, struct game_name *,
	     size_t);

/* save.c */
cJSON	*fwb_save(const struct game *);
struct game *fwb_load(const cJSON *, char **cause);

/* ai.c */
int	 fwb_ai(const struct game *, int, struct rng *, struct game_move *);

/* determinize.c and silly.c: the hard level's deal and the silly op. */
void	 fwb_determinize(struct game *, int seat, struct rng *);
const char *fwb_silly(const struct game *, int seat, const struct game_move *);
void	 fwb_copy_into(struct game *, const struct game *);

#endif
