package amplitude

import (
	"fmt"
	"slices"

	"pbem/engine"
	"pbem/lang"
)

// asMove accepts the engine's move interface holding an Amplitude move, and
// refuses one that ParseMove could not have made (a square off the board, a
// digit outside 1..9, an unknown kind), which would corrupt the state.
func asMove(em engine.Move) (Move, error) {
	var m Move
	switch v := em.(type) {
	case Move:
		m = v
	case *Move:
		if v == nil {
			return Move{}, engine.Refuse("there is no move")
		}
		m = *v
	default:
		return Move{}, engine.Refuse("%q is not an Amplitude move", em)
	}
	bad := m.Kind > Decline || (m.Kind == Pose && (m.At < 0 || m.At >= size*size))
	for _, d := range append(slices.Clip(m.Line), m.Tokens...) {
		bad = bad || d < 1 || d > 9
	}
	if bad {
		return Move{}, engine.Refuse("that move is not well formed: write a pose such as H8 right 3+4-5=2, or exchange 3 5, pass or resign")
	}
	return m, nil
}

// Legal says why seat may not play em now, or returns nil.
func (s *State) Legal(seat int, em engine.Move) error {
	m, err := asMove(em)
	if err != nil {
		return err
	}
	if err := s.checkTurn(seat, m); err != nil {
		return err
	}
	switch m.Kind {
	case Pose:
		_, err = s.judgePose(seat, m)
	case Exchange:
		err = s.checkExchange(seat, m.Tokens)
	case Draw, Decline:
		err = s.agreed.Refusal(seat, m.Kind == Decline, s.resigned)
	}
	return err
}

func (s *State) checkTurn(seat int, m Move) error {
	if err := engine.SeatRefusal(seat, s.over, s.resigned); err != nil {
		return err
	}
	if (m.Kind.inTurn() || m.Timeout) && seat != s.toMove {
		return engine.NotYourTurn()
	}
	return nil
}

func (s *State) checkExchange(seat int, tokens []byte) error {
	if len(tokens) == 0 {
		return engine.Refuse("exchange which tokens? Name them, as exchange 3 5")
	}
	if err := rackHolds(s.racks[seat], tokens); err != nil {
		return err
	}
	if len(tokens) > len(s.bag) {
		return engine.Refuse("the bag holds %d tokens: you cannot exchange %d", len(s.bag), len(tokens))
	}
	return nil
}

// Apply plays em for seat and returns the new state; s is unchanged.
//
// Draws by agreement: "draw" by a seat still playing, in turn or not, offers
// a draw, or accepts the pending offer; once every seat still playing has
// said draw since the offer was made, the game ends drawn: nobody wins and
// the scores stay as they are. "decline" by any seat still playing withdraws
// the offer, every agreement with it: a draw must then be offered afresh.
// A pose, exchange or pass by a seat that has not agreed refuses the offer
// too (playing on instead of answering); by a seat that has agreed, it
// leaves the offer standing. A seat that resigns leaves the offer to the
// others, which may complete it; with one seat left, that seat wins. Draw
// and decline leave the turn where it is and are no idle turns, but count
// in MoveCount like every move.
func (s *State) Apply(seat int, em engine.Move) (engine.State, engine.Outcome, error) {
	m, err := asMove(em)
	if err != nil {
		return s, engine.Outcome{}, err
	}
	if err := s.checkTurn(seat, m); err != nil {
		return s, engine.Outcome{}, err
	}
	n := s.clone()
	var out engine.Outcome
	switch m.Kind {
	case Pose:
		j, err := s.judgePose(seat, m)
		if err != nil {
			return s, engine.Outcome{}, err
		}
		n.pose(seat, m, j, &out)
	case Exchange:
		if err := s.checkExchange(seat, m.Tokens); err != nil {
			return s, engine.Outcome{}, err
		}
		n.exchange(seat, m.Tokens, &out)
	case Pass:
		n.idle++
		out.Move = m.String()
		if m.Timeout {
			out.Events = append(out.Events, engine.TimedOut(seat, false))
		}
	case Resign:
		n.resigned[seat] = true
		out.Move = m.String()
		if m.Timeout {
			out.Events = append(out.Events, engine.TimedOut(seat, true))
		}
		out.Events = append(out.Events, lang.T("Resigned: the seat leaves the game."))
		n.agreed = n.agreed.Without(seat)
		switch {
		case n.active() <= 1:
			n.finish(endOthersResigned)
		case n.agreed.Complete(n.resigned):
			out.Events = append(out.Events, engine.DrawnEvent)
			n.finish(endDrawnByAgreement)
		}
	case Draw, Decline:
		if err := s.agreed.Refusal(seat, m.Kind == Decline, s.resigned); err != nil {
			return s, engine.Outcome{}, err
		}
		out.Move = m.String()
		var events []lang.Msg
		drawn := false
		if m.Kind == Draw {
			n.agreed, events, drawn = n.agreed.Agree(seat, n.resigned)
		} else {
			n.agreed, events = n.agreed.Decline(seat)
		}
		out.Events = append(out.Events, events...)
		if drawn {
			n.finish(endDrawnByAgreement)
		}
	default:
		return s, engine.Outcome{}, engine.Refuse("unknown move kind %d", m.Kind)
	}
	if m.Kind.inTurn() {
		n.playOn(seat, &out)
	}
	n.moves++
	if answer := m.Kind == Draw || m.Kind == Decline; !n.over && !answer {
		if m.Kind != Resign || seat == s.toMove {
			n.toMove = n.nextSeat(seat)
		}
		if n.idle >= 2*n.active() {
			n.finish(endTwoIdleRounds)
		} else {
			n.checkStuck()
		}
	}
	if n.over {
		out.Events = append(out.Events, engine.GameOver(endingMsg(n.end)))
	}
	out.Aside = m.Kind == Draw || m.Kind == Decline || (m.Kind == Resign && seat != s.toMove)
	return n, out, nil
}

// pose places a judged pose, scores it and refills the rack.
func (s *State) pose(seat int, m Move, j judged, out *engine.Outcome) {
	for i, q := range j.squares {
		s.board[q] = j.digits[i]
		s.racks[seat] = removeToken(s.racks[seat], j.digits[i])
	}
	s.scores[seat] += j.score
	if seat == s.starter {
		s.starterPosed = true
	}
	s.idle = 0
	s.poses++
	m.Formula = j.formula
	s.last = &lastPose{Seat: seat, At: m.At, Down: m.Down, Len: len(m.Line), Formula: j.formula, Score: j.score}
	out.Move, out.Score = m.String(), j.score
	if j.doubled {
		out.Events = append(out.Events, lang.T("The starting player's first pose scores double."))
	}
	refill := len(s.bag) >= len(j.squares)
	s.racks[seat] = s.draw(s.racks[seat], len(j.squares))
	placed := len(j.squares)
	out.Events = append(out.Events, lang.Plural(placed, "%d token placed; %d left in the bag.", "%d tokens placed; %d left in the bag.", placed, len(s.bag)))
	if !refill {
		s.finish(endBagCannotRefill)
	}
}

// exchange draws len(tokens) new tokens, then puts the old ones back.
func (s *State) exchange(seat int, tokens []byte, out *engine.Outcome) {
	for _, d := range tokens {
		s.racks[seat] = removeToken(s.racks[seat], d)
	}
	s.racks[seat] = s.draw(s.racks[seat], len(tokens))
	s.putBack(tokens)
	s.idle++
	out.Move = Move{Kind: Exchange, Tokens: tokens}.String()
	out.Public = publicExchange(len(tokens))
	out.Events = append(out.Events, lang.Plural(len(tokens), "%d token exchanged.", "%d tokens exchanged.", len(tokens)))
}

// playOn is a regular move by seat: it refuses a pending draw when seat
// had not agreed to it.
func (s *State) playOn(seat int, out *engine.Outcome) {
	var events []lang.Msg
	s.agreed, events = s.agreed.PlayOn(seat)
	out.Events = append(out.Events, events...)
}

func removeToken(rack []byte, d byte) []byte {
	for i, t := range rack {
		if t == d {
			return append(rack[:i], rack[i+1:]...)
		}
	}
	return rack
}

// publicExchange is an exchange as the other players read it in the
// record, without its tokens: "exchange 2 tokens". It is notation, as
// Move.String is, and stays English (Outcome.Public is stored as a string).
func publicExchange(n int) string {
	if n == 1 {
		return "exchange 1 token"
	}
	return fmt.Sprintf("exchange %d tokens", n)
}
