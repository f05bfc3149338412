package core

import "pbem/store"

// NextTurn is the number of the next move a player writes in g, after the
// pending moves not stored yet.
func NextTurn(g store.Game, pending []store.Move) int {
	n := g.Turns + 1
	for _, m := range pending {
		if !m.Aside {
			n++
		}
	}
	return n
}
