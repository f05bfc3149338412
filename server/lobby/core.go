package lobby

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

// Core is what the lobby needs of the server's core.
type Core interface {
	// Create validates and stores a new game, then lets its computer seats
	// play until a person is to move.
	Create(ctx context.Context, req core.NewGame) (int64, error)
	// Play plays text for address in game id, as the command line does.
	Play(ctx context.Context, id int64, address, text, messageID string) error
	// ResignSigningOff resigns address from game id as its player signs
	// off (a seat that outlives its player changes hands then).
	ResignSigningOff(ctx context.Context, id int64, address string) error
	Load(ctx context.Context, id int64) (core.Game, error)
	Lock(id int64) func()
	// Key is the server's key named name (challenges', lobby's).
	Key(ctx context.Context, name string) ([]byte, error)
	Address() string
	Domain() string
	Now() time.Time
	// OwnAddress reports whether address is the server's own.
	OwnAddress(address string) bool
	// CheckName is name as players may be named, or a refusal.
	CheckName(ctx context.Context, name string, self int64) (string, error)
	PlayerOf(ctx context.Context, address string) (store.Player, error)
	// Vouched reports whether m proves its sender.
	Vouched(ctx context.Context, m parser.Mail) (bool, error)
	Chosen(choice string) lang.Tag
	DefaultLang() lang.Tag
	LangOf(seat store.Seat) lang.Tag
	LangOfAddress(ctx context.Context, address string) lang.Tag
	LangOfChallengeSeat(ctx context.Context, seat store.ChallengeSeat) lang.Tag
	Greeting(ctx context.Context, address, name string) (string, lang.Tag, error)
	WithoutGuide(game engine.Game, text string) string
	Render(name string, t lang.Tag, data any, foot *templates.Footer) (text, html string, err error)
	OutMail(msg mailer.Message, pics ...core.Picture) (store.OutMail, error)
	Unsubscribe(address string) ([]string, bool)
	LobbyReply(ctx context.Context, address string, gen int) (replyTo, messageID string, err error)
	TokenGenOf(ctx context.Context, address string) (int, error)
	ComposeLobby(t lang.Tag, address, reply, id, name string, subject lang.Msg, data any, answered parser.Mail) (store.OutMail, error)
	ComposeTo(ctx context.Context, t lang.Tag, address, name string, subject lang.Msg, data any, answered parser.Mail) (store.OutMail, error)
	Templated(g store.Game, to store.Seat, name string, topic lang.Msg, data any, foot *templates.Footer) (store.OutMail, error)
	Footer(g store.Game, st engine.State, next, seat int) *templates.Footer
	Ignore(ctx context.Context, in store.Inbound, game int64, mails ...store.OutMail) error
	// Stranger records a mail that may act for no seat and explains why to
	// its sender, at most once a day.
	Stranger(ctx context.Context, in store.Inbound, m parser.Mail, game int64, why string, reason lang.Msg) error
	// Control handles the commands anyone may send (watch, unwatch, stop).
	Control(ctx context.Context, in store.Inbound, m parser.Mail, cmds []parser.Command, vouched bool) (mailer.Verdict, int64, error)
	// LadderMail does a ladder command of registered player pid's.
	LadderMail(ctx context.Context, in store.Inbound, m parser.Mail, pid int64, args []string) error
	// SignedOff takes player pid, who has just signed off, out of the
	// tournaments and off the ladders; what fails on the ladders the clock
	// loop does later.
	SignedOff(ctx context.Context, pid int64)
	// LadderEnded settles ladder challenge id, ended without a game:
	// status its end, seat the seat that declined (-1 for none), in the
	// mail that declined (nil for none).
	LadderEnded(ctx context.Context, id int64, status string, seat int, in *store.Inbound) error
	// TakeOver gives seat of game id, on offer, to player p, in one
	// transaction with the mail that asked (in).
	TakeOver(ctx context.Context, id int64, seat int, p store.Player, in *store.Inbound) error
	// Tournament does a tournament command of registered player pid
	// (package tournament): a refusal is returned unanswered.
	Tournament(ctx context.Context, in store.Inbound, m parser.Mail, c parser.LobbyCommand, pid int64) error
	// AccountChange is the change an account command verb makes.
	AccountChange(verb string) func(ctx context.Context, address, spec string, in *store.Inbound, answered parser.Mail) (string, error)
}

// Lobby is the bare address's operations on the store through the core.
type Lobby struct {
	Store  *store.Store
	Games  *engine.Registry
	Policy Policy
	Core   Core
}
