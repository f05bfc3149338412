package amplitude

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLeaveCost(t *testing.T) {
	for leave, want := range map[string]int{
		"":     0,
		"19":   0,
		"1289": 0,
		"11":   dupCost + lopsidedCost,     // two low digits, no high one
		"777":  2*dupCost + 2*lopsidedCost, // three high, no low
		"1234": 3 * lopsidedCost,
		"123":  2 * lopsidedCost,
		"1256": 0,
		"5599": 2*dupCost + 3*lopsidedCost,
	} {
		var count [10]int
		for _, d := range rulesDigits(leave) {
			count[d]++
		}
		assert.Equal(t, want, leaveCost(count), leave)
	}
}

// room counts the empty squares across a square, up to openReach each
// way, stopping at a token or the edge.
func TestRoom(t *testing.T) {
	s := &State{}
	assert.Equal(t, 2*openReach, s.room(centre, true))
	assert.Equal(t, openReach, s.room(at(0, 7), true), "the top edge")
	s.board[centre.step(true, 2)] = 5
	assert.Equal(t, openReach+1, s.room(centre, true), "a token two below")
	assert.Equal(t, 2*openReach, s.room(centre, false))
}

// On every corpus position, the computer's pose scores the most and,
// among the poses of that score, is one it likes best (tieValue).
func TestBotMoveBreaksTiesOnPurpose(t *testing.T) {
	ties := 0
	for _, s := range loadPositions(t) {
		if s.Over() {
			continue
		}
		seat := s.ToMove()
		m, err := s.BotMove(seat)
		require.NoError(t, err)
		mv := m.(Move)
		if mv.Kind != Pose {
			continue
		}
		best, bestTie, got, equal := 0, 0, 0, 0
		s.eachPose(seat, func(q square, down bool, line []byte, score int) bool {
			tie := s.tieValue(seat, q, down, line)
			switch {
			case score > best:
				best, bestTie, equal = score, tie, 1
			case score == best:
				bestTie = max(bestTie, tie)
				equal++
			}
			if q == mv.At && down == mv.Down && string(line) == string(mv.Line) {
				got = tie
			}
			return true
		})
		if equal > 1 {
			ties++
		}
		assert.Equal(t, bestTie, got, "%s", mv)
	}
	assert.Positive(t, ties, "positions with equal best poses")
}
