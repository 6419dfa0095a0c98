#!/bin/sh
# The bot on PostgreSQL for tests/transcripts/run.sh: runs BOT (its
# first argument) with the rest, plus the store on the test database.
# A transcript starts on a fresh database: when the state file its
# arguments name is not there yet, the schema is emptied and the file
# made, so the parts after a ":restart" find the same tables.
#
#   PG_BOT=build/cheersbot PG_CONN=... PG_PASSWORD=... PG_PSQL="psql ..." \
#       tests/postgres/bot-on-pg.sh [ARG...]
set -u
for a in "$@"; do
	case $a in
	bot.state_file=*) state=${a#bot.state_file=} ;;
	esac
done
if [ -n "${state:-}" ] && [ ! -e "$state" ]; then
	$PG_PSQL -c "DROP SCHEMA public CASCADE; CREATE SCHEMA public" \
	    > /dev/null || exit 1
	: > "$state"
fi
exec "$PG_BOT" "$@" -o store.backend=postgres -o "postgres.url=$PG_CONN" \
    -o "postgres.password=$PG_PASSWORD"
