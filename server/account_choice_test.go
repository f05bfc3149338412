package server

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// TestChoicesFromTheCommandLine: each account choice an operator sets
// for a player, naming them by an alias written in capitals, is confirmed
// to the player's own address in the player's language, and the command
// returns the text the mail says; a choice it cannot read is refused
// before anything is written or mailed.
func TestChoicesFromTheCommandLine(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name, spec, says string
		set              func(g *clockedGame, address, spec string) (string, error)
	}{
		{"lang", "fr", "Désormais, pbem vous écrit en français.", func(g *clockedGame, a, spec string) (string, error) { return g.srv.Accounts().SetLang(ctx, a, spec) }},
		{"pictures", "off", "Désormais vos courriers montrent le plateau en texte seul", func(g *clockedGame, a, spec string) (string, error) {
			return g.srv.Accounts().SetPicturesPref(ctx, a, spec)
		}},
		{"mail", "turn", "Désormais vous recevez un mail seulement quand c'est votre tour", func(g *clockedGame, a, spec string) (string, error) {
			return g.srv.Accounts().SetMailPref(ctx, a, spec)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newClockedGame(t, "amplitude", nil, "ann", "bob")
			ann := "ann@example.org"
			require.NoError(t, g.st.AddAlias(ctx, ann, "ann@home.example"))
			if c.name != "lang" {
				_, err := g.srv.Accounts().SetLang(ctx, ann, "fr")
				require.NoError(t, err)
			}
			before := len(g.queuedFor(ann))

			_, err := c.set(g, "Ann@Home.example", "nonsense")
			require.Error(t, err)
			assert.True(t, engine.IsRefusal(err), "%v", err)
			assert.Len(t, g.queuedFor(ann), before, "a refused choice mails nothing")

			text, err := c.set(g, "Ann@Home.example", c.spec)
			require.NoError(t, err)
			assert.Contains(t, flat(text), c.says, "the command says what the mail says, in the player's language")
			mails := g.queuedFor(ann)
			require.Len(t, mails, before+1, "the confirmation goes to the player's own address")
			assert.Contains(t, flat(mails[len(mails)-1].text), flat(text))
		})
	}
}
