// Package records is every game's record kept whole: its archive (game
// export's JSON and HTML page), a game recreated from one (game import),
// and the proof that a stored game replays from its seed and moves to the
// state stored (game verify). Import and Verify replay moves through the
// same function, so that a move one takes the other takes too.
//
// It may call the store, the engines and the archive, and the server's
// core (Core); it imports no other feature package.
package records
