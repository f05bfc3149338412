package clock

import (
	"context"
	"errors"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/server/core"
	"pbem/store"
)

// Nudge mails the player to move in game id a reminder now, whatever the
// clock says (an operator's "your opponents are waiting"), and returns
// their address. The clock's own reminders are unchanged; a timeout that
// fell due before is played first (caughtUp).
func (cl Clocks) Nudge(ctx context.Context, id int64) (string, error) {
	defer cl.Core.Lock(id)()
	l, err := cl.caughtUp(ctx, id, cl.now())
	if err != nil {
		return "", err
	}
	seat := l.State.ToMove()
	if l.Row.Status != store.StatusActive || seat < 0 {
		return "", engine.Refuse("game %d is %s: nobody is to move", id, store.StatusWord(l.Row.Status))
	}
	if l.Row.Seats[seat].Bot != "" {
		return "", engine.Refuse("game %d waits for its computer seat %s, which needs no reminder", id, l.Row.Seats[seat].Bot)
	}
	set, err := core.ReadSettings(l.Row.Options, l.Kind)
	if err != nil {
		return "", err
	}
	m, err := cl.reminder(l, seat, set, cl.now())
	if err != nil {
		return "", err
	}
	return l.Row.Seats[seat].Email, cl.Store.RecordInbound(ctx, store.Record{GameID: id, Mails: []store.OutMail{m}})
}

// AddTime gives the player to move in game id more time, extra, on their
// clock (paused or running), and returns the clock as it is now: the
// clock once what fell due before now is done (caughtUp), so a time that
// ran out stays run out, as under a clock loop running every minute. A
// clock stopped because the turn mail never reached the player runs again
// with it, from now, and the other players are told: the operator found
// another way to reach them.
func (cl Clocks) AddTime(ctx context.Context, id int64, extra time.Duration) (store.Clock, error) {
	defer cl.Core.Lock(id)()
	l, err := cl.caughtUp(ctx, id, cl.now())
	if err != nil {
		return store.Clock{}, err
	}
	c := l.Row.Clock
	if l.Row.Status != store.StatusActive || !c.Running() {
		return store.Clock{}, engine.Refuse("game %d has no clock running: it has no clock option, a computer is to move, or it is over", id)
	}
	set, err := core.ReadSettings(l.Row.Options, l.Kind)
	if err != nil {
		return store.Clock{}, err
	}
	next, left := c, c.Left+extra
	switch {
	case c.Undelivered():
		next.Left = left
		if left <= 0 {
			return store.Clock{}, engine.Refuse("game %d: that leaves the player no time at all", id)
		}
		if next, err = cl.resumed(ctx, l.Row, l.State.ToMove(), set, next, cl.now()); err != nil {
			return store.Clock{}, err
		}
	case c.Left > 0:
		next.Left = left
	default:
		next.Deadline = c.Deadline.Add(extra)
		if !next.Deadline.After(cl.now()) {
			return store.Clock{}, engine.Refuse("game %d: that leaves the player no time at all", id)
		}
		if next.Reminded == 3 {
			next.Reminded = 2 // the time that ran out runs again
		}
		next.NextDue = core.NextDue(set, next)
	}
	change := store.ClockChange{GameID: id, From: l.Row.MoveNumber, Was: c, Clock: next}
	if c.Undelivered() {
		seat := l.State.ToMove()
		name := l.Row.Seats[seat].Label()
		text := []lang.Msg{lang.T("The operator restarted %s's clock: it runs again, with %s left.", name, Span(left))}
		if change.Mails, err = cl.tellOthers(l, next, seat, lang.T("%s's clock runs again", name), text); err != nil {
			return store.Clock{}, err
		}
	}
	err = cl.Store.ChangeClock(ctx, change)
	if errors.Is(err, store.ErrConflict) {
		return store.Clock{}, engine.Refuse("game %d moved meanwhile: try again", id)
	}
	return next, err
}
