package store

import "pbem/lang"

// Game statuses, as the games table stores them and the command line
// prints them (game list, game show --json).
const (
	StatusActive   = "active"
	StatusFinished = "finished"
	StatusAborted  = "aborted"
)

// Statuses are every game status, in the order a game may go through
// them: the one list that the command line checks --status against.
var Statuses = []string{StatusActive, StatusFinished, StatusAborted}

// StatusWord is a game's status as a sentence says it, in any language:
// "in play", "finished" or "aborted". The server's answers and the HTML
// archive both say a status with it, so that they say it alike; a status
// it does not know is said as it is stored.
func StatusWord(status string) lang.Msg {
	switch status {
	case StatusActive:
		return lang.T("in play")
	case StatusFinished:
		return lang.T("finished")
	case StatusAborted:
		return lang.T("aborted")
	}
	return lang.Text(status)
}
