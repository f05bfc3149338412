package core

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"pbem/engine"
)

// The options every game takes beside its engine's, which the server reads
// and the engine never sees: how long a player has for a move and what
// happens when the time runs out, who may watch, how much vacation a
// player may take.
const (
	OptClock        = "clock"
	OptTimeout      = "timeout"
	OptWatchers     = "watchers"
	OptVacationDays = "vacation_days"
	OptPictures     = "pictures"
)

// What a game's timeout does when the player to move runs out of time.
const (
	TimeoutPass    = "pass"    // the turn passes, where the game has passes
	TimeoutForfeit = "forfeit" // the player loses; with more than two, they leave
	TimeoutNone    = "none"    // reminders only
)

// VacationWindow is the rolling window a game's vacation_days limit counts
// over.
const VacationWindow = 60 * 24 * time.Hour

// ServerOptions are the options every game takes, for help texts and the
// docs.
var ServerOptions = []engine.Option{
	{Key: OptClock, Default: "", Help: "the time the player to move has for each move: a duration such as 72h, or days such as 5d; none by default"},
	{Key: OptTimeout, Default: "", Help: "what happens when the time runs out: pass (the turn passes), forfeit (the late player loses; with more than two players they leave), none (reminders only); with a clock, pass where the game has passes, else forfeit"},
	{Key: OptWatchers, Default: "closed", Help: "open lets anyone watch the game by mail (watch ID); closed leaves it to the operator (pbem game watch)"},
	{Key: OptPictures, Default: "on", Help: "on shows the board as a picture in every mail's HTML part, beside the text board; off sends the text board alone (a player may turn theirs off with pictures off)"},
	{Key: OptVacationDays, Default: "14", Help: "the most days of vacation a player may take in this game within any 60 days"},
}

// Settings are a game's server options, read.
type Settings struct {
	Clock        time.Duration // 0: no clock
	Timeout      string        // TimeoutPass, TimeoutForfeit or TimeoutNone
	WatchersOpen bool
	VacationDays int
	Pictures     bool // a board picture in the mails
	// Replace is what becomes of a seat whose player leaves: ReplaceBot,
	// ReplaceOffer, or "" for none (ReplaceNone); ReplaceLevel the
	// computer's level then, as a seat stores it ("" for normal).
	Replace      string
	ReplaceLevel string
}

// ReadSettings reads the server options of a game of kind; an option
// that does not read is refused in a sentence. A game with a clock and no
// timeout gets the default: pass where kind has passes, else forfeit.
func ReadSettings(opts engine.Options, kind engine.Game) (Settings, error) {
	st := Settings{Timeout: TimeoutNone, VacationDays: 14, Pictures: true}
	if v := strings.TrimSpace(opts[OptClock]); v != "" {
		d, err := ReadDuration(v)
		if err != nil || d < time.Hour {
			return st, engine.Refuse("option clock is a time for each move of an hour or more, as 72h or 5d, not %q", v)
		}
		st.Clock = d
	}
	switch v := strings.ToLower(strings.TrimSpace(opts[OptTimeout])); v {
	case "":
		if st.Clock > 0 {
			st.Timeout = TimeoutForfeit
			if _, err := kind.Parse("timeout"); err == nil {
				st.Timeout = TimeoutPass
			}
		}
	case TimeoutPass:
		if _, err := kind.Parse("timeout"); err != nil {
			return st, engine.Refuse("%s has no passes: its timeout is forfeit or none", kind.Name())
		}
		st.Timeout = v
	case TimeoutForfeit, TimeoutNone:
		st.Timeout = v
	default:
		return st, engine.Refuse("option timeout is pass, forfeit or none, not %q", v)
	}
	if st.Timeout != TimeoutNone && st.Clock == 0 {
		return st, engine.Refuse("option timeout %s needs a clock, as clock=72h", st.Timeout)
	}
	switch v := strings.ToLower(strings.TrimSpace(opts[OptWatchers])); v {
	case "", "closed":
	case "open":
		st.WatchersOpen = true
	default:
		return st, engine.Refuse("option watchers is open or closed, not %q", v)
	}
	switch v := strings.ToLower(strings.TrimSpace(opts[OptPictures])); v {
	case "", "on":
	case "off":
		st.Pictures = false
	default:
		return st, engine.Refuse("option pictures is on or off, not %q", v)
	}
	if v := strings.TrimSpace(opts[OptVacationDays]); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 60 {
			return st, engine.Refuse("option vacation_days is a number of days from 0 to 60, not %q", v)
		}
		st.VacationDays = n
	}
	if err := readReplace(opts, &st); err != nil {
		return st, err
	}
	return st, nil
}

// ReadDuration reads a duration as Go writes it (72h, 90m) or in days
// (5d, 1.5d).
func ReadDuration(v string) (time.Duration, error) {
	if days, ok := strings.CutSuffix(strings.ToLower(v), "d"); ok {
		n, err := strconv.ParseFloat(strings.TrimSpace(days), 64)
		if err != nil || n <= 0 || n > 3650 {
			return 0, fmt.Errorf("%q is not a number of days", v)
		}
		return time.Duration(n * 24 * float64(time.Hour)), nil
	}
	return time.ParseDuration(v)
}

// EngineOptions is opts without the server's own: what the game's engine
// reads.
func EngineOptions(opts engine.Options) engine.Options {
	out := engine.Options{}
	for k, v := range opts {
		if !IsServerOption(k) {
			out[k] = v
		}
	}
	return out
}

// IsServerOption tells an option of the server's own, not the engine's.
func IsServerOption(key string) bool {
	if key == OptTournament || key == OptLadder {
		return true
	}
	for _, o := range ServerOptions {
		if o.Key == key {
			return true
		}
	}
	return false
}
