package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStatusShowsTheClub: pbem status has a line for a tournament signing
// up, one for a tournament running, none for one over, and one for a
// ladder with its players; --json the same.
func TestStatusShowsTheClub(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "pbem.db")
	assert.Contains(t, ok(t, db, "status"), "tournaments none signing up or running\nladders     none\n")
	ok(t, db, "tournament", "new", "chiffres", "knockout", "--open", "8", "--until", "2030-01-10", "--bot", "easy")
	ok(t, db, "tournament", "new", "chiffres", "round-robin", "--player", "ann@example.org:Ann", "--player", "bob@example.org:Bob", "--bot", "easy")
	ok(t, db, "tournament", "new", "chiffres", "knockout", "--bot", "easy", "--bot", "strong") // over at once
	ok(t, db, "ladder", "new", "amplitude")
	ok(t, db, "ladder", "join", "1", "ann@example.org")
	ok(t, db, "ladder", "join", "1", "bob@example.org")

	got := ok(t, db, "status")
	assert.Contains(t, got, "tournaments #1 chiffres knockout: signing up, 1 of 8 joined, closes 2030-01-11 00:00:00Z\n"+
		"            #2 chiffres round-robin: round 1 of 3, 3 entrants\n"+
		"ladders     amplitude: 2 players, 0 challenges open\n")
	assert.NotContains(t, got, "#3")

	var st statusJSON
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "status", "--json")), &st))
	require.Len(t, st.Tournaments, 2)
	assert.Equal(t, clubTournamentJSON{ID: 2, Game: "chiffres", Format: "round-robin", Status: "running", Round: 1, Rounds: 3, Joined: 3, MaxEntrants: 3}, st.Tournaments[1])
	assert.Equal(t, []clubLadderJSON{{ID: 1, Game: "amplitude", Players: 2}}, st.Ladders)
}
