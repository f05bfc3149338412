package store

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func fixedClock() func() time.Time {
	t := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	return func() time.Time { return t }
}

func openTemp(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "pbem.db")
	s, err := Open(context.Background(), path, fixedClock())
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s, path
}

func sampleGame() NewGame {
	return NewGame{
		Type: "amplitude", Options: map[string]string{"forbidden": "on"}, Seed: 1<<63 + 5,
		Secret: []byte("secret"), State: []byte(`{"start":true}`),
		Seats: []NewSeat{{Email: "alice@example.org", Name: "Alice"}, {Bot: "Robot"}},
	}
}

func TestMigrateFromEmptyFile(t *testing.T) {
	s, _ := openTemp(t)
	v, err := s.SchemaVersion(context.Background())
	require.NoError(t, err)
	assert.Equal(t, len(migrations), v)
	assert.GreaterOrEqual(t, v, 2)
}

// TestMigrateFromFirstVersion builds a database at schema version 1 with a
// game in it, then opens it as pbem does: it is upgraded in place and the
// game is intact.
func TestMigrateFromFirstVersion(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	old, err := openRaw(path, fixedClock())
	require.NoError(t, err)
	require.NoError(t, old.migrate(ctx, 1))
	id, err := old.CreateGame(ctx, sampleGame())
	require.NoError(t, err)
	_, err = old.db.Exec(`SELECT 1 FROM outbox`)
	require.Error(t, err, "version 1 has no outbox")
	require.NoError(t, old.Close())

	s, err := Open(ctx, path, fixedClock())
	require.NoError(t, err)
	defer s.Close()
	v, err := s.SchemaVersion(ctx)
	require.NoError(t, err)
	assert.Equal(t, len(migrations), v)
	g, err := s.Game(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "amplitude", g.Type)
	assert.Equal(t, uint64(1<<63+5), g.Seed)
	assert.Len(t, g.Seats, 2)
	pending, err := s.PendingMails(ctx, id)
	require.NoError(t, err)
	assert.Empty(t, pending)
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	s, path := openTemp(t)
	_, err := s.db.Exec(`PRAGMA user_version = 99`)
	require.NoError(t, err)
	s.Close()
	_, err = Open(context.Background(), path, nil)
	require.ErrorContains(t, err, "newer")
}

func TestGameRoundTrip(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	id, err := s.CreateGame(ctx, sampleGame())
	require.NoError(t, err)
	g, err := s.Game(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, StatusActive, g.Status)
	assert.Equal(t, map[string]string{"forbidden": "on"}, g.Options)
	assert.Equal(t, []Seat{
		{Seat: 0, PlayerID: g.Seats[0].PlayerID, Email: "alice@example.org", Name: "Alice"},
		{Seat: 1, Bot: "Robot"},
	}, g.Seats)
	assert.Equal(t, "Alice", g.Seats[0].Label())

	_, err = s.Game(ctx, id+1)
	require.ErrorIs(t, err, ErrNotFound)

	require.NoError(t, s.AddAlias(ctx, "alice@example.org", "alice@work.example"))
	pid, err := s.PlayerID(ctx, "ALICE@work.example")
	require.NoError(t, err)
	assert.Equal(t, g.Seats[0].PlayerID, pid)
}

func TestCommitMovesIsAllOrNothing(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	id, err := s.CreateGame(ctx, sampleGame())
	require.NoError(t, err)
	c := Commit{
		GameID: id, From: 0, State: []byte("after"), Status: StatusActive,
		Moves: []Move{{Seat: 0, Text: "pass", Notation: "pass", Events: []string{"passed"}, State: []byte("after")}},
		Mails: []OutMail{{MessageID: "1@pbem", Recipient: "alice@example.org", Raw: []byte("Subject: s\r\n\r\nb\r\n")}},
	}
	require.NoError(t, s.CommitMoves(ctx, c))
	require.ErrorIs(t, s.CommitMoves(ctx, c), ErrConflict, "the same move twice")

	// A mail that cannot be queued (a Message-ID already used) undoes the move.
	c2 := c
	c2.From = 1
	require.Error(t, s.CommitMoves(ctx, c2))
	g, err := s.Game(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, 1, g.MoveNumber)
	moves, err := s.Moves(ctx, id)
	require.NoError(t, err)
	require.Len(t, moves, 1)
	assert.Equal(t, []string{"passed"}, moves[0].Events)
}

// crashEnv makes the test binary, run again, open a database, start a
// transaction, write, and die by SIGKILL before it commits.
const crashEnv = "PBEM_STORE_CRASH_DB"

func TestMain(m *testing.M) {
	if path := os.Getenv(crashEnv); path != "" {
		crashMidTransaction(path)
	}
	os.Exit(m.Run())
}

func crashMidTransaction(path string) {
	ctx := context.Background()
	s, err := Open(ctx, path, nil)
	if err != nil {
		os.Exit(3)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		os.Exit(4)
	}
	if _, err := tx.Exec(`UPDATE games SET state = 'half', move_number = 7`); err != nil {
		os.Exit(5)
	}
	if _, err := tx.Exec(`INSERT INTO moves (game_id, number, seat, text, notation, state, created_at) SELECT id, 1, 0, 'x', 'x', 'half', 'now' FROM games`); err != nil {
		os.Exit(6)
	}
	syscall.Kill(os.Getpid(), syscall.SIGKILL)
	select {}
}

func TestCrashMidTransactionKeepsPreviousState(t *testing.T) {
	ctx := context.Background()
	s, path := openTemp(t)
	id, err := s.CreateGame(ctx, sampleGame())
	require.NoError(t, err)
	before, err := s.Game(ctx, id)
	require.NoError(t, err)

	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), crashEnv+"="+path)
	err = cmd.Run()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	require.Equal(t, syscall.SIGKILL, exit.Sys().(syscall.WaitStatus).Signal(), "the child must die mid-transaction")

	require.NoError(t, s.Close())
	s2, err := Open(ctx, path, fixedClock())
	require.NoError(t, err)
	defer s2.Close()
	after, err := s2.Game(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, before, after)
	moves, err := s2.Moves(ctx, id)
	require.NoError(t, err)
	assert.Empty(t, moves)
}
