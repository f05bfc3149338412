package match

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/ludicitude"
)

// TestLudicitudeLevels holds Ludicitude's computer to the bars of its
// levels on short matches at a small budget (bot_nodes 4,000, the
// default's 62nd, strong four times it), fixed seeds: normal and strong
// win every game against random and greedy; most games between two
// normal players end with a winner, not by the quiet-turn rule; strong
// wins most of its decisive games against normal, and easy loses most of
// its games to normal. docs/ludicitude.md has the same matches at the
// default budget, over more games.
func TestLudicitudeLevels(t *testing.T) {
	options := engine.Options{"bot_nodes": "4000"}
	for _, c := range []struct {
		a, b  string
		games int
		check func(t *testing.T, r Result)
	}{
		{"normal", "random", 6, winsAll},
		{"strong", "random", 6, winsAll},
		{"normal", "greedy", 6, winsAll},
		{"strong", "greedy", 6, winsAll},
		{"normal", "normal", 8, func(t *testing.T, r Result) {
			assert.GreaterOrEqual(t, r.A.Wins+r.A.Losses, r.Games*8/10, "at least 80%% of the games decisive")
		}},
		{"strong", "normal", 8, func(t *testing.T, r Result) {
			assert.GreaterOrEqual(t, 10*r.A.Wins, 7*(r.A.Wins+r.A.Losses), "strong wins at least 70%% of the decisive games")
		}},
		{"easy", "normal", 6, func(t *testing.T, r Result) {
			assert.Greater(t, 2*r.A.Losses, r.Games, "easy loses most games")
		}},
	} {
		t.Run(c.a+"-"+c.b, func(t *testing.T) {
			t.Parallel()
			a, err := ParsePlayer(c.a)
			require.NoError(t, err)
			b, err := ParsePlayer(c.b)
			require.NoError(t, err)
			r, err := Match{Game: ludicitude.Game{}, Options: options, A: a, B: b, Games: c.games, Seed: 28}.Run()
			require.NoError(t, err)
			t.Logf("%s against %s: %d wins, %d draws, %d losses, %.0f moves a game", c.a, c.b, r.A.Wins, r.A.Draws, r.A.Losses, r.MeanLength())
			c.check(t, r)
		})
	}
}

// winsAll checks that side A won every game.
func winsAll(t *testing.T, r Result) {
	assert.Equal(t, r.Games, r.A.Wins, "A wins every game")
}
