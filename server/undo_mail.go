package server

import (
	"pbem/engine"
	"pbem/lang"
	"pbem/server/core"
	"pbem/store"
	"pbem/templates"
)

// undoNotices are the mails telling every player still playing game l,
// now st, what actor did to the offer to take back turn: textOf says it
// to each reader in their language. They go whatever a player's mail
// preference: each is asked, or told the answer.
func (c *composer) undoNotices(l loaded, st engine.State, actor, turn int, textOf func(reader int, t lang.Tag) lang.Msg) ([]store.OutMail, error) {
	g := l.row
	next := core.NextTurn(g, nil)
	var out []store.OutMail
	for _, seat := range g.Seats {
		if seat.Bot != "" || resigned(st, seat.Seat) {
			continue
		}
		to := seat
		if seat.Seat == actor {
			to = l.answerTo(actor) // where the actor wrote from
		}
		tag := c.langOf(to)
		m, err := c.templated(g, to, "notice", lang.T("taking back turn %d", turn),
			templates.Notice{Game: c.gameName(g), GameID: g.ID, Player: seat.Label(), Text: textOf(seat.Seat, tag).In(tag)},
			c.footer(g, st, next, seat.Seat))
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}
