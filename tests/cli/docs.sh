# tests/cli/docs.sh: the README and docs/ agree with the program and the
# Makefile.  Sourced by tests/cli/run.sh, with $bot, $top and tests/lib.sh
# in place:
#
#   - README.md is at most 250 lines, read in five minutes;
#   - every "make X" the README and docs/ show is a target of the
#     Makefile, and make help lists every target, aligned;
#   - docs/configuration.md has a row for every key the bot knows, with
#     the default --dump-config prints;
#   - every relative link of the README and docs/, and every path of the
#     source tree they name, is a file that exists;
#   - every config snippet they show checks clean.

# --- the README's length
n=$(wc -l < "$top/README.md")
[ "$n" -le 250 ] && ok || bad "README.md has $n lines (at most 250)"

# --- make targets: shown, listed, aligned
make -s -C "$top" --no-print-directory help > help.out 2>&1 ||
    bad "make help fails"
sed -n 's/^make \([a-z-]*\).*/\1/p' help.out | sort -u > help.targets
sed -n 's/^\.PHONY: *//p' "$top/Makefile" | tr ' ' '\n' | sed '/^$/d' |
    grep -vx all | sort -u > phony.targets
missing=$(grep -vxFf help.targets phony.targets | tr '\n' ' ')
[ -z "$missing" ] && ok || bad "make help does not list: $missing"
# Each target's description starts in one column.
awk '/^make / { match($0, /^make [a-z-]* +/); print RLENGTH }' help.out |
    sort -u > help.columns
[ "$(wc -l < help.columns)" -eq 1 ] && ok ||
    bad "make help is not aligned (descriptions at columns $(tr '\n' ' ' < help.columns))"
# Inline `make X` and "make X" at the start of a command in a code block.
cat "$top/README.md" "$top"/docs/*.md |
    sed -n -e 's/`make \([a-z][a-z-]*\)/\n@@\1\n/gp' \
	-e 's/^    \(sudo \)*make \([a-z][a-z-]*\).*/\n@@\2\n/p' |
    sed -n 's/^@@//p' | sort -u > shown.targets
[ -s shown.targets ] && ok || bad "no make target found in the docs"
missing=$(grep -vxFf help.targets shown.targets | tr '\n' ' ')
[ -z "$missing" ] && ok || bad "the docs show make targets that do not exist: $missing"

# --- every configuration key, with its default
"$bot" --dump-config 2>/dev/null | awk '
	/^\[/ { sec = $0; next }
	/^[a-z_]+ = / { k = $1; v = $0; sub(/^[a-z_]+ = /, "", v);
		print sec "\t" k "\t" v }' > keys
[ -s keys ] && ok || bad "--dump-config printed no keys"
awk -F'\t' '
	NR == FNR { want[$1 "\t" $2] = $3; next }
	/^## \[/ { sec = $0; sub(/^## /, "", sec); next }
	/^\| `/ {
		split($0, c, "|"); k = c[2]; v = c[3]
		gsub(/^ *`|` *$/, "", k); gsub(/^ *|  *$/, "", v)
		if (v == "(empty)") v = ""; else gsub(/^`|`$/, "", v)
		have[sec "\t" k] = v
	}
	END {
		for (key in want) {
			if (!(key in have)) print "no row for " key
			else if (have[key] != want[key])
				print key ": default " want[key] ", docs say " have[key]
		}
	}' keys "$top/docs/configuration.md" | tr '\t' '.' > keys.bad
[ ! -s keys.bad ] && ok ||
    { bad "docs/configuration.md disagrees with --dump-config:"; sed 's/^/  /' keys.bad; }

# --- relative links
for f in "$top/README.md" "$top"/docs/*.md; do
	dir=$(dirname "$f")
	grep -o '](\([^)#]*\)' "$f" | sed 's/^](//' | grep -v ':' |
	    while read -r l; do
		[ -e "$dir/$l" ] || echo "$(basename "$f"): $l"
	done
done > links.bad
[ ! -s links.bad ] && ok ||
    { bad "links to files that do not exist:"; sed 's/^/  /' links.bad; }

# --- every path of the source tree they name (`tests/...`, `bot/...`)
cat "$top/README.md" "$top"/docs/*.md |
    grep -o '`\(tests\|bot\|adapters\|lib\|game\|config\|scripts\|systemd\)/[^` ]*' |
    tr -d '`' | sort -u | while read -r p; do
	case $p in *'*'* | *'<'*) continue ;; esac
	[ -e "$top/$p" ] || echo "$p"
done > paths.bad
[ ! -s paths.bad ] && ok ||
    { bad "the docs name files that do not exist:"; sed 's/^/  /' paths.bad; }

# --- every config snippet the README and docs/ show checks clean, with
# its secret files and credentials in place
mkdir -p secrets
for s in discord.token slack-app.token slack-bot.token xmpp.password \
    irc.password telegram.token postgres.password; do
	echo "secret-$s" > "secrets/$s"
done
for f in "$top/README.md" "$top"/docs/*.md; do
	awk -v out="snip.$(basename "$f" .md)" '
		# A block goes on while lines are blank or indented as deep
		# as its first.
		/^ +\[[a-z]+\]$/ && !on {
			on = 1; n++; match($0, /^ +/); pad = RLENGTH
		}
		on && /[^ ]/ { match($0, /^ */); if (RLENGTH < pad) on = 0 }
		on { print substr($0, pad + 1) > (out "." n ".conf") }' "$f"
done
# One check for them all, however many snippets the docs hold.
snips_bad=0
for c in snip.*.conf; do
	[ -e "$c" ] || continue
	sed "s|file:/etc/cheersbot/|file:$tmp/secrets/|" "$c" > run.conf
	CREDENTIALS_DIRECTORY="$tmp/secrets" "$bot" -c run.conf --check-config \
	    > check.out 2>&1 ||
	    { snips_bad=$((snips_bad + 1));
	    echo "cli: the config snippet $c does not check clean:";
	    sed 's/^/  /' check.out; }
done
[ $snips_bad -eq 0 ] && ok || bad "$snips_bad config snippets do not check clean"
ls snip.*.conf > /dev/null 2>&1 && ok || bad "no config snippet found in the docs"
