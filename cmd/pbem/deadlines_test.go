package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/archive"
)

// TestDeadlinesAtAnyTime: deadlines --now with times later and earlier
// than those it ran at before, in any order, exits 0 every time and does
// nothing twice: a reminder, a timeout or a digest done once stays done,
// however the clock is wound back; what falls due later is done then.
func TestDeadlinesAtAnyTime(t *testing.T) {
	db := filepath.Join(t.TempDir(), "pbem.db")
	ok(t, db, "game", "new", "amplitude", "--player", "ann@example.org:Ann", "--player", "bob@example.org:Bob",
		"--option", "clock=3d", "--seed", "4")
	ok(t, db, "player", "mail", "ann@example.org", "digest", "08:00")
	ok(t, db, "player", "mail", "bob@example.org", "digest", "08:00")
	start := time.Now().UTC().Truncate(24 * time.Hour)
	outbox := func() int { return strings.Count(ok(t, db, "outbox", "list", "--json"), `"recipient"`) }

	// Each step: the day and hour after start, and whether something new
	// may be due then (a run at a time already passed must do nothing).
	// A preference chosen again: the digest it had comes at its time, not
	// twice (a digest's fixed Message-ID, repeated, once failed every run).
	r := pbemDB(t, db, "deadlines", "--now", start.Add(24*time.Hour+9*time.Hour).Format(time.RFC3339))
	require.Equal(t, 0, r.code, r.stderr)
	ok(t, db, "player", "mail", "ann@example.org", "digest", "08:00")
	before := outbox()
	r = pbemDB(t, db, "deadlines", "--now", start.Add(24*time.Hour+9*time.Hour).Format(time.RFC3339))
	require.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, before, outbox(), "no digest twice")

	for i, step := range []struct {
		at  time.Duration
		new bool
	}{
		{4*24*time.Hour + 9*time.Hour, true}, // the timeout, the digests
		{1*24*time.Hour + 9*time.Hour, false},
		{4*24*time.Hour + 9*time.Hour, false},
		{-48 * time.Hour, false},
		{2*24*time.Hour + 8*time.Hour, false}, // before the digest already sent
		{5*24*time.Hour + 9*time.Hour, true},  // the next day's digests
		{5*24*time.Hour + 9*time.Hour, false},
		{3 * 24 * time.Hour, false},
	} {
		before := outbox()
		r := pbemDB(t, db, "deadlines", "--now", start.Add(step.at).Format(time.RFC3339))
		require.Equal(t, 0, r.code, "step %d (%v): %s", i, step.at, r.stderr)
		if !step.new {
			assert.Equal(t, before, outbox(), "step %d (%v) queued nothing", i, step.at)
			assert.Contains(t, r.stdout, "0 games acted on", "step %d", i)
			assert.NotContains(t, r.stdout, "digests sent", "step %d", i)
		}
	}
}

// TestDeadlinesAfterVacationEnd is issue 29's case through the command
// line: vacation 5d when a 72-hour clock starts, then one pbem deadlines
// --now 73 hours after the vacation's end: the timeout is played, as of
// the vacation's end plus 72 hours, and the next player's clock runs from
// then.
func TestDeadlinesAfterVacationEnd(t *testing.T) {
	t.Setenv("PBEM_CLOCK_START", "move") // nothing sends the outbox here
	db := filepath.Join(t.TempDir(), "pbem.db")
	// The clock starts with the game, its time kept through the vacation:
	// the bound below is taken before the game is made, not after, or a
	// second that turns between the two fails it.
	before := time.Now()
	id := strings.TrimSpace(ok(t, db, "game", "new", "amplitude", "--player", "ann@example.org:Ann", "--player", "bob@example.org:Bob",
		"--option", "clock=72h", "--seed", "4"))
	away := showGame(t, db, id, "--json").ToMove
	ok(t, db, "player", "vacation", away, "5d")
	after := time.Now()
	back := 5 * 24 * time.Hour

	assert.Contains(t, ok(t, db, "deadlines", "--now", after.Add(back+73*time.Hour).UTC().Format(time.RFC3339)), "1 game acted on")
	var moves []moveJSON
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "game", "history", id, "--json")), &moves))
	require.Len(t, moves, 1)
	assert.Equal(t, "timeout", moves[0].Notation)
	played, err := time.Parse(archive.TimeLayout, moves[0].Time)
	require.NoError(t, err)
	assert.False(t, played.Before(before.Add(back+72*time.Hour).Truncate(time.Second)), "not before the time ran out: %v", played)
	assert.False(t, played.After(after.Add(back+72*time.Hour)), "when it ran out, not when deadlines ran: %v", played)
	now := showGame(t, db, id, "--json")
	assert.NotEqual(t, away, now.ToMove)
	deadline, err := time.Parse(time.RFC3339, now.Deadline)
	require.NoError(t, err)
	assert.WithinDuration(t, played.Add(72*time.Hour), deadline, time.Second, "the next clock started when the timeout was played")
}
