package account

import (
	"context"
	"time"

	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// Core is what the account commands need of the server's core.
type Core interface {
	PlayerOf(ctx context.Context, address string) (store.Player, error)
	ComposeTo(ctx context.Context, t lang.Tag, address, name string, subject lang.Msg, data any, answered parser.Mail) (store.OutMail, error)
	Chosen(choice string) lang.Tag
	// DefaultLang is the language of the mails to someone who chose none.
	DefaultLang() lang.Tag
	PlayExample(ctx context.Context, pid int64) (lang.Msg, error)
	Now() time.Time
	// ChangeVacation starts or ends the vacation of the player who owns
	// address (clock.Clocks.ChangeVacation).
	ChangeVacation(ctx context.Context, address, spec string, in *store.Inbound, answered parser.Mail) (string, error)
	// Refuse records a refused mail of seat of g and explains why to its
	// sender.
	Refuse(ctx context.Context, in store.Inbound, g core.Game, seat int, why error) (mailer.Verdict, error)
}

// Accounts are the account commands' operations on the store through the
// core.
type Accounts struct {
	Store *store.Store
	Core  Core
}
