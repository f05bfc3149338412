package records

import (
	"context"
	"fmt"
	"strings"
	"time"

	"pbem/archive"
	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// Import recreates a game from its archive (game export's JSON) under a new
// ID: the same type, options, seed and seats, and every move replayed
// through the engine from its canonical notation, as Verify replays stored
// moves, so that the new game verifies. A move the engine refuses, or
// replays otherwise than the file says, refuses the whole file, naming the
// move. It sends no mail and plays no computer move: an imported game that
// goes on waits for its player (a computer to move plays when the daemon
// next resumes games).
func (r Records) Import(ctx context.Context, rec archive.Record) (int64, error) {
	kind, err := r.Games.Lookup(rec.Game)
	if err != nil {
		return 0, err
	}
	asked, err := importSeats(rec.Players)
	if err != nil {
		return 0, err
	}
	seats, err := r.Core.CheckSeats(ctx, kind, asked)
	if err != nil {
		return 0, err
	}
	if err := offeredSeats(rec.Players, seats); err != nil {
		return 0, err
	}
	set, err := core.ReadSettings(rec.Options, kind)
	if err != nil {
		return 0, err
	}
	st, err := kind.New(core.EngineOptions(rec.Options), rec.Seed, len(seats))
	if err != nil {
		return 0, err
	}
	initial, err := st.Encode()
	if err != nil {
		return 0, fmt.Errorf("encode new %s game: %w", kind.ID(), err)
	}
	moves := make([]store.Move, 0, len(rec.Moves))
	replayed := newLine(kind, st)
	for _, m := range rec.Moves {
		move, next, err := replayMove(replayed, m)
		if err != nil {
			return 0, err
		}
		moves = append(moves, move)
		st = next
	}
	if got, want := st.Scores(), rec.Result.Scores; len(want) > 0 && fmt.Sprint(got) != fmt.Sprint(want) {
		return 0, engine.Refuse("the moves replay to the scores %v, and the file's result says %v", got, want)
	}
	stat := core.Status(st)
	switch {
	case rec.Status == store.StatusAborted:
		stat = store.StatusAborted
	case rec.Status != "" && rec.Status != stat:
		return 0, engine.Refuse("the file says the game is %s, and its moves leave it %s", rec.Status, stat)
	}
	created, err := archive.ParseTime(rec.Created)
	if err != nil {
		return 0, engine.Refuse("created_at: %v", err)
	}
	secret, err := core.NewSecret()
	if err != nil {
		return 0, err
	}
	row := store.Game{Seats: make([]store.Seat, len(seats))}
	for i, seat := range seats {
		row.Seats[i].Bot, row.Seats[i].Offered = seat.Bot, seat.OfferedUntil
	}
	imp := store.ImportedGame{
		Game: store.NewGame{
			Type: kind.ID(), Options: rec.Options, Seed: rec.Seed, Secret: secret, State: initial, Seats: seats,
			BotToMove: stat == store.StatusActive && core.BotToMove(row, st),
		},
		CreatedAt: created, Moves: moves, Status: stat, Holders: archive.StoreHolders(rec.Holders),
	}
	if stat == store.StatusActive {
		imp.Game.Clock = core.TurnClock(set, row, st, r.Core.Now(), time.Time{})
	}
	return r.Store.ImportGame(ctx, imp)
}

// replayMove plays one move of an archive on the game replayed so far,
// as Verify replays stored moves, and returns it as the store keeps it.
// An undo keeps the archive's events, which the engine does not make.
func replayMove(replayed *line, m archive.Move) (store.Move, engine.State, error) {
	refuse := func(err error) (store.Move, engine.State, error) {
		return store.Move{}, nil, engine.Refuse("move %d (%q, by seat %d) does not replay: %s", m.Number, m.Notation, m.Seat+1, err.Error())
	}
	at, err := archive.ParseTime(m.Time)
	if err != nil {
		return refuse(err)
	}
	move := store.Move{Seat: m.Seat, Text: m.Text, Notation: m.Notation, Aside: m.Aside, Score: m.Score, CreatedAt: at, MessageID: m.Mail}
	next, out, err := replayed.play(move)
	if err != nil {
		return refuse(err)
	}
	if move.State, err = next.Encode(); err != nil {
		return store.Move{}, nil, fmt.Errorf("move %d: encode state: %w", m.Number, err)
	}
	move.Public, move.Aside, move.Events = out.Public, out.Aside, out.Events
	if _, undo := move.Undoes(); undo {
		for _, e := range m.Events {
			move.Events = append(move.Events, lang.Text(e))
		}
	}
	return move, next, nil
}

// offeredSeats marks the seats of players that were on offer when the
// game was exported (offered_until) as on offer again, until the same
// time: the seat waits for a taker as it did.
func offeredSeats(players []archive.Seat, seats []store.NewSeat) error {
	for i, p := range players {
		if p.OfferedUntil == "" {
			continue
		}
		until, err := archive.ParseTime(p.OfferedUntil)
		if err != nil || !p.Bot || i >= len(seats) {
			return engine.Refuse("seat %d: offered_until is a time, for a seat on offer (bot true): %q", p.Seat+1, p.OfferedUntil)
		}
		seats[i].Bot, seats[i].BotLevel, seats[i].OfferedUntil = store.OnOffer, "", until
	}
	return nil
}

// importSeats are an archive's players as the seats asked for, checked
// then as game new checks its own: a player needs the address the export
// wrote (a name equal to it is no name), a computer its label.
func importSeats(players []archive.Seat) ([]core.AskedSeat, error) {
	asked := make([]core.AskedSeat, 0, len(players))
	for _, p := range players {
		if p.Bot {
			asked = append(asked, core.AskedSeat{Bot: true, Name: core.BotName(p.Name, p.Level)})
			continue
		}
		email := strings.TrimSpace(p.Email)
		if email == "" {
			return nil, engine.Refuse("seat %d (%s) has no mail address: a player's seat needs the address game export wrote in \"email\"", p.Seat+1, p.Name)
		}
		name := strings.TrimSpace(p.Name)
		if name == p.Email || name == parser.CanonicalAddress(email) {
			name = ""
		}
		asked = append(asked, core.AskedSeat{Email: p.Email, Name: name})
	}
	return asked, nil
}
