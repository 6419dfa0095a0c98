# tests/xmpp/certs.sh: sourced by the XMPP tests.  make_certs DIR SAN
# makes a test CA (DIR/ca.pem) and a certificate for localhost signed by
# it (DIR/localhost.crt and .key, with subjectAltName SAN); 0, or 1 with
# a line saying why.
make_certs() {
	openssl req -x509 -newkey rsa:2048 -nodes -days 2 \
	    -subj /CN=cheersbot-test-ca -keyout "$1/ca.key" -out "$1/ca.pem" \
	    > /dev/null 2>&1
	openssl req -newkey rsa:2048 -nodes -subj /CN=localhost \
	    -keyout "$1/localhost.key" -out "$1/localhost.csr" > /dev/null 2>&1
	printf 'subjectAltName=%s\n' "$2" > "$1/san.ext"
	openssl x509 -req -in "$1/localhost.csr" -CA "$1/ca.pem" \
	    -CAkey "$1/ca.key" -CAcreateserial -days 2 -extfile "$1/san.ext" \
	    -out "$1/localhost.crt" > /dev/null 2>&1
	if [ ! -s "$1/localhost.crt" ]; then
		echo "xmpp: FAIL: openssl could not make the test certificate"
		return 1
	fi
}
