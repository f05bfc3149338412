package server

import (
	"pbem/server/core"

	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/emersion/go-message/mail"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/mailer"
	"pbem/store"
)

// headerOfMail is the header of a queued mail.
func headerOfMail(t *testing.T, raw []byte) *mail.Header {
	t.Helper()
	r, err := mail.CreateReader(strings.NewReader(string(raw)))
	require.NoError(t, err)
	return &r.Header
}

// allQueuedTo lists every mail queued to address, about a game or not.
func (g *mailGame) allQueuedTo(address string) []store.Outgoing {
	g.t.Helper()
	due, err := g.st.DueMails(context.Background(), g.srv.cfg.Now().Add(24*60*60*1e9), 1000)
	require.NoError(g.t, err)
	var out []store.Outgoing
	for _, m := range due {
		if m.Recipient == address {
			// As the sender sends it: with its pictures.
			m.Raw, err = g.srv.FinishMail(context.Background(), m.Raw)
			require.NoError(g.t, err)
			out = append(out, m)
		}
	}
	return out
}

// TestWatchersSeeNoRack: a watcher the operator adds gets the board at
// once and after every move, as a spectator sees it: never a player's
// rack, always a way to stop.
func TestWatchersSeeNoRack(t *testing.T) {
	g := newMailGame(t)
	ctx := context.Background()
	const watcher = "kibitz@example.net"
	added, err := g.srv.Watchers().Watch(ctx, g.id, watcher)
	require.NoError(t, err)
	assert.True(t, added)
	for range 3 {
		email, move := g.toMove()
		to, thread := g.reply(email)
		require.Equal(t, mailer.Accepted, g.handle(raw(email, to, "w"+move+"@x", thread, move)))
	}
	mails := g.allQueuedTo(watcher)
	require.Len(t, mails, 4, "the welcome and three moves")
	snap, err := g.srv.Snapshot(ctx, g.id, -1)
	require.NoError(t, err)
	for _, m := range mails {
		text := textOf(t, m.Raw)
		assert.NotContains(t, text, "Your rack", "a watcher sees no rack")
		for i := range snap.Game.Seats {
			hand := snap.State.(engine.Inspector).Hand(i)
			assert.NotContains(t, text, spaced(hand)+"\n", "nor seat %d's tokens", i)
		}
		h := headerOfMail(t, m.Raw)
		assert.Contains(t, h.Get("List-Unsubscribe"), "mailto:pbem+stop@localhost")
	}
	assert.Contains(t, textOf(t, mails[3].Raw), "You are watching this game")

	games, err := g.srv.Watchers().Unwatch(ctx, g.id, watcher)
	require.NoError(t, err)
	assert.Equal(t, []int64{g.id}, games)
}

// TestWatchByMail: anyone may watch a game open to watchers by mail, and
// stop with unwatch; a game closed to watchers refuses, in a sentence. A
// first mail, which proves no sender, is done once its From address
// confirms it; replies to the server's mails are done at once.
func TestWatchByMail(t *testing.T) {
	srv, st := newTestServer(t)
	ctx := context.Background()
	open, err := srv.Create(ctx, core.NewGame{Game: "amplitude", Seed: seed(2), Options: engine.Options{"watchers": "open"},
		Players: []core.Player{{Email: "ann@example.org"}, {Email: "bob@example.org"}}})
	require.NoError(t, err)
	closed, err := srv.Create(ctx, twoPlayers(3))
	require.NoError(t, err)
	g := &mailGame{t: t, srv: srv, st: st, id: open}
	const fan = "fan@example.net"
	assert.Equal(t, mailer.Accepted, g.handle(raw(fan, "pbem@localhost", "watch1@x", "", "Hello!\nwatch 1\nThanks")))
	watchers, err := st.Watchers(ctx, open)
	require.NoError(t, err)
	assert.Empty(t, watchers, "not before the confirmation")
	assert.Contains(t, flat(textOf(t, g.allQueuedTo(fan)[0].Raw)), "wrote to this game server from fan@example.net: watch 1")

	assert.Equal(t, mailer.Accepted, g.handle(g.replyToLast(fan, "confirm1@x", "")))
	watchers, err = st.Watchers(ctx, open)
	require.NoError(t, err)
	assert.Equal(t, []store.Watcher{{Address: fan}}, watchers)
	assert.Contains(t, textOf(t, g.allQueuedTo(fan)[1].Raw), "You are watching Amplitude, game 1")

	assert.Equal(t, mailer.Rejected, g.handle(g.replyToLast(fan, "watch2@x", "watch 2")))
	watchers, err = st.Watchers(ctx, closed)
	require.NoError(t, err)
	assert.Empty(t, watchers)
	assert.Contains(t, flat(textOf(t, g.allQueuedTo(fan)[2].Raw)), "is not open to watchers")

	assert.Equal(t, mailer.Accepted, g.handle(g.replyToLast(fan, "unwatch1@x", "unwatch")))
	watchers, err = st.Watchers(ctx, open)
	require.NoError(t, err)
	assert.Empty(t, watchers, "a reply to the server's mail is done at once")
}

// replyToLast is a reply from address, with body, to the last mail queued
// to it: to its Reply-To, threaded to it.
func (g *mailGame) replyToLast(address, messageID, body string) []byte {
	g.t.Helper()
	mails := g.allQueuedTo(address)
	require.NotEmpty(g.t, mails, "no mail to %s", address)
	last := mails[len(mails)-1]
	addrs, err := headerOfMail(g.t, last.Raw).AddressList("Reply-To")
	require.NoError(g.t, err)
	require.NotEmpty(g.t, addrs, "the last mail to %s has no Reply-To", address)
	return raw(address, addrs[0].Address, messageID, last.MessageID, body)
}

// TestStopSilencesAnAddress: stop from any address — by mail, by a mail to
// the List-Unsubscribe address (confirmed by a reply, as any mail that
// proves no sender), or by the one-click link — drops every mail queued to
// it and every later one; the player who writes to a game again gets mail
// again.
func TestStopSilencesAnAddress(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "pbem.db"), nil)
	require.NoError(t, err)
	defer st.Close()
	srv, err := New(st, engine.NewRegistry(amplitude.Game{}), Config{Address: "games@example.org", UnsubscribeURL: "https://games.example.org/unsubscribe"})
	require.NoError(t, err)
	id, err := srv.Create(ctx, twoPlayers(21))
	require.NoError(t, err)
	g := &mailGame{t: t, srv: srv, st: st, id: id}
	email, _ := g.toMove()
	to, thread := g.reply(email)

	// A refusal carries the header, with one-click; a turn mail does not.
	require.Equal(t, mailer.Rejected, g.handle(raw(email, to, "typo@x", thread, "#1 H8 rigth 34251")))
	queued := g.allQueuedTo(email)
	h := headerOfMail(t, queued[len(queued)-1].Raw)
	assert.Contains(t, h.Get("List-Unsubscribe"), "<mailto:games+stop@example.org?subject=stop>, <https://games.example.org/unsubscribe?a=")
	assert.Equal(t, "List-Unsubscribe=One-Click", h.Get("List-Unsubscribe-Post"))
	assert.Empty(t, headerOfMail(t, queued[0].Raw).Get("List-Unsubscribe"), "the invitation carries the game: no unsubscribe")

	// The one-click link: a GET changes nothing, a POST silences.
	link := strings.TrimSuffix(strings.Split(h.Get("List-Unsubscribe"), ", <")[1], ">")
	u, err := url.Parse(link)
	require.NoError(t, err)
	handler := srv.UnsubscribeHandler()
	rec := httptest.NewRecorder()
	handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/unsubscribe?"+u.RawQuery, nil))
	assert.Equal(t, http.StatusOK, rec.Code)
	silenced, err := st.Silenced(ctx, email)
	require.NoError(t, err)
	assert.False(t, silenced, "a GET (a link scanner) silences nothing")
	rec = httptest.NewRecorder()
	handler.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/unsubscribe?a="+url.QueryEscape(email)+"&t=forged", strings.NewReader("List-Unsubscribe=One-Click")))
	assert.Equal(t, http.StatusBadRequest, rec.Code, "a forged link")
	rec = httptest.NewRecorder()
	handler.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/unsubscribe?"+u.RawQuery, strings.NewReader("List-Unsubscribe=One-Click")))
	assert.Equal(t, http.StatusOK, rec.Code)
	silenced, err = st.Silenced(ctx, email)
	require.NoError(t, err)
	assert.True(t, silenced)

	// Nothing more goes to the address: the opponent's say is relayed to
	// nobody.
	before := len(g.allQueuedTo(email))
	other := other(email)
	otherTo, otherThread := g.reply(other)
	require.Equal(t, mailer.Accepted, g.handle(raw(other, otherTo, "o1@x", otherThread, "say are you there?")))
	assert.Len(t, g.allQueuedTo(email), before, "the chat relay is dropped")
	require.Equal(t, mailer.Accepted, g.handle(raw(other, otherTo, "o2@x", otherThread, "stop")), "stop by mail, from a player")
	silenced, err = st.Silenced(ctx, other)
	require.NoError(t, err)
	assert.True(t, silenced)

	// Writing to the game again asks for its mail again.
	_, move := g.toMove()
	require.Equal(t, mailer.Accepted, g.handle(raw(email, to, "m1@x", thread, move)))
	silenced, err = st.Silenced(ctx, email)
	require.NoError(t, err)
	assert.False(t, silenced)

	// A stranger's stop to the stop address: it proves no sender, so it
	// silences once the address confirms it.
	const victim = "spam-victim@example.net"
	require.Equal(t, mailer.Accepted, g.handle(raw(victim, "games+stop@example.org", "s1@x", "", "")))
	silenced, err = st.Silenced(ctx, victim)
	require.NoError(t, err)
	assert.False(t, silenced, "not before the confirmation")
	require.Equal(t, mailer.Accepted, g.handle(g.replyToLast(victim, "s2@x", "")))
	silenced, err = st.Silenced(ctx, victim)
	require.NoError(t, err)
	assert.True(t, silenced)
}
