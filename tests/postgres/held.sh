# tests/postgres/held.sh: answers held behind a commit keep their
# platform's form, sourced by tests/postgres/run.sh (which has started
# the server and set $bot, $conn and $pg_password); the checks are
# tests/postgres/held.py's, one count line a platform.
#
#   held_run PLATFORM FAKE [ARG...] -- [OPTION...]
#                     the fake server FAKE (with ARGs), the bot on
#                     PostgreSQL and on it, with the platform's OPTIONs
#                     (@PORT@ the fake's port; no spaces in either),
#                     driven by held.py PLATFORM
. "$top/tests/fake-server.sh"

held_run() {
	hplat=$1
	hfake=$2
	shift 2
	hfargs=""
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		hfargs="$hfargs $1"
		shift
	done
	[ $# -gt 0 ] && shift
	if ! fake_check "postgres (held $hplat)" > held-check.out; then
		echo "postgres (held $hplat): skipped: $(cat held-check.out)"
		skip 1 "held $hplat: no aiohttp"
		return
	fi
	outage_empty
	fake_start "postgres (held $hplat)" "$hfake" $hfargs || { bad "held $hplat: \
the fake server does not start"; return; }
	pids="$pids $fake"
	hargs=""
	for o in "$@"; do
		hargs="$hargs $(printf '%s' "$o" | sed "s/@PORT@/$port/g")"
	done
	: > "held-$hplat.err"
	outage_run -v -o console.enabled=no -o tables.ai_delay=0 $hargs \
	    < /dev/null > "held-$hplat.out" 2> "held-$hplat.err" &
	obot=$!
	pids="$pids $obot"
	$py "$top/tests/postgres/held.py" "$hplat" "$port" "held-$hplat.err" \
	    "env PGPASSWORD=$pg_password $(pg_bin psql) -h 127.0.0.1 \
	    -p $pg_port -U cheers -d cheersbot -qAt -c"
	[ $? -eq 0 ] && ok || { bad "held $hplat: held.py's checks"; \
	    tail -20 "held-$hplat.err"; }
	proc_stop "$obot" INT
	proc_stop "$fake" KILL
}
