package server

import (
	"fmt"
	"strings"

	"pbem/engine"
	"pbem/store"
)

// notifications are the mails a commit causes: one per human seat, with the
// moves just played and the board as that seat sees it — their own rack
// only. The Message-ID is stable, so a mail sent twice is recognised.
func notifications(g store.Game, st engine.State, moves []store.Move) []store.OutMail {
	view := engine.View{Names: make([]string, len(g.Seats))}
	for i, seat := range g.Seats {
		view.Names[i] = seat.Label()
	}
	last := moves[len(moves)-1]
	number := g.MoveNumber + len(moves)
	var played strings.Builder
	for i, m := range moves {
		fmt.Fprintf(&played, "Move %d. %s: %s (%d)\n", g.MoveNumber+i+1, view.Names[m.Seat], m.Notation, m.Score)
		for _, e := range m.Events {
			fmt.Fprintf(&played, "  %s\n", e)
		}
	}
	var out []store.OutMail
	for _, seat := range g.Seats {
		if seat.Bot != "" {
			continue
		}
		view.Seat = seat.Seat
		out = append(out, store.OutMail{
			MessageID: fmt.Sprintf("<pbem.%d.%d.%d@pbem>", g.ID, number, seat.Seat),
			Recipient: seat.Email,
			Subject:   fmt.Sprintf("[#%d] %s, move %d: %s", g.ID, g.Type, number, last.Notation),
			Body:      played.String() + "\n" + st.Render(view),
		})
	}
	return out
}
