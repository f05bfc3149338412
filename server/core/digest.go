package core

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/store"
)

// How often the rate-limited answers may go: a stranger gets one
// explanation a day; a player whose mail held no command gets the game's
// status at most once an hour (see also the server's answerWindow).
const (
	StrangerEvery = 24 * time.Hour
	StatusEvery   = time.Hour
)

// Why a stranger's mail did nothing, as the answer says it: never naming a
// game, which the sender may have no seat in. Their French is in
// the lang_fr.go files, as the formats they are.
const (
	NotVerified = "The server could not verify that it comes from its sender."
	NotAReply   = "It is not a reply to a mail of a game here."
	NotYours    = "It does not carry the reply address of one of this address's games."
)

// NextDigest is the first time after now that is minutes after midnight
// UTC: a digest is due once a day, and one that a stopped server missed
// is not caught up, only sent at the next time.
func NextDigest(minutes int, now time.Time) time.Time {
	now = now.UTC()
	t := time.Date(now.Year(), now.Month(), now.Day(), 0, minutes, 0, 0, time.UTC)
	if !t.After(now) {
		t = t.AddDate(0, 0, 1)
	}
	return t
}

// TimeOfDay writes minutes after midnight as a digest's time, "08:30".
func TimeOfDay(minutes int) string {
	return fmt.Sprintf("%02d:%02d", minutes/60, minutes%60)
}

// Label is how a player is named to them: their name, else their address.
func Label(p store.Player) string {
	if p.Name != "" {
		return p.Name
	}
	return p.Email
}

// guideExample is the first example of a game's notation guide in its
// reader's words ("H8 droite 3+4-5=2", "c1-c3"), as an argument of a
// sentence: the move a sentence shows is one of the reader's own game.
type guideExample struct{ kind engine.Game }

// In is the example in t's words.
func (e guideExample) In(t lang.Tag) string {
	first, _, _ := strings.Cut(strings.TrimSpace(Notation(e.kind, t)), "  ")
	return first
}

// PlayLine is a line of a reply to a digest that plays in game row, of
// kind, at its next move: "game 12: #7 H8 right 3+4-5=2".
func PlayLine(row store.Game, kind engine.Game) lang.Msg {
	return lang.T("game %d: #%d %s", row.ID, NextTurn(row, nil), guideExample{kind})
}

// Retried runs try again, up to MaxAttempts times in all, while it meets
// a game that another process moved meanwhile.
func Retried[T any](try func() (T, error)) (T, error) {
	for attempt := 1; ; attempt++ {
		v, err := try()
		if !errors.Is(err, store.ErrConflict) || attempt >= MaxAttempts {
			return v, err
		}
	}
}
