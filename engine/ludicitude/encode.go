package ludicitude

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// encodingVersion is stored with every state so that a later layout can
// still read archives written by an earlier one. Version 1 stored the hash
// of every position of the game (quadratic in its length over the game's
// stored states); version 2 stores the trail of turns since the last
// capture instead (see trail.go), and Decode reads both. The hashes depend
// on the Zobrist keys: changing them is a new version.
const encodingVersion = 2

// snapshot is the stored form of a State: JSON, with the position in the
// notation of the rules, readable in the archive. Fields at their usual
// value are left out: no offer, no winner, no end.
type snapshot struct {
	Version  int           `json:"v"`
	Setup    string        `json:"setup,omitempty"`
	BotNodes int           `json:"bot_nodes"`
	Position string        `json:"position"`
	Quiet    int           `json:"quiet"`
	Trail    string        `json:"trail,omitempty"` // the turns since the last capture, version 2
	Seen     []string      `json:"seen,omitempty"`  // position hashes after every turn, hexadecimal, version 1
	Moves    int           `json:"moves"`
	Scores   [2]int        `json:"scores"`
	Offer    *int          `json:"offer,omitempty"`
	Over     *bool         `json:"over,omitempty"` // version 1; since, a game is over when it has an end
	Winner   *int          `json:"winner,omitempty"`
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

// Encode stores the whole state: the position, the turns since the last
// capture that the repetition rule needs, the offer of a draw, the end and
// the last move. Its size is bounded whatever the game's length.
func (s *State) Encode() ([]byte, error) {
	snap := snapshot{
		Version: encodingVersion, Setup: s.opts.setup, BotNodes: s.opts.botNodes,
		Position: s.b.notation(), Quiet: int(s.b.quiet), Trail: s.trail, Moves: s.moves,
		Scores: s.scores, End: s.end,
	}
	if s.offer >= 0 {
		snap.Offer = &s.offer
	}
	if s.winner >= 0 {
		snap.Winner = &s.winner
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

// decodeState reads what Encode wrote, in either version, and refuses
// anything inconsistent: a stored state is trusted by every later move.
func decodeState(data []byte) (*State, error) {
	var snap snapshot
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&snap); err != nil {
		return nil, fmt.Errorf("decode ludicitude state: %w", err)
	}
	s, err := snap.state()
	if err != nil {
		return nil, fmt.Errorf("decode ludicitude state: %w", err)
	}
	return s, nil
}

// state checks the snapshot and builds its State.
func (snap *snapshot) state() (*State, error) {
	v1 := snap.Version == 1
	switch {
	case snap.Version != 1 && snap.Version != encodingVersion:
		return nil, fmt.Errorf("unknown version %d", snap.Version)
	case v1 && (snap.Trail != "" || snap.Over == nil || snap.Offer == nil || snap.Winner == nil):
		return nil, fmt.Errorf("version 1 without over, offer and winner, or with a trail")
	case !v1 && (snap.Seen != nil || snap.Over != nil):
		return nil, fmt.Errorf("version %d with a history of hashes or over", snap.Version)
	}
	b, err := parsePosition(snap.Position)
	if err != nil {
		return nil, fmt.Errorf("position %q: %s", snap.Position, err)
	}
	if snap.Quiet < 0 || snap.Quiet > quietLimit {
		return nil, fmt.Errorf("%d quiet turns", snap.Quiet)
	}
	b.quiet = uint8(snap.Quiet)
	s := &State{
		opts: settings{setup: snap.Setup, botNodes: snap.BotNodes}, b: b, moves: snap.Moves,
		scores: snap.Scores, offer: -1, over: snap.End != "", winner: -1, end: snap.End,
	}
	if snap.Offer != nil {
		s.offer = *snap.Offer
	}
	if snap.Winner != nil {
		s.winner = *snap.Winner
	}
	over := s.over
	if v1 {
		over = *snap.Over
	}
	switch {
	case s.opts.botNodes < 1000 || s.opts.botNodes > 100_000_000:
		return nil, fmt.Errorf("bot_nodes %d", s.opts.botNodes)
	case s.moves < 0 || s.scores[0] < 0 || s.scores[1] < 0:
		return nil, fmt.Errorf("%d moves, scores %v", s.moves, s.scores)
	case s.offer < -1 || s.offer > 1 || s.winner < -1 || s.winner > 1:
		return nil, fmt.Errorf("offer by seat %d, winner %d", s.offer, s.winner)
	case over != s.over || (s.winner >= 0 && !s.over):
		return nil, fmt.Errorf("over %v, winner %d, end %q", over, s.winner, s.end)
	}
	if v1 {
		err = s.historyV1(snap.Seen)
	} else {
		err = s.history(snap.Trail)
	}
	if err != nil {
		return nil, err
	}
	if snap.Last != nil {
		if s.last, err = decodeLast(snap.Last); err != nil {
			return nil, fmt.Errorf("last move: %w", err)
		}
	}
	return s, nil
}

// history rebuilds the positions since the last capture from the trail.
func (s *State) history(trail string) error {
	steps, err := parseTrail(trail)
	if err != nil {
		return err
	}
	if len(steps) != int(s.b.quiet) {
		return fmt.Errorf("a trail of %d turns for %d quiet turns", len(steps), s.b.quiet)
	}
	if s.seen, err = s.b.rebuild(steps); err != nil {
		return err
	}
	s.trail = trail
	return nil
}

// historyV1 keeps the positions since the last capture of a version 1
// history, the hash of every position of the game, and finds the trail
// between them.
func (s *State) historyV1(hashes []string) error {
	if len(hashes) == 0 {
		return fmt.Errorf("no position history")
	}
	seen := make([]uint64, len(hashes))
	for i, h := range hashes {
		v, err := strconv.ParseUint(h, 16, 64)
		if err != nil || len(h) != 16 {
			return fmt.Errorf("history entry %d %q", i, h)
		}
		seen[i] = v
	}
	if seen[len(seen)-1] != s.b.hash {
		return fmt.Errorf("the history does not end with the position")
	}
	if len(seen) <= int(s.b.quiet) {
		return fmt.Errorf("a history of %d positions for %d quiet turns", len(seen), s.b.quiet)
	}
	s.seen = seen[len(seen)-1-int(s.b.quiet):]
	var err error
	s.trail, err = s.b.trailOf(s.seen)
	return err
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
