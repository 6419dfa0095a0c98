/*
 * operator.h: command-line views of the state file for operators, run
 * beside (or instead of) the daemon: cheersbot --list-tables and
 * cheersbot --end-table ID.
 */
#ifndef BOT_DAEMON_OPERATOR_H
#define BOT_DAEMON_OPERATOR_H

#include <stdio.h>

struct config;

/*
 * Prints every table that is not over in the config's state file to out:
 * id, platform, channel, game, state, age, time since its last change,
 * players.  Reads only, so it works while the bot runs.  0, or -1 with
 * *cause (caller frees).
 */
int	operator_list_tables(const struct config *, FILE *out, char **cause);

/*
 * Ends open table id (a decimal string, borrowed) in the state file, as
 * its host's "end" would, and says so on out.  Refused while a bot runs
 * on the file: the running bot keeps the table in memory and would write
 * it back.  0, or -1 with *cause (caller frees).
 */
int	operator_end_table(const struct config *, const char *id, FILE *out,
	    char **cause);

#endif
