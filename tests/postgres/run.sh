#!/bin/sh
# The PostgreSQL store against a private server (tests/postgres/lib.sh):
# the store's unit tests run on it (CHEERSBOT_TEST_PG), the bot plays a
# console game on it, a second bot is refused while the first holds the
# writer lock, and so is --end-table while --list-tables answers, a
# write after the first's session was ended reconnects, a restart after
# kill -9 restores the tables (the log names the database, masked), and
# so does one at once after kill -9 mid-commit (waiting for the dead
# bot's session to let the writer lock go), a reconnect looks the host
# name up on the loop, the
# console transcripts come out the same as on SQLite, the crash test
# (SIGKILL, nothing announced lost) runs on it, --migrate-state copies a
# state file with games of all four kinds finished and running that the
# bot then plays on with the same stats, and a second copy is refused,
# the schema holds a cluster's leases and forwarded events (and a first
# cut's database is upgraded to it), the server is restarted, stopped
# for a minute and blocked under the bot, longer than the commit timeout
# too (outage.sh), answers held behind a commit keep their platform's
# form (held.sh), a commit whose answer was lost but that the server
# made is found made, the store read again without blocking the loop and
# its table put back as the server holds it (doubt.py), and no password
# shows: not in a refused login's error at -vv, nor in --check-config or
# --dump-config.
#
#   tests/postgres/run.sh build/cheersbot
set -u
bot=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
build=$(dirname "$bot")
top=$(cd "$(dirname "$0")/../.." && pwd)
py=/usr/bin/python3
name=postgres
. "$top/tests/lib.sh"
. "$top/tests/postgres/lib.sh"
trap 'pg_stop; cleanup' EXIT

if ! pg_start "$tmp" > pg-start.out 2>&1; then
	echo "postgres: skipped: $(head -1 pg-start.out)"
	exit 0
fi
conn="host=127.0.0.1 port=$pg_port dbname=cheersbot user=cheers"
export CHEERSBOT_TEST_PG="$conn password=$pg_password"

# --- the store's unit tests, on SQLite and then on PostgreSQL
for t in test_store test_store_faults test_store_migrate test_turn_timer; do
	"$build/tests/$t" > "$t.out" 2>&1
	[ $? -eq 0 ] && ok || { bad "$t fails"; tail -30 "$t.out"; }
done
# A group each backend: SQLite's, then PostgreSQL's.
expect "test_store ran on postgres too" \
    test "$(grep -c '^\[==========\] Running [0-9]* test' test_store.out)" -eq 2
expect "test_store_migrate ran on postgres too" \
    test "$(grep -c '^\[==========\] Running [0-9]* test' \
    test_store_migrate.out)" -eq 2
expect "test_turn_timer ran on postgres too" \
    test "$(grep -c '^\[==========\] Running [0-9]* test' \
    test_turn_timer.out)" -eq 2
unset CHEERSBOT_TEST_PG

on_pg() {
	"$bot" -o store.backend=postgres -o "postgres.url=$conn" \
	    -o "postgres.password=$pg_password" -o bot.state_file=unused.db "$@"
}

# --- a console game, a second bot refused, kill -9 and a restart
mkfifo in
on_pg -o bot.seed=7 -o tables.ai_delay=0 < in > out1 2> err1 &
pid=$!
pids="$pids $pid"
exec 3> in
printf 'alice: /cheers new\nalice: /cheers addbot 3\nalice: /cheers start\n' >&3
expect "the game starts on postgres" wait_for 'begins' out1
t0=$(date +%s)
on_pg < /dev/null > out2 2> err2
[ $? -ne 0 ] && ok || bad "a second bot on the same database starts"
expect "the second bot is refused within the lock's 10 s wait" \
    test $(($(date +%s) - t0)) -le 11
expect "the second bot is told another holds the database" \
    grep -q 'another cheersbot is using this database' err2
# The operator's commands beside it, as on one SQLite file.
on_pg --list-tables > list1.out 2>&1
expect "--list-tables beside the bot shows its game" \
    grep -q '^1 .* console .*#bar .* cheers .* playing ' list1.out
on_pg --end-table 1 > end1.out 2>&1
[ $? -ne 0 ] && ok || bad "--end-table beside the bot ends a table"
expect "--end-table beside the bot is told it runs" \
    grep -q 'a cheersbot is running on this database' end1.out
# The bot's idle session ends under it: the bot sees it at once (it
# reads an idle connection too), logs the loss and connects again by
# itself (taking the writer lock again), so the next write is saved and
# nobody is refused.  (A write under way when the link goes is refused:
# outage_restart.)
pg_psql "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE
    application_name = 'cheersbot'" > /dev/null
expect "the end of an idle session is seen at once, as a lost connection" \
    wait_for 'the PostgreSQL connection was lost' err1
expect "the bot connects again by itself" wait_for 'connected again' err1
printf 'bob #two: /cheers new\n' >&3
expect "the next write is saved" wait_for '@bob opened a CHEERS table' out1
expect "and nobody was refused" sh -c "! grep -q 'could not save that' out1"
sleep 0.3
proc_stop $pid KILL
exec 3>&-
printf 'alice: /cheers status\n' | on_pg > out3 2> err3
expect "after kill -9 the table is restored" grep -q 'restored 2 tables' err3
expect "the log names the database, and no password" grep -q \
    "restored 2 tables from host=127.0.0.1 port=$pg_port dbname=cheersbot user=cheers\$" \
    err3
expect "after kill -9 status shows the game" grep -q "shaker" out3
expect "the tables are in the database" \
    test "$(pg_psql 'SELECT count(*) FROM tables')" -eq 2
expect "the moves are in the database" \
    test "$(pg_psql 'SELECT count(*) FROM moves')" -gt 0
expect "no state file is made" test ! -e unused.db
# What a cluster will need is in the schema already, unused by one bot.
lease_cols() {
	pg_psql "SELECT count(*) FROM information_schema.columns WHERE
	    table_schema = current_schema() AND table_name = 'tables' AND
	    column_name IN ('owner', 'lease_gen', 'lease_until')"
}
expect "each table has an owner and a lease generation" \
    test "$(lease_cols)" -eq 3
expect "the forwarded events' table is there, empty" \
    test "$(pg_psql 'SELECT count(*) FROM forwarded')" -eq 0
# A database at schema 1 (the first cut's) is upgraded by the next start.
pg_psql "ALTER TABLE tables DROP COLUMN owner, DROP COLUMN lease_gen,
    DROP COLUMN lease_until; DROP TABLE forwarded;
    UPDATE meta SET value = 1 WHERE key = 'schema_version'" > /dev/null
on_pg < /dev/null > up.out 2> up.err
expect "a schema 1 database is upgraded at start" test "$(lease_cols)" -eq 3
expect "the upgrade keeps the tables" grep -q 'restored 2 tables' up.err
expect "the upgrade ends at schema 2" test "$(pg_psql \
    "SELECT value FROM meta WHERE key = 'schema_version'")" -eq 2
on_pg --end-table 2 > end2.out 2>&1
expect "--end-table ends a table once the bot is gone" \
    grep -q '^Ended table 2 (console #two)' end2.out
on_pg --list-tables > list2.out 2>&1
expect "--list-tables no longer shows it" sh -c \
    "grep -q '^1 ' list2.out && ! grep -q '^2 ' list2.out"

# --- kill -9 while the bot's commit runs on the server, and a restart at
# once (systemd's Restart=): the dead bot's session keeps the writer lock
# until its statement ends, which the new bot waits for
rm -f in
mkfifo in
on_pg -o tables.ai_delay=0 < in > out4 2> err4 &
pid=$!
pids="$pids $pid"
exec 3> in
printf 'carol #k: /cheers new\n' >&3
expect "a table opens before the kill" wait_for '@carol opened' out4
pg_psql "BEGIN; LOCK TABLE meta; SELECT pg_sleep(4); COMMIT" > /dev/null &
locker=$!
sleep 0.5
printf 'carol #k: /cheers addbot 1\n' >&3
# The bot's session runs a statement.
bot_active() {
	test "$(pg_psql "SELECT count(*) FROM pg_stat_activity WHERE
	    application_name = 'cheersbot' AND state = 'active'")" -eq 1
}
proc_until 3 bot_active
expect "the bot's commit waits on the server" bot_active
proc_stop $pid KILL
exec 3>&-
printf 'carol #k: /cheers status\n' | on_pg > out5 2> err5
expect "a bot restarted at once after kill -9 mid-commit starts" \
    grep -q 'restored [0-9]* tables' err5
expect "it said it waits for the previous bot's session" \
    grep -q "waiting up to 10 s for a previous bot's session" err5
expect "the restarted bot shows the table" grep -q "CHEERS lobby.*carol" out5
wait $locker

# --- a host name is looked up on the loop (not by libpq, which would
# block it) before a reconnect: localhost, whose addresses are all tried
# (the server listens on 127.0.0.1 only)
rm -f in
mkfifo in
"$bot" -vv -o store.backend=postgres -o "postgres.url=host=localhost \
    port=$pg_port dbname=cheersbot user=cheers" \
    -o "postgres.password=$pg_password" -o bot.state_file=unused.db \
    -o tables.ai_delay=0 < in > out6 2> err6 &
pid=$!
pids="$pids $pid"
exec 3> in
printf 'dana #n1: /cheers new\n' >&3
expect "a bot on host=localhost opens a table" wait_for '@dana opened' out6
pg_psql "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE
    application_name = 'cheersbot'" > /dev/null
i=0
while ! grep -q '\[#n2\] @dana opened' out6 && [ $i -lt 20 ]; do
	printf 'dana #n2: /cheers new\n' >&3
	sleep 0.5
	i=$((i + 1))
done
expect "after its session ended, it reconnects and saves" \
    grep -q '\[#n2\] @dana opened' out6
expect "the reconnect looked localhost up first, 127.0.0.1 among its \
addresses" grep -q 'localhost is at .*127\.0\.0\.1' err6
exec 3>&-
proc_stop $pid INT

# --- the crash test on postgres, on a database of its own
pg_psql "CREATE DATABASE crash" > /dev/null
CRASH_KILLS=60 CRASH_STORE="-o store.backend=postgres \
    -o postgres.url=postgresql://cheers@127.0.0.1:$pg_port/crash \
    -o postgres.password=$pg_password" \
    CRASH_PSQL="env PGPASSWORD=$pg_password $(pg_bin psql) -h 127.0.0.1 \
    -p $pg_port -U cheers -d crash" \
    sh "$top/tests/crash/run.sh" "$bot" > crash.out 2>&1
[ $? -eq 0 ] && ok || { bad "the crash test fails on postgres"; \
    tail -20 crash.out; }
expect "the crash test on postgres loses nothing announced" grep -q \
    '^crash: 60 kills, 0 lost moves, 0 lost tables, 0 duplicated tables$' \
    crash.out

# --- --migrate-state: a state file into a database of its own
. "$top/tests/postgres/migrate.sh"

# --- the console transcripts on postgres, each on an empty database,
# byte for byte as on SQLite; diskfull's cap is the state file's own
names=$(cd "$top/tests/transcripts" && ls *.txt | sed 's/\.txt$//' |
    grep -vx diskfull)
PG_BOT=$bot PG_CONN=$conn PG_PASSWORD=$pg_password \
    PG_PSQL="env PGPASSWORD=$pg_password $(pg_bin psql) -h 127.0.0.1 \
    -p $pg_port -U cheers -d cheersbot -qAt -v ON_ERROR_STOP=1" \
    sh "$top/tests/transcripts/run.sh" "$top/tests/postgres/bot-on-pg.sh" \
    $names > transcripts.out 2>&1
[ $? -eq 0 ] && ok || { bad "a transcript differs on postgres"; \
    grep -v '^transcripts:' transcripts.out | head -40; }
expect "every transcript but diskfull ran on postgres" grep -qx \
    "transcripts: $(echo $names | wc -w) passed, 0 failed" transcripts.out

# --- the server goes away under the bot (tests/postgres/outage.sh);
# CHEERSBOT_PG_OUTAGE_S shortens the stop for a quick run by hand
. "$top/tests/postgres/outage.sh"
outage_restart
outage_blocked
outage_timeout
outage_stopped "${CHEERSBOT_PG_OUTAGE_S:-60}"

# --- answers held behind a commit keep their form (tests/postgres/held.sh)
. "$top/tests/postgres/held.sh"
held_run discord "$top/tests/discord/fake_discord.py" --heartbeat-ms 400 \
    -- -o discord.enabled=yes -o discord.token=test-token \
    -o discord.application_id=1 \
    -o discord.api_base=http://127.0.0.1:@PORT@/api/v10 \
    -o discord.gateway_url=ws://127.0.0.1:@PORT@/gateway
held_run slack "$top/tests/slack/fake_slack.py" \
    -- -o slack.enabled=yes -o slack.app_token=xapp-1-test \
    -o slack.bot_token=xoxb-test \
    -o slack.api_base=http://127.0.0.1:@PORT@/api
$py -c "import sys; sys.path.insert(0, '$top/tests/telegram'); \
    from fake_telegram import TOKEN; print(TOKEN)" > tg.token
held_run telegram "$top/tests/telegram/fake_telegram.py" \
    -- -o telegram.enabled=yes -o telegram.token=file:$tmp/tg.token \
    -o telegram.api_base=http://127.0.0.1:@PORT@ \
    -o telegram.message_interval=100ms \
    -o telegram.group_messages_per_minute=1000

# --- a commit lost unanswered that the server made (tests/postgres/doubt.py)
outage_empty
$py "$top/tests/postgres/doubt.py" "$pg_port" "env PGPASSWORD=$pg_password \
    $(pg_bin psql) -h 127.0.0.1 -p $pg_port -U cheers -d cheersbot -qAt -c" \
    "$bot" -v -o store.backend=postgres -o bot.state_file=unused.db \
    -o "postgres.url=host=127.0.0.1 port=@PROXY@ dbname=cheersbot user=cheers" \
    -o "postgres.password=$pg_password" -o bot.seed=7
[ $? -eq 0 ] && ok || { bad "doubt.py's checks"; tail -20 doubt.err; }

# --- no password shows
wrong=wrong-$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')
"$bot" -vv -o store.backend=postgres -o "postgres.url=$conn" \
    -o "postgres.password=$wrong" < /dev/null > wrong.out 2> wrong.err
[ $? -ne 0 ] && ok || bad "a wrong password is accepted"
expect "a wrong password's login is said refused" \
    grep -q 'PostgreSQL refused the login' wrong.err
expect "the refusal names no password" \
    sh -c "! grep -q -e '$wrong' -e '$pg_password' wrong.out wrong.err"
"$bot" -o store.backend=postgres -o "postgres.url=$pg_url" \
    -o "postgres.password=$wrong" --check-config > check.out 2>&1
[ $? -eq 0 ] && ok || bad "--check-config refuses the postgres settings"
"$bot" -o store.backend=postgres -o "postgres.url=$pg_url" \
    -o "postgres.password=$wrong" --dump-config > dump.out 2>&1
expect "--dump-config shows the url masked" grep -q '(secret)@127.0.0.1' dump.out
expect "--check-config and --dump-config show no password" \
    sh -c "! grep -q -e '$wrong' -e '$pg_password' check.out dump.out"

finish
