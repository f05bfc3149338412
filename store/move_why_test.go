package store

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/lang"
)

// A computer's move keeps its line of explanation as a message, to be
// rendered in each reader's language; a move without one reads back zero.
func TestMoveWhyRoundTrip(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	id, err := s.CreateGame(ctx, sampleGame())
	require.NoError(t, err)
	why := lang.T("Threatens to capture %s.", lang.List(lang.T("%s (%s)", lang.List("d5"), "c3-c5")))
	require.NoError(t, s.CommitMoves(ctx, Commit{
		GameID: id, From: 0, State: []byte("s2"), Status: StatusActive,
		Moves: []Move{
			{Seat: 0, Text: "pass", Notation: "pass", State: []byte("s1")},
			{Seat: 1, Text: "c3-c5", Notation: "c3-c5", State: []byte("s2"), Why: why},
		},
	}))
	moves, err := s.Moves(ctx, id)
	require.NoError(t, err)
	require.Len(t, moves, 2)
	assert.True(t, moves[0].Why.IsZero(), "a player's move says nothing")
	assert.Equal(t, why, moves[1].Why)
	assert.Equal(t, "Threatens to capture d5 (c3-c5).", moves[1].Why.In(lang.English))
}
