/*
 * message-ids.h: the ids of messages an adapter edits, kept in the store so a
 * restarted bot edits the same messages: each table's board (issue 21,
 * point 1) and each player's private messages of a table.  The adapter
 * says which message by what it is; the keys are made here, once.
 */
#ifndef BOT_SAYING_MESSAGE_IDS_H
#define BOT_SAYING_MESSAGE_IDS_H

#include <stddef.h>
#include <stdint.h>

#include "bot/adapter.h"

/*
 * The kept id of table's board in channel, into buf (capped at len):
 * 1, or 0 when none is kept.  Everything borrowed.
 */
int	 msgref_board_get(struct adapter *, const char *channel, uint64_t table,
	     char *buf, size_t len);
/* Keeps id (borrowed) as table's board in channel; NULL forgets it. */
void	 msgref_board_set(struct adapter *, const char *channel, uint64_t table,
	     const char *id);
/*
 * The same for a player's private message of a table in their DM channel
 * (borrowed), of a kind ("view": their view edited in place, "prompt":
 * their move's prompt).
 */
int	 msgref_dm_get(struct adapter *, const char *channel, uint64_t table,
	     const char *kind, char *buf, size_t len);
void	 msgref_dm_set(struct adapter *, const char *channel, uint64_t table,
	     const char *kind, const char *value);

#endif
