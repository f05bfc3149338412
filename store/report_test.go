package store

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReportLinksAnswersToTheirMail: a refusal queued with the mail that
// caused it carries its inbound ID; an invitation carries none. The lists
// filter by sender (ASCII case ignored), game, outcome and time, newest
// first, and the summary counts what waits, what was abandoned and what
// bounced.
func TestReportLinksAnswersToTheirMail(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	id, err := s.CreateGame(ctx, sampleGame())
	require.NoError(t, err)
	require.NoError(t, s.QueueMails(ctx, id, []OutMail{{MessageID: "invite@x", Recipient: "ann@example.org", Raw: []byte("Subject: a new game\r\n\r\nhi")}}))
	refused := Inbound{Key: "k1", MessageID: "m1", From: "bob@example.org", Raw: []byte("Subject: Re: move\r\n\r\nH8"), Outcome: Refused, Detail: `line 1, "H8": it is not your turn`}
	require.NoError(t, s.RecordInbound(ctx, Record{Inbound: &refused, GameID: id,
		Mails: []OutMail{{MessageID: "refusal@x", Recipient: "bob@example.org", Raw: []byte("Subject: your command was refused\r\n\r\n")}}}))
	thanks := Inbound{Key: "k2", MessageID: "m2", From: "ann@example.org", Raw: []byte("Subject: thanks\r\n\r\nthanks"), Outcome: Ignored, Detail: "no command"}
	require.NoError(t, s.RecordInbound(ctx, Record{Inbound: &thanks, GameID: id}))

	last, err := s.LastInbound(ctx)
	require.NoError(t, err)
	assert.Equal(t, "m2", last.MessageID)

	bob, err := s.InboundMails(ctx, InboundFilter{From: "BOB@example.org"})
	require.NoError(t, err)
	require.Len(t, bob, 1)
	assert.Equal(t, Refused, bob[0].Outcome)
	assert.Equal(t, id, bob[0].GameID)
	assert.Equal(t, "Subject: Re: move\r\n\r\nH8", string(bob[0].Raw))

	all, err := s.InboundMails(ctx, InboundFilter{GameID: id})
	require.NoError(t, err)
	require.Len(t, all, 2)
	assert.Equal(t, "m2", all[0].MessageID, "newest first")
	none, err := s.InboundMails(ctx, InboundFilter{Since: fixedClock()().Add(time.Second)})
	require.NoError(t, err)
	assert.Empty(t, none, "the fixed clock stamped both before --since")
	refusals, err := s.InboundReasons(ctx, InboundFilter{Outcomes: []string{Refused, Rejected}})
	require.NoError(t, err)
	require.Len(t, refusals, 1)
	assert.Nil(t, refusals[0].Raw)

	answers, err := s.OutboxMails(ctx, OutboxFilter{InboundID: bob[0].ID})
	require.NoError(t, err)
	require.Len(t, answers, 1)
	assert.Equal(t, "refusal@x", answers[0].MessageID)
	assert.Equal(t, MailPending, answers[0].State())
	box, err := s.OutboxMails(ctx, OutboxFilter{GameID: id})
	require.NoError(t, err)
	require.Len(t, box, 2)
	assert.Equal(t, int64(0), box[1].InboundID, "an invitation answers no mail")

	require.NoError(t, s.MarkAbandoned(ctx, box[1].ID, "550 no such user"))
	sum, err := s.SummarizeOutbox(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, sum.Waiting)
	assert.Equal(t, 1, sum.Abandoned)
	assert.Equal(t, 0, sum.Bounced)
	require.NotNil(t, sum.Oldest)
	assert.Equal(t, "refusal@x", sum.Oldest.MessageID)
	assert.Nil(t, sum.LastBounce)
}

// TestRetryMail: an abandoned mail is due again at once, its attempts
// kept; a sent one is refused with ErrSent, an unknown one ErrNotFound.
func TestRetryMail(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	s, _ := openTemp(t)
	s.now = func() time.Time { return now }
	ctx := context.Background()
	require.NoError(t, s.QueueMails(ctx, 0, []OutMail{{MessageID: "a@x", Recipient: "a@example.org", Raw: []byte("x")},
		{MessageID: "b@x", Recipient: "b@example.org", Raw: []byte("x")}}))
	due, err := s.DueMails(ctx, now, 10)
	require.NoError(t, err)
	require.Len(t, due, 2)
	require.NoError(t, s.MarkFailed(ctx, due[0].ID, now.Add(time.Minute), "550 no"))
	require.NoError(t, s.MarkAbandoned(ctx, due[0].ID, "550 no"))
	require.NoError(t, s.MarkSent(ctx, due[1].ID))

	now = now.Add(time.Hour)
	before, err := s.RetryMail(ctx, due[0].ID)
	require.NoError(t, err)
	assert.Equal(t, MailAbandoned, before.State())
	again, err := s.DueMails(ctx, now, 10)
	require.NoError(t, err)
	require.Len(t, again, 1, "the abandoned mail is due now")
	assert.Equal(t, due[0].ID, again[0].ID)
	assert.Equal(t, 2, again[0].Attempts, "attempts kept")

	_, err = s.RetryMail(ctx, due[1].ID)
	assert.ErrorIs(t, err, ErrSent)
	_, err = s.RetryMail(ctx, 999)
	assert.ErrorIs(t, err, ErrNotFound)
}

// TestReportQueriesUseIndexes: on tables of every mail ever handled, no
// report query scans the table.
func TestReportQueriesUseIndexes(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	since := "2026-12-01T00:00:00.000000000Z"
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`SELECT id FROM inbound_mails WHERE sender = ? COLLATE NOCASE ORDER BY id DESC LIMIT 50`, []any{"a@b"}},
		{`SELECT id FROM inbound_mails WHERE game_id = ? ORDER BY id DESC LIMIT 50`, []any{1}},
		{`SELECT id FROM inbound_mails WHERE outcome IN (?, ?) AND received_at >= ? AND id >= (SELECT MIN(id) FROM inbound_mails INDEXED BY inbound_mails_received WHERE received_at >= ?) ORDER BY id DESC`, []any{Refused, Rejected, since, since}},
		{`SELECT id FROM outbox WHERE inbound_id = ? ORDER BY id DESC`, []any{1}},
		{`SELECT id FROM outbox WHERE game_id = ? ORDER BY id DESC LIMIT 50`, []any{1}},
		{`SELECT COUNT(*) FROM outbox WHERE abandoned_at IS NOT NULL`, nil},
		{`SELECT COUNT(*) FROM outbox WHERE bounced_at IS NOT NULL`, nil},
		{`SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND abandoned_at IS NULL`, nil},
	} {
		rows, err := s.db.QueryContext(ctx, "EXPLAIN QUERY PLAN "+q.sql, q.args...)
		require.NoError(t, err)
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			require.NoError(t, rows.Scan(&id, &parent, &unused, &detail))
			plan = append(plan, detail)
		}
		require.NoError(t, rows.Close())
		joined := strings.Join(plan, "; ")
		assert.Contains(t, joined, "INDEX", "%s: %s", q.sql, joined)
		assert.NotRegexp(t, `SCAN (inbound_mails|outbox)($|;| USING INTEGER PRIMARY KEY)`, joined, q.sql)
	}
}
