#!/bin/sh
# The fake Telegram's self-test: starts tests/telegram/fake_telegram.py
# (on Debian's python3-aiohttp) and drives it with selftest.py as a bot
# and its users would, checking each behaviour the fake documents; then
# each failure that --fault turns on, against a fake of its own; last,
# once more over https with a certificate made for the test.  It runs no
# bot: the Telegram adapter's scenarios are written against this fake.
#
#   tests/telegram/run.sh
set -u
dir=$(cd "$(dirname "$0")" && pwd)
. "$dir/../proc.sh"
. "$dir/../fake-server.sh"
py=/usr/bin/python3
tmp=$(mktemp -d)
fake=""
pid=""
trap proc_cleanup EXIT
fake_check telegram || exit 1

status=0
fake_start telegram "$dir/fake_telegram.py" || exit 1
$py "$dir/selftest.py" "$port" || status=1
if [ $status -ne 0 ]; then
	proc_log "telegram: fake" "$tmp/fake.log" 40
fi
proc_stop "$fake"
fake=""

# Each failure --fault turns on from the start.
for f in revoked webhook conflict bad_gateway; do
	fake_start telegram "$dir/fake_telegram.py" --fault $f || exit 1
	$py "$dir/selftest.py" "$port" fault $f || status=1
	proc_stop "$fake"
	fake=""
done

if ! sh "$dir/../selfsigned.sh" "$tmp"; then
	echo "telegram (tls): skipped: openssl could not make a certificate"
else
	fake_start telegram "$dir/fake_telegram.py" \
	    --tls "$tmp/cert.pem" "$tmp/key.pem" || exit 1
	$py "$dir/selftest.py" "$port" tls "$tmp/cert.pem" || status=1
fi
exit $status
