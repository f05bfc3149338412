package server

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/lang"
	"pbem/server/core"
	"pbem/store"
)

// A computer's move says why it chose it, in a line of the mails that
// tell it, in each reader's language: kept with the move, it reaches the
// mail even when the mail is written after another computer's move, from
// the moves stored.
func TestComputerMovesSayWhyInTheMails(t *testing.T) {
	ctx := context.Background()
	srv, st := newTestServer(t)
	annInFrench(t, srv, st)
	id, err := srv.Create(ctx, core.NewGame{Game: "amplitude", Seed: seed(5), Players: players("ann", "bob"),
		Bots: []string{"Robot", "Droid:strong"}})
	require.NoError(t, err)

	// The deal has the computers start: their first poses are told by
	// the invitations.
	for range 2 { // Ann, then Bob, whom both computers answer
		email, text, ok := nextMove(t, srv, id)
		require.True(t, ok)
		_, err := srv.Play(ctx, id, email, text, "")
		require.NoError(t, err)
	}
	moves, err := st.Moves(ctx, id)
	require.NoError(t, err)
	require.Len(t, moves, 6)
	require.Equal(t, []int{2, 3, 0, 1, 2, 3}, []int{moves[0].Seat, moves[1].Seat, moves[2].Seat, moves[3].Seat, moves[4].Seat, moves[5].Seat})
	for _, m := range moves[2:4] {
		assert.True(t, m.Why.IsZero(), "a player's move says nothing: %s", m.Why)
	}
	told := func(email string, n int) string {
		mails := mailsOf(t, st, id, email)
		if n < 0 {
			n += len(mails)
		}
		return flat(mails[n].text)
	}
	for _, c := range []struct {
		what  string
		moves []store.Move
		n     int // the mail that tells them
	}{
		{"the invitations", moves[:2], 0},
		{"the turn mails", moves[4:], -1},
	} {
		for _, m := range c.moves {
			require.False(t, m.Why.IsZero(), "the computer's pose %s says why", m.Notation)
			en, fr := m.Why.In(lang.English), m.Why.In(lang.French)
			assert.NotEqual(t, en, fr)
			assert.Contains(t, told("bob@example.org", c.n), flat(en), c.what)
			assert.Contains(t, told("ann@example.org", c.n), flat(fr), c.what)
			assert.NotContains(t, told("ann@example.org", c.n), flat(en), c.what)
		}
	}
}
