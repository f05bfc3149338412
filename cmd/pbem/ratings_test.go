package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRatings: two games between Ann and Bob, a win and a draw, give the
// ratings worked out by hand; a game against a computer seat changes none.
func TestRatings(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "pbem.db")
	assert.Equal(t, "[]\n", ok(t, db, "ratings", "--json"), "no rated game yet")

	// Bob resigns: Ann 1500 + 32(1-0.5) = 1516, Bob 1484.
	id := strings.TrimSpace(ok(t, db, "game", "new", "amplitude", "--player", "ann@example.org:Ann", "--player", "bob@example.org", "--seed", "3"))
	ok(t, db, "game", "move", id, "--as", "bob@example.org", "resign")
	// A draw by agreement: E(Ann) = 1/(1+10^((1484-1516)/400)) = 0.545922,
	// Ann 1516 + 32(0.5-0.545922) = 1514.53, Bob 1484 + 1.469502 = 1485.47.
	id = strings.TrimSpace(ok(t, db, "game", "new", "amplitude", "--player", "ann@example.org:Ann", "--player", "bob@example.org", "--seed", "4"))
	ok(t, db, "game", "move", id, "--as", "ann@example.org", "draw")
	ok(t, db, "game", "move", id, "--as", "bob@example.org", "draw")
	// Unrated: a computer seat.
	id = strings.TrimSpace(ok(t, db, "game", "new", "chiffres", "--player", "ann@example.org:Ann", "--bot", "Robot", "--seed", "5"))
	ok(t, db, "game", "move", id, "--as", "ann@example.org", "resign")

	var got []ratingJSON
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "ratings", "--json")), &got))
	assert.Equal(t, []ratingJSON{
		{Game: "amplitude", Player: "ann@example.org", Name: "Ann", Rating: 1514.53, Games: 2, Wins: 1, Draws: 1},
		{Game: "amplitude", Player: "bob@example.org", Rating: 1485.47, Games: 2, Draws: 1, Losses: 1},
	}, got)
	var same []ratingJSON
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "ratings", "amplitude", "--json")), &same))
	assert.Equal(t, got, same)

	table := ok(t, db, "ratings")
	assert.Contains(t, table, "Amplitude\nRANK  PLAYER                 RATING  GAMES  WINS  DRAWS  LOSSES\n"+
		"1     Ann <ann@example.org>  1515    2      1     1      0\n"+
		"2     bob@example.org        1485    2      0     1      1\n")
	assert.Contains(t, table, "\nChiffres\n  no rated game yet\n")
	assert.Contains(t, table, "\nLudicitude\n  no rated game yet\n")
	assert.NotContains(t, ok(t, db, "ratings", "ludicitude"), "Amplitude")

	r := pbemDB(t, db, "ratings", "chess")
	assert.Equal(t, 2, r.code, "an unknown game type is a wrong command line")
	assert.Contains(t, r.stderr, `there is no game "chess"`)
	assert.Equal(t, 2, pbemDB(t, db, "ratings", "amplitude", "chiffres").code)
}
