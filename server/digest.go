package server

import (
	"pbem/server/core"

	"context"
)

// The digests are package digest's; the core keeps their key.

// digestKey is the server's key of the digests' reply addresses.
func (s *Server) digestKey(ctx context.Context) ([]byte, error) {
	return s.keys.get(ctx, s.store, core.DigestKeyName)
}
