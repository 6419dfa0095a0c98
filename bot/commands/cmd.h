/*
 * cmd.h: the command table shared by every game (tmux's cmd_entry shape).
 *
 * Lobby verbs live here, one file each (bot/cmd-<verb>.c); a game's own
 * actions come from its struct game_action table and run through
 * bot/commands/cmd-action.c, so one description drives parsing, usage and help.
 */
#ifndef BOT_COMMANDS_CMD_H
#define BOT_COMMANDS_CMD_H

#include "bot/adapter.h"
#include "bot/saying/render-chat.h"
#include "game/game.h"

struct bot;
struct table;

#define CMD_MAX_ARGS	16
#define CMD_TEXT_MAX	512	/* longer command texts are refused */
#define CMD_HELP_SHORT_LINES 8	/* lines of help at most (ADAPTER_TERSE) */

/* Who may run a command. */
#define CMD_TABLE	0x1	/* needs a table in this channel */
#define CMD_SEATED	0x2	/* only for seated players */
#define CMD_HOST	0x4	/* only for the host, channel admins, bot admins */
#define CMD_CHANNEL	0x8	/* not in a DM */
/* Destroys something, so never run from a shortened word (bot/commands/cmdmatch.c). */
#define CMD_WHOLE	0x10	/* always */
#define CMD_WHOLE_GAME	0x20	/* once a game runs */

struct cmd_ctx {
	struct bot		*bot;
	const struct bot_event	*ev;
	struct table		*table;	/* this channel's table, or NULL */
	int			 argc;
	char			*argv[CMD_MAX_ARGS];
	/* "/cheers" or "!cheers": how the sender writes a command. */
	char			 command[RENDER_COMMAND_MAX];
};

/*
 * A lobby verb.  Its arguments are described with the same struct game_arg
 * as a game's actions, so usage lines, help and platform command schemas
 * come from one description.  A GAME_ARG_TEXT argument takes the rest of
 * the words.
 */
struct cmd_entry {
	const char	*name;
	const char	*summary;	/* one line */
	int		 nargs;
	struct game_arg	 args[GAME_MAX_ARGS];
	int		 flags;		/* CMD_* */
	/* 0 on success; -1 and *cause (a sentence for the user) on failure. */
	int		(*exec)(struct cmd_ctx *, char **cause);
};

extern const struct cmd_entry cmd_new_entry, cmd_join_entry, cmd_leave_entry,
	cmd_start_entry, cmd_addbot_entry, cmd_kick_entry, cmd_end_entry,
	cmd_status_entry, cmd_hand_entry, cmd_rules_entry, cmd_help_entry,
	cmd_settings_entry, cmd_stats_entry, cmd_leaderboard_entry,
	cmd_replay_entry;

/* bot/commands/cmd.c */
const struct cmd_entry *const *cmd_all(void);	/* NULL-terminated */
/* Answers the user who sent the command: privately or in the channel. */
void	 cmd_reply(struct cmd_ctx *, int private, const char *, ...)
	     __attribute__((format(printf, 3, 4)));
/* The same with buttons (borrowed, may be NULL) under the text. */
void	 cmd_reply_buttons(struct cmd_ctx *, int private,
	     const struct adapter_buttons *, const char *, ...)
	     __attribute__((format(printf, 4, 5)));
/* Is the sender host of the table, a channel admin or a bot admin? */
int	 cmd_is_host(const struct cmd_ctx *);
int	 cmd_is_bot_admin(const struct cmd_ctx *);
/*
 * "/cheers kick <player>": usage line of a lobby verb, in the command form
 * of ctx's sender; caller frees.
 */
char	*cmd_usage(const struct cmd_ctx *, const struct cmd_entry *);
/* A usage line from a name and its described arguments; caller frees. */
char	*cmd_usage_args(const struct cmd_ctx *, const char *name, int nargs,
	     const struct game_arg *);

/* bot/commands/cmd-action.c: runs a game action; the verb is argv[0]. */
int	 cmd_action_exec(struct cmd_ctx *, const struct game_action *, int index,
	     char **cause);
char	*cmd_action_usage(const struct cmd_ctx *, const struct game_action *);
/*
 * Plays seat's move m (borrowed) at ctx's table, which must be playing;
 * a seat the AI kept is the player's again.  0, or -1 with *cause.
 */
int	 cmd_action_play(struct cmd_ctx *, int seat, const struct game_move *,
	     char **cause);
/* bot/commands/cmd-hand.c: seat's private view, with move buttons; lead may be NULL. */
void	 cmd_hand_show(struct cmd_ctx *, int seat, const char *lead);
/* bot/commands/click.c: a click on one of the bot's buttons (ev->is_button). */
int	 click_exec(struct cmd_ctx *, char **cause);


/* bot/commands/cmd-leave.c, shared with kick. */
void	 cmd_leave_unseat(struct cmd_ctx *, int seat, const char *how);
int	 cmd_leave_close_empty(struct cmd_ctx *);
#endif
