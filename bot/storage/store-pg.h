/*
 * store-pg.h: the PostgreSQL backend of the store (store-pg.c), for the
 * front's list of backends (store.c).  Its settings are struct
 * store_settings' server: the connection string, a password kept apart
 * from it, and the connect timeout.
 */
#ifndef BOT_STORAGE_STORE_PG_H
#define BOT_STORAGE_STORE_PG_H

#include "bot/storage/store.h"

extern const struct store_ops store_pg_ops;

#endif
