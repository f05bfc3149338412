package store

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/internal/fakeclock"
)

// TestRecordSettings: settings read back as recorded, an empty value
// included; a value recorded again unchanged keeps the time it was set,
// a changed one gets the new time.
func TestRecordSettings(t *testing.T) {
	ctx := context.Background()
	clock := fakeclock.New(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC))
	s, err := Open(ctx, t.TempDir()+"/pbem.db", clock.Now)
	require.NoError(t, err)
	defer s.Close()

	got, err := s.Settings(ctx)
	require.NoError(t, err)
	assert.Empty(t, got, "a new database records nothing")

	require.NoError(t, s.RecordSettings(ctx, map[string]string{"server.address": "games@example.org", "server.authserv_id": ""}))
	clock.Advance(time.Hour)
	require.NoError(t, s.RecordSettings(ctx, map[string]string{"server.address": "games@example.org", "server.authserv_id": "mx.example.org"}))
	got, err = s.Settings(ctx)
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"server.address": "games@example.org", "server.authserv_id": "mx.example.org"}, got)

	var addressAt, authservAt string
	require.NoError(t, s.db.QueryRowContext(ctx, `SELECT updated_at FROM settings WHERE key = 'server.address'`).Scan(&addressAt))
	require.NoError(t, s.db.QueryRowContext(ctx, `SELECT updated_at FROM settings WHERE key = 'server.authserv_id'`).Scan(&authservAt))
	assert.Equal(t, "2026-12-01T09:00:00.000000000Z", addressAt, "unchanged: the time it was set")
	assert.Equal(t, "2026-12-01T10:00:00.000000000Z", authservAt, "changed: the time of the change")
}
