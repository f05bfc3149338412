package server

import (
	"pbem/server/core"

	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/lang"
	"pbem/store"
)

// TestFrenchPlayerWholeGame: Ann chooses French by mail, then plays a
// whole game of Amplitude against Bob, who chose nothing, writing every
// move and command in French (droite, bas, échanger, passer, aide,
// plateau, historique, dire); Bob writes English. The moves in their
// subjects are written in each one's words too. Every mail to Ann from
// her choice on is French, and every mail to Bob English: no sentence of
// the other language's catalog is in it, and one of its own is.
func TestFrenchPlayerWholeGame(t *testing.T) {
	g := newClockedGame(t, "amplitude", nil, "ann", "bob")
	ctx := context.Background()
	ann, bob := "ann@example.org", "bob@example.org"
	require.Equal(t, store.Applied, g.outcome(g.lobbyReply(g.id, ann, "Bonjour,\n\nlangue français\n\nAnne")))
	require.Equal(t, "fr", g.langOfPlayer(ann))
	fromAnn, fromBob := len(g.queuedFor(ann)), len(g.queuedFor(bob))

	id, err := g.srv.Create(ctx, core.NewGame{Game: "amplitude", Seed: seed(11),
		Players: []core.Player{{Email: ann, Name: "Ann"}, {Email: bob, Name: "Bob"}}})
	require.NoError(t, err)
	commands := map[string][]string{
		ann: {"aide", "plateau", "historique", "dire Bonne partie à tous !", "Essayer H8 droite 123"},
		bob: {"help", "board", "say Good luck"},
	}
	moves := 0
	for ; moves < 400; moves++ {
		email, text, ok := nextMove(t, g.srv, id)
		if !ok {
			break
		}
		if email == ann {
			text = inFrench(text)
		}
		if cs := commands[email]; len(cs) > 0 {
			outcome := g.outcome(g.lobbyReply(id, email, cs[0]))
			if !strings.HasPrefix(cs[0], "Essayer") { // a try may be refused: in the player's language too
				require.Equal(t, store.Applied, outcome, "%s by %s", cs[0], email)
			}
			commands[email] = cs[1:]
		}
		require.Equal(t, store.Applied, g.outcome(g.lobbyReply(id, email, text)), "move %q of %s", text, email)
	}
	row, err := g.st.Game(ctx, id)
	require.NoError(t, err)
	require.Equal(t, store.StatusFinished, row.Status, "the game is played to its end")
	require.Greater(t, moves, 10)
	assert.Empty(t, commands[ann], "every French command was sent")

	toAnn, toBob := g.queuedFor(ann)[fromAnn:], g.queuedFor(bob)[fromBob:]
	require.Greater(t, len(toAnn), moves/2)
	require.Greater(t, len(toBob), moves/2)
	englishMoves, frenchMoves := regexp.MustCompile(`\b(right|down|exchange|pass)\b`), regexp.MustCompile(`\b(droite|bas|échanger|passer)\b`)
	for _, m := range toAnn {
		assertLanguage(t, lang.French, m)
		assert.NotRegexp(t, englishMoves, m.subject, "her subjects write the moves in French")
	}
	for _, m := range toBob {
		assertLanguage(t, lang.English, m)
		assert.NotRegexp(t, frenchMoves, m.subject, "his write them in English")
	}
	require.NoError(t, g.srv.Records().Verify(ctx, id))
}

// lobbyReply sends body from email as a reply to the last mail of game id
// it got, and returns the mail's Message-ID.
func (g *clockedGame) lobbyReply(id int64, email, body string) string {
	g.t.Helper()
	to, irt := g.replyIn(id, email)
	return g.lobbySend(email, to, irt, body)
}

// frenchWords are the French of the move words a computer player writes.
var frenchWords = strings.NewReplacer(" right ", " droite ", " down ", " bas ", "exchange ", "échanger ", " pass", " passer")

// inFrench is a move as a French player writes it: "#7 H8 droite 123".
func inFrench(text string) string { return frenchWords.Replace(text + " ") }

// assertLanguage holds mail m to language t: it holds none of the
// sentences that only the other language says, and one at least of t's.
func assertLanguage(t *testing.T, want lang.Tag, m queuedMail) {
	t.Helper()
	text := flat(m.subject + "\n" + m.text)
	own, other := catalogChunks()
	if want == lang.English {
		own, other = other, own
	}
	found := false
	for _, c := range own {
		found = found || strings.Contains(text, c)
	}
	assert.True(t, found, "no sentence of %s in the mail %q:\n%s", want, m.subject, m.text)
	for _, c := range other {
		if strings.Contains(text, c) {
			t.Errorf("the %s mail %q says %q, of the other language:\n%s", want, m.subject, c, m.text)
			return
		}
	}
}

// catalogChunks are the fixed parts, of three words or more, of the
// registered sentences that differ between French and English: what a
// mail in the other language cannot contain.
func catalogChunks() (french, english []string) {
	verb := regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)
	chunks := func(format, other string) []string {
		var out []string
		for _, part := range verb.Split(format, -1) {
			part = strings.Trim(flat(part), " .,:;!?()«»\"'")
			if len(strings.Fields(part)) >= 3 && !strings.Contains(flat(other), part) {
				out = append(out, part)
			}
		}
		return out
	}
	for _, en := range lang.Registered(lang.French) {
		fr, _ := lang.Translation(lang.French, en)
		english = append(english, chunks(en, fr)...)
		french = append(french, chunks(fr, en)...)
	}
	return french, english
}
