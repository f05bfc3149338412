package server

import (
	"pbem/server/core"

	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/emersion/go-message/mail"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
	"pbem/templates"
)

// Watchers have no seat: they get each move's board as a spectator sees
// it, without any rack, in mails that come from and answer to the
// server's own address, each with a List-Unsubscribe header.

// Watch lets address watch game id, whatever the game's watchers option
// (the operator decides), and mails it the board. It reports whether the
// address was not a watcher already.
func (s *Server) Watch(ctx context.Context, id int64, address string) (bool, error) {
	return s.watch(ctx, id, address, nil, parser.Mail{}, true)
}

// Unwatch stops address watching game id (every game when id is 0) and
// returns the games it watched.
func (s *Server) Unwatch(ctx context.Context, id int64, address string) ([]int64, error) {
	return s.store.RemoveWatcher(ctx, id, parser.CanonicalAddress(address), nil)
}

// watch adds a watcher, by the operator (any game) or by mail (games whose
// watchers option is open; in is the mail).
//
// It takes no game lock: adding a watcher changes no game, and a mail
// handled under its game's lock may ask for it.
func (s *Server) watch(ctx context.Context, id int64, address string, in *store.Inbound, answered parser.Mail, operator bool) (bool, error) {
	l, err := s.load(ctx, id)
	if err != nil {
		return false, err
	}
	address = parser.CanonicalAddress(address)
	set, err := core.ReadSettings(l.row.Options, l.game)
	if err != nil {
		return false, err
	}
	if !operator && !set.WatchersOpen {
		return false, engine.Refuse("game %d is not open to watchers: its players play among themselves", id)
	}
	for _, seat := range l.row.Seats {
		if seat.Bot == "" && parser.SameAddress(seat.Email, address) {
			return false, engine.Refuse("%s plays in game %d: its player gets every move already", address, id)
		}
	}
	who, tag, err := s.greeting(ctx, address, "")
	if err != nil {
		return false, err
	}
	gen, err := s.tokenGenOf(ctx, address)
	if err != nil {
		return false, err
	}
	text := lang.T("You are watching %s, game %d: a mail will come after every move, with the board as the players see it but for their racks. Reply with unwatch on a line of its own to stop.", l.game.Name(), id).In(tag)
	notice := templates.Notice{Game: l.game.Name(), GameID: id, Player: who, Text: text}
	notice.Board, notice.Flow = core.Rendered(l.state, engine.View{Seat: -1, Names: core.Names(l.row), Lang: tag})
	m, err := s.watcherMail(ctx, l.row, tag, address, gen, "notice", lang.T("you are watching"), notice,
		s.footer(l.row, l.state, core.NextTurn(l.row, nil), -1), answered, nil)
	if err != nil {
		return false, err
	}
	return s.store.AddWatcher(ctx, id, address, []store.OutMail{m}, in)
}

// watcherMail composes a mail of game g to a watcher, whose player (if
// any) is at token generation gen: from the server's own address,
// answered to the lobby under the watcher's lobby token
// (lobby_token.go), tagged with the game but no seat's token, with a
// List-Unsubscribe header; threaded to the mail answered when there is
// one; in t, the watcher's language (data is in it already).
func (s *Server) watcherMail(ctx context.Context, g store.Game, t lang.Tag, address string, gen int, name string, topic lang.Msg, data any, foot *templates.Footer, answered parser.Mail, pic *boardPicture) (store.OutMail, error) {
	reply, messageID, err := s.lobbyReply(ctx, address, gen)
	if err != nil {
		return store.OutMail{}, err
	}
	foot.ReplyTo = reply
	if foot.Deadline != "" { // footer writes it in English
		foot.Deadline = whenIn(g.Clock.Deadline, t)
	}
	text, html, err := s.tmpl.Render(name, t, data, foot)
	if err != nil {
		return store.OutMail{}, fmt.Errorf("mail %s to %s: %w", name, address, err)
	}
	msg := mailer.Message{
		From: mail.Address{Name: "pbem", Address: s.cfg.Address}, To: mail.Address{Address: address}, ReplyTo: reply,
		Subject:   fmt.Sprintf("[#%d] %s, %s", g.ID, s.gameName(g), topic.In(t)),
		MessageID: messageID, Date: s.cfg.Now(), Text: text, HTML: html,
	}
	msg.Unsubscribe, msg.OneClick = s.unsubscribe(address)
	if answered.MessageID != "" {
		msg.InReplyTo, msg.References = answered.MessageID, []string{answered.MessageID}
	}
	return s.outMail(msg, pic)
}

// watcherNotifications are the mails telling g's watchers the moves just
// told the players: the board as a spectator sees it, the public notation.
func (s *Server) watcherNotifications(ctx context.Context, g store.Game, kind engine.Game, said turnWords, st engine.State, moves []store.Move, before engine.State, number int, pics *boardPictures) ([]store.OutMail, error) {
	watchers, err := s.store.Watchers(ctx, g.ID)
	if err != nil || len(watchers) == 0 {
		return nil, err
	}
	names := core.Names(g)
	var out []store.OutMail
	for _, w := range watchers {
		address, tag := w.Address, s.chosen(w.Lang)
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
		m, err := s.watcherMail(ctx, g, tag, address, w.TokenGen, "turn", topic, t, s.footer(g, st, t.MoveNumber, -1), parser.Mail{}, pic)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// control handles the commands anyone may send (watch N, unwatch [N],
// stop), in a mail that is about no seat of the sender's. Other lines are
// not read: such a mail acts for no seat. Unless the mail proves its
// sender (vouched), they wait for a confirmation from the From address
// (lobby_proof.go); a stop from an address silenced already needs none.
func (s *Server) control(ctx context.Context, in store.Inbound, m parser.Mail, cmds []parser.Command, vouched bool) (mailer.Verdict, int64, error) {
	from := parser.CanonicalAddress(m.From)
	if !vouched {
		if silenced, err := s.store.Silenced(ctx, parser.BaseAddress(from)); err != nil || silenced {
			if err != nil {
				return mailer.Rejected, 0, err
			}
			in.Outcome, in.Detail = store.Ignored, "from an address silenced already: nothing to do"
			return mailer.Accepted, 0, s.ignore(ctx, in, 0)
		}
		lines := make([]string, len(cmds))
		for i, c := range cmds {
			lines[i] = c.Written
		}
		return mailer.Accepted, 0, s.askCommand(ctx, in, m, strings.Join(lines, "\n"))
	}
	var done []string
	for _, c := range cmds {
		switch c.Verb {
		case parser.Stop:
			in.Outcome, in.Detail = store.Applied, "stop: every mail to "+parser.BaseAddress(from)+" silenced"
			return mailer.Accepted, 0, s.store.Silence(ctx, parser.BaseAddress(from), &in)
		case parser.Unwatch:
			id, _ := strconv.ParseInt(c.Text, 10, 64)
			games, err := s.store.RemoveWatcher(ctx, id, from, nil)
			if err != nil {
				return mailer.Rejected, 0, err
			}
			done = append(done, "unwatched "+core.Count(len(games), "game")) // the record's, for the operator
		case parser.Watch:
			id, err := strconv.ParseInt(c.Text, 10, 64)
			if err != nil || id <= 0 {
				done = append(done, "watch needs a game number")
				continue
			}
			record := in
			record.Outcome, record.Detail = store.Applied, fmt.Sprintf("watch %d", id)
			_, err = s.watch(ctx, id, from, &record, m, false)
			switch {
			case engine.IsRefusal(err):
				return mailer.Rejected, 0, s.stranger(ctx, in, m, id, err.Error(), core.RefusalSentence(err))
			case err != nil:
				return mailer.Rejected, 0, err
			}
			return mailer.Accepted, 0, nil
		}
	}
	in.Outcome, in.Detail = store.Applied, strings.Join(done, "; ")
	return mailer.Accepted, 0, s.ignore(ctx, in, 0)
}

// controlCommand finds a command anyone may send among cmds, if any.
func controlCommand(cmds []parser.Command) (parser.Command, bool) {
	for _, c := range cmds {
		if c.Verb == parser.Watch || c.Verb == parser.Unwatch || c.Verb == parser.Stop {
			return c, true
		}
	}
	return parser.Command{}, false
}

// toStopAddress reports whether m was sent to the server's stop address,
// the mailto: of every List-Unsubscribe.
func (s *Server) toStopAddress(m parser.Mail) bool {
	for _, a := range append(append([]string(nil), m.To...), m.Cc...) {
		if s.isStopAddress(a) {
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
func (s *Server) unsubscribe(address string) ([]string, bool) {
	local, domain, _ := strings.Cut(s.cfg.Address, "@")
	uris := []string{fmt.Sprintf("mailto:%s+%s@%s?subject=stop", local, stopTag, domain)}
	if s.cfg.UnsubscribeURL == "" {
		return uris, false
	}
	return append(uris, s.unsubscribeLink(address)), true
}

// isStopAddress reports whether address is the server's stop address.
func (s *Server) isStopAddress(address string) bool {
	local, domain, _ := strings.Cut(s.cfg.Address, "@")
	return parser.SameAddress(address, local+"+"+stopTag+"@"+domain)
}
