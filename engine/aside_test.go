package engine_test

import (
	"pbem/lang"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
)

// TestAsideActions: in every game, a draw offer and its refusal leave the
// turn where it was and say so (they take no move number), a move takes
// the turn, and a resignation out of turn is aside too.
func TestAsideActions(t *testing.T) {
	for _, g := range []engine.Game{amplitude.Game{}, chiffres.Game{}, ludicitude.Game{}} {
		t.Run(g.ID(), func(t *testing.T) {
			seats := 2
			if g.ID() != "ludicitude" {
				seats = 3 // a resignation out of turn leaves a game going
			}
			st, err := g.New(engine.Options{}, 1, seats)
			require.NoError(t, err)
			mover := st.ToMove()
			other := (mover + 1) % seats
			play := func(seat int, text string) engine.Outcome {
				t.Helper()
				m, err := g.Parse(text)
				require.NoError(t, err, text)
				next, out, err := st.Apply(seat, m)
				require.NoError(t, err, text)
				st = next
				return out
			}
			assert.True(t, play(mover, "draw").Aside, "a draw offer")
			assert.Equal(t, mover, st.ToMove(), "the offer leaves the turn")
			assert.True(t, play(other, "decline").Aside, "its refusal")
			m, err := st.BotMove(mover)
			require.NoError(t, err)
			next, out, err := st.Apply(mover, m)
			require.NoError(t, err)
			assert.False(t, out.Aside, "a move takes the turn")
			st = next
			if seats > 2 {
				idle := (st.ToMove() + 1) % seats
				assert.True(t, play(idle, "resign").Aside, "a resignation out of turn")
				assert.False(t, play(st.ToMove(), "resign").Aside, "a resignation in turn passes it")
			}
		})
	}
}

// TestTimeoutMoves: the moves the server plays when a clock runs out read
// back from their notation; "timeout" passes the turn where the game has
// passes (even when a token would fit), "timeout forfeit" makes the player
// to move leave; neither may be played for a seat not to move.
func TestTimeoutMoves(t *testing.T) {
	for _, c := range []struct {
		game   engine.Game
		passes bool
	}{{amplitude.Game{}, true}, {chiffres.Game{}, true}, {ludicitude.Game{}, false}} {
		t.Run(c.game.ID(), func(t *testing.T) {
			st, err := c.game.New(engine.Options{}, 2, 2)
			require.NoError(t, err)
			mover := st.ToMove()
			pass, err := c.game.Parse("timeout")
			if !c.passes {
				assert.Error(t, err, "no passes: no timeout pass")
			} else {
				require.NoError(t, err)
				assert.Equal(t, "timeout", pass.String())
				_, _, err = st.Apply(1-mover, pass)
				assert.Error(t, err, "not the player to move")
				next, out, err := st.Apply(mover, pass)
				require.NoError(t, err)
				assert.Equal(t, "timeout", out.Move)
				assert.Equal(t, 1-mover, next.ToMove(), "the turn passes")
				assert.Contains(t, lang.All(out.Events, lang.English)[0], "ran out of time")
			}
			forfeit, err := c.game.Parse("timeout forfeit")
			require.NoError(t, err)
			assert.Equal(t, "timeout forfeit", forfeit.String())
			_, _, err = st.Apply(1-mover, forfeit)
			assert.Error(t, err, "not the player to move")
			next, out, err := st.Apply(mover, forfeit)
			require.NoError(t, err)
			assert.False(t, out.Aside)
			assert.True(t, next.Over(), "two players: the other wins")
			assert.Equal(t, []int{1 - mover}, next.Winners())
		})
	}
}
