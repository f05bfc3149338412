package server

import (
	"pbem/server/core"

	"context"
	"fmt"
	"strings"

	"github.com/emersion/go-message/mail"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/server/watch"
	"pbem/store"
	"pbem/templates"
)

// Watchers have no seat: they get each move's board as a spectator sees
// it, without any rack, in mails that come from and answer to the
// server's own address, each with a List-Unsubscribe header. Who watches
// is package watch's; their mails after each move are composed here, with
// the players'.

// Watchers is package watch's door to the server, and the operator's for
// game watch and unwatch.
func (s *Server) Watchers() watch.Watchers { return watch.Watchers{Store: s.store, Core: s.kit()} }

// watcherMail composes a mail of game g to a watcher, whose player (if
// any) is at token generation gen: from the server's own address,
// answered to the lobby under the watcher's lobby token
// (lobby_token.go), tagged with the game but no seat's token, with a
// List-Unsubscribe header; threaded to the mail answered when there is
// one; in t, the watcher's language (data is in it already).
func (c *composer) watcherMail(ctx context.Context, g store.Game, t lang.Tag, address string, gen int, name string, topic lang.Msg, data any, foot *templates.Footer, answered parser.Mail, pic *boardPicture) (store.OutMail, error) {
	reply, messageID, err := c.lobbyReply(ctx, address, gen)
	if err != nil {
		return store.OutMail{}, err
	}
	foot.ReplyTo = reply
	if foot.Deadline != "" { // footer writes it in English
		c.clockLines(foot, g.Clock, t)
	}
	text, html, err := c.tmpl.Render(name, t, data, foot)
	if err != nil {
		return store.OutMail{}, fmt.Errorf("mail %s to %s: %w", name, address, err)
	}
	msg := mailer.Message{
		From: mail.Address{Name: "pbem", Address: c.cfg.Address}, To: mail.Address{Address: address}, ReplyTo: reply,
		Subject:   fmt.Sprintf("[#%d] %s, %s", g.ID, c.gameName(g), topic.In(t)),
		MessageID: messageID, Date: c.cfg.Now(), Text: text, HTML: html,
	}
	msg.Unsubscribe, msg.OneClick = c.unsubscribe(address)
	if answered.MessageID != "" {
		msg.InReplyTo, msg.References = answered.MessageID, []string{answered.MessageID}
	}
	return c.outMail(msg, pic)
}

// watcherNotifications are the mails telling g's watchers the moves just
// told the players: the board as a spectator sees it, the public notation.
func (c *composer) watcherNotifications(ctx context.Context, g store.Game, kind engine.Game, said turnWords, st engine.State, moves []store.Move, before engine.State, number int, pics *boardPictures) ([]store.OutMail, error) {
	watchers, err := c.store.Watchers(ctx, g.ID)
	if err != nil || len(watchers) == 0 {
		return nil, err
	}
	names := core.Names(g)
	var out []store.OutMail
	for _, w := range watchers {
		address, tag := w.Address, c.chosen(w.Lang)
		t := said.turn.in(tag)
		t.Player, t.Watching, t.YourTurn = address, true, false
		if w.Name != "" {
			t.Player = w.Name // a player watching is greeted by name
		}
		t.Played = played(kind, tag, moves, said.events.in(tag), names, -1)
		view := engine.View{Seat: -1, Names: names, Before: before, Lang: tag}
		t.Board, t.Flow = core.Rendered(st, view)
		pic := pics.describe(st, view)
		t.Picture, t.PictureWidth = pic.cid(), pic.px()
		topic := movesTopic(kind, tag, moves, -1)
		if st.Over() {
			topic = lang.T("the game is over")
		}
		m, err := c.watcherMail(ctx, g, tag, address, w.TokenGen, "turn", topic, t, c.footer(g, st, t.MoveNumber, -1), parser.Mail{}, pic)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// toStopAddress reports whether m was sent to the server's stop address,
// the mailto: of every List-Unsubscribe.
func (c *composer) toStopAddress(m parser.Mail) bool {
	for _, a := range append(append([]string(nil), m.To...), m.Cc...) {
		if c.isStopAddress(a) {
			return true
		}
	}
	return false
}

// stopTag is the +tag of the server's address that silences the sender:
// LOCAL+stop@DOMAIN, the mailto: of every List-Unsubscribe.
const stopTag = "stop"

// unsubscribe is the List-Unsubscribe of a mail to address: the mailto:
// of the server's stop address, and, when the operator serves one, the
// https: URI that silences address on a POST (RFC 8058 one-click).
func (c *composer) unsubscribe(address string) ([]string, bool) {
	local, domain, _ := strings.Cut(c.cfg.Address, "@")
	uris := []string{fmt.Sprintf("mailto:%s+%s@%s?subject=stop", local, stopTag, domain)}
	if c.cfg.UnsubscribeURL == "" {
		return uris, false
	}
	return append(uris, c.unsubscribeLink(address)), true
}

// isStopAddress reports whether address is the server's stop address.
func (c *composer) isStopAddress(address string) bool {
	local, domain, _ := strings.Cut(c.cfg.Address, "@")
	return parser.SameAddress(address, local+"+"+stopTag+"@"+domain)
}
