package server

import (
	"pbem/server/core"

	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
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

// clockedGame is a game on a fake clock, with the server that runs it.
type clockedGame struct {
	*mailGame
	clock *fakeclock.Clock
}

// newClockedGame creates a game of kind between the players, with the
// options, on a fake clock.
func newClockedGame(t *testing.T, kind string, opts engine.Options, players ...string) *clockedGame {
	t.Helper()
	// Its clocks start with the moves (ClockFromMove): nothing here sends
	// the outbox. Clocks that wait for delivery are delivery_test.go's.
	return newClockedGameWith(t, Config{ClockStart: ClockFromMove}, kind, opts, players...)
}

// newClockedGameWith is newClockedGame on a server configured as cfg
// (its Now the fake clock's).
func newClockedGameWith(t *testing.T, cfg Config, kind string, opts engine.Options, players ...string) *clockedGame {
	t.Helper()
	c := fakeclock.New(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC))
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "pbem.db"), c.Now)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	cfg.Now = c.Now
	srv, err := New(st, engine.NewRegistry(amplitude.Game{}, chiffres.Game{}, ludicitude.Game{}), cfg)
	require.NoError(t, err)
	var seats []core.Player
	for _, p := range players {
		seats = append(seats, core.Player{Email: p + "@example.org", Name: strings.ToUpper(p[:1]) + p[1:]})
	}
	id, err := srv.Create(context.Background(), core.NewGame{Game: kind, Players: seats, Options: opts, Seed: seed(3)})
	require.NoError(t, err)
	return &clockedGame{mailGame: &mailGame{t: t, srv: srv, st: st, id: id}, clock: c}
}

// deadlines moves the clock on by d, does what is due, and returns how
// many games it acted on.
func (g *clockedGame) deadlines(d time.Duration) int {
	g.t.Helper()
	g.clock.Advance(d)
	done, err := g.srv.Deadlines(context.Background(), g.clock.Now())
	require.NoError(g.t, err)
	return done.Games
}

// row is the game as stored.
func (g *clockedGame) row() store.Game {
	g.t.Helper()
	row, err := g.st.Game(context.Background(), g.id)
	require.NoError(g.t, err)
	return row
}

// mover is the address of the player to move.
func (g *clockedGame) mover() string {
	g.t.Helper()
	snap, err := g.srv.Snapshot(context.Background(), g.id, -1)
	require.NoError(g.t, err)
	return snap.Game.Seats[snap.State.ToMove()].Email
}

// flat is text with its line breaks and runs of blanks as single spaces,
// for sentences a template wraps.
func flat(text string) string { return strings.Join(strings.Fields(text), " ") }

// TestRemindersOnceEach: with a 5-day clock the player to move is
// reminded at half time and on the last day, once each however often the
// clock is looked at, and the turn mail tells the deadline in UTC.
func TestRemindersOnceEach(t *testing.T) {
	g := newClockedGame(t, "amplitude", engine.Options{"clock": "5d"}, "ann", "bob")
	mover := g.mover()
	invitation := g.mailsTo(mover)[0]
	assert.Contains(t, invitation, "Your time runs out Sun 6 Dec 2026 09:00 UTC")
	before := len(g.mailsTo(mover))

	assert.Zero(t, g.deadlines(59*time.Hour), "nothing before half time")
	assert.Equal(t, 1, g.deadlines(time.Hour), "half time: 2.5 days")
	mails := g.mailsTo(mover)
	require.Len(t, mails, before+1)
	assert.Contains(t, flat(mails[len(mails)-1]), "Your time runs out Sun 6 Dec 2026 09:00 UTC, in 2 days 12 hours.")
	assert.Contains(t, flat(mails[len(mails)-1]), "Then the turn passes to the next player.")
	assert.Zero(t, g.deadlines(0), "once")
	assert.Zero(t, g.deadlines(35*time.Hour), "not yet the last day")
	assert.Equal(t, 1, g.deadlines(time.Hour), "24 hours before the end")
	mails = g.mailsTo(mover)
	require.Len(t, mails, before+2)
	assert.Contains(t, flat(mails[len(mails)-1]), "in 1 day.")
	assert.Zero(t, g.deadlines(23*time.Hour))
	assert.Len(t, g.mailsTo(mover), before+2, "no other mail")
}

// TestTimeouts: when the time runs out, the timeout acts as the game's
// option says, recorded in the history as a move that replays.
func TestTimeouts(t *testing.T) {
	for _, c := range []struct {
		name, kind string
		opts       engine.Options
		players    []string
		notation   string // the move recorded; "" for none
		over       bool
	}{
		{"amplitude passes by default", "amplitude", engine.Options{"clock": "72h"}, []string{"ann", "bob"}, "timeout", false},
		{"chiffres passes by default", "chiffres", engine.Options{"clock": "72h"}, []string{"ann", "bob"}, "timeout", false},
		{"ludicitude forfeits by default", "ludicitude", engine.Options{"clock": "72h", "bot_nodes": "1000"}, []string{"ann", "bob"}, "timeout forfeit", true},
		{"forfeit between two", "amplitude", engine.Options{"clock": "72h", "timeout": "forfeit"}, []string{"ann", "bob"}, "timeout forfeit", true},
		{"forfeit among three", "amplitude", engine.Options{"clock": "72h", "timeout": "forfeit"}, []string{"ann", "bob", "cyd"}, "timeout forfeit", false},
		{"none", "amplitude", engine.Options{"clock": "72h", "timeout": "none"}, []string{"ann", "bob"}, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newClockedGame(t, c.kind, c.opts, c.players...)
			late := g.mover()
			g.deadlines(36 * time.Hour) // the half-time reminder
			g.deadlines(35*time.Hour + 59*time.Minute)
			assert.Equal(t, 0, g.moveNumber(), "not yet")
			assert.Equal(t, 1, g.deadlines(time.Minute), "the time runs out")
			moves, err := g.st.Moves(context.Background(), g.id)
			require.NoError(t, err)
			if c.notation == "" {
				assert.Empty(t, moves, "reminders only")
				assert.Zero(t, g.deadlines(time.Hour), "and nothing more")
				assert.Equal(t, 3, g.row().Clock.Reminded)
				return
			}
			require.Len(t, moves, 1)
			assert.Equal(t, c.notation, moves[0].Notation)
			assert.Equal(t, c.over, g.row().Status == store.StatusFinished)
			if !c.over {
				assert.NotEqual(t, late, g.mover(), "the next player is to move")
				next := g.row().Clock
				assert.Equal(t, g.clock.Now().Add(72*time.Hour), next.Deadline, "with a fresh clock")
			}
			mails := g.mailsTo(c.players[0] + "@example.org")
			assert.Contains(t, mails[len(mails)-1], "ran out of time")
			require.NoError(t, g.srv.Records().Verify(context.Background(), g.id), "the archive replays")
		})
	}
}

// TestDeadlinesTwiceAtOnce: two servers on one database (serve and a cron
// pbem deadlines) looking at the same due reminder send it once.
func TestDeadlinesTwiceAtOnce(t *testing.T) {
	g := newClockedGame(t, "amplitude", engine.Options{"clock": "4d"}, "ann", "bob")
	other, err := New(g.st, engine.NewRegistry(amplitude.Game{}), Config{Now: g.clock.Now, ClockStart: ClockFromMove})
	require.NoError(t, err)
	mover := g.mover()
	before := len(g.mailsTo(mover))
	g.clock.Advance(48 * time.Hour)
	var wg sync.WaitGroup
	for _, srv := range []*Server{g.srv, other, g.srv, other} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := srv.Deadlines(context.Background(), g.clock.Now())
			assert.NoError(t, err)
		}()
	}
	wg.Wait()
	assert.Len(t, g.mailsTo(mover), before+1, "one reminder")
}

// TestClockOptionsRefused: clock options that do not read are refused in
// sentences when the game is created.
func TestClockOptionsRefused(t *testing.T) {
	srv, _ := newTestServer(t)
	for _, opts := range []engine.Options{
		{"clock": "soon"}, {"clock": "10m"}, {"timeout": "pass"}, {"clock": "3d", "timeout": "sometimes"},
		{"watchers": "maybe"}, {"vacation_days": "90"},
	} {
		_, err := srv.Create(context.Background(), core.NewGame{Game: "amplitude", Players: []core.Player{{Email: "a@x.org"}, {Email: "b@x.org"}}, Options: opts})
		require.Error(t, err, "%v", opts)
		assert.True(t, engine.IsRefusal(err), "%v: %v", opts, err)
	}
}

// TestPlayersCannotTimeOut: the timeout moves are the clock's alone.
func TestPlayersCannotTimeOut(t *testing.T) {
	g := newMailGame(t)
	email, _ := g.toMove()
	to, thread := g.reply(email)
	for i, body := range []string{"timeout", "#1 timeout forfeit"} {
		id := fmt.Sprintf("to%d@x", i)
		assert.Equal(t, mailer.Rejected, g.handle(raw(email, to, id, thread, body)), body)
		assert.Equal(t, store.Refused, g.outcome(id))
	}
	assert.Equal(t, 0, g.moveNumber())
}
