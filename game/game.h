/*
 * game.h: the interface between the bot and a game's rules.
 *
 * A game module is a const table of functions (struct game_ops), like redis
 * module types or tmux's window modes.  A game is a value: state in, a move
 * in, new state and public events out.  It does no I/O, keeps no globals and
 * reads no clock; its randomness comes from the struct rng it is given, so a
 * game replays exactly from seed + options + moves.
 *
 * Text that a game produces (events, prompts, renderings) names seats as
 * "@{N}" (N the seat number, from 0); the bot expands these to names or
 * platform mentions.  Only render_private() ever shows a secret.
 */
#ifndef GAME_GAME_H
#define GAME_GAME_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "game/rng.h"

#define GAME_MAX_SEATS		8
#define GAME_MAX_ARGS		6
#define GAME_MAX_OPTIONS	8
#define GAME_MAX_EVENTS		32
#define GAME_MAX_NOTES		16
#define GAME_MAX_PROMPTS	GAME_MAX_SEATS
#define GAME_MAX_PLACES		4
#define GAME_TEXT_MAX		320

/*
 * A target that is not a seat's own place is a named place ("share",
 * "extra"): its number is GAME_PLACE_BASE + its index in places().
 */
#define GAME_PLACE_BASE		100

struct game;			/* opaque, one per game module */

/* What kind of word an action argument is; drives parsing and schemas. */
enum game_arg_type {
	GAME_ARG_CARD,		/* a card number as the private or public view lists it, from 1 */
	GAME_ARG_TARGET,	/* a seat (@name, name, "me") or a named place */
	GAME_ARG_PLAYER,	/* a seat */
	GAME_ARG_CHOICE,	/* one of the arg's choices; the value is its index */
	GAME_ARG_COUNT,		/* a whole number from min to max */
	GAME_ARG_TEXT,		/* free words (lobby verbs only: a game name, options) */
};

struct game_arg {
	const char		*name;		/* "card", "target" */
	enum game_arg_type	 type;
	const char		*help;		/* "number of a card in your hand" */
	int			 optional;	/* only trailing args may be optional */
	const char *const	*choices;	/* GAME_ARG_CHOICE: NULL-terminated */
	int			 min, max;	/* GAME_ARG_COUNT bounds */
};

/*
 * One thing a card argument may name, as the acting seat sees it (the
 * arg_names op): the number the argument takes and the card's name
 * ("Mint Sprig", "shaker", "beer (cheers with tropical)").  Several
 * entries may share a name when they are the same card.
 */
#define GAME_NAME_MAX		64
#define GAME_MAX_NAMES		64

struct game_name {
	int	value;
	char	name[GAME_NAME_MAX];
};

/* When an action may be used. */
#define GAME_ACT_TURN	0x1	/* on your own turn */
#define GAME_ACT_PROMPT	0x2	/* to answer a prompt addressed to you */

/*
 * One action, described once: the console parser, help text, Discord's
 * slash-command schema and buttons and Slack's usage text all come from it.
 */
struct game_action {
	const char		*name;		/* "play" */
	const char		*summary;	/* one line: "offer a drink: play a hand card into a shaker" */
	const char		*example;	/* "play 2 @bob" */
	int			 flags;		/* GAME_ACT_* */
	int			 nargs;
	struct game_arg		 args[GAME_MAX_ARGS];
};

/* A move: an action (its index in ops->actions) and its arguments. */
struct game_move {
	int	action;
	int	args[GAME_MAX_ARGS];	/* -1 where an optional arg was left out */
};

/* A table option, described once: "mode", its values (first is default). */
struct game_option {
	const char		*name;
	const char *const	*values;	/* NULL-terminated */
	const char		*help;
};

/* What the bot hands to new(). */
struct game_opts {
	int		 nplayers;
	/* Per option, in the order of ops->options; NULL means the default. */
	const char	*values[GAME_MAX_OPTIONS];
};

enum game_event_kind {
	GAME_EV_INFO,		/* an ordinary move or draw */
	GAME_EV_CHEERS,		/* a reaction fired (CHEERS!) */
	GAME_EV_PROMPT,		/* someone must now answer out of turn */
	GAME_EV_END,		/* the game is over: a win or a tie */
};

/*
 * One public sentence of narration; never holds a secret.  A sentence
 * that changes a place everyone sees (a shaker, a market) names it with
 * its new content ("@{0} offers 🍹 tropical to @{1}'s shaker (now 🍺
 * 🍹)."), so that the bot can tell a whole move in one line
 * (bot/saying/narrate.c).
 */
struct game_event {
	enum game_event_kind	kind;
	int			seat;		/* who it is about, or -1 */
	char			text[GAME_TEXT_MAX];
};

/*
 * One private sentence for one seat: a change of its secrets it did not
 * make itself and cannot read in the public events ("You drew 🍸 cocktail
 * (cheers with 🍹).").  Only the bot's delivery to that seat reads it.
 */
struct game_note {
	int			seat;
	char			text[GAME_TEXT_MAX];
};

/* A kind of card as the texts show it: its emoji and its short name. */
struct game_word {
	const char		*emoji;		/* "🍹" */
	const char		*word;		/* "tropical" */
};

struct game_events {
	int			n;
	int			dropped;	/* events past the cap */
	/*
	 * Seats whose private view changed: their hand or secret changed, or
	 * they are asked something new (the bot sends them "your move" or
	 * "your hand changed" with the view).  A seat whose only news is that
	 * its own prompt was answered, or its turn ended, is not marked.
	 */
	unsigned		private_changed;
	/*
	 * 1 when the move changed the table so much that the channel needs
	 * the whole of it again (a new round, a new encounter).
	 */
	int			show_table;
	struct game_event	ev[GAME_MAX_EVENTS];
	int			nnotes;
	unsigned		notes_lost;	/* seats with a note past the cap */
	struct game_note	note[GAME_MAX_NOTES];
};

/* Someone who must act now, and on what. */
struct game_prompt {
	unsigned	seats;		/* bit per seat: any of them may answer */
	int		turn;		/* 1 for an ordinary turn, 0 out of turn */
	/*
	 * 1 when every seat named must answer for itself, in any order
	 * (simultaneous play: trading, aid requests); the game drops a seat
	 * once it is done.  Then AI seats answer beside waiting humans, and
	 * each human's timer runs from when this prompt (same text) first
	 * named them.  0: one answer from any of the seats settles it, and
	 * AI seats wait while a human may answer.
	 */
	int		each;
	unsigned	actions;	/* bit per action index that answers it */
	char		text[GAME_TEXT_MAX];	/* public: "@{2} must discard one card" */
};

/*
 * How AI seats pace themselves in simultaneous play (game_prompt.each),
 * so that humans have time to trade before AI seats end a phase.  The
 * game only says what its actions are; the bot owns the clock (see
 * bot/tables/play.c).  While a human seat is still asked beside it by an each
 * prompt, an AI seat makes no final move until that prompt has asked it
 * for the configured trade time (magic.ai_trade_time, counted from when
 * the prompt first named it: the start of a trading round), and the AI
 * seats of a table make at most one proposal per configured gap
 * (magic.ai_offer_gap), so humans can answer each.  With no human left
 * asked (all done, or none at the table) nothing is held back.
 */
struct game_ai_pace {
	unsigned	final;		/* bit per action that ends a seat's part of the phase: "stone" */
	unsigned	proposals;	/* bit per action that others answer: "offer", "counter" */
	/*
	 * Chooses seat's move like ai_move, but only among the actions whose
	 * bit is set in allowed (all bits set: the same move as ai_move).
	 * Returns 0, or -1 when nothing allowed is worth doing now: the seat
	 * then waits until the bot allows more or the game changes.
	 */
	int	(*ai_move)(const struct game *, int seat, struct rng *,
		    unsigned allowed, struct game_move *);
};

/*
 * The table in parts (render_board), for platforms that show a board as a
 * card of fields (a Discord embed, Slack's Block Kit) rather than as text:
 * what is asked now, what belongs to nobody, and one field per seat, shaker
 * or market.  The same rules hold as for render_public: seats are "@{N}",
 * and nothing in it is ever a secret.  Every part is cut at its buffer's end.
 */
#define GAME_BOARD_FIELDS	12
#define GAME_BOARD_NAME_MAX	128	/* bytes of a field's name */
#define GAME_BOARD_VALUE_MAX	768	/* bytes of a field's value */
#define GAME_BOARD_TEXT_MAX	768	/* bytes of the summary */

struct game_board_field {
	char	name[GAME_BOARD_NAME_MAX];	/* "@{1}'s shaker" */
	char	value[GAME_BOARD_VALUE_MAX];	/* "1🥃 2🍺; 3 cards in hand" */
	int	wide;		/* 1: a whole row (a market, a list of lines) */
};

struct game_board {
	/* Whose turn and on what, or the result: "@{0}'s turn: play, ..." */
	char			 status[GAME_TEXT_MAX];
	/* What belongs to no seat: "Deck 43, discard 0."  May be "". */
	char			 summary[GAME_BOARD_TEXT_MAX];
	int			 nfields;
	int			 dropped;	/* fields past the cap */
	struct game_board_field	 field[GAME_BOARD_FIELDS];
};

enum game_state { GAME_RUNNING, GAME_WON, GAME_TIED };

struct game_result {
	enum game_state	state;
	unsigned	winners;	/* bit per seat */
	char		text[GAME_TEXT_MAX];	/* public summary */
};

/*
 * A finished game's final table (final_table): one row a seat, or a team
 * where the game is played by teams, ranked.  Rows that are equal in
 * everything that ranks them share a place ("1. 1. 3.").  The winners of
 * the result (game_result.winners) are exactly the rows marked won, and
 * they come first, so the table, the stats and the replay agree.  Like
 * render_public it is public: it never shows a secret.
 */
#define GAME_RANK_WHO_MAX	128	/* bytes of a row's "who" */
#define GAME_RANK_FIGURES_MAX	160	/* bytes of a row's figures */

struct game_rank {
	int		place;		/* from 1, set by game_ranking_sort */
	unsigned	seats;		/* bit per seat: one, or a team's */
	int		won;		/* 1: its seats are the result's winners */
	int		score;		/* ranks rows, higher first */
	int		tiebreak;	/* ranks rows of equal score, higher first */
	/* "" for one seat ("@{2}"), else the row's name: "Team A (@{0}, @{2})" */
	char		who[GAME_RANK_WHO_MAX];
	/* The game's own figures, with the score: "9 points, 2 recipes served" */
	char		figures[GAME_RANK_FIGURES_MAX];
};

struct game_ranking {
	/* The table's heading: "Final scores" (the default when ""). */
	char			title[GAME_TEXT_MAX];
	int			n;
	struct game_rank	row[GAME_MAX_SEATS];
};

struct game_ops {
	const char			*name;		/* "cheers" */
	const char			*title;		/* "CHEERS" */
	const char			*summary;	/* one line for "help" */
	const char			*rules;		/* short rules text for "rules" */
	int				 min_players, max_players;
	int				 nactions;
	const struct game_action	*actions;
	int				 noptions;
	const struct game_option	*options;

	/* Returns a new game the caller frees with free_game, or NULL and *cause. */
	struct game	*(*new_game)(const struct game_opts *, struct rng *, char **cause);
	void		 (*free_game)(struct game *);
	/* A full, independent copy of a game; the caller frees it with free_game. */
	struct game	*(*copy_game)(const struct game *);

	/*
	 * Applies seat's move.  On success returns 0 and appends events; on
	 * failure returns -1, leaves the game exactly as it was, and sets
	 * *cause to a sentence saying what is wrong and what is allowed.
	 */
	int	 (*apply)(struct game *, int seat, const struct game_move *,
		     struct game_events *, char **cause);
	/*
	 * Optional (may be NULL): events off (on 0) or on again (on 1) for
	 * g, as a search's playouts want them: apply then writes no lines
	 * and no notes, whatever list it is given, and pending's prompts
	 * have empty texts; the moves, their legality, the AI's choices and
	 * the results stay the same.  A copy keeps the switch; save does
	 * not (a loaded game has events on).  A game without it still takes
	 * a NULL event list (it narrates into a scratch list, thrown away).
	 */
	void	 (*set_events)(struct game *, int on);

	/*
	 * Optional (may be NULL: the game has no hard level): deals again in
	 * g (a copy) everything seat cannot know, as a search samples it:
	 * the cards of other hands and the deck, the recipes seat has not
	 * seen, the order of face-down piles, and the game's own randomness,
	 * with r.  What is public and what seat knows (its hand, its team's
	 * known recipe, the counts of every zone) stay.  The deal depends
	 * only on what seat knows and r, never on where the hidden cards
	 * were, so that a search that uses it decides from seat's view alone.
	 */
	void	 (*determinize)(struct game *g, int seat, struct rng *r);
	/*
	 * Optional (may be NULL): which rule of the game's README ("Silly
	 * moves") seat's move m in g breaks, as a short sentence (borrowed,
	 * static), or NULL when the move is not silly; judged only from what
	 * seat may know.  The hard level's search never chooses a silly move
	 * while one that is not is legal, and the silly-move tests hold the
	 * default AI to it.
	 */
	const char *(*silly)(const struct game *g, int seat,
		    const struct game_move *m);
	/*
	 * Optional with determinize: puts src's state into dst, a copy of the
	 * same game (copy_game's), copying only what moves change: the
	 * search's cheap clone, once an iteration.
	 */
	void	 (*copy_into)(struct game *dst, const struct game *src);

	/* Fills at most max prompts that may be answered now; returns how many. */
	int	 (*pending)(const struct game *, struct game_prompt *, size_t max);

	/* Fills at most max legal moves for seat; returns how many. */
	int	 (*legal_moves)(const struct game *, int seat, struct game_move *, size_t max);

	/*
	 * Chooses a move for seat, seeing only what that seat may see.
	 * Returns 0, or -1 when the seat has nothing to do.
	 */
	int	 (*ai_move)(const struct game *, int seat, struct rng *, struct game_move *);
	/*
	 * Optional (may be NULL: AI seats move whenever the bot lets them):
	 * how AI seats pace themselves in simultaneous play.  Borrowed, static.
	 */
	const struct game_ai_pace	*ai_pace;

	/*
	 * Names of the places a target may be besides seats; returns how many.
	 * NULL for a game whose targets are only seats.
	 */
	int	 (*places)(const struct game *, const char **names, size_t max);

	/*
	 * Optional (may be NULL): a short label for argument argi of move m
	 * as seat sees it, for buttons: a card's face instead of its number.
	 * Writes into buf (capped at len); 0, or -1 to use the number.  Shows
	 * only what seat may see.
	 */
	int	 (*arg_label)(const struct game *, int seat,
		     const struct game_move *m, int argi, char *buf, size_t len);

	/*
	 * Optional (may be NULL: the argument takes numbers only): what
	 * argument argi of action may name as seat sees it, so a player may
	 * type a card's name instead of its number: the seat's own hand,
	 * shed or guests, a market, a shaker.  Fills at most max entries of
	 * out, in the order of the numbers; returns how many.  Names only
	 * what seat may see.  The bot matches the typed words (bot/commands/argnames.c).
	 */
	int	 (*arg_names)(const struct game *, int seat, int action,
		     int argi, struct game_name *out, size_t max);

	char	*(*render_public)(const struct game *);		/* caller frees */
	char	*(*render_private)(const struct game *, int seat); /* caller frees */
	/*
	 * Optional (may be NULL): the public table in parts, into *out (which
	 * it empties first).  Shows what render_public shows, never a secret.
	 */
	void	 (*render_board)(const struct game *, struct game_board *out);
	/*
	 * Optional (may be NULL): seat's secrets in one short line, what it
	 * needs beside a "your move" prompt ("Hand: 1. 🍸 cocktail (cheers
	 * with 🍹), ..."); caller frees.  A game that has it promises a note
	 * (game_events_note) for every change of a seat's private view that
	 * the seat neither made nor can read in the public events, so the bot
	 * sends players changes instead of their whole view.
	 */
	char	*(*render_brief)(const struct game *, int seat);
	/*
	 * Optional (may be NULL): every emoji the game's texts show with its
	 * short name, ended by { NULL, NULL }, borrowed for the life of the
	 * process: the legend of "rules" and "help", and the words that
	 * replace emoji where bot.emoji is off.
	 */
	const struct game_word	*(*words)(void);

	cJSON		*(*save)(const struct game *);	/* caller frees; versioned */
	struct game	*(*load)(const cJSON *, char **cause);	/* caller frees */

	/* Fills *out; returns 0. */
	int	 (*result)(const struct game *, struct game_result *);

	/*
	 * Optional (may be NULL): the move the bot makes for seat when its
	 * timer runs out (a round timer places the stone, an aid request is
	 * declined).  0, or -1 to let ai_move choose.
	 */
	int	 (*timeout_move)(const struct game *, int seat, struct game_move *);

	/*
	 * Optional (may be NULL: each prompt is then timed on its own):
	 * which turn of the game it is, for the bot's turn timer, which
	 * covers a whole turn, and its count of turns a player missed.
	 * Returns the seat whose turn it is, or -1 when it is nobody's own
	 * (everyone plays at once, or the game is over).  *number gets the
	 * number of the turn, or of the round of turns it is part of where
	 * a player takes part in other seats' turns of the round instead of
	 * their own (Cosdrink's aid): the same for every step of the turn
	 * (its moves and the answers they ask of others), and different
	 * whenever the same seat plays again (a count of turns, a turn's
	 * place in a cycle of turns, a round).  A new seat or a new number
	 * is a new turn; a player who missed anything asked of them under
	 * one number missed one turn.  Pure, like pending().
	 */
	int	 (*turn)(const struct game *, long *number);

	/*
	 * Optional (may be NULL): the final table of a finished game into
	 * *out, ranked (game_ranking_sort).  0, or -1 while it runs.
	 */
	int	 (*final_table)(const struct game *, struct game_ranking *out);
};

/* game/registry.c: every game the bot can host. */
const struct game_ops	*game_find(const char *name);
const struct game_ops *const *game_all(void);	/* NULL-terminated */

/*
 * game/deal.c: the determinize ops' shared step.  The cards of the n zones
 * a[i] (len[i] each; lengths kept) dealt again among themselves with r:
 * the same cards, sorted, then shuffled, so that the deal depends on which
 * cards the zones hold together and not on where they were.  At most
 * GAME_DEAL_MAX cards; past that the rest stay where they are.
 * game_deal_pile: one zone of n cards.
 */
#define GAME_DEAL_MAX	512
void	 game_deal(struct rng *r, int *const *a, const int *len, int n);
void	 game_deal_pile(struct rng *r, int *v, int n);
/*
 * The hands of every seat of nplayers but those of keep (bit per seat;
 * hand i at hand + i * stride, nhand[i] cards) and the deck (ndeck
 * cards), dealt again among themselves (game_deal).
 */
void	 game_deal_others(struct rng *r, unsigned keep, int nplayers,
	     int *hand, size_t stride, const int *nhand, int *deck, int ndeck);

/* game/events.c */
void	 game_events_init(struct game_events *);
/* Appends one public line; past GAME_MAX_EVENTS it counts it as dropped. */
void	 game_events_add(struct game_events *, enum game_event_kind, int seat,
	     const char *, ...) __attribute__((format(printf, 4, 5)));
/* A public line about seat (GAME_EV_INFO); e may be NULL, then nothing. */
void	 game_say(struct game_events *, int seat, const char *, ...)
	     __attribute__((format(printf, 3, 4)));
/*
 * The next line, its text empty for the caller to write; NULL past
 * GAME_MAX_EVENTS (counted as dropped).  Borrowed from the list.  Inline,
 * with game_events_note: every move opens a line or two.
 */
static inline struct game_event *
game_events_new(struct game_events *e, enum game_event_kind kind, int seat)
{
	struct game_event	*ev;

	if (e->n >= GAME_MAX_EVENTS) {
		e->dropped++;
		return NULL;
	}
	ev = &e->ev[e->n++];
	ev->kind = kind;
	ev->seat = seat;
	ev->text[0] = '\0';
	return ev;
}

/*
 * The next private note for seat, its text empty for the caller to write;
 * NULL when the list is NULL or full (then the note is lost, and the bot
 * sends that seat its whole view instead: seat is marked in notes_lost).
 * Borrowed from the list.
 */
static inline struct game_note *
game_events_note(struct game_events *e, int seat)
{
	struct game_note	*n;

	if (e == NULL)
		return NULL;
	if (e->nnotes >= GAME_MAX_NOTES) {
		if (seat >= 0 && seat < GAME_MAX_SEATS)
			e->notes_lost |= 1u << seat;
		return NULL;
	}
	n = &e->note[e->nnotes++];
	n->seat = seat;
	n->text[0] = '\0';
	return n;
}
/* Appends a private note for seat, formatted. */
void	 game_events_notef(struct game_events *, int seat, const char *, ...)
	     __attribute__((format(printf, 3, 4)));
/*
 * A move applied whole or not at all.  game_apply_begin copies the size
 * bytes of g's state into saved (the caller's, at least size bytes) and
 * marks where the event list stands; it returns the list to write to (ev,
 * or a scratch list when ev is NULL).  game_apply_undo, when the move is
 * refused, puts the state back and takes the marked lines back (the
 * counts of lines, dropped lines and private_changed).  game_apply_end
 * frees the scratch list.
 */
struct game_apply_mark {
	struct game		*g;		/* borrowed */
	void			*saved;		/* borrowed: the caller's copy */
	size_t			 size;
	struct game_events	*local;		/* owned; NULL when ev was given */
	int			 n, dropped;
	unsigned		 changed;
};
struct game_events *game_apply_begin(struct game *g, void *saved,
	     size_t size, struct game_events *ev, struct game_apply_mark *);
void	 game_apply_undo(struct game_events *,
	     const struct game_apply_mark *);
void	 game_apply_end(struct game_apply_mark *);

/* game/board.c */
struct game_text;
/* Empties b. */
void	 game_board_init(struct game_board *b);
/*
 * The next field of b, its name and value empty, for the caller to write
 * (with game/text.h); NULL past GAME_BOARD_FIELDS, counted as dropped.
 * Borrowed from b.
 */
struct game_board_field *game_board_add(struct game_board *b, int wide);
/*
 * The same, named name (borrowed), with *value started on its value for
 * the caller to write.
 */
struct game_board_field *game_board_field(struct game_board *b, int wide,
	     const char *name, struct game_text *value);
/* The same, named after seat ("@{2}") and more (borrowed; may be ""). */
struct game_board_field *game_board_seat(struct game_board *b, int wide,
	     int seat, const char *more, struct game_text *value);
/*
 * g's (of ops) status line into out (len bytes, cut there): "Game over. "
 * and the result once g is over, else the first prompt pending; 1, or 0
 * when nothing is pending (out is then "").  GAME_STATUS_MAX holds it
 * uncut.
 */
#define GAME_STATUS_MAX	(GAME_TEXT_MAX + 16)
int	 game_status(const struct game_ops *ops, const struct game *g,
	     char *out, size_t len);
/*
 * The opening of every render_board: empties b, writes g's (of ops)
 * status as its status, and starts *summary on b's summary for the
 * caller to write.
 */
void	 game_board_begin(struct game_board *b, const struct game_ops *ops,
	     const struct game *g, struct game_text *summary);

/* game/rank.c */
/* Empties r. */
void	 game_ranking_init(struct game_ranking *r);
/*
 * Empties r for a game's final_table; -1 while the game still runs (then
 * there is no final table), else 0.
 */
int	 game_ranking_start(struct game_ranking *r, int state);
/*
 * The next row of r for the seats of seats, its texts empty for the
 * caller to fill; NULL past GAME_MAX_SEATS.  Borrowed from r.
 */
struct game_rank *game_ranking_add(struct game_ranking *r, unsigned seats);
/*
 * Sorts r's rows, the won first, then by score, then by tiebreak (ties
 * keep seat order), and numbers their places: equal rows share one.
 */
void	 game_ranking_sort(struct game_ranking *r);

/*
 * game/format.c: snprintf without stdio for the texts written every move:
 * %s, %d, %u, %c and %% are done here, anything else by vsnprintf, so the
 * result is always snprintf's.  len must be at least 1.
 */
void	 game_format(char *buf, size_t len, const char *fmt, ...)
	     __attribute__((format(printf, 3, 4)));
void	 game_vformat(char *buf, size_t len, const char *fmt, va_list ap)
	     __attribute__((format(printf, 3, 0)));
/* Appends src to the string dst of size bytes, truncating; like strlcat. */
void	 game_cat(char *dst, const char *src, size_t size);
/*
 * The form of a word that agrees with the count n: one when n is 1 or -1,
 * many otherwise ("card" or "cards", "goes" or "go").  Returns one of the
 * two borrowed strings.  Every text that writes a count with a noun picks
 * the noun here, so "1 cards" cannot happen: "%d %s", n,
 * game_plural(n, "card", "cards").
 */
const char *game_plural(long n, const char *one, const char *many);

/*
 * game/words.c: the emoji of a game's card data (json, which lives as
 * long as the process) with their names, for the words op: each
 * {"emoji": ..., "name": ...} object that a member of keys (NULL-
 * terminated) is or holds in an array.  Read on the first call, then
 * kept; borrowed, ended by { NULL, NULL }.
 */
const struct game_word *game_words(const char *json, const char *const *keys);
/*
 * game/data.c: o[name] of a game's card data when it is a list of
 * exactly n entries, else NULL (borrowed from o).
 */
const cJSON *game_data_list(const cJSON *o, const char *name, int n);

/*
 * game/move.c: whether move a has b's action and b's first nargs
 * arguments (the rest of either is not looked at).
 */
int	 game_move_starts(const struct game_move *a, const struct game_move *b,
	     int nargs);
/* game/move.c: moves as JSON {"action":"play","args":[2,1]} for the log. */
cJSON	*game_move_save(const struct game_ops *, const struct game_move *);
int	 game_move_load(const struct game_ops *, const cJSON *,
	     struct game_move *, char **cause);
/*
 * game/load.c: typed reads for load().  o[name] as a whole number within
 * [min, max], or as the index of a word of the NULL-terminated list, into
 * *out; 0, or -1 with *cause naming the field of game's ("CHEERS") save.
 */
int	 game_load_int(const cJSON *o, const char *name, int min, int max,
	     int *out, const char *game, char **cause);
/*
 * The header of a saved game: o must be an object whose "game" is name
 * and whose "version" is 1 to version (this build's); the version read
 * goes to *out.  A newer version was written by a newer cheersbot and is
 * refused.  0, or -1 with *cause naming title's ("CHEERS") save.
 */
int	 game_save_header_check(const cJSON *o, const char *name,
	     const char *title, int version, int *out, char **cause);
int	 game_load_word(const cJSON *o, const char *name,
	     const char *const *list, int *out, const char *game, char **cause);
/*
 * a (named name) as a list of at most maxn whole numbers in [min, max]
 * into out, their count into *n; game_load_fixed: o[name], exactly want
 * of them.  0, or -1 with *cause as above.
 */
int	 game_load_ints(const cJSON *a, const char *name, int maxn, int min,
	     int max, int *out, int *n, const char *game, char **cause);
int	 game_load_fixed(const cJSON *o, const char *name, int want, int min,
	     int max, int *out, const char *game, char **cause);
/* A reader of one list of numbers, as game_load_ints. */
typedef int game_ints_reader(const cJSON *, const char *name, int maxn,
	     int min, int max, int *out, int *n, const char *game,
	     char **cause);
/*
 * o[name] as a list of exactly count lists, each read by read into the
 * rows of out (row i at out + i * stride), its length into lens[i].
 */
int	 game_load_rows(const cJSON *o, const char *name, int count, int maxn,
	     int min, int max, int *out, size_t stride, int *lens,
	     game_ints_reader *read, const char *game, char **cause);
/*
 * What every apply() refuses first: a move in a game that is over, by a
 * seat not at the table (of nplayers), or of an action not among
 * nactions.  0, or -1 with *cause.
 */
int	 game_apply_check(int state, int nplayers, int nactions, int seat,
	     const struct game_move *m, char **cause);
/* Empties r and sets its state and winners, for a game's result(). */
void	 game_result_init(struct game_result *r, int state, unsigned winners);
/*
 * game/save.c: what every save() writes alike.  game_save_header: a new
 * object (the caller's) naming the game, the save's version and the
 * players; game_save_options: "options", each of the n options by name
 * with the word of its value opt[i]; game_save_result: "state" (its word
 * in states) and "winners".
 */
cJSON	*game_save_header(const char *name, int version, int nplayers);
void	 game_save_options(cJSON *o, const struct game_option *options, int n,
	     const int *opt);
void	 game_save_result(cJSON *o, const char *const *states, int state,
	     unsigned winners);
/*
 * What game_save_options and game_save_result wrote, read back: the n
 * options into opt, the state (a word of states) and the winners (seats
 * of nplayers).  0, or -1 with *cause naming game's save.
 */
int	 game_load_options(const cJSON *o, const struct game_option *options,
	     int n, int *opt, const char *game, char **cause);
int	 game_load_result(const cJSON *o, const char *const *states,
	     int nplayers, int *state, unsigned *winners, const char *game,
	     char **cause);
/*
 * Frees a game (g may be NULL): every game keeps its state in one flat
 * block, which copy_game duplicates whole.  Every ops table's free_game.
 */
void	 game_free(struct game *g);
/* A game's own consistency check (cheers_check): 0, or -1 and *cause. */
typedef int game_checker(const struct game *, char **cause);
/*
 * The end of a game's load(): reads o's "rng" into rng (g's own), then
 * returns g (owned) when check passes on it.  Else frees g and returns
 * NULL with *cause: rng_load's, or that title's ("CHEERS") save is
 * inconsistent.  o is borrowed.
 */
struct game *game_load_checked(struct game *g, struct rng *rng,
	     const cJSON *o, game_checker *check, const char *title,
	     char **cause);
/*
 * Card conservation: counts one sighting in seen[] of each of the n card
 * ids of v (a zone, named zone in the cause).  0, or -1 with *cause on an
 * id outside [0, max) or one already seen.
 */
int	 game_check_ids(const int *v, int n, int max, int *seen,
	     const char *zone, char **cause);
/* Index of name among the n names of list, or -1. */
int	 game_name_index(const char *const *list, int n, const char *name);
/* Index of the option named name in ops->options, or -1. */
int	 game_option_index(const struct game_ops *, const char *name);
/* The index of v among op's values (0 when v is NULL: the default), or -1. */
int	 game_option_find(const struct game_option *op, const char *v);
/* game_option_find, or -1 with *cause listing the values. */
int	 game_option_value(const struct game_option *op, const char *v,
	     char **cause);
/*
 * Whether each of the n values opt[i] is an index among options[i]'s
 * values: 0, or -1 with *cause naming game's ("FwB") option.
 */
int	 game_options_check(const struct game_option *options, int n,
	     const int *opt, const char *game, char **cause);
/*
 * Appends move (action, a0..a4; args[5] left out) to out if fewer than
 * max are there; returns the new count n.
 */
int	 game_moves_add(struct game_move *out, int n, size_t max, int action,
	     int a0, int a1, int a2, int a3, int a4);

#endif
