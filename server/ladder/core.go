package ladder

import (
	"context"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// Core is what the ladders need of the server's core.
type Core interface {
	Load(ctx context.Context, id int64) (core.Game, error)
	// Key is the server's key named name (the challenges').
	Key(ctx context.Context, name string) ([]byte, error)
	Address() string
	Domain() string
	Now() time.Time
	Greeting(ctx context.Context, address, name string) (string, lang.Tag, error)
	// ChallengeMail is a notice to seat of a challenge, its replies going
	// to reply under messageID: the challenge's reply address for the
	// seat, whose token proves it.
	ChallengeMail(t lang.Tag, seat store.ChallengeSeat, reply, messageID string, subject, text lang.Msg) (store.OutMail, error)
	ComposeTo(ctx context.Context, t lang.Tag, address, name string, subject lang.Msg, data any, answered parser.Mail) (store.OutMail, error)
}

// Ladders are the ladders' operations on the store through the core.
// Mail is whether players may act on ladders by mail (the operator's
// policy lobby.ladders).
type Ladders struct {
	Store *store.Store
	Games *engine.Registry
	Core  Core
	Mail  bool
}

// attempts bounds the tries of a change whose rungs another change moved
// meanwhile: store.WriteLadder refuses a change over rungs that are no
// longer as read, in this process or another, so that the mails a change
// sends say what the rungs became, and the change is read and tried again.
const attempts = 5
