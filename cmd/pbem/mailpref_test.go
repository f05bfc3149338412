package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPlayerMail: the operator sets a player's mail preference as the
// player can by mail, and is told what the player is told; what does not
// read is refused in a sentence.
func TestPlayerMail(t *testing.T) {
	db := filepath.Join(t.TempDir(), "pbem.db")
	ok(t, db, "game", "new", "amplitude", "--player", "ann@example.org:Ann", "--player", "bob@example.org:Bob", "--seed", "4")
	assert.Contains(t, ok(t, db, "player", "mail", "ann@example.org", "turn"), "only when it is your turn")
	out := ok(t, db, "player", "mail", "ann@example.org", "digest", "08:00")
	assert.Contains(t, out, "one mail a day at 08:00 UTC")
	assert.Contains(t, ok(t, db, "player", "mail", "Ann@Example.org", "EVERY"), "a mail for every move")
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"player", "mail", "ann@example.org", "digest", "25:00"}, 1, `"25:00" is not a time of day`},
		{[]string{"player", "mail", "ann@example.org", "weekly"}, 1, "write mail every"},
		{[]string{"player", "mail", "nobody@example.net", "turn"}, 1, "plays no game here"},
		{[]string{"player", "mail", "ann@example.org"}, 2, "accepts between 2 and 3 arg"},
	} {
		r := pbemDB(t, db, c.args...)
		assert.Equal(t, c.code, r.code, "%q: %s", c.args, r.stderr)
		assert.Contains(t, r.stderr, c.says, "%q", c.args)
		assert.False(t, strings.Contains(r.stderr, "mail preference of player"), "%q: a sentence, not an internal error", c.args)
	}
}
