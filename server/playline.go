package server

import (
	"pbem/server/core"

	"context"

	"pbem/lang"
)

// playExample is playLine in the first active game of player pid, for a
// sentence that shows how to answer a digest; with no game going, it is
// an example of Amplitude's.
func (c *composer) playExample(ctx context.Context, pid int64) (lang.Msg, error) {
	ids, err := c.store.ActiveGamesOf(ctx, pid)
	if err != nil || len(ids) == 0 {
		return lang.T("game 12: #7 H8 right 34251"), err
	}
	row, err := c.store.Game(ctx, ids[0])
	if err != nil {
		return lang.Msg{}, err
	}
	kind, err := c.games.Lookup(row.Type)
	if err != nil {
		return lang.Msg{}, err
	}
	return core.PlayLine(row, kind), nil
}
