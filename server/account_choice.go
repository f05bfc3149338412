package server

import (
	"context"
	"errors"

	"pbem/engine"
	"pbem/parser"
	"pbem/store"
)

// playerOf is the player who owns address, their own or an alias; a
// refusal for an address that plays no game.
func (pp *people) playerOf(ctx context.Context, address string) (store.Player, error) {
	p, err := pp.store.PlayerByAddress(ctx, parser.CanonicalAddress(address))
	if errors.Is(err, store.ErrNotFound) {
		return store.Player{}, engine.Refuse("%s plays no game here", address)
	}
	return p, err
}
