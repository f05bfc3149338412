package tournament

import (
	"strings"

	"pbem/store"
)

// Record is a tournament as pbem tournament show --json and export
// --format json write it: its settings, entrants, standings and tables.
// People are named, never shown by address (a record is made to be
// shared): one who chose no name shows their address's local part.
type Record struct {
	ID        int64             `json:"id"`
	Game      string            `json:"game"`
	Format    string            `json:"format"`
	Rounds    int               `json:"rounds"`
	Seats     int               `json:"seats"`
	Options   map[string]string `json:"options"`
	Status    string            `json:"status"`
	Round     int               `json:"round"`
	ClosesAt  string            `json:"closes_at,omitempty"`
	MaxPlaces int               `json:"max_entrants,omitempty"`
	Entrants  []RecordEntrant   `json:"entrants"`
	Standings []RecordStanding  `json:"standings"`
	Tables    []RecordTable     `json:"tables"`
}

// RecordEntrant is one entrant of a Record.
type RecordEntrant struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	Bot       bool   `json:"bot,omitempty"`
	Level     string `json:"level,omitempty"`
	Seed      int    `json:"seed"`
	Joined    bool   `json:"joined"`
	Withdrawn int    `json:"withdrawn,omitempty"`
}

// RecordStanding is one line of a Record's standings.
type RecordStanding struct {
	Place           int     `json:"place"`
	ID              int64   `json:"entrant"`
	Name            string  `json:"name"`
	Points          float64 `json:"points"`
	Buchholz        float64 `json:"buchholz"`
	SonnebornBerger float64 `json:"sonneborn_berger"`
	Played          int     `json:"played"`
	Won             int     `json:"won"`
	Drawn           int     `json:"drawn"`
	Lost            int     `json:"lost"`
	Byes            int     `json:"byes"`
	Withdrawn       bool    `json:"withdrawn,omitempty"`
	Out             bool    `json:"out,omitempty"`
}

// RecordTable is one table of a round of a Record.
type RecordTable struct {
	Round    int       `json:"round"`
	Table    int       `json:"table"`
	Entrants []int64   `json:"entrants"`
	Names    []string  `json:"names"`
	GameID   int64     `json:"game_id,omitempty"`
	Points   []float64 `json:"points,omitempty"`
	Bye      bool      `json:"bye,omitempty"`
}

// publicName is how a page or record names entrant e.
func publicName(e store.Entrant) string {
	switch {
	case e.Bot != "":
		return e.Bot
	case e.Name != "":
		return e.Name
	}
	local, _, _ := strings.Cut(e.Email, "@")
	return local
}

// RecordOf is t as a Record.
func RecordOf(t store.Tournament) Record {
	r := Record{ID: t.ID, Game: t.Game, Format: t.Format, Rounds: rounds(t), Seats: t.Seats, Options: t.Options,
		Status: t.Status, Round: t.Round, MaxPlaces: t.MaxEntrants, Entrants: []RecordEntrant{}, Standings: []RecordStanding{}, Tables: []RecordTable{}}
	if !t.ClosesAt.IsZero() {
		r.ClosesAt = t.ClosesAt.UTC().Format("2006-01-02T15:04:05Z")
	}
	for _, e := range t.Entrants {
		r.Entrants = append(r.Entrants, RecordEntrant{ID: e.ID, Name: publicName(e), Bot: e.Bot != "", Level: e.BotLevel, Seed: e.Seed, Joined: e.Joined, Withdrawn: e.Withdrawn})
	}
	if t.Status != store.TournamentSignup {
		for _, s := range Standings(t) {
			e, _ := entrant(t, s.ID)
			r.Standings = append(r.Standings, RecordStanding{Place: s.Place, ID: s.ID, Name: publicName(e), Points: s.Points, Buchholz: s.Buchholz,
				SonnebornBerger: s.SonnebornBerger, Played: s.Played, Won: s.Won, Drawn: s.Drawn, Lost: s.Lost, Byes: s.Byes, Withdrawn: s.Withdrawn, Out: s.Out})
		}
	}
	for _, tt := range t.Tables {
		rt := RecordTable{Round: tt.Round, Table: tt.Table, Entrants: tt.Seats, GameID: tt.GameID, Points: tt.Points, Bye: len(tt.Seats) == 1}
		for _, id := range tt.Seats {
			e, _ := entrant(t, id)
			rt.Names = append(rt.Names, publicName(e))
		}
		r.Tables = append(r.Tables, rt)
	}
	return r
}
