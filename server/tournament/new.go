package tournament

import (
	"context"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"pbem/engine"
	"pbem/pairing"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// Request asks for a tournament: its game, format and the options of its
// games, who enters (people and computer seats) and when its sign-up
// closes.
type Request struct {
	Game   string
	Format string // pairing.Format
	Rounds int    // a Swiss's rounds; the format's own otherwise
	Seats  int    // each game's seats; 0 is two, or the game's fewest
	// Options are the games' options (clock=72h, …), each game's own.
	Options map[string]string
	// People enter at once (the operator's, and the player who makes it by
	// mail) or are invited (Joined false: they join by mail).
	People []Person
	// Creator is the player who makes it by mail; 0 for the operator.
	Creator int64
	// Bots are the computer seats, a level each ("", "easy", "strong").
	Bots []string
	// Open is how many entrants it takes in all, anyone registered joining
	// until then; 0 closes the sign-up when every person named has joined.
	Open int
	// Until closes the sign-up on a date, whoever joined; zero for none.
	Until time.Time
}

// Person is a person entered by address, with a name or none: joined at
// once, or invited.
type Person struct {
	Email, Name string
	Joined      bool
}

// formats are the format words, English and French, beside the format.
var formats = map[string]pairing.Format{
	"round-robin": pairing.RoundRobin, "roundrobin": pairing.RoundRobin, "toutes-rondes": pairing.RoundRobin, "championnat": pairing.RoundRobin,
	"swiss": pairing.Swiss, "suisse": pairing.Swiss,
	"knockout": pairing.Knockout, "elimination": pairing.Knockout, "coupe": pairing.Knockout,
}

// ReadFormat is the format a word names, in either language.
func ReadFormat(word string) (pairing.Format, error) {
	if f, ok := formats[strings.ToLower(strings.TrimSpace(word))]; ok {
		return f, nil
	}
	return "", engine.Refuse("%q is no tournament format: round-robin, swiss or knockout", word)
}

// checked is req checked and completed: its game, format and seats, its
// entrants as the store takes them and how many it waits for.
func (ts Tournaments) checked(ctx context.Context, req Request) (store.NewTournament, error) {
	kind, err := ts.Games.Lookup(req.Game)
	if err != nil {
		return store.NewTournament{}, err
	}
	format, err := ReadFormat(req.Format)
	if err != nil {
		return store.NewTournament{}, err
	}
	lo, hi := kind.Seats()
	seats := req.Seats
	if seats == 0 {
		seats = max(2, lo)
	}
	if seats < lo || seats > hi {
		return store.NewTournament{}, engine.Refuse("%s is played by %d to %d players, not %d", kind.Name(), lo, hi, seats)
	}
	set, err := core.ReadSettings(req.Options, kind)
	if err != nil {
		return store.NewTournament{}, err
	}
	if err := core.CheckReplace(set, seats); err != nil { // as Server.Create checks each game: refused now, not when a round is paired
		return store.NewTournament{}, err
	}
	if err := core.RefuseOwnOptions(req.Options); err != nil {
		return store.NewTournament{}, err
	}
	if _, err := kind.New(core.EngineOptions(req.Options), 1, seats); err != nil {
		return store.NewTournament{}, err
	}
	nt := store.NewTournament{Game: kind.ID(), Format: string(format), Rounds: req.Rounds, Seats: seats, Options: req.Options,
		ClosesAt: req.Until, CreatedBy: req.Creator}
	seen := map[string]bool{}
	for _, p := range req.People {
		addr, err := mail.ParseAddress(p.Email)
		if err != nil || addr.Address != strings.TrimSpace(p.Email) {
			return store.NewTournament{}, engine.Refuse("%q is not a mail address", p.Email)
		}
		p.Email = parser.CanonicalAddress(addr.Address)
		if seen[p.Email] {
			return store.NewTournament{}, engine.Refuse("%s is given twice: a person enters once", p.Email)
		}
		seen[p.Email] = true
		nt.Entrants = append(nt.Entrants, store.NewEntrant{Email: p.Email, Name: p.Name, Joined: p.Joined})
	}
	for i, word := range req.Bots {
		level, err := engine.ParseLevel(word)
		if err != nil {
			return store.NewTournament{}, err
		}
		e := store.NewEntrant{Bot: fmt.Sprintf("Robot %d", i+1)}
		if level != engine.LevelNormal {
			e.BotLevel = string(level)
		}
		nt.Entrants = append(nt.Entrants, e)
	}
	nt.MaxEntrants = req.Open
	if req.Open == 0 {
		nt.MaxEntrants = len(nt.Entrants)
	}
	if req.Open > 0 && req.Open < len(nt.Entrants) {
		return store.NewTournament{}, engine.Refuse("open %d leaves no place for the %d entrants named", req.Open, len(nt.Entrants))
	}
	if err := pairing.Validate(format, req.Rounds, seats, nt.MaxEntrants); err != nil {
		return store.NewTournament{}, err
	}
	return nt, nil
}

// New makes the operator's tournament: its people and computer seats
// enter at once, and when that fills it, it starts at once.
func (ts Tournaments) New(ctx context.Context, req Request) (int64, error) {
	req.Creator = 0
	for i := range req.People {
		req.People[i].Joined = true
	}
	nt, err := ts.checked(ctx, req)
	if err != nil {
		return 0, err
	}
	id, err := ts.Store.CreateTournament(ctx, nt)
	if err != nil {
		return 0, err
	}
	_, err = ts.Step(ctx, id, ts.Core.Now())
	return id, err
}
