package server

import (
	"pbem/server/core"

	"context"
)

// The digests are package digest's; the core keeps their key.

// digestKey is the server's key of the digests' reply addresses.
func (c *composer) digestKey(ctx context.Context) ([]byte, error) {
	return c.keys.get(ctx, c.store, core.DigestKeyName)
}
