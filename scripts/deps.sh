#!/bin/sh
# Installs the Debian packages cheersbot builds against, but only those that
# pkg-config cannot find yet.  Called by the Makefile before the first build,
# so `make run` and `make test` work on a fresh Debian 12 machine.  Uses sudo
# when not root.  Also installs python3-aiohttp, which the Discord tests'
# fake server needs.  Prints nothing when everything is already there.
set -eu

# pkg-config name : Debian package
pairs="libuv:libuv1-dev libcjson:libcjson-dev cmocka:libcmocka-dev
sqlite3:libsqlite3-dev libwebsockets:libwebsockets-dev libcurl:libcurl4-openssl-dev
zlib:zlib1g-dev libcrypto:libssl-dev"

missing=""
command -v pkg-config >/dev/null 2>&1 || missing="pkg-config"
command -v cc >/dev/null 2>&1 || missing="$missing gcc make"
for pair in $pairs; do
	pc=${pair%%:*}
	deb=${pair#*:}
	if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists "$pc"; then
		missing="$missing $deb"
	fi
done
# The Discord tests' fake server runs on Debian's own python3 with aiohttp.
if ! /usr/bin/python3 -c 'import aiohttp' >/dev/null 2>&1; then
	missing="$missing python3-aiohttp"
fi
# The service tests check the unit file with systemd-analyze.
if ! command -v systemd-analyze >/dev/null 2>&1; then
	missing="$missing systemd"
fi
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
	sudo=""
elif command -v sudo >/dev/null 2>&1; then
	sudo="sudo"
else
	echo "cheersbot: missing packages:$missing" >&2
	echo "cheersbot: run as root or install sudo, then try again" >&2
	exit 1
fi

echo "cheersbot: installing missing Debian packages:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# An install can fail on a stale package list; refresh it once and retry.
# shellcheck disable=SC2086
if ! $sudo apt-get install -y --no-install-recommends $missing >&2; then
	$sudo apt-get update >&2
	$sudo apt-get install -y --no-install-recommends $missing >&2
fi
