package server

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/store"
)

// outboxOf is the game's outbox by Message-ID.
func (g *mailGame) outboxOf() map[string]store.OutboxRow {
	rows, err := g.st.OutboxMails(context.Background(), store.OutboxFilter{GameID: g.id})
	require.NoError(g.t, err)
	out := map[string]store.OutboxRow{}
	for _, r := range rows {
		out[r.MessageID] = r
	}
	return out
}

func (g *mailGame) status() string {
	row, err := g.st.Game(context.Background(), g.id)
	require.NoError(g.t, err)
	return row.Status
}

// TestAbortDropsQueuedMails: aborting a game abandons its mails not sent
// yet, saying why, and leaves those sent as they were; a game not active
// cannot be aborted, and loses nothing.
func TestAbortDropsQueuedMails(t *testing.T) {
	g := newMailGame(t)
	ctx := context.Background()
	ann := g.lastTo("ann@example.org")
	require.NoError(t, g.st.MarkSent(ctx, g.outboxOf()[ann.MessageID].ID))
	bob := g.lastTo("bob@example.org")

	require.NoError(t, g.srv.Abort(ctx, g.id))
	rows := g.outboxOf()
	assert.Equal(t, store.MailSent, rows[ann.MessageID].State())
	assert.Equal(t, store.MailAbandoned, rows[bob.MessageID].State())
	assert.Equal(t, store.DroppedAborted, rows[bob.MessageID].LastError)
	pending, err := g.st.OutboxMails(ctx, store.OutboxFilter{GameID: g.id, Pending: true})
	require.NoError(t, err)
	assert.Empty(t, pending)

	err = g.srv.Abort(ctx, g.id)
	assert.ErrorContains(t, err, "only an active game can be aborted")
	assert.ErrorContains(t, g.srv.Abort(ctx, 99), "there is no game 99")
}

// TestFinishDropsMailsToSeatsThatLeft: Cyd resigns and the game goes on;
// when Bob resigns too, the game is over: the mails still queued to Cyd
// and Bob from before are dropped, the end of the game still goes to
// them, and Ann, who played on, loses none of hers.
func TestFinishDropsMailsToSeatsThatLeft(t *testing.T) {
	g := newThreeSeatGame(t)
	resign := func(email, messageID string) {
		to, thread := g.reply(email)
		g.handle(raw(email, to, messageID, thread, "resign"))
		require.Equal(t, store.Applied, g.outcome(messageID))
	}
	resign("cyd@example.org", "cyd-resigns@example.org")
	before := g.outboxOf()
	require.Equal(t, store.StatusActive, g.status())

	resign("bob@example.org", "bob-resigns@example.org")
	require.Equal(t, store.StatusFinished, g.status())
	after := g.outboxOf()
	ends, dropped := 0, 0
	for id, r := range after {
		old, queued := before[id]
		switch {
		case !queued:
			assert.Equal(t, store.MailPending, r.State(), "the end of the game goes to %s", r.Recipient)
			ends++
		case r.Recipient == "ann@example.org":
			assert.Equal(t, store.MailPending, r.State(), "Ann's %s", id)
		default:
			assert.Equal(t, store.MailPending, old.State())
			assert.Equal(t, store.MailAbandoned, r.State(), "%s's %s", r.Recipient, id)
			assert.Equal(t, store.DroppedLeft, r.LastError)
			dropped++
		}
	}
	assert.Positive(t, ends)
	assert.GreaterOrEqual(t, dropped, 4, "the invitations, Cyd's resignation told to Bob and to her")
	for _, email := range []string{"bob@example.org", "cyd@example.org"} {
		assert.Equal(t, store.MailPending, g.outboxOf()[g.lastTo(email).MessageID].State(), email)
	}
}
