package chiffres

import (
	"encoding/json"
	"os"
	"path/filepath"
	"pbem/lang"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// step is one move of a scripted game: seat plays text.
type step struct {
	seat int
	text string
}

// script plays steps from s, each of which must be legal, and returns the
// last state and outcome.
func script(t *testing.T, s *State, steps ...step) (*State, engine.Outcome) {
	t.Helper()
	var out engine.Outcome
	for _, st := range steps {
		s, out = apply(t, s, st.seat, st.text)
	}
	return s, out
}

// drawPosition is a game of seats players, seat 0 to move, in which every
// seat can place and holds tokens worth something.
func drawPosition(t *testing.T, seats int) *State {
	t.Helper()
	hands := []string{"03579", "03579", "12468", "12468"}[:seats]
	s := position(t, "E5=4", hands...)
	s.scores = []int{30, 20, 10, 0}[:seats]
	return s
}

// TestDrawByAgreement: the game ends drawn once every seat still playing
// has said draw since the offer was made: nobody wins, the scores stay as
// they are, no end-of-game penalty is taken, and each answer is a move.
func TestDrawByAgreement(t *testing.T) {
	for _, c := range []struct {
		name  string
		seats int
		steps []step
	}{
		{"two players, offered out of turn", 2, []step{{1, "draw"}, {0, "draw"}}},
		{"two players, after a placement", 2, []step{{0, "3 F5"}, {0, "draw"}, {1, "draw"}}},
		{"three players need all three", 3, []step{{0, "draw"}, {2, "draw"}, {1, "draw"}}},
		{"four players need all four", 4, []step{{3, "draw"}, {1, "draw"}, {0, "draw"}, {2, "draw"}}},
		{"an agreeing seat plays on", 3, []step{{0, "draw"}, {0, "3 F5"}, {1, "draw"}, {2, "draw"}}},
		{"a resignation completes it", 3, []step{{0, "draw"}, {2, "draw"}, {1, "resign"}}},
		{"offered again after a decline", 3, []step{{0, "draw"}, {2, "decline"}, {2, "draw"}, {1, "draw"}, {0, "draw"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			last := len(c.steps) - 1
			s, _ := script(t, drawPosition(t, c.seats), c.steps[:last]...)
			require.False(t, s.Over(), "over before the last step")
			require.NotEmpty(t, s.DrawAgreed(), "an offer is pending before the last step")
			scores, moves := s.Scores(), s.MoveCount()

			s, out := apply(t, s, c.steps[last].seat, c.steps[last].text)
			assert.True(t, s.Over())
			assert.Equal(t, -1, s.ToMove())
			assert.Equal(t, "drawn by agreement", s.Ending())
			assert.Empty(t, s.Winners(), "nobody wins a draw")
			assert.Equal(t, scores, s.Scores(), "no penalty on a draw by agreement")
			assert.Equal(t, make([]int, c.seats), s.Penalties())
			assert.Equal(t, moves+1, s.MoveCount())
			assert.Empty(t, s.DrawAgreed(), "the offer ends with the game")
			assert.Equal(t, []string{"Everyone agreed: the game is drawn.", "Game over: drawn by agreement."}, lang.All(out.Events, lang.English)[len(lang.All(out.Events, lang.English))-2:])
			assert.Nil(t, s.LegalMoves(0))
			for _, text := range []string{"draw", "decline"} {
				err := s.Legal(0, place(t, text))
				assert.EqualError(t, err, "the game is over")
			}
			got := s.Render(engine.View{Seat: -1})
			assert.Contains(t, got, "The game is over: drawn by agreement.\nNobody wins.\n")
			assert.NotContains(t, got, "penalty -")
			assert.Contains(t, got, "no penalty for 0 3 5 7 9 held")
		})
	}
}

// TestDrawEvents: an offer, its acceptances, a decline, and an offer that
// lapses when a seat plays on, as the players read them.
func TestDrawEvents(t *testing.T) {
	s := drawPosition(t, 3)
	offered, out := apply(t, s, 1, "draw")
	assert.Equal(t, []string{"Seat 2 offers a draw: the others may accept with draw or refuse with decline."}, lang.All(out.Events, lang.English))
	assert.Equal(t, engine.Outcome{Move: "draw", Events: out.Events, Aside: true}, out)
	assert.Equal(t, []int{1}, offered.DrawAgreed())
	assert.Equal(t, 0, offered.ToMove(), "a draw does not take the turn")
	assert.Equal(t, 1, offered.MoveCount(), "a draw is a move")

	accepted, out := apply(t, offered, 2, "draw")
	assert.Equal(t, []string{"Seat 3 accepts the draw; still to answer: seat 1."}, lang.All(out.Events, lang.English))
	assert.Equal(t, []int{1, 2}, accepted.DrawAgreed())

	declined, out := apply(t, accepted, 0, "decline")
	assert.Equal(t, []string{"Seat 1 declines the draw: the offer is withdrawn."}, lang.All(out.Events, lang.English))
	assert.Equal(t, engine.Outcome{Move: "decline", Events: out.Events, Aside: true}, out)
	assert.Empty(t, declined.DrawAgreed())
	assert.Equal(t, 0, declined.ToMove(), "a decline does not take the turn")
	assert.Equal(t, 3, declined.MoveCount(), "a decline is a move")

	lapsed, out := apply(t, accepted, 0, "3 F5")
	assert.Equal(t, []string{"3 on F5 scores 7: across 4+3 = 7.", "The bank is empty: no token drawn.", "Seat 1 plays on: the offer of a draw lapses."}, lang.All(out.Events, lang.English))
	assert.Empty(t, lapsed.DrawAgreed())
	assert.Equal(t, []int{1, 2}, accepted.DrawAgreed(), "the old state is unchanged")

	done, out := apply(t, accepted, 0, "draw")
	assert.Equal(t, []string{"Everyone agreed: the game is drawn.", "Game over: drawn by agreement."}, lang.All(out.Events, lang.English))
	assert.True(t, done.Over())
}

// TestPlayingOnAndTheOffer: a placement by a seat that has not agreed
// refuses the offer; by a seat that has agreed, it leaves it standing.
func TestPlayingOnAndTheOffer(t *testing.T) {
	for _, c := range []struct {
		name   string
		steps  []step
		agreed []int
	}{
		{"by a seat that has not agreed", []step{{1, "draw"}, {0, "3 F5"}}, nil},
		{"by the last seat to answer", []step{{1, "draw"}, {2, "draw"}, {0, "3 F5"}}, nil},
		{"by the offering seat", []step{{0, "draw"}, {0, "3 F5"}}, []int{0}},
		{"by an accepting seat", []step{{2, "draw"}, {0, "draw"}, {0, "3 F5"}}, []int{0, 2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, out := script(t, drawPosition(t, 3), c.steps...)
			assert.Equal(t, c.agreed, s.DrawAgreed())
			lapse := "Seat 1 plays on: the offer of a draw lapses."
			if c.agreed == nil {
				assert.Contains(t, lang.All(out.Events, lang.English), lapse)
			} else {
				assert.NotContains(t, lang.All(out.Events, lang.English), lapse)
			}
			assert.Equal(t, 1, s.ToMove(), "the turn goes on")
		})
	}

	// A pass, from a seat that holds nothing that fits, is playing on too.
	s := position(t, "E5=4", "12457", "03579")
	s, _ = apply(t, s, 1, "draw")
	s, out := apply(t, s, 0, "pass")
	assert.Contains(t, lang.All(out.Events, lang.English), "Seat 1 plays on: the offer of a draw lapses.")
	assert.Empty(t, s.DrawAgreed())
}

// TestDrawRefusals: what a draw or a decline may not do, with Legal and
// Apply agreeing and the state unchanged.
func TestDrawRefusals(t *testing.T) {
	s := drawPosition(t, 3)
	offered, _ := apply(t, s, 0, "draw")
	accepted, _ := apply(t, offered, 2, "draw")
	resigned, _ := apply(t, offered, 1, "resign")
	withdrawn, _ := apply(t, offered, 0, "decline")
	for _, c := range []struct {
		name string
		s    *State
		seat int
		text string
		want string
	}{
		{"decline with no offer", s, 1, "decline", "there is no offer of a draw to decline"},
		{"decline once withdrawn", withdrawn, 2, "decline", "there is no offer of a draw to decline"},
		{"draw twice", offered, 0, "draw", "you have agreed to a draw already: the offer waits for seat 2 and seat 3"},
		{"accept twice", accepted, 2, "draw", "you have agreed to a draw already: the offer waits for seat 2"},
		{"draw from a resigned seat", resigned, 1, "draw", "you have resigned from this game"},
		{"decline from a resigned seat", resigned, 1, "decline", "you have resigned from this game"},
		{"draw from no seat", s, 3, "draw", "there is no seat 4 in this game"},
	} {
		t.Run(c.name, func(t *testing.T) {
			before, err := c.s.Encode()
			require.NoError(t, err)
			m := place(t, c.text)
			assert.EqualError(t, c.s.Legal(c.seat, m), c.want)
			next, out, err := c.s.Apply(c.seat, m)
			require.Error(t, err)
			assert.True(t, engine.IsRefusal(err))
			assert.Equal(t, c.want, err.Error())
			assert.Same(t, c.s, next)
			assert.Empty(t, out.Move)
			after, err := c.s.Encode()
			require.NoError(t, err)
			assert.JSONEq(t, string(before), string(after))
		})
	}
	assert.Empty(t, withdrawn.DrawAgreed(), "the offering seat may withdraw its offer")
}

// TestResignWhileADrawIsOffered: a seat that resigns leaves the offer to the
// others, its own agreement going with it; with one seat left, that seat
// wins, after its penalty, offer or not.
func TestResignWhileADrawIsOffered(t *testing.T) {
	s, _ := script(t, drawPosition(t, 3), step{0, "draw"}, step{1, "draw"})
	left, out := apply(t, s, 0, "resign")
	assert.False(t, left.Over())
	assert.Equal(t, []int{1}, left.DrawAgreed(), "seat 2's agreement stands")
	assert.Equal(t, 1, left.ToMove())
	assert.NotContains(t, lang.All(out.Events, lang.English), "Everyone agreed: the game is drawn.")
	done, _ := apply(t, left, 2, "draw")
	assert.Equal(t, "drawn by agreement", done.Ending())
	assert.Empty(t, done.Winners())
	assert.Equal(t, []int{30, 20, 10}, done.Scores())

	alone, _ := script(t, drawPosition(t, 3), step{2, "draw"}, step{2, "resign"})
	assert.Empty(t, alone.DrawAgreed(), "the offer goes with the only seat that made it")
	assert.False(t, alone.Over())

	two, out := script(t, drawPosition(t, 2), step{0, "draw"}, step{1, "resign"})
	assert.Equal(t, "every other player resigned", two.Ending())
	assert.Equal(t, []int{0}, two.Winners())
	assert.Equal(t, []int{30 - 3*34, 20}, two.Scores(), "the last seat left takes its penalty")
	assert.NotContains(t, lang.All(out.Events, lang.English), "Everyone agreed: the game is drawn.")
}

// TestDrawLegalMoves: draw for a seat that has not agreed, decline while an
// offer is pending, in turn or not; every move listed is legal.
func TestDrawLegalMoves(t *testing.T) {
	words := func(ms []engine.Move) []string {
		var out []string
		for _, m := range ms {
			out = append(out, m.String())
		}
		return out
	}
	s := position(t, "E5=4", "03579", "12468", "12468")
	assert.Equal(t, []string{"0 E4", "3 F5", "draw", "resign"}, words(s.LegalMoves(0)))
	assert.Equal(t, []string{"draw", "resign"}, words(s.LegalMoves(1)))

	s, _ = apply(t, s, 1, "draw")
	assert.Equal(t, []string{"0 E4", "3 F5", "draw", "decline", "resign"}, words(s.LegalMoves(0)))
	assert.Equal(t, []string{"decline", "resign"}, words(s.LegalMoves(1)))
	assert.Equal(t, []string{"draw", "decline", "resign"}, words(s.LegalMoves(2)))
	for seat := range 3 {
		for _, m := range s.LegalMoves(seat) {
			require.NoError(t, s.Legal(seat, m), "seat %d: %s", seat, m)
		}
	}
	s, _ = apply(t, s, 2, "resign")
	assert.Nil(t, s.LegalMoves(2))
}

// TestBotPlaysOnAgainstADraw: the computer player never offers a draw, and
// facing an offer it places a token, which refuses it.
func TestBotPlaysOnAgainstADraw(t *testing.T) {
	s, _ := apply(t, drawPosition(t, 2), 1, "draw")
	m, err := s.BotMove(0)
	require.NoError(t, err)
	assert.Equal(t, Place, m.(Move).Kind)
	next, out, err := s.Apply(0, m)
	require.NoError(t, err)
	assert.Contains(t, lang.All(out.Events, lang.English), "Seat 1 plays on: the offer of a draw lapses.")
	assert.Empty(t, next.(*State).DrawAgreed())
}

// TestDrawEncodeRoundTrip: a pending offer is stored and reads back as it
// was; with none, the field is left out, as before draws existed.
func TestDrawEncodeRoundTrip(t *testing.T) {
	s := playBots(t, newGame(t, nil, 9, 3), 12)
	s, _ = script(t, s, step{2, "draw"}, step{0, "draw"})
	data, err := s.Encode()
	require.NoError(t, err)
	assert.Contains(t, string(data), `"draw_agreed":[0,2]`)
	back, err := Game{}.Decode(data)
	require.NoError(t, err)
	assert.Equal(t, s, back)
	checkInvariants(t, s)

	done, _ := apply(t, back.(*State), 1, "draw")
	assert.True(t, done.Over(), "the decoded offer completes like the original")
	checkInvariants(t, done)

	data, err = newGame(t, nil, 9, 3).Encode()
	require.NoError(t, err)
	assert.NotContains(t, string(data), "draw_agreed")
}

// TestDecodeStateWithoutDrawField: states stored before draws by agreement
// existed have no draw_agreed field: they decode with no offer pending and
// encode exactly as stored.
func TestDecodeStateWithoutDrawField(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(positionsDir, "seed101-move25.json"))
	require.NoError(t, err)
	require.NotContains(t, string(data), "draw_agreed")
	st, err := Game{}.Decode(data)
	require.NoError(t, err)
	s := st.(*State)
	assert.Nil(t, s.agreed)
	again, err := s.Encode()
	require.NoError(t, err)
	assert.Equal(t, strings.TrimSpace(string(data)), string(again))

	s, _ = apply(t, s, s.ToMove(), "draw")
	assert.Len(t, s.DrawAgreed(), 1)
}

// TestDecodeRefusesBadDrawOffers: a pending offer play could not have left
// is refused.
func TestDecodeRefusesBadDrawOffers(t *testing.T) {
	snap := func(s *State, change func(*snapshot)) []byte {
		data, err := s.Encode()
		require.NoError(t, err)
		var sn snapshot
		require.NoError(t, json.Unmarshal(data, &sn))
		change(&sn)
		data, err = json.Marshal(sn)
		require.NoError(t, err)
		return data
	}
	s := playBots(t, newGame(t, nil, 9, 3), 12)
	resigned, _ := apply(t, s, (s.ToMove()+1)%3, "resign")
	gone := (s.ToMove() + 1) % 3
	drawn, _ := script(t, s, step{0, "draw"}, step{1, "draw"}, step{2, "draw"})
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"a seat out of range", snap(s, func(sn *snapshot) { sn.Agreed = []int{3} }), "draw agreed by seat 4, which is not playing"},
		{"a negative seat", snap(s, func(sn *snapshot) { sn.Agreed = []int{-1} }), "draw agreed by seat 0, which is not playing"},
		{"a resigned seat", snap(resigned, func(sn *snapshot) { sn.Agreed = []int{gone} }), "which is not playing"},
		{"a seat twice", snap(s, func(sn *snapshot) { sn.Agreed = []int{1, 1} }), "draw agreed by seat 2 twice or out of seating order"},
		{"out of order", snap(s, func(sn *snapshot) { sn.Agreed = []int{2, 0} }), "draw agreed by seat 1 twice or out of seating order"},
		{"everyone agreed", snap(s, func(sn *snapshot) { sn.Agreed = []int{0, 1, 2} }), "every seat agreed to a draw, yet the game goes on"},
		{"an offer once over", snap(drawn, func(sn *snapshot) { sn.Agreed = []int{0} }), "a draw offer pending in a finished game"},
		{"a penalty on a draw", snap(drawn, func(sn *snapshot) { sn.Penalties[0], sn.Scores[0] = 3, sn.Scores[0]-3 }), "a penalty in a game drawn by agreement"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Game{}.Decode(c.data)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			assert.Contains(t, err.Error(), "decode chiffres state: ")
		})
	}
	back, err := Game{}.Decode(snap(drawn, func(*snapshot) {}))
	require.NoError(t, err, "a game drawn by agreement is stored like any other end")
	assert.Equal(t, drawn, back)
}

// TestRenderDrawOffer: the rendering names who has offered or accepted the
// draw and who is still to answer, within 78 columns whatever the names.
func TestRenderDrawOffer(t *testing.T) {
	s := drawPosition(t, 3)
	names := []string{"Alice", "Bob", "Chloé"}
	assert.NotContains(t, s.Render(engine.View{Seat: 0, Names: names}), "Draw offered")
	s, _ = script(t, s, step{2, "draw"}, step{0, "draw"})
	for _, seat := range []int{0, 1, -1} {
		got := s.Render(engine.View{Seat: seat, Names: names})
		assert.Contains(t, got, "Draw offered by: Alice, Chloé. Still to answer: Bob.\nAlice to play.")
	}
	long := []string{"a player whose name is far too long for the table", "Bob", "another player whose name is far too long"}
	for _, line := range strings.Split(s.Render(engine.View{Seat: 1, Names: long}), "\n") {
		assert.LessOrEqual(t, len([]rune(line)), 78, line)
		assert.Equal(t, strings.TrimRight(line, " "), line, "no trailing spaces")
	}
}

// TestNotationListsDrawAndDecline: the notation help lists draw and
// decline, a row each.
func TestNotationListsDrawAndDecline(t *testing.T) {
	text := Game{}.Notation().String()
	assert.Contains(t, text, "\ndraw\t")
	assert.Contains(t, text, "\ndecline\t")
}
