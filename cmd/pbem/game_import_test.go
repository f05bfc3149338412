package main

import (
	"database/sql"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/archive"
)

// exportFile writes game id's JSON export to a file and returns its path
// and its record.
func exportFile(t *testing.T, db, id string) (string, archive.Record) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game-"+id+".json")
	ok(t, db, "game", "export", id, "-o", path)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	var rec archive.Record
	require.NoError(t, dec.Decode(&rec), "the export holds the archive's fields and no other")
	return path, rec
}

// outboxOf counts the mails queued for game id.
func outboxOf(t *testing.T, db, id string) int {
	t.Helper()
	conn, err := sql.Open("sqlite", db)
	require.NoError(t, err)
	defer conn.Close()
	var n int
	require.NoError(t, conn.QueryRow("SELECT COUNT(*) FROM outbox WHERE game_id = ?", id).Scan(&n))
	return n
}

// humanGame is an Amplitude game between Ann and Bob, with a clock, two
// moves in: it goes on. Bob is unnamed but for bob, which is his name.
func humanGame(t *testing.T, db string, bob ...string) string {
	t.Helper()
	id := strings.TrimSpace(ok(t, db, "game", "new", "amplitude", "--player", "ann@example.org:Ann", "--player", strings.Join(append([]string{"bob@example.org"}, bob...), ":"), "--seed", "11", "--option", "clock=72h"))
	g := showGame(t, db, id, "--json")
	mover, other, rack := g.Players[0].Email, g.Players[1].Email, g.Players[0].Rack
	if g.ToMove != mover {
		mover, other, rack = other, mover, g.Players[1].Rack
	}
	ok(t, db, "game", "move", id, "--as", mover, "#1 "+firstPose(t, rack))
	ok(t, db, "game", "move", id, "--as", other, "pass")
	return id
}

// TestGameExportImportEachType exports a game of each type, imports it,
// verifies the new game and exports it again: the same record but for
// the ID. The import queues no mail.
func TestGameExportImportEachType(t *testing.T) {
	db := filepath.Join(t.TempDir(), "pbem.db")
	games := map[string]string{
		"amplitude":  strings.TrimSpace(ok(t, db, "game", "new", "amplitude", "--bot", "R1", "--bot", "R2", "--seed", "1")),
		"chiffres":   strings.TrimSpace(ok(t, db, "game", "new", "chiffres", "--bot", "R1", "--bot", "R2", "--bot", "R3", "--seed", "3")),
		"ludicitude": strings.TrimSpace(ok(t, db, "game", "new", "ludicitude", "--bot", "R1", "--bot", "R2", "--seed", "1737", "--option", "bot_nodes=1000")),
		"players":    humanGame(t, db),
	}
	for name, id := range games {
		t.Run(name, func(t *testing.T) {
			path, rec := exportFile(t, db, id)
			require.NotEmpty(t, rec.Moves)
			newID := strings.TrimSpace(ok(t, db, "game", "import", path))
			require.NotEqual(t, id, newID, "an import is a new game")
			assert.Equal(t, "game "+newID+": ok\n", ok(t, db, "game", "verify", newID))
			_, again := exportFile(t, db, newID)
			rec.ID, again.ID = 0, 0
			assert.Equal(t, rec, again, "the imported game's export is the original's but for the ID")
			assert.Zero(t, outboxOf(t, db, newID), "an import sends no mail")
			orig, imported := showGame(t, db, id, "--json"), showGame(t, db, newID, "--json")
			assert.Equal(t, orig.Board, imported.Board)
			assert.Equal(t, orig.ToMove, imported.ToMove)
			assert.Equal(t, orig.Status, imported.Status)
		})
	}

	// An imported game that goes on is played on as the original: the same
	// move gives the same board in both, and both still verify.
	orig := games["players"]
	path, _ := exportFile(t, db, orig)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	cmd := exec.Command(binary, "--db", db, "game", "import", "-")
	cmd.Stdin = strings.NewReader(string(data))
	out, err := cmd.Output()
	require.NoError(t, err, "game import - reads stdin")
	copyID := strings.TrimSpace(string(out))
	g := showGame(t, db, copyID, "--json")
	require.Equal(t, "active", g.Status)
	assert.NotEmpty(t, g.Deadline, "the player to move has a clock again")
	for _, id := range []string{orig, copyID} {
		ok(t, db, "game", "move", id, "--as", g.ToMove, "pass")
	}
	assert.Equal(t, showGame(t, db, orig, "--json").Board, showGame(t, db, copyID, "--json").Board)
	for _, id := range []string{orig, copyID} {
		assert.Equal(t, "game "+id+": ok\n", ok(t, db, "game", "verify", id))
	}
}

// TestGameImportRefuses feeds game import files it must refuse: each says
// why on stderr, exits 1 and stores nothing.
func TestGameImportRefuses(t *testing.T) {
	db := filepath.Join(t.TempDir(), "pbem.db")
	_, bots := exportFile(t, db, strings.TrimSpace(ok(t, db, "game", "new", "amplitude", "--bot", "R1", "--bot", "R2", "--seed", "1")))
	_, players := exportFile(t, db, humanGame(t, db))
	good, err := json.Marshal(bots)
	require.NoError(t, err)
	list := ok(t, db, "game", "list")

	// changed is rec, changed by change, as JSON.
	changed := func(rec archive.Record, change func(r *archive.Record)) string {
		r := rec
		r.Moves = append([]archive.Move(nil), rec.Moves...)
		r.Players = append([]archive.Seat(nil), rec.Players...)
		change(&r)
		data, err := json.Marshal(r)
		require.NoError(t, err)
		return string(data)
	}
	for _, c := range []struct {
		name string
		file string
		want string
	}{
		{"a move the engine refuses", changed(bots, func(r *archive.Record) { r.Moves[3].Notation = "A1 right 123" }), `move 4 ("A1 right 123", by seat`},
		{"a score the engine does not give", changed(bots, func(r *archive.Record) { r.Moves[3].Score++ }), "move 4 "},
		{"a move by the wrong seat", changed(bots, func(r *archive.Record) { r.Moves[3].Seat = 1 - r.Moves[3].Seat }), "move 4 "},
		{"a seat the game does not have", changed(bots, func(r *archive.Record) { r.Moves[3].Seat = 5 }), "move 4 is played by seat 5"},
		{"another format", changed(bots, func(r *archive.Record) { r.Format = "pbem-export-9" }), `format "pbem-export-9", which this pbem does not read: it reads "pbem-export-1"`},
		{"no format", changed(bots, func(r *archive.Record) { r.Format = "" }), `no "format" field`},
		{"an unknown game", changed(bots, func(r *archive.Record) { r.Game = "chess" }), "chess"},
		{"a player without an address", changed(players, func(r *archive.Record) { r.Players[1].Email = "" }), "seat 2 (bob@example.org) has no mail address"},
		{"a player's seat on offer", changed(players, func(r *archive.Record) { r.Players[1].OfferedUntil = "2026-12-08 09:00:00Z" }), "seat 2: offered_until is a time, for a seat on offer (bot true)"},
		{"an offer that is no time", changed(bots, func(r *archive.Record) { r.Players[1].OfferedUntil = "soon" }), `seat 2: offered_until is a time, for a seat on offer (bot true): "soon"`},
		{"a result the moves do not give", changed(bots, func(r *archive.Record) { r.Result.Scores = []int{1, 2} }), "the file's result says [1 2]"},
		{"a finished game left going on", changed(bots, func(r *archive.Record) { r.Moves, r.Result.Scores = r.Moves[:5], nil }), "the file says the game is finished, and its moves leave it active"},
		{"not JSON", "From: ann@example.org\n\nH8 right 123\n", "not JSON"},
		{"cut short", string(good[:len(good)/2]), "cut short"},
		{"empty", "", "empty"},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.NotEqual(t, string(good), c.file, "the case changes the file")
			bad := filepath.Join(t.TempDir(), "bad.json")
			require.NoError(t, os.WriteFile(bad, []byte(c.file), 0o644))
			r := pbemDB(t, db, "game", "import", bad)
			assert.Equal(t, 1, r.code, "refused: %s", r.stderr)
			assert.Contains(t, r.stderr, c.want)
			assert.Empty(t, r.stdout)
			assert.Equal(t, list, ok(t, db, "game", "list"), "a refused import stores nothing")
		})
	}
	r := pbemDB(t, db, "game", "import", filepath.Join(t.TempDir(), "missing.json"))
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "no such file")
}
