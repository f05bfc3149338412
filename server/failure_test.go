package server

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
	"pbem/store"
)

// poison makes every mail the server queues to address fail on a
// constraint of the database, as a bug's data would: an error no retry
// cures.
func poison(t *testing.T, st *store.Store, address string) {
	t.Helper()
	db, err := sql.Open("sqlite", st.Path())
	require.NoError(t, err)
	defer db.Close()
	_, err = db.Exec(fmt.Sprintf(`CREATE TRIGGER poison BEFORE INSERT ON outbox WHEN NEW.recipient = '%s'
		BEGIN SELECT RAISE(ABORT, 'poisoned'); END`, address))
	require.NoError(t, err)
}

// TestPermanentFailureIsRecordedAndSetAside: a mail whose handling meets
// an error that trying again cannot cure is recorded as failed, with the
// error, changes nothing else, and is rejected without an error, so that
// neither the daemon nor an MTA retries it; status lists it; the other
// mails go on.
func TestPermanentFailureIsRecordedAndSetAside(t *testing.T) {
	g := newMailGame(t)
	mover, move := g.toMove()
	poison(t, g.st, mover)
	to, thread := g.reply(mover)
	ctx := context.Background()

	v, err := g.srv.HandleMail(ctx, raw(mover, to, "poisoned@client.example", thread, move))
	require.NoError(t, err, "a permanent failure is no error for the caller")
	assert.Equal(t, mailer.Rejected, v)
	out, detail, err := g.st.InboundOutcome(ctx, "poisoned@client.example")
	require.NoError(t, err)
	assert.Equal(t, store.Failed, out)
	assert.Contains(t, detail, "poisoned")
	assert.Equal(t, 0, g.moveNumber(), "the move is not played")

	v, err = g.srv.HandleMail(ctx, raw(mover, to, "poisoned@client.example", thread, move))
	require.NoError(t, err, "a copy is a duplicate")
	assert.Equal(t, mailer.Rejected, v, "filed where the first went")

	st, err := g.srv.Reports().Status(ctx)
	require.NoError(t, err)
	require.Len(t, st.Failed, 1)
	assert.Equal(t, mover, st.Failed[0].From)

	o := other(mover)
	oto, othread := g.reply(o)
	g.handle(raw(o, oto, "other@client.example", othread, "board"))
	assert.Equal(t, store.Applied, g.outcome("other@client.example"), "the other player's mail goes on")
}

// TestPassingFailuresAreGivenUp: a mail failing for a passing reason is
// returned as an error, to be tried again, until GiveUpTries tries over
// at least GiveUpAfter: then it is recorded as failed and set aside.
func TestPassingFailuresAreGivenUp(t *testing.T) {
	g := newClockedGame(t, "amplitude", nil, "ann", "bob")
	ctx := context.Background()
	mail := raw("ann@example.org", "games@example.org", "busy@client.example", "", "say hi")
	busy := fmt.Errorf("save move: %w", store.ErrConflict)

	for try := 1; try <= GiveUpTries; try++ {
		_, err := g.srv.failed(ctx, mail, g.id, busy)
		require.ErrorIs(t, err, store.ErrConflict, "try %d: still to be tried again", try)
		g.clock.Advance(time.Minute)
	}
	g.clock.Advance(GiveUpAfter)
	v, err := g.srv.failed(ctx, mail, g.id, busy)
	require.NoError(t, err, "given up")
	assert.Equal(t, mailer.Rejected, v)
	out, detail, err := g.st.InboundOutcome(ctx, "busy@client.example")
	require.NoError(t, err)
	assert.Equal(t, store.Failed, out)
	assert.Contains(t, detail, "given up after 11 tries")
}

// TestWatchAgainAfterUnwatch: a watcher who leaves and comes back gets a
// second "you are watching" mail, whose Message-ID is its own (a fixed
// one was refused by the outbox, for ever).
func TestWatchAgainAfterUnwatch(t *testing.T) {
	g := newMailGame(t)
	ctx := context.Background()
	for range 3 {
		added, err := g.srv.Watchers().Watch(ctx, g.id, "carol@example.org")
		require.NoError(t, err)
		assert.True(t, added)
		_, err = g.srv.Watchers().Unwatch(ctx, g.id, "carol@example.org")
		require.NoError(t, err)
	}
}
