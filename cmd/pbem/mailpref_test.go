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

// TestPlayerLang: the operator sets a player's language as the player can
// by mail, and is told what the player is told, in that language; default
// clears it; a language pbem does not write in is refused in a sentence.
func TestPlayerLang(t *testing.T) {
	db := filepath.Join(t.TempDir(), "pbem.db")
	ok(t, db, "game", "new", "amplitude", "--player", "ann@example.org:Ann", "--player", "bob@example.org:Bob", "--seed", "4")
	assert.Contains(t, ok(t, db, "player", "lang", "ann@example.org", "fr"), "Désormais, pbem vous écrit en français.")
	assert.Contains(t, ok(t, db, "player", "lang", "Ann@Example.org", "English"), "From now on pbem writes to you in English.")
	assert.Contains(t, ok(t, db, "player", "lang", "ann@example.org", "default"), "in this server's language, English")
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"player", "lang", "ann@example.org", "klingon"}, 1, `"klingon" is not a language pbem writes in: en (English) or fr (français)`},
		{[]string{"player", "lang", "nobody@example.net", "fr"}, 1, "plays no game here"},
		{[]string{"player", "lang", "ann@example.org"}, 2, "accepts 2 arg"},
	} {
		r := pbemDB(t, db, c.args...)
		assert.Equal(t, c.code, r.code, "%q: %s", c.args, r.stderr)
		assert.Contains(t, r.stderr, c.says, "%q", c.args)
		assert.False(t, strings.Contains(r.stderr, "language of player"), "%q: a sentence, not an internal error", c.args)
	}
}
