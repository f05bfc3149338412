package server

import (
	"context"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/server/core"
	"pbem/server/report"
	"pbem/store"
	"pbem/templates"
)

// kit is the server's core as its feature packages reach it: each
// declares the little it needs (ratings.Mailer, …) as an interface, which
// kit satisfies, so that a feature sees nothing of the server but that.
type kit struct{ s *Server }

// kit is s's door for its feature packages.
func (s *Server) kit() kit { return kit{s} }

// Templated composes mail name to seat of g in the seat's language: see
// Server.templated.
func (k kit) Templated(g store.Game, seat store.Seat, name string, topic lang.Msg, data any, foot *templates.Footer) (store.OutMail, error) {
	return k.s.templated(g, seat, name, topic, data, foot)
}

// Footer is the status block of g's mails to seat: see Server.footer.
func (k kit) Footer(g store.Game, st engine.State, next, seat int) *templates.Footer {
	return k.s.footer(g, st, next, seat)
}

// LangOf is the language of the mails to seat.
func (k kit) LangOf(seat store.Seat) lang.Tag { return k.s.langOf(seat) }

// Load reads game id with its engine and state.
func (k kit) Load(ctx context.Context, id int64) (core.Game, error) {
	l, err := k.s.load(ctx, id)
	return l.core(), err
}

// OwnsAddress reports whether address is seat's player's own address or
// one of their aliases.
func (k kit) OwnsAddress(ctx context.Context, seat store.Seat, address string) (bool, error) {
	return k.s.ownsAddress(ctx, seat, address)
}

// WithoutOwnQuote is m without the quote of the server's own mail it
// answers.
func (k kit) WithoutOwnQuote(ctx context.Context, m parser.Mail) (parser.Mail, error) {
	return k.s.withoutOwnQuote(ctx, m)
}

// WithoutGuide is text without the guide of game's mails it quotes.
func (k kit) WithoutGuide(game engine.Game, text string) string { return k.s.withoutGuide(game, text) }

// Reports is the operator's view of the server: pbem status, mail and
// outbox.
func (s *Server) Reports() report.Reports {
	return report.Reports{Store: s.store, Games: s.games, Now: s.cfg.Now, Core: s.kit()}
}

// core is l as the feature packages take a game.
func (l loaded) core() core.Game {
	return core.Game{Row: l.row, Kind: l.game, State: l.state, Sender: l.sender}
}
