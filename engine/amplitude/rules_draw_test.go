package amplitude

import (
	"os"
	"path/filepath"
	"pbem/lang"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// rulesStep is one move of a scripted game: seat plays text.
type rulesStep struct {
	seat int
	text string
}

// rulesScript plays steps from s, each of which must be legal, and returns
// the last state and outcome.
func rulesScript(t *testing.T, s *State, steps ...rulesStep) (*State, engine.Outcome) {
	t.Helper()
	var out engine.Outcome
	for _, st := range steps {
		s, out = rulesPlay(t, s, st.seat, st.text)
	}
	return s, out
}

// A game ends drawn once every seat still playing has said draw since the
// offer was made: nobody wins, the scores stay, and each answer counts as a
// move.
func TestRulesDrawByAgreement(t *testing.T) {
	for _, c := range []struct {
		name  string
		bag   string
		seats int
		steps []rulesStep
	}{
		{"two players, offered out of turn", seedDeal, 2, []rulesStep{{1, "draw"}, {0, "draw"}}},
		{"two players, after a pose", seedDeal, 2, []rulesStep{{0, "H8 right 1+2=3"}, {1, "draw"}, {0, "draw"}}},
		{"three players need all three", seedDeal3, 3, []rulesStep{{0, "draw"}, {2, "draw"}, {1, "draw"}}},
		{"an agreeing seat plays on", seedDeal3, 3, []rulesStep{{0, "draw"}, {0, "pass"}, {1, "draw"}, {2, "draw"}}},
		{"a resignation completes it", seedDeal3, 3, []rulesStep{{0, "draw"}, {1, "draw"}, {2, "resign"}}},
		{"offered again after a decline", seedDeal3, 3, []rulesStep{{0, "draw"}, {1, "decline"}, {1, "draw"}, {2, "draw"}, {0, "draw"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := rulesDeal(t, c.bag, c.seats)
			last := len(c.steps) - 1
			s, _ = rulesScript(t, s, c.steps[:last]...)
			require.False(t, s.Over(), "over before the last step")
			require.NotEmpty(t, s.DrawAgreed(), "an offer is pending before the last step")
			scores, moves := s.Scores(), s.MoveCount()

			s, out := rulesPlay(t, s, c.steps[last].seat, c.steps[last].text)
			assert.True(t, s.Over())
			assert.Equal(t, -1, s.ToMove())
			assert.Equal(t, "drawn by agreement", s.Ending())
			assert.Empty(t, s.Winners(), "nobody wins a draw")
			assert.Equal(t, scores, s.Scores(), "the scores stay as they are")
			assert.Equal(t, moves+1, s.MoveCount())
			assert.Empty(t, s.DrawAgreed(), "the offer ends with the game")
			assert.Equal(t, []string{"Everyone agreed: the game is drawn.", "Game over: drawn by agreement."}, lang.All(out.Events, lang.English)[len(lang.All(out.Events, lang.English))-2:])
			assert.Empty(t, s.LegalMoves(0))
			rulesRefusedText(t, s, 0, "draw", "the game is over")
			rulesRefusedText(t, s, 1, "decline", "the game is over")
			assert.Contains(t, s.Render(engine.View{Seat: -1}), "The game is over: drawn by agreement.")
		})
	}
}

// The events of an offer, its acceptances, a decline, and an offer that
// lapses when a seat plays on.
func TestRulesDrawEvents(t *testing.T) {
	s := rulesDeal(t, seedDeal3, 3)
	offered, out := rulesPlay(t, s, 1, "draw")
	assert.Equal(t, []string{"Seat 2 offers a draw: the others may accept with draw or refuse with decline."}, lang.All(out.Events, lang.English))
	assert.Equal(t, engine.Outcome{Move: "draw", Events: out.Events, Aside: true}, out)
	assert.Equal(t, []int{1}, offered.DrawAgreed())

	accepted, out := rulesPlay(t, offered, 2, "draw")
	assert.Equal(t, []string{"Seat 3 accepts the draw; still to answer: seat 1."}, lang.All(out.Events, lang.English))
	assert.Equal(t, []int{1, 2}, accepted.DrawAgreed())

	declined, out := rulesPlay(t, accepted, 0, "decline")
	assert.Equal(t, []string{"Seat 1 declines the draw: the offer is withdrawn."}, lang.All(out.Events, lang.English))
	assert.Equal(t, engine.Outcome{Move: "decline", Events: out.Events, Aside: true}, out)
	assert.Empty(t, declined.DrawAgreed())

	lapsed, out := rulesPlay(t, accepted, 0, "pass")
	assert.Equal(t, []string{"Seat 1 plays on: the offer of a draw lapses."}, lang.All(out.Events, lang.English))
	assert.Empty(t, lapsed.DrawAgreed())
	assert.Equal(t, []int{1, 2}, accepted.DrawAgreed(), "the old state is unchanged")

	done, out := rulesPlay(t, accepted, 0, "draw")
	assert.Equal(t, []string{"Everyone agreed: the game is drawn.", "Game over: drawn by agreement."}, lang.All(out.Events, lang.English))
	assert.True(t, done.Over())
}

// Draw and decline may come from any seat still playing, in turn or not:
// they leave the turn where it is and are no idle turns.
func TestRulesDrawKeepsTheTurn(t *testing.T) {
	s := rulesDeal(t, seedDeal, 2)
	s, _ = rulesPlay(t, s, 0, "pass")
	require.Equal(t, 1, s.ToMove())
	require.Equal(t, 1, s.idle)
	for _, step := range []rulesStep{{0, "draw"}, {1, "decline"}, {1, "draw"}, {0, "decline"}} {
		s, _ = rulesPlay(t, s, step.seat, step.text)
		assert.Equal(t, 1, s.ToMove(), "%d: %s", step.seat, step.text)
		assert.Equal(t, 1, s.idle, "%d: %s is no idle turn", step.seat, step.text)
	}
	assert.Equal(t, 5, s.MoveCount(), "answers count as moves")
	// Three more idle turns still end the game: two rounds of two players.
	for _, seat := range []int{1, 0} {
		s, _ = rulesPlay(t, s, seat, "pass")
		require.False(t, s.Over())
	}
	s, _ = rulesPlay(t, s, 1, "pass")
	assert.True(t, s.Over())
	assert.Equal(t, "two full rounds went by without a pose", s.Ending())
}

// A pose, exchange or pass by a seat that has not agreed refuses the offer;
// by a seat that has agreed, it leaves the offer standing.
func TestRulesPlayingOnAndTheOffer(t *testing.T) {
	for _, c := range []struct {
		name   string
		steps  []rulesStep
		agreed []int
		lapses bool
	}{
		{"pass by a seat that has not agreed", []rulesStep{{1, "draw"}, {0, "pass"}}, nil, true},
		{"pose by a seat that has not agreed", []rulesStep{{2, "draw"}, {1, "draw"}, {0, "H8 right 1+2=3"}}, nil, true},
		{"exchange by a seat that has not agreed", []rulesStep{{0, "pass"}, {0, "draw"}, {1, "exchange 6"}}, nil, true},
		{"pass by the offering seat", []rulesStep{{0, "draw"}, {0, "pass"}}, []int{0}, false},
		{"pose by an accepting seat", []rulesStep{{1, "draw"}, {0, "draw"}, {0, "H8 right 1+2=3"}}, []int{0, 1}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, out := rulesScript(t, rulesDeal(t, seedDeal3, 3), c.steps...)
			assert.Equal(t, c.agreed, s.DrawAgreed())
			last := c.steps[len(c.steps)-1]
			lapse := engine.Capital(engine.SeatName(last.seat)) + " plays on: the offer of a draw lapses."
			if c.lapses {
				assert.Contains(t, lang.All(out.Events, lang.English), lapse)
			} else {
				assert.NotContains(t, lang.All(out.Events, lang.English), lapse)
			}
			assert.False(t, s.Over())
		})
	}
}

// What a draw or a decline may not do.
func TestRulesDrawRefusals(t *testing.T) {
	s := rulesDeal(t, seedDeal3, 3)
	rulesRefusedText(t, s, 1, "decline", "there is no offer of a draw to decline")
	rulesRefusedText(t, s, 3, "draw", "there is no seat 4 in this game")

	offered, _ := rulesPlay(t, s, 0, "draw")
	rulesRefusedText(t, offered, 0, "draw", "you have agreed to a draw already: the offer waits for seat 2 and seat 3")
	accepted, _ := rulesPlay(t, offered, 2, "draw")
	rulesRefusedText(t, accepted, 2, "draw", "you have agreed to a draw already: the offer waits for seat 2")

	// The offering seat may withdraw its own offer.
	withdrawn, _ := rulesPlay(t, offered, 0, "decline")
	assert.Empty(t, withdrawn.DrawAgreed())
	rulesRefusedText(t, withdrawn, 2, "decline", "there is no offer of a draw to decline")

	resigned, _ := rulesPlay(t, offered, 1, "resign")
	rulesRefusedText(t, resigned, 1, "draw", "you have resigned from this game")
	rulesRefusedText(t, resigned, 1, "decline", "you have resigned from this game")
}

// A seat that resigns leaves the offer to the others; its own agreement
// goes with it, and with one seat left that seat wins.
func TestRulesResignWhileADrawIsOffered(t *testing.T) {
	s := rulesDeal(t, seedDeal3, 3)
	s, _ = rulesScript(t, s, rulesStep{0, "draw"}, rulesStep{1, "draw"})

	left, _ := rulesPlay(t, s, 0, "resign")
	assert.False(t, left.Over())
	assert.Equal(t, []int{1}, left.DrawAgreed(), "seat 1's agreement stands")
	done, _ := rulesPlay(t, left, 2, "draw")
	assert.True(t, done.Over())
	assert.Equal(t, "drawn by agreement", done.Ending())
	assert.Empty(t, done.Winners())

	alone, _ := rulesPlay(t, rulesDeal(t, seedDeal3, 3), 2, "draw")
	alone, _ = rulesPlay(t, alone, 2, "resign")
	assert.Empty(t, alone.DrawAgreed(), "the offer goes with the only seat that made it")
	assert.False(t, alone.Over())

	two, _ := rulesPlay(t, rulesDeal(t, seedDeal, 2), 0, "draw")
	two, out := rulesPlay(t, two, 1, "resign")
	assert.True(t, two.Over())
	assert.Equal(t, "every other player resigned", two.Ending())
	assert.Equal(t, []int{0}, two.Winners(), "the last seat left wins, offer or not")
	assert.NotContains(t, lang.All(out.Events, lang.English), "Everyone agreed: the game is drawn.")
}

// LegalMoves lists draw for a seat that has not agreed, decline while an
// offer is pending, and both out of turn; every move listed is legal.
func TestRulesDrawLegalMoves(t *testing.T) {
	tail := func(ms []engine.Move, n int) []string {
		var out []string
		for _, m := range ms[max(0, len(ms)-n):] {
			out = append(out, m.String())
		}
		return out
	}
	s := rulesDeal(t, seedDeal3, 3)
	assert.Equal(t, []string{"pass", "draw", "resign"}, tail(s.LegalMoves(0), 3))
	assert.Equal(t, []string{"draw", "resign"}, tail(s.LegalMoves(1), 9), "out of turn")

	s, _ = rulesPlay(t, s, 1, "draw")
	assert.Equal(t, []string{"pass", "draw", "decline", "resign"}, tail(s.LegalMoves(0), 4))
	assert.Equal(t, []string{"decline", "resign"}, tail(s.LegalMoves(1), 9), "seat 2 has agreed")
	assert.Equal(t, []string{"draw", "decline", "resign"}, tail(s.LegalMoves(2), 9))
	for seat := range 3 {
		for _, m := range s.LegalMoves(seat) {
			require.NoError(t, s.Legal(seat, m), "seat %d: %s", seat, m)
		}
	}
	s, _ = rulesPlay(t, s, 2, "resign")
	assert.Nil(t, s.LegalMoves(2), "a resigned seat has no move")
	assert.Nil(t, s.LegalMoves(3))
}

// The computer player never offers a draw, and facing an offer it plays
// on, which refuses it.
func TestRulesBotPlaysOnAgainstADraw(t *testing.T) {
	s, _ := rulesPlay(t, rulesDeal(t, seedDeal, 2), 1, "draw")
	m, err := s.BotMove(0)
	require.NoError(t, err)
	assert.Equal(t, Pose, m.(Move).Kind)
	next, out, err := s.Apply(0, m)
	require.NoError(t, err)
	assert.Contains(t, lang.All(out.Events, lang.English), "Seat 1 plays on: the offer of a draw lapses.")
	assert.Empty(t, next.(*State).DrawAgreed())
}

// A pending offer is stored, and reads back as it was.
func TestRulesDrawEncodeRoundTrip(t *testing.T) {
	s := rulesDeal(t, seedDeal3, 3)
	s, _ = rulesScript(t, s, rulesStep{2, "draw"}, rulesStep{0, "draw"})
	data, err := s.Encode()
	require.NoError(t, err)
	assert.Contains(t, string(data), `"draw_agreed":[0,2]`)
	back, err := Game{}.Decode(data)
	require.NoError(t, err)
	assert.Equal(t, s, back)
	again, err := back.Encode()
	require.NoError(t, err)
	assert.Equal(t, string(data), string(again))

	done, _ := rulesPlay(t, back.(*State), 1, "draw")
	assert.True(t, done.Over(), "the decoded offer completes like the original")

	data, err = rulesDeal(t, seedDeal3, 3).Encode()
	require.NoError(t, err)
	assert.NotContains(t, string(data), "draw_agreed", "no offer, no field: states read as before")
}

// States stored before draws by agreement existed have no draw_agreed
// field: they decode with no offer pending, and encode exactly as stored.
func TestRulesDecodeStateWithoutDrawField(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(positionsDir, "seed101-move10.json"))
	require.NoError(t, err)
	require.NotContains(t, string(data), "draw_agreed")
	st, err := Game{}.Decode(data)
	require.NoError(t, err)
	s := st.(*State)
	assert.Nil(t, s.agreed)
	again, err := s.Encode()
	require.NoError(t, err)
	assert.Equal(t, strings.TrimSpace(string(data)), string(again))

	seat := s.ToMove()
	s, _ = rulesPlay(t, s, seat, "draw")
	assert.Equal(t, []int{seat}, s.DrawAgreed())
}

// Decode refuses a pending offer that play could not have left.
func TestRulesDecodeRefusesBadDrawOffers(t *testing.T) {
	s := rulesDeal(t, seedDeal3, 3)
	resigned, _ := rulesPlay(t, s, 2, "resign")
	over, _ := rulesPlay(t, rulesDeal(t, seedDeal, 2), 1, "resign")
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"a seat out of range", rulesCorrupt(t, s, "draw_agreed", []int{3}), "draw agreed by seat 3, which is not playing"},
		{"a negative seat", rulesCorrupt(t, s, "draw_agreed", []int{-1}), "draw agreed by seat -1"},
		{"a resigned seat", rulesCorrupt(t, resigned, "draw_agreed", []int{2}), "draw agreed by seat 2, which is not playing"},
		{"a seat twice", rulesCorrupt(t, s, "draw_agreed", []int{1, 1}), "twice or out of seating order"},
		{"out of order", rulesCorrupt(t, s, "draw_agreed", []int{2, 0}), "twice or out of seating order"},
		{"everyone agreed", rulesCorrupt(t, s, "draw_agreed", []int{0, 1, 2}), "every seat agreed to a draw, yet the game goes on"},
		{"everyone left agreed", rulesCorrupt(t, resigned, "draw_agreed", []int{0, 1}), "every seat agreed to a draw"},
		{"an offer once over", rulesCorrupt(t, over, "draw_agreed", []int{0}), "a draw offer pending in a finished game"},
		{"not a list", rulesCorrupt(t, s, "draw_agreed", "0,1"), "decode amplitude state"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st, err := Game{}.Decode(c.data)
			require.Error(t, err)
			assert.Nil(t, st)
			assert.Contains(t, err.Error(), c.want)
		})
	}
	empty := rulesCorrupt(t, s, "draw_agreed", []int{})
	st, err := Game{}.Decode(empty)
	require.NoError(t, err, "an empty list is no offer")
	assert.Nil(t, st.(*State).agreed)
}

// The rendering names who has offered or accepted the draw and who is
// still to answer, within 78 columns whatever the names.
func TestRulesRenderDrawOffer(t *testing.T) {
	s := rulesDeal(t, seedDeal3, 3)
	names := []string{"Ann", "Bob", "Chloé"}
	assert.NotContains(t, s.Render(engine.View{Seat: 0, Names: names}), "Draw offered")
	s, _ = rulesScript(t, s, rulesStep{2, "draw"}, rulesStep{0, "draw"})
	for _, seat := range []int{0, 1, -1} {
		got := s.Render(engine.View{Seat: seat, Names: names})
		assert.Contains(t, got, "Draw offered by: Ann, Chloé. Still to answer: Bob.\nAnn to play.")
	}
	long := []string{strings.Repeat("N", 70), "Mary Ann " + strings.Repeat("M", 60), strings.Repeat("O", 70)}
	got := s.Render(engine.View{Seat: 1, Names: long})
	assert.Contains(t, got, "Draw offered by:")
	for _, line := range strings.Split(got, "\n") {
		assert.LessOrEqual(t, utf8.RuneCountInString(line), 78, "%q", line)
	}
}

// The notation help lists draw and decline, a row each.
func TestNotationListsDrawAndDecline(t *testing.T) {
	text := Game{}.Notation().String()
	assert.Contains(t, text, "\ndraw\t")
	assert.Contains(t, text, "\ndecline\t")
}
