package server

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"
	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/mailer"
	"pbem/mailer/loopback"
	"pbem/store"
)

// deliveryGame is a game whose clocks start from delivery (the server's
// default), on a fake clock, with the relay in the process its outbox is
// sent to, as pbem serve sends it, when the test says (deliver): the
// outbox can be held back as long as a test likes.
type deliveryGame struct {
	*clockedGame
	relay  *refusingRelay
	sender *mailer.Sender
}

func newDeliveryGame(t *testing.T, opts engine.Options, players ...string) *deliveryGame {
	t.Helper()
	g := newClockedGameWith(t, Config{}, "amplitude", opts, players...)
	relay := startRefusingRelay(t)
	sender := &mailer.Sender{Endpoint: mailer.Endpoint{Addr: relay.Addr, TLS: mailer.NoTLS}, From: "pbem@localhost", Store: g.st,
		Now: g.clock.Now, Logger: slog.New(slog.DiscardHandler), Finish: g.srv.FinishMail, Refused: g.srv.RefusedMail}
	return &deliveryGame{clockedGame: g, relay: relay, sender: sender}
}

// deliver sends every mail due, the relay accepting them at the fake
// clock's instant.
func (g *deliveryGame) deliver() {
	g.t.Helper()
	for range 2 { // the second round sends what the first caused
		g.sender.DrainOnce(context.Background())
	}
}

// got are the mails of the game the relay took for email, in order.
func (g *deliveryGame) got(email string) []loopback.Delivery {
	g.relay.mu.Lock()
	defer g.relay.mu.Unlock()
	var out []loopback.Delivery
	for _, d := range g.relay.got {
		if d.To[0] == email {
			out = append(out, d)
		}
	}
	return out
}

// texts are the text parts of the mails the relay took for email, their
// spaces folded.
func (g *deliveryGame) texts(email string) []string {
	var out []string
	for _, d := range g.got(email) {
		out = append(out, flat(textOf(g.t, d.Raw)))
	}
	return out
}

// write sends body from email in reply to the last mail the relay took
// for them.
func (g *deliveryGame) write(email, id, body string) {
	g.t.Helper()
	mails := g.got(email)
	require.NotEmpty(g.t, mails, "no mail to %s", email)
	last := mails[len(mails)-1].Raw
	r, err := mail.CreateReader(bytes.NewReader(last))
	require.NoError(g.t, err)
	to, err := r.Header.AddressList("Reply-To")
	require.NoError(g.t, err)
	thread, err := r.Header.MessageID()
	require.NoError(g.t, err)
	g.handle(raw(email, to[0].Address, id, thread, body))
}

// play has the player to move play the computer's choice, by mail.
func (g *deliveryGame) play(id string) {
	g.t.Helper()
	who, move := g.toMove()
	g.write(who, id, move)
}

// secondTurn delivers the invitations, plays the first move, delivers its
// mails and starts the clock of the player to move then, whose address it
// returns.
func (g *deliveryGame) secondTurn() string {
	g.t.Helper()
	g.deliver()
	g.deadlines(time.Minute)
	g.play("m1@x")
	g.deliver()
	g.deadlines(time.Minute)
	c := g.row().Clock
	require.False(g.t, c.Deadline.IsZero(), "the second player's clock runs: %+v", c)
	return g.mover()
}

// timeouts are the game's timeouts, with the instants they were played at.
func (g *deliveryGame) timeouts() []time.Time {
	moves, err := g.st.Moves(context.Background(), g.id)
	require.NoError(g.t, err)
	var out []time.Time
	for _, m := range moves {
		if strings.HasPrefix(m.Notation, "timeout") {
			out = append(out, m.CreatedAt)
		}
	}
	return out
}

// TestClockStartsWhenTheRelayAccepts: a new game's clock waits while its
// first mail is held back in the outbox — five hours — and starts when
// the relay accepts it, however late the clock loop looks: the timeout
// falls 72 hours after the acceptance, not after the move, whether the
// loop runs every 7 minutes or once, long after; the reminder's status
// block says when the clock started.
func TestClockStartsWhenTheRelayAccepts(t *testing.T) {
	for _, every := range []time.Duration{7 * time.Minute, 100 * time.Hour} {
		g := newDeliveryGame(t, engine.Options{"clock": "72h"}, "ann", "bob")
		start := g.clock.Now()
		c := g.row().Clock
		assert.True(t, c.Waiting(), "waiting for the invitation to leave")
		assert.Equal(t, 72*time.Hour, c.Left)
		assert.Zero(t, c.Deadline)
		assert.Zero(t, g.deadlines(5*time.Hour), "nothing runs while the mail waits")
		assert.True(t, g.row().Clock.Waiting())

		g.deliver() // the relay accepts the mails five hours late
		accepted := start.Add(5 * time.Hour)
		assert.Equal(t, accepted, g.row().Clock.NextDue, "due at the acceptance")
		for g.clock.Now().Before(start.Add(90 * time.Hour)) {
			g.deadlines(every)
		}
		assert.Equal(t, []time.Time{accepted.Add(72 * time.Hour)}, g.timeouts(), "every %v", every)
	}

	g := newDeliveryGame(t, engine.Options{"clock": "72h"}, "ann", "bob")
	mover := g.mover()
	g.clock.Advance(5 * time.Hour)
	g.deliver()
	assert.Equal(t, 1, g.deadlines(37*time.Hour), "half time, 36 hours after the acceptance")
	g.deliver()
	texts := g.texts(mover)
	require.Len(t, texts, 2, "the invitation and the reminder")
	assert.Contains(t, texts[1], "Your time runs out Fri 4 Dec 2026 14:00 UTC (clock started Tue 1 Dec 2026 14:00 UTC)")
}

// TestTurnMailBounceStopsTheClock is issue 29's case: Bob's turn mail
// bounces. His clock stops with the time he had left, Ann and Cyd are
// told once, by one mail each (one of them in French), and their status
// blocks say why; no
// timeout comes in a month, and a second report tells no one again. Bob
// writes to the game again: his clock runs again, from then, with the time
// it had left, the others told, and times out at the end of it.
func TestTurnMailBounceStopsTheClock(t *testing.T) {
	g := newDeliveryGame(t, engine.Options{"clock": "2d"}, "ann", "bob", "cyd")
	ctx := context.Background()
	bob := g.secondTurn()
	turn := g.got(bob)[len(g.got(bob))-1]
	others := []string{}
	for _, p := range []string{"ann@example.org", "bob@example.org", "cyd@example.org"} {
		if p != bob {
			others = append(others, p)
		}
	}
	french := others[1]
	_, err := g.srv.Accounts().SetLang(ctx, french, "fr")
	require.NoError(t, err)
	g.deliver()
	before := map[string]int{bob: len(g.got(bob))}
	for _, p := range others {
		before[p] = len(g.got(p))
	}

	g.clock.Advance(time.Hour)
	assert.Equal(t, mailer.Accepted, g.handle(dsn("dsn1@mx.example.net", bob, "failed", "5.1.1", turn.Raw)))
	c := g.row().Clock
	assert.Equal(t, store.HeldBounced, c.Held)
	assert.Zero(t, c.Deadline)
	left := 47*time.Hour - time.Minute
	assert.Equal(t, left, c.Left, "the time he had left")
	assert.Contains(t, c.Why, "5.1.1")
	g.deliver()
	name := g.nameOf(bob)
	for _, p := range others {
		told := g.texts(p)[before[p]:]
		require.Len(t, told, 1, "%s is told once", p)
		if p == french {
			assert.Contains(t, told[0], "C'est à "+name+" de jouer : sa pendule est arrêtée avec 1 jour 23 heures de reste, jusqu'à ce qu'il écrive de nouveau dans cette partie ou que l'opérateur la relance ; aucun dépassement de délai n'est joué d'ici là.")
			assert.Contains(t, told[0], "Pendule arrêtée : le mail annonçant son tour à "+name+" n'a pas été remis")
			continue
		}
		assert.Contains(t, told[0], "It is "+name+"'s turn: their clock is stopped with 1 day 23 hours left, until they write to this game again or the operator restarts it; no timeout is played meanwhile.")
		assert.Contains(t, told[0], "Clock stopped: the turn mail to "+name+" was not delivered", "the status block says why")
	}
	assert.Len(t, g.got(bob), before[bob], "Bob is not told")

	moves := g.moveNumber()
	for range 30 {
		g.deadlines(24 * time.Hour)
	}
	assert.Equal(t, moves, g.moveNumber(), "no timeout in a month")
	assert.Empty(t, g.timeouts())
	g.handle(dsn("dsn2@mx.example.net", bob, "failed", "5.1.1", turn.Raw))
	g.deliver()
	for _, p := range others {
		assert.Len(t, g.texts(p), before[p]+1, "%s is not told again", p)
	}

	back := g.clock.Now()
	g.write(bob, "back@x", "board") // from another machine: he is there
	c = g.row().Clock
	assert.Empty(t, c.Held)
	assert.Equal(t, back.Add(left), c.Deadline, "his time left, from his mail")
	g.deliver()
	for _, p := range others {
		told := g.texts(p)
		if p == french {
			assert.Contains(t, told[len(told)-1], name+" a écrit de nouveau dans cette partie : sa pendule repart, avec 1 jour 23 heures de reste.")
			continue
		}
		assert.Contains(t, told[len(told)-1], name+" wrote to this game again: their clock runs again, with 1 day 23 hours left.")
	}
	answer := g.texts(bob)
	assert.Contains(t, answer[len(answer)-1], "Your time runs out", "his answer tells his clock running")
	g.deadlines(left)
	assert.Equal(t, []time.Time{back.Add(left)}, g.timeouts())
	require.NoError(t, g.srv.Records().Verify(ctx, g.id))
}

// TestForgedBounceStopsNoClock: a delivery report about the turn mail of
// the player to move ("bob") that came from a mailbox rather than a mail
// system (its Return-Path is an address, not <>), which they could write
// themself, and a true report about their invitation, an earlier mail
// than the one their clock started with, stop no clock. A true report
// about the turn mail does; the operator's extra time then runs it again,
// the others told.
func TestForgedBounceStopsNoClock(t *testing.T) {
	g := newDeliveryGame(t, engine.Options{"clock": "2d"}, "ann", "bob")
	ctx := context.Background()
	bob := g.secondTurn()
	running := g.row().Clock
	mails := g.got(bob)
	invitation, turn := mails[0], mails[len(mails)-1]

	forged := bytes.Replace(dsn("forged@example.org", bob, "failed", "5.1.1", turn.Raw), []byte("Return-Path: <>"), []byte("Return-Path: <"+bob+">"), 1)
	g.handle(forged)
	_, detail, err := g.st.InboundOutcome(ctx, "forged@example.org")
	require.NoError(t, err)
	assert.Contains(t, detail, "it stops no clock")
	g.handle(dsn("old@mx.example.net", bob, "failed", "5.1.1", invitation.Raw))
	assert.Equal(t, running, g.row().Clock, "still running")

	g.handle(dsn("true@mx.example.net", bob, "failed", "5.1.1", turn.Raw))
	stopped := g.row().Clock
	require.True(t, stopped.Undelivered())
	c, err := g.srv.Clocks().AddTime(ctx, g.id, 24*time.Hour)
	require.NoError(t, err)
	assert.Equal(t, g.clock.Now().Add(stopped.Left+24*time.Hour), c.Deadline, "the time left and the extra, from now")
	assert.Equal(t, c, g.row().Clock)
	g.deliver()
	told := g.texts(other(bob))
	assert.Contains(t, told[len(told)-1], "The operator restarted "+g.nameOf(bob)+"'s clock: it runs again, with 3 days left.")
}

// TestRefusedTurnMailStopsTheClock: the relay refuses Bob's turn mail for
// good (550 at RCPT): the outbox abandons it, and his clock, which never
// started, stops with all its time, Ann told; a week later nothing timed
// out. The operator retries the mail once the address works: the clock
// waits for it again and starts when the relay accepts it.
func TestRefusedTurnMailStopsTheClock(t *testing.T) {
	g := newDeliveryGame(t, engine.Options{"clock": "2d"}, "ann", "bob")
	ctx := context.Background()
	g.deliver()
	g.deadlines(time.Minute)
	first, _ := g.toMove()
	bob := other(first)
	g.relay.set(bob, &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user"})
	g.play("m1@x")
	g.deliver()
	c := g.row().Clock
	assert.Equal(t, store.HeldAbandoned, c.Held)
	assert.Equal(t, 48*time.Hour, c.Left, "all his time: it never started")
	assert.Contains(t, c.Why, "550 5.1.1 No such user")
	told := g.texts(first)
	assert.Contains(t, told[len(told)-1], "their clock is stopped with 2 days left")

	g.deadlines(7 * 24 * time.Hour)
	assert.Empty(t, g.timeouts())

	g.relay.set(bob, nil)
	rows, err := g.st.OutboxMails(ctx, store.OutboxFilter{GameID: g.id})
	require.NoError(t, err)
	var refused int64
	for _, r := range rows {
		if r.MessageID == c.Mail {
			refused = r.ID
		}
	}
	require.NotZero(t, refused)
	_, err = g.srv.Reports().RetryMail(ctx, refused)
	require.NoError(t, err)
	assert.True(t, g.row().Clock.Waiting(), "it waits for the mail again")
	g.clock.Advance(time.Hour)
	g.deliver()
	sent := g.clock.Now()
	g.deadlines(time.Hour)
	c = g.row().Clock
	assert.Equal(t, sent, c.TurnStarted, "started at the acceptance")
	assert.Equal(t, sent.Add(48*time.Hour), c.Deadline)
}
