package store

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"pbem/internal/scaledb"
)

// scaleNow is the time the scaled databases are read at: every clock of
// their active games is due after it (scaleDue), every digest after it too.
var scaleNow = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

// scaleDue is when the clocks of the scaled databases' active games next
// have something to do: three days after scaleNow.
var scaleDue = scaleNow.Add(72 * time.Hour)

// scaledStore is a store at dir holding sh.Games games shaped as sh says
// (scaledb.Fill), cloned from two games the store's own methods wrote: a
// person against a computer with a clock, after the person's first move
// by mail, its notification queued with a picture. Nothing is due at
// scaleNow; no statistics are gathered.
func scaledStore(tb testing.TB, dir string, sh scaledb.Shape) *Store {
	tb.Helper()
	ctx := context.Background()
	path := filepath.Join(dir, "pbem.db")
	s, err := Open(ctx, path, func() time.Time { return scaleNow })
	require.NoError(tb, err)
	var templates []int64
	for i, kind := range []string{"amplitude", "ludicitude"} {
		templates = append(templates, scaleTemplate(tb, s, kind, i))
	}
	require.NoError(tb, s.Close())
	db, err := sql.Open("sqlite", fileURI(path))
	require.NoError(tb, err)
	require.NoError(tb, scaledb.Fill(ctx, db, templates, sh))
	// Fill makes the digests due the day after the real now: after scaleNow.
	_, err = db.Exec(`UPDATE players SET next_digest = ? WHERE next_digest IS NOT NULL`, scaleDue.Format(timeFormat))
	require.NoError(tb, err)
	scaleLobby(tb, db)
	require.NoError(tb, db.Close())
	s, err = Open(ctx, path, func() time.Time { return scaleNow })
	require.NoError(tb, err)
	tb.Cleanup(func() { s.Close() })
	return s
}

// scaleTemplate writes one template game of type kind, as a mail's move
// leaves it, and returns its ID.
func scaleTemplate(tb testing.TB, s *Store, kind string, i int) int64 {
	tb.Helper()
	ctx := context.Background()
	state := make([]byte, 600)
	for k := range state {
		state[k] = byte('a' + (k*7+i)%26)
	}
	clock := Clock{TurnStarted: scaleNow, Deadline: scaleDue.Add(96 * time.Hour), NextDue: scaleDue}
	id, err := s.CreateGame(ctx, NewGame{
		Type: kind, Options: map[string]string{}, Seed: uint64(7 + i), Secret: []byte("a secret of sixteen"), State: state,
		Seats: []NewSeat{{Email: fmt.Sprintf("template%d@example.org", i), Name: "Template"}, {Bot: "Robot"}},
		Clock: clock,
	})
	require.NoError(tb, err)
	err = s.CommitMoves(ctx, Commit{
		GameID: id, From: 0, State: state, Status: StatusActive, Notified: 1, Clock: &clock,
		Moves: []Move{{Seat: 0, Text: "#1 H8 123", Notation: "H8 123", State: state, MessageID: fmt.Sprintf("reply%d@example.org", i)}},
		Inbound: &Inbound{Key: fmt.Sprintf("reply%d@example.org", i), MessageID: fmt.Sprintf("reply%d@example.org", i),
			Raw: make([]byte, 2500), From: fmt.Sprintf("template%d@example.org", i), Outcome: Applied},
		Mails: []OutMail{{MessageID: fmt.Sprintf("move%d@pbem.example", i), Recipient: fmt.Sprintf("template%d@example.org", i),
			Raw: make([]byte, 12000), Pictures: []Picture{{Ref: fmt.Sprintf("board%d", i), Source: make([]byte, 900)}}}},
	})
	require.NoError(tb, err)
	due, err := s.DueMails(ctx, scaleNow, 10)
	require.NoError(tb, err)
	for _, m := range due {
		require.NoError(tb, s.MarkSent(ctx, m.ID))
	}
	return id
}

// scaleLobby fills, beside the games scaledb.Fill grew, what the lobby
// and the players' commands leave over the years, in the same
// proportions to the games and players: the games started by mail and
// their challenges (one for every four games, most of them started,
// declined or expired, a few pending), the players' vacations, aliases
// and ratings, the games' watchers and chat, the addresses that said
// stop, the confirmations answered and the answers' limits. Their
// statistics then weigh their indexes as production's would.
func scaleLobby(tb testing.TB, db *sql.DB) {
	tb.Helper()
	var first, players int
	require.NoError(tb, db.QueryRow(`SELECT MIN(id), COUNT(*) FROM players WHERE email LIKE 'member%'`).Scan(&first, &players))
	for _, q := range []string{
		`UPDATE games SET created_by = ?1 + (id * 13) % ?2 WHERE id % 3 = 0`,
		`INSERT INTO challenges (game, seed, created_by, created_at, expires_at, status, game_id)
			SELECT g.game, 1, g.created_by, g.created_at, strftime('%Y-%m-%dT%H:%M:%S.000000000Z', g.created_at, '+3 days'),
				CASE WHEN g.id % 12 = 0 THEN 'started' WHEN g.id % 4 = 1 THEN 'declined' ELSE 'expired' END,
				CASE WHEN g.id % 12 = 0 THEN g.id END
			FROM games g WHERE g.created_by IS NOT NULL AND g.id % 4 <> 2`,
		`UPDATE challenges SET status = 'pending', expires_at = '2026-12-05T00:00:00.000000000Z' WHERE id % 100 = 0`,
		`INSERT INTO challenge_seats (challenge_id, seat, player_id, address, accepted_at)
			SELECT c.id, 0, c.created_by, p.email, c.created_at FROM challenges c JOIN players p ON p.id = c.created_by`,
		`INSERT INTO challenge_seats (challenge_id, seat, player_id, address, accepted_at, declined_at)
			SELECT c.id, 1, p.id, p.email, CASE WHEN c.status = 'started' THEN c.created_at END,
				CASE WHEN c.status = 'declined' THEN c.created_at END
			FROM challenges c JOIN players p ON p.id = ?1 + (c.id * 17) % ?2`,
		`INSERT INTO vacations (player_id, started_at, ends_at)
			SELECT id, '2025-07-01T00:00:00.000000000Z', '2025-07-15T00:00:00.000000000Z' FROM players WHERE id % 2 = 0`,
		`INSERT INTO player_aliases (address, player_id) SELECT 'alias' || id || '@club.example', id FROM players WHERE id % 10 = 0`,
		`INSERT INTO ratings (game, player_id, rating, games, wins, updated_at)
			SELECT t.game, p.id, 1500 + p.id % 300, 10, 5, '2026-01-01T00:00:00.000000000Z'
			FROM players p JOIN (SELECT 'amplitude' AS game UNION ALL SELECT 'ludicitude') t`,
		`INSERT INTO watchers (game_id, address, added_at) SELECT id, 'fan' || (id % 500) || '@club.example', created_at FROM games WHERE id % 20 = 0`,
		`INSERT INTO chat (game_id, seat, text, created_at) SELECT id, 0, 'good game', created_at FROM games WHERE id % 5 = 0`,
		`INSERT INTO silenced (address, since) SELECT 'gone' || id || '@club.example', '2026-01-01T00:00:00.000000000Z' FROM players WHERE id % 50 = 0`,
		`INSERT INTO confirmations (token_hash, kind, address, player_id, created_at, expires_at, used_at)
			SELECT 'hash' || id, 'signup', email, id, created_at, created_at, created_at FROM players`,
		`INSERT INTO reply_limits (key, sent_at, window_start, sent)
			SELECT 'stranger:someone' || id || '@elsewhere.example', received_at, received_at, 1 FROM inbound_mails WHERE outcome = 'ignored'`,
		`INSERT INTO reply_limits (key, sent_at, window_start, sent)
			SELECT 'status:' || id || ':0', updated_at, updated_at, 1 FROM games WHERE id % 3 = 1`,
	} {
		var args []any
		if strings.Contains(q, "?") {
			args = []any{first, players}
		}
		_, err := db.Exec(q, args...)
		require.NoError(tb, err, q)
	}
}
