package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestReadAnswer: replies as people write them to a confirmation or an
// invitation, in both languages.
func TestReadAnswer(t *testing.T) {
	for _, c := range []struct {
		text string
		want Answer
	}{
		{"", Unsaid}, {"Sent from my iPhone", Unsaid}, {"Thanks!", Unsaid}, {"See you on the board.", Unsaid},
		{"yes", Yes}, {"Yes please!", Yes}, {"confirm", Yes}, {"Confirm.", Yes}, {"OK", Yes},
		{"Sure, I accept.", Yes}, {"Yes, count me in!", Yes}, {"accept\n\nSee you on the board.", Yes},
		{"Hi Ann,\n\naccept\n\nBob", Yes}, {"No problem, I accept", Yes},
		{"oui", Yes}, {"Oui, d'accord", Yes}, {"D’accord !", Yes}, {"J'accepte", Yes}, {"confirmer", Yes},
		{"no", No}, {"No thanks.", No}, {"cancel", No}, {"Yes, but I decline", No}, {"I can't, sorry: not this month", No}, {"Pas de souci, oui", Yes}, {"I will not miss it, yes!", Yes},
		{"non", No}, {"annuler", No}, {"Non merci, pas cette fois.", No}, {"Je refuse.", No}, {"décliner", No},
		{"> yes\nno", No}, {"-- \nyes", Unsaid},
	} {
		assert.Equal(t, c.want, ReadAnswer(c.text), "%q", c.text)
	}
	for _, row := range answerWords {
		want := map[string]Answer{"yes": Yes, "no": No}[row.means]
		assert.Equal(t, want, ReadAnswer(row.example), "%s: %q", row.lang, row.example)
	}
}
