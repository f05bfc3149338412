package tournament

import (
	"pbem/lang"
	"pbem/store"
)

// StatusWord is the word a sentence says a tournament's status by.
func StatusWord(status string) lang.Msg {
	switch status {
	case store.TournamentSignup:
		return lang.T("signing up")
	case store.TournamentRunning:
		return lang.T("under way")
	case store.TournamentFinished:
		return lang.T("ended")
	}
	return lang.T("cancelled")
}

// gameName is the display name of t's game, its ID when unknown.
func (ts Tournaments) gameName(t store.Tournament) string {
	if kind, err := ts.Games.Lookup(t.Game); err == nil {
		return kind.Name()
	}
	return t.Game
}
