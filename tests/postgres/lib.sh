# tests/postgres/lib.sh: a private PostgreSQL server for one test run,
# from Debian's postgresql package (scripts/deps.sh test installs it,
# with its system service off).  Sourced after tests/proc.sh.
#
#   pg_start DIR       a fresh cluster in DIR/pg, listening on 127.0.0.1
#                      only, on a free port, with a role and a database;
#                      sets $pg_port, $pg_pid, $pg_url, $pg_url_nopass,
#                      $pg_password (scram-sha-256 over TCP)
#   pg_stop            stops it by its PID (a fast shutdown, then KILL)
#   pg_kill            kills it at once, as a crash would (SIGKILL)
#   pg_restart         starts the same cluster again on the same port
#   pg_psql SQL        runs SQL as the test role; prints the rows, tab
#                      separated, without headers
#
# initdb refuses to run as root: as root the server runs as the postgres
# user (the package makes it), and DIR is opened to it; as anyone else
# it runs as that user.  Nothing is left running or enabled: the data,
# socket and log are all under DIR.

# pg_bin NAME: the path of one of the server's programs (the newest
# version installed), or nothing.
pg_bin() {
	for pg_b in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null |
	    sort -V -r); do
		[ -x "$pg_b/$1" ] && { echo "$pg_b/$1"; return 0; }
	done
	return 1
}

# pg_as COMMAND...: runs COMMAND as the user that owns the cluster.
pg_as() {
	if [ "$(id -u)" -eq 0 ]; then
		runuser -u postgres -- "$@"
	else
		"$@"
	fi
}

pg_start() {
	pg_dir=$1/pg
	pg_initdb=$(pg_bin initdb) && pg_ctl=$(pg_bin pg_ctl) &&
	    pg_postgres=$(pg_bin postgres) || {
		echo "postgres: the PostgreSQL server is not installed" \
		    "(scripts/deps.sh test installs it)"
		return 1
	}
	pg_password=cheers-$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')
	mkdir -p "$pg_dir"
	if [ "$(id -u)" -eq 0 ]; then
		chmod 755 "$1"
		chown postgres "$pg_dir"
	fi
	printf '%s\n' "$pg_password" > "$1/pg.pw"
	[ "$(id -u)" -eq 0 ] && chown postgres "$1/pg.pw"
	pg_as "$pg_initdb" -D "$pg_dir/data" -U cheers --pwfile="$1/pg.pw" \
	    --auth-local=trust --auth-host=scram-sha-256 -E UTF8 \
	    --locale=C.UTF-8 >"$1/pg-initdb.log" 2>&1 || {
		echo "postgres: initdb failed:"
		sed 's/^/  /' "$1/pg-initdb.log" | tail -20
		return 1
	}
	set -- $(proc_ports 1)
	pg_port=$1
	pg_restart || return 1
	pg_as "$(pg_bin psql)" -h "$pg_dir" -p "$pg_port" -U cheers -d postgres \
	    -qAt -c "CREATE DATABASE cheersbot" >/dev/null || return 1
	pg_url_nopass="postgresql://cheers@127.0.0.1:$pg_port/cheersbot"
	pg_url="postgresql://cheers:$pg_password@127.0.0.1:$pg_port/cheersbot"
}

pg_restart() {
	pg_as "$pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w -t 60 \
	    -o "-c listen_addresses=127.0.0.1 -p $pg_port \
	    -c unix_socket_directories=$pg_dir -c fsync=on" start \
	    >/dev/null 2>&1 || {
		echo "postgres: the server did not start:"
		tail -20 "$pg_dir/server.log" 2>/dev/null | sed 's/^/  /'
		return 1
	}
	pg_pid=$(head -1 "$pg_dir/data/postmaster.pid" 2>/dev/null)
}

pg_stop() {
	[ -n "${pg_pid:-}" ] || return 0
	# A fast shutdown ends with a checkpoint, which a loaded disk can
	# hold for many seconds; a SIGKILL then would leave postmaster.pid
	# behind, and a zombie that keeps its PID, so a restart is refused.
	proc_stop_named "$pg_pid" "$pg_dir" INT 60
	pg_pid=""
}

pg_kill() {
	[ -n "${pg_pid:-}" ] || return 0
	proc_stop_named "$pg_pid" "$pg_dir" KILL
	pg_pid=""
}

pg_psql() {
	PGPASSWORD=$pg_password "$(pg_bin psql)" -h 127.0.0.1 -p "$pg_port" \
	    -U cheers -d cheersbot -qAt -F '	' -v ON_ERROR_STOP=1 -c "$1"
}
