package chiffres

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// position builds a state on the default board for a test: tokens names the
// squares holding a token, each "F5" (its printed digit) or "E5=4" (any
// digit, as on the centre); hands are the seats' tokens as digit strings.
// The bank is empty and seat 0 is to move; the set's 50 tokens are not
// checked.
func position(t testing.TB, tokens string, hands ...string) *State {
	t.Helper()
	seats := len(hands)
	s := &State{
		layout: defaultLayout, hands: make([]hand, seats), scores: make([]int, seats),
		penalties: make([]int, seats), resigned: make([]bool, seats),
	}
	for q := range s.board {
		s.board[q] = empty
	}
	for _, w := range strings.Fields(tokens) {
		name, digit, given := strings.Cut(w, "=")
		q := sq(t, name)
		d, printed := s.layout.Printed(q)
		if given {
			d = int(digit[0] - '0')
		}
		require.True(t, printed || given, "say which token lies on the centre, as E5=4")
		s.board[q] = int8(d)
	}
	for seat, h := range hands {
		for _, r := range h {
			s.hands[seat][r-'0']++
		}
	}
	return s
}

func newGame(t testing.TB, opts engine.Options, seed uint64, seats int) *State {
	t.Helper()
	st, err := Game{}.New(opts, seed, seats)
	require.NoError(t, err)
	return st.(*State)
}

// tokenCount counts the tokens of each digit on the board, in the hands
// and in the bank.
func tokenCount(s *State) [10]int {
	var n [10]int
	for _, t := range s.board {
		if t != empty {
			n[t]++
		}
	}
	for _, h := range s.hands {
		for d, c := range h {
			n[d] += int(c)
		}
	}
	for i := range len(s.bank) {
		n[s.bank[i]-'0']++
	}
	return n
}

func TestDealWithBagOption(t *testing.T) {
	s := newGame(t, engine.Options{"bag": "4 01234 56789 12"}, 7, 2)
	d, ok := s.Token(sq(t, "E5"))
	assert.True(t, ok)
	assert.Equal(t, 4, d, "the first token goes to the centre")
	assert.Equal(t, "01234", s.Hand(0), "then five to the first seat")
	assert.Equal(t, "56789", s.Hand(1), "then five to the second")
	assert.Equal(t, 39, s.BankSize())
	assert.True(t, strings.HasPrefix(s.bank, "12"), "the rest of the option comes next: %s", s.bank)
	assert.Equal(t, [10]int{5, 5, 5, 5, 5, 5, 5, 5, 5, 5}, tokenCount(s))
	assert.Equal(t, 0, s.ToMove(), "the first seat starts")
	assert.Empty(t, s.Passed())
	assert.False(t, s.Over())
	assert.Equal(t, []int{0, 0}, s.Scores())
	assert.Equal(t, 0, s.MoveCount())
}

func TestDealIsSeeded(t *testing.T) {
	for seats := minPlayers; seats <= maxPlayers; seats++ {
		a, b := newGame(t, nil, 42, seats), newGame(t, nil, 42, seats)
		assert.Equal(t, a, b)
		assert.Equal(t, [10]int{5, 5, 5, 5, 5, 5, 5, 5, 5, 5}, tokenCount(a))
		assert.Equal(t, setSize-1-handSize*seats, a.BankSize())
		for seat := range seats {
			assert.Len(t, a.Tokens(seat), handSize)
		}
	}
	assert.NotEqual(t, newGame(t, nil, 1, 2).bank, newGame(t, nil, 2, 2).bank)
}

// TestDealPassesASeatThatCannotPlace: the first seat holds none of 0 3 8 6,
// the digits around the centre, so the server passes it at once.
func TestDealPassesASeatThatCannotPlace(t *testing.T) {
	s := newGame(t, engine.Options{"bag": "5" + "12457" + "12349"}, 1, 3)
	assert.Equal(t, 1, s.ToMove())
	assert.Equal(t, []int{0}, s.Passed())
	assert.False(t, s.Over())
}

// TestDealEndsAGameNobodyCanStart: nobody holds 0, 3, 8 or 6, so the game is
// over at the deal and each seat loses three times its tokens.
func TestDealEndsAGameNobodyCanStart(t *testing.T) {
	s := newGame(t, engine.Options{"bag": "9" + "12457" + "12459"}, 1, 2)
	assert.True(t, s.Over())
	assert.Equal(t, -1, s.ToMove())
	assert.Equal(t, "nobody can place a token", s.Ending())
	assert.Equal(t, []int{-57, -63}, s.Scores())
	assert.Equal(t, []int{57, 63}, s.Penalties())
	assert.Equal(t, []int{0}, s.Winners())
	assert.Nil(t, s.LegalMoves(0))
}

func TestSeats(t *testing.T) {
	for _, n := range []int{0, 1, 5} {
		_, err := Game{}.New(nil, 1, n)
		require.Error(t, err)
		assert.True(t, engine.IsRefusal(err))
		assert.Contains(t, err.Error(), "Chiffres is played by 2 to 4 players")
	}
	lo, hi := Game{}.Seats()
	assert.Equal(t, []int{2, 4}, []int{lo, hi})
	assert.Equal(t, "chiffres", Game{}.ID())
	assert.Equal(t, "Chiffres", Game{}.Name())
}

func TestOptions(t *testing.T) {
	keys := []string{}
	for _, o := range (Game{}).Options() {
		keys = append(keys, o.Key)
		assert.NotEmpty(t, o.Help)
	}
	assert.Equal(t, []string{"bag", "board"}, keys)

	other := "*11111111/111111111/111111111/111111111/111111111/111111111/111111111/111111111/111111111"
	s := newGame(t, engine.Options{"board": other, "bag": "11"}, 3, 2)
	assert.Equal(t, other, s.Layout().String())
	assert.Equal(t, 0, s.ToMove())

	for _, c := range []struct {
		opts engine.Options
		want string
	}{
		{engine.Options{"colour": "red"}, `Chiffres has no option "colour"; its options are bag and board`},
		{engine.Options{"bag": "12a"}, `option bag takes digits 0 to 9, not "a"`},
		{engine.Options{"bag": "777777"}, "option bag names more than 5 tokens 7: the set has 5 of each digit"},
		{engine.Options{"board": "123"}, "option board: the board has 1 rows; it needs 9"},
		{engine.Options{"board": "x", "bag": "x"}, "option bag takes digits"}, // bag is read first
	} {
		_, err := Game{}.New(c.opts, 1, 2)
		require.Error(t, err)
		assert.True(t, engine.IsRefusal(err))
		assert.Contains(t, err.Error(), c.want)
	}
}
