package server

import (
	"pbem/server/core"

	"strings"

	"pbem/engine"
	"pbem/lang"
	"pbem/store"
	"pbem/templates"
)

// footer is the status block that ends a mail to seat of g, the game
// standing as st, with next the number of the move a reply must write.
// compose fills in the reply address.
func (c *composer) footer(g store.Game, st engine.State, next, seat int) *templates.Footer {
	f := &templates.Footer{
		Game: c.gameName(g), GameID: g.ID, MoveNumber: next,
		Over: st.Over() || g.Status != store.StatusActive,
	}
	f.Tournament, f.Round, _ = core.TournamentOf(g.Options)
	_, f.LadderChallenge, _ = core.LadderOf(g.Options)
	if f.Over {
		return f
	}
	if to := st.ToMove(); to >= 0 {
		f.YourTurn, f.ToMove = to == seat, core.Names(g)[to]
	}
	if seat < 0 {
		f.YourTurn = false // a watcher: no turn, no rack
	}
	c.clockLines(f, g.Clock, lang.English)
	if seat >= 0 {
		f.Rack = handOf(st, seat)
	}
	return f
}

// clockLines writes into f what the status block says of clock k, in t:
// when the time runs out (while the clock waits for the mail giving the
// turn, the earliest it can: core.ShownDeadline), when it started where
// that mail's acceptance started it, and why it is stopped.
func (c *composer) clockLines(f *templates.Footer, k store.Clock, t lang.Tag) {
	f.Deadline, f.Started = "", ""
	if d := core.ShownDeadline(k, c.cfg.Now()); !d.IsZero() {
		f.Deadline = core.WhenIn(d, t)
	}
	if k.Mail != "" && !k.Deadline.IsZero() {
		f.Started = core.WhenIn(k.TurnStarted, t)
	}
	f.Undelivered = k.Undelivered()
	f.Stopped = k.Left > 0 && k.Held == ""
}

// handOf is seat's private tokens, spaced as a mail shows them ("1 2 6"),
// "" where the game has none.
func handOf(st engine.State, seat int) string {
	insp, ok := st.(engine.Inspector)
	if !ok {
		return ""
	}
	return strings.Join(strings.Split(insp.Hand(seat), ""), " ")
}
