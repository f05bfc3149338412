package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/mailer"
)

// allMailsTo lists the texts of every mail queued to email, about a game
// or not, in order.
func (g *clockedGame) allMailsTo(email string) []string {
	g.t.Helper()
	due, err := g.st.DueMails(context.Background(), g.clock.Now().Add(time.Hour), 1000)
	require.NoError(g.t, err)
	var out []string
	for _, m := range due {
		if m.Recipient == email {
			out = append(out, textOf(g.t, m.Raw))
		}
	}
	return out
}

// send sends a mail with body from the player at email to game g.
func (g *clockedGame) send(email, id, body string) mailer.Verdict {
	g.t.Helper()
	to, thread := g.reply(email)
	return g.handle(raw(email, to, id, thread, body))
}

// TestVacationStopsAndRestartsClocks: a vacation by mail stops the
// player's running clock with the time it had left, tells the opponents,
// and the clock runs again with that time when the vacation ends; a turn
// that reaches the player while away waits too.
func TestVacationStopsAndRestartsClocks(t *testing.T) {
	g := newClockedGame(t, "amplitude", engine.Options{"clock": "5d"}, "ann", "bob")
	ctx := context.Background()
	away := g.mover()
	other := other(away)
	g.clock.Advance(24 * time.Hour) // a day of the five gone
	theirs := len(g.mailsTo(other))

	require.Equal(t, mailer.Accepted, g.send(away, "v1@x", "vacation 7d"))
	c := g.row().Clock
	assert.Equal(t, 96*time.Hour, c.Left, "the four days left are kept")
	assert.True(t, c.Deadline.IsZero(), "the clock is stopped")
	assert.Equal(t, g.clock.Now().Add(7*24*time.Hour), c.NextDue)
	mails := g.mailsTo(other)
	require.Len(t, mails, theirs+1, "the opponent is told")
	assert.Contains(t, flat(mails[len(mails)-1]), "is on vacation until Wed 9 Dec 2026 09:00 UTC")
	assert.Contains(t, flat(mails[len(mails)-1]), "Clock stopped: a vacation", "the status block says so")

	assert.Zero(t, g.deadlines(6*24*time.Hour), "no reminder, no timeout while away")
	assert.Equal(t, 1, g.deadlines(24*time.Hour), "the vacation ends: the clock runs again")
	c = g.row().Clock
	assert.Zero(t, c.Left)
	assert.Equal(t, g.clock.Now().Add(96*time.Hour), c.Deadline, "with the time it had left")
	assert.Equal(t, 0, g.moveNumber())
	require.NoError(t, g.srv.Records().Verify(ctx, g.id))
}

// TestVacationWaitsForTurn: when the turn reaches a player on vacation,
// their clock starts stopped, with all its time, until they are back.
func TestVacationWaitsForTurn(t *testing.T) {
	g := newClockedGame(t, "amplitude", engine.Options{"clock": "3d"}, "ann", "bob")
	mover := g.mover()
	waiting := other(mover)
	require.Equal(t, mailer.Accepted, g.send(waiting, "v1@x", "vacation 5d"))
	_, move := g.toMove()
	require.Equal(t, mailer.Accepted, g.send(mover, "m1@x", move))
	c := g.row().Clock
	assert.Equal(t, 72*time.Hour, c.Left, "the whole clock, stopped")
	assert.True(t, c.Deadline.IsZero())

	require.Equal(t, mailer.Accepted, g.send(waiting, "b1@x", "back"), "back early")
	c = g.row().Clock
	assert.Zero(t, c.Left)
	assert.Equal(t, g.clock.Now().Add(72*time.Hour), c.Deadline, "the clock runs from now")
	assert.Contains(t, flat(strings.Join(g.allMailsTo(waiting), "\n")), "Welcome back")
}

// TestVacationLimits: a game's vacation_days caps the vacation a player
// may take within any 60 days, refused in a sentence that says how much
// is left.
func TestVacationLimits(t *testing.T) {
	g := newClockedGame(t, "amplitude", engine.Options{"clock": "3d", "vacation_days": "10"}, "ann", "bob")
	ann := "ann@example.org"
	require.Equal(t, mailer.Accepted, g.send(ann, "v1@x", "vacation 6d"))
	g.clock.Advance(7 * 24 * time.Hour)
	assert.Equal(t, mailer.Rejected, g.send(ann, "v2@x", "vacation 5d"))
	out, detail, err := g.st.InboundOutcome(context.Background(), "v2@x")
	require.NoError(t, err)
	assert.Equal(t, "refused", out)
	assert.Contains(t, detail, "allows 10 days of vacation in any 60 days")
	assert.Contains(t, detail, "you can ask for 4 days at most")
	assert.Equal(t, mailer.Accepted, g.send(ann, "v3@x", "vacation 4d"), "what is left")
	assert.Equal(t, mailer.Rejected, g.send(ann, "v4@x", "vacation 2d\nsay see you"), "alone in its mail")
	assert.Equal(t, mailer.Rejected, g.send("bob@example.org", "v5@x", "back"), "bob is not away")
}
