package server

import (
	"pbem/server/clock"

	"pbem/server/core"

	"context"
	"fmt"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/store"
	"pbem/templates"
)

// Create validates and stores a new game, then lets computer seats play
// until a human is to move, and returns the game's ID. A game of computers
// alone is over when it returns.
func (s *Server) Create(ctx context.Context, req core.NewGame) (int64, error) {
	g, err := s.games.Lookup(req.Game)
	if err != nil {
		return 0, err
	}
	seats, err := s.people.checkSeats(ctx, g, req.AskedSeats())
	if err != nil {
		return 0, err
	}
	set, err := core.ReadSettings(req.Options, g)
	if err != nil {
		return 0, err
	}
	if err := core.CheckReplace(set, len(seats)); err != nil {
		return 0, err
	}
	if _, ok := req.Options[core.OptTournament]; ok && req.TournamentTable == 0 {
		return 0, engine.Refuse("option %s is the server's own: a tournament's games carry it", core.OptTournament)
	}
	if _, ok := req.Options[core.OptLadder]; ok && req.LadderChallenge == 0 {
		return 0, engine.Refuse("option %s is the server's own: a ladder's games carry it", core.OptLadder)
	}
	var seed uint64
	var st engine.State
	if req.Seed != nil {
		seed = *req.Seed
		st, err = g.New(core.EngineOptions(req.Options), seed, len(seats))
	} else {
		seed, st, err = core.PlayableSeed(g, core.EngineOptions(req.Options), len(seats), core.RandomSeed)
	}
	if err != nil {
		return 0, err
	}
	data, err := st.Encode()
	if err != nil {
		return 0, fmt.Errorf("encode new %s game: %w", g.ID(), err)
	}
	secret, err := core.NewSecret()
	if err != nil {
		return 0, err
	}
	create := store.NewGame{
		Type: g.ID(), Options: req.Options, Seed: seed, Secret: secret, State: data, Seats: seats,
		BotToMove: st.ToMove() >= 0 && seats[st.ToMove()].Bot != "",
		CreatedBy: req.CreatedBy,
	}
	create.Challenge, create.Inbound, create.TournamentTable = req.Start, req.Inbound, req.TournamentTable
	row := store.Game{Seats: make([]store.Seat, len(seats))}
	for i, seat := range seats {
		row.Seats[i].Bot = seat.Bot
	}
	row.Notified = store.Uninvited // every player gets an invitation
	create.Clock = s.turnClock(set, row, st, s.cfg.Now(), time.Time{})
	if !create.BotToMove {
		// Else the invitations wait for the computer seats' opening moves,
		// and tell them (see notifications).
		create.Invite = func(created store.Game) ([]store.OutMail, error) { return s.mail.invitations(created, g, st, nil, nil) }
	}
	id, err := s.store.CreateGame(ctx, create)
	if err != nil {
		return 0, err
	}
	if st.Over() {
		if err := s.store.SetStatus(ctx, id, store.StatusActive, store.StatusFinished); err != nil {
			return 0, err
		}
	}
	if err := s.RunBots(ctx, id); err != nil {
		return id, err
	}
	return id, nil
}

// invitations are the first mails of a game, one per player: the rules in
// short, how to write a move, the board and whose turn it is; and when
// computer seats played first, their moves, with their events, the board
// marking what they placed since before.
func (c *composer) invitations(g store.Game, kind engine.Game, st engine.State, moves []store.Move, before engine.State) ([]store.OutMail, error) {
	names := core.Names(g)
	first := st.ToMove()
	if len(moves) > 0 {
		first = moves[0].Seat
	}
	inv := templates.Invitation{Game: kind.Name(), GameID: g.ID, Players: inPlayOrder(names, first), MoveNumber: core.NextTurn(g, nil)}
	var clocked lang.Msg
	if set, err := core.ReadSettings(g.Options, kind); err == nil {
		clocked = clock.Sentence(set, len(g.Seats))
	}
	if seat := st.ToMove(); seat >= 0 {
		inv.ToMove = names[seat]
	}
	said := newPerLang(func(t lang.Tag) templates.Invitation {
		i := inv
		i.Notation, i.Clock, i.Levels = core.Notation(kind, t), clocked.In(t), levelsSentence(g, t)
		if d, ok := kind.(engine.Documented); ok {
			i.Rules = d.Rules().In(t)
		}
		return i
	})
	events := newPerLang(func(t lang.Tag) [][]string { return eventsOf(moves, st, names, t) })
	pics := c.pictures(g, kind)
	var out []store.OutMail
	for _, seat := range g.Seats {
		if seat.Bot != "" {
			continue
		}
		tag := c.langOf(seat)
		i := said.in(tag)
		i.Player, i.YourTurn = seat.Label(), st.ToMove() == seat.Seat
		i.Played = played(kind, tag, moves, events.in(tag), names, seat.Seat)
		view := engine.View{Seat: seat.Seat, Names: names, Before: before, Lang: tag}
		i.Board, i.Flow = core.Rendered(st, view)
		pic := pics.forSeat(seat, st, view)
		i.Picture, i.PictureWidth = pic.cid(), pic.px()
		token := mailer.Token(g.Secret, g.ID, seat.Seat, seat.TokenGen)
		m, err := c.composeWith(g, seat, "invitation", lang.T("a new game"), mailer.ThreadID(g.ID, token, c.domain()), i, c.footer(g, st, inv.MoveNumber, seat.Seat), pic)
		if err != nil {
			return nil, err
		}
		m.Starts = i.YourTurn && !st.Over()
		out = append(out, m)
	}
	return out, nil
}

// levelsSentence says at which level each computer seat of g plays that
// does not play normal, "" when none: "Robot plays at the easy level."
func levelsSentence(g store.Game, t lang.Tag) string {
	var ms []lang.Msg
	for _, seat := range g.Seats {
		switch engine.Level(seat.BotLevel) {
		case engine.LevelEasy:
			ms = append(ms, lang.T("%s plays at the easy level: it often plays a lesser move than its best.", seat.Label()))
		case engine.LevelStrong:
			ms = append(ms, lang.T("%s plays at the strong level.", seat.Label()))
		}
	}
	return core.Joined{Msgs: ms, Sep: " "}.In(t)
}

// inPlayOrder is names in the order the seats play: seating order from
// first, the seat that plays first, round the table.
func inPlayOrder(names []string, first int) []string {
	if first <= 0 || first >= len(names) {
		return names
	}
	return append(append([]string(nil), names[first:]...), names[:first]...)
}
