package server

import (
	"pbem/server/core"

	"context"
	"strings"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/store"
)

// lastDay is how long before the end of a player's time the second
// reminder goes.
const lastDay = 24 * time.Hour

// turnClock is the clock of a new turn in a game with settings set, the
// state st, started at now: the player to move has set.Clock; none when
// the game has no clock, is over, or a computer is to move. A player on
// vacation until away has their clock stopped at once, with all their
// time left, until then.
func turnClock(set core.Settings, g store.Game, st engine.State, now, away time.Time) store.Clock {
	seat := st.ToMove()
	if set.Clock == 0 || st.Over() || seat < 0 || g.Seats[seat].Bot != "" {
		return store.Clock{}
	}
	if away.After(now) {
		return store.Clock{TurnStarted: now, Left: set.Clock, NextDue: away}
	}
	c := store.Clock{TurnStarted: now, Deadline: now.Add(set.Clock)}
	c.NextDue = nextDue(set, c)
	return c
}

// nextDue is when something is next due for clock c: the half-time
// reminder, the last day's (only when it comes after half time: with a
// short clock, one reminder is enough), the timeout; zero once the time
// ran out with nothing more to do.
func nextDue(set core.Settings, c store.Clock) time.Time {
	if c.Deadline.IsZero() {
		return c.NextDue // paused: due when the vacation ends
	}
	half := c.TurnStarted.Add(c.Deadline.Sub(c.TurnStarted) / 2)
	last := c.Deadline.Add(-lastDay)
	switch {
	case c.Reminded < 1:
		return half
	case c.Reminded < 2 && last.After(half):
		return last
	case c.Reminded < 3:
		return c.Deadline
	}
	return time.Time{}
}

// clockFor is the clock after a commit of moves to g, the game now as st:
// a new turn's when a move took the turn, nil (unchanged) when only asides
// were played.
func (s *Server) clockFor(ctx context.Context, g store.Game, kind engine.Game, st engine.State, moves []store.Move) (*store.Clock, error) {
	turn := false
	for _, m := range moves {
		turn = turn || !m.Aside
	}
	if !turn && !st.Over() {
		return nil, nil
	}
	set, err := core.ReadSettings(g.Options, kind)
	if err != nil {
		return nil, err
	}
	if set.Clock == 0 {
		return nil, nil
	}
	now := s.cfg.Now()
	away, err := s.awayUntil(ctx, g, st.ToMove(), now)
	if err != nil {
		return nil, err
	}
	c := turnClock(set, g, st, now, away)
	return &c, nil
}

// awayUntil is the end of the vacation of the player at seat of g under
// way at now, zero when there is none.
func (s *Server) awayUntil(ctx context.Context, g store.Game, seat int, now time.Time) (time.Time, error) {
	if seat < 0 || g.Seats[seat].PlayerID == 0 {
		return time.Time{}, nil
	}
	v, ok, err := s.store.OnVacation(ctx, g.Seats[seat].PlayerID, now)
	if err != nil || !ok {
		return time.Time{}, err
	}
	return v.End, nil
}

// isTimeout reports whether m is a timeout, the move only the server's
// clock plays.
func isTimeout(m engine.Move) bool {
	return m != nil && strings.HasPrefix(m.String(), "timeout")
}

// clockSentence tells the players of a game with settings set and seats
// seats how long they have for a move and what happens after; "" without
// a clock.
func clockSentence(set core.Settings, seats int) lang.Msg {
	if set.Clock == 0 {
		return lang.Msg{}
	}
	then := lang.T("then the turn passes")
	switch {
	case set.Timeout == core.TimeoutForfeit && seats > 2:
		then = lang.T("then the late player leaves the game, and the others play on")
	case set.Timeout == core.TimeoutForfeit:
		then = lang.T("then the late player forfeits the game")
	case set.Timeout == core.TimeoutNone:
		then = lang.T("the game then waits, with no more reminders")
	}
	return lang.T("Each player has %s for a move, reminded at half time and on the last day; %s.", span(set.Clock), then)
}
