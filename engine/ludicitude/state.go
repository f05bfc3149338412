package ludicitude

import (
	"math/bits"

	"pbem/engine"
	"pbem/lang"
)

// Rule constants of the end of the game.
const (
	quietLimit  = 200 // turns in a row without a capture that draw the game
	repeatLimit = 3   // occurrences of one position that draw the game
)

// Seats: White plays first and sits at rank 1.
const (
	White = 0
	Black = 1
)

// colour names a seat by its colour, as the refusals and events do:
// "White", "Blanc".
var colour = [2]lang.Msg{lang.T("White"), lang.T("Black")}

// colourWord is a colour as a sentence qualifies a cube with it: "every
// white cube", "chaque cube blanc".
var colourWord = [2]lang.Msg{lang.T("white"), lang.T("black")}

// settings are a game's options, fixed at creation.
type settings struct {
	setup    string // the setup option as given; "" for the start of the rules
	botNodes int    // the computer player's node budget per move
}

// lastMove is the most recent action, kept to show it with the board.
type lastMove struct {
	seat     int
	move     Move   // canonical: every promotion named
	captured uint64 // cubes taken by custodian, back to their owner's reserve
	enclosed uint64 // cubes taken by enclosure, now in the mover's reserve
	chosen   uint64 // the promotions the server chose, a subset of move's
	passed   bool   // the other seat had no action and was passed
}

// State is a Ludicitude position with its history as the rules need it. It
// is never changed once built: Apply returns a copy.
type State struct {
	opts   settings
	b      board
	moves  int      // moves applied, answers (draw, decline, resign) included
	seen   []uint64 // the position's hash after every turn since the last capture (or the start), that one first
	trail  string   // the turns between the positions of seen, as stored (see trail.go)
	scores [2]int   // cubes each seat has captured
	offer  int      // the seat whose draw offer is pending, or -1
	over   bool
	winner int    // the winning seat, or -1
	end    string // why the game ended, a sentence without its full stop
	last   *lastMove
}

var _ engine.State = (*State)(nil)

// newState starts a game from a position.
func newState(opts settings, b board) *State {
	return &State{opts: opts, b: b, seen: []uint64{b.hash}, offer: -1, winner: -1}
}

// clone copies s for Apply to change; the history is shared until appended
// to, and appends never write into a slice another state holds.
func (s *State) clone() *State {
	c := *s
	c.seen = s.seen[:len(s.seen):len(s.seen)]
	if s.last != nil {
		l := *s.last
		c.last = &l
	}
	return &c
}

// ToMove is the seat to play, or -1 once the game is over.
func (s *State) ToMove() int {
	if s.over {
		return -1
	}
	return int(s.b.side)
}

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.over }

// Scores are the cubes each seat has captured so far, by custodian and by
// enclosure: a running tally for the players, which does not decide the
// game.
func (s *State) Scores() []int { return []int{s.scores[0], s.scores[1]} }

// Winners is the winning seat once the game is over, none for a draw.
func (s *State) Winners() []int {
	if !s.over || s.winner < 0 {
		return nil
	}
	return []int{s.winner}
}

// MoveCount is the number of moves applied: actions, and the answers draw,
// decline and resign. Automatic passes are part of the move that caused
// them.
func (s *State) MoveCount() int { return s.moves }

// Ending says why the game ended, or "" while it goes on.
func (s *State) Ending() string { return s.end }

// EndingFor is Ending in v's language, for the mails: the stored English
// sentence read back as its message (endingMsg).
func (s *State) EndingFor(v engine.View) string {
	if s.end == "" {
		return ""
	}
	return endingMsg(s.end).In(v.Lang)
}

// Position is the position in the notation of the rules file, as the setup
// option takes it and the archive shows it, as
// ".B1B1B1B1B1./...B1.../......./...#.../......./...W1.../.W1W1W1W1W1. w 0/0".
// The side to move stays written once the game is over.
func (s *State) Position() string { return s.b.notation() }

// Cube is what stands on q: the owning seat and the level 1 to 3, or level
// 0 for an empty square (or the wall).
func (s *State) Cube(q Square) (seat, level int) {
	if !q.onBoard() {
		return -1, 0
	}
	c := s.b.cell[q]
	if c == 0 {
		return -1, 0
	}
	return int(c >> 2), int(c & 3)
}

// Reserve is the number of cubes off the board that seat may drop.
func (s *State) Reserve(seat int) int { return int(s.b.reserve[seat&1]) }

// OnBoard is the number of seat's cubes on the board.
func (s *State) OnBoard(seat int) int { return bits.OnesCount64(s.b.occ[seat&1]) }

// DrawOffer is the seat whose offer of a draw awaits an answer, or -1.
func (s *State) DrawOffer() int { return s.offer }

// QuietTurns is the number of turns in a row without a capture; the game
// is drawn when it reaches 200.
func (s *State) QuietTurns() int { return int(s.b.quiet) }

// Occurrences is how many times the current position (cubes, reserves and
// side to move) has occurred since the last capture, this time included;
// the third draws. No position from before a capture is counted: see
// trail.go.
func (s *State) Occurrences() int {
	n := 0
	for _, h := range s.seen {
		if h == s.b.hash {
			n++
		}
	}
	return n
}

func (s *State) finish(winner int, why lang.Msg) {
	s.over, s.winner, s.end = true, winner, why.String()
}
