package ratings

import (
	"context"

	"pbem/engine"
	"pbem/store"
)

// PlacesOf are the places of the seats of finished game g in its last
// state, 1 the best, by the rules of Places, whoever sits there (a
// tournament scores its games, computer seats among them, by them).
func PlacesOf(ctx context.Context, st Store, g store.Game, last engine.State) ([]int, error) {
	holders, err := st.Holders(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	_, leftAt := startHolders(g, holders)
	left, err := leavers(ctx, st, g, last, nil, leftAt)
	if err != nil {
		return nil, err
	}
	return Places(last, left), nil
}
