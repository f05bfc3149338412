package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/internal/fakeclock"
)

// TestOutboxDepth: the mails waiting, sent and abandoned ones left out,
// and when the oldest waiting one was queued.
func TestOutboxDepth(t *testing.T) {
	clock := fakeclock.New(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC))
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "pbem.db"), clock.Now)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	ctx := context.Background()
	n, oldest, err := s.OutboxDepth(ctx)
	require.NoError(t, err)
	assert.Zero(t, n)
	assert.True(t, oldest.IsZero())

	var mails []OutMail
	for i := range 4 {
		mails = append(mails, OutMail{MessageID: fmt.Sprintf("m%d@example.org", i), Recipient: "ann@example.org", Raw: []byte("x")})
	}
	require.NoError(t, s.QueueMails(ctx, 0, mails[:1]))
	clock.Advance(time.Minute)
	require.NoError(t, s.QueueMails(ctx, 0, mails[1:]))
	due, err := s.DueMails(ctx, clock.Now(), 10)
	require.NoError(t, err)
	require.Len(t, due, 4)
	require.NoError(t, s.MarkSent(ctx, due[0].ID))
	require.NoError(t, s.MarkAbandoned(ctx, due[1].ID, "550 no such user"))

	n, oldest, err = s.OutboxDepth(ctx)
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	assert.Equal(t, clock.Now(), oldest, "the oldest waiting mail is the third, queued a minute after the first")
}
