package server

import (
	"pbem/server/core"

	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/server/report"
	"pbem/store"
)

// TestStatusCountsKeptRight: the figures pbem status reads from the
// counts kept by the database equal the rows counted, after each step of
// a server's life: games created (waiting for a player, and between
// computers, finished at once), moves by mail up to a game's end, a game
// aborted (its mails dropped), mails sent, failing, abandoned, retried,
// bounced, and the sent ones deleted.
func TestStatusCountsKeptRight(t *testing.T) {
	ctx := context.Background()
	srv, st := newTestServer(t)
	db := rawDB(t, st)
	check := func(step string) {
		t.Helper()
		got, err := srv.Reports().Status(ctx)
		require.NoError(t, err)
		var active, finished, aborted int
		require.NoError(t, db.QueryRow(`SELECT
			(SELECT COUNT(*) FROM games WHERE status = 'active'),
			(SELECT COUNT(*) FROM games WHERE status = 'finished'),
			(SELECT COUNT(*) FROM games WHERE status = 'aborted')`).Scan(&active, &finished, &aborted))
		require.Len(t, got.Games, 1, step)
		assert.Equal(t, report.GameTally{Type: "amplitude", Active: active, Finished: finished, Aborted: aborted}, got.Games[0], step)
		var o store.OutboxSummary
		require.NoError(t, db.QueryRow(`SELECT
			(SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND abandoned_at IS NULL),
			(SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL),
			(SELECT COUNT(*) FROM outbox WHERE abandoned_at IS NOT NULL),
			(SELECT COUNT(*) FROM outbox WHERE bounced_at IS NOT NULL)`).Scan(&o.Waiting, &o.Sent, &o.Abandoned, &o.Bounced))
		assert.Equal(t, [4]int{o.Waiting, o.Sent, o.Abandoned, o.Bounced},
			[4]int{got.Outbox.Waiting, got.Outbox.Sent, got.Outbox.Abandoned, got.Outbox.Bounced}, step)
	}
	check("a new database")

	aborted, err := srv.Create(ctx, twoPlayers(43))
	require.NoError(t, err)
	_, err = srv.Create(ctx, core.NewGame{Game: "amplitude", Bots: []string{"R1", "R2"}, Seed: seed(3)})
	require.NoError(t, err)
	check("games created, their invitations queued")

	seats, texts := botGameTexts(t, 42)
	mails := replyMails(t, srv, st, seats, texts, nil) // in a game of its own
	var played int64
	require.NoError(t, db.QueryRow(`SELECT MAX(id) FROM games`).Scan(&played))
	for i, raw := range mails[:3] {
		_, err := srv.HandleMail(ctx, raw)
		require.NoError(t, err, "move %d", i+1)
	}
	check("moves by mail")

	require.NoError(t, srv.Abort(ctx, aborted))
	check("a game aborted, its mails dropped")

	due, err := st.DueMails(ctx, time.Now().Add(time.Hour), 100)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(due), 4)
	require.NoError(t, st.MarkSent(ctx, due[0].ID, due[1].ID))
	require.NoError(t, st.MarkFailed(ctx, due[2].ID, time.Now().Add(time.Minute), "421 try later"))
	require.NoError(t, st.MarkAbandoned(ctx, due[3].ID, "550 no such user"))
	check("mails sent, failing, abandoned")

	_, err = st.RetryMail(ctx, due[3].ID)
	require.NoError(t, err)
	require.NoError(t, st.RecordBounce(ctx, store.BounceRecord{OutboxID: due[0].ID, Failed: true, Reason: "5.1.1 user unknown"}))
	check("a mail retried, one bounced")

	for _, raw := range mails[3:] {
		_, err := srv.HandleMail(ctx, raw)
		require.NoError(t, err)
	}
	g, err := st.Game(ctx, played)
	require.NoError(t, err)
	require.Equal(t, store.StatusFinished, g.Status)
	check("a game played to its end")

	_, err = st.PurgeOutbox(ctx, time.Now().Add(48*time.Hour), 2)
	require.NoError(t, err)
	check("the sent mails deleted")
}
