#!/bin/sh
# Tests of the test harness itself, with fake commands in place of dpkg,
# apt-get, sudo, make and the unit-test binaries, so nothing is installed
# and no suite really runs:
#
#   - scripts/deps.sh names every package the build and the tests need,
#     the README names the same, it installs exactly those dpkg does not
#     have (never one that is installed), through sudo when not root, and
#     says what is missing when there is no sudo;
#   - tests/run-suites.sh runs every suite even after one failed (or lost
#     its files), then sums them up with the total alone on the last line;
#   - tests/run-unit.sh counts the cmocka tests, a crashed binary too.
#
#   tests/harness/run.sh
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
name=harness
. "$top/tests/lib.sh"

deps="$top/scripts/deps.sh"
mkdir bin
# dpkg-query: the packages in $tmp/installed are installed ("ii"), any
# other asked for is unknown to dpkg.
cat > bin/dpkg-query <<EOF
#!/bin/sh
shift 2
for p in "\$@"; do
	grep -qx "\$p" "$tmp/installed" && echo "ii  \$p"
done
exit 0
EOF
cat > bin/apt-get <<EOF
#!/bin/sh
echo "apt-get \$*" >> "$tmp/calls"
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
# packages installed; its output in out, the fakes' calls in calls.
deps_run() {
	echo "$1" > uid
	shift
	printf '%s\n' "$@" > installed
	rm -f calls
	PATH="$tmp/bin:$PATH" /bin/sh "$deps" test > out 2>&1
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
# A suite that loses the runner's files (a cleaner of /tmp did that once)
# fails, and the next suites still count.
rm -f ran
mkdir rt
TMPDIR="$tmp/rt" MAKE="$tmp/bin/fakemake" sh "$top/tests/run-suites.sh" \
    e a > out 2>&1
rc=$?
[ $rc -ne 0 ] && ok || bad "run-suites.sh exits 0 although it lost a suite's files"
expect "a suite whose files went missing fails" grep -q \
    '^e: 0 passed, 1 failed (.*its output or exit status went missing)$' out
expect "the next suite still counts" grep -q '^a: 3 passed, 0 failed' out
[ "$(tail -1 out)" = "3 passed, 1 failed" ] && ok ||
    bad "after lost files the last line is: $(tail -1 out)"
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
[ "$(head -2 ran | sort | tr '\n' ' ')" = "a d " ] && ok ||
    bad "-f d: the first two suites started were: $(head -2 ran | tr '\n' ' ')"
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
rm -f ran
mkdir -p rt
TMPDIR="$tmp/rt" MAKE="$tmp/bin/fakemake" sh "$top/tests/run-suites.sh" \
    -j 2 f a > out 2>&1
rc=$?
[ $rc -ne 0 ] && ok || bad "-j 2: exits 0 although it lost a suite's files"
expect "-j 2: a suite whose files went missing fails" grep -q \
    '^f: 0 passed, 1 failed (.*its output or exit status went missing)$' out
expect "-j 2: the other suite still counts" grep -q '^a: 3 passed, 0 failed' out
[ "$(tail -1 out)" = "3 passed, 1 failed" ] && ok ||
    bad "-j 2: after lost files the last line is: $(tail -1 out)"
# SIGTERM (or an interrupt: a background job here ignores SIGINT) stops
# the suites running, not only the runner.
rm -f z.pid
MAKE="$tmp/bin/fakemake" sh "$top/tests/run-suites.sh" -j 2 z a > out 2>&1 &
runner=$!
i=0
while [ ! -s z.pid ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
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
