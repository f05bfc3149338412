package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGameListPages: game list shows the newest games first, --limit of
// them (50 by default), in one status or of one type; --json keeps its
// fields; a wrong flag is a usage error.
func TestGameListPages(t *testing.T) {
	db := filepath.Join(t.TempDir(), "pbem.db")
	newGame := func(args ...string) string {
		return strings.TrimSpace(ok(t, db, append([]string{"game", "new"}, args...)...))
	}
	newGame("amplitude", "--player", "ann@example.org:Ann", "--player", "bob@example.org", "--seed", "1")        // 1 active
	newGame("chiffres", "--player", "ann@example.org", "--player", "bob@example.org", "--seed", "2")             // 2 active
	newGame("chiffres", "--bot", "R1", "--bot", "R2", "--seed", "3")                                             // 3 finished
	aborted := newGame("amplitude", "--player", "ann@example.org", "--player", "bob@example.org", "--seed", "4") // 4 aborted
	ok(t, db, "game", "abort", aborted)

	list := func(args ...string) []gameSummary {
		t.Helper()
		var out []gameSummary
		require.NoError(t, json.Unmarshal([]byte(ok(t, db, append([]string{"game", "list", "--json"}, args...)...)), &out))
		return out
	}
	ids := func(games []gameSummary) []int64 {
		var out []int64
		for _, g := range games {
			out = append(out, g.ID)
		}
		return out
	}
	all := list()
	assert.Equal(t, []int64{4, 3, 2, 1}, ids(all))
	assert.Equal(t, gameSummary{ID: 1, Game: "amplitude", Status: "active", MoveNumber: 0, Players: []string{"Ann", "bob@example.org"}, Updated: all[3].Updated}, all[3])
	assert.Equal(t, []int64{4, 3}, ids(list("--limit", "2")))
	assert.Equal(t, []int64{2, 1}, ids(list("--status", "active")))
	assert.Equal(t, []int64{3, 2}, ids(list("--game", "chiffres")))
	assert.Equal(t, []int64{3}, ids(list("--game", "chiffres", "--status", "finished")))
	assert.Empty(t, list("--game", "ludicitude"))
	assert.Equal(t, "[]\n", ok(t, db, "game", "list", "--json", "--status", "aborted", "--game", "chiffres"), "an empty list is [], not null")

	table := ok(t, db, "game", "list", "--limit", "1")
	assert.Equal(t, 2, strings.Count(table, "\n"), table)
	assert.Contains(t, table, "aborted")

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--status", "won"}, "--status is active, finished or aborted"},
		{[]string{"--game", "chess"}, `there is no game "chess"`},
		{[]string{"--limit", "-1"}, "--limit is a number of games"},
	} {
		r := pbemDB(t, db, append([]string{"game", "list"}, c.args...)...)
		assert.Equal(t, 2, r.code, c.args)
		assert.Contains(t, r.stderr, c.want)
	}
}
