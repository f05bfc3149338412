package server

import (
	"pbem/server/core"

	"context"
	"errors"
	"fmt"

	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/server/bounce"
	"pbem/store"
)

// mailKind is what an inbound mail is to the server. classify decides it
// once, in the order below (the first that fits wins), and each kind has
// one handler in routes.
type mailKind int

const (
	// kindUnknown is no kind: a mail classify could not finish reading.
	kindUnknown mailKind = iota
	// kindDuplicate is a mail recorded before: nothing more happens.
	kindDuplicate
	// kindOversized is over the size cap, or the header alone of a mail
	// the receiver found over it: recorded, never read.
	kindOversized
	// kindUnreadable is a mail the parser cannot read.
	kindUnreadable
	// kindBounce is a delivery report about one of the server's mails.
	kindBounce
	// kindNoSender names its sender ambiguously: no one to trust or answer.
	kindNoSender
	// kindAutomatic is any other automatic mail: an auto-reply, a list's.
	kindAutomatic
	// kindOwn comes from the server itself (a loop), or from nobody.
	kindOwn
	// kindForged is a mail the operator's mail server judged forged.
	kindForged
	// kindUnverified is a mail whose sender the operator's server could
	// not vouch for under the pass policy: explained once a day.
	kindUnverified
	// kindStop is written to the stop address.
	kindStop
	// kindDigestReply answers a player's digest.
	kindDigestReply
	// kindControl is watch, unwatch or stop from someone who answers no
	// seat's mail.
	kindControl
	// kindLobby is written to the bare address, or answers no game.
	kindLobby
	// kindGame answers a game: its seat's reply address or thread.
	kindGame
)

// route is an inbound mail classified: its kind and what its handler
// needs.
type route struct {
	kind mailKind
	raw  []byte
	m    parser.Mail   // read, the quote of the server's own mail taken out
	in   store.Inbound // the record the handler completes
	game int64         // the game the mail names, 0 for none
	// token is the reply token the mail carries: its seat's, or its
	// digest's.
	token string
	// digest is the player whose digest the mail answers.
	digest int64
	// ctl are a control mail's commands (kindStop, kindControl).
	ctl []parser.Command
	// why says, for the record, why a mail is refused (kindNoSender,
	// kindAutomatic, kindForged, kindUnverified, kindUnreadable,
	// kindOversized).
	why string
	// bounce is the delivery report of kindBounce and the server's mail
	// it reports on.
	bounce bounce.Report
}

// handler handles one kind of mail. It returns the verdict, the game the
// mail is about (0 for none), and ErrDuplicate for a mail recorded
// before; when it reads the game it sets *bots to whether a computer
// seat is to move in it.
type handler func(s *Server, ctx context.Context, r route, bots *bool) (mailer.Verdict, int64, error)

// routes are the handlers, one a kind: HandleMail is this table.
var routes = map[mailKind]handler{
	kindDuplicate:   routeDuplicate,
	kindOversized:   routeRejected,
	kindUnreadable:  routeRejected,
	kindBounce:      routeBounce,
	kindNoSender:    routeRejected,
	kindAutomatic:   routeIgnored,
	kindOwn:         routeIgnored,
	kindForged:      routeRejected,
	kindUnverified:  routeUnverified,
	kindStop:        routeAtLobby,
	kindDigestReply: routeDigestReply,
	kindControl:     routeAtLobby,
	kindLobby:       routeAtLobby,
	kindGame:        routeGame,
}

// handleMail is HandleMail but for the computer seats' turns: it
// classifies the mail and hands it to its kind's handler.
func (s *Server) handleMail(ctx context.Context, raw []byte, bots *bool) (mailer.Verdict, int64, error) {
	r, err := s.intake.classify(ctx, raw)
	if err != nil {
		return mailer.Rejected, r.game, err
	}
	h, ok := routes[r.kind]
	if !ok {
		return mailer.Rejected, 0, fmt.Errorf("mail of kind %d: %w", r.kind, errNoRoute)
	}
	return h(s, ctx, r, bots)
}

// classify reads raw and says what it is. Only what deciding needs is
// read from the store: whether the mail was recorded before, the mail a
// delivery report names, the server's own mail a reply quotes.
func (it *intake) classify(ctx context.Context, raw []byte) (route, error) {
	r := route{raw: raw}
	if it.oversized(raw) {
		r.kind, r.why = kindOversized, fmt.Sprintf("over the %d-byte cap", it.cfg.MaxMailSize)
		r.in = store.Inbound{Key: "sha256:" + hashOf(raw), Raw: headerOf(raw)}
		return r, nil
	}
	m, err := it.readMail(raw)
	if err != nil {
		r.kind, r.why = kindUnreadable, "unreadable: "+err.Error()
		r.in = store.Inbound{Key: "sha256:" + hashOf(raw), Raw: raw}
		return r, nil
	}
	reportMail(ctx, m)
	r.m = m
	r.in = store.Inbound{Key: mailKey(m, raw), MessageID: m.MessageID, From: m.From, Raw: raw}
	game, token, digest := it.locate(m)
	if seen, err := it.store.InboundSeen(ctx, r.in.Key, m.MessageID); err != nil || seen {
		r.kind, r.game = kindDuplicate, game // a copy is about the game the first was
		return r, err
	}
	if m.Automatic != "" {
		b, ok, err := bounce.Read(ctx, it.store, raw)
		if err != nil {
			return r, err
		}
		if ok {
			b.MailSystem = !m.HasReturnPath || m.ReturnPath == ""
			r.kind, r.bounce = kindBounce, b
			return r, nil
		}
	}
	switch {
	case m.FromProblem != "":
		r.kind, r.why = kindNoSender, "from no one: "+m.FromProblem
		return r, nil
	case m.Automatic != "":
		r.kind, r.why = kindAutomatic, "automatic: "+m.Automatic
		return r, nil
	case it.ownAddress(m.From) || m.From == "":
		r.kind, r.why = kindOwn, "from the server itself, or from nobody"
		return r, nil
	}
	if c := it.checkSender(m); !c.ok {
		r.kind, r.why = kindUnverified, c.why
		if c.forged {
			r.kind = kindForged
		}
		return r, nil
	}
	if r.m, err = it.withoutOwnQuote(ctx, m); err != nil {
		return r, err
	}
	switch {
	case it.mail.toStopAddress(r.m):
		r.kind, r.ctl = kindStop, []parser.Command{{Verb: parser.Stop, Written: "stop"}}
	case digest != 0:
		r.kind, r.digest, r.token = kindDigestReply, digest, token
	case game == 0 || token == "":
		if r.ctl = parser.ControlCommands(r.m.Text); len(r.ctl) > 0 {
			r.kind = kindControl
		} else if game == 0 {
			r.kind = kindLobby
		} else {
			// A game named without a token (a subject's tag): its handler
			// explains.
			r.kind, r.game = kindGame, game
		}
	default:
		r.kind, r.game, r.token = kindGame, game, token
	}
	return r, nil
}

// routeDuplicate answers a copy of a mail recorded before.
func routeDuplicate(s *Server, _ context.Context, r route, _ *bool) (mailer.Verdict, int64, error) {
	return mailer.Accepted, r.game, store.ErrDuplicate
}

// routeRejected records a mail refused unanswered: it goes to the
// rejected folder.
func routeRejected(s *Server, ctx context.Context, r route, _ *bool) (mailer.Verdict, int64, error) {
	r.in.Outcome, r.in.Detail = store.Rejected, r.why
	return mailer.Rejected, 0, s.replies.ignore(ctx, r.in, 0)
}

// routeIgnored records a mail that deserves no answer and no complaint:
// an auto-reply, the server's own.
func routeIgnored(s *Server, ctx context.Context, r route, _ *bool) (mailer.Verdict, int64, error) {
	r.in.Outcome, r.in.Detail = store.Ignored, r.why
	return mailer.Rejected, 0, s.replies.ignore(ctx, r.in, 0)
}

// routeUnverified explains, once a day, that the server could not
// verify who wrote the mail.
func routeUnverified(s *Server, ctx context.Context, r route, _ *bool) (mailer.Verdict, int64, error) {
	return mailer.Rejected, 0, s.replies.stranger(ctx, r.in, r.m, 0, r.why, lang.T(core.NotVerified))
}

// routeAtLobby handles a mail about no seat of its sender's: its control
// commands, else its lobby commands (atLobby).
func routeAtLobby(s *Server, ctx context.Context, r route, _ *bool) (mailer.Verdict, int64, error) {
	return s.Lobby().At(ctx, r.in, r.m, r.ctl)
}

// routeDigestReply plays a reply to a player's digest in the games it
// names, each under its own lock, and lets their computer seats answer.
func routeDigestReply(s *Server, ctx context.Context, r route, _ *bool) (mailer.Verdict, int64, error) {
	verdict, err := s.digests().Reply(ctx, r.in, r.m, r.digest, r.token)
	return verdict, 0, err
}

// routeGame authenticates a reply to a game and applies it, under the
// game's lock, tried again when SQLite was busy.
func routeGame(s *Server, ctx context.Context, r route, bots *bool) (mailer.Verdict, int64, error) {
	defer s.lock(r.game)()
	verdict, err := core.Retried(func() (mailer.Verdict, error) {
		return s.handleForGame(ctx, r.in, r.m, r.game, r.token, bots)
	})
	return verdict, r.game, err
}

// errNoRoute is a kind with no handler: a bug, caught by the tests.
var errNoRoute = errors.New("no handler for the mail's kind")
