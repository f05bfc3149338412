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
	c := core.TurnClock(set, g, st, now, away)
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
