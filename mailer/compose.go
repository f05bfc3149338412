// Package mailer owns pbem's mail protocols: composing the MIME mails the
// server sends, the players' reply tokens and addresses, SMTP out (draining
// the outbox with retries) and IMAP in (IDLE, or polling, with the progress
// kept in the store).
package mailer

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/emersion/go-message/mail"
	"github.com/emersion/go-message/textproto"
)

// Message is a mail pbem sends: one player, one event.
type Message struct {
	From       mail.Address // the server's address
	To         mail.Address
	ReplyTo    string // the player's reply address, which carries their token
	Subject    string
	MessageID  string   // without <>
	InReplyTo  string   // without <>
	References []string // without <>
	Date       time.Time
	Text       string // the text/plain part: ASCII art within 78 columns
	HTML       string // the text/html part; "" for a text-only mail
	// Unsubscribe are the List-Unsubscribe URIs (RFC 2369: a mailto:, an
	// https: one), none for a turn mail, whose player would stall the
	// game by one click. OneClick adds List-Unsubscribe-Post (RFC 8058),
	// for an https URI that unsubscribes on a POST.
	Unsubscribe []string
	OneClick    bool
	// Inline are the pictures the HTML part shows by cid: (the board);
	// with any, the HTML part becomes multipart/related (RFC 2387) with
	// them after it. The text part never needs them.
	Inline []InlinePart
}

// Compose writes m as RFC 5322 bytes: multipart/alternative when it has an
// HTML part (its HTML in multipart/related with the pictures when it has
// Inline parts), quoted-printable UTF-8 text, and the headers that keep
// auto-responders quiet and mail clients threading by game.
func Compose(m Message) ([]byte, error) {
	h := header(m)
	var buf bytes.Buffer
	buf.Grow(len(m.Text) + len(m.HTML) + len(m.HTML)/8 + 2048) // quoted-printable adds a little; the header and parts' headers
	if err := writeMail(&buf, h, m); err != nil {
		return nil, fmt.Errorf("compose %s: %w", m.MessageID, err)
	}
	return buf.Bytes(), nil
}

// header is m's mail header, but for its MIME fields.
func header(m Message) mail.Header {
	var h mail.Header
	h.SetDate(m.Date)
	h.SetAddressList("From", []*mail.Address{&m.From})
	h.SetAddressList("To", []*mail.Address{&m.To})
	if m.ReplyTo != "" {
		h.SetAddressList("Reply-To", []*mail.Address{{Address: m.ReplyTo}})
	}
	h.SetSubject(m.Subject)
	h.SetMessageID(m.MessageID)
	if m.InReplyTo != "" {
		h.Set("In-Reply-To", "<"+m.InReplyTo+">")
	}
	if len(m.References) > 0 {
		h.Set("References", "<"+strings.Join(m.References, "> <")+">")
	}
	h.Set("Auto-Submitted", "auto-generated")
	h.Set("X-Auto-Response-Suppress", "All")
	if len(m.Unsubscribe) > 0 {
		h.Set("List-Unsubscribe", "<"+strings.Join(m.Unsubscribe, ">, <")+">")
		if m.OneClick {
			h.Set("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
		}
	}
	return h
}

// writeMail writes m with its header h: text/plain alone when it has no
// HTML part, else multipart/alternative (see writeRelated when it has
// pictures).
func writeMail(w *bytes.Buffer, h mail.Header, m Message) error {
	if m.HTML == "" {
		h.SetContentType("text/plain", map[string]string{"charset": "utf-8"})
		h.Set("Content-Transfer-Encoding", "quoted-printable")
		top := topHeader(h.Header)
		if err := textproto.WriteHeader(w, top.Header); err != nil {
			return err
		}
		w.Write(qpBody(m.Text))
		return nil
	}
	if len(m.Inline) > 0 {
		return writeRelated(w, h, m)
	}
	h = h.Copy()
	h.Set("Content-Type", "multipart/alternative")
	alt, err := newMultipartMail(w, h.Header)
	if err != nil {
		return err
	}
	for _, part := range []struct{ kind, body string }{{"text/plain", m.Text}, {"text/html", m.HTML}} {
		if err := textPart(alt, part.kind, part.body); err != nil {
			return err
		}
	}
	return alt.close()
}

// crlf is s with its line breaks, "\n" or "\r\n", written "\r\n", as
// bytes to write: one copy of a body that a mail writes whole.
func crlf(s string) []byte {
	out := make([]byte, 0, len(s)+strings.Count(s, "\n"))
	for len(s) > 0 {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			return append(out, s...)
		}
		line := s[:i]
		line = strings.TrimSuffix(line, "\r")
		out = append(append(out, line...), '\r', '\n')
		s = s[i+1:]
	}
	return out
}
