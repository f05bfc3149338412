package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"modernc.org/sqlite"

	"pbem/lang"
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

// sampleStored is a fresh store holding sampleGame, and that game as
// loaded: its first seat is Alice's, a player's.
func sampleStored(t *testing.T) (*Store, Game) {
	t.Helper()
	s, _ := openTemp(t)
	id, err := s.CreateGame(context.Background(), sampleGame())
	require.NoError(t, err)
	g, err := s.Game(context.Background(), id)
	require.NoError(t, err)
	return s, g
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
	// The game as version 1 held it, written as pbem wrote it then.
	sample := sampleGame()
	res, err := old.db.Exec(`INSERT INTO games (game, options, seed, secret, state, created_at, updated_at)
		VALUES (?, '{"forbidden":"on"}', ?, ?, ?, ?, ?)`, sample.Type, int64(sample.Seed), sample.Secret, sample.State, old.stamp(), old.stamp())
	require.NoError(t, err)
	id, err := res.LastInsertId()
	require.NoError(t, err)
	res, err = old.db.Exec(`INSERT INTO players (email, name, created_at) VALUES ('alice@example.org', 'Alice', ?)`, old.stamp())
	require.NoError(t, err)
	pid, err := res.LastInsertId()
	require.NoError(t, err)
	_, err = old.db.Exec(`INSERT INTO seats (game_id, seat, player_id) VALUES (?, 0, ?), (?, 1, NULL)`, id, pid, id)
	require.Error(t, err, "a seat is a player or a bot")
	_, err = old.db.Exec(`INSERT INTO seats (game_id, seat, player_id, bot) VALUES (?, 0, ?, NULL), (?, 1, NULL, 'Robot')`, id, pid, id)
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
		{Seat: 0, PlayerID: g.Seats[0].PlayerID, Email: "alice@example.org", Name: "Alice", Mail: MailEvery},
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
		Moves: []Move{{Seat: 0, Text: "pass", Notation: "pass", Events: []lang.Msg{lang.T("%s passes, %d left.", "Seat 1", 3)}, State: []byte("after")}},
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
	assert.Equal(t, []lang.Msg{lang.T("%s passes, %d left.", "Seat 1", 3)}, moves[0].Events, "an event comes back a message, its integer an integer")
}

// crashEnv makes the test binary, run again, open a database, start a
// transaction, write, and die by SIGKILL before it commits.
const crashEnv = "PBEM_STORE_CRASH_DB"

func TestMain(m *testing.M) {
	if path := os.Getenv(crashEnv); path != "" {
		crashMidTransaction(path)
	}
	code := m.Run()
	removeBenchStores()
	os.Exit(code)
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

func TestFileURI(t *testing.T) {
	assert.Equal(t, "file:pbem.db", fileURI("pbem.db"))
	assert.Equal(t, "file:///var/lib/pbem/pbem.db", fileURI("/var/lib/pbem/pbem.db"))
	assert.Equal(t, "file:///a%20b/p%2541%3F%23.db", fileURI("/a b/p%41?#.db"))
	assert.Equal(t, "file:////x.db", fileURI("//x.db"), "no host")
	assert.Equal(t, "file:%C3%A9t%C3%A9.db", fileURI("été.db"))
}

// TestOpenFileNamesAsGiven opens databases whose names hold what a file:
// URI reads specially: each is the file named, and no other file appears.
func TestOpenFileNamesAsGiven(t *testing.T) {
	ctx := context.Background()
	names := []string{"pct%41.db", "what?.db", "hash#1.db", "with space.db", "all %2F?x=1#y z%.db"}
	check := func(t *testing.T, dir, path, name string) {
		s, err := Open(ctx, path, fixedClock())
		require.NoError(t, err)
		id, err := s.CreateGame(ctx, sampleGame())
		require.NoError(t, err)
		require.NoError(t, s.Close())
		entries, err := os.ReadDir(dir)
		require.NoError(t, err)
		var files []string
		for _, e := range entries {
			files = append(files, e.Name())
		}
		assert.Equal(t, []string{name}, files, "the files in the folder")

		s, err = OpenWith(ctx, path, Options{Existing: true})
		require.NoError(t, err, "the database is there")
		defer s.Close()
		g, err := s.Game(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, "amplitude", g.Type)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			check(t, dir, filepath.Join(dir, name), name)
		})
	}
	t.Run("relative", func(t *testing.T) {
		dir := t.TempDir()
		t.Chdir(dir)
		check(t, dir, names[len(names)-1], names[len(names)-1])
	})
}

// TestOpenExistingCreatesNothing: with Existing, a missing or empty file
// or a database without pbem's schema is ErrNoDatabase and stays as it
// was; a pbem database of an older version is brought up to date.
func TestOpenExistingCreatesNothing(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.db")
	_, err := OpenWith(ctx, missing, Options{Existing: true})
	require.ErrorIs(t, err, ErrNoDatabase)
	assert.ErrorContains(t, err, missing)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries, "nothing created")

	empty := filepath.Join(dir, "empty.db")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	_, err = OpenWith(ctx, empty, Options{Existing: true})
	require.ErrorIs(t, err, ErrNoDatabase)
	info, err := os.Stat(empty)
	require.NoError(t, err)
	assert.Zero(t, info.Size())

	other := filepath.Join(dir, "other.db")
	db, err := sql.Open("sqlite", other)
	require.NoError(t, err)
	_, err = db.Exec(`CREATE TABLE notes (text TEXT)`)
	require.NoError(t, err)
	require.NoError(t, db.Close())
	_, err = OpenWith(ctx, other, Options{Existing: true})
	require.ErrorIs(t, err, ErrNoDatabase)

	old := filepath.Join(dir, "old.db")
	s, err := openRaw(old, nil)
	require.NoError(t, err)
	require.NoError(t, s.migrate(ctx, 1))
	require.NoError(t, s.Close())
	s, err = OpenWith(ctx, old, Options{Existing: true})
	require.NoError(t, err)
	defer s.Close()
	v, err := s.SchemaVersion(ctx)
	require.NoError(t, err)
	assert.Equal(t, len(migrations), v)
}

// checked is CheckIntegrity as an error, for the tests: ErrCorrupt with
// SQLite's findings and the file's path when a page is damaged.
func checked(ctx context.Context, s *Store) error {
	r, err := s.CheckIntegrity(ctx, "")
	if err != nil {
		return err
	}
	if !r.OK {
		return fmt.Errorf("check database %s: %w: %s", s.path, ErrCorrupt, strings.Join(r.Findings, "; "))
	}
	return nil
}

// damagePage overwrites page n (from 1) of the database file at path with
// noise.
func damagePage(t *testing.T, path string, n int) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	const pageSize = 4096
	require.GreaterOrEqual(t, len(data), n*pageSize)
	for i := (n - 1) * pageSize; i < n*pageSize; i++ {
		data[i] = byte(i*7919 + 13)
	}
	require.NoError(t, os.WriteFile(path, data, 0o644))
}

// TestDamageIsErrCorrupt: the errors of a damaged database, wherever the
// damage is met, are ErrCorrupt (and still the driver's error, with its
// code), never ErrNotFound.
func TestDamageIsErrCorrupt(t *testing.T) {
	ctx := context.Background()
	s, path := openTemp(t)
	id, err := s.CreateGame(ctx, sampleGame())
	require.NoError(t, err)
	require.NoError(t, checked(ctx, s), "a sound database")
	var gamesRoot int
	require.NoError(t, s.db.QueryRow(`SELECT rootpage FROM sqlite_schema WHERE name = 'games'`).Scan(&gamesRoot))
	require.NoError(t, s.Close())

	damagePage(t, path, gamesRoot)
	s, err = Open(ctx, path, nil)
	require.NoError(t, err, "the schema is intact")
	defer s.Close()
	_, err = s.Game(ctx, id)
	require.ErrorIs(t, err, ErrCorrupt)
	assert.NotErrorIs(t, err, ErrNotFound)
	var se *sqlite.Error
	require.ErrorAs(t, err, &se)
	assert.Equal(t, 11, se.Code()&0xff, "SQLITE_CORRUPT")
	_, err = s.Games(ctx)
	require.ErrorIs(t, err, ErrCorrupt)
	err = checked(ctx, s)
	require.ErrorIs(t, err, ErrCorrupt)
	assert.ErrorContains(t, err, path)

	garbage := filepath.Join(t.TempDir(), "garbage.db")
	require.NoError(t, os.WriteFile(garbage, make([]byte, 8192), 0o644))
	damagePage(t, garbage, 1)
	for _, o := range []Options{{}, {Existing: true}} {
		_, err = OpenWith(ctx, garbage, o)
		require.ErrorIs(t, err, ErrCorrupt)
		require.ErrorAs(t, err, &se)
		assert.Equal(t, 26, se.Code()&0xff, "SQLITE_NOTADB")
		assert.ErrorContains(t, err, garbage)
	}
	assert.False(t, errors.Is(classify(errors.New("database disk image is malformed")), ErrCorrupt), "the text alone is no code")
}

// TestBusyTimeout: a write waits BusyTimeout for another connection's
// lock, then fails.
func TestBusyTimeout(t *testing.T) {
	ctx := context.Background()
	s, path := openTemp(t)
	other, err := OpenWith(ctx, path, Options{BusyTimeout: 200 * time.Millisecond})
	require.NoError(t, err)
	defer other.Close()
	conn, err := s.db.Conn(ctx)
	require.NoError(t, err)
	defer conn.Close()
	_, err = conn.ExecContext(ctx, `BEGIN EXCLUSIVE`)
	require.NoError(t, err)
	start := time.Now()
	_, err = other.CreateGame(ctx, sampleGame())
	require.Error(t, err)
	took := time.Since(start)
	assert.GreaterOrEqual(t, took, 200*time.Millisecond)
	assert.Less(t, took, 5*time.Second)
	_, err = conn.ExecContext(ctx, `ROLLBACK`)
	require.NoError(t, err)
}

// Processes that open a new database at the same moment (the daemon and an
// MTA's ingest, two ingests) migrate it once between them: each migration
// reads the version again under the write lock.
func TestMigrateConcurrently(t *testing.T) {
	ctx := context.Background()
	for round := range 3 {
		path := filepath.Join(t.TempDir(), fmt.Sprintf("new%d.db", round))
		stores := make([]*Store, 4)
		for i := range stores {
			s, err := openRaw(path, fixedClock())
			require.NoError(t, err)
			t.Cleanup(func() { s.Close() })
			stores[i] = s
		}
		errs := make(chan error, len(stores))
		for _, s := range stores {
			go func() { errs <- s.migrate(ctx, len(migrations)) }()
		}
		for range stores {
			require.NoError(t, <-errs)
		}
		v, err := stores[0].SchemaVersion(ctx)
		require.NoError(t, err)
		assert.Equal(t, len(migrations), v)
	}
}
