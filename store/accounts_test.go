package store

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRegistered: an address nobody knows, a player only a game knows,
// a registered player (by their address and an alias), and one who
// signed off.
func TestRegistered(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	pid, ok, err := s.Registered(ctx, "nobody@example.org")
	require.NoError(t, err)
	assert.Zero(t, pid)
	assert.False(t, ok)

	_, err = s.db.Exec(`INSERT INTO players (id, email, created_at) VALUES (7, 'ann@example.org', '2026-12-01')`)
	require.NoError(t, err)
	require.NoError(t, s.AddAlias(ctx, "ann@example.org", "ann@work.example"))
	pid, ok, err = s.Registered(ctx, "ann@work.example")
	require.NoError(t, err)
	assert.Equal(t, int64(7), pid)
	assert.False(t, ok, "known from a game, not registered")

	_, err = s.db.Exec(`UPDATE players SET registered_at = '2026-12-01' WHERE id = 7`)
	require.NoError(t, err)
	for _, addr := range []string{"ann@example.org", "ANN@example.org", "ann@work.example"} {
		_, ok, err = s.Registered(ctx, addr)
		require.NoError(t, err)
		assert.True(t, ok, addr)
	}
	_, err = s.db.Exec(`UPDATE players SET signed_off_at = '2026-12-02' WHERE id = 7`)
	require.NoError(t, err)
	_, ok, err = s.Registered(ctx, "ann@example.org")
	require.NoError(t, err)
	assert.False(t, ok, "signed off")
}
