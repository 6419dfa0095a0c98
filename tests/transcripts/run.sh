#!/bin/sh
# Transcript tests: each tests/transcripts/*.txt is a console session.
# Lines starting with "> " are fed to the bot as input (it echoes them back
# with console.echo), every other line is the exact output expected, and
# the two are diffed.  A first line "#! <args>" adds command-line args.
# "\x09" in an input line is a TAB, as the console's echo writes it.
# An input line "> :restart" stops the bot and starts it again on the same
# state file, so a transcript can show that tables survive a restart.
#
# Every transcript also checks that no public line ("[#channel] ...") shows
# a secret: no recipe and no hand card; and that none is over 300
# characters, a line a person reads.
#
#   tests/transcripts/run.sh build/cheersbot [name ...]
#   UPDATE=1 tests/transcripts/run.sh ...   rewrites the expected output
#                                           (review the diff before committing)
set -u
bot=$1
shift
dir=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ $# -gt 0 ]; then
	files=""
	for n in "$@"; do files="$files $dir/$n.txt"; done
else
	files=$(ls "$dir"/*.txt)
fi

passed=0
failed=0
for f in $files; do
	name=$(basename "$f" .txt)
	args=$(sed -n '1s/^#! //p' "$f")
	rm -f "$tmp"/state.db*
	: > "$tmp/actual"
	# Split the input at :restart lines and run the bot once per part.
	# A TAB is written "\x09" in an input line, as the echo shows it.
	grep '^> ' "$f" | sed -e 's/^> //' -e 's/\\x09/\t/g' |
	    awk -v dir="$tmp" '
		BEGIN { part = 0; out = dir "/in." part }
		/^:restart$/ { close(out); part++; out = dir "/in." part; next }
		{ print > out }
		END { close(out); print part > (dir "/parts") }'
	[ -f "$tmp/in.0" ] || : > "$tmp/in.0"
	parts=$(cat "$tmp/parts")
	i=0
	status=0
	while [ "$i" -le "$parts" ]; do
		[ "$i" -gt 0 ] && echo "> :restart" >> "$tmp/actual"
		[ -f "$tmp/in.$i" ] || : > "$tmp/in.$i"
		# shellcheck disable=SC2086
		cat "$tmp/in.$i" | timeout 60 "$bot" --fake-clock \
		    -o console.echo=yes -o bot.seed=42 -o tables.ai_delay=0 \
		    -o bot.state_file="$tmp/state.db" $args \
		    >> "$tmp/actual" 2>> "$tmp/stderr" || status=$?
		rm -f "$tmp/in.$i"
		i=$((i + 1))
	done
	sed '1{/^#! /d}' "$f" > "$tmp/expected"
	ok=1
	if [ "$status" -ne 0 ]; then
		echo "transcript $name: the bot exited with status $status"
		sed 's/^/  stderr: /' "$tmp/stderr" | tail -20
		ok=0
	fi
	# Public lines must never hold a recipe or a hand card: the private
	# view's recipe line, its hand header, or a numbered hand card.
	# Public buttons are the board's alone: a hand card's button is private.
	if grep -E '^\[#[^]]*\] (.*[Rr]ecipe: |.*[Yy]our hand|[0-9]+\. .*\(cheers with )' \
	    "$tmp/actual" > "$tmp/leak" ||
	    grep -E '^\[#[^]]*\] buttons: ' "$tmp/actual" |
	    grep -vxE '\[#[^]]*\] buttons: \[My hand\] \[Table\]' > "$tmp/leak"; then
		echo "transcript $name: a secret reached a channel:"
		sed 's/^/  /' "$tmp/leak" | head -5
		ok=0
	fi
	# A public line is one a person reads: at most 300 characters after
	# its tag (NARRATE_LINE_MAX in bot/saying/narrate.h); a long move takes lines.
	python3 -c '
import sys
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    line = line.rstrip("\n")
    if line.startswith("[#") and len(line.split("] ", 1)[-1]) > 300:
        print("%d characters: %s" % (len(line.split("] ", 1)[-1]), line))
' "$tmp/actual" > "$tmp/long"
	if [ -s "$tmp/long" ]; then
		echo "transcript $name: a public line is over 300 characters:"
		cut -c1-160 "$tmp/long" | head -5
		ok=0
	fi
	if ! diff -u "$tmp/expected" "$tmp/actual" > "$tmp/diff"; then
		if [ "${UPDATE:-0}" = 1 ]; then
			{ sed -n '1{/^#! /p}' "$f"; cat "$tmp/actual"; } > "$f.new"
			mv "$f.new" "$f"
			echo "transcript $name: updated"
		else
			echo "transcript $name: output differs:"
			head -60 "$tmp/diff"
			ok=0
		fi
	fi
	rm -f "$tmp/stderr"
	if [ "$ok" = 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "transcripts: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
