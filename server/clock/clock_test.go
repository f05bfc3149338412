package clock

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/lang"
	"pbem/server/core"
	"pbem/store"
)

func TestSpan(t *testing.T) {
	for d, want := range map[time.Duration]string{
		26 * time.Hour:                "1 day 2 hours",
		72 * time.Hour:                "3 days",
		5*time.Hour + 20*time.Minute:  "5 hours",
		20 * time.Minute:              "less than an hour",
		47*time.Hour + 40*time.Minute: "2 days",
		time.Hour + 29*time.Minute:    "1 hour",
	} {
		assert.Equal(t, want, Span(d).In(lang.English), "%v", d)
	}
}

// A vacation ends after a duration from now, or at the start of a day,
// UTC; anything else is refused in a sentence.
func TestVacationEnd(t *testing.T) {
	now := time.Date(2026, 12, 2, 9, 30, 0, 0, time.UTC)
	for spec, want := range map[string]time.Time{
		"5d":               now.Add(5 * 24 * time.Hour),
		"72h":              now.Add(72 * time.Hour),
		"1.5 d":            now.Add(36 * time.Hour),
		"until 2026-12-24": time.Date(2026, 12, 24, 0, 0, 0, 0, time.UTC),
	} {
		got, err := vacationEnd(spec, now)
		require.NoError(t, err, spec)
		assert.Equal(t, want, got, spec)
	}
	for _, spec := range []string{"30m", "until 24/12", "until 2026-12-01", "soon"} {
		_, err := vacationEnd(spec, now)
		assert.True(t, engine.IsRefusal(err), spec)
	}
}

func TestOverlap(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 12, d, 0, 0, 0, 0, time.UTC) }
	assert.Equal(t, 2*24*time.Hour, overlap(day(1), day(5), day(3), day(10)))
	assert.Equal(t, time.Duration(0), overlap(day(1), day(2), day(3), day(10)))
	assert.Equal(t, 24*time.Hour, overlap(day(4), day(5), day(1), day(10)))
}

// A clock a vacation stopped waits for the vacation's end, then runs
// again with the time it had left, its reminders in their place.
func TestRestarted(t *testing.T) {
	now := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	set := core.Settings{Clock: 72 * time.Hour}
	stopped := store.Clock{Left: 30 * time.Hour, NextDue: now}
	away := now.Add(24 * time.Hour)
	assert.Equal(t, away, restarted(set, stopped, now, away).NextDue, "still away")
	c := restarted(set, stopped, now, time.Time{})
	assert.Equal(t, now.Add(30*time.Hour), c.Deadline)
	assert.Equal(t, c.Deadline.Add(-72*time.Hour), c.TurnStarted)
	assert.Zero(t, c.Left)
	assert.Equal(t, core.NextDue(set, c), c.NextDue)
}

// A reminder due counts as the half-time one, else the last day's: one
// at a time, each at its own instant, however late the loop runs.
func TestReminded(t *testing.T) {
	start := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	c := store.Clock{TurnStarted: start, Deadline: start.Add(72 * time.Hour)}
	for _, step := range []struct {
		reminded int
		at       time.Duration
		want     int
	}{
		{0, 36 * time.Hour, 1},
		{1, 48 * time.Hour, 2},
		{0, 35 * time.Hour, 0},
		{2, 72 * time.Hour, 2},
	} {
		c.Reminded = step.reminded
		assert.Equal(t, step.want, reminded(c, start.Add(step.at)), "%d reminders, at %v", step.reminded, step.at)
	}
	short := store.Clock{TurnStarted: start, Deadline: start.Add(30 * time.Hour), Reminded: 1}
	assert.Equal(t, 1, reminded(short, start.Add(29*time.Hour)), "no last day's reminder before half time")
}
