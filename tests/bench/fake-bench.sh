# tests/bench/fake-bench.sh: the start of a bench against a protocol-
# faithful fake server (tests/fake-server.sh), sourced by the script
# after it has set $dir to tests/bench:
#
#   bench_fake_begin NAME BOT: the bot's path in $bot, a temporary
#   directory $tmp, both cleaned up (processes stopped) at exit; fails
#   when $py has no aiohttp; each wait for the fake bounded by
#   BENCH_WAIT (60) s.
. "$dir/../proc.sh"
. "$dir/../fake-server.sh"

bench_fake_begin() {
	proc_begin "$2"
	trap proc_cleanup EXIT
	fake_check "$1" || exit 1
	fake_wait=${BENCH_WAIT:-60}
}
