package store

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seedGames writes n games (a third of each status and type, the
// states 4 KB each) with two seats each, a player and a computer, in a few
// INSERTs of recursive CTEs.
func seedGames(tb testing.TB, s *Store, n int) {
	tb.Helper()
	for _, q := range []string{
		`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
			INSERT INTO players (email, name, created_at) SELECT 'p' || i || '@example.org', CASE WHEN i % 2 THEN 'P' || i ELSE '' END, '2026-01-01T00:00:00.000000000Z' FROM n`,
		`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
			INSERT INTO games (game, seed, status, secret, state, move_number, created_at, updated_at)
			SELECT CASE i % 3 WHEN 0 THEN 'amplitude' WHEN 1 THEN 'ludicitude' ELSE 'chiffres' END, i,
				CASE i % 7 WHEN 0 THEN 'finished' WHEN 1 THEN 'aborted' ELSE 'active' END,
				randomblob(16), randomblob(4096), i % 40, '2026-01-01T00:00:00.000000000Z', '2026-11-01T00:00:00.000000000Z' FROM n`,
		`INSERT INTO seats (game_id, seat, player_id) SELECT id, 0, 1 + id % 500 FROM games`,
		`INSERT INTO seats (game_id, seat, bot) SELECT id, 1, 'Robot' FROM games`,
	} {
		_, err := s.db.Exec(q, n)
		require.NoError(tb, err, q)
	}
}

// TestListGames: newest first, by status and type, a page at a time,
// each with its seats' labels.
func TestListGames(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	seedGames(t, s, 30)
	all, err := s.ListGames(ctx, GameFilter{})
	require.NoError(t, err)
	require.Len(t, all, 30)
	assert.Equal(t, int64(30), all[0].ID, "newest first")
	assert.Equal(t, GameListing{ID: 30, Type: "amplitude", Status: "active", MoveNumber: 30, UpdatedAt: all[0].UpdatedAt,
		Players: []string{"P31", "Robot"}}, all[0])
	assert.Equal(t, []string{"p30@example.org", "Robot"}, all[1].Players, "a player without a name by address")
	assert.Equal(t, "2026-11-01T00:00:00Z", all[0].UpdatedAt.UTC().Format("2006-01-02T15:04:05Z07:00"))

	for _, c := range []struct {
		f    GameFilter
		want []int64
	}{
		{GameFilter{Limit: 3}, []int64{30, 29, 28}},
		{GameFilter{Status: StatusFinished}, []int64{28, 21, 14, 7}},
		{GameFilter{Status: StatusAborted, Limit: 2}, []int64{29, 22}},
		{GameFilter{Type: "amplitude", Limit: 4}, []int64{30, 27, 24, 21}},
		{GameFilter{Type: "amplitude", Status: StatusFinished}, []int64{21}},
		{GameFilter{Type: "go"}, nil},
	} {
		got, err := s.ListGames(ctx, c.f)
		require.NoError(t, err)
		var ids []int64
		for _, g := range got {
			ids = append(ids, g.ID)
			assert.Len(t, g.Players, 2)
		}
		assert.Equal(t, c.want, ids, "%+v", c.f)
	}
}

// TestListGamesReadsIndexes: a page of game list, filtered or not, reads
// an index in its order (no sort of the games) and the page's seats.
func TestListGamesReadsIndexes(t *testing.T) {
	s, _ := openTemp(t)
	seedGames(t, s, 100)
	for _, c := range []struct {
		f     GameFilter
		index string
	}{
		{GameFilter{Limit: 50}, ""},
		{GameFilter{Status: StatusActive, Limit: 50}, "games_status"},
		{GameFilter{Type: "chiffres", Limit: 50}, "games_type"},
	} {
		q, args := listGamesQuery(c.f)
		joined := strings.Join(queryPlan(t, s.db, q, args...), "; ")
		assert.Regexp(t, `SEARCH s USING (COVERING )?INDEX sqlite_autoindex_seats_1 \(game_id=\?\)`, joined)
		assert.NotContains(t, joined, "SCAN s", joined)
		if c.index != "" {
			assert.Contains(t, joined, "INDEX "+c.index, joined)
		}
		// The page's ORDER BY id DESC is the index's order: the only
		// sort is of the page's seats.
		assert.LessOrEqual(t, strings.Count(joined, "TEMP B-TREE"), 1, joined)
	}
}

// BenchmarkGameList is pbem game list's read: the 50 newest of 10,000
// games (4 KB states), all of them or one status.
func BenchmarkGameList(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "pbem.db"), nil)
	require.NoError(b, err)
	defer s.Close()
	seedGames(b, s, 10000)
	for _, c := range []struct {
		name string
		f    GameFilter
	}{
		{"newest50", GameFilter{Limit: 50}},
		{"finished50", GameFilter{Status: StatusFinished, Limit: 50}},
		{"chiffres50", GameFilter{Type: "chiffres", Limit: 50}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if g, err := s.ListGames(ctx, c.f); err != nil || len(g) != 50 {
					b.Fatal(len(g), err)
				}
			}
		})
	}
	// What game list read before version 21: every game, state included,
	// and its seats a query each.
	b.Run("every-game-before", func(b *testing.B) {
		for b.Loop() {
			if g, err := s.Games(ctx); err != nil || len(g) != 10000 {
				b.Fatal(len(g), err)
			}
		}
	})
}
