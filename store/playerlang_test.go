package store

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A player's language is kept with them, loaded with every seat they hold,
// and changed once by one mail.
func TestSetPlayerLang(t *testing.T) {
	ctx := context.Background()
	s, g := sampleStored(t)
	id, pid := g.ID, g.Seats[0].PlayerID
	assert.Empty(t, g.Seats[0].Lang, "none chosen: the server's default")

	in := Inbound{Key: "k1", MessageID: "m1@x", Raw: []byte("lang fr"), Outcome: Applied, Detail: "lang fr"}
	require.NoError(t, s.SetPlayerLang(ctx, LangChange{PlayerID: pid, Lang: "fr",
		Mails: []OutMail{{MessageID: "c1@x", Recipient: "alice@example.org", Raw: []byte("confirmé")}}, Inbound: &in}))
	g, err := s.Game(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "fr", g.Seats[0].Lang)
	assert.Empty(t, g.Seats[1].Lang, "the other seat keeps its own")
	p, err := s.Player(ctx, pid)
	require.NoError(t, err)
	assert.Equal(t, "fr", p.Lang)
	due, err := s.DueMails(ctx, time.Now().Add(time.Hour), 10)
	require.NoError(t, err)
	require.Len(t, due, 1, "the confirmation is queued with the change")
	assert.ErrorIs(t, s.SetPlayerLang(ctx, LangChange{PlayerID: pid, Lang: "en", Inbound: &in}), ErrDuplicate, "a mail changes it once")
	assert.ErrorIs(t, s.SetPlayerLang(ctx, LangChange{PlayerID: 9999, Lang: "fr"}), ErrNotFound)

	require.NoError(t, s.SetPlayerLang(ctx, LangChange{PlayerID: pid, Lang: ""}), "an operator clears it, with no mail")
	p, err = s.Player(ctx, pid)
	require.NoError(t, err)
	assert.Empty(t, p.Lang)
}
