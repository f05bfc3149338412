package store

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"pbem/internal/scaledb"
)

// The queries of the daemon's clock as they were before version 27, for
// the before-and-after ratio: a planner without statistics read DueGames
// and StalledGames through games_status, every active game, DueGames
// sorting them in a temporary B-tree; the digest's ActiveGamesOf sorted
// the player's games in one.
const (
	oldDueGamesQuery = `SELECT id FROM games WHERE next_due IS NOT NULL AND next_due <= ? AND status = 'active'
		ORDER BY next_due LIMIT ?`
	oldStalledGamesQuery  = `SELECT id FROM games WHERE bot_to_move = 1 AND status = 'active' ORDER BY id`
	oldActiveGamesOfQuery = `SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id
		WHERE s.player_id = ? AND g.status = 'active' ORDER BY g.id`
	// The seats on offer as the takeover branch first read them: through
	// games_status, every active game, before its seats.
	oldOfferedSeatsQuery = `SELECT g.id FROM seats s JOIN games g ON g.id = s.game_id
		WHERE s.offered_until IS NOT NULL AND g.status = 'active' AND s.offered_until <= ? ORDER BY g.id, s.seat`
)

// scaledBench holds the databases the benchmarks share, built once per
// process whatever the -count: 100,000 games take about a minute and a
// few gigabytes. TestMain removes them.
var scaledBench struct {
	sync.Mutex
	stores map[int]*Store
	dirs   []string
}

// benchStore is a store of games games in production's shape, built the
// first time a benchmark asks for it. Each finished game has 6 moves
// rather than 30: the clock's and the digests' queries read games, seats
// and players, never moves, so the moves change neither their plans nor
// their cost, only the time and the disk building takes.
func benchStore(b *testing.B, games int) *Store {
	b.Helper()
	scaledBench.Lock()
	defer scaledBench.Unlock()
	if s, ok := scaledBench.stores[games]; ok {
		return s
	}
	dir, err := os.MkdirTemp("", "pbem-plans-")
	require.NoError(b, err)
	scaledBench.dirs = append(scaledBench.dirs, dir)
	s := scaledStore(b, dir, scaledb.Shape{Games: games, Moves: 6})
	if scaledBench.stores == nil {
		scaledBench.stores = map[int]*Store{}
	}
	scaledBench.stores[games] = s
	return s
}

// removeBenchStores closes and removes the benchmarks' databases.
func removeBenchStores() {
	scaledBench.Lock()
	defer scaledBench.Unlock()
	for _, s := range scaledBench.stores {
		s.Close()
	}
	for _, dir := range scaledBench.dirs {
		os.RemoveAll(dir)
	}
}

// makeDue has a few of s's games and players due at scaleNow (five
// clocks, three games a computer must answer, five digests), or none
// again.
func makeDue(b *testing.B, s *Store, due bool) {
	b.Helper()
	next, bot, digest := scaleDue.Format(timeFormat), 0, scaleDue.Format(timeFormat)
	if due {
		next, bot, digest = scaleNow.Add(-1).Format(timeFormat), 1, scaleNow.Add(-1).Format(timeFormat)
	}
	for _, q := range []struct {
		sql string
		arg any
	}{
		{`UPDATE games SET next_due = ? WHERE id IN (SELECT id FROM games WHERE status = 'active' AND next_due IS NOT NULL ORDER BY id LIMIT 5)`, next},
		{`UPDATE games SET bot_to_move = ? WHERE id IN (SELECT id FROM games WHERE status = 'active' ORDER BY id DESC LIMIT 3)`, bot},
		{`UPDATE players SET next_digest = ? WHERE id IN (SELECT id FROM players WHERE next_digest IS NOT NULL ORDER BY id LIMIT 5)`, digest},
	} {
		_, err := s.db.Exec(q.sql, q.arg)
		require.NoError(b, err)
	}
}

// BenchmarkClockQueries is what each tick of the daemon's clock reads (the
// games due, the stalled games, the digests due, and for a digest the
// player's active games) at 10,000 and 100,000 games in production's
// shape, with nothing due and with a few due; /old is the query before
// version 27 on the same database.
func BenchmarkClockQueries(b *testing.B) {
	ctx := context.Background()
	for _, games := range []int{10000, 100000} {
		s := benchStore(b, games)
		var digester int64
		require.NoError(b, s.db.QueryRow(`SELECT MIN(id) FROM players WHERE next_digest IS NOT NULL`).Scan(&digester))
		for _, due := range []bool{false, true} {
			makeDue(b, s, due)
			want := map[bool]int{false: 0, true: 5}[due]
			name := fmt.Sprintf("games=%d/due=%d", games, want)
			for _, q := range []struct {
				name  string
				query func() ([]int64, error)
				want  int
			}{
				{"DueGames", func() ([]int64, error) { return s.DueGames(ctx, scaleNow, 100) }, want},
				{"DueGames/old", func() ([]int64, error) {
					return s.queryIDs(ctx, "", oldDueGamesQuery, scaleNow.Format(timeFormat), 100)
				}, want},
				{"StalledGames", func() ([]int64, error) { return s.StalledGames(ctx) }, want * 3 / 5},
				{"StalledGames/old", func() ([]int64, error) { return s.queryIDs(ctx, "", oldStalledGamesQuery) }, want * 3 / 5},
				{"DueDigests", func() ([]int64, error) { return s.DueDigests(ctx, scaleNow, 100) }, want},
				// The clubs' steps of the tick: none due, their cost
				// whatever the games stored.
				{"DueTournaments", func() ([]int64, error) { return s.DueTournaments(ctx, scaleNow, 100) }, 0},
				{"LadderChallengesToSettle", func() ([]int64, error) {
					lcs, err := s.LadderChallengesToSettle(ctx)
					return make([]int64, len(lcs)), err
				}, 0},
				{"OfferedSeats", func() ([]int64, error) {
					seats, err := s.OfferedSeats(ctx, scaleNow)
					return make([]int64, len(seats)), err
				}, 0},
				{"OfferedSeats/old", func() ([]int64, error) {
					return s.queryIDs(ctx, "", oldOfferedSeatsQuery, scaleNow.Format(timeFormat))
				}, 0},
				{"ActiveGamesOf", func() ([]int64, error) { return s.ActiveGamesOf(ctx, digester) }, -1},
				{"ActiveGamesOf/old", func() ([]int64, error) { return s.queryIDs(ctx, "", oldActiveGamesOfQuery, digester) }, -1},
			} {
				if due && q.want < 0 {
					continue // the same player's games, due or not
				}
				b.Run(name+"/"+q.name, func(b *testing.B) {
					for b.Loop() {
						ids, err := q.query()
						if err != nil || q.want >= 0 && len(ids) != q.want {
							b.Fatal(len(ids), err)
						}
					}
				})
			}
		}
		makeDue(b, s, false)
	}
}
