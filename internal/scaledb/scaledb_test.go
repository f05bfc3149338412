package scaledb_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"

	"pbem/internal/scaledb"
	"pbem/store"
)

// template writes one game as pbem would after a move by mail: a person
// and a computer seated, the move, the reply that carried it and the
// notification sent; it returns the game's id.
func template(t *testing.T, db *sql.DB, kind string) int64 {
	t.Helper()
	const at = "2026-11-01T00:00:00.000000000Z"
	r, err := db.Exec(`INSERT INTO games (game, seed, secret, state, move_number, created_at, updated_at, next_due, bot_to_move)
		VALUES (?, 1, x'00', 'state-1', 1, ?, ?, '2026-12-01T00:00:00.000000000Z', 1)`, kind, at, at)
	require.NoError(t, err)
	id, err := r.LastInsertId()
	require.NoError(t, err)
	for _, q := range []string{
		`INSERT OR IGNORE INTO players (email, created_at) VALUES ('ann@example.org', '` + at + `')`,
		`INSERT INTO seats (game_id, seat, player_id) SELECT ?1, 0, id FROM players WHERE email = 'ann@example.org'`,
		`INSERT INTO seats (game_id, seat, bot) VALUES (?1, 1, 'Robot')`,
		`INSERT INTO moves (game_id, number, seat, text, notation, state, created_at) VALUES (?1, 1, 0, 'H8 123', 'H8 123', 'state-1', '` + at + `')`,
		`INSERT INTO inbound_mails (mail_key, message_id, raw, received_at, outcome, game_id) VALUES ('k' || ?1, '<m@x>', 'From: ann', '` + at + `', 'applied', ?1)`,
		`INSERT INTO outbox (game_id, message_id, recipient, raw, created_at, next_attempt_at, sent_at) VALUES (?1, '<o' || ?1 || '@x>', 'ann@example.org', 'the board', '` + at + `', '` + at + `', '` + at + `')`,
	} {
		_, err := db.Exec(q, id)
		require.NoError(t, err, q)
	}
	return id
}

// TestFill: the database holds the games asked for, most of them
// finished, each with its seats, moves and replies; an active clone is its
// template at the same point, with other people seated.
func TestFill(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "pbem.db")
	s, err := store.Open(ctx, path, time.Now)
	require.NoError(t, err)
	require.NoError(t, s.Close())
	db, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	defer db.Close()
	tpl := []int64{template(t, db, "amplitude"), template(t, db, "ludicitude")}

	require.NoError(t, scaledb.Fill(ctx, db, tpl, scaledb.Shape{Games: 2000, Moves: 10}))
	count := func(q string, args ...any) int {
		var n int
		require.NoError(t, db.QueryRow(q, args...).Scan(&n), q)
		return n
	}
	assert.Equal(t, 2000, count(`SELECT COUNT(*) FROM games`))
	active, finished := count(`SELECT COUNT(*) FROM games WHERE status = 'active'`), count(`SELECT COUNT(*) FROM games WHERE status = 'finished'`)
	assert.InDelta(t, 240, active, 30, "12%% of the clones active")
	assert.InDelta(t, 1700, finished, 40, "85%% of the clones finished")
	assert.Equal(t, 0, count(`SELECT COUNT(*) FROM games g WHERE move_number <> (SELECT COUNT(*) FROM moves WHERE game_id = g.id)`),
		"every game's moves are there")
	assert.Equal(t, 0, count(`SELECT COUNT(*) FROM games WHERE status <> 'active' AND (next_due IS NOT NULL OR bot_to_move)`),
		"a game over waits for nothing")
	assert.Equal(t, 0, count(`SELECT COUNT(*) FROM games WHERE id > 2 AND status = 'active' AND id < 1500`),
		"the active games are among the newest")
	assert.Equal(t, count(`SELECT COUNT(*) FROM moves m JOIN seats s ON s.game_id = m.game_id AND s.seat = m.seat WHERE s.player_id IS NOT NULL`),
		count(`SELECT COUNT(*) FROM inbound_mails WHERE outcome = 'applied'`), "a reply kept for every move by a person")
	assert.Equal(t, 400, count(`SELECT COUNT(*) FROM players WHERE email LIKE 'member%'`), "a person in about ten games")
	assert.Greater(t, count(`SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL`), 50, "the newest games' mails are kept")
	assert.Equal(t, 0, count(`SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL`), "nothing waits to be sent")

	var state string
	var players int
	require.NoError(t, db.QueryRow(`SELECT g.state, COUNT(DISTINCT s.player_id) FROM games g JOIN seats s ON s.game_id = g.id
		WHERE g.id = (SELECT MAX(id) FROM games WHERE status = 'active' AND game = 'amplitude')`).Scan(&state, &players))
	assert.Equal(t, "state-1", state, "an active clone is its template")
	require.NoError(t, scaledb.Analyze(ctx, db))
	assert.Positive(t, count(`SELECT COUNT(*) FROM sqlite_stat1 WHERE tbl = 'games'`))
}
