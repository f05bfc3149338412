package server

import (
	"fmt"
	"html"
	"strings"

	"github.com/emersion/go-message/mail"

	"pbem/engine"
	"pbem/mailer"
	"pbem/store"
)

// notifications are the mails a commit causes: one per human seat, with the
// moves just played and the board as that seat sees it — their own rack
// only. The Message-ID is stable, so a mail sent twice is recognised.
func (s *Server) notifications(g store.Game, st engine.State, moves []store.Move) ([]store.OutMail, error) {
	view := engine.View{Names: Names(g)}
	last := moves[len(moves)-1]
	number := g.MoveNumber + len(moves)
	var played strings.Builder
	for i, m := range moves {
		fmt.Fprintf(&played, "Move %d. %s: %s (%d)\n", g.MoveNumber+i+1, view.Names[m.Seat], m.Notation, m.Score)
		for _, e := range m.Events {
			fmt.Fprintf(&played, "  %s\n", e)
		}
	}
	var out []store.OutMail
	for _, seat := range g.Seats {
		if seat.Bot != "" {
			continue
		}
		view.Seat = seat.Seat
		text := played.String() + "\n" + st.Render(view)
		m, err := s.mailTo(g, seat, fmt.Sprintf("move %d: %s", number, last.Notation), fmt.Sprintf("pbem.%d.%d.%d@%s", g.ID, number, seat.Seat, s.domain()), text)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// mailTo composes a mail to a seat of g, threaded with the game's other
// mails to that seat and carrying the seat's reply address.
func (s *Server) mailTo(g store.Game, seat store.Seat, topic, messageID, text string) (store.OutMail, error) {
	token := mailer.Token(g.Secret, g.ID, seat.Seat)
	reply, err := mailer.ReplyAddress(s.cfg.Address, g.ID, token)
	if err != nil {
		return store.OutMail{}, err
	}
	thread := mailer.ThreadID(g.ID, token, s.domain())
	raw, err := mailer.Compose(mailer.Message{
		From:       mail.Address{Name: "pbem", Address: s.cfg.Address},
		To:         mail.Address{Name: seat.Name, Address: seat.Email},
		ReplyTo:    reply,
		Subject:    fmt.Sprintf("%s %s, %s", mailer.SubjectTag(g.ID), g.Type, topic),
		MessageID:  messageID,
		InReplyTo:  thread,
		References: []string{thread},
		Date:       s.cfg.Now(),
		Text:       text,
		HTML:       "<pre>" + html.EscapeString(text) + "</pre>",
	})
	if err != nil {
		return store.OutMail{}, err
	}
	return store.OutMail{MessageID: messageID, Recipient: seat.Email, Raw: raw}, nil
}
