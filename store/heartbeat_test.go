package store

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHeartbeat: a daemon's beat replaces its earlier one, and reads back
// as written; a daemon that never beat is not found.
func TestHeartbeat(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	_, err := s.LastBeat(ctx, "serve")
	assert.ErrorIs(t, err, ErrNotFound)
	start := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	h := Heartbeat{Name: "serve", PID: 42, StartedAt: start, BeatAt: start, IMAP: "connecting"}
	require.NoError(t, s.Beat(ctx, h))
	h.BeatAt, h.IMAP, h.LastError = start.Add(5*time.Second), "idle", "imap: dial: connection refused"
	require.NoError(t, s.Beat(ctx, h))
	got, err := s.LastBeat(ctx, "serve")
	require.NoError(t, err)
	assert.Equal(t, h, got)
}
