package main

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"

	"pbem/archive"
	"pbem/engine"
	"pbem/engine/amplitude"
)

// pbemDB runs the binary on the database db.
func pbemDB(t *testing.T, db string, args ...string) result {
	t.Helper()
	return pbem(t, append([]string{"--db", db}, args...)...)
}

// ok runs the binary and requires success.
func ok(t *testing.T, db string, args ...string) string {
	t.Helper()
	r := pbemDB(t, db, args...)
	require.Equal(t, 0, r.code, "pbem %q: %s", args, r.stderr)
	return r.stdout
}

func showGame(t *testing.T, db string, args ...string) gameJSON {
	t.Helper()
	var g gameJSON
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, append([]string{"game", "show"}, args...)...)), &g))
	return g
}

// gameRows dumps a game's rows, as stored, for byte-for-byte comparisons.
func gameRows(t *testing.T, db string, id string) string {
	t.Helper()
	conn, err := sql.Open("sqlite", db)
	require.NoError(t, err)
	defer conn.Close()
	var b strings.Builder
	for _, q := range []string{
		"SELECT * FROM games WHERE id = ?", "SELECT * FROM seats WHERE game_id = ?",
		"SELECT * FROM moves WHERE game_id = ? ORDER BY number", "SELECT * FROM outbox WHERE game_id = ? ORDER BY id",
	} {
		rows, err := conn.Query(q, id)
		require.NoError(t, err)
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			require.NoError(t, rows.Scan(ptrs...))
			fmt.Fprintf(&b, "%q\n", vals)
		}
		rows.Close()
	}
	return b.String()
}

// firstPose finds a first pose for a rack: three of its tokens ending on H8
// that some formula makes true.
func firstPose(t *testing.T, rack string) string {
	t.Helper()
	for i := range rack {
		for j := range rack {
			for k := range rack {
				if i == j || j == k || i == k {
					continue
				}
				line := string([]byte{rack[i], rack[j], rack[k]})
				if _, _, found, _ := amplitude.BestFormula(line, false); found {
					return "H8 right " + line
				}
			}
		}
	}
	t.Fatalf("no first pose in rack %s", rack)
	return ""
}

func TestGameLifecycle(t *testing.T) {
	db := filepath.Join(t.TempDir(), "pbem.db")
	id := strings.TrimSpace(ok(t, db, "game", "new", "amplitude", "--player", "ann@example.org:Ann", "--player", "bob@example.org", "--seed", "11"))
	require.Equal(t, "1", id)

	g := showGame(t, db, id, "--json")
	assert.Equal(t, "amplitude", g.Game)
	assert.Equal(t, "active", g.Status)
	assert.Equal(t, 0, g.MoveNumber)
	assert.Empty(t, g.Winners)
	require.Len(t, g.Players, 2)
	assert.Equal(t, "Ann", g.Players[0].Name)
	assert.Len(t, g.Players[0].Rack, 5)
	assert.Len(t, g.Board, 15)
	mover := g.ToMove
	require.Contains(t, []string{"ann@example.org", "bob@example.org"}, mover)
	other := "ann@example.org"
	if mover == other {
		other = "bob@example.org"
	}
	rack := g.Players[0].Rack
	if mover == "bob@example.org" {
		rack = g.Players[1].Rack
	}

	before := gameRows(t, db, id)
	for _, refused := range [][]string{
		{"--as", other, "pass"},
		{"--as", mover, "H8 right 987"},
		{"--as", mover, "#5 pass"},
		{"--as", "eve@example.org", "pass"},
	} {
		r := pbemDB(t, db, "game", "move", id, refused[0], refused[1], refused[2])
		assert.Equal(t, 1, r.code, "%q should be refused", refused)
		assert.NotEmpty(t, r.stderr)
		assert.Equal(t, before, gameRows(t, db, id), "a refused move changes nothing")
	}

	pose := firstPose(t, rack)
	out := ok(t, db, "game", "move", id, "--as", mover, "#1 "+pose)
	assert.Contains(t, out, "H8 right")
	ok(t, db, "game", "move", id, "--as", other, "pass")

	g = showGame(t, db, id, "--json")
	assert.Equal(t, 2, g.MoveNumber)
	assert.Equal(t, mover, g.ToMove)
	at1 := showGame(t, db, id, "--json", "--at", "1")
	assert.Equal(t, 1, at1.MoveNumber)
	assert.Equal(t, other, at1.ToMove)
	at0 := showGame(t, db, id, "--json", "--at", "0")
	assert.Equal(t, strings.Repeat(".", 15), at0.Board[7])
	assert.NotEqual(t, at0.Board[7], at1.Board[7])
	assert.Equal(t, 1, pbemDB(t, db, "game", "show", id, "--at", "9").code)

	hist := ok(t, db, "game", "history", id)
	assert.Contains(t, hist, "ann@example.org")
	assert.Contains(t, hist, "pass")
	var moves []moveJSON
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "game", "history", id, "--json")), &moves))
	require.Len(t, moves, 2)
	assert.Equal(t, mover, moves[0].Player)

	assert.Equal(t, "game 1: ok\n", ok(t, db, "game", "verify", id))
	checkExportRebuilds(t, db, id)
	assert.Contains(t, ok(t, db, "game", "export", id, "--format", "text"), "Moves:")

	// An alias plays as the player.
	ok(t, db, "player", "alias", mover, "phone@example.net")
	assert.Equal(t, 1, pbemDB(t, db, "player", "alias", "nobody@example.org", "x@example.net").code)
	assert.Equal(t, 1, pbemDB(t, db, "player", "alias", other, "phone@example.net").code, "an address belongs to one player")
	ok(t, db, "game", "move", id, "--as", "phone@example.net", "pass")
	assert.Equal(t, 3, showGame(t, db, id, "--json").MoveNumber)

	ok(t, db, "game", "abort", id)
	assert.Equal(t, "aborted", showGame(t, db, id, "--json").Status)
	assert.Equal(t, 1, pbemDB(t, db, "game", "move", id, "--as", mover, "pass").code)
	assert.Equal(t, 1, pbemDB(t, db, "game", "abort", id).code)
}

// checkExportRebuilds replays an export with nothing but the engine: the
// record is enough to rebuild the game anywhere.
func checkExportRebuilds(t *testing.T, db, id string) {
	t.Helper()
	var rec archive.Record
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "game", "export", id)), &rec))
	g, err := engine.NewRegistry(amplitude.Game{}).Lookup(rec.Game)
	require.NoError(t, err)
	st, err := g.New(rec.Options, rec.Seed, len(rec.Players))
	require.NoError(t, err)
	for _, m := range rec.Moves {
		move, err := g.Parse(m.Notation)
		require.NoError(t, err)
		st, _, err = st.Apply(m.Seat, move)
		require.NoError(t, err)
	}
	assert.Equal(t, rec.Result.Scores, st.Scores())
}

func TestGameOfBotsAndVerifyAll(t *testing.T) {
	db := filepath.Join(t.TempDir(), "pbem.db")
	for _, c := range []struct {
		game string
		args []string
	}{
		{"amplitude", []string{"--seed", "1"}},
		{"amplitude", []string{"--seed", "2", "--bot", "R3"}},
		{"chiffres", []string{"--seed", "3", "--bot", "R3", "--bot", "R4"}},
		// A short game on the smallest budget: 165 moves, drawn by repetition.
		{"ludicitude", []string{"--seed", "1737", "--option", "bot_nodes=1000"}},
	} {
		args := append([]string{"game", "new", c.game, "--bot", "R1", "--bot", "R2"}, c.args...)
		id := strings.TrimSpace(ok(t, db, args...))
		g := showGame(t, db, id, "--json")
		assert.Equal(t, c.game, g.Game)
		assert.Equal(t, "finished", g.Status, "a game of bots is over when game new returns")
		assert.Empty(t, g.ToMove)
		assert.NotEmpty(t, g.Board)
		if c.game == "ludicitude" {
			assert.Regexp(t, `^[.#WB123/]+ [wb] \d+/\d+$`, g.Position)
		}
	}
	verify := pbemDB(t, db, "game", "verify", "--all")
	assert.Equal(t, "4 games ok, 0 failed\n", verify.stdout)
	assert.Empty(t, verify.stderr, "no progress line where stderr is no terminal")
	list := ok(t, db, "game", "list")
	assert.Contains(t, list, "finished")
	assert.Contains(t, list, "ludicitude")
}

// TestGameOfEachType plays a first move of each game as a player would.
func TestGameOfEachType(t *testing.T) {
	db := filepath.Join(t.TempDir(), "pbem.db")
	chiffres := strings.TrimSpace(ok(t, db, "game", "new", "chiffres", "--player", "ann@example.org", "--player", "bob@example.org", "--seed", "5", "--option", "bag=0123456789012"))
	g := showGame(t, db, chiffres, "--json")
	assert.Equal(t, "ann@example.org", g.ToMove, "the first seat starts")
	assert.Equal(t, "12345", g.Players[0].Rack)
	r := pbemDB(t, db, "game", "move", chiffres, "--as", "ann@example.org", "1 A1")
	assert.Equal(t, 1, r.code, "A1 is not next to a token")
	assert.Contains(t, r.stderr, "A1")

	ludi := strings.TrimSpace(ok(t, db, "game", "new", "ludicitude", "--player", "white@example.org", "--player", "black@example.org", "--seed", "6"))
	g = showGame(t, db, ludi, "--json")
	assert.Equal(t, ".B1B1B1B1B1./...B1.../......./...#.../......./...W1.../.W1W1W1W1W1. w 0/0", g.Position)
	assert.Contains(t, ok(t, db, "game", "move", ludi, "--as", "white@example.org", "c1-c2"), "c1-c2")
	r = pbemDB(t, db, "game", "move", ludi, "--as", "black@example.org", "d7-d5")
	assert.Equal(t, 1, r.code, "d6 blocks d7")
	assert.Equal(t, 1, showGame(t, db, ludi, "--json").MoveNumber)
	assert.Equal(t, "2 games ok, 0 failed\n", ok(t, db, "game", "verify", "--all"))
}

func TestGameCommandErrors(t *testing.T) {
	db := filepath.Join(t.TempDir(), "pbem.db")
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"game", "new", "chess", "--bot", "a", "--bot", "b"}, 1, "no game"},
		{[]string{"game", "new", "amplitude", "--bot", "a", "--bot", "b", "--option", "forbidden=maybe"}, 1, "forbidden"},
		{[]string{"game", "new", "amplitude", "--bot", "a", "--bot", "b", "--option", "nokey"}, 2, "KEY=VALUE"},
		{[]string{"game", "new", "amplitude", "--bot", "a"}, 1, "2 to 6"},
		{[]string{"game", "new", "amplitude", "--player", "ann@x.org:Ann\r\nBcc: all@x.org", "--bot", "b"}, 1, "control characters such as a line break (U+000D)"},
		{[]string{"game", "new", "amplitude", "--player", "ann@x.org", "--bot", "b\x1b[2J"}, 1, "control characters such as a line break (U+001B)"},
		{[]string{"game", "show", "x"}, 2, "not a game ID"},
		{[]string{"game", "show", "42"}, 1, "no game 42"},
		{[]string{"game", "verify"}, 2, "--all"},
		{[]string{"game", "export", "1", "--format", "xml"}, 2, "json, text or html"},
	} {
		r := pbemDB(t, db, c.args...)
		assert.Equal(t, c.code, r.code, "%q: %s", c.args, r.stderr)
		assert.Contains(t, r.stderr, c.says, "%q", c.args)
	}
}
