package watch

import (
	"context"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
	"pbem/templates"
)

// Core is what watch needs of the server's core.
type Core interface {
	Load(ctx context.Context, id int64) (core.Game, error)
	// Greeting is how the mails to address greet its reader, in their
	// language.
	Greeting(ctx context.Context, address, name string) (string, lang.Tag, error)
	// TokenGenOf is the generation of address's lobby tokens.
	TokenGenOf(ctx context.Context, address string) (int, error)
	Footer(g store.Game, st engine.State, next, seat int) *templates.Footer
	// WatcherMail composes a mail of game g to a watcher, threaded to the
	// mail answered when there is one.
	WatcherMail(ctx context.Context, g store.Game, t lang.Tag, address string, gen int, name string, topic lang.Msg, data any, foot *templates.Footer, answered parser.Mail) (store.OutMail, error)
	// Ignore records a mail that causes nothing but mails.
	Ignore(ctx context.Context, in store.Inbound, game int64, mails ...store.OutMail) error
	// Stranger records a mail that may act for no seat and explains why
	// to its sender, at most once a day.
	Stranger(ctx context.Context, in store.Inbound, m parser.Mail, game int64, why string, reason lang.Msg) error
	// AskCommand asks the From address of m, which proved nothing, to
	// confirm the commands lines before they are carried out.
	AskCommand(ctx context.Context, in store.Inbound, m parser.Mail, lines string) error
}

// Watchers are watch's operations on the store through the core.
type Watchers struct {
	Store *store.Store
	Core  Core
}

// Watch lets address watch game id, whatever the game's watchers option
// (the operator decides), and mails it the board. It reports whether the
// address was not a watcher already.
func (w Watchers) Watch(ctx context.Context, id int64, address string) (bool, error) {
	return w.watch(ctx, id, address, nil, parser.Mail{}, true)
}

// Unwatch stops address watching game id (every game when id is 0) and
// returns the games it watched.
func (w Watchers) Unwatch(ctx context.Context, id int64, address string) ([]int64, error) {
	return w.Store.RemoveWatcher(ctx, id, parser.CanonicalAddress(address), nil)
}

// watch adds a watcher, by the operator (any game) or by mail (games whose
// watchers option is open; in is the mail).
//
// It takes no game lock: adding a watcher changes no game, and a mail
// handled under its game's lock may ask for it.
func (w Watchers) watch(ctx context.Context, id int64, address string, in *store.Inbound, answered parser.Mail, operator bool) (bool, error) {
	l, err := w.Core.Load(ctx, id)
	if err != nil {
		return false, err
	}
	address = parser.CanonicalAddress(address)
	set, err := core.ReadSettings(l.Row.Options, l.Kind)
	if err != nil {
		return false, err
	}
	if !operator && !set.WatchersOpen {
		return false, engine.Refuse("game %d is not open to watchers: its players play among themselves", id)
	}
	for _, seat := range l.Row.Seats {
		if seat.Bot == "" && parser.SameAddress(seat.Email, address) {
			return false, engine.Refuse("%s plays in game %d: its player gets every move already", address, id)
		}
	}
	who, tag, err := w.Core.Greeting(ctx, address, "")
	if err != nil {
		return false, err
	}
	gen, err := w.Core.TokenGenOf(ctx, address)
	if err != nil {
		return false, err
	}
	text := lang.T("You are watching %s, game %d: a mail will come after every move, with the board as the players see it but for their racks. Reply with unwatch on a line of its own to stop.", l.Kind.Name(), id).In(tag)
	notice := templates.Notice{Game: l.Kind.Name(), GameID: id, Player: who, Text: text}
	notice.Board, notice.Flow = core.Rendered(l.State, engine.View{Seat: -1, Names: core.Names(l.Row), Lang: tag})
	m, err := w.Core.WatcherMail(ctx, l.Row, tag, address, gen, "notice", lang.T("you are watching"), notice,
		w.Core.Footer(l.Row, l.State, core.NextTurn(l.Row, nil), -1), answered)
	if err != nil {
		return false, err
	}
	return w.Store.AddWatcher(ctx, id, address, []store.OutMail{m}, in)
}
