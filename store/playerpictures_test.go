package store

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A player's pictures choice is kept with them, loaded with every seat
// they hold, on until they turn it off, and changed once by one mail.
func TestSetPlayerPictures(t *testing.T) {
	ctx := context.Background()
	s, g := sampleStored(t)
	id, pid := g.ID, g.Seats[0].PlayerID
	assert.False(t, g.Seats[0].NoPictures, "pictures are on by default")

	in := Inbound{Key: "k1", MessageID: "m1@x", Raw: []byte("pictures off"), Outcome: Applied, Detail: "pictures off"}
	require.NoError(t, s.SetPlayerPictures(ctx, PicturesChange{PlayerID: pid, Pictures: false,
		Mails: []OutMail{{MessageID: "c1@x", Recipient: "alice@example.org", Raw: []byte("done")}}, Inbound: &in}))
	g, err := s.Game(ctx, id)
	require.NoError(t, err)
	assert.True(t, g.Seats[0].NoPictures)
	assert.False(t, g.Seats[1].NoPictures, "the other seat keeps its own")
	due, err := s.DueMails(ctx, time.Now().Add(time.Hour), 10)
	require.NoError(t, err)
	require.Len(t, due, 1, "the confirmation is queued with the change")
	assert.ErrorIs(t, s.SetPlayerPictures(ctx, PicturesChange{PlayerID: pid, Pictures: true, Inbound: &in}), ErrDuplicate, "a mail changes it once")
	assert.ErrorIs(t, s.SetPlayerPictures(ctx, PicturesChange{PlayerID: 9999}), ErrNotFound)

	require.NoError(t, s.SetPlayerPictures(ctx, PicturesChange{PlayerID: pid, Pictures: true}), "an operator turns them on, with no mail")
	g, err = s.Game(ctx, id)
	require.NoError(t, err)
	assert.False(t, g.Seats[0].NoPictures)
}
