// Package e2e holds pbem's end-to-end tests: the pbem binary, built once,
// runs as an operator would run it (pbem serve, pbem game ...) against real
// mail servers on loopback — a Dovecot started by the test when installed,
// else go-imap's in-memory server — and an SMTP sink standing for the
// outgoing relay. The tests play the players: they read the mails the sink
// receives and answer them with real replies.
//
// The package has no code outside its tests.
package e2e
