package server

import (
	"pbem/server/core"

	"context"

	"pbem/lang"
	"pbem/store"
)

// lastAnswerUntil is, when the answer about to go under limits is the
// last they allow in their window, when that window ends, in t's words,
// for the answer to say that the next ones will be held till then; ""
// while more may follow.
func (c *composer) lastAnswerUntil(ctx context.Context, limits []store.Limit, t lang.Tag) (string, error) {
	a, err := c.store.AllowanceOf(ctx, limits)
	if err != nil || a.Left != 1 {
		return "", err
	}
	return core.WhenIn(a.Until, t), nil
}
