package clock

import (
	"context"
	"time"

	"pbem/lang"
	"pbem/server/core"
	"pbem/store"
)

// delivered is clock c of the player at seat of g, with settings set, waiting for its turn
// mail to leave (store.HeldDelivery), as the event due at at finds it:
// once the relay accepted the mail, the clock runs from the later of that
// acceptance and its turn's start — from then, however late the clock
// loop comes, or stopped until the end of a vacation under way then; a
// clock with no mail to wait for (none was queued) runs from its turn's
// start. Until then it waits, due at the acceptance once that is known to
// come after at, else at none: the sender makes it due when the relay
// accepts the mail (store.Store.MarkSent).
func (cl Clocks) delivered(ctx context.Context, g store.Game, seat int, set core.Settings, c store.Clock, at time.Time) (store.Clock, error) {
	from := c.TurnStarted
	if c.Mail != "" {
		m, err := cl.Store.TurnMailOf(ctx, c.Mail)
		if err != nil {
			return c, err
		}
		if m.SentAt.IsZero() {
			c.NextDue = time.Time{} // not sent yet, or given up without a word: it waits
			return c, nil
		}
		if m.SentAt.After(from) {
			from = m.SentAt
		}
	}
	if from.After(at) {
		c.NextDue = from // what fell due before comes first
		return c, nil
	}
	away, err := cl.AwayUntil(ctx, g, seat, from)
	if err != nil {
		return c, err
	}
	c.Held, c.Why, c.TurnStarted = "", "", from
	if away.After(from) {
		c.NextDue = away // a vacation under way: it runs from its end
		return c, nil
	}
	c.Deadline, c.Left = from.Add(c.Left), 0
	c.NextDue = core.NextDue(set, c)
	return c, nil
}

// StopUndelivered is the change that stops the clock of game id because
// its turn mail messageID never reached the player to move — held is
// store.HeldBounced (a delivery report said so) or store.HeldAbandoned
// (the relay refused it), why the relay's words — with the sentence that
// tells the other players; nil when messageID is not the mail that clock
// waits for or started with (another mail, an earlier turn's). The clock
// keeps the time the player had left (all of it, when the mail never
// left), plays no timeout, and runs again only when the player writes to
// the game (Resume) or the operator gives it time (AddTime). What fell due
// before now is done first (caughtUp). The caller holds the game's lock
// and writes the change with its notices.
func (cl Clocks) StopUndelivered(ctx context.Context, id int64, messageID, held, why string) (*store.ClockChange, lang.Msg, error) {
	now := cl.now()
	l, err := cl.caughtUp(ctx, id, now)
	if err != nil {
		return nil, lang.Msg{}, err
	}
	c, seat := l.Row.Clock, l.State.ToMove()
	if l.Row.Status != store.StatusActive || seat < 0 || messageID == "" || c.Mail != messageID || !c.Running() || c.Undelivered() {
		return nil, lang.Msg{}, nil
	}
	next := c
	if !c.Deadline.IsZero() {
		next.Left, next.Deadline = c.Deadline.Sub(now), time.Time{}
	}
	if next.Left <= 0 {
		return nil, lang.Msg{}, nil // ran out: the timeout is the clock loop's
	}
	next.Held, next.Why, next.NextDue = held, why, time.Time{}
	said := lang.T("It is %s's turn: their clock is stopped with %s left, until they write to this game again or the operator restarts it; no timeout is played meanwhile.",
		l.Row.Seats[seat].Label(), Span(next.Left))
	return &store.ClockChange{GameID: id, From: l.Row.MoveNumber, Was: c, Clock: next}, said, nil
}

// Resume runs again the clock of game l that an undelivered turn mail
// stopped (StopUndelivered), when its player, at seat, writes to the game:
// with the time it had left, from now, or from the end of a vacation
// under way. The other players are told, in the same transaction. The
// caller holds the game's lock and has caught its clock up. It reports
// whether it did anything; ErrConflict when the game changed meanwhile.
func (cl Clocks) Resume(ctx context.Context, l core.Game, seat int) (bool, error) {
	c := l.Row.Clock
	if l.Row.Status != store.StatusActive || l.State.ToMove() != seat || !c.Undelivered() {
		return false, nil
	}
	set, err := core.ReadSettings(l.Row.Options, l.Kind)
	if err != nil {
		return false, err
	}
	now := cl.now()
	next, err := cl.resumed(ctx, l.Row, seat, set, c, now)
	if err != nil {
		return false, err
	}
	name := l.Row.Seats[seat].Label()
	change := store.ClockChange{GameID: l.Row.ID, From: l.Row.MoveNumber, Was: c, Clock: next}
	text := []lang.Msg{lang.T("%s wrote to this game again: their clock runs again, with %s left.", name, Span(c.Left))}
	if change.Mails, err = cl.tellOthers(l, next, seat, lang.T("%s's clock runs again", name), text); err != nil {
		return false, err
	}
	return true, cl.Store.ChangeClock(ctx, change)
}

// resumed is clock c of the player at seat of g, stopped for want of its
// turn mail (or waiting for it), running again at now with the time it
// has left, or stopped until the end of a vacation under way.
func (cl Clocks) resumed(ctx context.Context, g store.Game, seat int, set core.Settings, c store.Clock, now time.Time) (store.Clock, error) {
	away, err := cl.AwayUntil(ctx, g, seat, now)
	if err != nil {
		return c, err
	}
	c.Held, c.Why = "", ""
	return restarted(set, c, now, away), nil
}
