package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
)

// TestImportKeepsSeatOnOffer: a game exported while a seat waits on offer
// comes back from game import with the seat still on offer until the same
// time, not as a computer: takeovers by mail lists it, the new export is
// the old one's but for the ID, and a player takes it over and plays.
func TestImportKeepsSeatOnOffer(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "pbem.db")
	ann, bob, cat, dan := "ann@example.org", "bob@example.org", "cat@example.org", "dan@example.org"
	id := strings.TrimSpace(ok(t, db, "game", "new", "chiffres", "--player", ann+":Ann", "--player", bob+":Bob", "--player", cat+":Cat",
		"--option", "replace=offer", "--seed", "5"))
	g := &mailGame{t: t, db: db}
	lobby := func(to, body string) {
		g.n++
		g.ingest(fmt.Sprintf("From: <%s>\r\nTo: <%s>\r\nSubject: hello\r\nMessage-ID: <lobby%d@example.test>\r\n\r\n%s\r\n", dan, to, g.n, body))
	}
	lobby("pbem@localhost", "signup Dan")
	confirm, found := mailer.ParseConfirmAddress(g.replyAddress(dan))
	require.True(t, found)
	lobby("pbem@localhost", "confirm "+confirm)
	lobbyAddress := g.replyAddress(dan)
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
