package server

import (
	"pbem/server/core"
	"slices"

	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
	"pbem/internal/fakeclock"
	"pbem/store"
)

// newLobby is a server of every game on a fake clock, with no game yet,
// and the given players (lower-case names, at example.org) registered. Its
// mail server vouches for the senders of lobbySend's mails (vouchedBy).
func newLobby(t *testing.T, players ...string) *clockedGame {
	t.Helper()
	c := fakeclock.New(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC))
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "pbem.db"), c.Now)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	srv, err := New(st, engine.NewRegistry(amplitude.Game{}, chiffres.Game{}, ludicitude.Game{}), Config{Now: c.Now, AuthservID: testAuthservID})
	require.NoError(t, err)
	g := &clockedGame{mailGame: &mailGame{t: t, srv: srv, st: st}, clock: c}
	for _, p := range players {
		register(t, st, p+"@example.org", strings.ToUpper(p[:1])+p[1:])
	}
	return g
}

// register signs up address as the accounts' confirmation would.
func register(t *testing.T, st *store.Store, address, name string) {
	t.Helper()
	db, err := sql.Open("sqlite", st.Path()+"?_pragma=busy_timeout(5000)")
	require.NoError(t, err)
	defer db.Close()
	_, err = db.Exec(`INSERT INTO players (email, name, created_at, registered_at) VALUES (?, ?, '2026-12-01T00:00:00Z', '2026-12-01T00:00:00Z')
		ON CONFLICT (email) DO UPDATE SET registered_at = excluded.registered_at`, address, name)
	require.NoError(t, err)
}

var lobbyMails int

// lobbySend handles a mail from from to to (the bare address when ""),
// answering inReplyTo, and returns its Message-ID.
func (g *clockedGame) lobbySend(from, to, inReplyTo, body string) string {
	g.t.Helper()
	lobbyMails++
	if to == "" {
		to = g.srv.cfg.Address
	}
	id := fmt.Sprintf("lobby-%d@example.org", lobbyMails)
	m := strings.Replace(string(raw(from, to, id, inReplyTo, body, vouchedBy(from))), "Subject: Re: [#1] Amplitude", "Subject: Re: games", 1)
	g.handle([]byte(m))
	return id
}

// testAuthservID is the authserv-id of the test world's mail server.
const testAuthservID = "mx.example.org"

// vouchedBy is the Authentication-Results field with which the test
// world's mail server vouches for a mail from address.
func vouchedBy(address string) string {
	return fmt.Sprintf("Authentication-Results: %s; dmarc=pass header.from=%s", testAuthservID, domainOf(address))
}

// last is the last mail queued to address.
func (g *clockedGame) last(address string) queuedMail {
	g.t.Helper()
	mails := g.queuedFor(address)
	require.NotEmpty(g.t, mails, "no mail to %s", address)
	return mails[len(mails)-1]
}

// gameOf is the one active game of address.
func (g *clockedGame) gameOf(address string) int64 {
	g.t.Helper()
	pid, err := g.st.PlayerID(context.Background(), address)
	require.NoError(g.t, err)
	ids, err := g.st.ActiveGamesOf(context.Background(), pid)
	require.NoError(g.t, err)
	require.Len(g.t, ids, 1)
	return ids[0]
}

// playOut plays game id to its end by mail, each player replying to
// their last mail of the game, and returns the game.
func (g *clockedGame) playOut(id int64) store.Game {
	g.t.Helper()
	for i := 0; i < 400; i++ {
		email, text, ok := nextMove(g.t, g.srv, id)
		if !ok {
			break
		}
		to, irt := g.replyIn(id, email)
		mid := g.lobbySend(email, to, irt, text)
		require.Equal(g.t, store.Applied, g.outcome(mid), "move %s of %s", text, email)
	}
	row, err := g.st.Game(context.Background(), id)
	require.NoError(g.t, err)
	return row
}

func (g *clockedGame) challengeStatus(id int64) string {
	c, err := g.st.Challenge(context.Background(), id)
	require.NoError(g.t, err)
	return c.Status
}

func TestChallengeAcceptedByAllAndPlayedToTheEnd(t *testing.T) {
	g := newLobby(t, "ann", "bob")
	g.lobbySend("ann@example.org", "", "", "new chiffres with Bob")
	assert.Contains(t, g.last("ann@example.org").text, "Challenge 1: Chiffres")
	inv := g.last("bob@example.org")
	assert.Contains(t, inv.text, "Ann invites you to a game of Chiffres")
	assert.Contains(t, inv.replyTo, "pbem+challenge-1-")

	// A forger replying to the invitation changes nothing.
	mid := g.lobbySend("mallory@example.net", inv.replyTo, inv.messageID, "accept")
	assert.Equal(t, store.Refused, g.outcome(mid))
	assert.Equal(t, store.ChallengePending, g.challengeStatus(1))

	// A reply that says neither yes nor no is told how to answer.
	mid = g.lobbySend("bob@example.org", inv.replyTo, inv.messageID, "Sounds fun, let me think.\n\n> Ann invites you")
	assert.Equal(t, store.Ignored, g.outcome(mid))
	assert.Contains(t, flat(g.last("bob@example.org").text), "said neither accept nor decline, so your seat still waits")
	assert.Equal(t, store.ChallengePending, g.challengeStatus(1))

	mid = g.lobbySend("bob@example.org", inv.replyTo, inv.messageID, "accept\n\n> Ann invites you")
	assert.Equal(t, store.Applied, g.outcome(mid))
	assert.Equal(t, store.ChallengeStarted, g.challengeStatus(1))
	id := g.gameOf("ann@example.org")
	assert.Equal(t, "invitation", g.last("bob@example.org").kind)
	assert.Equal(t, "invitation", g.last("ann@example.org").kind)

	row := g.playOut(id)
	assert.Equal(t, store.StatusFinished, row.Status)
}

func TestChallengeDeclinedByAnUnregisteredAddress(t *testing.T) {
	g := newLobby(t, "ann")
	g.lobbySend("ann@example.org", "", "", "new chiffres with carol@example.net bag=123")
	inv := g.last("carol@example.net")
	assert.Contains(t, inv.text, "options: bag=123")
	mid := g.lobbySend("carol@example.net", "", "", "decline 1")
	assert.Equal(t, store.Applied, g.outcome(mid))
	assert.Equal(t, store.ChallengeDeclined, g.challengeStatus(1))
	assert.Contains(t, g.last("ann@example.org").text, "carol@example.net declined challenge 1")
	assert.Contains(t, g.last("carol@example.net").text, "You declined challenge 1", "the decliner is told in the second person")
	// Too late to accept now.
	g.lobbySend("carol@example.net", inv.replyTo, inv.messageID, "accept")
	assert.Contains(t, g.last("carol@example.net").text, "it was declined")
}

func TestChallengeExpires(t *testing.T) {
	g := newLobby(t, "ann", "bob")
	g.lobbySend("ann@example.org", "", "", "new amplitude with bob@example.org")
	done, err := g.srv.Deadlines(context.Background(), g.clock.Now().Add(6*24*time.Hour))
	require.NoError(t, err)
	assert.Zero(t, done.Challenges)
	done, err = g.srv.Deadlines(context.Background(), g.clock.Now().Add(7*24*time.Hour+time.Minute))
	require.NoError(t, err)
	assert.Equal(t, 1, done.Challenges)
	assert.Equal(t, store.ChallengeExpired, g.challengeStatus(1))
	for _, who := range []string{"ann@example.org", "bob@example.org"} {
		assert.Contains(t, g.last(who).text, "Challenge 1 (Amplitude, seats: Ann, Bob) is over", who)
	}
	done, err = g.srv.Deadlines(context.Background(), g.clock.Now().Add(8*24*time.Hour))
	require.NoError(t, err)
	assert.Zero(t, done.Challenges, "expired once")
}

func TestOpenGameFilledByJoin(t *testing.T) {
	g := newLobby(t, "ann", "bob", "cid")
	g.lobbySend("ann@example.org", "", "", "new amplitude open 2")
	g.lobbySend("bob@example.org", "", "", "games open")
	assert.Contains(t, g.last("bob@example.org").text, "Challenge 1, Amplitude: 1 of 3 seats taken")
	g.lobbySend("dan@example.org", "", "", "join 1")
	assert.Contains(t, g.last("dan@example.org").text, "Sign up first: write signup YOUR NAME to pbem@localhost")
	g.lobbySend("bob@example.org", "", "", "join 1")
	assert.Contains(t, g.last("bob@example.org").text, "You have a seat in challenge 1")
	g.lobbySend("bob@example.org", "", "", "join 1")
	assert.Contains(t, g.last("bob@example.org").text, "You have a seat in challenge 1 already")
	g.lobbySend("cid@example.org", "", "", "join 1")
	assert.Equal(t, store.ChallengeStarted, g.challengeStatus(1))
	id := g.gameOf("cid@example.org")
	row, err := g.st.Game(context.Background(), id)
	require.NoError(t, err)
	assert.Equal(t, []string{"Ann", "Bob", "Cid"}, core.Names(row))
	g.lobbySend("bob@example.org", "", "", "games open")
	assert.Contains(t, g.last("bob@example.org").text, "No game waits for players now")
}

func TestGameAgainstTheComputerByMail(t *testing.T) {
	g := newLobby(t, "ann")
	mid := g.lobbySend("ann@example.org", "", "", "new chiffres with computer computer")
	assert.Equal(t, store.Applied, g.outcome(mid))
	id := g.gameOf("ann@example.org")
	row := g.playOut(id)
	assert.Equal(t, store.StatusFinished, row.Status)
	assert.Equal(t, []string{"Ann", "Computer 1", "Computer 2"}, core.Names(row))
}

// A game against the computer asked by mail at a level seats the
// computer at it, in English or French words. The games are found among
// all, not only the active ones: a Chiffres deal may end with the
// computer's first placements, before the player's turn (some 2 deals in
// 1,000 at strong, which ends a game it leads when it can).
func TestGameAgainstTheComputerAtALevelByMail(t *testing.T) {
	g := newLobby(t, "ann", "bob")
	mid := g.lobbySend("ann@example.org", "", "", "new amplitude with computer level=easy")
	assert.Equal(t, store.Applied, g.outcome(mid))
	row := g.onlyGameOf("ann@example.org")
	assert.Equal(t, "Computer", row.Seats[1].Bot)
	assert.Equal(t, "easy", row.Seats[1].BotLevel)
	g.lobbySend("bob@example.org", "", "", "nouvelle chiffres avec ordinateur niveau=fort")
	row = g.onlyGameOf("bob@example.org")
	assert.Equal(t, "strong", row.Seats[1].BotLevel)
}

// onlyGameOf is the one game, whatever its status, where address has a
// seat.
func (g *clockedGame) onlyGameOf(address string) store.Game {
	g.t.Helper()
	all, err := g.st.Games(context.Background())
	require.NoError(g.t, err)
	var found []store.Game
	for _, row := range all {
		if slices.ContainsFunc(row.Seats, func(s store.Seat) bool { return s.Email == address }) {
			found = append(found, row)
		}
	}
	require.Len(g.t, found, 1, "the games of %s", address)
	return found[0]
}

func TestGamesAndBoardAnswerOnlyTheSendersOwn(t *testing.T) {
	g := newLobby(t, "ann", "bob")
	g.lobbySend("ann@example.org", "", "", "new chiffres with computer")
	g.lobbySend("bob@example.org", "", "", "new amplitude with computer")
	g.lobbySend("ann@example.org", "", "", "new ludicitude with bob")
	annGame, bobGame := g.gameOf("ann@example.org"), g.gameOf("bob@example.org")

	g.lobbySend("ann@example.org", "", "", "games")
	text := g.last("ann@example.org").text
	reply, _ := g.replyIn(annGame, "ann@example.org")
	assert.Contains(t, text, fmt.Sprintf("Game %d, Chiffres, with Computer: your turn, move", annGame))
	assert.Contains(t, strings.Join(strings.Fields(text), " "), reply)
	assert.Contains(t, text, "Challenge 1, Ludicitude, seats: Ann, Bob: waiting for Bob")
	assert.NotContains(t, text, "Amplitude")

	g.lobbySend("bob@example.org", "", "", "games")
	assert.Contains(t, flat(g.last("bob@example.org").text), "waiting for your answer: write accept 1 or decline 1")

	g.lobbySend("ann@example.org", "", "", fmt.Sprintf("board %d", annGame))
	b := g.last("ann@example.org")
	assert.Equal(t, reply, b.replyTo)
	assert.Contains(t, b.text, "It is your turn")

	// A player of the operator's games lists them without signing up,
	// but starts none.
	danGame, err := g.srv.Create(context.Background(), core.NewGame{Game: "chiffres", Players: []core.Player{{Email: "dan@example.org", Name: "Dan"}}, Bots: []string{"Robot"}, Seed: seed(5)})
	require.NoError(t, err)
	g.lobbySend("dan@example.org", "", "", "games")
	assert.Contains(t, g.last("dan@example.org").text, fmt.Sprintf("Game %d, Chiffres, with Robot", danGame))
	g.lobbySend("dan@example.org", "", "", "new chiffres with computer")
	assert.Contains(t, g.last("dan@example.org").text, "Sign up first")

	for _, id := range []int64{bobGame, 999} {
		g.lobbySend("ann@example.org", "", "", fmt.Sprintf("board %d", id))
		got := g.last("ann@example.org")
		assert.Contains(t, got.text, fmt.Sprintf("You have no game %d here: games lists yours.", id))
		assert.NotContains(t, got.text, "Amplitude")
		assert.NotContains(t, got.text, "Bob")
	}
}

func TestNewRefusals(t *testing.T) {
	g := newLobby(t, "ann")
	register(t, g.st, "sam@one.example", "Sam")
	register(t, g.st, "sam@two.example", "Sam")
	for _, tc := range []struct{ body, says string }{
		{"new chess with bob@example.org", "There is no game chess here"},
		{"new ludicitude with a@example.org b@example.org", "Ludicitude is played by 2 to 2 players, and this game would have 3"},
		{"new amplitude with Sam", "2 players are named Sam (s***@one.example, s***@two.example)"},
		{"new amplitude with Nobody", "No player here is named Nobody"},
		{"new amplitude with computer bob@example.org", "A game against the computer has only you"},
		{"new amplitude with computer level=expert", "is not a level of the computer"},
		{"new amplitude with bob@example.org level=easy", "The level easy is the computer's, for a game against it"},
		{"new amplitude with ann@example.org", "You invited yourself"},
		{"new amplitude open x", "is not a number of open seats"},
		{"new chiffres with bob@example.org bag=abc", "bag"},
		{"accept", "Accept which challenge?"},
		{"join", "Join needs a number"},
	} {
		mid := g.lobbySend("ann@example.org", "", "", tc.body)
		assert.Equal(t, store.Refused, g.outcome(mid), tc.body)
		assert.Contains(t, flat(g.last("ann@example.org").text), tc.says, tc.body)
	}
	ids, err := g.st.Challenges(context.Background(), "")
	require.NoError(t, err)
	assert.Empty(t, ids)
	g.lobbySend("zed@example.org", "", "", "new amplitude with ann@example.org")
	assert.Contains(t, g.last("zed@example.org").text, "Sign up first")
}

// TestOperatorCancelsChallenge: accept ID at the bare address from the
// invited address takes the seat; the operator's cancel ends the
// challenge, everyone told, and a second cancel is refused.
func TestOperatorCancelsChallenge(t *testing.T) {
	g := newLobby(t, "ann", "bob", "cid")
	g.lobbySend("ann@example.org", "", "", "new amplitude with bob cid")
	mid := g.lobbySend("bob@example.org", "", "", "accept 1")
	assert.Equal(t, store.Applied, g.outcome(mid))
	assert.Contains(t, flat(g.last("bob@example.org").text), "The game starts when Cid is in")
	mid = g.lobbySend("dan@example.org", "", "", "accept 1")
	assert.Equal(t, store.Refused, g.outcome(mid), "a stranger to the challenge")

	require.NoError(t, g.srv.Lobby().CancelChallenge(context.Background(), 1))
	assert.Equal(t, store.ChallengeCancelled, g.challengeStatus(1))
	for _, who := range []string{"ann", "bob", "cid"} {
		assert.Contains(t, flat(g.last(who+"@example.org").text), "the server's operator cancelled it", who)
	}
	err := g.srv.Lobby().CancelChallenge(context.Background(), 1)
	assert.True(t, engine.IsRefusal(err))
	assert.Contains(t, err.Error(), "was cancelled")
}
