package core

import (
	"context"
	"fmt"
	"strings"

	"pbem/engine"
	"pbem/store"
)

// NamedPlayers finds the registered players by name (store.Store).
type NamedPlayers interface {
	PlayersNamed(ctx context.Context, name string) ([]store.Player, error)
}

// PlayerNamed is the registered player named name, for the commands that
// take a name where an address goes (new GAME with NAME, tournament new …
// with NAME); a refusal naming the candidates, their addresses masked,
// when several share it.
func PlayerNamed(ctx context.Context, ps NamedPlayers, name string) (store.Player, error) {
	found, err := ps.PlayersNamed(ctx, name)
	if err != nil {
		return store.Player{}, err
	}
	switch len(found) {
	case 0:
		return store.Player{}, engine.Refuse("no player here is named %s: write their address instead", name)
	case 1:
		return found[0], nil
	}
	var masked []string
	for _, p := range found {
		masked = append(masked, MaskAddress(p.Email))
	}
	return store.Player{}, engine.Refuse("%d players are named %s (%s): write the address of the one you mean instead", len(found), name, strings.Join(masked, ", "))
}

// MaskAddress shows an address without telling it: its first letter and
// its domain, a***@example.org.
func MaskAddress(address string) string {
	local, domain, ok := strings.Cut(address, "@")
	if !ok || local == "" {
		return "***"
	}
	return fmt.Sprintf("%s***@%s", local[:1], domain)
}
