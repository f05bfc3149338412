package server

import (
	"pbem/server/core"

	"context"
	"strings"
	"time"

	"pbem/engine"
	"pbem/store"
)

// clockFor is the clock after a commit of moves to g, the game now as st,
// played at at (zero: now): a new turn's, started then, when a move took
// the turn; nil (unchanged) when only asides were played.
func (s *Server) clockFor(ctx context.Context, g store.Game, kind engine.Game, st engine.State, moves []store.Move, at time.Time) (*store.Clock, error) {
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
	if at.IsZero() {
		at = s.cfg.Now()
	}
	away, err := s.Clocks().AwayUntil(ctx, g, st.ToMove(), at)
	if err != nil {
		return nil, err
	}
	c := core.TurnClock(set, g, st, at, away)
	return &c, nil
}

// caughtUp is game l once its clock has done what fell due by now, each
// event at its own instant (clock.Clocks.CatchUp): a mail, or the
// operator's move, is taken after the timeouts that fell before it came,
// however long ago pbem deadlines last ran. The caller holds the game's
// lock.
func (s *Server) caughtUp(ctx context.Context, l loaded) (loaded, error) {
	now := s.cfg.Now()
	if due := l.row.Clock.NextDue; l.row.Status != store.StatusActive || due.IsZero() || due.After(now) {
		return l, nil
	}
	if _, err := s.Clocks().CatchUp(ctx, l.row.ID, now); err != nil {
		return l, err
	}
	next, err := s.load(ctx, l.row.ID)
	if err != nil {
		return l, err
	}
	next.sender = l.sender
	return next, nil
}

// isTimeout reports whether m is a timeout, the move only the server's
// clock plays.
func isTimeout(m engine.Move) bool {
	return m != nil && strings.HasPrefix(m.String(), "timeout")
}
