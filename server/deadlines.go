package server

import (
	"pbem/server/core"

	"context"
	"errors"
	"fmt"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/store"
	"pbem/templates"
)

// dueBatch is how many due games, or digests, Deadlines reads at a time.
const dueBatch = 100

// Done is what one pass of Deadlines did.
type Done struct {
	Games   int // the games it acted on
	Digests int // the digests it sent
	// Challenges is the challenges it ended, expired.
	Challenges int
}

// Deadlines does what the games' clocks ask for at now: the reminders at
// half time and on the last day, the timeouts of the players whose time
// ran out, the clocks a vacation stopped and that must run again; then
// the digests due, to the players who chose mail digest HH:MM; then the
// challenges whose time to be accepted ran out, their players told. Each is
// written in one transaction with its mails, only if the game (or the
// player's digest) is still as it was read, so that two processes never
// do it twice. It returns how many games it acted on and digests it sent;
// one that fails is reported and does not keep the others waiting.
func (s *Server) Deadlines(ctx context.Context, now time.Time) (Done, error) {
	games, errGames := eachDue(ctx, now, s.store.DueGames, func(id int64) (bool, bool, error) {
		did, err := s.deadline(ctx, id, now)
		if err != nil {
			err = fmt.Errorf("game %d: %w", id, err)
		}
		return did, did, err
	})
	digests, errDigests := eachDue(ctx, now, s.store.DueDigests, func(pid int64) (bool, bool, error) {
		sent, moved, err := s.digest(ctx, pid, now)
		if err != nil {
			err = fmt.Errorf("digest of player %d: %w", pid, err)
		}
		return sent, moved, err
	})
	challenges, errChallenges := eachDue(ctx, now, s.store.DueChallenges, func(id int64) (bool, bool, error) {
		did, err := s.expireChallenge(ctx, id, now)
		if err != nil {
			err = fmt.Errorf("challenge %d: %w", id, err)
		}
		return did, did, err
	})
	return Done{Games: games, Digests: digests, Challenges: challenges}, errors.Join(errGames, errDigests, errChallenges)
}

// eachDue does what is due at now for every ID that due lists, a batch at
// a time, and returns how many of them count: do reports whether one
// counts and whether it is no longer due. An ID whose do fails is
// reported and not tried again in this pass.
func eachDue(ctx context.Context, now time.Time, due func(context.Context, time.Time, int) ([]int64, error),
	do func(id int64) (counts, moved bool, err error)) (int, error) {
	n := 0
	var errs []error
	failed := map[int64]bool{}
	for round := 0; round < 10; round++ {
		ids, err := due(ctx, now, dueBatch)
		if err != nil {
			return n, errors.Join(append(errs, err)...)
		}
		progress := false
		for _, id := range ids {
			if failed[id] {
				continue
			}
			counts, moved, err := do(id)
			if err != nil {
				failed[id] = true
				errs = append(errs, err)
				continue
			}
			if counts {
				n++
			}
			progress = progress || moved
		}
		if !progress || len(ids) < dueBatch {
			break
		}
	}
	return n, errors.Join(errs...)
}

// KeepDeadlines runs Deadlines now and every period until ctx is done,
// reporting each pass to report. Each pass runs to its end.
func (s *Server) KeepDeadlines(ctx context.Context, every time.Duration, report func(done Done, err error)) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		done, err := s.Deadlines(context.WithoutCancel(ctx), s.cfg.Now())
		report(done, err)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// deadline does what is due at now in game id, and reports whether it did
// anything.
func (s *Server) deadline(ctx context.Context, id int64, now time.Time) (bool, error) {
	defer s.lock(id)()
	l, err := s.load(ctx, id)
	if err != nil {
		return false, err
	}
	c := l.row.Clock
	set, err := core.ReadSettings(l.row.Options, l.game)
	if err != nil {
		return false, err
	}
	seat := l.state.ToMove()
	change := store.ClockChange{GameID: id, From: l.row.MoveNumber, Was: c, Clock: c}
	switch {
	case c.NextDue.IsZero() || c.NextDue.After(now):
		return false, nil // done meanwhile
	case l.row.Status != store.StatusActive || !c.Running() || seat < 0 || set.Clock == 0:
		change.Clock = store.Clock{} // nothing to time
	case c.Left > 0:
		away, err := s.awayUntil(ctx, l.row, seat, now)
		if err != nil {
			return false, err
		}
		change.Clock = restarted(set, c, now, away)
	case !now.Before(c.Deadline):
		if set.Timeout == core.TimeoutNone {
			change.Clock.Reminded, change.Clock.NextDue = 3, time.Time{}
			break
		}
		err := s.timeout(ctx, l, seat, set)
		if errors.Is(err, store.ErrConflict) {
			return false, nil // the player moved meanwhile
		}
		return err == nil, err
	default:
		half := c.TurnStarted.Add(c.Deadline.Sub(c.TurnStarted) / 2)
		last := c.Deadline.Add(-core.LastDay)
		switch {
		case c.Reminded < 2 && last.After(half) && !now.Before(last):
			change.Clock.Reminded = 2
		case c.Reminded < 1 && !now.Before(half):
			change.Clock.Reminded = 1
		}
		change.Clock.NextDue = core.NextDue(set, change.Clock)
		if change.Clock.Reminded != c.Reminded {
			m, err := s.reminder(l, seat, set, now)
			if err != nil {
				return false, err
			}
			change.Mails = []store.OutMail{m}
		}
	}
	err = s.store.ChangeClock(ctx, change)
	if errors.Is(err, store.ErrConflict) {
		return false, nil // another process did it
	}
	return err == nil, err
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

// timeout plays the timeout of the player at seat of l, who ran out of
// time, as a move of the history — "timeout" or "timeout forfeit" — so
// that the archive replays; the computer seats then play on.
func (s *Server) timeout(ctx context.Context, l loaded, seat int, set core.Settings) error {
	text := "timeout"
	if set.Timeout == core.TimeoutForfeit {
		text = "timeout forfeit"
	}
	m, err := l.game.Parse(text)
	if err != nil {
		return fmt.Errorf("the timeout of seat %d: %w", seat+1, err)
	}
	next, move, err := s.apply(l.state, seat, text, m)
	if err != nil {
		return fmt.Errorf("the timeout of seat %d: %w", seat+1, err)
	}
	if err := s.save(ctx, l, acted{moves: []store.Move{move}, state: next}, nil); err != nil {
		return err
	}
	_, _, err = s.runBots(ctx, l.row.ID)
	return err
}

// reminder is the mail telling the player at seat of l that it is their
// turn, and, with a clock, when their time runs out and what happens then.
func (s *Server) reminder(l loaded, seat int, set core.Settings, now time.Time) (store.OutMail, error) {
	g, st := l.row, l.state
	next := core.NextTurn(g, nil)
	tag := s.langOf(g.Seats[seat])
	view := engine.View{Seat: seat, Names: core.Names(g), Lang: tag}
	data := templates.Reminder{
		Game: l.game.Name(), GameID: g.ID, Player: g.Seats[seat].Label(), MoveNumber: next, Notation: core.Notation(l.game, tag),
	}
	data.Board, data.Flow = core.Rendered(st, view)
	pic := s.pictures(g, l.game).forSeat(g.Seats[seat], st, view)
	data.Picture, data.PictureWidth = pic.cid(), pic.px()
	topic := lang.T("your turn: move %d", next)
	if !g.Clock.Deadline.IsZero() {
		data.Deadline, data.Left = core.WhenIn(g.Clock.Deadline, tag), span(g.Clock.Deadline.Sub(now)).In(tag)
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
	return s.composeWith(g, g.Seats[seat], "reminder", topic, s.newMessageID(g.ID, "reminder"), data, s.footer(g, st, next, seat), pic)
}

// span is a duration as a mail says it, to the hour: "2 days 3 hours",
// "5 hours", "less than an hour"; in its reader's language.
func span(d time.Duration) lang.Msg {
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
