/*
 * cmdmatch.h: what a typed word names.  Every place that reads a command
 * word, a game's name or a move's name from a user asks here, so the
 * rules are one: case does not count; a shortened word runs only when it
 * is the start of one command alone and that command destroys nothing;
 * an unknown word gets "did you mean" with up to three of the closest
 * names (lib/suggest.h).
 */
#ifndef BOT_COMMANDS_CMDMATCH_H
#define BOT_COMMANDS_CMDMATCH_H

struct buf;
struct cmd_ctx;
struct cmd_entry;
struct game_ops;

/*
 * Finds the command word names for ctx (its table's game, or none):
 * a lobby verb (*entry) or an action of ops (*action), exactly or by a
 * safe unique prefix.  0, or -1 with *cause, a sentence for the user.
 */
int	 cmdmatch_find(const struct cmd_ctx *, const struct game_ops *ops,
	     const char *word, const struct cmd_entry **entry, int *action,
	     char **cause);

/*
 * -1 with *cause: word is no command or move of any game, and the
 * closest names, or where the list is.
 */
int	 cmdmatch_unknown(const struct cmd_ctx *, const char *word, char **cause);

/* Is word (any case) the name of an action of any game? */
int	 cmdmatch_is_action(const char *word);

/*
 * The game called name (any case), or NULL with *cause: the unknown
 * name, the closest game names, and every game a line each.
 */
const struct game_ops *cmdmatch_game(const struct cmd_ctx *, const char *name,
	     char **cause);

/*
 * Appends the four games, one line each: "  cheers: CHEERS, 2-6 players,
 * fill a shaker with ..." and how to open one.
 */
void	 cmdmatch_games(const struct cmd_ctx *, struct buf *);

#endif
