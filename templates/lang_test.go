package templates

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/lang"
)

// frenchGolden are the cases whose French is kept as golden files too: the
// turn, the refusal and the invitation of one game.
var frenchGolden = []string{"turn-yours", "refusal-line", "invitation-first"}

// TestGoldenFrench: the mails of one game as a French player reads them,
// in testdata/fr-NAME.txt and .html (go test -update rewrites them). The
// data stays English: the engines' words are theirs to translate.
func TestGoldenFrench(t *testing.T) {
	set, err := Load("")
	require.NoError(t, err)
	for _, c := range cases {
		if !contains(frenchGolden, c.name) {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			text, html, err := set.Render(c.template, lang.French, c.data, footFor(c.data))
			require.NoError(t, err)
			golden(t, "fr-"+c.name+".txt", text)
			golden(t, "fr-"+c.name+".html", html)
		})
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestFrenchMails: every mail in French greets in French, says none of
// the English template's sentences, keeps the move number a reply writes,
// and holds its text part to 78 columns as the English one does.
func TestFrenchMails(t *testing.T) {
	set, err := Load("")
	require.NoError(t, err)
	english := []string{"Hello", "Reply to", "your turn", "How to write", "game 12,", "Nothing changed"}
	for _, c := range cases {
		text, html, err := set.Render(c.template, lang.French, c.data, footFor(c.data))
		require.NoError(t, err, c.name)
		assert.Regexp(t, `^Bonjour`, text, c.name)
		assert.Contains(t, html, "<p>Bonjour", c.name)
		body := html[strings.Index(html, "<body"):] // the title, which no mail client shows, stays as it was
		for _, e := range english {
			assert.NotContains(t, text, e, c.name)
			assert.NotContains(t, body, e, c.name)
		}
		preformatted := board + "\n"
		if a, ok := c.data.(Answer); ok {
			preformatted += a.Body
		}
		for _, line := range strings.Split(text, "\n") {
			if !strings.Contains(preformatted, line) {
				assert.LessOrEqual(t, utf8.RuneCountInString(line), 78, "%s: %q", c.name, line)
			}
		}
	}
	text, html, err := set.Render("turn", lang.French, cases[0].data, footFor(cases[0].data))
	require.NoError(t, err)
	assert.Contains(t, text, "C'est à vous de jouer : coup #31.")
	assert.Contains(t, text, "Coup 30 : Dora a joué I8 down 2=(3/(4×6))×((5-3)×8), 1728 points.")
	assert.Contains(t, text, "Amplitude, partie 12 · coup #31 · à vous de jouer\nVotre chevalet : 1 2 7 9 9\nRépondre à pbem+12-")
	assert.Contains(t, html, "commençant par <code>#31</code>", "the format's markup is kept")
	assert.Contains(t, html, "coup <strong>#31</strong> · à vous de jouer")
}

// TestHTMLEscapesInEveryLanguage: the data written through t is escaped
// in every language, the sentence's own markup kept.
func TestHTMLEscapesInEveryLanguage(t *testing.T) {
	set, err := Load("")
	require.NoError(t, err)
	evil := "<script>alert(1)</script>"
	for _, tag := range lang.Tags {
		for name, d := range map[string]any{
			"turn":     Turn{Game: evil, Player: evil, ToMove: evil, MoveNumber: 3},
			"refusal":  Refusal{Game: evil, Player: evil, Line: "l", Reason: "r"},
			"reminder": Reminder{Game: evil, Player: evil, Deadline: evil, Left: evil, Timeout: evil},
			"revoked":  Revoked{Game: evil, Player: evil, Sender: evil},
			"digest":   Digest{Player: evil, At: evil, Games: []DigestGame{{Game: evil, ReplyTo: evil}}},
		} {
			_, html, err := set.Render(name, tag, d, &Footer{Game: evil, ToMove: evil, Rack: evil, Deadline: evil, ReplyTo: "r@x"})
			require.NoError(t, err, name)
			assert.NotContains(t, html, "<script>", "%s in %s", name, tag)
			assert.Contains(t, html, "&lt;script&gt;alert(1)&lt;/script&gt;", "%s in %s", name, tag)
		}
	}
	_, html, err := set.Render("turn", lang.English, Turn{Player: "Ann & Bob+1", ToMove: `"Q"`, MoveNumber: 2}, nil)
	require.NoError(t, err)
	assert.Contains(t, html, "Hello Ann &amp; Bob&#43;1,", "escaped as html/template escapes data")
	assert.Contains(t, html, "It is &#34;Q&#34;'s turn", "the sentence's own apostrophe is the template's")
}

// TestOverrideInFrench: an operator's template may write its sentences
// through t, which the mail's language renders, or in plain words, which
// stay as written in every language.
func TestOverrideInFrench(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "turn.txt.tmpl"),
		[]byte("{{t \"It is your turn: move #%d.\" .MoveNumber}}\nPlain words, {{.Player}}.\n{{tn 2 \"%d move played so far.\" \"%d moves played so far.\" 2}}\n"), 0o644))
	set, err := Load(dir)
	require.NoError(t, err)
	for tag, want := range map[lang.Tag]string{
		lang.English: "It is your turn: move #3.\nPlain words, Ann.\n2 moves played so far.\n",
		lang.French:  "C'est à vous de jouer : coup #3.\nPlain words, Ann.\n2 coups joués jusqu'ici.\n",
	} {
		text, _, err := set.Render("turn", tag, Turn{Player: "Ann", MoveNumber: 3}, nil)
		require.NoError(t, err)
		assert.Equal(t, want, text, tag)
	}
	text, _, err := set.Render("turn", lang.Tag("de"), Turn{Player: "Ann", MoveNumber: 3}, nil)
	require.NoError(t, err)
	assert.Contains(t, text, "It is your turn: move #3.", "a language pbem does not write is English")
}

// BenchmarkRender: a turn mail in English and in French, whose templates
// are bound to their language at Load, so that French costs about what
// English does.
func BenchmarkRender(b *testing.B) {
	set, err := Load("")
	require.NoError(b, err)
	c := cases[0]
	for _, tag := range lang.Tags {
		b.Run(string(tag), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := set.Render(c.template, tag, c.data, footFor(c.data)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestMoveSentences: a move is told with its player's name, the reader's
// own in the second person, in either language, with or without points,
// numbered or an aside.
func TestMoveSentences(t *testing.T) {
	for _, c := range []struct {
		p      Played
		en, fr string
	}{
		{Played{Number: 9, Player: "Ann", Notation: "H8 droite 34251", Score: 24}, "Move 9: Ann played H8 droite 34251, 24 points.", "Coup 9 : Ann a joué H8 droite 34251, 24 points."},
		{Played{Number: 9, Player: "Ann", Notation: "H8 droite 34251", Score: 24, You: true}, "Move 9: you played H8 droite 34251, 24 points.", "Coup 9 : vous avez joué H8 droite 34251, 24 points."},
		{Played{Number: 9, Player: "Ann", Notation: "passer", You: true}, "Move 9: you played passer.", "Coup 9 : vous avez joué passer."},
		{Played{Number: 9, Player: "Ann", Notation: "c1-c3", Score: 1, You: true}, "Move 9: you played c1-c3, 1 point.", "Coup 9 : vous avez joué c1-c3, 1 point."},
		{Played{Number: 9, Player: "Ann", Notation: "nulle", Aside: true, You: true}, "You: nulle.", "Vous : nulle."},
	} {
		assert.Equal(t, c.en, moveSentence(c.p, lang.English))
		assert.Equal(t, c.fr, moveSentence(c.p, lang.French))
	}
}
