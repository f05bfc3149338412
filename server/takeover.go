package server

import (
	"context"
	"fmt"
	"time"

	"pbem/engine"
	"pbem/server/core"
	"pbem/store"
)

// TakeOver gives seat of game id, on offer, to the player at address
// (store.Player p), who took it over by mail (the lobby's takeover ID),
// in one transaction with the mail that asked (in): they get the game's
// first mail, with the board and their rack; the others are told.
func (s *Server) TakeOver(ctx context.Context, id int64, seat int, p store.Player, in *store.Inbound) error {
	defer s.lock(id)()
	l, err := s.load(ctx, id)
	if err != nil {
		return err
	}
	if seat < 0 || seat >= len(l.row.Seats) || l.row.Seats[seat].Offered.IsZero() || l.row.Status != store.StatusActive {
		return engine.Refuse("seat %d of game %d is not on offer (any more): takeovers lists the seats on offer", seat+1, id)
	}
	if core.SeatOfPlayer(l.row, p.ID) >= 0 {
		return engine.Refuse("you play in game %d already: a player holds one seat of a game", id)
	}
	next := store.Seat{Seat: seat, PlayerID: p.ID, Email: p.Email, Name: p.Name, Mail: p.Mail, Lang: p.Lang}
	return s.changeHands(ctx, l, next, store.HolderTakeover, in, nil)
}

// Replace is the operator's pbem game replace: seat of active game id
// goes at once to the computer at level (bot set) or to the person at
// email, whatever the game's replace option and however many play; the
// one who held it leaves it, the others are told. A computer to move
// then plays.
func (s *Server) Replace(ctx context.Context, id int64, seat int, bot bool, level engine.Level, email string) error {
	err := func() error {
		defer s.lock(id)()
		l, err := s.load(ctx, id)
		if err != nil {
			return err
		}
		if l.row.Status != store.StatusActive {
			return engine.Refuse("game %d is %s: only a running game's seat changes hands", id, store.StatusWord(l.row.Status))
		}
		if seat < 0 || seat >= len(l.row.Seats) {
			return engine.Refuse("game %d has %d seats: there is no seat %d", id, len(l.row.Seats), seat+1)
		}
		if resigned(l.state, seat) {
			return engine.Refuse("seat %d of game %d resigned: it plays no more", seat+1, id)
		}
		next := store.Seat{Seat: seat, Bot: botLabel(l.row, seat), BotLevel: core.StoredLevel(level)}
		if !bot {
			p, err := s.people.playerOf(ctx, email)
			if err != nil && !engine.IsRefusal(err) {
				return err
			}
			if p.ID != 0 && core.SeatOfPlayer(l.row, p.ID) >= 0 {
				return engine.Refuse("%s plays in game %d already", email, id)
			}
			if p.Email == "" {
				p.Email = email // a new player, created with the seat
			}
			next = store.Seat{Seat: seat, PlayerID: p.ID, Email: p.Email, Name: p.Name, Mail: p.Mail, Lang: p.Lang}
		}
		return s.changeHands(ctx, l, next, store.HolderOperator, nil, nil)
	}()
	if err != nil {
		return err
	}
	return s.RunBots(ctx, id)
}

// expireOffers gives each seat on offer whose time ran out by now to a
// computer at the game's replace_level, as of the instant the offer
// ended, and lets it play. It returns how many it gave.
func (s *Server) expireOffers(ctx context.Context, now time.Time) (int, error) {
	due, err := s.store.OfferedSeats(ctx, now)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, o := range due {
		did, err := s.expireOffer(ctx, o, now)
		if err != nil {
			return n, fmt.Errorf("game %d seat %d on offer: %w", o.GameID, o.Seat+1, err)
		}
		if did {
			n++
		}
	}
	return n, nil
}

// expireOffer gives seat o to a computer if it is still on offer past
// its time by now.
func (s *Server) expireOffer(ctx context.Context, o store.OfferedSeat, now time.Time) (bool, error) {
	unlock := s.lock(o.GameID)
	l, err := s.load(ctx, o.GameID)
	if err != nil {
		unlock()
		return false, err
	}
	offered := l.row.Seats[o.Seat].Offered
	if l.row.Status != store.StatusActive || offered.IsZero() || offered.After(now) {
		unlock()
		return false, nil // taken meanwhile
	}
	set, err := core.ReadSettings(l.row.Options, l.game)
	if err != nil {
		unlock()
		return false, err
	}
	next := store.Seat{Seat: o.Seat, Bot: botLabel(l.row, o.Seat), BotLevel: set.ReplaceLevel}
	err = s.changeHands(ctx, l, next, store.HolderUnclaimed, nil, nil)
	if err == nil {
		_, _, err = s.runBots(ctx, o.GameID, offered)
	}
	unlock()
	return err == nil, err
}
