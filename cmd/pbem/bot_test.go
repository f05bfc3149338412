package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBotMatchJSON plays a short match and reads its JSON: both sides'
// counts add up to the games, a's score and its interval agree, and the
// times are there.
func TestBotMatchJSON(t *testing.T) {
	t.Parallel()
	r := pbem(t, "bot", "match", "amplitude", "--a", "greedy", "--b", "random", "--games", "2", "--json")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Empty(t, r.stderr, "no progress line off a terminal")
	var got matchJSON
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &got), r.stdout)
	assert.Equal(t, "amplitude", got.Game)
	assert.Equal(t, 2, got.Games)
	assert.Equal(t, uint64(1), got.Seed, "the default seed")
	assert.Equal(t, 2000, got.MaxMoves)
	assert.Equal(t, "greedy", got.A.Player)
	assert.Equal(t, "random", got.B.Player)
	for _, s := range []sideJSON{got.A, got.B} {
		assert.Equal(t, 2, s.Wins+s.Draws+s.Losses, s.Player)
		assert.Positive(t, s.Moves, s.Player)
		assert.Positive(t, s.MeanMove, s.Player)
		assert.GreaterOrEqual(t, s.MaxMove, s.MeanMove, s.Player)
	}
	assert.Equal(t, got.A.Wins, got.B.Losses)
	assert.InDelta(t, float64(got.A.Moves+got.B.Moves)/2, got.MeanLength, 0.01)
	assert.InDelta(t, (float64(got.A.Wins)+float64(got.A.Draws)/2)/2, got.Score, 1e-9)
	assert.LessOrEqual(t, got.Low, got.Score)
	assert.GreaterOrEqual(t, got.High, got.Score)
	assert.Less(t, got.Low, got.High)
	assert.Zero(t, got.Capped)

}

// TestBotMatchText: a line a side under a header, a's score, and what the
// players are.
func TestBotMatchText(t *testing.T) {
	t.Parallel()
	r := pbem(t, "bot", "match", "chiffres", "--a", "normal", "--b", "blocker", "--games", "3", "--seed", "5")
	require.Equal(t, 0, r.code, r.stderr)
	for _, want := range []string{
		"Chiffres: 3 games from seed 5",
		"SIDE  PLAYER",
		"\na     level:normal  ",
		"\nb     blocker       ",
		"a scores ",
		"95% confidence interval",
		"a moved first in 2 games; a game lasted 48.0 moves on average; 0 reached the 2000-move cap",
		"\ngreedy   the move",
	} {
		assert.Contains(t, r.stdout, want)
	}
}

// TestBotMatchUsage: a wrong command line exits 2, saying what is wrong.
func TestBotMatchUsage(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"chess", "--a", "random", "--b", "random"}, `no game "chess"`},
		{[]string{"chiffres", "--a", "expert", "--b", "random"}, `--a: "expert" is not a player`},
		{[]string{"chiffres", "--a", "random"}, "--a and --b"},
		{[]string{"chiffres", "--a", "random", "--b", "random", "--games", "0"}, "--games"},
		{[]string{"chiffres", "--a", "random", "--b", "random", "--option", "bag"}, "KEY=VALUE"},
		{[]string{"ludicitude", "--a", "random", "--b", "random", "--option", "bot_nodes=3"}, "bot_nodes"},
	} {
		r := pbem(t, append([]string{"bot", "match"}, c.args...)...)
		assert.Equal(t, exitUsage, r.code, "%q", c.args)
		assert.Contains(t, r.stderr, c.says, "%q", c.args)
		assert.Empty(t, r.stdout, "%q", c.args)
	}
}

// TestBotSeats plays a few games of three seats: a line a seat, and in
// JSON the seats' wins add up to the games (Chiffres always has a winner).
func TestBotSeats(t *testing.T) {
	t.Parallel()
	r := pbem(t, "bot", "seats", "chiffres", "--seats", "3", "--games", "4", "--seed", "2")
	require.Equal(t, 0, r.code, r.stderr)
	for _, want := range []string{"Chiffres: 4 games of 3 seats from seed 2, greedy in every seat", "SEAT  WINS", "\n3     ", "0 reached the 2000-move cap"} {
		assert.Contains(t, r.stdout, want)
	}
	r = pbem(t, "bot", "seats", "chiffres", "--seats", "3", "--games", "4", "--seed", "2", "--json")
	require.Equal(t, 0, r.code, r.stderr)
	var got seatsJSON
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &got), r.stdout)
	require.Len(t, got.BySeat, 3)
	total := 0.0
	for _, s := range got.BySeat {
		total += s.Wins
		assert.LessOrEqual(t, s.Low, s.Share)
	}
	assert.InDelta(t, 4, total, 0.02)
	r = pbem(t, "bot", "seats", "chiffres", "--seats", "5")
	assert.Equal(t, 2, r.code, "Chiffres is played by 2 to 4")
}
