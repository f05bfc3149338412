package server

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/server/core"
	"pbem/store"
)

// historyStep is a mail of a scripted clock history: at its time after
// the start, the player at role of game (the role-th to move from the
// start) writes body in reply to the game's last mail to them.
type historyStep struct {
	at   time.Duration
	game int
	role int
	body string
}

// historyGames are the scripted history's games, each with its clock:
// a 72-hour clock; a 30-hour one (a single reminder) sharing Ann with the
// first, so that her vacation stops both; three players who forfeit on
// time one by one; a player against a computer, which answers each of
// his timeouts at once.
var historyGames = []core.NewGame{
	{Game: "amplitude", Players: []core.Player{{Email: "ann@example.org"}, {Email: "bob@example.org"}}, Options: engine.Options{"clock": "72h"}, Seed: seed(3)},
	{Game: "amplitude", Players: []core.Player{{Email: "ann@example.org"}, {Email: "cyd@example.org"}}, Options: engine.Options{"clock": "30h"}, Seed: seed(5)},
	{Game: "amplitude", Players: []core.Player{{Email: "dan@example.org"}, {Email: "eve@example.org"}, {Email: "fay@example.org"}},
		Options: engine.Options{"clock": "2d", "timeout": "forfeit"}, Seed: seed(7)},
	{Game: "amplitude", Players: []core.Player{{Email: "gus@example.org"}}, Bots: []string{"Robot"}, Options: engine.Options{"clock": "36h"}, Seed: seed(9)},
}

// historySteps are its mails, in the order of their times: passes, a
// vacation that starts and ends between two daily runs, a vacation ended
// early by back, and passes written after the writer's time ran out
// (refused, the turn gone by then, however often the clock loop ran).
var historySteps = []historyStep{
	{1 * time.Hour, 2, 0, "pass"},
	{5 * time.Hour, 1, 0, "pass"},
	{10 * time.Hour, 0, 0, "pass"},
	{20 * time.Hour, 0, 1, "vacation 5d"},
	{40 * time.Hour, 1, 1, "pass"},
	{60 * time.Hour, 2, 2, "vacation 2d"},
	{100 * time.Hour, 2, 2, "back"},
	{103 * time.Hour, 3, 0, "pass"},
	{205 * time.Hour, 0, 1, "pass"},
	{230 * time.Hour, 0, 0, "pass"},
}

// historyLength is how long the scripted history runs.
const historyLength = 16 * 24 * time.Hour

// clockHistory is what a run of the scripted history left: each game's
// moves with the instants they were played at, its clock and status; each
// mail's outcome.
type clockHistory struct {
	games    []string
	outcomes []string
	timeouts int
}

// runClockHistory plays the scripted history on a fake clock, the clock
// loop (Deadlines) running every period, and returns what it left.
func runClockHistory(t *testing.T, every time.Duration) clockHistory {
	ctx := context.Background()
	g := newClockedGame(t, "amplitude", nil, "zed", "yan") // its game, without a clock, plays no part
	start := g.clock.Now()
	ids := make([]int64, len(historyGames))
	roles := make([][]string, len(historyGames))
	for i, req := range historyGames {
		ids[i] = g.create(req)
		snap, err := g.srv.Snapshot(ctx, ids[i], -1)
		require.NoError(t, err)
		first := snap.State.ToMove()
		for k := range snap.Game.Seats {
			roles[i] = append(roles[i], snap.Game.Seats[(first+k)%len(snap.Game.Seats)].Email)
		}
	}
	at := func(t time.Time) { g.clock.Advance(t.Sub(g.clock.Now())) }
	var out clockHistory
	next := 0
	for tick := start; !tick.After(start.Add(historyLength)); tick = tick.Add(every) {
		for ; next < len(historySteps) && !start.Add(historySteps[next].at).After(tick); next++ {
			s := historySteps[next]
			at(start.Add(s.at))
			from := roles[s.game][s.role]
			require.NotEmpty(t, from, "step %d: a computer's seat", next)
			to, thread := g.replyIn(ids[s.game], from)
			id := fmt.Sprintf("step%d@x", next)
			g.handle(raw(from, to, id, thread, s.body))
			out.outcomes = append(out.outcomes, fmt.Sprintf("%v %s %q: %s", s.at, from, s.body, g.outcome(id)))
		}
		at(tick)
		_, err := g.srv.Deadlines(ctx, tick)
		require.NoError(t, err)
	}
	for _, id := range ids {
		row, err := g.st.Game(ctx, id)
		require.NoError(t, err)
		moves, err := g.st.Moves(ctx, id)
		require.NoError(t, err)
		var b strings.Builder
		fmt.Fprintf(&b, "game %d %s, clock %+v\n", id, row.Status, row.Clock)
		for _, m := range moves {
			fmt.Fprintf(&b, "  %d seat %d %q at %v\n", m.Number, m.Seat, m.Notation, m.CreatedAt.Sub(start))
			if strings.HasPrefix(m.Notation, "timeout") {
				out.timeouts++
			}
		}
		out.games = append(out.games, b.String())
		require.NoError(t, g.srv.Records().Verify(ctx, id), "the archive replays")
	}
	return out
}

// TestClockHistoryComputedNotSampled: the same scripted clock history run
// with the clock loop every minute, every 7 minutes (its passes off the
// hours the events fall on) and once a day leaves the same games — the
// same timeouts at the same instants, the computers' answers and the next
// clocks started then, the vacations' ends where they fell — and the same
// mails refused.
func TestClockHistoryComputedNotSampled(t *testing.T) {
	often := runClockHistory(t, time.Minute)
	assert.GreaterOrEqual(t, often.timeouts, 8, "the history has timeouts to compare:\n%s", strings.Join(often.games, ""))
	assert.Contains(t, strings.Join(often.outcomes, "\n"), `"pass": refused`, "a pass written after its writer's time ran out")
	// Worked by hand: Ann's vacation at 20h kept the 62 hours she had left
	// of her 72 (from 10h) until it ended at 140h; Eve's back at 100h
	// restarted the 37 hours she had left at 60h of her 48 (from 49h).
	assert.Contains(t, often.games[0], `2 seat 0 "timeout" at 202h0m0s`)
	assert.Contains(t, often.games[2], `3 seat 1 "timeout forfeit" at 137h0m0s`)
	for _, every := range []time.Duration{7 * time.Minute, 24 * time.Hour} {
		other := runClockHistory(t, every)
		assert.Equal(t, often.outcomes, other.outcomes, "every %v", every)
		for i := range often.games {
			assert.Equal(t, often.games[i], other.games[i], "game %d, every %v", i+1, every)
		}
	}
}

// TestVacationEndBetweenRuns is the case: a vacation of 5 days
// taken when a 72-hour clock started, and the clock loop running once,
// 73 hours after the vacation's end: the timeout falls at the vacation's
// end plus 72 hours, and the next player's clock starts then.
func TestVacationEndBetweenRuns(t *testing.T) {
	g := newClockedGame(t, "amplitude", engine.Options{"clock": "72h"}, "ann", "bob")
	ctx := context.Background()
	start := g.clock.Now()
	away := g.mover()
	require.Equal(t, store.Applied, g.outcome(g.sendID(away, "v@x", "vacation 5d")))
	back := start.Add(5 * 24 * time.Hour)

	assert.Equal(t, 1, g.deadlines(5*24*time.Hour+73*time.Hour), "one run, 73 hours after the vacation's end")
	moves, err := g.st.Moves(ctx, g.id)
	require.NoError(t, err)
	require.Len(t, moves, 1)
	assert.Equal(t, "timeout", moves[0].Notation)
	assert.Equal(t, back.Add(72*time.Hour), moves[0].CreatedAt, "played when the time ran out")
	c := g.row().Clock
	assert.Equal(t, back.Add(72*time.Hour), c.TurnStarted, "the next player's clock started then")
	assert.Equal(t, back.Add(144*time.Hour), c.Deadline)
	assert.Zero(t, c.Reminded)
	mails := g.mailsTo(other(away))
	assert.Contains(t, flat(mails[len(mails)-1]), "Your time runs out Sat 12 Dec 2026 09:00 UTC", "the status block tells the due instant")
	require.NoError(t, g.srv.Records().Verify(ctx, g.id))
}

// sendID sends body from email to the game and returns the mail's
// Message-ID.
func (g *clockedGame) sendID(email, id, body string) string {
	g.t.Helper()
	g.send(email, id, body)
	return id
}

// TestLateRunRemindsOnce: a clock loop that runs late sends only the
// latest news: the last day's reminder, not the half-time one as well,
// once both fell due; no reminder at all once the time ran out, only the
// timeout, played when it fell due.
func TestLateRunRemindsOnce(t *testing.T) {
	g := newClockedGame(t, "amplitude", engine.Options{"clock": "5d"}, "ann", "bob")
	start := g.clock.Now()
	mover := g.mover()
	before := len(g.mailsTo(mover))
	assert.Equal(t, 1, g.deadlines(4*24*time.Hour+time.Hour), "after half time and the last day's start")
	mails := g.mailsTo(mover)
	require.Len(t, mails, before+1, "one reminder")
	assert.Contains(t, flat(mails[len(mails)-1]), "Your time runs out Sun 6 Dec 2026 09:00 UTC, in 23 hours.")
	assert.Equal(t, 2, g.row().Clock.Reminded)

	g = newClockedGame(t, "amplitude", engine.Options{"clock": "5d"}, "ann", "bob")
	mover = g.mover()
	before = len(g.mailsTo(mover))
	assert.Equal(t, 1, g.deadlines(5*24*time.Hour+time.Hour), "after the time ran out")
	mails = g.mailsTo(mover)
	require.Len(t, mails, before+1, "no reminder, the timeout's mail alone")
	assert.Contains(t, mails[len(mails)-1], "ran out of time")
	moves, err := g.st.Moves(context.Background(), g.id)
	require.NoError(t, err)
	require.Len(t, moves, 1)
	assert.Equal(t, start.Add(5*24*time.Hour), moves[0].CreatedAt)
}

// TestMailCatchesUpTheClock: a mail comes after the clock events that fell
// due before it, when the clock loop has not run since: written after the
// writer's time ran out, the move is refused, the timeout played when the
// time ran out; written when only a reminder was due, it plays, and the
// reminder, news no more, is not sent.
func TestMailCatchesUpTheClock(t *testing.T) {
	g := newClockedGame(t, "amplitude", engine.Options{"clock": "72h"}, "ann", "bob")
	start := g.clock.Now()
	mover := g.mover()
	before := len(g.mailsTo(mover))
	g.clock.Advance(40 * time.Hour) // half time passed, no clock loop
	_, move := g.toMove()
	require.Equal(t, store.Applied, g.outcome(g.sendID(mover, "m1@x", move)))
	assert.Len(t, g.mailsTo(mover), before+1, "the move's answer, no reminder")

	late := g.mover()
	g.clock.Advance(73 * time.Hour) // the next player's time ran out an hour ago
	require.Equal(t, store.Refused, g.outcome(g.sendID(late, "m2@x", "pass")))
	moves, err := g.st.Moves(context.Background(), g.id)
	require.NoError(t, err)
	require.Len(t, moves, 2)
	assert.Equal(t, "timeout", moves[1].Notation)
	assert.Equal(t, start.Add(112*time.Hour), moves[1].CreatedAt, "played when the time ran out")
	assert.Equal(t, start.Add(184*time.Hour), g.row().Clock.Deadline, "and the next clock started then")
}

// TestOverdue: a clock is overdue once its time ran out with something
// left to do, or the vacation that stopped it ended; a reminder alone
// waits for the clock loop.
func TestOverdue(t *testing.T) {
	now := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	hour := func(h int) time.Time { return now.Add(time.Duration(h) * time.Hour) }
	for _, c := range []struct {
		name  string
		clock store.Clock
		want  bool
	}{
		{"no clock", store.Clock{}, false},
		{"a reminder due", store.Clock{Deadline: hour(10), NextDue: hour(-1)}, false},
		{"nothing due", store.Clock{Deadline: hour(10), NextDue: hour(1)}, false},
		{"the time ran out", store.Clock{Deadline: hour(-1), NextDue: hour(-1), Reminded: 2}, true},
		{"the time ran out with nothing to do", store.Clock{Deadline: hour(-1), Reminded: 3}, false},
		{"the time runs out now", store.Clock{Deadline: now, NextDue: now, Reminded: 2}, true},
		{"a vacation ended", store.Clock{Left: time.Hour, NextDue: hour(-5)}, true},
		{"a vacation under way", store.Clock{Left: time.Hour, NextDue: hour(5)}, false},
	} {
		assert.Equal(t, c.want, overdue(c.clock, now), c.name)
	}
}
