package amplitude

import (
	"slices"

	"pbem/engine"
)

const (
	rackSize   = 5  // tokens in a full rack
	perDigit   = 10 // tokens of each digit 1..9 in the set
	maxPlayers = 6
)

// settings are a game's options, fixed at creation.
type settings struct {
	forbidden bool   // the optional forbidden patterns F1–F3
	bag       string // tokens drawn first, in order (option bag)
}

// lastPose is the most recent pose, kept to mark it on the board.
type lastPose struct {
	Seat    int    `json:"seat"`
	At      square `json:"at"`
	Down    bool   `json:"down"`
	Len     int    `json:"len"`
	Formula string `json:"formula"`
	Score   int    `json:"score"`
}

// State is an Amplitude position. It is never changed once built: Apply
// returns a copy.
type State struct {
	opts         settings
	board        board
	racks        [][]byte // each sorted; a resigned seat's rack stays out of play
	bag          []byte   // the draw order: bag[0] comes next
	fixed        int      // leading bag tokens set by the bag option, not yet drawn
	rng          engine.Rand
	scores       []int
	toMove       int // -1 once over
	starter      int
	starterPosed bool
	idle         int // turns in a row without a pose
	resigned     []bool
	agreed       engine.DrawOffer // seats that said draw to the pending offer, in seating order, or nil
	over         bool
	end          string // why the game ended: one of the ends of ending.go
	moves        int
	poses        int
	last         *lastPose
}

var _ engine.State = (*State)(nil)

// newState deals a game: the bag (option tokens first, then the rest of the
// set shuffled), one token each to pick the starting player, then four more
// each, in seating order.
func newState(opts settings, seed uint64, seats int) *State {
	s := &State{
		opts:     opts,
		racks:    make([][]byte, seats),
		scores:   make([]int, seats),
		resigned: make([]bool, seats),
		rng:      engine.Rand{State: seed},
	}
	s.bag = engine.DigitBag(&s.rng, 1, 9, perDigit, opts.bag)
	s.fixed = len(opts.bag)

	for seat := range seats {
		s.racks[seat] = s.draw(nil, 1)
		if s.racks[seat][0] > s.racks[s.starter][0] {
			s.starter = seat
		}
	}
	for seat := range seats {
		s.racks[seat] = s.draw(s.racks[seat], rackSize-1)
	}
	s.toMove = s.starter
	s.checkStuck()
	return s
}

// draw moves up to n tokens from the bag into rack, which it returns sorted.
func (s *State) draw(rack []byte, n int) []byte {
	n = min(n, len(s.bag))
	rack = append(rack, s.bag[:n]...)
	s.bag = s.bag[n:]
	s.fixed = max(0, s.fixed-n)
	slices.Sort(rack)
	return rack
}

// putBack returns tokens to the bag, each at a random place after the tokens
// the bag option still fixes, so that option keeps its order.
func (s *State) putBack(tokens []byte) {
	for _, d := range tokens {
		i := s.fixed + s.rng.IntN(len(s.bag)-s.fixed+1)
		s.bag = slices.Insert(s.bag, i, d)
	}
}

// clone copies s deeply, for Apply to change.
func (s *State) clone() *State {
	c := *s
	c.racks = make([][]byte, len(s.racks))
	for i, r := range s.racks {
		c.racks[i] = slices.Clone(r)
	}
	c.bag = slices.Clone(s.bag)
	c.scores = slices.Clone(s.scores)
	c.resigned = slices.Clone(s.resigned)
	c.agreed = slices.Clone(s.agreed)
	if s.last != nil {
		l := *s.last
		c.last = &l
	}
	return &c
}

// active counts the seats still playing.
func (s *State) active() int { return engine.Playing(s.resigned) }

// nextSeat is the next seat after seat that has not resigned.
func (s *State) nextSeat(seat int) int {
	for i := 1; i <= len(s.racks); i++ {
		if next := (seat + i) % len(s.racks); !s.resigned[next] {
			return next
		}
	}
	return seat
}

// finish ends the game; a pending offer of a draw goes with it.
func (s *State) finish(why string) {
	s.over, s.end, s.toMove, s.agreed = true, why, -1, nil
}

// checkStuck ends the game when no seat still playing can pose.
func (s *State) checkStuck() {
	for seat := range s.racks {
		if !s.resigned[seat] && s.CanPose(seat) {
			return
		}
	}
	s.finish(endNobodyCanPose)
}

// ToMove is the seat to play, or -1 once the game is over.
func (s *State) ToMove() int { return s.toMove }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.over }

// Scores are the seats' totals.
func (s *State) Scores() []int { return slices.Clone(s.scores) }

// MoveCount is the number of moves applied.
func (s *State) MoveCount() int { return s.moves }

// Rack is seat's rack, sorted.
func (s *State) Rack(seat int) []byte { return slices.Clone(s.racks[seat]) }

// BagSize is the number of tokens left to draw.
func (s *State) BagSize() int { return len(s.bag) }

// Ending says why the game ended, in English, or "" while it goes on.
func (s *State) Ending() string { return s.end }

// DrawAgreed lists the seats that have said draw since the pending offer of
// a draw was made, in seating order; none when no offer is pending.
func (s *State) DrawAgreed() []int { return slices.Clone(s.agreed) }

// Winners are the seats with the highest total among those who did not
// resign, once the game is over; none for a game drawn by agreement.
func (s *State) Winners() []int {
	if !s.over || s.end == endDrawnByAgreement {
		return nil
	}
	return engine.TopScorers(s.scores, s.resigned)
}
