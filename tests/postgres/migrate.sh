# tests/postgres/migrate.sh: the --migrate-state round trip, sourced by
# tests/postgres/run.sh (its checks count in its plan; it uses the
# suite's helpers, $bot, $py and the private server's $pg_port and
# $pg_password).
#
# A state file holds a game of each of the four kinds played to its end
# (alice's seat handed to the AI), a game of each kind running with alice
# and bob, a lobby, a table ended (its id and number used up), channel
# settings and Telegram's update offset.  It is copied into an empty
# database: the counts are printed and every row is there; the bot on
# PostgreSQL restores the running games, shows the same stats and
# tables, plays on, and numbers a new table after the file's last; a
# second copy, and a copy of a file that is not there, are refused and
# change nothing.

pg_psql "CREATE DATABASE migrated" > /dev/null
mig_conn="host=127.0.0.1 port=$pg_port dbname=migrated user=cheers"
on_mig() {
	"$bot" -o store.backend=postgres -o "postgres.url=$mig_conn" \
	    -o "postgres.password=$pg_password" "$@"
}
mig_psql() {
	PGPASSWORD=$pg_password "$(pg_bin psql)" -h 127.0.0.1 -p "$pg_port" \
	    -U cheers -d migrated -qAt -F ' ' -v ON_ERROR_STOP=1 -c "$1"
}
# mig_rows: how many rows each of the store's tables holds, on one line.
mig_kinds="meta numbers tables moves snapshots outcomes channels refs"
mig_rows_sqlite() {
	$py -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
print(" ".join(str(db.execute("SELECT count(*) FROM " + t).fetchone()[0])
    for t in sys.argv[2:]))' from.db $mig_kinds
}
mig_rows_pg() {
	for t in $mig_kinds; do
		[ "$t" = meta ] && w=" WHERE key != 'schema_version'" || w=""
		mig_psql "SELECT count(*) FROM $t$w"
	done | tr '\n' ' ' | sed 's/ $//'
}
# mig_digest: every row of the database, as one digest.
mig_digest() {
	mig_psql "SELECT md5(string_agg(x, ',' ORDER BY x)) FROM (
	    SELECT r::text AS x FROM tables r UNION ALL
	    SELECT r::text FROM moves r UNION ALL
	    SELECT r::text FROM snapshots r UNION ALL
	    SELECT r::text FROM outcomes r UNION ALL
	    SELECT r::text FROM channels r UNION ALL
	    SELECT r::text FROM refs r UNION ALL
	    SELECT r::text FROM numbers r UNION ALL
	    SELECT r::text FROM meta r) rows"
}
# mig_list: --list-tables without its AGE and IDLE columns.
mig_list() {
	awk '{ $7 = ""; $8 = ""; print }'
}

mig_games="cheers cosdrink fwb magic"
{
	for g in $mig_games; do
		printf 'alice #f-%s: /cheers new %s\n' "$g" "$g"
		printf 'alice #f-%s: /cheers addbot 3\n' "$g"
		printf 'alice #f-%s: /cheers start\n' "$g"
	done
	i=0
	while [ $i -lt 30 ]; do echo ':wait 5m'; i=$((i + 1)); done
	for g in $mig_games; do
		printf 'alice #r-%s: /cheers new %s\n' "$g" "$g"
		printf 'bob #r-%s: /cheers join\n' "$g"
		printf 'alice #r-%s: /cheers addbot 2\n' "$g"
		printf 'alice #r-%s: /cheers start\n' "$g"
	done
	printf 'root #set: /cheers settings turn_timer=90s mode=master\n'
	printf 'carol #lobby: /cheers new\n'
	printf 'dave #gone: /cheers new\ndave #gone: /cheers end\n'
} > gen.in
"$bot" --fake-clock -o bot.state_file=from.db -o bot.admins=console:root \
    -o tables.timeouts_to_ai=1 -o bot.seed=3 < gen.in > gen.out 2> gen.err
expect "the state file has a finished game of each kind" \
    test "$(grep -c '^\[#f-[a-z]*\] Final ' gen.out)" -eq 4
$py -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("INSERT INTO refs VALUES (?, ?, ?)", ("telegram", "offset", "123457"))
db.commit()' from.db

# What the bot shows on the file (a copy: a run may tidy it).
printf 'alice #bar: /cheers stats\nbob #bar: /cheers stats\n' > stats.in
printf 'alice #bar: /cheers leaderboard\n' >> stats.in
printf 'alice #set: /cheers settings\n' >> stats.in
cp from.db shown.db
"$bot" --fake-clock -o bot.state_file=shown.db < stats.in > stats-sqlite.out \
    2> /dev/null
"$bot" -o bot.state_file=from.db --list-tables | mig_list > list-sqlite.out

on_mig --migrate-state from.db > mig1.out 2> mig1.err
[ $? -eq 0 ] && ok || { bad "--migrate-state fails"; cat mig1.err; }
expect "--migrate-state counts what it copied" \
    grep -q '^ *9 tables (5 open, 4 over)$' mig1.out
expect "--migrate-state names the database, and no password" sh -c \
    "grep -q 'into $mig_conn:' mig1.out && ! grep -q '$pg_password' mig1.out"
expect "every row of the file is in the database" \
    test "$(mig_rows_pg)" = "$(mig_rows_sqlite)"
expect "channel settings are copied" test \
    "$(mig_psql 'SELECT count(*) FROM channels')" -eq 1
expect "Telegram's update offset is copied" test \
    "$(mig_psql "SELECT value FROM refs WHERE adapter = 'telegram' AND key = 'offset'")" \
    = 123457
expect "the table-id counter is copied" \
    test "$(mig_psql "SELECT value FROM meta WHERE key = 'table_id'")" = 10
on_mig --list-tables | mig_list > list-pg.out
expect "--list-tables shows the same tables and numbers" \
    cmp -s list-sqlite.out list-pg.out

on_mig --fake-clock < stats.in > stats-pg.out 2> stats-pg.err
expect "the bot on postgres shows the same stats and settings" \
    cmp -s stats-sqlite.out stats-pg.out
expect "the bot restores the open tables from the database" grep -q \
    "restored 5 tables from $mig_conn\$" stats-pg.err
mig_moves() {
	mig_psql "SELECT count(*) FROM moves WHERE table_id = $1"
}
before="$(mig_moves 5) $(mig_moves 6) $(mig_moves 7) $(mig_moves 8)"
printf ':wait 5m\n:wait 5m\nzed #new: /cheers new\n' |
    on_mig --fake-clock -o tables.timeouts_to_ai=1 > play.out 2> play.err
set -- $before
moved=0
for id in 5 6 7 8; do
	[ "$(mig_moves $id)" -gt "$1" ] && moved=$((moved + 1))
	shift
done
expect "every running game plays on, on postgres" test "$moved" -eq 4
on_mig --list-tables > list-new.out
expect "a new table takes the number after the file's last" \
    grep -q '^11 *11 *console *#new ' list-new.out

digest=$(mig_digest)
on_mig --migrate-state from.db > mig2.out 2> mig2.err
[ $? -ne 0 ] && ok || bad "a second --migrate-state is not refused"
expect "the second copy is told the database holds tables" \
    grep -q 'the database holds 10 tables already' mig2.err
expect "the second copy changes nothing" test "$(mig_digest)" = "$digest"
on_mig --migrate-state nosuch.db > mig3.out 2> mig3.err
expect "a file that is not there is said so, and nothing changes" sh -c \
    "grep -q 'nosuch.db: cannot read the state file' mig3.err &&
    test '$(mig_digest)' = '$digest'"
