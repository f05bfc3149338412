package server

import (
	"context"

	"pbem/store"
)

// ListGames lists the games f selects, newest first, without loading a
// game's state: pbem game list's page costs the page, whatever the games
// stored.
func (s *Server) ListGames(ctx context.Context, f store.GameFilter) ([]store.GameListing, error) {
	return s.store.ListGames(ctx, f)
}
