package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLimitedMailOncePerPeriod: an answer with a key is queued once within
// its period, whatever the number of mails that ask for it, and again
// after it; other keys are counted apart.
func TestLimitedMailOncePerPeriod(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	s, err := Open(ctx, filepath.Join(t.TempDir(), "pbem.db"), func() time.Time { return now })
	require.NoError(t, err)
	defer s.Close()
	n := 0
	record := func(key string) {
		n++
		in := Inbound{Key: fmt.Sprintf("m%d@x", n), Raw: []byte("x"), Outcome: Ignored}
		mail := OutMail{MessageID: fmt.Sprintf("a%d@x", n), Recipient: "ann@example.org", Raw: []byte("a")}
		require.NoError(t, s.RecordInbound(ctx, Record{Inbound: &in, Limited: &LimitedMail{Mail: mail, Limits: []Limit{{Key: key, Every: time.Hour}}}}))
	}
	queued := func() int {
		due, err := s.DueMails(ctx, now.Add(time.Hour), 100)
		require.NoError(t, err)
		return len(due)
	}
	record(StatusKey(1, 0))
	record(StatusKey(1, 0))
	assert.Equal(t, 1, queued())
	record(StatusKey(1, 1))
	record(StrangerKey("Eve@Example.org"))
	assert.Equal(t, 3, queued(), "other keys apart")
	now = now.Add(59 * time.Minute)
	record(StatusKey(1, 0))
	assert.Equal(t, 3, queued())
	now = now.Add(2 * time.Minute)
	record(StatusKey(1, 0))
	assert.Equal(t, 4, queued(), "again after the period")
}

// TestMigrateKeepsStrangerReplies: the explanations sent to strangers
// before version 3 still count after it.
func TestMigrateKeepsStrangerReplies(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	old, err := openRaw(path, fixedClock())
	require.NoError(t, err)
	require.NoError(t, old.migrate(ctx, 2))
	_, err = old.db.Exec(`INSERT INTO stranger_replies (address, sent_at) VALUES ('Eve@Example.org', ?)`, old.stamp())
	require.NoError(t, err)
	require.NoError(t, old.Close())

	s, err := Open(ctx, path, fixedClock())
	require.NoError(t, err)
	defer s.Close()
	var sent string
	require.NoError(t, s.db.QueryRow(`SELECT sent_at FROM reply_limits WHERE key = ?`, StrangerKey("eve@example.org")).Scan(&sent))
	assert.Equal(t, s.stamp(), sent)
	in := Inbound{Key: "m@x", Raw: []byte("x"), Outcome: Rejected}
	require.NoError(t, s.RecordInbound(ctx, Record{Inbound: &in, Limited: &LimitedMail{Limits: []Limit{{Key: StrangerKey("eve@example.org"), Every: 24 * time.Hour}},
		Mail: OutMail{MessageID: "a@x", Recipient: "eve@example.org", Raw: []byte("a")}}}))
	due, err := s.DueMails(ctx, time.Now().Add(48*time.Hour), 10)
	require.NoError(t, err)
	assert.Empty(t, due, "the day since the last explanation is not over")
}

// TestLimitCounts: a limit of several answers counts them within its
// window and opens a new window after it; every limit of an answer must
// allow it, and one held back is noted on its mail.
func TestLimitCounts(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	s, err := Open(ctx, filepath.Join(t.TempDir(), "pbem.db"), func() time.Time { return now })
	require.NoError(t, err)
	defer s.Close()
	n := 0
	record := func(limits ...Limit) {
		n++
		in := Inbound{Key: fmt.Sprintf("m%d@x", n), Raw: []byte("x"), Outcome: Refused}
		mail := OutMail{MessageID: fmt.Sprintf("a%d@x", n), Recipient: "ann@example.org", Raw: []byte("a")}
		require.NoError(t, s.RecordInbound(ctx, Record{Inbound: &in, Limited: &LimitedMail{Mail: mail, Limits: limits}}))
	}
	queued := func() int {
		due, err := s.DueMails(ctx, now.Add(time.Hour), 100)
		require.NoError(t, err)
		return len(due)
	}
	seat := Limit{Key: "refusals:1:0", Every: time.Hour, Max: 3}
	global := Limit{Key: "all", Every: time.Hour, Max: 4}
	for range 5 {
		record(seat, global)
	}
	assert.Equal(t, 3, queued(), "three a window for the seat")
	_, detail, err := s.InboundOutcome(ctx, "m5@x")
	require.NoError(t, err)
	assert.Contains(t, detail, "held back by the limit refusals:1:0")
	record(Limit{Key: "refusals:1:1", Every: time.Hour, Max: 3}, global)
	record(Limit{Key: "refusals:1:2", Every: time.Hour, Max: 3}, global)
	assert.Equal(t, 4, queued(), "the global limit holds the fifth")
	now = now.Add(time.Hour)
	record(seat, global)
	assert.Equal(t, 5, queued(), "a new window")
}
