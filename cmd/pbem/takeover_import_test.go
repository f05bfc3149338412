package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestImportKeepsSeatOnOffer: a game exported while a seat waits on offer
// comes back from game import with the seat still on offer until the same
// time, not as a computer: takeovers by mail lists it, the new export is
// the old one's but for the ID, and a player takes it over and plays.
func TestImportKeepsSeatOnOffer(t *testing.T) {
	t.Parallel()
	o := offerGame(t)
	db, id, g, lobby, lobbyAddress := o.db, o.id, o.g, o.lobby, o.lobbyAddress
	ann, dan := "ann@example.org", "dan@example.org"
	g.send(ann, ann, "resign")

	path, rec := exportFile(t, db, id)
	require.NotEmpty(t, rec.Players[0].OfferedUntil, "the export says until when the seat is on offer")
	imported := strings.TrimSpace(ok(t, db, "game", "import", path))
	_, again := exportFile(t, db, imported)
	rec.ID, again.ID = 0, 0
	assert.Equal(t, rec, again, "the seat is on offer as it was")
	assert.Equal(t, "(on offer)", showGame(t, db, imported, "--json").ToMove)

	lobby(lobbyAddress, "takeovers")
	listed := mailsTo(t, db, dan)
	assert.Contains(t, listed, "Game "+imported+", Chiffres: seat 1 is on offer until")
	lobby(lobbyAddress, "takeover "+imported)
	taken := showGame(t, db, imported, "--json")
	assert.Equal(t, dan, taken.ToMove)
	assert.Equal(t, "game "+imported+": ok\n", ok(t, db, "game", "verify", imported))
}
