package tournament

import (
	"pbem/pairing"
	"pbem/store"
)

// What package pairing reads of a tournament as stored.

// entrantsOf are t's entrants who joined, as pairing takes them.
func entrantsOf(t store.Tournament) []pairing.Entrant {
	var out []pairing.Entrant
	for _, e := range t.Entrants {
		if e.Joined {
			out = append(out, pairing.Entrant{ID: e.ID, Seed: e.Seed, Withdrawn: e.Withdrawn})
		}
	}
	return out
}

// gamesOf are t's tables, as pairing takes them.
func gamesOf(t store.Tournament) []pairing.Game {
	out := make([]pairing.Game, len(t.Tables))
	for i, tt := range t.Tables {
		out[i] = pairing.Game{Round: tt.Round, Seats: tt.Seats, Done: tt.Done(), Points: tt.Points}
	}
	return out
}

// format is t's format as pairing names it.
func format(t store.Tournament) pairing.Format { return pairing.Format(t.Format) }

// rounds is how many rounds t plays with the entrants it has.
func rounds(t store.Tournament) int {
	return pairing.Rounds(format(t), t.Rounds, t.Seats, len(entrantsOf(t)))
}

// entrant is t's entrant id; ok false for none.
func entrant(t store.Tournament, id int64) (store.Entrant, bool) {
	for _, e := range t.Entrants {
		if e.ID == id {
			return e, true
		}
	}
	return store.Entrant{}, false
}
