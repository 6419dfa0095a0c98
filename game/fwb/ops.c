/*
 * ops.c: Friends with Beverages as the bot sees it: the ops table, the
 * actions and options (each described once, for every parser, help text
 * and schema), and the short rules text a player reads with "rules".
 */
#include <stddef.h>

#include "game/fwb/fwb-int.h"

/* Equipment names as choices; cards.c checks the data uses these. */
const char *const fwb_equip_choices[FWB_NEQUIP + 1] = {
	"shaker", "muddler", "strainer", "jigger", "still", "barrel", NULL
};
/* Trade kinds as choices, in fwb_kind_of() order; checked by cards.c. */
const char *const fwb_kind_choices[FWB_NKINDS + 1] = {
	"sugar", "citrus", "herbs", "berries", "spice", "honey", "coffee",
	"cream", "shaker", "muddler", "strainer", "jigger", "still", "barrel",
	"abundance", NULL
};
static const char *const ops_from[] = { "1", "2", "3", "4", "deck", NULL };
static const char *const ops_sh[] = { "take", "discard", NULL };
static const char *const ops_immune[] = { "shot", "driver", NULL };

#define NOARG	{ NULL, 0, NULL, 0, NULL, 0, 0 }

const struct game_action fwb_actions[] = {
	[FWB_A_DRAW] = {
		"draw", "draw: from the deck (1 point), or a market card "
		"(ingredient 1 point, equipment or event 2)", "draw 2",
		GAME_ACT_TURN, 1, {
		    { "market", GAME_ARG_CARD, "market card 1 or 2 (3: the "
		      "discard pile); none: the deck", 1, NULL, 0, 0 } } },
	[FWB_A_SWAP] = {
		"swap", "swap a guest for a market guest or the guest deck's "
		"top, paying two identical cards", "swap 2 deck 3 5",
		GAME_ACT_TURN, 4, {
		    { "guest", GAME_ARG_CARD, "your guest to replace", 0, NULL,
		      0, 0 },
		    { "from", GAME_ARG_CHOICE, "guest market position 1-4, or "
		      "deck", 0, ops_from, 0, 0 },
		    { "card", GAME_ARG_CARD, "a hand card to pay with", 0, NULL,
		      0, 0 },
		    { "card", GAME_ARG_CARD, "the identical second card (none "
		      "under Cultural Exchange)", 1, NULL, 0, 0 } } },
	[FWB_A_ACCEPT] = {
		"accept", "accept the guest you drew, or a trade offered to "
		"you", "accept", GAME_ACT_PROMPT, 0, { NOARG } },
	[FWB_A_REJECT] = {
		"reject", "reject the guest you drew (it joins the guest "
		"market), or a trade offer", "reject", GAME_ACT_PROMPT, 0,
		{ NOARG } },
	[FWB_A_INSTALL] = {
		"install", "install equipment from your hand in your shed",
		"install 4", GAME_ACT_TURN, 2, {
		    { "card", GAME_ARG_CARD, "equipment in your hand", 0, NULL,
		      0, 0 },
		    { "card", GAME_ARG_CARD, "when the shed is full: the shed "
		      "card to cycle out", 1, NULL, 0, 0 } } },
	[FWB_A_SECONDHAND] = {
		"secondhand", "put equipment from hand or shed in the "
		"second-hand market, taking or discarding what was there",
		"secondhand 9 take", GAME_ACT_TURN, 2, {
		    { "card", GAME_ARG_CARD, "equipment in your hand or shed", 0,
		      NULL, 0, 0 },
		    { "old", GAME_ARG_CHOICE, "take or discard the card there",
		      0, ops_sh, 0, 0 } } },
	[FWB_A_COMPLETE] = {
		"complete", "serve a guest: pay its ingredients, use your "
		"installed equipment", "complete 1", GAME_ACT_TURN |
		GAME_ACT_PROMPT, 1, {
		    { "guest", GAME_ARG_CARD, "your guest to serve", 0, NULL, 0,
		      0 } } },
	[FWB_A_PLAY] = {
		"play", "play an event from your hand (Lucky Find names the "
		"equipment to take)", "play 7 still", GAME_ACT_TURN, 2, {
		    { "card", GAME_ARG_CARD, "an event card in your hand", 0,
		      NULL, 0, 0 },
		    { "equipment", GAME_ARG_CHOICE, "Lucky Find: the equipment "
		      "to take", 1, fwb_equip_choices, 0, 0 } } },
	[FWB_A_EXHIBIT] = {
		"exhibit", "Equipment Exhibition: trade two pieces of equipment "
		"for one from the discard pile", "exhibit still 3 9",
		GAME_ACT_PROMPT, 3, {
		    { "equipment", GAME_ARG_CHOICE, "the equipment to take", 0,
		      fwb_equip_choices, 0, 0 },
		    { "card", GAME_ARG_CARD, "equipment in your hand or shed", 0,
		      NULL, 0, 0 },
		    { "card", GAME_ARG_CARD, "another", 0, NULL, 0, 0 } } },
	[FWB_A_BORROW] = {
		"borrow", "Terrible Friend, One Shot: take a piece of equipment "
		"from the shed named", "borrow still", GAME_ACT_PROMPT, 1, {
		    { "equipment", GAME_ARG_CHOICE, "the equipment to take", 0,
		      fwb_equip_choices, 0, 0 } } },
	[FWB_A_IMMUNE] = {
		"immune", "We Only Get One Shot: claim immunity (you took a "
		"shot, or you drive and a bottle is in the house)",
		"immune shot", GAME_ACT_PROMPT, 1, {
		    { "why", GAME_ARG_CHOICE, "shot or driver", 0, ops_immune, 0,
		      0 } } },
	[FWB_A_ORDER] = {
		"order", "Cultural Exchange: rearrange the top guest cards, "
		"new top first", "order 3 1 2", GAME_ACT_PROMPT, 3, {
		    { "first", GAME_ARG_COUNT, "which card goes on top", 0, NULL,
		      1, 3 },
		    { "second", GAME_ARG_COUNT, "which next", 1, NULL, 1, 3 },
		    { "third", GAME_ARG_COUNT, "which next", 1, NULL, 1, 3 } } },
	[FWB_A_DISCARD] = {
		"discard", "discard a hand card (hand limit, Guest "
		"Cancellation)", "discard 3", GAME_ACT_PROMPT, 1, {
		    { "card", GAME_ARG_CARD, "a card in your hand", 0, NULL, 0,
		      0 } } },
	[FWB_A_OFFER] = {
		"offer", "trading: offer one hand card for a card of a kind, "
		"right after receiving the Round Token", "offer @bob 2 still",
		GAME_ACT_TURN, 3, {
		    { "player", GAME_ARG_PLAYER, "who you trade with", 0, NULL,
		      0, 0 },
		    { "card", GAME_ARG_CARD, "the hand card you give", 0, NULL,
		      0, 0 },
		    { "kind", GAME_ARG_CHOICE, "the kind you want: an "
		      "ingredient, equipment or abundance", 0, fwb_kind_choices,
		      0, 0 } } },
	[FWB_A_NOSE] = {
		"nose", "a tie: name the tied player with the biggest nose",
		"nose @bob", GAME_ACT_PROMPT, 1, {
		    { "player", GAME_ARG_PLAYER, "one of the tied players", 0,
		      NULL, 0, 0 } } },
	[FWB_A_PASS] = {
		"pass", "let a chance go (Festival Rush, Exhibition, "
		"immunity, reordering)", "pass", GAME_ACT_PROMPT, 0,
		{ NOARG } },
	[FWB_A_DONE] = {
		"done", "end your turn (then discard down to 8)", "done",
		GAME_ACT_TURN, 0, { NOARG } },
};

static const char *const ops_shed[] = { "5", "6", "4", "3", "2", NULL };
static const char *const ops_guests[] = { "3", "4", NULL };
static const char *const ops_onoff[] = { "off", "on", NULL };
static const char *const ops_install[] = { "now", "delay", NULL };
static const char *const ops_interrupts[] = { "base", "advanced", NULL };
static const char *const ops_tiebreak[] = { "table", "random", NULL };

const struct game_option fwb_options[] = {
	[FWB_O_SHED] = { "shed", ops_shed,
	    "pieces of equipment a shed holds; at 5 every guest can be "
	    "served (recipes need up to 5 types)" },
	[FWB_O_GUESTS] = { "guests", ops_guests,
	    "guests per player, and recipes that end the game" },
	[FWB_O_SECONDHAND] = { "secondhand", ops_onoff,
	    "advanced: discarded equipment goes to a one-card second-hand "
	    "market, taken only by trading equipment for it" },
	[FWB_O_DISCARD_MARKET] = { "discardmarket", ops_onoff,
	    "advanced: the top of the discard pile is a third market card" },
	[FWB_O_INSTALL] = { "install", ops_install,
	    "now: installed equipment works at once; delay (advanced): from "
	    "your next turn" },
	[FWB_O_TRADING] = { "trading", ops_onoff,
	    "advanced: the Round Token's receiver may trade one for one, at "
	    "most 2 cards a round, before drawing" },
	[FWB_O_INTERRUPTS] = { "interrupts", ops_interrupts,
	    "advanced: interrupts have their advanced effects too" },
	[FWB_O_TIEBREAK] = { "tiebreak", ops_tiebreak,
	    "the last tie-break, the biggest nose: named by the table, or "
	    "drawn at random" },
};

static const char fwb_rules[] =
"Friends with Beverages: serve your guests their national liqueur.\n"
"Each guest needs ingredient cards (paid from your hand; Abundance is "
"wild) and equipment types installed in your shed (kept).\n"
"Your turn: draw with 2 points (draw: deck card, 1 point; draw 1 or 2: a "
"market ingredient for 1, equipment or an event for 2, which ends the "
"draw), swap guests (swap <guest> <1-4|deck> <card> <card>: two "
"identical ingredients, or two identical pieces of equipment, which "
"also replaces the whole guest market), install equipment (install "
"<card>), complete recipes (complete <guest>), then done; discard down "
"to 8.\n"
"Interrupts strike when drawn, also when they refill a market slot you "
"emptied. Events wait in your hand: play <card>.\n"
"The Round Token moves on after its holder's second turn: the resource "
"market is refreshed and a new guest replaces one in the guest market.\n"
"3 completed recipes (4 with guests=4) end the game at the end of that "
"round of turns; so does an empty guest deck. Most points win, then "
"most recipes, then the biggest nose.\n"
"Advanced options: secondhand, discardmarket, install=delay, guests=4, "
"trading, interrupts=advanced.";

extern const char game_fwb_cards_json[];

/* The emoji of the card data with their names. */
static const struct game_word *
ops_words(void)
{
	static const char *const keys[] = { "ingredients", NULL };

	return game_words(game_fwb_cards_json, keys);
}

/*
 * Whose turn it is, and how many turns have ended before it: a turn is
 * every step from the trading window to discarding down to the hand
 * limit, and the answers its cards ask of others.
 */
static int
ops_turn(const struct game *g, long *number)
{
	*number = g->turns;
	return g->state == GAME_RUNNING ? g->active : -1;
}

const struct game_ops fwb_ops = {
	.name = "fwb",
	.title = "Friends with Beverages",
	.summary = "serve guests from around the world their national "
	    "liqueur: markets, equipment, interrupts (2-5 players)",
	.rules = fwb_rules,
	.min_players = 2,
	.max_players = FWB_MAX_PLAYERS,
	.nactions = FWB_A_COUNT,
	.actions = fwb_actions,
	.noptions = FWB_NOPTIONS,
	.options = fwb_options,
	.new_game = fwb_new,
	.free_game = game_free,
	.copy_game = fwb_copy,
	.determinize = fwb_determinize,
	.copy_into = fwb_copy_into,
	.silly = fwb_silly,
	.apply = fwb_apply,
	.pending = fwb_pending_list,
	.legal_moves = fwb_legal,
	.ai_move = fwb_ai,
	.arg_label = fwb_arg_label,
	.arg_names = fwb_arg_names,
	.render_public = fwb_render_public,
	.render_private = fwb_render_private,
	.render_board = fwb_render_board,
	.render_brief = fwb_render_brief,
	.words = ops_words,
	.save = fwb_save,
	.load = fwb_load,
	.result = fwb_result_get,
	.turn = ops_turn,
	.final_table = fwb_final_table,
};
