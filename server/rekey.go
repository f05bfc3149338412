package server

import (
	"pbem/server/core"

	"context"
	"errors"
	"fmt"
	"pbem/lang"

	"pbem/engine"
	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
	"pbem/templates"
)

// Rekey gives the seat of the player at email in game id, or every
// player's seat when email is "", a new reply token, and mails each of
// them the board under their new reply address. The earlier tokens stop
// working: a mail that carries one is refused, and its seat's player told
// so. It returns the addresses rekeyed.
func (s *Server) Rekey(ctx context.Context, id int64, email string) ([]string, error) {
	defer s.lock(id)()
	for attempt := 1; ; attempt++ {
		l, err := s.load(ctx, id)
		if err != nil {
			return nil, err
		}
		var seats []int
		var emails []string
		for _, seat := range l.row.Seats {
			if seat.Bot == "" && (email == "" || parser.SameAddress(seat.Email, email)) {
				seats, emails = append(seats, seat.Seat), append(emails, seat.Email)
			}
		}
		if len(seats) == 0 {
			if email == "" {
				return nil, engine.Refuse("game %d has no player to rekey", id)
			}
			return nil, engine.Refuse("%s has no seat in game %d", email, id)
		}
		err = s.rekey(ctx, l, seats, nil)
		if errors.Is(err, store.ErrConflict) && attempt < core.MaxAttempts {
			continue
		}
		return emails, err
	}
}

// rekey moves seats of l to new tokens and queues their "rekey" mails, in
// one transaction with in, the mail that asked for it, when there is one.
func (s *Server) rekey(ctx context.Context, l loaded, seats []int, in *store.Inbound) error {
	var keys []store.Rekey
	var mails []store.OutMail
	for _, n := range seats {
		seat := l.row.Seats[n]
		keys = append(keys, store.Rekey{Seat: n, From: seat.TokenGen})
		seat.TokenGen++
		m, err := s.rekeyMail(l, seat)
		if err != nil {
			return err
		}
		mails = append(mails, m)
	}
	if in != nil {
		in.Outcome, in.Detail = store.Applied, "rekey"
	}
	err := s.store.RecordInbound(ctx, store.Record{Inbound: in, GameID: l.row.ID, Mails: mails, Rekey: keys})
	return err
}

// rekeyMail is the first mail of seat's new thread: the board, whose turn
// it is, and the new reply address.
func (s *Server) rekeyMail(l loaded, seat store.Seat) (store.OutMail, error) {
	g, st := l.row, l.state
	names := core.Names(g)
	tag := s.langOf(seat)
	data := templates.Rekey{
		Game: l.game.Name(), GameID: g.ID, Player: seat.Label(),
		YourTurn: st.ToMove() == seat.Seat, MoveNumber: core.NextTurn(g, nil), Over: st.Over() || g.Status != store.StatusActive,
		Notation: core.Notation(l.game, tag),
	}
	data.Board, data.Flow = core.Rendered(st, engine.View{Seat: seat.Seat, Names: names, Lang: tag})
	if to := st.ToMove(); to >= 0 {
		data.ToMove = names[to]
	}
	token := mailer.Token(g.Secret, g.ID, seat.Seat, seat.TokenGen)
	return s.compose(g, seat, "rekey", lang.T("a new reply address"), mailer.ThreadID(g.ID, token, s.domain()), data,
		s.footer(g, st, core.NextTurn(g, nil), seat.Seat))
}

// revokedToken records a mail that carries a token a rekey revoked, and
// tells the seat's player — at their registered address, never the
// sender's, who may be whoever the old token leaked to — at most once a
// day.
func (s *Server) revokedToken(ctx context.Context, in store.Inbound, l loaded, seat int, from string) error {
	row := l.row.Seats[seat]
	in.Outcome, in.Detail = store.Rejected, fmt.Sprintf("a revoked reply token of seat %d, from %s", seat+1, from)
	rec := store.Record{Inbound: &in, GameID: l.row.ID}
	if row.Bot == "" {
		m, err := s.templated(l.row, row, "revoked", lang.T("a mail with an old reply address"), templates.Revoked{
			Game: l.game.Name(), GameID: l.row.ID, Player: row.Label(), Sender: from,
		}, s.footer(l.row, l.state, core.NextTurn(l.row, nil), seat))
		if err != nil {
			return err
		}
		rec.Limited = &store.LimitedMail{Mail: m, Limits: []store.Limit{{Key: fmt.Sprintf("revoked:%d:%d", l.row.ID, seat), Every: core.StrangerEvery}}}
	}
	err := s.store.RecordInbound(ctx, rec)
	return err
}

// generations are the seats' token generations, in seating order.
func generations(g store.Game) []int {
	out := make([]int, len(g.Seats))
	for i, seat := range g.Seats {
		out[i] = seat.TokenGen
	}
	return out
}

// rekeyed reports whether cmds ask for a rekey.
func rekeyed(cmds []parser.Command) bool {
	for _, c := range cmds {
		if c.Verb == parser.Rekey {
			return true
		}
	}
	return false
}
