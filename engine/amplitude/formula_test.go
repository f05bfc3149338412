package amplitude

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

func TestParseFormulaAccepts(t *testing.T) {
	tests := []struct {
		in          string
		text        string
		score       int64
		result      byte
		resultFirst bool
		digits      []byte
	}{
		// The seed's and the rules' examples.
		{"1+2=3", "1+2=3", 3, 3, false, []byte{1, 2, 3}},
		{"2+3=5", "2+3=5", 5, 5, false, []byte{2, 3, 5}},
		{"3+4-5=2", "3+4-5=2", 12, 2, false, []byte{3, 4, 5, 2}},
		{"(34)/2-5=1", "(3×4)/2-5=1", 19, 1, false, []byte{3, 4, 2, 5, 1}},
		{"3-2=1", "3-2=1", 5, 1, false, []byte{3, 2, 1}},
		{"1=3-2", "1=3-2", 5, 1, true, []byte{1, 3, 2}},
		{"3=2+1", "3=2+1", 3, 3, true, []byte{3, 2, 1}},
		{"(1+5)×(2/4)=3", "(1+5)×(2/4)=3", 36, 3, false, []byte{1, 5, 2, 4, 3}},
		{"9=8×(9/(1+7))", "9=8×(9/(1+7))", 136, 9, true, []byte{9, 8, 9, 1, 7}},
		{"98/9-1=7", "9×8/9-1=7", 82, 7, false, []byte{9, 8, 9, 1, 7}},
		{"[9-8]7=7", "(9-8)×7=7", 119, 7, false, []byte{9, 8, 7, 7}},
		// Precedence changes once - and / become +: 3×4+2, not 3×(4+2).
		{"3×4/2=6", "3×4/2=6", 14, 6, false, []byte{3, 4, 2, 6}},
		{"9/8×8=9", "9/8×8=9", 73, 9, false, []byte{9, 8, 8, 9}},
		{"1/2+1/2=1", "1/2+1/2=1", 6, 1, false, []byte{1, 2, 1, 2, 1}},
		// Juxtaposition is a product at the level of × and /.
		{"2(3-1)=4", "2×(3-1)=4", 8, 4, false, []byte{2, 3, 1, 4}},
		{"(1+2)(3-2)=3", "(1+2)×(3-2)=3", 15, 3, false, []byte{1, 2, 3, 2, 3}},
		{"[2][3]=6", "(2)×(3)=6", 6, 6, false, []byte{2, 3, 6}},
		{"23/6=1", "2×3/6=1", 12, 1, false, []byte{2, 3, 6, 1}},
		// Every spelling of × and /, spaces and tabs anywhere.
		{"2x3=6", "2×3=6", 6, 6, false, []byte{2, 3, 6}},
		{"2X3=6", "2×3=6", 6, 6, false, []byte{2, 3, 6}},
		{"2*3=6", "2×3=6", 6, 6, false, []byte{2, 3, 6}},
		{"2·3=6", "2×3=6", 6, 6, false, []byte{2, 3, 6}},
		{" 6 : 2 = 3 ", "6/2=3", 8, 3, false, []byte{6, 2, 3}},
		{"8\t÷ 4=2", "8/4=2", 12, 2, false, []byte{8, 4, 2}},
		{"7−4=3", "7-4=3", 11, 3, false, []byte{7, 4, 3}}, // U+2212 minus sign
		// The result may sit in brackets.
		{"(3)=1+2", "(3)=1+2", 3, 3, true, []byte{3, 1, 2}},
		{"1+2=[3]", "1+2=(3)", 3, 3, false, []byte{1, 2, 3}},
		// Fractions and negatives along the way.
		{"1-2+4=3", "1-2+4=3", 7, 3, false, []byte{1, 2, 4, 3}},
		{"(1-3)/(4-8)×2=1", "(1-3)/(4-8)×2=1", 28, 1, false, []byte{1, 3, 4, 8, 2, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			f, err := ParseFormula(tt.in)
			require.NoError(t, err)
			assert.Equal(t, tt.text, f.Text)
			assert.Equal(t, tt.score, f.Score)
			assert.Equal(t, tt.result, f.Result)
			assert.Equal(t, tt.resultFirst, f.ResultFirst)
			assert.Equal(t, tt.digits, f.Digits())

			// Normalisation round-trips and is idempotent.
			g, err := ParseFormula(f.Text)
			require.NoError(t, err)
			assert.Equal(t, f.Text, g.Text)
			assert.Equal(t, f.Score, g.Score)
			assert.Equal(t, f.Result, g.Result)
			assert.Equal(t, f.ResultFirst, g.ResultFirst)
			assert.Equal(t, f.Digits(), g.Digits())
		})
	}
}

func TestParseFormulaRefuses(t *testing.T) {
	deep := strings.Repeat("(", 10) + "1" + strings.Repeat(")", 10)
	tests := []struct {
		name, in string
		mention  []string // pieces the message must hold
	}{
		{"no equals", "1+2", []string{"no '='", "1+2=3"}},
		{"two equals", "1+2=3=3", []string{"two '='"}},
		{"three equals", "1=1=1=1", []string{"3 '='"}},
		{"empty", "", []string{"empty"}},
		{"only spaces", " \t ", []string{"empty"}},
		{"false", "3+4=2", []string{"3+4=2 is false", "3+4 makes 7, not 2"}},
		{"false result first", "2=3+4", []string{"2=3+4 is false", "3+4 makes 7, not 2"}},
		{"false fraction", "7/2=3", []string{"makes 7/2, not 3"}},
		{"false negative", "1-2=1", []string{"makes -1, not 1"}},
		{"false juxtaposition", "98=9", []string{"9×8 makes 72"}},
		{"division by zero", "9/(1-1)=1", []string{"divides by zero"}},
		{"zero in a side", "1+1/(2-2)=1", []string{"divides by zero"}},
		{"letter", "a+1=2", []string{"'a' is not a digit or an operator"}},
		{"multi-byte", "1+é=2", []string{"'é' is not a digit or an operator"}},
		{"control", "1+\x00=2", []string{"U+0000", "not a digit or an operator"}},
		{"invalid utf-8", "1+\xff=2", []string{"0xFF"}},
		{"power", "2^3=8", []string{"'^'", "powers"}},
		{"zero", "10=1", []string{"0 is not a token", "1 to 9"}},
		{"round closed by square", "(1+2]=3", []string{"an opening ( closes with ), not ]", "(1+2]"}},
		{"square closed by round", "[1+2)=3", []string{"an opening [ closes with ], not )"}},
		{"missing operand", "3+)=4", []string{"after 3+ a digit or ( was expected, not ')'"}},
		{"unary minus", "-3+4=1", []string{"at the start a digit or ( was expected, not '-'", "sign"}},
		{"unary plus in brackets", "1=(+1)", []string{"after 1=( a digit or ( was expected, not '+'", "sign"}},
		{"double operator", "1+-2=3", []string{"after 1+ a digit or ( was expected, not '-'"}},
		{"ends after equals", "1+2=", []string{"after 1+2= a digit or ( was expected", "ends"}},
		{"ends after operator", "3=1+", []string{"after 3=1+ a digit or ( was expected", "ends"}},
		{"unclosed", "(1+2=3", []string{"after (1+2 a ) was expected, not '='"}},
		{"unclosed at end", "3=[1+2", []string{"after 3=[1+2 a ] was expected", "ends"}},
		{"stray close", "1+2)=3", []string{"1+2)", "closes no '('"}},
		{"stray square close", "3=1+2]", []string{"3=1+2]", "closes no '['"}},
		{"empty brackets", "()=1", []string{"after ( a digit or ( was expected, not ')'"}},
		{"error spot without spaces", "1 + * 2 = 3", []string{"after 1+ a digit or ( was expected, not '*'"}},
		{"two single digits", "3=3", []string{"single digit", "at least two digits"}},
		{"two bracketed digits", "(3)=[3]", []string{"single digit"}},
		{"no single digit", "1+2=2+1", []string{"one side of '=' must be the result, a single digit"}},
		{"juxtaposition is no number", "12=21", []string{"single digit"}},
		{"too long", "1+2=3" + strings.Repeat(" ", 300), []string{"too long", "300"}},
		{"too many digits", strings.Repeat("1×", 14) + "1=1", []string{"16 digits", "15"}},
		// 296 bytes as written but 322 once juxtaposition is written ×.
		{"too long once normalised", strings.Repeat(deep, 14) + "=1", []string{"too long"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseFormula(tt.in)
			require.Error(t, err)
			var r *engine.Refusal
			require.True(t, errors.As(err, &r), "%T is not a refusal", err)
			for _, m := range tt.mention {
				assert.Contains(t, r.Reason, m)
			}
		})
	}
}

func TestFormulaNormalisedTextRoundTrips(t *testing.T) {
	// Every way of writing the same formula reaches the same Text, which
	// parses back to itself.
	same := []string{"(34)/2-5=1", "( 3 4 ) : 2 - 5 = 1", "[3x4]÷2-5=1", "(3*4)/2−5=1", "(3·4)/2-5=1"}
	for _, in := range same {
		f, err := ParseFormula(in)
		require.NoError(t, err, in)
		assert.Equal(t, "(3×4)/2-5=1", f.Text, in)
		assert.Equal(t, int64(19), f.Score, in)
		g, err := ParseFormula(f.Text)
		require.NoError(t, err)
		assert.Equal(t, f.Text, g.Text)
	}
}

func TestFormulaOperandsAndForbiddenPatterns(t *testing.T) {
	tests := []struct {
		in, operands, forbidden string // forbidden: a piece of the message, "" for none
	}{
		{"[9-8]7=7", "(9-8)×7", "(9-8)"},                             // F1
		{"98/9-1=7", "((9×8)/9)-1", "9 both multiplies and divides"}, // F2
		{"9=8×(9/(1+7))", "8×(9/(1+7))", ""},
		{"(9-8)+7=8", "(9-8)+7", ""}, // a difference that is no factor
		{"7-(9-8)=6", "7-(9-8)", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			f, err := ParseFormula(tt.in)
			require.NoError(t, err)
			assert.Equal(t, tt.operands, f.Operands.String())
			got := f.Operands.forbiddenPattern()
			if tt.forbidden == "" {
				assert.Empty(t, got)
			} else {
				assert.Contains(t, got, tt.forbidden)
			}
		})
	}
}

func TestFormulaZeroDigits(t *testing.T) {
	assert.Nil(t, Formula{}.Digits())
}

func FuzzParseFormula(f *testing.F) {
	for _, s := range []string{
		"1+2=3", "3=2+1", "(34)/2-5=1", "98/9-1=7", "9=8×(9/(1+7))", "[9-8]7=7",
		"(1+5)×(2/4)=3", " 6 : 2 = 3 ", "1+2", "3+4=2", "9/(1-1)=1", "-3+4=1",
		"(1+2]=3", "10=1", "1+é=2", "1+\xff=2", "3=3", "((((1))))=1", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseFormula(s)
		if err != nil {
			var r *engine.Refusal
			require.True(t, errors.As(err, &r), "%q: %T is not a refusal", s, err)
			require.NotEmpty(t, r.Reason)
			return
		}
		require.GreaterOrEqual(t, len(got.Digits()), 3, s)
		v, ok := got.Operands.eval()
		require.True(t, ok, s)
		require.Equal(t, ratOf(int64(got.Result)), v, s)
		again, err := ParseFormula(got.Text)
		require.NoError(t, err, "%q normalised to %q", s, got.Text)
		require.Equal(t, got.Text, again.Text)
		require.Equal(t, got.Score, again.Score, got.Text)
		require.Equal(t, got.Result, again.Result, got.Text)
		require.Equal(t, got.ResultFirst, again.ResultFirst, got.Text)
		require.Equal(t, got.Digits(), again.Digits(), got.Text)
	})
}
