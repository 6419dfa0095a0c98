/*
 * ops.c: Cosdrink Encounters as the bot sees it: the ops table, the
 * actions and the option (each described once, for every parser, help
 * text and schema), and the short rules text a player reads with "rules".
 */
#include <stddef.h>

#include "game/cosdrink/cosdrink-int.h"

#define NOARG	{ NULL, 0, NULL, 0, NULL, 0, 0 }

const struct game_action cos_actions[] = {
	[COS_A_PLAY] = {
		"play", "play an item against your monster (or the King)",
		"play 2", GAME_ACT_TURN, 1, {
		    { "item", GAME_ARG_CARD, "number of an item in your hand",
		      0, NULL, 0, 0 } } },
	[COS_A_ASK] = {
		"ask", "play an item against your monster and ask the others "
		"for aid", "ask 1", GAME_ACT_TURN, 1, {
		    { "item", GAME_ARG_CARD, "number of an item in your hand",
		      0, NULL, 0, 0 } } },
	[COS_A_AID] = {
		"aid", "answer a request for aid: play an item against their "
		"monster (instead of your own action this round)", "aid 3",
		GAME_ACT_PROMPT, 1, {
		    { "item", GAME_ARG_CARD, "number of an item in your hand",
		      0, NULL, 0, 0 } } },
	[COS_A_DECLINE] = {
		"decline", "answer a request for aid: keep your items",
		"decline", GAME_ACT_PROMPT, 0, { NOARG } },
	[COS_A_RETREAT] = {
		"retreat", "Tactical Retreat (empty hand only): draw up to 3 "
		"items; this round your monster's drinks go round the table",
		"retreat", GAME_ACT_TURN, 0, { NOARG } },
	[COS_A_PASS] = {
		"pass", "take no Player Action this round (you may still aid "
		"someone who asks)", "pass", GAME_ACT_TURN, 0, { NOARG } },
	/* Last: buttons already sent name actions by their number. */
	[COS_A_DRAW] = {
		"draw", "with 1 or 2 items in hand: draw items until you hold 3 "
		"(with an empty hand, that is a retreat)", "draw", GAME_ACT_TURN,
		0, { NOARG } },
};

static const char *const ops_drinks[] = { "sips", "water", "points", NULL };

const struct game_option cos_options[] = {
	[COS_O_DRINKS] = { "drinks", ops_drinks,
	    "what the tally counts: sips of anything you like (water, juice "
	    "and tea count), sips of water, or points with no drinking" },
};

static const char cos_rules[] =
"Cosdrink Encounters: a cooperative game. Destroy every King in the "
"Monster Deck together.\n"
"Each Encounter deals everyone a monster. A King moves to the middle and "
"can only be fought once every other monster is destroyed; then everyone "
"fights it.\n"
"Setup Phase, in turn from the dealer: play <item> against your monster, "
"or ask <item> to play it and ask for aid; the others may aid <item> "
"(giving up their own action this round) or decline, in any order. Or "
"draw items until you hold 3; with an empty hand that is a Tactical "
"Retreat: retreat. Or pass.\n"
"Battle Phase, from the dealer: a monster is destroyed when the items "
"against it add up to its value (items of the other colour count half; "
"items stay on a monster until it falls). Otherwise its player drinks the "
"difference; after a Tactical Retreat those drinks go round the table "
"one each, starting with the player. A King that holds sends the "
"difference round from the dealer.\n"
"When every monster is destroyed everyone drinks one and the dealer moves "
"on. The table wins when every King is destroyed, and loses when nobody "
"can fight any more.\n"
"Drinks are sips of anything you like; nobody ever has to drink alcohol "
"(option drinks=water, or drinks=points for no drinking at all).";

extern const char game_cosdrink_cards_json[];

/* The emoji of the card data with their names. */
static const struct game_word *
ops_words(void)
{
	static const char *const keys[] = { "colours", NULL };

	return game_words(game_cosdrink_cards_json, keys);
}

/*
 * Whose Player Action it is (a turn is the action and the answers to its
 * request for aid), numbered by Encounter and round: a player acts once
 * a round, by their own action or by aiding another.  Nobody's between
 * turns.
 */
static int
ops_turn(const struct game *g, long *number)
{
	*number = (long)g->encounter * 1000000L + g->round;
	return g->state == GAME_RUNNING ? g->turn : -1;
}

const struct game_ops cosdrink_ops = {
	.name = "cosdrink",
	.title = "Cosdrink Encounters",
	.summary = "a cooperative game: fight monsters together with "
	    "coloured items until every King falls (2-8 players)",
	.rules = cos_rules,
	.min_players = 2,
	.max_players = COS_MAX_PLAYERS,
	.nactions = COS_A_COUNT,
	.actions = cos_actions,
	.noptions = COS_NOPTIONS,
	.options = cos_options,
	.new_game = cos_new,
	.free_game = game_free,
	.copy_game = cos_copy,
	.determinize = cos_determinize,
	.copy_into = cos_copy_into,
	.silly = cos_silly,
	.apply = cos_apply,
	.pending = cos_pending_list,
	.legal_moves = cos_legal,
	.ai_move = cos_ai,
	.arg_label = cos_arg_label,
	.arg_names = cos_arg_names,
	.render_public = cos_render_public,
	.render_private = cos_render_private,
	.render_board = cos_render_board,
	.render_brief = cos_render_brief,
	.words = ops_words,
	.save = cos_save,
	.load = cos_load,
	.result = cos_result_get,
	.final_table = cos_final_table,
	.timeout_move = cos_timeout_move,
	.turn = ops_turn,
};
