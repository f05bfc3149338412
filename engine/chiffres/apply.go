package chiffres

import (
	"pbem/engine"
	"pbem/lang"
)

// asMove accepts the engine's move interface holding a Chiffres move.
func asMove(em engine.Move) (Move, error) {
	switch m := em.(type) {
	case Move:
		return m, nil
	case *Move:
		if m != nil {
			return *m, nil
		}
	case nil:
	default:
		return Move{}, engine.Refuse("%q is not a Chiffres move", em.String())
	}
	return Move{}, engine.Refuse("no move was given")
}

// Legal says why seat may not play em now, or returns nil.
func (s *State) Legal(seat int, em engine.Move) error {
	m, err := asMove(em)
	if err != nil {
		return err
	}
	return s.check(seat, m)
}

// check is Legal for a Chiffres move.
func (s *State) check(seat int, m Move) error {
	if err := engine.SeatRefusal(seat, s.over, s.resigned); err != nil {
		return err
	}
	switch {
	case m.Timeout && seat != s.toMove:
		return engine.NotYourTurn()
	case m.Kind == Resign:
		return nil
	case m.Kind == Draw || m.Kind == Decline:
		return s.agreed.Refusal(seat, m.Kind == Decline, s.resigned)
	case seat != s.toMove:
		return engine.NotYourTurn()
	}
	switch m.Kind {
	case Place:
		return s.checkPlace(seat, m)
	case Pass:
		if p, ok := s.firstPlacement(seat); ok && !m.Timeout {
			return engine.Refuse("you can place a token (%d on %s, for one), so you may not pass: the server passes a player only when none of their tokens fits", p.Digit, p.At)
		}
		return nil
	}
	return engine.Refuse("unknown move kind %d", m.Kind)
}

// checkPlace says why seat may not lay m.Digit on m.At.
func (s *State) checkPlace(seat int, m Move) error {
	d, q := m.Digit, m.At
	switch {
	case d < 0 || d > 9:
		return engine.Refuse("%d is not a token: tokens are single digits 0 to 9", d)
	case !q.valid():
		return engine.Refuse("that square is off the board, which runs from A1 to I9")
	case s.hands[seat][d] == 0:
		return engine.Refuse("you hold no %d: your tokens are %s", d, s.hands[seat].String())
	case s.board[q] != empty && q == s.layout.centre:
		return engine.Refuse("%s is the centre, and the first token, %s, lies there already", q, engine.A(int(s.board[q])))
	case s.board[q] != empty:
		return engine.Refuse("%s already holds %s", q, engine.A(int(s.board[q])))
	case q == s.layout.centre:
		return engine.Refuse("%s is the centre, where only the first token goes", q)
	case int(s.layout.printed[q]) != d:
		return engine.Refuse("%s bears %s, not %s", q, engine.A(int(s.layout.printed[q])), engine.A(int(d)))
	case !s.touches(q):
		return engine.Refuse("%s touches no token: lay a token next to one already on the board, above, below, left or right of it", q)
	}
	return nil
}

// touches reports whether a token lies next to q, orthogonally.
func (s *State) touches(q Square) bool {
	for _, n := range neighbours[q] {
		if s.board[n] != empty {
			return true
		}
	}
	return false
}

// Apply plays em for seat and returns the new state; s is unchanged. After
// a placement the turn goes to the next seat that can place, passing the
// others; the game ends when the placer's hand is empty (the bank being
// empty) or nobody can place, and the end-of-game penalty is taken then.
//
// Draws by agreement: "draw" by a seat still playing, in turn or not, offers
// a draw, or accepts the pending offer; once every seat still playing has
// said draw since the offer was made, the game ends drawn: nobody wins, and
// no end-of-game penalty is taken (the scores stay as they are). "decline"
// by any seat still playing withdraws the offer, every agreement with it: a
// draw must then be offered afresh. A placement or a pass by a seat that has
// not agreed refuses the offer too (playing on instead of answering); by a
// seat that has agreed, it leaves the offer standing. A seat that resigns
// leaves the offer to the others, which may complete it; with one seat
// left, that seat wins. Draw and decline leave the turn where it is, and
// count in MoveCount like every move.
func (s *State) Apply(seat int, em engine.Move) (engine.State, engine.Outcome, error) {
	m, err := asMove(em)
	if err != nil {
		return s, engine.Outcome{}, err
	}
	if err := s.check(seat, m); err != nil {
		return s, engine.Outcome{}, err
	}
	n := s.clone()
	n.moves++
	out := engine.Outcome{Move: m.String()}
	switch m.Kind {
	case Place:
		n.place(seat, m, &out)
		n.playOn(seat, &out)
		if n.hands[seat].size() == 0 {
			n.finish(endOut, &out)
		} else {
			n.advance(seat, &out)
		}
	case Pass:
		if m.Timeout {
			out.Events = append(out.Events, engine.TimedOut(seat, false))
		}
		n.playOn(seat, &out)
		n.advance(seat, &out)
	case Resign:
		if m.Timeout {
			out.Events = append(out.Events, engine.TimedOut(seat, true))
		}
		n.resigned[seat] = true
		n.agreed = n.agreed.Without(seat)
		out.Events = append(out.Events, lang.T("%s resigns and leaves the game; their score stays %d.", engine.Capital(engine.SeatName(seat)), n.scores[seat]))
		switch {
		case n.active() <= 1:
			n.finish(endResigned, &out)
		case n.agreed.Complete(n.resigned):
			out.Events = append(out.Events, engine.DrawnEvent)
			n.finish(endDrawn, &out)
		case seat == s.toMove:
			n.advance(seat, &out)
		}
	case Draw:
		var events []lang.Msg
		var drawn bool
		n.agreed, events, drawn = n.agreed.Agree(seat, n.resigned)
		out.Events = append(out.Events, events...)
		if drawn {
			n.finish(endDrawn, &out)
		}
	case Decline:
		var events []lang.Msg
		n.agreed, events = n.agreed.Decline(seat)
		out.Events = append(out.Events, events...)
	}
	out.Aside = m.Kind == Draw || m.Kind == Decline || (m.Kind == Resign && seat != s.toMove)
	return n, out, nil
}

// playOn is a regular move by seat: it refuses a pending draw when seat
// had not agreed to it.
func (s *State) playOn(seat int, out *engine.Outcome) {
	var events []lang.Msg
	s.agreed, events = s.agreed.PlayOn(seat)
	out.Events = append(out.Events, events...)
}

// place lays a checked token, scores it and draws a new one.
func (s *State) place(seat int, m Move, out *engine.Outcome) {
	score, detail := s.score(m.At, m.Digit), s.explain(m.At, m.Digit)
	s.board[m.At] = int8(m.Digit)
	s.hands[seat][m.Digit]--
	s.scores[seat] += score
	s.last = &lastPlace{Seat: seat, At: m.At, Digit: m.Digit, Score: score, Detail: detail}
	out.Score = score
	out.Events = append(out.Events, lang.T("%d on %s scores %d: %s.", m.Digit, m.At, score, detailMsg(detail)))
	if s.draw(seat) {
		out.Events = append(out.Events, lang.Plural(len(s.bank), "One token drawn; %d token in the bank.", "One token drawn; %d tokens in the bank.", len(s.bank)))
	} else {
		out.Events = append(out.Events, lang.T("The bank is empty: no token drawn."))
	}
}

// advance gives the turn to the first seat after from, in seating order,
// that can place: from itself last. Each seat still playing that is skipped
// on the way is passed, and told so in out (nil at the deal). When no seat
// can place, the game is over, and nobody is said to pass.
func (s *State) advance(from int, out *engine.Outcome) {
	seats := len(s.hands)
	var skipped []int
	for i := 1; i <= seats; i++ {
		next := (from + i) % seats
		switch {
		case s.resigned[next]:
		case s.CanPlace(next):
			s.toMove = next
			s.passed = skipped
			for _, seat := range skipped {
				if out != nil {
					out.Events = append(out.Events, lang.T("%s cannot place a token and passes.", engine.Capital(engine.SeatName(seat))))
				}
			}
			return
		case next != from:
			skipped = append(skipped, next)
		}
	}
	s.finish(endStuck, out)
}

// finish ends the game, a pending offer of a draw with it, and takes from
// every seat still playing three times the points of the tokens it holds,
// unless the game is drawn by agreement.
func (s *State) finish(why ending, out *engine.Outcome) {
	s.over, s.end, s.toMove, s.agreed = true, why, -1, nil
	if out != nil {
		out.Events = append(out.Events, engine.GameOver(s.endMsg(engine.View{})))
	}
	for seat := range s.hands {
		if why == endDrawn || s.resigned[seat] || s.hands[seat].size() == 0 {
			continue
		}
		pts := s.hands[seat].points()
		s.penalties[seat] = 3 * pts
		s.scores[seat] -= 3 * pts
		if out != nil {
			out.Events = append(out.Events, lang.T("%s still holds %s: 3 × %d = %d points off, %d left.",
				engine.Capital(engine.SeatName(seat)), s.hands[seat].String(), pts, 3*pts, s.scores[seat]))
		}
	}
}
