package rekey

import (
	"context"
	"errors"
	"fmt"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
	"pbem/templates"
)

// Core is what rekeying needs of the server's core.
type Core interface {
	Lock(id int64) func()
	Load(ctx context.Context, id int64) (core.Game, error)
	LangOf(seat store.Seat) lang.Tag
	Domain() string
	// Compose composes mail name to seat of g with Message-ID messageID.
	Compose(g store.Game, seat store.Seat, name string, topic lang.Msg, messageID string, data any, foot *templates.Footer) (store.OutMail, error)
	Templated(g store.Game, to store.Seat, name string, topic lang.Msg, data any, foot *templates.Footer) (store.OutMail, error)
	Footer(g store.Game, st engine.State, next, seat int) *templates.Footer
}

// Rekeys are rekeying's operations on the store through the core.
type Rekeys struct {
	Store *store.Store
	Core  Core
}

// Rekey gives the seat of the player at email in game id, or every
// player's seat when email is "", a new reply token, and mails each of
// them the board under their new reply address. The earlier tokens stop
// working: a mail that carries one is refused, and its seat's player told
// so. It returns the addresses rekeyed.
func (r Rekeys) Rekey(ctx context.Context, id int64, email string) ([]string, error) {
	defer r.Core.Lock(id)()
	for attempt := 1; ; attempt++ {
		l, err := r.Core.Load(ctx, id)
		if err != nil {
			return nil, err
		}
		var seats []int
		var emails []string
		for _, seat := range l.Row.Seats {
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
		err = r.Seats(ctx, l, seats, nil)
		if errors.Is(err, store.ErrConflict) && attempt < core.MaxAttempts {
			continue
		}
		return emails, err
	}
}

// Seats moves seats of l to new tokens and queues their "rekey" mails, in
// one transaction with in, the mail that asked for it, when there is one.
func (r Rekeys) Seats(ctx context.Context, l core.Game, seats []int, in *store.Inbound) error {
	var keys []store.Rekey
	var mails []store.OutMail
	for _, n := range seats {
		seat := l.Row.Seats[n]
		keys = append(keys, store.Rekey{Seat: n, From: seat.TokenGen})
		seat.TokenGen++
		m, err := r.mail(l, seat)
		if err != nil {
			return err
		}
		mails = append(mails, m)
	}
	if in != nil {
		in.Outcome, in.Detail = store.Applied, "rekey"
	}
	err := r.Store.RecordInbound(ctx, store.Record{Inbound: in, GameID: l.Row.ID, Mails: mails, Rekey: keys})
	return err
}

// mail is the first mail of seat's new thread: the board, whose turn
// it is, and the new reply address.
func (r Rekeys) mail(l core.Game, seat store.Seat) (store.OutMail, error) {
	g, st := l.Row, l.State
	names := core.Names(g)
	tag := r.Core.LangOf(seat)
	data := templates.Rekey{
		Game: l.Kind.Name(), GameID: g.ID, Player: seat.Label(),
		YourTurn: st.ToMove() == seat.Seat, MoveNumber: core.NextTurn(g, nil), Over: st.Over() || g.Status != store.StatusActive,
		Notation: core.Notation(l.Kind, tag),
	}
	data.Board, data.Flow = core.Rendered(st, engine.View{Seat: seat.Seat, Names: names, Lang: tag})
	if to := st.ToMove(); to >= 0 {
		data.ToMove = names[to]
	}
	token := mailer.Token(g.Secret, g.ID, seat.Seat, seat.TokenGen)
	return r.Core.Compose(g, seat, "rekey", lang.T("a new reply address"), mailer.ThreadID(g.ID, token, r.Core.Domain()), data,
		r.Core.Footer(g, st, core.NextTurn(g, nil), seat.Seat))
}

// Revoked records a mail that carries a token a rekey revoked, and
// tells the seat's player — at their registered address, never the
// sender's, who may be whoever the old token leaked to — at most once a
// day.
func (r Rekeys) Revoked(ctx context.Context, in store.Inbound, l core.Game, seat int, from string) error {
	row := l.Row.Seats[seat]
	in.Outcome, in.Detail = store.Rejected, fmt.Sprintf("a revoked reply token of seat %d, from %s", seat+1, from)
	rec := store.Record{Inbound: &in, GameID: l.Row.ID}
	if row.Bot == "" {
		m, err := r.Core.Templated(l.Row, row, "revoked", lang.T("a mail with an old reply address"), templates.Revoked{
			Game: l.Kind.Name(), GameID: l.Row.ID, Player: row.Label(), Sender: from,
		}, r.Core.Footer(l.Row, l.State, core.NextTurn(l.Row, nil), seat))
		if err != nil {
			return err
		}
		rec.Limited = &store.LimitedMail{Mail: m, Limits: []store.Limit{{Key: fmt.Sprintf("revoked:%d:%d", l.Row.ID, seat), Every: core.StrangerEvery}}}
	}
	err := r.Store.RecordInbound(ctx, rec)
	return err
}

// Requested reports whether cmds ask for a rekey.
func Requested(cmds []parser.Command) bool {
	for _, c := range cmds {
		if c.Verb == parser.Rekey {
			return true
		}
	}
	return false
}
