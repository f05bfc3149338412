package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// openTwoMailsToBob is a store at now whose outbox holds two mails to
// Bob, turn1@x and turn2@x.
func openTwoMailsToBob(t *testing.T, now time.Time) *Store {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "pbem.db"), func() time.Time { return now })
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	require.NoError(t, s.QueueMails(ctx, 0, []OutMail{
		{MessageID: "turn1@x", Recipient: "bob@example.org", Raw: []byte("t1")},
		{MessageID: "turn2@x", Recipient: "bob@example.org", Raw: []byte("t2")},
	}))
	return s
}

// TestRecordBounce: a failure marks the outbox row and queues the notices
// once under their limit; a later delay does not overwrite the failure; a
// report recorded twice is a duplicate that changes nothing; an ID that is
// no outbox mail is not found.
func TestRecordBounce(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	s := openTwoMailsToBob(t, now)
	_, err := s.FindReported(ctx, "nothing@x", "other@x")
	assert.ErrorIs(t, err, ErrNotFound)
	sent, err := s.FindReported(ctx, "nothing@x", "turn1@x")
	require.NoError(t, err)
	assert.Equal(t, "bob@example.org", sent.Recipient)
	assert.False(t, sent.Bounced)

	queued := func() int {
		due, err := s.DueMails(ctx, now.Add(time.Hour), 100)
		require.NoError(t, err)
		return len(due)
	}
	limit := Limit{Key: BounceKey(0, "bob@example.org"), Every: 24 * time.Hour}
	notice := func(id string) []OutMail {
		return []OutMail{{MessageID: id, Recipient: "ann@example.org", Raw: []byte("n")}}
	}
	record := func(key string, outbox int64, failed bool, reason string, notices []OutMail) error {
		return s.RecordBounce(ctx, BounceRecord{Inbound: &Inbound{Key: key, Raw: []byte("r"), Outcome: Ignored, Detail: "bounce"},
			OutboxID: outbox, Failed: failed, Reason: reason, Notices: notices, Limit: limit})
	}
	require.NoError(t, record("dsn1", sent.ID, true, "5.1.1, the address does not exist", notice("n1@x")))
	assert.Equal(t, 3, queued())
	require.NoError(t, record("dsn2", sent.ID, false, "delayed, still being tried: 4.4.1", nil))
	after, err := s.FindReported(ctx, "turn1@x")
	require.NoError(t, err)
	assert.True(t, after.Bounced)
	assert.Equal(t, "5.1.1, the address does not exist", after.Bounce)

	second, err := s.FindReported(ctx, "turn2@x")
	require.NoError(t, err)
	require.NoError(t, record("dsn3", second.ID, true, "5.1.1, the address does not exist", notice("n2@x")))
	assert.Equal(t, 3, queued(), "the limit holds the second notice back")
	_, detail, err := s.InboundOutcome(ctx, "dsn3")
	require.NoError(t, err)
	assert.Contains(t, detail, "not told again")

	assert.ErrorIs(t, record("dsn1", second.ID, true, "again", notice("n3@x")), ErrDuplicate)
	again, err := s.FindReported(ctx, "turn2@x")
	require.NoError(t, err)
	assert.Equal(t, "5.1.1, the address does not exist", again.Bounce)
}

// TestRecordRefusal: a refusal at SMTP time abandons its mail with the
// relay's reply (one more attempt, never due again, not marked bounced:
// it never left) and queues the notices under the same limit as a
// delivery report's, so a later report about the same address tells no
// one again; no inbound mail is recorded for it.
func TestRecordRefusal(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	s := openTwoMailsToBob(t, now)
	due, err := s.DueMails(ctx, now, 10)
	require.NoError(t, err)
	require.Len(t, due, 2)
	limit := Limit{Key: BounceKey(0, "bob@example.org"), Every: 24 * time.Hour}
	notice := []OutMail{{MessageID: "n1@x", Recipient: "ann@example.org", Raw: []byte("n")}}

	require.NoError(t, s.RecordBounce(ctx, BounceRecord{OutboxID: due[0].ID, Failed: true, Reason: "5.1.1, the address does not exist",
		Refused: "550 5.1.1 No such user", Notices: notice, Limit: limit}))
	rows, err := s.OutboxMails(ctx, OutboxFilter{})
	require.NoError(t, err)
	byID := map[string]OutboxRow{}
	for _, r := range rows {
		byID[r.MessageID] = r
	}
	refused := byID["turn1@x"]
	assert.Equal(t, MailAbandoned, refused.State())
	assert.Equal(t, 1, refused.Attempts)
	assert.Equal(t, "550 5.1.1 No such user", refused.LastError)
	assert.True(t, refused.BouncedAt.IsZero())
	assert.Contains(t, byID, "n1@x", "the notice is queued")
	assert.Zero(t, byID["n1@x"].InboundID, "no inbound mail caused it")
	due, err = s.DueMails(ctx, now.Add(time.Hour), 10)
	require.NoError(t, err)
	assert.Equal(t, []string{"turn2@x", "n1@x"}, []string{due[0].MessageID, due[1].MessageID}, "the refused mail is never due again")

	// A report about the other mail to Bob: marked, the players not told again.
	require.NoError(t, s.RecordBounce(ctx, BounceRecord{Inbound: &Inbound{Key: "dsn1", Raw: []byte("r"), Outcome: Ignored, Detail: "bounce"},
		OutboxID: due[0].ID, Failed: true, Reason: "5.1.1", Notices: []OutMail{{MessageID: "n2@x", Recipient: "ann@example.org", Raw: []byte("n")}}, Limit: limit}))
	_, detail, err := s.InboundOutcome(ctx, "dsn1")
	require.NoError(t, err)
	assert.Contains(t, detail, "not told again")
	rows, err = s.OutboxMails(ctx, OutboxFilter{})
	require.NoError(t, err)
	assert.Len(t, rows, 3, "no second notice")
}
