#!/bin/sh
# Makes a self-signed certificate for 127.0.0.1 and localhost, valid two
# days, for the tests that talk TLS to a fake server: DIR/cert.pem (also
# the CA file the bot is given) and DIR/key.pem.  Exits 1 when openssl
# is missing or fails.
#
#   sh tests/selfsigned.sh DIR
set -u
command -v openssl >/dev/null 2>&1 || exit 1
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost \
    -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" \
    -keyout "$1/key.pem" -out "$1/cert.pem" > /dev/null 2>&1
