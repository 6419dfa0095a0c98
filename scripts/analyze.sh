#!/bin/sh
# Three static analyzers over the program's own sources (lib/, game/,
# bot/, adapters/; not the tests): gcc's -fanalyzer, clang's static
# analyzer (the checkers scan-build runs, here file by file without a
# build) and cppcheck.  Prints every finding and a count per analyzer;
# exits 1 when there is any.  make analyze runs it:
#
#   sh scripts/analyze.sh [BUILD]
#
# A false positive is removed in the code (see lib/xmalloc.h for the one
# thing the analyzer is told), never silenced here.  Uses 2 jobs.
set -u
build=${1:-build}
dir=$build/analyze
mkdir -p "$dir"

srcs=$(ls lib/*.c game/*.c game/*/*.c bot/*.c bot/*/*.c adapters/*/*.c)
flags="-std=c11 -D_GNU_SOURCE -I. $(pkg-config --cflags libcjson libuv \
    libwebsockets libcurl sqlite3 libpq 2>/dev/null)"
fails=0
finding=': (fatal error|warning|error|style|portability|performance):'

# The findings of analyzer $1 ($dir/$1.txt): printed, counted in fails.
findings() {
	if [ ! -f "$dir/$1.txt" ]; then
		# Its output went missing (the build folder removed under it):
		# nothing was checked, so this is no clean run.
		echo "analyze: $1: no output in $dir/$1.txt"
		fails=$((fails + 1))
		return
	fi
	# A file the analyzer could not read ("fatal error") counts too.
	n=$(grep -c -E "$finding" "$dir/$1.txt")
	if [ "$n" -gt 0 ]; then
		grep -E "$finding" "$dir/$1.txt"
		fails=$((fails + n))
	fi
	echo "analyze: $1: $n findings"
}

# One analyzer over every source, two at a time; $1 names it, the rest
# is its command, which gets the file last.  Findings go to $dir/$1.txt.
run() {
	name=$1
	shift
	# shellcheck disable=SC2086
	printf '%s\n' $srcs | xargs -P2 -I{} sh -c "$* {} 2>&1" \
	    > "$dir/$name.txt"
	findings "$name"
}

# shellcheck disable=SC2086
run gcc gcc $flags -O2 -fanalyzer -c -o /dev/null
# shellcheck disable=SC2086
run clang clang $flags -O1 --analyze -o /dev/null
# cppcheck sees sys/queue.h's macros and cJSON's, and no other system
# header (it needs none to check our code).
cppcheck --quiet --enable=warning,portability --std=c11 -D_GNU_SOURCE \
    -I. --include=/usr/include/x86_64-linux-gnu/sys/queue.h \
    --include="$(pkg-config --variable=includedir libcjson \
    2>/dev/null || echo /usr/include)/cjson/cJSON.h" \
    --template='{file}:{line}:{column}: {severity}: {message} [{id}]' \
    -j2 lib game bot adapters > "$dir/cppcheck.txt" 2>&1
findings cppcheck
[ "$fails" -eq 0 ] || { echo "analyze: $fails findings in all"; exit 1; }
echo "analyze: clean"
