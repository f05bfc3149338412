package templates

// Standings is the data of the "standings" mail, sent to every person in
// a tournament after each round and at its end: where everyone stands,
// with the tie-breaks, and what comes next for the reader.
type Standings struct {
	Player     string // the reader's name
	Tournament int64
	Game       string // the game's display name
	Format     string // the format as a sentence says it: "Swiss of 3 rounds"
	Round      int    // the round just over
	Rounds     int    // the tournament's rounds
	Final      bool   // the tournament is over
	Rows       []StandingRow
	// Next are the reader's tables of the next round, a sentence each
	// ("Round 2: game 14 against Bob, you play first"); empty at the end
	// or when the reader withdrew.
	Next []string
	// Address is where to write tournament commands: the lobby's.
	Address string
}

// StandingRow is one entrant's line of the standings.
type StandingRow struct {
	Place            int
	Name             string
	Points           string // "2.5 points", "1 point"
	Buchholz, SB     string
	Won, Drawn, Lost int
	// Note is "withdrawn", "out" (knocked out) or "", in the reader's
	// language.
	Note string
	You  bool // the reader's own line
}

func init() {
	examples["standings"] = []any{
		Standings{},
		Standings{Player: "p", Tournament: 1, Game: "g", Format: "f", Round: 1, Rounds: 3,
			Rows: []StandingRow{{Place: 1, Name: "a", Points: "1", Buchholz: "0", SB: "0", Won: 1, You: true}, {Place: 2, Name: "b", Points: "0", Buchholz: "1", SB: "0", Lost: 1, Note: "n"}},
			Next: []string{"n"}, Address: "a@example.org"},
		Standings{Player: "p", Tournament: 1, Game: "g", Format: "f", Round: 3, Rounds: 3, Final: true, Rows: []StandingRow{{Place: 1, Name: "a"}}},
	}
}
