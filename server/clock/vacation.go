package clock

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
	"pbem/templates"
)

// Vacation stops or restarts the clocks of the player who owns address, in
// every game: spec is "5d", "72h", "until 2026-12-24" (the day's start,
// UTC) or "back", which ends a vacation under way. The opponents are told
// in each game, and the player gets a confirmation. It returns the
// confirmation's text. Each game's clock first does what fell due before
// now (caughtUp): the vacation stops the clocks as they stand now.
func (cl Clocks) Vacation(ctx context.Context, address, spec string) (string, error) {
	return cl.ChangeVacation(ctx, address, spec, nil, parser.Mail{})
}

// ChangeVacation is Vacation for a mail (in, answered) or the command
// line (in nil): an account change of the player's.
func (cl Clocks) ChangeVacation(ctx context.Context, address, spec string, in *store.Inbound, answered parser.Mail) (string, error) {
	for attempt := 1; ; attempt++ {
		text, err := cl.tryVacation(ctx, address, spec, in, answered)
		if errors.Is(err, store.ErrConflict) && attempt < core.MaxAttempts {
			continue // a game moved meanwhile: look again
		}
		return text, err
	}
}

func (cl Clocks) tryVacation(ctx context.Context, address, spec string, in *store.Inbound, answered parser.Mail) (string, error) {
	now := cl.now()
	p, err := cl.Core.PlayerOf(ctx, address)
	if err != nil {
		return "", err
	}
	pid := p.ID
	current, away, err := cl.Store.OnVacation(ctx, pid, now)
	if err != nil {
		return "", err
	}
	back := spec == parser.Back
	v := store.Vacation{Start: now, End: now}
	switch {
	case back && !away:
		return "", engine.Refuse("you are not on vacation")
	case back:
		v.ID, v.Start = current.ID, current.Start
	default:
		if v.End, err = vacationEnd(spec, now); err != nil {
			return "", err
		}
		if away {
			v.ID, v.Start = current.ID, current.Start // a new end for the one under way
		}
	}
	ids, err := cl.Store.ActiveGamesOf(ctx, pid)
	if err != nil {
		return "", err
	}
	var games []core.Game
	for _, id := range ids {
		l, err := cl.caughtUp(ctx, id, now)
		if err != nil {
			return "", err
		}
		games = append(games, l)
	}
	if !back {
		if err := cl.checkVacationLimits(ctx, pid, v, games, now); err != nil {
			return "", err
		}
	}
	change := store.VacationChange{PlayerID: pid, Vacation: v, Inbound: in}
	var stopped []string
	for _, l := range games {
		cc, didStop, err := cl.vacationClock(l, pid, v, back, now)
		if err != nil {
			return "", err
		}
		if didStop {
			stopped = append(stopped, fmt.Sprintf("%d", l.Row.ID))
		}
		change.Clocks = append(change.Clocks, cc)
	}
	text := vacationConfirmation(v, back, stopped)
	name := p.Name // the player's name, else the one a seat of theirs has, else the address
	for _, l := range games {
		if seat := core.SeatOfPlayer(l.Row, pid); seat >= 0 && name == "" {
			name = l.Row.Seats[seat].Label()
		}
	}
	if name == "" {
		name = address
	}
	tag := cl.Core.Chosen(p.Lang)
	m, err := cl.Core.ComposeTo(ctx, tag, address, "notice", lang.T("pbem: your vacation"), templates.Notice{Player: name, Text: text.In(tag)}, answered)
	if err != nil {
		return "", err
	}
	change.Mails = []store.OutMail{m}
	return text.String(), cl.Store.ChangeVacation(ctx, change)
}

// vacationEnd reads when a vacation asked for at now ends: "5d" and "72h"
// from now, "until 2026-12-24" at the start of that day, UTC.
func vacationEnd(spec string, now time.Time) (time.Time, error) {
	if day, ok := strings.CutPrefix(spec, "until "); ok {
		t, err := time.Parse("2006-01-02", strings.TrimSpace(day))
		if err != nil {
			return time.Time{}, engine.Refuse("%q is not a date: write vacation until 2026-12-24", day)
		}
		if !t.After(now) {
			return time.Time{}, engine.Refuse("%s is not in the future", day)
		}
		return t, nil
	}
	d, err := core.ReadDuration(strings.ReplaceAll(spec, " ", ""))
	if err != nil || d < time.Hour {
		return time.Time{}, engine.Refuse("a vacation lasts an hour or more: write vacation 5d, vacation 72h or vacation until 2026-12-24")
	}
	return now.Add(d), nil
}

// checkVacationLimits refuses vacation v, asked for at now, when a game of
// the player's allows less: each game's vacation_days is the most its
// players may take within any 60 days, counted over the 60 days before v
// ends.
func (cl Clocks) checkVacationLimits(ctx context.Context, pid int64, v store.Vacation, games []core.Game, now time.Time) error {
	from := v.End.Add(-core.VacationWindow)
	past, err := cl.Store.Vacations(ctx, pid, from)
	if err != nil {
		return err
	}
	used := overlap(v.Start, v.End, from, v.End)
	for _, p := range past {
		if p.ID != v.ID {
			used += overlap(p.Start, p.End, from, v.End)
		}
	}
	for _, l := range games {
		set, err := core.ReadSettings(l.Row.Options, l.Kind)
		if err != nil {
			return err
		}
		limit := time.Duration(set.VacationDays) * 24 * time.Hour
		if used > limit {
			taken := used - overlap(v.Start, v.End, from, v.End)
			left := max(limit-taken-now.Sub(v.Start), 0)
			return engine.Refuse("%s, game %d, allows %s of vacation in any 60 days, and this one would make %s: you can ask for %s at most now",
				l.Kind.Name(), l.Row.ID, Span(limit), Span(used), Span(left))
		}
	}
	return nil
}

// overlap is how much of [start, end) falls within [from, to).
func overlap(start, end, from, to time.Time) time.Duration {
	if start.Before(from) {
		start = from
	}
	if end.After(to) {
		end = to
	}
	return max(end.Sub(start), 0)
}

// vacationClock is the change vacation v (or its end, back) makes in game
// l for player pid: their clock stops, keeping the time left, or runs
// again; the opponents are told. stopped says the game's clock was the
// player's and stopped.
func (cl Clocks) vacationClock(l core.Game, pid int64, v store.Vacation, back bool, now time.Time) (store.ClockChange, bool, error) {
	c := l.Row.Clock
	cc := store.ClockChange{GameID: l.Row.ID, From: l.Row.MoveNumber, Was: c, Clock: c}
	seat := core.SeatOfPlayer(l.Row, pid)
	if seat < 0 {
		return cc, false, nil
	}
	set, err := core.ReadSettings(l.Row.Options, l.Kind)
	if err != nil {
		return cc, false, err
	}
	mine := l.State.ToMove() == seat && c.Running()
	switch {
	case mine && c.Held != "":
		// Waiting for the turn mail, or stopped for want of it: it runs
		// from the vacation's end if it would before (delivered, Resume).
	case mine && back && c.Left > 0:
		cc.Clock = restarted(set, c, now, time.Time{})
	case mine && !back && c.Left > 0:
		cc.Clock.NextDue = v.End // stopped already: until the new end
	case mine && !back && c.Deadline.After(now):
		cc.Clock.Left, cc.Clock.Deadline, cc.Clock.NextDue = c.Deadline.Sub(now), time.Time{}, v.End
	}
	name := l.Row.Seats[seat].Label()
	text := []lang.Msg{lang.T("%s is on vacation until %s.", name, core.WhenMsg(v.End))}
	if back {
		text = []lang.Msg{lang.T("%s is back from vacation.", name)}
	}
	switch {
	case set.Clock == 0:
		text = append(text, lang.T("This game has no clock: it waits for them."))
	case back:
		text = append(text, lang.T("%s's clock in this game runs again when it is their turn, with the time it had left.", name))
	default:
		text = append(text, lang.T("%s's clock in this game is stopped until then, keeping the time it has left.", name))
	}
	topic := lang.T("%s is away", name)
	if back {
		topic = lang.T("%s is back", name)
	}
	if cc.Mails, err = cl.tellOthers(l, cc.Clock, seat, topic, text); err != nil {
		return cc, false, err
	}
	return cc, mine && cc.Clock.Left > 0, nil
}

// tellOthers are the notices topic, saying text, to the players of game l
// but the one at seat, each in their language, their status blocks
// showing the clock as it is once changed, after.
func (cl Clocks) tellOthers(l core.Game, after store.Clock, seat int, topic lang.Msg, text []lang.Msg) ([]store.OutMail, error) {
	g := l.Row
	g.Clock = after
	var mails []store.OutMail
	for _, other := range g.Seats {
		if other.Bot != "" || other.Seat == seat {
			continue
		}
		m, err := cl.Core.Templated(g, other, "notice", topic, templates.Notice{
			Game: l.Kind.Name(), GameID: g.ID, Player: other.Label(), Text: strings.Join(lang.All(text, cl.Core.LangOf(other)), " "),
		}, cl.Core.Footer(g, l.State, core.NextTurn(g, nil), other.Seat))
		if err != nil {
			return nil, err
		}
		mails = append(mails, m)
	}
	return mails, nil
}

// vacationConfirmation is what the player is told of their vacation.
func vacationConfirmation(v store.Vacation, back bool, stopped []string) lang.Msg {
	if back {
		return lang.T("Welcome back: your vacation is over. Your clocks run again, each with the time it had left, and your opponents are told.")
	}
	text := []lang.Msg{lang.T("Your vacation runs until %s. Your clocks stop in every game until then: a game that comes to your turn waits for you, and your opponents are told.", core.WhenMsg(v.End))}
	switch len(stopped) {
	case 0:
	case 1:
		text = append(text, lang.T("Game %s was waiting for you: its clock is stopped, keeping the time you had left.", stopped[0]))
	default:
		text = append(text, lang.T("Games %s were waiting for you: their clocks are stopped, keeping the time you had left.", strings.Join(stopped, ", ")))
	}
	text = append(text, lang.T("Reply with back on a line of its own to end your vacation early."))
	return lang.T("%s", core.Joined{Msgs: text, Sep: " "})
}
