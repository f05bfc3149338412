package chiffres

import (
	"slices"

	"pbem/engine"
	"pbem/lang"
)

const (
	handSize   = 5  // tokens dealt to each seat
	perDigit   = 5  // tokens of each digit 0–9 in the set
	setSize    = 50 // tokens in the set
	minPlayers = 2
	maxPlayers = 4
	empty      = -1 // a board square without a token
)

// hand is the tokens one seat holds, as a count per digit.
type hand [10]uint8

// size is the number of tokens held.
func (h *hand) size() int {
	n := 0
	for _, c := range h {
		n += int(c)
	}
	return n
}

// points is the hand's worth, a 0 counting 10: what the end-of-game
// penalty triples.
func (h *hand) points() int {
	p := 0
	for d, c := range h {
		p += int(c) * points(d)
	}
	return p
}

// digits are the tokens held in digit order, as digit values.
func (h *hand) digits() []byte {
	out := make([]byte, 0, handSize)
	for d, c := range h {
		for range c {
			out = append(out, byte(d))
		}
	}
	return out
}

// String writes the tokens held, spaced, in digit order: "0 3 5 5 9".
func (h *hand) String() string { return engine.Spaced(h.digits()) }

// ending says why a game is over.
type ending string

// The ways a game ends.
const (
	endNone     ending = ""
	endOut      ending = "out"      // the last placer holds no token, the bank being empty
	endStuck    ending = "stuck"    // nobody can place
	endResigned ending = "resigned" // one seat is left
	endDrawn    ending = "drawn"    // every seat still playing agreed to a draw
)

// lastPlace is the most recent placement, kept to mark it on the board and
// to tell it in the mails.
type lastPlace struct {
	Seat   int    `json:"seat"`
	At     Square `json:"at"`
	Digit  int    `json:"digit"`
	Score  int    `json:"score"`
	Detail string `json:"detail"` // how the score adds up
}

// State is a Chiffres position. It is never changed once built: Apply
// returns a copy.
//
// Invariant while the game goes on: the seat to move can place.
type State struct {
	layout    *Layout // shared between states, never changed
	board     [cells]int8
	hands     []hand // a resigned seat's hand stays out of play
	bank      string // digits '0'–'9' in draw order: bank[0] comes next; strings share safely
	rng       engine.Rand
	scores    []int
	penalties []int // what the end-of-game penalty took from each seat
	resigned  []bool
	agreed    engine.DrawOffer // seats that said draw to the pending offer, in seating order, or nil
	toMove    int              // -1 once over
	over      bool
	end       ending
	moves     int
	passed    []int // seats passed automatically since the last move
	last      *lastPlace
}

var _ engine.State = (*State)(nil)

// newState deals a game. The bank holds the bag option's tokens first, then
// the rest of the set shuffled with the game's seed; the first token drawn
// goes to the centre, then each seat in turn draws five.
func newState(opts settings, seed uint64, seats int) *State {
	s := &State{
		layout:    opts.layout,
		hands:     make([]hand, seats),
		scores:    make([]int, seats),
		penalties: make([]int, seats),
		resigned:  make([]bool, seats),
		rng:       engine.Rand{State: seed},
	}
	for q := range s.board {
		s.board[q] = empty
	}
	s.bank = engine.DigitText(engine.DigitBag(&s.rng, 0, 9, perDigit, opts.bag))

	s.board[s.layout.centre] = int8(s.bank[0] - '0')
	s.bank = s.bank[1:]
	for seat := range seats {
		for range handSize {
			s.draw(seat)
		}
	}
	s.toMove = seats - 1
	s.advance(seats-1, nil)
	return s
}

// draw moves the bank's next token, if any, to seat's hand.
func (s *State) draw(seat int) bool {
	if s.bank == "" {
		return false
	}
	s.hands[seat][s.bank[0]-'0']++
	s.bank = s.bank[1:]
	return true
}

// clone copies s deeply, for Apply to change.
func (s *State) clone() *State {
	c := *s
	c.hands = slices.Clone(s.hands)
	c.scores = slices.Clone(s.scores)
	c.penalties = slices.Clone(s.penalties)
	c.resigned = slices.Clone(s.resigned)
	c.agreed = slices.Clone(s.agreed)
	c.passed = nil
	if s.last != nil {
		l := *s.last
		c.last = &l
	}
	return &c
}

// active counts the seats still playing.
func (s *State) active() int { return engine.Playing(s.resigned) }

// ToMove is the seat to play, or -1 once the game is over.
func (s *State) ToMove() int { return s.toMove }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.over }

// Scores are the seats' totals: running totals during the game, with the
// end-of-game penalty taken once it is over. They may be negative.
func (s *State) Scores() []int { return slices.Clone(s.scores) }

// Penalties are what the end-of-game penalty took from each seat: all zero
// until the game is over.
func (s *State) Penalties() []int { return slices.Clone(s.penalties) }

// MoveCount is the number of moves applied.
func (s *State) MoveCount() int { return s.moves }

// Tokens is seat's tokens in digit order, as digits 0–9: private to that
// seat.
func (s *State) Tokens(seat int) []int {
	var out []int
	for d, c := range s.hands[seat] {
		for range c {
			out = append(out, d)
		}
	}
	return out
}

// Hand is seat's tokens as a string of digits, "03559": the form the
// server's JSON shows as the rack.
func (s *State) Hand(seat int) string { return engine.DigitText(s.hands[seat].digits()) }

// BankSize is the number of tokens left to draw.
func (s *State) BankSize() int { return len(s.bank) }

// Layout is the board the game is played on.
func (s *State) Layout() *Layout { return s.layout }

// Token is the token on q, and false for an empty square.
func (s *State) Token(q Square) (int, bool) {
	t := s.board[q]
	return int(t), t != empty
}

// Resigned reports whether seat has left the game.
func (s *State) Resigned(seat int) bool { return s.resigned[seat] }

// DrawAgreed lists the seats that have said draw since the pending offer of
// a draw was made, in seating order; none when no offer is pending.
func (s *State) DrawAgreed() []int { return slices.Clone(s.agreed) }

// Passed lists the seats the server passed, because no token of theirs
// fitted, since the last move (or the deal).
func (s *State) Passed() []int { return slices.Clone(s.passed) }

// Ending says why the game ended, naming seats as "seat N", or "" while it
// goes on.
func (s *State) Ending() string { return s.endMsg(engine.View{}).String() }

// EndingFor is Ending with the seats named as v names them, in v's
// language.
func (s *State) EndingFor(v engine.View) string { return s.endMsg(v).In(v.Lang) }

// endMsg says why the game ended, with the seats named as v names them.
func (s *State) endMsg(v engine.View) lang.Msg {
	switch s.end {
	case endOut:
		return lang.T("%s placed every token held, the bank being empty", v.Name(s.last.Seat))
	case endStuck:
		return lang.T("nobody can place a token")
	case endResigned:
		return lang.T("every other player resigned")
	case endDrawn:
		return lang.T("drawn by agreement")
	}
	return lang.Msg{}
}

// Winners are the seats with the highest total among those who did not
// resign, once the game is over; equal totals share the win. A game drawn
// by agreement has none.
func (s *State) Winners() []int {
	if !s.over || s.end == endDrawn {
		return nil
	}
	return engine.TopScorers(s.scores, s.resigned)
}

// BoardRows is the board a row a string, top row first: a token's digit,
// or "." for an empty square (whatever digit it bears).
func (s *State) BoardRows() []string {
	rows := make([]string, 0, size)
	for r := range size {
		row := make([]byte, size)
		for c := range size {
			row[c] = '.'
			if t := s.board[at(r, c)]; t != empty {
				row[c] = '0' + byte(t)
			}
		}
		rows = append(rows, string(row))
	}
	return rows
}

var _ engine.Inspector = (*State)(nil)
