package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUndoAndRematchByIngest plays, through pbem ingest as an MTA hands
// it the mails, an undo accepted and one declined, then the end and a
// rematch accepted; pbem game verify replays both games, and the
// operator's pbem game undo and pbem game rematch do the same at once.
func TestUndoAndRematchByIngest(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "pbem.db")
	ok(t, db, "game", "new", "amplitude", "--player", "ann@example.org:Ann", "--player", "bob@example.org:Bob", "--seed", "3")
	g := &mailGame{t: t, db: db}
	ann, bob := "ann@example.org", "bob@example.org" // Bob moves first

	start := showGame(t, db, "1", "--json")
	g.send(bob, bob, "#1 pass")
	g.send(bob, bob, "undo")
	g.send(ann, ann, "accept")
	back := showGame(t, db, "1", "--json")
	assert.Equal(t, start.Players, back.Players, "the racks as before")
	assert.Equal(t, bob, back.ToMove)
	assert.Equal(t, 2, back.NextMove, "the turn taken back keeps its number")
	assert.Equal(t, "game 1: ok\n", ok(t, db, "game", "verify", "1"))

	g.send(bob, bob, "#2 pass")
	g.send(bob, bob, "undo")
	offer := showGame(t, db, "1", "--json").Undo
	require.NotNil(t, offer, "game show --json tells the offer waiting for consent")
	assert.Equal(t, 2, offer.Turn)
	assert.Equal(t, []string{offer.AskedBy}, offer.Agreed, "the asker agrees to their own offer")
	assert.Contains(t, ok(t, db, "game", "show", "1"), "Undo: "+offer.AskedBy+" asks to take back turn 2")
	g.send(ann, ann, "decline")
	declined := showGame(t, db, "1", "--json")
	assert.Equal(t, ann, declined.ToMove, "the pass stands")
	assert.Nil(t, declined.Undo, "a declined offer is no longer shown")
	assert.Equal(t, "game 1: turn 2 taken back\n", ok(t, db, "game", "undo", "1"), "the operator needs no consent")
	history := ok(t, db, "game", "history", "1")
	assert.Contains(t, history, "undo 1")
	assert.Contains(t, history, "undo 2")

	g.send(ann, ann, "resign")
	require.Equal(t, "finished", showGame(t, db, "1", "--json").Status)
	g.send(bob, bob, "rematch")
	g.send(ann, ann, "accept") // to the invitation
	next := showGame(t, db, "2", "--json")
	require.Len(t, next.Players, 2)
	assert.Equal(t, []string{bob, ann}, []string{next.Players[0].Email, next.Players[1].Email}, "each seat moved on by one")
	assert.Contains(t, ok(t, db, "challenge", "list"), "started")
	assert.Equal(t, "2 games ok, 0 failed\n", ok(t, db, "game", "verify", "--all"))

	g.send(ann, ann, "resign")
	assert.Equal(t, "3\n", ok(t, db, "game", "rematch", "2"))
}
