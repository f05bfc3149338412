package server

import (
	"os"
	"path/filepath"
	"pbem/lang"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
	"pbem/store"
)

// TestHelpCommandsAreDocumented: every command the help mail of a game
// names — the words its notation guide and the shared list start a row
// with — is in the docs a player reads: docs/players.md or the game's page,
// in backticks or heading a line of a notation block. So the help and the
// docs cannot drift apart unnoticed.
func TestHelpCommandsAreDocumented(t *testing.T) {
	st, err := store.Open(t.Context(), filepath.Join(t.TempDir(), "pbem.db"), nil)
	require.NoError(t, err)
	defer st.Close()
	srv, err := New(st, engine.NewRegistry(amplitude.Game{}, chiffres.Game{}, ludicitude.Game{}), Config{})
	require.NoError(t, err)
	players := readDoc(t, "players.md")
	entry := regexp.MustCompile(`(?m)^([a-z]+)\b[^\n\t]*\t`)
	for _, g := range []engine.Game{amplitude.Game{}, chiffres.Game{}, ludicitude.Game{}} {
		docs := players + readDoc(t, g.ID()+".md")
		help := srv.mail.helpText(g, lang.English)
		words := map[string]bool{}
		for _, m := range entry.FindAllStringSubmatch(help, -1) {
			words[m[1]] = true
		}
		for _, must := range []string{"board", "history", "say", "help", "resign", "draw"} {
			assert.True(t, words[must], "%s: the help does not name %s", g.ID(), must)
		}
		for w := range words {
			documented := regexp.MustCompile("`" + w + "[` ]|(?m)^" + w + `\b`)
			assert.Regexp(t, documented, docs, "%s: the help names %q, which docs/players.md and docs/%s.md do not", g.ID(), w, g.ID())
		}
		assert.Equal(t, 1, strings.Count(help, "\nresign\t"), "%s: resign is listed once", g.ID())
	}
}

func readDoc(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "docs", name))
	require.NoError(t, err)
	return string(b)
}
