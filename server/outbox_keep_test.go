package server

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
	"pbem/store"
)

// TestPurgeOutboxByTheServersClock: the invitations, sent, are deleted
// once older than keep by the server's clock, and the board picture they
// showed with them; keep 0 keeps them for ever; the game and its history
// stay.
func TestPurgeOutboxByTheServersClock(t *testing.T) {
	g := newClockedGame(t, "amplitude", nil, "ann", "bob")
	ctx := context.Background()
	invites, err := g.st.OutboxMails(ctx, store.OutboxFilter{GameID: g.id})
	require.NoError(t, err)
	require.Len(t, invites, 2)
	require.NoError(t, g.st.MarkSent(ctx, invites[0].ID, invites[1].ID))
	refs := pictureRefs(t, g)
	require.Len(t, refs, 1, "the invitations show one board")

	g.clock.Advance(29 * 24 * time.Hour)
	n, err := g.srv.Upkeep().PurgeOutbox(ctx, 30*24*time.Hour)
	require.NoError(t, err)
	assert.Zero(t, n, "29 days old: kept")
	g.clock.Advance(2 * 24 * time.Hour)
	n, err = g.srv.Upkeep().PurgeOutbox(ctx, 0)
	require.NoError(t, err)
	assert.Zero(t, n, "keep 0: for ever")

	var reports []int
	done, cancel := context.WithCancel(ctx)
	g.srv.Upkeep().KeepPurgingOutbox(done, 30*24*time.Hour, time.Hour, func(n int, err error) {
		require.NoError(t, err)
		reports = append(reports, n)
		cancel() // the next pass would be in an hour: stop instead
	})
	assert.Equal(t, []int{2}, reports, "one pass at start, then the context ended")
	left, err := g.st.OutboxMails(ctx, store.OutboxFilter{})
	require.NoError(t, err)
	assert.Empty(t, left)
	_, err = g.st.PictureSource(ctx, refs[0])
	assert.ErrorIs(t, err, store.ErrNotFound, "no mail left shows the picture")
	_, err = g.srv.Snapshot(ctx, g.id, -1)
	assert.NoError(t, err, "the game stays")
}

// pictureRefs are the pictures the outbox's mails about g's game wait
// for, read from their first bytes (store.HeadBytes, more than a mail
// without its pictures weighs).
func pictureRefs(t *testing.T, g *clockedGame) []string {
	t.Helper()
	rows, err := g.st.OutboxMails(context.Background(), store.OutboxFilter{GameID: g.id})
	require.NoError(t, err)
	seen := map[string]bool{}
	var refs []string
	for _, r := range rows {
		for _, ref := range mailer.Later(r.Head) {
			if !seen[ref] {
				seen[ref] = true
				refs = append(refs, ref)
			}
		}
	}
	return refs
}
