package parser

import (
	"strings"
	"testing"
	"unicode/utf8"

	"pbem/lang"
)

// FuzzLobbyText: the readers of a mail to the bare address — its lobby
// and account commands, the answer of a reply, the command a slip meant,
// the language it is written in — take whatever a mail holds; they never
// panic, and what they give is well formed.
func FuzzLobbyText(f *testing.F) {
	for _, s := range []string{"signup Ann", "sign up Dave", "inscription Zoé", "Yes please!", "No thanks.", "lang fr",
		"courrier résumé 08:30", "> yes\nno", "-- \nyes", "Bonjour,\n\nnouvelle amplitude avec ordinateur", "d'accord", "\xff\xfe", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, c := range LobbyCommands(text) {
			if !lobbyVerbs[c.Verb] {
				t.Fatalf("%q: verb %q", text, c.Verb)
			}
		}
		for _, c := range AccountCommands(text) {
			if c.Verb != Lang && c.Verb != MailPref && c.Verb != Pictures {
				t.Fatalf("%q: account verb %q", text, c.Verb)
			}
		}
		if a := ReadAnswer(text); a != Unsaid && a != Yes && a != No {
			t.Fatalf("%q: answer %d", text, a)
		}
		if line, ok := SuggestLobby(text); ok {
			verb, _, _ := strings.Cut(line, " ")
			if !lobbyVerbs[verb] || (utf8.ValidString(text) && !utf8.ValidString(line)) {
				t.Fatalf("%q: suggested %q", text, line)
			}
		}
		if tag, ok := LobbyLanguage(text); ok && tag != lang.French && tag != lang.English {
			t.Fatalf("%q: language %q", text, tag)
		}
	})
}
