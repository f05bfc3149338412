package store

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countsVersion is the schema version that keeps the counts.
func countsVersion(t *testing.T) int {
	for i, m := range migrations {
		if strings.HasSuffix(m.name, "_counts.sql") {
			return i + 1
		}
	}
	t.Fatal("no migration keeps the counts")
	return 0
}

// keptAndCounted are the figures status reads, kept, and the same counted
// in the rows: games by type and status, and the outbox's.
func keptAndCounted(t *testing.T, s *Store) (kept, counted []any) {
	t.Helper()
	ctx := context.Background()
	games, err := s.GameCounts(ctx)
	require.NoError(t, err)
	o, err := s.SummarizeOutbox(ctx)
	require.NoError(t, err)
	kept = []any{games, [4]int{o.Waiting, o.Sent, o.Abandoned, o.Bounced}}

	rows, err := s.db.QueryContext(ctx, `SELECT game, status, COUNT(*) FROM games GROUP BY game, status ORDER BY game, status`)
	require.NoError(t, err)
	defer rows.Close()
	var real []GameCount
	for rows.Next() {
		var c GameCount
		require.NoError(t, rows.Scan(&c.Type, &c.Status, &c.Count))
		real = append(real, c)
	}
	require.NoError(t, rows.Err())
	var box [4]int
	require.NoError(t, s.db.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND abandoned_at IS NULL),
		(SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL),
		(SELECT COUNT(*) FROM outbox WHERE abandoned_at IS NOT NULL),
		(SELECT COUNT(*) FROM outbox WHERE bounced_at IS NOT NULL)`).Scan(&box[0], &box[1], &box[2], &box[3]))
	return kept, []any{real, box}
}

// TestCountsStartFromTheRows: the migration that keeps the counts starts
// them from the games and mails already there.
func TestCountsStartFromTheRows(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := openRaw(dir+"/old.db", fixedClock())
	require.NoError(t, err)
	defer s.Close()
	require.NoError(t, s.migrate(ctx, countsVersion(t)-1))
	for i, kind := range []string{"amplitude", "amplitude", "chiffres", "amplitude"} {
		g := sampleGame()
		g.Type = kind
		id, err := s.CreateGame(ctx, g)
		require.NoError(t, err)
		require.NoError(t, s.QueueMails(ctx, id, []OutMail{{MessageID: "m" + string(rune('a'+i)), Recipient: "alice@example.org", Raw: []byte("hi")}}))
		switch i {
		case 1:
			require.NoError(t, s.SetStatus(ctx, id, StatusActive, StatusFinished))
			// As MarkSent did then: today's also looks for a clock to start,
			// in columns of a later version.
			_, err := s.db.ExecContext(ctx, `UPDATE outbox SET sent_at = ?, attempts = attempts + 1 WHERE id = ?`, s.stamp(), i+1)
			require.NoError(t, err)
		case 2:
			require.NoError(t, s.AbortGame(ctx, id))
		}
	}
	require.NoError(t, s.migrate(ctx, len(migrations)))
	kept, counted := keptAndCounted(t, s)
	assert.Equal(t, counted, kept)
	assert.Equal(t, []GameCount{{"amplitude", StatusActive, 2}, {"amplitude", StatusFinished, 1}, {"chiffres", StatusAborted, 1}}, kept[0])
	assert.Equal(t, [4]int{2, 1, 1, 0}, kept[1])
}
