package server

import (
	"pbem/server/core"

	"bytes"
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
		{"pass: dmarc=pass from another authserv-id", SenderAuthPass, []string{"evil.example; dmarc=pass header.from=example.org", mx + "; dmarc=none header.from=example.org; spf=pass smtp.mailfrom=example.org"}, false, true},
		{"pass: ours is the topmost", SenderAuthPass, []string{mx + "; dmarc=none header.from=example.org; spf=pass smtp.mailfrom=example.org", mx + "; dmarc=pass header.from=example.org"}, false, true},
		{"pass: DKIM of a parent domain", SenderAuthPass, []string{mx + "; dkim=pass header.d=example.org"}, true, false},
		{"pass: DKIM of another domain, SPF of ours", SenderAuthPass, []string{mx + "; dkim=pass header.d=mailer.example.net; spf=pass smtp.mailfrom=example.org"}, false, true},
		{"pass: DKIM and SPF of another domain", SenderAuthPass, []string{mx + "; dkim=pass header.d=mailer.example.net; spf=pass smtp.mailfrom=mailer.example.net"}, false, false},
		{"pass: dmarc=pass for another domain", SenderAuthPass, []string{mx + "; dmarc=pass header.from=example.net"}, false, false},
		{"pass: nothing but dmarc=none", SenderAuthPass, []string{mx + "; dmarc=none header.from=example.org"}, false, false},
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

// TestSenderAlignment: only results about the From domain count, under
// not-fail and pass alike; results about any other domain, which an
// attacker makes pass for their own, count as no result. senderVouched
// says whether an aligned dmarc=pass or dkim=pass holds, whatever the
// policy.
func TestSenderAlignment(t *testing.T) {
	const (
		mx       = "mx.pbem.example"
		victim   = "Victim <victim@example.org>"
		attacker = "dkim=pass header.d=attacker.example; spf=pass smtp.mailfrom=bounce@attacker.example"
	)
	type verdict int
	const (
		plays    verdict = iota // checkSender ok
		answered                // refused with an explanation
		forged                  // refused without answer
	)
	cases := []struct {
		name, from, results string
		notFail, pass       verdict
		vouched             bool
	}{
		{"forgery: quoted local part, dmarc=pass for attacker.example", `"victim@example.org"@attacker.example`,
			"dmarc=pass header.from=attacker.example; " + attacker, plays, plays, true},
		{"forgery: victim From, every result for attacker.example", victim,
			"dmarc=pass header.from=attacker.example; " + attacker, forged, forged, false},
		{"forgery: victim From, dmarc=none for it, DKIM and SPF for attacker.example", victim,
			"dmarc=none header.from=example.org; " + attacker, forged, forged, false},
		{"forgery: victim From, no DMARC, DKIM and SPF for attacker.example", victim, attacker, forged, forged, false},
		{"forgery: victim From, DKIM of a bare top-level domain", victim, "dkim=pass header.d=org; spf=pass smtp.mailfrom=org", forged, forged, false},
		{"forgery: victim From, SPF of a sibling subdomain", "victim@mail.example.org", "spf=pass smtp.mailfrom=other.example.org", forged, forged, false},
		{"forgery: victim From, SPF for the HELO name only", victim, "spf=pass smtp.helo=example.org", forged, forged, false},
		{"dmarc=pass for the From domain", victim, "dmarc=pass header.from=example.org; " + attacker, plays, plays, true},
		{"dmarc=fail for the From domain", victim, "dmarc=fail header.from=example.org; dkim=pass header.d=example.org", forged, forged, false},
		{"dmarc=fail for another domain, SPF passed for ours", victim, "dmarc=fail header.from=attacker.example; spf=pass smtp.mailfrom=example.org", plays, answered, false},
		{"DKIM of a parent domain", "ann@mail.example.org", "dkim=pass header.d=example.org", plays, plays, true},
		{"DKIM of a subdomain: not a signature for the parent", victim, "dkim=pass header.d=mail.example.org", forged, forged, false},
		{"SPF of a subdomain", victim, "spf=pass smtp.mailfrom=bounce@mail.example.org", plays, answered, false},
		{"SPF of a parent domain", "ann@mail.example.org", "spf=pass smtp.mailfrom=example.org", plays, answered, false},
		{"SPF neutral for the From domain", victim, "spf=neutral smtp.mailfrom=example.org", plays, answered, false},
		{"DKIM of another domain, SPF of ours", victim, "dkim=pass header.d=attacker.example; spf=pass smtp.mailfrom=example.org", plays, answered, false},
		{"dmarc=pass without header.from, alone", victim, "dmarc=pass", forged, forged, false},
		{"dmarc=pass without header.from, an aligned SPF pass beside it", victim, "dmarc=pass; spf=pass smtp.mailfrom=example.org", plays, plays, true},
		{"dmarc=pass without header.from, SPF of another domain beside it", victim, "dmarc=pass; spf=pass smtp.mailfrom=attacker.example", forged, forged, false},
		{"dmarc=fail without header.from", victim, "dmarc=fail; spf=pass smtp.mailfrom=example.org", forged, forged, false},
		{"internationalised From domain", "ann@bücher.example", "dmarc=pass header.from=xn--bcher-kva.example", plays, plays, true},
	}
	judge := func(c senderCheck) verdict {
		switch {
		case c.ok:
			return plays
		case c.forged:
			return forged
		}
		return answered
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := parser.ReadMail([]byte("From: " + c.from + "\r\nAuthentication-Results: " + mx + "; " + c.results + "\r\n\r\nx\r\n"))
			require.NoError(t, err)
			require.NotEmpty(t, m.From)
			for _, policy := range []string{SenderAuthNotFail, SenderAuthPass} {
				srv, _ := newTestServer(t)
				srv.cfg.AuthservID, srv.cfg.SenderAuth = mx, policy
				want := map[string]verdict{SenderAuthNotFail: c.notFail, SenderAuthPass: c.pass}[policy]
				got := srv.intake.checkSender(m)
				assert.Equal(t, want, judge(got), "%s: %+v", policy, got)
				assert.Equal(t, c.vouched, srv.intake.senderVouched(m), "%s: vouched", policy)
			}
		})
	}
}

// TestSenderVouchedNeedsResultsRead: with sender_auth off, or without an
// authserv-id, no result vouches for anyone.
func TestSenderVouchedNeedsResultsRead(t *testing.T) {
	m := parser.Mail{From: "ann@example.org", AuthResults: parser.ReadAuthResults([]string{"mx; dmarc=pass header.from=example.org"})}
	srv, _ := newTestServer(t)
	for _, c := range []struct {
		id, policy string
		vouched    bool
	}{{"mx", SenderAuthNotFail, true}, {"mx", SenderAuthPass, true}, {"mx", SenderAuthOff, false}, {"", SenderAuthOff, false}, {"other.mx", SenderAuthPass, false}} {
		srv.cfg.AuthservID, srv.cfg.SenderAuth = c.id, c.policy
		assert.Equal(t, c.vouched, srv.intake.senderVouched(m), "%+v", c)
	}
	m.From = ""
	srv.cfg.AuthservID, srv.cfg.SenderAuth = "mx", SenderAuthPass
	assert.False(t, srv.intake.senderVouched(m), "no From, no one vouched for")
}

// TestSenderForgeries: each From forgery, with the victim's own reply
// address, under not-fail and pass: no move, no mail to the victim, the
// mail recorded as refused.
func TestSenderForgeries(t *testing.T) {
	const mx = "mx.pbem.example"
	about := func(domain string) string {
		return fmt.Sprintf("Authentication-Results: %s; dkim=pass header.d=%s; spf=pass smtp.mailfrom=%s; dmarc=pass header.from=%s", mx, domain, domain, domain)
	}
	cases := []struct {
		name    string
		from    func(victim string) string // the From field(s), without "From: "
		results string
		detail  string // what the record says, in part
	}{
		{"quoted local part", func(v string) string { return `"` + v + `"@attacker.example` }, about("attacker.example"), "is not the address of its seat"},
		{"two addresses", func(v string) string { return v + ", mallory@attacker.example" }, about("attacker.example"), "from no one: more than one address in From"},
		{"two From fields", func(v string) string { return "mallory@attacker.example\r\nFrom: " + v }, about("attacker.example"), "from no one: 2 From fields"},
		{"the victim's From, results about attacker.example", func(v string) string { return v },
			"Authentication-Results: " + mx + "; dkim=pass header.d=attacker.example; spf=pass smtp.mailfrom=attacker.example; dmarc=none header.from=example.org",
			"neither DKIM nor SPF passed for example.org"},
	}
	for _, policy := range []string{SenderAuthNotFail, SenderAuthPass} {
		for i, c := range cases {
			t.Run(policy+": "+c.name, func(t *testing.T) {
				g := newMailGameWith(t, Config{AuthservID: mx, SenderAuth: policy})
				victim, move := g.toMove()
				to, thread := g.reply(victim)
				before := len(g.mailsTo(victim))
				id := fmt.Sprintf("forgery%d@attacker.example", i)
				msg := raw(victim, to, id, thread, move, c.results)
				msg = bytes.Replace(msg, []byte("From: Someone <"+victim+">"), []byte("From: "+c.from(victim)), 1)
				assert.Equal(t, mailer.Rejected, g.handle(msg))
				assert.Equal(t, store.Rejected, g.outcome(id))
				_, detail, err := g.st.InboundOutcome(context.Background(), id)
				require.NoError(t, err)
				assert.Contains(t, detail, c.detail)
				assert.Equal(t, 0, g.moveNumber(), "no move")
				assert.Len(t, g.mailsTo(victim), before, "no mail to the victim")

				genuine := raw(victim, to, fmt.Sprintf("genuine%d@example.org", i), thread, move, about("example.org"))
				assert.Equal(t, mailer.Accepted, g.handle(genuine))
				assert.Equal(t, 1, g.moveNumber(), "the victim's own mail plays")
			})
		}
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
	id, err := srv.Create(context.Background(), core.NewGame{Game: "amplitude", Seed: seed(5),
		Players: []core.Player{{Email: "kas@example.org"}, {Email: "sam@example.org"}}})
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
		if !srv.intake.checkSender(m).ok {
			b.Fatal("refused")
		}
	}
}
