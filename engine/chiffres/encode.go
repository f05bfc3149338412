package chiffres

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"pbem/engine"
)

// encodingVersion is stored with every state so that a later layout can
// still read archives written by this one. Fields added since, optional and
// omitted when empty, keep it: draw_agreed (a state written before it has no
// offer of a draw pending).
const encodingVersion = 1

// snapshot is the stored form of a State: JSON, with the board as rows of
// digits ("." for an empty square) and the tokens as digit strings, readable
// in the archive.
type snapshot struct {
	Version   int        `json:"v"`
	Layout    string     `json:"layout"`
	Board     []string   `json:"board"`
	Hands     []string   `json:"hands"`
	Bank      string     `json:"bank"`
	Rand      uint64     `json:"rand"`
	Scores    []int      `json:"scores"`
	Penalties []int      `json:"penalties"`
	Resigned  []bool     `json:"resigned"`
	Agreed    []int      `json:"draw_agreed,omitempty"`
	ToMove    int        `json:"to_move"`
	Over      bool       `json:"over"`
	End       ending     `json:"end,omitempty"`
	Moves     int        `json:"moves"`
	Passed    []int      `json:"passed,omitempty"`
	Last      *lastPlace `json:"last,omitempty"`
}

// Encode stores the whole state, the bank's order included: the server's
// record, never shown to players as is.
func (s *State) Encode() ([]byte, error) {
	snap := snapshot{
		Version: encodingVersion, Layout: s.layout.String(), Bank: s.bank, Rand: s.rng.State,
		Scores: s.scores, Penalties: s.penalties, Resigned: s.resigned, Agreed: s.agreed,
		ToMove: s.toMove, Over: s.over, End: s.end, Moves: s.moves, Passed: s.passed, Last: s.last,
	}
	snap.Board = s.BoardRows()
	for seat := range s.hands {
		snap.Hands = append(snap.Hands, s.Hand(seat))
	}
	return json.Marshal(snap)
}

// decodeState reads what Encode wrote and refuses anything inconsistent: a
// stored state is trusted by every later move. It checks the shape, that
// the 50 tokens are all there (five of each digit across board, hands and
// bank), that every token lies on its digit and joins the centre's, and
// that the turn, the end and the last placement agree.
func decodeState(data []byte) (*State, error) {
	var snap snapshot
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&snap); err != nil {
		return nil, fmt.Errorf("decode chiffres state: %w", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("decode chiffres state: data after the state")
	}
	s, err := fromSnapshot(&snap)
	if err != nil {
		return nil, fmt.Errorf("decode chiffres state: %w", err)
	}
	return s, nil
}

func fromSnapshot(snap *snapshot) (*State, error) {
	if snap.Version != encodingVersion {
		return nil, fmt.Errorf("unknown version %d", snap.Version)
	}
	seats := len(snap.Hands)
	if seats < minPlayers || seats > maxPlayers || len(snap.Scores) != seats || len(snap.Penalties) != seats || len(snap.Resigned) != seats {
		return nil, fmt.Errorf("%d hands, %d scores, %d penalties, %d resigned flags", seats, len(snap.Scores), len(snap.Penalties), len(snap.Resigned))
	}
	layout, err := ParseLayout(snap.Layout)
	if err != nil {
		return nil, fmt.Errorf("layout: %w", err)
	}
	s := &State{
		layout: layout, bank: snap.Bank, rng: engine.Rand{State: snap.Rand},
		scores: snap.Scores, penalties: snap.Penalties, resigned: snap.Resigned,
		toMove: snap.ToMove, over: snap.Over, end: snap.End, moves: snap.Moves,
		hands: make([]hand, seats), last: snap.Last,
	}
	if len(snap.Passed) > 0 {
		s.passed = snap.Passed
	}
	if len(snap.Agreed) > 0 {
		s.agreed = snap.Agreed
	}
	var total [10]int
	if err := s.readBoard(snap.Board, &total); err != nil {
		return nil, err
	}
	if err := countTokens(snap.Bank, &total); err != nil {
		return nil, fmt.Errorf("bank: %w", err)
	}
	for seat, text := range snap.Hands {
		if err := countTokens(text, &total); err != nil || len(text) > handSize || !slices.IsSorted([]byte(text)) {
			return nil, fmt.Errorf("hand %d %q", seat+1, text)
		}
		for i := range len(text) {
			s.hands[seat][text[i]-'0']++
		}
	}
	for d, n := range total {
		if n != perDigit {
			return nil, fmt.Errorf("%d tokens %d in play, not %d", n, d, perDigit)
		}
	}
	if err := s.checkPlay(); err != nil {
		return nil, err
	}
	return s, nil
}

// readBoard reads the board rows, checks each token against its square and
// that all of them hang together from the centre.
func (s *State) readBoard(rows []string, total *[10]int) error {
	if len(rows) != size {
		return fmt.Errorf("%d board rows", len(rows))
	}
	for r, row := range rows {
		if len(row) != size {
			return fmt.Errorf("board row %d has %d squares", r+1, len(row))
		}
		for c := range size {
			q := at(r, c)
			s.board[q] = empty
			if row[c] == '.' {
				continue
			}
			if row[c] < '0' || row[c] > '9' {
				return fmt.Errorf("%q on %s", row[c], q)
			}
			d := int(row[c] - '0')
			if p, printed := s.layout.Printed(q); printed && p != d {
				return fmt.Errorf("a %d on %s, which bears a %d", d, q, p)
			}
			s.board[q] = int8(d)
			total[d]++
		}
	}
	centre := s.layout.centre
	if s.board[centre] == empty {
		return fmt.Errorf("no token on the centre %s", centre)
	}
	var seen [cells]bool
	queue := []Square{centre}
	seen[centre] = true
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		for _, n := range neighbours[q] {
			if !seen[n] && s.board[n] != empty {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	for q := range Square(cells) {
		if s.board[q] != empty && !seen[q] {
			return fmt.Errorf("the token on %s does not join the centre's", q)
		}
	}
	return nil
}

// countTokens checks a digit string and counts its tokens into total.
func countTokens(text string, total *[10]int) error {
	_, err := engine.ReadDigits(text, 0, 9, total)
	return err
}

// checkPlay checks the turn, the end and the last placement.
func (s *State) checkPlay() error {
	seats := len(s.hands)
	if l := s.last; l != nil {
		if l.Seat < 0 || l.Seat >= seats || !l.At.valid() || int(s.board[l.At]) != l.Digit || l.At == s.layout.centre {
			return fmt.Errorf("last placement %+v is not on the board", *l)
		}
	}
	for seat := range seats {
		switch {
		case s.penalties[seat] < 0 || s.penalties[seat] != 0 && !s.over:
			return fmt.Errorf("penalty %d for seat %d", s.penalties[seat], seat+1)
		case !s.over && !s.resigned[seat] && s.hands[seat].size() == 0:
			return fmt.Errorf("seat %d holds no token but the game goes on", seat+1)
		case !s.over && !s.resigned[seat] && s.bank != "" && s.hands[seat].size() != handSize:
			return fmt.Errorf("seat %d holds %d tokens while the bank is not empty", seat+1, s.hands[seat].size())
		}
	}
	switch {
	case s.moves < 0:
		return fmt.Errorf("%d moves", s.moves)
	case s.over != (s.toMove == -1) || s.toMove < -1 || s.toMove >= seats:
		return fmt.Errorf("seat %d to move (over: %v)", s.toMove, s.over)
	case s.over != (s.end != endNone):
		return fmt.Errorf("end %q (over: %v)", s.end, s.over)
	case !slices.Contains([]ending{endNone, endOut, endStuck, endResigned, endDrawn}, s.end):
		return fmt.Errorf("unknown end %q", s.end)
	case s.end == endDrawn && slices.ContainsFunc(s.penalties, func(p int) bool { return p != 0 }):
		return fmt.Errorf("a penalty in a game drawn by agreement")
	case s.end == endOut && (s.last == nil || s.hands[s.last.Seat].size() != 0 || s.bank != ""):
		return fmt.Errorf("the game ended with a hand played out, but none is")
	case !s.over && s.active() < 2:
		return fmt.Errorf("%d seats still playing and the game goes on", s.active())
	case !s.over && s.resigned[s.toMove]:
		return fmt.Errorf("seat %d to move has resigned", s.toMove+1)
	case !s.over && !s.CanPlace(s.toMove):
		return fmt.Errorf("seat %d to move cannot place", s.toMove+1)
	}
	for _, seat := range s.passed {
		if seat < 0 || seat >= seats {
			return fmt.Errorf("passed seat %d", seat+1)
		}
	}
	return s.checkAgreed()
}

// checkAgreed checks the pending offer of a draw: seats still playing, once
// each in seating order, in a game that goes on, and not yet every one of
// them (the game would be drawn).
// Its errors number seats from 1, as the rest of the decoding does.
func (s *State) checkAgreed() error { return s.agreed.Check(s.resigned, s.over, 1) }
