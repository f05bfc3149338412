package core

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"pbem/store"
)

// A clock's events fall at half time, on the last day (when it comes
// after half time) and at the deadline, then nothing; a paused clock is
// due when the vacation ends.
func TestNextDue(t *testing.T) {
	start := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	set := Settings{Clock: 72 * time.Hour}
	c := store.Clock{TurnStarted: start, Deadline: start.Add(72 * time.Hour)}
	for reminded, want := range []time.Time{start.Add(36 * time.Hour), start.Add(48 * time.Hour), start.Add(72 * time.Hour), {}} {
		c.Reminded = reminded
		assert.Equal(t, want, NextDue(set, c), "after %d reminders", reminded)
	}
	short := store.Clock{TurnStarted: start, Deadline: start.Add(30 * time.Hour), Reminded: 1}
	assert.Equal(t, start.Add(30*time.Hour), NextDue(Settings{Clock: 30 * time.Hour}, short), "the last day falls before half time: no second reminder")
	back := start.Add(5 * 24 * time.Hour)
	assert.Equal(t, back, NextDue(set, store.Clock{Left: 72 * time.Hour, NextDue: back}), "paused")
}
