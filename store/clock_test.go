package store

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seedClockedGames inserts n active games whose clocks are due at due(i),
// in one transaction (CreateGame would fsync each).
func seedClockedGames(t testing.TB, s *Store, n int, due func(i int) time.Time) {
	t.Helper()
	require.NoError(t, s.inTx(context.Background(), func(tx *sql.Tx) error {
		for i := range n {
			_, err := tx.Exec(`INSERT INTO games (game, options, seed, secret, state, created_at, updated_at, next_due, deadline)
				VALUES ('amplitude', '{}', 1, x'00', x'00', '', '', ?, ?)`, timeOrNull(due(i)), timeOrNull(due(i)))
			if err != nil {
				return err
			}
		}
		return nil
	}))
}

// TestDueGames: the games due are those whose next due time has come,
// earliest first, active ones only, at most the limit.
func TestDueGames(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "pbem.db"), nil)
	require.NoError(t, err)
	defer s.Close()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	seedClockedGames(t, s, 10, func(i int) time.Time { return now.Add(time.Duration(5-i) * time.Hour) })
	_, err = s.db.Exec(`UPDATE games SET status = 'finished' WHERE id = 10`)
	require.NoError(t, err)
	ids, err := s.DueGames(ctx, now, 100)
	require.NoError(t, err)
	assert.Equal(t, []int64{9, 8, 7, 6}, ids, "due at now or before, earliest first, not the finished one")
	ids, err = s.DueGames(ctx, now, 2)
	require.NoError(t, err)
	assert.Equal(t, []int64{9, 8}, ids)
}

// BenchmarkDueGamesNothingDue is what pbem deadlines pays to find that
// nothing is due among 10,000 clocked games: the index alone.
func BenchmarkDueGamesNothingDue(b *testing.B) {
	for _, n := range []int{100, 10000} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			ctx := context.Background()
			s, err := Open(ctx, filepath.Join(b.TempDir(), "pbem.db"), nil)
			require.NoError(b, err)
			defer s.Close()
			now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
			seedClockedGames(b, s, n, func(i int) time.Time { return now.Add(time.Duration(i+1) * time.Minute) })
			for b.Loop() {
				ids, err := s.DueGames(ctx, now, 100)
				if err != nil || len(ids) != 0 {
					b.Fatal(ids, err)
				}
			}
		})
	}
}
