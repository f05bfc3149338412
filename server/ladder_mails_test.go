package server

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/server/core"
	"pbem/store"
)

// TestLadderGameSaysSo: a ladder game's mails, its invitation first, name
// it as that challenge of the game's ladder in their status block, in
// each player's language; the option carrying it is the server's, refused
// in a challenge a person writes.
func TestLadderGameSaysSo(t *testing.T) {
	ctx := context.Background()
	g, l := ladderOf(t, "ann", "bob")
	require.Equal(t, store.Applied, g.outcome(g.lobbySend("ann@example.org", "", "", "lang fr")))
	id, game := g.accepted("bob", "ann")
	row, err := g.st.Game(ctx, game)
	require.NoError(t, err)
	lid, cid, ok := core.LadderOf(row.Options)
	require.True(t, ok, "%v", row.Options)
	assert.Equal(t, [2]int64{l.ID, id}, [2]int64{lid, cid})
	assert.Contains(t, flat(g.last("bob@example.org").text), "Ladder challenge 1 on the Amplitude ladder")
	assert.Contains(t, flat(g.last("ann@example.org").text), "Défi 1 de l'échelle d'Amplitude")

	mid := g.lobbySend("bob@example.org", "", "", "new amplitude with ann@example.org ladder=1/1")
	assert.Equal(t, store.Refused, g.outcome(mid))
	assert.Contains(t, flat(g.last("bob@example.org").text), "Option ladder is the server's own: a ladder's games carry it.")
}
