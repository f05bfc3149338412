package core

import (
	"strings"
	"time"

	"pbem/engine"
)

// The options that say what becomes of a seat whose player leaves a game
// of three or more (by a forfeit on time, resign, or sign-off): replace
// and, for a computer, replace_level.
const (
	OptReplace      = "replace"
	OptReplaceLevel = "replace_level"
)

// What a game's replace option does with a seat whose player leaves.
const (
	ReplaceNone  = "none"  // the player leaves; the others play on without the seat
	ReplaceBot   = "bot"   // a computer takes the seat and plays on at once
	ReplaceOffer = "offer" // the seat waits on offer for another player (takeover ID)
)

// OfferTime is how long a seat waits on offer before a computer takes it.
const OfferTime = 7 * 24 * time.Hour

func init() {
	ServerOptions = append(ServerOptions,
		engine.Option{Key: OptReplace, Default: ReplaceNone, Help: "in a game of three or more, what becomes of a seat whose player leaves (forfeit on time, resign, sign-off): none (the others play on without it), bot (a computer takes it and plays on), offer (another player may take it over by mail with takeover ID; a computer takes it after 7 days)"},
		engine.Option{Key: OptReplaceLevel, Default: string(engine.LevelNormal), Help: "the level of the computer that takes a seat: easy, normal or strong"},
	)
}

// readReplace reads the replace options into st: Replace stays "" for
// none, the default.
func readReplace(opts engine.Options, st *Settings) error {
	switch v := strings.ToLower(strings.TrimSpace(opts[OptReplace])); v {
	case "", ReplaceNone:
	case ReplaceBot, ReplaceOffer:
		st.Replace = v
	default:
		return engine.Refuse("option replace is none, bot or offer, not %q", v)
	}
	level, err := engine.ParseLevel(opts[OptReplaceLevel])
	if err != nil {
		return err
	}
	st.ReplaceLevel = StoredLevel(level)
	return nil
}

// StoredLevel is level as a seat stores it: "" for normal.
func StoredLevel(level engine.Level) string {
	if level == engine.LevelNormal {
		return ""
	}
	return string(level)
}

// CheckReplace refuses a replace option other than none in a game of
// players seats fewer than three: there a leaver's opponent simply wins.
func CheckReplace(set Settings, players int) error {
	if set.Replace != "" && players < 3 {
		return engine.Refuse("option replace=%s is for games of three or more players: in a game of two, the opponent of a player who leaves wins", set.Replace)
	}
	return nil
}

// Replaces reports whether a seat whose player leaves game g, under set,
// is replaced (a computer, or an offer) rather than left to resign.
func Replaces(set Settings, seats int) bool {
	return set.Replace != "" && seats >= 3
}
