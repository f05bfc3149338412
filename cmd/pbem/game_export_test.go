package main

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"pbem/store"
)

// TestGameExportHTML exports a game between players as a page: written
// whole to -o FILE or to stdout, the same bytes each time, the players by
// name and never by address, every position's board as game show --at N
// prints it (where every player has a name: an unnamed one is "seat N" on
// the page, and their address in game show).
func TestGameExportHTML(t *testing.T) {
	db := filepath.Join(t.TempDir(), "pbem.db")
	id := humanGame(t, db)
	page := ok(t, db, "game", "export", id, "--format", "html")
	assert.Equal(t, page, ok(t, db, "game", "export", id, "--format", "html"), "one game, one page")
	file := filepath.Join(t.TempDir(), "game.html")
	assert.Empty(t, ok(t, db, "game", "export", id, "--format", "html", "-o", file))
	written, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, page, string(written))

	assert.True(t, strings.HasPrefix(page, "<!DOCTYPE html>"))
	assert.NotContains(t, page, "@example.org", "a page holds no address")
	assert.Contains(t, page, "Ann")
	assert.Contains(t, page, "seat 2", "a player without a name is their seat")
	require.Len(t, preTexts(t, page), 3, "the start and the two moves")
	assert.Equal(t, 3, strings.Count(page, `<svg class="pic"`), "a picture of each")
	named := humanGame(t, db, "Bob")
	// A name from before game new refused markup in names.
	st, err := store.Open(context.Background(), db, nil)
	require.NoError(t, err)
	bob, err := st.PlayerID(context.Background(), "bob@example.org")
	require.NoError(t, err)
	_, err = st.ChangeAccount(context.Background(), store.AccountChange{PlayerID: bob, Name: `Bob <b>"&"</b>`})
	require.NoError(t, err)
	require.NoError(t, st.Close())
	page = ok(t, db, "game", "export", named, "--format", "html")
	assert.NotContains(t, page, "<b>", "a name is text, not markup")
	notes := preTexts(t, page)
	require.Len(t, notes, 3)
	for n, text := range notes {
		shown := ok(t, db, "game", "show", named, "--at", strconv.Itoa(n))
		_, board, _ := strings.Cut(shown, "\n\n")
		_, want, _ := strings.Cut(board, "\n\n")
		assert.Equal(t, strings.Trim(want, "\n"), text, "under the picture after move %d, what game show --at %d prints under its board", n, n)
	}

	// The JSON goes to -o the same way.
	jsonFile := filepath.Join(t.TempDir(), "game.json")
	ok(t, db, "game", "export", id, "-o", jsonFile)
	data, err := os.ReadFile(jsonFile)
	require.NoError(t, err)
	assert.Equal(t, ok(t, db, "game", "export", id), string(data))

	r := pbemDB(t, db, "game", "export", id, "--format", "xml")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "json, text or html")
	r = pbemDB(t, db, "game", "export", id, "--format", "html", "-o", filepath.Join(t.TempDir(), "no", "such", "dir.html"))
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "write ")
}

// preTexts are the texts of the page's <pre> elements, in order.
func preTexts(t *testing.T, page string) []string {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	require.NoError(t, err)
	var out []string
	var text func(n *html.Node, b *strings.Builder)
	text = func(n *html.Node, b *strings.Builder) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			text(c, b)
		}
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "pre" {
			var b strings.Builder
			text(n, &b)
			out = append(out, b.String())
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}
