// Package server is pbem's turn server: it ties the engines, the parser and
// the store. One operation, Play, applies what a player wrote to a game —
// for the command line today, for each inbound mail tomorrow — and computer
// seats play through the same path, so every move is in the history alike.
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/server/lobby"
	"pbem/store"
	"pbem/templates"
)

// Server applies moves to stored games. It is safe for concurrent use:
// calls on one game are serialised, calls on different games only share
// SQLite's single writer for the length of a transaction.
type Server struct {
	store *store.Store
	games *engine.Registry
	cfg   Config
	locks sync.Map // game ID → *sync.Mutex
	// mail composes the server's mails (composer.go).
	mail *composer
	// intake reads the inbound mails for the router (intake.go).
	intake *intake
	// people knows who is who (people.go).
	people *people
	// replies records the mails that play nothing, with their answers
	// (replies.go).
	replies *replies
}

// Config is what the server needs to know of its setting.
type Config struct {
	// Address is the server's own mail address, LOCAL@DOMAIN: the sender of
	// its mails, the base of the players' reply addresses.
	Address string
	// Now stamps the mails; nil means time.Now.
	Now func() time.Time
	// UnsubscribeURL is the public https: address of UnsubscribeHandler,
	// for the one-click List-Unsubscribe of the mails that are not turn
	// mails; "" leaves them the mailto: alone.
	UnsubscribeURL string
	// Templates are the mails' texts; nil means the embedded ones.
	Templates *templates.Set
	// MaxMailSize caps an inbound mail; a larger one is rejected unread.
	// 0 means DefaultMaxMailSize.
	MaxMailSize int
	// AuthservID is the authserv-id the operator's receiving server writes
	// into Authentication-Results; only those fields are trusted.
	AuthservID string
	// SenderAuth is the policy on them: SenderAuthOff, SenderAuthNotFail
	// or SenderAuthPass. Empty means off without an AuthservID, not-fail
	// with one.
	SenderAuth string
	// AnswersPerHour caps the refusals sent to one seat, and to one
	// address, in an hour; 0 means DefaultAnswersPerHour.
	AnswersPerHour int
	// StrangersPerHour caps the explanations sent to all strangers
	// together in an hour; 0 means DefaultStrangersPerHour.
	StrangersPerHour int
	// Report, when set, is told the fate of every mail HandleMail
	// handles, once it is committed: the daemon's log line per mail and
	// its metrics. It is called on the handling goroutine, mails about
	// different games at once.
	Report func(Handled)
	// Lobby is the operator's policy for what players do at the bare
	// address: sign up, start games, write.
	Lobby LobbyPolicy
	// Lang is the language of the mails to a player who has chosen none;
	// English when empty.
	Lang lang.Tag
	// Logger hears of what goes wrong outside a mail's handling, as a
	// board picture that cannot be drawn; nil means slog.Default().
	Logger *slog.Logger
	// ClockStart is when a turn's clock starts: ClockFromDelivery (""
	// too) when the relay accepts the turn mail of the player to move,
	// or at the move if later; ClockFromMove when the move is stored.
	ClockStart string
}

// When a turn's clock starts (Config.ClockStart).
const (
	ClockFromDelivery = "delivery"
	ClockFromMove     = "move"
)

// LobbyPolicy is the operator's policy for the lobby (lobby.Policy).
type LobbyPolicy = lobby.Policy

// DefaultMaxMailSize is the inbound mail size cap when none is configured:
// replies are a few kilobytes; 1 MiB leaves room for a signature image.
const DefaultMaxMailSize = 1 << 20

// DefaultAddress is the server's address when none is configured.
const DefaultAddress = "pbem@localhost"

// New returns a server over a store and the games it offers.
func New(st *store.Store, games *engine.Registry, cfg Config) (*Server, error) {
	if cfg.Address == "" {
		cfg.Address = DefaultAddress
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MaxMailSize == 0 {
		cfg.MaxMailSize = DefaultMaxMailSize
	}
	if cfg.AnswersPerHour <= 0 {
		cfg.AnswersPerHour = DefaultAnswersPerHour
	}
	if cfg.StrangersPerHour <= 0 {
		cfg.StrangersPerHour = DefaultStrangersPerHour
	}
	cfg.Lobby = cfg.Lobby.WithDefaults()
	switch {
	case cfg.SenderAuth == "" && cfg.AuthservID == "":
		cfg.SenderAuth = SenderAuthOff
	case cfg.SenderAuth == "":
		cfg.SenderAuth = SenderAuthNotFail
	case cfg.SenderAuth != SenderAuthOff && cfg.SenderAuth != SenderAuthNotFail && cfg.SenderAuth != SenderAuthPass:
		return nil, fmt.Errorf("sender authentication %q: it is off, not-fail or pass", cfg.SenderAuth)
	case cfg.SenderAuth != SenderAuthOff && cfg.AuthservID == "":
		return nil, fmt.Errorf("sender authentication %s needs the authserv-id of the operator's mail server", cfg.SenderAuth)
	}
	switch cfg.ClockStart {
	case "":
		cfg.ClockStart = ClockFromDelivery
	case ClockFromDelivery, ClockFromMove:
	default:
		return nil, fmt.Errorf("clock start %q: it is delivery or move", cfg.ClockStart)
	}
	if cfg.Templates == nil {
		set, err := templates.Load("")
		if err != nil {
			return nil, fmt.Errorf("mail templates: %w", err)
		}
		cfg.Templates = set
	}
	srv := &Server{store: st, games: games, cfg: cfg}
	srv.mail = &composer{store: st, games: games, cfg: &srv.cfg, tmpl: cfg.Templates}
	srv.intake = &intake{store: st, cfg: &srv.cfg, mail: srv.mail}
	srv.people = &people{store: st, cfg: &srv.cfg, mail: srv.mail, intake: srv.intake}
	srv.replies = &replies{store: st, cfg: &srv.cfg, mail: srv.mail}
	if cfg.UnsubscribeURL != "" {
		if !strings.HasPrefix(cfg.UnsubscribeURL, "https://") {
			return nil, fmt.Errorf("the unsubscribe URL %q is not https: mail providers follow only https links for one-click unsubscribe", cfg.UnsubscribeURL)
		}
		key, err := st.ServerKey(context.Background(), unsubscribeKey)
		if err != nil {
			return nil, err
		}
		srv.mail.unsubscribeSecret = key
	}
	return srv, nil
}

// logger is the Config's Logger, or the default one.
func (c *composer) logger() *slog.Logger {
	if c.cfg.Logger != nil {
		return c.cfg.Logger
	}
	return slog.Default()
}

// domain is the part of the server's address after '@'.
func (c *composer) domain() string {
	_, d, _ := strings.Cut(c.cfg.Address, "@")
	return d
}

// lock serialises work on one game within this process; other processes
// are kept in line by the store's optimistic check on the move number.
func (s *Server) lock(id int64) func() {
	m, _ := s.locks.LoadOrStore(id, new(sync.Mutex))
	mu := m.(*sync.Mutex)
	mu.Lock()
	return mu.Unlock
}

// loaded is a stored game with its engine and decoded state.
type loaded struct {
	row   store.Game
	game  engine.Game
	state engine.State
	// sender is the address the mail being handled came from, when it is
	// one of the player's aliases rather than the seat's registered
	// address: answers go back where the player wrote from.
	sender string
	// leaveWhy is why a resignation in hand changes the seat's hands, when
	// not a plain resignation: a sign-off (store.HolderSignoff).
	leaveWhy string
}

// answerTo is seat of l as an answer to the mail in hand addresses it
// (the core package's Game.AnswerTo).
func (l loaded) answerTo(seat int) store.Seat { return l.core().AnswerTo(seat) }

func (s *Server) load(ctx context.Context, id int64) (loaded, error) {
	row, err := s.store.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return loaded{}, engine.Refuse("there is no game %d", id)
	}
	if err != nil {
		return loaded{}, err
	}
	g, err := s.games.Lookup(row.Type)
	if err != nil {
		return loaded{}, fmt.Errorf("game %d: %w", id, err)
	}
	st, err := g.Decode(row.State)
	if err != nil {
		return loaded{}, fmt.Errorf("game %d: %w", id, err)
	}
	return loaded{row: row, game: g, state: st}, nil
}
