package engine_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// botPlayed is g's game from seed after n moves of its normal computer,
// not over: a position with choices and hidden tokens.
func botPlayed(t *testing.T, g engine.Game, opts engine.Options, seed uint64, n int) engine.State {
	t.Helper()
	st, err := g.New(opts, seed, 2)
	require.NoError(t, err)
	for range n {
		m, err := st.BotMove(st.ToMove())
		require.NoError(t, err)
		st, _, err = st.Apply(st.ToMove(), m)
		require.NoError(t, err)
	}
	require.False(t, st.Over())
	return st
}

// A guess looks to the guesser as the position does and redeals what it
// cannot see: rendered for the guessing seat it reads the same, for the
// other seat it differs with some draws (where the game hides tokens),
// and two positions that look alike to the guesser give the same guesses
// from one draw: a guess depends on nothing the guesser cannot see.
func TestGuessesLookAlikeToTheGuesser(t *testing.T) {
	hides := map[string]bool{"amplitude": true, "chiffres": true} // Ludicitude hides nothing
	for _, g := range everyGame {
		t.Run(g.game.ID(), func(t *testing.T) {
			st := botPlayed(t, g.game, g.opts, 5, 6)
			seat := st.ToMove()
			mine, theirs := engine.View{Seat: seat}, engine.View{Seat: 1 - seat}
			alike := engine.Guess(st, seat, engine.NewRand(99))
			differs := false
			for k := range uint64(8) {
				guess := engine.Guess(st, seat, engine.NewRand(k))
				assert.Equal(t, st.Render(mine), guess.Render(mine), "draw %d", k)
				assert.Equal(t, st.Scores(), guess.Scores())
				assert.Equal(t, st.ToMove(), guess.ToMove())
				differs = differs || st.Render(theirs) != guess.Render(theirs)
				again := engine.Guess(alike, seat, engine.NewRand(k))
				assert.Equal(t, guess.Render(theirs), again.Render(theirs), "draw %d from a position alike to seat %d", k, seat)
			}
			assert.Equal(t, hides[g.game.ID()], differs, "a guess redeals what seat %d cannot see", seat)
		})
	}
}

// The computer plays on what it may see: at every level its move is the
// same in a position and in any guess of it from its seat, where the
// tokens hidden from it are dealt otherwise.
func TestTheComputerPlaysOnWhatItSees(t *testing.T) {
	for _, g := range everyGame {
		t.Run(g.game.ID(), func(t *testing.T) {
			st := botPlayed(t, g.game, g.opts, 8, 5)
			seat := st.ToMove()
			for _, level := range engine.Levels {
				m, err := engine.BotMoveAt(st, seat, level, 3)
				require.NoError(t, err)
				for k := range uint64(2) {
					guess := engine.Guess(st, seat, engine.NewRand(k))
					again, err := engine.BotMoveAt(guess, seat, level, 3)
					require.NoError(t, err)
					assert.Equal(t, m.String(), again.String(), "%s, with the hidden tokens dealt by draw %d", level, k)
				}
			}
		})
	}
}
