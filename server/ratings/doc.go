// Package ratings rates finished games between people and answers
// "standings": which game counts, who placed where (the rules below), the
// standings table a player's mail shows and the operator's list. The Elo
// arithmetic is the store's (store.Elo), which applies the placings in the
// commit of the move that finishes a game.
//
// It owns the standings' sentences and their French (lang_fr.go). It may
// call the store (Store) and, to compose its answer, the server's core
// (Mailer); it imports no other feature package.
//
// A finished game between people is rated per game type: each
// pair of its seats counts as a game between the two, the better placed
// scoring 1 and equals 0.5 (store.Elo has the arithmetic). The rules of
// which game counts and who placed where are here:
//
//   - A game with any seat held by a computer from the start is unrated,
//     even between its people: a computer's play is not a person's, and a
//     seat beaten by it would move the others' ratings through a result
//     they had no part in. Players may practise against the computer
//     freely.
//   - Seats that change hands (the game's replace option, the operator:
//     store.Holders): the people rated are the seats' holders from the
//     start. One who left their seat to a computer or to another player
//     placed as one who resigned at that point (below those who played on,
//     the last to leave best), whatever the seat scored after. A computer
//     that took a seat over is not rated, and its result does not make the
//     game unrated: a game between people stays rated between them. A
//     person who took over a seat is not rated for that game either: they
//     did not play it from the start, and the seat's result is partly
//     another's.
//   - An aborted game is unrated: it never finishes through a move.
//   - The final placing: the winners first (several share the place), then
//     the seats that played to the end by score (equal scores share a
//     place; in a game without winners, a draw, they all share the first),
//     then the seats that resigned or forfeited, or whose first holder
//     left them to another, the last to leave best.
//     So a draw by agreement is a half point between every pair that drew.

package ratings
