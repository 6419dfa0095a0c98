#!/bin/sh
# Tests of the test harness itself, with fake commands in place of dpkg,
# apt-get, sudo, systemctl, the compiler, make and the unit-test
# binaries, so nothing is installed and no suite really runs:
#
#   - scripts/deps.sh names every package the build and the tests need,
#     the README names the same, it installs exactly those dpkg does not
#     have (never one that is installed), through sudo when not root, and
#     says what is missing when there is no sudo;
#   - the test servers it installs start nothing and stay off at boot: a
#     policy-rc.d of its own during apt-get (gone after, however it
#     ended; the user's own kept), their services disabled after, and
#     stopped where systemd runs; a server installed before is untouched;
#   - make and make run build on every core, unless make's own -j says
#     otherwise;
#   - tests/run-suites.sh runs every suite even after one failed (or lost
#     its files), says as each starts and ends, then sums them up with
#     the total alone on the last line;
#   - tests/run-unit.sh counts the cmocka tests, a crashed binary too,
#     and says as each binary ends.
#
#   tests/harness/run.sh
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
name=harness
. "$top/tests/lib.sh"

deps="$top/scripts/deps.sh"
mkdir bin
# dpkg-query: the packages in $tmp/installed are installed ("ii"), any
# other asked for is unknown to dpkg; -L lists an installed one's files
# (Prosody and InspIRCd: a unit and an init script; Atheme: an init
# script alone).
cat > bin/dpkg-query <<EOF
#!/bin/sh
if [ "\$1" = -L ]; then
	grep -qx "\$2" "$tmp/installed" || exit 1
	case \$2 in
	prosody|inspircd) printf '%s\n' /lib/systemd/system \\
	    /lib/systemd/system/\$2.service /etc/init.d/\$2 ;;
	atheme-services) printf '%s\n' /etc/init.d /etc/init.d/\$2 ;;
	*) echo /usr/bin/\$2 ;;
	esac
	exit 0
fi
shift 2
for p in "\$@"; do
	grep -qx "\$p" "$tmp/installed" && echo "ii  \$p"
done
exit 0
EOF
# apt-get: notes its arguments, and what the policy-rc.d in place (under
# CHEERSBOT_DEPS_ROOT) answers to a start; fails with the status in
# $tmp/apt_rc if there is one, else an install makes its packages
# installed.
cat > bin/apt-get <<EOF
#!/bin/sh
echo "apt-get \$*" >> "$tmp/calls"
if [ -e "$tmp/root/usr/sbin/policy-rc.d" ]; then
	"$tmp/root/usr/sbin/policy-rc.d" prosody start
	echo "policy-rc.d says \$?" >> "$tmp/calls"
fi
[ -e "$tmp/apt_slow" ] && sleep 1
[ -s "$tmp/apt_rc" ] && exit "\$(cat "$tmp/apt_rc")"
case " \$* " in
*" install "*)
	for a in "\$@"; do
		case \$a in
		-*|install|*::*) ;;
		*) echo "\$a" >> "$tmp/installed" ;;
		esac
	done
	;;
esac
exit 0
EOF
cat > bin/systemctl <<EOF
#!/bin/sh
echo "systemctl \$*" >> "$tmp/calls"
EOF
cat > bin/sudo <<EOF
#!/bin/sh
echo "sudo \$1" >> "$tmp/calls"
"\$@"
EOF
cat > bin/id <<EOF
#!/bin/sh
cat "$tmp/uid"
EOF
chmod +x bin/*
# A PATH of the fakes and the tools they and deps.sh need; no sudo.
mkdir nosudo
for c in awk cat env grep; do ln -s "$(command -v $c)" nosudo/$c; done
for c in dpkg-query apt-get id; do ln -s "$tmp/bin/$c" nosudo/$c; done

# deps_run UID INSTALLED...: runs deps.sh test as that user with those
# packages installed, and $tmp/root as the root of its policy-rc.d and
# /run/systemd; its output in out, the fakes' calls in calls.
mkdir -p root/usr/sbin
deps_run() {
	echo "$1" > uid
	shift
	printf '%s\n' "$@" > installed
	rm -f calls
	CHEERSBOT_DEPS_ROOT="$tmp/root" PATH="$tmp/bin:$PATH" \
	    /bin/sh "$deps" test > out 2>&1
}

# --- the package lists
/bin/sh "$deps" --list > build.list
/bin/sh "$deps" --list test > test.list
for p in gcc libc6-dev make pkg-config zlib1g-dev libwebsockets-dev; do
	expect "the build needs $p" grep -qx "$p" build.list
done
for p in prosody inspircd atheme-services python3-aiohttp procps openssl \
    systemd; do
	expect "the tests need $p" grep -qx "$p" test.list
	grep -qx "$p" build.list && bad "the build alone installs $p"
done
expect "the tests' list holds the build's" \
    sh -c "grep -vxFf test.list build.list | (! grep -q .)"
# The README's Quick start names each package.
sed -n '/^## Quick start/,/^## /p' "$top/README.md" |
    tr -cs 'a-z0-9+-' '\n' > readme.words
while read -r p; do
	grep -qx "$p" readme.words || bad "the README's Quick start does not name $p"
done < test.list
ok

# --- everything installed: silence, and no apt-get
# shellcheck disable=SC2046
deps_run 0 $(cat test.list)
rc=$?
[ $rc -eq 0 ] && ok || bad "deps.sh with everything installed exits $rc"
[ ! -s out ] && ok || { bad "deps.sh with everything installed said:"; cat out; }
[ ! -e calls ] && ok || bad "deps.sh ran apt-get with everything installed"

# --- as root, gcc and prosody missing (make, pkg-config installed)
# shellcheck disable=SC2046
deps_run 0 $(grep -vx -e gcc -e prosody test.list)
rc=$?
[ $rc -eq 0 ] && ok || bad "deps.sh as root exits $rc"
expect "it names the missing packages" \
    grep -q 'missing Debian packages: gcc prosody$' out
expect "it installs exactly those, without sudo" \
    grep -qx 'apt-get -o DPkg::Lock::Timeout=300 install -y --no-install-recommends gcc prosody' calls
grep -q sudo calls && bad "deps.sh used sudo as root" || ok

# --- a user with sudo: one sudo for the install
# shellcheck disable=SC2046
deps_run 1000 $(grep -vx make test.list)
expect "as a user, apt-get runs through sudo" grep -qx 'sudo env' calls
expect "and installs make alone" \
    grep -q 'install -y --no-install-recommends make$' calls
[ "$(grep -c '^sudo' calls)" -eq 1 ] && ok || bad "sudo ran more than once"
grep -q '^policy-rc.d says' calls &&
    bad "deps.sh put a policy-rc.d in place with no server to install" || ok
grep -q '^systemctl' calls &&
    bad "deps.sh ran systemctl with no server to install" || ok

# --- the test servers: installed with their services off
# As root where systemd runs, Prosody and InspIRCd missing, Atheme
# installed already: nothing starts while they install, their services
# are disabled and stopped after, Atheme's is untouched, and no
# policy-rc.d is left.
mkdir -p root/run/systemd/system
# shellcheck disable=SC2046
deps_run 0 $(grep -vx -e prosody -e inspircd test.list)
rc=$?
[ $rc -eq 0 ] && ok || { bad "deps.sh installing the servers exits $rc:"; cat out; }
expect "a policy-rc.d denies every start while the servers install" \
    grep -qx 'policy-rc.d says 101' calls
[ ! -e root/usr/sbin/policy-rc.d ] && ok ||
    bad "deps.sh left its policy-rc.d in place"
expect "the new servers' services are disabled" grep -qx \
    'systemctl --quiet disable prosody.service inspircd.service' calls
expect "and stopped, where systemd runs" grep -qx \
    'systemctl --quiet stop prosody.service inspircd.service' calls
grep '^systemctl' calls | grep -q atheme &&
    bad "deps.sh touched Atheme's service, installed before" || ok
expect "it says the servers' services stay off" grep -q \
    'services stay off: prosody.service inspircd.service$' out
# Where systemd does not run: disabled (an init script's service too),
# with no stop (which would fail).
rm -r root/run
# shellcheck disable=SC2046
deps_run 0 $(grep -vx -e atheme-services -e dnsmasq-base test.list)
rc=$?
[ $rc -eq 0 ] && ok || { bad "deps.sh without systemd exits $rc:"; cat out; }
expect "without systemd, an init script's service is disabled" \
    grep -qx 'systemctl --quiet disable atheme-services.service' calls
grep -q '^systemctl --quiet stop' calls &&
    bad "deps.sh stopped services where systemd does not run" || ok
# As a user: through sudo.
# shellcheck disable=SC2046
deps_run 1000 $(grep -vx prosody test.list)
expect "as a user, the policy-rc.d denies starts" \
    grep -qx 'policy-rc.d says 101' calls
expect "as a user, the services are disabled through sudo" \
    grep -qx 'sudo systemctl' calls
[ ! -e root/usr/sbin/policy-rc.d ] && ok ||
    bad "deps.sh as a user left its policy-rc.d in place"
# apt-get fails, twice: deps.sh fails, and its policy-rc.d is gone.
echo 100 > apt_rc
# shellcheck disable=SC2046
deps_run 0 $(grep -vx prosody test.list)
rc=$?
rm apt_rc
[ $rc -ne 0 ] && ok || bad "deps.sh exits 0 although apt-get failed"
[ "$(grep -c '^policy-rc.d says 101$' calls)" -eq \
    "$(grep -c '^apt-get' calls)" ] && ok ||
    { bad "apt-get ran without the policy-rc.d:"; cat calls; }
[ ! -e root/usr/sbin/policy-rc.d ] && ok ||
    bad "deps.sh left its policy-rc.d in place after apt-get failed"
# Stopped by SIGTERM while apt-get runs: its policy-rc.d goes too.
echo 0 > uid
printf 'gcc\n' > installed
rm -f calls
touch apt_slow
CHEERSBOT_DEPS_ROOT="$tmp/root" PATH="$tmp/bin:$PATH" \
    /bin/sh "$deps" test > out 2>&1 &
deps_pid=$!
proc_until 5 test -s calls
kill -TERM $deps_pid
wait $deps_pid
rc=$?
rm apt_slow
[ $rc -ne 0 ] && ok || bad "deps.sh stopped by SIGTERM exits 0"
[ ! -e root/usr/sbin/policy-rc.d ] && ok ||
    bad "deps.sh left its policy-rc.d in place when stopped by SIGTERM"
# The user's own policy-rc.d (here one that allows starts) governs the
# install and stays as it was; the new service is disabled all the same.
printf '#!/bin/sh\n# mine\nexit 0\n' > root/usr/sbin/policy-rc.d
chmod 755 root/usr/sbin/policy-rc.d
cp -p root/usr/sbin/policy-rc.d mine
# shellcheck disable=SC2046
deps_run 0 $(grep -vx inspircd test.list)
expect "the user's own policy-rc.d governs the install" \
    grep -qx 'policy-rc.d says 0' calls
expect "the user's own policy-rc.d is kept as it was" \
    cmp -s mine root/usr/sbin/policy-rc.d
expect "beside the user's policy-rc.d, the new service is disabled" \
    grep -qx 'systemctl --quiet disable inspircd.service' calls
rm root/usr/sbin/policy-rc.d

# --- a user without sudo: says what is missing, fails
echo 1000 > uid
printf 'gcc\n' > installed
rm -f calls
PATH="$tmp/nosudo" /bin/sh "$deps" > out 2>&1
rc=$?
[ $rc -eq 1 ] && ok || bad "deps.sh without sudo exits $rc, not 1"
expect "without sudo it names what is missing" \
    grep -q 'missing Debian packages: libc6-dev make ' out
[ ! -e calls ] && ok || bad "deps.sh without sudo ran apt-get"

# --- run-suites.sh: every suite runs, one summary, the total last
cat > bin/fakemake <<EOF
#!/bin/sh
shift	# --no-print-directory
echo "\$1" >> "$tmp/ran"
case \$1 in
a) echo "a: 3 passed, 0 failed" ;;
b) echo "b (one): 2 passed, 1 failed"; echo "b (two): 4 passed, 0 failed"; exit 1 ;;
c) echo "c: FAIL: it broke before counting"; exit 2 ;;
d) echo "d: no count" ;;
e) echo "e: 5 passed, 0 failed"; rm -rf "$tmp/rt"/* ;;
f) sleep 0.5; echo "f: 5 passed, 0 failed"; rm -rf "$tmp/rt"/* ;;
z)	echo \$\$ > "$tmp/z.pid"; sleep 30; echo "z: 1 passed, 0 failed" ;;
u)	sh "$top/tests/run-unit.sh" "$tmp/bin/test_good" "$tmp/bin/test_bad" \
	    "$tmp/bin/test_crash" ;;
w)
	i=0
	while [ ! -e "$tmp/w.go" ] && [ \$i -lt 300 ]; do
		sleep 0.1
		i=\$((i + 1))
	done
	echo "w: 1 passed, 0 failed"
	;;
p|q)
	# Each says it started, then waits up to 3 s for the other one:
	# both pass only when they run at once.  Their lines come apart.
	[ \$1 = p ] && other=q || other=p
	echo "\$1: first line"
	touch "$tmp/\$1.started"
	i=0
	while [ ! -e "$tmp/\$other.started" ] && [ \$i -lt 30 ]; do
		sleep 0.1
		i=\$((i + 1))
	done
	sleep 0.3
	if [ -e "$tmp/\$other.started" ]; then
		echo "\$1: 1 passed, 0 failed"
	else
		echo "\$1: 0 passed, 1 failed"
	fi
	;;
esac
EOF
chmod +x bin/fakemake
MAKE="$tmp/bin/fakemake" sh "$top/tests/run-suites.sh" a b c d > out 2>&1
rc=$?
[ $rc -ne 0 ] && ok || bad "run-suites.sh exits 0 although suites failed"
[ "$(cat ran | tr '\n' ' ')" = "a b c d " ] && ok ||
    bad "not every suite ran: $(cat ran | tr '\n' ' ')"
sed -n '/^=== summary$/,$p' out | sed 's/ ([0-9]* s/ (T s/' > summary
cat > want <<'EOF'
=== summary
a: 3 passed, 0 failed (T s)
b: 6 passed, 1 failed (T s; exit status 1)
c: 0 passed, 1 failed (T s; exit status 2)
d: 1 passed, 0 failed (T s)
failed suites: b c
10 passed, 2 failed
EOF
cmp -s want summary && ok || { bad "run-suites.sh's summary:"; diff want summary; }
# Above the summary, the failed suites' first FAIL lines, again.
sed -n '/^=== failures/,/^=== summary$/p' out > recap
[ "$(tr '\n' '|' < recap)" = "=== failures (the first 6 of each failed suite)|c: FAIL: it broke before counting|=== summary|" ] &&
    ok || { bad "run-suites.sh's recap of failures:"; cat recap; }
# A suite that loses the runner's files (a cleaner of /tmp did that once)
# fails, and the next suites still count.
# lost_files LABEL LOST ARG...: runs run-suites.sh ARG... where the
# suite LOST loses the runner's files (the fake make empties rt): it
# fails, suite a and the total still count, and the run exits non-zero.
lost_files() {
	label=$1 lost=$2
	shift 2
	rm -f ran
	mkdir -p rt
	TMPDIR="$tmp/rt" MAKE="$tmp/bin/fakemake" \
	    sh "$top/tests/run-suites.sh" "$@" > out 2>&1
	rc=$?
	[ $rc -ne 0 ] && ok ||
	    bad "$label: exits 0 although it lost a suite's files"
	expect "$label: a suite whose files went missing fails" grep -q \
	    "^$lost: 0 passed, 1 failed (.*its output or exit status went missing)\$" out
	expect "$label: the other suite still counts" \
	    grep -q '^a: 3 passed, 0 failed' out
	[ "$(tail -1 out)" = "3 passed, 1 failed" ] && ok ||
	    bad "$label: after lost files the last line is: $(tail -1 out)"
}
lost_files run-suites.sh e e a
rm -f ran
MAKE="$tmp/bin/fakemake" sh "$top/tests/run-suites.sh" a d > out 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "run-suites.sh exits $rc when all passed"
[ "$(tail -1 out)" = "4 passed, 0 failed" ] && ok ||
    bad "the last line is: $(tail -1 out)"

# --- run-suites.sh -j 2: two at once, each one's output whole, the same
# summary in the order given
rm -f ran
MAKE="$tmp/bin/fakemake" sh "$top/tests/run-suites.sh" -j 2 a b c d \
    > out 2>&1
rc=$?
[ $rc -ne 0 ] && ok || bad "run-suites.sh -j 2 exits 0 although suites failed"
[ "$(sort ran | tr '\n' ' ')" = "a b c d " ] && ok ||
    bad "-j 2: not every suite ran once: $(cat ran | tr '\n' ' ')"
sed -n '/^=== summary$/,$p' out | sed 's/ ([0-9]* s/ (T s/' > summary
cmp -s want summary && ok || { bad "run-suites.sh -j 2's summary:"; diff want summary; }
# -f: d starts first (beside a), the summary keeps the order given.
rm -f ran
MAKE="$tmp/bin/fakemake" sh "$top/tests/run-suites.sh" -j 2 -f 'd x' \
    a b c d > out 2>&1
# (The runner's own lines say the order it started them in: which one's
# fake make writes to ran first is up to the scheduler.)
sed -n 's/^--- \(.*\) started$/\1/p' out | head -2 | tr '\n' ' ' > first
[ "$(cat first)" = "d a " ] && ok ||
    bad "-f d: the first two suites started were: $(cat first)"
[ "$(sort ran | tr '\n' ' ')" = "a b c d " ] && ok ||
    bad "-f d: not every suite ran once: $(cat ran | tr '\n' ' ')"
sed -n '/^=== summary$/,$p' out | sed 's/ ([0-9]* s/ (T s/' > summary
cmp -s want summary && ok || { bad "-f d: the summary:"; diff want summary; }
rm -f ran p.started q.started
MAKE="$tmp/bin/fakemake" sh "$top/tests/run-suites.sh" -j 2 p q > out 2>&1
rc=$?
[ $rc -eq 0 ] && ok || { bad "-j 2: two suites did not run at once:"; cat out; }
for s in p q; do
	[ "$(grep -A 2 "^=== $s\$" out | tr '\n' '|')" = \
	    "=== $s|$s: first line|$s: 1 passed, 0 failed|" ] && ok ||
	    { bad "-j 2: the output of $s is not whole after its name:"; cat out; }
done
[ "$(sed -n '/^=== summary$/,$p' out | sed 's/ ([0-9]* s)$//' |
    tr '\n' '|')" = "=== summary|p: 1 passed, 0 failed|q: 1 passed, 0 failed|2 passed, 0 failed|" ] &&
    ok || { bad "-j 2: the summary of p q:"; cat out; }
rm -f ran p.started q.started
MAKE="$tmp/bin/fakemake" sh "$top/tests/run-suites.sh" -j 1 p q > out 2>&1
expect "-j 1 runs one suite at a time" grep -q '^p: 0 passed, 1 failed' out
# A suite that loses the runner's files while another runs: it fails,
# the other one, and the total, still count.
lost_files "-j 2" f -j 2 f a
# Progress: a line as each suite starts and as it ends, with its count
# and time, printed while the others still run (w waits for w.go); the
# summary after them is the same as ever.
rm -f ran w.go
MAKE="$tmp/bin/fakemake" sh "$top/tests/run-suites.sh" -j 2 w a b \
    > out 2>&1 &
runner=$!
expect "-j 2: a line says a suite started while it runs" \
    wait_for '^--- w started$' out
expect "-j 2: a line says a suite ended, with its count and time, while another runs" \
    wait_for '^--- a ended: 3 passed, 0 failed, [0-9]+ s$' out
expect "-j 2: the next suite's start is said at once" \
    wait_for '^--- b started$' out
grep -q '^--- w ended' out && bad "-j 2: w ended before it was let go" || ok
touch w.go
wait $runner
expect "-j 2: a failed suite's end says why" \
    grep -qx -- '--- b ended: 6 passed, 1 failed, [0-9]* s; exit status 1' out
expect "-j 2: the last suite's end is said too" \
    grep -qx -- '--- w ended: 1 passed, 0 failed, [0-9]* s' out
for s in w a b; do
	[ "$(grep -c -- "^--- $s started\$" out)" -eq 1 ] &&
	    [ "$(grep -c -- "^--- $s ended: " out)" -eq 1 ] && ok ||
	    bad "-j 2: $s has not one start and one end line"
	started=$(grep -n -- "^--- $s started\$" out | cut -d: -f1 | head -1)
	ended=$(grep -n -- "^--- $s ended: " out | cut -d: -f1 | head -1)
	[ "${started:-0}" -gt 0 ] && [ "${ended:-0}" -gt "$started" ] && ok ||
	    bad "-j 2: $s is not said to start, then to end"
done
[ "$(sed -n '/^=== summary$/,$p' out | sed 's/ ([0-9]* s/ (T s/' |
    tr '\n' '|')" = "=== summary|w: 1 passed, 0 failed (T s)|a: 3 passed, 0 failed (T s)|b: 6 passed, 1 failed (T s; exit status 1)|failed suites: b|10 passed, 1 failed|" ] &&
    ok || { bad "-j 2: the summary after progress lines:"; cat out; }
# One after the other (-j 1): the same lines, around each suite's output.
rm -f ran
MAKE="$tmp/bin/fakemake" sh "$top/tests/run-suites.sh" a d > out 2>&1
[ "$(sed '/^=== summary$/,$d' out | sed 's/, [0-9]* s$/, T s/' |
    tr '\n' '|')" = "--- a started|=== a|a: 3 passed, 0 failed|--- a ended: 3 passed, 0 failed, T s|--- d started|=== d|d: no count|--- d ended: 1 passed, 0 failed, T s|" ] &&
    ok || { bad "-j 1: the progress lines:"; cat out; }
# SIGTERM (or an interrupt: a background job here ignores SIGINT) stops
# the suites running, not only the runner.
rm -f z.pid
MAKE="$tmp/bin/fakemake" sh "$top/tests/run-suites.sh" -j 2 z a > out 2>&1 &
runner=$!
proc_until 5 test -s z.pid
proc_signal $runner TERM
i=0
while kill -0 "$(cat z.pid)" 2>/dev/null && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -0 "$(cat z.pid)" 2>/dev/null && bad "-j 2: SIGTERM left a suite running" || ok
wait $runner
rc=$?
[ $rc -eq 130 ] && ok || bad "-j 2: the runner exits $rc on SIGTERM, not 130"
for args in "-j 0" "-j x" "-j" "-j 2 -f"; do
	# shellcheck disable=SC2086
	MAKE="$tmp/bin/fakemake" sh "$top/tests/run-suites.sh" $args \
	    > out 2>&1
	rc=$?
	[ $rc -eq 2 ] && grep -q '^usage: ' out && ok ||
	    bad "run-suites.sh $args exits $rc, not 2 with its usage"
done

# --- the Makefile: make and make run build on every core, unless make
# was given its own -j.  A fake compiler makes each file it is asked for
# (the program: a script that says it ran); the first two compiles note
# when they start and end, and the first waits up to 3 s for the second
# to start, so the log shows whether two ran at once.  A config.mk made
# now keeps deps.sh out of it.
mkdir -p mk
{ echo "DEP_CFLAGS ="; echo "DEP_LIBS ="; } > mk/config.mk
cat > bin/fakecc <<EOF
#!/bin/sh
out=""
while [ \$# -gt 0 ]; do
	[ "\$1" = -o ] && out=\$2
	shift
done
touch "$tmp/cc.log"
if [ "\$(grep -c start "$tmp/cc.log")" -lt 2 ]; then
	echo start >> "$tmp/cc.log"
	i=0
	while [ "\$(grep -c start "$tmp/cc.log")" -lt 2 ] && [ \$i -lt 30 ]; do
		sleep 0.1
		i=\$((i + 1))
	done
	echo end >> "$tmp/cc.log"
fi
printf '#!/bin/sh\necho "the fake bot ran"\n' > "\$out"
chmod +x "\$out"
EOF
chmod +x bin/fakecc
# mk_run ARGS...: a fresh build by make ARGS, outside any make (so with
# no -j but ARGS'); prints how many compiles ran at once at most.
mk_run() {
	rm -rf mk/obj mk/gen mk/libcheersbot.a mk/cheersbot
	: > cc.log
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -C "$top" \
	    --no-print-directory BUILD="$tmp/mk" CC="$tmp/bin/fakecc" "$@" \
	    > mk.out 2>&1 || { echo "make $* failed:" >&2; cat mk.out >&2; }
	awk '$1 == "start" { n++; if (n > m) m = n } $1 == "end" { n-- }
	    END { print m + 0 }' cc.log
}
cores=$(nproc 2>/dev/null || echo 1)
at_once=$(mk_run run)
expect "make run builds the program, then runs it" \
    grep -qx 'the fake bot ran' mk.out
if [ "$cores" -ge 2 ]; then
	[ "$at_once" -ge 2 ] && ok ||
	    bad "make run compiled $at_once file(s) at once on $cores cores"
	at_once=$(mk_run)
	[ "$at_once" -ge 2 ] && ok ||
	    bad "make compiled $at_once file(s) at once on $cores cores"
else
	echo "$name: one core: that make builds on every core is not checked"
fi
at_once=$(mk_run -j1 run)
[ "$at_once" -eq 1 ] && ok ||
    bad "make -j1 run compiled $at_once files at once: make's own -j lost"

# --- run-unit.sh: cmocka's counts, a crash counted as one failure
printf '#!/bin/sh\necho "[  PASSED  ] 3 test(s)."\n' > bin/test_good
printf '#!/bin/sh\necho "[  PASSED  ] 1 test(s)."\necho "[  FAILED  ] 2 test(s), listed below:"\nexit 2\n' > bin/test_bad
printf '#!/bin/sh\nkill -SEGV $$\n' > bin/test_crash
chmod +x bin/test_*
sh "$top/tests/run-unit.sh" bin/test_good bin/test_bad bin/test_crash \
    > out 2> err
rc=$?
[ $rc -ne 0 ] && ok || bad "run-unit.sh exits 0 although binaries failed"
[ "$(tail -1 out)" = "unit: 4 passed, 3 failed" ] && ok ||
    bad "run-unit.sh's last line is: $(tail -1 out)"
expect "run-unit.sh names the failed binaries" \
    grep -qx 'unit: failed binaries: test_bad test_crash' out
# A line as each binary ends, with its count and time (a crash: one
# failed, and its status).
expect "run-unit.sh says a binary ended, with its count and time" \
    grep -qx 'unit: test_good ended: 3 passed, 0 failed, [0-9]* s' out
expect "run-unit.sh says a failed binary ended, and its status" \
    grep -qx 'unit: test_bad ended: 1 passed, 2 failed, [0-9]* s; exit status 2' out
expect "run-unit.sh says a crashed binary ended, as one failed" \
    grep -qx 'unit: test_crash ended: 0 passed, 1 failed, [0-9]* s; exit status 139' out
# It says so as the binary ends, while others still run.
printf '#!/bin/sh\ni=0\nwhile [ ! -e "%s/slow.go" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done\necho "[  PASSED  ] 1 test(s)."\n' \
    "$tmp" > bin/test_slow
chmod +x bin/test_slow
sh "$top/tests/run-unit.sh" bin/test_good bin/test_slow > out 2> err &
unit=$!
expect "run-unit.sh says a binary ended while another runs" \
    wait_for '^unit: test_good ended: 3 passed, 0 failed, [0-9]+ s$' out
grep -q 'test_slow ended' out && bad "test_slow ended before it was let go" || ok
touch slow.go
wait $unit
[ "$(tail -1 out)" = "unit: 4 passed, 0 failed" ] && ok ||
    bad "run-unit.sh's last line after its progress is: $(tail -1 out)"
# run-suites.sh counts the unit suite by its last line alone.
rm -f ran
MAKE="$tmp/bin/fakemake" sh "$top/tests/run-suites.sh" u > out 2>&1
expect "run-suites.sh counts run-unit.sh's total, not its binaries' lines" \
    grep -q '^u: 4 passed, 3 failed (.*; exit status 1)$' out

# --- proc.sh: stopping a process that has ended, or is not ours
# The shell reaps a background child of its own accord while it waits
# for a foreground command (dash does): a bare kill then says "kill: No
# such process".  proc_stop says nothing and still gives its status.
cat > stop.sh <<EOF
. "$top/tests/proc.sh"
sh -c 'exit 3' &
p=\$!
sleep 0.5
proc_stop \$p
echo "status \$?"
sleep 30 &
p=\$!
proc_stop \$p
echo "status \$?"
proc_stop ""
proc_stop 1 KILL
echo "pid 1: \$?"
EOF
for shell in sh dash bash; do
	command -v $shell > /dev/null || continue
	$shell stop.sh > stop.out 2> stop.err
	[ ! -s stop.err ] && ok ||
	    bad "$shell: proc_stop is not silent: $(head -3 stop.err)"
	[ "$(tr '\n' ' ' < stop.out)" = "status 3 status 143 pid 1: 127 " ] &&
	    ok || bad "$shell: proc_stop gives: $(tr '\n' ' ' < stop.out)"
done
# A PID of a process this shell did not start (a grandchild here) is
# never signalled by proc_stop; proc_stop_named signals it only when its
# command line holds the word given.
# (Whoever reaps it once it is orphaned, a zombie is not running.)
alive() { [ -d "/proc/$1" ] && [ "$(proc_field "$1" 1)" != Z ]; }
sh -c 'sleep 30 & echo $!' > other.pid
other=$(cat other.pid)
proc_stop "$other" KILL
alive "$other" && ok ||
    bad "proc_stop signalled a process that is not the shell's child"
proc_stop_named "$other" no-such-word
alive "$other" && ok ||
    bad "proc_stop_named signalled a process whose command line differs"
proc_stop_named "$other" "sleep 30"
alive "$other" && bad "proc_stop_named left $other running" || ok

# --- run-planned.sh: counts held to a plan, stray lines refused
mkdir planned
cat > planned/run.sh <<'EOF'
echo "planned: 3 passed, 0 failed"
echo "planned (b): 1 passed, 0 failed, 1 skipped"
echo "planned (tls): skipped: openssl is missing"
[ -n "${EXTRA:-}" ] && echo "planned (new): 4 passed, 0 failed"
[ -n "${FEWER:-}" ] && echo "planned (moves): 5 passed, 0 failed"
[ -n "${FEWER:-}" ] || echo "planned (moves): 6 passed, 0 failed"
[ -n "${FAILS:-}" ] && { echo "planned (c): 0 passed, 1 failed"; exit 1; }
if [ -n "${STRAY:-}" ]; then
	sleep 0.1 &
	p=$!
	sleep 0.5
	kill $p
fi
exit 0
EOF
printf '# a plan\nplanned: 3\nplanned (b): 2\nplanned (tls): 2\n' > planned/run.plan
printf 'planned (moves): 6\nplanned (c): 1\n' >> planned/run.plan
# planned ENV...: runs planned/run.sh under run-planned.sh with ENV; its
# output in out, its exit status in $rc.
planned() {
	env "$@" sh "$top/tests/run-planned.sh" planned/run.sh > out 2>&1
	rc=$?
}
planned FAILS=
[ $rc -ne 0 ] && ok || bad "run-planned.sh passes a run short of a planned label"
expect "run-planned.sh names the label with no count line" \
    grep -q 'FAIL: planned (c): no count line' out
sed -i '/^planned (c)/d' planned/run.plan
planned FAILS=
[ $rc -eq 0 ] && ok || bad "run-planned.sh fails a run as planned: $(cat out)"
expect "run-planned.sh counts a skipped run as planned" \
    grep -q '^planned: 13 checks, as planned/run.plan plans them (3 of them skipped)$' out
expect "run-planned.sh adds its own count line" \
    grep -q '^planned (output): 2 passed, 0 failed$' out
planned FEWER=1
[ $rc -ne 0 ] && ok || bad "run-planned.sh passes a count that varied"
expect "run-planned.sh names a count that varied" \
    grep -q 'FAIL: planned (moves): 5 checks, planned/run.plan plans 6' out
planned EXTRA=1
[ $rc -ne 0 ] && ok || bad "run-planned.sh passes an unplanned count line"
expect "run-planned.sh says how to plan a new label" \
    grep -qF 'planned (new): 4 checks, and planned/run.plan has no line for it ("planned (new): 4")' out
planned FAILS=1
[ $rc -eq 1 ] && ok || bad "run-planned.sh exits $rc, not the script's 1"
planned STRAY=1
[ $rc -ne 0 ] && ok || bad "run-planned.sh passes a stray kill line"
expect "run-planned.sh names the stray line" \
    grep -q 'FAIL: a stray line: .*kill: .*No such process' out

finish
