package amplitude

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/lang"
)

// TestForbiddenLine: rule F3 on the rules' examples (the forbidden
// option, docs/amplitude.md): 21152 holds two pairs, 158455 three 5s; the
// lines of F1's [9-8]7=7 and F2's 98/9-1=7 break no line rule (their
// formulas are what F1 and F2 refuse), nor do 34251 and 98917 of the
// reference behaviour.
func TestForbiddenLine(t *testing.T) {
	for _, c := range []struct {
		line, en, fr string
	}{
		{"21152", "the line holds two pairs of equal digits, which the forbidden-patterns rule refuses",
			"la ligne contient deux paires de chiffres identiques, ce que la règle des formules interdites refuse"},
		{"158455", "the line holds three 5s, which the forbidden-patterns rule refuses",
			"la ligne contient trois 5, ce que la règle des formules interdites refuse"},
		{"112233", "the line holds two pairs of equal digits, which the forbidden-patterns rule refuses",
			"la ligne contient deux paires de chiffres identiques, ce que la règle des formules interdites refuse"},
		{"11112", "the line holds three 1s, which the forbidden-patterns rule refuses",
			"la ligne contient trois 1, ce que la règle des formules interdites refuse"},
		{"9877", "", ""},
		{"98917", "", ""},
		{"34251", "", ""},
		{"123", "", ""},
	} {
		t.Run(c.line, func(t *testing.T) {
			why := forbiddenLine(digitsOf(c.line))
			assert.Equal(t, c.en == "", why.IsZero())
			assert.Equal(t, c.en, why.In(lang.English))
			assert.Equal(t, c.fr, why.In(lang.French))
		})
	}
}
