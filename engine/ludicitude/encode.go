package ludicitude

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// encodingVersion is stored with every state so that a later layout can
// still read archives written by this one. The hashes of the history depend
// on the Zobrist keys: changing them is a new version.
const encodingVersion = 1

// snapshot is the stored form of a State: JSON, with the position in the
// notation of the rules, readable in the archive.
type snapshot struct {
	Version  int           `json:"v"`
	Setup    string        `json:"setup,omitempty"`
	BotNodes int           `json:"bot_nodes"`
	Position string        `json:"position"`
	Quiet    int           `json:"quiet"`
	Moves    int           `json:"moves"`
	Seen     []string      `json:"seen"` // position hashes after every turn, hexadecimal
	Scores   [2]int        `json:"scores"`
	Offer    int           `json:"offer"`
	Over     bool          `json:"over"`
	Winner   int           `json:"winner"`
	End      string        `json:"end,omitempty"`
	Last     *lastSnapshot `json:"last,omitempty"`
}

type lastSnapshot struct {
	Seat     int      `json:"seat"`
	Move     string   `json:"move"`
	Captured []Square `json:"captured,omitempty"`
	Enclosed []Square `json:"enclosed,omitempty"`
	Chosen   []Square `json:"chosen,omitempty"`
	Passed   bool     `json:"passed,omitempty"`
}

// Encode stores the whole state: the position, the history of positions
// the repetition rule needs, the offer of a draw, the end and the last
// move.
func (s *State) Encode() ([]byte, error) {
	snap := snapshot{
		Version: encodingVersion, Setup: s.opts.setup, BotNodes: s.opts.botNodes,
		Position: s.b.notation(), Quiet: int(s.b.quiet), Moves: s.moves, Scores: s.scores,
		Offer: s.offer, Over: s.over, Winner: s.winner, End: s.end,
	}
	snap.Seen = make([]string, len(s.seen))
	for i, h := range s.seen {
		snap.Seen[i] = fmt.Sprintf("%016x", h)
	}
	if l := s.last; l != nil {
		snap.Last = &lastSnapshot{
			Seat: l.seat, Move: l.move.String(), Captured: squaresOf(l.captured),
			Enclosed: squaresOf(l.enclosed), Chosen: squaresOf(l.chosen), Passed: l.passed,
		}
	}
	data, err := json.Marshal(snap)
	if err != nil {
		return nil, fmt.Errorf("encode ludicitude state: %w", err)
	}
	return data, nil
}

// decodeState reads what Encode wrote and refuses anything inconsistent: a
// stored state is trusted by every later move.
func decodeState(data []byte) (*State, error) {
	var snap snapshot
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&snap); err != nil {
		return nil, fmt.Errorf("decode ludicitude state: %w", err)
	}
	if snap.Version != encodingVersion {
		return nil, fmt.Errorf("decode ludicitude state: unknown version %d", snap.Version)
	}
	b, err := parsePosition(snap.Position)
	if err != nil {
		return nil, fmt.Errorf("decode ludicitude state: position %q: %s", snap.Position, err)
	}
	if snap.Quiet < 0 || snap.Quiet > quietLimit {
		return nil, fmt.Errorf("decode ludicitude state: %d quiet turns", snap.Quiet)
	}
	b.quiet = uint8(snap.Quiet)
	s := &State{
		opts: settings{setup: snap.Setup, botNodes: snap.BotNodes}, b: b, moves: snap.Moves,
		scores: snap.Scores, offer: snap.Offer, over: snap.Over, winner: snap.Winner, end: snap.End,
	}
	switch {
	case s.opts.botNodes < 1000 || s.opts.botNodes > 100_000_000:
		return nil, fmt.Errorf("decode ludicitude state: bot_nodes %d", s.opts.botNodes)
	case s.moves < 0 || s.scores[0] < 0 || s.scores[1] < 0:
		return nil, fmt.Errorf("decode ludicitude state: %d moves, scores %v", s.moves, s.scores)
	case s.offer < -1 || s.offer > 1 || s.winner < -1 || s.winner > 1:
		return nil, fmt.Errorf("decode ludicitude state: offer by seat %d, winner %d", s.offer, s.winner)
	case s.over != (s.end != "") || (s.winner >= 0 && !s.over):
		return nil, fmt.Errorf("decode ludicitude state: over %v, winner %d, end %q", s.over, s.winner, s.end)
	case len(snap.Seen) == 0:
		return nil, fmt.Errorf("decode ludicitude state: no position history")
	}
	s.seen = make([]uint64, len(snap.Seen))
	for i, h := range snap.Seen {
		v, err := strconv.ParseUint(h, 16, 64)
		if err != nil || len(h) != 16 {
			return nil, fmt.Errorf("decode ludicitude state: history entry %d %q", i, h)
		}
		s.seen[i] = v
	}
	if s.seen[len(s.seen)-1] != b.hash {
		return nil, fmt.Errorf("decode ludicitude state: the history does not end with the position")
	}
	if snap.Last != nil {
		if s.last, err = decodeLast(snap.Last); err != nil {
			return nil, fmt.Errorf("decode ludicitude state: last move: %w", err)
		}
	}
	return s, nil
}

func decodeLast(l *lastSnapshot) (*lastMove, error) {
	m, err := ParseMove(l.Move)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%q: %s", l.Move, err)
	case m.Kind != Slide && m.Kind != Drop:
		return nil, fmt.Errorf("%q is not an action", l.Move)
	case l.Seat != White && l.Seat != Black:
		return nil, fmt.Errorf("seat %d", l.Seat)
	}
	if m.Kind == Drop {
		m.From = NoSquare
	}
	last := &lastMove{seat: l.Seat, move: m, captured: squareSet(l.Captured), enclosed: squareSet(l.Enclosed), chosen: squareSet(l.Chosen), passed: l.Passed}
	if last.chosen&^squareSet(m.Promote) != 0 || last.captured&last.enclosed != 0 {
		return nil, fmt.Errorf("inconsistent captures or promotions")
	}
	return last, nil
}
