package chiffres

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// onLayout is position on a board of 1s but for the given squares, as
// "E4=7 G5=9-" (the centre stays E5).
func onLayout(t *testing.T, squares, tokens string, hands ...string) *State {
	t.Helper()
	rows := []byte(strings.Repeat("111111111", size))
	marks := map[int]byte{}
	rows[40] = '*'
	for _, w := range strings.Fields(squares) {
		name, digit, _ := strings.Cut(w, "=")
		q := sq(t, name)
		rows[q] = digit[0]
		if len(digit) > 1 {
			marks[int(q)] = digit[1]
		}
	}
	var text strings.Builder
	for q, c := range rows {
		if q > 0 && q%size == 0 {
			text.WriteByte('/')
		}
		text.WriteByte(c)
		if m, ok := marks[q]; ok {
			text.WriteByte(m)
		}
	}
	l, err := ParseLayout(text.String())
	require.NoError(t, err)
	s := position(t, "", hands...)
	s.layout = l
	for _, w := range strings.Fields(tokens) {
		name, digit, _ := strings.Cut(w, "=")
		s.board[sq(t, name)] = int8(digit[0] - '0')
	}
	return s
}

func botMove(t *testing.T, s *State, seat int) string {
	t.Helper()
	m, err := s.BotMove(seat)
	require.NoError(t, err)
	require.NoError(t, s.Legal(seat, m))
	return m.String()
}

func TestBotTakesTheHighestScore(t *testing.T) {
	s := position(t, "E5=4 E4 F5", "03579", "12468")
	for _, p := range s.Placements(0) {
		t.Logf("%s: %d", p.Move, p.Score)
	}
	assert.Equal(t, "9 F4", botMove(t, s, 0), "31 points, across and down")
}

// TestBotTieKeepsGoodDigits: 7 on E4 and 1 on D5 or G5 all score 11; the bot
// lays a 1, on the first of its squares in reading order.
func TestBotTieKeepsGoodDigits(t *testing.T) {
	s := onLayout(t, "E4=7", "E5=4 F5=1", "17", "1")
	scores := map[string]int{}
	for _, p := range s.Placements(0) {
		scores[p.Move.String()] = p.Score
	}
	assert.Equal(t, 11, scores["7 E4"])
	assert.Equal(t, 11, scores["1 D5"])
	assert.Equal(t, 11, scores["1 G5"])
	assert.Equal(t, "1 D5", botMove(t, s, 0))
}

// TestBotTieCountsZeroAsTen: 0 on E4 and 9 on the malus square G5 both score
// 14; the 0, worth 10, is kept.
func TestBotTieCountsZeroAsTen(t *testing.T) {
	s := onLayout(t, "E4=0 G5=9-", "E5=4 F5=6", "09", "1")
	scores := map[string]int{}
	for _, p := range s.Placements(0) {
		scores[p.Move.String()] = p.Score
	}
	assert.Equal(t, map[string]int{"0 E4": 14, "9 G5": 14}, scores)
	assert.Equal(t, "9 G5", botMove(t, s, 0))
}

func TestBotRefusals(t *testing.T) {
	s := position(t, "E5=4", "03579", "12468")
	_, err := s.BotMove(1)
	assert.True(t, engine.IsRefusal(err))
	assert.EqualError(t, err, "it is not your turn")
	_, err = s.BotMove(7)
	assert.EqualError(t, err, "there is no seat 8 in this game")
}

// TestBotPassesWhenNothingFits only happens on a state the server never
// leaves a seat in, but the bot still answers with a legal move.
func TestBotPassesWhenNothingFits(t *testing.T) {
	s := position(t, "E5=4", "12457", "03579")
	assert.Equal(t, "pass", botMove(t, s, 0))
}
