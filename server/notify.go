package server

import (
	"pbem/server/core"

	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/emersion/go-message/mail"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
	"pbem/templates"
)

// notifications are the mails a commit of fresh moves to l causes: one per
// human seat, telling every move since the last notifications (a player's
// move the computer seats answered at once comes with their answers) and
// the board as that seat sees it — their own rack only. The Message-ID
// names game, last move and seat, so it is the same however often the
// mail is sent.
func (c *composer) notifications(ctx context.Context, l loaded, st engine.State, fresh []store.Move) ([]store.OutMail, error) {
	g, kind := l.row, l.game
	moves, before := fresh, l.state // the board the players saw last
	if g.Notified < g.MoveNumber {
		var earlier []store.Move
		var err error
		if before, earlier, err = c.boardAfter(ctx, g, kind, g.Notified); err != nil {
			return nil, fmt.Errorf("game %d: the board last mailed: %w", g.ID, err)
		}
		moves = append(earlier, fresh...)
	}
	names := core.Names(g)
	number := g.MoveNumber + len(fresh)
	next := core.NextTurn(g, fresh)
	turn := templates.Turn{
		Game: kind.Name(), GameID: g.ID, MoveNumber: next,
		Over: st.Over(),
	}
	if seat := st.ToMove(); seat >= 0 {
		turn.ToMove = names[seat]
	}
	if g.Notified == store.Uninvited {
		// The computer seats played first: the invitations tell it.
		after := g
		after.Turns = core.NextTurn(g, fresh) - 1
		return c.invitations(after, kind, st, moves, before)
	}
	for _, w := range st.Winners() {
		turn.Winners = append(turn.Winners, names[w])
	}
	pics := c.pictures(g, kind)
	said := notificationWords(turn, kind, st, moves, names)
	var out []store.OutMail
	for _, seat := range g.Seats {
		if seat.Bot != "" || !notified(seat, st) {
			continue
		}
		tag := c.langOf(seat)
		t := said.turn.in(tag)
		told, seen, events := moves, before, said.events.in(tag)
		if seat.Mail == store.MailTurn || seat.Mail == store.MailDigest {
			// No mail came since their own last move: this one tells
			// every move since.
			var err error
			if told, seen, err = c.sinceOwnMove(ctx, g, kind, moves, fresh, before, seat.Seat); err != nil {
				return nil, fmt.Errorf("game %d: the moves since seat %d's: %w", g.ID, seat.Seat+1, err)
			}
			events = eventsOf(told, st, names, tag)
		}
		t.Played = played(kind, tag, told, events, names, seat.Seat)
		topic := movesTopic(kind, tag, told, seat.Seat)
		if st.Over() {
			topic = lang.T("the game is over")
		}
		t.Player, t.YourTurn = seat.Label(), st.ToMove() == seat.Seat
		view := engine.View{Seat: seat.Seat, Names: names, Before: seen, Lang: tag}
		t.Board, t.Flow = core.Rendered(st, view)
		pic := pics.forSeat(seat, st, view)
		t.Picture, t.PictureWidth = pic.cid(), pic.px()
		m, err := c.composeWith(g, seat, "turn", topic, mailer.NewMessageID(c.domain(), g.ID, number, seat.Seat), t,
			c.footer(g, st, next, seat.Seat), pic)
		if err != nil {
			return nil, err
		}
		m.Starts = t.YourTurn && !st.Over()
		out = append(out, m)
	}
	watching, err := c.watcherNotifications(ctx, g, kind, said, st, moves, before, number, pics)
	if err != nil {
		return nil, err
	}
	return append(out, watching...), nil
}

// turnWords are what the mails telling moves say alike to every reader
// of a language: the turn mail's common part with the notation guide and
// how the game ended, and the events of the moves told.
type turnWords struct {
	turn   *perLang[templates.Turn]
	events *perLang[[][]string]
}

// notificationWords are the turnWords of turn, the same for every reader,
// telling moves that left the game as st.
func notificationWords(turn templates.Turn, kind engine.Game, st engine.State, moves []store.Move, names []string) turnWords {
	return turnWords{
		turn: newPerLang(func(t lang.Tag) templates.Turn {
			turn := turn
			turn.Notation = core.Notation(kind, t)
			turn.Ending = core.WithNames(core.Sentence(engine.Ending(st, engine.View{Names: names, Lang: t})), names)
			return turn
		}),
		events: newPerLang(func(t lang.Tag) [][]string { return eventsOf(moves, st, names, t) }),
	}
}

// notified reports whether the notification of moves that left the game
// as st goes to seat, as its player's mail preference says: every one
// (MailEvery), only those that give them the turn or end the game
// (MailTurn), or only the end (MailDigest: the daily digest tells the
// rest).
func notified(seat store.Seat, st engine.State) bool {
	switch seat.Mail {
	case store.MailTurn:
		return st.Over() || st.ToMove() == seat.Seat
	case store.MailDigest:
		return st.Over()
	}
	return true
}

// sinceOwnMove is what a player who gets no mail between their turns is
// told now: the moves since their own last one, that one included, and
// the board as it was before it, whose changes the mail marks. moves are
// the ones since the last notifications, the board before them before,
// fresh the last of them, not stored yet; an older last move is read from
// the history.
func (c *composer) sinceOwnMove(ctx context.Context, g store.Game, kind engine.Game, moves, fresh []store.Move, before engine.State, seat int) ([]store.Move, engine.State, error) {
	for i := len(moves) - 1; i >= 0; i-- {
		if moves[i].Seat != seat || moves[i].Aside {
			continue
		}
		if i == 0 {
			return moves, before, nil
		}
		st, err := kind.Decode(moves[i-1].State)
		return moves[i:], st, err
	}
	last, err := c.store.LastMoveOf(ctx, g.ID, seat)
	if err != nil {
		return nil, nil, err
	}
	seen, stored, err := c.boardAfter(ctx, g, kind, max(last-1, 0))
	if err != nil {
		return nil, nil, err
	}
	return append(stored, fresh...), seen, nil
}

// boardAfter is the board after move n of g (its start for n ≤ 0: no
// move yet, or players never mailed) and the moves stored after it, read
// in one query: the board a player saw last, and what came since.
func (c *composer) boardAfter(ctx context.Context, g store.Game, kind engine.Game, n int) (engine.State, []store.Move, error) {
	moves, err := c.store.MovesAfter(ctx, g.ID, max(n-1, 0))
	if err != nil {
		return nil, nil, err
	}
	if n <= 0 {
		st, err := kind.New(core.EngineOptions(g.Options), g.Seed, len(g.Seats))
		return st, moves, err
	}
	if len(moves) == 0 || moves[0].Number != n {
		return nil, nil, fmt.Errorf("move %d is not stored", n)
	}
	st, err := kind.Decode(moves[0].State)
	return st, moves[1:], err
}

// eventsOf is the events of moves with the players' names; once the game
// st is over, the last move's without how it ended, which the board says.
func eventsOf(moves []store.Move, st engine.State, names []string, t lang.Tag) [][]string {
	events := make([][]string, len(moves))
	for i, m := range moves {
		events[i] = core.AllWithNames(lang.All(m.Events, t), names)
	}
	if st.Over() && len(events) > 0 {
		last := len(events) - 1
		events[last] = withoutEnding(events[last], st, names, t)
	}
	return events
}

// played is moves as seat may read them, each with its events and the
// computer's line on why it chose it, seat's own told as theirs.
func played(kind engine.Game, t lang.Tag, moves []store.Move, events [][]string, names []string, seat int) []templates.Played {
	out := make([]templates.Played, len(moves))
	for i, m := range moves {
		out[i] = templates.Played{Number: m.Turn, Aside: m.Aside, Player: names[m.Seat], Notation: seenBy(kind, t, m, seat), Score: m.Score, Events: events[i],
			Why: m.Why.In(t), You: m.Seat == seat}
	}
	return out
}

// withoutEnding is events without the sentences that tell how the game
// st ended, in the engine's words or with the players' names.
func withoutEnding(events []string, st engine.State, names []string, t lang.Tag) []string {
	var endings []string
	if insp, ok := st.(engine.Inspector); ok && insp.Ending() != "" {
		endings = append(endings, strings.ToLower(core.WithNames(insp.Ending(), names)))
	}
	for _, tag := range []lang.Tag{lang.English, t} {
		if e := engine.Ending(st, engine.View{Names: names, Lang: tag}); e != "" {
			endings = append(endings, strings.ToLower(e))
		}
	}
	var out []string
	for _, e := range events {
		said := false
		for _, end := range endings {
			said = said || strings.Contains(strings.ToLower(e), end)
		}
		if !said {
			out = append(out, e)
		}
	}
	return out
}

// movesTopic is the subject's account of moves as seat sees them: "move 9:
// H8 right 34251", "move 9–10: H8 right 34251; K2 down 123".
func movesTopic(kind engine.Game, t lang.Tag, moves []store.Move, seat int) lang.Msg {
	notations := make([]string, len(moves))
	for i, m := range moves {
		notations[i] = seenBy(kind, t, m, seat)
	}
	first, last := moves[0].Turn, moves[len(moves)-1].Turn
	if first == last {
		return lang.T("move %d: %s", first, strings.Join(notations, "; "))
	}
	return lang.T("move %d–%d: %s", first, last, strings.Join(notations, "; "))
}

// seenBy is m's notation as seat may see it, in the words of t: the whole
// of it for its own move, its public form for another's.
func seenBy(kind engine.Game, t lang.Tag, m store.Move, seat int) string {
	if turn, ok := m.Undoes(); ok {
		return store.UndoSaid(turn).In(t)
	}
	if m.Public != "" && m.Seat != seat {
		return engine.NotationIn(kind, m.Public, t)
	}
	return engine.NotationIn(kind, m.Notation, t)
}

// templated composes a one-off mail (an answer, a refusal, a relayed chat)
// to a seat of g, under a fresh Message-ID, ended by the status block foot.
func (c *composer) templated(g store.Game, seat store.Seat, name string, topic lang.Msg, data any, foot *templates.Footer) (store.OutMail, error) {
	return c.compose(g, seat, name, topic, c.newMessageID(g.ID, name), data, foot)
}

// newMessageID is a fresh, unguessable Message-ID for one mail about game.
func (c *composer) newMessageID(game int64, kind string) string {
	return mailer.NewMessageID(c.domain(), game, kind)
}

// compose renders template name with data, ended by the status block foot
// with the reply address filled in, and composes the mail to seat.Email, a
// seat of g, in the seat's language (data is in it already): threaded with
// the game's other mails to that seat, and carrying the seat's reply
// address with its token.
func (c *composer) compose(g store.Game, seat store.Seat, name string, topic lang.Msg, messageID string, data any, foot *templates.Footer) (store.OutMail, error) {
	return c.composeWith(g, seat, name, topic, messageID, data, foot, nil)
}

// composeWith is compose for a mail whose HTML part shows the board's
// picture pic; nil gives the mail compose writes.
func (c *composer) composeWith(g store.Game, seat store.Seat, name string, topic lang.Msg, messageID string, data any, foot *templates.Footer, pic *boardPicture) (store.OutMail, error) {
	tag := c.langOf(seat)
	token := mailer.Token(g.Secret, g.ID, seat.Seat, seat.TokenGen)
	reply, err := mailer.ReplyAddress(c.cfg.Address, g.ID, token)
	if err != nil {
		return store.OutMail{}, err
	}
	if foot != nil {
		foot.ReplyTo = reply
		if foot.Deadline != "" { // footer writes it in English
			c.clockLines(foot, g.Clock, tag)
		}
	}
	text, html, err := c.tmpl.Render(name, tag, data, foot)
	if err != nil {
		return store.OutMail{}, fmt.Errorf("mail %s to %s: %w", name, seat.Email, err)
	}
	thread := mailer.ThreadID(g.ID, token, c.domain())
	msg := mailer.Message{
		From:      mail.Address{Name: "pbem", Address: c.cfg.Address},
		To:        mail.Address{Name: seat.Name, Address: seat.Email},
		ReplyTo:   reply,
		Subject:   fmt.Sprintf("%s %s, %s", mailer.SubjectTag(g.ID, token), c.gameName(g), topic.In(tag)),
		MessageID: messageID,
		Date:      c.cfg.Now(),
		Text:      text,
		HTML:      html,
	}
	if messageID == thread {
		msg.References = nil
	} else {
		msg.InReplyTo, msg.References = thread, []string{thread}
	}
	if name != "turn" && name != "invitation" {
		// The mails that carry the game are not lists: one click there
		// would stall it. The others may say how to stop them all.
		msg.Unsubscribe, msg.OneClick = c.unsubscribe(seat.Email)
	}
	return c.outMail(msg, pic)
}

// outMail composes msg, showing the board pictures pics (nil ones left
// out), and queues it to its recipient, as every mail the server sends is
// queued: each picture stored once with it and drawn ahead for the sender.
func (c *composer) outMail(msg mailer.Message, pics ...*boardPicture) (store.OutMail, error) {
	var later []store.Picture
	for _, p := range pics {
		if p == nil {
			continue
		}
		msg.Inline = append(msg.Inline, p.part) // two games of a digest at the same board: Compose writes one part
		if !slices.ContainsFunc(later, func(q store.Picture) bool { return q.Ref == p.part.Ref }) {
			later = append(later, store.Picture{Ref: p.part.Ref, Source: p.source})
		}
	}
	raw, err := mailer.Compose(msg)
	if err != nil {
		return store.OutMail{}, err
	}
	to := msg.To.Address
	c.drawAhead(later)
	return store.OutMail{MessageID: msg.MessageID, Recipient: to, Base: parser.BaseAddress(to), Raw: raw, Pictures: later}, nil
}

// maxReferences is the most Message-IDs the References of an answer to a
// stranger carry.
const maxReferences = 10

// composeTo composes a mail to an address that is no seat (a stranger, a
// forged sender, a player outside their games), outside any game's
// thread, in reply to the mail answered, in t (data is in it already):
// answered to the lobby under the address's lobby token (lobby_token.go).
func (c *composer) composeTo(ctx context.Context, t lang.Tag, address, name string, subject lang.Msg, data any, answered parser.Mail) (store.OutMail, error) {
	gen, err := c.tokenGenOf(ctx, address)
	if err != nil {
		return store.OutMail{}, err
	}
	reply, id, err := c.lobbyReply(ctx, address, gen)
	if err != nil {
		return store.OutMail{}, err
	}
	return c.composeLobby(t, address, reply, id, name, subject, data, answered)
}

// composeLobby is composeTo with the lobby's reply address and Message-ID
// for address worked out already (lobbyReply), for a mail composed inside
// a store transaction, which must read nothing.
func (c *composer) composeLobby(t lang.Tag, address, reply, id, name string, subject lang.Msg, data any, answered parser.Mail) (store.OutMail, error) {
	text, html, err := c.tmpl.Render(name, t, data, nil)
	if err != nil {
		return store.OutMail{}, fmt.Errorf("mail %s to %s: %w", name, address, err)
	}
	msg := mailer.Message{
		From: mail.Address{Name: "pbem", Address: c.cfg.Address}, To: mail.Address{Address: address}, ReplyTo: reply,
		Subject: subject.In(t), MessageID: id, Date: c.cfg.Now(), Text: text, HTML: html,
	}
	msg.Unsubscribe, msg.OneClick = c.unsubscribe(address)
	if answered.MessageID != "" {
		msg.InReplyTo = answered.MessageID
		refs := answered.References
		if len(refs) > maxReferences-1 {
			refs = refs[len(refs)-(maxReferences-1):] // the thread's latest: a hostile list stays short
		}
		msg.References = append(append([]string(nil), refs...), answered.MessageID)
	}
	return c.outMail(msg)
}
