package core

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/ludicitude"
)

// A game's server options read into its settings, or are refused in a
// sentence; a clock without a timeout passes the turn where the game has
// passes, else forfeits.
func TestReadSettings(t *testing.T) {
	cases := []struct {
		name string
		kind engine.Game
		opts engine.Options
		want Settings
		bad  string // a part of the refusal
	}{
		{"nothing set", amplitude.Game{}, nil, Settings{Timeout: TimeoutNone, VacationDays: 14, Pictures: true}, ""},
		{"a clock in days, the game has passes", amplitude.Game{}, engine.Options{OptClock: "5d"}, Settings{Clock: 120 * time.Hour, Timeout: TimeoutPass, VacationDays: 14, Pictures: true}, ""},
		{"a clock, no passes", ludicitude.Game{}, engine.Options{OptClock: "72h"}, Settings{Clock: 72 * time.Hour, Timeout: TimeoutForfeit, VacationDays: 14, Pictures: true}, ""},
		{"open, no pictures, 3 days off", amplitude.Game{}, engine.Options{OptWatchers: "Open", OptPictures: "off", OptVacationDays: "3"}, Settings{Timeout: TimeoutNone, WatchersOpen: true, VacationDays: 3}, ""},
		{"a clock under an hour", amplitude.Game{}, engine.Options{OptClock: "30m"}, Settings{}, "an hour or more"},
		{"a timeout without a clock", amplitude.Game{}, engine.Options{OptTimeout: "forfeit"}, Settings{}, "needs a clock"},
		{"pass where there are no passes", ludicitude.Game{}, engine.Options{OptClock: "2d", OptTimeout: "pass"}, Settings{}, "has no passes"},
		{"watchers neither open nor closed", amplitude.Game{}, engine.Options{OptWatchers: "some"}, Settings{}, "open or closed"},
		{"too much vacation", amplitude.Game{}, engine.Options{OptVacationDays: "61"}, Settings{}, "from 0 to 60"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ReadSettings(c.opts, c.kind)
			if c.bad != "" {
				require.Error(t, err)
				assert.True(t, engine.IsRefusal(err))
				assert.Contains(t, err.Error(), c.bad)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
		})
	}
}

// The engine never sees the server's own options.
func TestEngineOptions(t *testing.T) {
	got := EngineOptions(engine.Options{OptClock: "5d", OptPictures: "off", "rule": "x"})
	assert.Equal(t, engine.Options{"rule": "x"}, got)
}
