/*
 * Message ids kept across restarts (see message-ids.h), as the store's refs
 * keyed "board:<table>:<channel>" and "dm:<table>:<user>:<kind>".  A
 * store that cannot keep one is logged and the bot goes on: at worst the
 * next update posts a new message, as before.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "bot/adapter.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "bot/saying/message-ids.h"
#include "bot/storage/store.h"

#define MSGREF_KEY_MAX	256

static int
msgref_get(struct adapter *a, const char *key, char *buf, size_t len)
{
	return store_ref_get(a->bot->store, a->ops->name, key, buf, len);
}

static void
msgref_set(struct adapter *a, const char *key, const char *value)
{
	char	*cause = NULL;

	if (store_ref_set(a->bot->store, a->ops->name, key, value,
	    &cause) != 0) {
		log_warn("%s: keeping the message %s failed: %s", a->ops->name,
		    key, cause);
		free(cause);
	}
}

int
msgref_board_get(struct adapter *a, const char *channel, uint64_t table,
    char *buf, size_t len)
{
	char	key[MSGREF_KEY_MAX];

	snprintf(key, sizeof key, "board:%" PRIu64 ":%s", table, channel);
	return msgref_get(a, key, buf, len);
}

void
msgref_board_set(struct adapter *a, const char *channel, uint64_t table,
    const char *id)
{
	char	key[MSGREF_KEY_MAX];

	snprintf(key, sizeof key, "board:%" PRIu64 ":%s", table, channel);
	msgref_set(a, key, id);
}

int
msgref_dm_get(struct adapter *a, const char *channel, uint64_t table,
    const char *kind, char *buf, size_t len)
{
	char	key[MSGREF_KEY_MAX];

	snprintf(key, sizeof key, "dm:%" PRIu64 ":%s:%s", table, channel, kind);
	return msgref_get(a, key, buf, len);
}

void
msgref_dm_set(struct adapter *a, const char *channel, uint64_t table,
    const char *kind, const char *value)
{
	char	key[MSGREF_KEY_MAX];

	snprintf(key, sizeof key, "dm:%" PRIu64 ":%s:%s", table, channel, kind);
	msgref_set(a, key, value);
}
