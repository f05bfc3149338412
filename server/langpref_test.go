package server

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/mailer"
	"pbem/store"
)

// langOfPlayer is the language stored for the player at email, "" for
// the server's default.
func (g *clockedGame) langOfPlayer(email string) string {
	g.t.Helper()
	for _, seat := range g.row().Seats {
		if seat.Email == email {
			p, err := g.st.Player(context.Background(), seat.PlayerID)
			require.NoError(g.t, err)
			return p.Lang
		}
	}
	g.t.Fatalf("%s has no seat", email)
	return ""
}

// TestLangByMail: lang fr alone in a mail sets the player's language,
// written in either language and any case, and queues a confirmation in
// the language chosen; the same mail delivered again changes nothing and
// sends nothing.
func TestLangByMail(t *testing.T) {
	g := newClockedGame(t, "amplitude", nil, "ann", "bob")
	ctx := context.Background()
	ann := "ann@example.org"
	require.Equal(t, "", g.langOfPlayer(ann), "the server's default until chosen")

	require.Equal(t, mailer.Accepted, g.send(ann, "lang1@x", "Bonjour,\n\nlang fr\n\nAnn"))
	assert.Equal(t, "fr", g.langOfPlayer(ann))
	assert.Equal(t, store.Applied, g.outcome("lang1@x"))
	mails := g.queuedFor(ann)
	confirmation := mails[len(mails)-1]
	assert.Equal(t, "pbem : votre langue", confirmation.subject)
	assert.Contains(t, flat(confirmation.text), "Désormais, pbem vous écrit en français. Les commandes se lisent dans les deux langues")
	assert.Equal(t, "bob@example.org", g.row().Seats[1].Email)
	assert.Equal(t, "", g.langOfPlayer("bob@example.org"), "Bob's is his own")

	// Back to English by the command line, then the first mail again.
	_, err := g.srv.Accounts().SetLang(ctx, ann, "en")
	require.NoError(t, err)
	before := len(g.queuedFor(ann))
	assert.Equal(t, mailer.Accepted, g.send(ann, "lang1@x", "Bonjour,\n\nlang fr\n\nAnn"))
	assert.Equal(t, "en", g.langOfPlayer(ann), "a redelivered mail changes nothing twice")
	assert.Len(t, g.queuedFor(ann), before, "and sends nothing")

	for i, c := range []struct{ body, lang, says string }{
		{"langue français", "fr", "Désormais, pbem vous écrit en français."},
		{"Language English.", "en", "From now on pbem writes to you in English. Commands are read in both languages"},
		{"Langue française", "fr", "Désormais, pbem vous écrit en français."},
		{"LANG EN", "en", "From now on pbem writes to you in English."},
		{"lang default", "", "From now on pbem writes to you in this server's language, English."},
	} {
		id := fmt.Sprintf("lang%d@x", i+2)
		require.Equal(t, mailer.Accepted, g.send(ann, id, c.body), c.body)
		assert.Equal(t, c.lang, g.langOfPlayer(ann), c.body)
		mails := g.queuedFor(ann)
		assert.Contains(t, flat(mails[len(mails)-1].text), c.says, c.body)
	}
}

// TestLangRefusals: a language pbem does not write in is refused with
// lang.Parse's sentence, and so are a lang command not alone in its mail
// and one naming no language; none changes the player's language.
func TestLangRefusals(t *testing.T) {
	g := newClockedGame(t, "amplitude", nil, "ann", "bob")
	ctx := context.Background()
	ann := "ann@example.org"
	_, err := g.srv.Accounts().SetLang(ctx, ann, "fr")
	require.NoError(t, err)
	for i, c := range []struct{ body, says string }{
		{"lang klingon", `"klingon" is not a language pbem writes in: en (English) or fr (français)`},
		{"langue klingon", `"klingon" is not a language pbem writes in`},
		{"lang en\nboard", "lang goes alone in its mail"},
		{"langue", "write lang fr (for mails in French) or lang en (in English)"},
	} {
		id := fmt.Sprintf("bad%d@x", i)
		assert.Equal(t, mailer.Rejected, g.send(ann, id, c.body), c.body)
		outcome, detail, err := g.st.InboundOutcome(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, store.Refused, outcome, c.body)
		assert.Contains(t, detail, c.says, c.body)
		mails := g.queuedFor(ann)
		assert.Equal(t, "refusal", mails[len(mails)-1].kind, c.body)
		assert.Equal(t, "fr", g.langOfPlayer(ann), c.body)
	}
}

// TestSetLang: the operator's way to a player's language, as the command
// line calls it: default clears the choice, and the confirmation is then
// in the server's language.
func TestSetLang(t *testing.T) {
	g := newClockedGame(t, "amplitude", nil, "ann", "bob")
	ctx := context.Background()
	ann := "ann@example.org"
	text, err := g.srv.Accounts().SetLang(ctx, ann, "Français")
	require.NoError(t, err)
	assert.Equal(t, "fr", g.langOfPlayer(ann))
	assert.Contains(t, text, "Désormais, pbem vous écrit en français.")
	text, err = g.srv.Accounts().SetLang(ctx, "Ann@Example.org", "default")
	require.NoError(t, err)
	assert.Equal(t, "", g.langOfPlayer(ann))
	assert.Contains(t, text, "From now on pbem writes to you in this server's language, English.")
	var subjects []string
	for _, m := range g.queuedFor(ann) {
		subjects = append(subjects, m.subject)
	}
	assert.Subset(t, subjects, []string{"pbem : votre langue", "pbem: your language"}, "a confirmation each time, in the language chosen")

	for _, c := range []struct{ address, spec, says string }{
		{ann, "klingon", `"klingon" is not a language pbem writes in: en (English) or fr (français)`},
		{ann, "", `"" is not a language pbem writes in`},
		{"nobody@example.net", "fr", "plays no game here"},
	} {
		_, err := g.srv.Accounts().SetLang(ctx, c.address, c.spec)
		require.Error(t, err, c.spec)
		assert.True(t, engine.IsRefusal(err), "%v", err)
		assert.Contains(t, err.Error(), c.says, c.spec)
	}
	assert.Equal(t, "", g.langOfPlayer(ann))
}

// TestFrenchCommandsByMail: the commands in French, by mail, do what their
// English does, whatever the player's language: the answers to plateau,
// historique and aide, a dire relayed, vacances and courrier set.
func TestFrenchCommandsByMail(t *testing.T) {
	g := newClockedGame(t, "amplitude", nil, "ann", "bob")
	ann, bob := "ann@example.org", "bob@example.org"
	before := len(g.queuedFor(ann))
	require.Equal(t, mailer.Accepted, g.send(ann, "fr1@x", "Salut Bob,\n\nPlateau\nhistorique\nAIDE\ndire Bonne chance !\n\nAnn"))
	mails := g.queuedFor(ann)[before:]
	require.Len(t, mails, 3, "three answers")
	assert.Contains(t, mails[2].text, "Moves:", "the help")
	chat := g.queuedFor(bob)
	assert.Equal(t, "chat", chat[len(chat)-1].kind)
	assert.Contains(t, chat[len(chat)-1].text, "Bonne chance !")

	require.Equal(t, mailer.Accepted, g.send(ann, "fr2@x", "courrier tour"))
	assert.Equal(t, store.MailTurn, g.row().Seats[0].Mail)
	require.Equal(t, mailer.Accepted, g.send(ann, "fr3@x", "vacances jusqu’au 2026-12-10"))
	assert.Equal(t, store.Applied, g.outcome("fr3@x"))
	v, away, err := g.st.OnVacation(context.Background(), g.row().Seats[0].PlayerID, g.clock.Now())
	require.NoError(t, err)
	assert.True(t, away)
	assert.Equal(t, "2026-12-10", v.End.UTC().Format("2006-01-02"))
}
