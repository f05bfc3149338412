package server

import (
	"pbem/server/core"

	"context"
	"errors"
	"time"

	"pbem/engine"
	"pbem/store"
)

// Nudge mails the player to move in game id a reminder now, whatever the
// clock says (an operator's "your opponents are waiting"), and returns
// their address. The clock's own reminders are unchanged.
func (s *Server) Nudge(ctx context.Context, id int64) (string, error) {
	defer s.lock(id)()
	l, err := s.load(ctx, id)
	if err != nil {
		return "", err
	}
	seat := l.state.ToMove()
	if l.row.Status != store.StatusActive || seat < 0 {
		return "", engine.Refuse("game %d is %s: nobody is to move", id, store.StatusWord(l.row.Status))
	}
	if l.row.Seats[seat].Bot != "" {
		return "", engine.Refuse("game %d waits for its computer seat %s, which needs no reminder", id, l.row.Seats[seat].Bot)
	}
	set, err := core.ReadSettings(l.row.Options, l.game)
	if err != nil {
		return "", err
	}
	m, err := s.reminder(l, seat, set, s.cfg.Now())
	if err != nil {
		return "", err
	}
	return l.row.Seats[seat].Email, s.store.RecordInbound(ctx, store.Record{GameID: id, Mails: []store.OutMail{m}})
}

// AddTime gives the player to move in game id more time, extra, on their
// clock (paused or running), and returns the clock as it is now.
func (s *Server) AddTime(ctx context.Context, id int64, extra time.Duration) (store.Clock, error) {
	defer s.lock(id)()
	l, err := s.load(ctx, id)
	if err != nil {
		return store.Clock{}, err
	}
	c := l.row.Clock
	if l.row.Status != store.StatusActive || !c.Running() {
		return store.Clock{}, engine.Refuse("game %d has no clock running: it has no clock option, a computer is to move, or it is over", id)
	}
	set, err := core.ReadSettings(l.row.Options, l.game)
	if err != nil {
		return store.Clock{}, err
	}
	next := c
	if c.Left > 0 {
		next.Left += extra
	} else {
		next.Deadline = c.Deadline.Add(extra)
		if !next.Deadline.After(s.cfg.Now()) {
			return store.Clock{}, engine.Refuse("game %d: that leaves the player no time at all", id)
		}
		if next.Reminded == 3 {
			next.Reminded = 2 // the time that ran out runs again
		}
		next.NextDue = core.NextDue(set, next)
	}
	err = s.store.ChangeClock(ctx, store.ClockChange{GameID: id, From: l.row.MoveNumber, Was: c, Clock: next})
	if errors.Is(err, store.ErrConflict) {
		return store.Clock{}, engine.Refuse("game %d moved meanwhile: try again", id)
	}
	return next, err
}
