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
// the turn or an undo gave it back (the player to move then has their
// whole time again); nil (unchanged) when only asides were played. Clocks
// that start from delivery (Config.ClockStart) wait for the turn mail of
// the player to move, when they get one (turnClock).
func (s *Server) clockFor(ctx context.Context, g store.Game, kind engine.Game, st engine.State, moves []store.Move, at time.Time) (*store.Clock, error) {
	turn := false
	for _, m := range moves {
		_, undo := m.Undoes()
		turn = turn || !m.Aside || undo
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
	c := s.turnClock(set, g, st, at, away)
	return &c, nil
}

// turnClock is core.TurnClock, held until the relay accepts the turn mail
// of the player to move (core.AwaitingDelivery) when clocks start from
// delivery and that player gets one: not a player who takes their turns
// in a daily digest, whose clock starts with the move.
func (s *Server) turnClock(set core.Settings, g store.Game, st engine.State, at, away time.Time) store.Clock {
	c := core.TurnClock(set, g, st, at, away)
	seat := st.ToMove()
	if s.cfg.ClockStart == ClockFromMove || seat < 0 || seat >= len(g.Seats) || g.Notified != store.Uninvited && !notified(g.Seats[seat], st) {
		return c
	}
	return core.AwaitingDelivery(c)
}

// caughtUp is game l once its clock has done what fell due by now, each
// event at its own instant (clock.Clocks.CatchUp), when that is more than
// a reminder (overdue): a mail, or the operator's move, is taken after
// the timeouts that fell before it came, however long ago pbem deadlines
// last ran. A reminder alone waits for the clock loop, so that a player's
// move does not come after a reminder to make it. The caller holds the
// game's lock.
func (s *Server) caughtUp(ctx context.Context, l loaded) (loaded, error) {
	now := s.cfg.Now()
	if l.row.Status != store.StatusActive || !overdue(l.row.Clock, now) {
		return l, nil
	}
	if _, err := s.Clocks().CatchUp(ctx, l.row.ID, now); err != nil {
		return l, err
	}
	return s.reloaded(ctx, l)
}

// reloaded is game l read again after a change, its mail's sender kept.
func (s *Server) reloaded(ctx context.Context, l loaded) (loaded, error) {
	next, err := s.load(ctx, l.row.ID)
	if err != nil {
		return l, err
	}
	next.sender = l.sender
	return next, nil
}

// writtenAgain is game l once the player at seat, who wrote to it, has
// their clock running again if it was stopped because the mail giving
// them the turn never reached them (clock.Clocks.Resume): writing shows
// they are there. It comes before the mail is read, in a transaction of
// its own, so that the answer tells the clock running; a mail that then
// moves starts the next turn's clock as any move does. The caller holds
// the game's lock.
func (s *Server) writtenAgain(ctx context.Context, l loaded, seat int) (loaded, error) {
	did, err := s.Clocks().Resume(ctx, l.core(), seat)
	if err != nil || !did {
		return l, err
	}
	return s.reloaded(ctx, l)
}

// overdue reports whether clock c has more than a reminder due by now:
// the end of the vacation that stopped it, or its time run out with
// something left to do.
func overdue(c store.Clock, now time.Time) bool {
	if c.NextDue.IsZero() || c.NextDue.After(now) {
		return false
	}
	return c.Left > 0 || !c.Deadline.After(now)
}

// isTimeout reports whether m is a timeout, the move only the server's
// clock plays.
func isTimeout(m engine.Move) bool {
	return m != nil && strings.HasPrefix(m.String(), "timeout")
}
