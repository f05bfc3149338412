package clock

import (
	"context"
	"errors"
	"fmt"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/server/core"
	"pbem/store"
	"pbem/templates"
)

// Deadline does, in game id, what its clock asked for at or before now,
// each event as of the instant it fell due (CatchUp), and reports whether
// it did anything.
func (cl Clocks) Deadline(ctx context.Context, id int64, now time.Time) (bool, error) {
	defer cl.Core.Lock(id)()
	return cl.CatchUp(ctx, id, now)
}

// maxEvents is the most clock events CatchUp does in one call: a game
// left without a clock loop for months (a pass every hour) catches up
// over the next passes, each event still at its own instant.
const maxEvents = 1000

// CatchUp does the clock events of game id due at or before now, in the
// order they fell due, each as of its due instant rather than now: a
// vacation's end restarts the clock when the vacation ended, a timeout is
// played when the time ran out and the next player's clock starts then,
// and whatever that clock (or a further vacation's end) made due before
// now follows. So a timeout falls at the same instant however often the
// clock loop runs. Each event is written in its own transaction, only if
// the game is still as it was read. It reports whether it did anything.
// The caller holds the game's lock (Deadline takes it).
func (cl Clocks) CatchUp(ctx context.Context, id int64, now time.Time) (bool, error) {
	did := false
	for range maxEvents {
		l, err := cl.Core.Load(ctx, id)
		if err != nil {
			return did, err
		}
		acted, more, err := cl.event(ctx, l, now)
		if err != nil || !acted {
			return did, err
		}
		did = true
		if !more {
			return did, nil
		}
	}
	return did, nil
}

// caughtUp is game id once its clock has done what fell due by now
// (CatchUp): a vacation, or the operator's extra time, then meets the
// clock as a clock loop running every minute would have left it. It
// takes no lock: each event is written only if the game is still as it
// was read.
func (cl Clocks) caughtUp(ctx context.Context, id int64, now time.Time) (core.Game, error) {
	l, err := cl.Core.Load(ctx, id)
	if err != nil {
		return core.Game{}, err
	}
	if due := l.Row.Clock.NextDue; l.Row.Status != store.StatusActive || due.IsZero() || due.After(now) {
		return l, nil
	}
	if _, err := cl.CatchUp(ctx, id, now); err != nil {
		return core.Game{}, err
	}
	return cl.Core.Load(ctx, id)
}

// event does the next clock event of game l if it fell due at or before
// now, as of the instant it fell due, and reports whether it did and
// whether another may be due by now.
func (cl Clocks) event(ctx context.Context, l core.Game, now time.Time) (acted, more bool, err error) {
	c := l.Row.Clock
	at := c.NextDue
	if at.IsZero() || at.After(now) {
		return false, false, nil // nothing due, or done meanwhile
	}
	set, err := core.ReadSettings(l.Row.Options, l.Kind)
	if err != nil {
		return false, false, err
	}
	seat := l.State.ToMove()
	change := store.ClockChange{GameID: l.Row.ID, From: l.Row.MoveNumber, Was: c, Clock: c}
	switch {
	case l.Row.Status != store.StatusActive || !c.Running() || seat < 0 || set.Clock == 0:
		change.Clock = store.Clock{} // nothing to time
	case c.Waiting():
		if change.Clock, err = cl.delivered(ctx, l.Row, seat, set, c, at); err != nil {
			return false, false, err
		}
	case c.Undelivered():
		change.Clock.NextDue = time.Time{} // stopped until the player writes or the operator restarts it
	case c.Left > 0:
		away, err := cl.AwayUntil(ctx, l.Row, seat, at)
		if err != nil {
			return false, false, err
		}
		change.Clock = restarted(set, c, at, away)
	case !at.Before(c.Deadline):
		if set.Timeout == core.TimeoutNone {
			change.Clock.Reminded, change.Clock.NextDue = 3, time.Time{}
			break
		}
		err := cl.timeout(ctx, l, seat, set, c.Deadline)
		if errors.Is(err, store.ErrConflict) {
			return false, false, nil // the player moved meanwhile
		}
		return err == nil, err == nil, err // the next player's clock may be due too
	default:
		change.Clock.Reminded = reminded(c, at)
		change.Clock.NextDue = core.NextDue(set, change.Clock)
		// A reminder is sent only while it is the latest news: one whose
		// next event (the last day's reminder, the timeout) fell due too
		// is recorded, unsent.
		if next := change.Clock.NextDue; change.Clock.Reminded != c.Reminded && (next.IsZero() || next.After(now)) {
			m, err := cl.reminder(l, seat, set, now)
			if err != nil {
				return false, false, err
			}
			change.Mails = []store.OutMail{m}
		}
	}
	err = cl.Store.ChangeClock(ctx, change)
	if errors.Is(err, store.ErrConflict) {
		return false, false, nil // another process did it
	}
	next := change.Clock.NextDue
	more = change.Clock != c && !next.IsZero() && !next.After(now) // a clock that did not change would only do it again
	return err == nil, err == nil && more, err
}

// reminded is how many reminders clock c, running, has had once its
// reminder due at at is counted: the half-time one, else the last day's
// (which comes only after half time).
func reminded(c store.Clock, at time.Time) int {
	half := c.TurnStarted.Add(c.Deadline.Sub(c.TurnStarted) / 2)
	last := c.Deadline.Add(-core.LastDay)
	switch {
	case c.Reminded < 2 && last.After(half) && !at.Before(last):
		return 2
	case c.Reminded < 1 && !at.Before(half):
		return 1
	}
	return c.Reminded
}

// restarted is clock c, stopped by a vacation, at now: running again with
// the time it had left once the vacation is over, else still stopped until
// away, the vacation's new end.
func restarted(set core.Settings, c store.Clock, now, away time.Time) store.Clock {
	if away.After(now) {
		c.NextDue = away
		return c
	}
	c.Deadline = now.Add(c.Left)
	c.TurnStarted = c.Deadline.Add(-set.Clock) // the reminders keep their place in the turn
	c.Left = 0
	c.NextDue = core.NextDue(set, c)
	return c
}

// timeout plays the timeout of the player at seat of l, whose time ran
// out at at, as a move of the history played then — "timeout" or
// "timeout forfeit" — so that the archive replays; the computer seats
// then play on.
func (cl Clocks) timeout(ctx context.Context, l core.Game, seat int, set core.Settings, at time.Time) error {
	text := "timeout"
	if set.Timeout == core.TimeoutForfeit {
		text = "timeout forfeit"
	}
	if err := cl.Core.ServerMove(ctx, l, seat, text, at); err != nil {
		return fmt.Errorf("the timeout of seat %d: %w", seat+1, err)
	}
	return nil
}

// reminder is the mail telling the player at seat of l that it is their
// turn, and, with a clock, when their time runs out and what happens then.
func (cl Clocks) reminder(l core.Game, seat int, set core.Settings, now time.Time) (store.OutMail, error) {
	g, st := l.Row, l.State
	next := core.NextTurn(g, nil)
	tag := cl.Core.LangOf(g.Seats[seat])
	view := engine.View{Seat: seat, Names: core.Names(g), Lang: tag}
	data := templates.Reminder{
		Game: l.Kind.Name(), GameID: g.ID, Player: g.Seats[seat].Label(), MoveNumber: next, Notation: core.Notation(l.Kind, tag),
	}
	data.Board, data.Flow = core.Rendered(st, view)
	pic := cl.Core.Picture(g, l.Kind, g.Seats[seat], st, view)
	data.Picture, data.PictureWidth = pic.CID(), pic.Width()
	topic := lang.T("your turn: move %d", next)
	if !g.Clock.Deadline.IsZero() {
		data.Deadline, data.Left = core.WhenIn(g.Clock.Deadline, tag), Span(g.Clock.Deadline.Sub(now)).In(tag)
		var timeout lang.Msg
		switch set.Timeout {
		case core.TimeoutPass:
			timeout = lang.T("the turn passes to the next player")
		case core.TimeoutForfeit:
			timeout = lang.T("you forfeit the game")
			if len(g.Seats) > 2 {
				timeout = lang.T("you leave the game, and the others play on")
			}
		}
		data.Timeout = timeout.In(tag)
		topic = lang.T("your turn: move %d, time runs out %s", next, data.Deadline)
	}
	return cl.Core.ComposeWith(g, g.Seats[seat], "reminder", topic, "reminder", data, cl.Core.Footer(g, st, next, seat), pic)
}

// Span is a duration as a mail says it, to the hour: "2 days 3 hours",
// "5 hours", "less than an hour"; in its reader's language.
func Span(d time.Duration) lang.Msg {
	hours := int(d.Round(time.Hour) / time.Hour)
	days, hours := hours/24, hours%24
	var parts []lang.Msg
	if days > 0 {
		parts = append(parts, lang.Plural(days, "%d day", "%d days", days))
	}
	if hours > 0 {
		parts = append(parts, lang.Plural(hours, "%d hour", "%d hours", hours))
	}
	if len(parts) == 0 {
		return lang.T("less than an hour")
	}
	return lang.T("%s", core.Joined{Msgs: parts, Sep: " "})
}
