package store

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// queryPlan is SQLite's plan for q, one detail a step.
func queryPlan(t testing.TB, db *sql.DB, q string, args ...any) []string {
	t.Helper()
	rows, err := db.Query("EXPLAIN QUERY PLAN "+q, args...)
	require.NoError(t, err)
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		require.NoError(t, rows.Scan(&id, &parent, &unused, &detail))
		plan = append(plan, detail)
	}
	require.NoError(t, rows.Err())
	return plan
}

// TestDueMailsReadsTheIndex: among a thousand mails sent, the sender's
// query reads the outbox_due index alone, in its order (no sort), where
// the query of before version 21 scanned the outbox.
func TestDueMailsReadsTheIndex(t *testing.T) {
	s, _ := openTemp(t)
	now := fixedClock()()
	seedSentMails(t, s, 1000, 2, now)
	at := now.Format(timeFormat)
	plan := queryPlan(t, s.db, dueMailsQuery, at, 50)
	require.Len(t, plan, 1, strings.Join(plan, "; "))
	assert.Contains(t, plan[0], "SEARCH outbox USING INDEX outbox_due")
	assert.Equal(t, []string{"SCAN outbox"}, queryPlan(t, s.db, oldDueMailsQuery, at, 50), "the query this replaces")
}

// TestPurgeReadsIndexes: finding the mails to delete reads the sent_at
// and abandoned_at indexes, not the outbox.
func TestPurgeReadsIndexes(t *testing.T) {
	s, _ := openTemp(t)
	for _, q := range []string{
		`SELECT id FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ? LIMIT 500`,
		`SELECT id FROM outbox WHERE abandoned_at IS NOT NULL AND abandoned_at < ? LIMIT 500`,
	} {
		joined := strings.Join(queryPlan(t, s.db, q, "2026"), "; ")
		assert.Regexp(t, `SEARCH outbox USING (COVERING )?INDEX outbox_(sent|abandoned)`, joined, q)
	}
}

// TestDueMailsLongestDueFirst: a mail due since longer goes first, even
// queued after; mails due at the same instant go in the order queued.
func TestDueMailsLongestDueFirst(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	var mails []OutMail
	for i := range 4 {
		mails = append(mails, OutMail{MessageID: fmt.Sprintf("%d@pbem", i), Recipient: "a@example.org", Raw: []byte("x")})
	}
	require.NoError(t, s.QueueMails(ctx, 0, mails))
	due, err := s.DueMails(ctx, time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC), 10)
	require.NoError(t, err)
	require.Len(t, due, 4)
	// The first mail failed and is due in an hour; the last is due an
	// hour before the others.
	clock := fixedClock()()
	require.NoError(t, s.MarkFailed(ctx, due[0].ID, clock.Add(time.Hour), "4xx"))
	_, err = s.db.Exec(`UPDATE outbox SET next_attempt_at = ? WHERE id = ?`, clock.Add(-time.Hour).Format(timeFormat), due[3].ID)
	require.NoError(t, err)
	again, err := s.DueMails(ctx, clock.Add(2*time.Hour), 10)
	require.NoError(t, err)
	var order []string
	for _, m := range again {
		order = append(order, m.MessageID)
	}
	assert.Equal(t, []string{"3@pbem", "1@pbem", "2@pbem", "0@pbem"}, order)
	now, err := s.DueMails(ctx, clock, 10)
	require.NoError(t, err)
	assert.Len(t, now, 3, "the mail that failed is not due yet")
}

// TestPurgeOutboxDeletesOnlyMailsDoneWith: mails sent or abandoned past
// the cutoff are deleted, a few at a time; pending mails, recent ones, a
// mail whose bounce is recent, the moves and the inbound mails stay.
func TestPurgeOutboxDeletesOnlyMailsDoneWith(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 10, 1, 12, 0, 0, 0, time.UTC)
	s, err := Open(ctx, filepath.Join(t.TempDir(), "pbem.db"), func() time.Time { return now })
	require.NoError(t, err)
	defer s.Close()
	id, err := s.CreateGame(ctx, sampleGame())
	require.NoError(t, err)
	mail := func(name string) OutMail {
		return OutMail{MessageID: name + "@pbem", Recipient: "alice@example.org", Raw: []byte("Subject: " + name + "\r\n\r\nb\r\n")}
	}
	commit := func(from int, key string, mails ...OutMail) {
		t.Helper()
		require.NoError(t, s.CommitMoves(ctx, Commit{
			GameID: id, From: from, State: []byte("s"), Status: StatusActive, Mails: mails,
			Moves:   []Move{{Seat: 0, Text: "pass", Notation: "pass", State: []byte("s")}},
			Inbound: &Inbound{Key: key, MessageID: key, Raw: []byte("Subject: m\r\n\r\npass\r\n"), From: "alice@example.org", Outcome: Applied},
		}))
	}
	ids := func(f OutboxFilter) map[string]int64 {
		t.Helper()
		rows, err := s.OutboxMails(ctx, f)
		require.NoError(t, err)
		out := map[string]int64{}
		for _, r := range rows {
			out[strings.TrimSuffix(r.MessageID, "@pbem")] = r.ID
		}
		return out
	}

	// 1 October: sent, sent2, sent3, bounced, abandoned and pending queued.
	commit(0, "in-1", mail("sent"), mail("sent2"), mail("sent3"), mail("bounced"), mail("abandoned"), mail("pending"))
	old := ids(OutboxFilter{})
	require.NoError(t, s.MarkSent(ctx, old["sent"], old["sent2"], old["sent3"], old["bounced"]))
	require.NoError(t, s.MarkAbandoned(ctx, old["abandoned"], "550 no such user"))
	// 10 November: a new mail sent, and a late bounce of the old one.
	now = now.AddDate(0, 0, 40)
	commit(1, "in-2", mail("recent"))
	require.NoError(t, s.MarkSent(ctx, ids(OutboxFilter{})["recent"]))
	require.NoError(t, s.RecordBounce(ctx, BounceRecord{OutboxID: old["bounced"], Failed: true, Reason: "5.1.1 gone",
		Inbound: &Inbound{Key: "dsn-1", Raw: []byte("Subject: failure\r\n\r\ngone\r\n"), Outcome: Ignored}}))

	n, err := s.PurgeOutbox(ctx, now.AddDate(0, 0, -30), 2)
	require.NoError(t, err)
	assert.Equal(t, 4, n, "sent, sent2, sent3 (over two batches) and abandoned")
	kept := ids(OutboxFilter{})
	assert.ElementsMatch(t, []string{"bounced", "pending", "recent"}, keys(kept))
	assert.Equal(t, map[string]int64{"pending": old["pending"]}, ids(OutboxFilter{Pending: true}))

	moves, err := s.Moves(ctx, id)
	require.NoError(t, err)
	assert.Len(t, moves, 2, "the moves are the archive")
	inbound, err := s.InboundMails(ctx, InboundFilter{})
	require.NoError(t, err)
	require.Len(t, inbound, 3, "the inbound mails are the archive")
	first, err := s.InboundMail(ctx, inbound[2].ID)
	require.NoError(t, err)
	assert.Contains(t, string(first.Raw), "pass", "the first inbound mail is whole")
	answers := ids(OutboxFilter{InboundID: inbound[2].ID})
	assert.ElementsMatch(t, []string{"bounced", "pending"}, keys(answers), "the answers deleted are no longer listed")
	sum, err := s.SummarizeOutbox(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, sum.Waiting)
	assert.Equal(t, 0, sum.Abandoned)

	// Nothing more is due for deletion, until the bounce is old too.
	n, err = s.PurgeOutbox(ctx, now.AddDate(0, 0, -30), 2)
	require.NoError(t, err)
	assert.Zero(t, n)
	n, err = s.PurgeOutbox(ctx, now.Add(time.Second), 0)
	require.NoError(t, err)
	assert.Equal(t, 2, n, "bounced and recent; never the pending mail")
	assert.Equal(t, []string{"pending"}, keys(ids(OutboxFilter{})))
}

func keys(m map[string]int64) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
