package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestClockCommands: the operator's clock commands on a game with a clock:
// more time, a nudge, watchers, a vacation; and the refusals, in words.
func TestClockCommands(t *testing.T) {
	t.Setenv("PBEM_CLOCK_START", "move") // nothing sends the outbox here: clock_delivery_test.go's clocks wait for it
	db := filepath.Join(t.TempDir(), "pbem.db")
	id := strings.TrimSpace(ok(t, db, "game", "new", "amplitude", "--player", "ann@example.org:Ann", "--player", "bob@example.org:Bob",
		"--option", "clock=3d", "--seed", "4"))
	before := showGame(t, db, id, "--json")
	out := ok(t, db, "game", "clock", id, "+2d")
	assert.Contains(t, out, "the time runs out ")
	deadline, err := time.Parse(time.RFC3339, strings.TrimSpace(out[strings.LastIndex(out, " ")+1:]))
	require.NoError(t, err)
	assert.WithinDuration(t, time.Now().Add(5*24*time.Hour), deadline, time.Minute)
	assert.Contains(t, ok(t, db, "game", "nudge", id), "reminder queued for "+before.ToMove)
	assert.Contains(t, ok(t, db, "game", "watch", id, "kibitz@example.net"), "watches game")
	assert.Contains(t, ok(t, db, "game", "unwatch", id, "kibitz@example.net"), "no longer watches")
	assert.Contains(t, ok(t, db, "player", "vacation", before.ToMove, "5d"), "Your vacation runs until")
	assert.True(t, showGame(t, db, id, "--json").Stopped, "the clock of the player to move is stopped")
	assert.Contains(t, ok(t, db, "player", "vacation", before.ToMove, "back"), "Welcome back")
	assert.Contains(t, ok(t, db, "deadlines", "--now", time.Now().Add(time.Hour).UTC().Format(time.RFC3339)), "0 games acted on")

	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"game", "clock", id, "48h"}, 2, "a time to add"},
		{[]string{"deadlines", "--now", "tomorrow"}, 2, "RFC 3339"},
		{[]string{"game", "new", "amplitude", "--player", "a@x.org", "--player", "b@x.org", "--option", "clock=soon"}, 1, "option clock"},
		{[]string{"game", "unwatch", id, "nobody@example.net"}, 1, "does not watch"},
		{[]string{"player", "vacation", "nobody@example.net", "5d"}, 1, "plays no game here"},
		{[]string{"player", "vacation", "ann@example.org", "90d"}, 1, "allows 14 days"},
	} {
		r := pbemDB(t, db, c.args...)
		assert.Equal(t, c.code, r.code, "%q: %s", c.args, r.stderr)
		assert.Contains(t, r.stderr, c.says, "%q", c.args)
	}
}
