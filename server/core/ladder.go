package core

import (
	"fmt"
	"strconv"
	"strings"

	"pbem/engine"
)

// OptLadder is the option a ladder's game carries, "L/C": the game plays
// challenge C of ladder L. The lobby sets it when a ladder challenge is
// accepted and its game starts (NewGame.LadderChallenge), the server
// refuses it otherwise, and the status block of the game's mails says it:
// every mail, its invitation first, names the game a ladder challenge.
const OptLadder = "ladder"

// LadderOption is the value of OptLadder for challenge of ladder.
func LadderOption(ladder, challenge int64) string {
	return fmt.Sprintf("%d/%d", ladder, challenge)
}

// LadderOf reads OptLadder among a game's options: the ladder and the
// challenge, ok false for a game of no ladder.
func LadderOf(opts map[string]string) (ladder, challenge int64, ok bool) {
	l, c, found := strings.Cut(opts[OptLadder], "/")
	if !found {
		return 0, 0, false
	}
	id, err1 := strconv.ParseInt(l, 10, 64)
	n, err2 := strconv.ParseInt(c, 10, 64)
	if err1 != nil || err2 != nil || id <= 0 || n <= 0 {
		return 0, 0, false
	}
	return id, n, true
}

// RefuseOwnOptions refuses opts when a person set by hand an option only
// the server gives a game (OptTournament, OptLadder): a challenge, a
// ladder's options.
func RefuseOwnOptions(opts map[string]string) error {
	if _, ok := opts[OptTournament]; ok {
		return engine.Refuse("option %s is the server's own: a tournament's games carry it", OptTournament)
	}
	if _, ok := opts[OptLadder]; ok {
		return engine.Refuse("option %s is the server's own: a ladder's games carry it", OptLadder)
	}
	return nil
}
