package clock

import (
	"context"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
	"pbem/templates"
)

// Core is what the clocks need of the server's core.
type Core interface {
	// Lock takes game id's lock; the function it returns releases it.
	Lock(id int64) func()
	Load(ctx context.Context, id int64) (core.Game, error)
	// ServerMove plays text for seat of g as the server's own move (a
	// timeout) at the instant at, stored like a player's, then lets the
	// computer seats play, at that instant too.
	ServerMove(ctx context.Context, g core.Game, seat int, text string, at time.Time) error
	// PlayerOf is the player who owns address, a refusal for none.
	PlayerOf(ctx context.Context, address string) (store.Player, error)
	LangOf(seat store.Seat) lang.Tag
	// Chosen is the language of a player whose choice is choice.
	Chosen(choice string) lang.Tag
	// Picture is the board picture of st as v shows it to seat of g.
	Picture(g store.Game, kind engine.Game, seat store.Seat, st engine.State, v engine.View) core.Picture
	// ComposeWith composes mail name to seat of g with its picture, its
	// Message-ID of kind.
	ComposeWith(g store.Game, seat store.Seat, name string, topic lang.Msg, kind string, data any, foot *templates.Footer, pic core.Picture) (store.OutMail, error)
	Templated(g store.Game, to store.Seat, name string, topic lang.Msg, data any, foot *templates.Footer) (store.OutMail, error)
	Footer(g store.Game, st engine.State, next, seat int) *templates.Footer
	// ComposeTo composes mail name to address, no game's, in t, threaded
	// to the mail answered.
	ComposeTo(ctx context.Context, t lang.Tag, address, name string, subject lang.Msg, data any, answered parser.Mail) (store.OutMail, error)
}

// Clocks are the clock's operations on the store through the core.
type Clocks struct {
	Store *store.Store
	Core  Core
	Now   func() time.Time // nil: time.Now
}

func (cl Clocks) now() time.Time {
	if cl.Now == nil {
		return time.Now()
	}
	return cl.Now()
}
