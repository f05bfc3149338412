// Package rekey gives seats new reply tokens — a player's "rekey" by mail,
// the operator's for a seat or a whole game — and answers the mails that
// still carry a token a rekey revoked: the seat's player is told at their
// own address, never the sender's. The tokens themselves are the
// mailer's; which generation a seat is at, the store's.
//
// It owns those mails' sentences and their French. It may call the store
// and the server's core (Core); it imports no other feature package.
package rekey
