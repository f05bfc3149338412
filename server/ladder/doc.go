// Package ladder runs the ladders: for a game type, a standing order of
// the players who joined it, whom they challenge and what the results
// move. The store keeps the rungs (store.WriteLadder writes each change
// once); a ladder challenge is a challenge of the lobby's (its reply
// address, accept and decline, its expiry), which the lobby hands back
// here when it ends without a game (Ended) and whose game, once over,
// the server hands here (GameOver). It reaches the server's core through
// Core, and imports no other feature package.
//
// The rules, the club's convention (docs/players.md says them to the
// players):
//
//   - A ladder is per game type, at most one a type, with the options its
//     games are played at (a clock…), created by the operator (pbem ladder
//     new GAME [--reach 3] [--answer 7d] [--option clock=72h]). Rung 1 is
//     the top.
//   - A player joins at the bottom (ladder join GAME) and leaves when they
//     like (ladder leave GAME): everyone below moves up one. A player who
//     signs off leaves every ladder.
//   - A player challenges anyone up to reach rungs above them, never below
//     (ladder challenge NAME|ADDRESS [GAME]). A player has at most one open
//     challenge as challenger and one as defender on a ladder at a time
//     (open: waiting for the answer, or its game going).
//   - The defender must accept within the ladder's answer time (7 days
//     unless the operator said otherwise). A challenge may not be refused:
//     declining, or letting the time run out, forfeits, and the challenger
//     takes the defender's rung as if they had won. That keeps a ladder
//     moving.
//   - The game is an ordinary two-player game at the ladder's options; the
//     defender has the first seat (the challenger chose the moment, the
//     defender gets the seat), which moves first where the seating decides
//     (in Amplitude the tokens drawn decide).
//   - The challenger won (or the defender forfeited): the challenger takes
//     the defender's rung, and the defender and everyone between move down
//     one. The defender won, or a draw: nothing moves, and the same
//     challenger may not challenge the same defender again until the
//     ladder's answer time has passed. Rungs are read when the result is
//     applied: a challenger whom other results moved above the defender
//     meanwhile moves no one.
//   - Both players are told the result and who moved where, and each player
//     the challenger passed their new rung.
//   - Records count wins, losses and draws; a forfeit is a win and a loss.
//   - A player who leaves withdraws their open challenges: one waiting for
//     an answer is called off, a game going plays on but moves no one.
//     The challenger may withdraw a challenge not yet accepted (decline
//     ID); the operator may cancel one (pbem challenge cancel ID): nothing
//     moves either way.
//   - Under the operator's policy lobby.ladders = off, players may do
//     nothing by mail about ladders; the operator's commands still work.
package ladder
