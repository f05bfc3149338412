package ludicitude

import (
	"math/bits"
	"slices"

	"pbem/engine"
	"pbem/lang"
)

// maxThreatsTold is how many threats the line of a computer's move names;
// more are told as "and more".
const maxThreatsTold = 3

var _ engine.ExplainingBot = (*State)(nil)

// BotMoveWhy is BotMoveAt with the line of the move's mail that explains
// it: the cubes the move takes out of danger ("Saves c3 from capture."),
// those the opponent could capture with one slide before it and no longer
// can; and the captures the computer threatens to make with its next
// slide, if the opponent does nothing about them ("Threatens to capture
// d5 (c3-c5)."). Both are read off the board, whatever the search saw,
// so they are true of the position; the move's own captures and
// promotions are the mail's events already. Easy, which plays by feel,
// says nothing; nor does a move that saves and threatens nothing, or ends
// the game.
func (s *State) BotMoveWhy(seat int, level engine.Level, seed uint64) (engine.Move, lang.Msg, error) {
	m, err := s.BotMoveAt(seat, level, seed)
	if err != nil || level == engine.LevelEasy {
		return m, lang.Msg{}, err
	}
	return m, s.why(seat, m), nil
}

// why is the line of BotMoveWhy for m, played by seat in s.
func (s *State) why(seat int, m engine.Move) lang.Msg {
	if mv, ok := m.(Move); !ok || mv.Kind != Slide && mv.Kind != Drop {
		return lang.Msg{}
	}
	next, _, err := s.Apply(seat, m)
	if err != nil || next.Over() {
		return lang.Msg{} // an illegal move, which the server refuses, or the end
	}
	before, now := s.b, next.(*State).b
	before.flip() // what the opponent could take if seat did nothing
	if int(now.side) == seat {
		now.flip() // the opponent's turn passed over: what it could take
	}
	saved := taken(before.threats()) &^ taken(now.threats())
	now.flip() // what seat could take next
	return whyLine(saved, now.threats())
}

// taken are the cubes any of threats would capture.
func taken(threats []threat) uint64 {
	var set uint64
	for _, t := range threats {
		set |= t.takes
	}
	return set
}

// threat is a slide of the side to move and the cubes it would capture,
// by custodian or by enclosure.
type threat struct {
	slide Move
	takes uint64
}

// threats are the captures the side to move could make with one slide,
// the most cubes first (then in the order of the slides), one slide for
// each set of cubes taken.
func (b *board) threats() []threat {
	var out []threat
	for _, a := range b.slides(make([]action, 0, maxActions)) {
		try := *b
		cust, encl := try.slide(a.from(), a.to())
		takes := cust | encl
		if takes == 0 || slices.ContainsFunc(out, func(t threat) bool { return t.takes == takes }) {
			continue
		}
		out = append(out, threat{Move{Kind: Slide, From: Square(a.from()), To: Square(a.to())}, takes})
	}
	slices.SortStableFunc(out, func(x, y threat) int {
		return bits.OnesCount64(y.takes) - bits.OnesCount64(x.takes)
	})
	return out
}

// whyLine says in a line the cubes saved, named by the squares they
// stood on before the move, and threats: either sentence, both, or
// nothing when there are neither.
func whyLine(saved uint64, threats []threat) lang.Msg {
	threatens := threatLine(threats)
	if saved == 0 {
		return threatens
	}
	saves := lang.T("Saves %s from capture.", listSquares(saved))
	if threatens.IsZero() {
		return saves
	}
	return lang.T("%s %s", saves, threatens)
}

// threatLine says threats in a sentence, the first maxThreatsTold of
// them: "Threatens to capture d5 (c3-c5) and e5 and e6 (e2-e4)."; nothing
// for none.
func threatLine(threats []threat) lang.Msg {
	if len(threats) == 0 {
		return lang.Msg{}
	}
	var items []any
	for _, t := range threats[:min(len(threats), maxThreatsTold)] {
		items = append(items, lang.T("%s (%s)", listSquares(t.takes), t.slide.String()))
	}
	if len(threats) > maxThreatsTold {
		items = append(items, lang.T("more"))
	}
	return lang.T("Threatens to capture %s.", lang.List(items...))
}
