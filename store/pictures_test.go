package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPicturesLastAsLongAsTheirMails: a picture shown by several queued
// mails is stored once, and deleted by PurgeOutbox only when
// no mail left in the outbox shows it; a mail not queued keeps none.
func TestPicturesLastAsLongAsTheirMails(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 10, 1, 12, 0, 0, 0, time.UTC)
	s, err := Open(ctx, filepath.Join(t.TempDir(), "pbem.db"), func() time.Time { return now })
	require.NoError(t, err)
	defer s.Close()
	a := Picture{Ref: "000000000000000a", Source: []byte(`{"board":"a"}`)}
	b := Picture{Ref: "000000000000000b", Source: []byte(`{"board":"b"}`)}
	c := Picture{Ref: "000000000000000c", Source: []byte(`{"board":"c"}`)}
	mail := func(name, to string, pics ...Picture) OutMail {
		return OutMail{MessageID: name + "@pbem", Recipient: to, Base: to, Raw: []byte("Subject: " + name + "\r\n\r\nb\r\n"), Pictures: pics}
	}
	kept := func(p Picture) bool {
		t.Helper()
		got, err := s.PictureSource(ctx, p.Ref)
		if err != nil {
			require.ErrorIs(t, err, ErrNotFound)
			return false
		}
		assert.Equal(t, p.Source, got)
		return true
	}
	require.NoError(t, s.Silence(ctx, "gone@example.org", nil))
	require.NoError(t, s.QueueMails(ctx, 0, []OutMail{
		mail("m1", "ann@example.org", a), mail("m2", "bob@example.org", a, b),
		mail("m3", "ann@example.org", b), mail("m4", "gone@example.org", c),
	}))
	assert.True(t, kept(a))
	assert.True(t, kept(b))
	assert.False(t, kept(c), "the silenced address's mail is not queued, nor its picture")

	due, err := s.DueMails(ctx, now, 10)
	require.NoError(t, err)
	require.Len(t, due, 3)
	require.NoError(t, s.MarkSent(ctx, due[0].ID, due[1].ID))
	now = now.AddDate(0, 0, 40)
	n, err := s.PurgeOutbox(ctx, now.AddDate(0, 0, -30), 1)
	require.NoError(t, err)
	assert.Equal(t, 2, n, "m1 and m2; the pictures are not counted")
	assert.False(t, kept(a), "no mail left shows a")
	assert.True(t, kept(b), "m3 still shows b")

	require.NoError(t, s.MarkSent(ctx, due[2].ID))
	// Before its mail is old enough, b stays.
	n, err = s.PurgeOutbox(ctx, now.AddDate(0, 0, -30), 1)
	require.NoError(t, err)
	assert.Zero(t, n)
	assert.True(t, kept(b))
	now = now.AddDate(0, 0, 40)
	n, err = s.PurgeOutbox(ctx, now.AddDate(0, 0, -30), 1)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.False(t, kept(b), "the outbox is empty: no picture is shown")

	// The outbox emptied, its IDs start again: a picture queued again
	// stays while its new mail waits.
	require.NoError(t, s.QueueMails(ctx, 0, []OutMail{mail("m5", "ann@example.org", b)}))
	n, err = s.PurgeOutbox(ctx, now.Add(time.Hour), 0)
	require.NoError(t, err)
	assert.Zero(t, n)
	assert.True(t, kept(b))
}
