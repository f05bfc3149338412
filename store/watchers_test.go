package store

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWatchersCarryTheirLanguage: a game's watchers (all added at the
// fixed clock's one time, so listed by address) come each with the language its player chose, found by the
// player's own address or an alias, and none for an address that plays
// no game or whose player chose none; and with its player's name, to greet
// them by.
func TestWatchersCarryTheirLanguage(t *testing.T) {
	ctx := context.Background()
	s, sample := sampleStored(t)
	id := sample.ID
	other := sampleGame()
	other.Seats = []NewSeat{{Email: "bob@example.org", Name: "Bob"}, {Email: "carol@example.org", Name: "Carol"}}
	otherID, err := s.CreateGame(ctx, other)
	require.NoError(t, err)
	g, err := s.Game(ctx, otherID)
	require.NoError(t, err)
	require.NoError(t, s.SetPlayerLang(ctx, LangChange{PlayerID: g.Seats[0].PlayerID, Lang: "fr"}))
	require.NoError(t, s.AddAlias(ctx, "bob@example.org", "bob@home.example"))

	for _, address := range []string{"fan@example.net", "bob@home.example", "carol@example.org", "bob@example.org"} {
		added, err := s.AddWatcher(ctx, id, address, nil, nil)
		require.NoError(t, err)
		require.True(t, added)
	}
	watchers, err := s.Watchers(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, []Watcher{
		{Address: "bob@example.org", Lang: "fr", Name: "Bob"},
		{Address: "bob@home.example", Lang: "fr", Name: "Bob"},
		{Address: "carol@example.org", Name: "Carol"},
		{Address: "fan@example.net"},
	}, watchers)
}
