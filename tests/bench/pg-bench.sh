#!/bin/sh
# make bench's PostgreSQL figures (tests/bench/pg_bench.py) against a
# private server of its own (tests/postgres/lib.sh: a fresh cluster on
# 127.0.0.1 and a free port, in a temporary directory, stopped by its
# PID at the end), beside SQLite's in the same directory.  Without the
# server's package it says so and measures nothing.
#
#   tests/bench/pg-bench.sh build/cheersbot
set -u
bot=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
dir=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$dir/../.." && pwd)
py=/usr/bin/python3
tmp=$(mktemp -d)
. "$top/tests/proc.sh"
. "$top/tests/postgres/lib.sh"
trap 'pg_stop; rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

if ! pg_start "$tmp" > "$tmp/pg-start.out" 2>&1; then
	echo "bench: postgres: skipped: $(head -1 "$tmp/pg-start.out")"
	exit 0
fi
PG_BENCH_PORT=$pg_port PG_BENCH_PASSWORD=$pg_password \
    PG_BENCH_PSQL=$(pg_bin psql) $py "$dir/pg_bench.py" "$bot" "$tmp"
