package ludicitude

import (
	"math/bits"

	"pbem/engine"
	"pbem/lang"
)

// asMove accepts the engine's move interface holding a Ludicitude move.
func asMove(em engine.Move) (Move, error) {
	switch m := em.(type) {
	case Move:
		return m, nil
	case *Move:
		if m != nil {
			return *m, nil
		}
	}
	return Move{}, engine.Refuse("%v is not a Ludicitude move", em)
}

// played is a judged action: the position after it, turn handed over, and
// what it took and promoted.
type played struct {
	after    board
	captured uint64 // by custodian: back to their owner's reserve
	enclosed uint64 // by enclosure: into the mover's reserve
	promoted uint64 // every promotion made, named or chosen
	chosen   uint64 // the promotions the server chose
	won      bool   // the mover meets a winning condition
}

// checkSeat refuses what no position could allow: a seat that does not
// exist, a finished game, an action out of turn. Answers (draw, decline,
// resign) may come out of turn.
func (s *State) checkSeat(seat int, m Move) error {
	switch {
	case seat != White && seat != Black:
		return engine.Refuse("there is no seat %d in this game: Ludicitude has two, White and Black", seat+1)
	case s.over:
		return engine.Refuse("the game is over: %s", endingMsg(s.end))
	case (m.Kind == Slide || m.Kind == Drop) && seat != int(s.b.side):
		return engine.Refuse("it is not your turn: %s is to play", colour[s.b.side])
	}
	return nil
}

// Legal says why seat may not play em now, or returns nil.
func (s *State) Legal(seat int, em engine.Move) error {
	m, err := asMove(em)
	if err != nil {
		return err
	}
	if err := s.checkSeat(seat, m); err != nil {
		return err
	}
	switch m.Kind {
	case Slide, Drop:
		_, err = s.judge(seat, m)
	default:
		err = s.checkAnswer(seat, m)
	}
	return err
}

// judge checks an action of seat, the seat to move, against every rule, in
// the order that gives the most useful refusal first, and plays it.
func (s *State) judge(seat int, m Move) (played, error) {
	if m.Kind == Drop {
		return s.judgeDrop(seat, m)
	}
	if m.Kind != Slide {
		return played{}, engine.Refuse("%s is not a slide nor a drop", m)
	}
	if err := s.checkPath(seat, m.From, m.To); err != nil {
		return played{}, err
	}
	p := played{after: s.b}
	p.captured, p.enclosed = p.after.slide(int(m.From), int(m.To))
	named, err := p.checkPromotions(seat, m)
	if err != nil {
		return played{}, err
	}
	room := bits.OnesCount64(p.after.promotable(seat) &^ named)
	extra := min(bits.OnesCount64(p.captured)-len(m.Promote), room)
	p.chosen = p.after.defaultPromotions(extra, named)
	p.promoted = named | p.chosen
	p.after.promote(p.promoted)
	p.after.endTurn(p.captured|p.enclosed != 0)
	p.won = p.after.won(seat)
	return p, nil
}

// checkPath refuses a slide from from to to that the cube there may not
// make: not seat's cube, not a straight line, too far for its level, or
// through or onto a cube or the wall.
func (s *State) checkPath(seat int, from, to Square) error {
	b := &s.b
	switch {
	case !from.onBoard() || !to.onBoard():
		return engine.Refuse("a slide goes from a square of the board to another")
	case from == wallSq:
		return engine.Refuse("d4 is the wall: there is no cube on it")
	case b.cell[from] == 0:
		return engine.Refuse("there is no cube on %s", from)
	case int(b.cell[from]>>2) != seat:
		return engine.Refuse("the cube on %s is %s's, not yours", from, colour[b.cell[from]>>2])
	case from == to:
		return engine.Refuse("%s-%s does not move the cube: a cube slides 1 to 3 squares, as far as its level", from, to)
	case to == wallSq:
		return engine.Refuse("d4 is the wall: no cube stops there")
	}
	ff, fr, tf, tr := int(from)%size, int(from)/size, int(to)%size, int(to)/size
	if ff != tf && fr != tr {
		return engine.Refuse("%s-%s is not a straight line: a cube slides along its rank or its file", from, to)
	}
	dist := max(ff-tf, tf-ff, fr-tr, tr-fr)
	level := int(b.cell[from] & 3)
	if dist > level {
		return engine.Refuse("%s is %d squares from %s, and the cube there, at level %d, slides at most %s", to, dist, from, level, lang.Plural(level, "%d square", "%d squares", level))
	}
	step := (int(to) - int(from)) / dist
	for t := int(from) + step; ; t += step {
		switch {
		case t == wallSq:
			return engine.Refuse("%s is not reachable: the wall on d4 is in the way", to)
		case b.cell[t] != 0 && t == int(to):
			return engine.Refuse("%s is occupied: a cube stops on an empty square", to)
		case b.cell[t] != 0:
			return engine.Refuse("%s is not reachable: %s is occupied", to, Square(t))
		}
		if t == int(to) {
			return nil
		}
	}
}

// checkPromotions refuses the promotions a slide names when they are more
// than its custodian captures earn, or name a square without a cube of the
// mover's below level 3; it returns them as a set.
func (p *played) checkPromotions(seat int, m Move) (uint64, error) {
	earned := bits.OnesCount64(p.captured)
	if len(m.Promote) > earned {
		slide := m.From.String() + "-" + m.To.String()
		if earned == 0 {
			return 0, engine.Refuse("%s captures nothing by custodian, so it earns no promotion, and you named %d", slide, len(m.Promote))
		}
		return 0, engine.Refuse("%s captures %s by custodian and so earns %s, and you named %d", slide, lang.Plural(earned, "%d cube", "%d cubes", earned), lang.Plural(earned, "%d promotion", "%d promotions", earned), len(m.Promote))
	}
	var named uint64
	for _, q := range m.Promote {
		switch {
		case !q.onBoard():
			return 0, engine.Refuse("a promotion names a square of the board")
		case named&bit(int(q)) != 0:
			return 0, engine.Refuse("%s is named twice: a cube is promoted at most once per turn", q)
		case p.after.cell[q] == 0 || int(p.after.cell[q]>>2) != seat:
			return 0, engine.Refuse("%s holds no cube of yours after the move, so it cannot be promoted", q)
		case p.after.cell[q]&3 == maxLevel:
			return 0, engine.Refuse("the cube on %s is at level 3 already: it cannot be promoted", q)
		}
		named |= bit(int(q))
	}
	return named, nil
}

// judgeDrop checks a drop by seat: a cube in reserve, a free corner (or,
// all four taken, a free square next to one), and no immediate capture.
func (s *State) judgeDrop(seat int, m Move) (played, error) {
	b := &s.b
	q := m.To
	switch {
	case len(m.Promote) > 0:
		return played{}, engine.Refuse("a drop captures nothing, so it earns no promotion")
	case b.reserve[seat] == 0:
		return played{}, engine.Refuse("you have no cube in reserve to drop")
	case !q.onBoard():
		return played{}, engine.Refuse("a drop names a square of the board, as drop a7")
	case q == wallSq:
		return played{}, engine.Refuse("d4 is the wall: no cube stands there")
	case b.cell[q] != 0:
		return played{}, engine.Refuse("%s is occupied: a cube drops on an empty square", q)
	}
	if b.dropTargets()&bit(int(q)) == 0 {
		if free := cornerMask & b.empty(); nearCornerMask&bit(int(q)) != 0 && free != 0 {
			return played{}, engine.RefuseMsg(lang.Plural(bits.OnesCount64(free),
				"%s is next to a corner, but a cube drops there only when all four corners are taken, and %s is free",
				"%s is next to a corner, but a cube drops there only when all four corners are taken, and %s are free",
				q, listSquares(free)))
		}
		return played{}, engine.Refuse("%s is not a corner: a cube drops on a free corner (a1, g1, a7 or g7), or next to a corner when all four are taken", q)
	}
	if threat, ok := b.dropThreat(int(q)); ok {
		return played{}, engine.Refuse("a cube dropped on %s could be captured at once by %s's %s, and a drop must not allow an immediate capture", q, colour[seat^1], Square(threat.from()).String()+"-"+Square(threat.to()).String())
	}
	p := played{after: s.b}
	p.after.drop(int(q))
	p.after.endTurn(false)
	p.won = p.after.won(seat)
	return p, nil
}

// checkAnswer refuses a draw, decline or resign seat may not give now.
func (s *State) checkAnswer(seat int, m Move) error {
	switch m.Kind {
	case Draw:
		if s.offer == seat {
			return engine.Refuse("you have offered a draw already: it stands until %s answers", colour[seat^1])
		}
	case Decline:
		if s.offer == seat {
			return engine.Refuse("the offer of a draw is yours: %s may decline it, not you", colour[seat^1])
		}
		if s.offer != seat^1 {
			return engine.Refuse("there is no offer of a draw to decline")
		}
	case Resign:
		if m.Timeout && seat != int(s.b.side) {
			return engine.Refuse("it is not your turn: %s is to play", colour[s.b.side])
		}
	default:
		return engine.Refuse("unknown move kind %d", m.Kind)
	}
	return nil
}

// Apply plays em for seat and returns the new state; s is unchanged.
//
// After an action the server does what the rules do on their own: it
// passes the next player when they have no legal action (an event says
// so), ends the game on a win, on the third occurrence of a position, after
// 200 quiet turns or when neither player can act.
//
// Draw offers: "draw" by a seat offers a draw (at any time, in turn or
// not), or accepts the other seat's pending offer, which ends the game in a
// draw. An offer stands until the other seat answers it: "draw" accepts,
// "decline" refuses, and a slide or drop by that seat refuses it too. The
// offering seat may go on playing meanwhile. "resign" ends the game at any
// time, in turn or not.
func (s *State) Apply(seat int, em engine.Move) (engine.State, engine.Outcome, error) {
	m, err := asMove(em)
	if err != nil {
		return s, engine.Outcome{}, err
	}
	if err := s.checkSeat(seat, m); err != nil {
		return s, engine.Outcome{}, err
	}
	n := s.clone()
	n.moves++
	var out engine.Outcome
	switch m.Kind {
	case Slide, Drop:
		p, err := s.judge(seat, m)
		if err != nil {
			return s, engine.Outcome{}, err
		}
		out = n.act(seat, m, p)
	default:
		if err := s.checkAnswer(seat, m); err != nil {
			return s, engine.Outcome{}, err
		}
		out = n.answer(seat, m)
		out.Aside = m.Kind != Resign || seat != int(s.b.side)
	}
	return n, out, nil
}

// act records a judged action and what follows it.
func (s *State) act(seat int, m Move, p played) engine.Outcome {
	if m.Kind == Slide {
		m.Promote = squaresOf(p.promoted)
	} else {
		m.From = NoSquare
	}
	out := engine.Outcome{Move: m.String()}
	s.b = p.after
	taken := bits.OnesCount64(p.captured | p.enclosed)
	s.scores[seat] += taken
	out.Score = taken
	s.last = &lastMove{seat: seat, move: m, captured: p.captured, enclosed: p.enclosed, chosen: p.chosen}
	out.Events = append(out.Events, s.last.sentences(&s.b)...)
	if s.offer == seat^1 {
		s.offer = -1
		out.Events = append(out.Events, lang.T("%s plays on: the offer of a draw lapses.", colour[seat]))
	}
	if p.won {
		s.finish(seat, s.winReason(seat))
	}
	s.record(step{m.From, m.To})
	if !s.over && !s.b.canAct() {
		passed := int(s.b.side)
		out.Events = append(out.Events, lang.T("%s has no legal action and passes.", colour[passed]))
		s.last.passed = true
		s.b.endTurn(false)
		if s.b.won(passed) {
			s.finish(passed, s.winReason(passed))
		}
		s.record(passTurn)
		if !s.over && !s.b.canAct() {
			s.finish(-1, endStuck)
		}
	}
	if s.over {
		out.Events = append(out.Events, lang.T("%s.", endingMsg(s.end)))
	}
	return out
}

// record notes the position after turn st and draws the game on its third
// occurrence or on the 200th quiet turn. A capture starts the history
// again.
func (s *State) record(st step) {
	if s.b.quiet == 0 {
		s.seen, s.trail = []uint64{s.b.hash}, ""
	} else {
		s.seen = append(s.seen, s.b.hash)
		s.trail += trailTurn(s.b.takebackPlace(st))
	}
	switch {
	case s.over:
	case s.Occurrences() >= repeatLimit:
		s.finish(-1, endRepeated)
	case s.b.quiet >= quietLimit:
		s.finish(-1, endQuiet)
	}
}

// winReason says why side, which meets a winning condition, wins.
func (s *State) winReason(side int) lang.Msg {
	if s.b.occ[side^1] == 0 {
		return endNoCube(side)
	}
	return endPromoted(side)
}

// answer plays a draw, decline or resign.
func (s *State) answer(seat int, m Move) engine.Outcome {
	out := engine.Outcome{Move: m.String()}
	switch m.Kind {
	case Draw:
		if s.offer == seat^1 {
			s.offer = -1
			out.Events = append(out.Events, lang.T("%s accepts the draw.", colour[seat]))
			s.finish(-1, endAgreed)
		} else {
			s.offer = seat
			out.Events = append(out.Events, lang.T("%s offers a draw: %s may answer draw to accept it, or decline; a slide or a drop by %s declines it too.", colour[seat], colour[seat^1], colour[seat^1]))
		}
	case Decline:
		s.offer = -1
		out.Events = append(out.Events, lang.T("%s declines the draw.", colour[seat]))
	case Resign:
		s.offer = -1
		if m.Timeout {
			s.finish(seat^1, endTimeout(seat^1))
			break
		}
		s.finish(seat^1, endResigned(seat^1))
	}
	if s.over {
		out.Events = append(out.Events, lang.T("%s.", endingMsg(s.end)))
	}
	return out
}

// sentences tell the players what an action took and promoted; after is
// the board after it.
func (l *lastMove) sentences(after *board) []lang.Msg {
	var out []lang.Msg
	mover, other := colour[l.seat], colour[l.seat^1]
	if l.captured != 0 {
		out = append(out, lang.T("%s captures %s by custodian: back to %s's reserve.", mover, listSquares(l.captured), other))
	}
	if l.enclosed != 0 {
		out = append(out, lang.Plural(bits.OnesCount64(l.enclosed), "%s encloses %s: it joins %s's reserve.", "%s encloses %s: they join %s's reserve.", mover, listSquares(l.enclosed), mover))
	}
	if len(l.move.Promote) > 0 {
		parts := make([]any, len(l.move.Promote))
		for i, q := range l.move.Promote {
			parts[i] = lang.T("%s to level %d", q, int(after.cell[q]&3))
		}
		if l.chosen != 0 {
			out = append(out, lang.T("%s promotes %s (%s chosen by the server: lowest level first, then a1, b1 ... g7).", mover, lang.List(parts...), listSquares(l.chosen)))
		} else {
			out = append(out, lang.T("%s promotes %s.", mover, lang.List(parts...)))
		}
	}
	return out
}

func squareSet(qs []Square) uint64 {
	var set uint64
	for _, q := range qs {
		set |= bit(int(q))
	}
	return set
}

// listSquares writes a set of squares for a sentence: "c4", "c4 and c5",
// "c4, c5 and e2".
func listSquares(set uint64) lang.Msg {
	qs := squaresOf(set)
	names := make([]any, len(qs))
	for i, q := range qs {
		names[i] = q.String()
	}
	return lang.List(names...)
}
