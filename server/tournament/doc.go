// Package tournament runs the server's tournaments: a tournament signs up
// its entrants (people by mail or the operator, computer seats) until a
// date or until full, then plays in rounds that package pairing pairs —
// round-robin, Swiss, knockout — each round's games created through the
// same path as game new (clocks, turn mails, computer seats), the next
// round paired when every game of the last is over, each game scored by
// its places (pairing.GamePoints), the standings mailed to every person
// after each round and at the end. A withdrawal resigns the entrant's game
// going on and forfeits the rest. A tournament cancelled (by the operator,
// or by its maker while it signs up) tells each person in it once and
// aborts its games going on (cancel.go).
//
// Every step is one transaction of the store's that checks the
// tournament is still as it was read (store/tournament_rounds.go), so the
// hook after a game's end (GameOver) and the Deadlines pass (Step) may
// both try it: one does it. The step a crash interrupted, and the sign-up
// that closes on its date, wait for the Deadlines pass.
package tournament
