package server

import (
	"context"
	"errors"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/server/core"
	"pbem/server/lobby"
	"pbem/store"
)

// Undo by consent. "undo" in a game going on offers to take back its last
// turn: the last move a person played that no undo took back, with every
// move after it (the computer's answers, the asides). Every other player
// still playing must agree, with undo or accept; computer seats agree at
// once, so against the computer alone the turn is taken back at once. A
// decline, or any move, drops the offer. The offer waits in the store
// (store.UndoOffer), bound to the move number it was made at, so that a
// move drops it without a write.
//
// Taking back is a move of the history: an aside whose notation names the
// turn taken back (store.UndoNotation) and whose state is the one from
// before that turn, restored whole — the board, the racks and the bag, so
// that the turn is played again with the same draws — which game verify
// replays (records). The history and the archive keep both the turn and
// its undo. A resignation, a timeout (but by the operator's pbem game
// undo) and a finished game are not taken back. The operator's policy
// (lobby.Policy.Undo) may allow it against the computer only, or not at
// all.

// takeBack is what an undo takes back of a game's history.
type takeBack struct {
	turn int // the turn taken back
	at   int // how many moves of the history come before it: the state after them is restored
	// moves are the moves taken back, the turn's first.
	moves []store.Move
}

// undoTarget is what an undo takes back of game g, whose history is
// moves: its last turn a person played that no undo took back, with every
// move after it. A timeout is taken back only by the operator; a
// resignation never.
func undoTarget(g store.Game, moves []store.Move, byOperator bool) (takeBack, error) {
	var live []int // the moves no undo took back, by index
	for i, m := range moves {
		turn, undo := m.Undoes()
		if !undo {
			live = append(live, i)
			continue
		}
		for k := len(live) - 1; k >= 0; k-- {
			if was := moves[live[k]]; !was.Aside && was.Turn == turn {
				live = live[:k]
				break
			}
		}
	}
	for k := len(live) - 1; k >= 0; k-- {
		m := moves[live[k]]
		if m.Aside || g.Seats[m.Seat].Bot != "" {
			continue
		}
		tb := takeBack{turn: m.Turn, at: live[k]}
		if handsChangedAfter(g.Holders, tb.at) {
			// Not "seat N": a game's mails put the seat's holder's name there.
			return takeBack{}, engine.Refuse("turn %d was played before a seat changed hands: a seat's new holder cannot give back the moves of the one before", m.Turn)
		}
		for _, i := range live[k:] {
			tb.moves = append(tb.moves, moves[i])
			switch n := moves[i].Notation; {
			case n == engine.WordResign.Notation(false) || n == engine.WordResign.Notation(true):
				return takeBack{}, engine.Refuse("turn %d, or a move after it, is a resignation, which is not taken back", m.Turn)
			case strings.HasPrefix(n, engine.TimeoutWord) && !byOperator:
				return takeBack{}, engine.Refuse("turn %d, or a move after it, is a timeout the server played: only the server's operator takes it back", m.Turn)
			}
		}
		return tb, nil
	}
	return takeBack{}, engine.Refuse("no turn was played yet that could be taken back")
}

// handsChangedAfter reports whether one of holders (store.Holders) took
// a seat after move at+1 was played: an undo of a turn played before
// may not give back what a seat's earlier holder played.
func handsChangedAfter(holders []store.Holder, at int) bool {
	for _, h := range holders {
		if h.Why != store.HolderStart && h.FromMove > at {
			return true
		}
	}
	return false
}

// withHolders is g with its seats' holders read (store.Holders), which
// undoTarget checks.
func (s *Server) withHolders(ctx context.Context, g store.Game) (store.Game, error) {
	hs, err := s.store.Holders(ctx, g.ID)
	if err != nil {
		return g, err
	}
	g.Holders = hs
	return g, nil
}

// resigned reports whether seat left the game st.
func resigned(st engine.State, seat int) bool {
	r, ok := st.(interface{ Resigned(int) bool })
	return ok && r.Resigned(seat)
}

// undoWaiting are the seats of g, now st, still to agree to offer o: the
// people still playing who have not agreed.
func undoWaiting(g store.Game, st engine.State, o store.UndoOffer) []int {
	var out []int
	for _, seat := range g.Seats {
		if seat.Bot == "" && !o.Agrees(seat.Seat) && !resigned(st, seat.Seat) {
			out = append(out, seat.Seat)
		}
	}
	return out
}

// pendingUndo is g's offer to take back a turn while it stands: g is
// active and still at the move the offer was made at; nil otherwise.
func (s *Server) pendingUndo(ctx context.Context, g store.Game) (*store.UndoOffer, error) {
	if g.Status != store.StatusActive {
		return nil, nil
	}
	o, err := s.store.UndoOfferOf(ctx, g.ID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, nil
	case err != nil:
		return nil, err
	case o.MoveNumber != g.MoveNumber:
		return nil, nil
	}
	return &o, nil
}

// standingUndo is game l's offer to take back a turn as the commands of a
// mail so far left it (a): nil when none stands.
func (s *Server) standingUndo(ctx context.Context, l loaded, a *acted) (*store.UndoOffer, error) {
	if a.offerRead {
		return a.offer, nil
	}
	o, err := s.pendingUndo(ctx, l.row)
	if err != nil {
		return nil, err
	}
	a.offer, a.offerRead = o, true
	return a.offer, nil
}

// mayUndo is nil when seat of game l, now st, may offer or agree to take
// back a turn under the operator's policy, else a refusal that says why.
func (s *Server) mayUndo(l loaded, st engine.State, seat int) error {
	if status := l.row.Status; status != store.StatusActive || st.Over() {
		if status == store.StatusActive {
			status = core.Status(st)
		}
		return engine.Refuse("game %d is %s: a turn is taken back only while the game goes on", l.row.ID, store.StatusWord(status))
	}
	if resigned(st, seat) {
		return engine.Refuse("you left game %d: taking back its turns is for the players still playing", l.row.ID)
	}
	switch s.cfg.Lobby.Undo {
	case lobby.UndoOff:
		return engine.Refuse("taking back a turn is off on this server")
	case lobby.UndoComputer:
		for _, other := range l.row.Seats {
			if other.Bot == "" && other.Seat != seat {
				return engine.Refuse("on this server a turn is taken back only in a game against the computer")
			}
		}
	}
	return nil
}

// undo does c, an undo or accept of seat in game l, the commands before
// it having left a: with no offer standing, undo offers to take back the
// last turn; with one, either agrees to it. Once every other player still
// playing has agreed, the turn is taken back (a.moves gets the undo);
// until then the players are told.
func (s *Server) undo(ctx context.Context, l loaded, a *acted, seat int, c parser.Command) error {
	if len(a.moves) > 0 {
		return engine.Refuse("%s takes back the turn played before your mail: write it before any move", core.VerbWord(c.Verb))
	}
	o, err := s.standingUndo(ctx, l, a)
	if err != nil {
		return err
	}
	if o == nil && c.Verb == parser.Accept {
		return engine.Refuse("nothing in game %d waits for your accept now", l.row.ID)
	}
	if err := s.mayUndo(l, a.state, seat); err != nil {
		return err
	}
	moves, err := s.store.Moves(ctx, l.row.ID)
	if err != nil {
		return err
	}
	row, err := s.withHolders(ctx, l.row)
	if err != nil {
		return err
	}
	tb, err := undoTarget(row, moves, false)
	if err != nil {
		return err
	}
	var next store.UndoOffer
	switch {
	case o == nil:
		next = store.UndoOffer{MoveNumber: l.row.MoveNumber, Turn: tb.turn, Seat: seat, Agreed: []int{seat}}
	case o.Agrees(seat):
		return engine.Refuse("you agreed already to take back turn %d: it waits for %s", o.Turn, seatNames(l.row, undoWaiting(l.row, a.state, *o)))
	default:
		next = *o
		next.Agreed = append(slices.Clone(o.Agreed), seat)
		slices.Sort(next.Agreed)
	}
	waiting := undoWaiting(l.row, a.state, next)
	if len(waiting) == 0 {
		// The undo is the asker's, carried by the mail that completed it.
		text := c.Text
		if seat != next.Seat {
			text = parser.Undo
		}
		a.offer, a.offerChanged = nil, false
		return s.takeBack(l, a, moves, tb, next.Seat, text,
			lang.T("Turn %d is taken back with every move after it: %s asked, and every other player agreed.", tb.turn, engine.SeatName(next.Seat)))
	}
	a.offer, a.offerChanged = &next, true
	mails, err := s.mail.undoNotices(l, a.state, seat, tb.turn, func(reader int, t lang.Tag) lang.Msg {
		return undoSaid(l, tb, seat, o == nil, waiting, reader, t)
	})
	a.mails = append(a.mails, mails...)
	return err
}

// undoSaid is what reader is told when actor offers (made), or agrees
// to, taking back tb: who still has to agree (waiting), and how.
func undoSaid(l loaded, tb takeBack, actor int, made bool, waiting []int, reader int, t lang.Tag) lang.Msg {
	name := core.Names(l.row)[actor]
	turn := seenBy(l.game, t, tb.moves[0], reader)
	still := seatNames(l.row, waiting)
	switch {
	case made && reader == actor:
		return lang.Plural(len(waiting), "You offer to take back turn %d (%s) and every move after it. It is taken back when %s agrees; a decline or a move drops the offer.",
			"You offer to take back turn %d (%s) and every move after it. It is taken back when %s agree; a decline or a move drops the offer.", tb.turn, turn, still)
	case made:
		return lang.T("%s offers to take back turn %d (%s) and every move after it. Reply undo, or accept, to agree; decline to refuse (a move refuses it too). Still to answer: %s.",
			name, tb.turn, turn, still)
	case reader == actor:
		return lang.T("You agree to take back turn %d (%s). Still to answer: %s.", tb.turn, turn, still)
	}
	return lang.T("%s agrees to take back turn %d (%s). Still to answer: %s.", name, tb.turn, turn, still)
}

// seatNames names seats of g in a sentence: "Ann", "Ann and Bob".
func seatNames(g store.Game, seats []int) lang.Msg {
	names := core.Names(g)
	out := make([]string, len(seats))
	for i, seat := range seats {
		out[i] = names[seat]
	}
	return core.ListOf(out)
}

// takeBack takes back tb, the last turn of game l whose history is moves:
// the undo, written by seat as text, goes to a.moves with the state from
// before the turn, told with event.
func (s *Server) takeBack(l loaded, a *acted, moves []store.Move, tb takeBack, seat int, text string, event lang.Msg) error {
	st, err := core.StateAfter(l.game, l.row, moves, tb.at)
	if err != nil {
		return err
	}
	data, err := st.Encode()
	if err != nil {
		return err
	}
	a.moves = append(a.moves, store.Move{Seat: seat, Text: text, Notation: store.UndoNotation(tb.turn), Aside: true,
		Events: []lang.Msg{event}, State: data})
	a.state = st
	numberTurns(l.row, a.moves)
	return nil
}

// declineUndo does decline for seat of game l when an offer to take back
// a turn stands, the commands before it having left a: the offer is
// dropped, the players told, and it reports true. Without one it reports
// false: decline then answers an offer of a draw, the game's own.
func (s *Server) declineUndo(ctx context.Context, l loaded, a *acted, seat int) (bool, error) {
	if len(a.moves) > 0 || l.row.Status != store.StatusActive {
		return false, nil
	}
	o, err := s.standingUndo(ctx, l, a)
	if err != nil || o == nil {
		return false, err
	}
	a.offer, a.offerChanged = nil, true
	names := core.Names(l.row)
	mails, err := s.mail.undoNotices(l, a.state, seat, o.Turn, func(reader int, _ lang.Tag) lang.Msg {
		switch {
		case reader == seat && seat == o.Seat:
			return lang.T("You withdraw your offer to take back turn %d: it stays played.", o.Turn)
		case seat == o.Seat:
			return lang.T("%s withdraws the offer to take back turn %d: it stays played.", names[seat], o.Turn)
		case reader == seat:
			return lang.T("You decline to take back turn %d: it stays played, and the offer is dropped.", o.Turn)
		}
		return lang.T("%s declines to take back turn %d: it stays played, and the offer is dropped.", names[seat], o.Turn)
	})
	a.mails = append(a.mails, mails...)
	return true, err
}

// UndoNow takes back the last turn of game id at once, at the operator's
// word: as an undo every player agreed to, a timeout included; the
// players are told by the turn's mails. It returns the turn taken back.
func (s *Server) UndoNow(ctx context.Context, id int64) (int, error) {
	defer s.lock(id)()
	l, err := s.load(ctx, id)
	if err != nil {
		return 0, err
	}
	if l, err = s.caughtUp(ctx, l); err != nil {
		return 0, err
	}
	if l.row.Status != store.StatusActive || l.state.Over() {
		return 0, engine.Refuse("game %d is %s: a turn is taken back only while the game goes on", id, store.StatusWord(l.row.Status))
	}
	moves, err := s.store.Moves(ctx, id)
	if err != nil {
		return 0, err
	}
	row, err := s.withHolders(ctx, l.row)
	if err != nil {
		return 0, err
	}
	tb, err := undoTarget(row, moves, true)
	if err != nil {
		return 0, err
	}
	a := acted{state: l.state}
	if err := s.takeBack(l, &a, moves, tb, tb.moves[0].Seat, "",
		lang.T("Turn %d is taken back with every move after it, by the server's operator.", tb.turn)); err != nil {
		return 0, err
	}
	return tb.turn, s.save(ctx, l, a, nil)
}
