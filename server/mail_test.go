package server

import (
	"pbem/server/core"

	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/mailer"
	"pbem/store"
)

// mailGame is a two-player Amplitude game ready to be played by mail.
type mailGame struct {
	t   *testing.T
	srv *Server
	st  *store.Store
	id  int64
}

func newMailGame(t *testing.T) *mailGame {
	srv, st := newTestServer(t)
	id, err := srv.Create(context.Background(), twoPlayers(21))
	require.NoError(t, err)
	return &mailGame{t: t, srv: srv, st: st, id: id}
}

// reply is the reply address and thread of the last mail sent to email.
func (g *mailGame) reply(email string) (to, inReplyTo string) {
	mails, err := g.st.PendingMails(context.Background(), g.id)
	require.NoError(g.t, err)
	for i := len(mails) - 1; i >= 0; i-- {
		if mails[i].Recipient != email {
			continue
		}
		r, err := mail.CreateReader(bytes.NewReader(mails[i].Raw))
		require.NoError(g.t, err)
		addrs, err := r.Header.AddressList("Reply-To")
		require.NoError(g.t, err)
		return addrs[0].Address, mails[i].MessageID
	}
	g.t.Fatalf("no mail to %s", email)
	return "", ""
}

// raw builds a reply as a mail client would.
func raw(from, to, messageID, inReplyTo, body string, extra ...string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "From: Someone <%s>\r\nTo: %s\r\nSubject: Re: [#1] Amplitude\r\nMessage-ID: <%s>\r\n", from, to, messageID)
	if inReplyTo != "" {
		fmt.Fprintf(&b, "In-Reply-To: <%s>\r\nReferences: <%s>\r\n", inReplyTo, inReplyTo)
	}
	for _, h := range extra {
		b.WriteString(h + "\r\n")
	}
	b.WriteString("Content-Type: text/plain; charset=utf-8\r\n\r\n")
	b.WriteString(strings.ReplaceAll(body, "\n", "\r\n"))
	return []byte(b.String())
}

// toMove is the address of the seat to move and the move it would play.
func (g *mailGame) toMove() (email, move string) {
	email, text, ok := nextMove(g.t, g.srv, g.id)
	require.True(g.t, ok)
	return email, text
}

func (g *mailGame) moveNumber() int {
	row, err := g.st.Game(context.Background(), g.id)
	require.NoError(g.t, err)
	return row.MoveNumber
}

func (g *mailGame) handle(raw []byte) mailer.Verdict {
	v, err := g.srv.HandleMail(context.Background(), raw)
	require.NoError(g.t, err)
	return v
}

func (g *mailGame) outcome(messageID string) string {
	out, _, err := g.st.InboundOutcome(context.Background(), messageID)
	require.NoError(g.t, err)
	return out
}

func other(email string) string {
	if email == "ann@example.org" {
		return "bob@example.org"
	}
	return "ann@example.org"
}

func TestMailMoveAppliedOnceWithQuotesAndSignature(t *testing.T) {
	g := newMailGame(t)
	email, move := g.toMove()
	to, thread := g.reply(email)
	body := move + "\n\nCheers,\n-- \nAnn\n\nOn Mon, 30 Nov 2026 at 12:00, pbem <pbem@localhost> wrote:\n> H8 right 999\n> It is your turn"
	m := raw(email, to, "r1@example.org", thread, body)
	assert.Equal(t, mailer.Accepted, g.handle(m))
	assert.Equal(t, 1, g.moveNumber())
	assert.Equal(t, store.Applied, g.outcome("r1@example.org"))

	assert.Equal(t, mailer.Accepted, g.handle(m), "the same mail again")
	assert.Equal(t, 1, g.moveNumber(), "is not applied twice")
	require.NoError(t, g.srv.Records().Verify(context.Background(), g.id))
}

func TestMailRefusals(t *testing.T) {
	g := newMailGame(t)
	email, move := g.toMove()
	to, thread := g.reply(email)
	otherTo, _ := g.reply(other(email))

	// another game, to take a valid token from
	id2, err := g.srv.Create(context.Background(), core.NewGame{Game: "amplitude", Players: []core.Player{{Email: email}, {Email: "carol@example.org"}}, Seed: seed(3)})
	require.NoError(t, err)
	mails, err := g.st.PendingMails(context.Background(), id2)
	require.NoError(t, err)
	var to2 string
	for _, m := range mails {
		if m.Recipient == email {
			r, _ := mail.CreateReader(bytes.NewReader(m.Raw))
			addrs, _ := r.Header.AddressList("Reply-To")
			to2 = addrs[0].Address
		}
	}
	require.NotEmpty(t, to2)
	id2Token := strings.TrimSuffix(strings.SplitN(to2, "-", 2)[1], "@localhost")
	wrongGame := strings.Replace(to, strings.SplitN(strings.SplitN(to, "-", 2)[1], "@", 2)[0], id2Token, 1)

	before := gameRowsOf(t, g)
	cases := []struct {
		name, from, to, inReplyTo, body string
		headers                         []string
		outcome                         string
	}{
		{"forged From with a valid token", "mallory@example.org", to, thread, move, nil, store.Rejected},
		{"the other player's address with this seat's token", other(email), to, thread, move, nil, store.Rejected},
		{"a valid From with another game's token", email, wrongGame, "", move, nil, store.Rejected},
		{"no token at all", email, "pbem@localhost", "", move, nil, store.Rejected},
		{"out of turn", other(email), otherTo, "", "pass", nil, store.Refused},
		{"stale guard", email, to, thread, "#7 pass", nil, store.Refused},
		{"an illegal move", email, to, thread, "H8 right 987", nil, store.Refused},
		{"an auto-reply", email, to, thread, "I am away", []string{"Auto-Submitted: auto-replied"}, store.Ignored},
		{"a bounce", "MAILER-DAEMON@example.org", to, "", "Delivery failed", nil, store.Ignored},
	}
	for i, c := range cases {
		id := fmt.Sprintf("refused%d@example.org", i)
		queued := g.queued()
		assert.Equal(t, mailer.Rejected, g.handle(raw(c.from, c.to, id, c.inReplyTo, c.body, c.headers...)), c.name)
		assert.Equal(t, c.outcome, g.outcome(id), c.name)
		assert.Equal(t, before, gameRowsOf(t, g), "%s changes nothing", c.name)
		if c.outcome == store.Ignored {
			assert.Equal(t, queued, g.queued(), "%s gets no answer", c.name)
		} else {
			assert.LessOrEqual(t, g.queued(), queued+1, "%s gets at most one answer", c.name)
		}
	}
}

// queued counts every mail in the outbox, for any game or none.
func (g *mailGame) queued() int {
	due, err := g.st.DueMails(context.Background(), time.Now().Add(time.Hour), 1000)
	require.NoError(g.t, err)
	return len(due)
}

// TestMailOddReplies: an HTML-only reply and a latin-1 quoted-printable one
// are read like any other.
func TestMailOddReplies(t *testing.T) {
	g := newMailGame(t)
	email, move := g.toMove()
	to, thread := g.reply(email)
	htmlOnly := fmt.Sprintf("From: <%s>\r\nTo: %s\r\nSubject: Re: move\r\nMessage-ID: <html1@x>\r\nIn-Reply-To: <%s>\r\n"+
		"Content-Type: text/html; charset=utf-8\r\n\r\n<html><body><div>%s</div><div><br></div>"+
		"<div class=\"gmail_quote\"><blockquote>It is your turn: move #1.</blockquote></div></body></html>\r\n", email, to, thread, move)
	assert.Equal(t, mailer.Accepted, g.handle([]byte(htmlOnly)))
	assert.Equal(t, 1, g.moveNumber(), "the move in an HTML-only reply is played")

	email, move = g.toMove()
	to, thread = g.reply(email)
	latin1 := fmt.Sprintf("From: <%s>\r\nTo: %s\r\nSubject: Re: move\r\nMessage-ID: <latin1@x>\r\nIn-Reply-To: <%s>\r\n"+
		"Content-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"+
		"say Bien jou=E9, =E0 toi !\r\n%s\r\n", email, to, thread, move)
	assert.Equal(t, mailer.Accepted, g.handle([]byte(latin1)))
	assert.Equal(t, 2, g.moveNumber(), "the move in a latin-1 reply is played")
	chat, err := g.st.Chat(context.Background(), g.id)
	require.NoError(t, err)
	require.Len(t, chat, 1)
	assert.Equal(t, "Bien joué, à toi !", chat[0].Text, "accents decoded")
}

// gameRowsOf is the game's state and history, to compare before and after.
func gameRowsOf(t *testing.T, g *mailGame) string {
	row, err := g.st.Game(context.Background(), g.id)
	require.NoError(t, err)
	moves, err := g.st.Moves(context.Background(), g.id)
	require.NoError(t, err)
	return fmt.Sprintf("%d %s %s %d", row.MoveNumber, row.Status, row.State, len(moves))
}

func TestMailAnswersBoardHelpAndSay(t *testing.T) {
	g := newMailGame(t)
	email, _ := g.toMove()
	to, thread := g.reply(email)
	before, err := g.st.PendingMails(context.Background(), g.id)
	require.NoError(t, err)
	assert.Equal(t, mailer.Accepted, g.handle(raw(email, to, "a1@x", thread, "board\nhelp\nsay good luck!")))
	after, err := g.st.PendingMails(context.Background(), g.id)
	require.NoError(t, err)
	require.Len(t, after, len(before)+3, "board and help to the asker, the chat to the other player")
	chat, err := g.st.Chat(context.Background(), g.id)
	require.NoError(t, err)
	require.Len(t, chat, 1)
	assert.Equal(t, "good luck!", chat[0].Text)
	assert.Equal(t, other(email), after[len(after)-1].Recipient)
}

// TestMailRacksArePrivate: every mail a player receives shows their own
// rack and nobody else's.
func TestMailRacksArePrivate(t *testing.T) {
	g := newMailGame(t)
	for range 3 {
		email, move := g.toMove()
		to, thread := g.reply(email)
		require.Equal(t, mailer.Accepted, g.handle(raw(email, to, fmt.Sprintf("m%d@x", g.moveNumber()), thread, move)))
	}
	snap, err := g.srv.Snapshot(context.Background(), g.id, -1)
	require.NoError(t, err)
	mails, err := g.st.PendingMails(context.Background(), g.id)
	require.NoError(t, err)
	racks := map[string]string{}
	for i, seat := range snap.Game.Seats {
		racks[seat.Email] = "Your rack: " + spaced(snap.State.(engine.Inspector).Hand(i))
	}
	last := map[string]string{}
	for _, m := range mails {
		last[m.Recipient] = textOf(t, m.Raw)
		for addr, rack := range racks {
			if addr != m.Recipient {
				assert.NotContains(t, textOf(t, m.Raw), rack+"\n", "a mail to %s shows %s's rack", m.Recipient, addr)
			}
		}
	}
	for addr, rack := range racks {
		assert.Contains(t, last[addr], rack, "the last mail to %s shows their rack", addr)
	}
}

func spaced(digits string) string { return strings.Join(strings.Split(digits, ""), " ") }

func textOf(t *testing.T, raw []byte) string {
	r, err := mail.CreateReader(bytes.NewReader(raw))
	require.NoError(t, err)
	for {
		p, err := r.NextPart()
		require.NoError(t, err)
		if h, ok := p.Header.(*mail.InlineHeader); ok {
			if kind, _, _ := h.ContentType(); kind == "text/plain" {
				b, _ := io.ReadAll(p.Body)
				return strings.ReplaceAll(string(b), "\r\n", "\n")
			}
		}
	}
}

func TestMailAfterTheEnd(t *testing.T) {
	g := newMailGame(t)
	email, _ := g.toMove()
	to, thread := g.reply(email)
	require.NoError(t, g.srv.Abort(context.Background(), g.id))
	assert.Equal(t, mailer.Rejected, g.handle(raw(email, to, "late1@x", thread, "pass")))
	assert.Equal(t, store.Refused, g.outcome("late1@x"), "no move once the game is over")
	assert.Equal(t, mailer.Accepted, g.handle(raw(email, to, "late2@x", thread, "history")))
	assert.Equal(t, store.Applied, g.outcome("late2@x"), "but the history is still sent")
}

// TestMailStrangerAnsweredOnceADay: a sender with no seat gets one
// explanation, not one per mail, so two servers can never loop.
func TestMailStrangerAnsweredOnceADay(t *testing.T) {
	g := newMailGame(t)
	before := g.queued()
	for i := range 3 {
		v := g.handle(raw("stranger@example.net", "pbem@localhost", fmt.Sprintf("s%d@x", i), "", "hello?"))
		assert.Equal(t, mailer.Rejected, v)
	}
	assert.Equal(t, before+1, g.queued(), "one explanation for three mails")
}
