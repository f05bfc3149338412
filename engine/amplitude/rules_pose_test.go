package amplitude

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/engine"
)

// Boards for the pose tests, as poses written onto the board.
var (
	rowBoard   = []string{"H8 right 123"}                // H8 1, I8 2, J8 3
	crossBoard = []string{"H8 right 123", "J8 down 358"} // and J9 5, J10 8
	sideBoard  = []string{"H8 right 123", "I8 down 235"} // and I9 3, I10 5
)

// Every refusal of judgePose, each a Refusal that says what is wrong, each
// leaving the state as it was.
func TestRulesPoseRefusals(t *testing.T) {
	for _, c := range []struct {
		name   string
		board  []string
		rack   string
		text   string // the move, or
		move   *Move  // a move ParseMove would not make
		forbid bool
		want   string
	}{
		{name: "first pose away from H8", rack: "12345", text: "G7 right 1+2=3",
			want: "the first pose must start or end on H8; this one runs from G7 to I7"},
		{name: "first pose through H8", rack: "12345", text: "G8 right 1+2=3",
			want: "must start or end on H8"},
		{name: "off the board across", rack: "12345", text: "N8 right 1+2=3",
			want: "runs off the board: from N8 right there is room for 2 tokens"},
		{name: "off the board down", board: rowBoard, rack: "12345", text: "I14 down 1+2=3",
			want: "runs off the board: from I14 down there is room for 2 tokens"},
		{name: "line of two", rack: "12345", move: &Move{Kind: Pose, At: centre, Line: []byte{1, 2}},
			want: "a pose holds 3 to 11 tokens, not 2"},
		{name: "line of twelve", rack: "12345", move: &Move{Kind: Pose, At: at(7, 0), Line: rulesDigits("111111111111")},
			want: "not 12"},
		{name: "square holds another digit", board: rowBoard, rack: "12345", text: "H7 down 1+2=3",
			want: "H8 holds a 1, not a 2"},
		{name: "no new token", board: rowBoard, rack: "12345", text: "H8 right 123",
			want: "every square of that line is taken already"},
		{name: "extends its row on the left", board: rowBoard, rack: "12345", text: "G8 right 4123",
			want: "H8 and I8 are already side by side: a pose may not extend a pose that runs in its own direction"},
		{name: "extends its row on the right", board: rowBoard, rack: "12345", text: "H8 right 1234",
			want: "H8 and I8 are already side by side"},
		{name: "extends a column", board: crossBoard, rack: "12345", text: "J8 down 3581",
			want: "J8 and J9 are already side by side"},
		{name: "stops short of the token after", board: crossBoard, rack: "12345", text: "J5 down 213",
			want: "the line must take in the token on J8, just after its last square J7"},
		{name: "stops short of the token before", board: crossBoard, rack: "12345", text: "J11 down 1+2=3",
			want: "the line must take in the token on J10, just before its first square J11"},
		{name: "starts right after a row", board: rowBoard, rack: "12345", text: "K8 right 1+4=5",
			want: "the line must take in the token on J8, just before its first square K8"},
		{name: "crosses nothing", board: rowBoard, rack: "12345", text: "A1 right 1+2=3",
			want: "a pose must cross an existing pose and take in at least one of its tokens; A1 to C1 crosses none"},
		{name: "runs alongside a pose", board: rowBoard, rack: "12345", text: "H9 right 1+4=5",
			want: "H9 to J9 crosses none"},
		{name: "touches another pose side by side", board: sideBoard, rack: "12345", text: "H8 down 1+4=5",
			want: "H9 is next to I9, which belongs to another pose"},
		{name: "touches the pose beside the crossed one", board: crossBoard, rack: "12345", text: "I8 down 2+3=5",
			want: "I9 is next to J9, which belongs to another pose"},
		{name: "token not in the rack", rack: "12345", text: "H8 right 6/3=2",
			want: "your rack holds no 6 (it holds 1 2 3 4 5)"},
		{name: "not enough copies", rack: "12345", text: "H8 right 2-1=1",
			want: "that needs 2 tokens 1 and your rack holds 1 (it holds 1 2 3 4 5)"},
		{name: "new tokens of a later pose not in the rack", board: rowBoard, rack: "45678", text: "J6 down 1+2=3",
			want: "your rack holds no 1"},
		{name: "false formula", rack: "12345", move: &Move{Kind: Pose, At: centre, Line: []byte{1, 2, 4}, Formula: "1+2=4"},
			want: "1+2=4 is false"},
		{name: "formula that does not read the line", rack: "12345", move: &Move{Kind: Pose, At: centre, Line: []byte{1, 2, 3}, Formula: "2+3=5"},
			want: "the formula 2+3=5 does not read the line 123"},
		{name: "formula that reads the line shuffled", rack: "12345", move: &Move{Kind: Pose, At: centre, Line: []byte{1, 2, 3}, Formula: "2+1=3"},
			want: "does not read the line 123"},
		{name: "no formula exists", rack: "16789", text: "H8 right 987",
			want: "no formula makes 987 a true equation"},
		{name: "F1 (9-8) as a factor", rack: "77899", forbid: true, text: "H8 right [9-8]7=7",
			want: "(9-8) is a difference of two digits used as a factor"},
		{name: "F2 multiplies and divides by 9", rack: "17899", forbid: true, text: "H8 right 98/9-1=7",
			want: "9 both multiplies and divides in one chain"},
		{name: "F3 two pairs", rack: "11225", forbid: true, text: "H8 right 21152",
			want: "21152: the line holds two pairs of equal digits"},
		{name: "F3 two pairs with a formula", rack: "11225", forbid: true, text: "H8 right 21152 2=(5-1)×(1/2)",
			want: "the line holds two pairs of equal digits"},
		{name: "F3 three equal digits", board: []string{"H6 down 321"}, rack: "45558", forbid: true, text: "H8 right 158455",
			want: "158455: the line holds three 5s"},
		{name: "no formula the forbidden rule allows", rack: "77899", forbid: true, text: "H8 right 9877",
			want: "no formula that the forbidden-patterns rule allows makes 9877 a true equation"},
	} {
		t.Run(c.name, func(t *testing.T) {
			opts := engine.Options{}
			if c.forbid {
				opts["forbidden"] = "on"
			}
			s := rulesPosition(t, opts, []string{c.rack, "99999"}, c.board...)
			if c.move != nil {
				rulesRefused(t, s, 0, *c.move, c.want)
				return
			}
			rulesRefusedText(t, s, 0, c.text, c.want)
		})
	}
}

// The same lines are legal where the refusals above say they are not:
// without the forbidden patterns, or with the right rack or position. A
// crossed token comes from the board, not from the rack.
func TestRulesPoseAccepted(t *testing.T) {
	for _, c := range []struct {
		name   string
		board  []string
		rack   string
		text   string
		forbid bool
		score  int
		left   string // the rack after the pose, before drawing
	}{
		{name: "F1 allowed without forbidden", rack: "77899", text: "H8 right [9-8]7=7", score: 2 * 119, left: "9"},
		{name: "F2 allowed without forbidden", rack: "17899", text: "H8 right 98/9-1=7", score: 2 * 82},
		{name: "98917 bare without forbidden", rack: "17899", text: "H8 right 98917", score: 2 * 154},
		{name: "98917 bare with forbidden", rack: "17899", text: "H8 right 98917", forbid: true, score: 2 * 136},
		{name: "98917 with its allowed formula", rack: "17899", text: "H8 right 98917 9=8×(9/(1+7))", forbid: true, score: 2 * 136},
		{name: "21152 without forbidden", rack: "11225", text: "H8 right 21152", score: 2 * 18},
		{name: "158455 without forbidden", board: []string{"H6 down 321"}, rack: "45558", text: "H8 right 158455", score: 440},
		{name: "crossed digit not in the rack", board: rowBoard, rack: "12456", text: "J6 down 1+2=3", score: 3, left: "456"},
		{name: "crossed digit in the middle", board: rowBoard, rack: "45678", text: "I7 down 6-2=4", score: 8, left: "578"},
		{name: "crossed digit at the end", board: crossBoard, rack: "12467", text: "H10 right 1+7=8", score: 8, left: "246"},
	} {
		t.Run(c.name, func(t *testing.T) {
			opts := engine.Options{}
			if c.forbid {
				opts["forbidden"] = "on"
			}
			s := rulesPosition(t, opts, []string{c.rack, "99999"}, c.board...)
			s.bag = s.bag[:0] // no drawing: the rack shows what the pose used
			next, out := rulesPlay(t, s, 0, c.text)
			assert.Equal(t, c.score, out.Score)
			assert.Equal(t, rulesDigits(c.left), next.Rack(0))
			assert.True(t, next.Over(), "the empty bag cannot refill the rack")
		})
	}
}

// A pose may cross several existing poses at once; its formula then uses
// every crossed digit. Played from the deal, every draw fixed by the bag.
func TestRulesPoseCrossesTwoPoses(t *testing.T) {
	// Seat 0 starts (9 against 4) with 1 2 3 6 9, seat 1 holds 4 4 5 7 8;
	// then seat 0 draws 1 1 1, seat 1 draws 2 2, seat 0 draws 3 3.
	s := rulesDeal(t, "94"+"1236"+"4578"+"111"+"22"+"33", 2)
	s, out := rulesPlay(t, s, 0, "H8 right 1+2=3")
	assert.Equal(t, 6, out.Score)
	s, out = rulesPlay(t, s, 1, "H8 down 1+4=5") // H9 4, H10 5
	assert.Equal(t, 5, out.Score)
	s, out = rulesPlay(t, s, 0, "J8 down 3+6=9") // J9 6, J10 9
	assert.Equal(t, 9, out.Score)
	assert.Equal(t, rulesDigits("22478"), s.Rack(1))

	// Row 10 holds H10 5 and J10 9, two poses apart: I10 joins them.
	rulesRefusedText(t, s, 1, "H10 right 5-4=1", "J10 holds a 9, not a 1")
	rulesRefusedText(t, s, 1, "I10 right 495", "the line must take in the token on H10, just before its first square I10")
	_, bare := rulesPlay(t, s, 1, "H10 right 549")
	assert.Equal(t, "H10 right 549 9-4=5", bare.Move, "the best formula reads both crossed digits")
	assert.Equal(t, 13, bare.Score)
	s, out = rulesPlay(t, s, 1, "H10 right 5+4=9")
	assert.Equal(t, 9, out.Score)
	assert.Equal(t, "H10 right 549 5+4=9", out.Move)
	assert.Equal(t, byte(4), s.board[at(9, 8)])
	assert.Equal(t, []int{6 + 9, 5 + 9}, s.Scores())
	assert.Len(t, s.Rack(1), rackSize)
}
