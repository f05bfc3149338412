package store

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSeatChangesHands: a seat goes on offer, then to a player who takes
// it over; the holders keep the first player, the offer and the new
// player, each from its move, the seat's token moves on, and a change
// read at a stale move is refused.
func TestSeatChangesHands(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	id, err := s.CreateGame(ctx, NewGame{Type: "chiffres", Secret: []byte("k"), State: []byte("s"),
		Seats: []NewSeat{{Email: "ann@example.org", Name: "Ann"}, {Email: "bob@example.org"}, {Email: "cat@example.org"}}})
	require.NoError(t, err)
	_, err = s.CreateGame(ctx, NewGame{Type: "chiffres", Secret: []byte("k"), State: []byte("s"),
		Seats: []NewSeat{{Email: "dan@example.org"}, {Bot: "Robot"}}}) // dan becomes a player
	require.NoError(t, err)
	holders, err := s.Holders(ctx, id)
	require.NoError(t, err)
	assert.Empty(t, holders, "no seat changed hands")

	until := time.Date(2026, 12, 9, 0, 0, 0, 0, time.UTC)
	require.NoError(t, s.ChangeSeat(ctx, SeatChange{GameID: id, From: 0, Seat: 1, OfferedUntil: until, Why: HolderResigned}))
	g, err := s.Game(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, OnOffer, g.Seats[1].Bot)
	assert.Equal(t, until, g.Seats[1].Offered)
	assert.Equal(t, 1, g.Seats[1].TokenGen)
	offered, err := s.OfferedSeats(ctx, time.Time{})
	require.NoError(t, err)
	assert.Equal(t, []OfferedSeat{{GameID: id, Type: "chiffres", Seat: 1, Until: until}}, offered)
	due, err := s.OfferedSeats(ctx, until.Add(-time.Hour))
	require.NoError(t, err)
	assert.Empty(t, due, "not due yet")

	assert.ErrorIs(t, s.ChangeSeat(ctx, SeatChange{GameID: id, From: 4, Seat: 1, Email: "dan@example.org", Why: HolderTakeover}), ErrConflict)
	require.NoError(t, s.ChangeSeat(ctx, SeatChange{GameID: id, From: 0, Seat: 1, Email: "dan@example.org", Why: HolderTakeover}))
	g, err = s.Game(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "dan@example.org", g.Seats[1].Email)
	assert.Equal(t, "", g.Seats[1].Bot)
	assert.True(t, g.Seats[1].Offered.IsZero())
	offered, err = s.OfferedSeats(ctx, time.Time{})
	require.NoError(t, err)
	assert.Empty(t, offered)

	holders, err = s.Holders(ctx, id)
	require.NoError(t, err)
	require.Len(t, holders, 3)
	assert.Equal(t, []string{"bob@example.org", "", "dan@example.org"}, []string{holders[0].Email, holders[1].Email, holders[2].Email})
	assert.Equal(t, []string{HolderStart, HolderResigned, HolderTakeover}, []string{holders[0].Why, holders[1].Why, holders[2].Why})
	assert.True(t, holders[1].Vacant())
	assert.True(t, holders[2].Person())

	require.NoError(t, s.ChangeSeat(ctx, SeatChange{GameID: id, From: 0, Seat: 2, Bot: "Computer", BotLevel: "strong", Why: HolderTimeout, BotToMove: true}))
	g, err = s.Game(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "Computer", g.Seats[2].Bot)
	assert.Equal(t, "strong", g.Seats[2].BotLevel)
	assert.Equal(t, int64(0), g.Seats[2].PlayerID)
	stalled, err := s.StalledGames(ctx)
	require.NoError(t, err)
	assert.Contains(t, stalled, id, "the computer is to move")
}
