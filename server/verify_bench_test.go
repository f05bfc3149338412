package server

import (
	"pbem/server/core"

	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"pbem/store"
)

// cloneGame copies game id, its seats and moves, n times by SQL: as many
// games to replay, each the same work.
func cloneGame(tb testing.TB, st *store.Store, id int64, n int) {
	tb.Helper()
	db := rawDB(tb, st)
	defer db.Close()
	columns := func(table string) string {
		rows, err := db.Query(`SELECT name FROM pragma_table_info(?) WHERE name NOT IN ('id', 'game_id') ORDER BY cid`, table)
		require.NoError(tb, err)
		defer rows.Close()
		var cols []string
		for rows.Next() {
			var c string
			require.NoError(tb, rows.Scan(&c))
			cols = append(cols, c)
		}
		return strings.Join(cols, ", ")
	}
	games, seats, moves := columns("games"), columns("seats"), columns("moves")
	for range n {
		tx, err := db.Begin()
		require.NoError(tb, err)
		res, err := tx.Exec(fmt.Sprintf(`INSERT INTO games (%s) SELECT %s FROM games WHERE id = ?`, games, games), id)
		require.NoError(tb, err)
		clone, err := res.LastInsertId()
		require.NoError(tb, err)
		for _, t := range []struct{ table, cols string }{{"seats", seats}, {"moves", moves}} {
			_, err = tx.Exec(fmt.Sprintf(`INSERT INTO %s (game_id, %s) SELECT ?, %s FROM %s WHERE game_id = ?`, t.table, t.cols, t.cols, t.table), clone, id)
			require.NoError(tb, err)
		}
		require.NoError(tb, tx.Commit())
	}
}

// BenchmarkVerifyAll is game verify --all over 200 finished Amplitude
// games between computers, one worker and one per CPU: the ratio is what
// the second core gives.
func BenchmarkVerifyAll(b *testing.B) {
	ctx := context.Background()
	srv, st := newTestServer(b)
	id, err := srv.Create(ctx, core.NewGame{Game: "amplitude", Bots: []string{"R1", "R2"}, Seed: seed(42)})
	require.NoError(b, err)
	cloneGame(b, st, id, 199)
	for _, workers := range []int{1, runtime.NumCPU()} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			for b.Loop() {
				ok, failed, err := srv.Records().VerifyAll(ctx, workers, nil)
				if err != nil || ok != 200 || len(failed) > 0 {
					b.Fatal(ok, failed, err)
				}
			}
		})
	}
}
