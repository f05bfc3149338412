package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/lang"
)

func TestNearest(t *testing.T) {
	games := []string{"amplitude", "ludicitude", "chiffres"}
	for _, c := range []struct {
		word, want string
		ok         bool
	}{
		{"amplitud", "amplitude", true}, {"Amplitdue", "amplitude", true}, {"chifres", "chiffres", true},
		{"ludicitud", "ludicitude", true}, {"chess", "", false}, {"amplitude", "amplitude", true},
	} {
		got, ok := Nearest(c.word, games, 2)
		assert.Equal(t, c.ok, ok, c.word)
		if ok {
			assert.Equal(t, c.want, got, c.word)
		}
	}
	_, ok := Nearest("ab", []string{"ac", "ad"}, 1)
	assert.False(t, ok, "a tie names no one")
}

// TestSuggestLobby: mistyped lobby commands, and chatter that is none.
func TestSuggestLobby(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"sign up Dave", "signup Dave"}, {"Sign-up Dave", "signup Dave"}, {"singup Dave", "signup Dave"},
		{"register Dave", "signup Dave"}, {"nwe amplitude with computer", ""}, {"no", ""},
		{"gmaes", "games"}, {"hepl", "help"}, {"nouvele amplitude avec ordinateur", "new amplitude avec ordinateur"},
		{"inscripton Zoé", "signup Zoé"}, {"Hello there,\nsign up Dave", ""},
		{"Hello", ""}, {"I would like to play a game with my friends please, how does it work?", ""}, {"", ""},
	} {
		got, ok := SuggestLobby(c.text)
		assert.Equal(t, c.want != "", ok, "%q", c.text)
		assert.Equal(t, c.want, got, "%q", c.text)
	}
}

// TestLobbyLanguage: the language a lobby mail's command word is in.
func TestLobbyLanguage(t *testing.T) {
	for _, c := range []struct {
		text string
		want lang.Tag
	}{
		{"inscription Zoé", lang.French}, {"nouvelle amplitude avec ordinateur", lang.French}, {"aide", lang.French},
		{"Langue fr", lang.French}, {"inscripton Zoé", lang.French},
		{"signup Zoe", lang.English}, {"help", lang.English}, {"singup Dave", lang.English}, {"lang fr", lang.English},
		{"Bonjour", ""}, {"", ""}, {"no", ""}, {"Bonjour,\n\nInscription Chloé\n\nMerci !", lang.French},
	} {
		got, ok := LobbyLanguage(c.text)
		assert.Equal(t, c.want != "", ok, "%q", c.text)
		assert.Equal(t, c.want, got, "%q", c.text)
	}
}
