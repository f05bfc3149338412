// Package clock is the games' clocks and the players' time away: what a
// game's clock asks for when it falls due (the reminders at half time and
// on the last day, the timeout, a clock a vacation stopped running again),
// the operator's nudge and extra time, and the vacations that stop a
// player's clocks in every game. The core's clock loop (Server.Deadlines)
// calls Deadline for each game due, which does each event at the instant
// it fell due, not when the loop runs (CatchUp): the games come out the
// same whether the loop runs every minute or once a day. The clock of a
// new turn is the core's (core.TurnClock); one that waits for its turn
// mail to leave (core.AwaitingDelivery) starts here, as of the relay's
// acceptance (delivered), and one whose mail never reached its player
// stops (StopUndelivered) until the player writes again (Resume) or the
// operator gives it time (AddTime).
//
// It owns those mails' sentences and their French. It may call the store
// and the server's core (Core); it imports no other feature package.
package clock
