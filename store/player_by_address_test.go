package store

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlayerByAddress: a player is found by their own address and by an
// alias, with all Player holds; an address of no player's is ErrNotFound.
func TestPlayerByAddress(t *testing.T) {
	ctx := context.Background()
	s, g := sampleStored(t)
	pid := g.Seats[0].PlayerID
	require.NoError(t, s.SetPlayerLang(ctx, LangChange{PlayerID: pid, Lang: "fr"}))
	require.NoError(t, s.AddAlias(ctx, "alice@example.org", "alice@home.example"))
	want, err := s.Player(ctx, pid)
	require.NoError(t, err)
	assert.Equal(t, Player{ID: pid, Email: "alice@example.org", Name: "Alice", Mail: MailEvery, Lang: "fr"}, want)

	for _, address := range []string{"alice@example.org", "alice@home.example"} {
		p, err := s.PlayerByAddress(ctx, address)
		require.NoError(t, err, address)
		assert.Equal(t, want, p, address)
	}
	_, err = s.PlayerByAddress(ctx, "nobody@example.org")
	assert.ErrorIs(t, err, ErrNotFound)
	_, err = s.Player(ctx, pid+100)
	assert.ErrorIs(t, err, ErrNotFound)
}
