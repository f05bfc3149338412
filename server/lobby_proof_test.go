package server

import (
	"pbem/server/lobby"

	"pbem/server/core"

	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/internal/fakeclock"
	"pbem/parser"
	"pbem/store"
)

// newOpenLobby is a lobby whose operator reads no Authentication-Results
// (the default set-up): only tokens prove a sender.
func newOpenLobby(t *testing.T, players ...string) *clockedGame {
	t.Helper()
	c := fakeclock.New(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC))
	st, err := store.Open(context.Background(), t.TempDir()+"/pbem.db", c.Now)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	srv, err := New(st, engine.NewRegistry(amplitude.Game{}), Config{Now: c.Now, Address: "games@example.org"})
	require.NoError(t, err)
	for _, p := range players {
		register(t, st, p+"@example.org", strings.ToUpper(p[:1])+p[1:])
	}
	return &clockedGame{mailGame: &mailGame{t: t, srv: srv, st: st}, clock: c}
}

var bareMails int

// bare handles a mail from from to the server's bare address that proves
// nothing (no token, no mail server's word), as a forger writes it, and
// returns its Message-ID.
func (g *clockedGame) bare(from, body string) string {
	g.t.Helper()
	bareMails++
	id := fmt.Sprintf("bare-%d@example.net", bareMails)
	m := strings.Replace(string(raw(from, g.srv.cfg.Address, id, "", body)), "Subject: Re: [#1] Amplitude", "Subject: games", 1)
	g.handle([]byte(m))
	return id
}

// stateOf is what a player's account and the lobby hold of address: what
// a forged mail must not change.
func stateOf(t *testing.T, st *store.Store, address string) string {
	t.Helper()
	db, err := sql.Open("sqlite", st.Path()+"?_pragma=busy_timeout(5000)")
	require.NoError(t, err)
	defer db.Close()
	var b strings.Builder
	for _, q := range []string{
		`SELECT name || ' registered:' || (registered_at IS NOT NULL) || ' off:' || (signed_off_at IS NOT NULL) FROM players WHERE email = ?1`,
		`SELECT group_concat(a.address) FROM player_aliases a JOIN players p ON p.id = a.player_id WHERE p.email = ?1`,
		`SELECT COUNT(*) FROM silenced WHERE address = ?1`,
		`SELECT COUNT(*) FROM watchers WHERE address = ?1`,
		`SELECT COUNT(*) FROM games g JOIN players p ON p.id = g.created_by WHERE p.email = ?1`,
		`SELECT COUNT(*) FROM challenges c JOIN players p ON p.id = c.created_by WHERE p.email = ?1`,
		`SELECT COUNT(*) FROM challenge_seats s JOIN players p ON p.id = s.player_id WHERE p.email = ?1 AND (accepted_at IS NOT NULL OR declined_at IS NOT NULL)`,
	} {
		var v sql.NullString
		require.NoError(t, db.QueryRow(q, address).Scan(&v))
		fmt.Fprintf(&b, "%s | ", v.String)
	}
	return b.String()
}

// TestForgedLobbyActionsWaitForTheirOwner: with sender authentication
// off, a mail that names Ann in its From line but carries no token of
// hers changes nothing of hers, whatever it asks — stop, name, alias,
// new, watch, unwatch, join, accept, decline, signoff — and mails her a
// confirmation instead; the forger gets nothing. When Ann confirms one,
// that one is done, and only it.
func TestForgedLobbyActionsWaitForTheirOwner(t *testing.T) {
	g := newOpenLobby(t, "ann", "bob")
	ctx := context.Background()
	ann := "ann@example.org"
	game, err := g.srv.Create(ctx, core.NewGame{Game: "amplitude", Seed: seed(2), Options: engine.Options{"watchers": "open"},
		Players: []core.Player{{Email: "bob@example.org"}, {Email: "cyd@example.org"}}})
	require.NoError(t, err)
	// Bob's challenge to Ann, sent by a reply of Bob's to a lobby mail.
	g.bare("bob@example.org", "games")
	bobsLast := g.last("bob@example.org")
	g.handle(raw("bob@example.org", bobsLast.replyTo, "bob-new@x", bobsLast.messageID, "new amplitude with "+ann))
	require.Equal(t, store.ChallengePending, g.challengeStatus(1))
	// An open challenge of Bob's, for join.
	bobsLast = g.last("bob@example.org")
	g.handle(raw("bob@example.org", bobsLast.replyTo, "bob-open@x", bobsLast.messageID, "new amplitude open 1"))

	before := stateOf(t, g.st, ann)
	mailsBefore := len(g.allQueuedTo(ann))
	forged := []string{"stop", "name Mallory", "alias mallory@evil.example", "new amplitude with computer",
		fmt.Sprintf("watch %d", game), "unwatch", "join 2", "accept 1", "decline 1", "signoff"}
	for _, body := range forged {
		g.bare(ann, body)
		assert.Equal(t, before, stateOf(t, g.st, ann), "%q changed nothing of Ann's", body)
	}
	assert.Equal(t, store.ChallengePending, g.challengeStatus(1), "nor Bob's challenge")
	assert.Empty(t, g.allQueuedTo("mallory@evil.example"), "the forger's address gets nothing")

	// What went to Ann: a confirmation for each (signoff's is its own),
	// within the cap of mails to an address that proved nothing, Bob's
	// invitation counted.
	mails := g.queuedFor(ann)[mailsBefore:]
	assert.Len(t, mails, lobby.DefaultMailsToAddress-1, "at most %d an hour", lobby.DefaultMailsToAddress)
	for _, m := range mails {
		assert.Contains(t, m.replyTo, "+confirm-")
	}
	assert.Contains(t, flat(mails[1].text), "wrote to this game server from ann@example.org: name Mallory")

	// Ann confirms the name: that is done, nothing else.
	g.handle(raw(ann, mails[1].replyTo, "ann-yes@x", mails[1].messageID, "Yes, that was me."))
	after := stateOf(t, g.st, ann)
	assert.Equal(t, strings.Replace(before, "Ann registered", "Mallory registered", 1), after)
}

// TestLobbyRepliesActAtOnce: a reply to one of the lobby's mails carries
// its recipient's token and acts at once — as the natural next step after
// signing up does; a rekey revokes the tokens of the mails before it, and
// a reply to one is then confirmed first.
func TestLobbyRepliesActAtOnce(t *testing.T) {
	g := newOpenLobby(t)
	ann := "ann@example.org"
	g.bare(ann, "signup Ann")
	conf := g.last(ann)
	g.handle(raw(ann, conf.replyTo, "yes@x", conf.messageID, "yes"))
	welcome := g.last(ann)
	require.Contains(t, welcome.text, "You are signed up")
	require.Contains(t, welcome.replyTo, "+lobby-")

	g.handle(raw(ann, welcome.replyTo, "next@x", welcome.messageID, "new amplitude with computer"))
	id := g.gameOf(ann)
	g.handle(raw(ann, welcome.replyTo, "rename@x", welcome.messageID, "name Annie"))
	assert.Contains(t, stateOf(t, g.st, ann), "Annie registered:1")

	_, err := g.srv.Rekeys().Rekey(context.Background(), id, ann)
	require.NoError(t, err)
	g.handle(raw(ann, welcome.replyTo, "old@x", welcome.messageID, "name Anna"))
	assert.Contains(t, stateOf(t, g.st, ann), "Annie registered:1", "an old token proves nothing after a rekey")
	assert.Contains(t, g.last(ann).replyTo, "+confirm-")
}

// TestLobbyCapsPerMailbox: the lobby sends at most
// lobby.mails_to_address_per_hour mails an hour to a mailbox that did not
// prove it wrote, whoever asks and however its address is written (case,
// +tags, Gmail's dots); a stranger's lobby mails get one answer an hour.
func TestLobbyCapsPerMailbox(t *testing.T) {
	t.Run("alias twenty times", func(t *testing.T) {
		g := newLobby(t, "mallory")
		for i := range 20 {
			g.lobbySend("mallory@example.org", "", "", fmt.Sprintf("alias Victim+%d@Example.net", i))
		}
		total := 0
		for i := range 20 {
			total += len(g.queuedFor(fmt.Sprintf("Victim+%d@example.net", i)))
		}
		assert.Equal(t, lobby.DefaultMailsToAddress, total)
	})
	t.Run("five accounts challenge one mailbox", func(t *testing.T) {
		g := newLobby(t, "a1", "a2", "a3", "a4", "a5", "a6")
		for round := range 6 {
			for i := 1; i <= 5; i++ {
				g.lobbySend(fmt.Sprintf("a%d@example.org", i), "", "", fmt.Sprintf("new amplitude with victim+%d@example.net", round))
			}
		}
		total := 0
		for round := range 6 {
			total += len(g.queuedFor(fmt.Sprintf("victim+%d@example.net", round)))
		}
		assert.Equal(t, lobby.DefaultMailsToAddress, total, "30 challenges, 5 invitations this hour")
		g.clock.Advance(time.Hour)
		g.lobbySend("a6@example.org", "", "", "new amplitude with victim@example.net")
		assert.Len(t, g.queuedFor("victim@example.net"), 1, "the next hour, the next")
	})
	t.Run("forged Gmail variants", func(t *testing.T) {
		g := newOpenLobby(t)
		variants := []string{"victim@gmail.com", "v.ictim@gmail.com", "vi.ct.im@googlemail.com", "Victim+x@Gmail.com", "vic.tim@gmail.com"}
		for round := range 4 {
			for _, v := range variants {
				g.bare(v, []string{"stop", "signup Victim", "watch 1", "games"}[round])
			}
		}
		total := 0
		for _, v := range variants {
			total += len(g.allQueuedTo(v))
		}
		assert.Equal(t, 1, total, "a stranger that proves nothing: one answer an hour, one mailbox")
	})
	t.Run("a stranger's fifty mails", func(t *testing.T) {
		g := newOpenLobby(t)
		for i := range 50 {
			g.bare("someone@example.net", []string{"help", "games", "hello", "signup Someone", "join 3"}[i%5])
		}
		assert.Len(t, g.allQueuedTo("someone@example.net"), 1)
		rows, err := g.st.InboundMails(context.Background(), store.InboundFilter{From: "someone@example.net"})
		require.NoError(t, err)
		held := 0
		for _, r := range rows {
			if strings.Contains(r.Detail, "held back") {
				held++
			}
		}
		assert.GreaterOrEqual(t, held, 40, "each silence is on the record, which the daemon logs")
	})
	assert.Equal(t, "victim@gmail.com", parser.MailboxKey("vi.ct.im+x@googlemail.com"))
}
