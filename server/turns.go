package server

import "pbem/store"

// Players know a move by its turn, #N: a draw offer, its answer or a
// resignation out of turn is an aside, which shares the number of the turn
// it came in, so that "draw" and a move go in one mail under one number.
// Stored moves are numbered one by one, asides included (store.Move.Number),
// and that number names mails and positions for the operator.

// numberTurns sets the Turn of moves about to follow g's stored ones.
func numberTurns(g store.Game, moves []store.Move) {
	turns := g.Turns
	for i := range moves {
		moves[i].Turn = turns + 1
		if !moves[i].Aside {
			turns++
		}
	}
}
