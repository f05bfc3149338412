package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// seedSentMails writes n mails sent in the past and due more recent
// ones, each of a 2 KB body, in one INSERT of a recursive CTE.
func seedSentMails(b testing.TB, s *Store, sent, due int, now time.Time) {
	b.Helper()
	past, at := now.Add(-time.Hour).Format(timeFormat), now.Format(timeFormat)
	_, err := s.db.Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO outbox (message_id, recipient, raw, created_at, next_attempt_at, sent_at, attempts)
		SELECT 'sent-' || i || '@pbem', 'p' || (i % 500) || '@example.org', randomblob(2048), ?, ?, ?, 1 FROM n`, sent, past, past, past)
	require.NoError(b, err)
	_, err = s.db.Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO outbox (message_id, recipient, raw, created_at, next_attempt_at)
		SELECT 'due-' || i || '@pbem', 'p' || i || '@example.org', randomblob(2048), ?, ? FROM n`, due, at, at)
	require.NoError(b, err)
}

// oldDueMailsQuery is DueMails' query before version 21: ORDER BY id made
// SQLite walk the whole table in rowid order rather than the index.
const oldDueMailsQuery = `SELECT id, COALESCE(game_id, 0), message_id, recipient, raw, attempts FROM outbox
	WHERE sent_at IS NULL AND abandoned_at IS NULL AND next_attempt_at <= ? ORDER BY id LIMIT ?`

// BenchmarkDueMails is the sender's read of the outbox with 5 mails due
// among 100, 10,000 and 100,000 already sent: /index is DueMails, flat;
// /scan the query before version 21 (ORDER BY id), for the ratio.
func BenchmarkDueMails(b *testing.B) {
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	for _, sent := range []int{100, 10000, 100000} {
		s, err := Open(ctx, filepath.Join(b.TempDir(), "pbem.db"), nil)
		require.NoError(b, err)
		seedSentMails(b, s, sent, 5, now)
		b.Run(fmt.Sprintf("sent=%d/index", sent), func(b *testing.B) {
			for b.Loop() {
				if due, err := s.DueMails(ctx, now, 50); err != nil || len(due) != 5 {
					b.Fatal(len(due), err)
				}
			}
		})
		b.Run(fmt.Sprintf("sent=%d/scan", sent), func(b *testing.B) {
			for b.Loop() {
				rows, err := s.db.QueryContext(ctx, oldDueMailsQuery, now.Format(timeFormat), 50)
				if err != nil {
					b.Fatal(err)
				}
				n := 0
				for rows.Next() {
					n++
				}
				rows.Close()
				if n != 5 {
					b.Fatalf("%d mails due, want 5", n)
				}
			}
		})
		s.Close()
	}
}
