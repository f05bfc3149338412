package server

import (
	"pbem/server/core"

	"context"
	"strings"

	"pbem/engine"
	"pbem/store"
)

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
	away, err := s.Clocks().AwayUntil(ctx, g, st.ToMove(), now)
	if err != nil {
		return nil, err
	}
	c := core.TurnClock(set, g, st, now, away)
	return &c, nil
}

// isTimeout reports whether m is a timeout, the move only the server's
// clock plays.
func isTimeout(m engine.Move) bool {
	return m != nil && strings.HasPrefix(m.String(), "timeout")
}
