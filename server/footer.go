package server

import (
	"pbem/server/core"

	"strings"

	"pbem/engine"
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
	if f.Over {
		return f
	}
	if to := st.ToMove(); to >= 0 {
		f.YourTurn, f.ToMove = to == seat, core.Names(g)[to]
	}
	if seat < 0 {
		f.YourTurn = false // a watcher: no turn, no rack
	}
	if !g.Clock.Deadline.IsZero() {
		f.Deadline = core.When(g.Clock.Deadline)
	}
	f.Stopped = g.Clock.Left > 0
	if seat >= 0 {
		f.Rack = handOf(st, seat)
	}
	return f
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
