#!/bin/sh
# Installs the Debian 12 packages cheersbot needs that are not installed
# yet, in one apt-get run: as root directly, else through sudo (which may
# ask for your password, once).  Prints nothing when all are there.
#
#   sh scripts/deps.sh          what the build needs (the Makefile runs it
#                               before the first build)
#   sh scripts/deps.sh test     that, and what `make test` needs (make test
#                               and each suite's target run it first)
#   sh scripts/deps.sh analyze  that, and the static analyzers (make analyze)
#   sh scripts/deps.sh --list [test | analyze]   the packages, one a line
#
# A package counts as installed when dpkg says so, so nothing installed
# is ever reported missing.
set -eu

# The compiler, make, pkg-config and the libraries' -dev packages.
build="gcc libc6-dev make pkg-config libuv1-dev libcjson-dev libcmocka-dev
libsqlite3-dev libwebsockets-dev libcurl4-openssl-dev zlib1g-dev libssl-dev
libexpat1-dev libc-ares-dev"
# Python with aiohttp for the fake servers and test clients, openssl for
# the tests' certificates, systemd-analyze and /bin/kill (procps) for the
# service tests' unit check, and the real servers of the XMPP and IRC
# tests (Atheme: the services InspIRCd is linked to, for accounts).
test="python3 python3-aiohttp openssl systemd procps prosody inspircd
atheme-services dnsmasq-base"
# The static analyzers of make analyze (gcc's is in build).
analyze="clang cppcheck"

list=0
if [ "${1:-}" = --list ]; then
	list=1
	shift
fi
case ${1:-build} in
build) want=$build ;;
test) want="$build $test" ;;
analyze) want="$build $analyze" ;;
*)
	echo "usage: sh scripts/deps.sh [--list] [build | test | analyze]" >&2
	exit 2
	;;
esac
if [ $list = 1 ]; then
	printf '%s\n' $want
	exit 0
fi

# The packages of $want that dpkg knows as installed ("ii").
# shellcheck disable=SC2086
installed=$(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' $want \
    2>/dev/null | awk '$1 == "ii" { print $2 }')
missing=""
for p in $want; do
	case " $(echo $installed) " in
	*" $p "*) ;;
	*) missing="$missing $p" ;;
	esac
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
	sudo=""
elif command -v sudo >/dev/null 2>&1; then
	sudo="sudo"
else
	echo "cheersbot: missing Debian packages:$missing" >&2
	echo "cheersbot: run this as root, or install sudo, then try again" >&2
	exit 1
fi

echo "cheersbot: installing missing Debian packages:$missing" >&2
[ -n "$sudo" ] && echo "cheersbot: (with sudo, which may ask for your password)" >&2
# Another apt may hold the lock for a while: wait for it.  An install can
# fail on a stale package list: refresh it once and try again.
apt="apt-get -o DPkg::Lock::Timeout=300"
# shellcheck disable=SC2086
if ! $sudo env DEBIAN_FRONTEND=noninteractive $apt install -y \
    --no-install-recommends $missing >&2; then
	$sudo $apt update >&2
	$sudo env DEBIAN_FRONTEND=noninteractive $apt install -y \
	    --no-install-recommends $missing >&2
fi
