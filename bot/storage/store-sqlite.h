/*
 * store-sqlite.h: the SQLite backend of the store (store-sqlite.c), for
 * the front's list of backends (store.c).  Its settings are
 * struct store_settings' file: the state file's path and cap.
 */
#ifndef BOT_STORAGE_STORE_SQLITE_H
#define BOT_STORAGE_STORE_SQLITE_H

#include "bot/storage/store.h"

extern const struct store_ops store_sqlite_ops;

#endif
