package amplitude

import (
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

// snapshot is the stored form of a State: JSON, with the board and the
// tokens as digit strings, readable in the archive.
type snapshot struct {
	Version      int       `json:"v"`
	Forbidden    bool      `json:"forbidden"`
	BagOption    string    `json:"bag_option,omitempty"`
	Board        []string  `json:"board"`
	Racks        []string  `json:"racks"`
	Bag          string    `json:"bag"`
	Fixed        int       `json:"fixed"`
	Rand         uint64    `json:"rand"`
	Scores       []int     `json:"scores"`
	ToMove       int       `json:"to_move"`
	Starter      int       `json:"starter"`
	StarterPosed bool      `json:"starter_posed"`
	Idle         int       `json:"idle"`
	Resigned     []bool    `json:"resigned"`
	DrawAgreed   []int     `json:"draw_agreed,omitempty"`
	Over         bool      `json:"over"`
	End          string    `json:"end,omitempty"`
	Moves        int       `json:"moves"`
	Poses        int       `json:"poses"`
	Last         *lastPose `json:"last,omitempty"`
}

// Encode stores the whole state, the bag's order and the random source
// included: the server's record, never shown to players as is.
func (s *State) Encode() ([]byte, error) {
	snap := snapshot{
		Version: encodingVersion, Forbidden: s.opts.forbidden, BagOption: s.opts.bag,
		Bag: digitText(s.bag), Fixed: s.fixed, Rand: s.rng.State, Scores: s.scores,
		ToMove: s.toMove, Starter: s.starter, StarterPosed: s.starterPosed, Idle: s.idle,
		Resigned: s.resigned, DrawAgreed: s.agreed, Over: s.over, End: s.end, Moves: s.moves,
		Poses: s.poses, Last: s.last,
	}
	snap.Board = s.BoardRows()
	for _, rack := range s.racks {
		snap.Racks = append(snap.Racks, digitText(rack))
	}
	return json.Marshal(snap)
}

// decodeState reads what Encode wrote, and refuses anything inconsistent:
// a stored state is trusted by every later move.
func decodeState(data []byte) (*State, error) {
	var snap snapshot
	if err := json.Unmarshal(data, &snap); err != nil {
		return nil, fmt.Errorf("decode amplitude state: %w", err)
	}
	if snap.Version != encodingVersion {
		return nil, fmt.Errorf("decode amplitude state: unknown version %d", snap.Version)
	}
	seats := len(snap.Racks)
	if seats < 1 || seats > maxPlayers || len(snap.Scores) != seats || len(snap.Resigned) != seats {
		return nil, fmt.Errorf("decode amplitude state: %d racks, %d scores, %d resigned flags", seats, len(snap.Scores), len(snap.Resigned))
	}
	s := &State{
		opts: settings{forbidden: snap.Forbidden, bag: snap.BagOption}, fixed: snap.Fixed,
		rng: engine.Rand{State: snap.Rand}, scores: snap.Scores, toMove: snap.ToMove,
		starter: snap.Starter, starterPosed: snap.StarterPosed, idle: snap.Idle,
		resigned: snap.Resigned, over: snap.Over, end: snap.End, moves: snap.Moves,
		poses: snap.Poses, last: snap.Last,
	}
	if len(snap.DrawAgreed) > 0 {
		s.agreed = snap.DrawAgreed
	}
	var total [10]int
	if len(snap.Board) != size {
		return nil, fmt.Errorf("decode amplitude state: %d board rows", len(snap.Board))
	}
	for r, row := range snap.Board {
		if len(row) != size {
			return nil, fmt.Errorf("decode amplitude state: row %d has %d squares", r+1, len(row))
		}
		for c := range size {
			if row[c] == '.' {
				continue
			}
			d, ok := tokenDigit(row[c])
			if !ok {
				return nil, fmt.Errorf("decode amplitude state: %q on %s", row[c], at(r, c))
			}
			s.board[at(r, c)] = d
			total[d]++
		}
	}
	var err error
	if s.bag, err = tokenString(snap.Bag, &total); err != nil {
		return nil, fmt.Errorf("decode amplitude state: bag: %w", err)
	}
	for i, rack := range snap.Racks {
		r, err := tokenString(rack, &total)
		if err != nil || len(r) > rackSize || !slices.IsSorted(r) {
			return nil, fmt.Errorf("decode amplitude state: rack %d %q", i+1, rack)
		}
		s.racks = append(s.racks, r)
	}
	for d := 1; d <= 9; d++ {
		if total[d] != perDigit {
			return nil, fmt.Errorf("decode amplitude state: %d tokens %d in play, not %d", total[d], d, perDigit)
		}
	}
	switch {
	case s.fixed < 0 || s.fixed > len(s.bag):
		return nil, fmt.Errorf("decode amplitude state: %d fixed tokens in a bag of %d", s.fixed, len(s.bag))
	case s.starter < 0 || s.starter >= seats:
		return nil, fmt.Errorf("decode amplitude state: starting seat %d", s.starter)
	case s.over != (s.toMove == -1) || s.toMove < -1 || s.toMove >= seats:
		return nil, fmt.Errorf("decode amplitude state: seat %d to move (over: %v)", s.toMove, s.over)
	case s.toMove >= 0 && s.resigned[s.toMove]:
		return nil, fmt.Errorf("decode amplitude state: seat %d to move has resigned", s.toMove)
	case s.last != nil && !s.last.fits():
		return nil, fmt.Errorf("decode amplitude state: last pose %+v is off the board", *s.last)
	}
	if err := s.checkAgreed(); err != nil {
		return nil, fmt.Errorf("decode amplitude state: %w", err)
	}
	return s, nil
}

// checkAgreed refuses a pending offer of a draw that play could not have
// left: a seat that is not playing, seats out of seating order, an offer in
// a finished game, or one that every seat still playing has agreed to.
// Its errors number seats from 0.
func (s *State) checkAgreed() error { return s.agreed.Check(s.resigned, s.over, 0) }

func tokenDigit(c byte) (byte, bool) { return c - '0', c >= '1' && c <= '9' }

// tokenString reads a digit string and counts its tokens into total.
func tokenString(s string, total *[10]int) ([]byte, error) {
	return engine.ReadDigits(s, 1, 9, total)
}

// fits reports whether the pose lies on the board.
func (l *lastPose) fits() bool {
	if l.At < 0 || l.At >= size*size || l.Len < 3 || l.Len > maxLine {
		return false
	}
	if l.Down {
		return l.At.row()+l.Len <= size
	}
	return l.At.col()+l.Len <= size
}
