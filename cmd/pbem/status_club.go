package main

import (
	"fmt"

	"pbem/pairing"
	"pbem/store"
)

// The club's lines of pbem status: a line per tournament signing up or
// running and per ladder (store.Club), and their --json fields.

// tournamentLines are status's lines of c's tournaments.
func tournamentLines(c store.Club) []string {
	var out []string
	for _, t := range c.Tournaments {
		out = append(out, tournamentLine(t))
	}
	if c.More > 0 {
		out = append(out, fmt.Sprintf("… and %d more: pbem tournament list", c.More))
	}
	return out
}

// ladderLines are status's lines of c's ladders.
func ladderLines(c store.Club) []string {
	var out []string
	for _, l := range c.Ladders {
		out = append(out, fmt.Sprintf("%s: %s, %s open", l.Game, plural(l.Players, "player"), plural(l.Challenges, "challenge")))
	}
	return out
}

// tournamentLine says t on one line: signing up, how many joined and
// until when; running, its round.
func tournamentLine(t store.ClubTournament) string {
	head := fmt.Sprintf("#%d %s %s", t.ID, t.Game, t.Format)
	if t.Status == store.TournamentRunning {
		return fmt.Sprintf("%s: round %d of %d, %s", head, t.Round, clubRounds(t), plural(t.Joined, "entrant"))
	}
	line := fmt.Sprintf("%s: signing up, %d joined", head, t.Joined)
	if t.MaxEntrants > 0 {
		line = fmt.Sprintf("%s: signing up, %d of %d joined", head, t.Joined, t.MaxEntrants)
	}
	if !t.ClosesAt.IsZero() {
		line += ", closes " + t.ClosesAt.UTC().Format(timeLayout)
	}
	return line
}

// clubRounds is how many rounds t plays with the entrants it has.
func clubRounds(t store.ClubTournament) int {
	return pairing.Rounds(pairing.Format(t.Format), t.Rounds, t.Seats, t.Joined)
}

// clubTournamentJSON is a tournament signing up or running in status
// --json.
type clubTournamentJSON struct {
	ID          int64   `json:"id"`
	Game        string  `json:"game"`
	Format      string  `json:"format"`
	Status      string  `json:"status"` // signup or running
	Round       int     `json:"round"`  // the round paired last, 0 while it signs up
	Rounds      int     `json:"rounds"` // the rounds it plays with the entrants it has
	Joined      int     `json:"joined"`
	MaxEntrants int     `json:"max_entrants"` // 0 for no cap
	ClosesAt    *string `json:"closes_at"`    // null for no date
}

// clubLadderJSON is a ladder in status --json.
type clubLadderJSON struct {
	ID         int64  `json:"id"`
	Game       string `json:"game"`
	Players    int    `json:"players"`
	Challenges int    `json:"challenges_open"`
}

// clubJSONOf are c's --json fields: the tournaments, how many more there
// are, the ladders.
func clubJSONOf(c store.Club) ([]clubTournamentJSON, int, []clubLadderJSON) {
	ts, ls := []clubTournamentJSON{}, []clubLadderJSON{}
	for _, t := range c.Tournaments {
		ts = append(ts, clubTournamentJSON{ID: t.ID, Game: t.Game, Format: t.Format, Status: t.Status, Round: t.Round, Rounds: clubRounds(t),
			Joined: t.Joined, MaxEntrants: t.MaxEntrants, ClosesAt: jsonTime(t.ClosesAt)})
	}
	for _, l := range c.Ladders {
		ls = append(ls, clubLadderJSON{ID: l.ID, Game: l.Game, Players: l.Players, Challenges: l.Challenges})
	}
	return ts, c.More, ls
}
