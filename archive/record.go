package archive

import (
	"pbem/engine"
	"pbem/lang"
	"pbem/store"
)

// Format is the version marker of the JSON record, its "format" field. A
// reader of this version reads every file that carries it: fields may be
// added under the same marker (readers ignore those they do not know), but
// a field renamed, removed or given another meaning takes a new one.
const Format = "pbem-export-1"

// TimeLayout is how the record writes times: UTC to the second.
const TimeLayout = "2006-01-02 15:04:05Z07:00"

// Record is a game's whole history: with the game's engine, its seed,
// options, seats and the moves' notation rebuild it anywhere. Its JSON is
// the schema of docs/archive.md.
type Record struct {
	Format  string            `json:"format"`
	ID      int64             `json:"id"`
	Game    string            `json:"game"`
	Options map[string]string `json:"options"`
	Seed    uint64            `json:"seed"`
	Status  string            `json:"status"`
	Created string            `json:"created_at"`
	Players []Seat            `json:"players"`
	Moves   []Move            `json:"moves"`
	Result  Result            `json:"result"`
	// Holders are the holders over time of the seats that changed hands;
	// none when no seat did (Holder).
	Holders []Holder `json:"holders,omitempty"`
}

// Seat is one place at the table, in seating order.
type Seat struct {
	Seat  int    `json:"seat"`
	Email string `json:"email,omitempty"` // a player's address; none for a computer
	Name  string `json:"name"`            // the name, else the address, else the computer's label
	Bot   bool   `json:"bot,omitempty"`
	// Level is the level a computer seat played at, easy or strong; none
	// for normal, the default, and for a player.
	Level string `json:"level,omitempty"`
	// OfferedUntil says the seat is on offer until then (its player left
	// and nobody holds it; Name is store.OnOffer, Bot true): an import
	// keeps it on offer. None for any other seat.
	OfferedUntil string `json:"offered_until,omitempty"`
}

// Move is one move of the history, as game history --json lists it too.
type Move struct {
	Number   int      `json:"number"`
	Turn     int      `json:"turn"`            // the number players know it by, #turn
	Aside    bool     `json:"aside,omitempty"` // a draw offer or answer, sharing its turn's number
	Seat     int      `json:"seat"`
	Player   string   `json:"player"`
	Text     string   `json:"text"`
	Notation string   `json:"notation"`
	Score    int      `json:"score"`
	Events   []string `json:"events"`
	Time     string   `json:"time"`
	Mail     string   `json:"message_id,omitempty"`
}

// Result is how the game stands after its last move.
type Result struct {
	Scores  []int    `json:"scores"`
	Winners []string `json:"winners"`
	Ending  string   `json:"ending,omitempty"`
}

// Build is the record of game g, its history and its state after the last
// move.
func Build(g store.Game, moves []store.Move, final engine.State) Record {
	rec := Record{
		Format: Format, ID: g.ID, Game: g.Type, Options: options(g.Options), Seed: g.Seed,
		Status: g.Status, Created: g.CreatedAt.UTC().Format(TimeLayout), Moves: Moves(g, moves),
		Result: Result{Scores: final.Scores(), Winners: []string{}},
	}
	if len(g.Holders) > 0 {
		rec.Holders = Holders(g.Holders)
	}
	labels := make([]string, len(g.Seats))
	for i, seat := range g.Seats {
		rs := Seat{Seat: i, Email: seat.Email, Name: seat.Label(), Bot: seat.Bot != "", Level: seat.BotLevel}
		if !seat.Offered.IsZero() {
			rs.OfferedUntil = seat.Offered.UTC().Format(TimeLayout)
		}
		rec.Players = append(rec.Players, rs)
		labels[i] = seat.Label()
	}
	if final.Over() {
		for _, w := range final.Winners() {
			rec.Result.Winners = append(rec.Result.Winners, SeatID(g.Seats[w]))
		}
	}
	rec.Result.Ending = engine.Ending(final, engine.View{Names: labels})
	return rec
}

// Moves is the history of g as the record lists it.
func Moves(g store.Game, moves []store.Move) []Move {
	out := make([]Move, 0, len(moves))
	for _, m := range moves {
		events := lang.All(m.Events, lang.English) // the record is English, its shape stable
		out = append(out, Move{
			Number: m.Number, Turn: m.Turn, Aside: m.Aside, Seat: m.Seat, Player: PlayerAt(g, m.Seat, m.Number), Text: m.Text,
			Notation: m.Notation, Score: m.Score, Events: events,
			Time: m.CreatedAt.UTC().Format(TimeLayout), Mail: m.MessageID,
		})
	}
	return out
}

// SeatID is how a seat appears in machine-readable output: the player's
// address, or the label of a computer seat.
func SeatID(s store.Seat) string {
	if s.Bot != "" {
		return s.Bot
	}
	return s.Email
}

func options(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}
