package engine

import (
	"fmt"
	"slices"

	"pbem/lang"
)

// DrawOffer is a pending offer of a draw by agreement, in games where every
// seat still playing must agree: the seats that said "draw" since the offer
// was made, in seating order. Its zero value is no offer. Games keep it in
// their state and ask it what "draw", "decline" and playing on do, so the
// rule and its sentences are the same in every game.
type DrawOffer []int

// Pending reports whether a draw has been offered.
func (d DrawOffer) Pending() bool { return len(d) > 0 }

// Agreed reports whether seat has agreed to the pending offer.
func (d DrawOffer) Agreed(seat int) bool { return slices.Contains(d, seat) }

// Waiting lists the seats still playing (not resigned) that have not agreed.
func (d DrawOffer) Waiting(resigned []bool) []int {
	var out []int
	for seat, r := range resigned {
		if !r && !d.Agreed(seat) {
			out = append(out, seat)
		}
	}
	return out
}

// Complete reports whether an offer is pending and every seat still playing
// has agreed to it: the game is drawn.
func (d DrawOffer) Complete(resigned []bool) bool {
	return d.Pending() && len(d.Waiting(resigned)) == 0
}

// Refusal says why seat may not answer now: a draw from a seat that has
// agreed already, a decline with no offer pending; nil when it may.
func (d DrawOffer) Refusal(seat int, decline bool, resigned []bool) error {
	switch {
	case !decline && d.Agreed(seat):
		return Refuse("you have agreed to a draw already: the offer waits for %s", SeatList(d.Waiting(resigned)))
	case decline && !d.Pending():
		return Refuse("there is no offer of a draw to decline")
	}
	return nil
}

// Agree records seat's draw, which makes the offer or accepts it, and
// returns the new offer, the events to tell, and whether every seat still
// playing has now agreed.
func (d DrawOffer) Agree(seat int, resigned []bool) (DrawOffer, []lang.Msg, bool) {
	var events []lang.Msg
	if !d.Pending() {
		events = append(events, lang.T("%s offers a draw: the others may accept with draw or refuse with decline.", Capital(SeatName(seat))))
	}
	next := append(slices.Clone(d), seat)
	slices.Sort(next)
	if next.Complete(resigned) {
		return next, append(events, DrawnEvent), true
	}
	if len(next) > 1 {
		events = append(events, lang.T("%s accepts the draw; still to answer: %s.", Capital(SeatName(seat)), SeatList(next.Waiting(resigned))))
	}
	return next, events, false
}

// DrawnEvent is told when everyone has agreed to a draw.
var DrawnEvent = lang.T("Everyone agreed: the game is drawn.")

// Decline withdraws the offer, every agreement with it.
func (d DrawOffer) Decline(seat int) (DrawOffer, []lang.Msg) {
	return nil, []lang.Msg{lang.T("%s declines the draw: the offer is withdrawn.", Capital(SeatName(seat)))}
}

// PlayOn is a regular move by seat: when seat has not agreed, playing on
// instead of answering refuses the offer; when it has, the offer stands.
func (d DrawOffer) PlayOn(seat int) (DrawOffer, []lang.Msg) {
	if !d.Pending() || d.Agreed(seat) {
		return d, nil
	}
	return nil, []lang.Msg{lang.T("%s plays on: the offer of a draw lapses.", Capital(SeatName(seat)))}
}

// SeatName names a seat in events, which know no player names: "seat 2".
func SeatName(seat int) string { return View{}.Name(seat) }

// SeatList names seats in a sentence: "seat 1", "seat 1 and seat 3"
// ("seat 1 et seat 3" in French, until the server puts names there).
func SeatList(seats []int) lang.Msg {
	names := make([]any, len(seats))
	for i, seat := range seats {
		names[i] = SeatName(seat)
	}
	return lang.List(names...)
}

// Capital starts a sentence with a capital letter.
func Capital(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// Without drops seat's agreement, as when it resigns: the others may still
// complete the offer.
func (d DrawOffer) Without(seat int) DrawOffer {
	out := slices.DeleteFunc(slices.Clone(d), func(a int) bool { return a == seat })
	if len(out) == 0 {
		return nil
	}
	return out
}

// A is n with its indefinite article, as a sentence names a token: "a 7",
// "an 8", "an 11", "an 18", "an 80" ("un 7", "un 8" in French). English
// says "an" before the numbers spoken with a vowel first: those whose
// leading group of digits (the thousands, the millions...) is 8, 11, 18 or
// starts with an 8. It is a message, so that a refusal naming tokens reads
// right in every language.
func A(n int) lang.Msg {
	if n < 0 {
		return lang.T("a -%d", -n)
	}
	s := itoa(n)
	lead := s[:(len(s)-1)%3+1]
	if lead[0] == '8' || lead == "11" || lead == "18" {
		return lang.T("an %d", n)
	}
	return lang.T("a %d", n)
}

// WinnersSentence says who won a finished game, naming the seats as v
// does and in v's language: "Ann wins.", "Ann and Bob share the win.",
// "Nobody wins." for a draw. Every game's board says it the same way.
func WinnersSentence(st State, v View) string { return WinnersMsg(st, v).In(v.Lang) }

// WinnersMsg is WinnersSentence as a message, for any language.
func WinnersMsg(st State, v View) lang.Msg {
	w := st.Winners()
	names := make([]any, len(w))
	for i, seat := range w {
		names[i] = v.Name(seat)
	}
	switch len(names) {
	case 0:
		return lang.T("Nobody wins.")
	case 1:
		return lang.T("%s wins.", Capital(v.Name(w[0])))
	}
	names[0] = Capital(v.Name(w[0]))
	return lang.T("%s share the win.", lang.List(names...))
}

// Check refuses an offer read from a stored state that play could not have
// left: a seat that is not playing, seats out of seating order, an offer
// in a finished game, or one that every seat still playing has agreed to.
// Its errors number seat 0 as first, as each game's decoding does.
func (d DrawOffer) Check(resigned []bool, over bool, first int) error {
	for i, seat := range d {
		switch {
		case seat < 0 || seat >= len(resigned) || resigned[seat]:
			return fmt.Errorf("draw agreed by seat %d, which is not playing", seat+first)
		case i > 0 && seat <= d[i-1]:
			return fmt.Errorf("draw agreed by seat %d twice or out of seating order", seat+first)
		}
	}
	switch {
	case d.Pending() && over:
		return fmt.Errorf("a draw offer pending in a finished game")
	case d.Complete(resigned):
		return fmt.Errorf("every seat agreed to a draw, yet the game goes on")
	}
	return nil
}

// Line is what a board says of the pending offer, naming the seats as
// name does: who offered and agreed, who is still to answer.
func (d DrawOffer) Line(resigned []bool, name func(seat int) string) lang.Msg {
	return lang.T("Draw offered by: %s. Still to answer: %s.", NameList(d, name), NameList(d.Waiting(resigned), name))
}
