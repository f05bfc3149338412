// Package bounce reads the delivery reports that come back about the
// server's mails and what follows from them: the outbox row marked, and
// the game's other players told, once per game and address, that a
// player's address bounces and the game waits for them. A relay that
// refuses a mail for good as it is handed over (mailer.Refusal) is the
// same event, told the same way.
//
// It owns the notices' sentences and their French. It may call the store
// (Store) and the server's core (Core): to load a game, to know whose an
// address is, and to compose a mail; it imports no other feature package.
package bounce
