package store

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/lang"
)

// TestImportGameKeepsTheHistory writes a game and its moves at once: the
// times the archive gave, the turns counted, every move counted as told,
// no mail queued.
func TestImportGameKeepsTheHistory(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	created := time.Date(2025, 6, 1, 10, 0, 0, 0, time.UTC)
	moves := []Move{
		{Seat: 1, Text: "pass", Notation: "pass", State: []byte("s1"), CreatedAt: created.Add(time.Hour), MessageID: "m1@example.org"},
		{Seat: 0, Text: "draw", Notation: "draw", Aside: true, State: []byte("s2"), CreatedAt: created.Add(2 * time.Hour)},
		{Seat: 0, Text: "H8 right 123", Notation: "H8 right 123 1+2=3", Score: 12, Events: []lang.Msg{lang.Plural(3, "%d token placed.", "%d tokens placed.", 3)}, State: []byte("s3")},
	}
	id, err := s.ImportGame(ctx, ImportedGame{Game: sampleGame(), CreatedAt: created, Moves: moves, Status: StatusFinished})
	require.NoError(t, err)

	g, err := s.Game(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, StatusFinished, g.Status)
	assert.Equal(t, created, g.CreatedAt.UTC())
	assert.Equal(t, 3, g.MoveNumber)
	assert.Equal(t, 2, g.Turns, "the aside takes no turn")
	assert.Equal(t, 3, g.Notified, "nothing waits to be told")
	assert.Equal(t, []byte("s3"), g.State, "the state after the last move")
	require.Len(t, g.Seats, 2)
	assert.Equal(t, "Alice", g.Seats[0].Name)
	assert.Equal(t, "Robot", g.Seats[1].Bot)

	stored, err := s.Moves(ctx, id)
	require.NoError(t, err)
	require.Len(t, stored, 3)
	assert.Equal(t, created.Add(time.Hour), stored[0].CreatedAt.UTC())
	assert.Equal(t, "m1@example.org", stored[0].MessageID)
	assert.Equal(t, fixedClock()(), stored[2].CreatedAt.UTC(), "a move without a time is stamped now")
	assert.Equal(t, []int{1, 2, 2}, []int{stored[0].Turn, stored[1].Turn, stored[2].Turn})
	assert.Equal(t, "3 tokens placed.", stored[2].Events[0].String())

	pending, err := s.PendingMails(ctx, id)
	require.NoError(t, err)
	assert.Empty(t, pending, "an import queues no mail")
}

// TestImportGameIsAllOrNothing: a move that cannot be written leaves no
// game behind.
func TestImportGameIsAllOrNothing(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	before, err := s.GameIDs(ctx)
	require.NoError(t, err)
	_, err = s.ImportGame(ctx, ImportedGame{Game: sampleGame(), Status: StatusActive, Moves: []Move{
		{Seat: 0, Notation: "pass"}, // no state: the schema refuses the row
		{Seat: 1, Notation: "pass", State: []byte("s2")},
	}})
	require.ErrorContains(t, err, "move 1")
	after, err := s.GameIDs(ctx)
	require.NoError(t, err)
	assert.Equal(t, before, after)
}

// TestImportGameSeatOnOffer: a seat imported on offer is on offer until
// the time given, as OfferedSeats lists it, and not a computer's.
func TestImportGameSeatOnOffer(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	until := time.Date(2025, 6, 8, 10, 0, 0, 0, time.UTC)
	g := sampleGame()
	g.Seats[1] = NewSeat{Bot: OnOffer, OfferedUntil: until}
	id, err := s.ImportGame(ctx, ImportedGame{Game: g, Status: StatusActive})
	require.NoError(t, err)
	offered, err := s.OfferedSeats(ctx, time.Time{})
	require.NoError(t, err)
	require.Len(t, offered, 1)
	assert.Equal(t, OfferedSeat{GameID: id, Type: g.Type, Seat: 1, Until: until}, OfferedSeat{GameID: offered[0].GameID, Type: offered[0].Type, Seat: offered[0].Seat, Until: offered[0].Until.UTC()})
	row, err := s.Game(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, until, row.Seats[1].Offered.UTC())
}
