/*
 * ops.c: CHEERS as the bot sees it: the ops table, the actions and options
 * (each described once, for every parser, help text and schema), and the
 * short rules text a player reads with "rules".
 */
#include <stddef.h>

#include "game/cheers/cheers-int.h"

const struct game_action cheers_actions[] = {
	[CHEERS_A_PLAY] = {
		"play", "offer a drink: play a hand card into any shaker "
		"(yours too), then draw one", "play 2 @bob", GAME_ACT_TURN, 2, {
		    { "card", GAME_ARG_CARD, "number of a card in your hand",
		      0, NULL, 0, 0 },
		    { "target", GAME_ARG_TARGET, "whose shaker: a player, "
		      "share or extra", 0, NULL, 0, 0 } } },
	[CHEERS_A_MOVE] = {
		"move", "give away a drink: move a card from your shaker to "
		"another shaker (never CHEERS)", "move 1 @carol", GAME_ACT_TURN,
		2, {
		    { "card", GAME_ARG_CARD, "number of a card in your shaker",
		      0, NULL, 0, 0 },
		    { "target", GAME_ARG_TARGET, "whose shaker: a player, "
		      "share or extra", 0, NULL, 0, 0 } } },
	[CHEERS_A_THROW] = {
		"throw", "throw up: discard your whole hand and draw a full "
		"hand", "throw", GAME_ACT_TURN, 0, { { NULL, 0, NULL, 0, NULL,
		0, 0 } } },
	[CHEERS_A_GIVE] = {
		"give", "answer a CHEERS: the played card goes to the first "
		"shaker, the matched card to the second", "give @bob @dave",
		GAME_ACT_PROMPT, 3, {
		    { "target", GAME_ARG_TARGET, "shaker that gets the played "
		      "card", 0, NULL, 0, 0 },
		    { "target", GAME_ARG_TARGET, "shaker that gets the matched "
		      "card", 0, NULL, 0, 0 },
		    { "card", GAME_ARG_CARD, "which matching card of the "
		      "CHEERSed shaker, when several match", 1, NULL, 0, 0 } } },
	[CHEERS_A_DISCARD] = {
		"discard", "answer an overflow: discard one card of the "
		"over-full shaker", "discard 3", GAME_ACT_PROMPT, 1, {
		    { "card", GAME_ARG_CARD, "number of a card in that shaker",
		      0, NULL, 0, 0 } } },
};

static const char *const cheers_mode_values[] = {
	"standard", "master", "masquerade", NULL
};
static const char *const cheers_recipe_values[] = {
	"cards", "draw", "alt", NULL
};
static const char *const cheers_victory_values[] = {
	"team", "own", NULL
};
static const char *const cheers_teams_values[] = {
	"auto", "2+3", "3+2", "2+2+1", "3+3", "2+2+2", "2+1", "2+2", "1+1",
	NULL
};

const struct game_option cheers_options[] = {
	[CHEERS_O_MODE] = { "mode", cheers_mode_values,
	    "standard; master (Master & Apprentice: only the first player of "
	    "each team sees the recipe); masquerade (hidden teams, 4 or 6 "
	    "players)" },
	[CHEERS_O_RECIPE] = { "recipe", cheers_recipe_values,
	    "how teams get their secret recipe: cards (a recipe card set), "
	    "draw (veteran token draw, 3 from 2 kinds + 2 from 3 kinds), alt "
	    "(drop one kind, draw 5 of the other 8 tokens)" },
	[CHEERS_O_VICTORY] = { "victory", cheers_victory_values,
	    "team: any shaker of your team wins (the extra and share shakers "
	    "too); own: only players' own shakers win" },
	[CHEERS_O_TEAMS] = { "teams", cheers_teams_values,
	    "team sizes in turn order, team A first; auto picks 1+1, 2+1, "
	    "2+2, 2+3 or 3+3" },
};

static const char cheers_rules[] =
"CHEERS: fill a shaker with your team's secret recipe.\n"
"Each card has a big icon (its drink) and a small icon (the drink it "
"CHEERS with).\n"
"On your turn do one: play (offer a drink: a hand card into any shaker, "
"then draw), move (give away a drink from your shaker to another; never "
"CHEERS) or throw (discard your hand, draw a new one).\n"
"CHEERS: when the played card's small icon matches a big icon in the "
"target shaker, that shaker's owner gives the played card and one "
"matching card to two different other shakers, at least one an "
"opponent's (give <target> <target> [card]). Given cards never CHEERS.\n"
"A shaker holds 6: with more, its owner discards one (discard <card>), "
"even out of turn.\n"
"You win when your or a teammate's shaker has every drink of the recipe "
"in the needed numbers and nothing foreign; extra cards of recipe drinks "
"are fine.\n"
"Teams alternate turns; members of a team take turns in rotation.\n"
"3 or 5 players: the smaller team holds 4 cards and has an extra shaker "
"anyone may fill but nobody may move out of.\n"
"2 players (Duel): a share shaker; the player whose turn it is not "
"answers CHEERS and overflows there; either player may win with it.\n"
"master: only masters see the recipe. masquerade: teams are secret.\n"
"The deck running out when a draw is due ends the game in a tie.";

static const struct game_word *
ops_words(void)
{
	return cheers_words;
}

/*
 * Whose turn it is, and its place in the cycle of turns: one turn is a
 * move and the answers it asks for (a CHEERS, an overflow), and the next
 * turn always has another place.
 */
static int
ops_turn(const struct game *g, long *number)
{
	*number = g->turn;
	return g->state == GAME_RUNNING ? g->active : -1;
}

const struct game_ops cheers_ops = {
	.name = "cheers",
	.title = "CHEERS",
	.summary = "team card game: secretly mix your recipe, spoil your "
	    "rivals' shakers, CHEERS! (2-6 players)",
	.rules = cheers_rules,
	.min_players = 2,
	.max_players = CHEERS_MAX_PLAYERS,
	.nactions = CHEERS_A_COUNT,
	.actions = cheers_actions,
	.noptions = 4,
	.options = cheers_options,
	.new_game = cheers_new,
	.free_game = game_free,
	.copy_game = cheers_copy,
	.apply = cheers_apply,
	.set_events = cheers_events_set,
	.determinize = cheers_determinize,
	.copy_into = cheers_copy_into,
	.silly = cheers_silly,
	.pending = cheers_pending_list,
	.legal_moves = cheers_legal,
	.ai_move = cheers_ai,
	.places = cheers_places,
	.arg_label = cheers_arg_label,
	.arg_names = cheers_arg_names,
	.render_public = cheers_render_public,
	.render_private = cheers_render_private,
	.render_board = cheers_render_board,
	.render_brief = cheers_render_brief,
	.words = ops_words,
	.save = cheers_save,
	.load = cheers_load,
	.result = cheers_result_get,
	.turn = ops_turn,
	.final_table = cheers_final_table,
};
