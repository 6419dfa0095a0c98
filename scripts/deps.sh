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
#
# The test servers (Prosody, InspIRCd, Atheme, dnsmasq, PostgreSQL) are
# installed without their system services: a policy-rc.d denies every
# start during the apt-get run (unless one is in place already, which is
# then left alone), and the services of those it installed are disabled
# after (and stopped, where systemd runs), so nothing listens or starts at
# boot.  The tests start their own instances on 127.0.0.1.  A server
# that was installed before is never touched.  (CHEERSBOT_DEPS_ROOT, for
# the harness tests, goes before /usr/sbin/policy-rc.d and /run/systemd.)
set -eu

# The compiler, make, pkg-config and the libraries' -dev packages.
build="gcc libc6-dev make pkg-config libuv1-dev libcjson-dev libcmocka-dev
libsqlite3-dev libwebsockets-dev libcurl4-openssl-dev zlib1g-dev libssl-dev
libexpat1-dev libc-ares-dev libpq-dev"
# Python with aiohttp for the fake servers and test clients, openssl for
# the tests' certificates, systemd-analyze and /bin/kill (procps) for the
# service tests' unit check, and the real servers of the XMPP and IRC
# tests (Atheme: the services InspIRCd is linked to, for accounts; dnsmasq
# for the SRV test), and PostgreSQL for the store's tests (its services
# are postgresql-common's).
servers="prosody inspircd atheme-services dnsmasq-base postgresql
postgresql-common"
test="python3 python3-aiohttp openssl systemd procps $servers"
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

# The test servers about to be installed.
new_servers=""
for p in $servers; do
	case " $missing " in *" $p "*) new_servers="$new_servers $p" ;; esac
done
# While they install, a policy-rc.d of ours (when there is none) denies
# every start; it goes when this script ends, however it ends.
policy=${CHEERSBOT_DEPS_ROOT:-}/usr/sbin/policy-rc.d
made_policy=0
unpolicy() {
	if [ $made_policy = 1 ]; then
		$sudo rm -f "$policy"
		made_policy=0
	fi
}
trap unpolicy EXIT
trap 'exit 130' INT TERM
if [ -n "$new_servers" ] && [ ! -e "$policy" ] && [ ! -L "$policy" ]; then
	made_policy=1
	$sudo sh -c 'printf "%s\n" "#!/bin/sh" \
	    "# cheersbot scripts/deps.sh: no service starts while it installs." \
	    "exit 101" > "$1" && chmod 755 "$1"' sh "$policy"
fi

# Another apt may hold the lock for a while: wait for it.  An install can
# fail on a stale package list: refresh it once and try again.
apt="apt-get -o DPkg::Lock::Timeout=300"
rc=0
# shellcheck disable=SC2086
if ! $sudo env DEBIAN_FRONTEND=noninteractive $apt install -y \
    --no-install-recommends $missing >&2; then
	{ $sudo $apt update >&2 &&
	    $sudo env DEBIAN_FRONTEND=noninteractive $apt install -y \
	    --no-install-recommends $missing >&2; } || rc=$?
fi
unpolicy

# The services of the test servers installed now (even when apt-get
# failed half-way): their units, and their init scripts' units, disabled
# at boot, and stopped where systemd runs.
units=""
for p in $new_servers; do
	for f in $(dpkg-query -L "$p" 2>/dev/null); do
		case $f in
		*@.*) continue ;;
		/lib/systemd/system/*.service | /usr/lib/systemd/system/*.service)
			u=${f##*/} ;;
		/etc/init.d/*) u=${f##*/}.service ;;
		*) continue ;;
		esac
		case " $units " in *" $u "*) ;; *) units="$units $u" ;; esac
	done
done
if [ -n "$units" ]; then
	echo "cheersbot: the test servers' services stay off:$units" >&2
	# shellcheck disable=SC2086
	$sudo systemctl --quiet disable $units >&2 || [ $rc -ne 0 ] || rc=1
	if [ -d "${CHEERSBOT_DEPS_ROOT:-}/run/systemd/system" ]; then
		# shellcheck disable=SC2086
		$sudo systemctl --quiet stop $units >&2 || [ $rc -ne 0 ] || rc=1
	fi
fi
exit $rc
