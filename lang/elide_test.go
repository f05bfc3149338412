package lang

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func init() {
	Register(French, map[string]string{
		"%s invites you to a game of %s.":   "%s vous invite à une partie de %s.",
		"Scores of %s:":                     "De %s, les scores :",
		"%s asked that %s count as theirs.": "%s a demandé que %s compte comme la sienne.",
		"%[2]s's clock, for %[1]s":          "la pendule de %[2]s, pour %[1]s",
		"%-*s of %s":                        "%-*s de %s",
		"100%% of %s":                       "100 %% de %s",
		"the end of %s":                     "la fin de %s",
		"a 7 of %d":                         "un 7 de %d",
		"an ace":                            "un as",
	})
}

// French elides de and que before an argument opening with a vowel, and
// only there: not before a consonant or a number, not inside a word
// ("monde"), and never in English.
func TestFrenchElision(t *testing.T) {
	for _, c := range []struct {
		msg    Msg
		en, fr string
	}{
		{T("%s invites you to a game of %s.", "Ann", "Amplitude"), "Ann invites you to a game of Amplitude.", "Ann vous invite à une partie d'Amplitude."},
		{T("%s invites you to a game of %s.", "Ann", "Chiffres"), "Ann invites you to a game of Chiffres.", "Ann vous invite à une partie de Chiffres."},
		{T("%s invites you to a game of %s.", "Ann", T("an ace")), "Ann invites you to a game of an ace.", "Ann vous invite à une partie d'un as."},
		{T("Scores of %s:", "Ann"), "Scores of Ann:", "D'Ann, les scores :"},
		{T("%s asked that %s count as theirs.", "Bob", "ann@example.org"), "Bob asked that ann@example.org count as theirs.", "Bob a demandé qu'ann@example.org compte comme la sienne."},
		{T("%[2]s's clock, for %[1]s", "Bob", "Éric"), "Éric's clock, for Bob", "la pendule d'Éric, pour Bob"},
		{T("%-*s of %s", 5, "Bob", "Ann"), "Bob   of Ann", "Bob   d'Ann"},
		{T("100%% of %s", "Ann"), "100% of Ann", "100 % d'Ann"},
		{T("the end of %s", "Hélène"), "the end of Hélène", "la fin de Hélène"},
		{T("a 7 of %d", 8), "a 7 of 8", "un 7 de 8"},
	} {
		assert.Equal(t, c.en, c.msg.In(English))
		assert.Equal(t, c.fr, c.msg.In(French))
	}
}
