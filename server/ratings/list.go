package ratings

import (
	"context"

	"pbem/engine"
	"pbem/store"
)

// List lists the ratings of game type game, best first, or every type's
// when game is "", for the operator's ratings command; a game type games
// does not know is a refusal.
func List(ctx context.Context, st Store, games *engine.Registry, game string) ([]store.Rating, error) {
	if game != "" {
		if _, err := games.Lookup(game); err != nil {
			return nil, err
		}
	}
	return st.Ratings(ctx, game)
}
