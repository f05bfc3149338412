package demo

import (
	"pbem/engine"

	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-message/mail"

	"pbem/mailer/loopback"
	"pbem/server"
)

// players are the demo's computer players. They receive the server's mails
// over SMTP, and when a mail says it is their turn they answer it as a
// person would: a reply to the reply address, "Re:" subject, threading
// headers, the move on the first line and the mail they answer quoted
// below. To choose the move they ask the engine's computer player about
// the game as stored, since reading the board back from the mail's ASCII
// art would prove nothing.
type players struct {
	srv  *server.Server
	imap *loopback.IMAPServer
	out  io.Writer // every mail as it is sent, when set

	mu     sync.Mutex
	game   int64
	count  int
	seq    int
	thread thread
}

func (p *players) setGame(id int64) {
	p.mu.Lock()
	p.game = id
	p.mu.Unlock()
}

func (p *players) sent() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.count
}

// deliver is the SMTP server's hand-off: print the mail (when it is one to
// print), then answer it if it asks its recipient to move.
func (p *players) deliver(d loopback.Delivery) error {
	r, err := mail.CreateReader(bytes.NewReader(d.Raw))
	if err != nil {
		return fmt.Errorf("demo: unreadable mail from the server: %w", err)
	}
	subject, _ := r.Header.Subject()
	replyTo, _ := r.Header.AddressList("Reply-To")
	messageID, _ := r.Header.MessageID()
	text := plainText(r)

	p.mu.Lock()
	p.count++
	if p.out != nil {
		fmt.Fprintf(p.out, "From: %s\nTo: %s\nSubject: %s\n\n%s\n%s\n", r.Header.Get("From"), strings.Join(d.To, ", "), subject, strings.TrimRight(text, "\n"), strings.Repeat("=", 78))
	}
	asked := len(p.thread.mails)
	for _, to := range d.To {
		p.thread.mails = append(p.thread.mails, sentMail{to: to, from: r.Header.Get("From"), subject: subject, text: text})
	}
	p.mu.Unlock()

	yourTurn := strings.Contains(text, "It is your turn") || strings.Contains(text, "You play first")
	if !yourTurn || len(replyTo) == 0 || len(d.To) == 0 {
		return nil
	}
	return p.answer(asked, d.To[0], replyTo[0].Address, subject, messageID, r.Header.Get("References"), text)
}

// answer plays the recipient's move by replying to the server's mail, the
// thread's mail number asked.
func (p *players) answer(asked int, from, to, subject, inReplyTo, references, quoted string) error {
	ctx := context.Background()
	p.mu.Lock()
	game := p.game
	p.seq++
	seq := p.seq
	p.mu.Unlock()
	snap, err := p.srv.Snapshot(ctx, game, -1)
	if err != nil {
		return err
	}
	seat := snap.State.ToMove()
	if seat < 0 || !strings.EqualFold(snap.Game.Seats[seat].Email, from) {
		return nil // not this player's turn any more: an older mail
	}
	move, err := server.BotMove(snap.State, snap.Game.Seed, snap.At+1, seat, engine.Level(snap.Game.Seats[seat].BotLevel))
	if err != nil {
		return err
	}
	var body strings.Builder
	fmt.Fprintf(&body, "#%d %s\n\n-- \n%s\n\nOn %s, pbem <%s> wrote:\n", snap.Game.Turns+1, move, snap.Game.Seats[seat].Label(), time.Now().UTC().Format("Mon, 2 Jan 2006 at 15:04"), "pbem@demo.test")
	for _, line := range strings.Split(strings.TrimRight(quoted, "\n"), "\n") {
		body.WriteString("> " + line + "\n")
	}
	name, id := snap.Game.Seats[seat].Label(), fmt.Sprintf("demo.%d.%d@%s", game, seq, domainOf(from))
	var h mail.Header
	h.SetAddressList("From", []*mail.Address{{Name: name, Address: from}})
	h.SetAddressList("To", []*mail.Address{{Address: to}})
	h.SetSubject("Re: " + subject)
	h.SetDate(time.Now())
	h.SetMessageID(id)
	h.Set("In-Reply-To", "<"+inReplyTo+">")
	h.Set("References", strings.TrimSpace(references+" <"+inReplyTo+">"))
	h.SetContentType("text/plain", map[string]string{"charset": "utf-8"})
	var raw bytes.Buffer
	w, err := mail.CreateSingleInlineWriter(&raw, h)
	if err != nil {
		return err
	}
	io.WriteString(w, strings.ReplaceAll(body.String(), "\n", "\r\n"))
	if err := w.Close(); err != nil {
		return err
	}
	p.mu.Lock()
	p.thread.replies = append(p.thread.replies, reply{name: name, from: from, to: to, subject: "Re: " + subject, body: body.String(), id: id, answers: asked})
	p.mu.Unlock()
	return p.imap.Append("", raw.Bytes())
}

// plainText is the text/plain part of a mail.
func plainText(r *mail.Reader) string {
	for {
		part, err := r.NextPart()
		if err != nil {
			return ""
		}
		if h, ok := part.Header.(*mail.InlineHeader); ok {
			if kind, _, _ := h.ContentType(); kind == "text/plain" {
				b, _ := io.ReadAll(part.Body)
				return strings.ReplaceAll(string(b), "\r\n", "\n")
			}
		}
	}
}

func domainOf(addr string) string {
	_, d, _ := strings.Cut(addr, "@")
	return d
}
