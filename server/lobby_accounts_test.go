package server

import (
	"pbem/server/lobby"

	"pbem/server/core"

	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/internal/fakeclock"
	"pbem/store"
)

// lobbyTest is a server on a fake clock, with no game, for the lobby's
// mails, and the reports of the mails it handled.
type lobbyTest struct {
	*clockedGame
	n       int
	mu      sync.Mutex
	reports []Handled
}

func newAccountsLobby(t *testing.T, policy LobbyPolicy) *lobbyTest {
	t.Helper()
	c := fakeclock.New(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC))
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "pbem.db"), c.Now)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	l := &lobbyTest{}
	srv, err := New(st, engine.NewRegistry(amplitude.Game{}), Config{Now: c.Now, Address: "games@example.org", Lobby: policy, AuthservID: testAuthservID, Report: func(h Handled) {
		l.mu.Lock()
		l.reports = append(l.reports, h)
		l.mu.Unlock()
	}})
	require.NoError(t, err)
	l.clockedGame = &clockedGame{mailGame: &mailGame{t: t, srv: srv, st: st}, clock: c}
	return l
}

// send handles a mail from from to to with body, as a mail client writes
// it (extra header lines after the others), and returns its Message-ID.
// The test world's mail server vouches for its sender (vouchedBy).
func (l *lobbyTest) send(from, to, body string, extra ...string) string {
	l.t.Helper()
	return l.sendAs(from, to, body, append([]string{vouchedBy(from)}, extra...)...)
}

// sendAs is send without the mail server's word: the header is extra.
func (l *lobbyTest) sendAs(from, to, body string, extra ...string) string {
	l.t.Helper()
	l.n++
	id := fmt.Sprintf("lobby%d@client.example", l.n)
	var b strings.Builder
	fmt.Fprintf(&b, "From: <%s>\r\nTo: %s\r\nSubject: games\r\nMessage-ID: <%s>\r\nDate: %s\r\n", from, to, id, l.clock.Now().Format(time.RFC1123Z))
	for _, h := range extra {
		b.WriteString(h + "\r\n")
	}
	b.WriteString("Content-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n"))
	_, err := l.srv.HandleMail(context.Background(), []byte(b.String()))
	require.NoError(l.t, err)
	return id
}

// reply answers the last mail to address, from from, with body: to its
// Reply-To, threaded to it, quoting nothing.
func (l *lobbyTest) reply(address, from, body string) string {
	l.t.Helper()
	last := l.last(address)
	return l.send(from, last.replyTo, body, "In-Reply-To: <"+last.messageID+">", "References: <"+last.messageID+">")
}

// last is the last mail queued to address.
func (l *lobbyTest) last(address string) queuedMail {
	l.t.Helper()
	mails := l.queuedFor(address)
	require.NotEmpty(l.t, mails, "no mail to %s", address)
	return mails[len(mails)-1]
}

// registered reports whether address is a registered player's.
func (l *lobbyTest) registered(address string) bool {
	l.t.Helper()
	_, ok, err := l.st.Registered(context.Background(), address)
	require.NoError(l.t, err)
	return ok
}

// tokenIn finds the confirmation token in a confirmation's text.
var tokenIn = regexp.MustCompile(`confirm ([a-z2-7]{20})`)

func (l *lobbyTest) tokenOf(m queuedMail) string {
	l.t.Helper()
	got := tokenIn.FindStringSubmatch(m.text)
	require.NotNil(l.t, got, "no token in %q", m.text)
	return got[1]
}

// TestLobbySignupNeedsItsConfirmation: signup mails a confirmation whose
// reply registers the address; until then it is not registered. A plain
// reply confirms, and so does confirm TOKEN written to the bare address;
// a token confirms once.
func TestLobbySignupNeedsItsConfirmation(t *testing.T) {
	l := newAccountsLobby(t, LobbyPolicy{})
	l.send("ann@example.org", "games@example.org", "signup Ann Smith")
	assert.False(t, l.registered("ann@example.org"), "not before the confirmation")
	conf := l.last("ann@example.org")
	assert.Equal(t, "pbem: confirm your sign-up", conf.subject)
	token := l.tokenOf(conf)
	assert.Equal(t, "games+confirm-"+token+"@example.org", conf.replyTo)
	assert.Contains(t, flat(conf.text), "To finish, reply to this mail")
	assert.Contains(t, flat(conf.text), "This request expires on Fri 4 Dec 2026 09:00 UTC.")

	l.reply("ann@example.org", "ann@example.org", "yes, that's me\n\n> Someone, probably you, asked to sign up")
	assert.True(t, l.registered("ann@example.org"))
	pid, err := l.st.PlayerID(context.Background(), "ann@example.org")
	require.NoError(t, err)
	p, err := l.st.Player(context.Background(), pid)
	require.NoError(t, err)
	assert.Equal(t, "Ann Smith", p.Name)
	welcome := l.last("ann@example.org")
	assert.Equal(t, "pbem: you are signed up", welcome.subject)
	assert.Contains(t, flat(welcome.text), "new amplitude with computer", "the next step spelled out")

	again := l.send("ann@example.org", "games@example.org", "confirm "+token)
	assert.Equal(t, store.Refused, l.outcome(again))
	assert.Contains(t, flat(l.last("ann@example.org").text), "was used already")

	// confirm TOKEN to the bare address, and the name of another refused.
	l.send("bob@example.org", "games@example.org", "signup ann smith")
	assert.Contains(t, flat(l.last("bob@example.org").text), "Another player is named Ann Smith", "the name of the player it passes for")
	l.send("bob@example.org", "games@example.org", "signup Bob")
	token = l.tokenOf(l.last("bob@example.org"))
	l.send("bob@example.org", "games@example.org", "confirm "+strings.ToUpper(token))
	assert.True(t, l.registered("bob@example.org"))

	// A provider that drops the + part keeps References: a reply to the
	// bare address threaded to the confirmation confirms.
	l.send("cyd@example.org", "games@example.org", "signup Cyd")
	conf = l.last("cyd@example.org")
	l.send("cyd@example.org", "games@example.org", "Yes.", "In-Reply-To: <"+conf.messageID+">", "References: <"+conf.messageID+">")
	assert.True(t, l.registered("cyd@example.org"))

	l.send("bob@example.org", "games@example.org", "name Robert")
	pid, err = l.st.PlayerID(context.Background(), "bob@example.org")
	require.NoError(t, err)
	p, err = l.st.Player(context.Background(), pid)
	require.NoError(t, err)
	assert.Equal(t, "Robert", p.Name)
	l.send("dee@example.org", "games@example.org", "name Dee")
	assert.Contains(t, flat(l.last("dee@example.org").text), "is not signed up here: write signup YOUR NAME")
}

// TestLobbyForgedSignupStaysUnconfirmed: a sign-up forged in someone
// else's name mails the confirmation to them, never to the forger; a
// confirmation from another address, or a guessed token, confirms
// nothing; the real owner can ignore it, and it expires.
func TestLobbyForgedSignupStaysUnconfirmed(t *testing.T) {
	l := newAccountsLobby(t, LobbyPolicy{})
	l.send("ann@example.org", "games@example.org", "signup Not Ann") // written by Eve
	conf := l.last("ann@example.org")
	token := l.tokenOf(conf)
	assert.Empty(t, l.queuedFor("eve@example.net"), "the forger gets nothing")

	// Eve guesses, then (say Ann forwarded it) uses the real token, from
	// her own address, by confirm and by replying to the reply address.
	l.send("eve@example.net", "games@example.org", "confirm aaaaaaaaaaaaaaaaaaaa")
	assert.Contains(t, flat(l.last("eve@example.net").text), "is not known here")
	wrong := l.send("eve@example.net", "games@example.org", "confirm "+token)
	assert.Equal(t, store.Refused, l.outcome(wrong))
	l.send("eve@example.net", conf.replyTo, "")
	assert.Contains(t, flat(l.last("eve@example.net").text), "was not mailed to eve@example.net")
	assert.False(t, l.registered("ann@example.org"))
	_, err := l.st.PlayerID(context.Background(), "ann@example.org")
	assert.ErrorIs(t, err, store.ErrNotFound, "no player made")

	// Ann ignores it; three days on, her late reply does nothing either.
	l.clock.Advance(lobby.ConfirmExpiry + time.Minute)
	l.reply("ann@example.org", "ann@example.org", "")
	assert.Contains(t, flat(l.last("ann@example.org").text), "This confirmation expired on")
	assert.False(t, l.registered("ann@example.org"))
}

// TestLobbyAliasConfirmedFromTheAddress: alias ADDRESS mails ADDRESS a
// confirmation; only a reply from ADDRESS adds it.
func TestLobbyAliasConfirmedFromTheAddress(t *testing.T) {
	l := newAccountsLobby(t, LobbyPolicy{})
	ctx := context.Background()
	pid, err := l.srv.Lobby().RegisterPlayer(ctx, "ann@example.org", "Ann")
	require.NoError(t, err)
	l.send("ann@example.org", "games@example.org", "alias Ann <ann@work.example>")
	assert.Contains(t, flat(l.last("ann@example.org").text), "A confirmation went to ann@work.example")
	conf := l.last("ann@work.example")
	assert.Equal(t, "pbem: confirm your address", conf.subject)
	assert.Contains(t, flat(conf.text), "Ann, who plays at this game server from ann@example.org")

	l.send("ann@example.org", conf.replyTo, "")
	_, err = l.st.PlayerID(ctx, "ann@work.example")
	assert.ErrorIs(t, err, store.ErrNotFound, "a reply from the old address adds nothing")

	l.send("ann@work.example", conf.replyTo, "")
	got, err := l.st.PlayerID(ctx, "ann@work.example")
	require.NoError(t, err)
	assert.Equal(t, pid, got)
	assert.True(t, l.registered("ann@work.example"), "the alias speaks for the registered player")

	l.send("bob@example.org", "games@example.org", "alias ann@work.example")
	assert.Contains(t, flat(l.last("bob@example.org").text), "not signed up here")
}

// TestLobbySignoffResignOrKeep: signoff asks what becomes of the running
// games; the confirmation without a choice does nothing, resign resigns
// them and silences the address, keep lets them go on.
func TestLobbySignoffResignOrKeep(t *testing.T) {
	l := newAccountsLobby(t, LobbyPolicy{})
	ctx := context.Background()
	for _, who := range []string{"ann@example.org", "bob@example.org"} {
		_, err := l.srv.Lobby().RegisterPlayer(ctx, who, "")
		require.NoError(t, err)
	}
	resigned, err := l.srv.Create(ctx, twoPlayers(21))
	require.NoError(t, err)

	l.send("ann@example.org", "games@example.org", "signoff")
	conf := l.last("ann@example.org")
	assert.Equal(t, "pbem: confirm your sign-off", conf.subject)
	assert.Contains(t, flat(conf.text), fmt.Sprintf("You have 1 game going (game %d)", resigned))
	assert.Contains(t, flat(conf.text), "reply to this mail with the word resign")

	l.reply("ann@example.org", "ann@example.org", "ok")
	assert.Contains(t, flat(l.last("ann@example.org").text), "reply to the confirmation with the word resign")
	assert.True(t, l.registered("ann@example.org"), "no choice, no sign-off")

	l.send("ann@example.org", conf.replyTo, "Resign.\n\n> You have 1 games going")
	assert.False(t, l.registered("ann@example.org"))
	row, err := l.st.Game(ctx, resigned)
	require.NoError(t, err)
	assert.Equal(t, store.StatusFinished, row.Status, "Ann resigned: Bob wins")
	silenced, err := l.st.Silenced(ctx, "ann@example.org")
	require.NoError(t, err)
	assert.True(t, silenced, "no more mail")
	assert.Equal(t, "pbem: you have signed off", l.last("ann@example.org").subject, "the last mail, queued before the silence")

	kept, err := l.srv.Create(ctx, core.NewGame{Game: "amplitude", Players: []core.Player{{Email: "bob@example.org"}, {Email: "cyd@example.org"}}, Seed: seed(4)})
	require.NoError(t, err)
	l.send("bob@example.org", "games@example.org", "signoff")
	token := l.tokenOf(l.last("bob@example.org"))
	l.send("bob@example.org", "games@example.org", "confirm "+token+" keep")
	assert.False(t, l.registered("bob@example.org"))
	row, err = l.st.Game(ctx, kept)
	require.NoError(t, err)
	assert.Equal(t, store.StatusActive, row.Status, "kept")
	silenced, err = l.st.Silenced(ctx, "bob@example.org")
	require.NoError(t, err)
	assert.False(t, silenced, "the kept game's mail still comes")
	assert.Contains(t, flat(l.last("bob@example.org").text), fmt.Sprintf("What you have going (game %d) goes on", kept))

	// Signing up again is coming back: the confirmation reaches the
	// silenced address (once a day), its reply undoes the silence.
	l.send("ann@example.org", "games@example.org", "signup Ann")
	silenced, err = l.st.Silenced(ctx, "ann@example.org")
	require.NoError(t, err)
	assert.True(t, silenced, "a sign-up mail alone does not undo the silence")
	assert.Equal(t, "pbem: confirm your sign-up", l.last("ann@example.org").subject)
	before := len(l.queuedFor("ann@example.org"))
	l.send("ann@example.org", "games@example.org", "signup Ann")
	assert.Len(t, l.queuedFor("ann@example.org"), before, "one a day past the silence")
	l.reply("ann@example.org", "ann@example.org", "")
	assert.True(t, l.registered("ann@example.org"))
	silenced, err = l.st.Silenced(ctx, "ann@example.org")
	require.NoError(t, err)
	assert.False(t, silenced, "back, and mail again")
	assert.Equal(t, "pbem: you are signed up", l.last("ann@example.org").subject)
}

// TestLobbySignupPolicy: nobody and a list of domains refuse politely,
// saying who may.
func TestLobbySignupPolicy(t *testing.T) {
	for _, tc := range []struct {
		policy, from, says string
		confirmation       bool
	}{
		{lobby.SignupNobody, "ann@example.org", "Sign-up by mail is closed on this server: ask its operator to register you", false},
		{"example.org, club.example", "ann@example.org", "", true},
		{"example.org, club.example", "ann@Club.Example", "", true},
		{"example.org, club.example", "eve@other.example", "Only addresses at example.org or club.example may sign up here", false},
		{"", "eve@other.example", "", true},
	} {
		t.Run(tc.policy+" "+tc.from, func(t *testing.T) {
			l := newAccountsLobby(t, LobbyPolicy{Signup: tc.policy})
			id := l.send(tc.from, "games@example.org", "signup Someone")
			m := l.last(strings.ToLower(tc.from))
			if tc.confirmation {
				assert.Equal(t, "pbem: confirm your sign-up", m.subject)
				return
			}
			assert.Equal(t, store.Refused, l.outcome(id))
			assert.Equal(t, "pbem: your mail", m.subject)
			assert.Contains(t, flat(m.text), "Nothing was done about your line signup Someone")
			assert.Contains(t, flat(m.text), tc.says)
		})
	}
	_, err := newAccountsLobby(t, LobbyPolicy{Signup: lobby.SignupNobody}).srv.Lobby().RegisterPlayer(context.Background(), "ann@example.org", "Ann")
	assert.NoError(t, err, "the operator registers whatever the policy")
}

// TestLobbyMayStart: past games_per_day games started in 24 hours, or
// games_running going, mayStart refuses, saying which limit and when it
// lifts; the games are counted by their creator.
func TestLobbyMayStart(t *testing.T) {
	l := newAccountsLobby(t, LobbyPolicy{GamesPerDay: 2, GamesRunning: 3})
	ctx := context.Background()
	ann, err := l.srv.Lobby().RegisterPlayer(ctx, "ann@example.org", "Ann")
	require.NoError(t, err)
	start := func() int64 {
		g := twoPlayers(5)
		g.CreatedBy = ann
		id, err := l.srv.Create(ctx, g)
		require.NoError(t, err)
		return id
	}
	first := start()
	_, err = l.srv.Create(ctx, twoPlayers(6)) // the operator's: not counted
	require.NoError(t, err)
	l.clock.Advance(time.Hour)
	require.NoError(t, l.srv.Lobby().MayStart(ctx, ann))
	start()
	err = l.srv.Lobby().MayStart(ctx, ann)
	require.True(t, engine.IsRefusal(err))
	assert.Equal(t, "you have started 2 games in the last 24 hours, the most this server allows: you may start another on Wed 2 Dec 2026 09:00 UTC", err.Error())

	l.clock.Advance(23 * time.Hour)
	require.NoError(t, l.srv.Lobby().MayStart(ctx, ann), "the first game is a day old")
	start()
	err = l.srv.Lobby().MayStart(ctx, ann)
	require.True(t, engine.IsRefusal(err))
	assert.Contains(t, err.Error(), "you have started 2 games in the last 24 hours", "the second and third")

	l.clock.Advance(24 * time.Hour)
	err = l.srv.Lobby().MayStart(ctx, ann)
	require.True(t, engine.IsRefusal(err))
	assert.Equal(t, "you have 3 games going or waiting for their players, the most this server allows at once: you may start another when one of them ends", err.Error())
	require.NoError(t, l.st.SetStatus(ctx, first, store.StatusActive, store.StatusAborted))
	assert.NoError(t, l.srv.Lobby().MayStart(ctx, ann), "one ended")
}

// TestLobbyFloodGoesSilent: past mails_per_hour lobby mails in an hour
// from one address, the next are recorded and unanswered, but for one
// notice, each logged with the limit; after the hour they are answered
// again.
func TestLobbyFloodGoesSilent(t *testing.T) {
	const most = 4
	l := newAccountsLobby(t, LobbyPolicy{MailsPerHour: most})
	var ids []string
	for i := range most + 5 {
		ids = append(ids, l.send(fmt.Sprintf("ann+%d@example.org", i%2), "games@example.org", "name Ann"))
		l.clock.Advance(time.Minute)
	}
	var answers, notices int
	for _, who := range []string{"ann+0@example.org", "ann+1@example.org"} {
		for _, m := range l.queuedFor(who) {
			switch m.subject {
			case "pbem: your mail":
				answers++
			case "pbem: your mails are not read for a while":
				notices++
				assert.Contains(t, flat(m.text), "more than 4 mails")
			}
		}
	}
	assert.Equal(t, most, answers, "exactly the allowed answers")
	assert.Equal(t, 1, notices, "one notice, then silence")
	for i, id := range ids {
		out, detail, err := l.st.InboundOutcome(context.Background(), id)
		require.NoError(t, err)
		if i < most {
			assert.Equal(t, store.Refused, out)
			continue
		}
		assert.Equal(t, store.Ignored, out, "mail %d", i)
		assert.Contains(t, detail, "over the hourly limit of 4 lobby mails")
	}
	l.mu.Lock()
	assert.Equal(t, "over the hourly limit of 4 lobby mails", l.reports[most].Reason, "the log line says why")
	l.mu.Unlock()

	l.clock.Advance(time.Hour)
	id := l.send("ann@example.org", "games@example.org", "name Ann")
	assert.Equal(t, store.Refused, l.outcome(id), "answered again after the hour")
}
