#!/bin/sh
# Runs one suite's script (its arguments after it) and holds its output
# to account, so that a check that goes missing or is counted a varying
# number of times, or a stray line, fails the suite on every run, not by
# luck:
#
#   - Each count line "LABEL: N passed, N failed[, N skipped]" must add
#     up to the number the script's plan gives for LABEL.  The plan is
#     the file beside the script named like it, .plan for .sh
#     (tests/discord/run.plan for tests/discord/run.sh): one "LABEL: N"
#     a line, and # comments.  Every label of the plan must have its one
#     count line, and every count line a label in the plan.  A run that
#     cannot be made here (a missing package) prints "LABEL: skipped:
#     WHY" in place of its count line; its planned checks count as
#     skipped.  Once something has failed, a run may have ended early:
#     a short count with failures in it, and a missing line, are then
#     noted but not failed again.
#   - No line is a shell's complaint about kill or wait (such as
#     "run.sh: 188: kill: No such process"): tests/proc.sh stops
#     processes without one.
#
# A script without a plan is held to the second only.  Its output (its
# stdout and stderr together) is shown as it comes.  Then one more count
# line, "NAME (output): N passed, N failed", for these two checks, NAME
# being the script's directory (and its name, when it is not run.sh).
# Exits with the script's status, or 1 when the script passed and its
# output did not.
#
#   sh tests/run-planned.sh tests/discord/run.sh build/cheersbot
set -u
if [ $# -lt 1 ] || [ "${1%.sh}" = "$1" ]; then
	echo "usage: sh tests/run-planned.sh SCRIPT.sh [ARG...]" >&2
	exit 2
fi
script=$1
plan=${script%.sh}.plan
name=$(basename "$(dirname "$script")")
[ "$(basename "$script")" = run.sh ] ||
    name="$name $(basename "$script" .sh)"
out=$(mktemp)
trap 'rm -f "$out" "$out.rc"' EXIT
trap 'exit 130' INT TERM

# The script's status cannot come out of a pipeline in sh: a file
# carries it.
{ sh "$@" 2>&1; echo $? > "$out.rc"; } | tee "$out"
rc=$(cat "$out.rc" 2>/dev/null)
rc=${rc:-1}

[ -e "$plan" ] || plan=/dev/null
awk -v rc="$rc" -v name="$name" -v planfile="$plan" '
function fail(msg) { failures++; print name " (output): FAIL: " msg }
BEGIN {
	while ((getline line < planfile) > 0) {
		if (line ~ /^[ \t]*(#|$)/)
			continue
		if (match(line, /: [0-9]+$/)) {
			l = substr(line, 1, RSTART - 1)
			if (l in plan)
				fail(planfile ": " l " is planned twice")
			plan[l] = substr(line, RSTART + 2) + 0
			order[++nplan] = l
			planned = 1
		} else {
			fail(planfile ": not a line \"LABEL: N\": " line)
		}
	}
}
/: (kill|wait): |No such process/ {
	stray++
	if (stray <= 3)
		print name " (output): FAIL: a stray line: " $0
}
match($0, /: [0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$/) {
	l = substr($0, 1, RSTART - 1)
	split(substr($0, RSTART + 2), n, /[ ,]+/)
	count[l] += n[1] + n[3] + n[5]
	bad[l] += n[3]
	lines[l]++
	checks += n[1] + n[3] + n[5]
	skipped += n[5]
	anyfailed += n[3]
	seen[++nseen] = l
	next
}
/: skipped: / {
	l = substr($0, 1, index($0, ": skipped: ") - 1)
	if (l in plan) {
		skiprun[l] = 1
		lines[l]++
		checks += plan[l]
		skipped += plan[l]
	}
}
END {
	if (planned) {
		early = rc != 0 || anyfailed > 0
		for (i = 1; i <= nseen; i++) {
			l = seen[i]
			if (!(l in plan)) {
				fail(l ": " count[l] " checks, and " planfile \
				    " has no line for it (\"" l ": " count[l] "\")")
				continue
			}
		}
		for (i = 1; i <= nplan; i++) {
			l = order[i]
			if (!(l in lines)) {
				if (early)
					print name " (output): not run after a " \
					    "failure: " l
				else
					fail(l ": no count line (" planfile \
					    " plans " plan[l] " checks)")
			} else if (lines[l] > 1)
				fail(l ": " lines[l] " count lines, not one")
			else if (!(l in skiprun) && count[l] != plan[l]) {
				msg = l ": " count[l] " checks, " planfile \
				    " plans " plan[l]
				if (bad[l] > 0)
					print name " (output): " msg \
					    " (it failed, and may have " \
					    "stopped early)"
				else
					fail(msg)
			}
		}
		if (!failures && !early)
			printf "%s: %d checks, as %s plans them%s\n", name, \
			    checks, planfile, skipped ? \
			    " (" skipped " of them skipped)" : ""
	}
	p = f = 0
	if (planned) {
		if (failures) f++; else p++
	}
	if (stray) f++; else p++
	print name " (output): " p " passed, " f " failed"
	exit f > 0
}' "$out"
status=$?
[ "$rc" -ne 0 ] && exit "$rc"
exit $status
