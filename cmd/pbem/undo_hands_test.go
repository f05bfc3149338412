package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestUndoAcrossChangeOfHands: once a seat changed hands, a turn played
// before it is not taken back — neither by consent by mail nor by the
// operator's game undo — saying why; a turn played after it still is.
func TestUndoAcrossChangeOfHands(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "pbem.db")
	ann, bob, cat := "ann@example.org", "bob@example.org", "cat@example.org"
	id := strings.TrimSpace(ok(t, db, "game", "new", "chiffres", "--player", ann+":Ann", "--player", bob+":Bob", "--player", cat+":Cat", "--seed", "5"))
	g := &mailGame{t: t, db: db}
	g.send(ann, ann, "#1 "+legalMove(t, db, id, 0))
	ok(t, db, "game", "replace", id, "3", "--player", "dan@example.org")
	why := "turn 1 was played before a seat changed hands: a seat's new holder cannot give back the moves of the one before"

	g.send(bob, bob, "undo")
	assert.Contains(t, mailsTo(t, db, bob), "Turn 1 was played before a seat changed hands: a seat's new holder cannot give back the moves of the one before.")
	r := pbemDB(t, db, "game", "undo", id)
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, why)
	assert.Equal(t, bob, showGame(t, db, id, "--json").ToMove, "nothing was taken back")

	g.send(bob, bob, "#2 "+legalMove(t, db, id, 1))
	assert.Equal(t, "game "+id+": turn 2 taken back\n", ok(t, db, "game", "undo", id), "a turn after the change is taken back")
	assert.Equal(t, "game "+id+": ok\n", ok(t, db, "game", "verify", id))
}
