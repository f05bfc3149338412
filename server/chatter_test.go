package server

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/internal/fakeclock"
	"pbem/mailer"
	"pbem/store"
)

// newClockedMailGame is newMailGame on a fake clock.
func newClockedMailGame(t *testing.T) (*mailGame, *fakeclock.Clock) {
	c := fakeclock.New(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC))
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "pbem.db"), c.Now)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	srv, err := New(st, engine.NewRegistry(amplitude.Game{}), Config{Now: c.Now})
	require.NoError(t, err)
	id, err := srv.Create(context.Background(), twoPlayers(21))
	require.NoError(t, err)
	return &mailGame{t: t, srv: srv, st: st, id: id}, c
}

// mailsTo lists the texts of the game's mails to email, in order.
func (g *mailGame) mailsTo(email string) []string {
	mails, err := g.st.PendingMails(context.Background(), g.id)
	require.NoError(g.t, err)
	var out []string
	for _, m := range mails {
		if m.Recipient == email {
			out = append(out, textOf(g.t, m.Raw))
		}
	}
	return out
}

// TestMailChatterAroundTheMove: the chat lines around a move, digits or
// not, and a signature with a phone number do not refuse it.
func TestMailChatterAroundTheMove(t *testing.T) {
	g := newMailGame(t)
	email, move := g.toMove()
	to, thread := g.reply(email)
	body := "Hi Bob,\n\ntook me 2 hours to find this one!\n" + move + "\n\nSee you at 10:30 on 2026-12-02.\n\n" +
		"Regards,\nAnn Smith\n+33 6 12 34 56 78\n\nOn Mon, 30 Nov 2026 at 12:00, pbem <pbem@localhost> wrote:\n> H8 right 999\n"
	assert.Equal(t, mailer.Accepted, g.handle(raw(email, to, "chat1@x", thread, body)))
	assert.Equal(t, store.Applied, g.outcome("chat1@x"))
	assert.Equal(t, 1, g.moveNumber(), "the move is applied")
	for _, text := range g.mailsTo(email) {
		assert.NotContains(t, text, "refused")
		assert.NotContains(t, text, "2 hours", "the answer mentions nothing of the chatter")
	}
}

// TestMailMistypedMoveRefused: a line that starts like a move but does not
// parse refuses the mail with the game's reason, chatter or not.
func TestMailMistypedMoveRefused(t *testing.T) {
	g := newMailGame(t)
	email, _ := g.toMove()
	to, thread := g.reply(email)
	before := len(g.mailsTo(email))
	assert.Equal(t, mailer.Rejected, g.handle(raw(email, to, "typo1@x", thread, "2 hours on this one\nH8 rihgt 34251\nCheers")))
	assert.Equal(t, store.Refused, g.outcome("typo1@x"))
	assert.Equal(t, 0, g.moveNumber())
	mails := g.mailsTo(email)
	require.Len(t, mails, before+1)
	_, reason := amplitude.Game{}.Parse("H8 rihgt 34251")
	assert.Contains(t, strings.Join(strings.Fields(mails[len(mails)-1]), " "), reason.Error())
}

// TestMailNoCommandStatusOncePerHour: a mail without a command gets where
// the game stands, and how to write a move, once an hour per seat.
func TestMailNoCommandStatusOncePerHour(t *testing.T) {
	g, c := newClockedMailGame(t)
	email, _ := g.toMove()
	to, thread := g.reply(email)
	mine, theirs := len(g.mailsTo(email)), len(g.mailsTo(other(email)))

	thanks := "Thanks for setting this up, see you on the board!\n\nAnn\n\nOn Mon, 30 Nov 2026 at 12:00, pbem <pbem@localhost> wrote:\n> It is your turn"
	assert.Equal(t, mailer.Accepted, g.handle(raw(email, to, "thanks1@x", thread, thanks)))
	assert.Equal(t, store.Ignored, g.outcome("thanks1@x"))
	mails := g.mailsTo(email)
	require.Len(t, mails, mine+1, "one answer")
	status := mails[len(mails)-1]
	assert.Contains(t, status, "held no command")
	assert.Contains(t, status, "It is your turn: move #1.")
	snap, err := g.srv.Snapshot(context.Background(), g.id, -1)
	require.NoError(t, err)
	seat := snap.State.ToMove()
	assert.Contains(t, status, "Your rack: "+spaced(snap.State.(engine.Inspector).Hand(seat)))
	assert.Equal(t, theirs, len(g.mailsTo(other(email))), "nothing to the other player")
	assert.Equal(t, 0, g.moveNumber())

	c.Advance(59 * time.Minute)
	assert.Equal(t, mailer.Accepted, g.handle(raw(email, to, "thanks2@x", thread, "Thanks again!")))
	assert.Equal(t, store.Ignored, g.outcome("thanks2@x"))
	assert.Len(t, g.mailsTo(email), mine+1, "no second answer within the hour")

	c.Advance(2 * time.Minute)
	assert.Equal(t, mailer.Accepted, g.handle(raw(email, to, "thanks3@x", thread, "Are you there?")))
	assert.Len(t, g.mailsTo(email), mine+2, "an answer again after the hour")

	otherTo, otherThread := g.reply(other(email))
	assert.Equal(t, mailer.Accepted, g.handle(raw(other(email), otherTo, "thanks4@x", otherThread, "Good luck, Ann")))
	mails = g.mailsTo(other(email))
	require.Len(t, mails, theirs+1, "the hour is counted for each seat")
	assert.Contains(t, mails[len(mails)-1], "It is Ann's turn: move #1.")
}
