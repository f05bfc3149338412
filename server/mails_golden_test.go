package server

import (
	"pbem/server/core"

	"bytes"
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/cryptotest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
	"pbem/internal/fakeclock"
	"pbem/mailer"
	"pbem/store"
)

var update = flag.Bool("update", false, "rewrite the golden mails of testdata/mails")

// mailSeed seeds crypto/rand for the scenarios of TestMailsGolden. The
// goldens do not depend on it: every random value of a mail is
// normalised (normalisedMails), and the deals of the games the lobby
// starts come from streams of their own (dealFrom). Another seed checks
// that: go test ./server -run TestMailsGolden -mailseed 7.
var mailSeed = flag.Uint64("mailseed", 1, "the crypto/rand stream of TestMailsGolden's scenarios")

// TestMailsGolden plays scripted games through the server's public doors —
// HandleMail with replies as mail clients write them, Create, Play and the
// operator's calls, Deadlines and ResumeStalled on a fake clock,
// RefusedMail and the unsubscribe link as the sender and the web see them
// — and holds every mail the server queued, in the order it queued them,
// byte for byte to the golden file of its scenario, testdata/mails/NAME.txt,
// its random values (tokens, Message-IDs, MIME boundaries, signatures)
// numbered in order of appearance. The mails are as queued: a board
// picture is the placeholder that FinishMail replaces with the PNG when
// the mail is sent (the picture package's goldens hold the drawing). Each
// template of templates/files, and each feature that composes mail, is in
// at least one scenario. go test ./server -run TestMailsGolden -update
// rewrites the goldens.
func TestMailsGolden(t *testing.T) {
	for _, sc := range goldenScenarios {
		t.Run(sc.name, func(t *testing.T) {
			cryptotest.SetGlobalRandom(t, *mailSeed)
			lobbyMails = 0 // lobbySend's Message-IDs, which the answers quote, count from 1 in each scenario
			g := newGoldenServer(t, sc.policy)
			sc.play(g)
			got := normalisedMails(t, g.st)
			path := filepath.Join("testdata", "mails", sc.name+".txt")
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "no golden yet: go test ./server -run TestMailsGolden -update")
			if string(want) != got {
				t.Fatal(firstDifference(path, string(want), got))
			}
		})
	}
	// A golden whose scenario is gone or renamed holds nothing any more.
	files, err := filepath.Glob(filepath.Join("testdata", "mails", "*.txt"))
	require.NoError(t, err)
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		assert.True(t, slices.ContainsFunc(goldenScenarios, func(sc goldenScenario) bool { return sc.name == name }), "%s belongs to no scenario: remove it", f)
	}
}

// firstDifference says where got first differs from want, the golden at
// path, line by line: testify's diff of two long texts would print both
// whole.
func firstDifference(path, want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	mail := "its start"
	for i := range min(len(wl), len(gl)) {
		if strings.HasPrefix(wl[i], "======== mail ") {
			mail = strings.Trim(wl[i], "= ")
		}
		if wl[i] != gl[i] {
			return fmt.Sprintf("%s differs from line %d (in %s):\nwant %q\n got %q\n"+
				"go test ./server -run TestMailsGolden -update rewrites it, and git diff shows every change", path, i+1, mail, wl[i], gl[i])
		}
	}
	return fmt.Sprintf("%s holds %d lines, the mails %d now: go test ./server -run TestMailsGolden -update rewrites it", path, len(wl), len(gl))
}

// goldenScenarios are the scripts of TestMailsGolden, each named by what it
// plays, with the templates its mails render (every one of
// templates/files; footer ends every game's mail).
var goldenScenarios = []goldenScenario{
	// invitation, turn, refusal, answer (board, history, help, try),
	// chat, status, stranger, notice (lang): in French and English.
	{"amplitude-by-mail-with-a-french-player", LobbyPolicy{}, playAmplitudeByMail},
	// invitation, turn (the computer's answers, the end), answer
	// (standings), notice (games).
	{"chiffres-three-players-and-games-against-the-computer", LobbyPolicy{}, playComputerAndRated},
	// notice (sign-up, confirmations, help, games, board, challenges,
	// refusals, sign-off; in French too), invitation, turn.
	{"lobby-signup-challenges-open-game-signoff", LobbyPolicy{}, playLobby},
	// notice (watching, confirmation), turn (a player's, a watcher's),
	// answer (board).
	{"watchers-unwatch-stop-and-one-click-unsubscribe", LobbyPolicy{}, playWatchers},
	// reminder (half time, last day, the operator's nudge), turn (a
	// timeout), notice (vacations, mail, a digest reply), digest.
	{"clock-reminders-timeout-vacation-digest", LobbyPolicy{}, playClocks},
	// notice (an address bounces), turn.
	{"bounce-and-refused-mail", LobbyPolicy{}, playBounces},
	// rekey, revoked, notice (a revoked digest address), digest.
	{"rekey-and-revoked-tokens", LobbyPolicy{}, playRekeys},
	// notice (mail, pictures, lang, name, alias, the lobby's limits,
	// sign-up policy, the operator's choices), refusal (the hour's last
	// answer), turn (pictures off, mail turn), in French too.
	{"settings-and-limits", LobbyPolicy{Signup: "example.org", MailsPerHour: 4}, playSettings},
	// notice (an offer to take back a turn, its decline; a rematch
	// offered), turn (a turn taken back), invitation (the rematch), in
	// French too.
	{"undo-and-rematch", LobbyPolicy{}, playUndoAndRematch},
}

// goldenScenario is a script of TestMailsGolden: its golden's name, the
// lobby policy its operator sets, and the play.
type goldenScenario struct {
	name   string
	policy LobbyPolicy
	play   func(g *clockedGame)
}

// newGoldenServer is a server of every game on a fake clock, with no game
// yet, under the lobby policy: its mail server vouches for lobbySend's
// mails (vouchedBy), and its mails carry the one-click unsubscribe link.
func newGoldenServer(t *testing.T, policy LobbyPolicy) *clockedGame {
	t.Helper()
	c := fakeclock.New(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC))
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "pbem.db"), c.Now)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	srv, err := New(st, engine.NewRegistry(amplitude.Game{}, chiffres.Game{}, ludicitude.Game{}),
		Config{Now: c.Now, AuthservID: testAuthservID, UnsubscribeURL: "https://games.example.org/unsubscribe", Lobby: policy, ClockStart: ClockFromMove})
	require.NoError(t, err)
	return &clockedGame{mailGame: &mailGame{t: t, srv: srv, st: st}, clock: c}
}

// create has the operator create the game req asks for, which g's
// helpers then play (g.id), and returns its ID.
func (g *clockedGame) create(req core.NewGame) int64 {
	g.t.Helper()
	id, err := g.srv.Create(context.Background(), req)
	require.NoError(g.t, err)
	g.id = id
	return id
}

// applied sends body from email as a reply to the last mail of game id it
// got, which must apply.
func (g *clockedGame) applied(id int64, email, body string) {
	g.t.Helper()
	require.Equal(g.t, store.Applied, g.outcome(g.lobbyReply(id, email, body)), "%q by %s", body, email)
}

// answerLast sends body from address as a reply to the last mail queued
// to it (a confirmation, an invitation, a watcher's mail), and returns
// its Message-ID.
func (g *clockedGame) answerLast(address, body string) string {
	g.t.Helper()
	last := g.last(address)
	return g.lobbySend(address, last.replyTo, last.messageID, body)
}

// players are the seats of the scenarios' games, by their names' first
// letters in lower case: players("ann", "bob") seats Ann and Bob, at
// example.org.
func players(names ...string) []core.Player {
	var out []core.Player
	for _, n := range names {
		out = append(out, core.Player{Email: n + "@example.org", Name: strings.ToUpper(n[:1]) + n[1:]})
	}
	return out
}

// playAmplitudeByMail: Ann and Bob play Amplitude by mail, Ann in French
// from her first mail on; on the way a mistyped move and one out of
// turn, board, history, help, try, say, a thank-you without a command, a
// move by the operator, and a stranger who writes to Bob's reply address.
func playAmplitudeByMail(g *clockedGame) {
	ann, bob := "ann@example.org", "bob@example.org"
	id := g.create(core.NewGame{Game: "amplitude", Seed: seed(11), Players: players("ann", "bob")})
	move := func() {
		g.t.Helper()
		mover, text := g.toMove()
		if mover == ann {
			text = inFrench(text)
		}
		g.applied(id, mover, text)
	}
	g.applied(id, ann, "Bonjour,\n\nlangue français\n\nAnne")
	move()
	mover, _ := g.toMove()
	require.Equal(g.t, store.Refused, g.outcome(g.lobbyReply(id, mover, "#2 H8 rigth 999")), "a mistyped move")
	require.Equal(g.t, store.Refused, g.outcome(g.lobbyReply(id, other(mover), "#2 pass")), "not their turn")
	move()
	g.applied(id, ann, "plateau")
	g.applied(id, bob, "history")
	g.applied(id, bob, "say Nice one, Ann!")
	g.applied(id, ann, "dire Merci Bob")
	g.applied(id, bob, "help")
	_, text := g.toMove()
	_, guess, _ := strings.Cut(text, " ") // without its #N
	g.applied(id, bob, "try "+guess)
	g.applied(id, ann, "Essayer "+inFrench(guess))
	require.Equal(g.t, store.Ignored, g.outcome(g.lobbyReply(id, bob, "Thanks for the game so far!")))
	move()
	mover, text = g.toMove()
	_, err := g.srv.Play(context.Background(), id, mover, text, "")
	require.NoError(g.t, err)
	move()
	to, thread := g.replyIn(id, bob)
	require.Equal(g.t, store.Rejected, g.outcome(g.lobbySend("eve@example.net", to, thread, "pass")), "a stranger")
}

// playComputerAndRated: Ann, Bob and Cyd play two rounds of Chiffres,
// then Bob and Cyd resign and Ann, the last one in, wins; she asks for
// the standings, which the game moved. Dan starts a game of Ludicitude
// against the computer at the lobby, plays two moves, each answered by
// the computer in the same mail, offers a draw with his third, which the
// computer does not take up, and resigns. A game of Amplitude against
// the computer, stopped by a crash after the player's move, is resumed.
func playComputerAndRated(g *clockedGame) {
	ctx := context.Background()
	ann, bob, cyd, dan := "ann@example.org", "bob@example.org", "cyd@example.org", "dan@example.org"
	id := g.create(core.NewGame{Game: "chiffres", Seed: seed(3), Players: players("ann", "bob", "cyd")})
	for range 6 {
		mover, text := g.toMove()
		g.applied(id, mover, text)
	}
	g.applied(id, bob, "resign")
	g.applied(id, cyd, "resign")
	require.Equal(g.t, store.StatusFinished, g.row().Status)
	g.applied(id, ann, "standings")

	register(g.t, g.st, dan, "Dan")
	g.lobbySend(dan, "", "", "games")
	dealFrom(g, 1, func() { g.lobbySend(dan, "", "", "new ludicitude with computer bot_nodes=1000") })
	game := g.gameOf(dan)
	for n := range 3 {
		_, text, ok := nextMove(g.t, g.srv, game)
		require.True(g.t, ok)
		if n == 2 {
			text = "draw\n" + text
		}
		g.applied(game, dan, text)
	}
	g.applied(game, dan, "resign")
	row, err := g.st.Game(ctx, game)
	require.NoError(g.t, err)
	require.Equal(g.t, store.StatusFinished, row.Status)

	stallAfterPlayerMove(g.t, g.srv, g.st)
	resumed, err := g.srv.ResumeStalled(ctx)
	require.NoError(g.t, err)
	require.Equal(g.t, 1, resumed)
}

// dealFrom runs send, a mail to the lobby that starts a game or a
// challenge, with crypto/rand drawing from stream n whatever -mailseed
// says: the lobby deals its games from crypto/rand, and a deal, unlike a
// token, cannot be normalised. The deal is the first value the mail
// draws (its lobby key is drawn by an earlier mail), so it stays the same
// as long as the handling draws nothing before it. The scenario's own
// stream goes on after it.
func dealFrom(g *clockedGame, n uint64, send func()) {
	cryptotest.SetGlobalRandom(g.t, n<<32)
	send()
	cryptotest.SetGlobalRandom(g.t, *mailSeed+n)
}

// sendUnproven is lobbySend for a mail that the test world's mail server
// lets through without vouching for its sender (unproven): what it asks
// of the lobby is confirmed before it is done.
func (g *clockedGame) sendUnproven(from, to, body string) {
	g.t.Helper()
	lobbyMails++
	if to == "" {
		to = g.srv.cfg.Address
	}
	m := raw(from, to, fmt.Sprintf("lobby-%d@example.org", lobbyMails), "", body, unproven(from))
	g.handle(bytes.Replace(m, []byte("Subject: Re: [#1] Amplitude"), []byte("Subject: Re: games"), 1))
}

// unproven is the Authentication-Results field of the test world's mail
// server for a mail from address that it lets through (SPF passed) but
// cannot vouch for (no DMARC pass).
func unproven(address string) string {
	return fmt.Sprintf("Authentication-Results: %s; dmarc=none header.from=%s; spf=pass smtp.mailfrom=%s", testAuthservID, domainOf(address), domainOf(address))
}

// playLobby: Dan signs up by mail and confirms by replying; Zoé signs up
// in French and cancels; she asks for a game and mistypes sign up. Dan
// asks for help and his games. Ann challenges Bob, who accepts by
// replying to the invitation, and the game starts; Ann asks for its
// board, and Dan too, whose game it is not. Ann challenges Cyd, who
// never answers; asks for a game that is not here; challenges Dan, who
// declines. Bob challenges Dan, and the operator cancels it. Dan opens a
// game with an open seat, which Cyd finds in the list and joins, in a
// mail his mail server cannot vouch for, so he confirms it. A week later
// the challenge to Cyd expires, too late for him to accept. Bob signs
// off, resigning his game; Dan signs off keeping his; the operator signs
// Cyd off, resigning his.
func playLobby(g *clockedGame) {
	ctx := context.Background()
	ann, bob, cyd, dan, zoe := "ann@example.org", "bob@example.org", "cyd@example.org", "dan@example.org", "zoe@example.net"
	for _, p := range players("ann", "bob", "cyd") {
		register(g.t, g.st, p.Email, p.Name)
	}
	g.lobbySend(dan, "", "", "signup Dan")
	g.answerLast(dan, "yes, that's me")
	_, ok, err := g.st.Registered(ctx, dan)
	require.NoError(g.t, err)
	require.True(g.t, ok, "signed up")
	g.lobbySend(zoe, "", "", "Bonjour,\n\ninscription Zoé")
	g.answerLast(zoe, "non")
	g.lobbySend(zoe, "", "", "new amplitude with ann@example.org")
	g.lobbySend(zoe, "", "", "sign up Zoe")
	g.lobbySend(dan, "", "", "help")
	g.lobbySend(dan, "", "", "games")

	dealFrom(g, 2, func() { g.lobbySend(ann, "", "", "new amplitude with bob@example.org") })
	require.Equal(g.t, store.Applied, g.outcome(g.answerLast(bob, "Sure, I accept!")))
	game := g.gameOf(bob)
	mover, text, _ := nextMove(g.t, g.srv, game)
	g.applied(game, mover, text)
	g.lobbySend(ann, "", "", fmt.Sprintf("board %d", game))
	g.lobbySend(dan, "", "", fmt.Sprintf("board %d", game))
	g.lobbySend(ann, "", "", "new chiffres with Cyd")
	g.lobbySend(ann, "", "", "new chess with Cyd")
	g.lobbySend(ann, "", "", "games")
	g.lobbySend(ann, "", "", "new ludicitude with Dan")
	g.lobbySend(dan, "", "", "decline 3")
	g.lobbySend(bob, "", "", "new amplitude with Dan")
	require.NoError(g.t, g.srv.Lobby().CancelChallenge(ctx, 4))

	dealFrom(g, 3, func() { g.lobbySend(dan, "", "", "new amplitude open 1") })
	g.lobbySend(cyd, "", "", "games open")
	g.sendUnproven(cyd, "", "join 5")
	g.answerLast(cyd, "")
	g.gameOf(cyd) // the game started

	g.deadlines(7*24*time.Hour + time.Minute)
	require.Equal(g.t, store.ChallengeExpired, g.challengeStatus(2))
	g.lobbySend(cyd, "", "", "accept 2")

	g.lobbySend(bob, "", "", "signoff")
	g.answerLast(bob, "resign")
	g.lobbySend(dan, "", "", "signoff")
	g.answerLast(dan, "keep")
	_, err = g.srv.Lobby().SignOffPlayer(ctx, cyd, true)
	require.NoError(g.t, err)
}

// playWatchers: a game open to watchers. The operator adds Kim; Fay asks
// to watch by mail, and Zed too, in a mail his mail server cannot vouch
// for, so he confirms it by replying; a move reaches the three. Fay
// replies unwatch. Bob follows the one-click unsubscribe link of one of
// his mails, so Ann's chat reaches him no more, until he writes to the
// game again; Ann writes stop; someone writes stop to the
// List-Unsubscribe address and confirms it.
func playWatchers(g *clockedGame) {
	ctx := context.Background()
	ann, bob := "ann@example.org", "bob@example.org"
	kim, fay, zed, victim := "kim@example.net", "fay@example.net", "zed@example.net", "victim@example.net"
	id := g.create(core.NewGame{Game: "amplitude", Seed: seed(21), Options: engine.Options{"watchers": "open"}, Players: players("ann", "bob")})
	added, err := g.srv.Watchers().Watch(ctx, id, kim)
	require.NoError(g.t, err)
	require.True(g.t, added)
	require.Equal(g.t, store.Applied, g.outcome(g.lobbySend(fay, "", "", fmt.Sprintf("watch %d", id))))
	g.sendUnproven(zed, "", fmt.Sprintf("watch %d", id))
	g.answerLast(zed, "")
	mover, text := g.toMove()
	g.applied(id, mover, text)
	require.Equal(g.t, store.Applied, g.outcome(g.answerLast(fay, "unwatch")))

	g.applied(id, bob, "board")
	mails := g.allQueuedTo(bob)
	h := headerOfMail(g.t, mails[len(mails)-1].Raw)
	link := strings.TrimSuffix(strings.Split(h.Get("List-Unsubscribe"), ", <")[1], ">")
	rec := httptest.NewRecorder()
	g.srv.UnsubscribeHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodPost, link, strings.NewReader("List-Unsubscribe=One-Click")))
	require.Equal(g.t, http.StatusOK, rec.Code)
	g.applied(id, ann, "say Are you there, Bob?")
	mover, text = g.toMove()
	g.applied(id, mover, text)
	g.applied(id, ann, "stop")
	g.sendUnproven(victim, "pbem+stop@localhost", "")
	require.Equal(g.t, store.Applied, g.outcome(g.answerLast(victim, "")))
}

// playClocks: Ann and Bob play with a 5-day clock. Bob, to move, is
// reminded at half time and on his last day, then his time runs out and
// the turn passes. Ann goes on vacation for 3 days: Bob is told, and when
// it ends her clock runs again; she goes away again and is back early.
// The operator nudges Bob, and sends him on vacation and back. Cyd, who
// gets a digest at 08:00, plays his game with Ann from it, and replies
// to it again naming no game.
func playClocks(g *clockedGame) {
	ctx := context.Background()
	ann, bob, cyd := "ann@example.org", "bob@example.org", "cyd@example.org"
	id := g.create(core.NewGame{Game: "amplitude", Seed: seed(5), Options: engine.Options{"clock": "5d"}, Players: players("ann", "bob")})
	if g.mover() != bob {
		_, text := g.toMove()
		g.applied(id, ann, text)
	}
	require.Equal(g.t, 1, g.deadlines(60*time.Hour), "half time")
	require.Equal(g.t, 1, g.deadlines(36*time.Hour), "the last day")
	require.Equal(g.t, 1, g.deadlines(24*time.Hour), "the time runs out")
	require.Equal(g.t, ann, g.mover())
	g.applied(id, ann, "vacation 3d")
	require.Equal(g.t, 1, g.deadlines(3*24*time.Hour), "the vacation ends")
	g.applied(id, ann, "vacation 5d")
	g.applied(id, ann, "back")
	_, text := g.toMove()
	g.applied(id, ann, text)
	nudged, err := g.srv.Clocks().Nudge(ctx, id)
	require.NoError(g.t, err)
	require.Equal(g.t, bob, nudged)
	_, err = g.srv.Clocks().Vacation(ctx, bob, "2d")
	require.NoError(g.t, err)
	_, err = g.srv.Clocks().Vacation(ctx, bob, "back")
	require.NoError(g.t, err)

	other := g.create(core.NewGame{Game: "amplitude", Seed: seed(6), Players: players("cyd", "ann")})
	if mover, text, _ := nextMove(g.t, g.srv, other); mover == ann {
		g.applied(other, ann, text)
	}
	g.applied(other, cyd, "mail digest 08:00")
	g.clock.Advance(time.Date(2026, 12, 10, 8, 0, 0, 0, time.UTC).Sub(g.clock.Now()))
	done, err := g.srv.Deadlines(ctx, g.clock.Now())
	require.NoError(g.t, err)
	require.Equal(g.t, 1, done.Digests)
	digest := g.last(cyd)
	mover, text, _ := nextMove(g.t, g.srv, other)
	require.Equal(g.t, cyd, mover)
	require.Equal(g.t, store.Applied, g.outcome(g.lobbySend(cyd, digest.replyTo, digest.messageID, fmt.Sprintf("game %d: %s", other, text))))
	g.lobbySend(cyd, digest.replyTo, digest.messageID, "Thanks!")
}

// playBounces: in a game of three, the turn mail to Bob comes back as a
// delivery report, and Ann and Cyd are told; the relay refuses a mail to
// Cyd, and Ann and Bob are told.
func playBounces(g *clockedGame) {
	ctx := context.Background()
	bob, cyd := "bob@example.org", "cyd@example.org"
	id := g.create(core.NewGame{Game: "amplitude", Seed: seed(21), Players: players("ann", "bob", "cyd")})
	mover, text := g.toMove()
	g.applied(id, mover, text)
	turn := g.mailGame.lastTo(bob)
	require.Equal(g.t, mailer.Accepted, g.handle(dsn("dsn1@mx.example.net", bob, "failed", "5.1.1", turn.Raw)))
	due, err := g.st.DueMails(ctx, g.clock.Now(), 100)
	require.NoError(g.t, err)
	var refused store.Outgoing
	for _, m := range due {
		if m.Recipient == cyd {
			refused = m
		}
	}
	require.NoError(g.t, g.srv.RefusedMail(ctx, refused, mailer.Refusal{Code: 550, Status: "5.1.1", Reply: "550 5.1.1 <cyd@example.org>: no such user"}))
	mover, text = g.toMove()
	g.applied(id, mover, text)
}

// playRekeys: the operator rekeys Ann's seat; a mail to her old reply
// address is refused and she is told. Bob asks for a rekey by mail. Ann
// chooses a digest, gets one, and the operator rekeys the whole game:
// a reply to the old digest is refused and she is told.
func playRekeys(g *clockedGame) {
	ctx := context.Background()
	ann, bob := "ann@example.org", "bob@example.org"
	id := g.create(core.NewGame{Game: "amplitude", Seed: seed(7), Players: players("ann", "bob")})
	oldTo, oldThread := g.replyIn(id, ann)
	emails, err := g.srv.Rekeys().Rekey(ctx, id, ann)
	require.NoError(g.t, err)
	require.Equal(g.t, []string{ann}, emails)
	require.Equal(g.t, store.Rejected, g.outcome(g.lobbySend("mallory@example.net", oldTo, oldThread, "pass")))
	g.applied(id, bob, "rekey")
	if g.mover() != ann {
		_, text := g.toMove()
		g.applied(id, bob, text)
	}
	g.applied(id, ann, "mail digest 08:00")
	g.clock.Advance(23 * time.Hour)
	done, err := g.srv.Deadlines(ctx, g.clock.Now())
	require.NoError(g.t, err)
	require.Equal(g.t, 1, done.Digests)
	digest := g.last(ann)
	_, err = g.srv.Rekeys().Rekey(ctx, id, "")
	require.NoError(g.t, err)
	_, text := g.toMove()
	require.Equal(g.t, store.Rejected, g.outcome(g.lobbySend(ann, digest.replyTo, digest.messageID, fmt.Sprintf("game %d: %s", id, text))))
}

// playSettings: Ann and Bob set their mail at a game — Bob turn, Ann
// pictures off — and Ann, at the lobby, her language, her name and an
// alias, which she confirms from the alias, and plays from it. Bob writes
// a command that does not read, then commands that are refused until the
// hour's last answer says so, and sets his mail back. Under the
// operator's policy, Ann's fifth mail to the lobby within the hour gets a
// notice that her next ones go unread, and an address outside its domain
// cannot sign up. The operator sets Ann's language, mail and pictures
// back, naming her by her alias: each is confirmed to her own address.
func playSettings(g *clockedGame) {
	ctx := context.Background()
	ann, bob, alias := "ann@example.org", "bob@example.org", "ann.smith@example.com"
	register(g.t, g.st, ann, "Ann")
	id := g.create(core.NewGame{Game: "amplitude", Seed: seed(9), Players: players("ann", "bob")})
	g.applied(id, bob, "mail turn")
	g.applied(id, ann, "pictures off")
	g.lobbySend(ann, "", "", "langue français")
	g.lobbySend(ann, "", "", "name Annie")
	g.lobbySend(ann, "", "", "alias "+alias)
	g.lobbySend(ann, "", "", "games")
	g.lobbySend(ann, "", "", "games") // the fifth
	g.answerLast(alias, "")
	for range 3 {
		mover, text := g.toMove()
		if mover == ann {
			to, thread := g.replyIn(id, ann)
			require.Equal(g.t, store.Applied, g.outcome(g.lobbySend(alias, to, thread, inFrench(text))))
			continue
		}
		g.applied(id, mover, text)
	}
	require.Equal(g.t, store.Refused, g.outcome(g.lobbyReply(id, bob, "pictures no")))
	for i := range DefaultAnswersPerHour + 1 {
		require.Equal(g.t, store.Refused, g.outcome(g.lobbyReply(id, bob, fmt.Sprintf("#%d pass", 90+i))))
	}
	g.clock.Advance(time.Hour)
	g.applied(id, bob, "pictures on")
	g.applied(id, bob, "mail every")
	g.lobbySend("zed@elsewhere.example", "", "", "signup Zed")
	for _, c := range []struct {
		set  func(context.Context, string, string) (string, error)
		spec string
	}{{g.srv.Accounts().SetLang, "default"}, {g.srv.Accounts().SetMailPref, "digest 07:30"}, {g.srv.Accounts().SetPicturesPref, "on"}} {
		_, err := c.set(ctx, alias, c.spec)
		require.NoError(g.t, err)
	}
}

// Random values in the mails, as normalisedMails finds them. Each is
// fixed in length (tokens 20 characters of base32, the random part of a
// Message-ID 16 hex digits, a MIME boundary 60, an unsubscribe link's
// signature 22 of base64url), so quoted-printable breaks its lines at the
// same places whatever the values: a placeholder of the same length takes
// the place of each. A token shows in reply addresses, thread IDs and
// subject tags (pbem+12-TOKEN@, pbem.12.TOKEN.thread@, [#12-TOKEN]), the
// lobby's, confirmations', challenges' and digests' addresses, and the
// texts that quote them; only the random part of a Message-ID is
// replaced (pbem.12.turn.3.1.RANDOM@), the rest names the mail.
var (
	tokenValue    = regexp.MustCompile(`(?:^|[^A-Za-z0-9])([a-z2-7]{20})(?:[^A-Za-z0-9]|$)`)
	messageIDPart = regexp.MustCompile(`pbem(?:\.[A-Za-z0-9-]+)*?\.([0-9a-f]{16})@`)
	boundaryValue = regexp.MustCompile(`(?:^|[^A-Za-z0-9])([0-9a-f]{60})(?:[^A-Za-z0-9]|$)`)
	unsubscribeT  = regexp.MustCompile(`[?&]t=([A-Za-z0-9_-]{22})(?:[^A-Za-z0-9_-]|$)`)
)

// softBreak is what splits a value across lines without being part of it:
// a quoted-printable soft line break, or the end of one encoded word of a
// header and the start of the next.
var softBreak = regexp.MustCompile(`=\r\n|\?=\r\n =\?utf-8\?[qQbB]\?|\?= =\?utf-8\?[qQbB]\?`)

// normalisedMails is every mail in st's outbox, in the order queued, each
// after a line naming its recipient (and why it was abandoned, when it
// was), with its random values replaced by numbered placeholders — the
// same value by the same placeholder across the scenario, MIME boundaries
// numbered within their mail — and its CRLF line ends written as LF (a
// mail with another line end fails the test).
func normalisedMails(t *testing.T, st *store.Store) string {
	t.Helper()
	rows, err := rawDB(t, st).Query(`SELECT recipient, raw, abandoned_at IS NOT NULL, last_error FROM outbox ORDER BY id`)
	require.NoError(t, err)
	defer rows.Close()
	n := placeholders{seen: map[string]string{}, count: map[string]int{}}
	var out strings.Builder
	for i := 1; rows.Next(); i++ {
		var to, why string
		var raw []byte
		var abandoned bool
		require.NoError(t, rows.Scan(&to, &raw, &abandoned, &why))
		fate := ""
		if abandoned {
			fate = " (abandoned: " + why + ")"
		}
		lines := bytes.ReplaceAll(raw, []byte("\r\n"), nil)
		assert.False(t, bytes.ContainsAny(lines, "\r\n"), "mail %d to %s has a line end other than CRLF", i, to)
		boundaries := placeholders{seen: map[string]string{}, count: map[string]int{}}
		raw = replaceValues(raw, boundaryValue, boundaries.of("BOUNDARY"))
		raw = replaceValues(raw, messageIDPart, n.of("MSGID"))
		raw = replaceValues(raw, unsubscribeT, n.of("UNSUBSCRIBE"))
		raw = replaceValues(raw, tokenValue, n.of("TOKEN"))
		fmt.Fprintf(&out, "======== mail %d to %s%s ========\n%s\n", i, to, fate, bytes.ReplaceAll(raw, []byte("\r\n"), []byte("\n")))
	}
	require.NoError(t, rows.Err())
	return out.String()
}

// placeholders numbers the distinct values of each kind in order of first
// appearance.
type placeholders struct {
	seen  map[string]string // kind and value → placeholder
	count map[string]int    // kind → values seen
}

// of names the values of kind: a value's placeholder is "{TOKEN-3}",
// padded with '_' to the value's length.
func (p placeholders) of(kind string) func(value string) string {
	return func(value string) string {
		key := kind + "\x00" + value
		if ph, ok := p.seen[key]; ok {
			return ph
		}
		p.count[kind]++
		ph := fmt.Sprintf("{%s-%d", kind, p.count[kind])
		ph += strings.Repeat("_", max(len(value)-len(ph)-1, 0)) + "}"
		p.seen[key] = ph
		return ph
	}
}

// replaceValues replaces in raw the first group of each match of re by
// name(value), character for character, where re matches raw with its
// soft breaks taken out: a value split by one keeps the break where it
// was.
func replaceValues(raw []byte, re *regexp.Regexp, name func(string) string) []byte {
	// clean is raw without its soft breaks; at[i] is where clean[i] is in raw.
	clean := make([]byte, 0, len(raw))
	at := make([]int, 0, len(raw))
	breaks := softBreak.FindAllIndex(raw, -1)
	for i := 0; i < len(raw); i++ {
		if len(breaks) > 0 && i == breaks[0][0] {
			i = breaks[0][1] - 1
			breaks = breaks[1:]
			continue
		}
		clean, at = append(clean, raw[i]), append(at, i)
	}
	out := bytes.Clone(raw)
	for from := 0; from < len(clean); {
		m := re.FindSubmatchIndex(clean[from:])
		if m == nil {
			break
		}
		start, end := from+m[2], from+m[3]
		ph := name(string(clean[start:end]))
		for k := start; k < end; k++ {
			c := byte('_')
			if k-start < len(ph) {
				c = ph[k-start]
			}
			out[at[k]] = c
		}
		from = end // the character after a value may open the next
	}
	return out
}
