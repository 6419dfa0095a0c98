/*
 * ops.c: Magic Cocktail as the bot sees it: the ops table, the actions and
 * options (each described once, for every parser, help text and schema),
 * and the short rules text a player reads with "rules".
 */
#include <stddef.h>

#include "game/magic/magic-int.h"

/* Kinds as choices, in cards.json order; cards.c checks the data uses these. */
const char *const magic_kind_choices[MAGIC_NALL + 1] = {
	"curacao", "lime", "mint", "cherry", "peach", "agave", "honey",
	"cacao", "saffron", "rose", "joker", NULL
};
/* What may be laid out: the kinds, not the joker on its own. */
static const char *const ops_lay_choices[MAGIC_NKINDS + 1] = {
	"curacao", "lime", "mint", "cherry", "peach", "agave", "honey",
	"cacao", "saffron", "rose", NULL
};

#define NOARG	{ NULL, 0, NULL, 0, NULL, 0, 0 }
#define KINDS	"curacao, lime, mint, cherry, peach, agave, honey, cacao, " \
		"saffron, rose or joker"

const struct game_action magic_actions[] = {
	[MAGIC_A_OFFER] = {
		"offer", "offer a trade: give some cards of one kind for some "
		"of another, to everyone or to one player", "offer 2 mint for 1 "
		"rose to @bob", GAME_ACT_PROMPT, 5, {
		    { "give", GAME_ARG_COUNT, "how many cards you give", 0,
		      NULL, 1, MAGIC_TRADE_MAX },
		    { "kind", GAME_ARG_CHOICE, "the kind you give: " KINDS, 0,
		      magic_kind_choices, 0, 0 },
		    { "want", GAME_ARG_COUNT, "how many cards you want", 0,
		      NULL, 1, MAGIC_TRADE_MAX },
		    { "kind", GAME_ARG_CHOICE, "the kind you want: " KINDS, 0,
		      magic_kind_choices, 0, 0 },
		    { "player", GAME_ARG_PLAYER, "who may accept; none: "
		      "everyone", 1, NULL, 0, 0 } } },
	[MAGIC_A_COUNTER] = {
		"counter", "answer an offer with your own, to its author",
		"counter 3 1 rose 3 mint", GAME_ACT_PROMPT, 5, {
		    { "offer", GAME_ARG_CARD, "the number of the offer you "
		      "answer", 0, NULL, 0, 0 },
		    { "give", GAME_ARG_COUNT, "how many cards you give", 0,
		      NULL, 1, MAGIC_TRADE_MAX },
		    { "kind", GAME_ARG_CHOICE, "the kind you give: " KINDS, 0,
		      magic_kind_choices, 0, 0 },
		    { "want", GAME_ARG_COUNT, "how many cards you want", 0,
		      NULL, 1, MAGIC_TRADE_MAX },
		    { "kind", GAME_ARG_CHOICE, "the kind you want: " KINDS, 0,
		      magic_kind_choices, 0, 0 } } },
	[MAGIC_A_ACCEPT] = {
		"accept", "accept an open offer: the cards are swapped at once",
		"accept 3", GAME_ACT_PROMPT, 1, {
		    { "offer", GAME_ARG_CARD, "the number of the offer", 0, NULL,
		      0, 0 } } },
	[MAGIC_A_WITHDRAW] = {
		"withdraw", "take back one of your open offers", "withdraw 3",
		GAME_ACT_PROMPT, 1, {
		    { "offer", GAME_ARG_CARD, "the number of your offer", 0,
		      NULL, 0, 0 } } },
	[MAGIC_A_STONE] = {
		"stone", "place your magic stone: you are done trading this "
		"round", "stone", GAME_ACT_PROMPT, 0, { NOARG } },
	[MAGIC_A_LAY] = {
		"lay", "lay out one or two kinds to score (jokers go where they "
		"score most); lay alone lays your best", "lay mint rose",
		GAME_ACT_PROMPT, 2, {
		    { "kind", GAME_ARG_CHOICE, "a kind you hold 2 of (or 1 and a "
		      "joker); none: your best", 1, ops_lay_choices, 0, 0 },
		    { "kind", GAME_ARG_CHOICE, "a second kind", 1,
		      ops_lay_choices, 0, 0 } } },
};

static const char *const ops_path[] = { "30", "20", "40", NULL };

const struct game_option magic_options[] = {
	[MAGIC_O_PATH] = { "path", ops_path,
	    "squares on the magic path: reaching the last ends the game" },
};

static const char magic_rules[] =
"Magic Cocktail: trade ingredients, then score your best sets.\n"
"Each round everyone draws (10 cards in the first round, then 5) and a "
"recipe is revealed: how far the best three move forward and the last "
"moves back.\n"
"Trade at the same time as everyone else: offer <n> <kind> <n> <kind> "
"[player] (give, then want; no player: anyone may take it), counter "
"<offer> ..., accept <offer>, withdraw <offer>. The bot swaps the cards, "
"so nobody can cheat.\n"
"Done? stone places your magic stone. 3 stones (2 with 4 players) end "
"the round; so does the round timer (prompt_timer), which places the "
"stones of everyone left.\n"
"Then everyone lays out: lay <kind> [kind]: one or two kinds, at least 2 "
"cards each; the Black Something (joker) only beside a natural card. lay "
"alone lays your best. Rarer kinds and bigger sets score more.\n"
"The first stone moves 2 more if its owner is among the best three (four "
"with 6-7 players), else 2 back. Ties: more cards laid, then a drawn card.\n"
"The Magic Lightning among the last recipes ends the game, as does "
"reaching the end of the path; the furthest piece wins.";

extern const char game_magic_cards_json[];

/* The emoji of the card data with their names. */
static const struct game_word *
ops_words(void)
{
	static const char *const keys[] = { "kinds", "joker", NULL };

	return game_words(game_magic_cards_json, keys);
}

/*
 * Everyone plays each round at once, so no turn is a seat's own; a turn
 * is the round, from its trading to its lay.
 */
static int
ops_turn(const struct game *g, long *number)
{
	*number = g->round;
	return -1;
}

const struct game_ops magic_ops = {
	.name = "magic",
	.title = "Magic Cocktail",
	.summary = "trade ingredients with everyone at once, lay out the "
	    "rarest sets, race along the magic path (4-7 players)",
	.rules = magic_rules,
	.min_players = MAGIC_MIN_PLAYERS,
	.max_players = MAGIC_MAX_PLAYERS,
	.nactions = MAGIC_A_COUNT,
	.actions = magic_actions,
	.noptions = MAGIC_NOPTIONS,
	.options = magic_options,
	.new_game = magic_new,
	.free_game = game_free,
	.copy_game = magic_copy,
	.determinize = magic_determinize,
	.copy_into = magic_copy_into,
	.silly = magic_silly,
	.apply = magic_apply,
	.pending = magic_pending_list,
	.legal_moves = magic_legal,
	.ai_move = magic_ai,
	.ai_pace = &magic_ai_pace,
	.arg_label = magic_arg_label,
	.arg_names = magic_arg_names,
	.render_public = magic_render_public,
	.render_private = magic_render_private,
	.render_board = magic_render_board,
	.render_brief = magic_render_brief,
	.words = ops_words,
	.save = magic_save,
	.load = magic_load,
	.result = magic_result_get,
	.final_table = magic_final_table,
	.timeout_move = magic_timeout,
	.turn = ops_turn,
};
