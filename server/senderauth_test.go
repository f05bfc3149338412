package server

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
)

// newMailGameWith is newMailGame with the server configured as cfg.
func newMailGameWith(t *testing.T, cfg Config) *mailGame {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "pbem.db"), nil)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	srv, err := New(st, engine.NewRegistry(amplitude.Game{}), cfg)
	require.NoError(t, err)
	id, err := srv.Create(context.Background(), twoPlayers(21))
	require.NoError(t, err)
	return &mailGame{t: t, srv: srv, st: st, id: id}
}

// TestSenderAuthentication: under each policy, what the operator's own
// server wrote into Authentication-Results decides whether a mail with a
// valid token may move; fields of other servers never count.
func TestSenderAuthentication(t *testing.T) {
	const mx = "mx.pbem.example"
	cases := []struct {
		name, policy string
		results      []string // Authentication-Results fields, topmost first
		plays        bool
		answered     bool // the refused sender gets an explanation
	}{
		{"off: a failed DMARC is not looked at", SenderAuthOff, []string{mx + "; dmarc=fail header.from=example.org"}, true, false},
		{"not-fail: dmarc=fail", SenderAuthNotFail, []string{mx + "; dmarc=fail header.from=example.org"}, false, false},
		{"not-fail: DKIM and SPF failed, no DMARC", SenderAuthNotFail, []string{mx + "; dkim=fail header.d=example.org; spf=fail smtp.mailfrom=example.org"}, false, false},
		{"not-fail: SPF passed, no DMARC", SenderAuthNotFail, []string{mx + "; dkim=none; spf=pass smtp.mailfrom=example.org"}, true, false},
		{"not-fail: no result of ours", SenderAuthNotFail, []string{"other.example; dmarc=pass header.from=example.org"}, false, false},
		{"not-fail: dmarc=pass", SenderAuthNotFail, []string{mx + "; dmarc=pass header.from=example.org"}, true, false},
		{"pass: dmarc=pass", SenderAuthPass, []string{mx + "; dmarc=pass header.from=example.org"}, true, false},
		{"pass: dmarc=pass from another authserv-id", SenderAuthPass, []string{"evil.example; dmarc=pass header.from=example.org", mx + "; dmarc=none"}, false, true},
		{"pass: ours is the topmost", SenderAuthPass, []string{mx + "; dmarc=none", mx + "; dmarc=pass header.from=example.org"}, false, true},
		{"pass: DKIM of a parent domain", SenderAuthPass, []string{mx + "; dkim=pass header.d=example.org"}, true, false},
		{"pass: DKIM of another domain", SenderAuthPass, []string{mx + "; dkim=pass header.d=mailer.example.net; spf=pass"}, false, true},
		{"pass: dmarc=pass for another domain", SenderAuthPass, []string{mx + "; dmarc=pass header.from=example.net"}, false, true},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newMailGameWith(t, Config{AuthservID: mx, SenderAuth: c.policy})
			email, move := g.toMove()
			to, thread := g.reply(email)
			var headers []string
			for _, r := range c.results {
				headers = append(headers, "Authentication-Results: "+r)
			}
			before := g.queued()
			id := fmt.Sprintf("auth%d@example.org", i)
			v := g.handle(raw(email, to, id, thread, move, headers...))
			if c.plays {
				assert.Equal(t, mailer.Accepted, v)
				assert.Equal(t, 1, g.moveNumber())
				return
			}
			assert.Equal(t, mailer.Rejected, v)
			assert.Equal(t, store.Rejected, g.outcome(id))
			assert.Equal(t, 0, g.moveNumber(), "nothing changes")
			if c.answered {
				assert.Equal(t, before+1, g.queued(), "one explanation")
			} else {
				assert.Equal(t, before, g.queued(), "no answer to a sender judged forged")
			}
		})
	}
}

func TestSenderAuthenticationSettings(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "pbem.db"), nil)
	require.NoError(t, err)
	defer st.Close()
	reg := engine.NewRegistry(amplitude.Game{})
	_, err = New(st, reg, Config{SenderAuth: SenderAuthPass})
	assert.Error(t, err, "pass without an authserv-id")
	_, err = New(st, reg, Config{AuthservID: "mx", SenderAuth: "maybe"})
	assert.Error(t, err)
	srv, err := New(st, reg, Config{AuthservID: "mx"})
	require.NoError(t, err)
	assert.Equal(t, SenderAuthNotFail, srv.cfg.SenderAuth, "the default once an authserv-id is set")
}

// TestMailLookalikeAddresses: addresses that Unicode case folding would
// take for a player's are strangers; mail from the server's own
// plus-addresses is the server's, and is ignored.
func TestMailLookalikeAddresses(t *testing.T) {
	srv, st := newTestServer(t)
	id, err := srv.Create(context.Background(), NewGame{Game: "amplitude", Seed: seed(5),
		Players: []Player{{Email: "kas@example.org"}, {Email: "sam@example.org"}}})
	require.NoError(t, err)
	g := &mailGame{t: t, srv: srv, st: st, id: id}
	for _, c := range []struct{ seat, lookalike string }{
		{"kas@example.org", "\u212Aas@example.org"}, // KELVIN SIGN
		{"sam@example.org", "\u017Fam@example.org"}, // LATIN SMALL LETTER LONG S
	} {
		to, thread := g.reply(c.seat)
		msg := "look-" + c.seat
		assert.Equal(t, mailer.Rejected, g.handle(raw(c.lookalike, to, msg, thread, "board")), c.lookalike)
		assert.Equal(t, store.Rejected, g.outcome(msg), "%s is a stranger", c.lookalike)
		upper := "UPPER-" + c.seat
		assert.Equal(t, mailer.Accepted, g.handle(raw(strings.ToUpper(c.seat), to, upper, thread, "board")), "ASCII case still matches")
	}
	to, thread := g.reply("kas@example.org")
	before := g.queued()
	assert.Equal(t, mailer.Rejected, g.handle(raw("pbem+1-ABCDEFGH@localhost", to, "self-plus@x", thread, "board")))
	assert.Equal(t, store.Ignored, g.outcome("self-plus@x"))
	assert.Equal(t, before, g.queued(), "never answered")
}

// BenchmarkSenderAuthentication is what sender authentication adds to a
// mail: reading its Authentication-Results and judging them.
func BenchmarkSenderAuthentication(b *testing.B) {
	srv, _ := newTestServer(b)
	srv.cfg.AuthservID, srv.cfg.SenderAuth = "mx.example.org", SenderAuthPass
	field := "mx.example.org; dkim=pass header.d=example.org header.s=s1; spf=pass smtp.mailfrom=example.org; dmarc=pass header.from=example.org"
	for b.Loop() {
		m := parser.Mail{From: "ann@example.org", AuthResults: parser.ReadAuthResults([]string{field})}
		if !srv.checkSender(m).ok {
			b.Fatal("refused")
		}
	}
}
