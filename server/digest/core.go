package digest

import (
	"context"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
	"pbem/templates"
)

// Core is what the digests need of the server's core.
type Core interface {
	// DigestKey is the server's key of the digests' reply addresses.
	DigestKey(ctx context.Context) ([]byte, error)
	Load(ctx context.Context, id int64) (core.Game, error)
	Lock(id int64) func()
	// Address is the server's own address; Domain its domain; Now its
	// clock.
	Address() string
	Domain() string
	Now() time.Time
	Chosen(choice string) lang.Tag
	Picture(g store.Game, kind engine.Game, seat store.Seat, st engine.State, v engine.View) core.Picture
	// Render runs mail template name in t on data.
	Render(name string, t lang.Tag, data any, foot *templates.Footer) (text, html string, err error)
	// OutMail is msg as the outbox keeps it, with its pictures.
	OutMail(msg mailer.Message, pics ...core.Picture) (store.OutMail, error)
	ComposeTo(ctx context.Context, t lang.Tag, address, name string, subject lang.Msg, data any, answered parser.Mail) (store.OutMail, error)
	// LobbyNotice is a notice from the lobby to address.
	LobbyNotice(ctx context.Context, address string, topic, text lang.Msg, answered parser.Mail) (store.OutMail, error)
	Stranger(ctx context.Context, in store.Inbound, m parser.Mail, game int64, why string, reason lang.Msg) error
	Ignore(ctx context.Context, in store.Inbound, game int64, mails ...store.OutMail) error
	// HandleSeat plays text, the lines m writes for seat of g, as a reply
	// to the seat's own mail would.
	HandleSeat(ctx context.Context, in store.Inbound, m parser.Mail, g core.Game, seat int, text string) (mailer.Verdict, error)
	// RunBots lets the computer seats to move in game id play.
	RunBots(ctx context.Context, id int64) error
	// Control handles the commands anyone may send (stop).
	Control(ctx context.Context, in store.Inbound, m parser.Mail, cmds []parser.Command, vouched bool) (mailer.Verdict, int64, error)
	// PlayExample is a line that plays in player pid's first game.
	PlayExample(ctx context.Context, pid int64) (lang.Msg, error)
}

// Digests are the digests' operations on the store through the core.
type Digests struct {
	Store *store.Store
	Core  Core
}
