package server

import (
	"context"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/server/account"
	"pbem/server/clock"
	"pbem/server/core"
	"pbem/server/digest"
	"pbem/server/lobby"
	"pbem/server/records"
	"pbem/server/rekey"
	"pbem/server/report"
	"pbem/server/upkeep"
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
	return k.s.mail.templated(g, seat, name, topic, data, foot)
}

// Footer is the status block of g's mails to seat: see Server.footer.
func (k kit) Footer(g store.Game, st engine.State, next, seat int) *templates.Footer {
	return k.s.mail.footer(g, st, next, seat)
}

// LangOf is the language of the mails to seat.
func (k kit) LangOf(seat store.Seat) lang.Tag { return k.s.mail.langOf(seat) }

// Load reads game id with its engine and state.
func (k kit) Load(ctx context.Context, id int64) (core.Game, error) {
	l, err := k.s.load(ctx, id)
	return l.core(), err
}

// OwnsAddress reports whether address is seat's player's own address or
// one of their aliases.
func (k kit) OwnsAddress(ctx context.Context, seat store.Seat, address string) (bool, error) {
	return k.s.people.ownsAddress(ctx, seat, address)
}

// WithoutOwnQuote is m without the quote of the server's own mail it
// answers.
func (k kit) WithoutOwnQuote(ctx context.Context, m parser.Mail) (parser.Mail, error) {
	return k.s.intake.withoutOwnQuote(ctx, m)
}

// WithoutGuide is text without the guide of game's mails it quotes.
func (k kit) WithoutGuide(game engine.Game, text string) string {
	return k.s.intake.withoutGuide(game, text)
}

// Reports is the operator's view of the server: pbem status, mail and
// outbox.
func (s *Server) Reports() report.Reports {
	return report.Reports{Store: s.store, Games: s.games, Now: s.cfg.Now, Core: s.kit()}
}

// core is l as the feature packages take a game.
func (l loaded) core() core.Game {
	return core.Game{Row: l.row, Kind: l.game, State: l.state, Sender: l.sender}
}

// Greeting is how the mails to address greet its reader, in their
// language.
func (k kit) Greeting(ctx context.Context, address, name string) (string, lang.Tag, error) {
	return k.s.mail.greeting(ctx, address, name)
}

// TokenGenOf is the generation of address's lobby tokens.
func (k kit) TokenGenOf(ctx context.Context, address string) (int, error) {
	return k.s.mail.tokenGenOf(ctx, address)
}

// WatcherMail composes a mail of game g to a watcher: see
// Server.watcherMail.
func (k kit) WatcherMail(ctx context.Context, g store.Game, t lang.Tag, address string, gen int, name string, topic lang.Msg, data any, foot *templates.Footer, answered parser.Mail) (store.OutMail, error) {
	return k.s.mail.watcherMail(ctx, g, t, address, gen, name, topic, data, foot, answered, nil)
}

// Ignore records a mail that causes nothing but mails.
func (k kit) Ignore(ctx context.Context, in store.Inbound, game int64, mails ...store.OutMail) error {
	return k.s.replies.ignore(ctx, in, game, mails...)
}

// Stranger records a mail that may act for no seat and explains why to
// its sender, at most once a day.
func (k kit) Stranger(ctx context.Context, in store.Inbound, m parser.Mail, game int64, why string, reason lang.Msg) error {
	return k.s.replies.stranger(ctx, in, m, game, why, reason)
}

// AskCommand asks m's From address to confirm the commands lines.
func (k kit) AskCommand(ctx context.Context, in store.Inbound, m parser.Mail, lines string) error {
	return k.s.Lobby().AskCommand(ctx, in, m, lines)
}

// Clocks are the games' clocks and the players' vacations, for the
// operator's nudge, extra time and vacation commands.
func (s *Server) Clocks() clock.Clocks {
	return clock.Clocks{Store: s.store, Core: s.kit(), Now: s.cfg.Now}
}

// Lock takes game id's lock; the function it returns releases it.
func (k kit) Lock(id int64) func() { return k.s.lock(id) }

// ServerMove plays text for seat of g as the server's own move (a
// timeout) at the instant at, stored like a player's, then lets the
// computer seats play, at the same instant.
func (k kit) ServerMove(ctx context.Context, g core.Game, seat int, text string, at time.Time) error {
	if replacesOnTimeout(g, text) {
		if err := k.s.leaveSeat(ctx, fromCore(g), leaving{seat: seat, why: store.HolderTimeout}, at, nil, nil); err != nil {
			return err
		}
		_, _, err := k.s.runBots(ctx, g.Row.ID, at)
		return err
	}
	m, err := g.Kind.Parse(text)
	if err != nil {
		return err
	}
	next, move, err := k.s.apply(g.State, seat, text, m)
	if err != nil {
		return err
	}
	if err := k.s.save(ctx, fromCore(g), acted{moves: []store.Move{move}, state: next, at: at}, nil); err != nil {
		return err
	}
	_, _, err = k.s.runBots(ctx, g.Row.ID, at)
	return err
}

// TakeOver gives a seat on offer to a player (Server.TakeOver).
func (k kit) TakeOver(ctx context.Context, id int64, seat int, p store.Player, in *store.Inbound) error {
	return k.s.TakeOver(ctx, id, seat, p, in)
}

// PlayerOf is the player who owns address, a refusal for none.
func (k kit) PlayerOf(ctx context.Context, address string) (store.Player, error) {
	return k.s.people.playerOf(ctx, address)
}

// Chosen is the language of a player whose choice is choice.
func (k kit) Chosen(choice string) lang.Tag { return k.s.mail.chosen(choice) }

// Picture is the board picture of st as v shows it to seat of g.
func (k kit) Picture(g store.Game, kind engine.Game, seat store.Seat, st engine.State, v engine.View) core.Picture {
	return k.s.mail.pictures(g, kind).forSeat(seat, st, v)
}

// ComposeWith composes mail name to seat of g with its picture pic (one
// Picture gave), its Message-ID of kind.
func (k kit) ComposeWith(g store.Game, seat store.Seat, name string, topic lang.Msg, kind string, data any, foot *templates.Footer, pic core.Picture) (store.OutMail, error) {
	b, _ := pic.(*boardPicture)
	return k.s.mail.composeWith(g, seat, name, topic, k.s.mail.newMessageID(g.ID, kind), data, foot, b)
}

// ComposeTo composes mail name to address, no game's, in t, threaded to
// the mail answered.
func (k kit) ComposeTo(ctx context.Context, t lang.Tag, address, name string, subject lang.Msg, data any, answered parser.Mail) (store.OutMail, error) {
	return k.s.mail.composeTo(ctx, t, address, name, subject, data, answered)
}

// digests is package digest's door to the server.
func (s *Server) digests() digest.Digests { return digest.Digests{Store: s.store, Core: s.kit()} }

// DigestKey is the server's key of the digests' reply addresses.
func (k kit) DigestKey(ctx context.Context) ([]byte, error) { return k.s.mail.digestKey(ctx) }

// Address is the server's own mail address.
func (k kit) Address() string { return k.s.cfg.Address }

// Domain is the domain of the server's address, its Message-IDs'.
func (k kit) Domain() string { return k.s.mail.domain() }

// Now is the server's clock.
func (k kit) Now() time.Time { return k.s.cfg.Now() }

// Render runs mail template name in t on data, ended by foot.
func (k kit) Render(name string, t lang.Tag, data any, foot *templates.Footer) (string, string, error) {
	return k.s.mail.tmpl.Render(name, t, data, foot)
}

// OutMail is msg as the outbox keeps it, with its pictures (which
// Picture gave).
func (k kit) OutMail(msg mailer.Message, pics ...core.Picture) (store.OutMail, error) {
	bs := make([]*boardPicture, len(pics))
	for i, p := range pics {
		bs[i], _ = p.(*boardPicture)
	}
	return k.s.mail.outMail(msg, bs...)
}

// LobbyNotice is a notice from the lobby to address.
func (k kit) LobbyNotice(ctx context.Context, address string, topic, text lang.Msg, answered parser.Mail) (store.OutMail, error) {
	return k.s.Lobby().Notice(ctx, address, topic, text, answered)
}

// HandleSeat plays text, the lines m writes for seat of g, as a reply to
// the seat's own mail would.
func (k kit) HandleSeat(ctx context.Context, in store.Inbound, m parser.Mail, g core.Game, seat int, text string) (mailer.Verdict, error) {
	return k.s.handleSeat(ctx, in, m, fromCore(g), seat, text, nil)
}

// RunBots lets the computer seats to move in game id play.
func (k kit) RunBots(ctx context.Context, id int64) error { return k.s.RunBots(ctx, id) }

// Control handles the commands anyone may send (watch.Watchers.Control).
func (k kit) Control(ctx context.Context, in store.Inbound, m parser.Mail, cmds []parser.Command, vouched bool) (mailer.Verdict, int64, error) {
	return k.s.Watchers().Control(ctx, in, m, cmds, vouched)
}

// PlayExample is a line that plays in player pid's first game.
func (k kit) PlayExample(ctx context.Context, pid int64) (lang.Msg, error) {
	return k.s.mail.playExample(ctx, pid)
}

// fromCore is g as the core handles a game.
func fromCore(g core.Game) loaded {
	return loaded{row: g.Row, game: g.Kind, state: g.State, sender: g.Sender}
}

// Accounts are the players' account choices, for the operator's player
// lang, mail and pictures commands.
func (s *Server) Accounts() account.Accounts { return account.Accounts{Store: s.store, Core: s.kit()} }

// DefaultLang is the language of the mails to someone who chose none.
func (k kit) DefaultLang() lang.Tag { return k.s.mail.defaultLang() }

// ChangeVacation starts or ends the vacation of the player who owns
// address (clock.Clocks.ChangeVacation).
func (k kit) ChangeVacation(ctx context.Context, address, spec string, in *store.Inbound, answered parser.Mail) (string, error) {
	return k.s.Clocks().ChangeVacation(ctx, address, spec, in, answered)
}

// Refuse records a refused mail of seat of g and explains why to its
// sender.
func (k kit) Refuse(ctx context.Context, in store.Inbound, g core.Game, seat int, why error) (mailer.Verdict, error) {
	return k.s.replies.refuse(ctx, in, fromCore(g), seat, why)
}

// Records are every game's record: export, import, verify.
func (s *Server) Records() records.Records {
	return records.Records{Store: s.store, Games: s.games, Core: s.kit()}
}

// Snapshot is game id as it stood after move at; now when at < 0.
func (k kit) Snapshot(ctx context.Context, id int64, at int) (core.Snapshot, error) {
	return k.s.Snapshot(ctx, id, at)
}

// CheckSeats turns the seats asked for a game of kind into the seats
// stored, as game new seats a game.
func (k kit) CheckSeats(ctx context.Context, kind engine.Game, asked []core.AskedSeat) ([]store.NewSeat, error) {
	return k.s.people.checkSeats(ctx, kind, asked)
}

// Rekeys give seats new reply tokens, for the operator's game rekey.
func (s *Server) Rekeys() rekey.Rekeys { return rekey.Rekeys{Store: s.store, Core: s.kit()} }

// Compose composes mail name to seat of g with Message-ID messageID.
func (k kit) Compose(g store.Game, seat store.Seat, name string, topic lang.Msg, messageID string, data any, foot *templates.Footer) (store.OutMail, error) {
	return k.s.mail.compose(g, seat, name, topic, messageID, data, foot)
}

// Lobby is the bare address's side of the server, for the operator's
// player and challenge commands.
func (s *Server) Lobby() lobby.Lobby {
	return lobby.Lobby{Store: s.store, Games: s.games, Policy: s.cfg.Lobby, Core: s.kit()}
}

// Create validates and stores a new game (Server.Create).
func (k kit) Create(ctx context.Context, req core.NewGame) (int64, error) {
	return k.s.Create(ctx, req)
}

// Play plays text for address in game id, as the command line does.
func (k kit) Play(ctx context.Context, id int64, address, text, messageID string) error {
	_, err := k.s.Play(ctx, id, address, text, messageID)
	return err
}

// ResignSigningOff resigns the player at address from game id as they
// sign off: under the game's replace option their seat changes hands,
// recorded as a sign-off.
func (k kit) ResignSigningOff(ctx context.Context, id int64, address string) error {
	_, err := k.s.playFor(ctx, id, address, "resign", "", store.HolderSignoff)
	return err
}

// Key is the server's key named name.
func (k kit) Key(ctx context.Context, name string) ([]byte, error) {
	return k.s.mail.keys.get(ctx, k.s.store, name)
}

// OwnAddress reports whether address is the server's own.
func (k kit) OwnAddress(address string) bool { return k.s.intake.ownAddress(address) }

// CheckName is name as players may be named, or a refusal.
func (k kit) CheckName(ctx context.Context, name string, self int64) (string, error) {
	return k.s.people.checkName(ctx, name, self)
}

// Vouched reports whether m proves its sender.
func (k kit) Vouched(ctx context.Context, m parser.Mail) (bool, error) {
	return k.s.people.vouched(ctx, m)
}

// LangOfAddress is the language of the mails to address.
func (k kit) LangOfAddress(ctx context.Context, address string) lang.Tag {
	return k.s.mail.langOfAddress(ctx, address)
}

// LangOfChallengeSeat is the language of the mails to a challenge's seat.
func (k kit) LangOfChallengeSeat(ctx context.Context, seat store.ChallengeSeat) lang.Tag {
	return k.s.mail.langOfChallengeSeat(ctx, seat)
}

// Unsubscribe is the List-Unsubscribe of a mail to address.
func (k kit) Unsubscribe(address string) ([]string, bool) { return k.s.mail.unsubscribe(address) }

// LobbyReply is the lobby's reply address for address and its mail's
// Message-ID.
func (k kit) LobbyReply(ctx context.Context, address string, gen int) (string, string, error) {
	return k.s.mail.lobbyReply(ctx, address, gen)
}

// ComposeLobby composes a lobby mail to address.
func (k kit) ComposeLobby(t lang.Tag, address, reply, id, name string, subject lang.Msg, data any, answered parser.Mail) (store.OutMail, error) {
	return k.s.mail.composeLobby(t, address, reply, id, name, subject, data, answered)
}

// AccountChange is the change an account command verb makes.
func (k kit) AccountChange(verb string) func(ctx context.Context, address, spec string, in *store.Inbound, answered parser.Mail) (string, error) {
	return k.s.Accounts().ChangeOf(verb)
}

// Upkeep is the daemon's housekeeping: the database's check, the
// heartbeat, the outbox's purge.
func (s *Server) Upkeep() upkeep.Upkeep { return upkeep.Upkeep{Store: s.store, Now: s.cfg.Now} }
