package server

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/mailer"
	"pbem/store"
)

// reports collects what a server reports of its mails.
type reports struct {
	mu  sync.Mutex
	got []Handled
}

func (r *reports) add(h Handled) {
	r.mu.Lock()
	r.got = append(r.got, h)
	r.mu.Unlock()
}

func (r *reports) last(t *testing.T) Handled {
	r.mu.Lock()
	defer r.mu.Unlock()
	require.NotEmpty(t, r.got)
	return r.got[len(r.got)-1]
}

// TestHandleMailReports: every mail handled is reported once, with the
// outcome and the detail recorded for it, its game and sender, and the
// reply tokens of Message-IDs redacted.
func TestHandleMailReports(t *testing.T) {
	g := newMailGame(t)
	var rep reports
	srv, err := New(g.st, engine.NewRegistry(amplitude.Game{}), Config{Report: rep.add})
	require.NoError(t, err)
	email, move := g.toMove()
	to, thread := g.reply(email)
	_, token, ok := mailer.ParseReplyAddress(to)
	require.True(t, ok)
	applied := raw(email, to, "r1@example.org", thread, move)

	cases := []struct {
		name    string
		mail    []byte
		want    Handled
		verdict mailer.Verdict
	}{
		{"a move", applied, Handled{MessageID: "r1@example.org", From: email, Game: g.id, Outcome: store.Applied, Reason: "1 move"}, mailer.Accepted},
		{"its copy", applied, Handled{MessageID: "r1@example.org", From: email, Game: g.id, Outcome: Duplicate, Reason: "handled already"}, mailer.Accepted},
		{"a stale guard", raw(email, to, "r2@example.org", thread, "#1 pass"), Handled{MessageID: "r2@example.org", From: email, Game: g.id, Outcome: store.Refused}, mailer.Rejected},
		{"a stranger", raw("mallory@example.org", "pbem@localhost", "r3@example.org", "", move), Handled{MessageID: "r3@example.org", From: "mallory@example.org", Game: g.id, Outcome: store.Rejected,
			Reason: fmt.Sprintf("no valid reply token for game %d", g.id)}, mailer.Rejected},
		{"an auto-reply", raw(email, to, "r4@example.org", thread, "away", "Auto-Submitted: auto-replied"), Handled{MessageID: "r4@example.org", From: email, Outcome: store.Ignored,
			Reason: "automatic: Auto-Submitted: auto-replied"}, mailer.Rejected},
		{"a loop of the server's own mail", raw("pbem@localhost", to, mailer.ThreadID(g.id, token, "localhost"), "", "x"),
			Handled{MessageID: fmt.Sprintf("pbem.%d.redacted.thread@localhost", g.id), From: "pbem@localhost", Outcome: store.Ignored, Reason: "from the server itself, or from nobody"}, mailer.Rejected},
	}
	for _, c := range cases {
		v, err := srv.HandleMail(context.Background(), c.mail)
		require.NoError(t, err, c.name)
		assert.Equal(t, c.verdict, v, c.name)
		got := rep.last(t)
		assert.Positive(t, got.Took, c.name)
		got.Took = 0
		if c.want.Outcome == store.Refused {
			_, detail, err := g.st.InboundOutcome(context.Background(), c.want.MessageID)
			require.NoError(t, err)
			c.want.Reason = detail
			assert.NotEmpty(t, detail)
		}
		assert.Equal(t, c.want, got, c.name)
		assert.NotContains(t, got.MessageID+got.From+got.Reason, token, c.name)
	}
	assert.Len(t, rep.got, len(cases), "one report a mail")
}
