/*
 * cmd-later.h: a command's answer that store reads give
 * (store_read_send).  A store that reads at once (SQLite) has it said
 * as the command runs, as any answer; on one that answers later
 * (PostgreSQL on the loop) the reply is held in its place in the outbox
 * (outbox_later) and said when the read comes, so the loop never waits
 * for the database.  The command's code is the same for both.
 */
#ifndef BOT_COMMANDS_CMD_LATER_H
#define BOT_COMMANDS_CMD_LATER_H

#include <stddef.h>

struct bot;
struct cmd_ctx;
struct game_ops;
struct outbox_item;
struct store_read;

/* The first member of a command's own struct (cmd_later_new). */
struct cmd_later {
	struct bot		*bot;
	struct cmd_ctx		*ctx;		/* while the command runs */
	struct outbox_item	*item;		/* the reply held, or NULL */
	const struct game_ops	*ops;		/* the table's words, or NULL */
	int			 emoji;
	int			 pending;	/* a read is under way */
	int			 depth;		/* answers running */
	int			 said;
	void			(*answer)(struct cmd_later *, int, char *);
	void			(*drop)(struct cmd_later *);
};

/*
 * A new answer of ctx's command, size bytes (a struct that starts with
 * struct cmd_later, zeroed), freed after its last read by cmd_later_end
 * or the read's answer, with drop(l) (may be NULL) first.
 */
void	*cmd_later_new(struct cmd_ctx *, size_t size,
	     void (*drop)(struct cmd_later *));
/*
 * Reads r[0..n) (the caller's, in l, until answered), then calls
 * answer(l, 0, NULL), or answer(l, -1, cause answer takes) when the
 * read failed: now, or later while the reply is held.  answer says
 * (cmd_later_say) or reads again; it is not called when nobody waits
 * any more (the reply was dropped: its batch undone, the bot stopping).
 */
void	 cmd_later_read(struct cmd_later *, struct store_read *r, int n,
	     void (*answer)(struct cmd_later *, int, char *));
/*
 * The same for a read sent some other way (restore_finished_send) with
 * cmd_later_done as its done and l as its arg: rc and err are what the
 * send returned (1: done will run).
 */
void	 cmd_later_done(void *l, int rc, char *cause);
void	 cmd_later_sent(struct cmd_later *, int rc, char *err,
	     void (*answer)(struct cmd_later *, int, char *));
/* The answer (borrowed), privately or not: said once, the rest dropped. */
void	 cmd_later_say(struct cmd_later *, int private, const char *text);
/*
 * A read failed (takes cause, logged): the player is told privately
 * that what (such as "Stats are") is unavailable for now.
 */
void	 cmd_later_down(struct cmd_later *, const char *what, char *cause);
/* The command has run: l is freed unless a read is under way. */
void	 cmd_later_end(struct cmd_later *);

#endif
