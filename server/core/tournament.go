package core

import (
	"fmt"
	"strconv"
	"strings"

	"pbem/engine"
)

// OptTournament is the option a tournament's game carries, "T/R": the
// game is played in round R of tournament T. The server sets it when a
// tournament creates the game (NewGame.TournamentTable) and refuses it
// otherwise; the status block of the game's mails says it.
const OptTournament = "tournament"

// TournamentOption is the value of OptTournament for round of tournament.
func TournamentOption(tournament int64, round int) string {
	return fmt.Sprintf("%d/%d", tournament, round)
}

// TournamentOf reads OptTournament among a game's options: the tournament
// and round, ok false for a game of no tournament.
func TournamentOf(opts map[string]string) (tournament int64, round int, ok bool) {
	t, r, found := strings.Cut(opts[OptTournament], "/")
	if !found {
		return 0, 0, false
	}
	id, err1 := strconv.ParseInt(t, 10, 64)
	n, err2 := strconv.Atoi(r)
	if err1 != nil || err2 != nil || id <= 0 || n <= 0 {
		return 0, 0, false
	}
	return id, n, true
}

// ForRematch are a game's options without OptTournament and OptLadder,
// for a game that plays it again outside its tournament or ladder (a
// rematch).
func ForRematch(opts map[string]string) engine.Options {
	out := engine.Options{}
	for k, v := range opts {
		if k != OptTournament && k != OptLadder {
			out[k] = v
		}
	}
	return out
}
