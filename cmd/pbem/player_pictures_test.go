package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPlayerPictures: the operator turns a player's board pictures off
// and on as the player can by mail, and is told what the player is told;
// what does not read is refused in a sentence.
func TestPlayerPictures(t *testing.T) {
	db := filepath.Join(t.TempDir(), "pbem.db")
	ok(t, db, "game", "new", "amplitude", "--player", "ann@example.org:Ann", "--player", "bob@example.org:Bob", "--seed", "4")
	assert.Contains(t, ok(t, db, "player", "pictures", "ann@example.org", "off"), "the board in text alone")
	assert.Contains(t, ok(t, db, "player", "pictures", "Ann@Example.org", "ON"), "as a picture as well as in text")
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"player", "pictures", "ann@example.org", "maybe"}, 1, "write pictures off"},
		{[]string{"player", "pictures", "nobody@example.net", "off"}, 1, "plays no game here"},
		{[]string{"player", "pictures", "ann@example.org"}, 2, "accepts 2 arg"},
	} {
		r := pbemDB(t, db, c.args...)
		assert.Equal(t, c.code, r.code, "%q: %s", c.args, r.stderr)
		assert.Contains(t, r.stderr, c.says, "%q", c.args)
	}
}
