package store

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A computer seat keeps the level it plays at; a seat created without one
// plays normal ("").
func TestBotLevelKept(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	g := sampleGame()
	g.Seats = append(g.Seats, NewSeat{Bot: "Strong Robot", BotLevel: "strong"})
	id, err := s.CreateGame(ctx, g)
	require.NoError(t, err)
	got, err := s.Game(ctx, id)
	require.NoError(t, err)
	require.Len(t, got.Seats, 3)
	assert.Equal(t, "", got.Seats[1].BotLevel)
	assert.Equal(t, "Strong Robot", got.Seats[2].Bot)
	assert.Equal(t, "strong", got.Seats[2].BotLevel)
}
