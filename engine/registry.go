package engine

import (
	"fmt"
	"sort"
)

// Registry is the set of game types a server offers, by ID. It is built once
// at start-up by the binary's wiring, so the engine keeps no global state.
type Registry struct {
	games map[string]Game
}

// NewRegistry registers games; two games with one ID is a programming error.
func NewRegistry(games ...Game) *Registry {
	r := &Registry{games: make(map[string]Game, len(games))}
	for _, g := range games {
		if _, dup := r.games[g.ID()]; dup {
			panic(fmt.Sprintf("engine: game %q registered twice", g.ID()))
		}
		r.games[g.ID()] = g
	}
	return r
}

// Lookup finds a game by ID.
func (r *Registry) Lookup(id string) (Game, error) {
	if g, ok := r.games[id]; ok {
		return g, nil
	}
	return nil, Refuse("there is no game %q; the games are %v", id, r.IDs())
}

// IDs lists the registered game IDs in order.
func (r *Registry) IDs() []string {
	ids := make([]string, 0, len(r.games))
	for id := range r.games {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}
