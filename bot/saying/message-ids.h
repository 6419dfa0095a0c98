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

struct coalesce;

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

/*
 * The dm_table op (bot/adapter.h) on two sets of coalesced messages
 * (lib/coalesce) keyed by DM channel and table: views, one a player,
 * and prompts.  The sets' recall and keep ops are the four below, whose
 * arg is the adapter (the first member of the adapter's struct, which
 * the sets get as arg).  body is the message's JSON for what (taken
 * over); moved the one that clears a prompt a newer one replaces (taken
 * over, used by ADAPTER_DM_ASK only).  The board ops are the same for
 * a set of boards.
 */
void	 msgref_dm_show(struct coalesce *views, struct coalesce *prompts,
	     const char *channel, uint64_t table, enum adapter_dm what,
	     char *body, char *moved);
int	 msgref_recall_board(const char *channel, uint64_t table, char *buf,
	     size_t len, void *adapter);
void	 msgref_keep_board(const char *channel, uint64_t table, const char *id,
	     void *adapter);
int	 msgref_recall_view(const char *channel, uint64_t table, char *buf,
	     size_t len, void *adapter);
int	 msgref_recall_prompt(const char *channel, uint64_t table, char *buf,
	     size_t len, void *adapter);
void	 msgref_keep_view(const char *channel, uint64_t table, const char *id,
	     void *adapter);
void	 msgref_keep_prompt(const char *channel, uint64_t table,
	     const char *id, void *adapter);

#endif
