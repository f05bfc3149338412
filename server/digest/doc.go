// Package digest sends the daily digests of the players who chose mail
// digest HH:MM — one mail listing every game where it is their turn — and
// plays the replies to them, each game's lines as a reply to that game's
// own mail would. The core's clock loop calls Send for each digest due;
// the router hands Reply the mails to a digest's reply address.
//
// It owns those mails' sentences and their French. It may call the store
// and the server's core (Core); it imports no other feature package.
package digest
