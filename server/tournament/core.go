package tournament

import (
	"context"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// Core is what the tournaments need of the server's core.
type Core interface {
	// Create validates and stores a new game, then lets its computer seats
	// play until a person is to move.
	Create(ctx context.Context, req core.NewGame) (int64, error)
	Load(ctx context.Context, id int64) (core.Game, error)
	// Places are the places of the seats of finished game id, 1 the best,
	// as the ratings count them.
	Places(ctx context.Context, id int64) ([]int, error)
	// Abort stops active game id for good, its hooks run (Server.Abort).
	Abort(ctx context.Context, id int64) error
	// Play plays text for address in game id, as the command line does.
	Play(ctx context.Context, id int64, address, text, messageID string) error
	Now() time.Time
	Address() string
	Greeting(ctx context.Context, address, name string) (string, lang.Tag, error)
	ComposeTo(ctx context.Context, t lang.Tag, address, name string, subject lang.Msg, data any, answered parser.Mail) (store.OutMail, error)
	LobbyNotice(ctx context.Context, address string, topic, text lang.Msg, answered parser.Mail) (store.OutMail, error)
	// NoticeLater reads what a LobbyNotice to address needs and returns
	// its composing, which reads nothing: for one inside a transaction.
	NoticeLater(ctx context.Context, address string) (core.NoticeOf, error)
	PlayerOf(ctx context.Context, address string) (store.Player, error)
}

// Tournaments are the server's tournaments on the store through the core.
type Tournaments struct {
	Store  *store.Store
	Games  *engine.Registry
	Policy Policy
	Core   Core
}

// Policy is the operator's policy for tournaments made by mail (the
// config's lobby.tournaments and lobby.tournaments_per_player).
type Policy struct {
	// Who may make a tournament by mail: WhoRegistered, WhoOperator or
	// WhoOff (no tournament commands by mail at all); "" is WhoRegistered.
	Who string
	// PerPlayer caps the tournaments one player may have signing up or
	// running that they made; 0 is DefaultPerPlayer.
	PerPlayer int
}

// The policies of who makes tournaments by mail.
const (
	WhoRegistered = "registered"
	WhoOperator   = "operator"
	WhoOff        = "off"
)

// DefaultPerPlayer is how many tournaments a player may have made that
// sign up or run at once.
const DefaultPerPlayer = 2

// withDefaults is p with its zero fields set to the defaults.
func (p Policy) withDefaults() Policy {
	if p.Who == "" {
		p.Who = WhoRegistered
	}
	if p.PerPlayer <= 0 {
		p.PerPlayer = DefaultPerPlayer
	}
	return p
}
